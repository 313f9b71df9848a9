// The exact EV of all 32 holds of a deal, as integers over `unit`, the same integers as
// generator/solve/solver.py (Solution.deal_evs).
//
// A hold H of deal D draws exactly the hands that contain H and avoid D - H, so with N(S) = the
// pays summed over every hand of the deck that contains S, the pays summed over H's draws are sum
// over T within D - H of (-1)^|T| N(H + T): one Moebius transform over the 32 subsets of the deal
// (docs/design/01-solver.md, "Every hold by inclusion-exclusion"). N of every set of up to four
// cards is tallied once per pay table by enumerating every hand of the deck (`makeEngine`, about
// half a second of CPU), so a deal's 32 tallies are look-ups; where the pays are too large for
// Numbers to hold those tallies exactly, N of a deal's 3- and 4-card subsets is found per deal
// by enumerating their completions (11,046 hands of 52 cards; 11,521 of 53; 12,006 of 54).
// EV * unit = that sum * (denominator / draws).
//
// Any deck the families describe: 52 cards, 53 (one joker, or Five Aces' star ace, card 52) or
// 54 (two jokers, 52 and 53); the deck size, the draws and the denominator all come from the
// rules' deck_size, and the evaluator reads each card as the family's deck names it.
//
// Integers: Number when every intermediate is provably below 2^53 (`exactInNumber`), else BigInt.
// `bruteEvs` enumerates every draw of every hold directly: the slow oracle the tests check against.
//
// The deck's counting (every hand in colex order, binomials, the draws' common denominator, the
// Moebius step) is combinatorics.js's, shared with solver.js: load it after evaluator.js, before this.
//
// No import/export: attaches to globalThis.vpcharts.ev (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const { fineCode, payTable } = ns.evaluator;
  const { POPCOUNT, binomials, drawDenominator, moebius, eachHand } = ns.combinatorics;
  const choose = (n, k) => BigInt(ns.combinatorics.choose(n, k));

  function sort5(a) {
    for (let i = 1; i < 5; i++) {
      const x = a[i];
      let j = i - 1;
      while (j >= 0 && a[j] > x) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = x;
    }
    return a;
  }

  /**
   * A hand's weight w (a pay, or a channel's weight) added to the tallies of its five cards, t1[a],
   * and of its ten pairs, t2[a * n + b] for a < b (the hand's cards, sorted; n the deck's size).
   */
  function addToCardsAndPairs(t1, t2, n, w, a, b, c, d, e) {
    t1[a] += w; t1[b] += w; t1[c] += w; t1[d] += w; t1[e] += w;
    t2[a * n + b] += w; t2[a * n + c] += w; t2[a * n + d] += w; t2[a * n + e] += w;
    t2[b * n + c] += w; t2[b * n + d] += w; t2[b * n + e] += w;
    t2[c * n + d] += w; t2[c * n + e] += w; t2[d * n + e] += w;
  }

  /**
   * A hand's weight w added to the tallies of its ten 3-card and five 4-card sets, by colex rank
   * (bk[x] = C(x, k); the hand's cards a < b < c < d < e).
   */
  function addToTriplesAndQuads(t3, t4, b1, b2, b3, b4, w, a, b, c, d, e) {
    const ab = b1[a] + b2[b], ac = b1[a] + b2[c], ad = b1[a] + b2[d], bc = b1[b] + b2[c];
    const bd = b1[b] + b2[d], cd = b1[c] + b2[d];
    t3[ab + b3[c]] += w; t3[ab + b3[d]] += w; t3[ab + b3[e]] += w; t3[ac + b3[d]] += w;
    t3[ac + b3[e]] += w; t3[ad + b3[e]] += w; t3[bc + b3[d]] += w; t3[bc + b3[e]] += w;
    t3[bd + b3[e]] += w; t3[cd + b3[e]] += w;
    t4[ab + b3[c] + b4[d]] += w; t4[ab + b3[c] + b4[e]] += w; t4[ab + b3[d] + b4[e]] += w;
    t4[ac + b3[d] + b4[e]] += w; t4[bc + b3[d] + b4[e]] += w;
  }

  /**
   * The 32 integers of `evs` by enumerating every draw of every hold of `cards` from an n-card
   * deck (slow: the tests' oracle); `pay` of a sorted hand, `factor[k]` the denominator over the
   * draws of a hold of k cards.
   */
  function enumeratedEvs(cards, n, pay, zero, factor) {
    const rest = [];
    for (let c = 0; c < n; c++) if (!cards.includes(c)) rest.push(c);
    const out = new Array(32);
    const hand = new Int32Array(5);
    const sorted = new Int32Array(5);
    for (let mask = 0; mask < 32; mask++) {
      const held = cards.filter((_, i) => (mask >> i) & 1);
      hand.set(held);
      let total = zero;
      // Every draw: the cards from rest[start] on, filling the hand from position `filled`.
      const pick = (start, filled) => {
        if (filled === 5) {
          sorted.set(hand);
          total += pay(sort5(sorted));
          return;
        }
        for (let i = start; i < rest.length; i++) {
          hand[filled] = rest[i];
          pick(i + 1, filled + 1);
        }
      };
      pick(0, held.length);
      out[mask] = total * factor[held.length];
    }
    return out;
  }

  /**
   * The EV engine of one pay table (the export's `rules`): {unit, exactInNumber, evs(cards)}.
   * evs(cards) -> 32 integers (Number or BigInt), index bit i holding cards[i]; the EV of a hold
   * is evs[mask] / unit.
   *
   * `channels` (optional): more tallies taken in the same pass over the deck, each a small
   * integer weight per pay line (the table's lines, then Nothing): Ultimate X's shares of the
   * draws earning each multiplier (ux-engine.js). Then channelEvs(cards) -> per channel, 32
   * Numbers over `denominator` (draws * denominator / the hold's draws, summed by weight).
   */
  function makeEngine(rules, channels = []) {
    const table = payTable(rules);
    const n = table.deckSize;
    const unseen = n - 5;
    const denominator = drawDenominator(n);
    const unit = denominator * table.scale;
    const maxPay = table.scaledPays.reduce((a, b) => (a > b ? a : b), 0n);
    // N(empty set) is the largest tally; the Moebius steps add or subtract at most 32 of them.
    // The final products are at most maxPay * denominator.
    const limit = 2n ** 53n;
    const exactInNumber = 32n * maxPay * choose(n, 5) < limit && maxPay * denominator < limit;
    const num = exactInNumber ? Number : BigInt;
    const zero = num(0);
    const factor = Array.from({ length: 6 }, (_, k) => num(denominator / choose(unseen, 5 - k)));
    const payOfCode = Array.from(table.codeToCategory, (category) => num(table.scaledPays[category]));
    const family = table.family;
    // The channels per fine code, and their tallies (Numbers: a weight is a small integer).
    const K = channels.length;
    const chanOfCode = channels.map((weights) => Array.from(table.codeToCategory, (category) => weights[category]));
    const c0s = new Float64Array(K);
    const c1s = channels.map(() => new Float64Array(n));
    const c2s = channels.map(() => new Float64Array(n * n));
    // Every hand's fine code, by colex rank, kept from the pass below: where a deal's 3- and
    // 4-card subsets are tallied over their completions, they look them up, not evaluate them.
    const codes = new Uint16Array(ns.combinatorics.choose(n, 5));
    const [, b1, b2, b3, b4, b5] = binomials(n);
    function codeOf(sortedHand) {
      const h = sortedHand;
      return codes[b1[h[0]] + b2[h[1]] + b3[h[2]] + b4[h[3]] + b5[h[4]]];
    }
    function pay(sortedHand) {
      return payOfCode[codeOf(sortedHand)];
    }

    // Tally N over every hand of the deck, for the empty set, every card and every pair.
    let n0 = zero;
    const n1 = exactInNumber ? new Float64Array(n) : new Array(n).fill(zero);
    const n2 = exactInNumber ? new Float64Array(n * n) : new Array(n * n).fill(zero);
    // N of every 3- and 4-card set, by colex rank, where Numbers hold it exactly (any pay table
    // but one with pays near 2^53 / C(n, 5)): a deal's 32 tallies are then 32 look-ups. Otherwise
    // a deal's 3- and 4-card subsets are tallied over their completions (`eachFinal`).
    const n3 = exactInNumber ? new Float64Array(b3[n]) : null;
    const n4 = exactInNumber ? new Float64Array(b4[n]) : null;
    let rank = 0;
    eachHand(n, (c0, c1, c2, c3, c4, hand) => {
      const code = fineCode(family, hand);
      codes[rank++] = code;
      for (let k = 0; k < K; k++) {
        const w = chanOfCode[k][code];
        if (w) addToCardsAndPairs(c1s[k], c2s[k], n, w, c0, c1, c2, c3, c4);
        c0s[k] += w;
      }
      const p = payOfCode[code];
      if (!p) return;
      n0 += p;
      addToCardsAndPairs(n1, n2, n, p, c0, c1, c2, c3, c4);
      if (n3) addToTriplesAndQuads(n3, n4, b1, b2, b3, b4, p, c0, c1, c2, c3, c4);
    });

    // N(S) for a set of 0..5 cards (an array).
    const work = new Int32Array(5);
    function tally(set) {
      const k = set.length;
      if (k === 0) return n0;
      if (k === 1) return n1[set[0]];
      if (k === 2) return set[0] < set[1] ? n2[set[0] * n + set[1]] : n2[set[1] * n + set[0]];
      if (n3 && k < 5) {
        const s = set.slice().sort((a, b) => a - b);
        return k === 3 ? n3[b1[s[0]] + b2[s[1]] + b3[s[2]]] : n4[b1[s[0]] + b2[s[1]] + b3[s[2]] + b4[s[3]]];
      }
      let total = zero;
      eachFinal(set, (sorted) => { total += pay(sorted); });
      return total;
    }

    // Every final hand a set of 3..5 held cards draws to, sorted, to `visit` (work is reused).
    function eachFinal(set, visit) {
      const k = set.length;
      const inSet = (c) => set.includes(c);
      if (k === 5) {
        work.set(set);
        visit(sort5(work));
      } else if (k === 4) {
        for (let a = 0; a < n; a++) {
          if (inSet(a)) continue;
          work.set(set);
          work[4] = a;
          visit(sort5(work));
        }
      } else {
        for (let b = 1; b < n; b++) {
          if (inSet(b)) continue;
          for (let a = 0; a < b; a++) {
            if (inSet(a)) continue;
            work.set(set);
            work[3] = a;
            work[4] = b;
            visit(sort5(work));
          }
        }
      }
    }

    function evs(cards) {
      const values = new Array(32);
      for (let mask = 0; mask < 32; mask++) values[mask] = tally(cards.filter((_, i) => (mask >> i) & 1));
      return moebius(values).map((v, mask) => v * factor[POPCOUNT[mask]]);
    }

    // The channels' tallies of a set of 0..5 cards: as tally(), every channel in one pass.
    const factorNumber = Array.from({ length: 6 }, (_, k) => Number(denominator / choose(unseen, 5 - k)));
    function channelTally(set) {
      const k = set.length;
      const out = new Float64Array(K);
      if (k === 0) return out.map((_, ch) => c0s[ch]);
      if (k === 1) return out.map((_, ch) => c1s[ch][set[0]]);
      if (k === 2) {
        const at = set[0] < set[1] ? set[0] * n + set[1] : set[1] * n + set[0];
        return out.map((_, ch) => c2s[ch][at]);
      }
      eachFinal(set, (sorted) => {
        const code = codeOf(sorted);
        for (let ch = 0; ch < K; ch++) out[ch] += chanOfCode[ch][code];
      });
      return out;
    }

    /** Per channel, each hold's weighted draws over `denominator`, by inclusion-exclusion. */
    function channelEvs(cards) {
      const values = Array.from({ length: 32 }, (_, mask) => channelTally(cards.filter((_, i) => (mask >> i) & 1)));
      for (let bit = 1; bit < 32; bit <<= 1) {
        for (let mask = 0; mask < 32; mask++) {
          if (mask & bit) continue;
          for (let ch = 0; ch < K; ch++) values[mask][ch] -= values[mask | bit][ch];
        }
      }
      return channels.map((_, ch) => values.map((v, mask) => v[ch] * factorNumber[POPCOUNT[mask]]));
    }

    const bruteEvs = (cards) => enumeratedEvs(cards, n, pay, zero, factor);
    return { unit, denominator, exactInNumber, labels: table.labels, evs, bruteEvs, channelEvs };
  }

  ns.ev = { makeEngine };
})(globalThis);
