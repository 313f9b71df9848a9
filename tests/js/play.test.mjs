// The strategy table played by the JS rule engine on every suit class of the deck (134,459 of the
// 2,598,960 deals), each hold looked up in the optimal holds Python solved (fixtures by
// tests/make_js_fixtures.py, for each pay table with play-<slug>.json.gz: its rules, its exact
// table's lines, and Python's class_of on 2,000 sampled deals; -reps.bin.gz = each suit class's
// sorted representative, 5 bytes; -optimal.bin.gz = a little-endian 32-bit mask of the class's
// optimal holds). Each class is played once, as one of its deals with its suits shuffled (seeded),
// not as its representative: a representative's first suit is always its longest, so a rule that
// read the suits unevenly would go unseen; and each line's deals are its classes' sizes summed.
// (Every deal, as this file once played them, took 20 s to a minute a table; the rule engine
// reads no suit by name, so a class's deals all play alike.)
// VPCHARTS_PLAY_FIXTURE names another folder of such files (the slow Python test's other tables).
// VPCHARTS_JS_QUICK=1 skips the every-class run, for tests/test_js.py's quick run only: alone,
// `node --test tests/js/` runs it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FIXTURES, fixtureBytes, fixtureJson, fixtureNames } from "./fixtures.mjs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js"; // the families' data (rules-core reads their wild cards)
import "../../static/js/rules-core.js";

const { compileTable, play } = globalThis.vpcharts.rules;
const { formatHand } = globalThis.vpcharts.cards;
const folder = process.env.VPCHARTS_PLAY_FIXTURE || FIXTURES;
const quick = process.env.VPCHARTS_JS_QUICK === "1" && "VPCHARTS_JS_QUICK=1 (the slow Python test runs it)";

function load(slug) {
  const data = fixtureJson(`play-${slug}.json.gz`, folder);
  const reps = new Uint8Array(fixtureBytes(`play-${slug}-reps.bin.gz`, folder));
  const bytes = fixtureBytes(`play-${slug}-optimal.bin.gz`, folder);
  const optimal = new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  assert.equal(reps.length, optimal.length * 5, "one representative per class");
  const classOfKey = new Map();
  for (let c = 0; c < optimal.length; c++) {
    const r = reps.subarray(c * 5, c * 5 + 5);
    classOfKey.set(repKey(r), c);
  }
  return { data, optimal, classOfKey };
}

function repKey(r) {
  return (((r[4] * 54 + r[3]) * 54 + r[2]) * 54 + r[1]) * 54 + r[0]; // (cards 0..53)
}

// The 24 orders of the four suits: SUIT_ORDERS[k][suit] is where suit goes.
const SUIT_ORDERS = orders([0, 1, 2, 3]);

function orders(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((first, i) => orders(items.filter((_, j) => j !== i)).map((rest) => [first, ...rest]));
}

/** The cards with their suits moved as `order` says (jokers, 52 and 53, have no suit). */
function withSuits(cards, order) {
  return cards.map((c) => (c >= 52 ? c : (c & ~3) | order[c & 3]));
}

/** How many deals a suit class holds: its representative's distinct images under the 24 orders. */
function classSize(rep) {
  return new Set(SUIT_ORDERS.map((order) => repKey(withSuits(rep, order).sort((a, b) => a - b)))).size;
}

// The suit class of a deal, as generator.solver.class_of finds it: suits relabelled by their
// rank masks, largest first (ties keep suit order), then the cards sorted. Returns the class and
// where each card sits in the representative.
function classOf(classOfKey, cards) {
  const masks = [0, 0, 0, 0];
  for (const c of cards) if (c < 52) masks[c & 3] |= 1 << (c >> 2);
  const order = [0, 1, 2, 3].sort((a, b) => masks[b] - masks[a] || a - b);
  const newSuit = [];
  order.forEach((old, i) => (newSuit[old] = i));
  const mapped = cards.map((c) => (c >= 52 ? c : (c & ~3) | newSuit[c & 3])); // jokers: no suit
  const rep = [...mapped].sort((a, b) => a - b);
  const cls = classOfKey.get(repKey(rep));
  return { cls, position: mapped.map((c) => rep.indexOf(c)) };
}

const slugs = fixtureNames("play-", ".json.gz", folder).map((name) => name.slice("play-".length, -".json.gz".length));

test("there is a table to play", () => {
  assert.ok(slugs.length >= 1, String(folder));
});

for (const slug of slugs) {
  test(`${slug}: deals map to Python's suit classes`, () => {
    const { data, classOfKey } = load(slug);
    assert.equal(data.classes.length, 2000);
    for (const { cards, class: cls, position } of data.classes) {
      assert.deepEqual(classOf(classOfKey, cards), { cls, position }, formatHand(cards));
    }
  });

  test(`${slug}: the exact table picks an optimal hold on every suit class`, { skip: quick }, () => {
    const { data, optimal, classOfKey } = load(slug);
    const table = compileTable(data.lines, data.rules);
    const perLine = new Array(table.lines.length).fill(0);
    const reps = new Uint8Array(fixtureBytes(`play-${slug}-reps.bin.gz`, folder));
    const misplays = [];
    let deals = 0;
    let seed = 1;
    for (let c = 0; c < optimal.length; c++) {
      const rep = Array.from(reps.subarray(c * 5, c * 5 + 5));
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const cards = withSuits(rep, SUIT_ORDERS[seed % SUIT_ORDERS.length]).sort((a, b) => a - b);
      const { cls, position } = classOf(classOfKey, cards);
      assert.equal(cls, c, `${formatHand(cards)} is a deal of class ${c}`);
      const size = classSize(rep);
      deals += size;
      const result = play(table, cards);
      if (result.line < 0) {
        misplays.push(`${formatHand(cards)}: no line applies`);
        continue;
      }
      perLine[result.line] += size;
      for (const mask of result.tied) {
        let repMask = 0;
        for (let i = 0; i < 5; i++) if ((mask >> i) & 1) repMask |= 1 << position[i];
        if (!((optimal[cls] >>> repMask) & 1)) {
          misplays.push(`${formatHand(cards)}: line ${table.lines[result.line].line.number} holds ${mask}`);
        }
      }
    }
    const n = data.rules.deck_size;
    assert.equal(deals, (n * (n - 1) * (n - 2) * (n - 3) * (n - 4)) / 120); // C(n, 5)
    assert.deepEqual(misplays.slice(0, 20), [], `${misplays.length} misplays`);
    // Each line decides exactly the deals the export says it does.
    assert.deepEqual(perLine, table.lines.map((entry) => entry.line.deals));
  });
}
