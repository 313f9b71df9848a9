"""What the pricing stage hands the site: a level of a game played on one of its pay tables.

(Each pay table's bankroll figures, made in the same job, are bankroll/figures.py's records.)
"""

from dataclasses import dataclass
from fractions import Fraction

from ..core.decimals import ExactPercent
from ..export.records import Condition


@dataclass(frozen=True)
class Offer:
    """A level of one pay table offered to the other pay tables of its game: what a player
    carrying it plays (its lines' conditions and choice rules) and its length."""
    printed: int
    conditions: tuple[tuple[Condition, ...], ...]
    choices: tuple[str | None, ...]


@dataclass(frozen=True)
class PriceRow:
    """A level of the game played on one pay table, against that table's perfect play."""
    slug: str                # the pay table whose level it is
    name: str
    level: str               # "card" or "simple"
    printed: int
    own: bool                # this pay table's own level
    return_: ExactPercent
    cost: Fraction
    cost_percent: str
