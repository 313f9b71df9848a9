// Compact an exact decision list: merge and drop lines while it stays exact on every class; a
// port of generator/strategy/compact.py (LineBits, Compactor, compact), edit for edit, so that
// both keep the same lines in the same order (tests/js/derive.test.mjs).
//
// In: hold-data.js's holdData and an exact list (derive.js's lines). Out: a list no longer,
// still exact. A list is played as the build plays it (play_kernels.decide_classes): a class by
// the first line any of its holds meets, where every hold of that line with the top order key
// must be optimal.
//
// Each line (a slot) keeps the rows it meets as a bitset over its pattern's rows (only they can
// meet it: a line fixes cards held, wild cards and kind), so a class is played by looking, for
// each of its 32 holds, at the few lines of that hold's pattern. A trial checks only the classes
// whose play it can change: the line deciding each class is kept (`decider`), and removing a
// line changes only the classes it decides, widening or narrowing one only those with a row it
// gained or lost that no line above it decides (Python's `since` is the looser form of this).
// Python's memo of trials that failed is left out: a skipped trial fails, so the edits kept are
// the same; the classes that failed the last trials are checked first instead.
//
// No import/export: attaches to globalThis.vpcharts.compact (see cards.js for why). Load
// derive.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const D = ns.derive;
  const { F_N, F_W, F_KIND, F_RANKS } = R.FEATURE_NUMBERS;
  const { OP_EQ, OP_IN } = R.OP_NUMBERS;
  const N_KINDS = R.KIND_NAMES.length;
  const { bitCount } = ns.deriveKernels;
  const BIG = 1 << 30;
  const RECENT_FAILS = 16;

  /** Whether ascending `list` holds `x`. */
  function sortedHas(list, x) {
    let lo = 0, hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid] === x) return true;
      if (list[mid] < x) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  /** A condition as a string, equal for equal conditions (a set's values are kept ascending). */
  function conditionKey([f, op, v]) {
    return `${f}:${op}:${Array.isArray(v) ? v.join(",") : v}`;
  }

  /** What a list's play needs to find a row's pattern and place in it, besides the hold data's
   * tables (row -> pattern, row -> position): each pattern's first position, and its index by
   * code. (A place is a position less its pattern's start: no table of them is kept.) */
  function rowPlaces(data) {
    if (!data.places) {
      const starts = Int32Array.from(data.patterns, (pattern) => pattern.start);
      const indexOf = new Map(data.patterns.map((pattern, i) => [pattern.code, i]));
      data.places = { starts, indexOf };
    }
    return data.places;
  }

  /** A decision list as it is edited, and whether it is exact (compact.LineBits). */
  class LineBits {
    constructor(data, lines) {
      this.data = data;
      this.places = rowPlaces(data);
      this.slots = []; // conditions
      this.slotPattern = []; // pattern index (-1: none has such holds)
      this.slotRows = []; // places in the pattern (ascending)
      this.slotBits = []; // Uint32Array over the pattern's rows
      this.bySlotPattern = data.patterns.map(() => []); // pattern -> its slots
      this.metBits = new Map(); // pattern index | condition -> the rows meeting it (conditionBits)
      this.order = lines.map((line) => this.newSlot(line));
      this.failedOn = -1;
      this.recentFails = []; // classes, the latest failure first
      this.decider = null; // class -> the slot deciding it in this order (exact and deciders)
      this.firsts = new Int32Array(32); // each hold's first line (playsWrong's scratch)
      this.at = new Int32Array(32); // each hold's position in the hold data
    }

    /** The pattern index and the places of its rows meeting a line (holds.rows_meeting). */
    rowsMeeting(conditions) {
      const base = {};
      for (const [f, , v] of conditions.slice(0, 3)) base[f] = v;
      const index = this.places.indexOf.get((base[F_N] * 6 + base[F_W]) * N_KINDS + base[F_KIND]);
      if (index === undefined) return { index: -1, rows: new Int32Array(0) };
      const length = this.data.patterns[index].length;
      const where = new Int32Array((length + 31) >> 5).fill(-1);
      for (const condition of conditions.slice(3)) {
        const met = this.conditionBits(index, condition);
        for (let k = 0; k < where.length; k++) where[k] &= met[k];
      }
      if (length & 31) where[where.length - 1] &= (1 << (length & 31)) - 1;
      let n = 0;
      for (let k = 0; k < where.length; k++) n += bitCount(where[k]);
      const rows = new Int32Array(n);
      for (let k = 0, j = 0; k < where.length; k++) {
        for (let x = where[k]; x !== 0; x &= x - 1) rows[j++] = (k << 5) + 31 - Math.clz32(x & -x);
      }
      return { index, rows };
    }

    /** The rows of pattern `index` meeting one condition, as bits, found once: an edit of a
     * line asks again for the conditions it keeps. */
    conditionBits(index, condition) {
      const key = `${index}|${conditionKey(condition)}`;
      let bits = this.metBits.get(key);
      if (!bits) {
        bits = D.meetBits(D.wholeGroup(this.data, this.data.patterns[index]), condition);
        this.metBits.set(key, bits);
      }
      return bits;
    }

    newSlot(conditions) {
      const slot = this.slots.length;
      this.slots.push(conditions);
      this.slotPattern.push(-1);
      this.slotRows.push(new Int32Array(0));
      this.slotBits.push(null);
      this.setSlot(slot, conditions);
      return slot;
    }

    popSlot() {
      const slot = this.slots.length - 1;
      const index = this.slotPattern[slot];
      if (index >= 0) this.bySlotPattern[index] = this.bySlotPattern[index].filter((s) => s !== slot);
      this.slots.pop();
      this.slotPattern.pop();
      this.slotRows.pop();
      this.slotBits.pop();
    }

    setSlot(slot, conditions) {
      this.slots[slot] = conditions;
      const { index, rows } = this.rowsMeeting(conditions);
      this.put(slot, index, rows);
    }

    /** Set the slot's rows: these places of pattern `index`. */
    put(slot, index, rows) {
      const old = this.slotPattern[slot];
      if (old !== index) {
        if (old >= 0) this.bySlotPattern[old] = this.bySlotPattern[old].filter((s) => s !== slot);
        if (index >= 0) this.bySlotPattern[index].push(slot);
        this.slotPattern[slot] = index;
      }
      const bits = index < 0 ? null : new Uint32Array((this.data.patterns[index].length + 31) >> 5);
      for (const p of rows) bits[p >> 5] |= 1 << (p & 31);
      this.slotRows[slot] = rows;
      this.slotBits[slot] = bits;
    }

    /** The classes with a hold meeting any of the slots' lines (ascending). */
    touched(slots) {
      const seen = new Uint8Array(this.data.classes);
      const out = [];
      for (const slot of slots) {
        const index = this.slotPattern[slot];
        if (index < 0) continue;
        const start = this.data.patterns[index].start;
        for (const p of this.slotRows[slot]) {
          const c = this.data.classAt[start + p];
          if (!seen[c]) { seen[c] = 1; out.push(c); }
        }
      }
      return out.sort((a, b) => a - b);
    }

    positions(order = this.order) {
      const position = new Int32Array(this.slots.length).fill(-1);
      order.forEach((slot, place) => { position[slot] = place; });
      return position;
    }

    /** The place of the first line of the list (`position`) that row `row` (at `rowAt` in the
     * hold data's order) meets, or BIG. */
    rowFirst(row, rowAt, position) {
      const index = this.data.patternOfRow[row];
      const p = rowAt - this.places.starts[index];
      let first = BIG;
      for (const slot of this.bySlotPattern[index]) {
        const at = position[slot];
        if (at >= 0 && at < first && (this.slotBits[slot][p >> 5] >>> (p & 31)) & 1) first = at;
      }
      return first;
    }

    /** Whether the list (this order, or a trial order) plays every class optimally; with
     * `slots`, only the classes with a hold meeting those lines are checked (an edit of them
     * changes nothing else; `touched`: the classes to check, given, ascending). The classes
     * that failed the last trials are checked first: most trials fail, and mostly on a class
     * that failed one of the last few (the order of the checks does not change the answer).
     * Every trial that passes is kept by its caller: the classes checked take the line that
     * decides them in it (`decider`). */
    exact(order = this.order, slots = null, touched = null) {
      const position = this.positions(order);
      const classes = slots === null ? null : touched || this.touched(slots);
      const n = classes === null ? this.data.classes : classes.length;
      const recent = this.recentFails;
      for (let r = 0; r < recent.length; r++) {
        const c = recent[r];
        if (classes !== null && !sortedHas(classes, c)) continue;
        if (this.playsWrong(c, position) === BIG) return this.failed(c, r);
      }
      const decided = new Int32Array(n);
      for (let k = 0; k < n; k++) {
        const c = classes === null ? k : classes[k];
        const best = this.playsWrong(c, position);
        if (best === BIG) return this.failed(c, recent.indexOf(c));
        decided[k] = order[best];
      }
      if (classes === null) this.decider = decided;
      else if (this.decider !== null) for (let k = 0; k < n; k++) this.decider[classes[k]] = decided[k];
      this.failedOn = -1;
      return true;
    }

    /** Class `c` failed the trial: first of the recent failures (it was at `r`, -1: not there). */
    failed(c, r) {
      const recent = this.recentFails;
      if (r >= 0) recent.splice(r, 1);
      else if (recent.length === RECENT_FAILS) recent.pop();
      recent.unshift(c);
      this.failedOn = c;
      return false;
    }

    /** How the list (`position`: each slot's place in it) plays class `c`: BIG if wrong (no
     * line fits a hold of it, or a hold with the top order key of the first line it fits is not
     * optimal), else the place of the line that decides it. */
    playsWrong(c, position) {
      const { columnOf, keyAt, optimalAt } = this.data;
      const firsts = this.firsts, at = this.at;
      let best = BIG;
      for (let m = 0; m < 32; m++) {
        at[m] = columnOf[c * 32 + m];
        firsts[m] = this.rowFirst(c * 32 + m, at[m], position);
        if (firsts[m] < best) best = firsts[m];
      }
      if (best === BIG) return BIG;
      let top = -1;
      for (let m = 0; m < 32; m++) if (firsts[m] === best && keyAt[at[m]] > top) top = keyAt[at[m]];
      for (let m = 0; m < 32; m++) if (firsts[m] === best && keyAt[at[m]] === top && !optimalAt[at[m]]) return BIG;
      return best;
    }

    /** The line deciding each class in this (exact) list, found once. */
    deciders() {
      if (this.decider === null && !this.exact()) throw new Error("the list is not exact");
      return this.decider;
    }

    /** The classes the line `slot` decides, ascending: the only ones whose play its removal
     * changes (where another line decides, that line comes first and stays). Found among the
     * rows it meets, whose classes ascend (a pattern's rows are by class). */
    decidedBy(slot) {
      const decider = this.deciders();
      const rows = this.slotRows[slot];
      const out = [];
      if (rows.length === 0) return new Int32Array(0);
      const start = this.data.patterns[this.slotPattern[slot]].start;
      for (let k = 0; k < rows.length; k++) {
        const c = this.data.classAt[start + rows[k]];
        if (decider[c] === slot && out[out.length - 1] !== c) out.push(c);
      }
      return Int32Array.from(out);
    }

    /** The classes whose play may change when line `slot` (in this order) met the rows
     * `before` and meets its rows now (both ascending places in its pattern): those with a row
     * it gained or lost, unless a line above it decides them (then it changes nothing there). */
    changedClasses(slot, before) {
      const decider = this.deciders();
      const position = this.positions();
      const now = this.slotRows[slot];
      const index = this.slotPattern[slot];
      const start = index < 0 ? 0 : this.data.patterns[index].start;
      const out = [];
      const add = (p) => {
        const c = this.data.classAt[start + p];
        if (out[out.length - 1] !== c && position[slot] <= position[decider[c]]) out.push(c);
      };
      // (both ascending: their union walked in order, each class's rows together)
      let i = 0, j = 0;
      while (i < before.length || j < now.length) {
        if (j >= now.length || (i < before.length && before[i] < now[j])) add(before[i++]);
        else if (i >= before.length || now[j] < before[i]) add(now[j++]);
        else { i++; j++; }
      }
      return Int32Array.from(out);
    }

    lines() {
      return this.order.map((slot) => this.slots[slot]);
    }
  }

  /** Try edits of an exact list, keeping those that leave it exact (compact.Compactor). */
  class Compactor {
    constructor(data, lines) {
      this.lineBits = new LineBits(data, lines);
    }

    lines() {
      return this.lineBits.lines();
    }

    run() {
      let changed = true;
      while (changed) {
        const removed = this.removeNeedless();
        const generalised = this.generalise();
        const merged = this.merge();
        changed = removed || generalised || merged;
      }
    }

    /** Delete, from the bottom, each line but the last that the list stays exact without. */
    removeNeedless() {
      const lb = this.lineBits;
      let changed = false;
      for (const slot of lb.order.slice(0, -1).reverse()) {
        const trial = lb.order.filter((s) => s !== slot);
        if (lb.exact(trial, [slot], lb.decidedBy(slot))) {
          lb.order = trial;
          changed = true;
        }
      }
      return changed;
    }

    generalise() {
      const lb = this.lineBits;
      lb.deciders(); // (of the list before an edit: changedClasses asks after it)
      let changed = false;
      for (const slot of lb.order.slice()) {
        for (const condition of lb.slots[slot].slice(3)) {
          const key = conditionKey(condition);
          const before = lb.slots[slot];
          if (!before.some((c) => conditionKey(c) === key)) continue;
          const index = lb.slotPattern[slot];
          const rows = lb.slotRows[slot];
          lb.setSlot(slot, before.filter((c) => conditionKey(c) !== key));
          if (lb.exact(lb.order, [slot], lb.changedClasses(slot, rows))) changed = true;
          else {
            lb.slots[slot] = before;
            lb.put(slot, index, rows);
          }
        }
      }
      return changed;
    }

    /** Two lines of one pattern and the same other conditions, held ranks differing: one line
     * listing both rank sets, at the place of either. */
    merge() {
      const lb = this.lineBits;
      let changed = false;
      let i = 0;
      while (i < lb.order.length) {
        let j = i + 1;
        while (j < lb.order.length) {
          const a = lb.order[i], b = lb.order[j];
          const joined = merged(lb.slots[a], lb.slots[b]);
          if (joined !== null) {
            const slot = lb.newSlot(joined);
            let kept = false;
            for (const keep of [i, j]) {
              const trial = lb.order.slice();
              trial[keep] = slot;
              trial.splice(keep === i ? j : i, 1);
              if (lb.exact(trial, [a, b, slot])) {
                lb.order = trial;
                changed = kept = true;
                break;
              }
            }
            if (!kept) {
              lb.popSlot();
              j += 1;
              continue;
            }
            j = i + 1;
            continue;
          }
          j += 1;
        }
        i += 1;
      }
      return changed;
    }
  }

  /** The line's condition on the ranks held (one set or a list of them), or null. */
  function rankCondition(line) {
    for (const c of line.slice(3)) if (c[0] === F_RANKS && (c[1] === OP_EQ || c[1] === OP_IN)) return c;
    return null;
  }

  /** Conditions in Python's tuple order: feature, operator, value. */
  function byCondition(x, y) {
    if (x[0] !== y[0]) return x[0] - y[0];
    if (x[1] !== y[1]) return x[1] - y[1];
    const a = Array.isArray(x[2]) ? x[2] : [x[2]];
    const b = Array.isArray(y[2]) ? y[2] : [y[2]];
    for (let k = 0; k < Math.min(a.length, b.length); k++) if (a[k] !== b[k]) return a[k] - b[k];
    return a.length - b.length;
  }

  function samePattern(a, b) {
    return a.slice(0, 3).every((c, k) => conditionKey(c) === conditionKey(b[k]));
  }

  /** One condition holding the rank sets of two. */
  function joinedRanks(ra, rb) {
    const masks = new Set();
    for (const c of [ra, rb]) for (const v of c[1] === OP_EQ ? [c[2]] : c[2]) masks.add(v);
    return [F_RANKS, OP_IN, [...masks].sort((x, y) => x - y)];
  }

  /** Two lines of one pattern and the same other conditions, both listing rank sets, as one
   * (compact._merged), or null. */
  function merged(a, b) {
    if (!samePattern(a, b)) return null;
    const ra = rankCondition(a), rb = rankCondition(b);
    if (ra === null || rb === null) return null;
    const restA = a.slice(3).filter((c) => conditionKey(c) !== conditionKey(ra)).sort(byCondition);
    const restB = b.slice(3).filter((c) => conditionKey(c) !== conditionKey(rb)).sort(byCondition);
    if (restA.length !== restB.length || restA.some((c, k) => conditionKey(c) !== conditionKey(restB[k]))) return null;
    return a.slice(0, 3).concat([joinedRanks(ra, rb)], restA);
  }

  /** Two lines of one pattern as one: rank sets joined, the other conditions both share
   * (compact.loosely_merged), or null. */
  function looselyMerged(a, b) {
    if (!samePattern(a, b)) return null;
    const ra = rankCondition(a), rb = rankCondition(b);
    const inB = new Set(b.slice(3).map(conditionKey));
    const skip = new Set([ra, rb].filter((c) => c !== null).map(conditionKey));
    const shared = a.slice(3).filter((c) => inB.has(conditionKey(c)) && !skip.has(conditionKey(c)));
    if (ra !== null && rb !== null) return a.slice(0, 3).concat([joinedRanks(ra, rb)], shared);
    return a.slice(0, 3).concat(shared);
  }

  /** The shortest exact list the edits reach (compact.compact). */
  function compact(data, lines) {
    const compactor = new Compactor(data, lines);
    if (!compactor.lineBits.exact()) throw new Error("the derived list is not exact");
    compactor.run();
    return compactor.lines();
  }

  ns.compact = { compact, Compactor, LineBits, conditionKey, rankCondition, merged, looselyMerged, byCondition, joinedRanks };
})(globalThis);
