"""Load the numba kernels, starting numba without the scipy import it does not need here.

The first time a process loads any compiled kernel, numba installs its typing registries, and one
of them (numba.np.arraymath) probes for BLAS by importing scipy.linalg: 0.2 s a process (a strategy,
a build, the first solve on a machine), for np.dot support that no kernel of ours uses. (A solve
with the deck's tables cached imports no numba at all: see npsolve.py.) If scipy is not yet
imported, we hide it for that one moment, so the probe fails fast (np.dot inside kernels is then
unavailable in this process); scipy.linalg can be imported normally afterwards. (`import numba`
itself already imports the top-level scipy package, so it is scipy.linalg that is hidden.)
"""

import sys

_started = False


def kernels():
    """The kernel modules (evaluate, tables), with numba started."""
    global _started
    from . import evaluate, tables  # (lazy: numba, numpy)

    if not _started:
        hidden = "scipy.linalg" not in sys.modules
        if hidden:
            sys.modules["scipy.linalg"] = None  # makes `import scipy.linalg...` raise ImportError
        try:
            tables.popcount(0)  # the first kernel load is when numba installs its registries
        finally:
            if hidden and sys.modules.get("scipy.linalg", 0) is None:
                del sys.modules["scipy.linalg"]
        _started = True
    return evaluate, tables
