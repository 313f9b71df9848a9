"""The solution cache: a hit is identical to a fresh solve; stale or corrupt entries are never trusted."""

import json
import zipfile

import numpy as np
import pytest

from generator.solve import cache
from generator.solve.paytable import load_paytable

TABLE = "content/paytables/joker-poker-two-pair-or-better.toml"


def same(a, b):
    assert a.expected_return == b.expected_return and a.variance == b.variance
    for name in cache.ARRAYS[2:]:
        assert np.array_equal(getattr(a, name), getattr(b, name)), name


def test_second_solve_comes_from_the_cache_and_is_identical(cache_folder):
    table = load_paytable(TABLE)
    fresh, cached = cache.solve(table)
    assert not cached and cache.cache_path(table).exists()
    again, cached = cache.solve(table)
    assert cached
    same(fresh, again)


def test_no_cache_neither_reads_nor_writes(cache_folder):
    table = load_paytable(TABLE)
    _, cached = cache.solve(table, use_cache=False)
    assert not cached and not cache.cache_path(table).exists()


@pytest.mark.parametrize("damage", ["truncate", "flip", "header"])
def test_corrupt_entries_are_recomputed(cache_folder, damage):
    table = load_paytable(TABLE)
    fresh, _ = cache.solve(table)
    path = cache.cache_path(table)
    data = bytearray(path.read_bytes())
    if damage == "truncate":
        path.write_bytes(bytes(data[: len(data) // 2]))
    elif damage == "flip":  # a bit flipped inside the stored best EVs
        with zipfile.ZipFile(path) as z:
            arrays = {n[:-4]: np.load(z.open(n)) for n in z.namelist()}
        arrays["best_ev"] = arrays["best_ev"].copy()
        arrays["best_ev"][1000] += 1
        np.savez(path, **arrays)
    else:  # an entry written by another solver version
        with zipfile.ZipFile(path) as z:
            arrays = {n[:-4]: np.load(z.open(n)) for n in z.namelist()}
        header = json.loads(bytes(arrays["header"]).decode())
        header["version"] = "0"
        arrays["header"] = np.frombuffer(json.dumps(header).encode(), np.uint8)
        np.savez(path, **arrays)
    assert cache.load(table) is None
    again, cached = cache.solve(table)
    assert not cached
    same(fresh, again)
    assert cache.load(table) is not None  # rewritten whole


def test_key_follows_the_pays(tmp_path):
    table = load_paytable(TABLE)
    text = open(TABLE).read().replace("flush = 7", "flush = 6")
    (tmp_path / "joker-poker-two-pair-or-better.toml").write_text(text)
    other = load_paytable(tmp_path / "joker-poker-two-pair-or-better.toml")
    assert table.slug == other.slug and cache.cache_key(table) != cache.cache_key(other)


def test_deck_tables_are_cached_and_a_corrupt_file_is_recomputed(cache_folder):
    from generator.solve import cache as solve_cache, solver

    solve_cache.deck.cache_clear()
    solve_cache.hand_codes.cache_clear()
    try:
        first = solve_cache.deck(52)
        path = cache_folder / f"deck-52-v{solver.SOLVER_VERSION}.npz"
        assert path.exists()
        path.write_bytes(path.read_bytes()[:1000])  # truncated
        solve_cache.deck.cache_clear()
        again = solve_cache.deck(52)
        assert np.array_equal(first.reps, again.reps) and np.array_equal(first.sizes, again.sizes)
        assert len(again.sizes) == 134_459
        codes = solve_cache.hand_codes("natural")
        codes_path = cache_folder / f"codes-52-natural-v{solver.SOLVER_VERSION}.npz"
        with zipfile.ZipFile(codes_path) as z:
            arrays = {n[:-4]: np.load(z.open(n)) for n in z.namelist()}
        arrays["codes"] = arrays["codes"].copy()
        arrays["codes"][5] ^= 1  # one hand's category changed: the checksum must catch it
        np.savez(codes_path, **arrays)
        solve_cache.hand_codes.cache_clear()
        assert np.array_equal(solve_cache.hand_codes("natural"), codes)
    finally:
        solve_cache.deck.cache_clear()
        solve_cache.hand_codes.cache_clear()
