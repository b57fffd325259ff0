"""Tresett as Engelmann (1798) prints it: the pure rule functions of "Das Tresett- oder Trisettspiel".

Four players in two companies (partners opposite) play the 40-card l'Hombre pack without
trumps. Marks ("Marquen") come from declarations of three or four of a kind and of the
Neapolitaine (p5, p6) and from the Points in a company's tricks (p10); the first company
to lay 21 marks wins a Parthie, double if the other has not passed ten (p10), and who
gets there first is decided in the order of play (p12). Taking every trick, or all but a
pointless one, wins several Parthien at once (p13). The playable deal is
:mod:`rules.tresett.model`.

Variants of the text: the older way, in which three Sevens win a Parthie outright (p6),
against the newer, in which they and three Twos or Aces count three marks; the
"Continuation" that carries surplus marks into the next Parthie (p14), which cannot be
played "mit Zurufen" (p3).

Where the text differs from modern Tressette (e.g. Treccani, "tressette": accusi are
declared after the first trick; three Sevens count nothing), the functions follow the
text and say so. Seats are A, B, C, D in the order of play; A and C, B and D are the
companies ``AC`` and ``BD``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from rules.cards import Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "engelmann1798"
SEATS: tuple[str, ...] = ("A", "B", "C", "D")
COMPANIES: dict[str, str] = {"A": "AC", "C": "AC", "B": "BD", "D": "BD"}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: "1. Drei. 2. Zwei. 3. Aß. 4. König. 5. Dame. 6. Bube. 7. Sieben. 8. Sechs. 9. Fünf. 10. Vier." (p4)
ORDER = RankOrder(
    (
        Rank.THREE, Rank.TWO, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK,
        Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR,
    )
)  # fmt: skip
#: The l'Hombre pack of 40 (p2): A K Q J 7 6 5 4 3 2 of each suit, in canonical order.
PACK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in ORDER.ranks)
_PACK = frozenset(PACK)
FIGURES = frozenset({Rank.THREE, Rank.TWO, Rank.KING, Rank.QUEEN, Rank.JACK})
HIGH = frozenset({Rank.THREE, Rank.TWO, Rank.ACE})
#: The marks that win a Parthie: "dreimal sieben Marquen, nämlich 21" (p2).
TARGET = 21
HAND_SIZE = 10
Rule = Literal["older", "newer"]


def p(n: int) -> str:
    """The id of paragraph ``n`` of the chapter."""
    return f"{SIGLUM}.tresett.p{n}"


class TresettError(RulesError, ValueError):
    """An input that no Tresett position can have (wrong cards, seats, counts)."""


def company(seat: str) -> str:
    """The company of a seat: ``AC`` or ``BD`` ("welche einander gegen über sitzen", p2)."""
    if seat not in COMPANIES:
        raise TresettError(f"the seats are A, B, C and D, not {seat!r}")
    return COMPANIES[seat]


def other(company_name: str) -> str:
    """The other company."""
    if company_name not in ("AC", "BD"):
        raise TresettError(f"the companies are AC and BD, not {company_name!r}")
    return "BD" if company_name == "AC" else "AC"


# ---------------------------------------------------------------- pack, players, deal


@rule(paragraphs=[p(2)])
def pack() -> tuple[Card, ...]:
    """The l'Hombre pack of 40: "mit der ordentlichen l'Hombrekarte von 40 Blättern" (p2)."""
    return PACK


@rule(paragraphs=[p(2)])
def partner(seat: str) -> str:
    """A player's partner, who sits opposite: "jede von den Zweien, welche einander gegen
    über sitzen, zusammen spielen" (p2). Seats A B C D in the order of play."""
    return {"A": "C", "C": "A", "B": "D", "D": "B"}[_seat(seat)]


_DEAL_EMENDATION = Emendation(
    paragraph=p(5),
    reading=(
        "the dealer gives five cards to each player, beginning with the player on his "
        "right (the Vorhand) and going on to the right, then five more; play goes to the "
        "right too, and the Vorhand leads"
    ),
    raw="daß man rechter Hand zweimal 5 Blätter giebt",
    evidence=(
        "p5 says the cards go 'rechter Hand', five twice; that the first packet goes to "
        "the Vorhand, that play and the next deal go the same way, is not said but is "
        "how the Italian game is dealt and led ('distribuite cinque a cinque ... il "
        "gioco ... iniziato dal giocatore alla destra del mazziere', Sapere.it, "
        "'tressette')."
    ),
    cert="medium",
)


@rule(paragraphs=[p(2), p(5)], emendations=[_DEAL_EMENDATION])
def deal(order: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """Deal a shuffled pack: two rounds of five cards to each, the Vorhand first.

    "Die Gewohnheit erfordert, daß man rechter Hand zweimal 5 Blätter giebt" (p5); "daß
    also ein jeder 10 Blätter bekömmt" (p2). Returns the four hands in the order of play,
    the Vorhand's first, each in canonical order.
    """
    cards = list(order)
    _check(cards)
    if len(cards) != len(PACK) or set(cards) != _PACK:
        raise TresettError("a deal gives out the whole pack of 40 (p2)")
    hands: list[list[Card]] = [[], [], [], []]
    for index, card in enumerate(cards):
        hands[(index % 20) // 5].append(card)
    return tuple(tuple(ORDER.sorted(h)) for h in hands)


# ---------------------------------------------------------------- order and tricks


@rule(paragraphs=[p(4)])
def rank_order() -> tuple[Rank, ...]:
    """The ranks from high to low in every suit: 3 2 A K Q J 7 6 5 4 (p4)."""
    return ORDER.ranks


_LEAD_EMENDATION = Emendation(
    paragraph=p(4),
    reading="the highest card of the led suit takes the trick, and its taker leads the next",
    raw="",
    evidence=(
        "p4 gives the order and the duty to follow suit and rules out a trump; that the "
        "highest card of the led suit wins and that the winner leads are not said, but "
        "are the only rules compatible with p12 ('welche die ersten Stiche ... gemacht "
        "haben') and with the Italian game."
    ),
    cert="high",
)


@rule(paragraphs=[p(4)], emendations=[_LEAD_EMENDATION])
def trick_winner(trick: Sequence[Card]) -> int:
    """The index of the card that takes the trick: the highest of the led suit.

    "hat es also dieses Spiel mit andern nicht gemein, daß eine Farbe zum Trumpf gewählt
    wird" (p4): no trumps.
    """
    cards = _trick(trick)
    if len(cards) < 2:
        raise TresettError("a trick has four cards (two or three while it is played)")
    led = cards[0].suit
    same = [i for i, c in enumerate(cards) if c.suit == led]
    return max(same, key=lambda i: ORDER.strength(cards[i].rank))


@rule(paragraphs=[p(4)])
def legal_cards(hand: Sequence[Card], trick: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a player may play: the led suit if he holds it, else any card.

    "Diejenige Farbe, welche ausgespielt wird, muß so lange bekannt werden, bis wieder
    eine andre kömmt" (p4).
    """
    cards = _hand(hand)
    played = _trick(trick)
    if set(cards) & set(played):
        raise TresettError("a card on the table cannot also be in the hand")
    if not cards:
        raise TresettError("an empty hand plays no card")
    if not played:
        return tuple(cards)
    same = [c for c in cards if c.suit == played[0].suit]
    return tuple(same or cards)


# ---------------------------------------------------------------- points (p10)

_FIGURES_EMENDATION = Emendation(
    paragraph=p(10),
    reading="three figures make one Point; the figures left over count nothing",
    raw="Drei, Zwei, König, Dame und Bube, heißen Figuren, und machen einen Point aus",
    evidence=(
        "As printed every figure would be a Point, and the pack would hold 20 + 4 + 1 = 25. "
        "The paragraph itself sums the pack to 'eilf Points' and adds 'denn die zwei "
        "Figuren, welche übrig bleiben, werden für nichts gerechnet': 20 figures make 6 "
        "Points with 2 left over, 4 Aces 4, the last trick 1, so 11. The missing 'drei' "
        "is the print's; modern Tressette counts a figure a third of a point (Treccani)."
    ),
    cert="high",
)


@rule(paragraphs=[p(10)], emendations=[_FIGURES_EMENDATION])
def points(cards: Iterable[Card], last_trick: bool = False) -> int:
    """The Points in a company's tricks: every Aß one, every three figures one, the last trick one.

    "Jedes Aß macht vor sich einen Point: und da der letzte Stich ebenfalls für einen Point
    gerechnet wird, so sind in der ganzen Karte eilf Points" (p10).
    """
    listed = _distinct(cards)
    figures = sum(1 for c in listed if c.rank in FIGURES)
    aces = sum(1 for c in listed if c.rank == Rank.ACE)
    return figures // 3 + aces + (1 if last_trick else 0)


@rule(paragraphs=[p(10)])
def marks_for_points(company_points: int) -> int:
    """The marks a company lays for its Points: one for one ("so viel Marquen", p10)."""
    if not 0 <= company_points <= 11:
        raise TresettError(f"a company makes 0 to 11 Points (p10), not {company_points}")
    return company_points


# ---------------------------------------------------------------- declarations (p5, p6)

_NEWER_EMENDATION = Emendation(
    paragraph=p(6),
    reading="under the newer rule four Sevens, Twos or Aces count four marks, like four Threes",
    raw="Neuerlich läßt man drei Sieben blos drei Marquen gelten; auch gelten dann drei Zwei und drei Aß gleichfalls 3",
    evidence=(
        "The newer rule names only three of each; four are valued as four Threes are "
        "(p5: 'die 4 Dreien aber mit 4 Marquen'), as in modern Tressette (Treccani: "
        "'quattro punti per quattro assi o quattro 2 o quattro 3')."
    ),
    cert="low",
)


@rule(paragraphs=[p(5), p(6)], emendations=[_NEWER_EMENDATION])
def set_value(rank: Rank, count: int, rules: Rule = "older") -> dict[str, int]:
    """What three or four of a kind count: ``{"marks": n, "parthien": k}``.

    p5: "die 3 Dreien mit 3 Marquen, die 4 Dreien aber mit 4 Marquen ... Für alles andere
    dreifache wird eine Marque, für alles vierfache aber 2 marquirt". p6: three Sevens
    win "eine Parthie ... und zugleich eine Marque"; all four "nur eine Parthie, aber doch
    zwei Marquen"; "Neuerlich" three Sevens, Twos or Aces count 3 (``rules="newer"``).
    """
    if rank not in ORDER.ranks:
        raise TresettError(f"{rank.value} is not a rank of the l'Hombre pack")
    if count not in (3, 4):
        raise TresettError(f"a set is three or four of a kind, not {count}")
    if rules not in ("older", "newer"):
        raise TresettError(f"rules are 'older' or 'newer', not {rules!r}")
    high = {Rank.THREE} if rules == "older" else {Rank.THREE, Rank.TWO, Rank.ACE, Rank.SEVEN}
    if rank in high:
        return {"marks": count, "parthien": 0}
    if rank == Rank.SEVEN:
        return {"marks": count - 2, "parthien": 1}
    return {"marks": count - 2, "parthien": 0}


_NAPOLI_EMENDATION = Emendation(
    paragraph=p(6),
    reading="the cards that add to a Neapolitaine follow the King without a gap: Dame, Bube, Sieben ...",
    raw="und so viel folgende Blätter dabei sind, so vielmal wird eins mehr angelegt",
    evidence=(
        "'folgende Blätter' after 'daß der König dabei ist' reads as the cards following "
        "in the order of p4; a Dame without the King, or a Bube without the Dame, does "
        "not follow."
    ),
    cert="medium",
)


@rule(paragraphs=[p(6)], emendations=[_NAPOLI_EMENDATION])
def neapolitaine_value(hand: Sequence[Card], suit: Suit) -> int:
    """The marks of a Neapolitaine (Drei, Zwei and Aß of one suit) in ``suit``, 0 if none.

    "dieses wird eine Neapolitaine genannt" and counts 3; "Ist sie vierfach, nämlich daß
    der König dabei ist, so werden 4 Marquen angelegt: und so viel folgende Blätter dabei
    sind, so vielmal wird eins mehr angelegt" (p6).
    """
    if suit not in SUITS:
        raise TresettError(f"{suit} is not a suit of the pack")
    return _napoli(set(_hand(hand)), suit)


def _napoli(cards: set[Card], suit: Suit) -> int:
    run = 0
    for rank in ORDER.ranks:
        if Card(rank, suit) not in cards:
            break
        run += 1
    return run if run >= 3 else 0


@rule(paragraphs=[p(5), p(6)], emendations=[_NEWER_EMENDATION, _NAPOLI_EMENDATION])
def declarations(hand: Sequence[Card], rules: Rule = "older") -> dict[str, dict[str, int]]:
    """Everything a hand can declare: ``{"set 3": {...}, "napoli S": {...}}`` with its value.

    "so saget ein Jeder an, was er in seiner Karte drei- oder vierfach erblickt" (p5),
    and the Neapolitaine of p6.
    """
    cards = _hand(hand)
    if len(cards) != HAND_SIZE:
        raise TresettError(f"declarations are made on the ten cards dealt (p2), not {len(cards)}")
    found: dict[str, dict[str, int]] = {}
    counts = Counter(c.rank for c in cards)
    for rank in ORDER.ranks:
        if counts[rank] >= 3:
            found[f"set {rank.value}"] = set_value(rank, counts[rank], rules)
    held = set(cards)
    for suit in SUITS:
        value = _napoli(held, suit)
        if value:
            found[f"napoli {suit.value}"] = {"marks": value, "parthien": 0}
    return found


_TIME_EMENDATION = Emendation(
    paragraph=p(11),
    reading=(
        "sets of Kings and lower are declared by everyone right after the deal; three or "
        "four Threes, Twos or Aces and a Neapolitaine by the Vorhand then or at his card "
        "to the second trick, by the others only at their card to the second trick; "
        "afterwards a declaration lapses"
    ),
    raw="Wo nicht, so geschiehet es beim zweiten Stiche; versäumet man diese Zeit, so ist die Ansage vorbei, und gilt nichts",
    evidence=(
        "p5: 'so saget ein Jeder an' after the deal, but 'Wer die Vorhand ... nicht hat, "
        "darf seine 3 Dreien, Zweien und Aß erst nachher, wenn zu dem zweiten Stiche "
        "ausgespielt ist, ansagen'; p6: the Neapolitaine 'bei dem andern Stiche des "
        "Spielers'; p11: early declaring is allowed to the Vorhand, otherwise at the "
        "second trick, and missing that time forfeits it. Whether the Vorhand keeps the "
        "second trick as well is not said; the edition lets him. Modern Tressette "
        "declares after the first trick (Treccani)."
    ),
    cert="medium",
)


@rule(paragraphs=[p(5), p(6), p(11)], emendations=[_TIME_EMENDATION])
def declaration_times(combination: str, vorhand: bool) -> tuple[str, ...]:
    """When a combination may be declared: ``"opening"`` (after the deal), ``"second_trick"``.

    ``combination`` is ``"set <rank>"`` or ``"napoli <suit>"``; ``vorhand`` whether the
    declarer has the lead. Another time is "zu hitzig" (too early, p11) or lapsed.
    """
    kind, _, what = combination.partition(" ")
    if kind == "napoli":
        if what not in {s.value for s in SUITS}:
            raise TresettError(f"unknown suit {what!r}")
        high = True
    elif kind == "set":
        rank = _rank(what)
        high = rank in HIGH
    else:
        raise TresettError(f"a combination is 'set <rank>' or 'napoli <suit>', not {combination!r}")
    if not high:
        return ("opening",)
    return ("opening", "second_trick") if vorhand else ("second_trick",)


_SHOW_EMENDATION = Emendation(
    paragraph=p(3),
    reading=(
        "'mit Zurufen': the Vorhand declares at once and, for a Neapolitaine, shows the "
        "cards of its suit, as many as she holds; no more is formalised"
    ),
    raw="die Vorhand ruft was sie will, und giebt was sie zuruft mit an, als die 3te drei, den Neapolitaine etc. und weist dem andern seine gerufene Farbe, so viel er davon hat",
    evidence=(
        "The passage is too terse to be sure of the procedure: 'die 3te drei' (OCR 'zte', "
        "Fraktur 3 read as z) is unclear, and whom 'dem andern' and 'er' mean is not "
        "said. What it does say is that the Vorhand calls out her declarations with the "
        "lead (as p11 allows her) and shows the called suit. p14 makes the Continuation "
        "impossible with Zurufen."
    ),
    cert="low",
)


@rule(paragraphs=[p(3)], emendations=[_SHOW_EMENDATION])
def shown_cards(hand: Sequence[Card], suit: Suit) -> tuple[Card, ...]:
    """The cards the Vorhand shows with a called suit: all she holds of it ("so viel er davon hat")."""
    if suit not in SUITS:
        raise TresettError(f"{suit} is not a suit of the pack")
    return tuple(c for c in _hand(hand) if c.suit == suit)


# ---------------------------------------------------------------- the Parthie (p10, p12)


@rule(paragraphs=[p(2), p(10)])
def parthie_won(winner_marks: int, loser_marks: int) -> int:
    """The Parthien a company wins on laying its 21 marks: 1, or 2 if the other has at most ten.

    "Welche Spieler ihre 21 Marquen eher als die andern anlegen können, gewinnen eine
    Parthie und kann die gegenseitige Parthei nicht über die Hälfte, nämlich über die
    Zehen anlegen, so ist die Parthie doppelt gewonnen" (p10).
    """
    if winner_marks < TARGET:
        raise TresettError(f"a Parthie is won with {TARGET} marks, not {winner_marks}")
    if not 0 <= loser_marks < TARGET:
        raise TresettError(f"the losers have 0 to {TARGET - 1} marks, not {loser_marks}")
    return 2 if loser_marks <= 10 else 1


_OUT_EMENDATION = Emendation(
    paragraph=p(12),
    reading=(
        "a company that lays its 21st mark says itself out ('hinaussagen') at once: it "
        "wins the Parthie and quits the deal ('Lossagen vom Spiele', p14), which ends "
        "there; nothing is declared or played after it, so the other company's later "
        "declarations (three Sevens too) are not made and no Gallata or Stramazzet (p13) "
        "can be completed; the marks it laid over 21 with the mark that brought it out are "
        "the surplus the Continuation carries (p14)"
    ),
    raw=(
        "daß sie sich beide mit denen Points hinaussagen können ... so gehet es nach der "
        "Vorhand, und darf keiner eher etwas anfangen, als ihn, der Ordnung nach, die "
        "Reihe trift"
    ),
    evidence=(
        "p12 decides who wins when both companies could say themselves out: whoever makes "
        "the first tricks and Points, or declares first in the order of play; 'darf keiner "
        "eher etwas anfangen' forbids declaring before one's turn, which matters only if "
        "the first to get out ends the matter. p14 counts the winners' surplus 'beim Ende "
        "einer Parthie ... (vor dem Lossagen vom Spiele)': the Parthie ends with the "
        "surplus, and the winners then quit the deal ('sich vom Spiele lossagen', as p9 "
        "says of a player giving the deal up). The text does not say in so many words "
        "that play stops, nor whether a company could decline to say itself out and play "
        "on for a Gallata; the edition reads the first. Modern Tressette knows the same "
        "'chiamarsi fuori', which ends the hand at once (giochistars.it, 'Chiamata "
        "fuori')."
    ),
    cert="medium",
)


@rule(paragraphs=[p(10), p(12), p(14)], emendations=[_OUT_EMENDATION])
def first_out(
    start: Mapping[str, int], events: Sequence[tuple[str, int]]
) -> tuple[str, int] | None:
    """Which company lays its 21st mark first, and at which event (index), if any.

    ``events`` are the marks laid in the order they are made: declarations in the order
    of play, the Points trick by trick. "so gewinnen diejenigen die Parthie, welche die
    ersten Stiche, und in selbigen die ersten Points gemacht haben ... so gehet es nach
    der Vorhand" (p12). That company says itself out there, and the deal ends with that
    event (see the emendation).
    """
    running = {c: int(start.get(c, 0)) for c in ("AC", "BD")}
    if set(start) - set(running) or min(running.values()) < 0 or max(running.values()) >= TARGET:
        raise TresettError(f"the marks so far are 0 to {TARGET - 1} for AC and BD")
    for index, (who, marks) in enumerate(events):
        if who not in running or marks < 0:
            raise TresettError(f"an event lays marks (>= 0) for AC or BD, not {who!r}: {marks}")
        running[who] += marks
        if running[who] >= TARGET:
            return (who, index)
    return None


# ---------------------------------------------------------------- whole-deal results (p13)

_SPECIAL_EMENDATION = Emendation(
    paragraph=p(13),
    reading=(
        "the Parthien of a Gallata, Gallaton, Stramazzet or Stramazzeton come on top of "
        "the deal's marks; a Stramazzet needs the one trick of the losers to give them "
        "no Point (no Aß, at most two figures, not the last trick)"
    ),
    raw="Jene können also keinen Point aus ihrer Karte aufweisen, deswegen marquiren die Gewinner drei Parthien",
    evidence=(
        "p13 says what these deals win, not whether the deal's Points are still marked; "
        "nothing says they are not. 'in welchem aber nur eine, oder höchstens zwei "
        "Figuren sind. Jene können also keinen Point ... aufweisen': the losers' trick "
        "must be pointless, so it cannot hold an Aß or be the last."
    ),
    cert="low",
)


@rule(paragraphs=[p(13)], emendations=[_SPECIAL_EMENDATION])
def special_result(tricks: Sequence[tuple[str, Sequence[Card]]]) -> dict[str, object] | None:
    """A whole deal's Gallata (4 Parthien), Gallaton (8), Stramazzet (3) or Stramazzeton (6).

    ``tricks``: the ten tricks in order, each ``(taker, cards)``. "daß zwei mit einander
    Spielende alle Karten allein stechen ... so werden dadurch 4 Parthien gewonnen ...
    Gallata"; one player alone: "acht Parthien ... Gallaton"; all tricks but one, which
    gives the others no Point: "drei Parthien ... Stramazzet"; one alone: "sechs Parthien
    ... Stramazzeton" (p13). Returns ``{"name", "company", "parthien"}`` or ``None``.
    """
    listed = [(_seat(t), _trick(cards)) for t, cards in tricks]
    if len(listed) != HAND_SIZE or any(len(cards) != 4 for _, cards in listed):
        raise TresettError("a whole deal has ten tricks of four cards (p2)")
    _distinct(c for _, cards in listed for c in cards)
    by_company = Counter(company(t) for t, _ in listed)
    for name, lost in by_company.items():
        if lost == HAND_SIZE:
            takers = {t for t, _ in listed}
            alone = len(takers) == 1
            return {
                "name": "gallaton" if alone else "gallata",
                "company": name,
                "parthien": 8 if alone else 4,
            }
    for name, taken in by_company.items():
        if taken != HAND_SIZE - 1:
            continue
        index, (_, lost_cards) = next((i, t) for i, t in enumerate(listed) if company(t[0]) != name)
        if points(lost_cards, last_trick=index == HAND_SIZE - 1):
            return None
        takers = {t for t, _ in listed if company(t) == name}
        alone = len(takers) == 1
        return {
            "name": "stramazzeton" if alone else "stramazzet",
            "company": name,
            "parthien": 6 if alone else 3,
        }
    return None


# ---------------------------------------------------------------- between Parthien (p14, p15)


@rule(paragraphs=[p(3), p(14)])
def carry_over(winner_marks: int, continuation: bool, zurufen: bool = False) -> int:
    """The marks the winners take into the next Parthie: the surplus over 21 with the Continuation.

    "Mit der Continuation Triset spielen, heißet, wenn die Gewinner diejenigen Points,
    welche sie beim Ende einer Parthie noch überzählig (vor dem Lossagen vom Spiele)
    erlangt haben, ... auf die folgende Parthie mit Marquen anlegen dürfen, welches aber
    nicht Statt finden kann, wenn man mit Zurufen spielt" (p14). ``winner_marks`` are the
    winners' marks when they say themselves out, which ends the deal (:func:`first_out`).
    Without the Continuation both companies begin again at 0.
    """
    if winner_marks < TARGET:
        raise TresettError(f"the winners have laid at least {TARGET} marks, not {winner_marks}")
    if continuation and zurufen:
        raise TresettError("the Continuation cannot be played 'mit Zurufen' (p14)")
    return winner_marks - TARGET if continuation else 0


_SITTING_EMENDATION = Emendation(
    paragraph=p(15),
    reading="a sitting is eight deals (each player deals twice); the stake per Parthie is one unit",
    raw="",
    evidence=(
        "p15 leaves both to the players: 'nach einer festgesetzten Anzahl von Spielen' and "
        "'so viel, als man beim Anfange ausgemacht hat'. The model needs a number; eight "
        "deals give each player the deal twice. Both are parameters (the variant's "
        "'spiele', the function's 'stake')."
    ),
    cert="low",
)


@rule(paragraphs=[p(15)], emendations=[_SITTING_EMENDATION])
def settlement(parthien: Mapping[str, int], stake: int = 1) -> dict[str, int]:
    """What each company wins at the end: the Parthien it is ahead, times the agreed stake.

    "so zählt jede Compagnie ihre Parthien, und so viel Parthien einer vor dem andern
    voraus hat, sind gewonnen, und die Gewinner bekommen für jede Parthie so viel, als man
    beim Anfange ausgemacht hat" (p15).
    """
    if set(parthien) != {"AC", "BD"} or min(parthien.values()) < 0:
        raise TresettError("give the Parthien (>= 0) of AC and BD")
    if stake < 0:
        raise TresettError("the agreed stake is not negative")
    lead = parthien["AC"] - parthien["BD"]
    return {"AC": lead * stake, "BD": -lead * stake}


# ---------------------------------------------------------------- helpers


def _seat(seat: str) -> str:
    if seat not in COMPANIES:
        raise TresettError(f"the seats are A, B, C and D, not {seat!r}")
    return seat


def _rank(code: str) -> Rank:
    try:
        rank = Rank(code)
    except ValueError:
        raise TresettError(f"unknown rank {code!r}") from None
    if rank not in ORDER.ranks:
        raise TresettError(f"{code} is not a rank of the l'Hombre pack")
    return rank


def _check(cards: Iterable[Card]) -> None:
    for card in cards:
        if not isinstance(card, Card):
            raise TresettError(f"not a card: {card!r}")
        if card not in _PACK:
            raise TresettError(f"{card} is not in the l'Hombre pack of 40 (p2)")


def _distinct(cards: Iterable[Card]) -> list[Card]:
    listed = list(cards)
    _check(listed)
    if len(set(listed)) != len(listed):
        twice = sorted(str(c) for c, n in Counter(listed).items() if n > 1)
        raise TresettError(f"each card is there once; repeated: {', '.join(twice)}")
    return listed


def _trick(cards: Iterable[Card]) -> list[Card]:
    listed = _distinct(cards)
    if len(listed) > 4:
        raise TresettError(f"a trick has at most four cards, not {len(listed)}")
    return listed


def _hand(cards: Iterable[Card]) -> list[Card]:
    listed = _distinct(cards)
    if len(listed) > HAND_SIZE:
        raise TresettError(f"a hand holds at most ten cards (p2), not {len(listed)}")
    return ORDER.sorted(listed)


#: Every rule paragraph of the chapter is cited; p1 is history and p7-p9 strategy.
UNFORMALISED: dict[str, str] = {}
