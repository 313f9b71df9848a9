"""Check a built site: every relative link and asset URL names a file of the build, and none
is absolute (the site must work at a domain's root, under a sub-path, or from a folder)."""

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..errors import ContentError

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
    parser = _Urls()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.urls


def check_links(folder: Path) -> None:
    for page in sorted(folder.rglob("*.html")):
        for line, url in page_urls(page):
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
