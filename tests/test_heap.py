"""The allocator settings the strategy stage runs under (generator/strategy/heap.py)."""

import platform

import pytest

from generator.strategy import heap


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                    reason="mallopt is glibc's")
def test_glibc_takes_the_settings_once():
    # What the settings do, seen from the allocator rather than from the flag keep_freed_memory
    # returns: in a fresh process (this one's heap has a history), an 8 MB block comes from the
    # heap, not from mmap, and stays in the heap once freed. Without them (the control run),
    # glibc maps the same block on its own and unmaps it when freed.
    assert _probe(apply=False) == {"took": None, "mapped": 8 << 20, "kept": 0}
    probe = _probe(apply=True)
    assert probe["took"] == [True, True]  # (a second call changes nothing)
    assert probe["mapped"] == 0 and probe["kept"] >= 8 << 20, probe


# Run in a fresh interpreter on heap.py's own file (wherever the package keeps it): mallinfo2's
# counts of mmapped bytes (hblkhd) and of the heap's size (arena), around malloc and free.
_PROBE = """
import ctypes, importlib.util, json, sys
spec = importlib.util.spec_from_file_location("heap", sys.argv[1])
heap = importlib.util.module_from_spec(spec)
spec.loader.exec_module(heap)
class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks",
                "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]
libc = ctypes.CDLL(None)
libc.mallinfo2.restype = Info
libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
took = [heap.keep_freed_memory(), heap.keep_freed_memory()] if sys.argv[2] == "1" else None
before = libc.mallinfo2()
block = libc.malloc(8 << 20)
during = libc.mallinfo2()
libc.free(block)
after = libc.mallinfo2()
mapped = during.hblkhd - before.hblkhd
print(json.dumps({"took": took, "mapped": mapped - mapped % (1 << 20), "kept": after.arena - before.arena}))
"""


def _probe(apply: bool) -> dict:
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", _PROBE, heap.__file__, "1" if apply else "0"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_the_settings_are_within_what_mallopt_takes():
    # mallopt's value is a C int; glibc caps the mmap threshold at 32 MB on 64-bit machines.
    assert dict(heap.SETTINGS)[heap.M_MMAP_THRESHOLD] <= 32 << 20
    assert all(0 < value < 2 ** 31 for _, value in heap.SETTINGS)
