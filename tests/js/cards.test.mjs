// Hand text: the JS parser against Python's parse_hand (fixture by tests/test_js.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import "../../static/js/cards.js";

const { parseHand, formatHand, CardError } = globalThis.vpcharts.cards;
const fixture = process.env.VPCHARTS_HANDS_FIXTURE;

test("hand text parses to the same cards, or fails with the same message, as the CLI", { skip: !fixture && "VPCHARTS_HANDS_FIXTURE not set (run from tests/test_js.py)" }, () => {
  const cases = JSON.parse(fs.readFileSync(fixture, "utf8"));
  for (const { text, joker, cards, error } of cases) {
    if (error !== undefined) {
      assert.throws(() => parseHand(text, joker), (e) => e instanceof CardError && e.message === error, `${JSON.stringify(text)} joker=${joker}`);
    } else {
      assert.deepEqual(parseHand(text, joker), cards, `${JSON.stringify(text)} joker=${joker}`);
    }
  }
});

test("cards print back as they parse", () => {
  assert.equal(formatHand(parseHand("as 10s QS Js 9♦")), "As Ts Qs Js 9d");
  assert.equal(formatHand(parseHand("As Ks Qs Js Jk", true), true), "A♠ K♠ Q♠ J♠ Jk");
});
