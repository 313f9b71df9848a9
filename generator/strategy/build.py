"""The strategy stage, end to end: a solved pay table in, its exact table and levels out.

1. `holds.hold_data`: the features of every hold of every suit class;
2. `derive.derive`: the exact decision list, built line by line, each line safe;
3. `compact.compact`: lines merged and dropped while exact;
4. `shortest.tidy`: each line re-described by the shortest conditions that keep it exact,
   `shortest.split_long`: a long line said as a few short ones, `shortest.without_needless`: a
   line the others now play without removed, `shortest.merged`: two lines of one pattern said
   as one, `shortest.halved` (natural games): a line listing rank sets over 60 characters as
   two that list half each, and `levels.joined`: a lone made hand's line moved into a run of
   them where nothing changes;
5. `levels.find`: the card and simple levels and the curve, descending from the derived list;
6. `describe` and `verify.class_check`: every line in words, every level checked on every deal.
"""

import time
from dataclasses import replace
from fractions import Fraction

import numpy as np

from ..core import line_parts as parts
from ..core.cards import format_hand
from . import features as P, levels
from .choices import choose, decided_by_rule, qualifier
from .compact import compact
from .derive import derive
from .describe import table_parts
from .heap import keep_freed_memory
from .holds import Strategy, hold_data, indexed, named
from .levels import joined, play, printed_rows
from .shortest import (LONG_NOTATION, halved, line_cost, merged, no_worse, phrased, split_long,
                       tidy, trimmed, without_needless)
from .table import Levels, LineInfo, StrategyTable
from .verify import class_check, example


def build(solution, examples: int = 3) -> StrategyTable:
    """Derive the exact strategy table of a solution, with its statistics."""
    return _exact(solution, examples)[0]


# What a derived line may set thresholds on, one derivation each; the shorter exact table is
# published. The derivation is greedy, and more conditions to choose from can lead it to a
# longer table as well as a shorter one, by pay table (the scores shorten some, lengthen
# others), so both offers are tried in the families where the scores can win: not in Joker
# Poker, whose derivations are the build's longest and where the scores lengthen the tables.
# The first offers s+h-fp beside s, h and s+h: it shortens more exact tables than it
# lengthens, in the same time, with levels as short and as cheap; in Joker Poker it lengthens
# them. The levels descend from the first (see build_levels). (Each table's length:
# `vpcharts strategy SLUG`; its derivation time: `vpcharts bench --strategy`.)
OFFERS = {"natural": (P.COUNTS + (P.F_SHF,), P.COUNTS + P.SCORES),
          "faced": (P.COUNTS + (P.F_SHF,), P.COUNTS + P.SCORES),
          "joker": (P.COUNTS,)}


def wild_style(family) -> str:
    """Which of the offers' experience applies: natural (no wild card), faced (wild cards with
    a face, deuces or sevens, a joker or not), joker (jokers only)."""
    return "natural" if not family.wild_count else "faced" if family.faced_wilds else "joker"


def _exact(solution, examples: int):
    """(exact table described and timed, the holds' features, the Strategy derived with the
    first offer before its lines are narrowed and re-described by `tidy`, and the Strategy
    published: the shorter of the derivations, re-described)."""
    keep_freed_memory()  # (the arrays made and dropped here are reused, not faulted in anew)
    start = time.perf_counter()
    data = hold_data(solution)
    plain, lines = published_lines(data, solution.table)
    strategy = with_choices(data, solution.evs, indexed(lines))
    exact = _describe(solution, data, strategy, examples)
    return replace(exact, seconds=time.perf_counter() - start), data, plain, strategy


def published_lines(data, table, stages: dict | None = None) -> tuple[Strategy, list[tuple]]:
    """(the Strategy derived with the first offer, compacted: the levels descend from it; the
    published exact table's lines, rank sets inline, before their choice rules). `stages`, if
    given, gets each step's result by name (a Strategy from `derive` and `compact`, lines
    after): the browser's port is held to them step by step (tests/make_derive_fixtures.py)."""
    def step(name: str, lines):  # (a Strategy, or lines with rank sets inline)
        if stages is not None:
            stages[name] = lines
        return lines

    family = table.family.key
    high = P.high_rank(family, table.min_pair)
    best = plain = None
    for counts in OFFERS[wild_style(table.family)]:  # (the first without s+h-fp-sp: the levels descend from it)
        offer = " ".join(P.FEATURES[f] for f in counts)
        derived = step(f"compacted {offer}", compact(data, step(f"derived {offer}",
                                                                 derive(data, counts=counts))))
        if plain is None:
            plain = derived
        # Each line as briefly as it can be said, and those the others then play without gone.
        lines = step(f"tidied {offer}",
                     without_needless(data, tidy(data, named(derived), family, counts)))
        length = (len(lines), sum(line_cost(line, family) for line in lines))
        if best is None or length < best[0]:
            best = (length, lines, counts)
    _, lines, counts = best
    # A long line as a few short ones where they say it shorter; a line the others now play
    # without, removed; two lines of one pattern as one where they can be; then a made hand's
    # line moved into a run of them where that plays no deal differently (charts print the run
    # as one line).
    lines = step("split", without_needless(data, split_long(data, lines, family, high, counts)))
    lines = step("merged", merged(data, lines, family, high, counts))
    if not table.family.wild_count:
        # A line still listing rank sets over 60 characters, as two lines listing half each.
        # (Not in the wild games: their long lists are so many that halving them adds dozens
        # of lines and still leaves lines over 60 characters; their goal is fewer lines.)
        lines = step("halved", halved(data, lines, family, high))
    return plain, step("joined", joined(data, lines))


def build_levels(solution, examples: int = 3) -> Levels:
    """The exact table, the card and simple levels and the curve (generator/strategy/levels.py)."""
    # The levels descend from the derived table as it was before `shortest`: a re-described
    # line meets more holds, and the descent's greedy steps find dearer short tables from it.
    # And from the first offer's table, whichever was published: the one with both scores
    # gives dearer or longer cards.
    exact, data, derived, published = _exact(solution, examples)
    start = time.perf_counter()
    # Pat hands are those the published exact table stands on: where standing only ties with
    # a hold of four (four of a kind and a kicker), `tidy` may have narrowed it to hold four.
    # The paying hands the levels must keep are those its holds make (`levels.allowed_holds`).
    _, held = levels.play(data, named(published))
    pays = levels.sure_to_pay(solution)
    paying = pays[np.arange(len(held)), held]
    found = levels.find(data, solution.evs, solution.unit, solution.deck.deals, derived,
                        solution.table.family.key, pat=held == 31,
                        allowed=levels.allowed_holds(held == 31, pays, held))
    pat, allowed = found.pat, found.allowed
    # (pat and paying: what the exact table holds)
    exact = replace(exact, check=dict(exact.check, pat_broken=0, pay_dropped=0))
    family = solution.table.family.key
    high = P.high_rank(family, solution.table.min_pair)

    card, card_route = described_card(solution, data, found, allowed)
    # The simple level is the shortest found, but a list no phrase names takes the nearest sets
    # a short phrase does where that costs nothing, and a list over LONG_NOTATION characters
    # does for at most SIMPLE_WORDS_COST more (within the simple level's allowance): a
    # beginner cannot learn a line listing dozens of rank sets (10/7 Double Bonus's "3 to a
    # Flush: any but QJ7 or ..." is "3 to a Flush: at least 1 high card", and cheaper).
    simple = _no_worse_described(solution, data, found.simple, allowed)
    bound = int(levels.SIMPLE_BOUND * solution.unit)
    cost = int(levels.lost(data, solution.evs, simple)[1].sum())
    simple = phrased(data, solution.evs, simple, allowed, family, high, bound, cost)
    simple = indexed(levels.without_idle(data, phrased(
        data, solution.evs, simple, allowed, family, high, bound,
        min(cost + int(levels.SIMPLE_WORDS_COST * solution.unit * solution.deck.deals),
            int(levels.SIMPLE_COST * solution.unit * solution.deck.deals)),
        longer_than=LONG_NOTATION)))
    # Each line that fits a deal more than one way plays the cheapest rule a player can be told
    # that keeps the level's rules (`choices`): the lines are fixed now.
    card = with_choices(data, solution.evs, card, int(levels.CARD_BOUND * solution.unit), allowed)
    simple = with_choices(data, solution.evs, simple, bound, allowed)
    kept = (pat, paying, pays)
    card = _describe(solution, data, card, examples, kept, card_route)
    simple = _describe(solution, data, simple, examples, kept, found.simple_route)
    scale = solution.unit * solution.deck.deals
    # The curve starts at the exact table as published: re-described, it may be shorter than
    # the table the levels descend from, or longer (a long line said as a few short ones), and
    # from that table's length up nothing is lost (it is exact).
    # (Each point: lines, cost, and whether its table keeps the levels' rules; the exact table
    # keeps them.)
    top = max(k for k, _, _ in found.curve)
    curve = tuple((k, Fraction(0), True) for k in range(exact.printed, top, -1)) + tuple(
        (k, Fraction(cost, scale), kept) if k < exact.printed else (k, Fraction(0), True)
        for k, cost, kept in found.curve if k <= exact.printed)
    # Re-described, a level plays no deal worse and may be shorter or cheaper: the curve holds
    # it too (at its length and above, a longer table never costing more).
    for level in (card, simple):
        cost = level.check["cost"]
        curve = tuple((k, cost, True) if k >= level.printed and cost < c else (k, c, kept)
                      for k, c, kept in curve)
    routes = tuple((route, card, None if cost is None else Fraction(cost, scale), simple,
                    None if simple_cost is None else Fraction(simple_cost, scale))
                   for route, card, cost, simple, simple_cost in found.routes)
    return Levels(exact, card, simple, curve, time.perf_counter() - start, routes)


def _no_worse_described(solution, data, s: Strategy, allowed) -> list:
    """A level's lines, each as briefly as it can be said where no deal plays worse."""
    family = solution.table.family.key
    return tidy(no_worse(data, solution.evs, named(s), allowed), named(s), family)


def described_card(solution, data, found: levels.Found, allowed) -> tuple[Strategy, str]:
    """(the card as the page prints it, before its choice rules are stated; its route): the
    card the swaps shortened, or the one before them where that ends shorter (or as short and
    cheaper), each re-described. A card line still listing scores of rank sets is written
    shortly at a little cost, within the card's allowance and its bound on one deal:
    re-described, or else with the nearest sets a short phrase names. (static/js/levels.js's
    `card` is held to this.)"""
    family = solution.table.family.key
    high = P.high_rank(family, solution.table.min_pair)
    bound = int(levels.CARD_BOUND * solution.unit)
    allowance = int(levels.CARD_COST * solution.unit * solution.deck.deals)

    def card_of(s: Strategy):
        short = trimmed(data, solution.evs, _no_worse_described(solution, data, s, allowed),
                        allowed, family, bound, allowance)
        return indexed(levels.without_idle(data, phrased(
            data, solution.evs, short, allowed, family, high, bound, allowance)))

    cards = [(card_of(found.card), found.card_route)]
    if found.unswapped_card is not None:
        cards.append((card_of(found.unswapped_card), found.unswapped_route))
    return min(cards, key=lambda c: (
        levels.printed_length(named(c[0])),
        int(levels.lost(data, solution.evs, named(c[0]))[1].sum())))


def with_choices(data, evs, strategy: Strategy, bound: int | None = None,
                 allowed: np.ndarray | None = None) -> Strategy:
    """The strategy with each line's choice rule stated (`choices.choose`: bound None for the
    exact table)."""
    lines = named(strategy)
    place, _ = play(data, lines)
    return replace(strategy, choices=choose(data, evs, lines, place, bound, allowed))


def _describe(solution, data, strategy: Strategy, examples, kept=None,
              route: str = "exact") -> StrategyTable:
    """The table described line by line, with its check (`verify.class_check`); `kept`, for a
    level, is (pat, paying, pays) as `class_check` takes them."""
    lines = named(strategy)
    place, held = play(data, lines, strategy.choices)
    rows = printed_rows(lines)
    by_rule = decided_by_rule(data, lines, place)
    ce_number = _ce_numbers(solution)
    family = solution.table.family.key
    words = table_parts(strategy.lines, strategy.rank_sets, family,
                        P.high_rank(family, solution.table.min_pair),
                        lambda c: format_hand(solution.deck.reps[c].tolist(), deck=solution.table.family.deck))
    dealt = wild_dealt(solution)
    infos = []
    for i, conditions in enumerate(strategy.lines):
        rule = strategy.choices[i] if strategy.choices else None
        if rule is not None:  # (said last: "4 to a Straight: if several fit, the most ...")
            words[i] = replace(words[i], qualifiers=words[i].qualifiers + (qualifier(rule),))
        decided = np.flatnonzero(place == i)
        numbers = tuple(sorted(set(ce_number[decided].tolist())))
        values = solution.best_ev[decided]
        picks = decided[np.argsort(-values, kind="stable")][:examples] if len(decided) else []
        shown = tuple(example(solution, c, int(held[c])) for c in picks)
        infos.append(LineInfo(
            i + 1, conditions, parts.text(words[i]), parts.notation(words[i]), numbers,
            solution.fraction(values.max()) if len(decided) else None,
            solution.fraction(values.min()) if len(decided) else None,
            int(solution.deck.sizes[decided].sum()), len(decided), shown, rows[i] + 1,
            () if dealt is None else tuple(np.unique(dealt[decided]).tolist()), words[i],
            None if rule is None else P.CHOICES[rule], by_rule[i]))
    return StrategyTable(tuple(infos), tuple(strategy.rank_sets), 0.0,
                         class_check(solution, place, held, len(infos), *(kept or ())), route)


def wild_dealt(solution) -> np.ndarray | None:
    """The wild cards in each suit class's deal, None in a game without them."""
    family = solution.table.family
    if not family.wild_count:
        return None
    reps = solution.deck.reps
    return (np.array(family.wild_kinds)[reps] > 0).sum(axis=1)


def _ce_numbers(solution) -> np.ndarray:
    """CE number (1 = largest CE value) of every class."""
    values = solution.ce_values  # largest first
    return np.searchsorted(-values, -solution.best_ev) + 1
