"""The glossary (`corpus/glossary.toml`) against the built reading text of every game.

Each term's forms must occur in the reading text of every game the term names, every
form must be used somewhere, and a game whose text contains a form must be named unless
the term's ``not_in`` gives it with the reason (a homograph). Diplomatic forms must occur in the
diplomatic layer. Headwords and forms are unique, every game of the registry has at
least three terms, and every gloss is short English prose.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from functools import cache
from typing import Any

import pytest

from rules.registry import games
from sitegen.glossary import GLOSSARY, load_glossary
from tei.layers import load_paragraphs
from tests.conftest import built

#: Frequent function words of English and of German, to tell the language of a gloss.
ENGLISH = frozenset(
    re.findall(
        r"\w+",
        "the a of and to is it by for with or that as on which one are be his its their who "
        "when from at this not but all than he they",
    )
)
GERMAN = frozenset(
    re.findall(
        r"\w+",
        "der die das und ist nicht ein eine wird werden den dem sich auch von mit zu auf im "
        "des man er sie es wenn so",
    )
)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z„'(])")

TERMS = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["term"]


def _pattern(forms: list[str]) -> re.Pattern[str]:
    """Whole-word, case-sensitive match of any form (as `sitegen.glossary.occurrences`)."""
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, forms)) + r")(?!\w)")


@cache
def _chapters() -> dict[str, tuple[tuple[str, str], ...]]:
    """Every game's paragraphs as (reading, diplomatic), line breaks of the print removed."""
    chapters = {}
    for name, game in games().items():
        paragraphs = load_paragraphs(built(f"tei/{game.siglum}.xml"))
        chapters[name] = tuple(
            (p.reading, re.sub(r"⸗\|", "", p.diplomatic).replace("|", " "))
            for pid, p in paragraphs.items()
            if pid.startswith(game.chapter + ".")
        )
        assert chapters[name], f"no paragraphs of {game.chapter} in the build"
    return chapters


def _games_using(forms: list[str], layer: int = 0) -> set[str]:
    """The games in one of whose paragraphs (reading 0, diplomatic 1) a form occurs."""
    pattern = _pattern(forms)
    return {g for g, ps in _chapters().items() if any(pattern.search(p[layer]) for p in ps)}


def _language(text: str) -> tuple[int, int]:
    """How many English and how many German function words ``text`` has."""
    words = re.findall(r"[^\W\d_]+", text.lower())
    return sum(w in ENGLISH for w in words), sum(w in GERMAN for w in words)


def _is_english(text: str) -> bool:
    """True for English prose: at least three English function words, twice the German."""
    english, german = _language(text)
    return english >= 3 and english > 2 * german


def test_every_game_has_three_terms() -> None:
    known = set(games())
    named = Counter(g for t in TERMS for g in t["games"])
    assert set(named) <= known, f"unknown games: {sorted(set(named) - known)}"
    few = {g: named[g] for g in known if named[g] < 3}
    assert not few, f"games with fewer than three terms: {few}"


def test_terms_are_complete_and_unique() -> None:
    assert len(TERMS) >= 60
    heads = Counter(t["term"].casefold() for t in TERMS)
    assert [h for h, n in heads.items() if n > 1] == []
    forms = Counter(f for t in TERMS for f in t["forms"])
    assert [f for f, n in forms.items() if n > 1] == [], "a form belongs to two terms"
    for t in TERMS:
        assert t["forms"] and t["games"], t["term"]
        assert len(set(t["games"])) == len(t["games"]), t["term"]
    loaded = load_glossary()
    assert len(loaded) == len(TERMS)
    assert len({t.anchor for t in loaded}) == len(loaded)


@pytest.mark.parametrize("term", TERMS, ids=[t["term"] for t in TERMS])
def test_forms_occur_in_every_named_game(term: dict[str, list[str]]) -> None:
    missing = set(term["games"]) - _games_using(term["forms"])
    assert not missing, f"{term['term']}: no form in the reading text of {sorted(missing)}"
    for form in term["forms"]:
        assert _games_using([form]) & set(term["games"]), f"{form!r} occurs in no named game"


@pytest.mark.parametrize("term", TERMS, ids=[t["term"] for t in TERMS])
def test_games_lists_name_every_game_using_the_term(term: dict[str, list[str]]) -> None:
    unnamed = _games_using(term["forms"]) - set(term["games"])
    excused = set(term.get("not_in", {}))
    assert unnamed == excused, (
        f"{term['term']}: used in {sorted(unnamed - excused)} without naming it; "
        f"stale homographs {sorted(excused - unnamed)}"
    )


@pytest.mark.parametrize("term", [t for t in TERMS if "not_in" in t], ids=lambda t: t["term"])
def test_not_in_names_other_games_with_a_reason(term: dict[str, Any]) -> None:
    not_in = term["not_in"]
    assert isinstance(not_in, dict) and not_in, term["term"]
    assert set(not_in) <= set(games()), f"{term['term']}: unknown games {sorted(not_in)}"
    assert not set(not_in) & set(term["games"]), f"{term['term']}: a game in both lists"
    for game, why in not_in.items():
        assert isinstance(why, str) and why.strip() == why and why, (term["term"], game)


def test_the_homographs_are_data() -> None:
    """The known homographs live in the glossary file, one reason each."""
    pairs = {(t["term"], g) for t in TERMS for g in t.get("not_in", {})}
    assert {("Auge", "watten"), ("Unter", "boston"), ("Rechter", "bieten")} <= pairs
    loaded = {t.term: dict(t.not_in) for t in load_glossary()}
    assert loaded["Auge"]["watten"] == "Augen 'eyes' (signals with the eyes)"


@pytest.mark.parametrize("term", [t for t in TERMS if "diplomatic" in t], ids=lambda t: t["term"])
def test_diplomatic_forms_occur_in_the_print(term: dict[str, list[str]]) -> None:
    reading = _pattern(term["forms"])
    for form in term["diplomatic"]:
        assert form not in term["forms"], f"{form!r} is a reading form"
        assert reading.search(form.replace("ſ", "s")), f"{form!r} is no print form of a form"
        assert _games_using([form], layer=1) & set(term["games"]), f"{form!r} not in the print"


@pytest.mark.parametrize("term", TERMS, ids=[t["term"] for t in TERMS])
def test_gloss_is_short_english(term: dict[str, str]) -> None:
    gloss = term["gloss"]
    assert gloss.strip() == gloss and gloss.endswith((".", ")")), term["term"]
    assert 1 <= len(SENTENCE_END.split(gloss)) <= 3, f"{term['term']}: more than 3 sentences"
    assert _is_english(gloss), f"{term['term']}: not English prose: {_language(gloss)}"


def test_language_check_rejects_the_sources_german() -> None:
    german = [r for ps in _chapters().values() for r, _d in ps if len(r) > 200]
    assert len(german) > 100
    assert not [r[:60] for r in german if _is_english(r)]
    assert _is_english("A trick: one card from each player, taken by the highest card.")
    assert not _is_english("Ein Stich, das sind die Karten, die in einer Runde gespielt werden.")
