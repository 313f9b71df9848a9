"""The `vpcharts` command line.

Heavy modules (numpy, numba kernels) are imported inside each command so that `--help` stays
instant. Every user error is a VpchartsError: printed as one line, exit status 2.
"""

import argparse
import json
import sys
import time
from pathlib import Path

from .errors import ContentError, VpchartsError

DEFAULT_CONTENT = Path("content")
DEFAULT_SITE = Path("site")


def resolve_paytable(spec: str, content: Path):
    """A pay table from a path to a .toml file, or a slug from `content/paytables`."""
    from .paytable import load_paytable, load_paytables

    path = Path(spec)
    if path.suffix == ".toml" or path.exists():
        return load_paytable(path)
    folder = content / "paytables"
    if (folder / f"{spec}.toml").is_file():  # the usual case: the slug is the file name
        table = load_paytable(folder / f"{spec}.toml")
        if table.slug == spec:
            return table
    tables = load_paytables(folder)
    for table in tables:
        if table.slug == spec:
            return table
    raise ContentError(folder, "PAYTABLE", spec,
                       "a pay table slug (" + ", ".join(t.slug for t in tables) + ") or a path")


def cmd_solve(args) -> int:
    from . import cache, report

    table = resolve_paytable(args.paytable, args.content)
    start = time.perf_counter()
    solution, cached = cache.solve(table, use_cache=not args.no_cache)
    seconds = time.perf_counter() - start
    data = report.summary(solution)
    if args.json:
        data["seconds"] = round(seconds, 4)
        data["cached"] = cached
        print(json.dumps(data, indent=2, sort_keys=True))
    else:
        print(report.solve_text(data, seconds, cached))
    return 0


def cmd_analyze(args) -> int:
    from . import cache, report
    from .cards import parse_hand

    table = resolve_paytable(args.paytable, args.content)
    cards = parse_hand(args.hand, joker_allowed=table.deck_size == 53)
    solution, _ = cache.solve(table, use_cache=not args.no_cache)
    rows = report.analyze_rows(solution, cards)
    if args.json:
        print(json.dumps([{"hold": row["hold"], "ev": str(row["ev"]), "optimal": row["optimal"],
                           "chosen": row["chosen"]} for row in rows], indent=2))
    else:
        print(report.analyze_text(solution, cards, rows))
    return 0


def cmd_strategy(args) -> int:
    from . import cache, strategy, strategy_report

    table = resolve_paytable(args.paytable, args.content)
    solution, _ = cache.solve(table, use_cache=not args.no_cache)
    if args.ce:
        print(strategy_report.ce_text(strategy.ce_table(solution)))
        return 0
    want_simple = args.simple or args.json
    exact, simple = strategy.build_levels(
        solution, simple_lines=strategy.SIMPLE_LINES if want_simple else None)
    simple_check = simple.check if want_simple else None  # counted by suit class
    if args.json:
        data = strategy_report.strategy_json(solution, exact, strategy.ce_table(solution),
                                             simple, simple_check)
        print(strategy_report.dumps(data))
        return 0
    shown = simple if args.simple else exact
    print(strategy_report.lines_text(table.name, shown, simple_check))
    if args.verify:
        result = strategy.verify(solution, shown)
        print()
        print(strategy_report.verify_text(result))
        if not args.simple and result["misplays"]:
            return 1
    return 0


def cmd_build(args) -> int:
    from .site.build import build_site, summary_text

    summary = build_site(args.content, args.out, use_cache=not args.no_cache,
                         progress=lambda text: print(text, flush=True))
    print(summary_text(summary))
    return 0


def cmd_serve(args) -> int:
    from .site.serve import serve

    return serve(args.out, args.port)


def cmd_bench(args) -> int:
    from .bench import run

    return run(args.content, args.repeat)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="vpcharts", description="Exact video poker strategy charts.")
    top.add_argument("--content", type=Path, default=DEFAULT_CONTENT,
                     help="content folder (default: ./content)")
    top.add_argument("--verbose", action="store_true", help="show tracebacks")
    commands = top.add_subparsers(dest="command", required=True)

    solve = commands.add_parser("solve", help="solve a pay table exactly and report it")
    solve.add_argument("paytable", help="a slug from content/paytables, or a path to a .toml file")
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.add_argument("--no-cache", action="store_true", help="solve afresh; neither read nor write the cache")
    solve.set_defaults(run=cmd_solve)

    analyze = commands.add_parser("analyze", help="exact EV of all 32 holds of one deal")
    analyze.add_argument("paytable")
    analyze.add_argument("hand", help='five cards, like "As Ks Qs Js 9d"')
    analyze.add_argument("--json", action="store_true")
    analyze.add_argument("--no-cache", action="store_true")
    analyze.set_defaults(run=cmd_analyze)

    strat = commands.add_parser("strategy", help="derive the exact hand-rank strategy table")
    strat.add_argument("paytable")
    strat.add_argument("--verify", action="store_true", help="play it on every deal and report misplays")
    strat.add_argument("--ce", action="store_true", help="print the CE table instead")
    strat.add_argument("--simple", action="store_true",
                       help="print the simple level (at most 20 lines) and its exact cost")
    strat.add_argument("--json", action="store_true", help="print the machine-readable table")
    strat.add_argument("--no-cache", action="store_true")
    strat.set_defaults(run=cmd_strategy)

    build = commands.add_parser("build", help="build the site from the content folder")
    build.add_argument("--no-cache", action="store_true",
                       help="recompute every export and card; neither read nor write the cache")
    build.add_argument("--out", type=Path, default=DEFAULT_SITE,
                       help="output folder (default: ./site), replaced whole when the build ends")
    build.set_defaults(run=cmd_build)

    serve = commands.add_parser("serve", help="preview the built site on localhost")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks one)")
    serve.add_argument("--out", type=Path, default=DEFAULT_SITE, help="folder to serve (default: ./site)")
    serve.set_defaults(run=cmd_serve)

    bench = commands.add_parser("bench", help="measure solve time, process time and peak memory")
    bench.add_argument("--repeat", type=int, default=5, help="timed runs per figure (default 5)")
    bench.set_defaults(run=cmd_bench)

    from .chinese.cli import add_parser as add_chinese  # Chinese Poker lives in its own package
    add_chinese(commands)
    return top


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except VpchartsError as exc:
        if args.verbose:
            raise
        print(f"vpcharts: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into `head`: not an error
        sys.stderr.close()
        return 0
