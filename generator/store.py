"""Arrays kept on disk between runs, never trusted blindly.

One `.npz` file holds named arrays and a JSON header: the caller's metadata (what the file is for
and the solver version) and a checksum of the arrays. `load` returns None for a missing,
truncated, garbled, stale or tampered file, and the caller recomputes. Files are written under a
temporary name and renamed, so an interrupted write never leaves half a file under the real name.

The folder is $VPCHARTS_CACHE, or else $XDG_CACHE_HOME/vpcharts (~/.cache/vpcharts).
"""

import hashlib
import io
import json
import os
import tempfile
from pathlib import Path

import numpy as np


def cache_dir() -> Path:
    if os.environ.get("VPCHARTS_CACHE"):
        return Path(os.environ["VPCHARTS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "vpcharts"


def checksum(arrays: dict) -> str:
    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def write_bytes(path: Path, data: bytes) -> None:
    """Write under a temporary name, then rename: no half-written file under the real name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(path: Path, arrays: dict, meta: dict) -> None:
    header = dict(meta, checksum=checksum(arrays))
    buffer = io.BytesIO()
    np.savez(buffer, header=np.frombuffer(json.dumps(header).encode(), np.uint8), **arrays)
    write_bytes(path, buffer.getvalue())


def load(path: Path, names: tuple[str, ...], meta: dict) -> dict | None:
    """The arrays `names` of the file at `path` if its header carries `meta` and its checksum
    matches; None otherwise."""
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(bytes(data["header"]).decode())
            arrays = {name: data[name] for name in names}
    except Exception:  # truncated, garbled, or missing an array: recompute
        return None
    if any(header.get(key) != value for key, value in meta.items()):
        return None
    if header.get("checksum") != checksum(arrays):
        return None
    return arrays
