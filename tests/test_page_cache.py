"""The page cache (generator/build/rendered.py): a rebuild with nothing changed takes each pay
table's pages and JSON from the cache, the same bytes a build without the cache renders; and an
edit to anything they are made of (a template, a static file, the settings, a Markdown page, the
generator's code, the export, the card) renders them again. Likewise the Chinese Poker page, and
the compiled templates (render.SealedBytecodeCache).

Each test builds the fixture content (one pay table) with a private cache folder that starts
with the export and the card already in it, so a build takes about a second.
"""

import json
import shutil
from pathlib import Path

import pytest

from generator.core import store
from generator.build import build_site, rendered
from generator.build.orchestrate import STATIC, TEMPLATES
from generator.site.render import Renderer

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "site-content"
SLUG = "9-6-jacks-or-better"


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


@pytest.fixture(scope="session")
def seeded(tmp_path_factory):
    """A cache folder holding the fixture's export (copied from the shared cache, where it is
    computed once if missing) and its card, but no page entry."""
    from generator.export import cache as export
    from generator.solve.paytable import load_paytable

    table = load_paytable(FIXTURE / "paytables" / f"{SLUG}.toml")
    export.export(table)
    entry = export.cache_path(table)
    folder = tmp_path_factory.mktemp("seeded-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VPCHARTS_CACHE", str(folder))
        shutil.copy(entry, export.cache_path(table))
        build(tmp_path_factory.mktemp("seeding") / "site")  # renders the card into the cache
    shutil.rmtree(folder / "pages")
    return folder


@pytest.fixture
def cache(seeded, tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    shutil.copytree(seeded, folder)
    monkeypatch.setenv("VPCHARTS_CACHE", str(folder))
    return folder


@pytest.fixture
def renders(monkeypatch):
    """The names of the templates rendered, in order, from now on."""
    names = []
    original = Renderer.render

    def render(self, name, **context):
        names.append(name)
        return original(self, name, **context)

    monkeypatch.setattr(Renderer, "render", render)
    return names


def build(out: Path, **kwargs) -> dict:
    return build_site(kwargs.pop("content", FIXTURE), out, progress=lambda text: None, **kwargs)


def test_a_rebuild_takes_the_pages_from_the_cache_the_same_bytes_as_rendered(cache, renders,
                                                                           tmp_path):
    build(tmp_path / "first")
    assert {"paytable.html", "exact.html", "card.html"} <= set(renders)
    assert len(list((cache / "pages").glob(f"pages-{SLUG}-*.bin"))) == 1
    renders.clear()
    summary = build(tmp_path / "second")
    assert {"paytable.html", "exact.html", "card.html"}.isdisjoint(renders)  # nothing rendered
    assert summary["exports_cached"] == summary["cards_cached"] == 1
    build(tmp_path / "fresh", use_cache=False)
    assert files(tmp_path / "second") == files(tmp_path / "first") == files(tmp_path / "fresh")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def edit_template(inputs: dict) -> str:
    _edit(inputs["templates_dir"] / "base.html", "Back to the index", "Back to the list")
    return "Back to the list"


def edit_static(inputs: dict) -> None:
    css = inputs["static_dir"] / "site.css"
    css.write_text(css.read_text() + "\n/* edited */\n")


def edit_settings(inputs: dict) -> str:
    (inputs["content"] / "site.toml").write_text('[cards]\nsize = "4x6in"\n')
    return "one 4x6in page"


def edit_page_title(inputs: dict) -> str:
    _edit(inputs["content"] / "pages" / "about.md", "title: About <these> charts",
          "title: About us")
    return ">About us</a>"


@pytest.mark.parametrize("edit", [edit_template, edit_static, edit_settings, edit_page_title])
def test_an_edited_input_renders_the_pages_again(cache, renders, tmp_path, edit):
    inputs = {}  # copies of the content, templates and static folders, edited between builds
    for name, folder in (("content", FIXTURE), ("templates_dir", TEMPLATES),
                         ("static_dir", STATIC)):
        inputs[name] = tmp_path / "inputs" / name
        shutil.copytree(folder, inputs[name])
    build(tmp_path / "before", **inputs)
    shows = edit(inputs)
    renders.clear()
    build(tmp_path / "after", **inputs)
    assert {"paytable.html", "exact.html"} <= set(renders)
    page = (tmp_path / "after" / f"{SLUG}.html").read_text(encoding="utf-8")
    if shows:
        assert shows in page and shows not in (tmp_path / "before" / f"{SLUG}.html").read_text()
    build(tmp_path / "fresh", use_cache=False, **inputs)
    assert files(tmp_path / "after") == files(tmp_path / "fresh")


def test_an_edit_to_the_generator_code_renders_the_pages_again(cache, renders, tmp_path,
                                                                 monkeypatch):
    build(tmp_path / "before")
    monkeypatch.setattr(rendered, "_code_digest", lambda: "another version of the code")
    renders.clear()
    build(tmp_path / "after")
    assert {"paytable.html", "exact.html"} <= set(renders)


def test_every_source_file_of_the_generator_is_in_the_code_digest():
    """And the game families' data file, which the pages' words come from too."""
    from generator.build import orchestrate as build_module

    rendered._code_digest.cache_clear()
    read = []
    original = Path.read_bytes

    def read_bytes(self):
        read.append(self)
        return original(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Path, "read_bytes", read_bytes)
        rendered._code_digest()
    rendered._code_digest.cache_clear()
    root = Path(build_module.__file__).resolve().parents[1]
    assert set(read) == set(root.rglob("*.py")) | {root / "solve" / "families.toml"}
    assert root / "site" / "view.py" in read and root / "strategy" / "features.py" in read


def test_another_export_renders_the_pages_again(cache, renders, tmp_path):
    from generator.export import cache as export
    from generator.solve.paytable import load_paytable

    build(tmp_path / "before")
    table = load_paytable(FIXTURE / "paytables" / f"{SLUG}.toml")
    path = export.cache_path(table)
    _, _, payload = path.read_bytes().partition(b"\n")
    assert b"99.543904%" in payload
    # A well-formed entry (sealed, this code and pay table) saying something else.
    path.write_bytes(store.seal(payload.replace(b"99.543904%", b"99.943904%"),
                                export._entry_meta(table)))
    renders.clear()
    build(tmp_path / "after")
    assert {"paytable.html", "exact.html"} <= set(renders)
    assert "99.943904%" in (tmp_path / "after" / f"{SLUG}.html").read_text(encoding="utf-8")


def test_a_card_other_than_the_one_recorded_renders_the_pages_again(cache, renders, tmp_path):
    build(tmp_path / "before")
    (record,) = (cache / "cards").glob(f"card-{SLUG}-*.json")
    head, _, payload = record.read_bytes().partition(b"\n")
    meta = {key: json.loads(head)[key] for key in ("kind", "slug", "key")}
    card = json.loads(payload)
    assert card["layout"] != "four columns, compact notation, 7 pt"
    card["layout"] = "four columns, compact notation, 7 pt"  # sealed: the card cache takes it
    record.write_bytes(store.seal(json.dumps(card, sort_keys=True).encode(), meta))
    renders.clear()
    summary = build(tmp_path / "after")
    assert summary["cards_cached"] == 1 and "paytable.html" in renders


@pytest.mark.parametrize("damage", ["flipped byte", "truncated", "unsealed"])
def test_a_damaged_page_entry_is_rendered_again(cache, renders, tmp_path, damage):
    build(tmp_path / "before")
    (entry,) = (cache / "pages").glob(f"pages-{SLUG}-*.bin")
    data = entry.read_bytes()
    if damage == "flipped byte":
        middle = len(data) // 2
        entry.write_bytes(data[:middle] + bytes([data[middle] ^ 1]) + data[middle + 1:])
    elif damage == "truncated":
        entry.write_bytes(data[: len(data) // 2])
    else:
        entry.write_bytes(data.partition(b"\n")[2])
    renders.clear()
    build(tmp_path / "after")
    assert "paytable.html" in renders
    assert files(tmp_path / "after") == files(tmp_path / "before")
    assert entry.read_bytes() == data  # and whole again


def test_no_cache_neither_reads_nor_writes_page_entries(cache, renders, tmp_path):
    build(tmp_path / "site", use_cache=False)
    assert not (cache / "pages").exists()


def test_the_chinese_poker_page_comes_from_the_cache_until_its_content_changes(cache, renders,
                                                                             tmp_path):
    content = tmp_path / "content"
    shutil.copytree(FIXTURE, content)
    shutil.copytree(FIXTURE.parents[2] / "content" / "chinese", content / "chinese")
    build(tmp_path / "first", content=content)
    assert "chinese.html" in renders and (tmp_path / "first" / "chinese.pdf").is_file()
    renders.clear()
    build(tmp_path / "second", content=content)
    assert "chinese.html" not in renders and "chinese-card.html" not in renders
    assert files(tmp_path / "second") == files(tmp_path / "first")
    seconds = json.loads((content / "chinese" / "evaluation.json").read_text())["seconds"]
    _edit(content / "chinese" / "evaluation.json", f'"seconds": {seconds}',
          f'"seconds": {seconds + 1}')  # (whatever the published run took)
    renders.clear()
    build(tmp_path / "third", content=content)
    assert "chinese.html" in renders
    assert f"({seconds + 1:,} s)" in (tmp_path / "third" / "chinese.html").read_text(encoding="utf-8")
    build(tmp_path / "fresh", content=content, use_cache=False)
    assert files(tmp_path / "third") == files(tmp_path / "fresh")


# -- compiled templates ---------------------------------------------------------------------

@pytest.fixture
def compiles(monkeypatch):
    """The names of the templates Jinja compiles from their source, from now on."""
    import jinja2

    names = []
    original = jinja2.Environment.compile

    def compile(self, source, name=None, *args, **kwargs):
        names.append(name)
        return original(self, source, name, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", compile)
    return names


def _page(renderer: Renderer) -> str:
    from markupsafe import Markup

    from generator.site.pages import Page

    page = Page("about", "About", 1, Markup("<p>text</p>"), FIXTURE / "pages" / "about.md")
    return renderer.render("page.html", page=page, nav=[page], root="")


def test_compiled_templates_come_from_the_cache_and_render_alike(cache_folder, compiles):
    first = Renderer(TEMPLATES, cache=True)
    assert "paytable.html" in compiles and list((cache_folder / "jinja").glob("*.bin"))
    compiles.clear()
    again = Renderer(TEMPLATES, cache=True)
    assert compiles == []
    assert _page(again) == _page(first) == _page(Renderer(TEMPLATES))
    compiles.clear()
    Renderer(TEMPLATES)  # without the cache: compiled, nothing read
    assert "paytable.html" in compiles


def test_an_edited_template_is_compiled_again(cache_folder, compiles, tmp_path):
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    Renderer(templates, cache=True)
    _edit(templates / "base.html", "Back to the index", "Back to the list")
    compiles.clear()
    renderer = Renderer(templates, cache=True)
    assert compiles == ["base.html"]
    assert "Back to the list" in _page(renderer)


def test_a_template_of_another_folder_is_compiled_for_its_own_file(cache_folder, compiles,
                                                                   tmp_path):
    """The compiled code names its file, which error lines quote: the same source in another
    folder is compiled again."""
    from generator.core.errors import ContentError

    Renderer(TEMPLATES, cache=True)
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    (templates / "oops.html").write_text("line 1\n{{ no_such_name.field }}\n")
    compiles.clear()
    renderer = Renderer(templates, cache=True)
    assert "paytable.html" in compiles
    with pytest.raises(ContentError, match=f"{templates / 'oops.html'}:2"):
        renderer.render("oops.html")


@pytest.mark.parametrize("change", ["flipped byte", "unsealed", "other code"])
def test_a_damaged_or_foreign_compiled_template_is_compiled_again(cache_folder, compiles,
                                                                  monkeypatch, change):
    from generator.site import render

    Renderer(TEMPLATES, cache=True)
    entries = list((cache_folder / "jinja").glob("*.bin"))
    for entry in entries:
        data = entry.read_bytes()
        if change == "flipped byte":
            entry.write_bytes(data[:-5] + bytes([data[-5] ^ 1]) + data[-4:])
        elif change == "unsealed":
            entry.write_bytes(data.partition(b"\n")[2])
    if change == "other code":
        monkeypatch.setattr(render, "_code_version", lambda: "another version")
    compiles.clear()
    renderer = Renderer(TEMPLATES, cache=True)
    assert "paytable.html" in compiles and "base.html" in compiles
    assert _page(renderer) == _page(Renderer(TEMPLATES))


# -- what a rebuild with nothing changed imports ----------------------------------------------

def test_a_rebuild_from_the_cache_imports_neither_numpy_nor_the_strategy_code(cache, tmp_path):
    """Once every page is in the cache, a build imports no numpy (0.07 s), no strategy or solver
    module and no process pool: their imports are in the functions that render or compute."""
    import subprocess
    import sys

    content = tmp_path / "content"
    shutil.copytree(FIXTURE, content)
    shutil.copytree(FIXTURE.parents[2] / "content" / "chinese", content / "chinese")
    build(tmp_path / "site", content=content)  # fills the page cache
    probe = ("import sys; from generator.cli import main; "
             f"code = main(['--content', {str(content)!r}, 'build', '--out', "
             f"{str(tmp_path / 'site')!r}]); "
             "print(sorted(name for name in sys.modules if name.split('.')[0] in "
             "('numpy', 'numba', 'weasyprint', 'multiprocessing') or name.startswith("
             "('generator.strategy', 'generator.solve.solver', 'generator.solve.report', "
             "'generator.site.chinese')))); sys.exit(code)")
    result = subprocess.run([sys.executable, "-c", probe], cwd=FIXTURE.parents[2],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "1 export and 1 card from the cache" in result.stdout
    assert result.stdout.splitlines()[-1] == "[]"


def test_the_summary_counts_the_cards_the_workers_rendered(cache, tmp_path):
    """With the export missing, a worker computes it and renders its card into the cache, where
    the build then finds it: counted as rendered, not as taken from the cache. With only the
    export missing (the card still cached), the card counts as cached."""
    from generator.export import cache as export
    from generator.solve.paytable import load_paytable

    entry = export.cache_path(load_paytable(FIXTURE / "paytables" / f"{SLUG}.toml"))
    entry.unlink()
    summary = build(tmp_path / "export-only")
    assert summary["exports_cached"] == 0 and summary["cards_cached"] == 1
    entry.unlink()  # (the worker wrote it again)
    shutil.rmtree(cache / "cards")
    summary = build(tmp_path / "cold")
    assert summary["exports_cached"] == 0 and summary["cards_cached"] == 0
    summary = build(tmp_path / "warm")
    assert summary["exports_cached"] == 1 and summary["cards_cached"] == 1
    assert files(tmp_path / "cold") == files(tmp_path / "warm") == files(tmp_path / "export-only")
