"""A table of malformed pay tables, pages and hands, each run through the command line: every one
must end with exactly one line on stderr that names the file (or the hand) and the field, no
traceback, and exit status 2. Nothing here solves anything: validation comes first."""

import re
from pathlib import Path

import pytest

from generator.cli import main

GOOD = """name = "9/6 Jacks or Better"
family = "natural"
min_pair = "jacks"

[pays]
royal_flush = 800
straight_flush = 50
four_of_a_kind = 25
full_house = 9
flush = 6
straight = 4
three_of_a_kind = 3
two_pair = 2
pair = 1
"""

DEUCES = """name = "Deuces"
family = "deuces"

[pays]
natural_royal = 800
four_deuces = 200
wild_royal = 25
five_of_a_kind = 15
straight_flush = 9
four_of_a_kind = 5
full_house = 3
flush = 2
straight = 2
three_of_a_kind = 1
"""

JOKER = """name = "Joker"
family = "joker"
min_pair = "kings"

[pays]
natural_royal = 800
five_of_a_kind = 200
wild_royal = 100
straight_flush = 50
four_of_a_kind = 20
full_house = 7
flush = 5
straight = 3
three_of_a_kind = 2
two_pair = 1
pair = 1
"""


def pays(text: str, key: str, value: str) -> str:
    """GOOD with one pay line's value replaced."""
    out, n = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value}", text)
    assert n == 1, key
    return out


def top(text: str, key: str, value: str | None) -> str:
    """GOOD with a top-level field replaced (None: removed)."""
    line = "" if value is None else f"{key} = {value}"
    out, n = re.subn(rf"(?m)^{key} = .*$", line, text)
    assert n == 1, key
    return out


ALL_ZERO = re.sub(r"(?m)^(\w+) = \d+$", r"\1 = 0", GOOD)
QUADS = GOOD + '\n[quads]\n'

# (case id, file text (str or bytes), what the line must name besides the file)
PAYTABLES = [
    ("name missing", top(GOOD, "name", None), "name"),
    ("name empty", top(GOOD, "name", '""'), "name"),
    ("name a number", top(GOOD, "name", "5"), "name"),
    ("name 10 MB", top(GOOD, "name", '"' + "x" * 10_000_000 + '"'), "name"),
    ("name with a line break", top(GOOD, "name", '"a\\nb"'), "name"),
    ("family unknown", top(GOOD, "family", '"stud"'), "family"),
    ("family missing", top(GOOD, "family", None), "family"),
    ("min_pair sevens", top(GOOD, "min_pair", '"sevens"'), "min_pair"),
    ("min_pair missing", top(GOOD, "min_pair", None), "min_pair"),
    ("min_pair in deuces", 'min_pair = "jacks"\n' + DEUCES, "min_pair"),
    ("unknown field", "color = 1\n" + GOOD, "color"),
    ("coins 0", "coins = 0\n" + GOOD, "coins"),
    ("coins a word", 'coins = "six"\n' + GOOD, "coins"),
    ("coins 2.5", "coins = 2.5\n" + GOOD, "coins"),
    ("pays missing", GOOD.split("[pays]")[0], "pays"),
    ("pays not a table", GOOD.split("[pays]")[0] + "pays = 5\n", "pays"),
    ("royal pay missing", re.sub(r"(?m)^royal_flush = .*\n", "", GOOD), "pays.royal_flush"),
    ("unknown pay", GOOD + "five_aces = 3\n", "pays.five_aces"),
    ("negative pay", pays(GOOD, "flush", "-1"), "pays.flush"),
    ("pay a word", pays(GOOD, "flush", '"abc"'), "pays.flush"),
    ("pay a boolean", pays(GOOD, "flush", "true"), "pays.flush"),
    ("pay over zero", pays(GOOD, "flush", '"1/0"'), "pays.flush"),
    ("pay 1e30", pays(GOOD, "royal_flush", "1e30"), "pays.royal_flush"),
    ("pay nan", pays(GOOD, "flush", "nan"), "pays.flush"),
    ("pay inf", pays(GOOD, "flush", "inf"), "pays.flush"),
    ("pay an array", pays(GOOD, "flush", "[6]"), "pays.flush"),
    ("pay a table", pays(GOOD, "flush", "{ a = 6 }"), "pays.flush"),
    ("pay two dots", pays(GOOD, "flush", '"2.5.1"'), "pays.flush"),
    ("pay negative fraction", pays(GOOD, "flush", '"-6/1"'), "pays.flush"),
    ("pay one past the limit", pays(GOOD, "royal_flush", "25053614792"), "pays.royal_flush"),
    ("pay 10**30", pays(GOOD, "royal_flush", str(10 ** 30)), "pays.royal_flush"),
    ("pay of a huge fraction", pays(GOOD, "royal_flush", '"800/999999999999999989"'),
     "pays.royal_flush"),
    ("three decimals with a royal of 25.1 million",
     pays(pays(GOOD, "flush", "6.001"), "royal_flush", "25100000"), "pays.flush"),
    ("a return past the sums over every deal (found by the solve)",
     pays(pays(GOOD, "flush", "6.001"), "royal_flush", "6000000"), "pays.royal_flush"),
    ("joker royal over its deck's limit", pays(JOKER, "natural_royal", "22443863252"),
     "pays.natural_royal"),
    ("every pay zero", ALL_ZERO, "pays"),
    ("quads in deuces", DEUCES + '\n[quads]\n"A" = 80\n', "quads"),
    ("quad rank unknown", QUADS + '"Z" = 80\n', "quads.Z"),
    ("quad rule with no kicker", QUADS + '"A with" = 80\n', "quads"),
    ("quad rule reversed range", QUADS + '"K-2" = 80\n', "quads.K-2"),
    ("quad rules overlapping", QUADS + '"A" = 80\n"A,K" = 40\n', "quads.A,K"),
    ("quad pay negative", QUADS + '"A" = -80\n', "quads.A"),
    ("slug with spaces", 'slug = "Bad Slug"\n' + GOOD, "slug"),
    ("slug of 200 characters", f'slug = "{"a" * 200}"\n' + GOOD, "slug"),
    ("slug with a double hyphen", 'slug = "a--b"\n' + GOOD, "slug"),
    ("TOML syntax", "name = \n", "line 1"),
    ("TOML repeated key", GOOD + "flush = 7\n", "line 15"),
    ("TOML unterminated string", 'name = "abc', "end of document"),
    ("not UTF-8", GOOD.encode().replace(b"Jacks", b"J\xe4cks"), "encoding"),
    ("pair pay in deuces", DEUCES + "pair = 1\n", "pays.pair"),
    ("pair pay with min_pair none", top(JOKER, "min_pair", '"none"'), "pays.pair"),
    ("generic quads pay when every rank is covered", QUADS + '"2-A" = 80\n',
     "pays.four_of_a_kind"),
    ("published return unquoted (its digits lost)", 'published_return = 98.10\nsource = "x"\n'
     + GOOD, "published_return"),
    ("published return in words", 'published_return = "about 99.5%"\nsource = "x"\n' + GOOD,
     "published_return"),
    ("published return without a source", 'published_return = "99.5439%"\n' + GOOD, "source"),
    ("a source without a published return", 'source = "Wizard of Odds"\n' + GOOD, "source"),
]


@pytest.fixture
def run(capsys, cache_folder):
    def invoke(*argv):
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err
    return invoke


def assert_one_line(code, err, *needles, status=2):
    assert code == status, err
    assert err.count("\n") == 1 and err.startswith("vpcharts: error: "), err
    assert "Traceback" not in err and len(err) < 1000, err[:300]
    for needle in needles:
        assert needle in err, (needle, err)


@pytest.mark.parametrize("case, text, field", PAYTABLES, ids=[c[0] for c in PAYTABLES])
def test_malformed_pay_table(run, tmp_path, case, text, field):
    path = tmp_path / "table.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    code, out, err = run("solve", path)
    assert out == ""
    assert_one_line(code, err, str(path), field)


# Markdown pages: the build reads and checks every page before any slow work.
PAGES = [
    ("no front matter", "about.md", "# About\n", "front matter"),
    ("unknown front-matter field", "about.md", "---\ntitle: A\nauthor: me\n---\nx\n",
     "front matter"),
    ("order not an integer", "about.md", "---\ntitle: A\norder: first\n---\nx\n", "order"),
    ("title empty", "about.md", "---\ntitle:\n---\nx\n", "title"),
    ("title missing", "about.md", "---\norder: 1\n---\nx\n", "title"),
    ("title twice", "about.md", "---\ntitle: A\ntitle: B\n---\nx\n", "title"),
    ("no closing line", "about.md", "---\ntitle: A\n", "front matter"),
    ("javascript link", "about.md", "---\ntitle: A\n---\n[x](javascript:alert(1))\n", "link"),
    ("absolute link", "about.md", "---\ntitle: A\n---\n[x](/etc/passwd)\n", "link"),
    ("protocol-relative image", "about.md", "---\ntitle: A\n---\n![x](//evil.example/x.png)\n",
     "link"),
    ("upper-case file name", "About.md", "---\ntitle: A\n---\nx\n", "file name"),
    ("page named index", "index.md", "---\ntitle: A\n---\nx\n", "file name"),
    ("page named like a pay table", "table.md", "---\ntitle: A\n---\nx\n", "file name"),
    ("not UTF-8", "about.md", b"---\ntitle: \xff\n---\nx\n", "encoding"),
]


@pytest.mark.parametrize("case, name, text, field", PAGES, ids=[c[0] for c in PAGES])
def test_malformed_page(run, tmp_path, case, name, text, field):
    content = tmp_path / "content"
    (content / "paytables").mkdir(parents=True)
    (content / "pages").mkdir()
    (content / "paytables" / "table.toml").write_text(GOOD, encoding="utf-8")
    path = content / "pages" / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    out_dir = tmp_path / "site"
    code, out, err = run("build", "--content", content, "--out", out_dir)
    assert_one_line(code, err, str(path), field)
    assert not out_dir.exists() and list(tmp_path.glob("site.tmp-*")) == []


HANDS = [
    ("repeated card", "As As Kd Qc Jh", "repeats As"),
    ("four cards", "As Kd Qc Jh", "has 4 cards"),
    ("six cards", "As Kd Qc Jh Th 9h", "has 6 cards"),
    ("no cards", "", "has 0 cards"),
    ("unknown rank", "Zs Kd Qc Jh Tc", "unknown card 'Zs'"),
    ("unknown suit", "As Kx Qc Jh Tc", "unknown card 'Kx'"),
    ("rank 11", "As Ks Qs Js 11d", "unknown card"),
    ("rank 1", "1s 2s 3s 4s 5s", "unknown card '1s'"),
    ("joker in a natural game", "As Kd Qc Jh Jk", "has a joker"),
    ("X for a joker in a natural game", "X Kd Qc Jh Tc", "has a joker"),
    ("commas, four cards", "As,Ks,Qs,Js", "has 4 cards"),
    ("markup", "<img src=x onerror=alert(1)>", "unknown card '<im'"),
    ("99 KB of cards", "As " * 33_000, "characters)"),
    ("a lone suit symbol", "♠ Kd Qc Jh Tc", "unknown card"),
]


@pytest.mark.parametrize("case, hand, needle", HANDS, ids=[c[0] for c in HANDS])
def test_malformed_hand(run, case, hand, needle):
    root = Path(__file__).resolve().parents[1]
    code, out, err = run("--content", root / "content", "analyze", "9-6-jacks-or-better", hand)
    assert out == ""
    assert_one_line(code, err, "error: hand: ", needle)


def test_the_table_has_at_least_sixty_cases():
    assert len(PAYTABLES) + len(PAGES) + len(HANDS) + len(ARGUMENTS) >= 60


# The command line itself: arguments, not files.
ARGUMENTS = [
    ("a 100,000-character slug", ["solve", "x" * 100_000], ("PAYTABLE = 'xxx", "characters)",)),
    ("an empty slug", ["solve", ""], ("PAYTABLE = ''",)),
    ("an unknown slug", ["solve", "no-such-table"], ("PAYTABLE = 'no-such-table'",)),
    ("a folder for a pay table", ["solve", "/"], ("not a folder",)),
    ("no hand", ["analyze", "9-6-jacks-or-better"], ("required: hand",)),
    ("repeat -1", ["bench", "--repeat", "-1"], ("--repeat: '-1'",)),
    ("port a word", ["serve", "--port", "http"], ("--port: 'http'",)),
    ("port 99999", ["serve", "--port", "99999"], ("--port: '99999'",)),
    ("an unknown command", ["publish"], ("invalid choice: 'publish'",)),
    ("an unknown option", ["solve", "9-6-jacks-or-better", "--fast"], ("--fast",)),
    # issue 55's first minute of looking: each exited 0 with a figure, or as an internal error
    ("a negative bankroll", ["bankroll", "9-6-jacks-or-better", "--bankroll", "-5", "--rounds",
                             "100"], ("argument --bankroll: '-5': expected", "1,000,000")),
    ("a bankroll without rounds", ["bankroll", "9-6-jacks-or-better", "--bankroll", "-5"],
     ("--bankroll",)),
    ("a bankroll without rounds, positive", ["bankroll", "9-6-jacks-or-better", "--bankroll",
                                             "400"], ("--bankroll 400: a session needs --rounds",)),
    ("10**20 rounds", ["bankroll", "9-6-jacks-or-better", "--bankroll", "400", "--rounds",
                       "99999999999999999999"],
     ("argument --rounds: '99999999999999999999': expected a whole number from 1 to 100,000",)),
    ("a bankroll of 1e308", ["bankroll", "9-6-jacks-or-better", "--bankroll", "1e308",
                             "--rounds", "10"], ("argument --bankroll: '1e308'", "1,000,000")),
    ("a bankroll under the stake", ["bankroll", "9-6-jacks-or-better", "--bankroll", "4",
                                    "--rounds", "10", "--hands", "5"],
     ("--bankroll 4: a round of 5 hands stakes 5 bets",)),
    ("101 hands a round", ["bankroll", "9-6-jacks-or-better", "--hands", "101"],
     ("argument --hands: '101': expected a whole number from 1 to 100",)),
    ("a negative seed", ["chinese", "train", "--seed", "-1"], ("--seed: '-1'", "4,294,967,295")),
    ("a negative --top", ["chinese", "set", "As", "--top", "-1"], ("--top: '-1'",)),
    ("a superscript multiplier", ["ultimate-x", "8-6-jacks-or-better", "--lines", "3", "--deal",
                                  "As Ks Qs Js 9d", "--multipliers", "\u00b2 1 1"],
     ("--multipliers '\u00b2 1 1'",)),
    ("a seed numpy refuses", ["ultimate-x", "8-6-jacks-or-better", "--simulate", "1000",
                              "--seed", "-3"], ("--seed: '-3'",)),
]


@pytest.mark.parametrize("case, argv, needles", ARGUMENTS, ids=[c[0] for c in ARGUMENTS])
def test_malformed_arguments(capsys, cache_folder, case, argv, needles):
    root = Path(__file__).resolve().parents[1]
    try:
        code = main(["--content", str(root / "content"), *argv])
    except SystemExit as exit_:  # argparse's own refusals
        code = exit_.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("vpcharts: error: "), err  # a command's options too: README's "Errors"
    assert len(err) < 1000
    for needle in needles:
        assert needle in err, err
