"""Per game and variant: paragraphs covered, claims passed, vectors by kind, from the build.

Usage: ``python benchmarks/game_figures.py [--build build] [--markdown]``

Reads ``build/coverage.json``, ``build/claims.json`` and ``build/vectors/<game>.json``
(written by ``make edition``) and prints one line per game, then the transcript vectors
per variant. Deals per second come from ``benchmarks/game_speed.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path) -> object:
    """The JSON in ``path``, or exit with a message naming it."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        sys.exit(f"{path}: cannot read ({err}); run 'make edition' first")


def game_rows(build: Path) -> list[dict[str, object]]:
    """One row per game: paragraph coverage, claims and vector counts."""
    coverage = _load(build / "coverage.json")
    claims = _load(build / "claims.json")
    assert isinstance(coverage, dict) and isinstance(claims, list)
    by_game: dict[str, list[dict]] = {}
    for entry in coverage.values():
        # a division that is not a game (Perlaggen's Ordnung of 1890) counts for the
        # game whose rules cite it
        game = entry["game"]
        if not (build / "vectors" / f"{game}.json").exists() and entry["rules"]:
            game = entry["rules"][0].split(".", 1)[0]
        by_game.setdefault(game, []).append(entry)
    rows = []
    for game, paragraphs in sorted(by_game.items()):
        own_claims = [c for c in claims if c["id"].split(".", 1)[0] == game]
        path = build / "vectors" / f"{game}.json"
        vectors = _load(path)["vectors"] if path.exists() else []  # type: ignore[index]
        kinds = Counter(v["kind"] for v in vectors)
        per_variant = Counter(
            v["input"].get("variant", "") for v in vectors if v["kind"] == "transcript"
        )
        rows.append(
            {
                "game": game,
                "paragraphs": len(paragraphs),
                "cited": sum(bool(e["rules"]) for e in paragraphs),
                "unformalised": sum(e["unformalised"] is not None for e in paragraphs),
                "claims": len(own_claims),
                "claims_passed": sum(c["status"] == "passed" for c in own_claims),
                "value": kinds["value"],
                "rejection": kinds["rejection"],
                "transcript": kinds["transcript"],
                "variants": dict(sorted(per_variant.items())),
            }
        )
    return rows


def main() -> None:
    """Print the table of every game, and the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build", help="build folder")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    rows = game_rows(args.build)
    header = ("game", "paragraphs cited", "claims passed", "value", "rejection", "transcript")
    lines = []
    for row in rows:
        variants = ", ".join(f"{name} {n}" for name, n in row["variants"].items())  # type: ignore[union-attr]
        lines.append(
            (
                str(row["game"]),
                f"{row['cited']}/{row['paragraphs']}",
                f"{row['claims_passed']}/{row['claims']}",
                str(row["value"]),
                str(row["rejection"]),
                f"{row['transcript']} ({variants})",
            )
        )
    total = (
        "all",
        f"{sum(r['cited'] for r in rows)}/{sum(r['paragraphs'] for r in rows)}",  # type: ignore[misc]
        f"{sum(r['claims_passed'] for r in rows)}/{sum(r['claims'] for r in rows)}",  # type: ignore[misc]
        *(str(sum(r[k] for r in rows)) for k in ("value", "rejection", "transcript")),  # type: ignore[misc]
    )
    lines.append(total)
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + " --- |" * len(header))
        for line in lines:
            print("| " + " | ".join(line) + " |")
    else:
        for line in (header, *lines):
            print("  ".join(line))


if __name__ == "__main__":
    main()
