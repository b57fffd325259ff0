"""The edit model: splicing, restoring, merging layers and mapping offsets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from normalise.edits import Edit, Repair, apply_edits, check_edits, merge_layers, restore_raw

RAW = "Das Spiet iſt wel⸗ chem gut"


def _edits() -> list[Edit]:
    return [
        Edit(4, 9, "Spiet", "Spiel", "ocr", 0.9, "t/l"),
        Edit(11, 12, "ſ", "s", "long-s"),
        Edit(17, 19, "⸗ ", "", "hyphenation", 0.95),
    ]


def test_apply_and_restore_round_trip() -> None:
    reading = apply_edits(RAW, _edits())
    assert reading == "Das Spiel ist welchem gut"
    assert restore_raw(reading, _edits()) == RAW


def test_restore_rejects_a_reading_that_does_not_hold_the_edits() -> None:
    with pytest.raises(ValueError, match="raw 4"):
        restore_raw("Das Spix ist welchem gut", _edits())


def test_edit_validates_its_fields() -> None:
    with pytest.raises(ValueError, match="kind"):
        Edit(0, 1, "a", "b", "magic")
    with pytest.raises(ValueError, match="wrong length"):
        Edit(0, 2, "a", "b", "ocr")
    with pytest.raises(ValueError, match="confidence"):
        Edit(0, 1, "a", "b", "ocr", confidence=1.5)


def test_check_edits_finds_overlap_and_mismatch() -> None:
    check_edits(RAW, _edits())
    with pytest.raises(ValueError, match="overlaps"):
        check_edits(RAW, [Edit(4, 9, "Spiet", "Spiel", "ocr"), Edit(8, 9, "t", "l", "ocr")])
    with pytest.raises(ValueError, match="not in raw"):
        check_edits(RAW, [Edit(0, 3, "Die", "Das", "ocr")])


def test_curated_edits_win_where_they_touch() -> None:
    auto = _edits()
    curated = [Edit(4, 9, "Spiet", "Spiele", "ocr", 0.95, "editor", "editor")]
    merged = merge_layers(auto, curated)
    assert [e.source for e in merged] == ["editor", "auto", "auto"]
    assert apply_edits(RAW, merged) == "Das Spiele ist welchem gut"


def test_reading_span_includes_edits_that_start_inside() -> None:
    r = Repair(RAW, _edits())
    assert r.reading_span(0, len(RAW)) == r.reading
    assert r.reading_span(4, 9) == "Spiel"
    assert r.reading_span(14, 18) == "welchem"[:3]  # the hyphen edit starts at 17, inside
    assert r.reading_span(10, 13) == "ist"


@st.composite
def raw_and_edits(draw: st.DrawFn) -> tuple[str, list[Edit]]:
    raw = draw(st.text(min_size=1, max_size=60))
    cuts = sorted(draw(st.lists(st.integers(0, len(raw)), max_size=12)))
    edits: list[Edit] = []
    for a, b in zip(cuts[::2], cuts[1::2], strict=False):
        if edits and a < edits[-1].end:
            continue
        if a == b and edits and edits[-1].start == a:
            continue
        replacement = draw(st.text(max_size=4))
        edits.append(Edit(a, b, raw[a:b], replacement, "ocr"))
    return raw, edits


@given(raw_and_edits())
def test_restore_inverts_apply(case: tuple[str, list[Edit]]) -> None:
    raw, edits = case
    check_edits(raw, edits)
    assert restore_raw(apply_edits(raw, edits), edits) == raw


@given(raw_and_edits(), st.data())
def test_reading_spans_concatenate(case: tuple[str, list[Edit]], data: st.DataObject) -> None:
    raw, edits = case
    r = Repair(raw, edits)
    cut = data.draw(st.integers(0, len(raw)))
    assert r.reading_span(0, cut) + r.reading_span(cut, len(raw)) == r.reading
