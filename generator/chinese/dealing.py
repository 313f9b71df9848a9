"""The deals: reproducible hands of 13 (or 26) cards from a seed and a stream, for training and
evaluation alike.

    deal_hands(seed, stream, start, n, n_cards) -> (n, n_cards) int64 cards, in deal order
    card_masks(hands) -> (n,) uint64, bit c set for each card c of a hand

Apart from training.py so that evaluation.py, which deals its pool and pairs the same way, does
not import the trainer (the trainer's joint fit imports the evaluation's kernels).
"""

import numpy as np
from numba import njit, prange

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def mix(z):
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
    base = mix(np.uint64(seed) * _GOLDEN + np.uint64(stream))
    for h in prange(n):
        state = mix(base ^ mix(np.uint64(start + h) + _GOLDEN))
        deck = np.arange(52)
        for j in range(n_cards):
            state = state + _GOLDEN
            x = mix(state)
            # a uniform index in j..51 by multiply-shift (bias below 2**-26)
            k = j + np.int64(((x >> np.uint64(32)) * np.uint64(52 - j)) >> np.uint64(32))
            deck[j], deck[k] = deck[k], deck[j]
        out[h] = deck[:n_cards]
    return out


def card_masks(hands: np.ndarray) -> np.ndarray:
    """Each hand's cards as a 64-bit mask (bit c for card c): two hands share no card exactly
    when their masks' AND is 0 (the card removal of training and evaluation)."""
    return np.bitwise_or.reduce(np.uint64(1) << np.asarray(hands).astype(np.uint64), axis=1)
