"""A level's bankroll figures as records (made by figures.py), apart from the code that computes
them so that the site reads them without importing numpy."""

from dataclasses import dataclass
from fractions import Fraction

from ..core.decimals import ExactDecimal, ExactPercent


@dataclass(frozen=True)
class RoundFigures:
    hands: int
    variance: ExactDecimal
    sd: str                  # the standard deviation a round, in bets, to 2 places


@dataclass(frozen=True)
class HandResults:
    """One hand's result: each pay line's pay and exact chance (the session calculator's)."""
    labels: tuple[str, ...]
    pays: tuple[Fraction, ...]
    chances: tuple[Fraction, ...]


@dataclass(frozen=True)
class RoundResults:
    """A round of several hands: the chance of each total pay, to 12 digits."""
    hands: int
    scale: int
    totals: tuple[int, ...]
    chances: tuple[float, ...]
    dropped: float


@dataclass(frozen=True)
class LevelBankroll:
    """A level's bankroll figures."""
    return_: ExactPercent
    variance: ExactDecimal
    within: ExactDecimal
    between: ExactDecimal
    rounds: tuple[RoundFigures, ...]
    lifetime_bankroll: dict[int, int] | None   # risk of ruin in percent -> bets
    hand: HandResults
    multi: tuple[RoundResults, ...]
