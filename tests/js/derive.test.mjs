// The browser's chart for any pays against the build's, stage by stage: for each case of
// derive.json.gz (tests/make_derive_fixtures.py), the pays are solved and the holds described
// here, and for each set of counts the build offers the game the decision list derived
// (static/js/derive.js against generator/strategy/derive.py), compacted (compact.js) and tidied
// (shortest.js: tidy, then without_needless) equals Python's, line for line: same conditions,
// same order; then so do the published exact table's steps (split_long, merged, halved in a
// natural game, joined: published.js) and each line's choice rule (choices.js). Those steps weigh
// the length of a line's notation, written by describe.js: for every line asked, the fixture holds
// the build's length (a line it lacks means the browser's search went another way).
// VPCHARTS_DERIVE_FIXTURE names a folder holding a bigger file (one pay table of every game).
// VPCHARTS_DERIVE_TIMES=1 prints the seconds each step of each case ends at.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FIXTURES, fixtureJson } from "./fixtures.mjs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/combinatorics.js";
import "../../static/js/solver.js";
import "../../static/js/rules-core.js";
import "../../static/js/hold-data.js";
import "../../static/js/derive-kernels.js";
import "../../static/js/derive.js";
import "../../static/js/compact.js";
import "../../static/js/rank-words.js";
import "../../static/js/describe-data.js";
import "../../static/js/describe.js";
import "../../static/js/shortest-kernels.js";
import "../../static/js/shortest.js";
import "../../static/js/choices.js";
import "../../static/js/published.js";
import "../../static/js/chart.js";

const { solver, rules: R, holdData, derive, describe, published, chart } = globalThis.vpcharts;
const folder = process.env.VPCHARTS_DERIVE_FIXTURE || FIXTURES;
const cases = fixtureJson("derive.json.gz", folder);

function sameLines(got, want, what) {
  for (let i = 0; i < Math.max(got.length, want.length); i++) {
    assert.deepEqual(got[i], want[i], `${what}: line ${i + 1} of ${want.length}`);
  }
}

/** The chart as the page prints it (chart.js) against a pay table's page's printing of the same
 * lines (make_derive_fixtures.chart): row by row, then the key and the exception lines' deals. */
function sameChart(got, want, slug) {
  assert.equal(got.misplays, 0, `${slug}: the table misplays ${got.misplays} deals`);
  assert.equal(got.printed, want.printed, `${slug}: printed lines`);
  assert.equal(got.choiceDeals, want.choice_deals, `${slug}: deals a line fits more than one way`);
  assert.deepEqual(got.sections.map((s) => s.label), want.sections.map((s) => s.label), `${slug}: the sections`);
  got.sections.forEach((section, k) => {
    const rows = want.sections[k].rows;
    assert.equal(section.rows.length, rows.length, `${slug}, ${section.label}: rows`);
    section.rows.forEach((row, i) => {
      const { number, row: printed, also, anchored, runOn, band, lines, hold, notes, notation, marks, example } = row;
      assert.deepEqual({ number, row: printed, also, anchored, run_on: runOn, band, lines, hold, notes, notation, marks, example },
        rows[i], `${slug}, ${section.label || "the table"}, row ${i + 1}`);
    });
  });
  assert.deepEqual(got.key, want.key, `${slug}: the key`);
  assert.deepEqual(got.exceptions, want.exceptions, `${slug}: the exception lines' deals`);
}

/** Python's lists by step name, as published.exactTable names its steps. */
function stepsOf(c) {
  const out = new Map();
  for (const { counts, lines, compacted, tidied } of c.derivations) {
    const offer = counts.join(" ");
    out.set(`derived ${offer}`, lines).set(`compacted ${offer}`, compacted).set(`tidied ${offer}`, tidied);
  }
  for (const [name, lines] of Object.entries(c.stages)) out.set(name, lines);
  return out.set("joined", c.published);
}

for (const c of cases) {
  test(`${c.slug}: the derived, compacted, tidied and published lists are Python's, line for line`, () => {
    const start = performance.now();
    const solution = solver.solve(c.rules);
    const game = R.gameOf(c.rules);
    assert.equal(game.family, c.family);
    assert.equal(game.high, c.high);
    const data = holdData.holdData(solution, game);
    const steps = stepsOf(c);
    const seen = [];
    const notation = (line) => {
      const key = JSON.stringify(derive.named([line])[0]);
      assert.ok(key in c.notation_lengths, `${c.slug}: the notation of ${key} was asked for, which the build never weighed`);
      const words = describe.lineNotation(line, game.family, game.high);
      assert.equal([...words].length, c.notation_lengths[key], `${c.slug}: the notation of ${key}: ${words}`);
      return words;
    };
    const table = published.exactTable(data, game, notation, (name, lines) => {
      assert.ok(steps.has(name), `${c.slug}: a step the build does not take: ${name}`);
      sameLines(derive.named(lines), steps.get(name), `${c.slug}, ${name}`);
      seen.push(name);
      if (process.env.VPCHARTS_DERIVE_TIMES) console.log(`${c.slug}, ${name}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    });
    assert.deepEqual(seen.slice().sort(), [...steps.keys()].sort(), `${c.slug}: the steps taken`);
    sameLines(derive.named(table.lines), c.published, `${c.slug}, published`);
    assert.deepEqual(table.choices, c.choices, `${c.slug}: the lines' choice rules`);
    sameChart(chart.chartOf(data, solution, game, table, c.chart.words), c.chart, c.slug);
    if (process.env.VPCHARTS_DERIVE_TIMES) console.log(`${c.slug}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  });
}
