"""Training the win-probability tables by fictitious play.

In: settings (rounds, hands per round, seed). Out: three tables of exact integer numerators over
one common denominator, one entry per rank (front 455, middle and back 7,462), and the change
between rounds.

Round 0's strategy rates a hand by where it falls among all hands of its size (a pair of aces
beats 98% of three-card hands). Round k deals `samples` hands, sets each by the current tables
(arranger.py), and counts how often each row rank occurs: the counter-strategy's win probability
for a rank r in a row is then P(opponent's row < r) + P(opponent's row = r) / 2, a tie being worth
half a win (a tied row scores nothing, which is the midpoint of +1 and -1). The tables after round
k are the average of the k counter-strategies weighted by round number (round j counts j times):
fictitious play (Robinson 1950) with linear averaging, which forgets the early answers to the
crude round-0 strategy faster than a plain average. With the integer numerators 2*below + equal,
times j, summed over rounds, the tables are exact fractions over samples * k * (k + 1). The
arranger works in float64 on those fractions; ties go by split order.

Deterministic: hand i of round k is dealt from a counter-based generator seeded by (seed, k, i),
so the deals do not depend on thread scheduling, and the counts are integers.
The rounds ignore card removal between the two players (as the seed); by default the training
then adds the held-cards correction (`held_cards`, held_cards.py), which puts it back at the
arranger, and evaluation.py measures what is left. Two options, measured in issue 40
(docs/design/06-chinese-poker.md): `removal` counts a rank's share only against dealt hands
sharing no card with a few hands of that rank (card removal within the row; it made the tables
more exploitable), and `skip` drops the first rounds' answers from the average, so the tables
answer the recent strategies.
Measured and off by default as well: `hand_removal` (card removal between the players, from the
round's own set hands), and in joint.py `joint` and `respond`.
"""

import hashlib
import time

import numpy as np
from numba import njit, prange

from .arranger import Arranger
from .dealing import card_masks, deal_hands  # (deal_hands: the tests read it as training's)
from .held_cards import HELD_DENOMINATOR, HELD_STREAM, corrections
from .joint import answer, monotone, responded_ranks
from .ranks import BINOMIAL, N_FIVE, N_THREE, lookup_tables
from .shares import midrank_numerators
from .version import RULES, TRAINER_VERSION  # (bump it when a change here can change the tables)

def initial_tables() -> tuple[np.ndarray, np.ndarray]:
    """Round 0: each rank's mid-rank share among all hands of its size (5-card, 3-card)."""
    _, rank5, _, rank3 = lookup_tables()
    c5 = np.bincount(rank5, minlength=N_FIVE)
    c3 = np.bincount(rank3, minlength=N_THREE)
    return (midrank_numerators(c5) / (2 * int(c5.sum())),
            midrank_numerators(c3) / (2 * int(c3.sum())))


def representatives(per_rank: int) -> tuple[np.ndarray, np.ndarray]:
    """Card masks of `per_rank` hands of each rank: (7,462 x per_rank five-card, 455 x per_rank
    three-card), picked among each rank's hands by splitmix64 of (rank, j): fixed, and spread
    over suits (neighbours in colex order differ only in their top card's suit)."""
    _, rank5, _, rank3 = lookup_tables()
    out = []
    for ranks, size, k in ((rank5, N_FIVE, 5), (rank3, N_THREE, 3)):
        order = np.argsort(ranks, kind="stable")
        starts = np.searchsorted(ranks[order], np.arange(size + 1))
        masks = np.empty((size, per_rank), np.uint64)
        for r in range(size):
            count = starts[r + 1] - starts[r]
            for j in range(per_rank):
                pick = _mix_int(k * 1_000_000 + r * per_rank + j) % int(count)
                index = int(order[starts[r] + pick])
                masks[r, j] = sum(1 << c for c in colex_cards(index, k))
        out.append(masks)
    return out[0], out[1]


def _mix_int(x: int) -> int:
    """splitmix64's output function on a Python int (as _mix)."""
    m = (1 << 64) - 1
    z = (x + 0x9E3779B97F4A7C15) & m
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    return z ^ (z >> 31)


def colex_cards(index: int, k: int) -> list[int]:
    """The k cards (ascending) of colex index `index` (the inverse of rank_kernels.colex5/3)."""
    cards = []
    for j in range(k, 0, -1):
        c = j - 1
        while c + 1 < 52 and int(BINOMIAL[c + 1, j]) <= index:
            c += 1
        cards.append(c)
        index -= int(BINOMIAL[c, j])
    return cards[::-1]


@njit(cache=True, parallel=True)
def removal_counts(rep5, rep3, hand_masks, row_ranks):
    """Win-share numerators with card removal: for each rank of each row, over its
    representatives and the dealt hands that share no card with the representative,
    sum(2 * [their row < rank] + [their row = rank]) and the number of such (hand, rep) pairs.
    Returns (numerators, counts) for front (455), middle and back (7,462 each)."""
    num_f = np.zeros(N_THREE, np.int64)
    den_f = np.zeros(N_THREE, np.int64)
    num_m = np.zeros(N_FIVE, np.int64)
    num_b = np.zeros(N_FIVE, np.int64)
    den_5 = np.zeros(N_FIVE, np.int64)
    n3 = len(rep3)
    for i in prange(n3 + len(rep5)):
        r = np.int64(i)  # (prange's index can be unsigned: r - n3 would be a float)
        five = r >= n3
        rank = r - n3 if five else r
        reps = rep5[rank] if five else rep3[rank]
        a = 0
        b = 0
        count = 0
        for j in range(len(reps)):
            mask = reps[j]
            for h in range(len(hand_masks)):
                if hand_masks[h] & mask == 0:
                    count += 1
                    if five:
                        om = row_ranks[h, 1]
                        ob = row_ranks[h, 2]
                        a += 2 * (om < rank) + (om == rank)
                        b += 2 * (ob < rank) + (ob == rank)
                    else:
                        of = row_ranks[h, 0]
                        a += 2 * (of < rank) + (of == rank)
        if five:
            num_m[rank] = a
            num_b[rank] = b
            den_5[rank] = count
        else:
            num_f[rank] = a
            den_f[rank] = count
    return (num_f, num_m, num_b), (den_f, den_5, den_5)


@njit(cache=True, parallel=True)
def hand_removal_sums(hand_masks, row_ranks):
    """Card removal between the players, from the round's own set hands: for each hand h and
    row, sum(2 * [their row < h's row] + [equal]) over the round's hands that share no card
    with h (those an opponent of h could hold), and how many there are."""
    n = len(hand_masks)
    sums = np.zeros((n, 3), np.int64)
    counts = np.zeros(n, np.int64)
    for h in prange(n):
        mask = hand_masks[h]
        for o in range(n):
            if hand_masks[o] & mask == 0:
                counts[h] += 1
                for row in range(3):
                    a = row_ranks[h, row]
                    b = row_ranks[o, row]
                    sums[h, row] += 2 * (b < a) + (b == a)
    return sums, counts


def hand_removal_answer(hands, row_ranks, samples, plain):
    """A round's answer with card removal between the players (`hand_removal`): a rank's share
    in a row is pooled over the round's hands that the tables set with that rank there, each
    against the round's hands sharing no card with it; ranks no hand used keep their plain
    share. Each row is then made non-decreasing (pool adjacent violators, weighted by the
    opponents counted) and rounded to numerators over 2 * samples, like the plain answer."""
    masks = card_masks(hands)
    sums, counts = hand_removal_sums(masks, row_ranks)
    out = []
    for row in range(3):
        size = len(plain[row])
        num = np.zeros(size, np.int64)
        den = np.zeros(size, np.int64)
        np.add.at(num, row_ranks[:, row], sums[:, row])
        np.add.at(den, row_ranks[:, row], 2 * counts)
        seen = den > 0
        share = plain[row] / (2 * samples)
        share[seen] = num[seen] / den[seen]
        weights = np.where(seen, den / 2, 1.0)
        out.append(np.rint(monotone(share, weights) * 2 * samples).astype(np.int64))
    return out


def scale_front(numerators, denominator: int, percent: int):
    """Numerators and denominator of the tables with the front's chances p made
    1/2 + percent/100 * (p - 1/2), the middle and back unchanged: exact integers over
    200 * denominator (percent from 0 to 100 keeps every chance within 0..1)."""
    front, middle, back = numerators
    return ([100 * denominator + percent * (2 * front - denominator), 200 * middle, 200 * back],
            200 * denominator)


def cache_key(rounds: int, samples: int, seed: int, removal: int = 0, skip: int = 0,
              joint: int = 0, front_scale: int = 100, respond: int = 0,
              hand_removal: int = 0, held_cards: int = 0) -> str:
    text = f"{TRAINER_VERSION}\n{RULES}\nrounds={rounds} samples={samples} seed={seed}"
    if removal or skip:
        text += f" removal={removal} skip={skip}"
    if joint:
        text += f" joint={joint}"
    if front_scale != 100:
        text += f" front_scale={front_scale}"
    if respond:
        text += f" respond={respond}"
    if hand_removal:
        text += f" hand_removal={hand_removal}"
    if held_cards:
        text += f" held_cards={held_cards}"
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def train(rounds: int, samples: int, seed: int, removal: int = 0, skip: int = 0,
          joint: int = 0, front_scale: int = 100, respond: int = 0, hand_removal: int = 0,
          held_cards: int = 0, progress=None) -> dict:
    """Run fictitious play; returns numerators, denominator and per-round history.

    `removal`: 0 for win shares against all dealt hands (the seed's way); n > 0 for card removal
    within the row: a rank's share counts only the dealt hands that share no card with one of
    its n representative hands, rounded to the nearest 1 / (2 * samples).
    `skip`: the answers of rounds 1..skip leave the average once later rounds exist (round 1
    answers round 0's crude ranking).
    `joint`: 0 for the per-row shares; n > 0 to fit each answer of the rounds after `skip` to
    the true points of the K best splits of n of the round's hands (joint.py).
    `front_scale`: the final front table's chances pulled toward 1/2 (or pushed from it), each p
    becoming 1/2 + front_scale/100 * (p - 1/2), exactly: the common denominator grows 200-fold.
    `respond`: 0 for answers to the round's hands set by E+; n > 0 to set each hand of the rounds
    after `skip` by the best of its 8 best E+ splits in true points against n of the round's
    hands as set, and answer those settings (the best response as the training step, joint.py).
    `hand_removal`: 0 to ignore the cards the players hold (as the seed); 1 to count each hand's
    rows only against the round's hands that share no card with it (card removal between the
    players, which the evaluation's best response plays; hand_removal_answer).
    `held_cards`: 0 for no held-cards correction; n > 0 to compute it (held_cards.py) from n
    reference hands dealt from their own stream and set by the final tables; it leaves the
    tables themselves unchanged.
    `progress(round, seconds, history_row)` is called after each round.
    """
    five0, three0 = initial_tables()
    tables = (three0, five0, five0.copy())
    sizes = (N_THREE, N_FIVE, N_FIVE)
    answers = []  # per round: its three numerator arrays (share * 2 * samples)
    reps = representatives(removal) if removal else None
    history = []
    for k in range(1, rounds + 1):
        start = time.perf_counter()
        hands = deal_hands(seed, k, 0, samples, 13)
        arranger = Arranger(*tables)
        _, row_ranks = arranger.many(hands)
        if removal:
            masks = card_masks(hands)
            num, den = removal_counts(reps[0], reps[1], masks, row_ranks)
            answers.append([(2 * n * samples + d) // np.maximum(2 * d, 1)
                            for n, d in zip(num, den)])
        else:
            answers.append([midrank_numerators(np.bincount(row_ranks[:, row], minlength=size)
                                               .astype(np.int64))
                            for row, size in enumerate(sizes)])
        if hand_removal:
            answers[-1] = hand_removal_answer(np.sort(hands, axis=1), row_ranks, samples,
                                              answers[-1])
        if respond and k > skip:
            chosen = responded_ranks(np.sort(hands, axis=1), row_ranks, arranger, respond)
            answers[-1] = [midrank_numerators(np.bincount(chosen[:, row], minlength=size)
                                              .astype(np.int64))
                           for row, size in enumerate(sizes)]
        if joint and k > skip:
            answers[-1] = answer(np.sort(hands, axis=1), row_ranks, arranger, answers[-1],
                                 samples, joint)
        first = min(skip, k - 1) + 1  # the rounds averaged: first .. k, round j counts j times
        sums = [sum(j * answers[j - 1][row] for j in range(first, k + 1)) for row in range(3)]
        denominator = samples * (k * (k + 1) - (first - 1) * first)  # 2*samples*(first+..+k)
        new = tuple(s / denominator for s in sums)
        changes = [float(np.max(np.abs(n - o))) for n, o in zip(new, tables)]
        row = {"round": k, "max_change": {"front": changes[0], "middle": changes[1],
                                          "back": changes[2]}}
        history.append(row)
        tables = new
        if progress:
            progress(k, time.perf_counter() - start, row)
    if front_scale != 100:
        sums, denominator = scale_front(sums, denominator, front_scale)
    settings = {"rounds": rounds, "samples": samples, "seed": seed}
    if removal or skip:
        settings.update({"removal": removal, "skip": skip})
    if joint:
        settings["joint"] = joint
    if front_scale != 100:
        settings["front_scale"] = front_scale
    if respond:
        settings["respond"] = respond
    if hand_removal:
        settings["hand_removal"] = hand_removal
    result = {"front": sums[0], "middle": sums[1], "back": sums[2],
              "denominator": denominator, "history": history, "settings": settings}
    if held_cards:
        settings["held_cards"] = held_cards
        final = Arranger(*(np.asarray(s) / denominator for s in sums))
        reference = deal_hands(seed, HELD_STREAM, 0, held_cards, 13)
        _, ranks = final.many(reference)
        result["held"] = corrections(reference, ranks, sizes)
        result["held_denominator"] = HELD_DENOMINATOR
    return result
