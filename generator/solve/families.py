"""Game families as data: a deck, its wild cards, and the hands it pays, best first.

In: nothing (this module is the description). Out: `FAMILIES`, each a `Family`; `paytable.py`
reads its pay keys, `codes.py` turns its categories into the fine codes the evaluator kernels
compute, `categories.py` maps those codes onto one pay table's lines, the strategy stage reads
its wild cards, and the browser's evaluator gets the same data (`browser_data`).

A category names the poker hand it needs and, where a game pays a hand by its kind, what more:
no wild card in it (a natural royal), how many deuces and jokers it holds (four deuces; four
deuces with the joker), the rank of its kind (five aces), the card beside four wild cards (four
deuces with an ace). A hand is paid on the first category of its family that it can make, so
categories stand in pay order. Two categories leave the last word to the pay table: the pair
(fine codes per pair rank; `min_pair` picks the paying ones) and natural four of a kind (per
rank and kicker; the `[quads]` rules pick). Adding a family is adding an entry here, its tests
and a pay table; nothing in the solver, the kernels or the browser names a family.
"""

import json
from dataclasses import dataclass
from pathlib import Path

from ..core.cards import RANKS

# The poker hands a category can need, each tested for "can these five cards make it", wild
# cards standing for whatever helps (`evaluate.py`; `tests/reference.py` by trying every card).
HANDS = ("wild_cards", "royal_flush", "five_of_a_kind", "straight_flush", "four_of_a_kind",
         "full_house", "flush", "straight", "three_of_a_kind", "two_pair", "pair")
ALL_RANKS = frozenset(range(13))


def rank_set(text: str) -> frozenset[int]:
    """'A', '3-5', '6-K', 'T-A': the ranks of a category's kind or kicker."""
    ranks: set[int] = set()
    for item in text.split(","):
        low, _, high = item.partition("-")
        first, last = RANKS.index(low), RANKS.index(high or low)
        ranks.update(range(first, last + 1))
    return frozenset(ranks)


@dataclass(frozen=True)
class Category:
    """One paying hand of a family: its pay key (`[pays] key = ...`), its label, and what a hand
    must make to be paid on it."""

    key: str
    label: str
    hand: str  # one of HANDS
    natural: bool = False  # made without wild cards (deuces read as 2s; no joker in the hand)
    deuces: int | None = None  # exactly this many deuces (in a family where they are wild)
    jokers: int | None = None  # exactly this many jokers
    ranks: frozenset[int] = ALL_RANKS  # the rank of the kind (five of a kind: its rank)
    kicker: frozenset[int] = ALL_RANKS  # beside four wild cards: the natural card's rank
    by_rank: str = ""  # "pair": per pair rank (min_pair decides); "quads": per rank and kicker


@dataclass(frozen=True)
class Family:
    """A game family: its deck, its wild cards, and its categories in pay order."""

    key: str
    title: str
    deck_size: int  # 52, 53 (one joker) or 54 (two jokers)
    deuces_wild: bool
    categories: tuple[Category, ...]
    identifying: tuple[str, ...] = ()  # the pays a player reads to tell its machines apart
    lowest_min_pair: int = 8  # the lowest `min_pair` a pay table may set (rank index)
    pair_optional: bool = False  # whether `min_pair = "none"` (no paying pair) is allowed

    @property
    def jokers(self) -> int:
        return self.deck_size - 52

    @property
    def wild_count(self) -> int:
        """How many wild cards the deck holds."""
        return 4 * self.deuces_wild + self.jokers

    @property
    def wild_name(self) -> str | None:
        """The wild cards, as the export's rules name them: None, "deuces", "joker", "jokers"
        (two), "deuces_joker"."""
        if self.deuces_wild:
            return "deuces_joker" if self.jokers else "deuces"
        return (None, "joker", "jokers")[self.jokers]

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

    def is_wild(self, card: int) -> bool:
        return card >= 52 or (self.deuces_wild and card < 4)


def _c(key, label, hand=None, **details) -> Category:
    """A category whose hand is its key unless named."""
    for name in ("ranks", "kicker"):
        if isinstance(details.get(name), str):
            details[name] = rank_set(details[name])
    return Category(key, label, hand or key, **details)


# The hands every family pays below the top ones, as the machines name them.
_MIDDLE = (_c("full_house", "Full House"), _c("flush", "Flush"), _c("straight", "Straight"),
           _c("three_of_a_kind", "Three of a Kind"))
# Deuces Wild's top hands, which its bonus cousins refine.
_NATURAL_ROYAL = _c("natural_royal", "Natural Royal Flush", "royal_flush", natural=True)
_WILD_ROYAL = _c("wild_royal", "Wild Royal Flush", "royal_flush")
_FOUR_DEUCES = _c("four_deuces", "Four Deuces", "wild_cards", deuces=4)
# The hands from the wild royal down, as Deuces Wild and Double Joker rank them.
_WILD_ROYAL_DOWN = (_WILD_ROYAL, _c("five_of_a_kind", "Five of a Kind"),
                    _c("straight_flush", "Straight Flush"), _c("four_of_a_kind", "Four of a Kind"),
                    *_MIDDLE)

FAMILIES = {family.key: family for family in (
    Family("natural", "Natural 52-card games", 52, False, (
        _c("royal_flush", "Royal Flush"),
        _c("straight_flush", "Straight Flush"),
        _c("four_of_a_kind", "Four of a Kind", by_rank="quads"),
        *_MIDDLE,
        _c("two_pair", "Two Pair"),
        _c("pair", "High Pair", by_rank="pair"),
    ), identifying=("full_house", "flush")),
    Family("deuces", "Deuces Wild", 52, True, (
        _NATURAL_ROYAL,
        _FOUR_DEUCES,
        *_WILD_ROYAL_DOWN,
    ), identifying=("wild_royal", "five_of_a_kind", "straight_flush", "four_of_a_kind", "full_house",
                    "flush")),
    Family("bonus_deuces", "Bonus Deuces Wild", 52, True, (
        _NATURAL_ROYAL,
        _c("four_deuces_with_ace", "Four Deuces with an Ace", "wild_cards", deuces=4, kicker="A"),
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
    Family("deuces_double_double", "Deuces Wild Double Double Bonus", 52, True, (
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
    Family("deuces_joker", "Deuces and Joker Wild", 53, True, (
        _c("five_wild", "Four Deuces with the Joker", "wild_cards", deuces=4, jokers=1),
        _NATURAL_ROYAL,
        _FOUR_DEUCES,
        *_WILD_ROYAL_DOWN,
    ), identifying=("wild_royal", "five_of_a_kind", "straight_flush")),
    Family("joker", "Joker Poker", 53, False, (
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
    Family("double_joker", "Double Joker Poker", 54, False, (
        _NATURAL_ROYAL,
        *_WILD_ROYAL_DOWN,
        _c("two_pair", "Two Pair"),
    ), identifying=("four_of_a_kind", "full_house", "flush")),
)}


def describe_family(family: Family) -> str:
    """What a pay table file of this family sets, in words (`vpcharts families`)."""
    wild = {None: "no wild card", "deuces": "the four deuces wild", "joker": "the joker wild",
            "jokers": "both jokers wild", "deuces_joker": "the deuces and the joker wild"}
    lines = [f'family = "{family.key}"   # {family.title}: {family.deck_size} cards, '
             f"{wild[family.wild_name]}", "[pays]   # best first"]
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
        "deck_size": family.deck_size, "deuces_wild": family.deuces_wild,
        "categories": [{
            "key": c.key, "hand": c.hand, "natural": c.natural, "deuces": c.deuces,
            "jokers": c.jokers, "ranks": sorted(c.ranks), "kicker": sorted(c.kicker),
            "by_rank": c.by_rank,
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
