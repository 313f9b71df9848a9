// The Ultimate X engine (static/js/ux-engine.js) against Python's solver: every hold's value on
// 120 sampled deals at sampled totals (fixtures/ux-<slug>.json.gz, by tests/make_ux_fixtures.py),
// the best hold, and the parsing of the multipliers a player types.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureJson, fixtureNames } from "./fixtures.mjs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/combinatorics.js";
import "../../static/js/ev-engine.js";
import "../../static/js/ux-engine.js";

const { makeUxEngine, parseMultipliers, lineSums, drawTotal, TOLERANCE } = globalThis.vpcharts.ux;
const { formatHand } = globalThis.vpcharts.cards;
const names = fixtureNames("ux-", ".json.gz");

test("there are Ultimate X fixtures: a natural game and a joker game", () => {
  assert.equal(names.length, 2, names.join(", "));
});

test("the sum of the lines' multipliers: two lines of 1x or 2x, each half the time", () => {
  const dist = lineSums([0.5, 0.5], [1, 2], 2, 4);
  assert.deepEqual([...dist], [0, 0, 0.25, 0.5, 0.25]);
});

test("multipliers typed: one per line, with or without x, or a total; else one line", () => {
  const data = { lines: 3, values: [1, 2, 3, 12], totals: [3, 4, 5, 6, 7, 8, 9, 14, 15, 16, 25, 26, 27, 36] };
  assert.equal(parseMultipliers("2 1 12", data), 15);
  assert.equal(parseMultipliers("2x, 1x, 12x", data), 15);
  assert.equal(parseMultipliers("total 36", data), 36);
  for (const bad of ["2 1", "2 1 5", "1 1 1 1", "total 10", "total x", "<script>", "-1 1 1", "1.5 1 1", ""]) {
    assert.throws(() => parseMultipliers(bad, data), /expected/, bad);
  }
});

test("a total drawn from the long run's distribution", () => {
  const data = { totals: [1, 2, 12], stationary: [0.5, 0.25, 0.25] };
  assert.equal(drawTotal(data, 0.1), 1);
  assert.equal(drawTotal(data, 0.6), 2);
  assert.equal(drawTotal(data, 0.99), 12);
});

for (const name of names) {
  const fixture = fixtureJson(name);
  test(`${fixture.slug}: every hold's value is Python's, and so is the best hold`, () => {
    const engine = makeUxEngine(fixture.engine);
    let differ = 0;
    for (const { cards, total, values } of fixture.deals) {
      const rows = engine.holds(cards, total);
      const byMask = new Map(rows.map((r) => [r.mask, r.value]));
      const python = values.map(Number);
      for (let mask = 0; mask < 32; mask++) {
        assert.ok(Math.abs(byMask.get(mask) - python[mask]) < 1e-8,
          `${fixture.slug} ${formatHand(cards)} at ${total}, hold ${mask}: ${byMask.get(mask)} against ${python[mask]}`);
      }
      // The best hold: Python's largest value (a tie may pick either of the tied holds).
      const best = Math.max(...python);
      assert.ok(python[rows[0].mask] >= best - TOLERANCE, `${formatHand(cards)} at ${total}: best hold`);
      if (rows[0].value !== rows[1].value) differ++;
    }
    assert.ok(differ > fixture.deals.length / 2);
  });
}
