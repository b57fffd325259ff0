"""The JSON form of every Kritisch-Watten rule (cards, ranks and suits as in the Watten adapter).

Every rule takes an optional ``"variant"``: ``"k33"`` (default), ``"k32"``,
``"k33_nur_rechter"`` or ``"k33_eichelspitz"``; the vectors name it, so a comparison of
32 and 33 cards runs the same input under both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import format_cards, parse_card, parse_cards
from rules.kritischwatten import functions as kritisch
from rules.watten.adapter import lead, rank, suit

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(kritisch, name)
    return function


def _v(i: JSON) -> str:
    return str(i.get("variant", "k33"))


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "kritischwatten.pack": lambda i: format_cards(_fn("pack")(_v(i))),
    "kritischwatten.kritische": lambda i: format_cards(_fn("kritische")(_v(i))),
    "kritischwatten.card_class": lambda i: _fn("card_class")(
        parse_card(i["card"]), rank(i["schlag"]), suit(i["trumpf"]), _v(i)
    ),
    "kritischwatten.card_order": lambda i: [
        format_cards(g) for g in _fn("card_order")(rank(i["schlag"]), suit(i["trumpf"]), _v(i))
    ],
    "kritischwatten.trick_winner": lambda i: _fn("trick_winner")(
        parse_cards(i["cards"]), rank(i["schlag"]), suit(i["trumpf"]), _v(i)
    ),
    "kritischwatten.must_follow_trump": lambda i: _fn("must_follow_trump")(
        parse_card(i["lead"]), rank(i["schlag"]), suit(i["trumpf"]), _v(i)
    ),
    "kritischwatten.legal_cards": lambda i: format_cards(
        _fn("legal_cards")(
            parse_cards(i["hand"]), lead(i.get("lead")), rank(i["schlag"]), suit(i["trumpf"]), _v(i)
        )
    ),
    "kritischwatten.cutter_may_keep": lambda i: _fn("cutter_may_keep")(
        parse_card(i["card"]), _v(i)
    ),
    "kritischwatten.deuten": lambda i: _fn("deuten")(
        parse_cards(i["hand"]), rank(i["schlag"]), suit(i["trumpf"]), _v(i)
    ),
    "kritischwatten.advised_schlag": lambda i: (
        _fn("advised_schlag")(parse_cards(i["hand"]), _v(i)).value
    ),
}
