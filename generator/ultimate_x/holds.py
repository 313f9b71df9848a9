"""Every hold of every suit class of an Ultimate X game's base pay table: what it pays now and
which multiplier its final hand earns, as integers.

In: an `UltimateX` game. Out: `HoldArrays`: per (class, hold) the EV of the pay (integers over
`unit`, the base solver's) and how many of its draws end on each multiplier (integers over the
draws' common denominator). Both come from the base solver's inclusion-exclusion over the deal's
subsets, once with the pays and once per multiplier with a pay of 1 on the hands earning it.
"""

from dataclasses import dataclass

import numpy as np

from ..solve import npsolve
from ..solve.categories import categories
from ..solve.cache import family_deck, fine_counts, hand_codes
from ..solve.solver import Deck
from .game import UltimateX


@dataclass(frozen=True)
class HoldArrays:
    deck: Deck
    unit: int  # win / unit is a hold's EV of the pay, per coin of the 5-coin bet
    win: np.ndarray  # (classes, 32) int64
    # (classes, 32, len(values)) int32: per multiplier, draws * (denominator / the hold's draws)
    counts: np.ndarray
    values: tuple[int, ...]  # the multipliers, 1 first
    category_multiplier: np.ndarray  # (categories,) int64: the multiplier of each final hand

    @property
    def denominator(self) -> int:
        return self.deck.denominator

    @property
    def weights(self) -> np.ndarray:
        """Each class's share of the deals."""
        return self.deck.sizes / self.deck.deals


def category_multipliers(game: UltimateX) -> np.ndarray:
    """The multiplier of each of the base table's categories (its pay lines, then nothing)."""
    cats = categories(game.table)
    return np.array([game.multiplier(key) for key in cats.keys], np.int64)


def hold_arrays(game: UltimateX) -> HoldArrays:
    table = game.table
    cats = categories(table)
    dk = family_deck(table.family.key)
    hand_cats = cats.code_to_category[hand_codes(table.family.key)]
    counts = npsolve.count_table(fine_counts(table.family.key), cats.code_to_category,
                                 len(cats.keys), int(dk.offsets[5]))

    def evs(pays: np.ndarray) -> np.ndarray:
        set_values = npsolve.set_pay_sums(counts, pays)
        return npsolve.hold_evs(dk.reps, set_values, hand_cats, pays, dk.mask_factor, dk.binom,
                                dk.offsets, True)[0]

    per_category = category_multipliers(game)
    values = game.values
    win = evs(cats.scaled_pays)
    by_value = np.empty(win.shape + (len(values),), np.int32)
    for i, value in enumerate(values):
        by_value[:, :, i] = evs((per_category == value).astype(np.int64))
    return HoldArrays(dk, dk.denominator * cats.scale, win, by_value, values, per_category)
