"""An independent referee for Dreisatz (police handbook c. 1905, § 10), written from the
text of polizei472.dreisatz.p1-p4 and rules/dreisatz/README.md only.

It replays a transcript ``{variant, deal, actions, context?}`` and answers
``{"legal", "scores", "over"}``, or raises :class:`Refused` at the first illegal action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.cards import FRENCH_52, Card, Rank, parse_cards

RULE = "dreisatz.transcript"
POTS = ("belle", "folge", "einunddreissig")

#: Variant name -> (players, tie31, pass_final, folge_cards), from the README's table.
VARIANTS: dict[str, tuple[int, str, bool, str]] = {
    "spieler4": (4, "stands", False, "dealt"),
    "spieler3": (3, "stands", False, "dealt"),
    "spieler6": (6, "stands", False, "dealt"),
    "reading_31_tie_vorhand": (4, "vorhand", False, "dealt"),
    "reading_pass_final": (4, "stands", True, "dealt"),
    "reading_folge_after_buying": (4, "stands", False, "all"),
}

#: p3: "Das As rangiert nämlich hinter dem Buben; im übrigen gilt die übliche Reihenfolge".
ORDER: tuple[Rank, ...] = (
    Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN, Rank.NINE, Rank.EIGHT,
    Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO,
)  # fmt: skip
STRENGTH: dict[Rank, int] = {r: len(ORDER) - i for i, r in enumerate(ORDER)}
PIPS: dict[Rank, int] = {
    Rank.ACE: 11, Rank.KING: 10, Rank.QUEEN: 10, Rank.JACK: 10, Rank.TEN: 10,
    Rank.NINE: 9, Rank.EIGHT: 8, Rank.SEVEN: 7, Rank.SIX: 6, Rank.FIVE: 5,
    Rank.FOUR: 4, Rank.THREE: 3, Rank.TWO: 2,
}  # fmt: skip


class Refused(ValueError):
    """The transcript is impossible: a bad deal or an illegal action."""


def points(cards: list[Card]) -> int:
    """Count towards 31: Ace 11 (p3), court cards 10, the others their pips."""
    return sum(PIPS[c.rank] for c in cards)


def folge_top(cards: list[Card]) -> int | None:
    """Strength of the top card of the best run of three of one suit (p3), or None."""
    held = {(c.suit, STRENGTH[c.rank]) for c in cards}
    tops = [s for suit, s in held if (suit, s - 1) in held and (suit, s - 2) in held]
    return max(tops, default=None)


def single_best(values: dict[int, int | None]) -> int | None:
    """The one seat with the highest value, None on a tie or when nobody has a value."""
    scored = {k: v for k, v in values.items() if v is not None}
    if not scored:
        return None
    top = max(scored.values())
    winners = [k for k, v in scored.items() if v == top]
    return winners[0] if len(winners) == 1 else None


@dataclass
class Deal:
    """The state of one deal: hands, talon, whose turn, who has passed."""

    players: int
    tie31: str
    pass_final: bool
    folge_cards: str
    dealt: list[list[Card]]
    talon: list[Card]
    pots: dict[str, int]
    held: list[list[Card]] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    turn: int | None = None
    waiting: bool = False  # a card was bought beyond the talon: chance must give it

    def __post_init__(self) -> None:
        self.held = [list(h) for h in self.dealt]
        self.turn = self._next(-1)

    def alive(self, seat: int) -> bool:
        """Not over 31 (p4: "Wer über 31 Augen hat, ist tot")."""
        return points(self.held[seat]) <= 31

    def _eligible(self, seat: int) -> bool:
        if not self.alive(seat):
            return False
        return not (self.pass_final and seat in self.passed)

    def _next(self, after: int) -> int | None:
        """The next seat to buy after ``after``, or None when the buying is over."""
        living = [s for s in range(self.players) if self.alive(s)]
        if all(s in self.passed for s in living):
            return None
        for step in range(1, self.players + 1):
            seat = (after + step) % self.players
            if self._eligible(seat):
                return seat
        return None

    def legal(self) -> list[str]:
        """Legal actions of the player to move, sorted (none when the deal is over)."""
        return [] if self.turn is None or self.waiting else ["buy 1", "pass"]

    def apply(self, action: str) -> None:
        """Apply one action of the player whose turn it is."""
        if action not in self.legal():
            raise Refused(f"illegal action {action!r}; legal: {self.legal()}")
        seat = self.turn
        assert seat is not None
        if action == "pass":
            self.passed.add(seat)
        else:
            if not self.talon:  # README: "later cards are then left to chance"
                self.waiting = True
                return
            self.held[seat].append(self.talon.pop(0))
            if not self.pass_final:
                self.passed = set()
        self.turn = self._next(seat)

    def scores(self) -> dict[str, int]:
        """Every seat's net in stake units: -3 stakes plus the pots decided so far (the
        Belle, and the Folge of the dealt cards, are decided by the deal itself)."""
        n, over = self.players, self.turn is None
        net = [-3] * n
        belle = single_best({s: STRENGTH[self.dealt[s][2].rank] for s in range(n)})
        folge = e31 = None
        if self.folge_cards == "dealt" or over:
            folge_of = self.dealt if self.folge_cards == "dealt" else self.held
            folge = single_best({s: folge_top(folge_of[s]) for s in range(n)})
        counts = {s: points(self.held[s]) for s in range(n) if self.alive(s)}
        if over:
            e31 = single_best(dict(counts))
        if over and e31 is None and counts and self.tie31 == "vorhand":
            top = max(counts.values())
            e31 = min(s for s, v in counts.items() if v == top)
        for pot, winner in zip(POTS, (belle, folge, e31), strict=True):
            if winner is not None:
                net[winner] += n + self.pots.get(pot, 0)
        return {f"spieler{s + 1}": net[s] for s in range(n)}


def start(inp: dict[str, Any]) -> Deal:
    """Check the variant, the deal and the context; the deal before the first action."""
    variant = inp.get("variant") or "spieler4"
    if variant not in VARIANTS:
        raise Refused(f"unknown variant {variant!r}")
    players, tie31, pass_final, folge_cards = VARIANTS[variant]
    deal = inp["deal"]
    seats = [f"spieler{i + 1}" for i in range(players)]
    if set(deal) - {"talon"} != set(seats):
        raise Refused(f"the deal must name exactly {seats} (and a talon)")
    hands = [parse_cards(deal[s]) for s in seats]
    talon = parse_cards(deal.get("talon", []))
    if any(len(h) != 3 for h in hands):
        raise Refused("each player is dealt three cards (p2)")
    every = [c for h in hands for c in h] + talon
    if len(set(every)) != len(every) or not set(every) <= set(FRENCH_52):
        raise Refused("the cards must be distinct cards of the pack of 52")
    pots = dict((inp.get("context") or {}).get("pots") or {})
    if set(pots) - set(POTS) or any(not isinstance(v, int) or v < 0 for v in pots.values()):
        raise Refused(f"bad context pots {pots!r}")
    return Deal(players, tie31, pass_final, folge_cards, hands, talon, pots)


def transcript(inp: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, scores and over."""
    deal = start(inp)
    legal: list[list[str]] = []
    for action in inp["actions"]:
        legal.append(deal.legal())
        deal.apply(action)
    return {"legal": legal, "scores": deal.scores(), "over": deal.turn is None}


def call(rule: str, input: dict[str, Any]) -> Any:
    """Adapter entry point (rules/ADAPTER.md)."""
    if rule == RULE:
        return transcript(input)
    raise NotImplementedError(rule)
