"""An Ultimate X game's export as typed records: what its export stage hands the site.

    UltimateXExport: the game (slug, name, lines, base, rules, multipliers, values, sources),
        returns (Returns of Return), the long run (totals, relative_values, stationary,
        line_multipliers), card (Card of CardLines), bands (Band), vulture (VultureRow),
        solve (SolveFigures)

Built once by generator/ultimate_x/export.py, kept in the cache as JSON and read back through
`core.records.from_json`, which checks every field: the site (generator/site/ultimate_x.py)
reads attributes, never keys. The JSON is the records' fields, as the game's `<slug>.json`
publishes them (less the lines' parts and the solve's times: `site.ultimate_x.published`).

These records live in the export package, not in generator/ultimate_x/, because the rendering
may import no module of Ultimate X's solver (tests/test_imports.py), and a card's lines are the
pay tables' `Line`s. Exact figures are `Fraction`s; the floats are the solver's, written to 12
significant digits by the export (its bound is below 1e-11).
"""

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction

from ..core.records import OMIT_DEFAULT, OMIT_NONE, from_json, to_json
from .records import Line, Rules

KIND = "ultimate-x"
# The JSON's schema: raised whenever a key of it changes meaning.
SCHEMA = 1


@dataclass(frozen=True)
class Base:
    """The base pay table, whose pays the game multiplies."""
    slug: str
    name: str


@dataclass(frozen=True)
class PayMultiplier:
    """A pay of the base game and the multiplier it earns the next deal's line."""
    key: str
    label: str
    pay: Fraction
    multiplier: int


@dataclass(frozen=True)
class Sources:
    multipliers: str               # where the multipliers come from
    published_return: str | None   # the optimal return as a source prints it ("0.99422")
    published_source: str | None


@dataclass(frozen=True)
class Return:
    """A return per coin bet (10 coins a line): exact (`exact`, a fixed policy's, as text in
    lowest terms) or the solver's float (`value`, with its `bound` for the optimum); `percent`
    and `decimal` for display."""
    percent: str
    decimal: str
    exact: Fraction | None = field(default=None, metadata=OMIT_NONE)
    value: float | None = field(default=None, metadata=OMIT_NONE)
    bound: float | None = field(default=None, metadata=OMIT_NONE)


@dataclass(frozen=True)
class Returns:
    optimal: Return        # the long-run optimum (solver)
    card: Return           # the card with its moves by band (solver's evaluation)
    single: Return         # the single strategy at every multiplier (exact)
    card_alone: Return     # the card as printed, no moves (exact)
    base_strategy: Return  # the base game's perfect strategy, ignoring the multipliers (exact)
    base_card: Return      # the base game's card, ignoring the multipliers (exact)
    base_game: Return      # the base game itself, 5 coins a line


@dataclass(frozen=True)
class CardLine(Line):
    """A line of the single strategy's card (or one a band adds from its exact table): the pay
    tables' `Line`, but an Ultimate X card lists no exception's deals, so its JSON has no
    `exception_holds` key (and the export leaves them empty)."""
    exception_holds: tuple[tuple[str, str], ...] = field(default=(), metadata=OMIT_DEFAULT)

    @classmethod
    def of(cls, line: Line) -> "CardLine":
        values = {f.name: getattr(line, f.name) for f in dataclasses.fields(Line)}
        return cls(**dict(values, exception_holds=()))


@dataclass(frozen=True)
class Card:
    lines: tuple[CardLine, ...]     # the card's lines, in the card's order
    extra: dict[int, CardLine]      # a line a band adds, by its index in a band's order
    level: str                      # "card", or "simple" where the card level is too long
    single_slug: str                # the single strategy's pay table
    printed: int                    # the card's lines as printed
    card_level_printed: int         # the single strategy's card level, as printed


@dataclass(frozen=True)
class Band:
    """A band of the average multiplier and the order its deals play the card's lines in."""
    low: Fraction                   # average multiplier, inclusive
    high: Fraction | None           # exclusive; None: no upper edge
    totals: tuple[int, ...]         # the reachable totals in it
    share: float                    # of deals, under optimal play
    moves: tuple[tuple[int, int], ...]  # (line moved, line it now stands before), 0-based
    order: tuple[int, ...]          # the lines (0-based; past the card: `Card.extra`'s)
    cost: float                     # against optimal, per coin bet, averaged over its totals
    card_cost: float                # the card in its own order, likewise
    costs: tuple[float, ...]        # per total


@dataclass(frozen=True)
class VultureRow:
    """A machine left with multipliers totalling `total`: worth sitting down to if profit > 0."""
    total: int
    edge: float      # its relative value against the long-run average deal, in deals' bets
    profit: float    # expected profit playing on while it pays, in deals' bets
    deals: float     # expected deals played before stopping


@dataclass(frozen=True)
class SolveFigures:
    steps: int
    bound: float
    states: int             # the totals the solver keeps
    distributions: int
    candidates: float       # holds kept per class, on average
    seconds: float          # (the cache only, like seconds_total: times differ between builds)
    seconds_total: float


@dataclass(frozen=True)
class UltimateXExport:
    kind: str               # KIND
    schema: int
    slug: str
    name: str
    lines: int              # hands played a deal: 1, 3, 5 or 10
    base: Base
    rules: Rules            # the base pay table's
    multipliers: tuple[PayMultiplier, ...]
    values: tuple[int, ...]  # every multiplier a line can show, ascending
    sources: Sources
    returns: Returns
    totals: tuple[int, ...]  # the totals of the multipliers the solver's states are
    relative_values: tuple[float, ...]  # by total
    stationary: tuple[float, ...]       # by total: its share of deals in the long run
    line_multipliers: tuple[float, ...]  # by multiplier value: its share of a line's deals
    card: Card
    bands: tuple[Band, ...]
    vulture: tuple[VultureRow, ...]
    solve: SolveFigures

    def to_json(self) -> dict:
        return to_json(self)

    @staticmethod
    def from_json(data) -> "UltimateXExport":
        """The export of a JSON object; RecordError where it does not fit (another schema)."""
        return from_json(UltimateXExport, data)
