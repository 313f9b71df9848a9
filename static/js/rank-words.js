// Rank sets in words: a list of them written out ("KQJ or KQT", "J-K or 2-4": rank_lists.py) and
// a long list said by what its sets share ("AKQJ or inside with no high card": rank_words.py);
// ported word for word, so that the browser's lines read as the build's (tests/js/describe.test.mjs).
//
// In: rank masks (bit r: a card of rank r held; 0 = deuce .. 12 = ace), the universe (every rank
// set a hold of the line's pattern can have), the pattern and the game's lowest high rank. Out:
// text, and phrases {atoms, joined, also, butNot, text, notation}.
//
// A set of rank masks within a universe is a bitset over the universe's masks in ascending order
// (Uint32Array words), so that the thousands of terms a long list is tried against are a few
// word operations each.
//
// No import/export: attaches to globalThis.vpcharts.rankWords (see cards.js for why). Load
// rules-core.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const { F_S, F_H, F_SH, F_RANKS } = R.FEATURE_NUMBERS;
  const { OP_EQ, OP_GE, OP_LE, OP_BIT, OP_NOBIT } = R.OP_NUMBERS;
  const RANKS = "23456789TJQKA";
  const WINDOWS = R.WINDOWS;
  const [RF, SF, S] = [2, 3, 5];
  const COUNTED = 18;
  const MIN_LISTED = 5;
  const MAX_WRITTEN = 2;
  const SHORTER = 0.6;

  function popcount(x) {
    let n = 0;
    for (; x; x &= x - 1) n += 1;
    return n;
  }

  function topRank(mask) {
    return 31 - Math.clz32(mask);
  }

  // ---- rank_lists.py ----

  /** 'KQJ': the ranks of a mask high to low. */
  function rankText(mask) {
    let out = "";
    for (let r = 12; r >= 0; r--) if ((mask >> r) & 1) out += RANKS[r];
    return out;
  }

  /** Fewer cards first, then the highest ranks first. */
  function byRank(masks) {
    const key = (m) => { const out = []; for (let r = 12; r >= 0; r--) if ((m >> r) & 1) out.push(-r); return out; };
    return [...masks].sort((a, b) => {
      const d = popcount(a) - popcount(b);
      if (d) return d;
      const ka = key(a), kb = key(b);
      for (let i = 0; i < Math.min(ka.length, kb.length); i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
      return ka.length - kb.length;
    });
  }

  function runs(numbers) {
    const out = [];
    for (const n of numbers) {
      if (out.length && n === out[out.length - 1][1] + 1) out[out.length - 1][1] = n;
      else out.push([n, n]);
    }
    return out;
  }

  /** The items of `listed`: ["KQJ", "KQT"]; with spans, single ranks that run on as "J-K". */
  function choices(masks, spans = false) {
    const ordered = byRank(masks);
    if (!spans || ordered.some((m) => popcount(m) !== 1)) return ordered.map(rankText);
    const found = runs(ordered.map(topRank).sort((a, b) => a - b)).reverse();
    const out = [];
    for (const [low, high] of found) {
      if (high - low >= 2) out.push(`${RANKS[low]}-${RANKS[high]}`);
      else for (let r = high; r >= low; r--) out.push(RANKS[r]);
    }
    return out;
  }

  function listed(masks, spans = false) {
    return choices(masks, spans).join(" or ");
  }

  // ---- rank_words.py ----

  function straights(mask) {
    let n = 0;
    for (const window of WINDOWS) if ((mask & ~window) === 0) n += 1;
    return n;
  }

  function highCards(mask, high) {
    return high < 13 ? popcount(mask >> high) : 0;
  }

  function isAceLow(mask) {
    return ((mask >> 12) & 1) === 1 && (mask & ~WINDOWS[0]) === 0;
  }

  function count(what, mask, high) {
    if (what === "s") return straights(mask);
    if (what === "h") return highCards(mask, high);
    return straights(mask) + highCards(mask, high);
  }

  /** Whether a rank set meets an atom's spec [what, op, value]. */
  function atomHolds([what, op, value], mask, high) {
    if (what === "ace-low") return isAceLow(mask) === (op === "is");
    if (what === "rank") return ((mask >> value) & 1) === 1 === (op === "has");
    if (what === "ranks") return ((mask & value) === value) === (op === "has");
    const n = count(what, mask, high);
    return op === "=" ? n === value : op === "≥" ? n >= value : n <= value;
  }

  // A line's own conditions on the ranks alone, as atoms: (feature, op) -> [what, op].
  const AS_ATOM = new Map();
  for (const [f, what] of [[F_S, "s"], [F_H, "h"], [F_SH, "s+h"]]) {
    for (const [op, sign] of [[OP_EQ, "="], [OP_GE, "≥"], [OP_LE, "≤"]]) AS_ATOM.set(`${f}:${op}`, [what, sign]);
  }
  AS_ATOM.set(`${F_RANKS}:${OP_BIT}`, ["rank", "has"]);
  AS_ATOM.set(`${F_RANKS}:${OP_NOBIT}`, ["rank", "lacks"]);

  /** The conditions that depend on the held ranks alone (s, h, s+h, a rank held or not). */
  function onRanksAlone(conditions) {
    return conditions.filter((c) => AS_ATOM.has(`${c[0]}:${c[1]}`));
  }

  /** The masks of `universe` (an ascending array) meeting those conditions. */
  function narrowed(universe, conditions, high) {
    const own = onRanksAlone(conditions).map((c) => AS_ATOM.get(`${c[0]}:${c[1]}`).concat([c[2]]));
    return universe.filter((m) => own.every((spec) => atomHolds(spec, m, high)));
  }

  // ---- sets within a universe, as bitsets ----

  class Universe {
    constructor(masks) {
      this.masks = masks; // ascending
      this.index = new Map(masks.map((m, i) => [m, i]));
      this.words = (masks.length + 31) >> 5;
      this.key = masks.join(",");
    }

    of(masks) {
      const out = new Uint32Array(this.words);
      for (const m of masks) {
        const i = this.index.get(m);
        if (i !== undefined) out[i >> 5] |= 1 << (i & 31);
      }
      return out;
    }

    where(test) {
      const out = new Uint32Array(this.words);
      this.masks.forEach((m, i) => { if (test(m)) out[i >> 5] |= 1 << (i & 31); });
      return out;
    }

    members(bits) {
      return this.masks.filter((_, i) => (bits[i >> 5] >>> (i & 31)) & 1);
    }

    size(bits) {
      let n = 0;
      for (const w of bits) n += popcount(w);
      return n;
    }

    all() {
      return this.where(() => true);
    }
  }

  function same(a, b) {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  function and(a, b) {
    return a.map((w, i) => w & b[i]);
  }

  function or(a, b) {
    return a.map((w, i) => w | b[i]);
  }

  function andNot(a, b) {
    return a.map((w, i) => w & ~b[i]);
  }

  function empty(a) {
    return a.every((w) => w === 0);
  }

  function countWords(what, op, value, naturals, wild) {
    if (what === "s" && naturals === 4 && !wild && ((op === "=" && value === 1) || (op === "≤" && value === 1))) return ["inside", "s=1"];
    if (what === "s" && naturals === 4 && !wild && ((op === "=" && value === 2) || (op === "≥" && value === 2))) return ["outside", "s≥2"];
    if (what === "h") {
      if (value === 0 && (op === "=" || op === "≤")) return ["no high card", "h=0"];
      const noun = value === 1 ? "high card" : "high cards";
      const words = { "=": `${value} ${noun}`, "≥": `at least ${value} ${noun}`, "≤": `at most ${value} ${noun}` }[op];
      return [words, `h${op}${value}`];
    }
    return [`${what} ${op} ${value}`, `${what}${op}${value}`];
  }

  /** [{atom, sets}]: one atom per set of ranks it picks (the shortest words), none picking all
   * or nothing (rank_words._atoms). */
  function atoms(u, kind, naturals, wild, high) {
    const straight = kind === RF || kind === SF || kind === S;
    const counts = [];
    if (straight) counts.push("s");
    if (high < 13) {
      counts.push("h");
      if (straight) counts.push("s+h");
    }
    const out = [];
    for (const what of counts) {
      const values = [...new Set(u.masks.map((m) => count(what, m, high)))].sort((a, b) => a - b);
      for (const value of values) {
        for (const op of ["=", "≥", "≤"]) {
          const [text, notation] = countWords(what, op, value, naturals, wild);
          out.push({ spec: [what, op, value], text, notation });
        }
      }
    }
    if (straight) {
      out.push({ spec: ["ace-low", "is", 0], text: "ace-low", notation: "ace-low" });
      out.push({ spec: ["ace-low", "not", 0], text: "not ace-low", notation: "not ace-low" });
    }
    for (let rank = 0; rank < 13; rank++) {
      const name = RANKS[rank];
      out.push({ spec: ["rank", "has", rank], text: ("A8".includes(name) ? "with an " : "with a ") + name, notation: `${name} held` });
      out.push({ spec: ["rank", "lacks", rank], text: `no ${name}`, notation: `no ${name} held` });
    }
    const all = u.all();
    const best = new Map();
    for (const atom of out) {
      const sets = u.where((m) => atomHolds(atom.spec, m, high));
      if (empty(sets) || same(sets, all)) continue;
      const key = sets.join(",");
      if (!best.has(key) || atom.text.length < best.get(key).atom.text.length) {
        best.set(key, { atom, sets: best.has(key) ? best.get(key).sets : sets });
      }
    }
    return [...best.values()];
  }

  const termCache = new Map();

  /** [atoms, joined, sets] for every atom and every pair of atoms (rank_words._terms). */
  function terms(u, kind, naturals, wild, high) {
    const key = `${u.key}|${kind}|${naturals}|${wild}|${high}`;
    if (termCache.has(key)) return termCache.get(key);
    const found = atoms(u, kind, naturals, wild, high);
    const out = found.map(({ atom, sets }) => [[atom], "", sets]);
    for (let i = 0; i < found.length; i++) {
      for (let j = i + 1; j < found.length; j++) {
        const a = found[i], b = found[j];
        const both = and(a.sets, b.sets);
        if (!empty(both)) out.push([[a.atom, b.atom], "with", both]);
        out.push([[a.atom, b.atom], "or", or(a.sets, b.sets)]);
      }
    }
    if (termCache.size >= 64) termCache.delete(termCache.keys().next().value);
    termCache.set(key, out);
    return out;
  }

  /** [phrase, weight] (rank_words._phrase); `also`, `butNot`: masks. */
  function phrase(used, joined, also, butNot) {
    const words = used.map((a) => a.text).join(` ${joined} `);
    const short = used.map((a) => a.notation).join(` ${joined} `);
    const before = also.length ? `${listed(also)} or ` : "";
    const after = butNot.length ? ` but not ${listed(butNot)}` : "";
    const text = before + words + after;
    const weight = text.length + COUNTED * used.filter((a) => (a.spec[0] === "s" || a.spec[0] === "s+h") && a.text[0] === "s").length;
    return [{
      atoms: used, joined, also: also.slice().sort((a, b) => a - b), butNot: butNot.slice().sort((a, b) => a - b),
      text, notation: before + short + after,
    }, weight];
  }

  function universeOf(masks) {
    return new Universe([...masks].sort((a, b) => a - b));
  }

  /** The term "without QJT" where every set left out holds the same two or more ranks. */
  function sharedRanksTerms(u, wanted) {
    const leftOut = u.members(andNot(u.all(), wanted));
    if (!leftOut.length) return [];
    const shared = leftOut.reduce((a, b) => a & b);
    if (popcount(shared) < 2) return [];
    const sets = u.where((m) => (m & shared) !== shared);
    if (empty(sets) || same(sets, u.all())) return [];
    const words = `without ${rankText(shared)}`;
    return [[[{ spec: ["ranks", "lacks", shared], text: words, notation: words }], "", sets]];
  }

  /** The shortest phrase naming exactly `masks` within `universe` (rank_words.rank_phrase), or
   * null. */
  function rankPhrase(masks, universe, kind, naturals, wild, high, listedText) {
    if (universe === null || listedText.split(" or ").length < MIN_LISTED) return null;
    const u = universeOf(universe);
    const wanted = u.of(masks);
    let best = null;
    for (const [used, joined, sets] of terms(u, kind, naturals, wild, high).concat(sharedRanksTerms(u, wanted))) {
      const also = andNot(wanted, sets), butNot = andNot(sets, wanted);
      if (u.size(also) + u.size(butNot) > MAX_WRITTEN) continue;
      const [found, weight] = phrase(used, joined, u.members(also), u.members(butNot));
      if (best === null || weight < best.weight || (weight === best.weight && found.text < best.phrase.text)) {
        best = { phrase: found, weight };
      }
    }
    if (best === null || best.phrase.text.length > SHORTER * listedText.length) return null;
    return best.phrase;
  }

  /** [sets, phrase text] for the phrases of at most `longest` characters with no set written
   * out, nearest to `masks` first, then the shortest (rank_words.near_phrases). */
  function nearPhrases(masks, universe, kind, naturals, wild, high, longest) {
    const u = universeOf(universe);
    const wanted = u.of(masks);
    const all = u.all();
    const found = new Map();
    for (const [used, joined, sets] of terms(u, kind, naturals, wild, high)) {
      if (same(sets, wanted) || same(sets, all)) continue;
      const [p, weight] = phrase(used, joined, [], []);
      const key = sets.join(",");
      if (p.text.length <= longest && (!found.has(key) || weight < found.get(key).weight)) {
        found.set(key, { sets, weight, text: p.text });
      }
    }
    return [...found.values()]
      .map((f) => ({ ...f, distance: u.size(andNot(f.sets, wanted)) + u.size(andNot(wanted, f.sets)) }))
      .sort((a, b) => a.distance - b.distance || a.weight - b.weight || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
      .map((f) => [u.members(f.sets), f.text]);
  }

  ns.rankWords = {
    RANKS, MIN_LISTED, SHORTER, popcount, topRank, rankText, byRank, choices, listed, straights,
    highCards, atomHolds, onRanksAlone, narrowed, rankPhrase, nearPhrases,
  };
})(globalThis);
