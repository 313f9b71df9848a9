"""A wild game's table in sections by the wild cards dealt, as players read Deuces Wild charts:
count the deuces first, then read that section only.

In: a level's lines (exported or typed, `lines.Line`, each with `wild_dealt`: the wild cards in
the deals it decides) and the game's wild cards (`rules.wild`: "deuces", "joker", "sevens", ...,
or None; `core.wild_words` says them). Out: `Section`s, most wild cards first, each a label ("3 deuces", "No
deuces", "With the joker", "With both jokers", "4 wild cards") and
the lines deciding deals with that many wild cards, in table order and with their numbers, said
without the ", with 3 deuces" (text) and the "3D" (notation) the label says already: rendered
from their parts without the wild cards held, never cut out of their text.
A natural game is one section with no label.

Exact by construction: the line that decides a deal decides a deal with that many wild cards,
so it is in that section; the lines above it in the section were above it in the table, and
none of them fits the deal. Played on the deals with k wild cards, section k plays as the
table does (tests/test_sections.py plays both on every suit class).
"""

from dataclasses import dataclass, replace

from ..core.wild_words import dealt
from .lines import Line, lines_of


@dataclass(frozen=True)
class Section:
    label: str | None  # None: the whole table, not split
    wild: int | None  # the wild cards dealt
    lines: list[Line]


def sections(lines, wild: str | None) -> list[Section]:
    """`lines`: exported lines or typed ones (`lines.line_of`)."""
    lines = lines_of(lines)
    counts = sorted({k for line in lines for k in line.wild_dealt}, reverse=True)
    if not wild or len(counts) < 2:
        return [Section(None, None, lines)]
    return [Section(label(k, wild), k,
                    [replace(line, with_wild=not said_by(line, k)) for line in lines
                     if k in line.wild_dealt])
            for k in counts]


def label(count: int, wild: str) -> str:
    """The section's heading: the wild cards dealt, as a player counts them."""
    return dealt(wild, count)


def said_by(line: Line, count: int) -> bool:
    """Whether the section of `count` wild cards dealt says the wild cards the line holds
    ("with 2 deuces", "2D"): a line holding fewer wild cards than the section's deals have
    keeps them."""
    return count > 0 and line.parts.wild == count
