"""Line-end hyphens (``⸗ - ¬ =``): join a broken word, keep the hyphen of a compound.

A mark followed by white space and a lower-case word is a broken word and is
joined, unless the next word is a conjunction: then the left word is a truncated
compound (``Herz= und Laubkönige`` -> ``Herz- und Laubkönige``) and keeps ``-``. Before
a capital the hyphen is the print's own (``Piquet⸗ Treſett⸗``) and stays as ``-``;
across a line break it closes up (``Innsbruck-`` / ``Stadt``). A mark inside a word
is written ``-``. A U+FFFD before a line break is a lost hyphen when the joined word
is known and the left part with the lost letter (``da\ufffd`` as ``daß``) is no word. A
colon that OCR read for the hyphen (``wer: den``) is joined when the
joined word is a dictionary word.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import regex

from normalise.channel import WILDCARD

# words after which a hyphenated first word is a truncated compound
CONJUNCTIONS = frozenset(
    [
        "und",
        "oder",
        "sowie",
        "bis",
        "als",
        "wie",
        "noch",
        "resp",
        "bzw",
        "beziehungsweise",
        "u",
        "od",
        "sondern",
    ]
)
_BREAK = regex.compile(r"(?<=\p{L})(-?[⸗¬=]|-)(\s+)(\p{L}+)")
_INNER = regex.compile(r"(?<=\p{L})[⸗¬=](?=\p{L})")
_COLON = regex.compile(r"(?<=\p{L}{2}):([^\S\n]*\n?[^\S\n]*)(\p{Ll}+)(?!\p{L})")
_LOST = regex.compile(r"(?<=\p{L}{2})\ufffd(\s+)(?=\p{Ll})")
_LEFT = regex.compile(r"\p{L}+$")
_RIGHT = regex.compile(r"^\p{L}+")
# quotation marks: opening ("„", or a lost character that begins a word) or closing ("“",
# or one after a word or its punctuation); a lost character inside a word is a letter
# ("Bl\ufffdtter")
_QUOTE = regex.compile(r"(„|(?<!\p{L})\ufffd(?=\p{L}))|“|(?<=[\p{L}.,;:!?])\ufffd(?!\p{L})")
QUOTE_REACH = 120  # characters back in which a quotation may have been opened


@dataclass(frozen=True, slots=True)
class Decision:
    """Rewrite view characters ``start..end`` as ``text``."""

    start: int
    end: int
    text: str
    confidence: float
    evidence: str


def decide(
    view: str, known: Callable[[str], bool], dictionary: Callable[[str], bool] | None = None
) -> list[Decision]:
    """Hyphen decisions over the view text; ``known`` says whether a word form exists (a
    form with U+FFFD: whether one of its fills does, as :meth:`Corrector.known
    <normalise.corrector.Corrector.known>`), ``dictionary`` (stricter) whether a dictionary
    has it."""
    out: list[Decision] = []
    for m in _BREAK.finditer(view):
        mark, space, right = m.group(1), m.group(2), m.group(3)
        left_m = _LEFT.search(view, max(0, m.start() - 40), m.start())
        left = left_m.group() if left_m else ""
        if right.lower() in CONJUNCTIONS or right[0].isupper():
            if right[0].isupper() and "\n" in space and right.lower() not in CONJUNCTIONS:
                out.append(Decision(m.start(), m.start(3), "-", 0.7, "hyphen of a compound"))
            elif mark != "-":
                out.append(Decision(m.start(1), m.end(1), "-", 0.85, "truncated compound"))
            continue
        joined = left + right
        sure = known(joined)
        out.append(
            Decision(
                m.start(),
                m.start(3),
                "",
                0.95 if sure else 0.8,
                "line-end hyphen; joined word known" if sure else "line-end hyphen",
            )
        )
    if dictionary is not None:
        for m in _COLON.finditer(view):
            left_m = _LEFT.search(view, max(0, m.start() - 40), m.start())
            right = m.group(2)
            if not left_m or not m.group(1) or right in CONJUNCTIONS:
                continue
            if dictionary(left_m.group() + right):
                out.append(
                    Decision(
                        m.start(),
                        m.start(2),
                        "",
                        0.7,
                        "colon read for a line-end hyphen; joined word known",
                    )
                )
    for m in _INNER.finditer(view):
        out.append(Decision(m.start(), m.end(), "-", 0.95, "hyphen inside a word"))
    for m in _LOST.finditer(view):
        left_m = _LEFT.search(view, max(0, m.start() - 40), m.start())
        right_m = _RIGHT.search(view[m.end() : m.end() + 40])
        if not left_m or not right_m or _quoted(view, m.start()):
            continue  # the lost character closes a quotation ("„Ich biete mein Herz\ufffd oder")
        left = left_m.group()
        if known(left + WILDCARD):
            continue  # the lost character ends the word ("da\ufffd hier": daß, not dahier)
        if known(left + right_m.group()):
            out.append(Decision(m.start(), m.end(), "", 0.8, "encoding lost a line-end hyphen"))
    out.sort(key=lambda d: d.start)
    kept: list[Decision] = []
    for d in out:
        if not kept or d.start >= kept[-1].end:
            kept.append(d)
    return kept


def _quoted(view: str, at: int) -> bool:
    """Is a quotation open at ``at``: is the last quotation mark in the
    :data:`QUOTE_REACH` characters before it an opening one (:data:`_QUOTE`)?"""
    opening = False
    for mark in _QUOTE.finditer(view, max(0, at - QUOTE_REACH), at):
        opening = mark.group(1) is not None
    return opening
