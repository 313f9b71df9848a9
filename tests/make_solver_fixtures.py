"""What Python's solver says of whole pay tables, for the browser's solver (static/js/solver.js).

Each case is a pay table's export `rules` (the JS solver's input) and Python's exact answer: the
return and variance as fractions, and the final-hand counts (times the common denominator).
Random pay tables of a game are a catalogue table of that game with every pay moved at random
(seeded by the game: the same cases every run), kept only where the TOML validation accepts them,
so the JS is checked on pays nobody typed into the catalogue, fractions such as 2.5 included.

    python -m tests.make_solver_fixtures --check      # exit 1 if the checked-in file is stale
    python -m tests.make_solver_fixtures              # rewrite tests/js/fixtures/solver.json.gz
    python -m tests.make_solver_fixtures --all --random 30 --out DIR
        # every catalogue pay table and 30 random ones of each game, to DIR/solver.json.gz;
        # then VPCHARTS_SOLVER_FIXTURE=DIR node --test tests/js/solver.test.mjs

The checked-in file holds the tests' sample of the catalogue (tests/sample.py), one random pay
table of each game, and the test tables of SUIT_GROUP_TABLES (tests/test_js.py checks it is what
this module writes now).
"""

import argparse
import copy
import random
import sys
import tomllib
from pathlib import Path

from tests import make_js_fixtures as js_fixtures
from tests.sample import game_key, sample_slugs

ROOT = Path(__file__).resolve().parents[1]
PAYTABLES = ROOT / "content" / "paytables"
# Pay tables of families not in the catalogue yet whose cards single out suits (the one-eyed
# jacks): the browser solves them on the classes of their own suit group. (Black Jack Bonus,
# whose black jacks do the same, is in the catalogue and so in the sample.)
SUIT_GROUP_TABLES = ("one-eyed-jacks-200-75-50",)
FILE_NAME = "solver.json.gz"
CHECKED_IN_RANDOM = 1  # random pay tables per game in the checked-in file


def case(table, solution) -> dict:
    from generator.export.compute import rules

    return {"name": table.name, "rules": rules(table),
            "return": _text(solution.expected_return), "variance": _text(solution.variance),
            "final_counts": [str(int(n)) for n in solution.final_counts]}


def _text(fraction) -> str:
    return str(fraction)


def _moved(pay, rng: random.Random):
    """A pay moved at random: kept, a step up or down, scaled, or made a half."""
    from fractions import Fraction

    value = Fraction(str(pay))
    choice = rng.random()
    if choice < 0.3:
        return pay
    if choice < 0.6:
        value += rng.choice((-1, 1)) * max(1, int(value) // 5)
    elif choice < 0.9:
        value = Fraction(round(value * Fraction(rng.randint(50, 150), 100)))
    else:
        value += Fraction(1, 2)
    value = max(value, Fraction(0))
    return int(value) if value.denominator == 1 else float(value)


def random_tables(games: dict, per_game: int) -> list:
    """`per_game` valid random pay tables of each game (seeded by the game's key)."""
    from generator.core.errors import ContentError
    from generator.solve.paytable import parse_paytable

    out = []
    for key, path in sorted(games.items(), key=lambda item: str(item[0])):
        rng = random.Random(f"solver {key}")
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        data.pop("published_return", None)
        data.pop("source", None)
        made = 0
        for attempt in range(per_game * 20):
            if made == per_game:
                break
            moved = copy.deepcopy(data)
            for section in ("pays", "quads"):
                for name, pay in moved.get(section, {}).items():
                    moved[section][name] = _moved(pay, rng)
            moved["name"] = f"{data['name']} random {made + 1}"
            slug = f"{path.stem}-random-{made + 1}"
            try:
                table = parse_paytable(moved, f"random {slug}", slug)
            except ContentError:
                continue
            out.append(table)
            made += 1
    return out


def games_of(tables) -> dict:
    """One pay table file per game (the first by slug), as the sample takes them."""
    first = {}
    for table in sorted(tables, key=lambda t: t.slug):
        first.setdefault(game_key(table), Path(table.source))
    return first


def one_slug_a_game() -> list[str]:
    """The slug of one pay table of every game of the catalogue (`games_of`), sorted: what the
    browser ports' fixture makers take with --all."""
    from generator.solve.paytable import load_paytables

    return sorted(path.stem for path in games_of(load_paytables(PAYTABLES)).values())


def cases(all_tables: bool, per_game: int, solve_cached, solve_new) -> list[dict]:
    from generator.solve.paytable import load_paytable, load_paytables

    catalogue = load_paytables(PAYTABLES)
    chosen = catalogue if all_tables else [t for t in catalogue if t.slug in set(sample_slugs())]
    out = [case(t, solve_cached(t.slug)) for t in chosen]
    out += [case(t, solve_new(t)) for t in random_tables(games_of(catalogue), per_game)]
    out += [case(t, solve_new(t)) for t in (load_paytable(ROOT / "tests" / "paytables" / f"{slug}.toml")
                                            for slug in SUIT_GROUP_TABLES)]
    return out


def content(solve_cached, solve_new, all_tables=False, per_game=CHECKED_IN_RANDOM) -> bytes:
    return js_fixtures._json(cases(all_tables, per_game, solve_cached, solve_new))


def _solve_cached(slug: str):
    from generator.solve.cache import solve
    from generator.solve.paytable import load_paytable

    return solve(load_paytable(PAYTABLES / f"{slug}.toml"))[0]


def _solve_new(table):
    from generator.solve.cache import solve_uncached

    return solve_uncached(table)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.make_solver_fixtures")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--all", action="store_true", help="every catalogue pay table")
    parser.add_argument("--random", type=int, default=CHECKED_IN_RANDOM, help="per game")
    parser.add_argument("--out", type=Path, default=js_fixtures.FOLDER)
    args = parser.parse_args(argv)
    data = content(_solve_cached, _solve_new, args.all, args.random)
    path = args.out / FILE_NAME
    if args.check:
        if not path.exists() or js_fixtures.read(path) != data:
            print(f"stale: {path} (run python -m tests.make_solver_fixtures)")
            return 1
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    js_fixtures.write(path, data)
    tables = data.count(b'"rules"')
    print(f"{path}  {path.stat().st_size:,} bytes, {tables} pay tables")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
