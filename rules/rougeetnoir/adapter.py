"""The JSON form of every Rouge et noir rule: decode a vector's input, call the rule, encode it.

Cards are written as in :mod:`rules.cards`; a stake is ``{"field": "rouge"|"noir",
"amount": n}``; ``stop`` is ``"reach_31"`` (the edition) or ``"over_31"`` (the literal
reading), ``refait`` ``"all"`` (the edition) or ``"half"``. Rule functions are looked up
in :mod:`rules.rougeetnoir.functions` at every call.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from rules.cards import parse_card, parse_cards
from rules.rougeetnoir import functions as rn

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(rn, name)
    return function


def _shoe(i: JSON) -> JSON:
    cards = _fn("shoe")()
    copies = Counter(cards)
    return {
        "cards": len(cards),
        "distinct": len(copies),
        "copies_of_each": sorted(set(copies.values())),
    }


def _row(i: JSON) -> JSON:
    row = _fn("lay_row")(parse_cards(i["cards"]), i.get("stop", "reach_31"))
    return {"cards": row.cards, "total": row.total}


def _coup(i: JSON) -> JSON:
    result = _fn("coup")(parse_cards(i["cards"]), i.get("stop", "reach_31"))
    return {
        "rows": [list(pair) for pair in result.rows],
        "outcome": result.outcome,
        "cards": result.cards,
    }


def _stake(i: JSON) -> JSON:
    field, amount = _fn("stake")(i["field"], i["amount"])
    return {"field": field, "amount": amount}


def _settle(i: JSON) -> JSON:
    stakes = [(s["field"], s["amount"]) for s in i["stakes"]]
    players, banker = _fn("settle")(stakes, i["outcome"], i.get("refait", "all"))
    return {"players": players, "bankier": banker}


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "rougeetnoir.shoe": _shoe,
    "rougeetnoir.card_points": lambda i: _fn("card_points")(parse_card(i["card"])),
    "rougeetnoir.lay_row": _row,
    "rougeetnoir.coup_result": lambda i: _fn("coup_result")(
        i["rouge"], i["noir"], i.get("stop", "reach_31")
    ),
    "rougeetnoir.coup": _coup,
    "rougeetnoir.stake": _stake,
    "rougeetnoir.settle": _settle,
}
