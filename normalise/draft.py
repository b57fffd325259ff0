"""A repair in progress: edits on the raw text plus the current view of the reading text.

Passes of the engine add edits one layer at a time. :meth:`Draft.view` splices the
edits made so far and keeps, for every character of the view, the raw span of the
unit (unchanged character or whole edit) it came from, so a later pass can rewrite a
stretch of the view as a raw span. :meth:`Draft.rewrite` diffs the old raw text of
such a span against its new reading and records one edit per changed piece.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Callable

import numpy
from rapidfuzz.distance import Levenshtein

from normalise.edits import Edit


class View:
    """The reading text so far and, per character, the raw span of its unit
    (``raw_start``/``raw_end``, built on first use)."""

    __slots__ = ("_edits", "_ends", "_raw", "_starts", "memo", "previous", "text")

    def __init__(self, text: str, raw: str, edits: list[Edit]) -> None:
        self.text = text
        self._raw = raw
        self._edits = edits
        self._starts: array | None = None
        self._ends: array | None = None
        self.memo: dict[str, object] = {}  # analyses of this text
        self.previous: View | None = None  # the view of the draft before this one

    def changes_since(self, old: View) -> list[tuple[int, int, int, int]] | None:
        """Where this view differs from ``old``, a view of the same raw text: spans
        ``(old start, old end, start, end)`` in order, outside which the two texts are
        equal (checked); ``None`` for views of different raw texts."""
        if old._raw is not self._raw and old._raw != self._raw:
            return None
        spans: list[list[int]] = []  # raw spans of the edits only one view has
        for start, end in _different(old._edits, self._edits):
            end = max(end, start + 1)  # an insertion: the character after it too
            if spans and start <= spans[-1][1]:
                spans[-1][1] = max(spans[-1][1], end)
            else:
                spans.append([start, end])
        out: list[tuple[int, int, int, int]] = []
        old_at, new_at = _shifts(old._edits), _shifts(self._edits)
        prev_old = prev_new = 0
        for start, end in spans:
            end = min(end, len(self._raw))
            oa, ob = old_at(start), old_at(end)
            na, nb = new_at(start), new_at(end)
            if not (prev_old <= oa <= ob and prev_new <= na <= nb) or (
                old.text[prev_old:oa] != self.text[prev_new:na]
            ):
                return None  # not expected: then the spans are not trusted
            out.append((oa, ob, na, nb))
            prev_old, prev_new = ob, nb
        if old.text[prev_old:] != self.text[prev_new:]:
            return None
        return out

    @property
    def raw_start(self) -> array:
        """Raw start of the unit of each view character."""
        if self._starts is None:
            self._build()
        return self._starts  # type: ignore[return-value]

    @property
    def raw_end(self) -> array:
        """Raw end of the unit of each view character."""
        if self._ends is None:
            self._build()
        return self._ends  # type: ignore[return-value]

    def _build(self) -> None:
        """Per view character the raw span of its unit, built segment-wise with numpy:
        the view alternates runs of unchanged raw characters (one unit each) and the
        replacement of an edit (every character mapped to the edit's span)."""
        edits = self._edits
        n = len(edits)
        e_start = numpy.fromiter((e.start for e in edits), dtype=numpy.int64, count=n)
        e_end = numpy.fromiter((e.end for e in edits), dtype=numpy.int64, count=n)
        e_len = numpy.fromiter((len(e.replacement) for e in edits), dtype=numpy.int64, count=n)
        gap_from = numpy.concatenate(([0], e_end))
        gap_len = numpy.concatenate((e_start, [len(self._raw)])) - gap_from
        # segments: gap 0, edit 0, gap 1, edit 1, ..., gap n
        base = numpy.empty(2 * n + 1, dtype=numpy.int64)
        base[0::2], base[1::2] = gap_from, e_start
        length = numpy.empty(2 * n + 1, dtype=numpy.int64)
        length[0::2], length[1::2] = gap_len, e_len
        step = numpy.zeros(2 * n + 1, dtype=numpy.int64)
        step[0::2] = 1
        end_of = numpy.zeros(2 * n + 1, dtype=numpy.int64)
        end_of[1::2] = e_end
        first = numpy.cumsum(length) - length
        total = int(length.sum())
        offset = numpy.arange(total, dtype=numpy.int64) - numpy.repeat(first, length)
        in_gap = numpy.repeat(step, length)
        starts = numpy.repeat(base, length) + offset * in_gap
        ends = numpy.where(in_gap == 1, starts + 1, numpy.repeat(end_of, length))
        self._starts, self._ends = array("q"), array("q")
        self._starts.frombytes(starts.astype(numpy.int64).tobytes())
        self._ends.frombytes(ends.astype(numpy.int64).tobytes())

    def _build_slow(self) -> None:
        """Reference implementation of :meth:`_build` (kept for the tests)."""
        starts = array("q")
        ends = array("q")
        pos = 0
        for edit in self._edits:
            if edit.start > pos:
                starts.extend(range(pos, edit.start))
                ends.extend(range(pos + 1, edit.start + 1))
            n = len(edit.replacement)
            starts.extend([edit.start] * n)
            ends.extend([edit.end] * n)
            pos = edit.end
        starts.extend(range(pos, len(self._raw)))
        ends.extend(range(pos + 1, len(self._raw) + 1))
        self._starts, self._ends = starts, ends

    def raw_span(self, a: int, b: int) -> tuple[int, int]:
        """Raw span covering view characters ``a..b`` (whole units)."""
        if a >= b:
            raise ValueError("empty view span")
        return self.raw_start[a], self.raw_end[b - 1]


def _different(old: list[Edit], new: list[Edit]) -> list[tuple[int, int]]:
    """Raw spans, in order, of the edits of one sorted list that the other lacks (the
    same span and replacement counts as the same edit)."""
    out: list[tuple[int, int]] = []
    i = j = 0
    while i < len(old) and j < len(new):
        a, b = old[i], new[j]
        if a is b or (a.start, a.end, a.replacement) == (b.start, b.end, b.replacement):
            i += 1
            j += 1
        elif (a.start, a.end) < (b.start, b.end):
            out.append((a.start, a.end))
            i += 1
        else:
            out.append((b.start, b.end))
            j += 1
    out.extend((e.start, e.end) for e in old[i:])
    out.extend((e.start, e.end) for e in new[j:])
    return sorted(out)


def _shifts(edits: list[Edit]) -> Callable[[int], int]:
    """The view offset of raw offset ``p`` (before any edit that starts at ``p``)."""
    starts = [e.start for e in edits]
    shift = [0]
    for e in edits:
        shift.append(shift[-1] + len(e.replacement) - (e.end - e.start))

    def at(p: int) -> int:
        return p + shift[bisect.bisect_left(starts, p)]

    return at


def classify(original: str, replacement: str, default: str) -> str:
    """The edit kind a changed piece shows by itself, else ``default``."""
    if original and set(original) <= {"ſ"} and replacement == "s" * len(original):
        return "long-s"
    if "\ufffd" in original and default == "ocr":
        return "encoding"
    if original.strip() == "" and replacement.strip() == "":
        return "whitespace"
    return default


class Draft:
    """Sorted, disjoint edits on ``raw`` that passes add to or rewrite."""

    def __init__(self, raw: str) -> None:
        self.raw = raw
        self.edits: list[Edit] = []
        self._starts: list[int] = []
        self._view: View | None = None
        self._last: View | None = None  # the view before the last change

    def free(self, start: int, end: int) -> bool:
        """True when no edit touches ``raw[start:end]`` (an insertion needs a free point)."""
        i = bisect.bisect_left(self._starts, start)
        if i > 0 and self.edits[i - 1].end > start:
            return False
        return not (i < len(self.edits) and self.edits[i].start < max(end, start + 1))

    def add(self, edit: Edit) -> bool:
        """Add ``edit`` if it touches no edit already made; report whether it was added."""
        if edit.original == edit.replacement or not self.free(edit.start, edit.end):
            return False
        i = bisect.bisect_left(self._starts, edit.start)
        self.edits.insert(i, edit)
        self._starts.insert(i, edit.start)
        self._view = None
        return True

    def add_many(self, edits: list[Edit]) -> int:
        """Add every edit that touches neither an edit already made nor an earlier one of
        ``edits`` (taken in order of position); linear time. Returns how many were added."""
        if not edits:
            return 0
        merged: list[Edit] = []
        old = self.edits
        k = 0
        added = 0
        for edit in sorted(edits, key=lambda e: (e.start, e.end)):
            if edit.original == edit.replacement:
                continue
            while k < len(old) and old[k].start < edit.start:
                merged.append(old[k])
                k += 1
            prev_end = merged[-1].end if merged else 0
            clash = merged and (prev_end > edit.start or (merged[-1].start == edit.start))
            nxt = old[k] if k < len(old) else None
            if nxt is not None and nxt.start < max(edit.end, edit.start + 1):
                clash = True
            if clash:
                continue
            merged.append(edit)
            added += 1
        merged.extend(old[k:])
        self.edits = merged
        self._starts = [e.start for e in merged]
        if added:
            self._view = None
        return added

    def rewrite_many(self, jobs: list[tuple[int, int, str, str, float, str]]) -> None:
        """:meth:`rewrite` for many disjoint spans ``(start, end, reading, kind, confidence,
        evidence)`` in one linear pass."""
        if not jobs:
            return
        merged: list[Edit] = []
        old = self.edits
        k = 0
        last_end = -1
        for start, end, reading, kind, confidence, evidence in sorted(jobs):
            if start < last_end or (start == last_end == end):
                continue  # overlaps the span before
            while k < len(old) and old[k].start < start:
                merged.append(old[k])
                k += 1
            if merged and merged[-1].end > start:
                continue  # cuts an edit made before: leave this span alone
            j = k
            while j < len(old) and old[j].start < end:
                j += 1
            if j > k and old[j - 1].end > end:
                continue
            k = j
            last_end = end
            merged.extend(self._diff(start, end, reading, kind, confidence, evidence))
        merged.extend(old[k:])
        if merged != self.edits:
            self._view = None
        self.edits = merged
        self._starts = [e.start for e in merged]

    def forget_view(self) -> None:
        """Drop the cached view (it is built again when asked for)."""
        self._view = self._last = None

    def view(self) -> View:
        """Splice the edits made so far; see :class:`View` (kept until the next change).

        A change that leaves the text as it was (an edit split or joined anew) keeps
        the analyses of the view before (:attr:`View.memo`)."""
        if self._view is None:
            view = self._splice()
            last = self._last
            if last is not None and last.text == view.text:
                view.memo = last.memo
            elif last is not None:
                last.previous = None  # one view back is enough
                view.previous = last
            self._view = self._last = view
        return self._view

    def _splice(self) -> View:
        parts: list[str] = []
        pos = 0
        raw = self.raw
        for edit in self.edits:
            if edit.start > pos:
                parts.append(raw[pos : edit.start])
            parts.append(edit.replacement)
            pos = edit.end
        parts.append(raw[pos:])
        return View("".join(parts), raw, list(self.edits))

    def rewrite(
        self, start: int, end: int, reading: str, kind: str, confidence: float, evidence: str
    ) -> list[Edit]:
        """Make ``raw[start:end]`` read ``reading``: replace the edits inside by minimal ones.

        ``start``/``end`` must not cut an edit. Returns the new edits.
        """
        i = bisect.bisect_left(self._starts, start)
        j = i
        while j < len(self.edits) and self.edits[j].start < end:
            j += 1
        if (i > 0 and self.edits[i - 1].end > start) or (j > i and self.edits[j - 1].end > end):
            raise ValueError(f"rewrite {start}..{end} cuts an edit")
        del self.edits[i:j]
        del self._starts[i:j]
        self._view = None
        new = self._diff(start, end, reading, kind, confidence, evidence)
        for k, edit in enumerate(new):
            self.edits.insert(i + k, edit)
            self._starts.insert(i + k, edit.start)
        return new

    def _diff(
        self, start: int, end: int, reading: str, kind: str, confidence: float, evidence: str
    ) -> list[Edit]:
        """Minimal edits that make ``raw[start:end]`` read ``reading``."""
        original = self.raw[start:end]
        new: list[Edit] = []
        for op in Levenshtein.opcodes(original, reading):
            if op.tag == "equal":
                continue
            piece, repl = original[op.src_start : op.src_end], reading[op.dest_start : op.dest_end]
            new.append(
                Edit(
                    start + op.src_start,
                    start + op.src_end,
                    piece,
                    repl,
                    classify(piece, repl, kind),
                    1.0 if piece == "ſ" else confidence,
                    evidence,
                )
            )
        return _merge_adjacent(new)


def _merge_adjacent(edits: list[Edit]) -> list[Edit]:
    """Join edits that touch (an insertion next to a change) so none is an orphan insert."""
    out: list[Edit] = []
    for edit in edits:
        if (
            out
            and out[-1].end == edit.start
            and (out[-1].kind == edit.kind or not edit.original or not out[-1].original)
        ):
            prev = out.pop()
            edit = Edit(
                prev.start,
                edit.end,
                prev.original + edit.original,
                prev.replacement + edit.replacement,
                prev.kind if prev.original else edit.kind,
                min(prev.confidence, edit.confidence),
                edit.evidence,
            )
        out.append(edit)
    return out


def view_job(view: View, raw_len: int, a: int, b: int, new: str) -> tuple[int, int, str]:
    """The raw span (whole units) under view characters ``a..b`` and its new reading."""
    n = len(view.text)
    if a < b:
        ra, rb = view.raw_span(a, b)
    else:
        ra = rb = view.raw_start[a] if a < n else raw_len
    va = bisect.bisect_left(view.raw_start, ra)
    vb = bisect.bisect_left(view.raw_start, rb)
    return ra, rb, view.text[va:a] + new + view.text[b:vb]


def rewrite_view(
    draft: Draft,
    view: View,
    a: int,
    b: int,
    new: str,
    kind: str,
    confidence: float,
    evidence: str,
) -> list[Edit]:
    """Make view characters ``a..b`` read ``new``, recording the change on the raw text."""
    ra, rb, reading = view_job(view, len(draft.raw), a, b, new)
    return draft.rewrite(ra, rb, reading, kind, confidence, evidence)
