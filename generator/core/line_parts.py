"""A strategy line in parts, and its two renderings: the player's words and the paper's notation.

`describe.py` finds the parts of a line (what it holds, the wild cards among them, "the best",
its qualifiers); this module only says them, so the text and the notation cannot disagree, and
the site, the pocket card and the checker read the parts instead of parsing the sentence back:
a section of a wild game drops the wild cards its label says, an exception line's deals are
said as a footnote, a line's hold and its penalty notes go to two columns.

In: `LineParts` (JSON-ready through `parts_json` and back through `parts_from_json`). Out:
`text(parts)` ("3 to a Royal Flush: no flush penalty"), `notation(parts)` ("3RF: no fp").

It stands outside `generator/strategy/` because the site reads it too: the typed data handed from
one stage to the next, importing nothing (a rebuild from the cache imports no numpy and no
strategy code).
"""

from dataclasses import asdict, dataclass, replace

# What a qualifier tells: which hold is meant (rank lists, s, s+h, high cards or ranks held: the
# hold column), what the discards are (penalties: the notes column), or the deals a line is
# for (an exception line: said in full in the export, as a footnote on the pages).
HOLD, NOTE, DEALS = "hold", "note", "deals"


@dataclass(frozen=True)
class Qualifier:
    role: str  # HOLD, NOTE or DEALS
    text: str  # the player's words; "" where the hold's name or a qualifier before says it
    notation: str
    compact: str  # the notation, its rank sets listed with spaces ("KJ9 JT7", "any but 432 543")
    deals: tuple[str, ...] = ()  # DEALS: the deals, written out ("4c 8h 9d Tc Qc")
    # The symbols of the notation's key (site.symbols) its notation uses ("fp", "s+h", "X held"),
    # and those its words use ("s+h" in "s+h ≥ 3"; none in "no flush penalty").
    keys: tuple[str, ...] = ()
    text_keys: tuple[str, ...] = ()
    # Where its notation writes a symbol of the key: (start, end, symbol), "fp" in "no fp".
    marks: tuple[tuple[int, int, str], ...] = ()


@dataclass(frozen=True)
class LineParts:
    hold: str  # the hold as players name it: "4 to a Royal Flush", "Suited QJ", "Single card"
    hold_ranks: str  # said after the hold's name and a colon ("Single card: A, K or Q"), or ""
    head: str  # the notation's head: the cards held and the kind ("4RF", "33K", "2W", "none")
    held: int  # the cards held
    kind: str  # the kind's symbol in the head ("RF", "3K", "W"), "" for none
    head_ranks: tuple[str, ...]  # the notation's ranks after the head ("1RF: K or Q", "2HP: A")
    head_keys: tuple[str, ...]  # the key's symbols they use ("h" in "1RF: h=1")
    # Wild cards held, said after the hold ("Five of a Kind, with 2 deuces", "55K 2D"); 0 where
    # none are, or where the hold's name says them ("2 deuces only").
    wild: int
    wild_words: str  # "2 deuces", "the joker" ("" where `wild` is 0)
    wild_mark: str  # "2D", "Jkr" ("" where `wild` is 0)
    best: bool  # "the best" of the draws like it in the deal
    qualifiers: tuple[Qualifier, ...]


def text(parts: LineParts, with_wild: bool = True) -> str:
    """The player's words: "The best 2 to a Straight Flush, with the joker: 8 or 7"; without
    the wild cards held where `with_wild` is False (a section's label says them)."""
    words = parts.hold + (f", with {parts.wild_words}" if parts.wild and with_wild
                          and parts.wild_words else "")
    if parts.best:
        words = "The best " + (words if words[0].isdigit() else words[0].lower() + words[1:])
    if parts.hold_ranks:
        words += ": " + parts.hold_ranks
    said = [q.text for q in parts.qualifiers if q.text]
    return words + (": " + ", ".join(said) if said else "")


def notation(parts: LineParts, with_wild: bool = True, compact: bool = False) -> str:
    """The paper's notation: "2SF Jkr: best, 8 or 7"; without the wild cards' mark where
    `with_wild` is False; `compact`: rank sets listed with spaces ("1RF: K Q", for the pocket
    card's narrowest columns)."""
    return marked(parts, with_wild, compact)[0]


def marked(parts: LineParts, with_wild: bool = True,
           compact: bool = False) -> tuple[str, tuple[tuple[int, int, str, int], ...]]:
    """(the notation, where it writes each symbol of the key): (start, end, symbol, cards held)
    per symbol, the cards held with a kind's symbol ("RF" in "4RF": 4), else 0. Drawn as
    <abbr> on the pages (site.symbols)."""
    marks = [(0, len(parts.head), parts.kind, parts.held)] if parts.kind else []
    out = parts.head
    if parts.wild and with_wild:
        marks.append((len(out) + 1, len(out) + 1 + len(parts.wild_mark), parts.wild_mark, 0))
        out += " " + parts.wild_mark
    items = [("best", ((0, 4, "best"),))] if parts.best else []
    if parts.head_ranks:
        items.append(((" " if compact else " or ").join(parts.head_ranks),
                      tuple((0, len(key), key) for key in parts.head_keys)))  # ("h=1")
    # (a qualifier the notation leaves to the key, as a line's "the higher cards", is left out)
    items += [(q.compact, ()) if compact else (q.notation, q.marks) for q in parts.qualifiers
              if (q.compact if compact else q.notation)]
    for i, (item, at) in enumerate(items):
        out += ": " if i == 0 else ", "
        marks += [(len(out) + start, len(out) + end, symbol, 0) for start, end, symbol in at]
        out += item
    return out, () if compact else tuple(marks)  # (the compact notation is not marked up)


def used(parts: LineParts, wording: str, with_wild: bool = True) -> frozenset[str]:
    """The symbols of the notation's key (site.symbols) that a wording of the line uses:
    `wording` "text", "notation" or "compact" (the notation, rank sets with spaces)."""
    if wording == "text":
        return frozenset((("best",) if parts.best else ()) + tuple(
            key for q in parts.qualifiers for key in q.text_keys))
    return frozenset(
        ((parts.kind,) if parts.kind else ("none",) if parts.head == "none" else ())
        + ((parts.wild_mark,) if parts.wild and with_wild else ())
        + (("best",) if parts.best else ())
        + parts.head_keys
        + tuple(key for q in parts.qualifiers for key in q.keys))


def named(parts: LineParts) -> str:
    """The hold alone, as an exception's footnote names its line: "2 to a Royal Flush"."""
    return text(replace(parts, hold_ranks="", qualifiers=()))


def holding(parts: LineParts) -> LineParts:
    """The parts that say which hold is meant (the hold column), the notes left out."""
    return replace(parts, qualifiers=tuple(q for q in parts.qualifiers if q.role == HOLD))


def notes(parts: LineParts) -> list[str]:
    """The words of the qualifiers that test the discards or name deals: the notes column."""
    return [q.text for q in parts.qualifiers if q.role != HOLD and q.text]


def exception_deals(parts: LineParts) -> tuple[str, ...]:
    """The deals an exception line is for (none for any other line)."""
    return tuple(deal for q in parts.qualifiers if q.role == DEALS for deal in q.deals)


def with_deals_said(parts: LineParts, text_words: str,
                    notation_words: str | None = None) -> LineParts:
    """The parts with an exception line's deals said otherwise ("only in the deals listed under
    the table"): the deals are listed elsewhere. `notation_words` None keeps the notation's."""
    return replace(parts, qualifiers=tuple(
        replace(q, text=text_words, **({} if notation_words is None else dict(
            notation=notation_words, compact=notation_words))) if q.role == DEALS else q
        for q in parts.qualifiers))


def parts_json(parts: LineParts) -> dict:
    return asdict(parts)


def parts_from_json(data: dict) -> LineParts:
    return LineParts(**dict(
        data, head_ranks=tuple(data["head_ranks"]), head_keys=tuple(data["head_keys"]),
        qualifiers=tuple(Qualifier(**dict(q, deals=tuple(q["deals"]), keys=tuple(q["keys"]),
                                          text_keys=tuple(q["text_keys"]),
                                          marks=tuple(map(tuple, q["marks"]))))
                         for q in data["qualifiers"])))
