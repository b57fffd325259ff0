"""The game model every game of the corpus follows: a cited, replayable state machine.

A :class:`Game` describes one game of one source (its seats, variants, pack and how a
deal is written); a :class:`State` is one deal (or coup) of it in progress:

- ``game.new_game(variant=..., seed=...)`` shuffles reproducibly; ``deal=...`` starts
  from an explicit deal (every hand and talon, in the game's documented form);
  without either, the chance nodes are left open (``to_act() == CHANCE``), one card
  at a time, as OpenSpiel expects;
- ``state.to_act()`` is the seat to act, :data:`CHANCE`, or ``None`` once the deal is
  over; ``state.legal_actions()`` lists :class:`Action` s, each citing the
  paragraphs that make it legal; ``state.apply("play 10H")`` plays one (``"play TH"``
  too: :func:`canonical_action` reads ``T`` for 10 in a card), and an illegal one
  raises :class:`IllegalAction` naming the paragraph it breaks;
- ``state.scores()`` itemises every point with the paragraph that awards it;
- ``state.to_json()`` / ``game.from_json(data)`` round-trip through the deal and the
  actions, so a transcript is a complete record.

Actions are written as short strings (``"discard 7C"``, ``"play AS"``, ``"buy"``):
the same notation in transcripts, vectors, the CLI and OpenSpiel. Chance actions
are written ``"deal <card>"``. A variant changes behaviour only through the
parameters it declares. A game that spans several deals (a Partie) carries the
running score in a ``context`` mapping; :meth:`Game.next_context` gives the next
deal's, and :func:`play_match` plays a whole Partie.
"""

from __future__ import annotations

import copy
import random
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar

from rules.cards import Card, format_card, parse_card
from rules.errors import RulesError

__all__ = [
    "CHANCE",
    "Action",
    "Game",
    "IllegalAction",
    "ScoreItem",
    "Scores",
    "State",
    "Variant",
    "canonical_action",
    "canonical_deal",
    "play_match",
    "play_random",
    "replay",
]

JSON = Any
#: The pseudo-seat that acts at chance nodes (shuffle, cut, draw).
CHANCE = "chance"


_TOKEN = re.compile(r"\S+")


def _canonical_token(match: re.Match[str]) -> str:
    token = match.group()
    if not token.isupper():  # lower case is a word (Perlaggen's ``as``), never a card
        return token
    parts = token.split("=")  # ``6B=10R``: the Weli played as another card
    try:
        cards = [parse_card(part) for part in parts]
    except ValueError:
        return token
    return "=".join(format_card(card) for card in cards)


@lru_cache(maxsize=8192)
def canonical_action(text: str) -> str:
    """``text`` with each upper-case card token in canonical notation: ``play TH`` -> ``play 10H``.

    A token is rewritten only if it is a card (or cards joined by ``=``) in the notation
    of :mod:`rules.cards`; ranks, suits, numbers and words (``schlag K``, ``trumpf R``,
    ``stake 10``, ``baptise 6B as 10B``) and the spacing stay as written.
    """
    return _TOKEN.sub(_canonical_token, text)


def canonical_deal(deal: JSON) -> JSON:
    """``deal`` with every string in canonical card notation (``TH`` -> ``10H``), see :func:`canonical_action`."""
    if isinstance(deal, str):
        return canonical_action(deal)
    if isinstance(deal, list):
        return [canonical_deal(item) for item in deal]
    if isinstance(deal, dict):
        return {key: canonical_deal(value) for key, value in deal.items()}
    return deal


class IllegalAction(RulesError):
    """An action the rules forbid now; ``cites`` names the paragraphs it breaks."""

    def __init__(self, reason: str, cites: Iterable[str] = ()) -> None:
        self.reason = reason
        self.cites = tuple(cites)
        where = f" ({', '.join(self.cites)})" if self.cites else ""
        super().__init__(f"{reason}{where}")


@dataclass(frozen=True, slots=True)
class Action:
    """One move in the game's notation, with the seat taking it and the paragraphs allowing it.

    Two actions are equal when their text is equal; ``str(action)`` is the text.
    """

    text: str
    cites: tuple[str, ...] = field(default=(), compare=False)
    seat: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """Points one seat makes for one reason, with the paragraphs that award them."""

    seat: str
    points: int | float
    item: str
    cites: tuple[str, ...]
    detail: str = ""

    def to_json(self) -> dict[str, JSON]:
        """As a JSON-ready dict."""
        return {
            "seat": self.seat,
            "points": self.points,
            "item": self.item,
            "cites": list(self.cites),
            "detail": self.detail,
        }


@dataclass(frozen=True, slots=True)
class Scores:
    """Every scoring item of a deal; a seat's total is the sum of its items."""

    seats: tuple[str, ...]
    items: tuple[ScoreItem, ...] = ()

    def total(self, seat: str) -> int | float:
        """The sum of ``seat``'s items."""
        return sum(i.points for i in self.items if i.seat == seat)

    def totals(self) -> dict[str, int | float]:
        """Every seat's total, in seat order."""
        return {seat: self.total(seat) for seat in self.seats}

    def to_json(self) -> dict[str, JSON]:
        """``{"totals": {...}, "items": [...]}``."""
        return {"totals": self.totals(), "items": [i.to_json() for i in self.items]}


@dataclass(frozen=True, slots=True)
class Variant:
    """A named way of playing a game, differing only by its declared parameters."""

    name: str
    title: str
    description: str
    params: Mapping[str, JSON]
    cites: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", dict(self.params))

    def __getitem__(self, key: str) -> JSON:
        try:
            return self.params[key]
        except KeyError:
            raise RulesError(f"variant {self.name}: no parameter {key!r}") from None

    def to_json(self) -> dict[str, JSON]:
        """As a JSON-ready dict (the form of the vector files' ``variants``)."""
        return {
            "title": self.title,
            "description": self.description,
            "params": dict(self.params),
            "paragraphs": list(self.cites),
        }


class State(ABC):
    """One deal of a game in progress. Subclasses implement the ``_`` methods.

    The base class keeps the history, resolves preset chance outcomes, checks every
    action against :meth:`legal_actions` and serialises through the deal and actions.
    """

    def __init__(self, game: Game, variant: Variant, context: Mapping[str, JSON]) -> None:
        self.game = game
        self.variant = variant
        self.context: Mapping[str, JSON] = context
        self.history: list[Action] = []
        self.deal: JSON = None
        self._preset: list[str] = []
        self._auto: list[bool] = []
        self._legal: list[Action] | None = None

    # ------------------------------------------------------------ what subclasses give

    @abstractmethod
    def _to_act(self) -> str | None:
        """The seat to act, :data:`CHANCE`, or ``None`` when the deal is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal actions now (at a chance node: the possible outcomes)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action."""

    @abstractmethod
    def _scores(self) -> Scores:
        """The scoring items so far (final once the deal is over)."""

    @abstractmethod
    def refusal(self, text: str) -> IllegalAction:
        """Why ``text`` is not legal now: the reason and the paragraphs it breaks."""

    @abstractmethod
    def observation(self, seat: str) -> str:
        """What ``seat`` knows now (own cards, the table, the public history), as text."""

    # ------------------------------------------------------------ the public surface

    def to_act(self) -> str | None:
        """The seat to act, :data:`CHANCE` at a chance node, ``None`` once the deal is over."""
        return self._to_act()

    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self._to_act() is None

    def is_chance(self) -> bool:
        """Whether chance acts next."""
        return self._to_act() == CHANCE

    def legal_actions(self) -> list[Action]:
        """The legal actions now, in the game's order (empty once the deal is over)."""
        if self._legal is None:
            self._legal = [] if self.is_over() else self._legal_actions()
        return self._legal

    def legal_texts(self) -> list[str]:
        """The legal actions' texts in canonical (Unicode code point) order."""
        return sorted(a.text for a in self.legal_actions())

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The outcomes of the chance node and their probabilities (uniform by default)."""
        if not self.is_chance():
            raise RulesError("not a chance node")
        actions = self.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]

    def legal_action(self, text: str) -> Action | None:
        """The legal action written ``text`` (``T`` accepted for 10 in a card), or ``None``."""
        legal = self.legal_actions()
        chosen = next((a for a in legal if a.text == text), None)
        if chosen is None:
            canonical = canonical_action(text)
            if canonical != text:
                chosen = next((a for a in legal if a.text == canonical), None)
        return chosen

    def apply(self, action: Action | str) -> Action:
        """Apply a legal action (or its text); returns it with its seat and citations.

        A card may be written with ``T`` for 10 (``play TH``); the action is recorded in
        the canonical notation (``play 10H``). Raises :class:`IllegalAction` naming the
        paragraph the action breaks.
        """
        text = action.text if isinstance(action, Action) else str(action)
        if self.is_over():
            raise IllegalAction(f"the deal is over; {text!r} cannot be played", self.end_cites())
        chosen = self.legal_action(text)
        if chosen is None:
            raise self.refusal(canonical_action(text))
        seat = self._to_act() or ""
        chosen = Action(chosen.text, chosen.cites, seat)
        self._legal = None
        self._apply(chosen)
        self.history.append(chosen)
        self._auto.append(False)
        self._resolve_chance()
        return chosen

    def scores(self) -> Scores:
        """Every scoring item so far, each with the paragraphs awarding it."""
        return self._scores()

    def returns(self) -> list[float]:
        """The seats' payoffs at the end, in seat order: each total minus the mean (zero-sum)."""
        totals = self.scores().totals()
        mean = sum(totals.values()) / len(totals)
        return [float(totals[s] - mean) for s in self.seats()]

    def seats(self) -> tuple[str, ...]:
        """The seats of this deal, in play order of the game."""
        return self.game.seats_of(self.variant)

    def end_cites(self) -> tuple[str, ...]:
        """The paragraphs that say when a deal ends (for refusals after the end)."""
        return self.game.end_cites

    def player_history(self) -> list[Action]:
        """The actions not taken from the preset deal (players' and open chance outcomes)."""
        return [a for a, auto in zip(self.history, self._auto, strict=True) if not auto]

    def to_json(self) -> dict[str, JSON]:
        """The state as JSON: game, variant, context, the deal and the actions since."""
        return {
            "game": self.game.name,
            "variant": self.variant.name,
            "context": dict(self.context),
            "deal": self.deal,
            "actions": [a.text for a in self.player_history()],
        }

    def clone(self) -> State:
        """An independent copy (deep)."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        new = self.__class__.__new__(self.__class__)
        memo[id(self)] = new
        for key, value in self.__dict__.items():
            if key in ("game", "variant", "context"):
                setattr(new, key, value)
            else:
                setattr(new, key, copy.deepcopy(value, memo))
        return new

    def __str__(self) -> str:
        return self.observation("")

    # ------------------------------------------------------------ chance

    def _start(self, preset: Sequence[str]) -> None:
        self._preset = list(reversed(preset))
        self._resolve_chance()

    def _resolve_chance(self) -> None:
        while self._preset and self._to_act() == CHANCE:
            text = self._preset.pop()
            chosen = self.legal_action(text)
            if chosen is None:
                raise IllegalAction(f"chance outcome {text!r} is impossible here")
            chosen = Action(chosen.text, chosen.cites, CHANCE)
            self._legal = None
            self._apply(chosen)
            self.history.append(chosen)
            self._auto.append(True)


class Game(ABC):
    """A game of the corpus: seats, variants, the pack, the deal notation, the state class."""

    name: ClassVar[str]
    title: ClassVar[str]
    siglum: ClassVar[str]
    #: The TEI id of the game's division (e.g. ``engelmann1798.piquet``).
    chapter: ClassVar[str]
    #: Every variant, the default first.
    variants: ClassVar[Mapping[str, Variant]]
    #: The paragraphs that say when a deal ends.
    end_cites: ClassVar[tuple[str, ...]] = ()
    #: How a deal is written in JSON (for transcripts and ``new_game(deal=...)``).
    deal_format: ClassVar[str] = ""

    # ------------------------------------------------------------ what subclasses give

    @abstractmethod
    def seats_of(self, variant: Variant) -> tuple[str, ...]:
        """The seats under ``variant``, in the game's order."""

    @abstractmethod
    def initial_state(
        self, variant: Variant, context: Mapping[str, JSON], deal: JSON | None
    ) -> State:
        """The state before any card is dealt (``deal`` may fix its layout)."""

    @abstractmethod
    def shuffle(self, variant: Variant, rng: random.Random) -> list[str]:
        """A random sequence of chance outcomes for a whole deal (e.g. the shuffled pack)."""

    @abstractmethod
    def deal_to_chance(self, variant: Variant, deal: JSON) -> list[str]:
        """Check an explicit deal and turn it into the chance outcomes that produce it."""

    @abstractmethod
    def chance_to_deal(self, variant: Variant, chance: Sequence[str]) -> JSON:
        """The explicit deal that a sequence of chance outcomes produces."""

    @abstractmethod
    def action_space(self, variant: Variant) -> tuple[str, ...]:
        """Every action text a player can take under ``variant``, in a fixed order."""

    @abstractmethod
    def chance_space(self, variant: Variant) -> tuple[str, ...]:
        """Every chance outcome text under ``variant``, in a fixed order."""

    max_game_length: ClassVar[int] = 1000

    def utility_bounds(self, variant: Variant) -> tuple[float, float]:
        """The least and most :meth:`State.returns` can give a seat."""
        return (-1000.0, 1000.0)

    def first_context(self, variant: Variant, rng: random.Random) -> dict[str, JSON]:
        """The context of the first deal of a Partie (who deals, scores 0)."""
        return {}

    def next_context(self, state: State) -> dict[str, JSON] | None:
        """The context of the next deal of the Partie, or ``None`` when the Partie is over."""
        return None

    # ------------------------------------------------------------ the public surface

    def variant(self, name: str | Variant | None = None) -> Variant:
        """The variant named ``name`` (default: the first); unknown names are refused."""
        if isinstance(name, Variant):
            return name
        if name is None:
            return next(iter(self.variants.values()))
        try:
            return self.variants[name]
        except KeyError:
            known = ", ".join(self.variants)
            raise RulesError(f"{self.name}: unknown variant {name!r}; known: {known}") from None

    def new_game(
        self,
        variant: str | Variant | None = None,
        *,
        seed: int | None = None,
        deal: JSON | None = None,
        context: Mapping[str, JSON] | None = None,
    ) -> State:
        """A new deal: shuffled with ``seed``, from an explicit ``deal``, or open to chance."""
        chosen = self.variant(variant)
        if seed is not None and deal is not None:
            raise RulesError("give a seed or a deal, not both")
        ctx = dict(context or {})
        state = self.initial_state(chosen, ctx, deal)
        if deal is not None:
            chance = self.deal_to_chance(chosen, deal)
            state.deal = canonical_deal(deal)
        elif seed is not None:
            chance = self.shuffle(chosen, random.Random(seed))
            state.deal = self.chance_to_deal(chosen, chance)
        else:
            chance = []
        state._start(chance)
        return state

    def from_json(self, data: Mapping[str, JSON]) -> State:
        """Rebuild a state from :meth:`State.to_json` (replays its actions)."""
        if data.get("game", self.name) != self.name:
            raise RulesError(f"this is a {data.get('game')} state, not {self.name}")
        state = self.new_game(
            data.get("variant"), deal=data.get("deal"), context=data.get("context") or {}
        )
        for number, text in enumerate(data.get("actions", []), 1):
            try:
                state.apply(text)
            except IllegalAction as error:
                raise IllegalAction(
                    f"action {number} {text!r}: {error.reason}", error.cites
                ) from None
        return state

    def to_json(self) -> dict[str, JSON]:
        """What the game is (for vector files and documentation)."""
        return {
            "name": self.name,
            "title": self.title,
            "siglum": self.siglum,
            "chapter": self.chapter,
            "deal_format": self.deal_format,
            "variants": {n: v.to_json() for n, v in self.variants.items()},
        }


# ---------------------------------------------------------------- helpers for games


def cards_of(value: JSON, where: str) -> list[Card]:
    """Parse a JSON list of cards for a deal, naming ``where`` in the error."""
    if not isinstance(value, list):
        raise RulesError(f"{where}: expected a list of cards, got {value!r}")
    try:
        return [parse_card(text) for text in value]
    except ValueError as error:
        raise RulesError(f"{where}: {error}") from None


def check_distinct(cards: Iterable[Card], pack: Iterable[Card], where: str) -> None:
    """Refuse a card outside ``pack`` or a card given more often than the pack holds it."""
    have = Counter(pack)
    seen = Counter(cards)
    outside = sorted(format_card(c) for c in seen if c not in have)
    if outside:
        raise RulesError(f"{where}: not in the pack: {', '.join(outside)}")
    twice = sorted(format_card(c) for c, n in seen.items() if n > have[c])
    if twice:
        raise RulesError(f"{where}: given more often than the pack has them: {', '.join(twice)}")


# ---------------------------------------------------------------- playing


Policy = Callable[[State, random.Random], Action]


def random_policy(state: State, rng: random.Random) -> Action:
    """Pick a legal action uniformly at random."""
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def play_random(
    game: Game,
    variant: str | Variant | None = None,
    seed: int = 0,
    context: Mapping[str, JSON] | None = None,
    policy: Policy = random_policy,
) -> State:
    """Deal with ``seed`` and play to the end with ``policy`` (seeded by ``seed`` too)."""
    state = game.new_game(variant, seed=seed, context=context)
    rng = random.Random(f"policy-{seed}")
    while not state.is_over():
        state.apply(policy(state, rng))
    return state


def play_match(
    game: Game,
    variant: str | Variant | None = None,
    seed: int = 0,
    policy: Policy = random_policy,
    max_deals: int = 1000,
) -> list[State]:
    """Play a whole Partie: deals chained by :meth:`Game.next_context` until it says stop."""
    chosen = game.variant(variant)
    rng = random.Random(f"match-{seed}")
    context: dict[str, JSON] | None = game.first_context(chosen, rng)
    states: list[State] = []
    while context is not None:
        if len(states) >= max_deals:
            raise RulesError(f"{game.name}: no end of the Partie after {max_deals} deals")
        state = play_random(game, chosen, rng.randrange(2**32), context, policy)
        states.append(state)
        context = game.next_context(state)
    return states


def replay(game: Game, data: Mapping[str, JSON]) -> dict[str, JSON]:
    """Run a transcript: the legal actions before each action, then the scores.

    ``data`` is a transcript vector's input: ``{"variant", "deal", "actions",
    "context"?}``. Returns ``{"legal": [[...], ...], "scores": {seat: total}, "over"}``;
    an illegal action raises :class:`IllegalAction`.
    """
    for key in ("deal", "actions"):
        if key not in data:
            raise RulesError(f"a transcript needs {key!r}")
    actions = data["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RulesError("a transcript's actions are a list of strings")
    state = game.new_game(data.get("variant"), deal=data["deal"], context=data.get("context"))
    legal: list[list[str]] = []
    for number, text in enumerate(actions, 1):
        legal.append(state.legal_texts())
        try:
            state.apply(text)
        except IllegalAction as error:
            raise IllegalAction(f"action {number} {text!r}: {error.reason}", error.cites) from None
    return {"legal": legal, "scores": state.scores().totals(), "over": state.is_over()}
