"""The solve stage's one door to the disk: the deck's tables and the solutions, read back when
they can be trusted and otherwise computed (by solver.py, which takes data and returns data) and
kept.

    deck(n_cards, suit_group) -> Deck     the suit classes (numba, once per deck size and group)
    hand_codes(family_key) -> codes       every hand's fine code (numba, once per family)
    fine_counts(family_key) -> counts     N(S)[fine code], sparse (numba, once per family)
    solve(table) -> (Solution, cached)    a pay table's solution, keyed by the table and solver
    solve_uncached(table) -> Solution     the same computed afresh (the deck's tables still read)

One file an entry (see store.py for the format and the integrity checks). A stale or corrupt
entry is ignored and computed again, never trusted. The deck's tables are kept in memory too
(deck and codes) for the process's later solves; the fine counts are read again each time
(14 MB for the natural family, 0.02 s).
"""

import hashlib
import json
from functools import cache
from math import comb
from pathlib import Path

from ..core import store
from .categories import categories
from .codes import card_faces, code_count, rules
from .families import ALL_SUIT_PERMUTATIONS, FAMILIES
from .paytable import PayTable
from .solver import (SOLVER_VERSION, Deck, Solution, compute_fine_counts, compute_hand_codes,
                     enumerate_deck, make_deck, solve_tables)


def _kept(path: Path, names: tuple, meta: dict, fits, compute) -> dict:
    """The arrays `names` of the entry at `path` if it is for `meta` and `fits(arrays)`; else
    `compute()`'s, saved there."""
    arrays = store.load(path, names, meta)
    if arrays is None or not fits(arrays):
        arrays = compute()
        store.save(path, arrays, meta)
    return arrays


@cache
def deck(n_cards: int, suit_group: tuple = ALL_SUIT_PERMUTATIONS) -> Deck:
    """The deck's suit classes under the suit permutations `suit_group` (a family's
    `suit_group`): computed once, then read back from the cache like the kernels."""
    def computed():
        dk = enumerate_deck(n_cards, suit_group)
        return {"reps": dk.reps, "sizes": dk.sizes}

    meta = {"version": SOLVER_VERSION, "deck": n_cards}
    name = f"deck-{n_cards}-v{SOLVER_VERSION}.npz"
    if suit_group != ALL_SUIT_PERMUTATIONS:  # (the 24 keep the name and meta of before)
        meta["suit_group"] = [list(perm) for perm in suit_group]
        digest = hashlib.sha256(json.dumps(meta["suit_group"]).encode()).hexdigest()[:12]
        name = f"deck-{n_cards}-group-{digest}-v{SOLVER_VERSION}.npz"
    arrays = _kept(store.cache_dir() / name, ("reps", "sizes"), meta,
                   lambda a: int(a["sizes"].sum()) == comb(n_cards, 5), computed)
    return make_deck(n_cards, arrays["reps"], arrays["sizes"], suit_group)


def family_deck(family_key: str) -> Deck:
    """The suit classes of a family's deck, under its suit group."""
    family = FAMILIES[family_key]
    return deck(family.deck_size, family.suit_group)


def _family_meta(family_key: str) -> dict:
    """What a cached tabulation must say of itself: this solver, deck and family description."""
    family = FAMILIES[family_key]
    ranks, suits, kinds = card_faces(family)
    return {"version": SOLVER_VERSION, "deck": family.deck_size, "family": family_key,
            "ranks": ranks.tolist(), "suits": suits.tolist(), "wild": kinds.tolist(),
            "rules": rules(family).tolist()}


def _family_path(kind: str, family_key: str) -> Path:
    n_cards = FAMILIES[family_key].deck_size
    return store.cache_dir() / f"{kind}-{n_cards}-{family_key}-v{SOLVER_VERSION}.npz"


@cache
def hand_codes(family_key: str):
    """Fine category codes of every hand (colex order), computed once, then cached on disk."""
    n_cards = FAMILIES[family_key].deck_size
    return _kept(_family_path("codes", family_key), ("codes",), _family_meta(family_key),
                 lambda a: a["codes"].shape == (comb(n_cards, 5),),
                 lambda: {"codes": compute_hand_codes(family_key)})["codes"]


def fine_counts(family_key: str) -> dict:
    """N(S)[fine code] for every set S of fewer than five cards, sparse: computed once per
    family, then read back from the cache. Not kept in memory: a solve needs it once."""
    family = FAMILIES[family_key]
    return _kept(_family_path("fine", family_key), ("rows", "codes", "counts"),
                 _family_meta(family_key),
                 lambda a: fine_counts_fit(a, family.deck_size, code_count(family)),
                 lambda: compute_fine_counts(family_key, deck(family.deck_size),
                                             hand_codes(family_key)))


def fine_counts_fit(arrays: dict, n_cards: int, n_codes: int) -> bool:
    """Whether arrays read back are the sparse counts of an n-card deck with n_codes codes."""
    rows, codes = arrays["rows"], arrays["codes"]
    n_rows = sum(comb(n_cards, k) for k in range(5))
    return (rows.ndim == 1 and rows.shape == codes.shape == arrays["counts"].shape
            and len(rows) > 0 and int(rows[0]) == 0 and int(rows[-1]) < n_rows
            and int(codes.max()) < n_codes
            and int(arrays["counts"][rows == 0].sum()) == comb(n_cards, 5))


def solve_uncached(table: PayTable) -> Solution:
    """`table` solved afresh (not read from the solutions' cache), from the deck's tables."""
    return solve_tables(table, family_deck(table.family.key), hand_codes(table.family.key),
                        fine_counts(table.family.key))

ARRAYS = ("reps", "sizes", "set_values", "hand_cats", "best_ev", "best", "n_best",
          "final_counts")


def cache_key(table: PayTable) -> str:
    text = f"vpcharts solver {SOLVER_VERSION}\n{table.canonical()}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def cache_path(table: PayTable) -> Path:
    return store.cache_dir() / f"{table.slug}-{cache_key(table)}.npz"


def save(solution: Solution) -> Path:
    path = cache_path(solution.table)
    arrays = {"reps": solution.deck.reps, "sizes": solution.deck.sizes,
              "set_values": solution.set_values, "hand_cats": solution.hand_cats,
              "best_ev": solution.best_ev, "best": solution.best, "n_best": solution.n_best,
              "final_counts": solution.final_counts}
    store.save(path, arrays, {"version": SOLVER_VERSION, "key": cache_key(solution.table)})
    return path


def load(table: PayTable) -> Solution | None:
    """The cached solution of `table`, or None if there is none or it cannot be trusted."""
    arrays = store.load(cache_path(table), ARRAYS,
                        {"version": SOLVER_VERSION, "key": cache_key(table)})
    if arrays is None:
        return None
    n_cards = table.deck_size
    cats = categories(table)
    reps, sizes = arrays["reps"], arrays["sizes"]
    n_sets = sum(comb(n_cards, k) for k in range(5))
    if (reps.ndim != 2 or reps.shape[1] != 5 or int(sizes.sum()) != comb(n_cards, 5)
            or arrays["set_values"].shape != (n_sets,)
            or arrays["hand_cats"].shape != (comb(n_cards, 5),)
            or any(arrays[name].shape != (len(reps),) for name in ("best_ev", "best", "n_best"))
            or arrays["final_counts"].shape != (len(cats.keys),)):
        return None
    deck = make_deck(n_cards, reps, sizes, table.family.suit_group)
    return Solution(table, cats, deck, arrays["set_values"], arrays["hand_cats"],
                    arrays["best_ev"], arrays["best"], arrays["n_best"], arrays["final_counts"])


def solve(table: PayTable, use_cache: bool = True) -> tuple[Solution, bool]:
    """(solution, whether it came from the cache). A fresh solution is written to the cache."""
    if use_cache:
        cached = load(table)
        if cached is not None:
            return cached, True
    solution = solve_uncached(table)
    if use_cache:
        save(solution)
    return solution, False
