"""Dreisatz as the police handbook (c. 1905, part II, p. 472, § 10) states it: the rule functions.

The playable deal built on them is :mod:`rules.dreisatz.model`.

Dreisatz ("Dreiblatt", French *le jeu de la Belle, du flux et du Trente et un*) is a
game of three stakes played out on one deal: every player stakes once for the Belle
("die Schöne", the highest open card), once for the Folge (the highest run of three
cards of one suit) and once for Einunddreißig (31 or the nearest count below it, with
cards bought one at a time from the talon). Paragraph ids are
``polizei472.dreisatz.p1``-``p4``.

The handbook differs from the older French descriptions of the game: the Dictionnaire
des jeux (1792; text at jocari.be) and Lacombe (1800, as summarised by the English
Wikipedia article "Belle, Flux et Trente-et-Un") make the *flux* a flush, three cards
of one suit compared by their points, and German accounts (de.wikipedia "Belle, Fluss
und Einunddreißig") let the Vorhand win a tie. The handbook defines the Folge as three
*consecutive* cards of one suit, ranked by its top card, and lets a tie stand over for
the next deal; the functions follow the handbook.

The section contains no remarks on cheating: the handbook treats cheating elsewhere
(its chapter "Betrug"), not on this page, so nothing here is context of that kind.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from rules.cards import FRENCH_52, Card, Rank, RankOrder
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "polizei472"
#: The three stakes, in the order of p1.
POTS: tuple[str, str, str] = ("belle", "folge", "einunddreissig")
#: The most players one pack of 52 can deal three cards to (17 x 3 = 51).
MAX_PLAYERS = 17
MIN_PLAYERS = 2


def p(n: int) -> str:
    """The id of paragraph ``n`` of § 10 (Dreisatz)."""
    return f"{SIGLUM}.dreisatz.p{n}"


class DreisatzError(RulesError, ValueError):
    """An input no Dreisatz position can have (cards outside the pack, a card twice, ...)."""


#: "Das As rangiert nämlich hinter dem Buben ...; im übrigen gilt die übliche
#: Reihenfolge" (p3): King, Queen, Jack, Ace, Ten ... Two.
ORDER = RankOrder(
    (
        Rank.KING,
        Rank.QUEEN,
        Rank.JACK,
        Rank.ACE,
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


def check_cards(cards: Iterable[Card], where: str = "cards") -> list[Card]:
    """Refuse cards outside the 52-card pack and a card given twice (p1: one pack)."""
    listed = list(cards)
    outside = sorted(str(c) for c in listed if c not in _PACK)
    if outside:
        raise DreisatzError(f"{where}: not in the 52-card pack: {', '.join(outside)} ({p(1)})")
    twice = sorted(str(c) for c, n in Counter(listed).items() if n > 1)
    if twice:
        raise DreisatzError(
            f"{where}: one pack holds each card once; repeated: {', '.join(twice)} ({p(1)})"
        )
    return listed


def _check_players(players: int) -> int:
    if not isinstance(players, int) or isinstance(players, bool):
        raise DreisatzError(f"the number of players is a whole number, not {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DreisatzError(
            f"{players} players: 'Beliebige Anzahl Spieler' (p1), but a contest needs two and "
            f"one pack of 52 deals three cards to at most {MAX_PLAYERS} ({p(1)}, {p(2)})"
        )
    return players


# ---------------------------------------------------------------- pack, stakes, order

_PACK_EMENDATION = Emendation(
    paragraph=p(1),
    reading="ein vollständiges Kartenspiel = the French pack of 52 cards",
    raw="ein vollständiges Kartenspiel",
    evidence=(
        "The handbook calls the 52-card whist pack 'vollständig' in the next section "
        "('6 vollständigen Whistspielen, also mit 6 × 52 = 312 Kartenblättern', § 11) and "
        "describes Pochen (§ 16) with 'einem vollständigen französischen Kartenspiele von 52 "
        "Blättern'; the Two to Ten named by the Folge and the count of 31 need a pack with "
        "pip cards. The French sources of the game also use 52 cards."
    ),
    cert="high",
)


@rule(paragraphs=[p(1)], emendations=[_PACK_EMENDATION])
def pack() -> tuple[Card, ...]:
    """The pack: one complete French pack of 52 cards (Two to Ace in four suits).

    Returned in canonical order: suits S H D C, within a suit in the game's order
    K Q J A 10 ... 2.
    """
    return tuple(ORDER.sorted(FRENCH_52))


_STAKE_EMENDATION = Emendation(
    paragraph=p(1),
    reading="each stake (Einsatz) is one unit; the three pots receive one unit per player",
    raw="",
    evidence=(
        "p1 says that every player makes three stakes, one for each of the Belle, the Folge "
        "and 31, but not how large they are; they are equal among the players (each player "
        "'macht 3 Einsätze'), so the model counts them in units of one. Any agreed amount "
        "scales every payment alike."
    ),
    cert="medium",
)


@rule(paragraphs=[p(1)], emendations=[_STAKE_EMENDATION])
def stakes(players: int) -> dict[str, int]:
    """What the three pots receive when ``players`` each make their three stakes (one unit each).

    "Jeder Spieler macht 3 Einsätze: 1. pour la Belle ...; 2. pour le flux ...; 3. pour
    trente et un" (p1).
    """
    _check_players(players)
    return {pot: players for pot in POTS}


_ORDER_EMENDATION = Emendation(
    paragraph=p(2),
    reading="'die höchste ... Karte' is judged in the order of p3: K Q J A 10 9 ... 2",
    raw="die höchste offen aufgelegte Karte",
    evidence=(
        "p2 does not say which card is highest; p3 gives the game's order (the Ace ranks "
        "behind the Jack, 'im übrigen gilt die übliche Reihenfolge'), so the King is highest "
        "and the Ace fourth. The Dictionnaire des jeux (1792) gives the same order for the "
        "Belle: 'la plus haute carte est le roi, & successivement la dame, le valet, l'as, le "
        "dix'. Suits do not rank: two cards of one rank are 'dieselbe hohe Karte'."
    ),
    cert="medium",
)


@rule(paragraphs=[p(3)])
def rank_order() -> tuple[Rank, ...]:
    """The ranks from high to low: King, Queen, Jack, Ace, Ten, Nine ... Two.

    "Das As rangiert nämlich hinter dem Buben (zählt aber elf); im übrigen gilt die
    übliche Reihenfolge" (p3): the usual order with the Ace moved behind the Jack, so
    that Queen, Jack, Ace is a Folge, as the text's example says.
    """
    return ORDER.ranks


@rule(
    paragraphs=[p(3), p(4)],
    emendations=[
        Emendation(
            paragraph=p(4),
            reading="King, Queen and Jack count 10 each; the Two to Ten their pips",
            raw="",
            evidence=(
                "§ 10 gives only the Ace's count ('zählt aber elf', p3). The handbook counts "
                "King, Queen and Jack 10 and the others by their pips in Vingt et un (§ 6) "
                "and Rouge et noir (§ 11), and so do all descriptions of Trente et un."
            ),
            cert="high",
        )
    ],
)
def card_points(card: Card) -> int:
    """What a card counts towards 31: Ace 11, King, Queen and Jack 10, the others their pips."""
    check_cards([card])
    if card.rank is Rank.ACE:
        return 11
    return _PIPS.get(card.rank, 10)


# ---------------------------------------------------------------- the Belle


@rule(paragraphs=[p(2), p(3)], emendations=[_ORDER_EMENDATION])
def belle_winner(open_cards: Sequence[Card]) -> int | None:
    """Who wins the Belle: the index of the one highest open card, or ``None`` on a tie.

    "Wer von den Spielern die höchste offen aufgelegte Karte hat, gewinnt den Einsatz
    für die Schöne; haben zwei Spieler dieselbe hohe Karte, so bleibt der Satz stehen für
    das folgende Spiel" (p2). Older accounts give a tie to the Vorhand (de.wikipedia,
    "Belle, Fluss und Einunddreißig"); the handbook lets the stake stand.
    """
    cards = check_cards(open_cards, "open cards")
    _check_players(len(cards))
    best = max(ORDER.strength(c.rank) for c in cards)
    holders = [i for i, c in enumerate(cards) if ORDER.strength(c.rank) == best]
    return holders[0] if len(holders) == 1 else None


# ---------------------------------------------------------------- the Folge

_FOLGE_EMENDATION = Emendation(
    paragraph=p(3),
    reading="the Folge is judged on the three cards dealt, before any card is bought",
    raw="",
    evidence=(
        "'Eine Folge besteht aus drei ... Blättern' and every player holds three cards when "
        "the Belle and the Folge are decided; buying is introduced only for 31 (p4: 'Man kann "
        "zu seinen 3 Karten solche hinzukaufen'). The variant reading_folge_after_buying "
        "judges the best three of all the cards a player ends with."
    ),
    cert="medium",
)


@rule(paragraphs=[p(3)], emendations=[_FOLGE_EMENDATION])
def folge(cards: Sequence[Card]) -> Card | None:
    """The top card of the best Folge among ``cards``, or ``None`` if they hold none.

    "Eine Folge besteht aus drei aufeinanderfolgenden Blättern derselben Farbe, z. B.
    Dame, Bube, As" (p3); "das höchste Folgeblatt bewertet die Folge". Consecutive means
    adjacent in the order K Q J A 10 ... 2 (no wrapping round from Two to King). With the
    three dealt cards this says whether they are a Folge; with more cards (the variant
    reading_folge_after_buying) it finds the highest run of three among them.
    """
    held = check_cards(cards, "hand")
    if len(held) < 3:
        raise DreisatzError(
            f"a Folge is three cards; a hand of {len(held)} cannot hold one ({p(3)})"
        )
    present = {(c.suit, ORDER.strength(c.rank)) for c in held}
    best: Card | None = None
    for top in held:
        s = ORDER.strength(top.rank)
        run = s >= 2 and (top.suit, s - 1) in present and (top.suit, s - 2) in present
        if run and (best is None or s > ORDER.strength(best.rank)):
            best = top
    return best


@rule(paragraphs=[p(3)], emendations=[_FOLGE_EMENDATION])
def folge_winner(hands: Sequence[Sequence[Card]]) -> int | None:
    """Who wins the Folge: the index of the one highest Folge, or ``None``.

    "Den Einsatz für die Folge gewinnt, welcher die höchste Folge hat. ... Hat kein
    Spieler eine Folge oder haben mehrere Spieler eine gleich hohe ... Folge, so bleibt der
    Einsatz für die Folge für das nächste Spiel stehen" (p3). Two Folgen are equally high
    when their top cards have the same rank (the suit does not count).
    """
    check_cards([c for hand in hands for c in hand], "hands")
    _check_players(len(hands))
    tops = [folge(hand) for hand in hands]
    ranked = [ORDER.strength(t.rank) for t in tops if t is not None]
    if not ranked:
        return None
    best = max(ranked)
    holders = [i for i, t in enumerate(tops) if t is not None and ORDER.strength(t.rank) == best]
    return holders[0] if len(holders) == 1 else None


# ---------------------------------------------------------------- Einunddreißig


@rule(paragraphs=[p(4), p(3)])
def hand_points(cards: Sequence[Card]) -> int:
    """The count of a hand: the sum of its cards' points (all cards, whatever their suits).

    "31 oder die ihr nächstkommende Zahl an Augen in seiner Karte" (p4): the handbook
    counts the whole hand, dealt and bought; it does not ask for one suit, as later
    "Einunddreißig" (Schwimmen) does.
    """
    return sum(card_points(c) for c in check_cards(cards, "hand"))


@rule(paragraphs=[p(4)])
def dead(cards: Sequence[Card]) -> bool:
    """Whether a hand counts over 31: "Wer über 31 Augen hat, ist tot" (p4).

    A dead player cannot win the 31 and buys no more (the Belle and the Folge, decided on
    the dealt cards, are not affected). The Ace counts eleven only ("zählt aber elf",
    p3), so two Aces and a court card, 32, are dead as dealt; the handbook's Vingt et un
    (§ 6) lets the player count an Ace 1 or 11, its Dreisatz does not.
    """
    return hand_points(cards) > 31


_TIE31_EMENDATION = Emendation(
    paragraph=p(4),
    reading="equal best counts (and a table of dead players) leave the 31 stake standing",
    raw="",
    evidence=(
        "p4 names the winner ('Wer 31 oder die ihr nächstkommende Zahl ... hat') but not what "
        "happens when two players share the best count or all are dead. The handbook lets "
        "the stake stand over for the next deal on a tie for the Belle (p2) and the Folge "
        "(p3); the model does the same for 31. Older German practice gave a tie to the "
        "Vorhand, the player nearest the dealer (de.wikipedia, 'Belle, Fluss und "
        "Einunddreißig'): the variant reading_31_tie_vorhand."
    ),
    cert="medium",
)


@rule(paragraphs=[p(4)], emendations=[_TIE31_EMENDATION])
def einunddreissig_winner(
    hands: Sequence[Sequence[Card]], tie: Literal["stands", "vorhand"] = "stands"
) -> int | None:
    """Who wins the 31: the index of the player with 31 or the nearest count below it.

    Dead hands (over 31) cannot win. With ``tie="stands"`` equal best counts win nothing
    and the stake stands (the edition's reading); with ``tie="vorhand"`` the first of them
    in the order of play (from the dealer's left) wins. ``None`` when the stake stands.
    """
    if tie not in ("stands", "vorhand"):
        raise DreisatzError(f"tie is 'stands' or 'vorhand', not {tie!r}")
    check_cards([c for hand in hands for c in hand], "hands")
    _check_players(len(hands))
    for hand in hands:
        if len(hand) < 3:
            raise DreisatzError(
                f"every player holds at least the three dealt cards, not {len(hand)} ({p(2)})"
            )
    counts = [hand_points(h) for h in hands]
    alive = [c for c in counts if c <= 31]
    if not alive:
        return None
    best = max(alive)
    holders = [i for i, c in enumerate(counts) if c == best]
    if len(holders) == 1 or tie == "vorhand":
        return holders[0]
    return None


_BUYING_EMENDATION = Emendation(
    paragraph=p(4),
    reading=(
        "buying goes round from the dealer's left; a pass holds for that turn only, and the "
        "buying ends when every living player has passed since the last card was bought"
    ),
    raw="",
    evidence=(
        "p4 says one card is bought at a time and more only after 'die übrigen Spieler "
        "entweder gepaßt oder selbst gekauft haben', but not where the round begins, nor "
        "whether a pass is final, nor when the buying ends. Nothing says that a player who "
        "passed may not buy in a later round, so a pass holds for one turn and the buying "
        "ends with a round in which nobody buys. The variant reading_pass_final makes a "
        "pass final. The Bankhalter who gives the cards is not a player (p2: the dealer "
        "gives cards 'jedem Spieler')."
    ),
    cert="low",
)


@rule(paragraphs=[p(4)], emendations=[_BUYING_EMENDATION])
def next_buyer(
    current: int,
    alive: Sequence[bool],
    passed_since_buy: Sequence[bool],
    stood: Sequence[bool] = (),
    pass_final: bool = False,
) -> int | None:
    """Who buys or passes next after seat ``current``, or ``None`` when the buying is over.

    "Man kann nur eine Karte auf einmal, nachdem aber die übrigen Spieler entweder gepaßt
    oder selbst gekauft haben, immer weitere Karten usw. kaufen" (p4): the turn goes round
    the living players (``alive``) in order. It ends once every living player has passed
    since the last card was bought (``passed_since_buy``); with ``pass_final`` a player who
    has passed once (``stood``) is skipped and the buying ends when all have passed.
    """
    n = len(alive)
    _check_players(n)
    if len(passed_since_buy) != n or (stood and len(stood) != n):
        raise DreisatzError("alive, passed_since_buy and stood give one entry per player")
    if not 0 <= current < n:
        raise DreisatzError(f"seat index {current} is not one of {n} players")
    out = list(stood) if pass_final and stood else [False] * n
    waiting = [alive[i] and not out[i] for i in range(n)]
    if not any(waiting):
        return None
    if not pass_final and all(passed_since_buy[i] for i in range(n) if alive[i]):
        return None
    for step in range(1, n + 1):
        seat = (current + step) % n
        if waiting[seat]:
            return seat
    return None  # pragma: no cover - waiting is not empty


UNFORMALISED: dict[str, str] = {
    f"{SIGLUM}.vorher.p1": (
        "Not part of Dreisatz: the last lines of the preceding section (§ 9, p. 471, not in "
        "this witness), a banking game in which the banker calls numbers as he turns cards "
        "and wins every stake when a card's value meets the number called (a game of the "
        "Treize or Rencontre kind). Only its settlement survives, without the rule that says "
        "what a meeting is, how far the banker counts or what the players stake, so no game "
        "can be built from it."
    ),
}
