"""Hand evaluation for the numba kernels: a five-card hand -> a family's fine category code.

A fine code is everything any pay table of the family can pay on: the category, and for natural
quads the rank of the quads and the kicker, for pairs the rank of the pair. `categories.py` maps
fine codes to one pay table's pay lines. Codes are the same across pay tables, so these kernels
never change with the pays.

Cards are sorted ascending, so ranks come out ascending, deuces (rank 0) come first and the joker
(card 52) comes last.
"""

import numpy as np
from numba import njit

from .codes import (  # noqa: F401 (re-exported: the codes are part of this module's API)
    NATURAL, DEUCES, JOKER_FAMILY, FAMILY_IDS, N_ROYAL, N_SF, N_QUADS, N_FULL_HOUSE, N_FLUSH,
    N_STRAIGHT, N_TRIPS, N_TWO_PAIR, N_PAIR, N_NOTHING, N_CODES, D_NATURAL_ROYAL, D_FOUR_DEUCES,
    D_WILD_ROYAL, D_FIVE_KIND, D_SF, D_QUADS, D_FULL_HOUSE, D_FLUSH, D_STRAIGHT, D_TRIPS,
    D_NOTHING, D_CODES, J_NATURAL_ROYAL, J_FIVE_KIND, J_WILD_ROYAL, J_SF, J_QUADS, J_FULL_HOUSE,
    J_FLUSH, J_STRAIGHT, J_TRIPS, J_TWO_PAIR, J_PAIR, J_NOTHING, J_CODES, CODE_COUNTS, ROYAL_MASK,
    WHEEL_MASK,
)


@njit(cache=True)
def _fits_straight(rank_mask):
    """Whether these distinct ranks all lie in one five-rank straight window (wild cards fill)."""
    if rank_mask & ~WHEEL_MASK == 0:
        return True
    for low in range(9):
        if rank_mask & ~(0x1F << low) == 0:
            return True
    return False


@njit(cache=True)
def fine_code(family, c0, c1, c2, c3, c4):
    """The fine category code of the sorted hand c0 < c1 < c2 < c3 < c4."""
    cards = (c0, c1, c2, c3, c4)
    wild = 0
    rank_mask = 0
    suit = -1
    suited = True
    # Runs of equal natural ranks (ranks arrive sorted): longest run, its rank, pair runs.
    run_len = 0
    prev_rank = -1
    longest = 0
    longest_rank = -1
    pairs = 0
    pair_rank = -1
    top_rank = -1
    other_rank = -1  # for quads: the kicker
    for card in cards:
        r = card >> 2
        if (family == DEUCES and r == 0) or card == 52:
            wild += 1
            continue
        s = card & 3
        if suit < 0:
            suit = s
        elif s != suit:
            suited = False
        rank_mask |= 1 << r
        if r == prev_rank:
            run_len += 1
        else:
            if run_len == 2:
                pairs += 1
                pair_rank = prev_rank
            run_len = 1
            prev_rank = r
        if run_len > longest:
            longest = run_len
            longest_rank = r
        top_rank = r
    if run_len == 2:
        pairs += 1
        pair_rank = prev_rank
    if longest == 4:
        for card in cards:
            if card >> 2 != longest_rank:
                other_rank = card >> 2
    distinct = longest == 1
    fits = distinct and _fits_straight(rank_mask)

    if family == NATURAL:
        if fits and suited:
            return N_ROYAL if rank_mask == ROYAL_MASK else N_SF
        if longest == 4:
            return N_QUADS + longest_rank * 13 + other_rank
        if longest == 3 and pairs == 1:
            return N_FULL_HOUSE
        if suited:
            return N_FLUSH
        if fits:
            return N_STRAIGHT
        if longest == 3:
            return N_TRIPS
        if pairs == 2:
            return N_TWO_PAIR
        if pairs == 1:
            return N_PAIR + pair_rank
        return N_NOTHING

    if family == DEUCES:
        if wild == 4:
            return D_FOUR_DEUCES
        if fits and suited and rank_mask & ~ROYAL_MASK == 0:
            return D_NATURAL_ROYAL if wild == 0 else D_WILD_ROYAL
        if longest + wild >= 5:
            return D_FIVE_KIND
        if fits and suited:
            return D_SF
        if longest + wild >= 4:
            return D_QUADS
        if (longest == 3 and pairs == 1) or (wild == 1 and pairs == 2):
            return D_FULL_HOUSE
        if suited:
            return D_FLUSH
        if fits:
            return D_STRAIGHT
        if longest + wild >= 3:
            return D_TRIPS
        return D_NOTHING

    # Joker Poker: at most one wild card.
    if fits and suited and rank_mask & ~ROYAL_MASK == 0:
        return J_NATURAL_ROYAL if wild == 0 else J_WILD_ROYAL
    if longest + wild >= 5:
        return J_FIVE_KIND
    if fits and suited:
        return J_SF
    if longest + wild >= 4:
        return J_QUADS
    if (longest == 3 and pairs == 1) or (wild == 1 and pairs == 2):
        return J_FULL_HOUSE
    if suited:
        return J_FLUSH
    if fits:
        return J_STRAIGHT
    if longest + wild >= 3:
        return J_TRIPS
    if pairs == 2:
        return J_TWO_PAIR
    if pairs == 1:
        return J_PAIR + pair_rank
    if wild == 1:
        return J_PAIR + top_rank  # the joker pairs the highest card
    return J_NOTHING


@njit(cache=True)
def hand_codes(n_cards, family):
    """Fine codes of every five-card hand of an n-card deck, indexed by colex rank."""
    total = n_cards * (n_cards - 1) * (n_cards - 2) * (n_cards - 3) * (n_cards - 4) // 120
    codes = np.empty(total, np.uint8)
    h = 0
    for c4 in range(4, n_cards):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        codes[h] = fine_code(family, c0, c1, c2, c3, c4)
                        h += 1
    return codes
