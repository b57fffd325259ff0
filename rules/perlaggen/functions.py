"""Perlaggen as Schwaighofer (1927) prints it: the pure rule functions of the chapter.

The chapter has four layers, all cited by paragraph id:

- the author's explanation of the game (``perlaggen.erklaerung.pN``, 1927), which both
  Ordnungen declare part of themselves (1890 § 30, 1924 § 30);
- the Perlaggerordnung of the first Tyrolean Perlagger congress, Innsbruck,
  19 April 1890, "unveränderter Abdruck" (``perlaggen.ordnung.N``) with the author's
  note on §§ 25-26 (``perlaggen.ordnung.anmerkung``), and p. 11 of the 1890 booklet
  itself as the web page transcribes it (``anhang1890.29``-``32``), a second witness
  of §§ 29-32;
- the rules of 5 April 1924 (``perlaggen.ordnung1924.N``, with ``25a`` and ``25b``);
- Strafperlaggen for three (``perlaggen.strafperlaggen.p2``).

Where the two Ordnungen differ, a function takes ``ordnung`` (``"1890"`` or ``"1924"``)
and the differing outcome is the point of its claims. The modern commentary of the web
page never supplies a rule.

Vocabulary (kept in German, explained in English): *Perlagg* (plural *Perlaggen*), a
wild card that outranks everything and can be *getauft* (baptised, i.e. declared to be
any card); *ständige Perlaggen*, the four permanent ones (Martl = Herz-König, Weli =
Schell-Sechs, Schellsiebener, Eichelsiebener); *Trumpfperlaggen*, Siebener, Unter and
Ober of the trump suit; *Figur*, one of the three scoring items *Gleich* (cards of one
rank), *Hanger* (a run in one suit) and *Spiel* (three of the five tricks); *bieten*
(to offer a bet on a figure), *halten* or *anschauen* (to accept it), *gut sein lassen*
(to concede it), *Drei*, *Vier* ... *Spiel aus* (the raises); *Partei*, a partnership.

Seats: ``A B C D`` in playing order; ``D`` deals, ``A`` (on the dealer's left) leads,
``C`` (on the dealer's right) cuts; ``A`` and ``C`` form party ``AC``, ``B`` and ``D``
party ``BD`` (p27 uses the same letters: "A bietet sein Gleich, B von der Gegenpartei
haltet es; D, der Partner des B ...").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import GERMAN_33, Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "schwaighofer1927"
Ordnung = Literal["1890", "1924"]
ORDNUNGEN: tuple[Ordnung, Ordnung] = ("1890", "1924")
Party = Literal["AC", "BD"]
PARTIES: tuple[Party, Party] = ("AC", "BD")
SEATS: tuple[str, str, str, str] = ("A", "B", "C", "D")
FIGURES: tuple[str, str, str] = ("gleich", "hanger", "spiel")
Custom = Literal["nordtirol", "suedtirol"]
#: The raises in order: the bid itself (2 if held), Drei ... Sieben, Spiel aus.
AUS = 8
LEVELS: tuple[int, ...] = (2, 3, 4, 5, 6, 7, AUS)


def e(n: int) -> str:
    """The id of paragraph ``n`` of the author's explanation (Erklärung)."""
    return f"{SIGLUM}.perlaggen.erklaerung.p{n}"


def o(n: int | str) -> str:
    """The id of § ``n`` of the Ordnung of 1890."""
    return f"{SIGLUM}.perlaggen.ordnung.{n}"


def n24(n: int | str) -> str:
    """The id of § ``n`` of the rules of 1924."""
    return f"{SIGLUM}.perlaggen.ordnung1924.{n}"


def law(ordnung: str, n: int | str) -> str:
    """The id of § ``n`` under ``ordnung``."""
    return o(n) if ordnung == "1890" else n24(n)


def anhang(n: int) -> str:
    """The id of rule ``n`` on p. 11 of the 1890 booklet (web transcription)."""
    return f"{SIGLUM}.anhang1890.{n}"


ANMERKUNG = f"{SIGLUM}.perlaggen.ordnung.anmerkung"
STRAF1 = f"{SIGLUM}.perlaggen.strafperlaggen.p1"
STRAF2 = f"{SIGLUM}.perlaggen.strafperlaggen.p2"


class PerlaggenError(RulesError, ValueError):
    """An input no Perlaggen position can have (a card twice, a card outside the pack...)."""


def _ordnung(value: str) -> Ordnung:
    if value == "1890":
        return "1890"
    if value == "1924":
        return "1924"
    raise PerlaggenError(f"the Ordnung is '1890' or '1924', not {value!r}")


def _party(value: str) -> Party:
    if value == "AC":
        return "AC"
    if value == "BD":
        return "BD"
    raise PerlaggenError(f"a party is 'AC' or 'BD', not {value!r}")


def _seat(value: str) -> str:
    if value not in SEATS:
        raise PerlaggenError(f"a seat is one of A B C D, not {value!r}")
    return value


def _figure(value: str) -> str:
    if value not in FIGURES:
        raise PerlaggenError(f"a figure is gleich, hanger or spiel, not {value!r}")
    return value


# ---------------------------------------------------------------- the pack

A, K, O_, U, T10, N9, E8, S7, W6 = (
    Rank.ACE,
    Rank.KING,
    Rank.OBER,
    Rank.UNTER,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
    Rank.SIX,
)
EICHEL, LAUB, HERZ, SCHELL = Suit.ACORNS, Suit.LEAVES, Suit.GERMAN_HEARTS, Suit.BELLS
#: A K O U 10 9 8 7 of each suit; the Weli, as a plain card, is the Schell-Sechs (p20).
ORDER = RankOrder((A, K, O_, U, T10, N9, E8, S7, W6))
PACK: tuple[Card, ...] = tuple(ORDER.sorted(GERMAN_33))
_PACK_SET = frozenset(PACK)
MARTL = Card(K, HERZ)
WELI = Card(W6, SCHELL)
SCHELLSPITZ = Card(S7, SCHELL)
EICHELSPITZ = Card(S7, EICHEL)
#: The four permanent Perlaggen, best first (p6).
PERMANENT: tuple[Card, ...] = (MARTL, WELI, SCHELLSPITZ, EICHELSPITZ)
#: South Tyrol adds Eichelunter and Eichelober (p9; their rank is not printed).
SUEDTIROL_EXTRA: tuple[Card, ...] = (Card(U, EICHEL), Card(O_, EICHEL))
_STRENGTH = {r: ORDER.strength(r) for r in ORDER.ranks}
_SUIT_NAMES = {EICHEL: "Eichel", LAUB: "Laub", HERZ: "Herz", SCHELL: "Schell"}


def check_cards(cards: Iterable[Card], where: str = "cards") -> list[Card]:
    """The cards as a list; refuses a card outside the pack of 33 or a card given twice."""
    listed = list(cards)
    for card in listed:
        if card not in _PACK_SET:
            raise PerlaggenError(f"{where}: {card} is not in the pack of 33 (p2)")
    seen: set[Card] = set()
    for card in listed:
        if card in seen:
            raise PerlaggenError(f"{where}: {card} is given twice")
        seen.add(card)
    return listed


@rule(paragraphs=[e(2)])
def pack() -> tuple[Card, ...]:
    """The 33 cards: the German pack of 32 and the Weli (p2).

    "mit den bekannten deutschen Karten, und zwar mit 33 Blatt, also mit dem Weli";
    four suits of equal rank, each A K O U 10 9 8 7. pagat.com (Perlaggen) and the
    Oberland rules of heltschl.org also play with 33 cards; the Schlanders club plays
    without the Weli (perlaggerclub.wixsite.com): the edition follows the text.
    """
    return PACK


@rule(paragraphs=[e(2)])
def rank_order() -> tuple[Rank, ...]:
    """The ranks of a suit from high to low: As, König, Ober, Unter, Zehner ... Siebener (p2)."""
    return (A, K, O_, U, T10, N9, E8, S7)


@rule(paragraphs=[e(3), e(2)])
def hand_size(players: int) -> int:
    """Cards per hand: five when four play; seven in the variety for two (p3).

    The text names the two-handed variety ("eine Abart, die nur zu zweit mit sieben
    Karten gespielt wird") without its rules: the playable model is the game for four.
    """
    if players == 4:
        return 5
    if players == 2:
        return 7
    raise PerlaggenError(f"Perlaggen is played by two or four, not {players} (p2, p3)")


# ---------------------------------------------------------------- Perlaggen


@rule(paragraphs=[e(8), e(10)])
def trump_suit(turned: Card) -> Suit:
    """The trump suit: the suit of the turned-up 21st card; the Weli counts as Schell (p8, p10)."""
    check_cards([turned], "turned card")
    return turned.suit


@rule(
    paragraphs=[e(5), e(6), e(9)],
    emendations=[
        Emendation(
            e(9),
            "South Tyrol (custom 'suedtirol'): Eichelunter and Eichelober rank below the "
            "Eichelsiebener and above the Trumpfperlaggen, Unter before Ober",
            "",
            "p9 names the two extra permanent Perlaggen of South Tyrol but not their rank; "
            "the edition ranks them with the permanent ones (p8: the Trumpfperlaggen are "
            "'im Rang niederer als die vier ständigen') and Unter before Ober as among the "
            "Trumpfperlaggen (p8: 'Siebener, Unter, Ober'). heltschl.org ranks them below "
            "the Trumpfperlaggen in today's Oberland game.",
            "low",
        )
    ],
)
def permanent_perlaggen(custom: str = "nordtirol") -> tuple[Card, ...]:
    """The permanent Perlaggen, best first: Martl, Weli, Schellsiebener, Eichelsiebener (p5, p6).

    "Der Höchste ist der Martl (Herzkönig), dann folgen Weli, Schellsiebener und
    Eichelsiebener." With ``custom="suedtirol"`` the Eichelunter and Eichelober are added
    (p9: "In Südtirol z. B. gelten ... auch noch der Eichelunter und der Eichelober als
    ständige Perlaggen"). Today's Oberland game (heltschl.org) counts Eichel-Ober, -Unter
    and -Siebener as permanent but not the Schellsiebener, which is only the trump
    seven there: the edition follows the text.
    """
    if custom == "nordtirol":
        return PERMANENT
    if custom == "suedtirol":
        return PERMANENT + SUEDTIROL_EXTRA
    raise PerlaggenError(f"custom is 'nordtirol' or 'suedtirol', not {custom!r} (p9)")


@rule(paragraphs=[e(8), e(9), e(6)])
def perlaggen(trump: Suit, custom: str = "nordtirol") -> tuple[Card, ...]:
    """Every Perlagg under ``trump``, best first: the permanent ones, then trump 7, Unter, Ober.

    p8: "Von der Trumpffarbe haben nun wieder drei Karten, und zwar der Siebener, der
    Unter und der Ober, den Rang eines Perlaggs ... Die Rangordnung unter sich ist
    Siebener, Unter, Ober"; p9: seven Perlaggen when Herz or Laub is trump, six when
    Schell or Eichel is, "da der Trumpfsiebener ... ohnehin ständige Perlaggen sind".
    """
    permanent = permanent_perlaggen(custom)
    extra = [Card(r, trump) for r in (S7, U, O_) if Card(r, trump) not in permanent]
    return permanent + tuple(extra)


@dataclass(frozen=True, slots=True)
class Table:
    """Everything about the cards that depends on the trump suit, computed once."""

    trump: Suit
    custom: str
    ranked: tuple[Card, ...]
    rank_of: Mapping[Card, int]

    @classmethod
    def of(cls, trump: Suit, custom: str = "nordtirol") -> Table:
        """The table for ``trump`` (and the local custom of p9)."""
        ranked = perlaggen(trump, custom)
        return cls(trump, custom, ranked, {c: len(ranked) - i for i, c in enumerate(ranked)})

    def is_perlagg(self, card: Card) -> bool:
        """Whether ``card`` is a Perlagg under this trump."""
        return card in self.rank_of


_TABLES: dict[tuple[Suit, str], Table] = {}


def table(trump: Suit, custom: str = "nordtirol") -> Table:
    """The cached :class:`Table` of ``trump``."""
    key = (trump, custom)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = Table.of(trump, custom)
    return found


@rule(paragraphs=[e(9), e(10), e(20)])
def natural_trumps(hand: Sequence[Card], trump: Suit, custom: str = "nordtirol") -> list[Card]:
    """The plain trumps of a hand: cards of the trump suit that are not Perlaggen (p9, p20).

    "dann die Trümpfe Herzas, Herzzehner, Herzneuner und Herzachter. (Herzkönig fällt
    hier als Trumpf aus, da er ohnehin Perlagg ist.)"
    """
    tab = table(trump, custom)
    cards = check_cards(hand, "hand")
    return ORDER.sorted(c for c in cards if c.suit == trump and not tab.is_perlagg(c))


# ---------------------------------------------------------------- cutting and dealing


@rule(paragraphs=[e(6), o(2), n24(2)])
def cutter_keeps(cut: Sequence[Card], custom: str = "nordtirol") -> list[Card]:
    """The permanent Perlaggen the cutter keeps: the run of them from the cut card on (p6, § 2).

    ``cut`` lists the cards from the cut on, the card the cutter lifts first. "Wenn der
    zum Abheben Berechtigte einen von obgenannten Perlaggen abhebt, so kann er ihn
    behalten. Ist unter dem abgehobenen Perlagg noch einer, so gehört auch dieser dem
    Abheber, ebenso auch ein dritter und vierter." A Perlagg further in that was not cut
    stays in the pack (1924 § 2: "ein aus Versehen nicht abgehobener Perlagg verbleibt
    im Kartenpaket").
    """
    permanent = set(permanent_perlaggen(custom))
    kept: list[Card] = []
    for card in check_cards(cut, "cut"):
        if card not in permanent:
            break
        kept.append(card)
    return kept


@rule(paragraphs=[e(7)])
def cutter_packets(kept: int) -> tuple[int, int]:
    """How many cards the cutter is dealt in the first and second round after keeping ``kept``.

    p7: five cards, two and then three; "hat er einen herausgehoben, erhält er das
    erstemal nur eine Karte; hat er zwei herausgehoben, gar keine; hat er drei
    herausgehoben das erstemal gar keine, das zweitemal zwei; bei vier herausgehobenen
    das erstemal keine und das zweitemal eine."
    """
    table_ = {0: (2, 3), 1: (1, 3), 2: (0, 3), 3: (0, 2), 4: (0, 1)}
    if kept not in table_:
        raise PerlaggenError(f"the cutter keeps 0 to 4 permanent Perlaggen, not {kept} (p7)")
    return table_[kept]


@rule(paragraphs=[e(7), o(3), n24(3)])
def cutter_misdealt(kept: int, first_packet: int) -> dict[str, bool]:
    """After a dealing error against the cut Perlaggen: may the opponents claim a redeal (p7)?

    "Macht der Geber da einen Fehler und gibt z. B. dem Abheber, trotzdem er einen
    Perlaggen herausgehoben hat, das erstemal zwei Karten, so können die Gegner
    verlangen, daß noch einmal neu gemischt und neu ausgegeben wird." The cutter keeps
    his Perlaggen and cuts again (p7; § 3 "verbleiben auch dann dem Abheber").
    """
    due, _ = cutter_packets(kept)
    if not 0 <= first_packet <= 5:
        raise PerlaggenError(f"a first packet of {first_packet} cards is impossible (p7)")
    wrong = first_packet != due
    return {"redeal_may_be_claimed": wrong, "cutter_keeps_perlaggen": True}


@rule(
    paragraphs=[o(2), n24(2)],
    emendations=[
        Emendation(
            n24(2),
            "1924: a redeal only when the cards were scattered by the dealer and their face "
            "(colour) became visible",
            "Werden beim Abheben Karten gestreut, wodurch die Farbe ersichtlich wird, so muß "
            "neu ausgegeben werden ... Nicht vom Geber verstreute Karten schließen ein neues "
            "Ausgeben aus.",
            "1924 § 2 names both conditions in two sentences; the edition requires both.",
            "low",
        )
    ],
)
def scattered_at_cut(ordnung: str, face_seen: bool, by_dealer: bool) -> dict[str, bool]:
    """Cards scattered at the cut: redeal, and may a Perlagg cut then be kept (§ 2)?

    1890 § 2: "Werden beim Abheben Karten gestreut, so muß neu ausgegeben werden, in
    welchem Falle ein etwa hiebei abgehobener Perlagg nicht behalten werden darf."
    1924 § 2 adds two conditions: "wodurch die Farbe ersichtlich wird" and "Nicht vom
    Geber verstreute Karten schließen ein neues Ausgeben aus."
    """
    if _ordnung(ordnung) == "1890":
        return {"redeal": True, "keep_cut_perlagg": False}
    redeal = face_seen and by_dealer
    return {"redeal": redeal, "keep_cut_perlagg": not redeal}


@rule(paragraphs=[o(3), n24(3)])
def exposed_card(claimed: bool) -> dict[str, bool]:
    """A card exposed in dealing: the receiver may refuse it and claim a redeal (§ 3).

    "Beim Ausgeben etwa auffallende Karten können zurückgewiesen und ein neues
    Ausgeben verlangt werden; allenfalls hiebei abgehobene Perlaggen verbleiben auch
    dann dem Abheber" (the same words in 1890 and 1924).
    """
    return {"redeal": bool(claimed), "cutter_keeps_perlaggen": True}


@rule(paragraphs=[n24(3), o(32)])
def wrong_number_of_cards(ordnung: str, deliberate: bool) -> dict[str, object] | None:
    """Too many or too few cards: the remedy under each Ordnung (1924 § 3); 1890 is silent.

    1924: "Werden zu viel oder zu wenig Karten aus Versehen ausgegeben, muß das sofort
    vom Spieler gemeldet und neu ausgegeben werden. ... daß absichtlich mit mehr als
    fünf Karten weitergespielt wurde, so wird die Partei ... jeder gemachten Figur
    verlustig erklärt und um zwei Punkte gestraft." The Ordnung of 1890 has no such law
    (only § 32's penalties agreed beforehand): ``None``.
    """
    if _ordnung(ordnung) == "1890":
        return None
    if deliberate:
        return {"redeal": False, "forfeit_figures": True, "penalty": 2}
    return {"redeal": True, "forfeit_figures": False, "penalty": 0}


@rule(paragraphs=[e(8), o(4), n24(4)])
def stock_may_be_seen(card: str) -> bool:
    """May a player look at a card of the twelve left undealt? Never, top or bottom (p8, § 4).

    "12 bleiben verdeckt auf dem Tisch liegen und keine davon, auch nicht die oberste
    oder die unterste, darf ... angeschaut werden"; § 4: "ist unstatthaft".
    """
    if card not in ("top", "bottom", "other"):
        raise PerlaggenError(f"card is 'top', 'bottom' or 'other', not {card!r}")
    return False


@rule(
    paragraphs=[e(10), n24(4)],
    emendations=[
        Emendation(
            e(10),
            "1890 (with the Erklärung): the dealer holding a plain trump MUST exchange; "
            "1924 § 4: he has the RIGHT to; his partner's is a right under both",
            "so kann er nicht nur, sondern er muß ... austauschen",
            "The Ordnung of 1890 has no law on the exchange, so its § 30 leaves it to the "
            "Erklärung ('muß'); 1924 § 4 says 'so hat er das Recht'. The Erklärung also "
            "says that an exchange forgotten is the party's own loss, so the duty binds only "
            "a dealer who knows he holds a trump: the model does not let him decline.",
            "medium",
        ),
        Emendation(
            e(10),
            "a turned permanent Perlagg is exchanged like a turned Trumpfperlagg",
            "kann auch mit einer Karte derselben Farbe ausgetauscht werden",
            "'kann auch' read as 'is exchanged in the same way'",
            "medium",
        ),
    ],
)
def exchange_right(
    ordnung: str,
    turned: Card,
    dealer_hand: Sequence[Card],
    partner_hand: Sequence[Card],
    custom: str = "nordtirol",
) -> dict[str, object]:
    """Who may (or must) take a turned-up Perlagg in exchange for a plain trump (p10, 1924 § 4).

    p10: the dealer exchanges a turned Perlagg for a trump of his hand ("mit einem
    anderen Trumpfperlagg ... ist unstatthaft"); without a trump "geht das Recht des
    Austauschens auf seinen Partner über. Hat auch der keinen Trumpf, so bleibt der
    Perlagg liegen; die Gegenpartei darf ihn auf gar keinen Fall austauschen."
    Returns ``{"who": "dealer" | "partner" | None, "cards": [...], "must": bool}``.
    """
    order = _ordnung(ordnung)
    check_cards([turned, *dealer_hand, *partner_hand], "deal")
    trump = trump_suit(turned)
    if not table(trump, custom).is_perlagg(turned):
        return {"who": None, "cards": [], "must": False}
    mine = natural_trumps(dealer_hand, trump, custom)
    if mine:
        return {"who": "dealer", "cards": mine, "must": order == "1890"}
    partner = natural_trumps(partner_hand, trump, custom)
    if partner:
        return {"who": "partner", "cards": partner, "must": False}
    return {"who": None, "cards": [], "must": False}


# ---------------------------------------------------------------- seats and partners


@rule(paragraphs=[e(4), e(19), e(27), n24(1)])
def party_of(seat: str) -> Party:
    """The party of a seat: partners sit crosswise, A with C, B with D (p4, p27)."""
    return "AC" if _seat(seat) in ("A", "C") else "BD"


@rule(paragraphs=[e(4), e(7), e(19)])
def seat_roles() -> dict[str, str]:
    """Who deals, cuts and leads: the cutter sits on the dealer's right, the leader on his left.

    p4: "Bevor er ausgibt, muß er seinem Nachbarn zur Rechten (von der Gegenpartei)
    abheben lassen"; p19: "Der Spieler links vom Ausgeber hat die Vorhand und spielt
    aus ... und so geht es der Reihe nach nach links hin herum"; p7: "nach links hin
    geteilt".
    """
    return {"dealer": "D", "cutter": "C", "leader": "A"}


#: "As ist niederst": the order for cutting, lowest first (Weli = the Sechs).
_CUT_ORDER = (A, W6, S7, E8, N9, T10, U, O_, K)


@rule(
    paragraphs=[e(4), o(1), n24(1)],
    emendations=[
        Emendation(
            o(1),
            "cards of equal rank cut: nobody deals yet (cut again)",
            "",
            "the suits are of equal rank (p2) and neither Ordnung says what an equal cut means",
            "medium",
        )
    ],
)
def first_dealer(cuts: Mapping[str, Card]) -> str | None:
    """Who deals first: the lowest card cut, the As lowest of all (p4, § 1).

    1890 § 1: "gibt die abgehobene niederste Karte (As ist niederst)"; 1924 § 1: "As ist
    niederer als selbst der Weli. Die niederste Karte gibt an." The Weli is the Sechs,
    the lowest after the As. ``None`` when the lowest rank is cut twice.
    """
    check_cards(cuts.values(), "cuts")
    low = {seat: _CUT_ORDER.index(card.rank) for seat, card in cuts.items()}
    least = min(low.values())
    lowest = [s for s, v in low.items() if v == least]
    return lowest[0] if len(lowest) == 1 else None


@rule(
    paragraphs=[n24(1), o(1)],
    emendations=[
        Emendation(
            n24(1),
            "equal ranks in the cut for partners: no partnership yet (cut again)",
            "",
            "1924 § 1 does not say what equal cards mean",
            "medium",
        )
    ],
)
def partners_by_cut(ordnung: str, cuts: Mapping[str, Card]) -> list[list[str]] | None:
    """The partnerships by cutting (1924 § 1): the two higher cards together, the two lower.

    "wird durch Abheben der Karten die Zusammengehörigkeit hergestellt! Hoch zu Hoch!
    Nieder zu Nieder!" The Ordnung of 1890 does not say how partners are found: ``None``.
    """
    if _ordnung(ordnung) == "1890":
        return None
    if len(cuts) != 4:
        raise PerlaggenError("four players cut for partners (1924 § 1)")
    check_cards(cuts.values(), "cuts")
    ranked = sorted(cuts, key=lambda s: _CUT_ORDER.index(cuts[s].rank))
    values = [_CUT_ORDER.index(cuts[s].rank) for s in ranked]
    if values[1] == values[2]:
        return None
    return [sorted(ranked[2:]), sorted(ranked[:2])]


@rule(
    paragraphs=[o(1), n24(1)],
    emendations=[
        Emendation(
            o(1),
            "'die verspielte Partie' is the party that made fewer points in the deal; on "
            "equal points the deal passes to the left as usual",
            "im weiteren Verlauf des Spieles jedoch gibt die verspielte Partie an",
            "'Partie' is read as 'Partei' (1924 § 1: 'die verspielte Partei'); neither text "
            "says what happens on equal points",
            "low",
        )
    ],
)
def next_dealing_party(points: Mapping[str, int]) -> Party | None:
    """Which party deals the next deal: the one that lost this deal (§ 1); ``None`` if equal."""
    ac, bd = int(points["AC"]), int(points["BD"])
    if ac == bd:
        return None
    return "AC" if ac < bd else "BD"


# ---------------------------------------------------------------- play and baptism


@dataclass(frozen=True, slots=True)
class Played:
    """A card on the table: the card and what it was baptised as (``None``: played as itself)."""

    card: Card
    as_: Card | None = None

    @property
    def identity(self) -> Card:
        """The card it counts as."""
        return self.as_ if self.as_ is not None else self.card

    def __str__(self) -> str:
        return f"{self.card} as {self.as_}" if self.as_ is not None else str(self.card)


@rule(paragraphs=[e(5), e(16), e(20), o(17), n24(17)])
def baptise(card: Card, target: Card, trump: Suit, custom: str = "nordtirol") -> Played:
    """A Perlagg baptised as ``target``: any card of the pack (p5, p16, p20, § 17).

    "daß man sie ... nach Belieben in eine andere Karte verwandeln, das heißt taufen
    kann"; p16: "in jede beliebige Karte verwandeln darf". Only a Perlagg can be
    baptised. pagat.com describes the same baptism at the moment of play, fixed for the
    rest of the deal.
    """
    check_cards([card], "card")
    check_cards([target], "target")
    if not table(trump, custom).is_perlagg(card):
        raise PerlaggenError(f"{card} is not a Perlagg when {_SUIT_NAMES[trump]} is trump (p8)")
    return Played(card, target)


@rule(
    paragraphs=[o(17), n24(17), e(20), e(21)],
    emendations=[
        Emendation(
            n24(17),
            "1924: until the opponents declare it, an unbaptised Perlagg is not yet a plain "
            "card ('open'); what then happens is not said",
            "andernfalls er zur einfachen Karte von der Gegenpartei erklärt wird",
            "1890 § 17 and p20 make it a plain card at once ('zur einfachen Karte wird'); "
            "1924 § 17 gives the opponents the declaration",
            "low",
        )
    ],
)
def unbaptised_perlagg(ordnung: str, declared_by_opponents: bool) -> str:
    """A Perlagg played without a baptism: a plain card now (1890) or when declared (1924).

    1890 § 17: "Jeder Perlagg muß sofort beim Ausspielen getauft werden, andernfalls er
    zur einfachen Karte wird. (Weli zur Schell-Sechs usw.)"; 1924 § 17: "... andernfalls
    er zur einfachen Karte von der Gegenpartei erklärt wird". Returns ``"plain"`` or
    ``"open"``.
    """
    if _ordnung(ordnung) == "1890" or declared_by_opponents:
        return "plain"
    return "open"


@rule(paragraphs=[o(18), n24(18), e(21)])
def rebaptism_allowed(ordnung: str) -> bool:
    """May a baptised Perlagg be baptised again? No (§ 18; p21: "'tauft ist 'kauft").

    1890: "darf nicht mehr umgetauft werden"; 1924: "darf unter keiner Bedingung
    umgetauft werden" (the same rule, more strongly worded).
    """
    _ordnung(ordnung)
    return False


@rule(paragraphs=[o(14), o(15), o(16), n24(14), n24(15), n24(16), e(20)])
def take_back(released: bool, to_follow_suit: bool, perlagg: bool) -> bool:
    """May a card be taken back? Only one not yet released, or to follow suit; never a Perlagg.

    § 14: played is the card laid on the table and "losgelassen" (1924: "ausgelassen");
    § 15: "darf nicht mehr zurückgenommen werden, es wäre denn, daß Farbe bekannt werden
    muß"; § 16: "Ein irrtümlich ausgespielter Perlagg darf selbst nicht im Falle des § 15
    zurückgenommen und muß sofort getauft werden."
    """
    if not released:
        return True
    if perlagg:
        return False
    return bool(to_follow_suit)


def _strength(played: Played, led: Suit, tab: Table) -> tuple[int, int, int]:
    ident = played.identity
    if ident.suit == tab.trump:
        category = 2
    elif ident.suit == led:
        category = 1
    else:
        category = 0
    boost = tab.rank_of.get(played.card, 0) if played.as_ is not None else 0
    return (category, _STRENGTH[ident.rank], boost)


@rule(
    paragraphs=[e(8), e(20), e(21), o(19), n24(19)],
    emendations=[
        Emendation(
            e(21),
            "a baptised Perlagg ranks as the card it became; between equal cards the "
            "Perlagg beats the natural card and the better Perlagg the worse",
            "Der getaufte Perlagg behält seinen Rang, den er unter den Perlaggen einnimmt",
            "p21's examples (the worst Trumpfperlagg as Trumpfas beats the natural Trumpfas; "
            "the Weli as Herzsiebener loses to the natural Herzachter) and § 19 ('sticht die "
            "gleichwertige Karte derselben Farbe nach Maßgabe der Rangordnung der Perlaggen')",
            "high",
        )
    ],
)
def trick_winner(trick: Sequence[Played], trump: Suit, custom: str = "nordtirol") -> int:
    """The index of the card that takes the trick (p8, p20, p21, § 19).

    Trump beats the other suits (p20: "Trumpf sticht alle Farben"); otherwise the
    highest card of the suit led wins, in the order A K O U 10 9 8 7 (6). A Perlagg
    counts as the card it was baptised as (p21: the Weli baptised Herzsiebener "kann ...
    mit dem gewöhnlichen Herzachter gestochen werden"), but outranks the natural card of
    that name and every worse Perlagg baptised the same (p21, § 19). An unbaptised
    Perlagg is a plain card (§ 17).
    """
    if not trick:
        raise PerlaggenError("a trick has at least one card")
    check_cards([p.card for p in trick], "trick")
    tab = table(trump, custom)
    for p in trick:
        if p.as_ is not None and not tab.is_perlagg(p.card):
            raise PerlaggenError(f"{p.card} is not a Perlagg and cannot be baptised (p8, p20)")
    led = trick[0].identity.suit
    keys = [_strength(p, led, tab) for p in trick]
    return max(range(len(trick)), key=lambda i: keys[i])


@rule(
    paragraphs=[e(20), e(21), o(13), n24(13)],
    emendations=[
        Emendation(
            o(13),
            "1890 § 13 'außer es wird gestochen' read as 'unless the player himself trumps' "
            "(with a plain trump or a Perlagg), as 1924 § 13 words it; variant reading: "
            "'unless the trick has been trumped' (by anyone)",
            "Es darf nie Farbe verleugnet werden, außer es wird gestochen.",
            "p20 says suit must be followed 'auch dann, wenn die Farbe des Anspielers von "
            "einem Zwischenmann mit einem Trumpf oder einem Perlagg gestochen worden ist', "
            "which excludes the passive reading; 1924 § 13 says 'mit Trumpf oder Perlagg "
            "gestochen'",
            "medium",
        )
    ],
)
def legal_cards(
    hand: Sequence[Card],
    led: Played | None,
    trump: Suit,
    trick: Sequence[Played] = (),
    reading: str = "text",
    custom: str = "nordtirol",
) -> list[Card]:
    """The cards of ``hand`` that may be played as themselves (unbaptised) to the trick.

    A Perlagg baptised may always be played (p21: "Mit den Perlaggen braucht man weder
    Trumpf oder Farbe zu bekennen"). A plain card must follow the suit led when the hand
    holds a plain card of it ("Es muß unter allen Umständen Farbe bekannt werden"), or
    else trump (p20: "Hat man die Farbe ... und dazu Trümpfe oder Perlaggen, so kann man
    natürlich auch mit Trumpf oder Perlagg stechen"; § 13). Trumpfperlaggen do not count
    as the trump suit (p20). Without the suit anything may be played; nobody must trump
    or overtake (p20: "nachgeben", "laschieren"). ``reading="trumped"`` is the passive
    reading of 1890 § 13: once someone has trumped, suit need not be followed.
    """
    cards = check_cards(hand, "hand")
    if reading not in ("text", "trumped"):
        raise PerlaggenError(f"reading is 'text' or 'trumped', not {reading!r}")
    if led is None:
        return ORDER.sorted(cards)
    tab = table(trump, custom)
    suit = led.identity.suit
    holds = any(c.suit == suit and not tab.is_perlagg(c) for c in cards)
    if not holds:
        return ORDER.sorted(cards)
    trumped = any(p.identity.suit == trump for p in trick[1:])
    if reading == "trumped" and suit != trump and trumped:
        return ORDER.sorted(cards)
    return ORDER.sorted(c for c in cards if c.suit in (suit, trump))


# ---------------------------------------------------------------- the figures


@dataclass(frozen=True, slots=True, order=True)
class Gleich:
    """Cards of one rank: their number, then their rank decide (p16)."""

    count: int
    strength: int

    @property
    def rank(self) -> Rank:
        """The rank of the cards."""
        return ORDER.ranks[len(ORDER.ranks) - 1 - self.strength]


@dataclass(frozen=True, slots=True, order=True)
class Hanger:
    """A run in one suit: its length, then its top card decide (p17)."""

    length: int
    strength: int
    suit: str

    @property
    def top(self) -> Rank:
        """The highest card of the run."""
        return ORDER.ranks[len(ORDER.ranks) - 1 - self.strength]

    def key(self) -> tuple[int, int]:
        """What decides between two Hanger (the suit does not)."""
        return (self.length, self.strength)


@rule(paragraphs=[e(16), e(14), e(24)])
def best_gleich(cards: Sequence[Card], wild: int = 0) -> Gleich | None:
    """A player's best Gleich from ``cards`` (as they count) and ``wild`` unbaptised Perlaggen.

    p16: "Gleich nennt man zwei oder mehrere Karten desselben Ranges ... Die Güte des
    Gleiches wird zuerst durch die Anzahl seiner Glieder ... und bei gleicher
    Gliederanzahl durch die Ranghöhe derselben bestimmt." A Perlagg may become any card
    ("mit Hilfe der Perlaggen ... sehr oft ein dritziges"); p24: two Asses and a Perlagg
    make "drei Assen". Two cards of the same name (a Perlagg baptised as a card the
    player also holds) are two cards of that rank.
    """
    if wild < 0:
        raise PerlaggenError("wild is a number of Perlaggen, 0 or more")
    counts = [0] * 9
    for card in cards:
        counts[_CARD_STRENGTH[card]] += 1
    best: tuple[int, int] | None = None
    for strength in range(8, -1, -1):
        count = counts[strength] + wild
        if counts[strength] and count >= 2 and (best is None or count > best[0]):
            best = (count, strength)
    if wild >= 2 and (best is None or (wild, 8) > best):
        best = (wild, 8)
    return None if best is None else Gleich(best[0], best[1])


_SUIT_CODES = {s: s.value for s in (EICHEL, LAUB, HERZ, SCHELL)}
_SUIT_ORDER = (EICHEL, LAUB, HERZ, SCHELL)
_CARD_STRENGTH = {c: _STRENGTH[c.rank] for c in PACK}


@rule(paragraphs=[e(17), e(14)])
def best_hanger(cards: Sequence[Card], wild: int = 0) -> Hanger | None:
    """A player's best Hanger from ``cards`` and ``wild`` unbaptised Perlaggen (p17).

    "Der Hanger (Sequenz) besteht aus zwei oder mehreren Karten derselben Farbe, die in
    ihrer Rangordnung unmittelbar aufeinander folgen ... zuerst die Anzahl der Glieder
    und bei gleicher Anzahl der Glieder die Ranghöhe": "Ober, König sind also besser als
    Unter, Ober; König, As aber schlechter als Siebener, Achter, Neuner". Perlaggen fill
    gaps or extend the run ("um eine oder mehrere Lücken auszufüllen"). The Weli as a
    plain card is the Schell-Sechs, below the Schellsiebener.
    """
    if wild < 0:
        raise PerlaggenError("wild is a number of Perlaggen, 0 or more")
    masks = dict.fromkeys(_SUIT_ORDER, 0)
    for card in cards:
        masks[card.suit] |= 1 << _CARD_STRENGTH[card]
    best: tuple[int, int, Suit] | None = None
    for suit in _SUIT_ORDER:
        mask = masks[suit]
        if not mask:
            continue
        lowest = 0 if suit == SCHELL else 1
        most = min(9 - lowest, bin(mask).count("1") + wild)
        for length in range(most, 1, -1):
            if best is not None and length < best[0]:
                break
            for top in range(8, lowest + length - 2, -1):
                window = ((1 << length) - 1) << (top - length + 1)
                have = bin(mask & window).count("1")
                if have and length - have <= wild:
                    if best is None or (length, top) > best[:2]:
                        best = (length, top, suit)
                    break
    if wild >= 2 and (best is None or (wild, 8) > best[:2]):
        best = (wild, 8, EICHEL)
    return None if best is None else Hanger(best[0], best[1], _SUIT_CODES[best[2]])


def figure_value(kind: str, cards: Sequence[Card], wild: int = 0) -> tuple[int, int] | None:
    """What decides a player's Gleich or Hanger: (members, rank strength), or ``None``."""
    if kind == "gleich":
        g = best_gleich(cards, wild)
        return None if g is None else (g.count, g.strength)
    h = best_hanger(cards, wild)
    return None if h is None else h.key()


@rule(paragraphs=[e(16)])
def gleich_name(count: int, rank: Rank) -> str:
    """The name of a Gleich: einfaches, dritziges, viertiges, fünftiges; "höchst" for Asses (p16).

    "Zwei gleich hohe Karten gelten als „einfaches“ Gleich, drei als dritziges, vier
    als viertiges und fünf als fünftiges. Besteht dieses mehrfache Gleich aus Assen, so
    spricht man von einem höchst dritzigen, höchst viertigen usw."; two Asses are a
    "Gleich höchst".
    """
    names = {2: "einfaches", 3: "dritziges", 4: "viertiges", 5: "fünftiges"}
    if count not in names:
        raise PerlaggenError(f"a Gleich has 2 to 5 cards, not {count} (p16)")
    if rank == A:
        return "Gleich höchst" if count == 2 else f"höchst {names[count]}"
    return names[count]


@rule(paragraphs=[e(16), e(17), e(27), e(22)])
def figure_winner(kind: str, values: Mapping[str, tuple[int, int] | None]) -> Party | None:
    """Which party has the better Gleich or Hanger: the best of all four hands (p27).

    p27: "Die Frage, wer die Figur gemacht hat, wird von den Karten aller vier Spieler
    entschieden"; equal figures "steht" and nobody writes (p16: "keine der Parteien darf
    sich dafür Gutpunkte aufschreiben"; p17: "kein Teil hat etwas aufzuschreiben").
    ``values`` maps each seat to its figure's (members, rank) or ``None``.
    """
    if kind not in ("gleich", "hanger"):
        raise PerlaggenError(f"kind is 'gleich' or 'hanger', not {kind!r}")
    best: dict[Party, tuple[int, int] | None] = {"AC": None, "BD": None}
    for seat, value in values.items():
        party = party_of(seat)
        if value is not None and (best[party] is None or value > best[party]):  # type: ignore[operator]
            best[party] = value
    ac, bd = best["AC"], best["BD"]
    if ac is None and bd is None:
        return None
    if bd is None or (ac is not None and ac > bd):
        return "AC"
    if ac is None or bd > ac:
        return "BD"
    return None


@rule(paragraphs=[e(16), e(17)])
def better_figure(kind: str, first: Sequence[Card], second: Sequence[Card]) -> str | None:
    """Which of two hands has the better Gleich or Hanger: ``first``, ``second``, ``steht``.

    p16: "So sind zwei Assen besser als zwei Könige und drei Siebener besser als zwei
    Assen, drei Assen schlechter als vier Achter usw."; p17: "Ober, König sind also
    besser als Unter, Ober; König, As aber schlechter als Siebener, Achter, Neuner";
    equal figures "steht". ``None`` when neither hand has one. The cards are given as
    they count (baptised Perlaggen as the card they became).
    """
    if kind not in ("gleich", "hanger"):
        raise PerlaggenError(f"kind is 'gleich' or 'hanger', not {kind!r}")
    a = figure_value(kind, list(first))
    b = figure_value(kind, list(second))
    if a is None and b is None:
        return None
    if b is None or (a is not None and a > b):
        return "first"
    if a is None or b > a:
        return "second"
    return "steht"


@rule(paragraphs=[e(18), e(19), n24(27)])
def spiel_winner(tricks: Sequence[str], complete: bool = True) -> Party | None:
    """The party that has the Spiel: the first to three tricks, counted when a trick is complete.

    p18: "Die Partei, die drei Stiche macht, hat das „Spiel“"; p19: the cards are laid
    out "bis eine Partei drei Stiche hat"; 1924 § 27: "erst, wenn der letzte Spieler
    seine Karte niedergelegt hat, ist das Spiel gemacht". ``tricks`` lists the party of
    each completed trick's winner; ``complete=False`` means a trick is still open.
    """
    count = {"AC": 0, "BD": 0}
    for party in tricks:
        count[_party(party)] += 1
        if count[party] == 3:
            return _party(party)
    if len(tricks) > 5:
        raise PerlaggenError("a deal has five tricks")
    return None


@rule(paragraphs=[o(6), n24(6), e(15)])
def figure_order() -> tuple[str, ...]:
    """The rank of the figures for going out: 1. Gleich, 2. Hanger, 3. Spiel (§ 6, p15).

    p15: "Diese drei Figuren sind während des Spieles untereinander gleichwertig. Zum
    Ausgehen jedoch ist das Gleich hochwertiger als der Hanger und dieser wieder besser
    als das Spiel"; § 6 (identical in 1890 and 1924).
    """
    return FIGURES


# ---------------------------------------------------------------- bidding


@rule(paragraphs=[e(23), e(24)])
def is_bid(words: str) -> bool:
    """Whether the words offer a bet: only "ich biete ..." or "gilt ..." do (p23, p24).

    "Man achte wohl darauf, daß der Spieler, der bietet, wirklich die Worte „ich
    biete“, oder „es gilt“ gebraucht. Sagt er z. B. „Gleich!“ oder „Spiel!“ nur allein,
    so hat er es nach den Spielregeln noch nicht geboten."
    """
    text = " ".join(words.lower().replace("!", " ").split())
    return text.startswith(("ich biete", "gilt ", "es gilt"))


@rule(paragraphs=[e(25), e(26), o(9), n24(9), e(21), e(22)])
def figure_points(status: str, stake: int) -> int:
    """The Gutpunkte a figure writes: unbid 1, conceded one less than offered, held the stake.

    p21: the party that makes a figure "zählt für jedes derselben einen Gutpunkt";
    p25: a bid conceded gives the bidder "einen Punkt"; held, "zwei Gutpunkte"; "Gut bei
    zwei" after Drei gives two; p26: "daß man den bietenden Teil die von ihm
    ausgesprochene Zahl weniger eins schreiben läßt". ``stake`` is the number offered
    (2 for a bid, 3 for Drei ... 7, 8 for Spiel aus, which concedes 7).
    """
    if stake not in LEVELS:
        raise PerlaggenError(f"the stake is 2 to 7 or 8 (Spiel aus), not {stake} (§ 10)")
    if status == "unbid":
        return 1
    if status == "conceded":
        return stake - 1
    if status == "held":
        if stake == AUS:
            raise PerlaggenError("a figure held at Spiel aus decides the game, not points (§ 12)")
        return stake
    raise PerlaggenError(f"status is unbid, conceded or held, not {status!r}")


@rule(paragraphs=[e(26), o(10), o(11), n24(10), n24(11)])
def raise_allowed(stake: int, offered_to_raiser: bool, to: int) -> bool:
    """May a party raise a figure from ``stake`` to ``to``? (p26, §§ 10, 11)

    § 10: "Es kann nur 3, 4, 5, 6, 7, „Spiel aus“ gesteigert werden"; p26: "Die
    Steigerung läßt keinen Sprung zu"; § 11: "Der Beginn des Steigerns steht nur der
    haltenden Partei zu" and p26: "Nur die Partei, der es zusteht zu halten ... darf
    weiter steigern". ``offered_to_raiser``: the last offer was made to the raising
    party. ``to`` 8 is Spiel aus.
    """
    if stake not in LEVELS or to not in LEVELS[1:]:
        raise PerlaggenError(f"stakes run 2, 3 ... 7, 8 (Spiel aus), not {stake} -> {to}")
    return bool(offered_to_raiser) and stake < AUS and to == stake + 1


@rule(paragraphs=[o(8), n24(8)])
def rebid_answers(ordnung: str) -> list[str]:
    """The answers to a held figure bid anew: hold it again or let it be good (§ 8).

    "Wenn im Verlaufe des Spieles eine früher gebotene und gehaltene Figur von der
    einen oder anderen Partei neuerdings geboten wird, so steht der Gegenpartei das
    Recht zu, dieselbe abermals zu halten oder auch gut sein zu lassen." (1924 drops
    "abermals"). The playable model has no renewed bid: each stake is offered once.
    """
    _ordnung(ordnung)
    return ["gut", "hold"]


@rule(paragraphs=[o(8), n24(8), e(24)])
def answer_now(ordnung: str, figures_bid: Sequence[str]) -> list[str]:
    """The figures the other party must answer at once: every one bid (§ 8).

    1890 § 8: "Auf jedes Gebotene muß sogleich Antwort gegeben werden"; 1924 § 8 adds
    "es geht nicht an, wenn zum Beispiel Spiel und Gleich oder Hanger geboten wird, sich
    auf den § 22 zu berufen ... Die Antwort hat auf jede Figur sofort zu erfolgen." The
    answers follow the rank of the figures (§ 6).
    """
    _ordnung(ordnung)
    for f in figures_bid:
        _figure(f)
    return [f for f in FIGURES if f in figures_bid]


@rule(
    paragraphs=[o(20), n24(20), e(22)],
    emendations=[
        Emendation(
            o(20),
            "'zugleich' bids reach the target when the points of all the figures bid, "
            "each conceded, would reach it",
            "soviel Figuren zugleich bietet, daß damit die ausgehende Punktzahl erreicht wird",
            "a figure let be good writes one point (p25)",
            "medium",
        )
    ],
)
def overbids(ordnung: str, score: int, target: int, figures_at_once: int) -> bool:
    """Whether a party "überbietet sich" by bidding ``figures_at_once`` figures at ``score`` (§ 20).

    1890 § 20: "Wer 1. bei erreichter vorletzter Punktzahl oder 2. soviel Figuren
    zugleich bietet, daß damit die ausgehende Punktzahl erreicht wird, überbietet sich";
    1924 § 20 keeps only the first case ("auf der vorletzten der vereinbarten Punktzahl
    angekommen ist und ... noch eine Figur bietet"); 1924 § 25b even expects the party
    at 12 of 15 to bid two figures. p22: a party one point short "nicht mehr bieten darf".
    """
    order = _ordnung(ordnung)
    if not 1 <= figures_at_once <= 3:
        raise PerlaggenError("a party bids one, two or three figures at once (§ 29)")
    if score >= target or target < 2:
        raise PerlaggenError(f"a party at {score} of {target} has gone out already (§ 5)")
    if score == target - 1:
        return True
    return order == "1890" and score + figures_at_once >= target


@rule(paragraphs=[o(20), n24(20)])
def overbid_penalty(ordnung: str) -> int:
    """The points struck off a party that overbids: two, at once (§ 20, both Ordnungen)."""
    _ordnung(ordnung)
    return 2


@rule(paragraphs=[o(7), o(31), n24(7), n24(31), e(27)])
def can_make(kind: str, cards: Sequence[Card], wild: int = 0) -> bool:
    """Whether a hand has or can make a Gleich or Hanger at all ("zu haben oder machen zu können").

    § 7: "Der Bietende sowohl als der Haltende müssen die von ihnen gebotene bezw.
    gehaltene Figur (Gleich und Hanger) haben"; § 31: "ohne dieselbe zu haben oder
    machen zu können". Perlaggen still unbaptised count as wild.
    """
    if kind == "gleich":
        return best_gleich(cards, wild) is not None
    if kind == "hanger":
        return best_hanger(cards, wild) is not None
    raise PerlaggenError(f"kind is 'gleich' or 'hanger', not {kind!r} (§ 7)")


@rule(
    paragraphs=[o(31), n24(31), n24(7), anhang(31), o(29), n24(29)],
    emendations=[
        Emendation(
            n24(31),
            "1924: the offending party loses the points of this deal and three more "
            "(§ 31); variant 'reading1924_par7': two more (§ 7)",
            "verliert alle gemachten Punkte und wird außerdem um drei Punkte bestraft",
            "1924 § 7 punishes the same offence with 'aller gemachten Figuren verlustig ... "
            "um zwei Punkte'. 'alle gemachten Punkte' is read as the points made in the "
            "deal: § 31 goes on 'Sollte diese Partei noch keine drei Punkte haben', which "
            "makes no sense if the whole score were lost.",
            "low",
        ),
        Emendation(
            anhang(31),
            "witness 'booklet': the 1890 booklet's § 31 has no exemption for unseen bids",
            "verliert drei Punkte; ... in Abzug gebracht.",
            "The web page transcribes p. 11 of the 1890 booklet itself (spelling of 1890: "
            "'Bestandtheil', 'Uebertretungen'): its § 31 ends after 'in Abzug gebracht', while "
            "Schwaighofer's 'unveränderter Abdruck' (and 1924 § 31) adds 'Diese Strafe gilt "
            "nicht für das ungesehen Gebotene.'",
            "medium",
        ),
    ],
)
def false_bid_penalty(
    ordnung: str, unseen: bool = False, witness: str = "schwaighofer", paragraph: str = "31"
) -> dict[str, object]:
    """The penalty for bidding or holding a figure one neither has nor can make (§ 31).

    1890 § 31: "verliert drei Punkte; sollte diese Partei die drei Punkte noch nicht
    haben, so werden diese ... im Laufe des Spieles in Abzug gebracht. Diese Strafe gilt
    nicht für das ungesehen Gebotene." 1924 § 31: "verliert alle gemachten Punkte und
    wird außerdem um drei Punkte bestraft"; 1924 § 7: "aller gemachten Figuren verlustig
    erklärt und außerdem noch um zwei Punkte bestraft" (``paragraph="7"``).
    ``witness="booklet"`` reads 1890 § 31 as p. 11 of the 1890 booklet prints it.
    Returns ``{"penalty": n, "forfeit_deal": bool}``.
    """
    order = _ordnung(ordnung)
    if witness not in ("schwaighofer", "booklet") or (witness == "booklet" and order != "1890"):
        raise PerlaggenError("witness 'booklet' exists for the Ordnung of 1890 only (anhang1890)")
    if paragraph not in ("31", "7") or (paragraph == "7" and order != "1924"):
        raise PerlaggenError("paragraph '7' is a reading of 1924 § 7 only")
    exempt = unseen and witness == "schwaighofer"
    if exempt:
        return {"penalty": 0, "forfeit_deal": False}
    if order == "1890":
        return {"penalty": 3, "forfeit_deal": False}
    return {"penalty": 2 if paragraph == "7" else 3, "forfeit_deal": True}


@rule(paragraphs=[o(29), n24(29)])
def unseen_bid_order(named: Sequence[str] = ()) -> list[str]:
    """The order of figures bid unseen all at once: as named, else Gleich, Hanger, Spiel (§ 29).

    "Wenn ungesehen alle drei Figuren zugleich geboten werden, das Vorgebotene aber
    nicht bestimmt genannt wurde, so gilt als solches: 1. das Gleich, 2. der Hanger,
    3. das Spiel."
    """
    chosen = [_figure(f) for f in named]
    if len(set(chosen)) != len(chosen):
        raise PerlaggenError("a figure is named once")
    return chosen + [f for f in FIGURES if f not in chosen]


@rule(paragraphs=[o(29), n24(29), anhang(29)])
def must_name_holder(ordnung: str, held_jointly: bool) -> bool:
    """Must the party holding an unseen bid say, when asked, which partner holds what (§ 29)?

    1890 § 29 (and p. 11 of the booklet): "Wird das ungesehen gemeinschaftlich
    Gebotene von der Gegenpartei gemeinschaftlich gehalten, so ist dieselbe auf
    Befragen verpflichtet, zu erklären ..."; 1924 § 29: "Wird das ungesehen Gebotene von
    der Gegenpartei gehalten, so ..." (no longer only when held jointly).
    """
    if _ordnung(ordnung) == "1924":
        return True
    return bool(held_jointly)


# ---------------------------------------------------------------- the fifth round


@rule(
    paragraphs=[o(27), o(28), n24(27), n24(28)],
    emendations=[
        Emendation(
            n24(27),
            "a Perlagg 'needed' for a figure is one without which the player could not "
            "make a Gleich or Hanger he (or his party) bid or held",
            "der nicht schon früher zu einer gebotenen oder gehaltenen Figur hat verwendet "
            "werden müssen",
            "1924 § 27's parenthesis; the 1890 text has no such exception",
            "medium",
        )
    ],
)
def fifth_round_spiel(
    ordnung: str,
    lead: Played,
    card: Card,
    trump: Suit,
    needed_for_figure: bool = False,
    custom: str = "nordtirol",
) -> bool:
    """May a player with ``card`` bid, hold or raise the Spiel once the fifth round is led (§ 27)?

    "Die beim fünften Gange zuerst ausgeworfene Karte gilt als Spielfarbe und kann das
    „Spiel“ nur mit Farbe, Trumpf oder Perlagg geboten und gehalten, bezw. gesteigert
    werden"; 1924 adds "(der nicht schon früher zu einer gebotenen oder gehaltenen Figur
    hat verwendet werden müssen)"; § 28: such a Perlagg may then be used "ohne Rücksicht
    auf die Spielfarbe".
    """
    order = _ordnung(ordnung)
    check_cards([lead.card, card], "cards")
    tab = table(trump, custom)
    if tab.is_perlagg(card):
        return not (order == "1924" and needed_for_figure)
    return card.suit in (lead.identity.suit, trump)


# ---------------------------------------------------------------- showing and claims


@rule(paragraphs=[o(22), o(24), n24(22), n24(24)])
def showing_order(spiel_party: str) -> list[Party]:
    """Who shows (weisen) or bids first once the Spiel is decided: the party that has it (§§ 22, 24).

    § 22: "Die Partei, welche das „Spiel“ hat, ist verpflichtet zu weisen, die
    allenfalls bereits aufliegende Figur abzuweisen oder zu bieten, und hat die
    Gegenpartei sofort Antwort zu geben"; § 24: "steht es nur der spielhabenden Partei
    zu ... und darf sie ... in keiner Weise beirrt oder gehindert werden".
    """
    first = _party(spiel_party)
    return [first, "BD" if first == "AC" else "AC"]


@rule(paragraphs=[o(23), n24(23), o(22)])
def may_improve(ordnung: str, spiel_party: bool, what: str) -> bool:
    """After declaring a figure "stehend": may a party show it better, or ask again (§ 23)?

    § 23 (both): the Spiel party "hat nicht das Recht, eine von ihr als „stehend“
    erklärte Figur später wieder besser zu machen; dieses Recht steht jedoch der
    Gegenpartei zu." 1924 § 23 adds: "oder noch einmal um Antwort zu fragen: „Was macht
    diese Figur?“" 1890 § 22 lets "jede Partei" ask. ``what`` is ``"improve"`` or ``"ask"``.
    """
    order = _ordnung(ordnung)
    if what == "improve":
        return not spiel_party
    if what == "ask":
        return not (spiel_party and order == "1924")
    raise PerlaggenError(f"what is 'improve' or 'ask', not {what!r}")


@rule(paragraphs=[o(21), n24(21)])
def claim_in_time(next_deal_card_played: bool) -> bool:
    """Whether a claim about the scoring is still heard (§ 21): until the next deal's first card.

    "Übersehen entschuldigt nicht. Reklamationen beim Aufschreiben gelten nur so lange,
    bis vom darauffolgenden Spiele die erste ausgespielte Karte auf dem Tische liegt";
    1924 adds "Nachträglich Irrungen zu verbessern ... ist nicht zulässig."
    """
    return not next_deal_card_played


@rule(paragraphs=[n24(25), ANMERKUNG])
def last_point_asker(ordnung: str) -> str | None:
    """Who asks for a dritziges, vierfaches, fünffaches at 14 to 14 (1924 § 25); 1890 names nobody.

    1924 § 25: "ist vom linken Spieler des Ausgebers um Dritziges, bezw. Vierfaches oder
    Fünffaches zu fragen"; the author's note to 1890 §§ 25-26: "Man frägt dann um
    fünftige, viertige, dritzige" (no one named): ``None``.
    """
    return "A" if _ordnung(ordnung) == "1924" else None


@rule(paragraphs=[o(5), n24(5), e(15)])
def game_won(score: int, target: int = 15) -> bool:
    """Whether ``score`` reaches the agreed number of points: whoever reaches it first is out.

    § 5: "Die Zahl der Punkte, mit welcher das Spiel ausgeht, ist vor Beginn des Spieles
    zu vereinbaren" (1890: "Zu 9, 11, 15 usw."; 1924: "zu 11, 15, 21 usw."); p15: "wer
    zuerst die vorher bestimmte Anzahl von Punkten (gewöhnlich 15) erreicht, hat
    gewonnen".
    """
    if target < 1:
        raise PerlaggenError(f"the agreed number of points is positive, not {target} (§ 5)")
    return score >= target


@rule(paragraphs=[o(32), n24(32), anhang(32)])
def breach_penalty(agreed: int | None) -> int:
    """The penalty for another breach of the Ordnung: only what was agreed beforehand (§ 32)."""
    if agreed is not None and agreed < 0:
        raise PerlaggenError("an agreed penalty is a number of points, 0 or more")
    return 0 if agreed is None else agreed


@rule(paragraphs=[STRAF2])
def strafperlaggen_penalty(made: bool, stake: int) -> int:
    """Strafperlaggen (three, each alone): points struck off for a figure bid or held and not made.

    "wer nämlich eine selbst gebotene oder angeschaute Figur nicht macht, wird um soviel
    Punkte als gesteigert wurden, gestraft; das heißt, sie werden ihm von seiner Schrift
    abgezogen." ``stake`` is 2 (held) to 7.
    """
    if stake not in LEVELS[:-1]:
        raise PerlaggenError(f"the stake is 2 to 7, not {stake}")
    return 0 if made else stake


@rule(paragraphs=[STRAF1, o(30), n24(30), anhang(30)])
def ordnung_texts(ordnung: str) -> dict[str, object]:
    """What makes up an Ordnung: the Erklärung, its numbered laws, the author's note (§ 30).

    1890 § 30: "Die diesen „Regeln“ vorangehende „Erklärung des Spieles“ ist ein
    integrierender Bestandteil dieser Perlaggerordnung"; 1924 § 30 likewise "Erklärungen,
    Beispiele und Einleitung"; the players choose (Strafperlaggen p1: "ob nach den alten
    oder nach den sogenannten neuen Regeln gespielt wird").
    """
    order = _ordnung(ordnung)
    laws = [str(n) for n in range(1, 33)]
    if order == "1924":
        laws[25:25] = ["25a", "25b"]
    return {"erklaerung": True, "laws": laws, "anmerkung": order == "1890"}


@rule(paragraphs=[e(11), e(27), n24(1)])
def informed_seats(seat: str) -> list[str]:
    """Whose cards a player may know: his own and his partner's (p11, p27, 1924 § 1).

    p11: "Die Partner dürfen sich durch Zeichengeben („Deuten“) über ihre Karten
    gegenseitig verständigen; ... ja sie können darüber ... auch direkt befragen"; p27:
    "man kann sich ja ... gegenseitig aussprechen und ausfragen". The model's
    observation of a seat therefore shows both hands of its party.
    """
    partner = {"A": "C", "C": "A", "B": "D", "D": "B"}[_seat(seat)]
    return sorted([seat, partner])


_SIGNALS: dict[str, dict[str, str]] = {
    "martl": {"1": "nach aufwärts schielen (Augenaufschlag)"},
    "weli": {"1": "Mund zum Kusse formen, Zungenspitzl vorstrecken"},
    "schellsiebener": {
        "1": "Zungenspitzel nach rechts oder links herausstrecken",
        "2": "mit dem rechten Auge blinzeln",
    },
    "eichelsiebener": {"1": "mit dem rechten Auge blinzeln", "2": "mit dem linken Auge blinzeln"},
    "trumpfperlagg": {"1": "mit dem linken Auge blinzeln", "2": "leichtes Achselschupfen"},
    "trumpfas": {"1": "den Daumen ausstrecken"},
    "kleine_truempfe": {"1": "mit dem kleinen Finger und seinem Nachbarn trommeln"},
    "nichts": {"1": "rasch den Kopf schütteln wie beim Neinsagen"},
    "viertiges_gleich": {
        "1": "Bewegung vom Mundwinkel waagrecht gegen das Ohr, oder den Schnurrbart streichen"
    },
    "viertiger_hanger": {
        "1": "Bewegung von der Mundmitte senkrecht abwärts gegen den Hals, oder nicken"
    },
}


@rule(paragraphs=[e(13), e(14)])
def signal(meaning: str, convention: str = "1") -> str:
    """The sign that shows a holding to the partner, as used in North Tyrol (p13, p14).

    p13 lists the signs for the Martl, the Weli, the Schellsiebener, the Eichelsiebener,
    the Trumpfperlaggen and the trumps, with a second convention ("Es wird aber auch der
    kleine Weli mit dem rechten Auge ... und der Eichelsiebener mit dem linken Auge
    ... gedeutet; in diesem Falle deutet man die Trumpfperlaggen durch leichtes
    Achselschupfen an"); p14 those for nothing, a viertiges Gleich and a viertiger
    Hanger. The text warns that signs differ "nach der Ortschaft, nach dem Wirtshaus und
    oft sogar nach dem Stammtisch": they are a convention, not a law.
    """
    signs = _SIGNALS.get(meaning)
    if signs is None:
        raise PerlaggenError(f"no sign for {meaning!r} in p13/p14; known: {', '.join(_SIGNALS)}")
    if convention not in ("1", "2"):
        raise PerlaggenError("convention is '1' or '2' (p13)")
    return signs.get(convention, signs["1"])


# ---------------------------------------------------------------- going out


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one figure of a deal ended, as the counting for going out needs it.

    ``status``: ``conceded`` (let be good; ``stake`` is the number offered), ``aus``
    (held at Spiel aus), ``held`` (held at ``stake``) or ``unbid``. ``winner``: the party
    that made it (for a conceded figure, the party it was conceded to); ``None`` when it
    "steht". ``grades``: the number of cards in each party's best Gleich or Hanger (0:
    none). ``bid``: the order in which it was bid (0 first); ``at``: when it was conceded
    or held at Spiel aus (a running number).
    """

    figure: str
    status: str
    winner: Party | None
    stake: int = 2
    grades: Mapping[str, int] | None = None
    bid: int | None = None
    at: int | None = None


@dataclass(frozen=True, slots=True)
class Written:
    """Points written for one party: a figure, a penalty or a forfeit."""

    figure: str
    party: Party
    points: int
    how: str


@dataclass(frozen=True, slots=True)
class GoingOut:
    """The counting of a deal: who goes out and by what, or a redeal; the points written."""

    out: Party | None
    by: str | None
    redeal: bool
    written: tuple[Written, ...]


def _other(party: Party) -> Party:
    return "BD" if party == "AC" else "AC"


@rule(
    paragraphs=[
        o(9),
        n24(9),
        o(12),
        n24(12),
        e(15),
        e(25),
        o(25),
        o(26),
        ANMERKUNG,
        n24(25),
        "schwaighofer1927.perlaggen.ordnung1924.25a",
        "schwaighofer1927.perlaggen.ordnung1924.25b",
        n24(26),
        o(31),
        n24(31),
    ],
    emendations=[
        Emendation(
            ANMERKUNG,
            "1890: when both parties lack exactly one point, Gleich and Hanger count (in that "
            "order) only as dritziges or better; the better such figure goes out; equal "
            "ones, or only simple figures, leave it to the Spiel",
            "Man frägt dann um fünftige, viertige, dritzige. Die Partei, die die bessere "
            "Figur hat, ist aus. Haben beide Parteien nur einfache Figuren ... so geht das "
            "Spiel aus.",
            "the author's note says how §§ 25-26 are applied; held figures (a bet) count "
            "at any grade",
            "medium",
        ),
        Emendation(
            n24(25),
            "1924: the last-point counting applies whenever the next figure would take "
            "either party out (14-14, and 25b's 13-14 with a held figure worth two); below a "
            "figure already written or tied no lower figure counts; the Spiel then decides, "
            "and if it is already written the deal is void ('neu ausgegeben')",
            "nachdem ein minderwertiges nicht in Betracht kommen kann, wenn eine "
            "höherwertige Figur vorhanden ist, so entscheidet analog dem § 25 das Spiel",
            "§§ 25, 25a, 25b worked through: 25b's '14 lassen das Spiel gut sein, somit haben "
            "die 12 auch 13 und es geht das Erstgebotene aus; wird das ... gleichwertig "
            "gewiesen, so entfällt das Zweitgebotene und es muß ... neu ausgegeben werden'",
            "medium",
        ),
        Emendation(
            o(26),
            "1890: with the Spiel already written and the higher figures equal at the last "
            "point, nobody goes out in this deal",
            "",
            "the Ordnung of 1890 has no § 25a; the edition takes 1924's answer (a new deal)",
            "low",
        ),
        Emendation(
            o(12),
            "a figure held at Spiel aus goes before every other, also before figures let be "
            "good after it was held; the party that makes it writes what it lacks to the target",
            "Die bis zum „Spiel aus“ gesteigerte Figur zieht allen anderen Figuren vor.",
            "§ 9 puts a conceded figure before the others; § 12 puts Spiel aus before 'allen'",
            "medium",
        ),
        Emendation(
            o(31),
            "the § 31 penalty (and 1924's forfeit) is taken when the deal is counted after "
            "the showing, before the held and unbid figures are written; no penalty is "
            "taken when a figure made at Spiel aus ends the Partie, nor when a figure let "
            "be good takes a party to the target, which ends the deal before the showing",
            "verliert drei Punkte; sollte diese Partei die drei Punkte noch nicht haben, so "
            "werden diese oder die noch fehlenden im Laufe des Spieles in Abzug gebracht",
            "§ 31 says nothing of when the points are taken. Whether a party could 'haben "
            "oder machen' a figure is seen only at the showing (§ 25: 'zum Schlusse "
            "nachgewiesen werden ... (§ 31)'); a figure let be good at the target ends the "
            "deal at once (§ 9 'gemacht und geschrieben'; p15 'wer zuerst ... erreicht, hat "
            "gewonnen'), and the party that makes a figure at Spiel aus 'das ganze Spiel "
            "gewinnt und ausgeht, auch wenn sie ... noch gar keinen Gutpunkt gehabt hätte' "
            "(p25). The words 'verliert drei Punkte' excuse nobody: taking the penalty "
            "in these cases too is possible (an open doubt)",
            "low",
        ),
    ],
)
def going_out(
    ordnung: str,
    target: int,
    score: Mapping[str, int],
    outcomes: Sequence[Outcome],
    false_bids: Mapping[str, int] | None = None,
    paragraph: str = "31",
) -> GoingOut:
    """Count a deal's figures in the order that decides who goes out (§§ 9, 12, 25-26; p15).

    § 9: a figure let be good "gilt als gemacht und geschrieben und zieht selbst der
    vorgebotenen Figur vor. In allen übrigen Fällen entscheidet die vorgebotene Figur,
    und zwar in der Rangordnung, in der sie geboten wurde ... Bevor eine gebotene Figur
    nicht entschieden ist, kann eine nicht gebotene Figur nicht als gemacht und
    geschrieben angesehen werden"; unbid figures then count as Gleich, Hanger, Spiel
    (p15, § 6). § 12: Spiel aus before all. When the game is fought for the last point,
    1890 (§§ 25-26 with the author's note) and 1924 (§§ 25, 25a, 25b) count differently
    (see the emendations). ``false_bids``: party -> number of figures it bid or held
    without having them; each is punished by :func:`false_bid_penalty` when the figures
    are shown (``paragraph``: "31", or "7" for the 1924 reading of § 7).
    """
    order = _ordnung(ordnung)
    run = {p: int(score[p]) for p in PARTIES}
    written: list[Written] = []
    state: dict[str, object] = {"out": None, "by": None}

    def write(figure: str, party: Party, points: int, how: str) -> bool:
        written.append(Written(figure, party, points, how))
        run[party] += points
        if state["out"] is None and run[party] >= target:
            state["out"], state["by"] = party, figure
            return True
        return False

    def result(redeal: bool = False) -> GoingOut:
        out = state["out"]
        by = state["by"]
        return GoingOut(
            out if isinstance(out, str) else None,  # type: ignore[arg-type]
            by if isinstance(by, str) else None,
            redeal,
            tuple(written),
        )

    for item in outcomes:
        _figure(item.figure)
        if item.status not in ("conceded", "aus", "held", "unbid"):
            raise PerlaggenError(f"status {item.status!r} unknown")
    conceded = sorted((f for f in outcomes if f.status == "conceded"), key=lambda f: f.at or 0)
    aus = [f for f in outcomes if f.status == "aus"]
    aus_at = min((f.at or 0) for f in aus) if aus else None
    for item in conceded:
        if aus_at is not None and (item.at or 0) > aus_at:
            continue
        if item.winner and write(
            item.figure, item.winner, item.stake - 1, f"let be good at {item.stake}"
        ):
            return result()
    for item in aus:
        if item.winner is not None:
            write(item.figure, item.winner, max(target - run[item.winner], 0), "Spiel aus")
            state["out"], state["by"] = item.winner, item.figure
            return result()
    for item in conceded:
        late = aus_at is not None and (item.at or 0) > aus_at
        if (
            late
            and item.winner
            and write(item.figure, item.winner, item.stake - 1, f"let be good at {item.stake}")
        ):
            return result()
    forfeited: set[str] = set()
    for party, count in sorted((false_bids or {}).items()):
        who = _party(party)
        if count < 0:
            raise PerlaggenError("false_bids counts the offences, 0 or more")
        if not count:
            continue
        rule_ = false_bid_penalty(order, paragraph=paragraph)
        points = int(rule_["penalty"]) * int(count)  # type: ignore[call-overload]
        forfeit = bool(rule_["forfeit_deal"])
        if forfeit:
            forfeited.add(who)
            back = sum(w.points for w in written if w.party == who and w.figure in FIGURES)
            if back:
                write("forfeit", who, -back, "points of the deal forfeited (§ 31)")
        if points:
            write("penalty", who, -int(points), "figure bid or held without having it (§ 31)")
    remaining = sorted((f for f in outcomes if f.status == "held"), key=lambda f: f.bid or 0)
    remaining += sorted(
        (f for f in outcomes if f.status == "unbid"), key=lambda f: FIGURES.index(f.figure)
    )
    spiel_open = next((f for f in remaining if f.figure == "spiel"), None)
    written_figures = {w.figure for w in written if w.figure in FIGURES}
    excluded: set[str] = set()
    for item in remaining:
        value = item.stake if item.status == "held" else 1
        need = {p: target - run[p] for p in PARTIES}
        if order == "1890":
            regime = need["AC"] == 1 and need["BD"] == 1
        else:
            regime = max(need.values()) <= value
        winner = item.winner if item.winner not in forfeited else None
        how = f"held at {item.stake}" if item.status == "held" else "not bid"
        if item.figure == "spiel":
            spiel_open = None
        if not regime:
            if winner is not None:
                written_figures.add(item.figure)
                if write(item.figure, winner, value, how):
                    return result()
            continue
        if item.figure == "spiel":
            if winner is not None:
                write(item.figure, winner, value, how + "; decides the last point")
                return result()
            continue
        if item.figure in excluded:
            continue
        rank = FIGURES.index(item.figure)
        if order == "1924" and any(FIGURES.index(f) < rank for f in written_figures):
            continue
        grades = item.grades or {}
        tie = False
        if item.status == "unbid":
            if winner is not None and grades.get(winner, 0) < 3:
                winner = None
            elif winner is None:
                tie = grades.get("AC", 0) >= 3 and grades.get("AC", 0) == grades.get("BD", 0)
        elif winner is None:
            tie = grades.get("AC", 0) > 0 and grades.get("AC", 0) == grades.get("BD", 0)
        if winner is not None:
            write(item.figure, winner, value, how + "; decides the last point")
            return result()
        if tie:
            excluded.update(f for f in ("gleich", "hanger") if FIGURES.index(f) > rank)
            spiel = spiel_open
            if spiel is not None and spiel.winner is not None and spiel.winner not in forfeited:
                spiel_open = None
                spiel_value = spiel.stake if spiel.status == "held" else 1
                write(
                    "spiel",
                    spiel.winner,
                    spiel_value,
                    f"the {item.figure} steht; the Spiel decides",
                )
                return result()
            return result(redeal=True)
    return result()
