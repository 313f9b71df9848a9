"""A machine left with multipliers lit: what sitting down is worth.

A player who may leave after any deal faces an optimal stopping problem on the same states: with
W(S) the expected profit of a player at total S who plays on only while it pays,

    W(S) = max(0, E_deal[max_h (S win(h) + E[W(S') | h])] - bet),

solved by iterating from W = 0 (it increases to the fixed point: every deal loses on average
once the multipliers are spent). W(S) > 0 says sit down; the holds are those of this problem,
not the long run's (leaving forfeits the multipliers a hold earns). Beside it, the long run's
relative value: what the multipliers showing are worth against an average deal's.

In: a `Solved` game. Out: per total, `Vulture` rows.
"""

from dataclasses import dataclass

import numpy as np

from .mdp import Solved, policy_for, transitions

WARM_STEPS = 40
STEPS = 50
SETTLED = 1e-12  # units


@dataclass(frozen=True)
class Vulture:
    total: int
    edge: float  # long-run relative value against the stationary average, units
    profit: float  # W(S): expected profit playing on while it pays, units (one line's 5 coins)
    deals: float  # expected deals played before stopping (0: do not sit down)

    @property
    def play(self) -> bool:
        return self.profit > 0


def vulture(solved: Solved) -> list[Vulture]:
    """Value iteration from W = 0 for a start, then policy iteration: the holds that maximize
    S win + E[W(S')], and W solved exactly on the totals where playing pays, until neither
    changes."""
    from . import kernels  # (lazy: numba)

    m = solved.model
    totals = m.totals.astype(np.float64)
    w = np.zeros(len(m.totals))
    for _ in range(WARM_STEPS):
        played = kernels.bellman(totals, m.arrays.weights, m.start, m.cand_win, m.cand_row,
                                 kernels.matvec(m.next_totals, w))
        w = np.maximum(0.0, played - m.bet)
    playing = deals = None
    for _ in range(STEPS):
        policy = policy_for(m, kernels.matvec(m.next_totals, w))
        trans, paid = transitions(m, policy)
        now = paid - m.bet + trans @ w > SETTLED
        idx = np.flatnonzero(now)
        updated = np.zeros(len(m.totals))
        deals = np.zeros(len(m.totals))
        if len(idx):
            a = np.eye(len(idx)) - trans[np.ix_(idx, idx)]
            updated[idx] = np.linalg.solve(a, paid[idx] - m.bet)
            deals[idx] = np.linalg.solve(a, np.ones(len(idx)))
        settled = playing is not None and np.array_equal(now, playing) and \
            np.max(np.abs(updated - w)) <= SETTLED
        w, playing = np.maximum(updated, 0.0), now
        if settled:
            break
    else:
        raise ArithmeticError("the stopping values did not settle")
    average = float(solved.evaluation.stationary @ solved.values)
    return [Vulture(int(s), float(solved.values[k] - average), float(w[k]), float(deals[k]))
            for k, s in enumerate(m.totals)]
