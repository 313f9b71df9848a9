"""The result of one multi-play round: a level's holds in, the distribution of a round's total pay
out, for the round sizes the session calculator plays (3, 5 and 10 hands).

The N hands of a round share the deal and the hold and draw independently, so given the suit
class c the round's total pay is the sum of N independent draws from that class's final-hand
distribution q_c, and the round's distribution is

    sum over classes of P(c) * q_c^(*N)      (the N-fold convolution)

Classes with the same q_c (1,279 distinct ones for 9/6 Jacks or Better's exact level, 11,246
for Full Pay Deuces) are summed first, and the N-fold convolutions are one FFT per distinct q_c:
sum_c P(c) * fft(q_c)^N, then one inverse FFT. The window holds every total (N times the
largest pay), so nothing wraps; the counts behind q_c are exact, the FFT is double precision
(each chance within about 1e-16 of the exact one; the tests compare 3-play with an exact
integer convolution). Chances under CUTOFF are left out, their sum kept as `dropped`.

The build computes MULTI_SIZES only: for 50 and 100 hands the window grows with N (2^17 totals
for 100-play), and one FFT per distinct q_c then takes 14 s for 9/6 Jacks or Better and 140 s
for Full Pay Deuces a level, so `vpcharts bankroll --hands 50` computes them when asked.
"""

import math
from dataclasses import dataclass

import numpy as np

MULTI_SIZES = (3, 5, 10)  # hands a round whose distribution is computed (1: the final hands)
CUTOFF = 1e-15            # a total less likely than this is left out (and counted in `dropped`)


@dataclass(frozen=True)
class RoundResult:
    """One round of `hands` hands: its total pays (units of 1/scale bet) and their chances."""

    hands: int
    scale: int
    totals: np.ndarray   # int64, ascending: the round's total pay
    chances: np.ndarray  # float64: the chance of each total
    dropped: float       # the summed chances of the totals left out (each under CUTOFF)


def distinct_hands(solution, holds) -> tuple[np.ndarray, np.ndarray]:
    """(counts, weights): the distinct per-class final-hand counts (rows, reduced to lowest
    terms) and how many deals play each (Python-exact int64)."""
    from .moments import hold_counts

    counts = hold_counts(solution, holds)
    common = np.gcd.reduce(counts, axis=1)
    reduced = counts // common[:, None]
    rows, which = np.unique(reduced, axis=0, return_inverse=True)
    weights = np.zeros(len(rows), np.int64)
    np.add.at(weights, which.ravel(), solution.deck.sizes.astype(np.int64))
    return rows, weights


def round_results(solution, holds, sizes=MULTI_SIZES) -> dict[int, RoundResult]:
    """{hands: RoundResult} of playing `holds` (a mask per suit class) on `solution`'s pays."""
    rows, weights = distinct_hands(solution, holds)
    pays = np.asarray(solution.cats.scaled_pays, np.int64)
    scale = int(solution.cats.scale)
    size = 1 << math.ceil(math.log2(max(sizes) * int(pays.max()) + 1))
    share = weights / weights.sum()
    spectra = {n: np.zeros(size // 2 + 1, complex) for n in sizes}
    step = max(8, min(256, (1 << 21) // size))  # (rows at a time: at most 16 MB of floats)
    for start in range(0, len(rows), step):
        block_rows = rows[start:start + step]
        block = np.zeros((len(block_rows), size))
        probs = block_rows / block_rows.sum(axis=1, keepdims=True)
        for line, pay in enumerate(pays):
            block[:, pay] += probs[:, line]
        spectrum = np.fft.rfft(block, axis=1)
        for n in sizes:
            # (numpy's own sum, not `@`: BLAS's threads change the order of the additions,
            # and so the last bits, and the site must be the same bytes on every machine)
            spectra[n] += (share[start:start + step, None] * spectrum ** n).sum(axis=0)
    out = {}
    for n in sizes:
        dist = np.clip(np.fft.irfft(spectra[n], size), 0.0, None)
        kept = np.flatnonzero(dist >= CUTOFF)
        out[n] = RoundResult(n, scale, kept.astype(np.int64), dist[kept],
                             float(dist.sum() - dist[kept].sum()))
    return out
