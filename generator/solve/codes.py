"""The evaluator's fine category codes, laid out from a family's description: plain numpy, no numba.

A fine code is everything any pay table of a family can pay on: one code per category, except
the categories a pay table refines, which get one code per pair rank (`by_rank = "pair"`) or per
quad rank and kicker (`"quads"`), and a last code for hands that pay nothing. `rules(family)` is
the family's categories as an int64 array the kernels of `evaluate.py` read row by row, first
match winning, and `card_faces(family)` its deck and wild cards as per-card arrays (rank, suit,
wild kind) beside it, so that the kernels name no card either; `code_count(family)` is how many codes it has; `categories.py` maps the codes onto
one pay table's lines. Codes depend on the family only, so one tabulation serves every pay table
of it. The browser's evaluator lays out the same codes from the same data (`families.browser_data`).
"""

import numpy as np

from .families import HANDS, MAX_WILD_KINDS, Family

ROYAL_MASK = 0x1F00  # ranks T J Q K A
WHEEL_MASK = 0x100F  # ranks A 2 3 4 5
ALL_RANKS_MASK = 0x1FFF
ALL_SUITS_MASK = 0x1F  # the four suits and the star of a fifth ace
EXPAND = {"": 0, "pair": 1, "quads": 2}
EXPAND_CODES = (1, 13, 169)  # codes per category: one; one per pair rank; per quad rank * kicker
# Columns of a rule row: then one column per wild kind, the count of it the category needs.
HAND, NATURAL, RANK_MASK, KICKER_MASK, KICKER_SUITS, BY_RANK, BASE, COUNTS = range(8)


def _mask(ranks) -> int:
    return sum(1 << r for r in ranks)


def rules(family: Family) -> np.ndarray:
    """(categories, 7 + MAX_WILD_KINDS) int64: hand id, natural, rank mask, kicker mask, the
    kicker's suits (bit s: suit s of `game_family.FACE_SUITS`), refinement (0 none, 1 pair rank, 2 quad rank and kicker), first code, then for each wild
    kind of the family (in `family.wild` order) the exact count the category needs (-1: any)."""
    kinds = [kind.name for kind in family.wild]
    rows = []
    base = 0
    for c in family.categories:
        expand = EXPAND[c.by_rank]
        counts = [-1] * MAX_WILD_KINDS
        for name, count in c.exactly:
            counts[kinds.index(name)] = count
        rows.append((HANDS.index(c.hand), int(c.natural), _mask(c.ranks), _mask(c.kicker),
                     _mask(c.kicker_suits), expand, base, *counts))
        base += EXPAND_CODES[expand]
    return np.array(rows, np.int64)


def card_faces(family: Family) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per card id of the family's deck, int64: its rank (-1: a joker), its suit (0-3; 4, the
    star, is outside the four and never makes a flush; -1: a joker), and its wild kind (0: not
    wild, else 1 + its index in `family.wild`)."""
    ranks = np.array([rank for rank, _ in family.faces], np.int64)
    suits = np.array([suit for _, suit in family.faces], np.int64)
    kinds = np.array(family.wild_kinds, np.int64)
    return ranks, suits, kinds


def code_count(family: Family) -> int:
    """Codes of the family: its categories' codes, then one for hands paying nothing (< 256:
    the kernels keep codes in uint8)."""
    return sum(EXPAND_CODES[EXPAND[c.by_rank]] for c in family.categories) + 1


def code_meaning(family: Family, code: int) -> tuple[int | None, int, int]:
    """(category index, or None for nothing; pair or quad rank, or -1; kicker, or -1)."""
    base = 0
    for index, c in enumerate(family.categories):
        size = EXPAND_CODES[EXPAND[c.by_rank]]
        if code < base + size:
            offset = code - base
            if c.by_rank == "pair":
                return index, offset, -1
            if c.by_rank == "quads":
                return index, offset // 13, offset % 13
            return index, -1, -1
        base += size
    return None, -1, -1
