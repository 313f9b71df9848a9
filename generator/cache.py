"""Solutions cached on disk, keyed by the pay table and the solver's version.

One `.npz` file per pay table holds the solution's arrays and a JSON header with the key and a
checksum of the arrays. A file whose key, version, shapes or checksum do not match is stale or
corrupt: it is ignored and the pay table is solved again, never trusted. Files are written to a
temporary name and renamed, so an interrupted write cannot leave half a file under the real name.

The folder is $VPCHARTS_CACHE, or else $XDG_CACHE_HOME/vpcharts (~/.cache/vpcharts).
"""

import hashlib
import json
import os
import tempfile
from math import comb
from pathlib import Path

import numpy as np

from .categories import categories
from .paytable import PayTable
from .solver import SOLVER_VERSION, Solution, make_deck

ARRAYS = ("reps", "sizes", "set_values", "hand_cats", "best_ev", "best", "n_best",
          "final_counts")


def cache_dir() -> Path:
    if os.environ.get("VPCHARTS_CACHE"):
        return Path(os.environ["VPCHARTS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "vpcharts"


def cache_key(table: PayTable) -> str:
    text = f"vpcharts solver {SOLVER_VERSION}\n{table.canonical()}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def cache_path(table: PayTable) -> Path:
    return cache_dir() / f"{table.slug}-{cache_key(table)}.npz"


def _checksum(arrays: dict) -> str:
    digest = hashlib.sha256()
    for name in ARRAYS:
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def _arrays(solution: Solution) -> dict:
    return {"reps": solution.deck.reps, "sizes": solution.deck.sizes,
            "set_values": solution.set_values, "hand_cats": solution.hand_cats,
            "best_ev": solution.best_ev, "best": solution.best, "n_best": solution.n_best,
            "final_counts": solution.final_counts}


def save(solution: Solution) -> Path:
    path = cache_path(solution.table)
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = _arrays(solution)
    header = {"version": SOLVER_VERSION, "key": cache_key(solution.table),
              "checksum": _checksum(arrays)}
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            np.savez(out, header=np.frombuffer(json.dumps(header).encode(), np.uint8), **arrays)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def load(table: PayTable) -> Solution | None:
    """The cached solution of `table`, or None if there is none or it cannot be trusted."""
    path = cache_path(table)
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(bytes(data["header"]).decode())
            arrays = {name: data[name] for name in ARRAYS}
    except Exception:  # a truncated or garbled file: recompute
        return None
    if (header.get("version") != SOLVER_VERSION or header.get("key") != cache_key(table)
            or header.get("checksum") != _checksum(arrays)):
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
