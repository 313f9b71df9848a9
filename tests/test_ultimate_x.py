"""Ultimate X (generator/ultimate_x/): the game files, the per-hold arrays against every draw
enumerated, the Markov decision problem against exact rational policy evaluation, the published
figures (tests/test_ultimate_x_published.py), the simulation of the real game, the vulture's
stopping values, the bands' costs against the strategy stage's own player, the command line."""

import itertools
import random
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from generator.core.errors import ContentError
from generator.solve.paytable import load_paytables
from generator.ultimate_x.game import load_games_of_file, parse_game

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
TABLES = {t.slug: t for t in load_paytables(CONTENT / "paytables")}
JOB3 = ("royal_flush = 2, straight_flush = 2, four_of_a_kind = 2, full_house = 12, flush = 11, "
        "straight = 7, three_of_a_kind = 4, two_pair = 3, pair = 2")


def game(stem: str, lines: int):
    return next(g for g in load_games_of_file(CONTENT / "ultimate-x" / f"{stem}.toml",
                                              list(TABLES.values())) if g.lines == lines)


def parsed(text: str):
    import tomllib

    return parse_game(tomllib.loads(text), "ux.toml", "ux", TABLES)


def file_text(lines_table: str, paytable: str = "8-6-jacks-or-better") -> str:
    return f'paytable = "{paytable}"\nsource = "test"\n{lines_table}'


# ---------------------------------------------------------------------------------------------
# The game files

@pytest.mark.parametrize("text, field, expected", [
    (file_text(f"[lines.11]\nmultipliers = {{ {JOB3} }}"), "lines.11", "1, 3, 5, 10"),
    (file_text(f"[lines.0]\nmultipliers = {{ {JOB3} }}"), "lines.0", "1, 3, 5, 10"),
    (file_text(f"[lines.3]\nmultipliers = {{ {JOB3.replace('pair = 2', 'pair = -1')} }}"),
     "lines.3.multipliers.pair", "from 1 to 12"),
    (file_text(f"[lines.3]\nmultipliers = {{ {JOB3.replace('flush = 11', 'flush = 1.5')} }}"),
     "lines.3.multipliers.flush", "from 1 to 12"),
    (file_text(f"[lines.3]\nmultipliers = {{ {JOB3.replace('flush = 11', 'flush = 13')} }}"),
     "lines.3.multipliers.flush", "from 1 to 12"),
    (file_text(f"[lines.3]\nmultipliers = {{ {JOB3}, five_of_a_kind = 3 }}"),
     "lines.3.multipliers.five_of_a_kind", "a paying hand of 8/6 Jacks or Better"),
    (file_text(f"[lines.3]\nmultipliers = {{ {JOB3.replace(', pair = 2', '')} }}"),
     "lines.3.multipliers.pair", "a multiplier for Jacks or Better"),
    (file_text(f"[lines.3]\nmultipliers = {{ {JOB3} }}\nquads = {{ \"A\" = 4 }}"),
     "lines.3.quads.A", "a paying hand"),
    (file_text(""), "lines", "at least one multiplier table"),
    (file_text(f"[lines.3]\nmultipliers = {{ {JOB3} }}", "no-such-table"), "paytable", "slug"),
    (file_text(f"[lines.3]\nmultipliers = {{ {JOB3} }}\npublished_return = \"about 99\"\n"
               "return_source = \"x\""), "lines.3.published_return", "as published"),
])
def test_a_bad_game_file_is_one_line_naming_the_field(text, field, expected):
    with pytest.raises(ContentError) as caught:
        parsed(text)
    assert caught.value.field == field, str(caught.value)
    assert expected in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_command_line_reports_a_bad_game_file_in_one_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(file_text(f"[lines.11]\nmultipliers = {{ {JOB3} }}"))
    result = subprocess.run([sys.executable, "-m", "generator", "ultimate-x", str(path)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "lines.11" in result.stderr
    assert result.stderr.startswith("vpcharts: error: ")


def test_every_shipped_game_names_every_paying_hand():
    from generator.ultimate_x.game import load_games

    games = load_games(CONTENT / "ultimate-x", list(TABLES.values()))
    assert len(games) >= 25
    bases = {g.table.game for g in games}
    assert {"Jacks or Better", "Bonus Poker", "Bonus Poker Deluxe", "Double Bonus",
            "Double Double Bonus", "Triple Double Bonus", "Deuces Wild",
            "Joker Poker"} <= bases | {g.table.family.title for g in games}
    for g in games:
        assert len(g.multipliers) == len(g.table.lines)
        assert g.published_return is not None


# ---------------------------------------------------------------------------------------------
# The per-hold arrays against every draw enumerated (tests/reference.py)

@pytest.mark.parametrize("stem, lines, deals", [
    ("8-6-jacks-or-better", 3, 3), ("9-6-double-double-bonus", 10, 2),
    ("deuces-wild-25-15-9-4-4-3", 3, 2), ("joker-poker-kings-17-7-5", 5, 2)])
def test_every_hold_pays_and_earns_as_every_draw_enumerated_says(stem, lines, deals):
    """Each hold's pay and its chance of each multiplier, from every draw's final hand named by
    the reference's own hand ranking."""
    from generator.solve.solver import class_of
    from generator.ultimate_x.holds import hold_arrays
    from tests.reference import reference_hold_finals

    g = game(stem, lines)
    arrays = hold_arrays(g)
    rng = random.Random(f"ux-arrays-{stem}")
    for _ in range(deals):
        cards = rng.sample(range(g.table.deck_size), 5)
        cls, position = class_of(arrays.deck, cards)
        for mask, (finals, draws) in enumerate(reference_hold_finals(g.table, cards)):
            rep = sum(1 << position[i] for i in range(5) if mask >> i & 1)
            pay = sum(count * g.table.pay(name) for name, count in finals.items() if name)
            assert Fraction(int(arrays.win[cls, rep]), arrays.unit) == Fraction(pay, draws)
            earned = dict.fromkeys(g.values, 0)
            for name, count in finals.items():
                earned[g.multiplier(name) if name else 1] += count
            for j, value in enumerate(g.values):
                got = Fraction(int(arrays.counts[cls, rep, j]), arrays.denominator)
                assert got == Fraction(earned[value], draws), (cards, mask, value)


def test_the_next_total_is_the_sum_of_independent_lines():
    from generator.ultimate_x.kernels import line_sums

    values = np.array([1, 2, 3, 12])
    p = np.array([[0.4, 0.3, 0.2, 0.1], [1.0, 0.0, 0.0, 0.0]])
    got = line_sums(p, values, 3, 36)
    for row in range(2):
        want = np.zeros(37)
        for picks in itertools.product(range(4), repeat=3):
            want[sum(values[list(picks)])] += np.prod(p[row, list(picks)])
        assert np.allclose(got[row], want, atol=1e-15)


# ---------------------------------------------------------------------------------------------
# The solver against exact rational policy evaluation (one hand: the transitions are linear in
# each class's draws, so the gain of a policy is a fraction, computed in integers)

def exact_gain(solved) -> Fraction:
    """The long-run gain of the solver's own policy on a single-hand game, exactly: transitions
    and pays summed in integers over every class, then the stationary equations in Fractions."""
    m = solved.model
    arrays = m.arrays
    sizes = arrays.deck.sizes.astype(object)
    policy = solved.policy
    k = len(m.totals)
    index = {int(t): i for i, t in enumerate(m.totals)}
    trans = [[Fraction(0)] * k for _ in range(k)]
    paid = []
    classes = np.arange(len(policy))
    for i, total in enumerate(m.totals):
        held = policy[:, i].astype(np.int64)
        counts = arrays.counts[classes, held].astype(object)  # (classes, values)
        for j, value in enumerate(arrays.values):
            trans[i][index[value]] = Fraction(int((sizes * counts[:, j]).sum()),
                                              arrays.deck.deals * arrays.denominator)
        win = arrays.win[classes, held].astype(object)
        paid.append(Fraction(int(total) * int((sizes * win).sum()),
                             arrays.deck.deals * arrays.unit))
    # pi (P - I) = 0, sum pi = 1, by Gauss-Jordan elimination in Fractions
    a = [[trans[c][r] - (1 if r == c else 0) for c in range(k)] + [Fraction(0)] for r in range(k)]
    a[0] = [Fraction(1)] * k + [Fraction(1)]
    for col in range(k):
        pivot = next(r for r in range(col, k) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        a[col] = [x / a[col][col] for x in a[col]]
        for r in range(k):
            if r != col and a[r][col] != 0:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    pi = [a[r][k] for r in range(k)]
    return sum(p * q for p, q in zip(pi, paid))


def test_the_single_hand_solver_equals_its_policy_evaluated_exactly():
    from generator.ultimate_x import mdp
    from generator.ultimate_x.holds import hold_arrays

    g = game("8-6-jacks-or-better", 1)
    solved = mdp.solve(mdp.model(hold_arrays(g), 1))
    exact = exact_gain(solved) / 2
    assert abs(float(exact) - solved.expected_return) < 1e-12
    assert solved.bound < 1e-9
    # and the policy is optimal to the bound: the exact gain is within the bracket
    assert solved.low / 2 - 1e-12 <= float(exact) <= solved.high / 2 + 1e-12


def test_the_return_rises_with_the_multipliers_and_is_the_base_games_at_1x():
    """With every multiplier 1 and the 5-coin bet, the game is its base game: the solver's gain
    is the base game's exact return (Koehler's Table 1 figures are these:
    tests/test_ultimate_x_published.py)."""
    from generator.solve import cache
    from generator.ultimate_x import mdp
    from generator.ultimate_x.holds import hold_arrays

    g = game("8-6-jacks-or-better", 3)
    flat = replace(g, multipliers=(1,) * len(g.multipliers))
    solved = mdp.solve(mdp.model(hold_arrays(flat), 3))
    base = cache.solve(g.table)[0].expected_return
    assert abs(solved.gain / 3 - float(base)) < 1e-12


# ---------------------------------------------------------------------------------------------
# The real game, simulated

@pytest.mark.parametrize("lines", [3, 10])
def test_a_million_deals_of_the_real_game_return_what_the_solver_says(lines):
    from generator.ultimate_x import mdp
    from generator.ultimate_x.holds import hold_arrays
    from generator.ultimate_x.simulate import simulate

    g = game("8-6-jacks-or-better", lines)
    solved = mdp.solve(mdp.model(hold_arrays(g), lines))
    run = simulate(solved, g, 1_000_000, seed=11)
    assert run.deals == 1_000_000
    assert abs(run.expected_return - solved.expected_return) < 4 * run.standard_error
    assert run.standard_error < 0.005


# ---------------------------------------------------------------------------------------------
# A machine left with multipliers lit

def test_the_vulture_sits_down_only_where_it_pays():
    from generator.ultimate_x import mdp, vulture
    from generator.ultimate_x.holds import hold_arrays

    g = game("8-6-jacks-or-better", 3)
    solved = mdp.solve(mdp.model(hold_arrays(g), 3))
    rows = vulture.vulture(solved)
    assert rows[0].total == 3 and not rows[0].play and rows[0].deals == 0
    profits = [r.profit for r in rows]
    assert min(profits) >= 0 and profits == sorted(profits)
    assert all(r.deals >= 1 for r in rows if r.play)
    # a game under 100% is never worth playing for ever: the stop comes in a few deals
    assert all(r.deals < 50 for r in rows)
    edges = [r.edge for r in rows]
    assert edges == sorted(edges)


# ---------------------------------------------------------------------------------------------
# The export: the bands' costs against the strategy stage's own player

@pytest.fixture(scope="module")
def job3_export():
    from generator.ultimate_x.export import export

    return export(game("8-6-jacks-or-better", 3))[0]


def test_each_bands_cost_is_its_order_played_by_the_strategy_stage(job3_export):
    from generator.solve import cache
    from generator.strategy.holds import hold_data
    from generator.strategy.levels import play
    from generator.ultimate_x import mdp
    from generator.ultimate_x.game import single_table
    from generator.ultimate_x.export import _choices_of, _lines_of
    from generator.ultimate_x.holds import hold_arrays

    g = game("8-6-jacks-or-better", 3)
    data = job3_export
    single, _ = cache.solve(single_table(g))
    card = _lines_of(single, data.card.lines)
    card_choices = _choices_of(data.card.lines)
    extra = {k: _lines_of(single, [line])[0] for k, line in data.card.extra.items()}
    extra_choices = {k: _choices_of([line])[0] for k, line in data.card.extra.items()}
    solved = mdp.solve(mdp.model(hold_arrays(g), 3))
    holds = hold_data(single)
    weights = solved.model.arrays.weights
    checked = 0
    for band in data.bands:
        if any(i >= len(card) and i not in extra for i in band.order):
            continue  # (an exact line no move used is not exported)
        lines = [card[i] if i < len(card) else extra[i] for i in band.order]
        choices = [card_choices[i] if i < len(card) else extra_choices[i] for i in band.order]
        _, held = play(holds, lines, choices)
        for total, cost in zip(band.totals, band.costs):
            value = total * solved.model.win + solved.next_value[solved.model.rows]
            best = value.max(axis=1)
            lost = float(weights @ (best - value[np.arange(len(held)), held])) / solved.model.bet
            assert abs(lost - cost) < 1e-9, (band.low, total)
            checked += 1
    assert checked == len(solved.model.totals)


def test_a_cards_lines_are_played_by_their_choice_rules_as_the_strategy_stage_plays_them(solved):
    """The bands play a card's lines (moves.line_play, then play_order) as levels.play does, each
    line by the choice rule it states (issue 54). On 9/6 Jacks or Better's simple level, whose
    lines keep the most straights where they fit more than one way, playing them all by the
    higher cards instead holds otherwise on some classes: so the check can fail."""
    from generator.export.cache import export
    from generator.solve.paytable import find_paytable
    from generator.strategy.holds import hold_data
    from generator.strategy.levels import play
    from generator.ultimate_x import moves
    from generator.ultimate_x.export import _choices_of, _lines_of

    table = find_paytable("9-6-jacks-or-better", ROOT / "content")
    solution = solved("9-6-jacks-or-better")
    level = export(table)[0].strategy.levels.simple.lines
    lines, choices = _lines_of(solution, level), _choices_of(level)
    assert any(c not in (None, 0) for c in choices)  # (a rule other than the higher cards)
    data = hold_data(solution)
    order = list(range(len(lines)))
    _, by_moves = moves.play_order(moves.line_play(data, lines, choices), order, data.n_classes)
    _, by_levels = play(data, lines, choices)
    assert np.array_equal(by_moves, by_levels)
    _, by_higher = moves.play_order(moves.line_play(data, lines), order, data.n_classes)
    assert not np.array_equal(by_higher, by_levels)


def test_the_export_says_what_a_player_compares(job3_export):
    r = job3_export.returns
    optimal = r.optimal.value
    assert r.optimal.bound < 1e-9
    # the optimum beats every fixed policy, and the card with its moves beats the card alone
    for name in ("single", "card_alone", "base_strategy", "base_card"):
        assert float(getattr(r, name).exact) < optimal
    assert float(r.card_alone.exact) <= r.card.value <= optimal
    assert abs(sum(job3_export.stationary) - 1) < 1e-9
    assert abs(sum(job3_export.line_multipliers) - 1) < 1e-9
    assert sum(b.share for b in job3_export.bands) == pytest.approx(1, abs=1e-9)


def test_the_export_reads_back_as_the_records_it_was_written_from(job3_export):
    """The cache keeps the records' JSON and reads it back through `from_json`: on a real
    export every field comes back equal (exact fractions, floats, the extra lines' int keys),
    and the JSON written again is the same text."""
    import json

    from generator.core.records import from_json, to_json
    from generator.export.cache import dumps
    from generator.export.ultimate_x_records import UltimateXExport

    text = dumps(to_json(job3_export))
    again = from_json(UltimateXExport, json.loads(text))
    assert again == job3_export
    assert dumps(again.to_json()) == text
    # the card's lines carry no exception's deals: no key for them, none read back
    assert all("exception_holds" not in line for line in json.loads(text)["card"]["lines"])
    assert all(line.exception_holds == () for line in again.card.lines)


def test_a_field_omitted_at_its_default_is_left_out_and_read_back_as_it():
    """core.records' OMIT_DEFAULT (an Ultimate X card line's `exception_holds`): left out of the
    JSON where the value is the default, written where it is not, the default where missing;
    a value of the wrong type is still refused."""
    from dataclasses import dataclass, field

    from generator.core.records import OMIT_DEFAULT, RecordError, from_json, to_json

    @dataclass(frozen=True)
    class Held:
        name: str
        holds: tuple[str, ...] = field(default=(), metadata=OMIT_DEFAULT)

    assert to_json(Held("a")) == {"name": "a"}
    assert to_json(Held("a", ("As",))) == {"name": "a", "holds": ["As"]}
    assert from_json(Held, {"name": "a"}) == Held("a")
    assert from_json(Held, {"name": "a", "holds": ["As"]}) == Held("a", ("As",))
    with pytest.raises(RecordError, match=r"\$\.holds: 'As', expected a list"):
        from_json(Held, {"name": "a", "holds": "As"})
    with pytest.raises(RecordError, match=r"\$\.name: None, expected a value"):
        from_json(Held, {})


def test_the_command_line_prints_the_game_and_a_deals_holds():
    run = lambda *a: subprocess.run([sys.executable, "-m", "generator", "ultimate-x", *a],
                                    capture_output=True, text=True, cwd=ROOT)
    out = run("8-6-jacks-or-better", "--lines", "3", "--vulture")
    assert out.returncode == 0, out.stderr
    assert "99.2978%" in out.stdout and "sit down" in out.stdout
    deal = run("8-6-jacks-or-better", "--lines", "3", "--deal", "As Ks Qs 7h 7d",
               "--multipliers", "12 1 1")
    assert deal.returncode == 0, deal.stderr
    assert "multipliers totalling 14" in deal.stdout
    bad = run("8-6-jacks-or-better", "--lines", "3", "--deal", "As Ks Qs 7h 7d",
              "--multipliers", "5 1 1")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--multipliers" in bad.stderr
    both = run("8-6-jacks-or-better")
    assert both.returncode == 2 and "--lines" in both.stderr
