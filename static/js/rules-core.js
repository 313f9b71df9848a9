// The strategy table played in the browser: hold features, line conditions, the first-match
// rule and each line's choice rule, ported from generator/strategy/features.py (features,
// rank_key, choice_key) and generator/strategy/deal_kernels.py
// (verify_deals: how a deal is played). docs/user-guide/06-json-export.md: "Playing the table",
// "Hold features".
//
// Each card's rank, suit and whether it is wild come from the family's data (evaluator.js's
// FAMILIES, from generator/solve/families.py): the jokers, the deuces, the sevens, the one-eyed
// jacks; a fifth ace's star suit (4) makes no flush. evaluator.js must be loaded before gameOf
// is called.
//
// No import/export: attaches to globalThis.vpcharts.rules (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});

  const KIND_NAMES = ["NONE", "WILD", "RF", "SF", "F", "S", "X", "PAIR", "TWO_PAIR", "TRIPS", "FULL_HOUSE", "QUADS", "FIVE"];
  const [NONE, WILD, RF, SF, F, S, X, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS, FIVE] = KIND_NAMES.keys();
  const N_KINDS = KIND_NAMES.length;
  const FEATURES = ["n", "w", "kind", "s", "h", "sh", "ranks", "fp", "sp", "hp", "disc", "wd", "ds", "rp", "sfp", "bp", "shf", "shp", "ws", "kc", "kcd", "best", "deal"];
  const FEATURE_INDEX = Object.fromEntries(FEATURES.map((name, i) => [name, i]));
  const [F_N, F_W, F_KIND, F_S, F_H, F_SH, F_RANKS, F_FP, F_SP, F_HP, F_DISC, F_WD, F_DS, F_RP, F_SFP, F_BP, F_SHF, F_SHP, F_WS, F_KC, F_KCD, F_BEST, F_DEAL] = FEATURES.keys();
  const OP_EQ = 1, OP_GE = 2, OP_LE = 3, OP_BIT = 4, OP_NOBIT = 5, OP_IN = 6;
  const OPS = { "==": OP_EQ, ">=": OP_GE, "<=": OP_LE, has: OP_BIT, lacks: OP_NOBIT, in: OP_IN };
  const ROYAL_MASK = 0x1f00;
  const WINDOWS = [0x100f, 0x1f, 0x3e, 0x7c, 0xf8, 0x1f0, 0x3e0, 0x7c0, 0xf80, 0x1f00]; // A-5, 2-6 .. T-A
  const N_PATTERNS = 6 * 6 * N_KINDS;
  const N_FEATURES = FEATURES.length;

  function fitsWindow(mask) {
    for (const window of WINDOWS) if ((mask & ~window) === 0) return true;
    return false;
  }

  /** The game as the features need it, from the export's `rules`. */
  function gameOf(rules) {
    const family = rules.family;
    const evaluator = root.vpcharts.evaluator;
    if (!evaluator) throw new Error("rules-core.js needs evaluator.js (the families' data)");
    if (evaluator.FAMILIES[family] === undefined) throw new Error(`unknown family ${family}`);
    const { ranks, suits, kinds, kickerMarks, group } = evaluator.family(family);
    const wild = kinds.map((kind) => (kind > 0 ? 1 : 0));
    return {
      family,
      ranks, // per card id: its rank (-1: a joker)
      suits, // per card id: its suit (4: a fifth ace's star, which makes no flush; -1: a joker)
      wild, // per card id: 1 if wild
      // per card id: 1 if a category pays it as a kicker of named suits (Family.kicker_card_ids)
      kicker: Array.from(kickerMarks, (marks) => (marks ? 1 : 0)),
      // Whether some wild card has a face (deuces, sevens, one-eyed jacks): Family.faced_wilds.
      faced: wild.some((w, card) => w && ranks[card] >= 0),
      // Per suit 0-3, 1 if a wild card is of it (features.wild_suits).
      wildSuits: [0, 1, 2, 3].map((suit) => (wild.some((w, card) => w && suits[card] === suit) ? 1 : 0)),
      // The suit permutations that keep each card's wild kind and kicker marks
      // (Family.suit_group; perm[suit] is its image): all 24 but where the wild cards or a
      // kicker single out suits (the one-eyed jacks, a black jack).
      group,
      // Ranks at or above this are high cards (13: none, where no pair pays).
      high: rules.min_pair === null ? 13 : rules.min_pair,
      extras: root.vpcharts.cards.deckExtras(rules), // parseHand's deck: the cards past 52
    };
  }

  function isWild(card, game) {
    return game.wild[card] === 1;
  }

  /**
   * The features of holding cards[i] for each bit i of mask, in FEATURES order (an Int32Array).
   * Mirrors features.describe; `out` may be passed to avoid allocating. `best` compares the
   * hold with its rivals, so the whole deal is described (describeInto), as play() does once.
   */
  function describe(cards, mask, game, out = new Int32Array(FEATURES.length)) {
    const deal = describeInto(cards, game, new Int32Array(32 * N_FEATURES));
    out.set(deal.subarray(mask * N_FEATURES, (mask + 1) * N_FEATURES));
    return out;
  }

  const drawTop = new Int32Array(36); // by cards held * 6 + wild cards held

  /** The features of the 32 holds of a deal written into `buffer` (32 rows of N_FEATURES, row =
   * mask; bit i of a mask holds cards[i]), `best` marked: 1 for each draw to a straight flush
   * that no draw of as many cards and wild cards beats (features.describe's `best`). No
   * allocation: pricing a strategy on every suit class (priceLevels) describes each deal once. */
  function describeInto(cards, game, buffer) {
    drawTop.fill(-1);
    for (let mask = 0; mask < 32; mask++) {
      const base = mask * N_FEATURES;
      ownFeatures(cards, mask, game, buffer, base);
      const group = buffer[base + F_N] * 6 + buffer[base + F_W];
      const key = drawKeyAt(buffer, base);
      if (key > drawTop[group]) drawTop[group] = key;
    }
    for (let mask = 0; mask < 32; mask++) {
      const base = mask * N_FEATURES;
      const key = drawKeyAt(buffer, base);
      buffer[base + F_BEST] = key >= 0 && key === drawTop[buffer[base + F_N] * 6 + buffer[base + F_W]] ? 1 : 0;
    }
    return buffer;
  }

  function drawKeyAt(f, base) {
    const kind = f[base + F_KIND];
    if ((kind !== RF && kind !== SF) || f[base + F_N] === 5) return -1;
    return (f[base + F_S] * 100 + 99 - f[base + F_FP]) * 100 + 99 - f[base + F_SP];
  }

  const rankCounts = new Int8Array(13);
  const suitDrops = new Int32Array(5); // (suit 4: the star of a fifth ace)

  // heldShape's answer, reused (four million holds a pay table: no object each).
  const shape = { n: 0, w: 0, kind: 0, rankMask: 0, suit: -1, s: 0, h: 0 };

  /** The held cards' own facts: how many (n), wild cards (w), kind, rank mask, the suit of a
   * suited hold's natural cards (-1: none), straight windows (s) and high cards (h); the kind is
   * all a hold's pattern needs (hold-data.js reads it alone, then describes the deal whole). */
  function heldShape(cards, mask, game) {
    const high = game.high;
    let n = 0, w = 0, rankMask = 0, suit = -1, suited = true, distinct = true, h = 0;
    const counts = rankCounts;
    counts.fill(0);
    for (let i = 0; i < 5; i++) {
      if (!((mask >> i) & 1)) continue;
      const card = cards[i];
      n += 1;
      if (isWild(card, game)) {
        w += 1;
        continue;
      }
      const r = game.ranks[card];
      if ((rankMask >> r) & 1) distinct = false;
      rankMask |= 1 << r;
      counts[r] += 1;
      if (r >= high) h += 1;
      if (game.suits[card] > 3) suited = false;
      else if (suit < 0) suit = game.suits[card];
      else if (game.suits[card] !== suit) suited = false;
    }
    let s = 0;
    if (distinct) for (let i = 0; i < WINDOWS.length; i++) if ((rankMask & ~WINDOWS[i]) === 0) s += 1;
    let kind;
    if (n === 0) kind = NONE;
    else if (n === w) kind = WILD;
    else if (!distinct) {
      let top = 0, pairs = 0;
      for (let r = 0; r < 13; r++) {
        if (counts[r] > top) top = counts[r];
        if (counts[r] === 2) pairs += 1;
      }
      if (top === 5) kind = FIVE;
      else if (top === 4) kind = QUADS;
      else if (top === 3) kind = pairs === 1 ? FULL_HOUSE : TRIPS;
      else kind = pairs === 2 ? TWO_PAIR : PAIR;
    } else if (suited && s > 0 && (rankMask & ~ROYAL_MASK) === 0) kind = RF;
    else if (suited && s > 0) kind = SF;
    else if (suited) kind = F;
    else if (s > 0) kind = S;
    else kind = X;
    shape.n = n; shape.w = w; shape.kind = kind; shape.rankMask = rankMask; shape.suit = suit; shape.s = s; shape.h = h;
    return shape;
  }

  /** The features of one hold that depend on it alone (all but `best`), at out[base...]. */
  function ownFeatures(cards, mask, game, out, base = 0) {
    const high = game.high;
    const { n, w, kind, rankMask, suit, s, h } = heldShape(cards, mask, game);
    let sp = 0, hp = 0, disc = 0, wd = 0, rp = 0, sfp = 0, bp = 0;
    suitDrops.fill(0);
    const straightish = kind === RF || kind === SF || kind === S;
    const suitedKind = kind === RF || kind === SF || kind === F;
    for (let i = 0; i < 5; i++) {
      if ((mask >> i) & 1) continue;
      const card = cards[i];
      if (isWild(card, game)) {
        wd += 1;
        continue;
      }
      suitDrops[game.suits[card]] += 1;
      const r = game.ranks[card];
      disc |= 1 << r;
      if (r >= high) hp += 1;
      const newRank = !((rankMask >> r) & 1);
      if (!newRank) bp += 1; // a pair broken
      const heldSuit = suitedKind && game.suits[card] === suit;
      // Royal penalty; wild cards with a face alone or nothing held: every royal card discarded.
      if (r >= 8 && (heldSuit || (game.faced && (kind === WILD || kind === NONE)))) rp += 1;
      if (heldSuit && (kind === RF || kind === SF) && newRank && fitsWindow(rankMask | (1 << r))) sfp += 1;
      if (straightish && newRank && fitsWindow(rankMask | (1 << r))) sp += 1;
    }
    // Flush penalty: the most discards sharing the suit of a held natural card.
    let fp = 0;
    for (let i = 0; i < 5; i++) {
      if ((mask >> i) & 1 && !isWild(cards[i], game) && suitDrops[game.suits[cards[i]]] > fp) fp = suitDrops[game.suits[cards[i]]];
    }
    let ds = 0;
    for (let i = 0; i < 4; i++) if (suitDrops[i] > ds) ds = suitDrops[i];
    out[base + F_N] = n;
    out[base + F_W] = w;
    out[base + F_KIND] = kind;
    out[base + F_S] = s;
    out[base + F_H] = h;
    out[base + F_SH] = s + h;
    out[base + F_RANKS] = rankMask;
    out[base + F_FP] = fp;
    out[base + F_SP] = sp;
    out[base + F_HP] = hp;
    out[base + F_DISC] = disc;
    out[base + F_WD] = wd;
    out[base + F_DS] = ds;
    out[base + F_RP] = rp;
    out[base + F_SFP] = sfp;
    out[base + F_BP] = bp;
    out[base + F_SHF] = s + h - fp; // the scores: s + h less penalty cards
    out[base + F_SHP] = s + h - fp - sp;
    out[base + F_WS] = suitedKind && game.wildSuits[suit] ? 1 : 0; // the held suit a wild card's
    let kc = 0, kcd = 0; // black jacks held, discarded
    for (let i = 0; i < 5; i++) {
      if (game.kicker[cards[i]]) {
        if ((mask >> i) & 1) kc += 1;
        else kcd += 1;
      }
    }
    out[base + F_KC] = kc;
    out[base + F_KCD] = kcd;
    out[base + F_BEST] = 0;
    out[base + F_DEAL] = -1; // the deal's class: set by play() when the table has deal exceptions
    return out;
  }

  /** Order among holds that fit the same line: more wild cards, then higher ranks, first. */
  function rankKey(cards, mask, game) {
    let w = 0;
    const ranks = [];
    for (let i = 0; i < 5; i++) {
      if (!((mask >> i) & 1)) continue;
      if (isWild(cards[i], game)) w += 1;
      else ranks.push(game.ranks[cards[i]]);
    }
    ranks.sort((a, b) => b - a);
    let key = w;
    for (let i = 0; i < 5; i++) key = key * 14 + (i < ranks.length ? ranks[i] + 1 : 0);
    return key; // below 6 * 14^5, an exact Number
  }

  // Choice rules (features.CHOICES): which of the holds meeting a line is held where a line
  // fits a deal in more than one way. Each counts a feature before the ranks (-1: the ranks
  // alone, rankKey): "higher" the higher cards, "straights" the most straights (s), "high" the
  // most high cards (h). A line without a rule plays the higher cards.
  const CHOICES = { higher: -1, straights: F_S, high: F_H };
  const KEY_SPAN = 5 * 14 ** 5; // above every rankKey (features.KEY_SPAN)

  // Their words (features.CHOICE_WORDS), for the checker's "why".
  const CHOICE_WORDS = { higher: "the higher cards", straights: "the most straights (open-ended before inside)", high: "the most high cards" };

  /** The words of the rule a line plays: "the higher cards". */
  function choiceWords(line) {
    choiceCount(line);
    return CHOICE_WORDS[line.choice ?? "higher"];
  }

  function choiceCount(line) {
    const count = CHOICES[line.choice ?? "higher"];
    if (count === undefined) throw new Error(`unknown choice rule ${JSON.stringify(line.choice)}`);
    return count;
  }

  /** A hold's place in the order of a line's choice rule (features.choice_key): its features
   * at f[base...], its rank key. */
  function choiceKey(entry, f, base, key) {
    return entry.count < 0 ? key : f[base + entry.count] * KEY_SPAN + key;
  }

  /**
   * A deal's representative, as the export writes it in `deal` conditions: suits relabelled by
   * the permutation of the game's suit group that makes the rank masks of c, d, h, s largest,
   * read in that order (with all 24: masks that do not increase), cards in ascending id order
   * ("3d 4h 6d Jc Kc"), as solver.class_of does. Permutations giving the same masks map the
   * deal onto itself, so ties need no rule.
   */
  function dealKey(cards, game) {
    const masks = [0, 0, 0, 0];
    for (const card of cards) if (card < 52) masks[card & 3] |= 1 << (card >> 2);
    let newSuit = null;
    let best = null;
    for (const perm of game.group) {
      const image = [0, 0, 0, 0];
      for (let suit = 0; suit < 4; suit++) image[perm[suit]] = masks[suit];
      const order = best === null ? 1 : image.map((m, i) => m - best[i]).find((d) => d !== 0) ?? 0;
      if (order > 0) {
        best = image;
        newSuit = perm;
      }
    }
    const mapped = cards.map((card) => (card >= 52 ? card : (card & ~3) | newSuit[card & 3]));
    mapped.sort((a, b) => a - b);
    return root.vpcharts.cards.formatHand(mapped, false, game.extras);
  }

  function compileCondition([name, op, value], dealIds) {
    const feature = FEATURE_INDEX[name];
    const code = OPS[op];
    if (feature === undefined || code === undefined) throw new Error(`unknown condition ${JSON.stringify([name, op, value])}`);
    if (code === OP_IN && feature === F_DEAL) {
      // Deals are matched by number: each listed representative gets one.
      return [feature, code, new Set(value.map((text) => {
        if (!dealIds.has(text)) dealIds.set(text, dealIds.size);
        return dealIds.get(text);
      }))];
    }
    if (code === OP_IN) return [feature, code, new Set(value)];
    if (feature === F_KIND) return [feature, code, KIND_NAMES.indexOf(value)];
    return [feature, code, value];
  }

  function conditionHolds(condition, features) {
    return conditionHoldsAt(condition, features, 0);
  }

  /**
   * A strategy table ready to play: `lines` from the export (strategy.lines or
   * strategy.simple.lines), in number order. Each pattern (n, w, kind) gets the lines it could
   * meet, so a hold is tested only against those (as verify_deals does).
   */
  function compileTable(lines, rules) {
    const ordered = [...lines].sort((a, b) => a.number - b.number);
    const dealIds = new Map();
    const compiled = ordered.map((line) => ({
      line, conditions: line.conditions.map((c) => compileCondition(c, dealIds)),
      count: choiceCount(line),
    }));
    const buckets = Array.from({ length: N_PATTERNS }, () => []);
    const probe = new Int32Array(FEATURES.length);
    for (let p = 0; p < N_PATTERNS; p++) {
      probe[F_N] = Math.floor(p / (6 * N_KINDS));
      probe[F_W] = Math.floor(p / N_KINDS) % 6;
      probe[F_KIND] = p % N_KINDS;
      compiled.forEach((entry, index) => {
        const fixed = entry.conditions.filter(([f]) => f === F_N || f === F_W || f === F_KIND);
        if (fixed.every((c) => conditionHolds(c, probe))) buckets[p].push(index);
      });
    }
    return { game: gameOf(rules), lines: compiled, buckets, dealIds };
  }

  /**
   * Play a deal: the first line that any hold meets applies; among its holds, the first in the
   * order of the line's choice rule (choiceKey) wins. Returns {line (index into table.lines, -1
   * if none), mask, tied (every mask with the top key: all are the table's play), features (the
   * 32 holds' features in one buffer, row = mask, as describeInto writes them), firstLines (each
   * hold's own first line)}. Bit i of a mask holds cards[i]. One buffer and no view a hold:
   * the tests play every deal of the deck through here.
   */
  function play(table, cards) {
    const features = describeInto(cards, table.game, new Int32Array(32 * N_FEATURES));
    const deal = dealId(table, cards);
    const firstLines = new Int32Array(32);
    const end = table.lines.length;
    let applied = end;
    for (let mask = 0; mask < 32; mask++) {
      const base = mask * N_FEATURES;
      features[base + F_DEAL] = deal;
      firstLines[mask] = firstLineAt(table, features, base);
      if (firstLines[mask] >= 0 && firstLines[mask] < applied) applied = firstLines[mask];
    }
    if (applied === end) return { line: -1, mask: 0, tied: [], features, firstLines };
    let top = -1;
    let tied = [];
    for (let mask = 0; mask < 32; mask++) {
      if (firstLines[mask] !== applied) continue;
      const key = choiceKey(table.lines[applied], features, mask * N_FEATURES, rankKey(cards, mask, table.game));
      if (key > top) {
        top = key;
        tied = [mask];
      } else if (key === top) tied.push(mask);
    }
    return { line: applied, mask: tied[0], tied, features, firstLines };
  }

  /** The index of the first line the hold whose features start at buffer[base] meets, or -1. */
  function firstLineAt(table, buffer, base) {
    const bucket = table.buckets[(buffer[base + F_N] * 6 + buffer[base + F_W]) * N_KINDS + buffer[base + F_KIND]];
    for (let i = 0; i < bucket.length; i++) if (meetsLine(table, bucket[i], buffer, base)) return bucket[i];
    return -1;
  }

  function conditionHoldsAt(condition, buffer, base) {
    const x = buffer[base + condition[0]];
    const value = condition[2];
    switch (condition[1]) {
      case OP_EQ: return x === value;
      case OP_GE: return x >= value;
      case OP_LE: return x <= value;
      case OP_BIT: return ((x >> value) & 1) === 1;
      case OP_NOBIT: return ((x >> value) & 1) === 0;
      case OP_IN: return value.has(x);
    }
    return false;
  }

  /** Whether the hold whose features start at buffer[base] meets line `index` of the table. */
  function meetsLine(table, index, buffer, base) {
    const conditions = table.lines[index].conditions;
    for (let i = 0; i < conditions.length; i++) if (!conditionHoldsAt(conditions[i], buffer, base)) return false;
    return true;
  }

  /**
   * play()'s hold, fast: the deal's features already in `buffer` (describeInto), `deal` the
   * deal's id among the table's deal exceptions (dealId, or -1). The first line any hold meets
   * applies; of the holds meeting it, the lowest mask first in its choice rule's order (play's
   * `mask`).
   * Returns -1 when no line applies. Pricing a table on every suit class calls this once per
   * class and table, describing each class once for all of them.
   */
  function holdOf(table, cards, buffer, deal) {
    const end = table.lines.length;
    let applied = end;
    for (let mask = 0; mask < 32; mask++) {
      const base = mask * N_FEATURES;
      buffer[base + F_DEAL] = deal;
      const bucket = table.buckets[(buffer[base + F_N] * 6 + buffer[base + F_W]) * N_KINDS + buffer[base + F_KIND]];
      for (let i = 0; i < bucket.length; i++) {
        const index = bucket[i];
        if (index >= applied) break;
        if (meetsLine(table, index, buffer, base)) {
          applied = index;
          break;
        }
      }
    }
    if (applied === end) return -1;
    // A hold meeting the applied line has it as its first line, since none meets an earlier one.
    let top = -1;
    let chosen = -1;
    for (let mask = 0; mask < 32; mask++) {
      if (!meetsLine(table, applied, buffer, mask * N_FEATURES)) continue;
      const key = choiceKey(table.lines[applied], buffer, mask * N_FEATURES, rankKey(cards, mask, table.game));
      if (key > top) {
        top = key;
        chosen = mask;
      }
    }
    return chosen;
  }

  /** The id of the deal among the table's deal exceptions, or -1. */
  function dealId(table, cards) {
    if (!table.dealIds.size) return -1;
    const id = table.dealIds.get(dealKey(cards, table.game));
    return id === undefined ? -1 : id;
  }

  // The numbers of the features, kinds and condition operators, for the derivation (derive.js).
  const FEATURE_NUMBERS = { F_N, F_W, F_KIND, F_S, F_H, F_SH, F_RANKS, F_FP, F_SP, F_HP, F_DISC, F_WD, F_DS, F_RP, F_SFP, F_BP, F_SHF, F_SHP, F_WS, F_KC, F_KCD, F_BEST, F_DEAL };
  const OP_NUMBERS = { OP_EQ, OP_GE, OP_LE, OP_BIT, OP_NOBIT, OP_IN };

  ns.rules = {
    KIND_NAMES, FEATURES, FEATURE_NUMBERS, OPS, OP_NUMBERS, WINDOWS, CHOICES, choiceWords, gameOf, isWild, heldShape, describe, describeInto, rankKey, dealKey, compileTable,
    play, holdOf, dealId,
  };
})(globalThis);
