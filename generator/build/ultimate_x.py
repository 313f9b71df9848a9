"""The Ultimate X games' part of a build: their exports (computed on the workers where the cache
lacks them) in, their files and the index's rows out.

    files_of(games, config, renderer, pages) -> ({file name: bytes}, [site.ultimate_x.Listed])

The games are read by generator/ultimate_x/game.py, solved by generator/ultimate_x/export.py
and rendered by generator/site/ultimate_x.py; this module runs those stages in order.
"""

import time
from pathlib import Path

from ..core import store
from ..core.errors import ContentError
from ..export.cache import cache_entry, code_version, dumps, export as table_export
from ..site.folders import STATIC, TEMPLATES
from ..site.pocket import entry_files
from ..site.render import Renderer
from ..site.ultimate_x import Listed, card_export, card_of, page_context, published
from ..ultimate_x.export import cache_path, check_published, export, read_cached
from ..ultimate_x.game import single_table
from . import workers


def ux_one(game, templates_dir: Path | None, static_dir: Path | None, settings):
    """A worker's job: the game's export (and its single strategy's) and its card, with the
    cache entries it made (workers.Computed)."""
    began = time.perf_counter()
    single = single_table(game)
    single_export, _ = table_export(single)
    data, _ = export(game)
    card = card_of(data, single_export, Renderer(templates_dir or TEMPLATES),
                   static_dir or STATIC, True, settings)
    root = store.cache_dir()
    files = dict([cache_entry(single, single_export)]) | entry_files(game.slug, card)
    path = cache_path(game)
    if path.is_file():
        files[path] = path.read_bytes()
    return workers.Computed(time.perf_counter() - began, code_version(),
                            {str(p.relative_to(root)): b for p, b in files.items()}, card.cached)


def compute_missing(config, games: list) -> None:
    """The exports (and cards) the cache lacks, on this machine's cores."""
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


def files_of(games: list, config, renderer, pages) -> tuple[dict, list[Listed]]:
    """Every game's page, JSON and card, by file name; and the index's rows."""
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
        listed.append(Listed(data, card_export(data, single), card))
        config.progress(f"[{i}/{len(games)}] {game.name}: {data.returns.optimal.percent}"
                        f" optimal, card {card.layout} ({time.perf_counter() - began:.1f} s)")
    return files, listed
