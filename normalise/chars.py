"""Character-level repairs that need no lexicon: long s, ligatures, old umlauts, ``ꝛc.``,
doubled list numbers and digit/letter confusions that their context makes certain.

Each function yields :class:`normalise.edits.Edit` records on the text it is given
(the engine runs :func:`signs` on the text after the other repairs of this module).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import regex

from normalise.edits import Edit

LIGATURES: dict[str, str] = {
    "ﬀ": "ff",
    "ﬁ": "fi",
    "ﬂ": "fl",
    "ﬃ": "ffi",
    "ﬄ": "ffl",
    "ﬅ": "st",
    "ﬆ": "st",
    "Ꜩ": "Tz",
    "ꜩ": "tz",
}
_LIGATURE = re.compile("[" + "".join(LIGATURES) + "]")
_UMLAUT = {"a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö", "U": "Ü"}
_SUPER_E = regex.compile(r"([aouAOU])\u0364")
_ETC = regex.compile(r"ꝛc(?=\.|\b)")
# "1. 1. das Herz": a list number printed twice, at a line or sentence start, before a word
_DOUBLED = regex.compile(
    r"(?<=(?:^|\n|[^\d\s][.:!?])[^\S\n]*)(\d{1,3})\.[^\S\n]+(?=\1\.\s+[^\d\s])"
)
# "3. B." or "3. 3." after a word, a sentence or a "(": the abbreviation z. B. read with a
# 3 for the z
_ZB = regex.compile(r"(?<=\p{L}[,;]?\s+|\p{L}[.:!?]\s+|\(|^\s*)3\.(\s?)[B83]\.")
# a paragraph sign standing for a 5 before a word ("wenn es § iſt")
_PARA_FIVE = regex.compile(r"(?<=\s)§(?=\s+\p{Ll})")
# a dollar sign before a number: the paragraph sign of a Fraktur print ("Regeln $ 14")
_DOLLAR = regex.compile(r"\$(?=[^\S\n]?\d)")
# an 8 for the paragraph sign of a section heading: "... werden. 8 12. Die Partei"
_EIGHT_SECTION = regex.compile(
    r"(?:(?<=^)|(?<=\n)|(?<=[.!?)][^\S\n]))8(?=[^\S\n]\d{1,3}[a-z]?\.[^\S\n]+\p{Lu})", regex.M
)
# numbers with a letter OCR put in or read for a digit: "r10", "z0", "1O"
# (the first lookahead, the letters a match can begin with, only spares the second)
_MIXED = regex.compile(
    r"(?<![\w.])(?=[rzlIOoSB\d])(?=[\w]*\d)[rzlIOoS]?[\dzlIOoSB]*\d[\dzlIOoSB]*(?![\w])"
)
_DIGIT_FOR = {"z": "3", "l": "1", "I": "1", "O": "0", "o": "0", "S": "5", "B": "8"}


def long_s(text: str) -> Iterator[Edit]:
    """``ſ`` -> ``s``."""
    for i in (m.start() for m in regex.finditer("ſ", text)):
        yield Edit(i, i + 1, "ſ", "s", "long-s", 1.0, "long s")


def ligatures(text: str) -> Iterator[Edit]:
    """Ligature characters and superscript-e umlauts (``uͤ`` -> ``ü``)."""
    for m in _SUPER_E.finditer(text):
        yield Edit(
            m.start(),
            m.end(),
            m.group(),
            _UMLAUT[m.group(1)],
            "ligature",
            1.0,
            "superscript e umlaut",
        )
    for m in _LIGATURE.finditer(text):
        ch = m.group()
        yield Edit(m.start(), m.end(), ch, LIGATURES[ch], "ligature", 1.0, "ligature")


def abbreviations(text: str) -> Iterator[Edit]:
    """``ꝛc.`` -> ``etc.``."""
    for m in _ETC.finditer(text):
        yield Edit(m.start(), m.end(), m.group(), "etc", "abbreviation", 0.95, "et cetera sign")


def signs(text: str) -> Iterator[Edit]:
    """Doubled list numbers, ``3. B.`` for ``z. B.``, ``§`` for 5, ``$`` for ``§`` and an 8
    for the ``§`` of a section heading (run on the text after :func:`numbers`, so that
    ``r3. B.`` is caught too)."""
    for m in _DOUBLED.finditer(text):
        yield Edit(m.start(), m.end(), m.group(), "", "noise", 0.85, "list number printed twice")
    for m in _ZB.finditer(text):
        yield Edit(
            m.start(),
            m.end(),
            m.group(),
            "z." + (m.group(1) or " ") + "B.",
            "ocr",
            0.9,
            "z. B. read as digits",
        )
    for m in _PARA_FIVE.finditer(text):
        yield Edit(m.start(), m.end(), "§", "5", "ocr", 0.75, "§ read for 5 before a word")
    for m in _DOLLAR.finditer(text):
        yield Edit(m.start(), m.end(), "$", "§", "ocr", 0.9, "§ read as $ before a number")
    for m in _EIGHT_SECTION.finditer(text):
        yield Edit(m.start(), m.end(), "8", "§", "ocr", 0.8, "§ read as 8 before a section")


def numbers(text: str) -> Iterator[Edit]:
    """Letters OCR put into or read for digits of a number: ``r10`` -> ``10``, ``z0`` -> ``30``."""
    for m in _MIXED.finditer(text):
        token = m.group()
        if token.isdigit():
            continue
        head = token[0]
        body = token[1:] if head == "r" else token
        fixed = "".join(_DIGIT_FOR.get(c, c) for c in body)
        if fixed.isdigit():
            yield Edit(m.start(), m.end(), token, fixed, "ocr", 0.7, "letter read in a number")
