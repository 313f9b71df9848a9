"""What Python's line words say of whole strategy tables, for the browser's (static/js/describe.js).

Each case is a pay table's family and lowest high rank and, for each level the build publishes
(exact, card, simple), its lines as the build hands them to `describe.table_parts`: conditions
(feature name, operator, value; a rank set as a sorted list of masks, a deal set as a sorted
list of suit classes, each class's deal written out in `deals`), and each line's parts as
`line_parts.parts_json` gives them, with `parts.text` and `parts.notation`. The browser words the
same lines and must say them alike, part for part (tests/js/describe.test.mjs).

The lines are read from the pay table's export (the cache's, computed when missing: deriving is
the costly step, and the export keeps it): its conditions name rank sets and deals as the build
indexed them, so `table_parts` runs on them here as `build._describe` ran on the Strategy. A line
the export says more of (its choice rule's qualifier, added after `table_parts`) must otherwise
have the parts found here: a check that the lines were read back whole.

    python -m tests.make_describe_fixtures --check   # exit 1 if the checked-in file is stale
    python -m tests.make_describe_fixtures           # rewrite tests/js/fixtures/describe.json.gz
    python -m tests.make_describe_fixtures --all --out DIR
        # one pay table of every game of the catalogue, to DIR/describe.json.gz; then
        # VPCHARTS_DESCRIBE_FIXTURE=DIR node --test tests/js/describe.test.mjs

The checked-in file holds CHECKED_IN: a natural game, deuces, joker, double joker, sevens and the
joker, and Five Aces (the words of every level of each; 0.09 MB).
"""

import sys
from dataclasses import replace

from tests import make_js_fixtures as js_fixtures
from tests import make_solver_fixtures as solver_fixtures

FILE_NAME = "describe.json.gz"
# (Every one a table of the tests' sample (tests/sample.py), so that in CI their exports come from
# the sample build's cache: Joker Poker Kings 15-7-5, here before for its fewer bytes, was half a
# minute of CI deriving a table no other test reads. The sevens with the joker, where two kinds
# of wild card are counted together. No one-eyed jacks table has a strategy yet: its derivation
# needs over 1,000 lines.)
CHECKED_IN = ("9-6-jacks-or-better", "full-pay-deuces-wild", "joker-poker-kings-or-better",
              "double-joker-9-5-4", "sevens-and-joker-wild-600-300-25",
              "five-aces-8-5-double-double-bonus")
LEVELS = ("exact", "card", "simple")


def strategy_lines(level, deck, family_deck) -> list[tuple]:
    """A published level's lines as the build held them: (feature, op, value), a set as a
    frozenset (a deal set of suit classes, found again from the deals written out)."""
    from generator.core.cards import parse_hand
    from generator.solve.solver import class_of
    from generator.strategy import features as P

    lines = []
    for line in level.lines:
        conditions = []
        for named in line.conditions:
            feature, op, value = P.condition_named(*named)
            if feature == P.F_DEAL:
                value = frozenset(class_of(deck, cards)[0]
                                  for cards in _deals_read(value, family_deck, parse_hand))
            elif op == P.OP_IN:
                value = frozenset(value)
            conditions.append((feature, op, value))
        lines.append(tuple(conditions))
    return lines


def _deals_read(texts, family_deck, parse_hand) -> list[list[int]]:
    """The cards of each deal written out. With two jokers a deal holding one is two suit
    classes, one a joker (card 52 or 53), written alike: the export lists it twice, and the
    second time it is read with the second joker."""
    out, seen = [], set()
    for text in texts:
        cards = parse_hand(text, deck=family_deck)
        if text in seen:
            cards = [53 if card == 52 else card for card in cards]
        seen.add(text)
        out.append(cards)
    return out


def level_case(level, solution, table) -> dict:
    from generator.core import line_parts as parts
    from generator.core.cards import format_hand
    from generator.strategy import features as P
    from generator.strategy.choices import qualifier
    from generator.strategy.describe import table_parts
    from generator.strategy.holds import indexed

    family_deck = table.family.deck
    strategy = indexed(strategy_lines(level, solution.deck, family_deck))
    deal_sets = {v for line in strategy.lines for f, _, v in line if f == P.F_DEAL}
    deals = {c: format_hand(solution.deck.reps[c].tolist(), deck=family_deck)
             for v in deal_sets for c in strategy.rank_sets[v]}
    found = table_parts(strategy.lines, strategy.rank_sets, table.family.key,
                        P.high_rank(table.family.key, table.min_pair), deals.__getitem__)
    out = []
    for line, conditions, words in zip(level.lines, strategy.lines, found, strict=True):
        said = words if line.choice is None else replace(words, qualifiers=words.qualifiers + (
            qualifier(P.CHOICES.index(line.choice)),))
        if said != line.parts:
            raise AssertionError(f"{table.slug} line {line.number}: the export's parts differ")
        out.append({"conditions": [[P.FEATURES[f], P.OP_NAMES[op],
                                    sorted(strategy.rank_sets[v]) if op == P.OP_IN else int(v)]
                                   for f, op, v in conditions],
                    "parts": parts.parts_json(words), "text": parts.text(words),
                    "notation": parts.notation(words)})
    return {"lines": out, "deals": {str(c): text for c, text in sorted(deals.items())}}


def case(table, exported, solution) -> dict:
    from generator.strategy import features as P

    levels = exported.strategy.levels
    return {"name": table.name, "slug": table.slug, "family": table.family.key,
            "high": P.high_rank(table.family.key, table.min_pair),
            "levels": {name: level_case(getattr(levels, name), solution, table)
                       for name in LEVELS}}


def slugs(all_games: bool) -> list:
    return solver_fixtures.one_slug_a_game() if all_games else list(CHECKED_IN)


def content(all_games: bool = False) -> bytes:
    from generator.export.cache import export
    from generator.solve.paytable import load_paytable

    out = []
    for slug in slugs(all_games):
        table = load_paytable(solver_fixtures.PAYTABLES / f"{slug}.toml")
        exported = export(table)[0]
        if exported.strategy is not None:  # (a table with no strategy has no lines to word)
            out.append(case(table, exported, solver_fixtures._solve_cached(slug)))
    return js_fixtures._json(out)


def main(argv: list[str]) -> int:
    return js_fixtures.per_game_main(argv, "tests.make_describe_fixtures", FILE_NAME, content)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
