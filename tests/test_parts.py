"""A strategy line's parts (generator/core/line_parts.py): the strategy stage hands the site the
parts of every line, and the site renders from them, never parsing the words back.

The unit tests read the site's modules and hand-made lines; the slow one reads every line of
three shipped exports (cached in $VPCHARTS_CACHE, as tests/test_levels.py computes them).
"""

import ast
from pathlib import Path

import pytest

from generator.strategy import features as P
from generator.strategy.describe import line_parts
from generator.core.line_parts import (holding, marked, notation, notes, parts_from_json,
                                      parts_json, text)

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
# The site's modules that handle strategy lines: none may use a regular expression.
LINE_MODULES = ("view.py", "sections.py", "symbols.py", "lines.py")


def imports_re(source: str) -> bool:
    """Whether a module imports `re` (or anything from it), read from its syntax tree."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "re" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "re" \
                and not node.level:
            return True
    return False


def test_the_sites_line_modules_use_no_regular_expression():
    for name in LINE_MODULES:
        path = ROOT / "generator" / "site" / name
        assert not imports_re(path.read_text(encoding="utf-8")), name


def test_the_regex_scan_can_fail():
    assert imports_re("import re\nre.sub('a', 'b', 'c')")
    assert imports_re("def f():\n    from re import sub\n")
    assert imports_re("import os, re as regex")
    assert not imports_re("from .re import x\nimport rest")


def head(n, w, kind, *extra):
    return ((P.F_N, P.OP_EQ, n), (P.F_W, P.OP_EQ, w), (P.F_KIND, P.OP_EQ, kind)) + extra


def test_text_and_notation_are_two_renderings_of_one_set_of_parts():
    parts = line_parts(head(2, 1, P.SF, (P.F_BEST, P.OP_EQ, 1), (P.F_RANKS, P.OP_IN, 0),
                            (P.F_FP, P.OP_EQ, 0)),
                       [frozenset({1 << 6, 1 << 5})], "joker", high=11)
    assert (text(parts), notation(parts)) == (
        "The best 2 to a Straight Flush, with the joker: 8 or 7, no flush penalty",
        "2SF Jkr: best, 8 or 7, no fp")
    # A section whose label says the joker: both renderings leave it out, from the same part.
    assert (text(parts, with_wild=False), notation(parts, with_wild=False)) == (
        "The best 2 to a Straight Flush: 8 or 7, no flush penalty", "2SF: best, 8 or 7, no fp")
    assert notation(parts, compact=True) == "2SF Jkr: best, 8 7, no fp"
    # The hold column keeps what says which hold is meant; the notes what tests the discards.
    assert text(holding(parts)) == "The best 2 to a Straight Flush, with the joker: 8 or 7"
    assert notes(parts) == ["no flush penalty"]
    # Where the notation writes each symbol of its key.
    written, marks = marked(parts)
    assert [(written[a:b], symbol) for a, b, symbol, _ in marks] == [
        ("2SF", "SF"), ("Jkr", "Jkr"), ("best", "best"), ("fp", "fp")]
    # The parts go through JSON (the export's cache entry) unchanged.
    assert parts_from_json(parts_json(parts)) == parts


@pytest.mark.slow
@pytest.mark.parametrize("slug", ["9-6-jacks-or-better", "full-pay-deuces-wild",
                                  "joker-poker-kings-or-better"])
def test_every_exported_line_is_rendered_from_its_parts(slug):
    """Every line of every level: its parts, read back from the export, render its text and
    notation exactly; its hold and notes are its text's own words; and its marks fall on the
    symbols its key lists."""
    from generator.export.cache import export
    from generator.solve.paytable import load_paytable
    from generator.site.symbols import key_for
    from generator.core.line_parts import used

    data = export(load_paytable(CONTENT / "paytables" / f"{slug}.toml"))[0].to_json()
    for name, level in data["strategy"]["levels"].items():
        for line in level["lines"]:
            parts = parts_from_json(line["parts"])
            where = (slug, name, line["number"])
            assert (text(parts), notation(parts)) == (line["text"], line["notation"]), where
            hold = text(holding(parts))
            assert line["text"].startswith(hold.partition(": ")[0]), where
            for note in notes(parts):
                assert note in line["text"], where
            written, marks = marked(parts)
            keyed = {symbol for symbol, _ in key_for([used(parts, "notation")],
                                                     data["rules"]["wild"])}
            keyed |= {part for symbol in keyed for part in symbol.split(", ")}
            for start, end, symbol, _ in marks:
                assert written[start:end] == symbol or symbol in written[start:end], where
                assert symbol in keyed, (where, symbol)
