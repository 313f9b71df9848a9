"""Long rank-set lists said by what their sets share.

In: the rank sets a line allows (bit masks of held natural ranks), the universe (every rank set a
hold of the line's pattern can have, narrowed by the line's conditions that depend on the ranks
alone), the line's pattern and the game's lowest high rank. Out: a `RankPhrase` naming exactly
the same sets within that universe, or None (`rank_phrase`, the words of every level); and the
phrases naming sets near the list, nearest first (`near_phrases`, which `shortest.phrased`
prices on every deal before a level takes one).

A phrase is one or two things a player sees in the held ranks ("inside", "no high card",
"s+h ≥ 3", "ace-low", "with an A"), both at once ("inside with no high card") or either ("s+h ≥ 3 or
ace-low"), and at most two sets written out: "AKQJ or inside with no high card", "s+h ≥ 3 or
ace-low but not JT7"; and where every set left out holds the same few ranks, "without QJT".
Sets outside the universe never reach the line, so a phrase that agrees with the list on the
universe plays every deal as the list does: only the words change.
"""

import functools
from dataclasses import dataclass
from itertools import combinations

from ..core.cards import RANKS
from . import features as P
from .rank_lists import listed as _listed, rank_text

# A count a player works out (s, s+h) reads as this many characters more than its symbols: "AKQJ
# or inside with no high card", not "AKQJ or s+h = 1".
COUNTED = 18
MIN_LISTED = 5  # sets a list must have before a phrase is tried ("KQJ or QJT" says it best)
MAX_WRITTEN = 2  # sets a phrase may still write out
SHORTER = 0.6  # a phrase is used only at most this fraction of the list's length


@dataclass(frozen=True)
class Atom:
    """One thing a player sees in the held ranks: `spec` is (what, op, value), what being "s",
    "h", "s+h", "ace-low" or "rank" (value the rank; op "has" or "lacks")."""
    spec: tuple
    text: str
    notation: str


@dataclass(frozen=True)
class RankPhrase:
    atoms: tuple  # of Atom
    joined: str  # "with" (both) or "or" (either); "" for one atom
    also: tuple  # rank masks written out beside the atoms ("AKQJ or ...")
    but_not: tuple  # rank masks taken out ("... but not JT7")
    text: str
    notation: str


def straights(mask: int) -> int:
    """s: the straights (five-rank windows, A-5 to T-A) the ranks fit in."""
    return sum(1 for window in P.WINDOWS if mask & ~window == 0)


def high_cards(mask: int, high: int) -> int:
    return bin(mask >> high).count("1") if high < 13 else 0


def is_ace_low(mask: int) -> bool:
    """An ace held with ranks that fit only A-5 below it: the ace plays low."""
    return bool(mask >> 12 & 1) and mask & ~P.WINDOWS[0] == 0


def atom_holds(spec: tuple, mask: int, high: int) -> bool:
    what, op, value = spec
    if what == "ace-low":
        return is_ace_low(mask) == (op == "is")
    if what == "rank":
        return bool(mask >> value & 1) == (op == "has")
    if what == "ranks":  # (value: a mask of ranks; "lacks": not all of them held)
        return (mask & value == value) == (op == "has")
    count = _count(what, mask, high)
    return {"=": count == value, "≥": count >= value, "≤": count <= value}[op]


# A line's own conditions on the ranks alone, as atoms: (feature, op) -> (what, op).
_AS_ATOM = {**{(f, op): (what, sign) for f, what in ((P.F_S, "s"), (P.F_H, "h"), (P.F_SH, "s+h"))
               for op, sign in ((P.OP_EQ, "="), (P.OP_GE, "≥"), (P.OP_LE, "≤"))},
            (P.F_RANKS, P.OP_BIT): ("rank", "has"), (P.F_RANKS, P.OP_NOBIT): ("rank", "lacks")}


def on_ranks_alone(conditions) -> list:
    """The conditions of a line that depend on its held ranks alone (s, h, s+h, a rank held
    or not): true or false alike for every hold of the same ranks."""
    return [c for c in conditions if (c[0], c[1]) in _AS_ATOM]


def narrowed(universe, conditions, high: int) -> frozenset:
    """The sets of `universe` meeting the line's conditions that depend on the ranks alone
    (s, h, s+h, a rank held or not): the sets a hold reaching the line with them can have."""
    own = [_AS_ATOM[c[0], c[1]] + (c[2],) for c in on_ranks_alone(conditions)]
    return frozenset(m for m in universe if all(atom_holds(spec, m, high) for spec in own))


def _atoms(universe, kind: int, naturals: int, wild: int, high: int) -> list[tuple[Atom, frozenset]]:
    straight = kind in (P.RF, P.SF, P.S)
    counts = []
    if straight:
        counts.append("s")
    if high < 13:
        counts.append("h")
        if straight:
            counts.append("s+h")
    out = []
    for what in counts:
        values = sorted({_count(what, m, high) for m in universe})
        for value in values:
            for op in ("=", "≥", "≤"):
                out.append(Atom((what, op, value), *_count_words(what, op, value, naturals, wild)))
    if straight:
        out.append(Atom(("ace-low", "is", 0), "ace-low", "ace-low"))
        out.append(Atom(("ace-low", "not", 0), "not ace-low", "not ace-low"))
    for rank in range(13):
        name = RANKS[rank]
        out.append(Atom(("rank", "has", rank), ("with an " if name in "A8" else "with a ") + name,
                        f"{name} held"))
        out.append(Atom(("rank", "lacks", rank), f"no {name}", f"no {name} held"))
    # One atom per set of ranks it picks (the shortest words), none picking all or nothing.
    best = {}
    for atom in out:
        sets = frozenset(m for m in universe if atom_holds(atom.spec, m, high))
        if sets and sets != universe and (sets not in best or len(atom.text) < len(best[sets].text)):
            best[sets] = atom
    return [(atom, sets) for sets, atom in best.items()]


def _count(what: str, mask: int, high: int) -> int:
    return {"s": straights(mask), "h": high_cards(mask, high),
            "s+h": straights(mask) + high_cards(mask, high)}[what]


def _count_words(what, op, value, naturals, wild) -> tuple[str, str]:
    if what == "s" and naturals == 4 and not wild and (op, value) in (("=", 1), ("≤", 1)):
        return "inside", "s=1"  # (four ranks fitting one straight: a gap, or A-high or A-low)
    if what == "s" and naturals == 4 and not wild and (op, value) in (("=", 2), ("≥", 2)):
        return "outside", "s≥2"
    if what == "h":
        if value == 0 and op in ("=", "≤"):
            return "no high card", "h=0"
        noun = "high card" if value == 1 else "high cards"
        words = {"=": f"{value} {noun}", "≥": f"at least {value} {noun}",
                 "≤": f"at most {value} {noun}"}[op]
        return words, f"h{op}{value}"
    return f"{what} {op} {value}", f"{what}{op}{value}"


@functools.lru_cache(maxsize=16)  # (a few MB each: 1,000-2,500 terms)
def _terms(universe, kind: int, naturals: int, wild: int, high: int) -> list:
    """(atoms, how joined, the sets they name) for every atom and every pair of atoms. Kept per
    universe: a table's levels describe the same patterns again and again."""
    atoms = _atoms(universe, kind, naturals, wild, high)
    terms = [((atom,), "", sets) for atom, sets in atoms]
    for (a, sa), (b, sb) in combinations(atoms, 2):
        if sa & sb:
            terms.append(((a, b), "with", sa & sb))
        terms.append(((a, b), "or", sa | sb))
    return terms


def _phrase(atoms_used, joined, also, but_not) -> tuple[RankPhrase, int]:
    """The phrase and its weight (its length, a count to work out weighing COUNTED more)."""
    words = f" {joined} ".join(a.text for a in atoms_used)
    short = f" {joined} ".join(a.notation for a in atoms_used)
    text = (_listed(also) + " or " if also else "") + words + (
        " but not " + _listed(but_not) if but_not else "")
    notation = (_listed(also) + " or " if also else "") + short + (
        " but not " + _listed(but_not) if but_not else "")
    weight = len(text) + COUNTED * sum(a.spec[0] in ("s", "s+h") and a.text[0] == "s"
                                       for a in atoms_used)
    return RankPhrase(atoms_used, joined, tuple(sorted(also)), tuple(sorted(but_not)), text,
                      notation), weight


def rank_phrase(masks, universe, kind: int, naturals: int, wild: int, high: int,
                listed: str) -> RankPhrase | None:
    """The shortest phrase naming exactly `masks` within `universe` (see the module
    docstring), if `listed` (the list as written) has at least MIN_LISTED sets and the phrase
    is at most SHORTER of its length; else None."""
    if universe is None or listed.count(" or ") + 1 < MIN_LISTED:
        return None
    wanted = frozenset(masks) & universe
    best, best_weight = None, None
    for atoms_used, joined, sets in (_terms(universe, kind, naturals, wild, high)
                                     + _shared_ranks_terms(wanted, universe)):
        also, but_not = wanted - sets, sets - wanted
        if len(also) + len(but_not) > MAX_WRITTEN:
            continue
        phrase, weight = _phrase(atoms_used, joined, also, but_not)
        if best is None or (weight, phrase.text) < best_weight:
            best, best_weight = phrase, (weight, phrase.text)
    if best is None or len(best.text) > SHORTER * len(listed):
        return None
    return best


def _shared_ranks_terms(wanted: frozenset, universe: frozenset) -> list:
    """The term "without QJT" where every set left out holds the same two or more ranks: 10/7
    Double Bonus's four to a flush, any but QJT7 or QJT6 or ... QJT2 (QJT with a low card, where
    the three to a royal flush is held instead). Made per list, not kept with `_terms`: the
    ranks are the left-out sets' own."""
    left_out = universe - wanted
    if not left_out:
        return []
    shared = functools.reduce(lambda a, b: a & b, left_out)
    if bin(shared).count("1") < 2:
        return []
    sets = frozenset(m for m in universe if m & shared != shared)
    if not sets or sets == universe:
        return []
    words = f"without {rank_text(shared)}"
    return [((Atom(("ranks", "lacks", shared), words, words),), "", sets)]


def near_phrases(masks, universe, kind: int, naturals: int, wild: int, high: int,
                 longest: int) -> list[tuple[frozenset, str]]:
    """(sets, phrase) for the phrases of at most `longest` characters with no set written out,
    the sets they name differing least from `masks` first, then the shortest: what a long list
    could be said as, at the price of the sets it gains or loses (`shortest.phrased` prices
    that on every deal)."""
    wanted = frozenset(masks) & universe
    found = {}
    for atoms_used, joined, sets in _terms(universe, kind, naturals, wild, high):
        if sets == wanted or sets == universe:  # (all of them: no list, not "any but" none)
            continue
        phrase, weight = _phrase(atoms_used, joined, (), ())
        if len(phrase.text) <= longest and (sets not in found or weight < found[sets][0]):
            found[sets] = weight, phrase.text
    return [(sets, text) for sets, (weight, text) in sorted(
        found.items(), key=lambda f: (len(f[0] ^ wanted), f[1][0], f[1][1]))]


def phrase_sets(phrase: RankPhrase, universe, high: int) -> frozenset:
    """The sets of `universe` a phrase names, read from its parts (the tests' way back)."""
    def term(mask):
        hits = [atom_holds(a.spec, mask, high) for a in phrase.atoms]
        return all(hits) if phrase.joined != "or" else any(hits)

    return frozenset(m for m in universe if (term(m) or m in phrase.also)
                     and m not in phrase.but_not)
