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
from collections.abc import Iterable

from rapidfuzz.distance import Levenshtein

MAX_STRETCH = 3  # longer differing stretches are no letter confusion
MIN_COST = -3.0  # a learned confusion is never cheaper than the prior's dearest rule
MAX_COST = -0.7  # nor cheaper than the prior's cheapest


def confusion(observed: str, intended: str) -> tuple[str, str] | None:
    """The one differing stretch of a word pair, ``None`` when there are none or several.

    A stretch that only inserts or deletes takes the letter before it along
    (``Spieel``/``Spiel`` -> ``ee``/``e``)."""
    if observed == intended:
        return None
    p = 0
    while p < min(len(observed), len(intended)) and observed[p] == intended[p]:
        p += 1
    s = 0
    while (
        s < min(len(observed), len(intended)) - p
        and observed[len(observed) - 1 - s] == intended[len(intended) - 1 - s]
    ):
        s += 1
    obs, want = observed[p : len(observed) - s], intended[p : len(intended) - s]
    if not obs or not want:
        if p == 0:
            return None
        obs, want = observed[p - 1] + obs, intended[p - 1] + want
    if len(obs) > MAX_STRETCH or len(want) > MAX_STRETCH:
        return None
    return obs, want


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
