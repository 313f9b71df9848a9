"""Map the evaluator's fine category codes onto one pay table's lines.

The pay table's categories are its pay lines, best first, then "Nothing" for every hand that pays
nothing (low pairs, two pair in Deuces Wild, ...). The solver counts hands per category, so the
final-hand table lists exactly the lines a player sees on the machine.
"""

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

import numpy as np

from . import codes as ev
from .paytable import PayTable

_DEUCES_KEYS = {
    ev.D_NATURAL_ROYAL: "natural_royal", ev.D_FOUR_DEUCES: "four_deuces",
    ev.D_WILD_ROYAL: "wild_royal", ev.D_FIVE_KIND: "five_of_a_kind", ev.D_SF: "straight_flush",
    ev.D_QUADS: "four_of_a_kind", ev.D_FULL_HOUSE: "full_house", ev.D_FLUSH: "flush",
    ev.D_STRAIGHT: "straight", ev.D_TRIPS: "three_of_a_kind",
}
_JOKER_KEYS = {
    ev.J_NATURAL_ROYAL: "natural_royal", ev.J_FIVE_KIND: "five_of_a_kind",
    ev.J_WILD_ROYAL: "wild_royal", ev.J_SF: "straight_flush", ev.J_QUADS: "four_of_a_kind",
    ev.J_FULL_HOUSE: "full_house", ev.J_FLUSH: "flush", ev.J_STRAIGHT: "straight",
    ev.J_TRIPS: "three_of_a_kind", ev.J_TWO_PAIR: "two_pair",
}
_NATURAL_KEYS = {
    ev.N_ROYAL: "royal_flush", ev.N_SF: "straight_flush", ev.N_FULL_HOUSE: "full_house",
    ev.N_FLUSH: "flush", ev.N_STRAIGHT: "straight", ev.N_TRIPS: "three_of_a_kind",
    ev.N_TWO_PAIR: "two_pair",
}


@dataclass(frozen=True)
class Categories:
    """One pay table's categories: labels, exact pays, and the fine-code map for the kernels."""

    keys: tuple[str, ...]  # pay line keys, then "nothing"
    labels: tuple[str, ...]
    pays: tuple[Fraction, ...]
    scale: int  # every pay times `scale` is an integer
    scaled_pays: np.ndarray  # int64, pays * scale
    code_to_category: np.ndarray  # uint8, fine code -> category index

    @property
    def nothing(self) -> int:
        return len(self.keys) - 1


def _line_key(table: PayTable, code: int) -> str | None:
    """The pay line a fine code pays on, or None if it pays nothing."""
    family = table.family.key
    if family == "natural":
        if ev.N_QUADS <= code < ev.N_FULL_HOUSE:
            quad_rank, kicker = divmod(code - ev.N_QUADS, 13)
            return table.quad_key(quad_rank, kicker)
        if ev.N_PAIR <= code < ev.N_NOTHING:
            return "pair" if code - ev.N_PAIR >= table.min_pair else None
        return _NATURAL_KEYS.get(code)
    if family == "deuces":
        return _DEUCES_KEYS.get(code)
    if ev.J_PAIR <= code < ev.J_NOTHING:
        pair_rank = code - ev.J_PAIR
        return "pair" if table.min_pair is not None and pair_rank >= table.min_pair else None
    return _JOKER_KEYS.get(code)


def categories(table: PayTable) -> Categories:
    keys = tuple(line.key for line in table.lines) + ("nothing",)
    labels = tuple(line.label for line in table.lines) + ("Nothing",)
    pays = tuple(line.pay for line in table.lines) + (Fraction(0),)
    scale = lcm(*(p.denominator for p in pays))
    index = {key: i for i, key in enumerate(keys)}
    n_codes = ev.CODE_COUNTS[ev.FAMILY_IDS[table.family.key]]
    code_map = np.array([index[_line_key(table, code) or "nothing"] for code in range(n_codes)],
                        np.uint8)
    scaled = np.array([int(p * scale) for p in pays], np.int64)
    return Categories(keys, labels, pays, scale, scaled, code_map)
