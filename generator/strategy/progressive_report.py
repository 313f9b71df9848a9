"""`vpcharts progressive` in words and as JSON: a `Progressive` (solve/progressive.py) read as a
player reads a meter, in coins the full bet wins (five coins, or the table's `coins`), each
breakpoint with the lines that move there: the holds that swap, named as a chart names them
(`hold_words`), "4 to a Royal Flush: AKQJ over Flush", with the deals of each swap.

In: a `Progressive` and its family's deck (class representatives and sizes). Out: text lines
or plain JSON data.
"""

from dataclasses import dataclass
from fractions import Fraction

from ..core.cards import format_hand
from ..core.decimals import decimal, percent
from .hold_words import hold_name


@dataclass(frozen=True)
class Move:
    """At one breakpoint, the deals whose best hold goes from a hold named `below` to one named
    `above`, and the first of them (a `progressive.Change`)."""

    above: str
    below: str
    deals: int
    example: object


def moves(moving, point, dk) -> list[Move]:
    """A breakpoint's changes grouped by the names of the holds that swap, in the order each
    swap first comes among the changes (by class); `dk` is the family's deck (its class
    representatives and sizes: `solve.cache.family_deck`)."""
    table = moving.table
    found: dict[tuple[str, str], list] = {}
    for change in point.changes:
        cards = dk.reps[change.cls].tolist()
        key = tuple(hold_name(cards, mask, table.family.key, table.min_pair)
                    for mask in (change.after, change.before))
        found.setdefault(key, []).append(change)
    return [Move(above, below, sum(int(dk.sizes[c.cls]) for c in changes), changes[0])
            for (above, below), changes in found.items()]


def meter_text(pay: Fraction, bet: int = 5) -> str:
    """A meter counts the coins a full bet of `bet` coins wins (`PayTable.coins`): 800 a coin ->
    '4,000'; a breakpoint between whole coins to the cent: '4,346.36'."""
    coins = pay * bet
    if coins.denominator == 1:
        return f"{int(coins):,}"
    whole, cents = decimal(coins, 2).split(".")
    return f"{int(whole):,}.{cents}"


def _per_coin(pay: Fraction) -> str:
    return f"{int(pay):,}" if pay.denominator == 1 else decimal(pay, 4)


def _holds(reps, deck, change) -> tuple[str, str, str]:
    cards = reps[change.cls].tolist()

    def held(mask):
        kept = [c for i, c in enumerate(cards) if mask >> i & 1]
        return format_hand(kept, symbols=True, deck=deck) if kept else "nothing"

    return format_hand(cards, symbols=True, deck=deck), held(change.after), held(change.before)


def progressive_text(moving, dk) -> str:
    table, deck, bet = moving.table, moving.table.family.deck, moving.table.coins
    label = next(line.label for line in table.lines if line.key == moving.key)
    out = [f"{table.name}: the {label} meter from {meter_text(moving.low, bet)} to "
           f"{meter_text(moving.high, bet)} coins (for {bet} coins; {_per_coin(moving.low)} to "
           f"{_per_coin(moving.high)} a coin)",
           f"Return: {percent(moving.return_low)} at {meter_text(moving.low, bet)} coins, "
           f"{percent(moving.return_high)} at {meter_text(moving.high, bet)}."]
    if moving.break_even is not None:
        out.append(f"Break-even (a return of exactly 100%): {meter_text(moving.break_even, bet)} coins "
                   f"(exactly {moving.break_even * bet}).")
    else:
        side = "above" if moving.return_high < 1 else "below"
        out.append(f"Break-even: none in this range (the return is 100% {side} it).")
    if not moving.breakpoints:
        out.append("No deal's best hold changes in this range: the strategy holds throughout.")
        return "\n".join(out)
    out.append(f"The best hold of some deal changes at {len(moving.breakpoints):,} meters; "
               "at each, the holds that swap (above the meter, the first; below it, the "
               "second), with one such deal:")
    out.append(f"{'meter':>12}  {'return':>11}  {'deals':>7}  lines that move")
    for point in moving.breakpoints:
        found = moves(moving, point, dk)
        for i, move in enumerate(found):
            deal = _holds(dk.reps, deck, move.example)[0]
            swap = f"{move.above} over {move.below} ({deal}"
            swap += f"; {move.deals:,} deals)" if len(found) > 1 else ")"
            lead = (f"{meter_text(point.pay, bet):>12}  {percent(point.return_):>11}  "
                    f"{point.deals:>7,}" if i == 0 else " " * 33)
            out.append(f"{lead}  {swap}")
    return "\n".join(out)


def progressive_json(moving, dk) -> dict:
    deck, bet = moving.table.family.deck, moving.table.coins

    def change(c):
        deal, after, before = _holds(dk.reps, deck, c)
        return {"deal": deal, "hold_above": after, "hold_below": before}

    def move(m):
        return {"above": m.above, "below": m.below, "deals": m.deals, "example": change(m.example)}

    return {
        "paytable": moving.table.slug, "pay": moving.key, "coins": bet,
        "from": str(moving.low * bet), "to": str(moving.high * bet),
        "return_from": str(moving.return_low), "return_to": str(moving.return_high),
        "break_even": None if moving.break_even is None else str(moving.break_even * bet),
        "breakpoints": [{"meter": str(p.pay * bet), "return": str(p.return_),
                         "deals": p.deals, "changes": [change(c) for c in p.changes],
                         "moves": [move(m) for m in moves(moving, p, dk)]}
                        for p in moving.breakpoints],
    }
