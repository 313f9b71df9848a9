// The browser's whole-pay-table solver (static/js/solver.js) against Python's: the exact return,
// variance and final-hand counts, equal as fractions and integers, for the cases of
// solver.json.gz (tests/make_solver_fixtures.py: the tests' sample of the catalogue and one
// random pay table of each game; VPCHARTS_SOLVER_FIXTURE names a folder holding a bigger file, as
// the whole catalogue and 30 random pay tables of each game).
import { test } from "node:test";
import assert from "node:assert/strict";
import { FIXTURES, fixtureJson } from "./fixtures.mjs";
import "../../static/js/evaluator.js";
import "../../static/js/combinatorics.js";
import "../../static/js/solver.js";

const { solve, deck, fractionText, decimalText, fraction } = globalThis.vpcharts.solver;
const folder = process.env.VPCHARTS_SOLVER_FIXTURE || FIXTURES;
const cases = fixtureJson("solver.json.gz", folder);
// VPCHARTS_JS_QUICK=1 skips the whole-case run (half a minute), for tests/test_js.py's quick run
// only: its slow test runs it, and alone `node --test tests/js/` runs it.
const quick = process.env.VPCHARTS_JS_QUICK === "1" && "VPCHARTS_JS_QUICK=1 (the slow Python test runs it)";

test("the suit classes are the 134,459 of the paper, and cover every deal of each deck", () => {
  assert.equal(deck(52).classes, 134459);
  for (const n of [52, 53, 54]) {
    const { sizes } = deck(n);
    const deals = sizes.reduce((a, b) => a + b, 0);
    assert.equal(deals, (n * (n - 1) * (n - 2) * (n - 3) * (n - 4)) / 120);
  }
});

test("a family whose wild cards or kicker single out suits has the classes of its own group", () => {
  // (solve/tables.py enumerate_classes under Family.suit_group: 700,544 classes for the
  // one-eyed jacks' four permutations and the black jacks'; their solves are cases below)
  for (const family of ["one_eyed_jacks", "black_jack_bonus"]) {
    const { group } = globalThis.vpcharts.evaluator.family(family);
    assert.equal(group.length, 4, family);
    const dk = deck(52, group);
    assert.equal(dk.classes, 700544, family);
    assert.equal(dk.sizes.reduce((a, b) => a + b, 0), 2598960, family);
    assert.deepEqual([...new Set(dk.sizes)].sort(), [2, 4], family);
  }
});

test("decimals round half up, as generator/core/decimals.py does", () => {
  assert.equal(decimalText(fraction(1n, 8n), 2), "0.13");
  assert.equal(decimalText(fraction(3n, 8n), 2), "0.38");
  assert.equal(decimalText(fraction(-1n, 3n), 3), "-0.333");
  assert.equal(decimalText(fraction(-1n, 8n), 2), "-0.12");
  assert.equal(decimalText(fraction(2n, 1n), 0), "2");
  assert.equal(decimalText(fraction(99543904n, 100000000n), 4), "0.9954");
});

test("every case's answer is Python's, exactly", { skip: quick }, () => {
  assert.ok(cases.length >= 50, `${cases.length} cases`);
  const wrong = [];
  for (const c of cases) {
    const s = solve(c.rules);
    const got = {
      return: fractionText(s.expectedReturn), variance: fractionText(s.variance),
      final_counts: s.finalCounts.map(String),
    };
    const want = { return: c.return, variance: c.variance, final_counts: c.final_counts };
    if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${c.name}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
  }
  assert.deepEqual(wrong, []);
});
