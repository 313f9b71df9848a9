"""`vpcharts progressive` in words and as JSON: a `Progressive` (progressive.py) read as a player
reads a meter, in coins the full bet wins (five coins, or the table's `coins`).

In: a `Progressive` and its deck's class representatives. Out: text lines or plain JSON data.
"""

from fractions import Fraction

from ..core.cards import format_hand
from ..core.decimals import decimal, percent


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


def progressive_text(moving, reps) -> str:
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
    out.append(f"The best hold of some deal changes at {len(moving.breakpoints):,} meters "
               "(deals: of all dealt hands; for example, one of them):")
    out.append(f"{'meter':>12}  {'return':>11}  {'deals':>7}  for example")
    for point in moving.breakpoints:
        deal, after, before = _holds(reps, deck, point.changes[0])
        out.append(f"{meter_text(point.pay, bet):>12}  {percent(point.return_):>11}  "
                   f"{point.deals:>7,}  {deal}: above, hold {after}; below, {before}")
    return "\n".join(out)


def progressive_json(moving, reps) -> dict:
    deck, bet = moving.table.family.deck, moving.table.coins

    def change(c):
        deal, after, before = _holds(reps, deck, c)
        return {"deal": deal, "hold_above": after, "hold_below": before}

    return {
        "paytable": moving.table.slug, "pay": moving.key, "coins": bet,
        "from": str(moving.low * bet), "to": str(moving.high * bet),
        "return_from": str(moving.return_low), "return_to": str(moving.return_high),
        "break_even": None if moving.break_even is None else str(moving.break_even * bet),
        "breakpoints": [{"meter": str(p.pay * bet), "return": str(p.return_),
                         "deals": p.deals, "changes": [change(c) for c in p.changes]}
                        for p in moving.breakpoints],
    }
