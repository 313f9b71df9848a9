"""How strategy lines are worded (generator/strategy/describe.py `describe_line`) and keyed
(generator/site/symbols.py): the chart text in a player's words, the notation after the
Ethier-Kim-Lee paper, and a key that defines every symbol a table uses and nothing else.

The unit tests describe hand-made lines; the slow ones read every line of every level of the 23
shipped exports (cached in $VPCHARTS_CACHE, as tests/test_levels.py computes them).
"""

import re
from pathlib import Path

import pytest

from generator.strategy import features as P
from generator.core import wild_words
from generator.core.cards import RANKS
from generator.site.pocket import card_key, card_lines, LAYOUTS
from generator.site.symbols import key_for
from generator.strategy import describe_line, describe_lines
from tests.sample import sample_slugs

CONTENT = Path(__file__).resolve().parents[1] / "content"
SLUGS = sample_slugs()  # (the catalogue is over a hundred: tests/sample.py)
JACKS, KINGS, TENS, NO_HIGH = 9, 11, 8, 13  # the lowest high rank (features.high_rank)


def head(n, w, kind, *extra):
    return ((P.F_N, P.OP_EQ, n), (P.F_W, P.OP_EQ, w), (P.F_KIND, P.OP_EQ, kind)) + extra


def mask(ranks: str) -> int:
    return sum(1 << RANKS.index(r) for r in ranks)


def test_unsuited_draws_are_named_by_their_ranks_high_to_low():
    sets = (frozenset({mask("JQK")}), frozenset({mask("AJQK"), mask("9JQK")}))
    assert describe_line(head(3, 0, P.S, (P.F_RANKS, P.OP_IN, 0)), sets, "natural",
                         high=JACKS) == ("KQJ unsuited", "3S: KQJ")
    assert describe_line(head(4, 0, P.S, (P.F_RANKS, P.OP_IN, 1)), sets, "natural",
                         high=JACKS) == ("AKQJ or KQJ9 unsuited", "4S: AKQJ or KQJ9")


def test_pairs_are_high_or_low_with_the_games_high_ranks_and_never_2p():
    high = head(2, 0, P.PAIR, (P.F_H, P.OP_GE, 2))
    assert describe_line(high, (), "natural", high=JACKS) == ("High Pair (J-A)", "2HP")
    assert describe_line(high, (), "natural", high=TENS) == ("High Pair (T-A)", "2HP")
    assert describe_line(high, (), "joker", high=KINGS) == ("High Pair (K-A)", "2HP")
    assert describe_line(head(2, 0, P.PAIR, (P.F_H, P.OP_EQ, 0)), (), "natural",
                         high=JACKS) == ("Low Pair", "2LP")
    # Below a line holding every high pair, a pair is a low pair; above it, just a pair.
    pair = head(2, 0, P.PAIR)
    words = describe_lines([pair, high, pair], (), "natural", JACKS)
    assert words == [("Pair", "2PR"), ("High Pair (J-A)", "2HP"), ("Low Pair", "2LP")]
    # Where no pair pays (Deuces Wild), a pair is a pair.
    assert describe_lines([pair], (), "deuces", NO_HIGH) == [("Pair", "2PR")]
    assert describe_line(head(2, 0, P.PAIR, (P.F_RANKS, P.OP_EQ, mask("A"))), (), "natural",
                         high=JACKS) == ("Pair of Aces", "2HP: A")
    assert describe_line(head(4, 0, P.TWO_PAIR), (), "natural", high=JACKS) == ("Two Pair", "42P")


def test_made_hands_with_wild_cards_are_named_as_the_hand_they_make():
    assert describe_line(head(5, 2, P.TRIPS), (), "deuces") == (
        "Five of a Kind, with 2 deuces", "55K 2D")
    assert describe_line(head(5, 1, P.QUADS), (), "deuces") == (
        "Five of a Kind, with 1 deuce", "55K 1D")
    assert describe_line(head(3, 1, P.PAIR), (), "joker", high=KINGS) == (
        "Three of a Kind, with the joker", "33K Jkr")
    assert describe_line(head(5, 1, P.TWO_PAIR), (), "deuces") == (
        "Full House, with 1 deuce", "5FH 1D")
    assert describe_line(head(5, 1, P.RF), (), "deuces") == ("Wild Royal Flush, with 1 deuce",
                                                             "5RF 1D")
    assert describe_line(head(2, 2, P.WILD), (), "deuces") == ("2 deuces only", "2W")
    # Other wild cards in their own words; five natural aces (Five Aces' fifth ace) by name.
    assert describe_line(head(5, 2, P.TRIPS), (), "sevens") == (
        "Five of a Kind, with 2 sevens", "55K 2Sv")
    assert describe_line(head(4, 1, P.RF), (), "one_eyed_jacks") == (
        "4 to a Royal Flush, with a one-eyed jack", "4RF OEJ")
    assert describe_line(head(5, 0, P.FIVE), (), "five_aces", high=JACKS) == (
        "Five Aces", "55K")
    # The fifth ace held alone: of no suit of the four, it is no draw to a flush.
    assert describe_line(head(1, 0, P.S), (), "five_aces", high=JACKS) == ("A★ only", "1S")


def test_penalties_discards_and_thresholds_read_as_words():
    def said(*extra, n=3, kind=P.SF):
        return describe_line(head(n, 0, kind, *extra), (), "natural", high=JACKS)

    assert said((P.F_FP, P.OP_GE, 1)) == ("3 to a Straight Flush: with a flush penalty", "3SF: fp")
    assert said((P.F_SP, P.OP_EQ, 0))[0].endswith(": no straight penalty")
    assert said((P.F_HP, P.OP_LE, 1)) == (
        "3 to a Straight Flush: at most 1 high card discarded", "3SF: hp≤1")
    assert said((P.F_DS, P.OP_LE, 1)) == (
        "3 to a Straight Flush: no two discards of one suit", "3SF: ds≤1")
    assert said((P.F_DS, P.OP_LE, 2))[0].endswith(": at most 2 discards of one suit")
    assert said((P.F_H, P.OP_EQ, 1)) == ("3 to a Straight Flush: 1 high card", "3SF: h=1")
    assert said((P.F_DISC, P.OP_BIT, RANKS.index("8"))) == (
        "3 to a Straight Flush: with an 8 discarded", "3SF: 8 discarded")
    assert said((P.F_DISC, P.OP_BIT, RANKS.index("A")), (P.F_DISC, P.OP_BIT, RANKS.index("K")),
                (P.F_DISC, P.OP_NOBIT, 1), (P.F_DISC, P.OP_NOBIT, 4))[0] == (
        "3 to a Straight Flush: with an A and a K discarded, no 3 or 6 discarded")
    # Ranks held, in one phrase, the way ranks discarded are.
    assert said((P.F_RANKS, P.OP_NOBIT, RANKS.index("J")), (P.F_RANKS, P.OP_NOBIT, 10),
                (P.F_DISC, P.OP_NOBIT, 10), n=4, kind=P.F) == (
        "4 to a Flush: no J or Q held, no Q discarded", "4F: no J held, no Q held, no Q discarded")
    assert said((P.F_RANKS, P.OP_BIT, 12), (P.F_RANKS, P.OP_BIT, 11), n=4, kind=P.F)[0] == (
        "4 to a Flush: holding an A and a K")
    # A rank held is no list of the ranks held: the hold keeps its name.
    assert said((P.F_RANKS, P.OP_BIT, 9), (P.F_H, P.OP_GE, 3), n=4, kind=P.S) == (
        "4 to a Straight: holding a J, at least 3 high cards", "4S: J held, h≥3")
    assert said((P.F_SH, P.OP_GE, 4), kind=P.RF) == ("3 to a Royal Flush: s+h ≥ 4", "3RF: s+h≥4")
    assert said((P.F_H, P.OP_LE, 0), n=4, kind=P.S) == ("4 to a Straight: no high card", "4S: h=0")
    # The scores, s+h less penalty cards, written as the paper writes s+h.
    assert said((P.F_SHF, P.OP_GE, 3), kind=P.RF) == ("3 to a Royal Flush: s+h−fp ≥ 3",
                                                       "3RF: s+h−fp≥3")
    assert said((P.F_SHP, P.OP_LE, -1), n=2, kind=P.RF) == (
        "2 to a Royal Flush: s+h−fp−sp ≤ −1", "2RF: s+h−fp−sp≤−1")
    # No high cards in Deuces Wild: the score is s less penalty cards.
    assert describe_line(head(3, 1, P.RF, (P.F_SHP, P.OP_GE, 1)), (), "deuces") == (
        "3 to a Royal Flush, with 1 deuce: s−fp−sp ≥ 1", "3RF 1D: s−fp−sp≥1")


def test_draws_players_name_by_their_shape_keep_the_papers_notation():
    def said(n, kind, *extra, sets=(), high=JACKS, family="natural"):
        return describe_line(head(n, 0, kind, *extra), sets, family, high=high)

    # Four to a straight: open at both ends (s = 2) or not.
    assert said(4, P.S, (P.F_S, P.OP_GE, 2), (P.F_BP, P.OP_EQ, 0)) == (
        "4 to an Outside Straight: no broken pair", "4S: s≥2, no bp")
    assert said(4, P.S, (P.F_S, P.OP_EQ, 1)) == ("4 to an Inside Straight", "4S: s=1")
    assert said(4, P.S, (P.F_H, P.OP_GE, 3)) == (
        "4 to a Straight: at least 3 high cards", "4S: h≥3")
    # Two to a royal flush by its ranks, and two high cards by their suits.
    assert said(2, P.RF, (P.F_RANKS, P.OP_EQ, mask("QJ")), (P.F_FP, P.OP_EQ, 0)) == (
        "Suited QJ: no flush penalty", "2RF: QJ, no fp")
    assert said(2, P.RF, (P.F_RANKS, P.OP_IN, 0), sets=(frozenset({mask("KT"), mask("QT")}),)) \
        == ("Suited KT or QT", "2RF: KT or QT")
    assert said(2, P.RF, (P.F_H, P.OP_GE, 2), (P.F_HP, P.OP_LE, 1)) == (
        "2 suited high cards: at most 1 high card discarded", "2RF: h≥2, hp≤1")
    assert said(2, P.S, (P.F_H, P.OP_EQ, 2), (P.F_S, P.OP_GE, 2)) == (
        "2 unsuited high cards: s ≥ 2", "2S: h=2, s≥2")
    # No high cards in Deuces Wild: two to a straight stays what it is.
    assert said(2, P.S, (P.F_H, P.OP_GE, 2), high=NO_HIGH, family="deuces")[0].startswith(
        "2 to a Straight")


def test_a_run_of_pair_ranks_is_written_as_a_span_and_other_lists_are_not():
    sets = (frozenset(mask(r) for r in "98765432"), frozenset(mask(r) for r in "KQJ432"),
            frozenset(mask(r) for r in "KQ8"), frozenset(mask(r) for r in "876"))
    pair = head(2, 0, P.PAIR, (P.F_RANKS, P.OP_IN, 0))
    assert describe_line(pair, sets, "joker", high=KINGS) == ("Low Pair: 2-9", "2LP: 2-9")
    assert describe_line(head(2, 0, P.PAIR, (P.F_RANKS, P.OP_IN, 1)), sets, "natural",
                         high=13) == ("Pair: J-K or 2-4", "2PR: J-K or 2-4")
    # Two or three ranks that make no span are said as players say one: "Pair of Aces".
    assert describe_line(head(2, 0, P.PAIR, (P.F_RANKS, P.OP_IN, 2)), sets, "natural",
                         high=13) == ("Pair of Kings, Queens or 8s", "2PR: K or Q or 8")
    two = (frozenset({mask("A"), mask("K")}),)
    assert describe_line(head(2, 0, P.PAIR, (P.F_RANKS, P.OP_IN, 0), (P.F_HP, P.OP_LE, 1)), two,
                         "natural", high=JACKS) == (
        "Pair of Aces or Kings: at most 1 high card discarded", "2HP: A or K, hp≤1")
    # One card held beside the joker: "8 or 7 or 6", never "6-8" (read as a span of cards).
    line = ((P.F_N, P.OP_EQ, 2), (P.F_W, P.OP_EQ, 1), (P.F_KIND, P.OP_EQ, P.SF),
            (P.F_RANKS, P.OP_IN, 3))
    assert describe_line(line, sets, "joker", high=KINGS)[1] == "2SF Jkr: 8 or 7 or 6"


def test_a_made_hands_kickers_of_a_few_ranks_read_as_every_card():
    """Four of a kind and a kicker, the two ranks any two of A, 2, 3, 4 (Double Double Bonus):
    every card held is one of them. Five of the six pairs is no such thing, and stays listed."""
    pairs = [mask(a + b) for a, b in ("A4", "A3", "A2", "43", "42", "32")]
    sets = (frozenset(pairs), frozenset(pairs[:-1]))
    quads = head(5, 0, P.QUADS, (P.F_RANKS, P.OP_IN, 0))
    assert describe_line(quads, sets, "natural", high=JACKS) == (
        "Four of a Kind + 1 kicker: every card A or 2-4",
        "54K: A4 or A3 or A2 or 43 or 42 or 32")
    trips = head(4, 0, P.TRIPS, (P.F_RANKS, P.OP_IN, 1))
    assert describe_line(trips, sets, "natural", high=JACKS)[0] == (
        "Three of a Kind + 1 kicker: A4 or A3 or A2 or 43 or 42")


# -- every line of every shipped table ----------------------------------------------------------

_ARTICLE_ERROR = re.compile(r"\ba [A8]\b|\ban [2-79TJQK]\b")  # "a 8", "an K"
_RANK_SET = re.compile(r"(?<![\w(-])[2-9TJQKA]{2,5}(?![\w)-])")
# The notation's vocabulary, written out here independently of symbols.py: a token the key
# does not explain fails the test below.
_TOKEN_KINDS = (
    ("head", re.compile(r"^([1-5])(RF|SF|FH|HP|LP|PR|2P|3K|4K|5K|F|S|X|W)$")),
    # (the marks of every family's wild cards, core/wild_words.py: "2D", "Jkr", "3Sv", "OEJ", ...)
    ("wild", re.compile(r"^[1-5]?(" + "|".join(sorted({w.mark for w in wild_words.WORDS.values()},
                                                    key=len, reverse=True)) + r")$")),
    ("feature", re.compile(r"^(s\+h−fp−sp|s\+h−fp|s−fp−sp|s−fp|s\+h|sfp|fp|sp|hp|rp|ds|bp|best|s|h)"
                           r"([=≥≤]−?\d+)?$")),
    # (Black Jack Bonus's kickers of named suits held and discarded: "kc", "2kc", "no kcd")
    ("kicker", re.compile(r"^[2-4]?(kc|kcd)$")),
    ("ranks", re.compile(r"^[2-9TJQKA]+$|^[2-9TJQK]-[3-9TJQKA]$")),
    ("card", re.compile(r"^([2-9TJQKA][cdhs]|Jk)$")),
    ("word", re.compile(r"^(or|no|any|but|not|with|without|discarded|held|exception|none"
                        r"|ace-low)$")),
)


def _exports():
    from generator.export.cache import export
    from generator.solve.paytable import load_paytable

    for slug in SLUGS:
        data = export(load_paytable(CONTENT / "paytables" / f"{slug}.toml"))[0].to_json()
        assert data["strategy"] is not None, data["strategy_error"]
        yield data


def _check_key(notations: list[str], key: list[tuple[str, str]]) -> None:
    """Every symbol of the notations is in the key, and every key entry is used."""
    defined = {part for symbol, _ in key for part in symbol.split(", ")}
    used = set()
    for notation in notations:
        # A line's choice rule ("most s", "most h": issue 54) is one symbol of two words.
        used |= set(re.findall(r"\bmost [sh]\b", notation))
        notation = re.sub(r"\bmost [sh]\b", "", notation)
        for token in re.split(r"[\s,:]+", notation):
            if not token:
                continue
            kinds = [name for name, pattern in _TOKEN_KINDS if pattern.match(token)]
            assert kinds, f"{token!r} in {notation!r} is no symbol of the notation"
            m = _TOKEN_KINDS[0][1].match(token)
            if m:
                used |= {"4RF", m.group(2)}
            elif kinds[0] == "wild" or token == "none":
                used.add(token)
            elif kinds[0] == "feature":  # (a score's parts are keyed with it: s+h, fp, sp)
                used |= set(_TOKEN_KINDS[2][1].match(token).group(1).split("−"))
                used.add(_TOKEN_KINDS[2][1].match(token).group(1))
            elif kinds[0] == "kicker":
                used.add(re.match(r"^[2-4]?(kc|kcd)$", token).group(1))
            elif token == "discarded":
                used.add("X discarded")
            elif token == "held":
                used.add("X held")
            elif token == "exception":
                used.add("exception")
            elif token == "ace-low":
                used.add("ace-low")
            elif token == "without":
                used.add("without XYZ")
            elif token == "any":
                used.add("any")
    for symbol in used:
        assert symbol in defined or f"{symbol} but" in defined, (symbol, key)
    # (and the key's "if several fit: the higher cards", said for every level with a choice)
    spoken = {"4RF", "3SF ...", "X discarded", "X held", "any but", "KJ9 JT7", "if several fit"}
    for symbol in defined - spoken:
        assert symbol in used, (symbol, "is in the key but no line uses it")


@pytest.mark.slow
def test_every_shipped_line_reads_as_players_write_and_every_symbol_is_keyed():
    from generator.export.records import Export
    from generator.site.paytable import _key

    for data in _exports():
        wild = data["rules"]["wild"]
        record = Export.from_json(data)
        for name, level in data["strategy"]["levels"].items():
            where = f"{data['slug']} {name}"
            for line in level["lines"]:
                text, notation = line["text"], line["notation"]
                assert not _ARTICLE_ERROR.search(text), (where, text)
                assert "1 discards" not in text, (where, text)
                for words in (text, notation.partition(": ")[2]):
                    for ranks in _RANK_SET.findall(words):
                        order = [RANKS.index(r) for r in ranks]
                        assert order == sorted(order, reverse=True), (where, words)
                # A single pair is never notated 2P (42P is two pair); it is HP, LP or PR after
                # the cards held (3PR: Black Jack Bonus's pair and a black jack kicker).
                held, kind = line["conditions"][0][2], line["conditions"][2][2]
                assert not re.match(r"^2P\b", notation), (where, notation)
                if kind == "PAIR" and line["conditions"][1][2] == 0:
                    assert re.match(rf"^{held}(HP|LP|PR)\b", notation), (where, notation)
                    assert "Pair" in text and "Two Pair" not in text, (where, text)
            _check_key([line["notation"] for line in level["lines"]],
                       _key(getattr(record.strategy.levels, name).lines, record.rules,
                            record.game))
        # The pocket card's key, in each layout's wording.
        wordings = card_lines(record.strategy.levels.card.lines)
        for layout in LAYOUTS:
            if layout.wording != "text":
                _check_key([line[layout.wording] for line in wordings],
                           card_key(wordings, layout, record))


def test_the_key_check_can_fail():
    # (`key_for` reads the symbols each line's parts use: line_parts.used)
    with pytest.raises(AssertionError):
        _check_key(["3SF: ds≤1"], key_for([{"SF"}]))  # ds used, not in the key
    with pytest.raises(AssertionError):
        _check_key(["3SF"], key_for([{"SF", "ds"}]))  # ds in the key, not used
    with pytest.raises(AssertionError):
        _check_key(["2Z"], key_for([set()]))  # not a symbol at all
    with pytest.raises(AssertionError):
        _check_key(["2P"], key_for([{"2P"}]))  # a single pair as 2P: no symbol of ours
    with pytest.raises(AssertionError):
        _check_key(["3SF: s+h−fp≥2"], key_for([{"SF", "s+h", "fp"}]))  # the score is not keyed
    _check_key(["55K 2D: no fp", "2RF: exception: 3d 4h 6d Jc Kc"],
               key_for([{"5K", "2D", "fp"}, {"RF", "exception"}], "deuces"))
    # A score is keyed with its parts, which need no line of their own.
    _check_key(["3SF: s+h−fp−sp≥2"], key_for([{"SF", "s+h−fp−sp"}]))


def test_the_key_names_a_kicker_of_named_suits_by_its_cards():
    """Black Jack Bonus's kc and kcd are keyed as a player says them: the black jack, with the
    two cards it may be (the export's Game.kicker); every other game keeps the general words."""
    from generator.export.compute import game
    from generator.solve.paytable import load_paytable

    content = Path(__file__).resolve().parents[1] / "content" / "paytables"
    black_jack = game(load_paytable(content / "black-jack-bonus-9-6.toml"))
    assert (black_jack.kicker.name, black_jack.kicker.cards) == ("black jack", "J♣ or J♠")
    assert game(load_paytable(content / "9-6-jacks-or-better.toml")).kicker is None
    key = dict(key_for([{"PR", "kc", "kcd"}], kicker=black_jack.kicker))
    assert key["kc"].startswith("a black jack (J♣ or J♠) held: four of a kind pays more")
    assert key["kcd"].startswith("a black jack discarded")
    assert "black jack" not in dict(key_for([{"PR", "kc"}]))["kc"]


def test_the_symbols_a_line_uses_come_from_its_parts():
    """The key of a line's notation, read from its parts: what the notation writes ("fp",
    "s+h", "2D"), not its words' ("no flush penalty" keys nothing; "s+h ≥ 3" keys s+h)."""
    from generator.strategy.describe import line_parts
    from generator.core.line_parts import notation, used

    parts = line_parts(head(3, 0, P.RF, (P.F_SH, P.OP_GE, 3), (P.F_FP, P.OP_EQ, 0)), (),
                       "natural", high=JACKS)
    assert notation(parts) == "3RF: s+h≥3, no fp"
    assert used(parts, "notation") == {"RF", "s+h", "fp"}
    assert used(parts, "text") == {"s+h"}
    wild = line_parts(head(5, 2, P.TRIPS), (), "deuces")
    assert used(wild, "notation") == {"5K", "2D"}
    assert used(wild, "notation", with_wild=False) == {"5K"}  # (a section's label says 2D)
    _check_key([notation(parts)], key_for([used(parts, "notation")]))


def test_a_printed_run_of_made_hands_keeps_each_hands_name_whole():
    from generator.core.line_parts import parts_json
    from generator.core.records import from_json
    from generator.export.records import Line
    from generator.site.view import printed_lines
    from generator.strategy.describe import line_parts
    from tests.exports import line_json

    def line(number, row, held, family="natural"):
        parts = line_parts(head(*held), (), family, high=JACKS if family == "natural" else 13)
        return from_json(Line, line_json(number, row=row, parts=parts_json(parts)))

    natural = printed_lines([line(1, 1, (5, 0, P.RF)), line(2, 2, (5, 0, P.FULL_HOUSE)),
                             line(3, 2, (5, 0, P.F))])
    assert [(p.number, p.text, p.notation, p.lines) for p in natural] == [
        (1, "Royal Flush", "5RF", (1,)), (2, "Full House, Flush", "5FH, 5F", (2, 3))]
    wild = printed_lines([line(1, 1, (5, 1, P.QUADS), "deuces"),
                          line(2, 1, (5, 0, P.SF), "deuces")])
    assert wild[0].text == "Five of a Kind, with 1 deuce; Straight Flush"
