// The Chinese Poker arranger in JS against Python's (fixtures/chinese.json.gz, by
// tests/make_js_fixtures.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureJson } from "./fixtures.mjs";
import "../../static/js/chinese-arranger.js";

const { Arranger, handKey } = globalThis.vpcharts.chinese;
const fixture = fixtureJson("chinese.json.gz");

test("hand keys are Python's", () => {
  assert.equal(fixture.keys.length, 2000);
  for (const { cards, key } of fixture.keys) assert.equal(handKey(cards), key, JSON.stringify(cards));
});

test("the best split and its E+ are Python's on random hands", () => {
  const { tables, hands } = fixture;
  assert.equal(hands.length, 1000);
  const arranger = new Arranger(tables);
  for (const { cards, index, ePlus, second } of hands) {
    const [best, next] = arranger.ranked(cards, 2);
    assert.equal(best.index, index, JSON.stringify(cards));
    assert.equal(best.ePlus, ePlus, JSON.stringify(cards));
    assert.equal(next.index, second, JSON.stringify(cards));
    const own = arranger.score(best.front, best.middle, best.back);
    assert.equal(own.ePlus, ePlus);
  }
});
