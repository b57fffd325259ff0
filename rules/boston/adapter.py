"""The JSON form of every Boston rule: decode a vector's input, call the rule, encode the result.

Rule functions are looked up in :mod:`rules.boston.functions` at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.boston import functions as boston
from rules.cards import Suit, format_cards, parse_cards
from rules.errors import RulesError

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(boston, name)
    return function


def _suit(value: str) -> Suit:
    try:
        return Suit(value)
    except ValueError:
        raise RulesError(f"unknown suit {value!r}") from None


def _auction(i: JSON) -> JSON:
    result = _fn("auction_winner")(
        [(str(seat), str(bid)) for seat, bid in i["bids"]], i.get("klein_misery", "none")
    )
    return None if result is None else {"player": result[0], "game": result[1]}


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "boston.pack": lambda i: format_cards(_fn("pack")()),
    "boston.rank_order": lambda i: [r.value for r in _fn("rank_order")()],
    "boston.trick_winner": lambda i: _fn("trick_winner")(
        parse_cards(i["trick"]), _suit(i["trump"])
    ),
    "boston.legal_cards": lambda i: format_cards(
        _fn("legal_cards")(parse_cards(i["hand"]), parse_cards(i["trick"]))
    ),
    "boston.contracts": lambda i: list(_fn("contracts")(i.get("klein_misery", "none"))),
    "boston.outbids": lambda i: _fn("outbids")(
        i["new"], i["current"], i.get("klein_misery", "none")
    ),
    "boston.tricks_needed": lambda i: _fn("tricks_needed")(i["contract"]),
    "boston.contract_value": lambda i: _fn("contract_value")(
        i["contract"], int(i.get("gross_independence", 8))
    ),
    "boston.names_trump": lambda i: _fn("names_trump")(i["contract"]),
    "boston.discards": lambda i: _fn("discards")(i["contract"]),
    "boston.contract_won": lambda i: _fn("contract_won")(i["contract"], int(i["tricks"])),
    "boston.settlement": lambda i: _fn("settlement")(
        i["contract"],
        bool(i["won"]),
        i["player"],
        list(i.get("seats", ["1", "2", "3", "4"])),
        int(i.get("gross_independence", 8)),
        i.get("bete", "pool"),
        int(i.get("pool", 0)),
    ),
    "boston.bete_value": lambda i: _fn("bete_value")(
        i["contract"], int(i.get("gross_independence", 8))
    ),
    "boston.betes_after": lambda i: _fn("betes_after")(
        int(i.get("pool", 0)), list(i.get("written", [])), bool(i["won"]), int(i.get("bete", 0))
    ),
    "boston.extras_paid": lambda i: _fn("extras_paid")(),
    "boston.auction_winner": _auction,
}
