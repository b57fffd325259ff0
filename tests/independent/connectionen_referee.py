"""An independent Connectionen referee (Engelmann 1798), written from the Regeln and README.

Whist tricks with Caro as constant trump (Regeln 3, 4); three connections of two cards
each (Regeln 5-7) win money from the Casse (Regel 8), the most tricks six Pfennige
(Regel 9). A connection card may always be played (Regel 12); a connection on the table
may be trumped by a player who could follow (Regel 11) and its trick goes to the highest
trump, else to the player of its first card (Regel 10). Scores are in Pfennige.
"""

from __future__ import annotations

from typing import Any

RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
TRUMP = "D"
#: The connections in order (Regeln 5-7) with the Pfennige they win (Regel 8).
CONNECTIONS: tuple[tuple[frozenset[str], int], ...] = (
    (frozenset({"AS", "AC"}), 24),
    (frozenset({"AS", "KH"}), 12),
    (frozenset({"AC", "JS"}), 6),
)
CONNECTION_CARDS: frozenset[str] = frozenset().union(*(c for c, _ in CONNECTIONS))
MOST_TRICKS = 6
#: variant: (players, the money goes to the trick (else to each card's player))
VARIANTS: dict[str, tuple[int, bool]] = {
    "vier": (4, True),
    "drei": (3, True),
    "reading_per_card": (4, False),
}


class ConnectionenError(ValueError):
    """An illegal action or an impossible deal."""


def _norm(card: str) -> str:
    """A card in output notation (T read as 10)."""
    card = card.strip().upper()
    return "10" + card[1:] if card.startswith("T") else card


def _high(card: str) -> int:
    """Whist strength of a card's rank: bigger is higher."""
    return len(RANKS) - RANKS.index(card[:-1])


def complete_connections(cards: list[str]) -> list[tuple[frozenset[str], int]]:
    """The connections both of whose cards lie among cards."""
    present = set(cards)
    return [(pair, value) for pair, value in CONNECTIONS if pair <= present]


class Connectionen:
    """One deal of Connectionen as a small state machine."""

    def __init__(self, variant: str, hands: dict[str, list[str]]) -> None:
        """Deal the given hands; seat 1 leads."""
        if variant not in VARIANTS:
            raise ConnectionenError(f"unknown variant {variant!r}")
        n, self.to_trick = VARIANTS[variant]
        self.seats = tuple(str(i) for i in range(1, n + 1))
        self.size = 8 if n == 4 else 10
        self.hands = {s: {_norm(c) for c in hands[s]} for s in self.seats}
        pack = {r + s for r in RANKS for s in SUITS}
        dealt = [_norm(c) for s in self.seats for c in hands[s]]
        if len(set(dealt)) != len(dealt) or not set(dealt) <= pack:
            raise ConnectionenError("a card is dealt twice or is not in the Whist pack")
        if any(len(self.hands[s]) != self.size for s in self.seats):
            raise ConnectionenError(f"every player is dealt {self.size} cards (Regel 2)")
        self.money: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.tricks: dict[str, int] = dict.fromkeys(self.seats, 0)
        self.trick: list[tuple[str, str]] = []
        self.tricks_done = 0
        self.turn = "1"
        self.over = False

    def legal(self) -> list[str]:
        """The sorted legal actions of the player to move."""
        if self.over:
            return []
        hand = self.hands[self.turn]
        if not self.trick:
            return sorted(f"play {c}" for c in hand)
        led = self.trick[0][1][-1]
        allowed = {c for c in hand if c[-1] == led} or set(hand)  # Regel 11: follow suit
        allowed |= hand & CONNECTION_CARDS  # Regel 12
        if complete_connections([c for _, c in self.trick]):
            allowed |= {c for c in hand if c[-1] == TRUMP}  # Regel 11: may trump it
        return sorted(f"play {c}" for c in allowed)

    def apply(self, action: str) -> None:
        """Apply one action; raise ConnectionenError when it is illegal."""
        verb, _, card = action.partition(" ")
        card = _norm(card)
        if verb != "play" or f"play {card}" not in self.legal():
            raise ConnectionenError(f"illegal action {action!r} for seat {self.turn}")
        seat = self.turn
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.seats):
            self.turn = self.seats[(self.seats.index(seat) + 1) % len(self.seats)]
            return
        self._close_trick()

    def _close_trick(self) -> None:
        """Give the full trick to its taker and pay its connections (Regeln 8-10)."""
        cards = [c for _, c in self.trick]
        made = complete_connections(cards)
        trumps = [t for t in self.trick if t[1][-1] == TRUMP]
        if trumps:
            winner = max(trumps, key=lambda t: _high(t[1]))[0]
        elif made:  # Regel 10: the player of the connection's first card
            first = min(min(cards.index(c) for c in pair) for pair, _ in made)
            winner = self.trick[first][0]
        else:
            led = cards[0][-1]
            winner = max((t for t in self.trick if t[1][-1] == led), key=lambda t: _high(t[1]))[0]
        for pair, value in made:
            if self.to_trick:
                self.money[winner] += value
            else:  # reading: each card's player draws its half
                for seat, card in self.trick:
                    if card in pair:
                        self.money[seat] += value // 2
        self.tricks[winner] += 1
        self.tricks_done += 1
        self.trick = []
        self.turn = winner
        if self.tricks_done == self.size:
            self.over = True
            most = max(self.tricks.values())
            leaders = [s for s in self.seats if self.tricks[s] == most]
            if len(leaders) == 1:  # Regel 9: equal tricks win nothing
                self.money[leaders[0]] += MOST_TRICKS

    def scores(self) -> dict[str, int]:
        """The Pfennige each player has drawn from the Casse."""
        return dict(self.money)


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, the scores, the end."""
    deal = data["deal"]
    game = Connectionen(data.get("variant") or "vier", deal.get("hands", deal))
    legal: list[list[str]] = []
    for action in data["actions"]:
        legal.append(game.legal())
        game.apply(action)
    return {"legal": legal, "scores": game.scores(), "over": game.over}


def call(rule: str, input: dict[str, Any]) -> Any:
    """Adapter entry point: answers connectionen.transcript only."""
    if rule == "connectionen.transcript":
        return replay(input)
    raise NotImplementedError(rule)
