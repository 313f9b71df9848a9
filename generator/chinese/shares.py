"""Win shares from counts: how often each rank turns up in a row in, the mid-rank numerators out.

A rank's win share against rows counted by rank is P(row below) + P(row equal) / 2, a tie being
worth half a win; as integers, 2 * (count below) + (count at), over 2 * total. Training's round
answers and the held-cards correction both count shares this way.
"""

import numpy as np


def midrank_numerators(counts: np.ndarray) -> np.ndarray:
    """2 * (count below r) + (count at r) for each rank r: the win share times 2 * total."""
    below = np.concatenate(([0], np.cumsum(counts)[:-1]))
    return 2 * below + counts
