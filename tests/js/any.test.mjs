// The "Any pay table" page's work (static/js/any-core.js): typed pays checked in the words of the
// pay table files' validation; a level played on every suit class and priced on solved pays; a
// deal's 32 EVs on those pays. Against the checked-in fixtures (tests/make_js_fixtures.py):
// 9/6 Jacks or Better's exact table (play-...) and Python's EVs of 1,000 seeded deals (evs-...).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureJson } from "./fixtures.mjs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/rules-core.js";
import "../../static/js/combinatorics.js";
import "../../static/js/solver.js";
import "../../static/js/any-core.js";

const { makeSession, checkPays } = globalThis.vpcharts.any;
const R = globalThis.vpcharts.rules;
const play = fixtureJson("play-9-6-jacks-or-better.json.gz");
const evs = fixtureJson("evs-9-6-jacks-or-better.json.gz");
const PAYS = ["800", "50", "25", "9", "6", "4", "3", "2", "1"];

test("typed pays become the rules' pays, fractions and decimals kept exact", () => {
  const { rules, errors } = checkPays(play.rules, ["4000/5", "50", "25", "9", "6.0", "4", "3", "2", " 1 "]);
  assert.equal(errors, undefined);
  assert.deepEqual(rules.pays.map((line) => line.pay), ["4000/5", "50", "25", "9", "6.0", "4", "3", "2", "1"]);
  assert.equal(play.rules.pays[0].pay, "800", "the game's rules are not changed");
});

test("bad pays are said as the pay table files' validation says them", () => {
  const bad = (texts) => checkPays(play.rules, texts).errors.map((e) => [e.index, e.message]);
  const expected = 'a non-negative number: an integer, a decimal like 2.5, or a fraction like "4000/5"';
  assert.deepEqual(bad(["abc", ...PAYS.slice(1)]), [[0, `Royal Flush = "abc": expected ${expected}`]]);
  assert.deepEqual(bad([...PAYS.slice(0, 3), "-9", "", ...PAYS.slice(5)]),
    [[3, `Full House = "-9": expected ${expected}`], [4, `Flush = "": expected ${expected}`]]);
  assert.deepEqual(bad(["800/0", ...PAYS.slice(1)]), [[0, `Royal Flush = "800/0": expected ${expected} with a non-zero denominator`]]);
  assert.deepEqual(bad(PAYS.map(() => "0")), [[-1, "pays: expected at least one pay above zero"]]);
  assert.deepEqual(bad(["99999999", ...PAYS.slice(1)]),
    [[0, 'Royal Flush = "99999999": expected a pay of at most 48,932,841: the largest this page sums exactly for a 52-card deck']]);
});

test("a decimal pay is read in lowest terms, so the page's limit judges it as the build does", () => {
  // 489328.42 = 24,466,421/50: within 48,932,841 at scale 50, over it as 48,932,842/100.
  const { rules, errors } = checkPays(play.rules, ["489328.42", ...PAYS.slice(1)]);
  assert.equal(errors, undefined);
  const table = globalThis.vpcharts.evaluator.payTable(rules);
  assert.equal(table.scale, 50n);
  assert.equal(table.scaledPays[0], 24466421n);
  assert.ok(table.scaledPays[0] <= BigInt(globalThis.vpcharts.solver.largestExactPay(52)));
  assert.deepEqual(globalThis.vpcharts.evaluator.parsePay("4000/5"), [800n, 1n]);
  assert.deepEqual(globalThis.vpcharts.evaluator.parsePay("0.50"), [1n, 2n]);
  assert.deepEqual(globalThis.vpcharts.evaluator.parsePay("0"), [0n, 1n]);
});

test("the exact table played on every class returns the exact return; the rules engine's fast hold is play()'s", () => {
  const session = makeSession([{ id: "exact", lines: play.lines, rules: play.rules }]);
  const solved = session.solvePays(play.rules);
  const [row] = session.priceLevels();
  assert.equal(row.return, solved.return);
  assert.equal(row.cost, "0");
  // holdOf against play() on the fixture's deals
  const table = R.compileTable(play.lines, play.rules);
  const buffer = new Int32Array(32 * R.FEATURES.length);
  for (const { cards } of play.classes.slice(0, 500)) {
    R.describeInto(cards, table.game, buffer);
    assert.equal(R.holdOf(table, cards, buffer, R.dealId(table, cards)), R.play(table, cards).mask, String(cards));
  }
});

test("a card with a line dropped costs what it loses, and cheapest comes first", () => {
  // Without its Three of a Kind line the table plays trips some other way: it must cost more.
  const dropped = play.lines.filter((line) => line.text !== "Three of a Kind");
  assert.equal(dropped.length, play.lines.length - 1);
  const session = makeSession([{ id: "worse", lines: dropped, rules: play.rules }, { id: "exact", lines: play.lines, rules: play.rules }]);
  session.solvePays(play.rules);
  const rows = session.priceLevels();
  assert.deepEqual(rows.map((r) => r.id), ["exact", "worse"]);
  assert.ok(rows[1].cost !== "0" && !rows[1].cost.startsWith("-"));
});

test("a deal's 32 EVs on the solved pays are Python's", () => {
  const session = makeSession([{ id: "exact", lines: play.lines, rules: play.rules }]);
  session.solvePays(evs.rules);
  for (const deal of evs.deals.slice(0, 300)) {
    const answers = session.dealAnswers(deal.cards);
    assert.equal(answers.unit, String(evs.unit));
    assert.deepEqual(answers.evs, deal.evs, String(deal.cards));
  }
});

test("each level plays with its own high cards, whatever game it is priced on", () => {
  // The 9/6 table played as if jacks were not high (a Tens or Better reading of it) must cost:
  // the same lines, another game's features.
  const tens = { ...play.rules, min_pair: 8 };
  const session = makeSession([{ id: "tens", lines: play.lines, rules: tens }, { id: "own", lines: play.lines, rules: play.rules }]);
  const solved = session.solvePays(play.rules);
  const rows = Object.fromEntries(session.priceLevels().map((r) => [r.id, r]));
  assert.equal(rows.own.return, solved.return);
  assert.notEqual(rows.tens.return, solved.return);
});
