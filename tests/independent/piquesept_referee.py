"""An independent Piquesept referee (Engelmann 1798), written from the chapter and its README.

Pique is trump; the holder of the Pique Sieben (7S) leads it at once and the others throw
their highest trump, else their highest card (p2). The player who leads after the holder
draws a card unseen from him and gives him another (p3). The holder may trump a counting
card led by another even when he can follow (p3). Points as at Mariage, the Pique Sieben
10, no last trick: 130 in all (p4).
"""

from __future__ import annotations

from typing import Any

RANKS: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9", "8", "7")  # Mariage order, high first
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
TRUMP = "S"
SIEBEN = "7S"
POINTS: dict[str, int] = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
COUNTING: frozenset[str] = frozenset(POINTS)
#: variant: (players, each for himself, draw after the first trick)
VARIANTS: dict[str, tuple[int, bool, bool]] = {
    "vier": (4, False, False),
    "drei": (3, False, False),
    "reading_jeder_fuer_sich": (4, True, False),
    "reading_draw_after_first_trick": (4, False, True),
}


class PiqueseptError(ValueError):
    """An illegal action or an impossible deal."""


def _norm(card: str) -> str:
    """A card in output notation (T read as 10)."""
    card = card.strip().upper()
    return "10" + card[1:] if card.startswith("T") else card


def _rank(card: str) -> str:
    """The rank code of a card."""
    return card[:-1]


def _high(card: str) -> int:
    """Strength in the Mariage order: bigger is higher."""
    return len(RANKS) - RANKS.index(_rank(card))


def card_points(card: str) -> int:
    """Points of a card (p4): the Pique Sieben counts 10."""
    return 10 if card == SIEBEN else POINTS.get(_rank(card), 0)


class Piquesept:
    """One deal of Piquesept as a small state machine."""

    def __init__(self, variant: str, deal: dict[str, Any]) -> None:
        """Deal the given hands; the holder of the Pique Sieben plays against the rest."""
        if variant not in VARIANTS:
            raise PiqueseptError(f"unknown variant {variant!r}")
        n, self.each, self.late_draw = VARIANTS[variant]
        self.seats = tuple(str(i) for i in range(1, n + 1))
        hands = deal["hands"]
        self.hands = {s: {_norm(c) for c in hands[s]} for s in self.seats}
        aside = {_norm(c) for c in deal.get("aside") or []}
        pack = {r + s for r in RANKS for s in SUITS}
        size = 8 if n == 4 else 10
        if n == 3 and (len(aside) != 2 or not aside <= {"8H", "8D", "8C"}):
            raise PiqueseptError("three players lay two eights of Coeur, Caro or Trefle aside")
        if n == 4 and aside:
            raise PiqueseptError("four players lay nothing aside")
        if set().union(*self.hands.values()) | aside != pack or any(
            len(self.hands[s]) != size for s in self.seats
        ):
            raise PiqueseptError("the deal does not give the 32 cards evenly")
        self.holder = next(s for s in self.seats if SIEBEN in self.hands[s])
        self.draw = _norm(deal["draw"]) if deal.get("draw") else None
        self.taken: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.trick: list[tuple[str, str]] = []
        self.tricks_done = 0
        self.drawer: str | None = None
        self.total_tricks = size
        if self.late_draw:
            self.phase, self.turn = "play", self.holder
        else:
            self._start_draw(self._after(self.holder))

    def _after(self, seat: str) -> str:
        """The next seat in the order of play."""
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def _start_draw(self, drawer: str) -> None:
        """The drawer takes the drawn card unseen from the holder and must give another."""
        if self.draw is None or self.draw == SIEBEN or self.draw not in self.hands[self.holder]:
            raise PiqueseptError(f"cannot draw {self.draw!r} from the holder")
        self.hands[self.holder].remove(self.draw)
        self.hands[drawer].add(self.draw)
        self.drawer = drawer
        self.phase, self.turn = "give", drawer

    def legal(self) -> list[str]:
        """The sorted legal actions of the player to move."""
        if self.phase == "give":
            assert self.drawer is not None
            return sorted(f"give {c}" for c in self.hands[self.drawer] if c != self.draw)
        if self.phase == "play":
            return sorted(f"play {c}" for c in self._playable(self.turn))
        return []

    def _playable(self, seat: str) -> list[str]:
        """The cards a seat may play now (p2, p3)."""
        hand = self.hands[seat]
        trumps = [c for c in hand if c[-1] == TRUMP]
        if self.tricks_done == 0:
            if not self.trick:
                return [SIEBEN]  # p2: the holder leads it at once
            pool = trumps or list(hand)  # p2: highest trump, else highest card
            best = max(_high(c) for c in pool)
            return [c for c in pool if _high(c) == best]
        if not self.trick:
            return list(hand)
        led_by, led = self.trick[0]
        suit = led[-1]
        follow = [c for c in hand if c[-1] == suit]
        if seat == self.holder and suit != TRUMP and _rank(led) in COUNTING and led_by != seat:
            return follow + trumps if follow else (trumps or list(hand))  # p3: his privilege
        return follow or trumps or list(hand)

    def apply(self, action: str) -> None:
        """Apply one action; raise PiqueseptError when it is illegal."""
        verb, _, card = action.partition(" ")
        card = _norm(card)
        if f"{verb} {card}" not in self.legal():
            raise PiqueseptError(f"illegal action {action!r} for seat {self.turn}")
        if verb == "give":
            assert self.drawer is not None
            self.hands[self.drawer].remove(card)
            self.hands[self.holder].add(card)
            if self.late_draw:
                self.phase, self.turn = "play", self.drawer
            else:
                self.phase, self.turn = "play", self.holder
            return
        self._play(self.turn, card)

    def _play(self, seat: str, card: str) -> None:
        """Play a card; a full trick goes to the highest trump, else the highest of the suit."""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.seats):
            self.turn = self._after(seat)
            return
        suit = self.trick[0][1][-1]

        def strength(entry: tuple[str, str]) -> tuple[int, int]:
            c = entry[1]
            return (2 if c[-1] == TRUMP else 1 if c[-1] == suit else 0, _high(c))

        winner = max(self.trick, key=strength)[0]
        self.taken[winner] += sum(card_points(c) for _, c in self.trick)
        self.trick = []
        self.tricks_done += 1
        self.turn = winner
        if self.tricks_done == self.total_tricks:
            self.phase = "over"
        elif self.late_draw and self.tricks_done == 1 and winner != self.holder:
            self._start_draw(winner)

    def scores(self) -> dict[str, int]:
        """The holder his tricks, each other the others' tricks together (or each his own)."""
        if self.each:
            return dict(self.taken)
        others = sum(v for s, v in self.taken.items() if s != self.holder)
        return {s: self.taken[s] if s == self.holder else others for s in self.seats}


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, the scores, the end."""
    game = Piquesept(data.get("variant") or "vier", data["deal"])
    legal: list[list[str]] = []
    for action in data["actions"]:
        legal.append(game.legal())
        game.apply(action)
    return {"legal": legal, "scores": game.scores(), "over": game.phase == "over"}


def call(rule: str, input: dict[str, Any]) -> Any:
    """Adapter entry point: answers piquesept.transcript only."""
    if rule == "piquesept.transcript":
        return replay(input)
    raise NotImplementedError(rule)
