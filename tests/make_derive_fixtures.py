"""What Python's derivation says of whole pay tables, for the browser's (static/js/derive.js).

Each case is a pay table's export `rules` (the JS solver's input) and, for each set of counts a
line may set thresholds on that the build offers the game (`strategy.build.OFFERS`), the decision
list `derive.derive` makes before it is compacted: its lines as conditions (feature name, operator,
value; a rank or deal set as a sorted list), and that list compacted (`compact.compact`). The browser solves the pays, describes the holds and
derives the same list, line for line (tests/js/derive.test.mjs): one derivation, two runtimes.

    python -m tests.make_derive_fixtures --check   # exit 1 if the checked-in file is stale
    python -m tests.make_derive_fixtures           # rewrite tests/js/fixtures/derive.json.gz
    python -m tests.make_derive_fixtures --all --out DIR
        # one pay table of every game of the catalogue, to DIR/derive.json.gz; then
        # VPCHARTS_DERIVE_FIXTURE=DIR node --test tests/js/derive.test.mjs

The checked-in file holds CHECKED_IN: a natural game, a deuces game and a joker game.
"""

import argparse
import sys
from pathlib import Path

from tests import make_js_fixtures as js_fixtures
from tests import make_solver_fixtures as solver_fixtures

FILE_NAME = "derive.json.gz"
CHECKED_IN = ("9-6-jacks-or-better", "full-pay-deuces-wild", "joker-poker-kings-or-better")


def named_lines(strategy) -> list:
    """A Strategy's lines as the JS writes them: [[feature, op, value]], sets as sorted lists."""
    from generator.strategy import features as P
    from generator.strategy.holds import named

    return [[[P.FEATURES[f], P.OP_NAMES[op], sorted(v) if op == P.OP_IN else int(v)]
             for f, op, v in line] for line in named(strategy)]


def case(table, solution) -> dict:
    from generator.export.compute import rules
    from generator.strategy import features as P
    from generator.strategy.build import OFFERS, wild_style
    from generator.strategy.compact import compact
    from generator.strategy.derive import derive
    from generator.strategy.holds import hold_data

    data = hold_data(solution)
    derivations = []
    for counts in OFFERS[wild_style(table.family)]:
        derived = derive(data, counts=counts)
        derivations.append({"counts": [P.FEATURES[f] for f in counts],
                            "lines": named_lines(derived),
                            "compacted": named_lines(compact(data, derived))})
    return {"name": table.name, "slug": table.slug, "rules": rules(table),
            "derivations": derivations}


def slugs(all_games: bool) -> list:
    if not all_games:
        return list(CHECKED_IN)
    from generator.solve.paytable import load_paytables

    games = solver_fixtures.games_of(load_paytables(solver_fixtures.PAYTABLES))
    return sorted(path.stem for path in games.values())


def content(all_games: bool = False) -> bytes:
    from generator.solve.paytable import load_paytable

    out = []
    for slug in slugs(all_games):
        table = load_paytable(solver_fixtures.PAYTABLES / f"{slug}.toml")
        out.append(case(table, solver_fixtures._solve_cached(slug)))
    return js_fixtures._json(out)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.make_derive_fixtures")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--all", action="store_true", help="one pay table of every game")
    parser.add_argument("--out", type=Path, default=js_fixtures.FOLDER)
    args = parser.parse_args(argv)
    return js_fixtures.check_or_write(args.out / FILE_NAME, content(args.all), args.check,
                                      "python -m tests.make_derive_fixtures")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
