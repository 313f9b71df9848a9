"""A slow, plainly written reference for the solver: its own hand evaluator and direct draw counts.

Nothing here comes from `generator.evaluate`, `generator.tables`, `generator.categories` or the
solver; only the pay tables (`generator.paytable`) and the card ids (`generator.cards`) are shared.
The point is to be obviously correct, not fast:

* `reference_category` names the pay line of five cards by checking what poker hands they make,
  and for wild cards by trying every substitute card and keeping the best result.
* `reference_hold_evs` enumerates, for each of the 32 holds, every set of replacement cards that can
  be drawn and averages the pays of the resulting hands.

Card ids: 0..51 = rank * 4 + suit (rank 0 = deuce ... 12 = ace), 52 = the joker.
"""

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, lcm

import numpy as np

from generator.cards import JOKER
from generator.paytable import PayTable

TEN, ACE = 8, 12
ROYAL_RANKS = [TEN, 9, 10, 11, ACE]
WHEEL_RANKS = [0, 1, 2, 3, ACE]  # A-2-3-4-5: the ace plays low

# Pay-line keys (natural quads stand as "four_of_a_kind" here), best first, as the machines rank them.
FAMILY_ORDER = {
    "natural": ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
                "straight", "three_of_a_kind", "two_pair", "pair"),
    "deuces": ("natural_royal", "four_deuces", "wild_royal", "five_of_a_kind", "straight_flush",
               "four_of_a_kind", "full_house", "flush", "straight", "three_of_a_kind"),
    "joker": ("natural_royal", "five_of_a_kind", "wild_royal", "straight_flush", "four_of_a_kind",
              "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "pair"),
}

# Suits a wild card is tried in. A suit only matters through "are all five suits the same", and the
# natural cards of a canonical hand use suit 0 when they share a suit, so suit 0 (join the flush)
# and suit 1 (break it) cover every case; `test_reference.py` checks this against all four suits.
SUBSTITUTE_SUITS = (0, 1)


# ---------------------------------------------------------------------------------------------
# Five natural cards (repeats allowed: a wild card may copy a card already in the hand).

def is_straight(ranks) -> bool:
    """Five different ranks in a row; A-2-3-4-5 counts (ace low), Q-K-A-2-3 does not."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return False
    return distinct == WHEEL_RANKS or distinct[4] - distinct[0] == 4


def made_hands(ranks, suits) -> list[tuple]:
    """Every poker hand these five cards make, as (name, detail...), in no particular order.

    A full house is also trips and two pair, and so on: the caller keeps the best one its family
    pays. Details: ("four_of_a_kind", quad_rank, kicker_rank), ("pair", pair_rank).
    """
    counts = Counter(ranks)
    flush = len(set(suits)) == 1
    straight = is_straight(ranks)
    made = []
    if flush and straight:
        made.append(("royal_flush",) if sorted(ranks) == ROYAL_RANKS else ("straight_flush",))
    if flush:
        made.append(("flush",))
    if straight:
        made.append(("straight",))
    for rank, n in counts.items():
        if n == 5:
            made.append(("five_of_a_kind",))
        if n == 4:
            kicker = next(r for r in ranks if r != rank)
            made.append(("four_of_a_kind", rank, kicker))
        if n >= 3:
            made.append(("three_of_a_kind",))
        if n >= 2:
            made.append(("pair", rank))
    if sorted(counts.values()) == [2, 3]:
        made.append(("full_house",))
    if sum(1 for n in counts.values() if n >= 2) == 2:
        made.append(("two_pair",))
    return made


def family_line(family_key: str, made: tuple, wilds: int, min_pair: int | None) -> tuple | None:
    """The pay line (name, detail...) a made hand pays on in this family, or None if it pays
    nothing there."""
    name = made[0]
    if name == "royal_flush" and family_key != "natural":
        return ("natural_royal",) if wilds == 0 else ("wild_royal",)
    if name == "pair":
        if family_key == "deuces" or min_pair is None or made[1] < min_pair:
            return None
        return ("pair",)
    if name == "two_pair" and family_key == "deuces":
        return None
    if name == "four_of_a_kind" and family_key != "natural":
        return ("four_of_a_kind",)  # only natural games pay quads by rank and kicker
    return made


def canonical_suits(n_natural: int, suited: bool) -> tuple[int, ...]:
    """Suits for the natural cards of a canonical hand: all 0 if they share a suit, else mixed."""
    if suited:
        return (0,) * n_natural
    return (0,) + (1,) * (n_natural - 1)


@cache
def best_line(family_key: str, natural_ranks: tuple[int, ...], suited: bool, wilds: int,
              min_pair: int | None, substitute_suits: tuple[int, ...] = SUBSTITUTE_SUITS):
    """The best pay line (name, detail...) of a hand, or None: brute force over wild substitutes.

    The hand is given canonically (everything its pay depends on): the sorted ranks of its natural
    cards, whether those share one suit, and how many wild cards it has. Each wild card becomes
    every natural card in turn (any rank, `substitute_suits`); copies of cards already held are
    allowed, which is how five of a kind arises. Wild cards are interchangeable, so unordered
    choices (combinations with replacement) cover every substitution.
    """
    order = FAMILY_ORDER[family_key]
    if family_key == "deuces" and wilds == 4:
        return ("four_deuces",)  # four deuces and any card, whatever the fifth card is
    suits = canonical_suits(len(natural_ranks), suited)
    substitutes = [(rank, suit) for rank in range(13) for suit in substitute_suits]
    best = None
    for chosen in combinations_with_replacement(substitutes, wilds):
        ranks = natural_ranks + tuple(rank for rank, _ in chosen)
        all_suits = suits + tuple(suit for _, suit in chosen)
        for made in made_hands(ranks, all_suits):
            line = family_line(family_key, made, wilds, min_pair)
            if line is not None and (best is None or order.index(line[0]) < order.index(best[0])):
                best = line
    return best


def is_wild(family_key: str, card: int) -> bool:
    if family_key == "deuces":
        return card < 52 and card // 4 == 0
    return card == JOKER


def canonical_hand(family_key: str, cards) -> tuple[tuple[int, ...], bool, int]:
    """(sorted natural ranks, whether the natural cards share a suit, number of wild cards)."""
    natural = [c for c in cards if not is_wild(family_key, c)]
    ranks = tuple(sorted(c // 4 for c in natural))
    suited = len({c % 4 for c in natural}) <= 1
    return ranks, suited, len(cards) - len(natural)


def reference_category(family_key: str, cards, min_pair: int | None, quad_key=None) -> str | None:
    """The pay-line key of five card ids, or None when they pay nothing.

    Natural quads are named by `quad_key(quad_rank, kicker_rank)` (a pay table's `quad_key`) when
    given, else "four_of_a_kind". Pairs below `min_pair` (and every pair when it is None) pay
    nothing; in Deuces Wild no pair or two pair pays.
    """
    ranks, suited, wilds = canonical_hand(family_key, cards)
    line = best_line(family_key, ranks, suited, wilds, min_pair)
    if line is None:
        return None
    if line[0] == "four_of_a_kind" and family_key == "natural" and quad_key is not None:
        return quad_key(line[1], line[2])
    return line[0]


# ---------------------------------------------------------------------------------------------
# Every five-card hand of a deck, and the pay of each.

@cache
def binomials(n_cards: int) -> np.ndarray:
    """binom[c, k] = C(c, k) for c <= n_cards, k <= 5."""
    return np.array([[comb(c, k) for k in range(6)] for c in range(n_cards + 1)], np.int64)


def colex_index(sorted_hands: np.ndarray, n_cards: int) -> np.ndarray:
    """Position of each ascending hand c0 < ... < c4 in colexicographic order: sum C(c_i, i + 1).

    This is the combinatorial number system: a one-to-one map of the C(n, 5) hands onto 0..C(n,5)-1.
    """
    binom = binomials(n_cards)
    hands = sorted_hands.astype(np.int64)
    return sum(binom[hands[:, i], i + 1] for i in range(5))


@cache
def all_hands(n_cards: int) -> np.ndarray:
    """(C(n, 5), 5) int8: every hand, ascending cards, row = colex index (2,598,960 or 2,869,685)."""
    flat = np.fromiter((c for hand in combinations(range(n_cards), 5) for c in hand), np.int8,
                       count=comb(n_cards, 5) * 5)
    lex = flat.reshape(-1, 5)
    hands = np.empty_like(lex)
    index = colex_index(lex, n_cards)
    hands[index] = lex
    assert np.array_equal(np.sort(index), np.arange(len(index)))  # a bijection, as promised
    return hands


def hand_keys(family_key: str, hands: np.ndarray) -> np.ndarray:
    """An int64 per hand that determines its pay (see `canonical_hand`), computed with numpy.

    Digits in base 14: the ranks sorted with wild cards as 13 (so they come last), then a final
    bit for "the natural cards share a suit".
    """
    hands = hands.astype(np.int64)
    if family_key == "deuces":
        wild = hands // 4 == 0
    else:
        wild = hands == JOKER
    ranks = np.sort(np.where(wild, 13, hands // 4), axis=1)
    suits = hands % 4
    lowest_suit = np.where(wild, 99, suits).min(axis=1)
    highest_suit = np.where(wild, -1, suits).max(axis=1)
    suited = (lowest_suit >= highest_suit)  # also true when every card is wild
    key = np.zeros(len(hands), np.int64)
    for i in range(5):
        key = key * 14 + ranks[:, i]
    return key * 2 + suited


def hand_categories(family_key: str, n_cards: int, min_pair: int | None, quad_key=None):
    """The reference category of every hand of the deck, in colex order.

    Returns (names, index): names[index[h]] is hand h's pay-line key, or None. Only one hand per
    distinct `hand_keys` value is evaluated; the rest share its answer.
    """
    hands = all_hands(n_cards)
    keys = hand_keys(family_key, hands)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    per_key = [reference_category(family_key, hands[h].tolist(), min_pair, quad_key)
               for h in first.tolist()]
    names = sorted(set(per_key), key=lambda name: (name is None, str(name)))
    name_index = np.array([names.index(name) for name in per_key], np.int16)
    return names, name_index[inverse.ravel()]


def pay_scale(table: PayTable) -> int:
    """Every pay of the table times this is an integer."""
    return lcm(*(line.pay.denominator for line in table.lines))


@cache
def hand_pays(table: PayTable) -> np.ndarray:
    """int64 per hand (colex order): its pay times `pay_scale(table)`. Cached per pay table."""
    quad_key = table.quad_key if table.family.key == "natural" else None
    names, index = hand_categories(table.family.key, table.deck_size, table.min_pair, quad_key)
    scale = pay_scale(table)
    scaled = np.array([0 if name is None else int(table.pay(name) * scale) for name in names],
                      np.int64)
    return scaled[index]


# ---------------------------------------------------------------------------------------------
# Holds: every draw, directly.

@cache
def draw_positions(n_unseen: int, n_drawn: int) -> np.ndarray:
    """(C(n_unseen, n_drawn), n_drawn) int8: every choice of positions among the unseen cards."""
    flat = np.fromiter((p for pick in combinations(range(n_unseen), n_drawn) for p in pick),
                       np.int8, count=comb(n_unseen, n_drawn) * n_drawn)
    return flat.reshape(comb(n_unseen, n_drawn), n_drawn)  # holding all five: one empty draw


def hold_total(table: PayTable, held: list[int], unseen: np.ndarray) -> tuple[int, int]:
    """(sum of scaled pays over every draw, number of draws) for one hold."""
    drawn = unseen[draw_positions(len(unseen), 5 - len(held))]
    final = np.concatenate([np.broadcast_to(np.array(held, np.int8), (len(drawn), len(held))),
                            drawn], axis=1)
    final.sort(axis=1)
    pays = hand_pays(table)[colex_index(final, table.deck_size)]
    return int(pays.sum()), len(drawn)


def reference_hold_evs(table: PayTable, cards: list[int]) -> list[Fraction]:
    """Exact EV of each of the 32 holds of `cards`; bit i of the index holds cards[i].

    The replacement cards come from the deck minus the five dealt cards (47 unseen cards, 48 with
    the joker), every set of 5 - k of them equally likely.
    """
    assert len(set(cards)) == 5 and all(0 <= c < table.deck_size for c in cards)
    unseen = np.array(sorted(set(range(table.deck_size)) - set(cards)), np.int8)
    scale = pay_scale(table)
    evs = []
    for mask in range(32):
        held = [cards[i] for i in range(5) if mask >> i & 1]
        total, draws = hold_total(table, held, unseen)
        evs.append(Fraction(total, draws * scale))
    return evs
