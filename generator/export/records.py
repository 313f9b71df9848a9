"""The export as typed records: what the export stage hands the pricing stage and the site.

    Export: rules, solution (Summary), ce (CeColumns), strategy (Strategy, or None with
            strategy_error), game (Game)
    Strategy: levels (Levels: exact, card, simple: Level, each of Lines), curve, routes

(What the pricing stage adds per pay table is in pricing/records.py and bankroll/figures.py.)

Built once by the export stage (export/compute.py), kept in the cache as JSON and read back
through `core.records.from_json`, which checks every field and parses every exact fraction
once: after the export nothing parses a fraction from text or looks up a key by its name.
The JSON is the records' fields, a field `return_` the key "return"; it is the schema of
docs/user-guide/06-json-export.md, and what the site publishes of it is `site.view.published`.
Exact numbers are `Fraction`s (text in JSON); the strings beside them ("99.543904%") are for
display, made once by the export.
"""

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.decimals import ExactDecimal, ExactPercent
from ..core.line_parts import LineParts
from ..core.records import OMIT_DEFAULT, OMIT_NONE, from_json, to_json

# The published JSON's schema (docs/user-guide/06-json-export.md): raised whenever a key of it
# changes meaning. (A cache entry is keyed by the code that wrote it, whatever its schema.)
SCHEMA = 3
LEVEL_NAMES = ("exact", "card", "simple")


# ---- the rules: enough for another program to score any final hand --------------------------

@dataclass(frozen=True)
class Pay:
    key: str        # "full_house": the family's category key
    label: str      # "Full House"
    pay: Fraction   # per unit (coin) bet


@dataclass(frozen=True)
class QuadRule:
    """A four of a kind paid by its rank, and its kicker's where `kickers` says."""
    key: str
    label: str
    ranks: tuple[int, ...]          # rank indexes, 0 (deuce) .. 12 (ace)
    kickers: tuple[int, ...] | None
    pay: Fraction


@dataclass(frozen=True)
class Rules:
    family: str
    family_title: str
    deck_size: int
    wild: str | None        # "deuces", "joker", "jokers", "deuces_joker" or None
    min_pair: int | None    # the lowest paying pair's rank index, None where no pair pays
    pays: tuple[Pay, ...]   # best first
    quads: tuple[QuadRule, ...]
    # The names of the deck's cards past the 52 where they are not jokers (Five Aces: ("A*",),
    # its fifth ace); None where they are jokers, as many as deck_size says. Card text reads it.
    deck_extras: tuple[str, ...] | None = field(default=None, metadata=OMIT_NONE)
    # Coins a hand is bet where not 5 (Deuces Wild Double Double Bonus: 6). `pays` stay per coin
    # bet; the glass shows each times coins / 5, as the pages do (`site.view.glass_pays`).
    coins: int = field(default=5, metadata=OMIT_DEFAULT)


@dataclass(frozen=True)
class Kicker:
    """A kicker of named suits that a pay asks for, as the key says it: what the notation's kc
    and kcd count."""
    name: str   # as a player calls it: "black jack"
    cards: str  # the cards it may be, in card text: "J♣ or J♠"


@dataclass(frozen=True)
class Game:
    """What the pages need to know of the game that the rules do not say, worked out by the
    export stage so that the site reads no game description of the solve or strategy stage."""
    name: str                      # the index's game: "Jacks or Better", "Deuces Wild"
    family_order: int              # the index lists the families in this order
    identifying: tuple[str, ...]   # the pay keys that tell the family's machines apart
    high_rank: int                 # the lowest rank the key calls a high card
    kicker: Kicker | None = field(default=None, metadata=OMIT_NONE)  # where a pay asks for one


# ---- the solution's figures -------------------------------------------------------------------

@dataclass(frozen=True)
class FinalHand:
    key: str
    label: str
    pay: Fraction
    combinations: int
    probability: Fraction
    contribution: Fraction


@dataclass(frozen=True)
class Summary:
    """Everything `vpcharts solve` reports (solve/report.summary)."""
    slug: str
    name: str
    family: str
    deals: int
    classes: int
    class_sizes: dict[int, int]    # suit classes of 4, 12 and 24 deals
    ev_denominator: int
    return_: ExactPercent
    variance: ExactDecimal
    ce_values: int
    ce_values_holding: int
    tied_deals: int
    total_combinations: int
    final_hands: tuple[FinalHand, ...]


@dataclass(frozen=True)
class CeColumns:
    """The CE table by columns: each CE value over ev_denominator, its deals, its classes of 4,
    12 and 24 deals (the cache only: the published JSON leaves them out)."""
    values: tuple[int, ...]
    deals: tuple[int, ...]
    classes: tuple[tuple[int, int, int], ...]
    holding: int


# ---- the strategy -----------------------------------------------------------------------------

# [feature, operator, value]: strategy.features' names; the value a number, a name, a list of
# rank masks or a list of deals.
Condition = tuple[str, str, int | str | tuple[int, ...] | tuple[str, ...]]


@dataclass(frozen=True)
class Line:
    number: int
    row: int                 # the printed line it belongs to (a run of made hands shares one)
    text: str
    notation: str
    conditions: tuple[Condition, ...]
    ce_high: Fraction | None
    ce_low: Fraction | None
    deals: int
    examples: tuple[str, ...]
    wild_dealt: tuple[int, ...]
    choice: str | None       # where it fits a deal more than one way: features.CHOICES
    choice_deals: int
    parts: LineParts         # what the words and notation are made of (the cache only)
    # Runs [first, last] of its CE numbers (published for the exact table only).
    ce_numbers: tuple[tuple[int, int], ...] = ()
    # An exception line's deals as the line plays them: (the cards held, the others), in the
    # order of its `deal in` condition (the cache only: the exact table's page lists them).
    exception_holds: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Level:
    lines: tuple[Line, ...]
    printed: int             # lines as printed: a run of made hands is one
    route: str
    cost: Fraction           # against perfect play, per unit bet
    cost_percent: str
    return_: ExactPercent
    misplays: int
    pat_broken: int
    pay_dropped: int
    max_loss: ExactDecimal
    max_loss_example: str | None
    choice_deals: int        # deals a line fits more than one way
    choices: dict[str, int]  # of those, by the rule that decides them
    # The simple level only: whether it is offered beside the card (a quarter shorter).
    published: bool | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True)
class Levels:
    exact: Level
    card: Level
    simple: Level

    def shown(self) -> dict[str, Level | None]:
        """The levels a page shows: the simple level None where it is not published (the card
        is then already the simple strategy)."""
        return {"exact": self.exact, "card": self.card,
                "simple": self.simple if self.simple.published else None}


@dataclass(frozen=True)
class CurvePoint:
    lines: int
    cost: Fraction
    cost_percent: str
    kept: bool               # False: held to the pat-hand rule alone


@dataclass(frozen=True)
class Route:
    route: str
    card_lines: int | None
    card_cost: Fraction | None
    simple_lines: int
    simple_cost: Fraction


@dataclass(frozen=True)
class Strategy:
    levels: Levels
    curve: tuple[CurvePoint, ...]
    routes: tuple[Route, ...]
    misplays: int
    cost: Fraction
    derive_seconds: float    # (the cache only: a time differs from one build to the next)
    levels_seconds: float


@dataclass(frozen=True)
class Export:
    schema: int
    slug: str
    name: str
    rules: Rules
    solution: Summary
    ce: CeColumns
    strategy: Strategy | None
    strategy_error: str | None   # why there is no strategy table, where there is none
    game: Game

    @property
    def levels(self) -> dict[str, Level | None] | None:
        """The levels a page shows (`Levels.shown`), None without a strategy table."""
        return None if self.strategy is None else self.strategy.levels.shown()

    def to_json(self) -> dict:
        return to_json(self)

    @staticmethod
    def from_json(data) -> "Export":
        """The export of a JSON object; RecordError where it does not fit (another schema)."""
        return from_json(Export, data)
