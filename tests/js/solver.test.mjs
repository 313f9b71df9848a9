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

test("a family whose wild cards single out suits is refused, not solved on the wrong classes", () => {
  const keys = ["natural_royal", "wild_royal", "five_of_a_kind", "straight_flush", "four_of_a_kind",
    "full_house", "flush", "straight", "three_of_a_kind", "two_pair"];
  const rules = { family: "one_eyed_jacks", deck_size: 52, min_pair: null, quads: [],
    pays: keys.map((key) => ({ key, label: key, pay: "1" })) };
  assert.throws(() => solve(rules), /single out suits/);
});

test("so is a family paying a kicker of some suits (Black Jack Bonus's black jack)", () => {
  const keys = ["royal_flush", "straight_flush", "four_aces_black_jack", "four_2_4_black_jack",
    "four_5_k_black_jack", "four_aces_jacks", "four_2_4", "four_5_k", "full_house", "flush", "straight",
    "three_of_a_kind", "two_pair", "pair"];
  const rules = { family: "black_jack_bonus", deck_size: 52, min_pair: 9, quads: [],
    pays: keys.map((key) => ({ key, label: key, pay: "1" })) };
  assert.throws(() => solve(rules), /single out suits/);
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
