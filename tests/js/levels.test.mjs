// The card level's start in the browser against the build's (static/js/levels.js against
// generator/strategy/levels.py, as build.build_levels sets it up): for each case of
// derive.json.gz (tests/make_derive_fixtures.py), the pays are solved, the holds described and the
// published exact table taken from the fixture (derive.test.mjs holds the browser's to it); then
// the holds sure to pay, the stood-on deals, the holds a level may play and the holds counted
// right within the first tolerance are counted as Python counts them, and route 2's table derived
// within that tolerance equals Python's, line for line; played on every class under the card's
// rule, its cost and the price of each deletion the rule allows are Python's; and the descent
// from it (levels.find's route 2: the search runs once) finds Python's tables, in order: each
// one's lines, printed length, cost and the bound it was held to; and the card and simple tables
// levels.find picks from both routes and the swaps are Python's (route, cost and lines), and so
// is the card re-described as the page prints it before its choice rules (build.described_card);
// and, with its choice rules, the card as the page prints it (chart.js: rows, key and figures).
import { test } from "node:test";
import assert from "node:assert/strict";
import { FIXTURES, fixtureJson } from "./fixtures.mjs";
import { sameChart } from "./chart-compare.mjs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/combinatorics.js";
import "../../static/js/solver.js";
import "../../static/js/rules-core.js";
import "../../static/js/hold-data.js";
import "../../static/js/derive-kernels.js";
import "../../static/js/derive.js";
import "../../static/js/compact.js";
import "../../static/js/shortest-kernels.js";
import "../../static/js/rank-words.js";
import "../../static/js/shortest.js";
import "../../static/js/published.js";
import "../../static/js/describe-data.js";
import "../../static/js/describe.js";
import "../../static/js/choices.js";
import "../../static/js/levels.js";
import "../../static/js/chart.js";

const { solver, rules: R, holdData, derive, levels, chart } = globalThis.vpcharts;
const folder = process.env.VPCHARTS_DERIVE_FIXTURE || FIXTURES;
const cases = fixtureJson("derive.json.gz", folder);

/** Lines as the fixtures write them ([name, op, value]) as derive.js writes them. */
function numbered(lines) {
  return lines.map((line) => line.map(([name, op, value]) => [R.FEATURES.indexOf(name), R.OPS[op], value]));
}

const count = (array) => array.reduce((sum, x) => sum + (x ? 1 : 0), 0);

for (const c of cases) {
  test(`${c.slug}: the levels' rules, route 2's descent, the tables found and the card are the build's`, () => {
    const solution = solver.solve(c.rules);
    const game = R.gameOf(c.rules);
    const data = holdData.holdData(solution, game);
    assert.deepEqual(levels.TOLERANCES[0].map(Number), c.levels.tolerance);
    const start = levels.start(data, solution, numbered(c.published));
    assert.equal(count(start.pays), c.levels.sure_to_pay, `${c.slug}: holds sure to pay`);
    assert.equal(count(start.held.map((m) => m === 31)), c.levels.pat, `${c.slug}: deals stood on`);
    assert.equal(count(start.allowed), c.levels.allowed, `${c.slug}: holds a level may play`);
    const loose = levels.tolerant(data, solution, levels.unitsOf(solution, levels.TOLERANCES[0]), start.allowed);
    assert.equal(count(loose.optimalAt), c.levels.right, `${c.slug}: holds right within the tolerance`);
    // levels.find, run once: route 2's first table, its descent and the card and simple tables
    // it picks from both routes and the swaps.
    const picked = levels.find(data, solution, game, numbered(c.derivations[0].compacted), start.held, start.allowed);
    const got = derive.named(picked.first);
    for (let i = 0; i < Math.max(got.length, c.levels.derived.length); i++) {
      assert.deepEqual(got[i], c.levels.derived[i], `${c.slug}, derived within the tolerance: line ${i + 1} of ${c.levels.derived.length}`);
    }
    // The descent's first step on it, under the card's rule: the cost and every deletion priced.
    const [num, den] = c.levels.card_bound.map(BigInt);
    const bound = Number((solution.unit * num) / den);
    const played = levels.priced(data, solution, picked.first, bound, start.allowed);
    assert.ok(Number.isSafeInteger(played.cost), `${c.slug}: the cost is summed exactly`);
    assert.equal(played.cost, c.levels.cost, `${c.slug}: the table's cost`);
    assert.deepEqual(played.deletions, c.levels.deletions, `${c.slug}: the deletions kept and their prices`);
    // Route 2's descent (the tables found right after the exact table, as the fixture takes
    // them: a swap that finds nothing better adds one of them again), in order.
    const { found } = c.levels.descent;
    const route = "derived within 1/100 units";
    const tables = [];
    for (const t of picked.found.slice(1)) {
      if (t.route !== route || tables.includes(t)) break;
      tables.push(t);
    }
    tables.forEach((t, k) => {
      const want = found[k];
      assert.ok(want, `${c.slug}: the descent finds a table more than the build's ${found.length}`);
      assert.deepEqual([levels.printedLength(t.lines), t.cost, t.bound], [want.printed, want.cost, want.bound], `${c.slug}, descent: table ${k + 1} of ${found.length}`);
      assert.deepEqual(derive.named(t.lines), want.lines, `${c.slug}, descent: table ${k + 1}'s lines`);
    });
    assert.equal(tables.length, found.length, `${c.slug}: the tables the descent finds`);
    // The card and simple tables levels.find picks from both routes, the swaps included.
    for (const name of ["card", "simple", "unswapped"]) {
      const want = c.levels.found[name];
      const got = picked[name];
      assert.equal(got === null, want === null, `${c.slug}: a ${name} table found`);
      if (want === null) continue;
      assert.deepEqual([got.route, got.cost], [want.route, want.cost], `${c.slug}: the ${name} table's route and cost`);
      assert.deepEqual(derive.named(got.lines), want.lines, `${c.slug}: the ${name} table's lines`);
    }
    // The card re-described as the page prints it, before its choice rules (build.described_card).
    const card = levels.card(data, solution, game, picked, start.allowed);
    const want = c.levels.found.described_card;
    assert.deepEqual([card.route, card.cost], [want.route, want.cost], `${c.slug}: the described card's route and cost`);
    assert.deepEqual(derive.named(card.lines), want.lines, `${c.slug}: the described card's lines`);
    const choices = levels.choicesOf(data, solution, card.lines, bound, start.allowed);
    assert.deepEqual(choices, want.choices, `${c.slug}: the card's choice rules`);
    // The card as the page prints it: its rows, key, cost, return, the rules it keeps, the note.
    const cardPlay = levels.playedWith(data, card.lines, choices);
    const table = { lines: card.lines, choices };
    const printed = c.levels.found.chart;
    const cardChart = chart.levelChart(data, solution, game, table, c.chart.words, cardPlay, start.held, start.pays);
    sameChart(cardChart, printed, `${c.slug}, the card`);
    const { cost, costPercent, returnPercent, patBroken, payDropped, choiceNote } = cardChart;
    assert.deepEqual({ cost, costPercent, returnPercent, patBroken, payDropped, choiceNote }, {
      cost: printed.cost, costPercent: printed.cost_percent, returnPercent: printed.return_percent,
      patBroken: printed.pat_broken, payDropped: printed.pay_dropped, choiceNote: printed.choice_note,
    }, `${c.slug}: the card's figures`);
  });
}
