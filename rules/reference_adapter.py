"""Stichwort's own rules behind the adapter protocol (see ``rules/ADAPTER.md``).

``call(rule, input)`` runs a vector's rule: ``<game>.transcript`` replays a whole deal
on the game model (:func:`rules.model.replay`); every other rule goes to the game
package's ``adapter.ADAPTERS``, which decodes the JSON input (cards in the notation of
:mod:`rules.cards`), calls the rule function and encodes its result. This adapter must
pass every vector; it refuses what a rule refuses by raising its error.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from rules.model import replay
from rules.registry import game_packages, get_game

JSON = Any


def _table(game: str) -> dict[str, Callable[[JSON], JSON]]:
    if f"rules.{game}" not in game_packages():
        raise NotImplementedError(game)
    try:
        module = importlib.import_module(f"rules.{game}.adapter")
    except ModuleNotFoundError:
        raise NotImplementedError(game) from None
    table: dict[str, Callable[[JSON], JSON]] = module.ADAPTERS
    return table


def call(rule: str, input: dict[str, JSON]) -> JSON:
    """Run ``rule`` on the JSON ``input``; raises ``NotImplementedError`` for unknown rules."""
    game, _, name = rule.partition(".")
    if name == "transcript":
        if f"rules.{game}" not in game_packages():
            raise NotImplementedError(rule)
        return replay(get_game(game), input)
    try:
        adapter = _table(game)[rule]
    except KeyError:
        raise NotImplementedError(rule) from None
    return adapter(input)
