"""Passages in another language: the ``[[foreign]]`` entries of a source's ``structure.toml``.

The editor lists them (a short curated list: the OCR cannot tell languages apart). The
TEI encodes each as ``<foreign xml:lang="fr">…</foreign>`` around its raw text; it
changes no text layer. :func:`load_foreign` reads and checks the entries, raising
``CorpusError`` that names the file, the entry and the problem.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from corpus import CorpusError, load_source, load_structure
from corpus.sources import _entries, _integer, _read_toml, _text

FOREIGN_KEYS = frozenset({"at", "text", "lang"})
LANGUAGE = re.compile(r"[a-z]{2,3}")
"""An ISO 639 language code (``fr``), the value of ``xml:lang``."""


@dataclass(frozen=True, slots=True)
class Foreign:
    """A passage ``raw[start:end]`` in the language ``lang``."""

    start: int
    end: int
    lang: str


@cache
def load_foreign(siglum: str, root: Path | None = None) -> tuple[Foreign, ...]:
    """The foreign passages of ``structure.toml``, checked, sorted by offset.

    ``text`` must be the raw text at ``at``; a passage lies inside one block, does not
    cut page furniture and does not overlap another passage.
    """
    source = load_source(siglum, root)
    structure = load_structure(siglum, root)
    path = source.directory / "structure.toml"
    passages: list[Foreign] = []
    for i, entry in enumerate(_entries(path, _read_toml(path), "foreign")):
        where = f"foreign #{i + 1} at {entry.get('at', '?')}"
        unknown = sorted(set(entry) - FOREIGN_KEYS)
        if unknown:
            raise CorpusError(f"{path}: {where}: unknown key(s) {', '.join(unknown)}")
        at = _integer(path, where, entry, "at")
        text = _text(path, where, entry, "text")
        lang = _text(path, where, entry, "lang")
        if not LANGUAGE.fullmatch(lang):
            raise CorpusError(f"{path}: {where}: lang {lang!r} is no ISO 639 code such as 'fr'")
        if not text or source.raw[at : at + len(text)] != text:
            found = source.raw[at : at + len(text)] if at >= 0 else ""
            raise CorpusError(f"{path}: {where}: text {text!r} is not the raw text {found!r}")
        end = at + len(text)
        if not any(b.start <= at and end <= b.end for b in structure.blocks):
            raise CorpusError(f"{path}: {where}: {at}..{end} does not lie inside one block")
        cut = next((f for f in structure.furniture if f.start < end and at < f.end), None)
        if cut is not None and not (at <= cut.start and cut.end <= end):
            raise CorpusError(
                f"{path}: {where}: {at}..{end} cuts {cut.kind} furniture at {cut.start}..{cut.end}"
            )
        passages.append(Foreign(at, end, lang))
    passages.sort(key=lambda p: p.start)
    for a, b in itertools.pairwise(passages):
        if b.start < a.end:
            raise CorpusError(f"{path}: foreign passages at {a.start} and {b.start} overlap")
    return tuple(passages)
