"""Watten as Schwaighofer (1927) states it: the pure rule functions of "Das Watten".

The playable deal built on them is :mod:`rules.watten.model`; Kritisch-Watten
(:mod:`rules.kritischwatten`) adds the Kritische to the same rules.

Every function cites the paragraphs it implements: ``schwaighofer1927.watten.p1`` (the
game), ``…watten.zuzweit.pN`` ("Das Watten zu zweit", where the rules are given) and
``…watten.zuviert.pN`` ("Das Watten zu viert": partners, signs, scoring, the 13/14 rule).
Where the text is damaged, silent or leaves a choice, the function says so and carries
an :class:`Emendation`; where the 1927 text differs from Watten as it is described today
(pagat.com "Watten", www.pagat.com/trumps/watten.html; the Bavarian rules on wattn.com
and in the German Wikipedia), the docstring says so and follows the text.

Vocabulary: the *Schlag* is the rank the Vorhand announces, the *Trumpf* the suit the
dealer announces; the *Rechte* (Trumpfschlag) is the card of both, the *Blinde* are the
other three cards of the Schlag rank. A *party* (Partei) is one player (zu zweit) or two
partners sitting crosswise (zu viert). Seats are the book's letters: ``A`` deals, ``B``
sits on his left and announces the Schlag, ``C`` is A's partner, ``D`` B's partner.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from rules.cards import GERMAN_32, GERMAN_33, Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "schwaighofer1927"
#: The opening paragraph of the chapter (the pack, the stake of wine).
INTRO = f"{SIGLUM}.watten.p1"


def z(n: int) -> str:
    """The id of paragraph ``n`` of "Das Watten zu zweit"."""
    return f"{SIGLUM}.watten.zuzweit.p{n}"


def v(n: int) -> str:
    """The id of paragraph ``n`` of "Das Watten zu viert"."""
    return f"{SIGLUM}.watten.zuviert.p{n}"


class WattenError(RulesError, ValueError):
    """An input that no Watten position can have (wrong cards, seats, counts, levels)."""


Seat = str
Party = str
CardClass = Literal["kritischer", "rechte", "blinder", "trumpf", "farbe"]

SEATS_4: tuple[Seat, ...] = ("A", "B", "C", "D")
SEATS_2: tuple[Seat, ...] = ("A", "B")
SUITS: tuple[Suit, ...] = (Suit.ACORNS, Suit.LEAVES, Suit.GERMAN_HEARTS, Suit.BELLS)
SUIT_NAMES: dict[Suit, str] = {
    Suit.ACORNS: "Eichel",
    Suit.LEAVES: "Laub",
    Suit.GERMAN_HEARTS: "Herz",
    Suit.BELLS: "Schell",
}
#: The eight "Rangkategorien" a Schlag may be (zuzweit.p2), high to low.
SCHLAG_RANKS: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.KING,
    Rank.OBER,
    Rank.UNTER,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
RANK_NAMES: dict[Rank, str] = {
    Rank.ACE: "As",
    Rank.KING: "König",
    Rank.OBER: "Ober",
    Rank.UNTER: "Unter",
    Rank.TEN: "Zehner",
    Rank.NINE: "Neuner",
    Rank.EIGHT: "Achter",
    Rank.SEVEN: "Siebener",
    Rank.SIX: "Sechser",
}
#: "nach ihrer Rangordnung As, König, Ober, Unter, Zehner, Neuner, Achter, Siebener"
#: (zuzweit.p6); the Six is the Weli's rank (Kritisch-Watten), where it is always a
#: Kritischer, so its place here never decides a trick.
ORDER = RankOrder((*SCHLAG_RANKS, Rank.SIX))
#: Cutting: "As ist nieder" (zuzweit.p1): the As is the lowest card, the König the highest.
CUT_ORDER = RankOrder(
    (
        Rank.KING,
        Rank.OBER,
        Rank.UNTER,
        Rank.TEN,
        Rank.NINE,
        Rank.EIGHT,
        Rank.SEVEN,
        Rank.ACE,
    )
)
_PACK33 = frozenset(GERMAN_33)
_PACK32 = frozenset(GERMAN_32)

#: The bidding ladder (zuzweit.p7): the Spiel, then Drei (the Groschen), Vier … Sieben,
#: and last Spielaus.
LEVELS: tuple[str, ...] = ("spiel", "3", "4", "5", "6", "7", "spielaus")
#: What the game is worth when nobody bids, or when the Spiel is offered and held.
BASE_STAKE = 2
#: The usual Partie: "Gewöhnlich spielt man zweimal auf 15" (zuviert.p4).
TARGET = 15


# ---------------------------------------------------------------- helpers


def _cards(cards: Iterable[Card], where: str, pack: frozenset[Card] = _PACK33) -> list[Card]:
    listed = list(cards)
    for card in listed:
        if not isinstance(card, Card):
            raise WattenError(f"{where}: not a card of the pack (watten.p1): {card!r}")
        if card not in pack:
            raise WattenError(f"{where}: {card} is not in the pack (watten.p1: 32 German cards)")
    twice = sorted(str(c) for c, n in Counter(listed).items() if n > 1)
    if twice:
        raise WattenError(
            f"{where}: each card is in the pack once (watten.p1); repeated: {', '.join(twice)}"
        )
    return listed


def _hand(hand: Iterable[Card], where: str = "hand") -> list[Card]:
    cards = _cards(hand, where)
    if not 1 <= len(cards) <= 5:
        raise WattenError(
            f"{where}: a hand holds 1 to 5 cards (zuzweit.p1: five each), not {len(cards)}"
        )
    return cards


def _schlag(schlag: Rank) -> Rank:
    if schlag not in SCHLAG_RANKS:
        raise WattenError(
            f"the Schlag is one of As, König, Ober, Unter, Zehner, Neuner, Achter, Siebener "
            f"(zuzweit.p2), not {schlag!r}"
        )
    return schlag


def _trumpf(trumpf: Suit) -> Suit:
    if trumpf not in SUITS:
        raise WattenError(
            f"the Trumpf is Eichel, Laub, Herz or Schell (zuzweit.p3), not {trumpf!r}"
        )
    return trumpf


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in canonical order: suits E L R B, ranks A K O U 10 9 8 7 6."""
    return ORDER.sorted(cards)


def classify(
    card: Card, schlag: Rank, trumpf: Suit, kritische: Sequence[Card] = ()
) -> tuple[CardClass, int]:
    """The class of ``card`` and its strength inside the class (bigger is higher).

    Kritische first (their fixed order), then the Rechte, the Blinde (all equal), the
    trumps by rank, and last the other cards (which count only in their own suit). Shared
    by Watten (no Kritische) and Kritisch-Watten.
    """
    if card in kritische:
        return ("kritischer", len(kritische) - list(kritische).index(card))
    if card.rank == schlag:
        return ("rechte", 0) if card.suit == trumpf else ("blinder", 0)
    if card.suit == trumpf:
        return ("trumpf", ORDER.strength(card.rank))
    return ("farbe", ORDER.strength(card.rank))


_CLASS_RANK: dict[str, int] = {"kritischer": 4, "rechte": 3, "blinder": 2, "trumpf": 1, "farbe": 0}


def winner_index(
    cards: Sequence[Card], schlag: Rank, trumpf: Suit, kritische: Sequence[Card] = ()
) -> int:
    """The position (0-based, in play order) of the card that takes the trick."""
    lead = cards[0]
    best = 0
    best_class, best_strength = classify(lead, schlag, trumpf, kritische)
    for index in range(1, len(cards)):
        card = cards[index]
        kind, strength = classify(card, schlag, trumpf, kritische)
        if _CLASS_RANK[kind] > _CLASS_RANK[best_class]:
            better = True
        elif kind != best_class or kind in ("blinder", "rechte"):
            better = False  # a lower class, or equal Blinde: the first played stays
        elif kind == "farbe":
            better = card.suit == lead.suit and strength > best_strength
        else:
            better = strength > best_strength
        if better:
            best, best_class, best_strength = index, kind, strength
    return best


def trump_obliged(
    lead: Card,
    schlag: Rank,
    trumpf: Suit,
    kritische: Sequence[Card] = (),
    follow: Literal["trumps", "rechte"] = "trumps",
) -> bool:
    """Whether ``lead`` obliges the others to give a trump (shared by both games)."""
    rechte = lead.rank == schlag and lead.suit == trumpf
    if follow == "rechte":
        return rechte
    if lead in kritische:
        return lead.suit == trumpf
    if lead.rank == schlag:
        return rechte
    return lead.suit == trumpf


def playable(
    hand: Sequence[Card],
    lead: Card | None,
    schlag: Rank,
    trumpf: Suit,
    kritische: Sequence[Card] = (),
    follow: Literal["trumps", "rechte"] = "trumps",
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``lead`` (shared by both games)."""
    if lead is None or not trump_obliged(lead, schlag, trumpf, kritische, follow):
        return list(hand)
    trumps = [c for c in hand if c.suit == trumpf]
    obliged = [c for c in trumps if c.rank != schlag and c not in kritische]
    return trumps if obliged else list(hand)


# ---------------------------------------------------------------- pack, cutting, dealing


@rule(paragraphs=[INTRO])
def pack() -> tuple[Card, ...]:
    """The Watten pack: "Das Watten wird mit 32 deutschen Karten gespielt" (watten.p1).

    The German short pack without the Weli (A K O U 10 9 8 7 of Eichel, Laub, Herz,
    Schell). Tyrolean Watten today is often played with the Weli as a 33rd card
    (pagat.com "Watten"); Schwaighofer brings the Weli in only for Kritisch-Watten.
    """
    return GERMAN_32


_CUT_TIE = Emendation(
    paragraph=z(1),
    reading="equal ranks decide nothing: the tied cards are pushed aside and the next decides",
    raw="wer die niederste Karte abhebt, gibt an (As ist nieder)",
    evidence=(
        "zuzweit.p1 says only that the lowest card deals. For equal cards the edition takes "
        "the rule the book gives for cutting partners (zuviert.p4): 'Wurden gleich hohe "
        "Karten abgehoben, so wird gestrichen … die darunter liegende gilt'."
    ),
    cert="medium",
)


@rule(paragraphs=[z(1)], emendations=[_CUT_TIE])
def dealer_by_cut(first: Card, second: Card) -> Literal["first", "second"] | None:
    """Who deals zu zweit: the lower cut card; "As ist nieder"; equal ranks: ``None``.

    "wer die niederste Karte abhebt, gibt an (As ist nieder)" (zuzweit.p1; the OCR's "Us"
    is the As, corrected in the reading). Cutting order from low to high: As, Siebener,
    Achter, Neuner, Zehner, Unter, Ober, König. ``None`` means the cards are equal and
    the next card decides (:func:`parties_by_cut` treats ties the same way).
    """
    _cards([first, second], "cut", _PACK32)
    if first == second:
        raise WattenError("two players cannot cut the same card (zuzweit.p1)")
    if first.rank == second.rank:
        return None
    return "first" if CUT_ORDER.higher(second.rank, first.rank) else "second"


def play_order(dealer: Seat, players: int = 4) -> tuple[Seat, ...]:
    """The seats from the dealer's left round to the dealer (the order of dealing and play)."""
    seats = _seats(players)
    if dealer not in seats:
        raise WattenError(f"the dealer is one of {', '.join(seats)} (zuviert.p5), not {dealer!r}")
    start = (seats.index(dealer) + 1) % len(seats)
    return seats[start:] + seats[:start]


def _seats(players: int) -> tuple[Seat, ...]:
    if players == 4:
        return SEATS_4
    if players == 2:
        return SEATS_2
    raise WattenError(f"Watten is played by two or four (watten.p1), not {players}")


def dealing_sequence(
    order: Sequence[Seat], first_packet: int = 2, need: Mapping[Seat, int] | None = None
) -> list[Seat]:
    """Which seat receives each card: ``first_packet`` then the rest of five, round the table.

    ``order`` starts at the dealer's left; ``need`` gives a seat fewer than five cards (a
    cutter who kept Kritische in Kritisch-Watten).
    """
    wanted = {s: 5 for s in order} if need is None else dict(need)
    given = dict.fromkeys(order, 0)
    sequence: list[Seat] = []
    for packet in (first_packet, 5 - first_packet):
        for seat in order:
            count = min(packet, wanted[seat] - given[seat])
            sequence += [seat] * max(count, 0)
            given[seat] += max(count, 0)
    return sequence


_THREE_FIRST = Emendation(
    paragraph=z(1),
    reading="zu zweit the deal is always two, then three",
    raw="Jeder Spieler bekommt fünf Karten, und zwar zuerst zwei und dann drei.",
    evidence=(
        "Only the four-handed section allows the other way ('keine starre Regel, da es in "
        "manchen Orten üblich ist, zuerst drei Karten zu geben', zuviert.p5); zuzweit.p1 "
        "gives no alternative, so deal_hands refuses three-first for two players."
    ),
    cert="medium",
)


@rule(paragraphs=[z(1), v(5)], emendations=[_THREE_FIRST])
def deal_hands(
    order: Sequence[Card], players: int = 4, first_packet: int = 2
) -> dict[Seat, tuple[Card, ...]]:
    """Deal five cards each from the top of ``order``, left of the dealer first: two, then three.

    "zuerst zwei und dann drei" (zuzweit.p1); zu viert "nach links hin … zuerst zwei, und
    dann drei Karten; doch ist hier das Geben von zuerst zwei Karten keine starre Regel,
    da es in manchen Orten üblich ist, zuerst drei Karten zu geben" (zuviert.p5). The
    dealer is A; zu viert B (on his left) gets the first cards, then C, D, A. Returns
    each seat's cards in the order received. Today's practice mostly deals three, then
    two (wattn.com "Watten"; ultra-watten.com "Grundregeln").
    """
    cards = _cards(order, "pack order", _PACK32)
    seats = _seats(players)
    if first_packet not in (2, 3):
        raise WattenError(
            f"cards are dealt two then three, or three then two (zuviert.p5), not {first_packet}"
        )
    if players == 2 and first_packet != 2:
        raise WattenError("zu zweit each player gets 'zuerst zwei und dann drei' (zuzweit.p1)")
    if len(cards) < 5 * players:
        raise WattenError(
            f"{players} players need {5 * players} cards, five each (zuzweit.p1), not {len(cards)}"
        )
    hands: dict[Seat, list[Card]] = {s: [] for s in seats}
    for seat, card in zip(
        dealing_sequence(play_order("A", players), first_packet), cards, strict=False
    ):
        hands[seat].append(card)
    return {s: tuple(hands[s]) for s in seats}


# ---------------------------------------------------------------- Schlag and Trumpf

_OWN_CARDS = Emendation(
    paragraph=z(2),
    reading="the Schlag must be a rank of the announcer's own cards",
    raw="er bestimmt aus seinen fünf Karten, die er in der … Hand hat, … eine Rangkategorie",
    evidence=(
        "zuzweit.p1-p2 ('aus seinen fünf Karten … eine Rangkategorie') is read as a "
        "condition, not only as advice. Bavarian practice today says the same of the Schlag "
        "(schoenramer.de 'Watten': the announcer must hold the rank at least once)."
    ),
    cert="medium",
)


@rule(paragraphs=[z(1), z(2)], emendations=[_OWN_CARDS])
def schlag_choices(hand: Sequence[Card]) -> tuple[Rank, ...]:
    """The ranks the Vorhand may announce as Schlag: the ranks of his cards, high to low.

    "er bestimmt aus seinen fünf Karten … unabhängig von der Farbe, eine Rangkategorie
    (As, König, Ober, Unter, Zehner, Neuner, Achter, Siebener)" (zuzweit.p1-p2). A Six
    (the Weli of Kritisch-Watten) is not one of the eight.
    """
    held = {c.rank for c in _hand(hand)}
    return tuple(r for r in SCHLAG_RANKS if r in held)


_OWN_SUIT = Emendation(
    paragraph=z(3),
    reading="the Trumpf must be a suit of the dealer's own cards",
    raw="er bestimmt von seinen fünf Karten, die er in der Hand hat, eine Farbe, die Trumpf ist",
    evidence=(
        "Read as a condition, as the Schlag 'aus seinen fünf Karten' (zuzweit.p1-p2); the "
        "text gives no case of a dealer naming a suit he does not hold."
    ),
    cert="medium",
)


@rule(paragraphs=[z(3)], emendations=[_OWN_SUIT])
def trumpf_choices(hand: Sequence[Card]) -> tuple[Suit, ...]:
    """The suits the dealer may announce as Trumpf: the suits of his cards (E L R B order).

    "dann sagt der, der die Karten ausgegeben hat, Trumpf an, das heißt, er bestimmt von
    seinen fünf Karten, die er in der Hand hat, eine Farbe, die Trumpf ist" (zuzweit.p3).
    """
    held = {c.suit for c in _hand(hand)}
    return tuple(s for s in SUITS if s in held)


@rule(paragraphs=[z(2)])
def advised_schlag(hand: Sequence[Card]) -> Rank:
    """The Schlag the book advises: the lowest rank held twice or more, else the lowest card.

    "Hat man von einem Rang zwei oder mehrere … so wird man … diese zum Schlag machen,
    und zwar wird man da immer die niedrigsten Werte wählen; hat man z. B. zwei Siebener
    und zwei Assen, so wird man die Siebener zum Schlag machen"; with five different
    ranks "die niederste Karte, also wenn man einen hat den Siebener" (zuzweit.p2). This
    is the author's advice, not a law: the model lets the player choose (schlag_choices).
    """
    cards = _hand(hand)
    if len(cards) != 5:
        raise WattenError(f"the Schlag is chosen from five cards (zuzweit.p2), not {len(cards)}")
    counts = Counter(c.rank for c in cards if c.rank in SCHLAG_RANKS)
    if not counts:
        raise WattenError("a hand without any of the eight ranks has no Schlag (zuzweit.p2)")
    multiple = [r for r, n in counts.items() if n >= 2]
    pool = multiple or list(counts)
    return min(pool, key=ORDER.strength)


@rule(paragraphs=[z(3), z(4)])
def rechte(schlag: Rank, trumpf: Suit) -> Card:
    """The Rechte (Trumpfschlag): the card of the Schlag rank in the Trumpf suit.

    "der Trumpfschlag, in diesem Falle der „Laubneuner“, auch der „Rechte“ genannt, ist
    die höchste Karte im ganzen Spiel" (zuzweit.p3: Schlag Neuner, Trumpf Laub).
    """
    return Card(_schlag(schlag), _trumpf(trumpf))


@rule(paragraphs=[z(5)])
def blinde(schlag: Rank, trumpf: Suit) -> tuple[Card, ...]:
    """The Blinde: the three other cards of the Schlag rank, in suit order.

    "Nach dem Rechten folgen die drei mit ihm gleich hohen Rangkarten, unabhängig von der
    Farbe …; die Schläge sind in diesem Falle also die drei Neuner" (zuzweit.p5).
    """
    _schlag(schlag)
    _trumpf(trumpf)
    return tuple(Card(schlag, s) for s in SUITS if s != trumpf)


@rule(paragraphs=[z(3), z(4), z(5), z(6)])
def card_class(card: Card, schlag: Rank, trumpf: Suit) -> CardClass:
    """What a card is once Schlag and Trumpf are announced: rechte, blinder, trumpf or farbe.

    zuzweit.p3-p6: the Rechte, then the three Blinde, then the trumps, then the rest.
    Plain Watten has no Kritische (they belong to Kritisch-Watten); most versions of
    Watten today play with them (pagat.com "Watten").
    """
    _cards([card], "card", _PACK32)
    return classify(card, _schlag(schlag), _trumpf(trumpf))[0]


@rule(paragraphs=[z(3), z(4), z(5), z(6)])
def card_order(schlag: Rank, trumpf: Suit) -> list[list[Card]]:
    """The order of the cards after the announcements, as groups from high to low.

    "Nach dem Schlag- und Trumpfansagen ist die Reihenfolge des Wertes der Blätter
    folgende" (zuzweit.p3): 1. the Rechte; 2. the three Blinde, equal among themselves;
    3. the trumps "nach ihrer Rangordnung As, König, Ober, Unter, Zehner, Neuner, Achter,
    Siebener" (the Schlag rank is not among them). The other cards take a trick only in
    their own suit and are not listed.
    """
    right = rechte(schlag, trumpf)
    trumps = [[Card(r, trumpf)] for r in SCHLAG_RANKS if r != schlag]
    return [[right], list(blinde(schlag, trumpf)), *trumps]


_FIRST_BLIND = Emendation(
    paragraph=z(5),
    reading="among Blinde the first played wins, wherever it lies in the trick",
    raw="Ein ausgespielter Blinder kann nur vom Rechten, nicht aber von einem anderen "
    "Blinden gestochen werden",
    evidence=(
        "The sentence speaks of a led Blinder; the example of zuviert.p6 applies it to a "
        "Blinder played third: A 'kann weder mit einem anderen Blinden noch mit einem "
        "Trumpf den Blinden vor ihm stechen'. Bavarian practice today: among the Schläge "
        "the one played first wins (de.wikipedia 'Watten'; biersekte.de)."
    ),
    cert="high",
)
_PLAIN_SUIT = Emendation(
    paragraph=z(6),
    reading="without Rechte, Blinder or trump the highest card of the led suit wins",
    raw="die alle Karten der anderen Farben, mit Ausnahme der Schläge, stechen",
    evidence=(
        "The Watten chapter does not say who wins a trick of plain cards; it refers to "
        "Bieten, where 'Das höhere Blatt sticht das niederere seiner Farbe' (bieten.p1). A "
        "card of another suit, not being trump, never takes the trick."
    ),
    cert="high",
)


@rule(paragraphs=[z(3), z(4), z(5), z(6)], emendations=[_FIRST_BLIND, _PLAIN_SUIT])
def trick_winner(cards: Sequence[Card], schlag: Rank, trumpf: Suit) -> int:
    """Which card takes the trick: its position (0 = the lead) among 2 or 4 cards.

    The Rechte "sticht alles, auch die anderen Schläge und alle Trümpfe" (zuzweit.p4); a
    Blinder "kann nur vom Rechten, nicht aber von einem anderen Blinden gestochen werden"
    and the Blinde "stechen jeden Trumpf" (zuzweit.p5); trumps take "alle Karten der
    anderen Farben, mit Ausnahme der Schläge" by their rank (zuzweit.p6).
    """
    played = _cards(cards, "trick", _PACK32)
    if len(played) not in (2, 4):
        raise WattenError(
            f"a trick has two cards (zu zweit) or four (zu viert, zuviert.p1), not {len(played)}"
        )
    return winner_index(played, _schlag(schlag), _trumpf(trumpf))


_RECHTE_EXEMPT = Emendation(
    paragraph=z(6),
    reading="the Rechte itself need never be given to a trump lead; Blinde never",
    raw="Trumpf zugegeben, also Farbe bekannt, muß nur werden, wenn der Trumpfschlag, der "
    "Rechte oder sonst ein Trumpf ausgespielt wird",
    evidence=(
        "zuzweit.p4 exempts the Schläge ('Schläge brauchen nicht zugegeben werden'); that "
        "the Rechte is exempt too when another trump is led the Watten chapter does not "
        "say: the edition takes it from Kritisch-Watten ('so müssen die Trümpfe, mit "
        "Ausnahme des Rechten, zugegeben werden', kritischwatten.p2), as Austrian practice "
        "has it today (mascht.com: 'Eine Ausnahme stellt der Rechte dar'). So a player "
        "whose only trump is the Rechte may play any card."
    ),
    cert="medium",
)
_STRICT_TRUMP = Emendation(
    paragraph=z(4),
    reading="'Trumpf zugeben' means a card of the Trumpf suit: a Blinder does not satisfy it",
    raw="Wird der Rechte ausgespielt, muß Trumpf zugegeben werden, sofern man einen hat",
    evidence=(
        "The text says that Schläge need not be given, not that they may be given instead "
        "of a trump; the edition reads the duty literally: a player holding a trump other "
        "than the Rechte plays a card of the Trumpf suit."
    ),
    cert="medium",
)


@rule(paragraphs=[z(4), z(5), z(6)], emendations=[_RECHTE_EXEMPT])
def must_follow_trump(lead: Card, schlag: Rank, trumpf: Suit) -> bool:
    """Whether a lead obliges the others to give a trump: only the Rechte or another trump.

    "Trumpf zugegeben, also Farbe bekannt, muß nur werden, wenn der Trumpfschlag, der
    Rechte oder sonst ein Trumpf ausgespielt wird. Wird ein blinder Schlag ausgespielt,
    braucht weder Trumpf noch Farbe bekannt werden … Es braucht auch sonst nicht Farbe
    bekannt zu werden" (zuzweit.p6). Today's Watten asks for trumps only when the Rechte
    leads the first trick (de.wikipedia "Watten"; schoenramer.de "Watten"): the 1927 text
    asks for them on every trump lead, at any trick.
    """
    _cards([lead], "lead", _PACK32)
    return trump_obliged(lead, _schlag(schlag), _trumpf(trumpf))


@rule(paragraphs=[z(4), z(5), z(6)], emendations=[_RECHTE_EXEMPT, _STRICT_TRUMP])
def legal_cards(
    hand: Sequence[Card], lead: Card | None, schlag: Rank, trumpf: Suit
) -> tuple[Card, ...]:
    """The cards a player may play: any card, except that a trump lead asks for a trump.

    "Daß beim Watten nicht überstochen werden muß. Es ist also Laschieren gestattet"
    (zuzweit.p6): nobody must win a trick. On a trump lead (the Rechte or another trump)
    a player who holds a trump other than the Rechte gives a card of the Trumpf suit;
    "Schläge brauchen nicht zugegeben werden" (zuzweit.p4). ``lead`` ``None``: he leads.
    """
    cards = _cards(hand, "hand", _PACK32)
    if not 1 <= len(cards) <= 5:
        raise WattenError(f"a Watten hand holds 1 to 5 cards, not {len(cards)}")
    if lead is not None:
        _cards([lead], "lead", _PACK32)
        if lead in cards:
            raise WattenError(
                f"the led card {lead} cannot also be in the follower's hand (zuzweit.p6)"
            )
    return tuple(sort_cards(playable(cards, lead, _schlag(schlag), _trumpf(trumpf))))


@rule(paragraphs=[z(1), z(6), v(1)])
def deal_winner(tricks: Mapping[Party, int]) -> Party | None:
    """Which party has won the deal: the one with three of the five tricks (``None``: open).

    "gewinnt beim Watten der das Spiel, der von den fünf Stichen drei macht" (zuzweit.p1);
    "wer drei Stiche macht, ist Sieger" (zuzweit.p6); zu viert the partners make them
    "gemeinsam" (zuviert.p1). The deal ends as soon as a party has three.
    """
    if len(tricks) != 2:
        raise WattenError(f"two parties play a deal (zuviert.p1), not {len(tricks)}")
    if any(not isinstance(n, int) or n < 0 for n in tricks.values()):
        raise WattenError("trick counts are whole numbers from 0 (zuzweit.p1)")
    if sum(tricks.values()) > 5:
        raise WattenError("a deal has five tricks (zuzweit.p1)")
    winners = [p for p, n in tricks.items() if n >= 3]
    if len(winners) > 1 or any(n > 3 for n in tricks.values()):
        raise WattenError("the deal ends when the first party has three tricks (zuzweit.p6)")
    return winners[0] if winners else None


# ---------------------------------------------------------------- bidding

_BID_READING = Emendation(
    paragraph=z(7),
    reading=(
        "the game is worth 2; offering 'das Spiel' asks the other side to concede it (2 "
        "points) or to play it for 2; 'Drei' (the Groschen) raises the stake to 3, 'Vier' "
        "to 4 … 'Sieben', then 'Spielaus'; a raise refused ('gut') gives the raiser one "
        "less than he named"
    ),
    raw=(
        "Der, dem das Spiel gut ist, bekommt zwei Punkte … so gibt er einen Groschen, das "
        "heißt Drei, wie beim Bieten … indem er „Vier“ (soviel wie Rekontra) gibt. Diese "
        "Steigerung kann bis Sieben und bis zu Spielaus fortgesetzt werden."
    ),
    evidence=(
        "zuzweit.p7 names the two points of a conceded Spiel and the ladder Drei, Vier … "
        "Sieben, Spielaus 'wie beim Bieten'; zuviert.p6 gives 'zwei Punkte' when 'Drei' or "
        "the Spiel is conceded. What a refused raise gives is taken from Bieten (a Groschen "
        "let pass gives its giver two, bieten.p16) and Perlaggen ('die von ihm "
        "ausgesprochene Zahl weniger eins', perlaggen.erklaerung.p26). That a game played "
        "without any bid is worth 2 the text does not say; today's rules say so (pagat.com "
        "'Watten': two points), where every bid raises by one and there is no separate "
        "'Spiel' offer."
    ),
    cert="medium",
)
_WHO_RAISES = Emendation(
    paragraph=z(7),
    reading="after a bid is held, only the party that held it may raise next",
    raw="Sieht der Gegner, der das „Spiel“ angeschaut hat, … so gibt er einen Groschen",
    evidence=(
        "In zuzweit.p7 the party that 'angeschaut' the Spiel gives the Groschen and the "
        "other answers with 'Vier'. Perlaggen states the law ('Nur die Partei, der es "
        "zusteht zu halten … darf weiter steigern', perlaggen.erklaerung.p26), and today's "
        "Watten lets a party bid again only after the other side has raised "
        "(watten.online, 'Bieten')."
    ),
    cert="medium",
)


def _level(level: str) -> str:
    if level not in LEVELS:
        raise WattenError(f"a bid is one of {', '.join(LEVELS)} (zuzweit.p7), not {level!r}")
    return level


@rule(paragraphs=[z(7)], emendations=[_BID_READING, _WHO_RAISES])
def raise_after(level: str) -> str:
    """The next step of the ladder: Spiel, Drei, Vier, Fünf, Sechs, Sieben, Spielaus.

    "… indem er „Vier“ (soviel wie Rekontra) gibt. Diese Steigerung kann bis Sieben und
    bis zu Spielaus fortgesetzt werden" (zuzweit.p7). Nothing follows Spielaus; no step
    may be skipped (as in Perlaggen: "Die Steigerung läßt keinen Sprung zu"); in the
    model only the party that held the last bid raises next.
    """
    index = LEVELS.index(_level(level))
    if index == len(LEVELS) - 1:
        raise WattenError("Spielaus is the last step: nothing can be bid after it (zuzweit.p7)")
    return LEVELS[index + 1]


@rule(paragraphs=[z(7), v(6)], emendations=[_BID_READING])
def concession_value(level: str) -> int:
    """What the bidding party scores when the other says "gut" (gives up, "geht"): 2 for the
    Spiel or Drei, else one less than the bid.

    "hat er schlechte Karten, so sagt er gut und das Spiel ist schon fertig … Der, dem
    das Spiel gut ist, bekommt zwei Punkte gutgeschrieben" (zuzweit.p7); "bietet nun B-D
    … „Drei“ oder das Spiel, das die Gegenpartei sehr wahrscheinlich gut sein läßt. Ist
    das Spiel gut, … der spielhabenden Partei zwei Punkte gutgeschrieben" (zuviert.p6).
    """
    index = LEVELS.index(_level(level))
    return BASE_STAKE if index <= 1 else index + 1


@rule(paragraphs=[z(7)], emendations=[_BID_READING])
def held_stake(level: str) -> int | Literal["spielaus"]:
    """What the deal is worth once a bid is held ("angeschaut", "nicht gegangen").

    The Spiel held is played for its two points; Drei for three, and so on; a held
    Spielaus is played for the whole Partie (zuzweit.p7).
    """
    index = LEVELS.index(_level(level))
    if level == "spielaus":
        return "spielaus"
    return BASE_STAKE if index == 0 else index + 2


@rule(paragraphs=[z(7)])
def spielaus_points(score: int, target: int = TARGET) -> int:
    """The points a won Spielaus brings: all that the party lacks to go out.

    "Diese Steigerung kann bis Sieben und bis zu Spielaus fortgesetzt werden"
    (zuzweit.p7): the winner of the deal goes out, as in Perlaggen, where the party
    "das ganze Spiel gewinnt und ausgeht" (perlaggen.erklaerung.p25).
    """
    if not 0 <= score < target:
        raise WattenError(
            f"a score in a Partie to {target} lies from 0 to {target - 1} (zuviert.p4, p8)"
        )
    return target - score


_GESPANNT = Emendation(
    paragraph=v(8),
    reading=(
        "zu viert a party at 13 or 14 (two or one short of the 15 it plays to) may make no "
        "raise at all (Drei or higher); it may still offer the Spiel and answer the others' "
        "bids; zu zweit the text has no such rule"
    ),
    raw="Hat eine Partei die Summe von 13 oder 14 Gutpunkten erreicht, so darf sie nicht "
    "mehr Drei bieten",
    evidence=(
        "'Drei' is the first raise; a later raise presupposes the first. The rule stands in "
        "the four-handed section only, which plays 'zweimal auf 15' (zuviert.p4); for "
        "another target the edition counts back from it (target - 2, target - 1), as "
        "tournaments playing to 11 bar raises at 9 and 10 today ('Watt'em all' rules). "
        "Today such a party is 'gespannt' (wattn.com)."
    ),
    cert="medium",
)


@rule(paragraphs=[v(8)], emendations=[_GESPANNT])
def may_raise(score: int, players: int = 4, target: int = TARGET) -> bool:
    """Whether a party may still raise (bid Drei or more): not at 13 or 14, zu viert.

    "Hat eine Partei die Summe von 13 oder 14 Gutpunkten erreicht, so darf sie nicht
    mehr Drei bieten" (zuviert.p8). The Watten zu zweit section has no such rule.
    """
    _seats(players)
    if not 0 <= score < target:
        raise WattenError(
            f"a score in a Partie to {target} lies from 0 to {target - 1} (zuviert.p4, p8)"
        )
    return players == 2 or score < target - 2


@rule(paragraphs=[v(8)], emendations=[_GESPANNT])
def tafel(points: Sequence[int], target: int = TARGET) -> dict[str, object]:
    """A party's column on the slate: the points of each deal, a dash where it wrote nothing.

    "… indem man die von den Parteien gemachten Gutpunkte untereinander schreibt …
    die Partei, die jeweils nichts schreibt, bekommt in ihre Rubrik einen wagrechten
    Strich"; at 13 or 14 "der Schreiber hat das … anzuzeigen, indem er die Rubrik dieser
    Partei mit einem senkrechten Strich durchstreicht" (zuviert.p8). Returns the column
    ("—" for nothing), the total and whether the column is struck through.
    """
    if any(not isinstance(n, int) or n < 0 for n in points):
        raise WattenError("points written on the slate are whole numbers from 0 (zuviert.p8)")
    total = sum(points)
    if total > target + 6:
        raise WattenError(f"a column of a Partie to {target} cannot reach {total} (zuviert.p8)")
    column: list[int | str] = [n if n else "—" for n in points]
    return {"column": column, "total": total, "durchgestrichen": target - 2 <= total < target}


# ---------------------------------------------------------------- the four-handed game


@rule(paragraphs=[v(1)])
def partner(seat: Seat) -> Seat:
    """A player's partner zu viert: the one sitting crosswise opposite (A-C, B-D).

    "… vier Mann spielen, von denen je zwei, die sich kreuzweise gegenübersitzen,
    zusammenspielen" (zuviert.p1); "C, der Partner des A, und D, der Partner des B"
    (zuviert.p5).
    """
    if seat not in SEATS_4:
        raise WattenError(f"the seats zu viert are A, B, C, D (zuviert.p1), not {seat!r}")
    return SEATS_4[(SEATS_4.index(seat) + 2) % 4]


def party_of(seat: Seat, players: int = 4) -> Party:
    """The party name of a seat: ``AC`` or ``BD`` zu viert, the seat itself zu zweit."""
    if players == 2:
        if seat not in SEATS_2:
            raise WattenError(f"the seats zu zweit are A and B (zuzweit.p1), not {seat!r}")
        return seat
    return "".join(sorted((seat, partner(seat))))


@rule(paragraphs=[z(3), v(5), v(6)])
def announcers(dealer: Seat, players: int = 4) -> dict[str, Seat]:
    """Who announces: the player on the dealer's left the Schlag (and leads), the dealer Trumpf.

    "Der links neben dem Geber A sitzende Spieler B sagt Schlag an, der Geber selbst
    Trumpf" (zuviert.p5); "so daß also das zweitemal C Schlag und B Trumpf ansagt"
    (zuviert.p6); zu zweit the Vorhand and the dealer (zuzweit.p3).
    """
    return {"schlag": play_order(dealer, players)[0], "trumpf": dealer}


@rule(paragraphs=[z(7), v(6), v(9)])
def dealer_of_deal(first_dealer: Seat, deal: int, players: int = 4) -> Seat:
    """Who deals the ``deal``-th game: zu viert round to the left, zu zweit by turns.

    "Wenn z. B. A das erste gegeben hat, so gibt B das zweite, C das dritte, D das vierte,
    A das fünfte, B das sechste, C das siebente Spiel usw." (zuviert.p9); zu zweit "die
    Rollen vertauscht sind; der, der früher Schlag angesagt hat, gibt die Karten aus"
    (zuzweit.p7).
    """
    seats = _seats(players)
    if first_dealer not in seats:
        raise WattenError(
            f"the dealer is one of {', '.join(seats)} (zuviert.p9), not {first_dealer!r}"
        )
    if deal < 1:
        raise WattenError(f"deals are counted from 1 (zuviert.p9), not {deal}")
    return seats[(seats.index(first_dealer) + deal - 1) % len(seats)]


_WRONG_DEALER = Emendation(
    paragraph=v(9),
    reading="a deal in the wrong turn stands only once two cards of the next deal lie on the "
    "table; found out earlier, even after the deal was played out, it is dealt again",
    raw="Nur dann, wenn das Spiel schon fertiggespielt und im nächstfolgenden die ersten zwei "
    "Karten schon auf dem Tische liegen, besteht das … Spiel zu Recht.",
    evidence=(
        "The first sentence speaks of a mistake found 'noch vor Beendigung des Spieles'; "
        "'Nur dann' makes the two cards of the next deal the only point from which the "
        "wrong deal stands, so between the end of the deal and those two cards it does not."
    ),
    cert="medium",
)


@rule(paragraphs=[v(9)], emendations=[_WRONG_DEALER])
def wrong_dealer(stage: Literal["playing", "played", "next_two_cards"]) -> str:
    """A deal given out of turn: "redeal" (as the slate shows) or "stands".

    "Wenn ein Spieler noch vor Beendigung des Spieles daraufkommt, daß in falscher
    Reihenfolge gegeben wurde, muß neu und richtig, so wie es die Schrift weist, gegeben
    werden" (zuviert.p9).
    """
    if stage not in ("playing", "played", "next_two_cards"):
        raise WattenError(f"stage is playing, played or next_two_cards (zuviert.p9), not {stage!r}")
    return "stands" if stage == "next_two_cards" else "redeal"


_GESTRICHEN = Emendation(
    paragraph=v(4),
    reading="players whose cut cards are equal in rank each take the card below theirs",
    raw="Wurden gleich hohe Karten abgehoben, so wird „gestrichen“, das heißt, die gleichen "
    "Karten werden weggeschoben und die darunter liegende gilt.",
    evidence=(
        "Equal ranks are read as 'gleich hohe Karten' (suits do not count in cutting); "
        "each of the tied players' cards is pushed aside and the next card of his cut "
        "counts, as often as needed."
    ),
    cert="medium",
)


@rule(paragraphs=[v(4)], emendations=[_GESTRICHEN])
def parties_by_cut(cuts: Mapping[Seat, Sequence[Card]]) -> dict[str, list[Seat]]:
    """The parties zu viert ("zusammenheben"): the two lowest cards against the two highest.

    "jeder der vier hebt eine Karte ab, die zwei, die die zwei niedersten Karten
    abgehoben haben, und jene, die die zwei höchsten Karten abgehoben haben, bilden eine
    Partei … As gilt auch hier, wie beim Bieten, als niedrigste Karte. Einer von der
    Partei, die die niedrigen Karten abgehoben hat, gibt das Spiel an" (zuviert.p4).
    ``cuts`` gives each of four players his cut card and the cards below it (used when
    "gestrichen" is). Returns ``{"low": [..], "high": [..]}``; the low party deals first.
    """
    if len(cuts) != 4:
        raise WattenError(f"four players cut for partners (zuviert.p4), not {len(cuts)}")
    every = [c for cards in cuts.values() for c in cards]
    _cards(every, "cuts", _PACK32)
    position = dict.fromkeys(cuts, 0)

    def card(seat: Seat) -> Card:
        cards = cuts[seat]
        if position[seat] >= len(cards):
            raise WattenError(f"{seat}'s cut is tied and no card below it is given (zuviert.p4)")
        return cards[position[seat]]

    while True:
        ranks = Counter(card(s).rank for s in cuts)
        tied = [s for s in cuts if ranks[card(s).rank] > 1]
        if not tied:
            break
        for seat in tied:
            position[seat] += 1
    ordered = sorted(cuts, key=lambda s: CUT_ORDER.strength(card(s).rank))
    return {"low": sorted(ordered[:2]), "high": sorted(ordered[2:])}


@rule(paragraphs=[INTRO, v(4)])
def wine(first_winner: Party, second_winner: Party) -> dict[Seat, float]:
    """Who pays the litre of wine after the two Partien to 15: per seat, in litres.

    The wine, "gewöhnlich einen Liter Wein, den die verlierende Partei zu zahlen hat"
    (watten.p1). "Die Partei, die alle beidemal verspielt … zahlt den ganzen Liter Wein
    … Gewinnt jede Partei einmal, so sagt man, man hat ein Bruderspiel und jeder von den
    vieren zahlt ein Viertel Wein" (zuviert.p4). A party's litre is split between its two
    players (the text names only the party).
    """
    for party in (first_winner, second_winner):
        if party not in ("AC", "BD"):
            raise WattenError(f"the parties zu viert are AC and BD (zuviert.p1), not {party!r}")
    if first_winner != second_winner:
        return dict.fromkeys(SEATS_4, 0.25)
    loser = "BD" if first_winner == "AC" else "AC"
    return {s: 0.5 if s in loser else 0.0 for s in SEATS_4}


@rule(paragraphs=[v(5)])
def may_look(seat: Seat, announced: bool, dealer: Seat = "A", players: int = 4) -> bool:
    """Whether a player may look at his cards: the partners of the announcers only afterwards.

    "… daß die restlichen zwei Spieler, also C, der Partner des A, und D, der Partner des
    B, die Karten erst anschauen dürfen, wenn B und A Schlag und Trumpf bereits
    angezeigt haben" (zuviert.p5). Zu zweit both players announce, so both look at once.
    """
    seats = _seats(players)
    if seat not in seats:
        raise WattenError(f"the seats are {', '.join(seats)} (zuviert.p5), not {seat!r}")
    both = announcers(dealer, players)
    return announced or seat in both.values()


_FINGERS = Emendation(
    paragraph=v(3),
    reading="As: thumb; König, Ober, Unter: index and middle finger; Zehner to Siebener "
    "(when they are all one has): drumming",
    raw="Der Daumen bedeutet da das As und der Zeiger und Mittelfinger die mittleren Trümpfe "
    "ab König; trommelt man mit dem kleinen und Ringfinger …, so bedeutet dies, daß man nur "
    "unbedeutende kleine Trümpfe besitzt",
    evidence=(
        "The OCR's 'ab flänig' is read 'ab König' (K read as fl, ö lost). Where the "
        "'mittleren' trumps end the text does not say: the edition takes the three figures "
        "(König, Ober, Unter, the cards 'was Hosen anhat' of bieten.p13) and calls the rest "
        "small."
    ),
    cert="low",
)


@rule(paragraphs=[v(2), v(3)], emendations=[_FINGERS])
def deuten(hand: Sequence[Card], schlag: Rank, trumpf: Suit, players: int = 4) -> list[str]:
    """The signs ("Deuten") by which a player tells his partner what he holds, zu viert.

    "es ist nicht nur erlaubt, sondern gehört sogar zur Regel, daß man seinem Partner
    sofort durch Zeichen zu verstehen gibt …" (zuviert.p2). The Rechte: "indem man mit
    beiden Augen nach oben schielt" (Augenaufschlag); the Blinde: "so oft man blinzelt,
    so viele Schläge hat man"; trumps by fingers; nothing: "mit dem Kopfe schüttelt …
    Man heißt das abdeuten" (zuviert.p3). Returns the signs in that order:
    ``augenaufschlag``, ``blinzeln`` once per Blinder, ``daumen``, ``zeiger_mittelfinger``,
    ``trommeln``, or ``abdeuten``. Zu zweit there is no partner to sign to: no signs.
    """
    cards = _hand(hand)
    _seats(players)
    if players == 2:
        return []
    return signs(cards, _schlag(schlag), _trumpf(trumpf))


def signs(cards: Sequence[Card], schlag: Rank, trumpf: Suit) -> list[str]:
    """The Watten signs of :func:`deuten` without input checks (for the model)."""
    found: list[str] = []
    if Card(schlag, trumpf) in cards:
        found.append("augenaufschlag")
    found += ["blinzeln"] * sum(1 for c in cards if c.rank == schlag and c.suit != trumpf)
    found += trump_signs(cards, schlag, trumpf)
    return found or ["abdeuten"]


def trump_signs(cards: Sequence[Card], schlag: Rank, trumpf: Suit) -> list[str]:
    """The finger signs for trumps (zuviert.p3): thumb, index and middle finger, drumming."""
    trumps = {c.rank for c in cards if c.suit == trumpf and c.rank != schlag}
    found: list[str] = []
    if Rank.ACE in trumps:
        found.append("daumen")
    if trumps & {Rank.KING, Rank.OBER, Rank.UNTER}:
        found.append("zeiger_mittelfinger")
    if trumps and not found:
        found.append("trommeln")
    return found


#: Every rule or example paragraph of the Watten chapter is cited by a rule or the model.
UNFORMALISED: dict[str, str] = {}
