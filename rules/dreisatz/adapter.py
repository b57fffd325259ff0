"""The JSON form of every Dreisatz rule: decode a vector's input, call the rule, encode the result.

Cards are written as in :mod:`rules.cards` (``"KS"``, ``"10H"``); a player is named by
his 0-based index in the list given (the order of play, from the dealer's left); JSON
null means that no single player wins and the stake stands. Rule functions are looked
up in :mod:`rules.dreisatz.functions` at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import format_cards, parse_card, parse_cards
from rules.dreisatz import functions as dreisatz

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(dreisatz, name)
    return function


def _hands(value: JSON) -> list[list[Any]]:
    return [parse_cards(h) for h in value]


def _folge(i: JSON) -> JSON:
    top = _fn("folge")(parse_cards(i["cards"]))
    return None if top is None else str(top)


def _next_buyer(i: JSON) -> JSON:
    return _fn("next_buyer")(
        int(i["current"]),
        [bool(x) for x in i["alive"]],
        [bool(x) for x in i["passed_since_buy"]],
        [bool(x) for x in i.get("stood", [])],
        bool(i.get("pass_final", False)),
    )


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "dreisatz.pack": lambda i: format_cards(_fn("pack")()),
    "dreisatz.stakes": lambda i: _fn("stakes")(i["players"]),
    "dreisatz.rank_order": lambda i: [r.value for r in _fn("rank_order")()],
    "dreisatz.card_points": lambda i: _fn("card_points")(parse_card(i["card"])),
    "dreisatz.belle_winner": lambda i: _fn("belle_winner")(parse_cards(i["open"])),
    "dreisatz.folge": _folge,
    "dreisatz.folge_winner": lambda i: _fn("folge_winner")(_hands(i["hands"])),
    "dreisatz.hand_points": lambda i: _fn("hand_points")(parse_cards(i["cards"])),
    "dreisatz.dead": lambda i: _fn("dead")(parse_cards(i["cards"])),
    "dreisatz.einunddreissig_winner": lambda i: _fn("einunddreissig_winner")(
        _hands(i["hands"]), i.get("tie", "stands")
    ),
    "dreisatz.next_buyer": _next_buyer,
}
