"""The held-cards correction: how the cards a hand holds change each row's chance of winning.

In: reference hands (n x 13 cards) and the row ranks the trained tables set them to. Out: for
each row, rank v and card rank k (deuce .. ace), how much the chance that a row of rank v wins
changes when the opponent cannot hold one given card of rank k, as integers over
HELD_DENOMINATOR (rounded half up from exact fractions).

Why: the tables rate a row against the rows opponents set from any 13 cards, but an opponent's
13 cards come from the 39 the hand does not hold. Holding aces leaves the opponent fewer aces;
that is most of what the best response wins against the plain tables (issue 40,
docs/design/06-chinese-poker.md).
A hand holding a_k cards of rank k then rates a row of rank v at

    table[v] + sum over k of a_k * held[v][k] / HELD_DENOMINATOR, kept within 0 .. 1

(first order in the cards held: each held card's effect added, as if alone), and the arranger
takes the split with the largest E+ of those chances (arranger.py, and the same arithmetic in
static/js/chinese-arranger.js).

An opponent holding b cards of rank k holds one given card of that rank with chance b/4 (the
suits are alike), so against one removed card of rank k each reference hand counts with weight
(4 - b)/4: the row's share is then (2 * weighted count below v + weighted count at v) over twice
the total weight, as in training's win shares, and the correction is that share minus the
unweighted one.
"""

import numpy as np

from .shares import midrank_numerators

HELD_DENOMINATOR = 100_000  # a correction is at most a few hundredths; five digits are plenty
HELD_STREAM = 3_000_003      # the reference hands' deal stream (training uses 1..rounds)


def rank_counts(hands: np.ndarray) -> np.ndarray:
    """(n, 13): how many cards of each rank (deuce .. ace) each hand holds (card = rank*4+suit)."""
    ranks = np.asarray(hands) // 4
    return np.stack([(ranks == k).sum(axis=1) for k in range(13)], axis=1).astype(np.int64)


def row_corrections(row_ranks: np.ndarray, counts: np.ndarray, size: int) -> np.ndarray:
    """(size, 13) corrections of one row: row_ranks (n,) its rank in each reference hand,
    counts (n, 13) each reference hand's rank counts. Exact integer arithmetic (Python ints)."""
    # (Python ints from here: the products below times HELD_DENOMINATOR can pass int64's range)
    plain = midrank_numerators(np.bincount(row_ranks, minlength=size)).tolist()
    total = len(row_ranks)
    out = np.zeros((size, 13), np.int64)
    for k in range(13):
        weights = 4 - counts[:, k]
        weighted = midrank_numerators(np.bincount(row_ranks, weights=weights, minlength=size)
                                      .round().astype(np.int64)).tolist()
        weight = int(weights.sum())
        den = 2 * total * weight  # weighted[v] / (2 weight) - plain[v] / (2 total)
        for v in range(size):
            num = (weighted[v] * total - plain[v] * weight) * HELD_DENOMINATOR
            out[v, k] = (2 * num + den) // (2 * den)
    return out


def corrections(hands: np.ndarray, row_ranks: np.ndarray, sizes) -> list[np.ndarray]:
    """The three rows' corrections (front, middle, back) from reference hands (n x 13) and the
    rows' ranks the tables set them to (n x 3); sizes: each row's number of ranks."""
    counts = rank_counts(hands)
    return [row_corrections(np.ascontiguousarray(row_ranks[:, row]), counts, size)
            for row, size in enumerate(sizes)]
