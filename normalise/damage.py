"""Synthetic Fraktur OCR damage for clean text, to measure the repair on text it never saw.

:func:`damage` applies, word by word and with a seeded random generator, the damage
Fraktur OCR does (see ``corpus/*/meta.toml`` ``[damage]`` and the channel's prior table):
long s read as ``f`` (at a rate drawn per document) or ``j``; the ``k/f/t/l`` family;
``ch`` read as ``d)``; ``c/e``, ``n/u``, ``rn/m``, ``h/b``; capitals (``B/V/P``, ``A/U``,
``L/Z``); umlauts lost (``ü`` as ``ii`` or U+FFFD); words split in two and joined;
short runs of debris between words. It returns the damaged text and, per word, where
it stands in both texts, so a benchmark can tell a repair from an over-correction.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from normalise.channel import WILDCARD, WILDCARD_FILLS

# (printed, OCR output, weight): which letters are misread as what, and how often
# relative to each other (long s is separate: its rate is drawn per document)
SHAPES: tuple[tuple[str, str, float], ...] = (
    ("k", "f", 3.0),
    ("k", "t", 1.0),
    ("l", "t", 1.0),
    ("t", "l", 1.0),
    ("f", "t", 0.5),
    ("ch", "d)", 3.0),
    ("ch", "c)", 1.0),
    ("ck", "d", 0.5),
    ("c", "e", 1.0),
    ("e", "c", 1.0),
    ("n", "u", 1.5),
    ("u", "n", 1.5),
    ("m", "rn", 1.0),
    ("m", "in", 0.5),
    ("h", "b", 1.0),
    ("b", "h", 1.0),
    ("r", "x", 0.3),
    ("v", "o", 0.3),
    ("ü", "ii", 1.0),
    ("B", "V", 1.0),
    ("B", "P", 1.0),
    ("A", "U", 1.0),
    ("L", "Z", 1.0),
    ("S", "G", 1.0),
    ("e", "«", 0.3),
    ("s", "»", 0.2),
    ("i", "!", 0.2),
    ("l", "1", 0.3),
)
_WORD = re.compile(r"[^\W\d_]+")
_DEBRIS = ("i", ".", ",", "'", "-", ":", "r", "«", "^", ")", "i.")


@dataclass(frozen=True, slots=True)
class Word:
    """One word of the clean text, where it stands in the damaged text, and if damaged."""

    clean_start: int
    clean_end: int
    start: int
    end: int
    damaged: bool


@dataclass(frozen=True, slots=True)
class Damaged:
    """A damaged text, the clean text it was made from, and the word map."""

    clean: str
    text: str
    words: tuple[Word, ...]


def _long_s_positions(word: str) -> list[int]:
    """Positions of ``s`` that Fraktur prints as long s (not at the end of the word)."""
    return [i for i, c in enumerate(word) if c == "s" and i < len(word) - 1]


def _damage_word(word: str, rng: random.Random, rate: float, long_rate: float) -> str:
    out = word
    for i in sorted(_long_s_positions(word), reverse=True):
        if rng.random() < long_rate:
            out = out[:i] + ("j" if rng.random() < 0.1 else "f") + out[i + 1 :]
    if rng.random() < rate * len(word):
        options = [(p, o, w) for p, o, w in SHAPES if p in out]
        if options:
            printed, ocr, _ = rng.choices(options, weights=[w for _, _, w in options])[0]
            places = [m.start() for m in re.finditer(re.escape(printed), out)]
            at = rng.choice(places)
            out = out[:at] + ocr + out[at + len(printed) :]
    if rng.random() < rate * 0.3 and any(c in WILDCARD_FILLS for c in out):
        at = rng.choice([i for i, c in enumerate(out) if c in WILDCARD_FILLS])
        out = out[:at] + WILDCARD + out[at + 1 :]
    return out


def damage(clean: str, seed: int, rate: float = 0.015, long_rate: float | None = None) -> Damaged:
    """Damage ``clean``: about ``rate`` shape errors per letter, long s read as ``f`` at
    ``long_rate`` (drawn between 0 and 0.6 when not given), splits and joins at a tenth
    of ``rate`` per word, debris between words. Same seed, same damage."""
    rng = random.Random(seed)
    if long_rate is None:
        long_rate = rng.uniform(0.0, 0.6)
    parts: list[str] = []
    words: list[Word] = []
    length = 0
    last = 0
    for m in _WORD.finditer(clean):
        gap = clean[last : m.start()]
        if gap == " " and words and rng.random() < rate * 3:
            gap = ""  # two words joined
        elif rng.random() < rate * 0.5:
            gap = gap + rng.choice(_DEBRIS) + " "
        parts.append(gap)
        length += len(gap)
        word = m.group()
        new = _damage_word(word, rng, rate, long_rate)
        if len(new) >= 4 and rng.random() < rate * 3:
            at = rng.randrange(2, len(new) - 1)
            new = new[:at] + " " + new[at:]  # split in two
        parts.append(new)
        words.append(Word(m.start(), m.end(), length, length + len(new), new != word))
        length += len(new)
        last = m.end()
    parts.append(clean[last:])
    return Damaged(clean, "".join(parts), tuple(words))
