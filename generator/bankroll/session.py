"""A session of single-play rounds: the chance of losing the bankroll, the result's spread, and for
a game over 100% the bankroll a lifetime needs.

In: one hand's result distribution (`Moments.final` and `pays`: each pay line's probability; a
round costs one bet and pays the line's pay), a bankroll and a number of rounds. Out: `Session`.

- Ruin (the bankroll falls under one bet before the session ends, or at its last round) is
  computed by dynamic programming over the bankroll in units of 1/scale bet. A bankroll of more
  than one bet per round still to play cannot be lost, so those states leave the table; so do
  the bankrolls from which losing it all within the session has a chance under 1e-9 by
  Chernoff's bound on the walk's lowest point (`safe_level`), so the chance computed is at most
  1e-9 under the exact one (the mass so dropped is at most 1). Probabilities are floats: the pays and counts are exact, the
  chances are for display.
- The session's result played to the end (as if the bankroll were refilled) is the rounds-fold
  convolution of one round, by one FFT of a window of M units; what lies beyond the window
  wraps around, and its mass is at most Chernoff's bound min over t of E[e^(t S)] e^(-t top)
  (`tail_bound`): the window is widened until that is below 1e-9.
- Lifetime ruin, for a return over 1: a single-play walk steps down by at most one bet, so the
  chance of ever losing b bets is rho^b, with rho the root in (0, 1) of
  rho = sum_k p_k rho^(pay_k) (the walk's first descent; Feller, XII.4).
"""

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

WRAP_BOUND = 1e-9  # the largest mass the session's FFT window may fold back
RUIN_BOUND = 1e-9  # the most the ruin chance may be under the exact one (`safe_level`)


@dataclass(frozen=True)
class Session:
    bankroll: Fraction      # in bets
    rounds: int
    ruin: float             # the chance of the bankroll not paying a round before the end
    ahead: float            # the chance of ending ahead, played to the end
    percentiles: dict       # {5: bets, 50: ..., 95: ...} of the result played to the end
    wrap_bound: float       # the mass the result's window may have folded back, at most


def _units(pays, final) -> tuple[int, np.ndarray, np.ndarray]:
    """(scale, net results in units of 1/scale bet, their probabilities) of one round."""
    scale = math.lcm(*(Fraction(p).denominator for p in pays))
    nets = np.array([int((Fraction(p) - 1) * scale) for p in pays], np.int64)
    probs = np.array([float(f) for f in final])
    return scale, nets, probs


def descent_bound(nets: np.ndarray, probs: np.ndarray, rounds: int, depth: int) -> float:
    """At most the chance that the walk of `rounds` rounds' nets ever goes `depth` units below
    its start: for t > 0, exp(-t S_n) / phi(-t)^n is a martingale, so by Doob's maximal
    inequality the chance is at most max(1, phi(-t))^rounds e^(-t depth); the best of a grid."""
    keep = probs > 0
    nets, logs = nets[keep].astype(float), np.log(probs[keep])
    best = 0.0
    for t in np.geomspace(1e-7, 1.0, 200):
        exponents = logs - t * nets
        peak = exponents.max()
        log_mgf = peak + math.log(np.exp(exponents - peak).sum())
        best = min(best, rounds * max(0.0, log_mgf) - t * depth)
    return math.exp(best)


def safe_level(nets: np.ndarray, probs: np.ndarray, rounds: int, scale: int) -> int:
    """The least bankroll (units) from which the walk loses it all within `rounds` rounds with a
    chance under RUIN_BOUND (`descent_bound`)."""
    lo, hi = 0, (rounds + 1) * scale
    while lo < hi:
        mid = (lo + hi) // 2
        if descent_bound(nets, probs, rounds, mid - scale + 1) <= RUIN_BOUND:
            hi = mid
        else:
            lo = mid + 1
    return lo


def ruin_chance(pays, final, bankroll: Fraction, rounds: int) -> float:
    """The chance that a bankroll of `bankroll` bets cannot pay a round (one bet) before `rounds`
    rounds are played."""
    scale, nets, probs = _units(pays, final)
    start = int(Fraction(bankroll) * scale)
    if start < scale:
        return 1.0
    # State b (units): the bankroll; under one bet (b < scale) is ruin, counted after the last
    # round too (the session ends with the bankroll lost). With r rounds left, a bankroll of
    # b >= (r + 1) * scale keeps at least a bet whatever happens: safe, so left out.
    cap = min(start + int(nets.max()) * rounds, (rounds + 1) * scale)
    safe = max(safe_level(nets, probs, rounds, scale), start + 1)  # (dropped: at most 1e-9)
    if start >= cap:
        return 0.0
    now = np.zeros(cap + 1)
    now[start] = 1.0
    ruined = 0.0
    for done in range(rounds):
        left = rounds - done  # rounds left, this one included
        limit = min(cap, (left + 1) * scale, safe)  # states at or above are safe: dropped
        active = now[scale:limit]  # the states that can still play and still be ruined
        nxt = np.zeros(cap + 1)
        for net, p in zip(nets, probs):
            if p == 0.0:
                continue
            lo = scale + net
            hi = lo + len(active)
            # (a jump past the cap lands in a safe state: dropped)
            end = min(hi, cap + 1)
            if end > lo:
                nxt[max(lo, 0):end] += p * active[max(0, -lo):end - lo]
        ruined += nxt[:scale].sum()
        nxt[:scale] = 0.0
        now = nxt
    return float(ruined)


def result_distribution(pays, final, rounds: int) -> tuple[int, int, np.ndarray, float]:
    """(scale, lowest result in units, probabilities of each unit from it, wrap bound) of the
    sum of `rounds` rounds' nets."""
    scale, nets, probs = _units(pays, final)
    low = int(nets.min()) * rounds
    mean = float((nets * probs).sum()) * rounds
    size = 1 << max(10, int(math.ceil(math.log2(max(mean - low, 1) + 1))))
    while (bound := tail_bound(nets, probs, rounds, low + size)) > WRAP_BOUND:
        size <<= 1
    one = np.zeros(size)
    for net, p in zip(nets, probs):
        one[net - int(nets.min())] += p
    spectrum = np.fft.rfft(one) ** rounds
    dist = np.clip(np.fft.irfft(spectrum, size), 0.0, None)
    return scale, low, dist / dist.sum(), bound


def tail_bound(nets: np.ndarray, probs: np.ndarray, rounds: int, top: int) -> float:
    """At most the chance that `rounds` rounds' nets sum to `top` units or more (Chernoff:
    P(S >= top) <= E[e^(t S)] e^(-t top) for every t > 0; the best of a grid of t)."""
    best = 0.0  # log of the bound (t -> 0 gives 1)
    keep = probs > 0
    nets, logs = nets[keep].astype(float), np.log(probs[keep])
    for t in np.geomspace(1e-7, 1.0, 200):
        exponents = logs + t * nets
        peak = exponents.max()
        log_mgf = peak + math.log(np.exp(exponents - peak).sum())
        best = min(best, rounds * log_mgf - t * top)
    return math.exp(best)


def lifetime_rho(pays, final) -> float:
    """rho: the chance of ever being one bet down, for single play with a return over 1."""
    values = [(float(p), float(f)) for p, f in zip(pays, final) if f]
    lo, hi = 0.0, 1.0 - 1e-15
    # f(rho) = sum p_k rho^pay_k - rho: f(0) = P(pay 0) > 0, f(1) = 0, f'(1) = E[pay] - 1 > 0,
    # so the root below 1 is where f turns negative: bisect on its sign.
    for _ in range(200):
        mid = (lo + hi) / 2
        if sum(f * mid ** p for p, f in values) - mid > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def lifetime_bankroll(pays, final, risk: float) -> float | None:
    """The bankroll (bets) whose lifetime risk of ruin is `risk`, single play; None at or below
    a return of 1, where every bankroll is lost in the end."""
    mean = sum(Fraction(p) * Fraction(f) for p, f in zip(pays, final))
    if mean <= 1:
        return None
    return math.log(risk) / math.log(lifetime_rho(pays, final))


def session(pays, final, bankroll, rounds: int) -> Session:
    scale, low, dist, bound = result_distribution(pays, final, rounds)
    cumulative = np.cumsum(dist)
    units = np.arange(len(dist)) + low
    ahead = float(dist[units > 0].sum())
    percentiles = {q: float(units[np.searchsorted(cumulative, q / 100)]) / scale
                   for q in (5, 50, 95)}
    return Session(Fraction(bankroll), rounds, ruin_chance(pays, final, Fraction(bankroll), rounds),
                   ahead, percentiles, bound)
