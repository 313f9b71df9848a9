// Counting a deck's deals and draws, for the two exact engines that enumerate them: ev-engine.js
// (one deal's 32 holds, the checker) and solver.js (a whole pay table, the "Any pay table" page).
// Both walk every five-card hand of the deck in colex order (`eachHand`), put the draws of every
// hold over one common denominator (`drawDenominator`), and turn the pay sums of a deal's 32
// subsets into the pays of each hold's draws by one Moebius transform (`moebius`, with
// `POPCOUNT` for the cards a hold keeps); docs/design/01-solver.md, "Every hold by
// inclusion-exclusion".
//
// Loaded after evaluator.js (its BigInt gcd) and before ev-engine.js and solver.js, on the pages
// and in the workers' importScripts alike.
//
// No import/export: attaches to globalThis.vpcharts.combinatorics (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const { gcd } = ns.evaluator;

  /** The number of cards each hold (a 5-bit mask over the deal) keeps. */
  const POPCOUNT = Array.from({ length: 32 }, (_, m) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + (m >> 4));

  /**
   * C(n, k) as a Number, 0 outside 0..n. Exact: each step's product is C(n, i + 1) times i + 1,
   * an integer, and every binomial of a 54-card deck is far below 2^53.
   */
  function choose(n, k) {
    if (k < 0 || k > n) return 0;
    let out = 1;
    for (let i = 0; i < k; i++) out = (out * (n - i)) / (i + 1);
    return Math.round(out);
  }

  /** binom[k][x] = C(x, k), x <= n, k <= 5 (Numbers: C(54, 5) is 3,162,510). */
  function binomials(n) {
    return Array.from({ length: 6 }, (_, k) => Int32Array.from({ length: n + 1 }, (_, x) => choose(x, k)));
  }

  /**
   * The least common multiple of the draws of every hold of an n-card deck, C(n - 5, j) for
   * j = 0..5 (BigInt): every hold's EV is an integer over it (times the pays' scale).
   */
  function drawDenominator(n) {
    let denominator = 1n;
    for (let j = 0; j <= 5; j++) {
      const draws = BigInt(choose(n - 5, j));
      denominator = (denominator / gcd(denominator, draws)) * draws;
    }
    return denominator;
  }

  /**
   * In place, values[mask] (32 sums over the subsets of a deal, Numbers or BigInts) becomes the
   * sum over the supersets T of mask of (-1)^|T - mask| values[T]: from "the pays of the hands
   * that contain these cards" to "the pays of the hands that keep exactly these cards of the deal".
   */
  function moebius(values) {
    for (let bit = 1; bit < 32; bit <<= 1) {
      for (let mask = 0; mask < 32; mask++) if (!(mask & bit)) values[mask] -= values[mask | bit];
    }
    return values;
  }

  /**
   * visit(c0, c1, c2, c3, c4, hand) for every five-card hand c0 < c1 < c2 < c3 < c4 of an n-card
   * deck, in colex order (the hand's rank is the number of visits before it: the order of
   * solve/tables.py). `hand` (an Int32Array, reused: copy it to keep it) holds the same five
   * cards, sorted, as the evaluator's fineCode reads them.
   */
  function eachHand(n, visit) {
    const hand = new Int32Array(5);
    for (let c4 = 4; c4 < n; c4++) {
      hand[4] = c4;
      for (let c3 = 3; c3 < c4; c3++) {
        hand[3] = c3;
        for (let c2 = 2; c2 < c3; c2++) {
          hand[2] = c2;
          for (let c1 = 1; c1 < c2; c1++) {
            hand[1] = c1;
            for (let c0 = 0; c0 < c1; c0++) {
              hand[0] = c0;
              visit(c0, c1, c2, c3, c4, hand);
            }
          }
        }
      }
    }
  }

  ns.combinatorics = { POPCOUNT, choose, binomials, drawDenominator, moebius, eachHand };
})(globalThis);
