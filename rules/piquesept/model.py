"""Piquesept as a playable deal (Engelmann 1798), on the game model of :mod:`rules.model`.

A deal runs through these phases, each action citing its paragraphs:

1. **aside** (chance, three players only, p1): ``aside 8H 8D`` lays two eights of Coeur,
   Caro or Trefle aside.
2. **deal** (chance, p1): ``deal <card>`` fills the hands of seats 1, 2, 3 (, 4) in turn.
3. **draw** (chance, p3): ``draw <card>``: the drawer takes one unseen card from the
   holder's hand (never the Pique Sieben); then the drawer ``give <card>``, another card
   of his own. Under the default reading this happens before the first card; under
   ``reading_draw_after_first_trick`` the winner of the first trick draws after it.
4. **play** (p2, p3): the holder leads ``play 7S``; every other player must give his
   highest trump, or without one his highest card; afterwards the winner of each trick
   leads, the others follow suit or trump, and the holder may trump a high card led by
   another even when he could follow.

Seats are ``1`` to ``4`` (or ``1`` to ``3``) in the order of play. Scores: each seat's
``card_points`` are the points of its side's tricks (the holder's own; the others'
together), so the totals of both sides add up to 130 (p4); a ``game`` item (0 points)
names the side with 66 or more.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
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
from rules.piquesept import functions as f
from rules.piquesept.functions import ORDER, PIQUE_SIEBEN, TRUMP, p

JSON = Any
_CARDS = {str(c): c for c in FRENCH_32}
_ASIDE = {
    f"aside {a} {b}": (a, b) for i, a in enumerate(f.ASIDE_EIGHTS) for b in f.ASIDE_EIGHTS[i + 1 :]
}
_DEAL = {c: Action(f"deal {c}", (p(1),)) for c in FRENCH_32}
_DRAW = {c: Action(f"draw {c}", (p(3),)) for c in FRENCH_32}
_GIVE = {c: Action(f"give {c}", (p(3),)) for c in FRENCH_32}
_LEAD = {c: Action(f"play {c}", (p(2), p(3))) for c in FRENCH_32}
_FOLLOW = {c: Action(f"play {c}", (p(3),)) for c in FRENCH_32}
_FIRST = {c: Action(f"play {c}", (p(2),)) for c in FRENCH_32}
_PRIVILEGE = {c: Action(f"play {c}", (p(3),)) for c in FRENCH_32}


def _variant(
    name: str, title: str, description: str, cites: Sequence[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {"players": 4, "sides": "holder", "draw": "before_play"}
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"piquesept variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "vier",
            "Four players",
            "Four players, eight cards each; the holder of the Pique Sieben against the "
            "other three; the card is drawn before the first lead.",
            [p(1), p(2), p(3)],
        ),
        _variant(
            "drei",
            "Three players",
            "Three players, ten cards each; two eights of Coeur, Caro or Trefle are laid "
            "aside (p1).",
            [p(1)],
            players=3,
        ),
        _variant(
            "reading_jeder_fuer_sich",
            "Reading: every player for himself",
            "Four players, each scoring his own tricks: whoever has 66 or more wins (p4 "
            "'wer 66 oder mehr hat'); the edition reads p2 as the holder against the rest.",
            [p(2), p(4)],
            sides="each",
        ),
        _variant(
            "reading_draw_after_first_trick",
            "Reading: the next leader draws after the first trick",
            "Four players; 'der nach ihm ausspielt' read as the winner of the first trick, "
            "who draws from the holder once that trick is over (if he is not the holder).",
            [p(3)],
            draw="after_first_trick",
        ),
    )
}


class PiqueseptState(State):
    """One deal of Piquesept in progress (see the module docstring for the phases)."""

    def __init__(self, game: PiqueseptGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.players: int = variant["players"]
        self.order: tuple[str, ...] = game.seats_of(variant)
        self.size = f.hand_size(self.players)
        self.phase = "aside" if self.players == 3 else "deal"
        self.aside: tuple[Card, ...] = ()
        self.hands: dict[str, list[Card]] = {s: [] for s in self.order}
        self.dealt = 0
        self.undealt: dict[str, Action] = {a.text[5:]: a for a in _DEAL.values()}
        self.holder = ""
        self.drawer = ""
        self.drawn: Card | None = None
        self.given: Card | None = None
        self.exchanged = False
        self.leader = ""
        self.trick: list[tuple[str, Card]] = []
        self.tricks: list[tuple[tuple[tuple[str, Card], ...], str]] = []
        self.won: dict[str, list[Card]] = {s: [] for s in self.order}

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        phase = self.phase
        if phase == "play":
            return self._next_player()
        if phase in ("deal", "aside", "draw"):
            return CHANCE
        if phase == "give":
            return self.drawer
        return None

    def _next_player(self) -> str:
        if not self.trick:
            return self.leader
        last = self.order.index(self.trick[-1][0])
        return self.order[(last + 1) % self.players]

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            return self._legal_play()
        if phase == "deal":
            return list(self.undealt.values())
        if phase == "aside":
            return [Action(text, (p(1),)) for text in _ASIDE]
        if phase == "draw":
            return [_DRAW[c] for c in f.drawable_cards(self.hands[self.holder])]
        # give: any card of the drawer's but the one he drew
        return [_GIVE[c] for c in self.hands[self.drawer] if c != self.drawn]

    def _legal_play(self) -> list[Action]:
        seat = self._next_player()
        hand = self.hands[seat]
        if not self.tricks:
            if not self.trick:
                return [_FIRST[PIQUE_SIEBEN]]
            return [_FIRST[c] for c in f.first_trick_cards(hand)]
        if not self.trick:
            return [_LEAD[c] for c in hand]
        led = self.trick[0][1]
        cards = f.legal_cards(hand, [c for _, c in self.trick], seat == self.holder)
        return [
            _PRIVILEGE[c]
            if c.suit == TRUMP and led.suit != TRUMP and seat == self.holder
            else _FOLLOW[c]
            for c in cards
        ]

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb, _, rest = text.partition(" ")
        seat = self._to_act()
        if seat == CHANCE:
            return IllegalAction(
                f"chance acts now (dealing or drawing); {text!r} must wait", (p(1), p(3))
            )
        if verb == "give":
            if self.phase != "give":
                return IllegalAction(
                    "only the player who drew from the holder gives a card, once, at the start",
                    (p(3),),
                )
            card = _CARDS.get(rest)
            if card is None or card not in self.hands[self.drawer]:
                return IllegalAction(f"player {self.drawer} does not hold {rest}", (p(3),))
            return IllegalAction(
                f"player {self.drawer} gives 'eine andere' card than the {rest} he drew", (p(3),)
            )
        if verb != "play":
            return IllegalAction(f"{text!r} is not an action of Piquesept", (p(1),))
        if self.phase != "play":
            return IllegalAction("the drawer first gives a card to the holder", (p(3),))
        card = _CARDS.get(rest)
        if card is None or card not in self.hands[seat or ""]:
            return IllegalAction(f"player {seat} does not hold {rest}", (p(2), p(3)))
        if not self.tricks:
            if not self.trick:
                return IllegalAction(
                    f"player {seat} holds the Pique Sieben and leads it at once", (p(2),)
                )
            return IllegalAction(
                f"player {seat} must give his highest trump, or without a trump his highest "
                "card, to the Pique Sieben",
                (p(2),),
            )
        led = self.trick[0][1]
        if any(c.suit == led.suit for c in self.hands[seat or ""]):
            extra = "" if seat != self.holder else " (he may trump only a high card led by another)"
            return IllegalAction(f"player {seat} must follow suit to {led}{extra}", (p(3),))
        return IllegalAction(f"player {seat} cannot follow {led} and must trump", (p(3),))

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        verb, _, rest = action.text.partition(" ")
        if verb == "play":
            self._play(_CARDS[rest])
        elif verb == "deal":
            self._deal(_CARDS[rest])
        elif verb == "aside":
            self.aside = _ASIDE[action.text]
            for card in self.aside:
                del self.undealt[str(card)]
            self.phase = "deal"
        elif verb == "draw":
            card = _CARDS[rest]
            self.drawn = card
            self.hands[self.holder].remove(card)
            self.hands[self.drawer] = ORDER.sorted([*self.hands[self.drawer], card])
            self.phase = "give"
        elif verb == "give":
            card = _CARDS[rest]
            self.given = card
            self.hands[self.drawer].remove(card)
            self.hands[self.holder] = ORDER.sorted([*self.hands[self.holder], card])
            self.exchanged = True
            self.phase = "play"

    def _deal(self, card: Card) -> None:
        del self.undealt[str(card)]
        seat = self.order[self.dealt // self.size]
        self.hands[seat].append(card)
        self.dealt += 1
        if self.dealt < self.size * self.players:
            return
        for s in self.order:
            self.hands[s] = ORDER.sorted(self.hands[s])
        self.holder = next(s for s in self.order if PIQUE_SIEBEN in self.hands[s])
        self.leader = self.holder
        if self.variant["draw"] == "before_play":
            self.drawer = self.order[(self.order.index(self.holder) + 1) % self.players]
            self.phase = "draw"
        else:
            self.phase = "play"

    def _play(self, card: Card) -> None:
        seat = self._next_player()
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            return
        winner = self.trick[f.trick_winner([c for _, c in self.trick])][0]
        self.tricks.append((tuple(self.trick), winner))
        self.won[winner].extend(c for _, c in self.trick)
        self.trick = []
        self.leader = winner
        if not self.hands[winner]:
            self.phase = "over"
        elif (
            len(self.tricks) == 1
            and self.variant["draw"] == "after_first_trick"
            and winner != self.holder
        ):
            self.drawer = winner
            self.phase = "draw"

    # ------------------------------------------------------------ scoring

    def side_of(self, seat: str) -> str:
        """The side ``seat`` scores for: ``holder`` or ``others``, or the seat itself."""
        if self.variant["sides"] == "each":
            return seat
        if not self.holder:
            return seat
        return "holder" if seat == self.holder else "others"

    def side_points(self) -> dict[str, int]:
        """The points of each side's tricks so far (p4)."""
        result: dict[str, int] = {}
        for seat in self.order:
            side = self.side_of(seat)
            result[side] = result.get(side, 0) + f.points(self.won[seat])
        return result

    def _scores(self) -> Scores:
        by_side = self.side_points()
        items: list[ScoreItem] = []
        won_side = f.winner(by_side) if self.phase == "over" else None
        for seat in self.order:
            side = self.side_of(seat)
            detail = f"{side}: {by_side[side]} of {f.TOTAL_POINTS} card points"
            items.append(ScoreItem(seat, by_side[side], "card_points", (p(4),), detail))
            if won_side is not None and side == won_side:
                cites = (p(2), p(4)) if self.variant["sides"] == "holder" else (p(4),)
                items.append(ScoreItem(seat, 0, "game", cites, f"{side} has 66 or more and wins"))
        return Scores(self.order, tuple(items))

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: own hand, the exchange if it took part, the tricks, the table."""
        lines = [f"Piquesept ({self.variant.name}); phase {self.phase}"]
        if self.aside:
            lines.append(f"aside: {' '.join(format_cards(self.aside))}")
        for s in self.order:
            if seat in (s, ""):
                lines.append(f"{s} hand: {' '.join(format_cards(self.hands[s])) or '-'}")
            else:
                lines.append(f"{s} holds {len(self.hands[s])} cards")
        if self.holder:
            lines.append(f"holder of the Pique Sieben: {self.holder}")
        if self.drawer and self.drawn is not None:
            if seat in (self.holder, self.drawer, ""):
                given = f", gave {self.given}" if self.given is not None else ""
                lines.append(f"{self.drawer} drew {self.drawn}{given}")
            else:
                lines.append(f"{self.drawer} drew a card from {self.holder}")
        for number, (plays, winner) in enumerate(self.tricks, 1):
            cards = " ".join(f"{s}:{c}" for s, c in plays)
            lines.append(f"trick {number}: {cards} -> {winner}")
        if self.trick:
            lines.append("on the table: " + " ".join(f"{s}:{c}" for s, c in self.trick))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class PiqueseptGame(Game):
    """Piquesept for three or four, after Engelmann 1798 (deal format: ``rules/piquesept/README.md``)."""

    name = "piquesept"
    title = "Piquesept"
    siglum = "engelmann1798"
    chapter = "engelmann1798.piquesept"
    variants = VARIANTS
    end_cites = (p(4),)
    max_game_length = 1 + 32 + 1 + 1 + 32
    deal_format = (
        '{"hands": {"1": [8 cards], "2": [...], "3": [...], "4": [...]}, "draw": card, '
        '"aside": [two eights]}: seats in the order of play; three players hold 10 cards '
        'each and lay aside two of 8H 8D 8C ("aside", only then); "draw" is the card the '
        "drawer takes unseen from the holder of the Pique Sieben (not 7S)."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """Seats 1 to 4 (or 3) in the order of play."""
        return tuple(str(n) for n in range(1, variant["players"] + 1))

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> PiqueseptState:
        """Before the deal."""
        return PiqueseptState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """Two eights laid aside (three players), the shuffled pack, then the drawn card."""
        chance: list[str] = []
        aside: list[Card] = []
        if variant["players"] == 3:
            text = rng.choice(sorted(_ASIDE))
            aside = list(_ASIDE[text])
            chance.append(text)
        cards = [c for c in FRENCH_32 if c not in aside]
        rng.shuffle(cards)
        chance += [f"deal {c}" for c in cards]
        size = f.hand_size(variant["players"])
        holder = cards.index(PIQUE_SIEBEN) // size
        hand = cards[holder * size : (holder + 1) * size]
        chance.append(f"draw {rng.choice(f.drawable_cards(hand))}")
        return chance

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        seats = self.seats_of(variant)
        if not isinstance(deal, Mapping):
            raise RulesError(f"a Piquesept deal is an object with hands and draw, not {deal!r}")
        unknown = set(deal) - {"hands", "aside", "draw"}
        if unknown:
            raise RulesError(f"a Piquesept deal has no {sorted(unknown)}")
        hands = deal.get("hands")
        if not isinstance(hands, Mapping) or sorted(hands) != sorted(seats):
            raise RulesError(f"deal.hands gives the cards of seats {', '.join(seats)} (p1)")
        aside = cards_of(deal.get("aside", []), "deal.aside")
        try:
            pack = f.pack(variant["players"], aside)
        except f.PiqueseptError as error:
            raise RulesError(f"deal.aside: {error}") from None
        parsed = {s: cards_of(hands[s], f"deal.hands.{s}") for s in seats}
        every = [c for s in seats for c in parsed[s]]
        check_distinct(every, pack, "deal")
        size = f.hand_size(variant["players"])
        for seat in seats:
            if len(parsed[seat]) != size:
                raise RulesError(
                    f"deal.hands.{seat}: {size} cards each (p1), not {len(parsed[seat])}"
                )
        try:
            drawn = parse_card(deal.get("draw", ""))
        except ValueError as error:
            raise RulesError(f"deal.draw: {error}") from None
        holder = next(s for s in seats if PIQUE_SIEBEN in parsed[s])
        if drawn not in f.drawable_cards(parsed[holder]):
            raise RulesError(
                f"deal.draw: {drawn} is not a card of the holder ({holder}) besides the Pique "
                "Sieben (p3)"
            )
        chance = [] if variant["players"] == 4 else [_aside_text(aside)]
        chance += [f"deal {c}" for c in every]
        return [*chance, f"draw {drawn}"]

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal that a sequence of chance outcomes gives."""
        size = f.hand_size(variant["players"])
        seats = self.seats_of(variant)
        cards = [t.split(" ", 1)[1] for t in chance if t.startswith("deal ")]
        deal: dict[str, JSON] = {
            "hands": {
                s: [str(c) for c in ORDER.sorted(map(parse_card, cards[i * size : (i + 1) * size]))]
                for i, s in enumerate(seats)
            },
            "draw": next(t.split(" ", 1)[1] for t in chance if t.startswith("draw ")),
        }
        aside = [t for t in chance if t.startswith("aside ")]
        if aside:
            deal["aside"] = aside[0].split(" ")[1:]
        return deal

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """Laying aside (three players), ``deal <card>`` and ``draw <card>``."""
        aside = tuple(sorted(_ASIDE)) if variant["players"] == 3 else ()
        return (
            *aside,
            *(f"deal {c}" for c in FRENCH_32),
            *(f"draw {c}" for c in FRENCH_32),
        )

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """``give <card>`` and ``play <card>`` for each card of the pack."""
        cards = [str(c) for c in FRENCH_32]
        return (*(f"give {c}" for c in cards), *(f"play {c}" for c in cards))

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """No side's points lie further than 130 from the mean."""
        return (-130.0, 130.0)


def _aside_text(aside: Sequence[Card]) -> str:
    ordered = [c for c in f.ASIDE_EIGHTS if c in aside]
    return f"aside {ordered[0]} {ordered[1]}"


GAME = PiqueseptGame()
