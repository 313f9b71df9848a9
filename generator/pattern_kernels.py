"""Numba kernels for hold patterns: the features of every hold of many deals, and playing lines.

`describe_holds` computes exactly what `patterns.describe` does (tests compare them), for all 32
holds of each hand at once. `verify_deals` plays a strategy (lines of conditions, first match wins,
ties within a line to the higher cards) on every deal of a deck; the bitset kernels below play it
on suit classes during the derivation.
"""

import numpy as np
from numba import njit

from .patterns import (F, F_BP, F_DEAL, F_DISC, F_DS, F_FP, F_RP, F_SFP, F_H, F_HP, F_KIND, F_N, F_RANKS, F_S, F_SH, F_SP, F_W,
                       F_WD, FULL_HOUSE, NONE, OP_BIT, OP_EQ, OP_GE, OP_IN, OP_LE, OP_NOBIT, PAIR,
                       QUADS, RF, ROYAL_MASK, SF, TRIPS, TWO_PAIR, WILD, S, X)

N_FEATURES = 17
_WINDOWS = np.array([0x100F] + [0x1F << low for low in range(9)], np.int64)


@njit(cache=True)
def _fits(mask, windows):
    for window in windows:
        if mask & ~window == 0:
            return True
    return False


@njit(cache=True)
def describe_hand(hand, deuces_wild, high, windows, out, keys):
    """Features of the 32 holds of one hand into out[32, N_FEATURES], order keys into keys[32]."""
    counts = np.zeros(13, np.int64)
    suit_drops = np.zeros(4, np.int64)
    for mask in range(32):
        n = 0
        w = 0
        rank_mask = 0
        suit = -1
        suited = True
        distinct = True
        h = 0
        counts[:] = 0
        for i in range(5):
            if not mask >> i & 1:
                continue
            card = hand[i]
            n += 1
            if card == 52 or (deuces_wild and card < 4):
                w += 1
                continue
            r = card >> 2
            if rank_mask >> r & 1:
                distinct = False
            rank_mask |= 1 << r
            counts[r] += 1
            if r >= high:
                h += 1
            if suit < 0:
                suit = card & 3
            elif card & 3 != suit:
                suited = False
        s = 0
        if distinct:
            for window in windows:
                if rank_mask & ~window == 0:
                    s += 1
        if n == 0:
            kind = NONE
        elif n == w:
            kind = WILD
        elif not distinct:
            top = 0
            pairs = 0
            for r in range(13):
                if counts[r] > top:
                    top = counts[r]
                if counts[r] == 2:
                    pairs += 1
            if top == 4:
                kind = QUADS
            elif top == 3:
                kind = FULL_HOUSE if pairs == 1 else TRIPS
            else:
                kind = TWO_PAIR if pairs == 2 else PAIR
        elif suited and s > 0 and rank_mask & ~ROYAL_MASK == 0:
            kind = RF
        elif suited and s > 0:
            kind = SF
        elif suited:
            kind = F
        elif s > 0:
            kind = S
        else:
            kind = X
        fp = 0
        rp = 0
        sfp = 0
        sp = 0
        hp = 0
        disc = 0
        wd = 0
        bp = 0
        suit_drops[:] = 0
        for i in range(5):
            if mask >> i & 1:
                continue
            card = hand[i]
            if card == 52 or (deuces_wild and card < 4):
                wd += 1
                continue
            suit_drops[card & 3] += 1
            r = card >> 2
            disc |= 1 << r
            if r >= high:
                hp += 1
            if rank_mask >> r & 1:
                bp += 1
            if (kind == RF or kind == SF or kind == F) and card & 3 == suit:
                if r >= 8:
                    rp += 1
                if (kind == RF or kind == SF) and not rank_mask >> r & 1:
                    if _fits(rank_mask | 1 << r, windows):
                        sfp += 1
            if (kind == RF or kind == SF or kind == S) and not rank_mask >> r & 1:
                if _fits(rank_mask | 1 << r, windows):
                    sp += 1
        out[mask, F_N] = n
        out[mask, F_W] = w
        out[mask, F_KIND] = kind
        out[mask, F_S] = s
        out[mask, F_H] = h
        out[mask, F_SH] = s + h
        out[mask, F_RANKS] = rank_mask
        # Flush penalty: the most discards sharing the suit of a held natural card.
        for i in range(5):
            if mask >> i & 1 and not (hand[i] == 52 or (deuces_wild and hand[i] < 4)):
                if suit_drops[hand[i] & 3] > fp:
                    fp = suit_drops[hand[i] & 3]
        out[mask, F_FP] = fp
        out[mask, F_SP] = sp
        out[mask, F_HP] = hp
        out[mask, F_DISC] = disc
        out[mask, F_WD] = wd
        out[mask, F_DS] = suit_drops.max()
        out[mask, F_RP] = rp
        out[mask, F_SFP] = sfp
        out[mask, F_BP] = bp
        out[mask, F_DEAL] = -1  # the caller knows the class
        # Order within a line: more wild cards, then higher ranks (descending, base 14).
        key = w
        placed = 0
        for r in range(12, -1, -1):
            for _ in range(counts[r]):
                key = key * 14 + r + 1
                placed += 1
        for _ in range(placed, 5):
            key *= 14
        keys[mask] = key


@njit(cache=True)
def describe_holds(hands, deuces_wild, high):
    """(hands * 32, N_FEATURES) int32 features and (hands * 32,) int32 order keys; hands are
    the deck's class representatives, so a row's deal is its hand's index."""
    feats = np.empty((hands.shape[0] * 32, N_FEATURES), np.int32)
    keys = np.empty(hands.shape[0] * 32, np.int32)
    out = np.empty((32, N_FEATURES), np.int64)
    hand_keys = np.empty(32, np.int64)
    for n in range(hands.shape[0]):
        describe_hand(hands[n], deuces_wild, high, _WINDOWS, out, hand_keys)
        for mask in range(32):
            row = n * 32 + mask
            for f in range(N_FEATURES):
                feats[row, f] = out[mask, f]
            feats[row, F_DEAL] = n
            keys[row] = hand_keys[mask]
    return feats, keys


@njit(cache=True)
def condition_holds(x, op, v, rank_sets):
    """One condition (op, value) on one feature value x; IN looks x up in rank_sets[v]."""
    if op == OP_EQ:
        return x == v
    if op == OP_GE:
        return x >= v
    if op == OP_LE:
        return x <= v
    if op == OP_BIT:
        return (x >> v) & 1 == 1
    if op == OP_NOBIT:
        return (x >> v) & 1 == 0
    if op == OP_IN:  # values outside the table (a deal class past its width) are not in it
        return 0 <= x < rank_sets.shape[1] and rank_sets[v, x]
    return False


@njit(cache=True)
def line_matches(feats, line_ops, line_features, line_values, rank_sets, line):
    """Whether a hold's features meet every condition of one line."""
    for c in range(line_ops.shape[1]):
        op = line_ops[line, c]
        if op == 0:
            break
        if not condition_holds(np.int64(feats[line_features[line, c]]), op,
                               line_values[line, c], rank_sets):
            return False
    return True


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
def first_lines(rows, starts, keys, n_classes):
    """The place of the deciding line and the held mask, for every class (-1, 0: no line). The
    lines in order, line i meeting rows[starts[i]:starts[i + 1]] (ascending). A class is decided
    by the first line meeting any of its holds, holding its top-key row there (the lowest mask
    among equal keys, as `verify_deals` plays)."""
    place = np.full(n_classes, -1, np.int32)
    held = np.zeros(n_classes, np.int8)
    top = np.zeros(n_classes, np.int64)
    for i in range(starts.shape[0] - 1):
        for j in range(starts[i], starts[i + 1]):
            r = rows[j]
            c = r // 32
            if place[c] < 0:
                place[c] = i
                top[c] = keys[r]
                held[c] = r % 32
            elif place[c] == i and keys[r] > top[c]:
                top[c] = keys[r]
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
def _class_of(hand, n_cards, binom, rep_ranks, mapped, position):
    """Suit class index of a sorted hand; mapped/position get where each card sits in the rep."""
    masks = np.zeros(4, np.int64)
    for i in range(5):
        if hand[i] < 52:
            masks[hand[i] & 3] |= 1 << (hand[i] >> 2)
    order = np.argsort(-masks, kind="mergesort")
    new_suit = np.empty(4, np.int64)
    for new in range(4):
        new_suit[order[new]] = new
    for i in range(5):
        c = hand[i]
        mapped[i] = c if c == 52 else (c & ~3) | new_suit[c & 3]
    rep = np.sort(mapped)
    rank = 0
    for i in range(5):
        rank += binom[rep[i], i + 1]
    for i in range(5):
        for j in range(5):
            if rep[j] == mapped[i]:
                position[i] = j
    lo, hi = 0, rep_ranks.shape[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if rep_ranks[mid] < rank:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit(cache=True)
def pattern_id(feats):
    """The hold pattern (cards held, wild cards held, kind) as one index: every line's first
    three conditions fix it, so lines can be looked up by pattern."""
    return (feats[F_N] * 6 + feats[F_W]) * 12 + feats[F_KIND]


N_PATTERNS = 6 * 6 * 12


@njit(cache=True)
def verify_deals(n_cards, deuces_wild, high, line_ops, line_features, line_values, rank_sets,
                 bucket_start, bucket_lines, binom, rep_ranks, evs, best_ev, n_lines):
    """Play the strategy on every deal of the deck (not just one per suit class).

    For each deal the lines are applied to its own cards; the hold is then looked up in the
    exact EVs of the deal's suit class. Lines are found through their pattern's bucket
    (bucket_lines[bucket_start[p]:bucket_start[p + 1]], in list order). Returns (deals played,
    misplayed deals, total EV lost over all deals (same units as evs), deals decided per line,
    the first misplayed deals (up to 8 rows of five cards and the held mask; -1 rows unused)).
    """
    shown = np.full((8, 6), -1, np.int64)
    hand = np.empty(5, np.int64)
    out = np.empty((32, N_FEATURES), np.int64)
    keys = np.empty(32, np.int64)
    mapped = np.empty(5, np.int64)
    position = np.empty(5, np.int64)
    per_line = np.zeros(n_lines + 1, np.int64)
    deals = 0
    misplays = 0
    lost = 0
    for c4 in range(4, n_cards):
        for c3 in range(3, c4):
            for c2 in range(2, c3):
                for c1 in range(1, c2):
                    for c0 in range(c1):
                        hand[0] = c0
                        hand[1] = c1
                        hand[2] = c2
                        hand[3] = c3
                        hand[4] = c4
                        deals += 1
                        describe_hand(hand, deuces_wild, high, _WINDOWS, out, keys)
                        cls = _class_of(hand, n_cards, binom, rep_ranks, mapped, position)
                        for m in range(32):
                            out[m, F_DEAL] = cls
                        applied = n_lines
                        mask = 0
                        best = -1
                        for m in range(32):
                            p = pattern_id(out[m])
                            for k in range(bucket_start[p], bucket_start[p + 1]):
                                line = bucket_lines[k]
                                if line > applied:
                                    break
                                if line_matches(out[m], line_ops, line_features, line_values,
                                                rank_sets, line):
                                    if line < applied or keys[m] > best:
                                        applied = line
                                        best = keys[m]
                                        mask = m
                                    break
                        per_line[applied] += 1
                        rep_mask = 0
                        for i in range(5):
                            if mask >> i & 1:
                                rep_mask |= 1 << position[i]
                        gap = best_ev[cls] - evs[cls, rep_mask]
                        if applied == n_lines or gap != 0:
                            if misplays < 8:
                                shown[misplays, :5] = hand
                                shown[misplays, 5] = mask
                            misplays += 1
                            lost += gap
    return deals, misplays, lost, per_line, shown


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
    """The classes of the given rows, ascending and once each."""
    seen = np.zeros(n_classes, np.bool_)
    for row in rows:
        seen[row // 32] = True
    return np.flatnonzero(seen)


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
