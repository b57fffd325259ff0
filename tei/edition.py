"""The edition's edit log of a source: automatic repair + curated corrections + furniture.

The log is what the TEI encodes and what the reading text is made of:

- automatic edits (``normalise.repair``) that neither overlap page furniture nor
  cross a block boundary (they could not be encoded inside one block);
- the editor's curated corrections (``corpus.load_corrections``), which win where
  they touch an automatic edit (``normalise.edits.merge_layers``); a correction that
  overlaps furniture or crosses a block boundary is dropped with a warning;
- one ``noise`` edit (source ``editor``) per furniture span of the structure, which
  removes page numbers, signatures, catchwords, running heads and garbage from the
  reading text; its replacement is a single space where removing it would glue two
  words (non-space characters on both sides in the raw text), else empty. An empty
  ``pageNum`` (an unnumbered page beginning there) only marks the page: no edit.

The editorial gaps and foreign passages of ``structure.toml`` (``tei.gaps``,
``tei.foreign``) travel with the log; they are no edits and change no text.
"""

from __future__ import annotations

import bisect
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from corpus import (
    Block,
    Furniture,
    Source,
    Structure,
    load_corrections,
    load_source,
    load_structure,
)
from normalise import repair
from normalise.edits import Edit, Repair, merge_layers
from normalise.profile import Confusion, source_profile
from tei.foreign import Foreign, load_foreign
from tei.gaps import Gap, load_gaps
from tei.normal import deterministic, fold


@dataclass(frozen=True)
class EditionLog:
    """Everything the TEI builder needs about one source's edits."""

    source: Source
    structure: Structure
    edits: tuple[Edit, ...]
    """The merged log: text edits and furniture edits, sorted by raw offset."""
    furniture_edits: dict[tuple[int, int], Edit]
    """The furniture's noise edits by raw span."""
    dropped: tuple[tuple[Edit, str], ...]
    """Edits left out of the log and why."""
    gaps: tuple[Gap, ...] = ()
    """The editorial gaps (``<gap>``), sorted by raw offset."""
    foreign: tuple[Foreign, ...] = ()
    """The passages in another language (``<foreign>``), sorted by raw offset."""
    replaced: tuple[Edit, ...] = ()
    """Automatic edits that a curated correction or a furniture span replaced."""

    def text_edits(self) -> list[Edit]:
        """The edits that are not furniture removals."""
        return [e for e in self.edits if self.furniture_edits.get((e.start, e.end)) != e]


@cache
def _engine(siglum: str, root: Path | None) -> Repair:
    """The automatic repair of the whole source with its profile (cached: the engine is
    slow)."""
    source = load_source(siglum, root)
    return repair(source.raw, profile=source_profile(source))


def _automatic(siglum: str, root: Path | None) -> tuple[Edit, ...]:
    """The automatic edits of the whole source."""
    return tuple(_engine(siglum, root).edits)


def edition_proposals(siglum: str, root: Path | None = None) -> tuple[Edit, ...]:
    """The repair engine's proposals for a source: doubtful edits held back from the
    reading text (below ``normalise.engine.APPLY_THRESHOLD``), for an editor to decide."""
    return tuple(_engine(siglum, root).proposals)


def edition_confusions(siglum: str, root: Path | None = None) -> tuple[Confusion, ...]:
    """The confusions the automatic repair learned from the source's own OCR."""
    return _engine(siglum, root).confusions


def furniture_replacement(raw: str, start: int, end: int) -> str:
    """A space where removing ``raw[start:end]`` would glue two words, else nothing."""
    before = raw[start - 1] if start > 0 else " "
    after = raw[end] if end < len(raw) else " "
    return " " if not before.isspace() and not after.isspace() else ""


def furniture_edit(raw: str, item: Furniture) -> Edit:
    """The noise edit (source ``editor``) that takes one furniture span out of the reading."""
    return Edit(
        item.start,
        item.end,
        raw[item.start : item.end],
        furniture_replacement(raw, item.start, item.end),
        "noise",
        1.0,
        f"furniture: {item.kind}",
        "editor",
    )


def _conflict(
    edit: Edit, boundaries: list[int], furniture: list[Furniture], ends: list[int]
) -> str:
    """Why ``edit`` cannot be encoded inside one block, or ``""``."""
    i = bisect.bisect_right(boundaries, edit.start)
    if i < len(boundaries) and boundaries[i] < edit.end:
        return f"crosses the block boundary at {boundaries[i]}"
    j = bisect.bisect_right(ends, edit.start)
    if j < len(furniture):
        f = furniture[j]
        if f.start < edit.end:
            return f"overlaps {f.kind} furniture at {f.start}..{f.end}"
    return ""


@cache
def edition_log(siglum: str, root: Path | None = None) -> EditionLog:
    """The edition's edit log of ``siglum`` with the furniture edits and dropped edits."""
    source = load_source(siglum, root)
    structure = load_structure(siglum, root)
    gaps = load_gaps(siglum, root)  # checked before the slow repair
    foreign = load_foreign(siglum, root)
    raw = source.raw
    boundaries = sorted({b.start for b in structure.blocks} | {b.end for b in structure.blocks})
    furniture = sorted(structure.furniture, key=lambda f: f.start)
    ends = [f.end for f in furniture]
    dropped: list[tuple[Edit, str]] = []

    def keep(edits: tuple[Edit, ...]) -> list[Edit]:
        kept = []
        for edit in edits:
            reason = _conflict(edit, boundaries, furniture, ends)
            if reason:
                dropped.append((edit, reason))
            else:
                kept.append(edit)
        return kept

    automatic = keep(_automatic(siglum, root))
    curated = keep(load_corrections(siglum, root))
    for edit, reason in dropped:
        if edit.source == "editor":
            print(f"{siglum}: correction at {edit.start} dropped: {reason}", file=sys.stderr)
    furniture_edits = {
        (f.start, f.end): furniture_edit(raw, f) for f in furniture if f.end > f.start
    }
    merged = merge_layers(automatic, [*curated, *furniture_edits.values()])
    kept = set(merged)
    return EditionLog(
        source,
        structure,
        tuple(merged),
        furniture_edits,
        tuple(dropped),
        gaps,
        foreign,
        tuple(e for e in automatic if e not in kept),
    )


def edition_edits(siglum: str, root: Path | None = None) -> list[Edit]:
    """The edition's full edit log of a source, sorted by raw offset."""
    return list(edition_log(siglum, root).edits)


@cache
def _repair(siglum: str, root: Path | None) -> Repair:
    log = edition_log(siglum, root)
    return Repair(log.source.raw, list(log.edits))


def reading_around(
    siglum: str, start: int, end: int, width: int, root: Path | None = None
) -> tuple[str, str, str]:
    """The edition's reading text of ``raw[start:end]`` with up to ``width`` characters of
    the reading text before and after it: ``(left, word, right)``."""
    repaired = _repair(siglum, root)
    a = repaired.to_reading_offset(start, side="left")
    b = repaired.to_reading_offset(end)
    reading = repaired.reading
    return reading[max(0, a - width) : a], reading[a:b], reading[b : b + width]


@cache
def _blocks(siglum: str, root: Path | None) -> tuple[tuple[Block, ...], tuple[int, ...]]:
    blocks = tuple(sorted(edition_log(siglum, root).structure.blocks, key=lambda b: b.start))
    return blocks, tuple(b.start for b in blocks)


def block_at(siglum: str, at: int, root: Path | None = None) -> Block | None:
    """The block of the structure that holds raw offset ``at``, ``None`` outside the blocks."""
    blocks, starts = _blocks(siglum, root)
    k = bisect.bisect_right(starts, at) - 1
    return blocks[k] if k >= 0 and at < blocks[k].end else None


def edition_reading(siglum: str, start: int, end: int, root: Path | None = None) -> str:
    """The edition's reading text of ``raw[start:end]``, normalised and whitespace-folded.

    An edit belongs to the span when it starts inside it (see ``Repair.reading_span``).
    """
    return fold(deterministic(_repair(siglum, root).reading_span(start, end)))
