"""The vectorised unit map of a view agrees with the plain reference construction."""

from __future__ import annotations

import pytest

from normalise import repair
from normalise.draft import View
from normalise.edits import Edit


def _maps(view: View) -> tuple[tuple[list[int], list[int]], tuple[list[int], list[int]]]:
    view._build()
    fast = (list(view.raw_start), list(view.raw_end))
    view._build_slow()
    return fast, (list(view.raw_start), list(view.raw_end))


@pytest.mark.parametrize(
    ("raw", "edits"),
    [
        ("", []),
        ("abc", []),
        ("abc", [Edit(0, 0, "", "xy", "noise", 1.0, "insert at the start")]),
        ("abc", [Edit(1, 3, "bc", "", "noise", 1.0, "delete at the end")]),
        ("abc", [Edit(3, 3, "", "z", "noise", 1.0, "insert at the end")]),
        (
            "abcdef",
            [
                Edit(0, 1, "a", "A", "ocr", 1.0, "e"),
                Edit(1, 2, "b", "", "noise", 1.0, "e"),
                Edit(4, 6, "ef", "xyz", "ocr", 1.0, "e"),
            ],
        ),
    ],
)
def test_unit_map_matches_reference(raw: str, edits: list[Edit]) -> None:
    fast, slow = _maps(View("", raw, edits))
    assert fast == slow


def test_unit_map_of_a_real_repair() -> None:
    r = repair("Dieſes Spiel ift gut, wel⸗ chem mu\ufffd man folgen ꝛc.  Da me kömmt.")
    fast, slow = _maps(View(r.reading, r.raw, list(r.edits)))
    assert fast == slow and len(fast[0]) == len(r.reading)
