"""The key to the strategy notation: which symbols a set of lines uses, what each means, and the
notation marked up with <abbr title> for the pages.

A line's notation is "<cards held><kind>[ <wild cards held>]: qualifier, qualifier" ("4RF",
"3SF: KJ9 or JT7, ds≤1", "43K" for three of a kind and a kicker held, four cards in all, "55K 2D"
for five of a kind held with two deuces), after the Ethier-Kim-Lee paper: 42P is two pair, 2HP
and 2LP a high and a low pair (2PR a pair where high and low are not told apart). Only the symbols
that a table actually uses go into its key, on the page and on the pocket card.

Which symbols a line's notation (or its words) uses, and where, is said by the line's parts
(line_parts.used and .marked), never read back from the notation.
"""

from ..core.cards import RANKS
from ..core import wild_words
from ..export.records import Kicker

from markupsafe import Markup, escape

# Kinds of hold after the count of cards held. "2P" is two pair only ("42P"): a single pair is
# HP, LP or PR, never 2P, which players read as two pair.
_KINDS = {
    "RF": "to a royal flush", "SF": "to a straight flush", "FH": "full house",
    "HP": "high pair", "LP": "low pair", "PR": "pair", "2P": "two pair", "3K": "three of a kind", "4K": "four of a kind",
    "5K": "five of a kind", "F": "to a flush", "S": "to a straight", "X": "unrelated cards",
    "W": "wild cards only",
}
# Wild cards among those held, after the kind: "4RF 1D", "55K 2D", "3SF Jkr" (`core.wild_words`:
# upper case D and "Jkr" are never a card of a deal written out, "3d", "Jk").


def _wild_title(mark: str, wild: str) -> str:
    return f"with {wild_words.held(wild, wild_words.marks(wild)[mark])} among the cards held"


# Qualifiers: the hold's features and the penalties among the discards. The scores first:
# each is one symbol ("s+h−fp" is not s+h and fp).
_FEATURES = {
    "s+h−fp−sp": "s+h less the penalty cards, flush (fp) and straight (sp)",
    "s+h−fp": "s+h less the flush penalty cards (fp)",
    "s−fp−sp": "s less the penalty cards, flush (fp) and straight (sp)",
    "s−fp": "s less the flush penalty cards (fp)",
    "s+h": "straights the held cards fit in, plus high cards held",
    "sfp": "straight flush penalty: discards of the held suit that fit a straight flush with it",
    "bp": "broken pair: discards of a rank held (the other card of a pair)",
    "fp": "flush penalty: discards of the suit of a held card",
    "sp": "straight penalty: discards that fit a straight with the held cards",
    "hp": "high-card penalty: high cards discarded",
    "rp": "royal penalty: discards of the held suit ranked T or higher",
    "ds": "the most discards of one suit",
    "ws": "the cards held are of a suit a wild card is of (\"no ws\": of another suit)",
    "kc": "a card held that four of a kind pays more beside (\"no kc\": none; \"2kc\": two)",
    "kcd": "such a card discarded (\"no kcd\": none)",
    "s": "straights (five-rank windows, A-5 to T-A) the held cards fit in",
    "h": "high cards held",
    # (no parenthesis before a comma here: of "(as many cards, as many wild), the one ...",
    # WeasyPrint once set "many" alone on a line of Joker Poker Kings' card, "wild), ..." next)
    "best": "of the deal's straight flush draws with as many cards and wild cards, the one "
            "with the most s, then the fewest fp, then sp",
}

# Words of the notation with a meaning of their own ("no X discarded", "exception: ...").
_PHRASES = (
    ("none", "hold nothing: discard all five"),
    ("X discarded", "a card of rank X discarded (\"no X discarded\": none)"),
    ("X held", "a card of rank X held (\"no X held\": none)"),
    ("without XYZ", "not holding X, Y and Z together"),
    ("any but", "any rank set except those listed"),
    ("ace-low", "an A held with cards of 2-5 only: it plays low (\"not ace-low\": any other)"),
    ("exception",
     "this line applies only to the deal written out (or the same with suits exchanged)"),
    # A line's choice rule (strategy/choices.py), where it fits a deal more than one way.
    ("if several fit", "the higher cards"),
    ("most s", "the most straights"),
    ("most h", "the most high cards"),
)


def wild_meaning(wild: str | None) -> str:
    return wild_words.words_of(wild).only if wild else "wild cards only"


def _pair_meaning(kind: str, high: int) -> str:
    """'high pair (J-A)', 'low pair (2-T)': with the game's high ranks (features.high_rank)."""
    if high >= 13 or kind == "PR":
        return _KINDS[kind]
    if kind == "HP":
        return f"{_KINDS[kind]} ({RANKS[high]}{'-A' if high < 12 else ''})"
    return f"{_KINDS[kind]} (2{'-' + RANKS[high - 1] if high > 1 else ''})"


def _kicker_meanings(kicker: Kicker | None) -> dict:
    """kc and kcd said with the game's kicker of named suits (the export's `Game.kicker`: a
    black jack, J♣ or J♠); where it has none, they keep the general words."""
    if kicker is None:
        return {}
    return {"kc": f"a {kicker.name} ({kicker.cards}) held: four of a kind pays more with one "
                  f"(\"no kc\": none; \"2kc\": both)",
            "kcd": f"a {kicker.name} discarded (\"no kcd\": none)"}


def key_table(wild: str | None = None, high: int = 13, kicker: Kicker | None = None) -> dict:
    """Every entry a key of this game can hold, in the key's order, and what brings each in:
    what `key_from` reads, here and in the browser (static/js/chart.js: a chart derived for any
    pays has the key a catalogue page has). `high` is the game's lowest high rank (13: none),
    which says what a high and a low pair are. JSON: lists and strings only."""
    wild_marks = wild_words.marks(wild)
    words = wild_words.words_of(wild) if wild else None
    named = bool(wild) and words.cards <= 2  # "the joker", "both jokers": each mark its line
    said = {**_FEATURES, **_kicker_meanings(kicker)}
    features = []
    for feature, meaning in said.items():
        if feature == "rp" and wild and words.rp_any_suit:
            meaning += f" (of any suit where {words.plural} alone or nothing are held)"
        features.append([feature, meaning])
    return {
        "kinds_lead": ["4RF, 3SF ...", "the number of cards to hold, then the hand they make or draw to"],
        "kinds": [[kind, wild_meaning(wild) if kind == "W" else
                   _pair_meaning(kind, high) if kind in ("HP", "LP") else meaning]
                  for kind, meaning in _KINDS.items()],
        # [mark, count, its own line where the wild cards are named (else "")], count ascending
        "marks": [[mark, count, f"{wild_words.held(wild, count)} "
                   f"{'is one of' if count == 1 else 'are among'} the cards held" if named else ""]
                  for mark, count in sorted(wild_marks.items(), key=lambda item: item[1])],
        # counted wild cards share one line: "with 1, 2 or 3 deuces among the cards held"
        "counted": [words.noun, words.plural] if wild and not named else None,
        "features": features,
        "phrases": [list(entry) for entry in _PHRASES],
        "rank_lists": ["KJ9 JT7", "any one of the rank sets listed"],
        # the <abbr> titles `abbr_notation` gives each symbol (a kind's after its cards held)
        "titles": {**{kind: wild_meaning(wild) if kind == "W" else meaning
                      for kind, meaning in _KINDS.items()},
                   **{mark: _wild_title(mark, wild) for mark in wild_marks},
                   **said},
    }


def key_from(table: dict, used, rank_lists: bool = False) -> list[tuple[str, str]]:
    """[(symbol, meaning)] of `key_table`'s entries that the lines use, in its order: `used`
    holds each wording's symbols as its parts say them (line_parts.used), never read back from
    the words. A score's parts are in the key too: "s+h−fp" is read with s+h and fp."""
    symbols = frozenset().union(*used)
    features = {part for symbol in symbols if symbol in _FEATURES
                for part in [symbol, *symbol.split("−")]}
    out = []
    if symbols & _KINDS.keys():
        out.append(tuple(table["kinds_lead"]))
    out += [(kind, meaning) for kind, meaning in table["kinds"] if kind in symbols]
    marks = [entry for entry in table["marks"] if entry[0] in symbols]
    if marks and table["counted"] is None:
        out += [(mark, meaning) for mark, _, meaning in marks]
    elif marks:
        noun, plural = table["counted"]
        counts = [str(count) for _, count, _ in marks]
        said = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]
        out.append((", ".join(mark for mark, _, _ in marks),
                    f"with {said} {noun if counts == ['1'] else plural} among the cards held"))
    out += [(feature, meaning) for feature, meaning in table["features"] if feature in features]
    out += [(symbol, meaning) for symbol, meaning in table["phrases"] if symbol in symbols]
    if rank_lists:
        out.append(tuple(table["rank_lists"]))
    return out


def key_for(used, wild: str | None = None, rank_lists: bool = False,
            high: int = 13, kicker: Kicker | None = None) -> list[tuple[str, str]]:
    """[(symbol, meaning)] for every symbol the lines use, in a fixed order (`key_table`,
    `key_from`)."""
    return key_from(key_table(wild, high, kicker), used, rank_lists)


def abbr_notation(notation: str, wild: str | None = None, marks=()) -> Markup:
    """The notation with each symbol in <abbr title="...">, escaped: `marks` say where it
    writes each (line_parts.marked: start, end, symbol, cards held with a kind)."""
    pieces, at = [], 0
    for start, end, symbol, held in marks:
        if start < at or end > len(notation):  # (a notation cut short: `long_text`)
            continue
        title = (f"{held} cards held, {wild_meaning(wild) if symbol == 'W' else _KINDS[symbol]}"
                 if symbol in _KINDS else _wild_title(symbol, wild)
                 if symbol in wild_words.marks(wild) else _FEATURES[symbol])
        pieces.append(escape(notation[at:start]))
        pieces.append(Markup('<abbr title="{}">{}</abbr>').format(title, notation[start:end]))
        at = end
    pieces.append(escape(notation[at:]))
    return Markup("").join(pieces)


# A cell longer than this (a hold split by 120 rank sets, an exception listing 70 deals) shows
# its start and how many choices it lists, and the whole list when opened: a row stays short.
LONG_TEXT = 160


def unbroken(text: str) -> str:
    """'s+h ≥ 3' with no-break spaces, so that a narrow column never ends a row on 's+h ≥' and
    starts the next with '3' (the pocket card's two columns did). (Typesetting, not reading:
    the words put a comparison between spaces, and only there.)"""
    for sign in "=≥≤":
        text = text.replace(f" {sign} ", f"\u00a0{sign}\u00a0")
    return text


def long_text(text: str, wild: str | None = None, marks=None) -> Markup:
    """The text (a notation, marked up with <abbr> where `marks` are given: `abbr_notation`),
    clipped in a <details> when it is longer than LONG_TEXT."""
    def shown(part):
        return abbr_notation(part, wild, marks) if marks is not None else escape(unbroken(part))

    if len(text) <= LONG_TEXT:
        return shown(text)
    cut = text.rfind(" or ", 0, LONG_TEXT)
    if cut < 0:
        cut = text.rfind(" ", 0, LONG_TEXT)
    choices = text.count(" or ") + 1
    return Markup('<details class="long-list"><summary>{} … <span class="more">({} choices in all)'
                  '</span></summary>{}</details>').format(shown(text[:cut]), f"{choices:,}",
                                                          shown(text))
