"""Strategy levels: shorter tables that give up a little, each priced exactly on every deal.

In: a solution, its holds' features (`holds.HoldData`) and its exact table. Out: `Levels`, the
cheapest table found at every length from the exact table down to 5 lines (the curve), and the
two levels a player picks from it:

- card: the shortest table costing at most 0.01% of the bet (1 unit in 10,000 hands); the
  pocket card prints it;
- simple: the cheapest table of at most 20 lines.

Every table here keeps three rules, whatever it saves:
- pat hands: a deal the exact table plays by holding all five cards is played so;
- the loss on any one deal is bounded (0.25 units for the card level, 1 unit for the simple);
- no deal exceptions (lines naming deals).

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

import numpy as np

from . import features as P
from .holds import HoldData, Strategy, indexed, named
from .compact import Compactor, loosely_merged

CARD_COST = Fraction(1, 10_000)  # of the bet, per hand
CARD_BOUND = Fraction(1, 4)  # the largest loss on one deal, in units
SIMPLE_LINES = 20
SIMPLE_BOUND = Fraction(1)
# What the simple level may pay, of the bet per hand, to say a list of rank sets over 60
# characters in a few words (`shortest.phrased`): a beginner's level with a 56-set "3 to a Flush:
# any but QJ7 or ..." line is cheap but cannot be learnt (9/7 Double Bonus: 0.2350% -> 0.2396%
# for "3 to a Flush: at least 1 high card"). The card's own allowance, so no level pays more
# than it for words.
SIMPLE_WORDS_COST = Fraction(1, 10_000)
FLOOR = 5  # the curve runs down to this many lines
# Tolerances for route 2, in units: small enough that the table stays cheap, large enough that
# lines splitting holds a hair apart go.
TOLERANCES = (Fraction(1, 100),)
# Goals per family (the card's length, the simple level's cost), and the tolerances tried more
# where a goal is missed: smaller ones keep more lines for the card, larger ones give coarser
# tables for the simple level.
CARD_GOAL = {"natural": 40, "deuces": 50, "joker": 50}
SIMPLE_GOAL = {"natural": Fraction(15, 10_000), "deuces": Fraction(30, 10_000),
               "joker": Fraction(30, 10_000)}
EXTRA_CARD_TOLERANCES = (Fraction(3, 1000),)
EXTRA_SIMPLE_TOLERANCES = ()  # (3/100 lowered three simple levels by a fifth, for 2-4 s each)
# Above this many lines a descent deletes lines in batches before it tries merges, since
# pricing every merge of a 300-line table at every step takes minutes.
CAREFUL_LINES = 60
# Merges are tried only in tables of at most this many lines (0: never).
MERGE_LINES = 60
# Moves of a made hand's line into a run of them (one printed line saved, as charts print "Full
# House, Flush, Straight, Three of a Kind" together) are tried in tables of at most this many.
JOIN_LINES = 60
# Swaps (`swapped`): at most this many rounds, each trying this many of the lines that save
# most. (8 rounds gave the same levels on all 23 pay tables, in more time; 3 rounds of 2 tries
# cost Joker Kings and 6/5 Tens or Better a card line.)
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


def tolerant(data: HoldData, evs: np.ndarray, tolerance: int, pat: np.ndarray) -> HoldData:
    """The same holds, with every hold within `tolerance` (EV integers) of the best counted as
    right, except on the pat classes, where only holding all five is right."""
    right = (data.ce[:, None] - evs) <= tolerance
    right[pat] = False
    right[pat, 31] = True
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
    return (n == 5 or kind in (P.TRIPS, P.QUADS, P.FULL_HOUSE, P.TWO_PAIR)
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


def descend(data: HoldData, evs: np.ndarray, lines: list, pat: np.ndarray, bounds: list,
            route: str, floor: int = FLOOR) -> list[Candidate]:
    """Tables from `lines` down to `floor` printed lines, one move at a time, each the cheapest
    move per printed line saved that keeps the rules: every pat class still holds all five, and
    no class loses more than the bound (EV integers): the first of `bounds` until no move keeps
    it, then the next. Deal exceptions are deleted first; tables still holding one are not
    returned. Costs are exact sums over the deals.
    """
    bounds = list(bounds)
    bound = bounds.pop(0)
    from .play_kernels import holds_on_classes, line_holds, merge_takes, play_and_price

    compactor = Compactor(data, lines)
    n = data.n_classes
    every_class = np.arange(n)
    sizes = data.sizes.astype(np.int64)
    ce = data.ce
    # Per class, as the list stands: the slot of the line deciding it (-1: none), the hold
    # played, how much its loss grows if that line is deleted, and whether the fall then breaks
    # a rule. An edit changes these only for the classes meeting the lines it removes or adds,
    # so only those are played again.
    decider = np.full(n, -1, np.int64)
    held = np.zeros(n, np.int64)
    growth = np.zeros(n, np.int64)
    breaks = np.zeros(n, np.int64)
    now = np.zeros(n, np.int64)  # each class's loss as the list stands, times its deals
    per_slot = {"deletion": np.zeros(0, np.int64), "blocked": np.zeros(0, np.int64)}

    def breaks_rule(classes, holds):
        return ((ce[classes] - evs[classes, holds] > bound)
                | (pat[classes] & (holds != 31))).astype(np.int64)

    def standing(order, changed):
        """(place of the line deciding each class, its loss there, [(cost of deleting, slot)]
        of every line but the last whose deletion keeps the rules)."""
        position = compactor.positions(order)
        if changed is None:
            classes = every_class
            decider[:] = -1
            growth[:] = 0
            breaks[:] = 0
            per_slot["deletion"] = np.zeros(len(position), np.int64)
            per_slot["blocked"] = np.zeros(len(position), np.int64)
        else:
            classes = compactor.touched(changed)
        deletion, blocked = per_slot["deletion"], per_slot["blocked"]
        place, hold, fall, grow = play_and_price(compactor.bits, position, data.keys, evs, ce,
                                                 data.sizes, classes)
        hold, fall = hold.astype(np.int64), fall.astype(np.int64)
        old = decider[classes]
        was = old >= 0
        np.subtract.at(deletion, old[was], growth[classes][was])
        np.subtract.at(blocked, old[was], breaks[classes][was])
        new = np.where(place >= 0, np.array(order, np.int64)[place], -1)
        now_decided = new >= 0
        bad = breaks_rule(classes, fall)
        np.add.at(deletion, new[now_decided], grow[now_decided])
        np.add.at(blocked, new[now_decided], bad[now_decided])
        decider[classes], held[classes], growth[classes], breaks[classes] = new, hold, grow, bad
        places = np.where(decider >= 0, position[decider], -1)
        now[classes] = sizes[classes] * (ce[classes] - evs[classes, hold])  # the others stay
        return places, now, [(int(deletion[s]), s) for s in order[:-1] if not blocked[s]]

    merged_holds = {}  # merged line -> (classes it meets, loss per deal if it decides each)
    marks = np.zeros(n, np.bool_)  # merge_takes's scratch

    def merges(order, place, now, decided):
        """(cost, new order, merged line, slots removed) of every merge that keeps the rules."""
        by_pattern = {}
        for i, slot in enumerate(order[:-1]):
            by_pattern.setdefault(compactor.slots[slot][:3], []).append(i)
        for places in by_pattern.values():
            for x, i in enumerate(places):
                for j in places[x + 1:]:
                    a, b = order[i], order[j]
                    merged = loosely_merged(compactor.slots[a], compactor.slots[b])
                    if merged is None or has_exception(merged):
                        continue
                    cost = price_merge(order, place, now, decided, i, j, merged)
                    if cost is not None:
                        trial = order[:i] + [scratch] + order[i + 1:j] + order[j + 1:]
                        yield cost, trial, merged, [a, b]

    def price_merge(order, place, now, decided, i, j, merged):
        """The cost of the merged line at place i in place of a and b, or None if it breaks a
        rule."""
        a, b = order[i], order[j]
        if merged not in merged_holds:
            met, holds = line_holds(compactor.rows_meeting(merged), data.keys)
            holds = holds.astype(np.int64)
            loss_if = ce[met] - evs[met, holds]
            merged_holds[merged] = (met, loss_if, pat[met] & (holds != 31))
        # The merged line at place i changes the classes a and b decide, and those it meets
        # that are decided below place i (or by no line); no others.
        met, loss_if, unpat = merged_holds[merged]
        keeps, cost, rest = merge_takes(met, loss_if, unpat, place, i, bound, sizes, now,
                                        decided[a], decided[b], marks)
        if not keeps:
            return None
        cost = int(cost)
        if len(rest):
            below = order[:i] + order[i + 1:j] + order[j + 1:]
            holds = holds_on_classes(compactor.bits, compactor.positions(below), data.keys,
                                     rest).astype(np.int64)
            if breaks_rule(rest, holds).any():
                return None
            cost += int((sizes[rest] * (ce[rest] - evs[rest, holds])).sum() - now[rest].sum())
        return cost

    def joins(order, made):
        """(cost, new order, None, [slot]) of every move `join_places` offers that keeps the
        rules. Only the classes meeting the moved line can change hands."""
        for i, places in join_places([made[s] for s in order]):
            slot = order[i]
            rest = order[:i] + order[i + 1:]
            classes = compactor.touched([slot])
            for to in places:
                trial = rest[:to] + [slot] + rest[to:]
                holds = holds_on_classes(compactor.bits, compactor.positions(trial), data.keys,
                                         classes).astype(np.int64)
                if breaks_rule(classes, holds).any():
                    continue
                cost = int((sizes[classes] * (ce[classes] - evs[classes, holds])).sum()
                           - now[classes].sum())
                yield cost, trial, None, [slot]

    scratch = -1  # stands in an order for a merged line until it is chosen
    out = []
    changed = None
    batched = None  # (the order before a batch of deletions, the slots it cut), to check
    limit = None  # the last batch was undone: the next takes half as many lines
    while True:
        order = compactor.order
        place, now, deletions = standing(order, changed)
        if batched is not None:
            # The classes a batch moved are played again by `standing`: if one of them now
            # breaks a rule, the batch is undone and one deletion goes instead.
            before, cut = batched
            batched = None
            moved = compactor.touched(cut)
            if breaks_rule(moved, held[moved]).any():
                compactor.order, changed, limit = before, cut, max(1, len(cut) // 2)
                continue
            limit = None
        exceptions = [s for s in order if has_exception(compactor.slots[s])]
        if not exceptions:
            out.append(Candidate(tuple(compactor.lines()), int(now.sum()), route, bound))
        if printed_length(compactor.lines()) <= floor:
            break
        if exceptions:
            allowed = [d for d in deletions if d[1] in exceptions]
            deletions = allowed or deletions
        if not deletions and len(order) > CAREFUL_LINES:
            if not bounds:
                break
            bound = bounds.pop(0)
            changed = None
            continue
        if len(order) > CAREFUL_LINES and not exceptions:
            # Batches of the cheapest deletions, a third of the surplus at a time, kept only
            # if the rules still hold on every class they move.
            batch = max(1, (len(order) - CAREFUL_LINES) // 3)
            batch = min(batch, limit) if limit else batch
            cut = [slot for _, slot in sorted(deletions)[:batch]]
            if batch > 1:
                batched = (order, cut)
            compactor.order, changed = [s for s in order if s not in cut], cut
            if not batched and 32 * compactor.WORDS > 2 * len(compactor.order) + 96:
                # Every pass scans every word of slot bits of every row: fewer lines, fewer
                # words.
                compactor = Compactor(data, compactor.lines())
                changed = None
            continue
        moves = [(cost, [s for s in order if s != slot], None, [slot])
                 for cost, slot in deletions]
        if not exceptions and MERGE_LINES and len(order) <= MERGE_LINES:
            decided = {slot: np.flatnonzero(place == i) for i, slot in enumerate(order)}
            moves.extend(merges(order, place, now, decided))
        best, best_score = None, None
        made = {s: holds_made_hand(compactor.slots[s]) for s in order}
        printed_now = _runs([made[s] for s in order])
        if not exceptions and JOIN_LINES and len(order) <= JOIN_LINES:
            moves.extend(joins(order, made))
        for move in moves:
            # The price of a printed line: a move that shortens the table without shortening
            # what is printed (a made hand in a run of them) is taken only if it is free.
            saved = printed_now - _runs([holds_made_hand(move[2]) if s == scratch else made[s]
                                         for s in move[1]])
            if saved <= 0 and move[0] > 0:
                continue
            score = Fraction(move[0], saved) if saved > 0 else Fraction(move[0])
            if exceptions:
                score = Fraction(move[0])
            if best is None or score < best_score:
                best, best_score = move, score
        if best is None:
            if not bounds:
                break  # every move breaks a rule
            # Every move loses more than the bound on some deal: go on under the next one.
            bound = bounds.pop(0)
            changed = None
            continue
        changed = best[3]
        trial = best[1]
        if best[2] is not None:
            slot = compactor.new_slot(best[2])
            changed = changed + [slot]
            trial = [slot if s == scratch else s for s in trial]
        compactor.order = trial
        if len(compactor.slots) >= 2 * len(compactor.order) + 32:
            # Start afresh with the lines left: every pass scans every slot's bit of every row.
            compactor = Compactor(data, compactor.lines())
            changed = None
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


def swapped(data: HoldData, evs: np.ndarray, start: Candidate, pool: list, pat: np.ndarray,
            bound: int, limit: int = SIMPLE_LINES, enough: int | None = None) -> Candidate:
    """A cheaper table of at most `limit` printed lines than `start`, or `start`: each round
    puts in the line of `pool` that saves most where it saves most, then takes the descent's
    cheapest move back to `limit` lines; kept while the cost falls.

    A greedy descent can give up a line it would have been worth keeping at the end (Joker
    Poker Two Pair's 20-line table dropped "3 to a Flush" at 28 lines, 1.6% of the return).
    Putting a line in at place p changes only the classes it meets that are decided at p or
    below: each then holds the line's own hold, so what a line saves at every place is one
    suffix sum over those classes. With `enough`, it stops at the first table costing no more.
    """
    from .holds import rows_meeting
    from .play_kernels import line_holds

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
            meets.append((line, met, sizes[met] * loss, (loss > bound) | (pat[met] & (holds != 31))))
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
            np.add.at(saved, q, now[met] - loss)
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
            found += [c for c in descend(data, evs, trial, pat, [bound], start.route, floor=limit)
                      if c.printed <= limit]
        cheapest = min(found, key=lambda c: (c.cost, c.printed), default=None)
        if cheapest is None or cheapest.cost >= best.cost:
            break
        best = cheapest
    if best is not start:
        best = Candidate(best.lines, best.cost, start.route.removesuffix(", lines swapped")
                         + ", lines swapped", bound)
    return best


def shortened_card(data: HoldData, evs: np.ndarray, card: Candidate, found: list, pool: list,
                   pat: np.ndarray, bound: int, allowance: int) -> list[Candidate]:
    """Cards shorter than `card` within the same allowance and bound, each found by swaps from
    the cheapest table found one printed line shorter, until swaps no longer bring one within
    the allowance; the last is then made as cheap as swaps make it at its length. (Joker Poker
    Two Pair: 71 printed lines -> 62.)"""
    out = []
    while card.printed - 1 > FLOOR:
        k = card.printed - 1
        starts = [c for c in found + out if c.printed <= k and c.bound <= bound]
        if not starts:
            break
        shorter = swapped(data, evs, min(starts, key=lambda c: c.cost), pool, pat, bound,
                          limit=k, enough=allowance)
        if shorter.cost > allowance:
            break
        card = shorter
        out.append(card)
    if out:
        out.append(swapped(data, evs, card, pool, pat, bound, limit=card.printed))
    return out


def play(data: HoldData, lines: list) -> tuple[np.ndarray, np.ndarray]:
    """(place of the deciding line or -1, held mask) of every class, for lines with rank sets
    inline; a class no line decides discards everything (mask 0)."""
    from .holds import rows_meeting
    from .play_kernels import first_lines

    rows = [rows_meeting(data, line) for line in lines]
    starts = np.zeros(len(rows) + 1, np.int64)
    starts[1:] = np.cumsum([len(r) for r in rows])
    place, held = first_lines(np.concatenate(rows), starts, data.keys, data.n_classes)
    return place, np.where(place < 0, 0, held).astype(np.int64)


def lost(data: HoldData, evs: np.ndarray, lines: list) -> tuple[np.ndarray, np.ndarray]:
    """(place of the deciding line or -1, what the class loses played so, times its deals)
    of every class; the table's cost is the sum."""
    place, held = play(data, lines)
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
    card), the curve as (printed lines, cost summed over deals) from the longest down, and the
    route each came from."""

    card: Strategy
    card_route: str
    simple: Strategy
    simple_route: str
    curve: list
    pat: np.ndarray
    # Per route: (route, card's printed lines, its cost, simple's printed lines, its cost), as
    # if that route alone had been tried: which route wins where.
    routes: list
    # The card before swaps shortened it, and its route (None: swaps found no shorter card).
    # Re-described, it can end shorter than the swapped one (7/5 Bonus Poker: 21 lines found,
    # 19 once re-described, against 20 swapped).
    unswapped_card: Strategy | None = None
    unswapped_route: str = ""


def find(data: HoldData, evs: np.ndarray, unit: int, deals: int, exact: Strategy,
         family: str = "natural", tolerances=TOLERANCES, pat: np.ndarray | None = None) -> Found:
    """The curve and the levels of one pay table (see the module docstring). `unit` is the EV
    integer of one unit bet, `deals` the deals in the deck. Where the card misses the family's
    goal by a little, or the simple level misses its goal (CARD_GOAL, SIMPLE_GOAL), more
    tolerances are tried (EXTRA_*): most pay tables meet them without, and each route costs a
    derivation."""
    from .compact import compact
    from .derive import derive

    exact_lines = named(exact)
    if pat is None:  # the classes the exact table plays by holding all five cards
        pat = play(data, exact_lines)[1] == 31
    # The card's bound, then the simple level's; below that (the curve's shortest tables) only
    # the pat-hand rule holds.
    bounds = [int(CARD_BOUND * unit), int(SIMPLE_BOUND * unit), int(evs.max()) + 1]
    found = [Candidate(tuple(exact_lines), 0, "exact", 0)]
    def derived(tolerance):
        loose = tolerant(data, evs, int(tolerance * unit), pat)
        return named(compact(loose, derive(loose)))

    def derived_route(tolerance, lines=None, whole_curve=False):
        # (these stop at the simple level's length and bound, unless they draw the curve's
        # short end in place of the exact table's descent)
        lines = derived(tolerance) if lines is None else lines
        route = f"derived within {tolerance} units"
        if whole_curve:
            return descend(data, evs, lines, pat, bounds, route)
        return descend(data, evs, lines, pat, bounds[:2], route, floor=SIMPLE_LINES)

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
        found += descend(data, evs, exact_lines, pat, bounds, "exact table, shortened")
    card, simple = _pick(found, unit, deals)
    if CARD_GOAL[family] < card.printed <= CARD_GOAL[family] * 5 // 4:
        # (missed by a little: a table far over its goal needs features the derivation lacks,
        # not another route; Joker Poker Two Pair's exceptions, for one)
        for tolerance in EXTRA_CARD_TOLERANCES:
            found += derived_route(tolerance)
    if Fraction(simple.cost, unit * deals) > SIMPLE_GOAL[family]:
        for tolerance in EXTRA_SIMPLE_TOLERANCES:
            found += derived_route(tolerance)
    # Swaps: a shorter card within its allowance, and a cheaper simple level (`swapped`).
    card, simple = _pick(found, unit, deals)
    unswapped = card
    pool = exact_lines + list(card.lines) + first
    found += shortened_card(data, evs, card, found, pool, pat, bounds[0],
                            int(CARD_COST * unit * deals))
    if simple.printed <= SIMPLE_LINES and simple.cost:
        found.append(swapped(data, evs, simple, pool, pat, bounds[1]))
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
        routes.append((route, c and c.printed, c and c.cost, s.printed, s.cost))
    return Found(indexed(list(card.lines)), card.route, indexed(list(simple.lines)),
                  simple.route, [(k, c.cost) for k, c in reversed(curve)], pat, routes,
                  None if card is unswapped else indexed(list(unswapped.lines)), unswapped.route)


def _pick(found: list, unit: int, deals: int) -> tuple:
    """(card, simple) among the tables found (the first of them the exact table, where it is
    among them): the shortest costing at most CARD_COST and losing at most CARD_BOUND on any
    deal, the exact table where that is as short; the cheapest of at most SIMPLE_LINES losing at
    most SIMPLE_BOUND (or the shortest, where none is that short)."""
    limit = CARD_COST * unit * deals
    card_bound = int(CARD_BOUND * unit)
    card = min((c for c in found if c.cost <= limit and c.bound <= card_bound),
               key=lambda c: (c.printed, c.cost), default=None)  # None: not on this route
    if card is not None and found[0].cost == 0 and card.printed >= found[0].printed:
        card = found[0]
    simple_bound = int(SIMPLE_BOUND * unit)
    simple = min((c for c in found if c.bound <= simple_bound),
                 key=lambda c: (0, c.cost, c.printed) if c.printed <= SIMPLE_LINES
                 else (1, c.printed, c.cost))  # none short enough: the shortest
    return card, simple

