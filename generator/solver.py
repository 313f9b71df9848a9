"""Solve a pay table exactly: every suit class of deals, all 32 holds, as integers.

`solve(table)` returns a `Solution`. Expected values are integers over one common denominator:
`evs[class, mask] / (denominator * scale)` is the exact expected return of holding `mask` on the
class representative, where `denominator` is the least common multiple of the number of draws of
every hold size (7,669,695 for the 52-card deck, 8,561,520 with the joker) and `scale` clears the
pays' own denominators. A hold mask's bit i is the i-th lowest card of the sorted hand.

Equal-EV holds are broken by one rule, so that every output is deterministic: the hold with the
lower variance of its result, then the one holding more cards, then the one with the larger mask
(keeping the higher cards).
"""

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, cached_property
from math import comb, lcm

import numpy as np

from .categories import Categories, categories
from .paytable import PayTable

SOLVER_VERSION = "1"

POPCOUNT = np.array([bin(m).count("1") for m in range(32)], np.int64)


@dataclass(frozen=True)
class Deck:
    """Everything about an n-card deck that does not depend on the pays."""

    n_cards: int
    binom: np.ndarray  # C(n, k), n <= n_cards, k <= 5
    offsets: np.ndarray  # first table row of the k-card sets, k = 0..5
    reps: np.ndarray  # (classes, 5) int8: sorted representative of each suit class
    sizes: np.ndarray  # (classes,) int32: deals in the class
    denominator: int  # lcm of the draw counts C(n - 5, j), j = 0..5
    mask_factor: np.ndarray  # (32,) int64: denominator / draws of a hold of that mask

    @property
    def deals(self) -> int:
        return comb(self.n_cards, 5)


@cache
def deck(n_cards: int) -> Deck:
    from . import tables

    binom = tables.binomials(n_cards)
    offsets = np.zeros(6, np.int64)
    for k in range(1, 6):
        offsets[k] = offsets[k - 1] + comb(n_cards, k - 1)
    reps, sizes = tables.enumerate_classes(n_cards)
    unseen = n_cards - 5
    denominator = lcm(*(comb(unseen, j) for j in range(6)))
    mask_factor = np.array([denominator // comb(unseen, 5 - POPCOUNT[m]) for m in range(32)],
                           np.int64)
    return Deck(n_cards, binom, offsets, reps, sizes, denominator, mask_factor)


@cache
def hand_codes(n_cards: int, family_id: int) -> np.ndarray:
    from .evaluate import hand_codes as kernel

    return kernel(n_cards, family_id)


@dataclass(frozen=True)
class Solution:
    table: PayTable
    cats: Categories
    deck: Deck
    evs: np.ndarray  # (classes, 32) int64: EV * denominator * scale
    best: np.ndarray  # (classes,) int8: the chosen optimal hold
    n_best: np.ndarray  # (classes,) int8: how many holds share the best EV
    final_counts: np.ndarray  # (categories,) int64: final hands under optimal play, times denominator
    seconds: float = field(default=0.0, compare=False)

    @property
    def unit(self) -> int:
        """EVs are integers in units of 1 / unit."""
        return self.deck.denominator * self.cats.scale

    @cached_property
    def best_ev(self) -> np.ndarray:
        return self.evs[np.arange(len(self.best)), self.best]

    @cached_property
    def total_combinations(self) -> int:
        return self.deck.deals * self.deck.denominator

    @cached_property
    def expected_return(self) -> Fraction:
        paid = sum(int(n) * pay for n, pay in zip(self.final_counts, self.cats.pays))
        return Fraction(paid) / self.total_combinations

    @cached_property
    def variance(self) -> Fraction:
        second = sum(int(n) * pay * pay for n, pay in zip(self.final_counts, self.cats.pays))
        return Fraction(second) / self.total_combinations - self.expected_return ** 2

    @cached_property
    def ce_values(self) -> np.ndarray:
        """The distinct optimal EVs (CE values, as integers over `unit`), largest first."""
        return np.unique(self.best_ev)[::-1]

    @cached_property
    def ce_values_holding(self) -> np.ndarray:
        """The distinct optimal EVs of the classes whose chosen hold keeps at least one card."""
        return np.unique(self.best_ev[self.best != 0])[::-1]

    @cached_property
    def tied_deals(self) -> int:
        """Deals with more than one optimal hold."""
        return int(self.deck.sizes[self.n_best > 1].sum())

    def fraction(self, ev: int) -> Fraction:
        return Fraction(int(ev), self.unit)


def solve_uncached(table: PayTable) -> Solution:
    """Solve `table` from scratch (the numba kernels compile once, then load from their cache)."""
    import time

    from . import tables
    from .evaluate import FAMILY_IDS

    start = time.perf_counter()
    cats = categories(table)
    dk = deck(table.deck_size)
    hand_cats = cats.code_to_category[hand_codes(table.deck_size, FAMILY_IDS[table.family.key])]
    n_cats = len(cats.keys)
    counts = tables.count_tables(dk.n_cards, hand_cats, n_cats, dk.binom, dk.offsets)
    pays = cats.scaled_pays
    _check_range(dk, pays)
    set_values = counts.astype(np.int64) @ pays
    hand_values = pays[hand_cats]
    evs = tables.hold_totals(dk.reps, set_values, hand_values, dk.binom, dk.offsets)
    evs *= dk.mask_factor

    top = evs.max(axis=1)
    optimal = evs == top[:, None]
    n_best = optimal.sum(axis=1).astype(np.int8)
    best = _break_ties(dk, optimal, n_best, counts, hand_cats, pays)

    per_class = tables.hold_category_counts(dk.reps, best.astype(np.int64), counts, hand_cats,
                                            dk.binom, dk.offsets)
    weights = dk.sizes.astype(np.int64) * dk.mask_factor[best]
    final_counts = (per_class * weights[:, None]).sum(axis=0)
    return Solution(table, cats, dk, evs, best, n_best, final_counts,
                    time.perf_counter() - start)


def _check_range(dk: Deck, pays: np.ndarray) -> None:
    """Refuse pays whose exact integer sums would not fit in int64 (absurd denominators)."""
    largest = int(pays.max()) * comb(dk.n_cards, 5) * int(dk.mask_factor.max())
    if largest >= 2 ** 62:
        raise ValueError("pays too large or with too fine fractions to solve in 64-bit integers")


def _break_ties(dk, optimal, n_best, counts, hand_cats, pays) -> np.ndarray:
    """The chosen optimal hold of each class: lowest variance, most cards, then largest mask."""
    from . import tables

    # Among equal masks argmax takes the first, so search masks from 31 down: larger mask wins.
    best = (31 - np.argmax(optimal[:, ::-1], axis=1)).astype(np.int8)
    tied = np.nonzero(n_best > 1)[0]
    if len(tied) == 0:
        return best
    cls, masks = np.nonzero(optimal[tied])
    cls = tied[cls]
    per_hold = tables.hold_category_counts(dk.reps[cls], masks.astype(np.int64), counts,
                                           hand_cats, dk.binom, dk.offsets)
    squares = [int(p) * int(p) for p in pays]
    chosen: dict[int, tuple] = {}
    for row, (c, m) in enumerate(zip(cls.tolist(), masks.tolist())):
        # Equal means, so the lower second moment (over the common denominator) is the lower variance.
        second = sum(int(n) * s for n, s in zip(per_hold[row], squares)) * int(dk.mask_factor[m])
        key = (second, -int(POPCOUNT[m]), -m)
        if c not in chosen or key < chosen[c]:
            chosen[c] = key
    for c, key in chosen.items():
        best[c] = -key[2]
    return best


def class_of(dk: Deck, cards: list[int]) -> tuple[int, list[int]]:
    """The suit class of a deal, and where each of its cards sits in the class representative.

    Returns (class index, position): card `cards[i]` maps to `reps[class][position[i]]`.
    """
    masks = [0, 0, 0, 0]
    for card in cards:
        if card < 52:
            masks[card & 3] |= 1 << (card >> 2)
    # New suit order: masks from largest to smallest (ties in any order: they map onto themselves).
    order = sorted(range(4), key=lambda s: -masks[s])
    new_suit = {old: new for new, old in enumerate(order)}
    mapped = [c if c == 52 else (c & ~3) | new_suit[c & 3] for c in cards]
    rep = sorted(mapped)
    rank = sum(int(dk.binom[c, i + 1]) for i, c in enumerate(rep))
    ranks = _rep_ranks(dk.n_cards)
    index = int(np.searchsorted(ranks, rank))
    if index >= len(ranks) or ranks[index] != rank:
        raise AssertionError(f"no class for {cards}")
    return index, [rep.index(c) for c in mapped]


@cache
def _rep_ranks(n_cards: int) -> np.ndarray:
    dk = deck(n_cards)
    reps = dk.reps.astype(np.int64)
    return sum(dk.binom[reps[:, i], i + 1] for i in range(5))


def hand_evs(solution: Solution, cards: list[int]) -> list[Fraction]:
    """Exact EV of each of the 32 holds of `cards`; bit i of the index holds cards[i]."""
    index, position = class_of(solution.deck, cards)
    row = solution.evs[index]
    out = []
    for mask in range(32):
        rep_mask = sum(1 << position[i] for i in range(5) if mask >> i & 1)
        out.append(solution.fraction(row[rep_mask]))
    return out
