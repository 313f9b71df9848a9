"""The game itself, simulated: the check that the solver's return is the machine's.

Deals are dealt at random, held by the computed policy at the total showing, each line draws
from its own deck, and the multipliers are carried from deal to deal: nothing of the solver's
reduction (the total as the state, suit classes, distinct distributions) is used but the policy
table itself. The deals are not independent (the multipliers carry over), so the standard error
is taken from batch means: 100 batches of consecutive deals, each far longer than the few deals
over which a multiplier's effect lasts.

In: a `Solved` game. Out: `Simulated`: the return per coin bet and its standard error.
"""

from dataclasses import dataclass

import numpy as np

from ..solve.cache import hand_codes
from ..solve.categories import categories
from .mdp import Solved

BATCHES = 100


@dataclass(frozen=True)
class Simulated:
    deals: int
    expected_return: float
    standard_error: float


def simulate(solved: Solved, game, deals: int, seed: int = 1) -> Simulated:
    from . import kernels  # (lazy: numba)

    m = solved.model
    dk = m.arrays.deck
    cats = categories(game.table)
    hand_cats = cats.code_to_category[hand_codes(game.table.family.key)].astype(np.int64)
    totals = kernels.simulate(deals, m.lines, dk.n_cards, seed, dk.binom, dk.rep_ranks,
                              solved.policy, m.totals, hand_cats, cats.scaled_pays,
                              m.arrays.category_multiplier, BATCHES)
    per_deal = totals / (deals // BATCHES) / cats.scale / m.bet
    return Simulated(deals // BATCHES * BATCHES, float(per_deal.mean()),
                     float(per_deal.std(ddof=1) / np.sqrt(BATCHES)))
