"""Learn OCR confusions from pairs of (OCR word, intended word).

The pairs come from anywhere the intended word is known: aligned gold passages of other
books (the leave-one-book-out benchmark) or a document's own unknown tokens and the
frequent words they are a short edit away from. :func:`confusion` reduces a pair to the
one stretch that differs (``feinen``/``keinen`` -> ``f``/``k``); :func:`learn` turns
counts of such stretches into channel confusions, ``(observed, intended, log10 P)``, in
the form of :data:`normalise.channel.CONFUSIONS` and a profile's ``confusions``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping

import numpy
from rapidfuzz.distance import Levenshtein

from normalise.channel import LONG_S, OPEN_COST, Table
from normalise.corrector import DOC_WEIGHT, UNKNOWN_ZIPF
from normalise.lexicon import Lexicon
from normalise.neighbours import confusion, near_forms
from normalise.profile import Confusion

MIN_COST = -3.0  # a learned confusion is never cheaper than the prior's dearest rule
MAX_COST = -0.7  # nor cheaper than the prior's cheapest


def word_pairs(raw: str, gold: str) -> list[tuple[str, str]]:
    """(OCR word, gold word) for the words of ``raw`` replaced one for one in ``gold``
    (white-space words, punctuation kept)."""
    a, b = raw.split(), gold.split()
    pairs: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in Levenshtein.opcodes(a, b):
        if tag == "replace" and i2 - i1 == j2 - j1:
            pairs += list(zip(a[i1:i2], b[j1:j2], strict=True))
    return pairs


def learn(
    pairs: Iterable[tuple[str, str]], texts: Iterable[str], min_count: int = 2
) -> tuple[tuple[str, str, float], ...]:
    """Confusions seen at least ``min_count`` times in ``pairs``; the probability of
    each is its count over the occurrences of the intended letters in ``texts`` (the
    intended side), bounded to the prior table's range."""
    found: Counter[tuple[str, str]] = Counter()
    for observed, intended in pairs:
        c = confusion(observed, intended)
        if c is not None and c[0].strip() and c[1].isalpha():
            found[c] += 1
    corpus = list(texts)
    out: list[tuple[str, str, float]] = []
    for (observed, intended), n in sorted(found.items()):
        if n < min_count:
            continue
        seen = sum(t.count(intended) for t in corpus)
        cost = math.log10(n / max(seen, n))
        out.append((observed, intended, round(min(MAX_COST, max(MIN_COST, cost)), 2)))
    return tuple(out)


EM_ROUNDS = 4
MIN_TYPES = 3  # a confusion is learned when this many word types show it
SURE = 0.5  # a word type shows a confusion when its reading is at least this likely
PRIOR_WEIGHT = 200  # occurrences of the intended letters the prior cost counts as
LONG_S_COST = -0.5  # a long-s reading, weighed against the others but never learned
LEARNED_MIN_COST = -2.2  # a rarer confusion is not worth the readings it adds
_LONG_S_READ = frozenset("".join(observed for observed, _, _ in LONG_S))  # f j l i


def document_confusions(
    counts: Mapping[str, int], lexicon: Lexicon, confusions: Table
) -> tuple[Confusion, ...]:
    """The confusions a document's own OCR makes, learned from its words by EM.

    ``counts`` are the document's tokens, as printed. Each unknown word type (not
    attested in the historical corpus either) may be itself or any frequent form one
    stretch of edits away (:attr:`Lexicon.neighbours`). The E-step weighs these readings
    by prior (the lexicon's and the document's, as the corrector's) times the current
    cost of the confusion that makes them. The M-step sets each confusion's probability
    to its expected count over the document's occurrences of the intended letters, with
    the prior cost counted as :data:`PRIOR_WEIGHT` occurrences more.

    A confusion is kept when at least :data:`MIN_TYPES` word types read it with
    probability :data:`SURE` or more, it is cheaper than ``confusions`` has it, and
    cheaper than :data:`LEARNED_MIN_COST`. Stretches of more than two letters are not
    learned, long s is weighed but left to the local rate, and a historical spelling
    (:data:`normalise.channel.SPELLINGS`) is never learned.
    """
    unknown: list[tuple[str, int, list[tuple[float, tuple[str, str]]]]] = []
    attested = lexicon.attested
    used: Counter[str] = Counter()
    for word, n in counts.items():
        used[word.lower()] += n
    known = lexicon.memo("a form or compound")  # lower-cased word -> in the lexicon?
    for word, n in counts.items():
        word = word.replace("ſ", "s")  # as the character pass reads it
        low = word.lower()
        if not word.isalpha() or low in attested:
            continue
        found = known.get(low)
        if found is None:
            found = known[low] = lexicon.zipf(low) is not None
        if found:
            continue
        options = [
            (math.log10(10.0 ** lexicon.table[near] + DOC_WEIGHT * used[near]), c)
            for near, c in near_forms(word, lexicon.neighbours)
        ]
        if options:
            unknown.append((word, n, options))
    prior_cost = {c: _prior_cost(c, confusions) for _, _, options in unknown for _, c in options}
    fixed = {c for c in prior_cost if _long_s(*c)}  # weighed, never learned
    letters = _pieces(counts, [c[1] for c in prior_cost])
    cost = dict(prior_cost)
    # the readings as arrays, one entry per (word, reading), a word's readings together
    kinds = list(prior_cost)
    kind_of = {c: k for k, c in enumerate(kinds)}
    at = numpy.array([w for w, (_, _, options) in enumerate(unknown) for _ in options], int)
    prior = numpy.array([z for _, _, options in unknown for z, _ in options])
    kind = numpy.array([kind_of[c] for _, _, options in unknown for _, c in options], int)
    uses = numpy.array([n for _, n, _ in unknown], float)[at]
    share = numpy.zeros(len(at))
    for _ in range(EM_ROUNDS):
        scores = 10.0 ** (prior + numpy.array([cost[c] for c in kinds])[kind])
        total = numpy.bincount(at, weights=scores, minlength=len(unknown)) + 10.0**UNKNOWN_ZIPF
        share = scores / total[at]
        expected = numpy.bincount(kind, weights=uses * scores / total[at], minlength=len(kinds))
        cost = {
            c: p if c in fixed else _estimate(float(expected[k]), p, letters.get(c[1], 0))
            for k, (c, p) in enumerate(prior_cost.items())
        }
    shown: dict[tuple[str, str], set[str]] = {}  # the word types each reading is sure for
    for entry in numpy.flatnonzero(share >= SURE):
        shown.setdefault(kinds[kind[entry]], set()).add(unknown[at[entry]][0])
    return tuple(
        (obs, want, round(cost[(obs, want)], 2))
        for (obs, want), words in sorted(shown.items())
        if (obs, want) not in fixed
        and len(words) >= MIN_TYPES
        and cost[(obs, want)] > max(prior_cost[(obs, want)] + 0.05, LEARNED_MIN_COST)
    )


def _estimate(expected: float, prior: float, letters: int) -> float:
    """log10 P of a confusion seen ``expected`` times in ``letters`` occurrences of the
    intended letters, the prior cost counted as :data:`PRIOR_WEIGHT` occurrences more,
    bounded to the prior table's range."""
    rate = (expected + PRIOR_WEIGHT * 10.0**prior) / (letters + PRIOR_WEIGHT)
    return min(MAX_COST, max(MIN_COST, math.log10(rate)))


def _prior_cost(c: tuple[str, str], confusions: Table) -> float:
    """The cost the tables give a confusion, :data:`OPEN_COST` when they have none."""
    if _long_s(*c):
        return LONG_S_COST
    known = confusions.stretch(*c)
    return OPEN_COST if known is None else known[0]


def _long_s(observed: str, intended: str) -> bool:
    """Could long s explain the stretch (an s or ß intended, a letter of
    :data:`normalise.channel.LONG_S` read)? The local long-s rate, not a learned
    confusion, prices those."""
    return any(c in intended for c in "sß") and any(c in observed for c in _LONG_S_READ)


def _pieces(counts: Mapping[str, int], wanted: Iterable[str]) -> dict[str, int]:
    """How often each letter or pair of letters of ``wanted`` occurs in the counted words:
    a pair at every position it starts at, a letter there too and once more as a word's
    last (the piece that ends the word); 0 for a longer or empty piece. The pairs are
    counted at once, as numbers, with numpy."""
    text = "".join(f"{word}\n" * n for word, n in counts.items())  # words have no \n
    letters = Counter(text)
    for word, n in counts.items():
        if word:
            letters[word[-1]] += n
    codes = numpy.frombuffer(text.encode("utf-32-le"), dtype="<u4").astype(numpy.uint64)
    keys, seen = numpy.unique((codes[:-1] << _SHIFT) | codes[1:], return_counts=True)
    found: dict[str, int] = {}
    for piece in set(wanted):
        found[piece] = 0
        if len(piece) == 1:
            found[piece] = letters[piece]
        elif len(piece) == 2:
            key = (ord(piece[0]) << int(_SHIFT)) | ord(piece[1])
            at = int(numpy.searchsorted(keys, key))
            if at < len(keys) and keys[at] == key:
                found[piece] = int(seen[at])
    return found


_SHIFT = numpy.uint64(21)  # a code point has 21 bits: a pair is (first << 21) | second
