"""Numba kernels of the derivation: is a candidate line safe on the undecided classes of one
hold pattern, and which ranked pairs of conditions split it best.

In: the pattern's rows (by class, then order key descending), which of them meet the candidate,
which classes are still undecided, which holds are optimal. Out: safe or not, the first class
played wrongly, the deals a safe line decides.
"""

import numpy as np
from numba import njit

from .features import OP_BIT, OP_EQ, OP_GE, OP_LE, OP_NOBIT


@njit(cache=True)
def by_class_then_key(rows, keys):
    """Ascending rows reordered by class (row // 32), then by order key descending, ties kept in
    row order: a stable insertion sort within each class's run of at most 32 rows."""
    out = rows.copy()
    start = 0
    n = out.shape[0]
    while start < n:
        end = start + 1
        while end < n and out[end] // 32 == out[start] // 32:
            end += 1
        for i in range(start + 1, end):
            row = out[i]
            j = i - 1
            while j >= start and keys[out[j]] < keys[row]:
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = row
        start = end
    return out


@njit(cache=True)
def played_classes(where, alive, cls, keys, optimal):
    """(undecided classes a line meets, the class of every hold it would play wrongly).

    Rows as for `line_is_safe`. A class is listed in the second array once per non-optimal row
    tied on the top key, so repeats are possible.
    """
    met = np.empty(cls.shape[0], np.int64)
    wrong = np.empty(cls.shape[0], np.int64)
    n_met = 0
    n_wrong = 0
    current = -1
    top = -1
    for i in range(cls.shape[0]):
        if not where[i]:
            continue
        c = cls[i]
        if not alive[c]:
            continue
        if c != current:
            current = c
            top = keys[i]
            met[n_met] = c
            n_met += 1
        elif keys[i] != top:
            continue
        if not optimal[i]:
            wrong[n_wrong] = c
            n_wrong += 1
    return met[:n_met].copy(), wrong[:n_wrong].copy()


@njit(cache=True)
def line_is_safe(where, alive, cls, keys, optimal, sizes):
    """Whether a line is safe on the undecided classes, and the deals it would decide.

    Rows come sorted by class, then by order key descending; `where` marks the rows whose hold
    meets the line. In each undecided class the line holds the first such row; every row tied
    with it on the key must be optimal. Stops at the first class where that fails.
    """
    wrong, weight = first_wrong_class(where, alive, cls, keys, optimal, sizes)
    return wrong < 0, weight if wrong < 0 else 0


@njit(cache=True)
def first_wrong_class(where, alive, cls, keys, optimal, sizes):
    """(the first undecided class the line plays wrongly, or -1; the deals of the undecided
    classes it meets up to there). Rows as for `line_is_safe`."""
    rows = np.flatnonzero(where)
    return _first_wrong_of_rows(rows, rows.shape[0], alive, cls, keys, optimal, sizes)


@njit(cache=True)
def _first_wrong_of_rows(rows, count, alive, cls, keys, optimal, sizes):
    """`first_wrong_class` for the line met by rows[:count] (ascending)."""
    current = -1
    top = -1
    weight = 0
    for j in range(count):
        i = rows[j]
        c = cls[i]
        if not alive[c]:
            continue
        if c != current:
            current = c
            top = keys[i]
            weight += sizes[c]
        elif keys[i] != top:
            continue
        if not optimal[i]:
            return c, weight
    return -1, weight


@njit(cache=True)
def _class_plays_right(r, where, start, cls, keys, optimal):
    """Whether the line marked in `where` plays row r's class optimally: every row it holds
    there tied on the top key is optimal. Rows as for `grow_rank_set`."""
    i = start[r]
    top = -1
    while i < cls.shape[0] and cls[i] == cls[r]:
        if where[i]:
            if top < 0:
                top = keys[i]
            elif keys[i] != top:
                return True
            if not optimal[i]:
                return False
        i += 1
    return True


@njit(cache=True)
def grow_rank_set(base, by_mask, sorted_masks, start, candidates, alive, cls, keys, optimal):
    """Grow "ranks held in a set" greedily: each candidate mask in turn joins the set if the line
    (rows meeting `base` whose held ranks are in the set) stays safe on the undecided classes.

    Rows come sorted by class, then by order key descending (as for `line_is_safe`); by_mask
    sorts them by held ranks (sorted_masks); start[i] is the first row of row i's class. Adding
    a mask changes only the classes of its rows, so only those are re-checked. Returns (which
    candidates joined, the rows meeting the final line).
    """
    n = cls.shape[0]
    where = np.zeros(n, np.bool_)
    joined = np.zeros(candidates.shape[0], np.bool_)
    added = np.empty(n, np.int64)
    for k in range(candidates.shape[0]):
        lo = np.searchsorted(sorted_masks, candidates[k])
        hi = np.searchsorted(sorted_masks, candidates[k], side="right")
        count = 0
        for j in range(lo, hi):
            r = by_mask[j]
            if base[r] and alive[cls[r]] and not where[r]:
                where[r] = True
                added[count] = r
                count += 1
        safe = True
        for a in range(count):
            if not _class_plays_right(added[a], where, start, cls, keys, optimal):
                safe = False
                break
        if safe:
            joined[k] = count > 0
        else:
            for a in range(count):
                where[added[a]] = False
    return joined, where


@njit(cache=True)
def grow_rank_sets(bases, by_mask, sorted_masks, start, candidates, alive, cls, keys, optimal,
                   sizes):
    """`grow_rank_set` on each row of `bases` in turn, in one call (a split tries one per
    condition, hundreds of thousands in a build): (which candidates joined, per base; the deals
    the line decides if it is safe, else 0, per base where more than one joined)."""
    joined = np.zeros((bases.shape[0], candidates.shape[0]), np.bool_)
    weights = np.zeros(bases.shape[0], np.int64)
    for k in range(bases.shape[0]):
        grown, where = grow_rank_set(bases[k], by_mask, sorted_masks, start, candidates, alive,
                                     cls, keys, optimal)
        for q in range(candidates.shape[0]):  # (not `joined[k] = grown`: an array assigned
            joined[k, q] = grown[q]  # to a row compiles numba's shape-error message, 2 s)
        if grown.sum() > 1:
            _, weights[k] = line_is_safe(where, alive, cls, keys, optimal, sizes)
    return joined, weights


@njit(cache=True)
def pair_verdicts(packed, pairs, alive, cls, keys, optimal, sizes):
    """For each pair (a, b), the line "meets condition a and condition b" (rows as for
    `line_is_safe`): (the class it plays wrongly first, or -1 if it is safe; the deals it
    decides if safe).

    packed[a] holds the rows meeting condition a, 64 to a word (row i at bit i % 64 of word
    i // 64), so a pair's rows are found a word at a time: most pairs meet few rows (a rank
    set and a penalty, say)."""
    words = packed.shape[1]
    failed = np.full(pairs.shape[0], -1, np.int64)
    weights = np.zeros(pairs.shape[0], np.int64)
    for p in range(pairs.shape[0]):
        a, b = pairs[p, 0], pairs[p, 1]
        # As _first_wrong_of_rows, on the rows as they come out of the words: a wrong class
        # usually comes early, and the rest are never unpacked.
        current, top, weight, wrong = -1, -1, 0, -1
        for w in range(words):
            x = packed[a, w] & packed[b, w]
            bit = 0
            while x != 0:  # ascending bits: rows stay in order
                if (x & np.uint64(255)) == 0:
                    x >>= np.uint64(8)
                    bit += 8
                    continue
                if x & np.uint64(1):
                    i = w * 64 + bit
                    c = cls[i]
                    if alive[c]:
                        if c != current:
                            current, top = c, keys[i]
                            weight += sizes[c]
                            if not optimal[i]:
                                wrong = c
                                break
                        elif keys[i] == top and not optimal[i]:
                            wrong = c
                            break
                x >>= np.uint64(1)
                bit += 1
            if wrong >= 0:
                break
        failed[p] = wrong
        if wrong < 0:
            weights[p] = weight
    return failed, weights


@njit(cache=True)
def best_ranked_pair(meets, pairs, skip, by_mask, sorted_masks, start, candidates, alive, cls,
                     keys, optimal, sizes):
    """For each pair (a, b) in turn, "ranks held in a set" grown on the rows meeting both
    conditions (as `grow_rank_set` grows it); of those lines, the first deciding the most deals:
    (pair index or -1, the candidates it joined, dead ends). Pairs marked in `skip` are known to
    grow nothing and are not tried.

    Dead ends: pairs where no candidate joined, each candidate failing alone on some class
    (failing[offsets[p]:offsets[p + 1]], empty for other pairs). Such a pair grows nothing again
    while those classes are undecided: their rows, and so each candidate's verdict, stay put, and
    candidates only ever drop out.

    Only rows that can join are looked at: those of undecided classes whose rank mask is a
    candidate, numbered in candidate order and packed 64 to a word per condition, so a pair's
    rows come out of an AND of two bit rows already grouped by candidate. A pair whose undecided
    classes weigh no more than the best line so far cannot beat it and is skipped. The line
    grown is safe by construction: a class changes only when a candidate adds rows to it, and
    then it is checked.
    """
    k, n = meets.shape
    # Joinable rows by candidate, then row: position -> row.
    row_at = np.empty(n, np.int64)
    candidate_at = np.empty(n, np.int64)
    m = 0
    for c in range(candidates.shape[0]):
        lo = np.searchsorted(sorted_masks, candidates[c])
        hi = np.searchsorted(sorted_masks, candidates[c], side="right")
        for j in range(lo, hi):  # by_mask keeps equal masks in row order
            r = by_mask[j]
            if alive[cls[r]]:
                row_at[m] = r
                candidate_at[m] = c
                m += 1
    words = (m + 63) // 64
    packed = np.zeros((k, words), np.uint64)
    for q in range(m):
        r = row_at[q]
        for a in range(k):
            if meets[a, r]:
                packed[a, q >> 6] |= np.uint64(1) << np.uint64(q & 63)
    where = np.zeros(n, np.bool_)
    seen = np.full(alive.shape[0], -1, np.int64)  # class -> last pass that counted it
    found = np.empty(m, np.int64)
    kept = np.empty(m, np.int64)
    joined = np.empty(candidates.shape[0], np.int64)
    best, best_weight = -1, 0
    best_joined = np.zeros(candidates.shape[0], np.bool_)
    offsets = np.zeros(pairs.shape[0] + 1, np.int64)
    failing = np.empty(max(16, pairs.shape[0]), np.int64)
    n_failing = 0
    for p in range(pairs.shape[0]):
        offsets[p] = n_failing
        if skip[p]:
            continue
        a, b = pairs[p, 0], pairs[p, 1]
        count = 0
        bound = 0
        for w in range(words):
            x = packed[a, w] & packed[b, w]
            bit = 0
            while x != 0:  # ascending bits: candidate order, then row order
                if (x & np.uint64(255)) == 0:
                    x >>= np.uint64(8)
                    bit += 8
                    continue
                if x & np.uint64(1):
                    q = w * 64 + bit
                    found[count] = q
                    count += 1
                    c = cls[row_at[q]]
                    if seen[c] != 2 * p:
                        seen[c] = 2 * p
                        bound += sizes[c]
                x >>= np.uint64(1)
                bit += 1
        if bound <= best_weight:
            continue
        n_kept = 0
        n_joined = 0
        mark = n_failing
        j = 0
        while j < count:
            candidate = candidate_at[found[j]]
            first = j
            while j < count and candidate_at[found[j]] == candidate:
                where[row_at[found[j]]] = True
                j += 1
            safe = True
            for q in range(first, j):
                r = row_at[found[q]]
                if not _class_plays_right(r, where, start, cls, keys, optimal):
                    safe = False
                    if n_failing == failing.shape[0]:
                        failing = np.concatenate((failing, np.empty_like(failing)))
                    failing[n_failing] = cls[r]
                    n_failing += 1
                    break
            if safe:
                for q in range(first, j):
                    kept[n_kept] = row_at[found[q]]
                    n_kept += 1
                joined[n_joined] = candidate
                n_joined += 1
            else:
                for q in range(first, j):
                    where[row_at[found[q]]] = False
        if n_joined:
            n_failing = mark  # not a dead end
        weight = 0
        for q in range(n_kept):
            where[kept[q]] = False
            c = cls[kept[q]]
            if seen[c] != 2 * p + 1:
                seen[c] = 2 * p + 1
                weight += sizes[c]
        if n_joined and weight > best_weight:
            best, best_weight = p, weight
            best_joined[:] = False
            for q in range(n_joined):
                best_joined[joined[q]] = True
    offsets[pairs.shape[0]] = n_failing
    return best, best_joined, offsets, failing[:n_failing].copy()


@njit(cache=True)
def condition_rows(by_feature, features, ops, values, out):
    """Fill out[k] with which rows meet single condition k (features[k], ops[k], values[k]; no
    rank or deal sets), by_feature being (features, rows). A split tries a hundred conditions on
    the same rows, thousands of times in a build: one call, each condition one run over its
    feature's column, where numpy made an array per condition and then a copy of them all. The
    caller allocates `out` (numpy's allocation of a large array asks for huge pages, numba's
    does not) and may hand in the rows of a larger matrix, which are then not copied again."""
    for k in range(features.shape[0]):
        x = by_feature[features[k]]
        v = values[k]
        row = out[k]
        if ops[k] == OP_EQ:
            for i in range(x.shape[0]):
                row[i] = x[i] == v
        elif ops[k] == OP_GE:
            for i in range(x.shape[0]):
                row[i] = x[i] >= v
        elif ops[k] == OP_LE:
            for i in range(x.shape[0]):
                row[i] = x[i] <= v
        elif ops[k] == OP_BIT:
            for i in range(x.shape[0]):
                row[i] = (x[i] >> v) & 1 == 1
        elif ops[k] == OP_NOBIT:
            for i in range(x.shape[0]):
                row[i] = (x[i] >> v) & 1 == 0
        else:
            raise ValueError("a single condition's operator")
    return out
