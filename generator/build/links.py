"""Check a built site: every relative link and asset URL names a file of the build, and none
is absolute (the site must work at a domain's root, under a sub-path, or from a folder).

Finding the URLs means parsing every tag of every page: 200,000 tags, half a second, a quarter of
a rebuild with nothing changed. A page's URLs depend on its text alone, so with the cache on they
are kept in the cache folder under the page's SHA-256 (sealed like every entry: a damaged or
foreign one is parsed again). The check itself, that each URL names a file of this build, runs
on every build.
"""

import functools
import hashlib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..core import store
from ..core.errors import ContentError

_EXTERNAL = {"http", "https", "mailto"}


class _Urls(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.urls: list[tuple[int, str]] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.urls.append((self.getpos()[0], value))


def page_urls(path: Path) -> list[tuple[int, str]]:
    """(line, url) of every href and src in one HTML file."""
    return _parse(path.read_text(encoding="utf-8"))


def _parse(text: str) -> list[tuple[int, str]]:
    parser = _Urls()
    parser.feed(text)
    return parser.urls


@functools.cache
def _code_version() -> str:
    """An edit to this file (the parser's use) misses every entry; Python's version is in the seal."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


def _cached_urls(path: Path) -> list[tuple[int, str]]:
    urls = store.derived("links", path.read_bytes(), _code_version(),
                         lambda data: _parse(data.decode("utf-8")))
    return [(int(line), str(url)) for line, url in urls]


def check_links(folder: Path, use_cache: bool = False) -> None:
    """Raise a ContentError for the first link that is absolute or names no file of `folder`.
    `use_cache`: read each page's URLs from the cache folder when its text was seen before."""
    for page in sorted(folder.rglob("*.html")):
        for line, url in (_cached_urls(page) if use_cache else page_urls(page)):
            parts = urlsplit(url)
            if parts.scheme in _EXTERNAL:
                continue
            where = f"{page.relative_to(folder)}:{line}"
            if parts.scheme or parts.netloc or url.startswith("/"):
                raise ContentError(where, "link", url, "a relative URL")
            if not parts.path:
                continue  # "#line-4": the same page
            target = (page.parent / unquote(parts.path)).resolve()
            if not target.is_file() or folder.resolve() not in target.parents:
                raise ContentError(where, "link", url, "a file of the built site")
