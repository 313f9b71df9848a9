"""The numba kernels behind ranks.py: the key of a hand, colex indexes, the keys of all hands.

Apart from ranks.py so that what only reads the keys (the site's page, from the cache folder)
does not start numba: see ranks.rank_keys.
"""

import numpy as np
from numba import njit

from .hand_categories import (FLUSH, FULL_HOUSE, HIGH_CARD, PAIR, QUADS, STRAIGHT,
                              STRAIGHT_FLUSH, TRIPS, TWO_PAIR)


@njit(cache=True)
def _key_from_counts(counts, n_cards, flush):
    """The key of a hand whose rank counts (13 entries) and flushness are given."""
    # Digits: ranks ordered by count (desc) then rank (desc).
    digits = np.zeros(5, np.int64)
    n = 0
    for c in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == c:  # each rank once: AAAKQ is (A, K, Q), 99 88 4 is (9, 8, 4)
                digits[n] = r + 1
                n += 1
    top_count = 0
    pairs = 0
    for r in range(13):
        if counts[r] > top_count:
            top_count = counts[r]
        if counts[r] == 2:
            pairs += 1
    category = HIGH_CARD
    if n_cards == 5:
        straight_top = -1
        if top_count == 1:
            for top in range(12, 3, -1):
                run = True
                for r in range(top - 4, top + 1):
                    if counts[r] == 0:
                        run = False
                        break
                if run:
                    straight_top = top
                    break
            if straight_top < 0 and counts[12] and counts[0] and counts[1] and counts[2] \
                    and counts[3]:
                straight_top = 3  # the wheel: A-2-3-4-5 plays as a five-high straight
        if straight_top >= 0:
            category = STRAIGHT_FLUSH if flush else STRAIGHT
            digits[:] = 0
            digits[0] = straight_top + 1
        elif top_count == 4:
            category = QUADS
        elif top_count == 3 and pairs == 1:
            category = FULL_HOUSE
        elif flush:
            category = FLUSH
        elif top_count == 3:
            category = TRIPS
        elif pairs == 2:
            category = TWO_PAIR
        elif pairs == 1:
            category = PAIR
    else:
        if top_count == 3:
            category = TRIPS
        elif top_count == 2:
            category = PAIR
    key = category
    for i in range(5):
        key = key * 16 + digits[i]
    return key


@njit(cache=True)
def key5(c0, c1, c2, c3, c4):
    """The key of a five-card hand."""
    counts = np.zeros(13, np.int64)
    counts[c0 >> 2] += 1
    counts[c1 >> 2] += 1
    counts[c2 >> 2] += 1
    counts[c3 >> 2] += 1
    counts[c4 >> 2] += 1
    s = c0 & 3
    flush = (c1 & 3) == s and (c2 & 3) == s and (c3 & 3) == s and (c4 & 3) == s
    return _key_from_counts(counts, 5, flush)


@njit(cache=True)
def key3(c0, c1, c2):
    """The key of a three-card (front) hand."""
    counts = np.zeros(13, np.int64)
    counts[c0 >> 2] += 1
    counts[c1 >> 2] += 1
    counts[c2 >> 2] += 1
    return _key_from_counts(counts, 3, False)


@njit(cache=True)
def colex5(a, b, c, d, e, binomial):
    """The index of five cards a < b < c < d < e among all C(52,5) hands (colexicographic)."""
    return binomial[a, 1] + binomial[b, 2] + binomial[c, 3] + binomial[d, 4] + binomial[e, 5]


@njit(cache=True)
def colex3(a, b, c, binomial):
    return binomial[a, 1] + binomial[b, 2] + binomial[c, 3]


@njit(cache=True)
def all_five_keys(binomial):
    """Keys of all C(52,5) = 2,598,960 five-card hands, by colex index."""
    out = np.empty(2598960, np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        out[colex5(a, b, c, d, e, binomial)] = key5(a, b, c, d, e)
    return out


@njit(cache=True)
def all_three_keys(binomial):
    """Keys of all C(52,3) = 22,100 three-card hands, by colex index."""
    out = np.empty(22100, np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                out[colex3(a, b, c, binomial)] = key3(a, b, c)
    return out
