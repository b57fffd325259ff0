"""Bieten mit dem Weli (Schwaighofer 1927): the Weli as a wild card, on top of Bieten's rules.

Everything not said here is Bieten (:mod:`rules.bieten.functions`): the chapter only
adds the 33rd card, "der Weli, eigentlich Schellsechser" (``6B``), which its holder may
*taufen* (baptise) into any card of the pack, and says when that baptism is bound. The
functions take ``wilds`` (the wild cards and their tiers) so that Spitzbieten
(:mod:`rules.spitzbieten`) can call them with its three wild cards.

A player's cards with wild cards are described by a :class:`WildHand`: his natural
cards (dealt; those still in hand), the wild cards already played (each as the card it
counted as), those still in hand, the suits he has renounced by not following them
while holding a wild card, and the figures he has bound his wild cards to.

Modern practice (pagat.com's Bieten page, mirrored at gambiter.com) always plays with
the Weli and lets the cutter keep any card he cuts; the 1927 text names only the Weli.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.bieten import functions as b
from rules.bieten.functions import (
    SIGLUM,
    WELI,
    WELI_WILDS,
    BietenError,
    Figure,
    Played,
    Status,
    WildHand,
)
from rules.cards import GERMAN_32, GERMAN_33, Card, Suit
from rules.registry import Emendation, rule


def w(n: int) -> str:
    """The id of paragraph ``n`` of "Das Bieten mit dem Weli"."""
    return f"{SIGLUM}.bietenweli.p{n}"


def _feasible(
    hand: WildHand,
    extra: Sequence[Card] = (),
    free: int | None = None,
    renounce: Suit | None = None,
    required: frozenset[str] | None = None,
) -> bool:
    return b.wild_feasible(hand, extra, free, renounce, required)


# ---------------------------------------------------------------- the Weli


@rule(paragraphs=[w(1)])
def pack() -> tuple[Card, ...]:
    """The pack of 33: "Es sind dann statt 32 Karten 33 im Spiel" (w.p1): 32 and the Weli."""
    return GERMAN_33


@rule(paragraphs=[w(1)])
def baptisms(wild: Card, wilds: Mapping[Card, int] = WELI_WILDS) -> tuple[Card, ...]:
    """What a wild card may become: "er kann ihn zu jeder anderen Karte machen" (w.p1).

    Any card of the 32-card pack; :func:`wild_options` says which of them the rules
    still allow at a given moment.
    """
    if wild not in wilds:
        raise BietenError(f"{wild} is not a wild card here")
    return GERMAN_32


@rule(paragraphs=[w(1), w(4)])
def beats(card: Played, other: Played) -> bool:
    """Whether ``card`` is higher than ``other`` counted as a card of the same suit.

    "Die Naturkarte ..., zu der man ihn tauft, ist und bleibt aber unter allen Umständen
    höher und sticht den Weli. Also ... ist dieses getaufte Herzas wohl besser als der
    Herzkönig, aber nicht besser als das Herzas" (w.p1); the Weli made Herzas loses to
    "das „naturige“ ... Original-Herzas" (w.p4).
    """
    if card.card.suit != other.card.suit:
        raise BietenError("only cards of one suit are compared")
    if (card.wild or card.card) == (other.wild or other.card):
        raise BietenError("a card is not compared with itself")
    return card.key > other.key


@rule(paragraphs=[w(1), w(3), b.p(8)])
def trick_winner(trick: Sequence[Played]) -> int:
    """The index of the card that takes a trick; a Weli counts as the card it was made.

    B leads the Eichelunter and C takes it with the Eichelkönig; A "könnte ja ohne
    weiteres den Eichelkönig mit seinem Weli stechen, wenn er diesen in die Eichelas
    verwandeln würde" (w.p3). Of two cards counting as the same card the natural wins.
    """
    return b.trick_winner(trick)


@rule(paragraphs=[w(2)])
def cutter_keeps(cut: Card) -> bool:
    """Whether the cutter keeps the card he cut: only the Weli.

    "Wird der Weli von dem zum Abheben Berechtigten ... abgehoben, so darf er ihn
    herausheben und behalten. Er bekommt dann beim weiteren Geben nur mehr zwei Karten"
    (w.p2). Modern rules let the cutter steal any bottom card (pagat.com, Bieten); the
    1927 text names the Weli only.
    """
    if cut not in GERMAN_33:
        raise BietenError(f"{cut} is not in the pack of 33")
    return cut == WELI


@rule(paragraphs=[w(2), b.p(6)])
def deal_order(players: int, weli_cut: bool = False) -> list[int]:
    """To whom each dealt card goes: one each, then two each, the Weli's cutter passed
    over in the first round ("nur mehr zwei Karten", w.p2). Positions as in Bieten."""
    return b.deal_order(players, weli_cut)


_BINDING_EMENDATION = Emendation(
    paragraph=w(2),
    reading=(
        "the binding arises when a figure the player holds only with wild cards is held "
        "or given Drei (by him or on his bid) and is decided at the end; a figure or "
        "Groschen let good frees the wild card again; the Spiel binds no wild card"
    ),
    raw=(
        "Man muß aber dann, und das ist sehr wichtig, den Weli auch zum Machen der "
        "angeschauten Figur oder Farbe benutzen. Es sei denn, daß man die gebotene Figur "
        "nochmals in der Hand habe"
    ),
    evidence=(
        "w.p5: a Groschen given with the Weli and let good: 'der Weli wird frei'; w.p4: "
        "having held the Herz with the Weli A 'mit dem Weli unbedingt ein Herz machen muß' "
        "but may make it the Herzneuner for a Gleich, so the binding is to the figure (a "
        "Herz), not to a winning card. The Spiel is made by play (w.p6), which the "
        "following of suit already governs."
    ),
    cert="medium",
)


_LET_GOOD_FREES_EMENDATION = Emendation(
    paragraph=w(2),
    reading=(
        "a bid let good by all binds no wild card: the figure is settled and written at "
        "once, so a figure bid with the Weli alone and let good leaves the Weli free to "
        "become any card"
    ),
    raw=(
        "wird es gut sein lassen, hat er ja den Laubneuner in der Hand, mit dem er das Recht "
        "hat, die Laub zu bieten (w.p3); ... zwei und der Weli wird frei und kann zum Machen "
        "einer anderen Figur ... benutzt werden (w.p5)"
    ),
    evidence=(
        "For: w.p2 binds the Weli to a figure 'angeschaut' (held), and w.p5 frees it when a "
        "Groschen given with it is let good ('der Weli wird frei'): a wager settled at once "
        "needs no card at the end, and the bidder writes a figure let good 'auch wenn ... "
        "einer der Mitspieler eine höhere Karte ... hat' (p12), so nothing is left for the "
        "Weli to prove. Against: w.p3 explains why A may bid the Laub at all by his natural "
        "Laubneuner if it is let good, which may mean that a figure bid with the Weli alone "
        "and let good must still be made with it. Read as the first; cert low."
    ),
    cert="low",
)


@rule(paragraphs=[w(2), w(4)], emendations=[_BINDING_EMENDATION, _LET_GOOD_FREES_EMENDATION])
def binds(figure: Figure, hand: WildHand, wilds: Mapping[Card, int] = WELI_WILDS) -> bool:
    """Whether holding (or giving Drei on) ``figure`` binds the player's wild cards to it.

    It does unless "man die gebotene Figur nochmals in der Hand habe" (w.p2): unless
    his natural cards (and wild cards already played) hold the figure by themselves.
    A hand with A's "Schellneuner und Laubneuner" holds a Gleich naturally but no Herz:
    holding the Herz binds his Weli to a Herz (w.p4).
    """
    hand.check(wilds)
    figure = b._figure(figure)
    if figure == "spiel" or not hand.free:
        return False
    return not b.feasible(hand.known(), 0, "", (figure,))


@rule(paragraphs=[w(2), w(3), w(6), b.p(9), b.p(30)], emendations=[b._HOLD_EMENDATION])
def may_wager(
    figure: Figure,
    hand: WildHand,
    last_lead: Card | None = None,
    just_played: Played | None = None,
    wilds: Mapping[Card, int] = WELI_WILDS,
) -> bool:
    """Whether the player may bid, hold or give Drei on ``figure``, counting his wild cards.

    "Man kann mit dem Weli natürlich jede gebotene Figur anschauen, da man ihn ja zu
    jeder Farbe machen und ihm jeden Rang geben kann" (w.p2) — as far as his earlier
    bindings and renounced suits still allow it. The Spiel after the last lead needs the
    led suit: a player who renounced it "darf ... auch nicht das Spiel bieten" (w.p6).
    ``just_played``: his card already on the table in the last trick, if any.
    """
    hand.check(wilds)
    figure = b._figure(figure)
    if figure == "spiel":
        if last_lead is None:
            return True
        suit = last_lead.suit
        if just_played is not None:
            return just_played.card.suit == suit
        if any(c.suit == suit for c in hand.unplayed):
            return True
        if not hand.free or suit in hand.renounced:
            return False
        return any(
            _feasible(hand, extra=[c], free=len(hand.free) - 1) for c in GERMAN_32 if c.suit == suit
        )
    return _feasible(hand, required=hand.bound | {figure})


_RENOUNCE_EMENDATION = Emendation(
    paragraph=w(6),
    reading=(
        "a player holding a wild card need not follow suit with it; playing another suit "
        "renounces the led suit for his wild cards for the rest of the deal"
    ),
    raw=(
        "weil er auf den vorletzten Stich, wo das Eichelas ausgespielt wurde, kein Eichel "
        "zugegeben, auch den Weli zu keinem solchen gemacht, und also deklariert hat, daß er "
        "mit dem Weli auf das Eichelmachen verzichtet"
    ),
    evidence=(
        "w.p3: A may take the Eichelkönig with the Weli made Eichelas but gives the "
        "Schellneuner instead, so the Weli does not have to follow; w.p6 draws the "
        "consequence for the Eichel."
    ),
    cert="high",
)


@rule(paragraphs=[w(1), w(2), w(4), w(6), b.p(8)], emendations=[_RENOUNCE_EMENDATION])
def wild_options(
    hand: WildHand, wild: Card, led: Suit | None = None, wilds: Mapping[Card, int] = WELI_WILDS
) -> list[Card]:
    """The cards a wild card in hand may be played as now (its baptism is then fixed).

    Following suit: with a natural card of the led suit in hand the wild card can only
    follow as a card of that suit (b.p8); without, it may be any card of a suit the
    player has not renounced (w.p6). Every figure he has bound his wild cards to must
    still be makeable afterwards: with the Herz held "mit dem Weli" A must make it "ein
    Herz", e.g. the Herzneuner (w.p4).
    """
    hand.check(wilds)
    if wild not in hand.free:
        raise BietenError(f"{wild} is not a wild card in this player's hand")
    must_follow = led is not None and any(c.suit == led for c in hand.unplayed)
    options: list[Card] = []
    for card in GERMAN_32:
        if card.suit in hand.renounced or (must_follow and card.suit != led):
            continue
        renounce = led if led is not None and card.suit != led else None
        if _feasible(hand, extra=[card], free=len(hand.free) - 1, renounce=renounce):
            options.append(card)
    return options


@rule(paragraphs=[w(6), b.p(8)], emendations=[_RENOUNCE_EMENDATION])
def natural_options(
    hand: WildHand, led: Suit | None = None, wilds: Mapping[Card, int] = WELI_WILDS
) -> list[Card]:
    """The natural cards in hand that may be played now, counting the wild cards' bindings.

    Farbe bekennen as in Bieten (b.p8); a card of another suit renounces the led suit for
    the wild cards (w.p6), so it is refused if a figure they are bound to could then no
    longer be made.
    """
    hand.check(wilds)
    cards = list(hand.unplayed)
    if led is None:
        return cards
    same = [c for c in cards if c.suit == led]
    if same:
        return same
    if not hand.free:
        return cards
    return cards if _feasible(hand, renounce=led) else []


@rule(
    paragraphs=[w(1), w(4), b.p(8), b.p(29)],
    emendations=[b._FLEE_EMENDATION, b._WILD_TIE_EMENDATION],
)
def figure_winner(
    figure: Figure, tables: Mapping[str, Sequence[Played]], last_trick: str | None = None
) -> str | None:
    """Who makes ``figure`` with the Weli counted as what it was made.

    With the Weli as Herzneuner A "bringt ... drei Neuner zusammen, die besser sind als
    die zwei Könige des C" (w.p4); the Weli made Herzas loses the Herz to the natural
    Herzas (w.p1, w.p4).
    """
    return b.figure_winner(figure, tables, last_trick)


@rule(paragraphs=[w(3), w(4), b.p(12), b.p(14), b.p(29)], emendations=[b._FLEE_EMENDATION])
def settle(
    figure: Figure,
    status: Status,
    tables: Mapping[str, Sequence[Played]],
    bidder: str | None = None,
    giver: str | None = None,
    last_trick: str | None = None,
) -> dict[str, int]:
    """The points one figure gives with the Weli in play, as in Bieten.

    "Schaut nun C mit seinen zwei Königen das Gleich an, macht A mit seinem Weli drei
    Neuner und schreibt damit zwei Gutpunkte. Läßt hingegen C das Gleich gut sein, so
    schreibt A nur eins im Gleich" (w.p4).
    """
    return b.settle(figure, status, tables, bidder, giver, last_trick)


UNFORMALISED: dict[str, str] = {
    w(5): (
        "strategy: not to bind the Weli early, bluffing with it; its rules (binding, "
        "freeing by a Groschen let good) are those of w.p2 and w.p4"
    ),
    w(7): "strategy: remembering the cards of the last deal; decides nothing",
}
