"""Plain text: decoded, prepared and repaired as ``stichwort repair`` always did.

The output is the reading text (ending in a line break). Restoring needs what the
reading text does not hold, the edits: :func:`restore` takes the JSON that
``stichwort repair --format json`` writes (``stichwort-repair/1``) and gives back the
input's bytes.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from normalise.edits import Edit, Repair, compose, restore_raw
from normalise.prepare import prepare, summary
from normalise.textio import InputError, decode_text

FORMAT = "stichwort-repair/1"  # the "format" of the JSON output
PROGRESS_MIN_CHARS = 200_000  # show progress for inputs at least this long


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


def repair_raw(
    raw: str,
    progress: Callable[[str, float], None] | None = None,
    *,
    name: str | None = None,
) -> tuple[Repair, list[Edit], list[Edit]]:
    """Prepare and repair a decoded text: the engine's repair of the prepared text, the
    preparation's edits, and the repair's edits on ``raw`` (the preparation's joined
    in). Quiet, unless ``name`` is given: then how the text was prepared goes to
    standard error, and the progress of a long text when no ``progress`` is given."""
    from normalise.engine import repair

    text, prepared = prepare(raw)
    if name is not None:
        if prepared:
            print(f"{name}: before repair: {summary(prepared)}", file=sys.stderr)
        if progress is None and len(text) >= PROGRESS_MIN_CHARS:
            progress = _progress
    result = repair(text, progress)
    edits = compose(raw, prepared, result.edits) if prepared else result.edits
    return result, prepared, edits


def edit_counts(edits: Iterable[Edit]) -> dict[str, int]:
    """Edits by kind (sorted by kind), as the statistics list them."""
    return dict(sorted(Counter(e.kind for e in edits).items()))


def final_newline(reading: str) -> str:
    """The reading text as it is written out: ending in a line break."""
    return reading if reading.endswith("\n") else reading + "\n"


def repair_text(
    data: bytes,
    name: str,
    encoding: str | None = None,
    progress: Callable[[str, float], None] | None = None,
) -> tuple[Repair, dict[str, Any]]:
    """Decode, prepare and repair a text: the repair on the decoded text, and what
    restoring needs besides (file, encoding, size, SHA-256 of the input). How the
    input was read and prepared goes to standard error."""
    decoded = decode_text(data, name, encoding)
    if decoded.encoding != "utf-8" or decoded.bom:
        mark = " (byte order mark)" if decoded.bom else ""
        print(f"{name}: read as {decoded.encoding}{mark}", file=sys.stderr)
    raw = decoded.text
    result, prepared, edits = repair_raw(raw, progress, name=name)
    whole = Repair(raw, edits, _on_raw(raw, prepared, result.proposals), result.confusions)
    about = {
        "file": name,
        "encoding": decoded.encoding,
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
    }
    return whole, about


def stats(repair: Repair) -> dict[str, object]:
    """Characters, edits by kind, proposals, pages (form feeds + 1) and lines."""
    return {
        "chars": len(repair.raw),
        "edits": edit_counts(repair.edits),
        "proposals": len(repair.proposals),
        "pages": repair.raw.count("\f") + 1,
        "lines": len(repair.raw.splitlines()),
    }


def repair(data: bytes, name: str, keep: Iterable[str] = ()) -> tuple[bytes, dict[str, object]]:
    """The reading text of a plain-text input (UTF-8, line break at the end), without
    the edits of the kinds in ``keep``."""
    from normalise.formats.lines import without_kinds

    result, _about = repair_text(data, name)
    result = without_kinds(result, keep)
    return final_newline(result.reading).encode("utf-8"), stats(result)


def text_content(data: bytes, name: str) -> str:
    """The decoded text."""
    return decode_text(data, name).text


def restore(data: bytes, name: str) -> bytes:
    """The input of ``stichwort repair --format json`` from its output ``data``."""
    try:
        record = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise InputError(f"{name}: not UTF-8 at byte {error.start}") from None
    except json.JSONDecodeError as error:
        raise InputError(
            f"{name}:{error.lineno}: not JSON: {error.msg} (plain text is restored "
            "from the JSON of 'stichwort repair --format json', not from the reading text)"
        ) from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise InputError(f"{name}: not the JSON output of 'stichwort repair' ({FORMAT})")
    about, reading, edits = record.get("input"), record.get("reading"), record.get("edits")
    if not isinstance(about, dict) or not isinstance(reading, str) or not isinstance(edits, list):
        raise InputError(f"{name}: needs 'input' (object), 'reading' (text) and 'edits' (list)")
    records: list[Edit] = []
    for i, item in enumerate(edits):
        try:
            records.append(Edit.from_json(item))
        except (TypeError, ValueError) as error:
            raise InputError(f"{name}: edit #{i + 1}: {error}") from None
    try:
        raw = restore_raw(reading, records)
        payload = raw.encode(str(about.get("encoding", "utf-8")), errors="strict")
    except (ValueError, LookupError) as error:
        raise InputError(f"{name}: cannot restore the input: {error}") from None
    if "sha256" in about and hashlib.sha256(payload).hexdigest() != about["sha256"]:
        raise InputError(f"{name}: the restored bytes do not match the input's SHA-256")
    return payload
