"""Strategy tables for a solved pay table: derive, describe, verify, export.

`build(solution)` derives the exact hand-rank table (derive.py), then describes every line in
plain chart language and in the paper's notation, with the CE numbers it covers, its CE value
range, the deals it decides and example deals. `verify(solution, table)` plays it on every deal
of the deck. `ce_table(solution)` is the paper's Sheet 2 (Tables A1 and A2).
"""

import time
from itertools import combinations
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from . import patterns as P
from .cards import RANKS, format_hand
from .derive import Strategy, _indexed, _named, compact, derive, hold_data

_KIND_TEXT = {P.RF: "Royal Flush", P.SF: "Straight Flush", P.F: "Flush", P.S: "Straight"}
_KIND_ABBR = {P.RF: "RF", P.SF: "SF", P.F: "F", P.S: "S"}
# Cards of a kind, wild cards counted in: what a player calls them, and the paper's symbol
# after the cards held ("33K", "55K").
_OF_A_KIND = {3: ("Three of a Kind", "3K"), 4: ("Four of a Kind", "4K"), 5: ("Five of a Kind", "5K")}
_RANK_NAMES = {"T": "Tens", "J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces"}


def rank_text(mask: int) -> str:
    """The ranks of a mask high to low, as players write them: 'KQJ', 'AT', '8765'."""
    return "".join(RANKS[r] for r in range(12, -1, -1) if mask >> r & 1)


def a_rank(rank: str) -> str:
    """'an A', 'an 8', 'a K': the article as the rank is said aloud."""
    return ("an " if rank in "A8" else "a ") + rank


def rank_span(low: int) -> str:
    """'J-A': ranks `low` to ace ('A' alone for ace)."""
    return RANKS[low] + ("-A" if low < 12 else "")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


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


@dataclass(frozen=True)
class StrategyTable:
    lines: tuple[LineInfo, ...]
    rank_sets: tuple[frozenset, ...]
    seconds: float
    # `verify`'s figures from playing every suit class once, weighted by its deals (see
    # `_class_check`); None for a table read back from JSON.
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

    def buckets(self):
        """Lines by hold pattern: (start per pattern, line indexes in list order)."""
        from .pattern_kernels import N_PATTERNS

        by_pattern = [[] for _ in range(N_PATTERNS)]
        for i, line in enumerate(self.lines):
            base = {c[0]: c[2] for c in line.conditions[:3]}
            by_pattern[(base[P.F_N] * 6 + base[P.F_W]) * 12 + base[P.F_KIND]].append(i)
        start = np.zeros(N_PATTERNS + 1, np.int64)
        start[1:] = np.cumsum([len(b) for b in by_pattern])
        return start, np.array([i for b in by_pattern for i in b], np.int64)


def _wild_word(family: str, w: int) -> str:
    if family == "joker":
        return "the joker"
    return _plural(w, "deuce")


def wild_mark(family: str, w: int) -> str:
    """The notation's mark of wild cards among those held: '1D'..'4D' deuces, 'Jkr' the joker
    (never a card: suits are lower case, and 'Jk' is the joker card in a deal written out)."""
    return "Jkr" if family == "joker" else f"{w}D"


def describe_lines(lines, rank_sets, family: str, high: int = 13,
                   deal_text=str) -> list[tuple[str, str]]:
    """(text, notation) of each line of a table, read top down: below a line that holds every
    high pair, a pair is a Low Pair."""
    out, pairs_high = [], False
    for conditions in lines:
        out.append(describe_line(conditions, rank_sets, family, deal_text, high,
                                 low_pairs=pairs_high))
        base = {c[0]: c[2] for c in conditions[:3]}
        extra = [c for c in conditions[3:]]
        if (base[P.F_N], base[P.F_W], base[P.F_KIND]) == (2, 0, P.PAIR) and high < 13 and (
                not extra or extra in ([(P.F_H, P.OP_GE, 2)], [(P.F_H, P.OP_EQ, 2)])):
            pairs_high = True
    return out


def _pair_name(high: int, is_high: bool | None, ranks: int | None = None) -> tuple[str, str]:
    """(text, symbol) of a natural pair: high (J-A), low, or either ('Pair' when no pair
    pays, or the ranks mix high and low)."""
    if ranks is not None and bin(ranks).count("1") == 1:
        rank = RANKS[ranks.bit_length() - 1]
        text = "Pair of " + _RANK_NAMES.get(rank, rank + "s")
        return text, ("HP" if ranks.bit_length() - 1 >= high else "LP") if high < 13 else "PR"
    if high >= 13 or is_high is None:
        return "Pair", "PR"
    if is_high:
        return ("Pair of Aces" if high == 12 else f"High Pair ({rank_span(high)})"), "HP"
    return "Low Pair", "LP"


def describe_line(conditions, rank_sets, family: str, deal_text=str, high: int = 13,
                  low_pairs: bool = False) -> tuple[str, str]:
    """(chart text as players write it, the paper's notation) of one line; `deal_text` names
    a suit class, `high` is the lowest high rank (13: none), `low_pairs` says every high pair
    was held by a line above."""
    base = {c[0]: c[2] for c in conditions[:3]}
    n, w, kind = base[P.F_N], base[P.F_W], base[P.F_KIND]
    naturals = n - w
    extra = list(conditions[3:])
    universe = _rank_universe(kind, naturals, family)
    ranks = next((c for c in extra if c[0] == P.F_RANKS), None)
    if kind == P.NONE:
        text, note = "Discard everything", "none"
    elif kind == P.WILD:
        text, note = f"{_wild_word(family, w).capitalize()} only", f"{w}W"
    elif kind == P.S and n < 5 and not w and ranks is not None and (
            listed := _condition_text(*ranks, rank_sets, universe)[0])[:3] != "any":
        # "KQJ unsuited": the ranks say it all.
        extra.remove(ranks)
        text, note = f"{listed} unsuited", f"{n}S: {listed}"
    elif kind == P.RF and n == 1 and not w and high < 13 and (
            single := next((c for c in extra if c[0] == P.F_H and c[2] == 1
                            and c[1] in (P.OP_EQ, P.OP_GE)), None)):
        # One card of T-A that is a high card: a high card.
        extra.remove(single)
        text, note = f"1 high card ({rank_span(max(high, 8))})", "1RF: h=1"
    elif kind in (P.RF, P.SF) and n == 1 and not w and ranks is not None:
        # One card: "K only", "A, Q or J only" (the universe written out, never "any but").
        masks = {ranks[2]} if ranks[1] == P.OP_EQ else set(rank_sets[ranks[2]])
        extra.remove(ranks)
        names = [rank_text(m) for m in _by_rank(masks)]
        text = (", ".join(names[:-1]) + " or " if len(names) > 1 else "") + names[-1] + " only"
        note = f"1{_KIND_ABBR[kind]}: " + " or ".join(names)
    elif kind in _KIND_TEXT:
        name = _KIND_TEXT[kind]
        if n == 5:
            text = ("Wild " if w and kind == P.RF else "Natural " if kind == P.RF and
                    family != "natural" else "") + name
        else:
            text = f"{n} to a{'n' if name[0] in 'AEIOU' else ''} {name}"
        note = f"{n}{_KIND_ABBR[kind]}"
    elif kind == P.X:
        text, note = f"{_plural(naturals, 'unrelated card')}", f"{n}X"
    else:
        # Made hands: the hand the held cards make, wild cards counted in ("Five of a Kind,
        # with 2 deuces" for three natural sevens and two deuces).
        group = {P.PAIR: 2, P.TWO_PAIR: 4, P.TRIPS: 3, P.FULL_HOUSE: 5, P.QUADS: 4}[kind]
        kickers = naturals - group
        if kind == P.TWO_PAIR and w:
            text, abbr = "Full House", "FH"
        elif kind == P.TWO_PAIR:
            text, abbr = "Two Pair", "2P"
        elif kind == P.FULL_HOUSE:
            text, abbr = "Full House", "FH"
        elif kind == P.PAIR and not w:
            is_high = None
            h = next((c for c in extra if c[0] == P.F_H and c[1] in (P.OP_GE, P.OP_EQ)
                      and c[2] == 2 and n <= 3), None)
            low = next((c for c in extra if c[0] == P.F_H and c[2] == 0 and c[1] in (
                P.OP_EQ, P.OP_LE)), None)
            if h or low:
                extra.remove(h or low)
                is_high = bool(h)
            elif low_pairs:
                is_high = False
            mask = None
            if ranks is not None and ranks[1] == P.OP_EQ:
                mask = ranks[2]
                extra.remove(ranks)
            elif ranks is not None and high < 13:
                masks = rank_sets[ranks[2]]
                if all(m.bit_length() - 1 >= high for m in masks):
                    is_high = True
                elif all(m.bit_length() - 1 < high for m in masks):
                    is_high = False
            text, abbr = _pair_name(high, is_high, mask)
            if mask is not None:
                abbr += ": " + rank_text(mask)
        else:
            count = {P.PAIR: 2, P.TRIPS: 3, P.QUADS: 4}[kind] + w
            text, abbr = _OF_A_KIND[count]
            if count == 3 and ranks is not None and ranks[1] == P.OP_EQ and not kickers:
                rank = RANKS[ranks[2].bit_length() - 1]
                text = "Three " + _RANK_NAMES.get(rank, rank + "s")
                extra.remove(ranks)
                abbr += ": " + rank
        if kickers:
            text += " + " + _plural(kickers, "kicker")
        note = f"{n}{abbr}"
    if w and kind not in (P.WILD, P.NONE):
        text += f", with {_wild_word(family, w)}"
        head, colon, rest = note.partition(":")
        note = f"{head} {wild_mark(family, w)}{colon}{rest}"
    details, short = [], []
    # Discarded ranks in one phrase each: "with a J and a Q discarded", "no 3 or 6 discarded".
    present = [RANKS[v] for f, op, v in extra if f == P.F_DISC and op == P.OP_BIT]
    absent = [RANKS[v] for f, op, v in extra if f == P.F_DISC and op == P.OP_NOBIT]
    said = set()
    for feature, op, value in extra:
        if feature == P.F_DISC and op in (P.OP_BIT, P.OP_NOBIT):
            d = (None if op in said else
                 "with " + " and ".join(a_rank(r) for r in present) + " discarded"
                 if op == P.OP_BIT else "no " + " or ".join(absent) + " discarded")
            said.add(op)
            if d:
                details.append(d)
            short.append(_condition_text(feature, op, value, rank_sets)[1])
            continue
        if feature == P.F_DEAL:
            deals = [deal_text(c) for c in sorted(rank_sets[value])]
            d = "only in " + ("the deal " if len(deals) == 1 else "the deals ") + " or ".join(
                deals) + " (or the same with suits exchanged)"
            s = "exception: " + ", ".join(deals)
        else:
            d, s = _condition_text(feature, op, value, rank_sets, universe)
        details.append(d)
        short.append(s)
    if details:
        text += ": " + ", ".join(details)
        note += (", " if ":" in note else ": ") + ", ".join(short)
    return text, note


def _rank_universe(kind, naturals, family) -> frozenset | None:
    """Every set of held natural ranks a hold of this kind can have (deuces are wild in Deuces
    Wild), or None where a rank set is not read against its complement."""
    if kind not in (P.RF, P.SF, P.S, P.F, P.X) or naturals < 1:
        return None
    out = set()
    for combo in combinations(range(1 if family == "deuces" else 0, 13), naturals):
        mask = sum(1 << r for r in combo)
        fits = any(mask & ~window == 0 for window in P.WINDOWS)
        royal = mask & ~P.ROYAL_MASK == 0
        if {P.RF: fits and royal, P.SF: fits and not royal, P.S: fits}.get(kind, not fits):
            out.add(mask)
    return frozenset(out)


def _by_rank(masks):
    """Rank sets as players list them: fewer cards first, then the highest ranks first."""
    return sorted(masks, key=lambda m: (bin(m).count("1"),
                                        [-r for r in range(12, -1, -1) if m >> r & 1]))


# Penalties among the discards: (what one card of it is called, its symbol).
_PENALTIES = {P.F_FP: ("flush penalty", "fp"), P.F_SP: ("straight penalty", "sp"),
              P.F_RP: ("royal penalty", "rp"), P.F_SFP: ("straight flush penalty", "sfp"),
              P.F_BP: ("broken pair", "bp")}


def _count_words(op, value: int, noun: str, plural: str) -> str:
    """'no high card', 'at most 2 high cards', '1 high card', 'at least 2 high cards'."""
    if value == 0 and op in (P.OP_EQ, P.OP_LE):
        return f"no {noun}"
    word = noun if value == 1 else plural
    return {P.OP_EQ: f"{value} {word}", P.OP_GE: f"at least {value} {word}",
            P.OP_LE: f"at most {value} {word}"}[op]


def _condition_text(feature, op, value, rank_sets, universe=None) -> tuple[str, str]:
    name = P.FEATURES[feature]
    sign = {P.OP_EQ: "=", P.OP_GE: "≥", P.OP_LE: "≤"}.get(op)
    if feature == P.F_RANKS:
        masks = {value} if op == P.OP_EQ else set(rank_sets[value])
        if universe is not None and masks <= universe and 2 * len(universe - masks) <= len(masks):
            # "any but 432 or 543" is shorter than the twenty sets it stands for, and exact:
            # the universe is every set of ranks this kind of hold can have.
            listed = "any but " + " or ".join(rank_text(m) for m in _by_rank(universe - masks))
        else:
            listed = " or ".join(rank_text(m) for m in _by_rank(masks))
        return listed, listed
    if feature in (P.F_S, P.F_SH):
        label = {P.F_S: "s", P.F_SH: "s+h"}[feature]
        return f"{label} {sign} {value}", f"{label}{sign}{value}"
    if feature == P.F_H:
        return _count_words(op, value, "high card", "high cards"), f"h{sign}{value}"
    if feature == P.F_DISC:
        rank = RANKS[value]
        if op == P.OP_BIT:
            return f"with {a_rank(rank)} discarded", f"{rank} discarded"
        return f"no {rank} discarded", f"no {rank} discarded"
    if feature == P.F_DS:
        # ds: the most discarded naturals that share one suit.
        if op == P.OP_LE:
            text = f"at most {_plural(value, 'discard')} of any one suit"
        elif op == P.OP_GE:
            text = f"at least {value} discards of one suit"
        else:
            text = f"{_plural(value, 'discard')} of one suit, no more of any"
        return text, f"ds{sign}{value}"
    if feature == P.F_HP:
        words = _count_words(op, value, "high card", "high cards") + " discarded"
        if op == P.OP_GE and value == 1:
            return "with a high card discarded", "hp"
        return words, "no hp" if value == 0 and op in (P.OP_EQ, P.OP_LE) else f"hp{sign}{value}"
    if feature in _PENALTIES:
        long, abbr = _PENALTIES[feature]
        if value == 0 and op in (P.OP_EQ, P.OP_LE):
            return f"no {long}", f"no {abbr}"
        if op == P.OP_GE and value == 1:
            return f"with {'an' if long[0] in 'aeiou' else 'a'} {long}", abbr
        return _count_words(op, value, f"{long} card", f"{long} cards"), f"{abbr}{sign}{value}"
    return f"{name} {sign} {value}", f"{name}{sign}{value}"


@dataclass(frozen=True)
class Levels:
    """The three levels of one pay table and the curve of lines against cost."""

    exact: StrategyTable
    card: StrategyTable
    simple: StrategyTable
    curve: tuple  # (printed lines, cost as a Fraction of the bet), from the longest down
    seconds: float  # finding the card and simple levels and the curve
    routes: tuple = ()  # (route, card lines, card cost, simple lines, simple cost) per route


def build(solution, examples: int = 3) -> StrategyTable:
    """Derive the exact strategy table of a solution, with its statistics."""
    return _exact(solution, examples)[0]


def _exact(solution, examples: int):
    """(exact table described and timed, the holds' features, the derived Strategy before its
    lines are re-described by `shortest`)."""
    from .shortest import tidy

    start = time.perf_counter()
    data = hold_data(solution)
    derived = compact(data, derive(data))
    strategy = _indexed(tidy(data, _named(derived), solution.table.family.key))
    exact = _describe(solution, data, strategy, examples)
    return replace(exact, seconds=time.perf_counter() - start), data, derived


def build_levels(solution, examples: int = 3) -> Levels:
    """The exact table, the card and simple levels and the curve (generator/levels.py)."""
    from . import levels
    from .shortest import no_worse, tidy, trimmed

    # The levels descend from the derived table as it was before `shortest`: a re-described
    # line meets more holds, and the descent's greedy steps found dearer short tables from it
    # (9/6 Jacks or Better at 16 lines: 0.085% against 0.071%).
    exact, data, derived = _exact(solution, examples)
    start = time.perf_counter()
    found = levels.find(data, solution.evs, solution.unit, solution.deck.deals, derived,
                        solution.table.family.key)
    pat = found.pat
    exact = replace(exact, check=dict(exact.check, pat_broken=0))  # pat: what exact holds
    family = solution.table.family.key
    card, simple = (tidy(no_worse(data, solution.evs, _named(s), pat), _named(s), family)
                    for s in (found.card, found.simple))
    # A card line still listing scores of rank sets is written shortly at a little cost, within
    # the card's allowance and its bound on one deal.
    card = _indexed(trimmed(data, solution.evs, card, pat, family,
                            int(levels.CARD_BOUND * solution.unit),
                            int(levels.CARD_COST * solution.unit * solution.deck.deals)))
    simple = _indexed(simple)
    card = _describe(solution, data, card, examples, pat, found.card_route)
    simple = _describe(solution, data, simple, examples, pat, found.simple_route)
    scale = solution.unit * solution.deck.deals
    # The curve starts at the exact table as published (re-described, it may be shorter).
    curve = tuple((k, Fraction(cost, scale) if k < exact.printed else Fraction(0))
                  for k, cost in found.curve if k <= exact.printed)
    # Re-described, a level plays no deal worse and may be shorter or cheaper: the curve holds
    # it too (at its length and above, a longer table never costing more).
    for level in (card, simple):
        curve = tuple((k, min(c, level.check["cost"]) if k >= level.printed else c)
                      for k, c in curve)
    routes = tuple((route, card, None if cost is None else Fraction(cost, scale), simple,
                    Fraction(simple_cost, scale))
                   for route, card, cost, simple, simple_cost in found.routes)
    return Levels(exact, card, simple, curve, time.perf_counter() - start, routes)


def _describe(solution, data, strategy: Strategy, examples, pat=None,
              route: str = "exact") -> StrategyTable:
    from .derive import _named
    from .levels import play, printed_rows

    named = _named(strategy)
    place, held = play(data, named)
    rows = printed_rows(named)
    ce_number = _ce_numbers(solution)
    family = solution.table.family.key
    words = describe_lines(strategy.lines, strategy.rank_sets, family,
                           P.high_rank(family, solution.table.min_pair),
                           lambda c: format_hand(solution.deck.reps[c].tolist()))
    infos = []
    for i, conditions in enumerate(strategy.lines):
        decided = np.flatnonzero(place == i)
        text, note = words[i]
        numbers = tuple(sorted(set(ce_number[decided].tolist())))
        values = solution.best_ev[decided]
        picks = decided[np.argsort(-values, kind="stable")][:examples] if len(decided) else []
        shown = tuple(_example(solution, c, int(held[c])) for c in picks)
        infos.append(LineInfo(
            i + 1, conditions, text, note, numbers,
            solution.fraction(values.max()) if len(decided) else None,
            solution.fraction(values.min()) if len(decided) else None,
            int(solution.deck.sizes[decided].sum()), len(decided), shown, rows[i] + 1))
    return StrategyTable(tuple(infos), tuple(strategy.rank_sets), 0.0,
                         _class_check(solution, place, held, len(infos), pat), route)


def _class_check(solution, place, held, n_lines, pat=None) -> dict:
    """`verify`'s figures from the play of each suit class's representative, counted once per
    deal of the class. The features of a hold do not depend on the names of the suits, so every
    deal of a class plays as its representative does: this equals playing all the deals, in a
    few milliseconds rather than seconds. (tests/test_strategy.py checks that it does, against
    `verify`, on every deal of three pay tables.)"""
    start = time.perf_counter()
    sizes = solution.deck.sizes.astype(np.int64)
    held = np.where(place < 0, 0, held).astype(np.int64)  # no line: everything is discarded
    gap = solution.best_ev - solution.evs[np.arange(len(held)), held]
    wrong = (gap != 0) | (place < 0)
    per_line = np.zeros(n_lines + 1, np.int64)
    np.add.at(per_line, np.where(place < 0, n_lines, place), sizes)
    shown = np.flatnonzero(wrong)[:8]
    worst = int(np.argmax(gap))
    out = {"deals": int(sizes.sum()), "misplays": int(sizes[wrong].sum()),
           "cost": Fraction(int((sizes * gap).sum()), solution.unit * solution.deck.deals),
           "per_line": per_line[:-1].tolist(), "unmatched": int(per_line[-1]),
           "examples": [_example(solution, int(c), int(held[c])) for c in shown],
           # The largest loss on one deal, in units, and a deal where it is lost.
           "max_loss": solution.fraction(int(gap[worst])),
           "max_loss_example": _example(solution, worst, int(held[worst])) if gap[worst] else None,
           "seconds": time.perf_counter() - start}
    if pat is not None:
        # Deals the exact table plays by holding all five that this table plays otherwise.
        out["pat_broken"] = int(sizes[pat & (held != 31)].sum())
    return out


def from_json(solution, lines: list[dict]) -> StrategyTable:
    """A table read back from its JSON lines (`strategy_report.strategy_json`): conditions and
    rank sets only, enough to `verify` what a site publishes on every deal."""
    features = {name: i for i, name in enumerate(P.FEATURES)}
    ops = {name: op for op, name in P.OP_NAMES.items()}
    kinds = {name: kind for kind, name in enumerate(P.KIND_NAMES)}
    deal_of = None
    rank_sets: list[frozenset] = []
    infos = []
    for number, line in enumerate(lines, start=1):
        conditions = []
        for name, op_name, value in line["conditions"]:
            feature, op = features[name], ops[op_name]
            if op == P.OP_IN:
                if feature == P.F_DEAL:
                    if deal_of is None:
                        deal_of = {format_hand(rep.tolist()): c
                                   for c, rep in enumerate(solution.deck.reps)}
                    value = frozenset(deal_of[text] for text in value)
                else:
                    value = frozenset(value)
                if value not in rank_sets:
                    rank_sets.append(value)
                value = rank_sets.index(value)
            elif feature == P.F_KIND:
                value = kinds[value]
            conditions.append((feature, op, value))
        infos.append(LineInfo(number, tuple(conditions), line["text"], line["notation"], (),
                              None, None, line["deals"], 0, ()))
    return StrategyTable(tuple(infos), tuple(rank_sets), 0.0)


def _example(solution, cls: int, mask: int) -> str:
    """A class's representative deal, held cards in brackets: '[As Ks Qs Js] 9d'."""
    return _example_of(solution.deck.reps[cls].tolist(), mask)


def _ce_numbers(solution) -> np.ndarray:
    """CE number (1 = largest CE value) of every class."""
    values = solution.ce_values  # largest first
    return np.searchsorted(-values, -solution.best_ev) + 1


def verify(solution, table: StrategyTable) -> dict:
    """Play the table on every deal of the deck; count misplays and their cost in return."""
    from .jit import kernels
    from .pattern_kernels import verify_deals

    kernels()
    start = time.perf_counter()
    dk = solution.deck
    ops, features, values, rank_table = table.arrays()
    start_of, bucket = table.buckets()
    fam = solution.table.family.key
    deals, misplays, lost, per_line, shown = verify_deals(
        dk.n_cards, fam == "deuces", P.high_rank(fam, solution.table.min_pair), ops, features,
        values, rank_table, start_of, bucket, dk.binom, dk.rep_ranks, solution.evs,
        solution.best_ev, len(table.lines))
    cost = Fraction(int(lost), solution.unit * dk.deals)
    return {"deals": int(deals), "misplays": int(misplays), "cost": cost,
            "per_line": per_line[:-1].tolist(), "unmatched": int(per_line[-1]),
            "examples": [_example_of(row[:5].tolist(), int(row[5])) for row in shown if row[0] >= 0],
            "seconds": time.perf_counter() - start}


def _example_of(cards, mask) -> str:
    """A deal with the held cards in brackets: '[As Ks Qs Js] 9d'."""
    held = [c for i, c in enumerate(cards) if mask >> i & 1]
    dropped = [c for i, c in enumerate(cards) if not mask >> i & 1]
    return " ".join(([f"[{format_hand(held)}]"] if held else []) + (
        [format_hand(dropped)] if dropped else []))


def ce_table(solution):
    """One row per distinct CE value, largest first: the paper's Sheet 2 (Tables A1, A2)."""
    dk = solution.deck
    values, inverse = np.unique(-solution.best_ev, return_inverse=True)
    rows = []
    total = dk.deals
    order = np.argsort(inverse, kind="stable")
    bounds = np.flatnonzero(np.diff(inverse[order])) + 1
    for number, members in enumerate(np.split(order, bounds), start=1):
        sizes = dk.sizes[members]
        deals = int(sizes.sum())
        masks = sorted({int(solution.best[c]) for c in members})
        rep = int(members[0])
        rows.append({
            "number": number, "value": solution.fraction(-values[number - 1]),
            "classes": len(members),
            "by_size": {size: int((sizes == size).sum()) for size in (4, 12, 24)},
            "deals": deals, "probability": Fraction(deals, total),
            "held": _example(solution, rep, int(solution.best[rep])),
            "holds": len(masks),
        })
    return rows
