"""Pocket cards: one PDF page per pay table (A6, or US 4 x 6 in from the content settings) with the
pay table, the card level (generator/site/levels.py), its return and cost, the key to every
symbol it uses and the page's address, rendered by WeasyPrint from `templates/card.html`.
No type is smaller than 7 pt; the card takes the largest size its layout fits at.

Layouts are tried from the most readable to the most compact: one column of full text, two
columns of full text, two then three columns of the short notation, and three then four columns
of the compact notation (rank sets listed with spaces: "3SF: 9JK 7TJ 79J" for "9JK or 7TJ or 79J";
tables that split a hold by ranks spend most of their length on these lists). The first that
fits on one page is kept; it is found in few renders, since whenever a layout fits, every later
one does too, and so is the type size, since a card that fits at some size fits at every smaller
one: the layout and the size the lines' lengths suggest are rendered first, so a well guessed
card takes two renders (the size that fits, the next that does not). If none fits, no PDF is
written: the result lists the lines that fell off the page, and the build reports them. Nothing
is ever cut off silently.

Rendering takes a fraction of a second to a second a card (two or three renders), so finished
cards are cached in the cache folder, keyed by a hash of the HTML of every layout, the font
files, the WeasyPrint version and the font subsetter that will embed the fonts (HarfBuzz or
fontTools, with its version: they make different bytes). The bytes depend on nothing else: no
creation or modification date is written, fontTools' font timestamp is pinned
(SOURCE_DATE_EPOCH), and the PDF's file identifier is the hash of the card's HTML rather than
WeasyPrint's choice (tests render twice and compare, with each subsetter). A cached card is
sealed (store.seal): its PDF's checksum and the layout are checked before it is published.
"""

import ctypes
import functools
import hashlib
import json
import math
import os
import sys
from contextlib import contextmanager
from dataclasses import dataclass, replace
from importlib.metadata import version
from pathlib import Path

from ..core import store
from ..core.runs import runs
from ..export.records import Export, Level
from . import card_columns
from .render import Renderer
from .settings import Settings
from .symbols import key_for
from .view import ce_ranges, numbered_sections, printed_lines

FONTS = ("fonts/DejaVuSansCondensed.ttf", "fonts/DejaVuSansCondensed-Bold.ttf")


@dataclass(frozen=True)
class Layout:
    name: str
    css_class: str
    wording: str      # "text" (chart language), "notation" or "compact" (notation, rank sets
                      # listed with spaces instead of " or ")


LAYOUTS = (
    Layout("one column", "one-column", "text"),
    Layout("two columns", "two-columns", "text"),
    Layout("two columns, short notation", "two-columns", "notation"),
    Layout("three columns, short notation", "three-columns", "notation"),
    Layout("three columns, compact notation", "three-columns", "compact"),
    Layout("four columns, compact notation", "four-columns", "compact"),
)

# The type size of the strategy lines, in points: the layout is chosen at the smallest (7 pt,
# the least a player reads under casino light), then the card takes the largest size at which
# that layout still fits one page.
SIZES = (7.0, 7.5, 8.0, 8.5, 9.0, 9.5, 10.0, 11.0)
MIN_SIZE = SIZES[0]
# One column of text fitting at this size or more is kept: each line on one row reads faster
# than two columns of wrapped lines a point larger (6/5 Jacks or Better: 10 pt in one column,
# 11 pt in two). Below it, two columns are taken where their type is larger.
ONE_COLUMN_UNTIL = 9.0


# A long table's card is first laid out with its first PREFIX lines only: more than any layout
# fits on one page (four columns of compact notation hold about 110 short lines).
PREFIX = 120


def card_lines(lines, wild: str | None = None) -> list[dict]:
    """Each printed line's number and its three wordings (a run of made hands is one line); in
    a wild game, section by section (`sections`: "3 deuces"), the first line of each with its
    section's label, numbered through the card as the pages number it (`numbered_sections`)."""
    out = []
    for section, numbers in numbered_sections(lines, wild):
        for i, line in enumerate(printed_lines(section.lines)):
            out.append({"number": numbers[line.lines[0]], "text": line.text,
                        "notation": line.notation, "compact": line.compact, "used": line.used,
                        "section": section.label if i == 0 else None})
    return out


@dataclass(frozen=True)
class CardResult:
    written: bool
    pdf: bytes | None
    layout: str | None           # the layout used, when written
    reason: str | None           # why there is no card, when not written
    overflow: tuple[int, ...]    # line numbers that did not fit (the most compact layout)
    cached: bool
    key: str | None = None       # its key in the card cache, when the cache is on


def subsetter() -> str:
    """The font subsetter WeasyPrint will use here, with its version (what makes the bytes).

    Once WeasyPrint is loaded, it says. Before that, the libraries answer: importing WeasyPrint
    takes 0.3 s (cffi reads all its C declarations and looks for a dozen libraries), which a
    build whose cards all come from the cache need not pay. A rendered card is stored under the
    key WeasyPrint gives (render_card computes it again after rendering), so a wrong answer here
    could only make cached cards missed, never publish one made by the other subsetter.
    """
    if "weasyprint" not in sys.modules and _harfbuzz_subset_loads():
        harfbuzz = _harfbuzz()
        if harfbuzz is not None and harfbuzz.hb_version_atleast(4, 1, 0):
            return "harfbuzz-subset " + _harfbuzz_version()
    return _weasyprint_subsetter()  # (also when the libraries are not where the names say)


def _weasyprint_subsetter() -> str:
    from weasyprint.pdf import fonts  # (lazy: weasyprint)
    from weasyprint.text.ffi import harfbuzz  # (lazy: weasyprint)

    if fonts.harfbuzz_subset and harfbuzz.hb_version_atleast(4, 1, 0):
        return "harfbuzz-subset " + _harfbuzz_version()
    return "fonttools " + version("fonttools")


# The file names among those WeasyPrint tries (weasyprint/text/ffi.py) that name a file rather
# than a library for ctypes.util.find_library to look for (a few subprocesses each time).
_HARFBUZZ_SUBSET_FILES = ("libharfbuzz-subset.so.0", "libharfbuzz-subset.0.dylib")


def _harfbuzz_subset_loads() -> bool:
    for name in _HARFBUZZ_SUBSET_FILES:
        try:
            ctypes.CDLL(name)
        except OSError:
            continue
        return True
    return False


def _harfbuzz():
    try:
        library = ctypes.CDLL("libharfbuzz.so.0")
        library.hb_version_atleast.restype = ctypes.c_int
        library.hb_version_atleast.argtypes = (ctypes.c_uint, ctypes.c_uint, ctypes.c_uint)
    except (OSError, AttributeError):
        return None
    return library


def _harfbuzz_version() -> str:
    try:
        function = ctypes.CDLL("libharfbuzz.so.0").hb_version_string
    except (OSError, AttributeError):
        return "unknown"
    function.restype = ctypes.c_char_p
    return function().decode()


# A fixed date for whatever WeasyPrint's helpers stamp (fontTools writes the time of the subset
# into the font's head table unless SOURCE_DATE_EPOCH says otherwise).
FIXED_EPOCH = "0"


@contextmanager
def _fixed_time():
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = FIXED_EPOCH
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = before


# How render_card chooses among the layouts it fits: a card rendered by another rule is not
# this one's, though its HTML is the same.
CHOICE = ("the first layout fitting at 7 pt; two columns of text where one's type is below 9 pt;"
          " a section's heading again atop a column it runs on into, where the page still holds"
          " at the type found or half a point smaller")


def key_head() -> str:
    """What a card key names besides the card's HTML and the fonts: what renders and embeds,
    and how the layout is chosen."""
    return f"weasyprint {version('weasyprint')}\n{subsetter()}\n{CHOICE}\n"


def _key(htmls: list[str], static_dir: Path) -> str:
    digest = _fonts_digest(key_head(),
                           tuple(_file_id(static_dir / font) for font in FONTS)).copy()
    for html in htmls:
        digest.update(html.encode())
    return digest.hexdigest()[:24]


def _file_id(path: Path) -> tuple:
    stat = path.stat()
    return str(path.resolve()), stat.st_ino, stat.st_size, stat.st_mtime_ns


@functools.lru_cache(maxsize=4)
def _fonts_digest(head: str, fonts: tuple) -> "hashlib._Hash":
    """The hash of every card key's common start: the libraries, then the font files (1.3 MB,
    read once a build rather than once a card; a font file changed on disk has another id)."""
    digest = hashlib.sha256(head.encode())
    for path, *_ in fonts:
        digest.update(Path(path).read_bytes())
    return digest


def _overflowing_lines(document) -> list[int]:
    """Numbers of the strategy lines laid out on any page after the first."""
    return sorted({int(element.get("id")[len("card-line-"):])
                   for page in document.pages[1:]
                   for element, _ in card_columns.laid_out(page)
                   if str(element.get("id", "")).startswith("card-line-")})


# A rough capacity of each layout, in rows of text of about `chars` characters each: enough to
# guess which layout a table first fits, never to decide it (every answer is rendered). Fitted
# to the renders of the 23 shipped tables.
_CAPACITY = ((72, 39), (36, 90), (36, 83), (22, 122), (22, 117), (17, 154))  # (chars, rows)


def guess_layout(lines: list[dict]) -> int:
    """The layout `card_lines` probably fit first (len(LAYOUTS): none), from their lengths."""
    for i, (layout, (chars, rows)) in enumerate(zip(LAYOUTS, _CAPACITY)):
        if sum(-(-(len(line[layout.wording]) + 1) // chars) for line in lines) <= rows:
            return i
    return len(LAYOUTS)


# The load (`_load`) up to which each layout's lines probably still fit one page, at any type
# size: a guess of the size a card takes, as _CAPACITY guesses the layout, fitted to the same
# renders (below 1 since the heading and the pays grow with the type, and more so where the
# capacity was fitted on few tables).
_FILL = (0.86, 0.75, 0.62, 0.62, 0.62, 0.70)


def _load(lines: list[dict], layout: int, size: float) -> float:
    """The rows `card_lines` take in a layout at a type size, as a fraction of the rows its
    _CAPACITY gives at the smallest: a row holds fewer characters, and a column fewer rows,
    as the type grows."""
    chars, rows = _CAPACITY[layout]
    wording = LAYOUTS[layout].wording
    needed = sum(math.ceil((len(line[wording]) + 1) * size / (MIN_SIZE * chars))
                 for line in lines)
    return needed * size / MIN_SIZE / rows


def guess_size(lines: list[dict], layout: int) -> int:
    """The index in SIZES of the largest type the lines probably fit at in this layout (0, the
    smallest, where they may not fit at all)."""
    return max((k for k, size in enumerate(SIZES) if _load(lines, layout, size) <= _FILL[layout]),
               default=0)


def first_true(test, guess: int, n: int):
    """The first i in 0..n-1 with test(i) true, or None, for a test that stays true once true;
    tried first at the guess and its neighbour, then by halving."""
    low, high = 0, n  # the answer is in low..high, high standing for none
    probe, tries = min(guess, n - 1), 0
    while low < high:
        passed = test(probe)
        if passed:
            high = probe
        else:
            low = probe + 1
        tries += 1
        probe = (high - 1 if passed else low) if tries == 1 else (low + high) // 2
    return None if low == n else low


def card_key(wordings: list[dict], layout: Layout, export: Export) -> list[tuple[str, str]]:
    """The key to every symbol the card's lines use in this layout's wording."""
    return key_for([line["used"][layout.wording] for line in wordings], export.rules.wild,
                   rank_lists=layout.wording == "compact", high=export.game.high_rank,
                   kicker=export.game.kicker)


def card_html(renderer: Renderer, export: Export, level: Level, wordings: list[dict],
              layout: Layout, size: float, settings: Settings, shown: int | None = None,
              continued: dict[int, str] | None = None, template: str = "card.html",
              extra: dict | None = None) -> str:
    """`continued`: the lines (by index) above which their section's heading is printed again,
    as they open a column (`card_columns`). `template` and `extra`: another card's template
    and what it adds to the context (an Ultimate X card's multipliers and moves)."""
    return renderer.render(
        template, export=export, level=level, lines=wordings[:shown], count=level.printed,
        layout=layout, size=size, page_size=settings.page_size,
        key=card_key(wordings, layout, export), continued=continued or {},
        address=f"{settings.url}{export.slug}.html", **(extra or {}))


def render_card(export: Export, renderer: Renderer, static_dir: Path,
                use_cache: bool = True, settings: Settings | None = None,
                template: str = "card.html", extra: dict | None = None) -> CardResult:
    """The pocket card of one export: read from the cache when its key is there, otherwise laid
    out (`CardSearch`), written as PDF, and kept. `template`, `extra`: as `card_html`."""
    settings = settings or Settings()
    levels = export.levels
    if levels is None:
        return CardResult(False, None, None, "no exact strategy table yet", (), False)
    level = levels["card"]
    # As printed: a run of made hands is one line; a wild game's in sections.
    wordings = card_lines(level.lines, export.rules.wild)

    def html(layout, shown=None, size=MIN_SIZE, continued=None):
        return card_html(renderer, export, level, wordings, layout, size, settings, shown,
                         continued, template, extra)

    htmls = [html(layout) for layout in LAYOUTS]
    if use_cache:
        cached = cached_card(export.slug, _key(htmls, static_dir))
        if cached is not None:
            return cached
    search = CardSearch(wordings, html, htmls, static_dir)
    found = search.find()
    if found is not None:
        result = _written_card(*found)
    else:
        result = _overflowing_card(search.overflow(), len(wordings), settings)
    if use_cache:
        result = _keep(export.slug, htmls, static_dir, result)
    return result


class CardSearch:
    """The layout and type size of one card: the first layout that fits one page, at the largest
    type it fits, in few WeasyPrint renders (each memoised: a fraction of a second to a second).

    `html(layout, shown=None, size=MIN_SIZE, continued=None)` makes the card's HTML; `htmls` are
    those of every layout at the smallest type, already made for the cache's key."""

    def __init__(self, wordings: list[dict], html, htmls: list[str], static_dir: Path):
        import weasyprint  # 0.8 s to import: only when a card is rendered

        self.weasyprint = weasyprint
        self.wordings, self.html, self.htmls = wordings, html, htmls
        self.base_url = str(static_dir) + "/"
        self.renders = {}  # (layout, index in SIZES) -> (HTML, document)
        self.heads = {}    # layout -> the document of the first PREFIX lines

    def _render(self, text: str):
        return self.weasyprint.HTML(string=text, base_url=self.base_url).render()

    def rendered(self, i: int, k: int):
        if (i, k) not in self.renders:
            text = self.htmls[i] if k == 0 else self.html(LAYOUTS[i], size=SIZES[k])
            self.renders[i, k] = (text, self._render(text))
        return self.renders[i, k][1]

    def head(self, i: int):
        """The card of the first PREFIX lines only, for a long table: if that overflows, so does
        the whole card, and its first page is the same (the columns fill in turn), in a
        fraction of the time."""
        if i not in self.heads:
            self.heads[i] = self._render(self.html(LAYOUTS[i], PREFIX))
        return self.heads[i]

    def too_big(self, i: int, k: int) -> bool:
        return len(self.rendered(i, k).pages) > 1

    def one_page(self, i: int) -> bool:
        """Whether layout i fits at the smallest type. A layout that fits at a larger type fits
        at the smallest too: the size the card will probably take is tried first, and where it
        fits, that render serves the search for the size as well."""
        if len(self.wordings) > PREFIX and len(self.head(i).pages) > 1:
            return False
        k = guess_size(self.wordings, i)
        if k and not self.too_big(i, k):
            return True
        return not self.too_big(i, 0)

    def largest(self, i: int) -> int:
        """The index in SIZES of the largest type at which layout i (which fits at the
        smallest) still fits: the sizes fit up to some size and no further, so the first too
        big is found from the guessed size's neighbour (most often already rendered by the
        layout's search: then one render more), then by halving."""
        k = guess_size(self.wordings, i)
        guess = k if (i, k) in self.renders and self.too_big(i, k) else k + 1
        return (first_true(lambda j: self.too_big(i, j), guess, len(SIZES)) or len(SIZES)) - 1

    def with_headings_again(self, i: int, size: float, text: str, document) -> tuple:
        """(HTML, document, whether every column stands under its section's heading): the card
        with each section that runs on into the next column headed again there
        (`card_columns`), or the card as it is where the headings would not fit on its page.
        A heading pushes its column down a line, which can move the next column's top: the
        headings are found again on each render until they stand where they are needed (one
        render more for the shipped wild cards, three at most; none for a natural game)."""
        headed, headed_text, continued = document, text, {}
        for _ in range(3):
            wanted = card_columns.continued(headed, self.wordings)
            if wanted == continued:
                return headed_text, headed, True
            continued = wanted
            headed_text = self.html(LAYOUTS[i], size=size, continued=continued)
            headed = self._render(headed_text)
            if len(headed.pages) > 1:
                break
        return text, document, False

    def find(self) -> tuple | None:
        """(layout index, type size, HTML, document) of the card, or None if no layout fits.

        The first layout that fits, found in few renders. Whenever a layout fits one page,
        every later one does too (checked by rendering all six layouts of all 23 shipped
        tables), so a search from a guess finds it: the guessed layout, then its neighbour,
        then halving. A good guess costs one render (at the guessed size), a long table's two.
        """
        fits = first_true(self.one_page, guess_layout(self.wordings), len(LAYOUTS))
        if fits is None:
            return None
        index = self.largest(fits)
        if fits == 0 and SIZES[index] < ONE_COLUMN_UNTIL:
            # Both are the chart's own words; one column's short lines leave the page's right
            # half empty while its type shrinks to fit the height. Two columns are taken where
            # their type is larger: Double Double Bonus's 29 lines, 7 pt in one column.
            two = self.largest(1)
            if two > index:
                fits, index = 1, two
        text, document, headed = self.with_headings_again(fits, SIZES[index],
                                                          *self.renders[fits, index])
        if not headed and index > 0:
            # A column opening mid-section with no heading is read as the wrong section (the
            # player counts the deuces, then looks for their heading): half a point of type
            # is given for the headings, no more. (Full Pay Deuces Wild: 8.5 pt with "1 deuce
            # (continued)" rather than 9 pt without; Joker Two Pair, at the smallest type,
            # keeps none.)
            self.rendered(fits, index - 1)
            smaller = self.with_headings_again(fits, SIZES[index - 1],
                                               *self.renders[fits, index - 1])
            if smaller[2]:
                index, (text, document, headed) = index - 1, smaller
        return fits, SIZES[index], text, document

    def overflow(self) -> tuple[int, ...]:
        """The numbers of the lines that fall off the page in the most compact layout."""
        last = len(LAYOUTS) - 1
        if last in self.heads and len(self.heads[last].pages) > 1:
            return tuple(_overflowing_lines(self.heads[last])) + tuple(
                line["number"] for line in self.wordings[PREFIX:])
        return tuple(_overflowing_lines(self.rendered(last, 0)))


def _written_card(fits: int, size: float, text: str, document) -> CardResult:
    """The card's PDF, its bytes fixed by its HTML alone (see the module's docstring)."""
    document.metadata.created = document.metadata.modified = None
    identifier = hashlib.sha256(text.encode()).hexdigest()[:32].encode()
    with _fixed_time():
        pdf = document.write_pdf(pdf_identifier=identifier)
    return CardResult(True, pdf, f"{LAYOUTS[fits].name}, {size:g} pt", None, (), False)


def _overflowing_card(overflow: tuple[int, ...], count: int, settings: Settings) -> CardResult:
    page = f"one {settings.card_size} page at {MIN_SIZE:g} pt"
    reason = (f"the {count} lines do not fit on {page} even in {LAYOUTS[-1].name} "
              f"(lines {ce_ranges(runs(sorted(overflow)))} overflow)"
              if overflow else f"the {count} lines do not fit on {page}")
    return CardResult(False, None, None, reason, overflow, False)


def _keep(slug: str, htmls: list[str], static_dir: Path, result: CardResult) -> CardResult:
    """Write the card to the cache, and return it with its key."""
    # The key again, now that WeasyPrint is loaded and itself names the subsetter it used.
    result = replace(result, key=_key(htmls, static_dir))
    for path, data in entry_files(slug, result).items():
        if not store.write_bytes(path, data):
            break  # (no PDF written: no record pointing to it either)
    return result


def entry_files(slug: str, result: CardResult) -> dict[Path, bytes]:
    """The card's files in the cache, PDF first, under its key: what `_keep` writes, and what a
    build's worker hands back for the build to write into its own cache (workers.py)."""
    pdf_path, meta_path, entry = _cache_entry(slug, result.key)
    record = store.seal(json.dumps({
        "written": result.written, "layout": result.layout, "reason": result.reason,
        "overflow": list(result.overflow),
        "pdf_sha256": hashlib.sha256(result.pdf).hexdigest() if result.written else None,
    }, sort_keys=True).encode(), entry)
    return ({pdf_path: result.pdf} if result.written else {}) | {meta_path: record}


def _cache_entry(slug: str, key: str) -> tuple[Path, Path, dict]:
    """A card's PDF and sealed record in the cache folder, and what the record's seal names."""
    pdf_path = store.cache_dir() / "cards" / f"card-{slug}-{key}.pdf"
    return pdf_path, pdf_path.with_suffix(".json"), {"kind": "card", "slug": slug, "key": key}


def cached_card(slug: str, key: str) -> CardResult | None:
    """The card stored under `key` if its entry checks out (_read_cached); None otherwise."""
    found = _read_cached(*_cache_entry(slug, key))
    return None if found is None else replace(found, key=key)


def _read_cached(pdf_path: Path, meta_path: Path, entry: dict) -> CardResult | None:
    """The cached card if its sealed record checks out and, when written, its PDF has the
    recorded checksum; None (render again) for anything else: a truncated or edited PDF, a
    record edited by hand, an entry of another version or subsetter."""
    payload = store.read_sealed(meta_path, entry)
    if payload is None:
        return None
    try:
        meta = json.loads(payload)
        written, layout, reason = meta["written"], meta["layout"], meta["reason"]
        overflow = tuple(int(n) for n in meta["overflow"])
    except (ValueError, KeyError, TypeError):
        return None
    if written is True:
        # (a layout is recorded with its type size: "one column, 10 pt")
        if not isinstance(layout, str) or layout.rsplit(", ", 1)[0] not in {
                l.name for l in LAYOUTS}:
            return None
        try:
            pdf = pdf_path.read_bytes()
        except OSError:
            return None
        if not pdf.startswith(b"%PDF-") or hashlib.sha256(pdf).hexdigest() != meta["pdf_sha256"]:
            return None
        return CardResult(True, pdf, layout, None, overflow, True)
    if written is False and isinstance(reason, str) and reason:
        return CardResult(False, None, None, reason, overflow, True)
    return None
