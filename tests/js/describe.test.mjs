// The browser's line words (static/js/describe.js) against the build's (generator/strategy/
// describe.py and generator/core/line_parts.py): for each case of describe.json.gz
// (tests/make_describe_fixtures.py), every level's lines as the build handed them to
// `table_parts` are worded here, and each line's parts (as `parts_json` gives them), text and
// notation equal Python's, line for line.
// VPCHARTS_DESCRIBE_FIXTURE names a folder holding a bigger file (one pay table of every game).
import { test } from "node:test";
import assert from "node:assert/strict";
import { FIXTURES, fixtureJson } from "./fixtures.mjs";
import "../../static/js/rules-core.js";
import "../../static/js/rank-words.js";
import "../../static/js/describe-data.js";
import "../../static/js/describe.js";

const { rules: R, describe } = globalThis.vpcharts;
const folder = process.env.VPCHARTS_DESCRIBE_FIXTURE || FIXTURES;
const cases = fixtureJson("describe.json.gz", folder);

/** The fixture's lines ([feature name, op name, value], sets inline) as derive.js hands them on:
 * by number. */
function numbered(lines) {
  return lines.map((line) => line.map(([name, op, value]) => [R.FEATURES.indexOf(name), R.OPS[op], value]));
}

for (const c of cases) {
  test(`${c.slug}: every level's lines are worded as Python words them`, () => {
    for (const [level, { lines, deals }] of Object.entries(c.levels)) {
      const { lines: indexed, rankSets } = describe.indexed(numbered(lines.map((line) => line.conditions)));
      const found = describe.tableParts(indexed, rankSets, c.family, c.high, (cls) => deals[cls]);
      assert.equal(found.length, lines.length, `${c.slug}, ${level}: lines`);
      lines.forEach((want, i) => {
        const where = `${c.slug}, ${level}, line ${i + 1} of ${lines.length} (${want.text})`;
        assert.deepEqual(describe.partsJson(found[i]), want.parts, `${where}: parts`);
        assert.equal(describe.text(found[i]), want.text, `${where}: text`);
        assert.equal(describe.notation(found[i]), want.notation, `${where}: notation`);
      });
    }
  });
}
