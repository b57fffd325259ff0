"""Das Kleeblatt as a playable coup (Engelmann 1798), on the game model of :mod:`rules.model`.

Seats: the ``banker`` and the punters ``P1``, ``P2``, ``P3`` (as many as the variant has).
A coup runs:

1. **stakes** (p2): for each punter in turn, chance deals a Kleeblatt of three cards
   from a freshly shuffled pack (``deal <card>`` three times) and the punter takes one
   blind (``choose 1`` … ``choose 3``); he stakes its worth (p1) in the bowl.
2. **second round** (p2, p3): for each punter in turn, first the wager he offers before
   seeing his new card (``no wager``, ``wager 1`` … ``wager 5``; the banker must hold
   it), then a new Kleeblatt and his choice of it.
3. **settlement** (p3, p2): the wagers first (under six the banker wins, over six the
   punter, a Six leaves the wager standing for the next coup), then each punter
   receives his new card's worth from the bowl; the banker makes good what it lacks and
   keeps what is left.

A wager left standing by a Six is carried in the ``context`` (``{"standing": {"P1":
n}}``) and the next coup continues it (:meth:`KleeblattGame.next_context`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.cards import Card, format_cards
from rules.errors import RulesError
from rules.kleeblatt import functions as f
from rules.kleeblatt.functions import LEAVES, p
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
BANKER = "banker"
#: The sums a punter may wager (the text sets no limit; see the README).
WAGERS: tuple[int, ...] = (1, 2, 3, 4, 5)
_DEAL_CITES = (p(2),)
_CHOOSE_CITES = (p(2),)
_WAGER_CITES = (p(3),)
_CHANCE: dict[int, dict[str, Action]] = {
    size: {str(c): Action(f"deal {c}", _DEAL_CITES) for c in cards}
    for size, cards in f.PACKS.items()
}
_CARD_BY_TEXT = {str(c): c for c in f.PACKS[52]}
_CHOICES = [Action(f"choose {k}", _CHOOSE_CITES) for k in range(1, LEAVES + 1)]


def _variant(
    name: str, title: str, description: str, cites: Iterable[str], **changes: JSON
) -> Variant:
    params: dict[str, JSON] = {"punters": 3, "pack": 52, "courts": "value"}
    unknown = set(changes) - set(params)
    if unknown:
        raise RulesError(f"kleeblatt variant {name}: unknown parameters {sorted(unknown)}")
    params.update(changes)
    return Variant(name, title, description, params, tuple(cites))


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        _variant(
            "standard",
            "Banker and three punters, the whole pack",
            "The whole pack of 52; the courts count by their worth (p1), so under six.",
            [p(1), p(2), p(3)],
        ),
        _variant(
            "pack36",
            "Reading: the pack of 36",
            "The pack from Six to Ace: only the courts lie under six.",
            [p(1), p(3)],
            pack=36,
        ),
        _variant(
            "reading_courts_high",
            "Reading: courts over six",
            "The wager reads 'unter 6' by the rank of the cards: King, Queen and Bube lie over six.",
            [p(3)],
            courts="high",
        ),
    )
}


def seats_for(punters: int) -> tuple[str, ...]:
    """The banker and the punters P1 … Pn."""
    return (BANKER, *(f"P{i}" for i in range(1, punters + 1)))


def _check_context(context: Mapping[str, JSON], punters: tuple[str, ...]) -> dict[str, JSON]:
    ctx: dict[str, JSON] = {"coup": 1, "standing": {}, **context}
    standing = ctx["standing"]
    if (
        not isinstance(standing, Mapping)
        or not set(standing) <= set(punters)
        or not all(isinstance(v, int) and v >= 0 for v in standing.values())
    ):
        raise RulesError(
            f"context: standing maps punters ({', '.join(punters)}) to the sums a Six left "
            f"standing, not {standing!r}"
        )
    ctx["standing"] = {s: int(standing.get(s, 0)) for s in punters}
    if not isinstance(ctx["coup"], int) or ctx["coup"] < 1:
        raise RulesError(f"context: coup is a number from 1, not {ctx['coup']!r}")
    return ctx


class KleeblattState(State):
    """One coup of Kleeblatt in progress (see the module docstring)."""

    def __init__(self, game: KleeblattGame, variant: Variant, context: Mapping[str, JSON]) -> None:
        super().__init__(game, variant, context)
        self.pack_size: int = variant["pack"]
        self.pack = f.pack(self.pack_size)
        self.punters = seats_for(variant["punters"])[1:]
        self.ctx = _check_context(context, self.punters)
        steps: list[tuple[str, str, str]] = []
        for seat in self.punters:
            steps += [("draw", seat, "stake"), ("choose", seat, "stake")]
        for seat in self.punters:
            steps += [("wager", seat, ""), ("draw", seat, "payout"), ("choose", seat, "payout")]
        self.steps = steps
        self.step = 0
        self.leaves: list[Card] = []
        self.offered: dict[tuple[str, str], list[Card]] = {}
        self.chosen: dict[str, dict[str, Card]] = {"stake": {}, "payout": {}}
        self.wagers: dict[str, int] = {}
        self._texts: list[str] = []

    # ------------------------------------------------------------ whose turn

    def _to_act(self) -> str | None:
        if self.step >= len(self.steps):
            return None
        kind, seat, _ = self.steps[self.step]
        return CHANCE if kind == "draw" else seat

    def _legal_actions(self) -> list[Action]:
        kind, _, _ = self.steps[self.step]
        if kind == "draw":
            return [a for c, a in _CHANCE[self.pack_size].items() if c not in self._texts]
        if kind == "choose":
            return _CHOICES
        return [Action("no wager", _WAGER_CITES)] + [
            Action(f"wager {n}", _WAGER_CITES) for n in WAGERS
        ]

    # ------------------------------------------------------------ refusals

    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now, with the paragraphs it breaks."""
        verb = text.split(" ", 1)[0]
        if self.step >= len(self.steps):
            return IllegalAction("the coup is settled", (p(3),))
        kind, seat, _ = self.steps[self.step]
        if kind == "draw":
            return IllegalAction(
                "the banker is shuffling and taking out a Kleeblatt of three cards", (p(2),)
            )
        if kind == "choose":
            if verb == "choose":
                return IllegalAction("the Kleeblatt has three cards: choose 1, 2 or 3", (p(2),))
            return IllegalAction(f"{seat} chooses one of the three cards offered", (p(2),))
        if verb == "wager":
            return IllegalAction(
                f"a wager is a sum of {WAGERS[0]} to {WAGERS[-1]} (the model's limit)", (p(3),)
            )
        if verb == "choose":
            return IllegalAction(
                f"{seat} must offer his wager, or none, before he sees his new card", (p(3),)
            )
        return IllegalAction(f"{text!r} is not an action of Kleeblatt now", (p(2), p(3)))

    # ------------------------------------------------------------ applying

    def _apply(self, action: Action) -> None:
        verb, _, rest = action.text.partition(" ")
        _, seat, round_name = self.steps[self.step]
        if verb == "deal":
            self._texts.append(rest)
            self.leaves.append(_CARD_BY_TEXT[rest])
            if len(self.leaves) == LEAVES:
                self.offered[seat, round_name] = list(self.leaves)
                self.step += 1
            return
        if verb == "choose":
            self.chosen[round_name][seat] = self.leaves[int(rest) - 1]
            self.leaves = []
            self._texts = []
        else:
            self.wagers[seat] = 0 if action.text == "no wager" else int(rest)
        self.step += 1

    # ------------------------------------------------------------ scoring

    def _scores(self) -> Scores:
        items: list[ScoreItem] = []
        value = self._value
        for seat, card in self.chosen["stake"].items():
            items.append(ScoreItem(seat, -value(card), "stake", (p(2), p(1)), f"{card}"))
        if self.step < len(self.steps):
            return Scores(seats_for(len(self.punters)), tuple(items))
        for seat in self.punters:
            new, standing = self.wagers[seat], self.ctx["standing"][seat]
            if not new and not standing:
                continue
            card = self.chosen["payout"][seat]
            result = self._wager(card, new, standing)
            if result["punter"]:
                won = result["punter"]
                detail = f"{card}: {new} wagered" + (f", {standing} standing" if standing else "")
                items.append(ScoreItem(seat, won, "wager", (p(3),), detail))
                items.append(ScoreItem(BANKER, -won, "wager", (p(3),), f"{seat} {detail}"))
            if result["standing"]:
                items.append(
                    ScoreItem(
                        seat, 0, "standing", (p(3),), f"{card}: {result['standing']} stand over"
                    )
                )
        stakes = [value(self.chosen["stake"][s]) for s in self.punters]
        payouts = [value(self.chosen["payout"][s]) for s in self.punters]
        for seat, paid in zip(self.punters, payouts, strict=True):
            items.append(
                ScoreItem(seat, paid, "payout", (p(2), p(1)), f"{self.chosen['payout'][seat]}")
            )
        rest = f.bowl_settlement(stakes, payouts)
        detail = f"the bowl holds {sum(stakes)}, pays out {sum(payouts)}: " + (
            "the banker keeps the rest" if rest >= 0 else "the banker makes good the lack"
        )
        items.append(ScoreItem(BANKER, rest, "bowl", (p(2),), detail))
        return Scores(seats_for(len(self.punters)), tuple(items))

    def _value(self, card: Card) -> int:
        return f.card_value(card, self.pack_size)

    def _wager(self, card: Card, new: int, standing: int) -> dict[str, int]:
        return f.wager_result(card, new, standing, self.variant["courts"], self.pack_size)

    def standing_after(self) -> dict[str, int]:
        """The wagers a Six leaves standing for the next coup."""
        left: dict[str, int] = {}
        for seat in self.punters:
            new, standing = self.wagers.get(seat, 0), self.ctx["standing"][seat]
            card = self.chosen["payout"].get(seat)
            if card is not None and (new or standing):
                rest = self._wager(card, new, standing)["standing"]
                if rest:
                    left[seat] = rest
        return left

    # ------------------------------------------------------------ what a seat sees

    def observation(self, seat: str) -> str:
        """What ``seat`` knows: the cards chosen and shown, the wagers, the bowl."""
        lines = [f"Kleeblatt ({self.variant.name}), coup {self.ctx['coup']}"]
        standing = {s: v for s, v in self.ctx["standing"].items() if v}
        if standing:
            lines.append("standing wagers: " + ", ".join(f"{s} {v}" for s, v in standing.items()))
        for round_name in ("stake", "payout"):
            chosen = self.chosen[round_name]
            if chosen:
                lines.append(
                    f"{round_name} cards: " + ", ".join(f"{s} {c}" for s, c in chosen.items())
                )
        if self.wagers:
            lines.append("wagers: " + ", ".join(f"{s} {v}" for s, v in self.wagers.items()))
        bowl = sum(self._value(c) for c in self.chosen["stake"].values())
        lines.append(f"bowl: {bowl}")
        if self.leaves:
            shown = " ".join(format_cards(self.leaves)) if seat == "" else "face down"
            lines.append(f"Kleeblatt offered: {len(self.leaves)} cards, {shown}")
        if seat == "":
            for (who, round_name), leaves in self.offered.items():
                lines.append(f"offered to {who} ({round_name}): {' '.join(map(str, leaves))}")
        lines.append(f"to act: {self._to_act() or 'nobody'}")
        return "\n".join(lines)


class KleeblattGame(Game):
    """Das Kleeblatt after Engelmann 1798 (``rules/kleeblatt/README.md``)."""

    name = "kleeblatt"
    title = "Das Kleeblatt"
    siglum = "engelmann1798"
    chapter = "engelmann1798.kleeblatt"
    variants = VARIANTS
    end_cites = (p(3),)
    max_game_length = 9 * 3
    deal_format = (
        '{"stake": {"P1": [3 cards], ...}, "payout": {"P1": [3 cards], ...}}: the Kleeblatt '
        "offered to each punter in the first and the second round, each from a freshly "
        "shuffled pack (three different cards)."
    )

    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """The banker, then the punters P1, P2, P3."""
        return seats_for(variant["punters"])

    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> KleeblattState:
        """Before the first Kleeblatt; the context carries wagers a Six left standing."""
        return KleeblattState(self, variant, context)

    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """Two Kleeblätter per punter, each the top three of a freshly shuffled pack."""
        pack = list(f.pack(variant["pack"]))
        chance: list[str] = []
        for _ in range(2 * variant["punters"]):
            rng.shuffle(pack)
            chance += [f"deal {c}" for c in f.kleeblatt(pack, variant["pack"])]
        return chance

    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal; the chance outcomes that give it."""
        punters = seats_for(variant["punters"])[1:]
        if not isinstance(deal, Mapping) or set(deal) != {"stake", "payout"}:
            raise RulesError('a Kleeblatt deal is {"stake": {...}, "payout": {...}}')
        chance: list[str] = []
        pack = f.pack(variant["pack"])
        for round_name in ("stake", "payout"):
            offered = deal[round_name]
            if not isinstance(offered, Mapping) or set(offered) != set(punters):
                raise RulesError(f"deal.{round_name} gives a Kleeblatt to each of {punters}")
            for seat in punters:
                leaves = cards_of(offered[seat], f"deal.{round_name}.{seat}")
                check_distinct(leaves, pack, f"deal.{round_name}.{seat}")
                if len(leaves) != LEAVES:
                    raise RulesError(f"a Kleeblatt has three cards (p2), not {len(leaves)}")
                chance += [f"deal {c}" for c in leaves]
        return chance

    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal: the Kleeblätter in the order offered."""
        cards = [text.split(" ", 1)[1] for text in chance]
        punters = seats_for(variant["punters"])[1:]
        n = len(punters)
        return {
            round_name: {
                seat: cards[LEAVES * (r * n + i) : LEAVES * (r * n + i + 1)]
                for i, seat in enumerate(punters)
            }
            for r, round_name in enumerate(("stake", "payout"))
        }

    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """``deal <card>`` for each card of the pack."""
        return tuple(f"deal {c}" for c in f.pack(variant["pack"]))

    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Every player action, in a fixed order (OpenSpiel's action ids)."""
        return (
            *(f"choose {k}" for k in range(1, LEAVES + 1)),
            "no wager",
            *(f"wager {n}" for n in WAGERS),
        )

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """A punter wins or loses at most 9 from the bowl and 5 on the wager (nothing standing)."""
        most = float((11 - 2 + WAGERS[-1]) * variant["punters"])
        return (-most, most)

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The next coup while a wager stands over from a Six (p3); else none."""
        assert isinstance(state, KleeblattState)
        if not state.is_over():
            raise RulesError("the coup is not settled yet")
        left = state.standing_after()
        if not left:
            return None
        return {"coup": state.ctx["coup"] + 1, "standing": left}


GAME = KleeblattGame()
