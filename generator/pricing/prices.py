"""What the cards of a game's other pay tables return on each of its pay tables, exactly.

    offered(export) -> {level: Offer}: the card, and the simple level where it is published,
                       of one pay table
    played_level(table, level) -> (Solution, the level's hold on every suit class)
    price_game(tables, offers, use_cache) -> ({slug: [PriceRow]}, {slug: {level: LevelBankroll}},
                                              {cache path: bytes} written)

A level is played as printed: its lines first-match on the hold features (`strategy.features`),
which read the cards alone (ranks, which cards share a suit, which are wild, the high cards its
own card's key names), never an EV: not even `best` (straights, then penalty cards) or `deal`
(a suit class of the deck, the same on every pay table of one deck). So the hold a level makes
on each suit class does not depend on the pays it is played on, and is computed once per game
(`level_holds`, kept in the cache) and priced on each pay table of the game by one gather of
that table's EVs:

    return = sum over classes of (deals in the class * EV of the level's hold) / (deals * unit)

Where a game's pay tables differ in their high cards (Joker Poker: Kings or Better, Aces or
Better, Two Pair), a level keeps its own: a player carrying the Kings or Better card holds a
king as the card says, whatever the machine pays.

Rows (`PriceRow`), cheapest first (then by name and level): slug, name, level, printed lines,
whether it is this pay table's own, the return played here and its cost against this table's
perfect play, exact and as the export's display decimals. A game of one pay table gets no rows.

The same job gives each pay table its bankroll figures (generator/bankroll/figures.py: the exact
and card levels' variance for 1 to 100 hands a round), as it holds the solution and the card's
holds already; they are kept in an entry of their own beside the prices.
"""

import functools
import hashlib
import json
from fractions import Fraction
from pathlib import Path

from ..bankroll.records import LevelBankroll
from ..core import store
from ..core.cards import format_hand
from ..core.decimals import ExactPercent, percent
from ..core.errors import VpchartsError
from ..core.records import RecordError, from_json, to_json
from ..export.cache import code_version as export_code, export
from ..export.records import Export
from .records import Offer, PriceRow

KIND = "prices"
LEVELS = ("card", "simple")  # the levels a player carries; the exact table is not offered


@functools.cache
def code_version() -> str:
    """The export's code (features, kernels, solver) and this module's."""
    digest = hashlib.sha256(export_code().encode())
    digest.update(Path(__file__).read_bytes())
    for name in ("figures.py", "moments.py", "rounds.py", "session.py"):  # (the bankroll figures' code)
        digest.update((Path(__file__).parents[1] / "bankroll" / name).read_bytes())
    return digest.hexdigest()[:16]


def offered(export: Export) -> dict[str, Offer]:
    """The levels of a pay table's export offered to the other pay tables of its game: the
    card, and the simple level where it is published ({} without a strategy)."""
    levels = export.levels
    if levels is None:
        return {}
    return {name: Offer(level.printed, tuple(line.conditions for line in level.lines),
                        # each line's choice rule (None: it fits every deal one way)
                        tuple(line.choice for line in level.lines))
            for name in LEVELS if (level := levels[name]) is not None}


def _holds_key(table, offer: dict) -> str:
    text = json.dumps([code_version(), table.family.key, table.deck_size, table.min_pair,
                       {name: [to_json(level.conditions), to_json(level.choices)]
                        for name, level in sorted(offer.items())}],
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _holds_path(table, key: str) -> Path:
    return store.cache_dir() / KIND / f"holds-{table.slug}-{key}.npz"


def level_holds(table, offer: dict, use_cache: bool = True) -> tuple[dict, str]:
    """({level: (classes,) int8 mask held on each suit class}, the entry's key) of the levels
    `offer` of `table`, played by their lines on every class of the deck (a class no line
    decides discards everything, as `verify.class_check` counts it)."""
    key = _holds_key(table, offer)
    path, meta = _holds_path(table, key), {"kind": "level-holds", "key": key}
    names = tuple(sorted(offer))
    if use_cache:
        found = store.load(path, names, meta)
        if found is not None:
            return found, key
    import numpy as np  # (lazy: numpy)

    from ..solve.cache import family_deck  # (lazy: numpy)
    from ..strategy import features as P  # (lazy: numpy)
    from ..strategy.holds import HoldData, _holds  # (lazy: numpy)
    from ..strategy.levels import play  # (lazy: numpy)

    dk = family_deck(table.family.key)  # (the suit classes the solve played: the family's group)
    # (the game's features, as the derivation keeps them per process: strategy.holds, whose
    # source is the export's cache key, so not given a public name for this)
    holds = _holds(table.family.key, dk, P.high_rank(table.family.key, table.min_pair))
    data = HoldData(holds, None, np.zeros(len(dk.sizes), np.int64), dk.sizes)
    out = {name: play(data, _lines(offer[name].conditions, dk, table.family.deck),
                      P.choice_indexes(offer[name].choices))[1].astype(np.int8)
           for name in names}
    if use_cache:
        store.save(path, out, meta)
    return out, key


def played_level(table, level: str):
    """(Solution, the hold of `level` on every suit class) of one pay table, for `vpcharts
    bankroll`: the exact level's holds are the solution's, the card's and the simple level's
    those its lines play (`level_holds`). A level the pay table has not (no simple level where
    the card is already simple) is refused in a line."""
    from ..solve import cache  # (lazy: numpy)

    solution, _ = cache.solve(table)
    if level == "exact":
        return solution, solution.best
    data, _ = export(table)
    offers = offered(data)
    if level not in offers:
        why = data.strategy_error or "the card is already the simple strategy"
        raise VpchartsError(f"{table.slug}: no {level} level ({why})")
    holds, _ = level_holds(table, {level: offers[level]})
    return solution, holds[level]


def _lines(conditions: tuple, dk, deck) -> list[tuple]:
    """A level's exported conditions as `levels.play` takes them: (feature, op, value), a set inline
    as a frozenset (of rank masks, or of suit classes for a `deal` exception)."""
    from ..strategy import features as P  # (lazy: numpy)

    deal_of = None
    out = []
    for line in conditions:
        parsed = []
        for name, op_name, value in line:
            feature, op, value = P.condition_named(name, op_name, value)
            if op == P.OP_IN and feature == P.F_DEAL:
                if deal_of is None:
                    deal_of = {format_hand(rep.tolist(), deck=deck): c for c, rep in enumerate(dk.reps)}
                value = frozenset(deal_of[text] for text in value)
            elif op == P.OP_IN:
                value = frozenset(value)
            parsed.append((feature, op, value))
        out.append(tuple(parsed))
    return out


def _prices_key(table, offers: dict, names: dict, holds_keys: dict) -> str:
    text = json.dumps([code_version(), table.canonical(), table.name,
                       [[slug, names[slug], holds_keys[slug],
                         {n: level.printed for n, level in offers[slug].items()}]
                        for slug in sorted(offers)]], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _prices_path(table, key: str) -> Path:
    return store.cache_dir() / KIND / f"prices-{table.slug}-{key}.json"


def _meta(table, key: str) -> dict:
    return {"kind": "prices", "code": code_version(), "slug": table.slug, "key": key}


def _keys(tables: list, offers: dict) -> dict:
    """{slug: the key of the prices entry} of each of a game's pay tables."""
    names = {t.slug: t.name for t in tables}
    holds = {t.slug: _holds_key(t, offers[t.slug]) for t in tables if offers.get(t.slug)}
    return {t.slug: _prices_key(t, {s: offers[s] for s in holds}, names, holds) for t in tables}


def _bankroll_path(table, key: str) -> Path:
    return store.cache_dir() / KIND / f"bankroll-{table.slug}-{key}.json"


def _bankroll_meta(table, key: str) -> dict:
    return {"kind": "bankroll", "code": code_version(), "slug": table.slug, "key": key}


def cached_bankroll(tables: list, offers: dict) -> dict[str, dict[str, LevelBankroll]]:
    """{slug: bankroll figures} of the pay tables of one game whose entries the cache holds
    (and whose JSON fits the records)."""
    out = {}
    for table, key in zip(tables, _keys(tables, offers).values()):
        payload = store.read_sealed(_bankroll_path(table, key), _bankroll_meta(table, key))
        figures = None if payload is None else _read(dict[str, LevelBankroll], payload)
        if figures is not None:
            out[table.slug] = figures
    return out


def cached_rows(tables: list, offers: dict) -> dict[str, tuple[PriceRow, ...]]:
    """{slug: rows} of the pay tables of one game whose prices the cache holds (entries
    missing, stale or damaged left out). `tables` are the game's PayTables, `offers`
    {slug: offered(export)}."""
    out = {}
    for table, key in zip(tables, _keys(tables, offers).values()):
        payload = store.read_sealed(_prices_path(table, key), _meta(table, key))
        rows = None if payload is None else _read(tuple[PriceRow, ...], payload)
        if rows is not None:
            out[table.slug] = rows
    return out


def job_weight(tables: list) -> int:
    """How long a game's price job takes, roughly, to start the longest first: the bankroll
    rounds' FFTs dominate it, and each pay table's window (bankroll/rounds.py) grows with its
    largest pay in units of its pays' common denominator: five times a Jacks or Better table's
    for the six-coin game's sixths, whose one table took a minute where a Jacks or Better
    table takes a second or two."""
    from ..bankroll.rounds import window  # (lazy: numpy)

    return sum(window(int(max(line.pay for line in t.lines) * t.scale)) for t in tables)


def price_game(tables: list, offers: dict, use_cache: bool = True) -> tuple[dict, dict, dict]:
    """({slug: rows}, {slug: bankroll figures} of every pay table of one game, {cache path:
    sealed bytes} of the entries written). `tables` are the game's PayTables, `offers`
    {slug: offered(export)}. Each level's holds are computed (or read) once; each pay table's
    EVs once."""
    from ..bankroll.figures import figures  # (lazy: numpy)
    from ..solve import cache  # (lazy: numpy)

    keys = _keys(tables, offers)
    found = cached_rows(tables, offers) if use_cache else {}
    found_figures = cached_bankroll(tables, offers) if use_cache else {}
    rows, bankroll, written = dict(found), dict(found_figures), {}
    missing = [t for t in tables if t.slug not in found or t.slug not in found_figures]
    if not missing:
        return rows, bankroll, written
    # (the tables of one lowest high card together: the features are kept for one at a time)
    played = {t.slug: (t.name, offers[t.slug], level_holds(t, offers[t.slug], use_cache)[0])
              for t in sorted(tables, key=lambda t: (-1 if t.min_pair is None else t.min_pair,
                                                     t.slug))
              if offers.get(t.slug)}
    for table in missing:
        solution, _ = cache.solve(table, use_cache=use_cache)
        others = set(played) - {table.slug}
        rows[table.slug] = priced(solution, played) if others else ()
        levels = {"exact": solution.best}
        if table.slug in played and "card" in played[table.slug][2]:
            levels["card"] = played[table.slug][2]["card"]
        bankroll[table.slug] = figures(solution, levels)
        if use_cache:
            key = keys[table.slug]
            for path, meta, value in (
                    (_prices_path(table, key), _meta(table, key), rows[table.slug]),
                    (_bankroll_path(table, key), _bankroll_meta(table, key), bankroll[table.slug])):
                data = store.seal(_dumps(to_json(value)).encode(), meta)
                store.write_bytes(path, data)
                written[path] = data
    return rows, bankroll, written


def priced(solution, levels: dict) -> tuple[PriceRow, ...]:
    """The rows of one pay table: every level of `levels` ({slug: (name, offer, {level: holds})})
    played on its classes, cheapest first."""
    import numpy as np  # (lazy: numpy)

    sizes = solution.deck.sizes.astype(np.int64)
    evs = solution.evs
    classes = np.arange(len(sizes))
    whole = solution.unit * solution.deck.deals
    best = int((sizes * solution.best_ev).sum())
    out = []
    for slug, (name, offer, holds) in levels.items():
        for level, held in holds.items():
            played = int((sizes * evs[classes, held.astype(np.int64)]).sum())
            ret, cost = Fraction(played, whole), Fraction(best - played, whole)
            out.append(PriceRow(slug=slug, name=name, level=level, printed=offer[level].printed,
                                own=slug == solution.table.slug, return_=ExactPercent.of(ret),
                                cost=cost, cost_percent=percent(cost, 4)))
    out.sort(key=lambda row: (row.cost, row.name, row.slug, LEVELS.index(row.level)))
    return tuple(out)


def _read(kind, payload: bytes):
    """A cache entry's JSON read as `kind`; None where it is not JSON or does not fit."""
    try:
        return from_json(kind, json.loads(payload.decode("utf-8")))
    except (ValueError, RecordError):
        return None


def _dumps(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
