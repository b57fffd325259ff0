"""Spelling folding for the site search: one key per word, the same at index and query time.

Two steps, both written as data so that ``assets/search.js`` applies the very same rules
to a query (the index carries them, see :func:`rules_json`):

1. **Folding** (:func:`fold`), unconditional: lower case; every combining mark dropped
   after canonical decomposition (``ä`` -> ``a``, the superscript e of ``aͤ`` -> ``a``,
   ``é`` -> ``e``); then the regular expressions of :data:`FOLD_RULES` (``ſ`` -> ``s``,
   ``ß`` -> ``ss``, the umlaut spellings ``ae oe ue`` -> ``a o u``). So ``daß``, ``dass``
   and ``DASS`` share the key ``dass``; ``Trümpfe``, ``Truempfe`` and ``Trumpfe`` share
   ``trumpfe``.
2. **Modernising** (:func:`modernise`), historical spelling to modern spelling by the
   rules of :data:`MODERN_RULES` (``seyn`` -> ``sein``, ``Theil`` -> ``Teil``,
   ``giebt`` -> ``gibt``, ``Verhältniß`` -> ``Verhältnis`` ...), accepted only when the
   modern form is a known word: at index time a word of the German lexicon of the repair
   engine (:mod:`normalise.lexicon`), at query time a word of the index.

A word of the text is indexed under its folded key and, when a modern form is accepted,
under the folded key of that form too: ``sein`` then finds ``seyn``, and ``seyn`` still
finds only ``seyn`` and whatever the query rules accept.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from tei.normal import deterministic

__all__ = [
    "FOLD_RULES",
    "MODERN_RULES",
    "Rule",
    "fold",
    "modern_forms",
    "modernise",
    "rules_json",
    "words",
]


@dataclass(frozen=True)
class Rule:
    """A regular-expression replacement with its documentation.

    ``pattern`` uses only syntax that Python's ``re`` and JavaScript's ``RegExp`` (flags
    ``gu``) read alike: classes, anchors and fixed-width look-arounds; ``replacement``
    is literal text.
    """

    pattern: str
    replacement: str
    what: str
    examples: tuple[tuple[str, str], ...]

    def apply(self, word: str) -> str:
        """``word`` with every match replaced."""
        return re.sub(self.pattern, self.replacement, word)


FOLD_RULES: tuple[Rule, ...] = (
    Rule("ſ", "s", "long s is s", (("ſeyn", "seyn"),)),
    Rule("ß", "ss", "sharp s is ss (so daß and dass meet)", (("daß", "dass"), ("Aß", "ass"))),
    Rule(
        "(?<![qaeiouy])ae",
        "a",
        "ae as a transcribed ä is a (not in aue, eae ...)",
        (("Aepfel", "apfel"),),
    ),
    Rule("(?<![qaeiouy])oe", "o", "oe as a transcribed ö is o", (("Koenig", "konig"),)),
    Rule(
        "(?<![qaeiouy])ue",
        "u",
        "ue as a transcribed ü is u (not after q or a vowel: Quelle, neue, Bauer)",
        (("Truempfe", "trumpfe"), ("Uebrigens", "ubrigens")),
    ),
)
"""Applied in this order after lower-casing and dropping combining marks."""

MODERN_RULES: tuple[Rule, ...] = (
    Rule("ey", "ei", "ey is ei", (("seyn", "sein"), ("bey", "bei"), ("zwey", "zwei"))),
    Rule("ay", "ai", "ay is ai", (("Mayland", "mailand"),)),
    Rule(
        "th",
        "t",
        "th is t in German words",
        (("Theil", "teil"), ("Vortheil", "vorteil"), ("Parthie", "partie"), ("thun", "tun")),
    ),
    Rule("gieb(?=s?t)", "gib", "giebt, giebst are gibt, gibst", (("giebt", "gibt"),)),
    Rule("niß$", "nis", "final -niß is -nis", (("Verhältniß", "verhältnis"),)),
    Rule("(?<!e)iren$", "ieren", "verbs in -iren are -ieren", (("passiren", "passieren"),)),
    Rule(
        "(?<!e)ir(?=(t|te|ten|tem|ter|tes|st|e|end|ende|enden)$)",
        "ier",
        "their forms in -irt, -irte, -irst ... are -iert, -ierte, -ierst",
        (("annoncirt", "annonciert"),),
    ),
    Rule("^hülf", "hilf", "hülf- is hilf-", (("Hülfe", "hilfe"),)),
    Rule("^loos", "los", "Loos is Los", (("Loos", "los"),)),
    Rule("(?<![aeious])c(?=[aou])", "k", "c before a, o, u is k", (("Cartenspiel", "kartenspiel"),)),
)
"""Historical -> modern spelling, each rule tried alone and all of them together."""

_MARKS = re.compile("[\u0300-\u036f]")
_WORD = re.compile(r"(?:[^\W_]|[\u0300-\u036f])+")
_LINE_BREAK = re.compile(r"[⸗\-¬=]?\|\s*")


def fold(text: str) -> str:
    """Lower case, combining marks dropped, then :data:`FOLD_RULES` (works on whole texts)."""
    text = _MARKS.sub("", unicodedata.normalize("NFD", text.lower()))
    for rule in FOLD_RULES:
        text = rule.apply(text)
    return text


def words(text: str) -> Iterator[str]:
    """The words of a text as printed: letters and digits, a line break of the diplomatic
    layer (``wel⸗|chem``) joined."""
    yield from _WORD.findall(_LINE_BREAK.sub("", unicodedata.normalize("NFC", text)))


def modern_forms(word: str) -> list[str]:
    """Candidate modern spellings of a lower-cased word: all rules together, then each
    rule alone (only those that change it; no duplicates)."""
    low = deterministic(word).lower()
    together = low
    for rule in MODERN_RULES:
        together = rule.apply(together)
    candidates = [together, *(rule.apply(low) for rule in MODERN_RULES)]
    return [c for c in dict.fromkeys(candidates) if c != low]


def modernise(word: str, known: Callable[[str], bool]) -> str | None:
    """The first modern spelling of ``word`` that ``known`` accepts, else ``None``."""
    for candidate in modern_forms(word):
        if known(candidate):
            return candidate
    return None


def rules_json() -> dict[str, list[list[str]]]:
    """Both rule lists as ``[pattern, replacement]`` pairs, for the script of the site."""
    return {
        "fold": [[r.pattern, r.replacement] for r in FOLD_RULES],
        "modern": [[r.pattern, r.replacement] for r in MODERN_RULES],
    }
