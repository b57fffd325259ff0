"""The JSON form of every Connectionen rule: decode a vector's input, call the rule, encode the result.

Rule functions are looked up in :mod:`rules.connectionen.functions` at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import format_cards, parse_card, parse_cards
from rules.connectionen import functions as connectionen

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(connectionen, name)
    return function


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "connectionen.stake": lambda i: _fn("stake")(i["setting"]),
    "connectionen.hand_size": lambda i: _fn("hand_size")(int(i["players"])),
    "connectionen.left_over": lambda i: _fn("left_over")(int(i["players"])),
    "connectionen.rank_order": lambda i: [r.value for r in _fn("rank_order")()],
    "connectionen.trump": lambda i: _fn("trump")().value,
    "connectionen.connection": lambda i: _fn("connection")(parse_card(i["a"]), parse_card(i["b"])),
    "connectionen.connections": lambda i: list(_fn("connections")(parse_cards(i["trick"]))),
    "connectionen.connection_payment": lambda i: _fn("connection_payment")(int(i["number"])),
    "connectionen.card_share": lambda i: _fn("card_share")(int(i["number"])),
    "connectionen.most_tricks": lambda i: _fn("most_tricks")(
        {k: int(v) for k, v in i["tricks"].items()}
    ),
    "connectionen.trick_winner": lambda i: _fn("trick_winner")(parse_cards(i["trick"])),
    "connectionen.legal_cards": lambda i: format_cards(
        _fn("legal_cards")(parse_cards(i["hand"]), parse_cards(i["trick"]))
    ),
}
