"""A hold in a chart's words, on its own: what a strategy line would call it ("4 to a Royal
Flush: AKQJ", "4 to a Flush", "Pair of Jacks", "Three Aces with a 2 kicker", "KQJ unsuited",
"2 deuces only").

In: a deal's cards, a hold (a mask over them), the family and its lowest paying pair. Out: a name.
A progressive meter's breakpoints (`progressive_report`) say which holds swap by these names: the
lines that move, as a player reads them off a chart, without a table derived at every meter.

The naming reads the hold's features (`features.describe`: cards held, wild cards held, kind)
and its natural cards' ranks, then `name_of`, which static/js/progressive.js repeats word for
word (`holdName`; tests/js/hold-names.test.mjs holds the two to each other on every hold of
sampled deals of every family). The wild cards' words are the game's (`core/wild_words.py`),
handed to the JavaScript as a list (`wild_words.held_list`).
"""

from collections import Counter

from ..core import wild_words
from ..core.cards import RANKS
from ..solve.families import FAMILIES
from . import features as P
from .describe import rank_plural

# Made with five cards and no pair, by kind; drawn to, "4 to a ..." (n cards, wild ones counted).
DRAWS = {P.RF: "Royal Flush", P.SF: "Straight Flush", P.F: "Flush", P.S: "Straight"}
SIZE_WORDS = {2: "Pair of", 3: "Three", 4: "Four", 5: "Five"}


def hold_name(cards: list[int], mask: int, family: str, min_pair: int | None) -> str:
    """The name of holding cards[i] for each bit i of `mask`."""
    f = P.describe(cards, mask, family, min_pair)
    naturals = [P.rank_of(c, family) for i, c in enumerate(cards)
                if mask >> i & 1 and not P.is_wild(c, family)]
    return name_of(f[P.F_N], f[P.F_W], f[P.F_KIND], naturals,
                   wild_words.held_list(FAMILIES[family].wild_name))


def _letters(ranks) -> str:
    """Ranks as a chart writes them, highest first: 'AKQJ'."""
    return "".join(RANKS[r] for r in sorted(ranks, reverse=True))


def name_of(n: int, w: int, kind: int, naturals: list[int], held: list[str]) -> str:
    """The name of a hold of `n` cards, `w` of them wild, of `kind` (features), whose natural
    cards have the ranks `naturals` (0 = deuce .. 12 = ace)."""
    if kind == P.NONE:
        return "Discard everything"
    if kind == P.WILD:
        return held[w][0].upper() + held[w][1:] + " only"
    counts = Counter(naturals)
    if kind in DRAWS and n == 5:
        core = DRAWS[kind]
    elif kind in (P.RF, P.SF, P.F, P.S, P.X) and len(naturals) == 1:
        return RANKS[naturals[0]] + (f" with {held[w]}" if w else " alone")
    elif kind == P.F and n >= 3:  # (a flush draw's ranks matter little: no letters)
        core = f"{n} to a Flush"
    elif kind in DRAWS and n >= 3:
        core = f"{n} to a {DRAWS[kind]}: {_letters(naturals)}"
    elif kind in (P.RF, P.SF, P.F):
        core = "Suited " + _letters(naturals)
    elif kind in (P.S, P.X):
        core = _letters(naturals) + " unsuited"
    else:  # a rank repeated: the pair, three, four or five of it, and any kickers
        if kind == P.TWO_PAIR:
            core = "Two Pair"
        elif kind == P.FULL_HOUSE:
            core = "Full House"
        else:
            top = max(counts, key=lambda r: (counts[r], r))
            core = f"{SIZE_WORDS[counts[top]]} {rank_plural(RANKS[top])}"
        kickers = [r for r in counts if counts[r] == 1]
        if kickers:
            core += (f" with a {_letters(kickers)} kicker" if len(kickers) == 1
                     else f" with {_letters(kickers)} kickers")
    return core + (f", with {held[w]}" if w else "")
