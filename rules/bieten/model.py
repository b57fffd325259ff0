"""Bieten as a playable deal (Schwaighofer 1927), on the game model of :mod:`rules.model`.

One class serves the three games of the chapter, differing only by their wild cards:
Bieten (none), Bieten mit dem Weli (``6B``) and Spitzbieten (``6B``, ``7B``, ``7E``).

A deal (a *Runde* or *Gang*) runs so, each action citing its paragraphs:

1. **cut** (chance; games with the Weli, bietenweli.p2): ``cut weli`` (the player right
   of the dealer cut the Weli and keeps it) or ``cut other``;
2. **deal** (chance, p6): ``deal <card>``, one card each from the Vorhand round to the
   dealer, then two each;
3. **play** (p8): the Vorhand leads; whoever takes a trick leads the next. The player
   whose turn it is may first ``bid <figure>`` (p9, p10) or give Drei on a held figure
   (``drei <figure>``, p16, p19), then ``play <card>`` (a wild card as ``play 6B=AR``).
   A bid is answered in turn from the bidder's left with ``gut``, ``halten`` or
   ``drei`` (p10-p16); a Groschen with ``gut`` or ``halten`` (p16, p17).

After the third trick every figure is settled (p14) and the items say who goes out
(Das Ausgehen). A game to the agreed number of points (a *Spiel* in the print's sense:
"der jeweilige Verlierer hat ein Viertele Wein zu zahlen") is a series of deals
chained by the ``context``: who deals, the points so far, who has gone out.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from rules.bieten import functions as f
from rules.bieten.functions import (
    FIGURE_PARAGRAPH,
    FIGURES,
    Credit,
    Played,
    WildHand,
    antwort,
    aus,
    bsp,
    p,
)
from rules.cards import GERMAN_32, Card, Suit, parse_card
from rules.errors import RulesError
from rules.model import (
    CHANCE,
    Action,
    Game,
    IllegalAction,
    ScoreItem,
    Scores,
    State,
    Variant,
    canonical_deal,
)

JSON = Any
SEAT_NAMES = ("A", "B", "C", "D", "E")
_SUIT_NAME = {
    Suit.ACORNS: "Eichel",
    Suit.LEAVES: "Laub",
    Suit.GERMAN_HEARTS: "Herz",
    Suit.BELLS: "Schell",
}
_STATUS_WORD = {
    "still": "stillschweigend",
    "gut": "gut gelassen",
    "gehalten": "gehalten",
    "groschen_gut": "Groschen gut gelassen",
    "groschen_gehalten": "Groschen gehalten",
}
_STATUS_CITES = {
    "still": (p(7), p(8), p(9)),
    "gut": (p(12), antwort(1)),
    "gehalten": (p(14), antwort(2)),
    "groschen_gut": (p(16), antwort(3)),
    "groschen_gehalten": (p(17), p(18), p(20), antwort(3)),
}


#: p9: the Vorhand, his first card on the table, says nothing more (closes his window).
_PASS = Action("pass", (p(9), p(21)))


@dataclass(frozen=True)
class Rules:
    """What differs between the three games: wild cards, pack, cut, citations."""

    wilds: Mapping[Card, int]
    pack: tuple[Card, ...]
    fns: ModuleType
    wild_cites: tuple[str, ...] = ()
    cut_cites: tuple[str, ...] = ()
    bind_cites: tuple[str, ...] = ()
    renounce_cites: tuple[str, ...] = ()
    naturals: tuple[Card, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "naturals", tuple(c for c in self.pack if c not in self.wilds))


def variant(
    name: str, title: str, description: str, cites: Sequence[str], **changes: JSON
) -> Variant:
    """A variant of one of the three games (same parameters for all)."""
    params: dict[str, JSON] = {
        "players": 3,
        "target": 7,
        "laub_first": False,
        "bidder_groschen": False,
    }
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"bieten variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


def standard_variants(extra_cites: Sequence[str] = ()) -> dict[str, Variant]:
    """The variants of each game: three players (default), two, four, five, Laub first."""
    e = tuple(extra_cites)
    found = (
        variant(
            "drei",
            "Three players, to seven",
            "Three players play to seven Gutpunkte, as in the worked example (beispiel.p1).",
            (p(2), p(5), bsp(1), *e),
        ),
        variant(
            "zwei",
            "Two players, to nine",
            "Two players; fewer than three agree on a higher number (p5): nine.",
            (p(2), p(5), *e),
            players=2,
            target=9,
        ),
        variant(
            "vier",
            "Four players, to five",
            "Four players; more than three agree on a lower number (p5): five.",
            (p(2), p(5), p(23), *e),
            players=4,
            target=5,
        ),
        variant(
            "fuenf",
            "Five players, to five",
            "Five players, to five (p2: 'drei, vier oder fünf' are the best numbers).",
            (p(2), p(5), *e),
            players=5,
            target=5,
        ),
        variant(
            "laub_zuerst",
            "Laub first when going out",
            "Three players to seven, Laub ranking before Herz when going out, as 'in "
            "früheren Zeiten und auch jetzt noch in manchen Orten' (ausgehen.p1).",
            (aus(1), *e),
            laub_first=True,
        ),
        variant(
            "bieter_groschen",
            "The bidder may raise his own figure",
            "Three players to seven; once his figure is held, the bidder too may give Drei "
            "on it at his turn (the edition's earlier reading; the text gives every "
            "Groschen to the bidder, p16).",
            (p(16), p(19), p(20), *e),
            bidder_groschen=True,
        ),
    )
    return {v.name: v for v in found}


def _check_context(seats: tuple[str, ...], context: Mapping[str, JSON]) -> dict[str, JSON]:
    ctx: dict[str, JSON] = {
        "dealer": seats[0],
        "score": {s: 0 for s in seats},
        "out": [],
        **context,
    }
    if ctx["dealer"] not in seats:
        raise RulesError(f"context: the dealer is one of {', '.join(seats)}, not {ctx['dealer']!r}")
    score = ctx["score"]
    if (
        not isinstance(score, Mapping)
        or set(score) != set(seats)
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in score.values())
    ):
        raise RulesError(
            f"context: score gives each of {', '.join(seats)} a whole number (below zero "
            "after penalties, p28, p30, ausgehen.p1)"
        )
    out = ctx["out"]
    if not isinstance(out, list) or not set(out) <= set(seats) or len(set(out)) != len(out):
        raise RulesError("context: out lists the players who have gone out, once each")
    if ctx["dealer"] in out:
        raise RulesError("context: a player who has gone out does not deal")
    if len(seats) - len(out) < 2:
        raise RulesError("context: fewer than two players remain; the game is over")
    unknown = set(ctx) - {"dealer", "score", "out"}
    if unknown:
        raise RulesError(f"context: unknown keys {sorted(unknown)}")
    return ctx


class BietenState(State):
    """One deal of Bieten (or Bieten mit dem Weli, Spitzbieten) in progress."""

    game: BietenGame

    def __init__(self, game: BietenGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.all_seats = game.seats_of(variant)
        self.ctx = _check_context(self.all_seats, context)
        ring = list(self.all_seats)
        dealer = ring.index(self.ctx["dealer"])
        rotated = ring[dealer + 1 :] + ring[: dealer + 1]
        self.order: tuple[str, ...] = tuple(s for s in rotated if s not in self.ctx["out"])
        self.n = len(self.order)
        self.target: int = variant["target"]
        reached = [s for s in self.order if self.ctx["score"][s] >= self.target]
        if reached:
            raise RulesError(
                f"context: {', '.join(reached)} has {self.target} or more and has gone out "
                "('Wer zuerst ... erreicht, geht aus', ausgehen.p1): list him in out"
            )
        self.bidder_groschen = bool(variant["bidder_groschen"])
        self.phase = "cut" if self.rules.wilds else "deal"
        self.weli_cut = False
        self.pattern: list[int] = []
        self.dealt_count = 0
        self.dealt: dict[str, list[Card]] = {s: [] for s in self.order}
        self.hand: dict[str, list[Card]] = {s: [] for s in self.order}
        self.table: dict[str, list[Played]] = {s: [] for s in self.order}
        self.renounced: dict[str, set[Suit]] = {s: set() for s in self.order}
        self.bound: dict[str, set[str]] = {s: set() for s in self.order}
        self.status: dict[str, str] = {fig: "offen" for fig in FIGURES}
        self.bidder: dict[str, str] = {}
        self.giver: dict[str, str] = {}
        self.holder: dict[str, str] = {}
        self.bids: dict[str, list[str]] = {s: [] for s in self.order}
        self.credits: list[Credit] = []
        self.pending: dict[str, Any] | None = None
        self.trick: list[tuple[str, Played]] = []
        self.leader = self.order[0]
        #: p9: the Vorhand may still bid once his first card lies on the table, before the
        #: next player acts; open until he says ``pass`` (or has nothing left to bid).
        self.window = False
        self.tricks: list[tuple[str, str]] = []
        self._cache: dict[tuple[str, str], bool] = {}
        self._hands: dict[str, WildHand] = {}
        self.remaining = list(game.rules.pack)
        self.remaining_actions = list(game.deal_action_list)
        if self.phase == "deal":
            self.pattern = f.deal_order(self.n)

    @property
    def rules(self) -> Rules:
        """The game's wild cards, pack and rule functions."""
        return self.game.rules

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        if self.phase == "play":
            if self.pending is not None:
                return str(self.pending["queue"][0])
            if self.window:
                return self.order[0]
            if not self.trick:
                return self.leader
            last = self.order.index(self.trick[-1][0])
            return self.order[(last + 1) % self.n]
        if self.phase in ("cut", "deal"):
            return CHANCE
        return None

    # ------------------------------------------------------------ what a player holds

    def wild_hand(self, seat: str) -> WildHand:
        """The seat's cards in the form the wild-card rules take (:class:`WildHand`)."""
        hand = self._hands.get(seat)
        if hand is None:
            wild = self.game.wild_cards
            hand = WildHand(
                natural=tuple(c for c in self.dealt[seat] if not f.among(c, wild)),
                unplayed=tuple(c for c in self.hand[seat] if not f.among(c, wild)),
                fixed=tuple(pl for pl in self.table[seat] if pl.wild is not None),
                free=tuple(c for c in self.hand[seat] if f.among(c, wild)),
                renounced=frozenset(self.renounced[seat]),
                bound=frozenset(self.bound[seat]),
            )
            self._hands[seat] = hand
        return hand

    def _last_lead(self) -> Card | None:
        if len(self.tricks) == 2 and self.trick:
            return self.trick[0][1].card
        return None

    def _just_played(self, seat: str) -> Played | None:
        return next((pl for s, pl in self.trick if s == seat), None)

    def may_wager(self, seat: str, figure: str) -> bool:
        """Whether ``seat`` may bid, hold or give Drei on ``figure`` now (see the rule)."""
        key = (seat, figure)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        last_lead = self._last_lead() if figure == "spiel" else None
        if self.rules.wilds:
            result = bool(
                self.rules.fns.may_wager(
                    figure,
                    self.wild_hand(seat),
                    last_lead,
                    self._just_played(seat),
                    self.rules.wilds,
                )
            )
        else:
            mine = [Played(c) for c in self.dealt[seat]]
            spiel_cards: list[Played] = [Played(c) for c in self.hand[seat]]
            just = self._just_played(seat)
            if just is not None:
                spiel_cards.append(just)
            result = f.may_wager(figure, mine, last_lead, spiel_cards)  # type: ignore[arg-type]
        self._cache[key] = result
        return result

    def _open_bids(self, seat: str) -> int:
        return sum(1 for fig in self.bids[seat] if self.status[fig] not in ("gut", "groschen_gut"))

    def score_now(self, seat: str) -> int:
        """The seat's points: before the deal plus what was written at once in it."""
        return int(self.ctx["score"][seat]) + sum(c.points for c in self.credits if c.seat == seat)

    def _bid_room(self, seat: str) -> int:
        now = self.score_now(seat)
        if now >= self.target:
            return 0
        return f.bids_allowed(now, self.target) - self._open_bids(seat)

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        if self.phase == "cut":
            return [
                Action("cut weli", self.rules.cut_cites),
                Action("cut other", self.rules.cut_cites),
            ]
        if self.phase == "deal":
            return list(self.remaining_actions)
        seat = self._to_act()
        assert seat is not None
        if self.pending is not None:
            return self._answers(seat)
        if self.window:
            return [*self._window_bids(seat), _PASS]
        actions: list[Action] = []
        room = None
        for fig in FIGURES:
            state = self.status[fig]
            if state == "offen":
                if room is None:
                    room = self._bid_room(seat)
                if room > 0 and self.may_wager(seat, fig):
                    actions.append(Action(f"bid {fig}", self._bid_cites(fig)))
            elif (
                state == "gehalten"
                and f.may_give_groschen(seat, self.bidder[fig], self.bidder_groschen)
                and self.may_wager(seat, fig)
            ):
                actions.append(Action(f"drei {fig}", (antwort(3), p(15), p(16), p(19), p(20))))
        return actions + self._plays(seat)

    def _window_bids(self, seat: str) -> list[Action]:
        """The bids the Vorhand may still make after laying his first card (p9)."""
        if self._bid_room(seat) <= 0:
            return []
        return [
            Action(f"bid {fig}", self._bid_cites(fig))
            for fig in FIGURES
            if self.status[fig] == "offen" and self.may_wager(seat, fig)
        ]

    def _bid_cites(self, fig: str) -> tuple[str, ...]:
        cites = (p(9), p(10), FIGURE_PARAGRAPH[fig], aus(1))  # type: ignore[index]
        return (*cites, p(30)) if fig == "spiel" else cites

    def _answers(self, seat: str) -> list[Action]:
        assert self.pending is not None
        fig = self.pending["figure"]
        extra = (p(30),) if fig == "spiel" else ()
        if self.pending["kind"] == "bid":
            actions = [Action(f"gut {fig}", (antwort(1), p(11), p(12)))]
            if self.may_wager(seat, fig):
                actions.append(Action(f"halten {fig}", (antwort(2), p(13), p(14), *extra)))
                actions.append(Action(f"drei {fig}", (antwort(3), p(15), p(16), p(20), *extra)))
            return actions
        actions = [Action(f"gut {fig}", (p(16),))]
        if self.may_wager(seat, fig):
            actions.append(Action(f"halten {fig}", (p(17), p(18), *extra)))
        return actions

    def _led_suit(self) -> Suit | None:
        return self.trick[0][1].card.suit if self.trick else None

    def _plays(self, seat: str) -> list[Action]:
        led = self._led_suit()
        cites = (p(8),) if led is None else (p(8), p(28))
        wilds = self.rules.wilds
        if not wilds:
            naturals = self.hand[seat]
            legal = f.legal_cards(naturals, self.trick[0][1].card if self.trick else None)
            table = self.game.follow_actions if self.trick else self.game.lead_actions
            return [table[c] for c in legal]
        fns = self.rules.fns
        hand = self.wild_hand(seat)
        actions = [Action(f"play {c}", cites) for c in fns.natural_options(hand, led, wilds)]
        wild_cites = (*cites, *self.rules.wild_cites)
        for wild in hand.free:
            for card in fns.wild_options(hand, wild, led, wilds):
                actions.append(Action(f"play {wild}={card}", wild_cites))
        return actions

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The cut: the Weli one time in the pack's size; a dealt card: uniform."""
        actions = self.legal_actions()
        if self.phase == "cut":
            share = 1.0 / len(self.rules.pack)
            return [(actions[0], share), (actions[1], 1.0 - share)]
        return super().chance_outcomes()

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb, _, rest = text.partition(" ")
        if self.phase in ("cut", "deal"):
            return IllegalAction(
                f"the cards are being cut and dealt; {text!r} must wait",
                (p(6), *self.rules.cut_cites),
            )
        seat = self._to_act() or ""
        if verb not in ("bid", "gut", "halten", "drei", "play", "pass"):
            return IllegalAction(f"{text!r} is not an action of Bieten", (p(8), p(9)))
        if verb == "pass":
            if self.pending is not None:
                return self._refuse_unanswered(seat)
            return IllegalAction(
                "only the Vorhand passes, once his first card lies on the table and before "
                f"the next player acts; {seat} bids or plays",
                (p(9),),
            )
        if self.window and self.pending is None and verb != "bid":
            return IllegalAction(
                f"the Vorhand {seat} has laid his first card and may still bid ('oder erst, "
                "wenn er sie schon vor sich auf dem Tisch liegen hat'): 'bid <figure>' or "
                "'pass' first",
                (p(9),),
            )
        if verb == "play":
            if self.pending is not None:
                return self._refuse_unanswered(seat)
            return self._refuse_play(seat, rest)
        if rest not in FIGURES:
            return IllegalAction(f"the figures are {', '.join(FIGURES)}, not {rest!r}", (p(7),))
        fig = rest
        if self.pending is not None:
            if verb == "bid":
                return self._refuse_unanswered(seat)
            pend = self.pending["figure"]
            if fig != pend:
                return IllegalAction(f"{seat} answers the {pend} first", (p(10), p(12), p(16)))
            if verb == "drei" and self.pending["kind"] == "groschen":
                return IllegalAction(
                    "more than Drei cannot be given: a Groschen is answered gut or halten", (p(20),)
                )
            return self._refuse_wager(seat, fig)
        if verb in ("gut", "halten"):
            return IllegalAction(
                f"nobody has bid {fig} or given Drei on it now; {seat} may bid or play",
                (p(10), p(16)),
            )
        state = self.status[fig]
        if verb == "drei":
            if state == "offen":
                return IllegalAction(
                    f"Drei is given on a figure bid and held; {fig} has not been bid",
                    (p(16), p(19)),
                )
            if state in ("groschen_gehalten",):
                return IllegalAction("more than Drei cannot be given", (p(20),))
            if state in ("gut", "groschen_gut"):
                return IllegalAction(f"the {fig} is settled (let good)", (p(12), p(16)))
            if not f.may_give_groschen(seat, self.bidder[fig], self.bidder_groschen):
                return IllegalAction(
                    f"{seat} bid the {fig} himself: the Groschen is given to the bidder by "
                    "another player ('Glaubt der Gefragte ... so gibt er „Drei“'), and he "
                    "answers it",
                    (p(16),),
                )
            return self._refuse_wager(seat, fig)
        if state != "offen":
            return IllegalAction(
                f"the {fig} has been bid already in this deal", (p(9), p(12), p(14))
            )
        if self._bid_room(seat) <= 0:
            if self.score_now(seat) >= self.target - 1:
                return IllegalAction(
                    f"{seat} lacks one point and may not bid any more ('mit sechs ... nicht "
                    "mehr bieten')",
                    (aus(2),),
                )
            return IllegalAction(
                f"{seat} would bid more figures than the points he lacks allow ('überbietet' "
                "himself)",
                (aus(1),),
            )
        return self._refuse_wager(seat, fig)

    def _refuse_unanswered(self, seat: str) -> IllegalAction:
        assert self.pending is not None
        fig, who = self.pending["figure"], self.pending["who"]
        if self.pending["kind"] == "bid":
            return IllegalAction(
                f"{seat} must first answer {who}'s bid of the {fig}: gut, halten or drei",
                (p(10), p(12)),
            )
        return IllegalAction(
            f"{seat} must first answer {who}'s Groschen in the {fig}: gut or halten", (p(16),)
        )

    def _refuse_wager(self, seat: str, fig: str) -> IllegalAction:
        if fig == "spiel":
            return IllegalAction(
                f"the last card is led: only a player with the led suit may bid or hold the "
                f"Spiel, and {seat} has none",
                (p(30), *self.rules.renounce_cites),
            )
        if self.rules.wilds and self.bound[seat]:
            return IllegalAction(
                f"{seat} cannot make the {fig} any more: his wild card is bound to "
                f"{', '.join(sorted(self.bound[seat]))}",
                self.rules.bind_cites,
            )
        return IllegalAction(
            f"{seat} holds no {fig}: a figure is bid, held or raised with a card of it",
            (p(9), FIGURE_PARAGRAPH[fig], *self.rules.bind_cites),  # type: ignore[index]
        )

    def _refuse_play(self, seat: str, rest: str) -> IllegalAction:
        physical, _, meant = rest.partition("=")
        try:
            card = parse_card(physical)
        except ValueError:
            return IllegalAction(f"{rest!r} is not a card", (p(1),))
        if card not in self.hand[seat]:
            return IllegalAction(f"{seat} does not hold {card}", (p(8),))
        if card in self.rules.wilds and not meant:
            return IllegalAction(
                f"{card} is a wild card: say what it is played as, e.g. 'play {card}=AR'",
                self.rules.wild_cites,
            )
        if card not in self.rules.wilds and meant:
            return IllegalAction(f"{card} is not a wild card", self.rules.wild_cites or (p(1),))
        led = self._led_suit()
        if led is not None and any(
            c.suit == led for c in self.hand[seat] if c not in self.rules.wilds
        ):
            return IllegalAction(
                f"{seat} holds {_SUIT_NAME[led]} and must follow suit ('Es muß unter allen "
                "Umständen Farbe bekannt werden')",
                (p(8), p(28)),
            )
        if meant:
            try:
                as_card = parse_card(meant)
            except ValueError:
                return IllegalAction(f"{meant!r} is not a card", self.rules.wild_cites)
            if as_card.suit in self.renounced[seat]:
                return IllegalAction(
                    f"{seat} renounced {_SUIT_NAME[as_card.suit]} when he did not follow it: his "
                    "wild card can no longer be one",
                    self.rules.renounce_cites,
                )
        return IllegalAction(
            f"this card would leave {seat} unable to make the figure his wild card is bound to "
            f"({', '.join(sorted(self.bound[seat])) or '-'})",
            self.rules.bind_cites or (p(8),),
        )

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        self._perform(action)
        self._cache = {}
        self._hands = {}
        if self.window and self.pending is None and not self._window_bids(self.order[0]):
            self.window = False

    def _perform(self, action: Action) -> None:
        text = action.text
        verb, _, rest = text.partition(" ")
        if verb == "deal":
            self._deal(self.game.card_by_text[rest])
        elif verb == "cut":
            self._cut(rest == "weli")
        elif verb == "play":
            self._play(action.seat, rest)
            if action.seat == self.order[0] and not self.tricks and len(self.trick) == 1:
                self.window = True
        elif verb == "pass":
            self.window = False
        elif verb == "bid":
            self.status[rest] = "geboten"
            self.bidder[rest] = action.seat
            self.bids[action.seat].append(rest)
            self.pending = {
                "kind": "bid",
                "figure": rest,
                "who": action.seat,
                "queue": f.answer_order(action.seat, self.order),
            }
        elif verb == "gut":
            self._gut(rest)
        elif verb == "halten":
            self._halten(action.seat, rest)
        elif verb == "drei":
            self.giver[rest] = action.seat
            self.status[rest] = "groschen"
            self.pending = {
                "kind": "groschen",
                "figure": rest,
                "who": action.seat,
                "queue": f.groschen_answer_order(action.seat, self.order),
            }

    def _cut(self, weli: bool) -> None:
        self.weli_cut = weli
        if weli:
            cutter = self.order[f.cutter_position(self.n)]
            card = self.game.card_by_text["6B"]
            self.dealt[cutter].append(card)
            self.hand[cutter].append(card)
            self._take(card)
        self.pattern = self.rules.fns.deal_order(self.n, weli)
        self.phase = "deal"

    def _take(self, card: Card) -> None:
        index = self.remaining.index(card)
        del self.remaining[index]
        del self.remaining_actions[index]

    def _deal(self, card: Card) -> None:
        self._take(card)
        seat = self.order[self.pattern[self.dealt_count]]
        self.dealt_count += 1
        self.dealt[seat].append(card)
        self.hand[seat].append(card)
        if self.dealt_count == len(self.pattern):
            self.phase = "play"
            self.deal = self.game.deal_of(self)

    def _gut(self, fig: str) -> None:
        assert self.pending is not None
        queue = self.pending["queue"]
        queue.pop(0)
        if queue:
            return
        if self.pending["kind"] == "bid":
            self.status[fig] = "gut"
            self.credits.append(Credit(self.bidder[fig], 1, fig, "sofort"))  # type: ignore[arg-type]
        else:
            self.status[fig] = "groschen_gut"
            self.credits.append(Credit(self.giver[fig], 2, fig, "sofort"))  # type: ignore[arg-type]
            for seat in self.order:
                self.bound[seat].discard(fig)
        self.pending = None

    def _halten(self, seat: str, fig: str) -> None:
        assert self.pending is not None
        self.holder[fig] = seat
        self.status[fig] = "gehalten" if self.pending["kind"] == "bid" else "groschen_gehalten"
        self.pending = None
        if self.rules.wilds and fig != "spiel":
            binds = self.rules.fns.binds
            for who in {seat, self.bidder.get(fig), self.giver.get(fig)} - {None}:
                assert who is not None
                if binds(fig, self.wild_hand(who), self.rules.wilds):
                    self.bound[who].add(fig)

    def _play(self, seat: str, rest: str) -> None:
        physical, _, meant = rest.partition("=")
        card = self.game.card_by_text[physical]
        played = (
            Played(card)
            if not meant
            else Played(self.game.card_by_text[meant], self.rules.wilds[card], card)
        )
        led = self._led_suit()
        if led is not None and played.card.suit != led:
            self.renounced[seat].add(led)
        self.hand[seat].remove(card)
        self.table[seat].append(played)
        self.trick.append((seat, played))
        if len(self.trick) < self.n:
            return
        winner = self.trick[self.rules.fns.trick_winner([pl for _, pl in self.trick])][0]
        self.tricks.append((self.trick[0][0], winner))
        self.trick = []
        self.leader = winner
        if len(self.tricks) == 3:
            self.phase = "over"

    # ------------------------------------------------------------ scoring

    def _settled(self) -> list[tuple[ScoreItem, Credit | None]]:
        """Every figure's items and the credits they count for going out, in counting order."""
        tables = {s: self.table[s] for s in self.order}
        last = self.tricks[-1][1] if len(self.tricks) == 3 else None
        found: list[tuple[ScoreItem, Credit | None]] = []
        fns = self.rules.fns
        for credit in self.credits:
            fig = credit.figure
            status = self.status[fig]
            if self.phase == "over":
                got = fns.settle(
                    fig, status, tables, self.bidder.get(fig), self.giver.get(fig), last
                )
                if not got:
                    found.append((self._fled(fig, status), None))
                    continue
            item = self._item(credit.seat, credit.points, fig, status)
            found.append((item, credit))
        if self.phase != "over":
            return found
        for when in ("gehalten", "still"):
            for fig in FIGURES:
                status = self.status[fig]
                if status in ("gut", "groschen_gut"):
                    continue
                if (status == "offen") != (when == "still"):
                    continue
                status = "still" if status == "offen" else status
                got = fns.settle(
                    fig, status, tables, self.bidder.get(fig), self.giver.get(fig), last
                )
                if (
                    not got
                    and fig in ("gleich", "hanger")
                    and fns.figure_winner(fig, tables, last) is None
                    and any(
                        f.figure_key(fig, cards) is not None
                        for cards in tables.values()  # type: ignore[arg-type]
                    )
                ):
                    found.append((self._fled(fig, status), None))
                for seat, points in got.items():
                    credit = Credit(seat, points, fig, when)  # type: ignore[arg-type]
                    found.append((self._item(seat, points, fig, status), credit))
        return found

    def _item(self, seat: str, points: int, fig: str, status: str) -> ScoreItem:
        cites = (*_STATUS_CITES[status], FIGURE_PARAGRAPH[fig])  # type: ignore[index]
        if fig == "spiel":
            cites = (*cites, p(29))
        if self.rules.wilds and any(pl.wild for pl in self.table[seat]):
            cites = (*cites, *self.rules.wild_cites)
        return ScoreItem(seat, points, fig, cites, _STATUS_WORD[status])

    def _fled(self, fig: str, status: str) -> ScoreItem:
        seat = self.bidder.get(fig) or self.giver.get(fig) or self.order[0]
        return ScoreItem(seat, 0, f"{fig}_flieht", (p(29),), f"{_STATUS_WORD[status]}: flieht")

    def outcome(self) -> tuple[list[str], str | None]:
        """Who goes out in this deal (in order) and who has lost, once the deal is over."""
        if self.phase != "over":
            return [], None
        credits = [c for _, c in self._settled() if c is not None]
        before = {s: int(self.ctx["score"][s]) for s in self.order}
        out = f.going_out(before, credits, self.target, bool(self.variant["laub_first"]))
        out_all = [*self.ctx["out"], *out]
        return out, f.loser(self.all_seats, out_all)

    def _scores(self) -> Scores:
        settled = self._settled()
        items = [item for item, _ in settled]
        if self.phase == "over":
            out, lost = self.outcome()
            for rank, seat in enumerate(out, 1):
                total = int(self.ctx["score"][seat]) + sum(
                    i.points for i in items if i.seat == seat
                )
                items.append(
                    ScoreItem(
                        seat,
                        0,
                        "ausgehen",
                        (aus(1), aus(2), p(3), p(5)),
                        f"goes out ({len(self.ctx['out']) + rank}.) with {total} of {self.target}",
                    )
                )
            if lost is not None:
                items.append(
                    ScoreItem(lost, 0, "verloren", (aus(1), bsp(7)), "last to go out: has lost")
                )
            for seat in self.order:
                if not any(i.seat == seat and i.points for i in items):
                    items.append(
                        ScoreItem(seat, 0, "bantl", (bsp(4),), "wrote nothing this deal (a Bantl)")
                    )
        return Scores(self.all_seats, tuple(items))

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: own cards, the open table, every announcement, the figures."""
        scores = " ".join(f"{s} {self.ctx['score'][s]}" for s in self.all_seats)
        out = " ".join(self.ctx["out"]) or "-"
        lines = [
            f"{self.game.title} ({self.variant.name}), {self.ctx['dealer']} deals, to "
            f"{self.target}; scores {scores}; out {out}; phase {self.phase}"
        ]
        for s in self.order:
            shown = " ".join(str(pl) for pl in self.table[s]) or "-"
            if seat in ("", s):
                hand = " ".join(str(c) for c in self.hand[s]) or "-"
                lines.append(f"{s}: hand {hand}; table {shown}")
            else:
                lines.append(f"{s}: {len(self.hand[s])} in hand; table {shown}")
        figures = []
        for fig in FIGURES:
            state = self.status[fig]
            who = [
                x for x in (self.bidder.get(fig), self.holder.get(fig), self.giver.get(fig)) if x
            ]
            figures.append(f"{fig} {state}" + (f" ({'/'.join(who)})" if who else ""))
        lines.append("figures: " + ", ".join(figures))
        said = [
            f"{a.seat}: {a.text}"
            for a in self.history
            if a.seat != CHANCE and not a.text.startswith("play ")
        ]
        if said:
            lines.append("said: " + "; ".join(said))
        if self.rules.wilds and (seat == "" or self.weli_cut):
            lines.append(f"weli cut: {'yes' if self.weli_cut else 'no'}")
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class BietenGame(Game):
    """Bieten and its two wild-card games (deal format: ``rules/bieten/README.md``)."""

    siglum = "schwaighofer1927"
    max_game_length = 100
    end_cites = (p(8), p(14))

    def __init__(
        self,
        name: str,
        title: str,
        chapter: str,
        rules: Rules,
        variants: Mapping[str, Variant],
        deal_format: str,
    ) -> None:
        self.name = name  # type: ignore[misc]
        self.title = title  # type: ignore[misc]
        self.chapter = chapter  # type: ignore[misc]
        self.rules = rules
        self.variants = dict(variants)  # type: ignore[misc]
        self.deal_format = deal_format  # type: ignore[misc]
        self.card_by_text = {str(c): c for c in rules.pack}
        self.deal_action_list = [Action(f"deal {c}", (p(6),)) for c in rules.pack]
        self.wild_cards = tuple(rules.wilds)
        self.lead_actions = {c: Action(f"play {c}", (p(8),)) for c in rules.pack}
        self.follow_actions = {c: Action(f"play {c}", (p(8), p(28))) for c in rules.pack}

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickle by name (the game holds its rules module, which does not pickle)."""
        return (_game_named, (self.name,))

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """The players A, B, C ... in order round the table, each left of the one before."""
        return SEAT_NAMES[: int(variant["players"])]

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> BietenState:
        """Before the cut and deal."""
        return BietenState(self, variant, context)

    def new_game(
        self,
        variant: str | Variant | None = None,
        *,
        seed: int | None = None,
        deal: JSON | None = None,
        context: Mapping[str, JSON] | None = None,
    ) -> State:
        """A new deal; an explicit deal must give one hand per player still in the game.

        The order of the cards within a hand has no meaning (bietenweli.p2 speaks of a
        hand, not of an order): the deal is kept as given.
        """
        if deal is not None:
            chosen = self.variant(variant)
            order = BietenState(self, chosen, context or {}).order
            hands = deal.get("hands") if isinstance(deal, Mapping) else None
            if isinstance(hands, list) and len(hands) != len(order):
                raise RulesError(
                    f"the deal gives {len(hands)} hands, but {len(order)} players still play: "
                    f"one hand each, in play order from the Vorhand ({', '.join(order)}), "
                    "three cards each (p6)"
                )
        state = super().new_game(variant, seed=seed, deal=deal, context=context)
        assert isinstance(state, BietenState)
        if deal is not None:
            given = [sorted(str(parse_card(c)) for c in hand) for hand in deal["hands"]]
            dealt = [sorted(str(c) for c in state.dealt[s]) for s in state.order]
            if state.phase in ("cut", "deal") or given != dealt:  # pragma: no cover
                raise RulesError(
                    f"the deal must give {len(state.order)} hands, in play order from the "
                    f"Vorhand ({', '.join(state.order)}), three cards each (p6)"
                )
            state.deal = canonical_deal(deal)
        return state

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """The cut (games with the Weli) and the whole shuffled pack; a deal uses what it needs."""
        cards = list(self.rules.pack)
        chance: list[str] = []
        if self.rules.wilds:
            weli = rng.randrange(len(cards)) == 0
            chance.append("cut weli" if weli else "cut other")
            if weli:
                cards.remove(f.WELI)
        rng.shuffle(cards)
        return chance + [f"deal {c}" for c in cards]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        if not isinstance(deal, Mapping) or not isinstance(deal.get("hands"), list):
            raise RulesError('a Bieten deal is {"hands": [[3 cards], ...]} from the Vorhand round')
        unknown = set(deal) - {"hands", "weli_cut"}
        if unknown or ("weli_cut" in deal and not self.rules.wilds):
            raise RulesError(f"a deal of {self.title} has no {sorted(unknown or {'weli_cut'})}")
        hands = []
        for i, hand in enumerate(deal["hands"]):
            if not isinstance(hand, list) or len(hand) != 3:
                raise RulesError(f"deal.hands[{i}]: each player is dealt three cards (p6)")
            try:
                hands.append([parse_card(c) for c in hand])
            except ValueError as error:
                raise RulesError(f"deal.hands[{i}]: {error}") from None
        every = [c for h in hands for c in h]
        outside = [str(c) for c in every if c not in self.rules.pack]
        if outside:
            raise RulesError(f"not in the pack of {self.title}: {', '.join(outside)}")
        if len(set(every)) != len(every):
            raise RulesError("a card is dealt twice")
        n = len(hands)
        if not f.players_allowed(n):
            raise RulesError(f"{n} hands: Bieten is played by two players or more (p2)")
        weli_cut = bool(deal.get("weli_cut", False))
        chance: list[str] = []
        if self.rules.wilds:
            chance.append("cut weli" if weli_cut else "cut other")
            if weli_cut:
                cutter = f.cutter_position(n)
                if f.WELI not in hands[cutter]:
                    where = next(
                        (f"deal.hands[{i}]" for i, h in enumerate(hands) if f.WELI in h),
                        "no hand",
                    )
                    raise RulesError(
                        f"weli_cut: the Weli (6B) was cut by the player right of the dealer, "
                        f"who keeps it, so it belongs in the next to last hand "
                        f"(deal.hands[{cutter}], anywhere in it); it is in {where} "
                        "(bietenweli.p2)"
                    )
                hands[cutter] = [c for c in hands[cutter] if c != f.WELI]
        pattern = f.deal_order(n, weli_cut)
        taken = [0] * n
        for position in pattern:
            chance.append(f"deal {hands[position][taken[position]]}")
            taken[position] += 1
        return chance

    def deal_of(self, state: BietenState) -> JSON:
        """The explicit deal a finished cut and deal gave (the form of ``deal_to_chance``)."""
        deal: dict[str, JSON] = {"hands": [[str(c) for c in state.dealt[s]] for s in state.order]}
        if self.rules.wilds:
            deal["weli_cut"] = state.weli_cut
        return deal

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The deal for all players of ``variant`` (a deal with players out replaces it)."""
        state = BietenState(self, variant, {})
        state._start(list(chance))
        return state.deal

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``cut weli``/``cut other`` (games with the Weli) and ``deal <card>``."""
        cut = ("cut weli", "cut other") if self.rules.wilds else ()
        return (*cut, *(f"deal {c}" for c in self.rules.pack))

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Bids, answers and Drei for each figure; each natural card; each wild card as each card."""
        from rules.cards import GERMAN_32

        words = ("bid", "gut", "halten", "drei")
        return (
            *(f"{w} {fig}" for w in words for fig in FIGURES),
            _PASS.text,
            *(f"play {c}" for c in self.rules.naturals),
            *(f"play {wild}={c}" for wild in self.rules.wilds for c in GERMAN_32),
        )

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """Five figures of at most three points each."""
        return (-15.0, 15.0)

    def first_context(self, variant: Variant, rng: random.Random) -> dict[str, JSON]:
        """The first deal of a game: the players cut, the first As or the lowest card deals (p4)."""
        seats = self.seats_of(variant)
        while True:
            cards = list(self.rules.naturals)
            rng.shuffle(cards)
            chosen = f.dealer_by_cut(cards[: len(seats)])
            if chosen is not None:
                return {"dealer": seats[chosen], "score": {s: 0 for s in seats}, "out": []}

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next deal: scores carried, who went out, the next dealer to the left; or the end."""
        assert isinstance(state, BietenState)
        out, lost = state.outcome()
        if lost is not None:
            return None
        totals = state.scores().totals()
        score = {s: int(state.ctx["score"][s]) + int(totals[s]) for s in state.all_seats}
        gone = [*state.ctx["out"], *out]
        return {
            "dealer": f.next_dealer(state.ctx["dealer"], state.all_seats, gone),
            "score": score,
            "out": gone,
        }


def _game_named(name: str) -> Game:
    from rules.registry import get_game

    return get_game(name)


DEAL_FORMAT = (
    '{"hands": [[3 cards], ...]}: one hand per player still in the game, in play order '
    "from the Vorhand (left of the dealer) round to the dealer. The context "
    '{"dealer": "A", "score": {"A": 0, ...}, "out": []} says who deals, the points so far '
    "and who has gone out."
)
WILD_DEAL_FORMAT = DEAL_FORMAT + (
    ' With the Weli: "weli_cut": true when the player right of the dealer (the next to '
    "last hand) cut the Weli and kept it; his hand then holds 6B."
)

GAME = BietenGame(
    "bieten",
    "Bieten",
    "schwaighofer1927.bieten",
    Rules(wilds=f.NO_WILDS, pack=GERMAN_32, fns=f),
    standard_variants(),
    DEAL_FORMAT,
)
