"""The editor's re-read listing: every automatic word-for-word change of a source in context.

``stichwort review changes`` (``make edition`` writes ``build/review/<siglum>.txt``) lists,
block by block in raw order, each change the repair engine made or proposed, widened to
the whole word as the TEI encodes it (:func:`tei.body.encoded_edits`):

- ``applied``: in the reading text, with its ``@cert`` (high >= 0.9, medium >= 0.7, low);
- ``proposal``: held back below the apply threshold, not in the reading text;
- ``replaced``: overruled by a curated correction (its reading is given).

Each entry names the block id and type (``rule``, ``example``, …), the raw offset, the kind,
the confidence, the evidence, the real-word decision where there is one
(``decisions.toml``), and the reading text around the word, marked ``[[…]]``. Declared
normalisations (long s as s) are not listed: they are not encoded either.
"""

from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from normalise.edits import Edit
from tei.body import cert, encoded_edits, in_word
from tei.edition import EditionLog, block_at, edition_log, edition_proposals, reading_around
from tei.normal import fold

STATUSES = ("applied", "proposal", "replaced")
REREAD_TYPES = frozenset({"rule", "example"})
"""Block types of the re-read: rules (laws are rule items) and worked examples."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One automatic change of a word, where it stands and what became of it."""

    block: str
    type: str
    at: int
    sic: str
    corr: str
    status: str
    """``applied``, ``proposal`` or ``replaced``."""
    cert: str
    kind: str
    confidence: float
    evidence: str
    realword: str
    """The editor's real-word decision (``accept``/``reject``), ``undecided`` or ``""``."""
    editor: str
    """For ``replaced``: the curated reading of the span."""
    context: str


def _word(raw: str, edit: Edit) -> tuple[int, int]:
    """The raw span of the whole word(s) an edit touches."""
    a, b = edit.start, edit.end
    while a > 0 and in_word(raw[a - 1]):
        a -= 1
    while b < len(raw) and in_word(raw[b]):
        b += 1
    return a, b


def _context(siglum: str, a: int, b: int, width: int, root: Path | None) -> str:
    left, word, right = reading_around(siglum, a, b, width, root)
    return fold(f"{left}[[{word}]]{right}").replace("\n", " ")


def realword_states(siglum: str, root: Path | None = None) -> dict[int, str]:
    """The real-word check's state of each listed word by raw offset: the editor's
    decision (``accept``/``reject``) or ``undecided``."""
    from tei.build import real_word_review

    result = real_word_review(siglum, root)
    states = {d.at: d.decision for d in result.decisions}
    states.update({c.at: "undecided" for c in result.undecided})
    return states


def review_entries(
    siglum: str,
    realword: dict[int, str] | None = None,
    root: Path | None = None,
    width: int = 60,
) -> list[Entry]:
    """Every automatic change of ``siglum`` (applied, proposed, replaced), in raw order.

    ``realword`` maps the raw offset of a word that the real-word check lists to the
    editor's decision there (``accept``/``reject``/``undecided``); by default
    :func:`realword_states`.
    """
    log: EditionLog = edition_log(siglum, root)
    raw = log.source.raw
    decided = realword_states(siglum, root) if realword is None else realword
    entries: list[Entry] = []

    def add(edit: Edit, span: tuple[int, int], status: str, sic: str, corr: str, editor: str):
        block = block_at(siglum, edit.start, root)
        entries.append(
            Entry(
                block.id if block else "",
                block.type if block else "",
                span[0],
                sic,
                corr,
                status,
                cert(edit.confidence),
                edit.kind,
                edit.confidence,
                edit.evidence,
                decided.get(span[0], "") if status == "applied" else "",
                editor,
                _context(siglum, *span, width, root),
            )
        )

    for edit in encoded_edits(log):
        if edit.source == "auto":
            add(edit, (edit.start, edit.end), "applied", edit.original, edit.replacement, "")
    curated = sorted((e for e in log.edits if e.source == "editor"), key=lambda e: e.start)
    curated_starts = [e.start for e in curated]
    for edit in log.replaced:
        a, b = _word(raw, edit)
        k = bisect.bisect_right(curated_starts, edit.end)
        near = [
            e for e in curated[max(0, k - 3) : k] if e.start <= edit.end and edit.start <= e.end
        ]
        editor = "; ".join(f"{e.original!r} -> {e.replacement!r}" for e in near)
        corr = raw[a : edit.start] + edit.replacement + raw[edit.end : b]
        add(edit, (a, b), "replaced", raw[a:b], corr, editor)
    for edit in edition_proposals(siglum, root):
        a, b = _word(raw, edit)
        corr = raw[a : edit.start] + edit.replacement + raw[edit.end : b]
        add(edit, (a, b), "proposal", raw[a:b], corr, "")
    entries.sort(key=lambda e: (e.at, STATUSES.index(e.status)))
    return entries


def summary(entries: list[Entry]) -> Counter[str]:
    """Counts by status (``applied high`` … ``proposal``), also for the re-read types
    (``rule/example: applied low``) and real-word decisions."""
    counts: Counter[str] = Counter()
    for e in entries:
        key = f"applied {e.cert}" if e.status == "applied" else e.status
        counts[key] += 1
        if e.type in REREAD_TYPES:
            counts[f"rule/example: {key}"] += 1
        if e.realword:
            counts[f"real-word {e.realword}"] += 1
    return counts


def render(siglum: str, entries: list[Entry]) -> str:
    """The listing as text: a summary, then three lines per change."""
    counts = summary(entries)
    order = ["applied high", "applied medium", "applied low", "proposal", "replaced"]
    lines = [
        f"# {siglum}: {len(entries)} automatic changes of a word, in raw order",
        "# " + ", ".join(f"{k}: {counts[k]}" for k in order),
        "# in rule and example paragraphs: "
        + ", ".join(f"{k}: {counts['rule/example: ' + k]}" for k in order),
        "# status: applied (in the reading text, with its cert), proposal (held back, not in "
        "the reading), replaced (a curated correction overrules it)",
        "",
    ]
    for e in entries:
        where = f"{e.block} [{e.type or '-'}]" if e.block else "(outside the blocks)"
        status = f"applied/{e.cert}" if e.status == "applied" else e.status
        head = f"{where} @{e.at} {status} {e.kind} {e.confidence:.2f}: {e.sic!r} -> {e.corr!r}"
        if e.realword:
            head += f" (real word: {e.realword})"
        lines.append(head)
        lines.append(f"    {e.context}")
        detail = f"    evidence: {e.evidence}" if e.evidence else "    evidence: -"
        if e.editor:
            detail += f"; editor: {e.editor}"
        lines.append(detail)
    return "\n".join(lines) + "\n"
