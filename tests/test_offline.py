"""The site with no signal (issue 56: generator/site/offline.py, static/js/offline*.js) in Debian's
chromium: installable (Chrome's own installability check), and, over http on 127.0.0.1, a
player who opened a pay table and its card loses the network (Playwright's offline mode, and the
server stopped: nothing can come from it) and still reloads, follows links, checks a hand, trains,
works out a session and solves a pay table on the "Any pay table" page; a page never opened says
what is saved instead. A rebuild with a change is on the page at the next visit with signal, the
pages kept before are kept still, and one cache (the new build's) is left. From file:// nothing
registers and nothing is logged.
"""

import json
import re
import shutil
import struct
import time
from pathlib import Path

import pytest

from generator.bench.browser import serving
from generator.build import build_site
from generator.site import offline
from tests.test_any_page import exact_return, pay_fields, wait_for_measure
from tests.test_browser import open_page

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "site-content"
SLUG = "9-6-jacks-or-better"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def browser(browser):
    """conftest's chromium, its pages free to register the site's service worker (the other
    tests' pages are not)."""
    return browser.allowing_service_workers()


def until(page, script: str, what: str, seconds: float = 20) -> object:
    """Poll `script` until it is truthy (not wait_for_function: the pages' CSP forbids eval)."""
    from playwright.sync_api import Error

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            value = page.evaluate(script)
        except Error as error:  # the page reloaded itself meanwhile (offline.js): ask again
            if "context was destroyed" not in str(error):
                raise
            value = None
        if value:
            return value
        page.wait_for_timeout(50)
    raise AssertionError(f"no {what} in {seconds} s")


def controlled(page) -> None:
    until(page, "Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)",
          "service worker in charge of the page")


def ask_worker(page, message: dict) -> dict:
    """A question to the page's service worker (static/js/offline-worker.js), and its reply."""
    return page.evaluate("""message => new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller.postMessage(message, [channel.port2]);
    })""", message)


def check_royal_draw(page) -> None:
    page.fill("#checker-input", "As Ks Qs Js 9d")
    page.press("#checker-input", "Enter")
    page.wait_for_selector("#checker-evs tbody tr:nth-child(32)")
    assert page.inner_text("#checker-optimal") == "A♠ K♠ Q♠ J♠"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def check_stated_storage(total: int, core: int, estimate: int) -> None:
    """The user guide's storage of a full visit of one pay table is within 10% of `total`."""
    guide = (ROOT / "docs" / "user-guide" / "03-site.md").read_text(encoding="utf-8")
    print(f"offline storage: {total:,} bytes ({core:,} the core, {total - core:,} the pay "
          f"table); chromium's estimate {estimate:,} bytes")
    said = re.search(r"takes\s+\*\*([\d.]+) (kB|MB)\*\*", guide)
    assert said, "03-site.md states no storage: 'takes **N MB**'"
    stated = float(said.group(1)) * {"kB": 1e3, "MB": 1e6}[said.group(2)]
    assert abs(stated - total) <= total / 10, f"03-site.md says {said.group(0)}; measured {total:,}"


def test_the_icons_are_drawn_alike_from_the_cache_or_not_and_are_the_sizes_named(cache_folder):
    drawn = offline.app_files(use_cache=False)
    assert offline.app_files(use_cache=True) == drawn == offline.app_files(use_cache=True)
    assert png_size(drawn["icons/icon-512.png"]) == (512, 512)
    assert png_size(drawn["icons/apple-touch-icon.png"]) == (180, 180)


def test_the_build_is_named_by_every_file_and_its_cache_keeps_the_core_only_at_install():
    digests = {"index.html": "00", "any.html": "01", "any/jacks-or-better.js": "02",
               "static/js/cards.js": "03", "9-6-jacks-or-better.html": "04", "anyway.html": "05"}
    name = offline.build_id(digests)
    assert offline.build_id(dict(reversed(digests.items()))) == name  # (the order is no input)
    assert offline.build_id({**digests, "anyway.html": "06"}) != name
    assert offline.build_id({**digests, "anyway2.html": "05"}) != name
    assert offline.core_files(digests) == ["index.html", "any.html", "any/jacks-or-better.js",
                                           "static/js/cards.js"]


def test_the_site_is_an_installable_app_by_chromes_own_checks(sample_site, browser):
    manifest = json.loads((sample_site / offline.MANIFEST).read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "index.html"
    for icon in manifest["icons"]:
        data = (sample_site / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert f"{png_size(data)[0]}x{png_size(data)[1]}" == icon["sizes"]
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}index.html", errors)
        controlled(page)
        cdp = page.context.new_cdp_session(page)
        parsed = cdp.send("Page.getAppManifest")
        assert parsed["errors"] == [] and parsed["url"] == f"{base}manifest.webmanifest"
        # (Playwright's contexts are off the record, where Chrome never offers to install: that
        # one is the profile's, not the site's)
        found = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [e["errorId"] for e in found if e["errorId"] != "in-incognito"] == [], found
        page.context.close()
    assert errors == [], errors


def test_a_player_who_loses_signal_keeps_using_what_they_opened(sample_site, browser):
    errors = []
    with serving(sample_site) as base:
        page = open_page(browser, f"{base}{SLUG}.html", errors)
        controlled(page)
        page.wait_for_selector("#offline-keep-box:not([hidden])")
        assert page.locator("#offline-saved").is_hidden()
        page.click("#offline-keep")
        page.wait_for_selector("#offline-keep-status:has-text('Kept on this phone')")
        assert page.locator("#offline-keep").is_hidden()
        kept = ask_worker(page, {"type": "usage"})
        core = offline.core_files(offline.file_digests(sample_site))
        assert set(kept["kept"]) == set(core) | {f"{SLUG}.html", f"{SLUG}.json", f"{SLUG}.pdf",
                                                 f"{SLUG}-exact.html", f"rounds/{SLUG}.js"}
        assert kept["bytes"] == sum((sample_site / p).stat().st_size for p in kept["kept"])
        check_stated_storage(kept["bytes"], sum((sample_site / p).stat().st_size for p in core),
                             page.evaluate("navigator.storage.estimate().then(e => e.usage)"))
    # The network is cut, and the server is gone: whatever loads now is the phone's.
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline-saved:not([hidden])")
    check_royal_draw(page)
    page.click("#trainer-deal")
    page.click("#checker-none")
    page.click("#trainer-grade")
    until(page, "document.getElementById('trainer-score').textContent.startsWith('Score: 1 hand')",
          "trainer's score")
    page.click("#session-box summary")
    page.select_option("#session-play", "10")  # 10-play: the rounds' script, loaded now
    page.click("#session-form button")
    page.wait_for_selector("#session-result:not([hidden])")
    page.click(f"a[href='{SLUG}-exact.html']")
    page.wait_for_selector("#offline-saved:not([hidden])")
    assert page.url == f"{base}{SLUG}-exact.html"
    page.click("a.home")
    page.wait_for_selector(f"a[href='{SLUG}.html']")
    page.click("header a[href='any.html']")
    wait_for_measure(page, "any-prices", 1)  # the first game of the list, solved
    page.select_option("#any-game", "jacks-or-better")
    wait_for_measure(page, "any-prices", 2)
    pay_fields(page)["Flush"].fill("5")  # 9/5 Jacks or Better: solved here, offline
    wait_for_measure(page, "any-prices", 3)
    assert page.inner_text("#any-return-exact") == exact_return("9-5-jacks-or-better")
    never = next(p.name for p in sorted(sample_site.glob("*.html"))
                 if p.name not in kept["kept"] and not p.name.endswith("-exact.html"))
    page.goto(f"{base}{never}")
    assert page.inner_text("h1") == "Not saved on this phone"
    assert page.locator(f"main a[href='{SLUG}.html']").count() == 1
    page.context.close()
    assert errors == [], errors


def test_from_disk_there_is_no_worker_and_no_error(sample_site, browser):
    errors = []
    page = open_page(browser, (sample_site / f"{SLUG}.html").as_uri(), errors)
    check_royal_draw(page)
    assert page.evaluate("navigator.serviceWorker ? navigator.serviceWorker.controller : null") is None
    assert page.locator("#offline-keep-box").is_hidden() and page.locator("#offline-saved").is_hidden()
    page.context.close()
    assert errors == [], errors


def _about(content: Path, words: str) -> None:
    path = content / "pages" / "about.md"
    path.write_text(path.read_text() + f"\n{words}\n")


def test_a_new_build_is_on_the_page_at_the_next_visit_with_signal(tmp_path, browser):
    content = tmp_path / "content"
    shutil.copytree(FIXTURE, content)
    _about(content, "First build.")
    site = tmp_path / "site"
    build_site(content, site, progress=lambda *_: None)
    errors = []
    with serving(site) as base:
        page = open_page(browser, f"{base}{SLUG}.html", errors)
        controlled(page)
        page.goto(f"{base}about.html")
        assert "First build." in page.inner_text("main")
        page.context.set_offline(True)
        page.reload()
        page.wait_for_selector("#offline-saved:not([hidden])")
        _about(content, "Second build.")
        build_site(content, site, progress=lambda *_: None)  # swapped in under the server
        page.context.set_offline(False)
        page.reload()  # the saved copy, while the worker finds the new build and reloads it
        until(page, "document.querySelector('main').textContent.includes('Second build.')",
              "new build's page")
        new_id = offline.build_id(offline.file_digests(site))
        assert page.evaluate("caches.keys()") == [f"vpcharts-{new_id}"]
        page.context.set_offline(True)
        page.goto(f"{base}{SLUG}.html")  # kept under the old build, carried to the new one
        check_royal_draw(page)
        page.context.close()
    assert errors == [], errors


