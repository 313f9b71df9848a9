// The inner loops of shortest.js, ported from generator/strategy/shortest_kernels.py (is a
// candidate line safe on one hold pattern's rows?) and from the table's play that shortest.py
// borrows (levels.play, plays_right, without_idle: play_kernels.first_lines).
//
// In: derive.js's whole group of a pattern (its rows by class, then order key descending: each
// class's rows a run, `starts`), the rows each candidate condition meets (`meets`: one bit set a
// condition over the group's rows, `packed`: a checker keeps hundreds of them, 130-160 MB as bytes
// on 9/6 Jacks or Better), candidate lines as rows of condition indexes (-1 for none)
// in one Int32Array of `width` columns; for a table, its lines (rank sets inline). Out: the first
// safe candidate, the rank sets whose leaving out makes one safe; each class's deciding line and
// the position (hold-data.js's) of the hold it plays.
//
// A line plays, in each class, the first row meeting all its conditions (and every row tied with
// it on the order key); it is safe where all those rows are optimal. The runs that failed lately
// are checked first (a ring, `failed`, whose last slot is the next to fill), as in Python: which
// class fails first decides which rank sets an "any but" line leaves out, so the ring is kept
// exactly as the build keeps it.
//
// No import/export: attaches to globalThis.vpcharts.shortestKernels (see cards.js for why). Load
// derive.js first.
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const R = ns.rules;
  const D = ns.derive;
  const { F_N, F_W, F_KIND } = R.FEATURE_NUMBERS;
  const N_KINDS = R.KIND_NAMES.length;

  /** -1 if the line (combos[at .. at + width)) plays the run right, else the row it plays
   * wrongly; rows holding one of leftOut[0 .. nLeft) are skipped. */
  function playedWrongly(k, line, leftOut, nLeft, run) {
    const { meets, masks, starts, keys, optimal } = k;
    const { combos, at, width } = line;
    let found = false;
    let top = 0;
    for (let i = starts[run]; i < starts[run + 1]; i++) {
      let ok = true;
      for (let q = at; q < at + width; q++) {
        const j = combos[q];
        if (j >= 0 && !((meets[j][i >>> 5] >>> (i & 31)) & 1)) { ok = false; break; }
      }
      if (!ok) continue;
      for (let q = 0; q < nLeft; q++) if (masks[i] === leftOut[q]) { ok = false; break; }
      if (!ok) continue;
      if (!found) {
        found = true;
        top = keys[i];
      } else if (keys[i] !== top) return -1; // past the holds tied with the one played
      if (!optimal[i]) return i;
    }
    return -1;
  }

  /** Whether a value is in an ascending array (np.searchsorted, then a look). */
  function sortedHas(values, v) {
    let lo = 0, hi = values.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    return lo < values.length && values[lo] === v;
  }

  /** The first of `runs` the line plays wrongly: out[0] the run, out[1] the row, or -1, -1. The
   * runs in the ring `failed` are tried first; a new failure goes into it. */
  function firstWrong(k, line, leftOut, nLeft, runs, out) {
    const { failed } = k;
    const ring = failed.length - 1;
    for (let q = 0; q < ring; q++) {
      const run = failed[q];
      if (run >= 0 && sortedHas(runs, run)) {
        const row = playedWrongly(k, line, leftOut, nLeft, run);
        if (row >= 0) { out[0] = run; out[1] = row; return; }
      }
    }
    for (const run of runs) {
      const row = playedWrongly(k, line, leftOut, nLeft, run);
      if (row >= 0) {
        const slot = failed[ring];
        failed[slot] = run;
        failed[ring] = (slot + 1) % ring;
        out[0] = run; out[1] = row;
        return;
      }
    }
    out[0] = -1; out[1] = -1;
  }

  const NONE = new Int32Array(0);

  /** 0/1 per row as bits, row i at bit i % 32 of word i / 32 (a checker's `meets`). */
  function packed(met) {
    const out = new Uint32Array((met.length + 31) >>> 5);
    for (let i = 0; i < met.length; i++) if (met[i]) out[i >>> 5] |= 1 << (i & 31);
    return out;
  }

  /** The first of the lines (rows of `width` condition indexes) safe on `runs`, or -1. */
  function firstSafe(k, combos, width, runs) {
    const out = new Int32Array(2);
    for (let t = 0; t * width < combos.length; t++) {
      firstWrong(k, { combos, at: t * width, width }, NONE, 0, runs, out);
      if (out[0] < 0) return t;
    }
    return -1;
  }

  /** The rank sets (at most `most`, none in `covered`) whose leaving out makes the line safe,
   * found one wrongly played class at a time (the set of the hold played wrongly there); empty
   * if there are none such, or none are needed. */
  function ranksLeftOut(k, line, covered, most, runs) {
    const left = new Int32Array(most);
    const out = new Int32Array(2);
    for (let n = 0; n <= most; n++) {
      firstWrong(k, line, left, n, runs, out);
      if (out[0] < 0) return left.slice(0, n);
      if (n === most) break;
      const mask = k.masks[out[1]];
      for (const m of covered) if (m === mask) return NONE;
      left[n] = mask;
    }
    return NONE;
  }

  /** From trial `at` on, the first that describes the line: a plain trial safe on `runs`, or an
   * "any but" one (anyBut[t]) with the rank sets whose leaving out makes it safe: {at, leftOut}
   * (at -1: none). The same checks in the same order as Python's kernel. */
  function nextDescription(k, trials, width, anyBut, at, covered, most, runs) {
    const n = anyBut.length;
    const out = new Int32Array(2);
    while (at < n) {
      let end = at;
      while (end < n && !anyBut[end]) end += 1;
      for (let t = at; t < end; t++) {
        firstWrong(k, { combos: trials, at: t * width, width }, NONE, 0, runs, out);
        if (out[0] < 0) return { at: t, leftOut: NONE };
      }
      if (end < n) {
        const left = ranksLeftOut(k, { combos: trials, at: end * width, width }, covered, most, runs);
        if (left.length) return { at: end, leftOut: left };
      }
      at = end + 1;
    }
    return { at: -1, leftOut: NONE };
  }

  // ---- a table played on every class (levels.play) ----

  /** A condition as text, equal for equal conditions (a set's values ascending). */
  function conditionKey([f, op, v]) {
    return `${f}:${op}:${Array.isArray(v) ? v.join(",") : v}`;
  }

  function lineKey(line) {
    return line.map(conditionKey).join("|");
  }

  /** {index: the line's pattern in data.patterns (-1: none), places: the places in that pattern
   * (ascending: by class, then order key descending) of the rows meeting the line}, kept per
   * line on the data (holds.rows_meeting: edits ask for the same lines again and again). */
  function rowsOf(data, line) {
    const cache = data.linesMet || (data.linesMet = new Map());
    const key = lineKey(line);
    let out = cache.get(key);
    if (out) return out;
    if (!data.patternIndex) data.patternIndex = new Map(data.patterns.map((p, i) => [p.code, i]));
    const base = {};
    for (const [f, , v] of line.slice(0, 3)) base[f] = v;
    const index = data.patternIndex.get((base[F_N] * 6 + base[F_W]) * N_KINDS + base[F_KIND]);
    if (index === undefined) out = { index: -1, places: NONE };
    else {
      const g = D.wholeGroup(data, data.patterns[index]);
      const where = new Uint8Array(g.length).fill(1);
      for (const condition of line.slice(3)) {
        const met = D.rowsMeet(g, condition);
        for (let i = 0; i < where.length; i++) where[i] &= met[i];
      }
      const places = [];
      for (let i = 0; i < where.length; i++) if (where[i]) places.push(i);
      out = { index, places: Int32Array.from(places) };
    }
    cache.set(key, out);
    return out;
  }

  /** {place: each class's deciding line or -1, held: the position of the hold it plays there,
   * -1 where no line decides}: a class is decided by the first line meeting any of its holds and
   * holds that line's top row (the top order key, the lowest mask among equal keys: a line's
   * rows in a class come in that order). */
  function play(data, lines) {
    const place = new Int32Array(data.classes).fill(-1);
    const held = new Int32Array(data.classes).fill(-1);
    lines.forEach((line, i) => {
      const { index, places } = rowsOf(data, line);
      if (index < 0) return;
      const start = data.patterns[index].start;
      for (const p of places) {
        const c = data.classAt[start + p];
        if (place[c] < 0) { place[c] = i; held[c] = start + p; }
      }
    });
    return { place, held };
  }

  /** Whether the lines play every class with an optimal hold (a class no line meets is played
   * wrongly, as the build's check counts it). */
  function playsRight(data, lines) {
    const { place, held } = play(data, lines);
    for (let c = 0; c < data.classes; c++) if (place[c] < 0 || !data.optimalAt[held[c]]) return false;
    return true;
  }

  /** playsRight of `lines` that agree, above line `from`, with a list playing every class
   * right whose deciding lines are `place` (play's): the classes decided above `from` keep
   * their line, so only the others are played again, from line `from` down, and the first
   * played wrongly ends it (a merge's trials fail at once, where a whole play took 8 ms). */
  function playsRightBelow(data, lines, place, from) {
    const open = new Uint8Array(data.classes);
    let left = 0;
    for (let c = 0; c < data.classes; c++) if (place[c] < 0 || place[c] >= from) { open[c] = 1; left += 1; }
    for (let i = from; i < lines.length && left > 0; i++) {
      const { index, places } = rowsOf(data, lines[i]);
      if (index < 0) continue;
      const start = data.patterns[index].start;
      for (const p of places) {
        const c = data.classAt[start + p];
        if (!open[c]) continue;
        open[c] = 0;
        left -= 1;
        if (!data.optimalAt[start + p]) return false;
      }
    }
    return left === 0;
  }

  /** The lines that decide some class, and the last (levels.without_idle). */
  function withoutIdle(data, lines) {
    const { place } = play(data, lines);
    const deciding = new Set(place);
    return lines.filter((_, i) => deciding.has(i) || i === lines.length - 1);
  }

  ns.shortestKernels = {
    packed, firstSafe, ranksLeftOut, nextDescription, conditionKey, lineKey, rowsOf, play, playsRight,
    playsRightBelow, withoutIdle,
  };
})(globalThis);
