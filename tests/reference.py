"""A slow, plainly written reference for the solver: its own hand evaluator and direct draw counts.

Nothing here comes from `generator.solve.evaluate`, `generator.solve.tables`, `generator.solve.categories` or the
solver; only the pay tables (`generator.solve.paytable`) and the card ids (`generator.core.cards`) are shared.
The point is to be obviously correct, not fast:

* `reference_category` names the pay line of five cards by checking what poker hands they make,
  and for wild cards by trying every substitute card and keeping the best result.
* `reference_hold_evs` enumerates, for each of the 32 holds, every set of replacement cards that can
  be drawn and averages the pays of the resulting hands.

Card ids: 0..51 = rank * 4 + suit (rank 0 = deuce ... 12 = ace), then the family's other cards
(jokers; the star ace of Five Aces). The families' descriptions (`generator.solve.families`) are
the spec read here: each card's name (so its rank and suit), which cards are wild and of what
kind, and which hand each category needs, in pay order. A card outside the four suits (the star)
never shares a suit with another; a wild card becomes any ordinary card. Where a category asks
for the kicker's suits (a black jack), a hand also carries the ranks of its cards of those suits.
"""

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, lcm

import numpy as np

from generator.solve.families import ALL_RANKS, ALL_SUITS, FAMILIES, face
from generator.solve.paytable import PayTable

TEN, ACE = 8, 12
ROYAL_RANKS = [TEN, 9, 10, 11, ACE]
WHEEL_RANKS = [0, 1, 2, 3, ACE]  # A-2-3-4-5: the ace plays low

# Suits a wild card is tried in. A suit only matters through "are all five suits the same", and the
# natural cards of a canonical hand use suit 0 when they share a suit, so suit 0 (join the flush)
# and suit 1 (break it) cover every case; `test_reference.py` checks this against all four suits.
SUBSTITUTE_SUITS = (0, 1)
STAR = 4  # a suit no substitute takes: a lone natural card outside the four suits


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
            made.append(("five_of_a_kind", rank))
        if n == 4:
            kicker = next(r for r in ranks if r != rank)
            made.append(("four_of_a_kind", rank, kicker))
        if n >= 3:
            made.append(("three_of_a_kind", rank))
        if n >= 2:
            made.append(("pair", rank))
    if sorted(counts.values()) == [2, 3]:
        made.append(("full_house",))
    if sum(1 for n in counts.values() if n >= 2) == 2:
        made.append(("two_pair",))
    return made


def _kind_details(made: tuple) -> tuple[int, int]:
    """(rank of the kind, kicker) of a made hand, -1 where it has none."""
    if made[0] in ("five_of_a_kind", "three_of_a_kind", "pair"):
        return made[1], -1
    if made[0] == "four_of_a_kind":
        return made[1], made[2]
    return -1, -1


def _meets(category, made: tuple) -> bool:
    """Whether a made hand is the category's hand with its rank (the kicker is checked apart)."""
    if made[0] != category.hand:
        return False
    rank, _ = _kind_details(made)
    return rank < 0 or category.hand == "pair" or rank in category.ranks


def canonical_suits(n_natural: int, suited: bool) -> tuple[int, ...]:
    """Suits for the natural cards of a canonical hand: all 0 if they share one of the four
    suits, else mixed (a lone card outside the four suits: the star, which nothing joins)."""
    if suited:
        return (0,) * n_natural
    if n_natural == 1:
        return (STAR,)
    return (0,) + (1,) * (n_natural - 1)


def kicker_suit_sets(family_key: str) -> list[frozenset[int]]:
    """The suit sets the family's categories ask of a kicker, each once (none: every suit)."""
    sets = [c.kicker_suits for c in FAMILIES[family_key].categories if c.kicker_suits != ALL_SUITS]
    return list(dict.fromkeys(sets))


@cache
def best_line(family_key: str, natural_ranks: tuple[int, ...], suited: bool,
              held: tuple[int, ...], dealt_ranks: tuple[int, ...] | None, all_suited: bool,
              marked: tuple, min_pair: int | None,
              substitute_suits: tuple[int, ...] = SUBSTITUTE_SUITS):
    """The pay line (key, detail...) of a hand, or None: its family's first category it makes.

    The hand is given canonically (everything its pay depends on): the sorted ranks of its
    natural cards, whether those share one of the four suits, how many wild cards of each kind
    it holds (in the family's order), the sorted ranks of all five with the wild cards read as
    their faces (None if one has none: a joker), and whether all five share one of the four
    suits (what a natural category reads). For a category that may use wild cards, each wild
    card becomes every ordinary card in turn (any rank, `substitute_suits`); copies of cards
    already held are allowed, which is how five of a kind arises. Wild cards are
    interchangeable, so unordered choices (combinations with replacement) cover every
    substitution. Details: ("pair", rank) and ("quads", rank, kicker). `marked`: per suit set
    of `kicker_suit_sets`, the ranks of the hand's natural cards of those suits, and of all five
    read as their faces (a kicker of one of the suits is a card of its rank among them).
    """
    family = FAMILIES[family_key]
    suit_sets = kicker_suit_sets(family_key)
    kinds = [kind.name for kind in family.wild]
    suits = canonical_suits(len(natural_ranks), suited)
    substitutes = [(rank, suit) for rank in range(13) for suit in substitute_suits]
    played = [made_hands(natural_ranks + tuple(rank for rank, _ in chosen),
                         suits + tuple(suit for _, suit in chosen))
              for chosen in combinations_with_replacement(substitutes, sum(held))]
    as_dealt = None  # the hand with its wild cards read as their faces
    if dealt_ranks is not None:
        as_dealt = made_hands(dealt_ranks, canonical_suits(5, all_suited))
    top_natural = max(natural_ranks, default=-1)
    for category in family.categories:
        if category.natural and as_dealt is None:
            continue
        if any(held[kinds.index(name)] != count for name, count in category.exactly):
            continue
        if category.kicker_suits != ALL_SUITS:
            naturals, dealt = marked[suit_sets.index(category.kicker_suits)]
            of_suits = dealt if category.natural else naturals
        if category.hand == "wild_cards":
            if ((category.kicker == ALL_RANKS or top_natural in category.kicker)
                    and (category.kicker_suits == ALL_SUITS or top_natural in of_suits)):
                return (category.key,)
            continue
        options = [as_dealt] if category.natural else played
        for made in (m for hands in options for m in hands if _meets(category, m)):
            rank, kicker = _kind_details(made)
            if category.kicker != ALL_RANKS and kicker not in category.kicker:
                continue
            if category.kicker_suits != ALL_SUITS and kicker not in of_suits:
                continue
            if category.by_rank == "pair":
                # The best pair the hand can make decides whether it pays.
                best = max(m[1] for hands in options for m in hands if m[0] == "pair")
                if min_pair is None or best < min_pair:
                    return None
                return ("pair",)
            if category.by_rank == "quads":
                return ("quads", rank, kicker)
            return (category.key,)
    return None


def is_wild(family_key: str, card: int) -> bool:
    return FAMILIES[family_key].is_wild(card)


def card_face(family_key: str, card: int) -> tuple[int, int]:
    """(rank, suit) of a card of the family's deck, from its name: (-1, -1) for a joker."""
    return face(FAMILIES[family_key].deck[card])


def canonical_hand(family_key: str, cards) -> tuple:
    """(sorted natural ranks, whether the natural cards share one of the four suits, wild cards
    held by kind, sorted ranks of all five read as their faces or None, whether all five cards
    share one of the four suits, and per kicker suit set the ranks of the natural cards and of
    all five of those suits)."""
    family = FAMILIES[family_key]
    faces = [card_face(family_key, c) for c in cards]
    natural = [f for c, f in zip(cards, faces) if not family.is_wild(c)]
    ranks = tuple(sorted(rank for rank, _ in natural))
    suited = len({suit for _, suit in natural}) <= 1 and all(0 <= s < 4 for _, s in natural)
    held = tuple(sum(1 for c in cards if family.wild_kind(c) == i + 1)
                 for i in range(len(family.wild)))
    dealt = None if any(rank < 0 for rank, _ in faces) else tuple(sorted(r for r, _ in faces))
    all_suited = len({suit for _, suit in faces}) == 1 and 0 <= faces[0][1] < 4
    marked = tuple((frozenset(r for r, s in natural if s in suits),
                    frozenset(r for r, s in faces if r >= 0 and s in suits))
                   for suits in kicker_suit_sets(family_key))
    return ranks, suited, held, dealt, all_suited, marked


def reference_category(family_key: str, cards, min_pair: int | None, quad_key=None) -> str | None:
    """The pay-line key of five card ids, or None when they pay nothing.

    Natural quads are named by `quad_key(quad_rank, kicker_rank)` (a pay table's `quad_key`) when
    given, else "four_of_a_kind". Pairs below `min_pair` (and every pair when it is None) pay
    nothing.
    """
    line = best_line(family_key, *canonical_hand(family_key, cards), min_pair)
    if line is None:
        return None
    if line[0] == "quads":
        return quad_key(line[1], line[2]) if quad_key is not None else "four_of_a_kind"
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
    # (a column of the table per card, read with the int8 cards as they are: half the time of
    # binom[hands[:, i], i + 1] on an int64 copy, and most of a reference EV's time is here)
    index = binom[:, 1].copy()[sorted_hands[:, 0]]
    for i in range(1, 5):
        index += binom[:, i + 1].copy()[sorted_hands[:, i]]
    return index


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

    Digits in base 13 + 14 * 3: each card's rank, a wild card's as 13 + 14 * its kind + 1 + its
    face rank (so wild cards come last, by kind and face), sorted; then a bit for "the natural
    cards share one of the four suits" and one for "all five do"; then, for a kicker suit set,
    the rank masks of the natural cards and of all five of those suits (one set at most: the
    key stays in 63 bits).
    """
    family = FAMILIES[family_key]
    faces = np.array([face(name) for name in family.deck], np.int64)
    kinds = np.array([family.wild_kind(c) for c in range(family.deck_size)], np.int64)
    hands = hands.astype(np.int64)
    rank, suit, kind = faces[hands, 0], faces[hands, 1], kinds[hands]
    wild = kind > 0
    digits = np.sort(np.where(wild, 13 + 14 * (kind - 1) + rank + 1, rank), axis=1)
    plain_suit = (suit >= 0) & (suit < 4)
    lowest_suit = np.where(wild, 99, suit).min(axis=1)
    highest_suit = np.where(wild, -1, suit).max(axis=1)
    # (also true when every card is wild)
    suited = (lowest_suit >= highest_suit) & (plain_suit | wild).all(axis=1)
    all_suited = plain_suit.all(axis=1) & (suit.min(axis=1) == suit.max(axis=1))
    key = np.zeros(len(hands), np.int64)
    for i in range(5):
        key = key * (13 + 14 * 3) + digits[:, i]
    key = (key * 2 + suited) * 2 + all_suited
    suit_sets = kicker_suit_sets(family_key)
    assert len(suit_sets) <= 1, "hand_keys holds one kicker suit set"
    for suits in suit_sets:
        of_suits = np.isin(suit, sorted(suits)) & (rank >= 0)
        bits = np.left_shift(1, np.maximum(rank, 0))
        natural_mask = np.bitwise_or.reduce(np.where(of_suits & ~wild, bits, 0), axis=1)
        dealt_mask = np.bitwise_or.reduce(np.where(of_suits, bits, 0), axis=1)
        key = (key << 26) | (natural_mask << 13) | dealt_mask
    return key


@cache
def hand_categories(family_key: str, n_cards: int, min_pair: int | None, quad_key=None):
    """The reference category of every hand of the deck, in colex order.

    Returns (names, index): names[index[h]] is hand h's pay-line key, or None. Only one hand per
    distinct `hand_keys` value is evaluated; the rest share its answer. Cached: the tests ask
    for the same deck's names again and again.
    """
    hands = all_hands(n_cards)
    keys = hand_keys(family_key, hands)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    per_key = [reference_category(family_key, hands[h].tolist(), min_pair, quad_key)
               for h in first.tolist()]
    names = sorted(set(per_key), key=lambda name: (name is None, str(name)))
    name_index = np.array([names.index(name) for name in per_key], np.int16)
    index = name_index[inverse.ravel()]
    index.flags.writeable = False  # cached: shared by every caller
    return names, index


def pay_scale(table: PayTable) -> int:
    """Every pay of the table times this is an integer."""
    return lcm(*(line.pay.denominator for line in table.lines))


@cache
def hand_pays(table: PayTable) -> np.ndarray:
    """int64 per hand (colex order): its pay times `pay_scale(table)`. Cached per pay table."""
    quad_key = table.quad_key if table.family.has_quad_rules else None
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


def reference_hold_finals(table: PayTable, cards: list[int]) -> list[tuple[dict, int]]:
    """Per hold of `cards` (bit i holds cards[i]): how many draws end in each pay line (None:
    paying nothing), and the number of draws. What a hold pays and, in Ultimate X, which
    multiplier it earns both follow from these counts."""
    quad_key = table.quad_key if table.family.has_quad_rules else None
    names, index = hand_categories(table.family.key, table.deck_size, table.min_pair, quad_key)
    unseen = np.array(sorted(set(range(table.deck_size)) - set(cards)), np.int8)
    out = []
    for mask in range(32):
        held = [cards[i] for i in range(5) if mask >> i & 1]
        drawn = unseen[draw_positions(len(unseen), 5 - len(held))]
        final = np.concatenate([np.broadcast_to(np.array(held, np.int8),
                                                (len(drawn), len(held))), drawn], axis=1)
        final.sort(axis=1)
        counts = np.bincount(index[colex_index(final, table.deck_size)], minlength=len(names))
        out.append(({name: int(c) for name, c in zip(names, counts) if c}, len(drawn)))
    return out


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
