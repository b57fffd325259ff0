"""Python's cyclic garbage collector while a repair runs.

A repair makes millions of small tuples and strings that die young and form no cycles
(readings, token spans, scores). With the interpreter's default thresholds (a young
collection every 700 net allocations) the collector ran 1,380 times on the 19 held-out
documents of ``benchmarks/repair_speed.py``, and now and then a full collection walked
the lexicon's millions of objects: 1.26 s of 6.56 s of CPU time (now about 20 times, 0.2 s).
While a repair runs, the young generation is collected every :data:`YOUNG` allocations
and each older one after :data:`OLDER` collections of the one before (10 by default);
the thresholds before are put back when the last repair running in the process ends.
Memory does not grow by it: cycles are still collected, only later (peak memory the
same either way).

What lives as long as the process (the lexicon, its index and the bigrams, loaded once)
is kept out of the collections altogether (:func:`keep`), so that a full collection
does not walk it.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 50_000  # net allocations between collections of the youngest generation
OLDER = 20  # collections of a generation between collections of the next

_lock = threading.Lock()
_running = 0  # repairs running in the process (threads may repair at once)
_saved: tuple[int, ...] = ()


def keep() -> None:
    """Keep every object alive now out of all later collections (:func:`gc.freeze`):
    call after loading what the process holds to its end."""
    gc.freeze()


@contextmanager
def rare_collections() -> Iterator[None]:
    """Collect cycles rarely for the duration (nested and concurrent uses allowed)."""
    global _running, _saved
    with _lock:
        if _running == 0:
            _saved = gc.get_threshold()
            gc.set_threshold(YOUNG, OLDER, OLDER)
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0:
                gc.set_threshold(*_saved)
