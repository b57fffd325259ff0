"""An independent Tresett referee (Engelmann 1798), written from the chapter and its README.

Seats A B C D play in that order, A and C against B and D. The Vorhand (the seat after
the dealer) declares first and leads. A deal is replayed from the explicit hands; the
score of a seat is the marks its company lays in the deal (declarations and Points).
The context's "marks" are each company's marks so far in the Parthie; a company that
reaches 21 says itself out and the deal ends at once (README).
"""

from __future__ import annotations

from typing import Any

SEATS: tuple[str, ...] = ("A", "B", "C", "D")
RANKS: tuple[str, ...] = ("3", "2", "A", "K", "Q", "J", "7", "6", "5", "4")  # p4, high to low
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
FIGURES: frozenset[str] = frozenset({"3", "2", "K", "Q", "J"})  # p10
HIGH_SETS: frozenset[str] = frozenset({"3", "2", "A"})  # p5: only the Vorhand at once
VARIANTS: dict[str, str] = {
    "mit_zurufen": "older",
    "neuere_ansagen": "newer",
    "continuation": "older",
}


class TresettError(ValueError):
    """An illegal action or an impossible deal."""


def _rank(card: str) -> str:
    """The rank code of a card."""
    return card[:-1]


def _suit(card: str) -> str:
    """The suit code of a card."""
    return card[-1]


def company(seat: str) -> str:
    """The company of a seat: AC or BD (p2)."""
    return "AC" if seat in ("A", "C") else "BD"


def set_marks(rank: str, count: int, count_rules: str) -> int:
    """Marks for three or four of a kind (p5, p6)."""
    if rank == "3":
        return count
    if count_rules == "newer" and rank in ("7", "2", "A"):
        return count  # three 3, four 4 (README: cert low)
    return 1 if count == 3 else 2


def napoli_marks(hand: set[str], suit: str) -> int:
    """A Neapolitaine: 3, with the King 4, one more per following card without a gap (p6)."""
    if not all(r + suit in hand for r in ("3", "2", "A")):
        return 0
    if "K" + suit not in hand:
        return 3
    marks = 4
    for r in RANKS[4:]:
        if r + suit not in hand:
            break
        marks += 1
    return marks


def combinations(hand: set[str], count_rules: str) -> dict[str, int]:
    """Every declarable combination of a ten-card hand with its marks."""
    found: dict[str, int] = {}
    for r in RANKS:
        n = sum(1 for s in SUITS if r + s in hand)
        if n >= 3:
            found[f"set {r}"] = set_marks(r, n, count_rules)
    for s in SUITS:
        value = napoli_marks(hand, s)
        if value:
            found[f"napoli {s}"] = value
    return found


def is_high(combination: str) -> bool:
    """Threes, Twos, Aces and Neapolitaines wait for the second trick (p5, p6, p11)."""
    return combination.startswith("napoli") or combination.split()[1] in HIGH_SETS


def points(cards: list[str]) -> tuple[int, int]:
    """Aces and figures among cards taken (p10)."""
    aces = sum(1 for c in cards if _rank(c) == "A")
    figures = sum(1 for c in cards if _rank(c) in FIGURES)
    return aces, figures


class Tresett:
    """One deal of Tresett as a small state machine."""

    def __init__(self, variant: str, deal: dict[str, list[str]], context: dict[str, Any]) -> None:
        """Deal the given hands; the seat after the dealer is the Vorhand."""
        if variant not in VARIANTS:
            raise TresettError(f"unknown variant {variant!r}")
        self.rules = VARIANTS[variant]
        pack = {r + s for r in RANKS for s in SUITS}
        cards = [c for s in SEATS for c in deal[s]]
        if sorted(cards) != sorted(pack) or any(len(deal[s]) != 10 for s in SEATS):
            raise TresettError("a deal gives the forty cards of the l'Hombre pack, ten each")
        self.hands: dict[str, set[str]] = {s: set(deal[s]) for s in SEATS}
        dealer = context.get("dealer", "D")
        if dealer not in SEATS:
            raise TresettError(f"no seat {dealer!r} to deal")
        self.vorhand = SEATS[(SEATS.index(dealer) + 1) % 4]
        self.start: dict[str, int] = dict(context.get("marks") or {"AC": 0, "BD": 0})
        self.combos = {s: combinations(self.hands[s], self.rules) for s in SEATS}
        self.declared: dict[str, set[str]] = {s: set() for s in SEATS}
        self.marks: dict[str, int] = {"AC": 0, "BD": 0}
        self.taken: dict[str, list[str]] = {"AC": [], "BD": []}
        self.trick: list[tuple[str, str]] = []
        self.tricks_done = 0
        self.leader = self.vorhand
        self.phase = "opening"
        self.turn = self.vorhand
        self._advance_opening(first=True)

    # -- declarations -------------------------------------------------------------
    def _opening_options(self, seat: str) -> list[str]:
        """Right after the deal: low sets by all, the high ones only by the Vorhand (p5, p11)."""
        return [
            c
            for c in self.combos[seat]
            if c not in self.declared[seat] and (seat == self.vorhand or not is_high(c))
        ]

    def _advance_opening(self, first: bool = False) -> None:
        """Move to the next seat with something to declare, or to the play."""
        order = [SEATS[(SEATS.index(self.vorhand) + i) % 4] for i in range(4)]
        start = 0 if first else order.index(self.turn) + 1
        for seat in order[start:]:
            if self._opening_options(seat):
                self.turn = seat
                return
        self.phase = "play"
        self.turn = self.leader

    def _second_trick_options(self, seat: str) -> list[str]:
        """At his card to the second trick: Threes, Twos, Aces, Neapolitaines not yet made."""
        if self.tricks_done != 1:
            return []
        return [c for c in self.combos[seat] if is_high(c) and c not in self.declared[seat]]

    # -- play ---------------------------------------------------------------------
    def _playable(self, seat: str) -> list[str]:
        """Follow the led suit, else any card; no trump (p4)."""
        hand = self.hands[seat]
        if self.trick:
            led = _suit(self.trick[0][1])
            follow = [c for c in hand if _suit(c) == led]
            if follow:
                return follow
        return list(hand)

    def legal(self) -> list[str]:
        """The sorted legal actions of the player to move."""
        if self.phase == "over":
            return []
        if self.phase == "opening":
            acts = [f"declare {c}" for c in self._opening_options(self.turn)] + ["pass"]
        else:
            acts = [f"declare {c}" for c in self._second_trick_options(self.turn)]
            acts += [f"play {c}" for c in self._playable(self.turn)]
        return sorted(acts)

    def apply(self, action: str) -> None:
        """Apply one action; raise TresettError when it is illegal."""
        if action not in self.legal():
            raise TresettError(f"illegal action {action!r} for {self.turn}")
        seat = self.turn
        if action == "pass":
            self._advance_opening()
        elif action.startswith("declare "):
            combo = action[len("declare ") :]
            self.declared[seat].add(combo)
            self.marks[company(seat)] += self.combos[seat][combo]
            if self._out(company(seat)):
                return
            if self.phase == "opening" and not self._opening_options(seat):
                self._advance_opening()
        else:
            self._play(seat, action[len("play ") :])

    def _play(self, seat: str, card: str) -> None:
        """Play a card; a full trick goes to the highest of the led suit and lays its Points."""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            self.turn = SEATS[(SEATS.index(seat) + 1) % 4]
            return
        led = _suit(self.trick[0][1])
        winner = min(
            (t for t in self.trick if _suit(t[1]) == led), key=lambda t: RANKS.index(_rank(t[1]))
        )[0]
        side = company(winner)
        before = points(self.taken[side])
        self.taken[side].extend(c for _, c in self.trick)
        after = points(self.taken[side])
        self.marks[side] += (after[0] - before[0]) + (after[1] // 3 - before[1] // 3)
        self.tricks_done += 1
        self.trick = []
        self.leader = self.turn = winner
        if self.tricks_done == 10:
            self.marks[side] += 1  # the last trick (p10)
            self.phase = "over"
        self._out(side)

    def _out(self, side: str) -> bool:
        """A company at 21 marks in the Parthie says itself out: the deal is over (p12, p14)."""
        if self.start.get(side, 0) + self.marks[side] >= 21:
            self.phase = "over"
        return self.phase == "over"

    def scores(self) -> dict[str, int]:
        """Each seat's company's marks in the deal."""
        return {s: self.marks[company(s)] for s in SEATS}


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, the scores, the end."""
    game = Tresett(data.get("variant") or "mit_zurufen", data["deal"], data.get("context") or {})
    legal: list[list[str]] = []
    for action in data["actions"]:
        legal.append(game.legal())
        game.apply(action)
    return {"legal": legal, "scores": game.scores(), "over": game.phase == "over"}


def call(rule: str, input: dict[str, Any]) -> Any:
    """Adapter entry point: answers tresett.transcript only."""
    if rule == "tresett.transcript":
        return replay(input)
    raise NotImplementedError(rule)
