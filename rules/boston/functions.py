"""Boston as Engelmann (1798) prints it, and what the print leaves out: the pure rule functions.

The chapter "Das Bostonspiel" has three rule paragraphs (p3 is advice for playing
Misery). p1 names the games ("Spielarten") and the tricks they need; p2 adds Misery,
the trump the player names, the payments and the Bêtes; p4 adds the newer klein Misery.
Everything else the chapter takes for granted by calling the game "Whist, das wie
l'Hombre gespielt wird": the pack, the players, the deal, the bidding and the play. The
functions supply it from those two games and say so in an
:class:`~rules.registry.Emendation` with an empty ``raw``, never silently:

- from **Whist** (Hoyle's Games): the 52-card pack ranking A K Q J 10 ... 2, four
  players with thirteen cards each, following suit, trumps beating plain cards, the
  winner of a trick leading the next;
- from **l'Hombre** (Engelmann's reader knew it): the auction, in which each player
  from the Vorhand on names a higher game or passes, the highest game plays alone
  against the other three; and the Bête of a lost game, which p2 says is "wie im
  l'Hombre aufgesetzt und angeschrieben": set up in the pool and played for in the
  next deals, not paid to the opponents (see :func:`settlement` and
  :func:`betes_after`).

What a won game is paid is supplied too: "gewinnt ... 1 Point" is read as one Point
from each of the other three, as later Boston pays a successful player.

The playable deal is :mod:`rules.boston.model`. Modern Boston (Britannica 1911, "Boston
(game)"; Parlett, "Boston Whist") has many more bids, preferences and partners; the
edition follows the 1798 text and names only where it differs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from rules.cards import FRENCH_52, Card, Rank, RankOrder, Suit
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "engelmann1798"
Contract = Literal[
    "klein_boston", "gross_boston", "klein_independence", "gross_independence", "misery",
    "klein_misery",
]  # fmt: skip
KleinMisery = Literal["none", "over_klein_independence", "over_gross_boston"]
#: Where a lost game's Bête goes: into the pool (l'Hombre, the default) or to each opponent.
Bete = Literal["pool", "each"]
HAND_SIZE = 13
SEATS = 4


def p(n: int) -> str:
    """The id of paragraph ``n`` of the chapter."""
    return f"{SIGLUM}.boston.p{n}"


class BostonError(RulesError, ValueError):
    """An input that no Boston position can have (unknown game, wrong cards or counts)."""


_WHIST_EMENDATION = Emendation(
    paragraph=p(1),
    reading=(
        "the Whist pack of 52 ranking A K Q J 10 9 8 7 6 5 4 3 2; four players, thirteen "
        "cards each; suit must be followed, else any card; the highest trump, else the "
        "highest card of the led suit takes the trick; its winner leads the next; the "
        "Vorhand (seat 1, after the dealer) leads first"
    ),
    raw="",
    evidence=(
        "p1 says only 'Dieses Spiel ist Whist'; the chapter names no pack, number of "
        "players or way of playing. These are the rules of Whist (Hoyle's Games); that "
        "Boston is played by four with the Whist pack agrees with every later account "
        "(Britannica 1911; Parlett). The text's 'die Vorhand spielte eine Zwei aus' (p3) "
        "confirms a Two in the pack and a Vorhand leading."
    ),
    cert="medium",
)

#: Whist's order of the ranks (supplied, see the emendation).
ORDER = RankOrder(
    (
        Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
        Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO,
    )
)  # fmt: skip
_PACK = frozenset(FRENCH_52)

#: The tricks each game needs (p1, p2, p4); Misery games need none at all.
TRICKS: dict[str, int] = {
    "klein_boston": 5,
    "gross_boston": 6,
    "klein_independence": 7,
    "gross_independence": 9,
    "misery": 0,
    "klein_misery": 0,
}
_BASE_ORDER = ("klein_boston", "gross_boston", "klein_independence", "gross_independence", "misery")


# ---------------------------------------------------------------- pack and play


@rule(paragraphs=[p(1)], emendations=[_WHIST_EMENDATION])
def pack() -> tuple[Card, ...]:
    """The Whist pack of 52 cards (supplied: p1 "Dieses Spiel ist Whist"), canonical order."""
    return FRENCH_52


@rule(paragraphs=[p(1)], emendations=[_WHIST_EMENDATION])
def rank_order() -> tuple[Rank, ...]:
    """The ranks from high to low, as at Whist: A K Q J 10 9 8 7 6 5 4 3 2 (supplied)."""
    return ORDER.ranks


@rule(paragraphs=[p(1), p(2)], emendations=[_WHIST_EMENDATION])
def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """The index of the card that takes a trick (cards in the order played; ``trump`` named by the player).

    As at Whist (supplied): the highest trump, else the highest card of the led suit.
    """
    cards = _cards(trick)
    if not 2 <= len(cards) <= SEATS:
        raise BostonError(
            f"a trick has four cards (two or three while it is played), not {len(cards)}"
        )
    if trump not in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        raise BostonError(f"the trump is one of the four suits, not {trump}")
    best = 0
    for index, card in enumerate(cards[1:], 1):
        top = cards[best]
        if card.suit == top.suit:
            if ORDER.higher(card.rank, top.rank):
                best = index
        elif card.suit == trump:
            best = index
    return best


@rule(paragraphs=[p(1)], emendations=[_WHIST_EMENDATION])
def legal_cards(hand: Sequence[Card], trick: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a player may play: a card of the led suit if he has one, else any (Whist, supplied)."""
    cards = _hand(hand)
    played = _cards(trick)
    if set(cards) & set(played):
        raise BostonError("a card on the table cannot also be in the hand")
    if not cards:
        raise BostonError("an empty hand plays no card")
    if not played:
        return tuple(cards)
    same = [c for c in cards if c.suit == played[0].suit]
    return tuple(same or cards)


# ---------------------------------------------------------------- the games


_KLEIN_MISERY_EMENDATION = Emendation(
    paragraph=p(4),
    reading=(
        "klein Misery ranks just above klein Independence ('forcirt'), or, as the author "
        "thinks fairer, just above groß Boston ('formiren' read as 'forciren'); it pays 5 "
        "either way; the player lays one card away and must then take no trick"
    ),
    raw="daß man es nur groß Boston formiren läßt",
    evidence=(
        "p4 says klein Misery 'klein Independence forcirt', i.e. outbids it, and then that "
        "it is fairer to let it 'nur groß Boston formiren': in the sense of the same "
        "sentence this can only mean outbidding no more than groß Boston. The payment of "
        "5 stays. 'Man schmeißet ... die gefährlichste Karte weg': the player discards one "
        "card before play, as in the later petite misère of Boston (Hoyle, 'Boston': 'to "
        "put out a card'). The print does not say whether klein Misery also outbids groß "
        "Independence; it ranks below it here, its payment being lower."
    ),
    cert="medium",
)


@rule(paragraphs=[p(1), p(2), p(4)], emendations=[_KLEIN_MISERY_EMENDATION])
def contracts(klein_misery: KleinMisery = "none") -> tuple[str, ...]:
    """The games ("Spielarten") from lowest to highest: each outbids those before it.

    "Es sind nämlich 5 Spielarten ... Die erste ist klein Boston ... darauf kömmt groß
    Boston ... dann klein Independence ... und dann groß Independence" (p1); "Diese
    Spielarten werden vom Misery (Elend) aufgetrieben" (p2). With the newer klein Misery
    (p4), placed by ``klein_misery``.
    """
    order = list(_BASE_ORDER)
    if klein_misery == "over_klein_independence":
        order.insert(order.index("klein_independence") + 1, "klein_misery")
    elif klein_misery == "over_gross_boston":
        order.insert(order.index("gross_boston") + 1, "klein_misery")
    elif klein_misery != "none":
        raise BostonError(
            f"klein Misery is 'none', 'over_klein_independence' or 'over_gross_boston', not {klein_misery!r}"
        )
    return tuple(order)


@rule(paragraphs=[p(1), p(2), p(4)], emendations=[_KLEIN_MISERY_EMENDATION])
def outbids(new: str, current: str, klein_misery: KleinMisery = "none") -> bool:
    """Whether game ``new`` outbids game ``current`` in the auction.

    Each game of p1 outbids those named before it ("darauf kömmt ... dann"); Misery
    outbids every other game (p2 "aufgetrieben"); klein Misery "klein
    Independence forcirt" (p4), or only groß Boston under the author's fairer rule.
    """
    order = contracts(klein_misery)
    for game in (new, current):
        if game not in order:
            raise BostonError(f"{game!r} is not a game here; the games are {', '.join(order)}")
    return order.index(new) > order.index(current)


@rule(paragraphs=[p(1), p(2), p(4)])
def tricks_needed(contract: str) -> int:
    """The tricks a game needs: klein Boston 5, groß Boston 6, klein Independence 7, groß
    Independence 9; Misery and klein Misery none at all ("keinen einzigen Stich")."""
    if contract not in TRICKS:
        raise BostonError(f"unknown game {contract!r}")
    return TRICKS[contract]


_GROSS_INDEPENDENCE_EMENDATION = Emendation(
    paragraph=p(2),
    reading="groß Independence wins or loses 8, doubling klein Independence's 4 as each game doubles the one before",
    raw="bei klein Boston 1, bei groß Boston 2, bei klein Independence 4, und bei Misery 8 Points",
    evidence=(
        "The list skips groß Independence, one of the five games of p1. The printed "
        "values double at each step (1, 2, 4); the next step gives 8, the same as Misery, "
        "which still outbids it (p2). A lost line of the print would give no other "
        "evidence. The value is a parameter of the variants."
    ),
    cert="low",
)


@rule(paragraphs=[p(2), p(4)], emendations=[_GROSS_INDEPENDENCE_EMENDATION])
def contract_value(contract: str, gross_independence: int = 8) -> int:
    """What a game wins or loses, in points ("Einsätze").

    "gewinnt oder verliert bei klein Boston 1, bei groß Boston 2, bei klein Independence
    4, und bei Misery 8 Points" (p2); klein Misery "mit 5 Points bezahlt" (p4). groß
    Independence is not in the list: ``gross_independence`` (8 by default, see the
    emendation).
    """
    values = {
        "klein_boston": 1,
        "gross_boston": 2,
        "klein_independence": 4,
        "gross_independence": gross_independence,
        "misery": 8,
        "klein_misery": 5,
    }
    if contract not in values:
        raise BostonError(f"unknown game {contract!r}")
    if gross_independence < 1:
        raise BostonError("a game is worth at least one point")
    return values[contract]


@rule(paragraphs=[p(2)])
def names_trump(contract: str) -> bool:
    """Whether the player names a trump: in every game ("Bei allen diesen Spielarten ernennt
    der Spielende einen Trumpf", p2), Misery included, unlike the no-trump misère of later
    Boston (Britannica 1911)."""
    tricks_needed(contract)
    return True


@rule(paragraphs=[p(4)], emendations=[_KLEIN_MISERY_EMENDATION])
def discards(contract: str) -> int:
    """How many cards the player lays away before play: one for klein Misery, else none.

    "Man schmeißet, um dasselbe zu spielen, die gefährlichste Karte weg" (p4).
    """
    tricks_needed(contract)
    return 1 if contract == "klein_misery" else 0


@rule(paragraphs=[p(1), p(2)])
def contract_won(contract: str, tricks: int) -> bool:
    """Whether the player has won his game with ``tricks`` tricks.

    "Wer dasselbe gewinnen will, muß 5 Stiche machen" (p1): at least as many as the game
    needs; Misery "um welches zu gewinnen, man keinen einzigen Stich machen muß" (p2).
    """
    need = tricks_needed(contract)
    if not 0 <= tricks <= HAND_SIZE:
        raise BostonError(f"a player takes 0 to 13 tricks, not {tricks}")
    if contract in ("misery", "klein_misery"):
        return tricks == 0
    return tricks >= need


_POOL_EMENDATION = Emendation(
    paragraph=p(2),
    reading=(
        "a lost game's Bête is set up in the pool ('aufgesetzt') and the next player to win "
        "a game draws it besides his game; while a Bête stands in the pool, further Bêtes "
        "are written down ('angeschrieben') and each time the pool has been drawn the "
        "highest written one is set up in it; the opponents of a losing player receive "
        "nothing"
    ),
    raw="Die Bêtes werden wie im l'Hombre aufgesetzt und angeschrieben",
    evidence=(
        "p2 refers the Bêtes to l'Hombre. There a lost game's Bête goes on the table and is "
        "played for in the next deal, it is not paid to the opponents: 'All the Beastes "
        "that are made in one Deal, must lie together upon the Board, and be played for the "
        "next' (The Court Gamester, on Ombre, 18th c.; Google Books _UgJAAAAQAAJ, p. 25). "
        "Pierer's Universal-Lexikon (1857, 'L'hombre', zeno.org) gives the German practice "
        "in the words of p2: who loses 'muß ... Bête setzen', the following Bêtes 'werden "
        "aber nicht mehr zugesetzt, sondern aufgeschrieben u. erst dann abgespielt, wenn "
        "die im Teller stehende Summe durch gewonnenes Spiel gezogen worden ist', the "
        "highest first. An opponent of the l'Hombre player is paid only for a Codille, "
        "taking more tricks than he ('he lays one down, for that which the Codille takes "
        "up', Court Gamester p. 27), which Boston, one against three, does not have. The "
        "edition first read that a loser pays each opponent, citing l'Hombre; that is "
        "wrong for the Bête and is later Boston's rule (Encyclopedia Americana 1920, "
        "'Boston': the failing player 'must pay to each competitor a forfeit'; Foster's "
        "Hoyle: he pays each adversary and doubles the pool): variant "
        "reading_loser_pays_each. What 'auch nicht gezogen wird' excludes is not known; "
        "it cannot mean that the pool is never drawn, or setting Bêtes up would be "
        "pointless."
    ),
    cert="medium",
)

_PAYMENT_EMENDATION = Emendation(
    paragraph=p(2),
    reading=(
        "a player who wins his game receives its value from each of the other three; the "
        "Bête of a lost game is three times its value, what he would have received"
    ),
    raw="gewinnt oder verliert bei klein Boston 1, bei groß Boston 2, bei klein Independence 4, und bei Misery 8 Points",
    evidence=(
        "p2 gives one figure for winning and losing and does not say from whom a won game "
        "is paid. Later Boston pays a successful solo player 'by each of the three others' "
        "(Hoyle's Games, 'Boston'). In l'Hombre a Bête is 'of the same Value with that "
        "which the Ombre is to take up, if he wins' (Court Gamester, p. 25): here three "
        "times the value. Both amounts are supplied."
    ),
    cert="low",
)


@rule(paragraphs=[p(2), p(4)], emendations=[_PAYMENT_EMENDATION])
def bete_value(contract: str, gross_independence: int = 8) -> int:
    """The Bête of a lost game: three times its value, what the player would have won."""
    return (SEATS - 1) * contract_value(contract, gross_independence)


@rule(paragraphs=[p(2)], emendations=[_POOL_EMENDATION, _PAYMENT_EMENDATION])
def settlement(
    contract: str,
    won: bool,
    player: str,
    seats: Sequence[str],
    gross_independence: int = 8,
    bete: Bete = "pool",
    pool: int = 0,
) -> dict[str, int]:
    """Each seat's gain or loss after a game, with ``pool`` the Bête standing in the pool.

    Won: the player receives the value from each other seat and draws the pool. Lost: he
    sets up his Bête, three times the value, in the pool (``bete="pool"``: "wie im
    l'Hombre aufgesetzt", p2) and the others receive nothing, or, in the later Boston's
    reading (``bete="each"``), he pays each of them the value. "nur daß kein Spiel
    doppelt geht" (p2): a game won with more tricks than needed, or with all thirteen,
    pays no more.
    """
    listed = list(seats)
    if len(listed) != SEATS or len(set(listed)) != SEATS or player not in listed:
        raise BostonError("four different seats play, the player among them")
    if bete not in ("pool", "each"):
        raise BostonError(f"a Bête goes to the 'pool' or to 'each' opponent, not {bete!r}")
    if pool < 0 or (bete == "each" and pool):
        raise BostonError("the pool holds a Bête of 0 or more, and only where Bêtes are set up")
    value = contract_value(contract, gross_independence)
    if won:
        return {s: value * (SEATS - 1) + pool if s == player else -value for s in listed}
    others = value if bete == "each" else 0
    return {s: -value * (SEATS - 1) if s == player else others for s in listed}


@rule(paragraphs=[p(2)], emendations=[_POOL_EMENDATION])
def betes_after(pool: int, written: Sequence[int], won: bool, bete: int = 0) -> dict[str, object]:
    """The Bêtes after a game: ``{"pool": n, "written": [...]}`` ("aufgesetzt und angeschrieben").

    ``pool`` is the Bête standing in the pool, ``written`` those written down in the order
    lost, ``bete`` the Bête of this game if it was lost. A won game draws the pool and
    the highest written Bête is set up in its place ("so geht die höchste zuerst",
    Pierer on l'Hombre). A lost game's Bête is set up if the pool is empty, else
    written down.
    """
    waiting = list(written)
    if pool < 0 or bete < 0 or any(not isinstance(b, int) or b <= 0 for b in waiting):
        raise BostonError("Bêtes are positive amounts; the pool holds 0 or more")
    if waiting and not pool:
        raise BostonError("a Bête is written down only while another stands in the pool")
    if won:
        if bete:
            raise BostonError("a won game sets up no Bête")
        if not waiting:
            return {"pool": 0, "written": []}
        highest = waiting.index(max(waiting))
        return {"pool": waiting.pop(highest), "written": waiting}
    if not bete:
        raise BostonError("a lost game sets up its Bête (more than 0)")
    if not pool:
        return {"pool": bete, "written": []}
    return {"pool": pool, "written": [*waiting, bete]}


@rule(paragraphs=[p(2)])
def extras_paid() -> dict[str, bool]:
    """What l'Hombre pays and Boston does not: no doubling, no Matadors, Ersten or Tout.

    "nur daß kein Spiel doppelt geht, auch nicht gezogen wird, und keine Matadors, Ersten
    und Tout bezahlt werden" (p2). The author's wish to pay three honours as Matadors and
    the first 5, 6, 7 or 9 tricks as Ersten names no sums and is not a rule of the game.
    """
    return {"double": False, "matadors": False, "ersten": False, "tout": False}


_AUCTION_EMENDATION = Emendation(
    paragraph=p(1),
    reading=(
        "the auction as in l'Hombre: from the Vorhand on, each player in turn names a "
        "game higher than the highest named so far, or passes and is out; the last player "
        "left plays the highest game alone; if all four pass, the deal is void"
    ),
    raw="Es sind nämlich 5 Spielarten, die sich wie Frage, Tournée etc. in l'Hombre verhalten",
    evidence=(
        "p1 relates the games to those of l'Hombre, which a higher one outbids, and p2 "
        "says Misery 'aufgetrieben' (drives up) the others; how bids are made is not said. "
        "A player who passed staying out, and a void deal when all pass, are the l'Hombre "
        "way (and Hoyle's Boston: 'If all pass, the cards must be thrown up'). The "
        "l'Hombre privilege of the elder hand to hold an equal bid is not assumed."
    ),
    cert="low",
)


@rule(paragraphs=[p(1), p(2)], emendations=[_AUCTION_EMENDATION])
def auction_winner(
    bids: Sequence[tuple[str, str]], klein_misery: KleinMisery = "none"
) -> tuple[str, str] | None:
    """Who plays which game after an auction (``(seat, bid)`` pairs in order, ``"pass"`` to pass).

    Seats are ``"1"`` to ``"4"``, seat 1 the Vorhand speaking first. Returns the player
    and his game, ``None`` when all four passed; refuses an auction that breaks the
    order (a bid not higher, a player speaking out of turn or after passing) or is not
    finished.
    """
    active = ["1", "2", "3", "4"]
    turn = 0
    best: tuple[str, str] | None = None
    for seat, bid in bids:
        if auction_over(active, best):
            raise BostonError("the auction is over")
        if seat != active[turn]:
            raise BostonError(f"seat {active[turn]} speaks now, not {seat}")
        if bid == "pass":
            active.pop(turn)
            turn = turn % len(active) if active else 0
            continue
        if bid not in contracts(klein_misery):
            raise BostonError(f"{bid!r} is not a game here")
        if best is not None and not outbids(bid, best[1], klein_misery):
            raise BostonError(f"{bid} does not outbid {best[1]}")
        best = (seat, bid)
        turn = (turn + 1) % len(active)
    if not auction_over(active, best):
        raise BostonError("the auction is not finished")
    return best


def auction_over(active: Sequence[str], best: tuple[str, str] | None) -> bool:
    """Whether an auction has ended: all passed, or only the highest bidder is left."""
    return not active or (best is not None and list(active) == [best[0]])


# ---------------------------------------------------------------- helpers


def _cards(cards: Iterable[Card]) -> list[Card]:
    listed = list(cards)
    for card in listed:
        if not isinstance(card, Card):
            raise BostonError(f"not a card: {card!r}")
        if card not in _PACK:
            raise BostonError(f"{card} is not in the Whist pack of 52")
    if len(set(listed)) != len(listed):
        raise BostonError("a card is played once")
    return listed


def _hand(cards: Iterable[Card]) -> list[Card]:
    listed = _cards(cards)
    if len(listed) > HAND_SIZE:
        raise BostonError(f"a hand holds at most 13 cards, not {len(listed)}")
    return ORDER.sorted(listed)


#: Every rule paragraph of the chapter is cited; p3 (typed strategy) is advice for Misery.
UNFORMALISED: dict[str, str] = {}
