"""The C allocator's settings for a process that derives strategies: freed memory kept for reuse.

In: nothing. Out: glibc's malloc told (mallopt) to serve arrays of up to 32 MB from its heap and
to keep up to 1 GB freed at the heap's top, with 64 MB of slack on each growth; elsewhere (not
glibc), nothing changes.

Why. The strategy stage makes and drops numpy arrays of megabytes by the thousand (a pattern's
condition rows, each play of a table). By default glibc gives large blocks back to the kernel
as they are freed, so every new array is fresh pages, each faulted in and zeroed by the kernel,
and system time becomes a large share of a derivation. Kept for reuse, the pages are faulted in
about half as often and each table's strategy takes less wall time, for a higher peak (the
figures measured then are in this file's history; `vpcharts bench --strategy` times the
derivations now). Setting any of these turns off glibc's own adjustment of the others, so all
three are set: the threshold alone, or the trim alone, measured slower than the defaults.
"""

import ctypes
import ctypes.util

# mallopt's parameter numbers (glibc's malloc.h).
M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_THRESHOLD = -1, -2, -3
SETTINGS = ((M_MMAP_THRESHOLD, 32 << 20), (M_TRIM_THRESHOLD, 1 << 30), (M_TOP_PAD, 64 << 20))

_done = False


def keep_freed_memory() -> bool:
    """Apply SETTINGS once per process; whether the allocator took them (False off glibc)."""
    global _done
    if _done:
        return True
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False  # not glibc: its allocator keeps its own defaults
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    _done = all(mallopt(param, value) == 1 for param, value in SETTINGS)
    return _done
