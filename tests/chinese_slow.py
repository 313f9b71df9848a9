"""Obviously-correct slow references for Chinese Poker (generator/chinese), written from the rules.

A hand's strength is a tuple that Python compares: (category, tie-break ranks). Three-card hands
use the same tuples (categories high card, pair, trips only), so front <= middle is a plain tuple
comparison: a shorter tuple that is a prefix of a longer one is weaker, which is the rule that
AKQ in front under AKQ32 in the middle is legal.
"""

from collections import Counter
from itertools import combinations

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def strength(cards):
    ranks = [c // 4 for c in cards]
    suits = {c % 4 for c in cards}
    counts = Counter(ranks)
    # ranks by (count, rank), highest first
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if len(cards) == 3:
        category = {(3,): TRIPS, (2, 1): PAIR, (1, 1, 1): HIGH}[tuple(shape)]
        return (category, *order)
    straight_top = None
    if len(counts) == 5:
        rs = sorted(ranks)
        if rs[4] - rs[0] == 4:
            straight_top = rs[4]
        elif rs == [0, 1, 2, 3, 12]:
            straight_top = 3
    flush = len(suits) == 1
    if straight_top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, straight_top)
    if shape == [4, 1]:
        category = QUADS
    elif shape == [3, 2]:
        category = FULL_HOUSE
    elif flush:
        category = FLUSH
    elif shape == [3, 1, 1]:
        category = TRIPS
    elif shape == [2, 2, 1]:
        category = TWO_PAIR
    elif shape == [2, 1, 1, 1]:
        category = PAIR
    else:
        category = HIGH
    return (category, *order)


def row_result(mine, theirs):
    return (mine > theirs) - (mine < theirs)


def score(a_rows, b_rows):
    """4-2 points to player A; rows are (front, middle, back) strengths, None for a fouled hand."""
    if a_rows is None and b_rows is None:
        return 0
    if a_rows is None:
        return -4
    if b_rows is None:
        return 4
    results = [row_result(a, b) for a, b in zip(a_rows, b_rows)]
    wins, losses = results.count(1), results.count(-1)
    return sum(results) + (wins > losses) - (wins < losses)


def e_plus(pf, pm, pb):
    return pf + pm + pb + pf * pm + pf * pb + pm * pb - 2 * pf * pm * pb


def best_split(cards, front_p, middle_p, back_p):
    """The legal split with the highest E+, by trying every one of the 72,072 splits.

    `*_p` map a hand strength tuple to its win probability. Returns (E+, front, middle, back) with
    rows as sorted card tuples; ties go to the split found first in the order below.
    """
    cards = sorted(cards)
    best = None
    for back in combinations(cards, 5):
        rest = [c for c in cards if c not in back]
        for middle in combinations(rest, 5):
            front = tuple(c for c in rest if c not in middle)
            f, m, b = strength(front), strength(middle), strength(back)
            if not (f <= m <= b):
                continue
            value = e_plus(front_p(f), middle_p(m), back_p(b))
            if best is None or value > best[0]:
                best = (value, front, middle, back)
    return best


def distinct_strengths(size):
    """Every distinct strength of `size` cards, weakest first, without dealing every hand.

    Each multiset of ranks (no rank more than four times) is made once with mixed suits, and once
    more as a flush when its five ranks differ.
    """
    from itertools import combinations_with_replacement

    found = set()
    for ranks in combinations_with_replacement(range(13), size):
        if max(Counter(ranks).values()) > 4:
            continue
        seen = Counter()
        cards = []
        for r in ranks:  # the k-th copy of a rank gets suit k; with distinct ranks, alternate
            cards.append(r * 4 + (seen[r] if seen[r] else len(cards) % 2))
            seen[r] += 1
        found.add(strength(cards))
        if size == 5 and len(set(ranks)) == 5:
            found.add(strength([r * 4 for r in ranks]))
    return sorted(found)


def held_chance(table, held, den, rank, counts):
    """A row's chance corrected for the cards held, as held_cards.py defines it: the table's
    chance plus, for each rank k, counts[k] (cards of rank k held) * held[rank][k] / den,
    within 0..1."""
    correction = sum(counts[k] * int(held[rank][k]) for k in range(13))
    return min(1.0, max(0.0, float(table[rank]) + correction / den))


def check_arranger(n_hands, tables, seed=0, held=None, held_denominator=1):
    """Compare generator.chinese.arranger with best_split on n random hands; returns mismatches.
    With `held` (three (ranks x 13) integer arrays), each hand's chances are corrected for its
    cards (held_chance)."""
    import random

    from generator.chinese.arranger import Arranger, split_cards

    rank5 = {s: i for i, s in enumerate(distinct_strengths(5))}
    rank3 = {s: i for i, s in enumerate(distinct_strengths(3))}
    front, middle, back = tables
    fast = Arranger(front, middle, back, held, held_denominator)
    rng = random.Random(seed)
    bad = []
    for _ in range(n_hands):
        cards = rng.sample(range(52), 13)
        if held is None:
            chances = (lambda s: front[rank3[s]], lambda s: middle[rank5[s]],
                       lambda s: back[rank5[s]])
        else:
            counts = [sum(1 for c in cards if c // 4 == k) for k in range(13)]
            chances = tuple(
                (lambda s, t=t, h=h, r=r: held_chance(t, h, held_denominator, r[s], counts))
                for t, h, r in ((front, held[0], rank3), (middle, held[1], rank5),
                                (back, held[2], rank5)))
        value, f, m, b = best_split(cards, *chances)
        index, fast_value = fast.best(cards)
        if (tuple(x for x in split_cards(cards, index)) != (list(f), list(m), list(b))
                or fast_value != value):
            bad.append(cards)
    return bad


if __name__ == "__main__":
    # python -m tests.chinese_slow [N]: the arranger against this reference on N random hands
    # (the committed trained tables), the full-size run of the test in test_chinese.py.
    import sys
    import time
    from pathlib import Path

    from generator.chinese import tablefile

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    t = tablefile.read(Path(__file__).resolve().parents[1] / "content" / "chinese" / "tables.json")
    start = time.perf_counter()
    bad = check_arranger(n, (t["front"], t["middle"], t["back"]), seed=12345, held=t.get("held"),
                         held_denominator=t.get("held_denominator", 1))
    print(f"{n - len(bad)} of {n} random hands: same best split and E+ as the slow reference "
          f"({time.perf_counter() - start:.0f} s)")
    sys.exit(1 if bad else 0)
