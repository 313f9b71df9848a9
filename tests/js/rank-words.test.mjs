// The browser's rank words (static/js/rank-words.js) against the build's (rank_lists.py,
// rank_words.py): for each case of rank-words.json.gz (tests/make_rank_words_fixtures.py), a
// list of rank sets written out, the shortest phrase naming it and the nearest phrases are
// Python's, word for word.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureJson } from "./fixtures.mjs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/rules-core.js";
import "../../static/js/rank-words.js";

const W = globalThis.vpcharts.rankWords;
const cases = fixtureJson("rank-words.json.gz");

test("rank lists are written out as Python writes them, spans too", () => {
  for (const c of cases) {
    assert.deepEqual(W.choices(c.masks), c.choices);
    assert.deepEqual(W.choices(c.singles, true), c.spans);
  }
  assert.deepEqual(W.choices([1 << 12, 1 << 11, 1 << 10, 1 << 9, 1 << 2, 1 << 1, 1 << 0], true), ["J-A", "2-4"]);
  assert.deepEqual(W.choices([1 << 12, 1 << 11, 1 << 5], true), ["A", "K", "7"]);
});

test("the shortest phrase of each list is Python's, or none where Python has none", () => {
  const wrong = [];
  for (const c of cases) {
    const listed = c.choices.join(" or ");
    const got = W.rankPhrase(c.masks, c.universe, c.kind, c.naturals, c.wild, c.high, listed);
    const said = got === null ? null : { also: got.also, but_not: got.butNot, joined: got.joined, notation: got.notation, text: got.text };
    if (JSON.stringify(said) !== JSON.stringify(c.phrase)) wrong.push(`${listed}: ${JSON.stringify(said)} != ${JSON.stringify(c.phrase)}`);
  }
  assert.deepEqual(wrong, []);
  assert.ok(cases.filter((c) => c.phrase !== null).length >= 20, "the cases hold phrases");
});

test("the nearest phrases of each list are Python's, in order", () => {
  const wrong = [];
  for (const c of cases) {
    const got = W.nearPhrases(c.masks, c.universe, c.kind, c.naturals, c.wild, c.high, 40).slice(0, 5);
    if (JSON.stringify(got) !== JSON.stringify(c.near)) wrong.push(`${c.choices.join(" or ")}: ${JSON.stringify(got)} != ${JSON.stringify(c.near)}`);
  }
  assert.deepEqual(wrong, []);
});
