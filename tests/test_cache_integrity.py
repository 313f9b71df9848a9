"""Every cache entry carries a checksum of its contents and the code and library versions that
made it: an edited, truncated or foreign export or pocket card is computed again, never
published. And the PDFs are the same bytes whenever they are rendered, with either subsetter."""

import contextlib
import json
import time
from pathlib import Path

import pytest

from generator.export import cache as export_module
from generator.core import store
from generator.solve.paytable import load_paytable
from generator.site import pocket
from generator.build.orchestrate import STATIC, TEMPLATES
from generator.site.render import Renderer

ROOT = Path(__file__).resolve().parents[1]
TABLE = ROOT / "tests" / "fixtures" / "site-content" / "paytables" / "9-6-jacks-or-better.toml"


@pytest.fixture(scope="session")
def warm():
    """(table, export, its cache entry's bytes), from the shared cache (computed once if cold)."""
    table = load_paytable(TABLE)
    export_module.export(table)
    data = export_module.read_cached(table)
    return table, data, export_module.cache_path(table).read_bytes()


@pytest.fixture
def private(warm, cache_folder):
    """The warm export entry copied into a private cache folder, where tests may damage it."""
    table, data, entry = warm
    path = export_module.cache_path(table)
    path.parent.mkdir(parents=True)
    path.write_bytes(entry)
    return table, data, path


# -- the sealed format ----------------------------------------------------------------------

def test_seal_round_trip_and_every_kind_of_damage():
    meta = {"kind": "test", "code": "abc"}
    sealed = store.seal(b"payload bytes", meta)
    assert store.unseal(sealed, meta) == b"payload bytes"
    head, _, payload = sealed.partition(b"\n")
    assert store.unseal(head + b"\n" + payload[:-1], meta) is None          # truncated
    assert store.unseal(head + b"\n" + b"P" + payload[1:], meta) is None    # edited
    assert store.unseal(payload, meta) is None                              # no header
    assert store.unseal(sealed, dict(meta, code="abd")) is None             # other code
    header = json.loads(head)
    header["libs"] = dict(header["libs"], numpy="0.0")
    assert store.unseal(json.dumps(header).encode() + b"\n" + payload, meta) is None  # foreign


def test_a_derived_fact_is_kept_and_computed_again_when_its_entry_is_damaged(cache_folder):
    calls = []

    def count(data):
        calls.append(data)
        return len(data)

    assert store.derived("test", b"abc", "v1", count) == 3
    assert store.derived("test", b"abc", "v1", count) == 3 and len(calls) == 1  # kept
    assert store.derived("test", b"abc", "v2", count) == 3 and len(calls) == 2  # other code
    for entry in (cache_folder / "test").glob("*.json"):
        entry.write_bytes(entry.read_bytes().replace(b"\n3", b"\n4"))  # edited by hand
    assert store.derived("test", b"abc", "v2", count) == 3 and len(calls) == 3


# -- exports --------------------------------------------------------------------------------

def test_an_intact_export_entry_is_used(private):
    table, data, _ = private
    assert export_module.read_cached(table) == data
    assert export_module.export(table) == (data, True)


def test_an_edited_return_is_never_published(private, monkeypatch):
    table, data, path = private
    text = path.read_bytes()
    assert text.count(b"99.543904%") >= 1
    path.write_bytes(text.replace(b"99.543904%", b"99.943904%"))
    assert export_module.read_cached(table) is None

    class Recomputed(Exception):
        pass

    def compute(table, use_cache=True):
        raise Recomputed  # the real one takes 40 s; that it is called is the point
    monkeypatch.setattr("generator.export.compute.compute", compute)
    with pytest.raises(Recomputed):
        export_module.export(table)


@pytest.mark.parametrize("damage", ["truncated", "other code", "other pay table", "bare JSON",
                                    "not the records"])
def test_damaged_or_foreign_export_entries_are_not_read(private, damage):
    table, data, path = private
    entry = path.read_bytes()
    head, _, payload = entry.partition(b"\n")
    header = json.loads(head)
    if damage == "truncated":
        path.write_bytes(entry[: len(entry) // 2])
    elif damage == "other code":
        header["code"] = "0" * 16
        path.write_bytes(json.dumps(header).encode() + b"\n" + payload)
    elif damage == "other pay table":  # a sealed entry of another table under this name
        other = load_paytable(ROOT / "content" / "paytables" / "8-5-bonus-poker.toml")
        path.write_bytes(store.seal(payload, export_module._entry_meta(other)))
    elif damage == "bare JSON":  # the format before entries were sealed
        path.write_bytes(payload)
    else:  # sealed as this code's, but a field of another type (a fraction as a number)
        data = json.loads(payload)
        data["solution"]["return"]["exact"] = 0.99543904
        path.write_bytes(store.seal(json.dumps(data).encode(), export_module._entry_meta(table)))
    assert export_module.read_cached(table) is None


# -- Ultimate X exports ---------------------------------------------------------------------

@pytest.fixture(scope="session")
def ux_warm():
    """(game, export, its cache entry's bytes) of 8/6 Jacks or Better Ultimate X, 3-play, from
    the shared cache (computed once if cold: about a minute)."""
    from generator.ultimate_x import export as ux
    from generator.ultimate_x.game import load_games_of_file
    from generator.solve.paytable import load_paytables

    game = next(g for g in load_games_of_file(
        ROOT / "content" / "ultimate-x" / "8-6-jacks-or-better.toml",
        load_paytables(ROOT / "content" / "paytables")) if g.lines == 3)
    data, _ = ux.export(game)
    return game, data, ux.cache_path(game).read_bytes()


@pytest.mark.parametrize("damage", [None, "a fraction as a number", "a key of another schema",
                                    "a line's field missing"])
def test_an_ultimate_x_entry_not_fitting_the_records_is_computed_again(
        ux_warm, cache_folder, monkeypatch, damage):
    """A UX entry sealed as this code's, of this schema and slug, whose JSON does not fit the
    records is not read (read_cached: None) but computed again; an intact one is read."""
    from generator.ultimate_x import export as ux

    game, data, entry = ux_warm
    path = ux.cache_path(game)
    path.parent.mkdir(parents=True)
    payload = json.loads(entry.partition(b"\n")[2])
    if damage == "a fraction as a number":
        payload["bands"][0]["low"] = 1
    elif damage == "a key of another schema":
        payload["returns"]["optimal"]["digits"] = 8
    elif damage == "a line's field missing":
        del payload["card"]["lines"][0]["row"]
    path.write_bytes(store.seal(export_module.dumps(payload).encode(), ux._meta(game)))

    class Recomputed(Exception):
        pass

    def compute(game, use_cache=True):
        raise Recomputed  # (the real one takes a minute; that it is called is the point)
    monkeypatch.setattr(ux, "compute", compute)
    if damage is None:
        assert ux.read_cached(game) == data and ux.export(game) == (data, True)
        return
    assert ux.read_cached(game) is None
    with pytest.raises(Recomputed):
        ux.export(game)


# -- pocket cards ---------------------------------------------------------------------------

@pytest.fixture
def card(warm, cache_folder):
    """A card rendered into the private cache: (export, result, its PDF path, its record)."""
    _, data, _ = warm
    result = pocket.render_card(data, Renderer(TEMPLATES), STATIC)
    assert result.written and not result.cached
    pdfs = list((cache_folder / "cards").glob("*.pdf"))
    assert len(pdfs) == 1
    return data, result, pdfs[0], pdfs[0].with_suffix(".json")


def test_an_intact_card_comes_from_the_cache(card):
    data, result, _, _ = card
    again = pocket.render_card(data, Renderer(TEMPLATES), STATIC)
    assert again.cached and again.pdf == result.pdf and again.layout == result.layout


@pytest.mark.parametrize("damage", ["truncated PDF", "flipped byte", "PDF removed",
                                    "record says not written", "sealed record without reason"])
def test_a_damaged_card_is_rendered_again(card, damage):
    data, result, pdf_path, record = card
    pdf = pdf_path.read_bytes()
    if damage == "truncated PDF":
        pdf_path.write_bytes(pdf[: len(pdf) // 2])
    elif damage == "flipped byte":
        middle = len(pdf) // 2
        pdf_path.write_bytes(pdf[:middle] + bytes([pdf[middle] ^ 1]) + pdf[middle + 1:])
    elif damage == "PDF removed":
        pdf_path.unlink()
    elif damage == "record says not written":  # edited by hand: the seal no longer matches
        record.write_bytes(record.read_bytes().replace(b'"written": true', b'"written": false'))
    else:  # correctly sealed, but saying nothing usable (no card and no reason)
        head, _, _ = record.read_bytes().partition(b"\n")
        meta = {key: json.loads(head)[key] for key in ("kind", "slug", "key")}
        record.write_bytes(store.seal(json.dumps({
            "written": False, "layout": None, "reason": None, "overflow": [],
            "pdf_sha256": None}).encode(), meta))
    again = pocket.render_card(data, Renderer(TEMPLATES), STATIC)
    assert not again.cached and again.written and again.pdf == result.pdf
    assert pdf_path.read_bytes() == result.pdf  # and the entry is whole again


# -- the same bytes with either subsetter -----------------------------------------------------

@pytest.fixture(params=["harfbuzz", "fonttools"])
def subsetter(request, monkeypatch):
    from weasyprint.pdf import fonts

    if request.param == "fonttools":
        monkeypatch.setattr(fonts, "harfbuzz_subset", None)
    elif not fonts.harfbuzz_subset:
        pytest.fail("libharfbuzz-subset0 is not installed (.ci/run installs it)")
    return request.param


def test_the_same_card_a_second_apart_is_the_same_bytes(warm, subsetter, caplog):
    _, data, _ = warm
    renderer = Renderer(TEMPLATES)
    first = pocket.render_card(data, renderer, STATIC, use_cache=False)
    time.sleep(1.1)
    second = pocket.render_card(data, renderer, STATIC, use_cache=False)
    assert first.written and first.pdf == second.pdf
    assert pocket.subsetter().startswith({"harfbuzz": "harfbuzz-subset ",
                                          "fonttools": "fonttools "}[subsetter])


def test_without_the_fixed_date_fonttools_stamps_the_time(warm, monkeypatch):
    """The control of the test above: fontTools does stamp the time unless told not to."""
    from weasyprint.pdf import fonts

    monkeypatch.setattr(fonts, "harfbuzz_subset", None)
    monkeypatch.setattr(pocket, "_fixed_time", contextlib.nullcontext)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    _, data, _ = warm
    first = pocket.render_card(data, Renderer(TEMPLATES), STATIC, use_cache=False)
    time.sleep(1.1)
    second = pocket.render_card(data, Renderer(TEMPLATES), STATIC, use_cache=False)
    assert first.pdf != second.pdf


def test_the_subsetter_is_part_of_the_card_key(warm, cache_folder, monkeypatch):
    from weasyprint.pdf import fonts

    _, data, _ = warm
    pocket.render_card(data, Renderer(TEMPLATES), STATIC)
    monkeypatch.setattr(fonts, "harfbuzz_subset", None)
    other = pocket.render_card(data, Renderer(TEMPLATES), STATIC)
    assert not other.cached  # a card subset by HarfBuzz does not stand in for fontTools'
    assert len(list((cache_folder / "cards").glob("*.pdf"))) == 2


def test_the_subsetter_is_named_alike_before_weasyprint_is_loaded():
    """A build whose cards all come from the cache names the subsetter without loading
    WeasyPrint (0.3 s); the name must be the one WeasyPrint then gives, or every card in the
    cache would be missed."""
    import subprocess
    import sys

    script = ("import sys\nfrom generator.site import pocket\nprint(pocket.subsetter())\n"
              "print('weasyprint' in sys.modules)\nimport weasyprint\nprint(pocket.subsetter())")
    before, loaded, after = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
        check=True).stdout.splitlines()
    assert before == after and loaded == "False"


# -- the URLs of each page, for the link check ------------------------------------------------

@pytest.fixture
def two_pages(tmp_path, cache_folder):
    from generator.build.links import check_links

    site = tmp_path / "site"
    site.mkdir()
    (site / "a.html").write_text('<p>\n<a href="b.html">b</a>\n', encoding="utf-8")
    (site / "b.html").write_text("<p>b</p>\n", encoding="utf-8")
    check_links(site, use_cache=True)  # fills the cache
    entries = sorted((cache_folder / "links").glob("*.json"))
    assert len(entries) == 2
    return site, entries


def test_urls_from_the_cache_are_still_checked_against_the_files(two_pages):
    from generator.core.errors import ContentError
    from generator.build.links import check_links

    site, _ = two_pages
    (site / "b.html").unlink()
    with pytest.raises(ContentError, match="a.html:2.*b.html.*a file of the built site"):
        check_links(site, use_cache=True)


def test_an_edited_url_entry_is_parsed_again(two_pages):
    from generator.build.links import check_links

    site, entries = two_pages
    edited = 0
    for entry in entries:
        data = entry.read_bytes()
        if b"b.html" in data:  # a.html's entry: a link to a page that does not exist
            entry.write_bytes(data.replace(b"b.html", b"c.html"))
            edited += 1
    assert edited == 1
    check_links(site, use_cache=True)  # parsed again: a.html links to b.html, which exists
    assert all(b"c.html" not in entry.read_bytes() for entry in entries)  # and whole again


# -- solutions ------------------------------------------------------------------------------

def test_a_solution_made_by_other_library_versions_is_solved_again(cache_folder, monkeypatch):
    from generator.solve import cache

    table = load_paytable(TABLE)
    _, cached = cache.solve(table)
    assert not cached and cache.load(table) is not None
    other = dict(store.library_versions(), numba="0.0.1")
    monkeypatch.setattr(store, "library_versions", lambda: other)
    assert cache.load(table) is None


# -- one process at a time ------------------------------------------------------------------

_HOLDER = """
import sys, time
from pathlib import Path
from generator.core import store
path = Path(sys.argv[1])
with store.computing(path):
    print("holding", flush=True)
    time.sleep(1.0)
    path.write_text("written by the first process")
"""


def test_a_second_process_waits_for_the_entry_the_first_is_computing(cache_folder):
    """store.computing: a process that asks for an entry another is computing waits until that
    one has written it (so the build's workers and the tests' share one computation)."""
    import subprocess
    import sys

    path = cache_folder / "entry.json"
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path)], stdout=subprocess.PIPE,
                              text=True, cwd=ROOT)
    assert holder.stdout.readline() == "holding\n"
    with store.computing(path):
        assert path.read_text() == "written by the first process"
    assert holder.wait() == 0


def test_an_export_written_while_waiting_is_read_not_computed(warm, cache_folder, monkeypatch):
    """export(): the entry another process wrote while this one waited is the one returned."""
    table, data, entry = warm

    @contextlib.contextmanager
    def another_process_computed_it(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(entry)
        yield

    def compute(table, use_cache=True):
        raise AssertionError("computed again")
    monkeypatch.setattr(store, "computing", another_process_computed_it)
    monkeypatch.setattr("generator.export.compute.compute", compute)
    assert export_module.export(table) == (data, True)
