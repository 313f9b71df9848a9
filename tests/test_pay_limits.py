"""Pays up to the exact solver's limit are accepted and solved exactly; one past it is refused
with a line naming the field and the limit.

The limit: every pay times the pays' common denominator, over the draw counts' common
denominator (7,669,695 for 52 cards), summed over every deal, stays below 2**62 in int64. The
checks use the fact that EVs are linear in the pays: a pay table with every pay multiplied by k
has every EV multiplied by k and the same optimal holds, and the same strategy table.
"""

import re
from fractions import Fraction
from math import comb

import pytest

from generator.errors import ContentError
from generator.paytable import draw_denominator, largest_scaled_pay, parse_paytable
from generator.solver import solve_uncached

import tomllib

JOB = {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25, "full_house": 9,
       "flush": 6, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "pair": 1}


def table(pays: dict, family="natural", min_pair="jacks"):
    data = {"name": "t", "family": family, "pays": pays}
    if min_pair:
        data["min_pair"] = min_pair
    return parse_paytable(data, "t.toml", "t")


def test_the_limit_is_the_int64_bound_of_every_deal_summed():
    for deck in (52, 53):
        top = largest_scaled_pay(deck)
        assert top * draw_denominator(deck) * comb(deck, 5) < 2 ** 62
        assert (top + 1) * draw_denominator(deck) * comb(deck, 5) >= 2 ** 62
    assert (largest_scaled_pay(52), largest_scaled_pay(53)) == (231_356, 187_704)


def test_one_past_the_limit_is_refused_naming_field_and_limit():
    table(dict(JOB, royal_flush=231_356))
    with pytest.raises(ContentError) as error:
        table(dict(JOB, royal_flush=231_357))
    assert "pays.royal_flush = '231357': expected a pay of at most 231,356" in str(error.value)
    with pytest.raises(ContentError) as error:  # 3 decimals: a thousandth of the limit
        table(dict(JOB, royal_flush=232, flush="6.001"))
    assert re.search(r"pays.flush = '6001/1000': .*\(1,000\) is at most 231,356",
                     str(error.value))


def test_largest_whole_pays_solve_exactly_and_play_the_same(solved, strategy_of):
    """9/6 Jacks or Better times 289 (a royal of 231,200): every EV exactly 289 times, the same
    holds, and the same strategy table (the cost sums are over every deal: the limit's reason)."""
    from generator.strategy import build

    base = solved("9-6-jacks-or-better")
    big = solve_uncached(table({key: pay * 289 for key, pay in JOB.items()}))
    assert big.expected_return == 289 * base.expected_return
    assert big.unit == base.unit and (big.best_ev == 289 * base.best_ev).all()
    assert (big.best == base.best).all()
    lines = [(line.text, line.deals) for line in build(big).lines]
    assert lines == [(line.text, line.deals) for line in strategy_of("9-6-jacks-or-better").lines]


def test_three_decimal_pays_solve_exactly(solved):
    """Pays of 0.2, 0.05, ..., 0.001 are 9/6-like pays over 1000: the same integers over a unit
    1000 times larger."""
    whole = {"royal_flush": 200, "straight_flush": 50, "four_of_a_kind": 25, "full_house": 9,
             "flush": 6, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "pair": 1}
    text = "\n".join(f"{key} = {pay / 1000:.3f}" for key, pay in whole.items())
    decimals = tomllib.loads(text)
    small = solve_uncached(table(decimals))
    large = solve_uncached(table(whole))
    assert small.cats.scale == 1000 and small.unit == 1000 * large.unit
    assert (small.best_ev == large.best_ev).all() and (small.best == large.best).all()
    assert small.expected_return * 1000 == large.expected_return
    assert small.expected_return == Fraction(large.expected_return) / 1000
