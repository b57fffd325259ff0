"""Repair where the OCR lives: plain text, PAGE XML, ALTO and hOCR in, the same out.

::

    fmt = detect(data, name)                 # "text" | "page" | "alto" | "hocr"
    result = repair_document(data, name)     # FormatResult(output, fmt, stats)
    restore_document(result.output, name)    # the input's OCR back, in its format

Plain text comes out as the reading text (as ``stichwort repair`` prints it). A layout
format comes out in the same format with the repaired text written where each edit
belongs and the OCR's reading kept beside it (:mod:`~normalise.formats.page`,
:mod:`~normalise.formats.alto`, :mod:`~normalise.formats.hocr`); restoring takes the
repair out again, so the OCR's text comes back exactly. Statistics: ``chars`` (of the
text repaired), ``edits`` (count by kind), ``proposals``, ``pages``, ``lines``. The
lexicon is loaded once per process (:func:`normalise.lexicon.load` is cached).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from normalise.textio import BOMS, InputError

FORMATS = ("text", "page", "alto", "hocr")
SNIFF_BYTES = 65536  # how much of the start of a file detection looks at

_PAGE = re.compile(rb"<(?:[\w.-]+:)?PcGts\b[^>]*primaresearch\.org/PAGE/gts/pagecontent/")
_ALTO = re.compile(rb"<(?:[\w.-]+:)?alto\b[^>]*(?:loc\.gov/standards/alto|alto)")
_HOCR = re.compile(rb"class\s*=\s*[\"'][^\"']*\bocr_page\b|name\s*=\s*[\"']ocr-system[\"']")
_HTML = re.compile(rb"<html\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class FormatResult:
    """A repaired document: its bytes, its format and what the repair did."""

    output: bytes
    fmt: str
    stats: dict[str, object] = field(default_factory=dict)


def detect(data: bytes, name: str) -> str:
    """The format of a document: ``page``, ``alto``, ``hocr`` or ``text``.

    Decided by the content (the root element and its namespace, the hOCR classes), not
    the file name; ``name`` only names the file in messages.
    """
    head = data[:SNIFF_BYTES]
    for mark, codec in BOMS:
        if codec != "utf-8" and head.startswith(mark):  # XML in UTF-16/32: look at its text
            head = head[: len(head) // 4 * 4].decode(codec, errors="ignore").encode("utf-8")
            break
    if head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] != b"<":
        return "text"
    if _PAGE.search(head):
        return "page"
    if _ALTO.search(head):
        return "alto"
    if _HOCR.search(head) and _HTML.search(head):
        return "hocr"
    return "text"


def _module(fmt: str):  # type: ignore[no-untyped-def]
    from normalise.formats import alto, hocr, page, text

    return {"text": text, "page": page, "alto": alto, "hocr": hocr}[fmt]


def repair_document(
    data: bytes, name: str, *, keep: Iterable[str] = (), fmt: str | None = None
) -> FormatResult:
    """Repair a document in its own format; ``InputError`` for a broken one.

    Edits of the kinds in ``keep`` are not made: ``keep=("long-s",)`` leaves the long s
    as the OCR read it, for a diplomatic ground truth that keeps it. ``fmt`` is the
    format when the caller has detected it already (:func:`detect` else).
    """
    if fmt is None:
        fmt = detect(data, name)
    output, stats = _module(fmt).repair(data, name, keep)
    return FormatResult(output, fmt, stats)


def restore_document(data: bytes, name: str) -> bytes:
    """The input of :func:`repair_document` (its OCR text) from its output ``data``.

    A layout document comes back with the repair's additions taken out; plain text
    needs the JSON of ``stichwort repair --format json`` (the reading text alone
    does not say what the OCR read).
    """
    fmt = detect(data, name)
    return _module(fmt).restore(data, name)


def text_content(data: bytes, name: str) -> str:
    """The OCR text of a document as the repair reads it: lines in reading order,
    blocks apart (a layout format), or the decoded text (plain text)."""
    fmt = detect(data, name)
    if fmt == "text":
        return _module(fmt).text_content(data, name)
    return "\n\n".join("\n".join(block) for block in lines_of(data, name, fmt))


__all__ = [
    "FORMATS",
    "FormatResult",
    "InputError",
    "detect",
    "repair_document",
    "restore_document",
    "text_content",
]


def lines_of(data: bytes, name: str, fmt: str | None = None) -> list[list[str]]:
    """The line texts of a layout document, block by block in reading order (``fmt``:
    its format, when the caller has detected it already)."""
    if fmt is None:
        fmt = detect(data, name)
    if fmt == "text":
        raise InputError(f"{name}: plain text has no layout lines")
    return _module(fmt).lines_of(data, name)
