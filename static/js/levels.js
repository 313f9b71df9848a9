// The card level of a pay table solved in the browser, as the build finds it: a port of
// generator/strategy/levels.py (issue 57), step by step, held to the build's lists line for line
// by tests/js/levels.test.mjs. The rules every level keeps on each deal (the pat hands stood on,
// a paying hand kept paying: `allowedHolds` from `surePays`); route 2's first table, derived with
// every allowed hold within a tolerance of the best counted as right (`derivedWithin`); the
// descents from it and from the exact table (`descend`: deletions, merges of two lines of one
// pattern, a lone made hand's line moved into a run of them, batches of deletions in a long
// list), each table they find priced exactly; the swaps that shorten the card and the simple
// level (`swapped`, `shortened`); the pick of both (`find`); and the card re-described as the
// page prints it (`card`: build.described_card) with its choice rules priced against the EVs
// (`choicesOf`: choices.choose with a bound). Not ported yet: the simple level's re-description,
// the curve and the card's description; no page shows a level from here.
//
// In: the solution (solver.js), its hold data (hold-data.js) and the published exact table's
// lines (published.js). Out: (classes * 32) Uint8Arrays by row (class * 32 + hold mask), and lines
// as derive.js writes them.
//
// No import/export: attaches to globalThis.vpcharts.levels (see cards.js for why). Load
// evaluator.js, solver.js, rules-core.js, derive.js, compact.js and shortest-kernels.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const { F_N, F_W, F_KIND } = R.FEATURE_NUMBERS;
  const { OP_EQ } = R.OP_NUMBERS;
  const NONE = R.KIND_NAMES.indexOf("NONE");
  // The tolerances route 2 derives within, as fractions of the unit bet (levels.TOLERANCES).
  const TOLERANCES = [[1n, 100n]];
  // "Discard everything", unconditional: the last line of every level (levels.CATCH_ALL).
  const CATCH_ALL = [[F_N, OP_EQ, 0], [F_W, OP_EQ, 0], [F_KIND, OP_EQ, NONE]];

  /** (classes * 32) 1 where a hold already makes a paying hand, so that every draw to it ends in
   * one (levels.sure_to_pay): the pays solved again with every paying line paying 1, a hold's EV
   * is then the draws' common denominator exactly where no draw to it pays nothing. */
  function surePays(rules) {
    const ones = { ...rules, pays: rules.pays.map((line) => ({ ...line, pay: ns.evaluator.parsePay(line.pay)[0] > 0n ? "1" : "0" })) };
    const counted = ns.solver.solve(ones);
    const out = new Uint8Array(counted.classes * 32);
    for (let row = 0; row < out.length; row++) out[row] = counted.evs[row] === counted.denominator ? 1 : 0;
    return out;
  }

  /** Each class's hold mask as `lines` play it (levels.play: the first line meeting a hold, its
   * higher cards; a class no line decides discards everything, mask 0). */
  function heldMasks(data, lines) {
    return playMasks(data, lines).held;
  }

  /** (classes * 32) 1 where a level may play the hold (levels.allowed_holds): on a class the
   * exact table stands on (`held` 31) only standing; on a class whose exact hold makes a paying
   * hand (`pays`, surePays) only holds that make one; elsewhere any. */
  function allowedHolds(held, pays) {
    const allowed = new Uint8Array(held.length * 32).fill(1);
    for (let c = 0; c < held.length; c++) {
      const base = c * 32;
      if (held[c] === 31) {
        allowed.fill(0, base, base + 31);
      } else if (pays[base + held[c]]) {
        for (let m = 0; m < 32; m++) allowed[base + m] = pays[base + m];
      }
    }
    return allowed;
  }

  /** The tolerance [num, den] of the unit bet in EV integers, rounded down as Python's int(). */
  function unitsOf(solution, [num, den]) {
    return Number((solution.unit * num) / den);
  }

  /** The same hold data with `right(row)` marking the holds a class may be played with
   * (HoldData.judged_by); the rows meeting a line do not change. */
  function judgedBy(data, right) {
    const optimalAt = new Uint8Array(data.rows);
    for (let row = 0; row < data.rows; row++) optimalAt[data.columnOf[row]] = right(row) ? 1 : 0;
    // Patterns of their own: derive.js keeps a pattern's whole group, which holds the rows'
    // optimality, on the pattern. What does not depend on it (the discards' candidate conditions,
    // the runs of classes) is shared.
    const patterns = data.patterns.map(({ key, code, start, length, penalties, runs }) => ({
      key, code, start, length, ...(penalties ? { penalties } : {}), ...(runs ? { runs } : {}),
    }));
    return { ...data, optimalAt, patterns };
  }

  /** The same hold data with every allowed hold within `tolerance` (EV integers) of the best
   * counted as right (levels.tolerant). */
  function tolerant(data, solution, tolerance, allowed) {
    const { bestEv, evs } = solution;
    return judgedBy(data, (row) => allowed[row] && bestEv[row >> 5] - evs[row] <= tolerance);
  }

  /** The lines ending with CATCH_ALL (levels.with_catch_all). */
  function withCatchAll(lines) {
    const last = lines[lines.length - 1];
    return last && JSON.stringify(last) === JSON.stringify(CATCH_ALL) ? lines.slice() : lines.concat([CATCH_ALL]);
  }

  /** Route 2's table (levels.find's `derived`): derived and compacted where every allowed hold
   * within `tolerance` (EV integers) of the best is right, ending with the catch-all line. */
  function derivedWithin(data, solution, tolerance, allowed) {
    const loose = tolerant(data, solution, tolerance, allowed);
    return withCatchAll(ns.compact.compact(loose, ns.derive.derive(loose)));
  }

  const BIG = 1 << 30;

  /** Row `row`'s first and second lines in the list (places by `position`; BIG: none), from the
   * list's bits (compact.LineBits), into out[0] and out[1]. */
  function firstTwo(bits, row, position, out) {
    const index = bits.data.patternOfRow[row];
    const p = bits.data.columnOf[row] - bits.places.starts[index];
    let first = BIG;
    let second = BIG;
    for (const slot of bits.bySlotPattern[index]) {
      const at = position[slot];
      if (at < 0 || !((bits.slotBits[slot][p >> 5] >>> (p & 31)) & 1)) continue;
      if (at < first) {
        second = first;
        first = at;
      } else if (at < second) {
        second = at;
      }
    }
    out[0] = first;
    out[1] = second;
  }

  /** The list played on every class under one rule ({bound, allowed}) and every deletion
   * priced, as a descent's first step (levels.PlayedList.stand): {cost (each class's loss times
   * its deals, summed), deletions: [[what deleting the line adds to the cost, its slot]] for
   * every line but the last whose deletion leaves no class losing more than the bound or
   * playing a hold the rule does not allow}. */
  function priced(data, solution, lines, bound, allowed) {
    const played = new PlayedList(data, solution, lines, [{ bound, allowed }]);
    const { deletions } = played.stand();
    return { cost: played.cost(), deletions };
  }

  // A list over this many lines loses its cheapest lines in batches, deletions alone; merges
  // and joins are priced only in lists of at most this many (levels.CAREFUL_LINES, MERGE_LINES,
  // JOIN_LINES).
  const CAREFUL_LINES = 60;
  const MERGE_LINES = 60;
  const JOIN_LINES = 60;
  const FLOOR = 5; // a descent runs down to this many printed lines
  const SCRATCH = -1; // stands in a trial order for a merged line until it is chosen

  const madeHand = (line) => ns.published.holdsMadeHand(line);
  const hasException = (line) => line.some(([f]) => f === R.FEATURE_NUMBERS.F_DEAL);

  /** Printed lines of a list whose lines hold a made hand or not (levels._runs): a run of made
   * hands prints as one. */
  function runs(made) {
    let n = 0;
    made.forEach((m, i) => { if (!(i && m && made[i - 1])) n += 1; });
    return n;
  }

  const printedLength = (lines) => runs(lines.map(madeHand));

  /** The words of slot bits a row had in the build's LineBits for a list of n lines: when to
   * start afresh is decided by it (levels.Descent). */
  const wordsFor = (n) => Math.max(1, Math.floor((2 * n) / 32) + 2);

  /** Each class's hold played by the list `order` (the top key among the holds meeting the
   * first line any meets; 0 where none does), for the given classes (holds_on_classes). */
  function holdsOn(bits, order, classes) {
    const position = bits.positions(order);
    const two = new Int32Array(2);
    return classes.map((c) => {
      let best = BIG, top = -1, hold = 0;
      for (let m = 0; m < 32; m++) {
        firstTwo(bits, c * 32 + m, position, two);
        const key = bits.data.keyAt[bits.data.columnOf[c * 32 + m]];
        if (two[0] < best || (two[0] === best && key > top)) {
          best = two[0];
          top = key;
          hold = m;
        }
      }
      return best === BIG ? 0 : hold;
    });
  }

  /** The list as it stands during one descent, played on every class under the rule it is
   * held to, every deletion priced (levels.PlayedList): an edit plays again only the classes
   * meeting the lines it removed or added. */
  class PlayedList {
    constructor(data, solution, lines, rules) {
      this.data = data;
      this.solution = solution;
      this.rules = rules.slice();
      ({ bound: this.bound, allowed: this.allowed } = this.rules.shift());
      this.fresh(lines);
      const n = data.classes;
      this.decider = new Int32Array(n).fill(-1);
      this.held = new Int32Array(n);
      this.growth = new Float64Array(n);
      this.breaks = new Int32Array(n);
      this.now = new Float64Array(n); // each class's loss as the list stands, times its deals
    }

    fresh(lines) {
      this.bits = new ns.compact.LineBits(this.data, lines);
      this.words = wordsFor(lines.length);
      this.changed = null; // the slots the last edit removed or added (null: every class)
    }

    get order() { return this.bits.order; }

    lines() { return this.order.map((slot) => this.bits.slots[slot]); }

    cost() { return this.now.reduce((a, b) => a + b, 0); }

    candidate(route) { return { lines: this.lines(), cost: this.cost(), route, bound: this.bound }; }

    exceptions() { return this.order.filter((slot) => hasException(this.bits.slots[slot])); }

    breaksRule(c, hold) {
      const { bestEv, evs } = this.solution;
      return bestEv[c] - evs[c * 32 + hold] > this.bound || !this.allowed[c * 32 + hold];
    }

    /** Go on under the next rule, if any is left (every class is played again). */
    loosen() {
      if (!this.rules.length) return false;
      ({ bound: this.bound, allowed: this.allowed } = this.rules.shift());
      this.changed = null;
      return true;
    }

    reorder(order, changed) {
      this.bits.order = order;
      this.changed = changed;
    }

    /** Play again the classes the last edit touched: {places (each class's deciding line's
     * place, -1: none), deletions ([cost of deleting, slot] of every line but the last whose
     * deletion keeps the rule)}. */
    stand() {
      const { data, solution, bits } = this;
      const { evs, bestEv, sizes } = solution;
      const order = this.order;
      const position = bits.positions(order);
      let classes;
      if (this.changed === null) {
        classes = Array.from({ length: data.classes }, (_, c) => c);
        this.decider.fill(-1);
        this.growth.fill(0);
        this.breaks.fill(0);
        this.deletion = new Float64Array(32 * this.words);
        this.blocked = new Int32Array(32 * this.words);
      } else {
        classes = bits.touched(this.changed);
      }
      const firsts = new Int32Array(32), seconds = new Int32Array(32), two = new Int32Array(2);
      for (const c of classes) {
        let best = BIG, top = -1, hold = 0, fall = 0, grow = 0;
        for (let m = 0; m < 32; m++) {
          firstTwo(bits, c * 32 + m, position, two);
          firsts[m] = two[0];
          seconds[m] = two[1];
          const key = data.keyAt[data.columnOf[c * 32 + m]];
          if (two[0] < best || (two[0] === best && key > top)) {
            best = two[0];
            top = key;
            hold = m;
          }
        }
        if (best === BIG) {
          hold = 0;
        } else {
          let after = BIG;
          top = -1;
          for (let m = 0; m < 32; m++) {
            const g = firsts[m] > best ? firsts[m] : seconds[m];
            const key = data.keyAt[data.columnOf[c * 32 + m]];
            if (g < after || (g === after && key > top)) {
              after = g;
              top = key;
              fall = m;
            }
          }
          if (after === BIG) fall = 0;
          grow = sizes[c] * (evs[c * 32 + hold] - evs[c * 32 + fall]);
        }
        const old = this.decider[c];
        if (old >= 0) {
          this.deletion[old] -= this.growth[c];
          this.blocked[old] -= this.breaks[c];
        }
        const slot = best === BIG ? -1 : order[best];
        const bad = this.breaksRule(c, fall) ? 1 : 0;
        if (slot >= 0) {
          this.deletion[slot] += grow;
          this.blocked[slot] += bad;
        }
        this.decider[c] = slot;
        this.held[c] = hold;
        this.growth[c] = grow;
        this.breaks[c] = bad;
        this.now[c] = sizes[c] * (bestEv[c] - evs[c * 32 + hold]);
      }
      const places = new Int32Array(data.classes);
      for (let c = 0; c < data.classes; c++) places[c] = this.decider[c] >= 0 ? position[this.decider[c]] : -1;
      const deletions = order.slice(0, -1).filter((slot) => !this.blocked[slot]).map((slot) => [this.deletion[slot], slot]);
      return { places, deletions };
    }
  }

  /** A move's score, cost per printed line saved, as a fraction [num, den] (den > 0). */
  const below = (a, b) => a[0] * b[1] < b[0] * a[1];

  /** The search for a descent's next move (levels.Descent): deleting a line, merging two lines
   * of one pattern or moving a lone made hand's line into a run of them; a long list loses its
   * cheapest lines in batches, a batch undone where it breaks a rule. */
  class Descent {
    constructor(played) {
      this.played = played;
      this.batched = null; // [the order before a batch of deletions, the slots it cut]
      this.limit = null; // the last batch was undone: the next takes half as many lines
      this.mergedHolds = new Map(); // merged line -> {met, lossIf, unpat}, under the rule
    }

    loosen() {
      const allowed = this.played.allowed;
      if (!this.played.loosen()) return false;
      if (this.played.allowed !== allowed) this.mergedHolds.clear();
      return true;
    }

    batchUndone() {
      if (this.batched === null) return false;
      const played = this.played;
      const [before, cut] = this.batched;
      this.batched = null;
      const moved = played.bits.touched(cut);
      if (moved.some((c) => played.breaksRule(c, played.held[c]))) {
        played.reorder(before, cut);
        this.limit = Math.max(1, Math.floor(cut.length / 2));
        return true;
      }
      this.limit = null;
      return false;
    }

    deleteBatch(deletions) {
      const played = this.played;
      const order = played.order;
      let batch = Math.max(1, Math.floor((order.length - CAREFUL_LINES) / 3));
      if (this.limit) batch = Math.min(batch, this.limit);
      const sorted = deletions.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const cut = sorted.slice(0, batch).map(([, slot]) => slot);
      if (batch > 1) this.batched = [order, cut];
      played.reorder(order.filter((slot) => !cut.includes(slot)), cut);
      if (!this.batched && 32 * played.words > 2 * played.order.length + 96) played.fresh(played.lines());
    }

    *merges(places, decided) {
      const { order } = this.played;
      const slots = this.played.bits.slots;
      const byPattern = new Map();
      order.slice(0, -1).forEach((slot, i) => {
        const key = JSON.stringify(slots[slot].slice(0, 3));
        if (!byPattern.has(key)) byPattern.set(key, []);
        byPattern.get(key).push(i);
      });
      for (const at of byPattern.values()) {
        for (let x = 0; x < at.length; x++) {
          for (const j of at.slice(x + 1)) {
            const i = at[x];
            const [a, b] = [order[i], order[j]];
            const merged = ns.compact.looselyMerged(slots[a], slots[b]);
            if (merged === null || hasException(merged)) continue;
            const cost = this.priceMerge(places, decided, i, j, merged);
            if (cost === null) continue;
            const trial = order.slice(0, i).concat([SCRATCH], order.slice(i + 1, j), order.slice(j + 1));
            yield { cost, order: trial, merged, removed: [a, b] };
          }
        }
      }
    }

    /** What the merged line costs at place i in place of lines a and b, or null where it breaks
     * the rule (levels.Descent._price_merge, with merge_takes). */
    priceMerge(places, decided, i, j, merged) {
      const played = this.played;
      const { data, solution, bits } = played;
      const { evs, bestEv, sizes } = solution;
      const order = played.order;
      const key = JSON.stringify(merged);
      if (!this.mergedHolds.has(key)) {
        const { met, holds } = lineHolds(bits, merged);
        const lossIf = met.map((c, k) => bestEv[c] - evs[c * 32 + holds[k]]);
        const unpat = met.map((c, k) => !played.allowed[c * 32 + holds[k]]);
        this.mergedHolds.set(key, { met, lossIf, unpat });
      }
      const { met, lossIf, unpat } = this.mergedHolds.get(key);
      const taken = new Set();
      let cost = 0;
      for (let k = 0; k < met.length; k++) {
        const c = met[k];
        if (places[c] >= i || places[c] < 0) {
          if (lossIf[k] > played.bound || unpat[k]) return null;
          taken.add(c);
          cost += sizes[c] * lossIf[k] - played.now[c];
        }
      }
      const rest = decided.get(order[i]).concat(decided.get(order[j])).filter((c) => !taken.has(c));
      if (rest.length) {
        const left = order.slice(0, i).concat(order.slice(i + 1, j), order.slice(j + 1));
        const holds = holdsOn(bits, left, rest);
        if (rest.some((c, k) => played.breaksRule(c, holds[k]))) return null;
        rest.forEach((c, k) => { cost += sizes[c] * (bestEv[c] - evs[c * 32 + holds[k]]) - played.now[c]; });
      }
      return cost;
    }

    *joins(made) {
      const played = this.played;
      const { evs, bestEv, sizes } = played.solution;
      const order = played.order;
      for (const [i, places] of ns.published.joinPlaces(order.map((slot) => made.get(slot)))) {
        const slot = order[i];
        const rest = order.slice(0, i).concat(order.slice(i + 1));
        const classes = played.bits.touched([slot]);
        for (const to of places) {
          const trial = rest.slice(0, to).concat([slot], rest.slice(to));
          const holds = holdsOn(played.bits, trial, classes);
          if (classes.some((c, k) => played.breaksRule(c, holds[k]))) continue;
          let cost = 0;
          classes.forEach((c, k) => { cost += sizes[c] * (bestEv[c] - evs[c * 32 + holds[k]]) - played.now[c]; });
          yield { cost, order: trial, merged: null, removed: [slot] };
        }
      }
    }

    /** The move costing least per printed line saved (while a deal exception is left, the
     * cheapest deletion), or null: every move breaks the rule (levels.Descent.cheapest_move). */
    cheapestMove(places, deletions, exceptions) {
      const { order } = this.played;
      const slots = this.played.bits.slots;
      const moves = deletions.map(([cost, slot]) => ({ cost, order: order.filter((s) => s !== slot), merged: null, removed: [slot] }));
      if (!exceptions.length && MERGE_LINES && order.length <= MERGE_LINES) {
        const decided = new Map(order.map((slot) => [slot, []]));
        for (let c = 0; c < places.length; c++) if (places[c] >= 0) decided.get(order[places[c]]).push(c);
        moves.push(...this.merges(places, decided));
      }
      const made = new Map(order.map((slot) => [slot, madeHand(slots[slot])]));
      const printedNow = runs(order.map((slot) => made.get(slot)));
      if (!exceptions.length && JOIN_LINES && order.length <= JOIN_LINES) moves.push(...this.joins(made));
      let best = null, bestScore = null;
      for (const move of moves) {
        const saved = printedNow - runs(move.order.map((s) => (s === SCRATCH ? madeHand(move.merged) : made.get(s))));
        if (saved <= 0 && move.cost > 0) continue;
        const score = exceptions.length || saved <= 0 ? [move.cost, 1] : [move.cost, saved];
        if (best === null || below(score, bestScore)) [best, bestScore] = [move, score];
      }
      return best;
    }

    take(move) {
      const played = this.played;
      let { removed: changed, order: trial } = move;
      if (move.merged !== null) {
        const slot = played.bits.newSlot(move.merged);
        changed = changed.concat([slot]);
        trial = trial.map((s) => (s === SCRATCH ? slot : s));
      }
      played.reorder(trial, changed);
      if (played.bits.slots.length >= 2 * played.order.length + 32) played.fresh(played.lines());
    }
  }

  /** Tables from `lines` down to `floor` printed lines, one move at a time, each the cheapest per
   * printed line saved that keeps the rule, the first of `rules` ({bound, allowed}) until no move
   * keeps it, then the next (levels.descend); with `dearest`, it stops at the first table
   * costing more. [{lines, cost, route, bound}] */
  function descend(data, solution, lines, rules, route, dearest = null, floor = FLOOR) {
    const played = new PlayedList(data, solution, lines, rules);
    const descent = new Descent(played);
    const out = [];
    for (;;) {
      let { places, deletions } = played.stand();
      if (descent.batchUndone()) continue;
      const exceptions = played.exceptions();
      if (!exceptions.length) out.push(played.candidate(route));
      if (printedLength(played.lines()) <= floor
          || (dearest !== null && !exceptions.length && out[out.length - 1].cost > dearest)) break;
      if (exceptions.length) {
        const named = deletions.filter(([, slot]) => exceptions.includes(slot));
        if (named.length) deletions = named;
      }
      const careful = played.order.length > CAREFUL_LINES;
      if (careful && !deletions.length) {
        if (!descent.loosen()) break;
        continue;
      }
      if (careful && !exceptions.length) {
        descent.deleteBatch(deletions);
        continue;
      }
      const move = descent.cheapestMove(places, deletions, exceptions);
      if (move === null) {
        if (!descent.loosen()) break;
        continue;
      }
      descent.take(move);
    }
    return out;
  }

  // What the levels may cost and lose (levels.CARD_COST, CARD_BOUND, SIMPLE_COST, SIMPLE_BOUND),
  // as fractions of the unit bet; the card's goal in printed lines by whether the game has wild
  // cards, and the tolerances tried more where it is missed by a little (CARD_GOAL,
  // EXTRA_CARD_TOLERANCES); the swaps' rounds and tries (SWAP_ROUNDS, SWAP_TRIES).
  const CARD_COST = [1n, 10000n];
  const CARD_BOUND = [1n, 4n];
  const SIMPLE_COST = [10n, 10000n];
  const SIMPLE_BOUND = [1n, 2n];
  const CARD_GOAL = { natural: 40, wild: 50 };
  const EXTRA_CARD_TOLERANCES = [[3n, 1000n]];
  const SWAP_ROUNDS = 4;
  const SWAP_TRIES = 3;

  /** Whether a table's cost (EV integers summed over the deals) is within `fraction` of the bet
   * per hand, exactly. */
  const within = (solution, cost, [num, den]) => BigInt(cost) * den <= solution.unit * solution.deals * num;

  const lineKey = (line) => JSON.stringify(line);

  /** Each class's deciding line (-1: none) and loss times its deals, played as the table plays
   * (levels.lost: a class no line decides discards everything). */
  function lost(data, solution, lines) {
    const { place, held } = ns.shortestKernels.play(data, lines);
    const { evs, bestEv, sizes } = solution;
    const now = new Float64Array(data.classes);
    for (let c = 0; c < data.classes; c++) {
      const m = held[c] < 0 ? 0 : maskAt(data, c, held[c]);
      now[c] = sizes[c] * (bestEv[c] - evs[c * 32 + m]);
    }
    return { place, now };
  }

  function maskAt(data, c, p) {
    let m = 0;
    while (data.columnOf[c * 32 + m] !== p) m += 1;
    return m;
  }

  /** The classes a line meets and the hold it takes in each (its top-key row: the lowest mask
   * among equal keys), as line_holds does. */
  function lineHolds(bits, line) {
    const { data } = bits;
    const { index, rows } = bits.rowsMeeting(line);
    const met = [], holds = [];
    if (index < 0) return { met, holds };
    const start = data.patterns[index].start;
    let last = -1;
    for (const p of rows) {
      const c = data.classAt[start + p];
      if (c === last) continue;
      last = c;
      met.push(c);
      holds.push(maskAt(data, c, start + p));
    }
    return { met, holds };
  }

  /** A cheaper table of at most `limit` printed lines than `start`, or `start`: each round puts
   * in the line of `pool` that saves most where it saves most, then descends back to `limit`
   * lines; kept while the cost falls (levels.swapped). With `enough`, it stops at the first
   * table costing no more. */
  function swapped(data, solution, start, pool, rule, limit, enough = null) {
    const { evs, bestEv, sizes } = solution;
    const bits = new ns.compact.LineBits(data, []);
    const meets = [];
    const seen = new Set();
    for (const line of pool) {
      const key = lineKey(line);
      if (seen.has(key)) continue;
      seen.add(key);
      if (hasException(line)) continue;
      const { met, holds } = lineHolds(bits, line);
      if (!met.length) continue;
      const loss = met.map((c, k) => sizes[c] * (bestEv[c] - evs[c * 32 + holds[k]]));
      const bad = met.map((c, k) => bestEv[c] - evs[c * 32 + holds[k]] > rule.bound || !rule.allowed[c * 32 + holds[k]]);
      meets.push({ key, line, met, loss, bad });
    }
    let best = start;
    for (let round = 0; round < SWAP_ROUNDS; round++) {
      if (enough !== null && best.cost <= enough) break;
      const lines = best.lines;
      const listed = new Set(lines.map(lineKey));
      const { place, now } = lost(data, solution, lines);
      const gains = [];
      for (const { key, line, met, loss, bad } of meets) {
        if (listed.has(key)) continue;
        const saved = new Float64Array(lines.length + 1);
        let lowest = 0;
        met.forEach((c, k) => {
          const q = place[c] < 0 ? lines.length : place[c];
          saved[q] += now[c] - loss[k];
          if (bad[k] && q + 1 > lowest) lowest = q + 1;
        });
        for (let p = lines.length - 1; p >= 0; p--) saved[p] += saved[p + 1]; // saved[p]: put in at p
        if (lowest >= lines.length) continue; // (above the last line: it meets every class)
        let at = lowest;
        for (let p = lowest + 1; p < lines.length; p++) if (saved[p] > saved[at]) at = p;
        if (saved[at] > 0) gains.push([saved[at], at, line]);
      }
      gains.sort((a, b) => b[0] - a[0]);
      const found = [];
      for (const [, at, line] of gains.slice(0, SWAP_TRIES)) {
        const trial = lines.slice(0, at).concat([line], lines.slice(at));
        for (const c of descend(data, solution, trial, [rule], start.route, null, limit)) {
          if (printedLength(c.lines) <= limit) found.push(c);
        }
      }
      let cheapest = null;
      for (const c of found) {
        if (cheapest === null || c.cost < cheapest.cost
            || (c.cost === cheapest.cost && printedLength(c.lines) < printedLength(cheapest.lines))) cheapest = c;
      }
      if (cheapest === null || cheapest.cost >= best.cost) break;
      best = cheapest;
    }
    if (best !== start) {
      const route = start.route.endsWith(", lines swapped") ? start.route : `${start.route}, lines swapped`;
      best = { lines: best.lines, cost: best.cost, route, bound: rule.bound };
    }
    return best;
  }

  /** Tables shorter than `level` within the same allowance and rule, each by swaps from the
   * cheapest table found one printed line shorter; the last then made as cheap as swaps make it
   * at its length (levels.shortened). */
  function shortened(data, solution, level, found, pool, rule, allowance) {
    const out = [];
    while (printedLength(level.lines) - 1 > FLOOR) {
      const k = printedLength(level.lines) - 1;
      const starts = found.concat(out).filter((c) => printedLength(c.lines) <= k && c.bound <= rule.bound);
      if (!starts.length) break;
      const cheapest = starts.reduce((a, b) => (b.cost < a.cost ? b : a));
      const shorter = swapped(data, solution, cheapest, pool, rule, k, allowance);
      if (shorter.cost > allowance) break;
      level = shorter;
      out.push(level);
    }
    if (out.length) out.push(swapped(data, solution, level, pool, rule, printedLength(level.lines)));
    return out;
  }

  /** [card, simple] among the tables found (the first the exact table): the shortest within
   * each level's allowance and held to its bound, the cheaper of two as short; the exact table
   * for the card where it is as short (levels._pick). Either null where none qualifies. */
  function pick(found, solution) {
    const units = (fraction) => Number((solution.unit * fraction[0]) / fraction[1]);
    const shortest = (allowance, bound) => {
      let best = null;
      for (const c of found) {
        if (!within(solution, c.cost, allowance) || c.bound > bound) continue;
        const key = [printedLength(c.lines), c.cost];
        if (best === null || key[0] < best.key[0] || (key[0] === best.key[0] && key[1] < best.key[1])) best = { c, key };
      }
      return best && best.c;
    };
    let card = shortest(CARD_COST, units(CARD_BOUND));
    if (card !== null && found[0].cost === 0 && printedLength(card.lines) >= printedLength(found[0].lines)) card = found[0];
    return [card, shortest(SIMPLE_COST, units(SIMPLE_BOUND))];
  }

  /** The card and simple tables of a pay table, as levels.find finds them (before
   * build.build_levels re-describes them): {card, simple, unswapped (the card before swaps
   * shortened it, or null)}, each {lines, cost, route, bound}; and every table found, in
   * order (`found`, the exact table first), and route 2's first table (`first`). `exact`: the first offer's
   * derived and compacted table (published.js's step "compacted ..."); `held`, `allowed`: as
   * `start` gives them. */
  function find(data, solution, game, exact, held, allowed) {
    const units = (fraction) => Number((solution.unit * fraction[0]) / fraction[1]);
    const allowance = (fraction) => Number((solution.unit * solution.deals * fraction[0]) / fraction[1]);
    const exactLines = withCatchAll(exact);
    const standOnly = allowedHolds(held, new Uint8Array(held.length * 32));
    let maxEv = 0;
    for (let row = 0; row < solution.evs.length; row++) if (solution.evs[row] > maxEv) maxEv = solution.evs[row];
    const rules = [{ bound: units(CARD_BOUND), allowed }, { bound: units(SIMPLE_BOUND), allowed },
      { bound: maxEv + 1, allowed: standOnly }];
    const simpleAllowance = allowance(SIMPLE_COST);
    const found = [{ lines: exactLines, cost: 0, route: "exact", bound: 0 }];
    const derivedRoute = ([num, den], lines = null, wholeCurve = false) => {
      lines = lines || derivedWithin(data, solution, units([num, den]), allowed);
      const route = `derived within ${num}/${den} units`;
      return wholeCurve ? descend(data, solution, lines, rules, route)
        : descend(data, solution, lines, rules.slice(0, 2), route, simpleAllowance);
    };
    const first = derivedWithin(data, solution, units(TOLERANCES[0]), allowed);
    const shortenExact = exactLines.length <= 2 * first.length;
    found.push(...derivedRoute(TOLERANCES[0], first, !shortenExact));
    if (shortenExact) found.push(...descend(data, solution, exactLines, rules, "exact table, shortened"));
    let [card] = pick(found, solution);
    const goal = CARD_GOAL[ns.describeData[game.family].wild_count ? "wild" : "natural"];
    if (goal < printedLength(card.lines) && printedLength(card.lines) <= Math.floor((goal * 5) / 4)) {
      for (const tolerance of EXTRA_CARD_TOLERANCES) found.push(...derivedRoute(tolerance));
    }
    let simple;
    [card, simple] = pick(found, solution);
    const unswapped = card;
    const pool = exactLines.concat(card.lines, first);
    found.push(...shortened(data, solution, card, found, pool, rules[0], allowance(CARD_COST)));
    const shorter = shortened(data, solution, simple, found, pool, rules[1], simpleAllowance);
    found.push(...shorter);
    if (!shorter.length && simple.cost) {
      found.push(swapped(data, solution, simple, pool, rules[1], printedLength(simple.lines)));
    }
    [card, simple] = pick(found, solution);
    return { card, simple, unswapped: card === unswapped ? null : unswapped, found, first };
  }

  // ---- the tables found, re-described as build.build_levels does (card_of) ----

  const TRIMMED_TRIES = 30; // descriptions of a long card line priced (shortest.TRIMMED_TRIES)
  const PHRASED_TRIES = 30; // phrases of a long rank list priced (shortest.PHRASED_TRIES)
  const TRIMMED_LONGER_THAN = 40; // a line re-described by `trimmed` costs more characters

  /** {place: each class's deciding line or -1, held: its hold mask (0 where none decides)}
   * (levels.play). */
  function playMasks(data, lines) {
    const { place, held } = ns.shortestKernels.play(data, lines);
    const masks = new Int32Array(data.classes);
    for (let c = 0; c < data.classes; c++) if (held[c] >= 0) masks[c] = maskAt(data, c, held[c]);
    return { place, held: masks };
  }

  /** The holds as a level's table is re-described: right where at least as good as the hold
   * the table plays now and allowed (shortest.no_worse). */
  function noWorse(data, solution, lines, allowed) {
    const { held } = playMasks(data, lines);
    const { evs } = solution;
    return judgedBy(data, (row) => allowed[row] && evs[row] >= evs[(row & ~31) + held[row >> 5]]);
  }

  /** The hold mask each class plays when line i of a table is replaced by `line`: classes
   * decided above i keep theirs, the others go to the new line where it meets them, else to
   * the lines below (shortest._played_instead). */
  function playedInstead(data, bits, place, held, below, i, line) {
    const out = new Int32Array(data.classes);
    for (let c = 0; c < data.classes; c++) out[c] = place[c] >= 0 && place[c] < i ? held[c] : below[c];
    const { met, holds } = lineHolds(bits, line);
    met.forEach((c, k) => { if (!(place[c] >= 0 && place[c] < i)) out[c] = holds[k]; });
    return out;
  }

  /** Whether a table playing `played` keeps the level's rules and allowance. */
  function keeps(solution, played, allowed, bound, limit) {
    const { evs, bestEv, sizes } = solution;
    let cost = 0;
    for (let c = 0; c < played.length; c++) {
      const loss = bestEv[c] - evs[c * 32 + played[c]];
      if (loss > bound || !allowed[c * 32 + played[c]]) return false;
      cost += sizes[c] * loss;
    }
    return cost <= limit;
  }

  /** A level's lines whose descriptions cost over TRIMMED_LONGER_THAN characters re-described,
   * from the top, as if every allowed hold within `bound` of the best were right, each kept only
   * while the table keeps the rules and costs at most `limit` (shortest.trimmed). */
  function trimmed(data, solution, lines, allowed, family, bound, limit) {
    const S = ns.shortest;
    const loose = tolerant(data, solution, bound, allowed);
    const bits = new ns.compact.LineBits(data, []);
    let out = lines.slice();
    for (let i = 0; i < out.length; i++) {
      const line = out[i];
      if (S.lineCost(line, family) <= TRIMMED_LONGER_THAN) continue;
      const played = ns.shortestKernels.play(data, out);
      const { place, held } = playMasks(data, out);
      const below = playMasks(data, out.slice(i + 1)).held;
      const { index } = ns.shortestKernels.rowsOf(data, line.slice(0, 3));
      const checker = new S.Checker(loose, loose.patterns[index]);
      const alive = new Uint8Array(data.classes);
      const mine = new Uint8Array(data.classes);
      for (let c = 0; c < data.classes; c++) {
        alive[c] = place[c] < 0 || place[c] >= i ? 1 : 0;
        mine[c] = place[c] === i ? 1 : 0;
      }
      const found = S.descriptions(checker, line, checker.runsAlive(alive), checker.playedRows(mine, played.held), family);
      for (let tried = 0; tried < TRIMMED_TRIES; tried++) {
        const { value, done } = found.next();
        if (done) break;
        const trial = line.slice(0, 3).concat(value);
        if (keeps(solution, playedInstead(data, bits, place, held, below, i, trial), allowed, bound, limit)) {
          out = out.slice(0, i).concat([trial], out.slice(i + 1));
          break;
        }
      }
    }
    return out;
  }

  /** A level's lines still listing MIN_LISTED or more rank sets that no phrase names exactly,
   * each given the nearest sets a short phrase names where the table then keeps the rules and
   * costs at most `limit` (shortest.phrased). */
  function phrased(data, solution, lines, allowed, family, high, bound, limit, longerThan = 0) {
    const S = ns.shortest;
    const RW = ns.rankWords;
    const bits = new ns.compact.LineBits(data, []);
    const out = lines.slice();
    for (let i = 0; i < out.length; i++) {
      const line = out[i];
      const [n, w, kind] = S.patternOf(line);
      const ranks = line.slice(3).find(([f, op]) => f === R.FEATURE_NUMBERS.F_RANKS && op === R.OP_NUMBERS.OP_IN);
      // (describe.js's universe, a sorted list, as rank_words reads it)
      const universe = ns.describe.rankUniverse(kind, n - w, family);
      if (!ranks || universe === null || n - w < 2) continue;
      const listed = ns.describe.conditionText(ranks[0], ranks[1], 0, [ranks[2]], universe)[0];
      const length = [...listed].length;
      const there = RW.narrowed(universe, line.slice(3), high);
      if (listed.split(" or ").length < RW.MIN_LISTED || length <= longerThan
          || RW.rankPhrase(ranks[2], there, kind, n - w, w, high, listed) !== null) continue;
      const { place, held } = playMasks(data, out);
      const below = playMasks(data, out.slice(i + 1)).held;
      const longest = Math.min(S.SHORT_NOTATION, Math.floor(RW.SHORTER * length));
      for (const [sets] of RW.nearPhrases(ranks[2], there, kind, n - w, w, high, longest).slice(0, PHRASED_TRIES)) {
        const trial = line.map((c) => (c === ranks ? [c[0], c[1], sets] : c));
        if (keeps(solution, playedInstead(data, bits, place, held, below, i, trial), allowed, bound, limit)) {
          out[i] = trial;
          break;
        }
      }
    }
    return out;
  }

  /** A table found, as build.build_levels re-describes the card: each line as briefly as it
   * can be said where no deal plays worse (tidy on noWorse), a long line re-described and a long
   * rank list phrased within the card's allowance and bound, idle lines gone. */
  function cardOf(data, solution, game, lines, allowed) {
    const S = ns.shortest;
    const bound = Number((solution.unit * CARD_BOUND[0]) / CARD_BOUND[1]);
    const limit = Number((solution.unit * solution.deals * CARD_COST[0]) / CARD_COST[1]);
    const described = S.tidy(noWorse(data, solution, lines, allowed), lines, game.family);
    const short = trimmed(data, solution, described, allowed, game.family, bound, limit);
    return S.withoutIdle(data, phrased(data, solution, short, allowed, game.family, game.high, bound, limit));
  }

  /** The card a pay table's page prints before its choice rules are stated: the swapped card
   * and the one before the swaps, each re-described (cardOf), the one printing fewer lines,
   * then the cheaper. */
  function card(data, solution, game, picked, allowed) {
    const cost = (lines) => lost(data, solution, lines).now.reduce((a, b) => a + b, 0);
    const cards = [picked.card].concat(picked.unswapped ? [picked.unswapped] : [])
      .map((c) => ({ lines: cardOf(data, solution, game, c.lines, allowed), route: c.route }));
    cards.forEach((c) => { c.printed = printedLength(c.lines); c.cost = cost(c.lines); });
    return cards.reduce((a, b) => (b.printed < a.printed || (b.printed === a.printed && b.cost < a.cost) ? b : a));
  }

  // ---- a level's choice rules, priced (choices.choose with a bound) ----

  const KEY_SPAN = 5 * 14 ** 5; // a choice rule's count before the ranks (features.KEY_SPAN)
  // The rules in features.CHOICES order, each with the feature it counts first (-1: none).
  const RULES = [["higher", -1], ["straights", R.FEATURE_NUMBERS.F_S], ["high", R.FEATURE_NUMBERS.F_H]];

  /** Each of `classes`' rows meeting `line` (a Map, class -> its rows, ascending). */
  function rowsByClass(data, line, classes) {
    const { index, places } = ns.shortestKernels.rowsOf(data, line);
    const start = data.patterns[index].start;
    const out = new Map();
    for (const p of places) {
      const c = data.classAt[start + p];
      if (classes.has(c)) (out.get(c) || out.set(c, []).get(c)).push(start + p);
    }
    return out;
  }

  /** The row class c holds among `rows` under the choice rule whose count is `count` (-1: the
   * higher cards alone): the largest order key, the count before it; the lowest mask among
   * equal keys (play_kernels.first_lines). */
  function topRow(data, c, rows, count) {
    let top = -1, hold = 32, row = -1;
    for (const p of rows) {
      const key = data.keyAt[p] + (count < 0 ? 0 : data.feature(count, p) * KEY_SPAN);
      const m = maskAt(data, c, p);
      if (key > top || (key === top && m < hold)) [top, hold, row] = [key, m, p];
    }
    return row;
  }

  /** Per line, the rule it plays where it fits some deal it decides in more than one way (in
   * ranks), else null: the cheapest over those deals of the rules that keep the level's bound
   * and allowed holds there, the higher cards on a tie (and wherever no other keeps them)
   * (choices.choose with a bound). */
  function choicesOf(data, solution, lines, bound, allowed) {
    const { evs, bestEv, sizes } = solution;
    const { place } = ns.shortestKernels.play(data, lines);
    return lines.map((line, i) => {
      const classes = new Set(ns.choices.ways(data, line, place, i));
      if (!classes.size) return null;
      const rowsOf = rowsByClass(data, line, classes);
      let best = null;
      for (const [name, count] of RULES) {
        let cost = 0;
        let keeps = true;
        for (const [c, rows] of rowsOf) {
          const hold = maskAt(data, c, topRow(data, c, rows, count));
          const loss = bestEv[c] - evs[c * 32 + hold];
          if (loss > bound || !allowed[c * 32 + hold]) keeps = false;
          cost += sizes[c] * loss;
        }
        if (name !== "higher" && !keeps) continue;
        if (best === null || cost < best.cost) best = { cost, name };
      }
      return best.name;
    });
  }

  /** {place, held}: shortestKernels.play's, each line played by its choice rule (`choices`:
   * null or "higher" the higher cards) (levels.play with choices): held is the row held. */
  function playedWith(data, lines, choices) {
    const { place, held } = ns.shortestKernels.play(data, lines);
    lines.forEach((line, i) => {
      const rule = RULES.find(([name]) => name === choices[i]);
      if (!rule || rule[1] < 0) return;
      // (only a class the line fits more than one way in ranks can hold another row)
      const classes = new Set(ns.choices.ways(data, line, place, i));
      if (!classes.size) return;
      for (const [c, rows] of rowsByClass(data, line, classes)) held[c] = topRow(data, c, rows, rule[1]);
    });
    return { place, held };
  }

  /** Where the card's search starts, as build.build_levels sets it up: {pays (surePays), held
   * (the published exact table's hold masks), allowed (allowedHolds)}. */
  function start(data, solution, published) {
    const pays = surePays(solution.rules);
    const held = heldMasks(data, published);
    return { pays, held, allowed: allowedHolds(held, pays) };
  }

  /** The card level a pay table's page prints, as build.build_levels makes it from the
   * published exact table (`published`, its lines) and the table the levels descend from
   * (`plain`: the first offer's compacted): {table: {lines, choices}, played (playedWith),
   * held (the exact table's hold masks), pays (surePays)}. onProgress(fraction, stage): stage
   * "keeping" (the holds sure to pay: the pays solved again), then "finding" (seconds). */
  function cardLevel(data, solution, game, published, plain, onProgress = () => {}) {
    onProgress(0, "keeping");
    const { pays, held, allowed } = start(data, solution, published);
    onProgress(0.1, "finding");
    const { lines } = card(data, solution, game, find(data, solution, game, plain, held, allowed), allowed);
    const bound = Number((solution.unit * CARD_BOUND[0]) / CARD_BOUND[1]);
    const choices = choicesOf(data, solution, lines, bound, allowed);
    return { table: { lines, choices }, played: playedWith(data, lines, choices), held, pays };
  }

  ns.levels = { TOLERANCES, CATCH_ALL, surePays, heldMasks, allowedHolds, unitsOf, tolerant, withCatchAll, derivedWithin, priced, descend, printedLength, swapped, shortened, pick, find, noWorse, trimmed, phrased, cardOf, card, choicesOf, playedWith, cardLevel, start };
})(globalThis);
