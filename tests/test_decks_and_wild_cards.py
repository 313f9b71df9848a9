"""Issue 53's families: any wild cards, any deck, as descriptions (generator/solve/families.toml).

* Published returns: Sevens and Joker Wild, One Eyed Jacks and Five Aces, each to the digits its
  source prints (with the other families' in test_families.py), and the two Wizard of Odds
  tables line by line here (each final hand's return). Sevens Wild has no published figure
  found: it is held to direct enumeration alone.
* Hands checked by eye, through the reference and the fast evaluator: the star ace joins no
  flush, a one-eyed jack is read as a jack in a natural royal, the count of each wild kind.
* Every hand (slow): the fast evaluator equals `reference.py`'s brute force on every hand.
* Holds: a few deals of each family, the 32 hold EVs equal direct enumeration of every draw.
* Suit classes: the one-eyed jacks leave four suit permutations, so 700,544 classes; the 24
  give today's 134,459. (A description no machine deals: test_family_file.py.)
* A kicker of named suits (Black Jack Bonus: four of a kind beside a jack of clubs or spades):
  the two black jacks leave four suit permutations too, and every final hand's count of 9/6
  and 8/6 is the Wizard of Odds' table's, to the combination.
"""

import random
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

import reference
from generator.solve import cache as solve_cache, solver
from generator.solve.categories import categories
from generator.solve.codes import card_faces, rules
from generator.solve.evaluate import hand_codes
from generator.solve.families import (ALL_SUIT_PERMUTATIONS, FAMILIES, STANDARD_DECK, Family,
                                      Wild, of_rank)
from test_families import solution, table  # (their published returns: test_families)
from test_reference import assert_holds_agree, assert_same_category_per_hand

SEVENS = "sevens-wild"
SEVENS_JOKER = "sevens-and-joker-wild-600-300-25"
ONE_EYED = "one-eyed-jacks-200-75-50"
FIVE_ACES = "five-aces-9-6-double-double-bonus"
BLACK_JACK = "black-jack-bonus-9-6"
ONE_PER_FAMILY = (SEVENS, SEVENS_JOKER, ONE_EYED, FIVE_ACES, BLACK_JACK)




def cards(t, text):
    """Card ids of a hand written with the family's own card names ("A*" the star ace, "Jk" a
    joker): each name takes the first card of the deck so named not taken yet."""
    taken = []
    for name in text.split():
        taken.append(next(i for i, n in enumerate(t.family.deck) if n == name and i not in taken))
    return taken


# Each final hand's return under optimal play, as the Wizard of Odds' tables print it (pages
# above): the fifth ace's star suit, the natural four sevens and the five wilds are the game's.
# Of 8/5 Five Aces the copy read shows the first six hands only.
LINE_RETURNS = {
    "five-aces-8-5-double-double-bonus": [
        "0.011938", "0.017601", "0.010983", "0.117502", "0.022813", "0.130422"],
    "five-aces-9-6-double-double-bonus": [
        "0.011805", "0.015592", "0.010912", "0.115464", "0.022772", "0.128111", "0.027838",
        "0.068994", "0.095958", "0.079183", "0.052064", "0.154737", "0.117468", "0.099094",
        "0.000000"],
    "sevens-and-joker-wild-1000-500-100": [
        "0.008929", "0.009547", "0.018730", "0.025251", "0.035837", "0.018528", "0.276223",
        "0.044168", "0.040983", "0.039753", "0.323771", "0.000000"],
    "sevens-and-joker-wild-600-300-25": [
        "0.004494", "0.005105", "0.003641", "0.044765", "0.055424", "0.037180", "0.248377",
        "0.080478", "0.093277", "0.097163", "0.294177", "0.000000"],
}


@pytest.mark.parametrize("name", sorted(LINE_RETURNS))
def test_every_final_hand_returns_what_the_wizard_of_odds_prints(name):
    s = solution(name)
    returns = [round(Fraction(int(n) * pay, s.total_combinations), 6)
               for n, pay in zip(s.final_counts, s.cats.pays)]
    printed = LINE_RETURNS[name]
    assert returns[:len(printed)] == [Fraction(r) for r in printed]


# Black Jack Bonus Poker (Wizard of Odds, wizardofodds.com/games/video-poker/tables/
# black-jack-bonus-poker/): the combinations of each final hand under optimal play, over all
# 19,933,230,517,200 (the deals times the draws), in the order the page lists them. Of 8/6 the
# copy read shows the first ten.
BLACK_JACK_COMBINATIONS = {
    "black-jack-bonus-9-6": [
        486_203_646, 2_203_932_480, 375_173_532, 863_022_792, 1_780_551_210, 8_368_302_246,
        9_053_778_936, 26_202_429_360, 202_560_451_044, 231_319_834_884, 261_796_363_338,
        1_497_410_737_884, 2_343_890_018_796, 4_313_089_582_038, 11_033_830_135_014],
    "black-jack-bonus-8-6": [
        485_848_896, 2_203_293_672, 375_047_370, 862_960_872, 1_780_112_094, 8_361_797_292,
        9_053_007_774, 26_186_728_770, 202_444_719_468, 233_705_700_462],
}


@pytest.mark.parametrize("name", sorted(BLACK_JACK_COMBINATIONS))
def test_every_black_jack_bonus_final_hand_count_equals_the_published_table(name):
    s = solution(name)
    printed = BLACK_JACK_COMBINATIONS[name]
    assert [int(n) for n in s.final_counts][:len(printed)] == printed
    assert s.total_combinations == 19_933_230_517_200


NAMED_HANDS = [
    (SEVENS, "7h 7d 7c 7s Kh", "four_sevens"),
    (SEVENS, "7h Ks Qs Js Ts", "wild_royal"),
    (SEVENS, "As Ks Qs Js Ts", "natural_royal"),
    (SEVENS, "7h 7d 3c 3s 3h", "five_of_a_kind"),
    (SEVENS, "7h 2d 3c 4s 5h", "straight"),  # the seven plays an ace or a six
    (SEVENS, "7h 8d 8c Ks Kh", "full_house"),
    (SEVENS, "6h 6d 8c 8s 9h", None),  # two pair pays nothing
    (SEVENS, "7h 8h 9h Th 2h", "flush"),
    (SEVENS_JOKER, "Jk 7h 7d 7c 7s", "five_wild"),
    (SEVENS_JOKER, "7h 7d 7c 7s Kh", "four_sevens"),  # natural four sevens: no joker
    (SEVENS_JOKER, "Jk 7h 7d 7c Kh", "wild_royal"),  # four wild cards and a king
    (SEVENS_JOKER, "Jk 7h 7d 7c 4h", "five_of_a_kind"),
    (SEVENS_JOKER, "Jk Ks Qs Js Ts", "wild_royal"),
    (SEVENS_JOKER, "As Ks Qs Js Ts", "natural_royal"),
    (SEVENS_JOKER, "Jk 3h 3d 9c Ks", "three_of_a_kind"),
    (ONE_EYED, "As Ks Qs Js Ts", "natural_royal"),  # the jack of spades read as a jack
    (ONE_EYED, "Ah Kh Qh Jh Th", "natural_royal"),
    (ONE_EYED, "Ad Kd Qd Jh Td", "wild_royal"),
    (ONE_EYED, "Js Jh 4c 4d 9s", "four_of_a_kind"),
    (ONE_EYED, "Jd Jc Jh 5s 2c", "three_of_a_kind"),
    (ONE_EYED, "Jd Jc Jh Js 2c", "four_of_a_kind"),
    (ONE_EYED, "Jd Jc 5s 5h 9c", "two_pair"),
    (ONE_EYED, "Jh 5s 5h 9c 2d", "three_of_a_kind"),
    (ONE_EYED, "Jh 5s 8h 9c 2d", None),
    (FIVE_ACES, "A* Ah Ad Ac As", "five_aces"),
    (FIVE_ACES, "A* Ah Ad Ac 3s", "quads:A with 2-4"),
    (FIVE_ACES, "3h 3d 3c 3s A*", "quads:2-4 with A-4"),  # the star ace is an ace kicker
    (FIVE_ACES, "A* Kh Qh Jh Th", "straight"),  # the star joins no flush
    (FIVE_ACES, "A* 2h 3h 4h 5h", "straight"),
    (FIVE_ACES, "A* 9h 7h 4h 2h", None),
    (FIVE_ACES, "As Ks Qs Js Ts", "royal_flush"),
    (FIVE_ACES, "A* Ah 3c 4d 9s", "pair"),
    (FIVE_ACES, "Kh Kd 3c 4d 9s", None),  # a pair pays from aces
    (BLACK_JACK, "Ah Ad Ac As Js", "four_aces_black_jack"),
    (BLACK_JACK, "Ah Ad Ac As Jc", "four_aces_black_jack"),
    (BLACK_JACK, "Ah Ad Ac As Jh", "four_aces_jacks"),  # a red jack is no black jack
    (BLACK_JACK, "Ah Ad Ac As Ks", "four_aces_jacks"),
    (BLACK_JACK, "3h 3d 3c 3s Jc", "four_2_4_black_jack"),
    (BLACK_JACK, "3h 3d 3c 3s Jd", "four_2_4"),
    (BLACK_JACK, "Qh Qd Qc Qs Js", "four_5_k_black_jack"),
    (BLACK_JACK, "Jh Jd Jc Js As", "four_aces_jacks"),
    (BLACK_JACK, "7h 7d 7c 7s 2c", "four_5_k"),
    (BLACK_JACK, "Js Jc 7c 7s 2c", "two_pair"),
    (BLACK_JACK, "Js Jc Jd 7s 7c", "full_house"),
    (BLACK_JACK, "Js Qs Ks As Ts", "royal_flush"),
    (BLACK_JACK, "Js 9c 7c 6s 2c", None),
]


@pytest.mark.parametrize("name, text, expected", NAMED_HANDS)
def test_hands_checked_by_eye(name, text, expected):
    t = table(name)
    hand = cards(t, text)
    quad_key = t.quad_key if t.family.has_quad_rules else None
    assert reference.reference_category(t.family.key, hand, t.min_pair, quad_key) == expected
    code = fast_codes(name)[int(reference.colex_index(np.array([sorted(hand)]), t.deck_size)[0])]
    assert categories(t).keys[categories(t).code_to_category[code]] == (expected or "nothing")


@cache
def fast_codes(name):
    family = table(name).family
    return hand_codes(rules(family), *card_faces(family))


@pytest.mark.slow
@pytest.mark.parametrize("name", ONE_PER_FAMILY)
def test_fast_evaluator_agrees_with_the_reference_on_every_hand(name):
    t = table(name)
    cats = categories(t)
    quad_key = t.quad_key if t.family.has_quad_rules else None
    names, index = reference.hand_categories(t.family.key, t.deck_size, t.min_pair, quad_key)
    to_fast = np.array([cats.keys.index("nothing" if n is None else n) for n in names])
    assert_same_category_per_hand(t, cats.code_to_category[fast_codes(name)], to_fast[index])


# A few deals a family, wild cards and the star ace in most: every draw of every hold counted.
DEALS = {
    SEVENS: ["7h 7d Kc Ks 2h", "7s Th Jh Qh 3c", "2c 3d 4h 5s 9c"],
    SEVENS_JOKER: ["Jk 7h Ks Qs 4d", "7c 7d 9h 9s 2c", "Jk 3h 4h 8c Td"],
    ONE_EYED: ["Js Ah Kh Qh 2c", "Jh Js 5c 5d 9s", "Ts Jd Qc Kh 2s"],
    FIVE_ACES: ["A* Ah 3c 3d 9s", "A* Kh Qh Jh 2c", "Ah Ad Ac 4s 9h"],
    BLACK_JACK: ["Ah Ad Ac Js 9h", "Ah Ad Ac Jh 9h", "Ah Ad Ac As 9h", "4h 4d 4c Jc Jd"],
}


@pytest.mark.parametrize("name", ONE_PER_FAMILY)
def test_hold_evs_equal_direct_enumeration(name):
    t = table(name)
    deals = [cards(t, text) for text in DEALS[name]]
    rng = random.Random(5300 + ONE_PER_FAMILY.index(name))
    deals.append(rng.sample(range(t.deck_size), 5))
    assert_holds_agree(t, solution(name), deals)


# ---------------------------------------------------------------------------------------------
# Suit classes and the descriptions.

def test_the_one_eyed_jacks_leave_four_suit_permutations_and_smaller_classes():
    family = FAMILIES["one_eyed_jacks"]
    assert sorted(family.suit_group) == [(0, 1, 2, 3), (0, 1, 3, 2), (1, 0, 2, 3), (1, 0, 3, 2)]
    assert all(FAMILIES[k].suit_group == ALL_SUIT_PERMUTATIONS for k in FAMILIES
               if k not in ("one_eyed_jacks", "black_jack_bonus"))
    dk = solve_cache.family_deck("one_eyed_jacks")
    assert len(dk.sizes) == 700_544 and int(dk.sizes.sum()) == 2_598_960
    assert sorted(np.unique(dk.sizes).tolist()) == [2, 4]  # no 5 cards fit two pairs of suits
    assert len(solve_cache.deck(52).sizes) == 134_459  # the 24 give the paper's classes still
    rng = random.Random(53)
    for _ in range(200):
        deal = rng.sample(range(52), 5)
        index, position = solver.class_of(dk, deal)
        rep = dk.reps[index].tolist()
        # A wild jack maps to a wild jack, and the member is a permutation of the group.
        for i, card in enumerate(deal):
            assert family.is_wild(rep[position[i]]) == family.is_wild(card)
            assert rep[position[i]] >> 2 == card >> 2


def test_a_black_jack_kicker_leaves_the_permutations_that_keep_clubs_and_spades_together():
    """Four suit permutations keep the black jacks {Jc, Js}: swapping clubs and spades, hearts
    and diamonds, or both. A deal maps onto its class's representative card for card, a black
    jack onto a black jack."""
    family = FAMILIES["black_jack_bonus"]
    assert sorted(family.suit_group) == [(0, 1, 2, 3), (0, 2, 1, 3), (3, 1, 2, 0), (3, 2, 1, 0)]
    dk = solve_cache.family_deck("black_jack_bonus")
    assert len(dk.sizes) == 700_544 and int(dk.sizes.sum()) == 2_598_960
    black = {STANDARD_DECK.index("Jc"), STANDARD_DECK.index("Js")}
    rng = random.Random(531)
    for _ in range(200):
        deal = rng.sample(range(52), 5)
        index, position = solver.class_of(dk, deal)
        rep = dk.reps[index].tolist()
        for i, card in enumerate(deal):
            assert (rep[position[i]] in black) == (card in black)
            assert rep[position[i]] >> 2 == card >> 2


def test_every_hand_of_a_rank_wild_family_reads_as_the_deuces_do():
    """The deuces described as a rank's cards, like the sevens, give Deuces Wild's codes."""
    twos = Family("twos", "Twos", STANDARD_DECK, (Wild("deuces", of_rank("2")),),
                  FAMILIES["deuces"].categories)
    deuces = FAMILIES["deuces"]
    assert np.array_equal(hand_codes(rules(twos), *card_faces(twos)),
                          hand_codes(rules(deuces), *card_faces(deuces)))


@pytest.mark.parametrize("family, change, field, needle", [
    ("sevens", {"four_deuces": 200}, "pays.four_deuces", "a category of Sevens Wild"),
    ("one_eyed_jacks", {"pair": 1}, "pays.pair", "a category of One Eyed Jacks"),
])
def test_a_pay_the_family_does_not_have_is_refused_in_one_line(family, change, field, needle):
    from generator.core.errors import ContentError
    from generator.solve.paytable import parse_paytable

    pays = {c.key: 1 for c in FAMILIES[family].categories}
    with pytest.raises(ContentError) as caught:
        parse_paytable({"name": "X", "family": family, "pays": {**pays, **change}}, "x.toml", "x")
    message = str(caught.value)
    assert message.startswith(f"x.toml: {field}") and needle in message and "\n" not in message


def test_five_aces_plays_no_joker():
    from generator.core.errors import ContentError
    from generator.solve.paytable import parse_paytable

    data = {"name": "X", "family": "five_aces", "jokers": 1, "min_pair": "aces",
            "pays": {c.key: 1 for c in FAMILIES["five_aces"].categories}}
    with pytest.raises(ContentError, match=r"x.toml: jokers = 1: expected 0 .*Five Aces plays no "
                                           r"joker, 53 cards"):
        parse_paytable(data, "x.toml", "x")


@pytest.mark.parametrize("family", ["sevens_joker", "one_eyed_jacks"])
def test_two_substitute_suits_cover_all_four_for_the_new_wild_cards(family):
    """As test_reference's check for the deuces and the joker: the reference tries wild cards in
    two suits; all four give the same line, half the hands with their natural cards suited."""
    fam = FAMILIES[family]
    wilds = [c for c in range(fam.deck_size) if fam.is_wild(c)]
    rng = random.Random(5353)
    for i in range(30):
        suit = rng.randrange(4)
        naturals = [c for c in range(52) if not fam.is_wild(c) and (i % 2 or c % 4 == suit)]
        n_wild = rng.randint(1, min(3, len(wilds)))
        hand = rng.sample(wilds, n_wild) + rng.sample(naturals, 5 - n_wild)
        canonical = reference.canonical_hand(family, hand)
        assert (reference.best_line(family, *canonical, None)
                == reference.best_line(family, *canonical, None, substitute_suits=(0, 1, 2, 3)))
