"""The bankroll stage's exact moments (generator/bankroll/moments.py) against the solver and
against plain enumeration of every draw of sampled deals."""

import itertools
import math
import random
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from generator.bankroll import session
from generator.bankroll.moments import ROUND_SIZES, class_values, moments
from generator.solve.solver import class_of

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("slug", ["9-6-jacks-or-better", "full-pay-deuces-wild",
                                  "joker-poker-kings-or-better"])
def test_the_exact_levels_moments_are_the_solvers_return_variance_and_final_hands(solved, slug):
    solution = solved(slug)
    m = moments(solution, solution.best)
    assert m.mean == solution.expected_return
    assert m.variance == solution.variance  # within + between: the law of total variance
    assert m.final == tuple(Fraction(int(n), solution.total_combinations)
                            for n in solution.final_counts)
    assert m.within > 0 and m.between > 0
    assert [m.round_variance(n) for n in ROUND_SIZES][0] == solution.variance


def _brute(solution, cards: list[int], mask: int) -> tuple[Fraction, Fraction]:
    """One hand's mean and second moment holding cards[i] for bit i of mask, by drawing every
    replacement (each five-card hand's pay line looked up by its colex rank)."""
    dk, cats = solution.deck, solution.cats
    held = [c for i, c in enumerate(cards) if mask >> i & 1]
    rest = [c for c in range(dk.n_cards) if c not in cards]
    pays = [Fraction(p) for p in cats.pays]
    total = square = Fraction(0)
    draws = 0
    for drawn in itertools.combinations(rest, 5 - len(held)):
        hand = sorted(held + list(drawn))
        rank = sum(comb(c, i + 1) for i, c in enumerate(hand))
        pay = pays[int(solution.hand_cats[rank])]
        total += pay
        square += pay * pay
        draws += 1
    assert draws == comb(dk.n_cards - 5, 5 - len(held))
    return total / draws, square / draws


@pytest.mark.parametrize("slug", ["9-6-jacks-or-better", "double-joker-9-5-4"])
def test_each_deals_mean_and_second_moment_are_those_of_every_draw(solved, slug):
    """Sampled deals, each held as the exact level holds it (at least two cards, so that a
    deal's draws number at most 16,215 in Python), and holding nothing for one deal."""
    solution = solved(slug) if slug != "double-joker-9-5-4" else _test_table(slug)
    dk, scale = solution.deck, solution.cats.scale
    first, second, _ = class_values(solution, solution.best)
    rng = random.Random(f"bankroll {slug}")
    checked = 0
    while checked < 12:
        cards = sorted(rng.sample(range(dk.n_cards), 5))
        cls, position = class_of(dk, cards)
        rep_mask = int(solution.best[cls])
        if bin(rep_mask).count("1") < 2:
            continue
        mask = sum(1 << i for i in range(5) if rep_mask >> position[i] & 1)
        mean, moment2 = _brute(solution, cards, mask)
        assert mean == Fraction(int(first[cls]), dk.denominator * scale)
        assert moment2 == Fraction(int(second[cls]), dk.denominator * scale * scale)
        checked += 1


def _test_table(slug):
    from generator.solve.cache import solve
    from generator.solve.paytable import load_paytable

    return solve(load_paytable(ROOT / "content" / "paytables" / f"{slug}.toml"))[0]


@pytest.mark.parametrize("slug", ["9-6-jacks-or-better", "full-pay-deuces-wild"])
def test_between_deals_is_the_variance_of_the_solvers_optimal_evs(solved, slug):
    """Var over deals of E[X | deal], from the solver's best EV of each class (its CE value),
    summed apart from the moments' own counts; so within = variance - between is checked too."""
    solution = solved(slug)
    dk = solution.deck
    evs = [Fraction(int(ev), solution.unit) for ev in solution.best_ev]
    mean = sum(int(n) * ev for n, ev in zip(dk.sizes, evs)) / dk.deals
    square = sum(int(n) * ev * ev for n, ev in zip(dk.sizes, evs)) / dk.deals
    m = moments(solution, solution.best)
    assert m.between == square - mean * mean
    assert m.within == solution.variance - m.between
    assert m.round_variance(3) == 3 * m.within + 9 * m.between


def _walk(p: Fraction):
    """A two-outcome game: pays 2 (one bet won) with chance p, else 0 (the bet lost)."""
    return (Fraction(2), Fraction(0)), (p, 1 - p)


@pytest.mark.parametrize("p, bankroll, rounds", [(Fraction(1, 2), 5, 60), (Fraction(45, 100), 10, 200),
                                                 (Fraction(53, 100), 3, 101)])
def test_ruin_is_the_gamblers_ruin_of_a_two_outcome_game(p, bankroll, rounds):
    """Closed form: a walk of +1 and -1 first reaches -b at round t with chance (b / t) P(S_t = -b)
    (the hitting time theorem), P(S_t = -b) binomial; summed over t up to the rounds."""
    pays, final = _walk(p)
    q = 1 - p
    exact = Fraction(0)
    for t in range(bankroll, rounds + 1):
        if (t - bankroll) % 2:
            continue
        ups = (t - bankroll) // 2
        exact += Fraction(bankroll, t) * comb(t, ups) * p ** ups * q ** (t - ups)
    # (under the exact chance by at most RUIN_BOUND: the states that cannot lose it all, but for
    # a chance under it, are dropped)
    got = session.ruin_chance(session.hand_walk(pays, final), Fraction(bankroll), rounds)
    assert float(exact) - session.RUIN_BOUND - 1e-12 <= got <= float(exact) + 1e-12


def test_lifetime_ruin_of_a_favourable_two_outcome_game_is_q_over_p_to_the_bankroll():
    pays, final = _walk(Fraction(11, 20))
    assert session.lifetime_rho(pays, final) == pytest.approx(9 / 11, rel=1e-12)
    assert session.lifetime_bankroll(pays, final, 0.01) == pytest.approx(math.log(0.01) / math.log(9 / 11))
    assert session.lifetime_bankroll(*_walk(Fraction(1, 2)), 0.01) is None  # no edge: all is lost


def test_a_session_of_9_6_jacks_agrees_with_a_seeded_simulation_of_it(solved):
    """20,000 sessions of 300 hands from a 40-bet bankroll, each hand's pay drawn from the exact
    level's final-hand distribution: the ruin chance and the chance of ending ahead within four
    standard errors of the computed ones, the median within a bet."""
    solution = solved("9-6-jacks-or-better")
    m = moments(solution, solution.best)
    figures = session.session(session.hand_walk(m.pays, m.final), 40, 300)
    rng = np.random.default_rng(20261127)
    probs = np.array([float(f) for f in m.final])
    nets = np.array([float(p) - 1 for p in m.pays])
    hands = nets[rng.choice(len(nets), size=(20_000, 300), p=probs / probs.sum())]
    paths = 40 + np.cumsum(hands, axis=1)
    # ruined: the bankroll under one bet after some round (before the next, or at the end)
    ruined = (paths < 1).any(axis=1)
    for simulated, computed in ((ruined.mean(), figures.ruin), ((paths[:, -1] > 40).mean(), figures.ahead)):
        error = math.sqrt(computed * (1 - computed) / len(paths))
        assert abs(simulated - computed) < 4 * error, (simulated, computed)
    assert abs(np.median(paths[:, -1] - 40) - figures.percentiles[50]) <= 1
    assert figures.wrap_bound < 1e-9


def test_the_command_prints_the_levels_round_variances_and_the_session(capsys, solved):
    from generator.cli import main

    assert main(["bankroll", "9-6-jacks-or-better", "--level", "card", "--bankroll", "40",
                 "--rounds", "300"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("9/6 Jacks or Better, the card level: return 99.537409%")
    from generator.bankroll.moments import moments
    from generator.pricing.prices import played_level
    from generator.solve.paytable import load_paytable

    m = moments(*played_level(load_paytable(ROOT / "content" / "paytables" / "9-6-jacks-or-better.toml"), "card"))
    assert m.mean < solved("9-6-jacks-or-better").expected_return  # the card costs a little
    figures = session.session(session.hand_walk(m.pays, m.final), 40, 300)
    assert f"chance of losing the bankroll   {figures.ruin * 100:.4f}%" in text
    for n in ROUND_SIZES:
        assert f"{math.sqrt(m.round_variance(n)):.4f}" in text
    assert "Lifetime" not in text  # a game under 100% loses any bankroll in a lifetime


def test_the_command_says_which_level_a_table_has_not(capsys):
    from generator.cli import main

    assert main(["bankroll", "9-6-jacks-or-better", "--level", "simple"]) == 2
    assert "no simple level (the card is already the simple strategy)" in capsys.readouterr().err


def test_every_pay_table_of_the_site_publishes_its_levels_swings(sample_site, solved):
    """The JSON's bankroll figures: the exact level's round of one hand is the solver's
    variance, every level's round of N hands N within + N^2 between; the page shows the card's
    standard deviations (or perfect play's, for a table without a card)."""
    import json
    import re

    from tests.sample import sample_slugs

    for slug in sample_slugs():
        data = json.loads((sample_site / f"{slug}.json").read_text())
        figures = data["bankroll"]
        assert set(figures) == ({"exact", "card"} if data["strategy"] else {"exact"}), slug
        exact = figures["exact"]
        assert Fraction(exact["rounds"][0]["variance"]["exact"]) == Fraction(data["solution"]["variance"]["exact"])
        for level in figures.values():
            within, between = (Fraction(level[k]["exact"]) for k in ("within", "between"))
            assert [Fraction(r["variance"]["exact"]) for r in level["rounds"]] == \
                [n * within + n * n * between for n in ROUND_SIZES]
            assert (level["lifetime_bankroll"] is None) == (Fraction(level["return"]["exact"]) <= 1)
        shown = figures["card" if data["strategy"] else "exact"]
        page = (sample_site / f"{slug}.html").read_text(encoding="utf-8")
        section = page[page.index('id="swings"'):page.index('id="final-hands"')]
        assert re.findall(r'<td class="num">([\d.]+)</td></tr>', section) == [r["sd"] for r in shown["rounds"]], slug


@pytest.mark.parametrize("slug, bankroll, rounds", [("9-6-jacks-or-better", 400, 10_000),
                                                    ("full-pay-deuces-wild", 150, 2_000),
                                                    ("10-7-double-bonus", 77, 500)])
def test_the_browsers_session_is_pythons(solved, slug, bankroll, rounds):
    """static/js/bankroll.js (the page's calculator) and session.py on the same hand: the same
    ruin chance, chance of ending ahead and percentiles, to float precision."""
    import json
    import subprocess

    from tests.test_js import node

    solution = solved(slug)
    m = moments(solution, solution.best)
    args = {"pays": [str(p) for p in m.pays], "chances": [str(f) for f in m.final],
            "bankroll": bankroll, "rounds": rounds}
    out = subprocess.run([node(), str(ROOT / "tests" / "js" / "bankroll-session.mjs"), json.dumps(args)],
                         capture_output=True, text=True, check=True, timeout=300)
    js = json.loads(out.stdout)
    py = session.session(session.hand_walk(m.pays, m.final), bankroll, rounds)
    assert js["ruin"] == pytest.approx(py.ruin, rel=1e-9, abs=1e-12)
    assert js["ahead"] == pytest.approx(py.ahead, rel=1e-9, abs=1e-12)
    assert {int(k): v for k, v in js["percentiles"].items()} == py.percentiles
    assert js["wrap_bound"] < 1e-9
    assert js["rho"] == pytest.approx(session.lifetime_rho(m.pays, m.final), rel=1e-12)


@pytest.mark.parametrize("width", [375, 1280])
def test_the_pages_session_calculator_says_pythons_figures(sample_site, browser, width):
    """On 9/6 Jacks or Better's page: 100 bets, 2,000 hands, played by the card; the chances and
    percentiles shown are session.py's for the card's hand; a bad bankroll gets a message."""
    import json

    from generator.bench.browser import serving
    from tests.test_browser import open_page

    data = json.loads((sample_site / "9-6-jacks-or-better.json").read_text())
    hand = data["bankroll"]["card"]["hand"]
    figures = session.session(session.hand_walk([Fraction(p) for p in hand["pays"]],
                                                [Fraction(c) for c in hand["chances"]]), 100, 2000)
    assert 0.01 < figures.ruin < 0.99
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}9-6-jacks-or-better.html", errors,
                         viewport={"width": width, "height": 900})
        page.click("#session-box summary")
        page.fill("#session-bankroll", "100")
        page.fill("#session-hands", "2000")
        page.click("#session-form button")
        page.wait_for_selector("#session-result:not([hidden])")
        assert page.inner_text("#session-ruin") == \
            f"Chance of losing the 100 bets within 2,000 hands: {figures.ruin * 100:.2f}%."
        assert page.inner_text("#session-ahead") == \
            f"Chance of ending the session ahead: {figures.ahead * 100:.2f}%."
        said = page.inner_text("#session-spread")
        for q in (5, 50, 95):
            assert f"{abs(figures.percentiles[q]):,.0f} bets" in said
        assert page.locator("#session-plot svg rect").count() > 10
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.fill("#session-bankroll", "lots")
        page.click("#session-form button")
        assert page.inner_text("#session-error") == \
            'Bankroll = "lots": expected a number of bets from 1 to 1,000,000, like 400 or 2.5'
        assert page.locator("#session-result").is_hidden()
    assert errors == []
