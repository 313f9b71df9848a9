"""Hand evaluation for the numba kernels: a five-card hand -> its family's fine category code.

A family arrives as data (`codes.rules`: its categories in pay order, first match winning; and
`codes.card_faces`: each card's rank, suit and wild kind), so no family or card is named here.
Each category names a poker hand; a hand is tested for "can these five cards make it", wild
cards standing for whatever helps: with w wild cards and the natural cards' longest run of one
rank L, five of a kind needs L + w >= 5; a straight needs the natural ranks distinct and inside
one five-rank window; and so on. The refinements a category may add: no wild card (natural),
exactly how many wild cards of each kind, the rank of the kind, the natural card beside four
wild cards or four of a kind, and that card's suit (a black jack). Codes are the same for every pay table of a family, so these
kernels never change with the pays.

A card outside the four suits (the star of a fifth ace) breaks any flush. A natural category
reads a wild card with a face (a deuce, a seven, a one-eyed jack) as that plain card; a hand
holding a joker makes none. tests/reference.py checks every hand of every family by trying
every card for each wild one.
"""

import numpy as np
from numba import njit

from .families import MAX_WILD_KINDS

assert MAX_WILD_KINDS == 3  # fine_code counts the kinds in three scalars

from .codes import (ALL_RANKS_MASK, ALL_SUITS_MASK, BASE, BY_RANK, COUNTS, HAND, KICKER_MASK,
                    KICKER_SUITS, NATURAL, RANK_MASK, ROYAL_MASK, WHEEL_MASK)

# Hand ids, as families.HANDS orders them.
(WILD_CARDS, ROYAL_FLUSH, FIVE_OF_A_KIND, STRAIGHT_FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, FLUSH,
 STRAIGHT, THREE_OF_A_KIND, TWO_PAIR, PAIR) = range(11)


@njit(cache=True)
def _fits_straight(rank_mask):
    """Whether these distinct ranks all lie in one five-rank straight window (wild cards fill)."""
    if rank_mask & ~WHEEL_MASK == 0:
        return True
    for low in range(9):
        if rank_mask & ~(0x1F << low) == 0:
            return True
    return False


@njit(cache=True)
def _made(hand, features):
    """Whether a hand with these features makes rule i's poker hand, and of which rank."""
    (wild, rank_mask, suited, longest, kind_rank, pair_ranks, singles, kicker, top_rank,
     pair_rank, kicker_suits, top_suits) = features
    naturals = 5 - wild
    distinct = longest <= 1
    fits = distinct and _fits_straight(rank_mask)
    if hand == WILD_CARDS:  # the counts of the wild kinds are the whole test
        return True
    if hand == ROYAL_FLUSH:
        return fits and suited and rank_mask & ~ROYAL_MASK == 0
    if hand == FIVE_OF_A_KIND:
        return longest + wild >= 5
    if hand == STRAIGHT_FLUSH:
        return fits and suited
    if hand == FOUR_OF_A_KIND:
        return longest + wild >= 4
    if hand == FULL_HOUSE:
        # At most two natural ranks, at most three of the longer and two of the other.
        return pair_ranks + singles <= 2 and longest <= 3 and naturals - longest <= 2
    if hand == FLUSH:
        return suited
    if hand == STRAIGHT:
        return fits
    if hand == THREE_OF_A_KIND:
        return longest + wild >= 3
    if hand == TWO_PAIR:
        return pair_ranks + min(wild, singles) >= 2
    return longest + wild >= 2  # PAIR


@njit(cache=True)
def _features(cards, ranks, suits, kinds, natural):
    """What the evaluator needs of a hand: (wild cards, natural rank mask, natural cards suited,
    longest run of one natural rank, its rank (the highest of equal runs; all wild: aces),
    natural ranks held twice or more, natural ranks held once, the highest natural card outside
    the longest run (-1: none), the highest natural card (-1: none), the rank a pair is of, the
    suits of the natural cards of the kicker's rank as a mask (beside four of a kind: the
    kicker's suit), and of the highest natural card's rank (beside four wild cards: its suit)).
    `natural`: read the wild cards that have a face as plain cards (a joker stays wild)."""
    counts = np.zeros(13, np.int64)
    wild = 0
    rank_mask = 0
    suit = -1
    suited = True
    for card in cards:
        r = ranks[card]
        if kinds[card] > 0 and not (natural and r >= 0):
            wild += 1
            continue
        s = suits[card]
        if s > 3:  # outside the four suits: no flush
            suited = False
        elif suit < 0:
            suit = s
        elif s != suit:
            suited = False
        rank_mask |= 1 << r
        counts[r] += 1
    longest = 0
    kind_rank = 12
    pair_ranks = 0
    singles = 0
    top_pair = -1
    top_rank = -1
    for r in range(13):
        n = counts[r]
        if n == 0:
            continue
        top_rank = r
        if n >= longest:
            longest = n
            kind_rank = r
        if n >= 2:
            pair_ranks += 1
            top_pair = r
        else:
            singles += 1
    kicker = -1
    for r in range(13):
        if counts[r] > 0 and r != kind_rank:
            kicker = r
    if top_pair >= 0:
        pair_rank = top_pair
    elif top_rank >= 0:
        pair_rank = top_rank  # a wild card pairs the highest card
    else:
        pair_rank = 12
    kicker_suits = 0
    top_suits = 0
    for card in cards:  # (a second pass, not a mask per rank: no allocation a hand)
        if kinds[card] > 0 and not (natural and ranks[card] >= 0):
            continue
        if ranks[card] == kicker:
            kicker_suits |= 1 << suits[card]
        if ranks[card] == top_rank:
            top_suits |= 1 << suits[card]
    return (wild, rank_mask, suited, longest, kind_rank, pair_ranks, singles, kicker, top_rank,
            pair_rank, kicker_suits, top_suits)


@njit(cache=True)
def fine_code(rules, ranks, suits, kinds, c0, c1, c2, c3, c4):
    """The fine code of the sorted hand c0 < c1 < c2 < c3 < c4 under a family's rules and cards.

    A natural category is made without wild cards: it reads the hand with its wild cards that
    have a face as plain cards (so four natural aces with a deuce beside them are four aces with
    a 2 kicker), and no hand holding a joker makes one."""
    cards = (c0, c1, c2, c3, c4)
    # Wild cards held, by kind: three scalars, not an array (an allocation a hand costs the
    # tabulation a third of its time); codes.rules has a column for each of MAX_WILD_KINDS = 3.
    held0 = 0
    held1 = 0
    held2 = 0
    faced = 0  # wild cards with a face (read as plain cards by a natural category)
    faceless = 0  # jokers
    for card in cards:
        kind = kinds[card]
        if kind > 0:
            if kind == 1:
                held0 += 1
            elif kind == 2:
                held1 += 1
            else:
                held2 += 1
            if ranks[card] >= 0:
                faced += 1
            else:
                faceless += 1
    wild_play = _features(cards, ranks, suits, kinds, False)
    # Without wild cards with a face the natural reading is the same (a joker rules one out).
    natural_play = _features(cards, ranks, suits, kinds, True) if faced else wild_play
    for i in range(rules.shape[0]):
        hand = rules[i, HAND]
        natural = rules[i, NATURAL] == 1
        if natural and faceless:
            continue
        if rules[i, COUNTS] >= 0 and held0 != rules[i, COUNTS]:
            continue
        if rules[i, COUNTS + 1] >= 0 and held1 != rules[i, COUNTS + 1]:
            continue
        if rules[i, COUNTS + 2] >= 0 and held2 != rules[i, COUNTS + 2]:
            continue
        features = natural_play if natural else wild_play
        if not _made(hand, features):
            continue
        kind_rank, kicker, top_rank, pair_rank = features[4], features[7], features[8], features[9]
        # The card beside the kind: beside wild cards alone, the highest natural card.
        beside = top_rank if hand == WILD_CARDS else kicker
        if rules[i, KICKER_MASK] != ALL_RANKS_MASK and (
                beside < 0 or not rules[i, KICKER_MASK] >> beside & 1):
            continue
        beside_suits = features[11] if hand == WILD_CARDS else features[10]
        if rules[i, KICKER_SUITS] != ALL_SUITS_MASK and not rules[i, KICKER_SUITS] & beside_suits:
            continue
        of = pair_rank if hand == PAIR else kind_rank
        if (hand == FIVE_OF_A_KIND or hand == FOUR_OF_A_KIND or hand == THREE_OF_A_KIND
                or hand == PAIR) and rules[i, RANK_MASK] != ALL_RANKS_MASK and not (
                rules[i, RANK_MASK] >> of & 1):
            continue
        if rules[i, BY_RANK] == 1:
            return rules[i, BASE] + pair_rank
        if rules[i, BY_RANK] == 2:
            return rules[i, BASE] + kind_rank * 13 + kicker
        return rules[i, BASE]
    return _nothing(rules)


@njit(cache=True)
def _nothing(rules):
    last = rules.shape[0] - 1
    return rules[last, BASE] + (1, 13, 169)[rules[last, BY_RANK]]


@njit(cache=True)
def hand_codes(rules, ranks, suits, kinds):
    """Fine codes of every five-card hand of the deck (len(ranks) cards), by colex rank."""
    n_cards = len(ranks)
    total = n_cards * (n_cards - 1) * (n_cards - 2) * (n_cards - 3) * (n_cards - 4) // 120
    codes = np.empty(total, np.uint8)
    h = 0
    for c4 in range(4, n_cards):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        codes[h] = fine_code(rules, ranks, suits, kinds, c0, c1, c2, c3, c4)
                        h += 1
    return codes
