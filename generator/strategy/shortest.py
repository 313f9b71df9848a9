"""Shortest descriptions: each line of a table re-described by the shortest conditions that
keep the whole table playing as well as it does.

In: holds' features (`holds.HoldData`, whose `optimal` marks the holds a class may be played
with: the optimal ones for the exact table, those at least as good as today's play for a
level) and a table's lines (rank sets inline). Out: lines deciding each class at least as well,
each described by at most three threshold or penalty conditions (s, h, s+h, fp, sp, hp, rp,
sfp, ds, a discarded rank) and at most four sets of ranks held, where such a description
exists; a line keeps its own description where none shorter does.

Why it is exact. Lines are taken from the top. A new description of line i that meets every
hold line i plays today keeps every class line i decides; the classes it meets besides are
classes that lines below decided, and it is *safe* there (`derive`'s sense: on every class not
decided above it, the hold it picks is allowed) exactly when the table stays right on them.
The classes left to the lines below lose nothing they decided right. So a safe, covering
description keeps the table exact, and the check is the fast one the derivation uses.

On exact tables, four steps change the lines themselves, each checked so: `split_long` (a long
line as a few short ones), `without_needless` (a line the others play without, removed),
`merged` (two lines of one pattern as one) and `halved` (a long list of rank sets as two
lines); `plays_right` plays a table on every class.
"""

import functools
from itertools import combinations, islice

import numpy as np

from . import features as P
from .compact import MAX_LISTED, Compactor
from .derive import PatternGroup, condition_rows, thresholds
from .describe import by_rank, condition_text, describe_line, rank_universe
from .holds import HoldData, indexed, rows_meet, rows_meeting
from .levels import play, tolerant, without_idle
from .rank_words import MIN_LISTED, SHORTER, narrowed, near_phrases, rank_phrase

MAX_RANK_SETS = 4  # "KQ or KJ or QJ": longer lists stay as they are
MAX_THRESHOLDS = 3
MAX_TRIALS = 20_000  # candidate descriptions checked per line, cheapest first
TRIMMED_TRIES = 30  # descriptions of a long card line priced against the card's allowance
PHRASED_TRIES = 30  # phrases of a long card line's rank list priced against its allowance


def shortest(data: HoldData, lines: list[tuple], family: str, start: int = 0,
             counts=P.COUNTS) -> list[tuple]:
    """The lines (rank sets inline), each re-described as briefly as the table allows;
    `family` (natural, deuces, joker) says which rank sets a hold can have; `counts`, the
    features a threshold may be set on (as the derivation was offered them). Lines above
    `start` are left as they are."""
    place, held = play(data, lines)
    checkers: dict = {}
    out = list(lines)
    for i, line in enumerate(out):
        if len(line) <= 3 or i < start:
            continue  # a bare pattern: nothing shorter
        key = tuple(c[2] for c in line[:3])
        if key not in checkers:
            checkers[key] = _Checker(PatternGroup(data, key), counts)
        checker = checkers[key]
        alive = (place < 0) | (place >= i)
        found = _shorter(checker, line, alive, place == i, held, family)
        if found is None:
            continue
        out[i] = line[:3] + found
        met, masks = checker.played(found, alive)
        place[met] = i
        held[met] = masks
    return out


# What a rank held or not ("no 5 held") costs beyond its characters: a short list of the ranks
# held reads plainer where it is not much longer ("4SF 2D: T9 or 98 or 87 or 76", not "4SF
# 2D: no 5 held, s≥4"; but "3SF: no A held", not "3SF: any but A54 or A53 or A43").
HELD_RANK_COST = 8
# What a score costs beyond its characters where the re-description is not offered scores: the
# card and simple levels descend from a table derived with s+h−fp, but are re-described without
# the scores, so that a line says "3RF: KQJ or QJT, no fp" rather than "3RF: s+h−fp≥5" where
# the table stays as good (a score on a card costs its key entry, about this long: 9/7 Double
# Bonus's card was 7.5 pt with it, 8 pt without). A line with no other description keeps it.
UNOFFERED_SCORE_COST = 30


def cost(conditions, universe=None) -> int:
    """Characters of a description in the short notation, as `condition_text` writes it:
    what a player reads. A rank set costs its ranks and the " or " between sets, or, where it is
    written "any but ..." (most of the sets a hold of its kind can have), the sets left out; a
    rank held or not, HELD_RANK_COST more than its characters."""
    total = 0
    for feature, op, value in conditions:
        if feature == P.F_RANKS and op in (P.OP_BIT, P.OP_NOBIT):
            total += HELD_RANK_COST
        if op == P.OP_IN and feature == P.F_RANKS:
            masks = set(value)
            if universe is not None and masks <= universe and \
                    2 * len(universe - masks) <= len(masks):
                masks, total = universe - masks, total + len("any but ")
            total += sum(bin(m).count("1") for m in masks) + 4 * (len(masks) - 1)
        elif op == P.OP_IN:
            total += 1000  # a deal exception: never shorter than a pattern
        else:
            total += len(condition_text(feature, op, value, [frozenset()], None)[1])
        total += 2  # ", "
    return total


def line_cost(line: tuple, family: str) -> int:
    """`cost` of a line's conditions beyond its pattern."""
    n, w, kind = (c[2] for c in line[:3])
    return cost(line[3:], rank_universe(kind, n - w, family))


def _shorter(checker: "_Checker", line: tuple, alive, decided, held, family):
    """The cheapest of `_descriptions`, or None."""
    return next(_descriptions(checker, line, alive, decided, held, family), None)


def _descriptions(checker: "_Checker", line: tuple, alive, decided, held, family,
                  under: int | None = None):
    """Conditions shorter than the line's own (and than `under`, if given) that cover every
    hold it plays on the classes it decides and are safe on the classes alive at its place,
    cheapest first (a generator).

    Tried cheapest first: up to MAX_THRESHOLDS single conditions true on every hold the line
    plays, alone, with the set of ranks those holds have (if at most MAX_RANK_SETS), or with
    "any but" up to MAX_RANK_SETS rank sets, each left out because the line played it wrongly.
    """
    n, w, kind = (c[2] for c in line[:3])
    universe = rank_universe(kind, n - w, family)
    own = cost(line[3:], universe) + UNOFFERED_SCORE_COST * sum(
        1 for c in line[3:] if c[0] in P.SCORES and c[0] not in checker.counts)
    if under is not None:
        own = min(under, own)
    runs = checker.runs_of(alive)
    if not len(runs):
        return
    mine = checker.played_rows(np.flatnonzero(decided), held)
    if not len(mine):
        return
    # Single conditions true on every hold the line plays now (any other would drop one).
    covered = checker.group.feats[mine]
    singles = _covering(checker.conditions, covered)
    masks = np.unique(covered[:, P.F_RANKS])
    ranks = []
    if len(masks) <= MAX_RANK_SETS:
        ranks.append((P.F_RANKS, P.OP_EQ, int(masks[0])) if len(masks) == 1 else
                     (P.F_RANKS, P.OP_IN, frozenset(masks.tolist())))
    # The tightest description (every covering condition at once) is tried first: where even it
    # plays some class wrongly, a looser one seldom plays it right, and most lines end here.
    covered = masks.astype(np.int64)
    tightest = tuple(singles) + tuple(ranks)
    if checker.safe([tightest], runs) < 0 and not (
            universe and len(checker.left_out(tuple(singles), runs, covered))):
        return
    # Every description cheaper than the line's own, cheapest first: up to MAX_THRESHOLDS single
    # conditions, alone, with the rank sets, or with "any but" (at least its words and a set).
    singles.sort(key=lambda c: cost((c,)))  # (stable: conditions of one price stay in order)
    checker.add(singles + ranks)
    index = np.array([checker.index[c] for c in singles + ranks], np.int64)
    price = np.array([cost((c,)) for c in singles], np.int64)
    combos, totals = _combinations(len(singles), price, own)
    plain = np.full((len(combos), MAX_THRESHOLDS + 1), -1, np.int64)
    plain[:, :MAX_THRESHOLDS] = np.where(combos >= 0, index[np.maximum(combos, 0)], -1)
    sizes = (combos >= 0).sum(axis=1)
    short = sizes < MAX_THRESHOLDS
    parts = [(plain, totals, sizes, np.zeros(len(plain), bool))]
    for r, rank in enumerate(ranks):
        with_ranks = plain[short].copy()
        with_ranks[:, MAX_THRESHOLDS] = index[len(singles) + r]
        parts.append((with_ranks, totals[short] + cost((rank,), universe), sizes[short] + 1,
                      np.zeros(short.sum(), bool)))
    if universe:
        parts.append((plain[short], totals[short] + len("any but ") + n - w + 2,
                      sizes[short] + 1, np.ones(short.sum(), bool)))
    trials, totals, sizes, any_but = (np.concatenate(x) for x in zip(*parts))
    keep = totals < own
    trials, totals, sizes, any_but = trials[keep], totals[keep], sizes[keep], any_but[keep]
    order = np.lexsort((sizes, totals))[:MAX_TRIALS]
    trials, any_but = trials[order], any_but[order]

    def conditions_of(row):
        return tuple(checker.conditions_by_index[j] for j in row if j >= 0)

    at = 0
    while True:
        at, left_out = checker.next_description(trials, any_but, at, runs, covered)
        if at < 0:
            return
        if not any_but[at]:
            yield _in_order(conditions_of(trials[at]))
        else:
            conditions = conditions_of(trials[at])
            ranks_in = (P.F_RANKS, P.OP_IN, frozenset(universe - set(left_out.tolist())))
            if cost((ranks_in,) + conditions, universe) < own:
                yield (ranks_in,) + _in_order(conditions)
        at += 1


def _in_order(conditions: tuple) -> tuple:
    """Rank sets first, then the thresholds (cheapest first, as the search tried them)."""
    ranks = tuple(c for c in conditions if c[0] == P.F_RANKS)
    return ranks + tuple(c for c in conditions if c[0] != P.F_RANKS)


@functools.lru_cache(maxsize=64)
def _index_combinations(k: int) -> np.ndarray:
    """Every combination of up to MAX_THRESHOLDS of range(k), as rows padded with -1."""
    rows = [(-1,) * MAX_THRESHOLDS]
    for size in range(1, MAX_THRESHOLDS + 1):
        rows += [c + (-1,) * (MAX_THRESHOLDS - size) for c in combinations(range(k), size)]
    return np.array(rows, np.int64).reshape(-1, MAX_THRESHOLDS)


def _combinations(k: int, price: np.ndarray, own: int):
    """(combinations of conditions, their prices), those cheaper than `own`."""
    combos = _index_combinations(k)
    totals = np.where(combos >= 0, price[np.maximum(combos, 0)] if k else 0, 0).sum(axis=1)
    keep = totals < own
    return combos[keep], totals[keep]


class _Checker:
    """Candidate lines of one hold pattern, each a conjunction of single conditions, checked on
    the pattern's rows (`derive.PatternGroup`: by class, then by order key descending) in numba
    (shortest_kernels). Each condition's rows are found once per pattern."""

    REMEMBERED = 8  # classes that failed lately, checked first

    def __init__(self, group: PatternGroup, counts=P.COUNTS):
        self.group = group
        self.counts = counts
        pattern = group.pattern  # (what depends on the rows alone is kept there)
        self.starts, self.run_cls = pattern.derived("runs", _runs)
        self.conditions = (pattern.derived(("thresholds", counts),
                                           lambda p: thresholds(p.by_feature, counts))
                           + pattern.derived("held ranks", _held_ranks)
                           + group.penalty_conditions)
        # The pattern's rows in ascending order, and where each stands in the group's order.
        self.in_group = pattern.in_group
        self.ascending = pattern.ascending
        self.index = {}
        self._by_index = []
        self._rows = np.zeros((2 * len(self.conditions) + 8, len(group.rows)), np.bool_)
        self.add(self.conditions)
        self.masks = pattern.derived("masks", lambda p: p.by_feature[P.F_RANKS].astype(np.int64))
        # Runs that failed lately, and (last) the next slot to fill.
        self.failed = np.full(self.REMEMBERED + 1, -1, np.int64)
        self.failed[-1] = 0

    def add(self, conditions) -> None:
        """Find the rows of conditions not seen yet (room doubled when full): those of single
        conditions in one numba call (`derive.condition_rows`), a rank set's on its own."""
        new = list(dict.fromkeys(c for c in conditions if c not in self.index))
        if not new:
            return
        while len(self.index) + len(new) > len(self._rows):
            self._rows = np.concatenate([self._rows, np.zeros_like(self._rows)])
        singles = [c for c in new if c[1] != P.OP_IN]
        at = len(self.index)
        if singles:
            condition_rows(self.group, singles, self._rows[at:at + len(singles)])
        for c in singles:
            self.index[c] = len(self.index)
        for c in new:
            if c[1] == P.OP_IN:
                self._rows[len(self.index)] = rows_meet(self.group.feats, c)
                self.index[c] = len(self.index)

    @property
    def meets(self) -> np.ndarray:
        """(conditions, rows): row i meets condition j."""
        return self._rows[:len(self.index)]

    def runs_of(self, alive) -> np.ndarray:
        """The runs (classes) of the pattern still undecided."""
        return np.flatnonzero(alive[self.run_cls]).astype(np.int64)

    def played_rows(self, classes, held) -> np.ndarray:
        """The rows of the holds `held` plays in these classes (all of this pattern)."""
        at = np.searchsorted(self.ascending, classes * 32 + held[classes])
        return self.in_group[at]

    def _combos(self, lines) -> np.ndarray:
        for conditions in lines:
            self.add(conditions)
        width = max([1] + [len(c) for c in lines])
        combos = np.full((len(lines), width), -1, np.int64)
        for t, conditions in enumerate(lines):
            combos[t, :len(conditions)] = [self.index[c] for c in conditions]
        return combos

    def safe(self, lines, runs) -> int:
        """The first of the lines (tuples of conditions) safe on the runs, or -1."""
        return self.first_safe(self._combos(lines), runs)

    def first_safe(self, combos, runs) -> int:
        """The first of the lines (rows of condition indexes, -1 for none) safe on the runs,
        or -1."""
        from .shortest_kernels import first_safe  # (lazy: numba)

        return int(first_safe(self.meets, combos, self.masks, self.starts, runs,
                              self.group.keys, self.group.optimal, self.failed))

    def next_description(self, trials, any_but, at, runs, covered):
        """(index, rank sets left out) of the first trial from `at` on that describes the line,
        or (-1, ...): see shortest_kernels.next_description."""
        from .shortest_kernels import next_description  # (lazy: numba)

        at, left_out = next_description(self.meets, trials, any_but, at, self.masks, covered,
                                        MAX_RANK_SETS, self.starts, runs, self.group.keys,
                                        self.group.optimal, self.failed)
        return int(at), left_out

    @property
    def conditions_by_index(self) -> list:
        if len(self._by_index) != len(self.index):
            self._by_index = sorted(self.index, key=self.index.get)
        return self._by_index

    def left_out(self, conditions, runs, covered) -> np.ndarray:
        """The rank sets (at most MAX_RANK_SETS, none of `covered`) whose leaving out makes the
        line safe; empty if there are none such."""
        return self.left_out_of(self._combos([conditions])[0], runs, covered)

    def left_out_of(self, combo, runs, covered) -> np.ndarray:
        """`left_out` of a line given as a row of condition indexes (-1 for none)."""
        from .shortest_kernels import ranks_left_out  # (lazy: numba)

        return ranks_left_out(self.meets, combo, self.masks, covered, MAX_RANK_SETS,
                              self.starts, runs, self.group.keys, self.group.optimal,
                              self.failed)

    def played(self, conditions, alive):
        """(undecided classes the line meets, the hold it plays in each)."""
        self.add(conditions)
        where = self.meets[[self.index[c] for c in conditions]].all(axis=0)
        rows = np.flatnonzero(where & alive[self.group.cls])
        cls = self.group.cls[rows]
        first = np.ones(len(rows), bool)
        first[1:] = cls[1:] != cls[:-1]
        return cls[first], self.group.rows[rows[first]] % 32


def _runs(pattern) -> tuple:
    """(first row of each class's run and, last, the number of rows; the class of each run)."""
    first = np.ones(len(pattern.cls), bool)
    first[1:] = pattern.cls[1:] != pattern.cls[:-1]
    return (np.append(np.flatnonzero(first), len(pattern.cls)).astype(np.int64),
            pattern.cls[first])


def _covering(conditions, feats: np.ndarray) -> list:
    """The conditions that every row of `feats` meets (from each feature's least and greatest
    value, and the ranks discarded or held that they all or none have)."""
    low, high = feats.min(axis=0), feats.max(axis=0)
    every = {f: np.bitwise_and.reduce(feats[:, f]) for f in (P.F_DISC, P.F_RANKS)}
    some = {f: np.bitwise_or.reduce(feats[:, f]) for f in (P.F_DISC, P.F_RANKS)}
    out = []
    for c in conditions:
        feature, op, value = c
        if op == P.OP_EQ:
            met = low[feature] == high[feature] == value
        elif op == P.OP_GE:
            met = low[feature] >= value
        elif op == P.OP_LE:
            met = high[feature] <= value
        elif op == P.OP_BIT:
            met = every[feature] >> value & 1
        elif op == P.OP_NOBIT:
            met = not some[feature] >> value & 1
        else:
            met = rows_meet(feats, c).all()
        if met:
            out.append(c)
    return out


def _held_ranks(pattern) -> list:
    """A rank held, or not held ("4F: no A held"), for each rank some of the pattern's holds
    have and some do not. (A hold of one rank, a pair, is named by its ranks: none.)"""
    masks = pattern.by_feature[P.F_RANKS]
    some, every = np.bitwise_or.reduce(masks), np.bitwise_and.reduce(masks)
    if len(masks) == 0 or pattern.key[2] in (P.PAIR, P.TRIPS, P.QUADS, P.FIVE, P.NONE, P.WILD):
        return []
    out = []
    for r in range(12, -1, -1):
        if some >> r & 1 and not every >> r & 1:
            out += [(P.F_RANKS, P.OP_BIT, r), (P.F_RANKS, P.OP_NOBIT, r)]
    return out


def no_worse(data: HoldData, evs: np.ndarray, lines: list[tuple],
             allowed: np.ndarray) -> HoldData:
    """The holds as `shortest` should judge a level's table: a hold is right where it is at
    least as good as the one the table plays now and the level's rules allow it (`allowed`,
    `levels.allowed_holds`: on the pat classes only holding all five). A table re-described on
    these plays no deal worse: its cost and its largest loss on one deal can only fall, and it
    keeps every rule it kept."""
    _, held = play(data, lines)
    played = evs[np.arange(len(held)), held]
    right = (evs >= played[:, None]) & allowed
    return data.judged_by(right.reshape(-1))


def tidy(data: HoldData, lines: list[tuple], family: str, counts=P.COUNTS) -> list[tuple]:
    """Lines listing many rank sets narrowed to the sets they need (`Compactor.narrow`), then
    `shortest`, then lines left with nothing to decide removed, until neither changes: a line
    re-described to meet more classes can leave a line below it with nothing of its own. Every
    class is played as well as `data` allows (optimally, or no worse than now for a level)."""
    compactor = Compactor(data, lines)
    if compactor.narrow(MAX_LISTED, lambda line: line_cost(line, family)):
        compactor.remove_needless()
        lines = compactor.lines()
    start = 0
    for _ in range(3):
        described = shortest(data, lines, family, start, counts)
        compactor = Compactor(data, described)
        if not compactor.remove_needless():
            return described
        lines = compactor.lines()
        # Above the first line removed, every line decides what it did, and its description
        # was already the shortest found for that: the next pass starts there.
        start = next((i for i, (a, b) in enumerate(zip(described, lines)) if a != b),
                     len(lines))
    return lines


# Characters of notation ("3SF: ...") a player reads at a glance, and the most a line has before
# it is worth saying as a few such lines: more than LONG, or more than SHORT where it lists ranks
# (the part of a line a player must hunt through).
SHORT_NOTATION = 40
LONG_NOTATION = 60
SPLIT_TRIALS = 5  # descriptions of each part tried, cheapest first
SPLIT_PARTS = 4  # lines a long line may become
SPLIT_SEARCHES = 600  # descriptions searched for in all, per table (2,454 in Illinois Deuces')


def notation(line: tuple, family: str, high: int = 13) -> str:
    """A line's notation as the table prints it (rank sets inline)."""
    one = indexed([line])
    return describe_line(one.lines[0], one.rank_sets, family, high=high)[1]


def split_long(data: HoldData, lines: list[tuple], family: str, high: int = 13,
               counts=P.COUNTS, limit: int = SHORT_NOTATION,
               long: int = LONG_NOTATION) -> list[tuple]:
    """An exact table's long lines (notation over `long` characters, or over `limit` where the
    line lists ranks), each written as a few lines of its pattern (at most SPLIT_PARTS) of at
    most `limit` characters that play its deals exactly, where they say it in fewer characters
    in all: "4S: AKQJ or T986 or T976 or ... (16 sets), no hp" as "4S: h≥4" and "4S: h=0, no
    hp". A player reads two short lines where one long line needs a list; a line cut into lines
    that list its ranks all the same ("3SF: Q98 or 653 or 643, ...", "3SF: J98 or 764 or 754,
    ...") stays as it is, as does a line that no such few lines can say.

    Why it stays exact. Each new line is safe (`derive`'s sense) on every class still undecided
    at its place, and either together they meet every class the old line decided (each of those
    is played optimally, and the classes below lose nothing they decided right, as in
    `shortest`), or the table with them is checked on every class (`plays_right`): the classes
    they leave fall to lines below that play them right. Each part is described by
    `_descriptions`: covering every hold the old line plays in the classes it is to take. A line
    left with nothing to decide is removed (no class changes hands).

    The longest lines are tried first, with at most SPLIT_SEARCHES searches for a description
    in all: a table of scores of long lines (Illinois Deuces has 73) is not tried to its end.
    """
    def is_long(line, length):
        lists = any(c[0] == P.F_RANKS and c[1] == P.OP_IN for c in line)
        # (a line naming deals is one no pattern line could say when it was derived)
        return (length > long or lists and length > limit) and not any(
            c[0] == P.F_DEAL for c in line)

    lengths = [len(notation(line, family, high)) if len(line) > 3 else 0 for line in lines]
    out = list(lines)
    searches = [SPLIT_SEARCHES]
    for length, line in sorted(((n, line) for n, line in zip(lengths, lines)
                                if is_long(line, n)), key=lambda pair: -pair[0]):
        if searches[0] <= 0:
            break
        i = out.index(line)
        parts = _split(data, out, i, family, high, counts, limit, length, searches)
        if parts is not None:
            out[i:i + 1] = parts
    # New lines meet more than the old one did: a line below can be left with nothing to decide
    # (9/7 Double Bonus's "4F: AKQ9 or AKQ8 or ..." of 1,888 characters).
    return without_idle(data, out) if out != lines else out


def _split(data: HoldData, lines: list[tuple], i: int, family: str, high: int, counts,
           limit: int, within: int, searches: list) -> list[tuple] | None:
    """Lines replacing line i, each at most `limit` characters of notation and under `within`
    together, or None. Greedy: while the classes left need more than one line, the short line
    taking the most of their deals, among those describing the holds on one side of a single
    condition (a cut). Each search for a description takes one from searches[0]; at 0, None."""
    place, held = play(data, lines)
    line = lines[i]
    checker = _Checker(PatternGroup(data, tuple(c[2] for c in line[:3])), counts)
    alive = (place < 0) | (place >= i)
    left = place == i  # the classes the new lines are to take
    cuts = [c for c in checker.conditions if c[1] != P.OP_IN]
    checker.add(cuts)
    parts: list[tuple] = []
    head = len(notation(line[:3], family, high))

    def found_in(taken, most):
        """The first short description of the holds in `taken`, of at most `most` characters
        of notation, or None. (`cost` counts ", " after each condition, the notation ": "
        after the head and ", " between conditions: `under` cuts the trials to those that
        could fit.)"""
        searches[0] -= 1
        if searches[0] < 0:
            return None
        trials = _descriptions(checker, line, alive, taken, held, family, most - head + 1)
        return next((d for d in islice(trials, SPLIT_TRIALS)
                     if len(notation(line[:3] + d, family, high)) <= most), None)

    while len(parts) < SPLIT_PARTS:
        spent = sum(len(notation(part, family, high)) for part in parts)
        # The classes left may be played right by the lines below (the table is checked on
        # every class): 10/7 Double Bonus's "3F: any but QJ7 or QJ6 or ... (26 sets), no hp"
        # is "3F: no J held, no hp" and "3F: h≥2", and J65 is left to "3F: h≥1, no T
        # discarded", 17 lines down.
        if parts and plays_right_below(data, lines[:i] + parts + lines[i + 1:], place, i):
            return parts
        # (the whole line has no short description: `shortest` found its shortest)
        whole = None if not parts else found_in(left, min(limit, within - spent - 1))
        if whole is not None:
            return parts + [line[:3] + whole]
        # Room for this part, and a head at least for the next.
        most = min(limit, within - spent - head - 2)
        if len(parts) == SPLIT_PARTS - 1 or most <= head:
            return None
        classes = np.flatnonzero(left)
        rows = checker.played_rows(classes, held)
        sides = checker.meets[[checker.index[cut] for cut in cuts]][:, rows]
        weights = sides.astype(np.int64) @ data.sizes[classes].astype(np.int64)
        total = int(data.sizes[classes].sum())
        # Cuts by the deals of their side, most first. With k lines left to say the rest, the
        # first takes at least 1/k of it, so a smaller side is seldom worth a look; nor one
        # smaller than a part already found (a description meets its side and a little more).
        best = None
        for c in np.argsort(-weights, kind="stable"):
            if weights[c] == total or not weights[c]:
                continue
            if weights[c] * (SPLIT_PARTS - len(parts)) < total or (
                    best is not None and weights[c] < best[0]):
                break
            taken = np.zeros_like(left)
            taken[classes[sides[c]]] = True
            found = found_in(taken, most)
            if found is None:
                continue
            met, _ = checker.played(found, alive)
            deals = int(data.sizes[met[left[met]]].sum())
            if best is None or deals > best[0]:
                best = (deals, found, met)
        if best is None:
            return None
        _, found, met = best
        parts.append(line[:3] + found)
        alive = alive.copy()
        alive[met] = False
        left = left & alive
    return None


MERGE_SEARCHES = 1500  # descriptions searched for in all by `merged`, per table


def merged(data: HoldData, lines: list[tuple], family: str, high: int = 13,
           counts=P.COUNTS, limit: int = SHORT_NOTATION) -> list[tuple]:
    """An exact table's lines (rank sets inline) with pairs of lines of one pattern said as one
    line of at most `limit` characters where the table stays exact, and the lines that leaves
    needless removed: 9/6 Jacks or Better 38 -> 35 lines, 8/5 Aces and Faces 62 -> 59.

    For lines i above j of one pattern, a description covering the holds both play on the
    classes they decide, cheaper than the two together, is tried at i (lifted: it is safe on
    every class undecided at i, so the table stays exact, as in `shortest`) and then at j
    (lowered: the lines between may take some of i's classes, so the table is played on every
    class, `plays_right`). Each pair is tried with the nearest line of its pattern above first,
    within MERGE_SEARCHES searches; a pair that failed is not tried again."""
    out = list(lines)
    checkers: dict = {}
    failed: set = set()
    searches = MERGE_SEARCHES

    def description(i, j, alive, decided, held):
        nonlocal searches
        searches -= 1
        key = tuple(c[2] for c in out[i][:3])
        if key not in checkers:
            checkers[key] = _Checker(PatternGroup(data, key), counts)
        both = out[i] + out[j][3:]  # (its cost: the budget, the two lines' together)
        trials = _descriptions(checkers[key], both, alive, decided, held, family)
        return next((d for d in islice(trials, SPLIT_TRIALS)
                     if len(notation(out[i][:3] + d, family, high)) <= limit), None)

    def one_merge(place, held) -> list | None:
        for j in range(1, len(out) - 1):
            for i in range(j - 1, -1, -1):
                if out[i][:3] != out[j][:3] or (out[i], out[j]) in failed:
                    continue
                if searches <= 0:
                    return None
                decided = (place == i) | (place == j)
                found = description(i, j, (place < 0) | (place >= i), decided, held)
                if found is not None:
                    trial = out[:i] + [out[i][:3] + found] + out[i + 1:j] + out[j + 1:]
                    if plays_right_below(data, trial, place, i):
                        return trial
                found = description(i, j, (place < 0) | (place >= j) | (place == i), decided,
                                    held)
                if found is not None:
                    trial = out[:i] + out[i + 1:j] + [out[i][:3] + found] + out[j + 1:]
                    if plays_right_below(data, trial, place, i):
                        return trial
                failed.add((out[i], out[j]))
        return None

    while searches > 0:
        trial = one_merge(*play(data, out))
        if trial is None:
            break
        out = without_needless(data, trial)
    return out


def halved(data: HoldData, lines: list[tuple], family: str, high: int = 13,
           limit: int = LONG_NOTATION) -> list[tuple]:
    """An exact table's lines (rank sets inline) with each line over `limit` characters of
    notation that lists its rank sets said as two lines that list half each, where both fit
    `limit` and the table still plays every class right (`plays_right`): 7/5 Jacks or
    Better's "3SF: Q98 or J98 or 987 or 764 or 754 or 653 or 643, no J discarded" (66) as
    "3SF: Q98 or J98 or 987, no J discarded" above "3SF: 764 or 754 or 653 or 643, no J
    discarded". One line more, each read at a glance.

    The halves keep the line's other conditions and its place, so they meet exactly the holds
    it met; only where a deal has holds in both halves can the upper take one the line did
    not, and the check on every class says whether that matters. The most even cut of the
    list (as printed: fewest cards, then highest ranks first) that fits is tried first, each
    half above the other in turn. A line written "any but ..." is left as it is: its halves
    would list the many sets the "any but" spares."""
    out = list(lines)
    i = 0
    while i < len(out):
        line = out[i]
        at = next((k for k, c in enumerate(line) if c[0] == P.F_RANKS and c[1] == P.OP_IN),
                  None)
        if at is None or len(notation(line, family, high)) <= limit:
            i += 1
            continue
        n, w, kind = (c[2] for c in line[:3])
        universe = rank_universe(kind, n - w, family)
        masks = set(line[at][2])
        if universe is not None and masks <= universe and \
                2 * len(universe - masks) <= len(masks):
            i += 1
            continue  # (written "any but ...")
        ordered = by_rank(masks)

        def with_sets(sets):
            ranks = (P.F_RANKS, P.OP_EQ, sets[0]) if len(sets) == 1 else \
                (P.F_RANKS, P.OP_IN, frozenset(sets))
            return line[:at] + (ranks,) + line[at + 1:]

        found = None
        for cut in sorted(range(1, len(ordered)), key=lambda j: abs(len(ordered) - 2 * j)):
            upper, lower = with_sets(ordered[:cut]), with_sets(ordered[cut:])
            if max(len(notation(x, family, high)) for x in (upper, lower)) > limit:
                continue
            for pair in ((upper, lower), (lower, upper)):
                trial = out[:i] + list(pair) + out[i + 1:]
                if plays_right(data, trial):
                    found = trial
                    break
            if found is not None:
                break
        if found is not None:
            out = found
            i += 2
        else:
            i += 1
    return out


def plays_right(data: HoldData, lines: list[tuple]) -> bool:
    """Whether the lines (rank sets inline) play every class with a hold `data` allows (a class
    no line meets is played wrongly, as `verify.class_check` counts it)."""
    place, held = play(data, lines)
    return bool((place >= 0).all() and data.optimal[np.arange(len(held)) * 32 + held].all())


def plays_right_below(data: HoldData, lines: list[tuple], place: np.ndarray, start: int) -> bool:
    """`plays_right(data, lines)` where the first `start` lines are those of an exact table
    whose play is `place` (`play`): the classes those lines decide there are decided alike and
    right, so only the others are played, by the lines from `start` on, stopping at the first
    class played wrongly (a merge's or a split's trial, which changes no line above `start`;
    the browser's `playsRightBelow` is the same check)."""
    from .shortest_kernels import plays_right_below as kernel  # (lazy: numba)

    open_classes = ((place < 0) | (place >= start)).astype(np.uint8)
    rows = [rows_meeting(data, line) for line in lines[start:]]
    starts = np.zeros(len(rows) + 1, np.int64)
    starts[1:] = np.cumsum([len(r) for r in rows])
    flat = np.concatenate(rows) if rows else np.empty(0, np.int64)
    return bool(kernel(flat, starts, data.choice_keys[P.HIGHER], data.optimal, open_classes,
                       int(open_classes.sum())))


def without_needless(data: HoldData, lines: list[tuple]) -> list[tuple]:
    """An exact table's lines (rank sets inline) less each line, from the bottom up, whose deals
    the lines kept below it play right (the last line stays). Re-described and split, lines
    meet more holds than the derivation's did, so a line that was needed there may no longer
    be: 10/7 Double Bonus 82 -> 80 lines, 9/7 Double Bonus 89 -> 86.

    Removing line k changes only the classes it decides (lines above it are all still there):
    each goes to the first line kept below that meets it, whose hold is kept per class as the
    pass goes up. So one pass over each line's rows does what playing the table once per line
    would (`tests/test_shortest.py` checks the two agree)."""
    from .play_kernels import first_lines  # (lazy: numba)

    place, _ = play(data, lines)
    by_line = np.argsort(place, kind="stable")
    bounds = np.searchsorted(place[by_line], np.arange(len(lines) + 1))
    below = np.zeros(data.n_classes, np.int64)  # the hold the lines kept below play
    decided = np.zeros(data.n_classes, bool)  # whether some line kept below meets the class
    keep = np.ones(len(lines), bool)
    for k in range(len(lines) - 1, -1, -1):
        mine = by_line[bounds[k]:bounds[k + 1]]
        if k < len(lines) - 1 and decided[mine].all() and \
                data.optimal[mine * 32 + below[mine]].all():
            keep[k] = False
            continue
        rows = rows_meeting(data, lines[k])
        at, held = first_lines(rows, np.array([0, len(rows)], np.int64), data.keys[None, :],
                               np.zeros(1, np.int32), data.n_classes)
        met = at == 0
        below[met] = held[met]
        decided |= met
    return [line for line, kept in zip(lines, keep) if kept]


def trimmed(data: HoldData, evs: np.ndarray, lines: list[tuple], allowed: np.ndarray,
            family: str, bound: int, limit: int, longer_than: int = 40) -> list[tuple]:
    """A level's lines whose descriptions run over `longer_than` characters, re-described, one
    at a time from the top, as if every hold within `bound` of the best were right where the
    level's rules allow it (`allowed`: pat hands only whole), each kept only while the table's
    cost summed over the deals (EV integers, as `levels`) stays within `limit`: a card line
    listing a hundred sets of ranks traded for a little of the card's allowance. No deal loses
    more than `bound` on a re-described line, or plays a hold `allowed` does not allow."""
    loose = tolerant(data, evs, bound, allowed)
    classes = np.arange(data.n_classes)
    sizes = data.sizes.astype(np.int64)
    out = list(lines)
    for i, line in enumerate(out):
        if line_cost(line, family) <= longer_than:
            continue
        place, held = play(data, out)
        below = play(data, out[i + 1:])[1]
        key = tuple(c[2] for c in line[:3])
        checker = _Checker(PatternGroup(loose, key))
        found = _descriptions(checker, line, (place < 0) | (place >= i), place == i, held,
                              family)
        for description in islice(found, TRIMMED_TRIES):
            trial = out[:i] + [line[:3] + description] + out[i + 1:]
            played = _played_instead(data, place, held, below, i, trial[i])
            loss = data.ce - evs[classes, played]
            if loss.max() <= bound and allowed[classes, played].all() and \
                    int((loss * sizes).sum()) <= limit:
                out = trial
                break
    return out


def phrased(data: HoldData, evs: np.ndarray, lines: list[tuple], allowed: np.ndarray,
            family: str, high: int, bound: int, limit: int,
            longer_than: int = 0) -> list[tuple]:
    """A level's lines still listing MIN_LISTED or more rank sets (in over `longer_than`
    characters) that no phrase names exactly (`rank_words`), each given the nearest sets a short
    phrase does name, one line at a time from the top, where the table then loses at most
    `bound` on any deal, plays only holds the level's rules allow (`allowed`: it stands on
    every pat hand, ...) and costs at most `limit` summed over the deals (EV integers): Loose
    Deuces' 29-set card line traded for a little of the card's allowance. Tried after
    `trimmed`."""
    sizes = data.sizes.astype(np.int64)
    classes = np.arange(data.n_classes)
    out = list(lines)
    for i, line in enumerate(out):
        n, w, kind = (c[2] for c in line[:3])
        ranks = next((c for c in line[3:] if c[0] == P.F_RANKS and c[1] == P.OP_IN), None)
        universe = rank_universe(kind, n - w, family)
        if ranks is None or universe is None or n - w < 2:
            continue
        listed = condition_text(P.F_RANKS, P.OP_IN, 0, [ranks[2]], universe)[0]
        there = narrowed(universe, line[3:], high)
        if listed.count(" or ") + 1 < MIN_LISTED or len(listed) <= longer_than or \
                rank_phrase(ranks[2], there, kind, n - w, w, high, listed) is not None:
            continue  # (a short list, or one said in words already)
        place, held = play(data, out)
        below = play(data, out[i + 1:])[1]
        longest = min(SHORT_NOTATION, int(SHORTER * len(listed)))
        for sets, _ in near_phrases(ranks[2], there, kind, n - w, w, high,
                                    longest)[:PHRASED_TRIES]:
            trial = tuple((P.F_RANKS, P.OP_IN, sets) if c == ranks else c for c in line)
            played = _played_instead(data, place, held, below, i, trial)
            loss = data.ce - evs[classes, played]
            if loss.max() <= bound and allowed[classes, played].all() and \
                    int((loss * sizes).sum()) <= limit:
                out[i] = trial
                break
    return out


def _played_instead(data: HoldData, place, held, below, i: int, line: tuple) -> np.ndarray:
    """The hold each class plays (as `levels.play`) when line i of a table is replaced by
    `line`, from the table's own play (`place`, `held`) and that of its lines below i
    (`below`): the classes decided above i keep their hold, the others go to the new line where
    it meets them, else to the lines below. Two plays of the table per line, not one per
    description tried."""
    from .play_kernels import line_holds  # (lazy: numba)

    above = (place >= 0) & (place < i)
    out = np.where(above, held, below)
    met, holds = line_holds(rows_meeting(data, line), data.keys)
    takes = ~above[met]
    out[met[takes]] = holds[takes]
    return out
