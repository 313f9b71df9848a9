"""Evaluation: trained tables in, duplicate match results out.

Three matches, each over pairs of deals played both ways round (duplicate: hand A against hand B,
then B against A, so the luck of the cards cancels):
  * the tables against their best response: for each of its hands, the best response looks at the
    opponents that the tables would actually set from the other 39 cards, and picks the split that
    scores most against them on average. Those opponents are the hands of a pool (dealt once and
    set by the tables) that share no card with its hand: a uniform random 13 of 52 that misses
    the 13 held cards is a uniform random 13 of the other 39, so this is exact rejection sampling
    (about 1.3% of the pool qualifies). Only splits not beaten in every row by another legal
    split can be best (points never fall when a row gets stronger), so only those are scored.
    When the tables' own split scores as well as the best, the best response plays it.
  * the tables against "strongest back first" (the best back, then the best middle, then the front)
  * the tables against "best front that does not foul" (the best front, then the best back, then
    the middle)
Scores are 4-2: a point per row won, one more for winning more rows; a tied row scores nothing;
a fouled hand loses every row (no player here fouls). Points are integers; the mean and its 95%
interval (1.96 standard errors of the per-pair totals) are shown as decimals.

And, on the same hands, the exploitability measured tightly: the best response's expected gain
per hand over the tables' own split against each hand's pool opponents, cross-fitted over two
halves of the pool so that choosing the split and scoring it use different opponents, with an
interval that counts the pool's luck by a jackknife over its blocks (gain_summary).
"""

import json
import math
import time

import numpy as np
from numba import njit, prange

from .arranger import FIVE_SUBSETS, SPLITS, THREE_SUBSETS, Arranger, hand_keys
from .dealing import card_masks, deal_hands
from .tablefile import digest_of, without_held

POOL_STREAM = 1_000_003
PAIRS_STREAM = 2_000_003


@njit(cache=True)
def score(a0, a1, a2, b0, b1, b2):
    """4-2 points to A when its rows' ranks are (a0, a1, a2) and B's are (b0, b1, b2)."""
    wins = (a0 > b0) + (a1 > b1) + (a2 > b2)
    losses = (a0 < b0) + (a1 < b1) + (a2 < b2)
    bonus = 1 if wins > losses else (-1 if wins < losses else 0)
    return wins - losses + bonus


@njit(cache=True)
def legal_ranks(k5, k3, r5, r3, splits):
    """Indices and (front, middle, back) ranks of every legal split, in split order."""
    index = np.empty(len(splits), np.int64)
    ranks = np.empty((len(splits), 3), np.int64)
    n = 0
    for i in range(len(splits)):
        f, m, b = splits[i, 0], splits[i, 1], splits[i, 2]
        if k5[m] > k5[b] or k3[f] > k5[m]:
            continue
        index[n] = i
        ranks[n, 0] = r3[f]
        ranks[n, 1] = r5[m]
        ranks[n, 2] = r5[b]
        n += 1
    return index[:n], ranks[:n]


@njit(cache=True)
def undominated(index, ranks):
    """The legal splits no other legal split beats or equals in every row (the first of equals)."""
    # Sorted by back, then middle, then front, strongest first (then split order): a split can
    # only be dominated by one before it.
    order = np.argsort(-(ranks[:, 2] * (1 << 22) + ranks[:, 1] * (1 << 9) + ranks[:, 0]),
                       kind="mergesort")
    kept = np.empty(len(index), np.int64)
    n = 0
    for j in order:
        dominated = False
        for t in range(n):
            k = kept[t]
            if ranks[k, 0] >= ranks[j, 0] and ranks[k, 1] >= ranks[j, 1] \
                    and ranks[k, 2] >= ranks[j, 2]:
                dominated = True
                break
        if not dominated:
            kept[n] = j
            n += 1
    return kept[:n]


@njit(cache=True)
def lexicographic_best(ranks, first, second, third):
    """The first legal split with the strongest row `first`, then `second`, then `third`."""
    best = 0
    for j in range(1, len(ranks)):
        a, b = ranks[j], ranks[best]
        if (a[first], a[second], a[third]) > (b[first], b[second], b[third]):
            best = j
    return best


@njit(cache=True)
def card_mask(cards):
    mask = np.uint64(0)
    for c in cards:
        mask |= np.uint64(1) << np.uint64(c)
    return mask


BLOCKS = 16  # the pool's hands by index mod 16: even blocks and odd blocks are the two halves


@njit(cache=True)
def cross_fit_gain(totals, counts, drop):
    """Cross-fitted gain of one hand from its candidates' points per pool block.

    totals[t, b]: candidate t's points against the hand's opponents in block b (the last
    candidate is the tables' own split); counts[b]: how many opponents block b holds. Block
    `drop` (-1: none) is left out. The split chosen on the even blocks (the own split when it is
    as good, else the first best) is scored on the odd blocks against the own split, and the
    other way round; the mean of the two, per opponent.
    """
    own = totals.shape[0] - 1
    sums = np.zeros((totals.shape[0], 2), np.int64)
    sizes = np.zeros(2, np.int64)
    for b in range(totals.shape[1]):
        if b != drop:
            sizes[b & 1] += counts[b]
            for t in range(totals.shape[0]):
                sums[t, b & 1] += totals[t, b]
    gain = 0.0
    for half in range(2):
        chosen = own
        for t in range(own):
            if sums[t, half] > sums[chosen, half]:
                chosen = t
        if sizes[1 - half] > 0:
            gain += (sums[chosen, 1 - half] - sums[own, 1 - half]) / sizes[1 - half]
    return gain / 2


@njit(cache=True)
def in_sample_gain(totals, counts, drop):
    """The best candidate's points minus the own split's, per opponent, on the same opponents
    (block `drop` left out; -1: none): the maximum of noisy means, so biased up."""
    own = totals.shape[0] - 1
    size = 0
    for b in range(totals.shape[1]):
        if b != drop:
            size += counts[b]
    best = 0
    for t in range(own + 1):
        total = 0
        for b in range(totals.shape[1]):
            if b != drop:
                total += totals[t, b] - totals[own, b]
        if total > best:
            best = total
    return best / size if size > 0 else 0.0


@njit(cache=True, parallel=True)
def respond(hands, own_index, own_ranks, pool_masks, pool_ranks, tables, five_subsets,
            three_subsets, splits):
    """Best response to the tables for each row of `hands` (sorted), and what it gains.

    own_index / own_ranks: the tables' own split of each hand (kept when it is as good).
    Returns the response's split index and ranks (chosen on all the hand's opponents), the
    number of opponents each response was computed from, and two per-hand estimates of the
    response's expected gain over the tables' own split against those opponents, in points,
    each as (n, 1 + BLOCKS): column 0 on the whole pool, column 1 + b without pool block b (for
    the jackknife over the pool, evaluation.gain_summary):
      * in-sample: the best split's mean score minus the own split's, on the opponents it was
        chosen on. The maximum of noisy means: biased up (never below 0).
      * cross-fitted: even and odd blocks of the pool are independent halves; the split chosen
        on one half is scored on the other, both ways, and the two averaged. Unbiased for the
        gain of a response that sees half as many opponents (so, on average, a little below the
        gain of the full response).
    """
    n = len(hands)
    out_index = np.empty(n, np.int64)
    out_ranks = np.empty((n, 3), np.int64)
    seen = np.empty(n, np.int64)
    in_sample = np.empty((n, 1 + BLOCKS), np.float64)
    cross_fit = np.empty((n, 1 + BLOCKS), np.float64)
    for h in prange(n):
        k5, k3, r5, r3 = hand_keys(hands[h], five_subsets, three_subsets, tables)
        index, ranks = legal_ranks(k5, k3, r5, r3, splits)
        kept = undominated(index, ranks)
        mask = card_mask(hands[h])
        opponents = np.empty(len(pool_masks), np.int64)
        counts = np.zeros(BLOCKS, np.int64)
        m = 0
        for p in range(len(pool_masks)):
            if pool_masks[p] & mask == 0:
                opponents[m] = p
                m += 1
                counts[p % BLOCKS] += 1
        seen[h] = m
        n_kept = len(kept)
        # totals[t, b]: candidate t's points against the opponents in block b; candidate
        # n_kept is the tables' own split
        totals = np.zeros((n_kept + 1, BLOCKS), np.int64)
        for t in range(n_kept + 1):
            if t < n_kept:
                a = ranks[kept[t]]
            else:
                a = own_ranks[h]
            for q in range(m):
                p = opponents[q]
                o = pool_ranks[p]
                totals[t, p % BLOCKS] += score(a[0], a[1], a[2], o[0], o[1], o[2])
        own = 0
        for b in range(BLOCKS):
            own += totals[n_kept, b]
        best_total = -(1 << 60)
        best = -1
        for t in range(n_kept):
            total = 0
            for b in range(BLOCKS):
                total += totals[t, b]
            if total > best_total or (total == best_total and index[kept[t]] < index[best]):
                best_total = total
                best = kept[t]
        if own >= best_total:
            out_index[h] = own_index[h]
            out_ranks[h] = own_ranks[h]
        else:
            out_index[h] = index[best]
            out_ranks[h] = ranks[best]
        for d in range(-1, BLOCKS):
            in_sample[h, d + 1] = in_sample_gain(totals, counts, d)
            cross_fit[h, d + 1] = cross_fit_gain(totals, counts, d)
    return out_index, out_ranks, seen, in_sample, cross_fit


@njit(cache=True, parallel=True)
def naive_splits(hands, tables, five_subsets, three_subsets, splits, first, second, third):
    """The naive players' splits: split index and ranks of each row of `hands` (sorted)."""
    n = len(hands)
    out_index = np.empty(n, np.int64)
    out_ranks = np.empty((n, 3), np.int64)
    for h in prange(n):
        k5, k3, r5, r3 = hand_keys(hands[h], five_subsets, three_subsets, tables)
        index, ranks = legal_ranks(k5, k3, r5, r3, splits)
        j = lexicographic_best(ranks, first, second, third)
        out_index[h] = index[j]
        out_ranks[h] = ranks[j]
    return out_index, out_ranks


def pair_points(a_ranks, b_ranks, a_other, b_other) -> np.ndarray:
    """Per pair: the tables' points with hand A against the other player's B, plus with B
    against the other player's A."""
    out = np.empty(len(a_ranks), np.int64)
    for i in range(len(a_ranks)):
        out[i] = (score(*a_ranks[i], *b_other[i]) + score(*b_ranks[i], *a_other[i]))
    return out


def summary(points: np.ndarray) -> dict:
    """Mean points per hand (a pair is two hands) and its 95% interval; exact sums kept."""
    n = len(points)
    total = int(points.sum())
    mean_pair = total / n
    var = float(((points - mean_pair) ** 2).sum()) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) / 2
    return {"pairs": n, "hands": 2 * n, "points": total, "per_hand": mean_pair / 2,
            "low": mean_pair / 2 - half, "high": mean_pair / 2 + half}


def gain_summary(cross_fit: np.ndarray, in_sample: np.ndarray) -> dict:
    """The exploitability: what the best response wins per hand against the tables.

    The game is symmetric, so the tables score exactly 0 against themselves on average, and the
    response's expected points per hand against the tables equal its expected gain over the
    tables' own split on the same hand against the same opponents. Each hand's gain is an
    average over its ~10,000 opponents and is 0 on most hands, so its mean over the hands varies
    far less than one game per hand does.

    In: (hands, 1 + BLOCKS) arrays from `respond`. `per_hand`, `low`, `high`: the cross-fitted
    gain (unbiased for a response choosing on half the opponents, a little below the full one)
    and its 95% interval; `in_sample_*` the same for the in-sample gain (biased up: an upper
    bracket). The interval's variance is the hands' (their spread, as if independent) plus the
    pool's: the hands share one pool of opponents, so its luck moves them together, which the
    delete-a-block jackknife over the pool's BLOCKS blocks measures (it counts each hand's own
    opponent noise a second time, so the interval errs wide).
    """
    n, columns = cross_fit.shape
    blocks = columns - 1
    out = {"hands": n, "blocks": blocks}
    for name, values in (("", cross_fit), ("in_sample_", in_sample)):
        mean = float(values[:, 0].mean())
        hands_var = float(values[:, 0].var(ddof=1)) / n if n > 1 else 0.0
        dropped = values[:, 1:].mean(axis=0)
        pool_var = float((blocks - 1) / blocks * ((dropped - dropped.mean()) ** 2).sum())
        half = 1.96 * math.sqrt(hands_var + pool_var)
        out.update({name + "per_hand": mean, name + "low": mean - half,
                    name + "high": mean + half, name + "hands_se": math.sqrt(hands_var),
                    name + "pool_se": math.sqrt(pool_var)})
    out["hands_gaining"] = int((in_sample[:, 0] > 0).sum())
    return out


def evaluate(tables: dict, pairs: int, pool: int, seed: int, progress=None,
             held: bool = True) -> dict:
    """The tables' matches (`held`: set hands with their held-cards correction when they have
    one; False: by the tables alone, as the printed card does)."""
    arranger = Arranger.of(tables if held else without_held(tables))
    t = arranger.tables
    start = time.perf_counter()
    pool_hands = np.sort(deal_hands(seed, POOL_STREAM, 0, pool, 13), axis=1)
    _, pool_ranks = arranger.many(pool_hands)
    pool_masks = card_masks(pool_hands)
    if progress:
        progress(f"pool of {pool:,} hands set by the tables: {time.perf_counter() - start:.1f} s")
    deals = deal_hands(seed, PAIRS_STREAM, 0, pairs, 26)
    a = np.sort(deals[:, :13], axis=1)
    b = np.sort(deals[:, 13:], axis=1)
    a_index, a_ranks = arranger.many(a)
    b_index, b_ranks = arranger.many(b)
    results = {"pairs": pairs, "pool": pool, "seed": seed}

    start = time.perf_counter()
    a_br, a_br_ranks, a_seen, a_in, a_cross = respond(a, a_index, a_ranks, pool_masks,
                                                      pool_ranks, t, FIVE_SUBSETS,
                                                      THREE_SUBSETS, SPLITS)
    b_br, b_br_ranks, b_seen, b_in, b_cross = respond(b, b_index, b_ranks, pool_masks,
                                                      pool_ranks, t, FIVE_SUBSETS,
                                                      THREE_SUBSETS, SPLITS)
    points = pair_points(a_ranks, b_ranks, a_br_ranks, b_br_ranks)
    games = [score(*a_ranks[i], *b_br_ranks[i]) for i in range(pairs)] + \
            [score(*b_ranks[i], *a_br_ranks[i]) for i in range(pairs)]
    best = summary(points)
    best.update({"identical": int((a_br == a_index).sum() + (b_br == b_index).sum()),
                 "tables_scoop": sum(g == 4 for g in games),
                 "response_scoop": sum(g == -4 for g in games),
                 "opponents_min": int(min(a_seen.min(), b_seen.min())),
                 "opponents_mean": float((a_seen.sum() + b_seen.sum()) / (2 * pairs)),
                 "seconds": time.perf_counter() - start})
    results["best_response"] = best
    # the response's expected gain per hand over all 2 * pairs hands (see gain_summary)
    results["exploitability"] = gain_summary(np.concatenate((a_cross, b_cross)),
                                             np.concatenate((a_in, b_in)))
    if progress:
        progress(f"best response: {best['seconds']:.1f} s")

    for name, order in (("back_first", (2, 1, 0)), ("front_first", (0, 2, 1))):
        a_n, a_n_ranks = naive_splits(a, t, FIVE_SUBSETS, THREE_SUBSETS, SPLITS, *order)
        b_n, b_n_ranks = naive_splits(b, t, FIVE_SUBSETS, THREE_SUBSETS, SPLITS, *order)
        results[name] = summary(pair_points(a_ranks, b_ranks, a_n_ranks, b_n_ranks))
    return results


def text(results: dict) -> str:
    def line(name, s):
        return (f"{name}: {s['per_hand']:+.4f} points per hand to the tables "
                f"(95% interval {s['low']:+.4f} to {s['high']:+.4f}; {s['points']:+d} points "
                f"over {s['hands']:,} hands, {s['pairs']:,} duplicate pairs)")
    br = results["best_response"]
    ex = results["exploitability"]
    return "\n".join([
        f"seed {results['seed']}, pool of {results['pool']:,} hands set by the tables",
        line("against its best response", br),
        f"  hands set identically: {br['identical']:,} of {br['hands']:,} "
        f"({100 * br['identical'] / br['hands']:.1f}%); "
        f"4-point scoops: tables {br['tables_scoop']:,}, "
        f"best response {br['response_scoop']:,}; the best response saw "
        f"{br['opponents_mean']:.0f} opponents per hand (fewest {br['opponents_min']})",
        f"exploitability (the best response's expected gain per hand, cross-fitted over "
        f"{ex['hands']:,} hands): {ex['per_hand']:.4f} (95% interval {ex['low']:.4f} to "
        f"{ex['high']:.4f}; standard errors: hands {ex['hands_se']:.4f}, pool "
        f"{ex['pool_se']:.4f}); in-sample (biased up) {ex['in_sample_per_hand']:.4f} "
        f"({ex['in_sample_low']:.4f} to {ex['in_sample_high']:.4f}); the response gains on "
        f"{ex['hands_gaining']:,} hands",
        line("against strongest back first", results["back_first"]),
        line("against best front that does not foul", results["front_first"]),
    ])


def run(tables: dict, args) -> int:
    held = not args.without_held and tables.get("held") is not None
    start = time.perf_counter()
    results = evaluate(tables, args.pairs, args.pool, args.seed,
                       progress=lambda s: print(s, flush=True), held=held)
    seconds = time.perf_counter() - start
    print(text(results))
    print(f"({seconds:.0f} s)")
    if args.write:
        # what the site shows, with what made it; only for these tables (their digest). The
        # tables alone (--without-held: as the card sets hands) go in "tables_alone", each
        # write keeping the other.
        results["tables_sha256"] = digest_of(tables if held else without_held(tables))
        results["command"] = (f"vpcharts chinese evaluate --pairs {args.pairs} "
                              f"--pool {args.pool} --seed {args.seed}"
                              + ("" if held else " --without-held"))
        results["seconds"] = round(seconds)
        path = tables["path"].parent / "evaluation.json"
        saved = json.loads(path.read_text()) if path.is_file() else {}
        if held:
            if "tables_alone" in saved:
                results["tables_alone"] = saved["tables_alone"]
            saved = results
        else:
            saved["tables_alone"] = results
        path.write_text(json.dumps(saved, indent=1, sort_keys=True) + "\n")
        print(f"wrote {path}")
    return 0
