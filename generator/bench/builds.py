"""`vpcharts bench --builds N[,N...]`: what a first build of N pay tables takes, as a new user's
would run (docs/scaling.md holds its figures; the README's "Building on several machines" links it).

For each N, the first N pay tables of the content folder in `catalogue_order` (one of each game
first, so a small N still has every game, then the rest by name) are copied into a temporary
content folder with the pages, and `vpcharts build` runs on them as a separate process with an
empty solution cache and an empty numba cache (NUMBA_CACHE_DIR): kernels compiled, deck tables
computed, every pay table solved, derived, verified and rendered. Printed per build: wall
seconds, CPU seconds (the build and its workers), the largest process's peak memory, the site's
size on disk, and CPU seconds per pay table; then what 1,000 pay tables would take at the
largest build's CPU per pay table, on this machine and on a cluster (`thousand`).

With `--markdown [FILE]` the figures are written as a page too (docs/scaling.md, which the
README links): the docs' figures are written by this command, never typed.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from ..solve.paytable import load_paytables
from ..ultimate_x.bench import kept_section
from .solver import Machine


@dataclass(frozen=True)
class BuildFigures:
    tables: int
    wall: float      # seconds
    cpu: float       # seconds, user + system, the build and every worker it waited for
    peak_mib: float  # the largest single process's resident peak
    site_mib: float  # the built site on disk
    render: float    # seconds the build itself took per pay table after the jobs (its pages)
    # Wall seconds of a first build of the first pay table alone, run just before this one:
    # it moves with the machine's speed at that hour, so a reader scales the row by their own.
    reference: float = 0.0

    def row(self) -> str:
        return (f"| {self.tables} | {self.wall:,.0f} | {self.cpu:,.0f} | "
                f"{self.cpu / self.tables:.1f} | {self.peak_mib:,.0f} | {self.site_mib:.1f} | "
                f"{self.reference:,.0f} |")


HEADER = ("| pay tables | wall s | CPU s | CPU s per table | peak MiB | site MiB "
          "| one-table build, just before: wall s |\n"
          "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")


def catalogue_order(tables) -> list:
    """One pay table of each game (family, game, lowest pair) first, then the rest, each part
    by slug."""
    seen, first, rest = set(), [], []
    for table in sorted(tables, key=lambda t: t.slug):
        key = (table.family.key, table.game, table.min_pair)
        (rest if key in seen else first).append(table)
        seen.add(key)
    return first + rest


# Runs the build and prints [wall, user + sys of it and its waited-for children, the largest
# child's peak KiB, exit code]: this small interpreter stands between, so that the figures are
# the build's own and not the bench's.
_TRAMPOLINE = """
import json, os, resource, sys, time
start = time.perf_counter()
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
children = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps([wall, children.ru_utime + children.ru_stime, children.ru_maxrss,
                  os.waitstatus_to_exitcode(status)]))
"""


def cold_build(content: Path, count: int, progress=print) -> BuildFigures:
    tables = catalogue_order(load_paytables(content / "paytables"))
    if count > len(tables):
        raise ValueError(f"{count} pay tables asked for; {content / 'paytables'} has "
                         f"{len(tables)}")
    with tempfile.TemporaryDirectory(prefix="vpcharts-bench-build-") as folder:
        folder = Path(folder)
        sample = folder / "content"
        (sample / "paytables").mkdir(parents=True)
        for table in tables[:count]:
            shutil.copy(table.source, sample / "paytables")
        slugs = {t.slug for t in tables[:count]}
        # The pages name pay tables in their figures; the build needs those named.
        (sample / "pages").mkdir()
        for page in sorted((content / "pages").glob("*.md")):
            text = page.read_text(encoding="utf-8")
            if all(name in slugs for name in _named_tables(text)):
                shutil.copy(page, sample / "pages")
        for name in ("chinese", "site.toml"):
            if (content / name).is_dir():
                shutil.copytree(content / name, sample / name)
            elif (content / name).exists():
                shutil.copy(content / name, sample / name)
        env = dict(os.environ, VPCHARTS_CACHE=str(folder / "cache"),
                   NUMBA_CACHE_DIR=str(folder / "numba"))
        out = folder / "site"
        progress(f"building {count} pay tables from scratch ...")
        done = subprocess.run(
            [sys.executable, "-c", _TRAMPOLINE, sys.executable, "-m", "generator", "build",
             "--content", str(sample), "--out", str(out)],
            env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"the build failed: {done.stderr.strip()[-500:]}")
        wall, cpu, peak_kib, code = json.loads(done.stdout.splitlines()[-1])
        if code != 0:
            raise RuntimeError(f"the build of {count} pay tables failed (exit {code})")
        size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
        # "[ 3/23] 9/6 Jacks or Better: 99.543904%, ... (computed, 0.1 s)": a page's rendering
        pages = [float(m) for m in re.findall(r"^\[ *\d+/\d+\] .*\(\w+, ([\d.]+) s\)$",
                                              done.stdout, re.MULTILINE)]
        return BuildFigures(count, wall, cpu, peak_kib / 1024, size / 2**20,
                            sum(pages) / max(len(pages), 1))


def _named_tables(text: str) -> list[str]:
    """The pay tables a page's figures name ("[[9-6-jacks-or-better return.percent]]": see
    site/pages.py)."""
    return re.findall(r"\[\[([a-z0-9-]+) [a-z_.]+\]\]", text)


def thousand(largest: BuildFigures, cores: int) -> list[str]:
    """What 1,000 pay tables would take, from the largest build's CPU per pay table: the jobs
    divide among the workers (a pay table is one job on one core; each machine compiles the
    kernels once, already in the figure), then the build renders each pay table's pages
    itself, one after another."""
    cpu = 1000 * largest.cpu / largest.tables
    pages = 1000 * largest.render
    lines = [f"- 1,000 pay tables, from the {largest.tables}-table build's CPU per pay table: "
             f"about {cpu / 3600:.1f} CPU hours; on this machine ({cores} cores) about "
             f"{(cpu / cores + pages) / 3600:.1f} hours."]
    for machines in (4, 16):
        workers = machines * cores
        lines.append(f"- On a Dask cluster of {machines} such machines ({workers} workers): "
                     f"about {(cpu / workers + pages) / 60:.0f} minutes, of which "
                     f"{pages / 60:.0f} are the pages this machine renders after the jobs "
                     f"({largest.render:.2f} s a pay table).")
    return lines


def run(content: Path, counts: list[int], markdown: Path | None = None,
        command: str = "vpcharts bench --builds") -> int:
    if markdown is not None:
        markdown.parent.resolve(strict=True)  # a missing folder fails now, not after minutes
    machine = Machine.now()
    figures = []
    for count in counts:
        reference = cold_build(content, 1)  # (the machine's speed this hour: see BuildFigures)
        figures.append(replace(cold_build(content, count), reference=reference.wall))
        print(HEADER)
        for f in figures:
            print(f.row())
    extra = thousand(max(figures, key=lambda f: f.tables), machine.cores)
    print("\n".join(extra))
    if markdown is not None:
        kept = kept_section(markdown)  # (the Ultimate X figures: their own command)
        first = catalogue_order(load_paytables(content / "paytables"))[0].name
        markdown.write_text(markdown_page(machine.finished(), command, figures, extra, first)
                            + ("\n" + kept if kept else ""), encoding="utf-8")
        print(f"wrote {markdown}")
    return 0


def markdown_page(machine, command: str, figures: list[BuildFigures], extra: list[str],
                  first: str) -> str:
    loads = lambda values: ", ".join(f"{x:.2f}" for x in values)  # noqa: E731
    rows = "\n".join(f.row() for f in figures)
    return f"""# Scaling: a first build of N pay tables

Written by `{command}` on {machine.date}: {machine.cores} cores ({machine.cpu}); load average
{loads(machine.load_start)} at the start, {loads(machine.load_end)} at the end (a load over the
core count means other work shared the machine, and the wall times grew with it).

Each build starts from nothing, as a new user's first build: an empty solution cache and an
empty numba cache, so the kernels are compiled and every deck's tables computed. CPU is the
build's and its workers' (user + system); peak memory is the largest single process's. The
last column is a first build of {first} alone, run just before each build: on another machine
or at a busier hour, `vpcharts bench --builds 1` gives yours, and the other figures scale with
it.

{HEADER}
{rows}

{chr(10).join(extra)}
"""
