"""Piquesept as Engelmann (1798) prints it: the pure rule functions of the chapter "Piquesept".

The chapter ("Eingesandt von Hrn. L. C. Kehr") has four paragraphs: the pack and the
players (p1), Pique as permanent trump and the opening lead of the Pique Sieben (p2), the
holder's privilege and the card drawn from his hand (p3), and the count of points (p4).
The playable deal built on these functions is :mod:`rules.piquesept.model`.

Vocabulary: the *holder* is the player who holds the Pique Sieben (7S); the *drawer* is
the player who draws an unseen card from the holder's hand and gives him another (p3).
A *counting card* is one that scores in p4 (Aß, Zehn, König, Dame, Valet, Pique Sieben).

What the chapter does not say and the functions supply is recorded as an
:class:`~rules.registry.Emendation` with an empty ``raw``: the rank order of the cards
(taken from the Mariage that p4 names), what a "hohe Karte" is, when and by whom the card
is drawn, and that the Pique Sieben holder plays against the others.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from rules.cards import FRENCH_32, Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "engelmann1798"
TRUMP = Suit.SPADES
PIQUE_SIEBEN = Card(Rank.SEVEN, Suit.SPADES)
#: The eights that may be laid aside for three players: "entweder Coeur, Caro oder Trefle".
ASIDE_EIGHTS: tuple[Card, ...] = (
    Card(Rank.EIGHT, Suit.HEARTS),
    Card(Rank.EIGHT, Suit.DIAMONDS),
    Card(Rank.EIGHT, Suit.CLUBS),
)
#: The points of the game: "Folglich ist die Anzahl der Points zusammen 130" (p4).
TOTAL_POINTS = 130
#: "wer 66 oder mehr hat, gewinnt das Spiel" (p4).
WINNING_POINTS = 66


def p(n: int) -> str:
    """The id of paragraph ``n`` of the chapter."""
    return f"{SIGLUM}.piquesept.p{n}"


class PiqueseptError(RulesError, ValueError):
    """An input that no Piquesept position can have (wrong pack, players or cards)."""


_ORDER_EMENDATION = Emendation(
    paragraph=p(2),
    reading="the cards rank A 10 K Q J 9 8 7 in every suit, as in the Mariage",
    raw="",
    evidence=(
        "The chapter never gives the order of the cards. p4 counts the points 'eben so "
        "wie bei der Mariage' (Aß 11, Zehn 10, König 4, Dame 3, Valet 2), and in the "
        "Mariage family the Ten ranks between Ace and King (Mariage card games, "
        "Citizendium; Sixty-Six in Foster's Complete Hoyle). So the Pique Sieben, which "
        "counts 10, is still the lowest trump by rank."
    ),
    cert="medium",
)

#: The rank order supplied from the Mariage (see the emendation of :func:`rank_order`).
ORDER = RankOrder(
    (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
)
_PACK = frozenset(FRENCH_32)
_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


# ---------------------------------------------------------------- pack and players


@rule(paragraphs=[p(1)])
def pack(players: int, aside: Sequence[Card] = ()) -> tuple[Card, ...]:
    """The cards dealt: the 32-card pack, for three players without two eights laid aside.

    "Eine gewöhnliche Karte von 32 Blättern wird unter 3 oder 4 Personen vertheilt (im
    erstern Falle werden 2 Achte, entweder Coeur, Caro oder Trefle bei Seite gelegt.)"
    (p1). The Pique Acht is never laid aside: Pique is trump. Canonical order.
    """
    _players(players)
    aside = list(aside)
    if players == 4:
        if aside:
            raise PiqueseptError("with four players no card is laid aside (p1)")
        return FRENCH_32
    if len(aside) != 2 or len(set(aside)) != 2 or not set(aside) <= set(ASIDE_EIGHTS):
        raise PiqueseptError(
            "with three players two eights of Coeur, Caro or Trefle are laid aside (p1), "
            f"not {[str(c) for c in aside]}"
        )
    return tuple(c for c in FRENCH_32 if c not in aside)


@rule(paragraphs=[p(1)])
def hand_size(players: int) -> int:
    """Cards per player: all 32 among four (8 each), or 30 among three (10 each)."""
    _players(players)
    return 8 if players == 4 else 10


# ---------------------------------------------------------------- order and tricks


@rule(paragraphs=[p(2)], emendations=[_ORDER_EMENDATION])
def rank_order() -> tuple[Rank, ...]:
    """The ranks from high to low, as in the Mariage: A 10 K Q J 9 8 7 (supplied)."""
    return ORDER.ranks


@rule(paragraphs=[p(2)], emendations=[_ORDER_EMENDATION])
def trick_winner(cards: Sequence[Card]) -> int:
    """The index of the card that wins a trick: the highest Pique, else the highest of the led suit.

    "Pique ist immer Trumpf" (p2). ``cards`` are in the order played, the lead first.
    """
    cards = list(cards)
    _check_cards(cards)
    if not 2 <= len(cards) <= 4:
        raise PiqueseptError(f"a trick has 3 or 4 cards (2 while it is played), not {len(cards)}")
    led = cards[0].suit
    best = 0
    for index, card in enumerate(cards[1:], 1):
        top = cards[best]
        if card.suit == top.suit:
            if ORDER.higher(card.rank, top.rank):
                best = index
        elif card.suit == TRUMP and top.suit == led:
            best = index
    return best


@rule(paragraphs=[p(2)])
def opening_lead(hand: Sequence[Card]) -> Card | None:
    """The holder's first card: "Wer Pique Sieben hat, spielt diese Karte sogleich aus" (p2).

    Returns the Pique Sieben if ``hand`` holds it, else ``None`` (another player leads it).
    """
    _check_cards(hand)
    return PIQUE_SIEBEN if PIQUE_SIEBEN in hand else None


@rule(paragraphs=[p(2)], emendations=[_ORDER_EMENDATION])
def first_trick_cards(hand: Sequence[Card]) -> tuple[Card, ...]:
    """What a player may give to the led Pique Sieben: his highest trump, else his highest card.

    "worauf jeder der Mitspielenden seinen höchsten Trumpf, oder, wenn einer oder der
    andere keinen hat, seine höchste Karte hinwerfen muß" (p2). Without a trump, every
    card of the highest rank he holds qualifies (two Aces: he chooses).
    """
    cards = _hand(hand)
    if PIQUE_SIEBEN in cards:
        raise PiqueseptError("the holder of the Pique Sieben leads it; he does not follow (p2)")
    if not cards:
        raise PiqueseptError("an empty hand plays no card")
    trumps = [c for c in cards if c.suit == TRUMP]
    if trumps:
        return (max(trumps, key=lambda c: ORDER.strength(c.rank)),)
    top = max(ORDER.strength(c.rank) for c in cards)
    return tuple(ORDER.sorted(c for c in cards if ORDER.strength(c.rank) == top))


_HIGH_EMENDATION = Emendation(
    paragraph=p(3),
    reading="a 'hohe Karte' is a counting card: Aß, Zehn, König, Dame or Valet",
    raw="daß er eine hohe von einem andern ausgespielte Karte trumpfen darf",
    evidence=(
        "p3 does not define 'hoch'. Later in the same paragraph 'ein Trumpf oder sonst eine "
        "hohe Karte' stands against 'eine nicht zählende', so a high card is one that "
        "counts in p4. The privilege concerns a card led in a plain suit: a Pique led is "
        "followed with Pique anyway."
    ),
    cert="medium",
)


@rule(paragraphs=[p(3)], emendations=[_HIGH_EMENDATION])
def high_card(card: Card) -> bool:
    """Whether ``card`` is a "hohe Karte" the holder may trump: a counting card of a plain suit."""
    _check_cards([card])
    return card.suit != TRUMP and card.rank in _POINTS


@rule(paragraphs=[p(3)], emendations=[_HIGH_EMENDATION])
def legal_cards(
    hand: Sequence[Card], trick: Sequence[Card], holder: bool = False
) -> tuple[Card, ...]:
    """The cards a player may play to a trick after the first.

    "die übrigen aber müssen Farbe bekennen oder trumpfen" (p3): follow suit; without the
    led suit, trump; without a trump, any card. The holder of the Pique Sieben ("Er")
    may besides "eine hohe von einem andern ausgespielte Karte trumpfen ..., auch wenn er
    sie bekennen kann". Nobody has to play higher: the text does not ask it.
    """
    cards = _hand(hand)
    played = list(trick)
    _check_cards(played)
    if set(cards) & set(played):
        raise PiqueseptError("a card on the table cannot also be in the hand")
    if not cards:
        raise PiqueseptError("an empty hand plays no card")
    if not played:
        return tuple(cards)
    led = played[0]
    same = [c for c in cards if c.suit == led.suit]
    trumps = [c for c in cards if c.suit == TRUMP]
    if same:
        if holder and high_card(led) and trumps:
            return tuple(ORDER.sorted([*same, *trumps]))
        return tuple(same)
    return tuple(trumps or cards)


# ---------------------------------------------------------------- the draw

_DRAW_EMENDATION = Emendation(
    paragraph=p(3),
    reading=(
        "before any card is played, the player next in turn after the holder draws one "
        "card at random from the holder's hand, never the Pique Sieben, and gives him "
        "another card of his own choice"
    ),
    raw="gleich zu Anfange des Spiels, von demjenigen, der nach ihm ausspielt",
    evidence=(
        "'gleich zu Anfange des Spiels' puts the draw at the very start; 'der nach ihm "
        "ausspielt' reads most simply as the player who plays after him (as 'der Zweite "
        "im Ausspielen' in Boston p3). The Pique Sieben is excluded because p2 has the "
        "holder lead it 'sogleich'; the draw is unseen ('ohnbesehen'), so the card is "
        "chance. The other reading, that the winner of the first trick (who leads after "
        "the holder) draws once that trick is over, is the variant "
        "reading_draw_after_first_trick."
    ),
    cert="low",
)


@rule(paragraphs=[p(3)], emendations=[_DRAW_EMENDATION])
def drawable_cards(holder_hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards the drawer may draw unseen from the holder's hand: all but the Pique Sieben."""
    cards = _hand(holder_hand)
    rest = tuple(c for c in cards if c != PIQUE_SIEBEN)
    if not rest:
        raise PiqueseptError("the holder has no card to be drawn besides the Pique Sieben")
    return rest


@rule(paragraphs=[p(3)], emendations=[_DRAW_EMENDATION])
def exchange(
    holder_hand: Sequence[Card], drawer_hand: Sequence[Card], drawn: Card, given: Card
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The draw: "aus seiner Karte ein ohnbesehenes Blatt gezogen und von diesem eine andere
    beliebige Karte dagegen gegeben" (p3). Returns the holder's and the drawer's new hands.

    The given card is "eine andere": not the card just drawn.
    """
    holder, drawer = _hand(holder_hand), _hand(drawer_hand)
    if set(holder) & set(drawer):
        raise PiqueseptError("a card cannot be in both hands")
    if drawn not in drawable_cards(holder):
        raise PiqueseptError(f"{drawn} cannot be drawn from the holder's hand (p3)")
    if given == drawn:
        raise PiqueseptError("the drawer gives 'eine andere' card than the one he drew (p3)")
    if given not in drawer:
        raise PiqueseptError(f"the drawer does not hold {given}")
    new_holder = [c for c in holder if c != drawn] + [given]
    new_drawer = [c for c in drawer if c != given] + [drawn]
    return tuple(ORDER.sorted(new_holder)), tuple(ORDER.sorted(new_drawer))


# ---------------------------------------------------------------- points and the game


@rule(paragraphs=[p(4)])
def card_points(card: Card) -> int:
    """The points of one card: Aß 11, Zehn 10, König 4, Dame 3, Valet 2, Pique Sieben 10.

    "Die zählenden Karten sind: Aß (11) — 10 (10) — König (4) Dame (3) Valet (2) Pique
    Sieben (10)" (p4); every other card counts nothing.
    """
    _check_cards([card])
    if card == PIQUE_SIEBEN:
        return 10
    return _POINTS.get(card.rank, 0)


_MARRIAGE_EMENDATION = Emendation(
    paragraph=p(4),
    reading="no marriages (King and Queen of a suit) are counted",
    raw="Die Points werden eben so wie bei der Mariage gezählt",
    evidence=(
        "The Mariage counts marriages besides the cards, but p4 lists only 'die zählenden "
        "Karten' and sums the game to 130 = 4 x 30 for the cards + 10 for the Pique "
        "Sieben, which leaves no room for a marriage; when or by whom one would be "
        "announced is not said either."
    ),
    cert="medium",
)


@rule(paragraphs=[p(4)], emendations=[_MARRIAGE_EMENDATION])
def points(cards: Iterable[Card]) -> int:
    """The points of a set of cards (a player's tricks); the whole pack has 130.

    "Folglich ist die Anzahl der Points zusammen 130" (p4).
    """
    listed = list(cards)
    _check_cards(listed)
    if len(set(listed)) != len(listed):
        raise PiqueseptError("a card is counted once")
    return sum(card_points(c) for c in listed)


@rule(paragraphs=[p(4)])
def last_trick_bonus() -> int:
    """The last trick counts nothing besides its cards ("nicht ... noch 10 weiter", p4)."""
    return 0


@rule(paragraphs=[p(4)])
def game_won(score: int) -> bool:
    """Whether a score wins: "wer 66 oder mehr hat, gewinnt das Spiel" (p4)."""
    if not 0 <= score <= TOTAL_POINTS:
        raise PiqueseptError(f"a score lies between 0 and {TOTAL_POINTS}, not {score}")
    return score >= WINNING_POINTS


_SIDES_EMENDATION = Emendation(
    paragraph=p(2),
    reading="the holder of the Pique Sieben plays alone against the others together",
    raw="folglich sein Spiel nothwendig verlieren müßte, um so mehr, da die übrigen gegen ihn spielen",
    evidence=(
        "p2 gives the holder 'sein Spiel' and says the others play against him; p3 "
        "balances his privilege with the draw, which makes sense only if he is singled "
        "out. The text does not say so in as many words; 'wer 66 oder mehr hat' (p4) "
        "could also mean every player for himself: variant reading_jeder_fuer_sich. A "
        "side with exactly 65 of 130 does not win; the text is silent on that tie."
    ),
    cert="low",
)


@rule(paragraphs=[p(2), p(4)], emendations=[_SIDES_EMENDATION])
def winner(side_points: dict[str, int]) -> str | None:
    """The side (or player) that wins the game: the one with 66 points or more, if any.

    ``side_points`` maps each side to its points; they add up to 130 (p4).
    """
    if not side_points or any(v < 0 for v in side_points.values()):
        raise PiqueseptError("points are given per side and are never negative")
    if sum(side_points.values()) != TOTAL_POINTS:
        raise PiqueseptError(f"the sides' points add up to {TOTAL_POINTS} (p4)")
    won = [side for side, n in side_points.items() if game_won(n)]
    return won[0] if won else None


# ---------------------------------------------------------------- helpers

Players = Literal[3, 4]


def _players(players: int) -> None:
    if players not in (3, 4):
        raise PiqueseptError(f"Piquesept is played by 3 or 4 persons (p1), not {players}")


def _check_cards(cards: Iterable[Card]) -> None:
    for card in cards:
        if not isinstance(card, Card):
            raise PiqueseptError(f"not a card: {card!r}")
        if card not in _PACK:
            raise PiqueseptError(f"{card} is not in the 32-card pack (p1)")


def _hand(cards: Iterable[Card]) -> list[Card]:
    listed = list(cards)
    _check_cards(listed)
    twice = (
        sorted(str(c) for c, n in Counter(listed).items() if n > 1)
        if len(set(listed)) != len(listed)
        else []
    )
    if twice:
        raise PiqueseptError(f"a hand holds each card once; repeated: {', '.join(twice)}")
    if len(listed) > 10:
        raise PiqueseptError(f"a hand holds at most 10 cards (p1), not {len(listed)}")
    return ORDER.sorted(listed)


#: Every rule paragraph of the chapter is cited by a rule function or the model.
UNFORMALISED: dict[str, str] = {}
