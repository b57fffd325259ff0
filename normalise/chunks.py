"""Where a long document may be cut for repair in bounded memory: at paragraph breaks.

:func:`chunk_spans` cuts a text into chunks of at most ``size`` characters. A cut lies
in a run of white space, which belongs to neither chunk. Within the last half of the
chunk the latest cut of the best kind is taken: a paragraph break (two or more
newlines), else a line break, else a space after a sentence, else any space; the best
cuts also have a letter (or an opening quotation mark) after them and no hyphen, digit
or U+FFFD before them, since page numbers, page markers and line-end hyphens are found
across such breaks. Without white space in the last half the first half is searched
the same way; a chunk without any white space is cut at ``size``.
"""

from __future__ import annotations

import re

_WHITE = re.compile(r"\s+")
_HYPHENS = "⸗¬=-"
_SENTENCE_END = ".!?:;"
_OPENING = "„‚»«\"'("


def _kind(text: str, a: int, b: int) -> int:
    """How good a cut the white space ``text[a:b]`` is: 0 (best) to 5 (only white space)."""
    before = text[a - 1] if a else ""
    after = text[b] if b < len(text) else ""
    if before in _HYPHENS:
        return 5
    clean = (after.isalpha() or after in _OPENING) and not before.isdigit() and before != "\ufffd"
    newlines = text.count("\n", a, b)
    if newlines >= 2:
        return 0 if clean else 4
    if newlines == 1:
        return 1 if clean else 4
    if clean and before in _SENTENCE_END and after.isupper():
        return 2
    return 3 if clean else 4


def _cut(text: str, low: int, high: int) -> tuple[int, int] | None:
    """The best run of white space that starts in ``(low, high]`` to cut at, if any."""
    best: tuple[int, int, int] | None = None  # kind, -start, end
    for m in _WHITE.finditer(text, low + 1, high + 1):
        a, b = m.start(), m.end()
        while b < len(text) and text[b].isspace():  # the run may go on past the window
            b += 1
        candidate = (_kind(text, a, b), -a, b)
        if best is None or candidate < best:
            best = candidate
    return None if best is None else (-best[1], best[2])


def chunk_spans(text: str, size: int) -> list[tuple[int, int]]:
    """Spans ``(start, end)`` of the chunks of ``text``; white space between two chunks
    belongs to neither. A text of at most ``size`` characters is one chunk."""
    if size < 2:
        raise ValueError("chunk size must be at least 2")
    spans: list[tuple[int, int]] = []
    start = 0
    while len(text) - start > size:
        found = _cut(text, start + size // 2, start + size) or _cut(text, start, start + size)
        a, b = found if found is not None else (start + size, start + size)
        spans.append((start, a))
        start = b
    spans.append((start, len(text)))
    return spans
