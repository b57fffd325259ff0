"""The JSON form of every Watten rule: decode a vector's input, call the rule, encode the result.

Cards are written as in :mod:`rules.cards` (``"9L"`` Laubneuner, ``"OE"`` Eichelober);
a Schlag is a rank code (``"A" "K" "O" "U" "10" "9" "8" "7"``), a Trumpf a suit code
(``"E"`` Eichel, ``"L"`` Laub, ``"R"`` Herz, ``"B"`` Schell). Rule functions are looked up
in :mod:`rules.watten.functions` at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import Rank, Suit, format_cards, parse_card, parse_cards
from rules.watten import functions as watten
from rules.watten.functions import WattenError

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(watten, name)
    return function


def rank(value: JSON) -> Rank:
    """A rank code (``"9"``, ``"A"``, ``"O"``) as a :class:`Rank`."""
    try:
        return Rank(str(value).upper())
    except ValueError:
        raise WattenError(f"unknown rank {value!r} (A K O U 10 9 8 7)") from None


def suit(value: JSON) -> Suit:
    """A suit code (``"E"``, ``"L"``, ``"R"``, ``"B"``) as a :class:`Suit`."""
    try:
        return Suit(str(value).upper())
    except ValueError:
        raise WattenError(f"unknown suit {value!r} (E L R B)") from None


def lead(value: JSON) -> Any:
    """A led card or ``None``."""
    return None if value is None else parse_card(value)


def _deal_hands(i: JSON) -> JSON:
    hands = _fn("deal_hands")(
        parse_cards(i["order"]), int(i.get("players", 4)), int(i.get("first_packet", 2))
    )
    return {s: format_cards(c) for s, c in hands.items()}


def _cuts(i: JSON) -> JSON:
    return _fn("parties_by_cut")({s: parse_cards(c) for s, c in i["cuts"].items()})


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "watten.pack": lambda i: format_cards(_fn("pack")()),
    "watten.dealer_by_cut": lambda i: _fn("dealer_by_cut")(
        parse_card(i["first"]), parse_card(i["second"])
    ),
    "watten.deal_hands": _deal_hands,
    "watten.schlag_choices": lambda i: [
        r.value for r in _fn("schlag_choices")(parse_cards(i["hand"]))
    ],
    "watten.trumpf_choices": lambda i: [
        s.value for s in _fn("trumpf_choices")(parse_cards(i["hand"]))
    ],
    "watten.advised_schlag": lambda i: _fn("advised_schlag")(parse_cards(i["hand"])).value,
    "watten.rechte": lambda i: str(_fn("rechte")(rank(i["schlag"]), suit(i["trumpf"]))),
    "watten.blinde": lambda i: format_cards(_fn("blinde")(rank(i["schlag"]), suit(i["trumpf"]))),
    "watten.card_class": lambda i: _fn("card_class")(
        parse_card(i["card"]), rank(i["schlag"]), suit(i["trumpf"])
    ),
    "watten.card_order": lambda i: [
        format_cards(g) for g in _fn("card_order")(rank(i["schlag"]), suit(i["trumpf"]))
    ],
    "watten.trick_winner": lambda i: _fn("trick_winner")(
        parse_cards(i["cards"]), rank(i["schlag"]), suit(i["trumpf"])
    ),
    "watten.must_follow_trump": lambda i: _fn("must_follow_trump")(
        parse_card(i["lead"]), rank(i["schlag"]), suit(i["trumpf"])
    ),
    "watten.legal_cards": lambda i: format_cards(
        _fn("legal_cards")(
            parse_cards(i["hand"]), lead(i.get("lead")), rank(i["schlag"]), suit(i["trumpf"])
        )
    ),
    "watten.deal_winner": lambda i: _fn("deal_winner")(dict(i["tricks"])),
    "watten.raise_after": lambda i: _fn("raise_after")(str(i["level"])),
    "watten.concession_value": lambda i: _fn("concession_value")(str(i["level"])),
    "watten.held_stake": lambda i: _fn("held_stake")(str(i["level"])),
    "watten.spielaus_points": lambda i: _fn("spielaus_points")(
        int(i["score"]), int(i.get("target", 15))
    ),
    "watten.may_raise": lambda i: _fn("may_raise")(
        int(i["score"]), int(i.get("players", 4)), int(i.get("target", 15))
    ),
    "watten.tafel": lambda i: _fn("tafel")(list(i["points"]), int(i.get("target", 15))),
    "watten.partner": lambda i: _fn("partner")(i["seat"]),
    "watten.announcers": lambda i: _fn("announcers")(i["dealer"], int(i.get("players", 4))),
    "watten.dealer_of_deal": lambda i: _fn("dealer_of_deal")(
        i["first_dealer"], int(i["deal"]), int(i.get("players", 4))
    ),
    "watten.wrong_dealer": lambda i: _fn("wrong_dealer")(i["stage"]),
    "watten.parties_by_cut": _cuts,
    "watten.wine": lambda i: _fn("wine")(i["first_winner"], i["second_winner"]),
    "watten.may_look": lambda i: _fn("may_look")(
        i["seat"], bool(i["announced"]), i.get("dealer", "A"), int(i.get("players", 4))
    ),
    "watten.deuten": lambda i: _fn("deuten")(
        parse_cards(i["hand"]), rank(i["schlag"]), suit(i["trumpf"]), int(i.get("players", 4))
    ),
}
