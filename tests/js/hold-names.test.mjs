// A hold in a chart's words in the browser (static/js/progressive.js, holdName) against Python's
// (generator/strategy/hold_words.py), from fixtures/hold-names.json.gz (tests/make_js_fixtures.py):
// every hold of 60 seeded deals of one pay table of each family, named word for word alike.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureJson } from "./fixtures.mjs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/rules-core.js";
import "../../static/js/combinatorics.js";
import "../../static/js/solver.js";
import "../../static/js/progressive.js";

const { holdName } = globalThis.vpcharts.progressive;

for (const t of fixtureJson("hold-names.json.gz")) {
  test(`${t.slug}: every hold of ${t.deals.length} deals named as Python names it`, () => {
    const game = globalThis.vpcharts.rules.gameOf(t.rules);
    for (const { cards, names } of t.deals) {
      const mine = names.map((_, mask) => holdName(cards, mask, game, t.held_words));
      assert.deepEqual(mine, names, cards.join(","));
    }
  });
}
