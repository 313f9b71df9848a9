"""A section that runs on into the next column of a pocket card is headed again there
(generator/site/card_columns.py), on small lists laid out by WeasyPrint as the card is."""

import pytest

from generator.site import card_columns

weasyprint = pytest.importorskip("weasyprint")

# A page that holds 10 rows a column, in two columns filled in turn, as card.css does.
PAGE = """<html><head><style>
@page { size: 60mm 52mm; margin: 2mm; }
html { font: 10pt/12pt sans-serif; }
ol { list-style: none; margin: 0; padding: 0; columns: 2; column-fill: auto; height: 44mm; }
li { break-inside: avoid; height: 12pt; overflow: hidden; }
li.section { break-after: avoid; }
</style></head><body><ol>{items}</ol></body></html>"""


def lines(*sections):
    """Card lines (`pocket.card_lines`) of sections given as (label, number of lines)."""
    out = []
    for label, count in sections:
        out += [{"number": i + 1, "section": label if i == 0 else None} for i in range(count)]
    return out


def rendered(wordings, continued=None):
    continued = continued or {}
    items = ""
    for k, line in enumerate(wordings):
        if line["section"]:
            items += f'<li class="section">{line["section"]}</li>'
        elif k in continued:
            items += f'<li class="section continued">{continued[k]} (continued)</li>'
        items += f'<li id="card-line-{line["number"]}">{line["number"]}</li>'
    return weasyprint.HTML(string=PAGE.replace("{items}", items)).render()


def test_a_section_running_on_into_the_next_column_is_headed_again_there():
    # 2 headings and 13 lines: the first column ends inside "1 deuce" (10 rows: its heading
    # and 9 lines), whose last 3 lines open the second.
    wordings = lines(("1 deuce", 12), ("No deuces", 1))
    document = rendered(wordings)
    assert len(document.pages) == 1
    assert card_columns.column_tops(document) == [("line", 9)]
    assert card_columns.continued(document, wordings) == {9: "1 deuce"}
    # Headed again, the column opens with the heading, and nothing more is wanted.
    headed = rendered(wordings, {9: "1 deuce"})
    assert card_columns.column_tops(headed) == [("continued", 9)]
    assert card_columns.continued(headed, wordings) == {9: "1 deuce"}


def test_a_column_opening_with_a_section_or_in_a_natural_game_needs_no_heading():
    wordings = lines(("4 deuces", 8), ("No deuces", 5))  # 9 rows, then the second's heading
    document = rendered(wordings)
    assert card_columns.column_tops(document) == [("heading", None)]
    assert card_columns.continued(document, wordings) == {}
    natural = lines((None, 14))  # no sections: nothing to head
    assert card_columns.column_tops(rendered(natural)) == [("line", 10)]
    assert card_columns.continued(rendered(natural), natural) == {}


def test_a_heading_pushed_off_a_columns_top_is_not_wanted_again():
    # Headed above line 5, which no column opens with: the heading is dropped.
    wordings = lines(("1 deuce", 12), ("No deuces", 1))
    document = rendered(wordings, {5: "1 deuce"})
    assert 5 not in card_columns.continued(document, wordings)
