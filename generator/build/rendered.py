"""Rendered files kept between builds, under a hash of everything they are made of: each pay
table's page, exact-table page and published JSON, and the Chinese Poker page with its downloads.

A pay table's files took 0.03 to 0.1 s to render (the exact tables' example deals most of it),
the Chinese Poker page's 0.15 s (60,000 hands written out three ways): most of a rebuild with
nothing changed. They depend on nothing but
  - what is their own: a pay table's export (its JSON bytes) and the settings; the Chinese Poker
    page's content folder (the trained tables and their evaluation),
  - the site's inputs (`site_digest`): every source file of the generator, every file of the
    templates and static folders, the versions of Jinja, MarkupSafe and WeasyPrint and the font
    subsetter (what makes the PDFs, and names a pocket card in the card cache),
  - the Markdown pages (the navigation of every page: every field of every page is hashed, its
    HTML too, so a template that starts reading another field cannot go stale),
  - and a pay table's pocket card as rendered (whether written, its layout): the entry records
    the card's key and the card it was rendered with; the card itself is read from the card
    cache with all its checks (pocket.cached_card), and the entry is used only if that card is
    the one recorded.
`entry_key` hashes all of them but the card, so an edit to any input misses every entry it could
touch. Entries are sealed like every other (store.seal: the checksum of the files, the key, the
Python version): a damaged or foreign one is rendered again, never published.
"""

import functools
import hashlib
import json
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from ..core import store

GENERATOR = Path(__file__).resolve().parents[1]


def _add(digest, name: str, data: bytes) -> None:
    """One named part, its length first: no two lists of parts hash alike."""
    digest.update(f"{name}\0{len(data)}\0".encode())
    digest.update(data)


@functools.cache
def _code_digest() -> str:
    """Every source file of the generator and its data (the families), read once a process (the
    code that renders is the code that was loaded, even if a file is edited during the build)."""
    digest = hashlib.sha256()
    for path in sorted([*GENERATOR.rglob("*.py"), *GENERATOR.rglob("*.toml")]):
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
    """The inputs every entry shares; `card_head` names what renders the pocket cards."""
    digest = hashlib.sha256()
    _add(digest, "code", _code_digest().encode())
    _add(digest, "templates", folder_digest(templates_dir).encode())
    _add(digest, "static", folder_digest(static_dir).encode())
    for name in ("jinja2", "markupsafe"):
        _add(digest, name, version(name).encode())
    _add(digest, "card", card_head.encode())
    return digest.hexdigest()


def entry_key(site: str, parts: dict[str, str], pages) -> str:
    """The key of one entry: the site's inputs, `parts` naming its own (a pay table's export and
    the settings; the Chinese Poker tables), and the Markdown pages."""
    digest = hashlib.sha256()
    _add(digest, "site", site.encode())
    for name in sorted(parts):
        _add(digest, name, parts[name].encode())
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
    card: dict | None           # card_record of the card the files were rendered with, if any
    files: dict[str, bytes]     # file name in the site -> its bytes


def _path(name: str, key: str) -> tuple[Path, dict]:
    return (store.cache_dir() / "pages" / f"pages-{name}-{key[:24]}.bin",
            {"kind": "pages", "name": name, "key": key})


def read(name: str, key: str) -> Entry | None:
    """The entry of these inputs (`name`: a pay table's slug, or "chinese") if it is intact;
    None (render again) otherwise."""
    payload = store.read_sealed(*_path(name, key))
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
    if not newline or offset != len(body) or not isinstance(card, (dict, type(None))):
        return None
    return Entry(card, files)


def write(name: str, key: str, entry: Entry) -> None:
    """Keep the entry (a cache that cannot be written warns once, and the build goes on)."""
    head = json.dumps({"card": entry.card,
                       "files": [[name, len(data)] for name, data in entry.files.items()]},
                      sort_keys=True).encode()
    path, meta = _path(name, key)
    store.write_bytes(path, store.seal(head + b"\n" + b"".join(entry.files.values()), meta))
