"""Build the site: pay tables and pages in, a folder of static files out.

    build_site(content_dir, out_dir) -> summary

Everything is written into a temporary sibling of `out_dir` (`site.tmp-XXXX`), checked (every
relative link must name a file of the build), then swapped into place. Any error, Ctrl-C
included, removes the temporary folder and leaves the previous site untouched.

Output is flat, so every link is a plain relative file name:
    index.html, <slug>.html, <slug>.json, <slug>.pdf, <page>.html, static/...
"""

import gzip
import shutil
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from ..errors import ContentError
from ..report import decimal
from . import view
from .links import check_links
from .pages import load_pages
from .plot import ce_distribution_svg
from .pocket import render_card
from .render import Renderer

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
RESERVED = {"index", "static"}
JSON_LIMIT = 100_000  # bytes gzipped, per pay table


def build_site(content_dir: Path, out_dir: Path, use_cache: bool = True, progress=print,
               templates_dir: Path = TEMPLATES, static_dir: Path = STATIC) -> dict:
    """Build the whole site into `out_dir`; returns the summary the CLI prints."""
    from ..chinese.page import write_site as write_chinese
    from ..export import cache_path, dumps, export
    from ..paytable import load_paytables

    start = time.perf_counter()
    content_dir, out_dir = Path(content_dir), Path(out_dir)
    # Read and check every input before any slow work.
    tables = load_paytables(content_dir / "paytables")
    pages = load_pages(content_dir / "pages")
    _check_slugs(tables, pages, content_dir)
    renderer = Renderer(templates_dir)

    out_dir.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out_dir.parent, prefix=out_dir.name + ".tmp-"))
    try:
        tmp.chmod(0o755)  # mkdtemp makes it private; a web server must read the site
        # The fonts are for the PDFs, which embed subsets of them: the pages need not ship them.
        shutil.copytree(static_dir, tmp / "static", dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("fonts"))
        exports, cards, exports_cached, cards_cached = [], {}, 0, 0
        if use_cache:
            exports_cached = len(tables) - _fill_export_cache(tables, progress, templates_dir,
                                                              static_dir)
        for i, table in enumerate(tables, 1):
            step = f"[{i:{len(str(len(tables)))}}/{len(tables)}] {table.name}"
            began = time.perf_counter()
            if not (use_cache and cache_path(table).exists()):
                progress(f"{step}: solving, deriving and verifying (seconds to minutes) ...")
            data, cached = export(table, use_cache)
            if not use_cache:
                exports_cached += cached
            text = dumps(view.published(data))
            (tmp / f"{table.slug}.json").write_text(text, encoding="utf-8")
            packed = len(gzip.compress(text.encode(), 9, mtime=0))
            if packed > JSON_LIMIT:
                progress(f"{step}: WARNING: {table.slug}.json is {packed:,} bytes gzipped, over "
                         f"the {JSON_LIMIT:,} the checker's pages allow for")
            card = render_card(data, renderer, static_dir, use_cache)
            cards_cached += card.cached
            if card.written:
                (tmp / f"{table.slug}.pdf").write_bytes(card.pdf)
            cards[table.slug] = card
            _write(tmp / f"{table.slug}.html", renderer.render(
                "paytable.html", **paytable_context(data, card, pages)))
            how = "cached" if cached else "computed"
            card_note = (f"card: {card.layout}" if card.written else f"NO CARD: {card.reason}")
            progress(f"{step}: {data['solution']['return']['percent']}, "
                     f"{_lines_note(data)}, {card_note} ({how}, "
                     f"{time.perf_counter() - began:.1f} s)")
            exports.append(data)
        for page in pages:
            _write(tmp / f"{page.slug}.html",
                   renderer.render("page.html", page=page, nav=pages, root=""))
        chinese = write_chinese(content_dir, tmp, renderer, pages, static_dir)  # Chinese Poker, if trained
        _write(tmp / "index.html", renderer.render(
            "index.html", groups=view.families(exports), cards=cards, nav=pages, root="",
            chinese=chinese))
        check_links(tmp)
        _swap(tmp, out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    missing = {slug: card.reason for slug, card in cards.items() if not card.written}
    return {
        "paytables": len(tables),
        "pages": len(tables) + len(pages) + 1,
        "cards": len(tables) - len(missing),
        "cards_missing": missing,
        "strategies_missing": {d["slug"]: d["strategy_error"] for d in exports
                               if d["strategy"] is None},
        "exports_cached": exports_cached,
        "cards_cached": cards_cached,
        "seconds": round(time.perf_counter() - start, 2),
        "out": str(out_dir),
    }


def _fill_export_cache(tables, progress, templates_dir: Path, static_dir: Path) -> int:
    """Compute the exports missing from the cache, one process per core; returns how many.

    Deriving is single-threaded numba work of seconds per pay table, so a cold build runs pay
    tables side by side; each worker renders the table's pocket card into the card cache too, as
    that is a second or more of WeasyPrint per table. Joker and deuces tables take longest and go
    first.
    """
    import multiprocessing
    import os
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from ..export import cache_path
    from ..patterns import high_rank

    missing = [t for t in tables if not cache_path(t).exists()]
    if not missing:
        return 0
    # Tables sharing their holds' features (same game and lowest high card: derive._holds)
    # run one after another, so that a worker describes them once.
    missing.sort(key=lambda t: ({"joker": 0, "deuces": 1}.get(t.family.key, 2),
                                high_rank(t.family.key, t.min_pair), t.slug))
    workers = min(len(missing), os.cpu_count() or 1)
    progress(f"Solving, deriving and verifying {len(missing)} pay tables not in the cache "
             f"({workers} at a time; seconds each) ...")
    context = multiprocessing.get_context("spawn")  # numba and fork do not mix
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        jobs = {pool.submit(_export_and_card, table, templates_dir, static_dir): table
                for table in missing}
        for done, job in enumerate(as_completed(jobs), 1):
            seconds = job.result()  # re-raises a worker's error here
            progress(f"  [{done}/{len(missing)}] {jobs[job].name}: {seconds:.1f} s")
    return len(missing)


def _export_and_card(table, templates_dir: Path, static_dir: Path) -> float:
    from ..export import export

    began = time.perf_counter()
    data, _ = export(table)
    render_card(data, Renderer(templates_dir), static_dir)
    return time.perf_counter() - began


def paytable_context(data: dict, card, pages) -> dict:
    """What `paytable.html` renders: the export itself, and values derived from it."""
    strategy = data["strategy"]
    return {
        "export": data, "root": "", "nav": pages, "card": card,
        "rows": view.line_rows(strategy["lines"]) if strategy else [],
        "simple_rows": view.line_rows(strategy["simple"]["lines"]) if strategy else [],
        "final_rows": view.final_rows(data["solution"]),
        "return_decimal": decimal(Fraction(data["solution"]["return"]["exact"]), 6),
        "plot": ce_distribution_svg(data),
    }


def summary_text(summary: dict) -> str:
    out = [f"Built {summary['out']}/: {summary['paytables']} pay tables, {summary['pages']} pages, "
           f"{summary['cards']} pocket cards in {summary['seconds']:.1f} s "
           f"({summary['exports_cached']} exports and {summary['cards_cached']} cards from the "
           f"cache)"]
    for slug, reason in sorted(summary["strategies_missing"].items()):
        out.append(f"  no strategy table: {slug}: {reason}")
    for slug, reason in sorted(summary["cards_missing"].items()):
        if slug not in summary["strategies_missing"]:
            out.append(f"  NO POCKET CARD: {slug}: {reason}")
    return "\n".join(out)


def _lines_note(data: dict) -> str:
    count = view.line_count(data)
    return f"{count} lines" if count is not None else "no strategy table yet"


def _check_slugs(tables, pages, content_dir: Path) -> None:
    table_slugs = {t.slug for t in tables}
    for page in pages:
        if page.slug in table_slugs or page.slug in RESERVED:
            raise ContentError(page.source, "file name", page.slug,
                               "a page name not used by a pay table, 'index' or 'static'")
    for table in tables:
        if table.slug in RESERVED:
            raise ContentError(content_dir / "paytables", "slug", table.slug,
                               "a slug other than 'index' or 'static'")


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _swap(tmp: Path, out_dir: Path) -> None:
    """Put `tmp` in place of `out_dir`: two renames, the old site deleted only afterwards."""
    old = None
    if out_dir.exists():
        old = Path(tempfile.mkdtemp(dir=out_dir.parent, prefix=out_dir.name + ".old-"))
        old.rmdir()
        out_dir.rename(old)
    tmp.rename(out_dir)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
