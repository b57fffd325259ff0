"""``stichwort repair FILE``: read any supported encoding, fix mojibake, repair, write out.

Output: ``--format text`` prints the reading text; ``--format json`` prints
``{"reading", "edits", "proposals"}`` (:meth:`normalise.edits.Repair.to_json`).
``--review`` prints instead the proposals an editor should decide on, one per line
(offset, context, original -> suggestion, confidence, evidence), or as a JSON list.
Mojibake that ftfy repaired before the repair (offsets refer to the fixed text) and
progress on long inputs are reported on standard error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from normalise.edits import Edit, Repair
from normalise.textio import atomic_write, read_text

PROGRESS_MIN_CHARS = 200_000  # show progress for inputs at least this long
CONTEXT = 30  # characters of raw text shown on each side of a proposal


def fix_mojibake(text: str) -> tuple[str, list[str]]:
    """ftfy's repairs (quotes stay curly, long s stays); returns text and the steps taken."""
    import ftfy

    fixed, steps = ftfy.fix_and_explain(text, uncurl_quotes=False, fix_latin_ligatures=False)
    names = [f"{kind} {name}" for kind, name in (steps or [])]
    return fixed, names


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


def repair_command(path: Path, fmt: str, review: bool, out: Path | None) -> int:
    """Run the repair on ``path``; returns the exit status (errors raise ``InputError``)."""
    from normalise.engine import repair

    text, encoding = read_text(path)
    fixed, steps = fix_mojibake(text)
    if fixed != text:
        print(
            f"{path}: ftfy fixed mojibake ({', '.join(steps) or 'text changed'})", file=sys.stderr
        )
    if encoding not in ("utf-8", "utf-8-sig"):
        print(f"{path}: read as {encoding}", file=sys.stderr)
    progress = _progress if len(fixed) >= PROGRESS_MIN_CHARS else None
    result = repair(fixed, progress=progress)
    if review:
        if fmt == "json":
            items = [dict(p.to_json(), context=_context(result.raw, p)) for p in result.proposals]
            payload = json.dumps(items, ensure_ascii=False, indent=1) + "\n"
        else:
            lines = review_lines(result)
            payload = "\n".join(lines) + ("\n" if lines else "")
            print(f"{len(lines)} proposals for review", file=sys.stderr)
    elif fmt == "json":
        payload = json.dumps(result.to_json(), ensure_ascii=False, indent=1) + "\n"
    else:
        payload = result.reading if result.reading.endswith("\n") else result.reading + "\n"
    if out is not None:
        atomic_write(out, payload)
    else:
        sys.stdout.write(payload)
    return 0
