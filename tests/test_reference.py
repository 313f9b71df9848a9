"""The fast solver against the slow reference in `reference.py`, exactly.

* Named hands: the reference evaluator on hands whose category anyone can check by eye.
* Every hand of the deck: the reference category counts equal the textbook counts for 52 cards
  (4 royal flushes, 36 straight flushes, 624 quads, 3,744 full houses, 5,108 flushes, 10,200
  straights, 54,912 trips, 123,552 two pair, 1,098,240 one pair, 1,302,540 nothing; 2,598,960 in
  all), and the fast evaluator puts every single hand in the same pay line as the reference, for
  9/6 Jacks or Better, 9/6 Double Double Bonus, Full Pay Deuces Wild and Joker Poker Kings or
  Better.
* Holds: for 200+ deals per family, the 32 hold EVs of `solver.hand_evs` equal the reference's
  direct enumeration of every draw, as exact Fractions.
"""

import random
from functools import cache

import numpy as np
import pytest

import reference
from generator.solve import cache as solve_cache, solver
from generator.core.cards import JOKER, format_hand, parse_hand
from generator.solve.categories import categories
from generator.solve.codes import card_faces, rules
from generator.solve.evaluate import hand_codes
from generator.solve.paytable import load_paytable

PAYTABLES = "content/paytables/"
JACKS = "9-6-jacks-or-better"
DOUBLE_DOUBLE = "9-6-double-double-bonus"
DEUCES = "full-pay-deuces-wild"
JOKER_KINGS = "joker-poker-kings-or-better"
FOUR_GAMES = (JACKS, DOUBLE_DOUBLE, DEUCES, JOKER_KINGS)

RANDOM_DEALS = 200  # per game, besides the hand-picked ones


@cache
def table(slug):
    return load_paytable(PAYTABLES + slug + ".toml")


@cache
def solution(slug):
    return solve_cache.solve_uncached(table(slug))


def category(slug, text):
    t = table(slug)
    cards = parse_hand(text, joker_allowed=t.family.jokers)
    quad_key = t.quad_key if t.family.has_quad_rules else None
    return reference.reference_category(t.family.key, cards, t.min_pair, quad_key)


# ---------------------------------------------------------------------------------------------
# The reference evaluator on hands checked by eye.

NAMED_HANDS = [
    (JACKS, "As Ks Qs Js Ts", "royal_flush"),
    (JACKS, "9h Kh Qh Jh Th", "straight_flush"),
    (JACKS, "5d 4d 3d 2d Ad", "straight_flush"),  # steel wheel
    (JACKS, "Ah 2d 3c 4s 5h", "straight"),  # ace low
    (JACKS, "Qh Kd Ac 2s 3h", None),  # no wrapping round the ace
    (JACKS, "7c 7d 7h 7s 2c", "four_of_a_kind"),
    (JACKS, "7c 7d 7h 2s 2c", "full_house"),
    (JACKS, "Ac 9c 7c 4c 2c", "flush"),
    (JACKS, "Jh Jd 3c 4s 5h", "pair"),
    (JACKS, "Th Td 3c 4s 5h", None),  # a pair below jacks pays nothing
    (JACKS, "Th Td 3c 3s 5h", "two_pair"),  # two pair pays whatever the ranks
    (DOUBLE_DOUBLE, "Ah Ad Ac As 3h", "quads:A with 2-4"),
    (DOUBLE_DOUBLE, "Ah Ad Ac As Kh", "quads:A"),
    (DOUBLE_DOUBLE, "3h 3d 3c 3s Ah", "quads:2-4 with A-4"),
    (DOUBLE_DOUBLE, "3h 3d 3c 3s 4h", "quads:2-4 with A-4"),
    (DOUBLE_DOUBLE, "3h 3d 3c 3s 5h", "quads:2-4"),
    (DOUBLE_DOUBLE, "5h 5d 5c 5s Ah", "four_of_a_kind"),
    (DEUCES, "2h 2d 2c 2s Kh", "four_deuces"),
    (DEUCES, "As Ks Qs Js Ts", "natural_royal"),
    (DEUCES, "2h Ks Qs Js Ts", "wild_royal"),
    (DEUCES, "2h 2d 7c 7s 7h", "five_of_a_kind"),
    (DEUCES, "2h 2d 2c 7s 7h", "five_of_a_kind"),
    (DEUCES, "2h 2d 2c 7s 8h", "four_of_a_kind"),
    (DEUCES, "2h 2d 2c 7s 8s", "straight_flush"),
    (DEUCES, "2h 3d 4c 5s 7h", "straight"),
    (DEUCES, "2h Kd Kc 5s 5h", "full_house"),
    (DEUCES, "2h Kd 5c 6s 9h", None),
    (DEUCES, "Kh Kd 5c 5s 9h", None),  # two pair pays nothing in Deuces Wild
    (DEUCES, "2h Kd 5c 5s 9h", "three_of_a_kind"),
    (JOKER_KINGS, "Jk Kd 7c 5s 2h", "pair"),  # the joker pairs the king
    (JOKER_KINGS, "Jk Qd 7c 5s 2h", None),  # a pair of queens is below kings
    (JOKER_KINGS, "Jk As Ks Qs Js", "wild_royal"),
    (JOKER_KINGS, "As Ks Qs Js Ts", "natural_royal"),
    (JOKER_KINGS, "Jk Ah Ad Ac As", "five_of_a_kind"),
    (JOKER_KINGS, "Jk Kd Kc 5s 5h", "full_house"),
    (JOKER_KINGS, "Jk 9d Tc Js Kh", "straight"),
    (JOKER_KINGS, "Jk 9d 4d Jd Kd", "flush"),
    (JOKER_KINGS, "Jk 3d 4d 5d 6d", "straight_flush"),
    (JOKER_KINGS, "7h 7d 3c 3s 9h", "two_pair"),
    (JOKER_KINGS, "Kh Kd 3c 4s 9h", "pair"),
]


@pytest.mark.parametrize("slug, text, expected", NAMED_HANDS)
def test_reference_names_hands_checked_by_eye(slug, text, expected):
    assert category(slug, text) == expected


def test_two_substitute_suits_cover_all_four():
    """The evaluator tries wild cards in suits 0 and 1 only; trying all four suits (so every
    natural card) gives the same best line, for random hands with 1 to 3 deuces or the joker.
    Half the hands have their natural cards in one suit, where the substitutes' suit matters."""
    rng = random.Random(20240607)
    cases = []
    for i in range(60):
        one_suit = i % 2 == 0
        suit = rng.randrange(4)
        n_deuces = rng.randint(1, 3)
        naturals = [c for c in range(4, 52) if not one_suit or c % 4 == suit]
        cards = rng.sample(range(4), n_deuces) + rng.sample(naturals, 5 - n_deuces)
        cases.append(("deuces", cards, None))
        naturals = [c for c in range(52) if not one_suit or c % 4 == suit]
        cards = [JOKER] + rng.sample(naturals, 4)
        cases.append(("joker", cards, rng.choice((None, 0, 11))))
    for family_key, cards, min_pair in cases:
        hand = reference.canonical_hand(family_key, cards)
        reduced = reference.best_line(family_key, *hand, min_pair)
        full = reference.best_line(family_key, *hand, min_pair, substitute_suits=(0, 1, 2, 3))
        assert reduced == full, format_hand(cards)


# ---------------------------------------------------------------------------------------------
# Every hand of the deck.

NATURAL_COUNTS = {
    "royal_flush": 4,
    "straight_flush": 36,
    "four_of_a_kind": 624,
    "full_house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three_of_a_kind": 54_912,
    "two_pair": 123_552,
    "pair": 1_098_240,  # every rank: min_pair = 0 below
    None: 1_302_540,
}


@pytest.mark.slow
def test_reference_counts_every_natural_hand_as_the_textbooks_do():
    names, index = reference.hand_categories("natural", 52, min_pair=0)
    counts = dict(zip(names, np.bincount(index, minlength=len(names)).tolist()))
    assert counts == NATURAL_COUNTS
    assert sum(counts.values()) == 2_598_960


# Published Deuces Wild frequencies of the 2,598,960 five-card hands.
DEUCES_COUNTS = {
    "natural_royal": 4, "four_deuces": 48, "wild_royal": 480, "five_of_a_kind": 624,
    "straight_flush": 2_068, "four_of_a_kind": 31_552, "full_house": 12_672, "flush": 14_472,
    "straight": 62_232, "three_of_a_kind": 355_080, None: 2_119_728,
}


@pytest.mark.slow
def test_reference_counts_every_deuces_hand_as_published():
    names, index = reference.hand_categories("deuces", 52, None)
    counts = dict(zip(names, np.bincount(index, minlength=len(names)).tolist()))
    assert counts == DEUCES_COUNTS


def fast_hand_categories(t):
    """The fast evaluator's pay line of every hand (colex order), as indexes into cats.keys."""
    cats = categories(t)
    return cats.code_to_category[hand_codes(rules(t.family), *card_faces(t.family))]


def reference_as_fast_indexes(t):
    """The reference's pay line of every hand (colex order), as indexes into cats.keys."""
    keys = categories(t).keys
    quad_key = t.quad_key if t.family.has_quad_rules else None
    names, index = reference.hand_categories(t.family.key, t.deck_size, t.min_pair, quad_key)
    to_fast = np.array([keys.index("nothing" if name is None else name) for name in names])
    return to_fast[index]


def assert_same_category_per_hand(t, fast, ref):
    keys = categories(t).keys
    assert len(fast) == len(ref) == len(reference.all_hands(t.deck_size))
    wrong = np.nonzero(fast != ref)[0]
    examples = [f"{format_hand(reference.all_hands(t.deck_size)[h].tolist())}: "
                f"fast {keys[fast[h]]}, reference {keys[ref[h]]}" for h in wrong[:10]]
    assert len(wrong) == 0, f"{t.name}: {len(wrong)} hands differ, e.g. " + "; ".join(examples)


@pytest.mark.slow
@pytest.mark.parametrize("slug", FOUR_GAMES)
def test_fast_evaluator_agrees_on_every_hand(slug):
    t = table(slug)
    assert_same_category_per_hand(t, fast_hand_categories(t), reference_as_fast_indexes(t))


# ---------------------------------------------------------------------------------------------
# Hold EVs.

HAND_PICKED_DEALS = {
    JACKS: ["As Ks Qs Js Ts", "Ah 2d 3c 4s 5h", "Jh Jd 3c 4s 5h", "7c 7d 7h 7s 2c",
            "Th Jh Qh Kh 2c", "9s Ts Jc Qh 3d", "2c 3d 4h 5s 7c"],
    DOUBLE_DOUBLE: ["Ah Ad Ac As 3h", "Ah Ad Ac As Kh", "3h 3d 3c 3s Ah", "3h 3d 3c Ks Ah",
                    "Ah Ad Ac 2s 9h", "5h 5d 5c 5s 4h"],
    DEUCES: ["2h 2d 2c 2s Kh", "2h Ks Qs Js Ts", "As Ks Qs Js Ts", "2h 2d 7c 7s 7h",
             "2h 3d 4c 5s 7h", "Kh Kd 5c 5s 9h", "3c 8d Th Js 6c"],
    JOKER_KINGS: ["Jk As Ks Qs Js", "Jk Ah Ad Ac As", "Jk Kd 7c 5s 2h", "As Ks Qs Js Ts",
                  "Jk 3d 4d 5d 6d", "7h 7d 3c 3s 9h", "Qh Qd 3c 4s 9h"],
}


def wild_cards(t):
    return [c for c in range(t.deck_size) if t.family.is_wild(c)]


def sample_deals(t, seed, count):
    """`count` deals (cards in random order, so hold masks are not just sorted positions).

    Odd deals of a wild game hold 1..4 deuces or the joker. The rest are a mix of fully random
    deals, deals from three or four ranks (pairs to quads), and deals from a six-rank run in one
    or two suits (flushes, straights, straight-flush draws).
    """
    rng = random.Random(seed)
    wilds = wild_cards(t)
    deck = [c for c in range(t.deck_size)]
    deals = []
    for i in range(count):
        style = i % 6
        if style in (1, 3, 5) and wilds:
            n_wild = rng.randint(1, len(wilds))
            naturals = [c for c in deck if c not in wilds]
            cards = rng.sample(wilds, n_wild) + rng.sample(naturals, 5 - n_wild)
        elif style in (0, 1):
            cards = rng.sample(deck, 5)
        elif style in (2, 3):
            ranks = rng.sample(range(13), rng.choice((3, 4)))
            cards = rng.sample([r * 4 + s for r in ranks for s in range(4)], 5)
        else:
            low = rng.randint(0, 7)
            suits = rng.sample(range(4), rng.choice((1, 2)))
            cards = rng.sample([r * 4 + s for r in range(low, low + 6) for s in suits], 5)
        rng.shuffle(cards)
        deals.append(cards)
    return deals


def hold_differences(t, s, cards):
    """Every hold where solver and reference disagree, as a readable line."""
    fast = solver.hand_evs(s, cards)
    slow = reference.reference_hold_evs(t, cards)
    lines = []
    for mask in range(32):
        if fast[mask] != slow[mask]:
            held = format_hand([cards[i] for i in range(5) if mask >> i & 1]) or "nothing"
            lines.append(f"deal {format_hand(cards)} mask {mask} (hold {held}): solver "
                         f"{fast[mask]} = {float(fast[mask]):.9f}, reference {slow[mask]} = "
                         f"{float(slow[mask]):.9f}")
    return lines


def assert_holds_agree(t, s, deals):
    problems = [line for cards in deals for line in hold_differences(t, s, cards)]
    assert not problems, f"{t.name}: {len(problems)} holds differ:\n" + "\n".join(problems[:20])


@pytest.mark.slow
@pytest.mark.parametrize("slug", FOUR_GAMES)
def test_hold_evs_equal_direct_enumeration(slug):
    t = table(slug)
    deals = [parse_hand(text, joker_allowed=t.family.jokers) for text in HAND_PICKED_DEALS[slug]]
    random_deals = sample_deals(t, seed=1000 + FOUR_GAMES.index(slug), count=RANDOM_DEALS)
    wilds = set(wild_cards(t))
    if wilds:  # the sampler's promise: a good share of the deals hold wild cards
        assert sum(1 for d in random_deals if wilds & set(d)) >= RANDOM_DEALS * 0.45
    assert_holds_agree(t, solution(slug), deals + random_deals)
