"""Export the conformance vectors, one file per game: values, rejections and transcripts.

``build/vectors/<game>.json`` follows ``rules/schema/vectors.schema.json`` (JSON Schema
draft 2020-12, format 2), copied beside it so the folder is self-contained:

- **value** vectors: each case of each claim (quote, paragraph, URN, rule, input,
  expected, and the emendations the rule records for that paragraph);
- **rejection** vectors: ``"rejects": true``, an input the implementation must refuse;
- **transcript** vectors: rule ``<game>.transcript``, a whole deal replayed on the
  game model, expecting the legal actions before each action and the final scores
  (:mod:`rules.transcripts`).

How to run them: ``rules/ADAPTER.md``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any

from rules.claims import Claim, all_claims
from rules.errors import RulesError
from rules.model import Game, replay
from rules.registry import games, get_rule
from rules.transcripts import Transcript, check_worked, cited_paragraphs, transcripts

SCHEMA_PATH = Path(__file__).resolve().parent / "schema" / "vectors.schema.json"
SCHEMA_NAME = "vectors.schema.json"
FORMAT_VERSION = "2"
DEFAULT_TEI = Path("build") / "tei"

NOTATION = (
    "A card is <rank><suit>, upper case, no space. Ranks: A K Q J 10 9 8 7 6 5 4 3 2 "
    "(French pack; output writes 10, input also accepts T), O (Ober) and U (Unter) in the "
    "German pack. Suits: S Pique (spades), H Coeur (hearts), D Carreau (diamonds), "
    "C Trefle (clubs); German: E Eichel, L Laub, R Rot/Herz, B Schellen. Examples: AS, "
    "10H, 7C, 6B (the Weli). Lists of cards that stand for a set (a hand, a pack) are in "
    "canonical order: suits S H D C (then E L R B), within a suit from high to low in the "
    "game's rank order (Piquet: A K Q J 10 9 8 7). Seats are named by the game (Piquet: "
    "'elder', the non-dealer who leads first, and 'younger', the dealer). JSON null means "
    "'nobody' or 'nothing'. Actions in transcripts are short strings in the game's "
    "notation ('discard 7C', 'buy 3', 'declare point', 'play AS'); the legal actions "
    "before each action are listed sorted by Unicode code point."
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
    parts = [bibl.get(k, "") for k in ("author", "title", "edition")]
    place = f"{bibl.get('place', '')}: {bibl.get('publisher', '')}, {bibl.get('date', '')}"
    citation = ", ".join(p for p in [*parts, place] if p)
    return {"siglum": siglum, "citation": citation, "chapter": game}


def vector_entries(claim: Claim, urns: dict[str, str]) -> list[dict[str, JSON]]:
    """The vectors of one claim, one per case (``value`` or ``rejection``)."""
    info = get_rule(claim.rule)
    notes = [e.to_json() for e in info.emendations if e.paragraph == claim.paragraph]
    entries = []
    for case_id, case in zip(claim.case_ids(), claim.cases, strict=True):
        entry: dict[str, JSON] = {
            "id": case_id,
            "kind": "rejection" if case.rejects else "value",
            "claim": claim.id,
            "paragraph": claim.paragraph,
        }
        if urns.get(claim.paragraph):
            entry["urn"] = urns[claim.paragraph]
        entry.update({"quote": claim.quote, "rule": claim.rule, "input": dict(case.input)})
        if case.rejects:
            entry["rejects"] = True
        else:
            entry["expected"] = case.expected
        if claim.note:
            entry["note"] = claim.note
        if notes:
            entry["emendation"] = notes
        entries.append(entry)
    return entries


def transcript_entry(game: Game, transcript: Transcript, urns: dict[str, str]) -> dict[str, JSON]:
    """The vector of one transcript: worked, random or rejection."""
    entry: dict[str, JSON] = {
        "id": transcript.id,
        "kind": "rejection" if transcript.rejects else "transcript",
    }
    if transcript.paragraph:
        entry.update({"claim": transcript.id, "paragraph": transcript.paragraph})
        if urns.get(transcript.paragraph):
            entry["urn"] = urns[transcript.paragraph]
        entry["quote"] = transcript.quote
    entry.update(
        {
            "rule": f"{game.name}.transcript",
            "variant": transcript.variant,
            "paragraphs": cited_paragraphs(game, transcript),
            "input": transcript.input(),
        }
    )
    if transcript.paragraph:
        expected = check_worked(game, transcript)
    else:
        expected = None if transcript.rejects else replay(game, transcript.input())
    if transcript.rejects:
        entry["rejects"] = True
    else:
        entry["expected"] = expected
    if transcript.note:
        entry["note"] = transcript.note
    return entry


def _transcript_rule(game: Game) -> dict[str, JSON]:
    return {
        "summary": (
            f"A whole deal of {game.title} on the game model: the legal actions before "
            "each action (sorted by code point) and the final scores by seat. Deal "
            f"format: {game.deal_format}"
        ),
        "paragraphs": [game.chapter],
    }


def vectors_documents(
    tei_dir: Path | None = None, progress: Callable[[str], None] | None = None
) -> dict[str, dict[str, JSON]]:
    """Every game's vector document (``{game: document}``), built in memory."""
    claims = all_claims()
    known = games()
    urns = _urns(
        tei_dir, {c.paragraph.split(".", 1)[0] for c in claims} | {g.siglum for g in known.values()}
    )
    by_game: dict[str, list[Claim]] = {}
    for claim in claims:
        by_game.setdefault(get_rule(claim.rule).game, []).append(claim)
    documents: dict[str, dict[str, JSON]] = {}
    for name in sorted(set(by_game) | set(known)):
        if progress:
            progress(name)
        game_claims = by_game.get(name, [])
        game = known.get(name)
        sigla = {c.paragraph.split(".", 1)[0] for c in game_claims}
        if game is not None:
            sigla.add(game.siglum)
        if len(sigla) != 1:
            raise RulesError(f"game {name}: claims cite more than one source: {sorted(sigla)}")
        names = sorted({c.rule for c in game_claims})
        rules = {
            n: {"summary": get_rule(n).summary, "paragraphs": list(get_rule(n).paragraphs)}
            for n in names
        }
        vectors = [v for c in game_claims for v in vector_entries(c, urns)]
        document: dict[str, JSON] = {
            "$schema": SCHEMA_NAME,
            "game": name,
            "source": _source(sigla.pop(), name),
            "version": _version(),
            "notation": NOTATION,
        }
        if game is not None:
            rules[f"{name}.transcript"] = _transcript_rule(game)
            document["variants"] = {n: v.to_json() for n, v in game.variants.items()}
            vectors += [transcript_entry(game, t, urns) for t in transcripts(game)]
        document["rules"] = rules
        document["vectors"] = vectors
        documents[name] = document
    return documents


def export_vectors(
    out_dir: Path, tei_dir: Path | None = None, progress: Callable[[str], None] | None = None
) -> list[Path]:
    """Write ``<out_dir>/<game>.json`` for each game and the schema beside them; return the paths."""
    from normalise.textio import atomic_write

    out_dir = Path(out_dir)
    documents = vectors_documents(tei_dir, progress)
    written: list[Path] = []
    for game, document in sorted(documents.items()):
        path = out_dir / f"{game}.json"
        atomic_write(path, json.dumps(document, ensure_ascii=False, indent=1) + "\n")
        written.append(path)
    schema_copy = out_dir / SCHEMA_NAME
    atomic_write(schema_copy, SCHEMA_PATH.read_bytes())
    written.append(schema_copy)
    return written
