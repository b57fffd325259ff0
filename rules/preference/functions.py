"""Preference as Pierer's Universal-Lexikon (4th ed., vol. 13, 1861) states it: rule functions.

The playable deal built on them is :mod:`rules.preference.model`.

The entry is seven paragraphs (``pierer1861.preference.p1``-``p7``): p1 gives the
pack, the deal, the bidding, the contract, the play and the settlement in marks
(Marken) through a pot; p2-p5 the written score, a figure (Figur) each player draws;
p6-p7 how a Partie closes and goes on. The print's figure is lost from the witness
(the web transcription has none after "Jeder Spieler macht diese Figur"), and a second
one probably stood between p6 and p7; the functions of the written score say what is
reconstructed (see their :class:`~rules.registry.Emendation` s).

Vocabulary: *Vorhand* ("die Vorhand", first to declare), *der Zweite*, *der Dritte*
(the active players in order to the dealer's left); the *Spieler* is the player who
plays the contract, a *Mitgehender* ("Mitspielender") a defender who goes along;
*bête* is the contract or a defender failing. Suits of the German pack: Roth (R),
Schellen (B), Grün (L), Eicheln (E); ranks Daus (A), König (K), Ober (O), Unter (U),
Zehn ... Sieben.

Compared with Austrian Preference as played today (pagat.com, "Preference (Austrian
rules)"): the suit order is the same, but there the declarer must take six tricks and
bids a number, and the defenders' payments differ; Pierer's declarer needs five tricks
("Der Spieler muß fünf Stiche machen"), and his contract is only a suit. The functions
follow Pierer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import GERMAN_32, Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "pierer1861"


def p(n: int) -> str:
    """The id of paragraph ``n`` of the entry."""
    return f"{SIGLUM}.preference.p{n}"


class PreferenceError(RulesError, ValueError):
    """An input no Preference position can have (a card outside the pack, a lost suit, ...)."""


SuitName = Literal["roth", "schellen", "gruen", "eicheln"]
#: The suits from the highest (Préférence) down: "Die höchste Farbe (Préférence) ist
#: Roth, die zweite Schellen, die dritte Grün, die niedrigste Eicheln" (p1).
SUITS: tuple[SuitName, ...] = ("roth", "schellen", "gruen", "eicheln")
SUIT_CARD: dict[str, Suit] = {
    "roth": Suit.GERMAN_HEARTS,
    "schellen": Suit.BELLS,
    "gruen": Suit.LEAVES,
    "eicheln": Suit.ACORNS,
}
#: "Das Daus sticht alle andern Blätter, der König den Ober, dieser den Unter, dieser
#: die Zehn etc." (p1).
ORDER = RankOrder(
    (Rank.ACE, Rank.KING, Rank.OBER, Rank.UNTER, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
)
_PACK = frozenset(GERMAN_32)
#: The four throws of the deal: "in vier Würfen zu 3,2,3,2" (p1).
THROWS: tuple[int, ...] = (3, 2, 3, 2)
TALON = 2
#: "Der Spieler muß fünf Stiche machen, der Mitspielende zwei" (p1).
PLAYER_TRICKS = 5
DEFENDER_TRICKS = 2
_VALUE = {"roth": 40, "schellen": 30, "gruen": 20, "eicheln": 10}
_RATE = {"roth": 4, "schellen": 3, "gruen": 2, "eicheln": 1}


def suit_name(value: str) -> SuitName:
    """Check a suit name (``roth``, ``schellen``, ``gruen``, ``eicheln``)."""
    for name in SUITS:
        if value == name:
            return name
    raise PreferenceError(
        f"the suits are roth, schellen, gruen and eicheln, not {value!r} ({p(1)})"
    )


def check_cards(cards: Iterable[Card], where: str = "cards") -> list[Card]:
    """Refuse cards outside the German pack of 32 and a card given twice."""
    listed = list(cards)
    outside = sorted(str(c) for c in listed if c not in _PACK)
    if outside:
        raise PreferenceError(
            f"{where}: not in the German pack (A K O U 10 9 8 7 of E L R B): "
            f"{', '.join(outside)} ({p(1)})"
        )
    twice = sorted(str(c) for c, n in Counter(listed).items() if n > 1)
    if twice:
        raise PreferenceError(f"{where}: a card given twice: {', '.join(twice)} ({p(1)})")
    return listed


def _players(players: int) -> int:
    if players not in (3, 4):
        raise PreferenceError(
            f"Preference is played by three or, usually, four persons, not {players!r} ({p(1)})"
        )
    return players


# ---------------------------------------------------------------- pack, seats, deal

_PACK_EMENDATION = Emendation(
    paragraph=p(1),
    reading="the German pack of 32: Daus, König, Ober, Unter, Zehn, Neun, Acht, Sieben",
    raw="mit Deutscher Karte",
    evidence=(
        "The entry names the pack only as 'Deutsche Karte' and the ranks down to 'die Zehn "
        "etc.'. Three hands of ten and a talon of two make 32 cards: the German piquet pack "
        "with the Seven lowest, as in Austrian Preference today (pagat.com)."
    ),
    cert="high",
)


@rule(paragraphs=[p(1)], emendations=[_PACK_EMENDATION])
def pack() -> tuple[Card, ...]:
    """The German pack of 32 cards (canonical order: suits E L R B, ranks A K O U 10 9 8 7)."""
    return GERMAN_32


@rule(paragraphs=[p(1)])
def rank_order() -> tuple[Rank, ...]:
    """The ranks from high to low: Daus (A), König, Ober, Unter, Zehn, Neun, Acht, Sieben."""
    return ORDER.ranks


@rule(paragraphs=[p(1)])
def suit_order() -> tuple[SuitName, ...]:
    """The suits from high to low for the bidding: Roth (the Préférence), Schellen, Grün, Eicheln."""
    return SUITS


@rule(paragraphs=[p(1)])
def dealer_plays(players: int) -> bool:
    """Whether the dealer takes part in the deal: with three persons yes, with four he sits out.

    "unter drei, gewöhnlich aber unter vier Personen, so daß der Geber beim Spiele nicht
    betheiligt ist" (p1): three persons always play; a fourth is the dealer, who deals
    without playing. Seats are named from the dealer's left: ``vorhand``, ``zweiter``,
    ``dritter`` (with three players the dealer is the ``dritter``), and ``geber``.
    """
    return _players(players) == 3


@rule(paragraphs=[p(1)])
def cutter(players: int) -> str:
    """Who cuts: the player on the dealer's right, "Der Geber läßt zur rechten Hand abheben".

    The deal goes to the left, so the dealer's right-hand neighbour is the last of the
    three active players (the ``dritter``) with four persons, and the ``zweiter`` with
    three, where the dealer himself is the ``dritter``.
    """
    return "dritter" if _players(players) == 4 else "zweiter"


@dataclass(frozen=True, slots=True)
class Deal:
    """The deal: ten cards to each active player and the talon of two."""

    hands: Mapping[str, tuple[Card, ...]]
    talon: tuple[Card, ...]


@rule(paragraphs=[p(1)])
def deal(order: Sequence[Card]) -> Deal:
    """Deal a pack: the two top cards to the talon, then ten each in throws of 3, 2, 3, 2.

    "Der Geber ... legt die zwei obersten Blätter (Talon) verdeckt auf den Tisch u. gibt
    links jedem Spieler 10 Karten in vier Würfen zu 3,2,3,2" (p1): each throw goes round
    the three active players from the dealer's left.
    """
    cards = check_cards(order, "pack")
    if len(cards) != 32:
        raise PreferenceError(f"a deal gives out the whole pack of 32, not {len(cards)} ({p(1)})")
    seats = ("vorhand", "zweiter", "dritter")
    hands: dict[str, list[Card]] = {s: [] for s in seats}
    position = TALON
    for size in THROWS:
        for seat in seats:
            hands[seat].extend(cards[position : position + size])
            position += size
    return Deal({s: tuple(ORDER.sorted(h)) for s, h in hands.items()}, tuple(cards[:TALON]))


# ---------------------------------------------------------------- bidding

_BID_EMENDATION = Emendation(
    paragraph=p(1),
    reading=(
        "a declaration names its suit; each player after the declarer may outbid once, in "
        "turn, with a higher suit; nobody bids twice in one round"
    ),
    raw="kann der, welcher sich zum Spielen erklärt hat, durch den Folgenden in höherer Farbe überboten werden",
    evidence=(
        "To be outbid 'in höherer Farbe' the declaration must have a suit. Only 'der "
        "Folgende' may outbid: the players after him in the order Vorhand, Zweiter, Dritter; "
        "the text gives the declarer no answer to an overbid (modern Austrian rules let an "
        "earlier player hold with 'selbst', pagat.com), so the round ends with the Dritte."
    ),
    cert="medium",
)


@rule(paragraphs=[p(1)], emendations=[_BID_EMENDATION])
def outbids(new: str, current: str | None) -> bool:
    """Whether a declaration in suit ``new`` outbids the standing one (``None``: none yet).

    "In beiden Fällen kann der, welcher sich zum Spielen erklärt hat, durch den Folgenden
    in höherer Farbe überboten werden" (p1), the suits ranking Roth, Schellen, Grün,
    Eicheln.
    """
    rank = SUITS.index(suit_name(new))
    if current is None:
        return True
    return rank < SUITS.index(suit_name(current))


_PASS_OUT_EMENDATION = Emendation(
    paragraph=p(1),
    reading="when all pass again with the talon turned up, the deal is void and nobody pays",
    raw="",
    evidence=(
        "p1 says what follows when all pass the first time ('so wird der Talon aufgedeckt u. "
        "wie vorher verfahren') but not when they pass again. Nothing is played, and no "
        "payment is named, so the model ends the deal without payments (the cards are "
        "dealt again)."
    ),
    cert="medium",
)


@rule(paragraphs=[p(1)], emendations=[_BID_EMENDATION, _PASS_OUT_EMENDATION])
def auction(
    first: Sequence[str | None], second: Sequence[str | None] = ()
) -> tuple[int, str] | None:
    """Who plays in which suit, from the declarations in seat order; ``None`` if all pass twice.

    ``first`` holds the three players' declarations (a suit, or ``None`` for a pass) in
    the order Vorhand, Zweiter, Dritter; ``second`` those of the round with the talon
    turned up ("Passen Alle, so wird der Talon aufgedeckt u. wie vorher verfahren",
    p1). Returns the index of the declarer (0-2) and his suit. A declaration must outbid
    the one before it.
    """
    for round_no, declarations in enumerate((first, second), 1):
        if round_no == 2 and not declarations:
            raise PreferenceError(
                f"all passed: the talon is turned up and the round is played again; give "
                f"its declarations ({p(1)})"
            )
        if len(declarations) != 3:
            raise PreferenceError(
                f"each round has three declarations (Vorhand, Zweiter, Dritter), not "
                f"{len(declarations)} ({p(1)})"
            )
        best: tuple[int, str] | None = None
        for index, suit in enumerate(declarations):
            if suit is None:
                continue
            if not outbids(suit, best[1] if best else None):
                raise PreferenceError(
                    f"{suit} does not outbid {best[1] if best else ''}: an overbid must be in "
                    f"a higher suit ({p(1)})"
                )
            best = (index, suit_name(suit))
        if best is not None:
            if round_no == 1 and second:
                raise PreferenceError(
                    f"a game was declared in the first round: the talon is not turned up ({p(1)})"
                )
            return best
    return None


_ANSWER_EMENDATION = Emendation(
    paragraph=p(1),
    reading=(
        "the two others answer in turn from the player's left; one who passes lays his cards "
        "aside and takes no part in the play"
    ),
    raw="Ist ein Spiel angesagt, so gehen die Andern mit od. passen.",
    evidence=(
        "p1 does not say who answers first nor what a passing player does with his cards. "
        "The turn goes to the left throughout the entry (the deal 'gibt links', the bidding "
        "Vorhand, Zweiter, Dritter); 'mitgehen' is to take part in the play, so one who "
        "passes does not play (as in Austrian Preference today, pagat.com, where a defender "
        "who passes drops out of the hand)."
    ),
    cert="medium",
)


@rule(paragraphs=[p(1)], emendations=[_ANSWER_EMENDATION])
def answer_order(player: str) -> tuple[str, str]:
    """Who says whether he goes along (mitgehen) or passes, in order, once ``player`` declared.

    "Ist ein Spiel angesagt, so gehen die Andern mit od. passen" (p1): the other two
    active players, from the player's left.
    """
    seats = ("vorhand", "zweiter", "dritter")
    if player not in seats:
        raise PreferenceError(f"the player is vorhand, zweiter or dritter, not {player!r} ({p(1)})")
    start = seats.index(player)
    return (seats[(start + 1) % 3], seats[(start + 2) % 3])


# ---------------------------------------------------------------- play


@rule(paragraphs=[p(1)])
def legal_cards(hand: Sequence[Card], led: Card | None) -> tuple[Card, ...]:
    """The cards a player may play: his cards of the led suit if he has any, else any card.

    "Die ausgespielte Farbe muß bekannt werden, man ist jedoch nicht zum Stechen
    gezwungen, wenn man sie nicht hat" (p1): follow suit; without it, trump or throw off
    at will. Nor must one head the trick. ``led`` ``None``: the player leads, any card.
    """
    cards = ORDER.sorted(check_cards(hand, "hand"))
    if led is None:
        return tuple(cards)
    check_cards([led, *cards], "led card and hand")
    same = tuple(c for c in cards if c.suit == led.suit)
    return same or tuple(cards)


@rule(paragraphs=[p(1)])
def trick_winner(cards: Sequence[Card], trump: str) -> int:
    """Which card of a trick wins (its index, the lead first): the highest trump, else led suit.

    "Die Farbe, in welcher gespielt wird, ist Trumpf u. sticht alle andern Farben. ...
    Das Daus sticht alle andern Blätter, der König den Ober, dieser den Unter, dieser die
    Zehn etc." (p1).
    """
    played = check_cards(cards, "trick")
    if len(played) not in (2, 3):
        raise PreferenceError(
            f"a trick has one card of each player in the play, two or three, not {len(played)}"
        )
    trump_suit = SUIT_CARD[suit_name(trump)]
    led = played[0].suit

    def key(card: Card) -> tuple[int, int]:
        tier = 2 if card.suit == trump_suit else 1 if card.suit == led else 0
        return (tier, ORDER.strength(card.rank))

    return max(range(len(played)), key=lambda i: key(played[i]))


# ---------------------------------------------------------------- the contract and its pay


@rule(paragraphs=[p(1)])
def game_value(suit: str) -> int:
    """The marks a game is worth: Roth 40, Schellen 30, Grün 20, Eicheln 10.

    "Spieler u. Mitgehende verlieren dann in Roth 40, in Schellen 30, in Grün 20, in
    Eicheln 10 Marken. Der Spieler gewinnt die nämliche Zahl" (p1).
    """
    return _VALUE[suit_name(suit)]


@rule(paragraphs=[p(1)])
def trick_rate(suit: str) -> int:
    """What a defender receives a trick: Roth 4, Schellen 3, Grün 2, Eicheln 1 marks.

    "Der Mitgehende erhält dafür von dem Gewinner für jeden Stich vier Marken in Roth,
    drei in Schellen, zwei in Grün, eine in Eicheln" (p1).
    """
    return _RATE[suit_name(suit)]


@rule(paragraphs=[p(1)])
def bete(tricks: int, role: Literal["spieler", "mitgehender"]) -> bool:
    """Whether the player (fewer than five tricks) or a defender (fewer than two) is bête.

    "Der Spieler muß fünf Stiche machen, der Mitspielende zwei. Machen sie weniger, so
    sind sie bête" (p1). Austrian Preference today asks six of the declarer (pagat.com).
    """
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 10:
        raise PreferenceError(f"a player takes 0 to 10 of the ten tricks, not {tricks!r}")
    if role == "spieler":
        return tricks < PLAYER_TRICKS
    if role == "mitgehender":
        return tricks < DEFENDER_TRICKS
    raise PreferenceError(f"role is 'spieler' or 'mitgehender', not {role!r}")


_PAY_EMENDATION = Emendation(
    paragraph=p(1),
    reading=(
        "the player pays every defender who went along his tricks at the rate of the suit, "
        "whether he wins or loses and even if the defender is bête; a bête defender also "
        "puts the game's value into the pot"
    ),
    raw="Selbst nur ein Stich wird ihm von dem Spieler gutgethan",
    evidence=(
        "p1: 'Der Mitgehende erhält dafür von dem Gewinner für jeden Stich ...', 'Selbst nur "
        "ein Stich wird ihm von dem Spieler gutgethan' (one trick is always bête, so a bête "
        "defender is still paid), 'Verliert der Spieler das Spiel, so bezahlt er den "
        "Mitgehenden ebenfalls die Stiche', and 'Die Mitgehenden bezahlt der Gewinner, werden "
        "sie aber bête, so setzen sie den ganzen Betrag des Verlustes'."
    ),
    cert="medium",
)

_POT_EMENDATION = Emendation(
    paragraph=p(7),
    reading=(
        "when the pot holds less than the game's value, the player wins, or loses, only what "
        "is left in it, and the Partie closes with that deal"
    ),
    raw="so schließt sich die Partie u. der Spieler kann nur gewinnen od. verlieren, was noch abzuspielen ist",
    evidence=(
        "p6-p7, broken by the lost figure: 'Stehen nur noch so wenig Marken im Pot, daß der "
        "Gewinner nicht mehr die ihm gebührende Zahl bekommt ... so schließt sich die Partie "
        "u. der Spieler kann nur gewinnen od. verlieren, was noch abzuspielen ist'. What is "
        "'still to be played off' is read as the pot's content, for a loss as for a win "
        "(cert low for the loss). A pot that holds exactly the value pays it and is empty: "
        "the Partie closes too. The defenders' payments are not capped (the text speaks of "
        "'der Spieler')."
    ),
    cert="low",
)


@dataclass(frozen=True, slots=True)
class Settlement:
    """The marks each seat wins (+) or loses (-) in a deal, and what the pot gains or gives."""

    marks: Mapping[str, int]
    pot: int
    closes: bool


@rule(paragraphs=[p(1), p(6), p(7)], emendations=[_PAY_EMENDATION, _POT_EMENDATION])
def settlement(
    trump: str,
    player: str,
    tricks: Mapping[str, int],
    joined: Iterable[str],
    pot: int | None = None,
) -> Settlement:
    """The marks of a played (or unopposed) game, by seat, and the pot's change.

    ``tricks`` gives every active seat's tricks (only the player and the defenders who
    went along, ``joined``, play). The player wins the game's value from the pot if he
    makes five tricks or more, or if nobody goes along ("Geht Keiner mit, so hat der
    Spieler gewonnen"); otherwise he puts it into the pot. He pays each defender who went
    along ``trick_rate`` per trick; a defender with fewer than two tricks puts the
    game's value into the pot. With ``pot`` (the marks in it before this deal) the
    player's win or loss is at most what the pot holds, and ``closes`` says that the
    Partie ends (p6, p7).
    """
    value, rate = game_value(trump), trick_rate(trump)
    defenders = list(joined)
    if player in defenders or len(set(defenders)) != len(defenders):
        raise PreferenceError("the player does not go along with himself; each defender once")
    playing = [player, *defenders]
    for seat in playing:
        if seat not in tricks:
            raise PreferenceError(f"no tricks given for {seat!r}")
    taken = sum(tricks[s] for s in playing)
    if defenders and taken != 10:
        raise PreferenceError(
            f"the ten tricks go to those who play: the player and the defenders took {taken}"
        )
    marks = {seat: 0 for seat in tricks}
    won = not defenders or not bete(tricks[player], "spieler")
    stake = value
    closes = False
    if pot is not None:
        if not isinstance(pot, int) or isinstance(pot, bool) or pot < 0:
            raise PreferenceError(f"the pot holds a whole number of marks >= 0, not {pot!r}")
        if pot <= value:
            stake, closes = pot, True
    marks[player] = stake if won else -stake
    pot_change = -stake if won else stake
    for seat in defenders:
        paid = rate * tricks[seat]
        marks[player] -= paid
        marks[seat] += paid
        if bete(tricks[seat], "mitgehender"):
            marks[seat] -= value
            pot_change += value
    return Settlement(marks, pot_change, closes)


# ---------------------------------------------------------------- the written score

_FIGURE_EMENDATION = Emendation(
    paragraph=p(1),
    reading=(
        "[the figure, lost: a cross; above it the number of tens still to be played off; "
        "under the cross-bar a field for each other player, left, middle and right]"
    ),
    raw="Jeder Spieler macht diese Figur haben sich:",
    evidence=(
        "The print's figure after 'Jeder Spieler macht diese Figur' is not in the web "
        "transcription (the TEI needs a <gap/> there). Its parts are named in p2-p5: a "
        "number 'über die Figur', a 'Querstrich', under it 'die linke Seite', 'die rechte' "
        "and 'die Mitte' for the left and right neighbours and the player opposite. The "
        "words 'haben sich:' are kept as transcribed; they belong to no sentence. The figure "
        "only records the score, so no outcome of a deal depends on it."
    ),
    cert="medium",
)


@rule(paragraphs=[p(2), p(1)], emendations=[_FIGURE_EMENDATION])
def figure_number(marks: int) -> int:
    """The number written over the figure for the marks agreed: the marks in tens.

    "Ist man übereingekommen, 100,200,300 etc. Marken abzuspielen, so setzt man über die
    Figur 10,20,30 etc. Die Null, durch welche die Zahl 100 bezeichnet wird, bleibt weg"
    (p2). Amounts that are not whole tens cannot be written so.
    """
    if not isinstance(marks, int) or isinstance(marks, bool) or marks <= 0 or marks % 10:
        raise PreferenceError(
            f"the agreed marks are written in tens (100 as 10): {marks!r} is not a positive "
            f"multiple of ten ({p(2)})"
        )
    return marks // 10


@rule(paragraphs=[p(3), p(7)])
def figure_marks(number: int) -> int:
    """The marks a number on the figure stands for: "Eine Zahl ohne Null bedeutet die Zehner" (p3).

    p7 writes the same in brackets: "der Erste 7 (70) ... der Dritte 15 (150)". A number
    below nought is one under a Halbzirkel (see :func:`figure_after`).
    """
    if not isinstance(number, int) or isinstance(number, bool):
        raise PreferenceError(f"a number on the figure is a whole number, not {number!r}")
    return number * 10


@dataclass(frozen=True, slots=True)
class FigureEntry:
    """What stands over a player's figure: the number, and whether a Halbzirkel is drawn."""

    number: int
    halbzirkel: bool


@rule(paragraphs=[p(4), p(1)], emendations=[_FIGURE_EMENDATION])
def figure_after(number: int, suit: str, won: bool) -> FigureEntry:
    """The number over the player's figure after his game: less the tens he won, plus those lost.

    "Gewinnt der Spieler, so schreibt er die Anzahl Marken, welche ihm zukommen, von der
    über der Figur stehenden Summe ab u. setzt z.B. in préférence statt der 10 eine 6.
    Verliert er in Schellen, so schreibt er die Summe des Verlustes zu u. setzt statt der
    10,13. Hat ein Spieler seine Anfangs angeschriebenen Marken u. darüber gewonnen, so
    zieht er über der Figur, über die gewonnenen Marken einen Halbzirkel" (p4). A number
    below nought is written as its amount under a Halbzirkel (it has won more than its
    first number); the entry keeps it as a negative number with ``halbzirkel`` set.
    """
    if not isinstance(number, int) or isinstance(number, bool):
        raise PreferenceError(f"the number over the figure is a whole number, not {number!r}")
    tens = game_value(suit) // 10
    after = number - tens if won else number + tens
    return FigureEntry(after, after < 0)


_SIDES_EMENDATION = Emendation(
    paragraph=p(5),
    reading="the strokes record marks one player owes another, one stroke a mark",
    raw="werden die Striche bemerkt, welche Jeder von dem Andern gut hat",
    evidence=(
        "p5 says where the strokes stand, not what one stroke is worth; the payments "
        "between players are the defenders' trick money (p1: 'Die Mitgehenden bezahlt der "
        "Gewinner'), in marks. The lost figure may have shown it."
    ),
    cert="low",
)


@rule(paragraphs=[p(5), p(1)], emendations=[_FIGURE_EMENDATION, _SIDES_EMENDATION])
def stroke_side(owner: int, other: int, players: int = 4) -> str:
    """Where on ``owner``'s figure the strokes ``other`` owes him stand: left, middle or right.

    "Unter dem Querstriche der Figur werden die Striche bemerkt, welche Jeder von dem
    Andern gut hat. Die linke Seite gilt dem Nachbar zur linken, die rechte dem zur
    rechten Hand u. die Mitte dem gegenüber Sitzenden" (p5). Players are numbered round
    the table in the direction of the deal (to the left), so ``owner + 1`` is the left
    neighbour; with three players nobody sits opposite.
    """
    _players(players)
    for value in (owner, other):
        if not isinstance(value, int) or not 0 <= value < players:
            raise PreferenceError(f"players are numbered 0 to {players - 1}, not {value!r}")
    step = (other - owner) % players
    if step == 0:
        raise PreferenceError("a player keeps no strokes against himself")
    if step == 1:
        return "left"
    if step == players - 1:
        return "right"
    return "middle"


_CONTINUE_EMENDATION = Emendation(
    paragraph=p(7),
    reading=(
        "on going on, each adds the newly agreed number to what stands over his figure (a "
        "number under a Halbzirkel counts below nought); the example's balances are lost"
    ),
    raw="Hätte man so die Zahl 100 angenommen, so würde der Erste 7 (70), der Zweite nichts, der Dritte 15 (150), der Vierte 19 (190) über seine Figur schreiben.",
    evidence=(
        "The figure the example refers to ('so') is lost (between p6 and p7 the "
        "transcription breaks a sentence). The four different new numbers show that a "
        "player does not simply start again at 10: they are 10 plus what stood over each "
        "figure, i.e. Halbzirkel 3, Halbzirkel 10, 5 and 9, which leave 1 ten (10 marks) in "
        "the pot, too little for any game but Eicheln, as p6 requires for the close. The "
        "reading 'fresh' starts every player at the new number."
    ),
    cert="low",
)


@rule(paragraphs=[p(7), p(2)], emendations=[_CONTINUE_EMENDATION])
def continued_number(balance: int, marks: int, reading: Literal["carry", "fresh"] = "carry") -> int:
    """The number a player writes over his figure when the Partie goes on for ``marks`` more.

    "Soll die Partie fortgesetzt werden, so setzt Jeder wieder in den Pot, od. schreibt
    sich eine neue Zahl an" (p7). ``balance`` is what stood over his figure (negative
    under a Halbzirkel); with ``reading="fresh"`` it is ignored.
    """
    if reading not in ("carry", "fresh"):
        raise PreferenceError(f"reading is 'carry' or 'fresh', not {reading!r}")
    if not isinstance(balance, int) or isinstance(balance, bool):
        raise PreferenceError(f"the number over the figure is a whole number, not {balance!r}")
    agreed = figure_number(marks)
    return agreed + balance if reading == "carry" else agreed


UNFORMALISED: dict[str, str] = {}
