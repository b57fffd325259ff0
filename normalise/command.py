"""``stichwort repair FILE`` and ``stichwort restore FILE.json``.

``repair`` decodes the input (:mod:`normalise.textio`: a byte order mark or UTF-8,
else the encoding given), prepares it (:mod:`normalise.prepare`: byte order mark,
line ends, control characters, NFC, mojibake, each change an edit) and repairs it.
``--format text`` prints the reading text; ``--format json`` prints ``{"input",
"reading", "edits", "proposals", "confusions"}``, where every edit has raw offsets into
the decoded input and ``input`` names its encoding, size and SHA-256: ``restore``
rebuilds the input from that, byte for byte; ``confusions`` are what the repair learned
from the input's OCR (observed, intended, log10 P). ``--review`` prints instead the
proposals an editor should decide on, one per line (offset, context, original ->
suggestion, confidence, evidence), or as a JSON list. How the input was read and prepared, and progress on
long inputs, go to standard error.

A PAGE XML, ALTO or hOCR input (detected by :func:`normalise.formats.detect`) is
repaired in its own format instead: the output is the repaired document
(:mod:`normalise.formats`), ``--review`` lists the proposals on its text, and
``restore`` takes the repair out of it again.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from normalise.edits import Edit, Repair
from normalise.formats import detect, lines_of, repair_document, restore_document
from normalise.formats.text import FORMAT, final_newline, repair_text
from normalise.textio import InputError, atomic_write, read_bytes

CONTEXT = 30  # characters of raw text shown on each side of a proposal
__all__ = ["FORMAT", "repair_command", "restore_bytes", "restore_command"]


def _context(raw: str, edit: Edit) -> str:
    left = raw[max(0, edit.start - CONTEXT) : edit.start]
    right = raw[edit.end : edit.end + CONTEXT]
    return " ".join(f"{left}[{edit.original}]{right}".split())


def review_lines(repair: Repair) -> list[str]:
    """One line per proposal for an editor."""
    lines = []
    for p in repair.proposals:
        lines.append(
            f"{p.start}\t{_context(repair.raw, p)}\t{p.original!r} -> {p.replacement!r}"
            f"\t{p.confidence:.2f}\t{p.evidence}"
        )
    return lines


def _layout_command(
    path: Path, data: bytes, kind: str, fmt: str, review: bool, out: Path | None
) -> int:
    """``repair`` of a PAGE, ALTO or hOCR file (``kind``): the repaired document, or its
    review."""
    name = str(path)
    if fmt == "json" and not review:
        raise InputError(
            f"{path}: --format json is for plain text; a {kind} file is repaired into "
            f"{kind} (restore it with 'stichwort restore')"
        )
    if review:
        from normalise.formats.lines import repair_lines

        return _review(repair_lines(lines_of(data, name, kind)).repair, fmt, out)
    result = repair_document(data, name, fmt=kind)
    kinds = ", ".join(f"{k} {n}" for k, n in result.stats["edits"].items())  # type: ignore[union-attr]
    print(
        f"{path}: {kind}, {result.stats['lines']} lines, edits: {kinds or 'none'}, "
        f"{result.stats['proposals']} proposals",
        file=sys.stderr,
    )
    _write(result.output, out)
    return 0


def _write(payload: str | bytes, out: Path | None) -> None:
    if out is not None:
        atomic_write(out, payload)
    elif isinstance(payload, bytes):
        sys.stdout.buffer.write(payload)
        sys.stdout.flush()
    else:
        sys.stdout.write(payload)


def _review(result: Repair, fmt: str, out: Path | None) -> int:
    if fmt == "json":
        items = [dict(p.to_json(), context=_context(result.raw, p)) for p in result.proposals]
        payload = json.dumps(items, ensure_ascii=False, indent=1) + "\n"
    else:
        lines = review_lines(result)
        payload = "\n".join(lines) + ("\n" if lines else "")
        print(f"{len(lines)} proposals for review", file=sys.stderr)
    _write(payload, out)
    return 0


def repair_command(
    path: Path, fmt: str, review: bool, out: Path | None, encoding: str | None = None
) -> int:
    """Run the repair on ``path``; returns the exit status (errors raise ``InputError``)."""
    data = read_bytes(path)
    kind = detect(data, str(path))
    if kind != "text":
        if encoding is not None:
            raise InputError(f"{path}: --encoding is for plain text; XML names its own encoding")
        return _layout_command(path, data, kind, fmt, review, out)
    result, about = repair_text(data, str(path), encoding)
    if review:
        return _review(result, fmt, out)
    if fmt == "json":
        record = {"format": FORMAT, "input": about, **result.to_json()}
        payload = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
    else:
        payload = final_newline(result.reading)
    _write(payload, out)
    return 0


def restore_bytes(path: Path) -> bytes:
    """The input of ``stichwort repair`` from its output file ``path``: the JSON of a
    plain-text repair, or a repaired PAGE, ALTO or hOCR document."""
    return restore_document(read_bytes(path), str(path))


def restore_command(path: Path, out: Path | None) -> int:
    """``stichwort restore``: write the input of a repair back (stdout or ``out``)."""
    _write(restore_bytes(path), out)
    return 0
