"""Pay tables: the TOML files that set the pays of a game family (`families.py`).

A pay table file in `content/paytables/` looks like this (pays are per unit bet, where one unit is
the maximum bet, so a royal paying 4000 coins for 5 is 800):

    name = "10/7 Double Bonus"
    family = "natural"          # a key of families.FAMILIES: natural, deuces, joker, ...
    min_pair = "jacks"          # where pairs pay: natural tens..aces; joker a rank or "none"

    [pays]
    royal_flush = 800
    straight_flush = 50
    four_of_a_kind = 50         # quads not matched by a rule in [quads]
    full_house = 10
    ...

    [quads]                     # natural games only: quads paid by rank, and by kicker
    "A" = 160
    "2-4" = 80
    "A with 2-4" = 400          # (Double Double Bonus)

A pay is an integer, a decimal (2.5) or a fraction string ("4000/5"), kept as an exact Fraction.
Every problem is reported as a `ContentError` naming the file, the field, the value and what was
expected.
"""

import json
import re
import sys
import tomllib
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import comb, lcm
from pathlib import Path

from ..core.cards import RANKS
from ..core.errors import ContentError, shorten
from .families import FAMILIES, Family, family_data

RANK_NAMES = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
              "jacks", "queens", "kings", "aces")
_RANK_WORDS = ("Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
               "Jacks", "Queens", "Kings", "Aces")
_RANK_WORD = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
              "Queen", "King", "Ace")  # one card of each rank


@dataclass(frozen=True)
class QuadRule:
    """Quads of one of `ranks` (and, if `kickers` is set, with a kicker of one of those) pay `pay`."""

    ranks: frozenset[int]
    kickers: frozenset[int] | None
    pay: Fraction
    key: str  # as written in the file, e.g. "A with 2-4"
    label: str


@dataclass(frozen=True)
class PayLine:
    """One paying hand category of a pay table, in hand-rank order."""

    key: str
    label: str
    pay: Fraction


def game_name(name: str, family_key: str, family_title: str) -> str:
    """The game a player looks for, the pays that vary left out: "Jacks or Better" for "9/6
    Jacks or Better", "All American" for "All American 40/8/8/8"; the family's title for the
    wild games ("Deuces Wild"). The index groups pay tables by it, and the tests' sample of the
    catalogue takes one of each."""
    if family_key != "natural":
        return family_title
    words = name.split()
    if words and _PAYS.fullmatch(words[0]):
        words = words[1:]
    elif words and _PAYS.fullmatch(words[-1]):
        words = words[:-1]
    return " ".join(words) or name


_PAYS = re.compile(r"\d[\d./,]*")  # "9/6", "10/7/80", "40/8/8/8"


GLASS_COINS = 5  # a glass shows pays per coin of a five-coin bet
MAX_COINS = 10


@dataclass(frozen=True)
class PayTable:
    slug: str
    name: str
    family: Family
    min_pair: int | None  # lowest paying pair rank (0 = deuce .. 12 = ace); None if pairs don't pay
    lines: tuple[PayLine, ...]  # paying categories, best first; quad rules stand before generic quads
    quad_rules: tuple[QuadRule, ...]
    source: str  # the file it was read from
    # Lines for the user that do not stop anything, like a lower hand paid more than a higher one.
    warnings: tuple[str, ...] = field(default=(), compare=False)
    # The return as published ("99.5439%" or "0.995439", the digits as printed) and where: the
    # exact return is checked against it (`check_published`); neither changes the solution.
    published_return: str | None = field(default=None, compare=False)
    published_source: str | None = field(default=None, compare=False)
    # Coins a hand is bet (`coins = 6`: Deuces Wild Double Double Bonus). The file's pays are as
    # the glass shows them, the full bet's win over 5 (`GLASS_COINS`); `lines` hold them per coin
    # bet (times 5 / coins), which is all the solver and every return read.
    coins: int = GLASS_COINS

    @property
    def deck_size(self) -> int:
        return self.family.deck_size

    @property
    def scale(self) -> int:
        """The pays' common denominator: each pay times it is whole (the solver sums in it)."""
        return lcm(*(line.pay.denominator for line in self.lines))

    @property
    def game(self) -> str:
        """The game a player looks for, its varying pays left out (`game_name`)."""
        return game_name(self.name, self.family.key, self.family.title)

    def pay(self, key: str) -> Fraction:
        for line in self.lines:
            if line.key == key:
                return line.pay
        raise KeyError(key)

    def quad_key(self, quad_rank: int, kicker: int) -> str:
        """The pay line of natural quads of `quad_rank` with `kicker`: kicker rules win, then rank
        rules, then the generic four_of_a_kind."""
        for rule in self.quad_rules:
            if rule.kickers is not None and quad_rank in rule.ranks and kicker in rule.kickers:
                return "quads:" + rule.key
        for rule in self.quad_rules:
            if rule.kickers is None and quad_rank in rule.ranks:
                return "quads:" + rule.key
        return "four_of_a_kind"

    def canonical(self) -> str:
        """A deterministic text of everything that affects the solution (the cache key's input)."""
        return json.dumps({
            "family": self.family.key,
            "family_data": family_data(self.family),
            "min_pair": self.min_pair,
            "lines": [[line.key, str(line.pay)] for line in self.lines],
            "quads": [[sorted(r.ranks), None if r.kickers is None else sorted(r.kickers), str(r.pay)]
                      for r in self.quad_rules],
        }, sort_keys=True, separators=(",", ":"))


# ASCII digits, as the page's checkPays reads them (JavaScript's \d; its \s, like Python's, is any
# space): Python's \d also took "٣" as a pay of 3, which any.html refuses (found by the page fuzz,
# whose oracle this loader is).
_FRACTION = re.compile(r"^\s*([0-9]+)\s*/\s*([0-9]+)\s*$")
_DECIMAL = re.compile(r"^\s*[0-9]+(\.[0-9]+)?\s*$")
PAY_EXPECTED = "a non-negative number: an integer, a decimal like 2.5, or a fraction like \"4000/5\""


# Exact sums in 64-bit integers, kept below 2**62 so that a difference of two of them, or a
# running sum of signed terms, cannot wrap either. Three bounds, each with its reason:
# - the solver: a hold's draw total is an inclusion-exclusion over at most 32 sums of pays over
#   the hands holding a set of cards, each at most C(n, 5) times the largest scaled pay;
# - one suit class: an EV over the draws' common denominator (7,669,695 for 52 cards) is at most
#   the largest scaled pay times it, and a class's loss is weighted by its deals (at most 24,
#   the suit permutations);
# - every deal summed (the strategy's costs, the verify kernel, the levels' prices): each is a
#   sum of losses, no larger than the return summed over every deal. That is known only once
#   solved, so the solver checks it (`check_return_range`).
INT_LIMIT = 2 ** 62
MOST_DEALS_IN_A_CLASS = 24
NAME_LIMIT = 80  # characters of a pay table's name: it heads a page and a pocket card


def draw_denominator(deck_size: int) -> int:
    """The lcm of the draw counts of every hold size (7,669,695 for 52 cards)."""
    return lcm(*(comb(deck_size - 5, j) for j in range(6)))


def largest_scaled_pay(deck_size: int) -> int:
    """The largest pay times scale that the solver and a class's weighted loss hold exactly:
    25,053,614,791 for 52 cards (a royal of 25 million with three decimals)."""
    solver = (INT_LIMIT - 1) // (32 * comb(deck_size, 5))
    one_class = (INT_LIMIT - 1) // (MOST_DEALS_IN_A_CLASS * draw_denominator(deck_size))
    return min(solver, one_class)


def largest_scaled_return(deck_size: int) -> int:
    """The largest return per unit bet, times scale, whose sum over every deal (over the draws'
    common denominator) stays below 2**62: 231,356 for 52 cards."""
    return (INT_LIMIT - 1) // (draw_denominator(deck_size) * comb(deck_size, 5))


def _pay_fields(lines) -> list[tuple[str, Fraction]]:
    """(the field as the file names it, the pay) of every paying line."""
    return [(f"quads.{line.key[6:]}" if line.key.startswith("quads:") else f"pays.{line.key}",
             line.pay) for line in lines]


def _check_pay_range(lines, quad_rules, deck_size: int, path) -> None:
    """Refuse, naming the field and the limit, pays the solver cannot hold exactly."""
    fields = _pay_fields(lines)
    if all(pay == 0 for _, pay in fields):
        raise ContentError(path, "pays", None, "at least one pay above zero")
    scale = lcm(*(pay.denominator for _, pay in fields))
    top = largest_scaled_pay(deck_size)
    if max(pay for _, pay in fields) * scale <= top:
        return
    if scale == 1:
        name, pay = max(fields, key=lambda item: item[1])
        raise ContentError(path, name, str(pay), f"a pay of at most {top:,}: the largest the "
                           f"exact 64-bit sums hold for a {deck_size}-card deck")
    name, pay = max(fields, key=lambda item: (item[1].denominator, item[1]))
    largest = max(pay for _, pay in fields)
    raise ContentError(path, name, str(pay), f"pays whose largest ({largest}) times the common "
                       f"denominator of all pays ({shown_number(scale)}) is at most {top:,}, the "
                       f"exact 64-bit sums' limit for a {deck_size}-card deck (with 3 decimals, "
                       f"pays up to {top / 1000:,.3f}; whole pays up to {top:,})")


def check_return_range(table: "PayTable", scale: int, paid: int) -> None:
    """Refuse, naming the largest pay and the limit, a table whose return summed over every
    deal (`paid`: the scaled pays over the draws' common denominator) is past the exact sums'
    bound. Only a solve knows the return, so the solver calls this."""
    if paid < INT_LIMIT:
        return
    name, pay = max(_pay_fields(table.lines), key=lambda item: item[1])
    per_bet = paid / (scale * draw_denominator(table.deck_size) * comb(table.deck_size, 5))
    limit = largest_scaled_return(table.deck_size)
    what = (f"a return per unit bet of at most {limit:,} (here {per_bet:,.1f})" if scale == 1 else
            f"pays whose return per unit bet (here {per_bet:,.1f}) times the common denominator "
            f"of all pays ({shown_number(scale)}) is at most {limit:,}")
    raise ContentError(table.source, name, str(pay), f"{what}: the exact 64-bit sums over every "
                       f"deal hold no more for a {table.deck_size}-card deck")


def shown_number(n: int) -> str:
    text = f"{n:,}"
    return text if len(text) <= 40 else f"a number of {len(str(n))} digits"


def _out_of_order(lines, family: "Family") -> list[tuple[PayLine, PayLine]]:
    """(lower hand, higher hand) where the lower pays more. Quads paying more than a straight
    flush is a real game (Bonus Poker Deluxe pays 80 and 50; Black Jack Bonus, four aces with
    a black jack 800), not a mistake, so it is not among them."""
    hand = {c.key: c.hand for c in family.categories}
    ranked = [line for line in lines if not line.key.startswith("quads:")]
    return [(low, high) for i, high in enumerate(ranked) for low in ranked[i + 1:]
            if low.pay > high.pay
            and not (hand.get(low.key) == "four_of_a_kind" and hand.get(high.key) == "straight_flush")]


def _order_warning(lines, family: "Family", path, meant: frozenset[str]) -> tuple[str, ...]:
    """One line if some hand pays more than a hand ranked above it (the solver plays it as
    written, but it is usually a typing mistake), unless the file says that pay is meant
    (`pays_more_than_higher`: a machine whose top award is five of a kind, not the royal)."""
    for low, high in _out_of_order(lines, family):
        if low.key not in meant:
            return (f"{path}: pays.{low.key} = {low.pay} is more than pays.{high.key} = "
                    f"{high.pay}, a higher hand: accepted as written",)
    return ()


def _parse_meant(data: dict, lines, family: "Family", path) -> frozenset[str]:
    """`pays_more_than_higher = ["five_of_a_kind"]`: pay keys the file says pay more than a
    higher hand on purpose. Each must be one that does (else the field hides nothing, or hides
    a mistake made later)."""
    if "pays_more_than_higher" not in data:
        return frozenset()
    value = data["pays_more_than_higher"]
    above = {low.key for low, _ in _out_of_order(lines, family)}
    expected = ("a list of the pay keys that pay more than a higher hand on purpose: "
                + (", ".join(sorted(above)) if above else "none here, so no such field"))
    if not isinstance(value, list) or not value:
        raise ContentError(path, "pays_more_than_higher", value, expected)
    for key in value:
        if not isinstance(key, str) or key not in above:
            raise ContentError(path, "pays_more_than_higher", key, expected)
    return frozenset(value)


PAY_CHARS = 100  # characters of a pay written as a string: far more than the largest pay takes


def parse_pay(value, path, field) -> Fraction:
    """An exact, non-negative pay from a TOML integer, float or string."""
    if isinstance(value, bool):
        raise ContentError(path, field, value, PAY_EXPECTED)
    if isinstance(value, int):
        pay = Fraction(value)
    elif isinstance(value, float):
        # A TOML float's shortest repr is exactly what the author wrote (2.5, 0.1), so go via text.
        text = repr(value)
        if not _DECIMAL.match(text):
            raise ContentError(path, field, value, PAY_EXPECTED)
        pay = Fraction(text)
    elif isinstance(value, str) and len(value) > PAY_CHARS:  # (Fraction() refuses 4,300 digits)
        raise ContentError(path, field, value, f"{PAY_EXPECTED} of at most {PAY_CHARS} characters")
    elif isinstance(value, str) and (_FRACTION.match(value) or _DECIMAL.match(value)):
        match = _FRACTION.match(value)
        if match and int(match.group(2)) == 0:
            raise ContentError(path, field, value, PAY_EXPECTED + " with a non-zero denominator")
        # (from the match: a no-break space inside "4000 /\xa05" made Fraction() raise)
        pay = Fraction(int(match.group(1)), int(match.group(2))) if match else Fraction(value.strip())
    else:
        raise ContentError(path, field, value, PAY_EXPECTED)
    if pay < 0:
        raise ContentError(path, field, value, PAY_EXPECTED)
    return pay


def _parse_rank(text: str, path, field) -> int:
    text = text.strip().upper()
    if text == "10":
        text = "T"
    if len(text) != 1 or text not in RANKS:
        raise ContentError(path, field, text, "a rank: 2-9, T (or 10), J, Q, K or A")
    return RANKS.index(text)


def _parse_rank_set(text: str, path, field) -> frozenset[int]:
    """'A', '2-4', '5-K', 'J-K,A', and 'A-4' (ace low: A, 2, 3, 4)."""
    ranks: set[int] = set()
    for item in text.split(","):
        if "-" in item:
            low_text, high_text = item.split("-", 1)
            low, high = _parse_rank(low_text, path, field), _parse_rank(high_text, path, field)
            if low == 12 and high < 12:  # ace low
                ranks.add(12)
                low = 0
            if low > high:
                raise ContentError(path, field, item, "a rank range from low to high, like 2-4")
            ranks.update(range(low, high + 1))
        else:
            ranks.add(_parse_rank(item, path, field))
    return frozenset(ranks)


def _rank_set_label(text: str) -> str:
    text = text.strip().upper().replace(" ", "")
    if len(text) == 1 or text == "10":
        return _RANK_WORDS[RANKS.index("T" if text == "10" else text)]
    return text


def _kicker_label(text: str) -> str:
    """A kicker is one card: "an Ace", "a King" where it is of one rank; "2-4" otherwise."""
    label = _rank_set_label(text)
    if label not in _RANK_WORDS:
        return label
    single = _RANK_WORD[_RANK_WORDS.index(label)]
    return ("an " if single[0] in "AE" else "a ") + single


def _parse_quad_rules(table, path) -> tuple[QuadRule, ...]:
    rules = []
    for key, value in table.items():
        field = f"quads.{key!r}" if " " in key else f"quads.{key}"
        parts = re.split(r"\s+with\s+", key.strip(), flags=re.IGNORECASE)
        if len(parts) > 2 or not parts[0]:
            raise ContentError(path, field, key, "a quad rank set, optionally 'with' a kicker set, "
                               "like \"A\", \"2-4\" or \"A with 2-4\"")
        ranks = _parse_rank_set(parts[0], path, field)
        kickers = _parse_rank_set(parts[1], path, field) if len(parts) == 2 else None
        label = "Four " + _rank_set_label(parts[0])
        if kickers is not None:
            label += " with " + _kicker_label(parts[1])
        rules.append(QuadRule(ranks, kickers, parse_pay(value, path, field), key.strip(), label))
    for i, a in enumerate(rules):
        for b in rules[i + 1:]:
            if (a.kickers is None) != (b.kickers is None):
                continue  # a kicker rule refining a rank rule is the point of kicker rules
            if a.ranks & b.ranks and (a.kickers is None or a.kickers & b.kickers):
                raise ContentError(path, f"quads.{b.key}", b.key,
                                   f"quads not already paid by quads.{a.key}")
    # Kicker rules stand first (they win), then rank rules, both in the order written.
    return tuple([r for r in rules if r.kickers is not None] +
                 [r for r in rules if r.kickers is None])


def _parse_min_pair(data, family: Family, path) -> int | None:
    allowed = {name: i for i, name in enumerate(RANK_NAMES) if i >= family.lowest_min_pair}
    expected = ("the lowest paying pair: " if "min_pair" not in data else "one of ") + ", ".join(
        allowed) + (" or none" if family.pair_optional else "")
    if "min_pair" not in data:
        raise ContentError(path, "min_pair", None, expected)
    value = data["min_pair"]
    if family.pair_optional and value == "none":
        return None
    if not isinstance(value, str) or value not in allowed:  # (a list or table: unhashable)
        raise ContentError(path, "min_pair", value, expected)
    return allowed[value]


def _jokers_words(n: int) -> str:
    return ("no joker", "one joker", "two jokers")[n]


def pair_label(min_pair: int) -> str:
    return f"{_RANK_WORDS[min_pair]} or Better"


def parse_paytable(data: dict, path: Path | str, slug: str) -> PayTable:
    """Validate a pay table's parsed TOML and build the model."""
    allowed_top = {"name", "family", "jokers", "min_pair", "pays", "quads", "slug",
                   "published_return", "source", "coins", "pays_more_than_higher"}
    for key in data:
        if key not in allowed_top:
            raise ContentError(path, key, None, "only the fields " + ", ".join(sorted(allowed_top)))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ContentError(path, "name", name, "a non-empty name, like \"9/6 Jacks or Better\"")
    if len(name.strip()) > NAME_LIMIT or not name.isprintable():
        raise ContentError(path, "name", name, f"a name of at most {NAME_LIMIT} characters on one "
                           "line, like \"9/6 Jacks or Better\"")
    family_key = data.get("family")
    if not isinstance(family_key, str) or family_key not in FAMILIES:  # (a list: unhashable)
        raise ContentError(path, "family", family_key, "one of " + ", ".join(FAMILIES))
    family = FAMILIES[family_key]
    if "jokers" in data and (isinstance(data["jokers"], bool) or data["jokers"] != family.jokers):
        raise ContentError(path, "jokers", data["jokers"], f"{family.jokers} (or no jokers field): "
                           f"{family.title} plays {_jokers_words(family.jokers)}, "
                           f"{family.deck_size} cards")
    slug = data.get("slug", slug)
    if (not isinstance(slug, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", slug)
            or len(slug) > NAME_LIMIT):
        raise ContentError(path, "slug", slug, "lower-case letters, digits and single hyphens, "
                           f"at most {NAME_LIMIT} characters")

    coins = data.get("coins", GLASS_COINS)
    if isinstance(coins, bool) or not isinstance(coins, int) or not GLASS_COINS <= coins <= MAX_COINS:
        raise ContentError(path, "coins", coins, f"the coins a hand is bet: a whole number from "
                           f"{GLASS_COINS} to {MAX_COINS} (no coins field: {GLASS_COINS})")

    min_pair = None
    if family.has_pair:
        min_pair = _parse_min_pair(data, family, path)
    elif "min_pair" in data:
        raise ContentError(path, "min_pair", data["min_pair"],
                           f"no min_pair: {family.title} pays no pairs")

    pays = data.get("pays")
    if not isinstance(pays, dict):
        raise ContentError(path, "pays", pays, "a [pays] table")
    quad_rules: tuple[QuadRule, ...] = ()
    if "quads" in data:
        if not family.has_quad_rules or not isinstance(data["quads"], dict):
            raise ContentError(path, "quads", None, "a [quads] table, in the natural family only")
        quad_rules = _parse_quad_rules(data["quads"], path)

    keys = [c.key for c in family.categories]
    needed = set(keys)
    if family.has_pair and min_pair is None:
        needed.discard("pair")
    covered = set().union(*(r.ranks for r in quad_rules if r.kickers is None)) if quad_rules else set()
    if family.has_quad_rules and len(covered) == 13:
        needed.discard("four_of_a_kind")
    for key in pays:
        if key not in keys:
            raise ContentError(path, f"pays.{key}", None, f"a category of {family.title}: "
                               + ", ".join(keys))
        if key not in needed:
            raise ContentError(path, f"pays.{key}", pays[key], "no pay: this pay table has no "
                               + ("paying pair (min_pair = none)" if key == "pair"
                                  else "quads left unmatched by [quads]"))
    parsed = {key: parse_pay(value, path, f"pays.{key}") for key, value in pays.items()}
    for key in keys:
        if key in needed and key not in pays:
            raise ContentError(path, f"pays.{key}", None, "a pay for " + family.category(key).label)

    lines = []
    for category in family.categories:
        key, label = category.key, category.label
        if category.by_rank == "quads":
            # (listed as the glass lists them, by pay: a kicker rule paying less than a rank
            # rule, Double Double Bonus Plus's four 5-K with an ace, stands below it)
            lines += [PayLine("quads:" + r.key, r.label, r.pay)
                      for r in sorted(quad_rules, key=lambda rule: -rule.pay)]
        if key not in needed:
            continue
        if category.by_rank == "pair":
            label = pair_label(min_pair)
        lines.append(PayLine(key, label, parsed[key]))
    if coins != GLASS_COINS:  # (the glass's pays, per coin bet)
        per_bet = Fraction(GLASS_COINS, coins)
        lines = [replace(line, pay=line.pay * per_bet) for line in lines]
        quad_rules = tuple(replace(rule, pay=rule.pay * per_bet) for rule in quad_rules)
    _check_pay_range(lines, quad_rules, family.deck_size, path)
    published, source = _parse_published(data, path)
    return PayTable(slug, name.strip(), family, min_pair, tuple(lines), quad_rules, str(path),
                    _order_warning(lines, family, path, _parse_meant(data, lines, family, path)),
                    published, source, coins)


_PUBLISHED = re.compile(r"^\d{1,3}(\.\d{1,12})?%$|^\d(\.\d{1,14})?$", re.ASCII)
SOURCE_LIMIT = 300  # characters of `source`: a name and an address


def _parse_published(data: dict, path) -> tuple[str | None, str | None]:
    """`published_return` (a string, so that its digits stay as printed) and its `source`."""
    value, source = data.get("published_return"), data.get("source")
    if value is None:
        if source is not None:
            raise ContentError(path, "source", source, "a source only beside a published_return")
        return None, None
    if not isinstance(value, str) or not _PUBLISHED.match(value.strip()):
        raise ContentError(path, "published_return", value, "the return as published, in quotes "
                           "with its digits as printed: a percentage like \"99.5439%\" or a "
                           "fraction of the bet like \"0.995439\"")
    if not isinstance(source, str) or not source.strip() or len(source) > SOURCE_LIMIT \
            or not source.isprintable():
        raise ContentError(path, "source", source, "where the return was published, on one line "
                           f"of at most {SOURCE_LIMIT} characters (a name and an address)")
    return value.strip(), source.strip()


def check_published(table: "PayTable", exact: Fraction) -> None:
    """Refuse, in one line naming the file, a published return the exact one does not round to
    (within half a unit of its last printed digit)."""
    text = table.published_return
    if text is None:
        return
    percent = text.endswith("%")
    scale = 100 if percent else 1
    digits = len(text.rstrip("%").partition(".")[2])
    published = Fraction(text.rstrip("%"))
    if abs(exact * scale - published) * 10 ** digits * 2 <= 1:
        return
    shown = f"{float(exact * scale):.{digits}f}{'%' if percent else ''}"
    raise ContentError(table.source, "published_return", text, f"the exact return, {shown} to "
                       f"the {digits} places published; it differs from the figure of "
                       f"{table.published_source}: check the pays against that source")


def load_paytable(path: Path | str) -> PayTable:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except UnicodeDecodeError as exc:
        raise ContentError(path, "encoding", None, f"UTF-8 text (byte {exc.start}: {exc.reason})") from None
    except tomllib.TOMLDecodeError as exc:
        where = re.search(r"\(at (line \d+), column \d+\)|\(at (end of document)\)", str(exc))
        field = (where.group(1) or where.group(2)) if where else None
        raise ContentError(path, field, None, f"valid TOML ({exc})") from None
    except ValueError as exc:  # a TOML number past Python's limit of digits (sys.int_info)

        limit = sys.get_int_max_str_digits()
        long = re.search(r"\d{%d,}" % (limit + 1), text)
        line = f"line {text.count(chr(10), 0, long.start()) + 1}" if long else None
        raise ContentError(path, line, None, f"valid TOML with numbers of at most {limit:,} "
                           f"digits ({shorten(exc)})") from None
    except IsADirectoryError:
        raise ContentError(path, None, None, "a pay table file (.toml), not a folder") from None
    except OSError as exc:
        raise ContentError(path, None, None, f"a readable file ({exc.strerror})") from None
    return parse_paytable(data, path, path.stem)


def load_paytables(folder: Path | str) -> list[PayTable]:
    """Every `*.toml` in `folder`, sorted by file name; slugs must be unique."""
    folder = Path(folder)
    tables: list[PayTable] = []
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        table = load_paytable(path)
        if table.slug in seen:
            raise ContentError(path, "slug", table.slug,
                               f"a slug not already used by {seen[table.slug]}")
        seen[table.slug] = str(path)
        tables.append(table)
    if not tables:
        where = folder.resolve()
        state = "an empty folder" if folder.is_dir() else "no such folder"
        raise ContentError(where, None, None, f"at least one pay table (*.toml); found {state} "
                           "(run from the folder holding content/, or give --content DIR)")
    return tables


def find_paytable(spec: str, content: Path) -> PayTable:
    """A pay table from what a user typed: a path to a .toml file, or a slug from
    `content/paytables` (its file name, or failing that any file there declaring it)."""
    if not spec.strip() or "\x00" in spec:  # (a NUL: no file has one; Python's calls raise)
        raise ContentError(content / "paytables", "PAYTABLE", spec,
                           "a pay table slug or a path to a .toml file")
    path = Path(spec)
    try:
        is_file = path.suffix == ".toml" or path.exists()
    except OSError as exc:  # a name too long for the file system, say
        raise ContentError(content / "paytables", "PAYTABLE", spec,
                           f"a pay table slug or a path to a .toml file ({exc.strerror})") from None
    if is_file:
        return load_paytable(path)
    folder = content / "paytables"
    if (folder / f"{spec}.toml").is_file():  # the usual case: the slug is the file name
        table = load_paytable(folder / f"{spec}.toml")
        if table.slug == spec:
            return table
    tables = load_paytables(folder)
    for table in tables:
        if table.slug == spec:
            return table
    raise ContentError(folder.resolve(), "PAYTABLE", spec,
                       "a pay table slug (" + shorten(", ".join(t.slug for t in tables), 400)
                       + ") or a path to a .toml file")
