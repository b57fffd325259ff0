"""Boston as a playable deal (Engelmann 1798), on the game model of :mod:`rules.model`.

The print gives the games, their tricks and payments; the deal, the auction and the play
are supplied from Whist and l'Hombre, as the text itself says ("Whist, das wie l'Hombre
gespielt wird"; see :mod:`rules.boston.functions` for each emendation). Phases:

1. **deal** (chance): ``deal <card>`` fills the hands of seats 1 to 4, thirteen each.
2. **auction**: from seat 1 (the Vorhand) on, each player still in says ``bid <game>``
   (a game that outbids the highest so far) or ``pass`` (and is out). The last one left
   plays the highest game; if all four pass, the deal is void.
3. **trump**: the player names it, ``trump S`` / ``H`` / ``D`` / ``C`` (p2).
4. **discard**: for klein Misery only, and after the trump, the player lays one card
   away (p4).
5. **play**: seat 1 leads, the winner of a trick leads the next; ``play <card>``,
   following suit. The deal ends as soon as the game is won or lost (the tricks taken
   and the tricks left cannot make the game, or a Misery player takes a trick, or plays
   his last card without one): nothing else is paid ("kein Spiel doppelt", p2).

Scores are the points (Einsätze) of p2. A won game is paid its value by each of the
other three and draws the Bête standing in the pool; a lost game's Bête, three times its
value, is set up in the pool, or written down while another stands there ("wie im
l'Hombre aufgesetzt und angeschrieben", p2). The ``context`` ``{"deal": n, "pool": n, "written":
[...]}`` carries the Bêtes from deal to deal (:meth:`BostonGame.next_context`). The
variant ``reading_loser_pays_each`` has the loser pay each opponent the value instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.boston import functions as f
from rules.boston.functions import ORDER, p
from rules.cards import FRENCH_52, Card, Suit, format_cards, parse_card
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
SEATS: tuple[str, ...] = ("1", "2", "3", "4")
_CARDS = {str(c): c for c in FRENCH_52}
_SUITS = {s.value: s for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)}
_GAMES = ("klein_boston", "gross_boston", "klein_independence", "gross_independence",
          "misery", "klein_misery")  # fmt: skip
_NAMES = {
    "klein_boston": "klein Boston",
    "gross_boston": "groß Boston",
    "klein_independence": "klein Independence",
    "gross_independence": "groß Independence",
    "misery": "Misery",
    "klein_misery": "klein Misery",
}
_GAME_CITES = {
    "klein_boston": (p(1), p(2)),
    "gross_boston": (p(1), p(2)),
    "klein_independence": (p(1), p(2)),
    "gross_independence": (p(1), p(2)),
    "misery": (p(2),),
    "klein_misery": (p(4),),
}
_DEAL = {c: Action(f"deal {c}", (p(1),)) for c in FRENCH_52}
_PLAY = {c: Action(f"play {c}", (p(1),)) for c in FRENCH_52}
_DISCARD = {c: Action(f"discard {c}", (p(4),)) for c in FRENCH_52}
_PASS = Action("pass", (p(1), p(2)))
_TRUMP = {s: Action(f"trump {s}", (p(2),)) for s in _SUITS}
#: The Bêtes that can stand in the pool: three times a game's value (groß Independence
#: at the variant's value is added per variant).
_BETES = frozenset(3 * v for v in (1, 2, 4, 8, 5))
#: The deals of a sitting: the print sets none (such things "werden beim Niedersetzen
#: ausgemacht", p4); the model plays eight, twice round the table.
SITTING = 8


def _variant(
    name: str, title: str, description: str, cites: Sequence[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {"klein_misery": "none", "gross_independence": 8, "bete": "pool"}
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"boston variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "boston",
            "The five games",
            "klein Boston, groß Boston, klein Independence, groß Independence and Misery "
            "(p1, p2); groß Independence worth 8 (supplied); a lost game's Bête is set up "
            "in the pool for the next winner, as in l'Hombre (p2).",
            [p(1), p(2)],
        ),
        _variant(
            "klein_misery",
            "With klein Misery over klein Independence",
            "The newer klein Misery, paid 5, which outbids klein Independence (p4).",
            [p(4)],
            klein_misery="over_klein_independence",
        ),
        _variant(
            "klein_misery_ueber_gross_boston",
            "With klein Misery over groß Boston",
            "klein Misery outbids only groß Boston, as the author thinks fairer and 'einige "
            "auch schon spielen' (p4).",
            [p(4)],
            klein_misery="over_gross_boston",
        ),
        _variant(
            "reading_loser_pays_each",
            "Reading: a lost game pays each opponent",
            "The five games; a lost game pays each of the other three its value instead "
            "of setting up a Bête in the pool, as in later Boston (not l'Hombre's way).",
            [p(2)],
            bete="each",
        ),
    )
}


def _check_context(context: Mapping[str, JSON], variant: Variant) -> tuple[int, list[int]]:
    """The Bête in the pool and those written down, from the context (refuses malformed ones)."""
    unknown = set(context) - {"deal", "pool", "written"}
    if unknown:
        raise RulesError(
            f"a Boston context has only 'deal', 'pool' and 'written', not {sorted(unknown)}"
        )
    deal = context.get("deal", 1)
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 1:
        raise RulesError(
            f"context deal: the number of the deal in the sitting, from 1, not {deal!r}"
        )
    pool = context.get("pool", 0)
    written = context.get("written", [])
    betes = _BETES | {3 * int(variant["gross_independence"])}
    if not isinstance(pool, int) or isinstance(pool, bool) or (pool and pool not in betes):
        raise RulesError(
            f"context pool: 0 or one Bête, three times a game's value ({sorted(betes)}), "
            f"not {pool!r}"
        )
    if not isinstance(written, list) or any(
        not isinstance(b, int) or isinstance(b, bool) or b not in betes for b in written
    ):
        raise RulesError(f"context written: a list of Bêtes ({sorted(betes)}), not {written!r}")
    if written and not pool:
        raise RulesError("context: Bêtes are written down only while one stands in the pool")
    if (pool or written) and variant["bete"] != "pool":
        raise RulesError("context: in this reading a lost game sets up no Bête in a pool (p2)")
    return pool, list(written)


class BostonState(State):
    """One deal of Boston in progress (see the module docstring for the phases)."""

    def __init__(self, game: BostonGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.pool, self.written = _check_context(context, variant)
        self.order = f.contracts(variant["klein_misery"])
        self.phase = "deal"
        self.hands: dict[str, list[Card]] = {s: [] for s in SEATS}
        self.dealt = 0
        self.undealt: dict[str, Action] = {a.text[5:]: a for a in _DEAL.values()}
        self.active: list[str] = list(SEATS)
        self.turn = 0
        self.best: tuple[str, str] | None = None
        self.player = ""
        self.contract = ""
        self.trump: Suit | None = None
        self.laid_away: Card | None = None
        self.leader = SEATS[0]
        self.trick: list[tuple[str, Card]] = []
        self.tricks: list[tuple[tuple[tuple[str, Card], ...], str]] = []
        self.result: bool | None = None

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        phase = self.phase
        if phase == "play":
            return self._next_player()
        if phase == "deal":
            return CHANCE
        if phase == "auction":
            return self.active[self.turn]
        if phase in ("trump", "discard"):
            return self.player
        return None

    def _next_player(self) -> str:
        if not self.trick:
            return self.leader
        index = SEATS.index(self.trick[-1][0])
        for step in range(1, 4):
            seat = SEATS[(index + step) % 4]
            if self.hands[seat]:
                return seat
        raise RulesError("nobody is left to play")  # pragma: no cover

    # ------------------------------------------------------------ legal actions

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "play":
            seat = self._next_player()
            cards = f.legal_cards(self.hands[seat], [c for _, c in self.trick])
            return [_PLAY[c] for c in cards]
        if phase == "deal":
            return list(self.undealt.values())
        if phase == "auction":
            floor = -1 if self.best is None else self.order.index(self.best[1])
            bids = [
                Action(f"bid {g}", tuple(dict.fromkeys((*_GAME_CITES[g], p(1), p(2)))))
                for g in self.order[floor + 1 :]
            ]
            return [_PASS, *bids]
        if phase == "trump":
            return list(_TRUMP.values())
        return [_DISCARD[c] for c in self.hands[self.player]]

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb, _, rest = text.partition(" ")
        seat = self._to_act()
        phase = self.phase
        if seat == CHANCE:
            return IllegalAction(f"the cards are being dealt; {text!r} must wait", (p(1),))
        if verb in ("bid", "pass"):
            if phase != "auction":
                return IllegalAction("the auction is over", (p(1), p(2)))
            if rest not in _GAMES:
                return IllegalAction(f"{rest!r} is not a game of Boston", (p(1),))
            if rest not in self.order:
                return IllegalAction(f"{_NAMES[rest]} is not played in this variant", (p(4),))
            assert self.best is not None
            return IllegalAction(
                f"{_NAMES[rest]} does not outbid {_NAMES[self.best[1]]}: a higher game is needed",
                (p(1), p(2), p(4)),
            )
        if verb == "trump":
            if phase != "trump":
                return IllegalAction(
                    "only the player names the trump, once, after the auction", (p(2),)
                )
            return IllegalAction(f"{rest!r} is not a suit (S H D C)", (p(2),))
        if verb == "discard":
            if phase != "discard":
                return IllegalAction("only klein Misery lays a card away, before play", (p(4),))
            return IllegalAction(f"player {seat} does not hold {rest}", (p(4),))
        if verb != "play":
            return IllegalAction(f"{text!r} is not an action of Boston", (p(1),))
        if phase != "play":
            return IllegalAction("play begins after the auction and the trump", (p(1), p(2)))
        card = _CARDS.get(rest)
        if card is None or card not in self.hands[seat or ""]:
            return IllegalAction(f"player {seat} does not hold {rest}", (p(1),))
        return IllegalAction(f"player {seat} must follow suit to {self.trick[0][1]}", (p(1),))

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        verb, _, rest = action.text.partition(" ")
        if verb == "play":
            self._play(_CARDS[rest])
        elif verb == "deal":
            del self.undealt[rest]
            self.hands[SEATS[self.dealt // f.HAND_SIZE]].append(_CARDS[rest])
            self.dealt += 1
            if self.dealt == 4 * f.HAND_SIZE:
                for seat in SEATS:
                    self.hands[seat] = ORDER.sorted(self.hands[seat])
                self.phase = "auction"
        elif verb == "pass":
            self.active.pop(self.turn)
            self.turn = self.turn % len(self.active) if self.active else 0
            self._close_auction()
        elif verb == "bid":
            self.best = (self.active[self.turn], rest)
            self.turn = (self.turn + 1) % len(self.active)
            self._close_auction()
        elif verb == "trump":
            self.trump = _SUITS[rest]
            self.phase = "discard" if f.discards(self.contract) else "play"
        elif verb == "discard":
            card = _CARDS[rest]
            self.hands[self.player].remove(card)
            self.laid_away = card
            self.phase = "play"

    def _close_auction(self) -> None:
        if not f.auction_over(self.active, self.best):
            return
        if self.best is None:
            self.phase = "over"
            return
        self.player, self.contract = self.best
        self.phase = "trump"

    def _play(self, card: Card) -> None:
        seat = self._next_player()
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if any(self.hands[s] for s in SEATS if s not in {x for x, _ in self.trick}):
            return
        assert self.trump is not None
        winner = self.trick[f.trick_winner([c for _, c in self.trick], self.trump)][0]
        self.tricks.append((tuple(self.trick), winner))
        self.trick = []
        self.leader = winner
        taken = sum(1 for _, w in self.tricks if w == self.player)
        left = f.HAND_SIZE - len(self.tricks)
        if self.contract in ("misery", "klein_misery"):
            if taken:
                self.result = False
            elif not self.hands[self.player]:
                self.result = True
        elif taken >= f.tricks_needed(self.contract):
            self.result = True
        elif taken + left < f.tricks_needed(self.contract):
            self.result = False
        if self.result is not None or not any(self.hands.values()):
            self.phase = "over"

    # ------------------------------------------------------------ scoring

    def taken(self) -> int:
        """The tricks the player has taken so far."""
        return sum(1 for _, w in self.tricks if w == self.player)

    def _scores(self) -> Scores:
        if self.phase != "over":
            return Scores(SEATS)
        if not self.player:
            items = [ScoreItem(s, 0, "no_game", (p(1),), "all four passed") for s in SEATS]
            return Scores(SEATS, tuple(items))
        won = bool(self.result)
        gross = self.variant["gross_independence"]
        bete = self.variant["bete"]
        money = f.settlement(self.contract, won, self.player, SEATS, gross, bete, self.pool)
        name = _NAMES[self.contract]
        need = f.tricks_needed(self.contract)
        outcome = "won" if won else "lost"
        detail = (
            f"{name} {outcome} with {self.taken()} tricks (needs {'none' if need == 0 else need})"
        )
        cites = tuple(dict.fromkeys((*_GAME_CITES[self.contract], p(2))))
        items = []
        for seat in SEATS:
            if seat != self.player:
                if money[seat]:
                    what = "receives" if money[seat] > 0 else "pays"
                    items.append(
                        ScoreItem(seat, money[seat], what, (p(2),), f"{what} for {name} {outcome}")
                    )
                continue
            if won:
                value = money[seat] - self.pool
                items.append(ScoreItem(seat, value, "game", cites, detail))
                if self.pool:
                    items.append(
                        ScoreItem(
                            seat,
                            self.pool,
                            "pool",
                            (p(2),),
                            f"draws the Bête of {self.pool} in the pool",
                        )
                    )
            elif bete == "each":
                items.append(ScoreItem(seat, money[seat], "game", cites, f"{detail}: pays each"))
            else:
                where = (
                    f"written down (angeschrieben): a Bête of {self.pool} stands in the pool"
                    if self.pool
                    else "set up in the pool (aufgesetzt)"
                )
                items.append(ScoreItem(seat, money[seat], "bete", cites, f"{detail}: Bête {where}"))
        return Scores(SEATS, tuple(items))

    def betes_after(self) -> dict[str, JSON]:
        """The Bête in the pool and those written down after this deal (``pool``, ``written``)."""
        if self.phase != "over" or not self.player or self.variant["bete"] != "pool":
            return {"pool": self.pool, "written": list(self.written)}
        won = bool(self.result)
        lost = 0 if won else f.bete_value(self.contract, self.variant["gross_independence"])
        return f.betes_after(self.pool, self.written, won, lost)

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: own hand, the auction, the trump, the tricks, the table."""
        lines = [f"Boston ({self.variant.name}); phase {self.phase}"]
        if self.pool:
            written = ", ".join(str(b) for b in self.written) or "none"
            lines.append(f"pool: a Bête of {self.pool}; written down: {written}")
        for s in SEATS:
            if seat in (s, ""):
                lines.append(f"{s} hand: {' '.join(format_cards(self.hands[s])) or '-'}")
            else:
                lines.append(f"{s} holds {len(self.hands[s])} cards")
        bids = [
            f"{a.seat}: {a.text}"
            for a in self.history
            if a.text == "pass" or a.text.startswith("bid ")
        ]
        if bids:
            lines.append("auction: " + "; ".join(bids))
        if self.player:
            trump = self.trump.value if self.trump else "?"
            lines.append(f"player {self.player} plays {_NAMES[self.contract]}, trump {trump}")
        if self.laid_away is not None and seat in (self.player, ""):
            lines.append(f"laid away: {self.laid_away}")
        for number, (plays, winner) in enumerate(self.tricks, 1):
            lines.append(f"trick {number}: {' '.join(f'{s}:{c}' for s, c in plays)} -> {winner}")
        if self.trick:
            lines.append("on the table: " + " ".join(f"{s}:{c}" for s, c in self.trick))
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class BostonGame(Game):
    """Boston for four, after Engelmann 1798 with Whist and l'Hombre supplied (see README)."""

    name = "boston"
    title = "Boston"
    siglum = "engelmann1798"
    chapter = "engelmann1798.boston"
    variants = VARIANTS
    end_cites = (p(1), p(2))
    max_game_length = 52 + 10 + 2 + 52
    deal_format = (
        '{"hands": {"1": [13 cards], "2": [...], "3": [...], "4": [...]}}: the Whist pack '
        "of 52 (supplied); seat 1 is the Vorhand after the dealer (seat 4), speaks first "
        "and leads the first trick."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """Seats 1 to 4 in the order of play; seat 4 deals."""
        return SEATS

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> BostonState:
        """Before the deal."""
        return BostonState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled Whist pack, as the chance outcomes that deal it."""
        cards = list(FRENCH_52)
        rng.shuffle(cards)
        return [f"deal {c}" for c in cards]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        if not isinstance(deal, Mapping) or set(deal) != {"hands"}:
            raise RulesError(f"a Boston deal is {{'hands': {{seat: 13 cards}}}}, not {deal!r}")
        hands = deal["hands"]
        if not isinstance(hands, Mapping) or sorted(hands) != list(SEATS):
            raise RulesError("deal.hands gives the cards of seats 1, 2, 3 and 4")
        parsed = {s: cards_of(hands[s], f"deal.hands.{s}") for s in SEATS}
        every = [c for s in SEATS for c in parsed[s]]
        check_distinct(every, FRENCH_52, "deal")
        for seat in SEATS:
            if len(parsed[seat]) != f.HAND_SIZE:
                raise RulesError(
                    f"deal.hands.{seat}: 13 cards each (Whist), not {len(parsed[seat])}"
                )
        return [f"deal {c}" for c in every]

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal of a shuffled pack."""
        cards = [parse_card(t.split(" ", 1)[1]) for t in chance]
        size = f.HAND_SIZE
        return {
            "hands": {
                s: [str(c) for c in ORDER.sorted(cards[i * size : (i + 1) * size])]
                for i, s in enumerate(SEATS)
            }
        }

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the Whist pack."""
        return tuple(f"deal {c}" for c in FRENCH_52)

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Every player action: pass, the bids, the trumps, laying away and playing a card."""
        cards = [str(c) for c in FRENCH_52]
        return (
            "pass",
            *(f"bid {g}" for g in _GAMES),
            *(f"trump {s}" for s in _SUITS),
            *(f"discard {c}" for c in cards),
            *(f"play {c}" for c in cards),
        )

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """A seat's total minus the mean: a winner's three values and three quarters of the pool."""
        top = 3 * max(8, int(variant["gross_independence"]))
        return (-float(top), float(top + 0.75 * top))

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next deal of the sitting with the Bêtes carried into it; ``None`` after the last.

        The print sets no length of a sitting; the model plays :data:`SITTING` deals.
        """
        assert isinstance(state, BostonState)
        deal = int(state.context.get("deal", 1))
        if deal >= SITTING:
            return None
        return {"deal": deal + 1, **state.betes_after()}


GAME = BostonGame()
