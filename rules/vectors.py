"""Export the claims' cases as language-agnostic JSON vectors, one file per game.

``build/vectors/<game>.json`` follows ``rules/schema/vectors.schema.json`` (JSON Schema
draft 2020-12), which is copied next to it so the folder is self-contained. Each vector
carries the claim, paragraph id (and CTS URN when the TEI is built), the verbatim quote,
the rule name, the JSON input and the expected JSON output, and the emendations the
rule records for that paragraph. How to run them: ``rules/ADAPTER.md``.
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from typing import Any

from rules.claims import Claim, all_claims
from rules.errors import RulesError
from rules.registry import get_rule

SCHEMA_PATH = Path(__file__).resolve().parent / "schema" / "vectors.schema.json"
SCHEMA_NAME = "vectors.schema.json"
FORMAT_VERSION = "1"
DEFAULT_TEI = Path("build") / "tei"

NOTATION = (
    "A card is <rank><suit>, upper case, no space. Ranks: A K Q J 10 9 8 7 6 5 4 3 2 "
    "(French pack; output writes 10, input also accepts T), O (Ober) and U (Unter) in the "
    "German pack. Suits: S Pique (spades), H Coeur (hearts), D Carreau (diamonds), "
    "C Trefle (clubs); German: E Eichel, L Laub, R Rot/Herz, B Schellen. Examples: AS, "
    "10H, 7C, 6B (the Weli). Lists of cards that stand for a set (a hand, a pack) are in "
    "canonical order: suits S H D C (then E L R B), within a suit from high to low in the "
    "game's rank order (Piquet: A K Q J 10 9 8 7). Players are named by role: 'elder' "
    "(Vorhand, non-dealer, leads first) and 'younger' (the dealer). JSON null means "
    "'nobody' or 'nothing'."
)

JSON = Any


def load_schema() -> dict[str, JSON]:
    """The vectors' JSON Schema as a dict."""
    schema: dict[str, JSON] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


def _version() -> str:
    try:
        package = metadata.version("stichwort")
    except metadata.PackageNotFoundError:
        package = "0"
    return f"stichwort {package}; vectors format {FORMAT_VERSION}"


def _urns(tei_dir: Path | None, sigla: set[str]) -> dict[str, str]:
    """Paragraph URNs from the built TEI, or nothing if it is not there (URNs are optional)."""
    directory = tei_dir if tei_dir is not None else DEFAULT_TEI
    urns: dict[str, str] = {}
    try:
        from tei.layers import load_paragraphs
    except ImportError:
        return urns
    for siglum in sigla:
        path = directory / f"{siglum}.xml"
        if path.exists():
            urns.update({pid: p.urn for pid, p in load_paragraphs(path).items() if p.urn})
    return urns


def _source(siglum: str, game: str) -> dict[str, str]:
    from corpus import load_source

    bibl = load_source(siglum).meta.get("bibl", {})
    citation = (
        f"{bibl.get('author', '')}, {bibl.get('title', '')}, {bibl.get('edition', '')}, "
        f"{bibl.get('place', '')}: {bibl.get('publisher', '')}, {bibl.get('date', '')}"
    )
    return {"siglum": siglum, "citation": citation, "chapter": game}


def vector_entries(claim: Claim, urns: dict[str, str]) -> list[dict[str, JSON]]:
    """The vectors of one claim, one per case."""
    info = get_rule(claim.rule)
    notes = [e.to_json() for e in info.emendations if e.paragraph == claim.paragraph]
    entries = []
    for case_id, case in zip(claim.case_ids(), claim.cases, strict=True):
        entry: dict[str, JSON] = {
            "id": case_id,
            "claim": claim.id,
            "paragraph": claim.paragraph,
        }
        if urns.get(claim.paragraph):
            entry["urn"] = urns[claim.paragraph]
        entry.update(
            {
                "quote": claim.quote,
                "rule": claim.rule,
                "input": dict(case.input),
                "expected": case.expected,
            }
        )
        if claim.note:
            entry["note"] = claim.note
        if notes:
            entry["emendation"] = notes
        entries.append(entry)
    return entries


def vectors_documents(tei_dir: Path | None = None) -> dict[str, dict[str, JSON]]:
    """Every game's vector document (``{game: document}``), built in memory."""
    claims = all_claims()
    urns = _urns(tei_dir, {c.paragraph.split(".", 1)[0] for c in claims})
    by_game: dict[str, list[Claim]] = {}
    for claim in claims:
        by_game.setdefault(get_rule(claim.rule).game, []).append(claim)
    documents: dict[str, dict[str, JSON]] = {}
    for game, game_claims in by_game.items():
        sigla = {c.paragraph.split(".", 1)[0] for c in game_claims}
        if len(sigla) != 1:
            raise RulesError(f"game {game}: claims cite more than one source: {sorted(sigla)}")
        names = sorted({c.rule for c in game_claims})
        documents[game] = {
            "$schema": SCHEMA_NAME,
            "game": game,
            "source": _source(sigla.pop(), game),
            "version": _version(),
            "notation": NOTATION,
            "rules": {
                n: {"summary": get_rule(n).summary, "paragraphs": list(get_rule(n).paragraphs)}
                for n in names
            },
            "vectors": [v for c in game_claims for v in vector_entries(c, urns)],
        }
    return documents


def export_vectors(out_dir: Path, tei_dir: Path | None = None) -> list[Path]:
    """Write ``<out_dir>/<game>.json`` for each game and the schema beside them; return the paths."""
    from normalise.textio import atomic_write

    out_dir = Path(out_dir)
    written: list[Path] = []
    for game, document in sorted(vectors_documents(tei_dir).items()):
        path = out_dir / f"{game}.json"
        atomic_write(path, json.dumps(document, ensure_ascii=False, indent=2) + "\n")
        written.append(path)
    schema_copy = out_dir / SCHEMA_NAME
    atomic_write(schema_copy, SCHEMA_PATH.read_bytes())
    written.append(schema_copy)
    return written
