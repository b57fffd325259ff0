"""The glossary of game terms: ``corpus/glossary.toml`` plus the places each term occurs."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from sitegen.inputs import ROOT, Edition
from sitegen.markup import esc, href, md_escape

__all__ = ["GLOSSARY", "Term", "glossary_page", "load_glossary", "occurrences"]

GLOSSARY = ROOT / "corpus" / "glossary.toml"
PAGE = "glossary.md"


@dataclass(frozen=True)
class Term:
    """A headword with the forms to look for, the games and an English gloss."""

    term: str
    forms: tuple[str, ...]
    diplomatic: tuple[str, ...]
    games: tuple[str, ...]
    gloss: str

    @property
    def anchor(self) -> str:
        """Fragment id of the term on the glossary page (``term-carte-blanche``)."""
        return "term-" + re.sub(r"\W+", "-", self.term.lower()).strip("-")


def load_glossary(path: Path = GLOSSARY) -> list[Term]:
    """Terms of the glossary file, sorted alphabetically (German collation light)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    terms = [
        Term(
            term=t["term"],
            forms=tuple(t.get("forms", [t["term"]])),
            diplomatic=tuple(t.get("diplomatic", ())),
            games=tuple(t.get("games", ())),
            gloss=t["gloss"],
        )
        for t in data.get("term", [])
    ]
    return sorted(terms, key=lambda t: t.term.casefold().translate(str.maketrans("äöüß", "aous")))


def occurrences(term: Term, edition: Edition) -> list[str]:
    """Ids of the encoded blocks whose reading text contains one of the term's forms."""
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, term.forms)) + r")(?!\w)")
    return [
        block.id
        for _doc, game in edition.games()
        for block in game.blocks()
        if pattern.search(block.text("reading"))
    ]


def glossary_page(edition: Edition, terms: list[Term]) -> str:
    """Markdown of the glossary page."""
    out = [
        "# Glossary of game terms",
        "",
        "The edition keeps the sources' own German terms. Each entry gives the forms as "
        "printed, the games that use the term, an English explanation and links to the "
        "encoded paragraphs where it occurs (reading text; long s resolved).",
        "",
    ]
    for term in terms:
        forms = ", ".join(dict.fromkeys((*term.forms, *term.diplomatic)))
        out.append(f"## {md_escape(term.term)} {{#{term.anchor} lang=de}}")
        out.append("")
        out.append('<div class="sw-term" markdown="0">')
        out.append(f'<p class="sw-term__forms">Forms: <span lang="de">{esc(forms)}</span>')
        if term.games:
            out.append(f" · Games: {esc(', '.join(term.games))}")
        out.append("</p>")
        out.append(f'<p class="sw-term__gloss">{esc(term.gloss)}</p>')
        found = occurrences(term, edition)
        if found:
            out.append('<ul class="sw-term__where">')
            for page, pids in groupby(found, key=lambda pid: edition.pages[pid]):
                ids = list(pids)
                game = ids[0].rsplit(".", 1)[0].split(".")[:2]
                links = ", ".join(
                    f'<a href="{esc(href(PAGE, page, pid))}" title="{esc(pid)}">'
                    f"{esc(pid.removeprefix('.'.join(game) + '.'))}</a>"
                    for pid in ids
                )
                out.append(f"<li>{esc(edition.titles.get(page, page))}: {links}</li>")
            out.append("</ul>")
        else:
            out.append('<p class="sw-term__where">Not yet found in the encoded texts.</p>')
        out.append("</div>")
        out.append("")
    return "\n".join(out)
