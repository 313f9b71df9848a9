"""Map the evaluator's fine category codes onto one pay table's lines.

The pay table's categories are its pay lines, best first, then "Nothing" for every hand that pays
nothing (low pairs, two pair in Deuces Wild, ...). The solver counts hands per category, so the
final-hand table lists exactly the lines a player sees on the machine.
"""

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .codes import code_count, code_meaning
from .paytable import PayTable


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
    index, rank, kicker = code_meaning(table.family, code)
    if index is None:
        return None
    category = table.family.categories[index]
    if category.by_rank == "quads":
        return table.quad_key(rank, kicker)
    if category.by_rank == "pair":
        return "pair" if table.min_pair is not None and rank >= table.min_pair else None
    return category.key


def categories(table: PayTable) -> Categories:
    keys = tuple(line.key for line in table.lines) + ("nothing",)
    labels = tuple(line.label for line in table.lines) + ("Nothing",)
    pays = tuple(line.pay for line in table.lines) + (Fraction(0),)
    scale = table.scale
    index = {key: i for i, key in enumerate(keys)}
    n_codes = code_count(table.family)
    code_map = np.array([index[_line_key(table, code) or "nothing"] for code in range(n_codes)],
                        np.uint8)
    scaled = np.array([int(p * scale) for p in pays], np.int64)
    return Categories(keys, labels, pays, scale, scaled, code_map)
