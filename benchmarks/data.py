"""Where the benchmarks find their data: the gold passages and seeds inside the repository.

The gold passages are ``tests/data/gold-dev/passages.jsonl``; each passage names its
seed file, which the corpus holds as ``corpus/<siglum>/raw.txt`` (``original_file`` in
that source's ``meta.toml``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from corpus import SIGLA, Structure, load_source
from normalise.edits import Edit, Repair
from normalise.profile import Profile, source_profile

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "data" / "gold-dev" / "passages.jsonl"


def seed_files() -> dict[str, Path]:
    """Seed file name -> the corpus file that holds it, byte for byte."""
    seeds: dict[str, Path] = {}
    for meta in sorted((ROOT / "corpus").glob("*/meta.toml")):
        name = tomllib.loads(meta.read_text(encoding="utf-8")).get("original_file")
        if name:
            seeds[str(name)] = meta.parent / "raw.txt"
    return dict(sorted(seeds.items()))


def seed_profiles() -> dict[str, Profile]:
    """Seed file name -> the repair profile of its source (``[profile]`` of meta.toml)."""
    profiles: dict[str, Profile] = {}
    for siglum in sorted(SIGLA):
        source = load_source(siglum)
        if source.meta.get("original_file"):
            profiles[str(source.meta["original_file"])] = source_profile(source)
    return profiles


@cache
def book_repair(siglum: str) -> Repair:
    """The automatic repair of a corpus source with its profile (remembered: several
    figures of one benchmark read it)."""
    from normalise import repair

    source = load_source(siglum)
    return repair(source.raw, profile=source_profile(source))


def furniture_edits(raw: str, structure: Structure) -> list[Edit]:
    """The page furniture ``structure.toml`` marks in ``raw``, as edits deleting it."""
    return [
        Edit(f.start, f.end, raw[f.start : f.end], "", "noise", 1.0, f.kind, "editor")
        for f in structure.furniture
    ]
