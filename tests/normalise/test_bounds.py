"""Bounded resources: a long token costs no more than a short one; a long document is
repaired in chunks cut at paragraph breaks, with the whole document's results."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

from normalise import check_edits, repair, restore_raw
from normalise.chunks import chunk_spans
from normalise.corrector import Corrector
from normalise.engine import MAX_TOKEN, _judge
from normalise.lexicon import load


def test_a_token_too_long_to_be_a_word_is_not_judged() -> None:
    corrector = Corrector(load(), Counter())
    assert _judge(corrector, "\ufffd" * (MAX_TOKEN + 1), 0.5, False) is None
    assert _judge(corrector, "fjf" * 1000, 0.5, False) is None
    assert _judge(corrector, "befannt", 0.5, False) is not None  # a short one is


def test_one_long_token_round_trips() -> None:
    for raw in ("a" * 300_000, "ſ\ufffd" * 150_000):
        r = repair(raw)
        assert restore_raw(r.reading, r.edits) == raw


def test_chunks_are_cut_at_paragraph_breaks() -> None:
    paragraph = "Das Spiel wird mit zwei Karten gespielt. " * 5
    text = "\n\n".join([paragraph] * 20)
    spans = chunk_spans(text, 1000)
    assert len(spans) > 1 and spans[0][0] == 0 and spans[-1][1] == len(text)
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert text[end:start].strip() == "" and text[end:start].count("\n") >= 2
    assert all(b - a <= 1000 for a, b in spans)


def test_chunks_prefer_a_clean_break_and_cut_text_without_white_space() -> None:
    text = "Wort " * 30 + "wel⸗\n\nchem " + "x" * 3
    (_, end), _ = chunk_spans(text, 160)
    assert text[end - 1] != "⸗"  # not across a line-end hyphen
    assert chunk_spans("x" * 25, 10) == [(0, 10), (10, 20), (20, 25)]
    assert chunk_spans("kurz", 10) == [(0, 4)]


def _corpus(root: Path, *names: str) -> list[str]:
    return [(root / "corpus" / name / "raw.txt").read_text(encoding="utf-8") for name in names]


@pytest.mark.parametrize("size", [5000, 1500])
def test_chunked_repair_is_the_whole_documents_repair(root: Path, size: int) -> None:
    doc = "\n\n".join(_corpus(root, "polizei472", "pierer1861") * 3)
    whole = repair(doc)
    chunked = repair(doc, chunk_chars=size)
    assert len(chunk_spans(doc, size)) > 2
    assert chunked.edits == whole.edits
    assert chunked.proposals == whole.proposals


def test_chunked_repair_of_the_seeds_round_trips(root: Path) -> None:
    doc = "\n\n".join(_corpus(root, "engelmann1798", "schwaighofer1927"))
    whole = repair(doc)
    chunked = repair(doc, chunk_chars=40_000)
    check_edits(doc, chunked.edits)
    assert restore_raw(chunked.reading, chunked.edits) == doc
    same = len(set(whole.edits) & set(chunked.edits))
    assert same >= 0.98 * len(whole.edits)  # only what lies across a cut may differ
