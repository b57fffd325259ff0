"""Fixtures of the TEI tests: a synthetic corpus (permanent) and the real corpus, built once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from corpus import SIGLA
from corpus.sources import CORPUS_DIR
from tei.build import build_tei

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers in teisynth.py
from teisynth import write_synth


@pytest.fixture(scope="session")
def synth_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("corpus")
    write_synth(root)
    return root


@pytest.fixture(scope="session")
def synth_tei(synth_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("synth-tei")
    (path,) = build_tei(["synth1798"], out, root=synth_root)
    return path


@pytest.fixture(scope="session")
def real_sigla() -> list[str]:
    """The corpus sources that have a structure.toml (the others are not built yet)."""
    return [s for s in SIGLA if (CORPUS_DIR / s / "structure.toml").exists()]


@pytest.fixture(scope="session")
def real_tei(real_sigla: list[str], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("tei")
    paths = build_tei(real_sigla, out)
    return {p.stem: p for p in paths}
