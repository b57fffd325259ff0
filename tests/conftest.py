"""Shared fixtures: the project root and the build outputs that `make edition` writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
GOLD_DEV = ROOT / "tests" / "data" / "gold-dev"

# Hypothesis: `make test` runs the fixed, derandomised "ci" profile (the same examples on
# every run, no example database); `make fuzz` runs "fuzz", many random examples
# (FUZZ_EXAMPLES per property, default 50,000: about ten minutes on two cores).
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "50000")),
    derandomize=False,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def built(relative: str) -> Path:
    """A path under build/; fails the test with advice when it is missing."""
    path = BUILD / relative
    if not path.exists():
        pytest.fail(f"{path} is missing: run `make edition` (make test does) first")
    return path


def seed_path(name: str) -> Path:
    """The corpus file that holds the seed ``name`` (its ``meta.toml`` names it)."""
    import tomllib

    for meta in sorted((ROOT / "corpus").glob("*/meta.toml")):
        if tomllib.loads(meta.read_text(encoding="utf-8")).get("original_file") == name:
            return meta.parent / "raw.txt"
    raise LookupError(f"no corpus source holds the seed {name}")


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def gold_passages() -> list[dict[str, object]]:
    """The hand-checked gold passages of tests/data/gold-dev (read-only)."""
    import json

    path = GOLD_DEV / "passages.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
