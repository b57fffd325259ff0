"""Preference as a playable deal (Pierer's Universal-Lexikon, 1861), on :mod:`rules.model`.

A deal runs through these phases, each action citing its paragraphs:

1. **deal** (chance, p1): ``deal <card>``: the two top cards to the talon, then ten to
   each active player in throws of 3, 2, 3, 2 from the dealer's left.
2. **bidding** (p1): Vorhand, Zweiter, Dritter in turn ``pass`` or ``bid <suit>``
   (``roth``, ``schellen``, ``gruen``, ``eicheln``), each bid higher than the one before.
   If all pass, the talon is turned up and the round is played again; its winner takes
   the talon and ``discard <card>`` two cards. If all pass again the deal is void.
3. **going along** (p1): the two others in turn from the player's left ``join``
   (mitgehen) or ``pass``. If nobody joins, the player has won.
4. **play** (p1): the player leads; ``play <card>``, following suit when possible; the
   winner of a trick leads the next; a defender who passed does not play.

Scores are marks (Marken): the player wins or loses the game's value (Roth 40,
Schellen 30, Grün 20, Eicheln 10) against the pot and pays every defender who went
along 4, 3, 2 or 1 a trick; a defender with fewer than two tricks puts the value into
the pot. With ``context`` ``{"pot": n}`` (the marks left in the pot), a deal whose value
the pot cannot pay is played for what is left and closes the Partie (p6, p7).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards import GERMAN_32, Card, format_cards
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
from rules.preference import functions as f
from rules.preference.functions import ORDER, SUITS, THROWS, p

JSON = Any
ACTIVE: tuple[str, str, str] = ("vorhand", "zweiter", "dritter")
CITES = (p(1),)
_CARD_BY_TEXT = {str(c): c for c in GERMAN_32}
_DEAL_ACTIONS = {c: Action(f"deal {c}", CITES) for c in GERMAN_32}
_DISCARD = {c: Action(f"discard {c}", CITES) for c in GERMAN_32}
_PLAY = {c: Action(f"play {c}", CITES) for c in GERMAN_32}
_BID = {s: Action(f"bid {s}", CITES) for s in SUITS}
_PASS = Action("pass", CITES)
_JOIN = Action("join", CITES)
#: Where each card of the pack goes: the talon, then the throws 3, 2, 3, 2 round the table.
SCHEDULE: tuple[str, ...] = ("talon",) * f.TALON + tuple(
    seat for size in THROWS for seat in ACTIVE for _ in range(size)
)


def _variant(
    name: str, title: str, description: str, cites: Sequence[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {"players": 4}
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"preference variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "vier",
            "Four persons",
            "Four persons, 'so daß der Geber beim Spiele nicht betheiligt ist': the dealer "
            "sits out the deal ('gewöhnlich aber unter vier Personen').",
            CITES,
        ),
        _variant(
            "drei",
            "Three persons",
            "Three persons ('unter drei'): the dealer plays as the Dritte.",
            CITES,
            players=3,
        ),
    )
}


def _pot_of(context: Mapping[str, JSON]) -> int | None:
    unknown = set(context) - {"pot"}
    if unknown:
        raise RulesError(f"a Preference context has only 'pot', not {sorted(unknown)}")
    pot = context.get("pot")
    if pot is not None and (not isinstance(pot, int) or isinstance(pot, bool) or pot < 0):
        raise RulesError(f"context pot: the marks in the pot, a whole number >= 0, not {pot!r}")
    return pot


class PreferenceState(State):
    """One deal of Preference in progress (see the module docstring for the phases)."""

    def __init__(self, game: PreferenceGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.pot = _pot_of(context)
        self.hands: dict[str, list[Card]] = {s: [] for s in ACTIVE}
        self.talon: list[Card] = []
        self.dealt = 0
        self.phase = "deal"
        self.turn = 0
        self.best: tuple[int, str] | None = None
        self.talon_open = False
        self.declarer = ""
        self.trump = ""
        self.discarded: list[Card] = []
        self.queue: list[str] = []
        self.joined: list[str] = []
        self.playing: list[str] = []
        self.leader = ""
        self.trick: list[tuple[str, Card]] = []
        self.tricks: dict[str, int] = {s: 0 for s in ACTIVE}
        self.void = False

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        phase = self.phase
        if phase == "play":
            return self._next_in_trick()
        if phase in ("bid1", "bid2"):
            return ACTIVE[self.turn]
        if phase == "deal":
            return CHANCE
        if phase == "discard":
            return self.declarer
        if phase == "join":
            return self.queue[0]
        return None

    def _next_in_trick(self) -> str:
        start = self.playing.index(self.leader)
        return self.playing[(start + len(self.trick)) % len(self.playing)]

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            seat = self._next_in_trick()
            led = self.trick[0][1] if self.trick else None
            return [_PLAY[c] for c in f.legal_cards(self.hands[seat], led)]
        if phase == "deal":
            dealt = set(self.talon).union(*map(set, self.hands.values()))
            return [a for c, a in _DEAL_ACTIONS.items() if c not in dealt]
        if phase in ("bid1", "bid2"):
            current = self.best[1] if self.best else None
            return [_PASS] + [_BID[s] for s in SUITS if f.outbids(s, current)]
        if phase == "discard":
            return [_DISCARD[c] for c in self.hands[self.declarer]]
        return [_JOIN, _PASS]

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraph it breaks."""
        verb, _, rest = text.partition(" ")
        phase = self.phase
        seat = self._to_act()
        if phase == "deal":
            return IllegalAction(f"the cards are being dealt; {text!r} must wait", CITES)
        if verb == "bid":
            if phase not in ("bid1", "bid2"):
                return IllegalAction("the bidding is over: a game is declared", CITES)
            if rest not in SUITS:
                return IllegalAction(
                    f"a game is declared in roth, schellen, gruen or eicheln, not {rest!r}", CITES
                )
            return IllegalAction(
                f"{rest} does not outbid {self.best[1] if self.best else ''}: the following "
                "player can outbid only 'in höherer Farbe' (Roth, Schellen, Grün, Eicheln)",
                CITES,
            )
        if verb == "discard":
            if phase != "discard":
                return IllegalAction(
                    "only the player who took the turned-up talon lays two cards away, once",
                    CITES,
                )
            return IllegalAction(f"the {seat} does not hold {rest}", CITES)
        if text == "join":
            return IllegalAction(
                "the others go along (join) or pass only once a game is declared", CITES
            )
        if text == "pass":
            return IllegalAction(
                "a card must be played: passing is for the bidding and for going along", CITES
            )
        if verb == "play":
            return self._refuse_play(rest, seat or "")
        return IllegalAction(f"{text!r} is not an action of Preference", CITES)

    def _refuse_play(self, rest: str, seat: str) -> IllegalAction:
        if self.phase != "play":
            return IllegalAction("the play begins once a game is declared and answered", CITES)
        card = _CARD_BY_TEXT.get(rest)
        if card is None or card not in self.hands[seat]:
            return IllegalAction(f"the {seat} does not hold {rest}", CITES)
        led = self.trick[0][1]
        return IllegalAction(
            f"the {seat} must follow {led.suit.name.lower()} ('Die ausgespielte Farbe muß "
            "bekannt werden')",
            CITES,
        )

    # ------------------------------------------------------------ carrying out

    def _apply(self, action: Action) -> None:
        text = action.text
        phase = self.phase
        if phase == "deal":
            card = _CARD_BY_TEXT[text[5:]]
            target = SCHEDULE[self.dealt]
            (self.talon if target == "talon" else self.hands[target]).append(card)
            self.dealt += 1
            if self.dealt == len(SCHEDULE):
                self.phase = "bid1"
            return
        if phase == "play":
            self._play(_CARD_BY_TEXT[text[5:]])
            return
        if phase in ("bid1", "bid2"):
            if text != "pass":
                self.best = (self.turn, text[4:])
            self.turn += 1
            if self.turn == 3:
                self._end_round()
            return
        if phase == "discard":
            card = _CARD_BY_TEXT[text[8:]]
            self.hands[self.declarer].remove(card)
            self.discarded.append(card)
            if len(self.discarded) == 2:
                self._start_join()
            return
        seat = self.queue.pop(0)
        if text == "join":
            self.joined.append(seat)
        if not self.queue:
            self._start_play()

    def _end_round(self) -> None:
        if self.best is None:
            if self.phase == "bid1":
                self.phase, self.turn, self.talon_open = "bid2", 0, True
            else:
                self.phase, self.void = "over", True
            return
        self.declarer = ACTIVE[self.best[0]]
        self.trump = self.best[1]
        if self.phase == "bid2":
            self.hands[self.declarer].extend(self.talon)
            self.phase = "discard"
        else:
            self._start_join()

    def _start_join(self) -> None:
        self.queue = list(f.answer_order(self.declarer))
        self.phase = "join"

    def _start_play(self) -> None:
        if not self.joined:
            self.phase = "over"
            return
        self.playing = [s for s in ACTIVE if s == self.declarer or s in self.joined]
        self.leader = self.declarer
        self.phase = "play"

    def _play(self, card: Card) -> None:
        seat = self._next_in_trick()
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.playing):
            return
        index = f.trick_winner([c for _, c in self.trick], self.trump)
        winner = self.trick[index][0]
        self.tricks[winner] += 1
        self.leader = winner
        self.trick = []
        if not self.hands[winner]:
            self.phase = "over"

    # ------------------------------------------------------------ scoring

    def _scores(self) -> Scores:
        seats = self.seats()
        if self.phase != "over":
            return Scores(seats, ())
        if self.void:
            return Scores(
                seats,
                tuple(
                    ScoreItem(s, 0, "passed_out", CITES, "all passed twice: the deal is void")
                    for s in ACTIVE
                ),
            )
        result = f.settlement(self.trump, self.declarer, self.tricks, self.joined, self.pot)
        value = f.game_value(self.trump)
        rate = f.trick_rate(self.trump)
        player = self.declarer
        stake = value if not result.closes or self.pot is None else self.pot
        cites = (p(1), p(6), p(7)) if result.closes else CITES
        items: list[ScoreItem] = []
        if not self.joined:
            detail = f"nobody goes along: the game in {self.trump} is won"
            items.append(ScoreItem(player, stake, "game", cites, detail))
        elif not f.bete(self.tricks[player], "spieler"):
            detail = f"{self.tricks[player]} tricks in {self.trump}"
            items.append(ScoreItem(player, stake, "game", cites, detail))
        else:
            detail = f"bête with {self.tricks[player]} tricks in {self.trump}"
            items.append(ScoreItem(player, -stake, "bete", cites, detail))
        for seat in self.joined:
            paid = rate * self.tricks[seat]
            items.append(
                ScoreItem(
                    player,
                    -paid,
                    "trick_money",
                    CITES,
                    f"to the {seat}: {self.tricks[seat]} tricks",
                )
            )
            items.append(
                ScoreItem(seat, paid, "tricks", CITES, f"{self.tricks[seat]} tricks at {rate}")
            )
            if f.bete(self.tricks[seat], "mitgehender"):
                detail = f"bête with {self.tricks[seat]} tricks: {value} into the pot"
                items.append(ScoreItem(seat, -value, "bete", CITES, detail))
        if result.closes:
            items.append(
                ScoreItem(
                    player,
                    0,
                    "partie_closed",
                    (p(6), p(7)),
                    f"the pot held {self.pot} marks, not the {value} due: the Partie closes",
                )
            )
        return Scores(seats, tuple(items))

    def pot_after(self) -> int | None:
        """The marks in the pot after this deal (``None`` without a pot in the context)."""
        if self.pot is None or self.phase != "over" or self.void:
            return self.pot
        return (
            self.pot
            + f.settlement(self.trump, self.declarer, self.tricks, self.joined, self.pot).pot
        )

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: his hand, the turned-up talon, every public action, the trick."""
        lines = [f"Preference ({self.variant.name}); phase {self.phase}"]
        if self.pot is not None:
            lines.append(f"pot: {self.pot} marks")
        for s in ACTIVE:
            if seat in (s, ""):
                lines.append(
                    f"{s} hand: {' '.join(format_cards(ORDER.sorted(self.hands[s]))) or '-'}"
                )
            else:
                lines.append(f"{s} holds {len(self.hands[s])} cards")
        if self.talon_open or seat == "":
            lines.append(f"talon: {' '.join(format_cards(self.talon)) or '-'}")
        if self.discarded and seat in (self.declarer, ""):
            lines.append(f"laid away: {' '.join(format_cards(self.discarded))}")
        if self.trump:
            lines.append(f"game: {self.declarer} in {self.trump}")
        public = [
            f"{a.seat}: {a.text}"
            for a in self.history
            if a.seat != CHANCE and not a.text.startswith("discard ")
        ]
        if public:
            lines.append("public: " + "; ".join(public))
        if self.trick:
            lines.append("trick: " + " ".join(f"{s} {c}" for s, c in self.trick))
        if self.playing:
            lines.append("tricks: " + ", ".join(f"{s} {self.tricks[s]}" for s in self.playing))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class PreferenceGame(Game):
    """Preference for three or (usually) four persons, after Pierer's Universal-Lexikon (1861)."""

    name = "preference"
    title = "Preference"
    siglum = "pierer1861"
    chapter = "pierer1861.preference"
    variants = VARIANTS
    end_cites = CITES
    max_game_length = 32 + 3 + 3 + 2 + 2 + 30
    deal_format = (
        '{"vorhand": [10 cards], "zweiter": [10 cards], "dritter": [10 cards], "talon": '
        "[2 cards]}: the seats from the dealer's left (with three persons the dealer is the "
        "dritter); the German pack A K O U 10 9 8 7 of E L R B."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """Vorhand, Zweiter, Dritter from the dealer's left, and with four persons the Geber."""
        return ACTIVE + (("geber",) if variant["players"] == 4 else ())

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> PreferenceState:
        """Before the deal."""
        return PreferenceState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled pack, as the chance outcomes that deal it."""
        cards = list(GERMAN_32)
        rng.shuffle(cards)
        return [f"deal {c}" for c in cards]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it (talon, then the throws)."""
        if not isinstance(deal, Mapping) or set(deal) != {*ACTIVE, "talon"}:
            raise RulesError(
                "a Preference deal is an object with vorhand, zweiter, dritter and talon"
            )
        hands = {s: cards_of(deal[s], f"deal.{s}") for s in ACTIVE}
        talon = cards_of(deal["talon"], "deal.talon")
        check_distinct([*talon, *(c for h in hands.values() for c in h)], GERMAN_32, "deal")
        for seat, hand in hands.items():
            if len(hand) != 10:
                raise RulesError(
                    f"deal.{seat}: every player gets 10 cards, not {len(hand)} ({p(1)})"
                )
        if len(talon) != 2:
            raise RulesError(
                f"deal.talon: the talon is the two top cards, not {len(talon)} ({p(1)})"
            )
        given = {s: iter(h) for s, h in hands.items()}
        order = [*talon, *(next(given[s]) for s in SCHEDULE[f.TALON :])]
        return [f"deal {c}" for c in order]

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal of a shuffled pack."""
        deal: dict[str, list[str]] = {s: [] for s in (*ACTIVE, "talon")}
        for target, text in zip(SCHEDULE, chance, strict=False):
            deal[target].append(text.split(" ", 1)[1])
        return deal

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the German pack."""
        return tuple(f"deal {c}" for c in GERMAN_32)

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Every player action, in a fixed order (OpenSpiel's action ids)."""
        cards = [str(c) for c in GERMAN_32]
        return (
            "pass",
            "join",
            *(f"bid {s}" for s in SUITS),
            *(f"discard {c}" for c in cards),
            *(f"play {c}" for c in cards),
        )

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """A lost Roth with every trick paid out is 80 marks; a seat's return stays within 120."""
        return (-120.0, 120.0)

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next deal of a Partie with a pot; ``None`` once the pot closes it (p6, p7)."""
        assert isinstance(state, PreferenceState)
        if state.pot is None:
            return None
        if any(i.item == "partie_closed" for i in state.scores().items):
            return None
        return {"pot": state.pot_after()}


GAME = PreferenceGame()
