"""The normalisations before repair: each an edit, reversible, done once."""

from __future__ import annotations

import unicodedata

from hypothesis import example, given
from hypothesis import strategies as st

from normalise.edits import check_edits, restore_raw
from normalise.prepare import prepare

ANY = st.lists(
    st.one_of(
        st.characters(blacklist_categories=("Cs",)),
        st.sampled_from(["\r\n", "\r", "\x00", "\ufeff", "\u0308", "\x1b[1m", "Ã¶", "Å"]),
    ),
    max_size=60,
).map("".join)


@given(ANY)
@example("BÌ±")  # mojibake of B + U+0331, which NFC then composes (found by make fuzz)
def test_prepare_is_reversible_and_done_once(text: str) -> None:
    prepared, edits = prepare(text)
    check_edits(text, edits)
    assert restore_raw(prepared, edits) == text
    assert all(e.kind in ("encoding", "whitespace") for e in edits)
    assert "\r" not in prepared and "\x00" not in prepared
    assert prepare(prepared) == (prepared, [])


def test_each_normalisation_names_itself() -> None:
    text = "\ufeffGr" + unicodedata.normalize("NFD", "ö") + "ße\r\n\x07zÃ¤hlt\r"
    prepared, edits = prepare(text)
    assert prepared == "Größe\nzählt\n"
    assert [(e.original, e.kind, e.evidence.split(" (")[0]) for e in edits] == [
        ("\ufeff", "encoding", "byte order mark"),
        ("o\u0308", "encoding", "Unicode NFC"),
        ("\r\n", "whitespace", "CR LF line end"),
        ("\x07", "encoding", "control character removed"),
        ("Ã¤", "encoding", "mojibake"),
        ("\r", "whitespace", "CR line end"),
    ]
