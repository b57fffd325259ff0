"""Coverage: for every rule, law and example paragraph, what formalises it.

``build/coverage.json`` maps each paragraph id of type ``rule`` or ``example`` in the
built TEI to ``{"rules": [...], "claims": N, "unformalised": null | reason, "game",
"actions": [...], "scores": [...]}``:

- ``rules``: the rule functions citing it (and ``<game>.transcript`` where the game
  model cites it);
- ``claims``: how many claims and worked transcripts quote it;
- ``unformalised``: the reason it has no executable form, from the game package;
- ``actions`` / ``scores``: the model's actions and scoring items that cite it
  (collected by replaying the game's transcripts).

A paragraph is *covered* when a rule or the model cites it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from rules.claims import all_claims
from rules.model import Game
from rules.registry import all_rules, games, unformalised
from rules.transcripts import load_worked, random_transcripts

JSON = Any
COVERED_TYPES = frozenset({"rule", "example"})


def _verb(text: str) -> str:
    return text if text in ("redeal", "play on") else text.split(" ", 1)[0]


@cache
def model_citations(game: Game) -> dict[str, dict[str, list[str]]]:
    """Paragraph id -> the actions (by verb) and scoring items of ``game`` that cite it."""
    found: dict[str, dict[str, set[str]]] = {}

    def note(pid: str, kind: str, name: str) -> None:
        found.setdefault(pid, {"actions": set(), "scores": set()})[kind].add(name)

    for transcript in [*load_worked(game), *random_transcripts(game, per_default=20)]:
        state = game.new_game(transcript.variant, deal=transcript.deal, context=transcript.context)
        for text in transcript.actions:
            if text not in state.legal_texts():
                break
            state.apply(text)
        for action in state.history:
            for pid in action.cites:
                note(pid, "actions", _verb(action.text))
        for item in state.scores().items:
            for pid in item.cites:
                note(pid, "scores", item.item)
    return {pid: {k: sorted(v) for k, v in kinds.items()} for pid, kinds in found.items()}


def coverage(tei_dir: Path, progress: Callable[[str], None] | None = None) -> dict[str, JSON]:
    """The coverage map of every rule, law and example paragraph of the built TEI."""
    from tei.layers import load_paragraphs

    by_paragraph: dict[str, list[str]] = {}
    for info in all_rules():
        for pid in info.paragraphs:
            by_paragraph.setdefault(pid, []).append(info.name)
    claims: dict[str, int] = {}
    for claim in all_claims():
        claims[claim.paragraph] = claims.get(claim.paragraph, 0) + 1
    model: dict[str, dict[str, list[str]]] = {}
    for game in games().values():
        if progress:
            progress(game.name)
        for transcript in load_worked(game):
            claims[transcript.paragraph] = claims.get(transcript.paragraph, 0) + 1
        for pid, kinds in model_citations(game).items():
            model[pid] = kinds
            by_paragraph.setdefault(pid, []).append(f"{game.name}.transcript")
    reasons = unformalised()
    result: dict[str, JSON] = {}
    for path in sorted(Path(tei_dir).glob("*.xml")):
        for pid, paragraph in load_paragraphs(path).items():
            if paragraph.type not in COVERED_TYPES or paragraph.kind == "head":
                continue
            result[pid] = {
                "game": pid.split(".")[1],
                "type": paragraph.type,
                "rules": sorted(set(by_paragraph.get(pid, []))),
                "claims": claims.get(pid, 0),
                "unformalised": reasons.get(pid),
                "actions": model.get(pid, {}).get("actions", []),
                "scores": model.get(pid, {}).get("scores", []),
            }
    return result


def summary(cover: dict[str, JSON]) -> dict[str, dict[str, int]]:
    """Per game: paragraphs, covered by a rule, unformalised with a reason, neither."""
    totals: dict[str, dict[str, int]] = {}
    for entry in cover.values():
        row = totals.setdefault(
            entry["game"], {"paragraphs": 0, "covered": 0, "unformalised": 0, "missing": 0}
        )
        row["paragraphs"] += 1
        if entry["rules"]:
            row["covered"] += 1
        elif entry["unformalised"]:
            row["unformalised"] += 1
        else:
            row["missing"] += 1
    return dict(sorted(totals.items()))


def write_coverage(
    tei_dir: Path, out: Path, progress: Callable[[str], None] | None = None
) -> dict[str, JSON]:
    """Compute the coverage map and write it atomically to ``out``."""
    from normalise.textio import atomic_write

    cover = coverage(tei_dir, progress)
    if not cover:
        from rules.errors import RulesError

        raise RulesError(f"{tei_dir}: no TEI paragraphs found; build the TEI first")
    atomic_write(Path(out), json.dumps(cover, ensure_ascii=False, indent=1) + "\n")
    return cover
