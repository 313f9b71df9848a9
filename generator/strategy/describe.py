"""Strategy lines in words: the text a player reads and the paper's compact notation.

In: a line's conditions (feature, operator, value), its rank sets, the family and the game's
lowest high rank. Out: (text, notation), e.g. ("3 to a Royal Flush, no flush penalty",
"3RF: no fp"); `describe_lines` reads a table top down (below the line holding every high
pair, a pair is a Low Pair).
"""

import functools
from itertools import combinations

from ..cards import RANKS
from . import features as P
from .rank_lists import by_rank, listed as _listed, rank_text


_KIND_TEXT = {P.RF: "Royal Flush", P.SF: "Straight Flush", P.F: "Flush", P.S: "Straight"}


_KIND_ABBR = {P.RF: "RF", P.SF: "SF", P.F: "F", P.S: "S"}


# Cards of a kind, wild cards counted in: what a player calls them, and the paper's symbol
# after the cards held ("33K", "55K").
_OF_A_KIND = {3: ("Three of a Kind", "3K"), 4: ("Four of a Kind", "4K"), 5: ("Five of a Kind", "5K")}


_RANK_NAMES = {"T": "Tens", "J": "Jacks", "Q": "Queens", "K": "Kings", "A": "Aces"}


def a_rank(rank: str) -> str:
    """'an A', 'an 8', 'a K': the article as the rank is said aloud."""
    return ("an " if rank in "A8" else "a ") + rank


def rank_span(low: int) -> str:
    """'J-A': ranks `low` to ace ('A' alone for ace)."""
    return RANKS[low] + ("-A" if low < 12 else "")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def wild_word(family: str, w: int) -> str:
    if family == "joker":
        return "the joker"
    return _plural(w, "deuce")


def wild_mark(family: str, w: int) -> str:
    """The notation's mark of wild cards among those held: '1D'..'4D' deuces, 'Jkr' the joker
    (never a card: suits are lower case, and 'Jk' is the joker card in a deal written out)."""
    return "Jkr" if family == "joker" else f"{w}D"


def describe_lines(lines, rank_sets, family: str, high: int = 13,
                   deal_text=str) -> list[tuple[str, str]]:
    """(text, notation) of each line of a table, read top down: below a line that holds every
    high pair, a pair is a Low Pair. A long list of rank sets is said by what they share where
    that is shorter (`rank_words`)."""
    out, pairs_high = [], False
    for conditions in lines:
        out.append(describe_line(conditions, rank_sets, family, deal_text, high,
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
        text = "Pair of " + _RANK_NAMES.get(rank, rank + "s")
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
    names = [_RANK_NAMES.get(r, r + "s") for r in (RANKS[m.bit_length() - 1] for m in ordered)]
    return "Pair of " + (", ".join(names[:-1]) + " or " + names[-1])


def describe_line(conditions, rank_sets, family: str, deal_text=str, high: int = 13,
                  low_pairs: bool = False, phrases: bool = False) -> tuple[str, str]:
    """(chart text as players write it, the paper's notation) of one line; `deal_text` names
    a suit class, `high` is the lowest high rank (13: none), `low_pairs` says every high pair
    was held by a line above, `phrases`: a long list of rank sets is said by what they share
    where that is shorter (a table's final words; the derivation's lengths are the lists')."""
    base = {c[0]: c[2] for c in conditions[:3]}
    n, w, kind = base[P.F_N], base[P.F_W], base[P.F_KIND]
    naturals = n - w
    extra = list(conditions[3:])
    universe = rank_universe(kind, naturals, family)
    ranks = next((c for c in extra if c[0] == P.F_RANKS and c[1] in (P.OP_EQ, P.OP_IN)), None)
    if phrases and ranks is None:
        rank_sets, extra, ranks = _counts_as_sets(kind, n, w, extra, rank_sets, universe, high)
    phrase = None
    if phrases and ranks is not None and ranks[1] == P.OP_IN and universe is not None \
            and naturals >= 2:
        from .rank_words import narrowed, rank_phrase

        phrase = rank_phrase(rank_sets[ranks[2]], narrowed(universe, extra, high), kind,
                             naturals, w, high, condition_text(*ranks, rank_sets, universe)[0])
    # "the best" of the draws like it in the deal: said before the hold, as a player says it.
    best = next((c for c in extra if c[0] == P.F_BEST), None)
    if best is not None:
        extra.remove(best)
    # Conditions the hold's name says in words ("4 to an Outside Straight" for s >= 2): the
    # notation keeps them, the text does not say them again.
    named = set()
    if kind == P.NONE:
        text, note = "Discard everything", "none"
    elif kind == P.WILD:
        text, note = f"{wild_word(family, w).capitalize()} only", f"{w}W"
    elif kind == P.S and n < 5 and not w and ranks is not None and phrase is None and (
            listed := condition_text(*ranks, rank_sets, universe)[0])[:3] != "any":
        # "KQJ unsuited": the ranks say it all.
        extra.remove(ranks)
        text, note = f"{listed} unsuited", f"{n}S: {listed}"
    elif kind == P.RF and n == 1 and not w and high < 13 and (
            single := next((c for c in extra if c[0] == P.F_H and c[2] == 1
                            and c[1] in (P.OP_EQ, P.OP_GE)), None)):
        # One card of T-A that is a high card: a high card.
        extra.remove(single)
        text, note = f"1 high card ({rank_span(max(high, 8))})", "1RF: h=1"
    elif kind in (P.RF, P.SF) and n == 1 and not w and ranks is not None:
        # One card: "K only", "A, Q or J only" (the universe written out, never "any but").
        masks = {ranks[2]} if ranks[1] == P.OP_EQ else set(rank_sets[ranks[2]])
        extra.remove(ranks)
        names = [rank_text(m) for m in by_rank(masks)]
        listed = (", ".join(names[:-1]) + " or " if len(names) > 1 else "") + names[-1]
        text = f"Single card: {listed}" if best else f"{listed} only"
        note = f"1{_KIND_ABBR[kind]}: " + " or ".join(names)
    elif kind in (P.RF, P.SF) and n == 1 and not w:
        # One card of the royal ranks, or of the others: "single card (T-A)".
        low = 1 if family == "deuces" else 0  # (deuces are wild cards, never a natural one)
        span = "T-A" if kind == P.RF else f"{RANKS[low]}-9"
        text, note = f"Single card ({span})", f"1{_KIND_ABBR[kind]}"
    elif kind == P.S and n == 4 and not w and (way := _straight_way(extra)):
        # Players tell a four-card straight draw by its ends: open at both (s = 2) or not.
        text, note = f"4 to an {way[0]} Straight", "4S"
        named.add(way[1])
    elif kind == P.RF and n == 2 and not w and ranks is not None and phrase is None and (
            listed := condition_text(*ranks, rank_sets, universe)[0])[:3] != "any":
        # "Suited QJ", as players write it; the notation keeps the paper's "2RF: QJ".
        text, note = f"Suited {listed}", "2RF"
        named.add(ranks)
    elif kind in (P.S, P.RF) and n == 2 and not w and high < 13 and (
            two := next((c for c in extra if c[0] == P.F_H and c[2] == 2
                         and c[1] in (P.OP_EQ, P.OP_GE)), None)):
        # Two high cards (any two of them fit a straight), of one suit or of two.
        text = "2 suited high cards" if kind == P.RF else "2 unsuited high cards"
        note = f"2{_KIND_ABBR[kind]}"
        named.add(two)
    elif kind in _KIND_TEXT:
        name = _KIND_TEXT[kind]
        if n == 5:
            text = ("Wild " if w and kind == P.RF else "Natural " if kind == P.RF and
                    family != "natural" else "") + name
        else:
            text = f"{n} to a{'n' if name[0] in 'AEIOU' else ''} {name}"
        note = f"{n}{_KIND_ABBR[kind]}"
    elif kind == P.X:
        text, note = f"{_plural(naturals, 'unrelated card')}", f"{n}X"
    else:
        # Made hands: the hand the held cards make, wild cards counted in ("Five of a Kind,
        # with 2 deuces" for three natural sevens and two deuces).
        group = {P.PAIR: 2, P.TWO_PAIR: 4, P.TRIPS: 3, P.FULL_HOUSE: 5, P.QUADS: 4}[kind]
        kickers = naturals - group
        if kind == P.TWO_PAIR and w:
            text, abbr = "Full House", "FH"
        elif kind == P.TWO_PAIR:
            text, abbr = "Two Pair", "2P"
        elif kind == P.FULL_HOUSE:
            text, abbr = "Full House", "FH"
        elif kind == P.PAIR and not w:
            is_high = None
            h = next((c for c in extra if c[0] == P.F_H and c[1] in (P.OP_GE, P.OP_EQ)
                      and c[2] == 2 and n <= 3), None)
            low = next((c for c in extra if c[0] == P.F_H and c[2] == 0 and c[1] in (
                P.OP_EQ, P.OP_LE)), None)
            if h or low:
                extra.remove(h or low)
                is_high = bool(h)
            elif low_pairs:
                is_high = False
            mask = None
            if ranks is not None and ranks[1] == P.OP_EQ:
                mask = ranks[2]
                extra.remove(ranks)
            elif ranks is not None and high < 13:
                masks = rank_sets[ranks[2]]
                if all(m.bit_length() - 1 >= high for m in masks):
                    is_high = True
                elif all(m.bit_length() - 1 < high for m in masks):
                    is_high = False
            text, abbr = _pair_name(high, is_high, mask)
            if mask is not None:
                abbr += ": " + rank_text(mask)
            elif ranks is not None and (pairs_of := _pairs_of(rank_sets[ranks[2]])):
                # "Pair of Aces or Kings", as "Pair of Aces": not "High Pair (J-A): A or K".
                extra.remove(ranks)
                text = pairs_of
                abbr += ": " + _listed(rank_sets[ranks[2]], spans=True)
        else:
            count = {P.PAIR: 2, P.TRIPS: 3, P.QUADS: 4}[kind] + w
            text, abbr = _OF_A_KIND[count]
            if count == 3 and ranks is not None and ranks[1] == P.OP_EQ and not kickers:
                rank = RANKS[ranks[2].bit_length() - 1]
                text = "Three " + _RANK_NAMES.get(rank, rank + "s")
                extra.remove(ranks)
                abbr += ": " + rank
        if kickers:
            text += " + " + _plural(kickers, "kicker")
        note = f"{n}{abbr}"
    if w and kind not in (P.WILD, P.NONE):
        text += f", with {wild_word(family, w)}"
        head, colon, rest = note.partition(":")
        note = f"{head} {wild_mark(family, w)}{colon}{rest}"
    if best is not None:
        text = "The best " + (text if text[0].isdigit() else text[0].lower() + text[1:])
        head, colon, rest = note.partition(":")
        note = f"{head}: best" + (f",{rest}" if colon else "")
    details, short = [], []
    # Ranks discarded, and ranks held, in one phrase each: "with a J and a Q discarded", "no 3
    # or 6 discarded", "holding an A and a K", "no J or Q held".
    said = set()
    for feature, op, value in extra:
        if feature in (P.F_DISC, P.F_RANKS) and op in (P.OP_BIT, P.OP_NOBIT):
            ranks = [RANKS[v] for f, o, v in extra if (f, o) == (feature, op)]
            done = "discarded" if feature == P.F_DISC else "held"
            d = (None if (feature, op) in said else
                 "no " + " or ".join(ranks) + " " + done if op == P.OP_NOBIT else
                 "with " + " and ".join(a_rank(r) for r in ranks) + " discarded"
                 if feature == P.F_DISC else "holding " + " and ".join(a_rank(r) for r in ranks))
            said.add((feature, op))
            if d:
                details.append(d)
            short.append(condition_text(feature, op, value, rank_sets)[1])
            continue
        if feature == P.F_DEAL:
            deals = [deal_text(c) for c in sorted(rank_sets[value])]
            d = "only in " + ("the deal " if len(deals) == 1 else "the deals ") + " or ".join(
                deals) + " (or the same with suits exchanged)"
            s = "exception: " + ", ".join(deals)
        elif phrase is not None and (feature, op, value) == ranks:
            d, s = phrase.text, phrase.notation
        elif (feature, op, value) == ranks and kind in (P.TRIPS, P.QUADS) and not w and (
                every := _every_card(rank_sets[value] if op == P.OP_IN else {value})):
            d, s = every, condition_text(feature, op, value, rank_sets)[1]
        else:
            d, s = condition_text(feature, op, value, rank_sets, universe,
                                  kind in (P.PAIR, P.TRIPS, P.QUADS), high < 13)
        if (feature, op, value) not in named:
            details.append(d)
        short.append(s)
    if details:
        text += ": " + ", ".join(details)
    if short:
        note += (", " if ":" in note else ": ") + ", ".join(short)
    return text, note


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
    from .rank_words import narrowed, on_ranks_alone

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
    from .rank_words import rank_phrase

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


@functools.cache
def rank_universe(kind, naturals, family) -> frozenset | None:
    """Every set of held natural ranks a hold of this kind can have (deuces are wild in Deuces
    Wild), or None where a rank set is not read against its complement. Kept per arguments
    (a few dozen): describing and re-describing a table asks for it thousands of times."""
    if kind not in (P.RF, P.SF, P.S, P.F, P.X) or naturals < 1:
        return None
    out = set()
    for combo in combinations(range(1 if family == "deuces" else 0, 13), naturals):
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
        masks = {value} if op == P.OP_EQ else set(rank_sets[value])
        if universe is not None and masks <= universe and 2 * len(universe - masks) <= len(masks):
            # "any but 432 or 543" is shorter than the twenty sets it stands for, and exact:
            # the universe is every set of ranks this kind of hold can have.
            listed = "any but " + _listed(universe - masks)
        else:
            listed = _listed(masks, spans)
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
            text = f"at least {value} discards of one suit"
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
