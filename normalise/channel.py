"""The error model: how Fraktur OCR turns printed letters into the letters it outputs.

:data:`CONFUSIONS` is a weighted confusion table, ``(observed, intended, log10 P)``:
the OCR output ``observed`` stands for the printed ``intended``. The long-s class
(``f``/``j``/``l`` read for a printed ``ſ``, written ``s``) is listed separately in
:data:`LONG_S`, because its rate varies from page to page and the engine estimates
it from the document itself. Lower-case rules also hold capitalised.
:func:`variants` enumerates what a token may have been, with the cost of each.
The tables are a prior: :func:`normalise.learn.document_confusions` adds what a
document's own OCR does.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from normalise.memo import MEMO_LIMIT, named

# observed -> intended, log10 probability that the OCR produced `observed` for `intended`
LONG_S: tuple[tuple[str, str, float], ...] = (
    ("f", "s", 0.0),  # the engine adds the local long-s misreading rate
    ("j", "s", -0.5),
    ("l", "s", -1.5),
    ("i", "s", -1.0),
    ("I", "s", -1.0),  # ſ has no capital: a word-initial ſ read as I stays lower case
    ("jf", "s", -1.0),
)

CONFUSIONS: tuple[tuple[str, str, float], ...] = (
    # glyphs whose lower part OCR reads as a bracket or semicolon
    ("d)", "ch", -0.7),
    ("d;", "ch", -0.7),
    ("c)", "ch", -0.7),
    ("dy", "ch", -1.5),
    ("dj", "ch", -1.5),
    ("d)", "ck", -1.5),
    ("dh", "ch", -1.5),
    ("h", "ch", -2.0),
    ("d", "ck", -2.0),
    # shape confusions of Fraktur letters
    ("f", "k", -1.5),
    ("t", "l", -1.7),
    ("f", "l", -2.0),
    ("l", "t", -1.7),
    ("k", "t", -2.0),
    ("f", "t", -2.2),  # a final t read as f (Schwaighofer: "Antworf", "Liegf")
    ("t", "k", -2.0),
    ("c", "e", -1.8),
    ("e", "c", -2.0),
    ("n", "u", -1.8),
    ("u", "n", -1.8),
    ("rn", "m", -1.8),
    ("m", "rn", -2.2),
    ("ri", "n", -1.8),
    ("in", "m", -2.2),
    ("m", "w", -2.0),
    ("w", "m", -2.2),
    ("r", "n", -2.2),
    ("r", "t", -2.5),  # Engelmann: "erwas", "genannr"; dearer, since "Rarte" is "Karte"
    ("n", "r", -2.2),
    ("b", "h", -2.0),
    ("b", "d", -2.2),  # a stroke apart in Fraktur (Schwaighofer: "bie", "bem", "unb")
    ("h", "b", -2.0),
    ("i", "l", -2.2),
    ("l", "i", -2.2),
    ("v", "o", -2.2),
    ("o", "v", -2.2),
    ("x", "r", -2.2),
    ("g", "z", -2.2),
    # the Fraktur tz ligature read as one letter (Schwaighofer: "jegt", "Befiger", "Spike")
    ("g", "tz", -2.5),
    ("k", "tz", -2.5),
    ("b", "tz", -2.5),
    ("z", "g", -2.5),
    # signs read for letters (the tokenizer keeps them inside a word)
    ("»", "s", -1.5),
    ("«", "e", -1.5),
    ("}", "s", -2.0),
    ("|", "l", -1.5),
    ("|", "i", -2.0),
    ("1", "l", -1.5),
    ("1", "i", -2.0),
    ("!", "l", -2.0),
    ("!", "i", -2.0),
    (")", "e", -2.2),
    (")", "ch", -1.0),  # the ch ligature read as ")" alone at a word's end ("fi)", "au)")
    ("ii", "ü", -1.5),
    # capitals
    ("E", "k", -1.7),
    ("S", "F", -1.7),
    ("S", "I", -2.0),
    ("Z", "L", -1.8),
    ("R", "L", -2.0),
    ("R", "K", -2.0),
    ("Z", "F", -2.0),
    ("Z", "T", -2.0),
    ("G", "S", -2.0),
    ("G", "J", -2.0),
    ("B", "G", -2.0),
    ("T", "F", -2.0),
    ("B", "V", -2.0),
    ("V", "B", -2.0),
    ("W", "B", -2.0),
    ("B", "W", -2.0),
    ("V", "W", -2.0),
    ("W", "V", -2.0),
    ("F", "S", -1.8),
    ("J", "S", -2.0),
    ("B", "P", -2.0),
    ("V", "P", -2.2),
    ("U", "A", -2.0),
    # Fraktur capitals of like shape (Schwaighofer: "Biguren", "Valle", "Xusgehen",
    # "Epieler", "Drten", "Lleine")
    ("B", "F", -2.0),
    ("V", "F", -2.0),
    ("X", "A", -2.0),
    ("E", "S", -2.0),
    ("D", "O", -2.0),
    ("L", "K", -2.0),
)

OPEN_COST = -2.5  # log10 P of one edit the tables do not have (any letter for any other)

# (printed, modern) spellings that alternate in historical German: a confusion that only
# swaps one for the other would modernise the text (``freyen``, ``korrigirt``,
# ``Thür``, ``abgelößt``, ``teutsch``), which the reading text must not (TRANSCRIPTION.md);
# so does an e dropped or added (``geleget``, ``Gebürg``), see :func:`spelling`
SPELLINGS: frozenset[tuple[str, str]] = frozenset(
    pair
    for old, new in (
        ("y", "i"),
        ("i", "ie"),
        ("th", "t"),
        ("ß", "s"),
        ("c", "k"),
        ("c", "z"),
        ("t", "d"),
        ("ä", "e"),
    )
    for pair in ((old, new), (new, old), (old.capitalize(), new.capitalize()))
)

# signs OCR reads for letters inside a word (the tokenizer keeps them there)
LETTER_SIGNS = "«»}|1!)"
# letters before which a word's last ")" or ";" is read for "ch" ("aud)", "nad;")
CH_BEFORE_SIGN = "dc"

# U+FFFD: the encoding lost one of these characters
WILDCARD = "\ufffd"
# what a letter lost to the encoding was: an umlaut, ß, or the Fraktur tz ligature
# (Schwaighofer's "je\ufffdt", "dri\ufffdige"), which follows a lower-case letter
WILDCARD_FILLS: tuple[str, ...] = ("ä", "ö", "ü", "ß", "Ä", "Ö", "Ü", "tz")


@dataclass(frozen=True, slots=True)
class Variant:
    """A reading of a token: its text, the fixed log10 cost, the long-s edits it used."""

    text: str
    cost: float
    long_s: int


def _with_capitals(
    rules: tuple[tuple[str, str, float], ...],
) -> dict[str, list[tuple[str, float]]]:
    table: dict[str, list[tuple[str, float]]] = {}
    for observed, intended, cost in rules:
        table.setdefault(observed, []).append((intended, cost))
        if observed.islower() and intended.islower():
            cap_o, cap_i = observed.capitalize(), intended.capitalize()
            if cap_o != observed and (cap_o, cap_i) not in [
                (o, i) for o, i, _ in CONFUSIONS + LONG_S
            ]:
                table.setdefault(cap_o, []).append((cap_i, cost - 0.3))
    return table


_OTHER = _with_capitals(CONFUSIONS)
_LONG = {o: [(i, c)] for o, i, c in LONG_S}


Step = tuple[int, str, float]  # letters consumed, text, cost
# the moves at a position: other confusions, long-s readings, and readings at no cost
# (the letter itself, or the fills of a U+FFFD)
Moves = tuple[tuple[Step, ...], tuple[Step, ...], tuple[Step, ...]]


Added = tuple[tuple[str, str, float], ...]  # confusions added to the prior table


@dataclass(frozen=True, slots=True)
class Table:
    """The compiled confusions a corrector uses: the prior table plus a source's own."""

    other: dict[str, list[tuple[str, float]]]
    first: frozenset[str]
    # the moves at a position, by (the letter and the next, two letters left?, real_word)
    moves: dict[tuple[str, bool, bool], Moves] = field(
        default_factory=dict, compare=False, repr=False
    )
    # the confusions added to the prior table (table's ``extra``)
    added: Added = field(default=(), compare=False)
    # token -> the added confusions of the least table that reads it alike (memo_for)
    _owners: dict[str, Added] = field(default_factory=dict, compare=False, repr=False)

    def stretch(self, observed: str, intended: str) -> tuple[float, int] | None:
        """(cost, long-s edits) of the tables' reading of ``observed`` as ``intended``,
        ``None`` when they have none."""
        for i, c in _LONG.get(observed, ()):
            if i == intended:
                return c, 1
        best = max((c for i, c in self.other.get(observed, ()) if i == intended), default=None)
        return None if best is None else (best, 0)

    def memo(self, name: str) -> dict[Any, Any]:
        """The memo ``name`` of something that depends on this table and the lexicon
        alone, shared by every corrector that uses the table
        (:func:`normalise.memo.named`)."""
        return named(_memos(self.added), name)

    def memo_for(self, name: str, token: str) -> dict[Any, Any]:
        """:meth:`memo` for what ``token`` alone decides (its readings, those of its
        parts), kept with the least table that reads it alike: the prior with only the
        added confusions whose observed letters occur in ``token``. A confusion that
        never applies changes none of its moves, so documents that learned other
        confusions share the readings of the tokens these do not touch."""
        mine: Added = ()
        if self.added:
            found = self._owners.get(token)
            if found is None:
                found = tuple(c for c in self.added if c[0] in token)
                if len(self._owners) >= MEMO_LIMIT:
                    self._owners.clear()
                self._owners[token] = found
            mine = found
        memos = _MEMOS.get(mine)
        memo = None if memos is None else memos.get(name)
        if memo is None or len(memo) >= MEMO_LIMIT:  # the memo made (afresh)
            memo = named(_memos(mine), name)
        return memo


_MEMOS: dict[Added, dict[str, dict[Any, Any]]] = {}
TABLES_REMEMBERED = 256  # tables whose memos are kept, before they start afresh


def _memos(added: Added) -> dict[str, dict[Any, Any]]:
    """The memos of the table with ``added``, kept for the process whether or not the
    table itself is (they start afresh past :data:`TABLES_REMEMBERED` tables)."""
    found = _MEMOS.get(added)
    if found is None:
        if len(_MEMOS) >= TABLES_REMEMBERED:
            _MEMOS.clear()
        found = _MEMOS[added] = {}
    return found


def changed_letters(old: Added, new: Added) -> set[str]:
    """The observed letters whose confusions differ between two tables' added ones (in
    what they read or its order): a token without them is read alike by both."""

    def of(added: Added, observed: str) -> list[tuple[str, float]]:
        return [(i, c) for o, i, c in added if o == observed]

    return {o for o, _, _ in old + new if of(old, o) != of(new, o)}


def touches(token: str, letters: AbstractSet[str]) -> bool:
    """Does ``token`` hold any of ``letters`` (observed letters of confusions)?"""
    return any(o in token for o in letters)


@lru_cache(maxsize=16)
def table(extra: Added = ()) -> Table:
    """The prior confusion table with ``extra`` (observed, intended, log10 P) added."""
    other = {k: list(v) for k, v in _OTHER.items()}
    for observed, intended, cost in extra:
        other.setdefault(observed, []).append((intended, cost))
    return Table(other, frozenset(k[0] for k in list(other) + list(_LONG)), added=extra)


REAL_WORD_LONG_S = ("f", "j")  # the misreadings common enough to doubt a known word
_LONG_REAL = {o: v for o, v in _LONG.items() if o in REAL_WORD_LONG_S}
_FIRST_REAL = frozenset(k[0] for k in _LONG_REAL)


PREFIX = 6  # readings are pruned when their first letters start no known word


def variants(
    token: str,
    max_other: int = 2,
    max_long: int = 6,
    limit: int = 4000,
    prefixes: frozenset[str] | set[str] | None = None,
    real_word: bool = False,
    confusions: Table | None = None,
) -> Iterator[Variant]:
    """Every reading of ``token`` reachable within the edit budget, the token itself first.

    Each ``U+FFFD`` must be filled (cost 0); other edits come from the tables. With
    ``prefixes`` (lower-cased beginnings of known words, up to :data:`PREFIX` letters)
    a reading that begins no known word is dropped early; the token itself is kept.
    With ``real_word`` only :data:`REAL_WORD_LONG_S` (``f``/``j`` for ``s``) are tried.
    ``confusions`` replaces the prior table (:func:`table`).
    """
    for text, cost, n_long in readings(
        token, max_other, max_long, limit, prefixes, real_word, confusions
    ):
        yield Variant(text, cost, n_long)


def readings(
    token: str,
    max_other: int = 2,
    max_long: int = 6,
    limit: int = 4000,
    prefixes: frozenset[str] | set[str] | None = None,
    real_word: bool = False,
    confusions: Table | None = None,
) -> Iterator[tuple[str, float, int]]:
    """:func:`variants` as plain (text, cost, long-s edits) tuples, in the same order.

    A depth-first walk over the token's positions; a reading whose first letters begin
    no known word is dropped before it is put on the stack.
    """
    if len(token) > 40:
        return
    moves = _moves(token, real_word, confusions or table())
    n = len(token)
    count = 0
    stack: list[tuple[int, str, float, int, int]] = [(0, "", 0.0, 0, 0)]
    pop, push = stack.pop, stack.append
    pruned = prefixes is not None
    known = prefixes if prefixes is not None else frozenset()
    damaged = WILDCARD in token
    while stack:
        i, out, cost, n_other, n_long = pop()
        if i == n:
            yield out, cost, n_long
            count += 1
            if count >= limit:
                return
            continue
        others, longs, plain = moves[i]
        # the moves are pushed in the order others, long s, plain: the plain last, so
        # that it is popped first; a reading that begins no known word is not pushed
        check = pruned and len(out) <= PREFIX
        if others and n_other < max_other:
            for step, text, c in others:
                nxt = out + text
                if check and 0 < len(nxt) <= PREFIX and nxt.lower() not in known:
                    continue
                push((i + step, nxt, cost + c, n_other + 1, n_long))
        if longs and n_long < max_long:
            for step, text, c in longs:
                nxt = out + text
                if check and 0 < len(nxt) <= PREFIX and nxt.lower() not in known:
                    continue
                push((i + step, nxt, cost + c, n_other, n_long + 1))
        check = check and (n_other or n_long or damaged)
        for step, text, _ in plain:
            nxt = out + text
            if check and 0 < len(nxt) <= PREFIX and nxt.lower() not in known:
                continue
            push((i + step, nxt, cost, n_other, n_long))


def _moves(token: str, real_word: bool, confusions: Table) -> list[Moves]:
    """Per position the moves (:data:`Moves`); the unchanged letter is the one plain
    move, so that the depth-first walk yields the token itself first. The moves at a
    letter are remembered in ``confusions`` by that letter, the next, and whether a
    letter follows the next."""
    n = len(token)
    lower_only = not token.replace(WILDCARD, "").isupper()
    known = confusions.moves
    moves: list[Moves] = []
    for i, ch in enumerate(token):
        if ch == WILDCARD:
            fills = tuple(
                (1, fill, 0.0)
                for fill in WILDCARD_FILLS
                if not (i > 0 and lower_only and fill.isupper())
                and (len(fill) == 1 or token[i - 1 : i].islower())  # tz after a letter
            )
            moves.append(((), (), fills))
            continue
        key = (token[i : i + 2], i + 2 < n, real_word)
        here = known.get(key)
        if here is None:
            here = known[key] = _letter_moves(key[0], key[1], real_word, confusions)
        moves.append(here)
    if _doubled_capital(token) and not real_word:
        others, longs, plain = moves[0]
        doubled = ((2, token[0], DOUBLED_CAPITAL_COST), (2, token[1], DOUBLED_CAPITAL_COST))
        moves[0] = (doubled + others, longs, plain)
    return moves


DOUBLED_CAPITAL_COST = -1.0  # two capitals before lower case are one read twice


def _doubled_capital(token: str) -> bool:
    """Does ``token`` begin with two capitals and go on in lower case, as where OCR read
    one Fraktur capital as two (``VBorhand``, ``PBerlagg``, ``SHinterhand``)?"""
    return len(token) >= 3 and token[0].isupper() and token[1].isupper() and token[2].islower()


def _letter_moves(pair: str, more: bool, real_word: bool, confusions: Table) -> Moves:
    """The moves at a letter ``pair[0]`` followed by ``pair[1:]`` (and by more letters
    when ``more``)."""
    long_table = _LONG_REAL if real_word else _LONG
    first = _FIRST_REAL if real_word else confusions.first
    ch = pair[0]
    others: list[Step] = []
    longs: list[Step] = []
    if ch in first:
        if not real_word:
            for piece in (pair, ch) if len(pair) == 2 else (ch,):
                for intended, c in confusions.other.get(piece, ()):
                    if piece == ")" and len(pair) == 1 and intended != "ch":
                        continue  # a word's last ")" is a ch, never a sign for a letter
                    others.append((len(piece), intended, c))
        # a final s is round in Fraktur: never a long-s misreading
        for piece in ((pair,) if more else ()) + ((ch,) if len(pair) == 2 else ()):
            for intended, c in long_table.get(piece, ()):
                longs.append((len(piece), intended, c))
    return tuple(others), tuple(longs), ((1, ch, 0.0),)


def spelling(observed: str, intended: str) -> bool:
    """Is the stretch a historical spelling alternation, a letter doubled or undoubled, or
    an e dropped or added?"""
    if (observed, intended) in SPELLINGS:
        return True
    short, long = sorted((observed, intended), key=len)
    if len(long) != len(short) + 1:
        return False
    return (len(set(long)) == 1 and short == long[0]) or any(
        long[:i] + long[i + 1 :] == short for i, c in enumerate(long) if c == "e"
    )
