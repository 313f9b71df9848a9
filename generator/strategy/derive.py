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
Merging lines comes next, in `compact`. Nothing here is specific to a game or a pay table.

In: `holds.HoldData`. Out: a `holds.Strategy`, exact on every class by construction (or a
StrategyError naming what the features cannot split).
"""

import functools

import numpy as np

from ..core.errors import StrategyError
from . import features as P
from .holds import HoldData, Strategy, indexed, rows_meet


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


class PatternGroup:
    """The rows of one hold pattern, sorted by class, then by order key descending, with which
    of them are right (`holds.Pattern` holds what does not depend on the pays).

    A restriction (`restricted`) keeps some of the rows, in order; their features are gathered
    only when first needed (most patterns are never split).
    """

    def __init__(self, data: HoldData, key: tuple):
        pattern = data.patterns[key]
        self.data = data
        self.pattern = pattern  # shared with every restriction of the group
        self.index = None  # the rows kept, as indexes into the pattern's rows (None: all)
        self.rows, self.cls, self.keys = pattern.rows, pattern.cls, pattern.keys
        self.optimal = data.optimal[self.rows]
        self.pairs = _PairMemo()  # shared with every restriction of the group

    def restricted(self, keep: np.ndarray) -> "PatternGroup":
        """The same group with only the rows marked in `keep` (order kept)."""
        out = object.__new__(PatternGroup)
        for name in ("rows", "cls", "keys", "optimal"):
            setattr(out, name, getattr(self, name)[keep])
        out.index = np.flatnonzero(keep) if self.index is None else self.index[keep]
        if "by_feature" in self.__dict__:
            out.by_feature = self.by_feature[:, keep]
        if "_by_mask" in self.__dict__:
            # Rows sorted by held ranks: this group's order, kept rows only (as a stable sort
            # of theirs would give), rather than a sort per split.
            order, masks, _ = self._by_mask
            kept = keep[order]
            out._by_mask = ((np.cumsum(keep) - 1)[order[kept]], masks[kept],
                            _class_starts(out.cls))
        for name in ("data", "pairs", "pattern"):
            setattr(out, name, getattr(self, name))  # shared: they hold for the rows kept
        return out

    @functools.cached_property
    def by_feature(self) -> np.ndarray:
        """(features, rows): every test reads one feature of every row, so each is contiguous."""
        if self.index is None:
            return self.pattern.by_feature
        return self.pattern.by_feature[:, self.index]

    @property
    def feats(self) -> np.ndarray:
        """(rows, features): `by_feature` seen row by row (a view)."""
        return self.by_feature.T

    @property
    def penalty_conditions(self) -> list:
        """From all of the pattern's rows, decided ones too (see _penalty_conditions)."""
        return self.pattern.derived("penalty_conditions",
                                    lambda p: _penalty_conditions(p.by_feature))

    def by_mask(self):
        """(rows sorted by held ranks, their rank masks, first row of each row's class)."""
        if "_by_mask" not in self.__dict__:
            # The pattern's order, kept rows only: as a stable sort of theirs would give.
            order, masks, starts = self.pattern.derived("by_mask", _by_mask)
            if self.index is not None:
                keep = np.zeros(len(self.pattern.rows), bool)
                keep[self.index] = True
                kept = keep[order]
                order, masks = (np.cumsum(keep) - 1)[order[kept]], masks[kept]
                starts = _class_starts(self.cls)
            self._by_mask = (order, masks, starts)
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
        # (wrong comes in class order, repeats side by side: np.unique's sort is not needed)
        return met, wrong[np.r_[True, wrong[1:] != wrong[:-1]]] if len(wrong) else wrong

    def played(self, where: np.ndarray, alive: np.ndarray):
        """(classes met, class of every top-key row that is not optimal: repeats possible)."""
        from .derive_kernels import played_classes  # (lazy: numba)

        return played_classes(where, alive, self.cls, self.keys, self.optimal)

    def safe_weight(self, where: np.ndarray, alive: np.ndarray, sizes: np.ndarray) -> int:
        """The deals a line would decide if it is safe, else 0 (the fast check, in numba)."""
        from .derive_kernels import line_is_safe  # (lazy: numba)

        safe, weight = line_is_safe(where, alive, self.cls, self.keys, self.optimal, sizes)
        return int(weight) if safe else 0


def _class_starts(cls: np.ndarray) -> np.ndarray:
    """For each row, the first row of its class (rows come grouped by class)."""
    first = np.ones(len(cls), bool)
    first[1:] = cls[1:] != cls[:-1]
    return np.flatnonzero(first)[np.cumsum(first) - 1]


def _by_mask(group) -> tuple:
    """PatternGroup.by_mask of a group (or a whole `holds.Pattern`)."""
    masks = group.by_feature[P.F_RANKS]
    order = np.argsort(masks, kind="stable")
    return order, masks[order], _class_starts(group.cls)


def _conditions_on(group: PatternGroup, data: HoldData, alive, counts=P.COUNTS):
    """Candidate single conditions for splitting a pattern, from the values its rows take:
    thresholds on `counts` (h first: 'high pair' reads better than s+h), the ranks held and
    the penalties."""
    live = alive[group.cls] & group.optimal
    columns = group.by_feature[:, live]
    out = []
    if columns.shape[1] == 0:
        return out
    out = thresholds(columns, counts)
    for mask in np.flatnonzero(np.bincount(columns[P.F_RANKS])):
        out.append((P.F_RANKS, P.OP_EQ, int(mask)))
    return out + group.penalty_conditions


def thresholds(columns: np.ndarray, counts=P.COUNTS) -> list:
    """Each of `counts` (features, of `columns`: features x rows) at least and at most each
    value the rows take, and equal to it but for a score (a score is a threshold: "s+h−fp = 2"
    splits nothing a player would)."""
    out = []
    for feature in counts:
        values = values_of(columns[feature])
        out += [(feature, P.OP_GE, int(v)) for v in values[1:]]
        out += [(feature, P.OP_LE, int(v)) for v in values[:-1]]
        if feature not in P.SCORES:
            out += [(feature, P.OP_EQ, int(v)) for v in values]
    return out


def values_of(column: np.ndarray) -> np.ndarray:
    """The values a column of small integers takes, ascending: by counting, quicker than
    sorting (a score, s + h less penalty cards, can be negative)."""
    low = int(column.min())
    return np.flatnonzero(np.bincount(column - low)) + low


def _penalty_conditions(columns: np.ndarray) -> list:
    """Candidate conditions on the discards (penalty cards, suit spread, a discarded rank), from
    the values all of a pattern's rows take (`columns`: features, rows): decided rows included,
    so that a line's conditions do not depend on what is left undecided when it is made."""
    def values_of(feature):  # small counts: a histogram is quicker than sorting
        return np.flatnonzero(np.bincount(columns[feature]))

    out = []
    for feature in (P.F_FP, P.F_SP, P.F_HP, P.F_RP, P.F_SFP, P.F_BP):
        values = values_of(feature)
        if len(values) > 1:
            out.append((feature, P.OP_EQ, 0))
            out.extend((feature, P.OP_GE, int(v)) for v in values[1:])
            out.extend((feature, P.OP_LE, int(v)) for v in values[1:-1])  # "at most one"
    if len(values_of(P.F_WS)) > 1:  # the held suit a wild card's or not (One Eyed Jacks)
        out.extend([(P.F_WS, P.OP_EQ, 1), (P.F_WS, P.OP_EQ, 0)])
    for feature in (P.F_KC, P.F_KCD):  # black jacks held, discarded (Black Jack Bonus)
        values = values_of(feature)
        if len(values) > 1:
            out.extend((feature, P.OP_EQ, int(v)) for v in values)
    if len(values_of(P.F_BEST)) > 1:  # "the best such draw" (never "not the best": no player
        out.append((P.F_BEST, P.OP_EQ, 1))  # would read that)
    values = values_of(P.F_DS)
    for v in values[1:]:
        out.append((P.F_DS, P.OP_GE, int(v)))
    for v in values[:-1]:
        out.append((P.F_DS, P.OP_LE, int(v)))
    some = np.bitwise_or.reduce(columns[P.F_DISC])
    every = np.bitwise_and.reduce(columns[P.F_DISC])
    for r in range(13):
        if (some >> r) & 1 and not (every >> r) & 1:  # rank r discarded in some rows, not all
            out.append((P.F_DISC, P.OP_BIT, r))
            out.append((P.F_DISC, P.OP_NOBIT, r))
    return out


def derive(data: HoldData, max_lines: int = 1000, counts=P.COUNTS) -> Strategy:
    """The exact decision list (see the module docstring); a split may set thresholds on
    `counts` (s, h, s + h; the scores too, where they are offered)."""
    groups = {key: PatternGroup(data, key) for key in data.patterns}
    # Which pattern each row belongs to, to find the patterns a new line's classes touch.
    keys = list(groups)
    pattern_of_row = np.empty(len(data.keys), np.int16)
    for i, key in enumerate(keys):
        pattern_of_row[data.patterns[key].rows] = i

    alive = np.ones(data.n_classes, bool)
    lines: list[tuple] = []  # rank sets stand inline in IN conditions until indexed
    # Results that stay valid while no class of the pattern is decided: a line's safety depends
    # only on the undecided classes it meets.
    # pattern -> (safe, classes met, a class it plays wrongly or -1). An unsafe pattern stays
    # unsafe while that class is undecided, whatever else is decided.
    coarse = {}
    unsplittable = set()  # patterns with no safe split
    # pattern -> (largest CE value of an undecided class where it is optimal, that class), or
    # None. Deciding classes only lowers it, and only when that class is decided: kept till then.
    top_optimal = {}

    def add(base, extra, classes):
        lines.append(tuple(base) + tuple(extra))
        alive[classes] = False
        rows = (np.asarray(classes, np.int64)[:, None] * 32 + np.arange(32)).reshape(-1)
        for i in np.unique(pattern_of_row[rows]).tolist():
            verdict = coarse.get(keys[i])
            if verdict is not None and not (verdict[2] >= 0 and alive[verdict[2]]):
                del coarse[keys[i]]
            top = top_optimal.get(keys[i])
            if top is not None and not alive[top[1]]:
                del top_optimal[keys[i]]
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
                top_optimal[key] = _top_optimal(group, data, alive)
            if top_optimal[key] is not None:
                ranked.append((top_optimal[key][0], key))
        ranked.sort(reverse=True)
        chosen = None
        for _, key in ranked:
            if key in unsplittable:
                continue
            chosen = _best_split(groups[key], data, alive, counts)
            if chosen is not None:
                add(base_conditions(*key), chosen[0], chosen[1])
                break
            unsplittable.add(key)
        if chosen is None:
            # 3. No split is safe: some deals need a hold that no pattern separates from a worse
            # one. Take the split that is wrong on the fewest deals per deal it gets right, and
            # list its wrong deals as exceptions above it.
            plan = _split_with_exceptions(groups, [key for _, key in ranked], data, alive,
                                          counts)
            if plan is None:
                raise StrategyError(
                    f"no exact strategy table: after {len(lines)} lines, {int(alive.sum())} "
                    "suit classes are left that neither a pattern nor an exception decides")
            for key, extra, classes in plan:
                add(base_conditions(*key), extra, classes)
    return indexed(lines)


def _top_optimal(group: PatternGroup, data: HoldData, alive):
    """(the largest CE value of an undecided class where the pattern is optimal, that class),
    or None."""
    useful = group.cls[alive[group.cls] & group.optimal]
    if not len(useful):
        return None
    best = int(np.argmax(data.ce[useful]))
    return int(data.ce[useful[best]]), int(useful[best])


def _split_with_exceptions(groups, keys, data: HoldData, alive, counts, patterns: int = 4):
    """[(pattern, conditions, classes)]: exception lines, then the split they make safe.

    Among the single-condition splits of the `patterns` unsafe patterns with the largest CE
    values, the one with the fewest wrongly played classes per rightly played class is taken.
    Each wrong class gets its optimal hold as an exception: the hold's pattern and ranks, and
    `deal in {classes}`; classes of one pattern and ranks share a line.
    """
    best = None
    for key in keys[:patterns]:
        group = groups[key].restricted(alive[groups[key].cls])
        candidates = [()] + [(c,) for c in _conditions_on(group, data, alive, counts)]
        for conditions in candidates:
            where = np.ones(len(group.rows), bool)
            for c in conditions:
                where &= rows_meet(group.feats, c)
            met, wrong = group.violations(where, alive)
            right = len(met) - len(wrong)
            if right <= 0:
                continue
            # (every wrong class is one the line meets: the deals it plays right, by difference)
            score = (len(wrong) / right,
                     -int(data.sizes[met].sum() - data.sizes[wrong].sum()))
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
        where &= rows_meet(group.feats, c)
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
        f = data.holds.features_of(row)
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
            f = data.holds.features_of(row)
            conditions = tuple((feature, P.OP_EQ, int(f[feature]))
                               for feature in range(3, P.F_DEAL))
            where = group.cls == c
            for condition in conditions:
                where &= rows_meet(group.feats, condition)
            safe, met = group.evaluate(where, alive)
            if not safe:
                return None
            plan.append((key, conditions + ((P.F_DEAL, P.OP_IN, frozenset([c])),), met))
    return plan


def condition_rows(group: PatternGroup, conditions: list, out: np.ndarray | None = None
                   ) -> np.ndarray:
    """(conditions, rows) bool: the group's rows meeting each single condition (no rank or
    deal sets), in one numba call (`rows_meet` is the same test, one condition at a time);
    written into `out` where given (rows of a larger matrix: no copy)."""
    from . import derive_kernels  # (lazy: numba)

    features, ops, values = (np.array(x, np.int64) for x in zip(*conditions))
    if out is None:
        out = np.empty((len(conditions), group.by_feature.shape[1]), np.bool_)
    return derive_kernels.condition_rows(group.by_feature, features, ops, values, out)


def _packed(matrix: np.ndarray) -> np.ndarray:
    """Boolean rows as 64-bit words, row i's element j at bit j % 64 of word j // 64."""
    n = matrix.shape[1]
    padded = np.zeros((matrix.shape[0], (n + 63) // 64 * 64), np.bool_)
    padded[:, :n] = matrix
    return np.packbits(padded, axis=1, bitorder="little").view("<u8")


def _grow(group: PatternGroup, base: np.ndarray, candidates: np.ndarray, alive):
    """(rank masks joined, rows meeting): "ranks held in a set" grown while the line is safe;
    candidates are rank masks, the most deals first."""
    from .derive_kernels import grow_rank_set  # (lazy: numba)

    joined, where = grow_rank_set(base, *group.by_mask(), candidates, alive, group.cls,
                                  group.keys, group.optimal)
    return candidates[joined].tolist(), where


def _grown(group: PatternGroup, bases: np.ndarray, candidates: np.ndarray, alive, sizes):
    """`_grow` on each row of `bases`: (candidates joined, per base; the deals the line decides
    where it is safe and more than one candidate joined, else 0)."""
    from .derive_kernels import grow_rank_sets  # (lazy: numba)

    return grow_rank_sets(bases, *group.by_mask(), candidates, alive, group.cls, group.keys,
                          group.optimal, sizes)


def _best_split(group: PatternGroup, data: HoldData, alive, counts=P.COUNTS):
    """The safe refinement of a pattern covering the most deals.

    Tried: single conditions; pairs of them; and "ranks held in a set", the set grown from the
    rank masks where the pattern is optimal while the line stays safe, alone and with each single
    condition (so that, say, 2RF JQ, JK and QK become one line when they can).
    """
    # Rows of decided classes can neither make a line unsafe nor add to it: drop them first
    # (the pattern's own ranks order is kept, for its restrictions to share).
    group.by_mask()
    group = group.restricted(alive[group.cls])
    singles = _conditions_on(group, data, alive, counts)
    best = None

    def consider(conditions, where):
        nonlocal best
        weight = group.safe_weight(where, alive, data.sizes)
        if weight:
            score = (weight, -len(conditions))
            if best is None or score > best[0]:
                best = (score, tuple(conditions), where)
        return weight > 0

    from .derive_kernels import pair_verdicts  # (lazy: numba)

    stacked = condition_rows(group, singles) if singles else None
    meets = dict(zip(singles, stacked)) if singles else {}
    words = _packed(stacked) if singles else None
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
    # Each set grown alone and with each extra condition, in one numba call.
    bases = np.ones((len(extras), len(masks)), bool)
    if len(extras) > 1:
        bases[1:] = stacked[[i for i, c in enumerate(singles) if c[0] != P.F_RANKS]]
    joined, weights = _grown(group, bases, candidates, alive, data.sizes)
    for k, extra in enumerate(extras):
        if weights[k] and (best is None or (weights[k], -1 - (extra is not None)) > best[0]):
            chosen = candidates[joined[k]].tolist()
            conditions = [(P.F_RANKS, P.OP_IN, frozenset(chosen))] + ([extra] if extra else [])
            consider(conditions, _grow(group, bases[k], candidates, alive)[1])
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
        from .derive_kernels import best_ranked_pair

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
