"""A wild game's table in sections by the wild cards dealt, as players read Deuces Wild charts:
count the deuces first, then read that section only.

In: a level's lines (export dicts, each with `wild_dealt`: the wild cards in the deals it
decides) and the game's wild card (`rules["wild"]`: "deuces", "joker" or None). Out:
`Section`s, most wild cards first, each a label ("3 deuces", "No deuces", "With the joker") and
the lines deciding deals with that many wild cards, in table order and with their numbers, their
text without the ", with 3 deuces" and their notation without the "3D" the label says already.
A natural game is one section with no label.

Exact by construction: the line that decides a deal decides a deal with that many wild cards,
so it is in that section; the lines above it in the section were above it in the table, and
none of them fits the deal. Played on the deals with k wild cards, section k plays as the
table does (tests/test_sections.py plays both on every suit class).
"""

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    label: str | None  # None: the whole table, not split
    wild: int | None  # the wild cards dealt
    lines: list[dict]


def sections(lines: list[dict], wild: str | None) -> list[Section]:
    counts = sorted({k for line in lines for k in line.get("wild_dealt", ())}, reverse=True)
    if not wild or len(counts) < 2:
        return [Section(None, None, lines)]
    return [Section(label(k, wild), k,
                    [dict(line, text=without_wild(line["text"], k, wild),
                          notation=without_mark(line["notation"], k, wild))
                     for line in lines if k in line.get("wild_dealt", ())])
            for k in counts]


def label(count: int, wild: str) -> str:
    from ..strategy.describe import wild_word

    if wild == "joker":
        return "With the joker" if count else "Without the joker"
    return wild_word(wild, count) if count else "No deuces"


def without_wild(text: str, count: int, wild: str) -> str:
    """The text without its ", with 2 deuces" where the section says it: a line holding fewer
    wild cards than the section's deals have keeps it. (Worded by describe's own function, so
    the two cannot drift apart; imported here, as the strategy package is only needed when a
    page is rendered. A wild game's rules["wild"] is its family's key.)"""
    from ..strategy.describe import wild_word

    return text.replace(f", with {wild_word(wild, count)}", "", 1) if count else text


def without_mark(notation: str, count: int, wild: str) -> str:
    """The notation without the wild cards' mark after the kind ("4SF 2D: T9" -> "4SF: T9")
    where the section says it; another count's mark stays."""
    from ..strategy.describe import wild_mark

    if not count:
        return notation
    return re.sub(rf"(?<=\S) {wild_mark(wild, count)}(?=:|$)", "", notation, count=1)

