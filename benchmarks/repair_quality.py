"""Character and word error rates of repair methods on the dev gold passages.

Usage: ``python benchmarks/repair_quality.py [--gold PATH] [--only engine]``

Each passage's source document is repaired whole; the passage's reading is
``reading_span(start, end)``; white space runs fold to one space on both sides;
CER = sum of Levenshtein distances / sum of gold lengths (rapidfuzz), WER the same
over words. Methods: raw, a regex script (long s + hyphenation + ftfy), the regex
script plus pyspellchecker's German dictionary, and this engine.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from rapidfuzz.distance import Levenshtein

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.data import GOLD, seed_files, seed_profiles  # noqa: E402
from tei.normal import fold  # noqa: E402

_HYPHEN = re.compile(r"(?<=\w)[⸗¬=-]\s+(?=[a-zäöüß])")
_WORD = re.compile(r"\w+", re.UNICODE)

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
    print(f"{'method':<14}{'CER':>8}{'WER':>8}   per source CER")
    for name, method in methods.items():
        started = time.perf_counter()
        by_source: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for p in passages:
            hyp = method(str(p["source"]), str(p["raw"]), int(p["start"]), int(p["end"]))
            by_source[str(p["source"])].append((hyp, str(p["gold"])))
            if args.show and name == "engine":
                g = fold(str(p["gold"]))
                h = fold(hyp)
                if g != h:
                    print(f"--- {p['id']} d={Levenshtein.distance(h, g)}\nHYP: {h}\nGLD: {g}")
        every = [pair for pairs in by_source.values() for pair in pairs]
        cer, wer = score(every)
        per = "  ".join(f"{src[:3]}={score(pairs)[0]:.2%}" for src, pairs in by_source.items())
        took = time.perf_counter() - started
        print(f"{name:<14}{cer:>8.2%}{wer:>8.2%}   {per}   ({took:.1f}s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
