"""An independent referee for Preference (Pierer's Universal-Lexikon, 1861), written from
the text of pierer1861.preference.p1-p7 and rules/preference/README.md only.

It replays a transcript ``{variant, deal, actions, context?}`` and answers
``{"legal", "scores", "over"}``, or raises :class:`Refused` at the first illegal action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.cards import GERMAN_32, Card, Rank, Suit, parse_cards

RULE = "preference.transcript"
ACTIVE = ("vorhand", "zweiter", "dritter")
#: Variant name -> the seats of the deal's scores (the Geber sits out with four persons).
VARIANTS: dict[str, tuple[str, ...]] = {"vier": (*ACTIVE, "geber"), "drei": ACTIVE}

#: "Die höchste Farbe (Préférence) ist Roth, die zweite Schellen, die dritte Grün, die
#: niedrigste Eicheln": suit name -> (card suit, height, game value, marks a trick).
SUITS: dict[str, tuple[Suit, int, int, int]] = {
    "roth": (Suit.GERMAN_HEARTS, 4, 40, 4),
    "schellen": (Suit.BELLS, 3, 30, 3),
    "gruen": (Suit.LEAVES, 2, 20, 2),
    "eicheln": (Suit.ACORNS, 1, 10, 1),
}
#: "Das Daus sticht alle andern Blätter, der König den Ober, dieser den Unter, dieser die Zehn".
ORDER: tuple[Rank, ...] = (
    Rank.ACE, Rank.KING, Rank.OBER, Rank.UNTER, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
STRENGTH: dict[Rank, int] = {r: len(ORDER) - i for i, r in enumerate(ORDER)}
PLAYER_TRICKS = 5  # "Der Spieler muß fünf Stiche machen"
DEFENDER_TRICKS = 2  # "der Mitspielende zwei"


class Refused(ValueError):
    """The transcript is impossible: a bad deal or an illegal action."""


@dataclass
class Deal:
    """One deal: the auction (two rounds at most), the talon, the answers, the tricks."""

    seats: tuple[str, ...]
    hands: dict[str, list[Card]]
    talon: list[Card]
    pot: int | None
    round: int = 1
    bidders: list[str] = field(default_factory=list)  # who has spoken this round
    bid: str | None = None
    player: str | None = None
    discards: int = 0
    answers: dict[str, bool] = field(default_factory=dict)
    trick: list[tuple[str, Card]] = field(default_factory=list)
    leader: str | None = None
    tricks: dict[str, int] = field(default_factory=dict)
    phase: str = "auction"
    passed_out: bool = False

    def defenders(self) -> list[str]:
        """The two others from the player's left (the README's order of answers)."""
        assert self.player is not None
        i = ACTIVE.index(self.player)
        return [ACTIVE[(i + 1) % 3], ACTIVE[(i + 2) % 3]]

    def playing(self) -> list[str]:
        """Who plays the tricks, from the player round the table: he and who went along."""
        return [self.player or ""] + [d for d in self.defenders() if self.answers[d]]

    def to_move(self) -> str | None:
        """The seat whose action comes next, None when the deal is over."""
        if self.phase == "auction":
            return ACTIVE[len(self.bidders)]
        if self.phase == "discard":
            return self.player
        if self.phase == "answer":
            return self.defenders()[len(self.answers)]
        if self.phase == "play":
            order = self.order_from(self.leader or "")
            return order[len(self.trick)]
        return None

    def order_from(self, leader: str) -> list[str]:
        """The players of the tricks in seat order, starting with ``leader``."""
        playing = set(self.playing())
        i = ACTIVE.index(leader)
        return [ACTIVE[(i + k) % 3] for k in range(3) if ACTIVE[(i + k) % 3] in playing]

    def legal(self) -> list[str]:
        """The legal actions before the next action, sorted by code point."""
        seat = self.to_move()
        if seat is None:
            return []
        if self.phase == "auction":
            floor = SUITS[self.bid][1] if self.bid else 0
            return sorted(["pass"] + [f"bid {n}" for n, s in SUITS.items() if s[1] > floor])
        if self.phase == "discard":
            return sorted(f"discard {c}" for c in self.hands[seat])
        if self.phase == "answer":
            return ["join", "pass"]
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit == led]
            if follow:  # "Die ausgespielte Farbe muß bekannt werden"
                hand = follow
        return sorted(f"play {c}" for c in hand)

    def apply(self, action: str) -> None:
        """Apply the action of the seat to move."""
        legal = self.legal()
        if action not in legal:
            raise Refused(f"illegal action {action!r}; legal: {legal}")
        seat = self.to_move()
        assert seat is not None
        word, _, arg = action.partition(" ")
        if self.phase == "auction":
            self.bidders.append(seat)
            if word == "bid":
                self.bid, self.player = arg, seat
            if len(self.bidders) == 3:
                self.end_round()
        elif self.phase == "discard":
            self.hands[seat] = [c for c in self.hands[seat] if str(c) != arg]
            self.discards += 1
            if self.discards == 2:
                self.phase = "answer"
        elif self.phase == "answer":
            self.answers[seat] = word == "join"
            if len(self.answers) == 2:
                if any(self.answers.values()):
                    self.phase, self.leader = "play", self.player
                    self.tricks = dict.fromkeys(self.playing(), 0)
                else:
                    self.phase = "over"  # "Geht Keiner mit, so hat der Spieler gewonnen."
        else:
            card = next(c for c in self.hands[seat] if str(c) == arg)
            self.hands[seat].remove(card)
            self.trick.append((seat, card))
            if len(self.trick) == len(self.playing()):
                self.close_trick()

    def end_round(self) -> None:
        """After the three have spoken: a player, the talon turned up, or nothing."""
        if self.player is not None:
            if self.round == 2:  # "nimmt der Spieler den Talon ... legt ... zwei weg"
                self.hands[self.player] += self.talon
                self.phase = "discard"
            else:
                self.phase = "answer"
        elif self.round == 1:  # "Passen Alle, so wird der Talon aufgedeckt"
            self.round, self.bidders = 2, []
        else:
            self.phase, self.passed_out = "over", True

    def close_trick(self) -> None:
        """The trick goes to the highest trump, else the highest card of the led suit."""
        assert self.bid is not None
        trump = SUITS[self.bid][0]
        led = self.trick[0][1].suit

        def power(card: Card) -> int:
            base = 20 if card.suit == trump else 10 if card.suit == led else 0
            return base + STRENGTH[card.rank] if base else 0

        winner = max(self.trick, key=lambda sc: power(sc[1]))[0]
        self.tricks[winner] += 1
        self.trick, self.leader = [], winner
        if not any(self.hands[s] for s in self.playing()):
            self.phase = "over"

    def scores(self) -> dict[str, int]:
        """Marks won and lost by every seat (0 for those outside the game)."""
        net = dict.fromkeys(self.seats, 0)
        if self.phase != "over" or self.passed_out or self.player is None or self.bid is None:
            return net
        _, _, value, per_trick = SUITS[self.bid]
        stake = value if self.pot is None else min(value, self.pot)  # p6-p7
        joined = [d for d in self.defenders() if self.answers[d]]
        won = not joined or self.tricks[self.player] >= PLAYER_TRICKS
        net[self.player] += stake if won else -stake
        for d in joined:
            paid = per_trick * self.tricks[d]  # "Selbst nur ein Stich wird ihm ... gutgethan"
            net[self.player] -= paid
            net[d] += paid
            if self.tricks[d] < DEFENDER_TRICKS:
                net[d] -= value
        return net


def start(inp: dict[str, Any]) -> Deal:
    """Check the variant, the deal and the context; the deal before the first action."""
    variant = inp.get("variant") or "vier"
    if variant not in VARIANTS:
        raise Refused(f"unknown variant {variant!r}")
    deal = inp["deal"]
    if set(deal) != {*ACTIVE, "talon"}:
        raise Refused("a deal names vorhand, zweiter, dritter and the talon")
    hands = {s: parse_cards(deal[s]) for s in ACTIVE}
    talon = parse_cards(deal["talon"])
    every = [c for h in hands.values() for c in h] + talon
    if any(len(h) != 10 for h in hands.values()) or len(talon) != 2:
        raise Refused("three hands of ten and a talon of two")
    if sorted(map(str, every)) != sorted(map(str, GERMAN_32)):
        raise Refused("the deal must be the German pack of 32")
    pot = (inp.get("context") or {}).get("pot")
    if pot is not None and (not isinstance(pot, int) or pot < 0):
        raise Refused(f"bad pot {pot!r}")
    return Deal(VARIANTS[variant], hands, talon, pot)


def transcript(inp: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, scores and over."""
    deal = start(inp)
    legal: list[list[str]] = []
    for action in inp["actions"]:
        legal.append(deal.legal())
        deal.apply(action)
    return {"legal": legal, "scores": deal.scores(), "over": deal.phase == "over"}


def call(rule: str, input: dict[str, Any]) -> Any:
    """Adapter entry point (rules/ADAPTER.md)."""
    if rule == RULE:
        return transcript(input)
    raise NotImplementedError(rule)
