// static/js/combinatorics.js, the counting both exact engines share (ev-engine.js, solver.js),
// against slow, obviously-correct references: binomials from factorials, the common denominator
// as a least common multiple taken by brute force, the Moebius transform as the signed sum over
// supersets it stands for, and the colex order of the hands as the sum of binomials that ranks a
// set.
import { test } from "node:test";
import assert from "node:assert/strict";
import "../../static/js/evaluator.js";
import "../../static/js/combinatorics.js";

const { POPCOUNT, choose, binomials, drawDenominator, moebius, eachHand } = globalThis.vpcharts.combinatorics;

function factorial(n) {
  let out = 1n;
  for (let i = 2n; i <= BigInt(n); i++) out *= i;
  return out;
}
const slowChoose = (n, k) => (k < 0 || k > n ? 0n : factorial(n) / (factorial(k) * factorial(n - k)));

test("choose and binomials are the factorials' binomials, 0 outside 0..n", () => {
  for (let n = 0; n <= 54; n++) {
    for (let k = -1; k <= 6; k++) assert.equal(BigInt(choose(n, k)), slowChoose(n, k), `C(${n}, ${k})`);
  }
  const binom = binomials(54);
  for (let k = 0; k <= 5; k++) for (let x = 0; x <= 54; x++) assert.equal(binom[k][x], choose(x, k));
  assert.equal(choose(52, 5), 2598960);
});

test("POPCOUNT counts the bits of every hold's mask", () => {
  for (let m = 0; m < 32; m++) assert.equal(POPCOUNT[m], m.toString(2).split("").filter((b) => b === "1").length);
});

test("the draws' denominator is the smallest number every C(n - 5, j) divides", () => {
  for (const n of [52, 53, 54]) {
    const draws = Array.from({ length: 6 }, (_, j) => slowChoose(n - 5, j));
    const largest = draws.reduce((a, b) => (a > b ? a : b));
    let lcm = largest;
    while (!draws.every((d) => lcm % d === 0n)) lcm += largest;
    assert.equal(drawDenominator(n), lcm, `${n} cards`);
  }
});

test("moebius is the signed sum over supersets, for Numbers and BigInts", () => {
  const numbers = Array.from({ length: 32 }, (_, m) => (m * 37 + 11) % 101);
  for (const values of [numbers, numbers.map(BigInt)]) {
    const zero = typeof values[0] === "bigint" ? 0n : 0;
    const expected = values.map((_, mask) => {
      let sum = zero;
      for (let sup = 0; sup < 32; sup++) {
        if ((sup & mask) !== mask) continue;
        sum += POPCOUNT[sup ^ mask] % 2 ? -values[sup] : values[sup];
      }
      return sum;
    });
    assert.deepEqual(moebius([...values]), expected);
  }
});

test("eachHand visits every hand once, sorted, in colex order", () => {
  for (const n of [52, 53, 54]) {
    let visits = 0;
    let wrong = 0;
    eachHand(n, (c0, c1, c2, c3, c4, hand) => {
      const cards = [c0, c1, c2, c3, c4];
      const sorted = c0 < c1 && c1 < c2 && c2 < c3 && c3 < c4 && c4 < n;
      const sameHand = cards.every((c, i) => hand[i] === c);
      // A set {a < b < c < d < e} has colex rank C(a, 1) + C(b, 2) + ... + C(e, 5).
      const rank = cards.reduce((sum, c, i) => sum + choose(c, i + 1), 0);
      if (!sorted || !sameHand || rank !== visits) wrong += 1;
      visits += 1;
    });
    assert.equal(visits, choose(n, 5), `${n} cards`);
    assert.equal(wrong, 0, `${n} cards`);
  }
});
