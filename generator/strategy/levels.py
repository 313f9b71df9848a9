"""Strategy levels: shorter tables that give up a little, each priced exactly on every deal.

In: a solution, its holds' features (`holds.HoldData`) and its exact table. Out: `Levels`, the
cheapest table found at every length from the exact table down to 5 lines (the curve), and the
two levels a player picks from it:

- card: the shortest table costing at most 0.01% of the bet (1 unit in 10,000 hands); the
  pocket card prints it;
- simple: the shortest table costing at most 0.10% of the bet; offered to players only where
  it is at least a quarter shorter than the card (`simple_published`).

Both levels keep four rules, whatever they save (`Rule`):
- pat hands: a deal the exact table plays by holding all five cards is played so;
- paying hands: a deal where the exact table's hold already makes a paying hand (every draw to
  it ends in one: a high pair, three of a kind, joker + K in Kings or Better, two deuces in
  Deuces Wild) is played with a hold that makes one too (`sure_to_pay`);
- the loss on any one deal is bounded (0.25 units for the card level, 0.5 for the simple);
- no deal exceptions (lines naming deals).
The curve's tables shorter than the simple level keep the pat-hand rule alone.

Two routes make the tables, and the cheapest at each length wins:
1. descend from the exact table: each step takes the cheapest move that keeps the rules,
   deleting a line, merging two lines of one pattern, or moving a lone made hand's line into
   a run of them, printed as one line (`descend`);
2. derive afresh with a tolerance e: a line is safe when its hold is within e of the best hold
   on every undecided class it meets, so no deal loses more than e by construction, and the
   lines that only separate holds less than e apart never appear; then compact and descend
   from there as in route 1.
"""

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from ..solve import npsolve
from ..solve.cache import fine_counts
from ..solve.families import FAMILIES
from ..solve.jit import kernels
from . import features as P
from .compact import LineBits, compact, loosely_merged
from .derive import derive
from .holds import HoldData, Strategy, indexed, named, rows_meeting

CARD_COST = Fraction(1, 10_000)  # of the bet, per hand
CARD_BOUND = Fraction(1, 4)  # the largest loss on one deal, in units
SIMPLE_COST = Fraction(10, 10_000)  # of the bet, per hand: 0.10%
SIMPLE_BOUND = Fraction(1, 2)
# The simple level is offered beside the card only where it is at least this much shorter
# (printed lines): a level a few lines shorter than the card is not easier to learn.
SIMPLE_SHORTER = Fraction(1, 4)
# What the simple level may pay, of the bet per hand, to say a list of rank sets over 60
# characters in a few words (`shortest.phrased`): a beginner's level with a "3 to a Flush: any
# but QJ7 or ..." line listing dozens of sets is cheap but cannot be learnt ("3 to a Flush: at
# least 1 high card" can). The card's own allowance, so no level pays more than it for words.
SIMPLE_WORDS_COST = Fraction(1, 10_000)
FLOOR = 5  # the curve runs down to this many lines
# Tolerances for route 2, in units: small enough that the table stays cheap, large enough that
# lines splitting holds a hair apart go.
TOLERANCES = (Fraction(1, 100),)
# The card's goal per family (its length), and the tolerances tried more where it is missed:
# smaller ones keep more lines for the card. By whether the game has wild cards (no wild card:
# "natural"). (A coarser tolerance, 3/100, for the simple level was tried when it was the
# cheapest table of 20 lines: it lowered only a few simple levels' costs, at the price of one
# more derivation of every pay table.)
CARD_GOAL = {"natural": 40, "wild": 50}
EXTRA_CARD_TOLERANCES = (Fraction(3, 1000),)
# Above this many lines a descent deletes lines in batches before it tries merges, since
# pricing every merge of a 300-line table at every step takes minutes.
CAREFUL_LINES = 60
# Merges are tried only in tables of at most this many lines (0: never).
MERGE_LINES = 60
# Moves of a made hand's line into a run of them (one printed line saved, as charts print "Full
# House, Flush, Straight, Three of a Kind" together) are tried in tables of at most this many.
JOIN_LINES = 60
# Swaps (`swapped`): at most this many rounds, each trying this many of the lines that save
# most. (More rounds found no better level on the shipped pay tables, in more time; fewer
# rounds and tries cost some cards a line.)
SWAP_ROUNDS = 4
SWAP_TRIES = 3


@dataclass(frozen=True)
class Candidate:
    """One table found: its lines (rank sets inline), its cost summed over the deals (EV
    integers times deals), which route found it."""

    lines: tuple
    cost: int
    route: str
    bound: int  # the largest loss on one deal this table was held to (EV integers)

    @property
    def printed(self) -> int:
        return printed_length(self.lines)


def simple_published(card_printed: int, simple_printed: int) -> bool:
    """Whether the simple level is offered beside the card: only where it is at least
    SIMPLE_SHORTER shorter, in printed lines (else the card is already the simple strategy)."""
    return simple_printed <= card_printed * (1 - SIMPLE_SHORTER)


class Rule(NamedTuple):
    """What a table is held to on every deal: no loss past `bound` (EV integers), and only the
    holds `allowed` marks ((classes, 32) bool, `allowed_holds`)."""

    bound: int
    allowed: np.ndarray


def sure_to_pay(solution) -> np.ndarray:
    """(classes, 32) bool: whether a hold already makes a paying hand, so that every draw to it
    ends in one (a pair of jacks or better in Jacks or Better, joker + K in Kings or Better,
    two deuces in Deuces Wild, any paying hand stood on). Counted exactly as the solver counts
    EVs, with every paying hand paying 1 and nothing 0: the hold's EV is then 1 (the solver's
    common denominator) exactly where no draw to it pays nothing."""
    cats, dk = solution.cats, solution.deck
    pays = (cats.scaled_pays > 0).astype(np.int64)
    counts = npsolve.count_table(fine_counts(solution.table.family.key), cats.code_to_category,
                                 len(cats.keys), int(dk.offsets[5]))
    set_values = npsolve.set_pay_sums(counts, pays)
    del counts
    _, tables = kernels()
    evs = tables.hold_evs(dk.reps, set_values, solution.hand_cats, pays, dk.mask_factor,
                          dk.binom, dk.offsets, True)[0]
    return evs == dk.denominator


def allowed_holds(pat: np.ndarray, pays: np.ndarray | None = None,
                  held: np.ndarray | None = None) -> np.ndarray:
    """(classes, 32) bool: the holds a level may play on each class. On a pat class (the exact
    table holds all five) only all five; with `pays` (`sure_to_pay`) and `held` (the exact
    table's hold of each class), on a class whose exact hold makes a paying hand only the holds
    that make one; elsewhere any."""
    allowed = np.ones((len(pat), 32), np.bool_)
    if pays is not None:
        paying = pays[np.arange(len(held)), held]
        allowed[paying] = pays[paying]
    allowed[pat] = False
    allowed[pat, 31] = True
    return allowed


def tolerant(data: HoldData, evs: np.ndarray, tolerance: int, allowed: np.ndarray) -> HoldData:
    """The same holds, with every hold within `tolerance` (EV integers) of the best counted as
    right where `allowed` (`allowed_holds`: on the pat classes only holding all five)."""
    right = ((data.ce[:, None] - evs) <= tolerance) & allowed
    return data.judged_by(right.reshape(-1))  # (rows meeting a line do not depend on `right`)


def has_exception(line: tuple) -> bool:
    return any(c[0] == P.F_DEAL for c in line)


def holds_made_hand(line: tuple) -> bool:
    """A line with no condition beyond its pattern whose held cards already make three of a
    kind or better, or two pair: charts print a run of them as one line ("Full House, Flush,
    Three of a Kind, Straight"), and a player reads it so."""
    if len(line) > 3:
        return False
    n, w, kind = (c[2] for c in line[:3])
    return (n == 5 or kind in (P.TRIPS, P.QUADS, P.FIVE, P.FULL_HOUSE, P.TWO_PAIR)
            or (kind == P.PAIR and w >= 1) or (kind == P.WILD and w >= 3))


def printed_rows(lines) -> list[int]:
    """The printed row of each line (from 0): a run of lines that hold a made hand shares one."""
    rows, row = [], -1
    for i, line in enumerate(lines):
        if not (i and holds_made_hand(line) and holds_made_hand(lines[i - 1])):
            row += 1
        rows.append(row)
    return rows


def _runs(made: list[bool]) -> int:
    """printed_length of lines, from whether each holds a made hand."""
    return sum(1 for i, m in enumerate(made) if not (i and m and made[i - 1]))


def printed_length(lines) -> int:
    return printed_rows(lines)[-1] + 1 if len(lines) else 0


class Move(NamedTuple):
    """One edit a descent may take: its cost (the change in the table's cost summed over the
    deals), the order it leaves (a merged line stands there as Descent.SCRATCH until chosen),
    the merged line (None for a deletion or a join) and the slots it takes out."""

    cost: int
    order: list
    merged: tuple | None
    removed: list


class PlayedList:
    """The list as it stands during one descent (`descend`), played on every class under the
    rule it is held to, every deletion priced.

    Per class it keeps, as the list stands: the slot of the line deciding it (-1: none), the
    hold played, how much its loss grows if that line is deleted, whether the fall then breaks
    a rule, and its loss times its deals. An edit changes these only for the classes meeting
    the lines it removes or adds, so only those are played again (`stand`), which prices every
    deletion too. The lines and their order are a `compact.LineBits`.
    """

    def __init__(self, data: HoldData, evs: np.ndarray, lines: list, rules: list[Rule]):
        from .play_kernels import play_and_price  # (lazy: numba)

        self._play_and_price = play_and_price
        self.data, self.evs = data, evs
        self.rules = list(rules)
        self.bound, self.allowed = self.rules.pop(0)
        self.line_bits = LineBits(data, lines)
        n = data.n_classes
        self.every_class = np.arange(n)
        self.sizes = data.sizes.astype(np.int64)
        self.ce = data.ce
        self.decider = np.full(n, -1, np.int64)
        self.held = np.zeros(n, np.int64)
        self.growth = np.zeros(n, np.int64)
        self.breaks = np.zeros(n, np.int64)
        self.now = np.zeros(n, np.int64)  # each class's loss as the list stands, times its deals
        # Per slot: the cost of deleting its line, and how many classes that would break a
        # rule on.
        self.deletion = np.zeros(0, np.int64)
        self.blocked = np.zeros(0, np.int64)
        self.changed = None  # the slots the last edit removed or added (None: play every class)

    @property
    def order(self) -> list[int]:
        return self.line_bits.order

    def lines(self) -> list:
        return self.line_bits.lines()

    def candidate(self, route: str) -> Candidate:
        return Candidate(tuple(self.lines()), int(self.now.sum()), route, self.bound)

    def exceptions(self) -> list[int]:
        """The slots of the lines naming deals."""
        return [s for s in self.order if has_exception(self.line_bits.slots[s])]

    def breaks_rule(self, classes, holds) -> np.ndarray:
        return ((self.ce[classes] - self.evs[classes, holds] > self.bound)
                | ~self.allowed[classes, holds]).astype(np.int64)

    def loosen(self) -> bool:
        """Go on under the next rule, if any is left (every class is played again)."""
        if not self.rules:
            return False
        self.bound, self.allowed = self.rules.pop(0)
        self.changed = None
        return True

    def reorder(self, order: list[int], changed: list[int]) -> None:
        """The list in this order from now on; `changed`: the slots the edit removed or added,
        whose classes `stand` plays again."""
        self.line_bits.order, self.changed = order, changed

    def afresh(self) -> None:
        """A new LineBits holding only the lines left: every pass scans every slot's bit of
        every row, so fewer slots, less work."""
        self.line_bits = LineBits(self.data, self.line_bits.lines())
        self.changed = None

    def stand(self) -> tuple[np.ndarray, list]:
        """Play again the classes the last edit touched: (place of the line deciding each
        class, [(cost of deleting, slot)] of every line but the last whose deletion keeps the
        rules)."""
        from .play_kernels import scatter_add  # (lazy: numba)

        line_bits, order = self.line_bits, self.order
        position = line_bits.positions(order)
        if self.changed is None:
            classes = self.every_class
            self.decider[:] = -1
            self.growth[:] = 0
            self.breaks[:] = 0
            self.deletion = np.zeros(len(position), np.int64)
            self.blocked = np.zeros(len(position), np.int64)
        else:
            classes = line_bits.touched(self.changed)
        data, ce, deletion, blocked = self.data, self.ce, self.deletion, self.blocked
        place, hold, fall, grow = self._play_and_price(line_bits.bits, position, data.keys,
                                                       self.evs, ce, data.sizes, classes)
        hold, fall = hold.astype(np.int64), fall.astype(np.int64)
        old = self.decider[classes]
        was = old >= 0
        scatter_add(deletion, old[was], self.growth[classes][was], -1)
        scatter_add(blocked, old[was], self.breaks[classes][was], -1)
        new = np.where(place >= 0, np.array(order, np.int64)[place], -1)
        now_decided = new >= 0
        bad = self.breaks_rule(classes, fall)
        scatter_add(deletion, new[now_decided], grow[now_decided], 1)
        scatter_add(blocked, new[now_decided], bad[now_decided], 1)
        self.decider[classes], self.held[classes] = new, hold
        self.growth[classes], self.breaks[classes] = grow, bad
        places = np.where(self.decider >= 0, position[self.decider], -1)
        # (the other classes' losses stay)
        self.now[classes] = self.sizes[classes] * (ce[classes] - self.evs[classes, hold])
        return places, [(int(deletion[s]), s) for s in order[:-1] if not blocked[s]]


class Descent:
    """The search for a descent's next move, priced from the list as it stands (`PlayedList`):
    deleting a line (`PlayedList.stand` prices every deletion), merging two lines of one
    pattern (`merges`) or moving a lone made hand's line into a run of them (`joins`); the move
    taken edits the list (`take`). A long list loses its cheapest lines in batches instead
    (`delete_batch`), a batch undone where it breaks a rule (`batch_undone`).
    """

    SCRATCH = -1  # stands in an order for a merged line until it is chosen

    def __init__(self, played: PlayedList):
        from .play_kernels import holds_on_classes, line_holds, merge_takes  # (lazy: numba)

        self._holds_on_classes, self._line_holds = holds_on_classes, line_holds
        self._merge_takes = merge_takes
        self.played = played
        self.batched = None  # (the order before a batch of deletions, the slots it cut), to check
        self.limit = None  # the last batch was undone: the next takes half as many lines
        # merged line -> (classes it meets, loss per deal if it decides each, whether it then
        # plays a hold the rules do not allow), under the rules as they stand
        self.merged_holds = {}
        self.marks = np.zeros(played.data.n_classes, np.bool_)  # merge_takes's scratch

    def loosen(self) -> bool:
        """Go on under the list's next rule, if any is left (merged lines are priced afresh
        where it allows other holds)."""
        allowed = self.played.allowed
        if not self.played.loosen():
            return False
        if self.played.allowed is not allowed:
            self.merged_holds.clear()
        return True

    def batch_undone(self) -> bool:
        """After a batch of deletions, played again by `stand`: if a class it moved now breaks
        a rule, the batch is undone (True) and the next takes half as many lines."""
        if self.batched is None:
            return False
        played = self.played
        before, cut = self.batched
        self.batched = None
        moved = played.line_bits.touched(cut)
        if played.breaks_rule(moved, played.held[moved]).any():
            played.reorder(before, cut)
            self.limit = max(1, len(cut) // 2)
            return True
        self.limit = None
        return False

    def delete_batch(self, deletions: list) -> None:
        """Delete the cheapest lines, a third of the surplus over CAREFUL_LINES at a time,
        checked by `batch_undone` once played again."""
        played = self.played
        order = played.order
        batch = max(1, (len(order) - CAREFUL_LINES) // 3)
        batch = min(batch, self.limit) if self.limit else batch
        cut = [slot for _, slot in sorted(deletions)[:batch]]
        if batch > 1:
            self.batched = (order, cut)
        played.reorder([s for s in order if s not in cut], cut)
        if not self.batched and 32 * played.line_bits.WORDS > 2 * len(played.order) + 96:
            # Every pass scans every word of slot bits of every row: fewer lines, fewer words.
            played.afresh()

    def merges(self, place: np.ndarray, decided: dict):
        """Every merge of two lines of one pattern that keeps the rules, as a Move."""
        order, slots = self.played.order, self.played.line_bits.slots
        by_pattern = {}
        for i, slot in enumerate(order[:-1]):
            by_pattern.setdefault(slots[slot][:3], []).append(i)
        for places in by_pattern.values():
            for x, i in enumerate(places):
                for j in places[x + 1:]:
                    a, b = order[i], order[j]
                    merged = loosely_merged(slots[a], slots[b])
                    if merged is None or has_exception(merged):
                        continue
                    cost = self._price_merge(place, decided, i, j, merged)
                    if cost is not None:
                        trial = order[:i] + [self.SCRATCH] + order[i + 1:j] + order[j + 1:]
                        yield Move(cost, trial, merged, [a, b])

    def _price_merge(self, place, decided, i, j, merged) -> int | None:
        """The cost of the merged line at place i in place of a and b, or None if it breaks a
        rule."""
        played = self.played
        order, line_bits, data = played.order, played.line_bits, played.data
        ce, evs = played.ce, played.evs
        a, b = order[i], order[j]
        if merged not in self.merged_holds:
            met, holds = self._line_holds(line_bits.rows_meeting(merged), data.keys)
            holds = holds.astype(np.int64)
            loss_if = ce[met] - evs[met, holds]
            self.merged_holds[merged] = (met, loss_if, ~played.allowed[met, holds])
        # The merged line at place i changes the classes a and b decide, and those it meets
        # that are decided below place i (or by no line); no others.
        met, loss_if, unpat = self.merged_holds[merged]
        keeps, cost, rest = self._merge_takes(met, loss_if, unpat, place, i, played.bound,
                                              played.sizes, played.now, decided[a], decided[b],
                                              self.marks)
        if not keeps:
            return None
        cost = int(cost)
        if len(rest):
            below = order[:i] + order[i + 1:j] + order[j + 1:]
            holds = self._holds_on_classes(line_bits.bits, line_bits.positions(below),
                                           data.keys, rest).astype(np.int64)
            if played.breaks_rule(rest, holds).any():
                return None
            cost += int((played.sizes[rest] * (ce[rest] - evs[rest, holds])).sum()
                        - played.now[rest].sum())
        return cost

    def joins(self, made: dict):
        """Every move `join_places` offers that keeps the rules, as a Move. Only the classes
        meeting the moved line can change hands."""
        played = self.played
        order, line_bits, ce, evs = played.order, played.line_bits, played.ce, played.evs
        for i, places in join_places([made[s] for s in order]):
            slot = order[i]
            rest = order[:i] + order[i + 1:]
            classes = line_bits.touched([slot])
            for to in places:
                trial = rest[:to] + [slot] + rest[to:]
                holds = self._holds_on_classes(line_bits.bits, line_bits.positions(trial),
                                               played.data.keys, classes).astype(np.int64)
                if played.breaks_rule(classes, holds).any():
                    continue
                cost = int((played.sizes[classes] * (ce[classes] - evs[classes, holds])).sum()
                           - played.now[classes].sum())
                yield Move(cost, trial, None, [slot])

    def cheapest_move(self, place: np.ndarray, deletions: list, exceptions: list) -> Move | None:
        """The move costing least per printed line saved (while a deal exception is left, the
        cheapest deletion): deletions, then merges and joins in tables short enough to price
        them. A move that shortens the table without shortening what is printed (a made hand
        in a run of them) is taken only if it is free. None: every move breaks a rule."""
        order, slots = self.played.order, self.played.line_bits.slots
        moves = [Move(cost, [s for s in order if s != slot], None, [slot])
                 for cost, slot in deletions]
        if not exceptions and MERGE_LINES and len(order) <= MERGE_LINES:
            decided = {slot: np.flatnonzero(place == i) for i, slot in enumerate(order)}
            moves.extend(self.merges(place, decided))
        made = {s: holds_made_hand(slots[s]) for s in order}
        printed_now = _runs([made[s] for s in order])
        if not exceptions and JOIN_LINES and len(order) <= JOIN_LINES:
            moves.extend(self.joins(made))
        best, best_score = None, None
        for move in moves:
            saved = printed_now - _runs([holds_made_hand(move.merged) if s == self.SCRATCH
                                         else made[s] for s in move.order])
            if saved <= 0 and move.cost > 0:
                continue
            score = Fraction(move.cost, saved) if saved > 0 else Fraction(move.cost)
            if exceptions:
                score = Fraction(move.cost)
            if best is None or score < best_score:
                best, best_score = move, score
        return best

    def take(self, move: Move) -> None:
        """Edit the list as the move says (a merged line takes a new slot)."""
        played = self.played
        changed, trial = move.removed, move.order
        if move.merged is not None:
            slot = played.line_bits.new_slot(move.merged)
            changed = changed + [slot]
            trial = [slot if s == self.SCRATCH else s for s in trial]
        played.reorder(trial, changed)
        if len(played.line_bits.slots) >= 2 * len(played.order) + 32:
            played.afresh()  # (merged lines add slots)


def descend(data: HoldData, evs: np.ndarray, lines: list, rules: list[Rule], route: str,
            floor: int = FLOOR, dearest: int | None = None) -> list[Candidate]:
    """Tables from `lines` down to `floor` printed lines, one move at a time, each the cheapest
    move per printed line saved that keeps the rules: every class plays a hold the rule allows
    (every pat class still holds all five, ...), and no class loses more than its bound (EV
    integers): the first of `rules` until no move keeps it, then the next. Deal exceptions are
    deleted first; tables still holding one are not returned. Costs are exact sums over the
    deals. With `dearest`, it stops at the first table costing more.
    """
    played = PlayedList(data, evs, lines, rules)
    descent = Descent(played)
    out = []
    while True:
        place, deletions = played.stand()
        if descent.batch_undone():
            continue
        exceptions = played.exceptions()
        if not exceptions:
            out.append(played.candidate(route))
        if printed_length(played.lines()) <= floor or (
                dearest is not None and not exceptions and out[-1].cost > dearest):
            break
        if exceptions:
            deletions = [d for d in deletions if d[1] in exceptions] or deletions
        careful = len(played.order) > CAREFUL_LINES  # long: deletions alone, in batches
        if careful and not deletions:
            if not descent.loosen():
                break
            continue
        if careful and not exceptions:
            descent.delete_batch(deletions)
            continue
        move = descent.cheapest_move(place, deletions, exceptions)
        if move is None:
            if not descent.loosen():
                break  # every move breaks a rule
            continue
        descent.take(move)
    return out


def join_places(made: list[bool]) -> list[tuple[int, list[int]]]:
    """Each lone made hand's line (neither neighbour holds a made hand; never the last line)
    and where it could go in the list without it: next to the nearest run of made hands above
    it, then next to the nearest below. Either way it is printed with them: one line saved."""
    at = [i for i, m in enumerate(made[:-1]) if m]
    out = []
    for x, i in enumerate(at):
        if (x and at[x - 1] == i - 1) or (x + 1 < len(at) and at[x + 1] == i + 1):
            continue  # in a run already: a move would save no printed line
        places = ([at[x - 1] + 1] if x else []) + ([at[x + 1] - 1] if x + 1 < len(at) else [])
        if places:
            out.append((i, places))
    return out


def joined(data: HoldData, lines: list) -> list:
    """The lines (rank sets inline) with each move `join_places` offers taken wherever every
    class is still played as `data` allows: a printed line saved each time, no deal played
    worse. (9/6 Jacks or Better's exact table prints Two Pair with Full House, Flush, Three of
    a Kind and Straight: no deal holds both two pair and the 4 to a Straight Flush between.)"""
    lines = list(lines)
    rows = np.arange(data.n_classes) * 32
    moved = True
    while moved:
        moved = False
        for i, places in join_places([holds_made_hand(line) for line in lines]):
            rest = lines[:i] + lines[i + 1:]
            for to in places:
                trial = rest[:to] + [lines[i]] + rest[to:]
                place, held = play(data, trial)
                if (place >= 0).all() and data.optimal[rows + held].all():
                    lines, moved = trial, True
                    break
            if moved:
                break
    return lines


def swapped(data: HoldData, evs: np.ndarray, start: Candidate, pool: list, rule: Rule,
            limit: int, enough: int | None = None) -> Candidate:
    """A cheaper table of at most `limit` printed lines than `start`, or `start`: each round
    puts in the line of `pool` that saves most where it saves most, then takes the descent's
    cheapest move back to `limit` lines; kept while the cost falls.

    A greedy descent can give up a line it would have been worth keeping at the end (Joker
    Poker Two Pair's 20-line table dropped "3 to a Flush" at 28 lines, 1.6% of the return).
    Putting a line in at place p changes only the classes it meets that are decided at p or
    below: each then holds the line's own hold, so what a line saves at every place is one
    suffix sum over those classes. With `enough`, it stops at the first table costing no more.
    """
    from .play_kernels import line_holds, scatter_add  # (lazy: numba)

    bound, allowed = rule
    sizes = data.sizes.astype(np.int64)
    ce = data.ce
    meets = []
    for line in dict.fromkeys(pool):
        if has_exception(line):
            continue
        met, holds = line_holds(rows_meeting(data, line), data.keys)
        if len(met):
            holds = holds.astype(np.int64)
            loss = ce[met] - evs[met, holds]
            meets.append((line, met, sizes[met] * loss, (loss > bound) | ~allowed[met, holds]))
    best = start
    for _ in range(SWAP_ROUNDS):
        if enough is not None and best.cost <= enough:
            break
        lines = list(best.lines)
        place, now = lost(data, evs, lines)
        place = np.where(place < 0, len(lines), place)
        gains = []
        for line, met, loss, bad in meets:
            if line in lines:
                continue
            q = place[met]
            saved = np.zeros(len(lines) + 1, np.int64)
            scatter_add(saved, q, now[met] - loss, 1)
            saved = np.cumsum(saved[::-1])[::-1]  # saved[p]: put in at place p
            lowest = int(q[bad].max()) + 1 if bad.any() else 0
            if lowest < len(lines):  # (above the last line: it meets every class)
                at = lowest + int(np.argmax(saved[lowest:len(lines)]))
                if saved[at] > 0:
                    gains.append((int(saved[at]), at, line))
        gains.sort(key=lambda g: -g[0])
        found = []
        for _, at, line in gains[:SWAP_TRIES]:
            trial = lines[:at] + [line] + lines[at:]
            # (merges too: without them the swaps took a tenth less time, and three tables
            # lost a card line or more than a tenth of their simple level's saving)
            found += [c for c in descend(data, evs, trial, [rule], start.route, floor=limit)
                      if c.printed <= limit]
        cheapest = min(found, key=lambda c: (c.cost, c.printed), default=None)
        if cheapest is None or cheapest.cost >= best.cost:
            break
        best = cheapest
    if best is not start:
        best = Candidate(best.lines, best.cost, start.route.removesuffix(", lines swapped")
                         + ", lines swapped", bound)
    return best


def shortened(data: HoldData, evs: np.ndarray, level: Candidate, found: list, pool: list,
              rule: Rule, allowance: int) -> list[Candidate]:
    """Tables shorter than `level` within the same allowance and rule, each found by swaps
    from the cheapest table found one printed line shorter, until swaps no longer bring one
    within the allowance; the last is then made as cheap as swaps make it at its length. (Joker
    Poker Two Pair's card: 71 printed lines -> 62.) It starts only from tables held to the
    rule's bound or a stricter one (a table's `bound` is that of the rule it was found under)."""
    out = []
    while level.printed - 1 > FLOOR:
        k = level.printed - 1
        starts = [c for c in found + out if c.printed <= k and c.bound <= rule.bound]
        if not starts:
            break
        shorter = swapped(data, evs, min(starts, key=lambda c: c.cost), pool, rule,
                          limit=k, enough=allowance)
        if shorter.cost > allowance:
            break
        level = shorter
        out.append(level)
    if out:
        out.append(swapped(data, evs, level, pool, rule, limit=level.printed))
    return out


CATCH_ALL = ((P.F_N, P.OP_EQ, 0), (P.F_W, P.OP_EQ, 0), (P.F_KIND, P.OP_EQ, P.NONE))


def with_catch_all(lines: list) -> list:
    """The lines ending with "Discard everything", unconditional: a descent never deletes the
    last line, which must meet every deal. A derived table may end otherwise where its last
    lines decide every deal left (Deuces and Joker Wild's ends with "2 wild cards only"); a
    descent from it would then delete every "Discard everything" line for nothing, since a
    deal no line decides is priced as discarding everything, and print no line for them."""
    return list(lines) if lines and tuple(lines[-1]) == CATCH_ALL else [*lines, CATCH_ALL]


def play(data: HoldData, lines: list, choices: tuple = ()) -> tuple[np.ndarray, np.ndarray]:
    """(place of the deciding line or -1, held mask) of every class, for lines with rank sets
    inline, each played by its choice rule (`choices`, as `Strategy.choices`: none, or None for
    a line, is the higher cards); a class no line decides discards everything (mask 0)."""
    from .play_kernels import first_lines  # (lazy: numba)

    rows = [rows_meeting(data, line) for line in lines]
    starts = np.zeros(len(rows) + 1, np.int64)
    starts[1:] = np.cumsum([len(r) for r in rows])
    rule = np.array([P.HIGHER if not choices or choices[i] is None else choices[i]
                     for i in range(len(lines))], np.int32)
    place, held = first_lines(np.concatenate(rows), starts, data.choice_keys, rule,
                              data.n_classes)
    return place, np.where(place < 0, 0, held).astype(np.int64)


def lost(data: HoldData, evs: np.ndarray, lines: list,
         choices: tuple = ()) -> tuple[np.ndarray, np.ndarray]:
    """(place of the deciding line or -1, what the class loses played so, times its deals)
    of every class; the table's cost is the sum."""
    place, held = play(data, lines, choices)
    loss = data.ce - evs[np.arange(len(held)), held]
    return place, data.sizes.astype(np.int64) * loss


def without_idle(data: HoldData, lines: list) -> list:
    """The lines that decide some class, and the last (rank sets inline): a line below one that
    meets every hold it meets decides nothing (`shortest.trimmed` can write a long line as an
    earlier one), and removing it changes no play."""
    place, _ = play(data, lines)
    deciding = set(np.unique(place[place >= 0]).tolist()) | {len(lines) - 1}
    return [line for i, line in enumerate(lines) if i in deciding]


@dataclass(frozen=True)
class Found:
    """What `find` returns: the card and simple tables (None where the exact table is the
    card), the curve as (printed lines, cost summed over deals, whether that table keeps the
    levels' rules: the paying hands and the simple level's bound, beside the pat hands every
    table keeps) from the longest down, and the route each came from."""

    card: Strategy
    card_route: str
    simple: Strategy
    simple_route: str
    curve: list
    pat: np.ndarray
    allowed: np.ndarray  # (classes, 32): the holds the levels may play (`allowed_holds`)
    # Per route: (route, card's printed lines, its cost, simple's printed lines, its cost), as
    # if that route alone had been tried: which route wins where.
    routes: list
    # The card before swaps shortened it, and its route (None: swaps found no shorter card).
    # Re-described, it can end shorter than the swapped one (7/5 Bonus Poker: 21 lines found,
    # 19 once re-described, against 20 swapped).
    unswapped_card: Strategy | None = None
    unswapped_route: str = ""
    # Every table found, in the order found (the exact table first), and the table route 2
    # descends from (derived within the first tolerance): what the browser's levels.js is held
    # to stage by stage (tests/make_derive_fixtures.py).
    candidates: tuple = ()
    first: tuple = ()


def find(data: HoldData, evs: np.ndarray, unit: int, deals: int, exact: Strategy,
         family: str = "natural", tolerances=TOLERANCES, pat: np.ndarray | None = None,
         allowed: np.ndarray | None = None) -> Found:
    """The curve and the levels of one pay table (see the module docstring). `unit` is the EV
    integer of one unit bet, `deals` the deals in the deck; `pat` the classes the exact table
    plays by holding all five, `allowed` the holds the levels may play (`allowed_holds`; None:
    the pat-hand rule alone). Where the card misses the family's goal by a little (CARD_GOAL),
    more tolerances are tried (EXTRA_CARD_TOLERANCES): most pay tables meet it without, and
    each route costs a derivation."""
    exact_lines = with_catch_all(named(exact))
    if pat is None:  # the classes the exact table plays by holding all five cards
        pat = play(data, exact_lines)[1] == 31
    pat_only = allowed_holds(pat)
    if allowed is None:
        allowed = pat_only
    # The card's rule, then the simple level's; below that (the curve's shortest tables) only
    # the pat-hand rule holds.
    rules = [Rule(int(CARD_BOUND * unit), allowed), Rule(int(SIMPLE_BOUND * unit), allowed),
             Rule(int(evs.max()) + 1, pat_only)]
    simple_allowance = int(SIMPLE_COST * unit * deals)
    found = [Candidate(tuple(exact_lines), 0, "exact", 0)]
    def derived(tolerance):
        loose = tolerant(data, evs, int(tolerance * unit), allowed)
        return with_catch_all(named(compact(loose, derive(loose))))

    def derived_route(tolerance, lines=None, whole_curve=False):
        # (these stop under the simple level's rule at the first table dearer than it may be,
        # unless they draw the curve's short end in place of the exact table's descent)
        lines = derived(tolerance) if lines is None else lines
        route = f"derived within {tolerance} units"
        if whole_curve:
            return descend(data, evs, lines, rules, route)
        return descend(data, evs, lines, rules[:2], route, dearest=simple_allowance)

    # An exact table over twice as long as the one derived within the first tolerance is
    # shortened mostly by batches of deletions, and the derived table gives the shorter card
    # (Illinois Deuces: 256 lines against 63, cards of 150 and 30 lines): route 1 is left out
    # there, and route 2 draws the curve's short end.
    first = derived(tolerances[0])
    shorten_exact = len(exact_lines) <= 2 * len(first)
    found += derived_route(tolerances[0], first, whole_curve=not shorten_exact)
    for tolerance in tolerances[1:]:
        found += derived_route(tolerance)
    if shorten_exact:
        found += descend(data, evs, exact_lines, rules, "exact table, shortened")
    card, _ = _pick(found, unit, deals)
    goals = "wild" if FAMILIES[family].wild_count else "natural"
    if CARD_GOAL[goals] < card.printed <= CARD_GOAL[goals] * 5 // 4:
        # (missed by a little: a table far over its goal needs features the derivation lacks,
        # not another route; Joker Poker Two Pair's exceptions, for one)
        for tolerance in EXTRA_CARD_TOLERANCES:
            found += derived_route(tolerance)
    # Swaps: a shorter card and a shorter simple level, each within its allowance; where swaps
    # find no shorter simple level, a cheaper one of its length.
    card, simple = _pick(found, unit, deals)
    unswapped = card
    pool = exact_lines + list(card.lines) + first
    found += shortened(data, evs, card, found, pool, rules[0], int(CARD_COST * unit * deals))
    shorter = shortened(data, evs, simple, found, pool, rules[1], simple_allowance)
    found += shorter
    if not shorter and simple.cost:
        found.append(swapped(data, evs, simple, pool, rules[1], limit=simple.printed))
    # The cheapest table of at most k printed lines, for every k: a curve that never rises as
    # lines are added.
    by_length = {}
    for c in found:
        if c.printed not in by_length or c.cost < by_length[c.printed].cost:
            by_length[c.printed] = c
    longest = max(by_length)
    curve, best = [], None
    for k in range(min(by_length), longest + 1):
        c = by_length.get(k)
        if c is not None and (best is None or c.cost < best.cost):
            best = c
        curve.append((k, best))
    curve = [(k, c) for k, c in curve if k >= FLOOR]
    card, simple = _pick(found, unit, deals)
    routes = []
    for route in dict.fromkeys(c.route for c in found[1:]):
        own = [c for c in found if c.route == route]
        if route == "exact table, shortened":  # route 1 starts from the exact table
            own = [found[0]] + own
        c, s = _pick(own, unit, deals)
        routes.append((route, c and c.printed, c and c.cost, s and s.printed, s and s.cost))
    kept = rules[1].bound
    return Found(indexed(list(card.lines)), card.route, indexed(list(simple.lines)),
                  simple.route, [(k, c.cost, c.bound <= kept) for k, c in reversed(curve)], pat,
                  allowed, routes,
                  None if card is unswapped else indexed(list(unswapped.lines)), unswapped.route,
                  tuple(found), tuple(first))


def _pick(found: list, unit: int, deals: int) -> tuple:
    """(card, simple) among the tables found (the first of them the exact table, where it is
    among them): the shortest costing at most CARD_COST and held to the card's rule
    (CARD_BOUND), the exact table where that is as short; the shortest costing at most
    SIMPLE_COST and held to the simple level's rule (SIMPLE_BOUND), the cheaper of two as
    short. (Either None where no table of this route qualifies: a route alone, in `routes`.)"""
    def shortest(allowance, bound):
        return min((c for c in found if c.cost <= allowance and c.bound <= bound),
                   key=lambda c: (c.printed, c.cost), default=None)

    card = shortest(CARD_COST * unit * deals, int(CARD_BOUND * unit))
    if card is not None and found[0].cost == 0 and card.printed >= found[0].printed:
        card = found[0]
    return card, shortest(SIMPLE_COST * unit * deals, int(SIMPLE_BOUND * unit))

