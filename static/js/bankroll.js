// A session of single-play hands on a pay table's page: the chance of losing the bankroll, of
// ending ahead, the result's percentiles and its distribution; and a lifetime's bankroll. The
// port of generator/bankroll/session.py, the same method and the same numbers (a test compares
// them): dynamic programming over the bankroll for the ruin, one FFT for the result, the
// first-descent root for the lifetime.
//
// In: one hand's pays (fraction texts, in bets) and their chances (fraction texts), as the
// export's `bankroll` figures give them per level. Chances are floats: the counts behind them
// are exact, the chances are for display.
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

  /** {scale, nets (units of 1/scale bet), probs} of one hand: net = pay - 1. */
  function units(pays, chances) {
    const fractions = pays.map(parseFraction);
    let scale = 1n;
    for (const [, den] of fractions) scale = (scale / gcd(scale, den)) * den;
    const nets = fractions.map(([num, den]) => Number((num * scale) / den - scale));
    const probs = chances.map((text) => {
      const [num, den] = parseFraction(text);
      return Number(num) / Number(den);
    });
    return { scale: Number(scale), nets, probs };
  }

  /** Doob and Chernoff: at most the chance that `rounds` hands' walk ever goes `depth` units
   * below its start (session.py's descent_bound). */
  function descentBound(nets, probs, rounds, depth) {
    let best = 0;
    for (let i = 0; i < 200; i++) {
      const t = 1e-7 * Math.pow(1e7, i / 199);
      let peak = -Infinity;
      for (let k = 0; k < nets.length; k++) if (probs[k] > 0) peak = Math.max(peak, Math.log(probs[k]) - t * nets[k]);
      let sum = 0;
      for (let k = 0; k < nets.length; k++) if (probs[k] > 0) sum += Math.exp(Math.log(probs[k]) - t * nets[k] - peak);
      best = Math.min(best, rounds * Math.max(0, peak + Math.log(sum)) - t * depth);
    }
    return Math.exp(best);
  }

  /** The least bankroll (units) that the session loses with a chance under RUIN_BOUND. */
  function safeLevel(nets, probs, rounds, scale) {
    let lo = 0, hi = (rounds + 1) * scale;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (descentBound(nets, probs, rounds, mid - scale + 1) <= RUIN_BOUND) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** The chance that `bankroll` bets fall under one bet within `rounds` hands (or at the last),
   * at most RUIN_BOUND under the exact one: bankrolls that cannot be lost, or only with a chance
   * under it (safeLevel), leave the computation. */
  function ruinChance(pays, chances, bankroll, rounds) {
    const { scale, nets, probs } = units(pays, chances);
    const start = Math.floor(bankroll * scale);
    if (start < scale) return 1;
    const maxNet = Math.max(...nets);
    // A bankroll of more than a bet per hand still to play cannot be lost: those states leave.
    const cap = Math.min(start + maxNet * rounds, (rounds + 1) * scale);
    if (start >= cap) return 0;
    const safe = Math.max(safeLevel(nets, probs, rounds, scale), start + 1);
    let now = new Float64Array(cap + 1);
    let next = new Float64Array(cap + 1);
    now[start] = 1;
    let ruined = 0;
    const kept = nets.map((net, k) => k).filter((k) => probs[k] > 0);
    const step = Int32Array.from(kept, (k) => nets[k]);
    const chance = Float64Array.from(kept, (k) => probs[k]);
    const K = step.length;
    const down = Math.min(...step);
    let lowest = start; // the states that can hold mass: [lowest, highest]
    let highest = start;
    for (let done = 0; done < rounds; done++) {
      const left = rounds - done;
      const limit = Math.min(cap, (left + 1) * scale, highest + 1, safe);
      const from = Math.max(scale, lowest);
      next.fill(0);
      for (let b = from; b < limit; b++) {
        const x = now[b];
        if (x === 0) continue;
        for (let k = 0; k < K; k++) {
          const to = b + step[k];
          if (to <= cap) next[to] += chance[k] * x;
        }
      }
      lowest = Math.max(0, from + down);
      highest = Math.min(cap, limit - 1 + maxNet);
      for (let b = lowest; b < scale; b++) {
        ruined += next[b];
        next[b] = 0;
      }
      [now, next] = [next, now];
    }
    return ruined;
  }

  /** Chernoff: at most the chance that `rounds` hands' nets sum to `top` units or more. */
  function tailBound(nets, probs, rounds, top) {
    let best = 0;
    for (let i = 0; i < 200; i++) {
      const t = 1e-7 * Math.pow(1e7, i / 199);
      let peak = -Infinity;
      for (let k = 0; k < nets.length; k++) if (probs[k] > 0) peak = Math.max(peak, Math.log(probs[k]) + t * nets[k]);
      let sum = 0;
      for (let k = 0; k < nets.length; k++) if (probs[k] > 0) sum += Math.exp(Math.log(probs[k]) + t * nets[k] - peak);
      best = Math.min(best, rounds * (peak + Math.log(sum)) - t * top);
    }
    return Math.exp(best);
  }

  // In-place iterative radix-2 FFT of (re, im); inverse when `inverse`.
  function fft(re, im, inverse) {
    const n = re.length;
    for (let i = 1, j = 0; i < n; i++) {
      let bit = n >> 1;
      for (; j & bit; bit >>= 1) j ^= bit;
      j ^= bit;
      if (i < j) {
        [re[i], re[j]] = [re[j], re[i]];
        [im[i], im[j]] = [im[j], im[i]];
      }
    }
    for (let len = 2; len <= n; len <<= 1) {
      const angle = ((inverse ? 2 : -2) * Math.PI) / len;
      const wr = Math.cos(angle), wi = Math.sin(angle);
      for (let i = 0; i < n; i += len) {
        let cr = 1, ci = 0;
        for (let j = 0; j < len / 2; j++) {
          const a = i + j, b = a + len / 2;
          const xr = re[b] * cr - im[b] * ci, xi = re[b] * ci + im[b] * cr;
          re[b] = re[a] - xr; im[b] = im[a] - xi;
          re[a] += xr; im[a] += xi;
          const nr = cr * wr - ci * wi;
          ci = cr * wi + ci * wr;
          cr = nr;
        }
      }
    }
    if (inverse) for (let i = 0; i < n; i++) { re[i] /= n; im[i] /= n; }
  }

  /** {scale, low (units), dist (Float64Array from low), wrapBound} of `rounds` hands' sum. */
  function resultDistribution(pays, chances, rounds) {
    const { scale, nets, probs } = units(pays, chances);
    const minNet = Math.min(...nets);
    const low = minNet * rounds;
    const mean = nets.reduce((sum, net, k) => sum + net * probs[k], 0) * rounds;
    let size = 1 << Math.max(10, Math.ceil(Math.log2(Math.max(mean - low, 1) + 1)));
    let bound;
    while ((bound = tailBound(nets, probs, rounds, low + size)) > WRAP_BOUND) size <<= 1;
    const re = new Float64Array(size);
    const im = new Float64Array(size);
    nets.forEach((net, k) => { re[net - minNet] += probs[k]; });
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
  function session(pays, chances, bankroll, rounds) {
    const result = resultDistribution(pays, chances, rounds);
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
    return { ruin: ruinChance(pays, chances, bankroll, rounds), ahead, percentiles, wrapBound: result.wrapBound, result };
  }

  ns.bankroll = { ruinChance, resultDistribution, lifetimeRho, session, tailBound, descentBound, RUIN_BOUND };
})(globalThis);
