"""Automatic repair of OCR'd historical German: raw text -> reading text + reversible edits.

Public API (re-exported by :mod:`normalise`)::

    from normalise import repair
    r = repair(text)        # whole document, automatic repair only -> normalise.edits.Repair
    r.reading               # the reading text (see shared/TRANSCRIPTION.md)
    r.edits                 # applied Edit records: sorted, disjoint, raw offsets, source "auto",
                            #   kind, confidence (0..1), evidence (why)
    r.proposals             # low-confidence corrections held back for an editor (not applied)
    r.confusions            # what the document's OCR taught: (observed, intended, log10 P)
    r.reading_span(a, b)    # reading text of raw[a:b]

Splicing the edits into the raw text gives ``r.reading``; ``restore_raw(r.reading,
r.edits)`` gives the raw text back byte for byte; ``repair(r.reading).edits`` is
empty. No input raises. A document longer than :data:`CHUNK_CHARS` is repaired in
chunks cut at paragraph breaks (see :func:`repair`).

Passes, each adding edits on the raw text (:class:`normalise.draft.Draft`):

1. page furniture (:mod:`~normalise.furniture`): web page markers, number-only lines,
   a running head, inline page numbers found as a rising series;
2. characters (:mod:`~normalise.chars`): long s, ligatures, ``uͤ``, ``ꝛc.``, doubled
   list numbers, ``3. B.``, ``§`` for 5, letters inside numbers;
3. line-end hyphens (:mod:`~normalise.hyphenation`): joined, or kept as ``-``; where the
   source's profile says its OCR reads them as colons (``wer: den``), such a colon is
   joined when the whole is a dictionary word; then a space OCR lost before a noun,
   beside an article or conjunction, or between two words the historical journal
   writes as a pair is put back (``ihreKosten`` -> ``ihre Kosten``, ``Thonoder`` ->
   ``Thon oder``, ``alsjene`` -> ``als jene``), and a « or » OCR read for a letter at
   a word's edge is read (``di«`` -> ``die``) unless the text quotes with them;
4. words (:mod:`~normalise.corrector`): a noisy channel, the Fraktur confusion table of
   :mod:`~normalise.channel` with the confusions learned from the document itself
   (:func:`~normalise.learn.document_confusions`), times the lexicon of
   :mod:`~normalise.lexicon` and the document's own word counts; the rate at which
   long s was misread is estimated locally, so ``fein`` may become ``sein`` only where
   the OCR shows that habit;
5. words split by OCR (``Da me`` -> ``Dame``; ``Bcschreibu ng`` -> ``Beschreibung``
   when the corrector reads the whole as a dictionary word); 6. runs of bleed-through debris
   (:mod:`~normalise.garbage`), deleted or proposed; 7. closed-class words capitalised
   mid-sentence (``daß Die Gegner``); 8. misread player letters (``U, der ...`` -> ``A``)
   where the source's profile (:mod:`~normalise.profile`) names players and their
   misreadings; 9. white space.

Passes 1-2 repeat until furniture and signs uncover nothing new; 3-5 run in rounds
(:data:`FIRST_ROUNDS`), each on the document's word counts as the round before left
them; 6-8 run once after them. The whole is run again on its own reading text, one
round of 3-5 each time, until that changes nothing, which makes the repair
idempotent. A word correction is applied when its posterior probability reaches
:data:`APPLY_THRESHOLD`; from :data:`PROPOSE_THRESHOLD` up it becomes a proposal
instead. The rule has no exception: a doubtful fill of U+FFFD is a proposal too, and
the U+FFFD stays for the editor to correct.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterator
from operator import itemgetter

import numpy
import regex

from normalise import chars, furniture, garbage, hyphenation
from normalise.channel import CH_BEFORE_SIGN, LETTER_SIGNS, readings
from normalise.channel import table as channel_table
from normalise.chunks import chunk_spans
from normalise.collector import rare_collections
from normalise.context import Bigrams, Context
from normalise.context import load as historical_pairs
from normalise.corrector import Choice, Corrector, rate_class
from normalise.draft import Draft, View, view_job
from normalise.edits import Edit, Repair, apply_edits, compose
from normalise.learn import document_confusions
from normalise.lexicon import Lexicon, load
from normalise.profile import NONE as NO_PROFILE
from normalise.profile import Confusion, Profile

APPLY_THRESHOLD = 0.5  # apply a word correction when it is more likely than all else together
PROPOSE_THRESHOLD = 0.25  # below this a candidate is not even proposed
SPLIT_YIELD = 0.9  # a reading of half a split word less sure than this yields to the join
MAX_ROUNDS = 4  # rounds of furniture and signs before giving up on a fixed point
FIRST_ROUNDS = 2  # rounds of passes 3-5 in the first run (each later run makes one)
WINDOW = 120  # tokens on each side used to estimate the local long-s misreading rate
MAX_TOKEN = 100  # longer tokens are no word (two forms of the lexicon are at most ~80)

# letters, combining marks and U+FFFD, with signs OCR reads for letters between them
# (``Wa»fer``, ``ge|ben``, ``B1att``, ``Stic)e``); a word may end in "d)" / "c)" / "d;"
# (read for "ch")
_LETTERS = r"(?:[^\W\d_]++|[\u0300-\u036f\ufffd]++)++"
# ... or in ")" alone after two lower-case letters, the ch ligature read as a parenthesis
# ("fi)", "au)"), unless it closes a "(" (:func:`_token_spans`); after one letter it ends
# an enumeration ("a)", "i)")
_TOKEN = re.compile(
    _LETTERS
    + f"(?:[{re.escape(LETTER_SIGNS)}]"
    + _LETTERS
    + f")*+(?:(?:(?<=[{CH_BEFORE_SIGN}])[);]|(?<=[a-zäöüß]{{2}})\\))"
    + r"(?=[\s.,:;!?\"“„]|$))?"
)
PAREN_REACH = 300  # characters back in which a "(" may open the parenthesis a ")" closes
_WS = regex.compile(r"\s+")
# a run of white space other than one space or one paragraph break ("\n\n")
_WS_ODD = regex.compile(r"(?<!\s)(?! (?!\s)|\n\n(?!\s))\s+")
_WS_FIRST = regex.compile(r"\A\s+")
_WS_LAST = regex.compile(r"(?<!\s)\s+\Z")
_LONG_S_LETTERS = regex.compile(r"[fjFJ]")
_START = itemgetter(0)  # the start of a token (start, end, text)
_TEXT = itemgetter(2)  # the text of a token
Progress = Callable[[str, float], None]
Job = tuple[int, int, str, str, float, str]  # raw span, reading, kind, confidence, evidence


def _closed(words: str) -> frozenset[str]:
    """A closed word class written as one string."""
    return frozenset(words.split())


Token = tuple[int, int, str]  # start, end, text


def _tokens(view: View) -> list[Token]:
    """Word tokens of the view (start, end, text), computed once per view: from the
    tokens of the view before where the draft keeps it, else from the whole text."""
    found = view.memo.get("tokens")
    if found is None:
        before = view.previous
        old = before.memo.get("tokens") if before is not None else None
        changes = view.changes_since(before) if before is not None else None
        if (
            before is not None
            and isinstance(old, list)
            and changes is not None
            and not _parenthesis_changed(before, view, changes)
        ):
            found = _retokenized(old, view.text, changes)
        else:
            found = list(_token_spans(view.text))
        view.memo["tokens"] = found
        view.previous = None
    return found  # type: ignore[return-value]


def _token_spans(text: str, pos: int = 0) -> Iterator[Token]:
    """The word tokens of ``text`` from ``pos`` on (:data:`_TOKEN`); a ")" after two
    letters is part of the word only where it closes no "(" (``Bau`` in ``(vom Bau)``)."""
    for m in _TOKEN.finditer(text, pos):
        a, b = m.span()
        word = m[0]
        if word[-1] == ")" and word[-2] not in CH_BEFORE_SIGN and _closes(text, b - 1):
            b, word = b - 1, word[:-1]
        yield a, b, word


def _closes(text: str, at: int) -> bool:
    """Does the ")" at ``at`` close a "(" within :data:`PAREN_REACH` characters?"""
    start = max(0, at - PAREN_REACH)
    return text.rfind("(", start, at) > text.rfind(")", start, at)


def _parenthesis_changed(
    before: View, view: View, changes: list[tuple[int, int, int, int]]
) -> bool:
    """Did a change put in or take out a parenthesis, which may change what a ")" after it
    closes (so that the tokens are found afresh)?"""
    return any(
        "(" in part or ")" in part
        for oa, ob, na, nb in changes
        for part in (before.text[oa:ob], view.text[na:nb])
    )


def _retokenized(
    old: list[Token], text: str, changes: list[tuple[int, int, int, int]]
) -> list[Token]:
    """The tokens of ``text`` from the tokens ``old`` of the text before, given where
    the two differ (:meth:`normalise.draft.View.changes_since`): each changed span, widened
    to the white space around it (no token holds white space), is tokenised anew; the
    tokens between are kept, moved by the change in length before them."""
    spans: list[tuple[int, int, int, int]] = []  # widened: new start, new end, old start, old end
    n = len(text)
    for oa, ob, na, nb in changes:
        a, b = na, nb
        while a > 0 and not text[a - 1].isspace():
            a -= 1
        while b < n and not text[b].isspace():
            b += 1
        if spans and a <= spans[-1][1]:  # reaches the span before: one span
            spans[-1] = (spans[-1][0], b, spans[-1][2], ob + b - nb)
        else:
            spans.append((a, b, oa - (na - a), ob + b - nb))
    out: list[Token] = []
    j = 0  # the next old token
    shift = 0  # new offset - old offset of the text since the last span
    for a, b, oa, ob in spans:
        k = bisect.bisect_left(old, oa, lo=j, key=_START)
        if shift:
            out += [(s + shift, e + shift, w) for s, e, w in old[j:k]]
        else:
            out += old[j:k]
        for token in _token_spans(text, a):
            if token[0] >= b:
                break
            out.append(token)
        j = bisect.bisect_left(old, ob, lo=k, key=_START)
        shift = b - ob
    if shift:
        out += [(s + shift, e + shift, w) for s, e, w in old[j:]]
    else:
        out += old[j:]
    return out


def _rates(corrector: Corrector, view: View) -> list[float]:
    """:func:`_long_s_rates` of the view's tokens, computed once per view."""
    found = view.memo.get("rates")
    if found is None:
        found = view.memo["rates"] = _long_s_rates(corrector, _tokens(view))
    return found  # type: ignore[return-value]


def _long_s_evidence(corrector: Corrector, tok: str) -> tuple[int, int]:
    """(1, 0) for an unknown token that is a word once f/j read as s; (0, 1) for a known
    word with a long-s position (s not at the end); else (0, 0)."""
    if corrector.zipf(tok) is not None:
        return (0, int("s" in tok[:-1].lower()))
    if _LONG_S_LETTERS.search(tok):
        for text, _, long_s in readings(tok, max_other=0, max_long=4, limit=64):
            if long_s and corrector.zipf(text) is not None:
                return (1, 0)
    return (0, 0)


def _long_s_rates(corrector: Corrector, tokens: list[tuple[int, int, str]]) -> list[float]:
    """Per token: share of printed long s that OCR misread as f/j nearby."""
    cache = corrector.evidence_cache  # token -> 2 * error + ok
    words = list(map(_TEXT, tokens))
    for tok in set(words).difference(cache):
        error, ok = _long_s_evidence(corrector, tok)
        cache[tok] = 2 * error + ok
    n = len(tokens)
    if not n:
        return []
    codes = numpy.fromiter(map(cache.__getitem__, words), dtype=numpy.int64, count=n)
    hits = numpy.stack([codes >> 1, codes & 1], axis=1)
    sums = numpy.vstack([numpy.zeros((1, 2), dtype=numpy.int64), numpy.cumsum(hits, axis=0)])
    index = numpy.arange(n)
    lo = numpy.maximum(index - WINDOW, 0)
    hi = numpy.minimum(index + WINDOW + 1, n)
    window = sums[hi] - sums[lo]
    rates = (window[:, 0] + 0.05) / (window[:, 0] + window[:, 1] + 5.0)
    return rates.tolist()  # type: ignore[no-any-return]


def _document_counts(tokens: list[tuple[int, int, str]], rates: list[float]) -> Counter[str]:
    """Word counts of the document, leaving out f/j words where long s is misread."""
    words = list(map(_TEXT, tokens))
    suspect = {t for t in set(words) if "\ufffd" in t or _LONG_S_LETTERS.search(t)}
    kept = Counter(
        tok
        for tok, rate in zip(words, rates, strict=True)
        if tok not in suspect or (rate <= 0.05 and "\ufffd" not in tok)
    )
    counts: Counter[str] = Counter()
    for tok, n in kept.items():  # lower-cased in order of first use, as token by token
        counts[tok.lower()] += n
    return counts


def _furniture_and_chars(draft: Draft) -> None:
    raw = draft.raw
    draft.add_many(
        [
            Edit(
                s.start,
                s.end,
                raw[s.start : s.end],
                s.replacement,
                "noise",
                s.confidence,
                s.evidence,
            )
            for s in furniture.find(raw)
        ]
    )
    _more_page_numbers(draft)
    draft.add_many(list(chars.numbers(raw)))
    draft.add_many(list(chars.abbreviations(raw)))
    draft.add_many(list(chars.ligatures(raw)))
    draft.add_many(list(chars.long_s(raw)))
    for _ in range(MAX_ROUNDS):  # signs and furniture uncover each other ("B0\n3. B.")
        before = list(draft.edits)
        view = draft.view()
        draft.rewrite_many(
            [
                (
                    *view_job(view, len(raw), e.start, e.end, e.replacement),
                    e.kind,
                    e.confidence,
                    e.evidence,
                )
                for e in chars.signs(view.text)
            ]
        )
        _more_furniture(draft)
        if draft.edits == before:
            break


def _more_page_numbers(draft: Draft) -> None:
    """Look again for page-number series once the ones found are gone, until none is left,
    so that the repair of a repaired text finds none either."""
    for _ in range(MAX_ROUNDS):
        view = draft.view()
        adds = []
        for span in furniture.page_numbers(view.text):
            ra, rb = view.raw_span(span.start, span.end)
            if rb - ra == span.end - span.start and draft.free(ra, rb):
                adds.append(
                    Edit(ra, rb, draft.raw[ra:rb], "", "noise", span.confidence, span.evidence)
                )
        if not draft.add_many(adds):
            return


def _more_furniture(draft: Draft) -> None:
    """Furniture that the character repairs made visible (``0B`` read as ``08`` alone on a
    line, CR-LF line ends, ``§`` read as 5): found on the view and deleted, until none is
    left, so that the repair of a repaired text finds none either."""
    for _ in range(MAX_ROUNDS):
        view = draft.view()
        text = view.text
        jobs: list[Job] = []
        for span in furniture.line_furniture(text) + furniture.page_numbers(text):
            if span.start < span.end:
                ra, rb, reading = view_job(view, len(draft.raw), span.start, span.end, "")
                jobs.append((ra, rb, reading, "noise", span.confidence, span.evidence))
        before = list(draft.edits)
        draft.rewrite_many(jobs)
        if draft.edits == before:
            return


def _hyphens(draft: Draft, corrector: Corrector, view: View, profile: Profile) -> int:
    dictionary = corrector.lexicon.in_dictionary if profile.colon_hyphens else None
    decisions = hyphenation.decide(view.text, corrector.known, dictionary)
    adds: list[Edit] = []
    jobs: list[tuple[int, int, str, str, float, str]] = []
    for d in decisions:
        _hyphen_edits(draft, view, d, adds, jobs)
    done = draft.add_many(adds)
    draft.rewrite_many(jobs)
    return done + len(jobs)


def _hyphen_edits(
    draft: Draft,
    view: View,
    d: hyphenation.Decision,
    adds: list[Edit],
    jobs: list[tuple[int, int, str, str, float, str]],
) -> None:
    """View char ``d.start`` (the mark) becomes ``d.text``; the rest up to ``d.end`` goes.

    Units of other edits inside (a page marker between the halves of a word) keep
    their kind and only lose the white space they put in.
    """
    raw = draft.raw
    units: list[tuple[int, int]] = []
    for v in range(d.start, d.end):
        unit = (view.raw_start[v], view.raw_end[v])
        if not units or units[-1] != unit:
            units.append(unit)
    mine: list[Edit] = []
    theirs: list[tuple[int, int, str, str, float, str]] = []
    for k, (ra, rb) in enumerate(units):
        text = d.text if k == 0 else ""
        if draft.free(ra, rb):
            mine.append(Edit(ra, rb, raw[ra:rb], text, "hyphenation", d.confidence, d.evidence))
            continue
        i = bisect.bisect_left(draft._starts, ra)
        old = draft.edits[i] if i < len(draft.edits) else None
        if old is None or (old.start, old.end) != (ra, rb) or old.replacement.strip() or k == 0:
            return
        theirs.append((ra, rb, "", old.kind, old.confidence, old.evidence))
    adds.extend(mine)
    jobs.extend(theirs)


def _undoubted(corrector: Corrector, tok: str) -> bool:
    """Is ``tok`` never corrected, whatever its rate and the sign after it (too short or
    too long to be a word, a short abbreviation in capitals, a trusted word)?"""
    return (
        not 2 <= len(tok) <= MAX_TOKEN
        or (tok.isupper() and len(tok) <= 3)
        or corrector.trusted(tok)
    )


ABBREVIATION_USES = 100  # a short form before a full stop the journal uses this often


def _abbreviation(corrector: Corrector, tok: str) -> bool:
    """May ``tok``, before a full stop, be an abbreviation: a form of the dictionary, or
    one the journal uses :data:`ABBREVIATION_USES` times or more (``jun.``, ``fig.``)?
    A wordfreq-only form the journal hardly has is a misreading (``find.``)."""
    if corrector.zipf(tok) is None:
        return False
    if corrector.lexicon.in_dictionary(tok):
        return True
    counts = historical_pairs()
    return counts is None or counts.words.get(tok.lower(), 0) >= ABBREVIATION_USES


def _judge(corrector: Corrector, tok: str, rate: float, dot: bool) -> Choice | None:
    """The correction of one token, if any (none for a token too long to be a word)."""
    if _undoubted(corrector, tok):
        return None
    if dot and tok.islower() and len(tok) <= 4 and _abbreviation(corrector, tok):
        return None  # a known short abbreviation ("jun.") is not doubted
    return corrector.correct_cached(tok, rate)


def _words(
    draft: Draft,
    corrector: Corrector,
    tokens: list[tuple[int, int, str]],
    rates: list[float],
    view: View,
    proposals: list[Edit],
    progress: Progress | None,
    around: Context | None,
    profile: Profile,
) -> None:
    """Judge every doubted word of the view, let ``around`` (the document's context, if
    any) revise the choice, and apply the confident ones (the rest are proposals)."""
    plan: list[tuple[int, int, str, float, str]] = []
    n = len(tokens)
    if len(rates) != n:
        raise ValueError("one rate per token")
    step = max(1, n // 20)
    reported = 0  # progress is reported at every step-th token
    text = view.text
    words = list(map(_TEXT, tokens))
    types = set(words)
    doubted = {w for w in types if not _undoubted(corrector, w)}
    if around is not None:
        around.read(text, tokens)
    revisable = {w for w in types if around.may_revise(w)} if around is not None else set()
    # a decision depends on the token, the class of its rate and a following full stop
    seen: dict[tuple[str, tuple[bool, int], bool], Choice | None] = {}
    classes: dict[float, tuple[bool, int]] = {}
    for i in [i for i, w in enumerate(words) if w in doubted or w in revisable]:
        while progress is not None and reported <= i:
            progress("words", reported / max(1, n))
            reported += step
        a, b, tok = tokens[i]
        rate = rates[i]
        after = text[b : b + 1]
        if after.isdigit() or text[a - 1 : a].isdigit():
            continue  # letters stuck to digits are no word ("r10", "oV0")
        dot = after == "."
        choice = None
        if tok in doubted:
            rate_key = classes.get(rate)
            if rate_key is None:
                rate_key = classes[rate] = rate_class(rate)
            key = (tok, rate_key, dot)
            if key in seen:
                choice = seen[key]
            else:
                choice = seen[key] = _judge(corrector, tok, rate, dot)
        if around is not None and tok in revisable and not (dot and len(tok) <= 4):
            choice = around.revise(text, tokens, rates, i, choice)
        if choice is None:
            continue
        if _yields_to_join(text, tokens, i, choice, corrector, profile):
            continue  # half of a split word ("Wirk ung"): the split pass joins it
        plan.append((a, b, choice.text, choice.confidence, choice.evidence))
    while progress is not None and reported < n:
        progress("words", reported / max(1, n))
        reported += step
    jobs: list[tuple[int, int, str, str, float, str]] = []
    for a, b, text, confidence, evidence in plan:
        tok = view.text[a:b]
        p = 0
        while p < min(len(tok), len(text)) and tok[p] == text[p]:
            p += 1
        s = 0
        while s < min(len(tok), len(text)) - p and tok[-1 - s] == text[-1 - s]:
            s += 1
        ca, cb, new = a + p, b - s, text[p : len(text) - s]
        if confidence >= APPLY_THRESHOLD:
            ra, rb, reading = view_job(view, len(draft.raw), ca, cb, new)
            jobs.append((ra, rb, reading, "ocr", confidence, evidence))
        elif confidence >= PROPOSE_THRESHOLD:
            proposals.append(_proposal(draft, view, a, b, text, confidence, evidence))
    draft.rewrite_many(jobs)


def _proposal(
    draft: Draft,
    view: View,
    a: int,
    b: int,
    text: str,
    confidence: float,
    evidence: str,
    kind: str = "ocr",
) -> Edit:
    ra, rb = view.raw_span(a, b)
    va = bisect.bisect_left(view.raw_start, ra)
    vb = bisect.bisect_left(view.raw_start, rb)
    reading = view.text[va:a] + text + view.text[b:vb]
    return Edit(ra, rb, draft.raw[ra:rb], reading, kind, confidence, evidence)


def _splits(draft: Draft, corrector: Corrector, profile: Profile) -> None:
    """Join a word that OCR split in two: ``Da me`` -> ``Dame``, ``derjenig e``; and one
    with a damaged half (:func:`_damaged_halves`), read as a whole (``Bcschreibu ng`` ->
    ``Beschreibung``)."""
    view = draft.view()
    text = view.text
    tokens = _tokens(view)
    words = list(map(_TEXT, tokens))
    # two dictionary words are the common case: only pairs with another token are looked at
    others = [i for i, w in enumerate(words) if not _whole(corrector, w)]
    lefts = sorted({i - 1 for i in others if i}.union(i for i in others if i + 1 < len(words)))
    jobs = []
    rates: list[float] | None = None  # the long-s rates, when first needed
    for i in lefts:
        (l_start, l_end, lw), (r_start, r_end, rw) = tokens[i], tokens[i + 1]
        if not _halves(text, tokens[i], tokens[i + 1], profile):
            continue
        if _dictionary_join(corrector, lw + rw):
            ra, rb, reading = view_job(view, len(draft.raw), l_end, r_start, "")
            jobs.append((ra, rb, reading, "ocr", 0.75, f"split word {lw!r} {rw!r} joined"))
        elif _damaged_halves(lw, rw, corrector):
            if rates is None:
                rates = _rates(corrector, view)
            choice = _whole_reading(corrector, lw + rw, max(rates[i], rates[i + 1]))
            if choice is not None:
                ra, rb, reading = view_job(view, len(draft.raw), l_start, r_end, choice.text)
                evidence = f"split word {lw!r} {rw!r} joined and read {choice.text!r}"
                jobs.append((ra, rb, reading, "ocr", min(0.75, choice.confidence), evidence))
    draft.rewrite_many(jobs)


def _damaged_halves(lw: str, rw: str, corrector: Corrector) -> bool:
    """May two tokens that may be halves (:func:`_halves`) be those of a split word with
    a damaged half (``Bcschreibu ng``)? Seven letters or more together, one half a piece
    of two to four letters that is no word, neither a function word (``E mit`` is no
    ``Emil``), and a frequent form within two edits of the whole."""
    piece = min(lw, rw, key=len)
    if not (len(lw) + len(rw) >= 7 and 2 <= len(piece) <= 4) or _whole(corrector, piece):
        return False
    if lw.lower() in CLAUSE_INTERNAL or rw in CLAUSE_INTERNAL:
        return False
    return corrector.lexicon.near_a_word(lw + rw)


def _whole_reading(corrector: Corrector, joined: str, rate: float) -> Choice | None:
    """The corrector's confident reading of ``joined``, if it is a common dictionary word."""
    choice = _judge(corrector, joined, rate, False)
    if choice is None or choice.confidence < APPLY_THRESHOLD:
        return None
    return choice if _dictionary_join(corrector, choice.text) else None


JOIN_LEFT_ZIPF = 3.0  # the word before a lost space is at least this common
JOIN_CONFIDENCE = 0.9
_INNER_CAPITAL = regex.compile(r"\p{Ll}\p{Lu}")
JOIN_WORD_ZIPF = 3.5  # a word run together with an article or a conjunction is this common
JOIN_WORD = 4  # and has at least this many letters (five before the word: ``demacht``)
JOIN_CONFIDENCE_LOWER = 0.8
# what a lower-case word may be run together with: never a preposition, which is also a
# prefix (``übersticht``, ``Vorhand``, ``Ausspiel``); after a word also pronouns, adverbs
# and auxiliaries that end no compound
_JOIN_BEFORE = _closed("der die das dem den des und oder aber")
_JOIN_AFTER = _JOIN_BEFORE | _closed(
    "sich nicht schon bereits stets zuerst selbst entweder dieser diese dieses ihrer ihre "
    "seine seiner wird wurde werden kann soll"
)


def _joins(draft: Draft, corrector: Corrector) -> None:
    """Put back a space OCR lost between two words (:func:`_lost_space_place`): before a
    noun (``ihreKosten`` -> ``ihre Kosten``), beside an article or a conjunction
    (``Thonoder`` -> ``Thon oder``; not where the document repeats the token), or between
    the two words of a pair the journal writes apart (``alsjene`` -> ``als jene``). The
    last two wait where the corrector reads the token as one word, or where an elided
    ending follows (``übernacht'n``)."""
    view = draft.view()
    tokens = _tokens(view)
    known = corrector.lost_spaces  # depends on the lexicon only: kept for the document
    places: dict[str, tuple[int, str]] = {}
    for tok in set(map(_TEXT, tokens)):
        if tok not in known:
            known[tok] = _lost_space_place(corrector, tok)
        place = known[tok]
        if place is not None and not (
            place[1] == "lower" and corrector.document.get(tok.lower(), 0) >= 2
        ):
            places[tok] = place
    if not places:
        return
    rates: list[float] | None = None  # the long-s rates, when first needed
    jobs: list[Job] = []
    for k, (a, b, tok) in enumerate(tokens):
        place = places.get(tok)
        if place is None:
            continue
        at, kind = place
        if kind != "noun":
            if view.text[b : b + 1] in _ELISION:
                continue  # an elided ending follows: part of a longer word
            if rates is None:
                rates = _rates(corrector, view)
            choice = corrector.correct_cached(tok, rates[k])
            if choice is not None and choice.confidence >= APPLY_THRESHOLD:
                continue  # a damaged word: the word pass reads it
        ra, rb, reading = view_job(view, len(draft.raw), a + at, a + at, " ")
        evidence = f"lost space: {tok!r} -> {tok[:at] + ' ' + tok[at:]!r}"
        confidence = JOIN_CONFIDENCE if kind == "noun" else JOIN_CONFIDENCE_LOWER
        jobs.append((ra, rb, reading, "ocr", confidence, evidence))
    draft.rewrite_many(jobs)


_ELISION = frozenset("'’")  # a token glued to one of these is cut off a longer word


def _lost_space_place(corrector: Corrector, tok: str) -> tuple[int, str] | None:
    """Where in ``tok`` OCR lost a space, and by which rule: ``"noun"``
    (:func:`_lost_space`), else ``"lower"`` (:func:`_lost_space_lower`), else ``"pair"``
    (:func:`_lost_space_pair`). :func:`_joins` leaves a ``"lower"`` place where the
    document repeats the token; a pair is the journal's, whatever the document does."""
    for kind, rule in (
        ("noun", _lost_space),
        ("lower", _lost_space_lower),
        ("pair", _lost_space_pair),
    ):
        at = rule(corrector, tok)
        if at is not None:
            return at, kind
    return None


JOIN_PAIR_MIN = 50  # the pair a lost space parts is counted this often in the journal
JOIN_PAIR_RATIO = 50  # and this many times as often as the token itself (+1)
JOIN_PAIR_RIVAL = 10  # and this many times as often as the pair of any other place


def _lost_space_pair(corrector: Corrector, tok: str) -> int | None:
    """Where in ``tok``, in lower case (or capitalised) and no form of the lexicon, two
    words run together that the historical journal writes as a pair far more often than
    as the token (``alsjene``, ``Hatman``, ``mandie``, ``derluft``, ``wiefie``): the
    place whose pair (:func:`_pair_count`) has :data:`JOIN_PAIR_MIN` counts or more,
    :data:`JOIN_PAIR_RATIO` times the token's and :data:`JOIN_PAIR_RIVAL` times any
    other place's. A compound is no such pair (``Mitarbeiter``). ``None`` if not."""
    if len(tok) < 5 or not tok[1:].islower() or not tok.isalpha():
        return None
    low = tok.lower()
    counts = historical_pairs()
    if counts is None or low in corrector.lexicon.table:
        return None
    ranked = sorted(
        ((_pair_count(corrector, counts, low[:at], low[at:]), at) for at in range(2, len(low) - 2)),
        reverse=True,
    )
    (best, at), rival = ranked[0], (ranked[1][0] if len(ranked) > 1 else 0)
    if (
        best < JOIN_PAIR_MIN
        or best < JOIN_PAIR_RATIO * (counts.words.get(low, 0) + 1)
        or best < JOIN_PAIR_RIVAL * rival
    ):
        return None
    return at


def _pair_count(corrector: Corrector, counts: Bigrams, left: str, right: str) -> int:
    """The journal's count of the pair ``left right``, each read as printed or with its
    f read for a long s (``wie fie``: ``wie sie``), if both are dictionary words."""
    words = corrector.lexicon.in_dictionary
    lefts = [a for a in _long_s_forms(left) if words(a)]
    rights = [b for b in _long_s_forms(right) if words(b)]
    return max((counts.pair(a, b) for a in lefts for b in rights), default=0)


def _long_s_forms(word: str) -> tuple[str, ...]:
    """``word``, and with every f but a last one read as a long s (a final s is round)."""
    read = word[:-1].replace("f", "s") + word[-1:]
    return (word,) if read == word else (word, read)


def _lost_space_lower(corrector: Corrector, tok: str) -> int | None:
    """Where in ``tok``, in lower case (or capitalised) and no form of the lexicon or the
    historical corpus, an article or a conjunction of three letters or more runs
    together with a common dictionary word (:data:`JOIN_WORD_ZIPF`, :data:`JOIN_WORD`
    letters or more): ``Eisenoder``, ``Erhaltungdes``, ``diebeste``; or such a word with
    a word that ends no compound after it (``Karteschon``). ``None`` if not,
    or if two places could be it."""
    if len(tok) < 7 or not tok[1:].islower() or not tok.isalpha():
        return None
    low = tok.lower()
    lexicon = corrector.lexicon
    if low in lexicon or low in lexicon.attested:
        return None
    places = [
        at
        for at in range(3, len(low) - 2)
        if (low[:at] in _JOIN_BEFORE and _join_word(corrector, low[at:], JOIN_WORD + 1))
        or (low[at:] in _JOIN_AFTER and _join_word(corrector, low[:at], JOIN_WORD))
    ]
    return places[0] if len(places) == 1 else None


def _join_word(corrector: Corrector, low: str, shortest: int) -> bool:
    """Is ``low`` a dictionary word of ``shortest`` letters or more and Zipf
    :data:`JOIN_WORD_ZIPF` or more?"""
    lexicon = corrector.lexicon
    return (
        len(low) >= shortest
        and lexicon.table.get(low, 0.0) >= JOIN_WORD_ZIPF
        and lexicon.in_dictionary(low)
    )


def _lost_space(corrector: Corrector, tok: str) -> int | None:
    """Where in ``tok``, no form of the lexicon, OCR lost the space before a capitalised
    word, a dictionary word or any of three letters or more (a rare noun, a name, an
    abbreviation: ``dieSchrötlinge``, ``beiFig.``): after a dictionary word in lower
    case (``ihreKosten``) or a capitalised preposition or function word
    (``MitAbbildungen``). ``None`` if not.

    No compound has a capital inside, so neither the document's count nor the
    historical corpus protects such a token (``derluft`` is one of the corpus's forms;
    ``MitAbbildungen`` recurs in one volume).
    """
    if len(tok) < 5 or not tok.isalpha() or tok in corrector.lexicon:
        return None
    inner = _INNER_CAPITAL.search(tok)
    if inner is None:
        return None
    at = inner.end() - 1
    left, right = tok[:at], tok[at:]
    if _INNER_CAPITAL.search(right) or not (left[0].islower() or left.lower() in CLAUSE_INTERNAL):
        return None
    if not right[1:].islower() or not _whole(corrector, left):
        return None
    if len(right) < 3 and not corrector.lexical(right):
        return None  # a capital and a letter: too little to be a word of its own
    zl = corrector.zipf(left.lower())
    if zl is None or zl < JOIN_LEFT_ZIPF:
        return None
    return at


_SIGNS = frozenset("«»")  # read for e and s; at a word's edge they may be quotation marks
QUOTE_PAIRS = 0.5  # a text pairs this share of its edge signs or more: they are quotes
QUOTE_REACH = 400  # characters a quotation may span
# a sign before a word (opening, group 1) or after one (closing, group 2)
_EDGE = regex.compile(r"(?<![\p{L}\p{N}])([«»])(?=\p{L})|(?<=\p{L})([«»])(?![\p{L}\p{N}])")


def _edge_signs(draft: Draft, corrector: Corrector) -> None:
    """Read a sign OCR put for a letter at a word's edge: ``di«`` -> ``die``, ``»oll`` ->
    ``soll``, where the corrector reads the token with the sign confidently as a word,
    and where the text does not use the signs as quotation marks (:func:`_quotes`)."""
    view = draft.view()
    text = view.text
    if not any(sign in text for sign in _SIGNS):
        return
    tokens = _tokens(view)
    glued = []
    for k, (a, b, tok) in enumerate(tokens):
        after, before = text[b : b + 1], text[a - 1 : a]  # "" at either end of the text
        if after in _SIGNS and not text[b + 1 : b + 2].isalnum():
            glued.append((k, a, b + 1, tok + after))
        elif before in _SIGNS and not text[a - 2 : a - 1].isalnum():
            glued.append((k, a - 1, b, before + tok))
    if not glued or _quotes(text):
        return
    rates = _rates(corrector, view)
    jobs: list[Job] = []
    for k, a, b, word in glued:
        choice = corrector.correct_cached(word, rates[k])
        if (
            choice is None
            or choice.confidence < APPLY_THRESHOLD
            or any(sign in choice.text for sign in _SIGNS)
            or not corrector.lexical(choice.text)
        ):
            continue
        ra, rb, reading = view_job(view, len(draft.raw), a, b, choice.text)
        evidence = f"sign read for a letter: {word!r} -> {choice.text!r}"
        jobs.append((ra, rb, reading, "ocr", choice.confidence, evidence))
    draft.rewrite_many(jobs)


def _quotes(text: str) -> bool:
    """Does ``text`` use « and » as quotation marks? So when at least :data:`QUOTE_PAIRS`
    of the signs at a word's edge pair up: one before a word, then the other after a
    word, within :data:`QUOTE_REACH` characters of one paragraph, no sign between."""
    edges = [
        (m.start(), m.group(1) or m.group(2), m.group(1) is not None) for m in _EDGE.finditer(text)
    ]
    paired = 0
    for (at, sign, opens), (end, other, then_opens) in itertools.pairwise(edges):
        if (
            opens
            and not then_opens
            and sign != other
            and end - at <= QUOTE_REACH
            and "\n\n" not in text[at:end]
        ):
            paired += 2
    return bool(edges) and paired >= QUOTE_PAIRS * len(edges)


def _yields_to_join(
    text: str,
    tokens: list[Token],
    i: int,
    choice: Choice,
    corrector: Corrector,
    profile: Profile,
) -> bool:
    """Is token ``i`` half of a word OCR split, to be joined by :func:`_splits` rather
    than read as ``choice``? So when the other half is no dictionary word (``Wirk ung``:
    not ``Wirt ung``), or is one but ``choice`` is less sure than :data:`SPLIT_YIELD`
    (``Nach barn``: not ``Nach bann``; but ``an dern`` is ``an dem``, not ``andern``)."""
    for j in (i - 1, i + 1):
        if not 0 <= j < len(tokens):
            continue
        pair = (tokens[j], tokens[i]) if j < i else (tokens[i], tokens[j])
        if not _joinable(text, *pair, corrector, profile):
            continue
        here, other = (_whole(corrector, tokens[k][2]) for k in (i, j))
        if here and other:
            continue  # two dictionary words: the split pass leaves them apart
        if not other or choice.confidence < SPLIT_YIELD:
            return True
    return False


def _whole(corrector: Corrector, word: str) -> bool:
    """Is ``word`` a dictionary word of two letters or more (memoised per corrector)?"""
    found = corrector.whole_words.get(word)
    if found is None:
        found = corrector.whole_words[word] = len(word) > 1 and corrector.lexicon.in_dictionary(
            word
        )
    return found


def _halves(text: str, left: Token, right: Token, profile: Profile) -> bool:
    """May two tokens of ``text`` be the halves of one word OCR split: the second in lower
    case, one line's white space between, four letters together, and no full stop after a
    second half of one or two letters (an abbreviation)?"""
    (_, l_end, lw), (r_start, r_end, rw) = left, right
    if not rw[0].islower():
        return False
    gap = text[l_end:r_start]
    if not gap.isspace() or gap.count("\n") >= 2:
        return False
    if len(lw) + len(rw) < 4 or not lw.isalpha():
        return False
    if len(rw) < 3 and text[r_end : r_end + 1] == ".":  # an abbreviation ("man z. B.")
        return False
    return not (len(lw) == 1 and lw in profile.players)  # "C hat": a player's letter


def _joinable(text: str, left: Token, right: Token, corrector: Corrector, profile: Profile) -> bool:
    """Are two tokens of ``text`` the halves of one word OCR split (``Da me``)?"""
    return _halves(text, left, right, profile) and _dictionary_join(corrector, left[2] + right[2])


def _dictionary_join(corrector: Corrector, joined: str) -> bool:
    """May a split word be joined as ``joined``: a common dictionary word?"""
    return corrector.lexicon.in_dictionary(joined) and corrector.prior(joined) >= 2.5


# closed-class words (articles, demonstratives, pronouns, conjunctions, sentence adverbs)
# that only a sentence start capitalises; "Ein"/"Einer" are left alone (old prints
# capitalise the numeral), and so are the pronouns of address ("Sie", "Ihr")
FUNCTION_WORDS = _closed(
    "der die das dem den des dieser diese dieses diesem diesen jener jene jenes "
    "jenem jenen derjenige diejenige dasjenige welcher welche welches welchem "
    "welchen er es wir ihm ihn sich und oder aber daß dass wenn weil als wie daher "
    "darum dann denn also doch"
)
# words after which no sentence ends (prepositions, conjunctions, pronouns, auxiliaries)
CLAUSE_INTERNAL = FUNCTION_WORDS | _closed(
    "in im an am auf aus bei beim mit nach von vom zu zum zur für über unter vor "
    "durch gegen ohne um hinter neben zwischen wegen nachdem ob da bis während "
    "sondern ich du sie ihr man wer was ist sind war hat haben wird werden kann muß "
    "soll"
)
# more closed-class words no print capitalises mid-sentence, which no article makes a
# noun (unlike "die Drei", "das Bieten") but after which a sentence may end
NEVER_NOUNS = _closed(
    "damit dabei davon darauf dadurch daran darin darüber dafür dagegen dazu derselbe "
    "dieselbe dasselbe derselben denselben demselben dieselben desselben sondern nun "
    "auch nur noch schon sehr dies hat hatte ist sind war wird kann darf"
)
_CAPITALISED = regex.compile(
    r"(?<![\p{L}\p{N}])(?:"
    + "|".join(sorted(w.capitalize() for w in FUNCTION_WORDS | NEVER_NOUNS))
    + r")(?![\p{L}\p{N}])"
)
_PREVIOUS = regex.compile(r"(?<![\p{L}\p{N}\p{P}])(\p{Ll}{2,})[^\S\n]*\n?[^\S\n]*\Z")
_LOWER_NEXT = regex.compile(r"\W*\s+\p{Ll}")
# a comma and a space before the word: the article or relative pronoun of a clause
_AFTER_COMMA = regex.compile(r"\p{L},[^\S\n]+\Z")
_CLAUSE_START = _closed("der die das dem den des")
CASE_CONFIDENCE = 0.6


def _function_word_case(draft: Draft, corrector: Corrector, view: View) -> list[Job]:
    """``daß Die Gegner`` -> ``daß die Gegner``: a capitalised closed-class word right
    after a lower-case word (no punctuation between) starts no sentence, if that word
    cannot end one or the next word is lower-case too (``einmal Das Spiel`` may be two
    sentences whose full stop OCR lost). A word of :data:`NEVER_NOUNS` (``und Hat``,
    ``daß er Damit``) needs a word before it that cannot end a sentence: a sentence
    begun with it has a lower-case word next (``dabei Damit war es aus``)."""
    text = view.text
    jobs: list[Job] = []
    lowered: list[int] = []  # view offsets lowered so far: ``ist Das Das`` lowers both
    for m in _CAPITALISED.finditer(text):
        lo = max(0, m.start() - 41)  # one character more for the look-behind
        window = text[lo : m.start()]
        for at in reversed(lowered):
            if at < lo:
                break
            window = window[: at - lo] + window[at - lo].lower() + window[at - lo + 1 :]
        word, low = m.group(), m.group().lower()
        before = _PREVIOUS.search(window, 1 if lo else 0)
        if before is None:
            # "..., Die man ...": a relative clause after a comma, a lower-case word next
            if not (
                low in _CLAUSE_START
                and _AFTER_COMMA.search(window)
                and _LOWER_NEXT.match(text, m.end())
            ):
                continue
        else:
            prev = before.group(1)
            if corrector.zipf(prev) is None:
                continue
            if prev not in CLAUSE_INTERNAL and (
                low not in FUNCTION_WORDS or not _LOWER_NEXT.match(text, m.end())
            ):
                continue
        lowered.append(m.start())
        ra, rb, reading = view_job(view, len(draft.raw), m.start(), m.start() + 1, low[0])
        jobs.append(
            (
                ra,
                rb,
                reading,
                "ocr",
                CASE_CONFIDENCE,
                f"closed-class word mid-sentence: {word!r} -> {low!r}",
            )
        )
    return jobs


MIN_PLAYER_USES = 5  # clean uses ("A giebt", "so hat B") before a document counts
_PLAYER_SLOT = regex.compile(
    r"(?<=(?:^|[\s(]))(\p{Lu}{1,2}|\d)(,?)(?=[^\S\n]+(\p{Ll}{2,})\b)", regex.M
)
_SENTENCE_WORD = _closed("und da wenn daß dass also nun ob weil so aber oder")
PLAYER_CONFIDENCE = 0.6


def _player_uses(text: str, profile: Profile) -> int:
    """Clean uses of the profile's player letters (``A giebt``, ``so hat B``) in ``text``."""
    if not profile.players:
        return 0
    return sum(m.group(1) in profile.players for m in _PLAYER_SLOT.finditer(text))


def _player_letters(
    draft: Draft, corrector: Corrector, view: View, profile: Profile, uses: int | None = None
) -> list[Job]:
    """``U, der mit dem Laubzehner`` -> ``A, der ...``: in a source whose profile names
    players (TRANSCRIPTION.md 4) and that uses them (``uses`` clean uses in the whole
    document, else counted in the view), a lone capital the profile lists as a misreading
    (a digit only after a sentence or clause start) in the same slot, before a lower-case
    word, is the player."""
    if not profile.players or not profile.player_misreadings:
        return []
    text = view.text
    slots = list(_PLAYER_SLOT.finditer(text))
    if uses is None:
        uses = sum(m.group(1) in profile.players for m in slots)
    if uses < MIN_PLAYER_USES:
        return []
    jobs: list[Job] = []
    for m in slots:
        token = m.group(1)
        player = profile.player_misreadings.get(token)
        if player is None or corrector.zipf(m.group(3)) is None:
            continue
        if token.isdigit():
            before = text[max(0, m.start() - 40) : m.start()].rstrip()
            prev = before.rsplit(None, 1)[-1] if before else ""
            if not (prev[-1:] in ".;:" or prev in _SENTENCE_WORD):
                continue
        ra, rb, reading = view_job(view, len(draft.raw), m.start(1), m.end(1), player)
        jobs.append(
            (
                ra,
                rb,
                reading,
                "ocr",
                PLAYER_CONFIDENCE,
                f"player letter in a worked example: {token!r} -> {player!r}",
            )
        )
    return jobs


def _debris(draft: Draft, corrector: Corrector, view: View, proposals: list[Edit]) -> list[Job]:
    """Jobs deleting runs of bleed-through debris; the doubtful runs become proposals."""
    jobs: list[Job] = []
    for a, b, evidence, sure in garbage.find(view.text, corrector):
        if sure:
            ra, rb, reading = view_job(view, len(draft.raw), a, b, "")
            jobs.append((ra, rb, reading, "noise", garbage.CONFIDENCE, evidence))
        else:
            proposals.append(
                _proposal(draft, view, a, b, "", garbage.PROPOSE_CONFIDENCE, evidence, "noise")
            )
    return jobs


def _odd_white_space(text: str) -> list[regex.Match[str]]:
    """The runs of white space :func:`_whitespace` may change, in order: every run but
    one space or one paragraph break inside the text."""
    runs = list(_WS_ODD.finditer(text))
    first, last = _WS_FIRST.match(text), _WS_LAST.search(text)
    if first is not None and (not runs or runs[0].start() != 0):
        runs.insert(0, first)
    if last is not None and last.start() > 0 and (not runs or runs[-1].end() != len(text)):
        runs.append(last)
    return runs


def _whitespace(draft: Draft) -> None:
    """Each run of white space in the reading becomes one space (two newlines between
    paragraphs; none at the start or the end)."""
    view = draft.view()
    text = view.text
    adds: list[Edit] = []
    jobs: list[tuple[int, int, str, str, float, str]] = []
    for m in _odd_white_space(text):
        if m.start() == 0 or m.end() == len(text):
            target = ""
        else:
            target = "\n\n" if m.group().count("\n") >= 2 else " "
        if m.group() == target:
            continue
        units: list[tuple[int, int]] = []
        for v in range(m.start(), m.end()):
            unit = (view.raw_start[v], view.raw_end[v])
            if not units or units[-1] != unit:
                units.append(unit)
        groups: list[list[int]] = []  # runs of untouched raw characters, or one edit unit
        for ra, rb in units:
            if (
                rb - ra == 1
                and draft.free(ra, rb)
                and groups
                and groups[-1][2]
                and groups[-1][1] == ra
            ):
                groups[-1][1] = rb
            else:
                groups.append([ra, rb, int(rb - ra == 1 and draft.free(ra, rb))])
        placed = False
        for ra, rb, free in groups:
            wanted = "" if placed else target
            placed = True
            if free:
                adds.append(
                    Edit(ra, rb, draft.raw[ra:rb], wanted, "whitespace", 1.0, "white space")
                )
                continue
            i = bisect.bisect_left(draft._starts, ra)
            old = draft.edits[i] if i < len(draft.edits) else None
            if old is None or (old.start, old.end) != (ra, rb) or old.replacement.strip():
                continue  # an edit that also writes letters keeps its own spacing
            if old.replacement != wanted:
                jobs.append((ra, rb, wanted, old.kind, old.confidence, old.evidence))
    draft.add_many(adds)
    draft.rewrite_many(jobs)


MAX_PASSES = 5  # repairs of the reading text before giving up on a fixed point
CHUNK_CHARS = 250_000
"""Documents longer than this are repaired in chunks (see :func:`repair`)."""

Piece = tuple[list[Edit], list[Edit]]  # the edits and the proposals of one chunk


def _repair_pass(
    texts: list[str],
    progress: Progress | None,
    corrector: Corrector,
    around: Context | None,
    profile: Profile,
    rounds: int,
) -> list[Piece]:
    """One run of every pass over the chunks ``texts`` of one document (``corrector`` and
    ``around`` serve the whole document, all its passes), with at most ``rounds``
    rounds of passes 3-5 (fewer when one changes nothing).

    The chunks go through each pass in step, as one document would: the lexicon
    passes' word counts and the player letters' evidence are the whole document's.
    Only one chunk's view is kept at a time.
    """
    drafts = [Draft(text) for text in texts]
    several = len(drafts) > 1

    def done_with(draft: Draft) -> None:
        """Let the chunk's view go (with several chunks)."""
        if several:  # keep one chunk's view in memory at a time
            draft.forget_view()

    for draft in drafts:
        _furniture_and_chars(draft)
        done_with(draft)
    proposals: list[list[Edit]] = [[] for _ in drafts]
    for _ in range(rounds):
        before = [list(d.edits) for d in drafts]
        counts: Counter[str] = Counter()
        for draft in drafts:
            view = draft.view()
            counts.update(_document_counts(_tokens(view), _rates(corrector, view)))
            done_with(draft)
        corrector.document = counts
        for k, draft in enumerate(drafts):
            view = draft.view()
            _hyphens(draft, corrector, view, profile)
            _joins(draft, corrector)
            _edge_signs(draft, corrector)
            view = draft.view()
            proposals[k] = []
            part = _part_progress(progress, k, len(drafts))
            tokens, rates = _tokens(view), _rates(corrector, view)
            _words(draft, corrector, tokens, rates, view, proposals[k], part, around, profile)
            _splits(draft, corrector, profile)
            done_with(draft)
        if all(d.edits == b for d, b in zip(drafts, before, strict=True)):
            break
    uses = 0
    for k, draft in enumerate(drafts):
        draft.rewrite_many(_debris(draft, corrector, draft.view(), proposals[k]))
        uses += _player_uses(draft.view().text, profile)
        done_with(draft)
    pieces: list[Piece] = []
    for k, draft in enumerate(drafts):
        view = draft.view()  # passes 7-8 read the text without debris; their jobs are disjoint
        draft.rewrite_many(
            _function_word_case(draft, corrector, view)
            + _player_letters(draft, corrector, view, profile, uses)
        )
        _splits(draft, corrector, profile)  # debris deleted between the halves of a split word
        _whitespace(draft)
        pieces.append((draft.edits, sorted(proposals[k], key=lambda e: (e.start, e.end))))
        drafts[k] = Draft("")  # done: let it go
    return pieces


def _repair_chunks(
    texts: list[str], lexicon: Lexicon, progress: Progress | None, profile: Profile
) -> tuple[list[Piece], tuple[Confusion, ...]]:
    """:func:`_repair_pass`, then again on the reading text until that changes nothing
    (at most :data:`MAX_PASSES` times), each change joined into the edits
    (:func:`normalise.edits.compose`); and the confusions learned from ``texts``.

    Each pass uses the confusions its own text teaches (:func:`_learned`): so the last
    pass, which changed nothing, is the pass a repair of the reading text would run.
    One corrector serves the passes while that stays the same: its decisions stand
    until the counts they weighed change."""
    learned = first_learned = _learned(texts, lexicon, profile)
    corrector = Corrector(lexicon, Counter(), channel_table(profile.confusions + learned))
    around = Context.of(corrector)  # real-word errors: the words around decide
    pieces = _repair_pass(texts, progress, corrector, around, profile, FIRST_ROUNDS)
    first = pieces
    for _ in range(MAX_PASSES):
        readings = [
            apply_edits(text, edits) for text, (edits, _) in zip(texts, pieces, strict=True)
        ]
        now = _learned(readings, lexicon, profile)
        if now != learned:  # the last pass must use what its own text teaches
            learned = now
            corrector = corrector.with_confusions(channel_table(profile.confusions + now))
            around = None if around is None else around.with_corrector(corrector)
        again = _repair_pass(readings, None, corrector, around, profile, 1)
        if not any(edits for edits, _ in again):
            break
        pieces = [
            (compose(text, edits, more) if more else edits, proposals)
            for text, (edits, proposals), (more, _) in zip(texts, pieces, again, strict=True)
        ]
    out: list[Piece] = []
    for (edits, proposals), (before, _) in zip(pieces, first, strict=True):
        if edits is not before:  # proposals where a later pass changed the text go
            kept = set(before)
            later = [e for e in edits if e not in kept]
            proposals = [p for p in proposals if not any(_overlap(p, e) for e in later)]
        out.append((edits, proposals))
    return out, first_learned


def _learned(texts: list[str], lexicon: Lexicon, profile: Profile) -> tuple[Confusion, ...]:
    """The confusions the OCR of ``texts`` (one document's chunks) teaches, beyond the
    prior table and the profile's (:func:`normalise.learn.document_confusions`)."""
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(word for _, _, word in _token_spans(text))
    return document_confusions(counts, lexicon, channel_table(profile.confusions))


def _overlap(a: Edit, b: Edit) -> bool:
    """Do two edits touch the same raw text (an insertion counts at its point)?"""
    return a.start < max(b.end, b.start + 1) and b.start < max(a.end, a.start + 1)


def _shifted(edits: list[Edit], offset: int) -> list[Edit]:
    """The edits of a chunk moved to its place in the document."""
    return [
        Edit(
            e.start + offset,
            e.end + offset,
            e.original,
            e.replacement,
            e.kind,
            e.confidence,
            e.evidence,
            e.source,
        )
        for e in edits
    ]


def _part_progress(progress: Progress | None, k: int, n: int) -> Progress | None:
    """Progress of chunk ``k`` of ``n`` as a share of the whole."""
    if progress is None or n == 1:
        return progress

    def report(stage: str, share: float) -> None:
        progress(stage, (k + share) / n)

    return report


def repair_with(
    text: str,
    lexicon: Lexicon,
    progress: Progress | None = None,
    *,
    chunk_chars: int = CHUNK_CHARS,
    profile: Profile = NO_PROFILE,
) -> Repair:
    """Repair ``text`` with a given lexicon; see the module docstring.

    ``profile`` holds the source's own habits (:mod:`normalise.profile`); by default
    none is assumed.

    The lexicon-driven passes run in rounds (:data:`FIRST_ROUNDS`), since each
    round's repairs sharpen the document's own statistics. Then the reading text is
    repaired again, one round each time, and what that changes is joined into the
    edits, until it changes nothing (at most :data:`MAX_PASSES` times): so
    ``repair(repair(x).reading)`` has no edits.

    A text longer than ``chunk_chars`` is cut at paragraph breaks
    (:func:`normalise.chunks.chunk_spans`) and the chunks go through every pass in
    step, with the whole document's word counts and player letters; only one chunk's
    working state is held at a time, so memory grows with the chunk, not the
    document. What a chunk cannot see is the text across a cut (a page-number series,
    a hyphen, a debris run or the long-s rate there); the white space at a cut becomes
    a paragraph break (or a space) as anywhere else.
    """
    spans = chunk_spans(text, chunk_chars)
    with rare_collections():  # see normalise.collector
        pieces, learned = _repair_chunks([text[a:b] for a, b in spans], lexicon, progress, profile)
    edits: list[Edit] = []
    proposals: list[Edit] = []
    for k, ((start, _end), (chunk_edits, chunk_proposals)) in enumerate(
        zip(spans, pieces, strict=True)
    ):
        if k:
            gap_start = spans[k - 1][1]
            gap = text[gap_start:start]
            wanted = "\n\n" if gap.count("\n") >= 2 else " "
            if gap and gap != wanted:  # a cut inside a token has no white space
                edits.append(Edit(gap_start, start, gap, wanted, "whitespace", 1.0, "white space"))
        edits += _shifted(chunk_edits, start) if start else chunk_edits
        proposals += _shifted(chunk_proposals, start) if start else chunk_proposals
    if progress is not None:
        progress("done", 1.0)
    return Repair(text, edits, proposals, learned)


def repair(
    text: str,
    progress: Progress | None = None,
    *,
    chunk_chars: int = CHUNK_CHARS,
    profile: Profile = NO_PROFILE,
) -> Repair:
    """Repair a document automatically (lexicon loaded once and cached); see
    :func:`repair_with`."""
    return repair_with(text, load(), progress, chunk_chars=chunk_chars, profile=profile)
