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
_KIND_ABBR = {P.RF: "RF", P.SF: "SF", P.F: "F", P.S: "S", P.X: "X", P.PAIR: "P",
              P.TWO_PAIR: "2P", P.TRIPS: "3K", P.FULL_HOUSE: "FH", P.QUADS: "4K"}


def rank_text(mask: int) -> str:
    return "".join(RANKS[r] for r in range(13) if mask >> r & 1)


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
    return f"{w} deuce" + ("s" if w > 1 else "")


def describe_line(conditions, rank_sets, family: str, deal_text=str) -> tuple[str, str]:
    """(plain chart text, paper notation) of one line; `deal_text` names a suit class."""
    base = {c[0]: c[2] for c in conditions[:3]}
    n, w, kind = base[P.F_N], base[P.F_W], base[P.F_KIND]
    naturals = n - w
    extra = list(conditions[3:])
    if kind == P.NONE:
        text, note = "Discard everything", "none"
    elif kind == P.WILD:
        text, note = f"{_wild_word(family, w).capitalize()} only", f"{w}W"
    elif kind == P.S and n < 5 and not w and any(c[0] == P.F_RANKS for c in extra):
        # "Unsuited JQ": the ranks say it all.
        ranks = next(c for c in extra if c[0] == P.F_RANKS)
        extra.remove(ranks)
        listed = _condition_text(*ranks, rank_sets, _rank_universe(kind, naturals, family))[0]
        text, note = f"Unsuited {listed}", f"{n}S: {listed}"
    elif kind in _KIND_TEXT:
        name = _KIND_TEXT[kind]
        if n == 5:
            text = ("Wild " if w and kind == P.RF else "Natural " if kind == P.RF and
                    family != "natural" else "") + name
        else:
            text = f"{n} to a {name}"
        note = f"{n}{_KIND_ABBR[kind]}"
    elif kind == P.X:
        text, note = f"{naturals} unrelated cards", f"{n}X"
    else:
        text = {P.PAIR: "Pair", P.TWO_PAIR: "Two Pair", P.TRIPS: "Three of a Kind",
                P.FULL_HOUSE: "Full House", P.QUADS: "Four of a Kind"}[kind]
        abbr = _KIND_ABBR[kind]
        if kind == P.PAIR and not w:
            high = [c for c in extra if c[0] == P.F_H and c[1] in (P.OP_GE, P.OP_EQ)
                    and c[2] == 2]
            low = [c for c in extra if c[0] == P.F_H and c[2] == 0 and c[1] in (P.OP_EQ,
                                                                               P.OP_LE)]
            if high or low:
                extra.remove((high or low)[0])
                text = "High Pair" if high else "Low Pair"
                abbr = "HP" if high else "LP"
        kickers = naturals - {P.PAIR: 2, P.TWO_PAIR: 4, P.TRIPS: 3, P.FULL_HOUSE: 5,
                              P.QUADS: 4}[kind]
        if kickers:
            text += f" + {kickers} kicker" + ("s" if kickers > 1 else "")
        note = f"{n}{abbr}"
    if w and kind not in (P.WILD, P.NONE):
        text += f", with {_wild_word(family, w)}"
    details, short = [], []
    for feature, op, value in extra:
        if feature == P.F_DEAL:
            deals = [deal_text(c) for c in sorted(rank_sets[value])]
            d = "only in " + ("the deal " if len(deals) == 1 else "the deals ") + " or ".join(
                deals) + " (or the same with suits exchanged)"
            s = "exception: " + ", ".join(deals)
        else:
            d, s = _condition_text(feature, op, value, rank_sets,
                                   _rank_universe(kind, naturals, family))
        details.append(d)
        short.append(s)
    if details:
        text += ": " + ", ".join(details)
        note += ": " + ", ".join(short)
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
    return sorted(masks, key=lambda m: (bin(m).count("1"), [-r for r in range(13) if m >> r & 1]))


def _condition_text(feature, op, value, rank_sets, universe=None) -> tuple[str, str]:
    name = P.FEATURES[feature]
    sign = {P.OP_EQ: "=", P.OP_GE: "≥", P.OP_LE: "≤"}.get(op)
    if feature == P.F_RANKS:
        masks = {value} if op == P.OP_EQ else set(rank_sets[value])
        if universe is not None and masks <= universe and 2 * len(universe - masks) <= len(masks):
            # "any but 234 or 345" is shorter than the twenty sets it stands for, and exact:
            # the universe is every set of ranks this kind of hold can have.
            listed = "any but " + " or ".join(rank_text(m) for m in _by_rank(universe - masks))
        else:
            listed = " or ".join(rank_text(m) for m in _by_rank(masks))
        return listed, listed
    if feature in (P.F_S, P.F_H, P.F_SH):
        label = {P.F_S: "s", P.F_H: "h", P.F_SH: "s+h"}[feature]
        return f"{label} {sign} {value}", f"{label}{sign}{value}"
    if feature == P.F_DISC:
        rank = RANKS[value]
        if op == P.OP_BIT:
            return f"discarding a {rank}", f"{rank} discarded"
        return f"no {rank} discarded", f"no {rank} discarded"
    if feature == P.F_DS:
        how = {P.OP_EQ: "exactly", P.OP_GE: "at least", P.OP_LE: "at most"}[op]
        return f"{how} {value} discards of one suit", f"ds{sign}{value}"
    words = {P.F_FP: ("flush penalty", "fp"), P.F_SP: ("straight penalty", "sp"),
             P.F_HP: ("high card discarded", "hp"), P.F_RP: ("royal penalty", "rp"),
             P.F_SFP: ("straight flush penalty", "sfp"), P.F_BP: ("pair broken", "bp")}
    if feature in words:
        long, abbr = words[feature]
        if op == P.OP_EQ and value == 0:
            return f"no {long}", f"no {abbr}"
        if op == P.OP_GE and value == 1:
            return f"with a {long}", abbr
        return f"{long} {sign} {value}", f"{abbr}{sign}{value}"
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
    infos = []
    for i, conditions in enumerate(strategy.lines):
        decided = np.flatnonzero(place == i)
        text, note = describe_line(conditions, strategy.rank_sets, family,
                                   lambda c: format_hand(solution.deck.reps[c].tolist()))
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
