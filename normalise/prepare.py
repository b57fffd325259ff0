"""What is done to a decoded input before repair, each change an edit of the log.

:func:`prepare` returns the edits (raw offsets, kind ``encoding`` or ``whitespace``)
that turn a decoded text into the text the repair engine reads:

1. a byte order mark (U+FEFF at the start) is left out (``encoding``);
2. CR LF and CR line ends become LF (``whitespace``);
3. mojibake (UTF-8 read as cp1252 or Latin-1, ``GrÃ¶ÃŸe``) is decoded again, as ftfy
   finds it (``encoding``);
4. control characters other than tab, line feed, vertical tab and form feed are left
   out: NUL, C0, DEL, C1, terminal escape sequences and U+FEFF after the byte order
   mark (``encoding``);
5. decomposed sequences are composed (Unicode NFC; ``encoding``).

The steps repeat until they change nothing.

Since every change is an edit that keeps its original, the decoded text, and with
its codec the input's bytes, can be given back exactly.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable
from functools import cache

import regex
from rapidfuzz.distance import Levenshtein

from normalise.edits import Edit, apply_edits, compose

_LINE_END = regex.compile(r"\r\n?")
_CONTROL = regex.compile(r"\x1b\[[0-9;?]*[A-Za-z]|[\x00-\x08\x0e-\x1f\x7f-\x9f\ufeff]")
_MARKS = regex.compile(r"\P{M}?\p{M}+")
_PIECE = 4096  # mojibake is looked for in pieces of text about this long, cut at a space


def _names(ch: str) -> str:
    """The code point of ``ch`` as ``U+0007``."""
    return f"U+{ord(ch):04X}"


def byte_order_mark(text: str) -> list[Edit]:
    """The byte order mark at the start, left out."""
    if text.startswith("\ufeff"):
        return [Edit(0, 1, "\ufeff", "", "encoding", 1.0, "byte order mark")]
    return []


def line_ends(text: str) -> list[Edit]:
    """CR LF and CR line ends as LF."""
    return [
        Edit(
            m.start(),
            m.end(),
            m.group(),
            "\n",
            "whitespace",
            1.0,
            "CR LF line end" if m.group() == "\r\n" else "CR line end",
        )
        for m in _LINE_END.finditer(text)
    ]


def control_characters(text: str) -> list[Edit]:
    """Control characters, terminal escape sequences (``ESC [0m``) and U+FEFF inside
    the text, left out."""
    return [
        Edit(
            m.start(),
            m.end(),
            m.group(),
            "",
            "encoding",
            1.0,
            f"control character removed ({_names(m.group()[0])})"
            if len(m.group()) == 1
            else "terminal escape sequence removed",
        )
        for m in _CONTROL.finditer(text)
    ]


@cache
def _changed_by_nfc() -> regex.Pattern[str]:
    """Characters that NFC changes on their own (singletons such as U+212B)."""
    chars = [
        chr(c)
        for c in range(0x110000)
        if not 0xD800 <= c <= 0xDFFF
        and unicodedata.combining(chr(c)) == 0
        and unicodedata.normalize("NFC", chr(c)) != chr(c)
    ]
    return regex.compile("[" + "".join(regex.escape(c) for c in chars) + "]")


def composed(text: str) -> list[Edit]:
    """Decomposed sequences (a letter and its combining marks) and the characters
    NFC replaces, in NFC. Hangul jamo sequences are left as they are."""
    if unicodedata.is_normalized("NFC", text):
        return []
    edits: list[Edit] = []
    for pattern in (_MARKS, _changed_by_nfc()):
        for m in pattern.finditer(text):
            nfc = unicodedata.normalize("NFC", m.group())
            if nfc != m.group():
                edits.append(
                    Edit(m.start(), m.end(), m.group(), nfc, "encoding", 1.0, "Unicode NFC")
                )
    edits.sort(key=lambda e: (e.start, e.end))
    out: list[Edit] = []
    for edit in edits:  # a singleton inside a sequence is composed with the sequence
        if not out or edit.start >= out[-1].end:
            out.append(edit)
    return out


def mojibake(text: str) -> list[Edit]:
    """Mojibake decoded again (ftfy), piece by piece; each change a minimal edit."""
    import ftfy

    edits: list[Edit] = []
    start = 0
    while start < len(text):
        end = min(len(text), start + _PIECE)
        if end < len(text):
            cut = max(text.rfind(" ", start, end), text.rfind("\n", start, end))
            end = cut + 1 if cut > start else end
        piece = text[start:end]
        fixed, steps = ftfy.fix_encoding_and_explain(piece)
        if fixed != piece:
            how = ", ".join(f"{kind} {name}" for kind, name in steps or ()) or "re-decoded"
            runs: list[list[int]] = []  # adjacent changes joined: "Ã¤" -> "ä" is one
            for op in Levenshtein.opcodes(piece, fixed):
                if op.tag == "equal":
                    continue
                if runs and runs[-1][1] == op.src_start and runs[-1][3] == op.dest_start:
                    runs[-1][1], runs[-1][3] = op.src_end, op.dest_end
                else:
                    runs.append([op.src_start, op.src_end, op.dest_start, op.dest_end])
            for a, b, c, d in runs:
                edits.append(
                    Edit(
                        start + a,
                        start + b,
                        piece[a:b],
                        fixed[c:d],
                        "encoding",
                        0.9,
                        f"mojibake ({how})",
                    )
                )
        start = end
    return edits


STEPS: tuple[Callable[[str], list[Edit]], ...] = (
    byte_order_mark,
    line_ends,
    mojibake,  # before the control characters: "Ã\x85" is mojibake of "Å"
    control_characters,
    composed,  # last: decoding mojibake may give decomposed text
)
MAX_ROUNDS = 4  # rounds of the steps before giving up on a fixed point


def prepare(text: str) -> tuple[str, list[Edit]]:
    """The text the repair reads and the edits (on ``text``) that make it; the steps
    run again until they change nothing, so a prepared text needs no preparing."""
    edits: list[Edit] = []
    current = text
    for _ in range(MAX_ROUNDS):
        changed = False
        for step in STEPS:
            found = step(current)
            if found:
                edits = compose(text, edits, found) if edits else found
                current = apply_edits(current, found)
                changed = True
        if not changed:
            break
    return current, edits


def summary(edits: list[Edit]) -> str:
    """What the edits did, counted: ``2 CR LF line end, 1 Unicode NFC``."""
    counts = Counter(e.evidence.split(" (")[0] for e in edits)
    return ", ".join(f"{n} {what}" for what, n in counts.most_common())
