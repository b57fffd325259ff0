"""The JSON form of every Casino rule: decode a vector's input, call the rule, encode the result.

:data:`ADAPTERS` maps each rule name to a function of the JSON input; the reference
adapter (:mod:`rules.reference_adapter`) dispatches to it. Rule functions are looked up
in :mod:`rules.casino.functions` at every call, so a test that replaces one changes
what this adapter computes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import format_cards, parse_card, parse_cards
from rules.casino import functions as casino

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(casino, name)
    return function


def _players(i: JSON) -> int:
    return int(i.get("players", 4))


def _deal(i: JSON) -> JSON:
    r = _fn("deal")(parse_cards(i["pack"]), _players(i))
    return {
        "table": format_cards(r.table),
        "hands": {s: format_cards(c) for s, c in r.hands.items()},
    }


def _remainder(i: JSON) -> JSON:
    return _fn("remainder_taker")(
        i.get("last_capturer"),
        i["dealer"],
        parse_card(i["dealer_last_card"]),
        bool(i.get("court_sweeps", True)),
    )


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "casino.pack": lambda i: format_cards(_fn("pack")()),
    "casino.is_court": lambda i: _fn("is_court")(parse_card(i["card"])),
    "casino.card_value": lambda i: _fn("card_value")(parse_card(i["card"])),
    "casino.valid_capture": lambda i: _fn("valid_capture")(
        parse_card(i["card"]), parse_cards(i["taken"]), parse_cards(i["table"])
    ),
    "casino.maximal_captures": lambda i: [
        format_cards(c)
        for c in _fn("maximal_captures")(parse_card(i["card"]), parse_cards(i["table"]))
    ],
    "casino.clearing_point": lambda i: _fn("clearing_point")(
        parse_cards(i["table"]),
        parse_cards(i["taken"]),
        bool(i.get("remainder", False)),
        bool(i.get("remainder_scores", False)),
    ),
    "casino.court_sweep_point": lambda i: _fn("court_sweep_point")(
        parse_card(i["court"]),
        parse_cards(i["table"]),
        bool(i.get("remainder_scores", False)),
    ),
    "casino.remainder_taker": _remainder,
    "casino.party_of": lambda i: _fn("party_of")(i["seat"], _players(i)),
    "casino.play_order": lambda i: list(_fn("play_order")(i["dealer"], _players(i))),
    "casino.cutter": lambda i: _fn("cutter")(i["dealer"], _players(i)),
    "casino.next_dealer": lambda i: _fn("next_dealer")(i["dealer"], _players(i)),
    "casino.deal_rounds": lambda i: _fn("deal_rounds")(int(i["players"])),
    "casino.deal": _deal,
    "casino.may_trail": lambda i: _fn("may_trail")(
        parse_cards(i["hand"]),
        parse_cards(i["table"]),
        bool(i.get("must_capture", False)),
        bool(i.get("dealer_last_card", False)),
    ),
    "casino.deal_points": lambda i: _fn("deal_points")(
        {party: parse_cards(cards) for party, cards in i["captured"].items()},
        i.get("majority", "threshold"),
    ),
    "casino.points_in_a_deal": lambda i: _fn("points_in_a_deal")(),
    "casino.marks": lambda i: _fn("marks")(
        {k: v for k, v in i["points"].items()}, i.get("deduction", "pair")
    ),
    "casino.game_target": lambda i: _fn("game_target")(
        int(i["players"]), i.get("three", "fifteen")
    ),
    "casino.games_won": lambda i: _fn("games_won")(
        i["loser_score"], _players(i), i.get("three", "fifteen")
    ),
    "casino.counting_order": lambda i: list(_fn("counting_order")()),
    "casino.first_to_target": lambda i: _fn("first_to_target")(
        dict(i["before"]), {k: list(v) for k, v in i["won"].items()}, int(i["target"])
    ),
    "casino.misdeal": lambda i: _fn("misdeal")(
        bool(i["faced_card"]), bool(i["first_round"]), bool(i["table_card_turned"])
    ),
    "casino.short_hand": lambda i: _fn("short_hand")(i["held"], bool(i["fallen_card_found"])),
    "casino.may_inspect": lambda i: _fn("may_inspect")(i["what"]),
}
