"""One pay table's files: its records in, {file name: bytes} out.

    table_files(export, card, renderer, settings, pages, played_here, bankroll)
        -> {"<slug>.json", "<slug>.html", "<slug>-exact.html" (with a strategy),
            "rounds/<slug>.js" (with bankroll figures): bytes}

The export (export/records.py), the pocket card already rendered for it (pocket.render_card),
the game's cards priced on it (pricing's `PriceRow`s) and its bankroll figures
(bankroll/records.py) are all a pay table's page, exact table, JSON and rounds script are made
of; the build (build/orchestrate.py) decides which to render and which to read from its cache.
"""

import json

from ..core import line_parts as words
from ..core.decimals import decimal
from ..core.records import to_json
from ..export.records import Export, Game, Rules
from . import view
from .lines import lines_of
from .plot import ce_distribution_svg, curve_svg, for_screens
from .symbols import key_for


def dumps(data) -> str:
    """Deterministic, compact JSON text (as the export's cache entry holds its JSON)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def table_files(export: Export, card, renderer, settings, pages, played_here: tuple = (),
                bankroll: dict | None = None) -> dict[str, bytes]:
    slug = export.slug
    files = {f"{slug}.json": dumps(view.published(export, played_here, bankroll)).encode(),
             f"{slug}.html": renderer.render(
                 "paytable.html",
                 **paytable_context(export, card, pages, settings, played_here, bankroll)).encode()}
    if export.strategy:
        files[f"{slug}-exact.html"] = renderer.render(
            "exact.html", **exact_context(export, pages)).encode()
    if bankroll:
        files[f"{view.ROUNDS_FOLDER}/{slug}.js"] = view.rounds_script(slug, bankroll).encode()
    return files


def _key(lines, rules: Rules, game: Game) -> list:
    return key_for([words.used(line.parts, "notation") for line in lines_of(lines)], rules.wild,
                   high=game.high_rank, kicker=game.kicker)


def paytable_context(export: Export, card, pages, settings, played_here: tuple = (),
                     bankroll: dict | None = None) -> dict:
    """What `paytable.html` renders: the export itself, and values derived from it; the
    game's cards priced on this pay table (prices.py's rows; none for a game of one)."""
    levels = export.levels
    rules, game = export.rules, export.game
    card_lines = levels["card"].lines if levels else ()
    card_key = _key(card_lines, rules, game)
    simple = levels and levels["simple"]  # (None where the card is already the simple strategy)
    return {
        "export": export, "root": "", "nav": pages, "card": card, "levels": levels,
        "card_size": settings.card_size,
        "id_pays": view.identifying_pays(export),
        "card_sections": view.section_rows(card_lines, rules.wild, view.level_rows),
        "card_key": card_key,
        "simple_sections": view.section_rows(simple.lines, rules.wild,
                                             view.level_rows) if simple else [],
        # (what the simple level's notation adds to the card's, whose key is above it)
        "simple_key": [entry for entry in _key(simple.lines, rules, game)
                       if entry not in card_key] if simple else [],
        "final_rows": view.final_rows(export.solution, export.rules.coins),
        "return_decimal": decimal(export.solution.return_.exact, 6),
        "rules_json": to_json(rules),
        "checker_levels": checker_levels(levels, rules.wild),
        "simple_rule": view.SIMPLE_RULE,
        "played_here": view.played_here(played_here),
        "bankroll": view.bankroll_rows(bankroll),
        "game": view.game_of(export),
        "curve_plot": for_screens(curve_svg, export.strategy and export.strategy.curve, {
            name: levels[name].printed for name in ("card", "simple") if levels[name]}
            if levels else None),
    }


def checker_levels(levels: dict | None, wild: str | None = None) -> dict:
    """The levels as the checker embeds them: each distinct table of lines once (the card level
    is often the exact table itself), as the checker says them (`view.for_checker`), each line
    with the numbers the card and the pages print it with in each section (`printed`:
    `view.printed_numbers`; the checker's "line N" for a deal of that many wild cards), and per
    level its table's index, size, cost and return (the simple level only where published)."""
    tables, info = [], {}
    if levels:
        for name in ("exact", "card", "simple"):
            level = levels[name]
            if level is None:
                continue
            index = next((i for i, t in enumerate(tables) if t is level.lines
                          or t == level.lines), None)
            if index is None:
                index = len(tables)
                tables.append(level.lines)
            info[name] = {"table": index, "lines": level.printed,
                          "cost": str(level.cost), "cost_percent": level.cost_percent,
                          "return_percent": level.return_.percent}
    said = []
    for lines in tables:
        printed = view.printed_numbers(lines, wild)
        # (a level's last line, "Discard everything", may decide no deal: no section prints it,
        # and the checker, which names the line deciding a deal, never says it)
        said.append([dict(view.for_checker(line), printed=printed.get(line.number, []))
                     for line in lines])
    return {"tables": said, "levels": info or None}


def exact_context(export: Export, pages) -> dict:
    """What `exact.html` renders: the exact table with its CE columns, and the CE plot."""
    levels = export.levels
    exact = levels["exact"].lines
    return {
        "export": export, "root": "", "nav": pages, "levels": levels,
        "sections": view.section_rows(exact, export.rules.wild, view.line_rows),
        "exception_notes": view.exception_notes(exact, export.rules.wild),
        "exact_key": _key(exact, export.rules, export.game),
        "plot": for_screens(ce_distribution_svg, export),
    }


def index_html(renderer, exports: list[Export], cards: dict, ultimate_x: list, pages,
               chinese: bool) -> str:
    """The index: every pay table by game, its return and its levels; the Ultimate X games
    (`ultimate_x.Listed`) and the Chinese Poker page where there is one."""
    groups = view.families(exports)
    # (a game's pays that differ among its pay tables tell them apart: view.varying_pays)
    id_pays = {d.slug: view.identifying_pays(d, view.varying_pays(members))
               for _, members in groups for d in members}
    return renderer.render(
        "index.html", groups=groups, cards=cards, nav=pages, root="",
        index_levels={d.slug: d.levels for d in exports},
        simple_rule=view.SIMPLE_RULE,
        id_pays=id_pays,
        search_pays={d.slug: view.search_pays(d) for d in exports},
        pay_key=view.pay_key(id_pays.values()), chinese=chinese,
        ultimate_x=[(item, view.identifying_pays(item.export), view.search_pays(item.export))
                    for item in ultimate_x])
