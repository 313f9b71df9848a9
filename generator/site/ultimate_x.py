"""Ultimate X on the site: a game's page, pocket card and JSON, and the index's row.

In: a game's export record (`UltimateXExport`, generator/export/ultimate_x_records.py, made by
generator/ultimate_x/export.py) and the export record of its single strategy's pay table (the
card's levels), both got by the build (build/ultimate_x.py). Out: the files' contents and, per
game, what the index lists (`Listed`).

The pocket card is the single strategy's card, laid out by the pay tables' card search
(`pocket.render_card`) with `ux-card.html`: the pays beside the multipliers they earn, and the
lines that move by the average multiplier.
"""

import string
from dataclasses import dataclass, replace
from pathlib import Path

from ..core import line_parts as words
from ..core.records import to_json
from ..export.records import Export
from ..export.ultimate_x_records import Band, UltimateXExport
from . import view
from .lines import lines_of
from .pocket import card_lines, render_card
from .symbols import key_for


@dataclass(frozen=True)
class Listed:
    """An Ultimate X game as the index lists it."""

    data: UltimateXExport
    export: Export  # its card's export (`card_export`): the pays that identify the machine
    card: object  # pocket.CardResult


def card_export(data: UltimateXExport, single: Export) -> Export:
    """The single strategy's export as the card reads it: this game's slug, name and pays, and
    the level the game's card is (the card reads "card")."""
    levels = single.strategy.levels
    levels = replace(levels, card=getattr(levels, data.card.level))
    return replace(single, slug=data.slug, name=data.name, rules=data.rules,
                   strategy=replace(single.strategy, levels=levels))


def card_of(data: UltimateXExport, single: Export, renderer, static_dir: Path, use_cache: bool, settings):
    return render_card(card_export(data, single), renderer, static_dir, use_cache, settings,
                       template="ux-card.html", extra={"ux": card_context(data)})


def letters(data: UltimateXExport) -> dict[int, str]:
    """The lines a band adds from the exact table (not on the card), lettered A, B, ..."""
    keys = sorted(data.card.extra)
    return {k: string.ascii_uppercase[i] for i, k in enumerate(keys)}


def _label(index: int, data: UltimateXExport, printed: dict, lettered: dict) -> list[tuple]:
    """[(section label or None, what the card calls the line)] of a line by its index."""
    lines = data.card.lines
    if index >= len(lines):
        return [(None, lettered[index])]
    return [(label, str(number)) for _, number, label in printed[lines[index].number]]


def band_name(band: Band, lines: int = 3) -> str:
    """A band as a player reads it: of the average multiplier ("under 1.5x", "2.5x to 3.9x"), or
    on one hand the multipliers themselves ("3x or 4x")."""
    if lines == 1:
        shown = [f"{t}x" for t in band.totals]
        return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    low, high = band.low, band.high
    if high is None:
        return f"{float(low):g}x and up"
    if low == 1:
        return f"under {float(high):g}x"
    return f"{float(low):g}x to {float(high) - 0.1:g}x" if high.denominator <= 2 else \
        f"{float(low):g}x to under {float(high):g}x"


def moves_said(band: Band, data: UltimateXExport) -> list[str]:
    """A band's moves as the card prints them: "30 before 29"; in a wild game grouped by the
    section they are in ("With the joker: 26 before 27, D before 20")."""
    printed = view.printed_numbers(data.card.lines, data.rules.wild)
    lettered = letters(data)
    by_section: dict = {}
    for a, b in band.moves:
        first = _label(a, data, printed, lettered)
        second = _label(b, data, printed, lettered)
        shared = [(la or lb, na, nb) for la, na in first for lb, nb in second
                  if la == lb or la is None or lb is None]
        for label, na, nb in shared:
            said = by_section.setdefault(label, [])
            if f"{na} before {nb}" not in said:
                said.append(f"{na} before {nb}")
    return [(f"{label}: " if label else "") + ", ".join(said) for label, said in by_section.items()]


def card_context(data: UltimateXExport) -> dict:
    """What the page and the card say of the moves: per band its name, share and moves; the
    added lines with their letters."""
    lettered = letters(data)
    bands = [{"name": band_name(b, data.lines), "share": f"{b.share * 100:.0f}%",
              "moves": moves_said(b, data), "cost": f"{b.cost * 100:.3f}%",
              "card_cost": f"{b.card_cost * 100:.3f}%"} for b in data.bands]
    added = [{"letter": lettered[k], "text": line.text, "notation": line.notation}
             for k, line in sorted(data.card.extra.items())]
    return {"bands": bands, "added": added, "data": data,
            "pays": [{"label": m.label, "pay": view.number_text(m.pay),
                      "multiplier": m.multiplier} for m in data.multipliers]}


def checker_data(data: UltimateXExport) -> dict:
    """What the Ultimate X checker plays, embedded in the page: the export's figures as its
    JSON has them (static/js/ux-checker*.js reads those keys)."""
    out = {name: to_json(getattr(data, name)) for name in (
        "slug", "name", "lines", "rules", "values", "totals", "relative_values", "stationary",
        "bands")}
    out["multipliers"] = [m.multiplier for m in data.multipliers]
    lines = data.card.lines
    printed = view.printed_numbers(lines, data.rules.wild)
    out["card"] = [dict(view.for_checker(line), printed_as=printed[line.number][0][1])
                   for line in lines]
    out["extra"] = {str(k): view.for_checker(line) for k, line in data.card.extra.items()}
    out["letters"] = {str(k): v for k, v in letters(data).items()}
    out["band_names"] = [band_name(b, data.lines) for b in data.bands]
    out["optimal_return"] = data.returns.optimal.percent
    return out


def vulture_rows(data: UltimateXExport) -> tuple[list[dict], list[dict]]:
    """(the rows shown, the rows folded): every total up to an average of 3x, then the rest."""
    lines = data.lines
    shown, folded = [], []
    for row in data.vulture:
        item = {"total": row.total, "average": f"{row.total / lines:.2f}x".replace(
            ".00x", "x"), "edge": f"{row.edge:+.2f}", "sit": row.profit > 0,
            "profit": f"{row.profit:.2f}", "deals": f"{row.deals:.1f}"}
        (shown if row.total <= 3 * lines else folded).append(item)
    return shown, folded


def page_context(data: UltimateXExport, single: Export, card, pages, settings) -> dict:
    lines = data.card.lines
    wild = data.rules.wild
    shown, folded = vulture_rows(data)
    key = key_for([words.used(line.parts, "notation") for line in lines_of(lines)], wild,
                  high=single.game.high_rank, kicker=single.game.kicker)
    return {
        "export": data, "root": "", "nav": pages, "card": card, "card_size": settings.card_size,
        "ux": card_context(data), "sections": view.section_rows(lines, wild, view.level_rows),
        "card_key": key, "vulture_shown": shown, "vulture_folded": folded,
        "multiplier_shares": [{"value": v, "percent": f"{p * 100:.2f}%"}
                              for v, p in zip(data.values, data.line_multipliers)],
        "checker": checker_data(data),
        "id_pays": view.identifying_pays(card_export(data, single)),
        "printed": len(card_lines(lines, wild)),
    }


def published(data: UltimateXExport) -> dict:
    """The export as `<slug>.json` publishes it: its records' JSON but the lines' parts (the
    pages render from them; a program reads the words and conditions), and the times."""
    def bare(line):
        return {k: v for k, v in line.items() if k != "parts"}

    out = to_json(data)
    card = out["card"]
    card["lines"] = [bare(line) for line in card["lines"]]
    card["extra"] = {k: bare(line) for k, line in card["extra"].items()}
    out["solve"] = {k: v for k, v in out["solve"].items() if not k.startswith("seconds")}
    return out
