"""OpenSpiel bridge: importing this module registers every game as ``stichwort_<game>``.

Needs the optional extra ``stichwort[openspiel]`` (the PyPI package ``open-spiel``).
Each game of :func:`rules.registry.games` becomes a Python game of OpenSpiel with
explicit chance nodes (the deal, card by card), imperfect information, and
information state and observation strings taken from the model's
:meth:`~rules.model.State.observation`. Action ids index the game's fixed
:meth:`~rules.model.Game.action_space`; chance outcome ids index its
:meth:`~rules.model.Game.chance_space`. The variant is the game parameter ``variant``::

    import pyspiel
    import rules.openspiel
    game = pyspiel.load_game("stichwort_piquet", {"variant": "partie100"})
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.errors import RulesError
from rules.model import CHANCE, Game, State
from rules.registry import games

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise RulesError(
        "the OpenSpiel bridge needs the extra: pip install 'stichwort[openspiel]'"
    ) from error

__all__ = ["REGISTERED", "short_name"]


def short_name(game: Game) -> str:
    """The OpenSpiel name of a game: ``stichwort_<game>``."""
    return f"stichwort_{game.name}"


class _Observer:
    """The string observer OpenSpiel asks for: the model's view of one seat."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: Any, player: int) -> None:
        """No tensor: the games provide strings only."""

    def string_from(self, state: Any, player: int) -> str:
        """The seat's observation; with perfect recall, also its own past actions."""
        model: State = state.model
        seat = model.seats()[player]
        text = model.observation(seat)
        if self.perfect_recall:
            own = [a.text for a in model.history if a.seat == seat]
            text += "\nown actions: " + "; ".join(own)
        return text


@dataclass(frozen=True)
class _Tables:
    """The fixed action and chance-outcome ids of one game under one variant."""

    action_texts: tuple[str, ...]
    chance_texts: tuple[str, ...]
    action_ids: dict[str, int]
    chance_ids: dict[str, int]


@cache
def _tables(name: str, variant: str) -> _Tables:
    game = games()[name]
    actions = game.action_space(game.variant(variant))
    chances = game.chance_space(game.variant(variant))
    return _Tables(
        actions,
        chances,
        {t: i for i, t in enumerate(actions)},
        {t: i for i, t in enumerate(chances)},
    )


class _SpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a model state."""

    def __init__(self, game: Any, name: str, variant: str) -> None:
        super().__init__(game)
        self.name = name
        self.variant = variant
        self.model: State = games()[name].new_game(variant)

    @property
    def tables(self) -> _Tables:
        """The ids of this game's actions and chance outcomes."""
        return _tables(self.name, self.variant)

    def current_player(self) -> int:
        """The acting seat's index, CHANCE or TERMINAL."""
        seat = self.model.to_act()
        if seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return self.model.seats().index(seat)

    def _legal_actions(self, player: int) -> list[int]:
        ids = self.tables.action_ids
        return sorted(ids[a.text] for a in self.model.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes with their probabilities, by outcome id."""
        ids = self.tables.chance_ids
        return sorted((ids[a.text], p) for a, p in self.model.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        if self.model.is_chance():
            self.model.apply(self.tables.chance_texts[action])
        else:
            self.model.apply(self.tables.action_texts[action])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return self.tables.chance_texts[action]
        return self.tables.action_texts[action]

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        return self.model.is_over()

    def returns(self) -> list[float]:
        """Each seat's payoff: 0 until the end, then the model's returns."""
        if not self.model.is_over():
            return [0.0] * len(self.model.seats())
        return self.model.returns()

    def __str__(self) -> str:
        return self.model.observation("")


class _SpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game made from a model game and one of its variants."""

    model: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        variant = self.model.variant(params.get("variant") or None)
        tables = _tables(self.model.name, variant.name)
        seats = self.model.seats_of(variant)
        low, high = self.model.utility_bounds(variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(tables.action_texts),
            max_chance_outcomes=len(tables.chance_texts),
            num_players=len(seats),
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=self.model.max_game_length,
        )
        super().__init__(_game_type(self.model), info, {"variant": variant.name})

    def new_initial_state(self) -> _SpielState:
        """A fresh deal, before the first card."""
        return _SpielState(self, self.model.name, str(self.get_parameters()["variant"]))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The string observer."""
        return _Observer(iig_obs_type, params)


def _game_type(game: Game) -> Any:
    seats = len(game.seats_of(game.variant()))
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"{game.title} ({game.siglum}, Stichwort)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=seats,
        min_num_players=seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        provides_factored_observation_string=False,
        parameter_specification={"variant": game.variant().name},
    )


def _register(game: Game) -> str:
    name = short_name(game)
    spiel_class = type(f"Spiel_{game.name}", (_SpielGame,), {"model": game})
    globals()[spiel_class.__name__] = spiel_class  # picklable by name, as OpenSpiel needs
    pyspiel.register_game(_game_type(game), spiel_class)
    return name


#: The OpenSpiel names registered by importing this module.
REGISTERED: tuple[str, ...] = tuple(_register(g) for g in games().values())
