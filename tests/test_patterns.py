"""Hold features: the plain reference on hands checked by eye, and the numba kernel against it."""

import random

import pytest

from generator.strategy import features as P
from generator.core.cards import parse_hand
from generator.strategy.deal_kernels import describe_holds, faces_of
from generator.solve.cache import family_deck
from generator.solve.families import FAMILIES


def features(hand, held, family="natural", min_pair=9):
    cards = parse_hand(hand, joker_allowed=family == "joker")
    mask = sum(1 << i for i, c in enumerate(cards) if c in parse_hand(held, True, len(held.split())))
    return dict(zip(P.FEATURES, P.describe(cards, mask, family, min_pair)))


def test_four_to_a_royal_with_a_flush_penalty():
    f = features("As Ks Qs Js 9s", "As Ks Qs Js")
    assert (f["n"], f["kind"], f["s"], f["h"], f["fp"], f["sp"]) == (4, P.RF, 1, 4, 1, 0)


def test_three_to_a_straight_flush_s_and_h():
    f = features("9h Jh Qh 2c 3d", "9h Jh Qh")  # windows 8-Q, 9-K: s = 2; J, Q high: h = 2
    assert (f["kind"], f["s"], f["h"], f["sh"]) == (P.SF, 2, 2, 4)
    f = features("9h Jh Qh Tc 3d", "9h Jh Qh")
    assert f["sp"] == 1 and f["fp"] == 0  # the ten would have filled the straight (and is off suit)


def test_penalties_and_discarded_ranks():
    f = features("Th Kh 9s Qh 4c", "Th Kh")  # {TK} with a flush penalty (Qh) and a 9 discarded
    assert f["kind"] == P.RF and f["fp"] == 1 and f["disc"] >> 7 & 1 and f["sp"] == 2
    assert f["hp"] == 1  # the queen


def test_scores_are_s_plus_h_less_penalty_cards():
    # 9JQ of hearts: s = 2 (8-Q, 9-K), h = 2; the ten would have filled a straight (sp), the
    # three of hearts a flush (fp).
    f = features("9h Jh Qh Tc 3h", "9h Jh Qh")
    assert (f["sh"], f["fp"], f["sp"], f["shf"], f["shp"]) == (4, 1, 1, 3, 2)
    # 73 of hearts with two more hearts discarded, both in its one straight: below zero.
    f = features("3h 7h 4h 5h 9c", "3h 7h")
    assert (f["kind"], f["s"], f["h"], f["fp"], f["sp"]) == (P.SF, 1, 0, 2, 2)
    assert (f["shf"], f["shp"]) == (-1, -3)


def test_deuces_alone_pay_a_royal_penalty_for_every_royal_card_discarded():
    def rp(hand, held, family="deuces", min_pair=None):
        cards = parse_hand(hand, joker_allowed=family == "joker")
        kept = parse_hand(held, True, len(held.split())) if held else []
        mask = sum(1 << i for i, c in enumerate(cards) if c in kept)
        return P.describe(cards, mask, family, min_pair)[P.F_RP]

    assert rp("2c 2d 2h Ks Qd", "2c 2d 2h") == 2  # three deuces, a K and a Q thrown away
    assert rp("2c 2d 2h 5s 5d", "2c 2d 2h") == 0
    assert rp("3c 4d 7h Ks Qd", "") == 2  # nothing held
    assert rp("2c 3h Th Jh Qd", "2c Th Jh") == 0  # a suited draw: the held suit's only
    assert rp("3c 4d 7h Ks Qd", "", "natural", 9) == 0  # Deuces Wild only
    assert rp("3c 4d 7h Ks Qd", "", "joker", 11) == 0


def test_pairs_and_made_hands():
    assert features("Jh Jd 4c 7s 9d", "Jh Jd")["kind"] == P.PAIR
    assert features("Jh Jd 4c 4s 9d", "Jh Jd 4c 4s")["kind"] == P.TWO_PAIR
    assert features("9h 9d 9c 9s Ad", "9h 9d 9c 9s Ad")["kind"] == P.QUADS
    assert features("2h 3h 4h 5h 6h", "2h 3h 4h 5h 6h")["kind"] == P.SF
    assert features("Ah 2d 3h 4h 5h", "Ah 2d 3h 4h 5h")["kind"] == P.S


def test_wild_cards_are_counted_apart():
    f = features("2h 2d Ks Qs 7c", "2h 2d Ks Qs", family="deuces", min_pair=None)
    assert (f["n"], f["w"], f["kind"], f["h"]) == (4, 2, P.RF, 0)
    f = features("Jk Kd 7c 5s 2h", "Jk Kd", family="joker", min_pair=11)
    assert (f["w"], f["kind"], f["h"]) == (1, P.RF, 1)
    assert features("2h 2d 2c 7s 9c", "2h 2d 2c", "deuces", None)["kind"] == P.WILD


def test_wild_cards_other_than_deuces_and_jokers():
    # Sevens Wild: a seven is a wild card, and a deuce a natural one.
    f = features("7h 7d Ks Qs 2c", "7h 7d Ks Qs", family="sevens", min_pair=None)
    assert (f["n"], f["w"], f["kind"], f["ranks"]) == (4, 2, P.RF, 1 << 11 | 1 << 10)
    assert features("7h 2c 3c 4d 9s", "2c 3c", family="sevens", min_pair=None)["kind"] == P.SF
    # One Eyed Jacks: the jacks of hearts and spades are wild, those of diamonds and clubs not.
    f = features("Jh Jd Js 9c 4d", "Jh Jd Js", family="one_eyed_jacks", min_pair=None)
    assert (f["w"], f["kind"], f["ranks"]) == (2, P.RF, 1 << 9)
    # ws: a suited hold of a suit one of the wild jacks is of (hearts, spades) or not.
    hold = "Kh Qh Th"
    assert features("Kh Qh Th 4c 5d", hold, family="one_eyed_jacks", min_pair=None)["ws"] == 1
    hold = "Kd Qd Td"
    assert features("Kd Qd Td 4c 5h", hold, family="one_eyed_jacks", min_pair=None)["ws"] == 0
    assert features("Kd Qh Td 4c 5h", "Kd Qh Td", family="one_eyed_jacks",
                    min_pair=None)["ws"] == 0  # (unsuited)
    assert features("Kd Qd Td 4c 5h", "Kd Qd Td", family="deuces", min_pair=None)["ws"] == 1
    assert features("Kd Qd Td 4c 5h", "Kd Qd Td", family="natural", min_pair=9)["ws"] == 0


def test_black_jacks_held_and_discarded():
    """kc, kcd: the cards four of a kind pays more beside (Black Jack Bonus: the jacks of clubs
    and spades) held and discarded; a red jack is neither; none in a game without them."""
    def kc(deal, hold, family="black_jack_bonus"):
        f = features(deal, hold, family=family, min_pair=9)
        return f["kc"], f["kcd"]

    assert kc("Ac Ad Ah Js 9h", "Ac Ad Ah Js") == (1, 0)
    assert kc("Ac Ad Ah Js 9h", "Ac Ad Ah") == (0, 1)
    assert kc("Ac Ad Ah Jh 9h", "Ac Ad Ah Jh") == (0, 0)  # a red jack
    assert kc("Jc Js Jh 4c 9h", "Jc Js Jh") == (2, 0)
    assert kc("Jc Js Jh 4c 9h", "Jh") == (0, 2)
    assert kc("Ac Ad Ah Js 9h", "Ac Ad Ah Js", family="natural") == (0, 0)


def test_the_fifth_ace_makes_no_flush():
    # Five Aces: A* is an ace of a suit of its own, so it never holds a suit with another card.
    cards = [12 * 4, 52, 11 * 4, 10 * 4, 3]  # Ac A* Kc Qc 2s
    f = dict(zip(P.FEATURES, P.describe(cards, 0b00001, "five_aces", 9)))
    assert f["kind"] == P.RF
    f = dict(zip(P.FEATURES, P.describe(cards, 0b00010, "five_aces", 9)))
    assert (f["kind"], f["ranks"], f["h"]) == (P.S, 1 << 12, 1)
    f = dict(zip(P.FEATURES, P.describe(cards, 0b00011, "five_aces", 9)))
    assert f["kind"] == P.PAIR
    f = dict(zip(P.FEATURES, P.describe(cards, 0b01110, "five_aces", 9)))
    assert f["kind"] == P.S  # A* K Q: not suited


# Every family: the deck's extra cards (jokers, the fifth ace's star suit) and each set of wild
# cards (deuces, sevens, one-eyed jacks, two kinds together) read alike by both.
@pytest.mark.parametrize("family, min_pair", [
    ("natural", 9), ("deuces", None), ("joker", 11), ("double_joker", None),
    ("deuces_joker", None), ("sevens", None), ("sevens_joker", None), ("one_eyed_jacks", None),
    ("five_aces", 9), ("black_jack_bonus", 9)])
def test_kernel_matches_the_reference(family, min_pair):
    dk = family_deck(family)
    feats, keys = describe_holds(dk.reps, *faces_of(FAMILIES[family]),
                                 P.high_rank(family, min_pair))
    rng = random.Random(5)
    for _ in range(4000):
        c, mask = rng.randrange(len(dk.reps)), rng.randrange(32)
        cards = dk.reps[c].tolist()
        assert tuple(feats[c * 32 + mask].tolist()) == P.describe(cards, mask, family, min_pair,
                                                                   deal=c)
        assert keys[c * 32 + mask] == P.rank_key(cards, mask, family)


def test_in_is_false_outside_its_table():
    """A deal's class can lie past the width of a table whose deal exceptions name only low
    classes; reading past the row (numba does not check bounds) once misplayed 24 deals."""
    import numpy as np

    from generator.strategy.deal_kernels import condition_holds

    table = np.zeros((2, 1 << 13), np.bool_)
    table[1, :] = True  # a read past the end of row 0 lands here
    assert not condition_holds(9000, P.OP_IN, 0, table)
    assert not condition_holds(-1, P.OP_IN, 0, table)
    assert condition_holds(5, P.OP_IN, 1, table)


def test_best_compares_a_draw_with_its_rivals():
    # Joker and one card: 6d and 8c both fit five straights; 8c's suit has a discard (4c).
    deal = "2h 4c 6d 8c Jk"
    assert features(deal, "6d Jk", "joker", 11)["best"] == 1
    assert features(deal, "8c Jk", "joker", 11)["best"] == 0
    assert features(deal, "2h Jk", "joker", 11)["best"] == 0  # two straights only
    # No flush penalty either way: the fewer straight penalty cards win (8c's: 4h 6d; 6d's:
    # 2c 4h 8c), and ties are all best.
    assert features("2c 4h 6d 8s Jk", "8s Jk", "joker", 11)["best"] == 1
    assert features("2c 4h 6d 8s Jk", "6d Jk", "joker", 11)["best"] == 0
    # One card from a deal with a pair: a nine has one straight penalty card (7s) against the
    # seven's four (9c 9d 3h 4d), and 9c no flush penalty against 9d's (4d).
    assert [features("9c 9d 3h 7s 4d", held, "joker", 11)["best"]
            for held in ("9c", "9d", "7s")] == [1, 0, 0]
    # Equal keys are all best: 6c and 8d fit five straights each, with one straight penalty
    # card (each other) and no flush penalty.
    assert [features("6c 8d Ks Kh As", held, "natural", 9)["best"]
            for held in ("6c", "8d", "Ks")] == [1, 1, 0]
    # Only draws to a straight flush of under five cards are ever best.
    assert features("9c 9d 3h 7s 4d", "9c 9d", "joker", 11)["best"] == 0
    assert features("2c 3c 4c 5c 6c", "2c 3c 4c 5c 6c")["best"] == 0


@pytest.mark.slow
def test_the_hold_an_exception_line_marks_is_optimal_on_each_of_its_deals(solved, strategy_of):
    """The exact-table page shows each exception line's deals with the cards to hold first, as
    `line_hold` finds them from the line's conditions: on every deal of Joker Poker Kings or
    Better's exception lines (hundreds of suit classes) that hold is an optimal one, by the
    exact EVs."""
    slug = "joker-poker-kings-or-better"
    s = solved(slug)
    table = strategy_of(slug)
    checked = 0
    for line in table.lines:
        deals = [c for c in line.conditions if c[0] == P.F_DEAL]
        if not deals:
            continue
        for c in sorted(table.rank_sets[deals[0][2]]):
            cards = s.deck.reps[c].tolist()
            mask = P.line_hold(cards, line.conditions, table.rank_sets, "joker",
                               s.table.min_pair)
            assert mask is not None and s.evs[c, mask] == s.best_ev[c], (line.number, c)
            checked += 1
    assert checked > 100
    # A deal no hold of the line meets gives None, not a hold.
    cards = s.deck.reps[0].tolist()
    assert P.line_hold(cards, ((P.F_N, P.OP_EQ, 6),), [], "joker", s.table.min_pair) is None
