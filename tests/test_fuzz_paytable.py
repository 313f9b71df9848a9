"""Pay table files fuzzed through the loader (hypothesis, issue 55): for any file, `load_paytable`
returns a table, or raises a ContentError whose one line names the file and the field (or the
TOML's `line N`), shows the value and says what was expected; never another exception.

Files are written by hypothesis: shipped tables of every family with random pays (they load, and
their pays are the ones written), the same with one field damaged (a wrong type, a negative,
huge or fractional pay, an unknown family or category, a field left out, one too many), and
damaged text (a line of random characters, bytes that are not UTF-8). Profiles: tests/fuzz.py.
"""

import math
import tomllib
from fractions import Fraction
from pathlib import Path

from hypothesis import example, given, strategies as st

from generator.core.errors import ContentError
from generator.solve.paytable import load_paytable
from tests.fuzz import fuzz
from tests.test_fuzz_cli import assert_refused, run

PAYTABLES = Path(__file__).resolve().parents[1] / "content" / "paytables"
# One table of each family (and the natural one with [quads] rules).
BASES = ("9-6-jacks-or-better", "9-6-double-double-bonus", "full-pay-deuces-wild",
         "bonus-deuces-9-4-4", "deuces-and-joker-wild-12-9-6", "joker-poker-kings-or-better",
         "joker-poker-two-pair-or-better", "double-joker-9-5-4")
BASE = {slug: tomllib.loads((PAYTABLES / f"{slug}.toml").read_text(encoding="utf-8"))
        for slug in BASES}


def toml_string(text: str) -> str:
    """A TOML basic string: controls, quotes and backslashes escaped, the rest as it is (JSON's
    escapes would write a character past U+FFFF as two surrogates, which TOML refuses)."""
    return '"' + "".join(f"\\u{ord(c):04x}" if ord(c) < 0x20 or c in '"\\\x7f' else c
                         for c in text) + '"'


def toml_value(value) -> str:
    """A value as a TOML file writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{toml_string(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_text(data: dict) -> str:
    """A pay table as a file: its plain fields first, then [pays] and [quads] as tables."""
    lines = [f"{toml_string(k)} = {toml_value(v)}" for k, v in data.items()
             if not (k in ("pays", "quads") and isinstance(v, dict))]
    for section in ("pays", "quads"):
        if isinstance(data.get(section), dict):
            lines.append(f"[{section}]")
            lines += [f"{toml_string(k)} = {toml_value(v)}" for k, v in data[section].items()]
    return "\n".join(lines) + "\n"


# Pays a table takes: whole, decimal and fraction strings, small enough for any deck.
good_pays = st.one_of(st.integers(0, 5000), st.integers(0, 400).map(lambda n: n / 4),
                      st.tuples(st.integers(0, 20_000), st.integers(1, 5))
                      .map(lambda t: f"{t[0]}/{t[1]}"))
# And anything a hand-typed file may hold instead.
any_values = st.one_of(
    good_pays, st.integers(-10 ** 30, 10 ** 30), st.floats(), st.booleans(), st.text(max_size=30),
    st.sampled_from(["", "-1", "1/0", "4000/5", "2.5", "1e3", "nan", "inf", "٣", "<script>",
                     "9" * 400, "1/3", " 5 ", "0x10", "none", "jacks", "natural", "aces",
                     "4000 /\xa05", "\u2003 7", "٣/1"]),
    st.lists(st.integers(0, 9), max_size=3), st.dictionaries(st.text(max_size=5),
                                                             st.integers(), max_size=2))
FIELDS = ("name", "family", "jokers", "min_pair", "slug", "published_return", "source", "pays",
          "quads", "colour")


def with_pays(slug: str, pays: list) -> dict:
    data = {k: v for k, v in BASE[slug].items() if k not in ("published_return", "source")}
    data["pays"] = dict(zip(BASE[slug]["pays"], pays))
    return data


def loaded_or_refused(tmp_path, text: bytes | str, name="fuzzed.toml"):
    """load_paytable on the file: the table, or the ContentError's line checked; anything else
    fails the test by being raised."""
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    try:
        return load_paytable(path), None
    except ContentError as exc:
        line = str(exc)
        assert "\n" not in line and line.startswith(f"{path}: ") and "expected " in line, line
        assert len(line) < 1200, line[:300]
        return None, line


@fuzz(full=600, ci=25)
@given(slug=st.sampled_from(BASES), data=st.data())
def test_a_table_with_random_pays_loads_with_those_pays(tmp_path_factory, slug, data):
    pays = data.draw(st.lists(good_pays, min_size=len(BASE[slug]["pays"]),
                              max_size=len(BASE[slug]["pays"])))
    table, line = loaded_or_refused(tmp_path_factory.mktemp("t"), toml_text(with_pays(slug, pays)))
    if all(Fraction(str(p)) == 0 for p in pays) and "quads" not in BASE[slug]:
        assert table is None and "pays: expected at least one pay above zero" in line
        return
    assert table is not None, line
    written = {f"pays.{k}": Fraction(str(v)) for k, v in zip(BASE[slug]["pays"], pays)}
    loaded = {f"pays.{l.key}": l.pay for l in table.lines if not l.key.startswith("quads:")}
    assert loaded == written


@fuzz(full=2500, ci=60)
@given(slug=st.sampled_from(BASES), field=st.sampled_from(FIELDS), value=any_values,
       pay=st.booleans(), drop=st.booleans(), which=st.integers(0, 20))
@example(slug=BASES[0], field="family", value=["natural"], pay=False, drop=False, which=0)
@example(slug=BASES[0], field="min_pair", value=[1], pay=False, drop=False, which=0)
@example(slug=BASES[1], field="quads", value={"A": -1}, pay=False, drop=False, which=0)
@example(slug=BASES[0], field="pays", value=10 ** 30, pay=True, drop=False, which=0)
@example(slug=BASES[0], field="pays", value="9" * 5000, pay=True, drop=False, which=0)
def test_a_table_with_one_field_damaged_loads_or_names_it(tmp_path_factory, slug, field, value,
                                                          pay, drop, which):
    """One field of a shipped table changed (`pay`: one of its pays instead; `drop`: left out):
    loaded, or refused naming that field."""
    data = dict(BASE[slug])
    if pay:
        data["pays"] = dict(data["pays"])
        key = list(data["pays"])[which % len(data["pays"])]
        named = f"pays.{key}"
        if drop:
            del data["pays"][key]
        else:
            data["pays"][key] = value
    else:
        named = field
        if drop:
            data.pop(field, None)
        else:
            data[field] = value
    table, line = loaded_or_refused(tmp_path_factory.mktemp("t"), toml_text(data))
    if table is not None:
        return
    # The line names the field changed, or (a pays table now empty of pays, a source left
    # without its return) the one it left wrong.
    assert named in line or named.split(".")[0] in line or "source" in line or "min_pair" in line \
        or "pays" in line, (named, line)


@fuzz(full=1000, ci=30)
@given(slug=st.sampled_from(BASES), at=st.integers(0, 10 ** 6),
       junk=st.one_of(st.text(max_size=30), st.sampled_from(["[pays", "= 5", "pays = ",
                                                             '"\\x"', "[pays]", "a.b = 1 = 2",
                                                             "royal_flush = 800"])),
       raw=st.binary(max_size=8))
@example(slug=BASES[0], at=7, junk="straight = " + "9" * 5000, raw=b"")
def test_a_damaged_file_loads_or_names_its_line(tmp_path_factory, slug, at, junk, raw):
    """A line of junk inserted somewhere in a shipped table, and bytes that may not be UTF-8:
    loaded, or one line naming `line N` (or the field the junk made wrong, or the encoding)."""
    lines = (PAYTABLES / f"{slug}.toml").read_text(encoding="utf-8").splitlines()
    where = at % (len(lines) + 1)
    text = "\n".join(lines[:where] + [junk] + lines[where:]).encode("utf-8") + raw
    table, line = loaded_or_refused(tmp_path_factory.mktemp("t"), text)
    if table is None:
        assert "line " in line or "end of document" in line or "encoding" in line \
            or ": expected" in line, line


def test_the_solve_command_says_a_bad_pay_table_in_one_line_and_exits_2(tmp_path):
    data = with_pays(BASES[0], [800, 50, 25, 9, 6, 4, 3, 2, "-1"])
    path = tmp_path / "bad.toml"
    path.write_text(toml_text(data), encoding="utf-8")
    assert_refused(*run(["solve", path]), str(path), "pays.pair", "'-1'", "expected")
    path.write_text("name = \"x\"\n[pays\n", encoding="utf-8")
    assert_refused(*run(["solve", path]), str(path), "line 2", "expected valid TOML")
