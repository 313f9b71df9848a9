"""Every command's options fuzzed (hypothesis, issue 55): for any input, a command either
succeeds with figures that keep their invariants, or exits 2 with one line
`vpcharts: error: ...` naming the option, its value and what was expected; never a traceback,
never an internal error, never exit 0 with a figure out of its range.

The commands run in-process (`generator.cli.main`) on pay tables already solved, so that
thousands of cases cost seconds; the session figures go through `bankroll.report.report_text`
with the level solved once. Profiles: tests/fuzz.py (CI's sample by default;
VPCHARTS_FUZZ=full for the full run).
"""

import contextlib
import functools
import io
import re
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import example, given, strategies as st

from generator.cli import main
from tests.fuzz import fuzz

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
SLUGS = ("9-6-jacks-or-better", "joker-poker-kings-or-better")

# Hostile and borderline texts that random generation finds only rarely.
NASTY = ["", " ", "0", "-0", "-1", "1e308", "1e3", "nan", "inf", "-inf", "1_000", "0x10", " 5",
         "5 ", "+5", "1.5", "1/2", "2.", ".5", "٣", "²", "\x00", "\n", "<script>alert(1)</script>",
         "'\"", "9" * 5000, "99999999999999999999", "18446744073709551616", "4294967296",
         "4294967295", "100000", "100001", "1000000", "1000000.01", "100", "101", "65535",
         "65536", "NaN", "0.0", "00001", "1" * 31, "-" * 3, "--help"]
values = st.one_of(st.sampled_from(NASTY), st.integers(-10 ** 25, 10 ** 25).map(str),
                   st.floats(allow_nan=True, allow_infinity=True).map(repr),
                   st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str),
                   st.text(max_size=40))


def run(argv) -> tuple[int, str, str]:
    """main(argv) in-process: (exit status, stdout, stderr); argparse's refusals included."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(a) for a in argv])
        except SystemExit as exit_:
            code = exit_.code
    return code, out.getvalue(), err.getvalue()


def assert_refused(code, out, err, *names):
    """Exit 2, nothing on stdout, one line `vpcharts: error: ...` naming each of `names`."""
    assert code == 2, (code, err[:300])
    assert out == "" and err.count("\n") == 1 and err.startswith("vpcharts: error: "), err[:300]
    assert "internal error" not in err and "Traceback" not in err and len(err) < 1000, err[:300]
    for name in names:
        assert name in err, (name, err[:300])


def value_shown(value: str) -> str:
    """How a refused value appears in the line: its repr, at least its start."""
    return repr(value)[:20]


# Every option with a value, the command words before it and what it takes: (low, high) for a
# whole number, a tuple of choices, or "bets" (a number of bets above 0, at most 1,000,000).
OPTIONS = {
    ("bankroll", SLUGS[0]): {"--rounds": (1, 100_000), "--hands": (1, 100), "--bankroll": "bets",
                             "--level": ("exact", "card", "simple")},
    ("strategy", SLUGS[0]): {"--level": ("exact", "card", "simple")},
    ("chinese", "train"): {"--rounds": (1, 1000), "--samples": (1, 10_000_000),
                           "--seed": (0, 2 ** 32 - 1), "--removal": (0, 1000),
                           "--skip": (0, 1000), "--joint": (0, 100_000), "--front-scale": (0, 100),
                           "--respond": (0, 100_000), "--hand-removal": ("0", "1"),
                           "--held-cards": (0, 10_000_000)},
    ("chinese", "set", "As"): {"--top": (1, 100)},
    ("chinese", "evaluate"): {"--pairs": (1, 10_000_000), "--pool": (1, 10_000_000),
                              "--seed": (0, 2 ** 32 - 1)},
    ("ultimate-x", "8-6-jacks-or-better"): {"--lines": ("1", "3", "5", "10"),
                                            "--simulate": (100, 1_000_000_000),
                                            "--seed": (0, 2 ** 32 - 1)},
    ("serve",): {"--port": (0, 65535)},
    ("bench",): {"--repeat": (1, 1000)},
}
CHOICES = [(words, option, kind) for words, options in OPTIONS.items()
           for option, kind in options.items()]


def accepted(kind, value: str) -> bool:
    """Whether the documented limits take `value` (the oracle: plain and separate from
    generator/core/options.py's regular expressions)."""
    if isinstance(kind, tuple) and isinstance(kind[0], str):
        return value in kind
    if kind == "bets":
        if not value or len(value) > 60 or not all(c in "0123456789." for c in value) \
                or value.count(".") > 1 \
                or value.startswith(".") or value.endswith("."):
            return False
        return 0 < Fraction(value) <= 1_000_000
    low, high = kind
    return value != "" and all(c in "0123456789" for c in value) and len(value) < 32 \
        and low <= int(value) <= high


@fuzz(full=4000, ci=150)
@given(choice=st.sampled_from(CHOICES), value=values)
@example(choice=CHOICES[0], value="99999999999999999999")
@example(choice=CHOICES[0], value="--")  # (argparse took `--rounds=--` as an empty list)
@example(choice=CHOICES[2], value="1e308")
def test_every_options_value_is_taken_within_its_limits_or_refused_in_one_line(choice, value):
    """The parser alone (parser().parse_args): a value within the documented range parses to
    itself; anything else is one line naming the option and the value."""
    from generator.cli import parser

    words, option, kind = choice
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            args = parser().parse_args([*words, f"{option}={value}"])
            code = None
        except SystemExit as exit_:
            code = exit_.code
    if accepted(kind, value):
        assert code is None, err.getvalue()
        parsed = getattr(args, option[2:].replace("-", "_"))
        assert str(parsed) == value or parsed == (Fraction(value) if kind == "bets" else int(value))
    else:
        assert_refused(code, "", err.getvalue(), f"argument {option}: ", value_shown(value))
        assert "expected" in err.getvalue() or "invalid choice" in err.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def levels():
    """(slug, level) -> (name, Solution, holds, the export's level or None): each solved once."""
    from generator.pricing.prices import played_level as level_holds
    from generator.export.cache import export
    from generator.solve.paytable import find_paytable

    found = {}
    for slug in SLUGS:
        table = find_paytable(slug, CONTENT)
        data = export(table)[0].to_json()
        for level in ("exact", "card"):
            solution, holds = level_holds(table, level)
            shown = data["strategy"]["levels"][level] if level != "exact" else None
            found[slug, level] = (table, solution, holds, shown)
    return found


PERCENT = r"(-?[\d.]+)%"


def check_session_text(text: str, table, solution, shown, bankroll, rounds, hands):
    """The invariants of a report: the return between 0 and the largest pay and, for a level,
    the exact return minus its cost (cost >= 0); chances within [0, 100]%; percentiles ordered."""
    ret = Fraction(re.search(r"return " + PERCENT, text).group(1)) / 100
    top = max(Fraction(p) for p in solution.cats.pays)  # (in bets)
    assert 0 <= ret <= top
    exact = solution.expected_return
    if shown is not None:
        cost = Fraction(shown["cost"])
        assert cost >= 0 and Fraction(shown["return"]["exact"]) == exact - cost
        assert abs(ret - (exact - cost)) <= Fraction(1, 2 * 10 ** 8)  # (printed to 6 places)
    else:
        assert abs(ret - exact) <= Fraction(1, 2 * 10 ** 8)
    if bankroll is None:
        assert "chance" not in text
        return
    ruin = float(re.search(r"chance of losing the bankroll +" + PERCENT, text).group(1))
    ahead = float(re.search(r"chance of ending ahead +" + PERCENT, text).group(1))
    assert 0 <= ruin <= 100 and 0 <= ahead <= 100
    low, mid, high = (float(x.replace(",", "")) for x in re.search(
        r"percentile +([-+\d,]+) / ([-+\d,]+) / ([-+\d,]+) bets", text).groups())
    assert low <= mid <= high
    assert -rounds * hands <= low and high <= rounds * hands * float(top)  # a session's bounds
    if bankroll >= (rounds + 1) * hands:  # never under a stake: a round loses one at most
        assert ruin == 0
    assert f"from {float(bankroll):,.2f}".replace(",", "") in text.replace(",", "")


bankrolls = st.one_of(st.integers(1, 1_000_000).map(Fraction),
                      st.decimals(1, 10_000, places=2).map(lambda d: Fraction(str(d))))


@fuzz(full=2500, ci=25)
@given(slug=st.sampled_from(SLUGS), level=st.sampled_from(("exact", "card")),
       session=st.one_of(st.none(), st.tuples(bankrolls, st.integers(1, 3000))),
       hands=st.sampled_from((1, 1, 1, 3, 5, 10)))
@example(slug=SLUGS[0], level="exact", session=(Fraction(400), 100_000), hands=1)
@example(slug=SLUGS[0], level="exact", session=(Fraction(1_000_000), 100_000), hands=1)
@example(slug=SLUGS[0], level="card", session=(Fraction(10), 1), hands=10)
def test_every_session_the_limits_take_has_figures_in_range(levels, slug, level, session, hands):
    """bankroll's report for a level solved once: sessions of up to 3,000 rounds generated (a
    round costs milliseconds), the limits (100,000 rounds, 1,000,000 bets) as examples."""
    from generator.bankroll.report import report_text
    from generator.core.errors import VpchartsError

    table, solution, holds, shown = levels[slug, level]
    bankroll, rounds = session or (None, None)
    try:
        text = report_text(table.name, level, solution, holds, bankroll, rounds, hands)
    except VpchartsError as exc:  # only a bankroll under the round's stake
        assert bankroll is not None and bankroll < hands, exc
        assert str(exc).startswith(f"--bankroll {float(bankroll):g}: a round of {hands} hand")
        return
    check_session_text(text, table, solution, shown, bankroll, rounds, hands)


# A command line of a command, its pay table and any of its options: names drawn from the
# command's own, values from `values`, and some plain good ones.
good = st.sampled_from(["1", "3", "10", "40", "300", "2.5", "exact", "card", "simple"])
bankroll_argv = st.lists(st.tuples(st.sampled_from(["--bankroll", "--rounds", "--hands",
                                                    "--level", "--json", "--no-cache"]),
                                   st.one_of(good, values)), max_size=4)


@fuzz(full=400, ci=15)
@given(options=bankroll_argv)
@example(options=[("--bankroll", "-5"), ("--rounds", "100")])
@example(options=[("--bankroll", "400"), ("--rounds", "99999999999999999999")])
@example(options=[("--bankroll", "1e308"), ("--rounds", "10")])
@example(options=[("--bankroll", "-5")])
def test_the_bankroll_command_end_to_end(options):
    """The whole command (main): it prints a report whose figures keep their invariants, or
    refuses in one line naming an option it was given."""
    argv = ["--content", CONTENT, "bankroll", SLUGS[0]]
    for name, value in options:
        argv += [name] if name in ("--json", "--no-cache") else [f"{name}={value}"]
    rounds = [v for n, v in options if n == "--rounds"]
    if rounds and rounds[-1].isdigit() and int(rounds[-1]) > 3000:
        return  # (a valid long session: minutes for 10-play; the session test has the limits)
    code, out, err = run(argv)
    if code == 0:
        from generator.pricing.prices import played_level as level_holds
        from generator.export.cache import export
        from generator.solve.paytable import find_paytable

        level = dict(options).get("--level", "exact")
        table = find_paytable(SLUGS[0], CONTENT)
        solution, _ = level_holds(table, level)
        shown = export(table)[0].to_json()["strategy"]["levels"][level] if level != "exact" else None
        given_ = {n: v for n, v in options}
        bankroll = Fraction(given_["--bankroll"]) if "--bankroll" in given_ else None
        check_session_text(out, table, solution, shown, bankroll,
                           int(given_.get("--rounds", 0)), int(given_.get("--hands", 1)))
    else:
        assert_refused(code, out, err)
        assert re.search(r"--(bankroll|rounds|hands|level|json|no-cache)", err), err


@functools.cache
def top_pay(slug: str) -> Fraction:
    from generator.solve import cache
    from generator.solve.paytable import find_paytable

    return max(Fraction(p) for p in cache.solve(find_paytable(slug, CONTENT))[0].cats.pays)


cards = [r + s for r in "23456789TJQKA" for s in "cdhs"] + ["Jk", "X", "10h", "A♠", "k♥"]
hand_texts = st.one_of(values, st.lists(st.sampled_from(cards), min_size=0, max_size=7)
                       .map(" ".join), st.lists(st.sampled_from(cards), min_size=5, max_size=5,
                                                unique=True).map("".join))


@fuzz(full=3000, ci=80)
@given(slug=st.sampled_from(SLUGS), hand=hand_texts)
@example(slug=SLUGS[0], hand="As As As As As")
@example(slug=SLUGS[0], hand="As Ks Qs Js Jk")
@example(slug=SLUGS[1], hand="Jk X As Ks Qs")
def test_analyze_any_hand(slug, hand):
    """analyze: 32 holds best first, EVs between 0 and the largest pay, the best marked; or one
    line naming the hand."""
    code, out, err = run(["--content", CONTENT, "analyze", slug, "--", hand])  # ("--": a hand of "-x")
    if code != 0:
        assert_refused(code, out, err, "error: hand: ")
        return
    rows = [line for line in out.splitlines()[2:] if re.fullmatch(r"[* ] .*\s\d+(/\d+)?", line)]
    evs = [Fraction(line.split()[-1]) for line in rows]
    assert len(evs) == 32, out
    assert evs == sorted(evs, reverse=True) and 0 <= evs[-1] and evs[0] <= top_pay(slug)
    assert all(line.startswith("*") == (ev == evs[0]) for line, ev in zip(rows, evs))


thirteen = st.lists(st.sampled_from(cards[:52]), min_size=13, max_size=13, unique=True).map(" ".join)


@fuzz(full=600, ci=15)
@given(hand=st.one_of(thirteen, hand_texts, st.lists(st.sampled_from(cards), min_size=12,
                                                     max_size=14).map(" ".join)),
       top=st.one_of(st.integers(1, 100).map(str), values))
def test_chinese_set_any_hand(hand, top):
    """chinese set: at most --top splits, best first by E+ (0 to 3 rows won), each chance within
    [0, 100]%, E = 2 E+ - 4; or one line naming the hand or --top."""
    code, out, err = run(["--content", CONTENT, "chinese", "set", f"--top={top}", "--", hand])
    if code != 0:
        assert_refused(code, out, err)
        assert "--top" in err or "has " in err or "unknown card" in err or "repeats" in err \
            or "joker" in err, err
        return
    lines = [line for line in out.splitlines() if re.match(r" *\d+\. ", line)]
    assert 1 <= len(lines) <= int(top)
    e_plus = [float(re.search(r"E\+ (-?[\d.]+)", line).group(1)) for line in lines]
    assert e_plus == sorted(e_plus, reverse=True) and all(0 <= e <= 4 for e in e_plus)
    for line, ep in zip(lines, e_plus):
        back, middle, front = (float(p) / 100 for p in re.findall(r"([\d.]+)%\)", line))
        assert all(0 <= p <= 1 for p in (back, middle, front))
        # E+ = pf + pm + pb + pf pm + pf pb + pm pb - 2 pf pm pb (arranger.py), from the chances
        # printed to 2 places (so within 3 * 0.00005 * 3 or so)
        again = front + middle + back + front * middle + front * back + middle * back \
            - 2 * front * middle * back
        assert abs(again - ep) <= 0.0006, (line, again)
        assert abs(float(re.search(r" E ([-+]?[\d.]+)", line).group(1)) - (2 * ep - 4)) <= 0.00015


@pytest.fixture(scope="module")
def ux_game():
    from generator.ultimate_x.cli import find_game

    return find_game("8-6-jacks-or-better", 3, CONTENT)


@fuzz(full=1500, ci=60)
@given(text=st.one_of(values, st.lists(st.sampled_from(["1", "2", "3", "4", "7", "11", "12",
                                                         "12x", "5", "0", "²", "total=16"]),
                                       max_size=4).map(" ".join),
                      st.integers(-5, 60).map(lambda n: f"total={n}")))
def test_ultimate_x_multipliers_any_text(ux_game, text):
    """ultimate-x --multipliers (with --deal): a total the lines can show, from 3 to 36 for
    3 lines; or one line naming --multipliers and the text."""
    from generator.core.errors import VpchartsError
    from generator.ultimate_x.cli import parse_multipliers

    try:
        total = parse_multipliers(text, ux_game)
    except VpchartsError as exc:
        line = str(exc)
        assert line.startswith("--multipliers ") and "expected" in line and "\n" not in line
        assert len(line) < 400
        return
    assert ux_game.lines <= total <= ux_game.lines * max(ux_game.values)


@fuzz(full=1000, ci=40)
@given(spec=st.one_of(values, st.sampled_from(["9-6-jacks-or-better", "/", ".", "..",
                                               "content/paytables", "x.toml", "/dev/null",
                                               "a\x00b.toml", "/etc/passwd"])),
       command=st.sampled_from(["solve", "strategy", "bankroll", "analyze", "ultimate-x"]))
def test_any_pay_table_name(spec, command):
    """PAYTABLE: a slug, a path, or anything else: one line naming it (no command is run
    against a good slug here beyond reading it; the slow ones stop at a missing argument)."""
    argv = ["--content", CONTENT, command]
    if spec == "9-6-jacks-or-better" and command == "strategy":
        argv.append("--level=nope")
    argv += ["--", spec] + (["As Ks Qs Js 9d"] if command == "analyze" else [])
    code, out, err = run(argv)
    if code == 0:
        assert spec == "9-6-jacks-or-better" or Path(spec).suffix == ".toml", (spec, out[:100])
        return
    assert_refused(code, out, err)
