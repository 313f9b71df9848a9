"""One build at a time per output folder: an exclusive `flock` on `<out>.lock` next to it.

The kernel drops the lock when the holder dies, however it dies (kill -9 included), so a stale
lock file never blocks a later build. A second build into the same folder is refused at once with
one line naming the holder, rather than queued behind a build of unknown length. The holder
removes the file when it is done; a build that opened the file just before it was removed finds
the name no longer leads to the file it locked, and starts again with a new one.

A file of the user's that happens to have the lock's name is never truncated or removed: an
existing file is taken for a lock only when it is a regular file (not a link) holding nothing or
a process id, as a killed build leaves it.
"""

import errno
import fcntl
import os
import re
import stat
from contextlib import contextmanager
from pathlib import Path

from ..core.errors import EnvironmentProblem
from .output import OutputRefused

_LOCK_TEXT = re.compile(rb"\d*\n?")


def lock_path(out_dir: Path) -> Path:
    return out_dir.parent / f"{out_dir.name}.lock"


def _open(path: Path, out_dir: Path) -> int | None:
    """The lock file, opened: made anew, or one a build left; None if it just went away."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    except FileExistsError:
        pass
    try:
        fd = os.open(path, os.O_RDWR | os.O_NOFOLLOW)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno != errno.ELOOP:
            raise
        fd = None
    if fd is not None:
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode) and info.st_size <= 32 and _LOCK_TEXT.fullmatch(
                os.pread(fd, 33, 0)):
            return fd
        os.close(fd)
    raise OutputRefused(f"{path}: not a vpcharts build lock, and a build into {out_dir}/ needs "
                        "that name; move it away, or choose another output folder with --out")


def _acquire(path: Path, out_dir: Path) -> int:
    while True:
        fd = _open(path, out_dir)
        if fd is None:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise EnvironmentProblem(f"{path}: another build into {out_dir}/ is running "
                                     f"(pid {holder}); expected it to finish first") from None
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)  # removed by the previous holder after we opened it: try the new one


@contextmanager
def build_lock(out_dir: Path):
    path = lock_path(out_dir)
    fd = _acquire(path, out_dir)
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield path
    finally:
        try:
            path.unlink(missing_ok=True)  # while still locked: see the module's docstring
        finally:
            os.close(fd)
