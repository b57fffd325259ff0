"""Bleed-through garbage inside running text: runs of word debris that no reading explains.

Show-through from the other side of the leaf or a neighbouring column leaves runs of
short fragments in a line (``mehr wei drei drei 1 zugeben``, ``We si 3 bi Gemeiurte
dDin``). After the word corrector has done what it can, each white-space separated chunk
of the reading gets a score: debris (a fragment no lexicon and not the document knows,
a lone lower-case letter, a detached punctuation mark, a word repeated without a
comma, a bare number next to another bare number, letters inside digits, a capital
inside a word) scores positive; words of the language score negative, the more the
longer they are. Runs whose summed score is high and that hold enough debris (not only
numbers, so number lists such as ``10, 24, 35, 46`` or ``6 5 4`` are never debris) are
deleted as ``noise``. A run never crosses a paragraph break.
"""

from __future__ import annotations

import re

import regex

from normalise.corrector import Corrector


def _closed(words: str) -> frozenset[str]:
    """A closed word class written as one string."""
    return frozenset(words.split())


# (summed score, chunks of debris, of which letters) a run needs to be deleted, and the
# weaker evidence that makes it a proposal for an editor; a run of numbers alone is
# never debris
APPLY = (3.0, 4, 3)
PROPOSE = (2.0, 3, 2)
# a shorter run is deleted when it shows two different kinds of structural damage
# (a word repeated, a number after a number, a detached mark, letters in digits, a
# capital inside a word), not only words the lexicon lacks
APPLY_STRUCTURAL = (2.2, 3, 2)
NUMBER_WORDS = _closed("eins zwei drei vier fünf sechs sieben acht neun zehn")
MIN_SHARE = 0.5  # share of debris among the run's chunks
CONFIDENCE = 0.6  # of an applied deletion
PROPOSE_CONFIDENCE = 0.3

_CHUNK = re.compile(r"\S+")
_PARAGRAPH = re.compile(r"\n\s*?\n\s*")
_MARK = regex.compile(r"[\p{P}\p{S}]")
_DETACHED = frozenset(".,;:")
_SPEECH = regex.compile(r"[„“”\"‚‘’'»«\ufffd]")  # quoted speech (dialect) is no debris


def _score(
    corrector: Corrector, core: str, chunk: str, prev: tuple[str, str] | None, nxt: str | None
) -> tuple[float, bool, bool, str]:
    """(score, debris?, letters?, kind of structural damage or "") of one chunk;
    ``prev`` is (core, chunk) of the chunk before, ``nxt`` the core of the chunk after
    (``None`` across a paragraph break)."""
    score, debris, letters = _base_score(corrector, core, chunk, prev, nxt)
    kind = ""
    if debris:
        if not core:
            kind = "mark"
        elif core.isdigit():
            kind = "numbers"
        elif not core.isalpha():
            kind = "digits"
        elif prev is not None and prev[0] == core:
            kind = "repeat"
        elif not core[1:].islower():
            kind = "capital"
    return score, debris, letters, kind


def _base_score(
    corrector: Corrector, core: str, chunk: str, prev: tuple[str, str] | None, nxt: str | None
) -> tuple[float, bool, bool]:
    if len(chunk) != len(core) and _SPEECH.search(chunk):
        return -2.0, False, False
    if not core:
        return (0.6, True, False) if chunk in _DETACHED else (0.0, False, False)
    if core.isdigit():
        bare = chunk == core
        if bare and nxt is not None and nxt.isdigit() and len(nxt) <= 2 and len(core) <= 2:
            return 0.5, True, False
        if bare and prev is not None and prev[0] == prev[1] and prev[0].lower() in NUMBER_WORDS:
            return 0.8, True, False  # "drei 1": a figure after a number word
        return 0.0, False, False
    if not core.isalpha():
        if any(c.isdigit() for c in core):
            return 0.8, True, False
        return 0.0, False, False
    if prev is not None and prev[1] == prev[0] == core and core.islower():
        return 1.5, True, True  # "drei drei": a word repeated without punctuation
    if len(core) == 1:
        spaced = (prev is not None and len(prev[0]) == 1) or (nxt is not None and len(nxt) == 1)
        if core.islower() and chunk == core and not spaced:  # "G o o d" is letter-spaced
            return 0.8, True, True
        return 0.0, False, False
    if not core[1:].islower() and not core.isupper():
        return 1.0, True, True
    low = core.lower()
    z = corrector.zipf(low)
    if z is None and corrector.document.get(low, 0) < 2:
        if core[0].isupper() or len(core) > 6:
            return 0.2, False, True  # a name or a rare compound is as likely as debris
        return 1.0, True, True
    if len(core) <= 3:
        if low in corrector.lexicon.undictionaried:
            return 0.7, True, True
        return -0.4, False, True
    if len(core) == 4:
        return -0.6, False, True
    return (-1.0 if len(core) < 7 else -1.5), False, True


def find(text: str, corrector: Corrector) -> list[tuple[int, int, str, bool]]:
    """Runs of debris in ``text`` as (start, end, evidence, sure); ``end`` takes in the
    white space after the run, so deleting ``text[start:end]`` leaves one gap; a run
    that is not ``sure`` met only the weaker :data:`PROPOSE` bar."""
    marks = "".join(c for c in set(text) if not c.isalnum() and _MARK.match(c))
    found: list[tuple[int, int, str, bool]] = []
    start = 0
    for m in _PARAGRAPH.finditer(text):
        _paragraph(text, start, m.start(), marks, corrector, found)
        start = m.end()
    _paragraph(text, start, len(text), marks, corrector, found)
    return found


def _paragraph(
    text: str,
    start: int,
    stop: int,
    marks: str,
    corrector: Corrector,
    found: list[tuple[int, int, str, bool]],
) -> None:
    """:func:`find` within one paragraph ``text[start:stop]``."""
    chunks = text[start:stop].split()
    stripped = {c: c.strip(marks) for c in set(chunks)}
    cores = list(map(stripped.__getitem__, chunks))
    zipf = corrector.zipf
    undictionaried = corrector.lexicon.undictionaried
    runs: list[tuple[int, int, str, bool]] = []  # first and last chunk, evidence, sure
    run: list[tuple[int, float, bool, bool, str]] = []  # chunk, score, debris, letters, kind
    total = best = 0.0
    best_len = 0

    def close() -> None:
        nonlocal run, total, best, best_len
        kept = run[:best_len]
        debris = sum(1 for _, _, d, _, _ in kept if d)
        words = sum(1 for _, _, d, w, _ in kept if d and w)
        kinds = {k for *_, k in kept if k}
        bars = [
            bar
            for bar in (APPLY, APPLY_STRUCTURAL, PROPOSE)
            if best >= bar[0]
            and debris >= bar[1]
            and words >= bar[2]
            and (bar is not APPLY_STRUCTURAL or len(kinds) >= 2)
        ]
        if bars and debris >= MIN_SHARE * len(kept):
            runs.append(
                (
                    kept[0][0],
                    kept[-1][0],
                    f"debris run of {len(kept)} chunks, {debris} unexplained",
                    bars[0] is not PROPOSE,
                )
            )
        run, total, best, best_len = [], 0.0, 0.0, 0

    plain = {  # words of the language without marks: never debris unless repeated
        c
        for c in set(chunks)
        if len(c) >= 2
        and c.isalpha()
        and c[1:].islower()
        and zipf(c) is not None
        and (len(c) > 3 or c.lower() not in undictionaried)
    }
    last = len(chunks) - 1
    for k, chunk in enumerate(chunks):
        if not run and chunk in plain and (k == 0 or chunks[k - 1] != chunk):
            continue  # the common case, decided quickly
        core = cores[k]
        prev = None if k == 0 else (cores[k - 1], chunks[k - 1])
        nxt = cores[k + 1] if k < last else None
        score, debris, letters, kind = _score(corrector, core, chunk, prev, nxt)
        if not run and not debris:
            continue
        run.append((k, score, debris, letters, kind))
        total += score
        if total > best:
            best, best_len = total, len(run)
        if total < 0:
            close()
    close()
    if not runs:
        return
    offsets = [m.start() for m in _CHUNK.finditer(text, start, stop)]
    if len(offsets) != len(chunks):
        return  # str.split and the pattern disagree on some white space: leave it
    for i, j, evidence, sure in runs:
        end = offsets[j + 1] if j < last else offsets[j] + len(chunks[j])
        found.append((offsets[i], end, evidence, sure))
