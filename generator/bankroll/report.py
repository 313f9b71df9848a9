"""`vpcharts bankroll`: a pay table's level in, its multi-play variances and a session out, as text.

    level_holds(table, level) -> (Solution, holds)   (exact: the solution's holds; card and
                                 simple: the level's lines played on every class, prices.level_holds)
    bankroll_text(...) -> the report
    report_text(name, level, solution, holds, ...) -> the same, for a level already solved
"""

import math
from fractions import Fraction

from ..decimals import decimal
from .limits import check_session
from .moments import ROUND_SIZES, Moments, moments
from .rounds import MULTI_SIZES, round_results
from .session import hand_walk, lifetime_bankroll, lifetime_bankrolls, round_walk, session

LEVELS = ("exact", "card", "simple")


def level_holds(table, level: str):
    """(Solution, the level's hold on every suit class)."""
    from ..errors import VpchartsError
    from ..solve import cache

    solution, _ = cache.solve(table)
    if level == "exact":
        return solution, solution.best
    from ..export import export
    from ..prices import level_holds, offered

    data, _ = export(table)
    offers = offered(data)
    if level not in offers:
        why = data.get("strategy_error") or "the card is already the simple strategy"
        raise VpchartsError(f"{table.slug}: no {level} level ({why})")
    holds, _ = level_holds(table, {level: offers[level]})
    return solution, holds[level]


def level_moments(table, level: str) -> Moments:
    return moments(*level_holds(table, level))


def bankroll_text(table, level: str, bankroll: Fraction | None, rounds: int | None,
                  hands: int) -> str:
    check_session(bankroll, rounds, hands)
    solution, holds = level_holds(table, level)
    return report_text(table.name, level, solution, holds, bankroll, rounds, hands)


def report_text(name: str, level: str, solution, holds, bankroll: Fraction | None,
                rounds: int | None, hands: int) -> str:
    """The report of a level already solved (its Solution and holds): `bankroll_text` once the
    pay table is read, for callers that hold the solution (the fuzz tests run thousands)."""
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
