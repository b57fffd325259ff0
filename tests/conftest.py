"""Shared fixtures: the project root and the build outputs that `make edition` writes."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SHARED = ROOT.parent / "shared"


def built(relative: str) -> Path:
    """A path under build/; fails the test with advice when it is missing."""
    path = BUILD / relative
    if not path.exists():
        pytest.fail(f"{path} is missing: run `make edition` (make test does) first")
    return path


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def gold_passages() -> list[dict[str, object]]:
    """The hand-checked gold passages of ../shared/gold-dev (read-only)."""
    import json

    path = SHARED / "gold-dev" / "passages.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
