"""Multi-play rounds (generator/bankroll/rounds.py) and their sessions (session.py's FFT path):
against an exact integer convolution, the exact moments, a simulation of the real game, and the
step-by-step path."""

import math
import random
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from generator.bankroll import session
from generator.bankroll.moments import moments
from generator.bankroll.rounds import CUTOFF, MULTI_SIZES, distinct_hands, round_results
from generator.solve.solver import class_of


@pytest.fixture(scope="module")
def jacks(solved):
    solution = solved("9-6-jacks-or-better")
    return solution, round_results(solution, solution.best)


@pytest.mark.parametrize("fingerprint", ["hashed", "colliding"])
def test_the_distinct_rows_group_the_classes_as_a_dictionary_does(jacks, monkeypatch, fingerprint):
    """Each class's final-hand counts, in lowest terms, grouped in a Python dictionary: the same
    distinct rows, each weighted by its classes' deals. "colliding" makes every row's fingerprint
    its sum, so unequal rows share one and the plain way must take over."""
    from generator.bankroll import rounds
    from generator.bankroll.moments import hold_counts

    solution, _ = jacks
    if fingerprint == "colliding":
        monkeypatch.setattr(rounds, "_FINGERPRINT", np.ones(64, np.uint64))
    rows, weights = distinct_hands(solution, solution.best)
    expected: dict[tuple, int] = {}
    for row, size in zip(hold_counts(solution, solution.best).tolist(),
                         solution.deck.sizes.tolist()):
        common = math.gcd(*row)
        key = tuple(n // common for n in row)
        expected[key] = expected.get(key, 0) + size
    assert dict(zip(map(tuple, rows.tolist()), weights.tolist())) == expected
    assert len(rows) == len(expected)


def test_3_play_is_the_exact_integer_convolution_of_each_deals_draws(jacks):
    """Each class's draws ending in each pay line, cubed as polynomials in integers and summed
    in fractions: every total's chance within 1e-15 of the FFT's, none left out above CUTOFF."""
    solution, results = jacks
    rows, weights = distinct_hands(solution, solution.best)
    pays = [int(p) for p in solution.cats.scaled_pays]
    exact: dict[int, Fraction] = {}
    for row, weight in zip(rows.tolist(), weights.tolist()):
        draws = sum(row)
        cube: dict[int, int] = {}
        lines = [(pay, n) for pay, n in zip(pays, row) if n]
        for a, na in lines:
            for b, nb in lines:
                for c, nc in lines:
                    cube[a + b + c] = cube.get(a + b + c, 0) + na * nb * nc
        for total, ways in cube.items():
            exact[total] = exact.get(total, 0) + Fraction(weight * ways, draws ** 3)
    deals = solution.deck.deals
    got = dict(zip(results[3].totals.tolist(), results[3].chances.tolist()))
    for total, numerator in exact.items():
        chance = float(numerator / deals)
        if total in got:
            assert got[total] == pytest.approx(chance, abs=1e-15)
        else:
            assert chance < CUTOFF + 1e-15
    assert set(got) <= set(exact)
    assert sum(numerator for numerator in exact.values()) == deals


@pytest.mark.parametrize("slug", ["9-6-jacks-or-better", "full-pay-deuces-wild"])
def test_each_rounds_mean_and_variance_are_the_exact_moments(solved, slug):
    """The round of N hands pays N times one hand's return on average, with the variance
    N * within + N^2 * between (moments.py, counted apart from the distinct rows)."""
    solution = solved(slug)
    m = moments(solution, solution.best)
    for n, r in round_results(solution, solution.best).items():
        totals = r.totals / r.scale
        mean = float((totals * r.chances).sum())
        assert mean == pytest.approx(float(n * m.mean), rel=1e-10)
        variance = float((totals ** 2 * r.chances).sum()) - mean ** 2
        assert variance == pytest.approx(float(m.round_variance(n)), rel=1e-8)
        assert r.dropped < 1e-12
    assert tuple(round_results(solution, solution.best)) == MULTI_SIZES


def test_a_50_play_round_on_demand_has_the_exact_moments(jacks):
    """What `vpcharts bankroll --hands 50` plays (not built: 2^16 totals)."""
    solution, _ = jacks
    m = moments(solution, solution.best)
    r = round_results(solution, solution.best, (50,))[50]
    totals = r.totals / r.scale
    mean = float((totals * r.chances).sum())
    assert mean == pytest.approx(float(50 * m.mean), rel=1e-10)
    assert float((totals ** 2 * r.chances).sum()) - mean ** 2 == \
        pytest.approx(float(m.round_variance(50)), rel=1e-8)
    assert r.totals.max() > 800 * 2  # two royals in a round: the window holds every total


def _real_rounds(solution, count: int, hands: int, seed: str) -> np.ndarray:
    """`count` rounds of the real game: five cards dealt, held as the exact level holds them,
    and `hands` hands each drawing its own replacements from the other 47 cards; the total pay
    of each round, in bets."""
    dk, cats = solution.deck, solution.cats
    pays = [float(p) for p in cats.pays]
    rng = random.Random(seed)
    out = np.empty(count)
    deck = list(range(dk.n_cards))
    for k in range(count):
        cards = rng.sample(deck, 5)
        cls, position = class_of(dk, sorted(cards))
        ordered = sorted(cards)
        held = [c for i, c in enumerate(ordered) if int(solution.best[cls]) >> position[i] & 1]
        rest = [c for c in deck if c not in cards]
        total = 0.0
        for _ in range(hands):
            hand = sorted(held + rng.sample(rest, 5 - len(held)))
            total += pays[int(solution.hand_cats[sum(comb(c, i + 1) for i, c in enumerate(hand))])]
        out[k] = total
    return out


def test_a_3_play_session_agrees_with_a_simulation_of_the_real_game(jacks):
    """20,000 real 3-play rounds, cut into 200 sessions of 100 rounds from 60 bets: the chance
    of each of the round's commonest totals, the ruin chance and the chance of ending ahead,
    each within four standard errors of the computed ones."""
    solution, results = jacks
    rounds = _real_rounds(solution, 20_000, 3, "3-play")
    chances = dict(zip(results[3].totals.tolist(), results[3].chances.tolist()))
    for total in (0, 1, 2, 3, 4):
        p = chances[total]
        assert abs((rounds == total).mean() - p) < 4 * math.sqrt(p * (1 - p) / len(rounds)), total
    walk = session.round_walk(results[3])
    computed = session.session(walk, 60, 100)
    paths = 60 + np.cumsum(rounds.reshape(200, 100) - 3, axis=1)
    ruined = (paths < 3).any(axis=1)  # (a bankroll under 3 bets cannot pay a round)
    for simulated, p in ((ruined.mean(), computed.ruin), ((paths[:, -1] > 60).mean(), computed.ahead)):
        assert abs(simulated - p) < 4 * math.sqrt(p * (1 - p) / 200) + 1e-9, (simulated, p)


def test_the_fft_path_is_the_step_by_step_one(jacks, monkeypatch):
    """A 5-play session's ruin computed by FFT each round and by every step, the same."""
    _, results = jacks
    walk = session.round_walk(results[5])
    by_fft = session.ruin_chance(walk, Fraction(150), 300)
    monkeypatch.setattr(session, "FFT_STEPS", 10 ** 9)
    by_steps = session.ruin_chance(walk, Fraction(150), 300)
    assert 0.01 < by_steps < 0.99
    assert by_fft == pytest.approx(by_steps, rel=1e-9, abs=1e-13)


def test_a_round_of_one_hand_is_single_play(jacks, monkeypatch):
    """The FFT path on single play (forced) gives the step-by-step single-play ruin."""
    solution, _ = jacks
    m = moments(solution, solution.best)
    walk = session.hand_walk(m.pays, m.final)
    by_steps = session.ruin_chance(walk, Fraction(100), 2000)
    monkeypatch.setattr(session, "FFT_STEPS", 0)
    assert session.ruin_chance(walk, Fraction(100), 2000) == pytest.approx(by_steps, rel=1e-9)


@pytest.mark.parametrize("hands, bankroll, rounds", [(3, 300, 2_000), (10, 700, 1_000)])
def test_the_browsers_multi_play_session_is_pythons(jacks, hands, bankroll, rounds):
    """static/js/bankroll.js on the round as rounds/<slug>.js gives it (12 digits) and
    session.py on the same round: the same figures to float precision."""
    import json
    import subprocess
    from pathlib import Path

    from tests.test_js import node

    _, results = jacks
    r = results[hands]
    shipped = {"hands": r.hands, "scale": r.scale, "totals": r.totals.tolist(),
               "chances": [float(f"{c:.12g}") for c in r.chances]}
    args = {"round": shipped, "bankroll": bankroll, "rounds": rounds}
    script = Path(__file__).parent / "js" / "bankroll-session.mjs"
    out = subprocess.run([node(), str(script), json.dumps(args)], capture_output=True, text=True,
                         check=True, timeout=300)
    js = json.loads(out.stdout)
    py = session.session(session.round_walk(r), bankroll, rounds)
    assert 0.001 < py.ruin < 0.999
    assert js["ruin"] == pytest.approx(py.ruin, rel=1e-9, abs=1e-12)
    assert js["ahead"] == pytest.approx(py.ahead, rel=1e-9, abs=1e-12)
    assert {int(k): v for k, v in js["percentiles"].items()} == py.percentiles
    lifetime = session.lifetime_bankrolls(session.round_walk(r), 0.01)
    assert (js["lifetime"] is None) == (lifetime is None)  # (9/6 Jacks: under 100%: None)


def test_the_pages_calculator_plays_3_hands_a_deal_from_the_rounds_script(sample_site, browser):
    """On 9/6 Jacks or Better's page, 3-play from 90 bets for 400 deals by perfect play: the
    page loads rounds/<slug>.js and says session.py's figures for the round that script holds."""
    import json
    import re

    from generator.bench.browser import serving
    from tests.test_browser import open_page

    text = (sample_site / "rounds" / "9-6-jacks-or-better.js").read_text()
    shipped = json.loads(re.search(r'rounds\["9-6-jacks-or-better"\] = (.*);\n$', text).group(1))
    r = next(r for r in shipped["exact"] if r["hands"] == 3)
    walk = session.Walk(r["scale"], np.array(r["totals"]) - 3 * r["scale"],
                        np.array(r["chances"]), 3 * r["scale"])
    figures = session.session(walk, 90, 400)
    assert 0.01 < figures.ruin < 0.99
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}9-6-jacks-or-better.html", errors,
                         viewport={"width": 375, "height": 900})
        page.click("#session-box summary")
        page.select_option("#session-play", "3")
        page.select_option("#session-level", "exact")
        page.fill("#session-bankroll", "90")
        page.fill("#session-hands", "400")
        page.click("#session-form button")
        page.wait_for_selector("#session-result:not([hidden])")
        assert page.inner_text("#session-ruin") == ("Chance of losing the 90 bets within 400 deals "
                                                    f"of 3 hands (1,200 hands): {figures.ruin * 100:.2f}%.")
        assert page.inner_text("#session-ahead") == \
            f"Chance of ending the session ahead: {figures.ahead * 100:.2f}%."
        page.fill("#session-bankroll", "2")
        page.click("#session-form button")
        assert page.inner_text("#session-error") == \
            ('Bankroll = "2": a deal of 3 hands stakes 3 bets; expected a number of bets from 3 to '
             '1,000,000, like 400 or 2.5')
    assert errors == []


def test_lundbergs_coefficient_of_single_play_is_the_first_descent_root(solved):
    """Single play is skip-free: e^(-R) is rho, and the lower end of the bracket is the exact
    lifetime bankroll."""
    solution = solved("full-pay-deuces-wild")
    m = moments(solution, solution.best)
    walk = session.hand_walk(m.pays, m.final)
    assert math.exp(-session.adjustment(walk)) == pytest.approx(session.lifetime_rho(m.pays, m.final), rel=1e-12)
    below, enough = session.lifetime_bankrolls(walk, 0.01)
    assert below == pytest.approx(session.lifetime_bankroll(m.pays, m.final, 0.01), rel=1e-9)
    assert enough == below + 1


def test_the_lifetime_bracket_holds_the_ruin_of_a_walk_with_big_steps_down():
    """A round losing 3, winning 1 or 6 (units of a bet; stake 3): the chance of losing 30 bets
    within 3,000 rounds (by the dynamic programme; the walk drifts up half a bet a round, so
    later ruin is negligible) lies between e^(-R B) and e^(-R (B - 3)), and the bankroll for a
    1% risk between the bracket's ends."""
    walk = session.Walk(1, np.array([-3, 1, 6]), np.array([0.5, 0.2, 0.3]), 3)
    r = session.adjustment(walk)
    ruin = session.ruin_chance(walk, Fraction(30), 3000)
    assert math.exp(-r * 30) - 1e-9 <= ruin <= math.exp(-r * 27)
    below, enough = session.lifetime_bankrolls(walk, 0.01)
    assert session.ruin_chance(walk, Fraction(math.floor(below)), 3000) > 0.01 - 1e-9
    assert session.ruin_chance(walk, Fraction(math.ceil(enough)), 3000) <= 0.01
    assert session.lifetime_bankrolls(session.Walk(1, np.array([-3, 1]), np.array([0.5, 0.5]), 3), 0.01) is None


def test_the_browsers_multi_play_lifetime_is_pythons(solved):
    """Full Pay Deuces Wild (over 100%), 3-play: bankroll.js's lifetime bracket is session.py's."""
    import json
    import subprocess
    from pathlib import Path

    from tests.test_js import node

    solution = solved("full-pay-deuces-wild")
    r = round_results(solution, solution.best)[3]
    shipped = {"hands": 3, "scale": r.scale, "totals": r.totals.tolist(), "chances": r.chances.tolist()}
    script = Path(__file__).parent / "js" / "bankroll-session.mjs"
    out = subprocess.run([node(), str(script), json.dumps({"round": shipped, "bankroll": 600, "rounds": 100})],
                         capture_output=True, text=True, check=True, timeout=300)
    js = json.loads(out.stdout)["lifetime"]
    assert js == pytest.approx(list(session.lifetime_bankrolls(session.round_walk(r), 0.01)), rel=1e-9)


def test_the_rounds_are_the_same_bits_whatever_the_threads(jacks):
    """The site must be the same bytes on every machine: the round distributions computed in a
    process with one BLAS/OpenMP thread are this process's to the last bit."""
    import os
    import subprocess
    import sys

    _, results = jacks
    here = b"".join(r.chances.tobytes() + r.totals.tobytes() for r in results.values())
    code = ("import sys\n"
            "from tests.conftest import _solve\n"
            "from generator.bankroll.rounds import round_results\n"
            "s = _solve('9-6-jacks-or-better')\n"
            "sys.stdout.buffer.write(b''.join(r.chances.tobytes() + r.totals.tobytes()\n"
            "                                 for r in round_results(s, s.best).values()))\n")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                           env=env, cwd=root, timeout=300).stdout
    assert there == here
