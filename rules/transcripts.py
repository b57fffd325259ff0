"""Transcripts: whole deals as conformance vectors, the perft of card games.

A transcript is a deal plus the actions played on it. Its expected value, computed by
the game model (:func:`rules.model.replay`), is the list of legal actions before
each action (sorted by code point) and the final scores. Three sources:

- **worked** examples of the print, written by hand in ``rules/<game>/transcripts.toml``
  with the scores worked out by hand; the model must agree with those scores;
- **random** seeded deals played by a seeded random legal policy, under every variant;
- **rejections**: a random transcript with an illegal action appended, which an
  implementation must refuse.
"""

from __future__ import annotations

import json
import random
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.errors import RulesError
from rules.model import Game, IllegalAction, State, play_random, replay

__all__ = [
    "Transcript",
    "load_worked",
    "random_transcripts",
    "rejection_transcripts",
    "transcripts",
]

JSON = Any
SCHEMA_PATH = Path(__file__).resolve().parent / "schema" / "transcripts.schema.json"
#: Random transcripts per game: the default variant gets the most, every other some.
DEFAULT_RANDOM = 40
OTHER_VARIANTS_RANDOM = 20
REJECTIONS = 12


@dataclass(frozen=True, slots=True)
class Transcript:
    """One transcript vector before export: its id, input and where it comes from."""

    id: str
    variant: str
    deal: JSON
    actions: tuple[str, ...]
    context: Mapping[str, JSON] = field(default_factory=dict)
    rejects: bool = False
    paragraph: str = ""
    quote: str = ""
    scores: Mapping[str, JSON] | None = None
    note: str = ""

    def input(self) -> dict[str, JSON]:
        """The vector's input."""
        data: dict[str, JSON] = {
            "variant": self.variant,
            "deal": self.deal,
            "actions": list(self.actions),
        }
        if self.context:
            data["context"] = dict(self.context)
        return data


def transcripts_file(game: str) -> Path:
    """Where a game's worked transcripts live."""
    return Path(__file__).resolve().parent / game / "transcripts.toml"


@cache
def _schema() -> dict[str, JSON]:
    schema: dict[str, JSON] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


def load_worked(game: Game) -> list[Transcript]:
    """The worked examples of ``game`` (``rules/<game>/transcripts.toml``), schema-checked."""
    import jsonschema

    path = transcripts_file(game.name)
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise RulesError(f"{path}: {error}") from None
    validator = jsonschema.Draft202012Validator(_schema())
    problem = next(iter(sorted(validator.iter_errors(data), key=lambda e: list(e.path))), None)
    if problem is not None:
        place = "/".join(str(p) for p in problem.path) or "top level"
        raise RulesError(f"{path}: {place}: {problem.message}")
    found: list[Transcript] = []
    for entry in data.get("transcript", []):
        if not entry["id"].startswith(f"{game.name}.transcript."):
            raise RulesError(f"{path}: {entry['id']}: ids begin with {game.name}.transcript.")
        found.append(
            Transcript(
                id=entry["id"],
                variant=entry.get("variant", game.variant().name),
                deal=entry["deal"],
                actions=tuple(entry["actions"]),
                context=entry.get("context", {}),
                rejects=bool(entry.get("rejects", False)),
                paragraph=entry["paragraph"],
                quote=entry["quote"],
                scores=entry.get("scores"),
                note=entry.get("note", ""),
            )
        )
    return found


def _played(state: State, ident: str, variant: str) -> Transcript:
    return Transcript(
        id=ident,
        variant=variant,
        deal=state.deal,
        actions=tuple(a.text for a in state.player_history()),
    )


def random_transcripts(game: Game, per_default: int = DEFAULT_RANDOM) -> list[Transcript]:
    """Seeded random deals played to the end, under every variant of ``game``."""
    found: list[Transcript] = []
    for index, variant in enumerate(game.variants):
        count = per_default if index == 0 else OTHER_VARIANTS_RANDOM
        for seed in range(1, count + 1):
            state = play_random(game, variant, seed=seed)
            found.append(
                _played(state, f"{game.name}.transcript.{variant}.seed_{seed:04d}", variant)
            )
    return found


def rejection_transcripts(game: Game, count: int = REJECTIONS) -> list[Transcript]:
    """Random deals cut short and ended with an action the rules forbid at that point."""
    found: list[Transcript] = []
    variant = game.variant().name
    space = game.action_space(game.variant())
    for seed in range(1, count + 1):
        rng = random.Random(f"reject-{seed}")
        full = play_random(game, variant, seed=1000 + seed)
        played = [a.text for a in full.player_history()]
        stops = list(range(len(played) + 1))
        rng.shuffle(stops)
        for stop in stops:  # a point where some action of the space is illegal
            state = game.new_game(variant, deal=full.deal)
            for text in played[:stop]:
                state.apply(text)
            legal = set(state.legal_texts())
            wrong = [a for a in space if a not in legal]
            if wrong:
                break
        else:  # pragma: no cover - every action of the space is legal everywhere
            raise RulesError(f"{game.name}: no action is ever illegal; no rejection transcript")
        bad = wrong[rng.randrange(len(wrong))]
        try:
            state.apply(bad)
        except IllegalAction:
            pass
        else:  # pragma: no cover - the action space and legal list disagree
            raise RulesError(f"{game.name}: {bad!r} was meant to be illegal")
        found.append(
            Transcript(
                id=f"{game.name}.transcript.reject.seed_{seed:04d}",
                variant=variant,
                deal=full.deal,
                actions=(*played[:stop], bad),
                rejects=True,
            )
        )
    return found


def check_worked(game: Game, transcript: Transcript) -> dict[str, JSON] | None:
    """Replay a worked example: its expected value, checked against the hand-worked scores.

    Returns ``None`` for a rejection; raises :class:`RulesError` if the model disagrees.
    """
    try:
        result = replay(game, transcript.input())
    except IllegalAction as error:
        if transcript.rejects:
            return None
        raise RulesError(f"{transcript.id}: the model refuses it: {error}") from None
    if transcript.rejects:
        raise RulesError(f"{transcript.id}: must be refused, but the model plays it")
    if transcript.scores is not None and dict(transcript.scores) != result["scores"]:
        raise RulesError(
            f"{transcript.id}: scores worked out by hand {dict(transcript.scores)} "
            f"but the model gives {result['scores']}"
        )
    return result


def transcripts(game: Game) -> list[Transcript]:
    """Every transcript of ``game``: worked examples, random deals, rejections."""
    return [*load_worked(game), *random_transcripts(game), *rejection_transcripts(game)]


def cited_paragraphs(game: Game, transcript: Transcript) -> list[str]:
    """Every paragraph cited by the transcript's actions and by its scoring items, sorted."""
    state = game.new_game(transcript.variant, deal=transcript.deal, context=transcript.context)
    cites: set[str] = set()
    for text in transcript.actions:
        try:
            state.apply(text)
        except IllegalAction as error:
            cites.update(error.cites)
            break
    for action in state.history:
        cites.update(action.cites)
    for item in state.scores().items:
        cites.update(item.cites)
    return sorted(cites)
