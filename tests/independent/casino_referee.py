"""An independent referee for Casino (Engelmann 1798), written from the text of
engelmann1798.casino.* (p1-p7, Gesetze 1-8, drei.p1-p4) and rules/casino/README.md only.

It replays a transcript ``{variant, deal, actions, context?}`` and answers
``{"legal", "scores", "over"}``, or raises :class:`Refused` at the first illegal action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rules.cards import FRENCH_52, Rank, Suit, parse_card

RULE = "casino.transcript"

#: Variant name -> (players, three, deduction, majority, must_capture, court_sweeps,
#: remainder_scores), from the README's table of variants.
VARIANTS: dict[str, tuple[int, str, str, str, bool, bool, bool]] = {
    "vier": (4, "fifteen", "pair", "threshold", False, True, False),
    "drei": (3, "fifteen", "none", "plurality", False, True, False),
    "zwei": (2, "fifteen", "pair", "threshold", False, True, False),
    "drei_mit_abzug": (3, "as_four", "three", "plurality", False, True, False),
    "drei_bis_16": (3, "sixteen", "none", "plurality", False, True, False),
    "drei_absolute_majority": (3, "fifteen", "none", "threshold", False, True, False),
    "reading_must_capture": (4, "fifteen", "pair", "threshold", True, True, False),
    "reading_court_pairs": (4, "fifteen", "pair", "threshold", False, False, False),
    "reading_kehraus_point": (4, "fifteen", "pair", "threshold", False, True, True),
}

SEATS = "ABCD"
COURTS = {Rank.KING, Rank.QUEEN, Rank.JACK}
#: p4, Gesetz 5: the common cards count their number in combinations, the Ace one (p2).
NUMBER: dict[Rank, int] = {
    Rank.ACE: 1, Rank.TWO: 2, Rank.THREE: 3, Rank.FOUR: 4, Rank.FIVE: 5, Rank.SIX: 6,
    Rank.SEVEN: 7, Rank.EIGHT: 8, Rank.NINE: 9, Rank.TEN: 10,
}  # fmt: skip
PACK = frozenset(str(c) for c in FRENCH_52)


class Refused(ValueError):
    """The transcript is impossible: a bad deal or an illegal action."""


def card(text: str) -> str:
    """The card in output notation (``TH`` -> ``10H``), refused if not of the pack."""
    try:
        return str(parse_card(text))
    except ValueError as exc:
        raise Refused(str(exc)) from None


@cache
def rank(c: str) -> Rank:
    """The rank of a card string."""
    return parse_card(c).rank


@cache
def _coverable(target: int, need: tuple[int, ...], free: tuple[int, ...]) -> bool:
    """Whether the required cards (counts by number 1..10 in ``need``) can all be put into
    disjoint groups adding up to ``target``, filling groups from the ``free`` cards."""
    first = next((n for n in range(1, 11) if need[n]), None)
    if first is None:
        return True
    need_l, free_l = list(need), list(free)
    need_l[first] -= 1

    def fill(rest: int, low: int) -> bool:
        # add cards of number >= low (non-decreasing) until the group adds up to target
        if rest == 0:
            return _coverable(target, tuple(need_l), tuple(free_l))
        for n in range(low, min(rest, 10) + 1):
            for pool in (need_l, free_l):  # a required card of a number before a free one
                if pool[n]:
                    pool[n] -= 1
                    ok = fill(rest - n, n)
                    pool[n] += 1
                    if ok:
                        return True
                    break
        return False

    return fill(target - first, 1)


def completable(played: str, taken: list[str], table: list[str]) -> bool:
    """Whether the cards taken can be completed from the table into a whole capture:
    cards of the played card's name (courts, Aces, p1, p2) and groups adding up to its
    number (Gesetz 5)."""
    r = rank(played)
    if r in COURTS:
        return all(rank(c) == r for c in taken)
    if any(rank(c) in COURTS for c in taken):
        return False
    need = [0] * 11
    free = [0] * 11
    for c in taken:
        need[NUMBER[rank(c)]] += 1
    for c in table:
        if c not in taken and rank(c) not in COURTS:
            free[NUMBER[rank(c)]] += 1
    return _coverable(NUMBER[r], tuple(need), tuple(free))


def whole(played: str, taken: list[str]) -> bool:
    """Whether the cards taken are exactly a whole capture; an empty capture never is."""
    return bool(taken) and completable(played, taken, taken)


def can_take(played: str, table: list[str]) -> bool:
    """Whether the card can take anything from the table."""
    return any(completable(played, [c], table) for c in table)


@dataclass
class Deal:
    """One deal of Casino: hands by rounds, the table, piles and marks."""

    variant: str
    seats: list[str]
    dealer: str
    dealt: dict[str, list[str]]
    table: list[str]
    players: int = 4
    must_capture: bool = False
    court_sweeps: bool = True
    remainder_scores: bool = False
    deduction: str = "pair"
    majority: str = "threshold"
    round: int = 0
    plays: int = 0  # cards played in this round
    hands: dict[str, list[str]] = field(default_factory=dict)
    piles: dict[str, list[str]] = field(default_factory=dict)
    clears: dict[str, int] = field(default_factory=dict)
    pending: tuple[str, str, list[str]] | None = None  # (seat, card, taken)
    last_capturer: str | None = None
    over: bool = False
    final: dict[str, int] | None = None

    @property
    def rounds(self) -> int:
        """Gesetz 2: four cards a round until the pack is out (48 cards to the players)."""
        return 48 // self.players // 4

    @property
    def order(self) -> list[str]:
        """p4: the player after the dealer plays first, the dealer last."""
        i = self.seats.index(self.dealer)
        return self.seats[i + 1 :] + self.seats[: i + 1]

    def party(self, seat: str) -> str:
        """At four A and C against B and D (README); otherwise each for himself."""
        if self.players == 4:
            return "AC" if seat in "AC" else "BD"
        return seat

    def parties(self) -> list[str]:
        """The parties in seat order."""
        return list(dict.fromkeys(self.party(s) for s in self.seats))

    def to_play(self) -> str:
        """The seat whose turn it is."""
        return self.order[self.plays % self.players]

    def start_round(self) -> None:
        """Gesetz 2: four more cards to each, none to the table after the first."""
        for s in self.seats:
            self.hands[s] = list(self.dealt[s][4 * self.round : 4 * self.round + 4])

    def last_play(self) -> bool:
        """Whether the next card is the dealer's last of the whole deal."""
        return self.round == self.rounds - 1 and self.plays == 4 * self.players - 1

    def kehraus_cards(self) -> list[str]:
        """p1, p6, Gesetz 7: the dealer's last card, a court, takes the whole table."""
        if not self.court_sweeps or not self.table or not self.last_play():
            return []
        return [c for c in self.hands[self.to_play()] if rank(c) in COURTS]

    def legal(self) -> list[str]:
        """The legal actions, sorted."""
        if self.over:
            return []
        if self.pending is not None:
            _, played, taken = self.pending
            acts = [
                f"take {c}"
                for c in self.table
                if c not in taken and completable(played, [*taken, c], self.table)
            ]
            if whole(played, taken):
                acts.append("done")
            return sorted(acts)
        hand = self.hands[self.to_play()]
        captures = [f"capture {c}" for c in hand if can_take(c, self.table)]
        sweeps = [f"kehraus {c}" for c in self.kehraus_cards()]
        trails = [f"trail {c}" for c in hand]
        if self.must_capture and (captures or sweeps):
            trails = []
        return sorted(captures + sweeps + trails)

    def apply(self, action: str) -> None:
        """Play one action, or refuse it."""
        if action not in self.legal():
            raise Refused(f"illegal action {action!r}")
        verb, _, arg = action.partition(" ")
        if verb == "take":
            assert self.pending is not None
            self.pending[2].append(arg)
            return
        if verb == "done":
            assert self.pending is not None
            seat, played, taken = self.pending
            self.pending = None
            self.capture(seat, played, taken)
            self.advance()
            return
        seat = self.to_play()
        self.hands[seat].remove(arg)
        if verb == "trail":
            self.table.append(arg)
            self.advance()
        elif verb == "capture":
            self.pending = (seat, arg, [])
        else:  # kehraus
            self.sweep(seat, arg)
            self.advance()

    def capture(self, seat: str, played: str, taken: list[str]) -> None:
        """The played card and the cards taken go to the party's pile; Gesetz 6: emptying
        the table marks a point at once."""
        for c in taken:
            self.table.remove(c)
        self.piles[self.party(seat)] += [played, *taken]
        self.last_capturer = seat
        if not self.table:
            self.clears[self.party(seat)] += 1

    def sweep(self, seat: str, court: str) -> None:
        """p1, p6: the dealer's last court takes the rest of the table. README: this is the
        Kehraus of Gesetz 7 and marks no point, unless the court pairs every card left
        (a clearing by pairing, Gesetz 6) or the Kehraus scores (reading_kehraus_point)."""
        pairs_all = all(rank(c) == rank(court) for c in self.table)
        self.piles[self.party(seat)] += [court, *self.table]
        self.table = []
        self.last_capturer = seat
        if pairs_all or self.remainder_scores:
            self.clears[self.party(seat)] += 1

    def advance(self) -> None:
        """Next player, next round, or the end of the deal."""
        self.plays += 1
        if self.plays < 4 * self.players:
            return
        self.plays = 0
        self.round += 1
        if self.round < self.rounds:
            self.start_round()
            return
        if self.table and self.last_capturer is not None:  # p6, Gesetz 7
            p = self.party(self.last_capturer)
            self.piles[p] += self.table
            self.table = []
            if self.remainder_scores:
                self.clears[p] += 1
        self.over = True
        self.final = self.count()

    def items(self, p: str) -> tuple[int, int]:
        """A party's cards and spades taken."""
        pile = self.piles[p]
        return len(pile), sum(1 for c in pile if parse_card(c).suit is Suit.SPADES)

    def count(self) -> dict[str, int]:
        """p7, Gesetz 1, drei.p1, drei.p4: each party's marks for the deal."""
        parties = self.parties()
        got: dict[str, int] = {}
        cards = {p: self.items(p)[0] for p in parties}
        spades = {p: self.items(p)[1] for p in parties}
        for p in parties:
            pile = self.piles[p]
            n = 2 * ("10D" in pile) + ("2S" in pile) + sum(1 for c in pile if c[0] == "A")
            n += 3 * self.majority_of(p, cards, 27) + self.majority_of(p, spades, 7)
            got[p] = n
        marks: dict[str, int] = {}
        for p in parties:
            if self.deduction == "none":
                m = got[p]
            else:  # Gesetz 1: the smaller number is deducted from the larger
                m = max(0, got[p] - sum(got[q] for q in parties if q != p))
            marks[p] = m + self.clears[p]
        return marks

    def majority_of(self, p: str, counts: dict[str, int], threshold: int) -> bool:
        """p7's 27 cards / 7 spades, or at three (plurality) the single most."""
        if self.majority == "threshold":
            return counts[p] >= threshold
        return all(counts[p] > counts[q] for q in counts if q != p)

    def scores(self) -> dict[str, int]:
        """Every seat's marks: the clearing points so far, all items once the deal is out."""
        marks = self.final if self.final is not None else self.clears
        return {s: marks[self.party(s)] for s in self.seats}


def new_deal(variant: str, deal: dict[str, Any], context: dict[str, Any] | None) -> Deal:
    """Check the deal and set up the first round."""
    if variant not in VARIANTS:
        raise Refused(f"unknown variant {variant!r}")
    players, _, deduction, majority, must, sweeps, remainder = VARIANTS[variant]
    seats = list(SEATS[:players])
    dealer = (context or {}).get("dealer", "A")
    if dealer not in seats:
        raise Refused(f"no seat {dealer!r}")
    hands = deal.get("hands", {})
    if sorted(hands) != seats:
        raise Refused("a hand for every seat")
    dealt = {s: [card(c) for c in hands[s]] for s in seats}
    table = [card(c) for c in deal.get("table", [])]
    every = table + [c for s in seats for c in dealt[s]]
    if len(table) != 4 or any(len(dealt[s]) != 48 // players for s in seats):
        raise Refused("four table cards and the whole pack to the players (Gesetz 2)")
    if len(set(every)) != 52 or set(every) != PACK:
        raise Refused("the deal is not the pack of 52")
    game = Deal(
        variant=variant, seats=seats, dealer=dealer, dealt=dealt, table=table,
        players=players, must_capture=must, court_sweeps=sweeps, remainder_scores=remainder,
        deduction=deduction, majority=majority,
    )  # fmt: skip
    game.piles = {p: [] for p in game.parties()}
    game.clears = {p: 0 for p in game.parties()}
    game.start_round()
    return game


def replay(inp: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, scores, over."""
    game = new_deal(inp.get("variant") or "vier", inp["deal"], inp.get("context"))
    legal: list[list[str]] = []
    for action in inp["actions"]:
        legal.append(game.legal())
        game.apply(action)
    return {"legal": legal, "scores": game.scores(), "over": game.over}


def call(rule: str, input: dict[str, Any]) -> Any:
    """The adapter entry point: only ``casino.transcript``."""
    if rule != RULE:
        raise NotImplementedError(rule)
    return replay(input)
