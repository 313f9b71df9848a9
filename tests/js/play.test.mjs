// The strategy table played by the JS rule engine on every one of the 2,598,960 deals, each
// hold looked up in the optimal holds Python solved (fixtures by tests/make_js_fixtures.py, for
// each pay table with play-<slug>.json.gz: its rules, its exact table's lines, and Python's
// class_of on 2,000 sampled deals; -reps.bin.gz = each suit class's sorted representative,
// 5 bytes; -optimal.bin.gz = a little-endian 32-bit mask of the class's optimal holds).
// VPCHARTS_PLAY_FIXTURE names another folder of such files (the slow Python test's other tables).
// VPCHARTS_JS_QUICK=1 skips the every-deal run (minutes), for tests/test_js.py's quick run only:
// alone, `node --test tests/js/` runs it.
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

  test(`${slug}: the exact table picks an optimal hold on every deal`, { skip: quick }, () => {
    const { data, optimal, classOfKey } = load(slug);
    const table = compileTable(data.lines, data.rules);
    const perLine = new Array(table.lines.length).fill(0);
    const n = data.rules.deck_size;
    let deals = 0;
    const misplays = [];
    const cards = [0, 0, 0, 0, 0];
    for (let c4 = 4; c4 < n; c4++) for (let c3 = 3; c3 < c4; c3++) for (let c2 = 2; c2 < c3; c2++)
      for (let c1 = 1; c1 < c2; c1++) for (let c0 = 0; c0 < c1; c0++) {
        cards[0] = c0; cards[1] = c1; cards[2] = c2; cards[3] = c3; cards[4] = c4;
        deals += 1;
        const result = play(table, cards);
        const { cls, position } = classOf(classOfKey, cards);
        if (result.line < 0) {
          misplays.push(`${formatHand(cards)}: no line applies`);
          continue;
        }
        perLine[result.line] += 1;
        for (const mask of result.tied) {
          let repMask = 0;
          for (let i = 0; i < 5; i++) if ((mask >> i) & 1) repMask |= 1 << position[i];
          if (!((optimal[cls] >>> repMask) & 1)) {
            misplays.push(`${formatHand(cards)}: line ${table.lines[result.line].line.number} holds ${mask}`);
          }
        }
      }
    assert.equal(deals, (n * (n - 1) * (n - 2) * (n - 3) * (n - 4)) / 120); // C(n, 5)
    assert.deepEqual(misplays.slice(0, 20), [], `${misplays.length} misplays`);
    // Each line decides exactly the deals the export says it does.
    assert.deepEqual(perLine, table.lines.map((entry) => entry.line.deals));
  });
}
