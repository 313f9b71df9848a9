"""A pay that moves (generator/solve/progressive.py), held to the plain solver: the return at the
ends of a range, at breakpoints (exact fractions) and at the break-even equals a full solve of the
pay table with that pay; between two breakpoints nothing changes, and across one exactly the
deals it names change their best hold (the solver's 32 EVs of every class, at pays either side).
"""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from generator.solve.cache import solve_uncached
from generator.solve.paytable import load_paytable
from generator.solve.progressive import hold_lines, progressive, with_pay

ROOT_DIR = Path(__file__).resolve().parents[1]
ROOT = str(ROOT_DIR / "content" / "paytables") + "/"


@pytest.fixture(scope="module")
def jacks():
    """9/6 Jacks or Better, its royal from 800 to 1,600 a coin (a meter of 4,000-8,000 coins)."""
    table = load_paytable(ROOT + "9-6-jacks-or-better.toml")
    return table, progressive(table, "royal_flush", Fraction(800), Fraction(1600),
                              hold_lines(table, "royal_flush"))


def solved_return(table, pay):
    return solve_uncached(with_pay(table, "royal_flush", pay)).expected_return


def test_the_ends_are_the_solvers_returns(jacks):
    table, moving = jacks
    assert moving.return_low == solve_uncached(table).expected_return  # (its royal pays 800)
    assert moving.return_high == solved_return(table, Fraction(1600))


def simple_between(low: Fraction, high: Fraction) -> Fraction:
    """A pay strictly between two, with a small denominator (the solver refuses pays whose
    common denominator overflows its integers; a breakpoint's may)."""
    for limit in (5, 100, 10_000):
        pay = ((low + high) / 2).limit_denominator(limit)
        if low < pay < high:
            return pay
    raise AssertionError((low, high))


def test_the_return_at_breakpoints_and_at_the_break_even_is_the_solvers(jacks):
    table, moving = jacks
    assert len(moving.breakpoints) > 20
    plain = [b for b in moving.breakpoints if b.pay.denominator <= 100]
    assert len(plain) >= 3
    for point in (plain[0], plain[len(plain) // 2], plain[-1]):
        assert point.return_ == solved_return(table, point.pay), point.pay
    # The break-even's denominator is too fine to solve at: the solver's returns at two plain
    # pays of its segment, where no hold changes, are a line through (break_even, 1).
    even = moving.break_even
    assert even is not None and 800 < even < 1600
    pays = [moving.low] + [b.pay for b in moving.breakpoints] + [moving.high]
    start, end = next((a, b) for a, b in zip(pays, pays[1:]) if a <= even <= b)
    p1, p2 = simple_between(start, even), simple_between(even, end)
    r1, r2 = solved_return(table, p1), solved_return(table, p2)
    assert r1 < 1 < r2
    assert r1 + (r2 - r1) * (even - p1) / (p2 - p1) == 1


def best_masks(evs: np.ndarray) -> list[frozenset]:
    top = evs.max(axis=1, keepdims=True)
    return [frozenset(np.nonzero(row)[0].tolist()) for row in evs == top]


@pytest.mark.parametrize("which", [0, 5])
def test_across_a_breakpoint_exactly_the_deals_it_names_change_their_best_hold(jacks, which):
    table, moving = jacks
    before, point, after = moving.breakpoints[which:which + 3]
    below = (before.pay + point.pay) / 2  # (no other breakpoint between these and `point`)
    above = (point.pay + after.pay) / 2
    evs_below = solve_uncached(with_pay(table, "royal_flush", below)).evs
    evs_above = solve_uncached(with_pay(table, "royal_flush", above)).evs
    changed = {cls for cls, (b, a) in enumerate(zip(best_masks(evs_below), best_masks(evs_above)))
               if not b & a}
    assert changed == {c.cls for c in point.changes}
    for c in point.changes:
        assert c.before in best_masks(evs_below[c.cls:c.cls + 1])[0]
        assert c.after in best_masks(evs_above[c.cls:c.cls + 1])[0]


def test_a_range_with_no_crossing_has_no_breakpoint_and_a_straight_return(jacks):
    table, moving = jacks
    first = moving.breakpoints[0].pay
    short = progressive(table, "royal_flush", Fraction(800), (800 + first) / 2)
    assert short.breakpoints == () and short.break_even is None
    middle = (800 + (800 + first) / 2) / 2
    assert (short.return_low + short.return_high) / 2 == solved_return(table, middle)


def run(*args):
    return subprocess.run([sys.executable, "-m", "generator", "progressive", *args], cwd=ROOT_DIR,
                          capture_output=True, text=True)


def test_the_command_prints_what_the_module_computes(jacks):
    _, moving = jacks
    out = run("9-6-jacks-or-better", "--from", "4000", "--to", "8000", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert Fraction(data["break_even"]) == moving.break_even * 5
    assert [Fraction(p["meter"]) for p in data["breakpoints"]] == [
        p.pay * 5 for p in moving.breakpoints]
    assert [Fraction(p["return"]) for p in data["breakpoints"]] == [
        p.return_ for p in moving.breakpoints]
    text = run("9-6-jacks-or-better", "--from", "4000", "--to", "8000").stdout
    assert "Return: 99.543904% at 4,000 coins" in text
    assert f"changes at {len(moving.breakpoints):,} meters" in text


@pytest.mark.parametrize("args, message", [
    (("--pay", "royal", "--from", "4000", "--to", "8000"),
     "--pay 'royal': expected a pay of 9-6-jacks-or-better: royal_flush, straight_flush"),
    (("--from", "8000", "--to", "4000"), "--from 8000 --to 4000: expected --from below --to"),
    (("--from", "-5", "--to", "4000"), "expected a meter in coins from 0 to 1,000,000"),
])
def test_a_bad_range_or_pay_is_one_line_and_exit_2(args, message):
    out = run("9-6-jacks-or-better", *args)
    assert out.returncode == 2 and message in out.stderr and out.stderr.count("\n") == 1


def test_a_six_coin_meter_counts_what_the_full_bet_wins():
    """Deuces Wild Double Double Bonus is bet 6 coins: its 4,000-coin royal is 4,000 / 6 a coin
    bet, so the meter's low end is the table's own return."""
    out = run("deuces-wild-double-double-bonus-20-10-8", "--pay", "natural_royal",
              "--from", "4000", "--to", "8000", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    table = load_paytable(ROOT + "deuces-wild-double-double-bonus-20-10-8.toml")
    assert data["coins"] == 6 and table.pay("natural_royal") == Fraction(4000, 6)
    assert Fraction(data["return_from"]) == solve_uncached(table).expected_return


# ---------------------------------------------------------------------------------------------
# The lines that move (generator/strategy/progressive_report.py, hold_words.py): each breakpoint's
# changes grouped by the names of the holds that swap, named as a chart names them.

@pytest.mark.parametrize("family, deal, held, name", [
    ("natural", "As Ks Qs Js 9d", "As Ks Qs Js", "4 to a Royal Flush: AKQJ"),
    ("natural", "As Ks Qs Js 9d", "As Ks Qs Js 9d", "AKQJ9 unsuited"),
    ("natural", "2c 5c 9c Kc Ad", "2c 5c 9c Kc", "4 to a Flush"),
    ("natural", "Jc Qd 2c 3c 4h", "Jc Qd", "QJ unsuited"),
    ("natural", "Jc Qc 2c 3d 4h", "Jc Qc", "Suited QJ"),
    ("natural", "Jc Jd 2c 3c 4c", "Jc Jd", "Pair of Jacks"),
    ("natural", "Ac Ad Ah 2c 9d", "Ac Ad Ah 2c", "Three Aces with a 2 kicker"),
    ("natural", "Kc 7d 3h 8s 2c", "Kc", "K alone"),
    ("natural", "Kc 7d 3h 8s 2c", "", "Discard everything"),
    ("deuces", "2c 2d 5h 9s Kd", "2c 2d", "2 deuces only"),
    ("deuces", "2c 5h 6h 7h Kd", "2c 5h 6h 7h", "4 to a Straight Flush: 765, with 1 deuce"),
    ("deuces", "2c 5h 5d 9s Kd", "2c 5h 5d", "Pair of 5s, with 1 deuce"),
    ("joker", "Jk Ah 3c 7d 9s", "Jk Ah", "A with the joker"),
    ("double_joker", "Jk Jk 3c 7d 9s", "Jk Jk", "Both jokers only"),
    ("five_aces", "A* Ah Ad Ac As", "A* Ah Ad Ac As", "Five Aces"),
])
def test_a_hold_is_named_as_a_chart_names_it(family, deal, held, name):
    from generator.core.cards import parse_hand
    from generator.solve.families import FAMILIES
    from generator.strategy.hold_words import hold_name

    cards = parse_hand(deal, deck=FAMILIES[family].deck)  # (in the order typed)
    assert len(cards) == 5 and set(held.split()) <= set(deal.split())
    mask = sum(1 << i for i, token in enumerate(deal.split()) if token in held.split())
    assert hold_name(cards, mask, family, 9 if family == "natural" else None) == name


def test_the_lines_that_move_group_each_breakpoints_changes_by_name(jacks):
    from generator.solve.cache import family_deck
    from generator.strategy.hold_words import hold_name
    from generator.strategy.progressive_report import moves

    table, moving = jacks
    dk = family_deck(table.family.key)
    grouped = 0
    for point in moving.breakpoints:
        found = moves(moving, point, dk)
        assert sum(m.deals for m in found) == point.deals
        assert len({(m.above, m.below) for m in found}) == len(found)
        for m in found:
            cards = dk.reps[m.example.cls].tolist()
            assert hold_name(cards, m.example.after, "natural", table.min_pair) == m.above
            assert hold_name(cards, m.example.before, "natural", table.min_pair) == m.below
        grouped += len(point.changes) > len(found)
    assert grouped > 10  # (changes of one swap share a line: 3RF AJT over 4F, on 8 low cards)
    first = moves(moving, moving.breakpoints[0], dk)
    assert [(m.above, m.below) for m in first][:1] == [("3 to a Royal Flush: AJT",
                                                         "4 to a Flush")]
    text = run("9-6-jacks-or-better", "--from", "4000", "--to", "8000").stdout
    assert "3 to a Royal Flush: KQJ over Pair of Aces (J♥ Q♥ K♥ A♣ A♦)" in text


# Published returns of progressive games at a stated meter, each to the digits its source
# prints: (pay table, its coins for the meter, the return as printed, digits after the point).
PUBLISHED_METERS = [
    # John Grochowski, "With expert play" (casinocenter.com/with-expert-play-2/): "8-5 Jacks or
    # Better, a 97.3 percent game with expert play and a 4,000-coin royal, becomes a 97.8
    # percent game with a 5,000-coin royal."
    ("8-5-jacks-or-better", 5_000, "97.8", 1),
    # Wizard of Odds, Ask the Wizard (wizardofodds.com/ask-the-wizard/video-poker/paytables/):
    # 8/5 Jacks or Better with a "$2,200 jackpot with five quarters played" (8,800 coins): "if
    # you played optimal strategy for this jackpot the return would be 100.08%."
    ("8-5-jacks-or-better", 8_800, "100.08", 2),
    # Bob Dancer, "Figuring the return for 8/5 Bonus Poker with four progressives" (reposted at
    # jollyjackpot.com, 2023-01-25): "I now set the royal flush to 8,000 coins and discover the
    # game returns 101.4376%."
    ("8-5-bonus-poker", 8_000, "101.4376", 4),
]


@pytest.mark.parametrize("slug, meter, published, digits", PUBLISHED_METERS)
def test_the_return_at_a_published_meter_is_the_figure_printed(slug, meter, published, digits):
    """The royal meter from the pay table's own royal up to `meter` coins (for five): the
    return at the top, as `vpcharts progressive` prints it, rounds to the published figure."""
    table = load_paytable(ROOT + f"{slug}.toml")
    moving = progressive(table, "royal_flush", table.pay("royal_flush"), Fraction(meter, 5),
                         hold_lines(table, "royal_flush"))
    assert round(moving.return_high * 100, digits) == Fraction(published), \
        float(moving.return_high * 100)


# John Grochowski, Strictly Slots, August 2022, p. 39 (8/5 Jacks or Better, EVs for a five-coin
# bet): Q♥ T♥ 3♥ A♣ 6♠, suited Q-T against A-Q: "the break even level is 4,950 coins. At that
# level, Q-10 and A-Q both have an EV of 2.3660"; K♦ T♦ A♣ 6♠ 3♥, K-T against A-K: "an expected
# value of 2.3660 coins when the jackpot hits 5,310."
SWITCH_POINTS = [(4_950, "Qh Th 3h Ac 6s", "Qh Th", "Qh Ac", "2.3660"),
                 (5_310, "Kd Td Ac 6s 3h", "Kd Td", "Kd Ac", "2.3660")]


@pytest.mark.parametrize("meter, deal, one, other, ev", SWITCH_POINTS)
def test_a_published_switch_point_is_a_breakpoint_where_the_two_holds_tie(meter, deal, one,
                                                                          other, ev):
    from generator.core.cards import parse_hand
    from generator.solve import cache
    from generator.solve.solver import class_of

    table = load_paytable(ROOT + "8-5-jacks-or-better.toml")
    pay = Fraction(meter, 5)
    moving = progressive(table, "royal_flush", Fraction(800), Fraction(1200),
                         hold_lines(table, "royal_flush"))
    cards = parse_hand(deal)
    cls, position = class_of(cache.family_deck(table.family.key), cards)
    masks = [sum(1 << position[cards.index(c)] for c in parse_hand(h, True, 2))
             for h in (one, other)]
    point = next(b for b in moving.breakpoints if b.pay == pay)
    assert any(c.cls == cls and {c.before, c.after} == set(masks) for c in point.changes)
    solution = solve_uncached(with_pay(table, "royal_flush", pay))
    evs = solution.deal_evs(cards)
    held = [sum(1 << cards.index(c) for c in parse_hand(h, True, 2)) for h in (one, other)]
    assert evs[held[0]] == evs[held[1]]
    assert round(Fraction(evs[held[0]], solution.unit) * 5, 4) == Fraction(ev)
