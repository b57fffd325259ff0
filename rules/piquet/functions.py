"""Piquet as Engelmann (1798) states it: the pure rule functions of "Das Piquetspiel" and its 17 Gesetze.

The playable deal built on them is :mod:`rules.piquet.model`.

Every function is pure and cites the paragraphs it implements (``engelmann1798.piquet.pN``
for the rules, ``engelmann1798.piquet.gesetze.N`` for the laws). The edition follows its
own source: where the 1798 text is damaged, unclear or silent, or where it differs from
modern Piquet (Cavendish 1882, Hoyle), the function says so in its docstring and, where
the code assumes something the printed words do not say, carries an :class:`Emendation`.

Vocabulary: the *elder* hand is the 1798 "Erste", "Vorhand", "Anspieler" (B when A
deals); the *younger* hand is the dealer, "der Letzte" (A). *Point* is the 1798
"Rummel"; a *trick* is a "Stich" or "Lese"; a *set* is a "Gedritte" or "Geviertes".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import FRENCH_32, Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

Player = Literal["elder", "younger"]
PLAYERS: tuple[Player, Player] = ("elder", "younger")
SIGLUM = "engelmann1798"


def p(n: int) -> str:
    """The id of paragraph ``n`` of the rules section."""
    return f"{SIGLUM}.piquet.p{n}"


def law(n: int) -> str:
    """The id of the numbered law (Gesetz) ``n``."""
    return f"{SIGLUM}.piquet.gesetze.{n}"


class PiquetError(RulesError, ValueError):
    """An input that no Piquet position can have (wrong cards, counts, players)."""


def other(player: Player) -> Player:
    """The opponent of ``player``."""
    return "younger" if player == "elder" else "elder"


def _player(value: str) -> Player:
    if value not in PLAYERS:
        raise PiquetError(f"player must be 'elder' or 'younger', not {value!r}")
    return "elder" if value == "elder" else "younger"


#: "das Aß [sticht] den König; der König ... die Dame, die Dame den Buben, und der Bube
#: die Zehen, und so weiter ... bis auf die Sieben" (p3).
ORDER = RankOrder(
    (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
)
_PACK = frozenset(FRENCH_32)


#: The most cards a hand may hold when it is scored (p4); more "zählet ganz und gar nichts".
HAND_SIZE = 12


def _scorable(*hands: Hand) -> None:
    """Refuse hands no scored Piquet position has: over twelve cards, or a card in two hands."""
    seen: set[Card] = set()
    for hand in hands:
        if len(hand) > HAND_SIZE:
            raise PiquetError(
                f"a hand of {len(hand)} cards is not scored: each player holds {HAND_SIZE} "
                f"(p4), and one with more 'zählet ganz und gar nichts' (Gesetz 6)"
            )
        both = sorted(str(c) for c in seen.intersection(hand.cards))
        if both:
            raise PiquetError(f"a card cannot be in both hands: {', '.join(both)}")
        seen.update(hand.cards)


# ---------------------------------------------------------------- game state


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's cards: distinct cards of the piquet pack, kept in canonical order."""

    cards: tuple[Card, ...]

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        """A hand from any iterable of cards; rejects duplicates and cards outside the pack."""
        listed = list(cards)
        for card in listed:
            if card not in _PACK:
                raise PiquetError(f"{card} is not in the piquet pack (A K Q J 10 9 8 7)")
        dupes = sorted(str(c) for c, n in Counter(listed).items() if n > 1)
        if dupes:
            raise PiquetError(f"a hand holds each card once; repeated: {', '.join(dupes)}")
        return cls(tuple(ORDER.sorted(listed)))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def suit(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of one suit, high to low."""
        return tuple(c for c in self.cards if c.suit == suit)


@dataclass(frozen=True, slots=True)
class DealResult:
    """The deal: twelve cards each and the talon of eight in buying order (upper 5 first)."""

    elder: Hand
    younger: Hand
    talon: tuple[Card, ...]

    @property
    def talon_upper(self) -> tuple[Card, ...]:
        """The five cards laid on top, which the elder buys from."""
        return self.talon[:5]

    @property
    def talon_lower(self) -> tuple[Card, ...]:
        """The three cards laid crosswise underneath."""
        return self.talon[5:]


@dataclass(frozen=True, slots=True)
class ExchangeResult:
    """Hands after the exchange, and the talon cards nobody took (``left``)."""

    elder: Hand
    younger: Hand
    left: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Point:
    """A player's point (Rummel): his best suit, its number of cards and its pips."""

    suit: Suit
    cards: int
    pips: int


@dataclass(frozen=True, slots=True)
class Run:
    """A sequence (Sequenz) of at least three cards of one suit following in rank order."""

    suit: Suit
    length: int
    top: Rank


@dataclass(frozen=True, slots=True)
class CardSet:
    """Three or four cards of one rank (Gedritte, Geviertes)."""

    rank: Rank
    count: int


@dataclass(frozen=True, slots=True)
class Declaration:
    """What one player scores before play, by category."""

    carte_blanche: int = 0
    point: int = 0
    sequences: int = 0
    sets: int = 0

    @property
    def total(self) -> int:
        """The sum of all categories."""
        return self.carte_blanche + self.point + self.sequences + self.sets


@dataclass(frozen=True, slots=True)
class Declarations:
    """Both players' declarations."""

    elder: Declaration
    younger: Declaration

    def of(self, player: Player) -> Declaration:
        """The declaration of ``player``."""
        return self.elder if player == "elder" else self.younger


@dataclass(frozen=True, slots=True)
class PlayScore:
    """Points made in play (leads, won leads, last trick) and the tricks each took."""

    elder: int
    younger: int
    elder_tricks: int
    younger_tricks: int
    last_trick: Player


# ---------------------------------------------------------------- pack and order


@rule(paragraphs=[p(1)])
def pack() -> tuple[Card, ...]:
    """The 32-card piquet pack: a French pack without the Two, Three, Four, Five and Six.

    Returned in canonical order (suits S H D C, ranks A K Q J 10 9 8 7).
    """
    return FRENCH_32


@rule(paragraphs=[p(3)])
def rank_order() -> tuple[Rank, ...]:
    """The ranks from high to low: A K Q J 10 9 8 7 (Aß, König, Dame, Bube, Zehen … Sieben).

    p3 says the order is "as the cards are by themselves" except that the ace takes the
    king: the ace is highest, not lowest.
    """
    return ORDER.ranks


@rule(paragraphs=[p(3), p(11), p(12)])
def trick_winner(lead: Card, follow: Card) -> Literal["lead", "follow"]:
    """Which card wins a trick: the follower wins only with a higher card of the led suit.

    There are no trumps: "die geringeren können auch nicht anders als durch höhere von
    eben derselben Farbe gestochen werden" (p11).
    """
    _check_cards([lead, follow])
    if follow.suit == lead.suit and ORDER.higher(follow.rank, lead.rank):
        return "follow"
    return "lead"


@rule(paragraphs=[p(11), law(7)])
def legal_cards(hand: Hand, lead: Card) -> tuple[Card, ...]:
    """The cards a player may play to ``lead``: his cards of the led suit, else any card.

    "Die Karten werden, so lange es möglich ist, mit gleicher Farbe bedient" (p11); a
    card played against this must be taken back (Gesetz 7).
    """
    _check_cards([lead])
    if lead in hand.cards:
        raise PiquetError(f"the led card {lead} cannot also be in the follower's hand")
    same = tuple(c for c in hand.cards if c.suit == lead.suit)
    return same or hand.cards


# ---------------------------------------------------------------- deal and exchange


@rule(paragraphs=[p(2)])
def dealer_by_cut(first: Card, second: Card) -> Literal["first", "second"] | None:
    """Who deals, by cutting: the lower card deals ("der die niedrigste Karte abhebt").

    Cards compare by rank in the Piquet order (the Seven lowest); the text says nothing
    of suits or of equal ranks, so equal ranks decide nothing (``None``: cut again).
    """
    _check_cards([first, second])
    if first == second:
        raise PiquetError("two players cannot cut the same card")
    if first.rank == second.rank:
        return None
    return "first" if ORDER.higher(second.rank, first.rank) else "second"


@rule(paragraphs=[p(4)])
def deal(order: Sequence[Card], packet: int = 3) -> DealResult:
    """Deal a shuffled pack: 12 cards each in packets of 3 or 2, elder first; talon of 8.

    The dealer gives "an den andern und sich", so the elder (non-dealer) receives the
    first packet. The remaining eight are laid "oben zu 5 und unten zu 3": the talon is
    returned in buying order, the next five cards of the pack on top, then three. The
    1798 text says the dealer gives 3 or 2 at a time; it does not say which cards of the
    pack make the upper heap: we take the next five.
    """
    if packet not in (2, 3):
        raise PiquetError(f"cards are dealt 3 or 2 at a time, not {packet}")
    cards = list(order)
    _check_cards(cards)
    if len(cards) != 32 or set(cards) != _PACK:
        raise PiquetError(f"a deal needs the whole piquet pack of 32 cards, got {len(cards)}")
    elder: list[Card] = []
    younger: list[Card] = []
    position = 0
    while len(younger) < 12:
        elder.extend(cards[position : position + packet])
        younger.extend(cards[position + packet : position + 2 * packet])
        position += 2 * packet
    return DealResult(Hand.of(elder), Hand.of(younger), tuple(cards[24:]))


_EXCHANGE_EMENDATIONS = (
    Emendation(
        paragraph=p(5),
        reading="B nicht unter 3",
        raw="B nicht unter z",
        evidence=(
            "The OCR reads Fraktur 3 as 'z' throughout this chapter ('z0' for 30, 'z30' for "
            "30); the curated corrections read 3. So the elder (B) exchanges 3 to 5 cards, "
            "the younger (A) at least 2. Modern Piquet lets the elder take 1 to 5 and the "
            "younger at least 1 (EB 1911) or none (Encyclopedia Americana): a difference "
            "of the 1798 source, recorded, not corrected."
        ),
        cert="high",
    ),
    Emendation(
        paragraph=p(5),
        reading="Nimmt B z. B. nur 3 Blätter von den 5, so muß A die … folgenden 2 nehmen",
        raw="Nimmt A z. B. nur 3 Blätter von den 5, so muß B die … folgenden 2 nehmen",
        evidence=(
            "p4 makes B the elder ('Wenn A giebt, so hat B Vorhand') and p5 begins 'B kauft "
            "die 5 oben liegenden': only the elder takes from the five, so the worked "
            "example has its letters swapped (in print or OCR). With the letters restored "
            "it agrees with the minimums: the elder takes 3 (his least), the younger must "
            "take the 2 left over (his least) and may take all 5 that remain."
        ),
        cert="medium",
    ),
)


@rule(paragraphs=[p(5)], emendations=_EXCHANGE_EMENDATIONS)
def exchange_limits(player: Player, elder_took: int = 5) -> tuple[int, int]:
    """How many cards ``player`` may exchange: elder 3 to 5, younger 2 to what is left.

    "jedoch darf A nicht unter 2 und B nicht unter 3 wegwerfen" (p5, OCR 'z' read as 3):
    the elder (B) buys from the upper five and must take at least three; the younger (A)
    must take at least two and may take all the elder left ("auch steht es ihm frei alle
    übrige 5 zu kaufen"). Returns ``(least, most)``.
    """
    player = _player(player)
    if player == "elder":
        return (3, 5)
    if not 3 <= elder_took <= 5:
        raise PiquetError(f"the elder takes 3 to 5 cards, not {elder_took}")
    return (2, 8 - elder_took)


@rule(paragraphs=[p(5), law(11)], emendations=_EXCHANGE_EMENDATIONS)
def exchange(
    dealt: DealResult, elder_discards: Sequence[Card], younger_discards: Sequence[Card]
) -> ExchangeResult:
    """The exchange: each discards and takes as many cards from the talon, elder first.

    The elder takes the first cards of the upper five; the younger takes "die unmittelbar
    darauf folgenden", so the cards the elder left come to him first. Each player
    exchanges once only (Gesetz 11); the counts must lie within
    :func:`exchange_limits`. Taking more than one discards is Gesetz 12's case
    (:func:`took_too_many`).
    """
    _scorable(dealt.elder, dealt.younger, Hand.of(dealt.talon))
    result: dict[Player, Hand] = {}
    position = 0
    steps: tuple[tuple[Player, Hand, Sequence[Card]], ...] = (
        ("elder", dealt.elder, elder_discards),
        ("younger", dealt.younger, younger_discards),
    )
    for player, hand, discards in steps:
        gone = list(discards)
        least, most = exchange_limits(player, len(elder_discards) if player == "younger" else 5)
        if not least <= len(gone) <= most:
            raise PiquetError(f"the {player} exchanges {least} to {most} cards, not {len(gone)}")
        missing = [str(c) for c in gone if c not in hand.cards]
        if missing or len(set(gone)) != len(gone):
            raise PiquetError(f"the {player} can only discard his own cards once: {missing}")
        taken = dealt.talon[position : position + len(gone)]
        position += len(gone)
        result[player] = Hand.of([c for c in hand.cards if c not in gone] + list(taken))
    return ExchangeResult(result["elder"], result["younger"], dealt.talon[position:])


# ---------------------------------------------------------------- point (Rummel)

_POINT_EMENDATION = Emendation(
    paragraph=p(7),
    reading="the point scores one for each card of the best suit",
    raw="",
    evidence=(
        "p7 says how the point is compared (most cards, then pips; equal pips: it does not "
        "count) but not what it scores. We follow the usual rule, one per card (American "
        "Cyclopaedia). "
        "p16 counts the 'Rummel' towards the thirty of a Repic, so it does score something."
    ),
    cert="medium",
)


@rule(paragraphs=[p(7), p(1)])
def pip_value(card: Card) -> int:
    """The pips of a card in the point: Aß 11, König, Dame, Bube 10, others face value."""
    _check_cards([card])
    if card.rank == Rank.ACE:
        return 11
    if card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK):
        return 10
    return int(card.rank.value)


@rule(paragraphs=[p(7)])
def point(hand: Hand) -> Point | None:
    """A hand's point: the suit with most cards; among equally long suits, most pips.

    Returns ``None`` for an empty hand.
    """
    _scorable(hand)
    best: Point | None = None
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        cards = hand.suit(suit)
        if not cards:
            continue
        candidate = Point(suit, len(cards), sum(pip_value(c) for c in cards))
        if best is None or (candidate.cards, candidate.pips) > (best.cards, best.pips):
            best = candidate
    return best


@rule(paragraphs=[p(7), p(20), p(4), law(6)], emendations=[_POINT_EMENDATION])
def point_score(elder: Hand, younger: Hand) -> tuple[Player | None, int]:
    """Who scores the point and how much: more cards wins; equal cards, more pips; else nobody.

    "Ist die Zahl der Blätter gleich, so werden die Augen oder Points gezählet. Sind die
    Augen auf beiden Seiten gleich, so gilt der Rummel nicht" (p7). The winner scores
    one per card of his point: the 1798 text is silent on the value (see emendation).
    """
    _scorable(elder, younger)
    a, b = point(elder), point(younger)
    key_a = (a.cards, a.pips) if a else (0, 0)
    key_b = (b.cards, b.pips) if b else (0, 0)
    if key_a == key_b:
        return (None, 0)
    if key_a > key_b:
        assert a is not None
        return ("elder", a.cards)
    assert b is not None
    return ("younger", b.cards)


# ---------------------------------------------------------------- sequences

_TIERCE_EMENDATION = Emendation(
    paragraph=p(8),
    reading="Tertie, gilt 3 Points",
    raw="Tertie, gilt 2 Points",
    evidence=(
        "The values run on from the number of cards: Quarte 4, then Quinte 15, Sechste 16, "
        "Siebende 17, Achte 18; a Gedritte (p10) counts 3. Every other source gives the "
        "tierce 3 (Hoyle; EB 1911). The OCR '2' is taken as a misreading of Fraktur 3, "
        "which this OCR garbles elsewhere ('z' for 3); a misprint cannot be excluded."
    ),
    cert="medium",
)

_SEQUENCE_VALUES = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}


@rule(paragraphs=[p(8)], emendations=[_TIERCE_EMENDATION])
def sequence_value(length: int, tierce: int = 3) -> int:
    """The value of one sequence: Tertie 3, Quarte 4, Quinte 15, Sechste 16, Siebende 17, Achte 18.

    Fewer than three cards are no sequence and count 0. ``tierce`` is 3 as the edition
    reads p8; 2 is the OCR's figure, kept as the variant ``reading_tierce_2``.
    """
    if not 0 <= length <= 8:
        raise PiquetError(f"a suit has 8 cards; no sequence of {length}")
    if tierce not in (2, 3):
        raise PiquetError(f"a Tertie counts 3 (or 2 as the OCR prints), not {tierce}")
    return tierce if length == 3 else _SEQUENCE_VALUES.get(length, 0)


@rule(paragraphs=[p(8)])
def sequences(hand: Hand) -> tuple[Run, ...]:
    """The sequences of a hand: each longest run of three or more cards of a suit in rank order.

    Sorted from the best down (longer first, then higher top card), as the elder counts
    them "bei dem höchsten anfängt".
    """
    _scorable(hand)
    runs: list[Run] = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        strengths = sorted((ORDER.strength(c.rank) for c in hand.suit(suit)), reverse=True)
        start = 0
        for i in range(1, len(strengths) + 1):
            if i == len(strengths) or strengths[i] != strengths[i - 1] - 1:
                length = i - start
                if length >= 3:
                    top = ORDER.ranks[len(ORDER.ranks) - 1 - strengths[start]]
                    runs.append(Run(suit, length, top))
                start = i
    return tuple(sorted(runs, key=_run_key, reverse=True))


def _run_key(run: Run) -> tuple[int, int]:
    return (run.length, ORDER.strength(run.top))


@rule(paragraphs=[p(8), p(9), p(20), law(6)], emendations=[_TIERCE_EMENDATION])
def sequence_score(elder: Hand, younger: Hand, tierce: int = 3) -> dict[Player, int]:
    """Sequences scored: the best sequence annuls all the opponent's and validates its holder's.

    Longer beats shorter ("die Quarte [macht] die Tertie ... zu nichte"); of equal length
    the higher top card wins ("die Tertiemajor ... die Tertie vom Könige ... zu nichte").
    The holder of the best counts all his sequences. Equal best sequences: neither
    counts (p20, "gleiche Sequenzen").
    """
    _scorable(elder, younger)
    a, b = sequences(elder), sequences(younger)
    best_a = _run_key(a[0]) if a else (0, 0)
    best_b = _run_key(b[0]) if b else (0, 0)
    if best_a == best_b:
        return {"elder": 0, "younger": 0}
    winner, runs = ("elder", a) if best_a > best_b else ("younger", b)
    score = sum(sequence_value(r.length, tierce) for r in runs)
    return {
        "elder": score if winner == "elder" else 0,
        "younger": score if winner == "younger" else 0,
    }


# ---------------------------------------------------------------- sets (Gedritte, Vierzehn)

_SET_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


@rule(paragraphs=[p(10), p(1)])
def set_value(rank: Rank, count: int) -> int:
    """The value of a set: three of a rank 3, four 14 (Vierzehn); only A K Q J 10 count.

    "Die Neune, Achte und Sieben werden niemals zu Gedritten oder Gevierten gezählet."
    """
    if not 0 <= count <= 4:
        raise PiquetError(f"there are four cards of each rank, not {count}")
    if rank not in ORDER.ranks:
        raise PiquetError(f"rank {rank.value} is not in the piquet pack (A K Q J 10 9 8 7)")
    if rank not in _SET_RANKS:
        return 0
    return {3: 3, 4: 14}.get(count, 0)


@rule(paragraphs=[p(10)])
def sets(hand: Hand) -> tuple[CardSet, ...]:
    """The sets of a hand (three or four Aß, Könige, Damen, Buben, Zehen), best first."""
    _scorable(hand)
    counts = Counter(c.rank for c in hand.cards)
    found = [CardSet(r, n) for r in _SET_RANKS if (n := counts.get(r, 0)) >= 3]
    return tuple(sorted(found, key=_set_key, reverse=True))


def _set_key(card_set: CardSet) -> tuple[int, int]:
    return (card_set.count, ORDER.strength(card_set.rank))


@rule(paragraphs=[p(10), law(6)])
def set_score(elder: Hand, younger: Hand) -> dict[Player, int]:
    """Sets scored: the best set (four before three, then higher rank) validates all its holder's.

    "Bei diesen Gevierten und Gedritten strafet auch wie bei den Sequenzen das Höchste
    das Niedrigere": the other player counts nothing for his sets. Worked example (p10):
    four aces and three tens count 17; four queens, four jacks and three kings nothing.
    """
    _scorable(elder, younger)
    a, b = sets(elder), sets(younger)
    best_a = _set_key(a[0]) if a else (0, -1)
    best_b = _set_key(b[0]) if b else (0, -1)
    if best_a == best_b:
        return {"elder": 0, "younger": 0}
    winner, found = ("elder", a) if best_a > best_b else ("younger", b)
    score = sum(set_value(s.rank, s.count) for s in found)
    return {
        "elder": score if winner == "elder" else 0,
        "younger": score if winner == "younger" else 0,
    }


# ---------------------------------------------------------------- carte blanche, declarations

CARTE_BLANCHE_VALUE = 10

_CARTE_BLANCHE_EMENDATION = Emendation(
    paragraph=p(15),
    reading="Carte blanche (no King, Queen or Jack) scores 10",
    raw="",
    evidence=(
        "The 1798 chapter names Carte blanche only in the order of counting near the end "
        "(p15) and among what makes a Repic (p16); it defines neither the hand nor the "
        "score. We follow the common definition and value (Hoyle: a hand without court "
        "cards, 10 points)."
    ),
    cert="medium",
)


@rule(paragraphs=[p(15), p(16)], emendations=[_CARTE_BLANCHE_EMENDATION])
def carte_blanche(hand: Hand) -> bool:
    """Whether a twelve-card hand is a Carte blanche: no King, Queen or Jack (no 'Figuren')."""
    _scorable(hand)
    return len(hand) == 12 and not any(
        c.rank in (Rank.KING, Rank.QUEEN, Rank.JACK) for c in hand.cards
    )


#: The order of counting (p15): Carte blanche, point, sequences, sets, then play.
CATEGORIES: tuple[str, ...] = ("carte_blanche", "point", "sequences", "sets", "play")


@rule(
    paragraphs=[p(7), p(8), p(9), p(10), p(15), p(16), p(4), law(6)],
    emendations=[_POINT_EMENDATION, _TIERCE_EMENDATION, _CARTE_BLANCHE_EMENDATION],
)
def declarations(elder: Hand, younger: Hand, tierce: int = 3) -> Declarations:
    """Everything both players score before the first lead: Carte blanche, point, sequences, sets.

    Hands of more than twelve cards, or sharing a card, are refused (p4, Gesetz 6).
    """
    winner, value = point_score(elder, younger)
    seq = sequence_score(elder, younger, tierce)
    kinds = set_score(elder, younger)
    made: dict[Player, Declaration] = {}
    pairs: tuple[tuple[Player, Hand], ...] = (("elder", elder), ("younger", younger))
    for player, hand in pairs:
        made[player] = Declaration(
            carte_blanche=CARTE_BLANCHE_VALUE if carte_blanche(hand) else 0,
            point=value if winner == player else 0,
            sequences=seq[player],
            sets=kinds[player],
        )
    return Declarations(made["elder"], made["younger"])


_EMPTY = Hand(())


def _alone(hand: Hand, offender_hand: Hand, categories: Iterable[str]) -> Declaration:
    """``hand``'s declaration where the offender counts as holding nothing in ``categories``."""
    alone = declarations(hand, _EMPTY).elder
    normal = declarations(hand, offender_hand).elder
    chosen = set(categories)
    return Declaration(**{k: getattr(alone if k in chosen else normal, k) for k in CATEGORIES[:4]})


@rule(paragraphs=[law(3), law(4)])
def omitted_declarations(
    elder: Hand,
    younger: Hand,
    omitted_by: Player,
    omitted: Iterable[str],
    other_showed_in_time: bool = True,
) -> Declarations:
    """Scores when a player began to play without declaring some categories: he loses them.

    Gesetz 3: what he forgot to count before playing "kann er ... nachmals nicht mehr
    rechnen". Gesetz 4: if the elder did not show his point or sequences before his
    first lead, "nun zählt der andre alles dasjenige als gültig ... ob diese gleich
    niedriger ... wären" (if he shows them before playing a card). We apply the same to
    every omitted category: the opponent counts his holding there as if unopposed. But
    he must show it at once: if he has played a card first, "so kann er so wenig, als
    der Anspieler, seine Karten angeben" (``other_showed_in_time=False``: he loses those
    categories too). Categories: ``carte_blanche``, ``point``, ``sequences``, ``sets``.
    """
    offender = _player(omitted_by)
    lost = set(omitted)
    unknown = lost - set(CATEGORIES[:4])
    if unknown:
        raise PiquetError(f"unknown categories {sorted(unknown)}; use {CATEGORIES[:4]}")
    hands = {"elder": elder, "younger": younger}
    normal = declarations(elder, younger)
    own = normal.of(offender)
    offender_decl = Declaration(**{k: 0 if k in lost else getattr(own, k) for k in CATEGORIES[:4]})
    innocent = _alone(hands[other(offender)], hands[offender], lost)
    if not other_showed_in_time:
        innocent = Declaration(
            **{k: 0 if k in lost else getattr(innocent, k) for k in CATEGORIES[:4]}
        )
    made = {offender: offender_decl, other(offender): innocent}
    return Declarations(made["elder"], made["younger"])


@rule(paragraphs=[law(5), law(6), law(8)])
def false_declaration(elder: Hand, younger: Hand, offender: Player) -> Declarations:
    """Penalty for a false declaration noticed after the offender played a card.

    "daß der falsche Ansager nicht das geringste, was er in Wahrheit haben kann, zählen
    darf, dahingegen der andere nun alles rechnen kann, was er hat" (Gesetz 5); the same
    penalty falls on one who names a king for an ace (Gesetz 8, for that deal only) and
    on one who holds more cards than he should (Gesetz 6: "zählet ganz und gar nichts").
    The offender scores no declarations; the other counts all his holdings unopposed.
    The offender also scores nothing in play; this function returns the declarations.
    """
    offender = _player(offender)
    hands = {"elder": elder, "younger": younger}
    innocent = _alone(hands[other(offender)], hands[offender], CATEGORIES[:4])
    made = {offender: Declaration(), other(offender): innocent}
    return Declarations(made["elder"], made["younger"])


@rule(paragraphs=[law(5), law(8)])
def misdeclaration_remedy(played_card: bool) -> Literal["may_correct", "penalty"]:
    """What follows a wrong declaration: corrected freely before one's first card, else penalty.

    Gesetz 8: "wenn er noch kein Blatt ausgespielt hätte, ist ihm ohne einige Strafe
    zugelassen, seine Worte zu ändern"; after play has begun the penalty of Gesetz 5
    applies. (A younger hand's revision of what he conceded is Gesetze 14 and 15:
    :func:`concession_revised`.)
    """
    return "penalty" if played_card else "may_correct"


# ---------------------------------------------------------------- pic, repic, order of counting

_PIC_EMENDATION = Emendation(
    paragraph=p(17),
    reading="for a Pic the opponent must have scored nothing at all",
    raw="ohne daß sein Mitspieler zum Ueberstechen kommen kann",
    evidence=(
        "p17 states only that the opponent must not win a trick before the elder reaches "
        "30; p16 requires for the Repic that the opponent 'nichts Gültiges gegen ihn "
        "aufbringen' could. p17 begins 'Wenn hingegen', contrasting only the means (play "
        "instead of declarations alone), so we read the same condition into it, as "
        "modern rules have it (Hoyle, Cassell: before the opponent scores anything)."
    ),
    cert="medium",
)


@rule(paragraphs=[p(16), p(17), law(5)], emendations=[_PIC_EMENDATION])
def pic_repic(
    player: Player, declared: int, opponent_declared: int, play_before_opponent_scores: int = 0
) -> tuple[Literal["repic", "pic"] | None, int]:
    """Repic (+60) and Pic (+30): 30 reached before the opponent scores anything.

    Repic (p16): 30 from declarations alone, without playing a card, the opponent having
    nothing valid: "zählet anstatt der Dreißig, Neunzig" (31 becomes 91 and so on).
    Pic (p17): only the elder ("der Anspieler"), short of 30 in declarations, reaches
    30 by play before the opponent wins a trick: "anstatt der dreißig sechzig".
    Returns the honour and the points it adds.
    """
    player = _player(player)
    if min(declared, opponent_declared, play_before_opponent_scores) < 0:
        raise PiquetError("scores are never negative")
    if opponent_declared > 0:
        return (None, 0)
    if declared >= 30:
        return ("repic", 60)
    if player == "elder" and declared + play_before_opponent_scores >= 30:
        return ("pic", 30)
    return (None, 0)


@rule(paragraphs=[p(16), p(17), p(18)], emendations=[_PIC_EMENDATION])
def honour_count(
    player: Player, declared: int, opponent_declared: int, play_before_opponent_scores: int = 0
) -> int:
    """The player's count once a Pic or Repic is made: what he counted plus 60 or 30.

    "wenn er über 30 hat, so saget er 91, 92, 93, 94, und so fort an" (p16);
    "30 von Pic machet 60 oder 62" (p18). Without an honour it is the plain count.
    """
    _, adds = pic_repic(player, declared, opponent_declared, play_before_opponent_scores)
    return declared + play_before_opponent_scores + adds


@rule(paragraphs=[p(18)])
def late_pic_claim(stage: Literal["play", "end_of_deal", "shuffled", "cut", "dealing"]) -> bool:
    """Whether a Pic counted as plain 30 can still be claimed as 60 at this stage.

    Yes during the deal and even at its end, "dafern er nur nicht die Karten aufs neue
    gemenget oder abheben lassen, oder etwa schon zu dem folgenden Spiele zu geben
    angefangen hat"; after that "ist der Sechsziger verloren".
    """
    stages = {"play": True, "end_of_deal": True, "shuffled": False, "cut": False, "dealing": False}
    if stage not in stages:
        raise PiquetError(f"stage must be one of {sorted(stages)}, not {stage!r}")
    return stages[stage]


@rule(paragraphs=[p(15)])
def counting_order() -> tuple[str, ...]:
    """The order in which scores count toward the game: Carte blanche, point, sequences, sets, play.

    p15 gives it for the end of a partie, when both lack only a few points: "der Rummel
    folget diesem nach im Gewinnen: hernach kommen die Sequenzkarten, so dann die 4 oder
    3 Asse ... und zuletzt die Points, die man im Ausspielen rechnet".
    """
    return CATEGORIES


@rule(paragraphs=[p(15)])
def first_to_finish(
    need: dict[Player, int], elder: Declaration, younger: Declaration
) -> Player | None:
    """Who reaches the end of the partie first when both are close: scores count in p15's order.

    ``need`` gives the points each still lacks. Within a category the elder counts
    first (he declares first; the text does not say). ``None`` means the declarations
    decide nothing: the play ("zuletzt die Points ... im Ausspielen") decides.
    """
    left = {player: need[player] for player in PLAYERS}
    if min(left.values()) <= 0:
        raise PiquetError("both players must still lack points")
    made = {"elder": elder, "younger": younger}
    for category in CATEGORIES[:4]:
        for player in PLAYERS:
            left[player] -= getattr(made[player], category)
            if left[player] <= 0:
                return player
    return None


# ---------------------------------------------------------------- play and tricks

_LAST_TRICK_NOTE = Emendation(
    paragraph=p(12),
    reading="the last trick counts 3 instead of 1",
    raw="zähler statt ein, drei Augen dafür",
    evidence=(
        "Read as printed ('zähler' is OCR for 'zählet'; 'drei' is undamaged): the winner "
        "of the last trick counts three for it instead of one. Modern Piquet (EB 1911) "
        "gives one extra point, i.e. two instead of one; the edition "
        "follows its own source and records the difference."
    ),
    cert="medium",
)

LAST_TRICK_VALUE = 3

_EVERY_LEAD_NOTE = Emendation(
    paragraph=p(12),
    reading="every lead counts one, whatever the card",
    raw="Spielet einer einen König, Dame, Buben, Zehne aus, so zählt er im Ausspielen eins",
    evidence=(
        "p11 states the rule generally: 'zählet für jede Karte, mit der er sticht und "
        "ausspielt, eins'. p12 names only King, Queen, Jack and Ten, as an example of a "
        "lead the other can beat (an Ace cannot be); the list also matches the later rule "
        "that only leads of a ten or higher count. We follow p11's general statement."
    ),
    cert="medium",
)

#: The ranks whose lead counts under the alternative reading of p12's list.
_HIGH_LEADS = frozenset((Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN))


@dataclass(frozen=True, slots=True)
class TrickPoints:
    """What one trick counts: for its leader, for its follower, and who won it."""

    leader: int
    follower: int
    winner: Literal["lead", "follow"]


@rule(
    paragraphs=[p(11), p(12), law(6)],
    emendations=[_LAST_TRICK_NOTE, _EVERY_LEAD_NOTE],
)
def trick_points(
    lead: Card, follow: Card | None, last: bool = False, leads: str = "every"
) -> TrickPoints:
    """What one trick counts: 1 for the lead, 1 for the follower who wins it, the last 3.

    "zählet für jede Karte, mit der er sticht und ausspielt, eins" (p11); the winner of
    the last trick "zählet statt ein, drei Augen dafür" (p12). ``leads="high"`` is the
    alternative reading of p12's list (only a lead of a Ten or higher counts). A
    follower with no card left (``follow=None``) cannot win: the short-handed player
    "kann also capot werden" (Gesetz 6).
    """
    _check_cards([lead] if follow is None else [lead, follow])
    if leads not in ("every", "high"):
        raise PiquetError(f"leads must be 'every' or 'high', not {leads!r}")
    won = "lead" if follow is None else trick_winner(lead, follow)
    leader = 1 if leads == "every" or lead.rank in _HIGH_LEADS else 0
    follower = 1 if won == "follow" else 0
    if last:
        if won == "lead":
            leader = last_trick_value()
        else:
            follower = last_trick_value()
    return TrickPoints(leader, follower, won)


@rule(paragraphs=[p(11), p(12)], emendations=[_LAST_TRICK_NOTE, _EVERY_LEAD_NOTE])
def play(tricks: Sequence[tuple[Card, Card]]) -> PlayScore:
    """Score the play of a deal: 1 for each lead, 1 for winning the opponent's lead, last trick 3.

    ``tricks`` are (led card, followed card) in order; the elder leads first, the winner
    of a trick leads the next. "zählet für jede Karte, mit der er sticht und ausspielt,
    eins" (p11): every lead counts, whatever the card (see the emendation on p12's
    example); only the follower who wins counts for following. The winner of the
    last trick "zählet statt ein, drei Augen dafür" (p12).
    """
    seen: list[Card] = [c for trick in tricks for c in trick]
    _check_cards(seen)
    if len(set(seen)) != len(seen):
        raise PiquetError("a card can be played only once")
    if not 1 <= len(tricks) <= 12:
        raise PiquetError(f"a deal has 1 to 12 tricks, not {len(tricks)}")
    points = {"elder": 0, "younger": 0}
    taken = {"elder": 0, "younger": 0}
    leader: Player = "elder"
    winner: Player = leader
    for i, (lead, follow) in enumerate(tricks):
        counted = trick_points(lead, follow, last=i == len(tricks) - 1)
        points[leader] += counted.leader
        points[other(leader)] += counted.follower
        winner = leader if counted.winner == "lead" else other(leader)
        taken[winner] += 1
        leader = winner
    return PlayScore(points["elder"], points["younger"], taken["elder"], taken["younger"], winner)


@rule(paragraphs=[p(12)], emendations=[_LAST_TRICK_NOTE])
def last_trick_value() -> int:
    """What the last trick counts its winner instead of the usual one: three ("statt ein, drei")."""
    return LAST_TRICK_VALUE


@rule(paragraphs=[p(12), p(19), p(20)])
def tricks_bonus(elder_tricks: int, younger_tricks: int) -> dict[Player, int]:
    """The bonus for tricks (Lesen): most tricks 10, all tricks (Capot) 40, equal tricks nothing.

    "Derjenige, der die meisten Lesen gemacht hat, zählet ... zehn Augen ... wo aber
    beide Spieler gleichviel Lesen haben, so zählet keiner etwas dafür" (p12); "welcher
    alle Lesen macht, rechnet ... vierzig, und das heißt Capot" (p19).
    """
    if min(elder_tricks, younger_tricks) < 0 or elder_tricks + younger_tricks > 12:
        raise PiquetError("tricks are counted 0 to 12 and together at most 12")
    if elder_tricks == younger_tricks:
        return {"elder": 0, "younger": 0}
    winner: Player = "elder" if elder_tricks > younger_tricks else "younger"
    loser_tricks = min(elder_tricks, younger_tricks)
    value = 40 if loser_tricks == 0 else 10
    return {
        "elder": value if winner == "elder" else 0,
        "younger": value if winner == "younger" else 0,
    }


# ---------------------------------------------------------------- the partie


@rule(paragraphs=[p(1), p(13)])
def game_won(score: int, target: int = 101) -> bool:
    """Whether a score ends the partie played to ``target`` (usually 101, or 100).

    "bis auf welche Zahl die Parthie gespielet werden soll, welche letztere insgemein
    Hundert und Eins, oder auch nur Hundert ist" (p1).
    """
    if target not in (100, 101):
        raise PiquetError(f"the 1798 partie is played to 100 or 101, not {target}")
    return score >= target


@rule(paragraphs=[p(1), p(14)])
def partie_units(points: int) -> int:
    """Points converted to parties in the four-deal reckoning: by tens, 5 and over rounds up.

    "der Ueberrest wird mit 10 getheilet ... doch so, daß 5 und drüber auch eine Parthie
    gilt, z. E. 44 sind vier, und 45 fünf Parthien" (p14); "ich gewinne in vier Spielen
    10, 24, 35, 46, so bekomme ich 1, 2, 4, 5" (OCR 'r10').
    """
    if points < 0:
        raise PiquetError("the difference is counted for the winner and is never negative")
    return (points + 5) // 10


@rule(paragraphs=[p(1), p(14)])
def partie_result(
    elder_deals: Sequence[int], younger_deals: Sequence[int]
) -> tuple[Player | None, int]:
    """The four-deal partie: add each player's four deals, subtract, convert the difference.

    "Man rechnet gewöhnlich 4 Spiele zusammen, zieht die Summe von einander ab, und der
    Ueberrest wird mit 10 getheilet" (p14). The players are named by their role in the
    first deal. Returns the winner (``None`` if equal) and the parties he wins.
    """
    if len(elder_deals) != 4 or len(younger_deals) != 4:
        raise PiquetError("the partie has four deals ('4 Spiele') for each player")
    if min(*elder_deals, *younger_deals) < 0:
        raise PiquetError("deal scores are never negative")
    difference = sum(elder_deals) - sum(younger_deals)
    if difference == 0:
        return (None, 0)
    return ("elder" if difference > 0 else "younger", partie_units(abs(difference)))


# ---------------------------------------------------------------- the laws (Gesetze)


@rule(paragraphs=[law(1), law(2)])
def misdeal(
    elder_cards: int, younger_cards: int, packet: int = 3
) -> Literal["play", "elder_chooses", "redeal"]:
    """What a wrong number of dealt cards leads to: play on, the elder's choice, or a redeal.

    Gesetz 1: too many cards given or taken: the elder chooses to have it dealt again or
    to play on (if he himself has 13 and plays, he discards the extra card). Gesetz 2:
    15 or 16 cards, or a whole packet ("eine Lese") too many: a redeal is compulsory.
    Too few cards are played with (Gesetz 6, :func:`wrong_number`). The text names
    only 13 for Gesetz 1 and 15/16 for Gesetz 2; 14 cards dealt by twos is a packet too
    many, by threes not.
    """
    if packet not in (2, 3):
        raise PiquetError(f"cards are dealt 3 or 2 at a time, not {packet}")
    if min(elder_cards, younger_cards) < 0:
        raise PiquetError("card counts are never negative")
    most = max(elder_cards, younger_cards)
    if most >= 15 or most >= 12 + packet:
        return "redeal"
    if most > 12:
        return "elder_chooses"
    return "play"


@rule(paragraphs=[law(1), law(6)])
def elder_thirteen(announced_before_buying: bool) -> Literal["discards_one_more", "counts_nothing"]:
    """An elder dealt 13 cards who plays on: he puts the surplus right when he buys, if in time.

    Gesetz 1: he may "beim Kaufen die Zahl der Zwölf berichtigen, dergestalt, daß er ein
    Blatt mehr, als er nehmen wird, wegwerfe", but only if he says so before he looks
    at the cards he buys; afterwards he plays on "bei der Strafe, die wider diejenigen,
    welche zu viel Blätter haben, folgen wird", i.e. Gesetz 6: he counts nothing.
    """
    return "discards_one_more" if announced_before_buying else "counts_nothing"


@rule(paragraphs=[law(6)])
def wrong_number(held: int, due: int = 12) -> Literal["counts_nothing", "plays_on", "normal"]:
    """A player found in play with too many cards counts nothing; with too few he plays on.

    "zählet ganz und gar nichts, wenn sichs im Spielen findet, daß er mehr Blätter hat,
    als er haben sollte. Wer aber weniger nimmt ... der unterläßt nicht zu zählen, was
    er hat" (Gesetz 6).
    """
    if held < 0 or due < 0:
        raise PiquetError("card counts are never negative")
    if held > due:
        return "counts_nothing"
    if held < due:
        return "plays_on"
    return "normal"


@rule(paragraphs=[law(12)])
def took_too_many(seen_or_mixed: bool) -> Literal["put_back", "loses_deal"]:
    """Taking more cards than one discarded: put them back if unseen, else lose the deal.

    Gesetz 12: if none of the extra cards was turned or put to one's hand they go back;
    otherwise "daß man sein Spiel, doch nur für diesmal, verliere".
    """
    return "loses_deal" if seen_or_mixed else "put_back"


@rule(paragraphs=[law(11)])
def second_exchange_allowed(already_exchanged: bool) -> bool:
    """Whether a player may discard and buy (again): only once ("nicht statt, zweimal wegzulegen")."""
    return not already_exchanged


@rule(paragraphs=[law(7), p(11)])
def retract_card(could_follow_suit: bool, followed_suit: bool) -> Literal["must_retake", "stands"]:
    """A card on the table stays, unless it was a revoke: then it must be taken back.

    Gesetz 7: played cards "können nicht wieder aufgenommen werden", unless one still had
    the led suit and played another; then "muß man das unrechte Blatt wieder nehmen",
    without penalty. Playing a lower card by mistake stands.
    """
    return "must_retake" if could_follow_suit and not followed_suit else "stands"


@rule(paragraphs=[law(9)])
def thrown_in_hand(mixed_with_table: bool) -> Literal["lost", "may_play_on"]:
    """Cards thrown down as beaten: lost if mixed with the table, else the player may go on."""
    return "lost" if mixed_with_table else "may_play_on"


_DEALER_EMENDATION = Emendation(
    paragraph=law(13),
    reading="'er' is the player whose turn it was to deal",
    raw="so muß der andre geben, wofern er nur keins von seinen Blättern besehen hat",
    evidence=(
        "The pronoun is ambiguous. We take it for the subject of the main clause, 'der "
        "andre' whose turn it was: he deals unless he has looked at his cards (and so "
        "accepted them), even if the mistaken dealer has looked at his. The concessive "
        "'obgleich der andere die Seinen besehen hätte' names the other player's look as "
        "not deciding, which supports this reading. Alternative: 'er' is the mistaken "
        "dealer (dealt_out_of_turn(reading='mistaken'))."
    ),
    cert="low",
)


@rule(paragraphs=[law(13)], emendations=[_DEALER_EMENDATION])
def dealt_out_of_turn(
    rightful_dealer_looked: bool,
    mistaken_dealer_looked: bool = False,
    reading: Literal["rightful", "mistaken"] = "rightful",
) -> Literal["redeal", "stands"]:
    """Dealing twice in a row by mistake: the other deals, unless "er" has looked at his cards.

    The edition reads "er" as the player whose turn it was (``reading="rightful"``): if
    he has looked at his cards the deal stands, whatever the mistaken dealer did. The
    alternative reading (``"mistaken"``) makes it the mistaken dealer's own look that
    settles it; it gives another outcome exactly when one of the two has looked and the
    other not.
    """
    if reading not in ("rightful", "mistaken"):
        raise PiquetError(f"reading must be 'rightful' or 'mistaken', not {reading!r}")
    looked = rightful_dealer_looked if reading == "rightful" else mistaken_dealer_looked
    return "stands" if looked else "redeal"


@rule(paragraphs=[law(17)])
def reversed_cards(count: int) -> Literal["play", "accept", "redeal"]:
    """Cards found face up in the deal: one is accepted by its receiver, two force a new deal.

    Gesetz 17: one card turned "darf man die Karte nicht von neuem mengen ... es
    annehmen"; two: "muß man die Karten nothwendig wieder mengen und anders geben". The
    text does not mention three or more; a fortiori, a new deal.
    """
    if count < 0:
        raise PiquetError("a count is never negative")
    return "play" if count == 0 else "accept" if count == 1 else "redeal"


# ---------------------------------------------------------------- cutting, turns, markers


_CUT_EMENDATION = Emendation(
    paragraph=p(2),
    reading="a cut takes at least two cards and leaves at least one",
    raw="wenn er nur mehr als ein Blatt hat",
    evidence=(
        "The text requires more than one card in the cut; that the rest of the pack may "
        "not be empty is not said, but a cut of the whole pack shows the same card as no "
        "cut and leaves nothing for the other to cut."
    ),
    cert="medium",
)


@rule(paragraphs=[p(2)], emendations=[_CUT_EMENDATION])
def cut_allowed(cut: int, pack_size: int = 32) -> bool:
    """Whether a cut to decide the deal is valid: "so viel oder so wenig Blätter als er will,
    wenn er nur mehr als ein Blatt hat" — at least two cards, and not the whole pack."""
    if not 1 <= pack_size <= 32:
        raise PiquetError(f"the pack to cut holds 1 to 32 cards, not {pack_size}")
    if cut < 0 or cut > pack_size:
        raise PiquetError(f"a cut takes 0 to {pack_size} cards, not {cut}")
    return 2 <= cut < pack_size


_TURN_EMENDATION = Emendation(
    paragraph=p(13),
    reading="within a Partie the deal alternates",
    raw="so fährt man mit spielen so lange fort",
    evidence=(
        "p13 does not say in so many words who deals next within a Partie; Gesetz 13 "
        "treats dealing twice in a row as a mistake ('daß nicht an ihm die Reihe zu geben "
        "sey'), so the deal alternates. After a Partie p13 has the players cut again "
        "unless they agreed how the turn goes on, in which case they go on as if the "
        "Partie had not ended."
    ),
    cert="high",
)


@rule(paragraphs=[p(13), law(13)], emendations=[_TURN_EMENDATION])
def next_dealer(
    dealer: Literal["A", "B"], partie_over: bool = False, order_agreed: bool = False
) -> Literal["A", "B", "cut"]:
    """Who deals next: the other player; after a Partie, a new cut unless the order was agreed.

    "so hebt man aufs neue ab, um zu wissen, welches der Erste ... seyn soll, falls man
    es im Anfange nicht beschlossen hat, wie die Reihe fortgehen soll" (p13).
    """
    if dealer not in ("A", "B"):
        raise PiquetError(f"the dealer is 'A' or 'B', not {dealer!r}")
    if partie_over and not order_agreed:
        return "cut"
    return "B" if dealer == "A" else "A"


_MARKER_EMENDATION = Emendation(
    paragraph=p(14),
    reading="each marker card stands for one Parthie won",
    raw="Auch marquiret man mit den 6, 5, 4, 3, 2",
    evidence=(
        "p14 names the marker cards (the Six to Two left out of the pack, p1) and that "
        "one player takes Trefle and Pique, the other Coeur and Carreau, and that after "
        "the game 'die Schwarzen gegen die Rothen ausgewechselt, und die Fehlenden "
        "bezahlet' are. How a card counts is not said: we read that the winner of a "
        "Parthie takes one of the loser's marker cards, so that at the end equal numbers "
        "are exchanged back and only the difference is paid."
    ),
    cert="low",
)

_MARKER_RANKS = (Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)


@rule(paragraphs=[p(14)], emendations=[_MARKER_EMENDATION])
def marker_cards(colour: Literal["black", "red"]) -> tuple[Card, ...]:
    """The ten marker cards of one player: the 6 to 2 of Pique and Trefle, or of Coeur and Carreau."""
    suits = {"black": (Suit.SPADES, Suit.CLUBS), "red": (Suit.HEARTS, Suit.DIAMONDS)}
    if colour not in suits:
        raise PiquetError(f"colour must be 'black' or 'red', not {colour!r}")
    return tuple(Card(r, s) for s in suits[colour] for r in _MARKER_RANKS)


@rule(paragraphs=[p(14)], emendations=[_MARKER_EMENDATION])
def marker_settlement(black_won: int, red_won: int) -> tuple[Literal["black", "red"] | None, int]:
    """The settlement after the game: equal markers are exchanged back, the rest is paid.

    "Nach geendetem Spiele werden die Schwarzen gegen die Rothen ausgewechselt, und die
    Fehlenden bezahlet." Each player has ten markers, so at most ten Parthien are marked.
    Returns who is paid and how many Parthien.
    """
    for won in (black_won, red_won):
        if not 0 <= won <= 10:
            raise PiquetError(f"each player has ten marker cards; {won} cannot be marked")
    if black_won == red_won:
        return (None, 0)
    return ("black" if black_won > red_won else "red", abs(black_won - red_won))


@rule(paragraphs=[law(11), p(5)])
def elder_announces(took: int) -> dict[str, int]:
    """What the elder must say when he buys: how many he takes and how many he leaves.

    "Deswegen soll der Erste dem Andern die Zahl, die er nimmt, und die er gewiß liegen
    lässet, ansagen" (Gesetz 11), of the five upper cards (p5).
    """
    if not 3 <= took <= 5:
        raise PiquetError(f"the elder takes 3 to 5 cards (p5), not {took}")
    return {"takes": took, "leaves": 5 - took}


@rule(paragraphs=[law(14), law(15)])
def concession_revised(
    elder_holding: int, younger_holding: int, younger_played: bool
) -> Literal["younger_counts", "neither_counts", "elder_counts"]:
    """The younger hand takes back a "gut" he gave: who counts the category then.

    Holdings are compared by the category's own measure (bigger is better). Gesetz 14:
    as long as the younger has played no card he may revise and count a better holding;
    Gesetz 15: even after the elder has led, if he has "eben so viel oder mehr" — equal
    holdings annul each other, and the elder gives back what he had counted. Once the
    younger has played a card, his concession stands. Gesetz 14 names only a holding
    worth more; equality before the lead is taken a fortiori from Gesetz 15.
    """
    if min(elder_holding, younger_holding) < 0:
        raise PiquetError("a holding is measured by a number that is never negative")
    if younger_played or younger_holding < elder_holding:
        return "elder_counts"
    if younger_holding == elder_holding:
        return "neither_counts"
    return "younger_counts"


@rule(paragraphs=[law(10)])
def thrown_cards_order(bottom_to_top: Sequence[Card]) -> tuple[Card, ...]:
    """Cards thrown down together count as played in the order they touched the table.

    "alsdann hält man die für die Erstgespielten, welche befunden werden, daß sie am
    ersten den Tisch ... anrühren, und am untersten liegen": the bottom card first.
    The opponent may then win or let pass each of them in that order.
    """
    cards = list(bottom_to_top)
    _check_cards(cards)
    if len(set(cards)) != len(cards) or not 2 <= len(cards) <= 3:
        raise PiquetError("Gesetz 10 speaks of two or three distinct cards thrown together")
    return tuple(cards)


# ---------------------------------------------------------------- coverage

#: Paragraphs of the chapter that no rule formalises, and why (for the edition's coverage).
UNFORMALISED: dict[str, str] = {
    p(6): "strategy: advice on what to keep when discarding; decides nothing",
    law(16): (
        "on request a player must say which card of a set he lacks; a duty of disclosure, "
        "no outcome to compute"
    ),
}


# ---------------------------------------------------------------- helpers


def _check_cards(cards: Iterable[Card]) -> None:
    for card in cards:
        if not isinstance(card, Card):
            raise PiquetError(f"not a card: {card!r}")
        if card not in _PACK:
            raise PiquetError(f"{card} is not in the piquet pack (A K Q J 10 9 8 7)")
