"""Spitzbieten (Schwaighofer 1927): Bieten mit dem Weli with three wild cards.

The chapter is one paragraph (``spitzbieten.p1``): Spitzbieten "unterscheidet sich vom
Bieten mit dem Weli dadurch, daß außer dem Weli noch zwei andere Karten, und zwar der
Schell- und der Eichelsiebener, die sogenannten „Spitze“, in eine beliebige Karte
getauft und verwandelt werden können". Everything else is Bieten mit dem Weli
(:mod:`rules.bietenweli.functions`), whose functions these call with the three wild
cards ranked "Weli, Schellsiebener, Eichelsiebener", every natural card above them.

The text adds that Spitzbieten "ist eigentlich mehr ein Perlaggen mit drei Karten.
(Siehe dort.)" The edition does not import rules from the Perlaggen chapter: the
cross-reference compares, it does not legislate (see the README).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.bieten import functions as b
from rules.bieten.functions import (
    EICHEL7,
    SCHELL7,
    SIGLUM,
    SPITZ_WILDS,
    WELI,
    Figure,
    Played,
    Status,
    WildHand,
)
from rules.bietenweli import functions as weli
from rules.cards import GERMAN_33, Card, Suit
from rules.registry import Emendation, rule

P1 = f"{SIGLUM}.spitzbieten.p1"

_SPITZ_EMENDATION = Emendation(
    paragraph=P1,
    reading=(
        "the Schell- and Eichelsiebener are wild cards only, like the Weli: baptised into "
        "any card of the pack, and the rules of the Weli (binding, renouncing a suit, the "
        "cut) apply to them as to the Weli, except that only the Weli is kept when cut"
    ),
    raw="in eine beliebige Karte getauft und verwandelt werden können",
    evidence=(
        "The paragraph names no other difference from Bieten mit dem Weli. 'können' could "
        "mean that a Spitz may also stay the Siebener it is; a Spitz baptised as its own "
        "face is that card, so the reading loses nothing. The cut rule of bietenweli.p2 "
        "speaks of the Weli alone."
    ),
    cert="medium",
)


@rule(paragraphs=[P1])
def pack() -> tuple[Card, ...]:
    """The pack of 33, as with the Weli: the 32 German cards and the Weli."""
    return GERMAN_33


@rule(paragraphs=[P1], emendations=[_SPITZ_EMENDATION])
def wild_cards() -> tuple[Card, ...]:
    """The three wild cards, highest first: "Weli, Schellsiebener, Eichelsiebener"."""
    return (WELI, SCHELL7, EICHEL7)


@rule(paragraphs=[P1], emendations=[_SPITZ_EMENDATION])
def baptisms(wild: Card) -> tuple[Card, ...]:
    """What a wild card may become: "in eine beliebige Karte" of the pack of 32."""
    return weli.baptisms(wild, SPITZ_WILDS)


@rule(paragraphs=[P1])
def beats(card: Played, other: Played) -> bool:
    """Whether ``card`` beats ``other`` of the same suit: by rank, then "Die Natur-(Original-)
    Karte ist aber auch hier besser", then Weli over Schellsiebener over Eichelsiebener."""
    return weli.beats(card, other)


@rule(paragraphs=[P1, b.p(8)])
def trick_winner(trick: Sequence[Played]) -> int:
    """The index of the card that takes a trick, wild cards counted as what they were made,
    below the natural card and in the order Weli, Schellsiebener, Eichelsiebener."""
    return b.trick_winner(trick)


@rule(paragraphs=[P1])
def deal_order(players: int, weli_cut: bool = False) -> list[int]:
    """The deal as with the Weli: only the Weli is kept when cut (bietenweli.p2)."""
    return weli.deal_order(players, weli_cut)


@rule(paragraphs=[P1], emendations=[_SPITZ_EMENDATION])
def binds(figure: Figure, hand: WildHand, wilds: Mapping[Card, int] = SPITZ_WILDS) -> bool:
    """Whether holding ``figure`` binds the player's wild cards (as with the Weli)."""
    return weli.binds(figure, hand, wilds)


@rule(paragraphs=[P1], emendations=[_SPITZ_EMENDATION])
def may_wager(
    figure: Figure,
    hand: WildHand,
    last_lead: Card | None = None,
    just_played: Played | None = None,
    wilds: Mapping[Card, int] = SPITZ_WILDS,
) -> bool:
    """Whether the player may bid, hold or give Drei on ``figure``, counting all his wild cards."""
    return weli.may_wager(figure, hand, last_lead, just_played, wilds)


@rule(paragraphs=[P1], emendations=[_SPITZ_EMENDATION])
def wild_options(
    hand: WildHand, wild: Card, led: Suit | None = None, wilds: Mapping[Card, int] = SPITZ_WILDS
) -> list[Card]:
    """The cards a Spitz or the Weli in hand may be played as now (as with the Weli)."""
    return weli.wild_options(hand, wild, led, wilds)


@rule(paragraphs=[P1], emendations=[_SPITZ_EMENDATION])
def natural_options(
    hand: WildHand, led: Suit | None = None, wilds: Mapping[Card, int] = SPITZ_WILDS
) -> list[Card]:
    """The natural cards in hand that may be played now (as with the Weli)."""
    return weli.natural_options(hand, led, wilds)


@rule(
    paragraphs=[P1, b.p(29), weli.w(1)],
    emendations=[b._FLEE_EMENDATION, b._WILD_TIE_EMENDATION],
)
def figure_winner(
    figure: Figure, tables: Mapping[str, Sequence[Played]], last_trick: str | None = None
) -> str | None:
    """Who makes ``figure``, each wild card counted as what it was made: the natural card
    above the Weli, the Weli above the Schellsiebener, that above the Eichelsiebener."""
    return b.figure_winner(figure, tables, last_trick)


@rule(paragraphs=[P1, b.p(29)], emendations=[b._FLEE_EMENDATION])
def settle(
    figure: Figure,
    status: Status,
    tables: Mapping[str, Sequence[Played]],
    bidder: str | None = None,
    giver: str | None = None,
    last_trick: str | None = None,
) -> dict[str, int]:
    """The points one figure gives, as in Bieten, with the three wild cards in play."""
    return b.settle(figure, status, tables, bidder, giver, last_trick)


UNFORMALISED: dict[str, str] = {}
