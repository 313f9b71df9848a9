"""The checker in a real browser: Debian's chromium, driven by Playwright, against the site
served on localhost (and opened from disk, file://).

Screenshots go to $VPCHARTS_ARTIFACTS (default: the test's tmp dir). Skips when playwright or
chromium is missing, unless VPCHARTS_REQUIRE_BROWSER=1 (CI sets it). Playwright never downloads a
browser here: it launches /usr/bin/chromium.
"""

import os
import shutil
from pathlib import Path

import pytest

from generator.browser_bench import CHROMIUM, CHROMIUM_ARGS, SLUG, built_site, serving


def _require(ok: bool, what: str) -> None:
    if not ok:
        if os.environ.get("VPCHARTS_REQUIRE_BROWSER") == "1":
            pytest.fail(f"{what} is missing (VPCHARTS_REQUIRE_BROWSER=1)")
        pytest.skip(f"{what} is missing")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory.mktemp("browser"))


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    _require(sync_playwright is not None, "the playwright package")
    _require(Path(CHROMIUM).exists(), CHROMIUM)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def artifacts(tmp_path):
    folder = Path(os.environ.get("VPCHARTS_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_page(browser, url, errors, **options):
    page = browser.new_page(**options)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and "favicon" not in msg.text
            and "404" not in msg.text and errors.append(msg.text))
    page.goto(url)
    return page


def test_deal_shows_the_hold_line_and_evs(site, browser, artifacts):
    errors = []
    with serving(site) as base:
        page = open_page(browser, base + f"{SLUG}.html", errors)
        page.fill("#checker-input", "As Ks Qs Js 9d")
        page.press("#checker-input", "Enter")
        page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
        assert page.inner_text("#checker-optimal") == "A♠ K♠ Q♠ J♠"
        assert page.inner_text("#checker-line") == "line 4"
        assert page.get_attribute("#line-4", "class") == "checker-applies"
        best = page.locator("#checker-evs tbody tr").first.inner_text()
        assert "872/47" in best and "18.553191" in best  # vpcharts analyze: 872/47
        # Hold the four spades by keyboard alone (focus out of the text box, keys 1-4).
        page.focus("#checker-clear")
        for key in "1234":
            page.keyboard.press(key)
        assert "It is optimal: it costs nothing." in page.inner_text("#checker-yours")
        page.keyboard.press("4")  # now A K Q: line 12, a costly hold
        yours = page.inner_text("#checker-yours")
        assert "line 12" in yours and "It costs 17.914894" in yours, yours
        page.screenshot(path=artifacts / "checker-deal.png", full_page=True)
    assert errors == []


def test_trainer_round_adds_the_ev_lost(site, browser, artifacts):
    errors = []
    with serving(site) as base:
        page = open_page(browser, base + f"{SLUG}.html", errors)
        page.click("#trainer-deal")
        assert page.inner_text("#checker-evs-note") == "Hidden until you grade your hold."
        assert page.locator("#checker-input").input_value().count(" ") == 4
        page.wait_for_timeout(300)  # the worker's answer arrives; still hidden
        assert page.locator("#checker-evs tbody tr").count() == 0
        page.click("#trainer-grade")
        page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
        verdict = page.inner_text("#trainer-verdict")
        assert verdict.startswith(("Right", "Costly")), verdict
        score = page.inner_text("#trainer-score")
        assert score.startswith("Score: 1 hand graded; EV lost "), score
        if verdict.startswith("Right"):
            assert "EV lost 0.000000" in score  # discarding everything was optimal
        page.screenshot(path=artifacts / "checker-trainer.png", full_page=True)
        page.keyboard.press("n")
        assert page.is_enabled("#trainer-grade")
    assert errors == []


@pytest.mark.parametrize("text, message", [
    ("As As Qs Js 9d", "repeats As"),
    ("As Ks Qs Js", "has 4 cards: expected 5"),
    ("As Ks Qs Js Zz", "unknown card 'Zz'"),
    ("As Ks Qs Js Jk", "has a joker, but this game is played without one"),
    ("<img src=x onerror=alert(1)>", "unknown card '<im'"),
])
def test_bad_input_gets_a_message_and_nothing_else(site, browser, artifacts, text, message):
    errors = []
    with serving(site) as base:
        page = open_page(browser, base + f"{SLUG}.html", errors)
        page.fill("#checker-input", "2c 7d 9h Jc Ks")
        page.press("#checker-input", "Enter")
        page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
        before = page.inner_text("#checker-result")
        page.fill("#checker-input", text)
        page.press("#checker-input", "Enter")
        assert message in page.inner_text("#checker-error")
        assert page.is_visible("#checker-error")
        assert page.inner_text("#checker-result") == before  # the last good deal stands
        assert page.locator("#checker-app img").count() == 0  # text, never HTML
        if "joker" in message:
            page.screenshot(path=artifacts / "checker-bad-input.png", full_page=True)
    assert errors == []


def test_phone_width_and_deck_clicks(site, browser, artifacts):
    errors = []
    with serving(site) as base:
        page = open_page(browser, base + f"{SLUG}.html", errors,
                         viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
        for name in ("ace of spades", "jack of spades", "10 of spades", "king of spades", "queen of spades"):
            page.get_by_role("button", name=name, exact=True).tap()
        assert page.inner_text("#checker-optimal") == "A♠ J♠ T♠ K♠ Q♠"  # in the order picked
        assert page.inner_text("#checker-line") == "line 1"
        width = page.evaluate("document.getElementById('checker-app').scrollWidth")
        assert width <= 360, f"the checker is {width} px wide on a 360 px phone"
        page.screenshot(path=artifacts / "checker-phone.png", full_page=True)
    assert errors == []


def test_from_disk_plays_the_table_and_computes_the_evs_on_the_page(site, browser, artifacts):
    """Opened from file://, where there is no Web Worker, the EVs come from the page's thread."""
    errors = []
    page = open_page(browser, (site / f"{SLUG}.html").as_uri(), errors)
    assert page.inner_text("#checker-status") == ""
    page.fill("#checker-input", "Jh Jd 4c 7s 9h")
    page.press("#checker-input", "Enter")
    assert page.inner_text("#checker-optimal") == "J♥ J♦"
    assert page.inner_text("#checker-line") == "line 11"
    page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
    assert page.evaluate("performance.getEntriesByName('checker-evs', 'measure').length") == 1
    page.screenshot(path=artifacts / "checker-file.png", full_page=True)
    assert errors == []


def test_the_hold_is_marked_on_the_cards_and_nothing_is_graded_before_a_choice(site, browser):
    errors = []
    with serving(site) as base:
        page = open_page(browser, base + f"{SLUG}.html", errors)
        page.fill("#checker-input", "As Ks Qs Js 9d")
        page.press("#checker-input", "Enter")
        page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
        cards = page.locator("#checker-hand .hand-card")
        marked = [cards.nth(i).inner_text().startswith("HOLD") for i in range(5)]
        assert marked == [True, True, True, True, False]
        labels = [cards.nth(i).get_attribute("aria-label") for i in range(5)]
        assert labels[0].startswith("ace of spades, hold it") and "discard it" in labels[4]
        # Before the player chooses, nothing about "your hold" is graded.
        yours = page.inner_text("#checker-yours")
        assert yours.startswith("Press the cards you would hold") and "It costs" not in yours and "optimal" not in yours
        assert page.locator("#checker-evs tr.is-yours").count() == 0
        # The explanation: the line, the best competing line, the EV gap in units and percent.
        following = page.inner_text("#checker-next")
        assert "The next line that fits is line 12" in following and "% of the bet" in following
        page.click("#checker-none")  # holding nothing is a choice too
        assert "Your hold: nothing (draw five)" in page.inner_text("#checker-yours")
        assert "It costs" in page.inner_text("#checker-yours")
    assert errors == []


def test_the_level_picker_plays_the_chosen_level(site, browser):
    errors = []
    with serving(site) as base:
        page = open_page(browser, base + f"{SLUG}.html", errors)
        page.fill("#checker-input", "As Ks Qs Js 9d")
        page.press("#checker-input", "Enter")
        assert page.get_attribute("#checker-line", "href") == "#line-4"  # the card level
        page.check("input[name=checker-level][value=simple]")
        href = page.get_attribute("#checker-line", "href")
        assert href.startswith("#simple-line-")
        assert "checker-applies" in page.get_attribute(href, "class")
        page.check("input[name=checker-level][value=exact]")
        assert page.get_attribute("#checker-line", "href") == f"{SLUG}-exact.html#line-4"
    assert errors == []

