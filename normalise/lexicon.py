"""The German lexicon the corrector scores candidates with, built once and cached.

Sources (all the field's own, none keyed to our books), in layers from most to least
trusted (the document's own consensus, above them all, is the corrector's business):

1. historical German: word counts of the Polytechnisches Journal 1820-1931
   (Dingler-Online, CC BY-SA 4.0), built by ``scripts/build_histlex.py`` into
   ``normalise/data/histlex-words.tsv.xz`` (spelling as printed: ``seyn``, ``Theil``);
   forms of at least :data:`HISTORICAL_MIN_LENGTH` letters counted at least
   :data:`HISTORICAL_CANDIDATE_MIN` times, less the transcription's own long-s
   misreadings; a form a modern list lacks becomes a dictionary word;
2. modern German: wordfreq's German list (frequencies), the Debian Hunspell
   dictionaries de_DE-1901 (traditional orthography), de_DE and de_AT (expanded
   through their affix rules), the traditional full-form list ``/usr/share/dict/ogerman``
   and the word forms of spaCy's German lookup lemmatizer (spacy-lookups-data);
3. wordfreq-only German forms from Zipf :data:`WORDFREQ_KNOWN` on and the most frequent
   English and French words from Zipf :data:`FOREIGN_KNOWN` on: known (a token that is
   one is not corrected), never a replacement, and demoted (a corrector's penalty); a
   German form the historical layer has leaves this layer (a French or English one
   stays: the journal quotes both).

A missing source only costs coverage: it is skipped with a warning.

The lexicon maps lower-cased forms to a Zipf frequency (log10 per billion words): the
modern one where a modern list has the form (a technical journal's frequencies, of
``Luft`` or ``fein``, would outweigh a card game's), else the historical one; dictionary
forms unknown to wordfreq get :data:`DICT_FLOOR`. It is cached as a
pickle under ``$XDG_CACHE_HOME/stichwort/`` (or ``~/.cache/stichwort/``), keyed by
a hash of the source files and :data:`VERSION`.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import lzma
import math
import os
import pickle
import re
import warnings
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from operator import itemgetter
from pathlib import Path
from typing import Any, TypeVar

from normalise.collector import keep
from normalise.memo import named
from normalise.neighbours import VERSION as NEIGHBOURS_VERSION
from normalise.neighbours import Neighbours, of_lexicon
from normalise.textio import atomic_write

VERSION = "21"
DICT_FLOOR = 1.5  # Zipf given to dictionary forms that wordfreq does not know
WORDFREQ_KNOWN = 3.5  # wordfreq-only forms count as words from this Zipf on (it holds OCR junk)
# foreign words stay as printed: frequent words of these languages count as known
# (never as replacements), like wordfreq-only German forms
FOREIGN_LANGUAGES = ("fr", "en")
FOREIGN_TOP = 20_000
FOREIGN_KNOWN = 4.0
DATA = Path(__file__).resolve().parent / "data"
HISTORICAL = DATA / "histlex-words.tsv.xz"
HISTORICAL_MIN = 3  # counts below this are too likely typos of the transcription
HISTORICAL_MIN_LENGTH = 4  # shorter forms of a technical journal are mostly abbreviations
# ("nn", "cm", "ccm"): they add nothing
MISREADING_RATIO = 100  # see _long_s_misreading
# a historical form counted fewer times than this is as likely a name, a foreign term or
# a slip of the transcription as a word: the historical layer leaves it out
HISTORICAL_CANDIDATE_MIN = 50
HUNSPELL = Path("/usr/share/hunspell")
HUNSPELL_NAMES = ("de_DE-1901", "de_DE", "de_AT")
WORDLIST = Path("/usr/share/dict/ogerman")
LEFT_MIN_ZIPF = 2.0  # a compound's first part is a form at least this common
LINKS = ("", "s", "es", "n", "en", "e", "er")  # German compound linking elements
_LONGEST_LINK = max(map(len, LINKS))
_LAST_FOUR = itemgetter(slice(-4, None))


def cache_dir() -> Path:
    """Where built lexicons are cached."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "stichwort"


T = TypeVar("T")


Shape = type | tuple[type, ...]  # a type, or a tuple's length and the type of each item


def fits(value: object, kind: Shape) -> bool:
    """Is ``value`` of ``kind``: an instance of the type, or a tuple of as many items,
    each of its type?"""
    if isinstance(kind, type):
        return isinstance(value, kind)
    return (
        isinstance(value, tuple)
        and len(value) == len(kind)
        and all(isinstance(v, k) for v, k in zip(value, kind, strict=True))
    )


CACHES_KEPT = 4  # caches of one kind kept (the most recently used); older ones go


def cached(name: str, paths: list[Path], make: Callable[[], T], kind: Shape) -> T:
    """``make()``, kept as a pickle ``<name>-<key>.pickle`` under :func:`cache_dir` keyed by
    :func:`cache_key` of ``paths``: read from there when it :func:`fits` ``kind``, else
    made and written (a cache that cannot be written is only warned about). So a cache
    of another shape, left by another version of the code, is made anew.

    Each clone of the repository keys its caches anew (by its data files' times), so
    when one is written, all but the :data:`CACHES_KEPT` most recently used of its kind
    (its name without a version number) are deleted; reading one marks it used."""
    path = cache_dir() / f"{name}-{cache_key(paths)}.pickle"
    try:
        with path.open("rb") as handle:
            found = pickle.load(handle)
        if fits(found, kind):
            with contextlib.suppress(OSError):
                os.utime(path)  # used now
            return found  # type: ignore[return-value]
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError):
        pass  # no cache yet, or an unreadable one: make anew
    value = make()
    try:
        atomic_write(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError as error:
        warnings.warn(f"cannot cache {name} at {path}: {error}", stacklevel=3)
    else:
        _prune(path.parent, name.rstrip("0123456789"))
    return value


def _prune(folder: Path, kind: str) -> None:
    """Delete all but the :data:`CACHES_KEPT` most recently used caches of ``kind``
    (``<kind><version>-<key>.pickle``) in ``folder``; one that cannot be is left."""
    pattern = re.compile(re.escape(kind) + r"\d*-[0-9a-f]+\.pickle")
    found = []
    for path in folder.iterdir():
        if pattern.fullmatch(path.name):
            with contextlib.suppress(OSError):
                found.append((path.stat().st_mtime, path))
    for _, path in sorted(found, reverse=True)[CACHES_KEPT:]:
        with contextlib.suppress(OSError):
            path.unlink()


def _lemma_table() -> Path | None:
    try:
        import spacy_lookups_data  # type: ignore[import-untyped]
    except ImportError:
        return None
    path = Path(spacy_lookups_data.__file__).parent / "data" / "de_lemma_lookup.json.gz"
    return path if path.exists() else None


def _sources() -> list[Path]:
    paths: list[Path] = []
    for name in HUNSPELL_NAMES:
        dic, aff = HUNSPELL / f"{name}.dic", HUNSPELL / f"{name}.aff"
        if dic.exists() and aff.exists():
            paths += [dic, aff]
        else:
            warnings.warn(f"dictionary {dic} missing: lexicon is smaller", stacklevel=3)
    if WORDLIST.exists():
        paths.append(WORDLIST)
    else:
        warnings.warn(f"word list {WORDLIST} missing: lexicon is smaller", stacklevel=3)
    table = _lemma_table()
    if table is not None:
        paths.append(table)
    if HISTORICAL.exists():
        paths.append(HISTORICAL)
    else:
        warnings.warn(f"historical lexicon {HISTORICAL} missing: lexicon is smaller", stacklevel=3)
    return paths


def _key(paths: Iterable[Path]) -> str:
    digest = hashlib.sha256(VERSION.encode())
    try:
        import wordfreq

        digest.update(getattr(wordfreq, "__version__", "wordfreq").encode())
    except ImportError:
        pass
    for path in paths:
        stat = path.stat()
        digest.update(f"{path}:{stat.st_size}:{int(stat.st_mtime)}".encode())
    return digest.hexdigest()[:16]


def cache_key(paths: Iterable[Path] | None = None) -> str:
    """The key of the lexicon's cache: what it is built from (the data files of
    ``paths``, by default those found now, and the versions they depend on)."""
    return _key(_sources() if paths is None else paths)


def _dictionary_forms(paths: list[Path]) -> set[str]:
    """Lower-cased word forms of the dictionaries, the word list and the lemma table."""
    from normalise.hunspell import expand

    forms: set[str] = set()
    for name in HUNSPELL_NAMES:
        dic, aff = HUNSPELL / f"{name}.dic", HUNSPELL / f"{name}.aff"
        if dic in paths:
            forms.update(w.lower() for w in expand(dic, aff))
    if WORDLIST in paths:
        forms.update(w.strip().lower() for w in WORDLIST.read_text(encoding="utf-8").splitlines())
    table = _lemma_table()
    if table is not None and table in paths:
        with gzip.open(table, "rt", encoding="utf-8") as handle:
            data = json.load(handle)
        forms.update(k.lower() for k in data)
        forms.update(v.lower() for v in data.values())
    return {f for f in forms if f and f.isalpha()}


def historical_counts(path: Path = HISTORICAL) -> dict[str, int]:
    """The historical word counts (``word<TAB>count`` lines, xz-compressed)."""
    counts: dict[str, int] = {}
    with lzma.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            word, _, count = line.rstrip("\n").partition("\t")
            counts[word] = int(count)
    return counts


def attested(path: Path = HISTORICAL) -> frozenset[str]:
    """The forms the historical corpus prints at least :data:`HISTORICAL_MIN` times
    (none without its file)."""
    counts = historical_counts(path) if path.exists() else {}
    return frozenset(w for w, n in counts.items() if n >= HISTORICAL_MIN)


def _long_s_misreading(word: str, count: int, counts: dict[str, int]) -> bool:
    """Is ``word`` a long s misread as f or j in the transcription: one f/j (not at the
    end) read as s gives a form :data:`MISREADING_RATIO` times as frequent (``fich``)?"""
    for i, c in enumerate(word[:-1]):
        if c in "fj" and counts.get(word[:i] + "s" + word[i + 1 :], 0) >= MISREADING_RATIO * count:
            return True
    return False


def _historical(counts: dict[str, int]) -> dict[str, float]:
    """Zipf of the historical forms the lexicon takes: at least
    :data:`HISTORICAL_MIN_LENGTH` letters counted at least :data:`HISTORICAL_CANDIDATE_MIN`
    times, less the transcription's own long-s misreadings (judged against all counts)."""
    total = sum(counts.values())
    return {
        w: round(math.log10(c / total * 1e9), 2)
        for w, c in counts.items()
        if c >= HISTORICAL_CANDIDATE_MIN
        and len(w) >= HISTORICAL_MIN_LENGTH
        and w.isalpha()
        and not _long_s_misreading(w, c, counts)
    }


def build(paths: list[Path]) -> tuple[dict[str, float], frozenset[str]]:
    """Build the form -> Zipf table from ``paths`` and wordfreq, and the demoted forms
    (wordfreq-only and foreign forms no dictionary and no historical count confirm)."""
    forms = _dictionary_forms(paths)
    historical = _historical(historical_counts() if HISTORICAL in paths else {})
    table: dict[str, float] = dict.fromkeys(forms, DICT_FLOOR)
    foreign: set[str] = set()
    other_languages: set[str] = set()
    try:
        import wordfreq

        freqs = wordfreq.get_frequency_dict("de", wordlist="large")
        for word in [w for w, z in table.items() if "ß" in w and z == DICT_FLOOR]:
            freq = freqs.get(word.replace("ß", "ss"))  # wordfreq folds ß to ss
            if freq:
                table[word] = max(DICT_FLOOR, round(math.log10(freq * 1e9), 2))
        for word, freq in freqs.items():
            if not word.isalpha():
                continue
            zipf = round(math.log10(freq * 1e9), 2)
            if word in table:
                table[word] = max(zipf, DICT_FLOOR)
            elif zipf >= WORDFREQ_KNOWN:
                table[word] = zipf
                foreign.add(word)
        for lang in FOREIGN_LANGUAGES:
            for word in wordfreq.top_n_list(lang, FOREIGN_TOP):
                zipf = wordfreq.zipf_frequency(word, lang)
                if word.isalpha() and word not in forms and zipf >= FOREIGN_KNOWN:
                    other_languages.add(word)
                if word.isalpha() and word not in table and zipf >= FOREIGN_KNOWN:
                    table[word] = zipf
                    foreign.add(word)
    except ImportError:
        warnings.warn("wordfreq not installed: lexicon has no frequencies", stacklevel=2)
    for word, zipf in historical.items():
        table[word] = table.get(word, zipf)
        if word not in other_languages:  # the journal quotes French and English too
            foreign.discard(word)
    return table, frozenset(foreign)


def word_prefixes(words: Iterable[str], length: int = 6) -> frozenset[str]:
    """Every beginning of up to ``length`` letters of ``words``."""
    out: set[str] = set()
    for word in words:
        for k in range(1, min(length, len(word)) + 1):
            out.add(word[:k])
    return frozenset(out)


def fill_bigrams(words: Iterable[str]) -> dict[str, int]:
    """Counts of the letter pairs around ä ö ü ß in ``words`` (``^``/``$`` mark word ends)."""
    counts: dict[str, int] = {}
    pattern = re.compile("[äöüß]")
    for word in words:
        padded = "^" + word + "$"
        for m in pattern.finditer(padded):
            i = m.start()
            for pair in (padded[i - 1 : i + 1], padded[i : i + 2]):
                counts[pair] = counts.get(pair, 0) + 1
    return counts


class Lexicon:
    """Lower-cased word forms with Zipf frequencies; compounds judged by their parts."""

    def __init__(
        self,
        zipf: dict[str, float],
        undictionaried: frozenset[str] = frozenset(),
        prefixes: frozenset[str] | None = None,
        fill: dict[str, int] | None = None,
    ) -> None:
        self.table = zipf
        self.undictionaried = undictionaried
        self.prefixes = prefixes if prefixes is not None else word_prefixes(zipf)
        self._fill = fill
        self._neighbours: Neighbours | None = None
        self._attested: frozenset[str] | None = None
        self._memos: dict[str, dict[Any, Any]] = {}
        self._longest: int | None = None
        # the last four letters of every form: the end of any compound of forms
        self._endings = frozenset(map(_LAST_FOUR, zipf))

    @property
    def longest(self) -> int:
        """Length of the longest form: no compound of two forms is more than twice as long."""
        if self._longest is None:
            self._longest = max(map(len, self.table), default=0)
        return self._longest

    def fill_bigrams(self) -> dict[str, int]:
        """Counts of the letter pairs around ä ö ü ß in the lexicon (``^``/``$`` word ends)."""
        if self._fill is None:
            self._fill = fill_bigrams(self.table)
        return self._fill

    @property
    def neighbours(self) -> Neighbours:
        """The deletion index of the frequent forms (built on first use)."""
        if self._neighbours is None:
            self._neighbours = of_lexicon(self.table, self.undictionaried)
        return self._neighbours

    @property
    def attested(self) -> frozenset[str]:
        """:func:`attested`: the rare forms the lexicon leaves out too, words of the time
        whatever their spelling (``freyen``, ``Monathe``). Read on first use."""
        if self._attested is None:
            self._attested = attested()
        return self._attested

    def memo(self, name: str) -> dict[Any, Any]:
        """The memo ``name`` of something that depends on the lexicon alone (a Zipf value,
        whether a token is a compound's part), shared by every corrector of the process,
        so that a batch's documents do not work it out again (:func:`memo.named`)."""
        return named(self._memos, name)

    def near_a_word(self, word: str) -> bool:
        """Is a frequent form within two edits of ``word`` (:attr:`neighbours`)?
        Remembered (:meth:`memo`)."""
        near = self.memo("near a word")
        found = near.get(word)
        if found is None:
            found = near[word] = any(self.neighbours.near(word))
        return found

    def in_dictionary(self, word: str) -> bool:
        """True when a German dictionary (not only wordfreq) lists the form."""
        low = word.lower()
        return low in self.table and low not in self.undictionaried

    def __contains__(self, word: str) -> bool:
        return word.lower() in self.table

    def zipf(self, word: str) -> float | None:
        """Zipf frequency of a known form, of a compound of known forms, else ``None``."""
        low = word.lower()
        value = self.table.get(low)
        if value is not None:
            return value
        return self.compound_zipf(low)

    def compound_left(self, head: str) -> str:
        """The longest stem ``head`` (lower-cased) can begin a compound with: a form of
        :data:`LEFT_MIN_ZIPF` or more, of three letters or more, before a linking element
        or none; ``""`` if it cannot."""
        table = self.table
        for stem in _stems(head):
            if len(stem) >= 3 and table.get(stem, 0.0) >= LEFT_MIN_ZIPF:
                return stem
        return ""

    def compound_right(self, tail: str) -> bool:
        """Can ``tail`` (lower-cased) end a compound: a form of four letters or more, of
        Zipf :data:`DICT_FLOOR` or more (as :meth:`compound_zipf` reads it)?"""
        return len(tail) >= 4 and self.table.get(tail, 0.0) >= DICT_FLOOR

    def compound_zipf(self, low: str) -> float | None:
        """Score of the best split of ``low`` into two known parts (with a linking element).

        A word longer than two forms and a link cannot be split, so a long token costs
        no more than a short one.
        """
        if not 7 <= len(low) <= 2 * self.longest + _LONGEST_LINK or not low.isalpha():
            return None
        if low[-4:] not in self._endings:
            return None  # no form of four letters or more ends the word
        table = self.table
        best: float | None = None
        for i in range(len(low) - 4, 2, -1):
            right = table.get(low[i:])
            if right is None or right < DICT_FLOOR:
                continue
            for stem in _stems(low[:i]):
                left = table.get(stem)
                if left is not None and len(stem) >= 3 and left >= LEFT_MIN_ZIPF:
                    score = min(left, right) - 1.5
                    if best is None or score > best:
                        best = score
        return best


def _stems(head: str) -> Iterator[str]:
    """What ``head`` is without each linking element it may end with (:data:`LINKS`)."""
    for link in LINKS:
        if not link:
            yield head
        elif head.endswith(link):
            yield head[: -len(link)]


@lru_cache(maxsize=1)
def load() -> Lexicon:
    """The lexicon, from the cache or built (and cached) on first use."""
    paths = _sources()

    def make() -> tuple[object, ...]:
        table, undictionaried = build(paths)
        return table, undictionaried, word_prefixes(table), fill_bigrams(table)

    lexicon = Lexicon(*cached("lexicon", paths, make, (dict, frozenset, frozenset, dict)))

    def index() -> tuple[Neighbours, frozenset[str]]:
        return of_lexicon(lexicon.table, lexicon.undictionaried), attested()

    name = f"neighbours{NEIGHBOURS_VERSION}"
    lexicon._neighbours, lexicon._attested = cached(name, paths, index, (Neighbours, frozenset))
    keep()  # held to the process's end: no collection need walk it
    return lexicon
