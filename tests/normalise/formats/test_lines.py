"""Edits of the joined text mapped back to lines (no engine: edits written by hand)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from normalise.edits import Edit, Repair
from normalise.formats.lines import join_text, map_edits, word_spans


def mapped(blocks: list[list[str]], edits: list[Edit]):  # type: ignore[no-untyped-def]
    text, spans = join_text(blocks)
    return map_edits(Repair(text, edits), spans)


def edit(text: str, start: int, original: str, replacement: str, kind: str = "ocr") -> Edit:
    assert text[start : start + len(original)] == original
    return Edit(start, start + len(original), original, replacement, kind, 0.8)


def test_join_text_spans() -> None:
    text, spans = join_text([["ab", "c"], ["de"]])
    assert text == "ab\nc\n\nde"
    assert [text[a:b] for a, b in spans] == ["ab", "c", "de"]


def test_edits_inside_lines_stay_on_their_line() -> None:
    blocks = [["fein Spiel", "ift gut"]]
    text, _ = join_text(blocks)
    lines = mapped(blocks, [edit(text, 0, "f", "s"), edit(text, 11, "ift", "ist")])
    assert [line.reading for line in lines] == ["sein Spiel", "ist gut"]
    assert lines[0].confidence == 0.8 and lines[0].join_next is None


def test_white_space_at_a_break_changes_no_line() -> None:
    blocks = [["ein", "Wort"]]
    text, _ = join_text(blocks)
    lines = mapped(blocks, [edit(text, 3, "\n", " ", "whitespace")])
    assert [line.reading for line in lines] == ["ein", "Wort"]
    assert not any(line.changed for line in lines)


def test_hyphen_join_keeps_the_hyphen_and_records_the_word() -> None:
    blocks = [["die Spie-", "ler, die"]]
    text, _ = join_text(blocks)
    edits = [edit(text, 8, "-", "", "hyphenation"), edit(text, 9, "\n", "", "hyphenation")]
    lines = mapped(blocks, edits)
    assert [line.reading for line in lines] == ["die Spie-", "ler, die"]
    assert lines[0].join_next == lines[1].join_previous == "Spieler"


def test_an_edit_across_a_break_is_split_and_the_colon_becomes_a_hyphen() -> None:
    blocks = [["fei:", "nen Stich"]]
    text, _ = join_text(blocks)
    lines = mapped(blocks, [edit(text, 0, "fei:\nnen", "seinen")])
    assert [line.reading for line in lines] == ["sei-", "nen Stich"]
    assert lines[0].join_next == "seinen"


def test_a_deleted_line_and_its_break() -> None:
    blocks = [["Ende.", "17", "Anfang"]]
    text, _ = join_text(blocks)
    lines = mapped(blocks, [edit(text, 5, "\n17", "", "noise")])
    assert [line.reading for line in lines] == ["Ende.", "", "Anfang"]
    assert lines[0].join_next is None  # an emptied line joins nothing


def test_words_joined_inside_a_line() -> None:
    blocks = [["die Da me sticht"]]
    text, _ = join_text(blocks)
    (line,) = mapped(blocks, [edit(text, 4, "Da me", "Dame")])
    spans = word_spans(line.text, line.text.split(" "))
    assert spans is not None
    assert line.word_readings(spans) == ["die", "Dame", "", "sticht"]


def test_word_spans_refuses_words_not_in_the_line() -> None:
    assert word_spans("ein Wort", ["ein", "Wort"]) == [(0, 3), (4, 8)]
    assert word_spans("ein Wort", ["ein", "Satz"]) is None


_LINE = st.text(alphabet="abſf -:", min_size=0, max_size=8)


@given(
    st.lists(st.lists(_LINE, min_size=1, max_size=4), min_size=1, max_size=3),
    st.data(),
)
def test_edits_inside_lines_give_the_reading_line_by_line(blocks, data) -> None:  # type: ignore[no-untyped-def]
    text, spans = join_text(blocks)
    edits = []
    for a, b in spans:
        if b > a and data.draw(st.booleans()):
            start = data.draw(st.integers(a, b - 1))
            end = data.draw(st.integers(start, b))
            if not edits or start >= edits[-1].end:
                replacement = data.draw(st.text(alphabet="sx", max_size=3))
                if replacement != text[start:end]:
                    edits.append(Edit(start, end, text[start:end], replacement, "ocr", 0.5))
    lines = map_edits(Repair(text, edits), spans)
    readings = iter(line.reading for line in lines)
    rebuilt = "\n\n".join("\n".join(next(readings) for _ in block) for block in blocks)
    assert rebuilt == Repair(text, edits).reading
    for line in lines:
        for e in line.edits:
            assert line.text[e.start : e.end] == e.original
