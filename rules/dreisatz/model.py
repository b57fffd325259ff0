"""Dreisatz as a playable deal (police handbook c. 1905, § 10), on :mod:`rules.model`.

A deal runs through these phases, each action citing its paragraphs:

1. **deal** (chance, p2): ``deal <card>`` gives every player three cards, one round at a
   time: the first two rounds face down, the third face up (the open card of the Belle).
   Every player has made his three stakes (p1).
2. **buying** (p4): in turn from the dealer's left, each living player says ``buy 1`` (the
   Bankhalter gives him the next card of the talon: a chance ``deal <card>``) or ``pass``.
   One card at a time (``buy 2`` is refused); a player over 31 is dead and buys no more. The buying ends when
   every living player has passed since the last card was bought (variant
   ``reading_pass_final``: a pass is final).
3. **settlement**: the Belle (p2) goes to the one highest open card, the Folge (p3) to the
   one highest run of three, the 31 (p4) to the one count of 31 or nearest below; a tie
   (or no Folge, or no living player) leaves that stake standing for the next deal.

Scores are in stake units: every player pays one unit into each pot (p1), and a pot's
winner takes all of it, including what stood over from earlier deals (``context``
``{"pots": {"belle": n, "folge": n, "einunddreissig": n}}``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards import Card, format_cards
from rules.dreisatz import functions as f
from rules.dreisatz.functions import POTS, p
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
PACK: tuple[Card, ...] = f.pack()
_CARD_BY_TEXT = {str(c): c for c in PACK}
_DEAL_ACTIONS = {c: Action(f"deal {c}", (p(2),)) for c in PACK}
_DRAW_ACTIONS = {c: Action(f"deal {c}", (p(4),)) for c in PACK}
_BUY = Action("buy 1", (p(4),))
_PASS = Action("pass", (p(4),))
_POT_CITES = {"belle": (p(2),), "folge": (p(3),), "einunddreissig": (p(4),)}


def seat_names(players: int) -> tuple[str, ...]:
    """``spieler1`` ... ``spielerN``, in order from the dealer's left."""
    return tuple(f"spieler{i}" for i in range(1, players + 1))


def _variant(
    name: str, title: str, description: str, cites: Sequence[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {
        "players": 4,
        "tie31": "stands",
        "pass_final": False,
        "folge_cards": "dealt",
    }
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"dreisatz variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "spieler4",
            "Four players",
            "Four players ('Beliebige Anzahl Spieler', p1); ties leave a stake standing.",
            [p(1)],
        ),
        _variant(
            "spieler3", "Three players", "As spieler4, with three players.", [p(1)], players=3
        ),
        _variant("spieler6", "Six players", "As spieler4, with six players.", [p(1)], players=6),
        _variant(
            "reading_31_tie_vorhand",
            "Reading: a tie for 31 goes to the Vorhand",
            "Four players; equal best counts for 31 go to the first of them from the dealer's "
            "left, as in older German practice (the edition lets the stake stand, as p2 and "
            "p3 do for the other two stakes).",
            [p(4)],
            tie31="vorhand",
        ),
        _variant(
            "reading_pass_final",
            "Reading: a pass is final",
            "Four players; a player who passes buys no more cards (the edition lets him buy "
            "again in a later round until a whole round passes).",
            [p(4)],
            pass_final=True,
        ),
        _variant(
            "reading_folge_after_buying",
            "Reading: the Folge among all cards held",
            "Four players; the Folge is the highest run of three among all the cards a player "
            "ends with, bought ones included (the edition judges the three cards dealt).",
            [p(3), p(4)],
            folge_cards="all",
        ),
    )
}


def _pots_of(context: Mapping[str, JSON]) -> dict[str, int]:
    """The stakes standing over from earlier deals; refuses a malformed context."""
    unknown = set(context) - {"pots"}
    if unknown:
        raise RulesError(f"a Dreisatz context has only 'pots', not {sorted(unknown)}")
    pots = context.get("pots", {})
    if not isinstance(pots, Mapping) or set(pots) - set(POTS):
        raise RulesError(f"context pots: a mapping of {', '.join(POTS)} to units, not {pots!r}")
    result = {pot: 0 for pot in POTS}
    for pot, value in pots.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RulesError(f"context pots.{pot}: a whole number of units >= 0, not {value!r}")
        result[pot] = value
    return result


class DreisatzState(State):
    """One deal of Dreisatz in progress (see the module docstring for the phases)."""

    def __init__(self, game: DreisatzGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.carried = _pots_of(context)
        self.n: int = variant["players"]
        self.names = seat_names(self.n)
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.dealt: set[Card] = set()
        self.phase = "deal"
        self.turn = 0
        self.buyer = 0
        self.alive = [True] * self.n
        self.passed = [False] * self.n
        self.stood = [False] * self.n

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        if self.phase in ("deal", "draw"):
            return CHANCE
        if self.phase == "buy":
            return self.names[self.turn]
        return None

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        if self.phase == "deal":
            return [a for c, a in _DEAL_ACTIONS.items() if c not in self.dealt]
        if self.phase == "draw":
            return [a for c, a in _DRAW_ACTIONS.items() if c not in self.dealt]
        if len(self.dealt) < len(PACK):
            return [_BUY, _PASS]
        return [_PASS]

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        if self.phase == "deal":
            return IllegalAction(
                f"the dealer is giving every player three cards; {text!r} must wait", (p(2),)
            )
        if self.phase == "draw":
            return IllegalAction(
                f"the Bankhalter is giving the bought card; {text!r} must wait", (p(4),)
            )
        verb, _, count = text.partition(" ")
        if verb == "buy" and count != "1":
            return IllegalAction(
                f"'Man kann nur eine Karte auf einmal ... kaufen': buy 1, not {count or 'none'}",
                (p(4),),
            )
        if text == "buy 1":
            return IllegalAction("the talon is used up: no card is left to buy", (p(4),))
        if text.startswith("deal "):
            return IllegalAction(
                "only the dealer and the Bankhalter give cards; a player says 'buy 1' or 'pass'",
                (p(2), p(4)),
            )
        return IllegalAction(
            f"{text!r} is not an action of Dreisatz: a player may only 'buy 1' card or 'pass'",
            (p(4),),
        )

    # ------------------------------------------------------------ carrying out

    def _apply(self, action: Action) -> None:
        text = action.text
        if self.phase == "deal":
            card = _CARD_BY_TEXT[text[5:]]
            count = len(self.dealt)
            self.hands[count % self.n].append(card)
            self.dealt.add(card)
            if len(self.dealt) == 3 * self.n:
                # Two Aces and a court card count 32: dead as dealt (p4).
                self.alive = [not f.dead(h) for h in self.hands]
                self.phase = "buy"
                self._advance(self.n - 1)
            return
        if self.phase == "draw":
            card = _CARD_BY_TEXT[text[5:]]
            self.hands[self.buyer].append(card)
            self.dealt.add(card)
            if f.dead(self.hands[self.buyer]):
                self.alive[self.buyer] = False
            self.phase = "buy"
            self._advance(self.buyer)
            return
        if text == "buy 1":
            self.buyer = self.turn
            self.passed = [False] * self.n
            self.phase = "draw"
            return
        self.passed[self.turn] = True
        if self.variant["pass_final"]:
            self.stood[self.turn] = True
        self._advance(self.turn)

    def _advance(self, current: int) -> None:
        nxt = f.next_buyer(
            current, self.alive, self.passed, self.stood, bool(self.variant["pass_final"])
        )
        if nxt is None:
            self.phase = "over"
        else:
            self.turn = nxt

    # ------------------------------------------------------------ scoring

    def winners(self) -> dict[str, int | None]:
        """The index of each pot's winner, ``None`` where the stake stands (after the deal)."""
        result: dict[str, int | None] = {pot: None for pot in POTS}
        if len(self.dealt) < 3 * self.n:
            return result
        result["belle"] = f.belle_winner([h[2] for h in self.hands])
        if self.variant["folge_cards"] == "dealt":
            result["folge"] = f.folge_winner([h[:3] for h in self.hands])
        elif self.phase == "over":
            result["folge"] = f.folge_winner(self.hands)
        if self.phase == "over":
            result["einunddreissig"] = f.einunddreissig_winner(self.hands, self.variant["tie31"])
        return result

    def standing(self) -> dict[str, int]:
        """The units each pot holds over for the next deal once this deal is over."""
        if self.phase != "over":
            return {}
        won = self.winners()
        return {pot: self.carried[pot] + self.n for pot in POTS if won[pot] is None}

    def _scores(self) -> Scores:
        items: list[ScoreItem] = []
        for name in self.names:
            items += [ScoreItem(name, -1, f"stake_{pot}", (p(1),)) for pot in POTS]
        decided = {"belle": len(self.dealt) >= 3 * self.n, "folge": False}
        decided["folge"] = decided["belle"] and (
            self.variant["folge_cards"] == "dealt" or self.phase == "over"
        )
        decided["einunddreissig"] = self.phase == "over"
        for pot, index in self.winners().items():
            amount = self.carried[pot] + self.n
            if index is not None:
                detail = f"the pot of {amount}"
                if self.carried[pot]:
                    detail += f" ({self.carried[pot]} stood over from earlier deals)"
                items.append(ScoreItem(self.names[index], amount, pot, _POT_CITES[pot], detail))
            elif decided[pot]:
                for name in self.names:
                    items.append(
                        ScoreItem(
                            name,
                            0,
                            f"{pot}_stands",
                            _POT_CITES[pot],
                            f"no single winner: the pot of {amount} stands for the next deal",
                        )
                    )
        return Scores(self.names, tuple(items))

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: everyone's open card, his own cards, who bought, who is dead."""
        lines = [f"Dreisatz ({self.variant.name}); phase {self.phase}"]
        if any(self.carried.values()):
            lines.append("standing over: " + ", ".join(f"{k} {v}" for k, v in self.carried.items()))
        for i, name in enumerate(self.names):
            hand = self.hands[i]
            open_card = str(hand[2]) if len(hand) > 2 else "-"
            if seat in (name, ""):
                shown = " ".join(format_cards(hand)) or "-"
                text = f"{name}: open {open_card}; cards {shown}; count {f.hand_points(hand)}"
            else:
                text = f"{name}: open {open_card}; holds {len(hand)} cards"
            if not self.alive[i]:
                text += " (dead)"
            lines.append(text)
        public = [f"{a.seat}: {a.text}" for a in self.history if a.seat != CHANCE]
        if public:
            lines.append("public: " + "; ".join(public))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class DreisatzGame(Game):
    """Dreisatz for any number of players, after the police handbook (c. 1905), § 10."""

    name = "dreisatz"
    title = "Dreisatz (Belle, Folge, 31)"
    siglum = "polizei472"
    chapter = "polizei472.dreisatz"
    variants = VARIANTS
    end_cites = (p(4),)
    # The largest variant: 3 x 6 dealt + at most 52 - 18 buys, each a buy action and a
    # chance card, and at most one round of passes (6) after each buy and at the end.
    max_game_length = 18 + 34 * 2 + 35 * 6
    deal_format = (
        '{"spieler1": [3 cards], ..., "spielerN": [3 cards], "talon": [the cards the '
        "Bankhalter gives, in order]}: each hand is [covered, covered, open]; the talon may "
        "be shorter than the rest of the pack (later cards are then left to chance)."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """``spieler1`` ... ``spielerN`` from the dealer's left; the dealer does not play."""
        return seat_names(variant["players"])

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> DreisatzState:
        """Before the deal, with the stakes standing over from earlier deals."""
        return DreisatzState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled pack: the three rounds of the deal, then the talon."""
        cards = list(PACK)
        rng.shuffle(cards)
        return [f"deal {c}" for c in cards]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it (round by round, then talon)."""
        seats = self.seats_of(variant)
        if not isinstance(deal, Mapping):
            raise RulesError(f"a Dreisatz deal is an object with {seats[0]} ... and talon")
        unknown = set(deal) - {*seats, "talon"}
        missing = set(seats) - set(deal)
        if unknown or missing:
            raise RulesError(
                f"a Dreisatz deal of {len(seats)} players has {', '.join(seats)} and talon; "
                f"unknown {sorted(unknown)}, missing {sorted(missing)}"
            )
        hands = [cards_of(deal[s], f"deal.{s}") for s in seats]
        talon = cards_of(deal.get("talon", []), "deal.talon")
        for seat, hand in zip(seats, hands, strict=True):
            if len(hand) != 3:
                raise RulesError(
                    f"deal.{seat}: every player gets three cards, two covered and one open, "
                    f"not {len(hand)} ({p(2)})"
                )
        check_distinct([c for h in hands for c in h] + talon, PACK, "deal")
        order = [hands[i][r] for r in range(3) for i in range(len(seats))]
        return [f"deal {c}" for c in order + talon]

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal of a sequence of chance outcomes."""
        n = variant["players"]
        cards = [text.split(" ", 1)[1] for text in chance]
        deal: dict[str, JSON] = {
            seat: [cards[r * n + i] for r in range(3)] for i, seat in enumerate(seat_names(n))
        }
        deal["talon"] = cards[3 * n :]
        return deal

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the pack."""
        return tuple(f"deal {c}" for c in PACK)

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """A player's decisions, buy one card or pass, and ``buy 2``, which p4 forbids."""
        return ("buy 1", "buy 2", "pass")

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """A player pays three units and can win the three pots of the whole table."""
        n = variant["players"]
        return (-3.0 * n, 3.0 * n)

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next deal while a stake stands over (p2, p3, p4); ``None`` once all are won."""
        assert isinstance(state, DreisatzState)
        standing = state.standing()
        return {"pots": standing} if standing else None


GAME = DreisatzGame()
