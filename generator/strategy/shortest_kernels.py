"""Numba kernels for `shortest`: is a line, given as a conjunction of precomputed conditions,
safe on the rows of one hold pattern?

Rows come grouped by class (runs), each run sorted by order key descending, as in
`derive.PatternGroup`. A line plays, in each class, the first row meeting all its conditions (and
every row tied with it on the key); it is safe when all those rows are allowed (`optimal`).
A line may leave out some sets of ranks held ("any but ..."): rows of those are skipped.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def _played_wrongly(meets, combo, masks, left_out, starts, keys, optimal, run):
    """-1 if the line plays the run right, else the row it plays wrongly."""
    found = False
    top = 0
    for i in range(starts[run], starts[run + 1]):
        ok = True
        for j in combo:
            if j >= 0 and not meets[j, i]:
                ok = False
                break
        if not ok:
            continue
        for m in left_out:
            if masks[i] == m:
                ok = False
                break
        if not ok:
            continue
        if not found:
            found = True
            top = keys[i]
        elif keys[i] != top:
            return -1  # past the holds tied with the one played
        if not optimal[i]:
            return i
    return -1


@njit(cache=True)
def _first_wrong(meets, combo, masks, left_out, starts, runs, keys, optimal, failed):
    """(run, row) of the first of `runs` the line plays wrongly, or (-1, -1). The runs in
    `failed` (that failed other lines lately: most lines fail on one of a few classes) are
    checked first, if they are among `runs`; a new failure goes into `failed` (a ring whose
    next slot is failed[-1])."""
    for k in range(failed.shape[0] - 1):
        run = failed[k]
        if run >= 0:
            at = np.searchsorted(runs, run)  # (runs is ascending)
            if at < runs.shape[0] and runs[at] == run:
                row = _played_wrongly(meets, combo, masks, left_out, starts, keys, optimal, run)
                if row >= 0:
                    return run, row
    for run in runs:
        row = _played_wrongly(meets, combo, masks, left_out, starts, keys, optimal, run)
        if row >= 0:
            slot = failed[-1]
            failed[slot] = run
            failed[-1] = (slot + 1) % (failed.shape[0] - 1)
            return run, row
    return -1, -1


@njit(cache=True)
def first_safe(meets, combos, masks, starts, runs, keys, optimal, failed):
    """The first of `combos` (rows of condition indexes, -1 for none) whose line is safe on
    `runs`, or -1."""
    none = np.full(0, 0, np.int64)
    for t in range(combos.shape[0]):
        run, _ = _first_wrong(meets, combos[t], masks, none, starts, runs, keys, optimal, failed)
        if run < 0:
            return t
    return -1


@njit(cache=True)
def ranks_left_out(meets, combo, masks, covered, most, starts, runs, keys, optimal, failed):
    """The rank sets (at most `most`, none in `covered`) whose leaving out makes the line
    `combo` safe, found one wrongly played class at a time: the set of the hold it plays wrongly
    there. An empty array if there are none such (or none are needed: check first)."""
    out = np.full(most, -1, np.int64)
    for k in range(most + 1):
        run, row = _first_wrong(meets, combo, masks, out[:k], starts, runs, keys, optimal,
                                failed)
        if run < 0:
            return out[:k]
        if k == most:
            break
        for m in covered:
            if masks[row] == m:
                return out[:0]
        out[k] = masks[row]
    return out[:0]


@njit(cache=True)
def next_description(meets, trials, any_but, at, masks, covered, most, starts, runs, keys,
                     optimal, failed):
    """From trial `at` on, the first that describes the line: a plain trial safe on `runs`, or
    an "any but" trial (any_but[t]) with rank sets whose leaving out makes it safe; (its index
    and those sets, empty for a plain one), or (-1, empty). The same checks in the same order as
    `first_safe` over each run of plain trials and `ranks_left_out` on each "any but" one: one
    call where `shortest._descriptions` made thousands (Python's share of them was most of the
    time)."""
    none = np.empty(0, np.int64)
    n = trials.shape[0]
    while at < n:
        end = at
        while end < n and not any_but[end]:
            end += 1
        for t in range(at, end):
            run, _ = _first_wrong(meets, trials[t], masks, none, starts, runs, keys, optimal,
                                  failed)
            if run < 0:
                return t, none
        if end < n:
            left_out = ranks_left_out(meets, trials[end], masks, covered, most, starts, runs,
                                      keys, optimal, failed)
            if left_out.shape[0]:
                return end, left_out.copy()
        at = end + 1
    return -1, none


@njit(cache=True)
def plays_right_below(rows, starts, keys, optimal, open_classes, left):
    """Whether lines play every open class right: line i meets rows[starts[i]:starts[i + 1]]
    (ascending: a class's rows together), an open class is decided by the first line meeting
    any of its holds and held there at its top key (the lowest mask among equal keys, as
    `play_kernels.first_lines`), and must be `optimal`; `left` classes are open. Stops at the
    first class played wrongly, and once every open class is decided. `open_classes` (uint8)
    is written."""
    for i in range(starts.shape[0] - 1):
        j, end = starts[i], starts[i + 1]
        while j < end:
            c = rows[j] // 32
            if not open_classes[c]:
                j += 1
                continue
            top, held = keys[rows[j]], rows[j]
            j += 1
            while j < end and rows[j] // 32 == c:
                if keys[rows[j]] > top:
                    top, held = keys[rows[j]], rows[j]
                j += 1
            if not optimal[held]:
                return False
            open_classes[c] = 0
            left -= 1
            if left == 0:
                return True
    return left == 0
