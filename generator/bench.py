"""`vpcharts bench`: the solver's speed and memory figures, measured, never asserted by a test.

For each benchmark pay table it prints:
- solve: the in-process `solve_uncached` time with the JIT cache warm (median and best of N);
- process: the wall time of a whole `vpcharts solve PAYTABLE --no-cache` process (Python start,
  imports, numba start, solve, report), median and best of N;
- peak: that process's peak resident memory (ru_maxrss);
- cold process: the same with an empty cache folder, so that the pay-table-independent deck
  tables (suit classes, hand codes, count tables over the codes), which a normal run reads back
  like compiled kernels, are computed too, with numba (a warm process never imports it).
- strategy: the time to derive the exact strategy table (target 10 s), or why it failed, then
  the time to find the card and simple levels and the curve (generator/strategy/levels.py).
Everything runs pinned to one core. Targets: solve <= 0.15 s, process <= 0.5 s, peak <= 100 MiB.

`vpcharts bench --strategy` prints only the strategy figure, for every pay table in the content
folder (about 4 minutes for the 23 that ship): issue 13 holds each derivation to 10 s, and the
three tables above are not the slowest.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH_TABLES = ("9-6-jacks-or-better", "full-pay-deuces-wild", "joker-poker-kings-or-better")
TARGETS = {"solve": 0.15, "process": 0.5, "peak": 100.0, "strategy": 10.0}


def _one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


# Runs one command and prints [wall seconds, peak KiB, exit code] of it. A child's peak memory
# counts the pages of the process it was forked from, and the bench itself grows to 300 MB once
# it has derived a strategy; this small interpreter stands between, so the figure is the
# command's own.
_TRAMPOLINE = """
import json, os, sys, time
start = time.perf_counter()
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ)
_, status, usage = os.wait4(pid, 0)
print(json.dumps([time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status)]))
"""


def _process_run(args: list[str], env: dict) -> tuple[float, float]:
    """Wall seconds and peak MiB of one child process (it inherits the one-core affinity)."""
    done = subprocess.run([sys.executable, "-c", _TRAMPOLINE, *args], env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: {done.stderr.strip()}")
    seconds, peak_kib, code = json.loads(done.stdout.splitlines()[-1])
    if code != 0:
        raise RuntimeError(f"{' '.join(args)} failed with exit code {code}")
    return seconds, peak_kib / 1024


def _figure(values: list[float], unit: str, target: float) -> str:
    mark = "ok" if statistics.median(values) <= target else "OVER"
    return (f"{statistics.median(values):.3f}{unit} (best {min(values):.3f}{unit}, "
            f"target {target:g}{unit}: {mark})")


def _strategy_figure(table) -> str:
    from .errors import StrategyError
    from .solver import solve_uncached
    from .strategy import build_levels

    solution = solve_uncached(table)
    try:
        levels = build_levels(solution)
    except StrategyError as exc:
        return f"not derived: {exc}"
    exact = levels.exact
    mark = "ok" if exact.seconds <= TARGETS["strategy"] else "OVER"
    return (f"{exact.seconds:.1f} s for {len(exact.lines)} lines "
            f"(target {TARGETS['strategy']:g} s: {mark}); levels and curve {levels.seconds:.1f} s "
            f"more (card {levels.card.printed} lines, simple {levels.simple.printed})")


def run(content: Path, repeat: int, strategy_only: bool = False) -> int:
    from .paytable import find_paytable
    from .solver import solve_uncached

    _one_core()
    if strategy_only:
        return _strategies(content)
    print(f"vpcharts bench: {repeat} runs per figure, pinned to one core, "
          f"Python {sys.version.split()[0]}")
    env = dict(os.environ)
    env["VPCHARTS_CACHE"] = tempfile.mkdtemp(prefix="vpcharts-bench-")  # --no-cache anyway
    for slug in BENCH_TABLES:
        table = find_paytable(slug, content)  # (shipped tables: no pay-order warnings to print)
        solve_uncached(table)  # warm: compile or load the kernels, build the deck tables
        solves = []
        for _ in range(repeat):
            start = time.perf_counter()
            solve_uncached(table)
            solves.append(time.perf_counter() - start)
        command = [sys.executable, "-m", "generator", "--content", str(content), "solve", slug,
                   "--no-cache"]
        runs = [_process_run(command, env) for _ in range(repeat)]
        cold = []
        for _ in range(repeat):
            cold_env = dict(env, VPCHARTS_CACHE=tempfile.mkdtemp(prefix="vpcharts-cold-"))
            cold.append(_process_run(command, cold_env)[0])
        print(f"\n{table.name}")
        print(f"  (process, peak: python {' '.join(command[1:])}, the deck's tables cached)")
        print(f"  solve    {_figure(solves, ' s', TARGETS['solve'])}")
        print(f"  process  {_figure([r[0] for r in runs], ' s', TARGETS['process'])}")
        print(f"  peak     {_figure([r[1] for r in runs], ' MiB', TARGETS['peak'])}")
        print(f"  cold process (empty cache) {statistics.median(cold):.3f} s "
              f"(best {min(cold):.3f} s)")
        print(f"  strategy {_strategy_figure(table)}")
    return 0


def _strategies(content: Path) -> int:
    """The strategy figure of every pay table, one process, kernels loaded first (by deriving
    the first table once, untimed), so that each figure is the table's own work."""
    from .paytable import load_paytables
    from .solver import solve_uncached
    from .strategy import build_levels

    tables = load_paytables(content / "paytables")
    print(f"vpcharts bench --strategy: {len(tables)} pay tables, pinned to one core, "
          f"Python {sys.version.split()[0]}; target {TARGETS['strategy']:g} s per exact table")
    build_levels(solve_uncached(tables[0]))  # warm: load the strategy kernels
    over = 0
    for table in tables:
        figure = _strategy_figure(table)
        over += "OVER" in figure
        print(f"  {table.slug:<34} {figure}", flush=True)
    print(f"{len(tables) - over} of {len(tables)} within {TARGETS['strategy']:g} s")
    return 0
