"""The benchmarks' new-text documents: damaged held-out text, every file its own."""

from __future__ import annotations

from pathlib import Path

from benchmarks.repair_batch import make_unseen_files
from benchmarks.repair_quality import SYNTHETIC_DOCS, damaged_documents, heldout_documents


def test_damaged_documents_are_the_held_out_documents_damaged() -> None:
    texts = damaged_documents()
    clean = heldout_documents(0) + heldout_documents(SYNTHETIC_DOCS)
    assert len(texts) == len(clean) == 19
    assert len(set(texts)) == len(texts)
    for damaged, original in zip(texts, clean, strict=True):
        assert damaged != original
        assert abs(len(damaged) - len(original)) < 0.1 * len(original)


def test_unseen_batch_files_hold_the_damaged_documents(tmp_path: Path) -> None:
    files, chars = make_unseen_files(tmp_path)
    written = sorted(tmp_path.glob("unseen*.txt"))
    assert files == len(written) == 19
    texts = [p.read_text(encoding="utf-8") for p in written]
    assert texts == damaged_documents()
    assert chars == sum(map(len, texts))


def test_the_machine_reference_workload_is_fixed() -> None:
    """The workload is the same on every run (its words and its count), and it counts
    each word's distinct deletions of one letter as found in the index."""
    from benchmarks.machine import WORDS, _words, _workload

    words = _words()
    assert words == _words() and len(words) == WORDS
    assert _workload(words) == _workload(list(words)) > 0
    assert _workload(["ab", "ba"]) == 4  # "b" and "a" for each
    assert _workload(["aab"]) == 2  # "ab" twice and "aa": two distinct
