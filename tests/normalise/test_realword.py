"""The real-word check: listing, decisions, the build hook and the CLI listing."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from corpus import SIGLA
from normalise.edits import Edit
from normalise.realword import Change, Decision, changes, load_decisions, review
from stichwort.cli import main
from tei import build
from tei.errors import TeiError

ROOT = Path(__file__).resolve().parents[2]
WORDS = frozenset({"fein", "sein", "keinen", "seinen", "feinen", "das", "ist", "werden", "wenden"})


def is_word(word: str) -> bool:
    return word.lower() in WORDS


def test_a_change_of_one_word_into_another_is_listed() -> None:
    raw = "Er hat feinen Trumpf und ift fein."
    at = raw.index("feinen")
    edits = [
        Edit(at, at + 1, "f", "s", "ocr", 0.9, "long s"),
        Edit(raw.index("ift") + 1, raw.index("ift") + 2, "f", "s", "ocr", 0.9, "long s"),
    ]
    (change,) = changes(raw, edits, is_word)
    assert change == Change(at, at + 6, "feinen", "seinen", "long s")


def test_non_words_case_editor_edits_and_joins_are_not_listed() -> None:
    raw = "Das ift fein, wer- den fein"
    last = raw.rindex("fein")
    edits = [
        Edit(0, 1, "D", "d", "ocr", 0.6, "case"),  # case only
        Edit(raw.index("ift") + 1, raw.index("ift") + 2, "f", "s", "ocr"),  # ift: no word
        Edit(raw.index("fein"), raw.index("fein") + 1, "f", "s", "ocr", source="editor"),
        Edit(raw.index("- "), raw.index("- ") + 2, "- ", "", "hyphenation"),  # wer-den
        Edit(last, last + 1, "f", "s", "ocr"),
    ]
    found = changes(raw, edits, is_word)
    assert [(c.sic, c.corr) for c in found] == [("fein", "sein")]
    assert found[0].at == last


def test_a_word_changed_across_a_line_end_hyphen_is_listed() -> None:
    raw = "wen- den"
    edits = [
        Edit(2, 3, "n", "r", "ocr", 0.8, "n/r"),
        Edit(3, 5, "- ", "", "hyphenation", 0.9, "hyphen"),
    ]
    (change,) = changes(raw, edits, is_word)
    assert (change.at, change.sic, change.corr) == (0, "wen- den", "werden")


def test_review_sorts_changes_into_undecided_and_rejected() -> None:
    a, b, c = (
        Change(1, 5, "fein", "sein", ""),
        Change(9, 13, "fein", "sein", ""),
        Change(20, 24, "fein", "sein", ""),
    )
    decisions = [
        Decision(1, "fein", "sein", "accept", "checked"),
        Decision(9, "fein", "sein", "reject", "print: kein"),
        Decision(20, "fein", "kein", "accept", "a decision on another reading"),
    ]
    result = review([a, b, c], decisions)
    assert result.undecided == (c,) and result.rejected == (b,)
    problems = result.problems("d.toml", lambda at: f"{at} (p1)")
    assert len(problems) == 2
    assert problems[0].startswith("d.toml: undecided real-word change at 20 (p1)")
    assert "rejected but still applied" in problems[1]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('at = 1\nsic = "a"\ncorr = "b"\ndecision = "maybe"\nnote = "x"', "'decision' must"),
        ('at = 1\nsic = "a"\ncorr = "b"\ndecision = "accept"', "needs a 'note'"),
        ('at = "1"\nsic = "a"\ncorr = "b"\ndecision = "accept"\nnote = "x"', "'at' must"),
        ('at = 1\nsic = "a"\ncorr = "b"\ndecision = "accept"\nnote = "x"\nnte = 1', "unknown"),
    ],
)
def test_a_malformed_decision_is_refused(tmp_path: Path, entry: str, message: str) -> None:
    path = tmp_path / "decisions.toml"
    path.write_text(f"[[decision]]\n{entry}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(message)) as error:
        load_decisions(path)
    assert str(path) in str(error.value) and "decision #1" in str(error.value)


def test_no_decisions_file_means_no_decisions(tmp_path: Path) -> None:
    assert load_decisions(tmp_path / "decisions.toml") == []


def test_every_real_word_change_of_the_corpus_is_decided() -> None:
    accepted = rejected = 0
    for siglum in SIGLA:
        result = build.real_word_review(siglum)
        assert not result.problems(siglum), "\n".join(result.problems(siglum))
        accepted += sum(d.decision == "accept" for d in result.decisions)
        rejected += sum(d.decision == "reject" for d in result.decisions)
    readme = (ROOT / "corpus" / "README.md").read_text(encoding="utf-8")
    figure = re.search(r"(\d+) real-word changes decided: (\d+) accepted, (\d+) rejected", readme)
    assert figure is not None, "corpus/README.md gives the number of decided cases"
    assert tuple(map(int, figure.groups())) == (accepted + rejected, accepted, rejected)


def test_a_rejected_change_is_corrected_in_the_reading(tmp_path: Path) -> None:
    result = build.real_word_review("schwaighofer1927")
    rejected = [d for d in result.decisions if d.decision == "reject"]
    assert rejected
    changed = {c.at for c in result.changes}
    assert not changed.intersection(d.at for d in rejected)


def test_the_build_stops_on_an_undecided_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    change = Change(5, 9, "fein", "sein", "long s")
    monkeypatch.setattr(build, "real_word_review", lambda siglum, root=None: review([change], []))
    with pytest.raises(TeiError, match=r"decisions\.toml: undecided real-word change at 5"):
        build.build_tei(["polizei472"], tmp_path)
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_decision_must_quote_the_raw_text(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus" / "polizei472", root / "polizei472")
    (root / "polizei472" / "decisions.toml").write_text(
        '[[decision]]\nat = 0\nsic = "nicht da"\ncorr = "x"\ndecision = "accept"\nnote = "y"\n',
        encoding="utf-8",
    )
    with pytest.raises(TeiError, match=r"decisions\.toml: decision at 0: sic 'nicht da'"):
        build.real_word_review("polizei472", root)


def test_the_review_listing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "realword", "--siglum", "schwaighofer1927"]) == 0
    out = capsys.readouterr().out
    assert "rejected, corrected: k read as f" in out
    assert "[[keinen]] eigenen Namen" in out  # a rejected change shows the corrected reading
    assert "[[seinem]]" in out  # the word in its context
    assert re.search(r"decisions: \d+ accepted, \d+ rejected; 0 undecided", out)
