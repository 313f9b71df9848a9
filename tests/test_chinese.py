"""Chinese Poker (generator/chinese): ranks, arranger, training, evaluation and the commands.

Each fast path is checked against tests/chinese_slow.py, written from the rules. Sizes here are
small; the full-size runs are commands (docs/user-guide/05-chinese-poker.md).
"""

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from generator.chinese import arranger, evaluation, rank_kernels, ranks, tablefile, training
from tests import chinese_slow as slow
from tests.chromium import AXE, SERIOUS, require

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"


def run_cli(*args, cwd=ROOT, env_cache=None):
    import os

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if env_cache:
        env["VPCHARTS_CACHE"] = str(env_cache)
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env,
                          capture_output=True, text=True)


# --- (1) ranks ---------------------------------------------------------------------------------

def test_five_card_hands_by_category_and_distinct_ranks():
    keys = rank_kernels.all_five_keys(ranks.BINOMIAL)
    assert len(keys) == 2_598_960
    by_category = np.bincount(keys >> 20, minlength=9).tolist()
    assert by_category == [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    five, three = ranks.rank_keys()
    assert len(five) == ranks.N_FIVE == 7462
    assert len(three) == ranks.N_THREE == 13 + 13 * 12 + 286 == 455


def test_three_card_hands_by_category():
    keys = rank_kernels.all_three_keys(ranks.BINOMIAL)
    assert np.bincount(keys >> 20, minlength=4).tolist() == [18_304, 3_744, 0, 52]


def test_dense_ranks_order_hands_like_the_slow_evaluator():
    """The n-th distinct key is the n-th distinct strength, for both sizes."""
    five, three = ranks.rank_keys()
    for keys, size in ((five, 5), (three, 3)):
        strengths = slow.distinct_strengths(size)
        assert len(strengths) == len(keys)
        rng = random.Random(size)
        for _ in range(3000):
            cards = rng.sample(range(52), size)
            key = rank_kernels.key5(*cards) if size == 5 else rank_kernels.key3(*cards)
            assert strengths[int(np.searchsorted(keys, key))] == slow.strength(cards)


def test_rows_compare_across_sizes_like_the_slow_evaluator():
    rng = random.Random(7)
    for _ in range(20000):
        cards = rng.sample(range(52), 8)
        front, middle = cards[:3], cards[3:]
        fast = rank_kernels.key3(*front) <= rank_kernels.key5(*middle)
        assert fast == (slow.strength(front) <= slow.strength(middle)), (front, middle)


def card_list(text):
    from generator.core.cards import parse_hand

    return parse_hand(text, size=len(text.split()))


@pytest.mark.parametrize("front, middle, legal", [
    ("As Ks Qs", "Ah Kh Qh 3d 2c", True),      # same high cards, the middle has kickers
    ("Kd Kc Ad", "Ks Kh Qh Jd 2c", False),     # kings with an ace kicker over kings with a queen
    ("Kd Kc 2d", "Ks Kh Qh Jd 3c", True),
    ("3d 3c 3h", "2d 2c 2h As Ks", False),     # trips in front over smaller trips
    ("Ad Kc Qd", "2d 2c 4h 5s 6s", True),      # any pair beats any high card
    ("Ad Ac Kd", "2d 3c 4h 5s 7s", False),
])
def test_foul_rule_examples(front, middle, legal):
    f, m = card_list(front), card_list(middle)
    assert (rank_kernels.key3(*f) <= rank_kernels.key5(*m)) == legal


def test_wheel_is_the_lowest_straight_and_key_names():
    wheel = rank_kernels.key5(*card_list("As 2d 3c 4h 5s"))
    six = rank_kernels.key5(*card_list("6s 2d 3c 4h 5s"))
    assert wheel < six and ranks.key_text(wheel) == "5-high straight"
    assert ranks.key_text(rank_kernels.key5(*card_list("Ks Kd Ac Qh Jh"))) == "KK-A-Q-J"
    assert ranks.key_text(rank_kernels.key3(*card_list("4s 3d 2c"))) == "4-3-2"


# --- (2) arranger ------------------------------------------------------------------------------

def test_split_list_is_every_split_once():
    assert len(arranger.SPLITS) == 72_072 == 1287 * 56
    seen = set()
    for f, m, b in arranger.SPLITS[::97].tolist():
        parts = [set(arranger.THREE_SUBSETS[f]), set(arranger.FIVE_SUBSETS[m]),
                 set(arranger.FIVE_SUBSETS[b])]
        assert set.union(*parts) == set(range(13))
        seen.add((f, m, b))
    assert len(seen) == len(arranger.SPLITS[::97])


def committed_tables():
    t = tablefile.read(tablefile.path_in(CONTENT))
    return t["front"], t["middle"], t["back"]


@pytest.mark.slow  # (tens of seconds: a reference counted directly)
def test_arranger_agrees_with_the_slow_reference_on_random_hands():
    """20 hands here with the trained tables and 10 with random ones (1,000 by the command
    `python -m tests.chinese_slow 1000`)."""
    assert slow.check_arranger(20, committed_tables(), seed=1) == []
    rng = np.random.default_rng(3)
    random_tables = (rng.random(455), rng.random(7462), rng.random(7462))
    assert slow.check_arranger(10, random_tables, seed=2) == []


def test_pruned_search_equals_the_plain_one_with_ties():
    """Tables with many equal values make many equal E+; the first in split order must win."""
    rng = np.random.default_rng(4)
    tables = (np.round(rng.random(455), 1), np.round(rng.random(7462), 1),
              np.round(rng.random(7462), 1))
    a = arranger.Arranger(*tables)
    for _ in range(200):
        hand = np.sort(rng.permutation(52)[:13])
        parts = arranger.hand_keys(hand, arranger.FIVE_SUBSETS, arranger.THREE_SUBSETS, a.tables)
        assert (arranger.best_split_index(*parts, arranger.SPLITS, *tables)
                == arranger.best_split_index_plain(*parts, arranger.SPLITS, *tables))


def test_ranked_lists_legal_splits_best_first():
    a = arranger.Arranger(*committed_tables())
    cards = card_list("As Ks Qs Js 9h 9d 8c 7c 6h 5s 4d 3c 2h")
    splits = a.ranked(cards, 5)
    assert splits[0]["index"] == a.best(cards)[0]
    values = [s["e_plus"] for s in splits]
    assert values == sorted(values, reverse=True)
    for s in splits:
        assert sorted(s["front"] + s["middle"] + s["back"]) == sorted(cards)
        kf, km, kb = s["keys"]
        assert kf <= km <= kb


# --- (3) training ------------------------------------------------------------------------------

def test_training_is_deterministic_and_depends_on_the_seed():
    one = tablefile.to_text(training.train(2, 300, 5))
    assert one == tablefile.to_text(training.train(2, 300, 5))
    assert one != tablefile.to_text(training.train(2, 300, 6))


def test_deals_are_distinct_cards_and_independent_of_batching():
    whole = training.deal_hands(9, 1, 0, 50, 13)
    part = training.deal_hands(9, 1, 20, 30, 13)
    assert (whole[20:] == part).all()
    assert all(len(set(h)) == 13 and 0 <= min(h) and max(h) < 52 for h in whole.tolist())


def test_tables_are_averages_of_counter_strategies():
    """After k rounds each table is a weighted average of k mid-rank shares (round j counts j
    times): entries stay within 0..1, never fall with rank, over samples * k * (k + 1)."""
    result = training.train(3, 200, 1)
    assert result["denominator"] == 200 * 3 * 4 == 2 * 200 * (1 + 2 + 3)
    for name in ("front", "middle", "back"):
        v = result[name]
        assert (np.diff(v) >= 0).all() and v[0] >= 0 and v[-1] <= result["denominator"]
    counts = np.array([3, 0, 2, 5])
    assert training.midrank_numerators(counts).tolist() == [3, 6, 8, 15]


def test_colex_cards_inverts_the_colex_index():
    rng = random.Random(4)
    for k, colex in ((5, rank_kernels.colex5), (3, rank_kernels.colex3)):
        for _ in range(200):
            cards = sorted(rng.sample(range(52), k))
            assert training.colex_cards(colex(*cards, ranks.BINOMIAL), k) == cards


def test_card_masks_hold_each_card_once():
    """A hand's mask has bit c exactly for its cards c (ace of spades, bit 51, included), so two
    hands share no card exactly when their masks' AND is 0."""
    from generator.chinese.dealing import card_masks

    hands = training.deal_hands(7, 3, 0, 200, 13)
    hands[0] = np.arange(39, 52)  # the top cards, whose bits are the highest
    masks = card_masks(hands)
    assert masks.dtype == np.uint64
    assert [int(m) for m in masks] == [sum(1 << int(c) for c in h) for h in hands]
    assert all((int(masks[i]) & int(masks[j]) == 0) == (not set(hands[i]) & set(hands[j]))
               for i in range(20) for j in range(20))


def test_card_removal_counts_against_a_direct_count():
    """Each rank's representatives are hands of that rank, and the removal counts are the mid-rank numerators over the hands sharing no card with them."""
    rep5, rep3 = training.representatives(2)
    _, rank5, _, rank3 = ranks.lookup_tables()
    for r in (0, 1234, 7461):
        for m in rep5[r]:
            cards = [c for c in range(52) if int(m) >> c & 1]
            assert len(cards) == 5 and rank5[rank_kernels.colex5(*cards, ranks.BINOMIAL)] == r
    hands = training.deal_hands(8, 1, 0, 300, 13)
    _, row_ranks = arranger.Arranger(*committed_tables()).many(hands)
    masks = (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    num, den = training.removal_counts(rep5, rep3, masks, row_ranks)
    for row, rank in ((0, 7), (0, 454), (1, 3000), (2, 3000), (2, 7000)):
        reps = (rep3 if row == 0 else rep5)[rank]
        n = d = 0
        for mask in reps.tolist():
            for h, cards in enumerate(hands.tolist()):
                if not any(mask >> c & 1 for c in cards):
                    d += 1
                    n += 2 * (row_ranks[h, row] < rank) + (row_ranks[h, row] == rank)
        assert (num[row][rank], den[row][rank]) == (n, d) and d > 0


def test_training_options_are_deterministic_and_recorded():
    """Card removal and dropping round 1's answer change the tables, stay exact fractions of
    one denominator, and are recorded in the settings (and the cache key)."""
    plain = training.train(3, 300, 5)
    removal = training.train(3, 300, 5, removal=2, skip=1)
    assert tablefile.to_text(removal) == tablefile.to_text(training.train(3, 300, 5, removal=2,
                                                                          skip=1))
    assert removal["denominator"] == 300 * (3 * 4 - 1 * 2) == 2 * 300 * (2 + 3)
    assert removal["settings"] == {"rounds": 3, "samples": 300, "seed": 5, "removal": 2,
                                   "skip": 1}
    assert "removal" not in plain["settings"]
    assert training.cache_key(3, 300, 5) != training.cache_key(3, 300, 5, 2, 1)
    for name in ("front", "middle", "back"):
        assert 0 <= removal[name].min() and removal[name].max() <= removal["denominator"]
        assert (removal[name] != plain[name]).any()


def test_held_corrections_against_a_direct_count():
    """Each correction is the row's win share against reference hands weighted by the chance
    they lack one given card of the rank ((4 - cards of that rank) / 4), minus the unweighted
    share, times HELD_DENOMINATOR rounded half up: here with Fractions, hand by hand."""
    from fractions import Fraction

    from generator.chinese import held_cards

    hands = training.deal_hands(8, 2, 0, 300, 13)
    _, row_ranks = arranger.Arranger(*committed_tables()).many(hands)
    sizes = (455, 7462, 7462)
    got = held_cards.corrections(hands, row_ranks, sizes)
    rng = random.Random(9)
    cases = [(0, 454, 12), (0, 0, 0)] + [(r, rng.randrange(sizes[r]), rng.randrange(13))
                                         for r in (0, 1, 2) for _ in range(8)]
    cases += [(row, int(row_ranks[h, row]), rng.randrange(13))
              for h in range(4) for row in (0, 1, 2)]
    den = held_cards.HELD_DENOMINATOR
    for row, v, k in cases:
        def share(weight):
            total = sum(weight(cards) for cards in hands.tolist())
            wins = sum(weight(cards) * Fraction(2 * (row_ranks[h, row] < v)
                                                + (row_ranks[h, row] == v), 2)
                       for h, cards in enumerate(hands.tolist()))
            return wins / total
        d = share(lambda cards: 4 - sum(c // 4 == k for c in cards)) - share(lambda cards: 1)
        assert got[row][v, k] == (2 * d * den + 1) // 2, (row, v, k)
    assert any(got[row][v, k] != 0 for row, v, k in cases)  # (the test can see a difference)


@pytest.mark.slow  # (tens of seconds: a reference counted directly)
def test_held_arranger_agrees_with_the_slow_reference():
    """The arranger with a held-cards correction against every split tried with each hand's
    corrected chances (tests/chinese_slow.py): large random corrections, so that they decide,
    and the committed one; and many() sets each hand as best() does."""
    rng = np.random.default_rng(5)
    held = tuple(rng.integers(-3000, 3001, (n, 13)) for n in (455, 7462, 7462))
    assert slow.check_arranger(8, committed_tables(), seed=4, held=held,
                               held_denominator=100_000) == []
    t = tablefile.read(tablefile.path_in(CONTENT))
    if t.get("held") is not None:
        assert slow.check_arranger(6, committed_tables(), seed=6, held=t["held"],
                                   held_denominator=t["held_denominator"]) == []
    a = arranger.Arranger(*committed_tables(), held, 100_000)
    plain = arranger.Arranger(*committed_tables())
    hands = training.deal_hands(3, 4, 0, 200, 13)
    index, ranks_ = a.many(hands)
    assert [int(i) for i in index] == [a.best(h.tolist())[0] for h in hands]
    assert (index != plain.many(hands)[0]).any()  # the correction changes some settings


def test_held_training_is_deterministic_recorded_and_leaves_the_tables():
    """held_cards adds the correction (exact, deterministic, in the settings, the cache key and
    the file's digest) and changes nothing else; a damaged correction is one line."""
    plain = training.train(2, 300, 5)
    held = training.train(2, 300, 5, held_cards=500)
    assert tablefile.to_text(held) == tablefile.to_text(training.train(2, 300, 5, held_cards=500))
    assert held["settings"] == {"rounds": 2, "samples": 300, "seed": 5, "held_cards": 500}
    assert training.cache_key(2, 300, 5) != training.cache_key(2, 300, 5, held_cards=500)
    assert training.cache_key(2, 300, 5) == training.cache_key(2, 300, 5, held_cards=0)
    for name in ("front", "middle", "back"):
        assert (held[name] == plain[name]).all()
    assert [h.shape for h in held["held"]] == [(455, 13), (7462, 13), (7462, 13)]
    assert tablefile.digest(held) != tablefile.digest(plain)


def test_held_tables_file_round_trip_and_damage(tmp_path):
    result = training.train(1, 100, 1, held_cards=200)
    path = tmp_path / "chinese" / "tables.json"
    tablefile.write(path, result)
    t = tablefile.read(path)
    assert t["held_denominator"] == 100_000
    assert all((a == b).all() for a, b in zip(t["held"], result["held"]))
    data = json.loads(path.read_text())
    data["held_middle"][3] = data["held_middle"][3][:12]
    path.write_text(json.dumps(data))
    with pytest.raises(Exception, match="held_middle.*7462 lists of 13 integers"):
        tablefile.read(path)
    data = json.loads(tablefile.to_text(result))
    data["held_back"][7000][0] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(Exception, match="sha256"):
        tablefile.read(path)


@pytest.mark.slow  # (tens of seconds: a reference counted directly)
def test_joint_candidates_and_points_against_a_direct_count():
    """The joint answer's inputs: each hand's candidates are undominated legal splits, best E+
    first (the first is the arranger's own choice's E+), and their points are a direct 4-2 count
    against every opponent."""
    from generator.chinese import joint

    tables = committed_tables()
    a = arranger.Arranger(*tables)
    hands = np.sort(training.deal_hands(6, 1, 0, 4, 13), axis=1)
    opponents = a.many(training.deal_hands(6, 2, 0, 200, 13))[1]
    cands, counts = joint.candidates(hands, a.tables, arranger.FIVE_SUBSETS,
                                     arranger.THREE_SUBSETS, arranger.SPLITS, *tables, 5)
    sums = joint.point_sums(cands, counts, opponents)
    for h in range(len(hands)):
        index, r = legal_rows(hands[h], a.tables)
        front = set(map(tuple, r[evaluation.undominated(index, r)].tolist()))
        values = [arranger.e_plus(tables[0][f], tables[1][m], tables[2][b])
                  for f, m, b in cands[h, :counts[h]].tolist()]
        assert counts[h] == min(5, len(front)) > 1
        assert all(tuple(c) in front for c in cands[h, :counts[h]].tolist())
        assert values == sorted(values, reverse=True)
        assert values[0] == a.best(hands[h].tolist())[1]
        for t in range(counts[h]):
            assert sums[h, t] == sum(evaluation.score(*cands[h, t], *o) for o in opponents)


def test_joint_fit_keeps_exact_tables_and_follows_the_targets():
    """Targets that are the tables' own E = 2 E+ - 4 leave the tables where they are; lowering
    the targets of the splits with the weakest front lowers that rank's chance alone."""
    from generator.chinese import joint

    rng = np.random.default_rng(3)
    shares = (np.sort(rng.uniform(0.2, 0.9, 455)), np.sort(rng.random(7462)),
              np.sort(rng.random(7462)))
    cands = np.stack([rng.integers(0, 455, (300, 4)), rng.integers(0, 7462, (300, 4)),
                      rng.integers(0, 7462, (300, 4))], axis=2)
    cands[:, 0, 0] = 0
    counts = np.full(300, 4)
    exact = 2 * arranger.e_plus(shares[0][cands[..., 0]], shares[1][cands[..., 1]],
                                shares[2][cands[..., 2]]) - 4
    fitted = joint.fit(cands, counts, exact, shares, 1.0, 3)
    for f, s in zip(fitted, shares):
        assert np.allclose(f, s, atol=1e-12)
    lowered = exact.copy()
    lowered[cands[..., 0] == 0] -= 0.2
    fitted = joint.fit(cands, counts, lowered, shares, 1.0, 1)
    assert fitted[0][0] < shares[0][0] - 0.05
    assert np.allclose(fitted[0][1:], shares[0][1:], atol=1e-12)


def test_monotone_is_the_closest_non_decreasing_sequence():
    from generator.chinese import joint

    assert joint.monotone(np.array([1.0, 3, 2, 4]), np.ones(4)).tolist() == [1, 2.5, 2.5, 4]
    assert joint.monotone(np.array([1.0, 3, 2, 4]), np.array([1.0, 1, 3, 1])).tolist() == \
        [1, 2.25, 2.25, 4]
    rng = np.random.default_rng(1)
    values, weights = rng.random(200), rng.random(200) + 0.1
    out = joint.monotone(values, weights)
    assert (np.diff(out) >= -1e-15).all()
    assert abs((out * weights).sum() - (values * weights).sum()) < 1e-9
    best = ((out - values) ** 2 * weights).sum()
    for _ in range(20):  # no nearby non-decreasing sequence is closer
        other = np.maximum.accumulate(out + rng.normal(0, 0.01, 200))
        assert ((other - values) ** 2 * weights).sum() >= best


def test_joint_training_is_deterministic_and_recorded():
    """Training against the joint outcome changes the kept rounds' answers only, stays exact
    fractions of one denominator, and is recorded in the settings and the cache key."""
    plain = training.train(3, 300, 5, skip=1)
    fitted = training.train(3, 300, 5, skip=1, joint=50)
    assert tablefile.to_text(fitted) == tablefile.to_text(training.train(3, 300, 5, skip=1,
                                                                         joint=50))
    assert fitted["settings"] == {"rounds": 3, "samples": 300, "seed": 5, "removal": 0,
                                  "skip": 1, "joint": 50}
    assert training.cache_key(3, 300, 5, 0, 1) != training.cache_key(3, 300, 5, 0, 1, 50)
    assert fitted["denominator"] == plain["denominator"]
    assert fitted["history"][0] == plain["history"][0]  # round 1 (not kept) is the same
    for name in ("front", "middle", "back"):
        assert 0 <= fitted[name].min() and fitted[name].max() <= fitted["denominator"]
        assert (np.diff(fitted[name]) >= 0).all()  # the fitted answers stay monotone
        assert (fitted[name] != plain[name]).any()


@pytest.mark.slow  # (tens of seconds: a reference counted directly)
def test_respond_candidates_and_choice_against_a_direct_count():
    """The best response as the training step: each hand's candidates are its k legal splits with
    the highest E+, best first and equal E+ in split order (so the first is the arranger's own
    split), and the chosen one has the most 4-2 points against the other hands, counted directly
    (the earliest of equals)."""
    from generator.chinese import joint

    tables = committed_tables()
    a = arranger.Arranger(*tables)
    hands = np.sort(training.deal_hands(6, 1, 0, 6, 13), axis=1)
    cands, counts = joint.top_splits(hands, a.tables, arranger.FIVE_SUBSETS,
                                     arranger.THREE_SUBSETS, arranger.SPLITS, *tables, 5)
    own = a.many(hands)[1]
    opponents = np.concatenate((own, a.many(training.deal_hands(6, 2, 0, 150, 13))[1]))
    chosen = joint.respond_ranks(cands, counts, opponents)
    changed = 0
    for h in range(len(hands)):
        index, r = legal_rows(hands[h], a.tables)
        values = np.array([arranger.e_plus(tables[0][f], tables[1][m], tables[2][b])
                           for f, m, b in r.tolist()])
        order = np.argsort(-values, kind="stable")[:5]  # split order among equals
        assert counts[h] == 5
        assert cands[h].tolist() == r[order].tolist()
        assert cands[h, 0].tolist() == own[h].tolist()
        points = [sum(evaluation.score(*c, *o) for j, o in enumerate(opponents) if j != h)
                  for c in cands[h]]
        assert chosen[h].tolist() == cands[h, points.index(max(points))].tolist()
        changed += chosen[h].tolist() != own[h].tolist()
    assert 0 < changed < len(hands)  # the check sees both outcomes


def test_respond_training_is_deterministic_and_recorded():
    """--respond changes the kept rounds' answers only, stays exact fractions of the usual
    denominator, and is recorded in the settings and the cache key; off, the bytes are the
    same as before."""
    plain = training.train(3, 300, 5, skip=1)
    responded = training.train(3, 300, 5, skip=1, respond=100)
    assert tablefile.to_text(responded) == tablefile.to_text(
        training.train(3, 300, 5, skip=1, respond=100))
    assert responded["settings"] == {"rounds": 3, "samples": 300, "seed": 5, "removal": 0,
                                     "skip": 1, "respond": 100}
    assert training.cache_key(3, 300, 5, 0, 1) == training.cache_key(3, 300, 5, 0, 1,
                                                                     respond=0)
    assert training.cache_key(3, 300, 5, 0, 1) != training.cache_key(3, 300, 5, 0, 1,
                                                                     respond=100)
    assert responded["denominator"] == plain["denominator"]
    assert responded["history"][0] == plain["history"][0]  # round 1 (not kept) is the same
    for name in ("front", "middle", "back"):
        assert 0 <= responded[name].min() and responded[name].max() <= responded["denominator"]
        assert (np.diff(responded[name]) >= 0).all()  # shares of one population: monotone
        assert (responded[name] != plain[name]).any()


def test_hand_removal_counts_only_opponents_sharing_no_card():
    """Card removal between the players: each hand's rows are counted against exactly the
    round's hands that share no card with it (a direct count), a rank's share pools its hands,
    a rank no hand used keeps its plain share, and each row comes out non-decreasing."""
    tables = committed_tables()
    a = arranger.Arranger(*tables)
    hands = np.sort(training.deal_hands(8, 1, 0, 1500, 13), axis=1)
    row_ranks = a.many(hands)[1]
    masks = np.array([sum(1 << int(c) for c in h) for h in hands], np.uint64)
    sums, counts = training.hand_removal_sums(masks, row_ranks)
    assert (counts > 0).mean() > 0.9  # about 1.3% of hands share no card with a given one
    for h in range(0, 1500, 167):
        others = [o for o in range(1500) if not set(hands[o]) & set(hands[h])]
        assert counts[h] == len(others)
        for row in range(3):
            assert sums[h, row] == sum(2 * (row_ranks[o, row] < row_ranks[h, row])
                                       + (row_ranks[o, row] == row_ranks[h, row])
                                       for o in others)
    plain = [training.midrank_numerators(np.bincount(row_ranks[:, row], minlength=size))
             for row, size in enumerate((455, 7462, 7462))]
    answer = training.hand_removal_answer(hands, row_ranks, 1500, plain)
    for row in range(3):
        assert (np.diff(answer[row]) >= 0).all()
        unused = np.setdiff1d(np.arange(len(plain[row])), row_ranks[:, row])
        # below the weakest used rank and above the strongest, nothing pools with the unused
        low = unused[unused < row_ranks[:, row].min()]
        assert (answer[row][low] == plain[row][low]).all()
        assert (answer[row] != plain[row]).any()
    used = row_ranks[:, 0]
    r = int(np.bincount(used).argmax())  # the commonest front: its share is the pooled one
    pooled = sums[used == r, 0].sum() / (2 * counts[used == r].sum())
    assert abs(answer[0][r] / 3000 - pooled) < 0.05  # (up to the monotone step's pooling)


def test_hand_removal_training_is_deterministic_and_recorded():
    plain = training.train(2, 300, 5)
    removed = training.train(2, 300, 5, hand_removal=1)
    assert tablefile.to_text(removed) == tablefile.to_text(training.train(2, 300, 5,
                                                                          hand_removal=1))
    assert removed["settings"] == {"rounds": 2, "samples": 300, "seed": 5, "hand_removal": 1}
    assert training.cache_key(2, 300, 5) != training.cache_key(2, 300, 5, hand_removal=1)
    assert removed["denominator"] == plain["denominator"]
    for name in ("front", "middle", "back"):
        assert 0 <= removed[name].min() and removed[name].max() <= removed["denominator"]
        assert (removed[name] != plain[name]).any()


def test_front_scale_is_exact_and_recorded():
    """--front-scale 97: every front chance p becomes 1/2 + 0.97 (p - 1/2) exactly, the middle
    and back chances are unchanged, and the setting is in the file and the cache key."""
    from fractions import Fraction

    plain = training.train(2, 300, 5)
    scaled = training.train(2, 300, 5, front_scale=97)
    assert scaled["settings"] == {"rounds": 2, "samples": 300, "seed": 5, "front_scale": 97}
    assert training.cache_key(2, 300, 5) != training.cache_key(2, 300, 5, front_scale=97)
    d0, d1 = plain["denominator"], scaled["denominator"]
    for name in ("front", "middle", "back"):
        a = Fraction(97, 100) if name == "front" else 1
        half = Fraction(1, 2)
        assert all(Fraction(int(y), d1) == half + a * (Fraction(int(x), d0) - half)
                   for x, y in zip(plain[name], scaled[name]))
        assert 0 <= scaled[name].min() and scaled[name].max() <= d1
    out = run_cli("chinese", "train", "--front-scale", "150")
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "--front-scale: '150': expected a whole number from 0 to 100" in out.stderr


def test_committed_tables_file_is_whole_and_from_this_trainer():
    t = tablefile.read(tablefile.path_in(CONTENT))
    s = t["settings"]
    dropped = min(s.get("skip", 0), s["rounds"] - 1)  # rounds 1..dropped left the average
    scaled = 200 if s.get("front_scale", 100) != 100 else 1  # training.scale_front
    assert t["denominator"] == scaled * s["samples"] * (s["rounds"] * (s["rounds"] + 1)
                                                        - dropped * (dropped + 1))
    assert len(t["history"]) == s["rounds"]
    # a stronger hand never has a smaller win chance in the same row (monotone by construction)
    assert all((np.diff(t[name]) >= 0).all() for name in ("front", "middle", "back"))


def test_a_damaged_tables_file_is_one_line(tmp_path):
    result = training.train(1, 100, 1)
    path = tmp_path / "chinese" / "tables.json"
    tablefile.write(path, result)
    tablefile.read(path)
    data = json.loads(path.read_text())
    data["back"][10] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(Exception, match="sha256"):
        tablefile.read(path)
    data["trainer_version"] = "old"
    path.write_text(json.dumps(data))
    with pytest.raises(Exception, match="trainer_version"):
        tablefile.read(path)


# --- (4) evaluation ----------------------------------------------------------------------------

def test_score_is_the_4_2_rule():
    for a in [(x, y, z) for x in range(3) for y in range(3) for z in range(3)]:
        for b in [(1, 1, 1)]:
            sa = [slow.HIGH] + [a[0]], [slow.HIGH] + [a[1]], [slow.HIGH] + [a[2]]
            sb = [slow.HIGH] + [b[0]], [slow.HIGH] + [b[1]], [slow.HIGH] + [b[2]]
            assert evaluation.score(*a, *b) == slow.score(sa, sb)


def legal_rows(hand, t):
    parts = arranger.hand_keys(hand, arranger.FIVE_SUBSETS, arranger.THREE_SUBSETS, t)
    return evaluation.legal_ranks(*parts, arranger.SPLITS)


def test_undominated_splits_are_the_pareto_front():
    t = arranger.arranger_tables()
    rng = np.random.default_rng(5)
    for _ in range(3):
        hand = np.sort(rng.permutation(52)[:13])
        index, r = legal_rows(hand, t)
        kept = set(evaluation.undominated(index, r).tolist())
        triples = {tuple(x) for x in r.tolist()}
        front = {x for x in triples
                 if not any(y != x and all(yi >= xi for yi, xi in zip(y, x)) for y in triples)}
        assert {tuple(r[k]) for k in kept} == front and len(kept) == len(front)


def test_best_response_scores_at_least_every_legal_split():
    tables = committed_tables()
    a = arranger.Arranger(*tables)
    pool = np.sort(training.deal_hands(3, 77, 0, 3000, 13), axis=1)
    _, pool_ranks = a.many(pool)
    masks = np.array([sum(1 << int(c) for c in h) for h in pool], np.uint64)
    hands = np.sort(training.deal_hands(3, 78, 0, 3, 13), axis=1)
    own_index, own_ranks = a.many(hands)
    br, br_ranks, seen, _, _ = evaluation.respond(hands, own_index, own_ranks, masks,
                                                  pool_ranks, a.tables, arranger.FIVE_SUBSETS,
                                                  arranger.THREE_SUBSETS, arranger.SPLITS)
    for h in range(len(hands)):
        mine = set(hands[h].tolist())
        opponents = [pool_ranks[p] for p in range(len(pool)) if not mine & set(pool[p].tolist())]
        assert seen[h] == len(opponents) > 0
        index, r = legal_rows(hands[h], a.tables)

        def total(x):
            return sum(evaluation.score(*x, *o) for o in opponents)
        best = max(total(x) for x in r[::7])  # every 7th legal split, plus the tables' own
        assert total(br_ranks[h]) >= max(best, total(own_ranks[h]))
        assert br[h] in index.tolist()


@pytest.mark.slow  # (tens of seconds: a reference counted directly)
def test_gain_estimates_against_a_direct_count():
    """Each hand's in-sample and cross-fitted gains over the tables' own split, recounted in
    Python from the opponents, on the whole pool and without pool block 3: the in-sample one
    over every legal split (dominated ones cannot score more), the cross-fitted one choosing on
    the even-numbered pool hands and scoring on the odd-numbered ones and back."""
    tables = committed_tables()
    a = arranger.Arranger(*tables)
    pool = np.sort(training.deal_hands(4, 77, 0, 2000, 13), axis=1)
    _, pool_ranks = a.many(pool)
    masks = np.array([sum(1 << int(c) for c in h) for h in pool], np.uint64)
    hands = np.sort(training.deal_hands(4, 78, 0, 12, 13), axis=1)
    own_index, own_ranks = a.many(hands)
    br, _, seen, in_sample, cross = evaluation.respond(hands, own_index, own_ranks, masks,
                                                       pool_ranks, a.tables,
                                                       arranger.FIVE_SUBSETS,
                                                       arranger.THREE_SUBSETS, arranger.SPLITS)
    assert in_sample.shape == cross.shape == (len(hands), 1 + evaluation.BLOCKS)
    gaining = 0
    for h in range(len(hands)):
        mine = set(hands[h].tolist())
        index, r = legal_rows(hands[h], a.tables)
        kept = evaluation.undominated(index, r)
        for drop in (-1, 3):
            halves = [[pool_ranks[p] for p in range(len(pool))
                       if p % 2 == half and p % evaluation.BLOCKS != drop
                       and not mine & set(pool[p].tolist())] for half in (0, 1)]
            m = len(halves[0]) + len(halves[1])
            if drop == -1:
                assert seen[h] == m

            def total(x, half):
                return sum(evaluation.score(*x, *o) for o in halves[half])
            own = [total(own_ranks[h], 0), total(own_ranks[h], 1)]
            best = max(total(x, 0) + total(x, 1) for x in r.tolist())
            assert in_sample[h, drop + 1] == pytest.approx(max(0, best - sum(own)) / m,
                                                           abs=1e-12)
            candidates = [(total(r[k], 0), total(r[k], 1)) for k in kept] + [tuple(own)]
            expected = 0.0
            for half in (0, 1):
                top = max(c[half] for c in candidates)
                chosen = own if own[half] == top else next(c for c in candidates
                                                           if c[half] == top)
                expected += (chosen[1 - half] - own[1 - half]) / len(halves[1 - half]) / 2
            assert cross[h, drop + 1] == pytest.approx(expected, abs=1e-12)
        assert (in_sample[h, 0] == 0) == (br[h] == own_index[h])
        gaining += in_sample[h, 0] > 0
    assert 0 < gaining < len(hands)  # the check saw both kinds of hand


def test_gain_summary_adds_the_pools_jackknife_variance():
    cross = np.zeros((4, 1 + 4))
    cross[:, 0] = [0.0, 0.0, 0.02, -0.01]
    cross[:, 1:] = cross[:, :1]
    s = evaluation.gain_summary(cross, np.abs(cross) * 2)
    assert s["hands"] == 4 and s["per_hand"] == pytest.approx(0.0025) and s["pool_se"] == 0
    assert s["high"] - s["per_hand"] == pytest.approx(1.96 * np.std(cross[:, 0], ddof=1) / 2)
    assert s["in_sample_per_hand"] == pytest.approx(0.015) and s["hands_gaining"] == 2
    cross[:, 1] += 0.004  # leaving block 0 out moves every hand: the pool's luck counts
    moved = evaluation.gain_summary(cross, np.abs(cross))
    assert moved["pool_se"] == pytest.approx(np.sqrt(3 / 4 * (0.003 ** 2 + 3 * 0.001 ** 2)))
    assert moved["high"] > s["high"]


def test_naive_players_take_the_strongest_row_first():
    t = arranger.arranger_tables()
    hand = np.sort(np.array(card_list("As Ks Qs Js Ts Ah Ad 9c 9h 2c 3d 4h 7h")))
    index, r = legal_rows(hand, t)
    (back_first,), (back_ranks,) = evaluation.naive_splits(hand[None], t, arranger.FIVE_SUBSETS,
                                                           arranger.THREE_SUBSETS,
                                                           arranger.SPLITS, 2, 1, 0)
    assert tuple(back_ranks) == max((tuple(x[::-1]) for x in r.tolist()))[::-1]
    front_ranks = evaluation.naive_splits(hand[None], t, arranger.FIVE_SUBSETS,
                                          arranger.THREE_SUBSETS, arranger.SPLITS, 0, 2, 1)[1][0]
    assert front_ranks[0] == max(x[0] for x in r.tolist())


def test_evaluation_summary_interval():
    s = evaluation.summary(np.array([2, -2, 4, 0]))
    assert s["points"] == 4 and s["per_hand"] == 0.5 and s["low"] < 0.5 < s["high"]


# --- (5) command line --------------------------------------------------------------------------

def test_set_prints_the_best_split_first():
    out = run_cli("chinese", "set", "As Ks Qs Js 9h 9d 8c 7c 6h 5s 4d 3c 2h", "--top", "3")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[2].startswith(" 1. back ") and lines[4].startswith(" 3. back ")


@pytest.mark.parametrize("hand, says", [
    ("As Ks Qs", "has 3 cards: expected 13"),
    ("As As Qs Js 9h 9d 8c 7c 6h 5s 4d 3c 2h", "repeats As"),
    ("As Ks Qs Js 9h 9d 8c 7c 6h 5s 4d 3c 1h", "unknown card"),
])
def test_bad_hands_are_one_line(hand, says):
    out = run_cli("chinese", "set", hand)
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and says in out.stderr


def test_train_writes_the_file_and_check_compares(tmp_path):
    target = tmp_path / "t.json"
    args = ["chinese", "train", "--rounds", "1", "--samples", "200", "--seed", "3",
            "--held-cards", "300"]
    out = run_cli(*args, "--out", str(target), env_cache=tmp_path / "cache")
    assert out.returncode == 0, out.stderr
    assert "round 1/1" in out.stdout and target.is_file()
    again = run_cli(*args, "--out", str(target), "--check", env_cache=tmp_path / "cache")
    assert again.returncode == 0 and "identical" in again.stdout and "cache" in again.stdout
    target.write_text(target.read_text().replace('"seed": 3', '"seed": 4'))
    assert run_cli(*args, "--out", str(target), "--check", "--no-cache").returncode == 1


def test_evaluate_runs_small():
    out = run_cli("chinese", "evaluate", "--pairs", "20", "--pool", "4000")
    assert out.returncode == 0, out.stderr
    assert "against its best response" in out.stdout and "95% interval" in out.stdout
    assert "exploitability" in out.stdout and "in-sample (biased up)" in out.stdout


def test_evaluate_writes_the_arranger_and_the_tables_alone(tmp_path):
    """--write keeps the other evaluation: the arranger's (with the held-cards correction) at
    the top, the tables alone (--without-held, as the card sets hands) under tables_alone, each
    with its command and the digest of what it evaluated."""
    result = training.train(1, 200, 2, held_cards=300)
    path = tmp_path / "chinese" / "tables.json"
    tablefile.write(path, result)
    small = ["--pairs", "10", "--pool", "3000", "--tables", str(path), "--write"]
    assert run_cli("chinese", "evaluate", *small).returncode == 0
    out = run_cli("chinese", "evaluate", *small, "--without-held")
    assert out.returncode == 0, out.stderr
    data = json.loads((tmp_path / "chinese" / "evaluation.json").read_text())
    t = tablefile.read(path)
    assert data["tables_sha256"] == tablefile.digest_of(t)
    assert data["tables_alone"]["tables_sha256"] == tablefile.digest_of(tablefile.without_held(t))
    assert data["tables_sha256"] != data["tables_alone"]["tables_sha256"]
    assert data["command"].endswith("--seed 1")
    assert data["tables_alone"]["command"].endswith("--without-held")
    assert run_cli("chinese", "evaluate", *small).returncode == 0  # the main again: kept
    assert "tables_alone" in json.loads((tmp_path / "chinese" / "evaluation.json").read_text())


# --- (6) site ----------------------------------------------------------------------------------

def test_page_and_downloads_are_written_from_the_committed_tables(tmp_path):
    import csv

    from generator.site import chinese as page
    from generator.site.render import Renderer

    assert page.write_site(CONTENT, tmp_path, Renderer(ROOT / "templates"), [])
    html = (tmp_path / "chinese.html").read_text()
    # the evaluation's figures come from its file (made with these tables), never typed
    ev = json.loads((CONTENT / "chinese" / "evaluation.json").read_text())
    ex = ev["exploitability"]
    assert f"{ex['per_hand']:.4f} (95% interval {ex['low']:.4f} to {ex['high']:.4f})" in html
    assert f"{ex['in_sample_per_hand']:.4f}" in html and ev["command"] in html
    # the tables alone, as the card sets hands, beside the arranger with the held-cards correction
    alone = ev["tables_alone"]["exploitability"]
    assert (f"{alone['per_hand']:.4f} (95% interval {alone['low']:.4f} to "
            f"{alone['high']:.4f})") in html
    assert ev["tables_alone"]["command"] in html and "corrects each row's chance" in html
    # how the tables were made, from their settings
    settings = tablefile.read(tablefile.path_in(CONTENT))["settings"]
    scale = settings.get("front_scale", 100)
    assert (f"pulled {100 - scale}% of the way toward one half" in html) == (scale != 100)
    # (each row's chart twice: for wide screens and drawn narrower for phones)
    assert html.count("<svg") == 6 and 'href="chinese-tables.csv"' in html
    assert 'href="chinese.pdf"' in html
    pdf = (tmp_path / "chinese.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    rows = list(csv.DictReader((tmp_path / "chinese-tables.csv").open()))
    assert len(rows) == 455 + 2 * 7462
    data = json.loads((tmp_path / "chinese-tables.json").read_text())
    t = tablefile.read(tablefile.path_in(CONTENT))
    assert data["back"]["win_numerators"] == t["back_numerators"].tolist()
    assert data["front"]["hands"][-1] == "AAA" and data["middle"]["hands"][0] == "7-5-4-3-2"
    assert data["held"]["back"] == t["held"][2].reshape(-1).tolist()
    assert len(data["held"]["front"]) == 455 * 13 and data["held"]["denominator"] == 100_000
    # the same inputs give the same bytes
    again = tmp_path / "again"
    again.mkdir()
    page.write_site(CONTENT, again, Renderer(ROOT / "templates"), [])
    assert (again / "chinese.html").read_bytes() == (tmp_path / "chinese.html").read_bytes()


def test_card_is_one_page_and_the_same_bytes_twice(cache_folder):
    from generator.site import chinese as page
    from generator.site.render import Renderer

    t = tablefile.read(tablefile.path_in(CONTENT))
    renderer = Renderer(ROOT / "templates")
    first = page.card_pdf(t, renderer, ROOT / "static")
    cached = list((cache_folder / "cards").glob("chinese-*"))
    assert first is not None and first.startswith(b"%PDF-") and len(cached) == 1
    assert page.card_pdf(t, renderer, ROOT / "static") == first  # from the cache
    entry = cached[0].read_bytes()
    cached[0].write_bytes(entry[:-100] + bytes([entry[-100] ^ 1]) + entry[-99:])  # one bit off
    assert page.card_pdf(t, renderer, ROOT / "static") == first  # rendered again, not published
    assert cached[0].read_bytes() == entry  # and the entry is whole again


def test_charts_name_every_category_and_no_two_names_meet():
    """Each row's chart, wide and for a phone: every category of the row named once, and no two
    names on one line of names over one another (a name NAME_UNITS a character wide). The
    strong categories start within the last few percent of hands; set three lines deep in turn,
    their names ran together."""
    import re

    from generator.site import chinese as page
    from generator.site.plot import PHONE_WIDTH

    t = tablefile.read(tablefile.path_in(CONTENT))
    for row, title in page.ROW_NAMES:
        categories = {int(k) >> 20 for k in page._keys(row)}
        for width in (page.WIDTH, PHONE_WIDTH):
            svg = str(page.chart_svg(t, row, title, width=width))
            names = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="(start|end)" '
                               r'font-size="10">([^<]+)</text>', svg)
            assert sorted(n for *_, n in names) == sorted(ranks.CATEGORY_NAMES[c]
                                                          for c in categories)
            spans = {}
            for x, y, anchor, name in names:
                wide = page.NAME_UNITS * len(name)
                left = float(x) - (wide if anchor == "end" else 0)
                spans.setdefault(y, []).append((left, left + wide))
                assert left >= 0 and left + wide <= width, (row, width, name)
            for line in spans.values():
                line.sort()
                assert all(a[1] < b[0] for a, b in zip(line, line[1:])), (row, width, line)


def test_bands_cover_each_row_once_in_order():
    from generator.site import chinese as page

    t = tablefile.read(tablefile.path_in(CONTENT))
    for row, size in (("front", 455), ("middle", 7462), ("back", 7462)):
        bands = page.bands(t, row)
        assert bands[0]["from"] == ranks.key_text(page._keys(row)[0])
        assert bands[-1]["to"] == ranks.key_text(page._keys(row)[-1])
        assert all(b["low"] <= b["high"] for b in bands)
        assert all(a["high"] <= b["low"] for a, b in zip(bands, bands[1:]))


def test_js_arranger_agrees_with_python_on_1000_random_hands():
    """static/js/chinese-arranger.js (tests/js/chinese.test.mjs, run by node --test) against
    Arranger: the same best split, E+ to the last bit and the same second best, on 1,000 random
    hands; keys on 2,000 parts. The checked-in fixture is what tests/make_js_fixtures.py makes now."""
    from tests import make_js_fixtures as fixtures
    from tests.test_js import run_node

    assert fixtures.read(fixtures.FOLDER / "chinese.json.gz") == fixtures.chinese(), \
        "tests/js/fixtures/chinese.json.gz is stale: run python -m tests.make_js_fixtures"
    counts = run_node(["chinese.test.mjs"], {})
    assert counts["pass"] == 2 and counts["skipped"] == 0, counts


@pytest.fixture(scope="module")
def chinese_page(tmp_path_factory):
    """chinese.html with its scripts, as the build writes them, opened from disk."""
    import shutil

    from generator.site import chinese as page
    from generator.site.render import Renderer

    out = tmp_path_factory.mktemp("chinese-site")
    shutil.copytree(ROOT / "static", out / "static", ignore=shutil.ignore_patterns("fonts"))
    page.write_site(CONTENT, out, Renderer(ROOT / "templates"), [])
    return (out / "chinese.html").as_uri()


@pytest.fixture(scope="module")
def phone_page(chinese_page, browser):
    page = browser.new_page(viewport={"width": 375, "height": 800})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(chinese_page)
    yield page, errors
    page.close()


def test_browser_arranger_typing_clicking_and_bad_input(phone_page):
    """At phone width: a typed hand shows Python's best split first; clicking 13 cards does the
    same; a bad hand and a fouled own split get one line; the page never scrolls sideways."""
    page, errors = phone_page
    t = tablefile.read(tablefile.path_in(CONTENT))
    a = arranger.Arranger.of(t)
    from generator.core.cards import card_text, parse_hand

    text = "As Ks Qs Js 9h 9d 8c 7c 6h 5s 4d 3c 2h"
    best = a.ranked(parse_hand(text, size=13), 1)[0]
    expected_back = " ".join(card_text(c, symbols=True) for c in sorted(best["back"], reverse=True))

    def first_back():
        row = page.locator("#cp-result .cp-split").first.locator(".cp-row").first
        return " ".join(row.locator(".card").all_text_contents())

    page.fill("#cp-hand", text)
    page.click("#cp-form button[type=submit]")
    assert page.locator("#cp-result .cp-split").count() == 5
    assert first_back() == expected_back
    assert f"E+ {best['e_plus']:.4f}" in page.text_content("#cp-result")

    page.fill("#cp-hand", "As Ks Qs")
    page.click("#cp-form button[type=submit]")
    assert page.text_content("#cp-message") == "'As Ks Qs' has 3 cards: expected 13"
    assert page.locator("#cp-result .cp-split").count() == 0

    page.reload()
    for card in parse_hand(text, size=13):
        page.click(f'#cp-grid button[data-card="{card}"]')
    assert page.locator('#cp-grid button[aria-pressed="true"]').count() == 13
    assert first_back() == expected_back

    page.fill("#cp-own", "As Ks Qs Js 9h / 9d 8c 7c 6h 5s / 4d 3c 2h")
    page.click("#cp-form button[type=submit]")
    assert page.text_content("#cp-message").startswith("Your split is fouled")
    page.fill("#cp-own", "8c 7c 6h 5s 4d / Js 9h 9d 3c 2h / As Ks Qs")
    page.click("#cp-form button[type=submit]")
    assert "Your split" in page.text_content("#cp-result") and "as good as the best" in \
        page.text_content("#cp-result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # Every control is a 44 x 44 px touch target, as on the hold checker.
    small = page.evaluate("""[...document.querySelectorAll(
            '#cp-arranger button, #cp-arranger input')]
        .map(e => [e.textContent.trim() || e.id, Math.round(e.getBoundingClientRect().width),
                   Math.round(e.getBoundingClientRect().height)])
        .filter(([, w, h]) => w < 44 || h < 44)""")
    assert small == [], small
    assert errors == []


def test_axe_finds_no_serious_or_critical_violation_on_the_page(chinese_page, browser):
    """axe-core (npm, installed by .ci/run; or $VPCHARTS_AXE) in chromium, on the page after a
    hand is set, as on the pay table pages (tests/test_browser.py)."""
    require(AXE.exists(), f"axe-core ({AXE})")
    # (axe is injected as a script: the page's CSP would refuse it)
    page = browser.new_page(viewport={"width": 375, "height": 800}, bypass_csp=True)
    page.goto(chinese_page)
    page.fill("#cp-hand", "As Ks Qs Js 9h 9d 8c 7c 6h 5s 4d 3c 2h")
    page.click("#cp-form button[type=submit]")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(SERIOUS, None)
    page.close()
    assert found == [], found
