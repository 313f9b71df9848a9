// Shortest descriptions: each line of an exact table re-described by the shortest conditions that
// keep the whole table exact, and the steps that then change the lines themselves; a port of
// generator/strategy/shortest.py (tidy, without_needless, split_long, merged, halved, line_cost),
// step for step, so that both make the same lines in the same order (tests/js/derive.test.mjs).
// Read shortest.py's docstring for why each step keeps the table exact.
//
// In: hold-data.js's holdData and a list of lines (compact.js's: [feature, op, value] by number,
// a set ascending), the family's key ("natural", "deuces", ...), its lowest high rank and the
// counts the derivation was offered. Out: lines as the build publishes them before `joined`.
// Where a step weighs how long a line is printed (split_long, merged, halved), it asks
// `notation(line)`, the line's notation as describe.py writes it (describe.js's lineNotation,
// given by the caller: published.js), counted in characters as Python counts them.
//
// No import/export: attaches to globalThis.vpcharts.shortest (see cards.js for why). Load
// rules-core.js, rank-words.js, describe-data.js, derive.js, compact.js and shortest-kernels.js
// first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const D = ns.derive;
  const C = ns.compact;
  const K = ns.shortestKernels;
  const RW = ns.rankWords;
  const { F_S, F_H, F_SH, F_RANKS, F_FP, F_SP, F_HP, F_DISC, F_DS, F_RP, F_SFP, F_BP, F_SHF, F_SHP,
    F_WS, F_BEST, F_DEAL } = R.FEATURE_NUMBERS;
  const { OP_EQ, OP_GE, OP_LE, OP_BIT, OP_NOBIT, OP_IN } = R.OP_NUMBERS;
  const [NONE, WILD, RF, SF, F, S, X, PAIR, , TRIPS, , QUADS, FIVE] = R.KIND_NAMES.keys();
  const COUNTS = [F_H, F_S, F_SH];
  const SCORES = [F_SHF, F_SHP];
  const { conditionKey, lineKey, play, playsRight, playsRightBelow, withoutIdle } = K;

  const MAX_RANK_SETS = 4; // "KQ or KJ or QJ": longer lists stay as they are
  const MAX_THRESHOLDS = 3;
  const MAX_TRIALS = 20000; // candidate descriptions checked per line, cheapest first
  const MAX_LISTED = 4; // compact.MAX_LISTED: a longer list of rank sets is narrowed by `tidy`
  // What a rank held or not costs beyond its characters, and a score the re-description is not
  // offered (shortest.py says why).
  const HELD_RANK_COST = 8;
  const UNOFFERED_SCORE_COST = 30;
  const ANY_BUT = "any but ".length;
  const SHORT_NOTATION = 40;
  const LONG_NOTATION = 60;
  const SPLIT_TRIALS = 5;
  const SPLIT_PARTS = 4;
  const SPLIT_SEARCHES = 600;
  const MERGE_SEARCHES = 1500;
  const PENALTIES = new Map([[F_FP, "fp"], [F_SP, "sp"], [F_RP, "rp"], [F_SFP, "sfp"], [F_BP, "bp"]]);

  // ---- what a description costs (cost, line_cost) ----

  /** Characters of a text as Python's len counts them (code points, not UTF-16 units). */
  function chars(text) {
    let n = 0;
    for (const c of text) n += c ? 1 : 0;
    return n;
  }

  /** One condition's notation, as describe.condition_text writes it, for any condition but a
   * list of rank sets (`cost` prices those by their ranks). */
  function conditionNotation(feature, op, value) {
    if (COUNTS.includes(feature) && op === OP_LE && value === 0) op = OP_EQ; // "h=0", not "h≤0"
    const sign = { [OP_EQ]: "=", [OP_GE]: "≥", [OP_LE]: "≤" }[op];
    const rank = RW.RANKS[value];
    if (feature === F_RANKS && op === OP_BIT) return `${rank} held`;
    if (feature === F_RANKS && op === OP_NOBIT) return `no ${rank} held`;
    if (feature === F_RANKS) return RW.choices([value]).join(" or ");
    if (feature === F_S || feature === F_SH || SCORES.includes(feature)) {
      const label = feature === F_S ? "s" : feature === F_SH ? "s+h" : feature === F_SHF ? "s+h−fp" : "s+h−fp−sp";
      return `${label}${sign}${value < 0 ? `−${-value}` : value}`;
    }
    if (feature === F_H) return `h${sign}${value}`;
    if (feature === F_DISC) return op === OP_BIT ? `${rank} discarded` : `no ${rank} discarded`;
    if (feature === F_DS) return `ds${sign}${value}`;
    if (feature === F_BEST) return "best";
    const none = value === 0 && (op === OP_EQ || op === OP_LE);
    if (feature === F_HP) return op === OP_GE && value === 1 ? "hp" : none ? "no hp" : `hp${sign}${value}`;
    if (PENALTIES.has(feature)) {
      const abbr = PENALTIES.get(feature);
      return none ? `no ${abbr}` : op === OP_GE && value === 1 ? abbr : `${abbr}${sign}${value}`;
    }
    return `${R.FEATURES[feature]}${sign}${value}`;
  }

  const universes = new Map();

  /** Every set of held natural ranks a hold of this kind can have, as a Set of masks, or null
   * (describe.rank_universe); kept per arguments. */
  function rankUniverse(kind, naturals, family) {
    if (![RF, SF, S, F, X].includes(kind) || naturals < 1) return null;
    const key = `${kind}:${naturals}:${family}`;
    if (universes.has(key)) return universes.get(key);
    const out = new Set();
    const ranks = ns.describeData[family].natural_ranks;
    const pick = (from, left, mask) => {
      if (!left) {
        const fits = R.WINDOWS.some((window) => (mask & ~window) === 0);
        const royal = (mask & ~0x1f00) === 0;
        const keep = kind === RF ? fits && royal : kind === SF ? fits && !royal : kind === S ? fits : !fits;
        if (keep) out.add(mask);
        return;
      }
      for (let i = from; i <= ranks.length - left; i++) pick(i + 1, left - 1, mask | (1 << ranks[i]));
    };
    pick(0, naturals, 0);
    universes.set(key, out);
    return out;
  }

  /** Whether a universe is there and not empty (Python's truth of a frozenset). */
  function some(universe) {
    return universe !== null && universe.size > 0;
  }

  /** Characters of a description in the short notation (shortest.cost). */
  function cost(conditions, universe = null) {
    let total = 0;
    for (const [feature, op, value] of conditions) {
      if (feature === F_RANKS && (op === OP_BIT || op === OP_NOBIT)) total += HELD_RANK_COST;
      if (op === OP_IN && feature === F_RANKS) {
        let masks = value;
        if (universe !== null && masks.every((m) => universe.has(m))) {
          const inSet = new Set(masks);
          const rest = [...universe].filter((m) => !inSet.has(m));
          if (2 * rest.length <= masks.length) {
            masks = rest;
            total += ANY_BUT;
          }
        }
        total += masks.reduce((sum, m) => sum + RW.popcount(m), 0) + 4 * (masks.length - 1);
      } else if (op === OP_IN) total += 1000; // a deal exception: never shorter than a pattern
      else total += chars(conditionNotation(feature, op, value));
      total += 2; // ", "
    }
    return total;
  }

  /** A line's pattern: [n, w, kind]. */
  function patternOf(line) {
    return line.slice(0, 3).map((c) => c[2]);
  }

  /** `cost` of a line's conditions beyond its pattern. */
  function lineCost(line, family) {
    const [n, w, kind] = patternOf(line);
    return cost(line.slice(3), rankUniverse(kind, n - w, family));
  }

  // ---- candidate conditions of a pattern (derive.thresholds, _held_ranks, penalties) ----

  /** The values a column of small integers takes, ascending (by counting, as derive.values_of). */
  function valuesOf(column) {
    let low = Infinity, high = -Infinity;
    for (const v of column) { if (v < low) low = v; if (v > high) high = v; }
    if (low > high) return [];
    const seen = new Uint8Array(high - low + 1);
    for (const v of column) seen[v - low] = 1;
    const out = [];
    for (let v = low; v <= high; v++) if (seen[v - low]) out.push(v);
    return out;
  }

  /** A rank held, or not, for each rank some of the pattern's holds have and some do not
   * (none for a hold of one rank, or of none). */
  function heldRanks(g, kind) {
    const masks = g.column(F_RANKS);
    if (!masks.length || [PAIR, TRIPS, QUADS, FIVE, NONE, WILD].includes(kind)) return [];
    let some = 0, every = 0x1fff;
    for (const m of masks) { some |= m; every &= m; }
    const out = [];
    for (let r = 12; r >= 0; r--) {
      if ((some >> r) & 1 && !((every >> r) & 1)) out.push([F_RANKS, OP_BIT, r], [F_RANKS, OP_NOBIT, r]);
    }
    return out;
  }

  /** Thresholds, ranks held and penalty conditions of a pattern, kept on it by counts offered
   * (they depend on its rows alone). */
  function candidates(g, counts) {
    const kept = g.pattern.candidates || (g.pattern.candidates = new Map());
    const key = counts.join(",");
    if (!kept.has(key)) kept.set(key, D.thresholds(g, null, counts).concat(heldRanks(g, g.pattern.key[2]), D.penaltyConditions(g.data, g.pattern)));
    return kept.get(key);
  }

  /** The runs of a pattern's rows: the first row of each class's run (and, last, the number of
   * rows) and each run's class; kept on the pattern. */
  function runsOf(g) {
    const pattern = g.pattern;
    if (!pattern.runs) {
      const starts = [], cls = [];
      for (let i = 0; i < g.length; i++) {
        if (i === 0 || g.cls[i] !== g.cls[i - 1]) { starts.push(i); cls.push(g.cls[i]); }
      }
      starts.push(g.length);
      pattern.runs = { starts: Int32Array.from(starts), cls: Int32Array.from(cls) };
    }
    return pattern.runs;
  }

  /** Candidate lines of one hold pattern, each a conjunction of single conditions, checked on
   * the pattern's rows (shortest._Checker); each condition's rows found once, when a line first
   * asks for them (`met`). Its fields are the kernels' (shortest-kernels.js): meets, masks,
   * starts, keys, optimal, failed; a kernel reads `meets[j]` only for conditions of the lines
   * it is handed, whose rows `combos` and `descriptions` have found. */
  class Checker {
    constructor(data, pattern, counts = COUNTS) {
      const g = D.wholeGroup(data, pattern);
      this.data = data;
      this.group = g;
      this.pattern = pattern;
      this.counts = counts;
      const runs = runsOf(g);
      this.starts = runs.starts;
      this.runCls = runs.cls;
      this.keys = g.keys;
      this.optimal = g.optimal;
      this.masks = g.column(F_RANKS);
      this.conditions = candidates(g, counts);
      this.index = new Map(); // condition key -> index
      this.byIndex = [];
      this.meets = [];
      this.add(this.conditions);
      this.failed = new Int32Array(9).fill(-1); // 8 runs that failed lately, and the next slot
      this.failed[8] = 0;
    }

    /** Number the conditions not seen yet: single conditions first, then rank sets, in the
     * order Python numbers them. (Their rows are found when first asked: most of a pattern's
     * candidates are never part of a line tried, and finding them all up front was a quarter
     * of a natural game's chart.) */
    add(conditions) {
      const fresh = new Map();
      for (const c of conditions) {
        const key = conditionKey(c);
        if (!this.index.has(key) && !fresh.has(key)) fresh.set(key, c);
      }
      const ordered = [...fresh.values()];
      for (const c of ordered.filter((x) => x[1] !== OP_IN).concat(ordered.filter((x) => x[1] === OP_IN))) {
        this.index.set(conditionKey(c), this.byIndex.length);
        this.byIndex.push(c);
        this.meets.push(null);
      }
    }

    /** The rows condition `j` meets, as bits (found the first time). */
    met(j) {
      // (as bits: bytes, a new array each, took 600 MB of short-lived arrays on 9/6 Jacks or Better)
      if (this.meets[j] === null) this.meets[j] = D.meetBits(this.group, this.byIndex[j]);
      return this.meets[j];
    }

    /** Find the rows of every condition the rows of condition indexes name (-1: none). */
    found(indexes) {
      for (const j of indexes) if (j >= 0) this.met(j);
    }

    indexOf(c) {
      return this.index.get(conditionKey(c));
    }

    /** The runs (indexes) whose class is still undecided. */
    runsAlive(alive) {
      const out = [];
      for (let r = 0; r < this.runCls.length; r++) if (alive[this.runCls[r]]) out.push(r);
      return Int32Array.from(out);
    }

    /** The runs whose class no line above line `from` decides (`place`: each class's
     * deciding line, -1 for none), or line `also` does: runsAlive without marking the classes
     * (a merge asks for hundreds of pairs). */
    runsUndecided(place, from, also = -2) {
      const out = [];
      for (let r = 0; r < this.runCls.length; r++) {
        const p = place[this.runCls[r]];
        if (p < 0 || p >= from || p === also) out.push(r);
      }
      return Int32Array.from(out);
    }

    /** The rows (places in the pattern) of the holds `held` plays in the classes marked. */
    playedRows(marked, held) {
      const out = [];
      for (let c = 0; c < marked.length; c++) if (marked[c]) out.push(held[c] - this.pattern.start);
      return out;
    }

    /** playedRows of the classes listed (ascending). */
    playedRowsOf(classes, held) {
      return Array.from(classes, (c) => held[c] - this.pattern.start);
    }

    /** Lines (arrays of conditions) as rows of condition indexes: {combos, width}. */
    combos(lines) {
      for (const conditions of lines) this.add(conditions);
      const width = Math.max(1, ...lines.map((c) => c.length));
      const combos = new Int32Array(lines.length * width).fill(-1);
      lines.forEach((conditions, t) => conditions.forEach((c, q) => { combos[t * width + q] = this.indexOf(c); }));
      this.found(combos);
      return { combos, width };
    }

    /** The first of the lines safe on the runs, or -1. */
    safe(lines, runs) {
      const { combos, width } = this.combos(lines);
      return K.firstSafe(this, combos, width, runs);
    }

    /** The rank sets whose leaving out makes the line safe (none of `covered`), or none. */
    leftOut(conditions, runs, covered) {
      const { combos, width } = this.combos([conditions]);
      return K.ranksLeftOut(this, { combos, at: 0, width }, covered, MAX_RANK_SETS, runs);
    }

    /** {classes: undecided classes the line meets, held: the position of the hold it plays}. */
    played(conditions, alive) {
      this.add(conditions);
      const met = conditions.map((c) => this.met(this.indexOf(c)));
      const classes = [], held = [];
      const { cls } = this.group;
      for (let i = 0; i < cls.length; i++) {
        if (!alive[cls[i]] || (classes.length && classes[classes.length - 1] === cls[i])) continue;
        if (met.every((m) => (m[i >>> 5] >>> (i & 31)) & 1)) { classes.push(cls[i]); held.push(this.pattern.start + i); }
      }
      return { classes, held };
    }
  }

  // ---- the search (shortest._descriptions) ----

  /** The conditions every row of the rows (places) given meets (shortest._covering). */
  function covering(conditions, g, rows) {
    const low = new Map(), high = new Map();
    const bounds = (f) => {
      if (!low.has(f)) {
        const x = g.column(f);
        let lo = Infinity, hi = -Infinity;
        for (const i of rows) { if (x[i] < lo) lo = x[i]; if (x[i] > hi) hi = x[i]; }
        low.set(f, lo); high.set(f, hi);
      }
    };
    const every = {}, some = {};
    for (const f of [F_DISC, F_RANKS]) {
      const x = g.column(f);
      let a = -1, o = 0;
      for (const i of rows) { a &= x[i]; o |= x[i]; }
      every[f] = a; some[f] = o;
    }
    return conditions.filter(([feature, op, value]) => {
      if (op === OP_BIT) return (every[feature] >> value) & 1;
      if (op === OP_NOBIT) return !((some[feature] >> value) & 1);
      bounds(feature);
      if (op === OP_EQ) return low.get(feature) === value && high.get(feature) === value;
      if (op === OP_GE) return low.get(feature) >= value;
      if (op === OP_LE) return high.get(feature) <= value;
      const met = D.rowsMeet(g, [feature, op, value]);
      return rows.every((i) => met[i]);
    });
  }

  const combinationsOf = new Map();

  /** Every combination of up to MAX_THRESHOLDS of 0..k-1, as rows of 3 padded with -1, in
   * Python's order (itertools.combinations by size). */
  function indexCombinations(k) {
    if (combinationsOf.has(k)) return combinationsOf.get(k);
    const rows = [[-1, -1, -1]];
    for (let a = 0; a < k; a++) rows.push([a, -1, -1]);
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) rows.push([a, b, -1]);
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) for (let c = b + 1; c < k; c++) rows.push([a, b, c]);
    combinationsOf.set(k, rows);
    return rows;
  }

  /** The trials of `_descriptions`, cheapest first (then fewest conditions, then in the order
   * made): {trials (rows of 4 condition indexes), anyBut}. Each is up to MAX_THRESHOLDS single
   * conditions, alone, with one of `ranks`, or "any but" (at least its words and a set). */
  function trialsOf(checker, singles, ranks, universe, naturals, own) {
    const index = singles.concat(ranks).map((c) => checker.indexOf(c));
    const price = singles.map((c) => cost([c]));
    // Each trial made, by number: the plain ones (combination `combo[t]`), then one per rank set
    // and short plain one, then one "any but" per short plain one; its total cost and size.
    // Only the cheapest MAX_TRIALS are written out as rows. (Numbers in typed arrays, not an
    // object a trial: a line's search makes tens of thousands and keeps most.)
    const combos = indexCombinations(singles.length);
    const combo = [], plainTotal = [], plainSize = [];
    combos.forEach((c, k) => {
      let total = 0, size = 0;
      for (const j of c) if (j >= 0) { total += price[j]; size += 1; }
      if (total < own) { combo.push(k); plainTotal.push(total); plainSize.push(size); }
    });
    const short = [];
    for (let q = 0; q < combo.length; q++) if (plainSize[q] < MAX_THRESHOLDS) short.push(q);
    const extra = ranks.map((rank) => cost([rank], universe));
    const anyBut = some(universe) ? ANY_BUT + naturals + 2 : null;
    const made = combo.length + short.length * (ranks.length + (anyBut === null ? 0 : 1));
    const total = new Float64Array(made), size = new Int32Array(made);
    total.set(plainTotal); size.set(plainSize);
    let m = combo.length;
    for (let r = 0; r < ranks.length; r++) {
      for (const q of short) { total[m] = plainTotal[q] + extra[r]; size[m] = plainSize[q] + 1; m++; }
    }
    if (anyBut !== null) for (const q of short) { total[m] = plainTotal[q] + anyBut; size[m] = plainSize[q] + 1; m++; }
    const kept = [];
    for (let t = 0; t < made; t++) if (total[t] < own) kept.push(t);
    kept.sort((a, b) => total[a] - total[b] || size[a] - size[b] || a - b); // (stable, as np.lexsort)
    const chosen = kept.slice(0, MAX_TRIALS);
    const trials = new Int32Array(chosen.length * 4).fill(-1);
    const flags = new Uint8Array(chosen.length);
    const nRanked = short.length * ranks.length;
    chosen.forEach((t, row) => {
      let plain = t, rank = -1;
      if (t >= combo.length + nRanked) { plain = short[t - combo.length - nRanked]; flags[row] = 1; }
      else if (t >= combo.length) {
        rank = Math.floor((t - combo.length) / short.length);
        plain = short[(t - combo.length) % short.length];
      }
      combos[combo[plain]].forEach((j, q) => { if (j >= 0) trials[row * 4 + q] = index[j]; });
      if (rank >= 0) trials[row * 4 + 3] = index[singles.length + rank];
    });
    return { trials, anyBut: flags };
  }

  /** Rank sets first, then the thresholds (as the search tried them). */
  function inOrder(conditions) {
    return conditions.filter((c) => c[0] === F_RANKS).concat(conditions.filter((c) => c[0] !== F_RANKS));
  }

  /** What the line costs as it stands, under `under` if given: what a new description must beat. */
  function ownCost(checker, line, universe, under) {
    const rest = line.slice(3);
    const own = cost(rest, universe)
      + UNOFFERED_SCORE_COST * rest.filter((c) => SCORES.includes(c[0]) && !checker.counts.includes(c[0])).length;
    return under === null ? own : Math.min(under, own);
  }

  /** Conditions shorter than the line's own (and than `under`) that cover every hold it plays
   * (`mine`: their rows, checker.playedRows) and are safe on the runs of the classes still to
   * decide (`runs`: checker.runsAlive), cheapest first (a generator, resumed as Python's is: the
   * kernels' ring of failed runs goes on between). */
  function* descriptions(checker, line, runs, mine, family, under = null) {
    const [n, w, kind] = patternOf(line);
    const universe = rankUniverse(kind, n - w, family);
    const own = ownCost(checker, line, universe, under);
    if (!runs.length || !mine.length) return;
    // Single conditions true on every hold the line plays now (any other would drop one).
    const singles = covering(checker.conditions, checker.group, mine);
    const masks = valuesOf(mine.map((i) => checker.masks[i]));
    const ranks = masks.length > MAX_RANK_SETS ? [] : [masks.length === 1 ? [F_RANKS, OP_EQ, masks[0]] : [F_RANKS, OP_IN, masks]];
    const covered = Int32Array.from(masks);
    // The tightest description first: where even it plays some class wrongly, most lines end.
    if (checker.safe([singles.concat(ranks)], runs) < 0
        && !(some(universe) && checker.leftOut(singles, runs, covered).length)) return;
    singles.sort((a, b) => cost([a]) - cost([b]));
    checker.add(singles.concat(ranks));
    const { trials, anyBut } = trialsOf(checker, singles, ranks, universe, n - w, own);
    checker.found(trials);
    const conditionsOf = (t) => [...trials.subarray(t * 4, t * 4 + 4)].filter((j) => j >= 0).map((j) => checker.byIndex[j]);
    let at = 0;
    for (;;) {
      const found = K.nextDescription(checker, trials, 4, anyBut, at, covered, MAX_RANK_SETS, runs);
      at = found.at;
      if (at < 0) return;
      if (!anyBut[at]) yield inOrder(conditionsOf(at));
      else {
        const out = new Set(found.leftOut);
        const ranksIn = [F_RANKS, OP_IN, [...universe].filter((m) => !out.has(m)).sort((a, b) => a - b)];
        const conditions = conditionsOf(at);
        if (cost([ranksIn].concat(conditions), universe) < own) yield [ranksIn].concat(inOrder(conditions));
      }
      at += 1;
    }
  }

  /** The first of the generator's values (at most `most` tried) that `fits`, or null. No value
   * past the `most`th is asked for (islice): each asked runs the kernels, which move the ring. */
  function firstOf(generator, most = Infinity, fits = () => true) {
    for (let tried = 0; tried < most; tried++) {
      const { value, done } = generator.next();
      if (done) break;
      if (fits(value)) return value;
    }
    return null;
  }

  /** The pattern's checker, made once per key in `checkers`. */
  function checkerOf(checkers, data, line, counts) {
    const key = patternOf(line).join(",");
    if (!checkers.has(key)) checkers.set(key, new Checker(data, patternFor(data, line), counts));
    return checkers.get(key);
  }

  /** The hold pattern of a line (its first three conditions) in data.patterns. */
  function patternFor(data, line) {
    const { index } = K.rowsOf(data, line.slice(0, 3));
    if (index < 0) throw new Error(`no hold has the pattern of line ${lineKey(line)}`);
    return data.patterns[index];
  }

  // (The two markings below are each a plain loop: one function taking a test, called with
  // five different ones, was a second of a joker game's chart.)

  /** 1 for each class no line above line `i` decides (its deciding line, `place`, is none, or
   * `i` or below). */
  function undecidedFrom(place, i) {
    const out = new Uint8Array(place.length);
    for (let c = 0; c < place.length; c++) if (place[c] < 0 || place[c] >= i) out[c] = 1;
    return out;
  }

  /** 1 for each class line `i` decides. */
  function decidedBy(place, i) {
    const out = new Uint8Array(place.length);
    for (let c = 0; c < place.length; c++) if (place[c] === i) out[c] = 1;
    return out;
  }

  /** The lines, each re-described as briefly as the table allows (shortest.shortest); lines
   * above `start` left as they are. */
  function shortest(data, lines, family, start = 0, counts = COUNTS) {
    const { place, held } = play(data, lines);
    const checkers = new Map();
    const out = lines.slice();
    for (let i = start; i < out.length; i++) {
      const line = out[i];
      if (line.length <= 3) continue; // a bare pattern: nothing shorter
      const checker = checkerOf(checkers, data, line, counts);
      const alive = undecidedFrom(place, i);
      const mine = checker.playedRows(decidedBy(place, i), held);
      const found = firstOf(descriptions(checker, line, checker.runsAlive(alive), mine, family));
      if (found === null) continue;
      out[i] = line.slice(0, 3).concat(found);
      const met = checker.played(found, alive);
      met.classes.forEach((c, k) => { place[c] = i; held[c] = met.held[k]; });
    }
    return out;
  }

  // ---- tidy, without_needless ----

  /** Rank sets dropped, one at a time, from each line listing more than `longerThan` of them,
   * wherever the list stays exact and the line reads shorter (compact.Compactor.narrow, on
   * compact.js's Compactor); whether any was. */
  function narrow(compactor, longerThan, written) {
    const lb = compactor.lineBits;
    lb.deciders(); // (of the list before an edit: changedClasses asks after it)
    let changed = false;
    for (const slot of lb.order.slice()) {
      const ranks = C.rankCondition(lb.slots[slot]);
      if (ranks === null || ranks[1] !== OP_IN || ranks[2].length <= longerThan) continue;
      for (const mask of ranks[2].slice()) {
        const before = lb.slots[slot], index = lb.slotPattern[slot], rows = lb.slotRows[slot];
        const current = C.rankCondition(before);
        if (current[1] !== OP_IN) break; // one set left: the line stays
        const left = current[2].filter((m) => m !== mask);
        const fewer = left.length === 1 ? [F_RANKS, OP_EQ, left[0]] : [F_RANKS, OP_IN, left];
        const narrower = before.map((c) => (c === current ? fewer : c));
        if (written(narrower) >= written(before)) break; // written "any but": it only grows
        const column = D.wholeGroup(lb.data, lb.data.patterns[index]).column(F_RANKS);
        lb.slots[slot] = narrower;
        lb.put(slot, index, rows.filter((p) => column[p] !== mask));
        if (lb.exact(lb.order, [slot], lb.changedClasses(slot, rows))) changed = true;
        else {
          lb.slots[slot] = before;
          lb.put(slot, index, rows);
        }
      }
    }
    return changed;
  }

  /** Lines listing many rank sets narrowed, then `shortest`, then lines left with nothing to
   * decide removed, until neither changes (shortest.tidy). */
  function tidy(data, lines, family, counts = COUNTS) {
    let compactor = new C.Compactor(data, lines);
    if (narrow(compactor, MAX_LISTED, (line) => lineCost(line, family))) {
      compactor.removeNeedless();
      lines = compactor.lines();
    }
    let start = 0;
    for (let pass = 0; pass < 3; pass++) {
      const described = shortest(data, lines, family, start, counts);
      compactor = new C.Compactor(data, described);
      if (!compactor.removeNeedless()) return described;
      lines = compactor.lines();
      // Above the first line removed every line decides what it did: the next pass starts there.
      start = 0;
      while (start < Math.min(lines.length, described.length) && lineKey(lines[start]) === lineKey(described[start])) start += 1;
    }
    return lines;
  }

  /** An exact table's lines less each line, from the bottom up, whose classes the lines kept
   * below it play right (the last line stays): one pass over each line's rows, the hold the
   * lines kept below play in each class kept as it goes up (shortest.without_needless). */
  function withoutNeedless(data, lines) {
    const byLine = classesByLine(play(data, lines).place, lines.length);
    const below = new Int32Array(data.classes).fill(-1); // the hold the lines kept below play
    const keep = lines.map(() => true);
    for (let k = lines.length - 1; k >= 0; k--) {
      if (k < lines.length - 1 && byLine[k].every((c) => below[c] >= 0 && data.optimalAt[below[c]])) {
        keep[k] = false;
        continue;
      }
      const { index, places } = K.rowsOf(data, lines[k]);
      if (index < 0) continue;
      const start = data.patterns[index].start;
      let last = -1;
      for (const p of places) {
        const c = data.classAt[start + p];
        if (c !== last) { below[c] = start + p; last = c; }
      }
    }
    return lines.filter((_, k) => keep[k]);
  }

  // ---- split_long ----

  /** Whether a line is long enough to split: over `long` characters of notation, or over
   * `limit` where it lists rank sets; never a line naming deals. */
  function isLong(line, length, limit, long) {
    const lists = line.some((c) => c[0] === F_RANKS && c[1] === OP_IN);
    return (length > long || (lists && length > limit)) && !line.some((c) => c[0] === F_DEAL);
  }

  /** An exact table's long lines, each written as a few short lines of its pattern where they
   * say it in fewer characters in all, the longest first, within SPLIT_SEARCHES searches
   * (shortest.split_long). `notation(line)`: the line's notation. */
  function splitLong(data, lines, family, counts, notation, limit = SHORT_NOTATION, long = LONG_NOTATION) {
    const lengths = lines.map((line) => (line.length > 3 ? chars(notation(line)) : 0));
    const longLines = lines.map((line, k) => [lengths[k], line]).filter(([n, line]) => isLong(line, n, limit, long));
    longLines.sort((a, b) => b[0] - a[0]);
    let out = lines.slice();
    const searches = [SPLIT_SEARCHES];
    for (const [length, line] of longLines) {
      if (searches[0] <= 0) break;
      const i = out.findIndex((x) => lineKey(x) === lineKey(line));
      const parts = split(data, out, i, family, counts, notation, limit, length, searches);
      if (parts !== null) out = out.slice(0, i).concat(parts, out.slice(i + 1));
    }
    // New lines meet more than the old one did: a line below can be left with nothing to decide.
    return out.length !== lines.length || out.some((x, k) => x !== lines[k]) ? withoutIdle(data, out) : out;
  }

  /** For shortest._split's greedy step, each cut (a single condition of the pattern) by the
   * classes `left` on its side: {classes (those left), total (their deals), sides (per cut,
   * whether each class's hold meets it), weights (per cut, the deals on its side), order (the
   * cuts by weight, most first, stably)}. */
  function cutSides(data, checker, cuts, left, held) {
    const classes = [];
    for (let c = 0; c < left.length; c++) if (left[c]) classes.push(c);
    const rows = checker.playedRows(left, held);
    let total = 0;
    for (const c of classes) total += data.sizes[c];
    const sides = cuts.map((cut) => {
      const met = checker.met(checker.indexOf(cut));
      return rows.map((r) => (met[r >>> 5] >>> (r & 31)) & 1);
    });
    const weights = sides.map((side) => side.reduce((sum, m, k) => sum + (m ? data.sizes[classes[k]] : 0), 0));
    const order = weights.map((_, c) => c).sort((a, b) => weights[b] - weights[a]);
    return { classes, total, sides, weights, order };
  }

  /** Lines replacing line i, each at most `limit` characters of notation and under `within`
   * together, or null (shortest._split). Greedy: the short line taking the most of the deals
   * left, among those describing the holds on one side of a single condition. */
  function split(data, lines, i, family, counts, notation, limit, within, searches) {
    const { place, held } = play(data, lines);
    const line = lines[i];
    const head3 = line.slice(0, 3);
    const checker = new Checker(data, patternFor(data, line), counts);
    let alive = undecidedFrom(place, i);
    let left = decidedBy(place, i); // the classes the new lines are to take
    const cuts = checker.conditions.filter((c) => c[1] !== OP_IN);
    checker.add(cuts);
    const parts = [];
    const head = chars(notation(head3));
    const foundIn = (taken, most) => {
      searches[0] -= 1;
      if (searches[0] < 0) return null;
      const trials = descriptions(checker, line, checker.runsAlive(alive), checker.playedRows(taken, held), family, most - head + 1);
      return firstOf(trials, SPLIT_TRIALS, (d) => chars(notation(head3.concat(d))) <= most);
    };
    while (parts.length < SPLIT_PARTS) {
      const spent = parts.reduce((sum, part) => sum + chars(notation(part)), 0);
      if (parts.length && playsRightBelow(data, lines.slice(0, i).concat(parts, lines.slice(i + 1)), place, i)) return parts;
      const whole = parts.length ? foundIn(left, Math.min(limit, within - spent - 1)) : null;
      if (whole !== null) return parts.concat([head3.concat(whole)]);
      const most = Math.min(limit, within - spent - head - 2);
      if (parts.length === SPLIT_PARTS - 1 || most <= head) return null;
      const best = bestCut(data, checker, cuts, left, held, alive, parts.length, (taken) => foundIn(taken, most));
      if (best === null) return null;
      parts.push(head3.concat(best.found));
      alive = alive.slice();
      for (const c of best.classes) alive[c] = 0;
      left = left.map((x, c) => x & alive[c]);
    }
    return null;
  }

  /** {found, classes} of the cut whose description takes the most deals left, or null. */
  function bestCut(data, checker, cuts, left, held, alive, nParts, foundIn) {
    const { classes, total, sides, weights, order } = cutSides(data, checker, cuts, left, held);
    let best = null;
    for (const c of order) {
      if (weights[c] === total || !weights[c]) continue;
      if (weights[c] * (SPLIT_PARTS - nParts) < total || (best !== null && weights[c] < best.deals)) break;
      const taken = new Uint8Array(left.length);
      sides[c].forEach((m, k) => { if (m) taken[classes[k]] = 1; });
      const found = foundIn(taken);
      if (found === null) continue;
      const met = checker.played(found, alive);
      let deals = 0;
      for (const x of met.classes) if (left[x]) deals += data.sizes[x];
      if (best === null || deals > best.deals) best = { deals, found, classes: met.classes };
    }
    return best;
  }

  // ---- merged, halved ----

  /** An exact table's lines with pairs of lines of one pattern said as one line of at most
   * `limit` characters where the table stays exact, and the lines that leaves needless removed
   * (shortest.merged): tried at the upper line's place, then at the lower's. */
  function merged(data, lines, family, counts, notation, limit = SHORT_NOTATION) {
    let out = lines.slice();
    const checkers = new Map();
    const failed = new Set();
    const state = { searches: MERGE_SEARCHES };
    // (runs: of the classes left to the merged line, given the checker; mine: the rows it is to
    // play, given the checker)
    const description = (i, j, runs, mine) => {
      state.searches -= 1;
      const both = out[i].concat(out[j].slice(3)); // (its cost: the budget, the two lines' together)
      const checker = checkerOf(checkers, data, out[i], counts);
      const trials = descriptions(checker, both, runs(checker), mine(checker), family);
      return firstOf(trials, SPLIT_TRIALS, (d) => chars(notation(out[i].slice(0, 3).concat(d))) <= limit);
    };
    while (state.searches > 0) {
      const trial = oneMerge(data, out, failed, state, description);
      if (trial === null) break;
      out = withoutNeedless(data, trial);
    }
    return out;
  }

  /** Each line's classes (ascending), by `place` (play's deciding lines). */
  function classesByLine(place, nLines) {
    const byLine = Array.from({ length: nLines }, () => []);
    for (let c = 0; c < place.length; c++) if (place[c] >= 0) byLine[place[c]].push(c);
    return byLine;
  }

  /** Two ascending lists as one (each value once). */
  function sortedUnion(a, b) {
    const out = [];
    let i = 0, j = 0;
    while (i < a.length || j < b.length) {
      if (j >= b.length || (i < a.length && a[i] < b[j])) out.push(a[i++]);
      else if (i >= a.length || b[j] < a[i]) out.push(b[j++]);
      else { out.push(a[i++]); j++; }
    }
    return out;
  }

  /** The table with the first pair that merges merged, or null (merged's one_merge). */
  function oneMerge(data, out, failed, state, description) {
    const { place, held } = play(data, out);
    const byLine = classesByLine(place, out.length);
    const runsFrom = new Map(); // line i -> the runs undecided above it (its pattern's checker)
    const runsBelow = (i) => (checker) => {
      if (!runsFrom.has(i)) runsFrom.set(i, checker.runsUndecided(place, i));
      return runsFrom.get(i);
    };
    for (let j = 1; j < out.length - 1; j++) {
      for (let i = j - 1; i >= 0; i--) {
        const pair = `${lineKey(out[i])}/${lineKey(out[j])}`;
        if (lineKey(out[i].slice(0, 3)) !== lineKey(out[j].slice(0, 3)) || failed.has(pair)) continue;
        if (state.searches <= 0) return null;
        const decided = sortedUnion(byLine[i], byLine[j]);
        const mine = (checker) => checker.playedRowsOf(decided, held);
        let found = description(i, j, runsBelow(i), mine);
        if (found !== null) {
          const trial = out.slice(0, i).concat([out[i].slice(0, 3).concat(found)], out.slice(i + 1, j), out.slice(j + 1));
          if (playsRightBelow(data, trial, place, i)) return trial;
        }
        found = description(i, j, (checker) => checker.runsUndecided(place, j, i), mine);
        if (found !== null) {
          const trial = out.slice(0, i).concat(out.slice(i + 1, j), [out[i].slice(0, 3).concat(found)], out.slice(j + 1));
          if (playsRightBelow(data, trial, place, i)) return trial;
        }
        failed.add(pair);
      }
    }
    return null;
  }

  /** Whether a list of rank sets is written "any but ..." in the line's universe. */
  function writtenAnyBut(masks, universe) {
    if (universe === null || !masks.every((m) => universe.has(m))) return false;
    return 2 * (universe.size - new Set(masks).size) <= masks.length;
  }

  /** An exact table's lines with each line over `limit` characters of notation that lists its
   * rank sets said as two lines that list half each, where both fit and the table still plays
   * every class right (shortest.halved); a line written "any but ..." is left as it is. */
  function halved(data, lines, family, notation, limit = LONG_NOTATION) {
    let out = lines.slice();
    let i = 0;
    while (i < out.length) {
      const line = out[i];
      const at = line.findIndex((c) => c[0] === F_RANKS && c[1] === OP_IN);
      const [n, w, kind] = patternOf(line);
      if (at < 0 || chars(notation(line)) <= limit || writtenAnyBut(line[at][2], rankUniverse(kind, n - w, family))) {
        i += 1;
        continue;
      }
      const found = halves(data, out, i, at, notation, limit);
      if (found !== null) {
        out = found;
        i += 2;
      } else i += 1;
    }
    return out;
  }

  /** The table with line i as two halves of its rank list (column `at`), or null: the most
   * even cut of the list as printed that fits, each half above the other in turn. */
  function halves(data, out, i, at, notation, limit) {
    const line = out[i];
    const ordered = RW.byRank(line[at][2]);
    const withSets = (sets) => {
      const ranks = sets.length === 1 ? [F_RANKS, OP_EQ, sets[0]] : [F_RANKS, OP_IN, sets.slice().sort((a, b) => a - b)];
      return line.slice(0, at).concat([ranks], line.slice(at + 1));
    };
    const cuts = [];
    for (let j = 1; j < ordered.length; j++) cuts.push(j);
    cuts.sort((a, b) => Math.abs(ordered.length - 2 * a) - Math.abs(ordered.length - 2 * b));
    for (const cut of cuts) {
      const upper = withSets(ordered.slice(0, cut)), lower = withSets(ordered.slice(cut));
      if (Math.max(chars(notation(upper)), chars(notation(lower))) > limit) continue;
      for (const pair of [[upper, lower], [lower, upper]]) {
        const trial = out.slice(0, i).concat(pair, out.slice(i + 1));
        if (playsRight(data, trial)) return trial;
      }
    }
    return null;
  }

  ns.shortest = {
    MAX_RANK_SETS, MAX_THRESHOLDS, MAX_TRIALS, MAX_LISTED, UNOFFERED_SCORE_COST, ANY_BUT,
    SHORT_NOTATION, LONG_NOTATION, SPLIT_TRIALS, SPLIT_PARTS, SPLIT_SEARCHES, MERGE_SEARCHES, COUNTS,
    SCORES, conditionNotation, rankUniverse, some, cost, patternOf, lineCost, Checker, conditionKey,
    lineKey, play, playsRight, withoutIdle, descriptions, shortest, narrow, tidy, withoutNeedless,
    splitLong, merged, halved,
  };
})(globalThis);
