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
folder (minutes for the whole catalogue): issue 13 holds each derivation to 10 s, and the three
tables above are not the slowest.

`--markdown [FILE]` (default docs/benchmarks.md) also writes what was measured as a Markdown
page, with the machine it ran on and how busy that was: the docs' figures are written by this
command, never typed. Without `--strategy` the page has both parts (the three tables' figures,
then every pay table's strategy time); with it, the strategy part alone.
"""

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from ..core.errors import StrategyError
from ..solve.paytable import find_paytable, load_paytables

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


@dataclass(frozen=True)
class StrategyFigure:
    """How long one pay table's strategy took: the exact table (against the 10 s target), then
    its card and simple levels and the curve; or why it did not derive."""

    slug: str
    name: str
    seconds: float = 0.0
    lines: int = 0
    levels_seconds: float = 0.0
    card: int = 0
    simple: int = 0
    error: str | None = None

    @property
    def over(self) -> bool:
        return self.error is None and self.seconds > TARGETS["strategy"]

    def text(self) -> str:
        if self.error is not None:
            return f"not derived: {self.error}"
        mark = "OVER" if self.over else "ok"
        return (f"{self.seconds:.1f} s for {self.lines} lines "
                f"(target {TARGETS['strategy']:g} s: {mark}); levels and curve "
                f"{self.levels_seconds:.1f} s more (card {self.card} lines, simple {self.simple})")


@dataclass(frozen=True)
class SolveFigures:
    """One benchmark pay table's figures, each a list of `repeat` measurements."""

    name: str
    solves: tuple[float, ...]
    processes: tuple[float, ...]
    peaks: tuple[float, ...]  # MiB
    cold: tuple[float, ...]
    strategy: StrategyFigure


def _strategy_figure(table) -> StrategyFigure:
    from ..solve.cache import solve_uncached  # (lazy: numpy)
    from ..strategy import build_levels  # (lazy: numpy)

    solution = solve_uncached(table)
    try:
        levels = build_levels(solution)
    except StrategyError as exc:
        return StrategyFigure(table.slug, table.name, error=str(exc))
    return StrategyFigure(table.slug, table.name, levels.exact.seconds, len(levels.exact.lines),
                          levels.seconds, levels.card.printed, levels.simple.printed)


def run(content: Path, repeat: int, strategy_only: bool = False, markdown: Path | None = None,
        command: str = "vpcharts bench") -> int:
    """Measure and print; with `markdown`, also write the figures to that file as a page (all
    of them: without `strategy_only`, the three tables' figures and then every pay table's
    strategy time). `command` is the command line the page says made it."""
    machine = None
    if markdown is not None:
        markdown.parent.resolve(strict=True)  # a missing folder fails now, not after minutes
        machine = Machine.now()
    _one_core()
    solves: list[SolveFigures] = []
    if not strategy_only:
        solves = _solves(content, repeat)
    strategies: list[StrategyFigure] = []
    if strategy_only or markdown is not None:
        strategies = _strategies(content, kernels_warm=bool(solves))
    if markdown is not None:
        page = markdown_page(machine.finished(), command, repeat, solves, strategies)
        markdown.write_text(page + kept_any_section(markdown), encoding="utf-8")
        print(f"wrote {markdown}")
    return 0


def _solves(content: Path, repeat: int) -> list[SolveFigures]:
    from ..solve.cache import solve_uncached  # (lazy: numpy)

    print(f"vpcharts bench: {repeat} runs per figure, pinned to one core, "
          f"Python {sys.version.split()[0]}")
    env = dict(os.environ)
    env["VPCHARTS_CACHE"] = tempfile.mkdtemp(prefix="vpcharts-bench-")  # --no-cache anyway
    out = []
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
        strategy = _strategy_figure(table)
        print(f"  strategy {strategy.text()}", flush=True)
        out.append(SolveFigures(table.name, tuple(solves),
                                tuple(r[0] for r in runs), tuple(r[1] for r in runs),
                                tuple(cold), strategy))
    return out


def _strategies(content: Path, kernels_warm: bool = False) -> list[StrategyFigure]:
    """The strategy figure of every pay table, one process, kernels loaded first (by deriving
    the first table once, untimed, unless the solve figures' strategies already loaded them),
    so that each figure is the table's own work."""
    from ..solve.cache import solve_uncached  # (lazy: numpy)
    from ..strategy import build_levels  # (lazy: numpy)

    tables = load_paytables(content / "paytables")
    print(f"vpcharts bench --strategy: {len(tables)} pay tables, pinned to one core, "
          f"Python {sys.version.split()[0]}; target {TARGETS['strategy']:g} s per exact table")
    if not kernels_warm:
        build_levels(solve_uncached(tables[0]))  # warm: load the strategy kernels
    out = []
    for table in tables:
        figure = _strategy_figure(table)
        out.append(figure)
        print(f"  {table.slug:<34} {figure.text()}", flush=True)
    print(f"{_within(out)} of {len(out)} within {TARGETS['strategy']:g} s")
    return out


@dataclass(frozen=True)
class Machine:
    """What the figures were measured on, and how busy it was: the load average (1, 5 and 15
    minutes, `os.getloadavg()`) when the bench started and when it ended."""

    date: str
    cores: int
    cpu: str
    load_start: tuple[float, ...]
    load_end: tuple[float, ...] = ()
    versions: tuple[tuple[str, str], ...] = ()

    @classmethod
    def now(cls) -> "Machine":
        import numba  # (lazy: numba)
        import numpy  # (lazy: numpy)

        cpu = platform.processor() or platform.machine()
        try:
            for line in Path("/proc/cpuinfo").read_text().splitlines():
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
        except OSError:
            pass
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        return cls(datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), cores, cpu,
                   os.getloadavg(), versions=(("Python", sys.version.split()[0]),
                                              ("numpy", numpy.__version__),
                                              ("numba", numba.__version__)))

    def finished(self) -> "Machine":
        return replace(self, load_end=os.getloadavg())


def _loads(loads) -> str:
    return ", ".join(f"{x:.2f}" for x in loads)


def _cell(values, unit: str, places: int = 3) -> str:
    return f"{statistics.median(values):.{places}f}{unit} (best {min(values):.{places}f}{unit})"


def _mark(values, target: float) -> str:
    return "ok" if statistics.median(values) <= target else "**over**"


def kept_any_section(markdown: Path) -> str:
    """The page's section of `vpcharts bench --any --markdown` (bench/any_page.py), measured in
    chromium by another command: kept, not dropped, when this bench rewrites the page."""
    from .any_page import SECTION  # (lazy: the Any page's bench is another command's)

    text = markdown.read_text(encoding="utf-8") if markdown.exists() else ""
    start = text.find(SECTION + "\n")
    if start < 0:
        return ""
    end = text.find("\n## ", start + len(SECTION))
    return "\n" + text[start:end + 1 if end >= 0 else len(text)].rstrip("\n") + "\n"


def markdown_page(machine: Machine, command: str, repeat: int, solves: list[SolveFigures],
                  strategies: list[StrategyFigure]) -> str:
    """The figures as a Markdown page: the machine, then a table per section. The layout
    depends only on which sections were run and on the pay tables, never on the figures."""
    out = ["# Benchmarks", "",
           f"Written by `{command}` on {machine.date}; run it again to bring this page up to date "
           "(it is never edited by hand). The figures are measured, and no test asserts them: "
           "they vary with the machine and with how busy it is. Targets are the issues' goals.",
           "", "## The machine", "",
           "| | |", "| --- | --- |",
           f"| cores | {machine.cores} (the bench pinned to one) |",
           f"| processor | {machine.cpu} |",
           f"| load average at the start (1, 5, 15 min) | {_loads(machine.load_start)} |",
           f"| load average at the end | {_loads(machine.load_end)} |"]
    out += [f"| {name} | {version} |" for name, version in machine.versions]
    out += ["",
            "The load average (`os.getloadavg()`) counts the processes running or waiting for a "
            "core. This machine is shared: where it is near or above the number of cores, other "
            "jobs took turns on the bench's core, and every time here is longer than an idle "
            "machine's. Compare figures measured in the same run, not across runs."]
    if solves:
        out += ["", "## Solve, process and memory", "",
                f"Each figure is the median of {repeat} runs, the best in brackets. *Solve*: "
                "`solve_uncached` in the bench's own process, kernels and deck tables warm. "
                "*Process*: a whole `python -m generator solve PAYTABLE --no-cache` process, "
                "from start to exit (started by a small interpreter, so that its memory is its "
                "own), "
                "the deck's tables cached; *peak*: its peak resident memory. *Empty cache*: "
                "the same process with an empty cache folder, so that it computes the deck's "
                "tables with numba. *Exact strategy*: deriving the exact table from the "
                "solution; *levels*: then the card and simple levels and the curve.", "",
                "| figure | target | " + " | ".join(s.name for s in solves) + " |",
                "| --- | --- | " + " | ".join("---" for _ in solves) + " |"]
        rows = [("solve", f"{TARGETS['solve']:g} s", lambda s: (s.solves, " s")),
                ("process", f"{TARGETS['process']:g} s", lambda s: (s.processes, " s")),
                ("peak memory", f"{TARGETS['peak']:g} MiB", lambda s: (s.peaks, " MiB")),
                ("process, empty cache", "", lambda s: (s.cold, " s"))]
        targets = {"solve": TARGETS["solve"], "process": TARGETS["process"],
                   "peak memory": TARGETS["peak"]}
        for label, target, values in rows:
            cells = []
            for s in solves:
                figures, unit = values(s)
                cell = _cell(figures, unit, 1 if unit == " MiB" else 3)
                if label in targets:
                    cell += f", {_mark(figures, targets[label])}"
                cells.append(cell)
            out.append(f"| {label} | {target} | " + " | ".join(cells) + " |")
        out.append(f"| exact strategy | {TARGETS['strategy']:g} s | "
                   + " | ".join(_exact_cell(s.strategy) for s in solves) + " |")
        out.append("| levels and curve | | "
                   + " | ".join(_levels_cell(s.strategy) for s in solves) + " |")
    if strategies:
        within = _within(strategies)
        out += ["", "## Strategy, every pay table", "",
                "The time to derive each pay table's exact table from its solution (the target "
                f"is {TARGETS['strategy']:g} s), then its card and simple levels and the curve: "
                "one process pinned to one core, the strategy kernels loaded first. Lines are "
                "counted as the exact table lists them, the levels as printed.", "",
                "| pay table | exact table | lines | levels and curve | card lines | "
                "simple lines |",
                "| --- | --- | --- | --- | --- | --- |"]
        for f in strategies:
            if f.error is not None:
                out.append(f"| {f.name} | not derived: {f.error} | | | | |")
                continue
            mark = " (**over**)" if f.over else ""
            out.append(f"| {f.name} | {f.seconds:.1f} s{mark} | {f.lines} | "
                       f"{f.levels_seconds:.1f} s | {f.card} | {f.simple} |")
        out += ["", f"{within} of {len(strategies)} pay tables derive their exact table within "
                f"{TARGETS['strategy']:g} s."]
    # Paragraphs wrapped as the other docs are; table rows and headings stay whole.
    return "\n".join(line if line[:1] in ("|", "#") else
                     textwrap.fill(line, 100, break_on_hyphens=False, break_long_words=False)
                     for line in out) + "\n"


def _within(figures: list[StrategyFigure]) -> int:
    """Pay tables whose exact table derived within the target (one that did not is not)."""
    return sum(f.error is None and not f.over for f in figures)


def _exact_cell(f: StrategyFigure) -> str:
    if f.error is not None:
        return f"not derived: {f.error}"
    return f"{f.seconds:.1f} s, {f.lines} lines" + (", **over**" if f.over else ", ok")


def _levels_cell(f: StrategyFigure) -> str:
    if f.error is not None:
        return ""
    return f"{f.levels_seconds:.1f} s (card {f.card} lines, simple {f.simple})"
