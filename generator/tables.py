"""The numba kernels of the solver: suit classes, subset count tables, and holds by inclusion-exclusion.

The idea. For a set S of k <= 5 cards, let N(S)[c] be the number of five-card hands that contain S
and fall in pay category c. Holding H from a deal D and drawing 5 - |H| cards from the 47 (or 48)
unseen ones gives exactly the hands that contain H and avoid D - H, so by inclusion-exclusion

    draws(H)[c] = sum over T subset of D - H of (-1)^|T| N(H + T)[c]

and a deal needs only the 32 values N(S) for S subset of D: one Moebius transform over five bits
gives all 32 holds at once (3^5 = 243 terms in 80 subtractions). The tables N are built once per
pay table: N of each 4-set is tallied from the hands that contain it, and a k-set's N is the sum of
its (k+1)-supersets' N divided by 5 - k (each hand containing S is reached through that many).

Sets of k cards are indexed by colex rank, sum of C(card_i, i + 1) over the sorted cards, so that
the k-sets of an n-card deck are exactly 0 .. C(n, k) - 1. All k < 5 share one 2-D array, rows
offset by k; five-card hands are represented by their category alone.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def binomials(n_max):
    """C(n, k) for n <= n_max and k <= 5."""
    table = np.zeros((n_max + 1, 6), np.int64)
    for n in range(n_max + 1):
        table[n, 0] = 1
        for k in range(1, 6):
            if n > 0:
                table[n, k] = table[n - 1, k - 1] + table[n - 1, k]
    return table


@njit(cache=True)
def enumerate_classes(n_cards):
    """One representative of each suit-equivalence class of five-card hands, and its size.

    Two hands are equivalent if a permutation of the suits maps one onto the other; the joker has
    no suit. A hand's suits are described by four rank masks; the representative is the member
    whose masks do not increase from suit 0 to suit 3, which is unique because suits with equal
    masks map the hand onto itself. The class size is 24 divided by the number of suit
    permutations that fix the masks: 4, 12 or 24 for the 52 cards (134,459 classes).
    """
    total = n_cards * (n_cards - 1) * (n_cards - 2) * (n_cards - 3) * (n_cards - 4) // 120
    reps = np.empty((total, 5), np.int8)
    sizes = np.empty(total, np.int32)
    count = 0
    masks = np.zeros(4, np.int64)
    for c4 in range(4, n_cards):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        masks[:] = 0
                        for card in (c0, c1, c2, c3, c4):
                            if card < 52:
                                masks[card & 3] |= 1 << (card >> 2)
                        if masks[0] < masks[1] or masks[1] < masks[2] or masks[2] < masks[3]:
                            continue
                        fixing = 1
                        run = 1
                        for s in range(1, 4):
                            if masks[s] == masks[s - 1]:
                                run += 1
                                fixing *= run
                            else:
                                run = 1
                        reps[count, 0] = c0
                        reps[count, 1] = c1
                        reps[count, 2] = c2
                        reps[count, 3] = c3
                        reps[count, 4] = c4
                        sizes[count] = 24 // fixing
                        count += 1
    return reps[:count].copy(), sizes[:count].copy()


@njit(cache=True)
def count_tables(n_cards, hand_cats, n_cats, binom, offsets):
    """N(S)[c] for every set S of fewer than five cards, rows at offsets[k] + colex rank."""
    counts = np.zeros((offsets[5], n_cats), np.int32)
    # Four-card sets, tallied from the hands: dropping card j of a hand leaves a 4-set.
    h = 0
    off4 = offsets[4]
    for c4 in range(4, n_cards):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        cat = hand_cats[h]
                        h += 1
                        counts[off4 + binom[c1, 1] + binom[c2, 2] + binom[c3, 3] + binom[c4, 4], cat] += 1
                        counts[off4 + binom[c0, 1] + binom[c2, 2] + binom[c3, 3] + binom[c4, 4], cat] += 1
                        counts[off4 + binom[c0, 1] + binom[c1, 2] + binom[c3, 3] + binom[c4, 4], cat] += 1
                        counts[off4 + binom[c0, 1] + binom[c1, 2] + binom[c2, 3] + binom[c4, 4], cat] += 1
                        counts[off4 + binom[c0, 1] + binom[c1, 2] + binom[c2, 3] + binom[c3, 4], cat] += 1
    # Smaller sets from the next size up: each hand containing a k-set S is reached through the
    # 5 - k one-larger subsets of that hand that contain S.
    comb = np.zeros(6, np.int64)
    for k in range(3, -1, -1):
        big = k + 1
        for i in range(big):
            comb[i] = i
        comb[big] = n_cards  # sentinel for the colex successor
        for rank in range(binom[n_cards, big]):
            src = offsets[big] + rank
            for skip in range(big):
                dst = offsets[k]
                pos = 0
                for i in range(big):
                    if i != skip:
                        dst += binom[comb[i], pos + 1]
                        pos += 1
                for c in range(n_cats):
                    counts[dst, c] += counts[src, c]
            # Colex successor: bump the lowest element that can move, reset those below it.
            i = 0
            while comb[i] + 1 == comb[i + 1]:
                i += 1
            comb[i] += 1
            for j in range(i):
                comb[j] = j
        for row in range(offsets[k], offsets[k + 1]):
            for c in range(n_cats):
                counts[row, c] //= 5 - k
    return counts


@njit(cache=True)
def _subset_rows(hand, binom, offsets, rows):
    """rows[mask] = the table row of the cards of `hand` (sorted) selected by mask."""
    for mask in range(32):
        k = 0
        row = 0
        for i in range(5):
            if mask >> i & 1:
                k += 1
                row += binom[hand[i], k]
        rows[mask] = offsets[k] + row


@njit(cache=True)
def _moebius(values):
    """values[H] <- sum over T disjoint from H of (-1)^|T| values[H | T], in place, for 32 masks."""
    for bit in range(5):
        step = 1 << bit
        for mask in range(32):
            if not mask & step:
                values[mask] -= values[mask | step]


@njit(cache=True)
def hold_totals(hands, set_values, hand_values, binom, offsets):
    """For each sorted hand, the sum of `value` over the draws of each of its 32 holds.

    set_values[row] is the value summed over the hands containing the set at that row (k < 5);
    hand_values[rank] is the value of the five-card hand of that colex rank.
    """
    out = np.empty((hands.shape[0], 32), np.int64)
    rows = np.empty(32, np.int64)
    values = np.empty(32, np.int64)
    for n in range(hands.shape[0]):
        _subset_rows(hands[n], binom, offsets, rows)
        for mask in range(31):
            values[mask] = set_values[rows[mask]]
        values[31] = hand_values[rows[31] - offsets[5]]
        _moebius(values)
        out[n] = values
    return out


@njit(cache=True)
def hold_category_counts(hands, masks, counts, hand_cats, binom, offsets):
    """For each (sorted hand, hold mask): how many of the hold's draws end in each category."""
    n_cats = counts.shape[1]
    out = np.zeros((hands.shape[0], n_cats), np.int64)
    rows = np.empty(32, np.int64)
    for n in range(hands.shape[0]):
        _subset_rows(hands[n], binom, offsets, rows)
        held = masks[n]
        free = 31 & ~held
        # Walk the subsets T of the discards; sign (-1)^|T|.
        t = free
        while True:
            row = rows[held | t]
            sign = -1 if _popcount(t) & 1 else 1
            if held | t == 31:
                out[n, hand_cats[row - offsets[5]]] += sign
            else:
                for c in range(n_cats):
                    out[n, c] += sign * counts[row, c]
            if t == 0:
                break
            t = (t - 1) & free
    return out


@njit(cache=True)
def _popcount(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count
