"""Bieten as Schwaighofer (1927) describes it: the pure rule functions of "Das Bieten".

The playable deal built on them is :mod:`rules.bieten.model`; Bieten mit dem Weli
(:mod:`rules.bietenweli`) and Spitzbieten (:mod:`rules.spitzbieten`) call the same
functions with their wild cards (``wilds``), so the three games share one formalisation.

Vocabulary (German words kept as in the source): a *Figur* is one of the five things a
player scores for: ``herz`` (the highest Herz), ``laub`` (the highest Laub), ``gleich``
(two or three cards of one rank), ``hanger`` (two or three cards of one suit in
sequence) and ``spiel`` (the last trick). To *bieten* is to bid (wager on) a figure;
the others answer ``gut`` (let it good: the bidder writes one), ``halten`` /
*anschauen* (hold it: whoever makes it writes two) or ``drei`` (give a *Groschen*:
three, or two if it is let good). A *Gutpunkt* is a point; *ausgehen* is to reach the
agreed number of points and so to leave the game as a winner.

Cards are written in the notation of :mod:`rules.cards` (``AE`` Eichel-As, ``OR``
Herzober, ``10L`` Laubzehner, ``7B`` Schellsiebener). A card played as a wild card
(the Weli ``6B``; in Spitzbieten also ``7B`` and ``7E``) is written ``6B=AR``: the Weli
counting as the Herzas. Comparison with modern descriptions (pagat.com's Bieten page,
mirrored at gambiter.com; de.wikipedia "Bieten (Kartenspiel)"; schoenramer.de) is given
where it differs; the 1927 text is followed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Literal

from rules.cards import GERMAN_32, Card, Rank, RankOrder, Suit, parse_card
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "schwaighofer1927"

Figure = Literal["herz", "laub", "gleich", "hanger", "spiel"]
#: The five figures in the order of bieten.figur.1-5, which is also their rank when
#: going out (bieten.ausgehen.p1).
FIGURES: tuple[Figure, ...] = ("herz", "laub", "gleich", "hanger", "spiel")
Status = Literal["still", "gut", "gehalten", "groschen_gut", "groschen_gehalten"]
STATUSES: tuple[Status, ...] = ("still", "gut", "gehalten", "groschen_gut", "groschen_gehalten")


def p(n: int) -> str:
    """The id of paragraph ``n`` of "Das Bieten"."""
    return f"{SIGLUM}.bieten.p{n}"


def figur(n: int) -> str:
    """The id of the numbered figure ``n`` (1 Herz ... 5 Spiel)."""
    return f"{SIGLUM}.bieten.figur.{n}"


def antwort(n: int) -> str:
    """The id of the numbered kind of answer ``n`` (1 gut, 2 gehalten, 3 Drei)."""
    return f"{SIGLUM}.bieten.antwort.{n}"


def aus(n: int) -> str:
    """The id of paragraph ``n`` of "Das Ausgehen"."""
    return f"{SIGLUM}.bieten.ausgehen.p{n}"


def bsp(n: int) -> str:
    """The id of paragraph ``n`` of the "Praktisches Beispiel"."""
    return f"{SIGLUM}.bieten.beispiel.p{n}"


FIGURE_PARAGRAPH: dict[Figure, str] = {f: figur(i) for i, f in enumerate(FIGURES, 1)}


class BietenError(RulesError, ValueError):
    """An input that no position of Bieten can have (cards, seats, figures, scores)."""


#: "As (Sau), König, Ober, Unter, Zehner, Neuner, Achter und Siebener" (p1).
ORDER = RankOrder(
    (Rank.ACE, Rank.KING, Rank.OBER, Rank.UNTER, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
)
_STRENGTH = {r: ORDER.strength(r) for r in ORDER.ranks}
_RANK_OF_STRENGTH = {s: r for r, s in _STRENGTH.items()}
#: The tier of a natural card: it beats every wild card counted as the same card.
NATURAL = 3
WELI = Card(Rank.SIX, Suit.BELLS)
SCHELL7 = Card(Rank.SEVEN, Suit.BELLS)
EICHEL7 = Card(Rank.SEVEN, Suit.ACORNS)
#: Wild cards of each game and their tier (higher beats lower when they count as the
#: same card; every natural card is higher still): none in Bieten, the Weli in Bieten
#: mit dem Weli, Weli > Schellsiebener > Eichelsiebener in Spitzbieten.
NO_WILDS: Mapping[Card, int] = {}
WELI_WILDS: Mapping[Card, int] = {WELI: 2}
SPITZ_WILDS: Mapping[Card, int] = {WELI: 2, SCHELL7: 1, EICHEL7: 0}
_PACK32 = frozenset(GERMAN_32)


@dataclass(frozen=True, slots=True)
class Played:
    """A card as it counts on the table: the card it is, its tier, the wild card it was."""

    card: Card
    tier: int = NATURAL
    wild: Card | None = None

    def __str__(self) -> str:
        return str(self.card) if self.wild is None else f"{self.wild}={self.card}"

    @property
    def key(self) -> tuple[int, int]:
        """Rank strength, then tier: the order of two cards of one suit."""
        return (_STRENGTH[self.card.rank], self.tier)


def parse_played(text: str, wilds: Mapping[Card, int] = NO_WILDS) -> Played:
    """Parse ``"AE"`` (a natural card) or ``"6B=AR"`` (a wild card counted as the Herzas)."""
    if not isinstance(text, str):
        raise BietenError(f"a card is written as a string like 'AE' or '6B=AR', not {text!r}")
    try:
        if "=" in text:
            physical, _, meant = text.partition("=")
            wild = parse_card(physical)
            card = parse_card(meant)
            if wild not in wilds:
                known = ", ".join(str(w) for w in wilds) or "none in this game"
                raise BietenError(f"{wild} is not a wild card here (wild cards: {known})")
            if card not in _PACK32:
                raise BietenError(f"a wild card counts as a card of the 32-card pack, not {card}")
            return Played(card, wilds[wild], wild)
        card = parse_card(text)
    except ValueError as error:
        raise BietenError(str(error)) from None
    if card in wilds:
        raise BietenError(f"{card} is a wild card: write what it counts as, e.g. '{card}=AR'")
    if card not in _PACK32:
        raise BietenError(f"{card} is not in the German pack of 32 (A K O U 10 9 8 7)")
    return Played(card)


def _check_distinct(cards: Iterable[Played]) -> None:
    seen: set[Card] = set()
    for c in cards:
        physical = c.wild or c.card
        if physical in seen:
            raise BietenError(f"{physical} is given twice")
        seen.add(physical)


# ---------------------------------------------------------------- pack and order


@rule(paragraphs=[p(1)])
def pack() -> tuple[Card, ...]:
    """The pack: "mit vollen deutschen Karten, das heißt mit 32 Blättern" (p1).

    Canonical order: Eichel, Laub, Herz, Schell, each from As down to Siebener.
    """
    return GERMAN_32


@rule(paragraphs=[p(1), p(8)])
def rank_order() -> tuple[Rank, ...]:
    """The ranks from high to low: As, König, Ober, Unter, Zehner, Neuner, Achter, Siebener."""
    return ORDER.ranks


@rule(paragraphs=[p(2), p(3), p(6)])
def players_allowed(players: int) -> bool:
    """Whether ``players`` can play: "zwei, drei, vier, fünf und mehr" (p2), three cards each.

    Each plays for himself (p3). With three cards each (p6) the 32 cards suffice for up to
    ten players; the text sets no upper limit, so ten is the edition's bound.
    """
    if not isinstance(players, int) or isinstance(players, bool) or players < 0:
        raise BietenError(f"a number of players is a whole number >= 0, not {players!r}")
    return 2 <= players <= 10


#: The order of cutting for the deal, lowest first: the As counts lowest (p4).
_CUT_ORDER = (
    Rank.ACE,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.UNTER,
    Rank.OBER,
    Rank.KING,
)


@rule(
    paragraphs=[p(4)],
    emendations=[
        Emendation(
            paragraph=p(4),
            reading="no As cut: the lowest card deals; two equal lowest ranks cut again",
            raw="wer die niederste Karte abhebt, gibt aus",
            evidence=(
                "p4 says the lowest card deals, the Asse count lowest and the first As cut "
                "deals; it does not say what happens when two players cut the same lowest "
                "rank without an As. The edition returns no dealer (cut again)."
            ),
            cert="medium",
        )
    ],
)
def dealer_by_cut(cuts: Sequence[Card]) -> int | None:
    """Who deals, from the cards the players cut in turn: the first As, else the lowest card.

    "wer die niederste Karte abhebt, gibt aus. Die Asse gelten beim Abheben und Geben als
    die niederste Karte. Wer das erste As abhebt, gibt." (p4). Returns the index of the
    dealer among ``cuts``, or ``None`` when two lowest cards tie (cut again).
    """
    cards = list(cuts)
    for card in cards:
        if card not in _PACK32:
            raise BietenError(f"{card} is not in the pack of 32")
    if len(set(cards)) != len(cards):
        raise BietenError("two players cannot cut the same card")
    if len(cards) < 2:
        raise BietenError("at least two players cut for the deal")
    for index, card in enumerate(cards):
        if card.rank == Rank.ACE:
            return index
    values = [_CUT_ORDER.index(c.rank) for c in cards]
    holders = [i for i, v in enumerate(values) if v == min(values)]
    return holders[0] if len(holders) == 1 else None


@rule(paragraphs=[p(5)])
def target_allowed(target: int) -> bool:
    """Whether ``target`` may be agreed as the number of Gutpunkte: "immer eine ungerade Zahl".

    "Man nimmt nach altem Brauch immer eine ungerade Zahl, wie 5, 7, 9, 15" (p5).
    """
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise BietenError(f"a number of Gutpunkte is a whole number >= 1, not {target!r}")
    return target % 2 == 1


@rule(paragraphs=[p(6), p(8)])
def deal_order(players: int, weli_cut: bool = False) -> list[int]:
    """To whom each dealt card goes: "zuerst jedem Spieler eine und dann jedem zwei" (p6).

    Positions count from the Vorhand (0, the player left of the dealer, who leads: p8) to
    the dealer (``players - 1``). ``weli_cut`` (Bieten mit dem Weli): the player right
    of the dealer, who cut the Weli and kept it, is passed over in the round of one card
    and so receives "nur mehr zwei Karten" (bietenweli.p2).
    """
    if not players_allowed(players):
        raise BietenError(f"Bieten is played by 2 to 10 players, not {players}")
    cutter = cutter_position(players)
    first = [i for i in range(players) if not (weli_cut and i == cutter)]
    return first + [i for i in range(players) for _ in range(2)]


def cutter_position(players: int) -> int:
    """The position of the player right of the dealer, who cuts (p6): the one before the dealer."""
    return players - 2


# ---------------------------------------------------------------- figures


def _suit_key(cards: Sequence[Played], suit: Suit) -> tuple[int, int] | None:
    best: tuple[int, int] | None = None
    for c in cards:
        if c.card.suit == suit and (best is None or c.key > best):
            best = c.key
    return best


def gleich_key(cards: Sequence[Played]) -> tuple[int, int, tuple[int, ...]] | None:
    """The best Gleich of a player's cards as (size, rank strength, tiers), or None.

    Cards of one rank count once per suit ("von verschiedenen Farben", figur.3).
    """
    by_rank: dict[Rank, dict[Suit, int]] = {}
    for c in cards:
        suits = by_rank.setdefault(c.card.rank, {})
        suits[c.card.suit] = max(suits.get(c.card.suit, -1), c.tier)
    best: tuple[int, int, tuple[int, ...]] | None = None
    for rank, suits in by_rank.items():
        if len(suits) >= 2:
            tiers = tuple(sorted(suits.values(), reverse=True)[:3])
            key = (len(tiers), _STRENGTH[rank], tiers)
            if best is None or key > best:
                best = key
    return best


def hanger_key(cards: Sequence[Played]) -> tuple[int, int, tuple[int, ...]] | None:
    """The best Hanger of a player's cards as (length, top rank strength, tiers), or None."""
    by_suit: dict[Suit, dict[int, int]] = {}
    for c in cards:
        strengths = by_suit.setdefault(c.card.suit, {})
        s = _STRENGTH[c.card.rank]
        strengths[s] = max(strengths.get(s, -1), c.tier)
    best: tuple[int, int, tuple[int, ...]] | None = None
    for strengths in by_suit.values():
        for top in strengths:
            length = 1
            while length < 3 and top - length in strengths:
                length += 1
            if length >= 2:
                tiers = tuple(sorted((strengths[top - i] for i in range(length)), reverse=True))
                key = (length, top, tiers)
                if best is None or key > best:
                    best = key
    return best


def figure_key(figure: Figure, cards: Sequence[Played]) -> tuple[object, ...] | None:
    """How good ``cards`` are in ``figure`` (comparable; None: not held). Not for Spiel."""
    if figure == "herz":
        return _suit_key(cards, Suit.GERMAN_HEARTS)
    if figure == "laub":
        return _suit_key(cards, Suit.LEAVES)
    if figure == "gleich":
        return gleich_key(cards)
    if figure == "hanger":
        return hanger_key(cards)
    raise BietenError(f"the Spiel is the last trick, not a holding of cards; figure {figure!r}")


def _figure(value: str) -> Figure:
    if value not in FIGURES:
        raise BietenError(f"a figure is one of {', '.join(FIGURES)}, not {value!r}")
    return value  # type: ignore[return-value]


@rule(paragraphs=[p(7), figur(1), figur(2), figur(3), figur(4), p(8)])
def gleich(cards: Sequence[Played]) -> dict[str, object] | None:
    """A player's best Gleich: "drei oder zwei Karten von verschiedenen Farben, aber in
    derselben Ranghöhe" (figur.3). Returns ``{"rank", "size"}`` or ``None``."""
    _check_distinct(cards)
    key = gleich_key(cards)
    if key is None:
        return None
    return {"rank": _RANK_OF_STRENGTH[key[1]].value, "size": key[0]}


@rule(paragraphs=[p(7), figur(4), p(8)])
def hanger(cards: Sequence[Played]) -> dict[str, object] | None:
    """A player's best Hanger: "eine nicht unterbrochene Reihe von drei oder zwei unmittelbar
    aufeinanderfolgenden Blättern derselben Farbe" (figur.4), in the order of p1 (so Unter
    and Zehner follow each other). Returns ``{"top", "length"}`` or ``None``."""
    _check_distinct(cards)
    key = hanger_key(cards)
    if key is None:
        return None
    return {"top": _RANK_OF_STRENGTH[key[1]].value, "length": key[0]}


_FLEE_EMENDATION = Emendation(
    paragraph=p(29),
    reading=(
        "a Gleich or Hanger 'flieht' when the best one at the table is held equally by two "
        "players; a figure let good (or a Groschen let good) flees only when the bidder's "
        "(giver's) own figure is equalled by another player's"
    ),
    raw=(
        "Haben zwei Spieler das gleich hohe Gleich oder den gleich hohen Hanger, so sagt man, "
        "er „flieht“ und es schreibt niemand einen Gutpunkt; gleichgültig, ob die Figur gar "
        "nicht geboten, ob sie gut gelassen, ob sie angeschaut oder ob ein Groschen gegeben ist"
    ),
    evidence=(
        "p12 lets the bidder write a figure let good even if another player holds a better "
        "one; p29 says a tie flees even when the figure was let good. Both hold if the tie "
        "that matters is the one of the figure that would score: the best at the table when "
        "it is decided by the cards, the bidder's own when it was let good. Suits do not "
        "separate equal figures (p1: the suits are 'untereinander vollkommen gleich')."
    ),
    cert="low",
)

_WILD_TIE_EMENDATION = Emendation(
    paragraph=f"{SIGLUM}.bietenweli.p1",
    reading=(
        "a figure made with a wild card is lower than the same figure of natural cards "
        "(Weli above Schellsiebener above Eichelsiebener): of two Gleich or Hanger of the "
        "same size and rank, the cards' tiers are compared from the best down (natural, "
        "Weli, Schellsiebener, Eichelsiebener), so fewer wild cards win first"
    ),
    raw="Die Naturkarte ..., zu der man ihn tauft, ist und bleibt aber unter allen Umständen höher",
    evidence=(
        "The text says it of single cards (a Weli made Herzas is below the Herzas, above the "
        "Herzkönig) and, for Spitzbieten, orders the three wild cards. Applied 'unter allen "
        "Umständen' also to a Gleich or Hanger of the same size and rank; without a wild "
        "card on either side such figures flee (p29)."
    ),
    cert="low",
)


def _tables(tables: Mapping[str, Sequence[Played]]) -> None:
    if not tables:
        raise BietenError("no players' cards given")
    every = [c for cards in tables.values() for c in cards]
    _check_distinct(every)
    for seat, cards in tables.items():
        if len(cards) > 3:
            raise BietenError(f"{seat} holds {len(cards)} cards; each player has three (p6)")


@rule(
    paragraphs=[p(8), p(14), p(28), p(29), figur(1), figur(2), figur(3), figur(4), figur(5)],
    emendations=[_FLEE_EMENDATION],
)
def figure_winner(
    figure: Figure, tables: Mapping[str, Sequence[Played]], last_trick: str | None = None
) -> str | None:
    """Who makes ``figure``: the best Herz, Laub, Gleich or Hanger at the table, or the last trick.

    "die das höchste Herz, Laub, Gleich oder Hanger am Tisch liegen haben" (p8); a
    dritzig Gleich or Hanger beats every two-card one ("drei Siebener sind z. B. höher
    als zwei Assen", p8); equal best Gleich or Hanger flee (p29: nobody); nobody makes
    Herz or Laub if nobody has one (p28: "Ist keine Herz oder Laub im Spiel, schreibt
    diese Figuren niemand"); the Spiel is "einzig und allein" the last trick (p29).
    ``tables`` gives each player's three cards, played or not (p8: the tricks are not
    gathered, so all cards lie open at the end, p14).
    """
    figure = _figure(figure)
    _tables(tables)
    if figure == "spiel":
        if last_trick is not None and last_trick not in tables:
            raise BietenError(f"the last trick's winner {last_trick!r} is not a player")
        return last_trick
    keys = {seat: figure_key(figure, cards) for seat, cards in tables.items()}
    held = {seat: k for seat, k in keys.items() if k is not None}
    if not held:
        return None
    top = max(held.values())  # type: ignore[type-var]
    winners = [seat for seat, k in held.items() if k == top]
    return winners[0] if len(winners) == 1 else None


@rule(
    paragraphs=[p(8), p(12), p(14), p(15), p(16), p(18), p(20), antwort(1), antwort(2), antwort(3)]
)
def figure_points(status: Status) -> int:
    """What one figure is worth by how it was settled.

    ``still`` (never bid, p8 and p9 "stillschweigend") 1; ``gut`` (bid and let good by
    all, p12) 1 to the bidder; ``gehalten`` (bid and held, p14) 2 to whoever makes it;
    ``groschen_gut`` (a Groschen let good by all, p16) 2 to its giver;
    ``groschen_gehalten`` (p18) 3 to whoever makes it. Drei is "wie man volkstümlich
    sagt, ein „Groschen“" (p15). "Mehr als „Drei“ ... können beim
    Bieten nicht gegeben werden" (p20).
    """
    values = {"still": 1, "gut": 1, "gehalten": 2, "groschen_gut": 2, "groschen_gehalten": 3}
    if status not in values:
        raise BietenError(f"a figure is settled as one of {', '.join(STATUSES)}, not {status!r}")
    return values[status]


_EXAMPLE_SLIPS = (
    Emendation(
        paragraph=bsp(2),
        reading="B's third card in the first deal is the Eichelachter",
        raw="B den Eichelkönig, Eichelneuner und Eichelsiebener (beispiel.p1)",
        evidence=(
            "The deal gives B the Eichelsiebener, but B then 'spielt weiter seinen "
            "Eichelachter aus', the small Hanger he could bid is 'Eichelneuner, "
            "Eichelachter', and he writes 'eines im Hanger (Eichelneuner und "
            "Eichelachter)', three in all. With the Siebener B holds no Hanger (the "
            "Achter is missing) and writes two. A slip of the author (the OCR reads "
            "'Eichelfiebener', long s for s, not a garbled Achter). Both deals are "
            "transcripts: beispiel_gang1 (Achter, B 3) and beispiel_gang1_wie_gedruckt "
            "(Siebener, B 2)."
        ),
        cert="high",
    ),
    Emendation(
        paragraph=bsp(2),
        reading="'weil A mit seinem Laubkönig nicht „gegangen“ ist'",
        raw="weil C mit seinem Laubkönig nicht „gegangen“ ist",
        evidence=(
            "C holds the Laubas, A the Laubkönig, with which A held ('anschaut') C's "
            "Groschen; so C writes three 'because A did not back down'. The OCR has 'E', "
            "which this chapter's player letters read as C; a slip of print or OCR. The "
            "score (C three in Laub) is the same either way."
        ),
        cert="medium",
    ),
    Emendation(
        paragraph=bsp(3),
        reading="B gives his Eichelneuner to the first trick of the second deal",
        raw="C wird dann seinen Eichelneuner, mit dem er sich doch keinen Stich verhofft, zugeben",
        evidence=(
            "The second deal gives B 'Herzober, Eichelas und Eichelneuner'; C led the "
            "Laubneuner and A took it; the third card of the trick is B's. A slip of the "
            "author (or of the OCR's letters); the transcript plays B's Eichelneuner."
        ),
        cert="high",
    ),
    Emendation(
        paragraph=bsp(3),
        reading="the board after the first deal: B 3, C 5, A 1",
        raw="Also: B 3, C 5 und A.",
        evidence=(
            "A's figure is missing after 'und A'; beispiel.p2 gives it: A writes 'nur eins "
            "im Gleich', and the second deal's count ('da er schon fünf gehabt hat' for C; "
            "A five after his four) needs A 1. Lost in print or OCR."
        ),
        cert="high",
    ),
)


@rule(
    paragraphs=[
        p(8),
        p(9),
        p(12),
        p(14),
        p(16),
        p(17),
        p(18),
        p(20),
        p(29),
        p(24),
        p(25),
        p(26),
        p(27),
        p(30),
        bsp(1),
        bsp(2),
        bsp(3),
        bsp(4),
        bsp(5),
    ],
    emendations=[_FLEE_EMENDATION, *_EXAMPLE_SLIPS],
)
def settle(
    figure: Figure,
    status: Status,
    tables: Mapping[str, Sequence[Played]],
    bidder: str | None = None,
    giver: str | None = None,
    last_trick: str | None = None,
) -> dict[str, int]:
    """The points one figure gives, by seat, once the last card lies on the table.

    - never bid: its maker writes 1 (p8);
    - let good by all (``gut``): the bidder writes 1, "auch wenn es sich herausstellen
      sollte, daß einer der Mitspieler eine höhere Karte als er in der Hand hat" (p12) —
      so a bluff ("Jagen") let good scores (p24); a Spiel let good likewise (p30);
    - held (``gehalten``): "Wer die angeschaute und gehaltene Figur „macht“ ... schreibt
      sich zwei Gutpunkte auf" (p14), even a player who said nothing (p14, p25);
    - a Groschen let good (``groschen_gut``): its giver writes 2 (p16, p26);
    - a Groschen held (``groschen_gehalten``): its maker writes 3 (p18, p27).

    A Gleich or Hanger that flees scores nothing (p29, see the emendation). The worked
    example (beispiel.p1-p3) is scored so; its slips are recorded as emendations.
    """
    figure = _figure(figure)
    points = figure_points(status)
    _tables(tables)
    if status in ("gut", "groschen_gut"):
        who = bidder if status == "gut" else giver
        if who is None or who not in tables:
            raise BietenError(f"a figure settled as {status!r} needs the seat who bid or gave it")
        if figure in ("gleich", "hanger"):
            own = figure_key(figure, tables[who])
            if own is not None and any(
                figure_key(figure, cards) == own for seat, cards in tables.items() if seat != who
            ):
                return {}
        return {who: points}
    winner = figure_winner(figure, tables, last_trick)
    return {} if winner is None else {winner: points}


# ---------------------------------------------------------------- play


@rule(paragraphs=[p(1), p(8)])
def trick_winner(trick: Sequence[Played]) -> int:
    """The index of the card that takes a trick: the highest card of the led suit.

    "Das höhere Blatt sticht das niederere seiner Farbe ... man kann mit einer Farbe nur
    ein Blatt derselben Farbe stechen. Es gibt also keinen Trumpf" (p1). Of two cards
    counting as the same card, the natural one (or the higher wild card) wins.
    """
    cards = list(trick)
    if not cards:
        raise BietenError("a trick has at least the led card")
    _check_distinct(cards)
    suit = cards[0].card.suit
    best = 0
    for index, card in enumerate(cards[1:], 1):
        if card.card.suit == suit and card.key > cards[best].key:
            best = index
    return best


@rule(paragraphs=[p(8), p(28), p(30)])
def legal_cards(hand: Sequence[Card], led: Card | None) -> list[Card]:
    """The natural cards a player may play: any when leading; else his cards of the led
    suit if he has any ("Es muß unter allen Umständen Farbe bekannt werden", p8), higher
    or lower as he likes ("man kann auch darunter gehen, d.h. „laschieren“"), else any.

    Wild cards are :func:`wild_options`' business. A card in hand that is also the led
    card is refused.
    """
    cards = list(hand)
    for card in cards:
        if card not in _PACK32:
            raise BietenError(f"{card} is not a natural card of the pack of 32")
    if len(set(cards)) != len(cards) or len(cards) > 3:
        raise BietenError("a hand holds at most three distinct cards (p6)")
    if led is None:
        return cards
    if led in cards:
        raise BietenError(f"the led card {led} cannot also be in this hand")
    same = [c for c in cards if c.suit == led.suit]
    return same or cards


@rule(paragraphs=[p(10), p(12), p(14)])
def answer_order(bidder: str, order: Sequence[str]) -> list[str]:
    """Who answers a bid, in turn: every other player, "in der Reihenfolge nach links hin
    vom Ausspielenden" (p10), the next one only once the one before let it good (p12);
    once one holds it, the rest need not answer (p14)."""
    seats = list(order)
    if bidder not in seats:
        raise BietenError(f"{bidder!r} is not a player")
    i = seats.index(bidder)
    return seats[i + 1 :] + seats[:i]


@rule(paragraphs=[p(16), p(17), p(19)])
def groschen_answer_order(giver: str, order: Sequence[str]) -> list[str]:
    """Who answers a Groschen, in turn: not only the bidder but "alle anderen Mitspieler"
    (p16), from the giver's left; once it is held, those "die in der Reihenfolge nach dem
    kommen, der den Groschen gegeben hat", need not answer (p17). Any player may give it,
    also the Hintermann while two others fight over a figure (p19)."""
    return answer_order(giver, order)


_GROSCHEN_EMENDATION = Emendation(
    paragraph=p(16),
    reading=(
        "a Groschen is given TO the bidder by another player: the asked player in answer to "
        "the bid, or, once the figure is held, any other player holding it at his turn "
        "(the holder, or a Hintermann); the bidder does not raise his own figure. Variant "
        "bieter_groschen: the bidder may also give Drei on his own figure once it is held"
    ),
    raw=(
        "Glaubt der Gefragte unter allen Umständen die angetragene Wette zu gewinnen ... so "
        "gibt er „Drei“ oder einen „Groschen“ ... daß auf den Groschen nicht nur derjenige, "
        "der die Figur geboten hat, antworten muß, sondern ... auch alle anderen Mitspieler"
    ),
    evidence=(
        "For the reading: p16 makes the Groschen the answer of 'der Gefragte', who is sure "
        "to hold the better card 'als sein Gegner', and the bidder one who answers it ('nicht "
        "nur derjenige, der die Figur geboten hat, antworten muß'); every Groschen of the "
        "print is given to the bidder by someone else: by the holder ('mit dem er dem A, der "
        "die Laub ja geboten hat, noch einen Groschen in die Laub geben kann', beispiel.p1; "
        "'mir einen Groschen in der Herz geben', p26), by the asked player ('A aber mit "
        "seinem As gibt dem B einen Groschen', beispiel.p4; p27 'vom Gegner ... einen "
        "Groschen bekommen'), by the Hintermann while two others fight (p19), by a third "
        "player once another's Gleich is held (p28), and on B's Herz by A, who held it "
        "(bietenweli.p5). Against it: no sentence forbids the bidder to raise; p20 limits "
        "how high ('Mehr als „Drei“ ... können beim Bieten nicht gegeben werden'), not who; "
        "p19 and p22 speak of giving a Groschen without naming to whom. The earlier edition "
        "let anyone holding the figure raise it at his turn; that is kept as the variant."
    ),
    cert="medium",
)


@rule(
    paragraphs=[p(16), p(19), p(20), p(26), p(27), bsp(1), bsp(4)],
    emendations=[_GROSCHEN_EMENDATION],
)
def may_give_groschen(giver: str, bidder: str, bidder_groschen: bool = False) -> bool:
    """Whether ``giver`` may give Drei (a Groschen) on the figure ``bidder`` bid.

    "Glaubt der Gefragte ... so gibt er „Drei“" (p16): the Groschen is given to the bidder
    by another player; the bidder himself answers it. ``bidder_groschen`` (the variant
    ``bieter_groschen``) lets the bidder raise his own held figure too. Whether the giver
    holds the figure is :func:`may_wager`'s business.
    """
    for seat in (giver, bidder):
        if not isinstance(seat, str) or not seat:
            raise BietenError(f"a player is named by his seat, not {seat!r}")
    return bidder_groschen or giver != bidder


_HOLD_EMENDATION = Emendation(
    paragraph=p(9),
    reading=(
        "a player bids, holds or gives Drei only on a figure he holds: a card of Herz or "
        "Laub, a Gleich, a Hanger; the Spiel at any time before the last lead, after it "
        "only with the led suit"
    ),
    raw="",
    evidence=(
        "Bieten says it for the Spiel in the last round (p30: 'darf nur mehr derjenige Spiel "
        "bieten, der ein Blatt von derselben Farbe in der Hand hält ... oder hält er es ohne "
        "Farbe zu haben'); the Weli chapter gives the bidder 'mit dem Laubneuner ... das "
        "Recht ..., die Laub zu bieten' (bietenweli.p3) and lets the Weli hold any figure "
        "'da man ihn ja zu jeder Farbe machen ... kann' (bietenweli.p2). Bluffing ('Jagen', "
        "p22, p24) is done with a low card of the figure. Modern rules say the same "
        "(de.wikipedia 'Bieten (Kartenspiel)': 'Voraussetzung ist, dass er diese Figur auch "
        "besitzt (Ausnahme Spiel)')."
    ),
    cert="medium",
)


_TURN_EMENDATION = Emendation(
    paragraph=p(9),
    reading=(
        "a player announces (bids, gives Drei) when it is his turn to play, before his card; "
        "answers come at once, in turn. The Vorhand alone may also bid once his first card "
        "lies on the table, before the next player acts: he keeps the word until he says "
        "'pass' (or has no figure left that he may bid)"
    ),
    raw=(
        "Er kann das tun, bevor er noch seine erste Karte ausgespielt hat oder erst, wenn "
        "er sie schon vor sich auf dem Tisch liegen hat."
    ),
    evidence=(
        "Every bid and Groschen of the worked examples is made by the player whose turn it "
        "is, before he gives his card (beispiel.p1-p5; bietenweli.p3-p4); modern rules say "
        "each player may bid 'wenn er an der Reihe ist' (de.wikipedia). p9 gives the Vorhand "
        "the moment after his first card as well, and p21 uses it ('In diesem Fall spielt "
        "man das As aus und bietet gleich Spiel'); the sentence speaks of 'seine erste "
        "Karte' only, so the window is his first card's and nobody else's. It changes no "
        "score that a bid before the lead could not give (his cards are the same), but the "
        "others answer having seen the card."
    ),
    cert="medium",
)

_LAST_TRICK_EMENDATION = Emendation(
    paragraph=p(30),
    reading=(
        "after the last lead, a player whose own card of the led suit already lies in the "
        "last trick may still hold the Spiel"
    ),
    raw="der ein Blatt von derselben Farbe in der Hand hält",
    evidence=(
        "Read to the letter, the leader of the last trick, whose card is on the table, could "
        "not hold a Spiel bid after his lead, although his card may take the trick; 'in "
        "der Hand' is read as 'among his cards of this trick'."
    ),
    cert="low",
)


@rule(
    paragraphs=[p(9), p(10), p(11), p(13), p(16), p(30)],
    emendations=[_HOLD_EMENDATION, _TURN_EMENDATION, _LAST_TRICK_EMENDATION],
)
def may_wager(
    figure: Figure,
    cards: Sequence[Played],
    last_lead: Card | None = None,
    spiel_cards: Sequence[Played] = (),
) -> bool:
    """Whether a player may bid, hold or give Drei on ``figure`` with ``cards`` (his three).

    Anyone may answer "Es ist gut!", also with "eine kleine Rote usw. in der Karte"
    (p11). For the Spiel: always until the third card of the leader lies on the table; after
    that only with a card of the led suit (p30), among ``spiel_cards`` (his card in hand,
    or the one he has just played to the last trick). Natural cards only; with wild
    cards see :func:`rules.bietenweli.functions.may_wager`.
    """
    figure = _figure(figure)
    _check_distinct(cards)
    if figure == "spiel":
        if last_lead is None:
            return True
        return any(c.card.suit == last_lead.suit for c in spiel_cards)
    return figure_key(figure, cards) is not None


_BIDS_EMENDATION = Emendation(
    paragraph=aus(1),
    reading=(
        "the limit counts the figures a player has bid in the deal that are not yet "
        "settled, against the points he has now (figures let good count at once)"
    ),
    raw="Fehlen einem Spieler ... nur mehr zwei Punkte ..., so darf er nur mehr eine Figur bieten",
    evidence=(
        "In the worked example B has three, bids Gleich and Hanger, which are let good, and "
        "'der nun auch fünf hat' bids the Spiel as his one remaining figure (beispiel.p5): "
        "the two figures let good do not use up his limit. Giving Drei and holding are not "
        "bidding and are not limited; a Groschen one gave, held or let good, counts against "
        "nobody's limit."
    ),
    cert="medium",
)

_BIDS_GROSCHEN_EMENDATION = Emendation(
    paragraph=aus(1),
    reading=(
        "a bid settled by a Groschen let good (its points go to the giver) no longer counts "
        "against the bidder's limit: lacking two, he may bid another figure in the deal"
    ),
    raw="so darf er nur mehr eine Figur bieten",
    evidence=(
        "Read literally, aus.p1 counts the figures a player bids ('nur mehr eine Figur'), "
        "so a player lacking two who bid the Herz and lost it to a Groschen let good may bid "
        "nothing more in this deal. The edition counts open bids against the points he "
        "lacks now, as beispiel.p5 does for bids let good: the lost Herz is settled and "
        "brings him nothing, and he still lacks two ('nur mehr' read as from now on). No "
        "example of the print decides it; cert low."
    ),
    cert="low",
)


@rule(paragraphs=[aus(1), aus(2)], emendations=[_BIDS_EMENDATION, _BIDS_GROSCHEN_EMENDATION])
def bids_allowed(score: int, target: int) -> int:
    """How many figures a player may still bid: one fewer than the points he lacks.

    "Fehlen einem Spieler zum Ausgehen ... nur mehr zwei Punkte ..., so darf er nur mehr
    eine Figur bieten. Fehlen ihm drei Punkte, darf er nur mehr zwei Figuren, fehlen ihm
    vier Punkte, darf er nur drei Figuren, fehlen ihm fünf Punkte, darf er nur vier Figuren
    bieten" (aus.p1); with one point lacking ("mit sechs") "nicht mehr bieten" (aus.p2).
    Five figures exist, so five is the most. A score may be below zero: penalties strike
    points ("werden ... Gutpunkte abgestrichen", p28, p30) and the text sets no floor.
    """
    for value in (score, target):
        if not isinstance(value, int) or isinstance(value, bool):
            raise BietenError(f"scores and targets are whole numbers, not {value!r}")
    if target < 1:
        raise BietenError("the agreed number of Gutpunkte is at least 1")
    lacking = target - score
    if lacking <= 0:
        raise BietenError(f"a player with {score} of {target} has gone out and bids no more")
    return max(0, min(len(FIGURES), lacking - 1))


@rule(paragraphs=[aus(1)])
def going_out_rank(figure: Figure, laub_first: bool = False) -> int:
    """The rank of a figure when going out: "1. Herz, 2. Laub, 3. Gleich, 4. Hanger, 5. Spiel".

    ``laub_first``: "In früheren Zeiten und auch jetzt noch in manchen Orten gilt Laub
    beim Ausgehen als beste Farbe" (aus.p1), so Laub 1, Herz 2. Modern descriptions list
    Laub first (de.wikipedia, 'Bieten oder Laubbieten'); the 1927 text puts Herz first.
    """
    figure = _figure(figure)
    order = ("laub", "herz", "gleich", "hanger", "spiel") if laub_first else FIGURES
    return order.index(figure) + 1


@dataclass(frozen=True, slots=True)
class Credit:
    """Points a seat writes for one figure, and when they count for going out.

    ``when``: ``sofort`` (written at once: a figure or Groschen let good, in the order it
    happened), ``gehalten`` (a bid figure held, decided at the end) or ``still`` (never
    bid, decided at the end).
    """

    seat: str
    points: int
    figure: Figure
    when: Literal["sofort", "gehalten", "still"]


_OUT_EMENDATION = Emendation(
    paragraph=aus(2),
    reading=(
        "going out counts first what was written at once (figures and Groschen let good), "
        "then the bid and held figures in the rank order of aus.p1, then the others in that "
        "order"
    ),
    raw=(
        "Denn das Vorgebotene und Angeschaute geht früher aus als alle anderen Figuren, "
        "unbeschadet der Rangordnung der Figuren"
    ),
    evidence=(
        "A figure let good is written when it is let good ('Wird ihm diese Figur "
        "gutgelassen, schreibt er einen Gutpunkt, hat nun sechs', aus.p2; 'B, der nun auch "
        "fünf hat', beispiel.p5). Among several held figures the text gives no order; the "
        "rank order of aus.p1 is the one it gives for figures."
    ),
    cert="medium",
)


@rule(paragraphs=[aus(1), aus(2), bsp(4), bsp(5), bsp(6)], emendations=[_OUT_EMENDATION])
def going_out(
    scores: Mapping[str, int],
    credits: Sequence[Credit],
    target: int,
    laub_first: bool = False,
) -> list[str]:
    """The players who reach ``target`` in a deal, in the order they go out.

    "Wer zuerst eine von vornherein bestimmte Punktezahl erreicht, geht aus" (aus.p1):
    points written at once count first, in order; then "das Vorgebotene und Angeschaute
    geht früher aus als alle anderen Figuren" (aus.p2); then the remaining figures by
    rank (:func:`going_out_rank`): "auch das schlechteste Herz ... mehr als das beste
    Laub" (aus.p1).
    """
    running = dict(scores)
    for seat, value in running.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise BietenError(f"{seat}: a score is a whole number, not {value!r}")
    phase = {"sofort": 0, "gehalten": 1, "still": 2}
    for c in credits:
        if c.seat not in running:
            raise BietenError(f"{c.seat!r} is not a player")
        if c.when not in phase:
            raise BietenError(f"a credit counts 'sofort', 'gehalten' or 'still', not {c.when!r}")
    ordered = sorted(
        enumerate(credits),
        key=lambda ic: (
            phase[ic[1].when],
            ic[0] if ic[1].when == "sofort" else going_out_rank(ic[1].figure, laub_first),
        ),
    )
    out = [seat for seat, value in running.items() if value >= target]
    for _, c in ordered:
        before = running[c.seat]
        running[c.seat] += c.points
        if before < target <= running[c.seat]:
            out.append(c.seat)
    return out


_PENALTY_EMENDATION = Emendation(
    paragraph=p(30),
    reading="the agreed penalty is two Gutpunkte unless another number is agreed",
    raw="um eine vorher festgesetzte Anzahl von Gutpunkten, gewöhnlich zwei",
    evidence=(
        "Every penalty of the chapter is 'eine vorher zu bestimmende Anzahl' (p28, aus.p1, "
        "bietenweli.p6); p28 'um zwei usw.', p30 and aus.p2 'gewöhnlich zwei'. The game "
        "model refuses these offences as illegal actions instead of scoring them."
    ),
    cert="high",
)

Offence = Literal["farbe_verleugnet", "ueberboten", "mit_sechs_geboten", "spiel_ohne_farbe"]


@rule(paragraphs=[p(28), p(30), aus(1), aus(2)], emendations=[_PENALTY_EMENDATION])
def penalty(offence: Offence, agreed: int | None = None) -> int:
    """The Gutpunkte struck from an offender ("gestraft"): the agreed number, usually two.

    Offences: ``farbe_verleugnet`` (not following suit, p28, p30), ``ueberboten`` (more
    bids than allowed, aus.p1), ``mit_sechs_geboten`` (bidding one point short, aus.p2),
    ``spiel_ohne_farbe`` (bidding or holding the Spiel in the last round without the led
    suit, p30).
    """
    if offence not in ("farbe_verleugnet", "ueberboten", "mit_sechs_geboten", "spiel_ohne_farbe"):
        raise BietenError(f"unknown offence {offence!r}")
    if agreed is None:
        return 2
    if not isinstance(agreed, int) or isinstance(agreed, bool) or agreed < 0:
        raise BietenError(f"an agreed penalty is a whole number >= 0, not {agreed!r}")
    return agreed


@rule(paragraphs=[p(30)])
def reclamation_allowed(next_deal_started: bool) -> bool:
    """Whether a revoke can still be claimed: not once "die erste Karte bei diesem [dem
    nächsten Spiel] auf dem Tisch liegt" (p30)."""
    return not next_deal_started


# ---------------------------------------------------------------- a Partie


@rule(paragraphs=[bsp(3), bsp(5), p(6)])
def next_dealer(dealer: str, seats: Sequence[str], out: Iterable[str] = ()) -> str:
    """Who deals the next round: the next player to the dealer's left who has not gone out.

    In the worked example A deals, then B ("die zweite Runde, die B angibt", bsp.p3);
    C would be next but "Da C aus ist, gibt A die Karten aus" (bsp.p5). ``seats`` are in
    order round the table, each to the left of the one before.
    """
    ring = list(seats)
    gone = set(out)
    if dealer not in ring:
        raise BietenError(f"{dealer!r} is not a player")
    if len([s for s in ring if s not in gone]) < 2:
        raise BietenError("fewer than two players remain: the game is over")
    i = ring.index(dealer)
    for step in range(1, len(ring) + 1):
        seat = ring[(i + step) % len(ring)]
        if seat not in gone:
            return seat
    raise BietenError("no player remains")  # pragma: no cover - excluded above


@rule(paragraphs=[bsp(7)])
def next_game_dealer(loser: str, seats: Sequence[str]) -> str:
    """Who deals the next game (the next Viertel Wein): "der Spieler ..., der rechts vom
    Verlierer ist, damit dieser die Vorhand hat" (bsp.p7)."""
    ring = list(seats)
    if loser not in ring:
        raise BietenError(f"{loser!r} is not a player")
    return ring[(ring.index(loser) - 1) % len(ring)]


@rule(paragraphs=[aus(1), bsp(7)])
def loser(seats: Sequence[str], out_order: Sequence[str]) -> str | None:
    """Who has lost: "Wer als letzter diese Zahl erreicht, also als letzter ausgeht, hat
    verloren" (aus.p1): the one player left when all others have gone out, or the last
    of those who went out. ``None`` while two or more remain."""
    ring = list(seats)
    gone = list(out_order)
    if len(set(gone)) != len(gone) or not set(gone) <= set(ring):
        raise BietenError("players go out once each, and only players of the game")
    left = [s for s in ring if s not in gone]
    if len(left) == 1:
        return left[0]
    if not left:
        return gone[-1]
    return None


# ---------------------------------------------------------------- wild cards (shared)


def code(card: Card) -> str:
    """A card's notation, cheaply (``"9L"``): the key of the wild-card search below."""
    return card.rank._value_ + card.suit._value_  # type: ignore[no-any-return]


def same(a: Card, b: Card) -> bool:
    """Whether two cards are the same card (without hashing them)."""
    return a.rank is b.rank and a.suit is b.suit


def among(card: Card, cards: Iterable[Card]) -> bool:
    """Whether ``card`` is one of ``cards`` (without hashing)."""
    return any(card.rank is c.rank and card.suit is c.suit for c in cards)


_SUIT_LETTERS = "ELRB"
_GERMAN = (Suit.ACORNS, Suit.LEAVES, Suit.GERMAN_HEARTS, Suit.BELLS)


def _natural32(card: Card) -> bool:
    return card.rank in ORDER.ranks and card.suit in _GERMAN


_CODE_INFO: dict[str, tuple[int, str]] = {
    code(c): (_STRENGTH[c.rank], c.suit._value_)
    for c in GERMAN_32  # type: ignore[attr-defined]
}
_CANDIDATES: dict[str, tuple[str, ...]] = {}


def _candidates(suits: str) -> tuple[str, ...]:
    found = _CANDIDATES.get(suits)
    if found is None:
        found = tuple(code(c) for c in GERMAN_32 if c.suit._value_ in suits)  # type: ignore[attr-defined]
        _CANDIDATES[suits] = found
    return found


def _contains(figure: str, cards: Sequence[str]) -> bool:
    info = [_CODE_INFO[c] for c in cards]
    if figure == "herz":
        return any(s == "R" for _, s in info)
    if figure == "laub":
        return any(s == "L" for _, s in info)
    if figure == "gleich":
        return any(a[0] == b[0] and a[1] != b[1] for i, a in enumerate(info) for b in info[i + 1 :])
    if figure == "hanger":
        return any(
            a[1] == b[1] and abs(a[0] - b[0]) == 1
            for i, a in enumerate(info)
            for b in info[i + 1 :]
        )
    return True


@lru_cache(maxsize=65536)
def feasible(fixed: tuple[str, ...], free: int, suits: str, required: tuple[str, ...]) -> bool:
    """Whether ``free`` unplayed wild cards can still be baptised so that a player's cards
    (``fixed``: codes of his natural cards and of the wild cards already played as what
    they were) hold every ``required`` figure, each wild card becoming a card of one of
    the ``suits`` (letters) he has not renounced."""
    if not required:
        return free == 0 or bool(suits)
    if free == 0:
        return all(_contains(f, fixed) for f in required)
    for extra in combinations_with_replacement(_candidates(suits), free):
        cards = fixed + extra
        if all(_contains(f, cards) for f in required):
            return True
    return False


@dataclass(frozen=True, slots=True)
class WildHand:
    """One player's cards as far as wild cards are concerned.

    ``natural``: his natural cards (dealt, played or not); ``unplayed``: those still in
    hand; ``fixed``: wild cards already played, each as the card it counted as;
    ``free``: wild cards still in hand; ``renounced``: suits he did not follow while
    holding a wild card; ``bound``: figures his wild cards must make.
    """

    natural: tuple[Card, ...]
    unplayed: tuple[Card, ...] = ()
    fixed: tuple[Played, ...] = ()
    free: tuple[Card, ...] = ()
    renounced: frozenset[Suit] = frozenset()
    bound: frozenset[str] = frozenset()

    def check(self, wilds: Mapping[Card, int]) -> None:
        """Refuse a hand no deal can give (cards twice, wild cards as naturals, > 3 cards)."""
        physical: list[Card] = [*self.natural, *(c.wild for c in self.fixed if c.wild), *self.free]
        if len(physical) > 3 or len(physical) != len(self.natural) + len(self.fixed) + len(
            self.free
        ):
            raise BietenError(f"a player has three cards, not {len(physical)}")
        for i, card in enumerate(physical):
            if among(card, physical[i + 1 :]):
                raise BietenError(f"{card} is given twice")
        for card in self.natural:
            if among(card, wilds) or not _natural32(card):
                raise BietenError(f"{card} is not a natural card here")
        for card in self.free:
            if not among(card, wilds):
                raise BietenError(f"{card} is not a wild card here")
        for played in self.fixed:
            if played.wild is None or not among(played.wild, wilds):
                raise BietenError(f"{played} is not a wild card played here")
        for card in self.unplayed:
            if not among(card, self.natural):
                raise BietenError("the cards in hand must be among his natural cards")
        for figure in self.bound:
            if figure not in FIGURES[:4]:
                raise BietenError(
                    f"wild cards bind to Herz, Laub, Gleich or Hanger, not {figure!r}"
                )

    def known(self) -> tuple[str, ...]:
        """Codes of the cards whose identity is known: natural ones and wild cards played."""
        cards = [code(c) for c in self.natural] + [code(pl.card) for pl in self.fixed]
        cards.sort()
        return tuple(cards)

    def suits(self, renounce: Suit | None = None) -> str:
        """The suit letters his wild cards may still take."""
        gone = {s._value_ for s in self.renounced}  # type: ignore[attr-defined]
        if renounce is not None:
            gone.add(renounce._value_)  # type: ignore[attr-defined]
        return "".join(x for x in _SUIT_LETTERS if x not in gone)


def wild_feasible(
    hand: WildHand,
    extra: Sequence[Card] = (),
    free: int | None = None,
    renounce: Suit | None = None,
    required: frozenset[str] | None = None,
) -> bool:
    """Whether the hand's wild cards can still make its bound figures (and ``required``),
    with ``extra`` cards fixed, ``free`` wild cards left and ``renounce`` renounced too."""
    fixed = hand.known()
    if extra:
        fixed = tuple(sorted(fixed + tuple(code(c) for c in extra)))
    need = tuple(sorted(hand.bound if required is None else required))
    count = len(hand.free) if free is None else free
    return feasible(fixed, count, hand.suits(renounce), need)


# ---------------------------------------------------------------- coverage

#: Paragraphs of the chapter that no rule formalises, and why (shown in the edition).
UNFORMALISED: dict[str, str] = {
    p(21): "strategy: when the Vorhand should bid before leading; decides nothing",
    p(22): (
        "strategy: what to lead, the 'Locker', the Könige as 'Schuldenmacher', bluffing "
        "('Jagen'); decides nothing"
    ),
    p(23): (
        "introduces the worked example of p24-p27 ('an einem Spiel zu viert'); the example "
        "itself is formalised by settle() and the transcripts"
    ),
}
