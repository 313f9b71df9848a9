// Exact EVs and hold features: the JS engines against Python's integers (fixtures/evs-<slug>.json.gz,
// by tests/make_js_fixtures.py: a pay table's rules, its unit, and 1,000 sampled deals (200 for
// the newer families) with their 32 EVs, the first 200 with their hold features, order keys and
// representative), for one table of every family. Every hold's EV sums the pays of all its
// draws, so equal EVs on every hold of every deal check the JS evaluator's pay line of every hand
// those deals draw against Python's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixtureJson, fixtureNames } from "./fixtures.mjs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/combinatorics.js";
import "../../static/js/ev-engine.js";
import "../../static/js/rules-core.js";

const { makeEngine } = globalThis.vpcharts.ev;
const { FAMILIES } = globalThis.vpcharts.evaluator;
const { describe, rankKey, gameOf, dealKey } = globalThis.vpcharts.rules;
const { formatHand } = globalThis.vpcharts.cards;
const names = fixtureNames("evs-", ".json.gz");

test("there is an EV fixture for each of the thirteen tables, one of every family at least", () => {
  assert.equal(names.length, 13, names.join(", "));
  const families = new Set(names.map((name) => fixtureJson(name).rules.family));
  assert.deepEqual([...families].sort(), Object.keys(FAMILIES).sort());
});

test("pays too large for Numbers: the engine counts in BigInts and still equals every draw enumerated", () => {
  const rules = fixtureJson(names.find((name) => name.includes("jacks-or-better"))).rules;
  const huge = { ...rules, pays: rules.pays.map((p, i) => (i === 0 ? { ...p, pay: "4000000000000" } : p)) };
  const engine = makeEngine(huge);
  assert.equal(engine.exactInNumber, false);
  const cards = [48, 44, 40, 36, 3]; // A, K, Q, J of one suit and a deuce: 4 to the royal
  const got = engine.evs(cards);
  assert.equal(typeof got[0], "bigint");
  assert.deepEqual(got, engine.bruteEvs(cards));
});

for (const name of names) {
  const fixture = fixtureJson(name);
  const slug = fixture.slug;

  test(`${slug}: every hold's EV equals Python's integer exactly`, () => {
    const engine = makeEngine(fixture.rules);
    assert.equal(engine.unit, BigInt(fixture.unit), "unit (ev_denominator)");
    assert.ok(fixture.deals.length >= 200);
    assert.equal(fixture.rules.deck_size, FAMILIES[fixture.rules.family].deck.length);
    for (const { cards, evs } of fixture.deals) {
      const got = engine.evs(cards).map((x) => BigInt(x));
      assert.deepEqual(got, evs.map(BigInt), `${slug} ${formatHand(cards)}`);
    }
  });

  test(`${slug}: enumerating every draw directly gives the same integers`, () => {
    const engine = makeEngine(fixture.rules);
    for (const { cards, evs } of fixture.deals.slice(0, 3)) {
      assert.deepEqual(engine.bruteEvs(cards).map((x) => BigInt(x)), evs.map(BigInt), formatHand(cards));
    }
  });

  test(`${slug}: hold features and order keys equal features.describe and rank_key`, () => {
    const game = gameOf(fixture.rules);
    let checked = 0;
    for (const { cards, features, keys } of fixture.deals) {
      if (!features) continue;
      checked += 1;
      for (let mask = 0; mask < 32; mask++) {
        assert.deepEqual(Array.from(describe(cards, mask, game)), features[mask], `${formatHand(cards)} hold ${mask}`);
        assert.equal(rankKey(cards, mask, game), keys[mask], `${formatHand(cards)} key ${mask}`);
      }
    }
    assert.equal(checked, 200);
  });

  test(`${slug}: a deal's key is the representative Python names deal exceptions by`, () => {
    const game = gameOf(fixture.rules);
    let checked = 0;
    for (const { cards, rep } of fixture.deals) {
      if (!rep) continue;
      checked += 1;
      assert.equal(dealKey(cards, game), rep, formatHand(cards));
    }
    assert.equal(checked, 200);
  });
}
