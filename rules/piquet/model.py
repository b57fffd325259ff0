"""Piquet as a playable deal (Engelmann 1798), on the game model of :mod:`rules.model`.

A deal runs through these phases, each action citing its paragraphs:

1. **deal** (chance, p4): ``deal <card>`` fills the elder's hand, the younger's (the
   dealer's), then the talon in buying order. An explicit deal may hold a misdeal:
   one hand with a card too many or too few (Gesetze 1, 6), or a packet too many
   (Gesetz 2: the deal ends in a compulsory redeal).
2. **choice** (Gesetz 1): after a card too many, the elder says ``redeal`` or
   ``play on``.
3. **exchange** (p5, Gesetze 1, 11, 12): the elder, then the younger, ``discard <card>``
   one card at a time and then ``buy <n>``, taking ``n`` cards from the talon and so
   announcing the number (Gesetz 11). An elder holding thirteen may correct it by
   buying one card fewer than he discarded (Gesetz 1).
4. **declarations** (p7-p10, p15, p16; Gesetze 3, 4): for Carte blanche, point,
   sequences and sets in turn, each player holding something there says
   ``declare <category>`` or ``omit <category>``; an omitted holding counts as nothing,
   and the other's lower holding then wins (Gesetz 4).
5. **play** (p11, p12; Gesetze 6, 7): ``play <card>``, following suit when possible.
   Before his own first card a player may ``revise <category>`` he omitted (Gesetz 3 for
   the elder before his lead; Gesetze 14, 15 for the younger). A short-handed player
   plays to every lead until his cards run out (Gesetz 6).

Scores itemise Carte blanche, point, sequences, sets, Repic and Pic, leads, won
tricks, the last trick and the tricks bonus or Capot. A player found with more cards
than he should hold counts nothing (Gesetz 6). With a ``context`` carrying the Partie
(who deals, the score so far), the deal also says who reaches the target first in the
order of p15, or reckons the four-deal Partie (p14).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.cards import FRENCH_32, Card, format_cards, parse_card
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
    cards_of,
    check_distinct,
)
from rules.piquet import functions as f
from rules.piquet.functions import ORDER, Hand, law, p

JSON = Any
SEATS: tuple[str, str] = ("elder", "younger")
CATEGORIES: tuple[str, ...] = ("carte_blanche", "point", "sequences", "sets")
CATEGORY_CITES: dict[str, tuple[str, ...]] = {
    "carte_blanche": (p(15), p(16)),
    "point": (p(7),),
    "sequences": (p(8), p(9)),
    "sets": (p(10),),
}
_PLAY_CITES = (p(11), p(12))
_FOLLOW_CITES = (p(11), law(7))
_DEAL_CITES = (p(4),)
_BUY_CITES = (p(5), law(11))
_REVISE_CITES = {"elder": (law(3), law(4)), "younger": (law(14), law(15))}


def _variant(
    name: str, title: str, description: str, cites: Iterable[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {
        "target": 101,
        "deals": None,
        "tierce": 3,
        "leads": "every",
        "pic": "nothing_scored",
    }
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"piquet variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "partie101",
            "Partie of 101",
            "Deals until one player reaches 101, counting in the order of p15.",
            [p(1), p(13), p(15)],
        ),
        _variant(
            "partie100",
            "Partie of 100",
            "As the Partie of 101, to 100 ('oder auch nur Hundert').",
            [p(1)],
            target=100,
        ),
        _variant(
            "vier_spiele",
            "Four deals ('4 Spiele')",
            "Four deals; the difference of the sums is reckoned by tens, 5 and over "
            "rounding up (p1, p14).",
            [p(1), p(14)],
            target=None,
            deals=4,
        ),
        _variant(
            "reading_tierce_2",
            "Reading: Tertie 2",
            "The Partie of 101 with the Tertie at 2 points, as the OCR prints p8 "
            "(the edition reads 3).",
            [p(8)],
            tierce=2,
        ),
        _variant(
            "reading_high_leads",
            "Reading: only high leads count",
            "The Partie of 101 where a lead counts only with a Ten or higher, reading "
            "p12's list as exhaustive (the edition follows p11: every lead counts).",
            [p(11), p(12)],
            leads="high",
        ),
        _variant(
            "reading_pic_no_trick",
            "Reading: Pic unless the other wins a trick",
            "The Partie of 101 where the Pic needs only that the other wins no trick "
            "before the elder reaches 30, as p17 says in so many words (the edition "
            "reads in p16's condition that he has scored nothing).",
            [p(17)],
            pic="no_trick",
        ),
    )
}

DEFAULT_CONTEXT: dict[str, JSON] = {
    "deal": 1,
    "dealer": "A",
    "score": {"A": 0, "B": 0},
    "deals": {"A": [], "B": []},
}

_CHANCE_ACTIONS = {c: Action(f"deal {c}", _DEAL_CITES) for c in FRENCH_32}
_CARD_BY_TEXT = {str(c): c for c in FRENCH_32}


def _count(value: JSON) -> bool:
    """Whether ``value`` is a whole number >= 0 (``true`` and ``false`` are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_context(context: JSON, variant: Variant) -> dict[str, JSON]:
    """The Partie context with defaults filled in; refuses malformed ones, naming the field."""
    if not isinstance(context, Mapping):
        raise RulesError(
            "context: the Partie context is an object {deal, dealer, score, deals} "
            f"(p1, p13, p14), not {type(context).__name__} {context!r}"
        )
    unknown = sorted(set(context) - set(DEFAULT_CONTEXT))
    if unknown:
        raise RulesError(
            f"context: no field {', '.join(map(repr, unknown))}; the fields are deal, dealer, "
            "score and deals (p1, p13, p14)"
        )
    ctx = {**DEFAULT_CONTEXT, **context}
    if ctx["dealer"] not in ("A", "B"):
        raise RulesError(f"context.dealer: 'A' or 'B' (p2, p13), not {ctx['dealer']!r}")
    score = ctx["score"]
    if (
        not isinstance(score, Mapping)
        or set(score) != {"A", "B"}
        or not all(_count(v) for v in score.values())
    ):
        raise RulesError(
            f"context.score: {{'A': n, 'B': n}} with whole numbers n >= 0 (p13), not {score!r}"
        )
    deal = ctx["deal"]
    if not _count(deal) or deal < 1:
        raise RulesError(f"context.deal: a whole number from 1 (p13), not {deal!r}")
    if variant["deals"] is not None and deal > variant["deals"]:
        raise RulesError(
            f"context.deal: the Partie of {variant.name} has {variant['deals']} deals "
            f"(p1 '4 Spiele auf eine Partie', p14), not a deal {deal}"
        )
    deals = ctx["deals"]
    if (
        not isinstance(deals, Mapping)
        or set(deals) != {"A", "B"}
        or not all(isinstance(v, list) and all(_count(n) for n in v) for v in deals.values())
    ):
        raise RulesError(
            "context.deals: {'A': [...], 'B': [...]}, the scores of the deals before "
            f"(p14), not {deals!r}"
        )
    return ctx


class PiquetState(State):
    """One deal of Piquet in progress (see the module docstring for the phases)."""

    def __init__(
        self,
        game: PiquetGame,
        variant: Variant,
        context: Mapping[str, JSON],
        sizes: Sequence[int],
        packet: int,
    ) -> None:
        super().__init__(game, variant, context)
        self.ctx = _check_context(context, variant)
        self.sizes = tuple(sizes)
        self.packet = packet
        self.hands: dict[str, list[Card]] = {"elder": [], "younger": []}
        self.talon: list[Card] = []
        self.phase = "deal"
        self.redeal = ""
        self.exchanger = "elder"
        self.pending: list[Card] = []
        self.discards: dict[str, list[Card]] = {"elder": [], "younger": []}
        self.took: dict[str, int] = {}
        self.dealt_sizes: dict[str, int] = {}
        self.declared_hand: dict[str, Hand] = {}
        self.queue: list[tuple[str, str]] = []
        self.shown: dict[str, dict[str, bool]] = {"elder": {}, "younger": {}}
        self.played: dict[str, bool] = {"elder": False, "younger": False}
        self.offenders: set[str] = set()
        self.tricks: list[tuple[str, Card, Card | None, str]] = []
        self.lead: Card | None = None
        self.leader = "elder"

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        phase = self.phase
        if phase == "play":
            if self.lead is None:
                return self.leader
            return f.other(self.leader)  # type: ignore[arg-type]
        if phase == "deal":
            return CHANCE
        if phase == "exchange":
            return self.exchanger
        if phase == "declare":
            return self.queue[0][0]
        if phase == "choice":
            return "elder"
        return None

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            return self._legal_play()
        if phase == "deal":
            dealt = set(self.hands["elder"]) | set(self.hands["younger"]) | set(self.talon)
            return [a for c, a in _CHANCE_ACTIONS.items() if c not in dealt]
        if phase == "choice":
            return [Action("redeal", (law(1),)), Action("play on", (law(1),))]
        if phase == "exchange":
            return self._legal_exchange()
        category = self.queue[0][1]
        cites = CATEGORY_CITES[category]
        return [
            Action(f"declare {category}", cites),
            Action(f"omit {category}", (*cites, law(3), law(4))),
        ]

    def _exchange_bounds(self, seat: str) -> tuple[int, int]:
        """The fewest and most cards ``seat`` may discard now (p5; Gesetz 1's correction)."""
        if seat == "elder":
            least, most = f.exchange_limits("elder")
            return (least, most + 1 if self.dealt_sizes["elder"] > f.HAND_SIZE else most)
        least, _ = f.exchange_limits("younger", self.took["elder"])
        return (least, len(self.talon) - self.took["elder"])

    def _buy_options(self, seat: str) -> list[Action]:
        discarded = len(self.pending)
        least, most = self._exchange_bounds(seat)
        options: list[Action] = []
        if least <= discarded <= min(most, 5 if seat == "elder" else most):
            options.append(Action(f"buy {discarded}", _BUY_CITES))
        if seat == "elder" and self.dealt_sizes["elder"] > f.HAND_SIZE and 4 <= discarded <= 6:
            options.append(Action(f"buy {discarded - 1}", (law(1), *_BUY_CITES)))
        return options

    def _legal_exchange(self) -> list[Action]:
        seat = self.exchanger
        _, most = self._exchange_bounds(seat)
        actions: list[Action] = []
        if len(self.pending) < most:
            actions = [Action(f"discard {c}", (p(5),)) for c in self.hands[seat]]
        return actions + self._buy_options(seat)

    def _revisions(self, seat: str) -> list[Action]:
        if self.played[seat]:
            return []
        return [
            Action(f"revise {c}", (*CATEGORY_CITES[c], *_REVISE_CITES[seat]))
            for c in CATEGORIES
            if self.shown[seat].get(c) is False
        ]

    def _legal_play(self) -> list[Action]:
        if self.lead is None:
            seat = self.leader
            cards: Sequence[Card] = self.hands[seat]
            cites = _PLAY_CITES
        else:
            seat = f.other(self.leader)  # type: ignore[arg-type]
            cards = f.legal_cards(Hand(tuple(self.hands[seat])), self.lead)
            cites = _FOLLOW_CITES
        return [Action(f"play {c}", cites) for c in cards] + self._revisions(seat)

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb, _, rest = text.partition(" ")
        seat = self._to_act()
        phase = self.phase
        if phase == "deal":
            return IllegalAction(f"the cards are being dealt; {text!r} must wait", _DEAL_CITES)
        if phase == "choice":
            return IllegalAction(
                "a card too many was dealt: the elder first says 'redeal' or 'play on'", (law(1),)
            )
        if text in ("redeal", "play on"):
            return IllegalAction(
                "the elder chooses to redeal or play on only after a card too many", (law(1),)
            )
        if verb == "discard" and phase != "exchange":
            return IllegalAction("no one discards twice or after buying", (law(11),))
        if verb == "buy" and phase != "exchange":
            return IllegalAction("each player buys once only", (law(11),))
        if phase == "exchange":
            return self._refuse_exchange(verb, rest, seat or "")
        if verb in ("declare", "omit"):
            if phase != "declare":
                return IllegalAction(
                    "declarations are made before the first card is played", (law(3), law(4))
                )
            who, category = self.queue[0]
            return IllegalAction(
                f"the {who} now declares or omits {category}, in the order Carte blanche, "
                "point, sequences, sets",
                (p(8), p(10), p(15)),
            )
        if verb == "revise":
            if rest not in CATEGORIES:
                return IllegalAction(f"unknown category {rest!r}", (p(15),))
            if phase == "play" and seat and self.played[seat]:
                return IllegalAction(
                    f"the {seat} has played a card and can no longer count what he omitted",
                    _REVISE_CITES[seat],
                )
            return IllegalAction(
                f"the {seat} did not omit {rest}", _REVISE_CITES.get(seat or "", ())
            )
        if verb == "play":
            return self._refuse_play(rest, seat or "")
        return IllegalAction(f"{text!r} is not an action of Piquet", (p(1),))

    def _refuse_exchange(self, verb: str, rest: str, seat: str) -> IllegalAction:
        least, most = self._exchange_bounds(seat)
        if verb == "discard":
            card = _CARD_BY_TEXT.get(rest)
            if card is None or card not in self.hands[seat]:
                return IllegalAction(f"the {seat} does not hold {rest}", (p(5),))
            return IllegalAction(f"the {seat} discards at most {most} cards", (p(5),))
        if verb == "buy":
            if not rest.isdigit():
                return IllegalAction(f"'buy' takes a number, not {rest!r}", _BUY_CITES)
            wanted, discarded = int(rest), len(self.pending)
            if wanted > discarded:
                return IllegalAction(
                    f"the {seat} takes as many cards as he discarded ({discarded}), not more",
                    (p(5), law(12)),
                )
            if discarded < least:
                return IllegalAction(
                    f"the {seat} must discard at least {least} before buying", (p(5),)
                )
            return IllegalAction(
                f"the {seat} takes as many cards as he discarded ({discarded})", (p(5), law(1))
            )
        return IllegalAction(f"the {seat} is exchanging: discard cards, then buy", (p(5),))

    def _refuse_play(self, rest: str, seat: str) -> IllegalAction:
        if self.phase != "play":
            return IllegalAction("play begins once the cards are bought and declared", (p(11),))
        card = _CARD_BY_TEXT.get(rest)
        if card is None or card not in self.hands[seat]:
            return IllegalAction(f"the {seat} does not hold {rest}", (p(11),))
        assert self.lead is not None
        return IllegalAction(
            f"the {seat} holds {self.lead.suit.name.lower()} and must follow suit to {self.lead}",
            _FOLLOW_CITES,
        )

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        verb, _, rest = action.text.partition(" ")
        if action.text in ("redeal", "play on"):
            self.phase = "exchange" if action.text == "play on" else "over"
            self.redeal = "chosen" if action.text == "redeal" else ""
        elif verb == "play":
            self._play(_CARD_BY_TEXT[rest])
        elif verb == "deal":
            self._deal(_CARD_BY_TEXT[rest])
        elif verb == "discard":
            card = _CARD_BY_TEXT[rest]
            self.hands[self.exchanger].remove(card)
            self.pending.append(card)
        elif verb == "buy":
            self._buy(int(rest))
        elif verb in ("declare", "omit"):
            seat, category = self.queue.pop(0)
            self.shown[seat][category] = verb == "declare"
            if not self.queue:
                self.phase = "play"
        elif verb == "revise":
            self.shown[self._to_act() or ""][rest] = True

    def _deal(self, card: Card) -> None:
        n_elder, n_younger, _ = self.sizes
        count = len(self.hands["elder"]) + len(self.hands["younger"]) + len(self.talon)
        if count < n_elder:
            self.hands["elder"].append(card)
        elif count < n_elder + n_younger:
            self.hands["younger"].append(card)
        else:
            self.talon.append(card)
        if count + 1 < 32:
            return
        for seat in SEATS:
            self.hands[seat] = ORDER.sorted(self.hands[seat])
            self.dealt_sizes[seat] = len(self.hands[seat])
        verdict = f.misdeal(n_elder, n_younger, self.packet)
        if verdict == "redeal":
            self.phase, self.redeal = "over", "compulsory"
        elif verdict == "elder_chooses":
            self.phase = "choice"
        else:
            self.phase = "exchange"

    def _buy(self, count: int) -> None:
        seat = self.exchanger
        start = 0 if seat == "elder" else self.took["elder"]
        self.hands[seat] = ORDER.sorted(self.hands[seat] + self.talon[start : start + count])
        self.discards[seat] = self.pending
        self.pending = []
        self.took[seat] = count
        if seat == "elder":
            self.exchanger = "younger"
            return
        self._begin_declarations()

    def _begin_declarations(self) -> None:
        for seat in SEATS:
            if len(self.hands[seat]) > f.HAND_SIZE:
                self.offenders.add(seat)
            self.declared_hand[seat] = Hand(tuple(self.hands[seat]))
        for category in CATEGORIES:
            for seat in SEATS:
                if seat not in self.offenders and self._holds(seat, category):
                    self.queue.append((seat, category))
        self.phase = "declare" if self.queue else "play"

    def _holds(self, seat: str, category: str) -> bool:
        hand = self.declared_hand[seat]
        if category == "carte_blanche":
            return f.carte_blanche(hand)
        if category == "point":
            return len(hand) > 0
        if category == "sequences":
            return bool(f.sequences(hand))
        return bool(f.sets(hand))

    def _play(self, card: Card) -> None:
        seat = self.leader if self.lead is None else f.other(self.leader)  # type: ignore[arg-type]
        self.hands[seat].remove(card)
        self.played[seat] = True
        if self.lead is None:
            self.lead = card
            if not self.hands[f.other(seat)]:  # type: ignore[arg-type]
                self._close_trick(None)
        else:
            self._close_trick(card)

    def _close_trick(self, follow: Card | None) -> None:
        assert self.lead is not None
        lead, leader = self.lead, self.leader
        won = "lead" if follow is None else f.trick_winner(lead, follow)
        winner = leader if won == "lead" else f.other(leader)  # type: ignore[arg-type]
        self.tricks.append((leader, lead, follow, winner))
        self.lead = None
        self.leader = winner
        if not self.hands[winner]:
            self.leader = f.other(winner)  # type: ignore[arg-type]
        if len(self.tricks) >= f.HAND_SIZE or not self.hands[self.leader]:
            self.phase = "over"

    # ------------------------------------------------------------ scoring

    def _declaration_events(self) -> list[ScoreItem]:
        """Carte blanche, point, sequences and sets as shown, in the order of p15."""
        if not self.declared_hand:
            return []
        tierce = self.variant["tierce"]
        empty = Hand(())
        shown = {
            c: {s: self.declared_hand[s] if self.shown[s].get(c) else empty for s in SEATS}
            for c in CATEGORIES
        }
        events: list[ScoreItem] = []
        for seat in SEATS:
            if self.shown[seat].get("carte_blanche"):
                events.append(
                    ScoreItem(
                        seat,
                        f.CARTE_BLANCHE_VALUE,
                        "carte_blanche",
                        CATEGORY_CITES["carte_blanche"],
                    )
                )
        winner, value = f.point_score(shown["point"]["elder"], shown["point"]["younger"])
        if winner is not None:
            events.append(ScoreItem(winner, value, "point", (p(7), p(20))))
        by_seat = f.sequence_score(
            shown["sequences"]["elder"], shown["sequences"]["younger"], tierce
        )
        events += [
            ScoreItem(s, n, "sequences", (p(8), p(9), p(20))) for s, n in by_seat.items() if n
        ]
        by_seat = f.set_score(shown["sets"]["elder"], shown["sets"]["younger"])
        events += [ScoreItem(s, n, "sets", (p(10),)) for s, n in by_seat.items() if n]
        return events

    def _events(self) -> list[ScoreItem]:
        """Every scoring item in the order it counts (p15): declarations, honours, play."""
        if self.redeal:
            cites = (law(2),) if self.redeal == "compulsory" else (law(1),)
            return [ScoreItem(s, 0, "redeal", cites, self.redeal) for s in SEATS]
        events = self._declaration_events()
        declared = {s: sum(e.points for e in events if e.seat == s) for s in SEATS}
        for seat in SEATS:
            if declared[seat] >= 30 and declared[f.other(seat)] == 0:  # type: ignore[arg-type]
                events.append(
                    ScoreItem(seat, 60, "repic", (p(16),), "thirty in declarations alone")
                )
        repic = any(e.item == "repic" for e in events)
        running = dict(declared)
        pic_open = (
            not repic
            and declared["elder"] < 30
            and (declared["younger"] == 0 or self.variant["pic"] == "no_trick")
        )
        leads = self.variant["leads"]
        for number, (leader, lead, follow, _winner) in enumerate(self.tricks, 1):
            last = self.phase == "over" and number == len(self.tricks)
            counted = f.trick_points(lead, follow, last=last, leads=leads)
            follower = f.other(leader)  # type: ignore[arg-type]
            if counted.leader:
                item = "last_trick" if last and counted.winner == "lead" else "lead"
                cites = _trick_cites(item) + ((law(6),) if follow is None else ())
                events.append(ScoreItem(leader, counted.leader, item, cites))
                running[leader] += counted.leader
            if pic_open and leader == "elder" and running["elder"] >= 30:
                events.append(ScoreItem("elder", 30, "pic", (p(17),), "thirty by play"))
                pic_open = False
            if counted.follower:
                item = "last_trick" if last else "trick"
                events.append(ScoreItem(follower, counted.follower, item, _trick_cites(item)))
                running[follower] += counted.follower
            if counted.winner == "follow" and follower == "younger":
                pic_open = False
        if self.lead is not None:
            pending = f.trick_points(self.lead, None, leads=leads).leader
            if pending:
                events.append(ScoreItem(self.leader, pending, "lead", _PLAY_CITES))
                running[self.leader] += pending
            if pic_open and self.leader == "elder" and running["elder"] >= 30:
                events.append(ScoreItem("elder", 30, "pic", (p(17),), "thirty by play"))
        if self.phase == "over":
            taken = {s: sum(1 for t in self.tricks if t[3] == s) for s in SEATS}
            bonus = f.tricks_bonus(taken["elder"], taken["younger"])
            for seat, value in bonus.items():
                if value:
                    item, cites = (
                        ("capot", (p(19),)) if value == 40 else ("most_tricks", (p(12), p(20)))
                    )
                    events.append(ScoreItem(seat, value, item, cites, f"{taken[seat]} tricks"))
        if self.offenders:
            events = [e for e in events if e.seat not in self.offenders]
            events += [
                ScoreItem(
                    s, 0, "counts_nothing", (law(6), law(1)), "held more cards than he should"
                )
                for s in sorted(self.offenders)
            ]
        return events

    def _scores(self) -> Scores:
        events = self._events()
        merged: dict[tuple[str, str], ScoreItem] = {}
        for e in events:
            key = (e.seat, e.item)
            if key in merged and e.item in ("lead", "trick"):
                old = merged[key]
                merged[key] = ScoreItem(e.seat, old.points + e.points, e.item, e.cites, old.detail)
            else:
                merged[key] = e
        items = list(merged.values()) + self._partie_items(events)
        return Scores(SEATS, tuple(items))

    def _player(self, seat: str) -> str:
        """The Partie's name (A or B) of the player in ``seat`` this deal."""
        dealer = self.ctx["dealer"]
        return dealer if seat == "younger" else ("B" if dealer == "A" else "A")

    def _partie_items(self, events: list[ScoreItem]) -> list[ScoreItem]:
        """Who wins the Partie in this deal, if anyone (p1, p13, p14, p15)."""
        if self.phase != "over" or self.redeal:
            return []
        target = self.variant["target"]
        if target is not None:
            running = {s: self.ctx["score"][self._player(s)] for s in SEATS}
            for event in events:
                running[event.seat] += event.points
                if running[event.seat] >= target:
                    player = self._player(event.seat)
                    detail = f"{player} reaches {target} first ({event.item}) and wins the Partie"
                    return [ScoreItem(event.seat, 0, "partie", (p(1), p(13), p(15)), detail)]
            return []
        if self.ctx["deal"] < self.variant["deals"]:
            return []
        totals = {s: sum(e.points for e in events if e.seat == s) for s in SEATS}
        sums = {self._player(s): sum(self.ctx["deals"][self._player(s)]) + totals[s] for s in SEATS}
        winner = max(sums, key=lambda k: sums[k])
        units = f.partie_units(abs(sums["A"] - sums["B"]))
        if units == 0:
            return []
        seat = next(s for s in SEATS if self._player(s) == winner)
        detail = f"{winner} wins {units} Parthien by {abs(sums['A'] - sums['B'])} points"
        return [ScoreItem(seat, 0, "partie", (p(1), p(14)), detail)]

    def partie_over(self) -> bool:
        """Whether this deal ends the Partie (a ``partie`` item, or the last of four deals)."""
        if self.phase != "over" or self.redeal:
            return False
        if self.variant["target"] is None:
            return bool(self.ctx["deal"] >= self.variant["deals"])
        return any(i.item == "partie" for i in self.scores().items)

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: own hand and discards, every public action, the tricks."""
        lines = [
            f"Piquet ({self.variant.name}), deal {self.ctx['deal']}, "
            f"{self.ctx['dealer']} deals; phase {self.phase}"
        ]
        for s in SEATS:
            if seat in (s, ""):
                lines.append(f"{s} hand: {' '.join(format_cards(self.hands[s])) or '-'}")
                if self.discards[s] or (s == self.exchanger and self.pending):
                    gone = self.discards[s] or self.pending
                    lines.append(f"{s} discarded: {' '.join(format_cards(gone))}")
            else:
                lines.append(f"{s} holds {len(self.hands[s])} cards")
        if seat == "":
            lines.append(f"talon: {' '.join(format_cards(self.talon)) or '-'}")
        public = [
            f"{a.seat}: {a.text}"
            for a in self.history
            if a.seat != CHANCE and not a.text.startswith("discard ")
        ]
        if public:
            lines.append("public: " + "; ".join(public))
        if self.lead is not None:
            lines.append(f"on the table: {self.lead}")
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


def _trick_cites(item: str) -> tuple[str, ...]:
    return (p(12),) if item == "last_trick" else _PLAY_CITES


class PiquetGame(Game):
    """Piquet for two, after Engelmann 1798 (deal format: ``rules/piquet/README.md``)."""

    name = "piquet"
    title = "Piquet"
    siglum = "engelmann1798"
    chapter = "engelmann1798.piquet"
    variants = VARIANTS
    end_cites = (p(12), p(13))
    max_game_length = 32 + 1 + 14 + 8 + 4 + 24 + 4
    deal_format = (
        '{"elder": [12 cards], "younger": [12 cards], "talon": [8 cards, the upper five '
        'first, in buying order], "packet": 3 or 2 (optional, default 3)}. A misdeal may '
        "give a hand 11 or 13 cards (talon 9 or 7), or a packet too many (Gesetz 2)."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """Elder (Vorhand, leads) and younger (the dealer)."""
        return SEATS

    def new_game(
        self,
        variant: str | Variant | None = None,
        *,
        seed: int | None = None,
        deal: JSON | None = None,
        context: Mapping[str, JSON] | None = None,
    ) -> State:
        """A new deal (see :meth:`Game.new_game`); a context that is not an object is refused."""
        if context is not None:
            _check_context(context, self.variant(variant))
        return super().new_game(variant, seed=seed, deal=deal, context=context)

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> PiquetState:
        """Before the deal; an explicit deal fixes the sizes of hands and talon."""
        sizes, packet = (12, 12, 8), 3
        if deal is not None:
            sizes, packet = _deal_layout(deal)
        return PiquetState(self, variant, context, sizes, packet)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled pack, as the chance outcomes that deal it."""
        cards = list(FRENCH_32)
        rng.shuffle(cards)
        return [f"deal {c}" for c in cards]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        _deal_layout(deal)
        cards = [*deal["elder"], *deal["younger"], *deal["talon"]]
        return [f"deal {parse_card(c)}" for c in cards]

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal of a shuffled pack: 12, 12 and the talon of 8."""
        cards = [text.split(" ", 1)[1] for text in chance]
        return {"elder": cards[:12], "younger": cards[12:24], "talon": cards[24:]}

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the pack."""
        return tuple(f"deal {c}" for c in FRENCH_32)

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Every player action of Piquet, in a fixed order (OpenSpiel's action ids)."""
        cards = [str(c) for c in FRENCH_32]
        return (
            "redeal",
            "play on",
            *(f"discard {c}" for c in cards),
            *(f"buy {n}" for n in range(2, 7)),
            *(f"{verb} {c}" for verb in ("declare", "omit", "revise") for c in CATEGORIES),
            *(f"play {c}" for c in cards),
        )

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """Half the largest difference of two deal scores (a Repic with a Capot and more)."""
        return (-150.0, 150.0)

    def first_context(self, variant: Variant, rng: random.Random) -> dict[str, JSON]:
        """The first deal of a Partie: A and B cut, the lower card deals (p2)."""
        while True:
            cards = list(FRENCH_32)
            rng.shuffle(cards)
            first_cut = rng.randrange(2, 30)
            second_cut = rng.randrange(2, 32 - first_cut)
            assert f.cut_allowed(first_cut) and f.cut_allowed(second_cut, 32 - first_cut)
            first, second = cards[first_cut - 1], cards[first_cut + second_cut - 1]
            cutter = f.dealer_by_cut(first, second)
            if cutter is not None:
                dealer = "A" if cutter == "first" else "B"
                return {**DEFAULT_CONTEXT, "dealer": dealer, "deals": {"A": [], "B": []}}

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next deal: the other deals (p13); after a redeal the same; none once the Partie ends."""
        assert isinstance(state, PiquetState)
        ctx = state.ctx
        if state.redeal:
            return dict(ctx)
        if state.partie_over():
            return None
        totals = state.scores().totals()
        score = dict(ctx["score"])
        deals = {k: list(v) for k, v in ctx["deals"].items()}
        for seat in SEATS:
            player = state._player(seat)
            score[player] += int(totals[seat])
            deals[player].append(int(totals[seat]))
        return {
            "deal": ctx["deal"] + 1,
            "dealer": f.next_dealer(ctx["dealer"]),
            "score": score,
            "deals": deals,
        }


def _deal_layout(deal: JSON) -> tuple[tuple[int, int, int], int]:
    """Check an explicit deal and return its sizes (elder, younger, talon) and packet."""
    if not isinstance(deal, Mapping):
        raise RulesError(f"a Piquet deal is an object with elder, younger and talon, not {deal!r}")
    unknown = set(deal) - {"elder", "younger", "talon", "packet"}
    if unknown:
        raise RulesError(f"a Piquet deal has no {sorted(unknown)}")
    parts = {k: cards_of(deal.get(k), f"deal.{k}") for k in ("elder", "younger", "talon")}
    every = [c for cards in parts.values() for c in cards]
    check_distinct(every, FRENCH_32, "deal")
    if len(every) != 32:
        raise RulesError(f"a deal gives out the whole pack of 32 cards, not {len(every)} (p1, p4)")
    packet = deal.get("packet", 3)
    if packet not in (2, 3):
        raise RulesError(f"cards are dealt 3 or 2 at a time, not {packet!r} (p4)")
    sizes = (len(parts["elder"]), len(parts["younger"]), len(parts["talon"]))
    if f.misdeal(sizes[0], sizes[1], packet) != "redeal" and sorted(sizes[:2]) not in (
        [12, 12],
        [11, 12],
        [12, 13],
        [11, 13],
    ):
        raise RulesError(
            f"hands of {sizes[0]} and {sizes[1]} cards: the laws provide for a card too many "
            "or too few (Gesetze 1, 6) or a packet too many (Gesetz 2), not this"
        )
    return sizes, packet


GAME = PiquetGame()
