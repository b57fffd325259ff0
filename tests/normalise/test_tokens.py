"""Tokens of a changed view, found from the view before, are those of the whole text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from normalise.draft import Draft
from normalise.edits import Edit
from normalise.engine import _token_spans, _tokens

# letters, signs the tokenizer keeps inside words, digits, punctuation and white space
_ALPHABET = "abcdſfäßDE\ufffd\u0364»|1!)(;.,- \n\t"


def _full(text: str) -> list[tuple[int, int, str]]:
    return list(_token_spans(text))


@st.composite
def _changes(draw: st.DrawFn, raw: str) -> list[tuple[int, int, str]]:
    """Disjoint raw spans and their new readings (insertions, deletions, changes)."""
    points = sorted(draw(st.lists(st.integers(0, len(raw)), max_size=12)))
    out: list[tuple[int, int, str]] = []
    for a, b in zip(points[::2], points[1::2], strict=False):
        out.append((a, b, draw(st.text(_ALPHABET, max_size=4))))
    return out


@settings(max_examples=300, deadline=None)
@given(st.data(), st.text(_ALPHABET, max_size=60))
def test_tokens_of_a_changed_view(data: st.DataObject, raw: str) -> None:
    draft = Draft(raw)
    assert _tokens(draft.view()) == _full(raw)
    for _ in range(3):  # new edits, then edits over edits
        jobs = [
            (a, b, reading, "ocr", 0.9, "test")
            for a, b, reading in data.draw(_changes(raw))
            if draft.free(a, b) or a < b
        ]
        draft.add_many([Edit(a, b, raw[a:b], r, k, c, e) for a, b, r, k, c, e in jobs[::2]])
        draft.rewrite_many(jobs[1::2])
        view = draft.view()
        assert _tokens(view) == _full(view.text)


def test_tokens_of_a_changed_view_by_hand() -> None:
    raw = "Da me kömmt ſie, uͤber den Wa»fer-\ngraben.  Stic)e d) 12ab"
    draft = Draft(raw)
    _tokens(draft.view())
    draft.add_many(
        [
            Edit(2, 3, " ", "", "ocr", 0.75, "split word"),
            Edit(12, 13, "ſ", "s", "long-s", 1.0, "long s"),
            Edit(raw.index("-\n"), raw.index("-\n") + 2, "-\n", "", "hyphenation", 0.9, "join"),
        ]
    )
    view = draft.view()
    assert view.previous is not None  # the tokens come from the view before
    assert _tokens(view) == _full(view.text)
    assert ("Dame" in [w for _, _, w in _tokens(view)]) and view.previous is None


def test_a_parenthesis_put_in_changes_the_tokens_after_it() -> None:
    # "fi)" ends in the ch ligature read as ")"; once an edit opens a "(" before it, the
    # ")" closes that parenthesis and is no part of the word
    raw = "Er hat fi) und {fo} au) dazu."
    draft = Draft(raw)
    assert [t for _, _, t in _tokens(draft.view())] == [
        "Er",
        "hat",
        "fi)",
        "und",
        "fo",
        "au)",
        "dazu",
    ]
    at = raw.index("{")
    draft.add_many([Edit(at, at + 1, "{", "(", "ocr", 0.9, "test")])
    view = draft.view()
    assert _tokens(view) == _full(view.text)
    assert [t for _, _, t in _tokens(view)] == ["Er", "hat", "fi)", "und", "fo", "au", "dazu"]
