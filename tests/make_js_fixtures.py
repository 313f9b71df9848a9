"""The JavaScript tests' fixtures in tests/js/fixtures/: what Python proved, for the Node tests.

    python -m tests.make_js_fixtures          # (re)write them all
    python -m tests.make_js_fixtures --check  # exit 1 if a checked-in one differs from now

Language-neutral golden files, as phevaluator's test_data CSVs are read by its C++ and Python
tests: `node --test tests/js/` reads these alone (no Python run first), and tests/test_js.py
checks that each checked-in file holds exactly what this module makes now, so they cannot go
stale when the solver, the export or the parser changes. Everything is seeded (random.Random
with a string seed) and written with sorted keys, so two runs write the same bytes.

The fixtures (1.3 MB together, gzip-compressed where large):
- hands.json: hand text, each parsed by generator.core.cards.parse_hand, or its one-line error, with
  no joker, one, and two (a 54-card deck: the second joker is card 53).
- evs-<slug>.json.gz, for one pay table of every family (and Double Double Bonus for its kicker
  quads): the export's rules and unit, seeded random deals with their 32 exact EVs
  (Solution.deal_evs), and for the first 200 the hold features, order keys and representative.
  The four tables of the first families have 1,000 deals; the newer families' tables (read from
  tests/paytables/, TEST_TABLES) 200, every one with its features, to keep the folder small.
- play-<slug>.json.gz, play-<slug>-reps.bin.gz, play-<slug>-optimal.bin.gz: the export's rules
  and exact table, each suit class's representative (5 bytes) and a 32-bit mask of its optimal
  holds (little-endian), and Python's class_of on 2,000 seeded deals; the JS plays the table on
  every suit class against them. 9/6 Jacks or Better only (0.23 MB, most of it the representatives):
  the other families' exports derive their tables for minutes, too long for the quick check that
  the fixtures are current, so the slow test_js_plays_every_class_optimally plays Full Pay Deuces
  Wild and Joker Poker Two Pair from a temporary folder.
- progressive.json.gz: two progressive meters (PROGRESSIVE_CASES), every breakpoint with its
  changes and the holds that swap, named (the lines that move); hold-names.json.gz: every hold's
  name on 60 seeded deals of one pay table of each family (generator/strategy/hold_words.py).
- chinese.json.gz: the Chinese Poker rank keys, win numerators and held-cards correction
  (content/chinese), the best and second-best split of 1,000 seeded random 13-card hands, and
  rank keys of 2,000 parts.
"""

import argparse
import gzip
import json
import random
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "js" / "fixtures"
PAYTABLES = ROOT / "content" / "paytables"
TEST_PAYTABLES = ROOT / "tests" / "paytables"  # the newer families' test tables

# Each EV table with its number of deals (the first 200 with features).
EV_DEALS = {"9-6-jacks-or-better": 1000, "9-6-double-double-bonus": 1000,
            "full-pay-deuces-wild": 1000, "joker-poker-kings-or-better": 1000,
            "bonus-deuces-9-4-4": 200, "deuces-ddb-20-10-8": 200, "deuces-joker-12-9-6": 200,
            "double-joker-9-5-4": 200, "sevens-wild": 200, "sevens-and-joker-wild-600-300-25": 200,
            "one-eyed-jacks-200-75-50": 200, "five-aces-9-6-double-double-bonus": 200,
            "black-jack-bonus-9-6": 200}
EV_TABLES = list(EV_DEALS)
# The EV tables read from tests/paytables (the others from content/paytables).
TEST_TABLES = frozenset({"bonus-deuces-9-4-4", "deuces-ddb-20-10-8", "deuces-joker-12-9-6",
                         "double-joker-9-5-4", "one-eyed-jacks-200-75-50"})
PLAY_TABLES = ["9-6-jacks-or-better"]

HAND_TEXTS = [
    "As Ks Qs Js 9d", "AsKsQsJs9d", "10h Jh Qh Kh Ah", "as ks qs js ts", "A♠ K♥ Q♦ J♣ 9♠",
    "A♤ K♡ Q♢ J♧ 9s", "As, Ks, Qs, Js, 9d", "As Ks Qs Js Jk", "As Ks Qs Js X", "As Ks Qs Js",
    "As Ks Qs Js 9d 8d", "As As Qs Js 9d", "As Ks Qs Js 1d", "As Ks Qs Js Zz", "", "  ",
    "As Ks Qs Js <b>", "As Ks Qs Js 9x", "jk jk 2c 3c 4c", "2c 3c 4c 5c 6c", "Tc Jc Qc Kc 10c",
    "As " * 40, "9" * 200, "As Ks Qs Js Jk " + "é" * 100,  # (long: the text cut to 80 characters)
]
# Read also with Five Aces' deck (its fifth ace "A*", shown "A★"), as every text above.
STAR_TEXTS = ["A* As Ah Ad Ac", "A★ K♠ Q♠ J♠ T♠", "a* 2c 3c 4c 5c", "A☆ Ks Qs Js Ts", "K* As Ks Qs Js",
              "A* A* Ks Qs Js", "10* As Ks Qs Js", "A*AsKsQsJs"]
# Read also with two jokers allowed (and, after HAND_TEXTS, with none and one).
TWO_JOKER_TEXTS = ["Jk X As Ks Qs", "x Jk 2c 3c 4c", "As Jk Ks Jk Qs", "Jk Jk Jk As Ks", "Jk Jk As Ks",
                   "Jk As Ks Qs Js"]


def _json(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def random_deal(rng: random.Random, deck_size: int) -> list[int]:
    return rng.sample(range(deck_size), 5)  # in random order: the JS must not assume sorted cards


def paytable_path(slug: str) -> Path:
    """The pay table file of an EV table: tests/paytables for TEST_TABLES, else content/paytables."""
    return (TEST_PAYTABLES if slug in TEST_TABLES else PAYTABLES) / f"{slug}.toml"


def _cached_solve(slug: str):
    from generator.solve.cache import solve
    from generator.solve.paytable import load_paytable

    return solve(load_paytable(paytable_path(slug)))[0]


# Each maker returns a file's bytes before gzip; `solve(slug)` gives the slug's Solution.

def hands() -> bytes:
    from generator.core.cards import parse_hand
    from generator.core.errors import CardError

    from generator.solve.families import FAMILIES

    cases = []
    texts = HAND_TEXTS + TWO_JOKER_TEXTS
    five_aces = FAMILIES["five_aces"].deck  # ("joker": the cards past the 52, as JS passes them)
    for text, joker in ([(t, j) for t in texts for j in (False, True)] + [(t, 2) for t in texts]
                        + [(t, list(five_aces[52:])) for t in texts + STAR_TEXTS]):
        try:
            if isinstance(joker, list):
                cards = parse_hand(text, deck=five_aces)
            else:
                cards = parse_hand(text, joker)
            cases.append({"text": text, "joker": joker, "cards": cards})
        except CardError as exc:
            cases.append({"text": text, "joker": joker, "error": str(exc)})
    return _json(cases)


def evs(slug: str, solve) -> bytes:
    from generator.core.cards import format_hand
    from generator.export.compute import rules
    from generator.solve.paytable import load_paytable
    from generator.solve.solver import class_of
    from generator.strategy import features as P

    table = load_paytable(paytable_path(slug))
    solution = solve(slug)
    rng = random.Random(f"evs {slug}")
    deals = []
    for i in range(EV_DEALS[slug]):
        cards = random_deal(rng, table.deck_size)
        deal = {"cards": cards, "evs": [str(ev) for ev in solution.deal_evs(cards)]}
        if i < 200:
            deal["features"] = [list(P.describe(cards, m, table.family.key, table.min_pair))
                                for m in range(32)]
            deal["keys"] = [P.rank_key(cards, m, table.family.key) for m in range(32)]
            # The representative the export names deal exceptions by.
            deal["rep"] = format_hand(solution.deck.reps[class_of(solution.deck, cards)[0]].tolist(),
                                      deck=table.family.deck)
        deals.append(deal)
    return _json({"slug": slug, "rules": rules(table), "unit": str(solution.unit), "deals": deals})


def play_files(slug: str, solve, data=None) -> dict[str, bytes]:
    """The play test's three files for `slug`; `data` is its export record (made here when
    None)."""
    from generator.core.records import to_json
    from generator.site.view import published
    from generator.solve.solver import class_of

    if data is None:
        from generator.export.cache import export
        from generator.solve.paytable import load_paytable

        data = export(load_paytable(PAYTABLES / f"{slug}.toml"))[0]
    solution = solve(slug)
    optimal = solution.evs == solution.best_ev[:, None]
    bits = (optimal * (1 << np.arange(32, dtype=np.uint64))).sum(axis=1).astype("<u4")
    # The JS maps each deal to its class by relabelling suits; checked against Python's mapping.
    rng = random.Random(f"classes {slug}")
    samples = []
    for _ in range(2000):
        cards = random_deal(rng, solution.deck.n_cards)
        index, position = class_of(solution.deck, cards)
        samples.append({"cards": cards, "class": index, "position": position})
    # The lines as the site publishes them (without the parts the pages render from): what the
    # checker plays.
    lines = published(data)["strategy"]["levels"]["exact"]["lines"]
    table = {"slug": slug, "rules": to_json(data.rules), "lines": lines, "classes": samples}
    return {f"play-{slug}.json.gz": _json(table),
            f"play-{slug}-reps.bin.gz": solution.deck.reps.astype(np.uint8).tobytes(),
            f"play-{slug}-optimal.bin.gz": bits.tobytes()}


def chinese() -> bytes:
    from generator.chinese import arranger, rank_kernels, tablefile
    from generator.site import chinese as chinese_page

    t = tablefile.read(tablefile.path_in(ROOT / "content"))
    a = arranger.Arranger.of(t)
    rng = random.Random(15)
    hands_ = []
    for _ in range(1000):
        cards = rng.sample(range(52), 13)  # unsorted: the JS must sort
        best, second = a.ranked(cards, 2)
        hands_.append({"cards": cards, "index": best["index"], "ePlus": best["e_plus"],
                       "second": second["index"]})
    keys = []
    for size in [5, 3] * 1000:
        cards = rng.sample(range(52), size)
        keys.append({"cards": cards, "key": int(rank_kernels.key5(*cards) if size == 5
                                                else rank_kernels.key3(*cards))})
    return _json({"tables": chinese_page.arranger_data(t), "hands": hands_, "keys": keys})


# Progressive meters the JS port (static/js/progressive.js) is held to: (slug, pay key, per coin
# from, to), each a range holding breakpoints and, for 9/6 Jacks or Better, the break-even.
PROGRESSIVE_CASES = [("9-6-jacks-or-better", "royal_flush", "800", "1600"),
                     ("sevens-wild", "natural_royal", "800", "1000")]


def progressive_cases() -> bytes:
    """Each case's rules and Python's answer: every value an exact fraction as text, every
    change by its class's representative (card ids), so the test reads no class order."""
    from generator.export.compute import rules
    from generator.solve.cache import family_deck
    from generator.solve.paytable import load_paytable
    from generator.solve.progressive import progressive

    from generator.core.wild_words import held_list
    from generator.strategy.progressive_report import moves

    cases = []
    for slug, key, low, high in PROGRESSIVE_CASES:
        table = load_paytable(paytable_path(slug))
        moving = progressive(table, key, Fraction(low), Fraction(high))
        dk = family_deck(table.family.key)
        reps = dk.reps
        cases.append({
            "slug": slug, "rules": rules(table), "key": key, "low": low, "high": high,
            "held_words": held_list(table.family.wild_name),
            "return_low": str(moving.return_low), "return_high": str(moving.return_high),
            "break_even": None if moving.break_even is None else str(moving.break_even),
            "breakpoints": [{"pay": str(p.pay), "return": str(p.return_), "deals": p.deals,
                             "changes": [[reps[c.cls].tolist(), c.before, c.after]
                                         for c in p.changes],
                             "moves": [[m.above, m.below, m.deals, reps[m.example.cls].tolist()]
                                       for m in moves(moving, p, dk)]}
                            for p in moving.breakpoints]})
    return _json(cases)


def hold_names() -> bytes:
    """Every hold's name (generator/strategy/hold_words.py) on seeded deals of one pay table of
    every family: half at random, half from the cards of three ranks and the deck's extra cards
    (pairs, threes, fours and five aces come often)."""
    from generator.export.compute import rules
    from generator.solve.paytable import load_paytable
    from generator.core.wild_words import held_list
    from generator.strategy.hold_words import hold_name

    tables = []
    for slug in EV_TABLES:
        table = load_paytable(paytable_path(slug))
        family, size = table.family, table.family.deck_size
        rng = random.Random(f"hold names {slug}")
        deals = []
        for i in range(60):
            if i % 2:
                ranks = rng.sample(range(13), 3)
                cards = [r * 4 + s for r in ranks for s in range(4)] + list(range(52, size))
                deal = sorted(rng.sample(cards, 5))
            else:
                deal = random_deal(rng, size)
            deals.append({"cards": deal, "names": [hold_name(deal, mask, family.key,
                                                             table.min_pair)
                                                   for mask in range(32)]})
        tables.append({"slug": slug, "rules": rules(table),
                       "held_words": held_list(family.wild_name), "deals": deals})
    return _json(tables)


def groups() -> dict[str, Callable]:
    """A group's name -> a function of `solve` giving its files, {file name: bytes before gzip}."""
    out = {"hands": lambda solve: {"hands.json": hands()},
           "chinese": lambda solve: {"chinese.json.gz": chinese()},
           "progressive": lambda solve: {"progressive.json.gz": progressive_cases(),
                                         "hold-names.json.gz": hold_names()}}
    for slug in EV_TABLES:
        out[f"evs-{slug}"] = lambda solve, slug=slug: {f"evs-{slug}.json.gz": evs(slug, solve)}
    for slug in PLAY_TABLES:
        out[f"play-{slug}"] = lambda solve, slug=slug: play_files(slug, solve)
    return out


def file_names() -> list[str]:
    """Every fixture's file name, without making any."""
    names = ["hands.json", "chinese.json.gz", "solver.json.gz",  # (solver: make_solver_fixtures)
             "progressive.json.gz", "hold-names.json.gz",
             # (make_derive_fixtures, make_rank_words_fixtures, make_describe_fixtures)
             "derive.json.gz", "rank-words.json.gz", "describe.json.gz"]
    names += [f"evs-{slug}.json.gz" for slug in EV_TABLES]
    for slug in PLAY_TABLES:
        names += [f"play-{slug}.json.gz", f"play-{slug}-reps.bin.gz", f"play-{slug}-optimal.bin.gz"]
    from tests.make_ux_fixtures import names as ux_names  # (Ultimate X: its own module)

    return names + ux_names()


def read(path: Path) -> bytes:
    """A fixture's content, uncompressed."""
    raw = path.read_bytes()
    return gzip.decompress(raw) if path.name.endswith(".gz") else raw


def check_or_write(path: Path, content: bytes, check: bool, command: str) -> int:
    """A fixture maker's end: with `check`, exit status 1 if the file is not `content` (naming
    the command that writes it), else the file written and its size said."""
    if check:
        if not path.exists() or read(path) != content:
            print(f"stale: {path} (run {command})")
            return 1
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    write(path, content)
    print(f"{path}  {path.stat().st_size:,} bytes")
    return 0


def per_game_main(argv: list[str], module: str, file_name: str, content) -> int:
    """The command line of a maker whose fixture can hold one pay table of every game:
    `--check`, `--all` (content(True)) and `--out DIR` (default: the fixtures folder)."""
    command = f"python -m {module}"
    parser = argparse.ArgumentParser(prog=command)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--all", action="store_true", help="one pay table of every game")
    parser.add_argument("--out", type=Path, default=FOLDER)
    args = parser.parse_args(argv)
    return check_or_write(args.out / file_name, content(args.all), args.check, command)


def write(path: Path, content: bytes) -> None:
    # mtime=0 and no file name in the header: the same content gives the same bytes.
    path.write_bytes(gzip.compress(content, 9, mtime=0) if path.name.endswith(".gz") else content)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    FOLDER.mkdir(parents=True, exist_ok=True)
    stale = []
    for make in groups().values():
        for name, content in make(_cached_solve).items():
            path = FOLDER / name
            if check:
                if not path.exists() or read(path) != content:
                    stale.append(name)
            else:
                write(path, content)
                print(f"{path.relative_to(ROOT)}  {path.stat().st_size:,} bytes")
    for name in stale:
        print(f"stale: {name} (run python -m tests.make_js_fixtures)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
