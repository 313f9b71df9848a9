"""Training against the joint outcome (issue 40): tables fitted so that E+ matches true points.

E+ assumes the opponent's three rows are independent: with q = 2p - 1 per row, the points
E = 2 E+ - 4 = 3/2 (qf + qm + qb) - 1/2 qf qm qb, while the true expected points (no ties) are
3/2 (E xf + E xm + E xb) - 1/2 E[xf xm xb], x being +1 for a row won and -1 for a row lost. The
per-row shares get the first part right; the triple product is where the rows' dependence (they
share one hand's 13 cards) enters, and no per-rank share can hold it.

So a round's answer can instead be fitted: some of the round's dealt hands each give their K best
undominated splits under the current tables (the splits a decision is made between); each such
split's true mean points against all the round's hands as set (exact integer sums, ties and all)
is the target, and the three tables are fitted to those targets by least squares on E = 2 E+ - 4,
with a ridge toward the per-row shares (ranks seen in few candidate splits stay near their
share). E+ is linear in each row's chance with the other two fixed, so the fit alternates rows,
each rank in closed form. The fitted chances are rounded to the nearest 1 / (2 * samples), so
the answers stay integer numerators over the training's usual denominator.

Deterministic: each hand's candidates and sums are computed alone (any thread count), and the
fit is one sequential pass per sweep.

Also here, `--respond` (responded_ranks): the round's hands are set by the best of their 8 best E+
splits in true points against some of the round's hands, and the answer is the per-row shares of
the hands so set (the best response as the training step; measured more exploitable).
"""

import numpy as np
from numba import njit, prange

from .arranger import FIVE_SUBSETS, SPLITS, THREE_SUBSETS, e_plus, hand_keys
from .evaluation import legal_ranks, score, undominated

RIDGE = 10.0   # the ridge's weight, in candidate splits' worth, toward each rank's per-row share
SWEEPS = 4     # alternating passes over the three rows
CANDIDATES = 8  # the best undominated splits per hand whose true points are fitted


@njit(cache=True, parallel=True)
def candidates(hands, tables, five_subsets, three_subsets, splits, front, middle, back, k):
    """Ranks (hands x k x 3) of each hand's k best undominated splits by E+ (fewer if it has
    fewer: counts), best first, ties in split order."""
    n = len(hands)
    out = np.zeros((n, k, 3), np.int64)
    counts = np.zeros(n, np.int64)
    for h in prange(n):
        k5, k3, r5, r3 = hand_keys(hands[h], five_subsets, three_subsets, tables)
        index, ranks = legal_ranks(k5, k3, r5, r3, splits)
        kept = np.sort(undominated(index, ranks))  # split order
        values = np.empty(len(kept), np.float64)
        for t in range(len(kept)):
            r = ranks[kept[t]]
            values[t] = e_plus(front[r[0]], middle[r[1]], back[r[2]])
        order = np.argsort(-values, kind="mergesort")
        c = min(k, len(kept))
        for t in range(c):
            out[h, t] = ranks[kept[order[t]]]
        counts[h] = c
    return out, counts


@njit(cache=True, parallel=True)
def point_sums(cands, counts, opponents):
    """Each candidate's total 4-2 points against every row of `opponents` (n x 3 ranks)."""
    n, k = cands.shape[0], cands.shape[1]
    out = np.zeros((n, k), np.int64)
    for h in prange(n):
        for t in range(counts[h]):
            a = cands[h, t]
            total = 0
            for o in range(len(opponents)):
                total += score(a[0], a[1], a[2], opponents[o, 0], opponents[o, 1],
                               opponents[o, 2])
            out[h, t] = total
    return out


@njit(cache=True)
def monotone(values, weights):
    """The non-decreasing sequence closest to `values` in weighted least squares (pool adjacent
    violators): a stronger hand never gets a smaller chance in the same row."""
    n = len(values)
    level = np.empty(n, np.float64)
    weight = np.empty(n, np.float64)
    size = np.empty(n, np.int64)
    blocks = 0
    for i in range(n):
        level[blocks] = values[i]
        weight[blocks] = weights[i]
        size[blocks] = 1
        blocks += 1
        while blocks > 1 and level[blocks - 2] > level[blocks - 1]:
            w = weight[blocks - 2] + weight[blocks - 1]
            level[blocks - 2] = (level[blocks - 2] * weight[blocks - 2]
                                 + level[blocks - 1] * weight[blocks - 1]) / w
            weight[blocks - 2] = w
            size[blocks - 2] += size[blocks - 1]
            blocks -= 1
    out = np.empty(n, np.float64)
    i = 0
    for b in range(blocks):
        out[i:i + size[b]] = level[b]
        i += size[b]
    return out


@njit(cache=True)
def fit(cands, counts, targets, shares, ridge, sweeps):
    """Tables (front, middle, back) minimising sum (2 E+ - 4 - target)^2 over the candidates
    plus ridge * sum (p - share)^2 over every rank, each row kept non-decreasing in rank, by
    alternating rows from the shares (each row's step is the closed-form fit, then the closest
    non-decreasing one in the same weights)."""
    p = [shares[0].copy(), shares[1].copy(), shares[2].copy()]
    for _ in range(sweeps):
        for row in range(3):
            a, b = (row + 1) % 3, (row + 2) % 3
            num = ridge * shares[row]
            den = np.full(len(shares[row]), ridge)
            for h in range(len(counts)):
                for t in range(counts[h]):
                    r = cands[h, t]
                    pa, pb = p[a][r[a]], p[b][r[b]]
                    c = 2.0 * (1.0 + pa + pb - 2.0 * pa * pb)  # E = c p + d
                    d = 2.0 * (pa + pb + pa * pb) - 4.0
                    num[r[row]] += c * (targets[h, t] - d)
                    den[r[row]] += c * c
            p[row] = np.minimum(np.maximum(monotone(num / den, den), 0.0), 1.0)
    return p[0], p[1], p[2]


def answer(hands, row_ranks, arranger, shares, samples, hands_used, k=CANDIDATES):
    """A round's fitted answer as numerators over 2 * samples, one array per row.

    hands: the round's dealt hands (sorted rows); row_ranks: how the tables set them;
    shares: the per-row win-share numerators over 2 * samples (the usual answer)."""
    used = hands[:hands_used]
    cands, counts = candidates(used, arranger.tables, FIVE_SUBSETS, THREE_SUBSETS, SPLITS,
                               arranger.front, arranger.middle, arranger.back, k)
    targets = point_sums(cands, counts, row_ranks) / len(row_ranks)
    fitted = fit(cands, counts, targets, tuple(s / (2 * samples) for s in shares),
                 RIDGE, SWEEPS)
    return [np.rint(f * 2 * samples).astype(np.int64) for f in fitted]


# The best response as the training step (`--respond N`, issue 40, measured): each of the round's
# hands is set by whichever of its RESPOND_CANDIDATES best splits by E+ scores most true 4-2
# points against N of the round's hands as set (not itself), instead of by E+ alone; the answer
# is then the per-row shares of the rows of the hands so set, and the tables average those
# answers: fictitious play in which each round's counter-strategy answers the true points.
RESPOND_CANDIDATES = 8


@njit(cache=True, parallel=True)
def top_splits(hands, tables, five_subsets, three_subsets, splits, front, middle, back, k):
    """Ranks (hands x k x 3) of each hand's k legal splits with the highest E+, best first, equal
    E+ in split order (so the first is the arranger's choice); counts: how many (fewer only if
    the hand has fewer legal splits)."""
    n = len(hands)
    out = np.zeros((n, k, 3), np.int64)
    counts = np.zeros(n, np.int64)
    for h in prange(n):
        k5, k3, r5, r3 = hand_keys(hands[h], five_subsets, three_subsets, tables)
        values = np.full(k, -1.0)
        best = np.zeros((k, 3), np.int64)
        c = 0
        for i in range(len(splits)):
            f, m, b = splits[i, 0], splits[i, 1], splits[i, 2]
            if k5[m] > k5[b] or k3[f] > k5[m]:
                continue
            value = e_plus(front[r3[f]], middle[r5[m]], back[r5[b]])
            if c == k and value <= values[k - 1]:
                continue
            j = min(c, k - 1)  # insert after every value >= this one (equal: split order)
            while j > 0 and values[j - 1] < value:
                values[j] = values[j - 1]
                best[j] = best[j - 1]
                j -= 1
            values[j] = value
            best[j, 0] = r3[f]
            best[j, 1] = r5[m]
            best[j, 2] = r5[b]
            if c < k:
                c += 1
        out[h] = best
        counts[h] = c
    return out, counts


@njit(cache=True, parallel=True)
def respond_ranks(cands, counts, opponents):
    """Each hand's candidate with the most 4-2 points against the opponents (n x 3 ranks; hand h
    skips opponent h, itself), the earliest of equals: the chosen rows' ranks (n x 3)."""
    n = cands.shape[0]
    out = np.empty((n, 3), np.int64)
    for h in prange(n):
        best_total = 0
        best = 0
        for t in range(counts[h]):
            a = cands[h, t]
            total = 0
            for o in range(len(opponents)):
                if o != h:
                    total += score(a[0], a[1], a[2], opponents[o, 0], opponents[o, 1],
                                   opponents[o, 2])
            if t == 0 or total > best_total:
                best_total = total
                best = t
        out[h] = cands[h, best]
    return out


def responded_ranks(hands, row_ranks, arranger, opponents, k=RESPOND_CANDIDATES):
    """(hands, 3) row ranks of the round's hands set by the best of their k E+ splits against
    the first `opponents` of the round's hands as the tables set them (row_ranks); training.py
    answers them like the plain round's ranks. hands: the round's dealt hands (sorted rows)."""
    cands, counts = top_splits(hands, arranger.tables, FIVE_SUBSETS, THREE_SUBSETS, SPLITS,
                               arranger.front, arranger.middle, arranger.back, k)
    return respond_ranks(cands, counts, np.ascontiguousarray(row_ranks[:opponents]))
