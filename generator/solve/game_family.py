"""A game family's description as typed data: its deck, its wild cards, its categories.

In: nothing (the types and what they work out). Out: `Wild`, `Category` and `Family`, which
`family_file.py` fills from `families.toml` and every stage reads (`families.FAMILIES`).

A deck is a list of cards by name: the 52 ordinary cards first, as card ids 0..51
(`core/cards.py`), then any more: jokers ("Jk", suitless, one name for both of a 54-card deck) or
a fifth ace of its own suit ("A*", the star suit of Five Aces, which never makes a flush). The
wild cards are named the same way, in kinds a pay table may count (`Wild`): a rank's four cards
(the deuces, the sevens), named cards (the one-eyed jacks Jh and Js), the jokers, or several of
these (Deuces and Joker Wild has two kinds). A wild card with a face (a deuce, a seven, a jack)
is read as that plain card where a category is natural; a joker has none, so a hand holding one
makes no natural category.

A category names the poker hand it needs and, where a game pays a hand by its kind, what more:
no wild card in it (a natural royal), exactly how many wild cards of a kind it holds (four
deuces; four deuces with the joker; four sevens), the rank of its kind (five aces), the card
beside four wild cards or four of a kind (four deuces with an ace; four aces with a 2, 3 or 4),
and that card's suits (four aces with a black jack: a jack of clubs or spades).
A hand is paid on the first category of its family that it can make, so categories stand in pay
order. Two categories leave the last word to the pay table: the pair (fine codes per pair rank;
`min_pair` picks the paying ones) and natural four of a kind (per rank and kicker; the `[quads]`
rules pick).
"""

import functools
from dataclasses import dataclass
from itertools import permutations

from ..core.cards import RANKS, SUITS

# The poker hands a category can need, each tested for "can these five cards make it", wild
# cards standing for whatever helps (`evaluate.py`; `tests/reference.py` by trying every card).
HANDS = ("wild_cards", "royal_flush", "five_of_a_kind", "straight_flush", "four_of_a_kind",
         "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "pair")
ALL_RANKS = frozenset(range(13))
ALL_SUITS = frozenset(range(5))  # the four, and the star of a fifth ace
MAX_WILD_KINDS = 3  # the counts of wild kinds a category may ask for (columns of codes.rules)

JOKER = "Jk"
STAR = "*"  # the fifth suit of a fifth ace: outside the four, so it never makes a flush
FACE_SUITS = SUITS + STAR
STANDARD_DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)  # card ids 0..51
ALL_SUIT_PERMUTATIONS = tuple(permutations(range(4)))  # the suit group of most families


def rank_set(text: str) -> frozenset[int]:
    """'A', '3-5', '6-K', 'T-A': the ranks of a category's kind or kicker."""
    ranks: set[int] = set()
    for item in text.split(","):
        low, _, high = item.partition("-")
        first, last = RANKS.index(low), RANKS.index(high or low)
        ranks.update(range(first, last + 1))
    return frozenset(ranks)


def face(name: str) -> tuple[int, int]:
    """(rank, suit) of a card name: "7h" -> (5, 2), "A*" -> (12, 4); the joker (-1, -1)."""
    if name == JOKER:
        return -1, -1
    return RANKS.index(name[0]), FACE_SUITS.index(name[1])


def of_rank(rank: str) -> tuple[str, ...]:
    """The four ordinary cards of a rank: of_rank("7") is the sevens."""
    return tuple(rank + suit for suit in SUITS)


@dataclass(frozen=True)
class Wild:
    """One kind of wild card: its name (what a pay table's category counts, and the export's
    word for the family's wild cards) and its cards by name (every card of the deck so named)."""

    name: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Category:
    """One paying hand of a family: its pay key (`[pays] key = ...`), its label, and what a hand
    must make to be paid on it."""

    key: str
    label: str
    hand: str  # one of HANDS
    natural: bool = False  # made without wild cards (read as their faces; no joker in the hand)
    exactly: tuple[tuple[str, int], ...] = ()  # (wild kind, count): exactly so many of that kind
    ranks: frozenset[int] = ALL_RANKS  # the rank of the kind (five of a kind: its rank)
    kicker: frozenset[int] = ALL_RANKS  # beside four wild cards or four of a kind: its rank
    kicker_suits: frozenset[int] = ALL_SUITS  # and its suit (0-3 as SUITS, 4 the star)
    by_rank: str = ""  # "pair": per pair rank (min_pair decides); "quads": per rank and kicker

    @property
    def wild_held(self) -> int:
        """How many wild cards the category's counts add up to (0: it counts none)."""
        return sum(count for _, count in self.exactly)


@dataclass(frozen=True)
class Family:
    """A game family: its deck, its wild cards, and its categories in pay order."""

    key: str
    title: str
    deck: tuple[str, ...]  # card names by card id (STANDARD_DECK, then jokers or a fifth ace)
    wild: tuple[Wild, ...]
    categories: tuple[Category, ...]
    identifying: tuple[str, ...] = ()  # the pays a player reads to tell its machines apart
    lowest_min_pair: int = 8  # the lowest `min_pair` a pay table may set (rank index)
    pair_optional: bool = False  # whether `min_pair = "none"` (no paying pair) is allowed
    kicker_name: str = ""  # a kicker of named suits as a player calls it ("black jack")

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    @property
    def jokers(self) -> int:
        return self.deck.count(JOKER)

    @functools.cached_property
    def wild_kinds(self) -> tuple[int, ...]:
        """Per card id: 0 for a card that is not wild, else 1 + the index of its kind in `wild`
        (worked out once: the strategy's plain hold features ask it of every card they read)."""
        return tuple(next((i + 1 for i, kind in enumerate(self.wild) if name in kind.cards), 0)
                     for name in self.deck)

    def wild_kind(self, card: int) -> int:
        """0 for a card that is not wild, else 1 + the index of its kind in `wild`."""
        return self.wild_kinds[card]

    def is_wild(self, card: int) -> bool:
        return self.wild_kinds[card] > 0

    @property
    def wild_count(self) -> int:
        """How many wild cards the deck holds."""
        return sum(1 for card in range(self.deck_size) if self.is_wild(card))

    @functools.cached_property
    def faces(self) -> tuple[tuple[int, int], ...]:
        """(rank, suit) of each card id (`face`): a joker (-1, -1), a fifth ace (12, 4)."""
        return tuple(face(name) for name in self.deck)

    @functools.cached_property
    def faced_wilds(self) -> bool:
        """Whether some wild card has a face (a deuce, a seven, a one-eyed jack), not only
        jokers: the strategy stage's hold features and offers tell these games apart."""
        return any(self.is_wild(card) and rank >= 0 for card, (rank, _) in enumerate(self.faces))

    @functools.cached_property
    def wild_suits(self) -> frozenset[int]:
        """The suits (0-3) a wild card of the deck is of (Deuces Wild: all four; One Eyed
        Jacks: hearts and spades; Joker Poker: none)."""
        return frozenset(suit for card, (_, suit) in enumerate(self.faces)
                         if self.is_wild(card) and 0 <= suit < 4)

    @functools.cached_property
    def natural_ranks(self) -> tuple[int, ...]:
        """The ranks a card that is not wild can have (Deuces Wild: 3 to A; One Eyed Jacks: all
        13, the other two jacks being natural)."""
        return tuple(sorted({rank for card, (rank, _) in enumerate(self.faces)
                             if rank >= 0 and not self.is_wild(card)}))

    @property
    def wild_name(self) -> str | None:
        """The wild cards, as the export's rules name them: None, or the kinds' names joined
        ("deuces", "joker", "jokers" (two), "deuces_joker", "sevens", ...)."""
        return "_".join(kind.name for kind in self.wild) or None

    @property
    def suit_group(self) -> tuple[tuple[int, ...], ...]:
        """The suit permutations (perm[suit] = its image) that map the deck, each kind of wild
        card and each category's kicker cards onto themselves: all 24 unless these single out
        suits (the one-eyed jacks, a black jack kicker: 4). Cards outside the four suits stay
        put. The solver's suit classes are its orbits."""
        def image(names, perm):
            out = []
            for name in names:
                rank, suit = face(name)
                out.append(name if not 0 <= suit < 4 else RANKS[rank] + SUITS[perm[suit]])
            return sorted(out)

        sets = [self.deck] + [kind.cards for kind in self.wild] + [
            self.kicker_cards(c) for c in self.categories if c.kicker_suits != ALL_SUITS]
        return tuple(perm for perm in ALL_SUIT_PERMUTATIONS
                     if all(image(names, perm) == sorted(names) for names in sets))

    def kicker_cards(self, category: Category) -> tuple[str, ...]:
        """The cards of the deck a category's kicker may be (its ranks and suits)."""
        return tuple(name for name, (rank, suit) in zip(self.deck, self.faces)
                     if rank in category.kicker and suit in category.kicker_suits)

    @functools.cached_property
    def kicker_card_ids(self) -> frozenset[int]:
        """The cards a category pays as a kicker of named suits (Black Jack Bonus: the jacks of
        clubs and spades): the strategy stage counts them held and discarded (`kc`, `kcd`)."""
        return frozenset(card for c in self.categories if c.kicker_suits != ALL_SUITS
                         for card, name in enumerate(self.deck) if name in self.kicker_cards(c))

    @property
    def has_pair(self) -> bool:
        """Whether `min_pair` and a `pair` pay apply."""
        return any(c.by_rank == "pair" for c in self.categories)

    @property
    def has_quad_rules(self) -> bool:
        """Whether `[quads]` rules (quads by rank and kicker) apply."""
        return any(c.by_rank == "quads" for c in self.categories)

    def category(self, key: str) -> Category:
        return next(c for c in self.categories if c.key == key)
