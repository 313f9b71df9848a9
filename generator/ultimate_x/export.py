"""The Ultimate X export: everything its page, pocket card and checker read, as one JSON-ready
dict, cached like the pay tables' exports.

`export(game)` solves the game (mdp.py), prices the policies that ignore the multipliers
exactly (fixed.py), takes the single strategy's card from the strategy stage (its pay table is
an ordinary one) and finds the lines that move by multiplier (moves.py), and answers the
vulture's question (vulture.py). Floating-point figures are written to 12 significant digits:
the solver's bound is below 1e-11, and the last bits of a sum may differ between machines.
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
from ..export.cache import dumps, export as table_export, read_sealed_json
from .game import UltimateX, single_table

SCHEMA = 1
KIND = "ultimate-x"
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


def _lines_of(solution, lines: list[dict]) -> list:
    from ..strategy.holds import Strategy, named  # (lazy: numpy)
    from ..strategy.verify import from_json  # (lazy: numpy)

    table = from_json(solution, lines)
    return named(Strategy([line.conditions for line in table.lines], list(table.rank_sets)))


def _choices_of(lines: list[dict]) -> tuple:
    """The exported lines' choice rules as `moves.line_play` takes them (features.CHOICES)."""
    from ..strategy.features import choice_indexes  # (lazy: numpy)

    return choice_indexes([line["choice"] for line in lines])


def _levels_json(export) -> dict:
    """A pay table's levels as the JSON its Ultimate X export embeds: each line's fields but
    the exception's deals as played (`exception_holds`: the pay table's exact page lists them,
    an Ultimate X card does not)."""
    out = {}
    for name, level in export.to_json()["strategy"]["levels"].items():
        lines = [{k: v for k, v in line.items() if k != "exception_holds"}
                 for line in level["lines"]]
        out[name] = dict(level, lines=lines)
    return out


def _returns(value: float | Fraction, bound: float | None = None) -> dict:
    out = {"percent": percent(Fraction(value) if isinstance(value, Fraction) else
                              Fraction(value).limit_denominator(10 ** 15), 4)}
    if isinstance(value, Fraction):
        out["exact"] = f"{value.numerator}/{value.denominator}"
        out["decimal"] = decimal(value, 8)
    else:
        out["value"] = _num(value)
        out["decimal"] = f"{value:.8f}"
    if bound is not None:
        out["bound"] = float(f"{bound:.3g}")
    return out


def compute(game: UltimateX, use_cache: bool = True) -> dict:
    from ..export.compute import rules as table_rules  # (lazy: numpy)
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
    single_data = _levels_json(table_export(single, use_cache)[0])
    base_data = _levels_json(table_export(game.table, use_cache)[0])
    data = hold_data(single_solution)
    level = "card" if single_data["card"]["printed"] <= CARD_LINES else "simple"
    card_json = single_data[level]["lines"]
    exact_json = single_data["exact"]["lines"]
    card = _lines_of(single_solution, card_json)
    exact_lines = _lines_of(single_solution, exact_json)
    # (an exact line a band may add is printed on the card beside the moves: a short one)
    extra_index = [i for i, line in enumerate(exact_lines) if line not in card
                   and len(exact_json[i]["notation"]) <= ADDED_NOTATION]
    extra = [exact_lines[i] for i in extra_index]
    # (each line played by the choice rule it states: the card's, and an added exact line's)
    choices = _choices_of(card_json) + _choices_of([exact_json[i] for i in extra_index])
    found = moves.bands(solved, data, card, extra, choices)
    with_moves = mdp.evaluate(model, moves.band_policy(solved, data, card, found, extra=extra,
                                                       choices=choices))
    card_alone = moves.band_policy(solved, data, card, found, use_moves=False,
                                   choices=choices)[:, 0]
    base_json = base_data["card"]["lines"]
    base_card = moves.play_order(moves.line_play(data, _lines_of(base, base_json),
                                                 _choices_of(base_json)),
                                 list(range(len(base_json))), len(card_alone))[1]
    rows = vulture.vulture(solved)

    used_extra = sorted({line for band in found for line, _ in band.moves if line >= len(card)})
    extra_out = {str(i): exact_json[extra_index[i - len(card)]] for i in used_extra}
    bet = model.bet

    out = {
        "kind": KIND,
        "schema": SCHEMA,
        "slug": game.slug,
        "name": game.name,
        "lines": game.lines,
        "base": {"slug": game.table.slug, "name": game.table.name},
        "rules": table_rules(game.table),
        "multipliers": [{"key": line.key, "label": line.label, "pay": str(line.pay),
                         "multiplier": m} for line, m in zip(game.table.lines, game.multipliers)],
        "values": list(game.values),
        "sources": {"multipliers": game.multipliers_source,
                    "published_return": game.published_return,
                    "published_source": game.published_source},
        "returns": {
            "optimal": _returns(solved.expected_return, solved.bound),
            "card": _returns(with_moves.expected_return(model)),
            "single": _returns(fixed_return(game, single_solution.best)),
            "card_alone": _returns(fixed_return(game, card_alone)),
            "base_strategy": _returns(fixed_return(game, base.best)),
            "base_card": _returns(fixed_return(game, base_card)),
            "base_game": _returns(base.expected_return),
        },
        "totals": [int(t) for t in model.totals],
        "relative_values": [_num(v) for v in solved.values],
        "stationary": [_num(p) for p in evaluation.stationary],
        "line_multipliers": [_num(p) for p in mdp.line_multipliers(
            model, solved.policy, evaluation.stationary)],
        "card": {"lines": card_json, "extra": extra_out, "level": level,
                 "single_slug": single.slug, "printed": single_data[level]["printed"],
                 "card_level_printed": single_data["card"]["printed"]},
        "bands": [{"low": str(b.low), "high": None if b.high is None else str(b.high),
                   "totals": list(b.totals), "share": _num(b.share),
                   "moves": [list(move) for move in b.moves], "order": list(b.order),
                   "cost": _num(b.cost), "card_cost": _num(b.card_cost),
                   "costs": [_num(c) for c in b.costs]} for b in found],
        "vulture": [{"total": r.total, "edge": _num(r.edge / bet), "profit": _num(r.profit / bet),
                     "deals": _num(r.deals)} for r in rows],
        "solve": {"steps": solved.steps, "bound": float(f"{solved.bound:.3g}"),
                  "states": len(model.totals), "distributions": len(model.next_totals),
                  "candidates": round(len(model.cand_win) / len(model.win), 2),
                  "seconds": round(solve_seconds, 1),
                  "seconds_total": round(time.process_time() - began, 1)},
    }
    return out


def check_published(game: UltimateX, data: dict) -> None:
    """Refuse a published return the optimal one does not round to (within half a unit of its
    last printed digit, and the solver's bound)."""
    text = game.published_return
    if text is None:
        return
    value = data["returns"]["optimal"]["value"]
    bound = data["returns"]["optimal"]["bound"]
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


def read_cached(game: UltimateX) -> tuple[dict, str] | None:
    """(the cached export of `game`, the SHA-256 of its text) if its entry checks out."""
    return read_sealed_json(cache_path(game), _meta(game), SCHEMA, game.slug)


def export(game: UltimateX, use_cache: bool = True) -> tuple[dict, bool]:
    """(the export of `game`, whether it came from the cache)."""
    if not use_cache:
        return compute(game, use_cache), False
    found = read_cached(game)
    if found is not None:
        return found[0], True
    with store.computing(cache_path(game)):
        found = read_cached(game)  # (written by another process while this one waited)
        if found is not None:
            return found[0], True
        data = compute(game, use_cache)
        store.write_bytes(cache_path(game), store.seal(dumps(data).encode(), _meta(game)))
    return data, False
