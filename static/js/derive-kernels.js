// The derivation's inner loops, ported from generator/strategy/derive_kernels.py: is a candidate
// line safe on the undecided classes of one hold pattern, how far "ranks held in a set" grows,
// which pairs of conditions split a pattern best.
//
// In: a group (derive.js's Group: one pattern's rows by class, then order key descending, with
// `cls`, `keys`, `optimal` per row), which rows meet the candidate (`where`, a Uint8Array), which
// classes are undecided (`alive`). Out: safe or not, the first class played wrongly, the deals a
// safe line decides. Rows meeting a condition are also packed 32 to an Int32 word (row i at bit
// i % 32 of word i >> 5), so that a pair's rows come out of an AND a word at a time.
//
// No import/export: attaches to globalThis.vpcharts.deriveKernels (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});

  /** (undecided classes the line meets, the class of every hold it would play wrongly: repeats
   * possible), as Int32Arrays: derive_kernels.played_classes. Counted first, then filled at their
   * length: lists of 100,000 classes a call, grown as arrays, left the JS heap tens of MB larger
   * between collections. */
  function played(g, where, alive) {
    const [nMet, nWrong] = walkPlayed(g, where, alive, null, null);
    const met = new Int32Array(nMet);
    const wrong = new Int32Array(nWrong);
    walkPlayed(g, where, alive, met, wrong);
    return { met, wrong };
  }

  /** played()'s walk: [its two lists' lengths], the lists written where given. */
  function walkPlayed(g, where, alive, met, wrong) {
    const { cls, keys, optimal } = g;
    let nMet = 0;
    let nWrong = 0;
    let current = -1;
    let top = -1;
    for (let i = 0; i < cls.length; i++) {
      if (!where[i]) continue;
      const c = cls[i];
      if (!alive[c]) continue;
      if (c !== current) {
        current = c;
        top = keys[i];
        if (met) met[nMet] = c;
        nMet += 1;
      } else if (keys[i] !== top) continue;
      if (!optimal[i]) {
        if (wrong) wrong[nWrong] = c;
        nWrong += 1;
      }
    }
    return [nMet, nWrong];
  }

  /** The deals a line decides if it is safe on the undecided classes, else 0
   * (line_is_safe / first_wrong_class). */
  function safeWeight(g, where, alive, sizes) {
    let current = -1;
    let top = -1;
    let weight = 0;
    const { cls, keys, optimal } = g;
    for (let i = 0; i < cls.length; i++) {
      if (!where[i]) continue;
      const c = cls[i];
      if (!alive[c]) continue;
      if (c !== current) {
        current = c;
        top = keys[i];
        weight += sizes[c];
      } else if (keys[i] !== top) continue;
      if (!optimal[i]) return 0;
    }
    return weight;
  }

  /** Whether the line marked in `where` plays row r's class optimally (_class_plays_right). */
  function classPlaysRight(g, r, where, start) {
    const { cls, keys, optimal } = g;
    let i = start[r];
    let top = -1;
    while (i < cls.length && cls[i] === cls[r]) {
      if (where[i]) {
        if (top < 0) top = keys[i];
        else if (keys[i] !== top) return true;
        if (!optimal[i]) return false;
      }
      i += 1;
    }
    return true;
  }

  // The rows growRankSet adds at one step: one array, grown as groups need, reused by every
  // call (a new one a call took 360 MB of short-lived arrays on 9/6 Jacks or Better).
  const scratch = { rows: new Int32Array(0) };
  function scratchRows(n) {
    if (scratch.rows.length < n) scratch.rows = new Int32Array(n);
    return scratch.rows;
  }

  /** Grow "ranks held in a set" on the rows of `base`: each candidate mask joins in turn if the
   * line stays safe (grow_rank_set). `bm`: the group's rows by held ranks (Group.byMask), `ranges`
   * each candidate's run in it. Returns {joined (per candidate), where (rows of the final line)}. */
  function growRankSet(g, base, bm, ranges, alive) {
    const n = g.cls.length;
    const where = new Uint8Array(n);
    const nc = ranges.length / 2;
    const joined = new Uint8Array(nc);
    const added = scratchRows(n);
    for (let k = 0; k < nc; k++) {
      let count = 0;
      for (let j = ranges[2 * k]; j < ranges[2 * k + 1]; j++) {
        const r = bm.order[j];
        if (base[r] && alive[g.cls[r]] && !where[r]) {
          where[r] = 1;
          added[count++] = r;
        }
      }
      let safe = true;
      for (let a = 0; a < count; a++) {
        if (!classPlaysRight(g, added[a], where, bm.start)) {
          safe = false;
          break;
        }
      }
      if (safe) joined[k] = count > 0 ? 1 : 0;
      else for (let a = 0; a < count; a++) where[added[a]] = 0;
    }
    return { joined, where };
  }

  /** The number of bits set in a 32-bit word. */
  function bitCount(x) {
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }

  /** Rows (Uint8Array) as Int32 words, 32 to a word. */
  function packed(rows) {
    const words = new Int32Array((rows.length + 31) >> 5);
    for (let i = 0; i < rows.length; i++) if (rows[i]) words[i >> 5] |= 1 << (i & 31);
    return words;
  }

  /** For each pair [a, b] of packed conditions, the line "a and b": {failed (the class it plays
   * wrongly first, or -1), weights (the deals it decides where safe)} (pair_verdicts). */
  function pairVerdicts(g, words, pairs, alive, sizes) {
    const { cls, keys, optimal } = g;
    const failed = new Float64Array(pairs.length / 2).fill(-1);
    const weights = new Float64Array(pairs.length / 2);
    for (let p = 0; p < pairs.length / 2; p++) {
      const A = words[pairs[2 * p]];
      const B = words[pairs[2 * p + 1]];
      let current = -1, top = -1, weight = 0, wrong = -1;
      for (let w = 0; w < A.length && wrong < 0; w++) {
        let x = A[w] & B[w];
        while (x !== 0) { // lowest bit first: rows stay in order
          const bit = 31 - Math.clz32(x & -x);
          x &= x - 1;
          const i = (w << 5) + bit;
          const c = cls[i];
          if (!alive[c]) continue;
          if (c !== current) {
            current = c;
            top = keys[i];
            weight += sizes[c];
            if (!optimal[i]) { wrong = c; break; }
          } else if (keys[i] === top && !optimal[i]) { wrong = c; break; }
        }
      }
      failed[p] = wrong;
      if (wrong < 0) weights[p] = weight;
    }
    return { failed, weights };
  }

  /** For each pair [a, b] of conditions in turn (meets[a]: the rows meeting a), "ranks held in a
   * set" grown on the rows meeting both (as growRankSet grows it); of those lines the first that
   * decides the most deals: {found (pair index or -1), joined (per candidate), deadEnds}
   * (best_ranked_pair). Pairs marked in `skip` are known to grow nothing and are not tried.
   * deadEnds: pair index -> the classes on which each of its candidates failed, for each pair
   * where none joined: such a pair grows nothing again while those classes are undecided (their
   * rows, and so each candidate's verdict, stay put, and candidates only ever drop out). */
  function bestRankedPair(g, meets, pairs, bm, ranges, alive, sizes, skip) {
    const { cls } = g;
    const n = cls.length;
    const nc = ranges.length / 2;
    // Joinable rows by candidate, then row: position -> row.
    const rowAt = new Int32Array(n);
    const candidateAt = new Int32Array(n);
    let m = 0;
    for (let k = 0; k < nc; k++) {
      for (let j = ranges[2 * k]; j < ranges[2 * k + 1]; j++) {
        const r = bm.order[j];
        if (alive[cls[r]]) { rowAt[m] = r; candidateAt[m] = k; m += 1; }
      }
    }
    const nWords = (m + 31) >> 5;
    const words = meets.map((rows) => {
      const out = new Int32Array(nWords);
      for (let q = 0; q < m; q++) if (rows[rowAt[q]]) out[q >> 5] |= 1 << (q & 31);
      return out;
    });
    // Each joinable row's class, at hand: a pair's rows are visited a billion times on Black
    // Jack Bonus (700,544 classes), and a class's rows come together (a candidate's rows are in
    // row order), so a class already counted is mostly the last one seen.
    const clsAt = new Int32Array(m);
    let biggest = 0; // the largest class among them
    for (let q = 0; q < m; q++) {
      clsAt[q] = cls[rowAt[q]];
      if (sizes[clsAt[q]] > biggest) biggest = sizes[clsAt[q]];
    }
    const where = new Uint8Array(n);
    const seen = new Int32Array(alive.length).fill(-1); // class -> last pass that counted it
    const found = new Int32Array(m);
    const kept = new Int32Array(m);
    const joined = new Int32Array(nc);
    let best = -1, bestWeight = 0;
    const bestJoined = new Uint8Array(nc);
    const deadEnds = new Map();
    for (let p = 0; p < pairs.length / 2; p++) {
      if (skip[p]) continue;
      const A = words[pairs[2 * p]];
      const B = words[pairs[2 * p + 1]];
      // A pair whose rows, each of the largest class, could not beat the best is passed by
      // counting its bits: nearly every pair the weight of its classes would pass.
      let rows = 0;
      for (let w = 0; w < nWords; w++) rows += bitCount(A[w] & B[w]);
      if (rows * biggest <= bestWeight) continue;
      let count = 0, bound = 0, last = -1;
      for (let w = 0; w < nWords; w++) {
        let x = A[w] & B[w];
        while (x !== 0) {
          const bit = 31 - Math.clz32(x & -x);
          x &= x - 1;
          const q = (w << 5) + bit;
          found[count++] = q;
          const c = clsAt[q];
          if (c !== last) {
            last = c;
            if (seen[c] !== 2 * p) { seen[c] = 2 * p; bound += sizes[c]; }
          }
        }
      }
      if (bound <= bestWeight) continue;
      let nKept = 0, nJoined = 0, j = 0;
      const failing = [];
      while (j < count) {
        const candidate = candidateAt[found[j]];
        const first = j;
        while (j < count && candidateAt[found[j]] === candidate) { where[rowAt[found[j]]] = 1; j += 1; }
        let safe = true;
        for (let q = first; q < j; q++) {
          if (!classPlaysRight(g, rowAt[found[q]], where, bm.start)) {
            safe = false;
            failing.push(cls[rowAt[found[q]]]);
            break;
          }
        }
        if (safe) {
          for (let q = first; q < j; q++) kept[nKept++] = rowAt[found[q]];
          joined[nJoined++] = candidate;
        } else {
          for (let q = first; q < j; q++) where[rowAt[found[q]]] = 0;
        }
      }
      if (!nJoined && failing.length) deadEnds.set(p, failing);
      let weight = 0;
      for (let q = 0; q < nKept; q++) {
        where[kept[q]] = 0;
        const c = cls[kept[q]];
        if (seen[c] !== 2 * p + 1) { seen[c] = 2 * p + 1; weight += sizes[c]; }
      }
      if (nJoined && weight > bestWeight) {
        best = p;
        bestWeight = weight;
        bestJoined.fill(0);
        for (let q = 0; q < nJoined; q++) bestJoined[joined[q]] = 1;
      }
    }
    return { found: best, joined: bestJoined, deadEnds };
  }

  ns.deriveKernels = { played, safeWeight, classPlaysRight, growRankSet, bitCount, packed, pairVerdicts, bestRankedPair };
})(globalThis);
