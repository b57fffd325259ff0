"""Edit records and the layered text they produce: the contract of the whole toolkit.

An edit replaces ``raw[start:end]`` (``original``) with ``replacement``. A list of
edits that is sorted and non-overlapping turns the raw text into the reading text;
because every edit keeps its original, the reading text plus the edits gives the raw
text back, byte for byte.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Literal

from normalise.profile import Confusion

Kind = Literal[
    "long-s",
    "ligature",
    "hyphenation",
    "encoding",
    "ocr",
    "noise",
    "abbreviation",
    "whitespace",
    "editorial",
]
KINDS: tuple[str, ...] = Kind.__args__  # type: ignore[attr-defined]

Source = Literal["auto", "editor"]


@dataclass(frozen=True, slots=True)
class Edit:
    """One change of the raw text: ``raw[start:end] == original`` becomes ``replacement``."""

    start: int
    end: int
    original: str
    replacement: str
    kind: str
    confidence: float = 1.0
    evidence: str = ""
    source: str = "auto"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown edit kind {self.kind!r}")
        if not 0 <= self.start <= self.end:
            raise ValueError(f"bad edit span {self.start}..{self.end}")
        if self.end - self.start != len(self.original):
            raise ValueError(f"edit {self.start}..{self.end}: original has wrong length")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"edit {self.start}: confidence {self.confidence} outside 0..1")
        if self.source not in ("auto", "editor"):
            raise ValueError(f"edit {self.start}: unknown source {self.source!r}")

    def to_json(self) -> dict[str, object]:
        """The edit as a JSON-ready dict."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Edit:
        """Inverse of :meth:`to_json`."""
        return cls(**data)  # type: ignore[arg-type]


def check_edits(raw: str, edits: Sequence[Edit]) -> None:
    """Raise ``ValueError`` unless ``edits`` are sorted, disjoint and match ``raw``."""
    previous_end = 0
    for edit in edits:
        if edit.start < previous_end:
            raise ValueError(f"edit at {edit.start} overlaps or is out of order")
        if edit.end > len(raw) or raw[edit.start : edit.end] != edit.original:
            raise ValueError(f"edit at {edit.start}: original {edit.original!r} not in raw")
        previous_end = edit.end


def apply_edits(raw: str, edits: Iterable[Edit]) -> str:
    """Splice the replacements of sorted, disjoint ``edits`` into ``raw``."""
    parts: list[str] = []
    position = 0
    for edit in edits:
        parts.append(raw[position : edit.start])
        parts.append(edit.replacement)
        position = edit.end
    parts.append(raw[position:])
    return "".join(parts)


def restore_raw(reading: str, edits: Iterable[Edit]) -> str:
    """Undo :func:`apply_edits`: the raw text from the reading text and the edits."""
    parts: list[str] = []
    reading_pos = 0
    raw_pos = 0
    for edit in edits:
        unchanged = edit.start - raw_pos
        parts.append(reading[reading_pos : reading_pos + unchanged])
        reading_pos += unchanged
        if reading[reading_pos : reading_pos + len(edit.replacement)] != edit.replacement:
            raise ValueError(f"reading text does not hold the edit at raw {edit.start}")
        parts.append(edit.original)
        reading_pos += len(edit.replacement)
        raw_pos = edit.end
    parts.append(reading[reading_pos:])
    return "".join(parts)


def compose(raw: str, first: Sequence[Edit], then: Sequence[Edit]) -> list[Edit]:
    """One edit log on ``raw`` that does what ``first`` does and then ``then``.

    ``first`` are sorted, disjoint edits on ``raw``; ``then`` sorted, disjoint edits on
    the text ``first`` makes. An edit of ``then`` that overlaps the replacement of an
    edit of ``first`` (or inserts strictly inside it) is joined with it into one edit
    whose original is the raw text under both; the joined edit has the kind and source
    of the later change, the lowest confidence and every piece of evidence. Edits that
    undo each other vanish.
    """
    spans: list[tuple[int, int]] = []  # mid span of the replacement of each first edit
    shift = 0
    for edit in first:
        spans.append((edit.start + shift, edit.start + shift + len(edit.replacement)))
        shift += len(edit.replacement) - (edit.end - edit.start)
    starts = [s for s, _ in spans]
    mid = apply_edits(raw, first)

    def to_raw(position: int, start_side: bool) -> int:
        """Raw offset of a mid offset outside every replacement; a deletion at the very
        offset lies before a start and after an end."""
        i = bisect.bisect_left(starts, position) - 1
        while start_side and i + 1 < len(spans) and spans[i + 1] == (position, position):
            i += 1
        if i < 0:
            return position
        return first[i].end + (position - spans[i][1])

    def touches(edit: Edit, i: int) -> bool:
        """Does ``edit`` overlap (or insert strictly inside) replacement ``i``?"""
        m_start, m_end = spans[i]
        if edit.start == edit.end:
            return m_start < edit.start < m_end
        return edit.start < m_end and m_start < edit.end

    out: list[Edit] = []
    done = 0  # first edits before this index are written or joined
    k = 0
    while k < len(then):
        group = [then[k]]
        k += 1
        touched: list[int] = []
        i = max(done, bisect.bisect_right(starts, group[0].start) - 1)
        while True:  # the first edits this group touches; then-edits that share one join
            edit = group[-1]
            while i < len(spans) and spans[i][0] <= edit.end:
                if touches(edit, i) and i not in touched:
                    touched.append(i)
                i += 1
            if not touched or k == len(then) or not touches(then[k], touched[-1]):
                break
            group.append(then[k])
            k += 1
            i = touched[-1]
        lo = min(group[0].start, *(spans[j][0] for j in touched)) if touched else group[0].start
        hi = max(group[-1].end, *(spans[j][1] for j in touched)) if touched else group[-1].end
        first_touched = touched[0] if touched else len(first)
        while (
            done < len(first)
            and done < first_touched
            and (spans[done][0] < lo or spans[done] == (lo, lo))
        ):
            out.append(first[done])
            done += 1
        if not touched:
            edit = group[0]
            insertion = edit.start == edit.end
            a, b = to_raw(edit.start, True), to_raw(edit.end, insertion)
            out.append(
                Edit(
                    a,
                    b,
                    raw[a:b],
                    edit.replacement,
                    edit.kind,
                    edit.confidence,
                    edit.evidence,
                    edit.source,
                )
            )
            continue
        done = touched[-1] + 1
        joined = [first[j] for j in touched]
        a = joined[0].start if lo == spans[touched[0]][0] else to_raw(lo, True)
        b = joined[-1].end if hi == spans[touched[-1]][1] else to_raw(hi, False)
        reading = apply_edits(
            mid[lo:hi],
            [Edit(e.start - lo, e.end - lo, e.original, e.replacement, e.kind) for e in group],
        )
        pieces = [*joined, *group]
        out.append(
            Edit(
                a,
                b,
                raw[a:b],
                reading,
                group[0].kind,
                min(e.confidence for e in pieces),
                "; ".join(dict.fromkeys(e.evidence for e in pieces if e.evidence)),
                group[0].source,
            )
        )
    out.extend(first[done:])
    return [e for e in out if e.original != e.replacement]


def merge_layers(automatic: Sequence[Edit], curated: Sequence[Edit]) -> list[Edit]:
    """Curated (editor) edits win: automatic edits that touch a curated span are dropped.

    An automatic edit that only abuts a curated span is kept; an insertion (empty
    span) at the edge of a curated span is dropped, since the editor rewrote that place.
    """
    curated = sorted(curated, key=lambda e: (e.start, e.end))
    starts = [e.start for e in curated]
    kept: list[Edit] = list(curated)
    for edit in automatic:
        i = bisect.bisect_right(starts, edit.end)
        clash = False
        for other in curated[max(0, i - 2) : i + 1]:
            overlaps = edit.start < other.end and other.start < edit.end
            touches_insert = (edit.start == edit.end or other.start == other.end) and (
                other.start <= edit.start <= other.end or edit.start <= other.start <= edit.end
            )
            if overlaps or touches_insert:
                clash = True
                break
        if not clash:
            kept.append(edit)
    return sorted(kept, key=lambda e: (e.start, e.end))


@dataclass(slots=True)
class Repair:
    """A repaired document: the raw text, the applied edits, the proposals held back and
    the confusions the repair learned from the document's OCR (observed, intended,
    log10 P; :func:`normalise.learn.document_confusions`)."""

    raw: str
    edits: list[Edit]
    proposals: list[Edit] = field(default_factory=list)
    confusions: tuple[Confusion, ...] = ()
    _reading: str | None = field(default=None, repr=False)
    _raw_starts: list[int] = field(default_factory=list, repr=False)
    _read_starts: list[int] = field(default_factory=list, repr=False)

    @property
    def reading(self) -> str:
        """The reading text: every edit spliced into the raw text."""
        if self._reading is None:
            self._reading = apply_edits(self.raw, self.edits)
        return self._reading

    def _offsets(self) -> None:
        if self._raw_starts or not self.edits:
            return
        shift = 0
        for edit in self.edits:
            self._raw_starts.append(edit.start)
            self._read_starts.append(edit.start + shift)
            shift += len(edit.replacement) - (edit.end - edit.start)

    def to_reading_offset(
        self, raw_offset: int, *, side: Literal["left", "right"] = "right"
    ) -> int:
        """Map a raw offset to the reading text.

        An offset strictly inside an edit maps to the start (``left``) or the end
        (``right``) of that edit's replacement; an edit's own start maps to the start.
        """
        self._offsets()
        i = bisect.bisect_left(self._raw_starts, raw_offset)
        if i < len(self._raw_starts) and self._raw_starts[i] == raw_offset:
            return self._read_starts[i]
        i -= 1
        if i < 0:
            return raw_offset
        edit = self.edits[i]
        read_start = self._read_starts[i]
        if raw_offset < edit.end:
            return read_start if side == "left" else read_start + len(edit.replacement)
        return read_start + len(edit.replacement) + (raw_offset - edit.end)

    def reading_span(self, start: int, end: int) -> str:
        """The reading text of ``raw[start:end]``.

        An edit belongs to the span when it starts inside it, so an edit crossing
        ``end`` is included whole and one crossing ``start`` is left out; an insertion
        belongs to the span that starts at its offset (or to the end of the text).
        """
        a = self.to_reading_offset(start, side="right")
        at_end = end >= len(self.raw) and end > start
        b = len(self.reading) if at_end else self.to_reading_offset(end, side="right")
        return self.reading[a:b]

    def to_json(self) -> dict[str, object]:
        """Reading text, edits, proposals and learned confusions as a JSON-ready dict."""
        return {
            "reading": self.reading,
            "edits": [e.to_json() for e in self.edits],
            "proposals": [e.to_json() for e in self.proposals],
            "confusions": [list(c) for c in self.confusions],
        }
