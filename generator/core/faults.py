"""Fault injection for the tests: `VPCHARTS_FAULT=NAME` kills the process (SIGKILL, as a power
cut or `kill -9` would) when it reaches the point of that name, or makes a write fail as a full
disk would. Unset, `point` costs one dictionary look-up.

Points: `solving` (a cold build, its workers started), `page-render` (the first page written),
`before-swap`, `between-renames` (the fallback swap, old site renamed away, new one not yet in
place), `after-swap` (the new site in place, the old one not yet deleted); `cache-write` and
`output-write` raise ENOSPC instead of killing.
"""

import errno
import os
import signal

_ENOSPC_POINTS = {"cache-write", "output-write"}


def point(name: str, path=None) -> None:
    if os.environ.get("VPCHARTS_FAULT") != name:
        return
    if name in _ENOSPC_POINTS:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
    os.kill(os.getpid(), signal.SIGKILL)
