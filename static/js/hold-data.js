// The holds of a pay table solved in the browser, as the derivation reads them: ported from
// generator/strategy/holds.py (hold_data, _by_pattern). In: a solution of solver.js (the suit
// classes' representatives, their sizes, every hold's exact EV) and the game of rules-core.js.
// Out: every (class, hold) row's features, order key and whether it is optimal, grouped by hold
// pattern (cards held, wild cards held, kind), pattern by pattern in ascending order of
// (n, w, kind), each pattern's rows by class, then order key descending (ties in row order), as
// holds.Pattern keeps them. Row = class * 32 + hold mask.
//
// Memory: the features are Int16 (all but `deal`, which is the row's class), feature-major, one
// contiguous run per pattern and feature: 40 bytes a row, 170 MB for a 52-card deck.
//
// No import/export: attaches to globalThis.vpcharts.holdData (see cards.js for why). Load
// rules-core.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const NF = R.FEATURES.length;
  const { F_N, F_W, F_KIND } = R.FEATURE_NUMBERS;
  const N_KINDS = R.KIND_NAMES.length;
  const N_CODES = 6 * 6 * N_KINDS;

  /** The order key of holding cards[i] for each bit i of mask (rules-core's rankKey), without
   * allocating: four million of them a pay table. */
  function orderKey(cards, mask, game, ranks) {
    let w = 0;
    let n = 0;
    for (let i = 0; i < 5; i++) {
      if (!((mask >> i) & 1)) continue;
      if (game.wild[cards[i]] === 1) w += 1;
      else ranks[n++] = game.ranks[cards[i]];
    }
    // (at most five: an insertion sort, descending)
    for (let i = 1; i < n; i++) {
      const r = ranks[i];
      let j = i - 1;
      while (j >= 0 && ranks[j] < r) { ranks[j + 1] = ranks[j]; j -= 1; }
      ranks[j + 1] = r;
    }
    let key = w;
    for (let i = 0; i < 5; i++) key = key * 14 + (i < n ? ranks[i] + 1 : 0);
    return key;
  }

  function holdData(solution, game) {
    const { classes, reps, sizes, evs, bestEv } = solution;
    const rows = classes * 32;
    const code = new Int16Array(rows);
    const keys = new Int32Array(rows);
    const optimal = new Uint8Array(rows);
    const buffer = new Int32Array(32 * NF);
    const cards = [0, 0, 0, 0, 0];
    const ranks = new Int32Array(5);
    const count = new Int32Array(N_CODES);
    const dealOf = (c) => {
      for (let i = 0; i < 5; i++) cards[i] = reps[c * 5 + i];
      R.describeInto(cards, game, buffer);
    };
    for (let c = 0; c < classes; c++) {
      dealOf(c);
      for (let mask = 0; mask < 32; mask++) {
        const base = mask * NF;
        const row = c * 32 + mask;
        const k = (buffer[base + F_N] * 6 + buffer[base + F_W]) * N_KINDS + buffer[base + F_KIND];
        code[row] = k;
        count[k] += 1;
        keys[row] = orderKey(cards, mask, game, ranks);
        optimal[row] = evs[row] === bestEv[c] ? 1 : 0;
      }
    }
    // Each pattern's rows: by class (rows ascending), then by key descending, stably.
    const startOf = new Int32Array(N_CODES + 1);
    for (let k = 0; k < N_CODES; k++) startOf[k + 1] = startOf[k] + count[k];
    const order = new Int32Array(rows); // position -> row
    const fill = startOf.slice(0, N_CODES);
    for (let c = 0; c < classes; c++) {
      for (let mask = 0; mask < 32; mask++) {
        const row = c * 32 + mask;
        const k = code[row];
        let j = fill[k]++;
        // a stable insertion into the class's run (at most 32 rows, already in row order)
        while (j > startOf[k] && (order[j - 1] >> 5) === c && keys[order[j - 1]] < keys[row]) {
          order[j] = order[j - 1];
          j -= 1;
        }
        order[j] = row;
      }
    }
    const columnOf = new Int32Array(rows); // row -> position
    for (let p = 0; p < rows; p++) columnOf[order[p]] = p;
    const columns = new Int16Array(NF * rows); // feature f of position p at f * rows + p
    for (let c = 0; c < classes; c++) {
      dealOf(c);
      for (let mask = 0; mask < 32; mask++) {
        const p = columnOf[c * 32 + mask];
        const base = mask * NF;
        for (let f = 0; f < NF; f++) columns[f * rows + p] = buffer[base + f];
      }
    }
    const patterns = [];
    for (let k = 0; k < N_CODES; k++) {
      if (!count[k]) continue;
      const key = [Math.floor(k / (6 * N_KINDS)), Math.floor(k / N_KINDS) % 6, k % N_KINDS];
      patterns.push({ key, code: k, start: startOf[k], length: count[k] });
    }
    return {
      classes, rows, sizes, ce: bestEv, optimal, keys, order, columnOf, columns, patterns,
      /** Feature f of the row at position p (the deal's class for `deal`). */
      feature(f, p) {
        return f === R.FEATURE_NUMBERS.F_DEAL ? order[p] >> 5 : columns[f * rows + p];
      },
    };
  }

  ns.holdData = { holdData, orderKey };
})(globalThis);
