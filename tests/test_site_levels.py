"""The levels a page, a card and the checker read (`Export.levels`), the notation key, the
curve chart, and what the index shows of each pay table. Small exports read into the records
(tests/exports.py); no build."""

import json
import re
from fractions import Fraction

import pytest

from generator.core.records import RecordError, from_json
from generator.export.records import CurvePoint, Export
from generator.site.plot import PHONE_WIDTH, curve_svg, for_screens
from generator.site.symbols import LONG_TEXT, abbr_notation, key_for, long_text
from generator.site.view import SIMPLE_RULE, families, identifying_pays, search_pays
from tests.exports import export_json, level_json, line_json, record


def curve_of(points):
    return tuple(from_json(CurvePoint, dict(p, kept=True)) for p in points)


def test_levels_in_the_export_are_read_as_they_are():
    level = level_json(lines=[line_json(1)], cost="1/1000", cost_percent="0.1000%",
                       misplays=12, max_loss={"exact": "1/2", "decimal": "0.5000"},
                       max_loss_example="[As] 2c 3d 4h 9s")
    curve = [{"lines": 3, "cost": "0", "cost_percent": "0.0000%"},
             {"lines": 2, "cost": "1/1000", "cost_percent": "0.1000%"}]
    # Three different levels, so that each name is seen to give its own level, in the order
    # the page shows them, and nothing else.
    card, simple = dict(level, printed=8), dict(level, printed=5, published=True)
    data = record(levels={"simple": simple, "card": card, "exact": level},
                  curve=[dict(p, kept=True) for p in curve])
    got = data.levels
    assert list(got) == ["exact", "card", "simple"]
    assert [got[name].printed for name in got] == [2, 8, 5]
    assert got["card"].cost == Fraction(1, 1000) and got["card"].max_loss.exact == Fraction(1, 2)
    assert record(strategy=False).levels is None
    assert data.strategy.curve == curve_of(curve) and record().strategy.curve == ()
    # Not a quarter shorter than the card: the card is already the simple strategy, and no
    # page, card or checker reads the simple level (the export keeps it, marked).
    data = record(levels={"simple": dict(simple, printed=7, published=False), "card": card,
                          "exact": level})
    assert data.levels["simple"] is None and data.levels["card"].printed == 8
    assert data.strategy.levels.simple.printed == 7


def test_the_records_read_back_what_they_write_and_refuse_what_does_not_fit():
    """The cache's JSON read into the records and written again is the same JSON; a key
    missing or unknown, a value of another type or a fraction not in lowest terms is refused
    with where it is and what was expected (the cache then computes the export again)."""
    data = json.loads(json.dumps(export_json()))  # (as the cache's file holds it)
    assert record().to_json() == data
    for path, value, said in (
            (("solution", "return", "exact"), "2/4", "lowest terms"),
            (("solution", "return", "exact"), "0.99", "an exact fraction"),
            (("solution", "deals"), True, "a whole number"),
            (("solution", "deals"), "2598960", "a whole number"),
            (("rules", "pays", 0, "pay"), 800, "an exact fraction"),
            (("strategy", "levels", "exact", "lines", 0, "conditions"), {}, "a list")):
        damaged = export_json()
        at = damaged
        for key in path[:-1]:
            at = at[key]
        at[path[-1]] = value
        with pytest.raises(RecordError, match=said) as found:
            Export.from_json(damaged)
        assert str(found.value).startswith("$." + ".".join(
            str(k) if isinstance(k, str) else f"[{k}]" for k in path).replace(".[", "["))
    unknown = dict(export_json(), extra=1)
    with pytest.raises(RecordError, match="only the keys of Export"):
        Export.from_json(unknown)
    missing = export_json()
    del missing["ce"]["holding"]
    with pytest.raises(RecordError, match=r"\$\.ce\.holding: None, expected a value"):
        Export.from_json(missing)


def test_the_simple_rule_as_pages_say_it_is_the_derivation_s():
    from generator.core.decimals import percent
    from generator.strategy import levels as L

    assert SIMPLE_RULE["cost_percent"] == percent(L.SIMPLE_COST, 2)
    assert L.SIMPLE_SHORTER == Fraction(1, 4) and SIMPLE_RULE["shorter"] == "a quarter"
    # At least a quarter shorter: 15 of the card's 20 lines is, 16 is not.
    assert L.simple_published(20, 15) and not L.simple_published(20, 16)
    assert L.simple_published(19, 14) and not L.simple_published(19, 15)


def test_curve_chart_draws_every_point_and_marks_the_levels():
    curve = curve_of([{"lines": n, "cost": str(Fraction(40 - n, 10000)), "cost_percent": ""}
                      for n in range(40, 4, -1)])
    svg = curve_svg(curve, {"card": 20, "simple": 10})
    assert svg.count("<circle") == 2 and ">card<" in svg and ">simple<" in svg
    assert svg.count(" L") == 35  # one segment between each pair of the 36 points
    assert curve_svg(None) == "" and curve_svg(()) == ""
    assert curve_svg(curve) == curve_svg(curve[::-1])  # deterministic, any order
    numbers = re.findall(r'font-size="11">(\d+)</text>', str(svg))
    assert numbers == ["5", "10", "15", "20", "25", "30", "35", "40"]
    # A long table's axis is numbered sparsely enough to read: at most about ten numbers.
    long = curve_of([{"lines": n, "cost": str(Fraction(400 - n, 100000)), "cost_percent": ""}
                     for n in range(370, 4, -1)])
    numbers = re.findall(r'font-size="11">(\d+)</text>', str(curve_svg(long)))
    assert numbers == [str(n) for n in range(50, 400, 50)]
    # A phone's plot is drawn narrower, so its text is not shrunk: five numbers at most.
    numbers = re.findall(r'font-size="11">(\d+)</text>', str(curve_svg(long, width=PHONE_WIDTH)))
    assert numbers == ["100", "200", "300"]
    both = str(for_screens(curve_svg, curve, {"card": 20}))
    assert both.count("<svg") == 2 and 'viewBox="0 0 360 240"' in both
    assert 'id="curve-title"' in both and 'id="curve-title-narrow"' in both
    assert for_screens(curve_svg, None) == ""


def _parts(held, rank_sets=(), family="natural", deal_text=str):
    """The parts of a line holding `held` ((n, w, kind, *conditions), conditions by name)."""
    from generator.strategy import features as P
    from generator.strategy.describe import line_parts

    named = [("n", "==", held[0]), ("w", "==", held[1]), ("kind", "==", held[2]), *held[3:]]
    return line_parts(tuple(P.condition_named(*c) for c in named), rank_sets, family, deal_text,
                      high=9 if family == "natural" else 11 if family == "joker" else 13)


def _mask(ranks):
    from generator.core.cards import RANKS

    return sum(1 << RANKS.index(r) for r in ranks)


def test_key_lists_exactly_the_symbols_used():
    """The key of what the lines' notation (or words) writes, as their parts say it."""
    from generator.core.line_parts import notation, text, used

    lines = [_parts((3, 0, "SF", ("ranks", "in", 0), ("ds", "<=", 1)),
                    [{_mask("KJ9"), _mask("JT7")}]),
             _parts((2, 0, "RF", ("fp", "==", 0), ("sp", "<=", 1))),
             _parts((0, 0, "NONE", ("disc", "has", 9)))]
    assert [notation(p) for p in lines] == ["3SF: KJ9 or JT7, ds≤1", "2RF: no fp, sp≤1",
                                            "none: J discarded"]
    key = dict(key_for([used(p, "notation") for p in lines]))
    assert {"SF", "RF", "ds", "fp", "sp", "none", "X discarded"} <= set(key)
    assert not {"hp", "rp", "sfp", "W", "s", "h", "s+h", "HP", "LP", "2P"} & set(key)
    # Pairs after the paper: 42P is two pair, 2HP and 2LP single pairs.
    key = dict(key_for([used(_parts(held), "notation") for held in (
        (4, 0, "TWO_PAIR"), (2, 0, "PAIR", ("h", ">=", 2)), (2, 0, "PAIR", ("h", "==", 0)))]))
    assert key["2P"] == "two pair" and "high pair" in key["HP"] and "low pair" in key["LP"]
    # Wild cards held: only the counts used, and never a card of a deal written out.
    wild = [_parts((5, 2, "TRIPS"), family="deuces"), _parts((4, 1, "RF"), family="deuces"),
            _parts((2, 0, "RF", ("deal", "in", 0)), [{0}], "deuces", lambda c: "3d 4h 6d Jc Kc")]
    assert [notation(p) for p in wild] == ["55K 2D", "4RF 1D", "2RF: exception: 3d 4h 6d Jc Kc"]
    key = dict(key_for([used(p, "notation") for p in wild], "deuces"))
    assert key["1D, 2D"] == "with 1 or 2 deuces among the cards held" and "5K" in key
    assert not {"3D", "Jkr"} & set(key)
    joker = _parts((3, 1, "PAIR"), family="joker")
    assert notation(joker) == "33K Jkr"
    assert dict(key_for([used(joker, "notation")], "joker"))["Jkr"] == \
        "the joker is one of the cards held"
    assert key_for([used(_parts((1, 1, "WILD"), family="deuces"), "notation")], "deuces")[-1] \
        == ("W", "deuces only (no other card held)")
    # In words, a count is keyed where it is written as one ("s+h ≥ 3"), a penalty is not.
    words = _parts((3, 0, "S", ("sh", ">=", 3), ("fp", "==", 0)))
    assert text(words) == "3 to a Straight: s+h ≥ 3, no flush penalty"
    assert dict(key_for([used(words, "text")])).keys() == {"s+h"}


def test_notation_is_marked_up_and_escaped():
    from generator.core.line_parts import marked

    parts = _parts((3, 0, "RF", ("sp", "==", 0), ("sh", ">=", 4)))
    notation, marks = marked(parts)
    assert notation == "3RF: no sp, s+h≥4"
    html = abbr_notation(notation + " <x>", marks=marks)
    assert html.startswith('<abbr title="3 cards held, to a royal flush">3RF</abbr>')
    assert '<abbr title="straight penalty: discards that fit a straight with the held cards">sp</abbr>' in html
    assert "s+h</abbr>≥4 &lt;x&gt;" in html
    exception = marked(_parts((2, 0, "RF", ("deal", "in", 0)), [{0}], "deuces",
                              lambda c: "3d 4h 6d Jc Kc"))
    assert abbr_notation(*exception[:1], marks=exception[1]).endswith(
        "exception: 3d 4h 6d Jc Kc")
    five = marked(_parts((5, 2, "TRIPS"), family="deuces"))
    assert abbr_notation(five[0], "deuces", five[1]) == (
        '<abbr title="5 cards held, five of a kind">55K</abbr> '
        '<abbr title="with 2 deuces among the cards held">2D</abbr>')


def test_index_shows_identifying_pays_and_sorts_by_return_within_a_game():
    data = record()
    assert [(p.short, p.pay) for p in identifying_pays(data)] == [("FH", "9"), ("F", "6")]
    assert search_pays(data) == "800|250|4000 9 6 1"

    def table(name, ret, game, family="natural", order=0):
        return record(slug=name, name=name, ret=ret, family=family, game=game,
                      family_order=order)

    groups = families([table("8/5 Jacks or Better", "97/100", "Jacks or Better"),
                       table("Loose Deuces", "1", "Deuces Wild", "deuces", 1),
                       table("9/6 Jacks or Better", "99/100", "Jacks or Better"),
                       table("9/7 Double Bonus", "49/50", "Double Bonus")])
    assert [(game, [d.name for d in members]) for game, members in groups] == [
        ("Jacks or Better", ["9/6 Jacks or Better", "8/5 Jacks or Better"]),
        ("Double Bonus", ["9/7 Double Bonus"]), ("Deuces Wild", ["Loose Deuces"])]



def test_long_lists_are_clipped_and_listed_in_full_when_opened():
    text = "4 to a Flush: " + " or ".join(f"{b}{a}{c}A" for a in "6789" for b in "2345" for c in "TJ")
    html = long_text(text)
    summary = html[html.index("<summary>"):html.index("</summary>")]
    assert len(summary) < LONG_TEXT + 80 and "(32 choices in all)" in summary
    assert html.endswith(text + "</details>")  # the whole list, escaped, when opened
    assert long_text("Pair") == "Pair" and long_text("<b>") == "&lt;b&gt;"
    from generator.core.line_parts import marked

    sets = {_mask(f"{b}{a}{c}A") for a in "6789" for b in "2345" for c in "TJ"}
    notation, marks = marked(_parts((4, 0, "F", ("ranks", "in", 0)), [sets]))
    assert '<abbr title="4 cards held, to a flush">4F</abbr>' in long_text(notation, marks=marks)
    assert len(notation) > LONG_TEXT and "<details" in long_text(notation, marks=marks)
