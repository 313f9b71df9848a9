// Chinese Poker arranger: the port of generator/chinese/ranks.py and arranger.py.
//
// 13 cards (ids as in cards.js) and the trained tables (chinese-tables.js: for each row the
// sorted hand keys and the win numerators over one denominator, and the held-cards correction:
// for each row, rank and card rank, integers over held.denominator) in; the legal splits by E+
// out. Each row's chance is corrected for the 13 cards held as in held_cards.py:
// table + sum over ranks k of (cards of rank k held) * held[rank][k] / held.denominator, in 0..1.
// Splits are walked in the same order as Python's (backs in lexicographic order of the sorted
// hand's positions, then middles from the other eight) and E+ is computed with the same
// operations in the same order, so the first best split is the same split with the same E+.
// Classic script attached to globalThis.vpcharts, like cards.js (docs/design/05-checker.md,
// "The hold checker": why classic scripts).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const [HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

  /** The key of 3 or 5 cards: category << 20, then five 4-bit digits (ranks + 1 by count, rank). */
  function handKey(cards) {
    const counts = new Array(13).fill(0);
    for (const c of cards) counts[c >> 2] += 1;
    const digits = [];
    for (let n = 4; n >= 1; n--) for (let r = 12; r >= 0; r--) if (counts[r] === n) digits.push(r + 1);
    const top = Math.max(...counts);
    const pairs = counts.filter((n) => n === 2).length;
    let category = HIGH;
    if (cards.length === 5) {
      const flush = cards.every((c) => (c & 3) === (cards[0] & 3));
      let straightTop = -1;
      if (top === 1) {
        for (let t = 12; t >= 4 && straightTop < 0; t--) {
          let run = true;
          for (let r = t - 4; r <= t; r++) if (!counts[r]) run = false;
          if (run) straightTop = t;
        }
        if (straightTop < 0 && counts[12] && counts[0] && counts[1] && counts[2] && counts[3]) straightTop = 3;
      }
      if (straightTop >= 0) {
        category = flush ? STRAIGHT_FLUSH : STRAIGHT;
        digits.length = 0;
        digits.push(straightTop + 1);
      } else if (top === 4) category = QUADS;
      else if (top === 3 && pairs === 1) category = FULL_HOUSE;
      else if (flush) category = FLUSH;
      else if (top === 3) category = TRIPS;
      else if (pairs === 2) category = TWO_PAIR;
      else if (pairs === 1) category = PAIR;
    } else if (top === 3) category = TRIPS;
    else if (top === 2) category = PAIR;
    let key = category;
    for (let i = 0; i < 5; i++) key = key * 16 + (digits[i] || 0);
    return key;
  }

  function combinations(items, k) {
    const out = [];
    const pick = (start, chosen) => {
      if (chosen.length === k) return void out.push(chosen.slice());
      for (let i = start; i < items.length; i++) {
        chosen.push(items[i]);
        pick(i + 1, chosen);
        chosen.pop();
      }
    };
    pick(0, []);
    return out;
  }

  // The split list, as positions 0..12 of the sorted hand: [front, middle, back] subset indices.
  const FIVES = combinations([...Array(13).keys()], 5);
  const THREES = combinations([...Array(13).keys()], 3);
  const SPLITS = (() => {
    const fiveIndex = new Map(FIVES.map((s, i) => [s.join(","), i]));
    const threeIndex = new Map(THREES.map((s, i) => [s.join(","), i]));
    const out = new Int16Array(72072 * 3);
    let n = 0;
    for (const back of FIVES) {
      const rest = [...Array(13).keys()].filter((p) => !back.includes(p));
      for (const middle of combinations(rest, 5)) {
        const front = rest.filter((p) => !middle.includes(p));
        out[n++] = threeIndex.get(front.join(","));
        out[n++] = fiveIndex.get(middle.join(","));
        out[n++] = fiveIndex.get(back.join(","));
      }
    }
    return out;
  })();

  function rankOf(keys, key) {
    let lo = 0, hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  const ePlus = (pf, pm, pb) => pf + pm + pb + pf * pm + pf * pb + pm * pb - 2.0 * pf * pm * pb;

  /** How many cards of each rank (deuce .. ace) the cards hold. */
  function rankCounts(cards) {
    const counts = new Array(13).fill(0);
    for (const c of cards) counts[c >> 2] += 1;
    return counts;
  }

  /** Sets hands by the tables: { denominator, front: {keys, win_numerators}, middle, back,
   * held: { denominator, front, middle, back } (optional; each ranks x 13 integers, flat) }. */
  class Arranger {
    constructor(tables) {
      const held = tables.held;
      const row = (name) => ({
        keys: tables[name].keys,
        p: Float64Array.from(tables[name].win_numerators, (v) => v / tables.denominator),
        held: held ? Int32Array.from(held[name]) : null,
      });
      this.heldDenominator = held ? held.denominator : 1;
      this.front = row("front");
      this.middle = row("middle");
      this.back = row("back");
    }

    /** A row's chance for a hand of `rank` when the 13 cards hold `counts` of each rank
     * (arranger.py's held_chances: the same operations in the same order). */
    chance(row, rank, counts) {
      if (!row.held) return row.p[rank];
      let s = 0;
      for (let k = 0; k < 13; k++) s += counts[k] * row.held[rank * 13 + k];
      return Math.min(1.0, Math.max(0.0, row.p[rank] + s / this.heldDenominator));
    }

    /** Keys, ranks and win chances of every part of 13 cards (sorted ascending). */
    parts(sorted) {
      const counts = rankCounts(sorted);
      const fives = FIVES.map((s) => {
        const key = handKey(s.map((p) => sorted[p]));
        const rank = rankOf(this.back.keys, key);
        return { key, pm: this.chance(this.middle, rank, counts), pb: this.chance(this.back, rank, counts) };
      });
      const threes = THREES.map((s) => {
        const key = handKey(s.map((p) => sorted[p]));
        return { key, pf: this.chance(this.front, rankOf(this.front.keys, key), counts) };
      });
      return { fives, threes };
    }

    /** E+ of every split (-1 for a fouled one), as a Float64Array in split order. */
    values(sorted) {
      const { fives, threes } = this.parts(sorted);
      const out = new Float64Array(72072);
      for (let i = 0; i < 72072; i++) {
        const f = threes[SPLITS[3 * i]], m = fives[SPLITS[3 * i + 1]], b = fives[SPLITS[3 * i + 2]];
        out[i] = f.key > m.key || m.key > b.key ? -1 : ePlus(f.pf, m.pm, b.pb);
      }
      return { out, fives, threes };
    }

    /** The best `count` legal splits, best first (equal E+ in split order). */
    ranked(cards, count) {
      const sorted = [...cards].sort((a, b) => a - b);
      const { out, fives, threes } = this.values(sorted);
      const top = []; // the best `count` so far, best first; a later split needs a larger E+
      for (let i = 0; i < 72072; i++) {
        const v = out[i];
        if (v < 0 || (top.length === count && v <= out[top[count - 1]])) continue;
        let at = top.length;
        while (at > 0 && out[top[at - 1]] < v) at--;
        top.splice(at, 0, i);
        if (top.length > count) top.pop();
      }
      return top.map((i) => this.describe(sorted, i, out[i], fives, threes));
    }

    describe(sorted, index, value, fives, threes) {
      const [f, m, b] = [SPLITS[3 * index], SPLITS[3 * index + 1], SPLITS[3 * index + 2]];
      return {
        index, ePlus: value,
        front: THREES[f].map((p) => sorted[p]), middle: FIVES[m].map((p) => sorted[p]), back: FIVES[b].map((p) => sorted[p]),
        pf: threes[f].pf, pm: fives[m].pm, pb: fives[b].pb,
        keys: [threes[f].key, fives[m].key, fives[b].key],
      };
    }

    /** E+ of the player's own split, or null with the reason if it is not legal. */
    score(front, middle, back) {
      if (front.length !== 3 || middle.length !== 5 || back.length !== 5) return { error: "a split is 3 cards in front, 5 in the middle and 5 in the back" };
      const [kf, km, kb] = [handKey(front), handKey(middle), handKey(back)];
      if (kf > km || km > kb) return { error: "fouled: the back must be at least as strong as the middle, and the middle as the front" };
      const counts = rankCounts([...front, ...middle, ...back]);
      const pf = this.chance(this.front, rankOf(this.front.keys, kf), counts);
      const pm = this.chance(this.middle, rankOf(this.middle.keys, km), counts);
      const pb = this.chance(this.back, rankOf(this.back.keys, kb), counts);
      return { pf, pm, pb, ePlus: ePlus(pf, pm, pb) };
    }
  }

  ns.chinese = { handKey, Arranger, SPLITS };
})(globalThis);
