"""`vpcharts bench --ultimate-x`: the CPU an Ultimate X game takes, each game in a fresh process.

Per game: the solve (the per-hold arrays, the model, value iteration, the hold at every total,
the long run's distribution and the vulture's stopping values: everything the checker and the
page's figures need), and then its whole export as a build computes it (the solve again, the
single strategy's exact table and card from the strategy stage, the bands' moves), with an empty
export cache. The base game's deck
tables are computed first and not counted: a build shares them with the base pay table's.

With `--markdown`, the figures replace the "Ultimate X: one game and the whole set" section of
docs/scaling.md (or are added at its end); `vpcharts bench --builds --markdown` keeps that section.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..solve.paytable import load_paytables
from .game import load_games

HEADING = "## Ultimate X: one game and the whole set"

_CHILD = r"""
import json, os, sys, time
from pathlib import Path
from generator.solve.paytable import load_paytables
from generator.ultimate_x.game import load_games
from generator.solve import cache
content = Path(sys.argv[1])
game = next(g for g in load_games(content / "ultimate-x", load_paytables(content / "paytables"))
            if g.slug == sys.argv[2])
cache.solve(game.table)
from generator.ultimate_x import mdp, vulture
from generator.ultimate_x.holds import hold_arrays
from generator.ultimate_x.export import compute
t0 = time.process_time()
solved = mdp.solve(mdp.model(hold_arrays(game), game.lines))
solved.evaluation
vulture.vulture(solved)
t1 = time.process_time()
data = compute(game)
t2 = time.process_time()
print(json.dumps({"solve": t1 - t0, "export": t2 - t1, "states": len(solved.model.totals),
                  "return": data.returns.optimal.percent}))
"""


def run(content: Path, slugs: list[str] | None, markdown: Path | None, command: str) -> int:
    games = load_games(content / "ultimate-x", load_paytables(content / "paytables"))
    if slugs:
        games = [g for g in games if g.slug in slugs or any(g.slug.startswith(f"ultimate-x-{s}-")
                                                             for s in slugs)]
    began = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory() as cache_dir:
        env = {**os.environ, "VPCHARTS_CACHE": cache_dir, "NUMBA_NUM_THREADS": "1"}
        for game in games:
            out = subprocess.run([sys.executable, "-c", _CHILD, str(content), game.slug],
                                 capture_output=True, text=True, env=env, check=True)
            figures = json.loads(out.stdout.strip().splitlines()[-1])
            rows.append((game, figures))
            print(f"{game.slug:48} solve {figures['solve']:6.1f} s  export "
                  f"{figures['export']:6.1f} s  ({figures['states']} totals; "
                  f"{figures['return']})", flush=True)
    solve = [f["solve"] for _, f in rows]
    export = [f["export"] for _, f in rows]
    summary = (f"{len(rows)} games: the solve {min(solve):.1f} to {max(solve):.1f} s CPU a game "
               f"({sum(solve):.0f} s in all); the whole export {min(export):.1f} to "
               f"{max(export):.1f} s ({sum(export):.0f} s in all)")
    print(summary)
    if markdown is not None:
        write_section(markdown, section(rows, summary, command, began, load))
        print(f"wrote {markdown}")
    return 0


def section(rows, summary: str, command: str, began: str, load) -> str:
    lines = [HEADING, "",
             f"Written by `{command}` on {began}, load average {load[0]:.2f} at the start. Each "
             "game in a fresh process, one thread: the solve (the arrays, value iteration, the "
             "hold at every total, the long run and the vulture's values), then its whole export "
             "as a build computes it (the solve again, the single strategy's card from the "
             "strategy stage, the bands' moves), with an empty export cache. CPU seconds.", "",
             "| game | totals | solve s | whole export s |", "| --- | ---: | ---: | ---: |"]
    for game, f in rows:
        lines.append(f"| {game.name} | {f['states']} | {f['solve']:.1f} | {f['export']:.1f} |")
    lines += ["", f"- {summary}.", ""]
    return "\n".join(lines)


def write_section(path: Path, text: str) -> None:
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    head = old.split(HEADING)[0].rstrip() if HEADING in old else old.rstrip()
    path.write_text((head + "\n\n" if head else "") + text, encoding="utf-8")


def kept_section(path: Path) -> str:
    """The section as the scaling page holds it now ("" if none): the builds' page keeps it."""
    if not path.exists():
        return ""
    old = path.read_text(encoding="utf-8")
    return old[old.index(HEADING):] if HEADING in old else ""
