"""A pay table's bankroll figures as the site publishes them: exact moments in, records out
(bankroll/records.py).

    figures(solution, {level: holds}) -> {level: LevelBankroll}

Per level: the return, one hand's variance and its two parts (within a deal, between deals),
each round size's variance (exact and to 4 places) and standard deviation (bets), for a return
over 100% the lifetime bankroll for a 1%, 5% and 10% risk of ruin (single play), one hand's
result distribution (each pay line's pay and exact chance) for the page's session calculator,
and (`multi`) the distribution of a round of 3, 5 and 10 hands (rounds.py), which the build
writes apart from the JSON, in rounds/<slug>.js, for the calculator's multi-play sessions.
"""

import math

from ..core.decimals import ExactDecimal, ExactPercent
from .moments import ROUND_SIZES, hold_counts, moments
from .records import HandResults, LevelBankroll, RoundFigures, RoundResults
from .rounds import round_results
from .session import lifetime_bankroll

RISKS = (1, 5, 10)  # lifetime risks of ruin shown, in percent


def figures(solution, holds_by_level: dict) -> dict[str, LevelBankroll]:
    out = {}
    for level, holds in holds_by_level.items():
        counts = hold_counts(solution, holds)  # (the moments' and the rounds': counted once)
        m = moments(solution, holds, counts)
        lifetime = None
        if m.mean > 1:
            lifetime = {risk: round(lifetime_bankroll(m.pays, m.final, risk / 100))
                        for risk in RISKS}
        out[level] = LevelBankroll(
            return_=ExactPercent.of(m.mean),
            variance=ExactDecimal.of(m.variance, 4), within=ExactDecimal.of(m.within, 4),
            between=ExactDecimal.of(m.between, 4),
            rounds=tuple(RoundFigures(n, ExactDecimal.of(m.round_variance(n), 4),
                                      f"{math.sqrt(m.round_variance(n)):.2f}")
                         for n in ROUND_SIZES),
            lifetime_bankroll=lifetime,
            # one hand's result, for the page's session calculator (static/js/bankroll.js)
            hand=HandResults(tuple(m.labels), tuple(m.pays), tuple(m.final)),
            multi=tuple(RoundResults(
                r.hands, r.scale, tuple(r.totals.tolist()),
                # (12 digits: each chance within 5e-13 of itself, in a third less text)
                tuple(float(f"{c:.12g}") for c in r.chances), float(f"{r.dropped:.3g}"))
                for r in round_results(solution, holds, counts=counts).values()))
    return out
