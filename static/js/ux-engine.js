// An Ultimate X deal's 32 holds valued at the multipliers showing: the port of
// generator/ultimate_x/mdp.py (Solved.hold_values) and of its tie rule.
//
// A hold's value is total * (its EV of the pay) + E[V(next total)], where the next total is the sum
// of one multiplier a line, drawn independently for each line from the distribution the hold's
// final hands give (docs/design/08-ultimate-x.md, "The model"). The EV of the pay and each
// multiplier's share of the draws come from ev-engine.js, the pays and one channel per multiplier
// tallied in one pass over the deck: the same integers as the solver. V (the relative value of each
// total) is the export's `relative_values`, found by the build's solver.
//
// No import/export: attaches to globalThis.vpcharts.ux (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  // Holds whose values differ by less than this (units of one line's 5-coin bet) tie, as in
  // mdp.TOLERANCE: the hold paying more now is kept, then the one holding more cards.
  const TOLERANCE = 1e-9;
  const { POPCOUNT } = ns.combinatorics;

  /** Per multiplier above 1, a weight of 1 on the pay lines earning it (then Nothing: 0). */
  function channels(data) {
    return data.values.slice(1).map((v) => [...data.multipliers.map((m) => Number(m === v)), 0]);
  }

  /** The distribution of the sum of `lines` draws from `probs` over `values`, up to `top`. */
  function lineSums(probs, values, lines, top) {
    let cur = new Float64Array(top + 1);
    cur[0] = 1;
    for (let l = 0; l < lines; l++) {
      const next = new Float64Array(top + 1);
      for (let s = 0; s <= top; s++) {
        if (cur[s] === 0) continue;
        for (let j = 0; j < values.length; j++) {
          const t = s + values[j];
          if (t <= top) next[t] += cur[s] * probs[j];
        }
      }
      cur = next;
    }
    return cur;
  }

  /**
   * The engine of one game (the export's data as the page embeds it: rules, multipliers, values,
   * lines, totals, relative_values): {holds(cards, total), reachable(total), nextValue}.
   */
  function makeUxEngine(data) {
    const win = ns.ev.makeEngine(data.rules, channels(data));
    const denominator = Number(win.denominator);
    const top = data.lines * Math.max(...data.values);
    const valueOf = new Float64Array(top + 1);
    const reachable = new Set(data.totals);
    data.totals.forEach((t, i) => { valueOf[t] = data.relative_values[i]; });

    /** Every hold of `cards` (bit i holds cards[i]) at `total`, best first. */
    function holds(cards, total) {
      if (!reachable.has(total)) throw new Error(`${total} is not a total ${data.lines} lines can show`);
      const pays = win.evs(cards);
      const shares = win.channelEvs(cards).map((draws) => draws.map((x) => x / denominator));
      const out = [];
      for (let mask = 0; mask < 32; mask++) {
        const probs = [1 - shares.reduce((sum, s) => sum + s[mask], 0), ...shares.map((s) => s[mask])];
        const dist = lineSums(probs, data.values, data.lines, top);
        let next = 0;
        for (let s = 0; s <= top; s++) if (dist[s]) next += dist[s] * valueOf[s];
        const now = total * (Number(pays[mask]) / Number(win.unit));
        out.push({ mask, value: now + next, now, exact: pays[mask] });
      }
      return ranked(out);
    }

    return { holds, reachable: (total) => reachable.has(total), top };
  }

  /** Best first: the largest value; within TOLERANCE, the larger exact pay, then more cards. */
  function ranked(rows) {
    const best = Math.max(...rows.map((r) => r.value));
    const tied = (r) => r.value >= best - TOLERANCE;
    return [...rows].sort((a, b) => {
      if (tied(a) && tied(b)) {
        if (a.exact !== b.exact) return a.exact > b.exact ? -1 : 1;
        if (POPCOUNT[a.mask] !== POPCOUNT[b.mask]) return POPCOUNT[b.mask] - POPCOUNT[a.mask];
        return b.mask - a.mask;
      }
      return b.value - a.value;
    });
  }

  /**
   * The multipliers typed ("2 1 12", "2x 1x 12x", or "total 23" / "23" on one hand), as their
   * total; throws Error with one line saying what is expected.
   */
  function parseMultipliers(text, data) {
    const words = text.replace(/,/g, " ").trim().toLowerCase().split(/\s+/).filter(Boolean);
    const allowed = data.values.join(", ");
    if (words[0] === "total" && words.length === 2) {
      const total = Number(words[1]);
      if (!Number.isInteger(total) || !data.totals.includes(total)) {
        throw new Error(`total ${words[1].slice(0, 12)}: expected a total ${data.lines} lines can show (each line 1x or ${data.values.slice(1).join(", ")})`);
      }
      return total;
    }
    const numbers = words.map((w) => (/^\d{1,2}x?$/.test(w) ? Number(w.replace("x", "")) : NaN));
    if (!words.length || numbers.length !== data.lines || numbers.some((m) => !data.values.includes(m))) {
      throw new Error(`expected ${data.lines === 1 ? "the multiplier" : `${data.lines} multipliers, one per line,`} each of ${allowed}${data.lines > 1 ? ' (or "total N")' : ""}`);
    }
    return numbers.reduce((a, b) => a + b, 0);
  }

  /** The band (index) of a total, by the export's bands. */
  function bandOf(data, total) {
    return data.bands.findIndex((band) => band.totals.includes(total));
  }

  /** A total drawn from the long run's distribution (`stationary`), with uniform `u` in [0, 1). */
  function drawTotal(data, u) {
    let acc = 0;
    for (let i = 0; i < data.totals.length; i++) {
      acc += data.stationary[i];
      if (u < acc) return data.totals[i];
    }
    return data.totals[data.totals.length - 1];
  }

  ns.ux = { makeUxEngine, parseMultipliers, bandOf, drawTotal, lineSums, ranked, TOLERANCE };
})(globalThis);
