"""Ultimate X on the site: a page, a pocket card and a JSON file per game, and the index's rows.

In: the games (generator/ultimate_x/game.py) and their exports (generator/ultimate_x/export.py),
computed on the workers where the cache lacks them. Out: {file name: bytes} and, per game, what
the index lists (`Listed`).

The pocket card is the single strategy's card, laid out by the pay tables' card search
(`pocket.render_card`) with `ux-card.html`: the pays beside the multipliers they earn, and the
lines that move by the average multiplier.
"""

import string
import time
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..errors import ContentError
from . import view
from .pocket import render_card
from .symbols import key_for


@dataclass(frozen=True)
class Listed:
    """An Ultimate X game as the index lists it."""

    data: dict
    card: object  # pocket.CardResult


def ux_one(game, templates_dir: Path | None, static_dir: Path | None, settings):
    """A worker's job: the game's export (and its single strategy's) and its card, with the
    cache entries it made (workers.Computed)."""
    from .. import store
    from ..export import cache_entry, code_version, export as table_export
    from ..ultimate_x.game import single_table
    from ..ultimate_x.export import cache_path, export
    from .folders import STATIC, TEMPLATES
    from .pocket import entry_files
    from .render import Renderer
    from .workers import Computed

    began = time.perf_counter()
    single = single_table(game)
    single_data, _ = table_export(single)
    data, _ = export(game)
    card = card_of(data, single_data, Renderer(templates_dir or TEMPLATES),
                   static_dir or STATIC, True, settings)
    root = store.cache_dir()
    files = dict([cache_entry(single, single_data)]) | entry_files(game.slug, card)
    path = cache_path(game)
    if path.is_file():
        files[path] = path.read_bytes()
    return Computed(time.perf_counter() - began, code_version(),
                    {str(p.relative_to(root)): b for p, b in files.items()}, card.cached)


def compute_missing(config, games: list) -> None:
    """The exports (and cards) the cache lacks, on this machine's cores."""
    from ..ultimate_x.export import read_cached
    from . import workers
    from .folders import STATIC, TEMPLATES

    missing = [g for g in games if read_cached(g) is None]
    if not missing or not config.use_cache:
        return
    missing.sort(key=lambda g: (-g.table.family.jokers, -g.lines, g.slug))
    own = config.templates_dir == TEMPLATES and config.static_dir == STATIC
    config.progress(f"Ultimate X: solving {len(missing)} "
                    f"{'game' if len(missing) == 1 else 'games'} not in the cache ...")
    job = (ux_one, (None if own else config.templates_dir, None if own else config.static_dir,
                    config.settings), None)
    workers._on_cores(missing, job, config.progress, quiet=True)


def card_export(data: dict, single: dict) -> dict:
    """The single strategy's export as the card reads it: this game's slug, name and pays, and
    the level the game's card is (`levels_of` reads "card")."""
    strategy = single["strategy"]
    levels = dict(strategy["levels"], card=strategy["levels"][data["card"]["level"]])
    return dict(single, slug=data["slug"], name=data["name"], rules=data["rules"],
                strategy=dict(strategy, levels=levels))


def card_of(data: dict, single: dict, renderer, static_dir: Path, use_cache: bool, settings):
    return render_card(card_export(data, single), renderer, static_dir, use_cache, settings,
                       template="ux-card.html", extra={"ux": card_context(data)})


def letters(data: dict) -> dict[int, str]:
    """The lines a band adds from the exact table (not on the card), lettered A, B, ..."""
    keys = sorted(int(k) for k in data["card"]["extra"])
    return {k: string.ascii_uppercase[i] for i, k in enumerate(keys)}


def _label(index: int, data: dict, printed: dict, lettered: dict) -> list[tuple]:
    """[(section label or None, what the card calls the line)] of a line by its index."""
    lines = data["card"]["lines"]
    if index >= len(lines):
        return [(None, lettered[index])]
    return [(label, str(number)) for _, number, label in printed[lines[index]["number"]]]


def band_name(band: dict, lines: int = 3) -> str:
    """A band as a player reads it: of the average multiplier ("under 1.5x", "2.5x to 3.9x"), or
    on one hand the multipliers themselves ("3x or 4x")."""
    if lines == 1:
        shown = [f"{t}x" for t in band["totals"]]
        return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    low = Fraction(band["low"])
    high = None if band["high"] is None else Fraction(band["high"])
    if high is None:
        return f"{float(low):g}x and up"
    if low == 1:
        return f"under {float(high):g}x"
    return f"{float(low):g}x to {float(high) - 0.1:g}x" if high.denominator <= 2 else \
        f"{float(low):g}x to under {float(high):g}x"


def moves_said(band: dict, data: dict) -> list[str]:
    """A band's moves as the card prints them: "30 before 29"; in a wild game grouped by the
    section they are in ("With the joker: 26 before 27, D before 20")."""
    printed = view.printed_numbers(data["card"]["lines"], data["rules"]["wild"])
    lettered = letters(data)
    by_section: dict = {}
    for a, b in band["moves"]:
        first = _label(a, data, printed, lettered)
        second = _label(b, data, printed, lettered)
        shared = [(la or lb, na, nb) for la, na in first for lb, nb in second
                  if la == lb or la is None or lb is None]
        for label, na, nb in shared:
            said = by_section.setdefault(label, [])
            if f"{na} before {nb}" not in said:
                said.append(f"{na} before {nb}")
    return [(f"{label}: " if label else "") + ", ".join(said) for label, said in by_section.items()]


def card_context(data: dict) -> dict:
    """What the page and the card say of the moves: per band its name, share and moves; the
    added lines with their letters."""
    lettered = letters(data)
    bands = [{"name": band_name(b, data["lines"]), "share": f"{b['share'] * 100:.0f}%",
              "moves": moves_said(b, data), "cost": f"{b['cost'] * 100:.3f}%",
              "card_cost": f"{b['card_cost'] * 100:.3f}%"} for b in data["bands"]]
    added = [{"letter": lettered[int(k)], "text": line["text"], "notation": line["notation"]}
             for k, line in sorted(data["card"]["extra"].items(), key=lambda kv: int(kv[0]))]
    return {"bands": bands, "added": added, "data": data,
            "pays": [{"label": m["label"], "pay": view.number_text(m["pay"]),
                      "multiplier": m["multiplier"]} for m in data["multipliers"]]}


def checker_data(data: dict) -> dict:
    """What the Ultimate X checker plays, embedded in the page."""
    keep = ("slug", "name", "lines", "rules", "values", "totals", "relative_values",
            "stationary", "bands")
    out = {k: data[k] for k in keep}
    out["multipliers"] = [m["multiplier"] for m in data["multipliers"]]
    printed = view.printed_numbers(data["card"]["lines"], data["rules"]["wild"])
    out["card"] = [dict(view.for_checker(line), printed_as=printed[line["number"]][0][1])
                   for line in data["card"]["lines"]]
    out["extra"] = {k: view.for_checker(line) for k, line in data["card"]["extra"].items()}
    out["letters"] = {str(k): v for k, v in letters(data).items()}
    out["band_names"] = [band_name(b, data["lines"]) for b in data["bands"]]
    out["optimal_return"] = data["returns"]["optimal"]["percent"]
    return out


def vulture_rows(data: dict) -> tuple[list[dict], list[dict]]:
    """(the rows shown, the rows folded): every total up to an average of 3x, then the rest."""
    lines = data["lines"]
    shown, folded = [], []
    for row in data["vulture"]:
        item = {"total": row["total"], "average": f"{row['total'] / lines:.2f}x".replace(
            ".00x", "x"), "edge": f"{row['edge']:+.2f}", "sit": row["profit"] > 0,
            "profit": f"{row['profit']:.2f}", "deals": f"{row['deals']:.1f}"}
        (shown if row["total"] <= 3 * lines else folded).append(item)
    return shown, folded


def page_context(data: dict, single: dict, card, pages, settings) -> dict:
    from .pocket import card_lines

    card_json = data["card"]["lines"]
    wild = data["rules"]["wild"]
    shown, folded = vulture_rows(data)
    from ..strategy.features import high_rank  # (the strategy package imports numpy)
    from .. import line_parts as words
    from .lines import lines_of

    key = key_for([words.used(line.parts, "notation") for line in lines_of(card_json)], wild,
                  high=high_rank(data["rules"]["family"], data["rules"]["min_pair"]))
    return {
        "export": data, "root": "", "nav": pages, "card": card, "card_size": settings.card_size,
        "ux": card_context(data), "sections": view.section_rows(card_json, wild, view.level_rows),
        "card_key": key, "vulture_shown": shown, "vulture_folded": folded,
        "multiplier_shares": [{"value": v, "percent": f"{p * 100:.2f}%"}
                              for v, p in zip(data["values"], data["line_multipliers"])],
        "checker": checker_data(data),
        "id_pays": view.identifying_pays(data),
        "printed": len(card_lines(card_json, wild)),
    }


def published(data: dict) -> dict:
    """The export as `<slug>.json` publishes it: the lines' parts left out (the pages render
    from them; a program reads the words and conditions), and the times."""
    def bare(line):
        return {k: v for k, v in line.items() if k != "parts"}

    card = dict(data["card"], lines=[bare(l) for l in data["card"]["lines"]],
                extra={k: bare(l) for k, l in data["card"]["extra"].items()})
    solve = {k: v for k, v in data["solve"].items() if not k.startswith("seconds")}
    return dict(data, card=card, solve=solve)


def files_of(games: list, config, renderer, pages) -> tuple[dict, list[Listed]]:
    """Every game's page, JSON and card, by file name; and the index's rows."""
    from ..export import dumps, export as table_export
    from ..ultimate_x.game import single_table
    from ..ultimate_x.export import check_published, export

    compute_missing(config, games)
    files, listed = {}, []
    for i, game in enumerate(games, 1):
        began = time.perf_counter()
        data, _ = export(game, config.use_cache)
        check_published(game, data)
        single, _ = table_export(single_table(game), config.use_cache)
        card = card_of(data, single, renderer, config.static_dir, config.use_cache,
                       config.settings)
        if not card.written:
            raise ContentError(game.source, f"lines.{game.lines}: pocket card", None,
                               f"a card that fits one {config.settings.card_size} page "
                               f"({card.reason})")
        files[f"{game.slug}.pdf"] = card.pdf
        files[f"{game.slug}.json"] = dumps(published(data)).encode()
        files[f"{game.slug}.html"] = renderer.render(
            "ultimate-x.html", **page_context(data, single, card, pages,
                                              config.settings)).encode()
        listed.append(Listed(data, card))
        config.progress(f"[{i}/{len(games)}] {game.name}: {data['returns']['optimal']['percent']}"
                        f" optimal, card {card.layout} ({time.perf_counter() - began:.1f} s)")
    return files, listed
