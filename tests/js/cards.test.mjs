// Hand text: the JS parser against Python's parse_hand (fixtures/hands.json, by
// tests/make_js_fixtures.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureJson } from "./fixtures.mjs";
import "../../static/js/cards.js";

const { parseHand, formatHand, cardName, CardError } = globalThis.vpcharts.cards;

test("hand text parses to the same cards, or fails with the same message, as the CLI", () => {
  const cases = fixtureJson("hands.json");
  assert.ok(cases.length >= 40 && cases.some((c) => c.error) && cases.some((c) => c.cards));
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
  assert.deepEqual(parseHand("Jk As Ks X Qs", 2), [52, 51, 47, 53, 43]); // the second joker is 53
  assert.equal(formatHand(parseHand("Jk As Ks X Qs", 2)), "Jk As Ks Jk Qs");
  // Five Aces: card 52 is the fifth ace, of the star suit, typed "A*" and shown "A★".
  const fiveAces = ["A*"];
  assert.deepEqual(parseHand("A★ As Ah Ad Ac", fiveAces), [52, 51, 50, 49, 48]);
  assert.equal(formatHand(parseHand("a* As Ah Ad Ac", fiveAces), true, fiveAces), "A★ A♠ A♥ A♦ A♣");
  assert.equal(formatHand([52, 3], false, fiveAces), "A* 2s");
  assert.equal(cardName(52, fiveAces), "fifth ace (star)");
  assert.equal(cardName(52), "joker");
});
