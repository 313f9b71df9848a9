"""The command line, run in-process through main() and once as a real process."""

import json
import os
from fractions import Fraction
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def run(capsys, cache_folder, monkeypatch):
    monkeypatch.chdir(ROOT)

    def invoke(*argv):
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err
    return invoke


def test_solve_reports_return_ce_counts_and_final_hands(run):
    code, out, _ = run("solve", "9-6-jacks-or-better")
    assert code == 0
    assert "99.543904%" in out and "1653526326983/1661102543100" in out
    assert "1,153 distinct optimal EVs" in out and "387 of them hold" in out
    assert "19,933,230,517,200" in out and "Royal Flush" in out and "Solved in" in out


def test_solve_json(run):
    code, out, _ = run("solve", "full-pay-deuces-wild", "--json")
    data = json.loads(out)
    assert code == 0 and data["return"]["percent"].endswith("%")
    assert f"{float(Fraction(data['return']['exact'])) * 100:.4f}" == "100.7620"
    assert sum(row["combinations"] for row in data["final_hands"]) == data["total_combinations"]
    assert data["classes"] == 134_459 and sum(data["class_sizes"].values()) == 134_459
    assert {"ce_values", "ce_values_holding", "tied_deals", "variance", "seconds"} <= set(data)


def test_solve_by_path(run):
    code, out, _ = run("solve", "content/paytables/8-5-jacks-or-better.toml")
    assert code == 0 and "97.298" in out


def test_analyze_lists_all_32_holds_best_first_with_ties(run):
    code, out, _ = run("analyze", "9-6-jacks-or-better", "9c 9d 9h 9s 2c")
    lines = out.splitlines()
    assert code == 0 and len([l for l in lines if "25.000000" in l]) == 2
    assert lines[2].startswith("* 9c 9d 9h 9s 2c")  # the chosen hold: keep all five
    assert "2 holds tie" in out
    assert len(lines) == 2 + 32 + 1


def test_analyze_json_is_exact_and_names_the_deal_and_pay_table(run):
    code, out, _ = run("analyze", "9-6-jacks-or-better", "As Ks Qs Js 9d", "--json")
    data = json.loads(out)
    assert data["deal"] == "As Ks Qs Js 9d" and data["paytable"]["slug"] == "9-6-jacks-or-better"
    rows = data["holds"]
    assert len(rows) == 32 and rows[0]["ev"] == "872/47" and rows[0]["chosen"]
    assert rows[0]["held"] == "As Ks Qs Js" and rows[0]["ev_decimal"] == "18.553191"
    assert sorted(row["held"] for row in rows).count("") == 1  # discarding all five is a hold


@pytest.mark.parametrize("argv, message", [
    (("analyze", "9-6-jacks-or-better", "As As Kd Qc Jh"), "repeats As"),
    (("analyze", "9-6-jacks-or-better", "As Kd Qc Jh"), "has 4 cards"),
    (("analyze", "9-6-jacks-or-better", "As Kd Qc Jh Jk"), "without one"),
    (("solve", "no-such-table"), "PAYTABLE = 'no-such-table': expected a pay table slug"),
])
def test_bad_input_one_line_and_exit_2(run, argv, message):
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_bad_paytable_file(run, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nfamily = "natural"\nmin_pair = "jacks"\n[pays]\nroyal_flush = -1\n')
    code, _, err = run("solve", str(bad))
    assert code == 2 and "pays.royal_flush = -1" in err and str(bad) in err


def test_python_dash_m_runs_the_cli(cache_folder):
    result = subprocess.run([sys.executable, "-m", "generator", "analyze", "9-6-jacks-or-better",
                             "Jk As Ks Qs Js"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 2 and "without one" in result.stderr
    result = subprocess.run([sys.executable, "-m", "generator", "--help"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0 and "solve" in result.stdout


def test_the_real_entry_point_leaves_fast_without_losing_anything(cache_folder):
    """`python -m generator` ends with os._exit: what was printed (4 KB of JSON, still in
    stdout's buffer at the end) arrives whole, the exit status is main's, the cache is written."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    result = subprocess.run([sys.executable, "-m", "generator", "solve", "9-6-jacks-or-better",
                             "--json"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["return"]["exact"] == "1653526326983/1661102543100" and not data["cached"]
    assert len(list(cache_folder.glob("9-6-jacks-or-better-*.npz"))) == 1
    again = subprocess.run([sys.executable, "-m", "generator", "solve", "9-6-jacks-or-better",
                            "--json"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert again.returncode == 0 and json.loads(again.stdout)["cached"]
    result = subprocess.run([sys.executable, "-m", "generator", "solve", "no-such-table"],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.startswith("vpcharts: error: ")


def test_main_turns_the_collector_back_on_for_long_commands(run):
    """entry() starts with the collector off; only solve and analyze run without it."""
    import gc

    try:
        gc.disable()
        assert run("solve", "9-6-jacks-or-better")[0] == 0 and not gc.isenabled()
        assert run("strategy", "9-6-jacks-or-better", "--ce")[0] == 0 and gc.isenabled()
    finally:
        gc.enable()


def test_bench_strategy_times_every_pay_table_of_the_content(run, tmp_path, monkeypatch):
    """`vpcharts bench --strategy`: a figure per pay table in the folder, in file-name order,
    against 10 s (two small tables here; the 23 that ship take minutes). The pinning to one
    core is left out, so that the rest of the test process keeps both cores."""
    from generator.bench import solver as bench

    monkeypatch.setattr(bench, "_one_core", lambda: None)
    (tmp_path / "paytables").mkdir()
    for slug in ("9-6-jacks-or-better", "8-5-super-aces"):
        text = (ROOT / "content" / "paytables" / f"{slug}.toml").read_text()
        (tmp_path / "paytables" / f"{slug}.toml").write_text(text)
    page = tmp_path / "bench.md"
    code, out, _ = run("bench", "--strategy", "--content", str(tmp_path), "--markdown", str(page))
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("vpcharts bench --strategy: 2 pay tables")
    figures = [line.split() for line in lines[1:3]]
    assert [f[0] for f in figures] == ["8-5-super-aces", "9-6-jacks-or-better"]
    assert all(f[2:4] == ["s", "for"] and f[5] == "lines" for f in figures)
    assert "35 lines" in lines[2]  # 9/6 Jacks or Better's exact table
    assert lines[3].endswith("of 2 within 10 s") and lines[4] == f"wrote {page}"

    # --markdown: the same figures as a page, with the machine and the command that made it.
    text = page.read_text()
    assert " ".join(text.split()).startswith(
        f"# Benchmarks Written by `vpcharts bench --content {tmp_path} --strategy --markdown "
        f"{page}` on ")
    assert "## The machine" in text and "| load average at the start (1, 5, 15 min) |" in text
    assert "## Solve, process and memory" not in text  # --strategy: that part alone
    rows = [row.split(" | ") for row in text.splitlines() if row.startswith("| 8/5 Super Aces")
            or row.startswith("| 9/6 Jacks or Better")]
    assert [row[0] for row in rows] == ["| 8/5 Super Aces", "| 9/6 Jacks or Better"]
    assert rows[1][2] == "35" and rows[1][1].startswith(figures[1][1] + " s")  # as printed
    assert text.endswith("of 2 pay tables derive their exact table within 10 s.\n")


def test_bench_any_writes_a_section_of_the_page_that_the_solver_bench_keeps(tmp_path):
    """`vpcharts bench --any --markdown`: its figures are a section of docs/benchmarks.md,
    replaced on the next run (never repeated), and kept when `vpcharts bench --markdown`
    rewrites the rest of the page."""
    from generator.bench import any_page, solver

    page = tmp_path / "bench.md"
    page.write_text("# Benchmarks\n\nintro\n\n## Strategy, every pay table\n\n| rows |\n")
    row = {"game": "jacks-or-better", "levels": 8, "cold_return": 900.0, "cold_prices": 2100.0,
           "cold_chart": 12500.0, "cold_card": 20100.0, "warm_return": 400.0,
           "warm_prices": 900.0, "warm_chart": 11800.0, "warm_card": 19000.0, "memory_mb": 594.2,
           "lines": "29", "card_lines": "19", "over": True}

    def section(memory):
        return any_page.section_text([dict(row, memory_mb=memory)], "120.0", "vpcharts bench --any",
                                     "2026-12-06 04:00 UTC", (1.0, 0.5, 0.2), (1.5, 0.7, 0.3))

    any_page.write_section(page, section(594.2))
    text = page.read_text()
    assert text.startswith("# Benchmarks\n\nintro\n\n## Strategy, every pay table\n\n| rows |\n\n")
    assert text.endswith(section(594.2))
    assert ("| jacks-or-better | 8 | 0.90 s | 2.10 s | 12.50 s | 20.10 s | 0.40 s | 0.90 s | 11.80 s "
            "| 19.00 s | 594 MB (over) | 29 | 19 |") in text
    any_page.write_section(page, section(480.0))
    text = page.read_text()
    assert text.count(any_page.SECTION) == 1 and "480 MB (over)" in text and "594 MB" not in text
    assert solver.kept_any_section(page) == "\n" + section(480.0)
    page.write_text(text.replace("| rows |\n\n", "| rows |\n\n## Later\n\nmore\n\n", 1))
    assert solver.kept_any_section(page) == "\n" + section(480.0)


def test_bench_markdown_refuses_a_missing_folder_before_measuring(run, tmp_path):
    code, out, err = run("bench", "--markdown", str(tmp_path / "no" / "bench.md"))
    assert code == 1 and out == "" and str(tmp_path / "no") in err


@pytest.mark.slow
def test_bench_markdown_page_has_both_parts(run, tmp_path, monkeypatch):
    """`vpcharts bench --markdown`: the bench tables' solve, process and memory figures, then
    every pay table's strategy time, as a page (one run per figure, those tables alone in
    the content folder). Two quick natural tables stand in for the three the bench names: the
    page's layout is the same, and Joker Poker's derivation, twice, was a minute of CI."""
    from generator.bench import solver as bench

    monkeypatch.setattr(bench, "_one_core", lambda: None)
    monkeypatch.setattr(bench, "BENCH_TABLES", ("9-6-jacks-or-better", "8-5-super-aces"))
    (tmp_path / "paytables").mkdir()
    for slug in bench.BENCH_TABLES:
        text = (ROOT / "content" / "paytables" / f"{slug}.toml").read_text()
        (tmp_path / "paytables" / f"{slug}.toml").write_text(text)
    page = tmp_path / "bench.md"
    code, _, _ = run("bench", "--repeat", "1", "--content", str(tmp_path), "--markdown", str(page))
    text = page.read_text()
    assert code == 0 and f"`vpcharts bench --content {tmp_path} --repeat 1 --markdown {page}`" \
        in " ".join(text.split())
    solve = text.split("## Solve, process and memory")[1].split("## Strategy")[0]
    header = "| figure | target | 9/6 Jacks or Better | 8/5 Super Aces |"
    assert header in solve
    labels = [row.split(" | ")[0] for row in solve.splitlines() if row.startswith("| ")]
    assert labels[2:] == ["| solve", "| process", "| peak memory", "| process, empty cache",
                          "| exact strategy", "| levels and curve"]
    strategy = text.split("## Strategy, every pay table")[1]
    assert len([r for r in strategy.splitlines() if r.startswith("| ")]) == 2 + 2


def test_the_scaling_page_puts_a_one_table_build_beside_each_build():
    """docs/scaling.md's rows each carry the wall time of a one-table first build run just
    before (it moves with the machine's speed that hour), and the page names that table and
    the command that gives a reader their own."""
    from generator.bench.builds import BuildFigures, markdown_page
    from generator.bench.solver import Machine

    machine = Machine("2026-12-06 21:00 UTC", 2, "a CPU", (1.0, 1.0, 1.0), (2.0, 2.0, 2.0))
    rows = [BuildFigures(23, 380.4, 660.2, 2290.0, 14.7, 0.1, reference=41.6),
            BuildFigures(133, 2159.0, 3636.0, 7300.0, 80.0, 0.1, reference=55.2)]
    page = markdown_page(machine, "vpcharts bench --builds 23,133 --markdown", rows, [],
                         "10/5 Royal Aces Bonus")
    assert "| pay tables | wall s | CPU s | CPU s per table | peak MiB | site MiB " \
           "| one-table build, just before: wall s |" in page
    assert "| 23 | 380 | 660 | 28.7 | 2,290 | 14.7 | 42 |" in page
    assert "| 133 | 2,159 | 3,636 | 27.3 | 7,300 | 80.0 | 55 |" in page
    assert "10/5 Royal Aces Bonus alone" in " ".join(page.split())
    assert "`vpcharts bench --builds 1`" in page
