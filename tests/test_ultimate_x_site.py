"""Ultimate X on the site: the sample's game (tests/sample.py, UX_SAMPLE) has its page, pocket
card and JSON, the index lists it and finds it by its pays, and its checker, served and from
disk, gives the hold and the values Python gives, in Debian's chromium."""

import json
import os
from pathlib import Path

import pytest

from generator.bench.browser import serving
from tests.chromium import AXE, SERIOUS, require

SLUG = "ultimate-x-8-6-jacks-or-better-3-play"


@pytest.fixture
def artifacts(tmp_path):
    folder = Path(os.environ.get("VPCHARTS_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_the_game_has_its_page_card_and_json(sample_site):
    from pypdf import PdfReader

    data = json.loads((sample_site / f"{SLUG}.json").read_text())
    assert data["kind"] == "ultimate-x" and data["lines"] == 3
    assert "parts" not in data["card"]["lines"][0]
    page = (sample_site / f"{SLUG}.html").read_text()
    for said in ("Strategy by multiplier", "A machine left with multipliers lit", "12x",
                 data["returns"]["optimal"]["percent"], data["returns"]["card"]["percent"]):
        assert said in page, said
    card = PdfReader(sample_site / f"{SLUG}.pdf")
    assert len(card.pages) == 1
    text = card.pages[0].extract_text()
    assert "By average multiplier" in text and "Full House" in text and "12x" in text
    index = (sample_site / "index.html").read_text()
    assert f'href="{SLUG}.html"' in index and 'id="game-ultimate-x"' in index


def test_a_bands_moves_name_lines_the_card_prints(sample_site):
    from generator.site.ultimate_x import moves_said
    from generator.ultimate_x.export import export

    data = export(game_3_play())[0]
    printed = {str(i + 1) for i in range(len(data.card.lines))}
    letters = {chr(65 + i) for i in range(len(data.card.extra))}
    for band in data.bands:
        for said in moves_said(band, data):
            for move in said.rpartition(": ")[2].split(", "):
                first, _, second = move.partition(" before ")
                assert first in printed | letters and second in printed | letters, move


def game_3_play():
    from generator.solve.paytable import load_paytables
    from generator.ultimate_x.game import load_games_of_file

    root = Path(__file__).resolve().parents[1] / "content"
    return next(g for g in load_games_of_file(root / "ultimate-x" / "8-6-jacks-or-better.toml",
                                              load_paytables(root / "paytables"))
                if g.lines == 3)


def python_values(cards, total):
    """Every hold's value by the solver, in the deal's order (bit i holds cards[i])."""
    from generator.solve.solver import class_of
    from generator.ultimate_x import mdp
    from generator.ultimate_x.holds import hold_arrays

    game = game_3_play()
    arrays = hold_arrays(game)
    solved = mdp.solve(mdp.model(arrays, 3))
    cls, position = class_of(arrays.deck, cards)
    rep = solved.hold_values(cls, total)
    return [float(rep[sum(1 << position[i] for i in range(5) if m >> i & 1)]) for m in range(32)]


@pytest.mark.parametrize("how", ["served", "file"])
def test_the_checker_gives_pythons_hold_and_values(sample_site, browser, artifacts, how):
    from generator.core.cards import parse_hand

    errors = []

    def check(base):
        # (bypass_csp: to inject axe-core itself, as tests/test_browser.py does)
        page = browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: m.type == "error" and "Failed to load resource"
                not in m.text and errors.append(m.text))
        page.on("response", lambda r: r.status >= 400 and not r.url.endswith("favicon.ico")
                and errors.append(f"{r.status} {r.url}"))
        page.goto(base + f"{SLUG}.html")
        page.fill("#ux-deal", "Ah Kh Qh 7c 7d")
        page.fill("#ux-mult", "12 1 1")
        page.click("#ux-form button[type=submit]")
        page.wait_for_selector("#ux-evs tbody tr:nth-child(32)", timeout=60_000)
        values = python_values(parse_hand("Ah Kh Qh 7c 7d"), 14)
        best = max(values)
        shown = float(page.locator("#ux-evs tbody tr").first.locator("td").nth(2).inner_text())
        assert abs(shown - best) < 1e-4
        play = page.inner_text("#ux-play")
        assert "Hold" in play and "totalling 14" in play
        assert "line" in page.inner_text("#ux-line")
        # the address keeps the deal and the multipliers
        assert "deal=" in page.url and "mult=" in page.url
        page.fill("#ux-mult", "5 1 1")
        page.click("#ux-form button[type=submit]")
        assert page.is_visible("#ux-error") and "Multipliers" in page.inner_text("#ux-error")
        page.click("#ux-train")
        page.fill("#ux-hold", "none")
        page.click("#ux-grade-form button[type=submit]")
        assert page.inner_text("#ux-verdict")
        if how == "served":
            page.screenshot(path=artifacts / "ux-1280.png", full_page=True)
            page.set_viewport_size({"width": 375, "height": 800})
            page.screenshot(path=artifacts / "ux-375.png", full_page=True)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 375, f"{width} px wide at 375"
            require(AXE.exists(), f"axe-core ({AXE})")
            page.add_script_tag(path=str(AXE))
            assert page.evaluate(SERIOUS, None) == []
        page.close()

    if how == "served":
        with serving(sample_site) as base:
            check(base)
    else:
        check(sample_site.resolve().as_uri() + "/")
    assert errors == []


def test_find_my_machine_finds_the_ultimate_x_games(sample_site, browser):
    page = browser.new_page()
    page.goto(sample_site.resolve().as_uri() + "/index.html")
    page.fill("#find-input", "ultimate 8 6")
    row = page.locator(f'tr.paytable:has(a[href="{SLUG}.html"])')
    assert row.is_visible()
    assert page.locator("tr.paytable:visible").count() == 1
    page.close()
