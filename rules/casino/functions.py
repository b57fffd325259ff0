"""Casino as Engelmann (1798) states it: the pure rule functions of the "Casino-Spiel".

The chapter has four parts: the value of the cards and the combinations (``casino.p1``
to ``p8``), eight Gesetze (``casino.gesetze.1``-``8``), eleven Allgemeine Regeln of
strategy (``casino.regeln.*``) and "Das Casino mit drei Personen" (``casino.drei.p1``
to ``p4``). The playable deal built on these functions is :mod:`rules.casino.model`.

The 1798 text is a German rendering of the English Cassino of the Hoyle books (it keeps
"Sweep", "Lurch", "Court-Cards"). Where it differs from the Cassino described later
(Hoyle's Games Improved, c. 1800, p. 246; Cassell's Book of In-door Amusements, 1881;
Foster's Complete Hoyle, 1897; Encyclopaedia Britannica's "casino"), the functions
follow the 1798 text and say so. Above all, the 1798 text knows no *building* (laying
a card on table cards and announcing the number one will take them with): a card is
either played to capture ("nehmen", "paaren", by "Verbindungen") or laid to the table
("zugeben"). Laying a card that makes a sum with a table card, in the hope of taking
both later (Regel 2, Ausnahmen; Regel 4, Ausnahme), is an ordinary trail that anyone
may take.

Vocabulary: a *capture* is the 1798 "Stich" (the cards one takes with one card);
*trailing* is "eine Karte zugeben"; *clearing the table* is "den Tisch räumen" (one
point, Gesetz 6); the *Kehraus* ("Sweep") is the last capture, which takes every card
left on the table (Gesetz 7); a *party* is a "Parthei": two partners at four, each
player alone at three and two.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from rules.cards import FRENCH_52, Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "engelmann1798"


def p(n: int) -> str:
    """The id of paragraph ``n`` of the chapter (``casino.p1`` … ``p8``)."""
    return f"{SIGLUM}.casino.p{n}"


def law(n: int) -> str:
    """The id of Gesetz ``n`` (``casino.gesetze.1`` … ``8``)."""
    return f"{SIGLUM}.casino.gesetze.{n}"


def drei(n: int) -> str:
    """The id of paragraph ``n`` of "Das Casino mit drei Personen"."""
    return f"{SIGLUM}.casino.drei.p{n}"


class CasinoError(RulesError, ValueError):
    """An input that no Casino position can have (cards, seats, counts)."""


#: The seats in playing order round the table, as the print names the four players
#: of its example (p4: A deals, B plays first, then C, D and A).
SEAT_NAMES: tuple[str, ...] = ("A", "B", "C", "D")
#: Canonical order for listing cards (Casino itself has no rank order, p1).
ORDER = RankOrder(
    (
        Rank.ACE,
        Rank.KING,
        Rank.QUEEN,
        Rank.JACK,
        Rank.TEN,
        Rank.NINE,
        Rank.EIGHT,
        Rank.SEVEN,
        Rank.SIX,
        Rank.FIVE,
        Rank.FOUR,
        Rank.THREE,
        Rank.TWO,
    )
)
_PACK = frozenset(FRENCH_52)
COURTS = frozenset({Rank.KING, Rank.QUEEN, Rank.JACK})
_VALUE: dict[Rank, int] = {
    Rank.ACE: 1,
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 9,
    Rank.TEN: 10,
}
#: "Das große Casino, welches die Zehen von Caro ist" (p3).
GREAT_CASINO = Card(Rank.TEN, Suit.DIAMONDS)
#: "die Zwei von Piques" (p3).
LITTLE_CASINO = Card(Rank.TWO, Suit.SPADES)
#: Cards each person receives at a time, and the table in the first round (Gesetz 2).
PACKET = 4

Category = Literal[
    "great_casino",
    "little_casino",
    "cards",
    "spades",
    "ace_spades",
    "ace_clubs",
    "ace_hearts",
    "ace_diamonds",
]
#: The points of each category of a deal (Gesetz 1; each ace one point).
CATEGORY_POINTS: dict[str, int] = {
    "great_casino": 2,
    "little_casino": 1,
    "cards": 3,
    "spades": 1,
    "ace_spades": 1,
    "ace_clubs": 1,
    "ace_hearts": 1,
    "ace_diamonds": 1,
}
_ACE_CATEGORY = {
    Suit.SPADES: "ace_spades",
    Suit.CLUBS: "ace_clubs",
    Suit.HEARTS: "ace_hearts",
    Suit.DIAMONDS: "ace_diamonds",
}


# ---------------------------------------------------------------- checks


def _check_cards(cards: Iterable[Card], where: str = "cards") -> list[Card]:
    listed = list(cards)
    for card in listed:
        if not isinstance(card, Card):
            raise CasinoError(f"{where}: not a card: {card!r}")
        if card not in _PACK:
            raise CasinoError(f"{where}: {card} is not in the whist pack of 52 cards (p1)")
    twice = sorted(str(c) for c, n in Counter(listed).items() if n > 1)
    if twice:
        raise CasinoError(f"{where}: each card is in the pack once; repeated: {', '.join(twice)}")
    return listed


def _players(players: int) -> int:
    if players not in (2, 3, 4):
        raise CasinoError(
            f"Casino is played by four, three or two persons (p4, drei.p1, drei.p4), "
            f"not {players!r}"
        )
    return players


def _seat(seat: str, players: int) -> str:
    if seat not in SEAT_NAMES[:players]:
        raise CasinoError(
            f"with {players} players the seats are {', '.join(SEAT_NAMES[:players])}, not {seat!r}"
        )
    return seat


# ---------------------------------------------------------------- the cards


@rule(paragraphs=[p(1)])
def pack() -> tuple[Card, ...]:
    """The pack: the 52 cards of Whist ("dieselben, deren man sich bei dem Whist bedienet").

    Returned in canonical order (suits S H D C, ranks A K Q J 10 … 2).
    """
    return FRENCH_52


@rule(paragraphs=[p(1)])
def is_court(card: Card) -> bool:
    """Whether a card is a Hofkarte (King, Queen, Valet); the others are "gemeine Karten"."""
    _check_cards([card])
    return card.rank in COURTS


@rule(paragraphs=[p(1), p(2), p(4), law(5)])
def card_value(card: Card) -> int | None:
    """The number a card counts in combinations: Ace 1, Two to Ten their pips, courts none.

    p1: the courts are worth no more than one another "und alle drei nicht mehr wie die
    übrigen": they take only by pairing (p5: only a Valet takes a Valet). The Ace counts
    one: in p4 an Ace, a Two and a Four "machen sieben zusammen"; and since nothing is
    smaller, an Ace takes only Aces (p2: "blos eines das andere oder mehrere").
    """
    _check_cards([card])
    return _VALUE.get(card.rank)


# ---------------------------------------------------------------- captures


#: The number each card counts in combinations, by its notation (courts: ``None``).
VALUE_OF: dict[str, int | None] = {str(c): _VALUE.get(c.rank) for c in FRENCH_52}
#: The rank of each card by its notation (``"K"``, ``"10"``): what pairing compares.
RANK_OF: dict[str, str] = {str(c): c.rank.value for c in FRENCH_52}


def _counts(cards: Iterable[str]) -> tuple[int, ...]:
    """How many number cards of each value 1 … 10 (courts are left out); cards as notation."""
    counts = [0] * 10
    for card in cards:
        value = VALUE_OF[card]
        if value is not None:
            counts[value - 1] += 1
    return tuple(counts)


def _partitions(total: int, largest: int) -> list[tuple[int, ...]]:
    """Every way of making ``total`` from parts no larger than ``largest``, as count vectors."""
    if total == 0:
        return [(0,) * 10]
    found: list[tuple[int, ...]] = []
    for part in range(min(total, largest), 0, -1):
        for rest in _partitions(total - part, part):
            row = list(rest)
            row[part - 1] += 1
            found.append(tuple(row))
    return found


#: For each number 1 … 10, every group of common cards (by value) that adds up to it.
GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {v: tuple(_partitions(v, v)) for v in range(1, 11)}
Group = tuple[tuple[int, int], ...]


def _nonzero(group: tuple[int, ...]) -> Group:
    """A group as (value index, count) pairs of the values it uses."""
    return tuple((i, n) for i, n in enumerate(group) if n)


_GROUP_ITEMS: dict[int, tuple[Group, ...]] = {
    v: tuple(_nonzero(g) for g in GROUPS[v]) for v in range(1, 11)
}
_GROUPS_WITH: dict[tuple[int, int], tuple[Group, ...]] = {
    (v, e): tuple(_nonzero(g) for g in GROUPS[v] if g[e - 1])
    for v in range(1, 11)
    for e in range(1, v + 1)
}


def _fits(group: Group, avail: tuple[int, ...]) -> bool:
    """Whether ``avail`` holds every card of ``group`` (a loop: faster than all() here)."""
    for index, count in group:  # noqa: SIM110
        if avail[index] < count:
            return False
    return True


@lru_cache(maxsize=1 << 16)
def _completable(value: int, required: tuple[int, ...], avail: tuple[int, ...]) -> bool:
    """Whether groups of ``avail`` each adding up to ``value`` can cover every ``required`` card."""
    largest = 0
    for index in range(9, -1, -1):
        if required[index]:
            largest = index + 1
            break
    if not largest:
        return True
    if largest > value:
        return False
    for group in _GROUPS_WITH[value, largest]:
        if _fits(group, avail):
            left = list(avail)
            still = list(required)
            for index, count in group:
                left[index] -= count
                still[index] = max(0, still[index] - count)
            if _completable(value, tuple(still), tuple(left)):
                return True
    return False


def _has_group(value: int, avail: tuple[int, ...]) -> bool:
    return any(_fits(group, avail) for group in _GROUP_ITEMS[value])


def takes_anything(card: str, table: Sequence[str]) -> bool:
    """Whether ``card`` can take at least one card of ``table`` (cards in notation)."""
    value = VALUE_OF[card]
    if value is None:
        rank = RANK_OF[card]
        return any(RANK_OF[t] == rank for t in table)
    return _has_group(value, _counts(table))


def completable(card: str, taken: Sequence[str], table: Sequence[str]) -> bool:
    """Whether the cards ``taken`` so far can still grow into a whole capture from ``table``."""
    value = VALUE_OF[card]
    if value is None:
        rank = RANK_OF[card]
        return all(RANK_OF[t] == rank for t in taken)
    if any(VALUE_OF[t] is None for t in taken):
        return False
    return _completable(value, _counts(taken), _counts(table))


def takeable(card: str, taken: Sequence[str], table: Sequence[str]) -> list[str]:
    """The cards of ``table`` that ``card`` may take next, having taken ``taken`` so far."""
    value = VALUE_OF[card]
    if value is None:
        rank = RANK_OF[card]
        if any(RANK_OF[t] != rank for t in taken):
            return []
        return [t for t in table if RANK_OF[t] == rank and t not in taken]
    if any(VALUE_OF[t] is None for t in taken):
        return []
    avail = _counts(table)
    base = list(_counts(taken))
    found: list[str] = []
    for t in table:
        extra = VALUE_OF[t]
        if extra is None or extra > value or t in taken:
            continue
        base[extra - 1] += 1
        if _completable(value, tuple(base), avail):
            found.append(t)
        base[extra - 1] -= 1
    return found


def is_capture(card: str, taken: Sequence[str]) -> bool:
    """Whether ``taken`` (cards on the table, in notation) is a whole capture for ``card``."""
    if not taken:
        return False
    value = VALUE_OF[card]
    if value is None:
        rank = RANK_OF[card]
        return all(RANK_OF[t] == rank for t in taken)
    if any(VALUE_OF[t] is None for t in taken):
        return False
    counts = _counts(taken)
    return _completable(value, counts, counts)


_CAPTURE_EMENDATION = Emendation(
    paragraph=law(5),
    reading="the player may take any whole part of what his card could take",
    raw=(
        "mit dieser mag er nicht allein ein Paar machen, und jede andere Karte, die "
        "dieselbige Benennung führet, nehmen, sondern er mag auch … so viele andere Karten "
        "aufnehmen, als er durch Verbindungen mit seiner Karte herausbringen kann"
    ),
    evidence=(
        "Gesetz 5 says what a card 'mag' (may) take, not what it must; p4 has the player "
        "choose 'mit welcher Karte und durch welche Verbindungen' he takes, and Regel 11 "
        "weighs leaving cards on the table. So any set of table cards that splits into "
        "cards of the played card's name and groups adding up to its number is a capture; "
        "taking all one could is not compulsory."
    ),
    cert="medium",
)


@rule(paragraphs=[p(1), p(2), p(3), p(4), law(5)], emendations=[_CAPTURE_EMENDATION])
def valid_capture(card: Card, taken: Sequence[Card], table: Sequence[Card]) -> bool:
    """Whether playing ``card`` may take exactly the cards ``taken`` from ``table``.

    One card is played at a time (Gesetz 5). It takes every card "die dieselbige
    Benennung führet" and, if it is a common card, any groups of common cards whose
    numbers add up to its own ("Verbindungen": a Ten takes 9 and Ace, 8 and 2, 7 and 3,
    6 and 4, 5 and 5, as well as a Ten, all at once). A court takes only courts of its
    own name (p1), an Ace only Aces (p2); suits do not matter (p3). Modern Cassino lets
    a court take only one court of its rank (Britannica, "casino"); the 1798 Gesetz 5
    lets it take "jede andere Karte, die dieselbige Benennung führet".
    """
    on_table = _check_cards(table, "table")
    chosen = _check_cards(taken, "taken")
    _check_cards([card, *on_table], "card and table")
    missing = sorted(str(c) for c in chosen if c not in on_table)
    if missing:
        raise CasinoError(f"only cards on the table can be taken, not {', '.join(missing)}")
    return is_capture(str(card), [str(c) for c in chosen])


@rule(paragraphs=[p(4), law(5)])
def maximal_captures(card: Card, table: Sequence[Card]) -> list[list[Card]]:
    """The largest captures ``card`` can make from ``table``: none contained in another.

    p4's worked example: with Ace, Two, Four and Seven on the table a Seven takes all
    four (the Seven by pairing, the others as a combination); a Ten takes the Seven, Two
    and Ace; a Five the Ace and Four; a Six the Four and Two. Each capture is listed in
    canonical order, the captures sorted by size (largest first), then canonically.
    """
    on_table = _check_cards(table, "table")
    _check_cards([card, *on_table], "card and table")
    text, table_texts = str(card), [str(c) for c in on_table]
    candidates = [c for c in table_texts if completable(text, [c], table_texts)]
    found: list[frozenset[str]] = []

    def grow(chosen: list[str], start: int) -> None:
        extended = False
        for index in range(start, len(candidates)):
            nxt = candidates[index]
            if completable(text, [*chosen, nxt], table_texts):
                grow([*chosen, nxt], index + 1)
                extended = True
        if chosen and not extended and is_capture(text, chosen):
            found.append(frozenset(chosen))

    grow([], 0)
    maximal = {s for s in found if not any(s < other for other in found)}
    by_text = {str(c): c for c in on_table}
    listed = [ORDER.sorted(by_text[t] for t in s) for s in maximal]
    listed.sort(key=lambda cards: (-len(cards), [ORDER.sort_key(c) for c in cards]))
    return listed


_CLEARING_EMENDATION = Emendation(
    paragraph=law(6),
    reading=(
        "a point for every play that takes the last card(s) from the table by pairing or "
        "combination; the Kehraus, the cards left at the end, scores no point by itself, "
        "whether the last capture takes them (Gesetz 7) or the dealer's last court (p1, p6)"
    ),
    raw="Derjenige, der die letzte Tischkarte nimmt, oder den Tisch räumt, zählt für jedesmal",
    evidence=(
        "Gesetz 6 gives the point to the one who takes the last table card or clears the "
        "table; Gesetz 7 gives the cards left at the end to the last capture and names that "
        "taking 'den Sweep, oder den Kehraus' without a word of a point. The dealer's "
        "court takes 'die noch übrigen Tischkarten' (p1), the very words p6 uses for what "
        "the last capture takes ('die noch übrigen Tischkarten, nebst denen von D und A'), "
        "and p6 sets the court beside it as the same taking ('hat aber A eine Hofkarte, so "
        "nimmt A die noch übrigen Karten'). "
        "So the two are one thing and score alike: a court that takes the rest scores the "
        "point only where its pairing alone would clear the table (every card left is of "
        "its name). Hoyle's Games Improved (p. 246) scores a point only 'if he clear the "
        "board before the conclusion of the game'; Foster's Complete Hoyle (1897): the last "
        "cards 'do not count as a sweep'. The literal reading that taking the rest is "
        "taking 'die letzte Tischkarte', and scores, whoever takes it, is the variant "
        "reading_kehraus_point. Scoring the court's taking but not the last capture's (as "
        "earlier builds of this edition did) has no ground in the text: both take the rest "
        "with the card played ('mit selbigem', Gesetz 7)."
    ),
    cert="medium",
)


@rule(paragraphs=[law(6), p(5), p(7)], emendations=[_CLEARING_EMENDATION])
def clearing_point(
    table: Sequence[Card],
    taken: Sequence[Card],
    remainder: bool = False,
    remainder_scores: bool = False,
) -> int:
    """The point for clearing the table: 1 if ``taken`` is every card on ``table``, else 0.

    "Derjenige, der die letzte Tischkarte nimmt, oder den Tisch räumt, zählt für
    jedesmal unwiderruflich eine Point" (Gesetz 6); it is marked at once and never
    deducted (p7). ``remainder`` says that ``taken`` are the cards left at the end, the
    Kehraus (Gesetz 7; the dealer's court, p1): they score only under the reading
    ``remainder_scores`` (see :func:`court_sweep_point` for the court).
    """
    on_table = _check_cards(table, "table")
    chosen = _check_cards(taken, "taken")
    missing = sorted(str(c) for c in chosen if c not in on_table)
    if missing:
        raise CasinoError(f"only cards on the table can be taken, not {', '.join(missing)}")
    if not on_table or set(chosen) != set(on_table):
        return 0
    if remainder and not remainder_scores:
        return 0
    return 1


@rule(paragraphs=[p(1), p(6), law(6), law(7)], emendations=[_CLEARING_EMENDATION])
def court_sweep_point(court: Card, table: Sequence[Card], remainder_scores: bool = False) -> int:
    """The clearing point of the dealer's last court taking the rest of the table (p1, p6).

    The court takes "die noch übrigen Tischkarten" (p1): that is the Kehraus of Gesetz 7
    and scores no point (emendation), unless every card on the table is of the court's
    name, when its pairing alone clears the table (Gesetz 6, as with ``capture``). Under
    ``remainder_scores`` (reading_kehraus_point) it always scores, as the last capture's
    Kehraus does.
    """
    on_table = _check_cards(table, "table")
    _check_cards([court, *on_table], "court and table")
    if court.rank not in COURTS:
        raise CasinoError(f"only a King, Queen or Valet takes the rest of the table, not {court}")
    pairs_all = all(c.rank == court.rank for c in on_table)
    return clearing_point(on_table, on_table, not pairs_all, remainder_scores)


_COURT_EMENDATION = Emendation(
    paragraph=p(1),
    reading=(
        "the dealer's last card, if a court, takes every card left on the table, whether it "
        "pairs one or not"
    ),
    raw=(
        "ausgenommen bei dem letzten Stich, wo der König, die Dame, oder der Valet, in der "
        "Hand des Gebers die noch übrigen Tischkarten wegnehmen kann"
    ),
    evidence=(
        "p1 names this as the one exception to the courts' being worth no more than other "
        "cards, and p6 repeats it ('hat aber A eine Hofkarte, so nimmt A die noch übrigen "
        "Karten'); Regel 2, Ausnahmen, has the dealer keep a court back 'um sich des Sweeps "
        "… zu sichern'. The Hoyle books say only that courts serve 'in pairing or in gaining "
        "the final sweep' (Hoyle's Games Improved, p. 246) and that the dealer keeps a court "
        "'to pair one already on the table' (Foster 1897): that reading is the variant "
        "reading_court_pairs."
    ),
    cert="medium",
)
_LAST_TRICK_EMENDATION = Emendation(
    paragraph=law(7),
    reading=(
        "the last capture of the deal takes the cards left, even if it was made before the "
        "last cards were dealt; if nobody captured at all, the cards stay uncounted"
    ),
    raw="Derjenige, der den letzten Stich macht, nachdem alle Karten gegeben worden",
    evidence=(
        "The text speaks of the last capture after all cards are dealt and is silent when "
        "nobody captures in the last round; Hoyle's Games Improved gives the remainder to "
        "'the player who obtains the last trick'. A deal without any capture is left as the "
        "text leaves it: its cards belong to nobody."
    ),
    cert="low",
)


@rule(paragraphs=[p(1), p(6), law(7)], emendations=[_COURT_EMENDATION, _LAST_TRICK_EMENDATION])
def remainder_taker(
    last_capturer: str | None,
    dealer: str,
    dealer_last_card: Card,
    court_sweeps: bool = True,
) -> str | None:
    """Who takes the cards left on the table at the end of a deal (the Kehraus, Gesetz 7).

    The one who made the last capture ("den letzten Stich") takes them, with the cards
    the later players laid down (p6: "nebst denen von D und A"); but a court as the
    dealer's last card takes them all (p1, p6), if he plays it so. ``None``: nobody
    captured in the whole deal.
    """
    _check_cards([dealer_last_card])
    for seat in (last_capturer, dealer):
        if seat is not None and seat not in SEAT_NAMES:
            raise CasinoError(f"seats are A, B, C, D, not {seat!r}")
    if court_sweeps and dealer_last_card.rank in COURTS:
        return dealer
    return last_capturer


# ---------------------------------------------------------------- seats and the deal

_PARTNERS_EMENDATION = Emendation(
    paragraph=p(4),
    reading="at four, A and C play together against B and D",
    raw="",
    evidence=(
        "The text counts by 'Parthei' (p7: 26 cards each) and speaks of 'unser Gehülfe' "
        "(Regeln 4, 8), but never says who partners whom. The pack is that of Whist (p1), "
        "where partners sit opposite; with the players seated A, B, C, D in playing order "
        "(p4, p5) that makes A and C partners against B and D."
    ),
    cert="medium",
)


@rule(paragraphs=[p(4), p(7)], emendations=[_PARTNERS_EMENDATION])
def party_of(seat: str, players: int = 4) -> str:
    """The party ("Parthei") a seat belongs to: ``AC`` or ``BD`` at four; the seat itself else."""
    _seat(seat, _players(players))
    if players == 4:
        return "AC" if seat in ("A", "C") else "BD"
    return seat


def parties(players: int) -> tuple[str, ...]:
    """The parties of a game of ``players`` (``AC``, ``BD`` at four)."""
    if players == 4:
        return ("AC", "BD")
    return SEAT_NAMES[:players]


_EXAMPLE_EMENDATION = Emendation(
    paragraph=p(5),
    reading=(
        "in the second round of p5, C plays a Seven after B's Queen, and A's Seven takes C's Seven"
    ),
    raw=(
        "B könnte auch nicht paaren, so giebt er eine zu, diese sey eine Dame, D aber "
        "hätte eine Acht … A hätte eine Sieben, so nimmt er mit dieser die Sieben, die B gespielt"
    ),
    evidence=(
        "The example goes from B to D without C's card, and A takes a Seven 'die B "
        "gespielt' although B has laid a King and a Queen (his Seven took the table at the "
        "start). Counting the cards of the round (four each, and seven left on the table) "
        "shows one card missing, C's: the Seven that A takes. Equally possible: B's card "
        "was the Seven and C laid the Queen; both leave the same table."
    ),
    cert="medium",
)


@rule(paragraphs=[p(4), p(5)], emendations=[_EXAMPLE_EMENDATION])
def play_order(dealer: str, players: int = 4) -> tuple[str, ...]:
    """The order of play: the player after the dealer first, the dealer last.

    p4: A deals and "B fängt an zu spielen"; p5: "CD und A thun dasselbige". The same
    order holds for every round of the deal.
    """
    players = _players(players)
    _seat(dealer, players)
    seats = SEAT_NAMES[:players]
    start = (seats.index(dealer) + 1) % players
    return seats[start:] + seats[:start]


@rule(paragraphs=[p(4)])
def cutter(dealer: str, players: int = 4) -> str:
    """Who cuts: the player at the dealer's right hand, the one who plays just before him.

    "A ist Geber; er mischt die Karten und läßt sie von D, der ihm zur rechten Hand
    sitzt, abheben" (p4).
    """
    return play_order(dealer, players)[-2]


_NEXT_DEALER_EMENDATION = Emendation(
    paragraph=p(4),
    reading="the deal passes to the player who played first (B after A)",
    raw="",
    evidence=(
        "The text never says who deals next. As at Whist, whose pack Casino uses (p1), the "
        "deal passes to the left, to the player who played first in the last deal."
    ),
    cert="low",
)


@rule(paragraphs=[p(4)], emendations=[_NEXT_DEALER_EMENDATION])
def next_dealer(dealer: str, players: int = 4) -> str:
    """Who deals the next deal: the first player of this one (text silent; see emendation)."""
    return play_order(dealer, players)[0]


@rule(paragraphs=[law(2)])
def deal_rounds(players: int) -> int:
    """How many times four cards are given to each person: 3 at four, 4 at three, 6 at two.

    "vier Karten jeder Person, und vier Karten dem Tische …, bis die Karten alle sind;
    allein man giebt dem Tische keine mehr" (Gesetz 2): after the table's four, 48 cards
    go to the players four at a time.
    """
    players = _players(players)
    return (len(FRENCH_52) - PACKET) // (PACKET * players)


@dataclass(frozen=True, slots=True)
class DealResult:
    """The four table cards and each seat's cards in the order received (four per round)."""

    table: tuple[Card, ...]
    hands: Mapping[str, tuple[Card, ...]]


@rule(paragraphs=[law(2), p(4)])
def deal(order: Sequence[Card], players: int = 4) -> DealResult:
    """Deal a shuffled pack: four cards to each player, four to the table, then four each again.

    Gesetz 2: four cards to each person and four to the table; when they are played,
    four more to each person "bis die Karten alle sind", none to the table. The text
    does not say with whom the dealer begins, nor in what order he turns up the table
    cards ("nach seinem Gefallen", NB): neither changes anything, and the edition gives
    each round's cards to the seats in the order A, B, C, D, then (first round) to the
    table. Each seat's cards are returned in the order received: the first four are
    its first hand.
    """
    cards = _check_cards(order, "pack")
    players = _players(players)
    if len(cards) != len(FRENCH_52):
        raise CasinoError(f"a deal gives out the whole pack of 52 cards, not {len(cards)}")
    seats = SEAT_NAMES[:players]
    hands: dict[str, list[Card]] = {s: [] for s in seats}
    table: tuple[Card, ...] = ()
    position = 0
    for round_number in range(deal_rounds(players)):
        for seat in seats:
            hands[seat].extend(cards[position : position + PACKET])
            position += PACKET
        if round_number == 0:
            table = tuple(cards[position : position + PACKET])
            position += PACKET
    return DealResult(table, {s: tuple(hands[s]) for s in seats})


_TRAIL_EMENDATION = Emendation(
    paragraph=p(5),
    reading="a player may lay any card to the table, even one that could take something",
    raw=(
        "wenn er eine von den Tischkarten paaren kann, so nimmt er eine davon weg, wo nicht, "
        "so giebt er eine zu"
    ),
    evidence=(
        "p5 tells what the players do in its example, not what they must do. The Regeln "
        "presuppose the choice: Regel 3 has the dealer 'das Casino zu spielen' to the table, "
        "Regel 7 lay down the fourth Ace at once, Regel 11 weigh 'nicht auf dem Tische bloß "
        "eine einzige Karte … zu lassen', and its Fälle name when to take and when not. "
        "Modern rules differ (Britannica: 'It is not permissible to trail a card that can "
        "make a capture'). The reading that whoever can take must take is the variant "
        "reading_must_capture."
    ),
    cert="medium",
)


@rule(paragraphs=[p(5), p(1)], emendations=[_TRAIL_EMENDATION])
def may_trail(
    hand: Sequence[Card],
    table: Sequence[Card],
    must_capture: bool = False,
    dealer_last_card: bool = False,
) -> bool:
    """Whether the player may lay a card to the table ("eine Karte zugeben") without taking.

    Always, in the edition's reading; under ``must_capture`` only when no card of his
    hand can take anything ("wo nicht, so giebt er eine zu", p5). ``dealer_last_card``:
    the hand is the dealer's last card of the deal, whose court "die noch übrigen
    Tischkarten wegnehmen kann" (p1): a court there can take whatever lies on the
    table, so under ``must_capture`` he may not lay it down.
    """
    held = _check_cards(hand, "hand")
    on_table = _check_cards(table, "table")
    _check_cards([*held, *on_table], "hand and table")
    if not held:
        raise CasinoError("a player without cards has nothing to play")
    if dealer_last_card and len(held) != 1:
        raise CasinoError(f"the dealer's last card is one card, not {len(held)} (p1)")
    if not must_capture:
        return True
    if dealer_last_card and on_table and held[0].rank in COURTS:
        return False
    return not any(takes_anything(str(c), [str(t) for t in on_table]) for c in held)


# ---------------------------------------------------------------- the count of a deal

_MAJORITY_EMENDATION = Emendation(
    paragraph=drei(4),
    reading=(
        "with three players the most cards and the most spades are the greatest number "
        "(more than each other player); a tie for the greatest counts for nobody"
    ),
    raw="dieselben Points wie das Casino mit vier Personen",
    evidence=(
        "p7 states the majorities for two parties (27 of 52 cards, 7 of 13 spades). With "
        "three players drei.p3 has B win 'die Mehrheit der Karten' as a matter of course; "
        "Hoyle's terms define the cards as 'a greater share than your adversary'. Reading "
        "p7's numbers literally for three (27 cards, 7 spades, else nobody) is the variant "
        "drei_absolute_majority."
    ),
    cert="medium",
)


@rule(paragraphs=[p(2), p(3), p(7), law(1), drei(4)], emendations=[_MAJORITY_EMENDATION])
def deal_points(
    captured: Mapping[str, Sequence[Card]], majority: str = "threshold"
) -> dict[str, dict[str, int]]:
    """The points each party takes home in a deal, by category (before any deduction).

    p7 and Gesetz 1: the cards, if 27 or more (26 count nothing), 3; seven or more
    spades 1 "wenn man auch nicht die Mehrheit der Karten hat"; the great Casino
    (Caro-Zehen) 2 and the little Casino (Pique-Zwei) 1 "wenn man sie in seinen Stichen
    nach Hause bringt" (p3); each Ace 1. ``majority``: ``threshold`` applies p7's
    numbers (27 cards, 7 spades); ``plurality`` gives them to the party holding more
    than every other, none on a tie (three players, see the emendation). Only the
    categories a party wins are listed.
    """
    if majority not in ("threshold", "plurality"):
        raise CasinoError(f"majority is 'threshold' or 'plurality', not {majority!r}")
    if not 2 <= len(captured) <= 3:
        raise CasinoError(f"a deal is counted between two or three parties, not {len(captured)}")
    every = [c for cards in captured.values() for c in cards]
    _check_cards(every, "captured cards")
    result: dict[str, dict[str, int]] = {party: {} for party in captured}
    counts = {party: len(cards) for party, cards in captured.items()}
    spades = {
        party: sum(1 for c in cards if c.suit == Suit.SPADES) for party, cards in captured.items()
    }
    for category, tally, threshold in (("cards", counts, 27), ("spades", spades, 7)):
        for party, n in tally.items():
            others = [m for q, m in tally.items() if q != party]
            wins = n >= threshold if majority == "threshold" else all(n > m for m in others)
            if wins:
                result[party][category] = CATEGORY_POINTS[category]
    for party, cards in captured.items():
        for card in cards:
            if card == GREAT_CASINO:
                result[party]["great_casino"] = 2
            elif card == LITTLE_CASINO:
                result[party]["little_casino"] = 1
            elif card.rank == Rank.ACE:
                result[party][_ACE_CATEGORY[card.suit]] = 1
    order = list(CATEGORY_POINTS)
    return {
        party: dict(sorted(won.items(), key=lambda kv: order.index(kv[0])))
        for party, won in result.items()
    }


@rule(paragraphs=[law(1)])
def points_in_a_deal() -> int:
    """The points to be won in a deal besides clearing the table: 3 + 2 + 1 + 4 + 1 = 11.

    Gesetz 1: the cards 3, the great Casino 2, the little Casino 1, the Aces 4, the
    spades 1, "Summa 11".
    """
    return sum(CATEGORY_POINTS.values())


_THREE_DEDUCTION_EMENDATION = Emendation(
    paragraph=drei(4),
    reading=(
        "three players by the rules of four: the two lower add their points and subtract "
        "them from the highest, who marks the rest; if they reach the highest, nobody marks"
    ),
    raw="die nämlichen Regeln des Abzugs",
    evidence=(
        "drei.p4 says that Casino with two or three has 'die nämlichen Regeln des Abzugs' "
        "as with four, where the smaller number is taken from the larger (p7), but not how "
        "three numbers are set against one another. Hoyle's terms of Cassino: 'When three "
        "persons play at this game, the two lowest add their points together, and subtract "
        "from the highest; but when their two numbers together either amount to or exceed "
        "the highest, then neither party scores.' The edition takes that rule, which the "
        "German text abridges."
    ),
    cert="low",
)


@rule(paragraphs=[p(7), law(1), drei(1), drei(4)], emendations=[_THREE_DEDUCTION_EMENDATION])
def marks(points: Mapping[str, int], deduction: str = "pair") -> dict[str, int]:
    """What each party marks of its deal points (clearing points apart) after deduction.

    ``pair`` (four, and two, players): "die geringere Zahl wird von der größern
    abgezogen, und blos das, was übrig bleibt, wird marquirt" (Gesetz 1; p7): 7 against
    4 marks 3, equal numbers mark nothing. ``none`` (three, drei.p1): "Jede Person
    marquirt die Points, die er gewinnt, ohne irgend einen Abzug". ``three`` (three by
    drei.p4): the highest marks what exceeds the two others together (emendation).
    """
    if any(not isinstance(v, int) or v < 0 for v in points.values()):
        raise CasinoError(f"points are whole numbers from 0, not {dict(points)!r}")
    if sum(points.values()) > points_in_a_deal():
        raise CasinoError(
            f"a deal has {points_in_a_deal()} points to win, not {sum(points.values())}"
        )
    if deduction == "none":
        return dict(points)
    if deduction == "pair":
        if len(points) != 2:
            raise CasinoError("the deduction of four (Gesetz 1) is between two parties")
        low = min(points.values())
        return {party: v - low for party, v in points.items()}
    if deduction == "three":
        if len(points) != 3:
            raise CasinoError("the deduction of three (drei.p4) is between three players")
        top = max(points, key=lambda k: points[k])
        rest = sum(v for k, v in points.items() if k != top)
        return {k: (points[k] - rest if k == top and points[k] > rest else 0) for k in points}
    raise CasinoError(f"deduction is 'pair', 'none' or 'three', not {deduction!r}")


# ---------------------------------------------------------------- the game

_TARGET_EMENDATION = Emendation(
    paragraph=drei(1),
    reading="with three the game is fifteen points, as drei.p1 states",
    raw="Anstatt eilf Points besteht das Spiel aus funfzehn",
    evidence=(
        "drei.p2 speaks of the points raising the players' numbers 'zu Sechszehen' and "
        "drei.p3's example has each player reach 16 'die zu gleicher Zeit das Spiel "
        "endigen': the example works with sixteen (and gives B the game under either "
        "number). The law as stated, fifteen, is followed; sixteen is the variant "
        "drei_bis_16."
    ),
    cert="medium",
)


#: How three play: the most usual way (drei.p1) to 15, read to 16 (drei.p2, p3), or as
#: four (drei.p4).
THREE_WAYS: dict[str, int] = {"fifteen": 15, "sixteen": 16, "as_four": 11}


def _three(three: str) -> str:
    if three not in THREE_WAYS:
        raise CasinoError(
            f"three play 'fifteen' (drei.p1), 'sixteen' (drei.p2, p3) or 'as_four' "
            f"(drei.p4), not {three!r}"
        )
    return three


@rule(paragraphs=[law(1), drei(1), drei(2), drei(3), drei(4)], emendations=[_TARGET_EMENDATION])
def game_target(players: int, three: str = "fifteen") -> int:
    """The points that win the game: eleven at four and two, fifteen at three.

    "Dieses Spiel besteht aus eilf Points" (Gesetz 1; Regel 11 fears the opponents'
    'Neun oder Zehen'); "Anstatt eilf Points besteht das Spiel aus funfzehn" (drei.p1).
    Casino with two, and with three played as four, has "dieselben Points wie das Casino
    mit vier Personen" and "alle die andern Regeln" (drei.p4): eleven. Later Cassino
    plays to 21 (Britannica; Cassell 1881 still eleven).
    """
    players = _players(players)
    return THREE_WAYS[_three(three)] if players == 3 else 11


_LURCH_EMENDATION = Emendation(
    paragraph=law(8),
    reading="a loser with fewer than five points (fewer than seven at three) loses double",
    raw="Der Lurch. (Bredouille) oder doppelt gewonnenes Spiel ist Fünf",
    evidence=(
        "'ist Fünf' names the line, not which side of it. Regel 11, Fälle, warns against "
        "letting opponents who 'Vier marquirt haben' escape the Lurch: at four they are in "
        "it, one point saves them, so five is out. Hoyle's terms put the line at six "
        "('before you have gained six points'); the 1798 text says five, and seven at three "
        "(drei.p1: 'Der Lurch, oder doppelt Spiel ist Sieben')."
    ),
    cert="medium",
)


@rule(paragraphs=[law(8), drei(1), drei(4)], emendations=[_LURCH_EMENDATION])
def games_won(loser_score: int, players: int = 4, three: str = "fifteen") -> int:
    """How many games the winner wins from a loser: 2 if he is lurched (Lurch), else 1.

    Five at four and two (Gesetz 8), seven at three (drei.p1), five again for three who
    play by the rules of four (drei.p4).
    """
    players = _players(players)
    if not isinstance(loser_score, int) or loser_score < 0:
        raise CasinoError(f"a score is a whole number from 0, not {loser_score!r}")
    line = 7 if players == 3 and _three(three) != "as_four" else 5
    if loser_score >= game_target(players, three):
        raise CasinoError(f"a loser cannot have reached the game ({loser_score})")
    return 2 if loser_score < line else 1


@rule(paragraphs=[drei(2)])
def counting_order() -> tuple[str, ...]:
    """The order in which the points of a deal are counted when several may reach the game.

    drei.p2: first the great Casino, then the little Casino, the most cards, the most
    spades, then the Aces of Pique, Trefle, Coeur and Caro.
    """
    return (
        "great_casino",
        "little_casino",
        "cards",
        "spades",
        "ace_spades",
        "ace_clubs",
        "ace_hearts",
        "ace_diamonds",
    )


@rule(paragraphs=[drei(2), drei(3)])
def first_to_target(
    before: Mapping[str, int], won: Mapping[str, Sequence[str]], target: int
) -> str | None:
    """Who reaches the game first when the points of the last deal are counted in order.

    drei.p2: if two or all three would reach the game in the same deal, "so wird
    alsdann das Spiel nach dem Range derer Points … entschieden" (:func:`counting_order`).
    drei.p3: A 12, B 12, C 13; A wins the great Casino and the Aces of Trefle and Pique,
    B the little Casino and the cards, C the spades and the Aces of Coeur and Caro: B
    wins, his cards being counted before any Ace. ``None``: nobody reaches ``target``.
    """
    order = counting_order()
    running = dict(before)
    if any(not isinstance(v, int) or v < 0 for v in running.values()):
        raise CasinoError(f"scores are whole numbers from 0, not {running!r}")
    if any(v >= target for v in running.values()):
        raise CasinoError("someone has already reached the game before this deal")
    if set(won) - set(running):
        raise CasinoError(f"unknown players {sorted(set(won) - set(running))}")
    owner: dict[str, str] = {}
    for player, categories in won.items():
        for category in categories:
            if category not in order:
                raise CasinoError(f"unknown category {category!r}; known: {', '.join(order)}")
            if category in owner:
                raise CasinoError(f"{category} cannot be won by {owner[category]} and {player}")
            owner[category] = player
    for category in order:
        player = owner.get(category)
        if player is None:
            continue
        running[player] += CATEGORY_POINTS[category]
        if running[player] >= target:
            return player
    return None


# ---------------------------------------------------------------- the other laws


@rule(paragraphs=[law(3)])
def misdeal(faced_card: bool, first_round: bool, table_card_turned: bool) -> bool:
    """Whether a card found faced in the deal makes a misdeal ("Vergeben"): rarely.

    Gesetz 3: "Bei diesem Spiel kann kein Vergeben statt finden"; a faced card "nicht als
    ein Vergeben angesehen, es sey denn bei dem ersten Herumgeben, und ehe eine von den
    Tischkarten aufgeschlagen ist".
    """
    return faced_card and first_round and not table_card_turned


@rule(paragraphs=[law(3)])
def short_hand(held: int, fallen_card_found: bool) -> Literal["plays_short", "takes_it_up"]:
    """A player dealt too few cards plays on at his own loss; a fallen card is his.

    Gesetz 3: "wenn eine Person blos mit drei Karten spielt, so ist es ihr eigner
    Schade; und sollte eine Karte unter den Tisch gefallen seyn, so muß diejenige
    Person, die bloß drei Karten hat, die vierte aufnehmen, es mag nun zu ihrem Schaden
    oder Nutzen seyn".
    """
    if not isinstance(held, int) or not 0 <= held < PACKET:
        raise CasinoError(f"a short hand holds fewer than four cards, not {held!r} (Gesetz 3)")
    return "takes_it_up" if fallen_card_found else "plays_short"


@rule(paragraphs=[law(4)])
def may_inspect(what: str) -> bool:
    """What a player may look at during play: the last capture only; counting is forbidden.

    Gesetz 4: "Es ist niemanden erlaubt, mehrere Stiche, als den letzgespielten
    nachzusehen, auch darf niemand seine gemachten Stiche oder Karten während des Spiels
    zählen". ``what``: ``last_capture``, ``earlier_capture``, ``count_captures``.
    """
    allowed = {"last_capture": True, "earlier_capture": False, "count_captures": False}
    if what not in allowed:
        raise CasinoError(f"what is one of {', '.join(allowed)}, not {what!r}")
    return allowed[what]


def _regel(n: int | str) -> str:
    return f"{SIGLUM}.casino.regeln.{n}"


UNFORMALISED: dict[str, str] = {
    p(8): (
        "introduces a figure of counters showing how points are marked ('Man marquirt auf "
        "folgende Art:'); the OCR lost the figure, and the way of marking decides nothing"
    ),
    # The Allgemeine Regeln are strategy: advice, not rules of play. Several are evidence
    # for readings of the rules, as their reasons say.
    _regel(1): "strategy: remember the Tens, Aces and Twos played and the courts turned up",
    _regel(2): (
        "strategy: lay a court when nothing can be taken; it presupposes that a player "
        "chooses which card to lay (evidence for casino.may_trail)"
    ),
    _regel("2.ausnahmen"): (
        "strategy: the dealer keeps a court back 'um sich des Sweeps … zu sichern' (evidence "
        "for the dealer's court in casino.remainder_taker); a low card laid to make ten "
        "with a table card is an ordinary card laid down, not a build"
    ),
    _regel(3): (
        "strategy: when the dealer keeps or lays the great Casino (evidence that any card "
        "may be laid, casino.may_trail)"
    ),
    _regel(4): "strategy: lay the lower cards first",
    _regel("4.ausnahme"): (
        "strategy: lay a larger card, or make ten among the table cards; no building is "
        "implied (see the module docstring)"
    ),
    _regel(5): "strategy: prefer spades when taking",
    _regel(6): "strategy: when to play an Ace",
    _regel(7): "strategy: lay the fourth Ace at once (evidence that any card may be laid)",
    _regel(8): "strategy: with two Aces, lay one early; hinder the opponents' combinations",
    _regel(9): "strategy: rather lay the little Casino than an Ace",
    _regel(10): "strategy: take the Ace before the great Casino",
    _regel(11): (
        "strategy: leave no single card or easy combination on the table; its 'Unterschied "
        "von 6 Points' for the cards agrees with three points each way (p7)"
    ),
    _regel("11.faelle1"): (
        "strategy: when not to risk the table; its 'Vier' and 'Neun oder Zehen' support the "
        "game of eleven and the Lurch below five (evidence for casino.games_won)"
    ),
    _regel("11.faelle2"): (
        "strategy: when to take in any case; evidence that taking is a choice (casino.may_trail)"
    ),
}
