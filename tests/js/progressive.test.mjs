// A progressive meter in the browser (static/js/progressive.js) against Python's
// (generator/solve/progressive.py), from fixtures/progressive.json.gz (tests/make_js_fixtures.py):
// the returns at both ends, the break-even and every breakpoint (its pay, the return there, the
// deals that change and, class by class, the holds before and after) equal, fraction for fraction.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureJson } from "./fixtures.mjs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/rules-core.js";
import "../../static/js/combinatorics.js";
import "../../static/js/solver.js";
import "../../static/js/progressive.js";

const { progressive, parseFraction } = globalThis.vpcharts.progressive;
const text = (f) => (f === null ? null : f[1] === 1n ? `${f[0]}` : `${f[0]}/${f[1]}`);

for (const c of fixtureJson("progressive.json.gz")) {
  test(`${c.slug}: the ${c.key} from ${c.low} to ${c.high} a coin, as Python has it`, () => {
    const got = progressive(c.rules, c.key, parseFraction(c.low), parseFraction(c.high));
    assert.equal(text(got.returnLow), c.return_low);
    assert.equal(text(got.returnHigh), c.return_high);
    assert.equal(text(got.breakEven), c.break_even);
    assert.ok(c.breakpoints.length > 50);
    assert.deepEqual(got.breakpoints.map((p) => text(p.pay)), c.breakpoints.map((p) => p.pay));
    assert.deepEqual(got.breakpoints.map((p) => text(p.return)), c.breakpoints.map((p) => p.return));
    assert.deepEqual(got.breakpoints.map((p) => p.deals), c.breakpoints.map((p) => p.deals));
    // (by each class's representative: the test reads no class order)
    const { reps } = globalThis.vpcharts.solver.deck(c.rules.deck_size);
    const rep = (cls) => Array.from(reps.slice(cls * 5, cls * 5 + 5));
    const key = ([cards, before, after]) => `${cards.join(",")}:${before}>${after}`;
    got.breakpoints.forEach((p, i) => {
      const mine = p.changes.map(({ cls, before, after }) => key([rep(cls), before, after])).sort();
      assert.deepEqual(mine, c.breakpoints[i].changes.map(key).sort(), text(p.pay));
    });
  });
}

// The lines that move at each meter: the holds that swap, by name, as
// generator/strategy/progressive_report.moves has them (the names: hold-names.test.mjs).
const { meterReport } = globalThis.vpcharts.progressive;

for (const c of fixtureJson("progressive.json.gz")) {
  test(`${c.slug}: the lines that move at each meter, as Python has them`, () => {
    const bet = BigInt(c.rules.coins || 5);
    const coins = (text) => { const [n, d] = parseFraction(text); return [n * bet, d]; };
    const report = meterReport(c.rules, c.key, coins(c.low), coins(c.high), c.held_words);
    assert.equal(report.points.length, c.breakpoints.length);
    report.points.forEach((p, i) => {
      const mine = p.moves.map((m) => [m.above, m.below, m.deals, m.example.cards]);
      // (the example: the first class of the swap; the page's classes are Python's, in order)
      assert.deepEqual(mine, c.breakpoints[i].moves, p.meter);
    });
    assert.ok(c.breakpoints.some((p) => p.moves.length > 1));
  });
}
