"""Read the game families from their data file, refusing a description no machine deals.

In: a TOML file (`families.toml` beside this module: its header says what each field means).
Out: `{key: game_family.Family}` in file order, or a `ContentError` naming the file, the field
(`sevens.wild[0].cards`), the value and what was expected: a wild card the deck does not hold,
an ordinary card twice, a count of a wild kind the family does not have, an unknown field.
"""

import re
import tomllib
from pathlib import Path

from ..core.cards import RANKS
from ..core.errors import ContentError
from .game_family import (ALL_RANKS, ALL_SUITS, FACE_SUITS, HANDS, JOKER, MAX_WILD_KINDS, STANDARD_DECK, STAR, Category,
                          Family, Wild, rank_set)

DEFAULT_FILE = Path(__file__).with_name("families.toml")
NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
FAMILY_FIELDS = ("title", "extra_cards", "wild", "identifying", "lowest_min_pair",
                 "pair_optional", "kicker_name", "categories")
CATEGORY_FIELDS = ("key", "label", "hand", "natural", "exactly", "ranks", "kicker",
                   "kicker_suits", "by_rank")
BY_RANK = ("", "pair", "quads")
RANK_SET = re.compile(rf"[{RANKS}](-[{RANKS}])?(,[{RANKS}](-[{RANKS}])?)*\Z")


class _Fields:
    """One table of the file, read field by field with its place named in every error."""

    def __init__(self, path, where: str, table, allowed: tuple[str, ...]):
        self.path, self.where = path, where
        if not isinstance(table, dict):
            self.fail("", table, "a table")
        self.table = table
        for name in table:
            if name not in allowed:
                self.fail(name, table[name], "one of the fields " + ", ".join(allowed))

    def fail(self, name: str, value, expected: str):
        raise ContentError(self.path, f"{self.where}.{name}" if name else self.where, value,
                           expected)

    def get(self, name: str, kind, default=None, required=False):
        if name not in self.table:
            if required:
                self.fail(name, None, f"a {kind.__name__} (the field is missing)")
            return default
        value = self.table[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(name, value, {str: "a string", bool: "true or false", int: "a whole number",
                                    list: "a list", dict: "a table"}[kind])
        return value

    def names(self, name: str, default=()) -> list[str]:
        """A list of strings."""
        values = self.get(name, list, list(default))
        for i, value in enumerate(values):
            if not isinstance(value, str):
                self.fail(f"{name}[{i}]", value, "a string")
        return values


def read_families(path: Path = DEFAULT_FILE) -> dict[str, Family]:
    """Every family of the file, checked, in file order."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(path, None, None, f"a readable file ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(path, None, None, f"valid TOML ({exc})") from None
    families = {}
    for key, table in data.items():
        if not NAME.match(key):
            raise ContentError(path, key, None, "a family key of lowercase letters, digits and _")
        families[key] = _family(path, key, table)
    if not families:
        raise ContentError(path, None, None, "at least one family ([key] and its fields)")
    return families


def _family(path, key: str, table) -> Family:
    fields = _Fields(path, key, table, FAMILY_FIELDS)
    title = fields.get("title", str, required=True)
    deck = STANDARD_DECK + tuple(_extra_cards(fields))
    wild = _wild_kinds(fields, deck)
    categories = _categories(fields, [kind.name for kind in wild])
    keys = [c.key for c in categories]
    identifying = fields.names("identifying")
    for i, name in enumerate(identifying):
        if name not in keys:
            fields.fail(f"identifying[{i}]", name, "a key of this family's categories")
    lowest = fields.get("lowest_min_pair", str, "T")
    if lowest not in RANKS:
        fields.fail("lowest_min_pair", lowest, f"a rank, one of {' '.join(RANKS)}")
    named = any(c.kicker_suits != ALL_SUITS for c in categories)
    kicker_name = fields.get("kicker_name", str, "")
    if named and not kicker_name:
        fields.fail("kicker_name", None, "what a player calls the kicker of named suits a "
                    'category pays ("black jack"): a category sets kicker_suits')
    if kicker_name and not named:
        fields.fail("kicker_name", kicker_name, "no field: no category sets kicker_suits")
    return Family(key, title, deck, wild, categories, tuple(identifying), RANKS.index(lowest),
                  fields.get("pair_optional", bool, False), kicker_name)


def _extra_cards(fields: _Fields) -> list[str]:
    """The cards beyond the 52: jokers, which may repeat, and star cards ("A*"), which may not."""
    extra = fields.names("extra_cards")
    for i, name in enumerate(extra):
        place = f"extra_cards[{i}]"
        if name in STANDARD_DECK:
            fields.fail(place, name, "a card the 52 do not hold: this deck would have it twice")
        if name != JOKER and not (len(name) == 2 and name[0] in RANKS and name[1] == STAR):
            fields.fail(place, name, f'"{JOKER}" (a joker) or a rank and "{STAR}" ("A{STAR}")')
        if name != JOKER and extra.count(name) > 1:
            fields.fail(place, name, "a card once: only jokers may repeat")
    return extra


def _wild_kinds(fields: _Fields, deck: tuple[str, ...]) -> tuple[Wild, ...]:
    kinds = fields.get("wild", list, [])
    if len(kinds) > MAX_WILD_KINDS:
        fields.fail("wild", kinds, f"at most {MAX_WILD_KINDS} kinds of wild card")
    out: list[Wild] = []
    for i, table in enumerate(kinds):
        kind = _Fields(fields.path, f"{fields.where}.wild[{i}]", table, ("name", "cards"))
        name = kind.get("name", str, required=True)
        if not NAME.match(name) or name in [w.name for w in out]:
            kind.fail("name", name, "a name of lowercase letters and _, not used by another kind")
        cards = kind.names("cards")
        if not cards:
            kind.fail("cards", cards, "at least one card")
        for j, card in enumerate(cards):
            if card not in deck:
                kind.fail(f"cards[{j}]", card, "a card of this family's deck (the 52 and "
                          "extra_cards)")
            if any(card in w.cards for w in out) or cards.count(card) > 1:
                kind.fail(f"cards[{j}]", card, "a card in one wild kind, once")
        out.append(Wild(name, tuple(cards)))
    return tuple(out)


def _categories(fields: _Fields, kinds: list[str]) -> tuple[Category, ...]:
    tables = fields.get("categories", list, required=True)
    if not tables:
        fields.fail("categories", tables, "at least one paying hand")
    out: list[Category] = []
    for i, table in enumerate(tables):
        cat = _Fields(fields.path, f"{fields.where}.categories[{i}]", table, CATEGORY_FIELDS)
        key = cat.get("key", str, required=True)
        if not NAME.match(key) or key in [c.key for c in out]:
            cat.fail("key", key, "a key of lowercase letters, digits and _, once a family")
        hand = cat.get("hand", str, key)
        if hand not in HANDS:
            cat.fail("hand", table.get("hand"), "one of " + ", ".join(HANDS)
                     + ("" if "hand" in table else f" (needed: the key {key!r} is not a hand)"))
        exactly = cat.get("exactly", dict, {})
        for name, count in exactly.items():
            if name not in kinds:
                cat.fail(f"exactly.{name}", count, "a count of one of this family's wild kinds: "
                         + (", ".join(kinds) or "it has none"))
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 5:
                cat.fail(f"exactly.{name}", count, "a whole number of cards from 0 to 5")
        by_rank = cat.get("by_rank", str, "")
        if by_rank not in BY_RANK:
            cat.fail("by_rank", by_rank, '"pair" or "quads"')
        out.append(Category(key, cat.get("label", str, required=True), hand,
                            cat.get("natural", bool, False), tuple(exactly.items()),
                            _ranks(cat, "ranks"), _ranks(cat, "kicker"),
                            _suits(cat, "kicker_suits"), by_rank))
    return tuple(out)


def _suits(cat: _Fields, name: str) -> frozenset[int]:
    """"cs": the suits by letter, each once (the star of a fifth ace is "*")."""
    text = cat.get(name, str)
    if text is None:
        return ALL_SUITS
    if not text or any(ch not in FACE_SUITS or text.count(ch) > 1 for ch in text):
        cat.fail(name, text, f'suits by letter, each once, of "{FACE_SUITS}" ("cs": clubs or '
                 "spades, a black card)")
    return frozenset(FACE_SUITS.index(ch) for ch in text)


def _ranks(cat: _Fields, name: str) -> frozenset[int]:
    text = cat.get(name, str)
    if text is None:
        return ALL_RANKS
    if not RANK_SET.match(text):
        cat.fail(name, text, 'ranks and runs of ranks, "A", "3-5" or "A,2-4"')
    ranks = rank_set(text)
    if not ranks:
        cat.fail(name, text, "a run from low to high (3-5, not 5-3)")
    return ranks
