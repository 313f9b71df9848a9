"""Numba kernels that play an ordered list of lines on suit classes, from a bitset per (class,
hold) row of the lines it meets (compact.LineBits keeps it).

In: the bitset, each line's position in the list, the rows' order keys (and for pricing, every
hold's EV and each class's best). Out: per class, the line deciding it and the hold it plays;
`play_and_price` also what each class would lose if that line went (the levels' descent).
"""

import numpy as np
from numba import njit


@njit(cache=True)
def decide_classes(bits, position, keys, optimal, classes):
    """Play a decision list on the given classes from per-row line bitsets: the first of them
    played wrongly, or -1 if every one is played optimally.

    bits[word, row] has bit b set if the row's hold meets the line in slot 32 * word + b;
    position[slot] is the slot's place in the list (-1: not in it). A class is played by the
    first line any of its holds meets; among that line's holds, every hold with the top order key
    must be optimal (the player may take any of them).
    """
    big = 1 << 30
    firsts = np.empty(32, np.int64)
    for c in classes:
        best = big
        for m in range(32):
            firsts[m] = _row_first(bits, position, c * 32 + m, big)
            if firsts[m] < best:
                best = firsts[m]
        if best == big:
            return c
        top = -1
        for m in range(32):
            if firsts[m] == best and keys[c * 32 + m] > top:
                top = keys[c * 32 + m]
        for m in range(32):
            if firsts[m] == best and keys[c * 32 + m] == top and not optimal[c * 32 + m]:
                return c
    return -1


@njit(cache=True)
def decide_into(bits, position, order, keys, classes, decider):
    """decider[c] = the slot of the first line any hold of class c meets (order[place]), or -1,
    for the given classes."""
    big = 1 << 30
    for c in classes:
        best = big
        for m in range(32):
            first = _row_first(bits, position, c * 32 + m, big)
            if first < best:
                best = first
        decider[c] = order[best] if best < big else -1


@njit(cache=True)
def first_lines(rows, starts, keys, choice, n_classes):
    """The place of the deciding line and the held mask, for every class (-1, 0: no line). The
    lines in order, line i meeting rows[starts[i]:starts[i + 1]] (ascending). A class is decided
    by the first line meeting any of its holds, holding its top row there in the order of the
    line's choice rule, keys[choice[i]] (the lowest mask among equal keys, as `verify_deals`
    plays). (Which line decides a class does not depend on the rules: only which of its holds
    is held.)"""
    place = np.full(n_classes, -1, np.int32)
    held = np.zeros(n_classes, np.int8)
    top = np.zeros(n_classes, np.int64)
    for i in range(starts.shape[0] - 1):
        rule = choice[i]
        for j in range(starts[i], starts[i + 1]):
            r = rows[j]
            c = r // 32
            if place[c] < 0:
                place[c] = i
                top[c] = keys[rule, r]
                held[c] = r % 32
            elif place[c] == i and keys[rule, r] > top[c]:
                top[c] = keys[rule, r]
                held[c] = r % 32
    return place, held


@njit(cache=True)
def _row_first(bits, position, row, big):
    first = big
    for word in range(bits.shape[0]):
        b = np.int64(bits[word, row])  # uint32, read as a non-negative int64
        while b != 0:
            low = b & -b
            p = position[word * 32 + _bit_index(low)]
            if p >= 0 and p < first:
                first = p
            b ^= low
    return first


@njit(cache=True)
def move_column(bits, slot, old_rows, new_rows):
    """The bit of `slot`: cleared on old_rows (where it was set), then set on new_rows."""
    word = slot // 32
    bit = np.uint32(1 << (slot % 32))
    others = np.uint32(0xFFFFFFFF ^ (1 << (slot % 32)))
    for row in old_rows:
        bits[word, row] = bits[word, row] & others
    for row in new_rows:
        bits[word, row] = bits[word, row] | bit


@njit(cache=True)
def _bit_index(low):
    i = 0
    while low > 1:
        low >>= 1
        i += 1
    return i


@njit(cache=True)
def loss_on_classes(bits, position, keys, evs, best_ev, sizes, classes):
    """Sum over the given classes of deals * (best EV - EV of the hold the list plays).

    The hold played is the one with the top order key among the holds meeting the first line
    that fits (the lowest mask among equal keys, as `verify_deals` plays). evs is (classes, 32).
    """
    big = 1 << 30
    total = 0
    for c in classes:
        best = big
        top = -1
        held = 0
        for m in range(32):
            first = _row_first(bits, position, c * 32 + m, big)
            if first < best or (first == best and keys[c * 32 + m] > top):
                best = first
                top = keys[c * 32 + m]
                held = m
        if best == big:
            held = 0
        total += sizes[c] * (best_ev[c] - evs[c, held])
    return total


@njit(cache=True)
def holds_on_classes(bits, position, keys, classes):
    """The mask each of the given classes holds, played as in `loss_on_classes` (0: no line)."""
    big = 1 << 30
    out = np.zeros(classes.shape[0], np.int8)
    for k in range(classes.shape[0]):
        c = classes[k]
        best = big
        top = -1
        for m in range(32):
            first = _row_first(bits, position, c * 32 + m, big)
            if first < best or (first == best and keys[c * 32 + m] > top):
                best = first
                top = keys[c * 32 + m]
                out[k] = m
        if best == big:
            out[k] = 0
    return out


@njit(cache=True)
def play_and_price(bits, position, keys, evs, best_ev, sizes, classes):
    """For each of the given classes: the place of the deciding line (-1: none), the held mask,
    as `first_lines`, the mask it would hold if that line were deleted, and how much the class's
    loss grows then.

    Deleting a line changes only the classes it decides: each falls to the next line any of its
    holds meets (holds picked as in `loss_on_classes`). One pass prices every deletion: each
    row's two first lines are found in one scan of its bits.
    """
    big = 1 << 30
    place = np.full(classes.shape[0], -1, np.int32)
    held = np.zeros(classes.shape[0], np.int8)
    falls = np.zeros(classes.shape[0], np.int8)
    grow = np.zeros(classes.shape[0], np.int64)
    firsts = np.empty(32, np.int64)
    seconds = np.empty(32, np.int64)
    for k in range(classes.shape[0]):
        c = classes[k]
        best, top, hold = big, -1, 0
        for m in range(32):
            row = c * 32 + m
            first, second = big, big
            for word in range(bits.shape[0]):
                b = np.int64(bits[word, row])
                while b != 0:
                    low = b & -b
                    p = position[word * 32 + _bit_index(low)]
                    if p >= 0:
                        if p < first:
                            first, second = p, first
                        elif p < second:
                            second = p
                    b ^= low
            firsts[m], seconds[m] = first, second
            if first < best or (first == best and keys[row] > top):
                best, top, hold = first, keys[row], m
        if best == big:
            continue
        place[k] = best
        held[k] = hold
        # Without that line each row falls to its first line below it.
        after, top, fallback = big, -1, 0
        for m in range(32):
            g = firsts[m] if firsts[m] > best else seconds[m]
            if g < after or (g == after and keys[c * 32 + m] > top):
                after, top, fallback = g, keys[c * 32 + m], m
        if after == big:
            fallback = 0
        falls[k] = fallback
        grow[k] = sizes[c] * (evs[c, hold] - evs[c, fallback])
    return place, held, falls, grow


@njit(cache=True)
def line_holds(rows, keys):
    """For the rows meeting a line (ascending, so each class's rows are together): the classes
    it meets and the hold it takes in each, its top-key row there (the lowest mask among equal
    keys, as `loss_on_classes` plays)."""
    classes = np.empty(rows.shape[0], np.int64)
    held = np.empty(rows.shape[0], np.int64)
    count = 0
    k = 0
    while k < rows.shape[0]:
        c = rows[k] // 32
        hold = rows[k] % 32
        top = keys[rows[k]]
        k += 1
        while k < rows.shape[0] and rows[k] // 32 == c:
            if keys[rows[k]] > top:
                hold = rows[k] % 32
                top = keys[rows[k]]
            k += 1
        classes[count] = c
        held[count] = hold
        count += 1
    return classes[:count].copy(), held[:count].copy()


@njit(cache=True)
def classes_of(rows, n_classes):
    """The classes of the given rows, ascending and once each. A few rows (one line's, mostly)
    are sorted; a bitmap over every class took most of the time there, some 17,000 calls a
    build of five tables."""
    if rows.shape[0] * 16 < n_classes:
        cls = np.sort(rows // 32).astype(np.int64)
        out = np.empty(cls.shape[0], np.int64)
        count = 0
        for i in range(cls.shape[0]):
            if count == 0 or cls[i] != out[count - 1]:
                out[count] = cls[i]
                count += 1
        return out[:count].copy()
    seen = np.zeros(n_classes, np.bool_)
    for row in rows:
        seen[row // 32] = True
    return np.flatnonzero(seen)


@njit(cache=True)
def merge_takes(met, loss_if, unpat, place, at, bound, sizes, now, decided_a, decided_b, marks):
    """A merged line put at place `at` in place of lines a and b: the classes it takes are those
    it meets (`met`) that no line above `at` decides (place >= at, or -1). Returns (whether it
    keeps the rules there: no loss past `bound`, given per class met in `loss_if`, and no pat
    hand broken, `unpat`; the change in cost summed over the deals there, in EV integers; the
    classes a or b decided that it does not take, in that order). `marks` is scratch, one per
    class, all False, and left so. One pass, where numpy took ten over the classes met."""
    cost = 0
    keeps = True
    for k in range(met.shape[0]):
        c = met[k]
        if place[c] >= at or place[c] < 0:
            if loss_if[k] > bound or unpat[k]:
                keeps = False
                break
            marks[c] = True
            cost += sizes[c] * loss_if[k] - now[c]
    rest = np.empty(decided_a.shape[0] + decided_b.shape[0], np.int64)
    count = 0
    if keeps:
        for decided in (decided_a, decided_b):
            for c in decided:
                if not marks[c]:
                    rest[count] = c
                    count += 1
    for c in met:
        marks[c] = False
    return keeps, cost, rest[:count]


@njit(cache=True)
def scatter_add(target, index, values, sign):
    """target[index[i]] += sign * values[i] for every i, repeated indexes summed: `np.add.at`
    (exact in int64 as it is), which goes element by element through numpy's generic ufunc
    machinery and took seconds of a 700,544-class game's levels."""
    for i in range(index.shape[0]):
        target[index[i]] += sign * values[i]
