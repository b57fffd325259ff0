"""Large text files in bounded memory: read in segments cut at paragraph breaks, each
repaired as a document of its own, the readings joined in order."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from normalise.batch import MANIFEST, collect_inputs, repair_one, repair_segment, run_batch
from normalise.chunks import chunk_spans
from normalise.stream import joint, segments
from normalise.textio import InputError

SIZE = 15_000  # characters per segment in these tests


@pytest.fixture(scope="module")
def book(root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Engelmann 1798 and the first half of Schwaighofer 1927 as one file of about
    130,000 characters."""
    texts = [
        (root / "corpus" / name / "raw.txt").read_text(encoding="utf-8")[:70_000]
        for name in ("engelmann1798", "schwaighofer1927")
    ]
    path = tmp_path_factory.mktemp("book") / "book.txt"
    path.write_text("\n\n".join(texts), encoding="utf-8")
    return path


def test_segments_tile_the_file_and_are_cut_at_paragraph_breaks(book: Path) -> None:
    text = book.read_text(encoding="utf-8")
    data = book.read_bytes()
    pieces = list(segments(book, SIZE, block_bytes=4096))
    assert len(pieces) >= len(text) // SIZE
    assert "".join(p.text + p.gap for p in pieces) == text
    assert [p.index for p in pieces] == list(range(len(pieces)))
    for piece in pieces:
        assert 0 < len(piece.text) <= SIZE
        assert data[piece.start_byte :].startswith(piece.text.encode("utf-8"))
    assert all(p.gap and not p.gap.strip() for p in pieces[:-1])
    # cut where the engine cuts a long document (a paragraph break where there is one)
    spans, at = [], 0
    for piece in pieces:
        spans.append((at, at + len(piece.text)))
        at += len(piece.text) + len(piece.gap)
    assert spans == chunk_spans(text, SIZE)
    assert any(p.gap.count("\n") >= 2 for p in pieces)


def test_a_small_file_is_one_segment_and_white_space_joins_as_in_the_engine(
    tmp_path: Path,
) -> None:
    path = tmp_path / "small.txt"
    path.write_text("Ein kurzer Text.\n", encoding="utf-8")
    assert [(s.text, s.gap) for s in segments(path, SIZE)] == [("Ein kurzer Text.\n", "")]
    assert (joint("\n\n"), joint("\r\n\r\n"), joint(" \n "), joint("")) == ("\n\n", "\n\n", " ", "")


def test_decoding_errors_name_the_byte_across_blocks(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    good = ("Spiel und Größe. " * 400).encode("utf-8")  # ö and ß cross block boundaries
    path.write_bytes(good + b"\xf6" + good)
    with pytest.raises(InputError, match=rf"{path}: .*byte 0xF6 at offset {len(good)} "):
        list(segments(path, 1000, block_bytes=333))
    path.write_bytes(good)
    assert "".join(s.text + s.gap for s in segments(path, 1000, block_bytes=333)) == good.decode()
    path.write_bytes("\ufeffSpiel\n\nGröße".encode("utf-16-le"))
    (only,) = segments(path, 1000)
    assert only.text == "\ufeffSpiel\n\nGröße"
    path.write_bytes(b"\x00\x01binary")
    with pytest.raises(InputError, match="NUL byte at offset 0"):
        list(segments(path, 1000))


def _words_in_common(a: str, b: str) -> float:
    x, y = a.split(), b.split()
    matcher = difflib.SequenceMatcher(None, x, y, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()) / max(len(x), len(y))


@pytest.fixture(scope="module")
def streamed(book: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """The book repaired as a batch, streamed, by one worker and by two: the outputs."""
    outs = {}
    for jobs in (1, 2):
        out = tmp_path_factory.mktemp(f"jobs{jobs}")
        summary = run_batch(
            collect_inputs([str(book)], out), out, jobs=jobs, stream_bytes=SIZE, segment_chars=SIZE
        )
        assert (summary.done, summary.failed) == (1, 0)
        outs[jobs] = out
    return outs


def test_a_streamed_file_is_its_segments_repaired_and_joined(
    book: Path, streamed: dict[int, Path]
) -> None:
    pieces = list(segments(book, SIZE))
    readings = [repair_segment(p.text, str(book), p.index)[0].decode() for p in pieces]
    expected, gap = "", None
    for piece, reading in zip(pieces, readings, strict=True):
        if reading:
            expected += (joint(gap) if gap is not None else "") + reading
            gap = ""
        if gap is not None:
            gap += piece.gap
    for out in streamed.values():
        assert (out / "book.txt").read_text(encoding="utf-8") == expected + "\n"
        record = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"][0]
        assert record["chunks"] == len(pieces) > 5
        assert record["chars"] == len(book.read_text(encoding="utf-8"))


def test_a_streamed_file_differs_from_the_whole_files_repair_in_few_words(
    book: Path, streamed: dict[int, Path]
) -> None:
    """The documented difference: each segment is a document of its own (its word
    counts, page-number series, hyphens at its ends), so a few words differ from the
    whole file's repair, while the raw OCR differs from it in many."""
    text = (streamed[1] / "book.txt").read_text(encoding="utf-8")
    whole = repair_one(book.read_bytes(), str(book))[0].decode()
    assert text != whole
    assert _words_in_common(text, whole) >= 0.99
    assert _words_in_common(book.read_text(encoding="utf-8"), whole) < 0.9


def test_a_streamed_file_that_fails_half_way_leaves_no_output(book: Path, tmp_path: Path) -> None:
    bad = tmp_path / "in" / "bad.txt"
    bad.parent.mkdir()
    data = book.read_bytes()
    at = len(data) // 2
    at -= next(i for i in range(4) if data[at - i] < 0x80)  # not inside a character
    bad.write_bytes(data[:at] + b"\xff" + data[at:])
    out = tmp_path / "out"
    summary = run_batch(
        collect_inputs([str(bad.parent)], out), out, stream_bytes=SIZE, segment_chars=SIZE
    )
    assert summary.failed == 1
    record = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"][0]
    assert f"byte 0xFF at offset {at}" in record["error"]
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST]  # no output, no temporary


def test_a_streamed_file_shows_progress_segment_by_segment(
    book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from normalise import batch

    part = tmp_path / "in" / "part.txt"
    part.parent.mkdir()
    part.write_text(book.read_text(encoding="utf-8")[:40_000], encoding="utf-8")
    monkeypatch.setattr(batch, "LINE_EVERY", 0.0)  # a line at every chance
    stream = io.StringIO()
    out = tmp_path / "out"
    sources = collect_inputs([str(part.parent)], out)
    run_batch(sources, out, stream_bytes=SIZE, segment_chars=SIZE, progress=stream)
    lines = stream.getvalue().splitlines()
    during = [line for line in lines if line.startswith("repair: 0/1 files")]
    chunks = [int(line.split("failed), ")[1].split(" chunks")[0]) for line in during]
    assert len(chunks) >= 2 and chunks == sorted(chunks) and chunks[0] >= 1
    # the time left is estimated from the segments written before the file is done
    assert any("ETA ?" not in line for line in during)
    assert lines[-1].startswith("repair: 1/1 files") and lines[-1].endswith("ETA 0:00:00")
