"""A strategy line as the pages, the pocket card and the checker read it: typed, its words
rendered from its parts (generator/line_parts.py), never parsed back from its text.

In: an exported line (a dict of `export.compute`, with its "parts"). Out: `Line`.
"""

from dataclasses import dataclass, field, replace

from .. import line_parts as words
from ..line_parts import LineParts, parts_from_json


@dataclass(frozen=True)
class Line:
    number: int
    row: int  # the printed line it belongs to (a run of made hands shares one)
    parts: LineParts
    wild_dealt: tuple[int, ...]  # the wild cards in the deals it decides (() in a natural game)
    conditions: list = field(repr=False)  # as exported: [name, op, value]
    ce_numbers: list = field(repr=False)  # runs [[first, last], ...]
    ce_high: str | None = None
    ce_low: str | None = None
    deals: int = 0
    examples: tuple[str, ...] = ()
    # False in a section whose label says the wild cards dealt, where the line holds that many:
    # "Five of a Kind" under "2 deuces", not "Five of a Kind, with 2 deuces".
    with_wild: bool = True
    # Its choice rule where it fits a deal more than one way ("higher", "straights", "high":
    # strategy.features.CHOICES), and the deals it decides so; the parts say it in words.
    choice: str | None = None
    choice_deals: int = 0

    @property
    def text(self) -> str:
        return words.text(self.parts, self.with_wild)

    @property
    def notation(self) -> str:
        return words.notation(self.parts, self.with_wild)

    @property
    def is_exception(self) -> bool:
        """Whether the line names its deals (a `deal in` condition)."""
        return bool(words.exception_deals(self.parts))

    def said(self, parts: LineParts) -> "Line":
        """The line with its parts said otherwise (an exception's deals pointed to a note)."""
        return replace(self, parts=parts)


def line_of(line: "dict | Line") -> Line:
    """The typed line of an exported one (a typed line as it is)."""
    if isinstance(line, Line):
        return line
    return Line(number=line["number"], row=line.get("row", line["number"]),
                parts=parts_from_json(line["parts"]),
                wild_dealt=tuple(line.get("wild_dealt", ())),
                conditions=line.get("conditions", []), ce_numbers=line.get("ce_numbers", []),
                ce_high=line.get("ce_high"), ce_low=line.get("ce_low"),
                deals=line.get("deals", 0), examples=tuple(line.get("examples", ())),
                choice=line.get("choice"), choice_deals=line.get("choice_deals", 0))


def lines_of(lines) -> list[Line]:
    return [line_of(line) for line in lines]
