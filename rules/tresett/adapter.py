"""The JSON form of every Tresett rule: decode a vector's input, call the rule, encode the result.

Rule functions are looked up in :mod:`rules.tresett.functions` at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import Rank, Suit, format_cards, parse_cards
from rules.errors import RulesError
from rules.tresett import functions as tresett

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(tresett, name)
    return function


def _rank(value: str) -> Rank:
    try:
        return Rank(str(value).upper())
    except ValueError:
        raise RulesError(f"unknown rank {value!r}") from None


def _suit(value: str) -> Suit:
    try:
        return Suit(value)
    except ValueError:
        raise RulesError(f"unknown suit {value!r}") from None


def _first_out(i: JSON) -> JSON:
    result = _fn("first_out")(
        {k: int(v) for k, v in i["start"].items()}, [(str(c), int(m)) for c, m in i["events"]]
    )
    return None if result is None else {"company": result[0], "event": result[1]}


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "tresett.pack": lambda i: format_cards(_fn("pack")()),
    "tresett.partner": lambda i: _fn("partner")(i["seat"]),
    "tresett.deal": lambda i: [format_cards(h) for h in _fn("deal")(parse_cards(i["order"]))],
    "tresett.rank_order": lambda i: [r.value for r in _fn("rank_order")()],
    "tresett.trick_winner": lambda i: _fn("trick_winner")(parse_cards(i["trick"])),
    "tresett.legal_cards": lambda i: format_cards(
        _fn("legal_cards")(parse_cards(i["hand"]), parse_cards(i["trick"]))
    ),
    "tresett.points": lambda i: _fn("points")(
        parse_cards(i["cards"]), bool(i.get("last_trick", False))
    ),
    "tresett.marks_for_points": lambda i: _fn("marks_for_points")(int(i["points"])),
    "tresett.set_value": lambda i: _fn("set_value")(
        _rank(i["rank"]), int(i["count"]), i.get("rules", "older")
    ),
    "tresett.neapolitaine_value": lambda i: _fn("neapolitaine_value")(
        parse_cards(i["hand"]), _suit(i["suit"])
    ),
    "tresett.declarations": lambda i: _fn("declarations")(
        parse_cards(i["hand"]), i.get("rules", "older")
    ),
    "tresett.declaration_times": lambda i: list(
        _fn("declaration_times")(i["combination"], bool(i["vorhand"]))
    ),
    "tresett.shown_cards": lambda i: format_cards(
        _fn("shown_cards")(parse_cards(i["hand"]), _suit(i["suit"]))
    ),
    "tresett.parthie_won": lambda i: _fn("parthie_won")(
        int(i["winner_marks"]), int(i["loser_marks"])
    ),
    "tresett.first_out": _first_out,
    "tresett.special_result": lambda i: _fn("special_result")(
        [(str(t), parse_cards(cards)) for t, cards in i["tricks"]]
    ),
    "tresett.carry_over": lambda i: _fn("carry_over")(
        int(i["winner_marks"]), bool(i["continuation"]), bool(i.get("zurufen", False))
    ),
    "tresett.settlement": lambda i: _fn("settlement")(
        {k: int(v) for k, v in i["parthien"].items()}, int(i.get("stake", 1))
    ),
}
