"""Tresett as a playable deal (Engelmann 1798), on the game model of :mod:`rules.model`.

Seats A, B, C, D in the order of play ("rechter Hand"); A and C play together against B
and D. The ``context`` carries the sitting: the number of the deal, who deals, each
company's marks in the current Parthie and the Parthien won so far (see the README). A
deal runs through these phases, each action citing its paragraphs:

1. **deal** (chance, p2, p5): ``deal <card>``: five cards to each of A, B, C, D, twice
   round. The print deals from the Vorhand on (:func:`rules.tresett.functions.deal`);
   which seat the chance fills first does not matter, every deal of a shuffled pack
   being equally likely, so the chance order does not depend on who deals.
2. **opening** (p5, p6, p11): in the order of play each player who holds something he may
   declare now says ``declare set <rank>`` or ``declare napoli <suit>`` for each, or
   ``pass``; once he has declared everything he may, the turn moves on by itself.
   Others than the Vorhand may not yet declare Threes, Twos, Aces or a Neapolitaine.
3. **play** (p4): the Vorhand leads; ``play <card>``, following suit; the highest card of
   the led suit takes the trick and its taker leads. At his turn in the second trick,
   before his card, also when he leads it, a player may declare his Threes, Twos, Aces
   and Neapolitaines, one ``declare`` each (p5, p6, p11); his card ends that time.

Marks are laid in the order they are made (p12): declarations when declared, the Points
of a company's tricks trick by trick, the last trick's Point with it. The first company
to reach 21 wins a Parthie, double if the other has at most ten (p10), says itself out
and quits the deal, which ends there (p12, p14). Three Sevens (older rule) and the
whole-deal results of p13 win Parthien besides.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards import Card, Rank, Suit, format_cards, parse_card
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
from rules.tresett import functions as f
from rules.tresett.functions import ORDER, PACK, SEATS, p

JSON = Any
_CARDS = {str(c): c for c in PACK}
_DEAL = {c: Action(f"deal {c}", (p(2), p(5))) for c in PACK}
_DEAL_BY_TEXT = {str(c): a for c, a in _DEAL.items()}
_PLAY = {c: Action(f"play {c}", (p(4),)) for c in PACK}
_PASS = Action("pass", (p(5), p(11)))
_COMBOS: tuple[str, ...] = (
    *(f"set {r.value}" for r in ORDER.ranks),
    *(f"napoli {s.value}" for s in f.SUITS),
)
_NAMES = {
    Rank.THREE: "Threes", Rank.TWO: "Twos", Rank.ACE: "Aces", Rank.KING: "Kings",
    Rank.QUEEN: "Queens", Rank.JACK: "Jacks", Rank.SEVEN: "Sevens", Rank.SIX: "Sixes",
    Rank.FIVE: "Fives", Rank.FOUR: "Fours",
}  # fmt: skip
#: The deals agreed for a sitting ("nach einer festgesetzten Anzahl von Spielen", p15):
#: the text leaves the number to the players; the model plays eight, each player dealing
#: twice.
SPIELE = 8
DEFAULT_CONTEXT: dict[str, JSON] = {
    "deal": 1,
    "dealer": "D",
    "marks": {"AC": 0, "BD": 0},
    "parthien": {"AC": 0, "BD": 0},
}


def _variant(
    name: str, title: str, description: str, cites: Sequence[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {
        "rules": "older",
        "zurufen": True,
        "continuation": False,
        "spiele": SPIELE,
    }
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"tresett variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    if params["zurufen"] and params["continuation"]:
        raise RulesError("the Continuation cannot be played 'mit Zurufen' (p14)")
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "mit_zurufen",
            "With Zurufen, the older count",
            "'Jetzt spielt man gemeiniglich mit Zurufen' (p3); three Sevens win a Parthie "
            "and a mark (p6); a Parthie's surplus marks are lost.",
            [p(3), p(5), p(6), p(10)],
        ),
        _variant(
            "neuere_ansagen",
            "The newer count",
            "'Neuerlich': three Sevens, Twos or Aces count three marks, four count four "
            "(p6); with Zurufen.",
            [p(6)],
            rules="newer",
        ),
        _variant(
            "continuation",
            "Continuation Triset",
            "Without Zurufen; the winners carry the marks they made over 21 into the next "
            "Parthie (p14); older count.",
            [p(14)],
            zurufen=False,
            continuation=True,
        ),
    )
}


def _check_context(context: Mapping[str, JSON]) -> dict[str, JSON]:
    ctx = {**DEFAULT_CONTEXT, **context}
    if ctx["dealer"] not in SEATS:
        raise RulesError(f"context: the dealer is A, B, C or D, not {ctx['dealer']!r}")
    for key, most in (("marks", f.TARGET - 1), ("parthien", None)):
        value = ctx[key]
        if (
            not isinstance(value, Mapping)
            or set(value) != {"AC", "BD"}
            or not all(isinstance(v, int) and v >= 0 for v in value.values())
            or (most is not None and max(value.values()) > most)
        ):
            limit = f" up to {most}" if most is not None else ""
            raise RulesError(
                f"context: {key} is {{'AC': n, 'BD': n}} with n >= 0{limit}, not {value!r}"
            )
    if not isinstance(ctx["deal"], int) or ctx["deal"] < 1:
        raise RulesError(f"context: deal is a number from 1, not {ctx['deal']!r}")
    return ctx


class TresettState(State):
    """One deal of Tresett in progress (see the module docstring for the phases)."""

    def __init__(self, game: TresettGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.ctx = _check_context(context)
        self.rules: str = variant["rules"]
        dealer = SEATS.index(self.ctx["dealer"])
        self.order: tuple[str, ...] = tuple(SEATS[(dealer + 1 + i) % 4] for i in range(4))
        self.vorhand = self.order[0]
        self.phase = "deal"
        self.count = 0
        self.undealt: dict[str, Action] = dict(_DEAL_BY_TEXT)
        self.hands: dict[str, list[Card]] = {s: [] for s in SEATS}
        self.dealt: dict[str, tuple[Card, ...]] = {}
        self.holding: dict[str, dict[str, dict[str, int]]] = {}
        self.declared: dict[str, list[str]] = {s: [] for s in SEATS}
        self.shown: dict[str, list[Card]] = {s: [] for s in SEATS}
        self.queue: list[str] = []
        self.leader = self.vorhand
        self.trick: list[tuple[str, Card]] = []
        self.tricks: list[tuple[tuple[tuple[str, Card], ...], str]] = []
        #: (company, marks, item, cites, detail, parthien): the marks in the order made.
        self.events: list[tuple[str, int, str, tuple[str, ...], str, int]] = []
        self._points = {"AC": 0, "BD": 0}
        self._running = dict(self.ctx["marks"])

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        phase = self.phase
        if phase == "play":
            if not self.trick:
                return self.leader
            return SEATS[(SEATS.index(self.trick[-1][0]) + 1) % 4]
        if phase == "opening":
            return self.queue[0]
        return CHANCE if phase == "deal" else None

    # ------------------------------------------------------------ what may be declared

    def eligible(self, seat: str, time: str) -> list[str]:
        """The combinations ``seat`` holds and may still declare at ``time``."""
        vorhand = seat == self.vorhand
        return [
            combo
            for combo in self.holding.get(seat, {})
            if combo not in self.declared[seat] and time in f.declaration_times(combo, vorhand)
        ]

    def _window(self, seat: str) -> str | None:
        """The declaring time open to ``seat`` now, if any."""
        if self.phase == "opening":
            return "opening"
        if self.phase == "play" and len(self.tricks) == 1:
            return "second_trick"
        return None

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "deal":
            return list(self.undealt.values())
        seat = self._to_act() or ""
        if phase == "opening":
            return [
                _PASS,
                *(self._declare_action(seat, c, "opening") for c in self.eligible(seat, "opening")),
            ]
        declares = []
        if len(self.tricks) == 1:
            declares = [
                self._declare_action(seat, c, "second_trick")
                for c in self.eligible(seat, "second_trick")
            ]
        cards = f.legal_cards(self.hands[seat], [c for _, c in self.trick])
        return [*(_PLAY[c] for c in cards), *declares]

    def _declare_action(self, seat: str, combo: str, time: str) -> Action:
        cites: tuple[str, ...] = (p(5),) if combo.startswith("set") else (p(6),)
        if combo in ("set 7",):
            cites = (p(5), p(6))
        if self.rules == "newer" and combo in ("set 2", "set A"):
            cites = (p(5), p(6))
        if (
            time == "second_trick"
            or combo.startswith("napoli")
            or combo.split(" ")[1] in ("3", "2", "A")
        ):
            cites = (*cites, p(11))
        if self.variant["zurufen"] and seat == self.vorhand and time == "opening":
            cites = (*cites, p(3))
        return Action(f"declare {combo}", tuple(dict.fromkeys(cites)))

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb, _, rest = text.partition(" ")
        seat = self._to_act()
        if seat == CHANCE:
            return IllegalAction(f"the cards are being dealt; {text!r} must wait", (p(5),))
        seat = seat or ""
        if text == "pass":
            return IllegalAction("'pass' ends a player's declarations after the deal", (p(5),))
        if verb == "declare":
            return self._refuse_declaration(seat, rest)
        if verb != "play":
            return IllegalAction(f"{text!r} is not an action of Tresett", (p(2),))
        if self.phase == "opening":
            return IllegalAction("first everyone declares or passes, in the order of play", (p(5),))
        card = _CARDS.get(rest)
        if card is None or card not in self.hands[seat]:
            return IllegalAction(f"player {seat} does not hold {rest}", (p(4),))
        led = self.trick[0][1]
        return IllegalAction(f"player {seat} must follow suit to {led}", (p(4),))

    def _refuse_declaration(self, seat: str, combo: str) -> IllegalAction:
        if combo not in _COMBOS:
            return IllegalAction(
                f"{combo!r} is not a declaration: 'set <rank>' or 'napoli <suit>'", (p(5), p(6))
            )
        holding = self.holding.get(seat, {})
        if combo not in holding:
            what = (
                "three or four of that rank"
                if combo.startswith("set")
                else "Drei, Zwei and Aß of that suit"
            )
            return IllegalAction(f"player {seat} was not dealt {what}", (p(5), p(6)))
        if combo in self.declared[seat]:
            return IllegalAction(f"player {seat} has declared {combo} already", (p(5),))
        times = f.declaration_times(combo, seat == self.vorhand)
        window = self._window(seat)
        if window is not None and window not in times and "second_trick" in times:
            return IllegalAction(
                f"player {seat} has not the Vorhand and may declare {combo} only at his card to "
                "the second trick: too early is 'strafbar'",
                (p(5), p(11)),
            )
        return IllegalAction(
            f"the time to declare {combo} has passed: 'so ist die Ansage vorbei, und gilt nichts'",
            (p(11),),
        )

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        verb, _, rest = action.text.partition(" ")
        if verb == "play":
            self._play(_CARDS[rest])
        elif verb == "deal":
            del self.undealt[rest]
            self._deal(_CARDS[rest])
        elif verb == "declare":
            self._declare(self._to_act() or "", rest)
        elif verb == "pass":
            self.queue.pop(0)
            self._next_opening()

    def _deal(self, card: Card) -> None:
        seat = SEATS[(self.count % 20) // 5]
        self.hands[seat].append(card)
        self.count += 1
        if self.count < len(PACK):
            return
        for s in SEATS:
            self.hands[s] = ORDER.sorted(self.hands[s])
            self.dealt[s] = tuple(self.hands[s])
            self.holding[s] = f.declarations(self.dealt[s], self.rules)  # type: ignore[arg-type]
        self.queue = [s for s in self.order if self.eligible(s, "opening")]
        self.phase = "opening"
        self._next_opening()

    def _next_opening(self) -> None:
        while self.queue and not self.eligible(self.queue[0], "opening"):
            self.queue.pop(0)
        if not self.queue:
            self.phase = "play"

    def _declare(self, seat: str, combo: str) -> None:
        self.declared[seat].append(combo)
        value = self.holding[seat][combo]
        kind, _, what = combo.partition(" ")
        if kind == "set":
            rank = Rank(what)
            count = sum(1 for c in self.dealt[seat] if c.rank == rank)
            detail = f"{seat}: {count} {_NAMES[rank]}"
            cites = (p(5),) if value["parthien"] == 0 and rank not in (Rank.SEVEN,) else (p(6),)
            if self.rules == "newer" and rank in (Rank.TWO, Rank.ACE, Rank.SEVEN):
                cites = (p(6),)
        else:
            detail = f"{seat}: Neapolitaine in {what} of {value['marks']} cards"
            cites = (p(6),)
            if self.variant["zurufen"] and seat == self.vorhand:
                suit = Suit(what)
                self.shown[seat] = [*self.shown[seat], *f.shown_cards(self.hands[seat], suit)]
        team = f.company(seat)
        self.events.append((team, value["marks"], "declaration", cites, detail, value["parthien"]))
        if self._lay(team, value["marks"]):
            return
        if self.phase == "opening":
            self._next_opening()

    def _lay(self, team: str, marks: int) -> bool:
        """Lay marks; a company at 21 says itself out and the deal ends (p12, p14)."""
        self._running[team] += marks
        if self._running[team] >= f.TARGET:
            self.phase = "over"
            return True
        return False

    def _play(self, card: Card) -> None:
        seat = self._to_act() or ""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            return
        cards = [c for _, c in self.trick]
        winner = self.trick[f.trick_winner(cards)][0]
        self.tricks.append((tuple(self.trick), winner))
        self.trick = []
        self.leader = winner
        team = f.company(winner)
        last = len(self.tricks) == f.HAND_SIZE
        taken = [c for plays, w in self.tricks if f.company(w) == team for _, c in plays]
        now = f.points(taken, last_trick=last)
        gained = now - self._points[team]
        self._points[team] = now
        if gained:
            self.events.append((team, gained, "points", (p(10),), f"trick {len(self.tricks)}", 0))
            if self._lay(team, gained):
                return
        if last:
            self.phase = "over"

    # ------------------------------------------------------------ scoring

    def special(self) -> dict[str, object] | None:
        """The deal's Gallata, Gallaton, Stramazzet or Stramazzeton, once all ten tricks are played (p13)."""
        if self.phase != "over" or len(self.tricks) < f.HAND_SIZE:
            return None
        return f.special_result([(w, [c for _, c in plays]) for plays, w in self.tricks])

    def race(self) -> tuple[str, int, int] | None:
        """The company that laid its 21st mark in this deal, at which event, and its Parthien."""
        start = self.ctx["marks"]
        out = f.first_out(start, [(e[0], e[1]) for e in self.events])
        if out is None:
            return None
        team, index = out
        running = {
            c: start[c] + sum(e[1] for e in self.events[: index + 1] if e[0] == c)
            for c in ("AC", "BD")
        }
        return team, index, f.parthie_won(running[team], running[f.other(team)])

    def _scores(self) -> Scores:
        items: list[ScoreItem] = []
        points: dict[str, int] = {"AC": 0, "BD": 0}
        race = self.race()
        for index, (team, marks, item, cites, detail, parthien) in enumerate(self.events):
            if item == "points":
                points[team] += marks
            else:
                items += self._both(team, marks, item, cites, detail)
            if parthien:
                what = f"{team} win {parthien} Parthie for three or four Sevens"
                items += self._both(team, 0, "parthie", (p(6),), what)
            if race is not None and race[1] == index:
                double = " (double: the others have not passed ten)" if race[2] == 2 else ""
                what = (
                    f"{team} lay their 21st mark, win {race[2]} "
                    f"Parthie{'n' if race[2] > 1 else ''}{double} and say themselves out"
                )
                items += self._both(team, 0, "parthie", (p(10), p(12), p(14)), what)
        for team in ("AC", "BD"):
            if points[team]:
                last = (
                    " with the last trick"
                    if len(self.tricks) == f.HAND_SIZE and f.company(self.tricks[-1][1]) == team
                    else ""
                )
                items += self._both(
                    team, points[team], "points", (p(10),), f"{team}: {points[team]} Points{last}"
                )
        special = self.special()
        if special is not None:
            team = str(special["company"])
            what = f"{team}: {str(special['name']).capitalize()}, {special['parthien']} Parthien"
            items += self._both(team, 0, "parthie", (p(13),), what)
        if self.phase == "over" and self.ctx["deal"] >= self.variant["spiele"]:
            won = self.parthien()
            total = {k: self.ctx["parthien"][k] + won[k] for k in ("AC", "BD")}
            money = f.settlement(total)
            for team in ("AC", "BD"):
                what = (
                    f"end of the sitting: AC {total['AC']}, BD {total['BD']} Parthien; "
                    f"{team} {'win' if money[team] > 0 else 'pay' if money[team] < 0 else 'are even at'} "
                    f"{abs(money[team])} times the stake"
                )
                items += self._both(team, 0, "settlement", (p(15),), what)
        order = {s: i for i, s in enumerate(SEATS)}
        items.sort(key=lambda i: order[i.seat])
        return Scores(SEATS, tuple(items))

    @staticmethod
    def _both(
        team: str, marks: int, item: str, cites: tuple[str, ...], detail: str
    ) -> list[ScoreItem]:
        return [
            ScoreItem(seat, marks, item, cites, detail) for seat in SEATS if f.company(seat) == team
        ]

    def parthien(self) -> dict[str, int]:
        """The Parthien each company wins in this deal (p6, p10, p13)."""
        won = {"AC": 0, "BD": 0}
        for team, _, _, _, _, parthien in self.events:
            won[team] += parthien
        race = self.race()
        if race is not None:
            won[race[0]] += race[2]
        special = self.special()
        if special is not None:
            won[str(special["company"])] += int(special["parthien"])  # type: ignore[call-overload]
        return won

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: own hand, declarations and shown cards, the tricks, the marks."""
        marks = self.ctx["marks"]
        lines = [
            f"Tresett ({self.variant.name}), deal {self.ctx['deal']}, {self.ctx['dealer']} deals, "
            f"Vorhand {self.vorhand}; marks AC {marks['AC']}, BD {marks['BD']}; phase {self.phase}"
        ]
        for s in SEATS:
            if seat in (s, ""):
                lines.append(f"{s} hand: {' '.join(format_cards(self.hands[s])) or '-'}")
            else:
                lines.append(f"{s} holds {len(self.hands[s])} cards")
            if self.declared[s]:
                lines.append(f"{s} declared: {', '.join(self.declared[s])}")
            if self.shown[s]:
                lines.append(f"{s} showed: {' '.join(format_cards(self.shown[s]))}")
        for number, (plays, winner) in enumerate(self.tricks, 1):
            lines.append(f"trick {number}: {' '.join(f'{s}:{c}' for s, c in plays)} -> {winner}")
        if self.trick:
            lines.append("on the table: " + " ".join(f"{s}:{c}" for s, c in self.trick))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class TresettGame(Game):
    """Tresett for four in two companies, after Engelmann 1798 (deal format: ``rules/tresett/README.md``)."""

    name = "tresett"
    title = "Tresett"
    siglum = "engelmann1798"
    chapter = "engelmann1798.tresett"
    variants = VARIANTS
    end_cites = (p(10), p(12), p(14))
    max_game_length = 40 + 4 * 7 + 4 * 6 + 40
    deal_format = (
        '{"A": [10 cards], "B": [...], "C": [...], "D": [...]}: seats in the order of play, '
        "A and C against B and D, from the l'Hombre pack of 40; who deals comes from the "
        'context ({"dealer": "D", "marks": {"AC": 0, "BD": 0}, "parthien": {...}, "deal": 1}), '
        "the Vorhand is the next seat."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """A, B, C, D in the order of play."""
        return SEATS

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> TresettState:
        """Before the deal."""
        return TresettState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled pack of 40, as the chance outcomes that deal it."""
        cards = list(PACK)
        rng.shuffle(cards)
        return [f"deal {c}" for c in cards]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it (dealer A-D from the context)."""
        if not isinstance(deal, Mapping) or sorted(deal) != list(SEATS):
            raise RulesError("a Tresett deal gives the ten cards of A, B, C and D")
        hands = {s: cards_of(deal[s], f"deal.{s}") for s in SEATS}
        check_distinct([c for s in SEATS for c in hands[s]], PACK, "deal")
        for seat in SEATS:
            if len(hands[seat]) != f.HAND_SIZE:
                raise RulesError(f"deal.{seat}: ten cards each (p2), not {len(hands[seat])}")
        return [
            f"deal {c}" for half in (0, 1) for s in SEATS for c in hands[s][5 * half : 5 * half + 5]
        ]

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal a sequence of chance outcomes gives (five each to A B C D, twice)."""
        cards = [parse_card(t.split(" ", 1)[1]) for t in chance]
        hands: dict[str, list[Card]] = {s: [] for s in SEATS}
        for index, card in enumerate(cards):
            hands[SEATS[(index % 20) // 5]].append(card)
        return {s: [str(c) for c in ORDER.sorted(hands[s])] for s in SEATS}

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the l'Hombre pack."""
        return tuple(f"deal {c}" for c in PACK)

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """``pass``, every declaration and ``play <card>``."""
        return ("pass", *(f"declare {c}" for c in _COMBOS), *(f"play {c}" for c in PACK))

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """Half the largest difference of the companies' marks in one deal."""
        return (-40.0, 40.0)

    def first_context(self, variant: Variant, rng: random.Random) -> dict[str, JSON]:
        """The first deal of a Parthie: a random dealer, no marks."""
        return {**DEFAULT_CONTEXT, "dealer": rng.choice(SEATS)}

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next deal: the Vorhand deals; the marks go on, or begin again after a Parthie.

        After a Parthie both companies begin again at 0, or with the Continuation the
        winners carry the marks they made over 21 (p14; more than 20 is not foreseen and
        is cut to 20). The sitting ends after the agreed number of deals (p15).
        """
        assert isinstance(state, TresettState)
        ctx = state.ctx
        if ctx["deal"] >= state.variant["spiele"]:
            return None
        marks = dict(ctx["marks"])
        for team, gained, *_ in state.events:
            marks[team] += gained
        race = state.race()
        if race is not None:
            winners = race[0]
            carried = f.carry_over(
                marks[winners], state.variant["continuation"], state.variant["zurufen"]
            )
            marks = {t: min(carried, f.TARGET - 1) if t == winners else 0 for t in ("AC", "BD")}
        won = state.parthien()
        return {
            "deal": ctx["deal"] + 1,
            "dealer": state.vorhand,
            "marks": marks,
            "parthien": {k: ctx["parthien"][k] + won[k] for k in ("AC", "BD")},
        }


GAME = TresettGame()
