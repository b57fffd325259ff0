"""Page furniture that is not text of the work: page numbers, signature marks, page markers.

Everything here returns spans of the raw text to delete (``noise`` edits), each span
swallowing the white space after it so the words around it stay one space apart.
Inline page numbers are found as the longest run of bare numbers that rise one page
at a time at a steady distance through the document; no number is removed alone.
"""

from __future__ import annotations

import itertools
import statistics
from dataclasses import dataclass

import regex

# "�   8    �": page markers of a web transcription whose brackets were lost
_MARKER = regex.compile(r"\s*\ufffd[ \t\xa0]+[0-9]{1,4}[ \t\xa0]+\ufffd\s*")
# a bare number: not part of a word, a date, a decimal, a list number ("3.") or a sum
_BARE = regex.compile(r"(?<![\w.,:;/\-+*=%§(])[0-9]{1,3}(?![\w.,:;%)\-/*]|\s*[=+])")
# signature mark or catchword debris next to a page number: "A 2", "B", "2*", "4%"
_SIGNATURE = regex.compile(r"(?:\p{Lu}(?:[ ][0-9])?|[0-9][*%]?)[ ]$")
_LINE_NUMBER = regex.compile(r"(?m)^[ \t]*[0-9]{1,4}[ \t\r]*\n")
_HEAD = regex.compile(
    r"\A[ \t]*(?:[0-9]{1,4}[ \t]+[^\n0-9]{3,60}|[^\n0-9]{3,60}[ \t]+[0-9]{1,4})[ \t]*\n"
)


MAX_SERIES = 4  # page-number series looked for in one document
MIN_COVERAGE = 0.75  # share of the pages in a series whose number must be found
MIN_SERIES = 6  # fewer page numbers than this are no evidence of a series


@dataclass(frozen=True, slots=True)
class Span:
    """A raw span to leave out of the reading text, with why and how sure."""

    start: int
    end: int
    evidence: str
    confidence: float
    replacement: str = ""


def _swallow(text: str, end: int) -> int:
    while end < len(text) and text[end] in " \t\xa0":
        end += 1
    return end


def page_markers(text: str) -> list[Span]:
    """Bracketed page markers (``� 8 �``) of web transcriptions."""
    return [Span(m.start(), m.end(), "page marker", 0.95, " ") for m in _MARKER.finditer(text)]


def _chain(cands: list[tuple[int, int]], low: float, high: float) -> list[int]:
    """Indices of the longest chain of rising numbers whose page length lies in [low, high]."""
    best: list[int] = [1] * len(cands)
    back: list[int] = [-1] * len(cands)
    by_value: dict[int, list[int]] = {}
    for j, (pos_j, val_j) in enumerate(cands):
        for step in (1, 2, 3):
            for i in reversed(by_value.get(val_j - step, ())):
                gap = pos_j - cands[i][0]
                if gap > high * step:
                    break
                if gap >= low * step and best[i] + 1 > best[j]:
                    best[j], back[j] = best[i] + 1, i
        by_value.setdefault(val_j, []).append(j)
    if not cands:
        return []
    j = max(range(len(cands)), key=best.__getitem__)
    chain: list[int] = []
    while j >= 0:
        chain.append(j)
        j = back[j]
    return chain[::-1]


def page_numbers(text: str) -> list[Span]:
    """Inline page numbers (with a signature mark before them) of flowing OCR text.

    A document may hold several series (a web page quoting two books): after the best
    series, the best among the numbers outside its stretch of text, and so on.
    """
    cands = [(m.start(), int(m.group())) for m in _BARE.finditer(text)]
    cands = [c for c in cands if c[1] > 0]
    if len(cands) > 50_000:
        return []
    spans: list[Span] = []
    for _ in range(MAX_SERIES):
        chain = _series(cands)
        if not chain:
            break
        lo, hi = cands[chain[0]][0], cands[chain[-1]][0]
        for index in chain:
            start, value = cands[index]
            end = _swallow(text, start + len(str(value)))
            before = _SIGNATURE.search(text, max(0, start - 6), start)
            if before is not None:
                start = before.start()
            spans.append(Span(start, end, f"page number {value} in a rising series", 0.8))
        cands = [c for c in cands if not lo <= c[0] <= hi]
    return spans


def _series(cands: list[tuple[int, int]]) -> list[int]:
    """The best series of page numbers among ``cands``, or nothing convincing."""
    if len(cands) < MIN_SERIES:
        return []
    chain = _chain(cands, 300.0, 8000.0)
    if len(chain) < MIN_SERIES:
        return []
    gaps = [
        (cands[b][0] - cands[a][0]) / (cands[b][1] - cands[a][1])
        for a, b in itertools.pairwise(chain)
    ]
    page = statistics.median(gaps)
    chain = _chain(cands, page * 0.5, page * 1.8)
    pages = cands[chain[-1]][1] - cands[chain[0]][1] + 1 if chain else 0
    if len(chain) < MIN_SERIES or len(chain) < MIN_COVERAGE * pages:
        return []
    return chain


def line_furniture(text: str) -> list[Span]:
    """Lines holding only a number, and a running head with a page number on the first line."""
    spans = [Span(m.start(), m.end(), "page number line", 0.8) for m in _LINE_NUMBER.finditer(text)]
    head = _HEAD.match(text)
    if head is not None and text.count("\n") >= 5:
        spans.append(Span(head.start(), head.end(), "running head with page number", 0.7))
    return spans


def find(text: str) -> list[Span]:
    """All furniture of ``text``, sorted and without overlaps."""
    spans = sorted(
        page_markers(text) + line_furniture(text) + page_numbers(text),
        key=lambda s: (s.start, -s.end),
    )
    kept: list[Span] = []
    for span in spans:
        if kept and span.start < kept[-1].end:
            continue
        kept.append(span)
    return kept
