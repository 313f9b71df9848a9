// The checker's state (static/js/checker-state.js) without a browser: a round of the checker and
// of the trainer on 9/6 Jacks or Better's exact table (fixtures/play-9-6-jacks-or-better.json.gz)
// with the EV engine's exact integers. tests/test_browser.py drives the same through the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureJson } from "./fixtures.mjs";
import "../../static/js/cards.js";
import "../../static/js/rules-core.js";
import "../../static/js/evaluator.js";
import "../../static/js/combinatorics.js";
import "../../static/js/ev-engine.js";
import "../../static/js/checker-state.js";

const S = globalThis.vpcharts.checkerState;
const { compileTable } = globalThis.vpcharts.rules;
const { parseHand } = globalThis.vpcharts.cards;
const data = fixtureJson("play-9-6-jacks-or-better.json.gz");
const exact = compileTable(data.lines, data.rules);
// A two-line table (royal flush, four of a kind): a level with no line for most deals.
const short = compileTable(data.lines.filter((line) => line.notation === "5RF" || line.notation === "44K"), data.rules);
const levels = { exact: { table: 0 }, card: { table: 1 } };
const engine = globalThis.vpcharts.ev.makeEngine(data.rules);
const evsOf = (cards) => engine.evs(cards).map(BigInt);
const ROYAL_DRAW = parseHand("As Ks Qs Js 9d"); // 4RF: hold the four spades (mask 0b01111)

test("a checker starts on the card level, with no deal; without levels it has no table", () => {
  const state = S.create([exact, short], levels);
  assert.equal(state.level, "card");
  assert.equal(state.table, short);
  assert.deepEqual([state.cards, state.played, state.evs, state.chosen], [[], null, null, false]);
  const none = S.create([], null);
  assert.equal(none.level, null);
  assert.equal(none.table, null);
});

test("the table plays a full deal only, and a hold is marked only on a full deal", () => {
  const state = S.create([exact, short], levels);
  S.chooseLevel(state, "exact");
  S.deal(state, ROYAL_DRAW.slice(0, 4), false);
  assert.equal(state.played, null);
  assert.equal(S.markHold(state, 0), false);
  assert.equal(state.chosen, false);
  S.deal(state, ROYAL_DRAW, false);
  assert.equal(exact.lines[state.played.line].line.notation, "4RF");
  assert.equal(state.played.mask, 0b01111);
  assert.equal(S.adviceMask(state), 0b01111);
  // The first press starts from nothing held; presses toggle; -1 holds nothing.
  assert.equal(S.markHold(state, 4), true);
  assert.deepEqual([state.chosen, state.held], [true, 0b10000]);
  S.markHold(state, 0);
  S.markHold(state, 4);
  assert.equal(state.held, 0b00001);
  S.markHold(state, -1);
  assert.deepEqual([state.chosen, state.held], [true, 0]);
});

test("a new level plays the deal again and keeps the player's hold", () => {
  const state = S.create([exact, short], levels);
  S.deal(state, ROYAL_DRAW, false);
  assert.equal(state.played.line, -1); // the short table has no line for a four-card royal draw
  assert.equal(S.adviceMask(state), null);
  S.markHold(state, 1);
  S.chooseLevel(state, "exact");
  assert.equal(state.table, exact);
  assert.equal(state.played.mask, 0b01111);
  assert.deepEqual([state.chosen, state.held], [true, 0b00010]);
});

test("an EV answer for an older deal is dropped; costs are the best EV less the hold's", () => {
  const state = S.create([exact, short], levels);
  S.deal(state, ROYAL_DRAW, false);
  const old = state.request;
  const other = parseHand("2c 7d 9h Jc Ks");
  S.deal(state, other, false);
  assert.equal(S.receiveEvs(state, old, evsOf(ROYAL_DRAW)), false);
  assert.equal(state.evs, null);
  const evs = evsOf(other);
  assert.equal(S.receiveEvs(state, state.request, evs), true);
  const top = evs.reduce((a, b) => (b > a ? b : a));
  assert.deepEqual(S.bestMasks(state), [...Array(32).keys()].filter((m) => evs[m] === top));
  for (let mask = 0; mask < 32; mask++) assert.equal(S.costOf(state, mask), top - evs[mask]);
});

test("with no table, the hold to mark is an optimal one from the EVs", () => {
  const state = S.create([], null);
  S.deal(state, ROYAL_DRAW, false);
  assert.equal(S.adviceMask(state), null);
  S.receiveEvs(state, state.request, evsOf(ROYAL_DRAW));
  assert.equal(S.adviceMask(state), 0b01111);
  assert.equal(S.costOf(state, 0b01111), 0n);
});

test("the next line is below the one that applies and holds something else", () => {
  const state = S.create([exact, short], levels);
  S.chooseLevel(state, "exact");
  S.deal(state, ROYAL_DRAW, false);
  const { line, mask } = S.nextLine(state);
  assert.ok(line > state.played.line, String(line));
  assert.ok(!state.played.tied.includes(mask));
  assert.equal(state.played.firstLines[mask], line);
});

test("a trainer round: hidden, then graded once, the EV lost added to the score", () => {
  const state = S.create([exact, short], levels);
  S.chooseLevel(state, "exact");
  S.deal(state, ROYAL_DRAW, true);
  assert.equal(S.answerHidden(state), true);
  assert.equal(S.adviceMask(state), null);
  assert.deepEqual(S.grade(state), { status: "unchosen" });
  S.markHold(state, 0);
  assert.deepEqual(S.grade(state), { status: "computing" });
  const evs = evsOf(ROYAL_DRAW);
  S.receiveEvs(state, state.request, evs);
  const result = S.grade(state);
  assert.equal(result.status, "graded");
  assert.equal(result.cost, evs[0b01111] - evs[0b00001]);
  assert.ok(result.cost > 0n);
  assert.deepEqual(state.score, { hands: 1, lost: result.cost });
  assert.equal(S.answerHidden(state), false);
  assert.equal(S.adviceMask(state), 0b01111);
  // Graded is final: no new hold, no second grade.
  assert.equal(S.markHold(state, 1), false);
  assert.equal(state.held, 0b00001);
  assert.deepEqual(S.grade(state), { status: "none" });
  // Without EVs (the engine failed) the grade says whether the hold is the table's.
  S.deal(state, ROYAL_DRAW, true);
  S.evsFailed(state, "no engine");
  S.markHold(state, 0); S.markHold(state, 1); S.markHold(state, 2); S.markHold(state, 3);
  assert.deepEqual(S.grade(state), { status: "graded", cost: null, right: true });
  assert.equal(state.score.hands, 2);
  S.resetScore(state);
  assert.deepEqual(state.score, { hands: 0, lost: 0n });
  // A checker deal is never graded.
  S.deal(state, ROYAL_DRAW, false);
  S.markHold(state, 0);
  assert.deepEqual(S.grade(state), { status: "none" });
});

test("a wild game's line is said with the number its deal's section prints", () => {
  // A three-line Deuces Wild table printed in sections, as the page embeds it (`printed`:
  // [wild cards dealt, number, section] in each section printing the line, numbered through
  // the card): the deuce alone stands under "2 deuces" (line 3) and "1 deuce" (line 5).
  const rules = { family: "deuces", deck_size: 52, min_pair: null };
  const lines = [
    { number: 1, row: 1, conditions: [["n", "==", 2], ["w", "==", 2], ["kind", "==", "WILD"]], text: "2 deuces only",
      printed: [[2, 1, "2 deuces"]] },
    { number: 2, row: 2, conditions: [["n", "==", 1], ["w", "==", 1], ["kind", "==", "WILD"]], text: "1 deuce only",
      printed: [[2, 3, "2 deuces"], [1, 5, "1 deuce"]] },
    { number: 3, row: 3, conditions: [["n", "==", 0]], text: "Discard everything",
      printed: [[1, 6, "1 deuce"], [0, 7, "No deuces"]] },
  ];
  const state = S.create([compileTable(lines, rules)], { card: { table: 0 } });
  S.deal(state, parseHand("2c 5d 7h 9s Jc"), false); // one deuce: line 2 applies
  assert.equal(S.wildDealt(state), 1);
  assert.deepEqual(S.printedLine(state, state.played.line), { number: 5, wild: 1, label: "1 deuce", here: true });
  assert.deepEqual(S.printedLine(state, S.nextLine(state).line), { number: 6, wild: 1, label: "1 deuce", here: true });
  S.deal(state, parseHand("2c 2d 7h 9s Jc"), false); // two: line 1 applies, line 2 is 3 there
  assert.equal(S.wildDealt(state), 2);
  assert.deepEqual(S.printedLine(state, state.played.line), { number: 1, wild: 2, label: "2 deuces", here: true });
  assert.deepEqual(S.printedLine(state, state.played.firstLines[0b00001]), { number: 3, wild: 2, label: "2 deuces", here: true });
  // Holding nothing fits a line "2 deuces" does not print: its number in its first section, named.
  assert.deepEqual(S.printedLine(state, state.played.firstLines[0]), { number: 6, wild: 1, label: "1 deuce", here: false });
  // A table not split (no labels) keeps one number a line.
  const plain = lines.map((line) => ({ ...line, printed: [[null, line.number, null]] }));
  const natural = S.create([compileTable(plain, rules)], { card: { table: 0 } });
  S.deal(natural, parseHand("2c 2d 7h 9s Jc"), false);
  assert.deepEqual(S.printedLine(natural, natural.played.line), { number: 1, wild: null, label: null, here: true });
});
