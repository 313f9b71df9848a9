"""Exact fractions as decimal text, rounded half-up without a float on the way.

Apart from solve/report.py (which imports numpy and the solver) so that the site's pages can
print numbers without importing either: a rebuild whose pages all come from the cache needs neither.
"""

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
