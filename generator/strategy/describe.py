"""Strategy lines in words: the text a player reads and the paper's compact notation.

In: a line's conditions (feature, operator, value), its rank sets, the family and the game's
lowest high rank. Out: the line's parts (`line_parts`: what it holds, the wild cards among them,
"the best", its qualifiers, each in words and notation; parts.py renders them), or the two
renderings, (text, notation), e.g. ("3 to a Royal Flush: no flush penalty", "3RF: no fp")
(`describe_line`). `table_parts` and `describe_lines` read a table top down (below the line
holding every high pair, a pair is a Low Pair).

A line is read in steps: `_read` (its pattern, the rank condition, a long rank list as a
phrase), the first of `_HEADS` that names its hold, then `_qualifiers` (every condition the
head does not say, with its role: which hold is meant, or a note on the discards, or deals).
"""

import functools
from dataclasses import dataclass
from itertools import combinations

from ..core.cards import RANKS
from ..solve.families import ALL_RANKS, FAMILIES
from . import features as P
from ..core import line_parts as parts, wild_words
from ..core.line_parts import DEALS, HOLD, NOTE, LineParts, Qualifier
from .rank_lists import by_rank, choices as rank_choices, listed as _listed, rank_text
from .rank_words import narrowed, on_ranks_alone, rank_phrase


_KIND_TEXT = {P.RF: "Royal Flush", P.SF: "Straight Flush", P.F: "Flush", P.S: "Straight"}


_KIND_ABBR = {P.RF: "RF", P.SF: "SF", P.F: "F", P.S: "S"}


# Cards of a kind, wild cards counted in: what a player calls them, and the paper's symbol
# after the cards held ("33K", "55K").
_OF_A_KIND = {3: ("Three of a Kind", "3K"), 4: ("Four of a Kind", "4K"), 5: ("Five of a Kind", "5K")}


_RANK_NAMES = {"T": "Tens", "J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces"}


def rank_plural(rank: str) -> str:
    """'Aces', 'Tens', '5s': a rank as "Pair of ..." and "Three ..." say it."""
    return _RANK_NAMES.get(rank, rank + "s")


def a_rank(rank: str) -> str:
    """'an A', 'an 8', 'a K': the article as the rank is said aloud."""
    return ("an " if rank in "A8" else "a ") + rank


def rank_span(low: int) -> str:
    """'J-A': ranks `low` to ace ('A' alone for ace)."""
    return RANKS[low] + ("-A" if low < 12 else "")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def wild_word(family: str, w: int) -> str:
    """The wild cards held, as a player names them: "2 deuces", "the joker", "both jokers",
    "3 wild cards" (deuces and the joker together): `core.wild_words`."""
    return wild_words.held(FAMILIES[family].wild_name, w)


def wild_mark(family: str, w: int) -> str:
    """The notation's mark of wild cards among those held: '1D'..'4D' deuces, 'Jkr' the joker,
    '2Jkr' both jokers, '1DJ'..'4DJ' wild cards of both kinds, deuces or the joker (never a
    card: suits are lower case, and 'Jk' is the joker card in a deal written out; never '2W',
    which heads "2 wild cards only"): `core.wild_words`."""
    return wild_words.mark(FAMILIES[family].wild_name, w)


def describe_lines(lines, rank_sets, family: str, high: int = 13,
                   deal_text=str) -> list[tuple[str, str]]:
    """(text, notation) of each line of a table, read top down (`table_parts`)."""
    return [(parts.text(p), parts.notation(p))
            for p in table_parts(lines, rank_sets, family, high, deal_text)]


def table_parts(lines, rank_sets, family: str, high: int = 13,
                deal_text=str) -> list[LineParts]:
    """The parts of each line of a table, read top down: below a line that holds every high
    pair, a pair is a Low Pair. A long list of rank sets is said by what they share where that
    is shorter (`rank_words`)."""
    out, pairs_high = [], False
    for conditions in lines:
        out.append(line_parts(conditions, rank_sets, family, deal_text, high,
                              low_pairs=pairs_high, phrases=True))
        base = {c[0]: c[2] for c in conditions[:3]}
        extra = [c for c in conditions[3:]]
        if (base[P.F_N], base[P.F_W], base[P.F_KIND]) == (2, 0, P.PAIR) and high < 13 and (
                not extra or extra in ([(P.F_H, P.OP_GE, 2)], [(P.F_H, P.OP_EQ, 2)])):
            pairs_high = True
    return out


def _pair_name(high: int, is_high: bool | None, ranks: int | None = None) -> tuple[str, str]:
    """(text, symbol) of a natural pair: high (J-A), low, or either ('Pair' when no pair
    pays, or the ranks mix high and low)."""
    if ranks is not None and bin(ranks).count("1") == 1:
        rank = RANKS[ranks.bit_length() - 1]
        text = "Pair of " + rank_plural(rank)
        return text, ("HP" if ranks.bit_length() - 1 >= high else "LP") if high < 13 else "PR"
    if high >= 13 or is_high is None:
        return "Pair", "PR"
    if is_high:
        return ("Pair of Aces" if high == 12 else f"High Pair ({rank_span(high)})"), "HP"
    return "Low Pair", "LP"


def _pairs_of(masks) -> str | None:
    """'Pair of Aces or Kings', 'Pair of Tens, 9s or 4s': a pair of two or three ranks that
    run on for no span ('Low Pair: 2-9' says a span better); else None."""
    ordered = by_rank(masks)
    if not 2 <= len(ordered) <= 3 or any(bin(m).count("1") != 1 for m in ordered) or \
            "-" in _listed(ordered, spans=True):
        return None
    names = [rank_plural(r) for r in (RANKS[m.bit_length() - 1] for m in ordered)]
    return "Pair of " + (", ".join(names[:-1]) + " or " + names[-1])


def describe_line(conditions, rank_sets, family: str, deal_text=str, high: int = 13,
                  low_pairs: bool = False, phrases: bool = False) -> tuple[str, str]:
    """(chart text as players write it, the paper's notation) of one line: `line_parts`
    rendered both ways."""
    found = line_parts(conditions, rank_sets, family, deal_text, high, low_pairs, phrases)
    return parts.text(found), parts.notation(found)


@dataclass(frozen=True)
class _Line:
    """One line as the steps read it: its pattern, its conditions left to say and what the
    first step found in them."""
    n: int  # cards held
    w: int  # wild cards among them
    kind: int
    family: str
    high: int  # the lowest high rank (13: none)
    low_pairs: bool  # every high pair was held by a line above
    extra: tuple  # the conditions after the pattern, "the best" left out
    rank_sets: tuple
    universe: frozenset | None  # as `rank_universe`
    ranks: tuple | None  # the condition on the ranks held (== or in), if any
    phrase: object  # the rank list said by what its sets share (rank_words.RankPhrase), or None
    best: tuple | None  # the "best" condition, if any

    @property
    def naturals(self) -> int:
        return self.n - self.w

    def listed(self) -> str:
        """The rank condition's sets, as `condition_text` writes them."""
        return " or ".join(self.items())

    def items(self) -> list[str]:
        return ranks_listed(*self.ranks[1:], self.rank_sets, self.universe)

    def count_of(self, feature: int, value: int, ops) -> tuple | None:
        return next((c for c in self.extra if c[0] == feature and c[2] == value and c[1] in ops),
                    None)


@dataclass(frozen=True)
class _Head:
    """What a line holds, in words and in notation, and the conditions that says."""
    hold: str
    head: str  # "4RF"
    kind: str  # "RF"
    head_ranks: tuple[str, ...] = ()  # a list of ranks: "K or Q"
    head_keys: tuple[str, ...] = ()  # the key's symbols they use
    hold_ranks: str = ""
    said: tuple = ()  # conditions the head says in both renderings: not said again
    named: tuple = ()  # conditions the hold's name says in words: the notation keeps them
    jackpot: bool = False  # the name is a paying hand's, wild cards included: none said after


def line_parts(conditions, rank_sets, family: str, deal_text=str, high: int = 13,
               low_pairs: bool = False, phrases: bool = False) -> LineParts:
    """The parts of one line; `deal_text` names a suit class, `high` is the lowest high rank
    (13: none), `low_pairs` says every high pair was held by a line above, `phrases`: a long
    list of rank sets is said by what they share where that is shorter (a table's final words;
    the derivation's lengths are the lists')."""
    line = _read(conditions, rank_sets, family, high, low_pairs, phrases)
    head = next(found for step in _HEADS if (found := step(line)) is not None)
    w = line.w if line.w and line.kind not in (P.WILD, P.NONE) else 0
    return LineParts(
        hold=head.hold, hold_ranks=head.hold_ranks, head=head.head, held=line.n, kind=head.kind,
        head_ranks=head.head_ranks, head_keys=head.head_keys, wild=w,
        wild_words=wild_word(family, w) if w and not head.jackpot else "",
        wild_mark=wild_mark(family, w) if w else "",
        best=line.best is not None,
        qualifiers=_qualifiers(line, head, deal_text))


def _read(conditions, rank_sets, family, high, low_pairs, phrases) -> _Line:
    """The line's pattern and conditions; with `phrases`, counts said as the rank sets they
    leave (`_counts_as_sets`) and a long rank list as a phrase (`rank_words`)."""
    base = {c[0]: c[2] for c in conditions[:3]}
    n, w, kind = base[P.F_N], base[P.F_W], base[P.F_KIND]
    extra = list(conditions[3:])
    universe = rank_universe(kind, n - w, family)
    ranks = next((c for c in extra if c[0] == P.F_RANKS and c[1] in (P.OP_EQ, P.OP_IN)), None)
    if phrases and ranks is None:
        rank_sets, extra, ranks = _counts_as_sets(kind, n, w, extra, rank_sets, universe, high)
    phrase = None
    if phrases and ranks is not None and ranks[1] == P.OP_IN and universe is not None \
            and n - w >= 2:
        phrase = rank_phrase(rank_sets[ranks[2]], narrowed(universe, extra, high), kind,
                             n - w, w, high, condition_text(*ranks, rank_sets, universe)[0])
    # "the best" of the draws like it in the deal: said before the hold, as a player says it.
    best = next((c for c in extra if c[0] == P.F_BEST), None)
    return _Line(n, w, kind, family, high, low_pairs, tuple(c for c in extra if c != best),
                 tuple(rank_sets), universe, ranks, phrase, best)


# ---- the hold: the first of these steps that names it ---------------------------------------

def _nothing(line: _Line) -> _Head | None:
    if line.kind == P.NONE:
        return _Head("Discard everything", "none", "")


def _jackpot(line: _Line) -> _Head | None:
    """Five cards that are a family's wild-card hand, named as the glass names it: "Four
    Deuces with an Ace" (four deuces and an ace kept), "Four Deuces with the Joker" (every wild
    card of the deck). Where wild cards of two kinds are counted together, a hand of some of
    them is not named (four wild cards may be four deuces or three and the joker)."""
    if line.n != 5 or not line.w or (line.kind != P.WILD and line.kind not in _KIND_ABBR):
        return None
    game = FAMILIES[line.family]
    if len(game.wild) > 1 and line.w < game.wild_count:
        return None
    held = None
    if line.ranks is not None:
        masks = ({line.ranks[2]} if line.ranks[1] == P.OP_EQ else line.rank_sets[line.ranks[2]])
        held = {r for mask in masks for r in range(13) if mask >> r & 1}
    for category in game.categories:
        wild = category.wild_held
        if category.hand != "wild_cards" or wild != line.w:
            continue
        kicked = category.kicker != ALL_RANKS
        if kicked and not (held and held <= category.kicker):
            continue
        if line.kind == P.WILD:
            return _Head(category.label, f"{line.w}W", "W", jackpot=True)
        return _Head(category.label, f"5{_KIND_ABBR[line.kind]}", _KIND_ABBR[line.kind],
                     named=(line.ranks,) if kicked else (), jackpot=True)
    return None


def _wild_only(line: _Line) -> _Head | None:
    if line.kind == P.WILD:
        return _Head(f"{wild_word(line.family, line.w).capitalize()} only", f"{line.w}W", "W")


def _suitless_card(line: _Line) -> _Head | None:
    """One natural card outside the four suits, by its face: "A★ only" (Five Aces' fifth ace,
    of the star suit, which makes no flush). Any card of a suit held alone is RF or SF, so a
    single card of kind S is only ever such a card."""
    if line.kind == P.S and line.n == 1 and not line.w:
        game = FAMILIES[line.family]
        names = [RANKS[rank] + "★" for card, (rank, suit) in enumerate(game.faces)
                 if suit > 3 and not game.is_wild(card)]
        return _Head(f"{' or '.join(names)} only", "1S", "S")


def _unsuited_ranks(line: _Line) -> _Head | None:
    """"KQJ unsuited": the ranks say it all."""
    if line.kind == P.S and line.n < 5 and not line.w and line.ranks is not None and \
            line.phrase is None and (listed := line.listed())[:3] != "any":
        return _Head(f"{listed} unsuited", f"{line.n}S", "S", head_ranks=tuple(line.items()),
                     said=(line.ranks,))


def _one_high_card(line: _Line) -> _Head | None:
    """One card of T-A that is a high card: a high card."""
    if line.kind == P.RF and line.n == 1 and not line.w and line.high < 13 and (
            single := line.count_of(P.F_H, 1, (P.OP_EQ, P.OP_GE))):
        return _Head(f"1 high card ({rank_span(max(line.high, 8))})", "1RF", "RF",
                     head_ranks=("h=1",), head_keys=("h",), said=(single,))


def _one_card_of_ranks(line: _Line) -> _Head | None:
    """One card: "K only", "A, Q or J only" (the universe written out, never "any but")."""
    if line.kind in (P.RF, P.SF) and line.n == 1 and not line.w and line.ranks is not None:
        feature, op, value = line.ranks
        names = [rank_text(m) for m in by_rank({value} if op == P.OP_EQ else
                                               set(line.rank_sets[value]))]
        listed = (", ".join(names[:-1]) + " or " if len(names) > 1 else "") + names[-1]
        head = dict(head=f"1{_KIND_ABBR[line.kind]}", kind=_KIND_ABBR[line.kind],
                    head_ranks=tuple(names), said=(line.ranks,))
        if line.best:
            return _Head("Single card", hold_ranks=listed, **head)
        return _Head(f"{listed} only", **head)


def _one_card(line: _Line) -> _Head | None:
    """One card of the royal ranks, or of the others: "single card (T-A)"."""
    if line.kind in (P.RF, P.SF) and line.n == 1 and not line.w:
        low = FAMILIES[line.family].natural_ranks[0]  # (wild deuces, sevens are never natural)
        span = "T-A" if line.kind == P.RF else f"{RANKS[low]}-9"
        return _Head(f"Single card ({span})", f"1{_KIND_ABBR[line.kind]}", _KIND_ABBR[line.kind])


def _straight_by_ends(line: _Line) -> _Head | None:
    """Players tell a four-card straight draw by its ends: open at both (s = 2) or not."""
    if line.kind == P.S and line.n == 4 and not line.w and (way := _straight_way(line.extra)):
        return _Head(f"4 to an {way[0]} Straight", "4S", "S", named=(way[1],))


def _suited_ranks(line: _Line) -> _Head | None:
    """"Suited QJ", as players write it; the notation keeps the paper's "2RF: QJ"."""
    if line.kind == P.RF and line.n == 2 and not line.w and line.ranks is not None and \
            line.phrase is None and line.listed()[:3] != "any":
        return _Head(f"Suited {line.listed()}", "2RF", "RF", named=(line.ranks,))


def _two_high_cards(line: _Line) -> _Head | None:
    """Two high cards (any two of them fit a straight), of one suit or of two."""
    if line.kind in (P.S, P.RF) and line.n == 2 and not line.w and line.high < 13 and (
            two := line.count_of(P.F_H, 2, (P.OP_EQ, P.OP_GE))):
        suited = line.kind == P.RF
        return _Head(f"2 {'suited' if suited else 'unsuited'} high cards",
                     f"2{_KIND_ABBR[line.kind]}", _KIND_ABBR[line.kind], named=(two,))


def _draw(line: _Line) -> _Head | None:
    """"4 to a Flush", "Wild Royal Flush", "Natural Royal Flush", "Straight"."""
    if line.kind in _KIND_TEXT:
        name = _KIND_TEXT[line.kind]
        if line.n == 5:
            hold = ("Wild " if line.w and line.kind == P.RF else "Natural " if line.kind == P.RF
                    and FAMILIES[line.family].wild_count else "") + name
        else:
            hold = f"{line.n} to a{'n' if name[0] in 'AEIOU' else ''} {name}"
        return _Head(hold, f"{line.n}{_KIND_ABBR[line.kind]}", _KIND_ABBR[line.kind])


def _unrelated(line: _Line) -> _Head | None:
    if line.kind == P.X:
        return _Head(_plural(line.naturals, "unrelated card"), f"{line.n}X", "X")


def _natural_pair(line: _Line) -> _Head | None:
    """A pair with no wild card: high, low or of named ranks ("Pair of Aces or Kings")."""
    if line.kind != P.PAIR or line.w:
        return None
    said, is_high, head_ranks = [], None, ()
    h = next((c for c in line.extra if c[0] == P.F_H and c[1] in (P.OP_GE, P.OP_EQ)
              and c[2] == 2 and line.n <= 3), None)
    low = line.count_of(P.F_H, 0, (P.OP_EQ, P.OP_LE))
    if h or low:
        said.append(h or low)
        is_high = bool(h)
    elif line.low_pairs:
        is_high = False
    mask, ranks = None, line.ranks
    if ranks is not None and ranks[1] == P.OP_EQ:
        mask = ranks[2]
        said.append(ranks)
    elif ranks is not None and line.high < 13:
        masks = line.rank_sets[ranks[2]]
        if all(m.bit_length() - 1 >= line.high for m in masks):
            is_high = True
        elif all(m.bit_length() - 1 < line.high for m in masks):
            is_high = False
    hold, kind = _pair_name(line.high, is_high, mask)
    if mask is not None:
        head_ranks = (rank_text(mask),)
    elif ranks is not None and (pairs_of := _pairs_of(line.rank_sets[ranks[2]])):
        # "Pair of Aces or Kings", as "Pair of Aces": not "High Pair (J-A): A or K".
        said.append(ranks)
        hold = pairs_of
        head_ranks = tuple(rank_choices(line.rank_sets[ranks[2]], spans=True))
    return _made(line, hold, kind, 2, head_ranks, tuple(said))


def _made_hand(line: _Line) -> _Head:
    """The hand the held cards make, wild cards counted in ("Five of a Kind, with 2 deuces" for
    three natural sevens and two deuces)."""
    if line.kind == P.TWO_PAIR:
        return _made(line, *(("Full House", "FH") if line.w else ("Two Pair", "2P")), 4)
    if line.kind == P.FULL_HOUSE:
        return _made(line, "Full House", "FH", 5)
    group = {P.PAIR: 2, P.TRIPS: 3, P.QUADS: 4, P.FIVE: 5}[line.kind]
    hold, kind = _OF_A_KIND[group + line.w]
    ranks = line.ranks
    if group + line.w == 3 and ranks is not None and ranks[1] == P.OP_EQ and \
            line.naturals == group:
        rank = RANKS[ranks[2].bit_length() - 1]
        return _made(line, "Three " + rank_plural(rank), kind, group, (rank,),
                     (ranks,))
    if line.kind == P.FIVE and len(fives := _five_ranks(line.family)) == 1:
        return _made(line, "Five " + _RANK_NAMES[RANKS[fives[0]]], kind, group)
    return _made(line, hold, kind, group)


def _five_ranks(family: str) -> list[int]:
    """The ranks a deck holds five natural cards of (Five Aces: the ace)."""
    game = FAMILIES[family]
    ranks = [rank for card, (rank, _) in enumerate(game.faces) if not game.is_wild(card)]
    return [rank for rank in set(ranks) if ranks.count(rank) >= 5]


def _made(line: _Line, hold: str, kind: str, group: int, head_ranks: tuple = (),
          said: tuple = ()) -> _Head:
    kickers = line.naturals - group
    return _Head(hold + (" + " + _plural(kickers, "kicker") if kickers else ""),
                 f"{line.n}{kind}", kind, head_ranks=head_ranks, said=said)


_HEADS = (_nothing, _jackpot, _wild_only, _suitless_card, _unsuited_ranks, _one_high_card,
          _one_card_of_ranks, _one_card, _straight_by_ends, _suited_ranks, _two_high_cards, _draw, _unrelated, _natural_pair,
          _made_hand)


# ---- the qualifiers --------------------------------------------------------------------------

def _qualifiers(line: _Line, head: _Head, deal_text) -> tuple[Qualifier, ...]:
    """The conditions the head does not say, in the line's order, each in words and notation:
    ranks discarded and ranks held in one phrase each ("with a J and a Q discarded", "no 3 or 6
    discarded", "holding an A and a K", "no J or Q held")."""
    extra = [c for c in line.extra if c not in head.said]
    out, said = [], set()
    for feature, op, value in extra:
        if feature in (P.F_DISC, P.F_RANKS) and op in (P.OP_BIT, P.OP_NOBIT):
            short = condition_text(feature, op, value, line.rank_sets)[1]
            words = "" if (feature, op) in said else _ranks_phrase(extra, feature, op)
            key = "X discarded" if feature == P.F_DISC else "X held"
            out.append(Qualifier(
                HOLD if feature == P.F_RANKS else NOTE, words, short, short,
                keys=(key,), text_keys=(key,) if words and (
                    feature == P.F_DISC or op == P.OP_NOBIT) else ()))  # (not "holding an A")
            said.add((feature, op))
            continue
        words, short, compact = _condition_words(line, feature, op, value, deal_text)
        if (feature, op, value) in head.named:
            words = ""
        keys, text_keys = _keys(line, feature, op, value)
        out.append(Qualifier(
            _ROLES.get(feature, NOTE), words, short, compact,
            tuple(deal_text(c) for c in sorted(line.rank_sets[value]))
            if feature == P.F_DEAL else (), keys, text_keys if words else (),
            _marks(line, feature, op, value, short)))
    return tuple(out)


def _keys(line: _Line, feature, op, value) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The symbols of the notation's key that a condition's notation uses, and those its words
    use ("s+h ≥ 3" uses s+h in both; "no flush penalty" none, "no fp" fp)."""
    if feature == P.F_DEAL:
        return ("exception",), ("exception",)
    if feature == P.F_RANKS:
        if line.phrase is not None and (feature, op, value) == line.ranks:
            used = [_ATOM_KEYS.get(atom.spec[:2]) or _ATOM_KEYS.get(atom.spec[0], ((), ()))
                    for atom in line.phrase.atoms]
            return (tuple(k for keys, _ in used for k in keys),
                    tuple(k for (_, keys), atom in zip(used, line.phrase.atoms) for k in keys
                          if atom.spec[0] not in ("s", "s+h") or atom.text[0] == "s"))
        listed = condition_text(feature, op, value, line.rank_sets, line.universe)[1]
        return (("any but",),) * 2 if listed.startswith("any but") else ((), ())
    if feature in (P.F_S, P.F_SH):
        symbol = "s" if feature == P.F_S else "s+h"
        return (symbol,), (symbol,)
    if feature in P.SCORES:
        symbol = score_symbol(feature, line.high < 13)
        return (symbol,), (symbol,)
    if feature == P.F_H:
        return ("h",), ()
    if feature == P.F_DS:
        return ("ds",), ()
    if feature == P.F_HP:
        return ("hp",), ()
    if feature == P.F_WS:
        return ("ws",), ()
    if feature in (P.F_KC, P.F_KCD):
        return (P.FEATURES[feature],), ()
    if feature in _PENALTIES:
        return (_PENALTIES[feature][1],), ()
    return (), ()


def _marks(line: _Line, feature, op, value, short: str) -> tuple[tuple[int, int, str], ...]:
    """Where a condition's notation writes a symbol of the key: (start, end, symbol)."""
    if feature in (P.F_S, P.F_SH, P.F_H, P.F_DS) or feature in P.SCORES:
        # (the symbol first: "s+h≥3", "ds≤1", "s+h−fp≥2")
        symbol = {P.F_S: "s", P.F_SH: "s+h", P.F_H: "h", P.F_DS: "ds"}.get(feature) or \
            score_symbol(feature, line.high < 13)
        return ((0, len(symbol), symbol),)
    if feature == P.F_HP or feature in _PENALTIES:
        # "fp", "no fp", "fp≥2"
        symbol = "hp" if feature == P.F_HP else _PENALTIES[feature][1]
        start = len("no ") if short.startswith("no ") else 0
        return ((start, start + len(symbol), symbol),)
    if line.phrase is not None and feature == P.F_RANKS and (feature, op, value) == line.ranks:
        out, at = [], len(_listed(line.phrase.also) + " or ") if line.phrase.also else 0
        for atom in line.phrase.atoms:
            if atom.spec[0] in ("s", "h", "s+h"):  # ("s=1", "h≥1", "s+h≥3"; "inside" is s=1)
                out.append((at, at + len(atom.spec[0]), atom.spec[0]))
            at += len(atom.notation) + len(f" {line.phrase.joined} ")
        return tuple(out)
    return ()


# The key's symbols a rank phrase's atom uses: (in its notation, in its words); a count is said
# as a symbol in both ("s+h ≥ 3"), but for "inside" and "outside" (s) and the high cards (h),
# which are words.
_ATOM_KEYS = {"s": (("s",), ("s",)), "s+h": (("s+h",), ("s+h",)), "h": (("h",), ()),
              "ace-low": (("ace-low",), ("ace-low",)), "rank": (("X held",), ()),
              ("ranks", "lacks"): (("without XYZ",), ("without XYZ",))}


# Which hold is meant (the hold column); the other conditions test the discards, but for the
# deals an exception line names.
_ROLES = {P.F_RANKS: HOLD, P.F_S: HOLD, P.F_SH: HOLD, P.F_H: HOLD, P.F_SHF: HOLD, P.F_SHP: HOLD,
          P.F_DEAL: DEALS}


def _ranks_phrase(extra, feature, op) -> str:
    ranks = [RANKS[v] for f, o, v in extra if (f, o) == (feature, op)]
    done = "discarded" if feature == P.F_DISC else "held"
    if op == P.OP_NOBIT:
        return "no " + " or ".join(ranks) + " " + done
    if feature == P.F_DISC:
        return "with " + " and ".join(a_rank(r) for r in ranks) + " discarded"
    return "holding " + " and ".join(a_rank(r) for r in ranks)


def _condition_words(line: _Line, feature, op, value, deal_text) -> tuple[str, str, str]:
    """(text, notation, compact notation) of one condition of the line."""
    if feature == P.F_WS:
        words = suit_words(line.family, bool(value))
        return f"in {words}", "ws" if value else "no ws", "ws" if value else "no ws"
    if feature in (P.F_KC, P.F_KCD):
        words, short = kicker_words(line.family, feature == P.F_KCD, value)
        return words, short, short
    if feature == P.F_DEAL:
        deals = [deal_text(c) for c in sorted(line.rank_sets[value])]
        short = "exception: " + ", ".join(deals)
        return ("only in " + ("the deal " if len(deals) == 1 else "the deals ") + " or ".join(
            deals) + " (or the same with suits exchanged)", short, short)
    if line.phrase is not None and (feature, op, value) == line.ranks:
        return line.phrase.text, line.phrase.notation, _compact_phrase(line.phrase)
    if (feature, op, value) == line.ranks and line.kind in (P.TRIPS, P.QUADS, P.FIVE) and not line.w and (
            every := _every_card(line.rank_sets[value] if op == P.OP_IN else {value})):
        return every, condition_text(feature, op, value, line.rank_sets)[1], " ".join(
            ranks_listed(op, value, line.rank_sets))
    spans = line.kind in (P.PAIR, P.TRIPS, P.QUADS, P.FIVE)
    words, short = condition_text(feature, op, value, line.rank_sets, line.universe, spans,
                                  line.high < 13)
    if feature == P.F_RANKS and op in (P.OP_EQ, P.OP_IN):
        return words, short, " ".join(ranks_listed(op, value, line.rank_sets, line.universe,
                                                   spans))
    return words, short, short


def _compact_phrase(phrase) -> str:
    """A rank phrase's notation with the sets it writes out listed with spaces: "AKQJ or s=1"
    keeps its "or" (between a set and a count), "but not JT7 J97" does not."""
    atoms = f" {phrase.joined} ".join(atom.notation for atom in phrase.atoms)
    return (" ".join(rank_choices(phrase.also)) + " or " if phrase.also else "") + atoms + (
        " but not " + " ".join(rank_choices(phrase.but_not)) if phrase.but_not else "")


# A line whose counts (s, s+h, with h) and ranks held leave at most this many rank sets says the
# sets: "KQ or KJ or QJ unsuited", not "2 unsuited high cards: s ≥ 2", which a player works out.
# High cards alone are counted at a glance: "3 to a Straight: 3 high cards" stays.
AS_SETS = 4


def _counts_as_sets(kind, n, w, extra, rank_sets, universe, high):
    """(rank_sets, extra, ranks): the line's conditions on the held ranks alone (s, h, s+h, a
    rank held or not; not high cards alone) replaced by the list of the sets they leave, where
    those are at most AS_SETS, or where a count leaves the sets a rank held or not names (the
    list is then said so: "2 to a Royal Flush: no A" for s ≥ 2); else as they were. The sets
    are the pattern's sets meeting the conditions, so the line plays every deal as before. Not
    where the head names the count (an outside or inside straight)."""
    own = on_ranks_alone(extra)
    if all(c[0] == P.F_H for c in own) or universe is None or n - w < 2 or (
            kind == P.S and n == 4 and not w):
        return rank_sets, extra, None
    sets = narrowed(universe, own, high)
    counted = any(c[0] in (P.F_S, P.F_SH) for c in own)  # (not a rank held alone: said so)
    if not 0 < len(sets) <= AS_SETS and not (
            counted and _said_by_ranks_held(sets, universe, kind, n, w, high)):
        return rank_sets, extra, None
    ranks = (P.F_RANKS, P.OP_IN, len(rank_sets))  # (first: the sets say what is held)
    rest = [c for c in extra if c not in own]
    return list(rank_sets) + [frozenset(sets)], [ranks] + rest, ranks


def _said_by_ranks_held(sets, universe, kind, n, w, high) -> bool:
    """Whether the sets are exactly those a rank held or not names ("no A", "with a K", "without
    QJT"): a player sees that at once, where "2 to a Royal Flush: s ≥ 2" is worked out."""
    if not sets or sets == universe:
        return False
    phrase = rank_phrase(sets, universe, kind, n - w, w, high, _listed(sets))
    return phrase is not None and not phrase.also and not phrase.but_not and all(
        atom.spec[0] in ("rank", "ranks") for atom in phrase.atoms)


def _every_card(masks) -> str | None:
    """'every card A or 2-4' for three or four of a kind and a kicker whose two ranks may be
    any two of a few ("A4 or A3 or A2 or 43 or 42 or 32": both ranks of A, 2, 3, 4, so every
    card held is one of them, as Double Double Bonus players say it); else None."""
    ranks = 0
    for mask in masks:
        ranks |= mask
    singles = [1 << r for r in range(13) if ranks >> r & 1]
    pairs = {a | b for a, b in combinations(singles, 2)}
    if len(singles) < 3 or set(masks) != pairs:
        return None
    return "every card " + _listed(singles, spans=True)


def _straight_way(conditions) -> tuple[str, tuple] | None:
    """("Outside", the condition) for a four-card straight draw with s >= 2 (open at both ends),
    ("Inside", ...) for s = 1 (a gap, or A-high or A-low), else None."""
    for c in conditions:
        if c[0] == P.F_S and (c[1], c[2]) in ((P.OP_GE, 2), (P.OP_EQ, 2)):
            return "Outside", c
        if c[0] == P.F_S and (c[1], c[2]) in ((P.OP_EQ, 1), (P.OP_LE, 1)):
            return "Inside", c
    return None


def kicker_words(family: str, discarded: bool, count: int) -> tuple[str, str]:
    """(words, notation) of how many kicker cards of named suits a hold keeps or discards
    (`kc`, `kcd`): "with a black jack", "kc"; "no black jack discarded", "no kcd"."""
    name, symbol = FAMILIES[family].kicker_name, "kcd" if discarded else "kc"
    said = {0: f"no {name}", 1: f"a {name}", 2: f"both {name}s"}.get(count, f"{count} {name}s")
    words = f"{said} discarded" if discarded else (said if count == 0 else f"with {said}")
    return words, {0: f"no {symbol}", 1: symbol}.get(count, f"{count}{symbol}")


def suit_words(family: str, wild: bool) -> str:
    """The suits a wild card is of, or the others, by name: "hearts or spades" (One Eyed
    Jacks, whose jacks of those suits are wild), "clubs or diamonds"."""
    own = FAMILIES[family].wild_suits
    suits = own if wild else frozenset(range(4)) - own
    names = [_SUIT_NAMES[suit] for suit in sorted(suits)]
    return " or ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " or " + names[-1]


_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


@functools.cache
def rank_universe(kind, naturals, family) -> frozenset | None:
    """Every set of held natural ranks a hold of this kind can have (deuces are wild in Deuces
    Wild), or None where a rank set is not read against its complement. Kept per arguments
    (a few dozen): describing and re-describing a table asks for it thousands of times."""
    if kind not in (P.RF, P.SF, P.S, P.F, P.X) or naturals < 1:
        return None
    out = set()
    for combo in combinations(FAMILIES[family].natural_ranks, naturals):
        mask = sum(1 << r for r in combo)
        fits = any(mask & ~window == 0 for window in P.WINDOWS)
        royal = mask & ~P.ROYAL_MASK == 0
        if {P.RF: fits and royal, P.SF: fits and not royal, P.S: fits}.get(kind, not fits):
            out.add(mask)
    return frozenset(out)


# Penalties among the discards: (what one card of it is called, its symbol).
_PENALTIES = {P.F_FP: ("flush penalty", "fp"), P.F_SP: ("straight penalty", "sp"),
              P.F_RP: ("royal penalty", "rp"), P.F_SFP: ("straight flush penalty", "sfp"),
              P.F_BP: ("broken pair", "bp")}


def _count_words(op, value: int, noun: str, plural: str) -> str:
    """'no high card', 'at most 2 high cards', '1 high card', 'at least 2 high cards'."""
    if value == 0 and op in (P.OP_EQ, P.OP_LE):
        return f"no {noun}"
    word = noun if value == 1 else plural
    return {P.OP_EQ: f"{value} {word}", P.OP_GE: f"at least {value} {word}",
            P.OP_LE: f"at most {value} {word}"}[op]


def score_symbol(feature: int, high_cards: bool = True) -> str:
    """'s+h−fp', 's+h−fp−sp': a score as the paper would write it ('s−fp' where no card is a
    high card, as in Deuces Wild, and h is always 0)."""
    base = "s+h" if high_cards else "s"
    return base + {P.F_SHF: "−fp", P.F_SHP: "−fp−sp"}[feature]


def ranks_listed(op, value, rank_sets, universe=None, spans: bool = False) -> list[str]:
    """The items of a rank condition's list ("KQJ", "KQT"; "any but 432", "543"), as
    `condition_text` joins them with "or" and the compact notation with spaces."""
    masks = {value} if op == P.OP_EQ else set(rank_sets[value])
    if universe is not None and masks <= universe and 2 * len(universe - masks) <= len(masks):
        # "any but 432 or 543" is shorter than the twenty sets it stands for, and exact:
        # the universe is every set of ranks this kind of hold can have.
        items = rank_choices(universe - masks)
        return ["any but " + items[0]] + items[1:]
    return rank_choices(masks, spans)


def condition_text(feature, op, value, rank_sets, universe=None,
                   spans: bool = False, high_cards: bool = True) -> tuple[str, str]:
    """(text, notation) of one condition; `universe` as `rank_universe`; `spans`: rank lists
    are of one rank each (a pair's), written with spans ("2-9"); `high_cards`: the game has
    high cards (a score is written without h where it has none)."""
    name = P.FEATURES[feature]
    if feature in P.COUNTS and op == P.OP_LE and value == 0:
        op = P.OP_EQ  # "h=0", not "h≤0": a count is never below 0
    sign = {P.OP_EQ: "=", P.OP_GE: "≥", P.OP_LE: "≤"}.get(op)
    if feature == P.F_RANKS and op in (P.OP_BIT, P.OP_NOBIT):
        rank = RANKS[value]
        if op == P.OP_BIT:
            return f"holding {a_rank(rank)}", f"{rank} held"
        return f"no {rank} held", f"no {rank} held"
    if feature == P.F_RANKS:
        listed = " or ".join(ranks_listed(op, value, rank_sets, universe, spans))
        return listed, listed
    if feature in (P.F_S, P.F_SH) or feature in P.SCORES:
        label = {P.F_S: "s", P.F_SH: "s+h"}.get(feature) or score_symbol(feature, high_cards)
        number = f"−{-value}" if value < 0 else str(value)  # (a score may fall below 0)
        return f"{label} {sign} {number}", f"{label}{sign}{number}"
    if feature == P.F_H:
        return _count_words(op, value, "high card", "high cards"), f"h{sign}{value}"
    if feature == P.F_DISC:
        rank = RANKS[value]
        if op == P.OP_BIT:
            return f"with {a_rank(rank)} discarded", f"{rank} discarded"
        return f"no {rank} discarded", f"no {rank} discarded"
    if feature == P.F_DS:
        # ds: the most discarded naturals that share one suit.
        if op == P.OP_LE:
            text = ("no card discarded" if value == 0 else "no two discards of one suit"
                    if value == 1 else f"at most {_plural(value, 'discard')} of one suit")
        elif op == P.OP_GE:
            text = ("a card discarded" if value == 1
                    else f"at least {value} discards of one suit")
        else:
            text = f"{_plural(value, 'discard')} of one suit, no more of any"
        return text, f"ds{sign}{value}"
    if feature == P.F_BEST:
        # (only "== 1" is ever a condition: the derivation offers no "not the best")
        return "the best one", "best"
    if feature == P.F_HP:
        words = _count_words(op, value, "high card", "high cards") + " discarded"
        if op == P.OP_GE and value == 1:
            return "with a high card discarded", "hp"
        return words, "no hp" if value == 0 and op in (P.OP_EQ, P.OP_LE) else f"hp{sign}{value}"
    if feature in _PENALTIES:
        long, abbr = _PENALTIES[feature]
        if value == 0 and op in (P.OP_EQ, P.OP_LE):
            return f"no {long}", f"no {abbr}"
        if op == P.OP_GE and value == 1:
            return f"with {'an' if long[0] in 'aeiou' else 'a'} {long}", abbr
        return _count_words(op, value, f"{long} card", f"{long} cards"), f"{abbr}{sign}{value}"
    return f"{name} {sign} {value}", f"{name}{sign}{value}"
