"""Goodhope as a playable game (Engelmann 1798), on the game model of :mod:`rules.model`.

Seats in playing order: ``P1`` (the dealer's left, who leads), ``P2`` … and the
``dealer`` last. A game runs:

1. **stakes** (rules 2, 3): everyone but the dealer puts the stake into the pot (scored
   at once); a pot left from the last game is in the ``context``.
2. **deal** (chance, rules 2, 4): ``deal <card>`` two cards to each seat, then the
   turned card, whose suit is trump.
3. **buying** (rules 5–8, 16): each seat in turn, until it says ``join`` (takes part)
   or ``fear`` (lays its cards away): ``buy <card>`` gives up that card for a new one
   (half the stake), ``buy both`` both (the whole stake); the new cards come from the
   pack (chance). A non-dealer dealt a pair may first ``claim pair``: he takes his
   stake three times (Daus, König, Ober, Unter) or twice (10, 9, 8, 7) from the pot and
   then must ``buy both`` or ``rest``.
4. **declarations** (rule 9): each seat taking part says ``good hope``, ``hope`` or
   ``silent``. If nobody takes part, the game ends for a new deal (rule 17).
5. **play** (rule 10): two tricks, ``play <card>``; the first seat taking part from
   the dealer's left leads, the winner of the first trick leads the second.
6. **settlement** (rules 11–15): shares drawn from the pot and penalties paid into it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.cards import GERMAN_32, Card, format_cards, parse_card
from rules.errors import RulesError
from rules.goodhope import functions as f
from rules.goodhope.functions import HAND, ORDER, r
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

JSON = Any
_CARD_BY_TEXT = {str(c): c for c in GERMAN_32}
_CHANCE = {c: Action(f"deal {c}", (r(4), r(2))) for c in GERMAN_32}
_BUY_ONE_CITES = (r(6),)
_BUY_BOTH_CITES = (r(7),)
_DECLARE_CITES = (r(9),)
_PLAY_CITES = (r(10),)


def _variant(
    name: str, title: str, description: str, cites: Iterable[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {"players": 4, "stake": 4, "follow": "suit"}
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"goodhope variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "vier",
            "Four players, stake 4",
            "The dealer and three others; the stake ('willkührlich', rule 3) is 4 coins, so "
            "a card bought costs 2.",
            [r(1), r(3)],
        ),
        _variant(
            "sechs",
            "Six players",
            "As many as will may play (rule 1): the dealer and five others.",
            [r(1)],
            players=6,
        ),
        _variant(
            "reading_free_play",
            "Reading: no need to follow suit",
            "Four players; a player may play any card to a trick (the text says nothing of "
            "following suit).",
            [r(10)],
            follow="free",
        ),
    )
}


def _check_context(context: Mapping[str, JSON]) -> dict[str, JSON]:
    ctx: dict[str, JSON] = {"deal": 1, "pot": 0, **context}
    pot = ctx["pot"]
    if isinstance(pot, bool) or not isinstance(pot, int | float) or pot < 0:
        raise RulesError(f"context: pot is what is left in the pot, a sum from 0, not {pot!r}")
    if not isinstance(ctx["deal"], int) or ctx["deal"] < 1:
        raise RulesError(f"context: deal is a number from 1, not {ctx['deal']!r}")
    return ctx


def _num(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


class GoodhopeState(State):
    """One game of Goodhope in progress (see the module docstring)."""

    def __init__(self, game: GoodhopeGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.ctx = _check_context(context)
        self.players: int = variant["players"]
        self.names = f.seats(self.players)
        self.stake = Fraction(variant["stake"])
        self.pot = Fraction(self.ctx["pot"]).limit_denominator(1000)
        self.money: list[ScoreItem] = []
        for seat in self.names:
            due = f.stake_due(seat == "dealer", variant["stake"])
            if due:
                self.pot += Fraction(due)
                self.money.append(ScoreItem(seat, -due, "stake", (r(3), r(2))))
        self.hands: dict[str, list[Card]] = {s: [] for s in self.names}
        self.dealt: set[Card] = set()
        self.turned: Card | None = None
        self.to_deal: list[str] = [s for s in self.names for _ in range(HAND)] + ["trump"]
        self.buyer = 0
        self.bought: dict[str, int] = {s: 0 for s in self.names}
        self.claimed: set[str] = set()
        self.must_replace = False
        self.status: dict[str, str] = {}
        self.declared: dict[str, str] = {}
        self.leader = ""
        self.trick: list[tuple[str, Card]] = []
        self.tricks: list[tuple[list[tuple[str, Card]], str]] = []
        self.settled: dict[str, object] = {}
        self.phase = "deal"

    # ------------------------------------------------------------ whose turn

    def _in(self) -> list[str]:
        return [s for s in self.names if self.status.get(s) == "in"]

    def _to_act(self) -> str | None:
        phase = self.phase
        if phase == "deal":
            return CHANCE
        if phase == "buy":
            return self.names[self.buyer]
        if phase == "declare":
            return next(s for s in self._in() if s not in self.declared)
        if phase == "play":
            playing = self._in()
            start = playing.index(self.leader)
            return playing[(start + len(self.trick)) % len(playing)]
        return None

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "deal":
            return [a for c, a in _CHANCE.items() if c not in self.dealt]
        if phase == "buy":
            return self._legal_buys()
        if phase == "declare":
            return [Action(d, _DECLARE_CITES) for d in f.DECLARATIONS]
        seat = self._to_act() or ""
        led = self.trick[0][1] if self.trick else None
        cards = f.legal_cards(self.hands[seat], led, self.variant["follow"])
        return [Action(f"play {c}", _PLAY_CITES) for c in cards]

    def _stock(self) -> int:
        return len(GERMAN_32) - len(self.dealt)

    def _legal_buys(self) -> list[Action]:
        seat = self.names[self.buyer]
        hand = self.hands[seat]
        stock = self._stock()
        actions: list[Action] = []
        if self.must_replace:
            if stock >= HAND:
                actions.append(Action("buy both", (r(16), r(7))))
            return [*actions, Action("rest", (r(16),))]
        if (
            seat != "dealer"
            and seat not in self.claimed
            and not self.bought[seat]
            and f.pair_bonus(hand, self.variant["stake"])
        ):
            actions.append(Action("claim pair", (r(16),)))
        actions += [Action("join", (r(8),)), Action("fear", (r(5),))]
        if stock >= 1:
            actions += [Action(f"buy {c}", _BUY_ONE_CITES) for c in hand]
        if stock >= HAND:
            actions.append(Action("buy both", _BUY_BOTH_CITES))
        return actions

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb, _, rest = text.partition(" ")
        seat = self._to_act() or ""
        phase = self.phase
        if phase == "deal":
            return IllegalAction("the cards are being dealt", (r(4), r(2)))
        if phase == "buy":
            if self.must_replace:
                return IllegalAction(
                    f"{seat} took his pair's money: he buys new cards or rests this time",
                    (r(16),),
                )
            if text == "claim pair":
                why = "the dealer stakes nothing" if seat == "dealer" else "no pair dealt"
                return IllegalAction(
                    f"{seat} cannot take money for a pair: {why} (only the two cards dealt count)",
                    (r(16), r(2)),
                )
            if verb == "buy":
                if rest == "both" or _CARD_BY_TEXT.get(rest) in self.hands[seat]:
                    return IllegalAction("the pack has no more cards to buy", (r(6), r(7)))
                return IllegalAction(f"{seat} does not hold {rest}", (r(6),))
            return IllegalAction(
                f"{seat} first buys, lays his cards away or takes part", (r(5), r(6), r(8))
            )
        if phase == "declare":
            return IllegalAction(
                f"{seat} says 'hope', 'good hope' or nothing ('silent') before the play",
                _DECLARE_CITES,
            )
        if phase == "play":
            card = _CARD_BY_TEXT.get(rest)
            if verb != "play" or card is None:
                return IllegalAction("the cards are being played: 'play <card>'", _PLAY_CITES)
            if card not in self.hands[seat]:
                return IllegalAction(f"{seat} does not hold {rest}", _PLAY_CITES)
            return IllegalAction(f"{seat} holds the suit led and must follow it", (r(10),))
        return IllegalAction("the game is over", (r(11), r(17)))

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        text = action.text
        verb, _, rest = text.partition(" ")
        if verb == "deal":
            self._deal(_CARD_BY_TEXT[rest])
            return
        seat = self._to_act() or ""
        if self.phase == "buy":
            self._buy_phase(seat, text, verb, rest)
        elif self.phase == "declare":
            self.declared[seat] = text
            if len(self.declared) == len(self._in()):
                self.phase = "play"
                self.leader = f.first_leader(self._in(), self.players)
        else:
            card = _CARD_BY_TEXT[rest]
            self.hands[seat].remove(card)
            self.trick.append((seat, card))
            if len(self.trick) == len(self._in()):
                self._close_trick()

    def _deal(self, card: Card) -> None:
        self.dealt.add(card)
        target = self.to_deal.pop(0)
        if target == "trump":
            self.turned = card
        else:
            self.hands[target].append(card)
        if not self.to_deal:
            self.phase = "buy"

    def _buy_phase(self, seat: str, text: str, verb: str, rest: str) -> None:
        stake = self.variant["stake"]
        if text == "claim pair":
            bonus = min(Fraction(f.pair_bonus(self.hands[seat], stake)), self.pot)
            self.pot -= bonus
            self.money.append(ScoreItem(seat, _num(bonus), "pair", (r(16),), "from the pot"))
            self.claimed.add(seat)
            self.must_replace = True
        elif verb == "buy":
            gone = list(self.hands[seat]) if rest == "both" else [_CARD_BY_TEXT[rest]]
            price = f.buy_price(len(gone), stake)
            self.pot += Fraction(price)
            self.money.append(
                ScoreItem(
                    seat,
                    -price,
                    "buy",
                    _BUY_BOTH_CITES if len(gone) == HAND else _BUY_ONE_CITES,
                    f"{len(gone)} card{'s' if len(gone) > 1 else ''}",
                )
            )
            for card in gone:
                self.hands[seat].remove(card)
            self.bought[seat] += len(gone)
            self.must_replace = False
            self.to_deal = [seat] * len(gone)
            self.phase = "deal"
        else:
            self.status[seat] = "in" if text == "join" else "out"
            self.must_replace = False
            self.buyer += 1
            if self.buyer == len(self.names):
                self.phase = "declare" if self._in() else "over"

    def _close_trick(self) -> None:
        assert self.turned is not None
        played = [c for _, c in self.trick]
        winner = self.trick[f.trick_winner(played, self.turned.suit.value)][0]
        self.tricks.append((self.trick, winner))
        self.trick = []
        self.leader = winner
        if len(self.tricks) == 2:
            self._settle()

    def _settle(self) -> None:
        results = {
            s: (self.declared[s], sum(1 for _, w in self.tricks if w == s)) for s in self._in()
        }
        self.settled = f.settle(_num(self.pot), results)
        self.phase = "over"

    # ------------------------------------------------------------ scoring

    def _scores(self) -> Scores:
        items = list(self.money)
        if self.phase == "over" and not self.tricks:
            items += [
                ScoreItem(s, 0, "redeal", (r(17),), "everyone passed: new cards and stakes")
                for s in self.names
            ]
        if self.settled:
            shares: Mapping[str, int | float] = self.settled["shares"]  # type: ignore[assignment]
            penalties: Mapping[str, int | float] = self.settled["penalties"]  # type: ignore[assignment]
            for seat, amount in shares.items():
                tricks = sum(1 for _, w in self.tricks if w == seat)
                cites = (r(11),) if tricks == 2 else (r(12),)
                detail = f"{self.declared[seat]}, {tricks} trick{'s' if tricks > 1 else ''}"
                items.append(ScoreItem(seat, amount, "share", cites, detail))
            for seat, amount in penalties.items():
                declared = self.declared[seat]
                cites = {"good hope": (r(13),), "hope": (r(14),), "silent": (r(15),)}[declared]
                tricks = sum(1 for _, w in self.tricks if w == seat)
                items.append(
                    ScoreItem(seat, -amount, "penalty", cites, f"{declared}, {tricks} tricks")
                )
            items.append(
                ScoreItem(
                    "dealer",
                    0,
                    "pot",
                    (r(12),),
                    f"left in the pot for the next game: {self.settled['pot']}",
                )
            )
        return Scores(self.names, tuple(items))

    def pot_after(self) -> int | float:
        """What the pot holds after the game (for the next one)."""
        if self.settled:
            pot: int | float = self.settled["pot"]  # type: ignore[assignment]
            return pot
        return _num(self.pot)

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: his cards, the trump, the pot, every public action."""
        lines = [f"Goodhope ({self.variant.name}), game {self.ctx['deal']}; phase {self.phase}"]
        if self.turned is not None:
            lines.append(f"trump: {self.turned}")
        lines.append(f"pot: {self.pot_after()}")
        for s in self.names:
            state = self.status.get(s, "deciding")
            bought = f", bought {self.bought[s]}" if self.bought[s] else ""
            if seat in (s, ""):
                held = " ".join(format_cards(ORDER.sorted(self.hands[s]))) or "-"
                lines.append(f"{s} hand: {held} ({state}{bought})")
            else:
                lines.append(f"{s}: {len(self.hands[s])} cards ({state}{bought})")
        if self.declared:
            lines.append("declared: " + ", ".join(f"{s} {d}" for s, d in self.declared.items()))
        for number, (trick, winner) in enumerate(self.tricks, 1):
            cards = " ".join(f"{s} {c}" for s, c in trick)
            lines.append(f"trick {number}: {cards}; {winner} wins")
        if self.trick:
            lines.append("on the table: " + " ".join(f"{s} {c}" for s, c in self.trick))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class GoodhopeGame(Game):
    """Goodhope after Engelmann 1798 (``rules/goodhope/README.md``)."""

    name = "goodhope"
    title = "Goodhope"
    siglum = "engelmann1798"
    chapter = "engelmann1798.goodhope"
    variants = VARIANTS
    end_cites = (r(10), r(11), r(17))
    max_game_length = 100
    deal_format = (
        '{"hands": {"P1": [2 cards], ..., "dealer": [2 cards]}, "trump": card, "stock": '
        "[the cards bought, in order]}: the cards from the German pack of 32."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """P1 (the dealer's left) … and the dealer."""
        return f.seats(variant["players"])

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> GoodhopeState:
        """Stakes paid, before the deal; the context carries the pot left from before."""
        return GoodhopeState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled pack, as the chance outcomes that deal it (and the cards bought)."""
        cards = list(GERMAN_32)
        rng.shuffle(cards)
        return [f"deal {c}" for c in cards]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        names = f.seats(variant["players"])
        if not isinstance(deal, Mapping) or not {"hands", "trump"} <= set(deal) <= {
            "hands",
            "trump",
            "stock",
        }:
            raise RulesError('a Goodhope deal is {"hands": {...}, "trump": card, "stock": [...]}')
        hands = deal["hands"]
        if not isinstance(hands, Mapping) or set(hands) != set(names):
            raise RulesError(f"deal.hands gives two cards to each of {', '.join(names)}")
        cards: list[Card] = []
        for seat in names:
            hand = cards_of(hands[seat], f"deal.hands.{seat}")
            if len(hand) != HAND:
                raise RulesError(f"each player receives two cards (rule 4), not {len(hand)}")
            cards += hand
        trump = deal["trump"]
        if not isinstance(trump, str):
            raise RulesError(f"deal.trump is one card, not {trump!r}")
        cards += cards_of([trump], "deal.trump")
        cards += cards_of(deal.get("stock", []), "deal.stock")
        check_distinct(cards, GERMAN_32, "deal")
        return [f"deal {c}" for c in cards]

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal of a shuffled pack."""
        cards = [parse_card(text.split(" ", 1)[1]) for text in chance]
        hands, turned = f.deal(cards, variant["players"])
        rest = cards[HAND * variant["players"] + 1 :]
        return {
            "hands": {s: format_cards(h) for s, h in hands.items()},
            "trump": str(turned),
            "stock": format_cards(rest),
        }

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the pack."""
        return tuple(f"deal {c}" for c in GERMAN_32)

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Every player action, in a fixed order (OpenSpiel's action ids)."""
        cards = [str(c) for c in GERMAN_32]
        return (
            "claim pair",
            "join",
            "fear",
            "rest",
            "buy both",
            *(f"buy {c}" for c in cards),
            *f.DECLARATIONS,
            *(f"play {c}" for c in cards),
        )

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """Bounded by the most a pot can hold: all stakes and every card of the pack bought."""
        stake = variant["stake"]
        pot = stake * (variant["players"] - 1) + stake * len(GERMAN_32) / 2
        most = float(2 * (pot + 3 * stake))
        return (-most, most)

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """After everyone passed, the cards are dealt and staked anew (rule 17); else none."""
        assert isinstance(state, GoodhopeState)
        if not state.is_over():
            raise RulesError("the game is not over yet")
        if state.tricks:
            return None
        return {"deal": state.ctx["deal"] + 1, "pot": state.pot_after()}


GAME = GoodhopeGame()
