// The card level of a pay table solved in the browser, as the build finds it: a port of
// generator/strategy/levels.py (issue 57), step by step, held to the build's lists line for line
// by tests/js/levels.test.mjs. So far its start: the rules every level keeps on each deal (the
// pat hands stood on, a paying hand kept paying: `allowedHolds` from `surePays`), and route 2's
// first table, derived with every allowed hold within a tolerance of the best counted as right
// (`derivedWithin`), from which the card's descent starts, and the descent's first step on it:
// the table played on every class and every deletion priced (`priced`). The rest of the descent,
// the swaps and the pick of the card are not ported yet, and no page shows a level from here.
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
    const { held } = ns.shortestKernels.play(data, lines);
    const out = new Int32Array(data.classes);
    for (let c = 0; c < data.classes; c++) {
      if (held[c] < 0) continue;
      let m = 0;
      while (data.columnOf[c * 32 + m] !== held[c]) m += 1;
      out[c] = m;
    }
    return out;
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

  /** The same hold data with every allowed hold within `tolerance` (EV integers) of the best
   * counted as right (levels.tolerant); the rows meeting a line do not change. */
  function tolerant(data, solution, tolerance, allowed) {
    const optimalAt = new Uint8Array(data.rows);
    for (let row = 0; row < data.rows; row++) {
      const right = allowed[row] && solution.bestEv[row >> 5] - solution.evs[row] <= tolerance;
      optimalAt[data.columnOf[row]] = right ? 1 : 0;
    }
    // Patterns of their own: derive.js keeps a pattern's whole group, which holds the rows'
    // optimality, on the pattern. What does not depend on it (the discards' candidate conditions,
    // the runs of classes) is shared.
    const patterns = data.patterns.map(({ key, code, start, length, penalties, runs }) => ({
      key, code, start, length, ...(penalties ? { penalties } : {}), ...(runs ? { runs } : {}),
    }));
    return { ...data, optimalAt, patterns };
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

  /** The list played on every class and every deletion priced, as a descent's first step
   * (levels.PlayedList.stand, with the kernel play_and_price): {place (each class's deciding
   * line or -1), held (its hold mask), cost (each class's loss times its deals, summed),
   * deletions: [[what deleting the line adds to the cost, its slot]] for every line but the
   * last whose deletion leaves no class losing more than `bound` or playing a hold `allowed`
   * does not allow}. A class falls, when its line goes, to the first line below it that any of
   * its holds meets (the top order key there, the lowest mask among equal keys). */
  function priced(data, solution, lines, bound, allowed) {
    const bits = new ns.compact.LineBits(data, lines);
    const order = bits.order;
    const position = bits.positions(order);
    const { evs, bestEv, sizes } = solution;
    const deletion = new Float64Array(bits.slots.length);
    const blocked = new Int32Array(bits.slots.length);
    const place = new Int32Array(data.classes).fill(-1);
    const held = new Int32Array(data.classes);
    const firsts = new Int32Array(32);
    const seconds = new Int32Array(32);
    const two = new Int32Array(2);
    let cost = 0;
    for (let c = 0; c < data.classes; c++) {
      let best = BIG, top = -1, hold = 0;
      for (let m = 0; m < 32; m++) {
        const row = c * 32 + m;
        firstTwo(bits, row, position, two);
        firsts[m] = two[0];
        seconds[m] = two[1];
        const key = data.keyAt[data.columnOf[row]];
        if (two[0] < best || (two[0] === best && key > top)) {
          best = two[0];
          top = key;
          hold = m;
        }
      }
      if (best !== BIG) {
        place[c] = best;
        held[c] = hold;
        let after = BIG, fallback = 0;
        top = -1;
        for (let m = 0; m < 32; m++) {
          const g = firsts[m] > best ? firsts[m] : seconds[m];
          const key = data.keyAt[data.columnOf[c * 32 + m]];
          if (g < after || (g === after && key > top)) {
            after = g;
            top = key;
            fallback = m;
          }
        }
        if (after === BIG) fallback = 0;
        const slot = order[best];
        deletion[slot] += sizes[c] * (evs[c * 32 + hold] - evs[c * 32 + fallback]);
        if (bestEv[c] - evs[c * 32 + fallback] > bound || !allowed[c * 32 + fallback]) blocked[slot] += 1;
      }
      cost += sizes[c] * (bestEv[c] - evs[c * 32 + held[c]]);
    }
    const deletions = order.slice(0, -1).filter((slot) => !blocked[slot]).map((slot) => [deletion[slot], slot]);
    return { place, held, cost, deletions };
  }

  /** Where the card's search starts, as build.build_levels sets it up: {pays (surePays), held
   * (the published exact table's hold masks), allowed (allowedHolds), derived (route 2's table
   * within the first tolerance)}. */
  function start(data, solution, published) {
    const pays = surePays(solution.rules);
    const held = heldMasks(data, published);
    const allowed = allowedHolds(held, pays);
    const derived = derivedWithin(data, solution, unitsOf(solution, TOLERANCES[0]), allowed);
    return { pays, held, allowed, derived };
  }

  ns.levels = { TOLERANCES, CATCH_ALL, surePays, heldMasks, allowedHolds, unitsOf, tolerant, withCatchAll, derivedWithin, priced, start };
})(globalThis);
