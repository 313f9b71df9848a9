"""The holds of a solved pay table as the strategy stage reads them.

In: a Solution. Out: `HoldData`, the features of every (class, hold) row (row = class * 32 +
hold mask), their order keys, which holds are optimal, each class's best EV and deals; the rows
meeting a line (`rows_meeting`); and `Strategy`, a decision list as conditions with its rank
sets indexed (`indexed`) or inline (`named`).
"""

import functools
from dataclasses import dataclass

import numpy as np

from . import features as P


@dataclass
class HoldData:
    """Features of every (class, hold) row, row = class * 32 + mask."""

    feats: np.ndarray  # (rows, N_FEATURES) int32
    keys: np.ndarray  # (rows,) int32: order among holds meeting the same line
    optimal: np.ndarray  # (rows,) bool
    ce: np.ndarray  # (classes,) int64: the class's optimal EV
    sizes: np.ndarray  # (classes,) deals per class

    @property
    def n_classes(self) -> int:
        return len(self.ce)

    @functools.cached_property
    def rows_cache(self) -> dict:
        """For `rows_meeting`, shared by every list made on these holds (a table is
        compacted, described, simplified and described again: mostly the same lines)."""
        return {"features": {}, "condition": {}, "line": {}}

    @functools.cached_property
    def pattern_rows(self) -> dict:
        """Row indexes (ascending) of each hold pattern (cards held, wild cards held, kind)."""
        return _pattern_rows(self.feats)


@dataclass
class Strategy:
    lines: list  # of tuples of conditions (feature, op, value)
    rank_sets: list  # of frozensets of rank masks, for OP_IN conditions


def _pattern_rows(feats: np.ndarray) -> dict:
    """HoldData.pattern_rows of these features."""
    pattern = (feats[:, P.F_N].astype(np.int64) * 6 + feats[:, P.F_W]) * 12 + feats[:, P.F_KIND]
    # (under 6 * 6 * 12: as int16, numpy's stable sort is a radix sort, 10x quicker here)
    order = np.argsort(pattern.astype(np.int16), kind="stable")
    bounds = np.flatnonzero(np.diff(pattern[order])) + 1
    out = {}
    for rows in np.split(order, bounds):
        key = int(pattern[rows[0]])
        out[(key // 72, key // 12 % 6, key % 12)] = rows
    return out


def hold_data(solution) -> HoldData:
    table = solution.table
    holds = _holds(table.family.key, solution.deck, P.high_rank(table.family.key, table.min_pair))
    evs = solution.evs
    optimal = (evs == solution.best_ev[:, None]).reshape(-1)
    data = HoldData(holds["feats"], holds["keys"], optimal, solution.best_ev, solution.deck.sizes)
    data.__dict__["pattern_rows"] = holds["pattern_rows"]  # (the cached_property, filled)
    return data


# The features of every hold depend on the deck, the wild cards and the lowest high card only,
# not on the pays: most pay tables in a row share them (a build runs the natural games one
# after another), so the last ones are kept, read-only. Half a second per pay table.
_last_holds: dict = {}


def _holds(family: str, deck, high: int) -> dict:
    from ..jit import kernels
    from .deal_kernels import describe_holds

    key = (family, deck.n_cards, high)
    if key not in _last_holds:
        kernels()  # start numba the fast way before the first kernel of this module loads
        feats, keys = describe_holds(deck.reps, family == "deuces", high)
        feats.flags.writeable = keys.flags.writeable = False
        _last_holds.clear()  # one set at a time: 300 MB each
        _last_holds[key] = {"feats": feats, "keys": keys,
                            "pattern_rows": _pattern_rows(feats)}
    return _last_holds[key]


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
    rows = data.pattern_rows.get(key, np.empty(0, np.int64))
    features = cache["features"]
    if key not in features:  # feature-major, so that each feature's column is contiguous
        features[key] = np.ascontiguousarray(data.feats[rows].T).T
    where = None
    for condition in conditions[3:]:
        met = cache["condition"].get((key, condition))
        if met is None:
            met = rows_meet(features[key], condition)
            if condition[1] != P.OP_IN:
                cache["condition"][key, condition] = met
        where = met if where is None else where & met
    out = cache["line"][conditions] = rows if where is None else rows[where]
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
