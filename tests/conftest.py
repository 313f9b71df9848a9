"""Shared pytest setup."""


def pytest_configure(config):
    # Also declared in pyproject.toml; registering here keeps `-m slow` / `-m "not slow"` working
    # when pytest is run without that config (e.g. from another directory).
    config.addinivalue_line("markers", "slow: long exhaustive runs (CI runs them too)")


import functools
from pathlib import Path

import pytest

CONTENT = Path(__file__).resolve().parents[1] / "content"


@functools.cache
def _solve(slug: str):
    from generator.paytable import load_paytable
    from generator.solver import solve_uncached

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
