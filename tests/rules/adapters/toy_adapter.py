"""A toy trick game behind the adapter protocol, for the transcript fixtures.

Two players, ``elder`` leads the first trick, the winner of a trick leads the next;
a player must follow suit if he can; the higher card of the suit led wins; a trick
counts the variant's ``trick_value`` (``standard`` 1, ``double`` 2). An action is the
card played. ``FOLLOW_SUIT = False`` (see ``lax_toy_adapter.py``) forgets the duty to
follow suit.
"""

from __future__ import annotations

from typing import Any

ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]
TRICK_VALUE = {"standard": 1, "double": 2}
FOLLOW_SUIT = True


class Illegal(Exception):
    """An action the rules do not allow."""


def _suit(card: str) -> str:
    return card[-1]


def _legal(hand: list[str], lead: str | None) -> list[str]:
    if FOLLOW_SUIT and lead is not None:
        following = [c for c in hand if _suit(c) == _suit(lead)]
        if following:
            return sorted(following)
    return sorted(hand)


def transcript(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a deal: the legal actions before each action and the final scores."""
    value = TRICK_VALUE[data["variant"]]
    hands = {seat: list(cards) for seat, cards in data["deal"].items()}
    scores = {seat: 0 for seat in hands}
    other = {"elder": "younger", "younger": "elder"}
    to_act, lead, leader = "elder", None, "elder"
    legal_before: list[list[str]] = []
    for action in data["actions"]:
        legal = _legal(hands[to_act], lead)
        if action not in legal:
            raise Illegal(f"{to_act} may not play {action}; legal: {legal}")
        legal_before.append(legal)
        hands[to_act].remove(action)
        if lead is None:
            lead, leader, to_act = action, to_act, other[to_act]
            continue
        follower_wins = _suit(action) == _suit(lead) and ORDER.index(action[:-1]) > ORDER.index(
            lead[:-1]
        )
        winner = to_act if follower_wins else leader
        scores[winner] += value
        lead, to_act = None, winner
    return {"legal": legal_before, "scores": scores}


def call(rule: str, input: dict[str, Any]) -> Any:
    if rule == "toy.transcript":
        return transcript(input)
    raise NotImplementedError(rule)
