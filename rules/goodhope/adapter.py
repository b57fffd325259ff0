"""The JSON form of every Goodhope rule: decode a vector's input, call the rule, encode the result.

:data:`ADAPTERS` maps each rule name to a function of the JSON input; the reference
adapter (:mod:`rules.reference_adapter`) dispatches to it. Rule functions are looked up
in :mod:`rules.goodhope.functions` at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import format_cards, parse_card, parse_cards
from rules.goodhope import functions as goodhope

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(goodhope, name)
    return function


def _deal(i: JSON) -> JSON:
    hands, turned = _fn("deal")(parse_cards(i["pack"]), int(i["players"]))
    return {"hands": {s: format_cards(h) for s, h in hands.items()}, "trump": str(turned)}


def _led(i: JSON) -> Any:
    return None if i.get("led") is None else parse_card(i["led"])


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "goodhope.pack": lambda i: format_cards(_fn("pack")()),
    "goodhope.rank_order": lambda i: [rank.value for rank in _fn("rank_order")()],
    "goodhope.players_allowed": lambda i: _fn("players_allowed")(i["players"]),
    "goodhope.deal": _deal,
    "goodhope.trump_suit": lambda i: _fn("trump_suit")(parse_card(i["turned"])),
    "goodhope.stake_due": lambda i: _fn("stake_due")(bool(i["is_dealer"]), i.get("stake", 4)),
    "goodhope.buy_price": lambda i: _fn("buy_price")(i["cards"], i.get("stake", 4)),
    "goodhope.pair_bonus": lambda i: _fn("pair_bonus")(parse_cards(i["hand"]), i.get("stake", 4)),
    "goodhope.takes_part": lambda i: _fn("takes_part")(bool(i["laid_away"])),
    "goodhope.promised_tricks": lambda i: _fn("promised_tricks")(i["declaration"]),
    "goodhope.redeal": lambda i: _fn("redeal")(i["taking_part"]),
    "goodhope.legal_cards": lambda i: format_cards(
        _fn("legal_cards")(parse_cards(i["hand"]), _led(i), i.get("follow", "suit"))
    ),
    "goodhope.trick_winner": lambda i: _fn("trick_winner")(parse_cards(i["played"]), i["trump"]),
    "goodhope.first_leader": lambda i: _fn("first_leader")(
        list(i["taking_part"]), int(i["players"])
    ),
    "goodhope.share": lambda i: _fn("share")(i["declaration"], i["tricks"], i["pot"]),
    "goodhope.penalty": lambda i: _fn("penalty")(i["declaration"], i["tricks"], i["pot"]),
    "goodhope.settle": lambda i: _fn("settle")(
        i["pot"], {p: (d, t) for p, (d, t) in i["results"].items()}
    ),
}
