"""The JSON form of every Preference rule: decode a vector's input, call the rule, encode it.

Cards are written as in :mod:`rules.cards` (German pack: ``"AR"`` Roth-Daus, ``"OE"``
Eichel-Ober, ``"10B"`` Schellen-Zehn); suits are named ``roth``, ``schellen``,
``gruen``, ``eicheln``; seats ``vorhand``, ``zweiter``, ``dritter``. JSON null is a
pass in the bidding, no card led, or no winner. Rule functions are looked up in
:mod:`rules.preference.functions` at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import format_cards, parse_card, parse_cards
from rules.preference import functions as pref

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(pref, name)
    return function


def _deal(i: JSON) -> JSON:
    result = _fn("deal")(parse_cards(i["pack"]))
    out = {seat: format_cards(cards) for seat, cards in result.hands.items()}
    out["talon"] = format_cards(result.talon)
    return out


def _auction(i: JSON) -> JSON:
    result = _fn("auction")(list(i["first"]), list(i.get("second", [])))
    if result is None:
        return None
    index, suit = result
    return {"player": ["vorhand", "zweiter", "dritter"][index], "suit": suit}


def _legal(i: JSON) -> JSON:
    led = i.get("led")
    return format_cards(
        _fn("legal_cards")(parse_cards(i["hand"]), None if led is None else parse_card(led))
    )


def _settlement(i: JSON) -> JSON:
    result = _fn("settlement")(
        i["trump"], i["player"], dict(i["tricks"]), list(i.get("joined", [])), i.get("pot")
    )
    return {"marks": dict(result.marks), "pot": result.pot, "closes": result.closes}


def _figure_after(i: JSON) -> JSON:
    entry = _fn("figure_after")(i["number"], i["suit"], bool(i["won"]))
    return {"number": entry.number, "halbzirkel": entry.halbzirkel}


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "preference.pack": lambda i: format_cards(_fn("pack")()),
    "preference.rank_order": lambda i: [r.value for r in _fn("rank_order")()],
    "preference.suit_order": lambda i: list(_fn("suit_order")()),
    "preference.dealer_plays": lambda i: _fn("dealer_plays")(i["players"]),
    "preference.cutter": lambda i: _fn("cutter")(i["players"]),
    "preference.deal": _deal,
    "preference.answer_order": lambda i: list(_fn("answer_order")(i["player"])),
    "preference.outbids": lambda i: _fn("outbids")(i["new"], i.get("current")),
    "preference.auction": _auction,
    "preference.legal_cards": _legal,
    "preference.trick_winner": lambda i: _fn("trick_winner")(parse_cards(i["trick"]), i["trump"]),
    "preference.game_value": lambda i: _fn("game_value")(i["suit"]),
    "preference.trick_rate": lambda i: _fn("trick_rate")(i["suit"]),
    "preference.bete": lambda i: _fn("bete")(i["tricks"], i["role"]),
    "preference.settlement": _settlement,
    "preference.figure_number": lambda i: _fn("figure_number")(i["marks"]),
    "preference.figure_marks": lambda i: _fn("figure_marks")(i["number"]),
    "preference.figure_after": _figure_after,
    "preference.stroke_side": lambda i: _fn("stroke_side")(
        i["owner"], i["other"], i.get("players", 4)
    ),
    "preference.continued_number": lambda i: _fn("continued_number")(
        i["balance"], i["marks"], i.get("reading", "carry")
    ),
}
