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

The build computes MULTI_SIZES only: for 50 and 100 hands the window grows with N (81,920
totals for 100-play, ten times 10-play's), and so does every FFT, so `vpcharts bankroll --hands
50` computes them when asked.
"""

import math
from dataclasses import dataclass

import numpy as np

from .moments import hold_counts

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


def distinct_hands(solution, holds, counts=None) -> tuple[np.ndarray, np.ndarray]:
    """(counts, weights): the distinct per-class final-hand counts (rows, reduced to lowest
    terms) and how many deals play each (Python-exact int64). `counts`: `hold_counts(solution,
    holds)` where the caller has them already."""
    if counts is None:
        counts = hold_counts(solution, holds)
    common = np.gcd.reduce(counts, axis=1)
    reduced = counts // common[:, None]
    rows, which = _distinct_rows(reduced)
    weights = np.zeros(len(rows), np.int64)
    np.add.at(weights, which, solution.deck.sizes.astype(np.int64))
    return rows, weights


# Odd 64-bit multipliers for a row's fingerprint (fixed: the rows' order, and so the last bits of
# the sums over them, must be the same on every run).
_FINGERPRINT = np.random.default_rng(20261127).integers(1, 2 ** 63, 64, np.uint64) | np.uint64(1)


def _distinct_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(distinct rows, which distinct row each row is), the distinct rows in fingerprint order.
    A 64-bit fingerprint per row sorts as one number where `np.unique(axis=0)` sorts whole rows
    (a tenth of the time); every row is then compared with its group's first, so rows that
    share a fingerprint without being equal fall back to the plain way."""
    prints = rows.astype(np.uint64) @ _FINGERPRINT[:rows.shape[1]]  # (wraps: a hash)
    _, first, which = np.unique(prints, return_index=True, return_inverse=True)
    distinct = rows[first]
    if not np.array_equal(distinct[which], rows):
        distinct, which = np.unique(rows, axis=0, return_inverse=True)
    return distinct, which.ravel()


def _powers(spectrum: np.ndarray, sizes) -> dict[int, np.ndarray]:
    """{n: spectrum ** n} by squaring and multiplying, each power made once (3, 5 and 10 share
    their squares): a third of the time of complex `**`."""
    made = {1: spectrum}

    def power(n):
        if n not in made:
            half = power(n // 2)
            made[n] = half * half if n % 2 == 0 else half * half * spectrum
        return made[n]

    return {n: power(n) for n in sizes}


def window(largest_scaled_pay: int, sizes=MULTI_SIZES) -> int:
    """The FFT's length: every total of the largest round (its hands times the largest pay, in
    units of 1/scale bet) fits, so that none wraps round. The shortest 2^a * 5^b that does (as
    fast an FFT a point as a power of two: 40,960 for a six-coin game's 40,001 totals, in
    sixths, where the next power of two, 65,536, took about twice as long)."""
    need = max(sizes) * largest_scaled_pay + 1
    best, five = 1 << math.ceil(math.log2(need)), 5
    while five < best:  # (5^b times the least power of two that reaches `need`)
        best = min(best, five << max(0, math.ceil(math.log2(need / five))))
        five *= 5
    return best


def round_results(solution, holds, sizes=MULTI_SIZES, counts=None) -> dict[int, RoundResult]:
    """{hands: RoundResult} of playing `holds` (a mask per suit class) on `solution`'s pays
    (`counts`: `hold_counts(solution, holds)` where the caller has them already)."""
    rows, weights = distinct_hands(solution, holds, counts)
    pays = np.asarray(solution.cats.scaled_pays, np.int64)
    scale = int(solution.cats.scale)
    size = window(int(pays.max()), sizes)
    share = weights / weights.sum()
    spectra = {n: np.zeros(size // 2 + 1, complex) for n in sizes}
    # Rows at a time: 512 KB of floats, which stay in the processor's cache (at 16 MB a block,
    # faulting the temporaries in took as long as the sums).
    step = max(8, min(256, (1 << 16) // size))
    for start in range(0, len(rows), step):
        block_rows = rows[start:start + step]
        block = np.zeros((len(block_rows), size))
        probs = block_rows / block_rows.sum(axis=1, keepdims=True)
        for line, pay in enumerate(pays):
            block[:, pay] += probs[:, line]
        spectrum = np.fft.rfft(block, axis=1)
        for n, power in _powers(spectrum, sizes).items():
            # (einsum's own loop, not `@`: BLAS's threads change the order of the additions,
            # and so the last bits, and the site must be the same bytes on every machine;
            # and half the time of multiplying, then summing)
            spectra[n] += np.einsum("r,rt->t", share[start:start + step], power)
    out = {}
    for n in sizes:
        dist = np.clip(np.fft.irfft(spectra[n], size), 0.0, None)
        kept = np.flatnonzero(dist >= CUTOFF)
        out[n] = RoundResult(n, scale, kept.astype(np.int64), dist[kept],
                             float(dist.sum() - dist[kept].sum()))
    return out
