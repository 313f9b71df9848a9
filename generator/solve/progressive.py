"""A pay that moves, as a progressive meter does: the exact return as a function of that pay, the
pays at which the optimal hold of some deal changes, and the pay at which the return is 100%.

In: a `PayTable`, the key of one of its pay lines, and a range of that pay per coin. Out: a
`Progressive`: the return at both ends, every breakpoint inside the range (a pay where two holds'
EVs cross on some deal, as an exact fraction) with the return there and the deals whose best hold
changes there, and the break-even pay, if the range holds one.

Why this is exact and cheap: every hold's EV is linear in the one pay, `EV(p) = base + p *
count`, where `base` is the hold's EV with that pay at 0 and `count` its chance of ending in
that hand (both integers over the solver's denominator, from the solver's own kernel run with
two pay vectors). A deal's best EV over the range is the upper envelope of its 32 lines: it
changes hold only where two lines cross, and as the pay grows, only to a hold that makes the hand
more often. A deal whose best hold is the same at both ends keeps it throughout (two lines that
cross once cannot leave one above the other at both ends), so only the others are walked. The
return is the deals' envelopes summed: linear between breakpoints, so its value at each and the
break-even follow from two running sums. `tests/test_progressive.py` holds it to a full solve of
the pay table at pays inside, at and between breakpoints.
"""

from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from . import npsolve
from .cache import family_deck, fine_counts, hand_codes
from .categories import categories
from .jit import kernels
from .paytable import PayTable


@dataclass(frozen=True)
class Change:
    """One suit class of deals whose best hold changes at a breakpoint: below it `before` is
    best, above it `after` (masks over the class representative's sorted cards)."""

    cls: int
    before: int
    after: int


@dataclass(frozen=True)
class Breakpoint:
    pay: Fraction  # the pay per coin at which the holds' EVs cross
    return_: Fraction  # the exact return there (the same either side: the envelope is continuous)
    deals: int  # the deals whose best hold changes there
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class Progressive:
    table: PayTable
    key: str  # the pay line that moves
    low: Fraction  # the range, pay per coin
    high: Fraction
    return_low: Fraction
    return_high: Fraction
    breakpoints: tuple[Breakpoint, ...]
    break_even: Fraction | None  # the pay per coin at which the return is exactly 1, if in range


@dataclass(frozen=True)
class HoldLines:
    """Every hold of every suit class as a line in the moving pay: EV * unit = base + p * slope,
    with `unit` the solver's (its denominator times the other pays' scale)."""

    base: np.ndarray  # (classes, 32) int64
    slope: np.ndarray  # (classes, 32) int64: the hold's count of the hand, times the scale
    sizes: np.ndarray  # (classes,) deals in each class
    unit: int
    deals: int


def hold_lines(table: PayTable, key: str) -> HoldLines:
    """The 32 holds of every class as lines in the pay of `key` (one kernel run per pay vector:
    the pays with that one at 0, and that one alone at 1)."""
    cats = categories(table)
    index = cats.keys.index(key)
    dk = family_deck(table.family.key)
    hand_cats = cats.code_to_category[hand_codes(table.family.key)]
    counts = npsolve.count_table(fine_counts(table.family.key), cats.code_to_category,
                                 len(cats.keys), int(dk.offsets[5]))
    others = cats.scaled_pays.copy()
    others[index] = 0
    alone = np.zeros_like(others)
    alone[index] = cats.scale  # (a pay of p per coin is p * scale in the others' units)
    _, tables = kernels()

    def evs(pays):
        return tables.hold_evs(dk.reps, npsolve.set_pay_sums(counts, pays), hand_cats, pays,
                               dk.mask_factor, dk.binom, dk.offsets, True)[0]

    return HoldLines(evs(others), evs(alone), dk.sizes.astype(np.int64),
                     dk.denominator * cats.scale, dk.deals)


def _best(lines: HoldLines, pay: Fraction, prefer_steeper: bool) -> np.ndarray:
    """Each class's best hold at `pay`; of holds tied there, the steepest (the one best just
    above) or the least steep (just below)."""
    values = lines.base * pay.denominator + lines.slope * pay.numerator
    top = values.max(axis=1, keepdims=True)
    slope = np.where(values == top, lines.slope, np.iinfo(np.int64).min if prefer_steeper
                     else np.iinfo(np.int64).max)
    return (slope.argmax(axis=1) if prefer_steeper else slope.argmin(axis=1)).astype(np.int64)


def _walk(base: np.ndarray, slope: np.ndarray, start: int, low: Fraction, high: Fraction):
    """The upper envelope of one class's lines from `low` to `high`, starting on hold `start`
    (the steepest best at `low`): [(pay, from, to)] at each crossing strictly inside."""
    out, current, at = [], start, low
    while True:
        steeper = np.nonzero(slope > slope[current])[0]
        if len(steeper) == 0:
            return out
        crossings = [(Fraction(int(base[current] - base[j]), int(slope[j] - slope[current])),
                      -int(slope[j]), int(j)) for j in steeper]
        # (the first crossing above where the walk stands; of lines crossing there, the steepest)
        crossings = [c for c in crossings if c[0] >= at]
        if not crossings:
            return out
        pay, _, nxt = min(crossings)
        if pay >= high:
            return out
        if pay > low:
            out.append((pay, current, nxt))
        current, at = nxt, pay


def progressive(table: PayTable, key: str, low: Fraction, high: Fraction,
                lines: HoldLines | None = None) -> Progressive:
    """The return of `table` as the pay of `key` moves from `low` to `high` (per coin)."""
    lines = lines or hold_lines(table, key)
    at_low = _best(lines, low, prefer_steeper=True)
    at_high = _best(lines, high, prefer_steeper=False)
    rows = np.arange(len(at_low))
    moving = np.nonzero(lines.slope[rows, at_low] != lines.slope[rows, at_high])[0]
    events: dict[Fraction, list[Change]] = {}
    for cls in moving.tolist():
        for pay, before, after in _walk(lines.base[cls], lines.slope[cls], int(at_low[cls]),
                                        low, high):
            events.setdefault(pay, []).append(Change(cls, before, after))
    # The return is sum(sizes * (base + p * slope)) / (unit * deals) on the holds best there:
    # two running sums, moved at each breakpoint by the classes that change.
    sizes = lines.sizes
    base_sum = int((sizes * lines.base[rows, at_low]).sum(dtype=object))
    slope_sum = int((sizes * lines.slope[rows, at_low]).sum(dtype=object))
    whole = lines.unit * lines.deals

    def value(pay: Fraction) -> Fraction:
        return (base_sum + pay * slope_sum) / whole

    def crosses_one(start: Fraction, end: Fraction) -> Fraction | None:
        if slope_sum == 0:
            return None
        pay = Fraction(whole - base_sum, slope_sum)
        return pay if start <= pay <= end else None

    breakpoints, start, even = [], low, None
    return_low = value(low)
    for pay in sorted(events):
        even = even if even is not None else crosses_one(start, pay)
        changes = tuple(sorted(events[pay], key=lambda c: c.cls))
        breakpoints.append(Breakpoint(pay, value(pay), sum(int(sizes[c.cls]) for c in changes),
                                      changes))
        for c in changes:
            size = int(sizes[c.cls])
            base_sum += size * int(lines.base[c.cls, c.after] - lines.base[c.cls, c.before])
            slope_sum += size * int(lines.slope[c.cls, c.after] - lines.slope[c.cls, c.before])
        start = pay
    even = even if even is not None else crosses_one(start, high)
    return Progressive(table, key, low, high, return_low, value(high), tuple(breakpoints), even)


def with_pay(table: PayTable, key: str, pay: Fraction) -> PayTable:
    """`table` with the pay of `key` set to `pay` (per coin)."""
    return replace(table, lines=tuple(replace(line, pay=pay) if line.key == key else line
                                      for line in table.lines))
