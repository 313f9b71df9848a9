// Exact EVs and hold features: the JS engines against Python's integers (fixture by
// tests/test_js.py: the pay table's rules, its unit, and sampled deals with their 32 EVs).
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import "../../static/js/cards.js";
import "../../static/js/evaluator.js";
import "../../static/js/ev-engine.js";
import "../../static/js/rules-core.js";

const { makeEngine } = globalThis.vpcharts.ev;
const { describe, rankKey, gameOf, dealKey } = globalThis.vpcharts.rules;
const { formatHand } = globalThis.vpcharts.cards;
const path = process.env.VPCHARTS_EV_FIXTURE;
const skip = !path && "VPCHARTS_EV_FIXTURE not set (run from tests/test_js.py)";
const fixture = path ? JSON.parse(fs.readFileSync(path, "utf8")) : null;

test("every hold's EV equals Python's integer exactly", { skip }, () => {
  const engine = makeEngine(fixture.rules);
  assert.equal(engine.unit, BigInt(fixture.unit), "unit (ev_denominator)");
  assert.ok(fixture.deals.length >= 1000);
  for (const { cards, evs } of fixture.deals) {
    const got = engine.evs(cards).map((x) => BigInt(x));
    assert.deepEqual(got, evs.map(BigInt), `${fixture.slug} ${formatHand(cards)}`);
  }
});

test("enumerating every draw directly gives the same integers", { skip }, () => {
  const engine = makeEngine(fixture.rules);
  for (const { cards, evs } of fixture.deals.slice(0, 3)) {
    assert.deepEqual(engine.bruteEvs(cards).map((x) => BigInt(x)), evs.map(BigInt), formatHand(cards));
  }
});

test("hold features and order keys equal features.describe and rank_key", { skip }, () => {
  const game = gameOf(fixture.rules);
  for (const { cards, features, keys } of fixture.deals) {
    if (!features) continue;
    for (let mask = 0; mask < 32; mask++) {
      assert.deepEqual(Array.from(describe(cards, mask, game)), features[mask], `${formatHand(cards)} hold ${mask}`);
      assert.equal(rankKey(cards, mask, game), keys[mask], `${formatHand(cards)} key ${mask}`);
    }
  }
});

test("a deal's key is the representative Python names deal exceptions by", { skip }, () => {
  for (const { cards, rep } of fixture.deals) {
    if (rep) assert.equal(dealKey(cards), rep, formatHand(cards));
  }
});
