"""The JSON form of every Bieten rule: decode a vector's input, call the rule, encode the result.

Cards are written as in :mod:`rules.cards` (``"AE"``, ``"10L"``); a wild card played as
another card is ``"6B=AR"``. A player's table is a list of his three cards; ``tables``
maps seats to tables. Bieten mit dem Weli and Spitzbieten build their adapters with
:func:`make_adapters`, which takes the game's function module and wild cards. Functions
are looked up in the module at every call, so a test that replaces one is heard.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from rules.bieten import functions as bieten
from rules.bieten.functions import Credit, Played, WildHand, parse_played
from rules.cards import Card, Suit, format_cards, parse_card
from rules.errors import RulesError

JSON = Any
Adapter = Callable[[JSON], JSON]


def _card(value: JSON) -> Card:
    try:
        return parse_card(value)
    except ValueError as error:
        raise RulesError(str(error)) from None


def _cards(value: JSON) -> list[Card]:
    if not isinstance(value, list):
        raise RulesError(f"expected a list of cards, not {value!r}")
    return [_card(v) for v in value]


def _suit(value: JSON) -> Suit:
    try:
        suit = Suit(value)
    except ValueError:
        raise RulesError(f"a suit is E, L, R or B, not {value!r}") from None
    if suit.is_french:
        raise RulesError(f"Bieten is played with German suits (E L R B), not {value!r}")
    return suit


def _played(value: JSON, wilds: Mapping[Card, int]) -> list[Played]:
    if not isinstance(value, list):
        raise RulesError(f"expected a list of cards, not {value!r}")
    return [parse_played(v, wilds) for v in value]


def _tables(value: JSON, wilds: Mapping[Card, int]) -> dict[str, list[Played]]:
    if not isinstance(value, Mapping):
        raise RulesError(f"tables map each seat to its cards, not {value!r}")
    return {str(k): _played(v, wilds) for k, v in value.items()}


def _hand(value: JSON, wilds: Mapping[Card, int]) -> WildHand:
    if not isinstance(value, Mapping):
        raise RulesError(
            f"a hand is an object with natural, unplayed, fixed, free, ..., not {value!r}"
        )
    unknown = set(value) - {"natural", "unplayed", "fixed", "free", "renounced", "bound"}
    if unknown:
        raise RulesError(f"a hand has no {sorted(unknown)}")
    hand = WildHand(
        natural=tuple(_cards(value.get("natural", []))),
        unplayed=tuple(_cards(value.get("unplayed", []))),
        fixed=tuple(_played(value.get("fixed", []), wilds)),
        free=tuple(_cards(value.get("free", []))),
        renounced=frozenset(_suit(s) for s in value.get("renounced", [])),
        bound=frozenset(str(b) for b in value.get("bound", [])),
    )
    hand.check(wilds)
    return hand


def _credits(value: JSON) -> list[Credit]:
    if not isinstance(value, list):
        raise RulesError(f"credits are a list, not {value!r}")
    return [Credit(str(c["seat"]), int(c["points"]), c["figure"], c["when"]) for c in value]


def _optional_card(value: JSON) -> Card | None:
    return None if value is None else _card(value)


def make_adapters(game: str, module: ModuleType, wilds: Mapping[Card, int]) -> dict[str, Adapter]:
    """The adapters of the rules ``module`` defines, under ``<game>.<function>``."""

    def fn(name: str) -> Callable[..., Any]:
        function: Callable[..., Any] = getattr(module, name)
        return function

    def played_or_none(value: JSON) -> Played | None:
        return None if value is None else parse_played(value, wilds)

    table: dict[str, Adapter] = {
        "pack": lambda i: format_cards(fn("pack")()),
        "rank_order": lambda i: [r.value for r in fn("rank_order")()],
        "players_allowed": lambda i: fn("players_allowed")(i["players"]),
        "dealer_by_cut": lambda i: fn("dealer_by_cut")(_cards(i["cuts"])),
        "target_allowed": lambda i: fn("target_allowed")(i["target"]),
        "deal_order": lambda i: fn("deal_order")(int(i["players"]), bool(i.get("weli_cut", False))),
        "gleich": lambda i: fn("gleich")(_played(i["cards"], wilds)),
        "hanger": lambda i: fn("hanger")(_played(i["cards"], wilds)),
        "figure_winner": lambda i: fn("figure_winner")(
            i["figure"], _tables(i["tables"], wilds), i.get("last_trick")
        ),
        "figure_points": lambda i: fn("figure_points")(i["status"]),
        "settle": lambda i: fn("settle")(
            i["figure"],
            i["status"],
            _tables(i["tables"], wilds),
            i.get("bidder"),
            i.get("giver"),
            i.get("last_trick"),
        ),
        "trick_winner": lambda i: fn("trick_winner")(_played(i["trick"], wilds)),
        "legal_cards": lambda i: format_cards(
            fn("legal_cards")(_cards(i["hand"]), _optional_card(i.get("led")))
        ),
        "answer_order": lambda i: fn("answer_order")(i["bidder"], list(i["order"])),
        "groschen_answer_order": lambda i: fn("groschen_answer_order")(
            i["giver"], list(i["order"])
        ),
        "may_give_groschen": lambda i: fn("may_give_groschen")(
            i["giver"], i["bidder"], bool(i.get("bidder_groschen", False))
        ),
        "bids_allowed": lambda i: fn("bids_allowed")(i["score"], i["target"]),
        "going_out_rank": lambda i: fn("going_out_rank")(
            i["figure"], bool(i.get("laub_first", False))
        ),
        "going_out": lambda i: fn("going_out")(
            dict(i["scores"]),
            _credits(i["credits"]),
            int(i["target"]),
            bool(i.get("laub_first", False)),
        ),
        "penalty": lambda i: fn("penalty")(i["offence"], i.get("agreed")),
        "reclamation_allowed": lambda i: fn("reclamation_allowed")(bool(i["next_deal_started"])),
        "next_dealer": lambda i: fn("next_dealer")(
            i["dealer"], list(i["seats"]), list(i.get("out", []))
        ),
        "next_game_dealer": lambda i: fn("next_game_dealer")(i["loser"], list(i["seats"])),
        "loser": lambda i: fn("loser")(list(i["seats"]), list(i["out_order"])),
        "wild_cards": lambda i: format_cards(fn("wild_cards")()),
        "baptisms": lambda i: format_cards(fn("baptisms")(_card(i["wild"]))),
        "beats": lambda i: fn("beats")(
            parse_played(i["card"], wilds), parse_played(i["other"], wilds)
        ),
        "cutter_keeps": lambda i: fn("cutter_keeps")(_card(i["cut"])),
        "binds": lambda i: fn("binds")(i["figure"], _hand(i["hand"], wilds)),
        "wild_options": lambda i: format_cards(
            fn("wild_options")(
                _hand(i["hand"], wilds),
                _card(i["wild"]),
                None if i.get("led") is None else _suit(i["led"]),
            )
        ),
        "natural_options": lambda i: format_cards(
            fn("natural_options")(
                _hand(i["hand"], wilds), None if i.get("led") is None else _suit(i["led"])
            )
        ),
    }
    if module is bieten:
        table["may_wager"] = lambda i: fn("may_wager")(
            i["figure"],
            _played(i["cards"], wilds),
            _optional_card(i.get("last_lead")),
            _played(i.get("spiel_cards", []), wilds),
        )
    else:
        table["may_wager"] = lambda i: fn("may_wager")(
            i["figure"],
            _hand(i["hand"], wilds),
            _optional_card(i.get("last_lead")),
            played_or_none(i.get("just_played")),
        )
    return {f"{game}.{name}": run for name, run in table.items() if hasattr(module, name)}


ADAPTERS: dict[str, Adapter] = make_adapters("bieten", bieten, bieten.NO_WILDS)
