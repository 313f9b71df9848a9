"""Cache entries kept on disk between runs, never trusted blindly.

One `.npz` file holds named arrays and a JSON header: the caller's metadata (what the file is for
and the solver version), the versions of the libraries that computed it, and a checksum of the
arrays. Other entries (exports, pocket cards, facts `derived` from a file's bytes) are
`seal`ed: a JSON header line with the same kind of metadata and the SHA-256 of the bytes that
follow it. `load` and `unseal` return None for a missing, truncated, garbled, stale, foreign or
edited entry, and the caller recomputes. Files are written under a temporary name and renamed,
so an interrupted write never leaves half a file under the real name; a write that fails (a
full disk, a read-only cache folder) prints one warning and the run goes on without caching.

The folder is $VPCHARTS_CACHE, or else $XDG_CACHE_HOME/vpcharts (~/.cache/vpcharts).
"""

import contextlib
import fcntl
import functools
import hashlib
import io
import json
import os
import sys
import tempfile
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from . import faults
from .errors import os_error_line


def cache_dir() -> Path:
    if os.environ.get("VPCHARTS_CACHE"):
        return Path(os.environ["VPCHARTS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "vpcharts"


def checksum(arrays: dict) -> str:
    import numpy as np  # (here: a build whose pages come from the cache never imports numpy)

    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.reshape(-1).view(np.uint8))  # the bytes of tobytes(), not a copy
    return digest.hexdigest()


@functools.cache
def library_versions() -> dict:
    """The versions of what computes the cached numbers: an entry made by others is foreign."""
    out = {"python": sys.version.split()[0]}
    for name in ("numpy", "numba"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = None
    return out


_warned = False


def _warn_unwritable(exc: OSError, path: Path) -> None:
    global _warned
    if not _warned:
        _warned = True
        print(f"vpcharts: warning: cache not written ({os_error_line(exc, path)}); going on "
              "without it",
              file=sys.stderr, flush=True)


def write_bytes(path: Path, data: bytes) -> bool:
    """Write under a temporary name, then rename: no half-written file under the real name.
    False (after one warning per process) if the cache folder cannot take it."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            faults.point("cache-write", path)
            out.write(data)
        os.replace(tmp, path)
        return True
    except OSError as exc:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        _warn_unwritable(exc, path)
        return False
    except BaseException:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        raise


@contextlib.contextmanager
def computing(path: Path):
    """Held while this process computes the entry at `path`: another process asking for the
    same entry meanwhile (a second build on the same cache, the tests' workers beside a build)
    waits here, then finds it written, instead of computing it too. An flock on a file in
    the cache's locks/ folder, so a process that dies lets go; where that file cannot be made,
    nothing waits."""
    try:
        folder = path.parent / "locks"
        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / f"{path.name}.lock", "a")
    except OSError:
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def seal(payload: bytes, meta: dict) -> bytes:
    """`payload` behind a header line: `meta`, the library versions and the payload's SHA-256."""
    header = dict(meta, libs=library_versions(), sha256=hashlib.sha256(payload).hexdigest(),
                  size=len(payload))
    return json.dumps(header, sort_keys=True).encode() + b"\n" + payload


def unseal(data: bytes, meta: dict) -> bytes | None:
    """The payload of a sealed entry if its header carries `meta` and today's library versions
    and its checksum matches; None otherwise."""
    head, newline, payload = data.partition(b"\n")
    if not newline:
        return None
    try:
        header = json.loads(head)
    except ValueError:
        return None
    if not isinstance(header, dict) or header.get("libs") != library_versions():
        return None
    if any(header.get(key) != value for key, value in meta.items()):
        return None
    if header.get("size") != len(payload):
        return None
    if header.get("sha256") != hashlib.sha256(payload).hexdigest():
        return None
    return payload


def read_sealed(path: Path, meta: dict) -> bytes | None:
    try:
        return unseal(path.read_bytes(), meta)
    except OSError:
        return None


def derived(kind: str, data: bytes, code: str, compute):
    """`compute(data)`, for a JSON result that depends on the bytes `data` alone, kept in the
    cache folder under their SHA-256 (sealed: a damaged or foreign entry is computed again).
    `code` names what `compute` does: give another and every entry misses. Returns the result
    as JSON reads it back (lists, not tuples), computed or not."""
    digest = hashlib.sha256(data).hexdigest()
    path = cache_dir() / kind / f"{kind}-{digest[:32]}.json"
    meta = {"kind": kind, "of": digest, "code": code}
    payload = read_sealed(path, meta)
    if payload is not None:
        try:
            return json.loads(payload)
        except ValueError:
            pass
    payload = json.dumps(compute(data)).encode()
    write_bytes(path, seal(payload, meta))
    return json.loads(payload)


def save(path: Path, arrays: dict, meta: dict) -> None:
    import numpy as np  # (lazy: numpy)

    header = dict(meta, libs=library_versions(), checksum=checksum(arrays))
    buffer = io.BytesIO()
    np.savez(buffer, header=np.frombuffer(json.dumps(header).encode(), np.uint8), **arrays)
    write_bytes(path, buffer.getvalue())


def load(path: Path, names: tuple[str, ...], meta: dict) -> dict | None:
    """The arrays `names` of the file at `path` if its header carries `meta` and its checksum
    matches; None otherwise."""
    import numpy as np  # (lazy: numpy)

    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(bytes(data["header"]).decode())
            arrays = {name: data[name] for name in names}
    except Exception:  # truncated, garbled, or missing an array: recompute
        return None
    if not isinstance(header, dict) or header.get("libs") != library_versions():
        return None
    if any(header.get(key) != value for key, value in meta.items()):
        return None
    if header.get("checksum") != checksum(arrays):
        return None
    return arrays
