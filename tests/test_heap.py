"""The allocator settings the strategy stage runs under (generator/strategy/heap.py)."""

import platform

import pytest

from generator.strategy import heap


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc",
                    reason="mallopt is glibc's")
def test_glibc_takes_the_settings_once():
    assert heap.keep_freed_memory() is True
    assert heap.keep_freed_memory() is True  # (a second call changes nothing)


def test_the_settings_are_within_what_mallopt_takes():
    # mallopt's value is a C int; glibc caps the mmap threshold at 32 MB on 64-bit machines.
    assert dict(heap.SETTINGS)[heap.M_MMAP_THRESHOLD] <= 32 << 20
    assert all(0 < value < 2 ** 31 for _, value in heap.SETTINGS)
