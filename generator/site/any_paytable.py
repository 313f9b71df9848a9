"""The "Any pay table" page: every pay table's export in, the page and one data script per game out.

A player at a machine the catalogue does not list picks its game, types its pays and gets, in the
browser (static/js/any-ui.js), the exact return, what each card of that game's pay tables returns
on those pays, and the checker. What the browser needs of a game is here: its pay lines, prefilled
from its best-paying table, and every card and published simple level of its pay tables (each
line's number, conditions and words: what rules-core.js plays and the checker says).

    any_files(renderer, exports, pages) -> {relative path: text}
        any.html, and any/<game id>.js per game (a classic script, so the page reads it from
        file:// too, where a browser refuses to fetch JSON)

A game here is what the strategy depends on: the index's game and the lowest paying pair (Joker
Poker Kings or Better and Two Pair or Better are two games on this page, one in the index).
"""

import json
from dataclasses import dataclass

from ..core import wild_words
from ..core.records import to_json
from ..export.records import Export, Kicker, Rules
from . import view
from .symbols import key_table

FOLDER = "any"


@dataclass(frozen=True)
class AnyGame:
    id: str  # the page's address names it: any.html#game=<id>
    title: str
    data: dict  # what any/<id>.js hands the page


def _pair_words(rules: Rules) -> str:
    pair = next((line for line in rules.pays if line.key == "pair"), None)
    return pair.label if pair else "Two Pair or Better"


def games(exports: list[Export]) -> list[AnyGame]:
    """Every game with a strategy table, in the index's order (view.families)."""
    out = []
    for game, members in view.families(exports):
        members = [d for d in members if d.levels]
        by_pair: dict = {}
        for data in members:
            by_pair.setdefault(data.rules.min_pair, []).append(data)
        levels = _levels(members)
        for tables in by_pair.values():
            reference = tables[0]  # the best return first
            title = game if len(by_pair) == 1 else f"{game}, {_pair_words(reference.rules)}"
            game_id = view.game_id(title)
            out.append(AnyGame(game_id, title, _game_data(game_id, title, tables, members, levels)))
    return out


def _levels(members: list[Export]) -> list[dict]:
    """The card and published simple level of each pay table of an index game: all are offered
    on each of its pay structures, as on the pay tables' pages (generator/pricing/prices.py), each level
    playing with its own high cards (its table's min_pair: a Kings or Better card holds kings)."""
    levels = []
    for index, data in enumerate(members):
        data_levels = data.levels
        for name in ("card", "simple"):
            level = data_levels[name]
            if level is None:  # (an unpublished simple level: the card is the simple strategy)
                continue
            printed = view.printed_numbers(level.lines, data.rules.wild)
            levels.append({
                "id": f"{data.slug}/{name}", "table": index, "level": name,
                "printed": level.printed,
                "lines": [{"number": line.number, "conditions": to_json(line.conditions),
                           "choice": line.choice,
                           "text": view.for_checker(line)["text"],
                           "printed": printed[line.number]} for line in level.lines],
            })
    return levels


def _game_data(game_id: str, title: str, tables: list[Export], members: list[Export],
               levels: list[dict]) -> dict:
    """`tables`: the pay tables of this pay structure (the first prefills the page); `members`:
    every pay table of the index game, whose levels are priced."""
    own = {d.slug for d in tables}
    return {
        "id": game_id, "title": title, "rules": to_json(tables[0].rules),
        "tables": [{"slug": d.slug, "name": d.name, "min_pair": d.rules.min_pair,
                    # (as the glass shows them, as a player types them: any-core.js checkPays
                    # turns them back into pays per coin bet)
                    "pays": [str(line.pay) for line in view.glass_pays(d.rules)] if d.slug in own
                    else None,
                    "return_percent": d.solution.return_.percent} for d in members],
        "levels": levels,
        # (wild cards held, in the game's words: a meter names the holds that swap with them)
        "held_words": wild_words.held_list(tables[0].rules.wild),
        # (what a chart derived here is said with: static/js/chart.js)
        "chart": chart_words(tables[0].rules.wild, tables[0].game.high_rank,
                             tables[0].game.kicker),
        **_chart_ask(title, tables[0].solution.classes),
    }


# A 52-card game has 134,459 suit classes (Ethier, Kim and Lee; tests/test_any_page.py checks
# it against the solver); the page derives its exact strategy in about 10 s and 300 MB
# (docs/benchmarks.md). Above this many classes (Black Jack Bonus: 700,544, in 4 minutes and
# 1.9 GB in chromium on this machine) a phone may run out of memory, so the page derives the
# strategy only when the player asks.
ASK_ABOVE_CLASSES = 200_000
STANDARD_CLASSES = 134_459
_TIMES = {2: "twice", 3: "three times", 4: "four times", 5: "five times"}


def _chart_ask(title: str, classes: int) -> dict:
    """{"chart_ask": why the page waits to be asked} for a game too heavy to derive unasked
    (static/js/any-engine.js); {} for every other game, whose data stays as it was."""
    if classes <= ASK_ABOVE_CLASSES:
        return {}
    times = round(classes / STANDARD_CLASSES)
    said = _TIMES.get(times, f"{times} times")
    return {"chart_ask": f"{title} has {classes:,} suit classes, {said} a standard deck's: "
                         f"deriving its exact strategy here takes minutes and about 2 GB of "
                         f"memory, more than most phones can spare. The exact table of each of "
                         f"its pay tables is on that table's page."}


def chart_words(wild: str | None, high: int, kicker: Kicker | None = None) -> dict:
    """The words of a chart derived on the page for any pays that are the game's, not the
    line's: its key's entries (`symbols.key_table`), and in a wild game its sections' headings
    by the wild cards dealt (0, 1, ...) and how a sectioned table is read, as a catalogue page
    says them."""
    cards = min(wild_words.words_of(wild).cards, 5) if wild else 0
    return {"key": key_table(wild, high, kicker),
            "sections": [wild_words.dealt(wild, k) for k in range(cards + 1)] if wild else [],
            "instruction": wild_words.section_instruction(wild) if wild else ""}


def data_script(game: AnyGame) -> str:
    """any/<id>.js: the game's data, added to globalThis.vpcharts.anyGames[id]."""
    text = json.dumps(game.data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return ("// Written by vpcharts build (generator/site/any_paytable.py): one game's pay lines "
            "and levels for any.html.\n"
            "(globalThis.vpcharts = globalThis.vpcharts || {}).anyGames = "
            "globalThis.vpcharts.anyGames || {};\n"
            f"globalThis.vpcharts.anyGames[{json.dumps(game.id)}] = {text};\n")


def any_files(renderer, exports: list[Export], pages) -> dict[str, str]:
    found = games(exports)
    files = {f"{FOLDER}/{game.id}.js": data_script(game) for game in found}
    files["any.html"] = renderer.render(
        "any.html", games=found, nav=pages, root="",
        game_list=[{"id": g.id, "title": g.title, "tables": len(g.data["tables"])}
                   for g in found])
    return files
