"""Kritisch-Watten as a playable deal: Watten zu viert (:mod:`rules.watten.model`) with the
Kritische, after Schwaighofer 1927.

The deal differs from Watten zu viert in three places, each citing kritischwatten.p1-p2:

- before the cards are dealt, the bottom card of D's cut is shown (``deal <card>``); a
  Kritischer there D may ``keep`` (and the next card shows) or ``leave`` (it goes under
  the pack with the other undealt cards); D then gets five cards less those he kept;
- the Kritische take every trick in their fixed order, above the Rechte;
- a Kritischer of the Trumpf suit led asks for trumps (``k33``, ``k32``), or only the
  Rechte, the Trumpfschlag, does (``k33_nur_rechter``; also when the Trumpfschlag is a
  Kritischer).

Variants: ``k33`` (33 cards: Herzkönig, Weli, Schellsiebener), ``k32`` (32 cards:
Herzkönig, Schellsiebener, Eichelsiebener), ``k33_nur_rechter`` (33 cards; only the
Rechte asks for trumps).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rules.cards import Card, Rank, Suit, parse_card
from rules.errors import RulesError
from rules.kritischwatten import functions as kf
from rules.kritischwatten.functions import k
from rules.model import Variant
from rules.watten.functions import v, z
from rules.watten.model import WattenGame

JSON = Any


def _variant(
    name: str, title: str, description: str, cites: Iterable[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {
        "players": 4,
        "target": 15,
        "gespannt": True,
        "pack": 33,
        "kritische": [str(c) for c in kf.kritische("k33")],
        "follow": "trumps",
    }
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"kritischwatten variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v_.name: v_
    for v_ in (
        _variant(
            "k33",
            "33 cards: Herzkönig, Weli, Schellsiebener",
            "The Tyrolean pack with the Weli; the Kritische are the Herzkönig (Martl), the "
            "Weli and the Schellsiebener (kritischwatten.p1, p2).",
            [k(1), k(2)],
        ),
        _variant(
            "k32",
            "32 cards: Herzkönig, Schellsiebener, Eichelsiebener",
            "A pack without the Weli: the Schellsiebener takes its place and the "
            "Eichelsiebener is the third Kritischer (kritischwatten.p2).",
            [k(2)],
            pack=32,
            kritische=[str(c) for c in kf.kritische("k32")],
        ),
        _variant(
            "k33_nur_rechter",
            "33 cards, trumps only on the Rechte",
            "As k33, but 'nur auf den Rechten Trumpf zugegeben werden muß', as is often "
            "played (kritischwatten.p2): no other lead asks for a trump. The Rechte is the "
            "Trumpfschlag, also when it is a Kritischer (the Martl with Schlag König and "
            "Trumpf Herz).",
            [k(2)],
            follow="rechte",
        ),
    )
}


class KritischWattenGame(WattenGame):
    """Kritisch-Watten zu viert, after Schwaighofer 1927 (deal format: its README)."""

    name = "kritischwatten"
    title = "Kritisch-Watten"
    siglum = "schwaighofer1927"
    chapter = "schwaighofer1927.kritischwatten"
    variants = VARIANTS
    end_cites = (z(1), z(6), k(1))
    deal_format = (
        '{"cut": [cards], "hands": {"A": [5 cards], "B": [...], "C": [...], "D": [...]}}: '
        "A deals, D cuts. 'cut' lists the cards shown at the bottom of D's cut, in order: "
        "every one but the last is a Kritischer D keeps (it is also in his hand); the last "
        "is left under the pack. Each hand in the order received (D's kept Kritische "
        "first). The chance outcomes show the cut cards, then deal two, then three, "
        "beginning at B (B C D A), D getting five less what he kept."
    )

    def _reading(self, variant: Variant) -> str:
        if variant["follow"] == "rechte":
            return "k33_nur_rechter"
        return "k32" if int(variant["pack"]) == 32 else "k33"

    def pack_of(self, variant: Variant) -> tuple[Card, ...]:
        """The pack of 33 or 32 cards (kritischwatten.p1, p2)."""
        return kf.pack(self._reading(variant))

    def kritische_of(self, variant: Variant) -> tuple[Card, ...]:
        """The Kritische of the variant, from the highest."""
        return tuple(parse_card(c) for c in variant["kritische"])

    def winner(self, variant: Variant, cards: Sequence[Card], schlag: Rank, trumpf: Suit) -> int:
        """The position of the card that takes the trick (``kritischwatten.trick_winner``)."""
        return kf.trick_winner(cards, schlag, trumpf, self._reading(variant))

    def legal_of(
        self, variant: Variant, hand: Sequence[Card], lead: Card | None, schlag: Rank, trumpf: Suit
    ) -> tuple[Card, ...]:
        """The cards one may play (``kritischwatten.legal_cards``)."""
        return kf.legal_cards(hand, lead, schlag, trumpf, self._reading(variant))

    def obliged(self, variant: Variant, lead: Card, schlag: Rank, trumpf: Suit) -> bool:
        """Whether the lead asks for a trump (``kritischwatten.must_follow_trump``)."""
        return kf.must_follow_trump(lead, schlag, trumpf, self._reading(variant))

    def signs_of(
        self, variant: Variant, hand: Sequence[Card], schlag: Rank, trumpf: Suit
    ) -> list[str]:
        """A player's signs to his partner (``kritischwatten.deuten``)."""
        return kf.signs(hand, schlag, trumpf, self._reading(variant))

    def deal_cites(self, variant: Variant, phase: str) -> tuple[str, ...]:
        """The cut shows a card (kritischwatten.p2); the deal as in Watten zu viert."""
        return (k(2),) if phase == "cut" else (z(1), v(5), k(2))

    def keep_cites(self, variant: Variant) -> tuple[str, ...]:
        """'Wer einen oder mehr Kritische abhebt, kann sie behalten' (kritischwatten.p2)."""
        return (k(2),)

    def play_cites(
        self, variant: Variant, lead: Card | None, schlag: Rank, trumpf: Suit
    ) -> tuple[str, ...]:
        """As in Watten, plus the Kritische (p1) and the rule of leading them (p2)."""
        base = super().play_cites(variant, lead, schlag, trumpf)
        extra = (k(1),)
        if lead is not None and (
            lead in self.kritische_of(variant) or self.obliged(variant, lead, schlag, trumpf)
        ):
            extra += (k(2),)
        return base + extra

    def follow_cites(self, variant: Variant) -> tuple[str, ...]:
        """Not giving a trump where one is asked for breaks kritischwatten.p2 (and zuzweit.p4, p6)."""
        return (z(4), z(6), k(2))


GAME = KritischWattenGame()
