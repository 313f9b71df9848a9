"""Ultimate X's published figures, reproduced to their printed digits; each test names its source.

- Gary J. Koehler, "Ultimate X Poker Analysis" (2010, revised 2015), page 1: "...Deuces Wild with
  the outcome values in Table 1, the optimal expected profits per hand of play are -0.00456096
  and -0.010869, respectively." Table 1 is the introduction's pay tables (9/6 Jacks or Better;
  Deuces Wild 25/15/9/4/4/3, the pays of Illinois Deuces): these are the base games' profits per
  coin, which the solver gives with every multiplier 1 and the 5-coin bet (the feature off).
- Wizard of Odds, Ultimate X Poker (multi-line) tables, optimal returns to six places, as
  extracted by script in github.com/briand619/slotzzz (frontend/video-poker/multi/js/tables.js):
  the build checks every shipped game's (content/ultimate-x/); here, pay tables not shipped.
- Wizard of Odds' 10-play strategy pages: "8/6 Jacks or Better 10-Play Ultimate X Strategy"
  (perfect play 99.42%, single strategy 99.38%), "7/5 Bonus Poker 10-Play ..." (99.40%, 99.32%).
- John Grochowski, Atlantic City Weekly ("The house edge on horse betting"), citing Wizard of
  Odds: 7-5 Jacks or Better with the feature, 96.72%, 96.81%, 96.83% for 3, 5 and 10 hands.
- Las Vegas Advisor (lasvegasadvisor.com/shop/?p=839396): $1 Ten Play 9/6 Double Double Bonus
  Ultimate X, "a 99.87% game when played perfectly".
- Wizard of Odds, Ultimate X (single line), 8/6 Jacks or Better, as quoted on Wizard of Vegas
  (forum thread 42308): each multiplier's long-run share and the value of a hand at it, to six
  digits; 98.57% for the game; and its analyzer's "optimal single strategy", 98.4971%.
"""

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from generator.solve.paytable import load_paytables
from generator.ultimate_x.game import UltimateX, load_games_of_file

ROOT = Path(__file__).resolve().parents[1]
TABLES = {t.slug: t for t in load_paytables(ROOT / "content" / "paytables")}


def shipped(stem: str, lines: int) -> UltimateX:
    return next(g for g in load_games_of_file(ROOT / "content" / "ultimate-x" / f"{stem}.toml",
                                              list(TABLES.values())) if g.lines == lines)


def on(game: UltimateX, slug: str) -> UltimateX:
    """The same multipliers on another pay table of the game (they do not vary by pay table)."""
    return replace(game, table=TABLES[slug], slug=f"{game.slug}-on-{slug}")


def solved(game: UltimateX):
    from generator.ultimate_x import mdp
    from generator.ultimate_x.holds import hold_arrays

    return mdp.solve(mdp.model(hold_arrays(game), game.lines))


def rounds_to(value: float, printed: str) -> bool:
    scale = 100 if printed.endswith("%") else 1
    digits = len(printed.rstrip("%").partition(".")[2])
    return round(value * scale, digits) == float(printed.rstrip("%"))


def single_strategy_return(game: UltimateX) -> float:
    from generator.solve import cache
    from generator.ultimate_x.fixed import fixed_return
    from generator.ultimate_x.game import single_table

    return float(fixed_return(game, cache.solve(single_table(game))[0].best))


@pytest.mark.parametrize("slug, printed", [("9-6-jacks-or-better", "-0.00456096"),
                                           ("illinois-deuces", "-0.010869")])
def test_koehlers_table_1_profits_are_the_base_games_feature_off(slug, printed):
    """Koehler, Ultimate X Poker Analysis, page 1 (see the module's docstring)."""
    game = UltimateX("x", "x", TABLES[slug], 1, (1,) * len(TABLES[slug].lines), "", "")
    s = solved(game)
    profit = s.gain - 1  # per coin of a 5-coin bet: the multiplier's extra 5 coins are not bet
    assert round(profit, len(printed) - 3) == float(printed)


@pytest.mark.parametrize("stem, slug, lines, printed", [
    ("8-6-jacks-or-better", "8-5-jacks-or-better", 3, "0.97873"),
    ("8-6-jacks-or-better", "7-5-jacks-or-better", 5, "0.968142"),
    ("9-6-double-double-bonus", "9-5-double-double-bonus", 5, "0.984253"),
    ("8-5-bonus-poker-deluxe", "8-6-bonus-poker-deluxe", 10, "0.997022"),
])
def test_wizard_of_odds_optimal_returns_on_pay_tables_not_shipped(stem, slug, lines, printed):
    """Wizard of Odds, Ultimate X Poker (multi-line) tables (see the module's docstring)."""
    assert rounds_to(solved(on(shipped(stem, lines), slug)).expected_return, printed)


@pytest.mark.slow
@pytest.mark.parametrize("lines, printed", [(3, "96.72%"), (5, "96.81%"), (10, "96.83%")])
def test_grochowski_7_5_jacks_or_better(lines, printed):
    """Grochowski, Atlantic City Weekly, citing Wizard of Odds: 'expert play'."""
    game = on(shipped("8-6-jacks-or-better", lines), "7-5-jacks-or-better")
    assert rounds_to(solved(game).expected_return, printed)


@pytest.mark.slow
@pytest.mark.parametrize("stem, optimal, single", [("8-6-jacks-or-better", "99.42%", "99.38%"),
                                                   ("7-5-bonus-poker", "99.40%", "99.32%")])
def test_wizard_of_odds_ten_play_strategy_pages(stem, optimal, single):
    """Wizard of Odds, '8/6 Jacks or Better 10-Play Ultimate X Strategy' and '7/5 Bonus Poker
    10-Play Ultimate X Strategy': perfect play, and the single strategy (2 x pay + multiplier
    - 1) played at every multiplier, exactly."""
    game = shipped(stem, 10)
    assert rounds_to(solved(game).expected_return, optimal)
    assert rounds_to(single_strategy_return(game), single)


@pytest.mark.slow
def test_las_vegas_advisor_ten_play_double_double_bonus():
    """Las Vegas Advisor: $1 Ten Play 9/6 Double Double Bonus Ultimate X, '99.87%'."""
    assert rounds_to(solved(shipped("9-6-double-double-bonus", 10)).expected_return, "99.87%")


def test_wizard_of_odds_single_line_jacks_or_better_to_every_printed_digit():
    """Wizard of Odds, Ultimate X (single line), 8/6 Jacks or Better, as quoted on Wizard of
    Vegas: per multiplier, the value of a hand played at it (the pay times the multiplier plus
    the next multiplier less 1, the best hold by that value) and its share of the hands in the
    long run under that play; the game's 98.57%; the analyzer's single strategy, 98.4971%."""
    from generator.ultimate_x import mdp

    game = shipped("8-6-jacks-or-better", 1)
    s = solved(game)
    m = s.model
    a = m.arrays
    next_m = (a.counts @ np.array(game.values, float)) / a.denominator  # (classes, 32)
    printed = {1: ("1.990482", "56.29%"), 2: ("2.970095", "19.93%"), 3: ("3.951610", "12.53%"),
               4: ("4.933877", "7.24%"), 7: ("7.882715", "1.38%"), 10: ("10.833378", "1.50%"),
               12: ("12.801031", "1.13%")}
    policy = np.zeros((len(m.win), len(m.totals)), np.int8)
    for k, total in enumerate(m.totals):
        value = total * m.win + next_m - 1
        policy[:, k] = value.argmax(axis=1)
        assert rounds_to(float(a.weights @ value.max(axis=1)), printed[int(total)][0])
    pi = mdp.evaluate(m, policy).stationary
    for k, total in enumerate(m.totals):
        assert rounds_to(float(pi[k]), printed[int(total)][1])
    assert rounds_to(s.expected_return, "98.57%")
    assert rounds_to(single_strategy_return(game), "98.4971%")
