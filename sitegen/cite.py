"""Citations of one paragraph of the edition: plain text, BibTeX, CSL-JSON, RIS and COinS.

A paragraph is cited as part of its chapter in the printed source: the chapter is the
title (CSL ``chapter``, RIS ``CHAP``, biblatex ``@inbook``), the book the container.
An encyclopedia entry (a source whose ``[bibl]`` names an ``entry``, Pierer) is an
``entry-encyclopedia`` (RIS ``ENCYC``, BibTeX ``@incollection``). Every citation names
the printed pages, the paragraph's stable id and URN, the edition (``Stichwort
edition``, its version and the text layer cited) and the access date; the permalink
only when the edition has a published base URL (without one there is no URL to give,
and the URN identifies the paragraph).
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

__all__ = [
    "Citation",
    "Person",
    "bibtex",
    "bibtex_key",
    "coins",
    "contributors",
    "csl_item",
    "csl_json",
    "page_meta",
    "page_range",
    "plain",
    "ris",
]

EDITION = "Stichwort edition"


@dataclass(frozen=True)
class Person:
    """A personal name: family and given name."""

    family: str
    given: str = ""

    @property
    def inverted(self) -> str:
        """``Family, Given``."""
        return f"{self.family}, {self.given}" if self.given else self.family

    @property
    def natural(self) -> str:
        """``Given Family``."""
        return f"{self.given} {self.family}".strip()


def _person(name: str) -> Person:
    """``Theodor Engelmann`` or ``Engelmann, Theodor`` as a :class:`Person`."""
    if "," in name:
        family, given = (part.strip() for part in name.split(",", 1))
        return Person(family, given)
    given, _, family = name.strip().rpartition(" ")
    return Person(family, given)


_ROLE = re.compile(r"^(?P<name>[^()]+?)\s*(?:\((?P<role>[^()]*)\))?$")


@functools.lru_cache(maxsize=256)
def contributors(statement: str) -> tuple[tuple[Person, ...], tuple[Person, ...]]:
    """Authors and editors of an author statement of ``meta.toml``.

    ``Theodor Engelmann`` is one author; ``A (founder); B (editor of the 4th ed.)`` names
    people with roles: a role beginning with ``editor`` makes an editor, ``author`` or no
    role an author; other roles (``founder``: the name in the title of a later edition)
    are not contributors of the cited edition. A part that is not ``name (role)`` is
    kept whole as the family name of one author (nothing of the statement is lost).
    """
    authors: list[Person] = []
    editors: list[Person] = []
    for part in (p.strip() for p in statement.split(";")):
        if not part:
            continue
        match = _ROLE.match(part)
        if not match:
            authors.append(Person(part))
            continue
        role = (match["role"] or "author").strip().lower()
        if role.startswith("editor"):
            editors.append(_person(match["name"]))
        elif role == "author":
            authors.append(_person(match["name"]))
    return tuple(authors), tuple(editors)


def page_range(page: str) -> tuple[str, str]:
    """First and last printed page of ``4–5`` (``4`` gives ``("4", "4")``, ``""`` empties)."""
    if not page:
        return "", ""
    first, _, last = page.partition("–")
    return first.strip(), (last or first).strip()


@dataclass(frozen=True)
class Citation:
    """What a citation of one paragraph needs (``url`` is empty without a base URL)."""

    bibl: dict[str, Any]
    paragraph: str
    urn: str
    page: str
    url: str
    accessed: dt.date
    version: str = ""
    chapter: str = ""
    layer: str = "reading text"

    @property
    def authors(self) -> tuple[Person, ...]:
        """The authors named in ``bibl.author``."""
        return contributors(_field(self.bibl, "author"))[0]

    @property
    def editors(self) -> tuple[Person, ...]:
        """The editors named in ``bibl.author`` (``Julius Löbe (editor of the 4th ed.)``)."""
        return contributors(_field(self.bibl, "author"))[1]

    @property
    def encyclopedia(self) -> bool:
        """The chapter is an entry of an encyclopedia (``bibl.entry`` is given)."""
        return bool(_field(self.bibl, "entry"))

    @property
    def book(self) -> str:
        """The title of the printed source (the container of the chapter)."""
        return _field(self.bibl, "title")

    @property
    def title(self) -> str:
        """The title cited: the chapter (or the entry), else the book."""
        return self.chapter or _field(self.bibl, "entry") or self.book

    @property
    def edition_note(self) -> str:
        """``Stichwort edition 0.1.0, reading text``."""
        version = f" {self.version}" if self.version else ""
        return f"{EDITION}{version}, {self.layer}"

    @property
    def locator(self) -> str:
        """``¶ id (URN)``."""
        return f"¶ {self.paragraph}" + (f" ({self.urn})" if self.urn else "")

    @property
    def note(self) -> str:
        """The paragraph and the edition: ``¶ id (URN); Stichwort edition 0.1.0, reading text``."""
        return f"{self.locator}; {self.edition_note}"


def _field(bibl: dict[str, Any], key: str) -> str:
    return str(bibl.get(key, "")).strip()


def _year(c: Citation) -> int | None:
    year = re.search(r"\d{4}", _field(c.bibl, "date"))
    return int(year.group()) if year else None


def plain(c: Citation) -> str:
    """A human-readable citation: who, "chapter", in: book, imprint, pages, ¶, edition, URL."""
    who = "; ".join(p.natural for p in c.authors)
    book = c.book
    if c.editors:
        book += ", ed. " + " and ".join(p.natural for p in c.editors)
    imprint = ", ".join(
        x
        for x in (
            _field(c.bibl, "edition"),
            f"vol. {_field(c.bibl, 'volume')}" if _field(c.bibl, "volume") else "",
            ": ".join(x for x in (_field(c.bibl, "place"), _field(c.bibl, "publisher")) if x),
            _field(c.bibl, "date"),
        )
        if x
    )
    parts = [who, f"“{c.title}”, in: {book}" if c.title != book else book, imprint]
    if c.page:
        parts.append(f"p. {c.page}")
    parts.append(c.locator)
    head = ", ".join(p for p in parts if p)
    where = f", {c.url}" if c.url else ""
    return f"{head}. {c.edition_note}{where} (accessed {c.accessed.isoformat()})."


_BIBTEX_SPECIAL = re.compile(r"([&%$#_{}])")


def _bib(text: str) -> str:
    return _BIBTEX_SPECIAL.sub(r"\\\1", text)


def bibtex_key(c: Citation) -> str:
    """A BibTeX key made of the paragraph id (``engelmann1798_piquet_p3``)."""
    return re.sub(r"[^A-Za-z0-9]+", "_", c.paragraph).strip("_")


def _names(people: tuple[Person, ...]) -> str:
    return " and ".join(_bib(p.inverted) for p in people)


def bibtex(c: Citation) -> str:
    """A biblatex entry: ``@inbook`` (``@incollection`` for an encyclopedia entry).

    ``title`` is the chapter, ``booktitle`` the book; the paragraph id and URN go into
    ``note``; ``url`` and ``urldate`` only when there is a URL.
    """
    first, last = page_range(c.page)
    fields = [
        ("author", _names(c.authors)),
        ("editor", _names(c.editors)),
        ("title", _bib(c.title)),
        ("booktitle", _bib(c.book)),
        ("edition", _bib(_field(c.bibl, "edition"))),
        ("volume", _bib(_field(c.bibl, "volume"))),
        ("address", _bib(_field(c.bibl, "place"))),
        ("publisher", _bib(_field(c.bibl, "publisher"))),
        ("year", _bib(_field(c.bibl, "date"))),
        ("pages", _bib(first if first == last else f"{first}--{last}")),
        ("note", _bib(c.note)),
        ("url", c.url),
        ("urldate", c.accessed.isoformat() if c.url else ""),
    ]
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields if value)
    kind = "incollection" if c.encyclopedia else "inbook"
    return f"@{kind}{{{bibtex_key(c)},\n{body}\n}}"


def csl_item(c: Citation) -> dict[str, Any]:
    """The CSL-JSON item: ``chapter`` (``entry-encyclopedia``) in its ``container-title``.

    Only variables of the CSL 1.0.2 schema; the id and URN of the paragraph are in
    ``note`` (CSL has no URN variable).
    """
    item: dict[str, Any] = {
        "id": c.paragraph,
        "type": "entry-encyclopedia" if c.encyclopedia else "chapter",
        "title": c.title,
        "container-title": c.book,
    }
    if c.authors:
        item["author"] = [{"family": p.family, "given": p.given} for p in c.authors]
    if c.editors:
        item["editor"] = [{"family": p.family, "given": p.given} for p in c.editors]
    for key, target in (
        ("edition", "edition"),
        ("volume", "volume"),
        ("place", "publisher-place"),
        ("publisher", "publisher"),
        ("language", "language"),
    ):
        if _field(c.bibl, key):
            item[target] = _field(c.bibl, key)
    year = _year(c)
    if year:
        item["issued"] = {"date-parts": [[year]]}
        if re.match(r"(c|ca|circa)\.?\s", _field(c.bibl, "date")):
            item["issued"]["circa"] = True  # an estimate (polizei472: "c. 1905")
    if c.page:
        first, last = page_range(c.page)
        item["page"] = first if first == last else f"{first}–{last}"
        item["page-first"] = first
    if c.url:
        item["URL"] = c.url
    item["accessed"] = {"date-parts": [[c.accessed.year, c.accessed.month, c.accessed.day]]}
    item["note"] = c.note
    return item


def csl_json(c: Citation) -> str:
    """The CSL-JSON item as a list of one, pretty-printed."""
    return json.dumps([csl_item(c)], ensure_ascii=False, indent=2)


def ris(c: Citation) -> str:
    """An RIS record (``CHAP``, ``ENCYC`` for an encyclopedia entry) with ``SP`` and ``EP``."""
    first, last = page_range(c.page)
    lines = [("TY", "ENCYC" if c.encyclopedia else "CHAP")]
    lines += [("AU", p.inverted) for p in c.authors]
    lines += [("A2", p.inverted) for p in c.editors]
    lines += [
        ("TI", c.title),
        ("T2", c.book),
        ("ET", _field(c.bibl, "edition")),
        ("VL", _field(c.bibl, "volume")),
        ("CY", _field(c.bibl, "place")),
        ("PB", _field(c.bibl, "publisher")),
        ("PY", str(_year(c) or "")),
        ("DA", _field(c.bibl, "date")),
        ("SP", first),
        ("EP", last),
        ("LA", _field(c.bibl, "language")),
        ("N1", c.note),
        ("UR", c.url),
        ("Y2", c.accessed.isoformat()),
    ]
    return "\n".join(f"{tag}  - {value}" for tag, value in lines if value) + "\nER  - "


def coins(c: Citation) -> str:
    """The ``title`` of a COinS span (OpenURL 1.0 KEV, book format, genre ``bookitem``)."""
    first, last = page_range(c.page)
    pairs: list[tuple[str, str]] = [
        ("ctx_ver", "Z39.88-2004"),
        ("rft_val_fmt", "info:ofi/fmt:kev:mtx:book"),
        ("rft.genre", "bookitem"),
        ("rft.atitle", c.title),
        ("rft.btitle", c.book),
    ]
    pairs += [("rft.au", p.inverted) for p in c.authors]
    pairs += [
        ("rft.edition", _field(c.bibl, "edition")),
        ("rft.place", _field(c.bibl, "place")),
        ("rft.pub", _field(c.bibl, "publisher")),
        ("rft.date", str(_year(c) or "")),
        ("rft.spage", first),
        ("rft.epage", last),
        ("rft_id", c.url or c.urn),
    ]
    return urlencode([(k, v) for k, v in pairs if v])


def page_meta(c: Citation) -> list[tuple[str, str]]:
    """Highwire Press ``citation_*`` meta tags of a chapter page (read by Zotero, Google
    Scholar): the chapter in its book, authors, editors, date, pages and, when there is
    one, the public URL; Dublin Core title and identifier (the URN)."""
    first, last = page_range(c.page)
    tags = [("citation_title", c.title), ("citation_inbook_title", c.book)]
    tags += [("citation_author", p.inverted) for p in c.authors]
    tags += [("citation_editor", p.inverted) for p in c.editors]
    tags += [
        ("citation_publication_date", _field(c.bibl, "date")),
        ("citation_publisher", _field(c.bibl, "publisher")),
        ("citation_volume", _field(c.bibl, "volume")),
        ("citation_firstpage", first),
        ("citation_lastpage", last),
        ("citation_language", _field(c.bibl, "language")),
        ("citation_public_url", c.url),
        ("DC.title", c.title),
        ("DC.identifier", c.urn),
    ]
    return [(name, value) for name, value in tags if value]
