"""What Python's derivation says of whole pay tables, for the browser's (static/js/derive.js,
compact.js, shortest.js, choices.js).

Each case is a pay table's export `rules` (the JS solver's input) and, for each set of counts a
line may set thresholds on that the build offers the game (`strategy.build.OFFERS`), the decision
list `derive.derive` makes before it is compacted: its lines as conditions (feature name,
operator, value; a rank or deal set as a sorted list), that list compacted (`compact.compact`)
and tidied (`shortest.tidy`, then `shortest.without_needless`). Then the published exact table
as `build.published_lines` makes it, step by step (`stages`: split, merged, halved in a natural
game), its lines (`published`: the last step's, joined) and each line's choice rule
(`choices.choose`: "higher" or null).
The browser solves the pays, describes the holds and makes the same lists, line for line
(tests/js/derive.test.mjs): one derivation, two runtimes.

A line's notation (`shortest.notation`) is the line words' (describe.py), which the browser's
chart does not use yet: `split_long`, `merged` and `halved` weigh only its length, so each case
holds the length of the notation of every line the build asked for (`notation_lengths`, by the
line as JSON), and the test answers the browser's asking from it; a line Python never asked for
means the search went another way. (The lengths, not the words: the fixtures folder is kept
small.)

    python -m tests.make_derive_fixtures --check   # exit 1 if the checked-in file is stale
    python -m tests.make_derive_fixtures           # rewrite tests/js/fixtures/derive.json.gz
    python -m tests.make_derive_fixtures --all --out DIR
        # one pay table of every game of the catalogue, to DIR/derive.json.gz; then
        # VPCHARTS_DERIVE_FIXTURE=DIR node --test tests/js/derive.test.mjs

The checked-in file holds CHECKED_IN: a natural game, a deuces game and a joker game.
"""

import json
import sys

from tests import make_js_fixtures as js_fixtures
from tests import make_solver_fixtures as solver_fixtures

FILE_NAME = "derive.json.gz"
CHECKED_IN = ("9-6-jacks-or-better", "full-pay-deuces-wild", "joker-poker-kings-or-better")


def lines_json(lines) -> list:
    """Lines (rank sets inline) as the JS writes them: [[feature, op, value]], sets as sorted
    lists."""
    from generator.strategy import features as P

    return [[[P.FEATURES[f], P.OP_NAMES[op], sorted(v) if op == P.OP_IN else int(v)]
             for f, op, v in line] for line in lines]


def named_lines(strategy) -> list:
    """A Strategy's lines as the JS writes them."""
    from generator.strategy.holds import named

    return lines_json(named(strategy))


def _published(data, table) -> tuple[dict, list, dict]:
    """(`build.published_lines`'s stages, its published lines, the length of the notation of
    every line it asked `shortest.notation` for, by the line as JSON). They are caught by
    standing in for `shortest.notation` while it runs (the module's global, which its steps
    call), then put back."""
    from generator.strategy import shortest
    from generator.strategy.build import published_lines

    asked = {}
    notation = shortest.notation

    def recorded(line, family, high=13):
        text = notation(line, family, high)
        asked[json.dumps(lines_json([line])[0], separators=(",", ":"))] = len(text)
        return text

    stages: dict = {}
    shortest.notation = recorded
    try:
        _, lines = published_lines(data, table, stages)
    finally:
        shortest.notation = notation
    return stages, lines, asked


def case(table, solution) -> dict:
    from generator.export.compute import rules
    from generator.strategy import features as P
    from generator.strategy.build import OFFERS, wild_style, with_choices
    from generator.strategy.holds import hold_data, indexed

    data = hold_data(solution)
    stages, lines, asked = _published(data, table)
    derivations = []
    for counts in OFFERS[wild_style(table.family)]:
        offer = " ".join(P.FEATURES[f] for f in counts)
        derivations.append({"counts": [P.FEATURES[f] for f in counts],
                            "lines": named_lines(stages[f"derived {offer}"]),
                            "compacted": named_lines(stages[f"compacted {offer}"]),
                            "tidied": lines_json(stages[f"tidied {offer}"])})
    strategy = with_choices(data, solution.evs, indexed(lines))
    choices = strategy.choices
    family = table.family.key
    return {"name": table.name, "slug": table.slug, "rules": rules(table),
            "family": family, "high": P.high_rank(family, table.min_pair),
            "derivations": derivations,
            "stages": {name: lines_json(stages[name])
                       for name in ("split", "merged", "halved") if name in stages},
            "published": lines_json(lines),
            "choices": [None if rule is None else P.CHOICES[rule] for rule in choices],
            "notation_lengths": asked,
            "chart": chart(table, solution, data, strategy),
            "levels": levels_start(solution, data, lines, stages[next(k for k in stages if k.startswith("compacted "))])}


def levels_start(solution, data, published, plain) -> dict:
    """Where the card's search starts (`levels.find`, route 2), as `build.build_levels` sets it
    up: the holds sure to pay (`sure_to_pay`) and the holds the levels may play
    (`allowed_holds`, from the published exact table's play), counted; then the table derived
    with every allowed hold within the first tolerance of the best counted as right
    (`tolerant`), compacted, ending with its catch-all line; that table priced as the descent
    from it starts (static/js/levels.js); and every table route 2's descent finds, as
    `levels.find` runs it (its `candidates`: the search is run once, for these and `_found`)."""
    import numpy as np

    from generator.strategy import levels

    _, held = levels.play(data, published)
    pays = levels.sure_to_pay(solution)
    allowed = levels.allowed_holds(held == 31, pays, held)
    tolerance = levels.TOLERANCES[0]
    loose = levels.tolerant(data, solution.evs, int(tolerance * solution.unit), allowed)
    found = levels.find(data, solution.evs, solution.unit, solution.deck.deals, plain,
                        solution.table.family.key, pat=held == 31, allowed=allowed)
    derived = list(found.first)
    # The descent's first step on it, under the card's rule: the table's cost and the price of
    # deleting each line but the last, where the deletion keeps the rule (`PlayedList.stand`).
    bound = int(levels.CARD_BOUND * solution.unit)
    played = levels.PlayedList(data, solution.evs, derived, [levels.Rule(bound, allowed)])
    _, deletions = played.stand()
    # Route 2's descent as `levels.find` runs it (under the card's rule, then the simple
    # level's; to the first table dearer than the simple level may be, or down the whole curve
    # where the exact table is over twice as long):
    route = f"derived within {tolerance} units"
    # (found right after the exact table; swaps that find nothing better add a table of it
    # again, the same object)
    descent = []
    for c in found.candidates[1:]:
        if c.route != route or any(c is d for d in descent):
            break
        descent.append(c)
    return {"tolerance": [tolerance.numerator, tolerance.denominator],
            "sure_to_pay": int(pays.sum()), "pat": int((held == 31).sum()),
            "allowed": int(allowed.sum()), "right": int(np.count_nonzero(loose.optimal)),
            "derived": lines_json(derived),
            "card_bound": [levels.CARD_BOUND.numerator, levels.CARD_BOUND.denominator],
            "cost": int(played.now.sum()),
            "deletions": [[int(cost), int(slot)] for cost, slot in deletions],
            "found": _found(solution, data, found, held, allowed, pays),
            "descent": {"found": [{"printed": c.printed, "cost": int(c.cost), "bound": c.bound,
                                   "lines": lines_json(c.lines)} for c in descent]}}


def _found(solution, data, found, held, allowed, pays) -> dict:
    """The card and simple tables `levels.find` picks (before `build.build_levels` re-describes
    them), each with its route and cost, the card before swaps shortened it (or None), the
    card re-described as the page prints it before its choice rules (`build.described_card`),
    and that card with its choice rules as a pay table's page prints it (`chart`: the card
    level's rows, key and choice note)."""
    from generator.strategy import levels
    from generator.strategy.holds import named

    def level(strategy, route):
        if strategy is None:
            return None
        lines = named(strategy)
        return {"lines": lines_json(lines), "route": route,
                "cost": int(levels.lost(data, solution.evs, lines)[1].sum())}

    import numpy as np

    from generator.strategy import features as P
    from generator.strategy.build import _describe, described_card, with_choices

    card = described_card(solution, data, found, allowed)

    def choice_names(choices):
        return [None if rule is None else P.CHOICES[rule] for rule in choices]

    chosen = with_choices(data, solution.evs, card[0], int(levels.CARD_BOUND * solution.unit),
                          allowed)
    # (what the card keeps, as build_levels checks it: the exact table's pat hands and the
    # paying hands its holds make)
    kept = (held == 31, pays[np.arange(len(held)), held], pays)
    described = _describe(solution, data, chosen, 1, kept, card[1])
    return {"card": level(found.card, found.card_route),
            "simple": level(found.simple, found.simple_route),
            "unswapped": level(found.unswapped_card, found.unswapped_route),
            "described_card": dict(level(*card), choices=choice_names(chosen.choices)),
            # (in the exact chart's words, which the case has once)
            "chart": dict({k: v for k, v in printed(solution.table, solution, described).items()
                           if k != "words"}, **_level_figures(solution, described))}


def _level_figures(solution, described) -> dict:
    """What a pay table's page says of a level beside its lines (table_output.level_json):
    its cost against perfect play per unit bet, in percent, the return played with it, whether
    it keeps every pat hand and paying hand, and the note on its choice rules."""
    from generator.core.records import from_json
    from generator.export import records
    from generator.site import view
    from generator.strategy.table_output import level_json

    # (its lines are compared by `printed`)
    level = from_json(records.Level, dict(level_json(solution, described), lines=[]))
    return {"cost": str(level.cost), "cost_percent": level.cost_percent,
            "return_percent": level.return_.percent, "pat_broken": level.pat_broken,
            "pay_dropped": level.pay_dropped, "choice_note": view.choice_note(level)}


def chart(table, solution, data, strategy) -> dict:
    """The published exact table as a pay table's page prints a level (see `printed`)."""
    from generator.strategy.build import _describe

    return printed(table, solution, _describe(solution, data, strategy, 1))


def printed(table, solution, described) -> dict:
    """A described level (build._describe's StrategyTable) as a pay table's page prints it
    (view.section_rows with level_rows, the key of paytable._key, view.exception_notes), and
    the game's words the browser says it with (any_paytable.chart_words): static/js/chart.js
    must print the same."""
    from dataclasses import replace

    from generator.core.line_parts import parts_json
    from generator.core.records import from_json
    from generator.export import records
    from generator.export.compute import exception_holds, game, rules
    from generator.site import any_paytable, paytable, view
    from generator.strategy import features as P
    from generator.strategy.table_output import lines_json as exported_lines

    wild, high = rules(table)["wild"], P.high_rank(table.family.key, table.min_pair)
    export_game = game(table)
    lines = []
    for line, info in zip(exported_lines(solution, described), described.lines, strict=True):
        line = from_json(records.Line, dict(line, parts=parts_json(info.parts)))
        lines.append(replace(line, exception_holds=exception_holds(line, table.family.key,
                                                                   table.min_pair)))
    holds = {line.number: line.exception_holds for line in lines}
    example = {line.number: line.examples[0] if line.examples else None for line in lines}
    export_rules = from_json(records.Rules, rules(table), "rules")
    fields = ("number", "row", "also", "anchored", "run_on", "band", "lines", "hold", "notes",
              "notation", "marks")
    return {
        "words": any_paytable.chart_words(wild, high, export_game.kicker),
        "printed": described.printed,
        "choice_deals": sum(line.choice_deals for line in lines),
        "sections": [{"label": label, "rows": [
            dict({name: getattr(row, name) for name in fields}, example=example[row.number])
            for row in rows]}
            for label, rows in view.section_rows(lines, wild, view.level_rows)],
        "key": paytable._key(lines, export_rules, export_game),
        "exceptions": [{"number": note.number, "row": note.row, "hold": note.hold,
                        "deals": [list(pair) for pair in holds[note.number]]}
                       for note in view.exception_notes(lines, wild)],
    }



def slugs(all_games: bool) -> list:
    return solver_fixtures.one_slug_a_game() if all_games else list(CHECKED_IN)


def content(all_games: bool = False) -> bytes:
    from generator.solve.paytable import load_paytable

    out = []
    for slug in slugs(all_games):
        table = load_paytable(solver_fixtures.PAYTABLES / f"{slug}.toml")
        out.append(case(table, solver_fixtures._solve_cached(slug)))
    return js_fixtures._json(out)


def main(argv: list[str]) -> int:
    return js_fixtures.per_game_main(argv, "tests.make_derive_fixtures", FILE_NAME, content)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
