"""``stichwort repair FILE`` and ``stichwort restore FILE.json``.

``repair`` decodes the input (:mod:`normalise.textio`: a byte order mark or UTF-8,
else the encoding given), prepares it (:mod:`normalise.prepare`: byte order mark,
line ends, control characters, NFC, mojibake, each change an edit) and repairs it.
``--format text`` prints the reading text; ``--format json`` prints ``{"input",
"reading", "edits", "proposals"}``, where every edit has raw offsets into the decoded
input and ``input`` names its encoding, size and SHA-256: ``restore`` rebuilds the
input from that, byte for byte. ``--review`` prints instead the proposals an editor
should decide on, one per line (offset, context, original -> suggestion, confidence,
evidence), or as a JSON list. How the input was read and prepared, and progress on
long inputs, go to standard error.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from normalise.edits import Edit, Repair, compose, restore_raw
from normalise.prepare import prepare, summary
from normalise.textio import InputError, atomic_write, decode_text, read_bytes

PROGRESS_MIN_CHARS = 200_000  # show progress for inputs at least this long
CONTEXT = 30  # characters of raw text shown on each side of a proposal
FORMAT = "stichwort-repair/1"  # the "format" of the JSON output


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


def _progress(stage: str, share: float) -> None:
    print(f"\rrepair: {stage} {share:4.0%}", end="" if share < 1 else "\n", file=sys.stderr)


def _layers(edits: list[Edit]) -> list[list[Edit]]:
    """``edits`` split into lists of sorted, disjoint edits (overlapping ones apart)."""
    layers: list[list[Edit]] = []
    for edit in sorted(edits, key=lambda e: (e.start, e.end)):
        for layer in layers:
            last = layer[-1]
            if edit.start >= last.end and (edit.start > last.start or last.start < last.end):
                layer.append(edit)
                break
        else:
            layers.append([edit])
    return layers


def _on_raw(raw: str, prepared: list[Edit], edits: list[Edit]) -> list[Edit]:
    """``edits`` on the prepared text, moved onto ``raw`` (joined with the
    preparation's edits they touch)."""
    if not prepared:
        return list(edits)
    mine = {id(e) for e in prepared}
    out: list[Edit] = []
    for layer in _layers(edits):
        out += [e for e in compose(raw, prepared, layer) if id(e) not in mine]
    return sorted(out, key=lambda e: (e.start, e.end))


def repair_file(path: Path, encoding: str | None = None) -> tuple[Repair, dict[str, Any]]:
    """Read, prepare and repair a file: the repair on the decoded text, and what
    ``restore`` needs besides (encoding, size, SHA-256 of the input)."""
    from normalise.engine import repair

    data = read_bytes(path)
    decoded = decode_text(data, str(path), encoding)
    if decoded.encoding != "utf-8" or decoded.bom:
        mark = " (byte order mark)" if decoded.bom else ""
        print(f"{path}: read as {decoded.encoding}{mark}", file=sys.stderr)
    text, prepared = prepare(decoded.text)
    if prepared:
        print(f"{path}: before repair: {summary(prepared)}", file=sys.stderr)
    progress = _progress if len(text) >= PROGRESS_MIN_CHARS else None
    result = repair(text, progress)
    raw = decoded.text
    edits = compose(raw, prepared, result.edits) if prepared else result.edits
    whole = Repair(raw, edits, _on_raw(raw, prepared, result.proposals))
    about = {
        "file": str(path),
        "encoding": decoded.encoding,
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
    }
    return whole, about


def repair_command(
    path: Path, fmt: str, review: bool, out: Path | None, encoding: str | None = None
) -> int:
    """Run the repair on ``path``; returns the exit status (errors raise ``InputError``)."""
    result, about = repair_file(path, encoding)
    if review:
        if fmt == "json":
            items = [dict(p.to_json(), context=_context(result.raw, p)) for p in result.proposals]
            payload = json.dumps(items, ensure_ascii=False, indent=1) + "\n"
        else:
            lines = review_lines(result)
            payload = "\n".join(lines) + ("\n" if lines else "")
            print(f"{len(lines)} proposals for review", file=sys.stderr)
    elif fmt == "json":
        data = {"format": FORMAT, "input": about, **result.to_json()}
        payload = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    else:
        payload = result.reading if result.reading.endswith("\n") else result.reading + "\n"
    if out is not None:
        atomic_write(out, payload)
    else:
        sys.stdout.write(payload)
    return 0


def restore_bytes(path: Path) -> bytes:
    """The input of ``stichwort repair --format json`` from its output file ``path``."""
    try:
        data = json.loads(read_bytes(path).decode("utf-8"))
    except UnicodeDecodeError as error:
        raise InputError(f"{path}: not UTF-8 at byte {error.start}") from None
    except json.JSONDecodeError as error:
        raise InputError(f"{path}:{error.lineno}: not JSON: {error.msg}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(f"{path}: not the JSON output of 'stichwort repair' ({FORMAT})")
    about, reading, edits = data.get("input"), data.get("reading"), data.get("edits")
    if not isinstance(about, dict) or not isinstance(reading, str) or not isinstance(edits, list):
        raise InputError(f"{path}: needs 'input' (object), 'reading' (text) and 'edits' (list)")
    records: list[Edit] = []
    for i, item in enumerate(edits):
        try:
            records.append(Edit.from_json(item))
        except (TypeError, ValueError) as error:
            raise InputError(f"{path}: edit #{i + 1}: {error}") from None
    try:
        raw = restore_raw(reading, records)
        payload = raw.encode(str(about.get("encoding", "utf-8")), errors="strict")
    except (ValueError, LookupError) as error:
        raise InputError(f"{path}: cannot restore the input: {error}") from None
    if "sha256" in about and hashlib.sha256(payload).hexdigest() != about["sha256"]:
        raise InputError(f"{path}: the restored bytes do not match the input's SHA-256")
    return payload


def restore_command(path: Path, out: Path | None) -> int:
    """``stichwort restore``: write the input of a repair back (stdout or ``out``)."""
    payload = restore_bytes(path)
    if out is not None:
        atomic_write(out, payload)
    else:
        sys.stdout.buffer.write(payload)
        sys.stdout.flush()
    return 0
