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
from pathlib import Path
from typing import Callable

from ..chinese import CONTENT_FOLDER
from ..core import faults, store
from ..core.errors import ContentError
from ..core.records import to_json
from ..export.cache import digest as export_digest, dumps, export, read_cached_entry
from ..export.records import Export
from ..pricing.prices import cached_bankroll, cached_rows, job_weight, offered, price_game
from ..site import any_paytable, offline, view
from ..site.folders import ROOT, STATIC, TEMPLATES
from ..site.pages import figures_of, fill_figures, load_pages
from ..site.paytable import index_html, table_files
from ..site.pocket import cached_card, key_head, render_card
from ..site.render import Renderer
from ..site.settings import Settings, load_settings
from ..solve.paytable import check_published, load_paytables
from ..ultimate_x.game import FOLDER as UX_FOLDER, load_games
from . import rendered, ultimate_x, workers
from .links import check_links
from .lock import build_lock
from .output import Protected, checked_output, protected_for, write_marker
from .swap import clean_leftovers, swap

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
    start = time.perf_counter()
    content_dir, templates_dir, static_dir = Path(content_dir), Path(templates_dir), Path(static_dir)
    protected = protected_for(content_dir, templates_dir, static_dir, ROOT)
    out_dir = checked_output(Path(out_dir), protected, force)
    # Read and check every input before any slow work.
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
        figures = {d.slug: figures_of(d) for d in published.exports}
        for page in pages:
            _write(tmp / f"{page.slug}.html", renderer.render(
                "page.html", page=fill_figures(page, figures), nav=pages, root=""))
        chinese_files = _chinese_files(config.content_dir, renderer, pages, config.static_dir,
                                       site)
        for name, content in chinese_files.items():
            _write(tmp / name, content)
        _write(tmp / "index.html", index_html(renderer, published.exports, published.cards,
                                              published.ultimate_x, pages,
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
        check_published(table, data.solution.return_.exact)
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
        if not card.written and data.strategy:
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
        config.progress(f"{step}: {data.solution.return_.percent}, "
                        f"{_lines_note(data)}, {card_note} ({how}, "
                        f"{time.perf_counter() - began:.1f} s)")
        published.exports.append(data)
    return published


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
        "pages": (len(tables) + sum(1 for d in exports if d.strategy) + len(pages) + 1
                  + ("chinese.html" in chinese_files) + ux),
        "cards": len(tables) - len(missing) + ("chinese.pdf" in chinese_files) + ux,
        "cards_missing": missing,
        "strategies_missing": {d.slug: d.strategy_error for d in exports
                               if d.strategy is None},
        "exports_cached": published.exports_cached,
        "cards_cached": published.cards_cached,
        "seconds": round(time.perf_counter() - start, 2),
        "out": str(config.out_dir),
    }


def _table_files(data: Export, digest: str | None, renderer, static_dir: Path,
                 site: str | None, settings, pages, played_here: tuple,
                 bankroll: dict) -> tuple:
    """(the pocket card, {file name: bytes} of the JSON and the pages) of one pay table, with the
    game's cards priced on it (`played_here`: pricing's rows) and its bankroll figures
    (bankroll/figures.py). With the cache on (`site` given), the files come from the page cache
    when its entry is for these inputs and the card read from the card cache is the one they
    were rendered with (rendered.py); otherwise they are rendered (site/paytable.py), and
    kept."""
    slug = data.slug
    if site is not None:
        key = rendered.entry_key(site, {"export": digest, "settings": repr(settings),
                                        "played_here": dumps(to_json(played_here)),
                                        "bankroll": dumps(to_json(bankroll))}, pages)
        entry = rendered.read(slug, key)
        if entry is not None and entry.card is not None:
            card_key = entry.card.get("key")
            card = (cached_card(slug, card_key) if card_key is not None  # a table with no
                    else render_card(data, renderer, static_dir, True, settings))  # card
            if card is not None and rendered.card_record(card) == entry.card:
                return card, entry.files
    card = render_card(data, renderer, static_dir, site is not None, settings)
    files = table_files(data, card, renderer, settings, pages, played_here, bankroll)
    if site is not None:
        rendered.write(slug, key, rendered.Entry(rendered.card_record(card), files))
    return card, files


def _chinese_files(content_dir: Path, renderer, pages, static_dir: Path,
                   site: str | None) -> dict[str, bytes]:
    """The Chinese Poker page's files (site/chinese.py, site_files): from the page cache when its
    entry is for these inputs (site: the cache is on), otherwise rendered, and kept."""
    folder, key = content_dir / CONTENT_FOLDER, None
    if site is not None and folder.is_dir():
        key = rendered.entry_key(site, {"chinese": rendered.folder_digest(folder)}, pages)
        entry = rendered.read("chinese", key)
        if entry is not None and entry.card is None:
            return entry.files
    from ..site.chinese import site_files  # (lazy: numpy, the hands' ranks)

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
    found, missing = {}, []
    for table in tables:
        entry = read_cached_entry(table)
        if entry is None:
            missing.append(table)
        else:
            found[table.slug] = entry
    if not missing:
        return found
    from ..strategy.features import high_rank  # (lazy: a rebuild need not load numba)

    # Tables sharing their holds' features (same game and lowest high card: derive._holds)
    # run one after another, so that a worker describes them once; the slowest first: a game
    # whose suit group is smaller has more suit classes (Black Jack Bonus, 700,544: minutes a
    # table), then jokers, then deuces.
    missing.sort(key=lambda t: (len(t.family.suit_group), -t.family.jokers,
                                -t.family.faced_wilds, t.family.key,
                                high_rank(t.family.key, t.min_pair), t.slug))
    own = config.templates_dir == TEMPLATES and config.static_dir == STATIC
    worker_cards.update(workers.run(
        missing, None if own else config.templates_dir, None if own else config.static_dir,
        config.settings, config.progress, config.scheduler))
    return found


def _played_here(config: BuildConfig, tables, exports: list[Export]) -> tuple[dict, dict]:
    """({slug: rows}, {slug: bankroll figures}) of every pay table: the card and simple levels
    of its game's pay tables played on its pays (prices.py), [] for a game of one; and its exact
    and card levels' variance for 1 to 100 hands a round (bankroll/figures.py). From the cache
    where it holds them; otherwise a job per game on the workers (workers.run_prices), after
    every export: a game's levels are played once on its suit classes and priced on each of its
    pay tables."""
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
        missing.sort(key=lambda game: (-job_weight(game[1]), game[0]))  # (the longest first)
        workers.run_prices([workers.Game(*game) for game in missing], config.progress,
                           config.scheduler)
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


def _lines_note(data: Export) -> str:
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
