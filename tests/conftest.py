"""Shared pytest setup."""


def pytest_configure(config):
    # Also declared in pyproject.toml; registering here keeps `-m slow` / `-m "not slow"` working
    # when pytest is run without that config (e.g. from another directory).
    config.addinivalue_line("markers", "slow: long exhaustive runs (CI runs them too)")
    # xdist hands out test files in the order pytest_collection_modifyitems leaves them (below),
    # not sorted by their number of tests.
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


# Fixtures that build a site of several pay tables: minutes of both cores' time on an empty cache
# (the sample is a third of the catalogue, derived and priced; test_browser reads it too).
SITES_OF_MANY_TABLES = {"sample_site", "sample_exports", "whole_site", "games_site"}


# The files that take longest (a minute or more each in CI), longest first: each kind (reading
# the sample site or not) runs these first, so that the run does not end on one of them with the
# other worker idle.
LONG_FILES = ("test_js.py", "test_browser.py", "test_levels.py", "test_strategy.py",
              "test_reference.py", "test_any_page.py", "test_chinese.py", "test_choices.py",
              "test_page_cache.py", "test_families.py", "test_cli.py", "test_cluster.py",
              "test_shortest.py", "test_decks_and_wild_cards.py")


def pytest_collection_modifyitems(config, items):
    """A test that reads a site of many pay tables is slow, so the developer's quick loop
    (`-m "not slow"`) leaves those tests to CI, which runs them all. The order of the files is
    the one the xdist workers take them in (`--dist loadfile`): see _scheduled."""
    for item in items:
        if SITES_OF_MANY_TABLES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    items[:] = _scheduled(items)


def _scheduled(items: list) -> list:
    """The tests, whole files in this order: first a file whose first test reads the sample
    site, so that one worker starts its build (minutes of both cores) at once; then the files
    that do not read it, the long ones first, which the other worker runs meanwhile (a worker
    takes its next file when the one it runs is nearly done, so the builder takes none until
    the build is done); then the rest of the files that read it. (Sorted by their count of
    tests, as xdist does by default, both workers reach a file that reads the sample within two
    minutes and wait for the build there, one core idle through its serial end.)"""
    files: dict = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)
    reads_sample = {name for name, tests in files.items()
                    if any(SITES_OF_MANY_TABLES & set(getattr(t, "fixturenames", ()))
                           for t in tests)}
    first_test_reads = [name for name in reads_sample
                        if SITES_OF_MANY_TABLES & set(getattr(files[name][0], "fixturenames",
                                                              ()))]
    if not first_test_reads:
        return items
    def longest_first(name):
        return (LONG_FILES.index(Path(name).name) if Path(name).name in LONG_FILES
                else len(LONG_FILES), -len(files[name]), name)

    reading = sorted(reads_sample, key=longest_first)
    trigger = min(first_test_reads, key=longest_first)
    reading.remove(trigger)
    others = sorted((name for name in files if name not in reads_sample), key=longest_first)
    order = [trigger] + others + reading
    return [test for name in order for test in files[name]]


import contextlib
import fcntl
import functools
import os
import shutil
from pathlib import Path

import pytest

CONTENT = Path(__file__).resolve().parents[1] / "content"


@functools.cache
def _solve(slug: str):
    from generator.solve.paytable import load_paytable
    from generator.solve.cache import solve_uncached

    return solve_uncached(load_paytable(CONTENT / "paytables" / f"{slug}.toml"))


@pytest.fixture(scope="session")
def solved():
    """solved(slug) -> the exact Solution of a shipped pay table, solved once per test session."""
    return _solve


@pytest.fixture
def cache_folder(tmp_path, monkeypatch):
    """A private, empty solution cache for one test."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("VPCHARTS_CACHE", str(folder))
    return folder


@functools.cache
def _strategy(slug: str):
    from generator.strategy import build

    return build(_solve(slug))


@pytest.fixture(scope="session")
def strategy_of():
    """strategy_of(slug) -> the derived StrategyTable of a shipped pay table, once per session."""
    return _strategy


@pytest.fixture(scope="session")
def sample_site(tmp_path_factory):
    """The site as shipped, with the catalogue's sample of pay tables (tests/sample.py: every
    family and game) and every page, built once per test run (the exports come from
    $VPCHARTS_CACHE when an earlier test derived them). Under pytest-xdist the workers share
    one build: the first to ask builds it while the others wait on a lock, since the build is
    minutes of both cores' time and the same for every worker."""
    from generator.build import build_site
    from tests.sample import sample_content

    folder = _run_folder(tmp_path_factory) / "sample"
    site, done = folder / "site", folder / "built"
    with _locked(folder.with_suffix(".lock")):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a worker's build that failed part-way
            build_site(sample_content(folder / "content"), site, progress=lambda *_: None)
            done.touch()
    return site


@pytest.fixture(scope="session")
def sample_exports(sample_site):
    """The sample's exports, in $VPCHARTS_CACHE: a test that reads the export of a sample pay
    table (`generator.export.cache.export`) asks for this first, so that the export is derived
    once, by the sample build, rather than again in this worker while the other builds it
    (the sample's 38 exports are minutes of CPU; read from the cache, a second)."""
    return sample_site


def _run_folder(tmp_path_factory) -> Path:
    """A folder of this test run that every xdist worker sees (each worker's own temporary
    folder is a child of it); without xdist, the run's temporary folder."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextlib.contextmanager
def _locked(path: Path):
    with open(path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, driven by Playwright (never a browser Playwright downloads); one a
    module, as Playwright's sync API runs one at a time."""
    from generator.bench.browser import CHROMIUM, CHROMIUM_ARGS
    from tests.chromium import require

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    require(sync_playwright is not None, "the playwright package")
    require(Path(CHROMIUM).exists(), CHROMIUM)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield WithoutServiceWorkers(chromium)
        chromium.close()


class WithoutServiceWorkers:
    """A Playwright browser whose pages and contexts register no service worker unless a test
    asks (`service_workers="allow"`, as tests/test_offline.py does): a served page's worker
    would fetch the site's core files behind every other test's back and could take charge of
    pages a test rebuilds under it."""

    def __init__(self, browser, service_workers: str = "block"):
        self._browser = browser
        self._service_workers = service_workers

    def allowing_service_workers(self) -> "WithoutServiceWorkers":
        return WithoutServiceWorkers(self._browser, "allow")

    def new_page(self, **options):
        return self._browser.new_page(**{"service_workers": self._service_workers, **options})

    def new_context(self, **options):
        return self._browser.new_context(**{"service_workers": self._service_workers, **options})

    def __getattr__(self, name):
        return getattr(self._browser, name)
