"""A pay table's rendered files kept between builds, under a hash of everything they are made of.

A pay table's page, its exact-table page and its published JSON took 0.03 to 0.1 s each to
render (the exact tables' example deals most of it): most of a rebuild with nothing changed.
They depend on nothing but
  - the export (its JSON bytes: the solution, the levels, the CE table),
  - the site's own inputs (`site_digest`): every source file of the generator, every file of the
    templates and static folders, the versions of Jinja, MarkupSafe and WeasyPrint and the font
    subsetter (the last two make the card key, which the entry records),
  - the settings, and the Markdown pages (the navigation of every page: every field of every
    page is hashed, its HTML too, so a template that starts reading another field cannot go stale),
  - and the pocket card as rendered (whether written, its layout): the entry records the card's
    key and the card it was rendered with; the card itself is read from the card cache with all
    its checks (pocket.cached_card), and the entry is used only if that card is the one recorded.
So `table_key` hashes all of them but the card, and an edit to any input misses every entry it
could touch. Entries are sealed like every other (store.seal: the checksum of the files, the
key, the Python version): a damaged or foreign one is rendered again, never published.
"""

import functools
import hashlib
import json
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from .. import store

GENERATOR = Path(__file__).resolve().parents[1]


def _add(digest, name: str, data: bytes) -> None:
    """One named part, its length first: no two lists of parts hash alike."""
    digest.update(f"{name}\0{len(data)}\0".encode())
    digest.update(data)


@functools.cache
def _code_digest() -> str:
    """Every source file of the generator, read once a process (the code that renders is the
    code that was loaded, even if a file is edited during the build)."""
    digest = hashlib.sha256()
    for path in sorted(GENERATOR.rglob("*.py")):
        _add(digest, path.relative_to(GENERATOR).as_posix(), path.read_bytes())
    return digest.hexdigest()


def folder_digest(folder: Path) -> str:
    """Every file under `folder`, by its path there and its bytes (1.5 MB of static files, the
    fonts most of it: a few milliseconds)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        _add(digest, path.relative_to(folder).as_posix(), path.read_bytes())
    return digest.hexdigest()


def site_digest(templates_dir: Path, static_dir: Path, card_head: str) -> str:
    """The inputs every pay table's files share; `card_head` names what renders the cards."""
    digest = hashlib.sha256()
    _add(digest, "code", _code_digest().encode())
    _add(digest, "templates", folder_digest(templates_dir).encode())
    _add(digest, "static", folder_digest(static_dir).encode())
    for name in ("jinja2", "markupsafe"):
        _add(digest, name, version(name).encode())
    _add(digest, "card", card_head.encode())
    return digest.hexdigest()


def table_key(site: str, export_sha256: str, settings, pages) -> str:
    """The key of one pay table's files: the site's inputs, its export, the settings, the pages."""
    digest = hashlib.sha256()
    _add(digest, "site", site.encode())
    _add(digest, "export", export_sha256.encode())
    _add(digest, "settings", repr(settings).encode())
    for page in pages:  # frozen dataclasses: the repr names every field and its value
        _add(digest, "page", repr(page).encode())
    return digest.hexdigest()


def card_record(card) -> dict:
    """What an entry records of the card its pages were rendered with (pocket.CardResult)."""
    return {"key": card.key, "written": card.written, "layout": card.layout,
            "reason": card.reason, "overflow": list(card.overflow),
            "pdf_sha256": hashlib.sha256(card.pdf).hexdigest() if card.written else None}


@dataclass(frozen=True)
class Entry:
    card: dict                  # card_record of the card the files were rendered with
    files: dict[str, bytes]     # file name in the site -> its bytes


def _path(slug: str, key: str) -> tuple[Path, dict]:
    return (store.cache_dir() / "pages" / f"pages-{slug}-{key[:24]}.bin",
            {"kind": "pages", "slug": slug, "key": key})


def read(slug: str, key: str) -> Entry | None:
    """The entry of these inputs if it is intact; None (render again) otherwise."""
    payload = store.read_sealed(*_path(slug, key))
    if payload is None:
        return None
    head, newline, body = payload.partition(b"\n")
    try:
        index = json.loads(head)
        card, sizes = index["card"], index["files"]
        files, offset = {}, 0
        for name, size in sizes:
            files[str(name)] = body[offset:offset + int(size)]
            offset += int(size)
    except (ValueError, KeyError, TypeError):
        return None
    if not newline or offset != len(body) or not isinstance(card, dict):
        return None
    return Entry(card, files)


def write(slug: str, key: str, entry: Entry) -> None:
    """Keep the entry (a cache that cannot be written warns once, and the build goes on)."""
    head = json.dumps({"card": entry.card,
                       "files": [[name, len(data)] for name, data in entry.files.items()]},
                      sort_keys=True).encode()
    path, meta = _path(slug, key)
    store.write_bytes(path, store.seal(head + b"\n" + b"".join(entry.files.values()), meta))
