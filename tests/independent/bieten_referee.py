"""An independent referee for Bieten (Schwaighofer 1927), written from the text of
schwaighofer1927.bieten.* and rules/bieten/README.md only; with the wild cards of
bietenweli.* and spitzbieten.p1 it also referees Bieten mit dem Weli and Spitzbieten
(tests/independent/bietenweli_referee.py, spitzbieten_referee.py).

It replays one deal ``{variant, deal: {hands, weli_cut?}, actions, context?}`` and
answers ``{"legal", "scores", "over"}``: the sorted legal actions before each action, the
points every seat writes in this deal, and whether the last card lies on the table. It
raises :class:`Refused` at the first illegal action or on an impossible deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from typing import Any

#: p1: "As (Sau), König, Ober, Unter, Zehner, Neuner, Achter und Siebener", high to low.
RANKS: tuple[str, ...] = ("A", "K", "O", "U", "10", "9", "8", "7")
STRENGTH: dict[str, int] = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
SUITS: tuple[str, ...] = ("E", "L", "R", "B")  # Eichel, Laub, Herz (Rot), Schell
PACK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
#: p7, figur.1-5, in the order of going out (ausgehen.p1).
FIGURES: tuple[str, ...] = ("herz", "laub", "gleich", "hanger", "spiel")
SUIT_OF_FIGURE: dict[str, str] = {"herz": "R", "laub": "L"}
NATURAL = 3  # above every wild card of the same face (bietenweli.p1, spitzbieten.p1)
SEATS = "ABCDE"

#: Variant name -> (players, target, laub_first, bidder_groschen), from the README's table.
VARIANTS: dict[str, tuple[int, int, bool, bool]] = {
    "drei": (3, 7, False, False),
    "zwei": (2, 9, False, False),
    "vier": (4, 5, False, False),
    "fuenf": (5, 5, False, False),
    "laub_zuerst": (3, 7, True, False),
    "bieter_groschen": (3, 7, False, True),
}


class Refused(ValueError):
    """The transcript is impossible: a bad deal or an illegal action."""


def suit(card: str) -> str:
    """The suit letter of a card."""
    return card[-1]


def rank(card: str) -> str:
    """The rank of a card."""
    return card[:-1]


# ----------------------------------------------------------------------------- figures

Held = tuple[tuple[str, int], ...]  # (card as which it counts, 3 natural or wild order)


def forms(cards: tuple[str, ...], figure: str) -> bool:
    """Whether a player's cards (as what they count) make the figure at all."""
    if figure in SUIT_OF_FIGURE:
        return any(suit(c) == SUIT_OF_FIGURE[figure] for c in cards)
    for a, b in combinations(cards, 2):
        if figure == "gleich" and rank(a) == rank(b) and suit(a) != suit(b):
            return True
        if (
            figure == "hanger"
            and suit(a) == suit(b)
            and abs(STRENGTH[rank(a)] - STRENGTH[rank(b)]) == 1
        ):
            return True
    return False


def figure_value(cards: Held, figure: str) -> tuple[Any, ...] | None:
    """The player's best Herz, Laub, Gleich or Hanger as a comparable key, or None.

    Herz/Laub: the highest card of the suit (p8), the natural above the wild one of the
    same face, wild cards by their order. Gleich/Hanger: three cards beat two ("dritzig",
    p8), then the rank (of the top card), then fewer wild cards, then the wild cards by
    their order from the best (README readings; see the report on the fewer-wild reading).
    """
    if figure in SUIT_OF_FIGURE:
        keys = [(STRENGTH[rank(c)], w) for c, w in cards if suit(c) == SUIT_OF_FIGURE[figure]]
        return max(keys, default=None)
    best: tuple[Any, ...] | None = None
    for size in (2, 3):
        for group in combinations(cards, size):
            faces = [c for c, _ in group]
            strengths = sorted((STRENGTH[rank(c)] for c in faces), reverse=True)
            if figure == "gleich":
                ok = len(set(strengths)) == 1 and len({suit(c) for c in faces}) == size
            else:
                ok = len({suit(c) for c in faces}) == 1 and all(
                    strengths[i] - strengths[i + 1] == 1 for i in range(size - 1)
                )
            if ok:
                key = (size, strengths[0], tuple(sorted((w for _, w in group), reverse=True)))
                best = key if best is None or key > best else best
    return best


@lru_cache(maxsize=200_000)
def makeable(
    fixed: tuple[str, ...], free: int, renounced: frozenset[str], figures: frozenset[str]
) -> bool:
    """Whether the free wild cards can still be baptised (outside the renounced suits) so
    that the player's cards make every figure in ``figures`` (bietenweli.p2, p6)."""
    if not figures:
        return True
    options = [c for c in PACK if suit(c) not in renounced]
    for extra in combinations_with_replacement(options, free):
        cards = fixed + extra
        if all(forms(cards, f) for f in figures):
            return True
    return False


# ----------------------------------------------------------------------------- the deal


@dataclass
class Player:
    """One player's cards and what he has said about his wild cards."""

    seat: str
    cards: list[str]
    hand: list[str]
    played: list[tuple[str, str]] = field(default_factory=list)  # (card, counted as)
    renounced: set[str] = field(default_factory=set)
    bound: set[str] = field(default_factory=set)
    written: int = 0  # points written at once this deal (figures and Groschen let good)


@dataclass
class Figure:
    """The state of one figure's wager."""

    status: str = "unbid"  # unbid, gut, held, groschen_gut, groschen_held
    bidder: str | None = None
    giver: str | None = None


@dataclass
class Question:
    """A bid or a Groschen waiting for answers."""

    kind: str  # "bid" or "drei"
    figure: str
    asker: str
    queue: list[str]


class Deal:
    """One deal of Bieten with the given wild cards (card -> order, Weli highest)."""

    def __init__(self, game: str, wilds: dict[str, int], inp: dict[str, Any]) -> None:
        if inp.get("variant", "drei") not in VARIANTS:
            raise Refused(f"unknown variant {inp.get('variant')!r}")
        # laub_first orders going out (ausgehen.p1), which a deal's answer does not show
        n, self.target, _laub_first, self.bidder_groschen = VARIANTS[inp.get("variant", "drei")]
        self.game, self.wilds = game, wilds
        seats = SEATS[:n]
        ctx = inp.get("context") or {}
        dealer = ctx.get("dealer", "A")
        score = dict(ctx.get("score") or {s: 0 for s in seats})
        out = list(ctx.get("out") or [])
        if dealer not in seats or set(score) != set(seats) or not set(out) <= set(seats):
            raise Refused("bad context")
        if dealer in out:
            raise Refused("the deal passes to the left past those who are out (README)")
        # scores may be below zero (penalties strike points, p28, p30); a player still in
        # the game has not reached the agreed number (ausgehen.p1, README)
        if any(score[s] >= self.target for s in seats if s not in out):
            raise Refused("a player with the agreed number has gone out")
        self.seats = seats
        self.score = score
        start = seats.index(dealer)
        order = [seats[(start + i) % n] for i in range(1, n + 1)]
        self.order = [s for s in order if s not in out]  # play order from the Vorhand
        deal = inp.get("deal") or {}
        hands = deal.get("hands") or []
        if len(self.order) < 2 or len(hands) != len(self.order):
            raise Refused("one hand of three cards per player still in the game")
        pack = set(PACK) | set(wilds)
        seen = [c for h in hands for c in h]
        if any(len(h) != 3 for h in hands) or len(set(seen)) != len(seen):
            raise Refused("three different cards each")
        if not set(seen) <= pack:
            raise Refused(f"cards outside the pack: {sorted(set(seen) - pack)}")
        if deal.get("weli_cut") and (not wilds or "6B" not in hands[-2 % len(hands)]):
            raise Refused("the cutter (right of the dealer) keeps the Weli he cut")
        self.players = {
            s: Player(s, list(h), list(h)) for s, h in zip(self.order, hands, strict=True)
        }
        self.figures = {f: Figure() for f in FIGURES}
        self.question: Question | None = None
        self.turn = self.order[0]
        # p9: the Vorhand may bid "bevor er noch seine erste Karte ausgespielt hat oder
        # erst, wenn er sie schon vor sich auf dem Tisch liegen hat": after his first card
        # he keeps the word until he says "pass" (or has nothing he may bid)
        self.window = False
        self.trick: list[tuple[str, str, str]] = []  # (seat, card, counted as)
        self.tricks_done = 0
        self.last_winner: str | None = None

    # ------------------------------------------------------------------ helpers

    def others_from(self, seat: str) -> list[str]:
        """The other players in turn from the given player's left."""
        i = self.order.index(seat)
        return [self.order[(i + k) % len(self.order)] for k in range(1, len(self.order))]

    @property
    def over(self) -> bool:
        """The last card lies on the table."""
        return self.tricks_done == 3

    def last_led(self) -> str | None:
        """The suit led to the last trick once its first card lies on the table (p30)."""
        return suit(self.trick[0][2]) if self.tricks_done == 2 and self.trick else None

    def fixed(self, p: Player) -> tuple[str, ...]:
        """The cards whose face is known: the natural ones and the wild ones played."""
        played_wild = [as_ for card, as_ in p.played if card in self.wilds]
        return tuple(c for c in p.cards if c not in self.wilds) + tuple(played_wild)

    def free(self, p: Player) -> list[str]:
        """The wild cards still in the hand."""
        return [c for c in p.hand if c in self.wilds]

    def can_make(
        self,
        p: Player,
        figures: set[str],
        extra: tuple[str, ...] = (),
        free: int | None = None,
        renounced: set[str] | None = None,
    ) -> bool:
        """Whether p's cards can still make all the figures (Spiel excluded)."""
        return makeable(
            tuple(sorted(self.fixed(p) + extra)),
            len(self.free(p)) if free is None else free,
            frozenset(p.renounced if renounced is None else renounced),
            frozenset(figures - {"spiel"}),
        )

    def holds(self, p: Player, figure: str) -> bool:
        """Whether p has the figure in his cards, so that he may bid, hold or raise it
        (README; bietenweli.p2: with the wild cards, together with their bindings)."""
        if figure == "spiel":
            led = self.last_led()
            if led is None:
                return True  # p30: "wann man will und ohne jede Beschränkung"
            mine = [as_ for s, _, as_ in self.trick if s == p.seat]
            if mine:
                return suit(mine[0]) == led
            (card,) = p.hand
            if card not in self.wilds:
                return suit(card) == led
            return led not in p.renounced and any(
                self.can_make(p, p.bound, (c,), 0) for c in PACK if suit(c) == led
            )
        return self.can_make(p, p.bound | {figure})

    def bind(self, p: Player, figure: str) -> None:
        """Wagering on a figure made only with wild cards binds them to it (bietenweli.p2)."""
        if figure != "spiel" and not forms(self.fixed(p), figure):
            p.bound.add(figure)

    def may_bid(self, p: Player) -> bool:
        """ausgehen.p1-p2: no more figures than the points one lacks, minus one; figures
        bid and not yet settled count against it."""
        lacks = self.target - self.score[p.seat] - p.written
        pending = sum(
            1
            for f in self.figures.values()
            if f.bidder == p.seat and f.status in ("held", "groschen_held")
        )
        return pending + 1 <= lacks - 1

    # ------------------------------------------------------------------ legal actions

    def plays(self, p: Player) -> list[str]:
        """The cards p may play: follow suit (p8), wild cards within their renounced suits
        and bindings (bietenweli.p2, p6)."""
        led = suit(self.trick[0][2]) if self.trick else None
        free = self.free(p)
        follow = led is not None and any(suit(c) == led for c in p.hand if c not in self.wilds)
        out: list[str] = []
        for card in p.hand:
            if card in self.wilds:
                rest = len(free) - 1
                for as_ in PACK:
                    s = suit(as_)
                    if s in p.renounced or (follow and s != led):
                        continue
                    ren = p.renounced | ({led} if led and s != led and rest else set())
                    if self.can_make(p, p.bound, (as_,), rest, ren):
                        out.append(f"play {card}={as_}")
                continue
            if follow and suit(card) != led:
                continue
            renounces = led is not None and suit(card) != led and bool(free)
            if renounces and not self.can_make(p, p.bound, renounced=p.renounced | {led}):
                continue
            out.append(f"play {card}")
        return out

    def legal(self) -> list[str]:
        """The sorted legal actions now."""
        if self.over:
            return []
        q = self.question
        if q is not None:
            p = self.players[q.queue[0]]
            acts = [f"gut {q.figure}"]
            if self.holds(p, q.figure):
                acts.append(f"halten {q.figure}")
                if q.kind == "bid":
                    acts.append(f"drei {q.figure}")
            return sorted(acts)
        if self.window:
            v = self.players[self.order[0]]
            return sorted([*self.window_bids(v), "pass"])
        p = self.players[self.turn]
        acts: list[str] = []
        for name, f in self.figures.items():
            if f.status == "unbid" and self.may_bid(p) and self.holds(p, name):
                acts.append(f"bid {name}")
            # p16: "Glaubt der Gefragte ...": the Groschen is given to the bidder, who
            # answers it (beispiel.p1, p26); bieter_groschen lets him raise his own
            if (
                f.status == "held"
                and (self.bidder_groschen or f.bidder != p.seat)
                and self.holds(p, name)
            ):
                acts.append(f"drei {name}")
        return sorted(acts + self.plays(p))

    def window_bids(self, v: Player) -> list[str]:
        """What the Vorhand may still bid with his first card on the table."""
        if not self.may_bid(v):
            return []
        return [
            f"bid {name}"
            for name, f in self.figures.items()
            if f.status == "unbid" and self.holds(v, name)
        ]

    # ------------------------------------------------------------------ applying

    def apply(self, action: str) -> None:
        """Apply one action, or refuse it."""
        if action not in self.legal():
            raise Refused(f"illegal action {action!r}")
        if action == "pass":
            self.window = False
            return
        verb, arg = action.split(" ", 1)
        if verb == "play":
            first = not self.tricks_done and not self.trick and self.turn == self.order[0]
            self.play(arg)
            self.window = first
        elif self.question is None:
            self.ask(verb, arg, self.order[0] if self.window else self.turn)
        else:
            self.answer(verb, arg)
        if self.window and self.question is None:
            self.window = bool(self.window_bids(self.players[self.order[0]]))

    def ask(self, verb: str, figure: str, seat: str) -> None:
        """A bid (p9-p10) or a Groschen (p15-p17): the others answer from the left."""
        f = self.figures[figure]
        if verb == "bid":
            f.bidder = seat
            f.status = "asking"
        self.bind(self.players[seat], figure)
        self.question = Question(verb, figure, seat, self.others_from(seat))

    def answer(self, verb: str, figure: str) -> None:
        """gut, halten or (to a bid) drei. The first hold ends the asking (p14, p17); when
        all let it good the asker writes at once (p12, p16) and the figure is settled: wild
        cards bound to it are free again (bietenweli.p5; for a bid let good too)."""
        q = self.question
        assert q is not None
        seat = q.queue.pop(0)
        f = self.figures[figure]
        if verb == "drei":
            f.giver = seat
            self.ask("drei", figure, seat)
            return
        if verb == "halten":
            self.bind(self.players[seat], figure)
            f.status = "held" if q.kind == "bid" else "groschen_held"
            self.question = None
            return
        if q.queue:
            return
        # everybody let it good: written at once, the figure is settled
        self.question = None
        if q.kind == "bid":
            f.status = "gut"
            self.players[q.asker].written += 1
        else:
            f.status, f.giver = "groschen_gut", q.asker
            self.players[q.asker].written += 2
        for p in self.players.values():
            p.bound.discard(figure)

    def play(self, text: str) -> None:
        """Play a card; a wild one as what it is baptised."""
        p = self.players[self.turn]
        card, _, as_ = text.partition("=")
        as_ = as_ or card
        led = suit(self.trick[0][2]) if self.trick else None
        p.hand.remove(card)
        p.played.append((card, as_))
        if led and suit(as_) != led and self.free(p):
            p.renounced.add(led)
        self.trick.append((p.seat, card, as_))
        if len(self.trick) < len(self.order):
            self.turn = self.others_from(p.seat)[0]
            return
        lead = suit(self.trick[0][2])
        winner = max(
            (t for t in self.trick if suit(t[2]) == lead),
            key=lambda t: (STRENGTH[rank(t[2])], self.wilds.get(t[1], NATURAL)),
        )[0]
        self.trick = []
        self.tricks_done += 1
        self.turn = self.last_winner = winner

    # ------------------------------------------------------------------ scores

    def scores(self) -> dict[str, int]:
        """The points each seat writes in this deal (p8, p12, p14, p16-p18, p29)."""
        pts = {s: 0 for s in self.seats}
        if not self.over:
            for p in self.players.values():
                pts[p.seat] += p.written
            return pts
        tables: dict[str, Held] = {
            p.seat: tuple((as_, self.wilds.get(c, NATURAL)) for c, as_ in p.played)
            for p in self.players.values()
        }
        for name, f in self.figures.items():
            if name == "spiel":
                values: dict[str, Any] = {s: int(s == self.last_winner) or None for s in tables}
            else:
                values = {s: figure_value(t, name) for s, t in tables.items()}
            if f.status in ("gut", "groschen_gut"):
                # p12: the bidder (p16: the giver) writes it even against a higher one;
                # p29: it flees when his own is equalled ("ob sie gut gelassen ... oder ob
                # ein Groschen gegeben ist")
                who = f.bidder if f.status == "gut" else f.giver
                assert who is not None
                mine = values[who]
                flees = mine is not None and any(v == mine for s, v in values.items() if s != who)
                if not flees:
                    pts[who] += 1 if f.status == "gut" else 2
                continue
            have = {s: v for s, v in values.items() if v is not None}
            if not have:
                continue
            top = max(have.values())
            makers = [s for s, v in have.items() if v == top]
            if len(makers) == 1:
                pts[makers[0]] += {"unbid": 1, "held": 2, "groschen_held": 3}[f.status]
        return pts


def transcript(game: str, wilds: dict[str, int], inp: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, the scores, over."""
    deal = Deal(game, wilds, inp)
    legal: list[list[str]] = []
    for action in inp.get("actions", []):
        legal.append(deal.legal())
        deal.apply(action)
    return {"legal": legal, "scores": deal.scores(), "over": deal.over}


def adapter(game: str, wilds: dict[str, int]) -> Callable[[str, dict[str, Any]], Any]:
    """The adapter function ``call(rule, input)`` for one of the three games."""

    def call(rule: str, inp: dict[str, Any]) -> dict[str, Any]:
        """Answer ``<game>.transcript``; any other rule is not implemented."""
        if rule != f"{game}.transcript":
            raise NotImplementedError(rule)
        return transcript(game, wilds, inp)

    return call


WILDS: dict[str, int] = {}
RULE = "bieten.transcript"
call = adapter("bieten", WILDS)
