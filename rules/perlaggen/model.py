"""Perlaggen for four (Schwaighofer 1927) as a playable deal on :mod:`rules.model`.

Seats ``A B C D`` sit in playing order: ``D`` deals, ``C`` (on his right) cuts, ``A``
(on his left) leads; ``A`` and ``C`` are party ``AC``, ``B`` and ``D`` party ``BD``.
The context carries the Partie: ``{"score": {"AC": n, "BD": n}, "target": 15}``, the
scores written in this deal's party names (see :meth:`PerlaggenGame.next_context`).

A deal runs through these phases, each action citing its paragraphs:

1. **cut** (chance, p6, § 2): ``cut <card>`` for each permanent Perlagg the cutter
   lifts and keeps, then ``cut end``.
2. **deal** (chance, p7, p8): ``deal <card>`` fills the hands of A, B, C (who has his
   cut Perlaggen already), D, and turns up the 21st card as trump.
3. **exchange** (p10, 1924 § 4): a Perlagg turned up is taken by the dealer for a
   plain trump of his hand (``exchange <card>``), or by his partner if the dealer has
   none; under 1924 the dealer may decline (``keep``).
4. **play** (p19-p21, §§ 13-19, 27): ``play <card>``, or ``play <Perlagg> as <card>``
   to baptise it; before his card a player may bid (``bid gleich``, ``bid hanger``,
   ``bid spiel``, or several at once) or raise a figure his party holds
   (``raise <figure> <n>``). Every offer is answered at once by the next opponent
   (``gut``, ``hold`` or the next raise, §§ 8-11). Play stops when a party has three
   tricks or the Spiel is let be good.
5. **show** (§§ 22-24): the Spiel party, then the other, each player in turn: bids or
   raises, ``baptise <Perlagg> as <card>`` for every Perlagg still in hand, ``show``.

The deal then counts (§§ 9, 12, 25-26, 31; :func:`~rules.perlaggen.functions.going_out`):
figures let be good, figures held at Spiel aus (in rank order), figures let be good
after one was held at aus, penalties for figures bid or held without having them,
held figures in the order bid, unbid figures as Gleich, Hanger, Spiel; whoever reaches
the target first goes out. Until then ``scores`` is the running score: the figures let
be good and written at once (p25, § 9).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.cards import Card, format_cards, parse_card
from rules.errors import RulesError
from rules.model import CHANCE, Action, Game, IllegalAction, ScoreItem, Scores, State, Variant
from rules.perlaggen import functions as f
from rules.perlaggen.functions import (
    ANMERKUNG,
    AUS,
    FIGURES,
    PACK,
    SEATS,
    Outcome,
    Played,
    e,
    law,
    n24,
    o,
)

JSON = Any
PARTY_OF = {"A": "AC", "C": "AC", "B": "BD", "D": "BD"}
MEMBERS = {"AC": ("A", "C"), "BD": ("B", "D")}
NEXT = {"A": "B", "B": "C", "C": "D", "D": "A"}
OTHER = {"AC": "BD", "BD": "AC"}
CUTTER, DEALER, PARTNER = "C", "D", "B"
_CARD = {str(c): c for c in PACK}
_BIDS: tuple[tuple[str, ...], ...] = (
    ("gleich",),
    ("hanger",),
    ("spiel",),
    ("gleich", "hanger"),
    ("gleich", "spiel"),
    ("hanger", "spiel"),
    ("gleich", "hanger", "spiel"),
)
_LEVEL_NAME = {3: "3", 4: "4", 5: "5", 6: "6", 7: "7", AUS: "aus"}
_LEVEL_OF = {v: k for k, v in _LEVEL_NAME.items()}
_FIGURE_CITE = {"gleich": e(16), "hanger": e(17), "spiel": e(18)}
_DEAL = {c: Action(f"deal {c}", (e(7),)) for c in PACK}
_TURN = {c: Action(f"deal {c}", (e(8),)) for c in PACK}


def _tables(ordnung: str) -> dict[str, JSON]:
    """The actions whose citations depend only on the Ordnung, made once."""
    found = _ACTION_TABLES.get(ordnung)
    if found is None:
        as_cites = (e(20), e(21), law(ordnung, 17), law(ordnung, 19))
        baptise_cites = (e(20), law(ordnung, 17), law(ordnung, 22))
        found = _ACTION_TABLES[ordnung] = {
            "play": {c: Action(f"play {c}", (e(19), e(20), law(ordnung, 13))) for c in PACK},
            "play_as": {p: [Action(f"play {p} as {t}", as_cites) for t in PACK] for p in PACK},
            "baptise": {
                p: [Action(f"baptise {p} as {t}", baptise_cites) for t in PACK] for p in PACK
            },
        }
    return found


_ACTION_TABLES: dict[str, dict[str, JSON]] = {}


def _variant(
    name: str, title: str, description: str, cites: Iterable[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {
        "ordnung": "1890",
        "exchange": "duty",
        "follow": "text",
        "false_bid": "31",
        "custom": "nordtirol",
    }
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"perlaggen variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "ordnung1890",
            "Perlaggerordnung 1890",
            "The rules of the first Tyrolean Perlagger congress (Innsbruck, 19 April 1890) "
            "as Schwaighofer reprints them, with his Erklärung (§ 30) and his note on "
            "§§ 25-26.",
            [o(1), o(30), ANMERKUNG, f.STRAF1],
        ),
        _variant(
            "ordnung1924",
            "Regeln 1924",
            "The rules set up by Innsbruck Perlagger on 5 April 1924: the exchange a right "
            "(§ 4), only the penultimate score overbids (§ 20), a false bid forfeits the "
            "deal (§ 31), the last point after §§ 25, 25a, 25b, a Perlagg needed for a "
            "figure does not qualify for the Spiel in the fifth round (§ 27).",
            [n24(1), n24(30), f.STRAF1],
            ordnung="1924",
            exchange="right",
        ),
        _variant(
            "reading1924_par7",
            "Reading: 1924 with the penalty of § 7",
            "The rules of 1924 with a false bid punished by § 7 (the deal's figures and two "
            "points) instead of § 31 (the deal's points and three).",
            [n24(7), n24(31)],
            ordnung="1924",
            exchange="right",
            false_bid="7",
        ),
        _variant(
            "reading1890_trumped",
            "Reading: 1890 § 13 'unless it is trumped'",
            "The Ordnung of 1890 with § 13 'außer es wird gestochen' read passively: once "
            "the trick has been trumped, later players need not follow suit (p20 and 1924 "
            "§ 13 exclude this reading).",
            [o(13), e(20)],
            follow="trumped",
        ),
        _variant(
            "suedtirol1890",
            "Custom: South Tyrol (Eichelunter and Eichelober permanent)",
            "The Ordnung of 1890 with the South Tyrolean custom of p9: Eichelunter and "
            "Eichelober are permanent Perlaggen too (their rank is the edition's).",
            [e(9)],
            custom="suedtirol",
        ),
    )
}

DEFAULT_CONTEXT: dict[str, JSON] = {"score": {"AC": 0, "BD": 0}, "target": 15}


def _check_context(context: Mapping[str, JSON]) -> dict[str, JSON]:
    ctx = {**DEFAULT_CONTEXT, **context}
    unknown = set(ctx) - set(DEFAULT_CONTEXT)
    if unknown:
        raise RulesError(f"context: unknown keys {sorted(unknown)}")
    target = ctx["target"]
    if not isinstance(target, int) or target < 2:
        raise RulesError(f"context: target is a number of points from 2 (§ 5), not {target!r}")
    score = ctx["score"]
    if (
        not isinstance(score, Mapping)
        or set(score) != {"AC", "BD"}
        or not all(isinstance(v, int) and v < target for v in score.values())
    ):
        raise RulesError(
            f"context: score is {{'AC': n, 'BD': n}} below the target {target}, not {score!r}"
        )
    return {"score": dict(score), "target": target}


class _Figure:
    """The betting on one figure during a deal."""

    __slots__ = ("at", "bid", "offerer", "parties", "right", "stake", "status", "winner")

    def __init__(self) -> None:
        self.status = "open"  # open, offered, held, aus, conceded
        self.stake = 0
        self.offerer = ""  # party that made the last offer
        self.right = ""  # party that may raise next (the one the last offer was made to)
        self.bid: int | None = None
        self.at: int | None = None
        self.parties: set[str] = set()  # parties that bid or held it (§ 7)
        self.winner = ""  # for conceded: the party it was let be good to


class PerlaggenState(State):
    """One deal of Perlaggen in progress (see the module docstring)."""

    def __init__(self, game: PerlaggenGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.ctx = _check_context(context)
        self.ordnung: str = variant["ordnung"]
        self.custom: str = variant["custom"]
        self.permanent = f.permanent_perlaggen(self.custom)
        self.phase = "cut"
        self.cut: list[Card] = []
        self.hands: dict[str, list[Card]] = {s: [] for s in SEATS}
        self.dealt: dict[str, list[Card]] = {s: [] for s in SEATS}
        self.turned: Card | None = None
        self.face_up: Card | None = None
        self.tab: f.Table | None = None
        self.exchanger = ""
        self.exchanged: tuple[str, Card, Card] | None = None
        self.played: dict[str, list[Played]] = {s: [] for s in SEATS}
        self.shown: dict[str, dict[Card, Card]] = {s: {} for s in SEATS}
        self.trick: list[tuple[str, Played]] = []
        self.tricks: list[tuple[str, list[tuple[str, Played]]]] = []
        self.leader = "A"
        self.won = {"AC": 0, "BD": 0}
        self.spiel = ""
        self.figures = {name: _Figure() for name in FIGURES}
        self.pending: list[tuple[str, str]] = []
        self.bids = 0
        self.clock = 0
        self.false: list[tuple[str, str]] = []
        self.queue: list[str] = []
        self.ended_by_concession = False
        self.gone: set[Card] = set()

    # ------------------------------------------------------------ helpers

    @property
    def actions(self) -> dict[str, JSON]:
        """The prepared actions of this Ordnung (shared, never copied with the state)."""
        return _tables(self.ordnung)

    def _law(self, n: int | str) -> str:
        return law(self.ordnung, n)

    def _is_perlagg(self, card: Card) -> bool:
        assert self.tab is not None
        return self.tab.is_perlagg(card)

    def _turn_seat(self) -> str:
        if self.phase == "play":
            return SEATS[(SEATS.index(self.leader) + len(self.trick)) % 4]
        if self.phase == "show":
            return self.queue[0]
        return ""

    def _fixed_and_wild(self, seat: str) -> tuple[list[Card], int]:
        """A seat's cards as they count for the figures, and its unbaptised Perlaggen."""
        fixed = [p.identity for p in self.played[seat]]
        wild = 0
        for card in self.hands[seat]:
            if card in self.shown[seat]:
                fixed.append(self.shown[seat][card])
            elif self.tab is not None and self._is_perlagg(card):
                wild += 1
            else:
                fixed.append(card)
        return fixed, wild

    def _party_can_make(self, party: str, kind: str, without: Card | None = None) -> bool:
        for seat in MEMBERS[party]:
            fixed, wild = self._fixed_and_wild(seat)
            if without is not None and without in self.hands[seat]:
                wild -= 1
            if f.can_make(kind, fixed, wild):
                return True
        return False

    def _aus_at(self) -> int | None:
        """When the first figure was held at Spiel aus in this deal, or None."""
        held = [g.at or 0 for g in self.figures.values() if g.status == "aus"]
        return min(held) if held else None

    def _written_now(self) -> list[tuple[str, _Figure]]:
        """The figures let be good whose points are written already, in the order let good.

        p25: the bidder writes a figure let be good "sofort"; § 9: "gilt als gemacht und
        geschrieben".

        A figure let be good after one was held at Spiel aus is not written yet: the
        figure at aus "zieht allen anderen Figuren vor" (§ 12), so its points wait for
        the showing (:func:`~rules.perlaggen.functions.going_out`).
        """
        aus_at = self._aus_at()
        found = [
            (n, g)
            for n, g in self.figures.items()
            if g.status == "conceded" and (aus_at is None or (g.at or 0) < aus_at)
        ]
        return sorted(found, key=lambda item: item[1].at or 0)

    def _score_now(self) -> dict[str, int]:
        """The Partie score with this deal's points written so far (for § 20)."""
        score = dict(self.ctx["score"])
        for _name, fig in self._written_now():
            score[fig.winner] += fig.stake - 1
        return score

    def _spiel_ok(self, party: str) -> bool:
        """§ 27: once the fifth round is led, the Spiel needs suit, trump or a Perlagg."""
        if len(self.tricks) < 4 or not self.trick:
            return True
        lead = self.trick[0][1]
        assert self.tab is not None
        for seat in MEMBERS[party]:
            for card in self.hands[seat]:
                needed = False
                if self.ordnung == "1924" and self._is_perlagg(card):
                    needed = any(
                        party in self.figures[k].parties
                        and self._party_can_make(party, k)
                        and not self._party_can_make(party, k, without=card)
                        for k in ("gleich", "hanger")
                    )
                if f.fifth_round_spiel(
                    self.ordnung, lead, card, self.tab.trump, needed, self.custom
                ):
                    return True
        return False

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        phase = self.phase
        if phase in ("cut", "deal"):
            return CHANCE
        if phase == "over":
            return None
        if self.pending:
            return self.pending[0][1]
        if phase == "exchange":
            return self.exchanger
        return self._turn_seat()

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "cut":
            cites = (e(6), self._law(2))
            acts = [Action(f"cut {c}", cites) for c in self.permanent if c not in self.cut]
            if len(self.cut) == 5:
                acts = []
            return [*acts, Action("cut end", (e(6), e(7)))]
        if phase == "deal":
            table_ = _DEAL if len(self.gone) < 20 else _TURN
            gone = self.gone
            return [table_[c] for c in PACK if c not in gone]
        if self.pending:
            return self._answers()
        if phase == "exchange":
            return self._exchanges()
        seat = self._turn_seat()
        acts = self._announcements(seat)
        if phase == "play":
            return acts + self._plays(seat)
        unbaptised = [
            c for c in self.hands[seat] if self._is_perlagg(c) and c not in self.shown[seat]
        ]
        for card in unbaptised:
            acts += self.actions["baptise"][card]
        if not unbaptised:
            acts.append(Action("show", (self._law(22), self._law(24), e(27))))
        return acts

    def _exchanges(self) -> list[Action]:
        assert self.tab is not None and self.turned is not None
        seat = self.exchanger
        cites = (e(10),) if self.ordnung == "1890" else (e(10), n24(4))
        acts = [
            Action(f"exchange {c}", cites)
            for c in f.natural_trumps(self.hands[seat], self.tab.trump, self.custom)
        ]
        if seat == PARTNER or self.variant["exchange"] == "right":
            acts.append(Action("keep", cites))
        return acts

    def _announcements(self, seat: str) -> list[Action]:
        party = PARTY_OF[seat]
        acts: list[Action] = []
        open_ = {
            n
            for n, fig in self.figures.items()
            if fig.status == "open" and not (n == "spiel" and (self.spiel or self.phase == "show"))
        }
        if open_:
            score = self._score_now()[party]
            spiel_ok = "spiel" not in open_ or self._spiel_ok(party)
            cites = (e(23), self._law(8), self._law(20))
            for names in _BIDS:
                if not open_.issuperset(names) or ("spiel" in names and not spiel_ok):
                    continue
                if f.overbids(self.ordnung, score, self.ctx["target"], len(names)):
                    continue
                acts.append(Action("bid " + " ".join(names), cites))
        for name, fig in self.figures.items():
            if fig.status == "held" and fig.right == party:
                if name == "spiel" and (self.spiel or not self._spiel_ok(party)):
                    continue
                level = _LEVEL_NAME[fig.stake + 1]
                cites = (e(26), self._law(10), self._law(11))
                acts.append(Action(f"raise {name} {level}", cites))
        return acts

    def _answers(self) -> list[Action]:
        name, answerer = self.pending[0]
        fig = self.figures[name]
        party = PARTY_OF[answerer]
        acts = [Action(f"gut {name}", (e(25), e(26), self._law(9)))]
        if name != "spiel" or self._spiel_ok(party):
            acts.append(Action(f"hold {name}", (e(25), self._law(7), self._law(8))))
            if fig.stake < AUS:
                level = _LEVEL_NAME[fig.stake + 1]
                acts.append(
                    Action(f"raise {name} {level}", (e(25), e(26), self._law(10), self._law(11)))
                )
        return acts

    def _plays(self, seat: str) -> list[Action]:
        assert self.tab is not None
        led = self.trick[0][1] if self.trick else None
        trick = [p for _, p in self.trick]
        hand = self.hands[seat]
        plain = f.legal_cards(hand, led, self.tab.trump, trick, self.variant["follow"], self.custom)
        table_ = self.actions["play"]
        acts = [table_[c] for c in plain]
        for card in hand:
            if self._is_perlagg(card):
                acts += self.actions["play_as"][card]
        return acts

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb, _, rest = text.partition(" ")
        seat = self._to_act()
        if self.phase in ("cut", "deal"):
            return IllegalAction(f"the cards are being cut and dealt; {text!r} must wait", (e(7),))
        if self.pending:
            name, answerer = self.pending[0]
            if verb in ("gut", "hold", "raise") and rest.split(" ")[0] == name:
                if verb == "raise":
                    return IllegalAction(
                        f"the {name} can only be raised to the next number, no jump",
                        (e(26), self._law(10)),
                    )
                return IllegalAction(
                    "in the fifth round the Spiel is held or raised only with suit, trump or "
                    "Perlagg",
                    (self._law(27),),
                )
            return IllegalAction(
                f"the {name} was offered: {answerer} answers it at once (gut, hold or "
                "the next raise) before anything else",
                (self._law(8), e(24)),
            )
        if self.phase == "exchange":
            if verb == "exchange":
                return IllegalAction(
                    f"{seat} gives a plain trump of his hand for the turned Perlagg, not "
                    f"{rest}; never another Trumpfperlagg",
                    (e(10),),
                )
            if text == "keep":
                return IllegalAction(
                    "under the Ordnung of 1890 (with its Erklärung) the dealer holding a trump "
                    "must exchange",
                    (e(10), o(30)),
                )
            return IllegalAction(f"{seat} first exchanges the turned Perlagg", (e(10),))
        if self.phase == "over":
            return IllegalAction(f"the deal is over; {text!r} cannot be played", self.end_cites())
        if verb == "bid":
            return self._refuse_bid(rest.split(" "), seat or "")
        if verb == "raise":
            name = rest.partition(" ")[0]
            fig = self.figures.get(name)
            if fig is None or fig.status != "held":
                return IllegalAction(
                    f"only a held figure is raised, not {name!r}", (self._law(11),)
                )
            if fig.right != PARTY_OF[seat or "A"]:
                return IllegalAction(
                    "only the party to which the last offer was made may raise",
                    (e(26), self._law(11)),
                )
            return IllegalAction(
                f"the {name} stands at {fig.stake}: the next raise only, no jump",
                (e(26), self._law(10)),
            )
        if verb in ("gut", "hold"):
            return IllegalAction("there is no offer to answer", (self._law(8),))
        if self.phase == "show":
            if verb == "show":
                return IllegalAction(
                    f"{seat} first baptises every Perlagg in his hand",
                    (e(20), self._law(17)),
                )
            if verb == "baptise":
                return IllegalAction(
                    f"{seat} holds no unbaptised Perlagg {rest.split(' ')[0]} (a baptised one is "
                    "never baptised again)",
                    (self._law(18), e(21)),
                )
            return IllegalAction(
                "the Spiel is decided: the figures are shown now", (self._law(22), self._law(24))
            )
        if verb == "play":
            return self._refuse_play(rest, seat or "")
        return IllegalAction(f"{text!r} is not an action of Perlaggen", (e(19),))

    def _refuse_bid(self, names: list[str], seat: str) -> IllegalAction:
        party = PARTY_OF.get(seat, "AC")
        if not names or any(n not in FIGURES for n in names):
            return IllegalAction("the figures are Gleich, Hanger and Spiel", (e(15),))
        for name in names:
            fig = self.figures[name]
            if fig.status != "open" or (name == "spiel" and (self.spiel or self.phase == "show")):
                return IllegalAction(
                    f"the {name} has been bid or decided already", (self._law(8), self._law(9))
                )
        score = self._score_now()[party]
        if f.overbids(self.ordnung, score, self.ctx["target"], len(names)):
            return IllegalAction(
                f"party {party} at {score} of {self.ctx['target']} would overbid itself",
                (self._law(20), e(22)),
            )
        extra = (
            " (not with a Perlagg needed for a figure bid or held)"
            if self.ordnung == "1924"
            else ""
        )
        return IllegalAction(
            f"in the fifth round the Spiel is bid only with suit, trump or Perlagg{extra}",
            (self._law(27),),
        )

    def _refuse_play(self, rest: str, seat: str) -> IllegalAction:
        card_text, _, target = rest.partition(" as ")
        card = _CARD.get(card_text)
        if card is None or card not in self.hands[seat]:
            return IllegalAction(f"{seat} does not hold {card_text}", (e(19),))
        if target:
            return IllegalAction(
                f"only a Perlagg is baptised; {card} is none when "
                f"{self.tab.trump.name.lower() if self.tab else ''} is trump",
                (e(8), e(20)),
            )
        return IllegalAction(
            f"{seat} must follow suit to {self.trick[0][1].identity} or trump",
            (e(20), self._law(13)),
        )

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        text = action.text
        verb, _, rest = text.partition(" ")
        seat = self._to_act() or ""
        if verb == "cut":
            if rest == "end":
                self.phase = "deal"
                self.hands[CUTTER] = list(self.cut)
                self.dealt[CUTTER] = list(self.cut)
            else:
                self.cut.append(_CARD[rest])
                self.gone.add(_CARD[rest])
        elif verb == "deal":
            self._deal(_CARD[rest])
        elif verb == "exchange":
            self._exchange(seat, _CARD[rest])
        elif text == "keep":
            self.phase = "play"
        elif verb == "bid":
            self._bid(seat, rest.split(" "))
        elif verb == "raise":
            name, _, level = rest.partition(" ")
            self._offer(seat, name, _LEVEL_OF[level])
        elif verb == "gut":
            self._concede(rest)
        elif verb == "hold":
            self._hold(rest)
        elif verb == "play":
            card_text, _, target = rest.partition(" as ")
            self._play(seat, Played(_CARD[card_text], _CARD[target] if target else None))
        elif verb == "baptise":
            card_text, _, target = rest.partition(" as ")
            self.shown[seat][_CARD[card_text]] = _CARD[target]
        elif text == "show":
            self.queue.pop(0)
            if not self.queue:
                self.phase = "over"

    def _deal(self, card: Card) -> None:
        self.gone.add(card)
        for seat in SEATS:
            if len(self.dealt[seat]) < 5:
                self.dealt[seat].append(card)
                self.hands[seat].append(card)
                return
        self.turned = self.face_up = card
        self.tab = f.table(f.trump_suit(card), self.custom)
        right = f.exchange_right(
            self.ordnung, card, self.hands[DEALER], self.hands[PARTNER], self.custom
        )
        who = right["who"]
        if who is None:
            self.phase = "play"
        else:
            self.phase = "exchange"
            self.exchanger = DEALER if who == "dealer" else PARTNER

    def _exchange(self, seat: str, card: Card) -> None:
        assert self.turned is not None
        self.hands[seat].remove(card)
        self.hands[seat].append(self.turned)
        self.exchanged = (seat, card, self.turned)
        self.face_up = card
        self.phase = "play"

    def _bid(self, seat: str, names: list[str]) -> None:
        party = PARTY_OF[seat]
        ordered = [n for n in FIGURES if n in names]
        for name in ordered:
            fig = self.figures[name]
            fig.bid = self.bids
            self.bids += 1
            fig.status = "offered"
            fig.stake = 2
            fig.offerer = party
            fig.right = OTHER[party]
            self._commit(party, name)
        self.pending = [(name, NEXT[seat]) for name in ordered]

    def _offer(self, seat: str, name: str, level: int) -> None:
        party = PARTY_OF[seat]
        fig = self.figures[name]
        fig.status = "offered"
        fig.stake = level
        fig.offerer = party
        fig.right = OTHER[party]
        self._commit(party, name)
        if self.pending and self.pending[0][0] == name:
            self.pending[0] = (name, NEXT[seat])
        else:
            self.pending = [(name, NEXT[seat])]

    def _commit(self, party: str, name: str) -> None:
        fig = self.figures[name]
        if party in fig.parties:
            return
        fig.parties.add(party)
        if name != "spiel" and not self._party_can_make(party, name):
            self.false.append((party, name))

    def _concede(self, name: str) -> None:
        fig = self.figures[name]
        self.clock += 1
        fig.status = "conceded"
        fig.winner = fig.offerer
        fig.at = self.clock
        self.pending.pop(0)
        if name == "spiel" and self.phase == "play":
            self.spiel = fig.offerer
            self._after_spiel()
        if self._score_now()[fig.winner] >= self.ctx["target"]:  # not after an aus (§ 12)
            self.phase = "over"
            self.ended_by_concession = True
            self.pending = []
        elif self.phase != "over" and all(self._decided(n) for n in FIGURES):
            self.phase = "over"
            self.pending = []

    def _decided(self, name: str) -> bool:
        fig = self.figures[name]
        if fig.status == "conceded":
            return True
        if name == "spiel":
            return bool(self.spiel)
        return False

    def _hold(self, name: str) -> None:
        fig = self.figures[name]
        party = PARTY_OF[self.pending[0][1]]
        self._commit(party, name)
        if fig.stake == AUS:
            fig.status = "aus"
            self.clock += 1
            fig.at = self.clock
        else:
            fig.status = "held"
        fig.right = party
        self.pending.pop(0)

    def _play(self, seat: str, played: Played) -> None:
        self.hands[seat].remove(played.card)
        self.played[seat].append(played)
        self.trick.append((seat, played))
        if len(self.trick) < 4:
            return
        assert self.tab is not None
        index = f.trick_winner([p for _, p in self.trick], self.tab.trump, self.custom)
        winner = self.trick[index][0]
        self.tricks.append((winner, self.trick))
        self.trick = []
        self.leader = winner
        self.won[PARTY_OF[winner]] += 1
        party = f.spiel_winner([PARTY_OF[w] for w, _ in self.tricks])
        if party is not None:
            self.spiel = party
            self._after_spiel()

    def _after_spiel(self) -> None:
        """The Spiel is decided: show the figures still open, or end the deal (§§ 22, 24)."""
        open_figures = [n for n in ("gleich", "hanger") if not self._decided(n)]
        if not open_figures:
            self.phase = "over"
            return
        first = self.spiel
        self.queue = [s for s in SEATS if PARTY_OF[s] == first] + [
            s for s in SEATS if PARTY_OF[s] != first
        ]
        self.phase = "show"

    # ------------------------------------------------------------ scoring

    def _values(self, kind: str) -> dict[str, tuple[int, int] | None]:
        values: dict[str, tuple[int, int] | None] = {}
        for seat in SEATS:
            fixed, wild = self._fixed_and_wild(seat)
            values[seat] = f.figure_value(kind, fixed, wild)
        return values

    def outcomes(self) -> list[Outcome]:
        """How each figure ended (for the counting), once the deal is over."""
        found: list[Outcome] = []
        for name in FIGURES:
            fig = self.figures[name]
            if fig.status == "conceded":
                found.append(Outcome(name, "conceded", fig.winner, fig.stake, at=fig.at))  # type: ignore[arg-type]
                continue
            if self.ended_by_concession:
                continue
            grades: dict[str, int] = {"AC": 0, "BD": 0}
            if name == "spiel":
                winner: str | None = self.spiel or None
            else:
                values = self._values(name)
                winner = f.figure_winner(name, values)
                for seat, value in values.items():
                    if value is not None:
                        party = PARTY_OF[seat]
                        grades[party] = max(grades[party], value[0])
            status = {"aus": "aus", "held": "held"}.get(fig.status, "unbid")
            found.append(
                Outcome(name, status, winner, fig.stake or 2, grades, fig.bid, fig.at)  # type: ignore[arg-type]
            )
        return found

    def _false_bids(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for party, _name in self.false:
            counts[party] = counts.get(party, 0) + 1
        return counts

    def counting(self) -> f.GoingOut:
        """The counting of the deal (:func:`~rules.perlaggen.functions.going_out`)."""
        return f.going_out(
            self.ordnung,
            self.ctx["target"],
            self.ctx["score"],
            self.outcomes(),
            {} if self.ended_by_concession else self._false_bids(),
            self.variant["false_bid"],
        )

    def _item_cites(self, figure: str, how: str) -> tuple[str, ...]:
        if figure == "penalty":
            cites = (self._law(31),) if self.variant["false_bid"] == "31" else (n24(7),)
            return (*cites, self._law(7))
        if figure == "forfeit":
            return (self._law(31),) if self.variant["false_bid"] == "31" else (n24(7),)
        base = _FIGURE_CITE[figure]
        if how.startswith("let be good"):
            return (base, e(25), e(26), self._law(9))
        if how == "Spiel aus":
            return (base, e(25), self._law(12))
        if "last point" in how or "decides" in how:
            extra = (
                (ANMERKUNG, o(25), o(26))
                if self.ordnung == "1890"
                else (
                    n24(25),
                    n24("25a"),
                    n24("25b"),
                    n24(26),
                )
            )
            return (base, self._law(9), *extra)
        if how.startswith("held"):
            return (base, e(25), self._law(9))
        return (base, e(21), e(22), self._law(9))

    def _scores(self) -> Scores:
        """The points written so far; once the deal is over, its whole counting.

        Before the end only figures let be good count: the bidder writes them "sofort"
        (p25), they are "gemacht und geschrieben" (§ 9), unless a figure stands at
        Spiel aus (§ 12). Held and unbid figures and the § 31 penalties wait for the
        showing (§ 25: "zum Schlusse nachgewiesen").
        """
        if self.phase != "over":
            running: list[ScoreItem] = []
            for name, fig in self._written_now():
                how = f"let be good at {fig.stake}"
                cites = self._item_cites(name, how)
                for seat in MEMBERS[fig.winner]:
                    running.append(ScoreItem(seat, fig.stake - 1, name, cites, how))
            return Scores(SEATS, tuple(running))
        counted = self.counting()
        items: list[ScoreItem] = []
        for w in counted.written:
            cites = self._item_cites(w.figure, w.how)
            for seat in MEMBERS[w.party]:
                items.append(ScoreItem(seat, w.points, w.figure, cites, w.how))
        if counted.out is not None:
            cites = (e(15), self._law(5), self._law(9))
            detail = f"{counted.out} reaches {self.ctx['target']} first ({counted.by}) and goes out"
            for seat in MEMBERS[counted.out]:
                items.append(ScoreItem(seat, 0, "partie", cites, detail))
        if counted.redeal:
            cites = (n24("25a"), n24("25b")) if self.ordnung == "1924" else (o(26), ANMERKUNG)
            for seat in SEATS:
                items.append(ScoreItem(seat, 0, "redeal", cites, "the last point is not decided"))
        return Scores(SEATS, tuple(items))

    def partie_over(self) -> bool:
        """Whether a party went out in this deal."""
        return self.phase == "over" and self.counting().out is not None

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: both hands of its party (p11), the cut, trump, the table, the bets."""
        informed = set(f.informed_seats(seat)) if seat else set(SEATS)
        lines = [
            f"Perlaggen ({self.variant.name}), score AC {self.ctx['score']['AC']} BD "
            f"{self.ctx['score']['BD']} of {self.ctx['target']}; phase {self.phase}"
        ]
        if self.cut:
            lines.append(f"C cut: {' '.join(format_cards(self.cut))}")
        if self.face_up is not None:
            lines.append(f"trump card: {self.face_up}")
        if self.exchanged is not None:
            lines.append(
                f"{self.exchanged[0]} exchanged {self.exchanged[1]} for {self.exchanged[2]}"
            )
        for s in SEATS:
            if s in informed:
                shown = " ".join(
                    f"{c}={self.shown[s][c]}" if c in self.shown[s] else str(c)
                    for c in self.hands[s]
                )
                lines.append(f"{s} hand: {shown or '-'}")
            else:
                lines.append(f"{s} holds {len(self.hands[s])} cards")
        for number, (winner, cards) in enumerate(self.tricks, 1):
            table = " ".join(f"{s}:{p}" for s, p in cards)
            lines.append(f"trick {number}: {table} -> {winner}")
        if self.trick:
            lines.append("on the table: " + " ".join(f"{s}:{p}" for s, p in self.trick))
        bets = [
            f"{name} {fig.status} {fig.stake}"
            for name, fig in self.figures.items()
            if fig.status != "open"
        ]
        if bets:
            lines.append("figures: " + "; ".join(bets))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)

    # ------------------------------------------------------------ chance

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The cut's outcomes by their true odds; every card dealt with equal chance."""
        if self.phase != "cut":
            return super().chance_outcomes()
        actions = self.legal_actions()
        left = 33 - len(self.cut)
        perl = len(actions) - 1
        if len(self.cut) == 5:
            return [(actions[0], 1.0)]
        return [(a, 1.0 / left if a.text != "cut end" else (left - perl) / left) for a in actions]


class PerlaggenGame(Game):
    """Perlaggen for four after Schwaighofer 1927, Ordnung 1890 or 1924 (see README)."""

    name = "perlaggen"
    title = "Perlaggen"
    siglum = "schwaighofer1927"
    chapter = "schwaighofer1927.perlaggen"
    variants = VARIANTS
    end_cites = (e(19), e(22), o(24))
    max_game_length = 128
    deal_format = (
        '{"A": [5 cards], "B": [5], "C": [5], "D": [5], "trump": card turned up, "cut": '
        "[the permanent Perlaggen C cut and keeps, in C's hand, in the order cut; optional]}. "
        "D deals, C cuts, A leads; cards as in rules/cards.py (6B the Weli, KR the Martl)."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """A B C D in playing order (D deals)."""
        return SEATS

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> PerlaggenState:
        """Before the cut."""
        return PerlaggenState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled pack, cut at random: the chance outcomes of the cut and the deal."""
        cards = list(PACK)
        rng.shuffle(cards)
        at = rng.randrange(3, 31)
        kept = f.cutter_keeps(cards[at:] + cards[:at], variant["custom"])[:5]
        rest = [c for c in cards if c not in kept]
        chance = [f"cut {c}" for c in kept] + ["cut end"]
        sizes = {"A": 5, "B": 5, "C": 5 - len(kept), "D": 5}
        pos = 0
        for seat in SEATS:
            chance += [f"deal {c}" for c in rest[pos : pos + sizes[seat]]]
            pos += sizes[seat]
        chance.append(f"deal {rest[pos]}")
        return chance

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        hands, trump, cut = _deal_layout(variant, deal)
        chance = [f"cut {c}" for c in cut] + ["cut end"]
        for seat in SEATS:
            chance += [f"deal {c}" for c in hands[seat] if c not in cut]
        chance.append(f"deal {trump}")
        return chance

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal that a sequence of chance outcomes gives."""
        cut = [t.split(" ", 1)[1] for t in chance if t.startswith("cut ") and t != "cut end"]
        cards = [t.split(" ", 1)[1] for t in chance if t.startswith("deal ")]
        sizes = {"A": 5, "B": 5, "C": 5 - len(cut), "D": 5}
        deal: dict[str, JSON] = {}
        pos = 0
        for seat in SEATS:
            deal[seat] = (cut if seat == CUTTER else []) + cards[pos : pos + sizes[seat]]
            pos += sizes[seat]
        deal["trump"] = cards[pos]
        deal["cut"] = cut
        return deal

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``cut <card>`` for each possible permanent Perlagg, ``cut end``, ``deal <card>``."""
        perm = f.permanent_perlaggen(variant["custom"])
        return (*(f"cut {c}" for c in perm), "cut end", *(f"deal {c}" for c in PACK))

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Every player action, in a fixed order (OpenSpiel's action ids)."""
        cards = [str(c) for c in PACK]
        suits = (f.EICHEL, f.LAUB, f.HERZ, f.SCHELL)
        perl = sorted(
            {str(c) for s in suits for c in f.perlaggen(s, variant["custom"])}, key=cards.index
        )
        raises = [f"raise {n} {lv}" for n in FIGURES for lv in ("3", "4", "5", "6", "7", "aus")]
        return (
            *(f"exchange {c}" for c in cards),
            "keep",
            *("bid " + " ".join(b) for b in _BIDS),
            *(f"gut {n}" for n in FIGURES),
            *(f"hold {n}" for n in FIGURES),
            *raises,
            *(f"play {c}" for c in cards),
            *(f"play {p} as {t}" for p in perl for t in cards),
            *(f"baptise {p} as {t}" for p in perl for t in cards),
            "show",
        )

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """Half the largest difference of the two parties' points in one deal."""
        return (-40.0, 40.0)

    def first_context(self, variant: Variant, rng: random.Random) -> dict[str, JSON]:
        """The first deal of a Partie: nothing written, to 15 (p15: 'gewöhnlich 15')."""
        return {"score": {"AC": 0, "BD": 0}, "target": 15}

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next deal: the losing party deals (§ 1); none once a party went out.

        The seats of a deal are named from its dealer (D), so the scores are renamed when
        the deal passes to the other party: its dealer becomes A's left neighbour.
        """
        assert isinstance(state, PerlaggenState)
        counted = state.counting()
        if counted.out is not None:
            return None
        score = dict(state.ctx["score"])
        points = {"AC": 0, "BD": 0}
        for w in counted.written:
            points[w.party] += w.points
        for party in ("AC", "BD"):
            score[party] = min(score[party] + points[party], state.ctx["target"] - 1)
        dealing = f.next_dealing_party(points) or "AC"
        if dealing == "AC":
            score = {"AC": score["BD"], "BD": score["AC"]}
        return {"score": score, "target": state.ctx["target"]}


def _deal_layout(variant: Variant, deal: JSON) -> tuple[dict[str, list[Card]], Card, list[Card]]:
    """Check an explicit deal: four hands of five, the trump card, the cut Perlaggen."""
    if not isinstance(deal, Mapping):
        raise RulesError(f"a Perlaggen deal is an object with A, B, C, D and trump, not {deal!r}")
    unknown = set(deal) - {"A", "B", "C", "D", "trump", "cut"}
    if unknown:
        raise RulesError(f"a Perlaggen deal has no {sorted(unknown)}")
    hands: dict[str, list[Card]] = {}
    for seat in SEATS:
        value = deal.get(seat)
        if not isinstance(value, list):
            raise RulesError(f"deal.{seat}: a list of five cards, not {value!r}")
        try:
            hands[seat] = [parse_card(c) for c in value]
        except ValueError as error:
            raise RulesError(f"deal.{seat}: {error}") from None
        if len(hands[seat]) != 5:
            raise RulesError(
                f"deal.{seat}: every player is dealt five cards, not {len(hands[seat])} (p3, p7)"
            )
    try:
        trump = parse_card(deal.get("trump", ""))
        cut = [parse_card(c) for c in deal.get("cut", [])]
    except (ValueError, TypeError) as error:
        raise RulesError(f"deal: {error}") from None
    every = [c for s in SEATS for c in hands[s]] + [trump]
    try:
        f.check_cards(every, "deal")
        f.check_cards(cut, "deal.cut")
    except f.PerlaggenError as error:
        raise RulesError(str(error)) from None
    permanent = f.permanent_perlaggen(variant["custom"])
    for card in cut:
        if card not in permanent:
            raise RulesError(f"deal.cut: {card} is not a permanent Perlagg (p6)")
        if card not in hands[CUTTER]:
            raise RulesError(f"deal.cut: {card} must be in the cutter C's hand (p6, § 2)")
    return hands, trump, cut


GAME = PerlaggenGame()
