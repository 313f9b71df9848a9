"""The export stage's one door to the disk: a pay table in, its `Export` record out.

    export(table) -> (Export, whether it came from the cache)

Deriving takes seconds to a minute (export/compute.py), so the export is kept in the cache as
JSON (its records' fields; docs/user-guide/06-json-export.md, "The JSON export"), sealed and
keyed by the pay table and by the source of every module that shapes it: edit the derivation and
the cache misses; rebuild with nothing changed and it hits. An entry read back is checked field
by field (`Export.from_json`): one that does not fit the records is computed again.
"""

import functools
import hashlib
import json
from pathlib import Path

from ..core import store
from ..core.records import RecordError
from ..solve.paytable import PayTable
from .records import SCHEMA, Export

# Modules whose source decides the export's content: a change to any of them is a cache miss.
# Every module of the export, solve and strategy stages counts, whatever its name (a new one
# cannot be forgotten), and the game families' data file (a label or a category changed is a
# change).
_SOURCES = ("core/cards", "core/decimals", "core/line_parts")
_DATA = ("solve/families.toml",)


@functools.cache
def _code_version() -> str:
    """Read once per process, so that a build's keys stay put if a source is edited mid-build."""
    digest = hashlib.sha256()
    folder = Path(__file__).parents[1]
    paths = [folder / f"{name}.py" for name in _SOURCES] + [folder / name for name in _DATA]
    paths += sorted(path for stage in ("export", "solve", "strategy")
                    for path in (folder / stage).glob("*.py"))
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def cache_path(table: PayTable) -> Path:
    text = f"schema {SCHEMA}\n{_code_version()}\n{table.canonical()}\n{table.name}"
    key = hashlib.sha256(text.encode()).hexdigest()[:24]
    return store.cache_dir() / f"export-{table.slug}-{key}.json"


def _entry_meta(table: PayTable) -> dict:
    """What a cached export must say of itself: this schema, this code, this pay table."""
    return {"kind": "export", "schema": SCHEMA, "code": _code_version(), "slug": table.slug,
            "paytable": table.canonical(), "name": table.name}


def read_cached(table: PayTable) -> Export | None:
    """The cached export of `table` if its entry checks out (store.unseal); None otherwise."""
    found = read_cached_entry(table)
    return None if found is None else found[0]


def read_cached_entry(table: PayTable) -> tuple[Export, str] | None:
    """(the cached export of `table`, the SHA-256 of its JSON text, `digest`) if its entry checks
    out and its JSON fits the records; None otherwise. The digest names the export's content
    for the site's page cache."""
    found = read_sealed_json(cache_path(table), _entry_meta(table), SCHEMA, table.slug)
    if found is None:
        return None
    try:
        return Export.from_json(found[0]), found[1]
    except RecordError:
        return None


def read_sealed_json(path: Path, meta: dict, schema: int, slug: str) -> tuple[dict, str] | None:
    """(the JSON object a sealed cache entry holds, the SHA-256 of its text) if the seal checks
    out and the object is of this schema and slug; None otherwise (also used by Ultimate X's)."""
    payload = store.read_sealed(path, meta)
    if payload is None:
        return None
    try:
        data = json.loads(payload.decode("utf-8"))
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("schema") != schema or data.get("slug") != slug:
        return None
    return data, hashlib.sha256(payload).hexdigest()


def digest(export: Export) -> str:
    """The SHA-256 of an export's JSON text, as its cache entry holds it."""
    return hashlib.sha256(dumps(export.to_json()).encode()).hexdigest()


def export(table: PayTable, use_cache: bool = True) -> tuple[Export, bool]:
    """(export of `table`, whether it came from the cache). A cached entry is used only if its
    checksum, schema, code and library versions check out; otherwise it is computed again."""
    from .compute import compute  # (numpy and the strategy stage: only when computing)

    if not use_cache:
        return compute(table, use_cache), False
    data = read_cached(table)
    if data is not None:
        return data, True
    with store.computing(cache_path(table)):
        data = read_cached(table)  # (another process may have written it while this one waited)
        if data is not None:
            return data, True
        data = compute(table, use_cache)
        store.write_bytes(*cache_entry(table, data))
    return data, False


def cache_entry(table: PayTable, export: Export) -> tuple[Path, bytes]:
    """(where the export of `table` is kept in the cache, the sealed bytes kept there)."""
    return cache_path(table), store.seal(dumps(export.to_json()).encode(), _entry_meta(table))


def code_version() -> str:
    """The digest of the code that shapes an export: a build's workers must run the same."""
    return _code_version()


def dumps(data: dict) -> str:
    """Deterministic, compact JSON text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
