// A chart as chart.js prints it against a pay table's page's printing of the same lines
// (tests/make_derive_fixtures.py's `printed`): derive.test.mjs holds the exact table to it,
// levels.test.mjs the card.
import assert from "node:assert/strict";

/** The chart as the page prints it (chart.js) against a pay table's page's printing of the same
 * lines (make_derive_fixtures.printed): row by row, then the key and the exception lines' deals. */
export function sameChart(got, want, slug) {
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
