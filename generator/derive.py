"""Derive a hand-rank strategy table from a solution, automatically, for any pay table.

A strategy is a decision list: the player holds the cards of the first line that any hold of the
deal meets (among several holds meeting it, the one with more wild cards, then higher cards).
The derivation builds the list greedily on the suit classes still undecided:

1. A line is *safe* if, on every undecided class it meets, the hold it picks is optimal. Adding a
   safe line never makes another line unsafe (it only removes classes), so the list is correct
   by construction, whatever order safe lines are added in.
2. Coarse lines first: one per hold pattern (cards held, wild cards held, kind), as in the
   paper's Table 5. Among the safe ones, the one with the largest CE value goes next.
3. When no coarse line is safe, the pattern with the largest CE value that is not yet safe is
   split, the way the paper's Section 3 splits by hand: on s + h, s or h thresholds, on the
   exact ranks held, and on penalty cards among the discards (fp, sp, high cards, a specific
   discarded rank), singly and in pairs. The safe split covering the most deals goes next.
4. Last, lines are merged where the merged line is still exact (same pattern and conditions
   but different ranks held become one line listing the ranks).

Nothing here is specific to a game or a pay table.
"""

import functools
from dataclasses import dataclass

import numpy as np

from . import patterns as P
from .errors import StrategyError


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
    from .jit import kernels
    from .pattern_kernels import describe_holds

    key = (family, deck.n_cards, high)
    if key not in _last_holds:
        kernels()  # start numba the fast way before the first kernel of this module loads
        feats, keys = describe_holds(deck.reps, family == "deuces", high)
        feats.flags.writeable = keys.flags.writeable = False
        _last_holds.clear()  # one set at a time: 300 MB each
        _last_holds[key] = {"feats": feats, "keys": keys,
                            "pattern_rows": _pattern_rows(feats)}
    return _last_holds[key]


class _PairMemo:
    """What trying pairs of a pattern's conditions has shown, by condition numbers: `failed`
    [a, b], a class the line "a and b" plays wrongly (-1: none known); `dead_ends`[(a, b)], the
    classes on which each candidate of the ranked pair "a and b" failed (best_ranked_pair)."""

    def __init__(self):
        self.number: dict = {}
        self.failed = np.full((0, 0), -1, np.int64)
        self.dead_ends: dict = {}

    def ids(self, conditions: list) -> np.ndarray:
        for c in conditions:
            self.number.setdefault(c, len(self.number))
        if len(self.number) > len(self.failed):
            grown = np.full((2 * len(self.number),) * 2, -1, np.int64)
            grown[:len(self.failed), :len(self.failed)] = self.failed
            self.failed = grown
        return np.array([self.number[c] for c in conditions], np.int64)

    @staticmethod
    def pairs_of(conditions: list):
        """(first, second): the pairs worth trying, as indexes into `conditions`, in order: two
        conditions on different features, or two discarded ranks."""
        first, second = np.triu_indices(len(conditions), 1)
        feature = np.array([c[0] for c in conditions], np.int64)
        useful = (feature[first] != feature[second]) | (feature[first] == P.F_DISC)
        return first[useful], second[useful]


class _Group:
    """The rows of one hold pattern, sorted by class, then by order key descending.

    Most patterns are never split, so their rows' features are gathered only when first needed.
    """

    def __init__(self, data: HoldData, rows: np.ndarray):
        from .pattern_kernels import by_class_then_key

        self.data = data
        self.rows = by_class_then_key(rows, data.keys)  # rows come ascending
        self.cls = self.rows // 32
        self.keys = data.keys[self.rows]
        self.optimal = data.optimal[self.rows]
        # Shared with every restriction of the group:
        self.pairs = _PairMemo()
        self._penalties = [self.rows, None]  # all the pattern's rows; their penalty conditions

    def restricted(self, keep: np.ndarray) -> "_Group":
        """The same group with only the rows marked in `keep` (order kept)."""
        out = object.__new__(_Group)
        for name in ("rows", "cls", "keys", "optimal"):
            setattr(out, name, getattr(self, name)[keep])
        if "by_feature" in self.__dict__:
            out.by_feature = self.by_feature[:, keep]
        if "_by_mask" in self.__dict__:
            # Rows sorted by held ranks: this group's order, kept rows only (as a stable sort
            # of theirs would give), rather than a sort per split.
            order, masks, _ = self._by_mask
            kept = keep[order]
            out._by_mask = ((np.cumsum(keep) - 1)[order[kept]], masks[kept],
                            _class_starts(out.cls))
        for name in ("data", "pairs", "_penalties"):
            setattr(out, name, getattr(self, name))  # shared: they hold for the rows kept
        return out

    @functools.cached_property
    def by_feature(self) -> np.ndarray:
        """(features, rows): every test reads one feature of every row, so each is contiguous."""
        return np.ascontiguousarray(self.data.feats[self.rows].T)

    @property
    def feats(self) -> np.ndarray:
        """(rows, features), as HoldData.feats."""
        return self.by_feature.T

    @property
    def penalty_conditions(self) -> list:
        """From all of the pattern's rows, decided ones too (see _penalty_conditions)."""
        if self._penalties[1] is None:
            self._penalties[1] = _penalty_conditions(self.data.feats[self._penalties[0]])
        return self._penalties[1]

    def by_mask(self):
        """(rows sorted by held ranks, their rank masks, first row of each row's class)."""
        if "_by_mask" not in self.__dict__:
            masks = self.by_feature[P.F_RANKS]
            order = np.argsort(masks, kind="stable")
            self._by_mask = (order, masks[order], _class_starts(self.cls))
        return self._by_mask

    def evaluate(self, where: np.ndarray, alive: np.ndarray):
        """For the rows meeting a line (`where`), among undecided classes: (safe, classes met);
        a line meeting none is not safe (it would decide nothing)."""
        met, wrong = self.played(where, alive)
        return len(met) > 0 and len(wrong) == 0, met

    def violations(self, where: np.ndarray, alive: np.ndarray):
        """For the rows meeting a line, among undecided classes: (classes met, classes where
        the line's hold is not optimal)."""
        met, wrong = self.played(where, alive)
        return met, np.unique(wrong)

    def played(self, where: np.ndarray, alive: np.ndarray):
        """(classes met, class of every top-key row that is not optimal: repeats possible)."""
        from .pattern_kernels import played_classes

        return played_classes(where, alive, self.cls, self.keys, self.optimal)

    def safe_weight(self, where: np.ndarray, alive: np.ndarray, sizes: np.ndarray) -> int:
        """The deals a line would decide if it is safe, else 0 (the fast check, in numba)."""
        from .pattern_kernels import line_is_safe

        safe, weight = line_is_safe(where, alive, self.cls, self.keys, self.optimal, sizes)
        return int(weight) if safe else 0


def _class_starts(cls: np.ndarray) -> np.ndarray:
    """For each row, the first row of its class (rows come grouped by class)."""
    first = np.ones(len(cls), bool)
    first[1:] = cls[1:] != cls[:-1]
    return np.flatnonzero(first)[np.cumsum(first) - 1]


def _conditions_on(group: _Group, data: HoldData, alive):
    """Candidate single conditions for splitting a pattern, from the values its rows take."""
    live = alive[group.cls] & group.optimal
    feats = group.feats[live]
    out = []
    if len(feats) == 0:
        return out
    # (values present, by counting: small non-negative integers, quicker than sorting)
    for feature in (P.F_H, P.F_S, P.F_SH):  # h first: 'high pair' reads better than s+h
        values = np.flatnonzero(np.bincount(feats[:, feature]))
        for v in values[1:]:
            out.append((feature, P.OP_GE, int(v)))
        for v in values[:-1]:
            out.append((feature, P.OP_LE, int(v)))
        for v in values:
            out.append((feature, P.OP_EQ, int(v)))
    for mask in np.flatnonzero(np.bincount(feats[:, P.F_RANKS])):
        out.append((P.F_RANKS, P.OP_EQ, int(mask)))
    return out + group.penalty_conditions


def _penalty_conditions(feats: np.ndarray) -> list:
    """Candidate conditions on the discards (penalty cards, suit spread, a discarded rank), from
    the values all of a pattern's rows take: decided rows included, so that a line's conditions
    do not depend on what is left undecided when it is made."""
    def values_of(feature):  # small counts: a histogram is quicker than sorting
        return np.flatnonzero(np.bincount(feats[:, feature]))

    out = []
    for feature in (P.F_FP, P.F_SP, P.F_HP, P.F_RP, P.F_SFP, P.F_BP):
        values = values_of(feature)
        if len(values) > 1:
            out.append((feature, P.OP_EQ, 0))
            out.extend((feature, P.OP_GE, int(v)) for v in values[1:])
            out.extend((feature, P.OP_LE, int(v)) for v in values[1:-1])  # "at most one"
    values = values_of(P.F_DS)
    for v in values[1:]:
        out.append((P.F_DS, P.OP_GE, int(v)))
    for v in values[:-1]:
        out.append((P.F_DS, P.OP_LE, int(v)))
    some = np.bitwise_or.reduce(feats[:, P.F_DISC])
    every = np.bitwise_and.reduce(feats[:, P.F_DISC])
    for r in range(13):
        if (some >> r) & 1 and not (every >> r) & 1:  # rank r discarded in some rows, not all
            out.append((P.F_DISC, P.OP_BIT, r))
            out.append((P.F_DISC, P.OP_NOBIT, r))
    return out


def _meets(feats: np.ndarray, condition) -> np.ndarray:
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


def derive(data: HoldData, max_lines: int = 1000) -> Strategy:
    """The exact decision list (see the module docstring)."""
    pattern_rows = data.pattern_rows
    groups = {key: _Group(data, rows) for key, rows in pattern_rows.items()}
    # Which pattern each row belongs to, to find the patterns a new line's classes touch.
    keys = list(groups)
    pattern_of_row = np.empty(len(data.keys), np.int16)
    for i, key in enumerate(keys):
        pattern_of_row[pattern_rows[key]] = i

    alive = np.ones(data.n_classes, bool)
    lines: list[tuple] = []  # rank sets stand inline in IN conditions until _indexed
    # Results that stay valid while no class of the pattern is decided: a line's safety depends
    # only on the undecided classes it meets.
    # pattern -> (safe, classes met, a class it plays wrongly or -1). An unsafe pattern stays
    # unsafe while that class is undecided, whatever else is decided.
    coarse = {}
    unsplittable = set()  # patterns with no safe split
    top_optimal = {}  # pattern -> largest CE value of an undecided class where it is optimal

    def add(base, extra, classes):
        lines.append(tuple(base) + tuple(extra))
        alive[classes] = False
        rows = (np.asarray(classes, np.int64)[:, None] * 32 + np.arange(32)).reshape(-1)
        for i in np.unique(pattern_of_row[rows]).tolist():
            verdict = coarse.get(keys[i])
            if verdict is not None and not (verdict[2] >= 0 and alive[verdict[2]]):
                del coarse[keys[i]]
            top_optimal.pop(keys[i], None)
            unsplittable.discard(keys[i])

    def base_conditions(n, w, kind):
        return ((P.F_N, P.OP_EQ, n), (P.F_W, P.OP_EQ, w), (P.F_KIND, P.OP_EQ, kind))

    def priority(group, classes):
        return int(data.ce[classes].max()) if len(classes) else -1

    everything = {k: np.ones(len(g.rows), bool) for k, g in groups.items()}
    while alive.any():
        if len(lines) >= max_lines:
            raise StrategyError(f"no exact strategy within {max_lines} lines")
        # 1. The safe coarse pattern with the largest CE value.
        best = None
        for key, group in groups.items():
            if key not in coarse:
                live = alive[group.cls]
                if 2 * np.count_nonzero(live) < len(live):
                    # Decided classes stay decided: drop their rows for good once they are most.
                    group = groups[key] = group.restricted(live)
                    everything[key] = np.ones(len(group.rows), bool)
                met, wrong = group.played(everything[key], alive)
                coarse[key] = (len(met) > 0 and len(wrong) == 0, met,
                               int(wrong[0]) if len(wrong) else -1)
            safe, classes, _ = coarse[key]
            if safe and len(classes):
                p = priority(group, classes)
                if best is None or p > best[0]:
                    best = (p, key, classes)
        if best is not None:
            add(base_conditions(*best[1]), (), best[2])
            continue
        # 2. Split the unsafe pattern with the largest CE value where it is optimal.
        ranked = []
        for key, group in groups.items():
            if key not in top_optimal:
                useful = alive[group.cls] & group.optimal
                top_optimal[key] = int(data.ce[group.cls[useful]].max()) if useful.any() else None
            if top_optimal[key] is not None:
                ranked.append((top_optimal[key], key))
        ranked.sort(reverse=True)
        chosen = None
        for _, key in ranked:
            if key in unsplittable:
                continue
            chosen = _best_split(groups[key], data, alive)
            if chosen is not None:
                add(base_conditions(*key), chosen[0], chosen[1])
                break
            unsplittable.add(key)
        if chosen is None:
            # 3. No split is safe: some deals need a hold that no pattern separates from a worse
            # one. Take the split that is wrong on the fewest deals per deal it gets right, and
            # list its wrong deals as exceptions above it.
            plan = _split_with_exceptions(groups, [key for _, key in ranked], data, alive)
            if plan is None:
                raise StrategyError(
                    f"no exact strategy table: after {len(lines)} lines, {int(alive.sum())} "
                    "suit classes are left that neither a pattern nor an exception decides")
            for key, extra, classes in plan:
                add(base_conditions(*key), extra, classes)
    return _indexed(lines)


def _split_with_exceptions(groups, keys, data: HoldData, alive, patterns: int = 4):
    """[(pattern, conditions, classes)]: exception lines, then the split they make safe.

    Among the single-condition splits of the `patterns` unsafe patterns with the largest CE
    values, the one with the fewest wrongly played classes per rightly played class is taken.
    Each wrong class gets its optimal hold as an exception: the hold's pattern and ranks, and
    `deal in {classes}`; classes of one pattern and ranks share a line.
    """
    best = None
    for key in keys[:patterns]:
        group = groups[key].restricted(alive[groups[key].cls])
        candidates = [()] + [(c,) for c in _conditions_on(group, data, alive)]
        for conditions in candidates:
            where = np.ones(len(group.rows), bool)
            for c in conditions:
                where &= _meets(group.feats, c)
            met, wrong = group.violations(where, alive)
            right = len(met) - len(wrong)
            if right <= 0:
                continue
            score = (len(wrong) / right, -int(data.sizes[np.setdiff1d(met, wrong)].sum()))
            if best is None or score < best[0]:
                best = (score, key, conditions, wrong)
    if best is None:
        return None
    _, key, conditions, wrong = best
    plan = _exception_lines(groups, data, alive, wrong)
    if plan is None:
        return None
    alive = alive.copy()
    for _, _, classes in plan:
        alive[classes] = False
    group = groups[key]
    where = np.ones(len(group.rows), bool)
    for c in conditions:
        where &= _meets(group.feats, c)
    safe, classes = group.evaluate(where, alive)
    assert safe, "a split stays unsafe after its exceptions"
    return plan + [(key, conditions, classes)]


def _exception_lines(groups, data: HoldData, alive, classes):
    """Lines that play each of `classes` optimally and meet no other deal, or None."""
    by_hold = {}
    for c in classes.tolist():
        rows = c * 32 + np.arange(32)
        rows = rows[data.optimal[rows]]
        row = int(rows[np.argmax(data.keys[rows])])  # the optimal hold a player would prefer
        f = data.feats[row]
        key = (int(f[P.F_N]), int(f[P.F_W]), int(f[P.F_KIND]))
        by_hold.setdefault((key, int(f[P.F_RANKS])), []).append((c, row))
    plan = []
    for (key, ranks), members in sorted(by_hold.items()):
        group = groups[key]
        deals = frozenset(c for c, _ in members)
        extra = ((P.F_RANKS, P.OP_EQ, ranks), (P.F_DEAL, P.OP_IN, deals))
        where = np.isin(group.cls, sorted(deals)) & (group.feats[:, P.F_RANKS] == ranks)
        safe, met = group.evaluate(where, alive)
        if safe:
            plan.append((key, extra, met))
            continue
        for c, row in members:  # pin each deal's hold by every feature it has
            conditions = tuple((feature, P.OP_EQ, int(data.feats[row, feature]))
                               for feature in range(3, P.F_DEAL))
            where = group.cls == c
            for condition in conditions:
                where &= _meets(group.feats, condition)
            safe, met = group.evaluate(where, alive)
            if not safe:
                return None
            plan.append((key, conditions + ((P.F_DEAL, P.OP_IN, frozenset([c])),), met))
    return plan


def _packed(matrix: np.ndarray) -> np.ndarray:
    """Boolean rows as 64-bit words, row i's element j at bit j % 64 of word j // 64."""
    n = matrix.shape[1]
    padded = np.zeros((matrix.shape[0], (n + 63) // 64 * 64), np.bool_)
    padded[:, :n] = matrix
    return np.packbits(padded, axis=1, bitorder="little").view("<u8")


def _grow(group: _Group, base: np.ndarray, candidates: np.ndarray, alive):
    """(rank masks joined, rows meeting): "ranks held in a set" grown while the line is safe;
    candidates are rank masks, the most deals first."""
    from .pattern_kernels import grow_rank_set

    joined, where = grow_rank_set(base, *group.by_mask(), candidates, alive, group.cls,
                                  group.keys, group.optimal)
    return candidates[joined].tolist(), where


def _best_split(group: _Group, data: HoldData, alive):
    """The safe refinement of a pattern covering the most deals.

    Tried: single conditions; pairs of them; and "ranks held in a set", the set grown from the
    rank masks where the pattern is optimal while the line stays safe, alone and with each single
    condition (so that, say, 2RF JQ, JK and QK become one line when they can).
    """
    # Rows of decided classes can neither make a line unsafe nor add to it: drop them first
    # (the pattern's own ranks order is kept, for its restrictions to share).
    group.by_mask()
    group = group.restricted(alive[group.cls])
    singles = _conditions_on(group, data, alive)
    best = None

    def consider(conditions, where):
        nonlocal best
        weight = group.safe_weight(where, alive, data.sizes)
        if weight:
            score = (weight, -len(conditions))
            if best is None or score > best[0]:
                best = (score, tuple(conditions), where)
        return weight > 0

    from .pattern_kernels import pair_verdicts

    meets = {c: _meets(group.feats, c) for c in singles}
    words = _packed(np.array([meets[c] for c in singles])) if singles else None
    if singles:  # each single condition, in numba: as the pair (c, c)
        _, weights = pair_verdicts(words, np.repeat(np.arange(len(singles)), 2).reshape(-1, 2),
                                   alive, group.cls, group.keys, group.optimal, data.sizes)
        if weights.max() > 0:
            c = singles[int(np.argmax(weights))]  # the first of the heaviest
            consider([c], meets[c])
    extras = [None] + [c for c in singles if c[0] != P.F_RANKS]
    # (the suit spread of the discards, ds, counts as a penalty feature too)
    masks = group.feats[:, P.F_RANKS]
    live = alive[group.cls] & group.optimal
    # Rank masks where the pattern is optimal, by the deals they take there (most first, then
    # by mask).
    present, which = np.unique(masks[live], return_inverse=True)
    deals = np.zeros(len(present), np.int64)
    np.add.at(deals, which, data.sizes[group.cls[live]])
    candidates = present[np.lexsort((present, -deals))].astype(np.int64)
    for extra in extras:
        base = meets[extra] if extra is not None else np.ones(len(masks), bool)
        chosen, where = _grow(group, base, candidates, alive)
        if len(chosen) > 1:
            conditions = [(P.F_RANKS, P.OP_IN, frozenset(chosen))] + ([extra] if extra else [])
            consider(conditions, where)
    if best is None and len(singles) > 1:
        # Pairs of single conditions, in numba (thousands of them, tried again after most new
        # lines). A pair that played a class wrongly does so while that class is undecided: its
        # rows and their optimality do not change. So such pairs are not tried again.
        memo = group.pairs
        first, second = memo.pairs_of(singles)
        ids = memo.ids(singles)
        failed_on = memo.failed[ids[first], ids[second]]
        unknown = ~((failed_on >= 0) & alive[np.maximum(failed_on, 0)])
        first, second = first[unknown], second[unknown]
        if len(first):
            failed, weights = pair_verdicts(words, np.stack([first, second], 1), alive,
                                            group.cls, group.keys, group.optimal, data.sizes)
            wrong = failed >= 0
            memo.failed[ids[first[wrong]], ids[second[wrong]]] = failed[wrong]
            if weights.max() > 0:
                p = int(np.argmax(weights))  # the first of the heaviest
                a, b = singles[first[p]], singles[second[p]]
                consider([a, b], meets[a] & meets[b])
    if best is None and len(extras) > 2:
        # Rank sets with two extra conditions (a pattern qualified twice, as "2RF TK if fp and
        # 9sp" in the paper).
        from .pattern_kernels import best_ranked_pair

        conditions = extras[1:]
        memo = group.pairs
        first, second = memo.pairs_of(conditions)
        if len(first):
            ids = memo.ids(conditions)
            keys = list(zip(ids[first].tolist(), ids[second].tolist()))
            known = [memo.dead_ends.get(key) for key in keys]
            skip = np.zeros(len(keys), bool)
            listed = [p for p, classes in enumerate(known) if classes is not None]
            if listed:  # dead ends whose failing classes are all still undecided
                classes = [known[p] for p in listed]
                starts = np.cumsum([0] + [len(c) for c in classes[:-1]])
                skip[listed] = np.logical_and.reduceat(alive[np.concatenate(classes)], starts)
            found, joined, offsets, failing = best_ranked_pair(
                np.array([meets[c] for c in conditions]), np.stack([first, second], 1), skip,
                *group.by_mask(), candidates, alive, group.cls, group.keys, group.optimal,
                data.sizes)
            for p in np.flatnonzero(offsets[1:] > offsets[:-1]).tolist():
                memo.dead_ends[keys[p]] = failing[offsets[p]:offsets[p + 1]]
            if found >= 0:
                a, b = conditions[first[found]], conditions[second[found]]
                chosen = candidates[joined].tolist()
                ranks = ((P.F_RANKS, P.OP_IN, frozenset(chosen)) if len(chosen) > 1
                         else (P.F_RANKS, P.OP_EQ, chosen[0]))
                where = meets[a] & meets[b] & np.isin(group.feats[:, P.F_RANKS], chosen)
                consider([ranks, a, b], where)
    if best is None:
        return None
    return best[1], group.evaluate(best[2], alive)[1]


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
            met = _meets(features[key], condition)
            if condition[1] != P.OP_IN:
                cache["condition"][key, condition] = met
        where = met if where is None else where & met
    out = cache["line"][conditions] = rows if where is None else rows[where]
    return out


class _Compactor:
    """Try edits of an exact list, keeping only those that leave it exact.

    Each (class, hold) row keeps a bitset of the lines (slots) it meets, so an edit recomputes
    one line's column and re-decides every class in numba.
    """

    # Words of slot bits per row: room for the lines and a merged line per line.
    # Every check scans every word of a row, so no more than that.
    WORDS = 1

    def __init__(self, data: HoldData, lines: list[tuple]):
        from .pattern_kernels import decide_classes, move_column

        self._decide, self._move = decide_classes, move_column
        self.data = data
        self.WORDS = max(self.WORDS, (2 * len(lines)) // 32 + 2)
        self.slots: list[tuple] = []
        self.slot_rows: dict[int, np.ndarray] = {}  # the rows meeting each slot's line
        # Word-major, so that a line's column is one run; 32 slots a word.
        self.bits = np.zeros((self.WORDS, len(data.keys)), np.uint32)
        self.order: list[int] = []
        for line in lines:
            self.order.append(self.new_slot(line))
        self._decider = None  # see _deciders
        self._checked = np.empty(0, np.int64)  # the classes the last `exact` checked
        self._touched_last = self._checked  # the classes its lines meet
        self.failed_on = -1  # the class it found played wrongly
        # A trial that failed on class c fails again while no accepted edit has touched c (the
        # lines meeting c's holds and their order are unchanged): retrying it is skipped.
        self.version = 0
        self.changed_at = np.zeros(data.n_classes, np.int64)  # class -> last edit touching it
        self._failed: dict = {}  # trial -> (class it failed on, version then)

    def _still_fails(self, trial) -> bool:
        if trial not in self._failed:
            return False
        c, version = self._failed[trial]
        return self.changed_at[c] <= version

    def _failed_now(self, trial) -> None:
        self._failed[trial] = (self.failed_on, self.version)

    def set_slot(self, slot: int, conditions: tuple) -> None:
        if slot < len(self.slots):
            self.slots[slot] = conditions
        self.put(slot, self.rows_meeting(conditions))

    def rows_meeting(self, conditions: tuple) -> np.ndarray:
        return rows_meeting(self.data, conditions)

    def put(self, slot: int, rows: np.ndarray) -> None:
        """Set the slot's bit on exactly these rows (clearing only where it was set: a full
        pass over millions of rows per edit was most of the compaction time)."""
        self._move(self.bits, slot, self.slot_rows.get(slot, np.empty(0, np.int64)), rows)
        self.slot_rows[slot] = rows

    def touched(self, slots) -> np.ndarray:
        """The classes with a hold meeting any of the given slots' lines (ascending)."""
        from .pattern_kernels import classes_of

        rows = [self.slot_rows[s] for s in slots if s in self.slot_rows]
        rows = np.concatenate(rows) if rows else np.empty(0, np.int64)
        return classes_of(rows, self.data.n_classes)

    def new_slot(self, conditions: tuple) -> int:
        if len(self.slots) >= 32 * self.WORDS:
            raise RuntimeError("too many lines to compact")
        self.slots.append(conditions)
        self.set_slot(len(self.slots) - 1, conditions)
        return len(self.slots) - 1

    def positions(self, order=None) -> np.ndarray:
        position = np.full(32 * self.WORDS, -1, np.int32)
        for place, slot in enumerate(self.order if order is None else order):
            position[slot] = place
        return position

    def exact(self, order=None, slots=None, since=None) -> bool:
        """Whether the list (this order, or a trial order) plays every class optimally.

        With `slots`, only classes with a hold meeting one of those lines are re-checked: an
        edit of those lines can change nothing else. With `since` too (the first place in the
        current list that the trial changes), classes decided above that place are skipped as
        well. If the trial is exact it becomes the list: call `accept` with it.
        """
        position = self.positions(order)
        if slots is None:
            classes = np.arange(self.data.n_classes)
        else:
            classes = self.touched(slots)
            if since is not None:
                decider = self._deciders()[classes]
                current = self.positions()
                place = np.where(decider < 0, since, current[decider])
                classes = classes[place >= since]
        self._checked = classes
        self._touched_last = classes if slots is None else self.touched(slots)
        self.failed_on = int(self._decide(self.bits, position, self.data.keys,
                                          self.data.optimal, classes))
        return self.failed_on < 0

    def accept(self, order) -> None:
        """Make a trial order (just found exact) the list, and note who decides what now."""
        self.order = order
        self.version += 1
        self.changed_at[self._touched_last] = self.version
        if self._decider is not None:
            from .pattern_kernels import decide_into

            decide_into(self.bits, self.positions(), np.array(order, np.int32), self.data.keys,
                        self._checked, self._decider)

    def _deciders(self) -> np.ndarray:
        """The slot of the line deciding each class in the current list (-1: none)."""
        if self._decider is None:
            from .pattern_kernels import decide_into

            self._decider = np.full(self.data.n_classes, -1, np.int32)
            decide_into(self.bits, self.positions(), np.array(self.order, np.int32),
                        self.data.keys, np.arange(self.data.n_classes), self._decider)
        return self._decider

    def lines(self) -> list[tuple]:
        return [self.slots[slot] for slot in self.order]

    def run(self) -> None:
        changed = True
        while changed:
            changed = self._remove() | self._generalise() | self._merge()

    def _remove(self) -> bool:
        changed = False
        for slot in list(reversed(self.order[:-1])):
            if self._still_fails(("remove", slot)):
                continue
            trial = [s for s in self.order if s != slot]
            if self.exact(trial, [slot], since=self.order.index(slot)):
                self.accept(trial)
                changed = True
            else:
                self._failed_now(("remove", slot))
        return changed

    def _generalise(self) -> bool:
        changed = False
        for slot in list(self.order):
            conditions = self.slots[slot]
            for condition in conditions[3:]:
                if condition not in self.slots[slot]:
                    continue
                before, rows = self.slots[slot], self.slot_rows[slot]
                wider = tuple(c for c in before if c != condition)
                if self._still_fails(("generalise", slot, wider)):
                    continue
                self.set_slot(slot, wider)
                if self.exact(slots=[slot], since=self.order.index(slot)):
                    self.accept(self.order)
                    changed = True
                else:
                    self._failed_now(("generalise", slot, wider))
                    self.slots[slot] = before
                    self.put(slot, rows)
        return changed

    def _merge(self) -> bool:
        """Two lines of one pattern and the same other conditions, held ranks differing: one line
        listing both rank sets, at the place of either."""
        changed = False
        i = 0
        while i < len(self.order):
            j = i + 1
            while j < len(self.order):
                a, b = self.order[i], self.order[j]
                merged = _merged(self.slots[a], self.slots[b])
                if merged is not None and not (self._still_fails(("merge", a, b, a))
                                               and self._still_fails(("merge", a, b, b))):
                    slot = self.new_slot(merged)
                    for keep in (i, j):
                        trial = list(self.order)
                        trial[keep] = slot
                        del trial[j if keep == i else i]
                        if self.exact(trial, [a, b, slot], since=i):
                            self.accept(trial)
                            changed = True
                            break
                        self._failed_now(("merge", a, b, a if keep == i else b))
                    else:
                        self.slots.pop()
                        self.put(slot, np.empty(0, np.int64))
                        j += 1
                        continue
                    j = i + 1
                    continue
                j += 1
            i += 1
        return changed


def _loosely_merged(a: tuple, b: tuple):
    """Two lines of one pattern as one: rank sets joined, the other conditions both share."""
    if a[:3] != b[:3]:
        return None
    ra, rb = _rank_condition(a), _rank_condition(b)
    shared = tuple(c for c in a[3:] if c in b[3:] and c not in (ra, rb))
    if ra is not None and rb is not None:
        masks = set()
        for c in (ra, rb):
            masks |= {c[2]} if c[1] == P.OP_EQ else set(c[2])
        return a[:3] + ((P.F_RANKS, P.OP_IN, frozenset(masks)),) + shared
    return a[:3] + shared


def _named(strategy: Strategy) -> list[tuple]:
    """Lines with IN values as the rank sets themselves."""
    return [tuple((f, op, strategy.rank_sets[v] if op == P.OP_IN else v) for f, op, v in line)
            for line in strategy.lines]


def _rank_condition(line):
    for c in line[3:]:
        if c[0] == P.F_RANKS and c[1] in (P.OP_EQ, P.OP_IN):
            return c
    return None


def _merged(a: tuple, b: tuple):
    if a[:3] != b[:3]:
        return None
    ra, rb = _rank_condition(a), _rank_condition(b)
    if ra is None or rb is None:
        return None
    rest_a = sorted(c for c in a[3:] if c != ra)
    rest_b = sorted(c for c in b[3:] if c != rb)
    if rest_a != rest_b:
        return None
    masks = set()
    for c in (ra, rb):
        masks |= {c[2]} if c[1] == P.OP_EQ else set(c[2])
    return a[:3] + ((P.F_RANKS, P.OP_IN, frozenset(masks)),) + tuple(rest_a)


def compact(data: HoldData, strategy: Strategy) -> Strategy:
    """The shortest exact list the edits reach (see _Compactor), with rank sets indexed."""
    compactor = _Compactor(data, _named(strategy))
    if not compactor.exact():
        raise AssertionError("the derived list is not exact")
    compactor.run()
    return _indexed(compactor.lines())


def _indexed(lines: list[tuple]) -> Strategy:
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
