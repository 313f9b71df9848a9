"""Markdown pages from `content/pages/*.md`: strict front matter, no raw HTML, safe links.

A page starts with front matter between two `---` lines:

    ---
    title: How the tables are derived
    order: 2
    ---

`title` is required, `order` (an integer, default 100) sorts the navigation. Anything else is an
error naming the file and line. Raw HTML in the Markdown is escaped, not passed through, and a
link or image must be relative or http(s)/mailto: the site's CSP would block a `javascript:`
link anyway, but the build says so instead of publishing it.
"""

import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup, escape

from ..core.errors import ContentError
from ..export.records import Export

_FIELD = re.compile(r"^([a-z_]+):\s*(.*?)\s*$")
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_SCHEMES = {"http", "https", "mailto"}


@dataclass(frozen=True)
class Page:
    slug: str
    title: str
    order: int
    html: Markup
    source: Path


def _front_matter(path: Path, lines: list[str]) -> tuple[dict, int]:
    """(fields, index of the first body line)."""
    if not lines or lines[0].strip() != "---":
        raise ContentError(f"{path}:1", "front matter", lines[0] if lines else "",
                           "'---' on the first line, then 'title: ...', then '---'")
    fields: dict = {}
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            break
        if not line.strip():
            continue
        match = _FIELD.match(line)
        if not match or match.group(1) not in ("title", "order"):
            raise ContentError(f"{path}:{number}", "front matter", line.strip(),
                               "'title: TEXT' or 'order: INTEGER'")
        key, value = match.groups()
        if key in fields:
            raise ContentError(f"{path}:{number}", key, value, f"{key} given once")
        if key == "order":
            if not re.fullmatch(r"-?\d+", value):
                raise ContentError(f"{path}:{number}", "order", value, "an integer")
            value = int(value)
        elif not value:
            raise ContentError(f"{path}:{number}", "title", value, "a non-empty title")
        fields[key] = value
    else:
        raise ContentError(f"{path}:{len(lines)}", "front matter", None,
                           "a closing '---' line")
    if "title" not in fields:
        raise ContentError(f"{path}:{number}", "title", None, "a 'title: ...' line")
    return fields, number


class _NoRawHtml(Extension):
    """Treat raw HTML as text (escaped on output) and refuse unsafe link targets."""

    def __init__(self, path: Path):
        super().__init__()
        self.path = path

    def extendMarkdown(self, md):
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(_LinkCheck(md, self.path), "link_check", 0)


class _LinkCheck(Treeprocessor):
    def __init__(self, md, path: Path):
        super().__init__(md)
        self.path = path

    def run(self, root):
        for element in root.iter():
            for attribute in ("href", "src"):
                url = element.get(attribute)
                if url is None:
                    continue
                parts = urlsplit(url)
                if parts.scheme and parts.scheme not in _SCHEMES or (
                        not parts.scheme and (url.startswith("/") or parts.netloc)):
                    raise ContentError(self.path, "link", url,
                                       "a relative link (like 'rules.html') or an http(s) URL")


def load_page(path: Path) -> Page:
    slug = path.stem
    if not _SLUG.match(slug):
        raise ContentError(path, "file name", path.name,
                           "lower-case letters, digits and hyphens, then '.md'")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(path, "encoding", None, f"UTF-8 text ({exc.reason})") from None
    lines = text.splitlines()
    fields, body_start = _front_matter(path, lines)
    body = "\n".join(lines[body_start:])
    html = markdown.markdown(body, extensions=["tables", "sane_lists", _NoRawHtml(path)],
                             output_format="html")
    return Page(slug, fields["title"], fields.get("order", 100), Markup(html), path)


def load_pages(folder: Path) -> list[Page]:
    """Every `*.md` in `folder` (none if it does not exist), in navigation order."""
    if not folder.is_dir():
        return []
    pages = [load_page(path) for path in sorted(folder.glob("*.md"))]
    return sorted(pages, key=lambda p: (p.order, p.title, p.slug))


# Figures from the build's data: `[[9-6-jacks-or-better simple.cost_percent]]` in a page becomes
# that pay table's figure, so no number on a page is typed by hand (or goes stale).
_FIGURE = re.compile(r"\[\[([a-z0-9-]+) ([a-z_.]+)\]\]")


def figures_of(export: Export) -> dict[str, str]:
    """The figures a page may quote from one pay table's export, by name."""
    sol = export.solution
    out = {
        "name": export.name,
        "return.percent": sol.return_.percent, "return.exact": str(sol.return_.exact),
        "deals": f"{sol.deals:,}", "classes": f"{sol.classes:,}",
        "ce_values": f"{sol.ce_values:,}", "ce_values_holding": f"{sol.ce_values_holding:,}",
        "tied_deals": f"{sol.tied_deals:,}",
    }
    for name, level in (export.levels or {}).items():
        if level is None:  # (the simple level, where the card is already the simple strategy)
            continue
        out[f"{name}.lines"] = str(level.printed)  # (as printed, as every count of lines)
        out[f"{name}.cost_percent"] = level.cost_percent
        out[f"{name}.return"] = level.return_.percent
    return out


def fill_figures(page: Page, figures: dict[str, dict[str, str]]) -> Page:
    """The page with every [[slug figure]] replaced; an unknown one stops the build."""
    def figure(match):
        slug, name = match.groups()
        if slug not in figures:
            raise ContentError(page.source, "figure", match.group(0),
                               f"a pay table of this build ({', '.join(sorted(figures))})")
        if name not in figures[slug]:
            raise ContentError(page.source, "figure", match.group(0),
                               f"one of {', '.join(sorted(figures[slug]))}")
        return str(escape(figures[slug][name]))

    return Page(page.slug, page.title, page.order, Markup(_FIGURE.sub(figure, page.html)),
                page.source)
