"""A text game on the model: every decision printed with the paragraphs that allow it.

:func:`play_text` runs one deal from a seed or an explicit deal. Actions come from a
reader (a person at the terminal, a script file, or a seeded random player); each
applied action is printed with its citations, a refused one with the reason and the
text of the paragraph it breaks, and at the end every scoring item with its paragraph.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from rules.errors import RulesError
from rules.explain import DEFAULT_TEI, cite_block, describe_action, why_not, why_scores
from rules.model import Game, IllegalAction, State

Reader = Callable[[State], str | None]

HELP = (
    "type an action (its text or its number), 'why ACTION' to ask why it is (not) "
    "allowed, 'scores' for the scores so far, 'quit' to stop"
)


def script_reader(lines: list[str]) -> Reader:
    """Actions from a script: one per line; blank lines and ``#`` comments are skipped."""
    queue: Iterator[str] = iter(
        line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")
    )
    return lambda state: next(queue, None)


def random_reader(seed: int) -> Reader:
    """A seeded random legal player."""
    rng = random.Random(f"play-{seed}")

    def choose(state: State) -> str:
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))].text

    return choose


def prompt_reader(stdin: TextIO, out: TextIO) -> Reader:
    """A person at the terminal: shows the acting seat's view and the legal actions."""

    def ask(state: State) -> str | None:
        seat = state.to_act() or ""
        out.write("\n" + state.observation(seat) + "\n")
        for number, action in enumerate(state.legal_actions(), 1):
            out.write(f"  {number:>2}. {action.text}  [{', '.join(action.cites)}]\n")
        out.write(f"{seat}> ")
        out.flush()
        line = stdin.readline()
        if not line:
            return None
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= len(state.legal_actions()):
            return state.legal_actions()[int(text) - 1].text
        return text

    return ask


def play_text(
    game: Game,
    reader: Reader,
    out: TextIO,
    *,
    variant: str | None = None,
    seed: int | None = None,
    deal: object | None = None,
    tei_dir: Path = DEFAULT_TEI,
    stop_on_refusal: bool = True,
) -> State:
    """Play one deal with actions from ``reader``; print every decision with its paragraphs.

    With ``stop_on_refusal`` (scripts), a refused action ends the game with
    :class:`IllegalAction`; otherwise (a person) the refusal is explained and the same
    seat is asked again.
    """
    if seed is None and deal is None:
        seed = 0
    state = game.new_game(variant, seed=seed, deal=deal)
    out.write(f"{game.title} ({state.variant.name}); {game.siglum}\n")
    out.write(state.observation("") if deal is not None else _opening(state))
    out.write("\n")
    while not state.is_over():
        text = reader(state)
        if text is None or text == "quit":
            out.write("stopped before the end of the deal\n")
            break
        if text in ("?", "help"):
            out.write(HELP + "\n")
            continue
        if text == "scores":
            out.write(why_scores(state, tei_dir) + "\n")
            continue
        if text.startswith("why "):
            out.write(why_not(state, text[4:].strip(), tei_dir) + "\n")
            continue
        try:
            action = state.apply(text)
        except IllegalAction as refused:
            out.write(f"refused {text!r}: {refused.reason}\n{cite_block(refused.cites, tei_dir)}\n")
            if stop_on_refusal:
                raise
            continue
        out.write(describe_action(action) + "\n")
    out.write("\n" + why_scores(state, tei_dir, quote=False) + "\n")
    return state


def _opening(state: State) -> str:
    """The deal as dealt (the seed's cards), one line per part."""
    if not isinstance(state.deal, dict):
        return ""
    lines = (f"{part} (dealt): {' '.join(map(str, cards))}" for part, cards in state.deal.items())
    return "\n".join(lines)


def load_script(path: Path) -> list[str]:
    """The lines of an action script; a clear error for a missing or unreadable file."""
    try:
        return Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise RulesError(f"{path}: cannot read the action script: {error}") from None
