"""Citations of one paragraph of the edition: plain text, BibTeX, CSL-JSON and RIS.

Every citation names the printed source (author, title, place, publisher, year), the
printed page, the paragraph's stable id and URN, the edition (``Stichwort edition``,
its version and the text layer cited), the permalink and the access date.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["Citation", "bibtex", "csl_json", "plain", "ris"]

EDITION = "Stichwort edition"


@dataclass(frozen=True)
class Citation:
    """What a citation of one paragraph needs."""

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
    def author(self) -> tuple[str, str]:
        """``(family, given)`` of a single personal author; ``("", "")`` otherwise.

        Names with roles or several people (``A (founder); B (editor)``) are not split:
        see :attr:`literal_author`.
        """
        name = str(self.bibl.get("author", "")).strip()
        if not name or any(ch in name for ch in ";()[]"):
            return "", ""
        if "," in name:
            family, given = (part.strip() for part in name.split(",", 1))
            return family, given
        given, _, family = name.rpartition(" ")
        return family, given

    @property
    def literal_author(self) -> str:
        """The author statement as given when it is not a single personal name."""
        name = str(self.bibl.get("author", "")).strip()
        return name if name and not self.author[0] else ""

    @property
    def edition_note(self) -> str:
        """``Stichwort edition 0.1.0, reading text``."""
        version = f" {self.version}" if self.version else ""
        return f"{EDITION}{version}, {self.layer}"

    @property
    def locator(self) -> str:
        """``¶ id (URN)``."""
        return f"¶ {self.paragraph}" + (f" ({self.urn})" if self.urn else "")


def _field(bibl: dict[str, Any], key: str) -> str:
    return str(bibl.get(key, "")).strip()


def plain(c: Citation) -> str:
    """A human-readable citation (author, title, imprint, page, paragraph, edition, URL)."""
    family, given = c.author
    who = f"{given} {family}".strip() or c.literal_author
    imprint = ", ".join(
        x
        for x in (
            _field(c.bibl, "edition"),
            ": ".join(x for x in (_field(c.bibl, "place"), _field(c.bibl, "publisher")) if x),
            _field(c.bibl, "date"),
        )
        if x
    )
    parts = [who, _field(c.bibl, "title"), imprint]
    if c.page:
        parts.append(f"p. {c.page}")
    parts.append(c.locator)
    head = ", ".join(p for p in parts if p)
    return f"{head}. {c.edition_note}, {c.url} (accessed {c.accessed.isoformat()})."


_BIBTEX_SPECIAL = re.compile(r"([&%$#_{}])")


def _bib(text: str) -> str:
    return _BIBTEX_SPECIAL.sub(r"\\\1", text)


def bibtex_key(c: Citation) -> str:
    """A BibTeX key made of the paragraph id (``engelmann1798_piquet_p3``)."""
    return re.sub(r"[^A-Za-z0-9]+", "_", c.paragraph).strip("_")


def bibtex(c: Citation) -> str:
    """A biblatex ``@inbook`` entry; the paragraph id and URN go into ``note``."""
    family, given = c.author
    fields = [
        ("author", _bib(f"{family}, {given}") if family else _bib(c.literal_author)),
        ("title", _field(c.bibl, "title")),
        ("chapter", c.chapter),
        ("edition", _field(c.bibl, "edition")),
        ("address", _field(c.bibl, "place")),
        ("publisher", _field(c.bibl, "publisher")),
        ("year", _field(c.bibl, "date")),
        ("pages", c.page.replace("–", "--")),
        ("note", f"{c.locator}; {c.edition_note}"),
        ("url", c.url),
        ("urldate", c.accessed.isoformat()),
    ]
    if c.literal_author:  # braces keep a corporate or composite name from being parsed
        fields[0] = ("author", "{" + fields[0][1] + "}")
    body = ",\n".join(
        f"  {name} = {{{value if name in ('url', 'author') else _bib(value)}}}"
        for name, value in fields
        if value
    )
    return f"@inbook{{{bibtex_key(c)},\n{body}\n}}"


def csl_json(c: Citation) -> str:
    """A CSL-JSON item (a list of one), pretty-printed."""
    family, given = c.author
    item: dict[str, Any] = {
        "id": c.paragraph,
        "type": "entry-encyclopedia" if c.bibl.get("type") == "encyclopedia" else "book",
        "title": _field(c.bibl, "title"),
    }
    if family:
        item["author"] = [{"family": family, "given": given}]
    elif c.literal_author:
        item["author"] = [{"literal": c.literal_author}]
    if c.chapter:
        item["section"] = c.chapter
    for key, target in (
        ("edition", "edition"),
        ("place", "publisher-place"),
        ("publisher", "publisher"),
    ):
        if _field(c.bibl, key):
            item[target] = _field(c.bibl, key)
    year = re.search(r"\d{4}", _field(c.bibl, "date"))
    if year:
        item["issued"] = {"date-parts": [[int(year.group())]]}
    if c.page:
        item["page"] = c.page
    item["URL"] = c.url
    item["accessed"] = {"date-parts": [[c.accessed.year, c.accessed.month, c.accessed.day]]}
    item["note"] = f"{c.locator}; {c.edition_note}"
    if c.urn:
        item["URN"] = c.urn
    return json.dumps([item], ensure_ascii=False, indent=2)


def ris(c: Citation) -> str:
    """An RIS record (for EndNote, Citavi, Zotero); the paragraph id and URN go into N1."""
    family, given = c.author
    lines = [("TY", "CHAP" if c.chapter else "BOOK")]
    if family or c.literal_author:
        lines.append(("AU", f"{family}, {given}" if family else c.literal_author))
    lines += [
        ("T1" if not c.chapter else "TI", c.chapter or _field(c.bibl, "title")),
        *([("BT", _field(c.bibl, "title"))] if c.chapter else []),
        ("ET", _field(c.bibl, "edition")),
        ("CY", _field(c.bibl, "place")),
        ("PB", _field(c.bibl, "publisher")),
        ("PY", _field(c.bibl, "date")),
        ("SP", c.page),
        ("N1", f"{c.locator}; {c.edition_note}"),
        ("UR", c.url),
        ("Y2", c.accessed.isoformat()),
    ]
    return "\n".join(f"{tag}  - {value}" for tag, value in lines if value) + "\nER  - "
