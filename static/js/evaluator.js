// Hand evaluation and one pay table's pays: the port of generator/evaluate.py (fine category
// codes for the natural, deuces and joker families, quads by rank and kicker) and
// generator/categories.py (which pay line a code is paid on).
//
// No import/export: attaches to globalThis.vpcharts.evaluator (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});

  // Natural family fine codes.
  const N_ROYAL = 0, N_SF = 1, N_QUADS = 2; // + quad_rank * 13 + kicker_rank
  const N_FULL_HOUSE = 171, N_FLUSH = 172, N_STRAIGHT = 173, N_TRIPS = 174, N_TWO_PAIR = 175;
  const N_PAIR = 176; // + pair_rank
  const N_NOTHING = 189, N_CODES = 190;
  // Deuces Wild fine codes (pairs and two pair never pay).
  const D_NATURAL_ROYAL = 0, D_FOUR_DEUCES = 1, D_WILD_ROYAL = 2, D_FIVE_KIND = 3, D_SF = 4;
  const D_QUADS = 5, D_FULL_HOUSE = 6, D_FLUSH = 7, D_STRAIGHT = 8, D_TRIPS = 9, D_NOTHING = 10, D_CODES = 11;
  // Joker Poker fine codes.
  const J_NATURAL_ROYAL = 0, J_FIVE_KIND = 1, J_WILD_ROYAL = 2, J_SF = 3, J_QUADS = 4, J_FULL_HOUSE = 5;
  const J_FLUSH = 6, J_STRAIGHT = 7, J_TRIPS = 8, J_TWO_PAIR = 9, J_PAIR = 10; // + pair_rank
  const J_NOTHING = 23, J_CODES = 24;

  const NATURAL = 0, DEUCES = 1, JOKER_FAMILY = 2;
  const FAMILY_IDS = { natural: NATURAL, deuces: DEUCES, joker: JOKER_FAMILY };
  const CODE_COUNTS = [N_CODES, D_CODES, J_CODES];
  const ROYAL_MASK = 0x1f00;
  const WHEEL_MASK = 0x100f;

  function fitsStraight(rankMask) {
    if ((rankMask & ~WHEEL_MASK) === 0) return true;
    for (let low = 0; low < 9; low++) if ((rankMask & ~(0x1f << low)) === 0) return true;
    return false;
  }

  /** The fine category code of a hand given as five cards in ascending order. */
  function fineCode(family, c) {
    let wild = 0, rankMask = 0, suit = -1, suited = true;
    let runLen = 0, prevRank = -1, longest = 0, longestRank = -1, pairs = 0, pairRank = -1, topRank = -1;
    for (let i = 0; i < 5; i++) {
      const card = c[i];
      const r = card >> 2;
      if ((family === DEUCES && r === 0) || card === 52) {
        wild += 1;
        continue;
      }
      const s = card & 3;
      if (suit < 0) suit = s;
      else if (s !== suit) suited = false;
      rankMask |= 1 << r;
      if (r === prevRank) runLen += 1;
      else {
        if (runLen === 2) {
          pairs += 1;
          pairRank = prevRank;
        }
        runLen = 1;
        prevRank = r;
      }
      if (runLen > longest) {
        longest = runLen;
        longestRank = r;
      }
      topRank = r;
    }
    if (runLen === 2) {
      pairs += 1;
      pairRank = prevRank;
    }
    let otherRank = -1; // for quads: the kicker
    if (longest === 4) for (let i = 0; i < 5; i++) if (c[i] >> 2 !== longestRank) otherRank = c[i] >> 2;
    const fits = longest === 1 && fitsStraight(rankMask);

    if (family === NATURAL) {
      if (fits && suited) return rankMask === ROYAL_MASK ? N_ROYAL : N_SF;
      if (longest === 4) return N_QUADS + longestRank * 13 + otherRank;
      if (longest === 3 && pairs === 1) return N_FULL_HOUSE;
      if (suited) return N_FLUSH;
      if (fits) return N_STRAIGHT;
      if (longest === 3) return N_TRIPS;
      if (pairs === 2) return N_TWO_PAIR;
      if (pairs === 1) return N_PAIR + pairRank;
      return N_NOTHING;
    }
    if (family === DEUCES) {
      if (wild === 4) return D_FOUR_DEUCES;
      if (fits && suited && (rankMask & ~ROYAL_MASK) === 0) return wild === 0 ? D_NATURAL_ROYAL : D_WILD_ROYAL;
      if (longest + wild >= 5) return D_FIVE_KIND;
      if (fits && suited) return D_SF;
      if (longest + wild >= 4) return D_QUADS;
      if ((longest === 3 && pairs === 1) || (wild === 1 && pairs === 2)) return D_FULL_HOUSE;
      if (suited) return D_FLUSH;
      if (fits) return D_STRAIGHT;
      if (longest + wild >= 3) return D_TRIPS;
      return D_NOTHING;
    }
    // Joker Poker: at most one wild card.
    if (fits && suited && (rankMask & ~ROYAL_MASK) === 0) return wild === 0 ? J_NATURAL_ROYAL : J_WILD_ROYAL;
    if (longest + wild >= 5) return J_FIVE_KIND;
    if (fits && suited) return J_SF;
    if (longest + wild >= 4) return J_QUADS;
    if ((longest === 3 && pairs === 1) || (wild === 1 && pairs === 2)) return J_FULL_HOUSE;
    if (suited) return J_FLUSH;
    if (fits) return J_STRAIGHT;
    if (longest + wild >= 3) return J_TRIPS;
    if (pairs === 2) return J_TWO_PAIR;
    if (pairs === 1) return J_PAIR + pairRank;
    if (wild === 1) return J_PAIR + topRank; // the joker pairs the highest card
    return J_NOTHING;
  }

  const NATURAL_KEYS = {
    [N_ROYAL]: "royal_flush", [N_SF]: "straight_flush", [N_FULL_HOUSE]: "full_house", [N_FLUSH]: "flush",
    [N_STRAIGHT]: "straight", [N_TRIPS]: "three_of_a_kind", [N_TWO_PAIR]: "two_pair",
  };
  const DEUCES_KEYS = [
    "natural_royal", "four_deuces", "wild_royal", "five_of_a_kind", "straight_flush", "four_of_a_kind",
    "full_house", "flush", "straight", "three_of_a_kind",
  ];
  const JOKER_KEYS = [
    "natural_royal", "five_of_a_kind", "wild_royal", "straight_flush", "four_of_a_kind", "full_house",
    "flush", "straight", "three_of_a_kind", "two_pair",
  ];

  /** A pay as an exact fraction [numerator, denominator] of BigInts, from "9", "5/2" or "2.5". */
  function parsePay(text) {
    const s = String(text).trim();
    if (s.includes("/")) {
      const [a, b] = s.split("/");
      return [BigInt(a.trim()), BigInt(b.trim())];
    }
    if (s.includes(".")) {
      const [whole, frac] = s.split(".");
      const den = 10n ** BigInt(frac.length);
      return [BigInt(whole) * den + BigInt(frac), den];
    }
    return [BigInt(s), 1n];
  }

  function gcd(a, b) {
    while (b) [a, b] = [b, a % b];
    return a < 0n ? -a : a;
  }

  /**
   * One pay table's categories from the export's `rules`: for every fine code, the pay line it is
   * paid on (index into `labels`, the last being "Nothing") and the pay times `scale` (a BigInt
   * that clears the pays' denominators), as in categories.py.
   */
  function payTable(rules) {
    const family = FAMILY_IDS[rules.family];
    if (family === undefined) throw new Error(`unknown family ${rules.family}`);
    const index = {};
    const labels = [];
    const pays = [];
    // rules.pays lists every pay line, the quads rules' own lines ("quads:A with 2-4") included.
    for (const line of rules.pays) {
      index[line.key] = labels.length;
      labels.push(line.label);
      pays.push(parsePay(line.pay));
    }
    const nothing = labels.length;
    labels.push("Nothing");
    pays.push([0n, 1n]);

    function quadKey(quadRank, kicker) {
      // Kicker rules win, then rank rules, then the generic four_of_a_kind (paytable.quad_key).
      for (const rule of rules.quads) {
        if (rule.kickers !== null && rule.ranks.includes(quadRank) && rule.kickers.includes(kicker)) return "quads:" + rule.key;
      }
      for (const rule of rules.quads) if (rule.kickers === null && rule.ranks.includes(quadRank)) return "quads:" + rule.key;
      return "four_of_a_kind";
    }
    function lineKey(code) {
      if (family === NATURAL) {
        if (code >= N_QUADS && code < N_FULL_HOUSE) return quadKey(Math.floor((code - N_QUADS) / 13), (code - N_QUADS) % 13);
        if (code >= N_PAIR && code < N_NOTHING) return code - N_PAIR >= rules.min_pair ? "pair" : null;
        return NATURAL_KEYS[code] ?? null;
      }
      if (family === DEUCES) return DEUCES_KEYS[code] ?? null;
      if (code >= J_PAIR && code < J_NOTHING) {
        return rules.min_pair !== null && code - J_PAIR >= rules.min_pair ? "pair" : null;
      }
      return JOKER_KEYS[code] ?? null;
    }

    let scale = 1n;
    for (const [, den] of pays) scale = (scale / gcd(scale, den)) * den;
    const scaled = pays.map(([num, den]) => (num * scale) / den);
    const codeToCategory = new Uint8Array(CODE_COUNTS[family]);
    for (let code = 0; code < codeToCategory.length; code++) {
      const key = lineKey(code);
      const category = key === null ? nothing : index[key];
      if (category === undefined) throw new Error(`pay table has no line ${key}`);
      codeToCategory[code] = category;
    }
    return { family, deckSize: rules.deck_size, labels, pays, scale, scaledPays: scaled, codeToCategory };
  }

  ns.evaluator = { FAMILY_IDS, fineCode, payTable, parsePay, gcd };
})(globalThis);
