"""Exact fractions as decimal text, rounded half-up without a float on the way; and the records
that carry an exact value with its text for display (`ExactPercent`, `ExactDecimal`).

Apart from solve/report.py (which imports numpy and the solver) so that the site's pages can
print numbers without importing either: a rebuild whose pages all come from the cache needs neither.
"""

from dataclasses import dataclass
from fractions import Fraction


def decimal(value: Fraction, places: int = 6) -> str:
    """A Fraction rounded half-up to `places` decimals, exactly (no float on the way)."""
    scaled = value * 10 ** places
    rounded = (scaled.numerator * 2 + scaled.denominator) // (scaled.denominator * 2)
    sign = "-" if rounded < 0 else ""
    whole, frac = divmod(abs(rounded), 10 ** places)
    return f"{sign}{whole}.{frac:0{places}d}"


def percent(value: Fraction, places: int = 6) -> str:
    return decimal(value * 100, places) + "%"


@dataclass(frozen=True)
class ExactPercent:
    """A return or a cost: exact, and as a percentage for display ("99.543904%")."""
    exact: Fraction
    percent: str

    @staticmethod
    def of(value: Fraction, places: int = 6) -> "ExactPercent":
        return ExactPercent(value, percent(value, places))


@dataclass(frozen=True)
class ExactDecimal:
    """A variance or a loss: exact, and as a decimal for display ("19.514676")."""
    exact: Fraction
    decimal: str

    @staticmethod
    def of(value: Fraction, places: int = 6) -> "ExactDecimal":
        return ExactDecimal(value, decimal(value, places))
