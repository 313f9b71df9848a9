"""The `vpcharts` command line.

Heavy modules (numpy, numba kernels) are imported inside each command so that `--help` stays
instant. Every failure is one line on stderr and an exit status, never a traceback (unless
`--debug`): 2 for bad input (a VpchartsError, or a bad command line), 1 for the environment (an
OSError names its path; an unexpected error says to run again with --debug), 130 for Ctrl-C and
143 for SIGTERM.
"""

import argparse
import atexit
import gc
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

from .core.errors import VpchartsError, os_error_line, shorten
from .core.options import path, whole

DEFAULT_CONTENT = Path("content")
DEFAULT_SITE = Path("site")
DEFAULT_BENCHMARKS = Path("docs/benchmarks.md")
DEFAULT_SCALING = Path("docs/scaling.md")


def resolve_paytable(spec: str, content: Path):
    """A pay table from a path to a .toml file, or a slug from `content/paytables`; its warnings
    (a lower hand paid more than a higher one) go to stderr."""
    from .solve.paytable import find_paytable  # (lazy: start-up)

    table = find_paytable(spec, content)
    for line in table.warnings:
        print(f"vpcharts: warning: {line}", file=sys.stderr, flush=True)
    return table


def cmd_solve(args) -> int:
    from .solve import cache, report as solution_report  # (lazy: start-up)
    from .solve.paytable import check_published  # (lazy: start-up)

    table = resolve_paytable(args.paytable, args.content)
    start = time.perf_counter()
    solution, cached = cache.solve(table, use_cache=not args.no_cache)
    seconds = time.perf_counter() - start
    check_published(table, solution.expected_return)
    data = solution_report.summary(solution)
    if args.json:
        data["seconds"] = round(seconds, 4)
        data["cached"] = cached
        print(json.dumps(data, indent=2, sort_keys=True))
    else:
        print(solution_report.solve_text(data, seconds, cached))
    return 0


def cmd_bankroll(args) -> int:
    from .bankroll.limits import check_session  # (lazy: start-up)
    from .bankroll.report import report_text  # (lazy: start-up)
    from .pricing.prices import played_level  # (lazy: start-up)

    check_session(args.bankroll, args.rounds, args.hands)  # before any pay table is solved
    table = resolve_paytable(args.paytable, args.content)
    solution, holds = played_level(table, args.level)
    print(report_text(table.name, args.level, solution, holds, args.bankroll, args.rounds,
                      args.hands))
    return 0


def cmd_analyze(args) -> int:
    from .solve import cache, report as solution_report  # (lazy: start-up)
    from .core.cards import parse_hand  # (lazy: start-up)
    from .core.errors import CardError  # (lazy: start-up)

    table = resolve_paytable(args.paytable, args.content)
    try:
        cards = parse_hand(args.hand, deck=table.family.deck)
    except CardError as exc:  # the line names the argument, as it names a file's field
        raise CardError(f"hand: {exc}") from None
    solution, _ = cache.solve(table, use_cache=not args.no_cache)
    rows = solution_report.analyze_rows(solution, cards)
    if args.json:
        print(json.dumps(analyze_json(table, cards, rows), indent=2, ensure_ascii=False))
    else:
        print(solution_report.analyze_text(solution, cards, rows))
    return 0


def analyze_json(table, cards, rows) -> dict:
    """The deal, the pay table and every hold in card text, best first: readable on its own."""
    from .core.cards import format_hand  # (lazy: start-up)

    return {
        "paytable": {"slug": table.slug, "name": table.name, "source": table.source},
        "deal": format_hand(cards, deck=table.family.deck),
        "holds": [{"held": format_hand(row["hold"], deck=table.family.deck), "ev": str(row["ev"]),
                   "ev_decimal": f"{float(row['ev']):.6f}", "optimal": row["optimal"],
                   "chosen": row["chosen"]} for row in rows],
    }


def cmd_strategy(args) -> int:
    from .solve import cache  # (lazy: start-up)
    from . import strategy  # (lazy: start-up)
    from .strategy import table_output  # (lazy: start-up)
    from .strategy.levels import simple_published  # (lazy: start-up)

    table = resolve_paytable(args.paytable, args.content)
    solution, _ = cache.solve(table, use_cache=not args.no_cache)
    if args.ce:
        print(table_output.ce_text(strategy.ce_table(solution)))
        return 0
    level = "simple" if args.simple else args.level
    if level == "exact" and not (args.json or args.curve):
        levels = None
        shown = strategy.build(solution)
    else:
        levels = strategy.build_levels(solution)
        shown = getattr(levels, level)
    if args.json:
        data = table_output.strategy_json(solution, levels, strategy.ce_table(solution))
        print(table_output.dumps(data))
        return 0
    if args.curve:
        print(table_output.curve_text(table.name, levels.curve))
        return 0
    print(table_output.lines_text(table.name, level, shown, solution))
    if level == "simple" and not simple_published(levels.card.printed, shown.printed):
        print(f"Not published: the card ({levels.card.printed} lines) is already the simple "
              "strategy; this table is not a quarter shorter.")
    if args.verify:
        result = strategy.verify(solution, shown)
        print()
        print(table_output.verify_text(result))
        if level == "exact" and result["misplays"]:
            return 1
        if levels is not None and (result["misplays"], result["cost"]) != (
                shown.check["misplays"], shown.check["cost"]):
            print("vpcharts: error: playing every deal disagrees with the count by suit class",
                  file=sys.stderr)
            return 1
    return 0


def cmd_progressive(args) -> int:
    from .solve.cache import family_deck  # (lazy: numpy)
    from .solve.progressive import progressive  # (lazy: numpy)
    from .strategy import progressive_report  # (lazy: numpy)

    table = resolve_paytable(args.paytable, args.content)
    keys = [line.key for line in table.lines]
    if args.pay not in keys:
        raise VpchartsError(f"--pay {shorten(repr(args.pay))}: expected a pay of {table.slug}: "
                            + ", ".join(keys))
    if args.low >= args.high:
        raise VpchartsError(f"--from {args.low} --to {args.high}: expected --from below --to")
    # (a meter counts what the full bet wins: per coin bet, over the coins a hand is bet)
    moving = progressive(table, args.pay, args.low / table.coins, args.high / table.coins)
    dk = family_deck(table.family.key)
    if args.json:
        print(json.dumps(progressive_report.progressive_json(moving, dk), indent=2,
                         ensure_ascii=False))
    else:
        print(progressive_report.progressive_text(moving, dk))
    return 0


def cmd_build(args) -> int:
    from .build.orchestrate import build_site, summary_text  # (lazy: start-up)

    if args.scheduler and args.no_cache:
        raise VpchartsError("--scheduler needs the cache, where the workers' results come "
                            "back: drop --no-cache")
    gc.freeze()  # (see _run)
    summary = build_site(args.content, args.out, use_cache=not args.no_cache,
                         progress=lambda text: print(text, flush=True), force=args.force,
                         scheduler=args.scheduler)
    print(summary_text(summary))
    return 0


def cmd_families(args) -> int:
    from .solve.families import FAMILIES, describe_family  # (lazy: start-up)

    for key, family in FAMILIES.items():
        if args.family in (None, key):
            print(describe_family(family) + "\n")
    return 0


def cmd_serve(args) -> int:
    from .build.serve import serve  # (lazy: start-up)

    return serve(args.out, args.port)


def cmd_bench(args) -> int:
    from .bench.solver import run  # (lazy: start-up)

    if args.any is not None:
        from .bench import any_page  # (lazy: start-up)

        words = ["vpcharts bench --any", *args.any]
        if args.markdown is not None:
            words.append("--markdown" if args.markdown == DEFAULT_BENCHMARKS
                         else f"--markdown {args.markdown}")
        return any_page.run(tuple(args.any) or any_page.DEFAULT_GAMES, args.markdown,
                            " ".join(words))
    if args.ultimate_x is not None:
        from .ultimate_x import bench as ux_bench  # (lazy: start-up)

        markdown = DEFAULT_SCALING if args.markdown == DEFAULT_BENCHMARKS else args.markdown
        words = ["vpcharts bench --ultimate-x", *args.ultimate_x]
        if markdown is not None:
            words.append("--markdown" if markdown == DEFAULT_SCALING else f"--markdown {markdown}")
        return ux_bench.run(args.content, args.ultimate_x, markdown, " ".join(words))
    if args.builds:
        from .bench import builds  # (lazy: start-up)

        markdown = args.markdown
        if markdown == DEFAULT_BENCHMARKS:  # (the builds' figures have a page of their own)
            markdown = DEFAULT_SCALING
        words = ["vpcharts bench --builds " + ",".join(str(n) for n in args.builds)]
        if markdown is not None:
            words.append("--markdown" if markdown == DEFAULT_SCALING else f"--markdown {markdown}")
        return builds.run(args.content, args.builds, markdown, " ".join(words))

    # The command line the page says made it, as a reader would type it again.
    words = ["vpcharts bench"]
    if args.content != DEFAULT_CONTENT:
        words.append(f"--content {args.content}")
    if args.strategy:
        words.append("--strategy")
    elif args.repeat != 5:
        words.append(f"--repeat {args.repeat}")
    if args.markdown is not None:
        words.append("--markdown" if args.markdown == DEFAULT_BENCHMARKS
                     else f"--markdown {args.markdown}")
    return run(args.content, args.repeat, args.strategy, args.markdown, " ".join(words))


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line (with a hint where one helps), exit 2. The
    line starts `vpcharts: error:` for a command's options too, as every other error does (and
    as the README's "Errors" says); the hint names the command whose --help lists them."""

    def _get_values(self, action, arg_strings):
        # argparse drops a "--" given as an option's value (`--rounds=--`) and hands on an empty
        # list where one value was due: refuse it as any other missing value is refused.
        if action.nargs is None and action.option_strings and arg_strings == ["--"]:
            raise argparse.ArgumentError(action, "'--': expected one argument")
        return super()._get_values(action, arg_strings)

    def error(self, message):
        hint = f" (see '{self.prog} --help')"
        if "unrecognized arguments" in message and self.prog.endswith("analyze"):
            hint = ' (quote the hand: "As Ks Qs Js 9d")'
        self.exit(2, f"vpcharts: error: {shorten(message, 200)}{hint}\n")


def port_number(text: str) -> int:
    # (ASCII digits only: int() takes "1_000" and " 80")
    port = int(text) if text.isascii() and text.isdigit() and len(text) <= 5 else -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{shorten(repr(text))}: expected a port number from 0 "
                                         "to 65535 (0 picks a free one)")
    return port


MAX_METER = 1_000_000  # `progressive --from/--to`: coins (a $250,000 royal on a quarter machine)
MAX_REPEAT = 1000  # `bench --repeat`: timed runs of each figure
MAX_BUILD = 10_000  # `bench --builds N`: pay tables of a first build (the catalogue holds ~120)
repeat_count = whole(1, MAX_REPEAT)
_build_count = whole(1, MAX_BUILD, "a number of pay tables")


def counts_list(text: str) -> list[int]:
    """The counts of `--builds`: "23,50,123" -> [23, 50, 123], each from 1 to MAX_BUILD."""
    if len(text) > 200:
        raise argparse.ArgumentTypeError(f"{shorten(repr(text))}: expected at most a few counts")
    return [_build_count(part) for part in text.split(",")]


def _common(command: argparse.ArgumentParser) -> None:
    """Options taken before or after the command (SUPPRESS: the top level's value stands unless
    given here)."""
    command.add_argument("--content", type=path, default=argparse.SUPPRESS,
                         help="content folder (default: ./content)")
    command.add_argument("--debug", "--verbose", dest="debug", action="store_true",
                         default=argparse.SUPPRESS, help="show tracebacks")


def parser() -> argparse.ArgumentParser:
    top = _Parser(prog="vpcharts", description="Exact video poker strategy charts.")
    top.add_argument("--content", type=path, default=DEFAULT_CONTENT,
                     help="content folder (default: ./content)")
    top.add_argument("--debug", "--verbose", dest="debug", action="store_true",
                     help="show tracebacks instead of one-line errors")
    commands = top.add_subparsers(dest="command", required=True, parser_class=_Parser)

    solve = commands.add_parser("solve", help="solve a pay table exactly and report it")
    solve.add_argument("paytable", help="a slug from content/paytables, or a path to a .toml file")
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.add_argument("--no-cache", action="store_true", help="solve afresh; neither read nor write the cache")
    solve.set_defaults(run=cmd_solve, short=True)

    from .bankroll.limits import MAX_BANKROLL, MAX_HANDS, MAX_ROUNDS  # (imports no numpy)
    from .core.options import bets  # (lazy: start-up)

    bankroll = commands.add_parser("bankroll", help="a level's variance for 1 to 100 hands a "
                                   "round, a session's risk, a lifetime's bankroll")
    bankroll.add_argument("paytable", help="a slug from content/paytables, or a path to a .toml file")
    bankroll.add_argument("--level", choices=("exact", "card", "simple"), default="exact")
    bankroll.add_argument("--bankroll", type=bets(MAX_BANKROLL), metavar="BETS",
                          help="the session's bankroll, in bets (like 400 or 2.5): at least a "
                          f"round's stake (HANDS bets), at most {MAX_BANKROLL:,}; with --rounds")
    bankroll.add_argument("--rounds", type=whole(1, MAX_ROUNDS),
                          help=f"rounds in the session, 1 to {MAX_ROUNDS:,}; with --bankroll")
    bankroll.add_argument("--hands", type=whole(1, MAX_HANDS), default=1,
                          help=f"hands a round, 1 to {MAX_HANDS} (default 1)")
    bankroll.set_defaults(run=cmd_bankroll, short=True)

    families = commands.add_parser("families", help="the game families and the pay keys each "
                                   "pay table file of them sets")
    from .solve.families import FAMILIES  # (data only: imports no numpy)

    families.add_argument("family", nargs="?", choices=list(FAMILIES),
                          help="one family's key (default: all)")
    families.set_defaults(run=cmd_families, short=True)

    analyze = commands.add_parser("analyze", help="exact EV of all 32 holds of one deal")
    analyze.add_argument("paytable")
    analyze.add_argument("hand", nargs="+", help='five cards, like "As Ks Qs Js 9d"')
    analyze.add_argument("--json", action="store_true")
    analyze.add_argument("--no-cache", action="store_true")
    analyze.set_defaults(run=cmd_analyze, short=True)

    strat = commands.add_parser("strategy", help="derive the exact hand-rank strategy table")
    strat.add_argument("paytable")
    strat.add_argument("--verify", action="store_true", help="play it on every deal and report misplays")
    strat.add_argument("--ce", action="store_true", help="print the CE table instead")
    strat.add_argument("--level", choices=("exact", "card", "simple"), default="exact",
                       help="exact (0 misplays), card (the shortest costing at most 0.01%%, "
                       "what the pocket card prints) or simple (the shortest costing at most "
                       "0.10%%; published only where a quarter shorter than the card)")
    strat.add_argument("--simple", action="store_true", help=argparse.SUPPRESS)  # --level simple
    strat.add_argument("--curve", action="store_true",
                       help="print the cost of the cheapest table found at every length")
    strat.add_argument("--json", action="store_true",
                       help="print the machine-readable tables: every level and the curve")
    strat.add_argument("--no-cache", action="store_true")
    strat.set_defaults(run=cmd_strategy)

    from .core.options import meter  # (lazy: start-up)

    moving = commands.add_parser("progressive", help="a progressive meter: the exact return as "
                                 "one pay moves, the break-even and where the best holds change")
    moving.add_argument("paytable")
    moving.add_argument("--pay", default="royal_flush",
                        help="the pay key that moves (default: royal_flush; `vpcharts families` "
                        "lists each family's keys)")
    moving.add_argument("--from", dest="low", type=meter(MAX_METER), required=True,
                        metavar="COINS", help="the meter's low end, coins the full bet wins")
    moving.add_argument("--to", dest="high", type=meter(MAX_METER), required=True,
                        metavar="COINS", help=f"its high end (at most {MAX_METER:,})")
    moving.add_argument("--json", action="store_true")
    moving.set_defaults(run=cmd_progressive, short=True)

    build = commands.add_parser("build", help="build the site from the content folder")
    build.add_argument("--no-cache", action="store_true",
                       help="recompute every export and card; neither read nor write the cache")
    build.add_argument("--out", type=path, default=DEFAULT_SITE,
                       help="output folder (default: ./site), replaced whole when the build ends; "
                       "only a missing or empty folder, or a site vpcharts wrote")
    build.add_argument("--force", action="store_true",
                       help="replace an output folder that holds other files (never the content "
                       "folder, a repository, your home or /)")
    build.add_argument("--scheduler", metavar="ADDRESS",
                       help="run the pay tables' work on the Dask cluster whose scheduler is at "
                       "ADDRESS (tcp://host:8786); needs the distributed package")
    build.set_defaults(run=cmd_build)

    serve = commands.add_parser("serve", help="preview the built site on localhost")
    serve.add_argument("--port", type=port_number, default=8000,
                       help="port (default 8000; 0 picks one)")
    serve.add_argument("--out", type=path, default=DEFAULT_SITE, help="folder to serve (default: ./site)")
    serve.set_defaults(run=cmd_serve)

    bench = commands.add_parser("bench", help="measure solve time, process time and peak memory")
    bench.add_argument("--repeat", type=repeat_count, default=5,
                       help=f"timed runs per figure, 1 to {MAX_REPEAT:,} (default 5)")
    bench.add_argument("--builds", type=counts_list, metavar="N[,N...]",
                       help="time a first build (empty caches, kernels compiled) of N pay tables "
                       "of the catalogue, for each N: wall, CPU, peak memory, site size "
                       "(with --markdown, written to docs/scaling.md)")
    bench.add_argument("--any", nargs="*", metavar="GAME",
                       help="time the Any pay table page in chromium for these games (any.html's "
                       "game ids; default: Deuces Wild and one game of each deck): the exact "
                       "return and every card priced, first and after typing a pay; peak memory; "
                       "and the session calculator of a pay table's page (with --markdown, "
                       "written as a section of docs/benchmarks.md)")
    bench.add_argument("--ultimate-x", nargs="*", metavar="GAME",
                       help="the CPU each Ultimate X game's solve and export take, each in a "
                       "fresh process (default: every game of content/ultimate-x; a file name "
                       "takes its games); with --markdown, its section of docs/scaling.md")
    bench.add_argument("--strategy", action="store_true",
                       help="only the strategy figures, for every pay table (about 4 minutes)")
    bench.add_argument("--markdown", type=path, nargs="?", const=DEFAULT_BENCHMARKS,
                       metavar="FILE", help="also write the figures as a Markdown page "
                       f"(default {DEFAULT_BENCHMARKS}; with --strategy, that part alone)")
    bench.set_defaults(run=cmd_bench)
    from .chinese.cli import add_parser as add_chinese  # Chinese Poker lives in its own package
    add_chinese(commands)
    from .ultimate_x.cli import add_parser as add_ultimate_x  # and Ultimate X in its own
    add_ultimate_x(commands)
    for command in commands.choices.values():
        _common(command)
    return top


class Terminated(BaseException):
    """SIGTERM, raised like Ctrl-C so that `finally` blocks clean up (a build's temporary
    folder, its workers)."""


def _on_sigterm(signum, frame):
    raise Terminated()


def entry() -> None:
    """The real entry point (`vpcharts`, `python -m generator`): `main`, then leave at once.

    Importing numba makes about 100,000 objects that live as long as the process, and the cyclic
    garbage collector walks them all again and again while they are made and once more at exit,
    for nothing: a tenth of a whole `solve`. So the collector is off from the start; `main` turns
    it back on for every command but the short ones (solve, analyze: under a second, a bounded
    amount of memory). And a normal interpreter exit tears down every module and object one by
    one; here the output is flushed and the exit handlers run (multiprocessing's, temporary
    folders' finalizers) as they would, then the process ends without the teardown. Only when
    `main` returned normally with no other thread still running; `main` itself, which the tests
    call in-process, keeps the normal exit.

    OpenBLAS, loaded with numpy (and again with scipy, which numba imports), starts a thread per
    core that spins for a while: CPU time taken from the solve on one core, for linear algebra
    in floats that vpcharts never does. One thread, unless the user said otherwise.
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    gc.disable()
    code = main()
    if threading.active_count() != 1:
        sys.exit(code)
    try:
        for stream in (sys.stdout, sys.stderr):
            if not stream.closed:
                stream.flush()
    except Exception:  # a full disk, a closed pipe: the normal exit reports it as it always did
        sys.exit(code)
    atexit._run_exitfuncs()
    os._exit(code)


def main(argv=None) -> int:
    try:
        commands = parser()  # reads the game families: a bad families.toml stops here
    except VpchartsError as exc:
        if "--debug" in (sys.argv[1:] if argv is None else argv):
            raise
        return _fail(exc, str(exc), exc.exit_code)
    args = commands.parse_args(argv)
    if not getattr(args, "short", False):
        gc.enable()  # entry() started without the collector; a long command needs it
    if isinstance(getattr(args, "hand", None), list):
        args.hand = " ".join(args.hand)  # an unquoted hand arrives as five arguments
    previous = None
    try:
        if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
            previous = signal.signal(signal.SIGTERM, _on_sigterm)
    except ValueError:  # not the main thread (main() called from a thread): leave SIGTERM be
        pass
    try:
        return _run(args)
    except BrokenPipeError:  # output piped into `head`: not an error
        sys.stderr.close()
        return 0
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _run(args) -> int:
    """Run the command; one line for any error. A command may freeze what its imports made
    (gc.freeze: objects that live as long as the process, numpy's, Jinja's, ...), so that the
    collector's full passes walk only what it makes after, not the many objects its imports
    left. They are handed back to the collector when it returns, for callers in-process."""
    try:
        try:
            return args.run(args)
        finally:
            gc.unfreeze()
            sys.stdout.flush()
    except VpchartsError as exc:
        if args.debug:
            raise
        return _fail(exc, str(exc), exc.exit_code)
    except KeyboardInterrupt as exc:
        if args.debug:
            raise
        return _fail(exc, "interrupted", 130)
    except Terminated as exc:
        if args.debug:
            raise
        return _fail(exc, "terminated", 143)
    except BrokenPipeError:
        raise
    except OSError as exc:
        if args.debug:
            raise
        return _fail(exc, os_error_line(exc), 1)
    except Exception as exc:  # a bug: still one line, and how to see more
        if args.debug:
            raise
        return _fail(exc, f"internal error: {type(exc).__name__}: {shorten(exc, 200)} (run again "
                     "with --debug for the traceback)", 1)


def _fail(exc, line: str, code: int) -> int:
    print(f"vpcharts: error: {line}", file=sys.stderr, flush=True)
    return code
