"""Kritisch-Watten as Schwaighofer (1927) states it: Watten zu viert with the Kritische.

"Dieses sehr interessante Spiel unterscheidet sich vom gewöhnlichen Watten zu viert
dadurch, daß hier noch drei Karten im Spiel sind, die alles … stechen"
(kritischwatten.p1): everything else is Watten zu viert (:mod:`rules.watten`). The
functions here cite ``schwaighofer1927.kritischwatten.pN`` and take a ``variant``:

- ``k33``: the Tyrolean pack of 33 cards; the Kritische are the Herzkönig ("Martl"),
  the Weli (Schellsechser) and the Schellsiebener (p1, p2);
- ``k32``: a pack of 32 without the Weli; the Schellsiebener takes the Weli's place and
  the Eichelsiebener ("Eichelspitz") is the third Kritischer (p2);
- ``k33_nur_rechter``: the 33 cards, but "nur auf den Rechten Trumpf zugegeben werden
  muß" (p2: "häufig auch so gespielt");
- ``k33_eichelspitz`` (a reading for the rule functions, not a model variant): "In
  manchen Gegenden ist übrigens auch der Eichelsiebener ständiger Kritischer" (p2),
  so with 33 cards there are four Kritische.

Today's Bavarian Watten plays with 32 cards and the Kritische Herzkönig (Max),
Schellsiebener (Belli) and Eichelsiebener (Spitz) in this order (pagat.com "Watten";
de.wikipedia "Watten"): Schwaighofer's 32-card order. In Austria and South Tyrol today
the Weli (Schellsechser) is the second Kritischer and the Eichelsiebener the third
(de.wikipedia "Watten": "Schellen 7 (in Österreich und Südtirol: Schellen 6)"), where
Schwaighofer's 33-card order has the Schellsiebener third and the Eichelsiebener not at
all (except "in manchen Gegenden"). The edition follows the 1927 text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

from rules.cards import GERMAN_32, GERMAN_33, WELI, Card, Rank, Suit
from rules.registry import Emendation, rule
from rules.watten import functions as w
from rules.watten.functions import ORDER, SCHLAG_RANKS, SUITS, WattenError

SIGLUM = "schwaighofer1927"


def k(n: int) -> str:
    """The id of paragraph ``n`` of "Das Kritisch-Watten zu viert"."""
    return f"{SIGLUM}.kritischwatten.p{n}"


class KritischError(WattenError):
    """An input no Kritisch-Watten position can have (unknown variant, card, seat)."""


Variant = Literal["k33", "k32", "k33_nur_rechter", "k33_eichelspitz"]
READINGS: tuple[str, ...] = ("k33", "k32", "k33_nur_rechter", "k33_eichelspitz")

MARTL = Card(Rank.KING, Suit.GERMAN_HEARTS)
SCHELLSIEBENER = Card(Rank.SEVEN, Suit.BELLS)
EICHELSIEBENER = Card(Rank.SEVEN, Suit.ACORNS)

_KRITISCHE: dict[str, tuple[Card, ...]] = {
    "k33": (MARTL, WELI, SCHELLSIEBENER),
    "k32": (MARTL, SCHELLSIEBENER, EICHELSIEBENER),
    "k33_nur_rechter": (MARTL, WELI, SCHELLSIEBENER),
    "k33_eichelspitz": (MARTL, WELI, SCHELLSIEBENER, EICHELSIEBENER),
}
_PACKS: dict[str, tuple[Card, ...]] = {
    "k33": GERMAN_33,
    "k32": GERMAN_32,
    "k33_nur_rechter": GERMAN_33,
    "k33_eichelspitz": GERMAN_33,
}


def _variant(variant: str) -> str:
    if variant not in READINGS:
        raise KritischError(
            f"variant is one of {', '.join(READINGS)} (kritischwatten.p1, p2), not {variant!r}"
        )
    return variant


def _in_pack(cards: Sequence[Card], variant: str, where: str) -> list[Card]:
    listed = w._cards(cards, where)
    pack = _PACKS[variant]
    for card in listed:
        if card not in pack:
            raise KritischError(
                f"{where}: {card} is not in the pack of {len(pack)} ({variant}; kritischwatten.p2)"
            )
    return listed


def follow_rule(variant: str) -> Literal["trumps", "rechte"]:
    """Which leads ask for a trump under ``variant`` (see :func:`must_follow_trump`)."""
    return "rechte" if _variant(variant) == "k33_nur_rechter" else "trumps"


# ---------------------------------------------------------------- the pack and the Kritische


@rule(paragraphs=[k(1), k(2)])
def pack(variant: str = "k33") -> tuple[Card, ...]:
    """The pack: the 33 Tyrolean cards with the Weli, or 32 "wie es am Lande oft vorkommt".

    "2. der geschriebene Weli (Schellsechser, Schellweli)" (p1); "Hat ein Kartenspiel,
    wie es am Lande oft vorkommt, nur 32 Blätter, ist der Weli also nicht vorhanden"
    (p2). Plain Watten is played with 32 cards (watten.p1).
    """
    return _PACKS[_variant(variant)]


_EICHEL_FOURTH = Emendation(
    paragraph=k(2),
    reading="where the Eichelsiebener is a 'ständiger' Kritischer beside the Weli, it is the "
    "fourth, below the Schellsiebener",
    raw="In manchen Gegenden ist übrigens auch der Eichelsiebener ständiger Kritischer.",
    evidence=(
        "The sentence gives no rank; the Eichelsiebener is the last Kritischer in the 32-card "
        "order the same paragraph gives, so the edition puts it last."
    ),
    cert="low",
)


@rule(paragraphs=[k(1), k(2)], emendations=[_EICHEL_FOURTH])
def kritische(variant: str = "k33") -> tuple[Card, ...]:
    """The Kritische from the highest: Herzkönig, Weli, Schellsiebener (33 cards).

    "Diese drei höchsten Karten beim Kritisch-Watten sind: 1. der Herzkönig, allgemein
    der „Martl“ genannt; 2. der geschriebene Weli …; 3. der Schellsiebener" (p1). With 32
    cards "tritt an seine Stelle der Schellsiebener und als dritter Kritischer der
    Eichelsiebener" (p2): Herzkönig, Schellsiebener, Eichelsiebener. "Die Rangnummer der
    drei Kritischen untereinander ist Herzkönig, Weli, Schellsiebener" (p2).
    """
    return _KRITISCHE[_variant(variant)]


_FIXED = Emendation(
    paragraph=k(1),
    reading="in the order of cards a Kritischer is never the Rechte, a Blinder or a trump, "
    "even when it has the Schlag rank or the Trumpf suit (for the duty to give trumps see "
    "must_follow_trump)",
    raw="ihr Wert ist fix, das heißt, er ist nicht von der Trumpffarbe oder dem Rang des "
    "jeweiligen Schlages abhängig",
    evidence=(
        "So with Schlag König and Trumpf Herz the Martl is the highest card and there is no "
        "other Rechte; with Schlag Siebener the Schellsiebener stays a Kritischer (p3 advises "
        "against that Schlag for this reason). Bavarian rules today say the same: one card "
        "'erfüllt dann beide Funktionen' (yumpu 'Spielregel Watten')."
    ),
    cert="high",
)


@rule(paragraphs=[k(1), k(2)], emendations=[_FIXED])
def card_class(card: Card, schlag: Rank, trumpf: Suit, variant: str = "k33") -> w.CardClass:
    """What a card is: kritischer, rechte, blinder, trumpf or farbe.

    The Kritische take "alles, also nicht nur die Trümpfe, sondern auch alle „Schläge“;
    … ihr Wert ist fix" (p1); "dann folgen erst der „Rechte“ und die blinden Schläge"
    (p2).
    """
    _in_pack([card], _variant(variant), "card")
    return w.classify(card, w._schlag(schlag), w._trumpf(trumpf), _KRITISCHE[variant])[0]


@rule(paragraphs=[k(1), k(2)], emendations=[_FIXED])
def card_order(schlag: Rank, trumpf: Suit, variant: str = "k33") -> list[list[Card]]:
    """The order of the cards, as groups from high to low: the Kritische one by one, the
    Rechte, the Blinde (equal), the trumps by rank; Kritische are left out of the others.

    "Die Rangnummer der drei Kritischen untereinander ist Herzkönig, Weli,
    Schellsiebener …; dann folgen erst der „Rechte“ und die blinden Schläge" (p2).
    """
    crit = _KRITISCHE[_variant(variant)]
    pack_cards = set(_PACKS[variant])
    w._schlag(schlag)
    w._trumpf(trumpf)
    groups: list[list[Card]] = [[c] for c in crit]
    right = Card(schlag, trumpf)
    if right not in crit:
        groups.append([right])
    blind = [Card(schlag, s) for s in SUITS if s != trumpf and Card(schlag, s) not in crit]
    if blind:
        groups.append(blind)
    for rank in SCHLAG_RANKS:
        card = Card(rank, trumpf)
        if rank != schlag and card not in crit and card in pack_cards:
            groups.append([card])
    return groups


@rule(paragraphs=[k(1), k(2)], emendations=[_FIXED])
def trick_winner(cards: Sequence[Card], schlag: Rank, trumpf: Suit, variant: str = "k33") -> int:
    """Which of four cards takes the trick (0 = the lead): a Kritischer beats everything.

    "drei Karten …, die alles, also nicht nur die Trümpfe, sondern auch alle „Schläge“
    stechen" (p1); among themselves "Herzkönig, Weli, Schellsiebener; der Herzkönig ist
    also … der „Gottsöberste“ und sticht alles" (p2). Below them the rules of Watten
    (watten.trick_winner).
    """
    played = _in_pack(cards, _variant(variant), "trick")
    if len(played) != 4:
        raise KritischError(
            f"Kritisch-Watten is played by four (kritischwatten.p1): a trick has 4 cards, "
            f"not {len(played)}"
        )
    return w.winner_index(played, w._schlag(schlag), w._trumpf(trumpf), _KRITISCHE[variant])


_TRUMP_SUIT_KRITISCHER = Emendation(
    paragraph=k(2),
    reading="a Kritischer of the Trumpf suit led asks for trumps (except the Rechte); with 32 "
    "cards that is the Schellsiebener when Schell is Trumpf and the Eichelsiebener when Eichel is",
    raw="ist jedoch Herz Trumpf und wird der Herzkönig ausgespielt, so müssen die Trümpfe, mit "
    "Ausnahme des Rechten, zugegeben werden. Derselbe Fall tritt beim Weli und dem "
    "Schellsiebener ein, wenn Schell Trumpf ist.",
    evidence=(
        "The text names the 33-card Kritische and their suits (Herz, Schell); the edition "
        "reads the rule as 'a Kritischer of the Trumpf suit', which for 32 cards brings in "
        "the Eichelsiebener with Eichel Trumpf. The Weli is a Schell card (Schellsechser)."
    ),
    cert="medium",
)


_TRUMPFSCHLAG_IS_RECHTER = Emendation(
    paragraph=k(2),
    reading="under 'nur auf den Rechten' a Kritischer that is the Trumpfschlag (the Martl with "
    "Schlag König and Trumpf Herz, the Schellsiebener with Schlag Siebener and Trumpf Schell) "
    "is the Rechte for the duty and, led, asks for trumps; in the order of cards it stays a "
    "Kritischer. Alternative: a led Kritischer never asks, so no card asks in such a deal",
    raw="daß nur auf den Rechten Trumpf zugegeben werden muß",
    evidence=(
        "For: the Watten chapter names the Rechte by what it is, 'der Trumpfschlag, … auch "
        "der „Rechte“ genannt' (watten.zuzweit.p3), and asks for trumps 'wenn der "
        "Trumpfschlag, der Rechte … ausgespielt wird' (zuzweit.p6); Kritisch-Watten differs "
        "from it only by the three cards above everything (p1). p1's 'ihr Wert ist fix' "
        "fixes how high the card stands, not the duty it sets: under the rule p2 gives "
        "first, the duty of a led Kritischer does depend on the Trumpf suit. Against: p2's "
        "alternative withdraws 'ist jedoch Herz Trumpf und wird der Herzkönig ausgespielt, so "
        "müssen die Trümpfe … zugegeben werden' without excepting Schlag König, and p2 ranks "
        "'dann folgen erst der „Rechte“' after the Kritische. The referee's argument that "
        "the Herzkönig sentence would be superfluous if the Martl were the Rechte "
        "(tests/independent/WATTEN_FINDINGS.md) holds only for Schlag König: for the seven "
        "other ranks the sentence is needed either way, so it does not decide. The "
        "alternative is recorded as an open doubt (README), not a variant."
    ),
    cert="low",
)


@rule(paragraphs=[k(2)], emendations=[_TRUMP_SUIT_KRITISCHER, _TRUMPFSCHLAG_IS_RECHTER])
def must_follow_trump(lead: Card, schlag: Rank, trumpf: Suit, variant: str = "k33") -> bool:
    """Whether a lead asks for a trump: a Kritischer only when it is of the Trumpf suit.

    "Für gewöhnlich muß auf die Kritischen, wenn sie ausgespielt werden, nicht Trumpf
    zugegeben oder Farbe bekannt werden; ist jedoch Herz Trumpf und wird der Herzkönig
    ausgespielt, so müssen die Trümpfe, mit Ausnahme des Rechten, zugegeben werden …
    Es ist dies jedoch keine starre Regel, da häufig auch so gespielt wird, daß nur auf
    den Rechten Trumpf zugegeben werden muß" (p2): the variant ``k33_nur_rechter``, where
    the Rechte is the Trumpfschlag even when it is a Kritischer (the Martl with Schlag
    König and Trumpf Herz). Other leads as in Watten (zuzweit.p6): the Rechte or another
    trump.
    """
    _in_pack([lead], _variant(variant), "lead")
    return w.trump_obliged(
        lead, w._schlag(schlag), w._trumpf(trumpf), _KRITISCHE[variant], follow_rule(variant)
    )


@rule(paragraphs=[k(2)], emendations=[_TRUMP_SUIT_KRITISCHER, _TRUMPFSCHLAG_IS_RECHTER])
def legal_cards(
    hand: Sequence[Card], lead: Card | None, schlag: Rank, trumpf: Suit, variant: str = "k33"
) -> tuple[Card, ...]:
    """The cards a player may play: free, except that a lead asking for trumps asks for a
    card of the Trumpf suit from a player holding a trump other than the Rechte.

    "so müssen die Trümpfe, mit Ausnahme des Rechten, zugegeben werden" (p2). A Kritischer
    is not a trump that must be given, but one of the Trumpf suit may be given as one.
    """
    cards = _in_pack(hand, _variant(variant), "hand")
    if not 1 <= len(cards) <= 5:
        raise KritischError(f"a hand holds 1 to 5 cards (watten.zuzweit.p1), not {len(cards)}")
    if lead is not None:
        _in_pack([lead], variant, "lead")
        if lead in cards:
            raise KritischError(
                f"the led card {lead} cannot also be in the follower's hand (kritischwatten.p2)"
            )
    playable = w.playable(
        cards, lead, w._schlag(schlag), w._trumpf(trumpf), _KRITISCHE[variant], follow_rule(variant)
    )
    return tuple(w.sort_cards(playable))


@rule(paragraphs=[k(2)])
def cutter_may_keep(card: Card, variant: str = "k33") -> bool:
    """Whether the cutter may keep the card shown at the bottom of his cut: a Kritischer.

    "Wer einen oder mehr Kritische abhebt, kann sie behalten" (p2). The model shows the
    bottom card of the lifted packet; the cutter (on the dealer's right, as in Bieten,
    bieten.p6) keeps it or leaves it, and after keeping one the next card shows. Today
    the same holds for the cutter in Bavarian Watten (wattn.com 'Watten').
    """
    _in_pack([card], _variant(variant), "card")
    return card in _KRITISCHE[variant]


# ---------------------------------------------------------------- Deuten and the Schlag

_NO_SIGN = Emendation(
    paragraph=k(4),
    reading="the Eichelsiebener (32 cards, or where it is a 'ständiger' Kritischer) has no "
    "sign of its own: 'zeichen_frei'; trumps are shown as in Watten zu viert",
    raw="Doch, wie gesagt, gibt es für das Deuten selbstverständlich keine fixen Regeln",
    evidence=(
        "p4 names signs for the Martl, the Weli, the Schellsiebener, the Rechte and the "
        "Blinde only; Kritisch-Watten is otherwise Watten zu viert (p1), whose finger signs "
        "for trumps (zuviert.p3) the edition keeps. The OCR's 'seine fixen Regeln' is read "
        "'keine' (k read as f)."
    ),
    cert="medium",
)


@rule(paragraphs=[k(4)], emendations=[_NO_SIGN])
def deuten(hand: Sequence[Card], schlag: Rank, trumpf: Suit, variant: str = "k33") -> list[str]:
    """The signs of Kritisch-Watten, in order: the Kritische, the Rechte, the Blinde, trumps.

    "Gewöhnlich wird der Martl (der Herzkönig) durch Augenaufschlagen, zum Überboden
    Hinaufschielen, gedeutet. Den geschriebenen Weli zeigt man an, indem man den Mund
    wie zum Küssen formt …; den Schellsiebener deutet man so ähnlich, mit dem Mund und
    Zunge seitwärts. Den Rechten zeigt man beim Kritisch-Watten durch Blinzeln mit dem
    rechten Auge, die Blinden durch Blinzeln mit dem linken" (p4). Signs:
    ``augenaufschlagen``, ``kussmund``, ``mund_seitwaerts``, ``zeichen_frei``,
    ``blinzeln_rechts``, ``blinzeln_links`` (once per Blinder), then the trump fingers
    of Watten, or ``abdeuten``.
    """
    cards = _in_pack(hand, _variant(variant), "hand")
    if not 1 <= len(cards) <= 5:
        raise KritischError(f"a hand holds 1 to 5 cards (watten.zuzweit.p1), not {len(cards)}")
    return signs(cards, w._schlag(schlag), w._trumpf(trumpf), variant)


_KRITISCH_SIGNS = {MARTL: "augenaufschlagen", WELI: "kussmund", SCHELLSIEBENER: "mund_seitwaerts"}


def signs(cards: Sequence[Card], schlag: Rank, trumpf: Suit, variant: str) -> list[str]:
    """The signs of :func:`deuten` without input checks (for the model)."""
    crit = _KRITISCHE[variant]
    found = [_KRITISCH_SIGNS.get(c, "zeichen_frei") for c in crit if c in cards]
    right = Card(schlag, trumpf)
    if right in cards and right not in crit:
        found.append("blinzeln_rechts")
    found += ["blinzeln_links"] * sum(
        1 for c in cards if c.rank == schlag and c.suit != trumpf and c not in crit
    )
    plain = [c for c in cards if c not in crit]
    found += w.trump_signs(plain, schlag, trumpf)
    return found or ["abdeuten"]


@rule(paragraphs=[k(3)])
def advised_schlag(hand: Sequence[Card], variant: str = "k33") -> Rank:
    """The Schlag the book advises: as in Watten, but with five different ranks not the
    Siebener, "weil ja einer oder gar zwei davon … sowieso schon Kritische sind".

    "Kommt man zum Schlagansagen und hat fünf verschiedene Rangkarten in der Hand, wird
    man nicht den Siebener als Schlag wählen" (p3); Watten's advice (zuzweit.p2) chooses
    the lowest rank held twice or more, else the lowest card. Kritische are not counted
    (their rank does not make them Schläge). Advice, not a law.
    """
    cards = _in_pack(hand, _variant(variant), "hand")
    if len(cards) != 5:
        raise KritischError(
            f"the Schlag is chosen from five cards (kritischwatten.p3), not {len(cards)}"
        )
    crit = _KRITISCHE[variant]
    counted = [c.rank for c in cards if c not in crit and c.rank in SCHLAG_RANKS]
    counts = Counter(counted)
    multiple = [r for r, n in counts.items() if n >= 2]
    if multiple:
        return min(multiple, key=ORDER.strength)
    ranks = {c.rank for c in cards if c.rank in SCHLAG_RANKS}
    pool = [r for r in ranks if r != Rank.SEVEN] or list(ranks)
    if not pool:
        raise KritischError(
            "a hand without any of the eight ranks has no Schlag (kritischwatten.p3)"
        )
    return min(pool, key=ORDER.strength)


#: Every rule or example paragraph of the chapter is cited by a rule (p3 is strategy).
UNFORMALISED: dict[str, str] = {}
