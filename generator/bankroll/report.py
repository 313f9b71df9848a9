"""`vpcharts bankroll`'s report: a level's hold on every suit class in (its Solution and holds,
from `prices.played_level`), its multi-play variances and a session out, as text.

    report_text(name, level, solution, holds, bankroll, rounds, hands) -> the report

The bankroll package computes from holds it is given and imports no other stage: the pricing
stage (generator/pricing/prices.py) plays the levels and reads this package's figures, never the reverse.
"""

import math
from fractions import Fraction

from ..core.decimals import decimal
from .limits import check_session
from .moments import ROUND_SIZES, moments
from .rounds import MULTI_SIZES, round_results
from .session import hand_walk, lifetime_bankroll, lifetime_bankrolls, round_walk, session

def report_text(name: str, level: str, solution, holds, bankroll: Fraction | None,
                rounds: int | None, hands: int) -> str:
    """The report of a level already played (its Solution and holds): `vpcharts bankroll` once
    the pay table is read, and the fuzz tests, which hold the solution and run thousands."""
    check_session(bankroll, rounds, hands)
    m = moments(solution, holds)
    out = [f"{name}, the {level} level: return {decimal(m.mean * 100, 6)}%",
           f"One hand: variance {decimal(m.variance, 6)} = within a deal {decimal(m.within, 6)} "
           f"+ between deals {decimal(m.between, 6)} (bets squared)",
           "", "Hands a round   variance a round   per hand bet   standard deviation a round"]
    for n in ROUND_SIZES:
        var = m.round_variance(n)
        out.append(f"{n:>13}   {decimal(var, 4):>16}   {decimal(var / n, 4):>12}   "
                   f"{math.sqrt(var):>26.4f}")
    lifetime_line = None
    if bankroll is not None and rounds is not None:
        out.append("")
        # (the build's sizes together, so that the figures are the page's to the last bit)
        sizes = MULTI_SIZES if hands in MULTI_SIZES else (hands,)
        walk = (hand_walk(m.pays, m.final) if hands == 1
                else round_walk(round_results(solution, holds, sizes)[hands]))
        s = session(walk, bankroll, rounds)
        what = f"{rounds:,} hands" if hands == 1 else f"{rounds:,} rounds of {hands} hands"
        if hands > 1 and m.mean > 1:
            pairs = [lifetime_bankrolls(walk, r) for r in (0.01, 0.05, 0.10)]
            lifetime_line = (f"Lifetime risk of ruin 1% / 5% / 10% at {hands}-play: bankrolls of "
                             + " / ".join(f"{a:,.0f}-{b:,.0f}" for a, b in pairs)
                             + " bets (the exact one within each range)")
        out += [f"A session of {what} from {decimal(Fraction(bankroll), 2)} bets:",
                f"  chance of losing the bankroll   {s.ruin * 100:.4f}%",
                f"  chance of ending ahead          {s.ahead * 100:.4f}%  (played to the end)",
                "  result, 5th / 50th / 95th percentile   "
                + " / ".join(f"{s.percentiles[q]:+,.0f}" for q in (5, 50, 95)) + " bets"]
    if lifetime_line:
        out.append(lifetime_line)
    if m.mean > 1:
        needed = [lifetime_bankroll(m.pays, m.final, r) for r in (0.01, 0.05, 0.10)]
        out.append("Lifetime risk of ruin 1% / 5% / 10%: bankrolls of "
                   + " / ".join(f"{b:,.0f}" for b in needed) + " bets (single play)")
    return "\n".join(out)
