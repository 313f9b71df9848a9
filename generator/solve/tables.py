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

_POPCOUNT5 = np.array([bin(m).count("1") for m in range(32)], np.int64)


@njit(cache=True)
def enumerate_classes(ranks, suits, group):
    """One representative of each suit-equivalence class of five-card hands, and its size.

    Two hands are equivalent if a suit permutation of `group` ((g, 4): perm[suit] = its image;
    the family's `suit_group`, all 24 unless its wild cards or a kicker single out suits) maps
    one onto the other; a card outside the four suits (a joker, a fifth ace) is fixed by every
    one. A hand's suits are described by four rank masks; the representative is the member
    whose masks, read from suit 0 to suit 3, are the largest in lexicographic order, which is
    unique because the masks and the fixed cards give the hand back. The class size is the group's order divided by
    the number of its permutations that fix the masks. With all 24: the masks do not increase
    from suit 0 to suit 3, sizes 4, 12 or 24, 134,459 classes for the 52 cards.
    """
    n_cards = len(ranks)
    total = n_cards * (n_cards - 1) * (n_cards - 2) * (n_cards - 3) * (n_cards - 4) // 120
    reps = np.empty((total, 5), np.int8)
    sizes = np.empty(total, np.int32)
    count = 0
    masks = np.zeros(4, np.int64)
    image = np.zeros(4, np.int64)
    n_perms = group.shape[0]
    for c4 in range(4, n_cards):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        masks[:] = 0
                        for card in (c0, c1, c2, c3, c4):
                            if 0 <= suits[card] < 4:
                                masks[suits[card]] |= 1 << ranks[card]
                        fixing = 0
                        largest = True
                        for g in range(n_perms):
                            for s in range(4):
                                image[group[g, s]] = masks[s]
                            order = 0  # image against masks, lexicographically: -1, 0, 1
                            for s in range(4):
                                if image[s] != masks[s]:
                                    order = 1 if image[s] > masks[s] else -1
                                    break
                            if order > 0:
                                largest = False
                                break
                            if order == 0:
                                fixing += 1
                        if not largest:
                            continue
                        reps[count, 0] = c0
                        reps[count, 1] = c1
                        reps[count, 2] = c2
                        reps[count, 3] = c3
                        reps[count, 4] = c4
                        sizes[count] = n_perms // fixing
                        count += 1
    return reps[:count].copy(), sizes[:count].copy()


@njit(cache=True)
def count_tables(n_cards, hand_cats, n_cats, binom, offsets):
    """N(S)[c] for every set S of fewer than five cards.

    Returns (small, four): rows offsets[k] + colex rank for k < 4 in `small` (int32), and the
    four-card sets by colex rank in `four` (uint8: a 4-set is in at most 48 hands). Splitting them
    keeps the biggest table at a quarter of the memory.
    """
    four = np.zeros((binom[n_cards, 4], n_cats), np.uint8)
    small = np.zeros((offsets[4], n_cats), np.int32)
    # Four-card sets, tallied from the hands: dropping card j of a hand leaves a 4-set.
    h = 0
    for c4 in range(4, n_cards):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        cat = hand_cats[h]
                        h += 1
                        four[binom[c1, 1] + binom[c2, 2] + binom[c3, 3] + binom[c4, 4], cat] += 1
                        four[binom[c0, 1] + binom[c2, 2] + binom[c3, 3] + binom[c4, 4], cat] += 1
                        four[binom[c0, 1] + binom[c1, 2] + binom[c3, 3] + binom[c4, 4], cat] += 1
                        four[binom[c0, 1] + binom[c1, 2] + binom[c2, 3] + binom[c4, 4], cat] += 1
                        four[binom[c0, 1] + binom[c1, 2] + binom[c2, 3] + binom[c3, 4], cat] += 1
    # Smaller sets from the next size up: each hand containing a k-set S is reached through the
    # 5 - k one-larger subsets of that hand that contain S.
    comb = np.zeros(6, np.int64)
    for k in range(3, -1, -1):
        big = k + 1
        for i in range(big):
            comb[i] = i
        comb[big] = n_cards  # sentinel for the colex successor
        for rank in range(binom[n_cards, big]):
            for skip in range(big):
                dst = offsets[k]
                pos = 0
                for i in range(big):
                    if i != skip:
                        dst += binom[comb[i], pos + 1]
                        pos += 1
                for c in range(n_cats):
                    if big == 4:
                        small[dst, c] += four[rank, c]
                    else:
                        small[dst, c] += small[offsets[big] + rank, c]
            # Colex successor: bump the lowest element that can move, reset those below it.
            i = 0
            while comb[i] + 1 == comb[i + 1]:
                i += 1
            comb[i] += 1
            for j in range(i):
                comb[j] = j
        for row in range(offsets[k], offsets[k + 1]):
            for c in range(n_cats):
                small[row, c] //= 5 - k
    return small, four


@njit(cache=True)
def _count(small, four, row, c):
    """N at a table row (offsets[k] + colex rank, k < 5) and category c."""
    if row < small.shape[0]:
        return np.int64(small[row, c])
    return np.int64(four[row - small.shape[0], c])


@njit(cache=True)
def set_pay_sums(small, four, pays):
    """The pay summed over the hands containing each set (k < 5), by table row."""
    n_rows = small.shape[0] + four.shape[0]
    out = np.empty(n_rows, np.int64)
    for row in range(n_rows):
        total = 0
        for c in range(small.shape[1]):
            total += _count(small, four, row, c) * pays[c]
        out[row] = total
    return out


@njit(cache=True)
def _subset_rows(hand, binom, offsets, rows):
    """rows[mask] = the table row of the cards of `hand` (sorted) selected by mask.

    Built upwards: the top card i of a mask sits at position popcount(mask) of its sorted subset,
    so colex(mask) = colex(mask without bit i) + C(hand[i], popcount(mask)).
    """
    rows[0] = 0
    for i in range(5):
        low = 1 << i
        card = hand[i]
        for rest in range(low):
            mask = low | rest
            rows[mask] = rows[rest] + binom[card, _POPCOUNT5[mask]]
    for mask in range(32):
        rows[mask] += offsets[_POPCOUNT5[mask]]


@njit(cache=True)
def _moebius(values):
    """values[H] <- sum over T disjoint from H of (-1)^|T| values[H | T], in place, for 32 masks."""
    for bit in range(5):
        step = 1 << bit
        for mask in range(32):
            if not mask & step:
                values[mask] -= values[mask | step]


@njit(cache=True)
def hold_evs(hands, set_values, hand_cats, pays, mask_factor, binom, offsets, keep):
    """EVs of the 32 holds of each sorted hand, over a common denominator, and the best of them.

    set_values[row] is the pay summed over the hands containing the set at that row (k < 5);
    the five-card hand of colex rank r pays pays[hand_cats[r]]. A hold's summed pay
    over its draws is scaled by mask_factor[mask] (denominator / number of draws), so all 32 EVs
    share one denominator. Returns (evs, top EV, number of holds reaching it, last such mask);
    evs has all 32 EVs of each hand if `keep`, else no rows (the solve needs only the best).
    """
    n_hands = hands.shape[0]
    evs = np.empty((n_hands if keep else 0, 32), np.int64)
    top = np.empty(n_hands, np.int64)
    n_top = np.empty(n_hands, np.int8)
    top_mask = np.empty(n_hands, np.int8)
    rows = np.empty(32, np.int64)
    values = np.empty(32, np.int64)
    for n in range(n_hands):
        _subset_rows(hands[n], binom, offsets, rows)
        for mask in range(31):
            values[mask] = set_values[rows[mask]]
        values[31] = pays[hand_cats[rows[31] - offsets[5]]]
        _moebius(values)
        best = -1
        count = 0
        where = 0
        for mask in range(32):
            value = values[mask] * mask_factor[mask]
            if keep:
                evs[n, mask] = value
            if value > best:
                best = value
                count = 1
                where = mask
            elif value == best:
                count += 1
                where = mask
        top[n] = best
        n_top[n] = count
        top_mask[n] = where
    return evs, top, n_top, top_mask


@njit(cache=True)
def final_hand_counts(hands, weights, masks, small, four, hand_cats, binom, offsets):
    """Sum over hands of weight * (draws of the hold `masks[n]` ending in each category).

    Inclusion-exclusion again, but summed before it is expanded: each table row collects the
    signed weights of every (hand, hold) that reaches it, then one pass multiplies rows by counts.
    """
    n_cats = small.shape[1]
    row_weight = np.zeros(offsets[5], np.int64)
    out = np.zeros(n_cats, np.int64)
    rows = np.empty(32, np.int64)
    for n in range(hands.shape[0]):
        _subset_rows(hands[n], binom, offsets, rows)
        held = masks[n]
        free = 31 & ~held
        t = free
        while True:
            sign = -weights[n] if popcount(t) & 1 else weights[n]
            row = rows[held | t]
            if held | t == 31:
                out[hand_cats[row - offsets[5]]] += sign
            else:
                row_weight[row] += sign
            if t == 0:
                break
            t = (t - 1) & free
    for row in range(offsets[5]):
        w = row_weight[row]
        if w != 0:
            for c in range(n_cats):
                out[c] += w * _count(small, four, row, c)
    return out


@njit(cache=True)
def hold_category_counts(hands, masks, small, four, hand_cats, binom, offsets):
    """For each (sorted hand, hold mask): how many of the hold's draws end in each category."""
    n_cats = small.shape[1]
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
            sign = -1 if popcount(t) & 1 else 1
            if held | t == 31:
                out[n, hand_cats[row - offsets[5]]] += sign
            else:
                for c in range(n_cats):
                    out[n, c] += sign * _count(small, four, row, c)
            if t == 0:
                break
            t = (t - 1) & free
    return out


@njit(cache=True)
def popcount(x):
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count
