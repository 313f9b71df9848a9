"""Training the win-probability tables by fictitious play.

In: settings (rounds, hands per round, seed). Out: three tables of exact integer numerators over
one common denominator, one entry per rank (front 455, middle and back 7,462), and the change
between rounds.

Round 0's strategy rates a hand by where it falls among all hands of its size (a pair of aces
beats 98% of three-card hands). Round k deals `samples` hands, sets each by the current tables
(arranger.py), and counts how often each row rank occurs: the counter-strategy's win probability
for a rank r in a row is then P(opponent's row < r) + P(opponent's row = r) / 2, a tie being worth
half a win (a tied row scores nothing, which is the midpoint of +1 and -1). The tables after round
k are the average of the k counter-strategies weighted by round number (round j counts j times):
fictitious play (Robinson 1950) with linear averaging, which forgets the early answers to the
crude round-0 strategy faster than a plain average. With the integer numerators 2*below + equal,
times j, summed over rounds, the tables are exact fractions over samples * k * (k + 1). The
arranger works in float64 on those fractions; ties go by split order.

Deterministic: hand i of round k is dealt from a counter-based generator seeded by (seed, k, i),
so the deals do not depend on thread scheduling, and the counts are integers.
Card removal between the two players is ignored here (as in the seed); evaluation.py measures
what that costs.
"""

import hashlib
import time

import numpy as np
from numba import njit, prange

from .arranger import Arranger
from .ranks import N_FIVE, N_THREE, lookup_tables
from .version import RULES, TRAINER_VERSION  # (bump it when a change here can change the tables)

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def _mix(z):
    """splitmix64's output function (a bijection on 64-bit words)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, parallel=True)
def deal_hands(seed, stream, start, n, n_cards):
    """Hands start .. start+n-1 of a stream: n rows of n_cards distinct cards, in deal order.

    Each hand is a partial Fisher-Yates shuffle driven by splitmix64 from its own counter, so any
    hand can be dealt alone and the result does not depend on how the work is split.
    """
    out = np.empty((n, n_cards), np.int64)
    base = _mix(np.uint64(seed) * _GOLDEN + np.uint64(stream))
    for h in prange(n):
        state = _mix(base ^ _mix(np.uint64(start + h) + _GOLDEN))
        deck = np.arange(52)
        for j in range(n_cards):
            state = state + _GOLDEN
            x = _mix(state)
            # a uniform index in j..51 by multiply-shift (bias below 2**-26)
            k = j + np.int64(((x >> np.uint64(32)) * np.uint64(52 - j)) >> np.uint64(32))
            deck[j], deck[k] = deck[k], deck[j]
        out[h] = deck[:n_cards]
    return out


def midrank_numerators(counts: np.ndarray) -> np.ndarray:
    """2 * (count below r) + (count at r) for each rank r: the win share times 2 * total."""
    below = np.concatenate(([0], np.cumsum(counts)[:-1]))
    return 2 * below + counts


def initial_tables() -> tuple[np.ndarray, np.ndarray]:
    """Round 0: each rank's mid-rank share among all hands of its size (5-card, 3-card)."""
    _, rank5, _, rank3 = lookup_tables()
    c5 = np.bincount(rank5, minlength=N_FIVE)
    c3 = np.bincount(rank3, minlength=N_THREE)
    return (midrank_numerators(c5) / (2 * int(c5.sum())),
            midrank_numerators(c3) / (2 * int(c3.sum())))


def cache_key(rounds: int, samples: int, seed: int) -> str:
    text = f"{TRAINER_VERSION}\n{RULES}\nrounds={rounds} samples={samples} seed={seed}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def train(rounds: int, samples: int, seed: int, progress=None) -> dict:
    """Run fictitious play; returns numerators, denominator and per-round history.

    `progress(round, seconds, history_row)` is called after each round.
    """
    five0, three0 = initial_tables()
    tables = (three0, five0, five0.copy())
    sums = [np.zeros(N_THREE, np.int64), np.zeros(N_FIVE, np.int64), np.zeros(N_FIVE, np.int64)]
    history = []
    for k in range(1, rounds + 1):
        start = time.perf_counter()
        hands = deal_hands(seed, k, 0, samples, 13)
        _, row_ranks = Arranger(*tables).many(hands)
        for row, size in enumerate((N_THREE, N_FIVE, N_FIVE)):
            counts = np.bincount(row_ranks[:, row], minlength=size).astype(np.int64)
            sums[row] += k * midrank_numerators(counts)
        denominator = samples * k * (k + 1)  # 2 * samples * (1 + 2 + ... + k)
        new = tuple(s / denominator for s in sums)
        changes = [float(np.max(np.abs(n - o))) for n, o in zip(new, tables)]
        row = {"round": k, "max_change": {"front": changes[0], "middle": changes[1],
                                          "back": changes[2]}}
        history.append(row)
        tables = new
        if progress:
            progress(k, time.perf_counter() - start, row)
    return {"front": sums[0], "middle": sums[1], "back": sums[2],
            "denominator": samples * rounds * (rounds + 1), "history": history,
            "settings": {"rounds": rounds, "samples": samples, "seed": seed}}
