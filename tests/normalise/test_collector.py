"""The garbage collector's thresholds while a repair runs (normalise.collector)."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

import normalise.engine as engine
from normalise import repair
from normalise.collector import OLDER, YOUNG, keep, rare_collections


@pytest.fixture
def defaults() -> Iterator[tuple[int, int, int]]:
    """Known thresholds before the test, and the process's own put back after it."""
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield (700, 10, 10)
    gc.set_threshold(*before)


def test_thresholds_are_raised_inside_and_put_back(defaults: tuple[int, int, int]) -> None:
    with rare_collections():
        assert gc.get_threshold() == (YOUNG, OLDER, OLDER)
    assert gc.get_threshold() == defaults


def test_put_back_after_an_error(defaults: tuple[int, int, int]) -> None:
    with pytest.raises(RuntimeError), rare_collections():
        raise RuntimeError("a pass failed")
    assert gc.get_threshold() == defaults


def test_nested_uses_put_back_only_at_the_outer_end(defaults: tuple[int, int, int]) -> None:
    with rare_collections():
        with rare_collections():
            pass
        assert gc.get_threshold() == (YOUNG, OLDER, OLDER)  # the outer repair still runs
    assert gc.get_threshold() == defaults


def test_overlapping_threads_put_back_the_thresholds(defaults: tuple[int, int, int]) -> None:
    """The first repair ends while the second runs: the second must keep its thresholds
    and put back the defaults, not the first one's raised ones."""
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    inside_second: list[tuple[int, ...]] = []

    def first() -> None:
        with rare_collections():
            first_in.set()
            second_in.wait(5)
        first_out.set()

    def second() -> None:
        first_in.wait(5)
        with rare_collections():
            second_in.set()
            first_out.wait(5)
            inside_second.append(gc.get_threshold())

    threads = [threading.Thread(target=f) for f in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert inside_second == [(YOUNG, OLDER, OLDER)]
    assert gc.get_threshold() == defaults


def test_a_repair_runs_with_rare_collections(
    defaults: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, ...]] = []
    chunks = engine._repair_chunks

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.get_threshold())
        return chunks(*args, **kwargs)

    monkeypatch.setattr(engine, "_repair_chunks", spy)
    assert repair("Die Karte wird gefpielt.").reading == "Die Karte wird gespielt."
    assert seen == [(YOUNG, OLDER, OLDER)]
    assert gc.get_threshold() == defaults


def test_keep_moves_what_lives_now_out_of_the_collections() -> None:
    held = [[] for _ in range(1000)]  # tracked containers
    before = gc.get_freeze_count()
    keep()
    assert gc.get_freeze_count() >= before + len(held)
