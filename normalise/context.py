"""Context for real-word errors: a word-bigram model of historical German and of the
document itself decides between readings the channel offers.

OCR damage that yields a valid word (``feinen`` printed ``keinen`` or ``seinen``,
``fein`` for ``kein`` or ``sein``, ``jagt`` for ``sagt``, ``bat`` for ``hat``) cannot be
told from the word alone. Here the words on either side decide, with counts of pairs:

- historical: ``normalise/data/histlex-bigrams.tsv.xz`` (Dingler-Online, pairs inside a
  sentence counted at least :data:`PRUNED_BELOW` times) with the word counts of
  ``histlex-words.tsv.xz``; loaded on first use and cached as a pickle beside the
  lexicon's (:func:`normalise.lexicon.cache_dir`, keyed by
  :func:`normalise.lexicon.cache_key` of the two files);
- the document's own: pairs of adjacent tokens the corrector trusts, seen at least
  :data:`DOC_MIN` times (:func:`document_pairs`), mixed in with weight
  ``n / (n + DOC_PRIOR)`` where ``n`` is how often the document has the conditioning
  word in such a pair, so a document's habit soon outweighs the journal's. They judge
  the readings of unknown tokens only: the rivals of a known word differ in a letter
  this very print's OCR confuses (``seine``/``keine``), so its clean pairs show one
  rival (``keine``) and hide the other.

``P(w | l)`` interpolates the pair count with ``P(w)`` (an unlisted pair counts as
``min(c(l) P(w), HIDDEN)``, being rarer than the pruning threshold); the *lift* of a
reading ``w`` between ``l`` and ``r`` is ``log10 P(w|l)/P(w) + log10 P(r|w)/P(r)``,
0 where the context says nothing.

:class:`Context` revises the corrector's choice for one token. The candidates are the
token and the corrector's readings, and for a known word the dictionary words one
confusion of the channel's table makes of it (``bat`` -> ``hat``) and, where the
print's OCR misreads long s, up to :data:`MAX_EDITS` confusions of its ``f``/``j``
(``f`` -> ``s`` long s, ``f`` -> ``k``); each is scored as the corrector scores it plus
its lift. The choice changes only when another reading has a counted pair with a
neighbour and wins by :data:`MARGIN` in total and by :data:`LIFT_MARGIN` in lift;
a known word read as another by a shape confusion alone needs :data:`SHAPE_MARGIN` and
a counted pair with each neighbour. A token that joined to a neighbour is a dictionary
word is left to the engine's split pass. The new choice's confidence is its posterior,
so a weak one stays a proposal (:data:`normalise.engine.APPLY_THRESHOLD`); its evidence
names the pairs (``context: 'gar keinen' 601 vs 'gar seinen' <10: ...``). One
:class:`Context` serves a whole document: a decision is kept per token, long-s rate
class, neighbours and the corrector's reading until a word count or a document pair it
weighed changes.
"""

from __future__ import annotations

import itertools
import lzma
import math
import operator
import re
import warnings
from collections import Counter
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from normalise.channel import LONG_S, REAL_WORD_LONG_S, changed_letters, readings, touches
from normalise.collector import keep
from normalise.corrector import Changes, Choice, Corrector, rate_class
from normalise.lexicon import DATA, HISTORICAL, cached, historical_counts

BIGRAMS = DATA / "histlex-bigrams.tsv.xz"
PRUNED_BELOW = 10  # scripts/build_histlex.py --min-bigram: rarer pairs are not listed
HIDDEN = 5.0  # the count assumed for an unlisted pair (between 0 and PRUNED_BELOW)
SMOOTH = 50.0  # pseudo-count of P(w) in P(w | l): a rare l says little
DOC_PRIOR = 3.0  # the document's pairs weigh n / (n + DOC_PRIOR) against the journal's
MARGIN = 0.5  # log10: a reading must win by three times in total (channel and context)
LIFT_MARGIN = 1.0  # and by ten times by the context alone
SHAPE_MARGIN = 1.0  # in total, for a known word read as another by a shape confusion
SHAPE_REACH = 3.0  # such a reading scored this much below the word is not weighed
SHAPE_LONGEST = 8  # longer known words are not weighed against shape readings: they
# seldom make another word, and their readings cost the most to enumerate
MAX_EDITS = 2  # confusions per candidate of a known word
DOC_MIN = 2  # a pair the document has once may be its own OCR error ("zu willen")
APPLY = 0.5  # a neighbour is read as the corrector would repair it from this confidence
OPEN_DOUBT = 0.9  # the corrector's choice of an unknown token is revised below this
_SEPARATOR = re.compile(r"[^\S\n]*\n?[^\S\n]*[,(„“\"'»«]?[^\S\n]*\n?[^\S\n]*")
_LONG_COST = {o: c for o, _, c in LONG_S}
T = TypeVar("T")
Rate = tuple[bool, int]  # a long-s rate as far as it is read: see rate_class
SUSPECT = "".join(REAL_WORD_LONG_S) + "".join(REAL_WORD_LONG_S).upper()


@dataclass(frozen=True, slots=True)
class Bigrams:
    """Word and word-pair counts of historical German, lower-cased."""

    words: dict[str, int]
    pairs: dict[str, int]
    total: int

    def p(self, word: str) -> float:
        """Unigram probability, with add-one for an unknown word."""
        return (self.words.get(word, 0) + 1) / (self.total + len(self.words))

    def pair(self, left: str, right: str) -> int:
        """The listed count of the pair (0 when it is not listed)."""
        return self.pairs.get(f"{left} {right}", 0)


def read_bigrams(words: Path = HISTORICAL, pairs: Path = BIGRAMS) -> Bigrams:
    """Parse the two count files (``word<TAB>count`` and ``left right<TAB>count``)."""
    counts = historical_counts(words)
    table: dict[str, int] = {}
    with lzma.open(pairs, "rt", encoding="utf-8") as handle:
        for line in handle:
            key, _, count = line.rstrip("\n").partition("\t")
            table[key] = int(count)
    return Bigrams(counts, table, sum(counts.values()))


@lru_cache(maxsize=1)
def load() -> Bigrams | None:
    """The historical counts from the cache, or read (and cached); ``None`` (with a
    warning) when the data files are missing."""
    paths = [HISTORICAL, BIGRAMS]
    if not all(p.exists() for p in paths):
        warnings.warn("historical bigrams missing: no context for real-word errors", stacklevel=2)
        return None
    found = cached("bigrams", paths, lambda: read_bigrams(*paths), Bigrams)
    keep()  # held to the process's end: no collection need walk it
    return found


def document_pairs(
    text: str, tokens: list[tuple[int, int, str]], corrector: Corrector
) -> Counter[tuple[str, str]]:
    """Pairs of adjacent tokens of ``text`` that the corrector trusts (lower-cased), seen
    at least :data:`DOC_MIN` times."""
    words = [t for _, _, t in tokens]
    lower = {w: w.lower() for w in set(words) if corrector.trusted(w)}
    flags = [w in lower for w in words]
    pairs: list[tuple[str, str]] = []
    for k in itertools.compress(range(len(words) - 1), map(operator.and_, flags, flags[1:])):
        (_, end, left), (start, _, right) = tokens[k], tokens[k + 1]
        if _one_clause(text[end:start]):
            pairs.append((lower[left], lower[right]))
    return Counter({pair: n for pair, n in Counter(pairs).items() if n >= DOC_MIN})


class Model:
    """``P(w | l)`` from the historical pairs and the document's own."""

    def __init__(self, bigrams: Bigrams, document: Counter[tuple[str, str]]) -> None:
        self.bigrams = bigrams
        self.changes = Changes()
        self.use(document)

    def use(self, document: Counter[tuple[str, str]]) -> None:
        """Take ``document`` as the document's own pairs, noting the words whose
        following words changed."""
        old = getattr(self, "document", None)
        if old is not None:
            self.changes.record(old, document, key=operator.itemgetter(0))  # by the first word
        self.document = document
        self.after: Counter[str] = Counter()
        for (left, _), n in document.items():
            self.after[left] += n

    def count(self, left: str, right: str) -> float:
        """The historical count of the pair, an unlisted one estimated."""
        listed = self.bigrams.pair(left, right)
        if listed:
            return float(listed)
        expected = self.bigrams.words.get(left, 0) * self.bigrams.p(right)
        return min(expected, HIDDEN)

    def p(self, right: str, left: str, own: bool = True) -> float:
        """``P(right | left)``, with the document's pairs if ``own``."""
        prior = self.bigrams.p(right)
        n_left = self.bigrams.words.get(left, 0)
        historical = (self.count(left, right) + SMOOTH * prior) / (n_left + SMOOTH)
        n_doc = self.after.get(left, 0) if own else 0
        if not n_doc:
            return historical
        weight = n_doc / (n_doc + DOC_PRIOR)
        own = self.document.get((left, right), 0) / n_doc
        return weight * own + (1 - weight) * historical

    def lift(self, word: str, left: str | None, right: str | None, own: bool = True) -> float:
        """log10 of how much more likely ``word`` is between ``left`` and ``right`` than
        alone (0 without neighbours); with the document's pairs if ``own``."""
        out = 0.0
        if left is not None:
            out += math.log10(self.p(word, left, own) / self.bigrams.p(word))
        if right is not None:
            out += math.log10(self.p(right, word, own) / self.bigrams.p(right))
        return out

    def show(self, left: str | None, word: str, right: str | None, own: bool) -> str:
        """The pairs of ``word`` in context with their counts (``<10`` when unlisted), and
        the document's if ``own``."""
        parts = []
        for a, b in ((left, word), (word, right)):
            if a is None or b is None:
                continue
            listed = self.bigrams.pair(a, b)
            here = self.document.get((a, b), 0) if own else 0
            count = str(listed) if listed else f"<{PRUNED_BELOW}"
            parts.append(f"'{a} {b}' {count}" + (f" (+{here} here)" if here else ""))
        return ", ".join(parts)


@dataclass(slots=True)
class _Kept(Generic[T]):
    """A value worked out from the document's counts of ``words`` (and, unless ``None``,
    from its pairs that begin with one of ``lefts``), as they were at two versions."""

    value: T
    words: AbstractSet[str]
    lefts: AbstractSet[str] | None
    words_at: int
    pairs_at: int


class Context:
    """Revises a corrector's choice for a token by the words around it. One serves a
    whole document: each decision is kept until a count it weighed changes."""

    def __init__(self, corrector: Corrector, model: Model) -> None:
        self.corrector = corrector
        self.model = model
        self._view: tuple[str, list[tuple[int, int, str]]] | None = None  # pairs not read yet
        self._decided: dict[tuple[str, Rate, str | None, str | None, str], _Kept[Choice | None]]
        self._decided = {}
        # known token -> scores of it and its rivals, and the rivals a long s gives
        self._known: dict[tuple[str, Rate], _Kept[tuple[dict[str, float], frozenset[str]]]] = {}
        self._read: dict[tuple[str, Rate], str] = {}  # neighbour -> as the corrector reads it
        self._may: dict[str, bool] = {}
        # (token, rate class, unsure choice) -> can the words around matter? (per view)
        self._weighing: dict[tuple[str, Rate, bool], bool] = {}

    @classmethod
    def of(cls, corrector: Corrector) -> Context | None:
        """A context for the document ``corrector`` reads (``None`` without historical
        counts); :meth:`read` gives it each view."""
        bigrams = load()
        if bigrams is None:
            return None
        return cls(corrector, Model(bigrams, Counter()))

    def with_corrector(self, corrector: Corrector) -> Context:
        """This document's context for ``corrector``, this one's corrector with other
        confusions (:meth:`Corrector.with_confusions`): it keeps the document's pairs,
        and what it worked out for a token without a letter whose confusions changed if
        that is current (so current at the new corrector's version 0)."""
        other = Context(corrector, self.model)
        other._view = self._view
        changed = changed_letters(self.corrector.confusions.added, corrector.confusions.added)
        words = self.corrector.changes

        def holds(token: str, kept: _Kept[Any]) -> bool:
            return not touches(token, changed) and words.unchanged(kept.words, kept.words_at)

        other._may = {t: v for t, v in self._may.items() if not touches(t, changed)}
        for key, kept in self._decided.items():
            if holds(key[0], kept):
                other._decided[key] = _Kept(kept.value, kept.words, kept.lefts, 0, kept.pairs_at)
        for key2, known in self._known.items():
            if holds(key2[0], known):
                other._known[key2] = _Kept(known.value, known.words, known.lefts, 0, known.pairs_at)
        return other

    def read(self, text: str, tokens: list[tuple[int, int, str]]) -> None:
        """Take the view ``text`` with its ``tokens``: its pairs are read when first needed,
        its neighbours read anew (the corrector's counts may have changed)."""
        self._view = (text, tokens)
        self._read = {}
        self._weighing = {}

    def _pairs(self) -> None:
        """Read the current view's pairs into the model, if not done yet."""
        if self._view is not None:
            self.model.use(document_pairs(*self._view, self.corrector))
            self._view = None

    def _fresh(self, kept: _Kept[T] | None) -> bool:
        """Does ``kept`` still hold (its stamps moved on if so)?"""
        if kept is None:
            return False
        words, pairs = self.corrector.changes, self.model.changes
        if kept.words_at != words.version:
            if not words.unchanged(kept.words, kept.words_at):
                return False
            kept.words_at = words.version
        if kept.lefts is not None:
            self._pairs()
            if kept.pairs_at != pairs.version:
                if not pairs.unchanged(kept.lefts, kept.pairs_at):
                    return False
                kept.pairs_at = pairs.version
        return True

    def _keep(self, value: T, words: AbstractSet[str], lefts: AbstractSet[str] | None) -> _Kept[T]:
        return _Kept(
            value, words, lefts, self.corrector.changes.version, self.model.changes.version
        )

    def may_revise(self, token: str) -> bool:
        """Can :meth:`revise` change the choice of ``token`` at any rate and place? (The
        engine asks once per word type and calls :meth:`revise` only for those.)"""
        found = self._may.get(token)
        if found is None:
            found = self._may[token] = (
                2 <= len(token) <= 40
                and not (token.isupper() and len(token) <= 3)
                and (
                    self.corrector.zipf(token) is None
                    or bool(_shapes(self.corrector, token))
                    or _suspect(token)
                )
            )
        return found

    def revise(
        self,
        text: str,
        tokens: list[tuple[int, int, str]],
        rates: list[float],
        i: int,
        choice: Choice | None,
    ) -> Choice | None:
        """The choice for token ``i`` of ``text`` (``rates``: the local long-s
        misreading rate of each token): the corrector's ``choice``, or another reading
        the context clearly prefers. Cached per token, rate and neighbours."""
        token, long_rate = tokens[i][2], rates[i]
        rate = rate_class(long_rate)  # all that is read of the rate, so decisions keep by it
        unsure = choice is not None and choice.confidence < OPEN_DOUBT
        gate = (token, rate, unsure)
        weighs = self._weighing.get(gate)
        if weighs is None:
            weighs = self._weighing[gate] = self._weighs(token, rate, unsure)
        if not weighs:
            return choice
        known = self.corrector.zipf(token) is not None
        before, after = _neighbour(text, tokens, i, -1), _neighbour(text, tokens, i, 1)
        if known and self._fragment(before, token, after):
            return choice
        left = None if before is None else self._word(before, rates[i - 1])
        right = None if after is None else self._word(after, rates[i + 1])
        if left is None and right is None:
            return choice
        current = token if choice is None else choice.text
        key = (token, rate, left, right, current)
        kept = self._decided.get(key)
        if not self._fresh(kept):
            kept = self._decided[key] = self._decide(token, known, current, rate, left, right)
        found = kept.value
        if found is None:
            return choice
        return None if found.text == token else found

    def _weighs(self, token: str, rate: Rate, unsure: bool) -> bool:
        """Can the words around ``token`` change its choice at all (an unknown token only
        when the corrector is ``unsure``; a known one only with a rival)? Depends on the
        document's counts, so it is remembered for one view only."""
        if not self.may_revise(token):
            return False
        if self.corrector.zipf(token) is None:
            return unsure
        if rate[0] and not _shapes(self.corrector, token):
            return False  # nothing to weigh: no long-s rival here, no shape rival
        return len(self._scores(token, rate).value[0]) >= 2

    def _fragment(self, before: str | None, token: str, after: str | None) -> bool:
        """Is ``token`` a piece of a word OCR split (``unterscheid en``, ``En den``)?
        Joining is the engine's split pass's business, not a reading's."""
        in_dictionary = self.corrector.lexicon.in_dictionary
        return (before is not None and in_dictionary(before + token.lower())) or (
            after is not None and in_dictionary(token + after.lower())
        )

    def _word(self, token: str, long_rate: float) -> str:
        """A neighbour as the corrector reads it, lower-cased (``ftarre`` -> ``starre``)."""
        if self.corrector.trusted(token):
            return token.lower()
        key = (token, rate_class(long_rate))
        word = self._read.get(key)
        if word is None:
            found = self.corrector.correct_cached(token, long_rate)
            word = found.text if found is not None and found.confidence >= APPLY else token
            word = self._read[key] = word.lower()
        return word

    def _scores(self, token: str, rate: Rate) -> _Kept[tuple[dict[str, float], frozenset[str]]]:
        """:meth:`_candidates` of a known token (scores and long-s rivals, with the words
        weighed), kept per rate class."""
        kept = self._known.get((token, rate))
        if not self._fresh(kept):
            scores, via_long, weighed = self._candidates(token, rate)
            kept = self._known[(token, rate)] = self._keep((scores, via_long), weighed, None)
        return kept

    def _decide(
        self,
        token: str,
        known: bool,
        current: str,
        rate: Rate,
        left: str | None,
        right: str | None,
    ) -> _Kept[Choice | None]:
        """The decision on ``token`` read as ``current`` between ``left`` and ``right``,
        with the counts it weighed: a known token's rivals are judged by the journal's
        pairs alone, an unknown one's by the document's too."""
        if known:
            kept = self._scores(token, rate)
            (scores, via_long), weighed = kept.value, kept.words
            choice = self._overrule(token, scores, via_long, current, left, right)
            return self._keep(choice, weighed, None)
        scores = self.corrector.readings(token, 10.0 ** (rate[1] / 4))
        self._pairs()
        lefts = {w.lower() for w in scores} | ({left} if left is not None else set())
        choice = self._overrule(token, scores, None, current, left, right)
        return self._keep(choice, self.corrector.weighed(token), lefts)

    def _overrule(
        self,
        token: str,
        scores: dict[str, float],
        via_long: frozenset[str] | None,
        current: str,
        left: str | None,
        right: str | None,
    ) -> Choice | None:
        """A new choice when the context clearly overrules ``current``, else ``None``
        (``via_long``: a known token's rivals a long s gives, ``None`` for an unknown)."""
        known = via_long is not None
        if current not in scores or len(scores) < 2:
            return None
        # a known word's rivals differ in a letter the OCR of this very print confuses
        # (seine/keine): its trusted pairs hold one of them only, so they do not judge
        # only a reading with a counted pair can win; the others weigh without context
        rivals = [
            w
            for w in scores
            if w != current and self._counted(w.lower(), left, right, own=not known)
        ]
        if not rivals:
            return None
        lifts = dict.fromkeys(scores, 0.0)
        for w in [current, *rivals]:
            lifts[w] = self.model.lift(w.lower(), left, right, own=not known)
        totals = {w: scores[w] + lifts[w] for w in scores}
        best = max([current, *rivals], key=totals.__getitem__)
        if (
            best == current
            or totals[best] - totals[current] < MARGIN
            or lifts[best] - lifts[current] < LIFT_MARGIN
            # a valid word read as another by a shape confusion (bat/hat), not by the
            # print's long-s habit: ten times in total, and each neighbour that knows
            # either word knows it
            or (
                via_long is not None
                and best not in via_long
                and (
                    totals[best] - totals[current] < SHAPE_MARGIN
                    or not self._vouched(best.lower(), current.lower(), left, right)
                )
            )
        ):
            return None
        top = totals[best]
        confidence = round(1.0 / sum(10.0 ** (s - top) for s in totals.values()), 3)
        low, other = best.lower(), current.lower()
        evidence = (
            f"context: {self.model.show(left, low, right, not known)} vs "
            f"{self.model.show(left, other, right, not known)}: {token!r} -> {best!r}"
        )
        return Choice(best, confidence, evidence)

    def _counted(
        self, word: str, left: str | None, right: str | None, own: bool, both: bool = False
    ) -> bool:
        """Has ``word`` a listed pair (or, if ``own``, a document pair) with a neighbour
        (with each neighbour if ``both``)?"""
        model = self.model
        found = [
            bool(model.bigrams.pair(a, b) or (own and model.document.get((a, b), 0)))
            for a, b in ((left, word), (word, right))
            if a is not None and b is not None
        ]
        return all(found) if both else any(found)

    def _vouched(self, word: str, other: str, left: str | None, right: str | None) -> bool:
        """Has ``word`` a listed pair with a neighbour, and with each neighbour that has
        one with ``word`` or ``other``? (A neighbour that knows neither says nothing.)"""
        pair = self.model.bigrams.pair
        found = []  # per neighbour: (word's pair, other's pair)
        if left is not None:
            found.append((pair(left, word), pair(left, other)))
        if right is not None:
            found.append((pair(word, right), pair(other, right)))
        return any(mine for mine, _ in found) and all(mine or not theirs for mine, theirs in found)

    def _candidates(
        self, token: str, rate: Rate
    ) -> tuple[dict[str, float], frozenset[str], set[str]]:
        """Score (log10 prior + channel) of a known token and of each dictionary word it
        may have been: one confusion of the channel's table (``bat`` -> ``hat``), and
        where the print's OCR misreads long s (``rate``), up to :data:`MAX_EDITS`
        confusions of its ``f``/``j`` (not the last letter); the readings of the latter; and
        every word (lower-cased) whose count was weighed."""
        corrector = self.corrector
        scores = {token: corrector.prior(token, itself=1)}
        weighed = {token.lower()}
        floor = scores[token] - SHAPE_REACH
        for text, cost in _shapes(corrector, token):
            weighed.add(text.lower())
            score = corrector.prior(text) + cost
            if score >= floor:
                scores[text] = max(score, scores.get(text, -math.inf))
        low_rate, bucket = rate
        if low_rate or not _suspect(token):
            return scores, frozenset(), weighed
        via_long: set[str] = set()
        for text, cost in _long_s_rivals(corrector, token, bucket):
            weighed.add(text.lower())
            score = corrector.prior(text) + cost
            scores[text] = max(score, scores.get(text, -math.inf))
            via_long.add(text)
        return scores, frozenset(via_long), weighed


def _shapes(corrector: Corrector, token: str) -> list[tuple[str, float]]:
    """The dictionary words one confusion of the channel's table makes of ``token``,
    with its cost; remembered with the table (they depend on it and the lexicon alone:
    :meth:`normalise.channel.Table.memo_for`)."""
    if len(token) > SHAPE_LONGEST:
        return []
    memo = corrector.confusions.memo_for("shapes", token)
    found = memo.get(token)
    if found is None:
        found = memo[token] = [
            (text, cost)
            for text, cost, _ in readings(
                token, 1, 0, 500, corrector.lexicon.prefixes, confusions=corrector.confusions
            )
            if text != token and corrector.real_word(text)
        ]
    return found


def _long_s_rivals(corrector: Corrector, token: str, bucket: int) -> list[tuple[str, float]]:
    """The dictionary words up to :data:`MAX_EDITS` confusions of the ``f``/``j`` of
    ``token`` make (not its last letter: a long s read, at the rate of ``bucket``, or a
    confusion of the table), each with its channel cost; remembered with the table."""
    memo = corrector.confusions.memo_for("long-s rivals", token)
    found = memo.get((token, bucket))
    if found is not None:
        return found  # type: ignore[no-any-return]
    cost_of_long = bucket / 4  # log10 of the bucket's rate
    other = corrector.confusions.other
    slots: list[list[tuple[str, float]]] = []
    for k, ch in enumerate(token):
        here = [(ch, 0.0)]
        if ch in SUSPECT and k < len(token) - 1:
            if ch in _LONG_COST:  # long s is never a capital
                here.append(("s", _LONG_COST[ch] + cost_of_long))
            here += [(t, c) for t, c in other.get(ch, ()) if len(t) == 1]
        slots.append(here)
    found = memo[(token, bucket)] = []
    for combo in itertools.product(*slots):
        text = "".join(t for t, _ in combo)
        edits = sum(t != ch for (t, _), ch in zip(combo, token, strict=True))
        if text == token or edits > MAX_EDITS or not corrector.real_word(text):
            continue
        found.append((text, sum(c for _, c in combo)))
    return found


def _suspect(token: str) -> bool:
    """Has ``token`` an ``f``/``j`` a long s may hide (not its last letter)?"""
    return any(c in SUSPECT for c in token[:-1])


def _neighbour(text: str, tokens: list[tuple[int, int, str]], i: int, step: int) -> str | None:
    """The token next to token ``i`` in the same clause, if any."""
    j = i + step
    if not 0 <= j < len(tokens):
        return None
    a, b = (tokens[j][1], tokens[i][0]) if step < 0 else (tokens[i][1], tokens[j][0])
    if not _one_clause(text[a:b]):
        return None
    return tokens[j][2]


@lru_cache(maxsize=4096)
def _one_clause(gap: str) -> bool:
    """Does ``gap``, the text between two tokens, keep them in one clause?"""
    return _SEPARATOR.fullmatch(gap) is not None
