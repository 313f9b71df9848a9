"""The browser's JavaScript (static/js/) against what Python proved, run by `node --test`.

The Node tests in tests/js/ read checked-in fixtures (tests/js/fixtures/, written by
`python -m tests.make_js_fixtures`: hand text, sampled deals with their exact integer EVs and
hold features, a pay table's optimal holds on every suit class, Chinese Poker splits), so
`node --test tests/js/` runs every test on its own. Here each fixture is checked to hold exactly
what the command writes now (from fresh solves), so a change in the solver, the export or the
parser cannot leave the JS tested against stale answers; then node runs on the same files. A
failing Node run fails here with Node's output.

Without node on the PATH the node runs skip, unless VPCHARTS_REQUIRE_BROWSER=1 (CI sets it), which
turns a missing tool into a failure.
"""

import functools
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from generator.export.cache import export
from generator.solve.paytable import load_paytable
from tests import make_derive_fixtures as derive_fixtures
from tests import make_describe_fixtures as describe_fixtures
from tests import make_js_fixtures as fixtures
from tests import make_rank_words_fixtures as rank_words_fixtures
from tests import make_solver_fixtures as solver_fixtures
from tests import make_ux_fixtures as ux_fixtures
from tests.sample import sample_slugs

ROOT = Path(__file__).resolve().parents[1]
JS_TESTS = ROOT / "tests" / "js"
PAYTABLES = ROOT / "content" / "paytables"


def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("VPCHARTS_REQUIRE_BROWSER") == "1":
            pytest.fail("node is not installed (VPCHARTS_REQUIRE_BROWSER=1)")
        pytest.skip("node is not installed")
    return found


def run_node(paths: list[str], env: dict[str, str]) -> dict[str, int]:
    """`node --test` on `paths` (under tests/js/); fails with Node's output unless every test
    passes; returns the summary counts ("tests", "pass", "skipped", ...)."""
    result = subprocess.run([node(), "--test", *(str(JS_TESTS / p) for p in paths)], cwd=ROOT,
                            env={**os.environ, **env}, capture_output=True, text=True, timeout=3600)
    if result.returncode != 0:
        pytest.fail(f"node --test {' '.join(paths)} failed:\n{result.stdout}\n{result.stderr}")
    return {key: int(n) for key, n in re.findall(r"^# (\w+) (\d+)$", result.stdout, re.M)}


def js_test_count() -> int:
    """The number of test() calls the Node files make, counted from their text: each file's own
    tests, and the per-table ones once per fixture of that table."""
    count = 0
    for path in sorted(JS_TESTS.glob("*.test.mjs")):
        text = path.read_text(encoding="utf-8")
        loop = text.find("\nfor (const ")
        outside, inside = (text, "") if loop < 0 else (text[:loop], text[loop:])
        tables = {"ev.test.mjs": len(fixtures.EV_TABLES), "play.test.mjs": len(fixtures.PLAY_TABLES),
                  "ux.test.mjs": len(ux_fixtures.GAMES),
                  "progressive.test.mjs": len(fixtures.PROGRESSIVE_CASES),
                  "hold-names.test.mjs": len(fixtures.EV_TABLES),
                  "derive.test.mjs": len(derive_fixtures.CHECKED_IN),
                  "levels.test.mjs": len(derive_fixtures.CHECKED_IN),
                  "describe.test.mjs": len(describe_fixtures.CHECKED_IN)}
        count += outside.count("\ntest(") + inside.count("\n  test(") * tables.get(path.name, 0)
    return count


@functools.cache
def _solve_test_table(slug: str):
    from generator.solve.cache import solve_uncached

    return solve_uncached(load_paytable(fixtures.paytable_path(slug)))


@pytest.fixture(scope="session")
def solved_any(solved):
    """solved, and the EV tables read from tests/paytables (fixtures.TEST_TABLES)."""
    return lambda slug: _solve_test_table(slug) if slug in fixtures.TEST_TABLES else solved(slug)


@pytest.mark.parametrize("group", list(fixtures.groups()))
def test_checked_in_fixtures_are_what_the_command_writes_now(group, solved_any):
    """Each file in tests/js/fixtures/ equals what `python -m tests.make_js_fixtures` makes from
    fresh solves (gzip's own bytes aside: the uncompressed content is compared)."""
    for name, content in fixtures.groups()[group](solved_any).items():
        assert name in fixtures.file_names()
        path = fixtures.FOLDER / name
        assert path.exists(), f"{name} is missing: run python -m tests.make_js_fixtures"
        assert fixtures.read(path) == content, f"{name} is stale: run python -m tests.make_js_fixtures"


def test_ultimate_x_fixtures_are_what_the_command_writes_now():
    """tests/js/fixtures/ux-*.json.gz equal what `python -m tests.make_ux_fixtures` makes now."""
    for name, content in ux_fixtures.contents().items():
        path = fixtures.FOLDER / name
        assert path.exists() and fixtures.read(path) == content, \
            f"{name} is stale: run python -m tests.make_ux_fixtures"


def test_solver_fixture_is_what_the_command_writes_now(solved):
    """tests/js/fixtures/solver.json.gz (the browser solver's cases) equals what `python -m
    tests.make_solver_fixtures` writes now: the sample's solves and one random pay table of each
    game solved afresh."""
    from generator.solve.cache import solve_uncached

    content = solver_fixtures.content(solved, solve_uncached)
    path = fixtures.FOLDER / solver_fixtures.FILE_NAME
    assert fixtures.read(path) == content, "stale: run python -m tests.make_solver_fixtures"


def test_derive_fixture_is_what_the_command_writes_now():
    """tests/js/fixtures/derive.json.gz (the browser derivation's cases) equals what `python -m
    tests.make_derive_fixtures` writes now: the build's decision lists for its pay tables."""
    path = fixtures.FOLDER / derive_fixtures.FILE_NAME
    assert fixtures.read(path) == derive_fixtures.content(), \
        "stale: run python -m tests.make_derive_fixtures"


def test_describe_fixture_is_what_the_command_writes_now():
    """tests/js/fixtures/describe.json.gz (the browser's line words' cases) equals what `python -m
    tests.make_describe_fixtures` writes now: every level's lines of its pay tables, as the build
    words them (the levels read from the export cache, derived when it misses)."""
    # (each a table of the sample, whose build puts its export in the cache: any other, CI
    # derives here for half a minute or more)
    assert set(describe_fixtures.CHECKED_IN) <= set(sample_slugs())
    path = fixtures.FOLDER / describe_fixtures.FILE_NAME
    assert fixtures.read(path) == describe_fixtures.content(), \
        "stale: run python -m tests.make_describe_fixtures"


def test_rank_words_fixture_is_what_the_command_writes_now():
    """tests/js/fixtures/rank-words.json.gz equals what `python -m tests.make_rank_words_fixtures`
    writes now (Python's rank lists and phrases for the browser's)."""
    path = fixtures.FOLDER / rank_words_fixtures.FILE_NAME
    assert fixtures.read(path) == rank_words_fixtures.content(), \
        "stale: run python -m tests.make_rank_words_fixtures"


def test_describe_data_is_what_the_command_writes_now():
    """static/js/describe-data.js (each family's facts the browser's line words read) is what
    `python -m generator.strategy.describe_data` writes now."""
    from generator.strategy.describe_data import TARGET, js_text

    assert TARGET.read_text(encoding="utf-8") == js_text(), \
        "run python -m generator.strategy.describe_data"


def test_evaluator_holds_every_family_as_families_py_describes_it():
    """static/js/evaluator.js's FAMILIES block is what `python -m generator.solve.families`
    writes now (the browser's evaluator reads the families as data)."""
    from generator.solve.families import js_block

    text = (ROOT / "static" / "js" / "evaluator.js").read_text(encoding="utf-8")
    assert js_block() in text, "run python -m generator.solve.families"


# Every hand's fine code in node, one byte a hand in colex order (as evaluate.hand_codes).
_JS_HAND_CODES = """
require(process.argv[1] + "/static/js/cards.js");
require(process.argv[1] + "/static/js/evaluator.js");
const E = globalThis.vpcharts.evaluator;
const F = E.family(process.argv[2]);
const out = new Uint8Array(Number(process.argv[3]));
const c = [0, 0, 0, 0, 0];
let h = 0;
for (c[4] = 4; c[4] < F.deckSize; c[4]++) for (c[3] = 3; c[3] < c[4]; c[3]++)
  for (c[2] = 2; c[2] < c[3]; c[2]++) for (c[1] = 1; c[1] < c[2]; c[1]++)
    for (c[0] = 0; c[0] < c[1]; c[0]++) out[h++] = E.fineCode(F, c);
process.stdout.write(Buffer.from(out));
"""


@pytest.mark.parametrize("family", ["sevens", "sevens_joker", "one_eyed_jacks", "five_aces",
                                    "black_jack_bonus"])
def test_evaluator_codes_every_hand_of_the_new_families_as_python_does(family):
    """The browser's evaluator reads a family's deck and wild cards as data: for issue 53's
    families (no EV fixture yet: no strategy pages), its fine code of every hand is Python's."""
    from math import comb

    import numpy as np

    from generator.solve.codes import card_faces, rules
    from generator.solve.evaluate import hand_codes
    from generator.solve.families import FAMILIES

    fam = FAMILIES[family]
    total = comb(fam.deck_size, 5)
    run = subprocess.run([node(), "-e", _JS_HAND_CODES, str(ROOT), family, str(total)],
                         capture_output=True, check=True, timeout=300)
    js = np.frombuffer(run.stdout, np.uint8)
    assert np.array_equal(js, hand_codes(rules(fam), *card_faces(fam)))


_JS_SUIT_GROUPS = """
for (const m of ["cards", "evaluator", "rules-core"]) require(process.argv[1] + `/static/js/${m}.js`);
const { evaluator, rules } = globalThis.vpcharts;
const out = {};
for (const family of Object.keys(evaluator.FAMILIES)) {
  out[family] = rules.gameOf({ family, min_pair: null, deck_size: 52, pays: [], quads: [] }).group;
}
process.stdout.write(JSON.stringify(out));
"""


def test_the_browsers_suit_permutations_are_each_familys_suit_group():
    """rules-core.js works out a family's suit group from its cards (the checker's and the hold
    data's suit classes): the permutations that keep every wild kind and every kicker of named
    suits, as Family.suit_group (the one-eyed jacks, a black jack: four; else all 24)."""
    from generator.solve.families import FAMILIES

    run = subprocess.run([node(), "-e", _JS_SUIT_GROUPS, str(ROOT)], capture_output=True,
                         check=True, timeout=60)
    groups = json.loads(run.stdout)
    assert groups == {key: [list(p) for p in sorted(f.suit_group)] for key, f in FAMILIES.items()}


_JS_KICKER_WORDS = """
for (const m of ["cards", "evaluator", "rules-core", "rank-words", "describe-data", "describe"]) {
  require(process.argv[1] + `/static/js/${m}.js`);
}
const { kickerWords } = globalThis.vpcharts.describe;
const out = [];
for (const discarded of [false, true]) for (const count of [0, 1, 2]) {
  out.push(kickerWords("black_jack_bonus", discarded, count));
}
process.stdout.write(JSON.stringify(out));
"""


def test_the_browser_says_black_jacks_held_and_discarded_as_python_does():
    """kc and kcd (the black jacks held, discarded: features.py) in words and notation, here
    and in describe.js: "with a black jack", "kc"; "no black jack discarded", "no kcd"."""
    from generator.strategy.describe import kicker_words

    run = subprocess.run([node(), "-e", _JS_KICKER_WORDS, str(ROOT)], capture_output=True,
                         check=True, timeout=60)
    want = [list(kicker_words("black_jack_bonus", discarded, count))
            for discarded in (False, True) for count in (0, 1, 2)]
    assert json.loads(run.stdout) == want
    assert want[1] == ["with a black jack", "kc"] and want[3] == ["no black jack discarded",
                                                                   "no kcd"]


def test_fixtures_folder_holds_the_fixtures_alone_and_is_small():
    present = {path.name for path in fixtures.FOLDER.iterdir()}
    assert present == set(fixtures.file_names())
    # (2.25 MiB: 2 MiB until the derive fixture held the browser chart's printed rows too,
    # 19 kB of its three tables' rows, key and exception deals against the page's printing)
    assert sum(path.stat().st_size for path in fixtures.FOLDER.iterdir()) < 9 << 18


def test_node_runs_the_js_tests_on_the_checked_in_fixtures():
    """`node --test tests/js/`, every test but the every-class play and the browser solver's
    whole cases (the slow tests below run them), none skipped for want of a fixture."""
    counts = run_node([""], {"VPCHARTS_JS_QUICK": "1"})
    assert counts["tests"] == js_test_count() and counts["fail"] == 0
    assert counts["skipped"] == len(fixtures.PLAY_TABLES) + 1, counts  # the slow runs only
    assert counts["pass"] == counts["tests"] - counts["skipped"]


@pytest.mark.slow
def test_node_solves_every_checked_in_case_as_python_does():
    """The run the test above skips: the browser's solver (static/js/solver.js) on every case
    of the checked-in solver.json.gz, each answer Python's exactly."""
    counts = run_node(["solver.test.mjs"], {"VPCHARTS_JS_QUICK": "0"})
    assert counts["skipped"] == 0 and counts["fail"] == 0 and counts["pass"] == counts["tests"]


@pytest.mark.slow
def test_node_plays_the_checked_in_tables_on_every_class():
    """The every-class runs the test above skips: the JS rule engine playing the exported 9/6
    Jacks or Better table on all 134,459 suit classes, none skipped. With the test above, that is
    `node --test tests/js/` as a developer runs it, every test once (running the whole folder
    again here repeated a minute of CI)."""
    counts = run_node(["play.test.mjs"], {"VPCHARTS_JS_QUICK": "0"})
    assert counts["skipped"] == 0 and counts["pass"] == counts["tests"], counts
    assert counts["tests"] == 1 + 2 * len(fixtures.PLAY_TABLES), counts


@pytest.mark.slow
@pytest.mark.parametrize("slug", ["full-pay-deuces-wild", "joker-poker-two-pair-or-better",
                                  "double-joker-9-5-4"])
def test_js_plays_every_class_optimally(slug, solved, tmp_path, sample_exports):
    """The other families' tables, as the checked-in 9/6 Jacks or Better one (the newer families
    but Double Joker, the one with two jokers, are played by the command in the module docstring
    of tests/make_js_fixtures.py): the JS rule engine plays the exported table on every suit
    class (each a deal of it with its suits shuffled; each line's deals, its classes' sizes,
    summed to 2,598,960, 2,869,685 with the joker, 3,162,510 with two); each hold it may take
    (every hold tied on the order key within the applying line) has the best EV. Their
    fixtures go to a temporary folder (each optimal-hold file is about 0.5 MB)."""
    node()
    data = export(load_paytable(PAYTABLES / f"{slug}.toml"))[0]
    if data.strategy is None:
        pytest.skip(f"{slug} has no strategy table yet: {data.strategy_error}")
    for name, content in fixtures.play_files(slug, solved, data).items():
        fixtures.write(tmp_path / name, content)
    counts = run_node(["play.test.mjs"], {"VPCHARTS_PLAY_FIXTURE": str(tmp_path),
                                          "VPCHARTS_JS_QUICK": "0"})
    assert counts["pass"] == 3 and counts["skipped"] == 0, counts
