"""Pays up to the exact sums' limits are accepted and solved exactly; past them, a refusal with
a line naming the field and the limit.

The limits (generator/solve/paytable.py): the largest pay times the pays' common denominator must
keep the solver's inclusion-exclusion sums and one suit class's weighted loss below 2**62
(`largest_scaled_pay`), and the return summed over every deal must stay below 2**62 too
(`largest_scaled_return`, checked by the solve). The checks use the fact that EVs are linear in
the pays: a pay table with every pay multiplied by k has every EV multiplied by k, the same
optimal holds and the same exact strategy table.
"""

import random
import re
from fractions import Fraction
from math import comb

import pytest

from generator.core.errors import ContentError

from generator.solve.paytable import (MOST_DEALS_IN_A_CLASS, draw_denominator, largest_scaled_pay,
                                largest_scaled_return, parse_paytable)
from generator.solve.solver import hand_evs
from generator.solve.cache import solve_uncached

import tomllib

from reference import reference_hold_evs

JOB = {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25, "full_house": 9,
       "flush": 6, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "pair": 1}


def table(pays: dict, family="natural", min_pair="jacks"):
    data = {"name": "t", "family": family, "pays": pays}
    if min_pair:
        data["min_pair"] = min_pair
    return parse_paytable(data, "t.toml", "t")


def test_the_limits_are_the_int64_bounds_they_name():
    for deck in (52, 53):
        top, ret = largest_scaled_pay(deck), largest_scaled_return(deck)
        solver, one_class = 32 * comb(deck, 5), MOST_DEALS_IN_A_CLASS * draw_denominator(deck)
        assert max(solver, one_class) * top < 2 ** 62 <= max(solver, one_class) * (top + 1)
        assert ret * draw_denominator(deck) * comb(deck, 5) < 2 ** 62
        assert (ret + 1) * draw_denominator(deck) * comb(deck, 5) >= 2 ** 62
    assert (largest_scaled_pay(52), largest_scaled_pay(53)) == (25_053_614_791, 22_443_863_251)
    assert (largest_scaled_return(52), largest_scaled_return(53)) == (231_356, 187_704)


def test_no_suit_class_has_more_deals_than_the_bound_assumes(solved):
    for slug in ("9-6-jacks-or-better", "joker-poker-kings-or-better"):
        assert int(solved(slug).deck.sizes.max()) == MOST_DEALS_IN_A_CLASS


def test_one_past_the_limit_is_refused_naming_field_and_limit():
    table(dict(JOB, royal_flush=25_053_614_791))
    with pytest.raises(ContentError) as error:
        table(dict(JOB, royal_flush=25_053_614_792))
    assert ("pays.royal_flush = '25053614792': expected a pay of at most 25,053,614,791"
            in str(error.value))
    table(dict(JOB, royal_flush="25053614.791", flush="6.001"))
    with pytest.raises(ContentError) as error:  # 3 decimals: a thousandth of the limit
        table(dict(JOB, royal_flush="25053614.792", flush="6.001"))
    assert re.search(r"pays.flush = '6001/1000': .*\(1,000\) is at most 25,053,614,791",
                     str(error.value))


def test_a_royal_in_the_millions_with_three_decimals_solves_exactly():
    """A royal of 4,000,000 and a flush of 6.001 (a largest scaled pay of 4e9, 17,000 times the
    old limit): EVs of sampled deals equal a brute-force enumeration in fractions."""
    big = table(dict(JOB, royal_flush=4_000_000, flush="6.001"))
    solution = solve_uncached(big)
    assert solution.cats.scale == 1000
    rng = random.Random("royal in the millions")
    deals = [rng.sample(range(52), 5) for _ in range(4)] + [[8, 9, 10, 11, 12]]  # + a royal
    for cards in deals:
        assert hand_evs(solution, cards) == reference_hold_evs(big, cards), cards


def test_a_return_past_the_sums_over_every_deal_is_refused_by_the_solve():
    """Royals of 5 and 6 million with a flush of 6.001: returns of 217 and 260 units a bet, times
    1,000, on either side of 231,356."""
    solve_uncached(table(dict(JOB, royal_flush=5_000_000, flush="6.001")))
    with pytest.raises(ContentError) as error:
        solve_uncached(table(dict(JOB, royal_flush=6_000_000, flush="6.001")))
    assert re.fullmatch(r"t.toml: pays.royal_flush = '6000000': expected pays whose return per "
                        r"unit bet \(here 260.4\) times the common denominator of all pays "
                        r"\(1,000\) is at most 231,356: .*", str(error.value))
    with pytest.raises(ContentError) as error:  # whole pays: the return itself
        solve_uncached(table(dict(JOB, royal_flush=6_000_000_000)))
    assert "expected a return per unit bet of at most 231,356 (here" in str(error.value)


def test_three_decimal_pays_near_the_sums_limit_play_exactly_as_whole_pays(solved,
                                                                          strategy_of):
    """9/6 Jacks or Better times 200.001 (a royal of 160,000.8, three decimals): every EV exactly
    200,001 times 9/6's, the return summed over every deal at 86% of 2**62, and the same exact
    table, verified on every deal with no misplay."""
    from generator.strategy import build

    base = solved("9-6-jacks-or-better")
    k = Fraction(200_001, 1000)
    big = solve_uncached(table({key: str(pay * k) for key, pay in JOB.items()}))
    assert big.cats.scale == 1000 and big.unit == 1000 * base.unit
    assert (big.best_ev == 200_001 * base.best_ev).all() and (big.best == base.best).all()
    assert big.expected_return == k * base.expected_return
    paid = big.expected_return * big.total_combinations * big.cats.scale
    assert 0.85 * 2 ** 62 < paid < 2 ** 62
    derived = build(big)
    assert derived.check["misplays"] == 0 and derived.check["cost"] == 0
    assert ([(line.text, line.deals) for line in derived.lines]
            == [(line.text, line.deals) for line in strategy_of("9-6-jacks-or-better").lines])


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


def test_a_build_refuses_a_return_past_the_limit_in_one_line(tmp_path, cache_folder, capsys):
    """The return is known in a worker process: its refusal reaches the build's line whole
    (ContentError pickles with its fields), exit 2, and no site is written."""
    from generator.cli import main

    pays = "\n".join(f"{key} = {value}" for key, value in
                     dict(JOB, royal_flush=6_000_000, flush="6.001").items())
    folder = tmp_path / "content" / "paytables"
    folder.mkdir(parents=True)
    (tmp_path / "content" / "pages").mkdir()
    (folder / "big.toml").write_text(f'name = "Big"\nfamily = "natural"\nmin_pair = "jacks"\n'
                                     f'[pays]\n{pays}\n')
    code = main(["--content", str(tmp_path / "content"), "build", "--out", str(tmp_path / "site")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert "big.toml: pays.royal_flush = '6000000': expected pays whose return" in err
    assert not (tmp_path / "site").exists()
