"""One build at a time per output folder: an exclusive `flock` on `<out>.lock` next to it.

The kernel drops the lock when the holder dies, however it dies (kill -9 included), so a stale
lock file never blocks a later build. A second build into the same folder is refused at once with
one line naming the holder, rather than queued behind a build of unknown length. The holder
removes the file when it is done; a build that opened the file just before it was removed finds
the name no longer leads to the file it locked, and starts again with a new one.
"""

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path

from ..errors import EnvironmentProblem


def lock_path(out_dir: Path) -> Path:
    return out_dir.parent / f"{out_dir.name}.lock"


def _acquire(path: Path, out_dir: Path) -> int:
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
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
