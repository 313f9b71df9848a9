// The holds of a pay table solved in the browser, as the derivation reads them: ported from
// generator/strategy/holds.py (hold_data, _by_pattern). In: a solution of solver.js (the suit
// classes' representatives, their sizes, every hold's exact EV) and the game of rules-core.js.
// Out: every (class, hold) row's features, order key and whether it is optimal, grouped by hold
// pattern (cards held, wild cards held, kind), pattern by pattern in ascending order of
// (n, w, kind), each pattern's rows by class, then order key descending (ties in row order), as
// holds.Pattern keeps them. Row = class * 32 + hold mask; a row's position: its place in that
// order.
//
// Memory, 34 bytes a row, 146 MB for a 52-card deck: the features feature-major, one contiguous
// run per pattern and feature, the two rank masks Int16 and the 15 counts Int8 (19 bytes; n, w
// and kind are the pattern's key, `deal` the class: not stored); by position the class, order key
// and optimality (9 bytes), so that a whole pattern's are views too; by row the position and the
// pattern (6 bytes).
//
// No import/export: attaches to globalThis.vpcharts.holdData (see cards.js for why). Load
// rules-core.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const NF = R.FEATURES.length;
  const { F_N, F_W, F_KIND, F_RANKS, F_DISC, F_DEAL } = R.FEATURE_NUMBERS;
  const N_KINDS = R.KIND_NAMES.length;
  const N_CODES = 6 * 6 * N_KINDS;
  // Stored: every feature but those a row's pattern fixes (n, w, kind: its key) and `deal` (its
  // position's class, classAt), each answered as exactly from what is kept. The two rank masks
  // (13 bits) take an Int16 each; every other feature is a small count (of one deal's cards or
  // straight windows, or a sum or difference of two or three of them), an Int8: `narrow` checks
  // that each value fits, so that none is ever stored changed.
  const PATTERN_FEATURES = [F_N, F_W, F_KIND];
  const MASK_FEATURES = [F_RANKS, F_DISC];
  const COUNT_FEATURES = [...R.FEATURES.keys()].filter((f) => f !== F_DEAL
    && !PATTERN_FEATURES.includes(f) && !MASK_FEATURES.includes(f));
  const SLOT = new Int32Array(NF).fill(-1); // feature -> its column among masks or counts
  MASK_FEATURES.forEach((f, s) => { SLOT[f] = s; });
  COUNT_FEATURES.forEach((f, s) => { SLOT[f] = s; });

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

  /** Each row's pattern code ((n * 6 + w) * kinds + kind), order key and optimality, and how
   * many rows each code has. */
  function rowFacts(solution, game) {
    const { classes, reps, evs, bestEv } = solution;
    const rows = classes * 32;
    const code = new Int16Array(rows);
    const keys = new Int32Array(rows);
    const optimal = new Uint8Array(rows);
    const count = new Int32Array(N_CODES);
    const cards = [0, 0, 0, 0, 0];
    const ranks = new Int32Array(5);
    for (let c = 0; c < classes; c++) {
      for (let i = 0; i < 5; i++) cards[i] = reps[c * 5 + i];
      for (let mask = 0; mask < 32; mask++) {
        // (the held cards' shape alone: storedColumns describes each deal whole)
        const { n, w, kind } = R.heldShape(cards, mask, game);
        const row = c * 32 + mask;
        const k = (n * 6 + w) * N_KINDS + kind;
        code[row] = k;
        count[k] += 1;
        keys[row] = orderKey(cards, mask, game, ranks);
        optimal[row] = evs[row] === bestEv[c] ? 1 : 0;
      }
    }
    return { code, keys, optimal, count };
  }

  /** The 32 holds of class c described into `buffer` (its cards left in `cards`). */
  function describeClass(reps, c, game, cards, buffer) {
    for (let i = 0; i < 5; i++) cards[i] = reps[c * 5 + i];
    R.describeInto(cards, game, buffer);
  }

  /** Position -> row: pattern by pattern (code ascending), each pattern's rows by class (rows
   * ascending), then by key descending, stably. `startOf[k]`: code k's first position. */
  function rowOrder({ code, keys, count }, classes) {
    const startOf = new Int32Array(N_CODES + 1);
    for (let k = 0; k < N_CODES; k++) startOf[k + 1] = startOf[k] + count[k];
    const order = new Int32Array(classes * 32);
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
    return { order, startOf };
  }

  /** The stored features, feature-major: feature f of position p at SLOT[f] * rows + p of
   * `masks` (Int16) or `counts` (Int8). */
  function storedColumns(solution, game, columnOf) {
    const { classes, reps } = solution;
    const rows = classes * 32;
    const masks = new Int16Array(MASK_FEATURES.length * rows);
    const counts = new Int8Array(COUNT_FEATURES.length * rows);
    const buffer = new Int32Array(32 * NF);
    const cards = [0, 0, 0, 0, 0];
    for (let c = 0; c < classes; c++) {
      describeClass(reps, c, game, cards, buffer);
      for (let mask = 0; mask < 32; mask++) {
        const p = columnOf[c * 32 + mask];
        const base = mask * NF;
        for (let s = 0; s < MASK_FEATURES.length; s++) masks[s * rows + p] = buffer[base + MASK_FEATURES[s]];
        for (let s = 0; s < COUNT_FEATURES.length; s++) {
          counts[s * rows + p] = narrow(buffer[base + COUNT_FEATURES[s]], COUNT_FEATURES[s]);
        }
      }
    }
    return { masks, counts };
  }

  /** A count feature's value, which must fit an Int8 (else the store would change it). */
  function narrow(value, f) {
    if (value < -128 || value > 127) throw new Error(`hold data: ${R.FEATURES[f]} = ${value} does not fit an Int8`);
    return value;
  }

  /** The patterns present, code ascending: {key: [n, w, kind], code, start, length}. */
  function patternsOf(count, startOf) {
    const patterns = [];
    for (let k = 0; k < N_CODES; k++) {
      if (!count[k]) continue;
      const key = [Math.floor(k / (6 * N_KINDS)), Math.floor(k / N_KINDS) % 6, k % N_KINDS];
      patterns.push({ key, code: k, start: startOf[k], length: count[k] });
    }
    return patterns;
  }

  /** {classes, rows, sizes, ce (each class's best EV), patterns ({key, code, start, length},
   * code ascending), classAt, keyAt, optimalAt (by position), columnOf, patternOfRow (by row:
   * position, index in `patterns`), feature(f, p), run(f, pattern)}. */
  function holdData(solution, game) {
    const { classes, sizes, bestEv } = solution;
    const rows = classes * 32;
    const facts = rowFacts(solution, game);
    const { order, startOf } = rowOrder(facts, classes);
    const columnOf = new Int32Array(rows); // row -> position
    for (let p = 0; p < rows; p++) columnOf[order[p]] = p;
    const store = storedColumns(solution, game, columnOf);
    const patterns = patternsOf(facts.count, startOf);
    const { keyAt, optimalAt } = byPosition(facts, order);
    // Position -> class: the order's own array, its rows' masks shifted out (nothing reads them).
    const classAt = order;
    for (let p = 0; p < rows; p++) classAt[p] >>= 5;
    // Row -> index of its pattern in `patterns`: the codes' array, rewritten in place.
    const patternOfRow = facts.code;
    const indexOfCode = new Int16Array(N_CODES);
    patterns.forEach((pattern, i) => { indexOfCode[pattern.code] = i; });
    for (let row = 0; row < rows; row++) patternOfRow[row] = indexOfCode[patternOfRow[row]];
    return {
      classes, rows, sizes, ce: bestEv, classAt, keyAt, optimalAt, columnOf, patternOfRow, patterns,
      /** Feature f of the row at position p (the deal's class for `deal`). */
      feature(f, p) {
        if (f === F_DEAL) return classAt[p];
        const fixed = PATTERN_FEATURES.indexOf(f);
        if (fixed >= 0) return patternAt(patterns, p).key[fixed];
        const { values, at } = storedColumn(store, f, rows);
        return values[at + p];
      },
      /** Feature f (not `deal`) of a pattern's rows, in its order: for a stored feature a view
       * of its run (one contiguous run a pattern), else the pattern's value repeated. */
      run(f, pattern) {
        const fixed = PATTERN_FEATURES.indexOf(f);
        if (fixed >= 0) return new Int8Array(pattern.length).fill(pattern.key[fixed]);
        const { values, at } = storedColumn(store, f, rows);
        return values.subarray(at + pattern.start, at + pattern.start + pattern.length);
      },
    };
  }

  /** Order keys and optimality by position (rows' facts in `order`): a pattern's are then one
   * contiguous run, which derive.js's groups of whole patterns view without copying. */
  function byPosition({ keys, optimal }, order) {
    const keyAt = new Int32Array(order.length);
    const optimalAt = new Uint8Array(order.length);
    for (let p = 0; p < order.length; p++) {
      keyAt[p] = keys[order[p]];
      optimalAt[p] = optimal[order[p]];
    }
    return { keyAt, optimalAt };
  }

  /** The pattern holding position p (patterns lie in ascending order of start, end to end). */
  function patternAt(patterns, p) {
    let lo = 0, hi = patterns.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (patterns[mid].start <= p) lo = mid;
      else hi = mid - 1;
    }
    return patterns[lo];
  }

  /** Where feature f is stored: {values (masks or counts), at (its position 0's index)}; an
   * error for a feature not stored (`deal` and the pattern's own are answered without). */
  function storedColumn(store, f, rows) {
    const slot = f >= 0 && f < NF ? SLOT[f] : -1;
    if (slot < 0) throw new Error(`hold data: no column is stored for feature ${f} (${R.FEATURES[f]})`);
    return { values: MASK_FEATURES.includes(f) ? store.masks : store.counts, at: slot * rows };
  }

  ns.holdData = { holdData, orderKey };
})(globalThis);
