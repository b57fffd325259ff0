"""The JSON form of every Perlaggen rule: decode a vector's input, call the rule, encode the result.

Conventions of the inputs: cards as in :mod:`rules.cards` (``"KR"`` the Martl, ``"6B"``
the Weli); a card on the table as ``"KR"`` (played as itself) or ``"KR as AL"`` (baptised
Laub-As); a suit as its letter (``"E"`` Eichel, ``"L"`` Laub, ``"R"`` Herz, ``"B"`` Schell);
``ordnung`` is ``"1890"`` or ``"1924"``; parties are ``"AC"`` and ``"BD"``. Rule functions
are looked up in :mod:`rules.perlaggen.functions` at every call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import Card, Rank, Suit, format_cards, parse_card, parse_cards
from rules.errors import RulesError
from rules.perlaggen import functions as perlaggen

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(perlaggen, name)
    return function


def _suit(value: JSON) -> Suit:
    try:
        suit = Suit(str(value).upper())
    except ValueError:
        raise RulesError(f"unknown suit {value!r}: E, L, R or B") from None
    if suit.is_french:
        raise RulesError(f"Perlaggen is played with German suits E L R B, not {value!r}")
    return suit


def _rank(value: JSON) -> Rank:
    try:
        return Rank(str(value).upper())
    except ValueError:
        raise RulesError(f"unknown rank {value!r}") from None


def _played(value: JSON) -> perlaggen.Played:
    if not isinstance(value, str):
        raise RulesError(f"a card on the table is written 'KR' or 'KR as AL', not {value!r}")
    card, _, target = value.partition(" as ")
    return perlaggen.Played(parse_card(card), parse_card(target) if target else None)


def _cards(value: JSON) -> list[Card]:
    return parse_cards(value)


def _gleich(value: perlaggen.Gleich | None) -> JSON:
    return None if value is None else {"count": value.count, "rank": value.rank.value}


def _hanger(value: perlaggen.Hanger | None) -> JSON:
    if value is None:
        return None
    return {"length": value.length, "top": value.top.value, "suit": value.suit}


def _values(value: JSON) -> dict[str, tuple[int, int] | None]:
    found: dict[str, tuple[int, int] | None] = {}
    for seat, entry in dict(value).items():
        found[seat] = None if entry is None else (int(entry[0]), int(entry[1]))
    return found


def _outcome(value: JSON) -> perlaggen.Outcome:
    return perlaggen.Outcome(
        figure=value["figure"],
        status=value["status"],
        winner=value.get("winner"),
        stake=int(value.get("stake", 2)),
        grades=value.get("grades"),
        bid=value.get("bid"),
        at=value.get("at"),
    )


def _going_out(i: JSON) -> JSON:
    r = _fn("going_out")(
        i["ordnung"],
        int(i.get("target", 15)),
        dict(i["score"]),
        [_outcome(x) for x in i["figures"]],
        {party: int(n) for party, n in dict(i.get("false_bids", {})).items()},
        str(i.get("paragraph", "31")),
    )
    return {
        "out": r.out,
        "by": r.by,
        "redeal": r.redeal,
        "written": [{"figure": w.figure, "party": w.party, "points": w.points} for w in r.written],
    }


def _cuts(value: JSON) -> dict[str, Card]:
    return {seat: parse_card(card) for seat, card in dict(value).items()}


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "perlaggen.pack": lambda i: format_cards(_fn("pack")()),
    "perlaggen.rank_order": lambda i: [r.value for r in _fn("rank_order")()],
    "perlaggen.hand_size": lambda i: _fn("hand_size")(int(i["players"])),
    "perlaggen.trump_suit": lambda i: _fn("trump_suit")(parse_card(i["turned"])).value,
    "perlaggen.permanent_perlaggen": lambda i: format_cards(
        _fn("permanent_perlaggen")(i.get("custom", "nordtirol"))
    ),
    "perlaggen.perlaggen": lambda i: format_cards(
        _fn("perlaggen")(_suit(i["trump"]), i.get("custom", "nordtirol"))
    ),
    "perlaggen.natural_trumps": lambda i: format_cards(
        _fn("natural_trumps")(_cards(i["hand"]), _suit(i["trump"]), i.get("custom", "nordtirol"))
    ),
    "perlaggen.cutter_keeps": lambda i: format_cards(
        _fn("cutter_keeps")(_cards(i["cut"]), i.get("custom", "nordtirol"))
    ),
    "perlaggen.cutter_packets": lambda i: list(_fn("cutter_packets")(int(i["kept"]))),
    "perlaggen.cutter_misdealt": lambda i: _fn("cutter_misdealt")(
        int(i["kept"]), int(i["first_packet"])
    ),
    "perlaggen.scattered_at_cut": lambda i: _fn("scattered_at_cut")(
        i["ordnung"], bool(i["face_seen"]), bool(i["by_dealer"])
    ),
    "perlaggen.exposed_card": lambda i: _fn("exposed_card")(bool(i["claimed"])),
    "perlaggen.wrong_number_of_cards": lambda i: _fn("wrong_number_of_cards")(
        i["ordnung"], bool(i["deliberate"])
    ),
    "perlaggen.stock_may_be_seen": lambda i: _fn("stock_may_be_seen")(i["card"]),
    "perlaggen.exchange_right": lambda i: (lambda r: {**r, "cards": format_cards(r["cards"])})(
        _fn("exchange_right")(
            i["ordnung"],
            parse_card(i["turned"]),
            _cards(i["dealer_hand"]),
            _cards(i["partner_hand"]),
            i.get("custom", "nordtirol"),
        )
    ),
    "perlaggen.party_of": lambda i: _fn("party_of")(i["seat"]),
    "perlaggen.seat_roles": lambda i: _fn("seat_roles")(),
    "perlaggen.first_dealer": lambda i: _fn("first_dealer")(_cuts(i["cuts"])),
    "perlaggen.partners_by_cut": lambda i: _fn("partners_by_cut")(i["ordnung"], _cuts(i["cuts"])),
    "perlaggen.next_dealing_party": lambda i: _fn("next_dealing_party")(dict(i["points"])),
    "perlaggen.baptise": lambda i: str(
        _fn("baptise")(
            parse_card(i["card"]),
            parse_card(i["target"]),
            _suit(i["trump"]),
            i.get("custom", "nordtirol"),
        )
    ),
    "perlaggen.unbaptised_perlagg": lambda i: _fn("unbaptised_perlagg")(
        i["ordnung"], bool(i.get("declared_by_opponents", False))
    ),
    "perlaggen.rebaptism_allowed": lambda i: _fn("rebaptism_allowed")(i["ordnung"]),
    "perlaggen.take_back": lambda i: _fn("take_back")(
        bool(i["released"]), bool(i["to_follow_suit"]), bool(i["perlagg"])
    ),
    "perlaggen.trick_winner": lambda i: _fn("trick_winner")(
        [_played(x) for x in i["trick"]], _suit(i["trump"]), i.get("custom", "nordtirol")
    ),
    "perlaggen.legal_cards": lambda i: format_cards(
        _fn("legal_cards")(
            _cards(i["hand"]),
            None if i.get("trick") in (None, []) else _played(i["trick"][0]),
            _suit(i["trump"]),
            [_played(x) for x in i.get("trick") or []],
            i.get("reading", "text"),
            i.get("custom", "nordtirol"),
        )
    ),
    "perlaggen.best_gleich": lambda i: _gleich(
        _fn("best_gleich")(_cards(i["cards"]), int(i.get("wild", 0)))
    ),
    "perlaggen.best_hanger": lambda i: _hanger(
        _fn("best_hanger")(_cards(i["cards"]), int(i.get("wild", 0)))
    ),
    "perlaggen.gleich_name": lambda i: _fn("gleich_name")(int(i["count"]), _rank(i["rank"])),
    "perlaggen.better_figure": lambda i: _fn("better_figure")(
        i["kind"], _cards(i["first"]), _cards(i["second"])
    ),
    "perlaggen.figure_winner": lambda i: _fn("figure_winner")(i["kind"], _values(i["values"])),
    "perlaggen.spiel_winner": lambda i: _fn("spiel_winner")(list(i["tricks"])),
    "perlaggen.figure_order": lambda i: list(_fn("figure_order")()),
    "perlaggen.is_bid": lambda i: _fn("is_bid")(i["words"]),
    "perlaggen.figure_points": lambda i: _fn("figure_points")(i["status"], int(i["stake"])),
    "perlaggen.raise_allowed": lambda i: _fn("raise_allowed")(
        int(i["stake"]), bool(i["offered_to_raiser"]), int(i["to"])
    ),
    "perlaggen.rebid_answers": lambda i: _fn("rebid_answers")(i["ordnung"]),
    "perlaggen.answer_now": lambda i: _fn("answer_now")(i["ordnung"], list(i["figures_bid"])),
    "perlaggen.overbids": lambda i: _fn("overbids")(
        i["ordnung"], int(i["score"]), int(i.get("target", 15)), int(i["figures_at_once"])
    ),
    "perlaggen.overbid_penalty": lambda i: _fn("overbid_penalty")(i["ordnung"]),
    "perlaggen.can_make": lambda i: _fn("can_make")(
        i["kind"], _cards(i["cards"]), int(i.get("wild", 0))
    ),
    "perlaggen.false_bid_penalty": lambda i: _fn("false_bid_penalty")(
        i["ordnung"],
        bool(i.get("unseen", False)),
        i.get("witness", "schwaighofer"),
        str(i.get("paragraph", "31")),
    ),
    "perlaggen.unseen_bid_order": lambda i: _fn("unseen_bid_order")(list(i.get("named", []))),
    "perlaggen.must_name_holder": lambda i: _fn("must_name_holder")(
        i["ordnung"], bool(i["held_jointly"])
    ),
    "perlaggen.fifth_round_spiel": lambda i: _fn("fifth_round_spiel")(
        i["ordnung"],
        _played(i["lead"]),
        parse_card(i["card"]),
        _suit(i["trump"]),
        bool(i.get("needed_for_figure", False)),
        i.get("custom", "nordtirol"),
    ),
    "perlaggen.showing_order": lambda i: _fn("showing_order")(i["spiel_party"]),
    "perlaggen.may_improve": lambda i: _fn("may_improve")(
        i["ordnung"], bool(i["spiel_party"]), i["what"]
    ),
    "perlaggen.claim_in_time": lambda i: _fn("claim_in_time")(bool(i["next_deal_card_played"])),
    "perlaggen.last_point_asker": lambda i: _fn("last_point_asker")(i["ordnung"]),
    "perlaggen.game_won": lambda i: _fn("game_won")(int(i["score"]), int(i.get("target", 15))),
    "perlaggen.breach_penalty": lambda i: _fn("breach_penalty")(i.get("agreed")),
    "perlaggen.strafperlaggen_penalty": lambda i: _fn("strafperlaggen_penalty")(
        bool(i["made"]), int(i["stake"])
    ),
    "perlaggen.ordnung_texts": lambda i: _fn("ordnung_texts")(i["ordnung"]),
    "perlaggen.informed_seats": lambda i: _fn("informed_seats")(i["seat"]),
    "perlaggen.signal": lambda i: _fn("signal")(i["meaning"], str(i.get("convention", "1"))),
    "perlaggen.going_out": _going_out,
}
