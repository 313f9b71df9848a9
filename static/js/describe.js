// Strategy lines in words: the text a player reads and the paper's compact notation, as the build
// writes them. A port of generator/strategy/describe.py (a line's parts: what it holds, the wild
// cards among them, "the best", its qualifiers) and generator/core/line_parts.py (the parts said
// both ways), word for word, so that a chart derived in the browser reads as the build's
// (tests/js/describe.test.mjs holds every line's parts, text and notation to Python's).
//
// In: a table's lines as Python's Strategy holds them: conditions [feature, op, value] by number
// (rules-core's FEATURE_NUMBERS, OP_NUMBERS), an `in` condition's value an index into `rankSets`
// (each an ascending array of rank masks, or of suit classes for `deal`); `indexed` makes both of
// derive.js's lines, whose sets are written inline. Also the family's key, the game's lowest high
// rank (13: none) and `dealText`, a suit class's deal written out.
// Out: each line's parts (`tableParts`, `lineParts`), a plain object whose fields keep
// line_parts.LineParts' names, so that a derived line's parts and the export's (the page data's
// `parts`) read alike; `text(parts)` ("3 to a Royal Flush: no flush penalty"),
// `notation(parts)` ("3RF: no fp"), `marked`, `used`, and `partsJson` (parts_json's JSON).
//
// A line is read in steps, as describe.py reads it: `readLine` (its pattern, the rank condition,
// a long rank list as a phrase), the first of HEADS that names its hold, then `qualifiers`
// (every condition the head does not say, with its role).
//
// No import/export: attaches to globalThis.vpcharts.describe (see cards.js for why). Load
// rules-core.js, rank-words.js and describe-data.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const W = ns.rankWords;
  const { F_N, F_W, F_KIND, F_S, F_H, F_SH, F_RANKS, F_FP, F_SP, F_HP, F_DISC, F_DS, F_RP, F_SFP,
    F_BP, F_SHF, F_SHP, F_WS, F_KC, F_KCD, F_BEST, F_DEAL } = R.FEATURE_NUMBERS;
  const { OP_EQ, OP_GE, OP_LE, OP_BIT, OP_NOBIT, OP_IN } = R.OP_NUMBERS;
  const [NONE, WILD, RF, SF, F, S, X, PAIR, TWO_PAIR, TRIPS, FULL_HOUSE, QUADS, FIVE] = R.KIND_NAMES.keys();
  const RANKS = W.RANKS;
  const ROYAL_MASK = 0x1f00;
  const COUNTS = [F_H, F_S, F_SH];
  const SCORES = [F_SHF, F_SHP];
  // What a qualifier tells (line_parts.py): which hold is meant, a note on the discards, deals.
  const HOLD = "hold", NOTE = "note", DEALS = "deals";

  const KIND_TEXT = new Map([[RF, "Royal Flush"], [SF, "Straight Flush"], [F, "Flush"], [S, "Straight"]]);
  const KIND_ABBR = new Map([[RF, "RF"], [SF, "SF"], [F, "F"], [S, "S"]]);
  // Cards of a kind, wild cards counted in: a player's name and the paper's symbol ("33K").
  const OF_A_KIND = { 3: ["Three of a Kind", "3K"], 4: ["Four of a Kind", "4K"], 5: ["Five of a Kind", "5K"] };
  const RANK_NAMES = { T: "Tens", J: "Jacks", Q: "Queens", K: "Kings", A: "Aces" };
  const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];
  // Penalties among the discards: what one card of it is called, its symbol.
  const PENALTIES = new Map([[F_FP, ["flush penalty", "fp"]], [F_SP, ["straight penalty", "sp"]],
    [F_RP, ["royal penalty", "rp"]], [F_SFP, ["straight flush penalty", "sfp"]], [F_BP, ["broken pair", "bp"]]]);
  // Which hold is meant (the hold column); the other conditions test the discards, but for the
  // deals an exception line names.
  const ROLES = new Map([[F_RANKS, HOLD], [F_S, HOLD], [F_SH, HOLD], [F_H, HOLD], [F_SHF, HOLD],
    [F_SHP, HOLD], [F_DEAL, DEALS]]);
  // The key's symbols a rank phrase's atom uses: [in its notation, in its words]; a count is said
  // as a symbol in both ("s+h ≥ 3"), but for "inside" and "outside" (s) and the high cards (h).
  const ATOM_KEYS = new Map([["s", [["s"], ["s"]]], ["s+h", [["s+h"], ["s+h"]]], ["h", [["h"], []]],
    ["ace-low", [["ace-low"], ["ace-low"]]], ["rank", [["X held"], []]],
    ["ranks,lacks", [["without XYZ"], ["without XYZ"]]]]);
  const SIGNS = new Map([[OP_EQ, "="], [OP_GE, "≥"], [OP_LE, "≤"]]);
  // A line whose counts and ranks held leave at most this many rank sets says the sets
  // (describe.AS_SETS: "KQ or KJ or QJ unsuited", not "2 unsuited high cards: s ≥ 2").
  const AS_SETS = 4;
  const universes = new Map(); // (rank_universe's cache: a few dozen keys)

  // ---- small helpers: conditions and sets as Python compares them ----

  function sameCondition(a, b) {
    return a !== null && b !== null && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
  }

  function holdsCondition(list, c) {
    return list.some((d) => sameCondition(d, c));
  }

  function ascending(values) {
    return [...values].sort((a, b) => a - b);
  }

  function sameSet(a, b) {
    const bs = new Set(b);
    return new Set(a).size === bs.size && [...a].every((x) => bs.has(x));
  }

  /** Python's str.capitalize: the first character upper case, the rest lower. */
  function capitalize(s) {
    return s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s;
  }

  function family(key) {
    const found = ns.describeData[key];
    if (!found) throw new Error(`unknown family: ${key}`);
    return found;
  }

  // ---- words of ranks and counts ----

  /** 'Aces', 'Tens', '5s': a rank as "Pair of ..." and "Three ..." say it. */
  function rankPlural(rank) {
    return RANK_NAMES[rank] || rank + "s";
  }

  /** 'an A', 'an 8', 'a K': the article as the rank is said aloud. */
  function aRank(rank) {
    return ("A8".includes(rank) ? "an " : "a ") + rank;
  }

  /** 'J-A': ranks `low` to ace ('A' alone for ace). */
  function rankSpan(low) {
    return RANKS[low] + (low < 12 ? "-A" : "");
  }

  function plural(count, word) {
    return `${count} ${word}` + (count === 1 ? "" : "s");
  }

  /** The wild cards held, as a player names them: "2 deuces", "the joker" (core/wild_words). */
  function wildWord(familyKey, w) {
    return family(familyKey).held[w];
  }

  /** The notation's mark of wild cards among those held: "2D", "Jkr", "2Jkr", "3DJ". */
  function wildMark(familyKey, w) {
    return family(familyKey).marks[w];
  }

  /** 'no high card', 'at most 2 high cards', '1 high card', 'at least 2 high cards'. */
  function countWords(op, value, noun, pluralNoun) {
    if (value === 0 && (op === OP_EQ || op === OP_LE)) return `no ${noun}`;
    const word = value === 1 ? noun : pluralNoun;
    return { [OP_EQ]: `${value} ${word}`, [OP_GE]: `at least ${value} ${word}`, [OP_LE]: `at most ${value} ${word}` }[op];
  }

  /** 's+h−fp', 's+h−fp−sp': a score as the paper writes it ('s−fp' where no card is high). */
  function scoreSymbol(feature, highCards = true) {
    return (highCards ? "s+h" : "s") + (feature === F_SHF ? "−fp" : "−fp−sp");
  }

  /** describe.kicker_words: [words, notation] of the kicker cards of named suits a hold keeps or
   * discards (kc, kcd): "with a black jack", "kc"; "no black jack discarded", "no kcd". */
  function kickerWords(familyKey, discarded, count) {
    const name = family(familyKey).kicker_name, symbol = discarded ? "kcd" : "kc";
    const said = { 0: `no ${name}`, 1: `a ${name}`, 2: `both ${name}s` }[count] || `${count} ${name}s`;
    const words = discarded ? `${said} discarded` : count === 0 ? said : `with ${said}`;
    return [words, { 0: `no ${symbol}`, 1: symbol }[count] || `${count}${symbol}`];
  }

  /** The suits a wild card is of, or the others, by name: "hearts or spades". */
  function suitWords(familyKey, wild) {
    const own = family(familyKey).wild_suits;
    const suits = wild ? own : [0, 1, 2, 3].filter((s) => !own.includes(s));
    const names = ascending(suits).map((s) => SUIT_NAMES[s]);
    return names.length < 3 ? names.join(" or ") : names.slice(0, -1).join(", ") + " or " + names[names.length - 1];
  }

  /** Every set of held natural ranks a hold of this kind can have (ascending), or null where a
   * rank set is not read against its complement (describe.rank_universe). */
  function rankUniverse(kind, naturals, familyKey) {
    if (![RF, SF, S, F, X].includes(kind) || naturals < 1) return null;
    const key = `${kind}|${naturals}|${familyKey}`;
    if (!universes.has(key)) universes.set(key, universeOf(kind, naturals, family(familyKey).natural_ranks));
    return universes.get(key);
  }

  function universeOf(kind, naturals, ranks) {
    const out = [];
    const walk = (from, mask, left) => {
      if (left === 0) {
        const fits = R.WINDOWS.some((window) => (mask & ~window) === 0);
        const royal = (mask & ~ROYAL_MASK) === 0;
        const kept = kind === RF ? fits && royal : kind === SF ? fits && !royal : kind === S ? fits : !fits;
        if (kept) out.push(mask);
        return;
      }
      for (let i = from; i < ranks.length; i++) walk(i + 1, mask | (1 << ranks[i]), left - 1);
    };
    walk(0, 0, naturals);
    return ascending(new Set(out));
  }

  /** The items of a rank condition's list ("KQJ", "KQT"; "any but 432", "543"). */
  function ranksListed(op, value, rankSets, universe = null, spans = false) {
    const masks = op === OP_EQ ? [value] : [...new Set(rankSets[value])];
    if (universe !== null && masks.every((m) => universe.includes(m))) {
      const rest = universe.filter((m) => !masks.includes(m));
      if (2 * rest.length <= masks.length) {
        // "any but 432 or 543" is shorter than the twenty sets it stands for, and exact.
        const items = W.choices(rest);
        if (!items.length) throw new Error("a rank list of the whole universe");
        return ["any but " + items[0], ...items.slice(1)];
      }
    }
    return W.choices(masks, spans);
  }

  // ---- one condition in words (describe.condition_text) ----

  /** [text, notation] of one condition; `universe` as rankUniverse; `spans`: a pair's rank list
   * written with spans ("2-9"); `highCards`: the game has high cards. */
  function conditionText(feature, op, value, rankSets, universe = null, spans = false, highCards = true) {
    if (COUNTS.includes(feature) && op === OP_LE && value === 0) op = OP_EQ; // ("h=0", not "h≤0")
    const sign = SIGNS.has(op) ? SIGNS.get(op) : "None";
    if (feature === F_RANKS) return ranksText(op, value, rankSets, universe, spans);
    if (feature === F_S || feature === F_SH || SCORES.includes(feature)) {
      const label = feature === F_S ? "s" : feature === F_SH ? "s+h" : scoreSymbol(feature, highCards);
      const number = value < 0 ? `−${-value}` : String(value); // (a score may fall below 0)
      return [`${label} ${sign} ${number}`, `${label}${sign}${number}`];
    }
    if (feature === F_H) return [countWords(op, value, "high card", "high cards"), `h${sign}${value}`];
    if (feature === F_DISC) {
      const rank = RANKS[value];
      if (op === OP_BIT) return [`with ${aRank(rank)} discarded`, `${rank} discarded`];
      return [`no ${rank} discarded`, `no ${rank} discarded`];
    }
    if (feature === F_DS) return [discardSuitWords(op, value), `ds${sign}${value}`];
    // (only "== 1" is ever a condition: the derivation offers no "not the best")
    if (feature === F_BEST) return ["the best one", "best"];
    if (feature === F_HP) return highDiscardText(op, value, sign);
    if (PENALTIES.has(feature)) return penaltyText(feature, op, value, sign);
    return [`${R.FEATURES[feature]} ${sign} ${value}`, `${R.FEATURES[feature]}${sign}${value}`];
  }

  function ranksText(op, value, rankSets, universe, spans) {
    if (op === OP_BIT || op === OP_NOBIT) {
      const rank = RANKS[value];
      if (op === OP_BIT) return [`holding ${aRank(rank)}`, `${rank} held`];
      return [`no ${rank} held`, `no ${rank} held`];
    }
    const listed = ranksListed(op, value, rankSets, universe, spans).join(" or ");
    return [listed, listed];
  }

  /** ds: the most discarded naturals that share one suit. */
  function discardSuitWords(op, value) {
    if (op === OP_LE) {
      return value === 0 ? "no card discarded" : value === 1 ? "no two discards of one suit"
        : `at most ${plural(value, "discard")} of one suit`;
    }
    if (op === OP_GE) return value === 1 ? "a card discarded" : `at least ${value} discards of one suit`;
    return `${plural(value, "discard")} of one suit, no more of any`;
  }

  function highDiscardText(op, value, sign) {
    const words = countWords(op, value, "high card", "high cards") + " discarded";
    if (op === OP_GE && value === 1) return ["with a high card discarded", "hp"];
    return [words, value === 0 && (op === OP_EQ || op === OP_LE) ? "no hp" : `hp${sign}${value}`];
  }

  function penaltyText(feature, op, value, sign) {
    const [long, abbr] = PENALTIES.get(feature);
    if (value === 0 && (op === OP_EQ || op === OP_LE)) return [`no ${long}`, `no ${abbr}`];
    if (op === OP_GE && value === 1) return [`with ${"aeiou".includes(long[0]) ? "an" : "a"} ${long}`, abbr];
    return [countWords(op, value, `${long} card`, `${long} cards`), `${abbr}${sign}${value}`];
  }

  // ---- the line as the steps read it (describe._read, _Line) ----

  /** The line's pattern and conditions; with `phrases`, counts said as the rank sets they leave
   * (countsAsSets) and a long rank list as a phrase (rank-words.js). */
  function readLine(conditions, rankSets, familyKey, high, lowPairs, phrases) {
    const base = new Map(conditions.slice(0, 3).map((c) => [c[0], c[2]]));
    const n = base.get(F_N), w = base.get(F_W), kind = base.get(F_KIND);
    let extra = conditions.slice(3);
    const universe = rankUniverse(kind, n - w, familyKey);
    let ranks = extra.find((c) => c[0] === F_RANKS && (c[1] === OP_EQ || c[1] === OP_IN)) || null;
    if (phrases && ranks === null) [rankSets, extra, ranks] = countsAsSets(kind, n, w, extra, rankSets, universe, high);
    let phrase = null;
    if (phrases && ranks !== null && ranks[1] === OP_IN && universe !== null && n - w >= 2) {
      phrase = W.rankPhrase(rankSets[ranks[2]], W.narrowed(universe, extra, high), kind, n - w, w, high,
        conditionText(...ranks, rankSets, universe)[0]);
    }
    // "the best" of the draws like it in the deal: said before the hold, as a player says it.
    const best = extra.find((c) => c[0] === F_BEST) || null;
    return {
      n, w, kind, family: familyKey, high, lowPairs, extra: extra.filter((c) => !sameCondition(c, best)),
      rankSets, universe, ranks, phrase, best, naturals: n - w,
    };
  }

  /** The rank condition's items, as conditionText writes them, and joined. */
  function itemsOf(line) {
    return ranksListed(line.ranks[1], line.ranks[2], line.rankSets, line.universe);
  }

  function listedOf(line) {
    return itemsOf(line).join(" or ");
  }

  function countOf(line, feature, value, ops) {
    return line.extra.find((c) => c[0] === feature && c[2] === value && ops.includes(c[1])) || null;
  }

  /** [rankSets, extra, ranks]: the line's conditions on the held ranks alone replaced by the list
   * of the sets they leave, where those are at most AS_SETS or a rank held or not names them;
   * else as they were (describe._counts_as_sets). */
  function countsAsSets(kind, n, w, extra, rankSets, universe, high) {
    const own = W.onRanksAlone(extra);
    if (own.every((c) => c[0] === F_H) || universe === null || n - w < 2 || (kind === S && n === 4 && !w)) {
      return [rankSets, extra, null];
    }
    const sets = W.narrowed(universe, own, high);
    const counted = own.some((c) => c[0] === F_S || c[0] === F_SH); // (not a rank held alone: said so)
    if (!(sets.length > 0 && sets.length <= AS_SETS) && !(counted && saidByRanksHeld(sets, universe, kind, n, w, high))) {
      return [rankSets, extra, null];
    }
    const ranks = [F_RANKS, OP_IN, rankSets.length]; // (first: the sets say what is held)
    const rest = extra.filter((c) => !holdsCondition(own, c));
    return [rankSets.concat([sets]), [ranks, ...rest], ranks];
  }

  /** Whether the sets are exactly those a rank held or not names ("no A", "with a K"). */
  function saidByRanksHeld(sets, universe, kind, n, w, high) {
    if (!sets.length || sameSet(sets, universe)) return false;
    const phrase = W.rankPhrase(sets, universe, kind, n - w, w, high, W.listed(sets));
    return phrase !== null && !phrase.also.length && !phrase.butNot.length &&
      phrase.atoms.every((atom) => atom.spec[0] === "rank" || atom.spec[0] === "ranks");
  }

  /** 'every card A or 2-4' for three or four of a kind and a kicker whose two ranks may be any
   * two of a few; else null. */
  function everyCard(masks) {
    let ranks = 0;
    for (const mask of masks) ranks |= mask;
    const singles = [];
    for (let r = 0; r < 13; r++) if ((ranks >> r) & 1) singles.push(1 << r);
    const pairs = new Set();
    for (let i = 0; i < singles.length; i++) for (let j = i + 1; j < singles.length; j++) pairs.add(singles[i] | singles[j]);
    if (singles.length < 3 || !sameSet(masks, pairs)) return null;
    return "every card " + W.listed(singles, true);
  }

  /** ["Outside", the condition] for a four-card straight draw with s >= 2, ["Inside", ...] for
   * s = 1, else null. */
  function straightWay(conditions) {
    for (const c of conditions) {
      if (c[0] === F_S && ((c[1] === OP_GE && c[2] === 2) || (c[1] === OP_EQ && c[2] === 2))) return ["Outside", c];
      if (c[0] === F_S && ((c[1] === OP_EQ && c[2] === 1) || (c[1] === OP_LE && c[2] === 1))) return ["Inside", c];
    }
    return null;
  }

  // ---- the hold: the first of HEADS that names it ----

  /** What a line holds, in words and notation, and the conditions that says (describe._Head):
   * `said` in both renderings, `named` in the hold's name only (the notation keeps them). */
  function makeHead(hold, head, kind, more = {}) {
    return {
      hold, head, kind, head_ranks: [], head_keys: [], hold_ranks: "", said: [], named: [], jackpot: false, ...more,
    };
  }

  function nothing(line) {
    return line.kind === NONE ? makeHead("Discard everything", "none", "") : null;
  }

  /** Five cards that are a family's wild-card hand, named as the glass names it: "Four Deuces
   * with an Ace"; not where two kinds are counted together and some of them are held. */
  function jackpot(line) {
    if (line.n !== 5 || !line.w || (line.kind !== WILD && !KIND_ABBR.has(line.kind))) return null;
    const game = family(line.family);
    if (game.wild_kinds > 1 && line.w < game.wild_count) return null;
    const held = line.ranks === null ? null : heldRanks(line);
    for (const category of game.jackpots) {
      if (category.wild_held !== line.w) continue;
      const kicked = category.kicker !== null;
      if (kicked && !(held && held.size && [...held].every((r) => category.kicker.includes(r)))) continue;
      if (line.kind === WILD) return makeHead(category.label, `${line.w}W`, "W", { jackpot: true });
      const abbr = KIND_ABBR.get(line.kind);
      return makeHead(category.label, `5${abbr}`, abbr, { named: kicked ? [line.ranks] : [], jackpot: true });
    }
    return null;
  }

  function heldRanks(line) {
    const masks = line.ranks[1] === OP_EQ ? [line.ranks[2]] : line.rankSets[line.ranks[2]];
    const out = new Set();
    for (const mask of masks) for (let r = 0; r < 13; r++) if ((mask >> r) & 1) out.add(r);
    return out;
  }

  function wildOnly(line) {
    if (line.kind !== WILD) return null;
    return makeHead(`${capitalize(wildWord(line.family, line.w))} only`, `${line.w}W`, "W");
  }

  /** One natural card outside the four suits, by its face: "A★ only" (Five Aces' fifth ace). */
  function suitlessCard(line) {
    if (line.kind !== S || line.n !== 1 || line.w) return null;
    return makeHead(`${family(line.family).suitless.join(" or ")} only`, "1S", "S");
  }

  /** "KQJ unsuited": the ranks say it all. */
  function unsuitedRanks(line) {
    if (line.kind !== S || line.n >= 5 || line.w || line.ranks === null || line.phrase !== null) return null;
    const listed = listedOf(line);
    if (listed.slice(0, 3) === "any") return null;
    return makeHead(`${listed} unsuited`, `${line.n}S`, "S", { head_ranks: itemsOf(line), said: [line.ranks] });
  }

  /** One card of T-A that is a high card: a high card. */
  function oneHighCard(line) {
    if (line.kind !== RF || line.n !== 1 || line.w || line.high >= 13) return null;
    const single = countOf(line, F_H, 1, [OP_EQ, OP_GE]);
    if (!single) return null;
    return makeHead(`1 high card (${rankSpan(Math.max(line.high, 8))})`, "1RF", "RF",
      { head_ranks: ["h=1"], head_keys: ["h"], said: [single] });
  }

  /** One card: "K only", "A, Q or J only" (the universe written out, never "any but"). */
  function oneCardOfRanks(line) {
    if ((line.kind !== RF && line.kind !== SF) || line.n !== 1 || line.w || line.ranks === null) return null;
    const [, op, value] = line.ranks;
    const names = W.byRank(op === OP_EQ ? [value] : [...new Set(line.rankSets[value])]).map(W.rankText);
    const listed = (names.length > 1 ? names.slice(0, -1).join(", ") + " or " : "") + names[names.length - 1];
    const abbr = KIND_ABBR.get(line.kind);
    const head = { head_ranks: names, said: [line.ranks] };
    if (line.best) return makeHead("Single card", `1${abbr}`, abbr, { ...head, hold_ranks: listed });
    return makeHead(`${listed} only`, `1${abbr}`, abbr, head);
  }

  /** One card of the royal ranks, or of the others: "single card (T-A)". */
  function oneCard(line) {
    if ((line.kind !== RF && line.kind !== SF) || line.n !== 1 || line.w) return null;
    const low = family(line.family).natural_ranks[0]; // (wild deuces, sevens are never natural)
    const span = line.kind === RF ? "T-A" : `${RANKS[low]}-9`;
    const abbr = KIND_ABBR.get(line.kind);
    return makeHead(`Single card (${span})`, `1${abbr}`, abbr);
  }

  /** Players tell a four-card straight draw by its ends: open at both (s = 2) or not. */
  function straightByEnds(line) {
    if (line.kind !== S || line.n !== 4 || line.w) return null;
    const way = straightWay(line.extra);
    return way ? makeHead(`4 to an ${way[0]} Straight`, "4S", "S", { named: [way[1]] }) : null;
  }

  /** "Suited QJ", as players write it; the notation keeps the paper's "2RF: QJ". */
  function suitedRanks(line) {
    if (line.kind !== RF || line.n !== 2 || line.w || line.ranks === null || line.phrase !== null) return null;
    if (listedOf(line).slice(0, 3) === "any") return null;
    return makeHead(`Suited ${listedOf(line)}`, "2RF", "RF", { named: [line.ranks] });
  }

  /** Two high cards (any two of them fit a straight), of one suit or of two. */
  function twoHighCards(line) {
    if ((line.kind !== S && line.kind !== RF) || line.n !== 2 || line.w || line.high >= 13) return null;
    const two = countOf(line, F_H, 2, [OP_EQ, OP_GE]);
    if (!two) return null;
    const abbr = KIND_ABBR.get(line.kind);
    return makeHead(`2 ${line.kind === RF ? "suited" : "unsuited"} high cards`, `2${abbr}`, abbr, { named: [two] });
  }

  /** "4 to a Flush", "Wild Royal Flush", "Natural Royal Flush", "Straight". */
  function draw(line) {
    if (!KIND_TEXT.has(line.kind)) return null;
    const name = KIND_TEXT.get(line.kind);
    let hold;
    if (line.n === 5) {
      hold = (line.w && line.kind === RF ? "Wild " : line.kind === RF && family(line.family).wild_count ? "Natural " : "") + name;
    } else {
      hold = `${line.n} to a${"AEIOU".includes(name[0]) ? "n" : ""} ${name}`;
    }
    const abbr = KIND_ABBR.get(line.kind);
    return makeHead(hold, `${line.n}${abbr}`, abbr);
  }

  function unrelated(line) {
    return line.kind === X ? makeHead(plural(line.naturals, "unrelated card"), `${line.n}X`, "X") : null;
  }

  /** [text, symbol] of a natural pair: high (J-A), low, or either ('Pair' when no pair pays, or
   * the ranks mix high and low). */
  function pairName(high, isHigh, ranks = null) {
    if (ranks !== null && W.popcount(ranks) === 1) {
      const rank = RANKS[W.topRank(ranks)];
      return ["Pair of " + rankPlural(rank), high < 13 ? (W.topRank(ranks) >= high ? "HP" : "LP") : "PR"];
    }
    if (high >= 13 || isHigh === null) return ["Pair", "PR"];
    if (isHigh) return [high === 12 ? "Pair of Aces" : `High Pair (${rankSpan(high)})`, "HP"];
    return ["Low Pair", "LP"];
  }

  /** 'Pair of Aces or Kings', 'Pair of Tens, 9s or 4s': a pair of two or three ranks that run
   * on for no span; else null. */
  function pairsOf(masks) {
    const ordered = W.byRank(masks);
    if (ordered.length < 2 || ordered.length > 3 || ordered.some((m) => W.popcount(m) !== 1) ||
        W.listed(ordered, true).includes("-")) return null;
    const names = ordered.map((m) => rankPlural(RANKS[W.topRank(m)]));
    return "Pair of " + names.slice(0, -1).join(", ") + " or " + names[names.length - 1];
  }

  /** A pair with no wild card: high, low or of named ranks ("Pair of Aces or Kings"). */
  function naturalPair(line) {
    if (line.kind !== PAIR || line.w) return null;
    const said = [];
    let isHigh = null, headRanks = [];
    const h = line.extra.find((c) => c[0] === F_H && (c[1] === OP_GE || c[1] === OP_EQ) && c[2] === 2 && line.n <= 3) || null;
    const low = countOf(line, F_H, 0, [OP_EQ, OP_LE]);
    if (h || low) {
      said.push(h || low);
      isHigh = Boolean(h);
    } else if (line.lowPairs) {
      isHigh = false;
    }
    let mask = null;
    const ranks = line.ranks;
    if (ranks !== null && ranks[1] === OP_EQ) {
      mask = ranks[2];
      said.push(ranks);
    } else if (ranks !== null && line.high < 13) {
      const masks = line.rankSets[ranks[2]];
      if (masks.every((m) => W.topRank(m) >= line.high)) isHigh = true;
      else if (masks.every((m) => W.topRank(m) < line.high)) isHigh = false;
    }
    let [hold, kind] = pairName(line.high, isHigh, mask);
    const named = mask === null && ranks !== null ? pairsOf(line.rankSets[ranks[2]]) : null;
    if (mask !== null) {
      headRanks = [W.rankText(mask)];
    } else if (named) {
      // "Pair of Aces or Kings", as "Pair of Aces": not "High Pair (J-A): A or K".
      said.push(ranks);
      hold = named;
      headRanks = W.choices(line.rankSets[ranks[2]], true);
    }
    return made(line, hold, kind, 2, headRanks, said);
  }

  /** The hand the held cards make, wild cards counted in ("Five of a Kind, with 2 deuces"). */
  function madeHand(line) {
    if (line.kind === TWO_PAIR) return made(line, ...(line.w ? ["Full House", "FH"] : ["Two Pair", "2P"]), 4);
    if (line.kind === FULL_HOUSE) return made(line, "Full House", "FH", 5);
    const group = { [PAIR]: 2, [TRIPS]: 3, [QUADS]: 4, [FIVE]: 5 }[line.kind];
    const [hold, kind] = OF_A_KIND[group + line.w];
    const ranks = line.ranks;
    if (group + line.w === 3 && ranks !== null && ranks[1] === OP_EQ && line.naturals === group) {
      const rank = RANKS[W.topRank(ranks[2])];
      return made(line, "Three " + rankPlural(rank), kind, group, [rank], [ranks]);
    }
    const fives = family(line.family).five_ranks; // (the ranks the deck holds five natural cards of)
    if (line.kind === FIVE && fives.length === 1) return made(line, "Five " + RANK_NAMES[RANKS[fives[0]]], kind, group);
    return made(line, hold, kind, group);
  }

  function made(line, hold, kind, group, headRanks = [], said = []) {
    const kickers = line.naturals - group;
    return makeHead(hold + (kickers ? " + " + plural(kickers, "kicker") : ""), `${line.n}${kind}`, kind,
      { head_ranks: headRanks, said });
  }

  const HEADS = [nothing, jackpot, wildOnly, suitlessCard, unsuitedRanks, oneHighCard, oneCardOfRanks,
    oneCard, straightByEnds, suitedRanks, twoHighCards, draw, unrelated, naturalPair, madeHand];

  // ---- the qualifiers ----

  function qualifier(role, text, notation, compact, more = {}) {
    return { role, text, notation, compact, deals: [], keys: [], text_keys: [], marks: [], ...more };
  }

  /** The conditions the head does not say, in the line's order, each in words and notation:
   * ranks discarded and ranks held in one phrase each ("with a J and a Q discarded"). */
  function qualifiers(line, head, dealText) {
    const extra = line.extra.filter((c) => !holdsCondition(head.said, c));
    const out = [], said = new Set();
    for (const [feature, op, value] of extra) {
      if ((feature === F_DISC || feature === F_RANKS) && (op === OP_BIT || op === OP_NOBIT)) {
        out.push(ranksHeldOrDiscarded(line, extra, feature, op, value, said.has(`${feature}:${op}`)));
        said.add(`${feature}:${op}`);
        continue;
      }
      let [words, short, compact] = conditionWords(line, feature, op, value, dealText);
      if (holdsCondition(head.named, [feature, op, value])) words = "";
      const [keys, textKeys] = keysOf(line, feature, op, value);
      out.push(qualifier(ROLES.get(feature) || NOTE, words, short, compact, {
        deals: feature === F_DEAL ? ascending(line.rankSets[value]).map(dealText) : [],
        keys, text_keys: words ? textKeys : [], marks: marksOf(line, feature, op, value, short),
      }));
    }
    return out;
  }

  function ranksHeldOrDiscarded(line, extra, feature, op, value, saidBefore) {
    const short = conditionText(feature, op, value, line.rankSets)[1];
    const words = saidBefore ? "" : ranksPhrase(extra, feature, op);
    const key = feature === F_DISC ? "X discarded" : "X held";
    return qualifier(feature === F_RANKS ? HOLD : NOTE, words, short, short, {
      keys: [key], text_keys: words && (feature === F_DISC || op === OP_NOBIT) ? [key] : [], // (not "holding an A")
    });
  }

  function ranksPhrase(extra, feature, op) {
    const ranks = extra.filter((c) => c[0] === feature && c[1] === op).map((c) => RANKS[c[2]]);
    const done = feature === F_DISC ? "discarded" : "held";
    if (op === OP_NOBIT) return "no " + ranks.join(" or ") + " " + done;
    if (feature === F_DISC) return "with " + ranks.map(aRank).join(" and ") + " discarded";
    return "holding " + ranks.map(aRank).join(" and ");
  }

  /** [keys, textKeys]: the symbols of the notation's key a condition's notation uses, and
   * those its words use ("s+h ≥ 3" uses s+h in both; "no flush penalty" none, "no fp" fp). */
  function keysOf(line, feature, op, value) {
    if (feature === F_DEAL) return [["exception"], ["exception"]];
    if (feature === F_RANKS) {
      if (line.phrase !== null && sameCondition([feature, op, value], line.ranks)) return phraseKeys(line.phrase);
      const listed = conditionText(feature, op, value, line.rankSets, line.universe)[1];
      return listed.startsWith("any but") ? [["any but"], ["any but"]] : [[], []];
    }
    if (feature === F_S || feature === F_SH) {
      const symbol = feature === F_S ? "s" : "s+h";
      return [[symbol], [symbol]];
    }
    if (SCORES.includes(feature)) {
      const symbol = scoreSymbol(feature, line.high < 13);
      return [[symbol], [symbol]];
    }
    const own = { [F_H]: "h", [F_DS]: "ds", [F_HP]: "hp", [F_WS]: "ws", [F_KC]: "kc", [F_KCD]: "kcd" }[feature];
    if (own) return [[own], []];
    if (PENALTIES.has(feature)) return [[PENALTIES.get(feature)[1]], []];
    return [[], []];
  }

  function phraseKeys(phrase) {
    const used = phrase.atoms.map((atom) =>
      ATOM_KEYS.get(`${atom.spec[0]},${atom.spec[1]}`) || ATOM_KEYS.get(atom.spec[0]) || [[], []]);
    return [
      used.flatMap(([keys]) => keys),
      used.flatMap(([, keys], i) => {
        const atom = phrase.atoms[i];
        return atom.spec[0] !== "s" && atom.spec[0] !== "s+h" || atom.text[0] === "s" ? keys : [];
      }),
    ];
  }

  /** Where a condition's notation writes a symbol of the key: [start, end, symbol]. */
  function marksOf(line, feature, op, value, short) {
    if (feature === F_S || feature === F_SH || feature === F_H || feature === F_DS || SCORES.includes(feature)) {
      // (the symbol first: "s+h≥3", "ds≤1", "s+h−fp≥2")
      const symbol = { [F_S]: "s", [F_SH]: "s+h", [F_H]: "h", [F_DS]: "ds" }[feature] || scoreSymbol(feature, line.high < 13);
      return [[0, symbol.length, symbol]];
    }
    if (feature === F_HP || PENALTIES.has(feature)) {
      // "fp", "no fp", "fp≥2"
      const symbol = feature === F_HP ? "hp" : PENALTIES.get(feature)[1];
      const start = short.startsWith("no ") ? "no ".length : 0;
      return [[start, start + symbol.length, symbol]];
    }
    if (line.phrase !== null && feature === F_RANKS && sameCondition([feature, op, value], line.ranks)) {
      return phraseMarks(line.phrase);
    }
    return [];
  }

  function phraseMarks(phrase) {
    const out = [];
    let at = phrase.also.length ? (W.listed(phrase.also) + " or ").length : 0;
    for (const atom of phrase.atoms) {
      const what = atom.spec[0];
      if (what === "s" || what === "h" || what === "s+h") out.push([at, at + what.length, what]); // ("inside" is s=1)
      at += atom.notation.length + ` ${phrase.joined} `.length;
    }
    return out;
  }

  /** [text, notation, compact notation] of one condition of the line. */
  function conditionWords(line, feature, op, value, dealText) {
    const condition = [feature, op, value];
    if (feature === F_WS) {
      const short = value ? "ws" : "no ws";
      return [`in ${suitWords(line.family, Boolean(value))}`, short, short];
    }
    if (feature === F_KC || feature === F_KCD) {
      const [words, short] = kickerWords(line.family, feature === F_KCD, value);
      return [words, short, short];
    }
    if (feature === F_DEAL) return dealWords(ascending(line.rankSets[value]).map(dealText));
    if (line.phrase !== null && sameCondition(condition, line.ranks)) {
      return [line.phrase.text, line.phrase.notation, compactPhrase(line.phrase)];
    }
    if (sameCondition(condition, line.ranks) && [TRIPS, QUADS, FIVE].includes(line.kind) && !line.w) {
      const every = everyCard(op === OP_IN ? line.rankSets[value] : [value]);
      if (every) {
        return [every, conditionText(feature, op, value, line.rankSets)[1], ranksListed(op, value, line.rankSets).join(" ")];
      }
    }
    const spans = [PAIR, TRIPS, QUADS, FIVE].includes(line.kind);
    const [words, short] = conditionText(feature, op, value, line.rankSets, line.universe, spans, line.high < 13);
    if (feature === F_RANKS && (op === OP_EQ || op === OP_IN)) {
      return [words, short, ranksListed(op, value, line.rankSets, line.universe, spans).join(" ")];
    }
    return [words, short, short];
  }

  function dealWords(deals) {
    const short = "exception: " + deals.join(", ");
    return ["only in " + (deals.length === 1 ? "the deal " : "the deals ") + deals.join(" or ") +
      " (or the same with suits exchanged)", short, short];
  }

  /** A rank phrase's notation with the sets it writes out listed with spaces: "AKQJ or s=1"
   * keeps its "or" (between a set and a count), "but not JT7 J97" does not. */
  function compactPhrase(phrase) {
    const atoms = phrase.atoms.map((atom) => atom.notation).join(` ${phrase.joined} `);
    return (phrase.also.length ? W.choices(phrase.also).join(" ") + " or " : "") + atoms +
      (phrase.butNot.length ? " but not " + W.choices(phrase.butNot).join(" ") : "");
  }

  // ---- a line, a table ----

  /** The parts of one line (describe.line_parts); `dealText` names a suit class, `high` is the
   * lowest high rank (13: none), `lowPairs` says every high pair was held by a line above,
   * `phrases`: a long list of rank sets is said by what they share where that is shorter. */
  function lineParts(conditions, rankSets, familyKey, dealText = String, high = 13, lowPairs = false, phrases = false) {
    const line = readLine(conditions, rankSets, familyKey, high, lowPairs, phrases);
    let head = null;
    for (const step of HEADS) if ((head = step(line)) !== null) break;
    const w = line.w && line.kind !== WILD && line.kind !== NONE ? line.w : 0;
    return {
      hold: head.hold, hold_ranks: head.hold_ranks, head: head.head, held: line.n, kind: head.kind,
      head_ranks: head.head_ranks, head_keys: head.head_keys, wild: w,
      wild_words: w && !head.jackpot ? wildWord(familyKey, w) : "",
      wild_mark: w ? wildMark(familyKey, w) : "",
      best: line.best !== null,
      qualifiers: qualifiers(line, head, dealText),
    };
  }

  /** The parts of each line of a table, read top down: below a line that holds every high pair,
   * a pair is a Low Pair; a long list of rank sets is said by what they share where shorter. */
  function tableParts(lines, rankSets, familyKey, high = 13, dealText = String) {
    const out = [];
    let pairsHigh = false;
    for (const conditions of lines) {
      out.push(lineParts(conditions, rankSets, familyKey, dealText, high, pairsHigh, true));
      if (holdsEveryHighPair(conditions, high)) pairsHigh = true;
    }
    return out;
  }

  function holdsEveryHighPair(conditions, high) {
    const base = new Map(conditions.slice(0, 3).map((c) => [c[0], c[2]]));
    const extra = conditions.slice(3);
    const onlyH2 = extra.length === 1 && (sameCondition(extra[0], [F_H, OP_GE, 2]) || sameCondition(extra[0], [F_H, OP_EQ, 2]));
    return base.get(F_N) === 2 && base.get(F_W) === 0 && base.get(F_KIND) === PAIR && high < 13 && (!extra.length || onlyH2);
  }

  /** (text, notation) of each line of a table, read top down. */
  function describeLines(lines, rankSets, familyKey, high = 13, dealText = String) {
    return tableParts(lines, rankSets, familyKey, high, dealText).map((p) => [text(p), notation(p)]);
  }

  /** One line's notation, its sets inline, as the derivation's steps weigh it (shortest.py's
   * `notation`: the line alone, no table above it, long lists listed). */
  function lineNotation(line, familyKey, high = 13) {
    const one = indexed([line]);
    return notation(lineParts(one.lines[0], one.rankSets, familyKey, String, high));
  }

  /** derive.js's lines (sets inline, ascending) as a Strategy holds them: {lines, rankSets},
   * each `in` condition's value the index of its set, equal sets sharing one (holds.indexed). */
  function indexed(lines) {
    const rankSets = [], keys = new Map();
    const out = lines.map((line) => line.map(([feature, op, value]) => {
      if (op !== OP_IN) return [feature, op, value];
      const key = ascending(value).join(",");
      if (!keys.has(key)) {
        keys.set(key, rankSets.length);
        rankSets.push(ascending(value));
      }
      return [feature, op, keys.get(key)];
    }));
    return { lines: out, rankSets };
  }

  // ---- the parts said (line_parts.py) ----

  /** The player's words: "The best 2 to a Straight Flush, with the joker: 8 or 7"; without the
   * wild cards held where `withWild` is false (a section's label says them). */
  function text(parts, withWild = true) {
    let words = parts.hold + (parts.wild && withWild && parts.wild_words ? `, with ${parts.wild_words}` : "");
    if (parts.best) words = "The best " + (/^[0-9]/.test(words) ? words : words[0].toLowerCase() + words.slice(1));
    if (parts.hold_ranks) words += ": " + parts.hold_ranks;
    const said = parts.qualifiers.filter((q) => q.text).map((q) => q.text);
    return words + (said.length ? ": " + said.join(", ") : "");
  }

  /** The paper's notation: "2SF Jkr: best, 8 or 7"; `compact`: rank sets listed with spaces. */
  function notation(parts, withWild = true, compact = false) {
    return marked(parts, withWild, compact)[0];
  }

  /** [the notation, where it writes each symbol of the key: [start, end, symbol, cards held]],
   * the cards held with a kind's symbol ("RF" in "4RF": 4), else 0. */
  function marked(parts, withWild = true, compact = false) {
    const marks = parts.kind ? [[0, parts.head.length, parts.kind, parts.held]] : [];
    let out = parts.head;
    if (parts.wild && withWild) {
      marks.push([out.length + 1, out.length + 1 + parts.wild_mark.length, parts.wild_mark, 0]);
      out += " " + parts.wild_mark;
    }
    const items = parts.best ? [["best", [[0, 4, "best"]]]] : [];
    if (parts.head_ranks.length) {
      items.push([parts.head_ranks.join(compact ? " " : " or "), parts.head_keys.map((key) => [0, key.length, key])]);
    }
    // (a qualifier the notation leaves to the key, as a line's "the higher cards", is left out)
    for (const q of parts.qualifiers) {
      const said = compact ? q.compact : q.notation;
      if (said) items.push(compact ? [said, []] : [said, q.marks]);
    }
    items.forEach(([item, at], i) => {
      out += i === 0 ? ": " : ", ";
      for (const [start, end, symbol] of at) marks.push([out.length + start, out.length + end, symbol, 0]);
      out += item;
    });
    return [out, compact ? [] : marks]; // (the compact notation is not marked up)
  }

  /** The symbols of the notation's key a wording of the line uses ("text", "notation" or
   * "compact"), as a Set. */
  function used(parts, wording, withWild = true) {
    if (wording === "text") {
      return new Set((parts.best ? ["best"] : []).concat(parts.qualifiers.flatMap((q) => q.text_keys)));
    }
    return new Set([
      ...(parts.kind ? [parts.kind] : parts.head === "none" ? ["none"] : []),
      ...(parts.wild && withWild ? [parts.wild_mark] : []),
      ...(parts.best ? ["best"] : []),
      ...parts.head_keys,
      ...parts.qualifiers.flatMap((q) => q.keys),
    ]);
  }

  /** The hold alone, as an exception's footnote names its line: "2 to a Royal Flush". */
  function named(parts) {
    return text({ ...parts, hold_ranks: "", qualifiers: [] });
  }

  /** The parts that say which hold is meant (the hold column), the notes left out. */
  function holding(parts) {
    return { ...parts, qualifiers: parts.qualifiers.filter((q) => q.role === HOLD) };
  }

  /** The words of the qualifiers that test the discards or name deals: the notes column. */
  function notes(parts) {
    return parts.qualifiers.filter((q) => q.role !== HOLD && q.text).map((q) => q.text);
  }

  /** The deals an exception line is for (none for any other line). */
  function exceptionDeals(parts) {
    return parts.qualifiers.filter((q) => q.role === DEALS).flatMap((q) => q.deals);
  }

  /** The parts as line_parts.parts_json gives them: LineParts' fields in order, lists as arrays. */
  function partsJson(parts) {
    return {
      hold: parts.hold, hold_ranks: parts.hold_ranks, head: parts.head, held: parts.held, kind: parts.kind,
      head_ranks: [...parts.head_ranks], head_keys: [...parts.head_keys], wild: parts.wild,
      wild_words: parts.wild_words, wild_mark: parts.wild_mark, best: parts.best,
      qualifiers: parts.qualifiers.map((q) => ({
        role: q.role, text: q.text, notation: q.notation, compact: q.compact, deals: [...q.deals],
        keys: [...q.keys], text_keys: [...q.text_keys], marks: q.marks.map((m) => [...m]),
      })),
    };
  }

  ns.describe = {
    HOLD, NOTE, DEALS, AS_SETS, tableParts, lineParts, lineNotation, describeLines, indexed, conditionText, ranksListed,
    rankUniverse, scoreSymbol, suitWords, kickerWords, rankPlural, aRank, rankSpan, wildWord, wildMark,
    text, notation, marked, used, named, holding, notes, exceptionDeals, partsJson,
  };
})(globalThis);
