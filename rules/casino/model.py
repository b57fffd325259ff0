"""Casino as a playable deal (Engelmann 1798), on the game model of :mod:`rules.model`.

A deal runs through these phases, each action citing its paragraphs:

1. **deal** (chance, Gesetz 2, p4): ``deal <card>`` gives four cards to each seat in the
   order A, B, C, D and, in the first round only, four to the table; when every hand is
   played out, four more to each seat, until the pack is dealt (3 rounds at four, 4 at
   three, 6 at two).
2. **play** (p4, p5, Gesetz 5): from the player after the dealer round to the dealer,
   each plays one card: ``trail <card>`` lays it to the table ("zugeben"); ``capture
   <card>`` plays it to take cards, which are then named one at a time with ``take
   <card>`` (each must still fit a whole capture: cards of the card's name and groups
   adding up to its number) and closed with ``done``. A capture that empties the table
   scores a point at once (Gesetz 6). The dealer's last card, if a court, may instead
   ``kehraus <card>``: take everything left on the table (p1, p6); under
   ``reading_must_capture`` he then may not lay it down.
3. **end** (Gesetz 7, p6, p7, Gesetz 1): the last capture takes the cards left; this
   Kehraus, like the dealer's court, scores no clearing point unless the reading
   ``reading_kehraus_point`` is chosen (:func:`~rules.casino.functions.court_sweep_point`); each
   party counts the cards, spades, the two Casinos and the Aces; the smaller number is
   deducted from the larger (not at three, drei.p1).

With a ``context`` carrying the Partie (the dealer, the score so far), the deal also
says who reaches the game first, counting the points in the order of drei.p2, and
whether the loser is lurched (Gesetz 8).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.cards import Card, Rank, format_cards, parse_card
from rules.casino import functions as f
from rules.casino.functions import COURTS, FRENCH_52, SEAT_NAMES, drei, law, p
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

_DEAL_CITES = (law(2), p(4))
_TRAIL_CITES = (p(5), law(5))
_DONE_CITES = (law(5),)
_KEHRAUS_CITES = (p(1), p(6), law(7))
_CLEAR_CITES = (law(6), p(5), p(7))
_REMAINDER_CITES = (law(7), p(6))
_CATEGORY_CITES: dict[str, tuple[str, ...]] = {
    "cards": (p(7), law(1)),
    "spades": (p(3), p(7), law(1)),
    "great_casino": (p(3), law(1)),
    "little_casino": (p(3), law(1)),
    "aces": (p(2), p(7), law(1)),
}
_CATEGORY_DETAIL = {
    "cards": "the most cards",
    "spades": "the most spades",
    "great_casino": "the great Casino, 10D",
    "little_casino": "the little Casino, 2S",
}


def _capture_cites(card: Card) -> tuple[str, ...]:
    """A court takes by pairing (p1), an Ace only Aces (p2), a number card also by sums (p4)."""
    if card.rank in COURTS:
        return (law(5), p(1))
    if card.rank == Rank.ACE:
        return (law(5), p(2))
    return (law(5), p(4))


def _variant(
    name: str, title: str, description: str, cites: Iterable[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {
        "players": 4,
        "three": "fifteen",
        "deduction": "pair",
        "majority": "threshold",
        "must_capture": False,
        "court_sweeps": True,
        "remainder_scores": False,
    }
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"casino variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "vier",
            "Four persons, two against two",
            "A and C against B and D; the game is 11, the Lurch 5; the smaller number of "
            "points is deducted from the larger (Gesetze 1, 8; p7).",
            [p(4), p(7), law(1), law(8)],
        ),
        _variant(
            "drei",
            "Three persons, each for himself",
            "The most usual way with three (drei.p1): the game is 15, the Lurch 7, each "
            "marks what he wins without deduction; the points of the last deal count in the "
            "order of drei.p2.",
            [drei(1), drei(2), drei(3)],
            players=3,
            deduction="none",
            majority="plurality",
        ),
        _variant(
            "zwei",
            "Two persons",
            "Two players with the points and deduction of four (drei.p4): game 11, Lurch 5.",
            [drei(4)],
            players=2,
        ),
        _variant(
            "drei_mit_abzug",
            "Three persons by the rules of four",
            "Three players with the points and 'die nämlichen Regeln des Abzugs' of four "
            "(drei.p4): game 11, Lurch 5; the two lower add their points and subtract them "
            "from the highest (Hoyle's rule, the text being silent).",
            [drei(4)],
            players=3,
            deduction="three",
            majority="plurality",
            three="as_four",
        ),
        _variant(
            "drei_bis_16",
            "Reading: three persons to sixteen",
            "As 'drei', but the game is 16, as drei.p2 and the example drei.p3 count "
            "('zu Sechszehen'); drei.p1 says fifteen.",
            [drei(2), drei(3)],
            players=3,
            deduction="none",
            majority="plurality",
            three="sixteen",
        ),
        _variant(
            "drei_absolute_majority",
            "Reading: three persons, p7's numbers",
            "As 'drei', but the cards count only from 27 and the spades from 7, as p7 "
            "says for two parties (the edition reads 'the most' among three).",
            [p(7), drei(4)],
            players=3,
            deduction="none",
            majority="threshold",
        ),
        _variant(
            "reading_must_capture",
            "Reading: whoever can take must take",
            "Four persons; a player may lay a card to the table only if no card of his "
            "can take anything, reading p5 ('wenn er … paaren kann, so nimmt er … wo "
            "nicht, so giebt er eine zu') as a rule.",
            [p(5)],
            must_capture=True,
        ),
        _variant(
            "reading_court_pairs",
            "Reading: the dealer's court only pairs",
            "Four persons; the dealer's last court has no power to take the rest of the "
            "table (p1, p6 read as in the Hoyle books: a court serves the sweep by pairing).",
            [p(1), p(6)],
            court_sweeps=False,
        ),
        _variant(
            "reading_kehraus_point",
            "Reading: the Kehraus scores a point",
            "Four persons; the cards left at the end count as clearing the table for a "
            "point, whether the last capture takes them (Gesetz 7) or the dealer's last "
            "court (p1, p6), reading Gesetz 6's 'die letzte Tischkarte nimmt' literally.",
            [law(6), law(7), p(1)],
            remainder_scores=True,
        ),
    )
}

_CARD_BY_TEXT = {str(c): c for c in FRENCH_52}
_TEXTS = tuple(_CARD_BY_TEXT)
_COURT_TEXTS = frozenset(t for t, c in _CARD_BY_TEXT.items() if c.rank in COURTS)
_CHANCE_ACTIONS = {t: Action(f"deal {t}", _DEAL_CITES) for t in _TEXTS}
_TRAIL_ACTIONS = {t: Action(f"trail {t}", _TRAIL_CITES) for t in _TEXTS}
_CAPTURE_CITES = {t: _capture_cites(c) for t, c in _CARD_BY_TEXT.items()}
_CAPTURE_ACTIONS = {t: Action(f"capture {t}", _CAPTURE_CITES[t]) for t in _TEXTS}
_TAKE_ACTIONS = {(t, u): Action(f"take {u}", _CAPTURE_CITES[t]) for t in _TEXTS for u in _TEXTS}
_KEHRAUS_ACTIONS = {t: Action(f"kehraus {t}", _KEHRAUS_CITES) for t in _COURT_TEXTS}
_DONE = Action("done", _DONE_CITES)
_POSITION = {t: i for i, t in enumerate(_TEXTS)}
_ACE_TEXT = {"ace_spades": "AS", "ace_clubs": "AC", "ace_hearts": "AH", "ace_diamonds": "AD"}


def _sorted(cards: Iterable[str]) -> list[str]:
    """Cards (notation) in canonical order: suits S H D C, ranks A K Q J 10 … 2."""
    return sorted(cards, key=_POSITION.__getitem__)


def _cards(texts: Iterable[str]) -> list[Card]:
    return [_CARD_BY_TEXT[t] for t in texts]


def seats_for(players: int) -> tuple[str, ...]:
    """The seats A, B, (C, D) of a game of ``players``."""
    return SEAT_NAMES[:players]


def _check_context(context: Mapping[str, JSON], players: int, target: int) -> dict[str, JSON]:
    """The Partie context with defaults filled in; refuses malformed ones."""
    parties = f.parties(players)
    ctx: dict[str, JSON] = {
        "deal": 1,
        "dealer": "A",
        "score": {party: 0 for party in parties},
        **context,
    }
    if ctx["dealer"] not in seats_for(players):
        raise RulesError(
            f"context: dealer is one of {', '.join(seats_for(players))}, not {ctx['dealer']!r}"
        )
    score = ctx["score"]
    if (
        not isinstance(score, Mapping)
        or set(score) != set(parties)
        or not all(isinstance(v, int) and 0 <= v < target for v in score.values())
    ):
        raise RulesError(
            f"context: score gives each party ({', '.join(parties)}) a number from 0 below "
            f"the game ({target}), not {score!r}"
        )
    if not isinstance(ctx["deal"], int) or ctx["deal"] < 1:
        raise RulesError(f"context: deal is a number from 1, not {ctx['deal']!r}")
    return ctx


class CasinoState(State):
    """One deal of Casino in progress (see the module docstring for the phases).

    Cards are held in the card notation (``"10D"``); the rule functions get them as
    :class:`~rules.cards.Card` or notation as they take them.
    """

    def __init__(self, game: CasinoGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.players: int = variant["players"]
        self.target = f.game_target(self.players, variant["three"])
        self.ctx = _check_context(context, self.players, self.target)
        self.dealer: str = self.ctx["dealer"]
        self.seat_list = seats_for(self.players)
        self.order = f.play_order(self.dealer, self.players)
        self.rounds = f.deal_rounds(self.players)
        self.party = {s: f.party_of(s, self.players) for s in self.seat_list}
        self.hands: dict[str, list[str]] = {s: [] for s in self.seat_list}
        self.table: list[str] = []
        self.piles: dict[str, list[str]] = {s: [] for s in self.seat_list}
        self.undealt: dict[str, Action] = dict(_CHANCE_ACTIONS)
        self.round = 0
        self.queue: list[str] = []
        self.turn = 0
        self.capturing: str | None = None
        self.picked: list[str] = []
        self.last_capturer: str | None = None
        self.last_capture: tuple[str, str, tuple[str, ...]] | None = None
        self.clearings: list[tuple[str, str]] = []
        self.remainder: tuple[str | None, tuple[str, ...]] = (None, ())
        self.log: list[str] = []
        self.last_card = ""
        self.phase = "deal"
        self._next_round()

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        phase = self.phase
        if phase == "deal":
            return CHANCE
        if phase == "over":
            return None
        return self.order[self.turn]

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "deal":
            return list(self.undealt.values())
        if phase == "capture":
            return self._legal_takes()
        return self._legal_plays()

    def _last_card_of_deal(self, seat: str) -> bool:
        return (
            self.round == self.rounds
            and len(self.hands[seat]) == 1
            and all(not self.hands[s] for s in self.seat_list if s != seat)
        )

    def _legal_plays(self) -> list[Action]:
        seat = self.order[self.turn]
        hand = self.hands[seat]
        table = self.table
        can = {c: f.takes_anything(c, table) for c in hand}
        kehraus_ok = self._kehraus_open(seat)
        # p5 read as a rule: whoever can take may not lay a card down; the dealer's last
        # court can always take the rest of the table (p1; casino.may_trail)
        trail_ok = not self.variant["must_capture"] or not (
            any(can.values()) or (kehraus_ok and hand[0] in _COURT_TEXTS)
        )
        actions: list[Action] = []
        for card in hand:
            if trail_ok:
                actions.append(_TRAIL_ACTIONS[card])
            if can[card]:
                actions.append(_CAPTURE_ACTIONS[card])
            if kehraus_ok and card in _COURT_TEXTS:
                actions.append(_KEHRAUS_ACTIONS[card])
        return actions

    def _kehraus_open(self, seat: str) -> bool:
        """Whether ``seat`` plays the dealer's last card with cards left to take (p1, p6)."""
        return (
            self.variant["court_sweeps"]
            and seat == self.dealer
            and bool(self.table)
            and self._last_card_of_deal(seat)
        )

    def _legal_takes(self) -> list[Action]:
        card = self.capturing
        assert card is not None
        picked = self.picked
        table = self.table
        actions = [_TAKE_ACTIONS[card, t] for t in f.takeable(card, picked, table)]
        if f.is_capture(card, picked):
            actions.append(_DONE)
        return actions

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb, _, rest = text.partition(" ")
        seat = self._to_act() or ""
        if self.phase == "deal":
            return IllegalAction(
                f"the cards are being dealt; {text!r} must wait until every hand has four",
                _DEAL_CITES,
            )
        if verb == "deal":
            return IllegalAction(
                "cards are dealt only when every hand is played out, four to each person, "
                "and to the table only at first",
                (law(2),),
            )
        if self.phase == "capture":
            return self._refuse_take(verb, rest, seat)
        if verb in ("take", "done"):
            return IllegalAction(
                "cards are taken only with a card played to capture: first 'capture <card>'",
                (law(5),),
            )
        if verb not in ("trail", "capture", "kehraus"):
            return IllegalAction(f"{text!r} is not an action of Casino", (law(5),))
        if rest not in self.hands[seat]:
            return IllegalAction(
                f"{seat} does not hold {rest}: each plays one card of his own hand at a time",
                (law(5),),
            )
        if verb == "trail":
            hand = self.hands[seat]
            if self._kehraus_open(seat) and not any(f.takes_anything(c, self.table) for c in hand):
                return IllegalAction(
                    f"{seat}'s last card of the deal, a court in the dealer's hand, takes the "
                    "rest of the table, and whoever can take may not lay a card to it",
                    (p(5), p(1)),
                )
            return IllegalAction(
                f"{seat} can take cards from the table and so may not lay a card to it "
                "(whoever can take, takes)",
                (p(5),),
            )
        if verb == "capture":
            return IllegalAction(
                f"{rest} takes nothing on the table: a court takes only courts of its name, "
                "an Ace only Aces, a number card cards of its number or groups adding up to it",
                _CAPTURE_CITES[rest],
            )
        if not self.variant["court_sweeps"]:
            return IllegalAction(
                "under this reading the dealer's court takes the table only by pairing",
                (p(1), p(6)),
            )
        if rest not in _COURT_TEXTS:
            return IllegalAction(
                f"only a King, Queen or Valet takes the rest of the table, not {rest}", (p(1),)
            )
        if seat != self.dealer:
            return IllegalAction(
                f"only the dealer's court takes the rest of the table, and {seat} does not deal",
                (p(1), p(6)),
            )
        if not self.table:
            return IllegalAction("the table is empty: there is nothing left to take", (p(6),))
        return IllegalAction(
            "the dealer's court takes the rest of the table only as the last card of the deal",
            (p(1), law(7)),
        )

    def _refuse_take(self, verb: str, rest: str, seat: str) -> IllegalAction:
        card = self.capturing
        assert card is not None
        cites = _CAPTURE_CITES[card]
        picked = " ".join(self.picked)
        if verb == "done":
            if not self.picked:
                return IllegalAction(f"{seat} has taken nothing yet with {card}", cites)
            return IllegalAction(
                f"{picked} is not yet a whole capture for {card}: every card taken must "
                "pair it or belong to a group adding up to it",
                cites,
            )
        if verb != "take":
            return IllegalAction(
                f"{seat} is taking cards with {card}: 'take <card>' or 'done' first",
                (law(5),),
            )
        if rest not in self.table:
            return IllegalAction(f"{rest} is not on the table", (law(5),))
        if rest in self.picked:
            return IllegalAction(f"{rest} is already taken", (law(5),))
        if not self.picked:
            return IllegalAction(
                f"{card} cannot take {rest}: it neither pairs it nor belongs to a group of "
                "table cards adding up to its number",
                cites,
            )
        return IllegalAction(
            f"{card} cannot take {rest} together with {picked}: the cards taken must pair it "
            "or make groups adding up to its number",
            cites,
        )

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        verb, _, card = action.text.partition(" ")
        if verb == "deal":
            self._deal(card)
            return
        seat = self.order[self.turn]
        if verb == "take":
            self.picked.append(card)
        elif verb == "done":
            self._close_capture(seat)
        elif verb == "trail":
            self.last_card = card
            self.hands[seat].remove(card)
            self.table.append(card)
            self.log.append(f"{seat} lays {card}")
            self._advance()
        elif verb == "capture":
            self.last_card = card
            self.hands[seat].remove(card)
            self.capturing = card
            self.picked = []
            self.phase = "capture"
        elif verb == "kehraus":
            self.last_card = card
            self.hands[seat].remove(card)
            taken = tuple(self.table)
            court = _CARD_BY_TEXT[card]
            if f.court_sweep_point(court, _cards(taken), self.variant["remainder_scores"]):
                self.clearings.append((seat, f"takes the rest with {card}"))
            self._take(seat, card, taken)
            self.remainder = (seat, taken)
            self.log.append(f"{seat} takes the rest, {' '.join(taken)}, with {card}")
            self._advance()

    def _deal(self, card: str) -> None:
        target = self.queue.pop()
        del self.undealt[card]
        if target == "table":
            self.table.append(card)
        else:
            self.hands[target].append(card)
        if not self.queue:
            for seat in self.seat_list:
                self.hands[seat] = _sorted(self.hands[seat])
            self.phase = "play"
            self.turn = 0

    def _next_round(self) -> None:
        """Queue the chance outcomes of the next round: four per seat, the table at first."""
        self.round += 1
        targets = [s for s in self.seat_list for _ in range(f.PACKET)]
        if self.round == 1:
            targets += ["table"] * f.PACKET
        self.queue = list(reversed(targets))
        self.phase = "deal"

    def _take(self, seat: str, card: str, taken: Sequence[str]) -> None:
        for t in taken:
            self.table.remove(t)
        self.piles[seat].extend([card, *taken])
        self.last_capturer = seat
        self.last_capture = (seat, card, tuple(taken))

    def _close_capture(self, seat: str) -> None:
        card = self.capturing
        assert card is not None
        taken = tuple(self.picked)
        if len(taken) == len(self.table) and f.clearing_point(_cards(self.table), _cards(taken)):
            self.clearings.append((seat, f"takes {' '.join(taken)} with {card}"))
        self._take(seat, card, taken)
        self.log.append(f"{seat} takes {' '.join(taken)} with {card}")
        self.capturing = None
        self.picked = []
        self.phase = "play"
        self._advance()

    def _advance(self) -> None:
        self.turn = (self.turn + 1) % self.players
        if any(self.hands.values()):
            return
        if self.round < self.rounds:
            self._next_round()
            return
        self._finish()

    def _finish(self) -> None:
        """The Kehraus: the last capture takes what is left on the table (Gesetz 7)."""
        left = tuple(self.table)
        taker = None
        if left:
            last_card = _CARD_BY_TEXT[self.last_card]
            taker = f.remainder_taker(self.last_capturer, self.dealer, last_card, False)
        if taker is not None:
            point = f.clearing_point(
                _cards(left), _cards(left), True, self.variant["remainder_scores"]
            )
            if point:
                self.clearings.append((taker, "the cards left at the end"))
            self.piles[taker].extend(left)
            self.table = []
        if left:
            self.remainder = (taker, left)
        self.phase = "over"

    # ------------------------------------------------------------ scoring

    def _members(self, party: str) -> list[str]:
        return [s for s in self.seat_list if self.party[s] == party]

    def _deal_points(self) -> dict[str, dict[str, int]]:
        captured = {
            party: _cards(c for s in self._members(party) for c in self.piles[s])
            for party in f.parties(self.players)
        }
        return f.deal_points(captured, self.variant["majority"])

    def _scores(self) -> Scores:
        items: list[ScoreItem] = []
        parties = f.parties(self.players)
        by_whom: dict[str, list[str]] = {party: [] for party in parties}
        for seat, how in self.clearings:
            by_whom[self.party[seat]].append(f"{seat} {how}")
        for party in parties:
            if by_whom[party]:
                items += [
                    ScoreItem(m, len(by_whom[party]), "clears_table", _CLEAR_CITES,
                              "; ".join(by_whom[party]))
                    for m in self._members(party)
                ]  # fmt: skip
        if self.phase != "over":
            return Scores(self.seat_list, tuple(items))
        taker, left = self.remainder
        if taker is not None:
            detail = f"{taker} takes the {len(left)} cards left: {' '.join(left)}"
            items += [
                ScoreItem(m, 0, "kehraus", _REMAINDER_CITES, detail)
                for m in self._members(self.party[taker])
            ]
        points = self._deal_points()
        totals: dict[str, int] = {}
        for party in parties:
            won = points[party]
            totals[party] = sum(won.values())
            for category in ("cards", "spades", "great_casino", "little_casino"):
                if category in won:
                    items += [
                        ScoreItem(m, won[category], category, _CATEGORY_CITES[category],
                                  _CATEGORY_DETAIL[category])
                        for m in self._members(party)
                    ]  # fmt: skip
            aces = [_ACE_TEXT[k] for k in won if k.startswith("ace_")]
            if aces:
                items += [
                    ScoreItem(m, len(aces), "aces", _CATEGORY_CITES["aces"], " ".join(aces))
                    for m in self._members(party)
                ]
        deduction = self.variant["deduction"]
        marked = f.marks(totals, deduction)
        cites = (p(7), law(1)) if deduction == "pair" else (drei(4), p(7), law(1))
        for party in parties:
            off = totals[party] - marked[party]
            if off:
                detail = f"{off} of its {totals[party]} points set against the other side's"
                items += [
                    ScoreItem(m, -off, "deduction", cites, detail) for m in self._members(party)
                ]
        items += self._partie_items(points, marked)
        return Scores(self.seat_list, tuple(items))

    def _partie_items(
        self, points: Mapping[str, Mapping[str, int]], marked: Mapping[str, int]
    ) -> list[ScoreItem]:
        """Who reaches the game first in this deal, if anyone, and whether it is a Lurch."""
        running = dict(self.ctx["score"])
        winner: str | None = None
        how = ""
        for seat, _ in self.clearings:
            party = self.party[seat]
            running[party] += 1
            if running[party] >= self.target:
                winner, how = party, "by clearing the table"
                break
        if winner is None and self.variant["deduction"] == "none":
            won = {party: list(points[party]) for party in points}
            winner = f.first_to_target(running, won, self.target)
            for category in f.counting_order() if winner is not None else ():
                party = next((q for q in won if category in won[q]), None)
                if party is not None:
                    running[party] += f.CATEGORY_POINTS[category]
                    if party == winner and running[party] >= self.target:
                        how = f"with {category.replace('_', ' ')}, in the order of drei.p2"
                        break
        elif winner is None:
            for party, value in marked.items():
                running[party] += value
                if running[party] >= self.target:
                    winner, how = party, "with the points of the deal"
        if winner is None:
            return []
        losers = {q: v for q, v in running.items() if q != winner}
        three = self.variant["three"]
        lurched = [q for q, v in losers.items() if f.games_won(v, self.players, three) == 2]
        detail = f"{winner} reaches {self.target} first ({how}) and wins the game"
        if lurched:
            detail += "; Lurch (a double game) against " + ", ".join(
                f"{q} with {losers[q]}" for q in lurched
            )
        if self.players == 3 and self.variant["deduction"] == "none":
            cites: tuple[str, ...] = (drei(1), drei(2))
        elif self.players == 4:
            cites = (law(1), law(8))
        else:
            cites = (drei(4), law(1), law(8))
        return [ScoreItem(m, 0, "partie", cites, detail) for m in self._members(winner)]

    def marks_of_deal(self) -> dict[str, int]:
        """Each party's marks from this deal: its deal points after deduction, plus clearings."""
        totals = self.scores().totals()
        return {party: int(totals[self._members(party)[0]]) for party in f.parties(self.players)}

    def partie_over(self) -> bool:
        """Whether this deal ends the Partie (someone reaches the game)."""
        return self.phase == "over" and any(i.item == "partie" for i in self.scores().items)

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: own hand, the table, the last capture and every play seen."""
        lines = [
            f"Casino ({self.variant.name}), deal {self.ctx['deal']}, {self.dealer} deals; "
            f"round {self.round} of {self.rounds}; phase {self.phase}"
        ]
        if self.players == 4:
            lines.append("parties: A and C against B and D")
        for s in self.seat_list:
            if seat in (s, ""):
                lines.append(f"{s} hand: {' '.join(self.hands[s]) or '-'}")
            else:
                lines.append(f"{s} holds {len(self.hands[s])} cards")
        lines.append(f"table: {' '.join(self.table) or '-'}")
        if self.capturing is not None:
            lines.append(
                f"{self.order[self.turn]} captures with {self.capturing}; taken so far: "
                f"{' '.join(self.picked) or '-'}"
            )
        if self.last_capture is not None:
            who, card, taken = self.last_capture
            lines.append(f"last capture: {who} took {' '.join(taken)} with {card}")
        if self.clearings:
            lines.append("cleared the table: " + "; ".join(f"{s} {h}" for s, h in self.clearings))
        if seat == "":
            for s in self.seat_list:
                lines.append(f"{s} took: {' '.join(self.piles[s]) or '-'}")
        if self.log:
            lines.append("plays: " + "; ".join(self.log))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class CasinoGame(Game):
    """Casino after Engelmann 1798, for four, three or two (``rules/casino/README.md``)."""

    name = "casino"
    title = "Casino"
    siglum = "engelmann1798"
    chapter = "engelmann1798.casino"
    variants = VARIANTS
    end_cites = (law(7), p(6))
    max_game_length = 52 + 48 + 48 + 52
    deal_format = (
        '{"table": [4 cards], "hands": {"A": [...], "B": [...], ...}}: each seat\'s cards in '
        "the order received, four per round (12 each at four, 16 at three, 24 at two). "
        "The dealer is the context's (default A)."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """A, B, C, D in playing order round the table (as many as the variant has players)."""
        return seats_for(variant["players"])

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> CasinoState:
        """Before the deal; the context names the dealer and the Partie's score."""
        return CasinoState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled pack, as the chance outcomes that deal it."""
        cards = list(FRENCH_52)
        rng.shuffle(cards)
        return [f"deal {c}" for c in cards]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        players = variant["players"]
        table, hands = _deal_layout(deal, players)
        chance: list[str] = []
        for number in range(f.deal_rounds(players)):
            for seat in seats_for(players):
                chance += [f"deal {c}" for c in hands[seat][4 * number : 4 * number + 4]]
            if number == 0:
                chance += [f"deal {c}" for c in table]
        return chance

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal of a shuffled pack (:func:`rules.casino.functions.deal`)."""
        cards = [parse_card(text.split(" ", 1)[1]) for text in chance]
        dealt = f.deal(cards, variant["players"])
        return {
            "table": format_cards(dealt.table),
            "hands": {s: format_cards(cs) for s, cs in dealt.hands.items()},
        }

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the pack."""
        return tuple(f"deal {c}" for c in FRENCH_52)

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Every player action of Casino, in a fixed order (OpenSpiel's action ids)."""
        cards = [str(c) for c in FRENCH_52]
        return (
            *(f"trail {c}" for c in cards),
            *(f"capture {c}" for c in cards),
            *(f"take {c}" for c in cards),
            "done",
            *(f"kehraus {c}" for c in FRENCH_52 if c.rank in COURTS),
        )

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """At most 11 points and 24 clearings of the table (one every other card) a deal."""
        return (-36.0, 36.0)

    def first_context(self, variant: Variant, rng: random.Random) -> dict[str, JSON]:
        """The first deal of a Partie: A deals (the print's example), nobody has a point."""
        return {
            "deal": 1,
            "dealer": "A",
            "score": {party: 0 for party in f.parties(variant["players"])},
        }

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next deal: the deal passes on (p4, emendation), the marks are added; none at the end."""
        assert isinstance(state, CasinoState)
        if state.phase != "over":
            raise RulesError("the deal is not over yet")
        if state.partie_over():
            return None
        marks = state.marks_of_deal()
        score = {party: state.ctx["score"][party] + marks[party] for party in marks}
        return {
            "deal": state.ctx["deal"] + 1,
            "dealer": f.next_dealer(state.dealer, state.players),
            "score": score,
        }


def _deal_layout(deal: JSON, players: int) -> tuple[list[Card], dict[str, list[Card]]]:
    """Check an explicit deal: the table's four cards and each seat's cards of every round."""
    if not isinstance(deal, Mapping):
        raise RulesError(f"a Casino deal is an object with table and hands, not {deal!r}")
    unknown = set(deal) - {"table", "hands"}
    if unknown:
        raise RulesError(f"a Casino deal has no {sorted(unknown)}")
    table = cards_of(deal.get("table"), "deal.table")
    hands_in = deal.get("hands")
    seats = seats_for(players)
    if not isinstance(hands_in, Mapping) or set(hands_in) != set(seats):
        raise RulesError(f"deal.hands gives the cards of the seats {', '.join(seats)}")
    hands = {s: cards_of(hands_in[s], f"deal.hands.{s}") for s in seats}
    every = table + [c for s in seats for c in hands[s]]
    check_distinct(every, FRENCH_52, "deal")
    if len(table) != f.PACKET:
        raise RulesError(f"four cards go to the table (Gesetz 2), not {len(table)}")
    each = f.PACKET * f.deal_rounds(players)
    short = [s for s in seats if len(hands[s]) != each]
    if short:
        raise RulesError(
            f"with {players} players each receives {each} cards, four at a time (Gesetz 2); "
            f"not so: {', '.join(f'{s} {len(hands[s])}' for s in short)}"
        )
    return table, hands


GAME = CasinoGame()
