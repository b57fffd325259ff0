"""The glossary of game terms: ``corpus/glossary.toml`` plus the places each term occurs."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from sitegen.inputs import ROOT, Edition
from sitegen.markup import href
from sitegen.templating import fragments, page

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
    html = fragments("fragments.html")
    entries = []
    for term in terms:
        forms = ", ".join(dict.fromkeys((*term.forms, *term.diplomatic)))
        places = []
        for page_path, pids in groupby(occurrences(term, edition), key=lambda p: edition.pages[p]):
            ids = list(pids)
            game = ".".join(ids[0].rsplit(".", 1)[0].split(".")[:2])
            links = [(href(PAGE, page_path, pid), pid, pid.removeprefix(game + ".")) for pid in ids]
            places.append((edition.titles.get(page_path, page_path), links))
        entries.append(
            {
                "name": term.term,
                "anchor": term.anchor,
                "html": html.term(forms, ", ".join(term.games), term.gloss, places),
            }
        )
    return page("glossary.md", terms=entries)
