"""Game families as data: a deck, its wild cards, and the hands it pays, best first.

In: nothing (this module is the description). Out: `FAMILIES`, each a `Family`; `paytable.py`
reads its pay keys, `codes.py` turns its deck, wild cards and categories into the arrays the
evaluator kernels read, `categories.py` maps the codes onto one pay table's lines, the strategy
stage reads its wild cards, and the browser's evaluator gets the same data (`browser_data`).

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
beside four wild cards or four of a kind (four deuces with an ace; four aces with a 2, 3 or 4).
A hand is paid on the first category of its family that it can make, so categories stand in pay
order. Two categories leave the last word to the pay table: the pair (fine codes per pair rank;
`min_pair` picks the paying ones) and natural four of a kind (per rank and kicker; the `[quads]`
rules pick). Adding a family is adding an entry here, its tests and a pay table; nothing in the
solver, the kernels or the browser names a family. `check_family` refuses a description that
cannot be played (a wild card the deck does not hold, an ordinary card twice) at import.
"""

import functools
import json
from dataclasses import dataclass
from itertools import permutations
from pathlib import Path

from ..core.cards import RANKS, SUITS

# The poker hands a category can need, each tested for "can these five cards make it", wild
# cards standing for whatever helps (`evaluate.py`; `tests/reference.py` by trying every card).
HANDS = ("wild_cards", "royal_flush", "five_of_a_kind", "straight_flush", "four_of_a_kind",
         "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "pair")
ALL_RANKS = frozenset(range(13))
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
        """The suit permutations (perm[suit] = its image) that map the deck and each kind of wild
        card onto themselves: all 24 unless the wild cards single out suits (the one-eyed jacks:
        4). Cards outside the four suits stay put. The solver's suit classes are its orbits."""
        def image(names, perm):
            out = []
            for name in names:
                rank, suit = face(name)
                out.append(name if not 0 <= suit < 4 else RANKS[rank] + SUITS[perm[suit]])
            return sorted(out)

        sets = [self.deck] + [kind.cards for kind in self.wild]
        return tuple(perm for perm in ALL_SUIT_PERMUTATIONS
                     if all(image(names, perm) == sorted(names) for names in sets))

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


def check_family(family: Family) -> None:
    """Refuse a description no machine deals, with the family and the field named: a deck
    without the 52 ordinary cards as ids 0..51 or with an ordinary card twice, a wild card the
    deck does not hold, a count of a wild kind the family does not have, more wild kinds than
    the kernels count."""
    where = f"families.py: family {family.key!r}"
    if family.deck[:52] != STANDARD_DECK:
        raise ValueError(f"{where}: deck: expected the 52 ordinary cards first, in card-id order")
    for name in family.deck[52:]:
        try:
            rank, suit = face(name)
        except (ValueError, IndexError):
            raise ValueError(f"{where}: deck: {name!r} is not a card name") from None
        if name != JOKER and (suit < 4 or family.deck.count(name) > 1):
            raise ValueError(f"{where}: deck: {name!r} twice: only jokers may repeat")
    if len(family.wild) > MAX_WILD_KINDS:
        raise ValueError(f"{where}: wild: at most {MAX_WILD_KINDS} kinds")
    for kind in family.wild:
        for name in kind.cards:
            if name not in family.deck:
                raise ValueError(f"{where}: wild {kind.name!r}: {name!r} is not in the deck")
    kinds = [kind.name for kind in family.wild]
    for c in family.categories:
        for name, _ in c.exactly:
            if name not in kinds:
                raise ValueError(f"{where}: category {c.key!r}: exactly: no wild kind {name!r}")
        if c.hand not in HANDS:
            raise ValueError(f"{where}: category {c.key!r}: hand {c.hand!r} is not one of HANDS")


DECK_52 = STANDARD_DECK
DECK_53 = STANDARD_DECK + (JOKER,)
DECK_54 = STANDARD_DECK + (JOKER, JOKER)
DECK_FIVE_ACES = STANDARD_DECK + ("A" + STAR,)
DEUCES = Wild("deuces", of_rank("2"))
JOKERS = {1: Wild("joker", (JOKER,)), 2: Wild("jokers", (JOKER,))}


def _c(key, label, hand=None, **details) -> Category:
    """A category whose hand is its key unless named; `exactly` as a dict of counts."""
    for name in ("ranks", "kicker"):
        if isinstance(details.get(name), str):
            details[name] = rank_set(details[name])
    if isinstance(details.get("exactly"), dict):
        details["exactly"] = tuple(details["exactly"].items())
    return Category(key, label, hand or key, **details)


# The hands every family pays below the top ones, as the machines name them.
_MIDDLE = (_c("full_house", "Full House"), _c("flush", "Flush"), _c("straight", "Straight"),
           _c("three_of_a_kind", "Three of a Kind"))
# Deuces Wild's top hands, which its bonus cousins refine.
_NATURAL_ROYAL = _c("natural_royal", "Natural Royal Flush", "royal_flush", natural=True)
_WILD_ROYAL = _c("wild_royal", "Wild Royal Flush", "royal_flush")
_FOUR_DEUCES = _c("four_deuces", "Four Deuces", "wild_cards", exactly={"deuces": 4})
# The hands from the wild royal down, as Deuces Wild and Double Joker rank them.
_WILD_ROYAL_DOWN = (_WILD_ROYAL, _c("five_of_a_kind", "Five of a Kind"),
                    _c("straight_flush", "Straight Flush"), _c("four_of_a_kind", "Four of a Kind"),
                    *_MIDDLE)
# A natural game's hands from the straight flush down: quads by rank and kicker ([quads]).
_NATURAL_DOWN = (_c("straight_flush", "Straight Flush"),
                 _c("four_of_a_kind", "Four of a Kind", by_rank="quads"),
                 *_MIDDLE,
                 _c("two_pair", "Two Pair"),
                 _c("pair", "High Pair", by_rank="pair"))
SEVENS = Wild("sevens", of_rank("7"))

FAMILIES = {family.key: family for family in (
    Family("natural", "Natural 52-card games", DECK_52, (), (
        _c("royal_flush", "Royal Flush"),
        *_NATURAL_DOWN,
    ), identifying=("full_house", "flush")),
    Family("deuces", "Deuces Wild", DECK_52, (DEUCES,), (
        _NATURAL_ROYAL,
        _FOUR_DEUCES,
        *_WILD_ROYAL_DOWN,
    ), identifying=("wild_royal", "five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house",
                    "flush")),
    Family("bonus_deuces", "Bonus Deuces Wild", DECK_52, (DEUCES,), (
        _NATURAL_ROYAL,
        _c("four_deuces_with_ace", "Four Deuces with an Ace", "wild_cards",
           exactly={"deuces": 4}, kicker="A"),
        _FOUR_DEUCES,
        # As the glass lists them, by pay: a wild royal and five of a kind never meet in a hand.
        _c("five_aces", "Five Aces", "five_of_a_kind", ranks="A"),
        _c("five_3_5", "Five 3s, 4s or 5s", "five_of_a_kind", ranks="3-5"),
        _WILD_ROYAL,
        _c("five_6_k", "Five 6s through Kings", "five_of_a_kind", ranks="6-K"),
        _c("straight_flush", "Straight Flush"),
        _c("four_of_a_kind", "Four of a Kind"),
        *_MIDDLE,
    ), identifying=("straight_flush", "four_of_a_kind", "full_house", "flush")),
    Family("deuces_double_double", "Deuces Wild Double Double Bonus", DECK_52, (DEUCES,), (
        _NATURAL_ROYAL,
        # Natural quads by rank and kicker; the kicker may be a deuce (four aces and a deuce pay
        # these 400, not five aces' 10). By pay: four deuces never meet natural quads in a hand.
        _c("four_aces_with_2_4", "Natural Four Aces with 2-4", "four_of_a_kind", natural=True,
           ranks="A", kicker="2-4"),
        _c("four_3_4_with_a_4", "Natural Four 3s or 4s with A-4", "four_of_a_kind",
           natural=True, ranks="3-4", kicker="A,2-4"),
        _c("four_aces", "Natural Four Aces", "four_of_a_kind", natural=True, ranks="A"),
        _FOUR_DEUCES,
        _c("four_3_4", "Natural Four 3s or 4s", "four_of_a_kind", natural=True, ranks="3-4"),
        _c("four_5_k", "Natural Four 5s through Kings", "four_of_a_kind", natural=True,
           ranks="5-K"),
        *_WILD_ROYAL_DOWN,
    ), identifying=("wild_royal", "five_of_a_kind", "straight_flush")),
    Family("deuces_joker", "Deuces and Joker Wild", DECK_53, (DEUCES, JOKERS[1]), (
        _c("five_wild", "Four Deuces with the Joker", "wild_cards",
           exactly={"deuces": 4, "joker": 1}),
        _NATURAL_ROYAL,
        _FOUR_DEUCES,
        *_WILD_ROYAL_DOWN,
    ), identifying=("wild_royal", "five_of_a_kind", "straight_flush")),
    Family("joker", "Joker Poker", DECK_53, (JOKERS[1],), (
        _NATURAL_ROYAL,
        _c("five_of_a_kind", "Five of a Kind"),
        _WILD_ROYAL,
        _c("straight_flush", "Straight Flush"),
        _c("four_of_a_kind", "Four of a Kind"),
        *_MIDDLE,
        _c("two_pair", "Two Pair"),
        _c("pair", "High Pair", by_rank="pair"),
    ), identifying=("five_of_a_kind", "four_of_a_kind", "full_house", "flush"),
       lowest_min_pair=0, pair_optional=True),
    Family("double_joker", "Double Joker Poker", DECK_54, (JOKERS[2],), (
        _NATURAL_ROYAL,
        *_WILD_ROYAL_DOWN,
        _c("two_pair", "Two Pair"),
    ), identifying=("four_of_a_kind", "full_house", "flush")),
    # Issue 53's games, solved and tested; pay tables in tests/paytables/ until the strategy
    # stage has their words.
    Family("sevens", "Sevens Wild", DECK_52, (SEVENS,), (
        _NATURAL_ROYAL,
        _c("four_sevens", "Four Sevens", "wild_cards", exactly={"sevens": 4}),
        *_WILD_ROYAL_DOWN,
    ), identifying=("wild_royal", "five_of_a_kind", "straight_flush", "four_of_a_kind")),
    Family("sevens_joker", "Sevens and Joker Wild", DECK_53, (SEVENS, JOKERS[1]), (
        _c("five_wild", "Five Wilds", "wild_cards", exactly={"sevens": 4, "joker": 1}),
        _NATURAL_ROYAL,
        _c("four_sevens", "Natural Four Sevens", "wild_cards", exactly={"sevens": 4, "joker": 0}),
        *_WILD_ROYAL_DOWN,
    ), identifying=("wild_royal", "five_of_a_kind", "straight_flush", "four_of_a_kind")),
    # The jack of hearts and the jack of spades: a natural royal may hold them, read as jacks.
    Family("one_eyed_jacks", "One Eyed Jacks", DECK_52,
           (Wild("one_eyed_jacks", ("Jh", "Js")),), (
        _NATURAL_ROYAL,
        *_WILD_ROYAL_DOWN,
        _c("two_pair", "Two Pair"),
    ), identifying=("wild_royal", "five_of_a_kind", "straight_flush")),
    # 53 cards: a fifth ace of the star suit, no wild card; five aces is a hand of its own.
    Family("five_aces", "Five Aces", DECK_FIVE_ACES, (), (
        _c("five_aces", "Five Aces", "five_of_a_kind", ranks="A"),
        _c("royal_flush", "Royal Flush"),
        *_NATURAL_DOWN,
    ), identifying=("five_aces", "full_house", "flush")),
)}
for _family in FAMILIES.values():
    check_family(_family)


def _wild_words(family: Family) -> str:
    """"the sevens and the joker wild": the kinds by name, where no phrase is kept for them."""
    return " and ".join("the " + kind.name.replace("_", " ") for kind in family.wild) + " wild"


def describe_family(family: Family) -> str:
    """What a pay table file of this family sets, in words (`vpcharts families`)."""
    wild = {None: "no wild card", "deuces": "the four deuces wild", "joker": "the joker wild",
            "jokers": "both jokers wild", "deuces_joker": "the deuces and the joker wild"}
    lines = [f'family = "{family.key}"   # {family.title}: {family.deck_size} cards, '
             f"{wild.get(family.wild_name) or _wild_words(family)}", "[pays]   # best first"]
    for c in family.categories:
        note = {"pair": "  (min_pair sets the lowest paying pair"
                + (', or "none")' if family.pair_optional else ")"),
                "quads": "  (by rank and kicker too: [quads] rules)"}.get(c.by_rank, "")
        lines.append(f"{c.key:<22} # {c.label}{note}")
    return "\n".join(lines)


def family_data(family: Family) -> dict:
    """A family as plain JSON data: what the browser's evaluator reads, and what a cached
    solution's key holds (a changed description is a cache miss)."""
    return {
        "deck": list(family.deck),
        "wild": [{"name": kind.name, "cards": list(kind.cards)} for kind in family.wild],
        "categories": [{
            "key": c.key, "hand": c.hand, "natural": c.natural, "exactly": dict(c.exactly),
            "ranks": sorted(c.ranks), "kicker": sorted(c.kicker), "by_rank": c.by_rank,
        } for c in family.categories],
    }


def browser_data() -> dict:
    """Every family as static/js/evaluator.js holds it (written by `python -m
    generator.solve.families`; a test checks the two agree)."""
    return {family.key: family_data(family) for family in FAMILIES.values()}


JS_BEGIN = "  // BEGIN FAMILIES (written by `python -m generator.solve.families`: do not edit)"
JS_END = "  // END FAMILIES"


def js_block() -> str:
    """The lines of static/js/evaluator.js between JS_BEGIN and JS_END: every family as data."""
    rows = [f"    {json.dumps(key)}: {json.dumps(data, sort_keys=True, separators=(',', ':'))},"
            for key, data in browser_data().items()]  # one family a line
    return "\n".join([JS_BEGIN, "  const FAMILIES = {", *rows, "  };", JS_END])


def write_js(path) -> bool:
    """Put `js_block()` into the evaluator script; whether the file changed."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    start, end = text.index(JS_BEGIN), text.index(JS_END) + len(JS_END)
    new = text[:start] + js_block() + text[end:]
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    target = Path(__file__).resolve().parents[2] / "static" / "js" / "evaluator.js"
    print(f"{target}: {'written' if write_js(target) else 'already current'}")
