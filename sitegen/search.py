"""The site's search index, built from the edition model (not from the rendered pages).

One entry per encoded block (head, paragraph, law) with the words of its reading and
diplomatic text, and one per glossary term with its forms and English gloss. Nothing
else is indexed: no citations, URNs, BibTeX, apparatus, TEI source or raw OCR, so a
word of the imprint (``Berlin``) finds only the blocks whose text has it.

Words are keyed by :func:`sitegen.folding.fold`; a historical spelling is also posted
under its modern form (:func:`sitegen.folding.modernise` with the lexicon of the repair
engine). ``assets/search.js`` fetches the index on the first search and folds queries
with the rules the index carries.

Format (``search/index.json``)::

    {"format": 1,
     "rules": {"fold": [[pattern, replacement], ...], "modern": [...]},
     "pages": [[url, title], ...],          # url relative to the site root
     "docs": [[page, anchor, label, shown], ...],  # shown: reading text or gloss
     "terms": {key: "ids", ...}}            # ascending doc numbers, base 36, gaps, "," between

A document's link is ``pages[page][0] + "#" + anchor``, its title
``pages[page][1] + ", " + label``; the script shows the passage of ``shown`` around the
first word that matched.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from normalise.textio import atomic_write
from sitegen.folding import FOLD_RULES, MODERN_RULES, fold, modernise, rules_json, words
from sitegen.glossary import PAGE as GLOSSARY_PAGE
from sitegen.glossary import Term
from sitegen.inputs import Edition
from sitegen.markup import page_url
from sitegen.render_tei import Block, Section
from sitegen.templating import page
from tei.normal import deterministic

__all__ = [
    "INDEX_PATH",
    "SEARCH_PAGE",
    "Entry",
    "block_label",
    "build_index",
    "decode_postings",
    "edition_entries",
    "glossary_entries",
    "lexicon_known",
    "search_page",
    "write_index",
]

INDEX_PATH = "search/index.json"
"""Where the index goes, relative to the pages (and so to the built site)."""
SECTION_TITLE = 48
"""Characters of a sub-section's title in a result's title."""


@dataclass(frozen=True)
class Entry:
    """One search result: where it links, its human title and the text it is found by."""

    page: str
    """Markdown page (``engelmann1798/piquet.md``)."""
    page_title: str
    anchor: str
    label: str
    texts: tuple[str, ...]
    shown: str
    """The text a result shows a passage of: the reading text, or the gloss."""


def block_label(block: Block, section: str = "") -> str:
    """``§ 12, p. 45``; a law ``law 3``, a heading ``heading``; prefixed by the title of
    the sub-section when there is one (``Gesetze, law 3, p. 50``)."""
    number = block.n.removeprefix("p") if block.n else block.id.rsplit(".", 1)[-1]
    if block.kind == "head":
        what = "heading"
    elif block.kind == "item":
        what = f"law {number}"
    else:
        what = f"§ {number}"
    parts = [section, what, f"p. {block.page}" if block.page else ""]
    return ", ".join(p for p in parts if p)


def _section_titles(section: Section, top: bool = True) -> dict[str, str]:
    """Div id -> title of every sub-section (not the chapter itself), long ones cut at a
    word (``Gesetze des Piquetspiels zur Entscheidung …``)."""
    titles = {} if top else {section.id: _shortened(section.label, SECTION_TITLE)}
    for member in section.members:
        if isinstance(member, Section):
            titles.update(_section_titles(member, top=False))
    return titles


def edition_entries(edition: Edition) -> list[Entry]:
    """Every block of every text page, in page order, once."""
    entries: list[Entry] = []
    for _doc, game in edition.games():
        path = edition.sections[game.id]
        sections = _section_titles(game)
        for block in game.blocks():
            reading = block.text("reading")
            entries.append(
                Entry(
                    page=path,
                    page_title=edition.titles[path],
                    anchor=block.id,
                    label=block_label(block, sections.get(block.div, "")),
                    texts=(reading, block.text("diplomatic")),
                    shown=reading,
                )
            )
    return entries


def glossary_entries(terms: Iterable[Term]) -> list[Entry]:
    """One entry per glossary term: the headword, its forms and the English gloss."""
    return [
        Entry(
            page=GLOSSARY_PAGE,
            page_title="Glossary",
            anchor=term.anchor,
            label=term.term,
            texts=(term.term, " ".join(term.forms), " ".join(term.diplomatic), term.gloss),
            shown=term.gloss,
        )
        for term in terms
    ]


def _shortened(text: str, length: int) -> str:
    """``text`` cut at the last space before ``length`` characters, with `` …``."""
    if len(text) <= length:
        return text
    cut = text.rfind(" ", 0, length)
    return text[: cut if cut > length // 2 else length].rstrip(" ,;:") + " …"


def lexicon_known() -> Callable[[str], bool]:
    """Whether a word is known to the repair engine's German lexicon, and whether it is
    in one of its dictionaries (:mod:`normalise.lexicon`)."""
    from normalise.lexicon import load

    lexicon = load()
    return lambda word: lexicon.zipf(word) is not None


MODERN_ZIPF = 4.0
"""A form of the historical layer counts as established modern German only as frequent
as this in today's German (wordfreq): ``Theater`` 4.7 and ``Methode`` 4.5 are, the old
spellings ``seyn`` 3.0 and ``Theil`` 3.2 are not."""


def _dictionary_word() -> Callable[[str], bool]:
    """Whether a word is established modern German, so that no rule modernises it: a
    dictionary of the repair engine's lexicon lists it, and it is no old spelling that
    only the lexicon's historical layer (:func:`normalise.lexicon.historical_counts`)
    confirms."""
    import wordfreq

    from normalise.lexicon import historical_counts, load

    lexicon, historical = load(), historical_counts()
    return lambda word: lexicon.in_dictionary(word) and (
        word.lower() not in historical or wordfreq.zipf_frequency(word, "de") >= MODERN_ZIPF
    )


def _encode(ids: list[int]) -> str:
    """Ascending numbers as base-36 gaps joined by commas (``0,3,1z``)."""
    out: list[str] = []
    last = 0
    for k, n in enumerate(ids):
        out.append(_base36(n - last if k else n))
        last = n
    return ",".join(out)


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        n, r = divmod(n, 36)
        text = digits[r] + text
        if not n:
            return text


def decode_postings(text: str) -> list[int]:
    """The document numbers of an encoded posting list (inverse of the encoder)."""
    ids: list[int] = []
    for k, part in enumerate(text.split(",")):
        n = int(part, 36)
        ids.append(ids[-1] + n if k else n)
    return ids


def build_index(
    entries: list[Entry],
    known: Callable[[str], bool],
    established: Callable[[str], bool] = lambda _word: False,
) -> dict[str, object]:
    """The index of ``entries``: each word under its folded key and, when ``known``
    accepts a modern spelling of it (and ``established`` does not already know the word
    as printed), under the folded modern key too."""
    pages: dict[str, int] = {}
    docs: list[list[object]] = []
    postings: dict[str, list[int]] = {}
    modern: dict[str, str | None] = {}
    word_keys: dict[str, tuple[str, str | None]] = {}  # word -> its key, its modern key
    for number, entry in enumerate(entries):
        if entry.page not in pages:
            pages[entry.page] = len(pages)
        docs.append([pages[entry.page], entry.anchor, entry.label, entry.shown])
        keys: set[str] = set()
        for text in entry.texts:
            for word in words(text):
                if word not in word_keys:
                    low = deterministic(word).lower()
                    if low not in modern:
                        modern[low] = None if established(low) else modernise(low, known)
                    form = modern[low]
                    word_keys[word] = (fold(word), None if form is None else fold(form))
                key, modern_key = word_keys[word]
                keys.add(key)
                if modern_key is not None:
                    keys.add(modern_key)
        for key in keys:
            postings.setdefault(key, []).append(number)
    titles = {e.page: e.page_title for e in entries}
    return {
        "format": 1,
        "rules": rules_json(),
        "pages": [[page_url(p), titles[p]] for p in pages],
        "docs": docs,
        "terms": {key: _encode(postings[key]) for key in sorted(postings)},
    }


def write_index(edition: Edition, terms: Iterable[Term], target: Path) -> int:
    """Write the index of the edition and the glossary to ``target`` (atomically);
    returns its size in bytes."""
    index = build_index(
        edition_entries(edition) + glossary_entries(terms), lexicon_known(), _dictionary_word()
    )
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    atomic_write(target, data)
    return len(data)


SEARCH_PAGE = "search.md"
"""The page that explains the search and lists the folding rules."""


def search_page(size: int) -> str:
    """Markdown of the page that documents the search and its rules (``size``: bytes of
    the index)."""
    return page(
        "search.md",
        fold=FOLD_RULES,
        modern=MODERN_RULES,
        size=f"{size / 1024:,.0f} KB",
    )
