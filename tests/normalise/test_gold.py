"""The engine against the dev gold: clearly better than the raw OCR, clean text kept."""

from __future__ import annotations

from rapidfuzz.distance import Levenshtein

from normalise import repair
from tei.normal import fold
from tests.conftest import seed_path


def test_engine_beats_raw_on_gold_dev(gold_passages: list[dict[str, object]]) -> None:
    repairs = {}
    raw_errors = engine_errors = 0
    for p in gold_passages:
        source = str(p["source"])
        if source not in repairs:
            repairs[source] = repair(seed_path(source).read_text(encoding="utf-8"))
        gold = fold(str(p["gold"]))
        hyp = fold(repairs[source].reading_span(int(p["start"]), int(p["end"])))
        raw_errors += Levenshtein.distance(fold(str(p["raw"])), gold)
        engine_errors += Levenshtein.distance(hyp, gold)
    assert engine_errors < 0.5 * raw_errors


def test_clean_seeds_barely_change() -> None:
    for name in ("003_fc397ede5e9ddbb5.txt", "004_78ac239cc2f0ace7.txt"):
        raw = seed_path(name).read_text(encoding="utf-8")
        r = repair(raw)
        changed = sum(
            len(e.original) + len(e.replacement)
            for e in r.edits
            if e.kind not in ("whitespace", "noise", "hyphenation")
        )
        assert changed <= 0.003 * len(raw), [e for e in r.edits if e.kind == "ocr"]
