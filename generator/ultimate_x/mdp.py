"""Ultimate X as a Markov decision problem, solved for its long-run optimum.

The state. Each line carries a multiplier; a deal pays every line its win times its multiplier,
and each line's final hand sets that line's multiplier for the next deal. The player holds the
same cards on every line, and each line draws from its own deck. So the value of a hold h on a
deal, with multipliers m_1..m_N showing, is

    (m_1 + ... + m_N) * win(h)  +  E[ V(next multipliers) | h ]

and the next multipliers are N independent draws from the distribution h's final hands give one
line. The second term does not depend on the multipliers showing, and the first depends on them
only through their total S: by induction over value iteration, V depends on the total alone, and
so does the best hold. The state is S, from N (every line 1x) to 12 N (Koehler's app asks for
the same: the deal and the sum of the multipliers). A 10-play game has at most 111 states.

The solver. Relative value iteration (Puterman, 8.5.5): V <- T V - (T V)(S = N), where
(T V)(S) = E_deal[max_h (S win(h) + E[V(S') | h])]. The long-run gain g (total pay per deal, in
units of one line's 5-coin bet) lies between min_S and max_S of (T V - V)(S) at every step
(Odoni's bounds); iteration stops when they are within `BOUND` of each other in return per coin.
The return per coin bet is g / (2 N): each line is bet 10 coins, and pays per 5.

Floating point, because V is the fixed point of an average over 134,459 classes of maxima, with
no exact form worth having; `fixed.py` gives the exact returns of the policies that do not look
at the multipliers (the base game's strategy, the single strategy), and the tests hold this
solver to exact rational policy evaluation on the single-hand game.

In: `HoldArrays`. Out: `Solved`: the values of the totals, the gain and its bound, the
stationary distribution of the total and of one line's multiplier, and the hold of every class
at every total.
"""

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from ..solve.jit import kernels as start_numba
from .holds import HoldArrays

BOUND = 1e-12  # the gain's bracket, in return per coin, where iteration stops
MAX_STEPS = 1000
# Holds whose values differ by less than this (in units of one line's 5-coin bet) are a tie: the
# browser computes the same values in another order, so the last bits may differ.
TOLERANCE = 1e-9


@dataclass
class Model:
    """What does not depend on the values: each hold's win, the distinct distributions of one
    line's next multiplier among all holds (`rows`), and for each of them the distribution of
    the next total (`next_totals`), over the reachable totals."""

    arrays: HoldArrays
    lines: int
    totals: np.ndarray  # (K,) int64: the reachable totals, ascending
    win: np.ndarray  # (classes, 32) float64: EV of the pay per coin
    rows: np.ndarray  # (classes, 32) int32: the distinct next-multiplier distribution of the hold
    next_totals: np.ndarray  # (rows, K) float64
    start: np.ndarray  # candidates of class c: cand_*[start[c]:start[c + 1]]
    cand_win: np.ndarray
    cand_row: np.ndarray
    cand_mask: np.ndarray
    cand_exact: np.ndarray  # the candidates' win as exact integers (the tie rule's)

    @property
    def bet(self) -> int:
        return 2 * self.lines  # units of one line's 5-coin bet

    def index(self, total: int) -> int:
        k = int(np.searchsorted(self.totals, total))
        if k == len(self.totals) or self.totals[k] != total:
            raise ValueError(f"{total} is not a total {self.lines} lines can show")
        return k


def reachable_totals(values: tuple[int, ...], lines: int) -> np.ndarray:
    sums = {0}
    for _ in range(lines):
        sums = {s + v for s in sums for v in values}
    return np.array(sorted(sums), np.int64)


def distinct_rows(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(first row of each distinct count vector, the distinct index of every row) of a
    (rows, G) integer array: a polynomial hash, then checked row by row."""
    key = np.zeros(len(counts), np.uint64)
    for j in range(counts.shape[1]):
        key = key * np.uint64(1_000_003) + counts[:, j].astype(np.uint64)
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    if not np.array_equal(counts[first][inverse], counts):
        raise AssertionError("hash collision between distinct multiplier distributions")
    return first, inverse.reshape(-1)


def model(arrays: HoldArrays, lines: int) -> Model:
    start_numba()
    from . import kernels  # (lazy: numba)

    n_classes = len(arrays.win)
    flat = arrays.counts.reshape(-1, len(arrays.values))
    first, inverse = distinct_rows(flat)
    p = flat[first] / arrays.denominator
    values = np.array(arrays.values, np.int64)
    top = lines * int(values.max())
    totals = reachable_totals(arrays.values, lines)
    next_totals = np.ascontiguousarray(kernels.line_sums(p, values, lines, top)[:, totals])
    win = arrays.win / arrays.unit
    # P(next multiplier >= the j-th value), as integers, for pruning
    above = np.ascontiguousarray(np.cumsum(arrays.counts[:, :, ::-1], axis=2)[:, :, ::-1])
    start, masks = kernels.prune(arrays.win, above, n_classes)
    cls = np.repeat(np.arange(n_classes), np.diff(start))
    rows = inverse.reshape(n_classes, 32).astype(np.int32)
    return Model(arrays, lines, totals, win, rows, next_totals, start,
                 np.ascontiguousarray(win[cls, masks]), np.ascontiguousarray(rows[cls, masks]),
                 masks, np.ascontiguousarray(arrays.win[cls, masks]))


@dataclass
class Solved:
    model: Model
    values: np.ndarray  # (K,): relative value of each total (V at every line 1x is 0), units
    gain: float  # total pay per deal, units of one line's 5-coin bet
    low: float  # Odoni's bounds on the optimal gain
    high: float
    steps: int

    @property
    def lines(self) -> int:
        return self.model.lines

    @property
    def expected_return(self) -> float:
        """Per coin bet."""
        return self.gain / self.model.bet

    @property
    def bound(self) -> float:
        """|optimal return - expected_return| is at most this (per coin bet)."""
        return (self.high - self.low) / 2 / self.model.bet

    @cached_property
    def next_value(self) -> np.ndarray:
        """(rows,): E[V(next total)] of each distinct next-multiplier distribution."""
        from . import kernels  # (lazy: numba)

        return kernels.matvec(self.model.next_totals, self.values)

    @cached_property
    def policy(self) -> np.ndarray:
        """(classes, K) int8: the hold of every class at every total."""
        return policy_for(self.model, self.next_value)

    @cached_property
    def evaluation(self) -> "Evaluation":
        return evaluate(self.model, self.policy)

    def hold_values(self, cls: int, total: int) -> np.ndarray:
        """(32,): every hold's value on a class at a total (pay now + value of the next total)."""
        m = self.model
        return total * m.win[cls] + self.next_value[m.rows[cls]]


def policy_for(m: Model, next_value: np.ndarray) -> np.ndarray:
    """(classes, K) int8: the hold maximizing S win + next_value[row] at every total S."""
    from . import kernels  # (lazy: numba)

    return kernels.policy(m.totals.astype(np.float64), m.start, m.cand_win, m.cand_exact,
                          m.cand_row, m.cand_mask, next_value, TOLERANCE)


def solve(m: Model, bound: float = BOUND) -> Solved:
    from . import kernels  # (lazy: numba)

    weights = m.arrays.weights
    totals = m.totals.astype(np.float64)
    values = np.zeros(len(m.totals))
    low = high = 0.0
    for step in range(1, MAX_STEPS + 1):
        updated = kernels.bellman(totals, weights, m.start, m.cand_win, m.cand_row,
                                  kernels.matvec(m.next_totals, values))
        diff = updated - values
        low, high = float(diff.min()), float(diff.max())
        values = updated - updated[0]
        if (high - low) / 2 / m.bet <= bound:
            break
    else:
        raise ArithmeticError(f"value iteration did not settle in {MAX_STEPS} steps "
                              f"(bracket {(high - low) / 2 / m.bet:.3g})")
    return Solved(m, values, (low + high) / 2, low, high, step)


@dataclass
class Evaluation:
    """A policy's long run: its gain and the stationary distribution of the total."""

    gain: float
    stationary: np.ndarray  # (K,)
    paid: np.ndarray  # (K,): expected pay of a deal at each total
    transition: np.ndarray = field(repr=False)  # (K, K)

    def expected_return(self, m: Model) -> float:
        return self.gain / m.bet


def transitions(m: Model, policy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(transition matrix over totals, expected pay at each total) of a policy table."""
    from . import kernels  # (lazy: numba)

    weights = m.arrays.weights
    classes = np.arange(len(policy))
    k_count = len(m.totals)
    trans = np.empty((k_count, k_count))
    paid = np.empty(k_count)
    for k in range(k_count):
        held = np.ascontiguousarray(policy[:, k].astype(np.int64))
        mass = kernels.mass_by_row(m.rows, held, weights, len(m.next_totals))
        trans[k] = kernels.vecmat(mass, m.next_totals)
        paid[k] = m.totals[k] * float(np.sum(weights * m.win[classes, held]))
    return trans, paid


def stationary(trans: np.ndarray) -> np.ndarray:
    """The stationary distribution of a transition matrix: pi (P - I) = 0 with one equation
    replaced by sum(pi) = 1, solved directly (every chain here reaches the all-1x total)."""
    k_count = len(trans)
    a = trans.T - np.eye(k_count)
    a[0] = 1.0
    b = np.zeros(k_count)
    b[0] = 1.0
    pi = np.linalg.solve(a, b)
    pi = np.clip(pi, 0.0, None)
    return pi / pi.sum()


def evaluate(m: Model, policy: np.ndarray) -> Evaluation:
    trans, paid = transitions(m, policy)
    pi = stationary(trans)
    return Evaluation(float(pi @ paid), pi, paid, trans)


def line_multipliers(m: Model, policy: np.ndarray, pi: np.ndarray) -> np.ndarray:
    """(len(values),): the stationary distribution of one line's multiplier under a policy
    (every line alike)."""
    weights = m.arrays.weights
    classes = np.arange(len(policy))
    out = np.zeros(len(m.arrays.values))
    for k in range(len(m.totals)):
        held = policy[:, k].astype(np.int64)
        out += pi[k] * (weights @ m.arrays.counts[classes, held])
    return out / m.arrays.denominator
