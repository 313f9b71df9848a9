"""The site build, end to end on a tiny fixture content folder (9/6 Jacks or Better and one
Markdown page): pages, links, CSP, strategy lines, the pocket card PDF, byte-identical rebuilds,
and broken inputs that stop the build with one line and leave the previous site untouched.

The export of 9/6 Jacks or Better costs about 40 s on a cold cache; it is built once per session
(`built`) and every other build here reads it from the cache.
"""

import json
import math
import re
import shutil
from collections import Counter
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.core.errors import ContentError, VpchartsError
from generator.export.cache import dumps
from generator.build import build_site
from generator.build.orchestrate import STATIC, TEMPLATES
from generator.site.render import CSP

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "site-content"
SLUG = "9-6-jacks-or-better"


class _Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.title, self.urls, self.ids, self.meta, self._in_title = "", [], set(), {}, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self._in_title = tag == "title"
        self.urls += [attrs[k] for k in ("href", "src") if attrs.get(k) is not None]
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "meta" and "http-equiv" in attrs:
            self.meta[attrs["http-equiv"]] = attrs.get("content")

    def handle_endtag(self, tag):
        self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.title += data


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("built") / "site"
    summary = build_site(FIXTURE, out, progress=lambda text: None)
    return out, summary


@pytest.fixture(scope="session")
def export_data(built):
    """The export the site was built from (its lines with their parts; the published JSON keeps
    their words only: `test_json_is_the_export_exactly`)."""
    from generator.export.cache import export
    from generator.solve.paytable import load_paytable

    return export(load_paytable(FIXTURE / "paytables" / f"{SLUG}.toml"))[0]


def test_build_writes_the_flat_layout_and_a_summary(built):
    out, summary = built
    for name in ("index.html", f"{SLUG}.html", f"{SLUG}-exact.html", f"{SLUG}.json",
                 f"{SLUG}.pdf", "about.html", "static/site.css"):
        assert (out / name).is_file(), name
    assert summary["paytables"] == 1 and summary["pages"] == 4 and summary["cards"] == 1
    assert summary["cards_missing"] == {} and summary["strategies_missing"] == {}
    assert not list(out.parent.glob("site.tmp-*")) and not list(out.parent.glob("site.old-*"))


def test_every_page_has_title_csp_nav_and_only_relative_links_that_resolve(built):
    out, _ = built
    pages = sorted(out.glob("*.html"))
    assert len(pages) == 5 and out / "any.html" in pages
    for path in pages:
        page = parse(path)
        assert page.title.strip(), path.name
        assert page.meta.get("Content-Security-Policy") == CSP, path.name
        assert "index.html" in page.urls, f"{path.name}: no link back to the index"
        text = path.read_text(encoding="utf-8")
        assert " style=" not in text and "<script>" not in text, path.name  # CSP: nothing inline
        for url in page.urls:
            assert not re.match(r"^(/|[a-z]+:|//)", url), f"{path.name}: absolute URL {url}"
            target, _, fragment = url.partition("#")
            if target:
                assert (out / target).is_file(), f"{path.name}: {url} does not resolve"
            if fragment and target.endswith(".html"):
                assert fragment in parse(out / (target or path.name)).ids, url


def test_paytable_page_leads_with_the_card_level_then_the_checker(built, export_data):
    import html

    out, _ = built
    text = (out / f"{SLUG}.html").read_text(encoding="utf-8")
    page = parse(out / f"{SLUG}.html")
    levels = export_data.levels
    card = levels["card"].lines
    assert levels["card"].printed <= 20 < levels["exact"].printed  # 9/6 JoB: 20 of 35
    assert {"summary", "strategy-card", "simple", "checker", "key-card"} <= page.ids
    for line in card:
        assert f"line-{line.number}" in page.ids
    # The order a player needs: first screen, card table, checker, simple level, final hands.
    order = [text.index(f'id="{name}"') for name in
             ("summary", "strategy-card", "checker", "simple", "final-hands")]
    assert order == sorted(order)
    first_screen = text[:text.index('id="strategy"')]
    for needle in ("99.543904%", levels["card"].return_.percent,
                   f"{levels['card'].printed} lines",
                   f'href="{SLUG}.pdf"', 'href="#checker"', f'href="{SLUG}-exact.html"',
                   '<abbr title="Full house">FH</abbr> 9', '<abbr title="Flush">F</abbr> 6'):
        assert needle in first_screen, needle
    assert "no flush penalty" in text  # penalty notes column (line 13: 3RF, no fp)
    # Every notation symbol is an <abbr> and in the key next to the table.
    assert '<abbr title="3 cards held, to a royal flush">3RF</abbr>' in text
    assert '<abbr title="high-card penalty: high cards discarded">hp</abbr>' in text
    # Example deals as cards with suit symbols: held ones marked, red suits coloured.
    assert '<span class="card held" title="held">T♣</span>' in text
    assert '<span class="card red">2♦</span>' in text
    # 9/6 Jacks or Better's simple level (15 lines within 0.10%) is not a quarter shorter than
    # its card (19): none is published, and the page says the card is already the simple
    # strategy, in the first screen and where the simple level would stand.
    derived = export_data.strategy.levels.simple
    assert levels["simple"] is None and not derived.published
    assert 4 * derived.printed > 3 * levels["card"].printed
    simple = text[text.index('<section id="simple">'):]
    simple = simple[:simple.index("</section>")]
    assert "The card is already the simple strategy" in simple
    assert "The card is already the simple strategy" in first_screen
    assert 'id="strategy-simple"' not in text and derived.cost_percent not in text
    assert 'value="simple"' not in text  # (nor does the checker offer it)
    assert "overflow-wrap: anywhere" not in (out / "static" / "site.css").read_text()


def test_exact_page_has_every_line_ce_numbers_and_the_plot(built, export_data):
    import html

    out, _ = built
    text = (out / f"{SLUG}-exact.html").read_text(encoding="utf-8")
    page = parse(out / f"{SLUG}-exact.html")
    assert "strategy-exact" in page.ids and "key-exact" in page.ids
    for line in export_data.levels["exact"].lines:
        assert f"line-{line.number}" in page.ids
    assert "1653526326983/1661102543100" in text and "<svg" in text and "<path d=" in text
    assert f'href="{SLUG}.html"' in text


def test_long_ce_lists_are_summed_up_and_listed_when_opened():
    from generator.site.view import CE_LIST_SHOWN, ce_ranges, ce_summary, line_rows

    runs = [[i * 3, i * 3 + 1] for i in range(1, 200)]
    line = _exported(1, (2, 0, "PAIR", ("h", "==", 0)), ce_numbers=runs, deals=5)
    assert line.text == "Low Pair"
    row = line_rows([line])[0]
    assert len(ce_ranges(runs)) > CE_LIST_SHOWN
    assert row.ce_summary == ce_summary(runs) == "398 CE numbers, 3 to 598"
    assert row.ce_numbers == ce_ranges(runs)  # the full list, in the <details>
    short = line_rows([replace(line, ce_numbers=((4, 6),))])[0]
    assert short.ce_summary == "" and short.ce_numbers == "4-6"


def test_json_is_the_export_exactly(built, export_data):
    out, _ = built
    from generator.site.view import published

    written = json.loads((out / f"{SLUG}.json").read_text(encoding="utf-8"))
    # (the build adds the bankroll figures: tests/test_bankroll.py checks them)
    figures = written.pop("bankroll")
    assert figures["exact"]["return"]["exact"] == str(export_data.solution.return_.exact)
    expected = json.loads(dumps(published(export_data)))
    assert expected.pop("bankroll") is None and written == expected
    assert "classes" not in published(export_data)["ce"]
    # A time would make two cold builds differ: the site's files depend on the inputs only.
    assert "derive_seconds" not in published(export_data)["strategy"]
    assert all("parts" not in line and "exception_holds" not in line
               for level in published(export_data)["strategy"]["levels"].values()
               for line in level["lines"])
    # (nor what the export works out for the pages alone: the game's facts for the index)
    assert "game" not in published(export_data)


def test_index_lists_the_table_with_its_figures_and_links(built, export_data):
    out, _ = built
    text = (out / "index.html").read_text(encoding="utf-8")
    lines = export_data.levels["card"].printed
    for needle in (f'href="{SLUG}.html"', f'href="{SLUG}.pdf"', "99.543904%", f"{lines} lines",
                   "<h2>Jacks or Better</h2>", 'data-pays="800|250|4000 50 25 9 6 4 3 2 1"',
                   '<abbr title="Full house">FH</abbr> 9', 'id="find-input"', "static/js/find.js",
                   # the abbreviations of the pays column, defined beside the table
                   '<abbr title="Full house">FH</abbr> full house, <abbr title="Flush">F</abbr> flush.'):
        assert needle in text, needle


def test_markdown_page_escapes_raw_html_and_its_title(built):
    out, _ = built
    text = (out / "about.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;" in text and "<script>" not in text
    assert "&lt;b&gt;not bold&lt;/b&gt;" in text
    assert "About &lt;these&gt; charts" in text  # autoescaped title
    assert "<table>" in text  # Markdown tables work


def test_pocket_card_is_one_page_with_every_line_embedded_fonts_and_no_tiny_text(built,
                                                                                 export_data):
    from pypdf import PdfReader

    from generator.site.symbols import key_for
    from generator.site.view import printed_lines

    reader = PdfReader(built[0] / f"{SLUG}.pdf")
    assert len(reader.pages) == 1
    page = reader.pages[0]
    sizes = Counter()

    def visit(text, cm, tm, font, size):
        if text.strip():
            sizes[round(size * math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3]), 2)] += 1

    flat = " ".join(page.extract_text(visitor_text=visit).split())
    assert "♠" in flat and "♥" in flat and "♦" in flat and "♣" in flat
    level = export_data.levels["card"]
    # The return played with this card, its cost, the page's address.
    assert level.return_.percent in flat and level.cost_percent in flat
    assert f"{SLUG}.html" in flat
    from generator.core.line_parts import used

    lines = level.lines
    for line in printed_lines(lines):  # a run of made hands is one printed line
        assert f"{line.number} {line.text}" in flat or line.notation in flat, line.text
    # The key: every symbol the lines use (these are in chart words: s, h, s+h, discards).
    for symbol, _ in key_for([used(line.parts, "text") for line in lines]):
        assert symbol in flat, symbol
    assert min(sizes) >= 7, sizes
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    assert (round(width), round(height)) == (298, 420)  # A6 in points
    fonts = page["/Resources"]["/Font"]
    assert fonts
    for font in fonts.values():
        font = font.get_object()
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font["/BaseFont"]  # embedded, not a system font
        assert "Card" in font["/BaseFont"]


def test_pocket_card_renders_to_the_same_bytes_twice(built, export_data):
    from generator.site.pocket import render_card
    from generator.site.render import Renderer

    renderer = Renderer(TEMPLATES)
    first = render_card(export_data, renderer, STATIC, use_cache=False)
    second = render_card(export_data, renderer, STATIC, use_cache=False)
    assert first.written and first.pdf == second.pdf
    assert first.pdf == (built[0] / f"{SLUG}.pdf").read_bytes()


def test_second_build_is_byte_identical_and_replaces_the_old_site(built, tmp_path):
    out = tmp_path / "site"
    out.mkdir()
    (out / "stale.html").write_text("from an earlier build")
    (out / ".vpcharts-site").write_bytes((built[0] / ".vpcharts-site").read_bytes())
    summary = build_site(FIXTURE, out, progress=lambda text: None)
    assert summary["exports_cached"] == 1
    assert files(out) == files(built[0])


@pytest.fixture
def old_site(built, tmp_path):
    """A previous build in tmp_path/site, and a checker that it survived untouched."""
    out = tmp_path / "site"
    shutil.copytree(built[0], out)
    before = files(out)

    def intact():
        assert files(out) == before
        assert not [p.name for p in tmp_path.iterdir() if p.name != "site" and
                    p.name.startswith("site.")], "temporary folder left behind"
    return out, intact


def _content(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    shutil.copytree(FIXTURE, content)
    return content


def _one_line_error(excinfo, *needles):
    message = str(excinfo.value)
    assert "\n" not in message
    for needle in needles:
        assert needle in message, message


def test_an_export_over_the_gzip_limit_is_named_on_every_build(built, tmp_path, monkeypatch):
    from generator.build import orchestrate as build_module

    monkeypatch.setattr(build_module, "JSON_LIMIT", 1000)
    for _ in range(2):  # the second time the size comes from the cache
        lines = []
        build_site(FIXTURE, tmp_path / "site", progress=lines.append)
        assert any(f"WARNING: {SLUG}.json is " in line and "gzipped, over the 1,000" in line
                   for line in lines)


def test_invalid_paytable_stops_the_build(old_site, tmp_path):
    out, intact = old_site
    content = _content(tmp_path)
    path = content / "paytables" / f"{SLUG}.toml"
    path.write_text(path.read_text().replace("flush = 6", "flush = -6"))
    with pytest.raises(ContentError) as excinfo:
        build_site(content, out, progress=lambda text: None)
    _one_line_error(excinfo, f"{SLUG}.toml", "pays.flush")
    intact()


def test_bad_front_matter_names_file_and_line(old_site, tmp_path):
    out, intact = old_site
    content = _content(tmp_path)
    (content / "pages" / "bad.md").write_text("---\ntitle: Fine\ncolour: red\n---\nText\n")
    with pytest.raises(ContentError) as excinfo:
        build_site(content, out, progress=lambda text: None)
    _one_line_error(excinfo, "bad.md:3", "colour: red", "title")
    intact()


def test_page_slug_may_not_collide_with_a_paytable(old_site, tmp_path):
    out, intact = old_site
    content = _content(tmp_path)
    (content / "pages" / f"{SLUG}.md").write_text("---\ntitle: Clash\n---\nText\n")
    with pytest.raises(ContentError) as excinfo:
        build_site(content, out, progress=lambda text: None)
    _one_line_error(excinfo, f"{SLUG}.md", "pay table")
    intact()


def test_unsafe_markdown_link_stops_the_build(old_site, tmp_path):
    out, intact = old_site
    content = _content(tmp_path)
    (content / "pages" / "x.md").write_text("---\ntitle: X\n---\n[go](javascript:alert(1))\n")
    with pytest.raises(ContentError) as excinfo:
        build_site(content, out, progress=lambda text: None)
    _one_line_error(excinfo, "x.md", "javascript:alert(1)")
    intact()


def test_broken_link_in_markdown_stops_the_build(old_site, tmp_path):
    out, intact = old_site
    content = _content(tmp_path)
    (content / "pages" / "x.md").write_text("---\ntitle: X\n---\n[gone](missing.html)\n")
    with pytest.raises(ContentError) as excinfo:
        build_site(content, out, progress=lambda text: None)
    _one_line_error(excinfo, "x.html", "missing.html", "a file of the built site")
    intact()


def test_pages_quote_figures_from_the_build(built, export_data):
    text = (built[0] / "about.html").read_text(encoding="utf-8")
    card = export_data.levels["card"].cost_percent
    assert f"The 9/6 table returns 99.543904%; its card costs {card}." in text
    assert "[[" not in text


def test_unknown_figure_in_a_page_stops_the_build(old_site, tmp_path):
    out, intact = old_site
    content = _content(tmp_path)
    (content / "pages" / "x.md").write_text(
        "---\ntitle: X\n---\n[[9-6-jacks-or-better card.cost]]\n")
    with pytest.raises(ContentError) as excinfo:
        build_site(content, out, progress=lambda text: None)
    _one_line_error(excinfo, "x.md", "card.cost", "card.cost_percent")
    intact()
    # A level not published (9/6 Jacks or Better's card is already its simple strategy) has no
    # figures to quote.
    (content / "pages" / "x.md").write_text(
        "---\ntitle: X\n---\n[[9-6-jacks-or-better simple.cost_percent]]\n")
    with pytest.raises(ContentError) as excinfo:
        build_site(content, out, progress=lambda text: None)
    _one_line_error(excinfo, "x.md", "simple.cost_percent", "card.cost_percent")
    intact()


def _templates(tmp_path: Path) -> Path:
    folder = tmp_path / "templates"
    shutil.copytree(TEMPLATES, folder)
    return folder


def test_template_syntax_error_names_file_and_line(old_site, tmp_path):
    out, intact = old_site
    templates = _templates(tmp_path)
    (templates / "page.html").write_text('{% extends "base.html" %}\n{% block main %}\n{% if %}\n')
    with pytest.raises(ContentError) as excinfo:
        build_site(FIXTURE, out, progress=lambda text: None, templates_dir=templates)
    _one_line_error(excinfo, "page.html:3")
    intact()


def test_undefined_name_in_a_template_stops_the_build_after_work_began(old_site, tmp_path):
    out, intact = old_site
    templates = _templates(tmp_path)
    path = templates / "paytable.html"
    lines = path.read_text().splitlines()
    lines.insert(5, "{{ export.no_such_field.oops }}")
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ContentError) as excinfo:
        build_site(FIXTURE, out, progress=lambda text: None, templates_dir=templates)
    _one_line_error(excinfo, "paytable.html:6", "no_such_field")
    intact()


def test_interrupted_build_leaves_the_old_site(old_site):
    out, intact = old_site

    def progress(text):  # Ctrl-C while the first pay table is written
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_site(FIXTURE, out, progress=progress)
    intact()


def test_card_takes_the_first_layout_that_fits(export_data):
    """render_card searches the layouts in few renders; the answer must be the first layout, in
    order, whose card is one page, as trying them all in turn finds it (or two columns of text,
    where one column fits only below ONE_COLUMN_UNTIL: the next test)."""
    import weasyprint

    from generator.site.pocket import LAYOUTS, MIN_SIZE, SIZES, card_html, card_lines, render_card
    from generator.site.render import Renderer
    from generator.site.settings import Settings

    renderer = Renderer(TEMPLATES)
    for count in (40, 50):  # 40 lines: an early layout; 50 lines: a late one
        lines = (export_data.levels["exact"].lines * 2)[:count]
        data = _with_card(export_data, lines)
        level = data.levels["card"]
        wordings = card_lines(level.lines)

        def pages_at(layout, size):
            return len(weasyprint.HTML(string=card_html(
                renderer, data, level, wordings, layout, size, Settings()),
                base_url=str(STATIC) + "/").render().pages)

        pages = [pages_at(layout, MIN_SIZE) for layout in LAYOUTS]
        first = next(layout for layout, n in zip(LAYOUTS, pages) if n == 1)
        result = render_card(data, renderer, STATIC, use_cache=False)
        name, size = result.layout.rsplit(", ", 1)
        if first == LAYOUTS[0] and name == LAYOUTS[1].name:
            first = LAYOUTS[1]  # (one column at under ONE_COLUMN_UNTIL: checked below)
        assert name == first.name, pages
        # The largest type that fits: the chosen size fits, the next size up does not.
        size = float(size.removesuffix(" pt"))
        assert pages_at(first, size) == 1
        bigger = [s for s in SIZES if s > size]
        assert not bigger or pages_at(first, bigger[0]) > 1


@pytest.mark.parametrize("count", [20, 30])
def test_a_card_of_short_lines_too_many_for_comfortable_type_takes_two_columns(export_data,
                                                                             count):
    """Short lines in one column leave half the page empty while the type shrinks to fit its
    height (Double Double Bonus's 29 lines took 7 pt): below ONE_COLUMN_UNTIL, two columns of
    the same words are taken where their type is larger, and from it one column is kept."""
    import weasyprint

    from generator.site.pocket import (LAYOUTS, ONE_COLUMN_UNTIL, SIZES, card_html, card_lines,
                                       render_card)
    from generator.site.render import Renderer
    from generator.site.settings import Settings

    renderer = Renderer(TEMPLATES)
    short = [line for line in export_data.levels["exact"].lines if len(line.text) <= 24]
    data = _with_card(export_data, (short * (1 + count // len(short)))[:count])
    level = data.levels["card"]
    wordings = card_lines(level.lines)

    def largest(layout):
        fitting = [size for size in SIZES if len(weasyprint.HTML(string=card_html(
            renderer, data, level, wordings, layout, size, Settings()),
            base_url=str(STATIC) + "/").render().pages) == 1]
        return max(fitting, default=None)

    one, two = largest(LAYOUTS[0]), largest(LAYOUTS[1])
    result = render_card(data, renderer, STATIC, use_cache=False)
    if count == 20:
        assert one >= ONE_COLUMN_UNTIL  # (what the case is for)
        assert result.layout == f"one column, {one:g} pt"
    else:
        assert one is not None and one < ONE_COLUMN_UNTIL < two  # (what the case is for)
        assert result.layout == f"two columns, {two:g} pt"


def test_a_count_and_its_value_stay_on_one_row(built, export_data):
    """'s+h ≥ 3' is never split over two rows of a narrow column: its spaces are no-break
    spaces on the card and on the pages (the words in the export keep plain spaces)."""
    from generator.site.pocket import LAYOUTS, MIN_SIZE, card_html, card_lines
    from generator.site.render import Renderer
    from generator.site.settings import Settings

    texts = [line.text for line in export_data.levels["exact"].lines]
    counted = [t for t in texts if re.search(r" [≥≤=] \d", t)]
    assert counted  # (what the test is for: 9/6 Jacks or Better says "s+h ≥ 2")
    level = export_data.levels["card"]
    card = card_html(Renderer(TEMPLATES), export_data, level, card_lines(level.lines),
                     LAYOUTS[1], MIN_SIZE, Settings())
    page = (built[0] / f"{SLUG}-exact.html").read_text(encoding="utf-8")
    for html in (card, page):
        assert "\u00a0≥\u00a0" in html
        assert not re.search(r" [≥≤] \d", html)


def test_long_card_overflow_is_found_from_its_first_lines(export_data, monkeypatch):
    """A long table is laid out from its first PREFIX lines: the lines it reports overflowing
    must be those of laying out the whole card."""
    import weasyprint

    from generator.site import pocket
    from generator.site.render import Renderer
    from generator.site.settings import Settings

    monkeypatch.setattr(pocket, "PREFIX", 200)  # more than a page of these lines
    renderer = Renderer(TEMPLATES)
    data = _with_card(export_data, export_data.levels["exact"].lines * 8)
    result = pocket.render_card(data, renderer, STATIC, use_cache=False)
    wordings = pocket.card_lines(data.levels["card"].lines)
    whole = weasyprint.HTML(string=pocket.card_html(
        renderer, data, data.levels["card"], wordings, pocket.LAYOUTS[-1], pocket.MIN_SIZE,
        Settings()), base_url=str(STATIC) + "/").render()
    assert not result.written and len(whole.pages) > 2
    assert result.overflow == tuple(pocket._overflowing_lines(whole))


def _with_card(export, lines):
    """The export with a card level of these lines, numbered 1, 2, 3, ... (one printed line
    each)."""
    lines = tuple(replace(line, number=i, row=i) for i, line in enumerate(lines, 1))
    levels = export.strategy.levels
    return replace(export, strategy=replace(export.strategy, levels=replace(
        levels, card=replace(levels.card, lines=lines))))


def test_layout_search_finds_the_first_fit_from_any_guess():
    """first_true, on every test that stays true once true over six layouts (and on none), from
    every guess: the first true index, with the guess right in at most two tries."""
    from generator.site.pocket import first_true

    n = 6
    for first in range(n + 1):  # first == n: nothing fits
        for guess in range(n + 1):
            tried = []

            def test(i):
                tried.append(i)
                return i >= first

            assert first_true(test, guess, n) == (None if first == n else first)
            assert len(set(tried)) == len(tried)  # nothing rendered twice
            if guess == first:
                assert len(tried) <= 2


def test_card_that_does_not_fit_fails_the_build(old_site, tmp_path):
    """A card that does not fit one page (here: margins that leave no room) stops the build
    with one line, and the old site stays."""
    out, intact = old_site
    templates = _templates(tmp_path)
    css = templates / "card.css"
    css.write_text(css.read_text().replace("margin: 4mm 4mm 3.5mm 4mm", "margin: 62mm 4mm")
                   .replace("margin: 3mm 3mm 2.5mm 3mm", "margin: 62mm 3mm"))
    content = _content(tmp_path)
    with pytest.raises(ContentError) as excinfo:
        build_site(content, out, progress=lambda text: None, templates_dir=templates)
    _one_line_error(excinfo, SLUG, "pocket card", "fits one A6 page", "overflow")
    intact()


def test_us_card_size_from_the_settings(export_data):
    from pypdf import PdfReader
    import io

    from generator.site.pocket import render_card
    from generator.site.render import Renderer
    from generator.site.settings import Settings

    result = render_card(export_data, Renderer(TEMPLATES), STATIC, use_cache=False,
                         settings=Settings(url="https://example.org/vp/", card_size="4x6in"))
    page = PdfReader(io.BytesIO(result.pdf)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (288, 432)
    assert f"https://example.org/vp/{SLUG}.html" in " ".join(page.extract_text().split())


@pytest.mark.parametrize("text, needle", [
    ('url = "ftp://x"', "url = 'ftp://x': expected an http(s) address"),
    ('[cards]\nsize = "A5"', "cards.size = 'A5': expected one of A6, 4x6in"),
    ('[cards]\nmust_fit = true', "cards.must_fit = True: expected 'size', the only key"),
    ('colour = "red"', "colour = 'red': expected one of the keys"),
])
def test_bad_settings_name_the_file_and_field(tmp_path, text, needle):
    from generator.site.settings import load_settings

    (tmp_path / "site.toml").write_text(text + "\n")
    with pytest.raises(ContentError) as excinfo:
        load_settings(tmp_path)
    _one_line_error(excinfo, "site.toml", needle)


def test_cli_build_prints_a_summary_and_one_line_errors(built, tmp_path, capsys):
    from generator.cli import main

    out = tmp_path / "site"
    assert main(["--content", str(FIXTURE), "build", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "[1/1] 9/6 Jacks or Better" in printed
    assert re.search(r"1 pay table, 4 pages, 1 pocket card in [\d.]+ s", printed)
    content = _content(tmp_path)
    (content / "pages" / "about.md").write_text("no front matter\n")
    assert main(["--content", str(content), "build", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("vpcharts: error: ") and "about.md:1" in err and "\n" not in err
    assert issubclass(ContentError, VpchartsError)


def test_serve_prints_its_url_and_serves_the_site(built):
    import subprocess
    import sys
    import urllib.request

    root = Path(__file__).resolve().parents[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "generator", "serve", "--out", str(built[0]), "--port", "0"],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**__import__("os").environ, "PYTHONPATH": str(root)})
    try:
        line = process.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/", line).group(0)
        with urllib.request.urlopen(url + f"{SLUG}.html", timeout=10) as response:
            assert response.status == 200 and b"strategy-card" in response.read()
    finally:
        process.terminate()
        process.wait(timeout=10)


def _exported(number, held, rank_sets=(), family="natural", deal_text=str, **more):
    """A line as the export holds it (export/records.py's `Line`), its parts and words described
    from `held` ((n, w, kind, *conditions), conditions by name): what the site renders."""
    from generator.core.line_parts import notation, parts_json, text
    from generator.core.records import from_json
    from generator.export.records import Line
    from generator.strategy import features as P
    from generator.strategy.describe import line_parts
    from tests.exports import line_json

    named = [("n", "==", held[0]), ("w", "==", held[1]), ("kind", "==", held[2]), *held[3:]]
    conditions = tuple(P.condition_named(*c) for c in named)
    parts = line_parts(conditions, rank_sets, family, deal_text, high=9 if family == "natural"
                       else 11 if family == "joker" else 13)
    # (the conditions exported may be given: the ones the checker plays to show a deal's hold)
    more.setdefault("conditions", [list(c) for c in named])
    return from_json(Line, line_json(number, notation(parts), text(parts),
                                     parts=parts_json(parts), **more))


def _ranks(*sets) -> list[int]:
    from generator.core.cards import RANKS

    return [sum(1 << RANKS.index(r) for r in ranks) for ranks in sets]


def test_exception_lines_point_to_their_deals_listed_under_the_table():
    """On the exact page and in the checker an exception line names its deals' place, not them."""
    from generator.core.records import from_json, to_json
    from generator.export.compute import exception_holds
    from generator.export.records import Level
    from generator.site.paytable import checker_levels
    from generator.site.view import exception_notes, line_json, line_rows
    from tests.exports import level_json

    deals = ["3d 4h 7d Qc Kc", "2d 4h 6d Tc Jk"]
    # (the conditions played to show each deal's hold are the pair's and the deals alone)
    lines = [_exported(1, (2, 0, "PAIR"), family="joker", conditions=[["n", "==", 2]]),
             _exported(2, (2, 0, "RF", ("s", ">=", 3), ("deal", "in", 0)), [{0, 1}], "joker",
                       deals.__getitem__, row=5,
                       conditions=[["n", "==", 2], ["deal", "in", deals]])]
    assert lines[1].text == ("2 to a Royal Flush: s ≥ 3, only in the deals 3d 4h 7d Qc Kc or "
                             "2d 4h 6d Tc Jk (or the same with suits exchanged)")
    # (the export plays each deal of an exception line for the page: export/compute.py)
    lines = [replace(line, exception_holds=exception_holds(line, "joker", 11)) for line in lines]
    assert lines[0].exception_holds == ()
    notes = exception_notes(lines, "joker")
    # Linked to line-2, printed as the table's second printed line (the lines' `row`, 1 and 5,
    # numbered as printed, without a gap); each deal with the cards the line holds first
    # (2 to a Royal Flush: the suited QK, the suited T and joker), suits as symbols.
    assert [(n.number, n.row, n.hold, [tuple(" ".join(c.text for c in part) for part in deal)
                                       for deal in n.deals]) for n in notes] == [
        (2, 2, "2 to a Royal Flush", [("Q♣ K♣", "3♦ 4♥ 7♦"), ("T♣ Jk", "2♦ 4♥ 6♦")])]
    assert [c.red for c in notes[0].deals[0][1]] == [True, True, True]  # (♦ ♥ ♦: red on screen)
    rows = line_rows(lines)
    assert rows[0].text == "Pair"
    assert rows[1].text == ("2 to a Royal Flush: s ≥ 3, only in the deals listed under the "
                            "table")
    assert rows[1].notation == "2RF: s≥3, exception (deals under the table)"
    assert rows[1].hold == "2 to a Royal Flush: s ≥ 3"
    assert "Tc" not in rows[1].hold + rows[1].notation + " ".join(rows[1].notes)
    # The checker names the deal it checks among the line's deals, not all of them: one deal is
    # "this deal", several are under the exact table; its conditions still name every deal. It
    # embeds the lines' words, not their parts.
    level = from_json(Level, level_json(lines=[to_json(line) for line in lines], printed=5))
    said = checker_levels({"exact": level, "card": level, "simple": level})
    assert len(said["tables"]) == 1
    # (each with the numbers it is printed with: one table, not split, numbered as printed)
    assert said["tables"][0][0] == dict(line_json(lines[0]), printed=[[None, 1, None]])
    assert "parts" not in said["tables"][0][0] and "exception_holds" not in said["tables"][0][0]
    assert said["tables"][0][1]["printed"] == [[None, 2, None]]
    assert said["tables"][0][1]["text"] == ("2 to a Royal Flush: s ≥ 3, only in the deals listed "
                                            "under the exact table, this one among them")
    assert said["tables"][0][1]["conditions"] == to_json(lines[1].conditions)
    one = _exported(2, (2, 0, "RF", ("deal", "in", 0)), [{0}], "joker", deals.__getitem__,
                    conditions=[["deal", "in", deals[:1]]])
    assert one.text == ("2 to a Royal Flush: only in the deal 3d 4h 7d Qc Kc (or the same "
                        "with suits exchanged)")
    assert checker_levels({"exact": replace(level, lines=(one,)), "card": level,
                           "simple": level})[
        "tables"][0][0]["text"] == ("2 to a Royal Flush: only in this deal (or the same with "
                                    "suits exchanged)")


def test_level_rows_join_a_run_of_made_hands_and_keep_a_lines_notes_apart():
    from generator.site.view import level_rows

    lines = [_exported(1, (5, 0, "FULL_HOUSE")), _exported(2, (5, 0, "F"), row=1),
             _exported(3, (3, 0, "SF", ("sh", ">=", 2), ("hp", "==", 0)), row=2)]
    assert lines[2].text == "3 to a Straight Flush: s+h ≥ 2, no high card discarded"
    rows = level_rows(lines)
    assert [(r.number, r.hold, r.notes, r.also) for r in rows] == [
        (1, "Full House, Flush", [], (2,)),
        (3, "3 to a Straight Flush: s+h ≥ 2", ["no high card discarded"], ())]


def test_a_lines_hold_and_penalty_notes_and_compact_notation_come_from_its_parts():
    """What narrows the hold stays with it (rank lists, s, s+h, high cards and ranks held, a
    score); what tests the discards is a note; the compact notation lists rank sets with
    spaces. Each read from the line's parts (generator/core/line_parts.py), not from its words."""
    from generator.site.view import line_rows

    def split(held, rank_sets=(), family="natural"):
        row = line_rows([_exported(1, held, rank_sets, family)])[0]
        return row.hold, row.notes

    assert split((3, 0, "RF", ("sp", "==", 0), ("disc", "lacks", 8))) == (
        "3 to a Royal Flush", ["no straight penalty", "no T discarded"])
    assert split((3, 0, "SF", ("ranks", "in", 0), ("ds", "<=", 1)),
                 [set(_ranks("KQ9", "KJ9"))]) == (
        "3 to a Straight Flush: KQ9 or KJ9", ["no two discards of one suit"])
    # High cards held narrow the hold; high cards discarded are a penalty.
    assert split((3, 0, "SF", ("h", "==", 1), ("hp", "<=", 1))) == (
        "3 to a Straight Flush: 1 high card", ["at most 1 high card discarded"])
    assert split((3, 0, "RF", ("sh", ">=", 4))) == ("3 to a Royal Flush: s+h ≥ 4", [])
    # A score and the ranks held narrow the hold too.
    assert split((3, 0, "RF", ("shf", ">=", 3), ("sp", "==", 0))) == (
        "3 to a Royal Flush: s+h−fp ≥ 3", ["no straight penalty"])
    assert split((4, 0, "F", ("ranks", "lacks", 9), ("ranks", "lacks", 10),
                  ("disc", "lacks", 10))) == ("4 to a Flush: no J or Q held", ["no Q discarded"])
    assert split((4, 0, "F", ("ranks", "has", 12), ("ranks", "has", 11))) == (
        "4 to a Flush: holding an A and a K", [])
    assert split((0, 0, "NONE")) == ("Discard everything", [])
    # The best single card keeps its rank with the hold (the words had "J: no flush penalty"
    # read as a note).
    best = split((1, 0, "SF", ("ranks", "==", _ranks("J")[0]), ("best", "==", 1),
                  ("fp", "==", 0)), family="joker")
    assert best == ("The best single card: J", ["no flush penalty"])
    from generator.site.view import printed_lines

    def compact(held, rank_sets=()):
        return printed_lines([_exported(1, held, rank_sets)])[0].compact

    assert compact((3, 0, "SF", ("ranks", "in", 0), ("ds", "<=", 1)),
                   [set(_ranks("KJ9", "JT7", "J97"))]) == "3SF: KJ9 JT7 J97, ds≤1"
    assert compact((1, 0, "RF", ("ranks", "in", 0), ("hp", "==", 0)),
                   [set(_ranks("A", "Q", "J"))]) == "1RF: A Q J, no hp"


def test_view_helpers_read_example_deals():
    from generator.site.view import ce_ranges, example_cards

    assert ce_ranges([[4, 6], [9, 9], [11, 12]]) == "4-6, 9, 11-12"
    cards = example_cards("[Tc Jc] 2d Jk 3h")
    assert [(c.text, c.held, c.red) for c in cards] == [
        ("T♣", True, False), ("J♣", True, False), ("2♦", False, True), ("Jk", False, False),
        ("3♥", False, True)]


def test_a_last_line_deciding_no_deal_is_in_the_checker_with_no_printed_number():
    """A wild game's level whose catch-all decides no deal (a card of Joker Poker Two Pair
    16/8/5/4 once did): no section prints that line, so it has no printed number, and the
    checker still embeds it (it never names it: no deal reaches it) where the build stopped
    on a KeyError."""
    from generator.core.records import from_json, to_json
    from generator.export.records import Level
    from generator.site.paytable import checker_levels
    from tests.exports import level_json

    lines = [_exported(1, (1, 1, "WILD"), family="joker", wild_dealt=[1]),
             _exported(2, (2, 0, "PAIR"), family="joker", row=2, wild_dealt=[0]),
             _exported(3, (0, 0, "NONE"), family="joker", row=3, wild_dealt=[])]
    level = from_json(Level, level_json(lines=[to_json(line) for line in lines], printed=3))
    said = checker_levels({"exact": level, "card": level, "simple": level}, "joker")
    assert [line["printed"] for line in said["tables"][0]] == [
        [[1, 1, "With the joker"]], [[0, 2, "Without the joker"]], []]


def test_the_pay_tables_unit_note_names_its_top_pay_not_its_first_line():
    """Joker Poker Two Pair 500 Royal pays five of a kind 800 a coin and its natural royal,
    listed first, 100: the note on the units names the five of a kind (the first of equal top
    pays otherwise, as for every royal-topped table)."""
    from fractions import Fraction

    from generator.export.records import Pay
    from generator.site.view import per_coin_example

    royal = Pay("natural_royal", "Natural Royal Flush", Fraction(100))
    five = Pay("five_of_a_kind", "Five of a Kind", Fraction(800))
    assert per_coin_example([royal, five]) == "Five of a Kind: 4,000 for 5 coins is 800 a coin"
    assert per_coin_example([replace(royal, pay=Fraction(800)), five]).startswith("Natural Royal")
