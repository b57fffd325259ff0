"""An independent referee for Goodhope (Engelmann 1798), written from the text of
engelmann1798.goodhope.regeln.1-17 and rules/goodhope/README.md only.

It replays a transcript ``{variant, deal, actions, context?}`` and answers
``{"legal", "scores", "over"}``, or raises :class:`Refused` at the first illegal action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rules.cards import GERMAN_32, Card, Rank, parse_card

RULE = "goodhope.transcript"

#: Variant name -> (players, stake, follow), from the README's table of variants.
VARIANTS: dict[str, tuple[int, int, str]] = {
    "vier": (4, 4, "suit"),
    "sechs": (6, 4, "suit"),
    "reading_free_play": (4, 4, "free"),
}

#: README: the order of rule 16, Täuser (Daus) highest.
ORDER: tuple[Rank, ...] = (
    Rank.ACE, Rank.KING, Rank.OBER, Rank.UNTER, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)  # fmt: skip
STRENGTH: dict[Rank, int] = {r: len(ORDER) - i for i, r in enumerate(ORDER)}
#: Rule 16: two Täuser, Könige, Ober or Unter thrice the stake, two of the others twice.
HIGH_PAIR = {Rank.ACE, Rank.KING, Rank.OBER, Rank.UNTER}
PACK = frozenset(GERMAN_32)
DRAW = {"good hope": Fraction(1), "hope": Fraction(1, 2), "silent": Fraction(1, 4)}


class Refused(ValueError):
    """The transcript is impossible: a bad deal or an illegal action."""


def card(text: Any) -> Card:
    """A card of the German pack of 32."""
    try:
        c = parse_card(text)
    except (ValueError, TypeError) as exc:
        raise Refused(str(exc)) from None
    if c not in PACK:
        raise Refused(f"{c} is not in the German pack of 32")
    return c


def number(x: Fraction) -> int | float:
    """A JSON number: whole sums as int, halves and quarters as float."""
    return int(x) if x.denominator == 1 else float(x)


@dataclass
class Game:
    """One game of Goodhope: buying, announcing, two tricks, the pot's division."""

    seats: list[str]
    stake: int
    follow: str
    hands: dict[str, list[Card]]
    trump: Card
    stock: list[Card]
    left_in_pack: int
    pot: Fraction
    scores_: dict[str, Fraction]
    phase: str = "buy"  # buy, announce, play, over
    turn: int = 0  # index into seats (buy) or into the takers-part (announce)
    fresh: bool = True  # the seat to buy still holds the two cards dealt to him
    claimed: bool = False  # he has just taken the money for a pair (rule 16)
    playing: list[str] = field(default_factory=list)
    said: dict[str, str] = field(default_factory=dict)
    trick: list[tuple[str, Card]] = field(default_factory=list)
    leader: str = ""
    tricks: dict[str, int] = field(default_factory=dict)
    done_tricks: int = 0
    unknown: bool = False  # a card was bought that the deal's stock does not name

    @property
    def dealer(self) -> str:
        """The dealer sits last, after P1 on his left (rules 2, 10)."""
        return self.seats[-1]

    def buy_actions(self, seat: str) -> list[str]:
        """Rules 5-8, 16: the choices of the seat now deciding."""
        hand = self.hands[seat]
        if self.claimed:  # rule 16: "sich dann neue Karten kaufen, oder auch ... ruhen"
            return ["buy both", "rest"] if self.left_in_pack >= 2 else ["rest"]
        acts = ["fear", "join"]
        if self.left_in_pack >= 1:
            acts += [f"buy {c}" for c in hand]
        if self.left_in_pack >= 2:
            acts.append("buy both")
        pair = hand[0].rank == hand[1].rank
        if self.fresh and pair and seat != self.dealer:  # rule 2: the dealer is Satzfrei
            acts.append("claim pair")
        return acts

    def to_play(self) -> str:
        """Who plays next to the trick: from the leader round in seat order."""
        i = self.playing.index(self.leader)
        order = self.playing[i:] + self.playing[:i]
        return order[len(self.trick)]

    def play_actions(self, seat: str) -> list[str]:
        """Rule 10 and the README: follow suit if possible (unless reading_free_play)."""
        hand = self.hands[seat]
        if self.trick and self.follow == "suit":
            led = self.trick[0][1].suit
            same = [c for c in hand if c.suit == led]
            hand = same or hand
        return [f"play {c}" for c in hand]

    def legal(self) -> list[str]:
        """The legal actions, sorted."""
        if self.phase == "buy":
            return sorted(self.buy_actions(self.seats[self.turn]))
        if self.phase == "announce":
            return sorted(DRAW)
        if self.phase == "play":
            return sorted(self.play_actions(self.to_play()))
        return []

    def apply(self, action: str) -> None:
        """Play one action, or refuse it."""
        if self.unknown:
            raise Refused("the deal does not say which card was bought")
        if action not in self.legal():
            raise Refused(f"illegal action {action!r}")
        if self.phase == "buy":
            self.apply_buy(action)
        elif self.phase == "announce":
            self.said[self.playing[self.turn]] = action
            self.turn += 1
            if self.turn == len(self.playing):
                self.phase, self.leader = "play", self.playing[0]
        else:
            self.apply_play(action)

    def draw(self) -> Card:
        """The next card bought (the deal's stock, in order); a transcript may end on a
        purchase the stock does not name, but nothing can follow it."""
        self.left_in_pack -= 1
        if not self.stock:
            self.unknown = True
            return self.trump  # a stand-in, never seen: every later action is refused
        return self.stock.pop(0)

    def pay(self, seat: str, amount: Fraction) -> None:
        """Money from a seat into the pot (negative: out of the pot)."""
        self.scores_[seat] -= amount
        self.pot += amount

    def apply_buy(self, action: str) -> None:
        """Rules 5-8 and 16."""
        seat = self.seats[self.turn]
        hand = self.hands[seat]
        if action == "claim pair":  # rule 16, at most what the pot holds
            times = 3 if hand[0].rank in HIGH_PAIR else 2
            self.pay(seat, -min(self.pot, Fraction(times * self.stake)))
            self.claimed = True
            return
        if action == "buy both":  # rule 7: the purchase twice over
            self.pay(seat, Fraction(self.stake))
            self.hands[seat] = [self.draw(), self.draw()]
        elif action.startswith("buy "):  # rule 6: half the stake
            self.pay(seat, Fraction(self.stake, 2))
            hand.remove(card(action[4:]))
            hand.append(self.draw())
        else:  # fear, rest (out) or join (rule 8)
            if action == "join":
                self.playing.append(seat)
            self.turn += 1
            self.fresh, self.claimed = True, False
            if self.turn == len(self.seats):
                self.end_buying()
            return
        self.fresh = self.claimed = False

    def end_buying(self) -> None:
        """Rule 9 for those taking part; rule 17 when all passed."""
        self.turn = 0
        if not self.playing:
            self.phase = "over"
            return
        self.phase = "announce"
        self.tricks = dict.fromkeys(self.playing, 0)

    def beats(self, a: Card, b: Card) -> bool:
        """Whether card a beats card b already winning the trick (README)."""
        if a.suit == b.suit:
            return STRENGTH[a.rank] > STRENGTH[b.rank]
        return a.suit == self.trump.suit

    def apply_play(self, action: str) -> None:
        """Rule 10: two tricks, the winner of the first leads the second."""
        seat = self.to_play()
        c = card(action[5:])
        self.hands[seat].remove(c)
        self.trick.append((seat, c))
        if len(self.trick) < len(self.playing):
            return
        winner, best = self.trick[0]
        for s, x in self.trick[1:]:
            if self.beats(x, best):
                winner, best = s, x
        self.tricks[winner] += 1
        self.trick, self.leader = [], winner
        self.done_tricks += 1
        if self.done_tricks == 2:
            self.settle()

    def settle(self) -> None:
        """Rules 11-15 on the pot as it stands after the tricks."""
        pot = self.pot
        for s in self.playing:
            said, made = self.said[s], self.tricks[s]
            if made == 2 or (made == 1 and said != "good hope"):  # rules 11, 12
                self.pay(s, -DRAW[said] * pot)
            elif made == 1:  # rule 13: Good Hope with one trick
                self.pay(s, pot / 2)
            else:  # rules 13-15: no trick
                self.pay(s, DRAW[said] * pot)
        self.phase = "over"

    def scores(self) -> dict[str, int | float]:
        """Every seat's money won or lost."""
        return {s: number(self.scores_[s]) for s in self.seats}


def new_game(variant: str, deal: dict[str, Any], context: dict[str, Any] | None) -> Game:
    """Check the deal, collect the stakes (rules 2, 3)."""
    if variant not in VARIANTS:
        raise Refused(f"unknown variant {variant!r}")
    players, stake, follow = VARIANTS[variant]
    seats = [f"P{i}" for i in range(1, players)] + ["dealer"]
    raw = deal.get("hands", {})
    if sorted(raw) != sorted(seats) or any(len(raw[s]) != 2 for s in seats):
        raise Refused("two cards for every seat (rule 4)")
    hands = {s: [card(c) for c in raw[s]] for s in seats}
    trump = card(deal.get("trump"))
    stock = [card(c) for c in deal.get("stock") or []]
    every = [c for s in seats for c in hands[s]] + [trump] + stock
    if len(set(every)) != len(every):
        raise Refused("a card twice in the deal")
    pot = Fraction((context or {}).get("pot", 0))
    scores = {s: Fraction(0) for s in seats}
    for s in seats[:-1]:  # the dealer is Satzfrei
        scores[s] -= stake
        pot += stake
    return Game(
        seats=seats, stake=stake, follow=follow, hands=hands, trump=trump, stock=stock,
        left_in_pack=len(PACK) - 2 * players - 1, pot=pot, scores_=scores,
    )  # fmt: skip


def replay(inp: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, scores, over."""
    game = new_game(inp.get("variant") or "vier", inp["deal"], inp.get("context"))
    legal: list[list[str]] = []
    for action in inp["actions"]:
        legal.append(game.legal())
        game.apply(action)
    return {"legal": legal, "scores": game.scores(), "over": game.phase == "over"}


def call(rule: str, input: dict[str, Any]) -> Any:
    """The adapter entry point: only ``goodhope.transcript``."""
    if rule != RULE:
        raise NotImplementedError(rule)
    return replay(input)
