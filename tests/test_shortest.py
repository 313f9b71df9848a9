"""Shortest descriptions (generator/strategy/shortest.py): lines re-described by fewer characters of
conditions, never a deal played worse.

The fast path (numba kernels over packed condition columns) is checked against plain numpy
(`derive.PatternGroup.played`); the re-described tables against playing every class.
"""

import random

import numpy as np
import pytest

from generator.strategy import features as P
from generator.strategy import shortest as S
from generator.strategy.compact import compact
from generator.strategy.derive import PatternGroup, derive, thresholds
from generator.strategy.holds import hold_data, rows_meet, named
from generator.strategy.levels import play


def _table(solution):
    data = hold_data(solution)
    return data, named(compact(data, derive(data)))


def _loss(solution, lines, data):
    _, held = play(data, lines)
    return solution.best_ev - solution.evs[np.arange(len(held)), held]


@pytest.mark.parametrize("slug", ["9-6-jacks-or-better", "full-pay-deuces-wild"])
def test_redescribed_exact_table_stays_exact_and_is_shorter(slug, solved):
    """Every class is played optimally before and after; the notation is shorter overall, no
    line longer than before, no more lines."""
    s = solved(slug)
    data, lines = _table(s)
    family = s.table.family.key
    new = S.tidy(data, lines, family)
    assert (_loss(s, lines, data) == 0).all()
    assert (_loss(s, new, data) == 0).all()
    assert len(new) <= len(lines)
    before = sum(S.line_cost(line, family) for line in lines)
    after = sum(S.line_cost(line, family) for line in new)
    assert after < before


def test_9_6_jacks_or_better_lines_the_paper_writes_shortly(solved):
    """The line that listed fifteen rank sets ('3SF: any but 69T or 68T ...') is the paper's
    kind of line: a threshold on s+h with a penalty, no rank list."""
    s = solved("9-6-jacks-or-better")
    data, lines = _table(s)
    new = S.tidy(data, lines, "natural")
    sf3 = [line for line in new if line[2][2] == P.SF and line[0][2] == 3
           and (P.F_HP, P.OP_LE, 1) in line]
    assert sf3 and all(not any(c[1] == P.OP_IN for c in line) for line in sf3)
    longest = [max(S.line_cost(line, "natural") for line in t) for t in (lines, new)]
    assert longest[1] < longest[0]


def test_a_long_line_is_split_into_short_lines_that_play_its_deals(solved):
    """9/6 Bonus Poker Deluxe's "4S: AKQJ or T986 or T976 ... (16 rank sets), no hp" (135
    characters) is said as two lines of at most 40 ("4S: h≥4", "4S: h=0, no hp"); every class
    is still played optimally, and no other line changes."""
    s = solved("9-6-bonus-poker-deluxe")
    data, lines = _table(s)
    lines = S.tidy(data, lines, "natural")
    high = P.high_rank("natural", s.table.min_pair)
    lengths = [len(S.notation(line, "natural", high)) for line in lines]
    at = [i for i, n in enumerate(lengths) if n > S.SHORT_NOTATION]
    assert len(at) == 1 and lengths[at[0]] > 100
    new = S.split_long(data, lines, "natural", high)
    assert (_loss(s, new, data) == 0).all() and (play(data, new)[0] >= 0).all()
    assert max(len(S.notation(line, "natural", high)) for line in new) <= S.SHORT_NOTATION
    i = at[0]
    assert new[:i] == lines[:i] and new[i + 2:] == lines[i + 1:]
    assert all(line[:3] == lines[i][:3] for line in new[i:i + 2])  # the pattern it was


@pytest.mark.slow
def test_a_list_of_flushes_is_said_by_the_ranks_held(solved):
    """10/7 Double Bonus's "4F: any but AJT9 or AJT8 ..." (every four-card flush but those
    holding an A and a J: over 800 characters) is said by short lines that name a rank held or
    not ("4F: no J held, ..."); every class is still played optimally; a line the new ones leave
    idle is gone."""
    s = solved("10-7-double-bonus")
    data, lines = _table(s)
    lines = S.tidy(data, lines, "natural")
    high = P.high_rank("natural", s.table.min_pair)
    flushes = [line for line in lines if line[0][2] == 4 and line[2][2] == P.F]
    assert max(len(S.notation(line, "natural", high)) for line in flushes) > 800
    new = S.split_long(data, lines, "natural", high)
    assert (_loss(s, new, data) == 0).all() and (play(data, new)[0] >= 0).all()
    flushes = [line for line in new if line[0][2] == 4 and line[2][2] == P.F]
    assert max(len(S.notation(line, "natural", high)) for line in flushes) <= S.SHORT_NOTATION
    assert any(c[0] == P.F_RANKS and c[1] == P.OP_NOBIT for line in flushes for c in line)
    place, _ = play(data, new)
    assert set(place.tolist()) == set(range(len(new)))  # every line decides something


@pytest.mark.slow
def test_a_split_may_leave_deals_to_the_lines_below(solved):
    """10/7 Double Bonus's "3F: any but QJ7 or QJ6 ... (26 rank sets), no hp" (as published:
    derived with the scores) is said by short lines that leave some of its deals (J65 suited,
    say) to a line further down, which plays them right: every class is still played optimally
    (the check of every class, against each class's EVs), and the 3F lines are short."""
    s = solved("10-7-double-bonus")
    data = hold_data(s)
    counts = P.COUNTS + P.SCORES
    lines = S.tidy(data, named(compact(data, derive(data, counts=counts))), "natural", counts)
    high = P.high_rank("natural", s.table.min_pair)
    i = next(i for i, line in enumerate(lines) if line[0][2] == 3 and line[2][2] == P.F
             and len(S.notation(line, "natural", high)) > 150)
    place, _ = play(data, lines)
    parts = S._split(data, lines, i, "natural", high, counts, S.SHORT_NOTATION,
                     len(S.notation(lines[i], "natural", high)), [S.SPLIT_SEARCHES])
    assert parts and all(len(S.notation(part, "natural", high)) <= S.SHORT_NOTATION
                         for part in parts)
    new = lines[:i] + parts + lines[i + 1:]
    assert (_loss(s, new, data) == 0).all() and S.plays_right(data, new)
    # The old line's deals: some taken by the parts, the rest by lines below them.
    where, _ = play(data, new)
    went = where[place == i]
    assert (went < i + len(parts)).any() and (went >= i + len(parts)).any()
    assert (went >= i).all()
    # And the whole table, split where its long lines can be: none over 60 characters.
    split = S.split_long(data, lines, "natural", high, counts)
    assert S.plays_right(data, split)
    assert max(len(S.notation(line, "natural", high)) for line in split) <= S.LONG_NOTATION


def _without_needless_slowly(data, lines):
    """The reference: from the bottom up, drop a line wherever the table plays every class
    right without it (the whole table played once per line)."""
    out = list(lines)
    for k in range(len(out) - 2, -1, -1):
        if S.plays_right(data, out[:k] + out[k + 1:]):
            out = out[:k] + out[k + 1:]
    return out


def test_a_line_the_others_play_without_is_removed(solved):
    """A line of the exact table copied lower down (it decides nothing there) and a bare
    pattern line inserted above the last line are removed, and the pass agrees with playing the
    whole table once per line."""
    s = solved("9-6-jacks-or-better")
    data, lines = _table(s)
    lines = S.tidy(data, lines, "natural")
    assert S.without_needless(data, lines) == _without_needless_slowly(data, lines)
    padded = lines[:30] + [lines[5]] + lines[30:]
    assert S.plays_right(data, padded)
    new = S.without_needless(data, padded)
    assert new == _without_needless_slowly(data, padded)
    assert len(new) < len(padded) and S.plays_right(data, new)


@pytest.mark.slow
def test_lines_left_needless_by_the_split_are_removed(solved):
    """9/7 Double Bonus as published (derived with the scores, split): some lines are needed
    no longer; the pass removes them, as the slow reference does, and the table stays exact."""
    s = solved("9-7-double-bonus")
    data = hold_data(s)
    counts = P.COUNTS + P.SCORES
    high = P.high_rank("natural", s.table.min_pair)
    lines = S.tidy(data, named(compact(data, derive(data, counts=counts))), "natural", counts)
    lines = S.split_long(data, lines, "natural", high, counts)
    new = S.without_needless(data, lines)
    assert new == _without_needless_slowly(data, lines)
    assert len(new) < len(lines) and (_loss(s, new, data) == 0).all()


def test_two_lines_of_one_pattern_said_as_one(solved):
    """9/6 Jacks or Better's exact table, re-described: some pairs of lines of one pattern
    become one line of at most 40 characters; the table is shorter, every class is still
    played optimally (by the EVs), and every line it has is one of the old lines or such a
    merged line of an old line's pattern."""
    s = solved("9-6-jacks-or-better")
    data, lines = _table(s)
    lines = S.tidy(data, lines, "natural")
    high = P.high_rank("natural", s.table.min_pair)
    new = S.merged(data, lines, "natural", high)
    assert len(new) < len(lines)
    assert (_loss(s, new, data) == 0).all() and (play(data, new)[0] >= 0).all()
    patterns = {line[:3] for line in lines}
    assert all(line in lines or line[:3] in patterns for line in new)
    assert all(len(S.notation(line, "natural", high)) <= S.SHORT_NOTATION
               for line in new if line not in lines)
    # No budget, no merge.
    saved, S.MERGE_SEARCHES = S.MERGE_SEARCHES, 0
    try:
        assert S.merged(data, lines, "natural", high) == lines
    finally:
        S.MERGE_SEARCHES = saved


def test_plays_right_is_the_check_of_every_class(solved):
    """`plays_right` agrees with the EVs: true for the exact table, false once a line it needs
    is gone (each line in turn)."""
    s = solved("9-6-jacks-or-better")
    data, lines = _table(s)
    assert S.plays_right(data, lines)
    for k in range(len(lines) - 1):
        without = lines[:k] + lines[k + 1:]
        assert S.plays_right(data, without) == bool((_loss(s, without, data) == 0).all())
    assert not all(S.plays_right(data, lines[:k] + lines[k + 1:]) for k in range(len(lines)))



@pytest.mark.parametrize("slug", ["9-6-jacks-or-better", "joker-poker-kings-or-better"])
def test_plays_right_below_agrees_with_playing_the_whole_trial(slug, solved):
    """The merges' and splits' check, which plays only the classes the unchanged lines above
    `start` leave open and stops at the first wrong one, against `plays_right` on the whole
    trial: for trials that delete a line, move one down, put a copy of a lower line higher,
    and widen a line (one of its conditions dropped), each from its first changed line, right
    and wrong ones both."""
    s = solved(slug)
    data, lines = _table(s)
    place, _ = play(data, lines)
    rng = random.Random(3)
    seen = set()
    for _ in range(120):
        i = rng.randrange(len(lines) - 1)
        j = rng.randrange(i + 1, len(lines))
        kind = rng.randrange(4)
        if kind == 0:
            trial = lines[:i] + lines[i + 1:]
        elif kind == 1:
            trial = lines[:i] + lines[i + 1:j] + [lines[i]] + lines[j:]
        elif kind == 2:
            trial = lines[:i] + [lines[j]] + lines[i:]
        else:
            if len(lines[i]) <= 3:
                continue
            drop = rng.randrange(3, len(lines[i]))
            trial = lines[:i] + [lines[i][:drop] + lines[i][drop + 1:]] + lines[i + 1:]
        right = S.plays_right(data, trial)
        assert S.plays_right_below(data, trial, place, i) == right, (kind, i, j)
        seen.add(right)
    assert seen == {True, False}

def test_a_split_stays_whole_where_no_few_short_lines_say_it(solved):
    """A limit no description meets leaves every line as it was."""
    s = solved("9-6-bonus-poker-deluxe")
    data, lines = _table(s)
    lines = S.tidy(data, lines, "natural")
    assert S.split_long(data, lines, "natural", P.high_rank("natural", s.table.min_pair),
                        limit=4) == lines


def test_a_level_redescribed_plays_no_deal_worse(solved):
    """Under `no_worse`, a shortened table keeps every class's EV at least as high and every pat
    hand held whole (so its cost and its worst deal can only fall)."""
    from generator.strategy.levels import Rule, allowed_holds, descend

    s = solved("9-6-jacks-or-better")
    data, lines = _table(s)
    _, held = play(data, lines)
    pat = held == 31
    rule = Rule(s.unit // 4, allowed_holds(pat))
    shorter = list(descend(data, s.evs, lines, [rule], "exact", floor=20)[-1].lines)
    allowed = S.no_worse(data, s.evs, shorter, rule.allowed)
    new = S.tidy(allowed, shorter, "natural")
    before, after = _loss(s, shorter, data), _loss(s, new, data)
    assert (after <= before).all()
    _, held_new = play(data, new)
    assert (held_new[pat] == 31).all()


def test_first_safe_agrees_with_plain_numpy(solved):
    """The kernel's verdict on random conjunctions of conditions equals `PatternGroup.played` on the
    rows they meet, over random sets of undecided classes."""
    s = solved("9-6-jacks-or-better")
    data = hold_data(s)
    rng = random.Random(7)
    for key in [(2, 0, P.RF), (3, 0, P.SF), (4, 0, P.S), (2, 0, P.PAIR)]:
        checker = S._Checker(PatternGroup(data, key))
        group = checker.group
        for _ in range(40):
            alive = np.array([rng.random() < 0.7 for _ in range(data.n_classes)])
            runs = checker.runs_of(alive)
            conditions = tuple(rng.sample(checker.conditions, rng.randint(0, 3)))
            where = np.ones(len(group.rows), bool)
            for c in conditions:
                where &= rows_meet(group.feats, c)
            met, wrong = group.played(where, alive)
            fast = checker.safe([conditions], runs) == 0
            assert fast == (len(wrong) == 0), (key, conditions)


def test_condition_rows_equal_rows_meet_condition_by_condition(solved):
    """The numba pass finding many conditions' rows at once against numpy, one condition at a
    time, on every operator it takes (bits too: the suit spread of the discards), over whole
    patterns and restrictions of them."""
    from generator.strategy.derive import condition_rows

    data = hold_data(solved("full-pay-deuces-wild"))
    rng = np.random.default_rng(5)
    ops = set()
    for key in list(data.pattern_rows)[:12]:
        group = PatternGroup(data, key)
        conditions = thresholds(group.by_feature) + group.penalty_conditions
        conditions += [(P.F_DS, op, 1) for op in (P.OP_BIT, P.OP_NOBIT)]
        for g in (group, group.restricted(rng.random(len(group.rows)) < 0.5)):
            fast = condition_rows(g, conditions)
            for c, row in zip(conditions, fast):
                assert (row == rows_meet(g.feats, c)).all(), (key, c)
                ops.add(c[1])
    assert ops == {P.OP_EQ, P.OP_GE, P.OP_LE, P.OP_BIT, P.OP_NOBIT}


def test_next_description_walks_the_trials_as_first_safe_and_left_out_do(solved):
    """One numba call per description found, against the composition it replaced: `first_safe`
    over each run of plain trials and `left_out_of` on each "any but" trial, in order, on two
    checkers of the same pattern (each keeps its own classes that failed lately)."""
    data = hold_data(solved("9-6-jacks-or-better"))
    rng = random.Random(11)
    found_any_but = 0
    for key in [(3, 0, P.SF), (2, 0, P.RF), (4, 0, P.S), (2, 0, P.PAIR)]:
        fast, slow = (S._Checker(PatternGroup(data, key)) for _ in range(2))
        masks = sorted(set(fast.masks.tolist()))
        for _ in range(15):
            alive = np.array([rng.random() < 0.7 for _ in range(data.n_classes)])
            runs = fast.runs_of(alive)
            lines = [tuple(rng.sample(fast.conditions, rng.randint(0, 3))) for _ in range(40)]
            trials = fast._combos(lines)
            assert (slow._combos(lines) == trials).all()
            any_but = np.array([rng.random() < 0.3 for _ in lines])
            covered = np.array(rng.sample(masks, min(2, len(masks))), np.int64)
            got, at = [], 0
            while True:
                at, left_out = fast.next_description(trials, any_but, at, runs, covered)
                if at < 0:
                    break
                got.append((at, tuple(left_out.tolist())))
                at += 1
            want, at = [], 0
            while at < len(trials):
                end = at + int(np.argmax(any_but[at:])) if any_but[at:].any() else len(trials)
                while end > at:
                    first = slow.first_safe(trials[at:end], runs)
                    if first < 0:
                        break
                    want.append((at + first, ()))
                    at += first + 1
                if end < len(trials):
                    left_out = slow.left_out_of(trials[end], runs, covered)
                    if len(left_out):
                        want.append((end, tuple(left_out.tolist())))
                at = end + 1
            assert got == want, key
            found_any_but += sum(1 for _, left in got if left)
    assert found_any_but  # the "any but" branch was taken


def test_covering_conditions_equal_testing_every_row(solved):
    s = solved("full-pay-deuces-wild")
    data = hold_data(s)
    rng = np.random.default_rng(3)
    for key in list(data.pattern_rows)[:12]:
        group = PatternGroup(data, key)
        conditions = thresholds(group.by_feature) + group.penalty_conditions
        for size in (1, 5, 200):
            rows = rng.choice(len(group.rows), min(size, len(group.rows)), replace=False)
            feats = group.feats[rows]
            slow = [c for c in conditions if rows_meet(feats, c).all()]
            assert S._covering(conditions, feats) == slow


def test_cost_counts_what_a_player_reads():
    jq_kq = (P.F_RANKS, P.OP_IN, frozenset({0b1100000000, 0b1010000000}))
    assert S.cost([jq_kq]) == len("JQ or QK") + 2
    assert S.cost([(P.F_HP, P.OP_LE, 1)]) == len("hp≤1") + 2
    universe = frozenset({1, 2, 4, 8})
    most = (P.F_RANKS, P.OP_IN, frozenset({1, 2, 4}))
    assert S.cost([most], universe) == len("any but 5") + 2
    # A rank held or not costs more than it prints: a short list of ranks reads plainer.
    no_five = (P.F_RANKS, P.OP_NOBIT, 3)
    assert S.cost([no_five]) == len("no 5 held") + 2 + S.HELD_RANK_COST
    four = (P.F_RANKS, P.OP_IN, frozenset({0b110000000, 0b11000000, 0b1100000, 0b110000}))
    assert S.cost([four]) < S.cost([no_five, (P.F_S, P.OP_GE, 4)])  # T9 or 98 or 87 or 76


def test_narrowed_lines_list_only_the_rank_sets_they_need(solved):
    """Narrowed, a line listing more than four rank sets keeps only the sets it needs:
    dropping any one of them plays some class wrongly (9/5 Double Double Bonus listed 42 sets
    of four of a kind and kicker, where holding the kicker only ties but for six of them)."""
    from generator.strategy.compact import MAX_LISTED, Compactor, LineBits, _rank_condition

    s = solved("9-5-double-double-bonus")
    data, lines = _table(s)
    narrowing = Compactor(data, lines)
    assert narrowing.narrow(MAX_LISTED, lambda line: S.line_cost(line, "natural"))
    lines = narrowing.lines()
    assert (_loss(s, lines, data) == 0).all()
    quads = [line for line in lines if line[:3] == ((P.F_N, P.OP_EQ, 5), (P.F_W, P.OP_EQ, 0),
                                                    (P.F_KIND, P.OP_EQ, P.QUADS))]
    assert quads and all(len(_rank_condition(line)[2]) == 6 for line in quads)
    long = [i for i, line in enumerate(lines) if (r := _rank_condition(line)) is not None
            and r[1] == P.OP_IN and len(r[2]) > MAX_LISTED]
    assert long
    listed = LineBits(data, lines)
    for i in long:
        slot = listed.order[i]
        before = listed.slots[slot]
        ranks = _rank_condition(before)
        for mask in ranks[2]:
            touched = listed.touched([slot])
            fewer = (P.F_RANKS, P.OP_IN, frozenset(ranks[2] - {mask}))
            listed.set_slot(slot, tuple(fewer if c == ranks else c for c in before))
            assert not listed.exact(slots=[slot], touched=touched), (before, mask)
            listed.set_slot(slot, before)


def test_classes_of_rows_equal_numpy_unique():
    """The classes a set of rows meets, by sorting a few rows or by a bitmap over many, against
    numpy: ascending, once each, for rows in any order and with repeats."""
    from generator.strategy.play_kernels import classes_of

    rng = np.random.default_rng(17)
    n_classes = 134_459
    for size in (0, 1, 5, 300, 8_000, 9_000, 200_000):
        rows = rng.integers(0, 32 * n_classes, size).astype(np.int64)
        assert np.array_equal(classes_of(rows, n_classes), np.unique(rows // 32)), size
        ascending = np.sort(rows)
        assert np.array_equal(classes_of(ascending, n_classes), np.unique(rows // 32)), size


def test_move_column_sets_the_bit_on_exactly_the_new_rows():
    """Moving a line's bit from its old rows to new ones, by a merge where both lists ascend or
    row by row where they do not, leaves the same bits as clearing every old row and setting
    every new one; other slots' bits are untouched."""
    from generator.strategy.play_kernels import move_column

    rng = np.random.default_rng(23)
    for trial in range(200):
        n = int(rng.integers(1, 400))
        bits = rng.integers(0, 2**32, (2, n), dtype=np.uint64).astype(np.uint32)
        slot = int(rng.integers(0, 64))
        word, bit = slot // 32, np.uint32(1 << (slot % 32))
        old = np.flatnonzero(rng.random(n) < rng.random())
        bits[word] &= ~bit
        bits[word, old] |= bit  # the slot's bit is set on exactly its old rows
        new = np.flatnonzero(rng.random(n) < rng.random())
        if trial % 3 == 0:
            new = rng.permutation(new)  # not ascending: row by row
        want = bits.copy()
        want[word, old] &= ~bit
        want[word, new] |= bit
        move_column(bits, slot, old.astype(np.int64), new.astype(np.int64))
        assert np.array_equal(bits, want), trial


@pytest.mark.slow
def test_a_long_list_of_rank_sets_is_halved(solved, strategy_of):
    """7/5 Jacks or Better's exact table has no line over 60 characters of notation: the line
    that listed seven sets of ranks (66 characters) is two lines, one above the other, with the
    same other conditions, listing them between them. Joined back into one line (the table is
    exact that way too), `halved` cuts it so again; a table with no such line is unchanged."""
    slug = "7-5-jacks-or-better"
    s = solved(slug)
    data = hold_data(s)
    high = P.high_rank("natural", s.table.min_pair)
    table = strategy_of(slug)
    lines = [tuple((f, op, table.rank_sets[v] if op == P.OP_IN else v) for f, op, v in
                   line.conditions) for line in table.lines]
    assert max(len(S.notation(line, "natural", high)) for line in lines) <= S.LONG_NOTATION

    def sets_and_rest(line):
        at = next((k for k, c in enumerate(line) if c[0] == P.F_RANKS and
                   c[1] in (P.OP_IN, P.OP_EQ)), None)
        if at is None:
            return None, line
        value = line[at][2]
        return (set(value) if line[at][1] == P.OP_IN else {value}), (at, line[:at] + line[at + 1:])

    halves = [i for i in range(len(lines) - 1)
              if sets_and_rest(lines[i])[0] and sets_and_rest(lines[i + 1])[0]
              and sets_and_rest(lines[i])[1] == sets_and_rest(lines[i + 1])[1]]
    assert len(halves) == 1
    i = halves[0]
    (upper, (at, _)), (lower, _) = sets_and_rest(lines[i]), sets_and_rest(lines[i + 1])
    whole = lines[i][:at] + ((P.F_RANKS, P.OP_IN, frozenset(upper | lower)),) + lines[i][at + 1:]
    assert len(S.notation(whole, "natural", high)) > S.LONG_NOTATION
    joined_back = lines[:i] + [whole] + lines[i + 2:]
    assert (_loss(s, joined_back, data) == 0).all()
    assert S.halved(data, joined_back, "natural", high) == lines
    assert (_loss(s, lines, data) == 0).all() and (play(data, lines)[0] >= 0).all()
    assert S.halved(data, lines, "natural", high) == lines
