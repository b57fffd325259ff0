"""One SHA-256 digest of everything the repair engine does to a fixed set of texts.

Usage: ``python benchmarks/repair_digest.py [--no-synthetic] [--dump FILE]``

The texts: each seed file repaired without a profile, with its source's profile, and
with its profile in chunks of 20,000 characters; and ten documents of held-out
Dingler text damaged with fixed seeds (as in ``repair_quality.py``). Every edit and
proposal (offsets, texts, kind, confidence, evidence, source) goes into the digest, so
two versions of the engine with the same digest repair these texts alike: a change
meant only to make the engine faster must leave it as it was. ``--dump`` writes the
repairs as JSON, to find where two versions differ.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.data import seed_files, seed_profiles  # noqa: E402
from normalise.edits import Edit, Repair  # noqa: E402

CHUNK = 20_000


def _edits(edits: list[Edit]) -> list[list[str]]:
    fields = ("original", "replacement", "kind", "evidence", "source")
    return [
        [str(e.start), str(e.end), repr(e.confidence), *(getattr(e, f) for f in fields)]
        for e in edits
    ]


def _record(r: Repair) -> dict[str, list[list[str]]]:
    return {"edits": _edits(r.edits), "proposals": _edits(r.proposals)}


def _synthetic() -> list[str]:
    """The damaged held-out documents of ``repair_quality.py``."""
    from benchmarks.repair_quality import heldout_documents
    from normalise.damage import damage

    return [damage(clean, seed).text for seed, clean in enumerate(heldout_documents())]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-synthetic", action="store_true", help="seeds only")
    parser.add_argument("--dump", type=Path, help="also write the repairs as JSON")
    args = parser.parse_args(argv)

    from normalise import repair

    out: dict[str, dict[str, list[list[str]]]] = {}
    profiles = seed_profiles()
    for name, path in seed_files().items():
        text = path.read_text(encoding="utf-8")
        out[f"plain:{name}"] = _record(repair(text))
        out[f"profile:{name}"] = _record(repair(text, profile=profiles[name]))
        out[f"chunked:{name}"] = _record(repair(text, profile=profiles[name], chunk_chars=CHUNK))
    if not args.no_synthetic:
        for k, text in enumerate(_synthetic()):
            out[f"synthetic:{k}"] = _record(repair(text))
    data = json.dumps(out, ensure_ascii=False, sort_keys=True).encode("utf-8")
    if args.dump is not None:
        from normalise.textio import atomic_write

        atomic_write(args.dump, data)
    edits = sum(len(r["edits"]) for r in out.values())
    print(f"{len(out)} repairs, {edits} edits: sha256 {hashlib.sha256(data).hexdigest()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
