"""One pay table's export, computed: a PayTable in, an `Export` record out.

    compute(table) -> Export

Runs the solve stage (its solution may come from the solve cache) and the strategy stage
(`strategy.build_levels`: the three levels, each verified on every deal, by suit class), and
gathers what they found into the records of export/records.py, with what the pages need of the
game (`Game`) and of each exception line (`Line.exception_holds`) worked out here, so that the
site reads no code of the solve or strategy stage. Deriving takes seconds to a minute:
export/cache.py keeps the result.
"""

from dataclasses import replace

from .. import strategy
from ..core.cards import card_text, format_hand, parse_hand
from ..core.errors import StrategyError
from ..core.line_parts import parts_json
from ..core.records import from_json
from ..solve import cache as solve_cache, report as solution_report
from ..solve.families import FAMILIES
from ..solve.paytable import PayTable
from ..strategy import features as P, table_output
from .records import (SCHEMA, CeColumns, Export, Game, Kicker, Level, Line, Rules, Strategy,
                      Summary)


def rules(table: PayTable) -> dict:
    """The game's rules as data (`Rules`' JSON): enough for another program to score any final
    hand; also what the test fixtures of the JavaScript engines are written from."""
    extras = table.family.deck[52:]
    return {
        "family": table.family.key,
        "family_title": table.family.title,
        "deck_size": table.deck_size,
        "wild": table.family.wild_name,
        "min_pair": table.min_pair,  # rank index 0 (deuce) .. 12 (ace), or None
        "pays": [{"key": line.key, "label": line.label, "pay": str(line.pay)}
                 for line in table.lines],
        "quads": [{"key": rule.key, "label": rule.label, "ranks": sorted(rule.ranks),
                   "kickers": None if rule.kickers is None else sorted(rule.kickers),
                   "pay": str(rule.pay)} for rule in table.quad_rules],
        **({} if set(extras) <= {"Jk"} else {"deck_extras": list(extras)}),
        **({} if table.coins == 5 else {"coins": table.coins}),
    }


def game(table: PayTable) -> Game:
    family = table.family
    return Game(name=table.game, family_order=list(FAMILIES).index(family.key),
                identifying=tuple(family.identifying),
                high_rank=P.high_rank(family.key, table.min_pair), kicker=_kicker(family))


def _kicker(family) -> Kicker | None:
    """The family's kicker of named suits and the cards it may be: black jack, J♣ or J♠."""
    if not family.kicker_card_ids:
        return None
    cards = [card_text(card, symbols=True) for card in sorted(family.kicker_card_ids)]
    return Kicker(family.kicker_name, " or ".join(cards))


def _ce_columns(solution, rows) -> CeColumns:
    """The CE table in columns: values as integers over ev_denominator, deals, classes by size.
    (Representative deals stay out: they doubled a Deuces Wild export; `vpcharts strategy --ce`
    prints them.)"""
    return CeColumns(
        values=tuple(int(row["value"] * solution.unit) for row in rows),
        deals=tuple(row["deals"] for row in rows),
        classes=tuple(tuple(row["by_size"][s] for s in (4, 12, 24)) for row in rows),
        holding=int(len(solution.ce_values_holding)))


def solved(table: PayTable, solution) -> Export:
    """The export of a solved pay table before its strategy is derived: its rules, game and
    solution (no CE columns, no strategy; the index of a whole catalogue is rendered from these
    in the tests)."""
    return Export(
        schema=SCHEMA, slug=table.slug, name=table.name,
        rules=from_json(Rules, rules(table), "rules"),
        solution=from_json(Summary, solution_report.summary(solution), "solution"),
        ce=CeColumns(values=(), deals=(), classes=(), holding=0), strategy=None,
        strategy_error=None, game=game(table))


def compute(table: PayTable, use_cache: bool = True) -> Export:
    """The export of `table`, computed afresh (the solution itself may come from its cache)."""
    solution, _ = solve_cache.solve(table, use_cache=use_cache)
    ce_rows = strategy.ce_table(solution)
    export = replace(solved(table, solution), ce=_ce_columns(solution, ce_rows))
    try:
        levels = strategy.build_levels(solution)
    except StrategyError as exc:
        return replace(export, strategy_error=str(exc))
    # The strategy stage's JSON (`vpcharts strategy --json` prints the same), read into the
    # records with each line's parts, for the site, the card and the checker to render from
    # (never parsing the text back).
    data = table_output.strategy_json(solution, levels, ce_rows)
    for name, level in data["levels"].items():
        for line, info in zip(level["lines"], getattr(levels, name).lines, strict=True):
            line["parts"] = parts_json(info.parts)
    found = from_json(Strategy, {
        "levels": data["levels"],
        "curve": data["curve"],
        "routes": data["routes"],
        "misplays": levels.exact.check["misplays"],
        "cost": str(levels.exact.check["cost"]),
        "derive_seconds": round(levels.exact.seconds, 1),
        "levels_seconds": round(levels.seconds, 1),
    }, "strategy")
    shown = {name: _with_exception_holds(getattr(found.levels, name), export.rules)
             for name in ("exact", "card", "simple")}
    return replace(export, strategy=replace(found, levels=replace(found.levels, **shown)))


def _with_exception_holds(level: Level, rules: Rules) -> Level:
    return replace(level, lines=tuple(
        replace(line, exception_holds=exception_holds(line, rules.family, rules.min_pair))
        for line in level.lines))


def exception_holds(line: Line, family: str, min_pair: int | None) -> tuple:
    """An exception line's deals as it plays them: (the cards held, the others) of each deal of
    its `deal in` condition, in that order (() for another line). "2 to a Straight Flush, with
    the joker" does not say which card goes with the joker; (6♦ Jk, 2♣ 3♥ 7♣) does."""
    rank_sets, conditions, deals = [], [], ()
    for named in line.conditions:
        feature, op, value = P.condition_named(*named)
        if feature == P.F_DEAL:  # (its deals in the export's order: as the JSON lists them)
            deals = value
            continue
        if op == P.OP_IN:
            rank_sets.append(frozenset(value))
            value = len(rank_sets) - 1
        conditions.append((feature, op, value))
    holds = []
    for deal in deals:
        cards = parse_hand(deal, deck=FAMILIES[family].deck)
        mask = P.line_hold(cards, conditions, rank_sets, family, min_pair,
                           P.CHOICES.index(line.choice) if line.choice else P.HIGHER)
        if mask is None:
            raise StrategyError(f"line {line.number} names the deal {deal} but meets no hold "
                                "of it")
        holds.append(tuple(format_hand([c for i, c in enumerate(cards) if (mask >> i & 1) == bit],
                                       deck=FAMILIES[family].deck) for bit in (1, 0)))
    return tuple(holds)
