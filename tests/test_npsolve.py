"""The numpy solve (generator/solve/npsolve.py) against the numba kernels of tables.py, array for array.

Every deck and family (9/6 Jacks or Better, 9/6 Double Double Bonus for the quads by rank and
kicker, Full Pay Deuces Wild, Joker Poker Kings or Better): the count table, the pay sums, the
32 hold EVs and the best hold of every suit class, the category counts of holds, and the final
hand counts for the optimal holds and for random ones with random weights. The kernels are in
turn held to the slow reference by test_reference.py.
"""

import subprocess
import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from generator.solve import cache as solve_cache, npsolve
from generator.solve.categories import categories
from generator.solve.codes import code_count
from generator.solve.families import FAMILIES
from generator.solve.jit import kernels
from generator.solve.paytable import load_paytable

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("9-6-jacks-or-better", "9-6-double-double-bonus", "full-pay-deuces-wild",
         "joker-poker-kings-or-better")


@cache
def setting(slug):
    """The kernels' inputs for one pay table, and their count tables."""
    _, tables = kernels()
    table = load_paytable(ROOT / "content" / "paytables" / f"{slug}.toml")
    cats = categories(table)
    dk = solve_cache.deck(table.deck_size)
    hand_cats = cats.code_to_category[solve_cache.hand_codes(table.family.key)]
    small, four = tables.count_tables(dk.n_cards, hand_cats, len(cats.keys), dk.binom, dk.offsets)
    counts = npsolve.count_table(solve_cache.fine_counts(table.family.key),
                                 cats.code_to_category, len(cats.keys), int(dk.offsets[5]))
    return table, cats, dk, hand_cats, small, four, counts


@pytest.mark.parametrize("slug", GAMES)
def test_count_table_and_pay_sums_are_the_kernels(slug):
    _, tables = kernels()
    _, cats, dk, _, small, four, counts = setting(slug)
    assert counts.dtype == np.int32
    assert np.array_equal(counts, np.concatenate([small, four.astype(np.int32)]))
    pays = cats.scaled_pays
    assert np.array_equal(npsolve.set_pay_sums(counts, pays), tables.set_pay_sums(small, four, pays))


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_fine_counts_are_the_kernel_over_fine_codes(family):
    _, tables = kernels()
    n_cards = FAMILIES[family].deck_size
    n_codes = code_count(FAMILIES[family])
    dk = solve_cache.deck(n_cards)
    small, four = tables.count_tables(n_cards, solve_cache.hand_codes(family), n_codes, dk.binom,
                                      dk.offsets)
    fine = solve_cache.fine_counts(family)
    assert solve_cache.fine_counts(family)["counts"] is not fine["counts"]  # read again
    dense = np.zeros((len(small) + len(four), n_codes), np.int64)
    dense[fine["rows"], fine["codes"]] = fine["counts"]
    assert np.array_equal(dense[:len(small)], small) and np.array_equal(dense[len(small):], four)
    assert np.all(fine["counts"] > 0) and np.all(np.diff(fine["rows"]) >= 0)


@pytest.mark.parametrize("slug", GAMES)
def test_hold_evs_of_every_class_are_the_kernels(slug):
    _, tables = kernels()
    _, cats, dk, hand_cats, small, four, counts = setting(slug)
    pays = cats.scaled_pays
    set_values = tables.set_pay_sums(small, four, pays)
    args = (set_values, hand_cats, pays, dk.mask_factor, dk.binom, dk.offsets)
    mine = npsolve.hold_evs(dk.reps, *args, False)
    theirs = tables.hold_evs(dk.reps, *args, False)
    for a, b in zip(mine, theirs):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    some = dk.reps[np.random.default_rng(16).choice(len(dk.reps), 3000, replace=False)]
    mine = npsolve.hold_evs(some, *args, True)
    theirs = tables.hold_evs(some, *args, True)
    for a, b in zip(mine, theirs):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    assert (theirs[2] > 1).any() or slug != "9-6-jacks-or-better"  # ties are among them


@pytest.mark.parametrize("slug", GAMES)
def test_hold_category_and_final_hand_counts_are_the_kernels(slug):
    _, tables = kernels()
    _, cats, dk, hand_cats, small, four, counts = setting(slug)
    rng = np.random.default_rng(1616)
    picked = rng.choice(len(dk.reps), 2000, replace=False)
    masks = rng.integers(0, 32, len(picked)).astype(np.int64)
    masks[:32] = np.arange(32)  # every mask at least once
    hands = dk.reps[picked]
    assert np.array_equal(
        npsolve.hold_category_counts(hands, masks, counts, hand_cats, dk.binom, dk.offsets),
        tables.hold_category_counts(hands, masks, small, four, hand_cats, dk.binom, dk.offsets))
    weights = rng.integers(1, 10 ** 9, len(dk.reps)).astype(np.int64)
    all_masks = rng.integers(0, 32, len(dk.reps)).astype(np.int64)
    args = (dk.binom, dk.offsets)
    assert np.array_equal(
        npsolve.final_hand_counts(dk.reps, weights, all_masks, counts, hand_cats, *args),
        tables.final_hand_counts(dk.reps, weights, all_masks, small, four, hand_cats, *args))


def test_a_solve_does_not_import_numba(cache_folder, monkeypatch):
    """Once the deck's tables are cached, solving a pay table (and printing it) runs without
    numba: the process stays small and quick."""
    table = load_paytable(ROOT / "content" / "paytables" / "9-6-jacks-or-better.toml")
    solve_cache.deck.cache_clear()
    solve_cache.hand_codes.cache_clear()
    try:
        solve_cache.fine_counts("natural")  # fills the empty cache folder
    finally:
        solve_cache.deck.cache_clear()
        solve_cache.hand_codes.cache_clear()
    assert {path.name.split("-")[0] for path in cache_folder.iterdir()} == {"deck", "codes", "fine"}
    probe = ("import sys; from generator.cli import main; code = main(['solve', '"
             + table.slug + "', '--no-cache']); "
             "assert 'numba' not in sys.modules and 'llvmlite' not in sys.modules, 'numba'; "
             "sys.exit(code)")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    assert "1653526326983/1661102543100" in result.stdout
