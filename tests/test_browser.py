"""The checker in a real browser: Debian's chromium, driven by Playwright, against the site
served on localhost (and opened from disk, file://).

Screenshots go to $VPCHARTS_ARTIFACTS (default: the test's tmp dir). Skips when playwright or
chromium is missing, unless VPCHARTS_REQUIRE_BROWSER=1 (CI sets it). Playwright never downloads a
browser here: it launches /usr/bin/chromium.
"""

import json
import os
import re
from pathlib import Path

import pytest

from generator.bench.browser import SLUG, built_site, serving
from generator.solve.families import FAMILIES
from tests.chromium import AXE, SERIOUS, require
from tests.sample import sample_slugs


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return built_site(tmp_path_factory.mktemp("browser"))


@pytest.fixture
def artifacts(tmp_path):
    folder = Path(os.environ.get("VPCHARTS_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_page(browser, url, errors, before=None, **options):
    """A new page at `url`, its script errors and console errors appended to `errors`;
    `before(page)`, if given, runs before it loads (a route, say)."""
    page = browser.new_page(**options)
    if before is not None:
        before(page)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and "favicon" not in msg.text
            and "404" not in msg.text and errors.append(msg.text))
    page.goto(url)
    return page


def test_deal_shows_the_hold_line_and_evs(site, browser, artifacts):
    errors = []
    with serving(site) as base:
        page = open_page(browser, base + f"{SLUG}.html", errors)
        # No deal yet: the note says what the EV table will hold, and the empty table is hidden.
        assert "32 holds" in page.inner_text("#checker-evs-note")
        assert not page.is_visible("#checker-evs")
        page.fill("#checker-input", "As Ks Qs Js 9d")
        page.press("#checker-input", "Enter")
        page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
        assert page.is_visible("#checker-evs")
        assert page.inner_text("#checker-optimal") == "A♠ K♠ Q♠ J♠"
        assert page.inner_text("#checker-line") == "line 2"  # printed: 4RF
        assert page.get_attribute("#line-4", "class") == "checker-applies"
        best = page.locator("#checker-evs tbody tr").first.inner_text()
        assert "872/47" in best and "18.553191" in best  # vpcharts analyze: 872/47
        # Hold the four spades by keyboard alone (focus out of the text box, keys 1-4).
        page.focus("#checker-clear")
        for key in "1234":
            page.keyboard.press(key)
        assert "It is optimal: it costs nothing." in page.inner_text("#checker-yours")
        page.keyboard.press("4")  # now A K Q: 3RF, printed line 6, a costly hold
        yours = page.inner_text("#checker-yours")
        assert "It fits line 6, 3 to a Royal Flush, 4 lines below line 2" in yours, yours
        assert "It costs 17.914894" in yours, yours
        page.screenshot(path=artifacts / "checker-deal.png", full_page=True)
    assert errors == []


def grade_when_ready(page) -> None:
    """Grade the trainer's hold, and again while the worker is still computing the EVs (the
    page asks the player to grade again in a moment, as on a busy machine); then the 32 holds'
    EVs are shown."""
    page.click("#trainer-grade")
    for _ in range(50):
        if not page.inner_text("#trainer-verdict").startswith("Still computing"):
            break
        page.wait_for_timeout(200)
        page.click("#trainer-grade")
    page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")


def test_trainer_round_adds_the_ev_lost(site, browser, artifacts):
    errors = []
    with serving(site) as base:
        page = open_page(browser, base + f"{SLUG}.html", errors)
        page.click("#trainer-deal")
        assert page.inner_text("#checker-evs-note") == "Hidden until you grade your hold."
        assert page.locator("#checker-input").input_value().count(" ") == 4
        page.wait_for_timeout(300)  # the worker's answer arrives; still hidden
        assert page.locator("#checker-evs tbody tr").count() == 0
        page.click("#trainer-grade")  # nothing is graded before the player chooses a hold
        assert page.inner_text("#trainer-verdict").startswith("Mark your hold first")
        assert page.locator("#checker-evs tbody tr").count() == 0
        page.click("#checker-none")
        grade_when_ready(page)
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
    assert page.inner_text("#checker-line") == "line 5"  # High Pair, printed line 5
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
        labels = [cards.nth(i).locator(".sr-only").inner_text() for i in range(5)]
        assert labels[0].startswith("ace of spades, hold it") and "discard it" in labels[4]
        # Before the player chooses, nothing about "your hold" is graded.
        yours = page.inner_text("#checker-yours")
        assert yours.startswith("Press the cards you would hold") and "It costs" not in yours and "optimal" not in yours
        assert page.locator("#checker-evs tr.is-yours").count() == 0
        # The explanation: the line, the best competing line, the EV gap in units and percent.
        following = page.inner_text("#checker-next")
        assert "The next line that fits is line 6" in following and "% of the bet" in following
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
        # 9/6 Jacks or Better's card is already its simple strategy: no simple level to pick.
        # Each level offered says its lines and its cost.
        assert page.locator("input[name=checker-level]").count() == 2
        assert page.locator("input[name=checker-level][value=simple]").count() == 0
        assert "costs nothing" in page.inner_text("#checker-levels")
        assert "lines, costs 0.0" in page.inner_text("#checker-levels")
        page.check("input[name=checker-level][value=exact]")
        assert page.get_attribute("#checker-line", "href") == f"{SLUG}-exact.html#line-4"
    assert errors == []


def test_the_level_picker_plays_a_published_simple_level(games_site, browser):
    """Joker Poker Kings or Better's simple level is a quarter shorter than its card: the page
    shows it (folded under the card: a tap opens it), and the checker checks against it,
    pointing at its line on the page, which opens the fold."""
    slug = GAMES["joker"]
    errors = []
    with serving(games_site) as base:
        page = open_page(browser, base + f"{slug}.html", errors)
        assert page.is_hidden("#strategy-simple")
        page.click("#simple-level summary")
        assert page.is_visible("#strategy-simple")
        page.click("#simple-level summary")
        data = json.loads((games_site / f"{slug}.json").read_text(encoding="utf-8"))
        printed = data["strategy"]["levels"]["simple"]["printed"]
        assert f"the simple level ({printed} lines, costs " in " ".join(
            page.inner_text("#checker-levels").split())
        page.fill("#checker-input", "2d 6d Kd Ac Jk")
        page.press("#checker-input", "Enter")
        page.check("input[name=checker-level][value=simple]")
        href = page.get_attribute("#checker-line", "href")
        assert href.startswith("#simple-line-")
        row = page.locator(href).locator("xpath=ancestor-or-self::tr")
        assert "checker-applies" in row.get_attribute("class")
        page.click("#checker-line")
        assert row.is_visible()
    assert errors == []



# ---- every page a player opens, at a phone's and a laptop's width --------------------------

GAMES = {  # the pay tables the page tests build: one per family
    "natural": SLUG, "deuces": "full-pay-deuces-wild", "joker": "joker-poker-kings-or-better",
    "bonus_deuces": "bonus-deuces-9-4-4", "deuces_joker": "deuces-and-joker-wild-12-9-6",
    "double_joker": "double-joker-9-5-4", "sevens": "sevens-wild",
    "sevens_joker": "sevens-and-joker-wild-600-300-25",
    "five_aces": "five-aces-8-5-double-double-bonus"}  # (pinned in the sample)
WIDTHS = (375, 1280)
# A pay table page's height, px: at most 8,000 at 1280 (issue 53). Double Joker's, the tallest,
# shows a 60-line card: 6,843 px at 1280 with its 30-line simple level folded (8,541 shown).
HEIGHT_LIMIT = {1280: 8_000, 375: 20_000}


@pytest.fixture(scope="module")
def games_site(sample_site):
    """A site holding a pay table of every family, with the Markdown pages (for the nav): the
    sample's (conftest.sample_site, built once a test run), which holds every GAMES table, rather
    than a second build of the same six."""
    return sample_site


def card_level_lines(site, slug, level="card"):
    import json

    data = json.loads((site / f"{slug}.json").read_text(encoding="utf-8"))
    return len(data["strategy"]["levels"][level]["lines"])


def measure(page):
    return page.evaluate("""() => ({
        height: document.documentElement.scrollHeight,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        wide: [...document.querySelectorAll('main *')].filter(e => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.right > window.innerWidth + 1 && !e.closest('.scroll');
        }).slice(0, 3).map(e => e.tagName + '.' + e.className + ' ' + (e.id || ''))})""")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("family", sorted(GAMES))
def test_paytable_page_height_overflow_and_screenshot(games_site, browser, artifacts, family,
                                                       width):
    """A pay table's page: no horizontal scrolling at 375 px; at most 8,000 px tall at 1280 and
    20,000 at 375 (the page leads with the card level; the exact table has a page of its own);
    the final hands' probabilities and shares of the return on the screen; the cost curve drawn
    for the screen, its labels legible."""
    slug = GAMES[family]
    errors = []
    with serving(games_site) as base:
        page = open_page(browser, base + f"{slug}.html", errors,
                         viewport={"width": width, "height": 900})
        page.screenshot(path=artifacts / f"page-{family}-{width}.png", full_page=True)
        seen = measure(page)
        # The final hands' columns a player reads (how often, the share of the return) end
        # within the table's scrolling box; the combinations may lie beyond it.
        final = page.evaluate("""(() => { const box = document.querySelector('#final-hands .scroll')
            .getBoundingClientRect(); return [...document.querySelectorAll('table.final thead th')]
            .map(th => [th.innerText.replace(/\\s+/g, ' '), th.getBoundingClientRect().right <= box.right + 1]); })()""")
        # One plot of the cost curve is shown, drawn for the screen: its numbers at least 9 px.
        plots = page.evaluate("""[...document.querySelectorAll('#curve svg')]
            .filter(svg => svg.getBoundingClientRect().width > 0)
            .map(svg => Math.min(...[...svg.querySelectorAll('text')]
                 .map(t => t.getBoundingClientRect().height)))""")
        # The card's lines as a phone shows them: the example beside the notation where both
        # fit, every example's right edge on one column.
        rows = page.evaluate("""[...document.querySelectorAll('#strategy-card tbody tr:not(.section-head)')]
            .map(r => [r.getBoundingClientRect().height,
                       Math.round(r.querySelector('.examples .deal').getBoundingClientRect().right)])""")
        # The simple level's key: only the symbols the card's key above lacks.
        keys = page.evaluate("""['key-card', 'key-simple'].map(id => [...document.querySelectorAll(
            '#' + id + ' dt')].map(dt => dt.innerText))""")
        # The card's key on a phone: one paragraph, as on the pocket card (a list of its 16-24
        # entries was 550-800 px).
        key_height = page.evaluate("document.querySelector('#key-card').getBoundingClientRect().height")
    assert errors == []
    assert keys[0] and not set(keys[0]) & set(keys[1]), keys
    if family in ("natural", "deuces"):  # (their cards are already the simple strategy)
        assert keys[1] == [], keys
    if width == 375:
        assert key_height <= 540, key_height  # (Double Joker's, 19 symbols: 520 px)
        # (Double Joker's card, whose lines name more conditions: 91 px)
        assert sum(h for h, _ in rows) / len(rows) <= 92, rows
        assert len({right for _, right in rows}) == 1, rows
    assert len(plots) == 1 and plots[0] >= 9, plots
    assert [name for name, seen_whole in final if not seen_whole] in ([], ["Combinations"]), final
    if width == 375:
        assert seen["overflow"] <= 0 and seen["wide"] == [], seen
    limit = HEIGHT_LIMIT[width]
    assert seen["height"] <= limit, f"{slug} at {width} px: {seen['height']} px tall"


@pytest.fixture(scope="module")
def whole_site(sample_site):
    """The site as shipped, with the catalogue's sample of pay tables (conftest.sample_site)."""
    return sample_site


def paytable_files(site: Path, suffix: str) -> list[Path]:
    """The pay tables' files of a site with that suffix: those with a JSON file beside them, but
    the Ultimate X games' (their pages and cards are test_ultimate_x_site.py's)."""
    return sorted(p for p in site.glob(f"*.{suffix}") if p.with_suffix(".json").exists()
                  and not p.stem.startswith("ultimate-x-"))


def key_lines(card_text: str) -> list[str]:
    """The lines of a pocket card's key, as the PDF's text has them: after the last row of the
    pay table (which ends with a pay) and before "Pays per coin."."""
    lines = card_text[:card_text.index("Pays per coin.")].splitlines()
    last_pay = max(i for i, line in enumerate(lines) if re.search(r"\d$", line.strip()))
    return [line.strip() for line in lines[last_pay + 1:]]


def test_key_lines_are_read_after_the_pay_table():
    text = ("Title\nReturns 99.5% (19 lines).\nRoyal Flush 800 Flush 6\nStraight 4 Pair 1\n"
            "s+h straights plus high cards; fp flush\npenalty.\nPays per coin. x.html")
    assert key_lines(text) == ["s+h straights plus high cards; fp flush", "penalty."]


@pytest.mark.slow
def test_every_pocket_card_key_wraps_evenly(whole_site):
    """No line of a card's key ends far short of the others, but its last: WeasyPrint once set
    "many" alone on a line of Joker Poker Kings' key ("(as many cards, as many wild), the one
    ..."), and "wild), the one ..." on the next."""
    from pypdf import PdfReader

    short = []
    for pdf in paytable_files(whole_site, "pdf"):
        lines = key_lines(PdfReader(pdf).pages[0].extract_text())
        if not lines:  # a card said in words alone has no key (Bonus Deuces Wild 9/4/4)
            continue
        longest = max(len(line) for line in lines)
        short += [(pdf.stem, line) for line in lines[:-1] if len(line) < longest // 2]
    assert short == []


def wrapped_pay_names(pdf: Path) -> list[str]:
    """The names of a card's pay table that its PDF's text does not have whole on one line."""
    from pypdf import PdfReader

    text = PdfReader(pdf).pages[0].extract_text()
    lines = text[:text.index("Pays per coin.")].splitlines()
    pays = json.loads(pdf.with_suffix(".json").read_text())["rules"]["pays"]
    return [pay["label"] for pay in pays if not any(pay["label"] in line for line in lines)]


@pytest.mark.slow
def test_every_pocket_card_has_each_pay_on_one_line(whole_site):
    """At equal column widths, "Natural Royal Flush" took two rows of the deuces cards' pay
    table."""
    wrapped = [(pdf.stem, name)
               for pdf in paytable_files(whole_site, "pdf")
               for name in wrapped_pay_names(pdf)]
    assert wrapped == []


@pytest.mark.slow
@pytest.mark.parametrize("width", WIDTHS)
def test_every_paytable_page_within_height_and_width(whole_site, browser, width):
    """Every pay table's page of the shipped site: at most HEIGHT_LIMIT tall, no horizontal
    scrolling at 375 px, and a pocket card."""
    pages = paytable_files(whole_site, "html")
    assert sorted(p.stem for p in pages) == sample_slugs()
    errors, over = [], []
    limit = HEIGHT_LIMIT[width]
    with serving(whole_site) as base:
        page = open_page(browser, base + "index.html", errors,
                         viewport={"width": width, "height": 900})
        # "Find my machine" in a game of several pay tables: the others are hidden on a phone
        # too (the phone's rows are laid out with `display`, which a rule must not give back to
        # a hidden row).
        page.fill("#find-input", "9 6")
        shown = page.locator("tr.paytable:visible")
        found = sorted(shown.nth(i).get_attribute("data-name") for i in range(shown.count()))
        # The four 9/6 games, and Deuces and Joker Wild 12/9/6, whose five of a kind and
        # straight flush pay 9 and 6: pays typed in a row match pays in a row.
        assert [name for name in found if name.startswith("9/6")] == [
            "9/6 black jack bonus poker black jack bonus poker",
            "9/6 bonus poker deluxe bonus poker deluxe",
            "9/6 double double bonus double double bonus", "9/6 jacks or better jacks or better"]
        assert len(found) == 5 and "deuces and joker wild 12/9/6" in found[4], found
        for path in pages:
            page.goto(base + path.name)
            seen = measure(page)
            assert (whole_site / f"{path.stem}.pdf").exists(), path.stem
            if seen["height"] > limit or (width == 375 and seen["overflow"] > 0):
                over.append((path.stem, seen))
    assert errors == [] and over == []


@pytest.mark.parametrize("width", WIDTHS)
def test_index_screenshot_overflow_and_find_my_machine(games_site, browser, artifacts, width):
    errors = []
    for url in (None, (games_site / "index.html").as_uri()):  # served, then from disk
        with serving(games_site) as base:
            page = open_page(browser, url or base + "index.html", errors,
                             viewport={"width": width, "height": 900})
            if url is None:
                page.screenshot(path=artifacts / f"index-{width}.png", full_page=True)
                seen = measure(page)
                if width == 375:
                    assert seen["overflow"] <= 0 and seen["wide"] == [], seen
            page.fill("#find-input", "9 6")
            shown = page.locator("tr.paytable:visible")
            found = sorted(shown.nth(i).get_attribute("data-name") for i in range(shown.count()))
            # The sample's four 9/6 games, and Deuces and Joker Wild 12/9/6 (its five of a kind
            # and straight flush pay 9 and 6): pays typed in a row match pays in a row.
            assert [name.split()[0] for name in found] == ["9/6"] * 4 + ["deuces"], found
            pays = [shown.nth(i).get_attribute("data-pays") for i in range(shown.count())]
            assert all(" 9 6 " in f" {p} " for p in pays), pays
            page.fill("#find-input", "deuces 25 15 9 5")
            assert page.locator("tr.paytable:visible").count() == 1
            assert "deuces" in page.locator("tr.paytable:visible").get_attribute("data-name")
            page.fill("#find-input", "7 7 7")
            assert page.locator("tr.paytable:visible").count() == 0
            assert page.is_visible("#find-none")
    assert errors == []


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("family", sorted(GAMES))
def test_exact_table_page_has_no_row_over_400_px(games_site, browser, artifacts, family, width):
    """The exact tables: Full Pay Deuces Wild's line 92 decides deals of 3,000 CE numbers, and
    Joker Poker's exception lines list dozens of deals. Long CE lists and long lists of rank
    sets or deals are clipped in their cell (and listed when opened): no row over 400 px.
    On a phone a line keeps its number beside the hold and its CE figures on one line where
    they fit, the example at their right where it fits too: 135 px a line on average (stacked
    with their column names, 200), and a list of
    exception deals shows its first few (Joker Poker Kings' longest was 1,700 px). No number
    is seen twice in a section (a run of made hands is numbered once); a wild game's sections
    are a tap away."""
    slug = GAMES[family]
    errors = []
    with serving(games_site) as base:
        page = open_page(browser, base + f"{slug}-exact.html", errors,
                         viewport={"width": width, "height": 900})
        heights = page.evaluate("""[...document.querySelectorAll('#strategy-exact tbody tr:not(.section-head)')]
            .map(r => [r.id, Math.round(r.getBoundingClientRect().height)])""")
        deal_lists = page.evaluate("""[...document.querySelectorAll('dl.exception-deals dd')]
            .map(d => Math.round(d.getBoundingClientRect().height))""")
        # The numbers a player sees down each section: a run of made hands shows its number once.
        numbers = page.evaluate("""[...document.querySelectorAll('#strategy-exact tbody')]
            .map(b => [...b.querySelectorAll('tr:not(.section-head) td:first-child')]
                 .map(td => [...td.childNodes].filter(n => n.nodeType === Node.TEXT_NODE)
                      .map(n => n.textContent).join('').trim()).filter(t => t))""")
        page.screenshot(path=artifacts / f"exact-{family}-{width}.png")
        seen = measure(page)
        # A wild game's sections are a tap away: each link is a touch target, and the last
        # ("No deuces", "Without the joker") brings its heading to the top of the screen.
        jumps = page.evaluate("""[...document.querySelectorAll('nav.section-jump a')]
            .map(a => Math.round(a.getBoundingClientRect().height))""")
        if jumps:
            page.locator("nav.section-jump a").last.click()
            page.wait_for_timeout(200)
            jumped = page.evaluate("Math.round(document.querySelector(location.hash)"
                                   ".getBoundingClientRect().top)")
    assert errors == []
    # Every line, its anchor in the first section showing it (a Deuces and Joker Wild line may
    # decide deals of 4 wild cards and of 3: shown in both).
    anchors = [row for row, _ in heights if row]
    assert len(anchors) == len(set(anchors)) == card_level_lines(games_site, slug, "exact")
    tall = [(row, h) for row, h in heights if h > 400]
    assert tall == [], tall
    if width == 375:
        assert seen["overflow"] <= 0, seen
        assert sum(h for _, h in heights) / len(heights) <= 135, slug
    assert all(h <= 150 for h in deal_lists), deal_lists
    assert all(len(set(section)) == len(section) for section in numbers), numbers
    assert (jumps == []) == (not FAMILIES[family].wild), jumps  # (sections: wild games only)
    if jumps:
        assert min(jumps) >= 44 and abs(jumped) <= 2, (jumps, jumped)
    if family == "joker":
        assert len(deal_lists) > 10  # (Kings has exception lines, some of many deals)


def test_a_printed_page_keeps_the_section_headings(games_site, browser):
    """Printed from the browser, a Deuces Wild page's tables keep their "4 deuces" ... headings
    (the rule that drops the examples' column once dropped each heading's one cell too), and
    drop the examples and the links to the sections."""
    errors = []
    with serving(games_site) as base:
        page = open_page(browser, base + f"{GAMES['deuces']}.html", errors)
        page.emulate_media(media="print")
        heads = page.evaluate("""[...document.querySelectorAll('table.level tr.section-head')]
            .map(r => [r.innerText.trim(), Math.round(r.getBoundingClientRect().height)])""")
        shown = page.evaluate("""[...document.querySelectorAll('nav.section-jump, table.level td.examples')]
            .filter(e => e.getBoundingClientRect().height > 0).length""")
    assert errors == []
    assert [text for text, _ in heads[:5]] == ["4 deuces", "3 deuces", "2 deuces", "1 deuce",
                                               "No deuces"]
    assert all(height > 10 for _, height in heads), heads
    assert shown == 0


@pytest.mark.parametrize("width", WIDTHS)
def test_checker_flow_touch_targets_and_ev_table(games_site, browser, artifacts, width):
    """The checker on Full Pay Deuces Wild: the exception deal's hold is found again when held;
    every control is at least 44 x 44 px at 375 px; the EV table's columns keep apart."""
    slug = GAMES["deuces"]
    errors = []
    with serving(games_site) as base:
        page = open_page(browser, base + f"{slug}.html", errors,
                         viewport={"width": width, "height": 900}, has_touch=width == 375)
        page.check("input[name=checker-level][value=exact]")  # the exception is the exact table's
        page.fill("#checker-input", "3d 4h 6d Jc Kc")
        page.press("#checker-input", "Enter")
        page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
        assert page.inner_text("#checker-optimal") == "J♣ K♣"
        page.focus("#checker-clear")
        page.keyboard.press("4")
        page.keyboard.press("5")
        yours = page.inner_text("#checker-yours")
        assert "It is what line" in yours and "It is optimal" in yours, yours
        page.locator("#checker").screenshot(path=artifacts / f"checker-{width}.png")
        small = page.evaluate("""[...document.querySelectorAll(
                '#checker-app button, #checker-app input[type=radio], #checker-app summary')]
            .map(e => e.closest('label') || e).map(e => [e.textContent.trim().slice(0, 20),
                Math.round(e.getBoundingClientRect().width), Math.round(e.getBoundingClientRect().height)])
            .filter(([, w, h]) => w < 44 || h < 44)""")
        # The EV table: its header cells line up with their columns (none hidden over another).
        columns = page.evaluate("""(() => {
            const t = document.getElementById('checker-evs');
            const head = [...t.tHead.rows[0].cells].filter(c => c.offsetParent);
            const body = [...t.tBodies[0].rows[0].cells].filter(c => c.offsetParent);
            return [head.length, body.length, t.getBoundingClientRect().right <= innerWidth + 1];
        })()""")
    assert errors == []
    if width == 375:
        assert small == [], small
    assert columns[0] == columns[1] and columns[2], columns


def _printed_row(page, target: str) -> list:
    """[the number printed in the row holding element `target` (an id), its section's heading]
    (a run of made hands on the exact page prints its number on its first row, and in a hidden
    span on the others)."""
    return page.evaluate("""(id) => {
        const row = document.getElementById(id).closest('tr');
        const head = row.closest('tbody').querySelector('.section-head');
        return [row.querySelector('td.num').textContent.trim(), head ? head.innerText.trim() : null];
    }""", target)


@pytest.mark.parametrize("family", ["deuces", "joker"])
def test_the_checkers_line_is_the_number_printed_in_the_deals_section(games_site, browser, family):
    """The checker's "line N" is the number the card level's table (and the pocket card, which
    numbers as it does: tests/test_sections.py) prints for the line in the section of the deal:
    for deals of every count of wild cards and random ones, at the card level, the link goes to
    a row of the deal's section that prints N, and the 32 holds' table gives the played hold's
    line as N too; at the exact level, the row of the exact page it links to prints N; after a
    trainer's round, the same. (By the export's `row`, "line N" was the line's number in the
    whole table, which a section did not print: Joker Poker's "Without the joker" read 1-5, 20,
    22.) Every line the 32 holds fit is a number the card prints."""
    import random

    from generator.core.cards import format_hand
    from generator.site.sections import label

    slug = GAMES[family]
    data = json.loads((games_site / f"{slug}.json").read_text(encoding="utf-8"))
    wild, size = data["rules"]["wild"], data["rules"]["deck_size"]
    wild_cards = [52] if family == "joker" else [0, 1, 2, 3]
    rng = random.Random(f"line numbers {slug}")
    deals = []
    for k in range(len(wild_cards) + 1):  # (every section: as many wild cards as it says)
        for _ in range(2):
            plain = rng.sample([c for c in range(52) if c not in wild_cards], 5 - k)
            deals.append(rng.sample(wild_cards, k) + plain)
    deals += [rng.sample(range(size), 5) for _ in range(6)]

    def wild_in(text: str) -> int:
        return sum(card == "Jk" or (family == "deuces" and card[0] == "2")
                   for card in text.split())

    def line_number(page) -> int:
        text = page.inner_text("#checker-line")
        assert re.fullmatch(r"line \d+", text), text
        return int(text.split()[1])

    errors, printed = [], set()
    with serving(games_site) as base:
        page = open_page(browser, base + f"{slug}.html", errors)
        card_rows = page.evaluate("""[...document.querySelectorAll('#strategy-card td.num')]
            .map(td => Number(td.textContent.trim()))""")
        assert card_rows == list(range(1, len(card_rows) + 1))
        for cards in deals:
            text = format_hand(cards)
            page.fill("#checker-input", text)
            page.press("#checker-input", "Enter")
            page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
            number, k = line_number(page), wild_in(text)
            href = page.get_attribute("#checker-line", "href")
            assert href.startswith("#line-") and href.endswith(f"-w{k}"), (text, href)
            assert _printed_row(page, href[1:]) == [str(number), label(k, wild)], text
            assert page.evaluate("(id) => document.getElementById(id).closest('tr').classList"
                                 ".contains('checker-applies')", href[1:]), text
            played = page.locator("#checker-evs tbody tr.is-played td:nth-child(5)")
            assert played.first.inner_text() == str(number), text
            fits = page.evaluate("""[...document.querySelectorAll('#checker-evs tbody tr')]
                .map(r => r.cells[4].textContent).filter(t => t)""")
            printed.update(map(int, fits))
        assert printed <= set(card_rows), printed - set(card_rows)
        # The exact level: the row of the exact page the checker links to prints its number.
        page.check("input[name=checker-level][value=exact]")
        exact = open_page(browser, base + f"{slug}-exact.html", errors)
        for cards in deals[::4]:
            text = format_hand(cards)
            page.fill("#checker-input", text)
            page.press("#checker-input", "Enter")
            href = page.get_attribute("#checker-line", "href")
            assert href.startswith(f"{slug}-exact.html#line-"), href
            target = href.split("#")[1]
            assert _printed_row(exact, target) == [str(line_number(page)),
                                                   label(wild_in(text), wild)], text
        # A trainer's round, graded: its line is numbered so too.
        page.check("input[name=checker-level][value=card]")
        page.click("#trainer-deal")
        page.click("#checker-none")
        grade_when_ready(page)
        text = page.locator("#checker-input").input_value()
        href = page.get_attribute("#checker-line", "href")
        assert _printed_row(page, href[1:]) == [str(line_number(page)),
                                                label(wild_in(text), wild)], text
    assert errors == []


@pytest.mark.parametrize("name", ["index", "paytable", "checker"])
def test_axe_finds_no_serious_or_critical_violation(games_site, browser, name):
    """axe-core (npm, installed by .ci/run) run in chromium on the index, a pay table's page and
    the checker after a deal."""
    require(AXE.exists(), f"axe-core ({AXE})")
    errors = []
    with serving(games_site) as base:
        url = base + ("index.html" if name == "index" else f"{SLUG}.html")
        page = open_page(browser, url, errors, bypass_csp=True)  # to inject axe itself
        within = None  # (the whole document)
        if name == "checker":
            page.fill("#checker-input", "As Ks Qs Js 9d")
            page.press("#checker-input", "Enter")
            page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
            page.click("#checker-hand .hand-card >> nth=0")
            within = "#checker"
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(SERIOUS, within)
    assert found == [], found
    assert errors == []
