"""The numba kernels of the Ultimate X solve: plain arrays in and out, nothing else imported.

- `prune`: per class, the holds no other hold beats at every multiplier total (a hold paying no
  more now and whose next multiplier is no larger in distribution is never better: the value of
  a total grows with it);
- `line_sums`: the distribution of the next total, the sum of `lines` independent multipliers;
- `bellman`: one step of value iteration over every class's candidate holds, every total at once;
- `policy_masks`: the hold each class plays at each total (the tie rule of `policy.py`);
- `simulate`: the game itself, deal by deal.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def prune(win, above, n_classes):
    """(start, holds) of every class's candidates: holds[start[c]:start[c + 1]]. `above[c, m, j]`
    is the share of hold m's draws earning at least the j-th multiplier; hold m is dropped when
    another pays at least as much now, earns at least as much at every j, and would win a tie
    with it (`policy`: it pays more now, or as much and has the larger mask), so that the hold
    the tie rule picks among all 32 is always among the candidates."""
    start = np.zeros(n_classes + 1, np.int64)
    out = np.empty(n_classes * 32, np.int8)
    n = 0
    n_values = above.shape[2]
    for c in range(n_classes):
        for m in range(32):
            dominated = False
            for o in range(32):
                if o == m or win[c, o] < win[c, m]:
                    continue
                ok = True
                for j in range(n_values):
                    if above[c, o, j] < above[c, m, j]:
                        ok = False
                        break
                if ok and (win[c, o] > win[c, m] or o > m):
                    dominated = True
                    break
            if not dominated:
                out[n] = m
                n += 1
        start[c + 1] = n
    return start, out[:n]


@njit(cache=True)
def line_sums(p, values, lines, top):
    """(rows, top + 1): the distribution of the sum of `lines` independent draws from each row
    of p over `values`."""
    rows = p.shape[0]
    out = np.zeros((rows, top + 1))
    work = np.zeros(top + 1)
    for r in range(rows):
        cur = np.zeros(top + 1)
        cur[0] = 1.0
        for _ in range(lines):
            work[:] = 0.0
            for s in range(top + 1):
                if cur[s] != 0.0:
                    for j in range(values.shape[0]):
                        t = s + values[j]
                        if t <= top:
                            work[t] += cur[s] * p[r, j]
            cur[:] = work
        out[r] = cur
    return out


@njit(cache=True)
def bellman(totals, weights, start, cand_win, cand_row, next_value):
    """For each total S: sum over classes of weight * max over the class's candidates of
    (S * win + next_value[row]), the value of the best hold at that total."""
    n_totals = totals.shape[0]
    out = np.zeros(n_totals)
    best = np.empty(n_totals)
    for c in range(weights.shape[0]):
        for k in range(n_totals):
            best[k] = -1e300
        for i in range(start[c], start[c + 1]):
            w = cand_win[i]
            v = next_value[cand_row[i]]
            for k in range(n_totals):
                x = totals[k] * w + v
                if x > best[k]:
                    best[k] = x
        for k in range(n_totals):
            out[k] += weights[c] * best[k]
    return out


@njit(cache=True)
def policy(totals, start, cand_win, cand_exact, cand_row, cand_mask, next_value, tolerance):
    """(classes, totals) int8: the hold of every class at every total, among its candidates:
    the largest value; holds within `tolerance` of it tie, and the one paying more now (exactly)
    is kept, then the larger mask."""
    n_classes = start.shape[0] - 1
    out = np.empty((n_classes, totals.shape[0]), np.int8)
    for c in range(n_classes):
        for k in range(totals.shape[0]):
            s = totals[k]
            top = -1e300
            for i in range(start[c], start[c + 1]):
                x = s * cand_win[i] + next_value[cand_row[i]]
                if x > top:
                    top = x
            pick = -1
            for i in range(start[c], start[c + 1]):
                x = s * cand_win[i] + next_value[cand_row[i]]
                if x >= top - tolerance:
                    if pick < 0 or cand_exact[i] > cand_exact[pick] or (
                            cand_exact[i] == cand_exact[pick] and cand_mask[i] > cand_mask[pick]):
                        pick = i
            out[c, k] = cand_mask[pick]
    return out


@njit(cache=True)
def matvec(a, x):
    """a @ x in a fixed order (BLAS may sum in another with more threads: the output must not
    depend on the machine's threads)."""
    out = np.zeros(a.shape[0])
    for i in range(a.shape[0]):
        t = 0.0
        for j in range(a.shape[1]):
            t += a[i, j] * x[j]
        out[i] = t
    return out


@njit(cache=True)
def mass_by_row(rows, held, weights, n_rows):
    """Per distinct next-multiplier distribution, the weight of the classes whose hold has it."""
    out = np.zeros(n_rows)
    for c in range(rows.shape[0]):
        out[rows[c, held[c]]] += weights[c]
    return out


@njit(cache=True)
def vecmat(x, a):
    """x @ a in a fixed order."""
    out = np.zeros(a.shape[1])
    for i in range(a.shape[0]):
        if x[i] != 0.0:
            for j in range(a.shape[1]):
                out[j] += x[i] * a[i, j]
    return out


@njit(cache=True)
def _colex(cards, binom):
    r = 0
    for i in range(5):
        r += binom[cards[i], i + 1]
    return r


@njit(cache=True)
def _sort5(a):
    for i in range(1, 5):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


@njit(cache=True)
def simulate(n_deals, lines, n_cards, seed, binom, rep_ranks, policy, totals, hand_cats,
             scaled_pays, category_multiplier, batches):
    """Play the game deal by deal, as the machine does: a random deal; the hold `policy`
    gives for its suit class at the total showing; each line drawing from its own shuffle of
    the cards not dealt; each line's pay times its multiplier; the multipliers its final
    hands earn carried to the next deal. Returns the total pay of each batch of deals (in
    scaled pay units times multipliers), for batch means."""
    np.random.seed(seed)
    index_of = np.full(totals[-1] + 1, -1, np.int64)
    for k in range(totals.shape[0]):
        index_of[totals[k]] = k
    mult = np.ones(lines, np.int64)
    out = np.zeros(batches)
    per_batch = n_deals // batches
    deck = np.arange(n_cards)
    deal = np.empty(5, np.int64)
    mapped = np.empty(5, np.int64)
    rep = np.empty(5, np.int64)
    final = np.empty(5, np.int64)
    rest = np.empty(n_cards, np.int64)
    masks = np.zeros(4, np.int64)
    order = np.empty(4, np.int64)
    new_suit = np.empty(4, np.int64)
    for t in range(per_batch * batches):
        # the deal: the first five of a shuffle
        for i in range(5):
            j = i + np.random.randint(n_cards - i)
            deck[i], deck[j] = deck[j], deck[i]
            deal[i] = deck[i]
        _sort5(deal)
        # its suit class (solver.class_of): suits ordered by their rank masks, largest first
        masks[:] = 0
        for i in range(5):
            if deal[i] < 52:
                masks[deal[i] & 3] |= 1 << (deal[i] >> 2)
        for s in range(4):
            order[s] = s
        for i in range(1, 4):
            x = order[i]
            j = i - 1
            while j >= 0 and masks[order[j]] < masks[x]:
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = x
        for s in range(4):
            new_suit[order[s]] = s
        for i in range(5):
            c = deal[i]
            mapped[i] = c if c >= 52 else (c & ~3) | new_suit[c & 3]
            rep[i] = mapped[i]
        _sort5(rep)
        r = _colex(rep, binom)
        lo, hi = 0, rep_ranks.shape[0] - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if rep_ranks[mid] < r:
                lo = mid + 1
            else:
                hi = mid
        cls = lo
        total = 0
        for i in range(lines):
            total += mult[i]
        rep_mask = policy[cls, index_of[total]]
        held_n = 0
        for i in range(5):
            # deal[i] is held if its image sits at a held position of the representative
            for p in range(5):
                if rep[p] == mapped[i] and (rep_mask >> p) & 1:
                    final[held_n] = deal[i]
                    held_n += 1
        n_rest = 0
        for c in range(n_cards):
            dealt = False
            for i in range(5):
                if deal[i] == c:
                    dealt = True
            if not dealt:
                rest[n_rest] = c
                n_rest += 1
        paid = 0
        for line in range(lines):
            k = held_n
            for i in range(5 - held_n):
                j = i + np.random.randint(n_rest - i)
                rest[i], rest[j] = rest[j], rest[i]
                final[k] = rest[i]
                k += 1
            hand = final.copy()
            _sort5(hand)
            cat = hand_cats[_colex(hand, binom)]
            paid += scaled_pays[cat] * mult[line]
            mult[line] = category_multiplier[cat]
        out[t // per_batch] += paid
    return out
