"""The arranger: 13 cards and three win-probability tables in, the best legal split out.

In: 13 distinct cards (ints, any order) and the tables `front` (455 win probabilities, one per
three-card rank), `middle` and `back` (7,462 each, one per five-card rank; see ranks.py).
Out: the split of the 72,072 (back: 5 of 13, middle: 5 of the other 8, front: the last 3) that
is not fouled (front <= middle <= back) and has the highest
    E+ = pf + pm + pb + pf*pm + pf*pb + pm*pb - 2*pf*pm*pb,
the expected points won per opponent under the tables if the rows were independent (E = 2 E+ - 4).
With the held-cards correction (held_cards.py) each row's chance is first corrected for the 13
cards the hand holds, so the tables a hand is set by are its own (held_chances).

Splits are numbered in one fixed order (backs in lexicographic order of the sorted hand's
positions, then middles from the remaining eight the same way); the first of equal E+ wins, so the
result is deterministic. The per-hand work is 1,287 five-card and 286 three-card rank lookups,
then one pass over the split list (SPLITS), which is the same for every hand.
"""

from itertools import combinations

import numpy as np
from numba import njit, prange

from .rank_kernels import colex3, colex5
from .ranks import BINOMIAL, lookup_tables, rank_keys

N_SPLITS = 72072
FIVE_SUBSETS = np.array(list(combinations(range(13), 5)), np.int64)    # 1,287 x 5 positions
THREE_SUBSETS = np.array(list(combinations(range(13), 3)), np.int64)   # 286 x 3 positions


def _split_table() -> np.ndarray:
    """(front, middle, back) as indices into THREE_SUBSETS / FIVE_SUBSETS, in the fixed order."""
    five_index = {tuple(s): i for i, s in enumerate(FIVE_SUBSETS.tolist())}
    three_index = {tuple(s): i for i, s in enumerate(THREE_SUBSETS.tolist())}
    rows = []
    for back in combinations(range(13), 5):
        rest = [p for p in range(13) if p not in back]
        for middle in combinations(rest, 5):
            front = tuple(p for p in rest if p not in middle)
            rows.append((three_index[front], five_index[middle], five_index[back]))
    return np.array(rows, np.int16)


SPLITS = _split_table()


@njit(cache=True)
def hand_keys(cards, five_subsets, three_subsets, tables):
    """Keys and dense ranks of every 5-card and 3-card part of a sorted 13-card hand."""
    # One lookup per part (the rank, int16: the 5 MB five-card table is read at random, so its
    # size matters); the key then comes from the small sorted key lists.
    keys5, rank5_by_index, keys3, rank3_by_index, binomial = tables
    k5 = np.empty(len(five_subsets), np.int64)
    r5 = np.empty(len(five_subsets), np.int64)
    for i in range(len(five_subsets)):
        s = five_subsets[i]
        j = colex5(cards[s[0]], cards[s[1]], cards[s[2]], cards[s[3]], cards[s[4]], binomial)
        r5[i] = rank5_by_index[j]
        k5[i] = keys5[r5[i]]
    k3 = np.empty(len(three_subsets), np.int64)
    r3 = np.empty(len(three_subsets), np.int64)
    for i in range(len(three_subsets)):
        s = three_subsets[i]
        j = colex3(cards[s[0]], cards[s[1]], cards[s[2]], binomial)
        r3[i] = rank3_by_index[j]
        k3[i] = keys3[r3[i]]
    return k5, k3, r5, r3


@njit(cache=True)
def e_plus(pf, pm, pb):
    return pf + pm + pb + pf * pm + pf * pb + pm * pb - 2.0 * pf * pm * pb


@njit(cache=True)
def split_values(k5, k3, r5, r3, splits, front, middle, back):
    """E+ of every split (-1.0 for a fouled one)."""
    out = np.empty(len(splits), np.float64)
    for i in range(len(splits)):
        f, m, b = splits[i, 0], splits[i, 1], splits[i, 2]
        if k3[f] > k5[m] or k5[m] > k5[b]:
            out[i] = -1.0
        else:
            out[i] = e_plus(front[r3[f]], middle[r5[m]], back[r5[b]])
    return out


@njit(cache=True)
def best_split_index(k5, k3, r5, r3, splits, front, middle, back):
    """The index of the first legal split with the highest E+, and that E+.

    The same answer as trying all 72,072 splits in order, found faster: backs are tried from the
    highest pb down, and a back (or a back and middle) is skipped when even the hand's best front
    and middle probabilities could not reach the best E+ so far (E+ grows with each of pf, pm, pb
    on [0, 1]). Only strictly worse candidates are skipped, and equal E+ goes to the lower index,
    so ties are broken exactly as in split order.
    """
    n_backs = len(k5)
    pb_of = np.empty(n_backs, np.float64)
    pm_best = 0.0
    for i in range(n_backs):
        pb_of[i] = back[r5[i]]
        if middle[r5[i]] > pm_best:
            pm_best = middle[r5[i]]
    pf_best = 0.0
    for i in range(len(k3)):
        if front[r3[i]] > pf_best:
            pf_best = front[r3[i]]
    best = -1
    best_value = -1.0
    for b in np.argsort(-pb_of, kind="mergesort"):
        pb = pb_of[b]
        if e_plus(pf_best, pm_best, pb) < best_value:
            break  # later backs have lower pb
        kb = k5[b]
        for i in range(b * 56, b * 56 + 56):
            f, m = splits[i, 0], splits[i, 1]
            if k5[m] > kb or k3[f] > k5[m]:
                continue
            pm = middle[r5[m]]
            if e_plus(pf_best, pm, pb) < best_value:
                continue
            value = e_plus(front[r3[f]], pm, pb)
            if value > best_value or (value == best_value and i < best):
                best_value = value
                best = i
    return best, best_value


@njit(cache=True)
def best_split_index_plain(k5, k3, r5, r3, splits, front, middle, back):
    """best_split_index by trying every split in order (the fast version's reference)."""
    best = -1
    best_value = -1.0
    for i in range(len(splits)):
        f, m, b = splits[i, 0], splits[i, 1], splits[i, 2]
        if k5[m] > k5[b] or k3[f] > k5[m]:
            continue
        value = e_plus(front[r3[f]], middle[r5[m]], back[r5[b]])
        if value > best_value:
            best_value = value
            best = i
    return best, best_value


@njit(cache=True)
def arrange_one(cards, five_subsets, three_subsets, tables, splits,
                front, middle, back):
    """(split index, E+, front rank, middle rank, back rank) of one sorted 13-card hand."""
    k5, k3, r5, r3 = hand_keys(cards, five_subsets, three_subsets, tables)
    i, value = best_split_index(k5, k3, r5, r3, splits, front, middle, back)
    return i, value, r3[splits[i, 0]], r5[splits[i, 1]], r5[splits[i, 2]]


@njit(cache=True)
def held_chances(cards, r5, r3, front, middle, back, held_front, held_middle, held_back, den):
    """A hand's own chance tables under the held-cards correction (held_cards.py): at each rank
    of the hand's parts, table + sum over k of count_k * held[rank, k] / den within 0 .. 1, where
    count_k is how many cards of rank k the 13 hold. Entries of ranks the hand lacks are unset
    (nothing reads them). The same operations in the same order as chinese-arranger.js."""
    counts = np.zeros(13, np.int64)
    for c in cards:
        counts[c // 4] += 1
    f = np.empty(len(front), np.float64)
    m = np.empty(len(middle), np.float64)
    b = np.empty(len(back), np.float64)
    for i in range(len(r5)):
        v = r5[i]
        sm = 0
        sb = 0
        for k in range(13):
            sm += counts[k] * held_middle[v, k]
            sb += counts[k] * held_back[v, k]
        m[v] = min(1.0, max(0.0, middle[v] + sm / den))
        b[v] = min(1.0, max(0.0, back[v] + sb / den))
    for i in range(len(r3)):
        v = r3[i]
        sf = 0
        for k in range(13):
            sf += counts[k] * held_front[v, k]
        f[v] = min(1.0, max(0.0, front[v] + sf / den))
    return f, m, b


@njit(cache=True, parallel=True)
def arrange_many_held(hands, five_subsets, three_subsets, tables, splits, front, middle, back,
                      held_front, held_middle, held_back, den):
    """arrange_many with each hand's chances corrected for the cards it holds (held_chances)."""
    n = len(hands)
    chosen = np.empty(n, np.int64)
    row_ranks = np.empty((n, 3), np.int64)
    for h in prange(n):
        k5, k3, r5, r3 = hand_keys(hands[h], five_subsets, three_subsets, tables)
        f, m, b = held_chances(hands[h], r5, r3, front, middle, back, held_front, held_middle,
                               held_back, den)
        i, _ = best_split_index(k5, k3, r5, r3, splits, f, m, b)
        chosen[h] = i
        row_ranks[h, 0] = r3[splits[i, 0]]
        row_ranks[h, 1] = r5[splits[i, 1]]
        row_ranks[h, 2] = r5[splits[i, 2]]
    return chosen, row_ranks


@njit(cache=True, parallel=True)
def arrange_many(hands, five_subsets, three_subsets, tables, splits,
                 front, middle, back):
    """Best split of each row of `hands` (n x 13, each row sorted): (split index, rows' ranks)."""
    n = len(hands)
    chosen = np.empty(n, np.int64)
    row_ranks = np.empty((n, 3), np.int64)
    for h in prange(n):
        i, _, f, m, b = arrange_one(hands[h], five_subsets, three_subsets, tables, splits,
                                    front, middle, back)
        chosen[h] = i
        row_ranks[h, 0] = f
        row_ranks[h, 1] = m
        row_ranks[h, 2] = b
    return chosen, row_ranks


def split_cards(cards, index: int) -> tuple[list[int], list[int], list[int]]:
    """(front, middle, back) cards of split `index` of a hand (sorted low to high)."""
    cards = sorted(cards)
    f, m, b = (int(x) for x in SPLITS[index])
    return ([cards[p] for p in THREE_SUBSETS[f]], [cards[p] for p in FIVE_SUBSETS[m]],
            [cards[p] for p in FIVE_SUBSETS[b]])


def arranger_tables():
    """The lookup tables hand_keys takes: sorted keys and rank by colex index, each size."""
    _, rank5, _, rank3 = lookup_tables()
    keys5, keys3 = rank_keys()
    return (keys5, rank5.astype(np.int16), keys3, rank3.astype(np.int16), BINOMIAL)


class Arranger:
    """Sets 13-card hands by three win-probability tables (numpy float64 arrays), and when
    `held` is given (the three rows' held-cards corrections, (ranks x 13) integers over
    `held_denominator`; held_cards.py) with each hand's chances corrected for the cards it holds."""

    def __init__(self, front, middle, back, held=None, held_denominator: int = 1):
        self.front = np.ascontiguousarray(front, np.float64)
        self.middle = np.ascontiguousarray(middle, np.float64)
        self.back = np.ascontiguousarray(back, np.float64)
        self.held = None if held is None else tuple(np.ascontiguousarray(h, np.int64)
                                                    for h in held)
        self.held_denominator = held_denominator
        self.tables = arranger_tables()

    @classmethod
    def of(cls, tables: dict) -> "Arranger":
        """The arranger of a tables file as tablefile.read returns it (with its held-cards
        correction when the file has one)."""
        return cls(tables["front"], tables["middle"], tables["back"], tables.get("held"),
                   tables.get("held_denominator", 1))

    def _parts(self, cards):
        """Keys and ranks of the hand's parts, and the (front, middle, back) chance tables."""
        hand = np.array(sorted(cards), np.int64)
        k5, k3, r5, r3 = hand_keys(hand, FIVE_SUBSETS, THREE_SUBSETS, self.tables)
        if self.held is None:
            return k5, k3, r5, r3, (self.front, self.middle, self.back)
        return k5, k3, r5, r3, held_chances(hand, r5, r3, self.front, self.middle, self.back,
                                            *self.held, self.held_denominator)

    def best(self, cards) -> tuple[int, float]:
        """(split index, E+) of the best legal split of 13 cards."""
        k5, k3, r5, r3, chances = self._parts(cards)
        i, value = best_split_index(k5, k3, r5, r3, SPLITS, *chances)
        return int(i), float(value)

    def ranked(self, cards, count: int) -> list[dict]:
        """The `count` best legal splits, best first (ties in split order), with pf, pm, pb, E+."""
        k5, k3, r5, r3, chances = self._parts(cards)
        front, middle, back = chances
        values = split_values(k5, k3, r5, r3, SPLITS, front, middle, back)
        order = np.argsort(-values, kind="stable")
        out = []
        for i in order[:count]:
            if values[i] < 0:
                break
            f, m, b = (int(x) for x in SPLITS[i])
            front_cards, middle_cards, back_cards = split_cards(cards, int(i))
            out.append({"index": int(i), "front": front_cards, "middle": middle_cards,
                        "back": back_cards,
                        "pf": float(front[r3[f]]), "pm": float(middle[r5[m]]),
                        "pb": float(back[r5[b]]), "e_plus": float(values[i]),
                        "ranks": (int(r3[f]), int(r5[m]), int(r5[b])),
                        "keys": (int(k3[f]), int(k5[m]), int(k5[b]))})
        return out

    def many(self, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Best split index and (front, middle, back) ranks of each row of `hands` (n x 13)."""
        hands = np.sort(np.asarray(hands, np.int64), axis=1)
        if self.held is not None:
            return arrange_many_held(hands, FIVE_SUBSETS, THREE_SUBSETS, self.tables, SPLITS,
                                     self.front, self.middle, self.back, *self.held,
                                     self.held_denominator)
        return arrange_many(hands, FIVE_SUBSETS, THREE_SUBSETS, self.tables, SPLITS,
                            self.front, self.middle, self.back)
