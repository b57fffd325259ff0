"""The edit model: splicing, restoring, merging layers and mapping offsets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from normalise.edits import (
    Edit,
    Repair,
    apply_edits,
    check_edits,
    compose,
    merge_layers,
    restore_raw,
)

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


def edits_on(draw: st.DrawFn, raw: str, kind: str = "ocr") -> list[Edit]:
    """Random sorted, disjoint edits on ``raw`` (insertions and deletions included)."""
    cuts = sorted(draw(st.lists(st.integers(0, len(raw)), max_size=12)))
    edits: list[Edit] = []
    for a, b in zip(cuts[::2], cuts[1::2], strict=False):
        if edits and a < edits[-1].end:
            continue
        if a == b and edits and edits[-1].start == a:
            continue
        replacement = draw(st.text(alphabet="ab\n ", max_size=4))
        edits.append(Edit(a, b, raw[a:b], replacement, kind))
    return edits


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


@st.composite
def two_layers(draw: st.DrawFn) -> tuple[str, list[Edit], list[Edit]]:
    raw = draw(st.text(alphabet="abc \n\r", max_size=30))
    first = edits_on(draw, raw, "encoding")
    then = edits_on(draw, apply_edits(raw, first), "ocr")
    return raw, first, then


@given(two_layers())
def test_compose_does_both_layers_on_raw_offsets(case: tuple[str, list[Edit], list[Edit]]) -> None:
    raw, first, then = case
    both = compose(raw, first, then)
    check_edits(raw, both)
    reading = apply_edits(apply_edits(raw, first), then)
    assert apply_edits(raw, both) == reading
    assert restore_raw(reading, both) == raw
    assert all(e.original != e.replacement for e in both)


def test_compose_joins_only_what_overlaps() -> None:
    raw = "a\r\nb\r\n\r\nc"
    first = [
        Edit(1, 3, "\r\n", "\n", "whitespace", 1.0, "CR LF"),
        Edit(4, 6, "\r\n", "\n", "whitespace", 1.0, "CR LF"),
        Edit(6, 8, "\r\n", "\n", "whitespace", 1.0, "CR LF"),
    ]
    mid = apply_edits(raw, first)
    assert mid == "a\nb\n\nc"
    then = [Edit(1, 2, "\n", " ", "whitespace", 0.9, "white space"), Edit(4, 4, "", "x", "ocr")]
    both = compose(raw, first, then)
    assert both == [
        Edit(1, 3, "\r\n", " ", "whitespace", 0.9, "CR LF; white space"),
        Edit(4, 6, "\r\n", "\n", "whitespace", 1.0, "CR LF"),
        Edit(6, 6, "", "x", "ocr"),
        Edit(6, 8, "\r\n", "\n", "whitespace", 1.0, "CR LF"),
    ]
