"""Solve a pay table exactly: every suit class of deals, all 32 holds, as integers.

`solve_tables(table, deck, codes, fine counts)` returns a `Solution`. Everything here takes data
and returns data: `cache.py` reads and keeps the deck's tables and the solutions around it.

Expected values are integers over one common denominator:
`evs[class, mask] / (denominator * scale)` is the exact expected return of holding `mask` on the
class representative, where `denominator` is the least common multiple of the number of draws of
every hold size (7,669,695 for the 52-card deck, 8,561,520 with the joker) and `scale` clears the
pays' own denominators. A hold mask's bit i is the i-th lowest card of the sorted hand.

Equal-EV holds are broken by one rule, so that every output is deterministic: the hold with the
lower variance of its result, then the one holding more cards, then the one with the larger mask
(keeping the higher cards).
"""

import time
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import comb, lcm

import numpy as np

from . import npsolve
from .categories import Categories, categories
from .codes import card_faces, code_count, rules
from .families import ALL_SUIT_PERMUTATIONS, FAMILIES
from .jit import kernels
from .paytable import PayTable, check_return_range, largest_scaled_pay

SOLVER_VERSION = "3"  # 2: fine codes laid out from the family descriptions; 3: any deck and wild cards

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
    # The suit permutations the classes are orbits of (families.Family.suit_group): all 24
    # unless the family's wild cards or a kicker single out suits.
    suit_group: tuple[tuple[int, ...], ...] = ALL_SUIT_PERMUTATIONS

    @property
    def deals(self) -> int:
        return comb(self.n_cards, 5)

    @cached_property
    def rep_ranks(self) -> np.ndarray:
        """Colex ranks of the representatives, ascending (they are enumerated in colex order)."""
        reps = self.reps.astype(np.int64)
        return sum(self.binom[reps[:, i], i + 1] for i in range(5))


def make_deck(n_cards: int, reps: np.ndarray, sizes: np.ndarray,
              suit_group: tuple = ALL_SUIT_PERMUTATIONS) -> Deck:
    """A Deck from its suit classes (computed by `deck`, or read back from the cache)."""
    binom = np.array([[comb(n, k) for k in range(6)] for n in range(n_cards + 1)], np.int64)
    offsets = np.array([sum(comb(n_cards, j) for j in range(k)) for k in range(6)], np.int64)
    unseen = n_cards - 5
    denominator = lcm(*(comb(unseen, j) for j in range(6)))
    mask_factor = np.array([denominator // comb(unseen, 5 - POPCOUNT[m]) for m in range(32)],
                           np.int64)
    return Deck(n_cards, binom, offsets, reps, sizes, denominator, mask_factor, suit_group)


def enumerate_deck(n_cards: int, suit_group: tuple = ALL_SUIT_PERMUTATIONS) -> Deck:
    """The deck's suit classes under `suit_group`, computed by the numba kernel (`cache.deck`
    keeps them). Only the 52 ordinary cards (ids 0..51, `families.check_family`) have a suit a
    permutation moves; the cards past them are fixed."""
    _, tables = kernels()
    ids = np.arange(n_cards, dtype=np.int64)
    ranks = np.where(ids < 52, ids >> 2, -1)
    suits = np.where(ids < 52, ids & 3, -1)
    reps, sizes = tables.enumerate_classes(ranks, suits, np.array(suit_group, np.int64))
    return make_deck(n_cards, reps, sizes, suit_group)


def compute_hand_codes(family_key: str) -> np.ndarray:
    """Fine category codes of every hand (colex order), by the numba evaluator (`cache.hand_codes`
    keeps them)."""
    family = FAMILIES[family_key]
    evaluate, _ = kernels()
    return evaluate.hand_codes(rules(family), *card_faces(family))


def compute_fine_counts(family_key: str, dk: Deck, codes: np.ndarray) -> dict:
    """N(S)[fine code] for every set S of fewer than five cards, sparse (npsolve.sparse_counts),
    from the deck's tables and every hand's code: the same for every pay table of the family
    (`cache.fine_counts` keeps them, 14 MB for the natural family)."""
    _, tables = kernels()
    small, four = tables.count_tables(dk.n_cards, codes, code_count(FAMILIES[family_key]),
                                      dk.binom, dk.offsets)
    return npsolve.sparse_counts(small, four)


@dataclass(frozen=True)
class Solution:
    """An exact solution, kept compact: the per-set pay sums from which any deal's 32 EVs follow
    in 32 look-ups, and for every suit class its best EV and chosen hold."""

    table: PayTable
    cats: Categories
    deck: Deck
    set_values: np.ndarray  # (sets of < 5 cards,) int64: scaled pay summed over hands containing it
    hand_cats: np.ndarray  # (hands,) uint8: category of each five-card hand by colex rank
    best_ev: np.ndarray  # (classes,) int64: the optimal EV (CE value) * unit
    best: np.ndarray  # (classes,) int8: the chosen optimal hold
    n_best: np.ndarray  # (classes,) int8: how many holds share the best EV
    final_counts: np.ndarray  # (categories,) int64: final hands under optimal play, times denominator
    seconds: float = field(default=0.0, compare=False)

    @property
    def unit(self) -> int:
        """EVs are integers in units of 1 / unit."""
        return self.deck.denominator * self.cats.scale

    @cached_property
    def evs(self) -> np.ndarray:
        """(classes, 32) int64: every hold's EV * unit (computed on first use: 34 MB)."""
        _, tables = kernels()
        dk = self.deck
        return tables.hold_evs(dk.reps, self.set_values, self.hand_cats, self.cats.scaled_pays,
                               dk.mask_factor, dk.binom, dk.offsets, True)[0]

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

    def deal_evs(self, cards: list[int]) -> list[int]:
        """EV * unit of each hold of any deal (bit i of the index holds cards[i]): 32 look-ups."""
        dk = self.deck
        order = sorted(range(5), key=lambda i: cards[i])
        values = [0] * 32
        for mask in range(32):  # mask over the sorted cards
            held = [cards[order[i]] for i in range(5) if mask >> i & 1]
            row = sum(int(dk.binom[card, k + 1]) for k, card in enumerate(held))
            if len(held) == 5:
                values[mask] = int(self.cats.scaled_pays[self.hand_cats[row]])
            else:
                values[mask] = int(self.set_values[int(dk.offsets[len(held)]) + row])
        for bit in (1, 2, 4, 8, 16):  # inclusion-exclusion over the discards (see tables.py)
            for mask in range(32):
                if not mask & bit:
                    values[mask] -= values[mask | bit]
        out = [0] * 32
        for mask in range(32):
            sorted_mask = sum(1 << j for j in range(5) if mask >> order[j] & 1)
            out[mask] = values[sorted_mask] * int(dk.mask_factor[sorted_mask])
        return out


def solve_tables(table: PayTable, dk: Deck, codes: np.ndarray, fine: dict) -> Solution:
    """Solve `table` from the deck's tables (`cache.deck`, `cache.hand_codes`, `cache.fine_counts`
    give them, computing them once): numpy alone, so that a solve imports numba only the first
    time the tables are made."""
    start = time.perf_counter()
    cats = categories(table)
    hand_cats = cats.code_to_category[codes]
    n_cats = len(cats.keys)
    counts = npsolve.count_table(fine, cats.code_to_category, n_cats, int(dk.offsets[5]))
    pays = cats.scaled_pays
    _check_range(dk, pays)
    set_values = npsolve.set_pay_sums(counts, pays)
    _, top, n_best, best = npsolve.hold_evs(dk.reps, set_values, hand_cats, pays, dk.mask_factor,
                                            dk.binom, dk.offsets, False)
    _break_ties(dk, set_values, top, n_best, best, counts, hand_cats, pays)
    weights = dk.sizes.astype(np.int64) * dk.mask_factor[best]
    final_counts = npsolve.final_hand_counts(dk.reps, weights, best.astype(np.int64), counts,
                                             hand_cats, dk.binom, dk.offsets)
    check_return_range(table, cats.scale, sum(int(n) * int(pay) for n, pay in
                                              zip(final_counts, cats.scaled_pays)))
    return Solution(table, cats, dk, set_values, hand_cats, top, best, n_best, final_counts,
                    time.perf_counter() - start)


def _check_range(dk: Deck, pays: np.ndarray) -> None:
    """Refuse pays whose exact integer sums would not fit in int64 (paytable's load-time check
    refuses them first, with the field named)."""
    if int(pays.max()) > largest_scaled_pay(dk.n_cards):
        raise ValueError("pays too large or with too fine fractions to solve in 64-bit integers")


def _break_ties(dk, set_values, top, n_best, best, counts, hand_cats, pays) -> None:
    """Fix `best` where holds tie: lowest variance, then most cards, then largest mask.

    `best` arrives as the largest optimal mask, which is already the choice of the last rule.
    """
    tied = np.nonzero(n_best > 1)[0]
    if len(tied) == 0:
        return
    evs = npsolve.hold_evs(dk.reps[tied], set_values, hand_cats, pays, dk.mask_factor, dk.binom,
                           dk.offsets, True)[0]
    cls, masks = np.nonzero(evs == top[tied, None])
    cls = tied[cls]
    per_hold = npsolve.hold_category_counts(dk.reps[cls], masks.astype(np.int64), counts,
                                            hand_cats, dk.binom, dk.offsets)
    squares = pays.astype(object) ** 2
    if int(squares.max()) * int(dk.mask_factor.max()) * comb(dk.n_cards - 5, 5) < 2 ** 62:
        squares = squares.astype(np.int64)  # exact in int64 too, and much faster
    else:
        per_hold = per_hold.astype(object)
    # Equal means, so the lower second moment (over the common denominator) is the lower variance.
    second = (per_hold @ squares) * dk.mask_factor[masks]
    order = np.lexsort((-masks, -POPCOUNT[masks], second, cls))
    first = np.ones(len(order), bool)
    first[1:] = cls[order][1:] != cls[order][:-1]
    best[cls[order][first]] = masks[order][first]


def class_of(dk: Deck, cards: list[int]) -> tuple[int, list[int]]:
    """The suit class of a deal, and where each of its cards sits in the class representative.

    Returns (class index, position): card `cards[i]` maps to `reps[class][position[i]]`.
    """
    masks = [0, 0, 0, 0]
    for card in cards:
        if card < 52:
            masks[card & 3] |= 1 << (card >> 2)

    def image(perm):
        out = [0, 0, 0, 0]
        for suit in range(4):
            out[perm[suit]] = masks[suit]
        return out

    # The representative's masks are the largest image (tables.enumerate_classes); permutations
    # giving it map the deal onto the same representative.
    perm = max(dk.suit_group, key=image)
    mapped = [c if c >= 52 else (c & ~3) | perm[c & 3] for c in cards]
    rep = sorted(mapped)
    rank = sum(int(dk.binom[c, i + 1]) for i, c in enumerate(rep))
    ranks = dk.rep_ranks
    index = int(np.searchsorted(ranks, rank))
    if index >= len(ranks) or ranks[index] != rank:
        raise AssertionError(f"no class for {cards}")
    return index, [rep.index(c) for c in mapped]


def hand_evs(solution: Solution, cards: list[int]) -> list[Fraction]:
    """Exact EV of each of the 32 holds of `cards`; bit i of the index holds cards[i]."""
    return [solution.fraction(ev) for ev in solution.deal_evs(cards)]
