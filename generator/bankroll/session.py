"""A session of rounds: the chance of losing the bankroll, the result's spread, and for a game
over 100% the bankroll a lifetime needs.

In: one round's result distribution: for single play one hand's (`Moments.final` and `pays`:
each pay line's probability; a round costs one bet and pays the line's pay), for N-play a
`rounds.RoundResult` (a round costs N bets and pays its total); a bankroll and a number of
rounds. Out: `Session`.

- Ruin (the bankroll falls under a round's cost before the session ends, or at its last round)
  is computed by dynamic programming over the bankroll in units of 1/scale bet. A bankroll of
  more than a round's cost per round still to play cannot be lost, so those states leave the
  table; so do
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


@dataclass(frozen=True)
class Walk:
    """One round's net result: nets in units of 1/scale bet (pay minus the round's cost) and
    their chances. `cost` (units) is what a round stakes: one bet a hand."""

    scale: int
    nets: np.ndarray    # int64
    probs: np.ndarray   # float64
    cost: int


def hand_walk(pays, final) -> Walk:
    """Single play: one hand's pays (bets) and the chance of each."""
    scale = math.lcm(*(Fraction(p).denominator for p in pays))
    nets = np.array([int((Fraction(p) - 1) * scale) for p in pays], np.int64)
    return Walk(scale, nets, np.array([float(f) for f in final]), scale)


def round_walk(result) -> Walk:
    """N-play: a `rounds.RoundResult` (the round's total pays and their chances)."""
    cost = result.hands * result.scale
    return Walk(result.scale, np.asarray(result.totals, np.int64) - cost,
                np.asarray(result.chances, float), cost)


def _log_mgf(nets: np.ndarray, logs: np.ndarray, t: float) -> float:
    exponents = logs + t * nets
    peak = exponents.max()
    return peak + math.log(np.exp(exponents - peak).sum())


def _grid(walk: Walk) -> tuple[np.ndarray, np.ndarray]:
    keep = walk.probs > 0
    return walk.nets[keep].astype(float), np.log(walk.probs[keep])


def descent_bound(walk: Walk, rounds: int, depth: int) -> float:
    """At most the chance that the walk of `rounds` rounds' nets ever goes `depth` units below
    its start: for t > 0, exp(-t S_n) / phi(-t)^n is a martingale, so by Doob's maximal
    inequality the chance is at most max(1, phi(-t))^rounds e^(-t depth); the best of a grid."""
    nets, logs = _grid(walk)
    best = 0.0
    for t in np.geomspace(1e-7, 1.0, 200):
        best = min(best, rounds * max(0.0, _log_mgf(-nets, logs, t)) - t * depth)
    return math.exp(best)


def safe_level(walk: Walk, rounds: int) -> int:
    """The least bankroll (units) from which the walk loses it all within `rounds` rounds with a
    chance under RUIN_BOUND (`descent_bound`)."""
    lo, hi = 0, (rounds + 1) * walk.cost
    while lo < hi:
        mid = (lo + hi) // 2
        if descent_bound(walk, rounds, mid - walk.cost + 1) <= RUIN_BOUND:
            hi = mid
        else:
            lo = mid + 1
    return lo


# A walk with more steps than this is convolved by FFT each round (multi-play: a round has up
# to a few thousand totals); fewer, step by step (single play: 9 to 16 pay lines).
FFT_STEPS = 64


def ruin_chance(walk: Walk, bankroll: Fraction, rounds: int) -> float:
    """The chance that a bankroll of `bankroll` bets cannot pay a round before `rounds` rounds
    are played (or is lost at the last)."""
    cost, nets, probs = walk.cost, walk.nets, walk.probs
    start = int(Fraction(bankroll) * walk.scale)
    if start < cost:
        return 1.0
    # State b (units): the bankroll; under a round's cost (b < cost) is ruin, counted after the
    # last round too (the session ends with the bankroll lost). With r rounds left, a bankroll
    # of b >= (r + 1) * cost keeps a round's cost whatever happens: safe, so left out; so are
    # the bankrolls at or over `safe_level` (their ruin is under RUIN_BOUND: dropped).
    cap = min(start + int(nets.max()) * rounds, (rounds + 1) * cost)
    if start >= cap:
        return 0.0
    safe = max(safe_level(walk, rounds), start + 1)
    top = min(cap, safe)  # states at or over `top` are never played from: not kept
    now = np.zeros(top + 1)
    now[start] = 1.0
    kept = probs > 0
    steps, chances = nets[kept], probs[kept]
    if len(steps) > FFT_STEPS:
        low = int(steps.min())
        span = min(int(steps.max()), top) - low  # (a step past `top` lands in a safe state)
        size = 1 << math.ceil(math.log2(top + 1 + span + 1))
        kernel = np.zeros(size)
        inside = steps - low <= span
        np.add.at(kernel, steps[inside] - low, chances[inside])
        kernel_spectrum = np.fft.rfft(kernel)
    ruined = 0.0
    for done in range(rounds):
        left = rounds - done  # rounds left, this one included
        limit = min(top, (left + 1) * cost)  # states at or above are safe: dropped
        active = now[cost:limit]  # the states that can still play and still be ruined
        nxt = np.zeros(top + 1)
        if len(steps) > FFT_STEPS:
            # nxt[cost + i + j + low] += active[i] * kernel[j]
            spread = np.fft.irfft(np.fft.rfft(active, size) * kernel_spectrum, size)
            first = cost + low  # the state of spread[0]
            lo, hi = max(first, 0), min(first + len(active) + span, top + 1)
            if hi > lo:
                nxt[lo:hi] = np.clip(spread[lo - first:hi - first], 0.0, None)
        else:
            for net, p in zip(steps, chances):
                lo = cost + net
                end = min(lo + len(active), top + 1)
                if end > lo:
                    nxt[max(lo, 0):end] += p * active[max(0, -lo):end - lo]
        ruined += nxt[:cost].sum()
        nxt[:cost] = 0.0
        now = nxt
    return float(ruined)


def result_distribution(walk: Walk, rounds: int) -> tuple[int, np.ndarray, float]:
    """(lowest result in units, probabilities of each unit from it, wrap bound) of the sum of
    `rounds` rounds' nets."""
    nets, probs = walk.nets, walk.probs
    low = int(nets.min()) * rounds
    mean = float((nets * probs).sum()) * rounds
    size = 1 << max(10, int(math.ceil(math.log2(max(mean - low, 1) + 1))))
    while (bound := tail_bound(walk, rounds, low + size)) > WRAP_BOUND:
        size <<= 1
    one = np.zeros(size)
    np.add.at(one, (nets - int(nets.min())) % size, probs)
    spectrum = np.fft.rfft(one) ** rounds
    dist = np.clip(np.fft.irfft(spectrum, size), 0.0, None)
    return low, dist / dist.sum(), bound


def tail_bound(walk: Walk, rounds: int, top: int) -> float:
    """At most the chance that `rounds` rounds' nets sum to `top` units or more (Chernoff:
    P(S >= top) <= E[e^(t S)] e^(-t top) for every t > 0; the best of a grid of t)."""
    nets, logs = _grid(walk)
    best = 0.0  # log of the bound (t -> 0 gives 1)
    for t in np.geomspace(1e-7, 1.0, 200):
        best = min(best, rounds * _log_mgf(nets, logs, t) - t * top)
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


def adjustment(walk: Walk) -> float:
    """R > 0 (per unit) with E[e^(-R X)] = 1 for a round's net X, when E[X] > 0 (Lundberg's
    adjustment coefficient): e^(-R S_n) is then a martingale. For single play e^(-R) per bet is
    `lifetime_rho`."""
    nets, logs = _grid(walk)
    hi = 1e-9
    while _log_mgf(-nets, logs, hi) <= 0:  # (log E[e^(-R X)] falls below 0, then rises for good)
        hi *= 2
    lo = 0.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if _log_mgf(-nets, logs, mid) > 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


def lifetime_bankrolls(walk: Walk, risk: float) -> tuple[float, float] | None:
    """(below, enough) in bets for a lifetime risk of ruin of `risk` (the bankroll falling under
    a round's stake some day), any number of hands a round: the exact bankroll is at least
    `below` and at most `enough`, which is `below` plus one round's stake. None when a round
    does not win on average.

    Why: let tau be the first round after which the bankroll B + S_n (units) is under the stake
    c. Optional stopping of the martingale e^(-R S_n) (which tends to 0 where tau never comes)
    gives P(tau < inf) = 1 / E[e^(-R S_tau) | tau < inf]. At tau, S_tau < c - B, and the round
    before left S >= c - B and a round loses at most c, so S_tau >= -B: the risk lies between
    e^(-R B) and e^(-R (B - c)) (Lundberg's inequality, with the undershoot bounded).
    """
    if float((walk.nets * walk.probs).sum()) <= 0:
        return None
    below = math.log(1 / risk) / adjustment(walk)
    return below / walk.scale, (below + walk.cost) / walk.scale


def session(walk: Walk, bankroll, rounds: int) -> Session:
    low, dist, bound = result_distribution(walk, rounds)
    cumulative = np.cumsum(dist)
    units = np.arange(len(dist)) + low
    ahead = float(dist[units > 0].sum())
    percentiles = {q: float(units[np.searchsorted(cumulative, q / 100)]) / walk.scale
                   for q in (5, 50, 95)}
    return Session(Fraction(bankroll), rounds, ruin_chance(walk, Fraction(bankroll), rounds),
                   ahead, percentiles, bound)
