"""Words within one or two edits of a token, from a compiled deletion index.

Any substitution, insertion or deletion is found, not only the confusions of
:mod:`normalise.channel`: two strings are within ``d`` edits of each other only if
deleting at most ``d`` letters from each makes them equal. So each indexed word is
filed under itself and every string its deletions make, and a token is looked up under
its own deletions; each hit is then checked with a true edit distance.

The index serves :func:`normalise.learn.document_confusions`, which learns a document's
own confusions from its unknown words and the frequent words near them. Only frequent
words are indexed: words from Zipf :data:`ONE_EDIT_ZIPF` are reachable with one edit,
words from Zipf :data:`TWO_EDITS_ZIPF` with two (when they have at least
:data:`TWO_EDITS_LENGTH` letters).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from rapidfuzz.distance import Levenshtein

VERSION = "2"  # of the index as cached with the lexicon (normalise.lexicon.load)
ONE_EDIT_ZIPF = 3.0
TWO_EDITS_ZIPF = 4.0
TWO_EDITS_LENGTH = 6  # two edits of a shorter word make another word
MIN_LENGTH = 3  # shorter tokens are too many words' neighbours to be read as one
MAX_LENGTH = 40  # a longer token is no word (a token's deletions grow as its square)


def deletions(word: str, depth: int) -> set[str]:
    """``word`` and every string made by deleting up to ``depth`` of its letters."""
    found = {word}
    layer = {word}
    for _ in range(depth):
        layer = {w[:i] + w[i + 1 :] for w in layer for i in range(len(w))}
        found |= layer
    return found


class Neighbours:
    """A deletion index of words, each reachable within its own number of edits."""

    def __init__(self, words: Iterable[tuple[str, int]]) -> None:
        """``words``: (lower-cased word, the most edits that may reach it: 1 or 2)."""
        self._index: dict[str, tuple[str, ...]] = {}
        self._reach: dict[str, int] = {}
        index = self._index
        for word, reach in words:
            self._reach[word] = reach
            for key in deletions(word, reach):
                index[key] = (*index.get(key, ()), word)

    @property
    def size(self) -> int:
        """How many keys the index files words under."""
        return len(self._index)

    def near(self, token: str) -> Iterator[tuple[str, int]]:
        """(word, edits) of every indexed word within its reach of ``token``
        (lower-cased), ``token`` itself left out; none for a token shorter than
        :data:`MIN_LENGTH` or longer than :data:`MAX_LENGTH`."""
        low = token.lower()
        if not MIN_LENGTH <= len(low) <= MAX_LENGTH:
            return
        seen: set[str] = {low}
        index, reach = self._index, self._reach
        for key in deletions(low, 2):
            for word in index.get(key, ()):
                if word in seen:
                    continue
                seen.add(word)
                edits = Levenshtein.distance(low, word, score_cutoff=reach[word])
                if edits <= reach[word]:
                    yield word, edits


def of_lexicon(table: dict[str, float], undictionaried: frozenset[str]) -> Neighbours:
    """The index of a lexicon's frequent dictionary forms."""
    return Neighbours(
        (word, 2 if zipf >= TWO_EDITS_ZIPF and len(word) >= TWO_EDITS_LENGTH else 1)
        for word, zipf in table.items()
        if zipf >= ONE_EDIT_ZIPF and word not in undictionaried and len(word) >= MIN_LENGTH
    )
