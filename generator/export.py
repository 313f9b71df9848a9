"""The per-pay-table export: everything the site, the pocket card and the browser checker read.

`export(table)` solves the pay table, derives both strategy levels, verifies them on every deal (by
suit class, each class counted once per deal: `strategy.verify.class_check`) and returns one
JSON-ready dict (schema in docs/user-guide/06-json-export.md, "The JSON export"). Deriving takes
seconds to a minute, so the dict is cached on disk, keyed by the pay table and by the source of
every module that shapes it: edit the derivation and the cache misses; rebuild with nothing changed
and it hits.

Exact numbers are strings ("1653526326983/1661102543100") or integers over `ev_denominator`;
decimals are for display only.
"""

import functools
import hashlib
import json
from pathlib import Path

from . import store
from .errors import StrategyError
from .solve.paytable import PayTable

SCHEMA = 3
# Modules whose source decides the export's content: a change to any of them is a cache miss.
# Every module of the solve and strategy stages counts, whatever its name (a new one cannot be
# forgotten).
_SOURCES = ("cards", "decimals", "export", "line_parts")


@functools.cache
def _code_version() -> str:
    """Read once per process, so that a build's keys stay put if a source is edited mid-build."""
    digest = hashlib.sha256()
    folder = Path(__file__).parent
    paths = [folder / f"{name}.py" for name in _SOURCES] + sorted(
        path for stage in ("solve", "strategy") for path in (folder / stage).glob("*.py"))
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def cache_path(table: PayTable) -> Path:
    text = f"schema {SCHEMA}\n{_code_version()}\n{table.canonical()}\n{table.name}"
    key = hashlib.sha256(text.encode()).hexdigest()[:24]
    return store.cache_dir() / f"export-{table.slug}-{key}.json"


def rules(table: PayTable) -> dict:
    """The game's rules as data: enough for another program to score any final hand."""
    return {
        "family": table.family.key,
        "family_title": table.family.title,
        "deck_size": table.deck_size,
        "wild": table.family.wild_name,
        "min_pair": table.min_pair,  # rank index 0 (deuce) .. 12 (ace), or None
        "pays": [{"key": line.key, "label": line.label, "pay": str(line.pay)}
                 for line in table.lines],
        "quads": [{"key": rule.key, "label": rule.label, "ranks": sorted(rule.ranks),
                   "kickers": None if rule.kickers is None else sorted(rule.kickers),
                   "pay": str(rule.pay)} for rule in table.quad_rules],
    }


def _ce_columns(solution, rows) -> dict:
    """The CE table in columns: values as integers over ev_denominator, deals, classes by size.
    (Representative deals stay out: they doubled a Deuces Wild export; `vpcharts strategy --ce`
    prints them.)"""
    return {
        "values": [int(row["value"] * solution.unit) for row in rows],
        "deals": [row["deals"] for row in rows],
        "classes": [[row["by_size"][s] for s in (4, 12, 24)] for row in rows],
        "holding": int(len(solution.ce_values_holding)),
    }


def compute(table: PayTable, use_cache: bool = True) -> dict:
    """The export of `table`, computed afresh (the solution itself may come from its cache)."""
    from .solve import cache, report as solution_report
    from . import strategy
    from .strategy import table_output
    from .line_parts import parts_json

    solution, _ = cache.solve(table, use_cache=use_cache)
    ce_rows = strategy.ce_table(solution)
    out = {
        "schema": SCHEMA,
        "slug": table.slug,
        "name": table.name,
        "rules": rules(table),
        "solution": solution_report.summary(solution),
        "ce": _ce_columns(solution, ce_rows),
        "strategy": None,
        "strategy_error": None,
    }
    try:
        levels = strategy.build_levels(solution)
    except StrategyError as exc:
        out["strategy_error"] = str(exc)
        return out
    data = table_output.strategy_json(solution, levels, ce_rows)
    # Each line's parts, for the site, the card and the checker to render from (never parsing
    # the text back); the published JSON leaves them out (site.view.published).
    for name, level in data["levels"].items():
        for line, info in zip(level["lines"], getattr(levels, name).lines, strict=True):
            line["parts"] = parts_json(info.parts)
    out["strategy"] = {
        "levels": data["levels"],
        "curve": data["curve"],
        "routes": data["routes"],
        "misplays": levels.exact.check["misplays"],
        "cost": str(levels.exact.check["cost"]),
        "derive_seconds": round(levels.exact.seconds, 1),
        "levels_seconds": round(levels.seconds, 1),
    }
    return out


def _entry_meta(table: PayTable) -> dict:
    """What a cached export must say of itself: this schema, this code, this pay table."""
    return {"kind": "export", "schema": SCHEMA, "code": _code_version(), "slug": table.slug,
            "paytable": table.canonical(), "name": table.name}


def read_cached(table: PayTable) -> dict | None:
    """The cached export of `table` if its entry checks out (store.unseal); None otherwise."""
    found = read_cached_entry(table)
    return None if found is None else found[0]


def read_cached_entry(table: PayTable) -> tuple[dict, str] | None:
    """(the cached export of `table`, the SHA-256 of its JSON text, `digest`) if its entry checks
    out; None otherwise. The digest names the export's content for the site's page cache."""
    return read_sealed_export(cache_path(table), _entry_meta(table), SCHEMA, table.slug)


def read_sealed_export(path: Path, meta: dict, schema: int, slug: str) -> tuple[dict, str] | None:
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


def digest(data: dict) -> str:
    """The SHA-256 of an export's JSON text, as its cache entry holds it."""
    return hashlib.sha256(dumps(data).encode()).hexdigest()


def export(table: PayTable, use_cache: bool = True) -> tuple[dict, bool]:
    """(export of `table`, whether it came from the cache). A cached entry is used only if its
    checksum, schema, code and library versions check out; otherwise it is computed again."""
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


def cache_entry(table: PayTable, data: dict) -> tuple[Path, bytes]:
    """(where the export of `table` is kept in the cache, the sealed bytes kept there)."""
    return cache_path(table), store.seal(dumps(data).encode(), _entry_meta(table))


def code_version() -> str:
    """The digest of the code that shapes an export: a build's workers must run the same."""
    return _code_version()


def dumps(data: dict) -> str:
    """Deterministic, compact JSON text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
