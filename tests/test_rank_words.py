"""Long rank-set lists said by what their sets share (generator/strategy/rank_words.py).

A phrase must name exactly the listed sets among those a hold reaching the line can have: it is
checked here against the features `features.describe` gives real cards (the reference the
numba kernels and the JavaScript are tested against), not against rank_words' own counting.
"""

import random
import re
from itertools import combinations

import pytest

from generator.core.cards import RANKS
from generator.strategy import describe_line
from generator.strategy import features as P
from generator.strategy.describe import rank_universe
from generator.strategy.rank_words import narrowed, phrase_sets, rank_phrase

JACKS, NO_HIGH = 9, 13


def mask(ranks: str) -> int:
    return sum(1 << RANKS.index(r) for r in ranks)


def held_features(ranks: int, kind: int, family: str, high: int) -> tuple:
    """`features.describe` of holding natural cards of these ranks (one suit for a flush draw,
    two suits otherwise) from a deal filled up with cards of other ranks."""
    held = [r for r in range(13) if ranks >> r & 1]
    suited = kind in (P.RF, P.SF, P.F)
    cards = [r * 4 + (0 if suited else i % 2) for i, r in enumerate(held)]
    others = [r for r in range(13) if not ranks >> r & 1 and not (family == "deuces" and r == 0)]
    cards += [r * 4 + 2 + i % 2 for i, r in enumerate(others[:5 - len(cards)])]
    min_pair = None if high == NO_HIGH else high
    return P.describe(cards, (1 << len(held)) - 1, family, min_pair)


def reference(phrase, universe, kind, family, high) -> frozenset:
    """The sets of `universe` the phrase's words name, each tested on real cards."""
    def atom(spec, f):
        what, op, value = spec
        if what == "ace-low":  # an A, every other card 2-5
            low = f[P.F_RANKS] >> 12 & 1 and all(
                not f[P.F_RANKS] >> r & 1 for r in range(4, 12))
            return bool(low) == (op == "is")
        if what == "rank":
            return bool(f[P.F_RANKS] >> value & 1) == (op == "has")
        if what == "ranks":  # every one of these ranks held, or not
            every = all(f[P.F_RANKS] >> r & 1 for r in range(13) if value >> r & 1)
            return every == (op == "has")
        count = f[{"s": P.F_S, "h": P.F_H, "s+h": P.F_SH}[what]]
        return {"=": count == value, "≥": count >= value, "≤": count <= value}[op]

    out = set()
    for m in universe:
        f = held_features(m, kind, family, high)
        hits = [atom(a.spec, f) for a in phrase.atoms]
        if (any(hits) if phrase.joined == "or" else all(hits)) or m in phrase.also:
            if m not in phrase.but_not:
                out.add(m)
    return frozenset(out)


def _list_text(sets) -> str:
    return " or ".join("x" for _ in sets)  # (only the count of " or " and the length matter)


def test_known_lists_read_as_players_say_them():
    # 8/6 Bonus Poker Deluxe's card: four to a straight, unsuited, AKQJ or a gap with no high
    # card (16 sets, 124 characters as a list).
    universe = rank_universe(P.S, 4, "natural")
    inside_low = {m for m in universe if m < 1 << JACKS and bin(m).count("1") == 4 and sum(
        1 for w in P.WINDOWS if m & ~w == 0) == 1}
    listed = " or ".join(["AKQJ"] + ["T986"] * len(inside_low))
    phrase = rank_phrase(inside_low | {mask("AKQJ")}, universe, P.S, 4, 0, JACKS, listed)
    assert (phrase.text, phrase.notation) == ("AKQJ or inside with no high card",
                                              "AKQJ or s=1 with h=0")
    # 9/7 Triple Double Bonus: a three-card flush, any but an A with two cards below J.
    universe = rank_universe(P.F, 3, "natural")
    sets = {m for m in universe if not (m >> 12 & 1 and bin(m >> JACKS).count("1") == 1)}
    phrase = rank_phrase(sets, universe, P.F, 3, 0, JACKS, "any but " + _list_text(range(30)))
    assert phrase.text == "2 high cards or no A"
    # 6/5 Tens or Better: three to a straight flush with s+h >= 3 or ace-low, but not JT7.
    tens = 8
    universe = rank_universe(P.SF, 3, "natural")
    sets = {m for m in universe if (sum(1 for w in P.WINDOWS if m & ~w == 0)
                                    + bin(m >> tens).count("1") >= 3 or m >> 12 & 1)}
    sets.discard(mask("JT7"))
    phrase = rank_phrase(sets, universe, P.SF, 3, 0, tens, _list_text(range(24)))
    assert phrase.text == "s+h ≥ 3 or ace-low but not JT7"
    assert reference(phrase, universe, P.SF, "natural", tens) == frozenset(sets)
    # Unsuited, an A plays low or high: A432 is ace-low, AKQJ is not.
    universe = rank_universe(P.S, 4, "natural")
    sets = {m for m in universe if sum(1 for w in P.WINDOWS if m & ~w == 0) >= 2}
    sets |= {mask("A432"), mask("A532"), mask("A542"), mask("A543")}
    phrase = rank_phrase(sets, universe, P.S, 4, 0, JACKS, _list_text(sets))
    assert phrase.text == "outside or ace-low"
    assert reference(phrase, universe, P.S, "natural", JACKS) == frozenset(sets)


def test_sets_left_out_sharing_their_ranks_read_as_without_them():
    # 10/7 Double Bonus's card: four to a flush, any but QJT with a low card (where QJT, three
    # to a royal flush, is held instead).
    universe = rank_universe(P.F, 4, "natural")
    left_out = {mask("QJT" + low) for low in "765432"}
    sets = universe - left_out
    phrase = rank_phrase(sets, universe, P.F, 4, 0, JACKS,
                         "any but QJT7 or QJT6 or QJT5 or QJT4 or QJT3 or QJT2")
    assert (phrase.text, phrase.notation) == ("without QJT", "without QJT")
    assert reference(phrase, universe, P.F, "natural", JACKS) == frozenset(sets)
    # One more set left out that lacks a T: the shared ranks are QJ, which leave out QJ98 and
    # others too, so the phrase writes the difference out or is not taken.
    fewer = sets - {mask("QJ93")}
    phrase = rank_phrase(fewer, universe, P.F, 4, 0, JACKS, " or ".join(["QJT7"] * 7))
    assert phrase is None or reference(phrase, universe, P.F, "natural", JACKS) == fewer
    # Sets left out sharing one rank only: "no Q held" is the rank atom's, not this one's.
    phrase = rank_phrase(universe - {mask("Q765"), mask("Q432")}, universe, P.F, 4, 0, JACKS,
                         " or ".join(["QJT7"] * 7))
    assert phrase is None or "without" not in phrase.text


def test_a_short_list_or_a_phrase_no_shorter_is_left_as_listed():
    universe = rank_universe(P.S, 3, "natural")
    assert rank_phrase({mask("KQJ"), mask("QJT")}, universe, P.S, 3, 0, JACKS,
                       "KQJ or QJT") is None
    # Five sets no pair of counts picks out: the list stays.
    rng = random.Random(5)
    sets = set(rng.sample(sorted(universe), 5))
    phrase = rank_phrase(sets, universe, P.S, 3, 0, JACKS, " or ".join(["KQJ"] * 5))
    assert phrase is None or len(phrase.text) <= 0.6 * len(" or ".join(["KQJ"] * 5))


@pytest.mark.parametrize("family,high", [("natural", JACKS), ("natural", 11),
                                         ("deuces", NO_HIGH), ("joker", 11)])
def test_every_phrase_names_exactly_the_listed_sets_on_real_cards(family, high):
    """Random lists, most of them made to be sayable (the sets sharing one or two counts, with
    a set or two added or taken out): every phrase found names them exactly."""
    rng = random.Random(family + str(high))
    found = 0
    for kind, naturals in [(P.SF, 3), (P.S, 4), (P.F, 3), (P.SF, 2), (P.S, 3), (P.RF, 2)]:
        universe = rank_universe(kind, naturals, family)
        ordered = sorted(universe)
        for _ in range(12):
            a, b = rng.sample(range(13), 2)
            s = {m for m in ordered if (m >> a & 1 or sum(
                1 for w in P.WINDOWS if m & ~w == 0) >= rng.choice((1, 2, 3)))
                and not m >> b & 1}
            for m in rng.sample(ordered, rng.choice((0, 1, 2))):
                s ^= {m}
            if not s or s == universe:
                continue
            phrase = rank_phrase(s, universe, kind, naturals, 0, high,
                                 " or ".join(["KQJ"] * len(s)))
            if phrase is None:
                continue
            found += 1
            assert reference(phrase, universe, kind, family, high) == frozenset(s), phrase
            assert phrase_sets(phrase, universe, high) == frozenset(s)
    assert found >= 10  # (the trials do find phrases to check)
    # Lists leaving out some of the sets that hold two or three given ranks: "without QJT",
    # or another phrase, or none.
    without = 0
    for kind, naturals in [(P.SF, 3), (P.S, 4), (P.F, 3), (P.F, 4), (P.S, 3)]:
        universe = rank_universe(kind, naturals, family)
        for _ in range(12):
            shared = sum(1 << r for r in rng.sample(range(13), rng.choice((2, 3))))
            holding = sorted(m for m in universe if m & shared == shared)
            if not holding:
                continue
            left_out = set(rng.sample(holding, max(1, len(holding) - rng.choice((0, 0, 1)))))
            s = universe - left_out
            phrase = rank_phrase(s, universe, kind, naturals, 0, high,
                                 " or ".join(["KQJ"] * len(s)))
            if phrase is None:
                continue
            without += "without" in phrase.text
            assert reference(phrase, universe, kind, family, high) == frozenset(s), phrase
            assert phrase_sets(phrase, universe, high) == frozenset(s)
    assert without >= 3


def test_the_reference_check_can_fail():
    universe = rank_universe(P.SF, 3, "natural")
    sets = {m for m in universe if m >> 12 & 1}  # ace-low ones (A with two of 2-5)
    phrase = rank_phrase(sets, universe, P.SF, 3, 0, JACKS, _list_text(sets))
    assert phrase.text == "ace-low"
    wrong = type(phrase)(phrase.atoms, phrase.joined, (mask("987"),), (), "", "")
    assert reference(wrong, universe, P.SF, "natural", JACKS) != frozenset(sets)


def test_a_lines_own_counts_narrow_what_the_phrase_must_agree_on():
    """Within s+h >= 2, the sets listed need only agree with the phrase there."""
    universe = rank_universe(P.SF, 3, "natural")
    line = ((P.F_SH, P.OP_GE, 2), (P.F_RANKS, P.OP_IN, 0))
    there = narrowed(universe, line, JACKS)
    assert there < universe and all(
        held_features(m, P.SF, "natural", JACKS)[P.F_SH] >= 2 for m in there)
    assert all(held_features(m, P.SF, "natural", JACKS)[P.F_SH] < 2 for m in universe - there)


def test_the_derivation_reads_lists_and_the_published_table_reads_phrases():
    """`shortest` measures lines by `describe_line` without phrases (the derivation is
    unchanged); `describe_lines`, the table's final words, uses them."""
    from generator.strategy import describe_lines

    universe = rank_universe(P.S, 4, "natural")
    sets = frozenset({m for m in universe if m < 1 << JACKS and sum(
        1 for w in P.WINDOWS if m & ~w == 0) == 1} | {mask("AKQJ")})
    line = ((P.F_N, P.OP_EQ, 4), (P.F_W, P.OP_EQ, 0), (P.F_KIND, P.OP_EQ, P.S),
            (P.F_RANKS, P.OP_IN, 0), (P.F_HP, P.OP_EQ, 0))
    text, notation = describe_line(line, [sets], "natural", high=JACKS)
    assert text.startswith("AKQJ or T986 or ") and text.endswith(" unsuited: no high card discarded")
    assert describe_lines([line], [sets], "natural", high=JACKS) == [(
        "4 to a Straight: AKQJ or inside with no high card, no high card discarded",
        "4S: AKQJ or s=1 with h=0, no hp")]


def _named_level(solution, data, level):
    """A level of the export as lines with their rank sets inline (`holds.named`)."""
    from generator.strategy import from_json

    table = from_json(solution, data["strategy"]["levels"][level]["lines"])
    return [tuple((f, op, table.rank_sets[v] if op == P.OP_IN else v) for f, op, v in line.conditions)
            for line in table.lines]


@pytest.mark.slow
def test_a_long_card_list_takes_the_nearest_phrase_within_the_cards_allowance(solved):
    """Loose Deuces' card said a 29-set list of three-card straight flushes; `shortest.phrased`
    gives it the nearest sets a short phrase names. Here a phrased line loses three of its sets
    (a list no phrase names) and is phrased again: the card keeps its allowance, its bound on
    one deal and every pat hand, checked by playing it on every class; with no allowance left
    nothing changes."""
    from generator.export.cache import export
    from generator.solve.paytable import load_paytable
    from generator.strategy import levels as L
    from generator.strategy.holds import hold_data
    from generator.strategy.shortest import phrased
    from test_levels import CONTENT

    slug = "loose-deuces"
    solution = solved(slug)
    exported = export(load_paytable(CONTENT / "paytables" / f"{slug}.toml"))[0].to_json()
    data = hold_data(solution)
    card = _named_level(solution, exported, "card")
    pat = L.play(data, _named_level(solution, exported, "exact"))[1] == 31
    texts = [line["text"] for line in exported["strategy"]["levels"]["card"]["lines"]]
    i = next(k for k, t in enumerate(texts) if t.startswith("3 to a Straight Flush: s ≥ 2 or"))
    ranks = next(c for c in card[i] if c[0] == P.F_RANKS)
    broken = frozenset(sorted(ranks[2])[3:])  # (three sets fewer: no phrase names the rest)
    card[i] = tuple((P.F_RANKS, P.OP_IN, broken) if c == ranks else c for c in card[i])
    bound = int(L.CARD_BOUND * solution.unit)
    limit = int(L.CARD_COST * solution.unit * solution.deck.deals)
    universe = rank_universe(P.SF, 3, "deuces")
    assert rank_phrase(broken, universe, P.SF, 3, 0, NO_HIGH, _list_text(broken)) is None
    allowed = L.allowed_holds(pat)
    assert phrased(data, solution.evs, card, allowed, "deuces", NO_HIGH, bound, -1) == card
    out = phrased(data, solution.evs, card, allowed, "deuces", NO_HIGH, bound, limit)
    new = next(c for c in out[i] if c[0] == P.F_RANKS)[2]
    assert new != broken and rank_phrase(new, universe, P.SF, 3, 0, NO_HIGH,
                                          _list_text(range(30))) is not None
    place, loss = L.lost(data, solution.evs, out)
    held = L.play(data, out)[1]
    assert int(loss.sum()) <= limit and (held[pat] == 31).all()
    assert int((data.ce - solution.evs[range(len(held)), held]).max()) <= bound


def test_counts_that_leave_a_few_rank_sets_are_said_as_the_sets():
    """A line's s, h and s+h conditions (as final words; not high cards alone) that leave at
    most AS_SETS rank sets of its pattern are said as those sets, which players read at a
    glance ("KQ or KJ or QJ unsuited", not "2 unsuited high cards: s ≥ 2"). The sets must be
    exactly those of real cards meeting the conditions (features.describe), and the other
    conditions stay."""
    from generator.strategy.describe import AS_SETS, describe_line

    def line(n, kind, *extra):
        return ((P.F_N, P.OP_EQ, n), (P.F_W, P.OP_EQ, 0), (P.F_KIND, P.OP_EQ, kind)) + extra

    assert describe_line(line(2, P.S, (P.F_H, P.OP_GE, 2), (P.F_S, P.OP_GE, 2)), [], "natural",
                         high=JACKS, phrases=True) == ("KQ or KJ or QJ unsuited",
                                                       "2S: KQ or KJ or QJ")
    assert describe_line(line(2, P.RF, (P.F_S, P.OP_GE, 3), (P.F_FP, P.OP_EQ, 0)), [],
                         "natural", high=JACKS, phrases=True) == (
        "Suited QJ or QT or JT: no flush penalty", "2RF: QJ or QT or JT, no fp")
    # More sets than that, named by a rank held or not: "no A", not "s ≥ 2".
    assert describe_line(line(2, P.RF, (P.F_S, P.OP_GE, 2), (P.F_HP, P.OP_EQ, 0)), [],
                         "natural", high=JACKS, phrases=True) == (
        "2 to a Royal Flush: no A, no high card discarded", "2RF: no A held, no hp")
    # High cards alone are counted at a glance: the words stay.
    assert describe_line(line(3, P.S, (P.F_H, P.OP_EQ, 3)), [], "natural", high=JACKS,
                         phrases=True)[0] == "3 to a Straight: 3 high cards"
    # Words for the derivation's lengths keep the counts; so does an outside straight.
    assert describe_line(line(2, P.S, (P.F_H, P.OP_GE, 2), (P.F_S, P.OP_GE, 2)), [], "natural",
                         high=JACKS)[1] == "2S: h≥2, s≥2"
    assert describe_line(line(4, P.S, (P.F_S, P.OP_GE, 2)), [], "natural", high=JACKS,
                         phrases=True)[1] == "4S: s≥2"
    said = words = 0
    counts = [(f, op, v) for f in (P.F_S, P.F_H, P.F_SH)
              for op in (P.OP_EQ, P.OP_GE, P.OP_LE) for v in range(0, 8)]
    for n, kind in [(2, P.S), (2, P.RF), (3, P.S), (3, P.RF), (3, P.SF), (2, P.SF)]:
        universe = rank_universe(kind, n, "natural")
        feats = {m: held_features(m, kind, "natural", JACKS) for m in universe}
        ops = {P.OP_EQ: lambda a, b: a == b, P.OP_GE: lambda a, b: a >= b,
               P.OP_LE: lambda a, b: a <= b}
        for first, second in combinations([None] + counts, 2):
            extra = tuple(c for c in (first, second) if c is not None) + ((P.F_HP, P.OP_LE, 1),)
            text, notation = describe_line(line(n, kind, *extra), [], "natural", high=JACKS,
                                           phrases=True)
            meeting = {m for m, f in feats.items() if all(
                ops[op](f[feature], value) for feature, op, value in extra[:-1])}
            listed = notation.partition(": ")[2].split(", ")[0]
            high_cards_only = all(c[0] == P.F_H for c in extra[:-1])
            if re.fullmatch(r"[2-9TJQKA]+( or [2-9TJQKA]+)*", listed):
                said += 1
                assert {mask(r) for r in listed.split(" or ")} == meeting, (extra, notation)
                assert notation.endswith("hp≤1") and not high_cards_only
            elif m := re.fullmatch(r"no ([2-9TJQKA]) held|any but ([2-9TJQKA]+( or [2-9TJQKA]+)*)",
                                   listed):
                # A count said by a rank held or not: "2RF: no A held" for s ≥ 2.
                words += 1
                named = ({u for u in universe if not u & mask(m[1])} if m[1] else
                         universe - {mask(r) for r in m[2].split(" or ")})
                assert named == meeting, (extra, notation)
            else:
                assert high_cards_only or not 0 < len(meeting) <= AS_SETS, (extra, notation)
    assert said >= 20 and words >= 5


@pytest.mark.parametrize("family,wild_card,high", [("deuces", 0, NO_HIGH), ("joker", 52, 11)])
def test_counts_said_as_sets_hold_with_a_wild_card_too(family, wild_card, high):
    """The same with one wild card held (a deuce, the joker): the sets named are those of the
    natural ranks held beside it that meet the counts, on real cards."""
    from generator.strategy.describe import describe_line

    def wild_features(ranks, kind):
        held = [r for r in range(13) if ranks >> r & 1]
        suited = kind in (P.RF, P.SF, P.F)
        cards = [r * 4 + (0 if suited else i % 2) for i, r in enumerate(held)] + [
            wild_card if family == "joker" else 3]  # (the 2 of spades: a deuce, wild)
        others = [r for r in range(13) if not ranks >> r & 1 and r != 0]
        cards += [r * 4 + 2 + i % 2 for i, r in enumerate(others[:5 - len(cards)])]
        return P.describe(cards, (1 << len(held) + 1) - 1, family, None if high == NO_HIGH
                          else high)

    ops = {P.OP_EQ: lambda a, b: a == b, P.OP_GE: lambda a, b: a >= b,
           P.OP_LE: lambda a, b: a <= b}
    said = 0
    for naturals, kind in [(2, P.RF), (2, P.SF), (3, P.RF), (3, P.S)]:
        universe = rank_universe(kind, naturals, family)
        feats = {m: wild_features(m, kind) for m in universe}
        for feature in (P.F_S, P.F_SH) if high < 13 else (P.F_S,):
            for op in ops:
                for value in range(0, 8):
                    line = ((P.F_N, P.OP_EQ, naturals + 1), (P.F_W, P.OP_EQ, 1),
                            (P.F_KIND, P.OP_EQ, kind), (feature, op, value))
                    notation = describe_line(line, [], family, high=high, phrases=True)[1]
                    listed = notation.partition(": ")[2]
                    if not re.fullmatch(r"[2-9TJQKA]+( or [2-9TJQKA]+)*", listed):
                        continue
                    said += 1
                    meeting = {m for m, f in feats.items() if ops[op](f[feature], value)}
                    assert {mask(r) for r in listed.split(" or ")} == meeting, (line, notation)
    assert said >= 5
