"""The JSON form of every Kleeblatt rule: decode a vector's input, call the rule, encode the result.

:data:`ADAPTERS` maps each rule name to a function of the JSON input; the reference
adapter (:mod:`rules.reference_adapter`) dispatches to it. Rule functions are looked up
in :mod:`rules.kleeblatt.functions` at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import format_cards, parse_card, parse_cards
from rules.kleeblatt import functions as kleeblatt

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(kleeblatt, name)
    return function


def _size(i: JSON) -> int:
    return int(i.get("pack", 52))


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "kleeblatt.pack": lambda i: format_cards(_fn("pack")(_size(i))),
    "kleeblatt.card_value": lambda i: _fn("card_value")(parse_card(i["card"]), _size(i)),
    "kleeblatt.stake": lambda i: _fn("stake")(parse_card(i["card"]), _size(i)),
    "kleeblatt.bowl_settlement": lambda i: _fn("bowl_settlement")(
        list(i["stakes"]), list(i["payouts"])
    ),
    "kleeblatt.wager_result": lambda i: _fn("wager_result")(
        parse_card(i["card"]),
        i["new"],
        i.get("standing", 0),
        i.get("courts", "value"),
        _size(i),
    ),
    "kleeblatt.wager_allowed": lambda i: _fn("wager_allowed")(bool(i["looked_at_second_card"])),
    "kleeblatt.settlement_order": lambda i: list(_fn("settlement_order")()),
    "kleeblatt.kleeblatt": lambda i: format_cards(
        _fn("kleeblatt")(parse_cards(i["pack_order"]), _size(i))
    ),
}
