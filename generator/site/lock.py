"""One build at a time per output folder: an exclusive `flock` on `<out>.lock` next to it.

The kernel drops the lock when the holder dies, however it dies (kill -9 included), so a stale
lock file never blocks a later build. A second build into the same folder is refused at once with
one line naming the holder, rather than queued behind a build of unknown length.
"""

import fcntl
import os
from contextlib import contextmanager
from pathlib import Path

from ..errors import EnvironmentProblem


def lock_path(out_dir: Path) -> Path:
    return out_dir.parent / f"{out_dir.name}.lock"


@contextmanager
def build_lock(out_dir: Path):
    path = lock_path(out_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 64, 0).decode(errors="replace").strip() or "unknown"
            raise EnvironmentProblem(f"{path}: another build into {out_dir}/ is running "
                                     f"(pid {holder}); expected it to finish first") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield path
    finally:
        os.close(fd)  # releases the lock; the file stays (removing it would race a waiting build)
