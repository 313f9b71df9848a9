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
    const printed = chart.chartOf(data, solution, game, table, c.chart.words);
    assert.equal(printed.misplays, 0, `${c.slug}: the table misplays ${printed.misplays} deals`);
    sameChart(printed, c.chart, c.slug);
    if (process.env.VPCHARTS_DERIVE_TIMES) console.log(`${c.slug}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  });
}
