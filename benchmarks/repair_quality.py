"""Character and word error rates of repair methods: dev gold, leave-one-book-out, synthetic.

Usage: ``python benchmarks/repair_quality.py [--gold PATH] [--only engine] [--no-lobo]
[--no-synthetic] [--no-realword] [--no-edition] [--tuning]``

1. Dev gold: each passage's source document is repaired whole (with its profile); the
   passage's reading is ``reading_span(start, end)``; white space runs fold to one space
   on both sides; CER = sum of Levenshtein distances / sum of gold lengths (rapidfuzz),
   WER the same over words. Methods: raw, a regex script (long s + hyphenation + ftfy),
   the regex script plus pyspellchecker's German dictionary, and this engine.
   ``worse`` counts over-corrections: gold words the raw OCR had right and the method
   made wrong (word alignment of each against the gold).
2. Leave one book out: for each book, the confusions learned from the other books' gold
   passages (:mod:`normalise.learn`) are added to its profile, and it is measured alone.
3. Synthetic: held-out Dingler text (volumes never counted into the lexicon,
   ``normalise/data/dingler-heldout.txt.xz``) cut into documents, damaged
   (:mod:`normalise.damage`, fixed seeds) and repaired; CER against the clean text.
   With ``--tuning``, also the tuning documents: the next documents of the same text
   with other seeds, on which the engine's rules are chosen, so that the figure above
   stays one the rules were not tuned on.
4. Real-word errors against the editor: every curated correction of a corpus source
   (``corrections.toml``) that turns one dictionary word into another (``feinen`` ->
   ``keinen``; case and long s aside) is a real-word error the editor found; the
   engine's automatic reading of that word is right, left as printed, or another word.
   And the edits the word-bigram context decided (:mod:`normalise.context`): how many
   the editor's layer reads alike (case aside), how many it reads otherwise, and how
   many no curated correction covers. Beside them, every curated OCR correction of one
   word (``kind = "ocr"``): is the automatic reading already the editor's (right), the
   print's (left) or another?
5. The books outside the gold passages: the automatic reading against the edition's
   (the same repair with the editor's curated corrections on top; page furniture left
   out of both), over the body of each source cut into windows of about
   :data:`WINDOW` characters, the windows that touch a gold passage left out. It is the
   nearest the project comes to CER on passages of the four books it was not developed
   on, with two caveats: the editor may have left errors (so it is a lower bound), and
   rules were chosen by how many of the editor's corrections they make.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rapidfuzz.distance import Levenshtein

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.data import (  # noqa: E402
    GOLD,
    book_repair,
    furniture_edits,
    seed_files,
    seed_profiles,
)
from normalise.profile import Profile  # noqa: E402
from tei.normal import fold  # noqa: E402

_HYPHEN = re.compile(r"(?<=\w)[⸗¬=-]\s+(?=[a-zäöüß])")
_WORD = re.compile(r"\w+", re.UNICODE)
_LOST = re.compile(r"[\w\ufffd]*\ufffd[\w\ufffd]*", re.UNICODE)  # a word with U+FFFD

Method = Callable[[str, int, int], str]


def regex_script(text: str) -> str:
    """The usual script: ftfy, long s -> s, join line-end hyphens, ⸗ -> -."""
    import ftfy

    text = ftfy.fix_text(text, uncurl_quotes=False)
    text = text.replace("ſ", "s")
    text = _HYPHEN.sub("", text)
    return text.replace("⸗", "-")


def spellchecker_script(text: str) -> str:
    """The regex script, then every unknown word replaced by pyspellchecker's German fix."""
    from spellchecker import SpellChecker

    checker = SpellChecker(language="de", distance=1)
    text = regex_script(text)
    cache: dict[str, str] = {}

    def fix(m: re.Match[str]) -> str:
        word = m.group()
        if word not in cache:
            low = word.lower()
            if word.isdigit() or low in checker:
                cache[word] = word
            else:
                best = checker.correction(low)
                if best is None:
                    cache[word] = word
                else:
                    cache[word] = best.capitalize() if word[0].isupper() else best
        return cache[word]

    return re.sub(r"[^\W\d_]+", fix, text)


def whole_text_method(fn: Callable[[str], str]) -> Callable[[str, str, int, int], str]:
    """A method that transforms text without offsets: apply it to the passage only."""

    def run(_doc: str, raw: str, _a: int, _b: int) -> str:
        return fn(raw)

    return run


def load_passages(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _right_words(hyp: str, gold: str) -> set[int]:
    """Indices of the gold words that the hypothesis has, by word alignment."""
    out: set[int] = set()
    for tag, _i1, _i2, j1, j2 in Levenshtein.opcodes(hyp.split(" "), gold.split(" ")):
        if tag == "equal":
            out.update(range(j1, j2))
    return out


def worse(triples: list[tuple[str, str, str]]) -> int:
    """Over-corrections over (raw, hypothesis, gold): gold words right in raw, wrong after."""
    n = 0
    for raw, hyp, gold in triples:
        g = fold(gold)
        n += len(_right_words(fold(raw), g) - _right_words(fold(hyp), g))
    return n


def score(pairs: list[tuple[str, str]]) -> tuple[float, float]:
    """CER and WER over (hypothesis, gold) pairs, sums before dividing."""
    cd = cl = wd = wl = 0
    for hyp, gold in pairs:
        h, g = fold(hyp), fold(gold)
        cd += Levenshtein.distance(h, g)
        cl += len(g)
        hw, gw = h.split(" "), g.split(" ")
        wd += Levenshtein.distance(hw, gw)
        wl += len(gw)
    return cd / max(1, cl), wd / max(1, wl)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gold", type=Path, default=GOLD)
    parser.add_argument("--only", choices=["raw", "regex", "spellchecker", "engine"])
    parser.add_argument("--show", action="store_true", help="print engine output per passage")
    parser.add_argument("--no-lobo", action="store_true", help="skip leave-one-book-out")
    parser.add_argument("--no-synthetic", action="store_true", help="skip the synthetic set")
    parser.add_argument(
        "--no-realword", action="store_true", help="skip the real-word errors of the corpus"
    )
    parser.add_argument(
        "--no-edition", action="store_true", help="skip the books outside the gold passages"
    )
    parser.add_argument(
        "--tuning", action="store_true", help="also the tuning documents rules are chosen on"
    )
    args = parser.parse_args(argv)

    passages = load_passages(args.gold)
    seeds = seed_files()
    docs = {p["source"]: seeds[str(p["source"])].read_text(encoding="utf-8") for p in passages}
    profiles = seed_profiles()

    from normalise import repair

    repairs: dict[str, object] = {}

    def engine(doc_name: str, _raw: str, a: int, b: int) -> str:
        if doc_name not in repairs:
            repairs[doc_name] = repair(docs[doc_name], profile=profiles[doc_name])
        return repairs[doc_name].reading_span(a, b)  # type: ignore[attr-defined]

    methods: dict[str, Callable[[str, str, int, int], str]] = {
        "raw": whole_text_method(lambda t: t),
        "regex": whole_text_method(regex_script),
        "spellchecker": whole_text_method(spellchecker_script),
        "engine": engine,
    }
    if args.only:
        methods = {args.only: methods[args.only]}
    print(f"{len(passages)} passages, {sum(len(str(p['gold'])) for p in passages)} gold chars")
    print(f"{'method':<14}{'CER':>8}{'WER':>8}{'worse':>7}   per source CER")
    for name, method in methods.items():
        started = time.perf_counter()
        by_source: dict[str, list[tuple[str, str]]] = defaultdict(list)
        triples_by_source: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for p in passages:
            hyp = method(str(p["source"]), str(p["raw"]), int(p["start"]), int(p["end"]))
            by_source[str(p["source"])].append((hyp, str(p["gold"])))
            triples_by_source[str(p["source"])].append((str(p["raw"]), hyp, str(p["gold"])))
            if args.show and name == "engine":
                g = fold(str(p["gold"]))
                h = fold(hyp)
                if g != h:
                    print(f"--- {p['id']} d={Levenshtein.distance(h, g)}\nHYP: {h}\nGLD: {g}")
        every = [pair for pairs in by_source.values() for pair in pairs]
        cer, wer = score(every)
        per = "  ".join(f"{src[:3]}={score(pairs)[0]:.2%}" for src, pairs in by_source.items())
        triples = [t for ts in triples_by_source.values() for t in ts]
        worse_per = "  ".join(f"{src[:3]}={worse(ts)}" for src, ts in triples_by_source.items())
        took = time.perf_counter() - started
        print(f"{name:<14}{cer:>8.2%}{wer:>8.2%}{worse(triples):>7}   {per}   ({took:.1f}s)")
        print(f"{'':<37}over-corrections per source: {worse_per}")
    if "engine" in methods:
        clean_sources(seeds, profiles)
    if not args.no_lobo and (args.only in (None, "engine")):
        leave_one_book_out(passages, docs, profiles)
    if not args.no_synthetic and (args.only in (None, "engine")):
        synthetic()
    if args.tuning and (args.only in (None, "engine")):
        synthetic(tuning=True)
    if not args.no_realword and (args.only in (None, "engine")):
        real_words()
    if not args.no_edition and (args.only in (None, "engine")):
        outside_gold(passages)
    return 0


WINDOW = 1500  # characters of raw text per window of the books outside the gold passages


def outside_gold(passages: list[dict[str, object]]) -> None:
    """CER of the automatic reading against the edition's, per book, outside the gold
    passages (5 of the module's docstring)."""
    from benchmarks.edition_cer import fallback_repair
    from corpus import SIGLA, load_source, load_structure
    from normalise.edits import Repair, merge_layers

    print("the books outside the gold passages, against the edition's reading:")
    totals = [0, 0, 0]  # raw distance, engine distance, edition characters
    for siglum in sorted(SIGLA):
        source, structure = load_source(siglum), load_structure(siglum)
        raw = source.raw
        original = source.meta.get("original_file", "")
        gold = [
            (int(str(p["start"])), int(str(p["end"]))) for p in passages if p["source"] == original
        ]
        furniture = furniture_edits(raw, structure)
        texts = {
            "raw": Repair(raw, furniture),
            "engine": Repair(raw, merge_layers(book_repair(siglum).edits, furniture)),
            "edition": fallback_repair(siglum),
        }
        counts = [0, 0, 0]
        a = structure.body_start
        while a < structure.body_end:
            b = min(structure.body_end, a + WINDOW)
            while b < structure.body_end and not raw[b].isspace():
                b += 1
            if not any(g0 < b and a < g1 for g0, g1 in gold):
                ref = fold(texts["edition"].reading_span(a, b))
                counts[0] += Levenshtein.distance(fold(texts["raw"].reading_span(a, b)), ref)
                counts[1] += Levenshtein.distance(fold(texts["engine"].reading_span(a, b)), ref)
                counts[2] += len(ref)
            a = b
        totals = [t + c for t, c in zip(totals, counts, strict=True)]
        if counts[2]:
            print(f"  {siglum}: {_outside(counts)}")
        else:
            print(f"  {siglum}: no text outside the gold passages")
    print(f"  all: {_outside(totals)}")


def _outside(counts: list[int]) -> str:
    raw, engine, chars = counts
    return f"{chars:,} chars; raw {raw / chars:.2%}, engine {engine / chars:.2%} CER"


CLEAN_SEEDS = ("003_fc397ede5e9ddbb5.txt", "004_78ac239cc2f0ace7.txt")  # polizei472, pierer1861


def clean_sources(seeds: dict[str, Path], profiles: dict[str, Profile]) -> None:
    """Share of the characters of the clean sources that the repair changes (letters
    and signs; white space, furniture and hyphen joins not counted)."""
    from normalise import repair

    for name in CLEAN_SEEDS:
        raw = seeds[name].read_text(encoding="utf-8")
        edits = repair(raw, profile=profiles[name]).edits
        changed = sum(
            max(len(e.original), len(e.replacement))
            for e in edits
            if e.kind not in ("whitespace", "noise", "hyphenation")
        )
        print(
            f"clean source {name[:3]}: {changed}/{len(raw)} characters changed "
            f"({changed / len(raw):.2%})"
        )


def leave_one_book_out(
    passages: list[dict[str, object]], docs: dict[object, str], profiles: dict[str, Profile]
) -> None:
    """Per book: the engine with the confusions learned from the other books' gold."""
    from normalise import repair
    from normalise.learn import learn, word_pairs

    print("leave one book out (confusions learned from the other books' gold passages):")
    triples: list[tuple[str, str, str]] = []
    every: list[tuple[str, str]] = []
    for book in sorted({str(p["source"]) for p in passages}):
        train = [p for p in passages if p["source"] != book]
        learned = learn(
            [pair for p in train for pair in word_pairs(str(p["raw"]), str(p["gold"]))],
            [str(p["gold"]) for p in train],
        )
        own = profiles[book]
        profile = replace(own, confusions=own.confusions + learned)
        r = repair(docs[book], profile=profile)
        mine = [p for p in passages if p["source"] == book]
        pairs = [(r.reading_span(int(p["start"]), int(p["end"])), str(p["gold"])) for p in mine]
        every += pairs
        triples += [(str(p["raw"]), h, g) for p, (h, g) in zip(mine, pairs, strict=True)]
        cer, wer = score(pairs)
        print(f"  {book[:3]}: CER {cer:.2%} WER {wer:.2%} ({len(learned)} learned confusions)")
    cer, wer = score(every)
    print(f"  all: CER {cer:.2%} WER {wer:.2%} worse {worse(triples)}")


SYNTHETIC_DOC_CHARS = 20_000
SYNTHETIC_DOCS = 10
TUNING_SEEDS = 100  # the damage seeds of the tuning documents begin here


def heldout_documents(skip: int = 0) -> list[str]:
    """The clean held-out Dingler text cut into documents of about
    :data:`SYNTHETIC_DOC_CHARS` characters, whole paragraphs each: the
    :data:`SYNTHETIC_DOCS` documents after the first ``skip``."""
    import lzma

    from normalise.lexicon import DATA

    with lzma.open(DATA / "dingler-heldout.txt.xz", "rt", encoding="utf-8") as handle:
        paragraphs = handle.read().splitlines()
    docs: list[str] = []
    current: list[str] = []
    for para in paragraphs:
        current.append(para)
        if sum(map(len, current)) >= SYNTHETIC_DOC_CHARS:
            docs.append("\n\n".join(current))
            current = []
        if len(docs) == skip + SYNTHETIC_DOCS:
            break
    return docs[skip:]


def seeded_documents(tuning: bool = False) -> list[tuple[int, str]]:
    """(damage seed, clean text) of the synthetic documents (seeds 0-9), or with
    ``tuning`` of the tuning documents, the next ones (seeds 100-108)."""
    if tuning:
        return list(enumerate(heldout_documents(SYNTHETIC_DOCS), TUNING_SEEDS))
    return list(enumerate(heldout_documents(0)))


def damaged_documents() -> list[str]:
    """Every held-out document with its synthetic damage, the synthetic ones then the
    tuning ones, as :func:`synthetic` damages them."""
    from normalise.damage import damage

    seeded = seeded_documents() + seeded_documents(tuning=True)
    return [damage(clean, seed).text for seed, clean in seeded]


def synthetic(tuning: bool = False) -> None:
    """Held-out clean Dingler text, damaged with fixed seeds, repaired without a profile;
    with ``tuning`` the tuning documents (the next ones, other seeds)."""

    from normalise import repair
    from normalise.damage import damage
    from normalise.lexicon import DATA

    path = DATA / "dingler-heldout.txt.xz"
    if not path.exists():
        print(f"synthetic: {path} missing (scripts/build_histlex.py writes it)")
        return
    seeded = seeded_documents(tuning)
    raw_pairs: list[tuple[str, str]] = []
    eng_pairs: list[tuple[str, str]] = []
    triples: list[tuple[str, str, str]] = []
    started = time.perf_counter()
    for seed, clean in seeded:
        d = damage(clean, seed)
        hyp = repair(d.text).reading
        raw_pairs.append((d.text, clean))
        eng_pairs.append((hyp, clean))
        triples.append((d.text, hyp, clean))
    took = time.perf_counter() - started
    raw_cer, raw_wer = score(raw_pairs)
    cer, wer = score(eng_pairs)
    chars = sum(len(c) for _, c in seeded)
    what = "tuning documents" if tuning else "synthetic damage on held-out Dingler text"
    print(f"{what} ({len(seeded)} documents, {chars} chars, damage seeds {seeded[0][0]}+):")
    print(f"  raw:    CER {raw_cer:.2%} WER {raw_wer:.2%}")
    print(
        f"  engine: CER {cer:.3%} WER {wer:.3%} worse {worse(triples)}; "
        f"{1 - cer / raw_cer:.0%} of the character errors removed ({took:.1f}s)"
    )


_LETTER = re.compile(r"[^\W\d_]|\ufffd")
_JOIN = re.compile(r"[⸗¬=-]\s+")


def _word_span(raw: str, a: int, b: int) -> tuple[int, int]:
    """The raw span of the whole word around ``raw[a:b]``, across a line-end hyphen."""
    while True:
        while a > 0 and _LETTER.match(raw[a - 1]):
            a -= 1
        join = next((m for m in _JOIN.finditer(raw, max(0, a - 4), a) if m.end() == a), None)
        if join is None or join.start() == 0 or not _LETTER.match(raw[join.start() - 1]):
            break
        a = join.start()
    while True:
        while b < len(raw) and _LETTER.match(raw[b]):
            b += 1
        join = _JOIN.match(raw, b)
        if join is None or join.end() >= len(raw) or not _LETTER.match(raw[join.end()]):
            break
        b = join.end()
    return a, b


def _first_word(text: str) -> str:
    words = text.lower().split()
    return words[0] if words else ""


def real_words() -> None:
    """The engine's readings of the real-word errors the editor corrected, per source,
    and how the editor reads the words the context decided."""
    import unicodedata

    from corpus import SIGLA, load_corrections, load_source
    from normalise.edits import Repair, merge_layers
    from normalise.lexicon import load

    lexicon = load()

    def plain(word: str) -> str:
        return unicodedata.normalize("NFC", word.replace("ſ", "s"))

    print("real-word errors the editor corrected (engine's reading: right / left / other):")
    totals = [0] * 12
    for siglum in sorted(SIGLA):
        source = load_source(siglum)
        raw = source.raw
        auto = book_repair(siglum)
        curated = load_corrections(siglum)
        ocr = [0, 0, 0]  # every curated OCR correction of one word: right / left / other
        lost = [0, 0, 0]  # ... of one word with a letter lost to the encoding (U+FFFD)
        for c in curated:
            sic, corr = plain(c.original), plain(c.replacement)
            if c.kind != "ocr" or not _WORD.fullmatch(corr):
                continue
            counted = ocr if _WORD.fullmatch(sic) else lost if _LOST.fullmatch(sic) else None
            if counted is not None:
                got = plain(auto.reading_span(c.start, c.end))
                counted[0 if got == corr else 1 if got == sic else 2] += 1
        counts = [0, 0, 0]
        for c in curated:
            sic, corr = plain(c.original), plain(c.replacement)
            if not (_WORD.fullmatch(sic) and _WORD.fullmatch(corr)) or sic.lower() == corr.lower():
                continue
            if sic.isdigit() or corr.isdigit():
                continue
            if not (lexicon.in_dictionary(sic) and lexicon.in_dictionary(corr)):
                continue
            got = plain(auto.reading_span(c.start, c.end))
            counts[0 if got == corr else 1 if got == sic else 2] += 1
        edition = Repair(raw, merge_layers(auto.edits, curated))
        context = [0, 0, 0]  # alike, otherwise, uncovered
        spans = {
            _word_span(raw, e.start, e.end) for e in auto.edits if e.evidence.startswith("context:")
        }
        for a, b in sorted(spans):
            if not any(c.start < b and a < max(c.end, c.start + 1) for c in curated):
                context[2] += 1
                continue
            ours, editor = auto.reading_span(a, b), edition.reading_span(a, b)
            alike = _first_word(ours) == _first_word(editor)  # the editor's may go on
            context[0 if alike else 1] += 1
        totals = [t + n for t, n in zip(totals, counts + context + ocr + lost, strict=True)]
        print(
            f"  {siglum}: {counts[0]} right, {counts[1]} left, {counts[2]} other; "
            f"context edits: {context[0]} read alike by the editor, {context[1]} otherwise, "
            f"{context[2]} uncovered; all one-word OCR corrections: {ocr[0]} right, "
            f"{ocr[1]} left, {ocr[2]} other; with a letter lost to the encoding: {lost[0]} "
            f"right, {lost[1]} left, {lost[2]} other"
        )
    print(
        f"  all: {totals[0]} right, {totals[1]} left, {totals[2]} other; context edits: "
        f"{totals[3]} alike, {totals[4]} otherwise, {totals[5]} uncovered; one-word OCR "
        f"corrections: {totals[6]} right, {totals[7]} left, {totals[8]} other; with a letter "
        f"lost to the encoding: {totals[9]} right, {totals[10]} left, {totals[11]} other"
    )


if __name__ == "__main__":
    raise SystemExit(main())
