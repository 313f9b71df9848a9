"""Shared pytest setup."""


def pytest_configure(config):
    # Also declared in pyproject.toml; registering here keeps `-m slow` / `-m "not slow"` working
    # when pytest is run without that config (e.g. from another directory).
    config.addinivalue_line("markers", "slow: long exhaustive runs (CI runs them too)")
