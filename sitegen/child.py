"""Run mkdocs as a child that dies with its parent: ``python -m sitegen.child PID ARGS``.

The child asks the kernel (Linux ``prctl(PR_SET_PDEATHSIG)``) for SIGKILL when its
parent dies, checks that the parent ``PID`` is still its parent (it may have died
before the request), then runs ``mkdocs ARGS``.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import runpy
import signal
import sys

PR_SET_PDEATHSIG = 1


def main(argv: list[str]) -> int:
    """Set the parent-death signal, then run mkdocs with ``argv[1:]``."""
    parent = int(argv[0])
    # not on Linux: the process group is still killed when the build stops cleanly
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        return 1  # the parent is already gone
    sys.argv = ["mkdocs", *argv[1:]]
    runpy.run_module("mkdocs", run_name="__main__", alter_sys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
