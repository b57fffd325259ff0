"""An independent referee for Das Kleeblatt (Engelmann 1798), written from the text of
engelmann1798.kleeblatt.p1-p3 and rules/kleeblatt/README.md only.

It replays a transcript ``{variant, deal, actions, context?}`` and answers
``{"legal", "scores", "over"}``, or raises :class:`Refused` at the first illegal action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.cards import Card, Rank, parse_card

RULE = "kleeblatt.transcript"
PUNTERS = ("P1", "P2", "P3")
MAX_WAGER = 5  # README: wagers are whole sums of 1 to 5

#: Variant name -> (punters, pack, courts), from the README's table of variants.
VARIANTS: dict[str, tuple[int, int, str]] = {
    "standard": (3, 52, "value"),
    "pack36": (3, 36, "value"),
    "reading_courts_high": (3, 52, "high"),
}

#: p1: "Das As gilt 11, der König 4, die Dame 3, der Bube 2, die übrigen ... nach ihrem Werth".
WORTH: dict[Rank, int] = {
    Rank.ACE: 11, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.TEN: 10, Rank.NINE: 9,
    Rank.EIGHT: 8, Rank.SEVEN: 7, Rank.SIX: 6, Rank.FIVE: 5, Rank.FOUR: 4, Rank.THREE: 3,
    Rank.TWO: 2,
}  # fmt: skip
COURTS = {Rank.KING, Rank.QUEEN, Rank.JACK}
SHORT = {Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO}  # not in the pack of 36


class Refused(ValueError):
    """The transcript is impossible: a bad deal or an illegal action."""


def kleeblatt(texts: Any, pack: int) -> list[Card]:
    """Three different cards of the pack (p2: 'drei frische Blätter' of one pack)."""
    try:
        cards = [parse_card(t) for t in texts]
    except (ValueError, TypeError) as exc:
        raise Refused(str(exc)) from None
    if len(cards) != 3 or len(set(cards)) != 3:
        raise Refused(f"a Kleeblatt is three different cards: {texts!r}")
    for c in cards:
        if not c.suit.is_french or c.rank not in WORTH or (pack == 36 and c.rank in SHORT):
            raise Refused(f"{c} is not in the pack of {pack}")
    return cards


def wager_side(card: Card, courts: str) -> int:
    """p3: +1 the punter wins (over six), -1 the banker wins (under six), 0 a Six stands.
    Courts by their worth (p1), or by rank over six (``reading_courts_high``)."""
    if courts == "high" and card.rank in COURTS:
        return 1
    worth = WORTH[card.rank]
    return (worth > 6) - (worth < 6)


@dataclass
class Coup:
    """One coup: stakes chosen, then wager and payout card for each punter in turn."""

    courts: str
    stake: dict[str, list[Card]]
    payout: dict[str, list[Card]]
    standing: dict[str, int]
    step: int = 0  # 0-2: stake choices; then wager, choice for each punter
    staked: dict[str, Card] = field(default_factory=dict)
    paid: dict[str, Card] = field(default_factory=dict)
    wagers: dict[str, int] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        """All three punters have their second card."""
        return self.step == 3 + 2 * len(PUNTERS)

    def legal(self) -> list[str]:
        """The legal actions, sorted."""
        if self.over:
            return []
        if self.step < 3 or (self.step - 3) % 2 == 1:
            return ["choose 1", "choose 2", "choose 3"]
        # p3: the wager is offered before the second card is seen
        return sorted(["no wager"] + [f"wager {n}" for n in range(1, MAX_WAGER + 1)])

    def apply(self, action: str) -> None:
        """Play one action, or refuse it."""
        if action not in self.legal():
            raise Refused(f"illegal action {action!r}")
        arg = action.rpartition(" ")[2]
        if self.step < 3:
            p = PUNTERS[self.step]
            self.staked[p] = self.stake[p][int(arg) - 1]
        else:
            p = PUNTERS[(self.step - 3) // 2]
            if (self.step - 3) % 2 == 0:
                self.wagers[p] = 0 if action == "no wager" else int(arg)
            else:
                self.paid[p] = self.payout[p][int(arg) - 1]
        self.step += 1

    def scores(self) -> dict[str, int]:
        """p2: stakes into the bowl, payouts out of it, the banker keeps or makes good the
        rest; p3: the wagers. p3 "bringen erst alles in Ordnung, ehe die Gewinnste aus der
        Schaale genommen werden": until the coup is over only the stakes are paid."""
        out = {p: -WORTH[c.rank] for p, c in self.staked.items()}
        out = {p: out.get(p, 0) for p in PUNTERS}
        if not self.over:
            return {"banker": 0, **out}
        banker = sum(WORTH[c.rank] for c in self.staked.values())  # the bowl
        for p in PUNTERS:
            worth = WORTH[self.paid[p].rank]
            out[p] += worth
            banker -= worth
            side = wager_side(self.paid[p], self.courts)
            new, old = self.wagers[p], self.standing.get(p, 0)
            if side < 0:  # the banker wins what is set, the standing sum with it
                out[p] -= new + old
                banker += new + old
            elif side > 0:  # he pays only the newly set sum
                out[p] += new
                banker -= new
        return {"banker": banker, **out}


def new_coup(variant: str, deal: dict[str, Any], context: dict[str, Any] | None) -> Coup:
    """Check the deal and the context."""
    if variant not in VARIANTS:
        raise Refused(f"unknown variant {variant!r}")
    _, pack, courts = VARIANTS[variant]
    stake, payout = deal.get("stake", {}), deal.get("payout", {})
    if sorted(stake) != list(PUNTERS) or sorted(payout) != list(PUNTERS):
        raise Refused("a stake and a payout Kleeblatt for every punter")
    standing = dict((context or {}).get("standing", {}))
    if any(p not in PUNTERS or not isinstance(n, int) or n < 0 for p, n in standing.items()):
        raise Refused(f"bad standing wagers {standing!r}")
    return Coup(
        courts=courts,
        stake={p: kleeblatt(stake[p], pack) for p in PUNTERS},
        payout={p: kleeblatt(payout[p], pack) for p in PUNTERS},
        standing=standing,
    )


def replay(inp: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, scores, over."""
    coup = new_coup(inp.get("variant") or "standard", inp["deal"], inp.get("context"))
    legal: list[list[str]] = []
    for action in inp["actions"]:
        legal.append(coup.legal())
        coup.apply(action)
    return {"legal": legal, "scores": coup.scores(), "over": coup.over}


def call(rule: str, input: dict[str, Any]) -> Any:
    """The adapter entry point: only ``kleeblatt.transcript``."""
    if rule != RULE:
        raise NotImplementedError(rule)
    return replay(input)
