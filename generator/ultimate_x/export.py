"""The Ultimate X export: an `UltimateX` game in, its `UltimateXExport` record out
(generator/export/ultimate_x_records.py): everything its page, pocket card and checker read,
cached like the pay tables' exports.

`export(game)` solves the game (mdp.py), prices the policies that ignore the multipliers
exactly (fixed.py), takes the single strategy's card from the strategy stage (its pay table is
an ordinary one) and finds the lines that move by multiplier (moves.py), and answers the
vulture's question (vulture.py). Floating-point figures are written to 12 significant digits:
the solver's bound is below 1e-11, and the last bits of a sum may differ between machines.
The cache keeps the record's JSON (`to_json`); an entry read back is checked field by field
(`from_json`), and one that does not fit the records is computed again.
"""

import functools
import hashlib
import json
import time
from fractions import Fraction
from pathlib import Path

from ..core import store
from ..core.decimals import decimal, percent
from ..core.errors import ContentError
from ..core.records import RecordError, to_json
from ..export.cache import dumps, export as table_export, read_sealed_json
from ..export.records import Line
from ..export.ultimate_x_records import (
    KIND, SCHEMA, Band, Base, Card, CardLine, PayMultiplier, Return, Returns, SolveFigures,
    Sources, UltimateXExport, VultureRow)
from .game import UltimateX, single_table

# The single strategy's card level is the reference card where it prints at most this many lines
# (a pocket card's, beside the pays and the moves); else its simple level (Joker Poker's card
# level prints over a hundred).
CARD_LINES = 50
ADDED_NOTATION = 24  # characters of an added line's notation, at most


def _num(x: float) -> float:
    """A float as the export writes it: 12 significant digits."""
    return float(f"{x:.12g}")


@functools.cache
def _code_version() -> str:
    digest = hashlib.sha256()
    folder = Path(__file__).parent.parent
    paths = sorted(p for stage in ("export", "solve", "strategy", "ultimate_x")
                   for p in (folder / stage).glob("*.py"))
    paths += [folder / "core" / f"{name}.py" for name in ("cards", "decimals", "line_parts")]
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _meta(game: UltimateX) -> dict:
    return {"kind": KIND, "schema": SCHEMA, "code": _code_version(), "slug": game.slug,
            "game": game.canonical(), "name": game.name, "base": [game.table.slug,
                                                                 game.table.name]}


def cache_path(game: UltimateX) -> Path:
    key = hashlib.sha256(json.dumps(_meta(game), sort_keys=True).encode()).hexdigest()[:24]
    return store.cache_dir() / f"ux-{game.slug}-{key}.json"


def _lines_of(solution, lines: tuple[Line, ...]) -> list:
    """The exported lines as the strategy stage plays them (their conditions on `solution`'s
    deals), read by its reader of a level's JSON lines."""
    from ..strategy.holds import Strategy, named  # (lazy: numpy)
    from ..strategy.verify import from_json  # (lazy: numpy)

    table = from_json(solution, [to_json(line) for line in lines])
    return named(Strategy([line.conditions for line in table.lines], list(table.rank_sets)))


def _choices_of(lines: tuple[Line, ...]) -> tuple:
    """The exported lines' choice rules as `moves.line_play` takes them (features.CHOICES)."""
    from ..strategy.features import choice_indexes  # (lazy: numpy)

    return choice_indexes([line.choice for line in lines])


def _card_lines(level) -> tuple[CardLine, ...]:
    """A pay table's level's lines as an Ultimate X card keeps them: without the exception's
    deals as played (the pay table's exact page lists them, an Ultimate X card does not)."""
    return tuple(CardLine.of(line) for line in level.lines)


def _return(value: float | Fraction, bound: float | None = None) -> Return:
    """An exact return (a fixed policy's), or the solver's float with its bound."""
    if isinstance(value, Fraction):
        return Return(percent=percent(value, 4), decimal=decimal(value, 8), exact=value)
    return Return(percent=percent(Fraction(value).limit_denominator(10 ** 15), 4),
                  decimal=f"{value:.8f}", value=_num(value),
                  bound=None if bound is None else float(f"{bound:.3g}"))


def compute(game: UltimateX, use_cache: bool = True) -> UltimateXExport:
    from ..solve import cache  # (lazy: numpy)
    from ..strategy.holds import hold_data  # (lazy: numpy)
    from . import mdp, moves, vulture  # (lazy: numba, numpy)
    from .fixed import fixed_return  # (lazy: numpy)
    from .holds import hold_arrays  # (lazy: numpy)

    began = time.process_time()
    arrays = hold_arrays(game)
    model = mdp.model(arrays, game.lines)
    solved = mdp.solve(model)
    evaluation = solved.evaluation
    solve_seconds = time.process_time() - began

    base, _ = cache.solve(game.table, use_cache=use_cache)
    single = single_table(game)
    single_solution, _ = cache.solve(single, use_cache=use_cache)
    single_levels = table_export(single, use_cache)[0].strategy.levels
    base_export = table_export(game.table, use_cache)[0]
    data = hold_data(single_solution)
    level = "card" if single_levels.card.printed <= CARD_LINES else "simple"
    card_lines = _card_lines(getattr(single_levels, level))
    exact_lines_out = _card_lines(single_levels.exact)
    card = _lines_of(single_solution, card_lines)
    exact_lines = _lines_of(single_solution, exact_lines_out)
    # (an exact line a band may add is printed on the card beside the moves: a short one)
    extra_index = [i for i, line in enumerate(exact_lines) if line not in card
                   and len(exact_lines_out[i].notation) <= ADDED_NOTATION]
    extra = [exact_lines[i] for i in extra_index]
    # (each line played by the choice rule it states: the card's, and an added exact line's)
    choices = _choices_of(card_lines) + _choices_of([exact_lines_out[i] for i in extra_index])
    found = moves.bands(solved, data, card, extra, choices)
    with_moves = mdp.evaluate(model, moves.band_policy(solved, data, card, found, extra=extra,
                                                       choices=choices))
    card_alone = moves.band_policy(solved, data, card, found, use_moves=False,
                                   choices=choices)[:, 0]
    base_lines = base_export.strategy.levels.card.lines
    base_card = moves.play_order(moves.line_play(data, _lines_of(base, base_lines),
                                                 _choices_of(base_lines)),
                                 list(range(len(base_lines))), len(card_alone))[1]
    rows = vulture.vulture(solved)

    used_extra = sorted({line for band in found for line, _ in band.moves if line >= len(card)})
    extra_out = {i: exact_lines_out[extra_index[i - len(card)]] for i in used_extra}
    bet = model.bet

    return UltimateXExport(
        kind=KIND,
        schema=SCHEMA,
        slug=game.slug,
        name=game.name,
        lines=game.lines,
        base=Base(slug=game.table.slug, name=game.table.name),
        rules=base_export.rules,
        multipliers=tuple(PayMultiplier(key=line.key, label=line.label, pay=line.pay,
                                        multiplier=m)
                          for line, m in zip(game.table.lines, game.multipliers)),
        values=tuple(game.values),
        sources=Sources(multipliers=game.multipliers_source,
                        published_return=game.published_return,
                        published_source=game.published_source),
        returns=Returns(
            optimal=_return(solved.expected_return, solved.bound),
            card=_return(with_moves.expected_return(model)),
            single=_return(fixed_return(game, single_solution.best)),
            card_alone=_return(fixed_return(game, card_alone)),
            base_strategy=_return(fixed_return(game, base.best)),
            base_card=_return(fixed_return(game, base_card)),
            base_game=_return(base.expected_return),
        ),
        totals=tuple(int(t) for t in model.totals),
        relative_values=tuple(_num(v) for v in solved.values),
        stationary=tuple(_num(p) for p in evaluation.stationary),
        line_multipliers=tuple(_num(p) for p in mdp.line_multipliers(
            model, solved.policy, evaluation.stationary)),
        card=Card(lines=card_lines, extra=extra_out, level=level, single_slug=single.slug,
                  printed=getattr(single_levels, level).printed,
                  card_level_printed=single_levels.card.printed),
        bands=tuple(Band(low=Fraction(b.low), high=None if b.high is None else Fraction(b.high),
                         totals=tuple(b.totals), share=_num(b.share),
                         moves=tuple(tuple(move) for move in b.moves), order=tuple(b.order),
                         cost=_num(b.cost), card_cost=_num(b.card_cost),
                         costs=tuple(_num(c) for c in b.costs)) for b in found),
        vulture=tuple(VultureRow(total=r.total, edge=_num(r.edge / bet),
                                 profit=_num(r.profit / bet), deals=_num(r.deals))
                      for r in rows),
        solve=SolveFigures(steps=solved.steps, bound=float(f"{solved.bound:.3g}"),
                           states=len(model.totals), distributions=len(model.next_totals),
                           candidates=round(len(model.cand_win) / len(model.win), 2),
                           seconds=round(solve_seconds, 1),
                           seconds_total=round(time.process_time() - began, 1)),
    )


def check_published(game: UltimateX, data: UltimateXExport) -> None:
    """Refuse a published return the optimal one does not round to (within half a unit of its
    last printed digit, and the solver's bound)."""
    text = game.published_return
    if text is None:
        return
    value = data.returns.optimal.value
    bound = data.returns.optimal.bound
    scale = 100 if text.endswith("%") else 1
    digits = len(text.rstrip("%").partition(".")[2])
    published = float(text.rstrip("%"))
    if abs(value * scale - published) <= 0.5 * 10 ** -digits + bound * scale:
        return
    shown = f"{value * scale:.{digits}f}{'%' if scale == 100 else ''}"
    raise ContentError(game.source, f"lines.{game.lines}.published_return", text,
                       f"the optimal return, {shown} to the {digits} places published; it "
                       f"differs from the figure of {game.published_source}: check the "
                       "multipliers and the pays against that source")


def read_cached(game: UltimateX) -> UltimateXExport | None:
    """The cached export of `game` if its entry checks out (its seal, schema and slug) and its
    JSON fits the records; None otherwise (an entry of older code is computed again)."""
    found = read_sealed_json(cache_path(game), _meta(game), SCHEMA, game.slug)
    if found is None:
        return None
    try:
        return UltimateXExport.from_json(found[0])
    except RecordError:
        return None


def export(game: UltimateX, use_cache: bool = True) -> tuple[UltimateXExport, bool]:
    """(the export of `game`, whether it came from the cache)."""
    if not use_cache:
        return compute(game, use_cache), False
    found = read_cached(game)
    if found is not None:
        return found, True
    with store.computing(cache_path(game)):
        found = read_cached(game)  # (written by another process while this one waited)
        if found is not None:
            return found, True
        data = compute(game, use_cache)
        store.write_bytes(cache_path(game), store.seal(dumps(data.to_json()).encode(),
                                                       _meta(game)))
    return data, False
