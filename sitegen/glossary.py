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

__all__ = ["GLOSSARY", "Term", "game_sections", "glossary_page", "load_glossary", "occurrences"]

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
    not_in: tuple[tuple[str, str], ...] = ()
    """(game, why): games whose chapter uses a form in another sense (not linked)."""

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
            not_in=tuple(sorted(t.get("not_in", {}).items())),
        )
        for t in data.get("term", [])
    ]
    return sorted(terms, key=lambda t: t.term.casefold().translate(str.maketrans("äöüß", "aous")))


def game_sections(edition: Edition) -> dict[str, tuple[str, ...]]:
    """Game name -> TEI ids of the text sections that are its: the chapter its model plays
    (``engelmann1798.piquet``) and every section outside all chapters with a paragraph one
    of its rules cites (Perlaggen's appendix of laws, ``schwaighofer1927.anhang1890``)."""
    from rules.registry import games

    chapters = {name: game.chapter for name, game in games().items()}
    chapters.update({name: model.chapter for name, model in edition.models.items()})
    section_of = {block.id: game.id for _doc, game in edition.games() for block in game.blocks()}
    sections: dict[str, list[str]] = {name: [chapter] for name, chapter in chapters.items()}
    for rule in edition.rules:
        for pid in rule.paragraphs:
            section = section_of.get(pid, "")
            mine = sections.setdefault(rule.game, [])
            if section and section not in mine and section not in chapters.values():
                mine.append(section)
    return {name: tuple(ids) for name, ids in sections.items()}


def occurrences(term: Term, edition: Edition) -> list[str]:
    """Ids of the encoded blocks, in the text sections of the term's games, whose reading
    text contains one of the term's forms. A form elsewhere is not the term: it may be an
    ordinary word there (``Augen`` 'eyes' in Watten, listed in ``not_in``)."""
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, term.forms)) + r")(?!\w)")
    sections = game_sections(edition)
    prefixes = tuple(f"{s}." for g in term.games for s in sections.get(g, ()))
    return [
        block.id
        for _doc, game in edition.games()
        for block in game.blocks()
        if block.id.startswith(prefixes) and pattern.search(block.text("reading"))
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
                "html": html.term(forms, ", ".join(term.games), term.gloss, places, term.not_in),
            }
        )
    return page("glossary.md", terms=entries)
