"""Automatic repair engine (provisional: long s and line-end hyphens only)."""

from __future__ import annotations

import regex

from normalise.edits import Edit, Repair

_HYPHEN = regex.compile(r"(?<=\p{Ll})[⸗¬](\s+)(?=\p{Ll})")


def repair(text: str) -> Repair:
    """Repair ``text``; returns the reading text and the edits."""
    edits: list[Edit] = []
    for m in _HYPHEN.finditer(text):
        edits.append(Edit(m.start(), m.end(), m.group(), "", "hyphenation", 0.9, "line-end hyphen"))
    taken = [(e.start, e.end) for e in edits]
    for i, ch in enumerate(text):
        if ch == "ſ" and not any(a <= i < b for a, b in taken):
            edits.append(Edit(i, i + 1, "ſ", "s", "long-s", 1.0, "long s"))
    edits.sort(key=lambda e: e.start)
    return Repair(text, edits)
