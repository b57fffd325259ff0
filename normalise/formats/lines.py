"""Repair of a document held as blocks of lines, with every edit mapped back to its line.

A layout format (PAGE, ALTO, hOCR) gives its text as blocks in reading order, each a
list of line texts. :func:`repair_lines` joins them into one text (lines by ``\\n``,
blocks by a blank line), so the engine sees the document whole and a word hyphenated
across two lines as one, repairs it, and splits each edit of that text into pieces on
the lines it covers. The lines keep their geometry: what an edit does to a line break
is not written anywhere, and where it joins two lines into one word (a hyphenated word,
a word split by the OCR) the join is recorded on both lines and the line-end hyphen
stays on the first line.
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from normalise.edits import KINDS, Edit, Repair, apply_edits
from normalise.formats.text import edit_counts

LINE_BREAK = "\n"
BLOCK_BREAK = "\n\n"
HYPHENS = "-‐‑⸗=¬"  # line-end hyphens kept as printed when a word is joined
MISREAD_HYPHENS = ":;"  # read for a line-end hyphen: written as "-" when the word is joined
_EDGE = ".,;:!?\"'“”„‚‘’»«()[]"  # stripped from a joined word


@dataclass(slots=True)
class LineRepair:
    """The repair of one line: its edits (offsets in the line text) and what they make."""

    text: str
    edits: list[Edit] = field(default_factory=list)
    join_next: str | None = None  # the whole word this line's last word begins
    join_previous: str | None = None  # the whole word this line's first word ends

    @property
    def reading(self) -> str:
        """The repaired line text."""
        return apply_edits(self.text, self.edits)

    @property
    def changed(self) -> bool:
        """Does the repair change this line's text?"""
        return self.reading != self.text

    @property
    def confidence(self) -> float:
        """The lowest confidence of the edits on this line (1.0 without edits)."""
        return min((e.confidence for e in self.edits), default=1.0)

    def span_reading(self, start: int, end: int) -> str:
        """The reading of ``text[start:end]`` (a word): an edit belongs to the span it
        starts in, an insertion at ``end`` too; see :meth:`Repair.reading_span`."""
        repair = Repair(self.text, self.edits)
        a = repair.to_reading_offset(start, side="right")
        if end >= len(self.text) and end > start:
            return repair.reading[a:]
        b = repair.to_reading_offset(end, side="right")
        b += sum(len(e.replacement) for e in self.edits if e.start == e.end == end)
        return repair.reading[a:b]

    def word_readings(self, spans: list[tuple[int, int]]) -> list[str]:
        """The reading of each word at ``spans`` (in order); where the repair joins two
        words (the white space between them deleted), the first takes the whole and
        the second is left empty."""
        readings = [self.span_reading(a, b) for a, b in spans]
        for k in range(len(spans) - 1, 0, -1):
            gap_start, gap_end = spans[k - 1][1], spans[k][0]
            if gap_end > gap_start and any(
                (e.start <= gap_start and e.end >= gap_end and not e.replacement.strip())
                or (e.start < gap_start < e.end <= gap_end and " " not in e.replacement)
                for e in self.edits
            ):
                readings[k - 1] += readings[k]
                readings[k] = ""
        return readings

    def span_confidence(self, start: int, end: int) -> float:
        """The lowest confidence of the edits touching ``text[start:end]``."""
        return min(
            (e.confidence for e in self.edits if e.start <= end and e.end >= start),
            default=1.0,
        )


@dataclass(slots=True)
class DocumentRepair:
    """The lines repaired (block by block, as given) and the repair of the joined text."""

    blocks: list[list[LineRepair]]
    repair: Repair

    def stats(self, pages: int) -> dict[str, object]:
        """Characters, edits by kind, proposals, pages and lines."""
        return {
            "chars": len(self.repair.raw),
            "edits": edit_counts(self.repair.edits),
            "proposals": len(self.repair.proposals),
            "pages": pages,
            "lines": sum(len(block) for block in self.blocks),
        }


def join_text(blocks: list[list[str]]) -> tuple[str, list[tuple[int, int]]]:
    """The text the engine repairs, and the span of every line in it (in order)."""
    parts: list[str] = []
    spans: list[tuple[int, int]] = []
    position = 0
    for b, block in enumerate(blocks):
        if b:
            parts.append(BLOCK_BREAK)
            position += len(BLOCK_BREAK)
        for k, line in enumerate(block):
            if k:
                parts.append(LINE_BREAK)
                position += len(LINE_BREAK)
            parts.append(line)
            spans.append((position, position + len(line)))
            position += len(line)
    return "".join(parts), spans


def _owners(original: str, replacement: str) -> list[int]:
    """For each character of ``replacement``, the index of the character of
    ``original`` it stands for (an insertion: the character before it, or 0)."""
    owners: list[int] = []
    matcher = difflib.SequenceMatcher(None, original, replacement, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            owners += range(i1, i2)
        elif tag == "replace":
            n, m = i2 - i1, j2 - j1
            owners += [i1 + (k * n) // m for k in range(m)]
        elif tag == "insert":
            owners += [max(i1 - 1, 0)] * (j2 - j1)
    return owners


def _joined_word(reading: str, start: int, end: int) -> str:
    """The word of ``reading`` around ``reading[start:end]``, without edge punctuation."""
    while start > 0 and not reading[start - 1].isspace():
        start -= 1
    while end < len(reading) and not reading[end].isspace():
        end += 1
    return reading[start:end].strip().strip(_EDGE)


def _split(
    edit: Edit,
    spans: list[tuple[int, int]],
    ends: list[int],
    repair: Repair,
    lines: list[LineRepair],
    joins: set[int],
) -> None:
    """Split ``edit``, which crosses a line or block break, into pieces on its lines.

    Each character of the replacement goes to the line of the original character it
    stands for. One that stands for a break is the break itself when it is white space
    (and the break is kept); other text there goes to the line before. A break that
    keeps nothing is a join: the line before it goes into ``joins``.
    """
    lo = max(bisect.bisect_right(ends, edit.start) - 1, 0)
    touched = []
    for i in range(lo, len(spans)):
        a, b = spans[i]
        if a > edit.end:
            break
        if (a < edit.end and b > edit.start) or edit.start <= a == b <= edit.end:
            touched.append(i)
    if not touched:
        return
    pieces: dict[int, list[str]] = {i: [] for i in touched}
    kept: set[int] = set()  # lines whose following break the replacement keeps
    owners = _owners(edit.original, edit.replacement)
    for char, owner in zip(edit.replacement, owners, strict=True):
        position = edit.start + owner
        line = next((i for i in touched if position < spans[i][1]), None)
        if line is not None and spans[line][0] <= position:
            pieces[line].append(char)
            continue
        before = [i for i in touched if spans[i][1] <= position]
        if char.isspace():
            if before and line is not None:
                kept.add(before[-1])
        elif before:
            pieces[before[-1]].append(char)
        else:
            pieces[touched[0]].insert(0, char)
    for n, i in enumerate(touched):
        a, b = max(edit.start, spans[i][0]), min(edit.end, spans[i][1])
        original = repair.raw[a:b]
        replacement = "".join(pieces[i])
        if n + 1 < len(touched) and i not in kept:
            joins.add(i)
        if original != replacement:
            lines[i].edits.append(
                Edit(
                    a - spans[i][0],
                    b - spans[i][0],
                    original,
                    replacement,
                    edit.kind,
                    edit.confidence,
                    edit.evidence,
                    edit.source,
                )
            )


def _join(lines: list[LineRepair], i: int, repair: Repair, at: int) -> None:
    """Record that line ``i`` and the next make one word (at raw offset ``at``),
    unless one of them is empty there; a line-end hyphen stays on line ``i``."""
    first, second = lines[i], lines[i + 1]
    if not first.text.strip() or not second.text.strip():
        return
    mark = first.text.rstrip()[-1:]
    if mark in HYPHENS + MISREAD_HYPHENS:
        kept = "-" if mark in MISREAD_HYPHENS else mark
        end = len(first.text.rstrip())
        for k, edit in enumerate(first.edits):
            if edit.start < end <= edit.end and not edit.replacement.rstrip().endswith(kept):
                replacement = edit.replacement.rstrip() + kept
                if replacement == edit.original:
                    del first.edits[k]
                else:
                    first.edits[k] = Edit(
                        edit.start,
                        edit.end,
                        edit.original,
                        replacement,
                        edit.kind,
                        edit.confidence,
                        edit.evidence,
                        edit.source,
                    )
                break
    reading_at = repair.to_reading_offset(at, side="left")
    word = _joined_word(repair.reading, reading_at, reading_at)
    first.join_next = word
    second.join_previous = word


def _covers_a_line(spans: list[tuple[int, int]], first: int, edit: Edit) -> bool:
    """Does ``edit`` cover text of a line (``first`` or a later one)?"""
    for a, b in spans[first:]:
        if a >= edit.end:
            return False
        if b > edit.start:
            return True
    return False


def map_edits(repair: Repair, spans: list[tuple[int, int]]) -> list[LineRepair]:
    """The edits of ``repair`` (on the joined text) as edits of each line."""
    lines = [LineRepair(repair.raw[a:b]) for a, b in spans]
    ends = [b for _, b in spans]
    joins: set[int] = set()
    i = 0
    for edit in repair.edits:
        while i + 1 < len(spans) and spans[i][1] < edit.start:
            i += 1
        inside = [
            k
            for k in range(i, min(i + 2, len(spans)))
            if spans[k][0] <= edit.start and edit.end <= spans[k][1]
        ]
        if inside:
            k = inside[0]
            a = spans[k][0]
            lines[k].edits.append(
                Edit(
                    edit.start - a,
                    edit.end - a,
                    edit.original,
                    edit.replacement,
                    edit.kind,
                    edit.confidence,
                    edit.evidence,
                    edit.source,
                )
            )
        elif _covers_a_line(spans, i, edit):
            _split(edit, spans, ends, repair, lines, joins)
        else:  # inside a break: nothing to write, but a break replaced by nothing joins
            k = bisect.bisect_right(ends, edit.start) - 1
            if (
                0 <= k < len(spans) - 1
                and edit.start <= ends[k]
                and edit.end >= spans[k + 1][0]
                and not any(c.isspace() for c in edit.replacement)
            ):
                joins.add(k)
    for k in sorted(joins):
        _join(lines, k, repair, ends[k])
    return lines


def repair_lines(blocks: list[list[str]], keep: Iterable[str] = ()) -> DocumentRepair:
    """Repair the text of ``blocks`` (lists of line texts, in reading order) as one;
    edits of the kinds in ``keep`` (``long-s`` for a diplomatic transcription) are left
    out."""
    from normalise.engine import repair

    for block in blocks:
        for line in block:
            if LINE_BREAK in line or "\r" in line:
                raise ValueError(f"a line holds a line break: {line!r}")
    text, spans = join_text(blocks)
    result = without_kinds(repair(text), keep)
    lines = map_edits(result, spans)
    out: list[list[LineRepair]] = []
    k = 0
    for block in blocks:
        out.append(lines[k : k + len(block)])
        k += len(block)
    return DocumentRepair(out, result)


def without_kinds(repair: Repair, keep: Iterable[str]) -> Repair:
    """``repair`` without the edits and proposals of the kinds in ``keep``."""
    kinds = set(keep)
    unknown = kinds - set(KINDS)
    if unknown:
        raise ValueError(f"unknown edit kinds: {', '.join(sorted(unknown))}")
    if not kinds:
        return repair
    return Repair(
        repair.raw,
        [e for e in repair.edits if e.kind not in kinds],
        [e for e in repair.proposals if e.kind not in kinds],
    )


def word_spans(line: str, words: list[str]) -> list[tuple[int, int]] | None:
    """Where each word lies in ``line``, found in order; ``None`` if one is missing."""
    spans = []
    position = 0
    for word in words:
        at = line.find(word, position) if word else position
        if at < 0 or line[position:at].strip():
            return None
        spans.append((at, at + len(word)))
        position = at + len(word)
    if line[position:].strip():
        return None
    return spans


_WS = re.compile(r"\s+")


def fold(text: str) -> str:
    """``text`` with every run of white space one space, stripped (for comparisons)."""
    return _WS.sub(" ", text).strip()
