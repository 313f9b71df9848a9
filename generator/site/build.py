"""Build the site: pay tables and pages in, a folder of static files out.

    build_site(content_dir, out_dir) -> summary

The output folder is checked first, and again before the swap: a build replaces only a folder
that is missing, empty or a site it wrote (output.py). Everything is written into a temporary
sibling of `out_dir` (`site.tmp-XXXX`), checked (every relative link must name a file of the
build), then swapped into place atomically (swap.py). Any
error, Ctrl-C or SIGTERM included, removes the temporary folder, stops the workers and leaves the
previous site untouched; a build killed outright (kill -9) leaves its temporary folder, which the
next build removes. One build at a time per output folder (lock.py); worker processes die with
the build (workers.py, which also runs them on a Dask cluster).

Output is flat, so every link is a plain relative file name:
    index.html, <slug>.html, <slug>.json, <slug>.pdf, <page>.html, static/...
and the offline app's files (offline.py): manifest.webmanifest, icons/..., and sw.js, written
last, naming the build by a hash of all the others.
"""

import gzip
import shutil
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable

from .. import faults, store
from ..errors import ContentError
from ..decimals import decimal
from . import any_paytable, offline, rendered, ultimate_x, view
from .folders import ROOT, STATIC, TEMPLATES
from .lock import build_lock
from .swap import clean_leftovers, swap
from .links import check_links
from .output import Protected, checked_output, protected_for, write_marker
from .pages import figures_of, fill_figures, load_pages
from .levels import SIMPLE_RULE, curve_of, levels_of
from .plot import ce_distribution_svg, curve_svg, for_screens
from .pocket import cached_card, key_head, render_card
from .render import Renderer
from .settings import Settings, load_settings
from .symbols import key_for

RESERVED = {"index", "static", "any"}  # ("any": the Any pay table page and its data)
JSON_LIMIT = 100_000  # bytes gzipped, per pay table


@dataclass(frozen=True)
class BuildConfig:
    """What one build was asked to do, passed whole through its steps (as MkDocs passes its
    `config`): the folders it reads, the folder it replaces, and how."""

    content_dir: Path
    out_dir: Path           # the folder to replace, as checked (symlinks followed: output.py)
    templates_dir: Path
    static_dir: Path
    use_cache: bool
    force: bool             # replace a folder holding files vpcharts did not write
    settings: Settings      # content/site.toml
    protected: Protected    # the folders an output path must stay clear of
    progress: Callable[[str], None]
    scheduler: str | None = None  # a Dask scheduler's address: the workers are its (workers.py)

    def check_output(self) -> Path:
        return checked_output(self.out_dir, self.protected, self.force)


@dataclass
class _Published:
    """What the pay tables' step wrote, for the index and the summary."""

    exports: list = field(default_factory=list)
    cards: dict = field(default_factory=dict)   # slug -> CardResult
    exports_cached: int = 0
    cards_cached: int = 0
    ultimate_x: list = field(default_factory=list)  # ultimate_x.Listed, for the index


def build_site(content_dir: Path, out_dir: Path, use_cache: bool = True, progress=print,
               templates_dir: Path = TEMPLATES, static_dir: Path = STATIC,
               force: bool = False, scheduler: str | None = None) -> dict:
    """Build the whole site into `out_dir`; returns the summary the CLI prints. `force`: replace
    an output folder that holds files this tool did not write (output.py)."""
    from ..solve.paytable import load_paytables

    start = time.perf_counter()
    content_dir, templates_dir, static_dir = Path(content_dir), Path(templates_dir), Path(static_dir)
    protected = protected_for(content_dir, templates_dir, static_dir, ROOT)
    out_dir = checked_output(Path(out_dir), protected, force)
    # Read and check every input before any slow work.
    from ..ultimate_x.game import FOLDER as UX_FOLDER, load_games

    tables = load_paytables(content_dir / "paytables")
    pages = load_pages(content_dir / "pages")
    games = load_games(content_dir / UX_FOLDER, tables)
    _check_slugs(tables, pages, content_dir, games)
    for table in tables:
        for line in table.warnings:
            progress(f"warning: {line}")
    config = BuildConfig(content_dir, out_dir, templates_dir, static_dir, use_cache, force,
                         load_settings(content_dir), protected, progress, scheduler)
    renderer = Renderer(templates_dir, cache=use_cache)

    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with build_lock(out_dir):
        for path in clean_leftovers(out_dir):
            progress(f"Removed {path}, left by a build that was killed")
        return _build_locked(config, tables, pages, renderer, start, games)


def _build_locked(config: BuildConfig, tables, pages, renderer, start: float,
                  games=()) -> dict:
    """Write the site into a temporary folder beside the output, check it, swap it in."""
    out_dir = config.out_dir
    tmp = Path(tempfile.mkdtemp(dir=out_dir.parent, prefix=out_dir.name + ".tmp-"))
    try:
        write_marker(tmp)  # first: what a killed build leaves is known for ours (swap.py)
        tmp.chmod(0o755)  # mkdtemp makes it private; a web server must read the site
        # The fonts are for the PDFs, which embed subsets of them: the pages need not ship them.
        shutil.copytree(config.static_dir, tmp / "static", dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("fonts"))
        site = None  # the inputs every pay table's files share (rendered.site_digest)
        if config.use_cache:
            site = rendered.site_digest(config.templates_dir, config.static_dir, key_head())
        (tmp / view.ROUNDS_FOLDER).mkdir()
        published = _write_pay_tables(config, tmp, tables, pages, renderer, site)
        ux_files, published.ultimate_x = ultimate_x.files_of(list(games), config, renderer,
                                                             pages)
        for name, content in ux_files.items():
            _write(tmp / name, content)
        figures = {d["slug"]: figures_of(d) for d in published.exports}
        for page in pages:
            _write(tmp / f"{page.slug}.html", renderer.render(
                "page.html", page=fill_figures(page, figures), nav=pages, root=""))
        chinese_files = _chinese_files(config.content_dir, renderer, pages, config.static_dir,
                                       site)
        for name, content in chinese_files.items():
            _write(tmp / name, content)
        _write(tmp / "index.html", _index_html(renderer, published, pages,
                                               chinese=bool(chinese_files)))
        (tmp / any_paytable.FOLDER).mkdir()
        for name, content in any_paytable.any_files(renderer, published.exports, pages).items():
            _write(tmp / name, content)
        offline.write_app_files(tmp, _write, config.use_cache)
        # Last: the service worker names the build by a hash of every other file (offline.py).
        offline.write_service_worker(tmp, _write)
        check_links(tmp, config.use_cache)
        config.check_output()  # again: the folder may have changed during the build
        swap(tmp, out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return _summary(config, tables, pages, published, chinese_files, start)


def _write_pay_tables(config: BuildConfig, tmp: Path, tables, pages, renderer,
                      site: str | None) -> _Published:
    """Each pay table's JSON, pages and pocket card, written into `tmp`: the exports missing
    from the cache are computed first by the workers, then each table's files are rendered (or
    read from the page cache), with a progress line each."""
    from ..export import digest as export_digest, export
    from ..solve.paytable import check_published

    published = _Published()
    found = {}  # slug -> (export, its digest) read (and checked) from the cache
    worker_cards = {}  # slug -> whether a worker found the card in the cache
    if config.use_cache:
        found = _fill_export_cache(config, tables, worker_cards)
        published.exports_cached = len(found)
    exports = []  # (export, its digest, whether it was cached, seconds taken here)
    for i, table in enumerate(tables, 1):
        began = time.perf_counter()
        if table.slug in found:
            (data, digest), cached = found.pop(table.slug), True
        else:
            if not config.use_cache:
                config.progress(f"[{i:{len(str(len(tables)))}}/{len(tables)}] {table.name}: "
                                "solving, deriving and verifying (seconds to minutes) ...")
            data, cached = export(table, config.use_cache)
            digest = export_digest(data) if config.use_cache else None
        # (a figure edited since the export was cached is checked as well as a new one)
        check_published(table, Fraction(data["solution"]["return"]["exact"]))
        exports.append((data, digest, cached, time.perf_counter() - began))
    # Every export is here: each game's cards and simple levels priced on its pay tables.
    played_here, bankroll = _played_here(config, tables, [data for data, *_ in exports])
    for i, (table, (data, digest, cached, seconds)) in enumerate(zip(tables, exports), 1):
        step = f"[{i:{len(str(len(tables)))}}/{len(tables)}] {table.name}"
        began = time.perf_counter() - seconds
        card, files = _table_files(data, digest, renderer, config.static_dir, site,
                                   config.settings, pages, played_here[table.slug],
                                   bankroll[table.slug])
        json_name = f"{table.slug}.json"
        packed = gzipped_size(files[json_name], config.use_cache)
        if packed > JSON_LIMIT:
            config.progress(f"{step}: WARNING: {json_name} is {packed:,} bytes gzipped, over "
                            f"the {JSON_LIMIT:,} the checker's pages allow for")
        published.cards_cached += worker_cards.get(table.slug, card.cached)
        if not card.written and data["strategy"]:
            # A pay table with a strategy gets its card: one that overflows is a failure.
            raise ContentError(config.content_dir / "paytables", f"{table.slug}: pocket card",
                               None, f"a card level that fits one {config.settings.card_size} "
                               f"page ({card.reason})")
        if card.written:
            _write(tmp / f"{table.slug}.pdf", card.pdf)
        for name, content in files.items():
            _write(tmp / name, content)
        published.cards[table.slug] = card
        faults.point("page-render")
        # (an export a worker computed above is read back from the cache: computed here)
        how = "cached" if cached and table.slug not in worker_cards else "computed"
        card_note = (f"card: {card.layout}" if card.written else f"NO CARD: {card.reason}")
        config.progress(f"{step}: {data['solution']['return']['percent']}, "
                        f"{_lines_note(data)}, {card_note} ({how}, "
                        f"{time.perf_counter() - began:.1f} s)")
        published.exports.append(data)
    return published


def _index_html(renderer, published: _Published, pages, chinese: bool) -> str:
    exports = published.exports
    groups = view.families(exports)
    # (a game's pays that differ among its pay tables tell them apart: view.varying_pays)
    id_pays = {d["slug"]: view.identifying_pays(d, view.varying_pays(members))
               for _, members in groups for d in members}
    return renderer.render(
        "index.html", groups=groups, cards=published.cards, nav=pages, root="",
        index_levels={d["slug"]: levels_of(d) for d in exports},
        simple_rule=SIMPLE_RULE,
        id_pays=id_pays,
        search_pays={d["slug"]: view.search_pays(d) for d in exports},
        pay_key=view.pay_key(id_pays.values()), chinese=chinese,
        ultimate_x=[(item, view.identifying_pays(item.data), view.search_pays(item.data))
                    for item in published.ultimate_x])


def _summary(config: BuildConfig, tables, pages, published: _Published, chinese_files: dict,
             start: float) -> dict:
    exports, cards = published.exports, published.cards
    missing = {slug: card.reason for slug, card in cards.items() if not card.written}
    ux = len(published.ultimate_x)
    return {
        "paytables": len(tables),
        "ultimate_x": ux,
        # (each pay table's page, its exact table's page, the Markdown pages, the index and the
        # Chinese Poker page; a pocket card per pay table and Chinese Poker's)
        "pages": (len(tables) + sum(1 for d in exports if d["strategy"]) + len(pages) + 1
                  + ("chinese.html" in chinese_files) + ux),
        "cards": len(tables) - len(missing) + ("chinese.pdf" in chinese_files) + ux,
        "cards_missing": missing,
        "strategies_missing": {d["slug"]: d["strategy_error"] for d in exports
                               if d["strategy"] is None},
        "exports_cached": published.exports_cached,
        "cards_cached": published.cards_cached,
        "seconds": round(time.perf_counter() - start, 2),
        "out": str(config.out_dir),
    }


def _table_files(data: dict, digest: str | None, renderer, static_dir: Path, site: str | None,
                 settings, pages, played_here: list, bankroll: dict) -> tuple:
    """(the pocket card, {file name: bytes} of the JSON and the pages) of one pay table, with the
    game's cards priced on it (`played_here`: prices.py's rows) and its bankroll figures
    (bankroll/figures.py). With the cache on (`site`
    given), the files come from the page cache when its entry is for these inputs and the card
    read from the card cache is the one they were rendered with (rendered.py); otherwise they
    are rendered, and kept."""
    from ..export import dumps

    slug = data["slug"]
    if site is not None:
        key = rendered.entry_key(site, {"export": digest, "settings": repr(settings),
                                        "played_here": dumps(played_here),
                                        "bankroll": dumps(bankroll)}, pages)
        entry = rendered.read(slug, key)
        if entry is not None and entry.card is not None:
            card_key = entry.card.get("key")
            card = (cached_card(slug, card_key) if card_key is not None  # a table with no
                    else render_card(data, renderer, static_dir, True, settings))  # card
            if card is not None and rendered.card_record(card) == entry.card:
                return card, entry.files
    card = render_card(data, renderer, static_dir, site is not None, settings)
    files = {f"{slug}.json": dumps(view.published(data, played_here, bankroll)).encode(),
             f"{slug}.html": renderer.render(
                 "paytable.html",
                 **paytable_context(data, card, pages, settings, played_here, bankroll)).encode()}
    if data["strategy"]:
        files[f"{slug}-exact.html"] = renderer.render(
            "exact.html", **exact_context(data, pages)).encode()
    if bankroll:
        files[f"{view.ROUNDS_FOLDER}/{slug}.js"] = view.rounds_script(slug, bankroll).encode()
    if site is not None:
        rendered.write(slug, key, rendered.Entry(rendered.card_record(card), files))
    return card, files


def _chinese_files(content_dir: Path, renderer, pages, static_dir: Path,
                   site: str | None) -> dict[str, bytes]:
    """The Chinese Poker page's files (site/chinese.py, site_files): from the page cache when its
    entry is for these inputs (site: the cache is on), otherwise rendered, and kept."""
    from ..chinese import CONTENT_FOLDER

    folder, key = content_dir / CONTENT_FOLDER, None
    if site is not None and folder.is_dir():
        key = rendered.entry_key(site, {"chinese": rendered.folder_digest(folder)}, pages)
        entry = rendered.read("chinese", key)
        if entry is not None and entry.card is None:
            return entry.files
    from .chinese import site_files  # (numpy, the hands' ranks: only when rendered)

    files = site_files(content_dir, renderer, pages, static_dir)
    if key is not None:
        rendered.write("chinese", key, rendered.Entry(None, files))
    return files


def _fill_export_cache(config: BuildConfig, tables, worker_cards: dict) -> dict:
    """Compute the exports missing from the cache (or whose entry fails its checks) on the
    workers (workers.py: this machine's cores, or the Dask cluster of `config.scheduler`);
    returns the exports that were read from the cache with their digests
    (export.read_cached_entry), by slug (each entry is read and checked once). `worker_cards`
    gets, by slug, whether the card of each export computed here was in the cache already (the
    build then finds every card in the cache, but it counts what the workers rendered)."""
    from ..export import read_cached_entry

    found, missing = {}, []
    for table in tables:
        entry = read_cached_entry(table)
        if entry is None:
            missing.append(table)
        else:
            found[table.slug] = entry
    if not missing:
        return found
    from ..strategy.features import high_rank  # (here: a rebuild need not import numpy)
    from . import workers

    # Tables sharing their holds' features (same game and lowest high card: derive._holds)
    # run one after another, so that a worker describes them once; the slowest (jokers, then
    # deuces) first.
    missing.sort(key=lambda t: (-t.family.jokers, -t.family.deuces_wild, t.family.key,
                                high_rank(t.family.key, t.min_pair), t.slug))
    own = config.templates_dir == TEMPLATES and config.static_dir == STATIC
    worker_cards.update(workers.run(
        missing, None if own else config.templates_dir, None if own else config.static_dir,
        config.settings, config.progress, config.scheduler))
    return found


def _played_here(config: BuildConfig, tables, exports: list[dict]) -> tuple[dict, dict]:
    """({slug: rows}, {slug: bankroll figures}) of every pay table: the card and simple levels
    of its game's pay tables played on its pays (prices.py), [] for a game of one; and its exact
    and card levels' variance for 1 to 100 hands a round (bankroll/figures.py). From the cache
    where it holds them; otherwise a job per game on the workers (workers.run_prices), after
    every export: a game's levels are played once on its suit classes and priced on each of its
    pay tables."""
    from ..prices import cached_bankroll, cached_rows, offered, price_game

    games: dict = {}
    for table, data in zip(tables, exports):
        games.setdefault((table.family.key, table.game), []).append((table, data))
    rows, bankroll, missing = {}, {}, []
    for (_, name), members in games.items():
        game_tables = [table for table, _ in members]
        offers = {table.slug: offered(data) for table, data in members}
        found = cached_rows(game_tables, offers) if config.use_cache else {}
        figures = cached_bankroll(game_tables, offers) if config.use_cache else {}
        if len(found) == len(figures) == len(members):
            rows.update(found)
            bankroll.update(figures)
        else:
            missing.append((name, game_tables, offers))
    if missing and config.use_cache:
        from .workers import Game, run_prices

        missing.sort(key=lambda game: (-len(game[1]), game[0]))
        run_prices([Game(*game) for game in missing], config.progress, config.scheduler)
    for name, game_tables, offers in missing:
        found = cached_rows(game_tables, offers) if config.use_cache else {}
        figures = cached_bankroll(game_tables, offers) if config.use_cache else {}
        if len(found) < len(game_tables) or len(figures) < len(game_tables):
            found, figures, _ = price_game(game_tables, offers, use_cache=False)  # --no-cache,
        rows.update(found)  # or a cache that cannot be written
        bankroll.update(figures)
    return rows, bankroll


def gzipped_size(data: bytes, use_cache: bool) -> int:
    """The size of `data` gzipped at level 9, as a server would send it. Level 9 takes 0.15 s
    for the 23 exports, a tenth of a rebuild with nothing changed, so with the cache on the size
    is kept under the data's hash (zlib's version names the code: another may pack otherwise)."""
    def size(data: bytes) -> int:
        return len(gzip.compress(data, 9, mtime=0))

    if not use_cache:
        return size(data)
    return int(store.derived("gzip-size", data, f"gzip -9, zlib {zlib.ZLIB_RUNTIME_VERSION}",
                             size))


def _key(lines: list[dict], rules: dict) -> list:
    from .. import line_parts as words
    from ..strategy.features import high_rank  # (the strategy package imports numpy)
    from .lines import lines_of

    return key_for([words.used(line.parts, "notation") for line in lines_of(lines)],
                   rules["wild"], high=high_rank(rules["family"], rules["min_pair"]))


def paytable_context(data: dict, card, pages, settings, played_here: list = (),
                     bankroll: dict | None = None) -> dict:
    """What `paytable.html` renders: the export itself, and values derived from it; the
    game's cards priced on this pay table (prices.py's rows; none for a game of one)."""
    levels = levels_of(data)
    card_lines = levels["card"]["lines"] if levels else []
    card_key = _key(card_lines, data["rules"])
    simple = levels and levels["simple"]  # (None where the card is already the simple strategy)
    return {
        "export": data, "root": "", "nav": pages, "card": card, "levels": levels,
        "card_size": settings.card_size,
        "id_pays": view.identifying_pays(data),
        "card_sections": view.section_rows(card_lines, data["rules"]["wild"], view.level_rows),
        "card_key": card_key,
        "simple_sections": view.section_rows(simple["lines"], data["rules"]["wild"],
                                             view.level_rows) if simple else [],
        # (what the simple level's notation adds to the card's, whose key is above it)
        "simple_key": [entry for entry in _key(simple["lines"], data["rules"])
                       if entry not in card_key] if simple else [],
        "final_rows": view.final_rows(data["solution"]),
        "return_decimal": decimal(Fraction(data["solution"]["return"]["exact"]), 6),
        "checker_levels": checker_levels(levels, data["rules"]["wild"]),
        "simple_rule": SIMPLE_RULE,
        "played_here": view.played_here(played_here),
        "bankroll": view.bankroll_rows(bankroll),
        "game": view.game_of(data),
        "curve_plot": for_screens(curve_svg, curve_of(data), {
            name: levels[name]["printed"] for name in ("card", "simple") if levels[name]}
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
            index = next((i for i, t in enumerate(tables) if t is level["lines"]
                          or t == level["lines"]), None)
            if index is None:
                index = len(tables)
                tables.append(level["lines"])
            info[name] = {"table": index, "lines": level["printed"],
                          "cost": level["cost"], "cost_percent": level["cost_percent"],
                          "return_percent": level["return"]["percent"]}
    said = []
    for lines in tables:
        printed = view.printed_numbers(lines, wild)
        said.append([dict(view.for_checker(line), printed=printed[line["number"]])
                     for line in lines])
    return {"tables": said, "levels": info or None}


def exact_context(data: dict, pages) -> dict:
    """What `exact.html` renders: the exact table with its CE columns, and the CE plot."""
    levels = levels_of(data)
    return {
        "export": data, "root": "", "nav": pages, "levels": levels,
        "sections": view.section_rows(levels["exact"]["lines"], data["rules"]["wild"],
                                      view.line_rows),
        "exception_notes": view.exception_notes(levels["exact"]["lines"], data["rules"]),
        "exact_key": _key(levels["exact"]["lines"], data["rules"]),
        "plot": for_screens(ce_distribution_svg, data),
    }


def summary_text(summary: dict) -> str:
    ux = summary.get("ultimate_x")
    out = [f"Built {summary['out']}/: {counted(summary['paytables'], 'pay table')}, "
           + (f"{counted(ux, 'Ultimate X game')}, " if ux else "") +
           f"{counted(summary['pages'], 'page')}, {counted(summary['cards'], 'pocket card')} in "
           f"{summary['seconds']:.1f} s ({counted(summary['exports_cached'], 'export')} and "
           f"{counted(summary['cards_cached'], 'card')} from the cache)"]
    for slug, reason in sorted(summary["strategies_missing"].items()):
        out.append(f"  no strategy table: {slug}: {reason}")
    for slug, reason in sorted(summary["cards_missing"].items()):
        if slug not in summary["strategies_missing"]:
            out.append(f"  NO POCKET CARD: {slug}: {reason}")
    return "\n".join(out)


def counted(count: int, noun: str) -> str:
    """'1 pay table', '2 pay tables': a count with its noun (the nouns here take an s)."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def _lines_note(data: dict) -> str:
    count = view.line_count(data)
    return counted(count, "line") if count is not None else "no strategy table yet"


def _check_slugs(tables, pages, content_dir: Path, games=()) -> None:
    table_slugs = {t.slug for t in tables}
    for game in games:
        if game.slug in table_slugs or game.slug in {p.slug for p in pages}:
            raise ContentError(game.source, "slug", game.slug, "a name no pay table or page "
                               "uses (rename the file)")
    for page in pages:
        if page.slug in table_slugs or page.slug in RESERVED:
            raise ContentError(page.source, "file name", page.slug,
                               "a page name not used by a pay table, 'index', 'static' or 'any'")
    for table in tables:
        if table.slug in RESERVED:
            raise ContentError(content_dir / "paytables", "slug", table.slug,
                               "a slug other than 'index', 'static' or 'any'")


def _write(path: Path, data: str | bytes) -> None:
    """Write one file of the site; a failed write (a full disk) names the file."""
    try:
        faults.point("output-write", path)
        path.write_bytes(data.encode() if isinstance(data, str) else data)
    except OSError as exc:
        if exc.filename is None:
            raise OSError(exc.errno, exc.strerror, str(path)) from exc
        raise
