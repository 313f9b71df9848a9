"""The per-pay-table work of a solve in plain numpy, so that `vpcharts solve` never imports numba.

numba costs a solve process more than itself: importing it maps LLVM and its own modules, and
starting it to load the first cached kernel costs more memory and time again, more than the
arithmetic of a solve (`vpcharts bench` measures a solve process). Everything a solve needs that
does not depend on the pays is computed once by the numba kernels and read back from the cache
(solver.py: the suit classes, every hand's fine code, and `fine_counts` below); what is left per
pay table is array work:

- `count_table`: N(S)[c], the hands containing each set S of fewer than five cards, by pay line,
  from the per-family counts N(S)[fine code] (stored sparse: a 4-card set is in at most 48 hands,
  so it meets only a few codes);
- `set_pay_sums`, `hold_evs`, `hold_category_counts`, `final_hand_counts`: the same as the numba
  kernels of the same names in tables.py (read that module for the inclusion-exclusion), hand by
  hand there, here a few thousand hands at a time over 32-row arrays.

Integer arithmetic only, in int64 as in the kernels, so the results are the same bits (sums in a
different order are the same in int64: addition wraps modulo 2^64 either way, and
solver._check_range keeps it from wrapping at all). tests/test_npsolve.py holds every function
to its numba kernel on every deck and family.
"""

import numpy as np

POPCOUNT = np.array([bin(m).count("1") for m in range(32)], np.int64)
CHUNK = 8192  # hands per block: the (32, CHUNK) int64 work arrays stay at 2 MiB each


def sparse_counts(small: np.ndarray, four: np.ndarray) -> dict:
    """The non-zero entries of the numba kernel's count tables (computed over fine codes), as
    `rows` (table row, ascending), `codes` and `counts`: what `count_table` needs."""
    parts = {"rows": [], "codes": [], "counts": []}
    for first, dense in ((0, small), (len(small), four)):
        for start in range(0, len(dense), 8 * CHUNK):  # in blocks: nonzero's indices are int64
            block = dense[start:start + 8 * CHUNK]
            rows, codes = np.nonzero(block)
            parts["rows"].append((rows + (first + start)).astype(np.int32))
            parts["codes"].append(codes.astype(np.uint8))
            parts["counts"].append(block[rows, codes].astype(np.int32))
    return {name: np.concatenate(arrays) for name, arrays in parts.items()}


def count_table(fine: dict, code_to_category: np.ndarray, n_cats: int, n_rows: int) -> np.ndarray:
    """(n_rows, n_cats) int32: N(S)[c] at every table row (offsets[k] + colex rank, k < 5)."""
    table = np.zeros(n_rows * n_cats, np.int32)
    for start in range(0, len(fine["rows"]), 32 * CHUNK):  # in blocks: the index is int64
        end = start + 32 * CHUNK
        index = fine["rows"][start:end].astype(np.int64) * n_cats
        index += code_to_category[fine["codes"][start:end]]
        np.add.at(table, index, fine["counts"][start:end])
    return table.reshape(n_rows, n_cats)


def set_pay_sums(table: np.ndarray, pays: np.ndarray) -> np.ndarray:
    """The pay summed over the hands containing each set (k < 5), by table row."""
    out = np.zeros(len(table), np.int64)
    for c in range(table.shape[1]):
        if pays[c]:
            out += table[:, c].astype(np.int64) * pays[c]
    return out


def subset_rows(hands: np.ndarray, binom: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """(32, n) int64: the table row of the cards of each sorted hand selected by each mask (the
    five-card hand itself at mask 31, as offsets[5] + its colex rank). As tables._subset_rows."""
    rows = np.empty((32, len(hands)), np.int64)
    rows[0] = 0
    for i in range(5):
        low = 1 << i
        card = hands[:, i].astype(np.intp)
        # C(card, k) for each position k the card can take: 1 + popcount(rest), rest < low
        terms = [np.take(binom[:, k], card) for k in range(i + 2)]
        for rest in range(low):
            np.add(rows[rest], terms[POPCOUNT[low | rest]], out=rows[low | rest])
    rows += offsets[POPCOUNT][:, None]
    return rows


def _moebius(values: np.ndarray) -> None:
    """values[H] <- sum over T disjoint from H of (-1)^|T| values[H | T], in place, over the
    first axis (32 masks)."""
    cube = values.reshape((2, 2, 2, 2, 2) + values.shape[1:])
    for axis in range(5):  # axis 0 is mask bit 4
        lower = [slice(None)] * cube.ndim
        upper = [slice(None)] * cube.ndim
        lower[axis], upper[axis] = 0, 1
        cube[tuple(lower)] -= cube[tuple(upper)]


def _block_evs(rows, set_values, hand_cats, pays, mask_factor, offsets):
    values = set_values[rows[:31]]
    values = np.concatenate([values, pays[hand_cats[rows[31] - offsets[5]]][None]])
    _moebius(values)
    values *= mask_factor[:, None]
    return values


def hold_evs(hands, set_values, hand_cats, pays, mask_factor, binom, offsets, keep):
    """As tables.hold_evs: (evs, top EV, number of holds reaching it, last such mask) of each
    sorted hand; evs (n, 32) only if `keep`, else no rows."""
    n_hands = len(hands)
    evs = np.empty((n_hands if keep else 0, 32), np.int64)
    top = np.empty(n_hands, np.int64)
    n_top = np.empty(n_hands, np.int8)
    top_mask = np.empty(n_hands, np.int8)
    for start in range(0, n_hands, CHUNK):
        end = min(start + CHUNK, n_hands)
        values = _block_evs(subset_rows(hands[start:end], binom, offsets), set_values, hand_cats,
                            pays, mask_factor, offsets)
        if keep:
            evs[start:end] = values.T
        best = values.max(axis=0)
        reaching = values == best
        top[start:end] = best
        n_top[start:end] = reaching.sum(axis=0)
        top_mask[start:end] = 31 - np.argmax(reaching[::-1], axis=0)
    return evs, top, n_top, top_mask


def hold_category_counts(hands, masks, table, hand_cats, binom, offsets):
    """As tables.hold_category_counts: for each (sorted hand, hold mask), how many of the hold's
    draws end in each category."""
    n_cats = table.shape[1]
    out = np.zeros((len(hands), n_cats), np.int64)
    rows = subset_rows(hands, binom, offsets)
    masks = np.asarray(masks, np.int64)
    for mask in range(32):
        reached = np.nonzero(mask & masks == masks)[0]  # holds that this set contains
        sign = np.where(POPCOUNT[mask] - POPCOUNT[masks[reached]] & 1, -1, 1)
        if mask == 31:
            np.add.at(out, (reached, hand_cats[rows[31, reached] - offsets[5]]), sign)
        else:
            out[reached] += sign[:, None] * table[rows[mask, reached]].astype(np.int64)
    return out


def final_hand_counts(hands, weights, masks, table, hand_cats, binom, offsets):
    """As tables.final_hand_counts: the sum over hands of weight * (draws of the hold masks[n]
    ending in each category); each table row collects its signed weights first."""
    n_cats = table.shape[1]
    row_weight = np.zeros(offsets[5], np.int64)
    out = np.zeros(n_cats, np.int64)
    for start in range(0, len(hands), CHUNK):
        end = min(start + CHUNK, len(hands))
        rows = subset_rows(hands[start:end], binom, offsets)
        held = masks[start:end].astype(np.int64)
        weight = weights[start:end]
        for mask in range(32):
            reached = np.nonzero(mask & held == held)[0]
            signed = np.where(POPCOUNT[mask] - POPCOUNT[held[reached]] & 1, -weight[reached],
                              weight[reached])
            if mask == 31:
                np.add.at(out, hand_cats[rows[31, reached] - offsets[5]], signed)
            else:
                np.add.at(row_weight, rows[mask, reached], signed)
    for c in range(n_cats):
        out[c] += (row_weight * table[:, c]).sum()
    return out
