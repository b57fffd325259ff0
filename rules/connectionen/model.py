"""Connectionen as a playable deal (Engelmann 1798), on the game model of :mod:`rules.model`.

1. **deal** (chance, Regel 2): ``deal <card>`` fills the hands of seats 1, 2, 3 (, 4) in
   turn, eight cards each among four, ten among three; the rest of the 52 stays unseen.
2. **play** (Regeln 3, 4, 10-12): seat 1 leads the first trick, the winner of a trick
   the next; ``play <card>``: follow suit, else any card; a connection card may always
   be played, and a trump once a connection lies in the trick.

Scores are the Pfennige each player draws from the Casse (Regeln 1, 8, 9): for every
connection the player who takes its trick draws 24, 12 or 6 (under
``reading_per_card`` each player draws the share of the card he played), and the one
player with the most tricks draws 6.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards import FRENCH_52, Card, format_cards, parse_card
from rules.connectionen import functions as f
from rules.connectionen.functions import ORDER, TRUMP, r
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

JSON = Any
_CARDS = {str(c): c for c in FRENCH_52}
_DEAL = {c: Action(f"deal {c}", (r(2),)) for c in FRENCH_52}
_LEAD = {c: Action(f"play {c}", (r(3),)) for c in FRENCH_52}
_FOLLOW = {c: Action(f"play {c}", (r(3), r(11))) for c in FRENCH_52}
_CONNECTION_CARD = {c: Action(f"play {c}", (r(12),)) for c in f.CONNECTION_CARDS}
_TRUMP_CONNECTION = {c: Action(f"play {c}", (r(11),)) for c in FRENCH_52 if c.suit == TRUMP}
_NAMES = {1: "first", 2: "second", 3: "third"}


def _variant(
    name: str, title: str, description: str, cites: Sequence[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {"players": 4, "payee": "trick"}
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"connectionen variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "vier",
            "Four players",
            "Four players, eight cards each; the taker of a trick draws its connections.",
            [r(2), r(8)],
        ),
        _variant(
            "drei",
            "Three players",
            "Three players, ten cards each (Regel 2).",
            [r(2)],
            players=3,
        ),
        _variant(
            "reading_per_card",
            "Reading: each card's player draws its share",
            "Four players; each player who plays a card of a connection draws that card's "
            "share of Regel 8 ('einen Groschen für jedes As'), whoever takes the trick.",
            [r(8)],
            payee="card",
        ),
    )
}


class ConnectionenState(State):
    """One deal of Connectionen in progress."""

    def __init__(
        self, game: ConnectionenGame, variant: Variant, context: Mapping[str, JSON]
    ) -> None:
        super().__init__(game, variant, context)
        self.players: int = variant["players"]
        self.order: tuple[str, ...] = game.seats_of(variant)
        self.size = f.hand_size(self.players)
        self.phase = "deal"
        self.hands: dict[str, list[Card]] = {s: [] for s in self.order}
        self.dealt: set[Card] = set()
        self.undealt: dict[str, Action] = {a.text[5:]: a for a in _DEAL.values()}
        self.leader = self.order[0]
        self.trick: list[tuple[str, Card]] = []
        self.tricks: list[tuple[tuple[tuple[str, Card], ...], str]] = []

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        if self.phase == "play":
            if not self.trick:
                return self.leader
            last = self.order.index(self.trick[-1][0])
            return self.order[(last + 1) % self.players]
        return CHANCE if self.phase == "deal" else None

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        if self.phase == "deal":
            return list(self.undealt.values())
        seat = self._to_act() or ""
        hand = self.hands[seat]
        if not self.trick:
            return [_LEAD[c] for c in hand]
        played = [c for _, c in self.trick]
        led = played[0].suit
        actions = []
        for card in f.legal_cards(hand, played):
            if card.suit == led or not any(c.suit == led for c in hand):
                actions.append(_FOLLOW[card])
            elif card in f.CONNECTION_CARDS:
                actions.append(_CONNECTION_CARD[card])
            else:
                actions.append(_TRUMP_CONNECTION[card])
        return actions

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the Regel it breaks."""
        verb, _, rest = text.partition(" ")
        seat = self._to_act()
        if seat == CHANCE:
            return IllegalAction(f"the cards are being dealt; {text!r} must wait", (r(2),))
        if verb != "play":
            return IllegalAction(f"{text!r} is not an action of Connectionen", (r(3),))
        card = _CARDS.get(rest)
        if card is None or card not in self.hands.get(seat or "", []):
            return IllegalAction(f"player {seat} does not hold {rest}", (r(3),))
        led = self.trick[0][1]
        if card.suit == TRUMP and not f.connections([c for _, c in self.trick]):
            return IllegalAction(
                f"player {seat} holds {led.suit.name.lower()} and may trump only a connection "
                "lying on the table",
                (r(11),),
            )
        return IllegalAction(
            f"player {seat} must follow suit to {led}; only a connection card or, against a "
            "connection, a trump may be played instead",
            (r(11), r(12)),
        )

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        verb, _, rest = action.text.partition(" ")
        card = _CARDS[rest]
        if verb == "deal":
            del self.undealt[rest]
            seat = self.order[len(self.dealt) // self.size]
            self.hands[seat].append(card)
            self.dealt.add(card)
            if len(self.dealt) == self.size * self.players:
                for s in self.order:
                    self.hands[s] = ORDER.sorted(self.hands[s])
                self.phase = "play"
            return
        seat = self._to_act() or ""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            return
        winner = self.trick[f.trick_winner([c for _, c in self.trick])][0]
        self.tricks.append((tuple(self.trick), winner))
        self.trick = []
        self.leader = winner
        if len(self.tricks) == self.size:
            self.phase = "over"

    # ------------------------------------------------------------ scoring

    def _scores(self) -> Scores:
        items: list[ScoreItem] = []
        per_card = self.variant["payee"] == "card"
        for number, (plays, winner) in enumerate(self.tricks, 1):
            cards = [c for _, c in plays]
            for conn in f.connections(cards):
                pair = f.CONNECTIONS[conn]
                cites = (r(1), r(4 + conn), r(8))
                name = f"{_NAMES[conn]} connection {pair[0]}+{pair[1]}"
                if per_card:
                    for seat, card in plays:
                        if card in pair:
                            detail = f"trick {number}: {card} of the {name}"
                            items.append(
                                ScoreItem(seat, f.card_share(conn), "connection", cites, detail)
                            )
                else:
                    detail = f"trick {number}: {name}"
                    items.append(
                        ScoreItem(
                            winner,
                            f.connection_payment(conn),
                            "connection",
                            (*cites, r(10)),
                            detail,
                        )
                    )
        if self.phase == "over":
            counts = {s: sum(1 for _, w in self.tricks if w == s) for s in self.order}
            best = f.most_tricks(counts)
            if best is not None:
                detail = f"{counts[best]} tricks"
                items.append(ScoreItem(best, f.MOST_TRICKS, "most_tricks", (r(1), r(9)), detail))
        return Scores(self.order, tuple(items))

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: own hand, the tricks so far, the table."""
        lines = [f"Connectionen ({self.variant.name}); phase {self.phase}; Caro is trump"]
        for s in self.order:
            if seat in (s, ""):
                lines.append(f"{s} hand: {' '.join(format_cards(self.hands[s])) or '-'}")
            else:
                lines.append(f"{s} holds {len(self.hands[s])} cards")
        for number, (plays, winner) in enumerate(self.tricks, 1):
            cards = " ".join(f"{s}:{c}" for s, c in plays)
            lines.append(f"trick {number}: {cards} -> {winner}")
        if self.trick:
            lines.append("on the table: " + " ".join(f"{s}:{c}" for s, c in self.trick))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class ConnectionenGame(Game):
    """Connectionen for three or four, after Engelmann 1798 (deal format: ``rules/connectionen/README.md``)."""

    name = "connectionen"
    title = "Connectionen"
    siglum = "engelmann1798"
    chapter = "engelmann1798.connectionen"
    variants = VARIANTS
    end_cites = (r(2), r(9))
    max_game_length = 32 + 32
    deal_format = (
        '{"hands": {"1": [8 cards], "2": [...], "3": [...], "4": [...]}}: seats in the '
        "order of play, seat 1 (after the dealer) leads; three players hold ten cards each; "
        "the cards not dealt stay unseen."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """Seats 1 to 4 (or 3) in the order of play."""
        return tuple(str(n) for n in range(1, variant["players"] + 1))

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> ConnectionenState:
        """Before the deal."""
        return ConnectionenState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """The cards dealt from a shuffled Whist pack, as chance outcomes."""
        cards = list(FRENCH_52)
        rng.shuffle(cards)
        count = variant["players"] * f.hand_size(variant["players"])
        return [f"deal {c}" for c in cards[:count]]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        seats = self.seats_of(variant)
        if not isinstance(deal, Mapping) or set(deal) != {"hands"}:
            raise RulesError(f"a Connectionen deal is {{'hands': {{seat: cards}}}}, not {deal!r}")
        hands = deal["hands"]
        if not isinstance(hands, Mapping) or sorted(hands) != sorted(seats):
            raise RulesError(f"deal.hands gives the cards of seats {', '.join(seats)} (Regel 2)")
        parsed = {s: cards_of(hands[s], f"deal.hands.{s}") for s in seats}
        size = f.hand_size(variant["players"])
        every = [c for s in seats for c in parsed[s]]
        check_distinct(every, FRENCH_52, "deal")
        for seat in seats:
            if len(parsed[seat]) != size:
                raise RulesError(
                    f"deal.hands.{seat}: {size} cards each (Regel 2), not {len(parsed[seat])}"
                )
        return [f"deal {c}" for c in every]

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal that a sequence of chance outcomes gives."""
        size = f.hand_size(variant["players"])
        cards = [parse_card(t.split(" ", 1)[1]) for t in chance]
        return {
            "hands": {
                s: [str(c) for c in ORDER.sorted(cards[i * size : (i + 1) * size])]
                for i, s in enumerate(self.seats_of(variant))
            }
        }

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the Whist pack."""
        return tuple(f"deal {c}" for c in FRENCH_52)

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """``play <card>`` for each card of the Whist pack."""
        return tuple(f"play {c}" for c in FRENCH_52)

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """A deal pays at most 24 + 12 + 6 + 6 = 48 Pfennige in all."""
        return (-48.0, 48.0)


GAME = ConnectionenGame()
