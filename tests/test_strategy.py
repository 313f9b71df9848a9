"""Derived strategy tables: exact on every deal, checked three ways."""

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from generator.strategy import features as P
from generator.core.cards import format_hand, parse_hand
from generator.cli import main
from generator.export.cache import export
from generator.solve.paytable import load_paytable
from generator.solve.solver import hand_evs
from generator.strategy import ce_table, from_json, verify
from paper import table_a1

JOB = "9-6-jacks-or-better"
CONTENT = Path(__file__).resolve().parents[1] / "content"


def play(strategy, cards, family, min_pair):
    """The plain player: first line any hold meets; among its holds, the highest order key."""
    lines = [P.Line(line.conditions) for line in strategy.lines]
    described = [(P.describe(cards, m, family, min_pair), P.rank_key(cards, m, family), m)
                 for m in range(32)]
    for line in lines:
        fits = [(key, -m, m) for features, key, m in described
                if line.matches(features, strategy.rank_sets)]
        if fits:
            top = max(fits)[0]
            return [m for key, _, m in fits if key == top]
    raise AssertionError("no line applies")


@pytest.mark.slow
def test_9_6_jacks_or_better_is_exact_on_every_deal(solved, strategy_of):
    result = verify(solved(JOB), strategy_of(JOB))
    assert result["deals"] == 2_598_960
    assert result["misplays"] == 0 and result["cost"] == 0 and result["unmatched"] == 0
    assert sum(result["per_line"]) == 2_598_960


@pytest.mark.slow
@pytest.mark.parametrize("slug", [JOB, "full-pay-deuces-wild", "joker-poker-kings-or-better"])
def test_exported_tables_play_as_exported_on_every_deal(slug, solved, sample_exports):
    """The export (what the site, the card and the checker show), read back from its JSON and
    played on every deal of the deck: 2,598,960, or 2,869,685 with the joker. The export counts
    its misplays, cost and deals per line by suit class (`strategy.verify.class_check`); playing every
    deal must give the same figures, so the exact level is exact on every deal and the simple
    level costs exactly what the site prints. The checker's tests reuse this export."""
    data = export(load_paytable(CONTENT / "paytables" / f"{slug}.toml"))[0].to_json()
    table = data["strategy"]
    assert table is not None, data["strategy_error"]
    assert table["misplays"] == 0 and table["cost"] == "0"
    deals = 2_869_685 if slug.startswith("joker") else 2_598_960
    assert data["solution"]["deals"] == deals
    s = solved(slug)
    levels = table["levels"]
    exact = verify(s, from_json(s, levels["exact"]["lines"]))
    assert exact["deals"] == deals and exact["misplays"] == 0 and exact["cost"] == 0
    assert exact["per_line"] == [line["deals"] for line in levels["exact"]["lines"]]
    for name in ("card", "simple"):
        level = levels[name]
        played = verify(s, from_json(s, level["lines"]))
        assert played["cost"] == Fraction(level["cost"]), name
        assert played["misplays"] == level["misplays"], name
        assert played["per_line"] == [line["deals"] for line in level["lines"]], name
    assert Fraction(levels["simple"]["cost"]) > 0


@pytest.mark.slow
def test_plain_player_holds_an_optimal_hold_on_random_deals(solved, strategy_of):
    s, strategy = solved(JOB), strategy_of(JOB)
    rng = random.Random(3)
    for _ in range(1500):
        cards = rng.sample(range(52), 5)
        evs = hand_evs(s, cards)
        for mask in play(strategy, cards, "natural", 9):
            assert evs[mask] == max(evs), (cards, mask)


def play_json(lines, cards, family, min_pair, deal_text):
    """The exported table read plainly, as the checker reads it: the first line any hold meets,
    conditions by name ([feature, op, value]); among its holds, the first in the order of the
    line's choice rule (the higher cards where it states none)."""
    names = {name: i for i, name in enumerate(P.FEATURES)}

    def holds(condition, features):
        feature, op, value = condition
        x = features[names[feature]]
        if feature == "kind":
            x = P.KIND_NAMES[x]
        if feature == "deal":
            x = deal_text
        return {"==": lambda: x == value, ">=": lambda: x >= value, "<=": lambda: x <= value,
                "has": lambda: x >> value & 1 == 1, "lacks": lambda: x >> value & 1 == 0,
                "in": lambda: x in value}[op]()

    described = [(P.describe(cards, m, family, min_pair), P.rank_key(cards, m, family), m)
                 for m in range(32)]
    for line in lines:
        rule = P.CHOICES.index(line.get("choice") or "higher")
        fits = [(P.choice_key(rule, features, key), m) for features, key, m in described
                if all(holds(c, features) for c in line["conditions"])]
        if fits:
            top = max(key for key, _ in fits)
            return [m for key, m in fits if key == top]
    raise AssertionError("no line applies")


@pytest.mark.slow
@pytest.mark.parametrize("slug", [JOB, "full-pay-deuces-wild", "joker-poker-kings-or-better"])
def test_exported_table_read_plainly_holds_optimally_on_random_deals(slug, solved, sample_exports):
    """Random deals of each family, shuffled card order: the exported lines, read by a plain
    Python player, pick only holds the solver's exact EVs call optimal."""
    from generator.solve.solver import class_of

    table = load_paytable(CONTENT / "paytables" / f"{slug}.toml")
    data = export(table)[0].to_json()
    s = solved(slug)
    rng = random.Random(f"plain {slug}")
    deals = list(range(table.deck_size))
    for i in range(600):
        cards = rng.sample(deals, 5)
        rep = format_hand(s.deck.reps[class_of(s.deck, cards)[0]].tolist())
        if i < 5:  # deals a deal exception names must be played by it
            listed = [c for line in data["strategy"]["levels"]["exact"]["lines"]
                      for c in line["conditions"]
                      if c[0] == "deal"]
            if listed:
                rep_cards = parse_hand(listed[i % len(listed)][2][0], table.deck_size == 53)
                suits = rng.sample(range(4), 4)  # the same deal with its suits exchanged
                cards = rng.sample([c if c == 52 else c & ~3 | suits[c & 3] for c in rep_cards], 5)
                rep = format_hand(s.deck.reps[class_of(s.deck, cards)[0]].tolist())
        evs = hand_evs(s, cards)
        for mask in play_json(data["strategy"]["levels"]["exact"]["lines"], cards,
                              table.family.key,
                              table.min_pair, rep):
            assert evs[mask] == max(evs), (format_hand(cards), mask)


@pytest.mark.slow
def test_verification_can_fail(solved, strategy_of):
    """Drop the line that plays high pairs: the verifier must report misplays and their cost."""
    from dataclasses import replace

    strategy = strategy_of(JOB)
    pair_line = next(i for i, line in enumerate(strategy.lines) if line.text == "High Pair (J-A)")
    broken = replace(strategy, lines=strategy.lines[:pair_line] + strategy.lines[pair_line + 1:])
    result = verify(solved(JOB), broken)
    assert result["misplays"] > 0 and result["cost"] > 0


@pytest.mark.slow
def test_lines_carry_ce_numbers_deals_and_examples(strategy_of):
    strategy = strategy_of(JOB)
    assert sum(line.deals for line in strategy.lines) == 2_598_960
    assert strategy.lines[0].notation == "5RF" and strategy.lines[0].ce_numbers == (1,)
    assert strategy.lines[-1].text == "Discard everything"
    assert min(strategy.lines[-1].ce_numbers) == 388  # CE 388-1153 hold nothing
    for line in strategy.lines:
        if line.deals:
            assert line.examples and line.ce_high >= line.ce_low
    # Compactness, as the paper's hand-made table (38 lines, the longest 25 characters): at
    # most 38 lines, none over 40 characters of notation.
    assert len(strategy.lines) <= 38
    assert max(len(line.notation) for line in strategy.lines) <= 40


@pytest.mark.slow
def test_the_shorter_of_the_derivations_is_published(solved, strategy_of):
    """Derived once with thresholds on s, h, s+h and s+h-fp, once with s+h-fp-sp too: the
    published exact table is the one whose lines, each re-described (and those left needless
    gone), are fewer (9/6 Jacks or Better: the one with both scores, 37 lines against 38; 40
    with s, h and s+h alone), then with its long
    lines split, the needless lines gone again, pairs of lines said as one and long lists of rank
    sets halved."""
    from generator.strategy.build import OFFERS
    from generator.strategy.compact import compact
    from generator.strategy.derive import derive
    from generator.strategy.holds import hold_data, named
    from generator.strategy.levels import joined
    from generator.strategy.shortest import (halved, merged, split_long, tidy,
                                             without_needless)

    s = solved(JOB)
    data = hold_data(s)
    high = P.high_rank("natural", s.table.min_pair)
    tables = [without_needless(data, tidy(data, named(compact(data, derive(data, counts=counts))),
                                          "natural", counts))
              for counts in OFFERS["natural"]]
    assert len(tables[1]) < len(tables[0])  # (the choice matters here)
    counts = OFFERS["natural"][1]
    lines = without_needless(data, split_long(data, tables[1], "natural", high, counts))
    published = joined(data, halved(data, merged(data, lines, "natural", high, counts),
                                    "natural", high))
    table = strategy_of(JOB)
    assert [tuple((f, op, table.rank_sets[v] if op == P.OP_IN else v) for f, op, v in
                  line.conditions) for line in table.lines] == published
    assert any(c[0] in P.SCORES for line in published for c in line)


def test_ce_table_of_9_6_jacks_or_better(solved):
    rows = ce_table(solved(JOB))
    assert len(rows) == 1153
    assert rows[0]["value"] == 800 and rows[0]["deals"] == 4
    assert f"{float(rows[386]['value']):.6f}" == "0.428307"
    assert all(not row["held"].startswith("[") for row in rows[387:])  # nothing held
    assert all(row["held"].startswith("[") for row in rows[:387])
    assert sum(row["deals"] for row in rows) == 2_598_960
    for n, classes, deals, scaled, _ in table_a1():
        row = rows[n - 1]
        assert row["value"] == Fraction(scaled, 7_669_695) and row["deals"] == deals
        assert row["classes"] == classes == sum(row["by_size"].values())
        assert deals == 4 * row["by_size"][4] + 12 * row["by_size"][12] + 24 * row["by_size"][24]


def test_cli_ce_table(capsys, cache_folder, monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    assert main(["strategy", JOB, "--ce"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 + 1153 and "800.000000" in out[1]


@pytest.mark.slow
def test_cli_json_is_deterministic_and_machine_readable(capsys, cache_folder, monkeypatch):
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    assert main(["strategy", JOB, "--json"]) == 0
    first = capsys.readouterr().out
    data = json.loads(first)
    exact = data["levels"]["exact"]["lines"]
    assert exact[0]["conditions"][:3] == [["n", "==", 5], ["w", "==", 0], ["kind", "==", "RF"]]
    assert all(line["text"] and line["notation"] for line in exact)
    simple = data["levels"]["simple"]
    assert simple["printed"] <= 20 and Fraction(simple["cost"]) > 0
    assert [point["lines"] for point in data["curve"]] == list(
        range(data["levels"]["exact"]["printed"], 4, -1))
    assert main(["strategy", JOB, "--json"]) == 0
    assert capsys.readouterr().out == first
