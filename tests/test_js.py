"""The browser's JavaScript (static/js/) against what Python proved, run by `node --test`.

Python writes language-neutral fixtures into a tmp dir (the pay table's export, every suit class's
representative and optimal holds, sampled deals with their exact integer EVs, hold features and
parsed hand text); the Node tests in tests/js/ read them from the paths in environment variables.
A failing Node run fails here with Node's output.

Without node on the PATH these tests skip, unless VPCHARTS_REQUIRE_BROWSER=1 (CI sets it), which
turns a missing tool into a failure.
"""

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from generator.strategy import features as P
from generator.cards import format_hand, parse_hand
from generator.errors import CardError
from generator.export import dumps, export, rules
from generator.paytable import load_paytable
from generator.solver import class_of

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


def run_node(test_file: str, env: dict[str, str]) -> None:
    result = subprocess.run([node(), "--test", str(JS_TESTS / test_file)], cwd=ROOT,
                            env={**os.environ, **env}, capture_output=True, text=True, timeout=1800)
    if result.returncode != 0:
        pytest.fail(f"node --test {test_file} failed:\n{result.stdout}\n{result.stderr}")


def random_deal(rng: random.Random, deck_size: int) -> list[int]:
    return rng.sample(range(deck_size), 5)  # in random order: the JS must not assume sorted cards


@pytest.mark.slow
@pytest.mark.parametrize("slug", ["9-6-jacks-or-better", "full-pay-deuces-wild",
                                  "joker-poker-two-pair-or-better"])
def test_js_plays_every_deal_optimally(slug, solved, tmp_path):
    """The JS rule engine plays the exported table on every deal (2,598,960; 2,869,685 with the
    joker); each hold it may take
    (every hold tied on the order key within the applying line) has the best EV."""
    node()
    data, _ = export(load_paytable(PAYTABLES / f"{slug}.toml"))
    if data["strategy"] is None:
        pytest.skip(f"{slug} has no strategy table yet: {data['strategy_error']}")
    solution = solved(slug)
    evs = solution.evs
    optimal = evs == solution.best_ev[:, None]
    bits = (optimal * (1 << np.arange(32, dtype=np.uint64))).sum(axis=1).astype("<u4")
    (tmp_path / "export.json").write_text(dumps(data), encoding="utf-8")
    solution.deck.reps.astype(np.uint8).tofile(tmp_path / "reps.bin")
    bits.tofile(tmp_path / "optimal.bin")
    # The JS maps each deal to its class by relabelling suits; check that mapping against Python's.
    rng = random.Random(f"classes {slug}")
    samples = []
    for _ in range(2000):
        cards = random_deal(rng, solution.deck.n_cards)
        index, position = class_of(solution.deck, cards)
        samples.append({"cards": cards, "class": index, "position": position})
    (tmp_path / "classes.json").write_text(json.dumps(samples), encoding="utf-8")
    run_node("play.test.mjs", {"VPCHARTS_PLAY_FIXTURE": str(tmp_path)})


EV_TABLES = ["9-6-jacks-or-better", "9-6-double-double-bonus", "full-pay-deuces-wild",
             "joker-poker-kings-or-better"]


@pytest.mark.parametrize("slug", EV_TABLES)
def test_js_evs_match_python_exactly(slug, solved, tmp_path):
    """1,000 random deals: the JS EV engine's 32 integers equal Solution.deal_evs; the hold
    features and order keys equal features.describe / rank_key on 200 of them."""
    node()
    table = load_paytable(PAYTABLES / f"{slug}.toml")
    solution = solved(slug)
    min_pair = table.min_pair
    rng = random.Random(f"evs {slug}")
    deals = []
    for i in range(1000):
        cards = random_deal(rng, table.deck_size)
        deal = {"cards": cards, "evs": [str(ev) for ev in solution.deal_evs(cards)]}
        if i < 200:
            deal["features"] = [list(P.describe(cards, m, table.family.key, min_pair))
                                for m in range(32)]
            deal["keys"] = [P.rank_key(cards, m, table.family.key) for m in range(32)]
            # The representative the export names deal exceptions by.
            deal["rep"] = format_hand(solution.deck.reps[class_of(solution.deck, cards)[0]].tolist())
        deals.append(deal)
    fixture = {"slug": slug, "rules": rules(table), "unit": str(solution.unit), "deals": deals}
    path = tmp_path / "evs.json"
    path.write_text(json.dumps(fixture), encoding="utf-8")
    run_node("ev.test.mjs", {"VPCHARTS_EV_FIXTURE": str(path)})


HAND_TEXTS = [
    "As Ks Qs Js 9d", "AsKsQsJs9d", "10h Jh Qh Kh Ah", "as ks qs js ts", "A♠ K♥ Q♦ J♣ 9♠",
    "A♤ K♡ Q♢ J♧ 9s", "As, Ks, Qs, Js, 9d", "As Ks Qs Js Jk", "As Ks Qs Js X", "As Ks Qs Js",
    "As Ks Qs Js 9d 8d", "As As Qs Js 9d", "As Ks Qs Js 1d", "As Ks Qs Js Zz", "", "  ",
    "As Ks Qs Js <b>", "As Ks Qs Js 9x", "jk jk 2c 3c 4c", "2c 3c 4c 5c 6c", "Tc Jc Qc Kc 10c",
]


def test_js_parses_hand_text_as_the_cli_does(tmp_path):
    """The same text gives the same cards, or the same one-line error, in JS and in Python."""
    node()
    cases = []
    for text in HAND_TEXTS:
        for joker in (False, True):
            try:
                cases.append({"text": text, "joker": joker, "cards": parse_hand(text, joker)})
            except CardError as exc:
                cases.append({"text": text, "joker": joker, "error": str(exc)})
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(cases, ensure_ascii=False), encoding="utf-8")
    run_node("cards.test.mjs", {"VPCHARTS_HANDS_FIXTURE": str(path)})
