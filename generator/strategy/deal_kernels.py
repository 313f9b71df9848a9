"""Numba kernels, deal by deal: the features of all 32 holds of many hands, and a table played on
every deal of a deck.

In: sorted hands (suit-class representatives or every deal), the family's cards (`faces_of`:
each card's rank, suit and whether it is wild) and lowest high rank; for `verify_deals`, a table as condition arrays and every class's EVs. Out: (hands x
32, N_FEATURES) features and order keys, exactly as `features.describe` and `features.rank_key`
give them (tests compare them); misplays, their cost and per-line counts.

`verify_deals` stays in this file with `describe_hand`, which it calls: numba's cache of a kernel
does not notice a change to a kernel it calls from another file.
"""

import numpy as np
from numba import njit

from ..solve.codes import card_faces

from . import features as P
from .features import (F, F_BEST, F_BP, F_DEAL, F_DISC, F_DS, F_FP, F_RP, F_SFP, F_H, F_HP,
                       F_KC, F_KCD, F_KIND, F_N, F_RANKS, F_S, F_SH, F_SHF, F_SHP, F_SP, F_W, F_WD, F_WS,
                       FULL_HOUSE, NONE, OP_BIT, OP_EQ, OP_GE, OP_IN, OP_LE, OP_NOBIT, PAIR,
                       QUADS, FIVE, N_KINDS, RF, ROYAL_MASK, SF, TRIPS, TWO_PAIR, WILD, S, X)


N_FEATURES = len(P.FEATURES)


def faces_of(family) -> tuple:
    """A family's cards as `describe_hand` reads them, per card id: (ranks, suits, wild, kicker)
    int64 arrays (kicker: 1 for a card a category pays as a kicker of named suits,
    `Family.kicker_card_ids`); per suit, 1 if a wild card is of it (`Family.wild_suits`); and
    whether some wild card has a face (`Family.faced_wilds`)."""
    ranks, suits, kinds = card_faces(family)
    kicker = np.array([int(card in family.kicker_card_ids) for card in range(family.deck_size)],
                      np.int64)
    wild_suits = np.array([int(suit in family.wild_suits) for suit in range(4)], np.int64)
    return ranks, suits, (kinds > 0).astype(np.int64), kicker, wild_suits, family.faced_wilds


_WINDOWS = np.array([0x100F] + [0x1F << low for low in range(9)], np.int64)


@njit(cache=True)
def _fits(mask, windows):
    for window in windows:
        if mask & ~window == 0:
            return True
    return False


@njit(cache=True)
def describe_hand(hand, ranks, suits, wild, kicker, wild_suits, faced, high, windows, out, keys):
    """Features of the 32 holds of one hand into out[32, N_FEATURES], order keys into keys[32];
    the family's cards as `faces_of` gives them."""
    counts = np.zeros(13, np.int64)
    suit_drops = np.zeros(5, np.int64)  # (suit 4: a fifth ace's star, which makes no flush)
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
            if wild[card]:
                w += 1
                continue
            r = ranks[card]
            if rank_mask >> r & 1:
                distinct = False
            rank_mask |= 1 << r
            counts[r] += 1
            if r >= high:
                h += 1
            if suits[card] > 3:
                suited = False
            elif suit < 0:
                suit = suits[card]
            elif suits[card] != suit:
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
            if top == 5:
                kind = FIVE
            elif top == 4:
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
            if wild[card]:
                wd += 1
                continue
            suit_drops[suits[card]] += 1
            r = ranks[card]
            disc |= 1 << r
            if r >= high:
                hp += 1
            if rank_mask >> r & 1:
                bp += 1
            held_suit = (kind == RF or kind == SF or kind == F) and suits[card] == suit
            if r >= 8 and (held_suit or (faced and (kind == WILD or kind == NONE))):
                rp += 1  # (deuces alone or nothing held: every royal card discarded)
            if held_suit and (kind == RF or kind == SF) and not rank_mask >> r & 1:
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
            if mask >> i & 1 and not wild[hand[i]]:
                if suit_drops[suits[hand[i]]] > fp:
                    fp = suit_drops[suits[hand[i]]]
        out[mask, F_FP] = fp
        out[mask, F_SP] = sp
        out[mask, F_HP] = hp
        out[mask, F_DISC] = disc
        out[mask, F_WD] = wd
        # (scalar maxima, not suit_drops.max(): numba compiles its max for half a second)
        out[mask, F_DS] = max(max(suit_drops[0], suit_drops[1]), max(suit_drops[2], suit_drops[3]))
        out[mask, F_RP] = rp
        out[mask, F_SFP] = sfp
        out[mask, F_BP] = bp
        out[mask, F_SHF] = s + h - fp
        out[mask, F_SHP] = s + h - fp - sp
        out[mask, F_WS] = 1 if (kind == RF or kind == SF or kind == F) and wild_suits[suit] else 0
        kc = 0
        kcd = 0
        for i in range(5):
            if kicker[hand[i]]:
                if mask >> i & 1:
                    kc += 1
                else:
                    kcd += 1
        out[mask, F_KC] = kc
        out[mask, F_KCD] = kcd
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
    _mark_best(out)


@njit(cache=True)
def _draw_key(feats):
    """`features.best_key` as one integer (larger is better), or -1 for a hold that is no draw
    to a straight flush of under five cards."""
    if (feats[F_KIND] != RF and feats[F_KIND] != SF) or feats[F_N] == 5:
        return -1
    return (feats[F_S] * 100 + 99 - feats[F_FP]) * 100 + 99 - feats[F_SP]


@njit(cache=True)
def _mark_best(out):
    """out[:, F_BEST] of a hand's 32 holds: 1 for each draw to a straight flush that no draw of
    as many cards and wild cards beats (the best key per count of cards and wild cards)."""
    top = np.full(36, -1, np.int64)  # by cards held * 6 + wild cards held
    for mask in range(32):
        group = out[mask, F_N] * 6 + out[mask, F_W]
        top[group] = max(top[group], _draw_key(out[mask]))
    for mask in range(32):
        key = _draw_key(out[mask])
        out[mask, F_BEST] = 1 if key >= 0 and key == top[out[mask, F_N] * 6 + out[mask, F_W]] else 0


@njit(cache=True)
def describe_holds(hands, ranks, suits, wild, kicker, wild_suits, faced, high):
    """(hands * 32, N_FEATURES) int32 features and (hands * 32,) int32 order keys; hands are
    the deck's class representatives, so a row's deal is its hand's index."""
    feats = np.empty((hands.shape[0] * 32, N_FEATURES), np.int32)
    keys = np.empty(hands.shape[0] * 32, np.int32)
    out = np.empty((32, N_FEATURES), np.int64)
    hand_keys = np.empty(32, np.int64)
    for n in range(hands.shape[0]):
        describe_hand(hands[n], ranks, suits, wild, kicker, wild_suits, faced, high, _WINDOWS,
                      out, hand_keys)
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
def _class_of(hand, group, binom, rep_ranks, mapped, position):
    """Suit class index of a sorted hand; mapped/position get where each card sits in the rep.

    The representative's suit masks are the largest image under the suit group
    (`solve.tables.enumerate_classes`); with all 24 permutations, the masks sorted."""
    masks = np.zeros(4, np.int64)
    for i in range(5):
        if hand[i] < 52:
            masks[hand[i] & 3] |= 1 << (hand[i] >> 2)
    new_suit = np.empty(4, np.int64)
    if group.shape[0] == 24:
        order = np.argsort(-masks, kind="mergesort")
        for new in range(4):
            new_suit[order[new]] = new
    else:
        _largest_image(masks, group, new_suit)
    for i in range(5):
        c = hand[i]
        mapped[i] = c if c >= 52 else (c & ~3) | new_suit[c & 3]
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
def _largest_image(masks, group, new_suit):
    """new_suit: the permutation of `group` ((g, 4), perm[suit] = its image) whose image of the
    suit masks is lexicographically largest."""
    image = np.empty(4, np.int64)
    best = np.full(4, -1, np.int64)
    for g in range(group.shape[0]):
        for s in range(4):
            image[group[g, s]] = masks[s]
        for s in range(4):
            if image[s] != best[s]:
                if image[s] > best[s]:
                    best[:] = image
                    new_suit[:] = group[g]
                break


@njit(cache=True)
def pattern_id(feats):
    """The hold pattern (cards held, wild cards held, kind) as one index: every line's first
    three conditions fix it, so lines can be looked up by pattern."""
    return (feats[F_N] * 6 + feats[F_W]) * N_KINDS + feats[F_KIND]


N_PATTERNS = 6 * 6 * N_KINDS


@njit(cache=True)
def verify_deals(n_cards, ranks, suits, wild, kicker, wild_suits, faced, group, high, line_ops,
                 line_features, line_values, rank_sets, bucket_start, bucket_lines, binom,
                 rep_ranks, evs, best_ev, n_lines, line_count, key_span):
    """Play the strategy on every deal of the deck (not just one per suit class).

    For each deal the lines are applied to its own cards, each line's holds ordered by its
    choice rule: line_count[line] is the feature counted before the ranks (-1: the ranks alone;
    features.choice_key, with key_span its KEY_SPAN); the hold is then looked up in the
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
                        describe_hand(hand, ranks, suits, wild, kicker, wild_suits, faced,
                                      high, _WINDOWS, out, keys)
                        cls = _class_of(hand, group, binom, rep_ranks, mapped, position)
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
                                    key = keys[m]
                                    if line_count[line] >= 0:
                                        key += out[m, line_count[line]] * key_span
                                    if line < applied or key > best:
                                        applied = line
                                        best = key
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
def feature_major(feats, order):
    """(N_FEATURES, len(order)) int32: column j is the features of row order[j]. A row's
    features are read together and each feature's column written in one run: 10x quicker than
    numpy's gather then transpose here."""
    out = np.empty((feats.shape[1], order.shape[0]), np.int32)
    for j in range(order.shape[0]):
        row = order[j]
        for f in range(feats.shape[1]):
            out[f, j] = feats[row, f]
    return out
