"""An independent Piquet referee after Engelmann 1798, for cross-checking the transcript vectors.

Written from the chapter's reading text and ``rules/piquet/README.md`` only (no code of
the project's model), standard library only. ``transcript(input)`` replays a deal and
returns ``{"legal", "scores", "over"}``; an illegal action or an impossible deal raises
:class:`RefereeError`. ``call(rule, input)`` is the conformance-kit adapter.

Paragraph references: p1-p20 are the Regeln, G1-G17 the Gesetze.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["VARIANTS", "Referee", "RefereeError", "call", "transcript"]

SEATS: tuple[str, str] = ("elder", "younger")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10", "9", "8", "7")  # p3: high to low
PIPS: dict[str, int] = {"A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7}
COURTS: frozenset[str] = frozenset({"K", "Q", "J"})
SET_RANKS: tuple[str, ...] = ("A", "K", "Q", "J", "10")  # p10: no Nines, Eights, Sevens
HIGH_LEADS: frozenset[str] = frozenset({"A", "K", "Q", "J", "10"})  # p12's list (+ the Ace)
PACK: frozenset[str] = frozenset(r + s for s in SUITS for r in RANKS)  # p1: 32 cards
CATEGORIES: tuple[str, ...] = ("carte_blanche", "point", "sequences", "sets")  # p15 order
HAND = 12  # p4: twelve each


@dataclass(frozen=True)
class Variant:
    """The parameters a variant may change (the vector file's ``variants`` section)."""

    target: int | None = 101
    deals: int | None = None
    tierce: int = 3
    leads: str = "every"  # "every" (p11) or "high" (p12's list as exhaustive)
    pic: str = "nothing_scored"  # or "no_trick" (p17 in so many words)


VARIANTS: dict[str, Variant] = {
    "partie101": Variant(),
    "partie100": Variant(target=100),
    "vier_spiele": Variant(target=None, deals=4),
    "reading_tierce_2": Variant(tierce=2),
    "reading_high_leads": Variant(leads="high"),
    "reading_pic_no_trick": Variant(pic="no_trick"),
}


class RefereeError(ValueError):
    """An impossible deal or an illegal action."""


# --- cards -------------------------------------------------------------------------------


def card(text: object) -> str:
    """Canonical notation of one piquet card: upper case, ``T`` accepted for 10 (ADAPTER.md)."""
    if not isinstance(text, str):
        raise RefereeError(f"a card is a string, got {text!r}")
    rank, suit = text[:-1], text[-1:]
    rank = "10" if rank == "T" else rank
    if rank + suit not in PACK:
        raise RefereeError(f"{text!r} is not a card of the piquet pack")
    return rank + suit


def rank_of(c: str) -> str:
    """The rank code of a card."""
    return c[:-1]


def suit_of(c: str) -> str:
    """The suit code of a card."""
    return c[-1]


def strength(rank: str) -> int:
    """Bigger is higher (p3): Seven 0 ... Ace 7."""
    return len(RANKS) - 1 - RANKS.index(rank)


# --- declarations (p7-p10) ------------------------------------------------------------


def point_of(hand: Iterable[str]) -> tuple[int, int]:
    """p7: the longest suit as (cards, pips); ties in length go to the pips."""
    best = (0, 0)
    cards = list(hand)
    for s in SUITS:
        mine = [c for c in cards if suit_of(c) == s]
        best = max(best, (len(mine), sum(PIPS[rank_of(c)] for c in mine)))
    return best


def runs_of(hand: Iterable[str]) -> list[tuple[int, int]]:
    """p8: every maximal run of three or more in a suit, as (length, top strength)."""
    cards = set(hand)
    runs: list[tuple[int, int]] = []
    for s in SUITS:
        length = 0
        for i, r in enumerate((*RANKS, None)):
            if r is not None and r + s in cards:
                length += 1
                continue
            if length >= 3:
                runs.append((length, strength(RANKS[i - length])))
            length = 0
    return runs


def sequence_value(length: int, tierce: int) -> int:
    """p8: Tertie 3 (the OCR prints 2), Quarte 4, Quinte 15 ... Achte 18."""
    if length == 3:
        return tierce
    if length == 4:
        return 4
    return 10 + length


def sets_of(hand: Iterable[str]) -> list[tuple[int, int]]:
    """p10: every Gedritte or Gevierte of Aces to Tens, as (count, rank strength)."""
    ranks = [rank_of(c) for c in hand]
    return [(ranks.count(r), strength(r)) for r in SET_RANKS if ranks.count(r) >= 3]


def is_carte_blanche(hand: Iterable[str]) -> bool:
    """README: a twelve-card hand without King, Queen or Jack."""
    cards = list(hand)
    return len(cards) == HAND and not any(rank_of(c) in COURTS for c in cards)


def holds(category: str, hand: list[str]) -> bool:
    """Whether a hand has something to declare in a category."""
    if category == "carte_blanche":
        return is_carte_blanche(hand)
    if category == "point":
        return bool(hand)
    if category == "sequences":
        return bool(runs_of(hand))
    return bool(sets_of(hand))


def category_scores(
    category: str, shown: dict[str, list[str] | None], tierce: int
) -> dict[str, int]:
    """Points of one category for each seat; ``None`` = nothing shown (omitted, G4)."""
    out = {seat: 0 for seat in SEATS}
    hands = {seat: h for seat, h in shown.items() if h is not None}
    if category == "carte_blanche":  # not a comparison: each counts his own 10
        for seat in hands:
            out[seat] = 10
        return out
    if category == "point":
        rank = {seat: point_of(h) for seat, h in hands.items()}
        value = {seat: rank[seat][0] for seat in hands}  # one per card (README)
    elif category == "sequences":
        runs = {seat: runs_of(h) for seat, h in hands.items()}
        rank = {seat: max(r) for seat, r in runs.items()}
        value = {seat: sum(sequence_value(n, tierce) for n, _ in r) for seat, r in runs.items()}
    else:
        sets = {seat: sets_of(h) for seat, h in hands.items()}
        rank = {seat: max(s) for seat, s in sets.items()}
        value = {seat: sum(14 if n == 4 else 3 for n, _ in s) for seat, s in sets.items()}
    if not rank:
        return out
    best = max(rank.values())
    winners = [seat for seat in rank if rank[seat] == best]
    if len(winners) == 1:  # p7, p9, p10: the best counts all; p7, p20: equal counts nothing
        out[winners[0]] = value[winners[0]]
    return out


# --- the deal as a state machine -----------------------------------------------------------


def other(seat: str) -> str:
    """The other seat."""
    return "younger" if seat == "elder" else "elder"


@dataclass
class Trick:
    """One trick: the leader, his card, the follower's card (None: he had none left)."""

    leader: str
    lead: str
    follow: str | None = None
    complete: bool = False

    def winner(self) -> str:
        """p3, p11: only a higher card of the led suit takes the lead."""
        f = self.follow
        higher = f is not None and strength(rank_of(f)) > strength(rank_of(self.lead))
        return other(self.leader) if higher and suit_of(f) == suit_of(self.lead) else self.leader


@dataclass
class Referee:
    """One deal of Piquet from explicit cards, applied one action at a time."""

    variant: Variant
    hands: dict[str, list[str]]
    talon: list[str]
    phase: str = "exchange"  # choice, exchange, declare, play, over
    exchanger: str = "elder"
    discarded: list[str] = field(default_factory=list)
    talon_pos: int = 0
    queue: list[tuple[str, str]] = field(default_factory=list)  # (category, seat)
    shown: dict[str, dict[str, list[str] | None]] = field(default_factory=dict)
    omitted: dict[str, list[str]] = field(default_factory=dict)
    count: dict[str, int] = field(default_factory=dict)  # cards each has played
    tricks: list[Trick] = field(default_factory=list)
    kept: dict[str, int] = field(default_factory=dict)  # hand sizes after the exchange

    @classmethod
    def from_deal(cls, variant: Variant, deal: Mapping[str, Any]) -> Referee:
        """Check the deal (p4, G1, G2) and set up the first decision."""
        if not isinstance(deal, Mapping):
            raise RefereeError("the deal is an object")
        cards = {k: [card(c) for c in _list(deal.get(k), k)] for k in ("elder", "younger", "talon")}
        everything = [c for k in cards for c in cards[k]]
        if len(everything) != len(set(everything)) or set(everything) != PACK:
            raise RefereeError("the hands and the talon must hold the 32 cards once each")
        packet = deal.get("packet", 3)
        if packet not in (2, 3) or isinstance(packet, bool):
            raise RefereeError("the packet is 3 or 2 cards (p4)")
        ref = cls(variant, {s: cards[s] for s in SEATS}, cards["talon"])
        ref.count = {s: 0 for s in SEATS}
        ref.shown = {s: {} for s in SEATS}
        ref.omitted = {s: [] for s in SEATS}
        sizes = sorted(len(cards[s]) for s in SEATS)
        if sizes[1] >= HAND + 3 or sizes[1] == HAND + packet:
            ref.phase = "over"  # G2: 15 or 16 cards, a packet too many: redeal, whatever else
        elif sizes not in ([HAND, HAND], [HAND - 1, HAND], [HAND, HAND + 1], [HAND - 1, HAND + 1]):
            raise RefereeError(f"no such deal: hands of {sizes[0]} and {sizes[1]} cards")
        elif sizes[1] == HAND + 1:
            ref.phase = "choice"  # G1: a card too many: the elder chooses
        return ref

    # --- legal actions --------------------------------------------------------------------

    def _player(self) -> str:
        """In play: the follower of an open trick, else the leader (G6: or the other)."""
        if self.tricks and not self.tricks[-1].complete:
            return other(self.tricks[-1].leader)
        leader = self.tricks[-1].winner() if self.tricks else "elder"
        return leader if self._can_play(leader) else other(leader)

    def _can_play(self, seat: str) -> bool:
        """G6: one plays with fewer cards than one should, never with more than twelve."""
        return bool(self.hands[seat]) and self.count[seat] < HAND

    def _buys(self) -> list[int]:
        """The numbers the exchanger may announce with the cards discarded so far (p5, G1, G12)."""
        d = len(self.discarded)
        if self.exchanger == "elder":
            upper = min(5, len(self.talon))
            n = [d] + ([d - 1] if len(self.hands["elder"]) + d == HAND + 1 else [])
            return sorted(k for k in n if 3 <= k <= upper)
        left = len(self.talon) - self.talon_pos
        return [d] if 2 <= d <= left else []

    def _may_discard(self) -> bool:
        """Whether one more discard can still end in a legal purchase."""
        d = len(self.discarded) + 1
        if self.exchanger == "elder":
            upper = min(5, len(self.talon))
            thirteen = len(self.hands["elder"]) + len(self.discarded) == HAND + 1
            return d <= upper + (1 if thirteen else 0)
        return d <= len(self.talon) - self.talon_pos

    def legal(self) -> list[str]:
        """Every legal action, sorted by code point."""
        acts: list[str] = []
        if self.phase == "choice":
            acts = ["play on", "redeal"]
        elif self.phase == "exchange":
            acts = [f"buy {n}" for n in self._buys()]
            if self._may_discard():
                acts += [f"discard {c}" for c in self.hands[self.exchanger]]
        elif self.phase == "declare":
            category = self.queue[0][0]
            acts = [f"declare {category}", f"omit {category}"]
        elif self.phase == "play":
            seat = self._player()
            hand = self.hands[seat]
            trick = self.tricks[-1] if self.tricks and not self.tricks[-1].complete else None
            if trick is not None:
                suit = suit_of(trick.lead)
                follow = [c for c in hand if suit_of(c) == suit]
                hand = follow or hand  # p11, G7: follow suit while one can
            acts = [f"play {c}" for c in hand]
            if not self.count[seat]:  # G3, G4, G14, G15: until his first card
                acts += [f"revise {c}" for c in self.omitted[seat]]
        return sorted(acts)

    # --- applying actions -----------------------------------------------------------------

    def apply(self, action: object) -> None:
        """Apply one action or raise :class:`RefereeError`."""
        text = _canonical(action)
        if text not in self.legal():
            raise RefereeError(f"illegal action {action!r} (phase {self.phase})")
        verb, _, arg = text.rpartition(" ") if text != "play on" else ("play on", "", "")
        if text == "redeal":
            self.phase = "over"
        elif text == "play on":
            self.phase = "exchange"
        elif verb == "discard":
            self.hands[self.exchanger].remove(arg)
            self.discarded.append(arg)
        elif verb == "buy":
            self._buy(int(arg))
        elif verb in ("declare", "omit"):
            category, seat = self.queue.pop(0)
            if verb == "declare":
                self.shown[seat][category] = list(self.hands[seat])
            else:
                self.omitted[seat].append(category)
            if not self.queue:
                self.phase = "play"
        elif verb == "revise":
            seat = self._player()
            self.omitted[seat].remove(arg)
            self.shown[seat][arg] = list(self.hands[seat])
        else:
            self._play(arg)

    def _buy(self, n: int) -> None:
        """Take ``n`` cards: the elder from the top, the younger the next ones (p5)."""
        seat = self.exchanger
        self.hands[seat] += self.talon[self.talon_pos : self.talon_pos + n]
        self.talon_pos += n
        self.discarded = []
        if seat == "elder":
            self.exchanger = "younger"
            return
        self.phase = "declare"
        self.kept = {s: len(self.hands[s]) for s in SEATS}
        bad = self.offenders()  # G1, G6: an overfull hand counts nothing, so declares nothing
        self.queue = [
            (c, s) for c in CATEGORIES for s in SEATS if s not in bad and holds(c, self.hands[s])
        ]
        if not self.queue:
            self.phase = "play"

    def _play(self, c: str) -> None:
        """Lead or follow one card; the trick closes when the follower has none (G6)."""
        seat = self._player()
        self.hands[seat].remove(c)
        self.count[seat] += 1
        self.omitted[seat] = []  # G3: what he forgot is lost once he plays
        open_trick = self.tricks and not self.tricks[-1].complete
        if open_trick:
            self.tricks[-1].follow = c
            self.tricks[-1].complete = True
        else:
            trick = Trick(seat, c)
            self.tricks.append(trick)
            trick.complete = not self._can_play(other(seat))
        if self.tricks[-1].complete and not any(self._can_play(s) for s in SEATS):
            self.phase = "over"  # G6: a thirteenth card is never played

    # --- scores ---------------------------------------------------------------------------

    def offenders(self) -> set[str]:
        """G1, G6: who kept more than twelve cards after the exchange; he counts nothing."""
        return {s for s, n in self.kept.items() if n > HAND}

    def scores(self) -> dict[str, int]:
        """Scores by seat, counted in the order of p15 (G1, G2: nothing for an unplayed deal)."""
        total = {s: 0 for s in SEATS}
        for category in CATEGORIES:  # an offender has shown nothing: the other counts all
            shown = {s: self.shown[s].get(category) for s in SEATS}
            for s, v in category_scores(category, shown, self.variant.tierce).items():
                total[s] += v
        declared = dict(total)
        for s in SEATS:  # p16: thirty in declarations alone, the other countering nothing
            if declared[s] >= 30 and declared[other(s)] == 0:
                total[s] += 60
        self._play_scores(total, declared)
        for s in self.offenders():  # G6: "zählet ganz und gar nichts"
            total[s] = 0
        return total

    def _play_scores(self, total: dict[str, int], declared: dict[str, int]) -> None:
        """Leads, tricks, Pic, last trick, most tricks or Capot (p11, p12, p17, p19)."""
        v = self.variant
        pic_open = declared["elder"] < 30 and (v.pic == "no_trick" or declared["younger"] == 0)
        won = {s: 0 for s in SEATS}
        complete = [t for t in self.tricks if t.complete]
        finished = self.phase == "over" and bool(self.tricks)

        def add(seat: str, points: int, trick_won: bool) -> None:
            nonlocal pic_open
            if seat == "younger" and (trick_won if v.pic == "no_trick" else points > 0):
                pic_open = False
            total[seat] += points
            if pic_open and seat == "elder" and total["elder"] >= 30:
                total["elder"] += 30  # p17: sixty instead of thirty
                pic_open = False

        for i, t in enumerate(self.tricks):
            last = finished and i == len(self.tricks) - 1
            lead_counts = v.leads == "every" or rank_of(t.lead) in HIGH_LEADS
            if not t.complete:
                add(t.leader, 1 if lead_counts else 0, False)
                continue
            winner = t.winner()
            won[winner] += 1
            if winner == t.leader:  # p12: the last trick counts three instead of one
                add(t.leader, 3 if last else (1 if lead_counts else 0), False)
            else:
                add(t.leader, 1 if lead_counts else 0, False)
                add(winner, 3 if last else 1, True)
        if finished and complete:
            for s in SEATS:
                if won[s] == len(complete):
                    total[s] += 40  # p19: Capot
                elif won[s] > won[other(s)]:
                    total[s] += 10  # p12: the most tricks


def _list(value: object, name: str) -> list[Any]:
    """A JSON list or a refusal."""
    if not isinstance(value, list):
        raise RefereeError(f"{name} must be a list")
    return value


def _canonical(action: object) -> str:
    """The action with a card written ``T`` for 10 spelt ``10`` (ADAPTER.md); else as given."""
    if not isinstance(action, str):
        raise RefereeError(f"an action is a string, got {action!r}")
    verb, _, arg = action.partition(" ")
    if verb in ("discard", "play") and arg.startswith("T") and len(arg) == 2:
        return f"{verb} {card(arg)}"
    return action


# --- entry points ------------------------------------------------------------------------


def transcript(data: Mapping[str, Any]) -> dict[str, Any]:
    """Replay ``{variant, deal, actions, context?}``; the legal lists, scores and ``over``."""
    if not isinstance(data, Mapping):
        raise RefereeError("a transcript input is an object")
    name = data.get("variant") or "partie101"
    if name not in VARIANTS:
        raise RefereeError(f"unknown variant {name!r}")
    _check_context(data.get("context"), VARIANTS[name])
    ref = Referee.from_deal(VARIANTS[name], data.get("deal"))
    legal: list[list[str]] = []
    for action in _list(data.get("actions"), "actions"):
        legal.append(ref.legal())
        ref.apply(action)
    return {"legal": legal, "scores": ref.scores(), "over": ref.phase == "over"}


def _check_context(context: object, variant: Variant) -> None:
    """A Partie context (README) must be well formed; it changes no legal action nor score."""
    if context is None:
        return
    if not isinstance(context, Mapping):
        raise RefereeError("the context is an object")
    deal = context.get("deal", 1)
    if not _count(deal) or deal < 1 or (variant.deals is not None and deal > variant.deals):
        raise RefereeError(f"no deal {deal!r} in this Partie (p1, p14)")
    if context.get("dealer", "A") not in ("A", "B"):
        raise RefereeError("the dealer is 'A' or 'B'")
    score = context.get("score", {"A": 0, "B": 0})
    if not isinstance(score, Mapping) or set(score) != {"A", "B"}:
        raise RefereeError("the score is {'A': n, 'B': n}")
    if not all(_count(n) for n in score.values()):
        raise RefereeError("scores are counts")
    deals = context.get("deals", {"A": [], "B": []})
    if not isinstance(deals, Mapping) or set(deals) != {"A", "B"}:
        raise RefereeError("the deals are {'A': [...], 'B': [...]}")
    if not all(isinstance(d, list) and all(_count(n) for n in d) for d in deals.values()):
        raise RefereeError("each player's deals are a list of counts")


def _count(n: object) -> bool:
    """A whole number of at least 0 (a JSON boolean is not one)."""
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def call(rule: str, input: dict[str, Any]) -> Any:
    """Adapter entry point of the conformance kit: only ``piquet.transcript``."""
    if rule == "piquet.transcript":
        return transcript(input)
    raise NotImplementedError(rule)
