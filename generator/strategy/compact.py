"""Compact an exact decision list: merge and drop lines while it stays exact on every class.

In: HoldData and a Strategy that is exact (derive.derive's). Out: a Strategy, no longer, still
exact: lines of one pattern merged (their rank sets joined), lines left with nothing to decide
removed. `LineBits` holds the list and says whether it is exact (the levels' descents hold theirs
in one too); `Compactor` tries the edits on it (`shortest.tidy` reuses them).
"""

import numpy as np

from . import features as P
from .holds import HoldData, Strategy, indexed, named, rows_meeting

# A line listing more rank sets than this is narrowed to the sets it needs (`Compactor.narrow`,
# run by `shortest.tidy`): `shortest` writes at most four sets, so a longer list is read as it
# stands.
MAX_LISTED = 4


class LineBits:
    """A decision list as it is edited, and whether it is exact: its lines (slots, merged lines
    tried among them) in an order, and per (class, hold) row a bitset of the slots whose lines
    the row meets.

    An edit of a line recomputes its column alone (`set_slot`, `put`), and whether the list, or
    a trial order of it, plays every class optimally is one pass in numba (`exact`). The
    compaction's edits (`Compactor`) and the levels' descents (`levels.PlayedList`) keep their
    list in one.
    """

    # Words of slot bits per row: room for the lines and a merged line per line.
    # Every check scans every word of a row, so no more than that.
    WORDS = 1

    def __init__(self, data: HoldData, lines: list[tuple]):
        from .play_kernels import decide_classes, move_column  # (lazy: numba)

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
        # lines meeting c's holds and their order are unchanged): `Compactor` skips retrying it.
        self.version = 0
        self.changed_at = np.zeros(data.n_classes, np.int64)  # class -> last edit touching it

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
        from .play_kernels import classes_of  # (lazy: numba)

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
        slots = np.asarray(self.order if order is None else order, np.int64)
        position[slots] = np.arange(len(slots), dtype=np.int32)  # (each slot once in a list)
        return position

    def exact(self, order=None, slots=None, since=None, touched=None) -> bool:
        """Whether the list (this order, or a trial order) plays every class optimally.

        With `slots`, only classes with a hold meeting one of those lines are re-checked: an
        edit of those lines can change nothing else (`touched`: those classes, when the edit
        narrowed a line, so that its lines no longer meet them all). With `since` too (the first
        place in the current list that the trial changes), classes decided above that place are
        skipped as well. If the trial is exact it becomes the list: call `accept` with it.
        """
        position = self.positions(order)
        if slots is None:
            classes = np.arange(self.data.n_classes)
        else:
            classes = self.touched(slots) if touched is None else touched
            if since is not None:
                decider = self._deciders()[classes]
                current = self.positions()
                place = np.where(decider < 0, since, current[decider])
                classes = classes[place >= since]
        self._checked = classes
        self._touched_last = (classes if slots is None else
                              self.touched(slots) if touched is None else touched)
        self.failed_on = int(self._decide(self.bits, position, self.data.keys,
                                          self.data.optimal, classes))
        return self.failed_on < 0

    def accept(self, order) -> None:
        """Make a trial order (just found exact) the list, and note who decides what now."""
        self.order = order
        self.version += 1
        self.changed_at[self._touched_last] = self.version
        if self._decider is not None:
            from .play_kernels import decide_into  # (lazy: numba)

            decide_into(self.bits, self.positions(), np.array(order, np.int32), self.data.keys,
                        self._checked, self._decider)

    def _deciders(self) -> np.ndarray:
        """The slot of the line deciding each class in the current list (-1: none).

        Found from the rows each line meets, in order (`play_kernels.first_lines`): a pass over
        those rows, where reading every row's words of bits is an order of magnitude slower in
        a long list (a word per 32 lines in every row), and a build starts a few hundred
        lists."""
        if self._decider is None:
            from .play_kernels import first_lines  # (lazy: numba)

            rows = [self.slot_rows[slot] for slot in self.order]
            starts = np.zeros(len(rows) + 1, np.int64)
            starts[1:] = np.cumsum([len(r) for r in rows])
            met = np.concatenate(rows) if rows else np.empty(0, np.int64)
            # (which line decides a class does not depend on the choice rules: the first)
            place, _ = first_lines(met, starts, self.data.keys[None, :],
                                   np.zeros(len(rows), np.int32), self.data.n_classes)
            slots = np.array(self.order + [-1], np.int32)
            self._decider = slots[place]  # (place -1: the -1 at the end)
        return self._decider

    def lines(self) -> list[tuple]:
        return [self.slots[slot] for slot in self.order]


class Compactor:
    """Try edits of an exact list, keeping only those that leave it exact: deleting a line
    (`remove_needless`), dropping a condition of one (`_generalise`), merging two lines of one
    pattern (`_merge`), leaving rank sets out of a long list of them (`narrow`).

    The list, and whether a trial is exact, are a `LineBits` (`line_bits`).
    """

    def __init__(self, data: HoldData, lines: list[tuple]):
        self.line_bits = LineBits(data, lines)
        self._failed: dict = {}  # trial -> (class it failed on, line_bits.version then)

    def _still_fails(self, trial) -> bool:
        if trial not in self._failed:
            return False
        c, version = self._failed[trial]
        return self.line_bits.changed_at[c] <= version

    def _failed_now(self, trial) -> None:
        self._failed[trial] = (self.line_bits.failed_on, self.line_bits.version)

    def lines(self) -> list[tuple]:
        return self.line_bits.lines()

    def run(self) -> None:
        changed = True
        while changed:
            changed = self.remove_needless() | self._generalise() | self._merge()

    def remove_needless(self) -> bool:
        """Delete, from the bottom, each line but the last that the list stays exact without
        (the lines below it play what it decided as well); whether any was."""
        line_bits = self.line_bits
        changed = False
        for slot in list(reversed(line_bits.order[:-1])):
            if self._still_fails(("remove", slot)):
                continue
            trial = [s for s in line_bits.order if s != slot]
            if line_bits.exact(trial, [slot], since=line_bits.order.index(slot)):
                line_bits.accept(trial)
                changed = True
            else:
                self._failed_now(("remove", slot))
        return changed

    def _generalise(self) -> bool:
        line_bits = self.line_bits
        changed = False
        for slot in list(line_bits.order):
            conditions = line_bits.slots[slot]
            for condition in conditions[3:]:
                if condition not in line_bits.slots[slot]:
                    continue
                before, rows = line_bits.slots[slot], line_bits.slot_rows[slot]
                wider = tuple(c for c in before if c != condition)
                if self._still_fails(("generalise", slot, wider)):
                    continue
                line_bits.set_slot(slot, wider)
                if line_bits.exact(slots=[slot], since=line_bits.order.index(slot)):
                    line_bits.accept(line_bits.order)
                    changed = True
                else:
                    self._failed_now(("generalise", slot, wider))
                    line_bits.slots[slot] = before
                    line_bits.put(slot, rows)
        return changed

    def narrow(self, longer_than: int, written) -> bool:
        """Rank sets dropped, one at a time, from each line listing more than `longer_than` of
        them, wherever the list stays exact and the line reads shorter (`written`: a line's
        length as printed; a line written "any but" a few sets only grows): the classes a
        dropped set decided fall to the lines below, which play them as well. Where holds tie
        (four of a kind held with its kicker or without), the derivation listed every set its
        line could take; a player needs only those where the line's hold is better."""
        line_bits = self.line_bits
        changed = False
        for slot in list(line_bits.order):
            ranks = _rank_condition(line_bits.slots[slot])
            if ranks is None or ranks[1] != P.OP_IN or len(ranks[2]) <= longer_than:
                continue
            for mask in sorted(ranks[2]):
                before, rows = line_bits.slots[slot], line_bits.slot_rows[slot]
                current = _rank_condition(before)
                if current[1] != P.OP_IN:
                    break  # one set left: the line stays (`remove_needless` drops it if idle)
                left = current[2] - {mask}
                fewer = ((P.F_RANKS, P.OP_EQ, next(iter(left))) if len(left) == 1 else
                         (P.F_RANKS, P.OP_IN, frozenset(left)))
                narrower = tuple(fewer if c == current else c for c in before)
                if written(narrower) >= written(before):
                    break  # written "any but": leaving a set out adds to the line
                touched = line_bits.touched([slot])
                # The line meets the rows it met but those holding `mask`: found among them,
                # not by testing the pattern's rows again (a few thousand trials a build).
                line_bits.slots[slot] = narrower
                line_bits.put(slot, rows[self._ranks_of(rows) != mask])
                if line_bits.exact(slots=[slot], since=line_bits.order.index(slot),
                                   touched=touched):
                    line_bits.accept(line_bits.order)
                    changed = True
                else:
                    line_bits.slots[slot] = before
                    line_bits.put(slot, rows)
        return changed

    def _ranks_of(self, rows: np.ndarray) -> np.ndarray:
        """The rank mask each of these rows holds."""
        holds = self.line_bits.data.holds
        return holds.columns[P.F_RANKS, holds.column_of[rows]]

    def _merge(self) -> bool:
        """Two lines of one pattern and the same other conditions, held ranks differing: one line
        listing both rank sets, at the place of either."""
        line_bits = self.line_bits
        changed = False
        i = 0
        while i < len(line_bits.order):
            j = i + 1
            while j < len(line_bits.order):
                a, b = line_bits.order[i], line_bits.order[j]
                merged = _merged(line_bits.slots[a], line_bits.slots[b])
                if merged is not None and not (self._still_fails(("merge", a, b, a))
                                               and self._still_fails(("merge", a, b, b))):
                    slot = line_bits.new_slot(merged)
                    for keep in (i, j):
                        trial = list(line_bits.order)
                        trial[keep] = slot
                        del trial[j if keep == i else i]
                        if line_bits.exact(trial, [a, b, slot], since=i):
                            line_bits.accept(trial)
                            changed = True
                            break
                        self._failed_now(("merge", a, b, a if keep == i else b))
                    else:
                        line_bits.slots.pop()
                        line_bits.put(slot, np.empty(0, np.int64))
                        j += 1
                        continue
                    j = i + 1
                    continue
                j += 1
            i += 1
        return changed


def loosely_merged(a: tuple, b: tuple):
    """Two lines of one pattern as one: rank sets joined, the other conditions both share. (A
    wider line than either: a level's descent prices it; `_merged` is the compaction's.)"""
    if a[:3] != b[:3]:
        return None
    ra, rb = _rank_condition(a), _rank_condition(b)
    shared = tuple(c for c in a[3:] if c in b[3:] and c not in (ra, rb))
    if ra is not None and rb is not None:
        return a[:3] + (_joined(ra, rb),) + shared
    return a[:3] + shared


def _rank_condition(line):
    for c in line[3:]:
        if c[0] == P.F_RANKS and c[1] in (P.OP_EQ, P.OP_IN):
            return c
    return None


def _merged(a: tuple, b: tuple):
    """Two lines of one pattern and the same other conditions (in any order, written sorted),
    both listing rank sets, as one: their rank sets joined. None for any other two: the line
    meets the holds of both and no other, where `loosely_merged`'s may meet more."""
    if a[:3] != b[:3]:
        return None
    ra, rb = _rank_condition(a), _rank_condition(b)
    if ra is None or rb is None:
        return None
    rest_a = sorted(c for c in a[3:] if c != ra)
    rest_b = sorted(c for c in b[3:] if c != rb)
    if rest_a != rest_b:
        return None
    return a[:3] + (_joined(ra, rb),) + tuple(rest_a)


def _joined(ra: tuple, rb: tuple) -> tuple:
    """One condition holding the rank sets of two (each one set, or a list of them)."""
    masks = set()
    for c in (ra, rb):
        masks |= {c[2]} if c[1] == P.OP_EQ else set(c[2])
    return (P.F_RANKS, P.OP_IN, frozenset(masks))


def compact(data: HoldData, strategy: Strategy) -> Strategy:
    """The shortest exact list the edits reach (see Compactor), with rank sets indexed."""
    compactor = Compactor(data, named(strategy))
    if not compactor.line_bits.exact():
        raise AssertionError("the derived list is not exact")
    compactor.run()
    return indexed(compactor.lines())
