"""Put a freshly built folder in place of the published one, never leaving the path missing.

On Linux, `renameat2(RENAME_EXCHANGE)` swaps the two directory entries in one atomic step: at
every instant the output path names either the whole old site or the whole new one. Where that
call is missing (another OS, a file system without it) the fallback is two renames with the old
site parked as `<name>.old-*` in between; a build killed in that gap is repaired by the next one
(`clean_leftovers` puts the parked site back before anything else).

Temporary folders of killed builds (`<name>.tmp-*`, `<name>.old-*`) are removed by the next
build into the same folder, which holds the build lock, so none of them can still be in use. Only
those carrying the site marker (output.py) are removed: a build marks its temporary folder as it
makes it, and a parked old site is a site this tool wrote. A folder of the user's that happens to
share the pattern is never touched.
"""

import ctypes
import errno
import os
import shutil
import tempfile
from pathlib import Path

from ..core import faults
from .output import is_site

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _renameat2():
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        function = libc.renameat2
    except (OSError, AttributeError):
        return None
    function.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                         ctypes.c_uint)
    function.restype = ctypes.c_int
    return function


def exchange(a: Path, b: Path) -> bool:
    """Swap two existing paths atomically; False if this system cannot."""
    if os.environ.get("VPCHARTS_SWAP") == "rename":  # tests of the fallback
        return False
    function = _renameat2()
    if function is None:
        return False
    if function(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    error = ctypes.get_errno()
    if error in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(error, os.strerror(error), str(a), None, str(b))


def swap(tmp: Path, out_dir: Path) -> None:
    """Publish `tmp` as `out_dir`; the old site is deleted only once the new one is in place."""
    faults.point("before-swap")
    if out_dir.is_dir() and not out_dir.is_symlink() and not any(out_dir.iterdir()):
        out_dir.rmdir()  # an empty folder holds nothing to keep in place meanwhile
    if not out_dir.exists():
        tmp.rename(out_dir)
        return
    if exchange(tmp, out_dir):
        old = tmp  # the old site now lives under the temporary name
    else:
        old = Path(tempfile.mkdtemp(dir=out_dir.parent, prefix=out_dir.name + ".old-"))
        old.rmdir()
        out_dir.rename(old)
        faults.point("between-renames")
        tmp.rename(out_dir)
    faults.point("after-swap")
    shutil.rmtree(old, ignore_errors=True)


def leftovers(out_dir: Path) -> list[Path]:
    """The folders killed builds left next to `out_dir`: named by the pattern and marked."""
    folder = out_dir.parent
    if not folder.is_dir():
        return []
    return sorted(p for pattern in (f"{out_dir.name}.tmp-*", f"{out_dir.name}.old-*")
                  for p in folder.glob(pattern)
                  if p.is_dir() and not p.is_symlink() and is_site(p))


def clean_leftovers(out_dir: Path) -> list[Path]:
    """Remove what killed builds left (call with the build lock held). A site parked by a build
    killed between the fallback's two renames is put back first, if the output path is missing."""
    found = leftovers(out_dir)
    parked = [p for p in found if p.name.startswith(out_dir.name + ".old-")]
    if not out_dir.exists() and parked:
        parked[-1].rename(out_dir)
        found.remove(parked[-1])
    for path in found:
        shutil.rmtree(path, ignore_errors=True)
    return found
