"""Words within one or two edits of a token, from a compiled deletion index.

Any substitution, insertion or deletion is found, not only the confusions of
:mod:`normalise.channel`: two strings are within ``d`` edits of each other only if
deleting at most ``d`` letters from each makes them equal. So each indexed word is
filed under itself and every string its deletions make, and a token is looked up under
its own deletions; each hit is then checked with a true edit distance.

The index serves :func:`normalise.learn.document_confusions`, which learns a document's
own confusions from its unknown words and the frequent words near them, and the
corrector's open channel (``Corrector._any_edit_readings``), which offers those words as
readings of a damaged token, pricing each differing stretch (:func:`near_edits`). Only frequent
words are indexed: words from Zipf :data:`ONE_EDIT_ZIPF` are reachable with one edit,
words from Zipf :data:`TWO_EDITS_ZIPF` with two (when they have at least
:data:`TWO_EDITS_LENGTH` letters).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import chain

from rapidfuzz.distance import Levenshtein

from normalise.channel import spelling

VERSION = "3"  # of the index as cached with the lexicon (normalise.lexicon.load)
ONE_EDIT_ZIPF = 3.0
TWO_EDITS_ZIPF = 4.0
TWO_EDITS_LENGTH = 6  # two edits of a shorter word make another word
MIN_LENGTH = 3  # shorter tokens are too many words' neighbours to be read as one
MAX_LENGTH = 40  # a longer token is no word (a token's deletions grow as its square)

MAX_STRETCH = 3  # longer differing stretches are no letter confusion


def deletions(word: str, depth: int) -> set[str]:
    """``word`` and every string made by deleting up to ``depth`` of its letters."""
    found = {word}
    # each set of positions once: after deleting at i, delete only at i or later
    layer = [(word, 0)]
    for _ in range(depth):
        layer = [(w[:i] + w[i + 1 :], i) for w, start in layer for i in range(start, len(w))]
        found.update([w for w, _ in layer])
    return found


class Neighbours:
    """A deletion index of words, each reachable within its own number of edits."""

    def __init__(self, words: Iterable[tuple[str, int]]) -> None:
        """``words``: (lower-cased word, the most edits that may reach it: 1 or 2); a word
        listed twice keeps its last reach."""
        # words one edit reaches under their own keys, words two edits reach under theirs:
        # a token's deletions of two letters need only be looked up among the latter
        self._one: dict[str, tuple[str, ...]] = {}
        self._two: dict[str, tuple[str, ...]] = {}
        for word, reach in dict(words).items():
            index = self._two if reach == 2 else self._one
            for key in deletions(word, reach):
                index[key] = (*index.get(key, ()), word)
        self._two_lengths = frozenset(map(len, self._two))
        self._size = len(self._one.keys() | self._two.keys())

    @property
    def size(self) -> int:
        """How many keys the index files words under."""
        return self._size

    def near(self, token: str) -> Iterator[tuple[str, int]]:
        """(word, edits) of every indexed word within its reach of ``token``
        (lower-cased), ``token`` itself left out; none for a token shorter than
        :data:`MIN_LENGTH` or longer than :data:`MAX_LENGTH`.

        A word one edit reaches is found under the token or a deletion of one letter
        from it; deletions of two letters are looked up only among the keys of words two
        edits reach, and only where such keys have their length."""
        low = token.lower()
        n = len(low)
        if not MIN_LENGTH <= n <= MAX_LENGTH:
            return
        tails = [low[i:] for i in range(n + 1)]
        keys = [low[:i] + tails[i + 1] for i in range(n)]  # one letter deleted, at i
        keys.append(low)
        found_one = self._one.keys() & keys
        if n - 2 in self._two_lengths:
            # a second letter deleted, at j >= i of the shorter key: each pair once
            keys += [key[:j] + tails[j + 2] for i, key in enumerate(keys) for j in range(i, n - 1)]
        found_two = self._two.keys() & keys
        for index, reach, found in ((self._one, 1, found_one), (self._two, 2, found_two)):
            if not found:
                continue
            for word in dict.fromkeys(chain.from_iterable(map(index.__getitem__, found))):
                edits = Levenshtein.distance(low, word, score_cutoff=reach)
                if 0 < edits <= reach:
                    yield word, edits


def of_lexicon(table: dict[str, float], undictionaried: frozenset[str]) -> Neighbours:
    """The index of a lexicon's frequent dictionary forms."""
    return Neighbours(
        (word, 2 if zipf >= TWO_EDITS_ZIPF and len(word) >= TWO_EDITS_LENGTH else 1)
        for word, zipf in table.items()
        if zipf >= ONE_EDIT_ZIPF and word not in undictionaried and len(word) >= MIN_LENGTH
    )


def confusion(observed: str, intended: str) -> tuple[str, str] | None:
    """The one differing stretch of a word pair, ``None`` when there are none or several.

    A stretch that only inserts or deletes takes the letter before it along
    (``Spieel``/``Spiel`` -> ``ee``/``e``)."""
    found = _one_stretch(observed, intended)
    return None if found is None else found[1:]


Stretch = tuple[int, str, str]  # where it begins in the observed word, observed, intended


def _one_stretch(observed: str, intended: str) -> Stretch | None:
    """:func:`confusion` with where its stretch begins."""
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
        p -= 1
        obs, want = observed[p] + obs, intended[p] + want
    if len(obs) > MAX_STRETCH or len(want) > MAX_STRETCH:
        return None
    return p, obs, want


def stretches(observed: str, intended: str) -> tuple[Stretch, ...]:
    """The differing stretches of a word pair, in order: the one of :func:`confusion`
    where it has at most two letters on each side, else the runs of adjacent edits of an
    alignment with the fewest edits (``zwifcgen``/``zwischen``: ``f``/``s`` and
    ``g``/``h``). An inserted or dropped letter takes the letter before it along, the
    one after it at the start."""
    one = _one_stretch(observed, intended)
    if one is not None and len(one[1]) <= 2 and len(one[2]) <= 2:
        return (one,)
    runs: list[list[int]] = []  # [i1, i2, j1, j2] of each run of edits
    for tag, i1, i2, j1, j2 in Levenshtein.opcodes(observed, intended):
        if tag == "equal":
            continue
        if runs and runs[-1][1] == i1 and runs[-1][3] == j1:
            runs[-1][1], runs[-1][3] = i2, j2
        else:
            runs.append([i1, i2, j1, j2])
    found: list[Stretch] = []
    for i1, i2, j1, j2 in runs:
        if i1 == i2 or j1 == j2:  # an insertion or a deletion
            if i1 > 0:
                i1, j1 = i1 - 1, j1 - 1
            else:
                i2, j2 = i2 + 1, j2 + 1
        found.append((i1, observed[i1:i2], intended[j1:j2]))
    return tuple(found)


@lru_cache(maxsize=1 << 17)  # a document's passes and a batch's documents share words
def _near(word: str, neighbours: Neighbours) -> tuple[tuple[str, str], ...]:
    """The indexed forms near ``word``, each also cased as ``word`` is."""
    title = word[:1].isupper()
    return tuple(
        (near, near[:1].upper() + near[1:] if title else near) for near, _ in neighbours.near(word)
    )


@lru_cache(maxsize=1 << 17)
def _stretches(word: str, neighbours: Neighbours) -> tuple[tuple[str, tuple[str, str]], ...]:
    """The indexed forms near ``word`` that differ from it (cased as it is) by one
    stretch (:func:`confusion`), with that stretch."""
    out: list[tuple[str, tuple[str, str]]] = []
    for near, cased in _near(word, neighbours):
        c = confusion(word, cased)
        if c is not None:
            out.append((near, c))
    return tuple(out)


@lru_cache(maxsize=1 << 17)
def near_forms(word: str, neighbours: Neighbours) -> tuple[tuple[str, tuple[str, str]], ...]:
    """The indexed forms near ``word`` (cased as it is) whose difference is one stretch of
    at most two letters on each side and no historical spelling, with that stretch."""
    return tuple(
        (near, c)
        for near, c in _stretches(word, neighbours)
        if max(map(len, c)) <= 2 and not spelling(*c)
    )


@lru_cache(maxsize=1 << 17)
def near_edits(word: str, neighbours: Neighbours) -> tuple[tuple[str, tuple[Stretch, ...]], ...]:
    """The indexed forms near ``word`` (cased as it is) whose every differing stretch
    (:func:`stretches`) has at most two letters on each side and is no historical
    spelling, with those stretches."""
    out: list[tuple[str, tuple[Stretch, ...]]] = []
    for near, cased in _near(word, neighbours):
        found = stretches(word, cased)
        if found and all(
            len(obs) <= 2 and len(want) <= 2 and not spelling(obs, want) for _, obs, want in found
        ):
            out.append((near, found))
    return tuple(out)


def old_spelling(word: str, neighbours: Neighbours) -> bool:
    """Is ``word`` a historical spelling of an indexed form (``stehn`` of ``stehen``,
    ``theilet`` of ``theilt``): a stretch :func:`normalise.channel.spelling` accepts?"""
    return any(spelling(*c) for _, c in _stretches(word, neighbours))
