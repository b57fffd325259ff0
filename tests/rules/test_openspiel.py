"""Every game of the model is an OpenSpiel game that passes OpenSpiel's own random simulation test."""

from __future__ import annotations

import pyspiel
import pytest

import rules.openspiel
from rules.registry import games

GAMES = sorted(games())


def test_every_game_is_registered() -> None:
    assert set(rules.openspiel.REGISTERED) == {f"stichwort_{g}" for g in GAMES}
    registered = set(pyspiel.registered_names())
    assert all(f"stichwort_{g}" in registered for g in GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_passes_under_every_variant(name: str) -> None:
    game = games()[name]
    for variant in game.variants:
        spiel = pyspiel.load_game(f"stichwort_{name}", {"variant": variant})
        assert spiel.get_parameters()["variant"] == variant
        pyspiel.random_sim_test(spiel, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_actions_are_the_model_actions(name: str) -> None:
    spiel = pyspiel.load_game(f"stichwort_{name}")
    state = spiel.new_initial_state()
    while state.is_chance_node():
        action, _ = state.chance_outcomes()[0]
        state.apply_action(action)
    texts = sorted(state.action_to_string(state.current_player(), a) for a in state.legal_actions())
    assert texts == state.model.legal_texts()
    assert state.information_state_string(state.current_player()) != ""
