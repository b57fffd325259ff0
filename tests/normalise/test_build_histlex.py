"""scripts/build_histlex.py on a tiny Dingler-like git repository."""

from __future__ import annotations

import json
import lzma
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import build_histlex

TEI = (
    '<TEI xmlns="http://www.tei-c.org/ns/1.0"><teiHeader><p>Kopf Kopf Kopf</p></teiHeader>'
    "<text><body><p>{body}</p></body></text></TEI>"
)


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


@pytest.fixture
def mirror(tmp_path: Path) -> Path:
    repo = tmp_path / "dingler"
    (repo / "sources" / "volumes").mkdir(parents=True)
    counted = "Der Theil ist gut. Der Theil ist gut. Der Theil ist gut; uͤber <sic>Tbeil</sic>."
    held = "Dieser Absatz gehoͤrt zum zurückgehaltenen Band und wird nie gezählt. " * 4
    (repo / "sources/volumes/pj001.xml").write_text(TEI.format(body=counted), encoding="utf-8")
    (repo / "sources/volumes/pj007.xml").write_text(TEI.format(body=held), encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x")
    return repo / ".git"


def _lines(path: Path) -> list[str]:
    with lzma.open(path, "rt", encoding="utf-8") as handle:
        return handle.read().splitlines()


def test_counts_fold_and_hold_out(mirror: Path, tmp_path: Path) -> None:
    out = tmp_path / "data"
    assert build_histlex.main([str(mirror), "--out", str(out), "--min-bigram", "3"]) == 0
    words = dict(line.split("\t") for line in _lines(out / "histlex-words.tsv.xz"))
    assert words == {"der": "3", "theil": "3", "ist": "3", "gut": "3"}  # header, sic left out
    pairs = dict(line.split("\t") for line in _lines(out / "histlex-bigrams.tsv.xz"))
    assert pairs == {"der theil": "3", "theil ist": "3", "ist gut": "3"}  # not across "."
    held = _lines(out / "dingler-heldout.txt.xz")
    assert held and "gehört" in held[0] and "gezählt" not in words
    figures = json.loads((out / "histlex.json").read_text(encoding="utf-8"))
    assert figures["volumes_counted"] == 1 and figures["volumes_held_out"] == 1


def test_a_path_that_is_no_mirror_fails_with_its_name(tmp_path: Path) -> None:
    assert build_histlex.main([str(tmp_path / "none"), "--out", str(tmp_path / "o")]) == 1
