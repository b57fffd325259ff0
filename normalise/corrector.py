"""Word-level noisy-channel correction: P(word) from lexicon and document, P(OCR | word)
from :mod:`normalise.channel`; the posterior of the best reading is its confidence.

Only tokens the lexicon does not list as a form (unknown, damaged, or known only as a
compound of two forms) are open to every confusion, and to an open channel: they may
be read as a frequent word up to two edits of any kind away, each edit the tables do
not have at :data:`ANY_EDIT_COST` per letter. A known word may only turn out to be a
long-s misreading (``fein`` for ``sein``), and only where the document shows that
misreading to be frequent (the local rate the engine passes in).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import regex

from normalise.channel import (
    CH_BEFORE_SIGN,
    LETTER_SIGNS,
    REAL_WORD_LONG_S,
    WILDCARD,
    Table,
    changed_letters,
    readings,
    table,
    touches,
    variants,
)
from normalise.lexicon import Lexicon, word_prefixes
from normalise.neighbours import near_edits, old_spelling

DOC_WEIGHT = 1e4  # one clean occurrence in the document is worth a Zipf-4 word
DOC_WEIGHT_UNKNOWN = 1e3  # each further occurrence of a word no lexicon knows
# ... of one in lower case that is no old spelling of a frequent form: names are
# capitalised, so such a word is more likely a misreading the OCR repeats (``dadurd``)
DOC_WEIGHT_UNKNOWN_LOWER = 3e2
UNKNOWN_ZIPF = 1.0  # prior of a word no lexicon knows (names, rare compounds, old forms)
UNDICTIONARIED_PENALTY = 1.0  # wordfreq-only forms (loan words, OCR junk) count less
QUOTE_COST = -0.3
REAL_WORD_MIN_RATE = 0.02  # below this local long-s misreading rate known words are trusted
_UMLAUT = {"a": "ä", "o": "ö", "u": "ü"}  # a print may leave the umlaut out
HALF_INTACT = 5  # letters of the intact word in a token that is half a word
HALF_DOUBT = 0.6  # log10: how much less likely such a token is itself (a damaged compound)
PART_MIN = 4  # a compound is read by its parts when both are dictionary words this long
COMPOUND_MIN_COST = -2.0  # costlier readings may not be compounds (they could not win)
DOC_PART_MIN = 3  # uses that make a word of the document a compound's part (Perlagger)
CONSENSUS_RATIO = 2  # a word this many times as frequent in the document explains a token
CONSENSUS_MIN = 5  # ... if the document uses it this often at least
CONSENSUS_TAIL = 2  # ... and the two end alike in this many letters (not an inflection)
FREQUENT_WORDS = "\x00frequent"  # a dependency: which words reach CONSENSUS_MIN
ANY_EDIT_COST = -4.5  # log10 per letter of a stretch no confusion table has
ANY_EDIT_MIN = 5  # shorter tokens have too many words within an edit or two
COMPOUND_COST = 1.5  # log10: a compound is less likely than its rarer part (as the lexicon's)
_CONSONANTS = frozenset("bcdfghjklmnpqrstvwxzß")
_UNSEEN = object()  # a memo's answer for a key it does not hold yet
_SIGNS = regex.compile(f"[{regex.escape(LETTER_SIGNS)}]")
_REAL_WORD_SUSPECT = regex.compile(
    "[" + "".join(REAL_WORD_LONG_S) + "".join(REAL_WORD_LONG_S).upper() + "]."
)


# (text, cost, long-s edits) of lexicon readings, (text, lower-cased, cost, long-s
# edits) of the readings only the document can make eligible, those lower-cased,
# (text, cost, 0) of the readings by edits of any kind (Corrector._any_edit_readings),
# and every reading lower-cased (the words whose counts they weigh)
Readings = tuple[
    list[tuple[str, float, int]],
    list[tuple[str, str, float, int]],
    frozenset[str],
    list[tuple[str, float, int]],
    frozenset[str],
]


@dataclass(frozen=True, slots=True)
class Choice:
    """The reading chosen for a token, its posterior probability and why."""

    text: str
    confidence: float
    evidence: str


def long_cost(long_rate: float) -> float:
    """log10 of a local long-s misreading rate, kept within [1e-4, 0.95]: the cost of
    one long-s edit there."""
    return math.log10(min(max(long_rate, 1e-4), 0.95))


def rate_bucket(long_rate: float) -> int:
    """The quarter decade of a local long-s rate (decisions are cached by it)."""
    return round(long_cost(long_rate) * 4)


@lru_cache(maxsize=4096)  # rates are ratios of small counts: few distinct values
def rate_class(long_rate: float) -> tuple[bool, int]:
    """All that :meth:`Corrector.correct_cached` reads of a local long-s rate: is it
    below :data:`REAL_WORD_MIN_RATE`, and its quarter decade."""
    return long_rate < REAL_WORD_MIN_RATE, rate_bucket(long_rate)


class Changes:
    """Which keys of a table changed at each replacement of it: what was worked out from
    the table at one version still holds while none of the keys it read changed."""

    def __init__(self) -> None:
        self._log: list[set[str]] = []

    def record(
        self, old: Mapping[Any, int], new: Mapping[Any, int], key: Callable[[Any], str] = str
    ) -> None:
        """Note a replacement of ``old`` by ``new``: the ``key`` of every entry that differs."""
        self._log.append({key(k) for k in old.keys() | new.keys() if old.get(k) != new.get(k)})

    def mark(self, key: str) -> None:
        """Note that ``key`` changed too at the last replacement."""
        self._log[-1].add(key)

    @property
    def version(self) -> int:
        """How many replacements have been noted."""
        return len(self._log)

    def unchanged(self, keys: AbstractSet[str], since: int) -> bool:
        """Has none of ``keys`` changed since version ``since``?"""
        return all(keys.isdisjoint(c) for c in self._log[since:])


class Corrector:
    """Scores readings of tokens against the lexicon and the document's own words."""

    def __init__(
        self, lexicon: Lexicon, document: Counter[str], confusions: Table | None = None
    ) -> None:
        self.lexicon = lexicon
        self.confusions = confusions or table()
        # what depends on the lexicon alone is remembered for every corrector of the process
        memo = lexicon.memo
        self._zipf: dict[str, float | None] = memo("zipf")
        # token -> long-s evidence, 2 * error + ok (engine._long_s_rates)
        self.evidence_cache: dict[str, int] = memo("long-s evidence")
        self._trusted: dict[str, bool] = memo("trusted")
        self.whole_words: dict[str, bool] = memo("whole words")  # a dictionary word, 2+ letters
        # token -> where OCR lost a space in it and by which rule (engine._joins)
        self.lost_spaces: dict[str, tuple[int, str] | None] = memo("lost spaces")
        self._half: dict[str, bool] = memo("half words")
        self._part_stems: dict[tuple[str, bool], str | None] = memo("part stems")
        self._repeat_weights: dict[str, float] = memo("repeat weights")
        self.changes = Changes()  # which words' counts each new document changed
        self._decisions: dict[tuple[str, int], tuple[Choice | None, set[str], int]] = {}
        # readings of a token open only to long s (they do not depend on the table); those
        # of a token open to every confusion, of a part of a token, its compound reach and
        # its open-channel readings are kept with the table (Table.memo_for)
        self._known_readings: dict[str, Readings] = memo("known readings")
        # token -> the words whose counts its document-only readings weighed
        self._document_deps: dict[str, set[str]] = {}
        self._frequent_prefixes: frozenset[str] | None = None
        self.document = document

    def with_confusions(self, confusions: Table) -> Corrector:
        """A corrector for the same document with other confusions: it keeps what does
        not depend on them (the readings and current decisions of known words, which only
        long s makes, and of unknown words that no changed confusion applies to; what
        depends on the lexicon alone is the lexicon's
        :meth:`~normalise.lexicon.Lexicon.memo`) and decides the others afresh."""
        other = Corrector(self.lexicon, self.document, confusions)
        version = self.changes.version
        changed = changed_letters(self.confusions.added, confusions.added)
        other._decisions = {  # current at this corrector's version: its version 0
            key: (choice, deps, 0)
            for key, (choice, deps, seen) in self._decisions.items()
            if (not self._open(key[0]) or not touches(key[0], changed))
            and (seen == version or self.changes.unchanged(deps, seen))
        }
        return other

    @property
    def document(self) -> Counter[str]:
        """Counts of the document's own (trusted) words, lower-cased."""
        return self._document

    @document.setter
    def document(self, counts: Counter[str]) -> None:
        old = getattr(self, "_document", None)
        self._repeated = {w for w, n in counts.items() if n >= 2}  # may replace a token
        self._doc_parts = {w for w in self._repeated if counts[w] >= DOC_PART_MIN}
        frequent = frozenset(w for w in self._doc_parts if counts[w] >= CONSENSUS_MIN)
        new_frequent = frequent != getattr(self, "_frequent", None)
        if old is not None:
            self.changes.record(old, counts)
            if new_frequent:
                self.changes.mark(FREQUENT_WORDS)
        self._document = counts
        if new_frequent:
            self._frequent = frequent
            self._frequent_prefixes = None
            self._consensus: dict[str, list[tuple[str, float, int]]] = {}

    def weighed(self, token: str) -> set[str]:
        """The words (lower-cased) whose document counts the readings of ``token`` read:
        itself and every reading offered (call after :meth:`readings` or :meth:`correct`)."""
        out = {token.lower()}
        for open_all in (False, True):
            found = self._readings_memo(token, open_all).get(token)
            if found is not None:
                out |= found[4]
        out.update(self._document_deps.get(token, ()))
        return out

    def correct_cached(self, token: str, long_rate: float) -> Choice | None:
        """:meth:`correct` with the rate rounded to a quarter decade, remembered across
        rounds and passes until the document's counts of a word it weighed change."""
        low_rate, bucket = rate_class(long_rate)
        if (low_rate or not _REAL_WORD_SUSPECT.search(token)) and not self._open(token):
            return None
        key = (token, bucket)
        entry = self._decisions.get(key)
        version = self.changes.version
        if entry is not None:
            choice, deps, seen = entry
            if seen == version or self.changes.unchanged(deps, seen):
                self._decisions[key] = (choice, deps, version)
                return choice
        choice = self.correct(token, 10.0 ** (bucket / 4))
        deps = {_core(token).lower()}
        for core in (token, token[1:], token[:-1], token[1:-1]):
            deps |= self.weighed(core)
        self._decisions[key] = (choice, deps, version)
        return choice

    def zipf(self, word: str) -> float | None:
        """Zipf of a form (or compound) in the lexicon, ``None`` if unknown."""
        found = self._zipf.get(word, _UNSEEN)  # kept by the form as written and lower-cased
        if found is not _UNSEEN:
            return found  # type: ignore[return-value]
        low = word.lower()
        if low in self._zipf:
            value = self._zipf[low]
        else:
            value = self.lexicon.zipf(low)
            if value is not None and low in self.lexicon.undictionaried:
                value -= UNDICTIONARIED_PENALTY
            self._zipf[low] = value
        self._zipf[word] = value
        return value

    def known(self, word: str) -> bool:
        """A lexicon form or compound, or a word the document uses more than once."""
        if WILDCARD in word:
            return any(self.known(v.text) for v in variants(word, 0, 0, 64))
        return self.zipf(word) is not None or self.document.get(word.lower(), 0) >= 2

    def candidate(self, word: str) -> bool:
        """May ``word`` replace a token? Dictionary forms, compounds, the document's words."""
        return self.document.get(word.lower(), 0) >= 2 or self.lexical(word)

    def lexical(self, word: str) -> bool:
        """A dictionary form or a compound of dictionary forms (not a wordfreq-only form)."""
        low = word.lower()
        return self.zipf(low) is not None and low not in self.lexicon.undictionaried

    def _guess_fill(self, token: str) -> Choice | None:
        """No reading is a word: fill each U+FFFD by the letters around it in the lexicon."""
        stats = self.lexicon.fill_bigrams()
        out = []
        confidence = 1.0
        for i, ch in enumerate(token):
            if ch != WILDCARD:
                out.append(ch)
                continue
            if i == 0 and token[1:2].isupper():
                out.append("„")  # before a capital: an opening quotation mark
                continue
            if i + 1 == len(token) and token[i - 1 : i] in ("!", "?"):
                out.append("“")  # after an exclamation or a question: a quotation mark
                continue
            if i + 2 == len(token) and token[-1] == "n" and token[i - 1 : i] in _CONSONANTS:
                out.append("’")  # an e left out, as dialect is printed ("hob\ufffdn": hob’n)
                continue
            prev = token[i - 1].lower() if i else "^"
            nxt = token[i + 1].lower() if i + 1 < len(token) else "$"
            scores = {f: (stats.get(prev + f, 0) + 1) * (stats.get(f + nxt, 0) + 1) for f in "äöüß"}
            best = max(scores, key=scores.__getitem__)
            confidence *= scores[best] / sum(scores.values())
            out.append(best.upper() if i == 0 and best != "ß" and token[1:2].isupper() else best)
        text = "".join(out)
        if WILDCARD in text or text == token:
            return None
        return Choice(text, round(confidence, 3), f"letters around U+FFFD: {token!r} -> {text!r}")

    def real_word(self, word: str) -> bool:
        """May ``word`` replace a known word? Only a dictionary form, never a compound."""
        low = word.lower()
        return low in self.lexicon.table and low not in self.lexicon.undictionaried

    def prior(self, word: str, itself: int = 0) -> float:
        """log10 prior of a word form; ``itself`` occurrences are the token being judged."""
        count = max(0, self.document.get(word.lower(), 0) - itself)
        z = self.zipf(word)
        if z is None:
            return math.log10(10.0**UNKNOWN_ZIPF + self._repeat_weight(word) * count)
        return math.log10(10.0**z + DOC_WEIGHT * count)

    def _repeat_weight(self, word: str) -> float:
        """What each further use in the document adds to the prior of ``word``, which no
        lexicon knows: :data:`DOC_WEIGHT_UNKNOWN_LOWER` for a word in lower case that is
        no old spelling (``stehn``, ``trift``), else :data:`DOC_WEIGHT_UNKNOWN`
        (remembered)."""
        found = self._repeat_weights.get(word)
        if found is None:
            lower = word[:1].islower() and not old_spelling(word, self.lexicon.neighbours)
            found = DOC_WEIGHT_UNKNOWN_LOWER if lower else DOC_WEIGHT_UNKNOWN
            self._repeat_weights[word] = found
        return found

    def _readings_memo(self, token: str, open_all: bool) -> dict[str, Readings]:
        """Where the readings of ``token`` are kept: those of a token open only to long s
        depend on the lexicon alone, the others on the table too."""
        if open_all:
            return self.confusions.memo_for("readings", token)
        return self._known_readings

    def _readings(self, token: str, open_all: bool) -> Readings:
        """Readings of ``token`` that begin a lexicon word, split in two lists:
        (text, cost, long-s edits) of those the lexicon allows as replacements, and
        (text, lower-cased, cost, long-s edits) of the rest, which only the document's
        own use can make eligible; and the set of the latter lower-cased. Depends on
        the token alone, so it is cached. A token known only as a compound is read only
        as a dictionary form (``Fischfanges`` is no ``Fischsanges``).
        """
        memo = self._readings_memo(token, open_all)
        cached = memo.get(token)
        if cached is None:
            forms_only = open_all and self._compound_only(token)
            max_other = 0 if not open_all else (1 if len(token) >= 9 else 2)
            found = readings(
                token,
                max_other,
                6,
                2500,
                self.lexicon.prefixes,
                real_word=not open_all,
                confusions=self.confusions,
            )
            if open_all and not forms_only:
                found = itertools.chain(found, self._split_readings(token, max_other))
            static: list[tuple[str, float, int]] = []
            dynamic: list[tuple[str, str, float, int]] = []
            forms, undictionaried = self.lexicon.table, self.lexicon.undictionaried
            for text, cost, n_long in found:
                if text == token:
                    continue
                low = text.lower()
                if (low in forms and low not in undictionaried) or (
                    open_all and not forms_only and cost >= COMPOUND_MIN_COST and self.lexical(text)
                ):
                    static.append((text, cost, n_long))
                elif open_all and not forms_only:
                    dynamic.append((text, low, cost, n_long))
            any_edit = self._any_edit_readings(token) if open_all else []
            lows = frozenset(low for _, low, _, _ in dynamic)
            read = lows.union(
                [t.lower() for t, _, _ in static], [t.lower() for t, _, _ in any_edit]
            )
            cached = (static, dynamic, lows, any_edit, read)
            memo[token] = cached
        return cached

    def _any_edit_readings(self, token: str) -> list[tuple[str, float, int]]:
        """Frequent dictionary forms within two edits of any kind of ``token``
        (:func:`normalise.neighbours.near_edits`), in the token's case: one stretch of
        edits (``marhen`` -> ``machen``) or two (``Pcrtuer`` -> ``Partner``). A stretch
        the tables have costs what they say, any other :data:`ANY_EDIT_COST` per letter of
        its longer side; a letter inserted or dropped takes the one before it along, so it
        costs two. No such stretch changes a capital (``Tteht``: no ``Steht``); the tables
        may. None for an old spelling of a frequent form (``stehn``). Depends on the
        lexicon and the tables alone, so it is remembered."""
        memo = self.confusions.memo_for("any edits", token)
        found = memo.get(token)
        if found is not None:
            return found
        found = []
        neighbours = self.lexicon.neighbours
        if (
            (token[:1] + _SIGNS.sub("", token[1:-1]) + token[-1:]).isalpha()
            and len(token) >= ANY_EDIT_MIN
            and not old_spelling(token, neighbours)  # an old form, not damage
        ):
            title = token[0].isupper()
            for word, parts in near_edits(token, neighbours):
                cost, n_long, n_open = 0.0, 0, 0
                for where, seen, meant in parts:
                    known = self.confusions.stretch(seen, meant)
                    if known is not None:
                        cost, n_long = cost + known[0], n_long + known[1]
                    elif title and where == 0 and seen[0] != meant[0]:
                        break  # capitals are read by the tables only
                    else:
                        cost, n_open = cost + ANY_EDIT_COST * max(len(seen), len(meant)), n_open + 1
                else:
                    if n_open or len(parts) > 1:  # else the tables' own readings have it
                        text = word[:1].upper() + word[1:] if title else word
                        found.append((text, cost, n_long))
        memo[token] = found
        return found

    def _split_readings(self, token: str, max_other: int) -> list[tuple[str, float, int]]:
        """Readings of a compound of two dictionary words, one of them intact: the other
        part is read alone, as a word (``Brufthöhe`` -> ``Brusthöhe``). Read whole, such
        a compound is lost when its first letters begin no word (``brusth``). The part
        read may have lost a letter to the encoding (``H\ufffdhengrad`` -> ``Höhengrad``)."""
        low = token.lower()
        if len(token) < 7 or not low.replace(WILDCARD, "").isalpha():
            return []
        out: list[tuple[str, float, int]] = []
        for i in range(3, len(token) - 3):
            if self._part(low[i:], right=True):
                for text, cost, n_long in self._part_readings(token[:i], max_other):
                    if self._part(text.lower(), right=False):
                        out.append((text + token[i:], cost, n_long))
            if self._part(low[:i], right=False):
                for text, cost, n_long in self._part_readings(token[i:], max_other):
                    if self._part(text.lower(), right=True):
                        out.append((token[:i] + text, cost, n_long))
        return out

    def _half_word(self, token: str) -> bool:
        """Is ``token`` a dictionary word of :data:`HALF_INTACT` letters or more and a rest
        of :data:`PART_MIN` or more that is no word (``Bildhauer`` and ``funst``)? Such a
        token is rather a damaged compound than a word no lexicon lists (remembered)."""
        found = self._half.get(token)
        if found is None:
            low = token.lower()
            found = self._half[token] = low.isalpha() and any(
                self._intact_and_rest(low[i:], low[:i], right=True)
                or self._intact_and_rest(low[:i], low[i:], right=False)
                for i in range(PART_MIN, len(low) - PART_MIN + 1)
            )
        return found

    def _intact_and_rest(self, intact: str, rest: str, right: bool) -> bool:
        """Is ``intact`` a compound's part (its end if ``right``) of :data:`HALF_INTACT`
        letters or more, and ``rest`` no word?"""
        return len(intact) >= HALF_INTACT and self._part(intact, right) and self._no_word(rest)

    def _no_word(self, low: str) -> bool:
        """Is ``low`` no form or compound of the lexicon, even with an umlaut the print
        may leave out (``funf`` for ``fünf``)?"""
        zipf = self.lexicon.zipf
        return zipf(low) is None and not any(
            zipf(low[:k] + _UMLAUT[c] + low[k + 1 :]) is not None
            for k, c in enumerate(low)
            if c in _UMLAUT
        )

    def _part(self, low: str, right: bool) -> bool:
        """Is ``low`` a dictionary word of :data:`PART_MIN` letters or more that can end
        a compound (``right``) or begin one (with a linking element or none)?"""
        return self._part_stem(low, right) is not None

    def _part_stem(self, low: str, right: bool) -> str | None:
        """The dictionary word ``low`` stands for as a compound's part (:meth:`_part`):
        itself at the end, its stem without a linking element at the start; ``None`` if
        it cannot be such a part (remembered)."""
        key = (low, right)
        try:
            return self._part_stems[key]
        except KeyError:
            pass
        lexicon = self.lexicon
        stem: str | None = low if right else lexicon.compound_left(low)
        if not (
            stem
            and len(stem) >= PART_MIN
            and lexicon.in_dictionary(stem)
            and (not right or lexicon.compound_right(low))
        ):
            stem = None
        self._part_stems[key] = stem
        return stem

    def _document_compounds(
        self, token: str, max_other: int
    ) -> tuple[float | None, list[tuple[str, float, int]]]:
        """Compounds with a part only the document knows, a word it uses
        :data:`DOC_PART_MIN` times or more that no dictionary gives for that place
        (``Perlagger``, ``siebener``): the prior of ``token`` itself if it is such a
        compound (``Perlaggerregeln``), else ``None``; and the readings of such
        compounds with one part intact and the other read alone, scored by prior plus
        channel cost (``Perlaggerkongreh`` -> ``Perlaggerkongreß``, ``Eicheljiebener``
        -> ``Eichelsiebener``). The words whose counts decided are remembered in
        :attr:`_document_deps`."""
        low = token.lower()
        if len(token) < 2 * PART_MIN or not low.replace(WILDCARD, "").isalpha():
            return None, []
        deps = self._document_deps.setdefault(token, set())
        reach = self._compound_reach(token, max_other)
        deps.update(reach)
        if reach.isdisjoint(self._doc_parts):
            return None, []
        itself: float | None = None
        out: list[tuple[str, float, int]] = []
        for i in range(PART_MIN, len(token) - PART_MIN + 1):
            head, tail = low[:i], low[i:]
            head_prior, head_doc = self._part_prior(head, right=False)
            tail_prior, tail_doc = self._part_prior(tail, right=True)
            if head_prior is not None and tail_prior is not None and (head_doc or tail_doc):
                prior = min(head_prior, tail_prior) - COMPOUND_COST
                itself = prior if itself is None else max(itself, prior)
            for intact_prior, intact_doc, right in (
                (head_prior, head_doc, False),
                (tail_prior, tail_doc, True),
            ):
                if intact_prior is None:
                    continue
                damaged = token[:i] if right else token[i:]
                for text, cost, n_long in self._part_readings(damaged, max_other):
                    read = text.lower()
                    deps.add(read)
                    read_prior, read_doc = self._part_prior(read, right=not right)
                    if read_prior is None or not (intact_doc or read_doc):
                        continue  # a compound of dictionary words: _split_readings reads it
                    whole = text + token[i:] if right else token[:i] + text
                    prior = min(intact_prior, read_prior) - COMPOUND_COST
                    out.append((whole, prior + cost, n_long))
        return itself, out

    def _compound_reach(self, token: str, max_other: int) -> frozenset[str]:
        """The words :meth:`_document_compounds` may find among the document's parts
        when none of ``token``'s own parts is one: its beginnings and ends, and the
        readings of a part beside an intact dictionary word (remembered)."""
        memo = self.confusions.memo_for("compound reach", token)
        found = memo.get(token)
        if found is None:
            low = token.lower()
            words: set[str] = set()
            for i in range(PART_MIN, len(token) - PART_MIN + 1):
                words.update((low[:i], low[i:]))
                if self._part_stem(low[:i], right=False) is not None:
                    words.update(t.lower() for t, _, _ in self._part_readings(token[i:], max_other))
                if self._part_stem(low[i:], right=True) is not None:
                    words.update(t.lower() for t, _, _ in self._part_readings(token[:i], max_other))
            found = memo[token] = frozenset(words)
        return found

    def _part_prior(self, low: str, right: bool) -> tuple[float | None, bool]:
        """log10 prior of ``low`` as a compound's part (its end if ``right``), and whether
        only the document knows it: a dictionary word that can stand there
        (:meth:`_part`), else a word of :data:`PART_MIN` letters or more the document
        uses :data:`DOC_PART_MIN` times or more; ``(None, False)`` if neither."""
        stem = self._part_stem(low, right)
        if stem is not None:
            return self.prior(stem), False
        if len(low) >= PART_MIN and self._document.get(low, 0) >= DOC_PART_MIN:
            return self.prior(low), True
        return None, False

    def _part_readings(self, part: str, max_other: int) -> list[tuple[str, float, int]]:
        """The readings of a part of a token other than itself (remembered)."""
        key = (part, max_other)
        memo = self.confusions.memo_for("part readings", part)
        found = memo.get(key)
        if found is None:
            found = memo[key] = [
                r
                for r in readings(
                    part, max_other, 6, 500, self.lexicon.prefixes, confusions=self.confusions
                )
                if r[0] != part
            ]
        return found

    def _options(self, token: str, long_s_cost: float, open_all: bool) -> dict[str, float]:
        doubt = HALF_DOUBT if open_all and self._half_word(token) else 0.0
        options: dict[str, float] = {token: self.prior(token, itself=1) - doubt}
        static, dynamic, lows, any_edit, _ = self._readings(token, open_all)
        document = self._document
        if document.get(token.lower(), 0) > 1:
            any_edit = []  # a form the document repeats is no one-off damage (Wilten)
        for text, cost, n_long in itertools.chain(static, any_edit):
            score = self.prior(text) + cost + n_long * long_s_cost
            if score > options.get(text, -math.inf):
                options[text] = score
        if not lows.isdisjoint(self._repeated):  # else the document repeats none of them
            for text, low, cost, n_long in dynamic:
                if document.get(low, 0) >= 2:
                    score = self.prior(text) + cost + n_long * long_s_cost
                    if score > options.get(text, -math.inf):
                        options[text] = score
        if open_all and self._explained(token, options, long_s_cost):
            options[token] = self.prior(token, itself=document[token.lower()]) - doubt
        if open_all and not self._compound_only(token):  # no compound of a compound
            max_other = 1 if len(token) >= 9 else 2
            itself, compounds = self._document_compounds(token, max_other)
            if itself is not None and itself > options[token]:
                options[token] = itself
            for text, score, n_long in compounds:
                score += n_long * long_s_cost
                if score > options.get(text, -math.inf):
                    options[text] = score
        if WILDCARD in token:
            del options[token]
        return options

    def _explained(self, token: str, options: dict[str, float], long_s_cost: float) -> bool:
        """Does the document explain the repetitions of an unknown ``token`` as one
        misreading (``Berlagg`` x 11 for ``Perlagg`` x 47)? So when one of its readings
        is a word the document uses :data:`CONSENSUS_RATIO` times as often and
        :data:`CONSENSUS_MIN` times or more, and the two end alike in
        :data:`CONSENSUS_TAIL` letters (``Perlagger`` is no misread ``Perlaggen``).
        Readings among the document's frequent words, which the lexicon's prefixes may
        not reach, are added to ``options``. If so, the token's prior is to leave out
        all its own uses, not only the one judged."""
        document = self._document
        low = token.lower()
        own = document.get(low, 0)
        if own < 2 or WILDCARD in token:
            return False
        if self._frequent_prefixes is None:
            self._frequent_prefixes = word_prefixes(self._frequent)
        deps = self._document_deps.setdefault(token, set())
        deps.add(FREQUENT_WORDS)
        found = self._consensus.get(token)
        if found is None:
            found = self._consensus[token] = [
                r
                for r in readings(
                    token, 1, 2, 200, self._frequent_prefixes, confusions=self.confusions
                )
                if r[0].lower() in self._frequent and r[0] != token
            ]
        for text, cost, n_long in found:
            deps.add(text.lower())
            score = self.prior(text) + cost + n_long * long_s_cost
            if score > options.get(text, -math.inf):
                options[text] = score
        least = max(CONSENSUS_MIN, CONSENSUS_RATIO * own)
        tail = low[-CONSENSUS_TAIL:]
        return any(
            document.get(other, 0) >= least and other.endswith(tail)
            for other in map(str.lower, options)
            if other != low
        )

    def trusted(self, token: str) -> bool:
        """A known word without f/j: no reading of it is ever doubted (memoised)."""
        found = self._trusted.get(token)
        if found is None:
            found = self._trusted[token] = not (
                _REAL_WORD_SUSPECT.search(token) or self._open(token)
            )
        return found

    def _open(self, token: str) -> bool:
        """Is ``token`` open to every confusion (unknown, damaged, or known only as a
        compound of two forms: ``gebofen``), not only to long s?"""
        return (
            WILDCARD in token
            or token.endswith((")", ";"))
            or _core(token).lower() not in self.lexicon.table
        )

    def _compound_only(self, token: str) -> bool:
        """Is ``token`` known only as a compound of two lexicon forms (``gebofen``:
        ``geb`` + ``ofen``), not as a form itself?"""
        core = _core(token)
        return core.lower() not in self.lexicon.table and self.zipf(core) is not None

    def readings(self, token: str, long_rate: float) -> dict[str, float]:
        """log10 score (prior + channel) of ``token`` and of each reading of it the
        lexicon or the document allows, as :meth:`correct` weighs them."""
        return self._options(token, long_cost(long_rate), self._open(token))

    def correct(self, token: str, long_rate: float) -> Choice | None:
        """The best reading of ``token`` if it differs from it, else ``None``."""
        cost = long_cost(long_rate)
        open_all = self._open(token)
        if not open_all and (
            long_rate < REAL_WORD_MIN_RATE or not _REAL_WORD_SUSPECT.search(token)
        ):
            return None
        options: dict[str, float] = {}
        lead = token.startswith(WILDCARD) and len(token) > 1
        trail = token.endswith(WILDCARD) and len(token) > 1
        for q_lead in (False, True) if lead else (False,):
            for q_trail in (False, True) if trail else (False,):
                core = token[1 if q_lead else 0 : len(token) - (1 if q_trail else 0)]
                if not core:
                    continue
                extra = QUOTE_COST * (q_lead + q_trail)
                for text, score in self._options(core, cost, open_all).items():
                    full = ("„" if q_lead else "") + text + ("“" if q_trail else "")
                    options[full] = max(options.get(full, -math.inf), score + extra)
        if WILDCARD not in token and token.endswith((")", ";")):
            word = token[:-1]
            options[token] = max(options.get(token, -math.inf), self.prior(word, 1))
            if token[-2] not in CH_BEFORE_SIGN:  # a damaged word before a stray ")" ("gleih)")
                for text, score in self._options(word, cost, self._open(word)).items():
                    if text != word:
                        full = text + token[-1]
                        options[full] = max(options.get(full, -math.inf), score)
        if WILDCARD in token:
            options = _merge_case(options)
            if not options:
                return self._guess_fill(token)
        if not options:
            return None
        best = max(options, key=options.__getitem__)
        if best == token:
            return None
        top = options[best]
        total = sum(10.0 ** (s - top) for s in options.values())
        confidence = round(1.0 / total, 3)
        evidence = f"channel+lexicon: {token!r} -> {best!r}"
        return Choice(best, confidence, evidence)


def _merge_case(options: dict[str, float]) -> dict[str, float]:
    """Readings that differ only in case share their mass; the lower-case one stands."""
    merged: dict[str, float] = {}
    for text in sorted(options, key=lambda t: (t.lower(), sum(c.isupper() for c in t))):
        key = next((k for k in merged if k.lower() == text.lower()), None)
        if key is None:
            merged[text] = options[text]
        else:
            merged[key] = math.log10(10.0 ** merged[key] + 10.0 ** options[text])
    return merged


def _core(token: str) -> str:
    return token[:-1] if token.endswith((")", ";")) else token
