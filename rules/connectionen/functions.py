"""Connectionen as Engelmann (1798) prints it: the pure rule functions of its twelve Regeln.

"Das Connectionen oder Verbindungsspiel" (a footnote credits it to the Duchess of York)
is a Whist for three or four, each for himself, with Caro as permanent trump. Three
pairs of cards, the *connections*, earn money from the pool (the "Casse") when both
cards fall in the same trick; the most tricks earn a little more. The playable deal is
:mod:`rules.connectionen.model`.

Every function cites its rule by the paragraph id ``engelmann1798.connectionen.regeln.N``.
Sums are given in Pfennige of the Thaler stake of Regel 1: a Groschen is 12 Pfennige
(Regel 8: "einen Groschen, nämlich sechs Pfennige für das As, und sechs Pfennige für den
König"), a Dreier 3.

Where the text differs from the English rules of "Connexions" (Hoyle's Games, e.g. the
edition reprinted at childrensnursery.org.uk, "Connexions"), the functions follow the
text and say so: the third connection is Trefle As with Pique Valet, not with the Coeur
König; the right to trump a connection is given to "der nächste, oder der letzte
Spieler"; answering a connection is allowed, not required.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from rules.cards import FRENCH_52, Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "engelmann1798"
TRUMP = Suit.DIAMONDS
PIQUE_AS = Card(Rank.ACE, Suit.SPADES)
TREFLE_AS = Card(Rank.ACE, Suit.CLUBS)
COEUR_KOENIG = Card(Rank.KING, Suit.HEARTS)
PIQUE_VALET = Card(Rank.JACK, Suit.SPADES)
#: The three connections, by number (Regeln 5-7), each a pair of cards.
CONNECTIONS: dict[int, tuple[Card, Card]] = {
    1: (PIQUE_AS, TREFLE_AS),
    2: (PIQUE_AS, COEUR_KOENIG),
    3: (TREFLE_AS, PIQUE_VALET),
}
CONNECTION_CARDS = frozenset(c for pair in CONNECTIONS.values() for c in pair)
#: What each connection wins from the Casse, in Pfennige (Regel 8).
PAYMENTS: dict[int, int] = {1: 24, 2: 12, 3: 6}
#: The most tricks win six Pfennige (Regel 9).
MOST_TRICKS = 6
GROSCHEN = 12


def r(n: int) -> str:
    """The id of Regel ``n``."""
    return f"{SIGLUM}.connectionen.regeln.{n}"


class ConnectionenError(RulesError, ValueError):
    """An input that no Connectionen position can have (wrong cards, players or tricks)."""


_WHIST_EMENDATION = Emendation(
    paragraph=r(3),
    reading=(
        "as at Whist: the ranks A K Q J 10 9 8 7 6 5 4 3 2, suit must be followed when "
        "possible, a trump beats every plain card, the winner of a trick leads the next, "
        "and the player after the dealer (seat 1) leads the first"
    ),
    raw="Die Karten werden auf die nämliche Art wie beim Whist gespielt, haben auch denselbigen Werth",
    evidence=(
        "Regel 3 refers to Whist for the way of playing and the value of the cards and "
        "states nothing of it; Engelmann's book has no Whist chapter. The rules "
        "supplied are those of Whist (Hoyle's Games); Regel 11 ('muß die Farbe bekennt "
        "werden') confirms that suit is followed."
    ),
    cert="high",
)

#: Whist's order of the ranks (supplied, see the emendation of :func:`rank_order`).
ORDER = RankOrder(
    (
        Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
        Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO,
    )
)  # fmt: skip
_PACK = frozenset(FRENCH_52)


# ---------------------------------------------------------------- stakes, deal


@rule(paragraphs=[r(1)])
def stake(setting: Literal["Thaler", "Louisd'or"]) -> str:
    """The coin taken back from the Casse for the coin set: Thaler -> Groschen, Louisd'or -> halbe Gulden.

    "Man setzt Thaler und nimmt Groschen zurück; oder man setzt Louisd'ors und nimmt
    halbe Gulden zurück. Dies hängt ganz von der Gesellschaft ab" (Regel 1). The
    payments of Regeln 8 and 9 are counted in the coin taken back.
    """
    coins = {"Thaler": "Groschen", "Louisd'or": "halbe Gulden"}
    if setting not in coins:
        raise ConnectionenError(f"one sets Thaler or Louisd'ors (Regel 1), not {setting!r}")
    return coins[setting]


@rule(paragraphs=[r(2)])
def hand_size(players: int) -> int:
    """Cards per player: eight among four, ten among three ("zehen Karten")."""
    _players(players)
    return 8 if players == 4 else 10


_LEFT_EMENDATION = Emendation(
    paragraph=r(2),
    reading="four players leave 52 - 32 = 20 cards, three players 52 - 30 = 22",
    raw="entweder zwei und zwanzig oder vier und zwanzig Karten von dem ganzen Spiel zurückbleiben",
    evidence=(
        "The game is played with the Whist pack of 52 (Regel 3). Three hands of ten "
        "leave 22, as printed; four hands of eight leave 20, not 24: the author (or the "
        "printer) slipped. No pack gives both 22 and 24. The English rules deal the same "
        "hands from the whole pack (Hoyle, 'Connexions')."
    ),
    cert="high",
)


@rule(paragraphs=[r(2)], emendations=[_LEFT_EMENDATION])
def left_over(players: int) -> int:
    """The cards left undealt: 22 among three; among four 20 (the print says 24: a slip)."""
    return len(FRENCH_52) - players * hand_size(players)


# ---------------------------------------------------------------- order and trump


@rule(paragraphs=[r(3)], emendations=[_WHIST_EMENDATION])
def rank_order() -> tuple[Rank, ...]:
    """The ranks from high to low, as at Whist: A K Q J 10 9 8 7 6 5 4 3 2."""
    return ORDER.ranks


@rule(paragraphs=[r(3), r(4)])
def trump() -> Suit:
    """The trump suit: always Caro ("Caro ist beständiger Trumpf", Regel 4).

    "ausgenommen, daß der Trumpf sich nie in der Farbe verändert" (Regel 3): unlike
    Whist, no card is turned for trump.
    """
    return TRUMP


# ---------------------------------------------------------------- the connections


_THIRD_EMENDATION = Emendation(
    paragraph=r(7),
    reading="the third connection is Trefle As with Pique Valet",
    raw="Das Trefle As und der Pique Valet die dritte Connection",
    evidence=(
        "The text is clear; the English rules (Hoyle, 'Connexions') make the third "
        "connection the ace of clubs with the king of hearts. The edition follows "
        "Engelmann."
    ),
    cert="high",
)


@rule(paragraphs=[r(5), r(6), r(7)], emendations=[_THIRD_EMENDATION])
def connection(a: Card, b: Card) -> int | None:
    """The number of the connection two cards make, or ``None``.

    First: "Die beiden schwarzen Asse, nämlich das Pique As und das Trefle As" (Regel 5);
    second: "Das Pique As und der Coeur König" (Regel 6); third: "Das Trefle As und der
    Pique Valet" (Regel 7).
    """
    _check_cards([a, b])
    if a == b:
        raise ConnectionenError("a connection is made by two different cards")
    pair = {a, b}
    return next((n for n, cards in CONNECTIONS.items() if set(cards) == pair), None)


_MANY_EMENDATION = Emendation(
    paragraph=r(10),
    reading=(
        "every connection lying in one trick counts; without a trump, the trick goes to "
        "the player of the earliest card that begins a connection in it"
    ),
    raw="der die erste Karte der Connection ausgespielt hat",
    evidence=(
        "The Regeln speak of one connection at a time. The Pique As belongs to two "
        "connections and the Trefle As to two, so one trick can hold two or three; the "
        "text does not say which decides. We take the connection begun first."
    ),
    cert="low",
)


@rule(paragraphs=[r(5), r(6), r(7), r(10)], emendations=[_MANY_EMENDATION])
def connections(trick: Sequence[Card]) -> tuple[int, ...]:
    """The connections lying in one trick (cards in the order played), by number."""
    cards = _trick(trick)
    return tuple(n for n, pair in CONNECTIONS.items() if set(pair) <= set(cards))


_PAYEE_EMENDATION = Emendation(
    paragraph=r(8),
    reading="the player who takes the trick in which a connection lies draws its payment",
    raw="Die erste Connection gewinnt zwei Groschen aus der Casse",
    evidence=(
        "Regel 8 says what a connection wins, not who draws it. Regel 10 gives the "
        "trick with a connection to the player of its first card unless a trump is "
        "played, and Regel 11 gives the next players the right to trump it: both are "
        "pointless unless the money goes with the trick. The English rules let 'the "
        "possessors of the connexions' draw after the hand (Hoyle). The other reading, "
        "that each player draws the share of the card he played ('einen Groschen für "
        "jedes As'), is the variant reading_per_card."
    ),
    cert="medium",
)


@rule(paragraphs=[r(1), r(8)], emendations=[_PAYEE_EMENDATION])
def connection_payment(number: int) -> int:
    """What a connection wins from the Casse, in Pfennige: 24, 12 or 6.

    "Die erste Connection gewinnt zwei Groschen ... Die zweite einen Groschen ... Die
    dritte Connection sechs Pfennige, oder einen Dreier für jede Karte" (Regel 8).
    """
    if number not in PAYMENTS:
        raise ConnectionenError(f"there are three connections (Regeln 5-7), not {number}")
    return PAYMENTS[number]


@rule(paragraphs=[r(8)], emendations=[_PAYEE_EMENDATION])
def card_share(number: int) -> int:
    """Each card's share of a connection's payment, in Pfennige: 12, 6 or 3 (a Dreier).

    "nämlich einen Groschen für jedes As", "sechs Pfennige für das As, und sechs Pfennige
    für den König", "einen Dreier für jede Karte" (Regel 8).
    """
    return connection_payment(number) // 2


@rule(paragraphs=[r(9)])
def most_tricks(tricks: Mapping[str, int]) -> str | None:
    """Who takes six Pfennige for the most tricks of a deal; ``None`` when the most are equal.

    "Derjenige Spieler, welcher bei jedem Herumgeben die meisten Stiche macht, nimmt
    sechs Pfennige aus der Casse. Sind die Stiche gleich, gewinnt Niemand" (Regel 9).
    """
    if not tricks or any(n < 0 for n in tricks.values()):
        raise ConnectionenError("trick counts are given per player and are never negative")
    if not 3 <= len(tricks) <= 4:
        raise ConnectionenError("three or four players take tricks (Regel 2)")
    top = max(tricks.values())
    leaders = [seat for seat, n in tricks.items() if n == top]
    return leaders[0] if len(leaders) == 1 else None


# ---------------------------------------------------------------- tricks


@rule(paragraphs=[r(3), r(4), r(10)], emendations=[_WHIST_EMENDATION, _MANY_EMENDATION])
def trick_winner(trick: Sequence[Card]) -> int:
    """The index of the card that takes the trick (cards in the order played).

    With a connection in the trick: "Sollte ... ein Trumpf gespielt werden, so gewinnt
    dieser den Stich; sonst aber gehört der Stich allemal demjenigen Spieler, der die
    erste Karte der Connection ausgespielt hat" (Regel 10); with several trumps the
    highest. Otherwise as at Whist: the highest Caro, else the highest of the led suit.
    """
    cards = _trick(trick)
    if len(cards) < 2:
        raise ConnectionenError("a trick has three or four cards (two while it is played)")
    trumps = [i for i, c in enumerate(cards) if c.suit == TRUMP]
    if trumps:
        return max(trumps, key=lambda i: ORDER.strength(cards[i].rank))
    found = connections(cards)
    if found:
        return min(min(cards.index(c) for c in CONNECTIONS[n]) for n in found)
    led = cards[0].suit
    same = [i for i, c in enumerate(cards) if c.suit == led]
    return max(same, key=lambda i: ORDER.strength(cards[i].rank))


_TRUMP_RIGHT_EMENDATION = Emendation(
    paragraph=r(11),
    reading="every player who plays after both cards of a connection lie in the trick may trump",
    raw="so hat entweder der nächste, oder der letzte Spieler, das Recht sie zu trumpfen",
    evidence=(
        "A connection is on the table once its second card is played; only the players "
        "after that can trump it, and with four players these are the next and the last. "
        "'entweder ... oder' does not make the right pass to one of them only; the "
        "English rules say 'any following player' (Hoyle)."
    ),
    cert="medium",
)


@rule(paragraphs=[r(3), r(11), r(12)], emendations=[_WHIST_EMENDATION, _TRUMP_RIGHT_EMENDATION])
def legal_cards(hand: Sequence[Card], trick: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a player may play to a trick (``trick``: the cards already played).

    He follows suit if he can ("In jedem andern Falle aber muß die Farbe bekennt werden",
    Regel 11), else plays any card. He may besides play a connection card he holds,
    whatever was led ("ohne Strafe", Regel 12), and, once a connection lies on the
    table, a trump ("das Recht sie zu trumpfen ... ohne sich der Strafe des
    Nichtbekennens schuldig zu machen", Regel 11). Answering a connection (playing its
    other card) is such a connection card; the text allows it, it does not require it.
    """
    cards = _hand(hand)
    played = _trick(trick)
    if set(cards) & set(played):
        raise ConnectionenError("a card on the table cannot also be in the hand")
    if not cards:
        raise ConnectionenError("an empty hand plays no card")
    if not played:
        return tuple(cards)
    same = {c for c in cards if c.suit == played[0].suit}
    if not same:
        return tuple(cards)
    allowed = same | {c for c in cards if c in CONNECTION_CARDS}
    if connections(played):
        allowed |= {c for c in cards if c.suit == TRUMP}
    return tuple(ORDER.sorted(allowed))


# ---------------------------------------------------------------- helpers


def _players(players: int) -> None:
    if players not in (3, 4):
        raise ConnectionenError(f"Connectionen is played by three or four (Regel 2), not {players}")


def _check_cards(cards: Iterable[Card]) -> None:
    for card in cards:
        if not isinstance(card, Card):
            raise ConnectionenError(f"not a card: {card!r}")
        if card not in _PACK:
            raise ConnectionenError(f"{card} is not in the Whist pack of 52")


def _trick(cards: Iterable[Card]) -> list[Card]:
    listed = list(cards)
    _check_cards(listed)
    if len(set(listed)) != len(listed):
        raise ConnectionenError("a card lies in a trick once")
    if len(listed) > 4:
        raise ConnectionenError(f"a trick has at most four cards, not {len(listed)}")
    return listed


def _hand(cards: Iterable[Card]) -> list[Card]:
    listed = list(cards)
    _check_cards(listed)
    twice = (
        sorted(str(c) for c, n in Counter(listed).items() if n > 1)
        if len(set(listed)) != len(listed)
        else []
    )
    if twice:
        raise ConnectionenError(f"a hand holds each card once; repeated: {', '.join(twice)}")
    if len(listed) > 10:
        raise ConnectionenError(f"a hand holds at most ten cards (Regel 2), not {len(listed)}")
    return ORDER.sorted(listed)


#: Every Regel of the chapter is cited by a rule function or the model.
UNFORMALISED: dict[str, str] = {}
