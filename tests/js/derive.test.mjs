// The browser's derivation (static/js/derive.js) against the build's (generator/strategy/
// derive.py): for each case of derive.json.gz (tests/make_derive_fixtures.py), the pays are solved
// and the holds described here, and the decision list derived for each set of counts the build
// offers the game equals Python's, line for line: same conditions, same order.
// VPCHARTS_DERIVE_FIXTURE names a folder holding a bigger file (one pay table of every game).
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

const { solver, rules: R, holdData, derive } = globalThis.vpcharts;
const folder = process.env.VPCHARTS_DERIVE_FIXTURE || FIXTURES;
const cases = fixtureJson("derive.json.gz", folder);

for (const c of cases) {
  test(`${c.slug}: the derived lists are Python's, line for line`, () => {
    const solution = solver.solve(c.rules);
    const data = holdData.holdData(solution, R.gameOf(c.rules));
    for (const { counts, lines } of c.derivations) {
      const numbers = counts.map((name) => R.FEATURES.indexOf(name));
      const got = derive.named(derive.derive(data, { counts: numbers }));
      const width = Math.max(got.length, lines.length);
      for (let i = 0; i < width; i++) {
        assert.deepEqual(got[i], lines[i], `${c.slug}, counts ${counts}: line ${i + 1} of ${lines.length}`);
      }
    }
  });
}
