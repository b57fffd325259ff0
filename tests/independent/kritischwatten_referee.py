"""An independent referee for Kritisch-Watten zu viert (Schwaighofer 1927), written from the
reading text of schwaighofer1927.kritischwatten.p1-p4 (and the Watten chapter it builds
on), rules/kritischwatten/README.md, claims.toml and transcripts.toml, without reading the
project's Python for the game.

The play is Watten zu viert (:mod:`tests.independent.watten_referee`) with three Kritische
above everything and the cut: D, on the dealer's right, shows the bottom card of his cut
and may keep it when it is a Kritischer, and then the next one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from tests.independent.watten_referee import (
    PACK_32,
    Deal,
    Params,
    Refused,
    normalise,
    random_context,
    replay,
    seat_scores,
)

RULE = "kritischwatten.transcript"

#: The Weli (Schellsechser), the 33rd card (kritischwatten.p1).
WELI = "6B"

#: Variant name -> parameters, from the README's table of variants.
VARIANTS: dict[str, Params] = {
    "k33": Params(
        players=4, target=15, gespannt=True, pack=(*PACK_32, WELI),
        kritische=("KR", WELI, "7B"), follow="trumps",
    ),
    "k32": Params(
        players=4, target=15, gespannt=True, pack=PACK_32,
        kritische=("KR", "7B", "7E"), follow="trumps",
    ),
    "k33_nur_rechter": Params(
        players=4, target=15, gespannt=True, pack=(*PACK_32, WELI),
        kritische=("KR", WELI, "7B"), follow="rechte",
    ),
}  # fmt: skip

#: Seats in the order they are dealt to (zuviert.p5: to the left from B).
DEAL_ORDER = ("B", "C", "D", "A")


@dataclass
class KritischDeal(Deal):
    """A deal of Kritisch-Watten: the cut first, then Watten zu viert."""

    #: The cards as they come off the pack: the cut cards shown, then the deal.
    stream: list[str] = field(default_factory=list)
    shown: int = 0
    kept: list[str] = field(default_factory=list)

    def start(self) -> None:
        """Show the cut's bottom card; deal at once unless it is a Kritischer."""
        self.phase = "cut"
        self.show()

    def show(self) -> None:
        """Show the next card of the cut; a plain card goes under and the deal follows."""
        card = self.stream[self.shown]
        self.shown += 1
        if not self.is_kritischer(card):
            self.deal_out()

    def deal_out(self) -> None:
        """zuzweit.p1, zuviert.p5: two then three to each from B round to A; D gets five
        less what he kept (the kept cards head his hand, his second packet is smaller)."""
        rest = iter(self.stream[self.shown :])
        hands: dict[str, list[str]] = {s: [] for s in DEAL_ORDER}
        hands["D"] = list(self.kept)
        for packet in (2, 3):
            for seat in DEAL_ORDER:
                n = packet
                if seat == "D" and packet == 3:
                    n = 3 - len(self.kept)
                hands[seat] += [next(rest) for _ in range(n)]
        self.hands = hands
        self.phase = "schlag"

    def to_act(self) -> str | None:
        """D decides on a Kritischer shown in the cut."""
        return "D" if self.phase == "cut" else super().to_act()

    def legal(self) -> list[str]:
        """kritischwatten.p2 "Wer einen oder mehr Kritische abhebt, kann sie behalten"."""
        if self.phase == "cut":
            return ["keep", "leave"]
        return super().legal()

    def apply(self, action: str) -> None:
        """Keep or leave the card shown, else as in Watten."""
        if self.phase != "cut":
            super().apply(action)
            return
        if action == "keep":
            self.kept.append(self.stream[self.shown - 1])
            self.show()
        elif action == "leave":
            self.deal_out()
        else:
            raise Refused(f"illegal action {action!r}: D keeps or leaves the card shown")


def stream_of(params: Params, deal: Any) -> list[str]:
    """The cards of an explicit deal in the order they come off the pack: the cut (all but
    the last kept by D, heading his hand), then two and three to each from B."""
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), dict):
        raise Refused("a deal is {'cut': [...], 'hands': {seat: [5 cards]}}")
    cut = deal.get("cut")
    if not isinstance(cut, list) or not cut:
        raise Refused("the cut shows at least one card")
    cut = [normalise(c, params.pack) for c in cut]
    raw = deal["hands"]
    if set(raw) != set(DEAL_ORDER):
        raise Refused("the hands are those of A, B, C and D")
    hands: dict[str, list[str]] = {}
    for seat in DEAL_ORDER:
        cards = raw[seat]
        if not isinstance(cards, list) or len(cards) != 5:
            raise Refused(f"{seat} must hold five cards")
        hands[seat] = [normalise(c, params.pack) for c in cards]
    kept = cut[:-1]
    if any(c not in params.kritische for c in kept):
        raise Refused("only Kritische are kept from the cut")
    if len(kept) > 3 or hands["D"][: len(kept)] != kept:
        raise Refused("the cards D kept head his hand")
    stream = list(cut)
    k = len(kept)
    for first, last in ((0, 2), (2, 5)):
        for seat in DEAL_ORDER:
            shift = k if seat == "D" else 0
            stream += hands[seat][first + shift : min(last + shift, 5)]
    if len(stream) != 21 or len(set(stream)) != 21:
        raise Refused("a card is dealt twice")
    return stream


def new_deal(variant: Any, deal: Any, context: Any) -> KritischDeal:
    """The deal of a transcript, before the cut."""
    if variant is None:
        variant = "k33"
    if variant not in VARIANTS:
        raise Refused(f"unknown variant {variant!r}")
    params = VARIANTS[variant]
    state = KritischDeal(
        params, {s: [] for s in DEAL_ORDER}, seat_scores(params, context),
        stream=stream_of(params, deal),
    )  # fmt: skip
    state.start()
    return state


def call(rule: str, input: dict[str, Any]) -> Any:
    """The conformance-kit entry point: only ``kritischwatten.transcript``."""
    if rule != RULE:
        raise NotImplementedError(rule)
    deal = new_deal(input.get("variant"), input.get("deal"), input.get("context"))
    return replay(deal, input.get("actions", []))


def random_input(rng: random.Random, variant: str) -> tuple[dict[str, Any], list[str]]:
    """A random transcript input (no actions yet) and D's planned cut decisions: the pack
    shuffled, often with Kritische on the bottom of the cut."""
    params = VARIANTS[variant]
    cards = list(params.pack)
    rng.shuffle(cards)
    if rng.random() < 0.4:
        front = [c for c in cards if c in params.kritische]
        rng.shuffle(front)
        front = front[: rng.randint(1, len(front))]
        cards = front + [c for c in cards if c not in front]
    kept: list[str] = []
    planned: list[str] = []
    pos = 0
    while True:
        card = cards[pos]
        pos += 1
        if card not in params.kritische:
            break
        if rng.random() < 0.6:
            kept.append(card)
            planned.append("keep")
            continue
        planned.append("leave")
        break
    state = KritischDeal(params, {}, {}, stream=cards[:pos] + cards[pos:], shown=pos, kept=kept)
    state.deal_out()
    data: dict[str, Any] = {
        "variant": variant,
        "deal": {"cut": cards[:pos], "hands": {s: state.hands[s] for s in "ABCD"}},
        "actions": [],
    }
    context = random_context(rng, 4)
    if context is not None:
        data["context"] = context
    return data, planned
