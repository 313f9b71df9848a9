"""Exact returns of the Ultimate X policies that do not look at the multipliers.

A policy that plays each deal the same whatever the multipliers showing makes every line's
multiplier on a deal independent of that deal's cards: it was set by the line's previous final
hand. So a line pays E[multiplier] * E[win] a deal, both taken over the policy's final hands, and
the return per coin bet (10 coins a line, pays per 5) is

    E[multiplier] * E[win] / 2,

exactly, as fractions: the base game's strategy, the single strategy and the base game's card
are such policies. (The optimal policy looks at the total and has no such product: `mdp.py`.)

The single strategy is Wizard of Odds' (its Ultimate X pages): value each final hand at
2 x its pay + its multiplier - 1, and play that as an ordinary pay table. Its exact strategy
and card come from the strategy stage like any pay table's (`game.single_table`).
"""

from fractions import Fraction

import numpy as np

from ..solve import npsolve
from ..solve.categories import categories
from ..solve.paytable import PayTable
from ..solve.cache import family_deck, fine_counts, hand_codes
from .game import BET_FACTOR, UltimateX


def final_counts(table: PayTable, held: np.ndarray) -> np.ndarray:
    """Final hands of each category of `table` (its pay lines, then nothing) when every suit
    class plays `held[class]`, times the draws' common denominator: the solver's tally."""
    cats = categories(table)
    dk = family_deck(table.family.key)
    hand_cats = cats.code_to_category[hand_codes(table.family.key)]
    counts = npsolve.count_table(fine_counts(table.family.key), cats.code_to_category,
                                 len(cats.keys), int(dk.offsets[5]))
    held = np.asarray(held, np.int64)
    weights = dk.sizes.astype(np.int64) * dk.mask_factor[held]
    return npsolve.final_hand_counts(dk.reps, weights, held, counts, hand_cats, dk.binom,
                                     dk.offsets)


def fixed_return(game: UltimateX, held: np.ndarray) -> Fraction:
    """The exact return per coin bet of playing `held[class]` whatever the multipliers."""
    cats = categories(game.table)
    counts = [int(n) for n in final_counts(game.table, held)]
    total = sum(counts)
    win = sum(Fraction(n) * pay for n, pay in zip(counts, cats.pays)) / total
    multiplier = Fraction(sum(n * game.multiplier(key) for n, key in zip(counts, cats.keys)),
                          total)
    return win * multiplier / BET_FACTOR


def multiplier_shares(game: UltimateX, held: np.ndarray) -> dict[int, Fraction]:
    """The exact share of deals on which a line carries each multiplier, under a fixed policy."""
    cats = categories(game.table)
    counts = [int(n) for n in final_counts(game.table, held)]
    total = sum(counts)
    out: dict[int, Fraction] = {}
    for n, key in zip(counts, cats.keys):
        m = game.multiplier(key)
        out[m] = out.get(m, Fraction(0)) + Fraction(n, total)
    return dict(sorted(out.items()))
