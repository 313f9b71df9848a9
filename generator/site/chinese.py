"""The Chinese Poker page: trained tables (and the evaluation file, both from the chinese
package) in, page context, CSV and JSON downloads and SVG charts out. Rendering, so it lives in
the site stage: the chinese package trains and reads tables and never imports the site.

The coarse table groups each row's ranks into bands: consecutive hands of one category and the
same first two ranks, merged with their neighbours while the band's win chance spans at most
BAND_SPAN (the tables rise with rank, so a band reads "lowest hand - highest hand: lowest % -
highest %"). Also the one-page card (WeasyPrint) and the writing of all of it into the site.
Output is deterministic: same files in, same bytes out.
"""

import csv
import hashlib
import io
import json
from importlib.metadata import version
from markupsafe import Markup, escape
from pathlib import Path

from ..chinese import CONTENT_FOLDER
from ..chinese.ranks import CATEGORY_NAMES, key_text, rank_keys
from ..chinese.tablefile import digest_of, path_in, read, without_held
from ..core import store
from .plot import for_screens

BAND_SPAN = 0.06
ROW_NAMES = (("front", "Front (3 cards)"), ("middle", "Middle (5 cards)"),
             ("back", "Back (5 cards)"))


def _keys(row: str):
    five, three = rank_keys()
    return three if row == "front" else five


def bands(tables: dict, row: str) -> list[dict]:
    keys, p = _keys(row), tables[row]
    groups = []  # (category, top digit) runs
    for i, key in enumerate(keys.tolist()):
        tag = (key >> 20, (key >> 16) & 15, (key >> 12) & 15)
        if groups and groups[-1]["tag"] == tag:
            groups[-1]["high"] = i
        else:
            groups.append({"tag": tag, "low": i, "high": i})
    merged = []
    for g in groups:
        last = merged[-1] if merged else None
        if (last and last["tag"][0] == g["tag"][0]
                and p[g["high"]] - p[last["low"]] <= BAND_SPAN):
            last["high"] = g["high"]
        else:
            merged.append(dict(g))
    return [{"from": key_text(keys[b["low"]]), "to": key_text(keys[b["high"]]),
             "category": CATEGORY_NAMES[b["tag"][0]],
             "low": 100 * float(p[b["low"]]), "high": 100 * float(p[b["high"]])}
            for b in merged]


def tables_csv(tables: dict) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["row", "rank", "hand", "category", "win_numerator", "denominator",
                     "win_percent"])
    den = tables["denominator"]
    for row, _ in ROW_NAMES:
        keys = _keys(row)
        for i, (key, num) in enumerate(zip(keys.tolist(), tables[row + "_numerators"].tolist())):
            writer.writerow([row, i, key_text(key), CATEGORY_NAMES[key >> 20], num, den,
                             f"{100 * num / den:.4f}"])
    return out.getvalue()


def held_data(tables: dict) -> dict | None:
    """The held-cards correction as the downloads and the in-page arranger take it: each row's
    (ranks x 13) integers flattened rank by rank, over `denominator` (None without one)."""
    if tables.get("held") is None:
        return None
    data = {"denominator": tables["held_denominator"]}
    for (row, _), held in zip(ROW_NAMES, tables["held"]):
        data[row] = held.reshape(-1).tolist()
    return data


def tables_json(tables: dict) -> str:
    data = {"about": "Chinese Poker win chance per hand and row: numerator / denominator; "
                     "rank 0 is the weakest hand of its size. held (when present): the "
                     "correction for the cards a hand holds, per row, rank by rank, 13 numbers "
                     "a rank (deuce to ace) over held.denominator: a hand holding a_k cards of "
                     "rank k rates a row at chance + sum of a_k * held[13 * rank + k] / "
                     "held.denominator, kept within 0 to 1",
            "settings": tables["settings"], "denominator": tables["denominator"],
            "sha256": digest_of(tables)}
    for row, _ in ROW_NAMES:
        data[row] = {"hands": [key_text(k) for k in _keys(row).tolist()],
                     "keys": _keys(row).tolist(),
                     "win_numerators": tables[row + "_numerators"].tolist()}
    if tables.get("held") is not None:
        data["held"] = held_data(tables)
    return json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"


def arranger_data(tables: dict) -> dict:
    """What static/js/chinese-arranger.js's Arranger takes: keys, numerators and the held-cards
    correction (the page's script and the JS tests' fixture)."""
    data = {"denominator": tables["denominator"]}
    for row, _ in ROW_NAMES:
        data[row] = {"keys": _keys(row).tolist(),
                     "win_numerators": tables[row + "_numerators"].tolist()}
    if tables.get("held") is not None:
        data["held"] = held_data(tables)
    return data


def tables_script(tables: dict) -> str:
    """The tables for the in-page arranger as a classic script (pages opened from file:// cannot
    fetch JSON)."""
    return ("// Chinese Poker tables for static/js/chinese-arranger.js (by vpcharts build)\n"
            "globalThis.vpchartsChineseTables = "
            + json.dumps(arranger_data(tables), sort_keys=True, separators=(",", ":")) + ";\n")


WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 10, 60
NAME_UNITS = 5.6  # the width of a character of a category's name (font size 10), about


def chart_svg(tables: dict, row: str, title: str, width: int = WIDTH, suffix: str = "") -> Markup:
    """Win chance (y) by hand rank (x, weakest left), with the categories marked below; `width`
    and `suffix` draw it for a phone (`site.plot.for_screens`)."""
    keys, p = _keys(row), tables[row]
    n = len(keys)
    pw, ph = width - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x_of(i):
        return LEFT + i / (n - 1) * pw

    def y_of(v):
        return TOP + (1 - v) * ph

    # The curve never falls, so within each half-pixel column its first and last points draw it.
    points, column = [], {}
    for i in range(n):
        column.setdefault(round(x_of(i) * 2), []).append(i)
    for x2, members in column.items():
        for i in dict.fromkeys((members[0], members[-1])):
            points.append(f"{x2 / 2:g},{round(y_of(float(p[i])), 1):g}")
    # A category's name under the line where it starts, on the first row of names where it
    # meets none before it: the strong categories start within the last few percent of hands,
    # and names set three rows deep in turn ran over one another.
    starts = {}
    for i, key in enumerate(keys.tolist()):
        starts.setdefault(key >> 20, i)
    names, ends = [], []  # ends: per row of names, where its last name ends
    for category, i in sorted(starts.items()):
        x, text = round(x_of(i), 1), CATEGORY_NAMES[category]
        wide = NAME_UNITS * len(text)
        anchor = "end" if x > LEFT + 0.8 * pw else "start"  # keep the last names inside
        left, right = (x - wide, x) if anchor == "end" else (x, x + wide)
        level = next((k for k, end in enumerate(ends) if left > end + 4), len(ends))
        ends[level:level + 1] = [right]
        names.append((x, level, anchor, text))
    height = TOP + ph + 14 + 12 * (len(ends) - 1) + 8
    cid = f"chart-{row}{suffix}"
    parts = [f'<svg class="cp-chart" viewBox="0 0 {width} {height}" role="img" '
             f'aria-labelledby="{cid}" xmlns="http://www.w3.org/2000/svg">',
             f'<title id="{cid}">{escape(title)}: chance to win the row against the trained '
             f'strategy, for each of the {n:,} hands from weakest to strongest</title>']
    for v in (0, 0.25, 0.5, 0.75, 1):
        y = round(y_of(v), 1)
        parts.append(f'<line x1="{LEFT}" y1="{y}" x2="{LEFT + pw}" y2="{y}" stroke="#ccc"/>')
        parts.append(f'<text x="{LEFT - 5}" y="{y}" text-anchor="end" dominant-baseline="middle" '
                     f'font-size="11">{int(v * 100)}%</text>')
    for x, level, anchor, text in names:
        parts.append(f'<line x1="{x}" y1="{TOP}" x2="{x}" y2="{TOP + ph}" stroke="#e4e4e4"/>')
        y = TOP + ph + 14 + 12 * level
        parts.append(f'<text x="{x}" y="{y}" text-anchor="{anchor}" font-size="10">'
                     f'{escape(text)}</text>')
    parts.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="#1f4e8c" '
                 f'stroke-width="1.5"/>')
    parts.append("</svg>")
    return Markup("\n".join(parts))


def read_evaluation(content: Path, tables: dict) -> dict | None:
    """The committed evaluation, if it was made with these tables (else None: not shown)."""
    path = Path(content) / CONTENT_FOLDER / "evaluation.json"
    if not path.is_file():
        return None
    data = json.loads(path.read_text())
    if data.get("tables_sha256") != digest_of(tables):
        return None
    alone = data.get("tables_alone")
    if alone is not None and (tables.get("held") is None
                              or alone.get("tables_sha256") != digest_of(without_held(tables))):
        del data["tables_alone"]  # (made with other tables, or the same as the main one)
    return data


def context(tables: dict, evaluation: dict | None) -> dict:
    history = tables["history"]
    return {"rows": [{"name": name, "title": title, "bands": bands(tables, name),
                      "chart": for_screens(chart_svg, tables, name, title)}
                     for name, title in ROW_NAMES],
            "settings": tables["settings"], "denominator": tables["denominator"],
            "last_change": max(history[-1]["max_change"].values()), "history": history,
            "evaluation": evaluation, "held": held_summary(tables)}


def held_summary(tables: dict) -> dict | None:
    """What the page says of the held-cards correction: its largest move of a chance by one
    card, in percentage points (None without one)."""
    if tables.get("held") is None:
        return None
    largest = max(int(abs(h).max()) for h in tables["held"])
    return {"largest": 100 * largest / tables["held_denominator"]}


def write_site(content: Path, out: Path, renderer, nav, static_dir: Path | None = None) -> bool:
    """Write chinese.html, its downloads and its card into `out` if the content has trained
    tables (site_files); whether it has."""
    files = site_files(content, renderer, nav, static_dir)
    for name, data in files.items():
        (out / name).write_bytes(data)
    return bool(files)


def site_files(content: Path, renderer, nav, static_dir: Path | None = None) -> dict[str, bytes]:
    """{file name: bytes} of chinese.html, its downloads and its card, if the content has trained
    tables; empty if not. The card needs the fonts in `static_dir` (default: the repository's
    static/)."""
    if not path_in(content).is_file():
        return {}
    tables = read(path_in(content))
    ctx = context(tables, read_evaluation(content, tables))
    pdf = card_pdf(tables, renderer, static_dir or Path(__file__).resolve().parents[2] / "static")
    files = {} if pdf is None else {"chinese.pdf": pdf}
    ctx["card"] = pdf is not None
    files["chinese.html"] = renderer.render("chinese.html", nav=nav, root="", **ctx).encode()
    files["chinese-tables.csv"] = tables_csv(tables).encode()
    files["chinese-tables.json"] = tables_json(tables).encode()
    files["chinese-tables.js"] = tables_script(tables).encode()
    return files


def card_pdf(tables: dict, renderer, static_dir: Path) -> bytes | None:
    """The one-page A6 card (coarse table and formula) as PDF bytes; None if it would not fit
    on one page (the build then says so).

    Deterministic like the pocket cards: the PDF identifier is the hash of the card's HTML. Kept in
    the cache folder (a render is about a second), keyed by that HTML, the fonts and WeasyPrint's
    version, and sealed (store.seal) with the font subsetter that embedded the fonts: an edited,
    truncated or foreign entry is rendered again. Only a one-page card is ever cached.
    """
    from .pocket import subsetter  # (lazy: jinja2)

    rows = [{"title": title, "bands": bands(tables, name)} for name, title in ROW_NAMES]
    html = renderer.render("chinese-card.html", rows=rows, held=tables.get("held") is not None)
    key = hashlib.sha256(html.encode() + version("weasyprint").encode())
    for font in ("fonts/DejaVuSansCondensed.ttf", "fonts/DejaVuSansCondensed-Bold.ttf"):
        key.update((static_dir / font).read_bytes())
    cached = store.cache_dir() / "cards" / f"chinese-{key.hexdigest()[:24]}.pdf.sealed"
    meta = {"kind": "chinese-card", "subsetter": subsetter()}
    pdf = store.read_sealed(cached, meta)
    if pdf is not None and pdf.startswith(b"%PDF-"):
        return pdf
    import weasyprint  # 0.3 s to import: only when the card is rendered

    document = weasyprint.HTML(string=html, base_url=str(static_dir) + "/").render()
    if len(document.pages) != 1:
        return None
    identifier = hashlib.sha256(html.encode()).hexdigest()[:32].encode()
    pdf = document.write_pdf(pdf_identifier=identifier)
    meta = {"kind": "chinese-card", "subsetter": subsetter()}  # (WeasyPrint's own word, now)
    store.write_bytes(cached, store.seal(pdf, meta))
    return pdf
