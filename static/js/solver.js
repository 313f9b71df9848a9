// The whole solve of one pay table in the browser: every suit class of deals, all 32 holds, the
// optimal hold with Python's tie rule, the final-hand counts, the exact return and variance; the
// same integers as generator/solve/solver.py (Solution), for pays typed on the page.
//
// Three passes, as docs/design/05-checker.md's "The solver in the browser (Any pay table)" tells
// them:
// 1. every five-card hand of the deck gets its fine code (evaluator.js), once per family, and its
//    pay line from the pays' categories (payTable);
// 2. every hand adds one to the count of its pay line in each of its 31 proper subsets (sets of 0
//    to 4 cards): N(S)[line], once per family and category layout, so that typing new pays in the
//    same game costs only passes 3 (hands paying nothing are not counted: their count is what the
//    others leave);
// 3. every suit class's representative takes its 32 EVs by one Moebius transform of the pay sums
//    of its subsets (as ev-engine.js does for one deal), keeps the best with the tie rule of
//    solver.py (lower second moment, then more cards, then the larger mask), and adds its final
//    hands, weighted by class size times draws, to the final-hand table.
//
// Exact: every table entry and EV is an integer below 2^53 (checked from the pays before the
// passes, `exactLimits`), the final-hand table and the sums over classes are BigInt.
// Returns keep `evs` (classes x 32, EV * unit) so that any strategy can be priced afterwards
// (`priceHolds`).
//
// The deck's counting (every hand in colex order, binomials, the draws' common denominator, the
// Moebius step) is combinatorics.js's, shared with ev-engine.js: load it after evaluator.js, before this.
//
// No import/export: attaches to globalThis.vpcharts.solver (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const { fineCode, family: compileFamily, payTable, gcd } = ns.evaluator;
  const { POPCOUNT, choose, binomials, drawDenominator, moebius, eachHand } = ns.combinatorics;
  const TWO53 = 2 ** 53;

  // ---- the deck: suit classes (solve/tables.py enumerate_classes, the same representatives) ----
  const decks = new Map();

  /** {n, binom, reps (Uint8Array, 5 per class, sorted), sizes (Uint8Array), classes} of the
   * deck of n cards under the suit permutations `group` (all 24 if not given; fewer where the
   * wild cards or a kicker single out suits, `groupDeck`). */
  function deck(n, group = null) {
    if (group !== null && group.length !== 24) return groupDeck(n, group);
    if (decks.has(n)) return decks.get(n);
    const binom = binomials(n);
    const bound = Math.floor(binom[5][n] / 4) + 1; // every class has at least 4 members
    const reps = new Uint8Array(bound * 5);
    const sizes = new Uint8Array(bound);
    const masks = new Int32Array(4);
    let count = 0;
    eachHand(n, (c0, c1, c2, c3, c4) => {
      masks[0] = masks[1] = masks[2] = masks[3] = 0;
      if (c0 < 52) masks[c0 & 3] |= 1 << (c0 >> 2);
      if (c1 < 52) masks[c1 & 3] |= 1 << (c1 >> 2);
      if (c2 < 52) masks[c2 & 3] |= 1 << (c2 >> 2);
      if (c3 < 52) masks[c3 & 3] |= 1 << (c3 >> 2);
      if (c4 < 52) masks[c4 & 3] |= 1 << (c4 >> 2);
      // The representative: suit masks not increasing from suit 0 to suit 3 (unique, because
      // suits with equal masks map the hand onto itself).
      if (masks[0] < masks[1] || masks[1] < masks[2] || masks[2] < masks[3]) return;
      let fixing = 1;
      let run = 1;
      for (let s = 1; s < 4; s++) {
        if (masks[s] === masks[s - 1]) fixing *= ++run;
        else run = 1;
      }
      const at = count * 5;
      reps[at] = c0; reps[at + 1] = c1; reps[at + 2] = c2; reps[at + 3] = c3; reps[at + 4] = c4;
      sizes[count] = 24 / fixing;
      count += 1;
    });
    const out = { n, binom, reps: reps.slice(0, count * 5), sizes: sizes.slice(0, count), classes: count };
    decks.set(n, out);
    return out;
  }

  /** deck(n) under a group of fewer than 24 permutations (tables.py enumerate_classes): a
   * hand represents its class where no permutation of the group takes its suit masks, read
   * from suit 0 to suit 3, to larger ones; the class has |group| / (those fixing the masks)
   * members. Cards past the 52 stay put. */
  function groupDeck(n, group) {
    const key = `${n}:${group.map((perm) => perm.join("")).join(",")}`;
    if (decks.has(key)) return decks.get(key);
    const binom = binomials(n);
    const total = binom[5][n];
    const reps = new Uint8Array(total * 5);
    const sizes = new Uint8Array(total);
    const masks = new Int32Array(4), image = new Int32Array(4);
    let count = 0;
    eachHand(n, (c0, c1, c2, c3, c4) => {
      masks[0] = masks[1] = masks[2] = masks[3] = 0;
      if (c0 < 52) masks[c0 & 3] |= 1 << (c0 >> 2);
      if (c1 < 52) masks[c1 & 3] |= 1 << (c1 >> 2);
      if (c2 < 52) masks[c2 & 3] |= 1 << (c2 >> 2);
      if (c3 < 52) masks[c3 & 3] |= 1 << (c3 >> 2);
      if (c4 < 52) masks[c4 & 3] |= 1 << (c4 >> 2);
      let fixing = 0;
      for (const perm of group) {
        for (let s = 0; s < 4; s++) image[perm[s]] = masks[s];
        let order = 0; // the image against the hand's masks, suit 0 first
        for (let s = 0; s < 4 && order === 0; s++) order = image[s] - masks[s];
        if (order > 0) return; // a member with larger masks represents the class
        if (order === 0) fixing += 1;
      }
      const at = count * 5;
      reps[at] = c0; reps[at + 1] = c1; reps[at + 2] = c2; reps[at + 3] = c3; reps[at + 4] = c4;
      sizes[count] = group.length / fixing;
      count += 1;
    });
    const out = { n, binom, reps: reps.slice(0, count * 5), sizes: sizes.slice(0, count), classes: count };
    decks.set(key, out);
    return out;
  }

  // ---- pass 1: fine codes of every hand, by colex rank, once per family ----
  const codeTables = new Map();

  function handCodes(familyKey, n) {
    if (codeTables.has(familyKey)) return codeTables.get(familyKey);
    const fam = compileFamily(familyKey);
    const codes = new Uint16Array(choose(n, 5));
    let rank = 0;
    eachHand(n, (c0, c1, c2, c3, c4, hand) => {
      codes[rank++] = fineCode(fam, hand);
    });
    codeTables.set(familyKey, codes);
    return codes;
  }

  // ---- pass 2: N(S)[line] for every set of 0..4 cards, once per category layout ----
  const countTables = new Map();

  /**
   * {lines (pay lines but "Nothing"), handLine (Uint8Array by colex rank), counts[k]
   * (Int32Array, C(n, k) sets x lines)} for the layout `codeToCategory` (which line each fine
   * code pays on; the last line, "Nothing", is not counted).
   */
  function lineCounts(familyKey, n, codeToCategory) {
    const key = familyKey + ":" + codeToCategory.join(",");
    if (countTables.has(key)) return countTables.get(key);
    const { binom } = deck(n);
    const codes = handCodes(familyKey, n);
    const nothing = Math.max(...codeToCategory);
    const lines = nothing; // lines 0 .. nothing - 1 are counted
    const handLine = new Uint8Array(codes.length);
    for (let i = 0; i < codes.length; i++) handLine[i] = codeToCategory[codes[i]];
    const counts = Array.from({ length: 5 }, (_, k) => new Int32Array(binom[k][n] * lines));
    const [, b1, b2, b3, b4] = binom;
    const [, k1, k2, k3, k4] = counts;
    let rank = 0;
    eachHand(n, (c0, c1, c2, c3, c4) => {
      const line = handLine[rank++];
      if (line === nothing) return;
      counts[0][line] += 1;
      k1[c0 * lines + line] += 1; k1[c1 * lines + line] += 1; k1[c2 * lines + line] += 1;
      k1[c3 * lines + line] += 1; k1[c4 * lines + line] += 1;
      // A set {a < b < ...} has colex rank C(a, 1) + C(b, 2) + ...
      const a1 = b1[c0], b1_ = b1[c1], c1_ = b1[c2], d1 = b1[c3];
      const p01 = a1 + b2[c1], p02 = a1 + b2[c2], p03 = a1 + b2[c3], p04 = a1 + b2[c4];
      const p12 = b1_ + b2[c2], p13 = b1_ + b2[c3], p14 = b1_ + b2[c4];
      const p23 = c1_ + b2[c3], p24 = c1_ + b2[c4], p34 = d1 + b2[c4];
      k2[p01 * lines + line] += 1; k2[p02 * lines + line] += 1; k2[p03 * lines + line] += 1;
      k2[p04 * lines + line] += 1; k2[p12 * lines + line] += 1; k2[p13 * lines + line] += 1;
      k2[p14 * lines + line] += 1; k2[p23 * lines + line] += 1; k2[p24 * lines + line] += 1;
      k2[p34 * lines + line] += 1;
      const t012 = p01 + b3[c2], t013 = p01 + b3[c3], t014 = p01 + b3[c4], t023 = p02 + b3[c3];
      const t024 = p02 + b3[c4], t034 = p03 + b3[c4], t123 = p12 + b3[c3], t124 = p12 + b3[c4];
      const t134 = p13 + b3[c4], t234 = p23 + b3[c4];
      k3[t012 * lines + line] += 1; k3[t013 * lines + line] += 1; k3[t014 * lines + line] += 1;
      k3[t023 * lines + line] += 1; k3[t024 * lines + line] += 1; k3[t034 * lines + line] += 1;
      k3[t123 * lines + line] += 1; k3[t124 * lines + line] += 1; k3[t134 * lines + line] += 1;
      k3[t234 * lines + line] += 1;
      k4[(t012 + b4[c3]) * lines + line] += 1; k4[(t012 + b4[c4]) * lines + line] += 1;
      k4[(t013 + b4[c4]) * lines + line] += 1; k4[(t023 + b4[c4]) * lines + line] += 1;
      k4[(t123 + b4[c4]) * lines + line] += 1;
    });
    const out = { lines, handLine, counts };
    countTables.set(key, out);
    return out;
  }

  // ---- exact arithmetic helpers ----
  /** A reduced fraction {num, den} (BigInt, den > 0). */
  function fraction(num, den) {
    const g = gcd(num, den) || 1n;
    return { num: num / g, den: den / g };
  }

  /** As Python's str(Fraction): "a/b", or "a" when b is 1. */
  function fractionText(f) {
    return f.den === 1n ? String(f.num) : `${f.num}/${f.den}`;
  }

  /** The fraction rounded half up to `places` decimals, as text (generator/core/decimals.py's decimal). */
  function decimalText(f, places) {
    const scale = 10n ** BigInt(places);
    // floor((2 * scaled + 1) / 2), as decimals.py rounds: half up, on the exact fraction
    const twice = 2n * f.num * scale + f.den;
    const den = 2n * f.den;
    let rounded = twice / den;
    if (twice % den !== 0n && twice < 0n) rounded -= 1n; // BigInt division truncates: floor it
    const negative = rounded < 0n;
    const digits = (negative ? -rounded : rounded).toString().padStart(places + 1, "0");
    const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
    return (negative ? "-" : "") + text;
  }

  /** The largest scaled pay whose sums stay exact below 2^53 (checked before solving): 48,932,841
   * for 52 cards (a royal of 48 million, or 48,932 with three decimals). */
  function largestExactPay(n) {
    const denominator = Number(drawDenominator(n));
    // The Moebius steps add or subtract up to 32 tallies of at most C(n, 5) hands each, and an
    // EV is at most the largest pay times the denominator.
    return Math.floor(Math.min(TWO53 / (32 * choose(n, 5)), TWO53 / (24 * denominator)));
  }

  /**
   * Solve the pay table `rules` (the export's rules: family, deck_size, min_pair, pays, quads).
   * onProgress(fraction, stage) is called now and then (for the page's progress bar).
   */
  function solve(rules, onProgress = () => {}) {
    const table = payTable(rules);
    const n = table.deckSize;
    // (the family's suit classes: of fewer permutations where its wild cards or a kicker
    // single out suits, the one-eyed jacks, a black jack)
    const dk = deck(n, table.family.group);
    const { binom, reps, sizes, classes } = dk;
    const unseen = n - 5;
    const denominator = Number(drawDenominator(n));
    const maxPay = table.scaledPays.reduce((a, b) => (a > b ? a : b), 0n);
    if (maxPay > BigInt(largestExactPay(n))) {
      throw new Error("pays too large or with too fine fractions to solve exactly here");
    }
    const pays = table.scaledPays.map(Number); // each line's pay * scale, exact
    const nothing = pays.length - 1;
    onProgress(0, "counting");
    const { lines, handLine, counts } = lineCounts(rules.family, n, table.codeToCategory);
    onProgress(0.4, "solving");

    // Pay sums (and sums of squared pays, for the tie rule) of every set of 0..4 cards.
    const paySums = counts.map((table_) => {
      const sets = table_.length / lines;
      const out = new Float64Array(sets);
      for (let s = 0, at = 0; s < sets; s++, at += lines) {
        let sum = 0;
        for (let l = 0; l < lines; l++) sum += table_[at + l] * pays[l];
        out[s] = sum;
      }
      return out;
    });
    const factor = Array.from({ length: 6 }, (_, k) => denominator / choose(unseen, 5 - k));
    const maskFactor = Array.from({ length: 32 }, (_, m) => factor[POPCOUNT[m]]);
    const evs = new Float64Array(classes * 32);
    const best = new Uint8Array(classes);
    const bestEv = new Float64Array(classes);
    const tied = new Uint8Array(classes);
    const setRank = new Int32Array(32);
    const values = new Float64Array(32);
    const finalSmall = new Float64Array(lines); // per line: Number partial sums, flushed to BigInt
    const finalBig = new Array(lines).fill(0n);
    const lineCount = new Float64Array(lines);
    const card = new Int32Array(5);
    const FLUSH = 2 ** 52;

    for (let c = 0; c < classes; c++) {
      if ((c & 0x3fff) === 0) onProgress(0.4 + (0.6 * c) / classes, "solving");
      const at = c * 5;
      for (let i = 0; i < 5; i++) card[i] = reps[at + i];
      // Colex rank of each subset of the (sorted) representative; bit i holds card i.
      for (let mask = 0; mask < 32; mask++) {
        let rank = 0;
        let k = 0;
        for (let i = 0; i < 5; i++) if ((mask >> i) & 1) rank += binom[++k][card[i]];
        setRank[mask] = rank;
      }
      for (let mask = 0; mask < 31; mask++) values[mask] = paySums[POPCOUNT[mask]][setRank[mask]];
      values[31] = pays[handLine[setRank[31]]];
      moebius(values); // over the discards: the pays of exactly the draws that keep the hold
      let top = -1;
      let chosen = 0;
      let ties = 0;
      const row = c * 32;
      for (let mask = 0; mask < 32; mask++) {
        const ev = values[mask] * maskFactor[mask];
        evs[row + mask] = ev;
        if (ev > top) {
          top = ev;
          chosen = mask;
          ties = 1;
        } else if (ev === top) {
          ties += 1;
          chosen = mask; // the larger mask, the last rule's choice
        }
      }
      if (ties > 1) chosen = breakTie(c, top);
      best[c] = chosen;
      bestEv[c] = top;
      tied[c] = ties;
      // Final hands of the chosen hold: per line, N over the supersets of the hold, signed.
      const weight = sizes[c] * maskFactor[chosen];
      holdLineCounts(chosen, lineCount);
      for (let l = 0; l < lines; l++) {
        if (!lineCount[l]) continue;
        finalSmall[l] += weight * lineCount[l];
        if (finalSmall[l] >= FLUSH || finalSmall[l] <= -FLUSH) {
          finalBig[l] += BigInt(finalSmall[l]);
          finalSmall[l] = 0;
        }
      }
    }

    // The hands of hold `mask` by pay line: sum over the supersets T of the hold of
    // (-1)^|T - hold| N(T)[line] (the five-card set counts itself).
    function holdLineCounts(mask, out) {
      out.fill(0);
      for (let sup = mask; sup < 32; sup = (sup + 1) | mask) {
        const sign = POPCOUNT[sup ^ mask] & 1 ? -1 : 1;
        const k = POPCOUNT[sup];
        if (k === 5) {
          const line = handLine[setRank[31]];
          if (line !== nothing) out[line] += sign;
        } else {
          const t = counts[k];
          const base = setRank[sup] * lines;
          for (let l = 0; l < lines; l++) out[l] += sign * t[base + l];
        }
      }
    }

    // solver.py's _break_ties: among the holds with the top EV, the lower second moment, then
    // more cards, then the larger mask.
    function breakTie(c, top) {
      const row = c * 32;
      let chosen = -1;
      let chosenSecond = 0n;
      const per = new Float64Array(lines);
      for (let mask = 0; mask < 32; mask++) {
        if (evs[row + mask] !== top) continue;
        holdLineCounts(mask, per);
        let second = 0n;
        for (let l = 0; l < lines; l++) if (per[l]) second += BigInt(per[l]) * BigInt(pays[l]) ** 2n;
        second *= BigInt(maskFactor[mask]);
        if (chosen < 0 || second < chosenSecond || (second === chosenSecond &&
            (POPCOUNT[mask] > POPCOUNT[chosen] || (POPCOUNT[mask] === POPCOUNT[chosen] && mask > chosen)))) {
          chosen = mask;
          chosenSecond = second;
        }
      }
      return chosen;
    }

    const deals = BigInt(choose(n, 5));
    const total = deals * BigInt(denominator);
    const finalCounts = finalBig.map((big, l) => big + BigInt(finalSmall[l]));
    finalCounts.push(total - finalCounts.reduce((a, b) => a + b, 0n)); // "Nothing"
    const scale = table.scale;
    const paid = finalCounts.reduce((sum, count, l) => sum + count * table.scaledPays[l], 0n);
    const squared = finalCounts.reduce((sum, count, l) => sum + count * table.scaledPays[l] ** 2n, 0n);
    const expectedReturn = fraction(paid, total * scale);
    // variance = E[X^2] - E[X]^2 = squared / (total scale^2) - paid^2 / (total scale)^2
    const variance = fraction(squared * total - paid * paid, total * total * scale * scale);
    onProgress(1, "done");
    return {
      rules, group: table.family.group, labels: table.labels, pays: table.pays, unit: BigInt(denominator) * scale,
      denominator, scale, deals, total, classes, reps, sizes, evs, best, bestEv, tied,
      finalCounts, expectedReturn, variance,
    };
  }

  /**
   * The exact return of playing `holdOf(classIndex, cardsOfRep)` (a mask over the sorted
   * representative's cards) on every deal of a solved pay table: a fraction.
   */
  function priceHolds(solution, holdOf) {
    const { classes, reps, sizes, evs } = solution;
    let small = 0;
    let big = 0n;
    const cards = [0, 0, 0, 0, 0];
    for (let c = 0; c < classes; c++) {
      for (let i = 0; i < 5; i++) cards[i] = reps[c * 5 + i];
      small += sizes[c] * evs[c * 32 + holdOf(c, cards)];
      if (small >= 2 ** 52) {
        big += BigInt(small);
        small = 0;
      }
    }
    big += BigInt(small);
    return fraction(big, solution.deals * solution.unit);
  }

  ns.solver = { deck, solve, priceHolds, fraction, fractionText, decimalText, largestExactPay };
})(globalThis);
