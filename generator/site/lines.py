"""A strategy line as the pages, the pocket card and the checker read it: typed, its words
rendered from its parts (generator/core/line_parts.py), never parsed back from its text.

In: an exported line (export/records.py's `Line`). Out: `Line`, which says it as a section of
the table does (`with_wild`) and is numbered as the table prints it.
"""

from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..core import line_parts as words
from ..core.line_parts import LineParts
from ..export import records


@dataclass(frozen=True)
class Line:
    number: int
    row: int  # the printed line it belongs to (a run of made hands shares one)
    parts: LineParts
    wild_dealt: tuple[int, ...]  # the wild cards in the deals it decides (() in a natural game)
    conditions: tuple = field(repr=False)  # as exported: (name, op, value)
    ce_numbers: tuple = field(repr=False)  # runs ((first, last), ...)
    ce_high: Fraction | None = None
    ce_low: Fraction | None = None
    deals: int = 0
    examples: tuple[str, ...] = ()
    # False in a section whose label says the wild cards dealt, where the line holds that many:
    # "Five of a Kind" under "2 deuces", not "Five of a Kind, with 2 deuces".
    with_wild: bool = True
    # Its choice rule where it fits a deal more than one way ("higher", "straights", "high":
    # strategy.features.CHOICES), and the deals it decides so; the parts say it in words.
    choice: str | None = None
    choice_deals: int = 0
    exception_holds: tuple[tuple[str, str], ...] = ()  # (held, others) per deal it names

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


def line_of(line: "records.Line | Line") -> Line:
    """The page's line of an exported one (a page's line as it is)."""
    if isinstance(line, Line):
        return line
    return Line(number=line.number, row=line.row, parts=line.parts, wild_dealt=line.wild_dealt,
                conditions=line.conditions, ce_numbers=line.ce_numbers, ce_high=line.ce_high,
                ce_low=line.ce_low, deals=line.deals, examples=line.examples,
                choice=line.choice, choice_deals=line.choice_deals,
                exception_holds=line.exception_holds)


def lines_of(lines) -> list[Line]:
    return [line_of(line) for line in lines]
