"""The JSON form of every Piquesept rule: decode a vector's input, call the rule, encode the result.

Rule functions are looked up in :mod:`rules.piquesept.functions` at every call, so a
test that replaces one changes what this adapter computes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import format_cards, parse_card, parse_cards
from rules.piquesept import functions as piquesept

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(piquesept, name)
    return function


def _exchange(i: JSON) -> JSON:
    holder, drawer = _fn("exchange")(
        parse_cards(i["holder"]), parse_cards(i["drawer"]), parse_card(i["drawn"]),
        parse_card(i["given"]),
    )  # fmt: skip
    return {"holder": format_cards(holder), "drawer": format_cards(drawer)}


def _opening(i: JSON) -> JSON:
    card = _fn("opening_lead")(parse_cards(i["hand"]))
    return None if card is None else str(card)


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "piquesept.pack": lambda i: format_cards(
        _fn("pack")(int(i["players"]), parse_cards(i.get("aside", [])))
    ),
    "piquesept.hand_size": lambda i: _fn("hand_size")(int(i["players"])),
    "piquesept.rank_order": lambda i: [r.value for r in _fn("rank_order")()],
    "piquesept.trick_winner": lambda i: _fn("trick_winner")(parse_cards(i["cards"])),
    "piquesept.opening_lead": _opening,
    "piquesept.first_trick_cards": lambda i: format_cards(
        _fn("first_trick_cards")(parse_cards(i["hand"]))
    ),
    "piquesept.high_card": lambda i: _fn("high_card")(parse_card(i["card"])),
    "piquesept.legal_cards": lambda i: format_cards(
        _fn("legal_cards")(
            parse_cards(i["hand"]), parse_cards(i["trick"]), bool(i.get("holder", False))
        )
    ),
    "piquesept.drawable_cards": lambda i: format_cards(
        _fn("drawable_cards")(parse_cards(i["holder"]))
    ),
    "piquesept.exchange": _exchange,
    "piquesept.card_points": lambda i: _fn("card_points")(parse_card(i["card"])),
    "piquesept.points": lambda i: _fn("points")(parse_cards(i["cards"])),
    "piquesept.last_trick_bonus": lambda i: _fn("last_trick_bonus")(),
    "piquesept.game_won": lambda i: _fn("game_won")(int(i["score"])),
    "piquesept.winner": lambda i: _fn("winner")({k: int(v) for k, v in i["points"].items()}),
}
