// The Chinese Poker arranger in JS against Python's (fixture by tests/test_chinese.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import "../../static/js/chinese-arranger.js";

const { Arranger, handKey } = globalThis.vpcharts.chinese;
const fixture = process.env.VPCHARTS_CHINESE_FIXTURE;
const skip = !fixture && "VPCHARTS_CHINESE_FIXTURE not set (run from tests/test_chinese.py)";

test("hand keys are Python's", { skip }, () => {
  const { keys } = JSON.parse(fs.readFileSync(fixture, "utf8"));
  for (const { cards, key } of keys) assert.equal(handKey(cards), key, JSON.stringify(cards));
});

test("the best split and its E+ are Python's on random hands", { skip }, () => {
  const { tables, hands } = JSON.parse(fs.readFileSync(fixture, "utf8"));
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
