"""Property tests of the encoder on random sources: raw rule, reading layer, validity."""

from __future__ import annotations

import itertools
import subprocess
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from teisynth import SCHEMA, random_source

import tei.edition
from corpus import load_source, load_structure
from tei.build import build_document
from tei.edition import edition_log, edition_reading
from tei.layers import load_paragraphs, raw_text, read_tei
from tei.validate import jing_command

COUNTER = itertools.count()


def _build(tmp: Path, seed: int) -> tuple[str, Path, Path]:
    root = tmp / f"corpus{next(COUNTER)}"
    automatic = tuple(random_source(root, seed))
    with mock.patch.object(tei.edition, "_automatic", lambda siglum, root: automatic):
        built = build_document("rand", root)
        edition_log("rand", root)  # cached while the patch holds
    path = root / "rand.xml"
    path.write_bytes(built.xml)
    return "rand", root, path


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_raw_rule_and_reading_hold_for_random_sources(tmp_path: Path, seed: int) -> None:
    siglum, root, path = _build(tmp_path, seed)
    structure = load_structure(siglum, root)
    raw = load_source(siglum, root).raw
    _, body = read_tei(path)
    assert raw_text(body) == raw[structure.body_start : structure.body_end]
    paragraphs = load_paragraphs(path)
    for block in structure.blocks:
        paragraph = paragraphs[f"{siglum}.{block.id}"]
        assert paragraph.raw == raw[block.start : block.end]
        assert paragraph.reading == edition_reading(siglum, block.start, block.end, root)
    log = edition_log(siglum, root)
    assert all(a.end <= b.start for a, b in itertools.pairwise(log.edits))


def test_random_sources_are_valid_tei_all(tmp_path: Path) -> None:
    paths = [_build(tmp_path, seed)[2] for seed in range(25)]
    assert SCHEMA.exists(), f"{SCHEMA} missing: run `make schema`"
    result = subprocess.run(
        [*jing_command(), str(SCHEMA), *map(str, paths)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[:3000]
