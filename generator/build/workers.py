"""The build's slow part, one pay table a job, side by side: on this machine's cores (a process
pool, the default) or on a Dask cluster (`vpcharts build --scheduler ADDRESS`).

    run(tables, settings, progress, scheduler=None) -> {slug: whether its card was cached}

A job solves one pay table, derives and verifies its strategy and renders its pocket card
(`publish_one`), and hands back the cache entries it made, as bytes (`Computed`): the build
writes them into its own cache and reads them from there like any other entry. So a worker on
another machine, with a cache folder of its own, gives the same site byte for byte as a local
one; a local worker shares the build's cache folder and the entries are there already.

Deriving is single-threaded numba work of seconds per pay table. On a machine whose numba cache
does not yet hold the kernels (a first build), one job (one of the quickest) runs alone first and
compiles them into the cache (half a minute); the other workers then load them in a fraction of
a second rather than each compiling them again.
"""

import ctypes
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from ..core import faults, store
from ..core.errors import EnvironmentProblem
from ..export.cache import cache_entry, code_version, export
from ..pricing import prices
from ..site.folders import STATIC, TEMPLATES
from ..site.pocket import entry_files, render_card
from ..site.render import Renderer


CONNECT_SECONDS = 30  # how long a scheduler may take to answer (Dask retries meanwhile)


@dataclass(frozen=True)
class Computed:
    """What a job hands back: its time, the code it ran, the cache entries it made."""

    seconds: float
    code: str                 # export.code_version() where it ran
    files: dict               # path relative to the cache folder -> bytes
    card_cached: bool


def publish_one(table, templates_dir: Path | None, static_dir: Path | None,
                settings) -> Computed:
    """Solve, derive, verify and render one pay table (a job; run in a worker). The folders are
    None for the worker's own (a cluster's machine has its own checkout)."""
    began = time.perf_counter()
    data, _ = export(table)
    card = render_card(data, Renderer(templates_dir or TEMPLATES), static_dir or STATIC, True,
                       settings)
    root = store.cache_dir()
    files = dict([cache_entry(table, data)]) | entry_files(table.slug, card)
    return Computed(time.perf_counter() - began, code_version(),
                    {str(path.relative_to(root)): data for path, data in files.items()},
                    card.cached)


@dataclass(frozen=True)
class Game:
    """A price job: one game's pay tables and the levels each offers (`prices.offered`)."""

    name: str
    tables: list
    offers: dict

    @property
    def slug(self) -> str:  # (what the progress lines and the job's key name it by)
        return self.tables[0].slug


def price_one(game: Game) -> Computed:
    """Play every card and simple level of a game on each of its pay tables (a job; run in a
    worker after the exports: `prices.price_game`); hands back the prices entries it made."""
    began = time.perf_counter()
    _, _, written = prices.price_game(game.tables, game.offers)
    root = store.cache_dir()
    return Computed(time.perf_counter() - began, prices.code_version(),
                    {str(path.relative_to(root)): data for path, data in written.items()}, False)


def keep(computed: Computed, where: str, code: str | None = None) -> None:
    """Write a job's entries into this build's cache (where missing): the build reads them
    there. A worker running other code would give another site: that stops the build. `code`:
    the version the job must have run (the export's by default)."""
    code = code or code_version()
    if computed.code != code:
        raise EnvironmentProblem(
            f"{where} runs other vpcharts code (export code {computed.code}, this build's "
            f"{code}): install the same version on every worker")
    root = store.cache_dir()
    for name, data in computed.files.items():
        path = root / name
        if not path.exists():
            store.write_bytes(path, data)


def kernels_compiled() -> bool:
    """Whether numba's cache (beside the sources, or where NUMBA_CACHE_DIR says) holds the
    kernels every derivation runs: if not, a first job compiles them before the others start.
    (A guess from four of them: a wrong one costs time, never a result.)"""
    # (lazy: numba, numpy)
    from ..strategy import deal_kernels, derive_kernels, play_kernels, shortest_kernels

    kernels = (deal_kernels.describe_holds, derive_kernels.condition_rows,
               play_kernels.play_and_price, shortest_kernels.next_description)
    return all(Path(kernel._cache._cache_file._index_path).exists() for kernel in kernels)


def run(tables, templates_dir: Path | None, static_dir: Path | None, settings, progress,
        scheduler: str | None = None) -> dict:
    """Run a job per pay table (in this order: the slowest first); returns {slug: whether the
    worker found its card in the cache}. Ctrl-C, SIGTERM or a job's error stops every job."""
    job = (publish_one, (templates_dir, static_dir, settings), None)
    if scheduler is not None:
        return _on_cluster(tables, job, progress, scheduler)
    return _on_cores(tables, job, progress)


def run_prices(games: list[Game], progress, scheduler: str | None = None) -> None:
    """Run a price job per game (`price_one`; the largest first), after every export is in
    the cache; their entries go into this build's cache."""
    job = (price_one, (), prices.code_version())
    progress(f"Pricing each game's cards on its other pay tables: {len(games)} "
             f"{'game' if len(games) == 1 else 'games'} ...")
    if scheduler is not None:
        _on_cluster(games, job, progress, scheduler, quiet=True)
    else:
        _on_cores(games, job, progress, quiet=True)


def _on_cores(tables, job, progress, quiet: bool = False) -> dict:
    # (lazy: multiprocessing, which a rebuild from the cache never starts)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    function, args, code = job
    workers = min(len(tables), os.cpu_count() or 1)
    first_alone = workers > 1 and not kernels_compiled()
    if not quiet:
        progress(f"Solving, deriving and verifying the pay tables not in the cache: "
                 f"{len(tables)} ({workers} at a time; seconds each"
                 f"{'; the first alone, compiling the kernels' if first_alone else ''}) ...")
    context = multiprocessing.get_context("spawn")  # numba and fork do not mix
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_init,
                               initargs=(os.getpid(),))
    cards, done = {}, 0

    def submit(batch):
        # Workers start with Ctrl-C ignored (a disposition kept across exec), so one arriving
        # while they start up prints no traceback of theirs; the build stops them itself.
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            return {pool.submit(function, table, *args): table for table in batch}
        finally:
            signal.signal(signal.SIGINT, previous)

    try:
        # (the pool starts a process per job submitted while none is idle: one, then the rest)
        # The job that compiles alone is the last, which the order makes one of the quickest.
        batches = [tables[-1:], tables[:-1]] if first_alone else [tables]
        for batch in batches:
            jobs = submit(batch)
            faults.point("solving")
            for job in as_completed(jobs):
                computed = job.result()  # re-raises a worker's error here
                keep(computed, "a worker", code)
                done += 1
                cards[jobs[job].slug] = computed.card_cached
                progress(f"  [{done}/{len(tables)}] {jobs[job].name}: {computed.seconds:.1f} s")
    except BaseException:
        _stop(pool)  # Ctrl-C, SIGTERM or a worker's error: the others stop now, not at the end
        raise
    pool.shutdown()
    return cards


def _on_cluster(tables, job, progress, scheduler: str, quiet: bool = False) -> dict:
    """The jobs on a Dask cluster: `distributed` is needed here only."""
    try:
        from distributed import Client, as_completed  # (lazy: optional)
    except ImportError:
        raise EnvironmentProblem("--scheduler needs Dask's `distributed` package: "
                                 "pip install distributed") from None
    try:
        client = Client(scheduler, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise EnvironmentProblem(f"{scheduler}: no Dask scheduler answers there ({exc})") from None
    function, args, code = job
    cards, futures = {}, {}
    try:
        if not quiet:
            progress(f"Solving, deriving and verifying the pay tables not in the cache: "
                     f"{len(tables)} on the Dask cluster at {scheduler} "
                     f"({len(client.scheduler_info()['workers'])} workers) ...")
        # pure=False: each job once, by its own key, whatever Dask's hash of the arguments
        futures = {client.submit(function, table, *args,
                                 key=f"vpcharts-{function.__name__}-{table.slug}-{i}",
                                 pure=False): table
                   for i, table in enumerate(tables)}
        faults.point("solving")
        with client.as_current():  # (as_completed asks for the current client)
            for done, future in enumerate(as_completed(futures), 1):
                table = futures[future]
                computed = future.result()  # re-raises a job's error here
                keep(computed, f"a worker of {scheduler}", code)
                cards[table.slug] = computed.card_cached
                progress(f"  [{done}/{len(tables)}] {table.name}: {computed.seconds:.1f} s")
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    finally:
        client.close()
    return cards


def _stop(pool) -> None:
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.kill()
    pool.shutdown(wait=True, cancel_futures=True)


def _worker_init(parent: int) -> None:
    """Tie a worker's life to the build's: the kernel kills it (SIGKILL) when the process that
    started it dies, even by kill -9 (Linux prctl PR_SET_PDEATHSIG). Ctrl-C reaches the whole
    process group: the workers ignore it and the build stops them, so only one line is printed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass  # not Linux: the pool's own checks stop idle workers when the build is gone
    if os.getppid() != parent:  # the build died before the line above took effect
        os._exit(1)
