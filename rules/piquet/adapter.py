"""The JSON form of every Piquet rule: decode a vector's input, call the rule, encode the result.

:data:`ADAPTERS` maps each rule name to a function of the JSON input; the reference
adapter (:mod:`rules.reference_adapter`) dispatches to it. Rule functions are looked up
in :mod:`rules.piquet.functions` at every call, so a test that replaces
``rules.piquet.functions.sequence_value`` changes what this adapter (and every rule
that uses it) computes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.cards import Rank, format_cards, parse_card, parse_cards
from rules.errors import RulesError
from rules.piquet import functions as piquet

JSON = Any


def _fn(name: str) -> Callable[..., Any]:
    function: Callable[..., Any] = getattr(piquet, name)
    return function


def _hand(value: JSON) -> piquet.Hand:
    return piquet.Hand.of(parse_cards(value))


def _cards(cards: Any) -> list[str]:
    return format_cards(cards)


def _declaration(d: piquet.Declaration) -> dict[str, int]:
    return {
        "carte_blanche": d.carte_blanche,
        "point": d.point,
        "sequences": d.sequences,
        "sets": d.sets,
        "total": d.total,
    }


def _declarations(d: piquet.Declarations) -> dict[str, JSON]:
    return {"elder": _declaration(d.elder), "younger": _declaration(d.younger)}


def _decl_in(value: JSON) -> piquet.Declaration:
    return piquet.Declaration(
        carte_blanche=int(value.get("carte_blanche", 0)),
        point=int(value.get("point", 0)),
        sequences=int(value.get("sequences", 0)),
        sets=int(value.get("sets", 0)),
    )


def _rank(value: str) -> Rank:
    try:
        return Rank(value.upper().replace("T", "10"))
    except ValueError:
        raise RulesError(f"unknown rank {value!r}") from None


def _deal(i: JSON) -> JSON:
    r = _fn("deal")(parse_cards(i["pack"]), int(i.get("packet", 3)))
    return {"elder": _cards(r.elder), "younger": _cards(r.younger), "talon": _cards(r.talon)}


def _exchange(i: JSON) -> JSON:
    dealt = piquet.DealResult(
        _hand(i["elder"]), _hand(i["younger"]), tuple(parse_cards(i["talon"]))
    )
    r = _fn("exchange")(dealt, parse_cards(i["elder_discards"]), parse_cards(i["younger_discards"]))
    return {"elder": _cards(r.elder), "younger": _cards(r.younger), "left": _cards(r.left)}


def _point(i: JSON) -> JSON:
    r = _fn("point")(_hand(i["hand"]))
    return None if r is None else {"suit": r.suit.value, "cards": r.cards, "pips": r.pips}


def _pair_scores(name: str) -> Callable[[JSON], JSON]:
    def run(i: JSON) -> JSON:
        extra = {"tierce": int(i["tierce"])} if "tierce" in i else {}
        return dict(_fn(name)(_hand(i["elder"]), _hand(i["younger"]), **extra))

    return run


def _trick_points(i: JSON) -> JSON:
    follow = None if i.get("follow") is None else parse_card(i["follow"])
    r = _fn("trick_points")(
        parse_card(i["lead"]), follow, bool(i.get("last", False)), i.get("leads", "every")
    )
    return {"leader": r.leader, "follower": r.follower, "winner": r.winner}


def _settlement(i: JSON) -> JSON:
    paid, parties = _fn("marker_settlement")(int(i["black_won"]), int(i["red_won"]))
    return {"paid": paid, "parties": parties}


def _point_score(i: JSON) -> JSON:
    winner, score = _fn("point_score")(_hand(i["elder"]), _hand(i["younger"]))
    return {"winner": winner, "score": score}


def _play(i: JSON) -> JSON:
    tricks = [tuple(parse_cards(t)) for t in i["tricks"]]
    r = _fn("play")(tricks)
    return {
        "elder": r.elder,
        "younger": r.younger,
        "tricks": {"elder": r.elder_tricks, "younger": r.younger_tricks},
        "last_trick": r.last_trick,
    }


def _pic(i: JSON) -> JSON:
    honour, adds = _fn("pic_repic")(
        i["player"],
        int(i["declared"]),
        int(i["opponent_declared"]),
        int(i.get("play_before_opponent_scores", 0)),
    )
    return {"honour": honour, "adds": adds}


def _partie(i: JSON) -> JSON:
    winner, parties = _fn("partie_result")(list(i["elder"]), list(i["younger"]))
    return {"winner": winner, "parties": parties}


def _limits(i: JSON) -> JSON:
    least, most = _fn("exchange_limits")(i["player"], int(i.get("elder_took", 5)))
    return {"least": least, "most": most}


ADAPTERS: dict[str, Callable[[JSON], JSON]] = {
    "piquet.pack": lambda i: _cards(_fn("pack")()),
    "piquet.rank_order": lambda i: [r.value for r in _fn("rank_order")()],
    "piquet.trick_winner": lambda i: _fn("trick_winner")(
        parse_card(i["lead"]), parse_card(i["follow"])
    ),
    "piquet.legal_cards": lambda i: _cards(
        _fn("legal_cards")(_hand(i["hand"]), parse_card(i["lead"]))
    ),
    "piquet.dealer_by_cut": lambda i: _fn("dealer_by_cut")(
        parse_card(i["first"]), parse_card(i["second"])
    ),
    "piquet.deal": _deal,
    "piquet.exchange_limits": _limits,
    "piquet.exchange": _exchange,
    "piquet.pip_value": lambda i: _fn("pip_value")(parse_card(i["card"])),
    "piquet.point": _point,
    "piquet.point_score": _point_score,
    "piquet.sequence_value": lambda i: _fn("sequence_value")(
        int(i["length"]), int(i.get("tierce", 3))
    ),
    "piquet.sequences": lambda i: [
        {"suit": r.suit.value, "length": r.length, "top": r.top.value}
        for r in _fn("sequences")(_hand(i["hand"]))
    ],
    "piquet.sequence_score": _pair_scores("sequence_score"),
    "piquet.set_value": lambda i: _fn("set_value")(_rank(i["rank"]), int(i["count"])),
    "piquet.sets": lambda i: [
        {"rank": s.rank.value, "count": s.count} for s in _fn("sets")(_hand(i["hand"]))
    ],
    "piquet.set_score": _pair_scores("set_score"),
    "piquet.carte_blanche": lambda i: _fn("carte_blanche")(_hand(i["hand"])),
    "piquet.declarations": lambda i: _declarations(
        _fn("declarations")(_hand(i["elder"]), _hand(i["younger"]), int(i.get("tierce", 3)))
    ),
    "piquet.omitted_declarations": lambda i: _declarations(
        _fn("omitted_declarations")(
            _hand(i["elder"]),
            _hand(i["younger"]),
            i["omitted_by"],
            list(i["omitted"]),
            bool(i.get("other_showed_in_time", True)),
        )
    ),
    "piquet.false_declaration": lambda i: _declarations(
        _fn("false_declaration")(_hand(i["elder"]), _hand(i["younger"]), i["offender"])
    ),
    "piquet.misdeclaration_remedy": lambda i: _fn("misdeclaration_remedy")(bool(i["played_card"])),
    "piquet.pic_repic": _pic,
    "piquet.honour_count": lambda i: _fn("honour_count")(
        i["player"],
        int(i["declared"]),
        int(i["opponent_declared"]),
        int(i.get("play_before_opponent_scores", 0)),
    ),
    "piquet.late_pic_claim": lambda i: _fn("late_pic_claim")(i["stage"]),
    "piquet.counting_order": lambda i: list(_fn("counting_order")()),
    "piquet.first_to_finish": lambda i: _fn("first_to_finish")(
        {"elder": int(i["need"]["elder"]), "younger": int(i["need"]["younger"])},
        _decl_in(i["elder"]),
        _decl_in(i["younger"]),
    ),
    "piquet.play": _play,
    "piquet.last_trick_value": lambda i: _fn("last_trick_value")(),
    "piquet.tricks_bonus": lambda i: dict(
        _fn("tricks_bonus")(int(i["elder_tricks"]), int(i["younger_tricks"]))
    ),
    "piquet.game_won": lambda i: _fn("game_won")(int(i["score"]), int(i.get("target", 101))),
    "piquet.partie_units": lambda i: _fn("partie_units")(int(i["points"])),
    "piquet.partie_result": _partie,
    "piquet.misdeal": lambda i: _fn("misdeal")(
        int(i["elder_cards"]), int(i["younger_cards"]), int(i.get("packet", 3))
    ),
    "piquet.elder_thirteen": lambda i: _fn("elder_thirteen")(bool(i["announced_before_buying"])),
    "piquet.wrong_number": lambda i: _fn("wrong_number")(int(i["held"]), int(i.get("due", 12))),
    "piquet.took_too_many": lambda i: _fn("took_too_many")(bool(i["seen_or_mixed"])),
    "piquet.second_exchange_allowed": lambda i: _fn("second_exchange_allowed")(
        bool(i["already_exchanged"])
    ),
    "piquet.retract_card": lambda i: _fn("retract_card")(
        bool(i["could_follow_suit"]), bool(i["followed_suit"])
    ),
    "piquet.thrown_in_hand": lambda i: _fn("thrown_in_hand")(bool(i["mixed_with_table"])),
    "piquet.dealt_out_of_turn": lambda i: _fn("dealt_out_of_turn")(
        bool(i["rightful_dealer_looked"]),
        bool(i.get("mistaken_dealer_looked", False)),
        i.get("reading", "rightful"),
    ),
    "piquet.trick_points": _trick_points,
    "piquet.cut_allowed": lambda i: _fn("cut_allowed")(int(i["cut"]), int(i.get("pack_size", 32))),
    "piquet.next_dealer": lambda i: _fn("next_dealer")(
        i["dealer"], bool(i.get("partie_over", False)), bool(i.get("order_agreed", False))
    ),
    "piquet.marker_cards": lambda i: _cards(_fn("marker_cards")(i["colour"])),
    "piquet.marker_settlement": _settlement,
    "piquet.elder_announces": lambda i: _fn("elder_announces")(int(i["took"])),
    "piquet.concession_revised": lambda i: _fn("concession_revised")(
        int(i["elder_holding"]), int(i["younger_holding"]), bool(i["younger_played"])
    ),
    "piquet.thrown_cards_order": lambda i: _cards(
        _fn("thrown_cards_order")(parse_cards(i["bottom_to_top"]))
    ),
    "piquet.reversed_cards": lambda i: _fn("reversed_cards")(int(i["count"])),
}
