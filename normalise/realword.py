"""The real-word check: automatic repairs that turned one valid word into another.

A repair that changes a non-word into a word (``ift`` -> ``ist``) is what the engine is
for. A repair that changes a valid word into another valid word (``wirft`` -> ``wirst``,
``feinen`` -> ``seinen`` where the print has ``keinen``) may be right or may invert the
sense, and no lexicon can tell: each needs an editor's decision.

:func:`changes` lists them from a raw text and its edit log: for every automatic edit,
the whole raw word it falls in (a line-end hyphen inside it taken out) and that word's
reading, when both are dictionary words (:meth:`normalise.lexicon.Lexicon.in_dictionary`)
and differ in more than case and long s. Case-only changes (``Das`` -> ``das``) and
edits that join or split words are not listed.

Decisions are data: ``corpus/<siglum>/decisions.toml``::

    [[decision]]
    at = 12345            # raw offset of the word (Change.at)
    sic = "feinen"        # the raw word, as listed
    corr = "seinen"       # the automatic reading, as listed
    decision = "reject"   # accept | reject
    note = "print: keinen (k read as f); corrected in corrections.toml"

``accept`` keeps the automatic reading; ``reject`` says it is wrong, and a curated
correction (``corrections.toml``) must then give the right reading, so that the
automatic edit no longer reaches the reading text. :func:`review` reports what is
undecided and what is rejected but still applied.
"""

from __future__ import annotations

import bisect
import re
import tomllib
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from normalise.edits import Edit

DECISIONS = ("accept", "reject")
HYPHENS = "-⸗¬="
_WORD_CHAR = re.compile(r"[^\W\d_]|[\u0300-\u036f\ufffd]")
_LINE_HYPHEN = re.compile(r"[" + re.escape(HYPHENS) + r"]\s+")
_WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True, slots=True)
class Change:
    """One automatic change of a valid word into another valid word."""

    at: int
    """Raw offset where the word begins."""
    end: int
    """Raw offset where the word ends."""
    sic: str
    """The raw word (``raw[at:end]``)."""
    corr: str
    """The word in the reading text."""
    evidence: str
    """The automatic edits' evidence."""


@dataclass(frozen=True, slots=True)
class Decision:
    """An editor's decision on one :class:`Change`."""

    at: int
    sic: str
    corr: str
    decision: str
    note: str

    def key(self) -> tuple[int, str, str]:
        return (self.at, self.sic, self.corr)


def _plain(word: str) -> str:
    """The word as the reading layer shows it: long s as s, composed, hyphen joins out."""
    return unicodedata.normalize("NFC", _LINE_HYPHEN.sub("", word).replace("ſ", "s"))


def _region(raw: str, edits: Sequence[Edit], starts: list[int], edit: Edit) -> tuple[int, int]:
    """The raw span of the whole word(s) around ``edit``, grown over every edit it meets."""
    a, b = edit.start, edit.end
    while True:
        while a > 0 and _WORD_CHAR.match(raw[a - 1]):
            a -= 1
        while b < len(raw) and _WORD_CHAR.match(raw[b]):
            b += 1
        lo, hi = a, b
        for k in range(max(0, bisect.bisect_right(starts, a) - 1), len(edits)):
            other = edits[k]
            if other.start > b:
                break
            inside = other.start == other.end and a < other.start < b
            joins = other.kind == "hyphenation" and (other.start == b or other.end == a)
            if inside or joins or (other.start < b and other.end > a):
                lo, hi = min(lo, other.start), max(hi, other.end)
        if (lo, hi) == (a, b):
            return a, b
        a, b = lo, hi


def _reading(raw: str, edits: Sequence[Edit], starts: list[int], a: int, b: int) -> str:
    """The reading of ``raw[a:b]`` given the edits (each wholly inside or outside)."""
    parts: list[str] = []
    position = a
    for k in range(bisect.bisect_left(starts, a), len(edits)):
        edit = edits[k]
        if edit.start > b or edit.end > b:
            break
        parts.append(raw[position : edit.start])
        parts.append(edit.replacement)
        position = edit.end
    parts.append(raw[position:b])
    return "".join(parts)


def changes(raw: str, edits: Sequence[Edit], is_word: Callable[[str], bool]) -> list[Change]:
    """The real-word changes among the automatic edits of ``edits`` (sorted, disjoint, on
    ``raw``); ``is_word`` tells a valid word."""
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    starts = [e.start for e in ordered]
    found: dict[int, Change] = {}
    for edit in ordered:
        if edit.source != "auto" or not _WORD_CHAR.search(edit.original + edit.replacement):
            continue
        a, b = _region(raw, ordered, starts, edit)
        if a in found:
            continue
        sic, corr = _plain(raw[a:b]), _plain(_reading(raw, ordered, starts, a, b))
        if not (_WORD.fullmatch(sic) and _WORD.fullmatch(corr)):
            continue  # words joined, split, or with a sign: not a word-for-word change
        if sic.lower() == corr.lower() or not (is_word(sic) and is_word(corr)):
            continue
        mine = ordered[bisect.bisect_left(starts, a) : bisect.bisect_left(starts, b)]
        evidence = "; ".join(dict.fromkeys(e.evidence for e in mine if e.source == "auto"))
        found[a] = Change(a, b, raw[a:b], corr, evidence)
    return list(found.values())


def load_decisions(path: Path) -> list[Decision]:
    """The decisions of one ``decisions.toml`` (none when the file does not exist).

    Raises ``ValueError`` naming the file and the entry when an entry is malformed.
    """
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"{path}: cannot read: {error}") from None
    out: list[Decision] = []
    for k, entry in enumerate(data.get("decision", []), 1):
        where = f"{path}: decision #{k}"
        if not isinstance(entry, dict):
            raise ValueError(f"{where}: not a table")
        unknown = set(entry) - {"at", "sic", "corr", "decision", "note"}
        if unknown:
            raise ValueError(f"{where}: unknown keys {sorted(unknown)}")
        at, sic, corr = entry.get("at"), entry.get("sic"), entry.get("corr")
        decision, note = entry.get("decision"), entry.get("note", "")
        if not isinstance(at, int) or isinstance(at, bool) or at < 0:
            raise ValueError(f"{where}: 'at' must be a raw offset (a whole number >= 0)")
        if not isinstance(sic, str) or not isinstance(corr, str) or not isinstance(note, str):
            raise ValueError(f"{where} at {at}: 'sic', 'corr' and 'note' must be strings")
        if decision not in DECISIONS:
            raise ValueError(f"{where} at {at}: 'decision' must be one of {DECISIONS}")
        if not note.strip():
            raise ValueError(f"{where} at {at}: a decision needs a 'note' with its evidence")
        out.append(Decision(at, sic, corr, decision, note))
    return out


@dataclass(frozen=True, slots=True)
class Review:
    """The state of the real-word check of one source."""

    changes: tuple[Change, ...]
    """Every real-word change the reading text holds."""
    undecided: tuple[Change, ...]
    """Changes without a decision."""
    rejected: tuple[Change, ...]
    """Changes the editor rejected that still reach the reading text."""
    decisions: tuple[Decision, ...]

    def problems(self, path: Path | str, place: Callable[[int], str] = str) -> list[str]:
        """One message per undecided or rejected-but-applied change, naming the file and
        the place (``place`` of the raw offset: by default the offset itself)."""
        out = [
            f"{path}: undecided real-word change at {place(c.at)}: {c.sic!r} -> {c.corr!r} "
            '(add a [[decision]] with decision = "accept" or "reject")'
            for c in self.undecided
        ]
        out += [
            f"{path}: real-word change at {place(c.at)}: {c.sic!r} -> {c.corr!r} is rejected "
            "but still applied (add a curated correction in corrections.toml)"
            for c in self.rejected
        ]
        return out


def review(found: Sequence[Change], decisions: Sequence[Decision]) -> Review:
    """Match the changes with the decisions."""
    by_key = {d.key(): d for d in decisions}
    undecided, rejected = [], []
    for change in found:
        decision = by_key.get((change.at, change.sic, change.corr))
        if decision is None:
            undecided.append(change)
        elif decision.decision == "reject":
            rejected.append(change)
    return Review(tuple(found), tuple(undecided), tuple(rejected), tuple(decisions))
