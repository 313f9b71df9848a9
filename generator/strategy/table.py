"""A strategy table as the site, the card and the checker read it.

`LineInfo` is one line described (its parts, text and notation, the CE numbers and deals it
decides, examples); `StrategyTable` a level's lines with its check; `Levels` the three levels of
a pay table and the curve of lines against cost.
"""

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..core.line_parts import LineParts
from . import features as P


@dataclass(frozen=True)
class LineInfo:
    number: int
    conditions: tuple  # (feature, op, value); IN values index rank_sets
    text: str
    notation: str
    ce_numbers: tuple[int, ...]  # CE numbers of the deals this line decides
    ce_high: Fraction | None
    ce_low: Fraction | None
    deals: int
    classes: int
    examples: tuple[str, ...]
    row: int = 0  # the printed row (from 1): a run of lines holding made hands shares one
    # How many wild cards the deals this line decides hold (Deuces Wild 0-4, Joker Poker 0-1;
    # () in a natural game): a player counts the deuces first, and reads only those lines.
    wild_dealt: tuple[int, ...] = ()
    # The parts the text and the notation are rendered from (parts.py): the site, the card and
    # the checker read them; None for a table read back from JSON.
    parts: LineParts | None = None
    # The choice rule it plays where it fits a deal in more than one way (features.CHOICES:
    # "higher", "straights", "high"), None where it fits every deal it decides one way; and the
    # deals it decides that it fits more than one way (choices.decided_by_rule).
    choice: str | None = None
    choice_deals: int = 0


@dataclass(frozen=True)
class StrategyTable:
    lines: tuple[LineInfo, ...]
    rank_sets: tuple[frozenset, ...]
    seconds: float
    # `verify`'s figures from playing every suit class once, weighted by its deals (see
    # `class_check`); None for a table read back from JSON.
    check: dict | None = None
    route: str = "exact"  # how the table was found (levels.find)

    @property
    def printed(self) -> int:
        """Lines as printed: a run of lines holding made hands is one."""
        return self.lines[-1].row if self.lines else 0

    def arrays(self):
        """The lines as parallel condition arrays and a rank-set table, for the kernels."""
        width = max(len(line.conditions) for line in self.lines)
        ops = np.zeros((len(self.lines), width), np.int64)
        features = np.zeros_like(ops)
        values = np.zeros_like(ops)
        for i, line in enumerate(self.lines):
            for j, (feature, op, value) in enumerate(line.conditions):
                ops[i, j], features[i, j], values[i, j] = op, feature, value
        width = max([1 << 13] + [max(values) + 1 for values in self.rank_sets if values])
        table = np.zeros((max(1, len(self.rank_sets)), width), np.bool_)
        for i, masks in enumerate(self.rank_sets):
            table[i, sorted(masks)] = True
        return ops, features, values, table

    def choices(self) -> np.ndarray:
        """Each line's choice rule (features.CHOICES index; the higher cards where none)."""
        return np.array([P.HIGHER if line.choice is None else P.CHOICES.index(line.choice)
                         for line in self.lines], np.int64)

    def buckets(self):
        """Lines by hold pattern: (start per pattern, line indexes in list order)."""
        from .deal_kernels import N_PATTERNS  # (lazy: numba)

        by_pattern = [[] for _ in range(N_PATTERNS)]
        for i, line in enumerate(self.lines):
            base = {c[0]: c[2] for c in line.conditions[:3]}
            by_pattern[(base[P.F_N] * 6 + base[P.F_W]) * P.N_KINDS + base[P.F_KIND]].append(i)
        start = np.zeros(N_PATTERNS + 1, np.int64)
        start[1:] = np.cumsum([len(b) for b in by_pattern])
        return start, np.array([i for b in by_pattern for i in b], np.int64)


@dataclass(frozen=True)
class Levels:
    """The three levels of one pay table and the curve of lines against cost."""

    exact: StrategyTable
    card: StrategyTable
    simple: StrategyTable
    # (printed lines, cost as a Fraction of the bet, whether that table keeps the levels' rules:
    # the paying hands and the simple level's bound), from the longest down
    curve: tuple
    seconds: float  # finding the card and simple levels and the curve
    routes: tuple = ()  # (route, card lines, card cost, simple lines, simple cost) per route
