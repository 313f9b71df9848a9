"""`vpcharts chinese train | set "13 cards" | evaluate`: argument parsing and the three commands.

In: parsed arguments (the content folder from the top-level parser). Out: text on stdout and an
exit status; user errors are VpchartsError lines, reported by generator/cli.py.
"""

import time

from ..core import store
from ..core.cards import parse_hand
from ..core.options import one_of, path, whole
from . import (DEFAULT_FRONT_SCALE, DEFAULT_HAND_REMOVAL, DEFAULT_HELD_CARDS, DEFAULT_JOINT,
    DEFAULT_REMOVAL, DEFAULT_RESPOND, DEFAULT_ROUNDS, DEFAULT_SAMPLES, DEFAULT_SEED, DEFAULT_SKIP)

def cmd_train(args) -> int:
    from . import command_text, tablefile, training  # (lazy: numba, numpy)

    out = args.out or tablefile.path_in(args.content)
    settings = (args.rounds, args.samples, args.seed, args.removal, args.skip, args.joint,
                args.front_scale, args.respond, args.hand_removal, args.held_cards)
    cached = store.cache_dir() / f"chinese-{training.cache_key(*settings)}.json"
    start = time.perf_counter()
    text = None
    if not args.no_cache and cached.is_file():
        try:
            tablefile.read(cached)
            text = cached.read_text()
            print(f"trained tables from the cache: {cached}")
        except Exception:  # a stale or damaged cache entry is trained again, never trusted
            text = None
    if text is None:
        print(f"training: {args.rounds} rounds of {args.samples:,} hands, seed {args.seed}",
              flush=True)
        result = training.train(
            *settings, progress=lambda k, s, row: print(command_text.round_line(k, args.rounds, s, row),
                                                        flush=True))
        text = tablefile.to_text(result)
        if not args.no_cache:
            store.write_bytes(cached, text.encode())
    seconds = time.perf_counter() - start
    if args.check:
        same = out.is_file() and out.read_text() == text
        print(f"{out}: {'identical to' if same else 'DIFFERS from'} this training "
              f"({seconds:.1f} s)")
        return 0 if same else 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text)
    print(f"wrote {out} ({seconds:.1f} s)")
    return 0


def cmd_set(args) -> int:
    from . import command_text, tablefile  # (lazy: numpy)
    from .arranger import Arranger  # (lazy: numba, numpy)

    cards = parse_hand(args.hand, size=13)
    tables = tablefile.read(tablefile.path_in(args.content))
    splits = Arranger.of(tables).ranked(cards, args.top)
    print(command_text.set_text(cards, splits, held=tables.get("held") is not None))
    return 0


def cmd_evaluate(args) -> int:
    from . import evaluation, tablefile  # (lazy: numba, numpy)

    tables = tablefile.read(args.tables or tablefile.path_in(args.content))
    return evaluation.run(tables, args)


# The options' ranges: past them a training or an evaluation would run for days or run out of
# memory (a round of 40,000 hands takes seconds; the default held-cards correction 400,000
# reference hands), and numpy's generators take seeds from 0 to 2**32 - 1 here.
MAX_ROUNDS = 1000
MAX_SAMPLES = 10_000_000
MAX_SEED = 2 ** 32 - 1
MAX_REMOVAL = 1000
MAX_JOINT = 100_000
MAX_RESPOND = 100_000
MAX_HELD_CARDS = 10_000_000
MAX_TOP = 100
MAX_PAIRS = 10_000_000
MAX_POOL = 10_000_000


def _range(low: int, high: int) -> str:
    return f"{low:,} to {high:,}"


def add_parser(commands) -> None:
    chinese = commands.add_parser("chinese", help="Chinese Poker: train, set a hand, evaluate")
    sub = chinese.add_subparsers(dest="chinese_command", required=True)

    train = sub.add_parser("train", help="train the win-probability tables by fictitious play")
    train.add_argument("--rounds", type=whole(1, MAX_ROUNDS), default=DEFAULT_ROUNDS,
                       help=f"rounds of fictitious play, {_range(1, MAX_ROUNDS)} "
                            f"(default {DEFAULT_ROUNDS})")
    train.add_argument("--samples", type=whole(1, MAX_SAMPLES), default=DEFAULT_SAMPLES,
                       help=f"hands per round, {_range(1, MAX_SAMPLES)} (default "
                            f"{DEFAULT_SAMPLES:,})")
    train.add_argument("--seed", type=whole(0, MAX_SEED), default=DEFAULT_SEED,
                       help=f"{_range(0, MAX_SEED)} (default {DEFAULT_SEED})")
    train.add_argument("--removal", type=whole(0, MAX_REMOVAL), default=DEFAULT_REMOVAL,
                       help="card removal within a row: representative hands per rank "
                            f"(0: none; up to {MAX_REMOVAL:,}; default {DEFAULT_REMOVAL})")
    train.add_argument("--skip", type=whole(0, MAX_ROUNDS), default=DEFAULT_SKIP,
                       help=f"drop the answers of the first N rounds from the average once "
                            f"later rounds exist, 0 to {MAX_ROUNDS:,} (default {DEFAULT_SKIP})")
    train.add_argument("--joint", type=whole(0, MAX_JOINT), default=DEFAULT_JOINT,
                       help="fit each kept round's answer to the true points of the best splits "
                            f"of N of its hands (0: per-row shares; up to {MAX_JOINT:,}; default "
                            f"{DEFAULT_JOINT})")
    train.add_argument("--front-scale", type=whole(0, 100), default=DEFAULT_FRONT_SCALE,
                       help="the trained front chances p become 1/2 + N/100 (p - 1/2), 0..100 "
                            f"(default {DEFAULT_FRONT_SCALE}; 100: unchanged)")
    train.add_argument("--respond", type=whole(0, MAX_RESPOND), default=DEFAULT_RESPOND,
                       help="set each kept round's hands by the best of their 8 best splits in "
                            "true points against N of the round's hands, and answer that "
                            f"(0: by E+; up to {MAX_RESPOND:,}; default {DEFAULT_RESPOND})")
    train.add_argument("--hand-removal", type=one_of(0, 1), default=DEFAULT_HAND_REMOVAL,
                       help="1: count each hand's rows only against the round's hands that "
                            "share no card with it (card removal between the players; "
                            f"default {DEFAULT_HAND_REMOVAL})")
    train.add_argument("--held-cards", type=whole(0, MAX_HELD_CARDS), default=DEFAULT_HELD_CARDS,
                       help="reference hands for the correction of each row's chance by the "
                            f"cards the hand holds (0: none; up to {MAX_HELD_CARDS:,}; default "
                            f"{DEFAULT_HELD_CARDS:,})")
    train.add_argument("--out", type=path, help="default: CONTENT/chinese/tables.json")
    train.add_argument("--check", action="store_true",
                       help="compare with the file instead of writing it (exit 1 if different)")
    train.add_argument("--no-cache", action="store_true")
    train.set_defaults(run=cmd_train)

    hand = sub.add_parser("set", help='the best splits of 13 cards, like "As Ks Qs ... 2c"')
    hand.add_argument("hand")
    hand.add_argument("--top", type=whole(1, MAX_TOP), default=5,
                      help=f"how many splits to show, {_range(1, MAX_TOP)} (default 5)")
    hand.set_defaults(run=cmd_set)

    ev = sub.add_parser("evaluate", help="play the tables against a best response and naive play")
    ev.add_argument("--pairs", type=whole(1, MAX_PAIRS), default=1000,
                    help=f"duplicate pairs per match, {_range(1, MAX_PAIRS)} (default 1,000)")
    ev.add_argument("--pool", type=whole(1, MAX_POOL), default=200_000,
                    help="hands set by the tables that the best response samples opponents "
                         f"from, {_range(1, MAX_POOL)} (default 200,000)")
    ev.add_argument("--seed", type=whole(0, MAX_SEED), default=1,
                    help=f"{_range(0, MAX_SEED)} (default 1)")
    ev.add_argument("--tables", type=path,
                    help="a tables file to evaluate (default: CONTENT/chinese/tables.json)")
    ev.add_argument("--without-held", action="store_true",
                    help="set hands by the tables alone, as the printed card does (no "
                         "correction for the cards held)")
    ev.add_argument("--write", action="store_true",
                    help="save the figures for the site in CONTENT/chinese/evaluation.json")
    ev.set_defaults(run=cmd_evaluate)
