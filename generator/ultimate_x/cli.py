"""`vpcharts ultimate-x GAME`: an Ultimate X game's long-run figures, its holds at a total, a
machine left with multipliers lit, and the game simulated.

In: parsed arguments (the content folder from the top-level parser). Out: text on stdout (or
JSON) and an exit status; user errors are VpchartsError lines, reported by generator/cli.py.
"""

import json
import re
import sys
from pathlib import Path

from ..core.cards import parse_hand
from ..core.errors import CardError, ContentError, VpchartsError, shown
from ..core.options import one_of, whole
from ..solve.paytable import load_paytables
from .export import check_published, export
from .game import FOLDER, load_games, load_games_of_file
from .report import deal_text, game_text, vulture_text


def find_game(spec: str, lines: int | None, content: Path):
    """A game from a slug (ultimate-x-8-6-jacks-or-better-10-play), or a file of
    content/ultimate-x (its name without .toml) or a path to one, with --lines."""
    tables = load_paytables(content / "paytables")
    folder = content / FOLDER
    if not spec.strip() or "\x00" in spec:  # (a NUL: no file has one; Python's calls raise)
        raise ContentError(folder.resolve(), "GAME", spec, "an Ultimate X file of that folder, "
                           "a path to one, or a game's slug")
    path = Path(spec)
    try:
        named = (folder / f"{spec}.toml").is_file()
    except OSError:  # (a name too long for the file system: no such file, said below with exit 2)
        named = False
    if path.suffix == ".toml" or named:
        games = load_games_of_file(path if path.suffix == ".toml" else folder / f"{spec}.toml",
                                   tables)
    else:
        games = [g for g in load_games(folder, tables) if g.slug == spec]
        if not games:
            known = ", ".join(p.stem for p in sorted(folder.glob("*.toml")))
            raise ContentError(folder.resolve(), "GAME", spec, "an Ultimate X file of that "
                               f"folder ({known or 'none there'}), a path to one, or a game's "
                               "slug (ultimate-x-STEM-10-play)")
    if lines is not None:
        games = [g for g in games if g.lines == lines]
        if not games:
            raise ContentError(Path(spec), "--lines", lines, "a number of lines the file has a "
                               "[lines.N] table for")
    if len(games) > 1:
        counts = ", ".join(str(g.lines) for g in games)
        raise VpchartsError(f"{spec}: tables for {counts} lines: choose one with --lines")
    return games[0]


def parse_multipliers(text: str, game) -> int:
    """The multipliers showing, as the total the decision depends on: "12 1 3" (one per line)
    or "total=16"."""
    source = text
    text = text.strip()
    words = text.replace(",", " ").split()
    if text.startswith("total="):
        # (ASCII digits only, and few: int() takes "1_6", Arabic-Indic digits, and 5,000 digits
        # slowly)
        total = int(text[6:]) if re.fullmatch(r"[0-9]{1,6}", text[6:]) else -1
        from .mdp import reachable_totals  # (lazy: numpy)

        if total not in set(reachable_totals(game.values, game.lines).tolist()):
            raise VpchartsError(f"--multipliers {shown(source)}: expected a total {game.lines} lines can "
                                f"show, each 1x or one of {', '.join(map(str, game.values[1:]))}")
        return total
    # (str.isdigit() is true of "²", which int() refuses: ASCII digits only)
    if len(words) != game.lines or not all(re.fullmatch(r"[0-9]{1,4}[xX]?", w) for w in words) \
            or any(int(w.rstrip("xX")) not in game.values for w in words):
        raise VpchartsError(f"--multipliers {shown(source)}: expected {game.lines} multipliers, one per "
                            f"line, each of {', '.join(map(str, game.values))} (or total=N)")
    return sum(int(w.rstrip("xX")) for w in words)


def cmd_ultimate_x(args) -> int:
    game = find_game(args.game, args.lines, args.content)
    if args.deal is not None:
        try:
            cards = parse_hand(args.deal, deck=game.table.family.deck)
        except CardError as exc:
            raise CardError(f"--deal: {exc}") from None
        total = parse_multipliers(args.multipliers or "total=" + str(game.lines), game)
        print(deal_text(game, cards, total))
        return 0
    data, _ = export(game, use_cache=not args.no_cache)
    check_published(game, data)
    if args.json:
        print(json.dumps(data.to_json(), indent=1, sort_keys=True, ensure_ascii=False))
        return 0
    print(game_text(game, data))
    if args.vulture:
        print()
        print(vulture_text(data))
    if args.simulate:
        from . import mdp  # (lazy: numpy)
        from .holds import hold_arrays  # (lazy: numpy)
        from .simulate import simulate  # (lazy: numpy)

        solved = mdp.solve(mdp.model(hold_arrays(game), game.lines))
        run = simulate(solved, game, args.simulate, args.seed)
        gap = (run.expected_return - solved.expected_return) / run.standard_error
        print(f"\nSimulated {run.deals:,} deals (seed {args.seed}): return "
              f"{run.expected_return * 100:.4f}% +- {run.standard_error * 100:.4f}% (one standard "
              f"error, batch means); computed {solved.expected_return * 100:.4f}%: "
              f"{gap:+.2f} standard errors")
        if abs(gap) > 4:
            print("vpcharts: the simulation disagrees with the solver by more than 4 standard "
                  "errors", file=sys.stderr)
            return 1
    return 0


# --simulate's DEALS: from 100 (the standard error is taken over 100 batches) to a billion (the
# kernel plays about ten million deals a second; more would run for minutes on end). --seed:
# the kernel's generator takes 0 to 2**32 - 1.
MIN_DEALS = 100
MAX_DEALS = 1_000_000_000
MAX_SEED = 2 ** 32 - 1


def add_parser(commands) -> None:
    ux = commands.add_parser("ultimate-x", help="an Ultimate X game: the long-run optimum, the "
                             "card by multiplier, a machine left with multipliers lit")
    ux.add_argument("game", help="a file of content/ultimate-x (8-6-jacks-or-better), a path to "
                    "one, or a game's slug")
    ux.add_argument("--lines", type=one_of(1, 3, 5, 10),
                    help="which of the file's games (default: the only one)")
    ux.add_argument("--vulture", action="store_true",
                    help="also: what a machine left with each total is worth sitting down to")
    ux.add_argument("--deal", metavar="HAND", help='every hold of this deal, like "As Ks Qs Js '
                    '9d", at the multipliers of --multipliers')
    ux.add_argument("--multipliers", metavar="M", help='with --deal: the multipliers showing, '
                    'one per line ("2 1 12"), or total=N (default: every line 1x)')
    ux.add_argument("--simulate", type=whole(MIN_DEALS, MAX_DEALS, "a whole number of deals"),
                    metavar="DEALS", help="also play DEALS deals at random by the computed "
                    f"holds and compare, {MIN_DEALS} to {MAX_DEALS:,}")
    ux.add_argument("--seed", type=whole(0, MAX_SEED), default=1,
                    help=f"the simulation's seed, 0 to {MAX_SEED:,} (default 1)")
    ux.add_argument("--json", action="store_true", help="print the export")
    ux.add_argument("--no-cache", action="store_true")
    ux.set_defaults(run=cmd_ultimate_x)
