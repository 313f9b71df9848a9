// A session on a pay table's page: the chance of losing the bankroll, of ending ahead, the
// result's percentiles and its distribution; and a lifetime's bankroll. The port of
// generator/bankroll/session.py, the same method and the same numbers (a test compares them):
// dynamic programming over the bankroll for the ruin (by FFT each round for multi-play), one FFT
// for the result, the first-descent root for the lifetime.
//
// In: a walk: for single play one hand's pays (fraction texts, in bets) and their chances
// (fraction texts), as the export's `bankroll` figures give them per level (handWalk); for 3 to
// 10 hands a round, the round's totals and chances from rounds/<slug>.js (roundWalk). Chances
// are floats: the counts behind them are exact, the chances are for display.
//
// No import/export: attaches to globalThis.vpcharts.bankroll (see cards.js for why).
(function (root) {
  "use strict";
  const ns = (root.vpcharts = root.vpcharts || {});
  const WRAP_BOUND = 1e-9;
  const RUIN_BOUND = 1e-9; // the most the ruin chance may be under the exact one (safeLevel)

  function parseFraction(text) {
    const [num, den] = String(text).split("/");
    return [BigInt(num), BigInt(den || "1")];
  }

  function gcd(a, b) {
    while (b) [a, b] = [b, a % b];
    return a < 0n ? -a : a;
  }

  /** Single play: {scale, nets (units of 1/scale bet), probs, cost} of one hand: net = pay - 1. */
  function handWalk(pays, chances) {
    const fractions = pays.map(parseFraction);
    let scale = 1n;
    for (const [, den] of fractions) scale = (scale / gcd(scale, den)) * den;
    const nets = fractions.map(([num, den]) => Number((num * scale) / den - scale));
    const probs = chances.map((text) => {
      const [num, den] = parseFraction(text);
      return Number(num) / Number(den);
    });
    return { scale: Number(scale), nets, probs, cost: Number(scale) };
  }

  /** N-play: a round's total pays (units) and their chances (rounds/<slug>.js); it costs N bets. */
  function roundWalk(round) {
    const cost = round.hands * round.scale;
    return { scale: round.scale, nets: round.totals.map((total) => total - cost), probs: round.chances, cost };
  }

  function logMgf(nets, probs, t) {
    let peak = -Infinity;
    for (let k = 0; k < nets.length; k++) if (probs[k] > 0) peak = Math.max(peak, Math.log(probs[k]) + t * nets[k]);
    let sum = 0;
    for (let k = 0; k < nets.length; k++) if (probs[k] > 0) sum += Math.exp(Math.log(probs[k]) + t * nets[k] - peak);
    return peak + Math.log(sum);
  }

  /** Doob and Chernoff: at most the chance that `rounds` rounds' walk ever goes `depth` units
   * below its start (session.py's descent_bound). */
  function descentBound(walk, rounds, depth) {
    const down = walk.nets.map((net) => -net);
    let best = 0;
    for (let i = 0; i < 200; i++) {
      const t = 1e-7 * Math.pow(1e7, i / 199);
      best = Math.min(best, rounds * Math.max(0, logMgf(down, walk.probs, t)) - t * depth);
    }
    return Math.exp(best);
  }

  /** The least bankroll (units) that the session loses with a chance under RUIN_BOUND. */
  function safeLevel(walk, rounds) {
    let lo = 0, hi = (rounds + 1) * walk.cost;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (descentBound(walk, rounds, mid - walk.cost + 1) <= RUIN_BOUND) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  // A walk with more steps than this is convolved by FFT each round (multi-play: a round has up
  // to a few thousand totals); fewer, step by step (single play: 9 to 16 pay lines).
  const FFT_STEPS = 64;

  /** The chance that `bankroll` bets fall under a round's cost within `rounds` rounds (or at the
   * last), at most RUIN_BOUND under the exact one: bankrolls that cannot be lost, or only with a
   * chance under it (safeLevel), leave the computation. */
  function ruinChance(walk, bankroll, rounds) {
    const run = ruinRun(walk, bankroll, rounds);
    for (;;) {
      const { done, value } = run.next();
      if (done) return value;
    }
  }

  /** ruinChance as a generator: yields the share of deals done after each deal and returns the
   * chance, so that the page can work through a long multi-play session in slices between
   * repaints (sessionInSlices). */
  function* ruinRun(walk, bankroll, rounds) {
    const { scale, nets, probs, cost } = walk;
    const start = Math.floor(bankroll * scale);
    if (start < cost) return 1;
    const maxNet = Math.max(...nets);
    // A bankroll of more than a round's cost per round still to play cannot be lost: those
    // states leave, as do those at or over the safe level (their ruin is under RUIN_BOUND).
    const cap = Math.min(start + maxNet * rounds, (rounds + 1) * cost);
    if (start >= cap) return 0;
    const safe = Math.max(safeLevel(walk, rounds), start + 1);
    const top = Math.min(cap, safe); // states at or over `top` are never played from: not kept
    let now = new Float64Array(top + 1);
    let next = new Float64Array(top + 1);
    now[start] = 1;
    let ruined = 0;
    const kept = nets.map((net, k) => k).filter((k) => probs[k] > 0);
    const step = Int32Array.from(kept, (k) => nets[k]);
    const chance = Float64Array.from(kept, (k) => probs[k]);
    const K = step.length;
    const down = Math.min(...step);
    const viaFft = K > FFT_STEPS;
    let convolver = null, span = 0;
    if (viaFft) {
      span = Math.min(Math.max(...step), top) - down; // (a step past `top` lands in a safe state)
      const kernel = new Float64Array(1 << Math.ceil(Math.log2(top + 1 + span + 1)));
      for (let k = 0; k < K; k++) if (step[k] - down <= span) kernel[step[k] - down] += chance[k];
      convolver = realConvolver(kernel);
    }
    let lowest = start; // the states that can hold mass: [lowest, highest]
    let highest = start;
    for (let done = 0; done < rounds; done++) {
      const left = rounds - done;
      const limit = Math.min(top, (left + 1) * cost, highest + 1);
      const from = Math.max(cost, lowest);
      next.fill(0);
      if (viaFft && limit > from) {
        // next[b + j + down] += now[b] * kernel[j], by one product of spectra
        const spread = convolver(now.subarray(from, limit));
        const first = from + down; // the state of spread[0]
        const end = Math.min(first + (limit - from) + span, top + 1);
        for (let b = Math.max(first, 0); b < end; b++) next[b] = Math.max(spread[b - first], 0);
      } else {
        for (let b = from; b < limit; b++) {
          const x = now[b];
          if (x === 0) continue;
          for (let k = 0; k < K; k++) {
            const to = b + step[k];
            if (to <= top) next[to] += chance[k] * x;
          }
        }
      }
      lowest = Math.max(0, from + down);
      highest = Math.min(top, limit - 1 + maxNet);
      for (let b = lowest; b < cost; b++) {
        ruined += next[b];
        next[b] = 0;
      }
      [now, next] = [next, now];
      if (viaFft) yield (done + 1) / rounds;
    }
    return ruined;
  }

  /** Chernoff: at most the chance that `rounds` rounds' nets sum to `top` units or more. */
  function tailBound(walk, rounds, top) {
    let best = 0;
    for (let i = 0; i < 200; i++) {
      const t = 1e-7 * Math.pow(1e7, i / 199);
      best = Math.min(best, rounds * logMgf(walk.nets, walk.probs, t) - t * top);
    }
    return Math.exp(best);
  }

  // Per size: the bit-reversal permutation and the twiddles cos/sin(2 pi k / n), k < n/2, made
  // once (a multi-play session runs two transforms of one size every deal).
  const fftTables = new Map();
  function tablesFor(n) {
    let t = fftTables.get(n);
    if (t) return t;
    const reverse = new Uint32Array(n);
    for (let i = 1, j = 0; i < n; i++) {
      let bit = n >> 1;
      for (; j & bit; bit >>= 1) j ^= bit;
      j ^= bit;
      reverse[i] = j;
    }
    const cos = new Float64Array(n >> 1), sin = new Float64Array(n >> 1);
    for (let k = 0; k < n >> 1; k++) {
      cos[k] = Math.cos((2 * Math.PI * k) / n);
      sin[k] = Math.sin((2 * Math.PI * k) / n);
    }
    t = { reverse, cos, sin };
    fftTables.set(n, t);
    return t;
  }

  /** x => the convolution of x (real, with x.length + kernel's used length <= kernel.length)
   * with `kernel` (real), by the spectra of real signals: one complex FFT of half the length
   * each way (the even samples in the real part, the odd in the imaginary). The returned array
   * is reused by the next call. */
  function realConvolver(kernel) {
    const n = kernel.length, h = n >> 1;
    const { cos, sin } = tablesFor(n); // e^(-2 pi i k / n) = cos[k] - i sin[k], k < n/2
    const re = new Float64Array(h), im = new Float64Array(h);
    const out = new Float64Array(n);
    // The spectrum X[k], k = 0..h, of a real signal x from Z = FFT(x[2m] + i x[2m+1]):
    // X[k] = E + w^k O with E = (Z[k] + conj Z[h-k]) / 2, O = (Z[k] - conj Z[h-k]) / 2i.
    function spectrum(x, xr, xi) {
      re.fill(0);
      im.fill(0);
      for (let m = 0; 2 * m < x.length; m++) {
        re[m] = x[2 * m];
        if (2 * m + 1 < x.length) im[m] = x[2 * m + 1];
      }
      fft(re, im, false);
      for (let k = 0; k <= h; k++) {
        const a = k % h, b = (h - k) % h;
        const er = (re[a] + re[b]) / 2, ei = (im[a] - im[b]) / 2;
        const or = (im[a] + im[b]) / 2, oi = -(re[a] - re[b]) / 2;
        const wr = k < h ? cos[k] : -1, wi = k < h ? -sin[k] : 0;
        xr[k] = er + wr * or - wi * oi;
        xi[k] = ei + wr * oi + wi * or;
      }
    }
    const kr = new Float64Array(h + 1), ki = new Float64Array(h + 1);
    spectrum(kernel, kr, ki);
    const xr = new Float64Array(h + 1), xi = new Float64Array(h + 1);
    return function convolve(x) {
      spectrum(x, xr, xi);
      for (let k = 0; k <= h; k++) {
        const r = xr[k] * kr[k] - xi[k] * ki[k];
        xi[k] = xr[k] * ki[k] + xi[k] * kr[k];
        xr[k] = r;
      }
      // Back: Z[k] = E + i O with E = (X[k] + conj X[h-k]) / 2, O = (X[k] - conj X[h-k]) w^-k / 2.
      for (let k = 0; k < h; k++) {
        const b = h - k;
        const er = (xr[k] + xr[b]) / 2, ei = (xi[k] - xi[b]) / 2;
        const dr = (xr[k] - xr[b]) / 2, di = (xi[k] + xi[b]) / 2;
        const or = dr * cos[k] - di * sin[k], oi = dr * sin[k] + di * cos[k];
        re[k] = er - oi;
        im[k] = ei + or;
      }
      fft(re, im, true);
      for (let m = 0; m < h; m++) {
        out[2 * m] = re[m];
        out[2 * m + 1] = im[m];
      }
      return out;
    };
  }

  // In-place iterative radix-2 FFT of (re, im); inverse when `inverse`.
  function fft(re, im, inverse) {
    const n = re.length;
    const { reverse, cos, sin } = tablesFor(n);
    for (let i = 1; i < n; i++) {
      const j = reverse[i];
      if (i < j) {
        const r = re[i]; re[i] = re[j]; re[j] = r;
        const m = im[i]; im[i] = im[j]; im[j] = m;
      }
    }
    const sign = inverse ? 1 : -1;
    for (let len = 2; len <= n; len <<= 1) {
      const half = len >> 1, stride = n / len;
      for (let i = 0; i < n; i += len) {
        for (let j = 0, k = 0; j < half; j++, k += stride) {
          const cr = cos[k], ci = sign * sin[k];
          const a = i + j, b = a + half;
          const xr = re[b] * cr - im[b] * ci, xi = re[b] * ci + im[b] * cr;
          re[b] = re[a] - xr; im[b] = im[a] - xi;
          re[a] += xr; im[a] += xi;
        }
      }
    }
    if (inverse) for (let i = 0; i < n; i++) { re[i] /= n; im[i] /= n; }
  }

  /** {scale, low (units), dist (Float64Array from low), wrapBound} of `rounds` rounds' sum. */
  function resultDistribution(walk, rounds) {
    const { scale, nets, probs } = walk;
    const minNet = Math.min(...nets);
    const low = minNet * rounds;
    const mean = nets.reduce((sum, net, k) => sum + net * probs[k], 0) * rounds;
    let size = 1 << Math.max(10, Math.ceil(Math.log2(Math.max(mean - low, 1) + 1)));
    let bound;
    while ((bound = tailBound(walk, rounds, low + size)) > WRAP_BOUND) size <<= 1;
    const re = new Float64Array(size);
    const im = new Float64Array(size);
    nets.forEach((net, k) => { re[(net - minNet) % size] += probs[k]; });
    fft(re, im, false);
    for (let i = 0; i < size; i++) { // (r e^{i a})^rounds
      const r = Math.pow(Math.hypot(re[i], im[i]), rounds);
      const a = Math.atan2(im[i], re[i]) * rounds;
      re[i] = r * Math.cos(a);
      im[i] = r * Math.sin(a);
    }
    fft(re, im, true);
    let total = 0;
    for (let i = 0; i < size; i++) { re[i] = Math.max(re[i], 0); total += re[i]; }
    for (let i = 0; i < size; i++) re[i] /= total;
    return { scale, low, dist: re, wrapBound: bound };
  }

  /** Lundberg's R > 0 (per unit) with E[e^(-R X)] = 1 for a round's net X (session.py's
   * adjustment). */
  function adjustment(walk) {
    const down = walk.nets.map((net) => -net);
    let hi = 1e-9;
    while (logMgf(down, walk.probs, hi) <= 0) hi *= 2;
    let lo = 0;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (logMgf(down, walk.probs, mid) > 0) hi = mid;
      else lo = mid;
    }
    return (lo + hi) / 2;
  }

  /** [below, enough] in bets for a lifetime risk of ruin `risk`, any hands a round: the exact
   * bankroll lies between them, a round's stake apart (session.py's lifetime_bankrolls); null
   * when a round does not win on average. */
  function lifetimeBankrolls(walk, risk) {
    if (walk.nets.reduce((sum, net, k) => sum + net * walk.probs[k], 0) <= 0) return null;
    const below = Math.log(1 / risk) / adjustment(walk);
    return [below / walk.scale, (below + walk.cost) / walk.scale];
  }

  /** rho: the chance of ever being one bet down (single play, a return over 1). */
  function lifetimeRho(pays, chances) {
    const values = pays.map((pay, k) => {
      const [num, den] = parseFraction(pay);
      const [pn, pd] = parseFraction(chances[k]);
      return [Number(num) / Number(den), Number(pn) / Number(pd)];
    }).filter(([, p]) => p > 0);
    let lo = 0, hi = 1 - 1e-15;
    for (let i = 0; i < 200; i++) {
      const mid = (lo + hi) / 2;
      if (values.reduce((sum, [pay, p]) => sum + p * Math.pow(mid, pay), 0) - mid > 0) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  }

  /** The session: {ruin, ahead, percentiles {5, 50, 95} in bets, wrapBound, result}. */
  function session(walk, bankroll, rounds) {
    return withRuin(spread(walk, rounds), ruinChance(walk, bankroll, rounds));
  }

  /** The session, worked out in slices of about 50 ms with a repaint between (a 10-play session
   * of 10,000 deals takes half a minute here): `progress(share done)` after each slice; a Promise
   * of what session() returns. */
  function sessionInSlices(walk, bankroll, rounds, progress) {
    const result = spread(walk, rounds);
    const run = ruinRun(walk, bankroll, rounds);
    return new Promise((resolve) => {
      (function slice() {
        const until = performance.now() + 50;
        for (;;) {
          const { done, value } = run.next();
          if (done) return resolve(withRuin(result, value));
          if (performance.now() > until) {
            progress(value);
            return setTimeout(slice, 0);
          }
        }
      })();
    });
  }

  function withRuin(result, ruin) {
    return { ...result, ruin };
  }

  /** The result played to the end: {ahead, percentiles, wrapBound, result}. */
  function spread(walk, rounds) {
    const result = resultDistribution(walk, rounds);
    const { scale, low, dist } = result;
    let ahead = 0;
    const percentiles = {};
    let cumulative = 0;
    const wanted = [5, 50, 95];
    for (let i = 0; i < dist.length; i++) {
      cumulative += dist[i];
      if (low + i > 0) ahead += dist[i];
      while (wanted.length && cumulative >= wanted[0] / 100) percentiles[wanted.shift()] = (low + i) / scale;
    }
    return { ahead, percentiles, wrapBound: result.wrapBound, result };
  }

  ns.bankroll = { handWalk, roundWalk, ruinChance, resultDistribution, lifetimeRho, lifetimeBankrolls, session, sessionInSlices, tailBound, descentBound, RUIN_BOUND };
})(globalThis);
