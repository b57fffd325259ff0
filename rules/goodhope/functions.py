"""Goodhope as Engelmann (1798) states it: the pure rule functions of its seventeen rules.

"Dieses ursprünglich Englische Spiel, für die teutsche Karte verändert" (p1): a pool
game with the German pack. Every player but the dealer stakes into the pot; each gets
two cards; a turned card makes trumps. A player may lay his cards away ("Fear!"), buy
one or both cards anew for half or a whole stake, or take part; those who take part
say "Hope!" (one trick), "Good Hope!" (both) or nothing; two tricks are played, and
the pot is shared or the failed promises paid for by the rules 11 to 15. A pair dealt
lets a player take his stake three or two times from the pot (rule 16).

No later description of Goodhope was found to compare with (the round games of the
Hoyle books, Foster 1897 and Peel's Round Games have pools, buying and trumps, but no
game of this name); where the text is silent the functions say what they assume.

The playable deal is :mod:`rules.goodhope.model`. Amounts are coins; the stake
("Einsatz", rule 3: "willkührlich") is a parameter, 4 by default so that the half-stake
price of a card is a whole coin. Shares of the pot may be fractions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Literal

from rules.cards import GERMAN_32, Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "engelmann1798"
Declaration = Literal["good hope", "hope", "silent"]
DECLARATIONS: tuple[str, ...] = ("good hope", "hope", "silent")
Amount = int | float


def r(n: int) -> str:
    """The id of rule ``n`` (``goodhope.regeln.1`` … ``17``)."""
    return f"{SIGLUM}.goodhope.regeln.{n}"


#: The chapter's opening paragraph ("für die teutsche Karte verändert").
P1 = f"{SIGLUM}.goodhope.p1"


class GoodhopeError(RulesError, ValueError):
    """An input no game of Goodhope can have."""


#: Cards each player receives (rule 4).
HAND = 2
_PACK = frozenset(GERMAN_32)
_HIGH_PAIRS = frozenset({Rank.ACE, Rank.KING, Rank.OBER, Rank.UNTER})
_LOW_PAIRS = frozenset({Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN})

_ORDER_EMENDATION = Emendation(
    paragraph=r(16),
    reading="the cards rank Daus (Täuser), König, Ober, Unter, Zehn, Neun, Acht, Sieben",
    raw="",
    evidence=(
        "The rules never say which card takes which. Rule 16 names the ranks in this order, "
        "the four high pairs first; it is the order of the German pack in Engelmann's other "
        "trick games translated to it. A trump takes any card of another suit; otherwise "
        "the highest card of the suit led wins."
    ),
    cert="medium",
)
ORDER = RankOrder(
    (
        Rank.ACE,
        Rank.KING,
        Rank.OBER,
        Rank.UNTER,
        Rank.TEN,
        Rank.NINE,
        Rank.EIGHT,
        Rank.SEVEN,
    )
)


def _num(value: Fraction) -> Amount:
    """A coin amount as JSON likes it: an int when whole, else a float."""
    return int(value) if value.denominator == 1 else float(value)


def _cards(cards: Sequence[Card], where: str) -> list[Card]:
    listed = list(cards)
    for card in listed:
        if not isinstance(card, Card) or card not in _PACK:
            raise GoodhopeError(f"{where}: {card} is not a card of the German pack of 32")
    if len(set(listed)) != len(listed):
        raise GoodhopeError(f"{where}: a card is in the pack once")
    return listed


def _amount(value: Amount, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise GoodhopeError(f"{what} is a sum of coins from 0, not {value!r}")
    return Fraction(value).limit_denominator(1000)


# ---------------------------------------------------------------- the pack and the deal


@rule(paragraphs=[P1, r(16)])
def pack() -> tuple[Card, ...]:
    """The German pack of 32: Daus, König, Ober, Unter, 10, 9, 8, 7 in four suits.

    "für die teutsche Karte verändert" (p1); rule 16 names "Täuser, Könige, Ober oder
    Unter … Zehnen, Neunen, Achten oder Sieben".
    """
    return GERMAN_32


@rule(paragraphs=[r(16), r(10)], emendations=[_ORDER_EMENDATION])
def rank_order() -> tuple[Rank, ...]:
    """The ranks from high to low in a trick (the text is silent; see the emendation)."""
    return ORDER.ranks


_PLAYERS_EMENDATION = Emendation(
    paragraph=r(1),
    reading="from two players to fifteen: the pack must give two cards each and the trump",
    raw="es können so viel als nur wollen, daran Antheil nehmen",
    evidence=(
        "Any number may play; but 32 cards give two each and a turned trump to at most "
        "fifteen, and one player alone has nobody to play against."
    ),
    cert="high",
)


@rule(paragraphs=[r(1)], emendations=[_PLAYERS_EMENDATION])
def players_allowed(players: int) -> bool:
    """Whether ``players`` (the dealer included) can play: "so viel als nur wollen", the pack permitting."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise GoodhopeError(f"a number of players, not {players!r}")
    return players >= 2 and HAND * players + 1 <= len(GERMAN_32)


def seats(players: int) -> tuple[str, ...]:
    """The seats in playing order: P1 (the dealer's left) … and the dealer last."""
    if not players_allowed(players):
        raise GoodhopeError(f"Goodhope is played by 2 to 15 players, not {players}")
    return (*(f"P{i}" for i in range(1, players)), "dealer")


@rule(paragraphs=[r(2), r(4)])
def deal(order: Sequence[Card], players: int) -> tuple[dict[str, list[Card]], Card]:
    """Deal from a shuffled pack: two cards to each player, the dealer's last; then the trump.

    "Bei der Vertheilung der Karten erhält jeder Spielende 2 Blatt" (rule 4); the dealer
    "schlägt zuletzt ein Blatt auf, dessen Farbe Trumpf ist" (rule 2). The direction of
    dealing ("von der rechten zur Linken") changes nothing; cards go to the seats in
    playing order. Returns the hands and the turned card.
    """
    cards = _cards(order, "pack")
    names = seats(players)
    if len(cards) < HAND * players + 1:
        raise GoodhopeError(f"{players} players need {HAND * players + 1} cards, not {len(cards)}")
    hands = {s: cards[HAND * i : HAND * (i + 1)] for i, s in enumerate(names)}
    return hands, cards[HAND * players]


@rule(paragraphs=[r(2)])
def trump_suit(turned: Card) -> str:
    """The trump suit: the suit of the card the dealer turns up (E, L, R or B)."""
    _cards([turned], "turned card")
    return turned.suit.value


@rule(paragraphs=[r(2), r(3)])
def stake_due(is_dealer: bool, stake: Amount = 4) -> Amount:
    """What a player puts into the pot before the deal: the agreed stake; the dealer nothing.

    "Der Geber ist Satzfrei" (rule 2); "Der Einsatz ist willkührlich und wird in einem
    mitten auf dem Tisch befindlichen Teller gesammlet" (rule 3).
    """
    return 0 if is_dealer else _num(_amount(stake, "the stake"))


@rule(paragraphs=[r(6), r(7)])
def buy_price(cards: int, stake: Amount = 4) -> Amount:
    """The price of buying new cards: half the stake for one, the whole stake for both.

    Rule 6: "so kann er sich ein Blatt kaufen, muß aber die Erlaubniß dazu mit ½ des
    Einsatzes bezahlen"; rule 7: for two, "die Kaufsumme muß dann auch doppelt in den
    Pot gelegt werden". Every purchase is paid anew.
    """
    if cards not in (1, 2):
        raise GoodhopeError(f"a player buys one card or both, not {cards!r}")
    return _num(_amount(stake, "the stake") * cards / 2)


@rule(paragraphs=[r(16)])
def pair_bonus(hand: Sequence[Card], stake: Amount = 4) -> Amount:
    """What a pair dealt lets a player take from the pot: his stake three or two times.

    "Wer zwei Täuser, Könige, Ober oder Unter erhält, kann sich sogleich seinen Satz
    dreifach und bei zwei Zehnen, Neunen, Achten oder Sieben doppelt aus dem Pot
    herausnehmen" (rule 16). No pair: nothing.
    """
    cards = _cards(hand, "hand")
    if len(cards) != HAND:
        raise GoodhopeError(f"a hand has two cards (rule 4), not {len(cards)}")
    first, second = cards
    if first.rank != second.rank:
        return 0
    times = 3 if first.rank in _HIGH_PAIRS else 2
    return _num(_amount(stake, "the stake") * times)


@rule(paragraphs=[r(5), r(8)])
def takes_part(laid_away: bool) -> bool:
    """Whether a player takes part: he does unless he lays his cards away ("Fear!").

    "Wer seine Karten nicht auf den dazu bestimmten Platz weglegt, giebt damit zu
    erkennen, daß er am Spiel Antheil nehmen will" (rule 8).
    """
    return not laid_away


@rule(paragraphs=[r(9)])
def promised_tricks(declaration: str) -> int:
    """The tricks a declaration promises: "Good Hope!" both, "Hope!" one, silence none."""
    table = {"good hope": 2, "hope": 1, "silent": 0}
    if declaration not in table:
        raise GoodhopeError(
            f"a player says 'hope', 'good hope' or nothing ('silent'), not {declaration!r}"
        )
    return table[declaration]


@rule(paragraphs=[r(17)])
def redeal(taking_part: int) -> bool:
    """Whether the cards are dealt and staked anew: when everyone passes.

    "Wenn alle passen: so wird von neuem Karte ausgetheilt und eingesetzt" (rule 17).
    """
    if not isinstance(taking_part, int) or taking_part < 0:
        raise GoodhopeError(f"a number of players, not {taking_part!r}")
    return taking_part == 0


# ---------------------------------------------------------------- play

_FOLLOW_EMENDATION = Emendation(
    paragraph=r(10),
    reading="a player follows the suit led if he can; otherwise he plays any card",
    raw="",
    evidence=(
        "The rules say who leads (rule 10), not how one follows. As in the book's other "
        "trick games (Piquet p11: 'so lange es möglich ist, mit gleicher Farbe bedient') "
        "suit is followed; nothing obliges a player without the suit to trump. Playing "
        "any card at all is the variant reading_free_play."
    ),
    cert="low",
)


@rule(paragraphs=[r(10)], emendations=[_FOLLOW_EMENDATION])
def legal_cards(hand: Sequence[Card], led: Card | None, follow: str = "suit") -> list[Card]:
    """The cards a player may play: to a lead, a card of its suit if he has one; else any."""
    cards = _cards(hand, "hand")
    if led is None or follow == "free":
        return cards
    if follow != "suit":
        raise GoodhopeError(f"follow is 'suit' or 'free', not {follow!r}")
    _cards([led, *cards], "lead and hand")
    same = [c for c in cards if c.suit == led.suit]
    return same or cards


_TRICK_EMENDATION = Emendation(
    paragraph=r(10),
    reading="a trump takes any card of another suit; else the highest card of the suit led wins",
    raw="",
    evidence=(
        "The rules give the trump (rule 2) and the leads (rule 10) but not what wins a "
        "trick; the edition takes the usual rule of trick games with trumps and the rank "
        "order of rule 16."
    ),
    cert="medium",
)


@rule(paragraphs=[r(10), r(2)], emendations=[_TRICK_EMENDATION])
def trick_winner(played: Sequence[Card], trump: str) -> int:
    """Which card of a trick wins (its index in the order played): the highest trump, else
    the highest card of the suit led."""
    cards = _cards(played, "trick")
    if not cards:
        raise GoodhopeError("a trick has at least one card")
    if trump not in ("E", "L", "R", "B"):
        raise GoodhopeError(f"the trump is a German suit E L R B, not {trump!r}")
    trump_suit_ = Suit(trump)
    led = cards[0].suit

    def strength(card: Card) -> tuple[int, int]:
        rank = ORDER.strength(card.rank)
        if card.suit == trump_suit_:
            return (2, rank)
        return (1, rank) if card.suit == led else (0, rank)

    return max(range(len(cards)), key=lambda i: strength(cards[i]))


@rule(paragraphs=[r(10)])
def first_leader(taking_part: Sequence[str], players: int) -> str:
    """Who leads the first trick: the first player taking part from the dealer's left.

    "Der erste Spielende, dem Kartengeber zur Linken spielt das erste Blatt aus und der,
    welcher den ersten Stich bekommt, das zweite" (rule 10).
    """
    names = seats(players)
    unknown = [s for s in taking_part if s not in names]
    if unknown or not taking_part:
        raise GoodhopeError(f"players taking part are some of {', '.join(names)}")
    return next(s for s in names if s in taking_part)


# ---------------------------------------------------------------- the pot

_FRACTION_EMENDATION = Emendation(
    paragraph=r(11),
    reading="one who said nothing and made both tricks draws a quarter of the pot",
    raw="nur des Pots",
    evidence=(
        "The OCR lost the fraction (corrected as 'nur ¼ des Pots', cert low). A quarter is "
        "what rule 12 gives the silent partner of a trick and what rule 15 makes a silent "
        "loser pay: each declaration wins what its failure costs (Good Hope the pot, Hope "
        "half, silence a quarter)."
    ),
    cert="low",
)
_SHARE_EMENDATION = Emendation(
    paragraph=r(12),
    reading=(
        "each of two who made a trick draws by his own word: Hope half the pot, silence a "
        "quarter; what they leave stays in the pot"
    ),
    raw="hat aber nur Einer Hope gesagt dieser und der andere £ des Pots",
    evidence=(
        "The fractions were lost or misread by the OCR (corrected: 'dieser ½ und der "
        "andere ¼', 'jeder nur ¼ des Pots'); 'die andre Hälfte bleibt fürs künftige Spiel "
        "stehen' shows that what is not drawn stays. A Good Hope who made one trick draws "
        "nothing and pays (rule 13); his partner in the tricks draws by his own word."
    ),
    cert="medium",
)


@rule(paragraphs=[r(11), r(12)], emendations=[_FRACTION_EMENDATION, _SHARE_EMENDATION])
def share(declaration: str, tricks: int, pot: Amount) -> Amount:
    """What a player draws from the pot for his tricks.

    Both tricks: "Good Hope!" the whole pot, "Hope!" half, silence a quarter (rule 11).
    One trick (the other made by another player): Hope half, silence a quarter, Good
    Hope nothing (rule 12, 13). No trick: nothing.
    """
    promised = promised_tricks(declaration)
    if tricks not in (0, 1, 2):
        raise GoodhopeError(f"there are two tricks, not {tricks!r}")
    amount = _amount(pot, "the pot")
    if tricks == 0 or (promised == 2 and tricks == 1):
        return 0
    fraction = {2: Fraction(1), 1: Fraction(1, 2), 0: Fraction(1, 4)}[promised]
    return _num(amount * fraction)


_PENALTY_EMENDATION = Emendation(
    paragraph=r(15),
    reading="penalties are paid into the pot, reckoned on the pot as it stands when the tricks are done",
    raw="legt den vierten Theil des Pots als Strafe ein",
    evidence=(
        "Rule 15 has the penalty 'eingelegt' (put in); rules 13 and 14 only say 'zahlt'. "
        "All are read as paid into the pot, which stays for the next game, and all shares "
        "and penalties of a game are reckoned on the same pot."
    ),
    cert="medium",
)


@rule(paragraphs=[r(13), r(14), r(15)], emendations=[_PENALTY_EMENDATION])
def penalty(declaration: str, tricks: int, pot: Amount) -> Amount:
    """What a player who took part pays into the pot for a promise not kept.

    Good Hope with one trick half the pot, with none the whole pot (rule 13); Hope
    without a trick half (rule 14); silence without a trick a quarter (rule 15).
    """
    promised = promised_tricks(declaration)
    if tricks not in (0, 1, 2):
        raise GoodhopeError(f"there are two tricks, not {tricks!r}")
    amount = _amount(pot, "the pot")
    if tricks >= promised and tricks > 0:
        return 0
    if promised == 2:
        return _num(amount if tricks == 0 else amount / 2)
    if tricks > 0:
        return 0
    return _num(amount / 2 if promised == 1 else amount / 4)


@rule(paragraphs=[r(11), r(12), r(13), r(14), r(15)])
def settle(pot: Amount, results: Mapping[str, tuple[str, int]]) -> dict[str, object]:
    """The end of a game: what each player draws and pays, and what the pot keeps.

    ``results`` maps each player who took part to his declaration and tricks (two tricks
    in all). Returns ``{"shares": {...}, "penalties": {...}, "pot": left}``: shares and
    penalties reckoned on ``pot``; the pot keeps what was not drawn and the penalties.
    """
    amount = _amount(pot, "the pot")
    if sum(t for _, t in results.values()) != 2:
        raise GoodhopeError("the two tricks are made by the players taking part")
    shares = {p: share(d, t, pot) for p, (d, t) in results.items()}
    penalties = {p: penalty(d, t, pot) for p, (d, t) in results.items()}
    left = amount - sum(Fraction(v) for v in shares.values())
    left += sum(Fraction(v) for v in penalties.values())
    return {
        "shares": {p: v for p, v in shares.items() if v},
        "penalties": {p: v for p, v in penalties.items() if v},
        "pot": _num(left),
    }


UNFORMALISED: dict[str, str] = {}
