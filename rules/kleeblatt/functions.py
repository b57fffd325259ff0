"""Das Kleeblatt as Engelmann (1798) states it: a banking game in three paragraphs.

The banker (Banquier) shuffles before every card he lets a punter draw, takes three
cards from the pack (the "Kleeblatt", cloverleaf) and offers them face down; the punter
chooses one and puts into the bowl (Schaale) as many coins as it is worth (p1, p2).
When everyone has staked, the banker shuffles again and hands the Kleeblatt round a
second time: each punter receives from the bowl what his new card is worth; the banker
makes good what the bowl lacks and keeps what is left (p2). Besides, each punter may
offer the banker a wager before he looks at his second card: a card under six wins it
for the banker, one over six for the punter, a six carries it to the next game (p3).

No later description of the game was found to compare with; where the text is
silent the functions say what they assume.

The playable coup is :mod:`rules.kleeblatt.model`. Amounts are in units of the agreed
"Legegeld" (Groschen or Dukaten).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from rules.cards import FRENCH_52, Card, Rank
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "engelmann1798"


def p(n: int) -> str:
    """The id of paragraph ``n`` of the chapter."""
    return f"{SIGLUM}.kleeblatt.p{n}"


class KleeblattError(RulesError, ValueError):
    """An input no coup of Kleeblatt can have."""


#: The number of cards the banker takes out for each draw ("drei frische Blätter", p2).
LEAVES = 3
_LOW = frozenset({Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE})
_COURT_VALUE = {Rank.ACE: 11, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
_PIPS = {
    Rank.TEN: 10,
    Rank.NINE: 9,
    Rank.EIGHT: 8,
    Rank.SEVEN: 7,
    Rank.SIX: 6,
    Rank.FIVE: 5,
    Rank.FOUR: 4,
    Rank.THREE: 3,
    Rank.TWO: 2,
}
PACKS: dict[int, tuple[Card, ...]] = {
    52: FRENCH_52,
    36: tuple(c for c in FRENCH_52 if c.rank not in _LOW),
}
_PACK_SETS = {size: frozenset(cards) for size, cards in PACKS.items()}

_PACK_EMENDATION = Emendation(
    paragraph=p(1),
    reading="the whole French pack of 52 cards",
    raw="",
    evidence=(
        "The chapter names Aß, König, Dame, Bube and says 'die übrigen zählen nach ihrem "
        "Werth', but not which pack. p3's 'Die 6 selbst' needs a pack with Sixes, so not "
        "the piquet pack of 32. Both the whole pack and the German 36-card pack (Six to Ace) "
        "have them; the whole pack, whose Twos to Fives also lie 'unter 6', is followed, the "
        "36-card pack is the variant pack36."
    ),
    cert="low",
)


@rule(paragraphs=[p(1), p(3)], emendations=[_PACK_EMENDATION])
def pack(size: int = 52) -> tuple[Card, ...]:
    """The pack: 52 cards (or, as a variant, the 36 from Six to Ace), in canonical order."""
    try:
        return PACKS[size]
    except KeyError:
        raise KleeblattError(f"the pack has 52 cards (or 36 as a variant), not {size}") from None


def _check(card: Card, size: int) -> Card:
    if not isinstance(card, Card) or card not in _PACK_SETS.get(size, ()):
        raise KleeblattError(f"{card} is not a card of the pack of {size} (p1)")
    return card


@rule(paragraphs=[p(1)])
def card_value(card: Card, pack_size: int = 52) -> int:
    """What a card is worth: Ace 11, King 4, Queen 3, Bube 2, the others their pips.

    "Das As gilt 11, der König 4, die Dame 3, der Bube 2, die übrigen zählen nach ihrem
    Werth" (p1).
    """
    _check(card, pack_size)
    return _COURT_VALUE.get(card.rank) or _PIPS[card.rank]


@rule(paragraphs=[p(2)])
def stake(card: Card, pack_size: int = 52) -> int:
    """What a punter puts into the bowl for the card he chose: its worth in coins.

    "jeder muß so viel Groschen oder Dukaten, je nachdem das Legegeld bestimmt ist, in
    die Schaale setzen, als seine Karte an Werth beträgt" (p2).
    """
    return card_value(card, pack_size)


def _amounts(values: Iterable[int], what: str) -> list[int]:
    listed = list(values)
    if any(not isinstance(v, int) or v < 0 for v in listed):
        raise KleeblattError(f"{what} are whole numbers of coins from 0, not {listed!r}")
    return listed


@rule(paragraphs=[p(2)])
def bowl_settlement(stakes: Sequence[int], payouts: Sequence[int]) -> int:
    """What the banker gains from the bowl: what is left over, or minus what it lacks.

    Each punter "die Summe aus der Schaale empfängt, zu welcher ihn der Gehalt seiner
    neuen Karte berechtigt. Reicht das eingelegte Geld zur Auszahlung nicht hin; so muß
    der Banquier das Fehlende aus seiner Börse ersetzen, so wie ihm hinwiederum alles,
    was übrig bleibt anheim fällt, wie groß auch der Rest seyn möge" (p2).
    """
    staked = _amounts(stakes, "stakes")
    paid = _amounts(payouts, "payouts")
    if len(staked) != len(paid):
        raise KleeblattError("every punter who staked receives a card: as many payouts as stakes")
    return sum(staked) - sum(paid)


_COURTS_EMENDATION = Emendation(
    paragraph=p(3),
    reading="'unter 6' by the worth of p1: King (4), Queen (3) and Bube (2) are under six",
    raw="Jede Karte unter 6 gewinnt für den Banquier und jede darüber verliert für ihn",
    evidence=(
        "p1 gives each card its worth just before; by it the courts lie under six and the "
        "Ace (11) over it. By the rank of the cards the courts would lie over six: that "
        "reading is the variant reading_courts_high."
    ),
    cert="medium",
)
_STANDING_EMENDATION = Emendation(
    paragraph=p(3),
    reading=(
        "a wager left standing by a Six is at stake in the next game with what is added: the "
        "banker who wins takes it all; who loses pays only the new sum, and the punter takes "
        "back what stood"
    ),
    raw=(
        "bezahlt nur die neu ausgesetzte Summe und nicht das, was vorhin durch die 6 "
        "unentschieden stehn blieb"
    ),
    evidence=(
        "'bringt ihn in das nächste Spiel': the wager stays at stake; the text says only "
        "what the banker pays when he loses. That a banker who wins takes the standing "
        "wager as well is the edition's reading."
    ),
    cert="medium",
)


@rule(paragraphs=[p(3)], emendations=[_COURTS_EMENDATION, _STANDING_EMENDATION])
def wager_result(
    card: Card,
    new: int,
    standing: int = 0,
    courts: Literal["value", "high"] = "value",
    pack_size: int = 52,
) -> dict[str, int]:
    """The wager settled on the punter's second card: what he wins (``punter``) and what stands.

    "Jede Karte unter 6 gewinnt für den Banquier und jede darüber verliert für ihn. Die 6
    selbst zieht keinen Satz, sondern bringt ihn in das nächste Spiel." ``new`` is the sum
    wagered now, ``standing`` what a Six left standing before. Returns ``{"punter": n,
    "standing": m}``: the punter's gain (negative: the banker's) and the wager left for the
    next game.
    """
    _amounts([new, standing], "wagers")
    _check(card, pack_size)
    if courts not in ("value", "high"):
        raise KleeblattError(f"courts count by their 'value' or as 'high', not {courts!r}")
    if card.rank == Rank.SIX:
        return {"punter": 0, "standing": standing + new}
    if courts == "high" and card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
        above = True
    else:
        above = card_value(card, pack_size) > 6
    if above:
        return {"punter": new, "standing": 0}
    return {"punter": -(new + standing), "standing": 0}


@rule(paragraphs=[p(3)])
def wager_allowed(looked_at_second_card: bool) -> bool:
    """Whether the punter may still offer the wager, which the banker must then hold.

    "Noch ist der Banquier auch verbunden, die Wette zu halten, die ihm aber der Spieler
    nothwendig anbieten muß, ehe er die Karte vom zweitenmal Herumgeben angesehen hat"
    (p3).
    """
    return not looked_at_second_card


@rule(paragraphs=[p(3)])
def settlement_order() -> tuple[str, ...]:
    """The order of settling: the wagers at each place first, then the bowl.

    "Die Spieler legen die Wetten jeder auf seinem Platze an, und bringen erst alles in
    Ordnung, ehe die Gewinnste aus der Schaale genommen werden" (p3).
    """
    return ("wagers", "bowl")


_DRAW_EMENDATION = Emendation(
    paragraph=p(2),
    reading=(
        "the banker takes three cards from the shuffled pack without seeing them, and the "
        "punter chooses one of them blind: every card is equally likely"
    ),
    raw="nimmt willkührlich drei frische Blätter heraus. Dieses Kleeblatt reicht er verdeckt hin",
    evidence=(
        "'willkührlich' (as he pleases) from a pack shuffled 'vor jedem Blatte'; the cards are "
        "handed over face down, so neither side knows them. The model deals the three cards "
        "by chance and lets the punter choose a place."
    ),
    cert="medium",
)


@rule(paragraphs=[p(2)], emendations=[_DRAW_EMENDATION])
def kleeblatt(order: Sequence[Card], pack_size: int = 52) -> tuple[Card, ...]:
    """The three cards of a Kleeblatt: the first three of a freshly shuffled pack.

    "Der Banquier mischt vor jedem Blatte, das er ziehen läßt, das Spiel von neuem und
    nimmt willkührlich drei frische Blätter heraus" (p2).
    """
    cards = [_check(c, pack_size) for c in order]
    if len(set(cards)) != len(cards) or len(cards) != len(PACKS[pack_size]):
        raise KleeblattError(f"the banker shuffles the whole pack of {pack_size} cards anew")
    return tuple(cards[:LEAVES])


UNFORMALISED: dict[str, str] = {}
