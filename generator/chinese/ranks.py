"""Hand keys and ranks for Chinese Poker rows.

In: cards as ints (`rank * 4 + suit`, rank 0 = deuce ... 12 = ace, as in generator/core/cards.py).
Out: a *key*, an int that orders hands by strength, and a *dense rank*, the hand's index among
the distinct keys of its size (0 = weakest): 0..7461 for five cards, 0..454 for three.

A key is `category << 20` followed by five 4-bit digits, the ranks (plus 1) ordered by how many
times they occur and then by rank; missing digits are 0. Five-card and three-card keys share this
scale, so one integer comparison says whether a front (three cards) is weaker than a middle (five):
a three-card hand ties the five-card hand with its ranks on its first digits and loses to it when
the five-card hand has more kickers (AKQ front, AKQ32 middle is a legal set). Three-card hands have
no straights or flushes (the usual rule). A straight's key holds only its top card (5 for the
wheel A-2-3-4-5).

The numba kernels that compute keys (key5, key3, colex indexes, all hands) are in
rank_kernels.py, loaded only when keys are computed: the site reads them from the cache folder.
The categories (and CATEGORY_NAMES, read here by the page) are in hand_categories.py, which both
import.
"""

import numpy as np

from ..core import store
from .hand_categories import (CATEGORY_NAMES, FLUSH, FULL_HOUSE, HIGH_CARD, PAIR, STRAIGHT,
                              STRAIGHT_FLUSH, TRIPS, TWO_PAIR)
N_FIVE = 7462   # distinct five-card ranks
N_THREE = 455   # distinct three-card ranks: 13 trips + 13*12 pairs + C(13,3) high cards


def category_of(key: int) -> int:
    return int(key) >> 20


BINOMIAL = np.array([[0 if k > n else __import__("math").comb(n, k) for k in range(6)]
                     for n in range(53)], np.int64)


_tables: dict = {}


def _build() -> None:
    from .rank_kernels import all_five_keys, all_three_keys  # numba: only to compute the keys

    five = all_five_keys(BINOMIAL)
    three = all_three_keys(BINOMIAL)
    _tables["keys5"], _tables["keys3"] = np.unique(five), np.unique(three)
    _tables["five"] = (five, np.searchsorted(_tables["keys5"], five))
    _tables["three"] = (three, np.searchsorted(_tables["keys3"], three))


KEYS_VERSION = "chinese-keys-1"  # bump with any change to the keys


def rank_keys() -> tuple[np.ndarray, np.ndarray]:
    """The sorted distinct keys: (7,462 five-card keys, 455 three-card keys).

    A hand's dense rank is the index of its key here (np.searchsorted). Kept in the cache folder:
    the site page needs only these, and loading them saves a build the numba start and the walk
    over all 2,598,960 hands.
    """
    if "keys5" not in _tables:
        path = store.cache_dir() / f"{KEYS_VERSION}.npz"
        meta = {"version": KEYS_VERSION}
        cached = store.load(path, ("keys5", "keys3"), meta)
        if (cached is not None and len(cached["keys5"]) == N_FIVE
                and len(cached["keys3"]) == N_THREE):
            _tables.update(cached)
        else:
            _build()
            store.save(path, {"keys5": _tables["keys5"], "keys3": _tables["keys3"]}, meta)
    return _tables["keys5"], _tables["keys3"]


def lookup_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(key, dense rank) of every five-card hand and of every three-card hand, by colex index."""
    if "five" not in _tables:
        _build()
    return (*_tables["five"], *_tables["three"])


RANK_TEXT = "23456789TJQKA"


def key_text(key: int) -> str:
    """A short name for the hand of a key: 'KK-A-Q-J', 'AKQJ9 flush', '9-high straight'."""
    key = int(key)
    category = key >> 20
    digits = [(key >> (16 - 4 * i)) & 15 for i in range(5)]
    ranks = [RANK_TEXT[d - 1] for d in digits if d]
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        word = "straight flush" if category == STRAIGHT_FLUSH else "straight"
        return f"{ranks[0]}-high {word}"
    if category == HIGH_CARD:
        return "-".join(ranks)
    if category == FLUSH:
        return "".join(ranks) + " flush"
    if category == PAIR:
        return ranks[0] * 2 + "".join("-" + r for r in ranks[1:])
    if category == TWO_PAIR:
        return ranks[0] * 2 + "-" + ranks[1] * 2 + "".join("-" + r for r in ranks[2:])
    if category == TRIPS:
        return ranks[0] * 3 + "".join("-" + r for r in ranks[1:])
    if category == FULL_HOUSE:
        return ranks[0] * 3 + "-" + ranks[1] * 2
    return ranks[0] * 4 + "".join("-" + r for r in ranks[1:])  # quads
