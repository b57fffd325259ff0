"""Rouge et noir as a playable coup (police handbook c. 1905, § 11), on :mod:`rules.model`.

A coup runs through these phases, each action citing ``polizei472.rougeetnoir.p1``:

1. **stakes**: every punter in turn chooses his field, ``field rouge`` or ``field noir``,
   and then his amount, ``stake <n>`` (1 to 10 units; the text: "einen beliebigen Betrag
   in die eine oder in die andere der Abteilungen").
2. **rows** (chance): the banker lays ``deal <card>`` from the freshly shuffled shoe of
   312 cards, a row for red until it counts 31, then one for black; equal rows are laid
   again; the probability of a card is the share of its copies left in the shoe.
3. **settlement**: the row nearer 31 wins; the banker collects the losing field and pays
   the winning one; two rows of 31 (refait) give the banker every stake (variant
   ``reading_refait_half``: half). Should the shoe run out before a coup is decided
   (the text does not provide for it), the stakes are returned.

Seats: ``bankier`` (who never decides anything) and ``spieler1`` ... ``spielerN``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rules.cards import FRENCH_52, Card
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
from rules.rougeetnoir import functions as f
from rules.rougeetnoir.functions import FIELDS, P1

JSON = Any
CITES = (P1,)
MAX_STAKE = 10
SHOE = f.shoe()
_CARD_BY_TEXT = {str(c): c for c in FRENCH_52}
_DEAL_ACTIONS = {c: Action(f"deal {c}", CITES) for c in FRENCH_52}
_FIELD_ACTIONS = [Action(f"field {field}", CITES) for field in FIELDS]
_STAKE_ACTIONS = [Action(f"stake {n}", CITES) for n in range(1, MAX_STAKE + 1)]
_POINTS = {c: f.card_points(c) for c in FRENCH_52}


def seat_names(punters: int) -> tuple[str, ...]:
    """The banker, then ``spieler1`` ... ``spielerN``."""
    return ("bankier", *(f"spieler{i}" for i in range(1, punters + 1)))


def _variant(
    name: str, title: str, description: str, cites: Sequence[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {"punters": 2, "stop": "reach_31", "refait": "all"}
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"rougeetnoir variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "spieler2",
            "Two punters",
            "The banker and two punters ('von einer beliebigen Anzahl von Spielern'); rows "
            "to 31, the whole stakes to the banker on a refait.",
            CITES,
        ),
        _variant("spieler1", "One punter", "As spieler2, with one punter.", CITES, punters=1),
        _variant("spieler4", "Four punters", "As spieler2, with four punters.", CITES, punters=4),
        _variant(
            "reading_over_31",
            "Reading: rows until the count passes 31",
            "Two punters; the banker lays cards until the count is over 31, as the words "
            "'bis ihre Augensumme 31 überschreitet' say (rows of 32 to 41, no refait).",
            CITES,
            stop="over_31",
        ),
        _variant(
            "reading_refait_half",
            "Reading: half the stakes on a refait",
            "Two punters; on a refait of 31 the banker takes half of every stake, as Meyers "
            "and the handbook's own § 12 (Trente et quarante) say.",
            CITES,
            refait="half",
        ),
    )
}


class RougeEtNoirState(State):
    """One coup of Rouge et noir in progress (see the module docstring for the phases)."""

    def __init__(
        self, game: RougeEtNoirGame, variant: Variant, context: Mapping[str, JSON]
    ) -> None:
        super().__init__(game, variant, context)
        if context:
            raise RulesError("a coup of Rouge et noir takes no context")
        self.n: int = variant["punters"]
        self.names = seat_names(self.n)
        self.target = 31 if variant["stop"] == "reach_31" else 32
        self.stakes: list[tuple[str, int]] = []
        self.field = ""
        self.left: Counter[Card] = Counter({c: f.PACKS for c in FRENCH_52})
        self.remaining = len(SHOE)
        self.rows: list[list[Card]] = []
        self.totals: list[int] = []
        self.outcome: str = ""
        self.phase = "stakes"

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        if self.phase == "stakes":
            return self.names[1 + len(self.stakes)]
        if self.phase == "rows":
            return CHANCE
        return None

    def _legal_actions(self) -> list[Action]:
        if self.phase == "stakes":
            return list(_STAKE_ACTIONS if self.field else _FIELD_ACTIONS)
        return [a for c, a in _DEAL_ACTIONS.items() if self.left[c]]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Each card face, with the share of its copies among the cards left in the shoe."""
        if not self.is_chance():
            raise RulesError("not a chance node")
        return [
            (a, self.left[c] / self.remaining) for c, a in _DEAL_ACTIONS.items() if self.left[c]
        ]

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraph it breaks."""
        verb, _, rest = text.partition(" ")
        if self.phase == "rows":
            return IllegalAction(
                f"the stakes are made and the banker is laying the rows; {text!r} must wait",
                CITES,
            )
        if verb == "field":
            if self.field:
                return IllegalAction(
                    f"the {self._to_act()} has chosen {self.field}: he stakes on one field, "
                    "'in die eine oder in die andere'",
                    CITES,
                )
            return IllegalAction(f"the table has two fields, rouge and noir; not {rest!r}", CITES)
        if verb == "stake":
            if not self.field:
                return IllegalAction(
                    "a punter first chooses his field ('field rouge' or 'field noir')", CITES
                )
            return IllegalAction(
                f"a stake is a whole number of units from 1 to {MAX_STAKE} in this model, "
                f"not {rest!r}",
                CITES,
            )
        if verb == "deal":
            return IllegalAction("only the banker lays cards, after every stake is made", CITES)
        return IllegalAction(
            f"{text!r} is not an action of Rouge et noir: a punter chooses a field and stakes",
            CITES,
        )

    # ------------------------------------------------------------ carrying out

    def _apply(self, action: Action) -> None:
        text = action.text
        if self.phase == "stakes":
            verb, _, value = text.partition(" ")
            if verb == "field":
                self.field = value
                return
            self.stakes.append(f.stake(self.field, int(value)))
            self.field = ""
            if len(self.stakes) == self.n:
                self.phase = "rows"
                self.rows.append([])
                self.totals.append(0)
            return
        card = _CARD_BY_TEXT[text[5:]]
        self.left[card] -= 1
        self.remaining -= 1
        self.rows[-1].append(card)
        self.totals[-1] += _POINTS[card]
        if self.totals[-1] >= self.target:
            if len(self.rows) % 2 == 1:
                self._new_row()
            else:
                outcome = f.coup_result(self.totals[-2], self.totals[-1], self.variant["stop"])
                if outcome == "again":
                    self._new_row()
                else:
                    self.outcome = outcome
                    self.phase = "over"
        if self.phase == "rows" and self.remaining == 0:
            self.outcome = "exhausted"
            self.phase = "over"

    def _new_row(self) -> None:
        self.rows.append([])
        self.totals.append(0)

    # ------------------------------------------------------------ scoring

    def _scores(self) -> Scores:
        if self.phase != "over":
            return Scores(self.names, ())
        punters = self.names[1:]
        items: list[ScoreItem] = []
        players, _ = f.settle(self.stakes, self.outcome, self.variant["refait"])  # type: ignore[arg-type]
        for name, (field, amount), value in zip(punters, self.stakes, players, strict=True):
            if self.outcome == "exhausted":
                items.append(
                    ScoreItem(name, 0, "no_decision", CITES, "the shoe ran out: stake returned")
                )
                continue
            if self.outcome == "refait":
                item, detail = "refait", f"both rows 31: the banker wins the {field} stake"
            elif value > 0:
                item, detail = "won", f"{amount} on {field}, the row nearer 31"
            else:
                item, detail = "lost", f"{amount} on {field}"
            items.append(ScoreItem(name, value, item, CITES, detail))
            bank_item = "pays" if value > 0 else "collects"
            items.append(ScoreItem("bankier", -value, bank_item, CITES, f"{name}: {detail}"))
        return Scores(self.names, tuple(items))

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """Everything on the table is open: the stakes, the rows and their counts."""
        lines = [f"Rouge et noir ({self.variant.name}); phase {self.phase}"]
        for name, (field, amount) in zip(self.names[1:], self.stakes, strict=False):
            lines.append(f"{name}: {amount} on {field}")
        if self.field:
            lines.append(f"{self._to_act()}: chooses {self.field}")
        for index, (row, total) in enumerate(zip(self.rows, self.totals, strict=True)):
            field = FIELDS[index % 2]
            lines.append(
                f"{field} row {index // 2 + 1}: {' '.join(map(str, row)) or '-'} = {total}"
            )
        if self.outcome:
            lines.append(f"outcome: {self.outcome}")
        lines.append(f"cards left in the shoe: {self.remaining}")
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class RougeEtNoirGame(Game):
    """Rouge et noir: a banker against any number of punters, after the police handbook, § 11."""

    name = "rougeetnoir"
    title = "Rouge et noir"
    siglum = "polizei472"
    chapter = "polizei472.rougeetnoir"
    variants = VARIANTS
    end_cites = CITES
    # Every punter chooses a field and an amount; at most the whole shoe is laid.
    max_game_length = 2 * max(v["punters"] for v in VARIANTS.values()) + len(SHOE)
    deal_format = (
        '{"cards": [the cards the banker lays, in order]}: the red row first, then the '
        "black, again after equal rows; the list must end with the card that decides the "
        "coup (or hold all 312 cards of the shoe). No face more than six times."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """``bankier`` and the punters ``spieler1`` ... ``spielerN``."""
        return seat_names(variant["punters"])

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> RougeEtNoirState:
        """A coup before the stakes, with a full shoe."""
        return RougeEtNoirState(self, variant, context)

    def _needed(self, variant: Variant, cards: Sequence[Card]) -> int:
        """How many of ``cards`` the coup lays (all of them if it is not decided)."""
        try:
            return f.coup(cards, variant["stop"]).cards
        except f.RougeEtNoirError:
            return len(cards)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A shuffled shoe, as the cards the coup lays (no more)."""
        cards = list(SHOE)
        rng.shuffle(cards)
        return [f"deal {c}" for c in cards[: self._needed(variant, cards)]]

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal: exactly the cards of the coup, each face at most six times."""
        if not isinstance(deal, Mapping) or set(deal) != {"cards"}:
            raise RulesError(f"a Rouge et noir deal is {{'cards': [...]}}, not {deal!r}")
        cards = cards_of(deal["cards"], "deal.cards")
        check_distinct(cards, SHOE, "deal.cards")
        needed = self._needed(variant, cards)
        if needed != len(cards) or (needed < len(SHOE) and not self._decided(variant, cards)):
            raise RulesError(
                f"deal.cards: the coup is decided after {needed} cards, but {len(cards)} are "
                f"given; give exactly the cards the banker lays ({P1})"
            )
        return [f"deal {c}" for c in cards]

    def _decided(self, variant: Variant, cards: Sequence[Card]) -> bool:
        try:
            f.coup(cards, variant["stop"])
        except f.RougeEtNoirError:
            return False
        return True

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal of a sequence of chance outcomes."""
        return {"cards": [text.split(" ", 1)[1] for text in chance]}

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each of the 52 faces."""
        return tuple(f"deal {c}" for c in FRENCH_52)

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """``field rouge``, ``field noir``, ``stake 1`` ... ``stake 10``."""
        return tuple(a.text for a in (*_FIELD_ACTIONS, *_STAKE_ACTIONS))

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """The banker can win or lose every punter's largest stake."""
        n = variant["punters"]
        return (-float(MAX_STAKE * n), float(MAX_STAKE * n))


GAME = RougeEtNoirGame()
