// The browser's derivation (static/js/derive.js) against the build's (generator/strategy/
// derive.py): for each case of derive.json.gz (tests/make_derive_fixtures.py), the pays are solved
// and the holds described here, and the decision list derived for each set of counts the build
// offers the game equals Python's, line for line: same conditions, same order; and so does that
// list compacted (static/js/compact.js against compact.py).
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
import "../../static/js/compact.js";

const { solver, rules: R, holdData, derive, compact } = globalThis.vpcharts;
const folder = process.env.VPCHARTS_DERIVE_FIXTURE || FIXTURES;
const cases = fixtureJson("derive.json.gz", folder);

function sameLines(got, want, what) {
  for (let i = 0; i < Math.max(got.length, want.length); i++) {
    assert.deepEqual(got[i], want[i], `${what}: line ${i + 1} of ${want.length}`);
  }
}

for (const c of cases) {
  test(`${c.slug}: the derived and compacted lists are Python's, line for line`, () => {
    const solution = solver.solve(c.rules);
    const data = holdData.holdData(solution, R.gameOf(c.rules));
    for (const { counts, lines, compacted } of c.derivations) {
      const numbers = counts.map((name) => R.FEATURES.indexOf(name));
      const derived = derive.derive(data, { counts: numbers });
      sameLines(derive.named(derived), lines, `${c.slug}, counts ${counts}, derived`);
      sameLines(derive.named(compact.compact(data, derived)), compacted, `${c.slug}, counts ${counts}, compacted`);
    }
  });
}
