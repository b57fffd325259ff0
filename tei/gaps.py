"""Editorial gaps: the ``[[gap]]`` entries of a source's ``structure.toml``.

A gap marks a place where the witness lacks something that the printed work had (a
figure the transcription did not take over, a lost line). The TEI encodes it as
``<gap reason unit quantity><desc>…</desc></gap>`` at its raw offset. It holds no
character of the witness: the raw, diplomatic and reading layers are the same with or
without it.

``corpus.load_structure`` does not read these entries; :func:`load_gaps` reads and
checks them against the raw text and the structure, raising ``CorpusError`` that names
the file, the entry and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from corpus import CorpusError, Structure, load_source, load_structure
from corpus.sources import _entries, _integer, _read_toml, _text

GAP_REASONS = ("lost", "omitted", "illegible", "damage", "cancelled", "deleted", "editorial")
"""Why the text is missing (TEI ``@reason``): ``lost`` from the witness (not taken over
by the transcription or OCR), ``omitted`` on purpose, ``illegible``, ``damage`` to the
copy, ``cancelled``/``deleted`` in the source, ``editorial`` (left out by the editor)."""
GAP_UNITS = ("char", "word", "line", "page", "figure", "table")
"""What ``quantity`` counts (TEI ``@unit``)."""
GAP_CERTS = ("high", "medium", "low")
GAP_KEYS = frozenset({"at", "reason", "unit", "quantity", "desc", "id", "cert", "after", "before"})


@dataclass(frozen=True, slots=True)
class Gap:
    """An editorial gap at a raw offset: what is missing, why, and how much."""

    at: int
    reason: str
    unit: str
    quantity: int
    desc: str
    """What is missing, in English (TEI ``<desc>``)."""
    id: str = ""
    """Optional published id (TEI ``xml:id`` ``{siglum}.{id}``)."""
    cert: str = ""
    """``""`` when the gap is certain; ``medium`` or ``low`` for a probable one."""


def _choice(
    path: Path, where: str, entry: dict[str, Any], key: str, allowed: tuple[str, ...]
) -> str:
    value = _text(path, where, entry, key)
    if value not in allowed:
        raise CorpusError(f"{path}: {where}: {key} {value!r} must be one of {', '.join(allowed)}")
    return value


def _in_block(structure: Structure, at: int) -> bool:
    """Whether offset ``at`` lies in a block (at a block's end only for the body's last)."""
    return at == structure.body_end or any(b.start <= at < b.end for b in structure.blocks)


def check_gap(path: Path, where: str, entry: dict[str, Any], raw: str, structure: Structure) -> Gap:
    """One ``[[gap]]`` entry checked against the raw text and the structure."""
    unknown = sorted(set(entry) - GAP_KEYS)
    if unknown:
        raise CorpusError(
            f"{path}: {where}: unknown key(s) {', '.join(unknown)} "
            f"(a gap has {', '.join(sorted(GAP_KEYS))})"
        )
    at = _integer(path, where, entry, "at")
    if not 0 <= at <= len(raw):
        raise CorpusError(f"{path}: {where}: offset {at} outside the raw text (0..{len(raw)})")
    quantity = _integer(path, where, entry, "quantity")
    if quantity < 1:
        raise CorpusError(f"{path}: {where}: quantity must be at least 1, not {quantity}")
    desc = _text(path, where, entry, "desc")
    if not desc.strip():
        raise CorpusError(f"{path}: {where}: 'desc' is empty: say what is missing")
    ident = _text(path, where, entry, "id", "")
    if "id" in entry and not ident.strip():
        raise CorpusError(f"{path}: {where}: 'id' is empty")
    cert = _choice(path, where, entry, "cert", GAP_CERTS) if "cert" in entry else ""
    after = _text(path, where, entry, "after", "")
    if after and not raw[:at].endswith(after):
        raise CorpusError(
            f"{path}: {where}: after {after!r} does not match raw {raw[max(0, at - 40) : at]!r}"
        )
    before = _text(path, where, entry, "before", "")
    if before and not raw[at:].startswith(before):
        raise CorpusError(
            f"{path}: {where}: before {before!r} does not match raw {raw[at : at + 40]!r}"
        )
    if not _in_block(structure, at):
        raise CorpusError(f"{path}: {where}: offset {at} is not inside a block of the body")
    inside = next((f for f in structure.furniture if f.start < at < f.end), None)
    if inside is not None:
        raise CorpusError(
            f"{path}: {where}: offset {at} falls inside {inside.kind} furniture "
            f"at {inside.start}..{inside.end}"
        )
    return Gap(
        at=at,
        reason=_choice(path, where, entry, "reason", GAP_REASONS),
        unit=_choice(path, where, entry, "unit", GAP_UNITS),
        quantity=quantity,
        desc=desc,
        id=ident,
        cert=cert,
    )


@cache
def load_gaps(siglum: str, root: Path | None = None) -> tuple[Gap, ...]:
    """The editorial gaps of ``structure.toml``, checked, sorted by offset (file order on ties).

    A gap must lie inside a block of the body (at a block boundary it belongs to the
    block that begins there), not inside page furniture; its id, if any, must differ from
    every div, block and other gap id.
    """
    source = load_source(siglum, root)
    structure = load_structure(siglum, root)
    path = source.directory / "structure.toml"
    data = _read_toml(path)
    gaps: list[Gap] = []
    taken = {d.id for d in structure.divs} | {b.id for b in structure.blocks}
    for i, entry in enumerate(_entries(path, data, "gap")):
        where = f"gap #{i + 1} at {entry.get('at', '?')}"
        gap = check_gap(path, where, entry, source.raw, structure)
        if gap.id in taken:
            raise CorpusError(f"{path}: {where}: id {gap.id!r} is already used")
        if gap.id:
            taken.add(gap.id)
        gaps.append(gap)
    return tuple(sorted(gaps, key=lambda g: g.at))
