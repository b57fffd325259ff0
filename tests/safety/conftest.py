"""Fixtures of the safety suite: a copy of a small real source as the whole corpus."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import corpus.sources
import tei.edition
from corpus.sources import CORPUS_DIR

SIGLUM = "pierer1861"


def _clear_caches() -> None:
    for loader in (
        corpus.sources.load_source,
        corpus.sources.load_structure,
        corpus.sources.load_corrections,
    ):
        loader.cache_clear()
    for name in dir(tei.edition):
        function = getattr(tei.edition, name)
        if callable(function) and hasattr(function, "cache_clear"):
            function.cache_clear()


@pytest.fixture
def corpus_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``corpus/pierer1861`` copied into a temporary corpus directory that the
    loader reads instead of ``corpus/``; returns the source's directory."""
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR / SIGLUM, root / SIGLUM)
    monkeypatch.setattr(corpus.sources, "CORPUS_DIR", root)
    _clear_caches()
    yield root / SIGLUM
    _clear_caches()


@pytest.fixture(scope="session")
def synth_tei(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The synthetic source of the TEI tests, built."""
    from tei.build import build_tei
    from tests.tei.teisynth import write_synth

    root = tmp_path_factory.mktemp("synth-corpus")
    write_synth(root)
    (path,) = build_tei(["synth1798"], tmp_path_factory.mktemp("synth-tei"), root=root)
    return path
