// The exact decision list of a pay table solved in the browser, derived as the build derives it:
// a port of generator/strategy/derive.py, step for step, so that both make the same lines in the
// same order (tests/js/derive.test.mjs holds them to it; one derivation, two runtimes). Read
// derive.py's docstring for the method: safe coarse lines by CE value, then the pattern with the
// largest CE value split by thresholds, ranks held, penalty cards, rank sets and pairs of these,
// then exceptions naming deals where nothing else separates the holds.
//
// In: hold-data.js's holdData (every hold's features, order key, optimality). Out: lines, each a
// list of conditions [feature, op, value] by number (rules-core's FEATURE_NUMBERS, OP_NUMBERS), a
// rank or deal set as an ascending array; `named` writes them with names, as the fixtures do.
//
// No import/export: attaches to globalThis.vpcharts.derive (see cards.js for why). Load
// rules-core.js, hold-data.js and derive-kernels.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const K = ns.deriveKernels;
  const { F_N, F_W, F_KIND, F_H, F_S, F_SH, F_RANKS, F_FP, F_SP, F_HP, F_DISC, F_DS, F_RP, F_SFP,
    F_BP, F_SHF, F_SHP, F_WS, F_KC, F_KCD, F_BEST, F_DEAL } = R.FEATURE_NUMBERS;
  const { OP_EQ, OP_GE, OP_LE, OP_BIT, OP_NOBIT, OP_IN } = R.OP_NUMBERS;
  const COUNTS = [F_H, F_S, F_SH];
  const SCORES = [F_SHF, F_SHP];
  const OP_NAMES = Object.fromEntries(Object.entries(R.OPS).map(([name, op]) => [op, name]));

  /** The rows of one hold pattern at positions `pos` of the hold data (all of them, or those of
   * undecided classes: `restricted`), by class, then order key descending (derive.PatternGroup).
   * `pos` null: every row of the pattern, whose facts are then views of the hold data's runs
   * (no copy: one such group a pattern is kept, see wholeGroup). */
  class Group {
    constructor(data, pattern, pos) {
      this.data = data;
      this.pattern = pattern; // shared by every restriction of the group
      this.pos = pos;
      if (pos === null) {
        const { start, length } = pattern;
        this.cls = data.classAt.subarray(start, start + length);
        this.keys = data.keyAt.subarray(start, start + length);
        this.optimal = data.optimalAt.subarray(start, start + length);
      } else {
        const m = pos.length;
        this.cls = new Int32Array(m);
        this.keys = new Int32Array(m);
        this.optimal = new Uint8Array(m);
        for (let i = 0; i < m; i++) {
          this.cls[i] = data.classAt[pos[i]];
          this.keys[i] = data.keyAt[pos[i]];
          this.optimal[i] = data.optimalAt[pos[i]];
        }
      }
      this.columns = new Map();
    }

    static of(data, pattern) {
      return new Group(data, pattern, null);
    }

    get length() {
      return this.cls.length;
    }

    /** Feature f of every row (the class for `deal`). */
    column(f) {
      if (f === F_DEAL) return this.cls;
      let out = this.columns.get(f);
      if (!out) {
        const run = this.data.run(f, this.pattern);
        if (this.pos === null) out = run;
        else {
          const start = this.pattern.start;
          out = new run.constructor(this.pos.length); // (Int8 or Int16, as the feature is stored)
          for (let i = 0; i < out.length; i++) out[i] = run[this.pos[i] - start];
        }
        this.columns.set(f, out);
      }
      return out;
    }

    /** The same group with only the rows marked in `keep` (order kept). */
    restricted(keep) {
      let n = 0;
      for (let i = 0; i < keep.length; i++) n += keep[i];
      const pos = new Int32Array(n);
      const start = this.pattern.start;
      for (let i = 0, j = 0; i < keep.length; i++) {
        if (keep[i]) pos[j++] = this.pos === null ? start + i : this.pos[i];
      }
      return new Group(this.data, this.pattern, pos);
    }

    /** {order: rows by held ranks (stable), masks: theirs, start: first row of each row's class}. */
    byMask() {
      if (!this._byMask) {
        const masks = this.column(F_RANKS);
        const order = Int32Array.from(masks.keys()).sort((a, b) => masks[a] - masks[b] || a - b);
        const sorted = new Int32Array(order.length);
        for (let i = 0; i < order.length; i++) sorted[i] = masks[order[i]];
        const start = new Int32Array(this.cls.length);
        for (let i = 1; i < start.length; i++) start[i] = this.cls[i] === this.cls[i - 1] ? start[i - 1] : i;
        this._byMask = { order, masks: sorted, start };
      }
      return this._byMask;
    }

    evaluate(where, alive) {
      const { met, wrong } = K.played(this, where, alive);
      return { safe: met.length > 0 && wrong.length === 0, met };
    }

    violations(where, alive) {
      const { met, wrong } = K.played(this, where, alive);
      return { met, wrong: wrong.filter((c, i) => i === 0 || c !== wrong[i - 1]) };
    }
  }

  /** Which rows of a group meet one condition (holds.rows_meet); into `out` if given (a
   * scratch array as long as the group, reused where the answer is read at once). */
  function rowsMeet(g, [feature, op, value], out = null) {
    const x = g.column(feature);
    out = out || new Uint8Array(x.length);
    if (op === OP_EQ) for (let i = 0; i < x.length; i++) out[i] = x[i] === value ? 1 : 0;
    else if (op === OP_GE) for (let i = 0; i < x.length; i++) out[i] = x[i] >= value ? 1 : 0;
    else if (op === OP_LE) for (let i = 0; i < x.length; i++) out[i] = x[i] <= value ? 1 : 0;
    else if (op === OP_BIT) for (let i = 0; i < x.length; i++) out[i] = (x[i] >> value) & 1;
    else if (op === OP_NOBIT) for (let i = 0; i < x.length; i++) out[i] = 1 - ((x[i] >> value) & 1);
    else if (op === OP_IN) {
      const { low, table, last } = spanTable(value);
      for (let i = 0; i < x.length; i++) {
        const at = x[i] - low;
        out[i] = table[at >= 0 && at < last ? at : last];
      }
    } else throw new Error(`a condition's operator: ${op}`);
    return out;
  }

  /** A set condition's values as a table over their span: table[v - low] is 1 for each value,
   * and its last entry 0, where a value outside the span looks. (Not a Set: rank masks are 13
   * bits, and a Set's lookup per row was most of the time of a long list's rows.) */
  function spanTable(values) {
    const low = values.length ? Math.min(...values) : 0;
    const high = values.length ? Math.max(...values) : -1;
    const table = new Uint8Array(high - low + 2);
    for (const v of values) table[v - low] = 1;
    return { low, table, last: table.length - 1 };
  }

  /** rowsMeet as bits, 32 rows a word (an Int32Array, as derive-kernels' packed): the form
   * the checkers and the compaction keep, made without the bytes between. */
  function meetBits(g, [feature, op, value]) {
    const x = g.column(feature);
    const n = x.length;
    const bits = new Int32Array((n + 31) >> 5);
    // (a loop per operator: one testing the operator per row was twice as slow)
    if (op === OP_EQ) for (let i = 0; i < n; i++) bits[i >> 5] |= (x[i] === value) << (i & 31);
    else if (op === OP_GE) for (let i = 0; i < n; i++) bits[i >> 5] |= (x[i] >= value) << (i & 31);
    else if (op === OP_LE) for (let i = 0; i < n; i++) bits[i >> 5] |= (x[i] <= value) << (i & 31);
    else if (op === OP_BIT) for (let i = 0; i < n; i++) bits[i >> 5] |= ((x[i] >> value) & 1) << (i & 31);
    else if (op === OP_NOBIT) for (let i = 0; i < n; i++) bits[i >> 5] |= (~(x[i] >> value) & 1) << (i & 31);
    else if (op === OP_IN) {
      const { low, table, last } = spanTable(value);
      for (let i = 0; i < n; i++) {
        const at = x[i] - low;
        bits[i >> 5] |= table[at >= 0 && at < last ? at : last] << (i & 31);
      }
    } else throw new Error(`a condition's operator: ${op}`);
    return bits;
  }

  function allOf(g, conditions) {
    const where = new Uint8Array(g.length).fill(1);
    for (const c of conditions) {
      const met = rowsMeet(g, c);
      for (let i = 0; i < where.length; i++) where[i] &= met[i];
    }
    return where;
  }

  /** The values a column takes on the rows marked (all where `rows` is null), ascending. */
  function valuesOf(column, rows) {
    const seen = new Set();
    for (let i = 0; i < column.length; i++) if (!rows || rows[i]) seen.add(column[i]);
    return [...seen].sort((a, b) => a - b);
  }

  /** Each of `counts` at least and at most each value the rows take, and equal to it but for a
   * score (derive.thresholds). */
  function thresholds(g, live, counts) {
    const out = [];
    for (const feature of counts) {
      const values = valuesOf(g.column(feature), live);
      for (const v of values.slice(1)) out.push([feature, OP_GE, v]);
      for (const v of values.slice(0, -1)) out.push([feature, OP_LE, v]);
      if (!SCORES.includes(feature)) for (const v of values) out.push([feature, OP_EQ, v]);
    }
    return out;
  }

  /** The group of all of a pattern's rows, made once and kept on the pattern: derive (each time
   * it runs) and compact.js read the same one. Nothing writes into a group once made (a step
   * that narrows one makes a new one, `restricted`), so sharing it is safe. */
  function wholeGroup(data, pattern) {
    return pattern.whole || (pattern.whole = Group.of(data, pattern));
  }

  /** Candidate conditions on the discards, from all of a pattern's rows (_penalty_conditions). */
  function penaltyConditions(data, pattern) {
    if (pattern.penalties) return pattern.penalties;
    const g = wholeGroup(data, pattern);
    const out = [];
    for (const feature of [F_FP, F_SP, F_HP, F_RP, F_SFP, F_BP]) {
      const values = valuesOf(g.column(feature));
      if (values.length > 1) {
        out.push([feature, OP_EQ, 0]);
        for (const v of values.slice(1)) out.push([feature, OP_GE, v]);
        for (const v of values.slice(1, -1)) out.push([feature, OP_LE, v]); // "at most one"
      }
    }
    if (valuesOf(g.column(F_WS)).length > 1) out.push([F_WS, OP_EQ, 1], [F_WS, OP_EQ, 0]);
    for (const feature of [F_KC, F_KCD]) { // black jacks held, discarded (Black Jack Bonus)
      const values = valuesOf(g.column(feature));
      if (values.length > 1) for (const v of values) out.push([feature, OP_EQ, v]);
    }
    if (valuesOf(g.column(F_BEST)).length > 1) out.push([F_BEST, OP_EQ, 1]);
    const spread = valuesOf(g.column(F_DS));
    for (const v of spread.slice(1)) out.push([F_DS, OP_GE, v]);
    for (const v of spread.slice(0, -1)) out.push([F_DS, OP_LE, v]);
    const disc = g.column(F_DISC);
    let some = 0, every = 0x1fff;
    for (let i = 0; i < disc.length; i++) { some |= disc[i]; every &= disc[i]; }
    if (!disc.length) every = 0;
    for (let r = 0; r < 13; r++) {
      if ((some >> r) & 1 && !((every >> r) & 1)) out.push([F_DISC, OP_BIT, r], [F_DISC, OP_NOBIT, r]);
    }
    pattern.penalties = out;
    return out;
  }

  /** Candidate single conditions for splitting a pattern (_conditions_on). */
  function conditionsOn(g, data, alive, counts) {
    const live = new Uint8Array(g.length);
    let any = false;
    for (let i = 0; i < live.length; i++) {
      live[i] = alive[g.cls[i]] && g.optimal[i] ? 1 : 0;
      if (live[i]) any = true;
    }
    if (!any) return [];
    const out = thresholds(g, live, counts);
    for (const mask of valuesOf(g.column(F_RANKS), live)) out.push([F_RANKS, OP_EQ, mask]);
    return out.concat(penaltyConditions(data, g.pattern));
  }

  /** What trying pairs of a pattern's conditions has shown in one derivation (derive.py's
   * _PairMemo), by the pair's conditions in the order tried: `failed`, a class the line "a and b"
   * plays wrongly; `deadEnds`, the classes on which each candidate of the ranked pair "a and b"
   * failed. Each holds while those classes are undecided (their rows and optimality do not
   * change), so such a pair is not tried again till one is decided: the lines found are the
   * same, in a third of the time (7/5 Triple Double Bonus). */
  class PairMemo {
    constructor() {
      this.failed = new Map();
      this.deadEnds = new Map();
    }

    static key(a, b) {
      const one = ([f, op, v]) => `${f} ${op} ${Array.isArray(v) ? v.join(",") : v}`;
      return `${one(a)}|${one(b)}`;
    }
  }

  /** The pairs worth trying, as [first, second, ...] indexes into `conditions`, in order: two
   * conditions on different features, or two discarded ranks (_PairMemo.pairs_of). */
  function pairsOf(conditions) {
    const out = [];
    for (let a = 0; a < conditions.length; a++) {
      for (let b = a + 1; b < conditions.length; b++) {
        if (conditions[a][0] !== conditions[b][0] || conditions[a][0] === F_DISC) out.push(a, b);
      }
    }
    return out;
  }

  function argmax(values) {
    let best = 0;
    for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
    return best;
  }

  /** Each candidate rank mask's run in the group's rows by held ranks. */
  function candidateRanges(bm, candidates) {
    const ranges = new Int32Array(2 * candidates.length);
    const lower = (v, strict) => {
      let lo = 0, hi = bm.masks.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (bm.masks[mid] < v || (strict && bm.masks[mid] === v)) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    candidates.forEach((v, k) => { ranges[2 * k] = lower(v, false); ranges[2 * k + 1] = lower(v, true); });
    return ranges;
  }

  /** The safe refinement of a pattern covering the most deals (_best_split), or null. */
  function bestSplit(whole, data, alive, counts, memo) {
    const keep = new Uint8Array(whole.length);
    for (let i = 0; i < keep.length; i++) keep[i] = alive[whole.cls[i]];
    const g = whole.restricted(keep);
    const singles = conditionsOn(g, data, alive, counts);
    const sizes = data.sizes;
    let best = null;
    const consider = (conditions, where) => {
      const weight = K.safeWeight(g, where, alive, sizes);
      if (weight && (best === null || weight > best.weight ||
          (weight === best.weight && -conditions.length > -best.conditions.length))) {
        best = { weight, conditions, where };
      }
      return weight > 0;
    };
    const meets = singles.map((c) => rowsMeet(g, c));
    const words = meets.map(K.packed);
    if (singles.length) {
      const pairs = [];
      singles.forEach((_, i) => pairs.push(i, i));
      const { weights } = K.pairVerdicts(g, words, pairs, alive, sizes);
      const top = argmax(weights);
      if (weights[top] > 0) consider([singles[top]], meets[top]);
    }
    const extras = [-1];
    singles.forEach((c, i) => { if (c[0] !== F_RANKS) extras.push(i); });
    // Rank masks where the pattern is optimal, by the deals they take there (most first, then
    // by mask).
    const masks = g.column(F_RANKS);
    const deals = new Map();
    for (let i = 0; i < g.length; i++) {
      if (alive[g.cls[i]] && g.optimal[i]) deals.set(masks[i], (deals.get(masks[i]) || 0) + sizes[g.cls[i]]);
    }
    const candidates = [...deals.keys()].sort((a, b) => deals.get(b) - deals.get(a) || a - b);
    const bm = g.byMask();
    const ranges = candidateRanges(bm, candidates);
    const ones = new Uint8Array(g.length).fill(1);
    const grown = extras.map((extra) => {
      const { joined, where } = K.growRankSet(g, extra < 0 ? ones : meets[extra], bm, ranges, alive);
      const n = joined.reduce((a, b) => a + b, 0);
      return { joined, where, weight: n > 1 ? K.safeWeight(g, where, alive, sizes) : 0 };
    });
    grown.forEach(({ joined, where, weight }, k) => {
      const length = extras[k] < 0 ? 1 : 2;
      if (weight && (best === null || weight > best.weight || (weight === best.weight && -length > -best.conditions.length))) {
        const chosen = candidates.filter((_, q) => joined[q]).sort((a, b) => a - b);
        consider([[F_RANKS, OP_IN, chosen]].concat(extras[k] < 0 ? [] : [singles[extras[k]]]), where);
      }
    });
    if (best === null && singles.length > 1) {
      // (a pair known to play an undecided class wrongly still does: not tried)
      const pairs = [];
      const all = pairsOf(singles);
      for (let p = 0; p < all.length; p += 2) {
        const known = memo.failed.get(PairMemo.key(singles[all[p]], singles[all[p + 1]]));
        if (known === undefined || !alive[known]) pairs.push(all[p], all[p + 1]);
      }
      if (pairs.length) {
        const { failed, weights } = K.pairVerdicts(g, words, pairs, alive, sizes);
        failed.forEach((c, p) => {
          if (c >= 0) memo.failed.set(PairMemo.key(singles[pairs[2 * p]], singles[pairs[2 * p + 1]]), c);
        });
        const p = argmax(weights);
        if (weights[p] > 0) {
          const a = pairs[2 * p], b = pairs[2 * p + 1];
          const where = meets[a].map((x, i) => x & meets[b][i]);
          consider([singles[a], singles[b]], where);
        }
      }
    }
    if (best === null && extras.length > 2) {
      // Rank sets with two extra conditions ("2RF TK if fp and 9sp" in the paper).
      const conditions = extras.slice(1);
      const pairs = pairsOf(conditions.map((i) => singles[i]));
      if (pairs.length) {
        const keys = [];
        const skip = new Uint8Array(pairs.length / 2);
        for (let p = 0; p < skip.length; p++) {
          keys.push(PairMemo.key(singles[conditions[pairs[2 * p]]], singles[conditions[pairs[2 * p + 1]]]));
          const known = memo.deadEnds.get(keys[p]);
          if (known && known.every((c) => alive[c])) skip[p] = 1;
        }
        const { found, joined, deadEnds } = K.bestRankedPair(g, conditions.map((i) => meets[i]),
          pairs, bm, ranges, alive, sizes, skip);
        for (const [p, classes] of deadEnds) memo.deadEnds.set(keys[p], classes);
        if (found >= 0) {
          const a = conditions[pairs[2 * found]], b = conditions[pairs[2 * found + 1]];
          const chosen = candidates.filter((_, q) => joined[q]);
          const ranks = chosen.length > 1 ? [F_RANKS, OP_IN, chosen.slice().sort((x, y) => x - y)]
            : [F_RANKS, OP_EQ, chosen[0]];
          const inSet = new Set(chosen);
          const where = meets[a].map((x, i) => x & meets[b][i] & (inSet.has(masks[i]) ? 1 : 0));
          consider([ranks, singles[a], singles[b]], where);
        }
      }
    }
    if (best === null) return null;
    return { conditions: best.conditions, classes: g.evaluate(best.where, alive).met };
  }

  /** Lines that play each of `classes` optimally and meet no other deal, or null
   * (_exception_lines). */
  function exceptionLines(groups, indexOf, data, alive, classes) {
    const byHold = new Map();
    for (const c of classes) {
      let p = -1; // the position of the class's optimal hold with the top order key
      for (let mask = 0; mask < 32; mask++) {
        const q = data.columnOf[c * 32 + mask];
        if (data.optimalAt[q] && (p < 0 || data.keyAt[q] > data.keyAt[p])) p = q;
      }
      const f = (feature) => data.feature(feature, p);
      const code = indexOf.get((f(F_N) * 6 + f(F_W)) * R.KIND_NAMES.length + f(F_KIND));
      const id = `${String(code).padStart(4, "0")}:${String(f(F_RANKS)).padStart(5, "0")}`;
      if (!byHold.has(id)) byHold.set(id, { index: code, ranks: f(F_RANKS), members: [] });
      byHold.get(id).members.push({ c, p });
    }
    const plan = [];
    for (const id of [...byHold.keys()].sort()) {
      const { index, ranks, members } = byHold.get(id);
      const group = groups[index];
      const deals = members.map((m) => m.c).sort((a, b) => a - b);
      const inDeals = new Set(deals);
      const rankColumn = group.column(F_RANKS);
      const where = group.cls.map((c, i) => (inDeals.has(c) && rankColumn[i] === ranks ? 1 : 0));
      const { safe, met } = group.evaluate(Uint8Array.from(where), alive);
      if (safe) {
        plan.push([index, [[F_RANKS, OP_EQ, ranks], [F_DEAL, OP_IN, deals]], met]);
        continue;
      }
      for (const { c, p } of members) { // pin each deal's hold by every feature it has
        const conditions = [];
        for (let feature = 3; feature < F_DEAL; feature++) conditions.push([feature, OP_EQ, data.feature(feature, p)]);
        const pinned = allOf(group, conditions);
        for (let i = 0; i < pinned.length; i++) if (group.cls[i] !== c) pinned[i] = 0;
        const verdict = group.evaluate(pinned, alive);
        if (!verdict.safe) return null;
        plan.push([index, conditions.concat([[F_DEAL, OP_IN, [c]]]), verdict.met]);
      }
    }
    return plan;
  }

  /** [[pattern, conditions, classes]]: exception lines, then the split they make safe
   * (_split_with_exceptions), or null. */
  function splitWithExceptions(groups, indexOf, ranked, data, alive, counts, patterns = 4) {
    let best = null;
    for (const index of ranked.slice(0, patterns)) {
      const keep = Uint8Array.from(groups[index].cls, (c) => alive[c]);
      const group = groups[index].restricted(keep);
      const candidates = [[]].concat(conditionsOn(group, data, alive, counts).map((c) => [c]));
      for (const conditions of candidates) {
        const { met, wrong } = group.violations(allOf(group, conditions), alive);
        const right = met.length - wrong.length;
        if (right <= 0) continue;
        let deals = 0;
        for (const c of met) deals += data.sizes[c];
        for (const c of wrong) deals -= data.sizes[c];
        const score = [wrong.length / right, -deals];
        if (best === null || score[0] < best.score[0] || (score[0] === best.score[0] && score[1] < best.score[1])) {
          best = { score, index, conditions, wrong };
        }
      }
    }
    if (best === null) return null;
    const plan = exceptionLines(groups, indexOf, data, alive, best.wrong);
    if (plan === null) return null;
    const after = alive.slice();
    for (const [, , classes] of plan) for (const c of classes) after[c] = 0;
    const group = groups[best.index];
    const { safe, met } = group.evaluate(allOf(group, best.conditions), after);
    if (!safe) throw new Error("a split stays unsafe after its exceptions");
    return plan.concat([[best.index, best.conditions, met]]);
  }

  /** The exact decision list (derive.derive); a split may set thresholds on `counts`. */
  function derive(data, { counts = COUNTS, maxLines = 1000, onLine = () => {} } = {}) {
    const groups = data.patterns.map((pattern) => wholeGroup(data, pattern));
    const memos = data.patterns.map(() => new PairMemo()); // (this derivation's: see PairMemo)
    const indexOf = new Map(data.patterns.map((pattern, i) => [pattern.code, i]));
    const { patternOfRow } = data;
    const alive = new Uint8Array(data.classes).fill(1);
    let undecided = data.classes;
    const lines = [];
    // As in derive.py: a pattern's coarse verdict ({safe, met, wrong: a class played wrongly or
    // -1}), its top optimal class, and whether no split of it is safe, kept till a line touches it.
    const coarse = new Map();
    const topOptimal = new Map();
    const unsplittable = new Set();

    const add = (index, extra, classes) => {
      const [n, w, kind] = data.patterns[index].key;
      lines.push([[F_N, OP_EQ, n], [F_W, OP_EQ, w], [F_KIND, OP_EQ, kind]].concat(extra));
      const touched = new Set();
      for (const c of classes) {
        if (alive[c]) undecided -= 1;
        alive[c] = 0;
      }
      for (const c of classes) for (let mask = 0; mask < 32; mask++) touched.add(patternOfRow[c * 32 + mask]);
      for (const i of touched) {
        const verdict = coarse.get(i);
        if (verdict && !(verdict.wrong >= 0 && alive[verdict.wrong])) coarse.delete(i);
        const top = topOptimal.get(i);
        if (top && !alive[top[1]]) topOptimal.delete(i);
        unsplittable.delete(i);
      }
      onLine(lines.length, undecided);
    };

    while (undecided > 0) {
      if (lines.length >= maxLines) throw new Error(`no exact strategy within ${maxLines} lines`);
      // 1. The safe coarse pattern with the largest CE value.
      let best = null;
      groups.forEach((group, i) => {
        if (!coarse.has(i)) {
          const live = new Uint8Array(group.length); // (a loop: Uint8Array.from with a map is slow)
          let count = 0;
          for (let r = 0; r < live.length; r++) count += (live[r] = alive[group.cls[r]]);
          if (2 * count < live.length) group = groups[i] = group.restricted(live);
          const { met, wrong } = K.played(group, new Uint8Array(group.length).fill(1), alive);
          coarse.set(i, { safe: met.length > 0 && wrong.length === 0, met, wrong: wrong.length ? wrong[0] : -1 });
        }
        const { safe, met } = coarse.get(i);
        if (safe && met.length) {
          let p = -Infinity;
          for (const c of met) if (data.ce[c] > p) p = data.ce[c];
          if (best === null || p > best.p) best = { p, i, met };
        }
      });
      if (best !== null) {
        add(best.i, [], best.met);
        continue;
      }
      // 2. Split the unsafe pattern with the largest CE value where it is optimal.
      const ranked = [];
      groups.forEach((group, i) => {
        if (!topOptimal.has(i)) topOptimal.set(i, topOptimalOf(group, data, alive));
        const top = topOptimal.get(i);
        if (top !== null) ranked.push([top[0], i]);
      });
      ranked.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
      let chosen = null;
      for (const [, i] of ranked) {
        if (unsplittable.has(i)) continue;
        chosen = bestSplit(groups[i], data, alive, counts, memos[i]);
        if (chosen !== null) {
          add(i, chosen.conditions, chosen.classes);
          break;
        }
        unsplittable.add(i);
      }
      if (chosen === null) {
        // 3. No split is safe: exceptions naming deals, above the split they make safe.
        const plan = splitWithExceptions(groups, indexOf, ranked.map(([, i]) => i), data, alive, counts);
        if (plan === null) {
          throw new Error(`no exact strategy table: after ${lines.length} lines, ${undecided} `
            + "suit classes are left that neither a pattern nor an exception decides");
        }
        for (const [i, extra, classes] of plan) add(i, extra, classes);
      }
    }
    return lines;
  }

  /** [the largest CE value of an undecided class where the pattern is optimal, that class], or
   * null (_top_optimal). */
  function topOptimalOf(group, data, alive) {
    let best = null;
    for (let i = 0; i < group.length; i++) {
      const c = group.cls[i];
      if (alive[c] && group.optimal[i] && (best === null || data.ce[c] > best[0])) best = [data.ce[c], c];
    }
    return best;
  }

  /** Lines with names: [["n", "==", 2], ["ranks", "in", [...]], ...], as the fixtures write them. */
  function named(lines) {
    return lines.map((line) => line.map(([f, op, v]) => [R.FEATURES[f], OP_NAMES[op], v]));
  }

  ns.derive = { derive, named, COUNTS, SCORES, rowsMeet, meetBits, Group, wholeGroup, thresholds, penaltyConditions };
})(globalThis);
