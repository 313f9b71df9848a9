"""Solutions cached on disk, keyed by the pay table and the solver's version.

One file per pay table (see store.py for the format and the integrity checks). A stale or corrupt
entry is ignored and the pay table solved again, never trusted.
"""

import hashlib
from math import comb
from pathlib import Path

from .. import store
from .categories import categories
from .paytable import PayTable
from .solver import SOLVER_VERSION, Solution, make_deck

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
    deck = make_deck(n_cards, reps, sizes)
    return Solution(table, cats, deck, arrays["set_values"], arrays["hand_cats"],
                    arrays["best_ev"], arrays["best"], arrays["n_best"], arrays["final_counts"])


def solve(table: PayTable, use_cache: bool = True) -> tuple[Solution, bool]:
    """(solution, whether it came from the cache). A fresh solution is written to the cache."""
    from .solver import solve_uncached

    if use_cache:
        cached = load(table)
        if cached is not None:
            return cached, True
    solution = solve_uncached(table)
    if use_cache:
        save(solution)
    return solution, False
