"""The "Any pay table" page (any.html, static/js/any-ui.js) in Debian's chromium, against the
sample site (conftest.sample_site: every game), and its prices against Python's.

What a player at an unlisted machine does: picks the game, types the pays, reads the return (the
exact fraction Python's solver gives for those pays), the cards priced cheapest first with one
sentence saying which to carry, checks a deal (Python's 32 EVs); bookmarks the address and opens
it again; types a bad pay; opens the page from disk; reads it on a phone.
"""

import json
import os
import re
import subprocess
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.bench.browser import serving
from generator.core.cards import parse_hand
from generator.core.decimals import decimal
from generator.solve.cache import solve
from generator.solve.paytable import load_paytable
from tests.chromium import AXE, SERIOUS, require
from tests.test_browser import open_page
from tests.test_js import node

ROOT = Path(__file__).resolve().parents[1]
PAYTABLES = ROOT / "content" / "paytables"
JOB = "#game=jacks-or-better"
PAY_EXPECTED = 'a non-negative number: an integer, a decimal like 2.5, or a fraction like "4000/5"'
RECOMMEND = re.compile(r"Carry the (.+) (card|simple level): it plays this machine at \d+\.\d{4}%, "
                       r"(\d+\.\d{4}% below perfect play|the same as perfect play)\.")


def without_chart(page) -> None:
    """The page's chart worker as an empty script: a test of the return, prices, meter or
    checker does not wait on a derivation of seconds, and its CPU is not taken from them (the
    chart is tested below)."""
    page.route("**/chart-worker.js", lambda route: route.fulfill(body="", content_type="text/javascript"))


def wait_for_measure(page, name: str, count: int, tries: int = 3000) -> None:
    """Until the page has taken its count-th measure `name` (not wait_for_function: the CSP),
    looking every 20 ms (and the time a look takes) `tries` times."""
    for _ in range(tries):
        if page.evaluate(f"performance.getEntriesByName({name!r}).length") >= count:
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"no {name} #{count}")


def exact_return(slug: str) -> str:
    return str(solve(load_paytable(PAYTABLES / f"{slug}.toml"))[0].expected_return)


def pay_fields(page) -> dict[str, object]:
    labels = page.locator("#any-pay-fields label").all_inner_texts()
    return {label: page.locator("#any-pay-fields input").nth(i) for i, label in enumerate(labels)}


def price_rows(page) -> list[tuple[str, Fraction]]:
    rows = []
    for row in page.locator("#any-prices tbody tr").all():
        name, _, cost = row.locator("th, td").all_inner_texts()
        rows.append((name, Fraction(0) if cost == "none" else Fraction(cost.rstrip("%"))))
    return rows


def test_typing_pays_gives_the_exact_return_the_cards_priced_and_an_address(sample_site, browser):
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}any.html{JOB}", errors, before=without_chart)
        wait_for_measure(page, "any-prices", 1)
        assert page.inner_text("#any-reference").startswith("These are the pays of 9/6 Jacks or Better")
        assert page.inner_text("#any-return-exact") == exact_return("9-6-jacks-or-better")
        fields = pay_fields(page)
        assert list(fields) == ["Royal Flush", "Straight Flush", "Four of a Kind", "Full House",
                                "Flush", "Straight", "Three of a Kind", "Two Pair", "Jacks or Better"]
        fields["Flush"].fill("5")  # 9/5 Jacks or Better, not in the sample: an unlisted machine
        wait_for_measure(page, "any-prices", 2)
        assert page.inner_text("#any-return-exact") == exact_return("9-5-jacks-or-better")
        assert page.inner_text("#any-reference").startswith("The closest pay table of this game: ")
        assert "pays=800_50_25_9_5_4_3_2_1" in page.url
        rows = price_rows(page)
        assert len(rows) >= 3 and [cost for _, cost in rows] == sorted(cost for _, cost in rows)
        said = RECOMMEND.fullmatch(page.inner_text("#any-recommend"))
        assert said and rows[0][0].startswith(f"{said.group(1)} {said.group(2)}"), page.inner_text("#any-recommend")
        final = page.locator("#any-final tbody tr").count()
        assert final == 10  # nine paying hands and Nothing
    assert errors == []


def test_the_address_restores_the_pays_and_the_deal(sample_site, browser):
    pays = "800_200_25_15_9_5_3_2_2_1"  # Full Pay Deuces Wild
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}any.html#game=deuces-wild&pays={pays}&deal=2s+2h+Ks+Qs+9d",
                         errors, before=without_chart)
        wait_for_measure(page, "any-prices", 1)
        page.wait_for_selector("#any-evs tbody tr:nth-child(32)")
        assert [f.input_value() for f in pay_fields(page).values()] == pays.split("_")
        assert page.inner_text("#any-return-exact") == exact_return("full-pay-deuces-wild")
        assert page.input_value("#any-deal") == "2s 2h Ks Qs 9d"
        solution = solve(load_paytable(PAYTABLES / "full-pay-deuces-wild.toml"))[0]
        evs = sorted((Fraction(ev, solution.unit) for ev in
                      solution.deal_evs(parse_hand("2s 2h Ks Qs 9d"))), reverse=True)
        shown = [row.locator("td").first.inner_text()
                 for row in page.locator("#any-evs tbody tr").all()]
        assert shown == [decimal(ev, 4) for ev in evs]
        assert "the card" in page.locator("#any-evs tbody tr >> nth=0").inner_text()
    assert errors == []


@pytest.mark.parametrize("address, message", [
    (f"{JOB}&pays=abc_50_25_9_6_4_3_2_1", f'Royal Flush = "abc": expected {PAY_EXPECTED}'),
    (f"{JOB}&pays=800_50_25_9_6_4_3_2_1/0", f'Jacks or Better = "1/0": expected {PAY_EXPECTED} with a non-zero denominator'),
    (f"{JOB}&pays=0_0_0_0_0_0_0_0_0", "pays: expected at least one pay above zero"),
    ("#game=no-such-game", 'The address names no game here: "no-such-game". Pick one from the list.'),
    (f"{JOB}&pays=800_50", "The address has 2 pays; Jacks or Better has 9"),
])
def test_a_bad_address_or_pay_is_said_on_the_page(sample_site, browser, address, message):
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}any.html{address}", errors, before=without_chart)
        page.wait_for_selector("#any-error:not([hidden])")
        assert page.inner_text("#any-error").startswith(message)
        if message.startswith("The address has"):
            # (a notice: the pays are filled in from the game's table and solved)
            page.wait_for_selector("#any-result:not([hidden])")
        elif "pays" in message or "Flush" in message or "Jacks" in message:
            assert page.locator("#any-result").is_hidden()
    assert errors == []


def test_from_disk_the_page_solves_on_its_own_thread(sample_site, browser):
    errors = []
    page = open_page(browser, (sample_site / "any.html").as_uri() + "#game=double-joker-poker", errors)
    wait_for_measure(page, "any-prices", 1)
    table = page.evaluate("vpcharts.anyGames['double-joker-poker'].tables.find((t) => t.pays).slug")
    assert page.inner_text("#any-return-exact") == exact_return(table)
    assert page.locator("#any-prices tbody tr").count() >= 1
    assert errors == []


@pytest.mark.parametrize("width", [375, 1280])
def test_phone_and_desktop_widths_scroll_only_down(sample_site, browser, width, artifacts):
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}any.html#game=joker-poker-kings-or-better&deal=Jk+As+Ks+3d+7c",
                         errors, before=without_chart, viewport={"width": width, "height": 900})
        wait_for_measure(page, "any-prices", 1)
        page.wait_for_selector("#any-evs tbody tr:nth-child(32)")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(artifacts / f"any-{width}.png"), full_page=True)
    assert errors == []


@pytest.fixture
def artifacts(tmp_path):
    folder = Path(os.environ.get("VPCHARTS_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_axe_finds_no_serious_or_critical_violation_on_the_any_page(sample_site, browser):
    require(AXE.exists(), f"axe-core ({AXE})")
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}any.html{JOB}&deal=As+Ks+Qs+Js+9d", errors,
                         before=without_chart, bypass_csp=True)
        wait_for_measure(page, "any-prices", 1)
        page.wait_for_selector("#any-evs tbody tr:nth-child(32)")
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(SERIOUS, None)
    assert found == [], found
    assert errors == []


@pytest.mark.parametrize("slug, game", [("9-6-jacks-or-better", "jacks-or-better"),
                                        ("full-pay-deuces-wild", "deuces-wild"),
                                        ("joker-poker-kings-or-better", "joker-poker-kings-or-better")])
def test_the_pages_static_prices_are_the_browsers(sample_site, slug, game):
    """A pay table's page prices its game's cards in Python at build time (cards_played_here); the
    Any pay table page prices them in JavaScript: for the same pays, the same exact returns."""
    export = sample_site / f"{slug}.json"
    out = subprocess.run([node(), str(ROOT / "tests" / "js" / "price-site.mjs"), str(sample_site),
                          game, str(export)], capture_output=True, text=True, check=True, timeout=600)
    browser_prices = json.loads(out.stdout)
    python_prices = {f"{row['slug']}/{row['level']}": row["return"]["exact"]
                     for row in json.loads(export.read_text())["cards_played_here"]}
    assert browser_prices == python_prices


def test_every_game_of_the_site_has_its_data_script_and_a_place_in_the_list(sample_site):
    """One any/<id>.js per game (a game: the index's game and its lowest paying pair, as the
    sample counts them), each named in the page's game list, each pay table of the game in it."""
    from tests.sample import game_key, sample_slugs

    tables = [load_paytable(PAYTABLES / f"{slug}.toml") for slug in sample_slugs()]
    scripts = sorted(path.stem for path in (sample_site / "any").glob("*.js"))
    assert len(scripts) == len({game_key(t) for t in tables})
    page = (sample_site / "any.html").read_text(encoding="utf-8")
    assert sorted(re.findall(r'<option value="([^"]+)">', page)) == scripts
    listed = set()
    for name in scripts:
        text = (sample_site / "any" / f"{name}.js").read_text(encoding="utf-8")
        data = json.loads(text.rsplit("] = ", 1)[-1].rstrip(";\n"))
        listed |= {t["slug"] for t in data["tables"] if t["pays"]}
        assert data["levels"] and all(level["lines"] for level in data["levels"])
    assert listed == {t.slug for t in tables}


def test_find_my_machine_offers_the_any_page_right_under_the_box_when_nothing_matches(sample_site, browser):
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}index.html", errors, viewport={"width": 375, "height": 700})
        page.fill("#find-input", "9 7 5 4")
        assert page.inner_text("#find-count").startswith("0 of ")
        link = page.locator("#find-count a")
        assert link.get_attribute("href") == "any.html" and link.inner_text() == "Solve these pays here"
        assert link.bounding_box()["y"] < 700  # on the first screen of a phone
        page.fill("#find-input", "9 6")
        assert page.locator("#find-count a").count() == 0
        link = page.locator("#find-any")
        assert link.get_attribute("href") == "any.html"
    assert errors == []


def test_a_bad_deal_in_the_address_is_said_at_once_then_beside_its_field(sample_site, browser):
    """Issue 55: any.html#...&deal=As+As+As+As+As said nothing while the pays were solved (the
    deal's form is hidden with the result until then): now the address's line says it at once,
    and once the result shows, the line beside the deal's field says it instead (once)."""
    errors = []
    said = "'As As As As As' repeats As: expected 5 different cards"
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}any.html{JOB}&deal=As+As+As+As+As", errors, before=without_chart)
        page.wait_for_selector("#any-pay-fields input")
        assert page.evaluate("document.getElementById('any-error').hidden") is False
        assert page.inner_text("#any-error") == f"The address's deal: {said}"
        wait_for_measure(page, "any-prices", 1)
        assert page.locator("#any-error").is_hidden()
        assert page.inner_text("#any-deal-error") == said and page.is_visible("#any-deal-error")
        page.fill("#any-deal", "As Ks Qs Js 9d")  # and the page is still usable after
        page.click("#any-deal-form button")
        page.wait_for_selector("#any-evs tbody tr:nth-child(32)")
        assert page.locator("#any-deal-error").is_hidden()
    assert errors == []


@pytest.mark.parametrize("over", ["served", "file"])
def test_a_progressive_meter_is_worked_out_on_the_page_as_python_does(sample_site, browser, over):
    """The royal of 9/6 Jacks or Better as a meter from 4,000 to 8,000 coins: the page's returns
    at both ends, its break-even and its breakpoints are `vpcharts progressive`'s (progressive.py;
    the fractions themselves: tests/js/progressive.test.mjs), served (in the worker) and from
    disk (on the page's own thread); the address keeps the meter; a range the wrong way round
    is one line under the form."""
    from generator.solve.progressive import progressive
    from generator.strategy.progressive_report import meter_text

    table = load_paytable(PAYTABLES / "9-6-jacks-or-better.toml")
    moving = progressive(table, "royal_flush", Fraction(800), Fraction(1600))
    errors = []
    with serving(sample_site) as base:
        address = (base + "any.html" if over == "served" else (sample_site / "any.html").as_uri())
        page = open_page(browser, address + JOB, errors, before=without_chart)
        wait_for_measure(page, "any-prices", 1)
        assert [page.input_value("#any-meter-from"), page.input_value("#any-meter-to")] == [
            "4000", "8000"]  # (prefilled: the royal's pay, and twice it)
        page.click("#any-meter-form button")
        page.wait_for_selector("#any-meter-result:not([hidden])")
        summary = page.inner_text("#any-meter-summary")
        assert (f"from {decimal(moving.return_low * 100, 4)}% to "
                f"{decimal(moving.return_high * 100, 4)}%") in summary
        assert f"It is 100% at {meter_text(moving.break_even)} coins" in summary
        meters = page.eval_on_selector_all("#any-meter-points tbody tr td:first-child",
                                           "cells => cells.map((td) => td.textContent)")
        assert meters == [meter_text(p.pay) for p in moving.breakpoints]
        # The address keeps the meter: the link opened again works it out again.
        hash_ = page.evaluate("location.hash")
        assert "&meter=royal_flush:4000-8000" in hash_
        again = open_page(browser, address + hash_, errors, before=without_chart)
        again.wait_for_selector("#any-meter-result:not([hidden])")
        assert again.inner_text("#any-meter-summary") == summary
        page.fill("#any-meter-from", "9000")
        page.click("#any-meter-form button")
        assert page.inner_text("#any-meter-error") == "The meter's low end must be below its high end."
    assert errors == []


class _Canonical(HTMLParser):
    """HTML as a list of tags (attributes sorted) and texts (spaces collapsed), whoever wrote it:
    Jinja's markup and the DOM's serialization compare alike where they say the same."""

    def __init__(self):
        super().__init__()
        self.out = []

    def handle_starttag(self, tag, attrs):
        self.out.append(("<", tag, tuple(sorted((k, v or "") for k, v in attrs))))

    def handle_endtag(self, tag):
        self.out.append((">", tag))

    def handle_data(self, data):
        text = " ".join(data.split())
        if text:
            self.out.append(("text", text))


def canonical(html: str) -> list:
    parser = _Canonical()
    parser.feed(html)
    return parser.out


def chart_markup(slug: str, level: str = "exact") -> tuple[list, list, object]:
    """(the table, the key) as a catalogue page renders a level's (macros.html's level_table
    and key), of `slug`'s exact table or card level, with the Any page's ids for it; and the
    level (records.Level: its printed lines, cost and return)."""
    from generator.export.cache import export
    from generator.site import view
    from generator.site.paytable import _key
    from generator.site.render import Renderer

    data, _ = export(load_paytable(PAYTABLES / f"{slug}.toml"))
    lines, wild = data.levels[level].lines, data.rules.wild
    ids = {"exact": ("any-chart-table", "any-line-", "any-chart-key"),
           "card": ("any-card-table", "any-card-line-", "any-card-key")}[level]
    renderer = Renderer(ROOT / "templates")
    macros = renderer.env.from_string(
        '{% from "macros.html" import level_table, key %}'
        '{{ level_table(sections, ids[0], ids[1], wild) }}@@{{ key(entries, ids[2]) }}')
    table, key = macros.render(sections=view.section_rows(lines, wild, view.level_rows), wild=wild,
                               entries=_key(lines, data.rules, data.game), ids=ids).split("@@")
    return canonical(table), canonical(key), data.levels[level]


@pytest.mark.parametrize("game, slug", [("jacks-or-better", "9-6-jacks-or-better"),
                                        ("deuces-wild", "full-pay-deuces-wild")])
def test_the_exact_strategy_and_card_of_typed_pays_are_printed_as_the_catalogue_prints_them(
        sample_site, browser, game, slug):
    """Issue 57: the pays of a catalogue table typed, the page derives its exact table in its
    chart worker and prints it as a catalogue page prints a level: the same rows, numbers, words,
    sections, <abbr> titles, examples and key, markup for markup; checked on every suit class
    (0 misplays). Then it finds the card level from it, as the build does (static/js/levels.js),
    and prints it as the pay table's page prints its card, markup for markup, with the same
    return and cost; printed, the page is that card alone, on one page. Then new pays cancel
    the derivation under way: only the newest pays' chart is shown."""
    from generator.site import view

    table, key, exact = chart_markup(slug)
    printed = exact.printed
    card_table, card_key, card = chart_markup(slug, "card")
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}any.html#game={game}", errors)
        wait_for_measure(page, "any-chart", 1)
        assert page.inner_text("#any-chart-head") == f"The exact strategy for these pays: {printed} lines"
        assert canonical(page.inner_html("#any-chart .scroll")) == table
        assert canonical(page.evaluate("document.getElementById('any-chart-key').outerHTML")) == key
        said = page.inner_text("#any-chart > p")
        assert "checked here on every one of its " in said and ", 0 misplays." in said, said
        wait_for_measure(page, "any-card", 1, tries=6000)
        assert page.inner_text("#any-card-head") == f"The pocket card for these pays: {card.printed} lines"
        assert canonical(page.inner_html("#any-card .scroll")) == card_table
        assert canonical(page.evaluate("document.getElementById('any-card-key').outerHTML")) == card_key
        said = " ".join(page.inner_text("#any-card > p:nth-of-type(2)").split())
        assert (f"these lines return {card.return_.percent}, {card.cost_percent} less than perfect "
                f"play") in said, said
        assert view.choice_note(card) in said, said
        pages = len(re.findall(rb"/Type\s*/Page\b", page.pdf()))
        assert pages == 1, f"the printed card takes {pages} pages"
        if game == "jacks-or-better":  # new pays while deriving: the old chart never shows
            fields = pay_fields(page)
            fields["Flush"].fill("5")
            wait_for_measure(page, "any-prices", 2)
            page.wait_for_selector("#any-chart-progress-box:not([hidden])")
            fields["Flush"].fill("6")
            wait_for_measure(page, "any-chart", 2)
            assert canonical(page.inner_html("#any-chart .scroll")) == table
            assert page.evaluate("performance.getEntriesByName('any-chart').length") == 2
    assert errors == []


def test_from_disk_the_exact_strategy_and_card_are_derived_on_a_tap(sample_site, browser):
    """Opened as a file the page has no worker: it offers the derivation, which pauses the page,
    and derives it on a tap, then its pocket card."""
    table, _, _ = chart_markup("9-6-jacks-or-better")
    card_table, _, _ = chart_markup("9-6-jacks-or-better", "card")
    errors = []
    page = open_page(browser, (sample_site / "any.html").as_uri() + JOB, errors)
    wait_for_measure(page, "any-prices", 1)
    assert "pauses it" in page.inner_text("#any-chart")
    page.click("#any-chart button")
    wait_for_measure(page, "any-chart", 1)
    assert canonical(page.inner_html("#any-chart .scroll")) == table
    wait_for_measure(page, "any-card", 1, tries=6000)
    assert canonical(page.inner_html("#any-card .scroll")) == card_table
    assert errors == []


def test_a_game_too_heavy_for_a_phone_waits_to_be_asked_for_its_strategy(sample_site, browser):
    """Black Jack Bonus's 700,544 suit classes took 4 minutes and 1.9 GB to derive in chromium
    here (`vpcharts bench --any`): its page gives the return and the prices as any game's, but
    derives the strategy only on a tap, saying why, with no progress bar meanwhile."""
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}any.html#game=black-jack-bonus-poker", errors)
        wait_for_measure(page, "any-prices", 1)
        said = " ".join(page.inner_text("#any-chart").split())
        assert "has 700,544 suit classes, five times a standard deck's" in said, said
        assert page.inner_text("#any-chart button") == "Derive it anyway"
        assert page.locator("#any-chart-progress-box").is_hidden()
        assert page.evaluate("performance.getEntriesByName('any-chart').length") == 0
    assert errors == []


def test_only_a_game_over_the_class_limit_asks_first():
    """The data of a game of the standard deck (or the joker's) carries no chart_ask, so its
    page derives the strategy unasked, and its data script is as it was."""
    from generator.site.any_paytable import ASK_ABOVE_CLASSES, STANDARD_CLASSES, _chart_ask
    from generator.solve.cache import family_deck

    def classes(family):
        return len(family_deck(family).sizes)

    assert STANDARD_CLASSES == classes("natural") == 134_459  # the paper's count
    assert _chart_ask("Jacks or Better", STANDARD_CLASSES) == {}
    assert _chart_ask("Joker Poker", classes("joker")) == {}
    assert _chart_ask("Five Aces", ASK_ABOVE_CLASSES) == {}
    heavy = classes("black_jack_bonus")
    assert heavy > ASK_ABOVE_CLASSES
    assert "five times" in _chart_ask("Black Jack Bonus Poker", heavy)["chart_ask"]
