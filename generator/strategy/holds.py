"""The holds of a solved pay table as the strategy stage reads them.

In: a Solution. Out: `HoldData`, the features of every (class, hold) row (row = class * 32 +
hold mask), their order keys, which holds are optimal, each class's best EV and deals; the rows
meeting a line (`rows_meeting`); and `Strategy`, a decision list as conditions with its rank
sets indexed (`indexed`) or inline (`named`).

What does not depend on the pays (`Holds`: every hold's features and order key, and per hold
pattern its rows in the order the steps read them, `Pattern`) is kept between the pay tables of
one game (deck, wild cards, lowest high card) in a process: a build runs a game's tables one
after another. The features are stored feature-major and pattern by pattern, so that a
pattern's column of one feature is one contiguous run, read without copying.
"""

import functools
from dataclasses import dataclass

import numpy as np

from ..solve.families import FAMILIES
from ..solve.jit import kernels
from . import features as P


class Pattern:
    """The rows of one hold pattern (cards held, wild cards held, kind), and what follows from
    them alone: sorted by class, then by order key descending (each class's holds as a line
    plays them: `derive.PatternGroup`), with their features as views into `Holds.columns`."""

    def __init__(self, key: tuple, rows: np.ndarray, keys: np.ndarray, by_feature: np.ndarray):
        self.key = key
        self.rows = rows  # by class, then order key descending
        self.cls = rows // 32
        self.keys = keys[rows]
        self.by_feature = by_feature  # (features, rows): each feature's column contiguous
        self._derived: dict = {}

    @functools.cached_property
    def in_group(self) -> np.ndarray:
        """Where each of the rows in ascending order stands in `rows`."""
        return np.argsort(self.rows)

    @functools.cached_property
    def ascending(self) -> np.ndarray:
        return self.rows[self.in_group]

    def derived(self, name: str, compute):
        """A fact of these rows that a step computes (`compute(pattern)`) and keeps here: its
        candidate conditions, say. It holds for every pay table of the game."""
        if name not in self._derived:
            self._derived[name] = compute(self)
        return self._derived[name]


@dataclass
class Holds:
    """The features of every (class, hold) row of one game, with no pays in them."""

    columns: np.ndarray  # (N_FEATURES, rows) int32: pattern by pattern, as each Pattern's rows
    keys: np.ndarray  # (rows,) int32 by row: order among holds meeting the same line
    patterns: dict  # (n, w, kind) -> Pattern

    @functools.cached_property
    def column_of(self) -> np.ndarray:
        """The column of `columns` holding each row (rows are looked up singly only for deal
        exceptions)."""
        out = np.empty(len(self.keys), np.int64)
        out[np.concatenate([p.rows for p in self.patterns.values()])] = np.arange(len(self.keys))
        return out

    @functools.cached_property
    def rows_cache(self) -> dict:
        """The rows meeting each condition and line asked of these holds (`rows_meeting`)."""
        return {"condition": {}, "line": {}}

    @functools.cached_property
    def choice_keys(self) -> np.ndarray:
        """(choice rules, rows) int32: each row's place in each rule's order (features.CHOICES,
        `choice_key`): the first is `keys`."""
        out = np.empty((len(P.CHOICES), len(self.keys)), np.int32)
        for choice, count in enumerate(P.CHOICE_COUNTS):
            out[choice] = self.keys
            if count is not None:
                out[choice] += self.columns[count][self.column_of].astype(np.int32) * P.KEY_SPAN
        out.flags.writeable = False
        return out

    def features_of(self, row: int) -> np.ndarray:
        """One row's features, in FEATURES order."""
        return self.columns[:, self.column_of[row]]


@dataclass
class HoldData:
    """The holds of one pay table: the game's `Holds` and, per row, whether the hold is right."""

    holds: Holds
    optimal: np.ndarray  # (rows,) bool
    ce: np.ndarray  # (classes,) int64: the class's optimal EV
    sizes: np.ndarray  # (classes,) deals per class

    @property
    def n_classes(self) -> int:
        return len(self.ce)

    @property
    def keys(self) -> np.ndarray:
        return self.holds.keys

    @property
    def patterns(self) -> dict:
        return self.holds.patterns

    @property
    def choice_keys(self) -> np.ndarray:
        return self.holds.choice_keys

    @property
    def pattern_rows(self) -> dict:
        """Row indexes (ascending) of each hold pattern (cards held, wild cards held, kind)."""
        return {key: p.ascending for key, p in self.patterns.items()}

    @property
    def rows_cache(self) -> dict:
        """For `rows_meeting`: the game's, shared by every list made on these holds (a table is
        compacted, described, simplified and described again: mostly the same lines) and by
        every pay table of the game (which rows meet a line does not depend on the pays)."""
        return self.holds.rows_cache

    def judged_by(self, right: np.ndarray) -> "HoldData":
        """The same holds, with `right` (rows,) marking the holds a class may be played with."""
        return HoldData(self.holds, right, self.ce, self.sizes)


@dataclass
class Strategy:
    lines: list  # of tuples of conditions (feature, op, value)
    rank_sets: list  # of frozensets of rank masks, for OP_IN conditions
    # Per line, the choice rule it plays (features.CHOICES) where it fits some deal it decides
    # in more than one way, or None; () while it is being made: every line plays the higher
    # cards (`levels.choices` states the rules once the lines are fixed).
    choices: tuple = ()

    def choice_of(self, line: int) -> int:
        """The rule line `line` plays (the higher cards where none is stated)."""
        rule = self.choices[line] if self.choices else None
        return P.HIGHER if rule is None else rule


def hold_data(solution) -> HoldData:
    table = solution.table
    holds = _holds(table.family.key, solution.deck, P.high_rank(table.family.key, table.min_pair))
    optimal = (solution.evs == solution.best_ev[:, None]).reshape(-1)
    return HoldData(holds, optimal, solution.best_ev, solution.deck.sizes)


# The holds depend on the deck, the wild cards and the lowest high card only, not on the pays:
# most pay tables in a row share them (a build runs a game's tables one after another), so the
# last ones are kept, read-only, with what the steps learn of each pattern. Seconds per table.
_last_holds: dict = {}


def _holds(family: str, deck, high: int) -> Holds:
    from .deal_kernels import describe_holds, faces_of  # (lazy: numba)

    key = (family, deck.n_cards, high)
    if key not in _last_holds:
        kernels()  # start numba the fast way before the first kernel of this module loads
        _last_holds.clear()  # one game at a time: 300 MB each
        feats, keys = describe_holds(deck.reps, *faces_of(FAMILIES[family]), high)
        _last_holds[key] = _by_pattern(feats, keys)
    return _last_holds[key]


def _by_pattern(feats: np.ndarray, keys: np.ndarray) -> Holds:
    """Holds from row-major features: pattern by pattern, feature-major."""
    from .deal_kernels import feature_major  # (lazy: numba)
    from .derive_kernels import by_class_then_key  # (lazy: numba)

    pattern = ((feats[:, P.F_N].astype(np.int64) * 6 + feats[:, P.F_W]) * P.N_KINDS
               + feats[:, P.F_KIND])
    # (under 6 * 6 * N_KINDS: as int16, numpy's stable sort is a radix sort, 10x quicker here)
    order = np.argsort(pattern.astype(np.int16), kind="stable")
    bounds = np.flatnonzero(np.diff(pattern[order])) + 1
    rows = [by_class_then_key(ascending, keys) for ascending in np.split(order, bounds)]
    columns = feature_major(feats, np.concatenate(rows))
    patterns = {}
    at = 0
    for pattern_rows in rows:
        code = int(pattern[pattern_rows[0]])
        key = (code // (6 * P.N_KINDS), code // P.N_KINDS % 6, code % P.N_KINDS)
        patterns[key] = Pattern(key, pattern_rows, keys, columns[:, at:at + len(pattern_rows)])
        at += len(pattern_rows)
    columns.flags.writeable = keys.flags.writeable = False
    return Holds(columns, keys, patterns)


def rows_meeting(data: HoldData, conditions: tuple) -> np.ndarray:
    """The rows (ascending) whose hold meets a line (conditions with rank sets inline). A line
    fixes its pattern in its first three conditions: only that pattern's rows can meet it, so
    only they are tested, on the rest. Edits try the same conditions again and again, so each
    line's rows and each condition's (but a rank or deal set's: those are many and each is
    quick) are kept in `data.rows_cache`."""
    cache = data.rows_cache
    if conditions in cache["line"]:
        return cache["line"][conditions]
    base = {c[0]: c[2] for c in conditions[:3]}
    key = (base[P.F_N], base[P.F_W], base[P.F_KIND])
    pattern = data.patterns.get(key)
    if pattern is None:
        out = cache["line"][conditions] = np.empty(0, np.int64)
        return out
    # Tested in the pattern's own order (its features are contiguous there), then put in
    # ascending order once per line.
    where = None
    for condition in conditions[3:]:
        met = cache["condition"].get((key, condition))
        if met is None:
            met = rows_meet(pattern.by_feature.T, condition)
            if condition[1] != P.OP_IN:
                cache["condition"][key, condition] = met
        where = met if where is None else where & met
    rows = pattern.ascending if where is None else pattern.ascending[where[pattern.in_group]]
    out = cache["line"][conditions] = rows
    return out


def rows_meet(feats: np.ndarray, condition) -> np.ndarray:
    """Which rows of `feats` meet one condition (feature, operator, value)."""
    feature, op, value = condition
    x = feats[:, feature]  # int32: compared as it is (a copy to int64 cost more than the test)
    if op == P.OP_EQ:
        return x == value
    if op == P.OP_GE:
        return x >= value
    if op == P.OP_LE:
        return x <= value
    if op == P.OP_BIT:
        return (x >> value) & 1 == 1
    if op == P.OP_NOBIT:
        return (x >> value) & 1 == 0
    if op == P.OP_IN:
        return np.isin(x, sorted(value))
    raise ValueError(op)


def named(strategy: Strategy) -> list[tuple]:
    """Lines with IN values as the rank sets themselves."""
    return [tuple((f, op, strategy.rank_sets[v] if op == P.OP_IN else v) for f, op, v in line)
            for line in strategy.lines]


def indexed(lines: list[tuple]) -> Strategy:
    rank_sets: list[frozenset] = []
    out = []
    for line in lines:
        conditions = []
        for feature, op, value in line:
            if op == P.OP_IN:
                if value not in rank_sets:
                    rank_sets.append(value)
                value = rank_sets.index(value)
            conditions.append((feature, op, value))
        out.append(tuple(conditions))
    return Strategy(out, rank_sets)
