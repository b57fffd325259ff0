"""The deterministic normalisations the edition declares once instead of per occurrence."""

from __future__ import annotations

import re
import unicodedata

_SUPERSCRIPT_E = re.compile("([aouAOU])\u0364")
_UMLAUT = {"a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö", "U": "Ü"}


def deterministic(text: str) -> str:
    """Apply ſ -> s and superscript-e umlauts (aͤ oͤ uͤ -> ä ö ü)."""
    text = text.replace("ſ", "s")
    if "\u0364" in text:
        text = _SUPERSCRIPT_E.sub(lambda m: _UMLAUT[m.group(1)], text)
    return text


def fold(text: str) -> str:
    """Every run of white space becomes one space; leading and trailing space go."""
    return " ".join(text.split())


def is_deterministic(original: str, replacement: str) -> bool:
    """True when the edit is one of the declared normalisations, not encoded per occurrence.

    That is: ``replacement`` is :func:`deterministic` applied to ``original``, or both
    are white space (every white space run reads as one space anyway).
    """
    if original.isspace() and replacement.isspace():
        return True
    return original != replacement and unicodedata.normalize(
        "NFC", deterministic(original)
    ) == unicodedata.normalize("NFC", replacement)
