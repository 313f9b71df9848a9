"""Exact per-hand moments of a level, split so that multi-play variance follows.

In N-play, the N hands of a round share the deal and the hold and draw independently. With X
one hand's return (in bets) and D the deal, the law of total variance gives

    Var(one hand)      = within + between,   within = E[Var(X | D)],  between = Var(E[X | D])
    Var(round of N)    = N * within + N^2 * between

(the N draws are independent given D, so their variances add; their common mean E[X | D] moves
them together). Everything is exact: for each suit class, the hold's draws ending in each pay
line are counted (`npsolve.hold_category_counts`, integers), and the sums over classes are
Python integers over the solver's common denominator.
"""

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..solve import npsolve
from ..solve.cache import fine_counts

ROUND_SIZES = (1, 3, 5, 10, 50, 100)  # the hands a round that machines offer


@dataclass(frozen=True)
class Moments:
    """One level of one pay table: moments of one hand's return, in units of the bet."""

    mean: Fraction     # the return per hand (1 is break-even)
    within: Fraction   # E over deals of the variance of one hand's return given the deal
    between: Fraction  # the variance over deals of the expected return given the deal
    labels: tuple[str, ...]         # the pay lines, then "Nothing"
    pays: tuple[Fraction, ...]      # each line's pay, in bets
    final: tuple[Fraction, ...]     # the probability that one hand ends in each line

    @property
    def variance(self) -> Fraction:
        """The variance of one hand (single play): what `vpcharts solve` prints for the exact level."""
        return self.within + self.between

    def round_variance(self, hands: int) -> Fraction:
        """The variance of a round of `hands` hands on one deal (one bet each), in bets squared."""
        return hands * self.within + hands * hands * self.between


def hold_counts(solution, holds: np.ndarray) -> np.ndarray:
    """(classes, lines) int64: how many of each class's draws, holding `holds[class]` (a mask over
    the sorted representative), end in each pay line."""
    dk, cats = solution.deck, solution.cats
    table = npsolve.count_table(fine_counts(solution.table.family.key), cats.code_to_category,
                                len(cats.keys), int(dk.offsets[5]))
    return npsolve.hold_category_counts(dk.reps, np.asarray(holds, np.int64), table,
                                        solution.hand_cats, dk.binom, dk.offsets)


def class_values(solution, holds: np.ndarray, counts: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(first, second, counts) per suit class, exact (Python integers): one hand's expected
    return given the class is first / (D s) and its second moment second / (D s^2), with D the
    solver's common denominator and s the pays' scale; counts are `hold_counts` (computed
    here unless given)."""
    dk, cats = solution.deck, solution.cats
    if counts is None:
        counts = hold_counts(solution, holds)
    pays = cats.scaled_pays
    # counts * factor is at most D per line (a line's draws times D / draws), so first is at most
    # D * the largest scaled pay and second D * its square: int64 holds both for the pays the
    # solver accepts up to about 1.1e6 scaled; past that, Python integers.
    factor = dk.mask_factor[np.asarray(holds, np.int64)]
    if int(pays.max()) ** 2 * dk.denominator < 2 ** 62:
        first = (counts @ pays) * factor
        second = (counts @ (pays * pays)) * factor
        return first.astype(object), second.astype(object), counts
    big = counts.astype(object)
    return ((big @ pays.astype(object)) * factor.astype(object),
            (big @ (pays.astype(object) ** 2)) * factor.astype(object), counts)


def moments(solution, holds: np.ndarray, counts: np.ndarray | None = None) -> Moments:
    """The exact Moments of playing `holds` (one mask per suit class) on `solution`'s pay table
    (`counts`: `hold_counts(solution, holds)` where the caller has them already)."""
    dk, cats = solution.deck, solution.cats
    first, second, counts = class_values(solution, holds, counts)
    sizes = dk.sizes.astype(object)
    factor = dk.mask_factor[np.asarray(holds, np.int64)].astype(object)
    deals, denominator, scale = dk.deals, dk.denominator, cats.scale
    mean = Fraction(int((sizes * first).sum()), deals * denominator * scale)
    square_mean = Fraction(int((sizes * second).sum()), deals * denominator * scale * scale)
    mean_square = Fraction(int((sizes * first * first).sum()),
                           deals * (denominator * scale) ** 2)
    lines = counts.astype(object) * (sizes * factor)[:, None]
    final = tuple(Fraction(int(n), deals * denominator) for n in lines.sum(axis=0))
    return Moments(mean, square_mean - mean_square, mean_square - mean * mean,
                   tuple(cats.labels), tuple(cats.pays), final)
