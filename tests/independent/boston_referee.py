"""An independent Boston referee (Engelmann 1798), written from the chapter and its README.

Seats 1-4 in the order of play; seat 4 deals, seat 1 speaks first and leads the first
trick. An auction (a higher game or pass and out), the player's trump, for klein Misery
one card laid away, then Whist tricks until the game is won or lost. A won game is paid
its value by each other seat and draws the Bête standing in the pool (the context's
"pool"); a lost game's Bête, three times the value, goes into the pool (or is written
down), so nobody else gains, except under reading_loser_pays_each, where the loser pays
each other seat the value.
"""

from __future__ import annotations

from typing import Any

SEATS: tuple[str, ...] = ("1", "2", "3", "4")
RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
#: Tricks each game needs (p1); Misery games need none.
TRICKS: dict[str, int] = {
    "klein_boston": 5,
    "gross_boston": 6,
    "klein_independence": 7,
    "gross_independence": 9,
}
#: Points of each game (p2; groß Independence supplied 8; klein Misery 5, p4).
VALUES: dict[str, int] = {
    "klein_boston": 1,
    "gross_boston": 2,
    "klein_independence": 4,
    "gross_independence": 8,
    "misery": 8,
    "klein_misery": 5,
}
#: The games of each variant, lowest first (p2 "aufgetrieben", p4 "forcirt").
LADDERS: dict[str, tuple[str, ...]] = {
    "boston": (
        "klein_boston",
        "gross_boston",
        "klein_independence",
        "gross_independence",
        "misery",
    ),
    "klein_misery": (
        "klein_boston",
        "gross_boston",
        "klein_independence",
        "klein_misery",
        "gross_independence",
        "misery",
    ),
    "klein_misery_ueber_gross_boston": (
        "klein_boston",
        "gross_boston",
        "klein_misery",
        "klein_independence",
        "gross_independence",
        "misery",
    ),
    "reading_loser_pays_each": (
        "klein_boston",
        "gross_boston",
        "klein_independence",
        "gross_independence",
        "misery",
    ),
}
#: Variants in which a loser pays each opponent instead of setting up a Bête (README).
PAY_EACH: frozenset[str] = frozenset({"reading_loser_pays_each"})


class BostonError(ValueError):
    """An illegal action or an impossible deal."""


def _norm(card: str) -> str:
    """A card in output notation (T read as 10)."""
    card = card.strip().upper()
    return "10" + card[1:] if card.startswith("T") else card


def _rank(card: str) -> int:
    """Strength of a card's rank: bigger is higher."""
    return len(RANKS) - RANKS.index(card[:-1])


class Boston:
    """One deal of Boston as a small state machine."""

    def __init__(
        self, variant: str, hands: dict[str, list[str]], context: dict[str, Any] | None = None
    ) -> None:
        """Deal the given hands; seat 1 speaks first; the context may hold a pool."""
        if variant not in LADDERS:
            raise BostonError(f"unknown variant {variant!r}")
        self.ladder = LADDERS[variant]
        self.pay_each = variant in PAY_EACH
        self.pool = int((context or {}).get("pool", 0))
        if self.pool and self.pay_each:
            raise BostonError("no pool when the loser pays each")
        self.hands = {s: {_norm(c) for c in hands[s]} for s in SEATS}
        pack = {r + s for r in RANKS for s in SUITS}
        if set().union(*self.hands.values()) != pack or any(
            len(self.hands[s]) != 13 for s in SEATS
        ):
            raise BostonError("a deal gives the 52 cards, thirteen to each seat")
        self.phase = "auction"
        self.turn = "1"
        self.out: set[str] = set()
        self.high: tuple[str, str] | None = None  # (seat, game)
        self.player: str | None = None
        self.game: str | None = None
        self.trump: str | None = None
        self.trick: list[tuple[str, str]] = []
        self.tricks: dict[str, int] = dict.fromkeys(SEATS, 0)
        self.tricks_done = 0
        self.result: bool | None = None  # the player won?

    def _next_in(self, seat: str) -> str | None:
        """The next seat after seat still in the auction."""
        i = SEATS.index(seat)
        for k in range(1, 5):
            s = SEATS[(i + k) % 4]
            if s not in self.out:
                return s
        return None

    def legal(self) -> list[str]:
        """The sorted legal actions of the player to move."""
        if self.phase == "auction":
            floor = self.ladder.index(self.high[1]) + 1 if self.high else 0
            return sorted([f"bid {g}" for g in self.ladder[floor:]] + ["pass"])
        if self.phase == "trump":
            return sorted(f"trump {s}" for s in SUITS)
        if self.phase == "discard":
            return sorted(f"discard {c}" for c in self.hands[self.turn])
        if self.phase == "play":
            hand = self.hands[self.turn]
            cards = list(hand)
            if self.trick:
                led = self.trick[0][1][-1]
                follow = [c for c in hand if c[-1] == led]
                cards = follow or cards
            return sorted(f"play {c}" for c in cards)
        return []

    def apply(self, action: str) -> None:
        """Apply one action; raise BostonError when it is illegal."""
        if action.startswith(("play ", "discard ")):
            verb, card = action.split(" ", 1)
            action = f"{verb} {_norm(card)}"
        if action not in self.legal():
            raise BostonError(f"illegal action {action!r} for seat {self.turn}")
        seat = self.turn
        if self.phase == "auction":
            self._auction(seat, action)
        elif self.phase == "trump":
            self.trump = action.split()[1]
            self.phase = "discard" if self.game == "klein_misery" else "play"
            self.turn = seat if self.phase == "discard" else "1"
        elif self.phase == "discard":
            self.hands[seat].remove(action.split()[1])
            self.phase, self.turn = "play", "1"
        else:
            self._play(seat, action.split()[1])

    def _auction(self, seat: str, action: str) -> None:
        """A bid or a pass (and out); the last one left with a bid plays (l'Hombre)."""
        if action == "pass":
            self.out.add(seat)
        else:
            self.high = (seat, action.split()[1])
        left = [s for s in SEATS if s not in self.out]
        if not left:
            self.phase = "over"  # all pass: no game
            return
        if self.high and left == [self.high[0]]:
            self.player, self.game = self.high
            self.phase, self.turn = "trump", self.player
            return
        nxt = self._next_in(seat)
        assert nxt is not None
        self.turn = nxt

    def _play(self, seat: str, card: str) -> None:
        """Play a card; a full trick goes to the highest trump, else the highest of the suit."""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            self.turn = SEATS[(SEATS.index(seat) + 1) % 4]
            return
        led = self.trick[0][1][-1]

        def strength(entry: tuple[str, str]) -> tuple[int, int]:
            c = entry[1]
            return (2 if c[-1] == self.trump else 1 if c[-1] == led else 0, _rank(c))

        winner = max(self.trick, key=strength)[0]
        self.tricks[winner] += 1
        self.tricks_done += 1
        self.trick = []
        self.turn = winner
        self._decide()

    def _decide(self) -> None:
        """End the deal as soon as the game is won or lost (README)."""
        assert self.player is not None and self.game is not None
        taken = self.tricks[self.player]
        if self.game in ("misery", "klein_misery"):
            if taken:
                self.result = False
            elif not self.hands[self.player]:
                self.result = True
        else:
            need = TRICKS[self.game]
            if taken >= need:
                self.result = True
            elif taken + (13 - self.tricks_done) < need:
                self.result = False
        if self.result is not None:
            self.phase = "over"

    def scores(self) -> dict[str, int]:
        """Won: 3 values and the pool, the others -1 value; lost: -3 values (pool) or pay each."""
        if self.result is None or self.player is None or self.game is None:
            return dict.fromkeys(SEATS, 0)
        value = VALUES[self.game]
        if self.result:
            return {s: 3 * value + self.pool if s == self.player else -value for s in SEATS}
        others = value if self.pay_each else 0
        return {s: -3 * value if s == self.player else others for s in SEATS}


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, the scores, the end."""
    deal = data["deal"]
    game = Boston(data.get("variant") or "boston", deal.get("hands", deal), data.get("context"))
    legal: list[list[str]] = []
    for action in data["actions"]:
        legal.append(game.legal())
        game.apply(action)
    return {"legal": legal, "scores": game.scores(), "over": game.phase == "over"}


def call(rule: str, input: dict[str, Any]) -> Any:
    """Adapter entry point: answers boston.transcript only."""
    if rule == "boston.transcript":
        return replay(input)
    raise NotImplementedError(rule)
