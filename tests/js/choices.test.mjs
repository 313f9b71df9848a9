// A line's choice rule in the JS rule engine (rules-core.js): where a line fits a deal in more
// than one way, the line's `choice` ("higher", "straights", "high") picks the hold, as
// generator/strategy/features.py's choice_key does; play() and holdOf() agree. The deals are
// issue 54's: "4 to a Straight" on 4c 5d 6d 7c 9c (Deuces Wild), "3 to a Straight Flush, with the
// joker" on 4c 6c 9d Tc Jk (Joker Poker Kings or Better). tests/test_choices.py checks the
// exported levels' figures against a plain Python player of the same rules.
import { test } from "node:test";
import assert from "node:assert/strict";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/rules-core.js";

const R = globalThis.vpcharts.rules;
const { parseHand, formatHand } = globalThis.vpcharts.cards;

function held(lineConditions, choice, hand, rules) {
  const line = { number: 1, conditions: lineConditions, choice };
  const table = R.compileTable([line], rules);
  const cards = parseHand(hand, 1);
  const result = R.play(table, cards);
  const buffer = R.describeInto(cards, table.game, new Int32Array(32 * R.FEATURES.length));
  assert.equal(R.holdOf(table, cards, buffer, -1), result.mask, "holdOf plays as play does");
  return formatHand(cards.filter((_, i) => (result.mask >> i) & 1));
}

const DEUCES = { family: "deuces", deck_size: 52, min_pair: null };
const JOKER = { family: "joker", deck_size: 53, min_pair: 11 };
const STRAIGHT4 = [["n", "==", 4], ["w", "==", 0], ["kind", "==", "S"]];
const SF3_JOKER = [["n", "==", 3], ["w", "==", 1], ["kind", "==", "SF"]];

test("a line's choice rule picks the hold where it fits more than one way", () => {
  assert.equal(held(STRAIGHT4, "higher", "4c 5d 6d 7c 9c", DEUCES), "5d 6d 7c 9c");
  assert.equal(held(STRAIGHT4, null, "4c 5d 6d 7c 9c", DEUCES), "5d 6d 7c 9c"); // (no rule: the higher)
  assert.equal(held(STRAIGHT4, "straights", "4c 5d 6d 7c 9c", DEUCES), "4c 5d 6d 7c");
  assert.equal(held(SF3_JOKER, "higher", "4c 6c 9d Tc Jk", JOKER), "6c Tc Jk");
  assert.equal(held(SF3_JOKER, "straights", "4c 6c 9d Tc Jk", JOKER), "4c 6c Jk");
  assert.equal(R.choiceWords({ choice: "straights" }), "the most straights (open-ended before inside)");
  assert.throws(() => R.compileTable([{ number: 1, conditions: STRAIGHT4, choice: "lowest" }], DEUCES), /unknown choice rule/);
});
