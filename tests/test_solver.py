"""The solver against known answers from the literature, and its internal consistency."""

import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from generator.core.cards import parse_hand
from generator.solve.solver import class_of, hand_evs
from generator.solve.cache import deck
from paper import SEED, extract_rows, table_a1

JOB = "9-6-jacks-or-better"


def test_suit_classes_of_the_52_card_deck():
    dk = deck(52)
    assert len(dk.sizes) == 134_459
    assert sorted(np.unique(dk.sizes).tolist()) == [4, 12, 24]
    assert int(dk.sizes.sum()) == comb(52, 5) == 2_598_960
    assert dk.denominator == 7_669_695


def test_suit_classes_of_the_joker_deck():
    dk = deck(53)
    assert int(dk.sizes.sum()) == comb(53, 5) == 2_869_685
    assert len(dk.sizes) == 150_891  # 134,459 without the joker + the 4-card classes with it
    assert dk.denominator == 8_561_520


def test_class_members_are_suit_permutations_of_the_representative():
    dk = deck(52)
    rng = random.Random(7)
    for _ in range(300):
        cards = rng.sample(range(52), 5)
        index, position = class_of(dk, cards)
        rep = dk.reps[index].tolist()
        ranks = sorted(c >> 2 for c in cards)
        assert sorted(c >> 2 for c in rep) == ranks
        assert all(rep[position[i]] >> 2 == cards[i] >> 2 for i in range(5))
        # Equal suits map to equal suits, and different to different: a suit permutation.
        pairs = {(cards[i] & 3, rep[position[i]] & 3) for i in range(5)}
        assert len({a for a, _ in pairs}) == len(pairs) == len({b for _, b in pairs})


def test_9_6_jacks_or_better_exact_return(solved):
    s = solved(JOB)
    assert s.expected_return == Fraction(1653526326983, 1661102543100)
    assert f"{float(s.expected_return) * 100:.4f}" == "99.5439"


def test_9_6_jacks_or_better_ce_values_and_ties(solved):
    s = solved(JOB)
    assert len(s.ce_values) == 1153
    assert len(s.ce_values_holding) == 387
    assert s.tied_deals == 876
    # The ties are quads with a kicker (624 deals) and TTJQK with at most two cards of a suit.
    tied = np.nonzero(s.n_best > 1)[0]
    quads = [i for i in tied if len({c >> 2 for c in s.deck.reps[i]}) == 2]
    assert sum(int(s.deck.sizes[i]) for i in quads) == 624
    for i in set(tied) - set(quads):
        assert sorted(c >> 2 for c in s.deck.reps[i]) == [8, 8, 9, 10, 11]  # T T J Q K
        suits = [c & 3 for c in s.deck.reps[i]]
        assert max(suits.count(x) for x in range(4)) <= 2


def test_9_6_jacks_or_better_matches_table_a1_of_the_paper(solved):
    s = solved(JOB)
    assert s.unit == 7_669_695  # integer pays: EVs are over the paper's own common denominator
    values, inverse = np.unique(-s.best_ev, return_inverse=True)
    deals = np.bincount(inverse, weights=s.deck.sizes)
    classes = np.bincount(inverse)
    for n, n_classes, n_deals, scaled, rounded in table_a1():
        assert -int(values[n - 1]) == scaled, f"CE {n}"
        assert int(deals[n - 1]) == n_deals, f"CE {n}"
        assert int(classes[n - 1]) == n_classes, f"CE {n}"
        assert abs(Fraction(scaled, 7_669_695) - Fraction(rounded)) <= Fraction(1, 2_000_000)
    assert f"{-values[386] / 7_669_695:.6f}" == "0.428307"  # CE 387, the last holding a card


def test_table_a1_fixture_is_the_paper_text():
    if not SEED.exists():
        pytest.skip("the paper's text (../shared/seeds) is not beside this checkout")
    assert extract_rows(SEED.read_text()) == table_a1()


@pytest.mark.parametrize("slug, percent", [
    ("8-5-jacks-or-better", "97.2984"),
    ("10-7-double-bonus", "100.1725"),
    ("full-pay-deuces-wild", "100.7620"),
    ("joker-poker-kings-or-better", "100.6463"),
])
def test_published_returns(solved, slug, percent):
    assert f"{float(solved(slug).expected_return) * 100:.4f}" == percent


@pytest.mark.parametrize("slug", [JOB, "9-6-double-double-bonus", "full-pay-deuces-wild",
                                  "joker-poker-kings-or-better"])
def test_final_hand_table_adds_up(solved, slug):
    s = solved(slug)
    n = s.deck.n_cards
    assert int(s.final_counts.sum()) == comb(n, 5) * s.deck.denominator
    if n == 52:
        assert int(s.final_counts.sum()) == 19_933_230_517_200
    # The return from the final-hand table equals the mean of the optimal EVs over all deals.
    mean = Fraction(int((s.best_ev.astype(object) * s.deck.sizes).sum()), s.unit * comb(n, 5))
    assert mean == s.expected_return
    assert s.variance > 0


def test_royal_flush_combinations_under_optimal_play(solved):
    s = solved(JOB)
    royal = s.cats.keys.index("royal_flush")
    assert int(s.final_counts[royal]) == 493_512_264  # as published for 9/6 Jacks or Better


def test_direct_deal_evs_agree_with_the_class_table(solved):
    """deal_evs (32 look-ups for any deal) against hold_evs over the class representatives."""
    s = solved("joker-poker-kings-or-better")
    rng = random.Random(11)
    for _ in range(300):
        cards = rng.sample(range(53), 5)
        index, position = class_of(s.deck, cards)
        direct = s.deal_evs(cards)
        for mask in range(32):
            rep_mask = sum(1 << position[i] for i in range(5) if mask >> i & 1)
            assert direct[mask] == s.evs[index, rep_mask]
        assert max(direct) == s.best_ev[index]


def test_ties_broken_by_the_documented_rule(solved):
    s = solved(JOB)
    # Quads: keeping or dropping the kicker both return 25 exactly; both have zero variance, so
    # the rule's second step (more cards held) keeps all five.
    cards = parse_hand("9c 9d 9h 9s 2c")
    evs = hand_evs(s, cards)
    assert evs[31] == evs[15] == 25
    index, _ = class_of(s.deck, cards)
    assert s.best[index] == 31
    # TJQK with two tens: either ten, equal in every way; the larger mask (higher card) is kept.
    cards = sorted(parse_hand("Tc Td Jh Qs Kc"))
    index, position = class_of(s.deck, cards)
    assert s.n_best[index] == 2


def test_analyze_example_matches_the_paper(solved):
    # 4RF {JQKA} with an off-suit 9: CE 8 of Table A1, 18.553191 = 142297320 / 7669695.
    evs = hand_evs(solved(JOB), parse_hand("As Ks Qs Js 9d"))
    assert max(evs) == evs[0b01111] == Fraction(142_297_320, 7_669_695)


def test_fractional_pays_are_solved_exactly(tmp_path):
    from generator.solve.paytable import load_paytable
    from generator.solve.cache import solve_uncached

    text = open("content/paytables/9-6-jacks-or-better.toml").read()
    base = solve_uncached(load_paytable("content/paytables/9-6-jacks-or-better.toml"))
    path = tmp_path / "promo.toml"
    path.write_text(text.replace("royal_flush = 800", 'royal_flush = "4001/5"'))
    promo = solve_uncached(load_paytable(path))
    assert promo.cats.scale == 5
    # Playing the old strategy would gain exactly 1/5 per royal; the new optimum is at least that.
    royal = base.cats.keys.index("royal_flush")
    old_royal = Fraction(int(base.final_counts[royal]), base.total_combinations)
    assert promo.expected_return >= base.expected_return + old_royal / 5
    assert promo.expected_return < base.expected_return + Fraction(1, 5)
