"""A wild game's tables in sections by the wild cards dealt (generator/site/sections.py): what
each section holds and says, that each plays the deals it is for exactly as the whole table does
(every suit class of two shipped wild games, every level), and where the page and the pocket card
show them.
"""

import json
from pathlib import Path

import numpy as np
import pytest

from generator.site.sections import label, sections
from generator.strategy import features as P
from generator.strategy.describe import line_parts
from generator.core.records import to_json
from generator.site.lines import Line

CONTENT = Path(__file__).resolve().parents[1] / "content"


def line(number, held, dealt, row=None, family="deuces"):
    """A line holding `held` (n, w, kind, *conditions), as the site reads it."""
    n, w, kind, *extra = held
    conditions = ((P.F_N, P.OP_EQ, n), (P.F_W, P.OP_EQ, w), (P.F_KIND, P.OP_EQ, kind), *extra)
    parts = line_parts(conditions, (), family, high=11 if family == "joker" else 13)
    return Line(number=number, row=row or number, parts=parts, wild_dealt=tuple(dealt),
                conditions=(), ce_numbers=())


def test_sections_run_from_most_wild_cards_to_none_and_drop_what_the_label_says():
    lines = [line(1, (5, 0, P.RF), [0]), line(2, (4, 4, P.WILD), [4]),
             line(3, (5, 1, P.RF), [1]),
             line(4, (4, 1, P.RF, (P.F_S, P.OP_GE, 2)), [1]),
             line(5, (3, 1, P.PAIR), [1, 2]),  # (a deuce discarded: kept)
             line(6, (0, 0, P.NONE), [0])]
    got = [(s.label, s.wild, [(x.number, x.text) for x in s.lines])
           for s in sections(lines, "deuces")]
    assert got == [
        ("4 deuces", 4, [(2, "4 deuces only")]),
        ("2 deuces", 2, [(5, "Three of a Kind, with 1 deuce")]),
        ("1 deuce", 1, [(3, "Wild Royal Flush"), (4, "4 to a Royal Flush: s ≥ 2"),
                        (5, "Three of a Kind")]),
        ("No deuces", 0, [(1, "Natural Royal Flush"), (6, "Discard everything")])]
    assert [label(k, "joker") for k in (1, 0)] == ["With the joker", "Without the joker"]
    # The notation's mark too: "4RF 1D: s≥2" under "1 deuce" is "4RF: s≥2"; "33K 1D" under
    # "2 deuces" keeps it.
    assert [[x.notation for x in s.lines] for s in sections(lines, "deuces")] == [
        ["4W"], ["33K 1D"], ["5RF", "4RF: s≥2", "33K"], ["5RF", "none"]]
    joker = [line(1, (2, 1, P.SF, (P.F_BEST, P.OP_EQ, 1)), [1], family="joker"),
             line(2, (3, 0, P.RF, (P.F_FP, P.OP_EQ, 0)), [1, 0], family="joker")]
    assert [[(x.text, x.notation) for x in s.lines] for s in sections(joker, "joker")] == [
        [("The best 2 to a Straight Flush", "2SF: best"),
         ("3 to a Royal Flush: no flush penalty", "3RF: no fp")],
        [("3 to a Royal Flush: no flush penalty", "3RF: no fp")]]
    # (the whole table keeps its words)
    assert [(x.text, x.notation) for x in sections(joker, None)[0].lines][0] == (
        "The best 2 to a Straight Flush, with the joker", "2SF Jkr: best")


def test_printed_lines_are_numbered_through_the_sections_without_a_gap():
    """A section prints some of the table's lines: numbered by the export's `row` it read 1, 3
    (Full Pay Deuces Wild's card) or 1-5, 20, 22 (Joker Poker Two Pair's), which a player reads
    as lines missing. The printed lines are numbered 1, 2, 3, ... through the sections instead,
    a line in two sections in each, a run of made hands once; the card, the page's tables, the
    exact page and the checker all read these numbers."""
    from generator.site.pocket import card_lines
    from generator.site.view import (level_rows, line_rows, numbered_sections, printed_numbers,
                                     section_rows)

    lines = [line(1, (5, 0, P.RF), [0], row=1), line(2, (4, 4, P.WILD), [4], row=1),
             line(3, (5, 1, P.RF), [1, 2, 3], row=1), line(4, (5, 0, P.SF), [0], row=1),
             line(5, (4, 0, P.RF), [0], row=2), line(6, (3, 3, P.WILD), [3], row=3),
             line(7, (4, 1, P.RF), [1, 2], row=4), line(8, (2, 2, P.WILD), [2], row=5),
             line(9, (1, 1, P.WILD), [1], row=6), line(10, (0, 0, P.NONE), [0], row=7)]
    numbered = [(s.label, numbers) for s, numbers in numbered_sections(lines, "deuces")]
    assert numbered == [("4 deuces", {2: 1}), ("3 deuces", {3: 2, 6: 3}),
                        ("2 deuces", {3: 4, 7: 5, 8: 6}), ("1 deuce", {3: 7, 7: 8, 9: 9}),
                        ("No deuces", {1: 10, 4: 10, 5: 11, 10: 12})]  # (1 and 4: one run)
    # The page's level tables (a run of made hands one row) and the pocket card: 1 to 12.
    card = [(label, [r.row for r in rows])
            for label, rows in section_rows(lines, "deuces", level_rows)]
    assert card == [("4 deuces", [1]), ("3 deuces", [2, 3]), ("2 deuces", [4, 5, 6]),
                    ("1 deuce", [7, 8, 9]), ("No deuces", [10, 11, 12])]
    assert [x["number"] for x in card_lines(lines, "deuces")] == list(range(1, 13))
    # The exact page: each line a row, a run's number printed on its first row only.
    exact = [[(r.row, r.run_on) for r in rows]
             for _, rows in section_rows(lines, "deuces", line_rows)]
    assert exact[-1] == [(10, False), (10, True), (11, False), (12, False)]
    assert [n for rows in exact for n, run_on in rows if not run_on] == list(range(1, 13))
    # Each row has an anchor of its section for each of its lines (the checker links to the
    # line where the deal's section prints it); the line's own anchor is on its first row.
    rows = [r for _, section in section_rows(lines, "deuces", level_rows) for r in section]
    assert [(r.wild, r.lines, r.anchored) for r in rows if 3 in r.lines] == [
        (3, (3,), True), (2, (3,), False), (1, (3,), False)]
    assert (rows[-3].wild, rows[-3].lines) == (0, (1, 4))
    # What the checker embeds: [wild cards dealt, number, label] in each section printing it.
    printed = printed_numbers(lines, "deuces")
    assert printed[3] == [[3, 2, "3 deuces"], [2, 4, "2 deuces"], [1, 7, "1 deuce"]]
    assert printed[4] == [[0, 10, "No deuces"]]
    # A table not split is numbered as printed too, its labels and wild cards None.
    assert printed_numbers(lines[3:5], None) == {4: [[None, 1, None]], 5: [[None, 2, None]]}


def test_a_natural_game_is_one_section_without_a_label():
    lines = [line(1, (5, 0, P.RF), []), line(2, (0, 0, P.NONE), [])]
    assert [(s.label, [x.number for x in s.lines]) for s in sections(lines, None)] == [
        (None, [1, 2])]
    # A wild game whose lines all decide deals of one count is not split either.
    lines = [line(1, (2, 0, P.PAIR), [0])]
    assert [s.label for s in sections(lines, "deuces")] == [None]


def test_the_exact_table_prints_a_run_of_made_hands_as_one_numbered_line():
    """Each line of a run has a row of its own on the exact page (its CE values), but the
    number is printed on the first only, and the run is shaded as one line: "7 Five of a Kind"
    and "7 3 deuces only" read as two lines numbered 7."""
    from generator.site.view import LineRow, section_rows

    def rows_of(lines):
        return [LineRow(x.number, x.row, x.text, [], "", x.text, "", "", "", 0, [])
                for x in lines]

    lines = [line(1, (5, 3, P.RF), [3]),
             line(2, (5, 3, P.PAIR), [3], row=2),
             line(3, (3, 3, P.WILD), [3], row=2),
             line(4, (5, 0, P.RF), [0], row=3), line(5, (5, 0, P.SF), [0], row=3),
             line(6, (2, 0, P.PAIR), [0], row=4), line(7, (0, 0, P.NONE), [0], row=5)]
    got = [(label, [(r.row, r.run_on, r.band) for r in rows])
           for label, rows in section_rows(lines, "deuces", rows_of)]
    # (shaded as alternate rows under a heading row were: the first line of each section)
    assert got == [("3 deuces", [(1, False, True), (2, False, False), (2, True, False)]),
                   ("No deuces", [(3, False, True), (3, True, True), (4, False, False),
                                  (5, False, True)])]
    # A natural table has no heading row: its first line is not shaded, its second is. (Its
    # printed lines are numbered from 1, whatever their `row`.)
    got = [[(r.row, r.run_on, r.band) for r in rows]
           for _, rows in section_rows(lines[3:], None, rows_of)]
    assert got == [[(1, False, False), (1, True, False), (2, False, True), (3, False, False)]]


@pytest.mark.slow
@pytest.mark.parametrize("slug", ["full-pay-deuces-wild", "joker-poker-kings-or-better"])
def test_each_section_plays_its_deals_as_the_whole_table_does(slug):
    """Every level, every suit class: the class's section alone (its lines in their order)
    holds what the whole table holds, and every class's deciding line is in its section."""
    from generator.solve.cache import solve
    from generator.export.cache import export
    from generator.solve.paytable import load_paytable
    from generator.strategy.build import wild_dealt
    from generator.strategy.holds import hold_data, named, Strategy
    from generator.strategy.levels import play
    from generator.strategy.verify import from_json

    table = load_paytable(CONTENT / "paytables" / f"{slug}.toml")
    data = export(table)[0]
    solution, _ = solve(table)
    holds = hold_data(solution)
    dealt = wild_dealt(solution)

    def played(lines):
        read = from_json(solution, lines)
        return play(holds, named(Strategy([x.conditions for x in read.lines],
                                          list(read.rank_sets))))

    for name in ("exact", "card", "simple"):
        lines = getattr(data.strategy.levels, name).lines
        place, held = played([to_json(x) for x in lines])
        split = sections(lines, data.rules.wild)
        assert [s.wild for s in split] == sorted(set(dealt.tolist()), reverse=True), name
        for section in split:
            mine = dealt == section.wild
            # The lines of the section are the lines deciding its deals, in table order.
            numbers = [x.number for x in section.lines]
            assert numbers == sorted(set((place[mine] + 1).tolist())), (name, section.label)
            sub = [to_json(x) for x in lines if x.number in numbers]
            _, sub_held = played(sub)
            assert np.array_equal(sub_held[mine], held[mine]), (name, section.label)
            # The check can fail: without its first line, the section plays some deal otherwise.
            if len(sub) > 1:
                _, short_held = played(sub[1:])
                assert not np.array_equal(short_held[mine], held[mine]), (name, section.label)


@pytest.mark.slow
def test_a_deuces_page_and_card_show_the_sections_in_order(tmp_path):
    """A one-table site of Full Pay Deuces Wild: the card level on the page and the pocket card
    read "4 deuces" down to "No deuces", every line's anchor once on the page, and links above
    each table go to its sections."""
    import re
    import shutil

    from pypdf import PdfReader

    from generator.build.orchestrate import build_site

    content = tmp_path / "content"
    (content / "paytables").mkdir(parents=True)
    shutil.copy(CONTENT / "paytables" / "full-pay-deuces-wild.toml", content / "paytables")
    out = tmp_path / "site"
    build_site(content, out, progress=lambda text: None)
    page = (out / "full-pay-deuces-wild.html").read_text(encoding="utf-8")
    data = json.loads((out / "full-pay-deuces-wild.json").read_text(encoding="utf-8"))
    card = page[page.index('id="strategy-card"'):]
    card = card[:card.index("</table>")]
    heads = re.findall(r'<th scope="rowgroup" colspan="5">([^<]+)</th>', card)
    assert heads == ["4 deuces", "3 deuces", "2 deuces", "1 deuce", "No deuces"]
    anchors = re.findall(r'id="line-(\d+)"', card)
    assert sorted(map(int, anchors)) == [x["number"] for x in
                                         data["strategy"]["levels"]["card"]["lines"]]
    flat = " ".join(PdfReader(out / "full-pay-deuces-wild.pdf").pages[0].extract_text().split())
    at = [flat.index(head) for head in heads]
    assert at == sorted(at)
    # "1 deuce" runs on into the second column, which is headed with it again
    # (`card_columns`): once, between that section's heading and the next.
    assert flat.count("(continued)") == 1
    assert at[3] < flat.index("1 deuce (continued)") < at[4]
    exact = (out / "full-pay-deuces-wild-exact.html").read_text(encoding="utf-8")
    assert re.findall(r'<th scope="rowgroup" colspan="7">([^<]+)</th>', exact) == heads
    # (the simple level within 0.10% is not a quarter shorter than the card here: the card is
    # already the simple strategy, and the page says so)
    levels = data["strategy"]["levels"]
    assert not levels["simple"]["published"]
    assert 4 * levels["simple"]["printed"] > 3 * levels["card"]["printed"]
    assert "The card is already the simple strategy" in page and 'id="strategy-simple"' not in page
    # Above each sectioned table (the card, the simple level, the exact table), a link to each
    # section, in order, each to that table's own heading row.
    for html, table in ((page, "strategy-card"), (page, "strategy-simple"),
                        (exact, "strategy-exact")):
        if f'id="{table}"' not in html:  # (the simple level, where it is not published)
            continue
        # Its printed lines numbered 1, 2, 3, ... through the sections, without a gap or a
        # repeat (by the export's `row`, "2 deuces" read 1, 3, 5, ...; a run of made hands on
        # the exact page prints its number on its first row only).
        body = html[html.index(f'id="{table}"'):]
        body = body[:body.index("</table>")]
        numbers = [int(n) for n in re.findall(r'<td class="num" data-label="#">(\d+)', body)]
        assert numbers == list(range(1, len(numbers) + 1)), (table, numbers)
        jump = html[html.rindex("<nav", 0, html.index(f'href="#{table}-')):]
        links = re.findall(r'<a href="#([^"]+)">([^<]+)</a>', jump[:jump.index("</nav>")])
        assert [text for _, text in links] == heads, table
        for target, text in links:
            assert re.search(f'<tr class="section-head" id="{target}"><th[^>]*>{text}</th>', html)
    # The card shades every other line of a section, counted from its heading: each section's
    # first line is light, whatever the length of the one before.
    from generator.site.pocket import LAYOUTS, card_html, card_lines
    from generator.site.render import Renderer
    from generator.site.settings import Settings

    # (from the export, whose lines carry the parts the card is rendered from; the published
    # JSON keeps their words only)
    from generator.export.cache import export
    from generator.solve.paytable import load_paytable

    data = export(load_paytable(content / "paytables" / "full-pay-deuces-wild.toml"))[0]
    level = data.levels["card"]
    html = card_html(Renderer(Path(__file__).resolve().parents[1] / "templates"), data, level,
                     card_lines(level.lines, "deuces"), LAYOUTS[1], 9, Settings())
    items = re.findall(r'<li(?: id="card-line-\d+")?(?: class="([^"]*)")?>', html)
    bands, seen = [], 0
    for classes in items:
        if classes == "section":
            seen = 0
            continue
        seen += 1
        bands.append(("band" in classes.split(), seen % 2 == 0))
    assert len(bands) == len(card_lines(level.lines, "deuces")) and bands
    assert all(shaded == even for shaded, even in bands)
    assert items.count("section") == len(heads)
    # The pocket card prints the page's numbers: 1 to n through its sections, each before its
    # line, in the card's order.
    wordings = card_lines(level.lines, "deuces")
    card_table = page[page.index('id="strategy-card"'):]
    card_table = card_table[:card_table.index("</table>")]
    assert [x["number"] for x in wordings] == list(range(1, len(wordings) + 1)) == [
        int(n) for n in re.findall(r'<td class="num" data-label="#">(\d+)', card_table)]
    def printed(x, wording):
        return f"{x['number']} {' '.join(x[wording].split())[:12]}"

    at = flat.index("Pays per coin.")  # (the lines follow the key and the page's address)
    wording = next(w for w in ("text", "notation", "compact") if printed(wordings[0], w) in flat)
    for x in wordings:  # (each found after the one before it)
        at = flat.index(printed(x, wording), at)
