"""Watten as a playable deal (Schwaighofer 1927), on the game model of :mod:`rules.model`.

Seats are the roles of the book's example (zuviert.p5): ``A`` deals and announces the
Trumpf, ``B`` on his left announces the Schlag and leads, ``C`` is A's partner and ``D``
B's partner (and cuts). Zu zweit ``A`` deals and ``B`` is the Vorhand. A deal runs:

1. **deal** (chance): ``deal <card>`` gives each seat five cards, two and then three,
   beginning at B (zuzweit.p1, zuviert.p5). Kritisch-Watten first shows the bottom card
   of the cut: a Kritischer there D may ``keep`` or ``leave`` (kritischwatten.p2).
2. **announcements**: B says ``schlag <rank>`` (a rank of his cards), A ``trumpf <suit>``
   (a suit of his cards) (zuzweit.p1-p3, zuviert.p5). Zu viert C and D look at their
   cards only now (zuviert.p5); then partners see each other's signs (zuviert.p2-p3).
3. **play**: ``play <card>``, B leading, the winner of a trick leading the next; a trump
   lead asks for a trump (zuzweit.p4-p6). Before his card a player may ``bid spiel`` or
   raise (``bid 3`` … ``bid 7``, ``bid spielaus``); the player on his left answers at
   once for his party: ``gut`` (gives up, "geht"), ``hold`` ("schaut an") or the next
   raise (zuzweit.p7-p8, zuviert.p6, p8).
4. The deal ends when a party has three tricks or says ``gut``.

Scores: the party that makes three tricks writes the stake (2, or what was raised and
held; a held Spielaus: all it lacks to go out); a bid refused gives the bidder the
concession value. Zu viert the party that writes nothing gets its ``strich`` and a
party at 13 or 14 is struck through (zuviert.p8). With a Partie context
(``{"dealer": <player>, "score": {<party>: n}}``, players A-D as persons) the deal
names the party that reaches the target (zuviert.p4); the next deal passes to the
left (zuviert.p9) or, zu zweit, to the other player (zuzweit.p7).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.cards import GERMAN_33, Card, Rank, Suit, format_cards, parse_card
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
from rules.watten import functions as f
from rules.watten.functions import INTRO, LEVELS, RANK_NAMES, SUIT_NAMES, v, z

JSON = Any

_RANK_BY_CODE: dict[str, Rank] = {r.value: r for r in f.SCHLAG_RANKS}
_CARD_BY_TEXT: dict[str, Card] = {str(c): c for c in GERMAN_33}
_SUIT_BY_CODE: dict[str, Suit] = {s.value: s for s in f.SUITS}


def _variant(
    name: str, title: str, description: str, cites: Iterable[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {"players": 4, "target": f.TARGET, "gespannt": True}
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"watten variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v_.name: v_
    for v_ in (
        _variant(
            "zu_viert",
            "Watten zu viert",
            "Four players, two against two, partners crosswise; signs between partners; a "
            "party at 13 or 14 may not raise; the Partie to 15 (zuviert.p1-p9).",
            [v(1), v(4), v(8)],
        ),
        _variant(
            "zu_zweit",
            "Watten zu zweit",
            "Two players, each for himself; the same rules of cards and bidding; the text "
            "has no 13/14 rule for two (zuzweit.p1-p8). The Partie to 15 is taken from "
            "zu viert.",
            [z(1), z(7)],
            players=2,
            gespannt=False,
        ),
    )
}


def persons(players: int) -> tuple[str, ...]:
    """The players as persons (A, B, C, D or A, B), in order round the table to the left."""
    return f.SEATS_4 if players == 4 else f.SEATS_2


def person_parties(players: int) -> tuple[str, ...]:
    """The parties by persons: ``AC`` and ``BD`` zu viert, ``A`` and ``B`` zu zweit."""
    return ("AC", "BD") if players == 4 else ("A", "B")


class WattenState(State):
    """One deal of Watten (or Kritisch-Watten) in progress; see the module docstring."""

    def __init__(
        self,
        game: WattenGame,
        variant: Variant,
        context: Mapping[str, JSON],
        explicit: JSON | None,
    ) -> None:
        super().__init__(game, variant, context)
        self.rules: WattenGame = game
        self.players: int = int(variant["players"])
        self.target: int = int(variant["target"])
        self.ctx = game.check_context(variant, context)
        self.seat_order: tuple[str, ...] = persons(self.players)
        #: Play order: from the dealer's left round to the dealer.
        self.order: tuple[str, ...] = f.play_order("A", self.players)
        self.kritische: tuple[Card, ...] = game.kritische_of(variant)
        self.pack: tuple[Card, ...] = game.pack_of(variant)
        self.cutter = self.order[-2] if self.players == 4 else "B"
        self.hands: dict[str, list[Card]] = {s: [] for s in self.seat_order}
        self.received: dict[str, list[Card]] = {s: [] for s in self.seat_order}
        self.cut: list[Card] = []
        self.kept: list[Card] = []
        self.unseen: list[Card] = list(self.pack)
        self.phase = "cut" if self.kritische else "deal"
        self.sequence: list[str] = []
        self.dealt = 0
        self.schlag: Rank | None = None
        self.trumpf: Suit | None = None
        self.trick: list[tuple[str, Card]] = []
        self.leader = self.order[0]
        self.turn = 0
        self.tricks: dict[str, int] = {p: 0 for p in self.role_parties()}
        self.played_tricks = 0
        self.stake: int | str = f.BASE_STAKE
        self.spiel_offered = False
        self.raiser: str | None = None
        self.offer: tuple[str, str] | None = None
        self.responder = ""
        self.offerer = ""
        self.result: tuple[str, str, int] | None = None
        if self.phase == "deal":
            self._start_dealing()

    # ------------------------------------------------------------ seats and parties

    def role_parties(self) -> tuple[str, ...]:
        """The parties by role this deal: ``AC`` (the dealer's) and ``BD``, or ``A`` and ``B``."""
        return ("AC", "BD") if self.players == 4 else ("A", "B")

    def party(self, seat: str) -> str:
        """The role party of ``seat``."""
        if self.players == 2:
            return seat
        return "AC" if seat in ("A", "C") else "BD"

    def members(self, party: str) -> tuple[str, ...]:
        """The seats of a role party."""
        return tuple(party)

    def person(self, seat: str) -> str:
        """The person (Partie letter) sitting in ``seat`` this deal."""
        people = self.seat_order
        start = people.index(self.ctx["dealer"])
        return people[(start + people.index(seat)) % len(people)]

    def person_party(self, party: str) -> str:
        """The Partie's name of a role party this deal (e.g. ``BD`` when B deals and plays AC)."""
        names = [self.person(s) for s in self.members(party)]
        return "".join(sorted(names))

    def score_of(self, party: str) -> int:
        """A role party's score in the Partie before this deal."""
        return int(self.ctx["score"][self.person_party(party)])

    def left_of(self, seat: str) -> str:
        """The seat on the left of ``seat`` (the next to play)."""
        people = self.seat_order
        return people[(people.index(seat) + 1) % len(people)]

    # ------------------------------------------------------------ dealing

    def _start_dealing(self) -> None:
        need = {s: 5 for s in self.order}
        need[self.cutter] = 5 - len(self.kept)
        self.sequence = f.dealing_sequence(self.order, 2, need)
        self.phase = "deal"

    def _deal_done(self) -> None:
        self.phase = "schlag"
        if self.deal is not None:
            self.deal = self.rules.record(self)

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        phase = self.phase
        if phase == "play":
            return self.order[(self.order.index(self.leader) + self.turn) % self.players]
        if phase in ("deal", "cut"):
            return CHANCE
        if phase == "respond":
            return self.responder
        if phase == "schlag":
            return self.order[0]
        if phase == "trumpf":
            return "A"
        if phase == "keep":
            return self.cutter
        return None

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            return self._legal_play()
        if phase in ("deal", "cut"):
            table = self.rules.chance_actions(self.variant, phase)
            return [table[c] for c in self.unseen]
        if phase == "respond":
            return self._legal_response()
        seat = self._to_act() or ""
        if phase == "schlag":
            cites = self.rules.schlag_cites(self.variant)
            return [Action(f"schlag {r.value}", cites) for r in f.schlag_choices(self.hands[seat])]
        if phase == "trumpf":
            cites = self.rules.trumpf_cites(self.variant)
            return [Action(f"trumpf {s.value}", cites) for s in f.trumpf_choices(self.hands[seat])]
        if phase == "keep":
            cites = self.rules.keep_cites(self.variant)
            return [Action("keep", cites), Action("leave", cites)]
        return []

    def _lead(self) -> Card | None:
        return self.trick[0][1] if self.trick else None

    def _legal_play(self) -> list[Action]:
        seat = self._to_act() or ""
        assert self.schlag is not None and self.trumpf is not None
        lead = self._lead()
        hand = self.hands[seat]
        cards = self.rules.legal_of(self.variant, hand, lead, self.schlag, self.trumpf)
        cites = self.rules.play_cites(self.variant, lead, self.schlag, self.trumpf)
        actions = [Action(f"play {c}", cites) for c in cards]
        return actions + self._bids(seat)

    def _may_raise(self, party: str) -> bool:
        if not self.variant["gespannt"]:
            return True
        return f.may_raise(self.score_of(party), self.players, self.target)

    def _bid_cites(self) -> tuple[str, ...]:
        cites: tuple[str, ...] = (z(7),)
        if self.played_tricks:
            cites += (z(8),)
        if self.players == 4:
            cites += (v(6),)
        return cites

    def _bids(self, seat: str) -> list[Action]:
        party = self.party(seat)
        if self.raiser not in (None, party):
            return []
        actions: list[Action] = []
        cites = self._bid_cites()
        if self.raiser is None and not self.spiel_offered and self.stake == f.BASE_STAKE:
            actions.append(Action("bid spiel", cites))
        if self.stake != "spielaus" and self._may_raise(party):
            gespannt = (v(8),) if self.variant["gespannt"] else ()
            actions.append(Action(f"bid {self._next_raise()}", cites + gespannt))
        return actions

    def _next_raise(self) -> str:
        """The raise that would follow the stake now (Drei after the base stake)."""
        if self.stake == f.BASE_STAKE:
            return "3"
        return f.raise_after(str(self.stake))

    def _legal_response(self) -> list[Action]:
        assert self.offer is not None
        level = self.offer[1]
        party = self.party(self.responder)
        cites: tuple[str, ...] = (z(7),)
        actions = [
            Action("gut", cites + ((v(6),) if self.players == 4 else ())),
            Action("hold", cites),
        ]
        if level != "spielaus" and self._may_raise(party):
            gespannt = (v(8),) if self.variant["gespannt"] else ()
            actions.append(Action(f"bid {f.raise_after(level)}", cites + gespannt))
        return actions

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        text = action.text
        phase = self.phase
        if phase in ("deal", "cut"):
            card = _CARD_BY_TEXT[text[5:]]
            self.unseen.remove(card)
            if phase == "cut":
                self._reveal(card)
            else:
                seat = self.sequence[self.dealt]
                self.hands[seat].append(card)
                self.received[seat].append(card)
                self.dealt += 1
                if self.dealt == len(self.sequence):
                    self._deal_done()
            return
        if phase == "keep":
            self._keep(text == "keep")
            return
        if phase == "schlag":
            self.schlag = _RANK_BY_CODE[text.split(" ", 1)[1]]
            self.phase = "trumpf"
            return
        if phase == "trumpf":
            self.trumpf = _SUIT_BY_CODE[text.split(" ", 1)[1]]
            self.phase = "play"
            return
        if phase == "respond":
            self._respond(text)
            return
        seat = self._to_act() or ""
        if text.startswith("bid "):
            self._offer(seat, text[4:])
            return
        self._play(seat, _CARD_BY_TEXT[text[5:]])

    def _reveal(self, card: Card) -> None:
        self.cut.append(card)
        if card in self.kritische:
            self.phase = "keep"
        else:
            self._start_dealing()

    def _keep(self, keep: bool) -> None:
        card = self.cut[-1]
        if keep:
            self.kept.append(card)
            self.hands[self.cutter].append(card)
            self.phase = "cut"
        else:
            self._start_dealing()

    def _offer(self, seat: str, level: str) -> None:
        if level == "spiel":
            self.spiel_offered = True
        self.offer = (self.party(seat), level)
        self.offerer = seat
        self.responder = self.left_of(seat)
        self.phase = "respond"

    def _respond(self, text: str) -> None:
        assert self.offer is not None
        party, level = self.offer
        if text == "gut":
            self.result = ("gut", party, f.concession_value(level))
            self.phase = "over"
            return
        answering = self.party(self.responder)
        if text == "hold":
            self.stake = f.held_stake(level)
            self.raiser = answering
            self.offer = None
            self.phase = "play"
            return
        counter = text[4:]
        self.stake = f.held_stake(level)
        self.offer = (answering, counter)
        self.offerer = self.responder
        self.responder = self.left_of(self.responder)

    def _play(self, seat: str, card: Card) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.turn += 1
        if len(self.trick) < self.players:
            return
        assert self.schlag is not None and self.trumpf is not None
        cards = [c for _, c in self.trick]
        winner = self.trick[self.rules.winner(self.variant, cards, self.schlag, self.trumpf)][0]
        party = self.party(winner)
        self.tricks[party] += 1
        self.played_tricks += 1
        self.trick = []
        self.leader = winner
        self.turn = 0
        if f.deal_winner(self.tricks) is not None:
            stake = self.stake
            points = (
                f.spielaus_points(self.score_of(party), self.target)
                if stake == "spielaus"
                else int(stake)
            )
            self.result = ("spielaus" if stake == "spielaus" else "spiel", party, points)
            self.phase = "over"

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb, _, rest = text.partition(" ")
        phase = self.phase
        seat = self._to_act() or ""
        rules = self.rules
        if phase in ("deal", "cut"):
            return IllegalAction(
                f"the cards are being dealt; {text!r} must wait",
                rules.deal_cites(self.variant, phase),
            )
        if verb in ("keep", "leave") and phase != "keep":
            return IllegalAction(
                "only the cutter, when the cut shows a Kritischer, keeps or leaves it",
                rules.keep_cites(self.variant),
            )
        if phase == "keep":
            return IllegalAction(
                f"the cutter {self.cutter} first says whether he keeps {self.cut[-1]}",
                rules.keep_cites(self.variant),
            )
        if verb == "schlag":
            if phase != "schlag":
                return IllegalAction(
                    "the Schlag is announced once, by the player on the dealer's left, "
                    "before the Trumpf",
                    rules.schlag_cites(self.variant),
                )
            return IllegalAction(
                f"{seat} announces a rank of his own five cards as Schlag, not {rest!r}",
                rules.schlag_cites(self.variant),
            )
        if phase == "schlag":
            return IllegalAction(
                f"{seat} (on the dealer's left) first announces the Schlag",
                rules.schlag_cites(self.variant),
            )
        if verb == "trumpf":
            if phase != "trumpf":
                return IllegalAction(
                    "the dealer announces the Trumpf once, after the Schlag",
                    rules.trumpf_cites(self.variant),
                )
            return IllegalAction(
                f"the dealer announces a suit of his own five cards as Trumpf, not {rest!r}",
                rules.trumpf_cites(self.variant),
            )
        if phase == "trumpf":
            return IllegalAction(
                "the dealer first announces the Trumpf", rules.trumpf_cites(self.variant)
            )
        if phase == "respond":
            if verb == "bid" and self.offer is not None:
                return self._refuse_bid(rest, self.party(seat), responding=True)
            return IllegalAction(
                f"{seat} must answer the bid at once: 'gut', 'hold' or the next raise",
                (z(7),),
            )
        if verb in ("gut", "hold"):
            return IllegalAction("'gut' and 'hold' answer a bid; none is open", (z(7),))
        if verb == "bid":
            return self._refuse_bid(rest, self.party(seat), responding=False)
        if verb == "play":
            return self._refuse_play(seat, rest)
        return IllegalAction(f"{text!r} is not an action of Watten", (z(1),))

    def _refuse_bid(self, level: str, party: str, responding: bool) -> IllegalAction:
        cites: tuple[str, ...] = (z(7),)
        if level not in LEVELS:
            return IllegalAction(f"a bid is one of {', '.join(LEVELS)}, not {level!r}", cites)
        if (
            self.variant["gespannt"]
            and level != "spiel"
            and not f.may_raise(self.score_of(party), self.players, self.target)
        ):
            return IllegalAction(
                f"the party {self.person_party(party)} has {self.score_of(party)}: at 13 or 14 "
                "it may not bid Drei or raise",
                (v(8),),
            )
        if self.stake == "spielaus" or (self.offer is not None and self.offer[1] == "spielaus"):
            return IllegalAction("nothing is bid after Spielaus", cites)
        if not responding and self.raiser not in (None, party):
            return IllegalAction("the other party held the last bid: only it may raise now", cites)
        if level == "spiel":
            return IllegalAction("the Spiel is offered once, before any raise", cites)
        expected = f.raise_after(self.offer[1]) if responding and self.offer else self._next_raise()
        return IllegalAction(
            f"the raise goes one step at a time: now {expected!r}, not {level!r}", cites
        )

    def _refuse_play(self, seat: str, rest: str) -> IllegalAction:
        try:
            card = parse_card(rest)
        except ValueError:
            return IllegalAction(f"not a card: {rest!r}", (z(1),))
        if card not in self.hands[seat]:
            return IllegalAction(f"{seat} does not hold {card}", (z(1),))
        assert self.schlag is not None and self.trumpf is not None
        lead = self._lead()
        cites = self.rules.follow_cites(self.variant)
        return IllegalAction(
            f"{lead} is a trump lead: {seat} holds a trump (other than the Rechte) and must give "
            f"a {SUIT_NAMES[self.trumpf]} card",
            cites,
        )

    # ------------------------------------------------------------ scoring

    def _scores(self) -> Scores:
        items: list[ScoreItem] = []
        if self.result is None:
            return Scores(self.seat_order, ())
        kind, party, points = self.result
        four = self.players == 4
        if kind == "gut":
            assert self.offer is not None
            level = self.offer[1]
            cites: tuple[str, ...] = (z(7), v(6)) if four else (z(7),)
            detail = f"bid {level} given up ('gut')"
        else:
            cites = (z(1), z(6), z(7), v(1)) if four else (z(1), z(6), z(7))
            detail = f"three tricks; stake {self.stake}"
        for seat in self.members(party):
            items.append(ScoreItem(seat, points, kind, cites, detail))
        other = next(p for p in self.role_parties() if p != party)
        if four:
            for seat in self.members(other):
                items.append(ScoreItem(seat, 0, "strich", (v(8),), "writes nothing"))
        total = self.score_of(party) + points
        if total >= self.target:
            name = self.person_party(party)
            detail = f"{name} reaches {total} of {self.target} and wins the Partie"
            items += [ScoreItem(s, 0, "partie", (v(4),), detail) for s in self.members(party)]
        elif four and self.variant["gespannt"] and not f.may_raise(total, 4, self.target):
            detail = f"{self.person_party(party)} at {total}: may not bid Drei"
            items += [
                ScoreItem(s, 0, "durchgestrichen", (v(8),), detail) for s in self.members(party)
            ]
        return Scores(self.seat_order, tuple(items))

    def partie_over(self) -> bool:
        """Whether this deal ends the Partie (a party reached the target)."""
        return any(i.item == "partie" for i in self.scores().items)

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: own cards (zu viert C and D after the announcements), the
        partner's signs, the cut, the announcements, the bids and the current trick."""
        lines = [
            f"{self.rules.title} ({self.variant.name}); dealer {self.ctx['dealer']}; "
            f"phase {self.phase}"
        ]
        announced = self.trumpf is not None
        if self.schlag is not None:
            text = f"Schlag {self.schlag.value} ({RANK_NAMES[self.schlag]})"
            if self.trumpf is not None:
                text += f"; Trumpf {self.trumpf.value} ({SUIT_NAMES[self.trumpf]})"
            lines.append(text)
        if self.cut:
            lines.append(f"cut shows: {' '.join(format_cards(self.cut))}")
        for s in self.seat_order:
            if seat in (s, ""):
                if self.players == 4 and seat == s and not f.may_look(s, announced):
                    lines.append(f"{s} hand: {len(self.hands[s])} cards, not yet looked at")
                else:
                    lines.append(f"{s} hand: {' '.join(format_cards(f.sort_cards(self.hands[s])))}")
        if self.players == 4 and announced and seat:
            mate = f.partner(seat)
            assert self.schlag is not None and self.trumpf is not None
            shown = self.rules.signs_of(self.variant, self.hands[mate], self.schlag, self.trumpf)
            lines.append(f"{mate} signs: {' '.join(shown)}")
        public = [
            f"{a.seat}: {a.text}"
            for a in self.history
            if a.seat != CHANCE and not a.text.startswith("play ")
        ]
        if public:
            lines.append("said: " + "; ".join(public))
        lines.append(
            "tricks: "
            + ", ".join(f"{p} {n}" for p, n in self.tricks.items())
            + f"; stake {self.stake}"
        )
        if self.trick:
            lines.append("on the table: " + " ".join(f"{s}:{c}" for s, c in self.trick))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class WattenGame(Game):
    """Watten for two or four, after Schwaighofer 1927 (deal format: ``rules/watten/README.md``)."""

    name = "watten"
    title = "Watten"
    siglum = "schwaighofer1927"
    chapter = "schwaighofer1927.watten"
    variants = VARIANTS
    end_cites = (z(1), z(6))
    #: 1 + 4 cut cards and 4 keep decisions (Kritisch-Watten), 20 cards dealt, 2
    #: announcements, 20 cards played, 14 bids and answers.
    max_game_length = 5 + 4 + 20 + 2 + 20 + 14
    deal_format = (
        '{"hands": {"A": [5 cards], "B": [5 cards], "C": [...], "D": [...]}}: the cards '
        "each seat receives, in the order received (A deals; zu zweit only A and B). The "
        "chance outcomes deal them two, then three, beginning at B (B C D A)."
    )

    def chance_actions(self, variant: Variant, phase: str) -> dict[Card, Action]:
        """The chance outcome of each card of the pack in ``phase`` (built once, cached)."""
        key = (variant.name, phase)
        cache: dict[tuple[str, str], dict[Card, Action]] = self.__dict__.setdefault(
            "_chance_cache", {}
        )
        if key not in cache:
            cites = self.deal_cites(variant, phase)
            cache[key] = {c: Action(f"deal {c}", cites) for c in self.pack_of(variant)}
        return cache[key]

    # ------------------------------------------------------------ hooks (Kritisch-Watten)

    def pack_of(self, variant: Variant) -> tuple[Card, ...]:
        """The pack: 32 German cards (watten.p1)."""
        return f.pack()

    def kritische_of(self, variant: Variant) -> tuple[Card, ...]:
        """The Kritische: none in plain Watten."""
        return ()

    def winner(self, variant: Variant, cards: Sequence[Card], schlag: Rank, trumpf: Suit) -> int:
        """The position of the card that takes the trick (rule ``watten.trick_winner``)."""
        return f.trick_winner(cards, schlag, trumpf)

    def legal_of(
        self, variant: Variant, hand: Sequence[Card], lead: Card | None, schlag: Rank, trumpf: Suit
    ) -> tuple[Card, ...]:
        """The cards one may play (rule ``watten.legal_cards``)."""
        return f.legal_cards(hand, lead, schlag, trumpf)

    def obliged(self, variant: Variant, lead: Card, schlag: Rank, trumpf: Suit) -> bool:
        """Whether the lead asks for a trump (rule ``watten.must_follow_trump``)."""
        return f.must_follow_trump(lead, schlag, trumpf)

    def signs_of(
        self, variant: Variant, hand: Sequence[Card], schlag: Rank, trumpf: Suit
    ) -> list[str]:
        """A player's signs to his partner (rule ``watten.deuten``)."""
        return f.signs(hand, schlag, trumpf)

    def deal_cites(self, variant: Variant, phase: str) -> tuple[str, ...]:
        """The paragraphs of the deal."""
        return (z(1), v(5)) if variant["players"] == 4 else (z(1),)

    def keep_cites(self, variant: Variant) -> tuple[str, ...]:
        """The paragraphs of keeping a cut Kritischer (Kritisch-Watten only)."""
        return (z(1),)

    def schlag_cites(self, variant: Variant) -> tuple[str, ...]:
        """The paragraphs of the Schlag announcement."""
        return (z(1), z(2), v(5)) if variant["players"] == 4 else (z(1), z(2))

    def trumpf_cites(self, variant: Variant) -> tuple[str, ...]:
        """The paragraphs of the Trumpf announcement."""
        return (z(3), v(5)) if variant["players"] == 4 else (z(3),)

    def play_cites(
        self, variant: Variant, lead: Card | None, schlag: Rank, trumpf: Suit
    ) -> tuple[str, ...]:
        """The paragraphs allowing a card: leading, following freely, or giving a trump."""
        if lead is None:
            return (z(1), z(7))
        if self.obliged(variant, lead, schlag, trumpf):
            return (z(4), z(6))
        return (z(5), z(6)) if lead.rank == schlag else (z(6),)

    def follow_cites(self, variant: Variant) -> tuple[str, ...]:
        """The paragraphs broken by not giving a trump to a trump lead."""
        return (z(4), z(6))

    def check_context(self, variant: Variant, context: JSON) -> dict[str, JSON]:
        """The Partie context with defaults (dealer A, every party at 0); refuses a context
        that is not an object, an unknown field, a dealer or a score out of range."""
        players = int(variant["players"])
        parties = person_parties(players)
        if not isinstance(context, Mapping):
            raise RulesError(
                "context: the Partie context is an object {dealer, score} (zuviert.p4, p9), "
                f"not {type(context).__name__} {context!r}"
            )
        unknown = sorted(set(context) - {"dealer", "score"})
        if unknown:
            raise RulesError(
                f"context: no field {', '.join(map(repr, unknown))}; the fields are dealer and "
                "score (zuviert.p4, p9)"
            )
        ctx: dict[str, JSON] = {"dealer": "A", "score": dict.fromkeys(parties, 0)}
        ctx.update(context)
        if not isinstance(ctx["dealer"], str) or ctx["dealer"] not in persons(players):
            raise RulesError(
                f"context: dealer is one of {persons(players)} (zuviert.p9), not {ctx['dealer']!r}"
            )
        score = ctx["score"]
        target = int(variant["target"])
        if (
            not isinstance(score, Mapping)
            or set(score) != set(parties)
            or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n < target
                for n in score.values()
            )
        ):
            raise RulesError(
                f"context: score is {{{', '.join(repr(p) for p in parties)}}} with each from 0 "
                f"to {target - 1} (zuviert.p4, p8), not {score!r}"
            )
        return ctx

    # ------------------------------------------------------------ the Game contract

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """A (dealer), B (left of the dealer: Schlag, leads), C, D; zu zweit A and B."""
        return persons(int(variant["players"]))

    def new_game(
        self,
        variant: str | Variant | None = None,
        *,
        seed: int | None = None,
        deal: JSON | None = None,
        context: Mapping[str, JSON] | None = None,
    ) -> State:
        """A new deal (see :meth:`Game.new_game`); a context that is not an object, even an
        empty list, is refused as in Piquet (rules/ADAPTER.md: a context is an object)."""
        if context is not None:
            self.check_context(self.variant(variant), context)
        return super().new_game(variant, seed=seed, deal=deal, context=context)

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> WattenState:
        """Before the deal (an explicit deal is checked by :meth:`deal_to_chance`)."""
        if deal is not None:
            self.deal_to_chance(variant, deal)
        return WattenState(self, variant, context, deal)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled pack, as the chance outcomes that deal it."""
        cards = list(self.pack_of(variant))
        rng.shuffle(cards)
        return [f"deal {c}" for c in cards]

    def _order_and_need(
        self, variant: Variant, kept: int
    ) -> tuple[tuple[str, ...], dict[str, int], str]:
        players = int(variant["players"])
        order = f.play_order("A", players)
        cutter = order[-2] if players == 4 else "B"
        need = {s: 5 for s in order}
        need[cutter] = 5 - kept
        return order, need, cutter

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        cut, hands = self._parse_deal(variant, deal)
        kept = cut[:-1]
        order, need, _ = self._order_and_need(variant, len(kept))
        dealt = {s: [c for c in hands[s] if c not in kept] for s in order}
        queues = {s: list(reversed(dealt[s])) for s in order}
        stream = list(cut)
        for seat in f.dealing_sequence(order, 2, need):
            stream.append(queues[seat].pop())
        return [f"deal {c}" for c in stream]

    def _parse_deal(self, variant: Variant, deal: JSON) -> tuple[list[Card], dict[str, list[Card]]]:
        if not isinstance(deal, Mapping):
            raise RulesError(f"a {self.title} deal is an object with hands, not {deal!r}")
        kritische = self.kritische_of(variant)
        allowed = {"hands", "cut"} if kritische else {"hands"}
        unknown = set(deal) - allowed
        if unknown:
            raise RulesError(f"a {self.title} deal has no {sorted(unknown)}")
        seats = self.seats_of(variant)
        raw = deal.get("hands")
        if not isinstance(raw, Mapping) or set(raw) != set(seats):
            raise RulesError(f"deal.hands gives the cards of {', '.join(seats)}, not {raw!r}")
        hands = {s: cards_of(raw[s], f"deal.hands.{s}") for s in seats}
        cut = cards_of(deal.get("cut", []), "deal.cut") if kritische else []
        check_distinct(cut, self.pack_of(variant), "deal.cut")
        every = [c for s in seats for c in hands[s]] + cut[-1:]
        check_distinct(every, self.pack_of(variant), "deal")
        if kritische:
            self._check_cut(variant, cut, hands, kritische)
        else:
            for seat in seats:
                if len(hands[seat]) != 5:
                    raise RulesError(
                        f"deal.hands.{seat}: every player gets five cards (zuzweit.p1), not "
                        f"{len(hands[seat])}"
                    )
        return cut, hands

    def _check_cut(
        self,
        variant: Variant,
        cut: list[Card],
        hands: Mapping[str, list[Card]],
        kritische: Sequence[Card],
    ) -> None:
        _, _, cutter = self._order_and_need(variant, 0)
        if not cut:
            raise RulesError("deal.cut: the cut shows at least one card")
        kept = cut[:-1]  # the last card shown lies under the pack (checked as a duplicate)
        for card in kept:
            if card not in kritische:
                raise RulesError(
                    f"deal.cut: {card} is not a Kritischer; only Kritische are kept, and "
                    "the cut stops at the first other card"
                )
            if card not in hands[cutter]:
                raise RulesError(
                    f"deal.cut: {card} was kept by the cutter {cutter}: put it in his hand"
                )
        for seat, cards in hands.items():
            if len(cards) != 5:
                raise RulesError(
                    f"deal.hands.{seat}: every player holds five cards, not {len(cards)}"
                )

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal of a shuffled pack (a shown Kritischer taken as kept)."""
        cards = [parse_card(t.split(" ", 1)[1]) for t in chance]
        kritische = self.kritische_of(variant)
        position = 0
        cut: list[Card] = []
        if kritische:
            while True:
                cut.append(cards[position])
                position += 1
                if cut[-1] not in kritische:
                    break
        order, need, cutter = self._order_and_need(variant, max(len(cut) - 1, 0))
        hands: dict[str, list[Card]] = {s: [] for s in self.seats_of(variant)}
        hands[cutter] += cut[:-1]
        for seat in f.dealing_sequence(order, 2, need):
            hands[seat].append(cards[position])
            position += 1
        return _deal_json(cut, hands, bool(kritische))

    def record(self, state: WattenState) -> JSON:
        """The explicit deal as it was dealt (cut, kept cards and the cards received)."""
        hands = {s: list(state.received[s]) for s in state.seat_order}
        hands[state.cutter] = list(state.kept) + hands[state.cutter]
        return _deal_json(state.cut, hands, bool(state.kritische))

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the pack."""
        return tuple(f"deal {c}" for c in self.pack_of(variant))

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Every player action, in a fixed order (OpenSpiel's action ids)."""
        keep = ("keep", "leave") if self.kritische_of(variant) else ()
        return (
            *keep,
            *(f"schlag {r.value}" for r in f.SCHLAG_RANKS),
            *(f"trumpf {s.value}" for s in f.SUITS),
            *(f"play {c}" for c in self.pack_of(variant)),
            *(f"bid {level}" for level in LEVELS),
            "hold",
            "gut",
        )

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """A won Spielaus from 0 gives one party the whole target: half of it either way."""
        half = int(variant["target"]) / 2
        return (-half, half)

    def first_context(self, variant: Variant, rng: random.Random) -> dict[str, JSON]:
        """The first deal of a Partie: a dealer by lot, every party at 0."""
        players = int(variant["players"])
        return {
            "dealer": rng.choice(persons(players)),
            "score": dict.fromkeys(person_parties(players), 0),
        }

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next deal: the dealer's left deals (zuviert.p9; zu zweit the other, zuzweit.p7)."""
        assert isinstance(state, WattenState)
        if state.partie_over():
            return None
        score = dict(state.ctx["score"])
        for party in state.role_parties():
            seat = state.members(party)[0]
            score[state.person_party(party)] += int(state.scores().total(seat))
        return {"dealer": f.dealer_of_deal(state.ctx["dealer"], 2, state.players), "score": score}


def _deal_json(cut: Sequence[Card], hands: Mapping[str, Sequence[Card]], with_cut: bool) -> JSON:
    data: dict[str, JSON] = {}
    if with_cut:
        data["cut"] = format_cards(cut)
    data["hands"] = {s: format_cards(c) for s, c in hands.items()}
    return data


__all__ = ["GAME", "INTRO", "VARIANTS", "WattenGame", "WattenState"]

GAME = WattenGame()
