"""The "Any pay table" page's speed and memory in chromium: `vpcharts bench --any [GAME ...]`.

Builds a site of every catalogue pay table of the games named (by default the game with the most
pay tables, Deuces Wild, and one game of each deck: Jacks or Better, Joker Poker Kings or Better,
Double Joker Poker), serves it on localhost, and opens any.html for each game in a fresh Debian
chromium (Playwright, never a downloaded browser). It reads the page's own measures, taken from
the moment the pays last changed: "any-return" (the exact return shown), "any-prices" (every
card and simple level of the game priced), "any-chart" (the exact strategy derived, checked
on every suit class and shown: static/js/chart-worker.js) and "any-card" (its pocket card found
from it and shown). Once as the page opens (a first
solve: the counting passes and each level played on every class), then after typing a new
flush pay (the game's tables and the levels' holds kept). Peak memory is the largest peak
resident set (VmHWM) of chromium's renderer processes, which run the page and its workers.

Targets: the return within 3 s (goal 1 s), the prices within 5 s more (issue 38); the chart
within 10 s (goal 3 s), and at most 500 MB in all (issue 57; 300 MB before the page derived a
chart).

It also times the session calculator of 9/6 Jacks or Better's page ("bankroll-session": 400
bets, 10,000 hands, played by the card; static/js/bankroll-ui.js), three times: target 1 s; and
once each the multi-play sessions of MULTI_SESSIONS, reported without a target
(issue 39).
"""

import os
import re
import shutil
import tempfile
import time
from pathlib import Path

from ..site.view import game_id
from ..solve.paytable import load_paytables
from .browser import CHROMIUM, CHROMIUM_ARGS, serving

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_GAMES = ("deuces-wild", "jacks-or-better", "joker-poker-kings-or-better",
                 "double-joker-poker")
TARGETS = {"return": 3000.0, "prices_after_return": 5000.0, "chart": 10000.0, "card": 10000.0,
           "memory_mb": 500.0}
SESSION_TARGET = 1000.0  # ms for a 10,000-hand session on a pay table's page
SESSION_PAGE = "9-6-jacks-or-better"


def _renderer_peak_mb() -> float:
    """The largest VmHWM of chromium renderer processes now running, in MB."""
    peak = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            if b"--type=renderer" not in cmdline:
                continue
            status = (proc / "status").read_text()
        except OSError:
            continue
        found = re.search(r"VmHWM:\s+(\d+) kB", status)
        if found:
            peak = max(peak, int(found.group(1)))
    return peak / 1024


def build_games_site(out: Path, games: tuple[str, ...]) -> Path:
    """A site of every catalogue pay table of `games` (any.html's game ids), built from the cache."""
    from ..build import build_site  # (lazy: jinja2, markdown)

    content = out / "content"
    (content / "paytables").mkdir(parents=True)
    shutil.copy(ROOT / "content" / "site.toml", content / "site.toml")
    tables = load_paytables(ROOT / "content" / "paytables")
    for table in tables:
        # (the page's id of a game of several lowest pairs adds the pair: joker-poker-kings-...)
        index_id = game_id(table.game)
        if any(game == index_id or game.startswith(index_id + "-") for game in games):
            shutil.copy(table.source, content / "paytables")
    site = out / "site"
    build_site(content, site, use_cache=True, progress=lambda *_: None)
    return site


def _measures(page) -> dict[str, float]:
    entries = page.evaluate("performance.getEntriesByType('measure').map(m => [m.name, m.duration])")
    return dict(entries)


def _wait_for(page, name: str, count: int, timeout: float = 120.0) -> float:
    """The duration of the count-th measure `name` (not wait_for_function: the CSP forbids its eval)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = page.evaluate(f"performance.getEntriesByName({name!r}).map(m => m.duration)")
        if len(found) >= count:
            return found[count - 1]
        page.wait_for_timeout(20)
    raise TimeoutError(f"no {name} after {timeout:.0f} s")


def measure_game(browser_type, base: str, game: str) -> dict:
    browser = browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page()
        page.goto(f"{base}any.html#game={game}")
        cold_return = _wait_for(page, "any-return", 1)
        cold_prices = _wait_for(page, "any-prices", 1)
        levels = page.locator("#any-prices tbody tr").count()
        cold_chart = _wait_for(page, "any-chart", 1, timeout=600)
        lines = page.inner_text("#any-chart-head").rsplit(": ", 1)[-1].removesuffix(" lines")
        cold_card = _wait_for(page, "any-card", 1, timeout=600)
        card_lines = page.inner_text("#any-card-head").rsplit(": ", 1)[-1].removesuffix(" lines")
        flush = page.locator("#any-pay-fields input").nth(_flush_index(page))
        value = flush.input_value()
        flush.fill(str(int(float(value)) + 1) if value.replace(".", "", 1).isdigit() else "5")
        warm_return = _wait_for(page, "any-return", 2)
        warm_prices = _wait_for(page, "any-prices", 2)
        warm_chart = _wait_for(page, "any-chart", 2, timeout=600)
        warm_card = _wait_for(page, "any-card", 2, timeout=600)
        memory = _renderer_peak_mb()
        return {"game": game, "levels": levels, "cold_return": cold_return,
                "cold_prices": cold_prices, "warm_return": warm_return,
                "warm_prices": warm_prices, "cold_chart": cold_chart, "warm_chart": warm_chart,
                "cold_card": cold_card, "warm_card": warm_card, "lines": lines,
                "card_lines": card_lines, "memory_mb": memory}
    finally:
        browser.close()


def measure_session(browser_type, base: str, play: int = 1, bankroll: int = 400,
                    deals: int = 10_000, runs: int = 3) -> list[float]:
    """`runs` runs of the session calculator on SESSION_PAGE (ms each)."""
    browser = browser_type.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        page = browser.new_page()
        page.goto(f"{base}{SESSION_PAGE}.html")
        page.click("#session-box summary")
        page.select_option("#session-play", str(play))
        page.fill("#session-bankroll", str(bankroll))
        page.fill("#session-hands", str(deals))
        for run in range(1, runs + 1):
            page.click("#session-form button")
            _wait_for(page, "bankroll-session", run, timeout=600)
        return page.evaluate("performance.getEntriesByName('bankroll-session').map(m => m.duration)")
    finally:
        browser.close()


# Multi-play sessions (hands a deal, bankroll, deals): worked out in slices between repaints,
# reported without a target (docs/user-guide/07-bankroll.md gives the figures).
MULTI_SESSIONS = ((3, 400, 2_000), (10, 700, 1_000), (10, 2_000, 10_000))


def _flush_index(page) -> int:
    labels = page.locator("#any-pay-fields label").all_inner_texts()
    return next((i for i, label in enumerate(labels) if label.strip() == "Flush"), 0)


def run(games: tuple[str, ...] = DEFAULT_GAMES, markdown: Path | None = None,
        command: str = "vpcharts bench --any") -> int:
    """Measure and print; with `markdown`, also write the figures as that page's section
    SECTION (docs/benchmarks.md: replaced where it is, else added at the end)."""
    from playwright.sync_api import sync_playwright  # (lazy: playwright)

    worst = False
    rows = []
    load_start = os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        site = build_games_site(Path(tmp), games)
        with serving(site) as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            version = browser.version
            browser.close()
            print(f"Any pay table page: chromium {version}, {base}any.html", flush=True)
            print("game                              levels   return   prices    chart     card   return   prices    chart     card  peak    chart  card")
            print("                                          (first)  (first)  (first)  (first)  (typed)  (typed)  (typed)  (typed)  memory  lines  lines")
            for game in games:
                f = measure_game(p.chromium, base, game)
                f["over"] = (f["cold_return"] > TARGETS["return"]
                             or f["cold_prices"] - f["cold_return"] > TARGETS["prices_after_return"]
                             or max(f["cold_chart"], f["warm_chart"]) > TARGETS["chart"]
                             or max(f["cold_card"], f["warm_card"]) > TARGETS["card"]
                             or f["memory_mb"] > TARGETS["memory_mb"])
                worst |= f["over"]
                rows.append(f)
                print(f"{game:<33} {f['levels']:>6} {f['cold_return'] / 1000:>7.2f} s "
                      f"{f['cold_prices'] / 1000:>6.2f} s {f['cold_chart'] / 1000:>6.2f} s "
                      f"{f['cold_card'] / 1000:>6.2f} s "
                      f"{f['warm_return'] / 1000:>6.2f} s {f['warm_prices'] / 1000:>6.2f} s "
                      f"{f['warm_chart'] / 1000:>6.2f} s {f['warm_card'] / 1000:>6.2f} s "
                      f"{f['memory_mb']:>4.0f} MB {f['lines']:>6} {f['card_lines']:>5}"
                      f"{'  OVER' if f['over'] else ''}", flush=True)
            times = measure_session(p.chromium, base)
            worst |= max(times) > SESSION_TARGET
            print(f"session calculator, {SESSION_PAGE}: 10,000 hands from 400 bets in "
                  + ", ".join(f"{t / 1000:.2f}" for t in times) + f" s (target "
                  f"{SESSION_TARGET / 1000:.0f} s){'  OVER' if max(times) > SESSION_TARGET else ''}",
                  flush=True)
            for play, bankroll, deals in MULTI_SESSIONS:
                times = measure_session(p.chromium, base, play, bankroll, deals, runs=1)
                print(f"session calculator, {SESSION_PAGE}: {deals:,} deals of {play} hands from "
                      f"{bankroll:,} bets in {times[0] / 1000:.2f} s", flush=True)
    print(TARGETS_TEXT)
    if markdown is not None:
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        write_section(markdown, section_text(rows, version, command, when, load_start,
                                             os.getloadavg()))
        print(f"wrote {markdown}")
    return int(worst)


TARGETS_TEXT = (
    f"Targets: the return within {TARGETS['return'] / 1000:.0f} s of the last pay typed (goal 1 s), "
    f"every level priced within {TARGETS['prices_after_return'] / 1000:.0f} s more, the exact "
    f"strategy within {TARGETS['chart'] / 1000:.0f} s (goal 3 s) and its pocket card within "
    f"{TARGETS['card'] / 1000:.0f} s, peak memory at most "
    f"{TARGETS['memory_mb']:.0f} MB. Times from the pays' last change "
    "(first: as the page opens; typed: a new flush pay).")
SECTION = "## The Any pay table page in chromium"


def section_text(rows: list[dict], version: str, command: str, when: str, load_start,
                 load_end) -> str:
    """The figures as a Markdown section: its layout depends on the games, never the figures."""
    loads = lambda values: ", ".join(f"{v:.2f}" for v in values)  # noqa: E731
    out = [SECTION, "",
           f"Written by `{command}` on {when}, in Debian's chromium {version} on this machine "
           f"({os.cpu_count()} cores; load average {loads(load_start)} at the start, "
           f"{loads(load_end)} at the end). {TARGETS_TEXT} Peak memory: chromium's renderer "
           "processes' largest peak resident set, the page and its two workers together.", "",
           "| game | levels priced | return | prices | chart | card | return, typed "
           "| prices, typed | chart, typed | card, typed | peak memory | chart lines | card lines |",
           "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for f in rows:
        seconds = [f"{f[key] / 1000:.2f} s" for key in (
            "cold_return", "cold_prices", "cold_chart", "cold_card", "warm_return", "warm_prices",
            "warm_chart", "warm_card")]
        out.append(f"| {f['game']} | {f['levels']} | " + " | ".join(seconds)
                   + f" | {f['memory_mb']:.0f} MB{' (over)' if f['over'] else ''} | {f['lines']} "
                   f"| {f['card_lines']} |")
    return "\n".join(out) + "\n"


def write_section(path: Path, section: str) -> None:
    """The page with SECTION replaced by `section` (to the next "## " heading), or added."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    start = text.find(SECTION + "\n")
    if start < 0:
        text = text.rstrip("\n") + ("\n\n" if text else "") + section
    else:
        end = text.find("\n## ", start + len(SECTION))
        text = text[:start] + section + (text[end:] if end >= 0 else "")
    path.write_text(text, encoding="utf-8")
