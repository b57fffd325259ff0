"""``T`` for 10 in action texts, for every registered game (rules/ADAPTER.md, card notation).

``State.apply``, ``why_not`` and transcript replay accept a card written ``TH`` as
``10H`` and record, list and write ``10H``; every other token stays as written.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from rules.explain import why_not
from rules.model import Game, IllegalAction, State, canonical_action, play_random, replay
from rules.reference_adapter import call
from rules.registry import games

GAMES = games()
NAMES = sorted(GAMES)
#: A card token of rank 10 (also inside ``6B=10R``, the Weli played as another card).
TEN = re.compile(r"(?<![0-9A-Z])10([SHDCELRB])(?![0-9A-Za-z])")
#: How many seeded walks to try before concluding that a game never offers a 10 card.
WALKS = 40


def t_spelling(text: str) -> str:
    """``text`` with every card of rank 10 written with ``T`` (``play 10H`` -> ``play TH``)."""
    return TEN.sub(r"T\1", text)


def has_ten(text: str) -> bool:
    """Whether ``text`` names a card of rank 10."""
    return t_spelling(text) != text


def snapshot(state: State) -> dict[str, Any]:
    """Everything a caller can see of a state."""
    return {
        "json": state.to_json(),
        "history": [(a.text, a.seat, a.cites) for a in state.history],
        "to_act": state.to_act(),
        "legal": state.legal_texts(),
        "scores": state.scores().to_json(),
        "view": state.observation(""),
        "views": [state.observation(seat) for seat in state.seats()],
    }


def ten_states(game: Game) -> dict[str, tuple[State, str]]:
    """A state where chance, and one where a player, has a legal action with a 10 card.

    Walks deals left open to chance (``new_game`` without seed or deal), choosing every
    action at random with a seeded generator; a game without a card action for players
    yields only the chance state.
    """
    found: dict[str, tuple[State, str]] = {}
    for seed in range(WALKS):
        rng = random.Random(f"notation-{game.name}-{seed}")
        state = game.new_game(game.variant())
        while not state.is_over() and len(found) < 2:
            kind = "chance" if state.is_chance() else "player"
            texts = [a.text for a in state.legal_actions() if has_ten(a.text)]
            if texts and kind not in found:
                found[kind] = (state.clone(), texts[rng.randrange(len(texts))])
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        if len(found) == 2:
            break
    return found


def player_card_actions(game: Game) -> bool:
    """Whether a player (not chance) ever has an action naming a 10 card."""
    return any(has_ten(text) for text in game.action_space(game.variant()))


def ten_kinds(game: Game) -> set[str]:
    """Who can ever take an action naming a 10 card: ``chance``, ``player``, or nobody."""
    kinds = {"player"} if player_card_actions(game) else set()
    if any(has_ten(text) for text in game.chance_space(game.variant())):
        kinds.add("chance")
    return kinds


@pytest.mark.parametrize("name", NAMES)
def test_t_for_ten_gives_the_same_state_as_10(name: str) -> None:
    game = GAMES[name]
    found = ten_states(game)
    kinds = ten_kinds(game)
    assert set(found) == kinds, f"{name}: no state with a 10 card among {sorted(kinds)}"
    if not kinds:  # a pack without tens (Tresett): T is refused exactly as 10 is
        state = game.new_game(seed=1)
        refusals = []
        for text in ("play 10S", "play TS"):
            with pytest.raises(IllegalAction) as refused:
                state.apply(text)
            refusals.append((refused.value.reason, refused.value.cites))
        assert refusals[0] == refusals[1]
    for state, text in found.values():
        spelled = t_spelling(text)
        assert spelled != text and "T" in spelled
        by_ten, by_t = state.clone(), state.clone()
        played = by_ten.apply(text)
        taken = by_t.apply(spelled)
        assert taken.text == text and (taken.seat, taken.cites) == (played.seat, played.cites)
        assert snapshot(by_t) == snapshot(by_ten)
        assert state.legal_action(spelled) == state.legal_action(text) is not None


@pytest.mark.parametrize("name", NAMES)
def test_misspelt_tens_are_refused_with_a_reason(name: str, tmp_path: Path) -> None:
    game = GAMES[name]
    for state, text in ten_states(game).values():
        before = snapshot(state)
        for wrong in ("1O", "X", "t", "Ten"):
            bad = TEN.sub(rf"{wrong}\1", text)
            assert bad != text
            with pytest.raises(IllegalAction) as refused:
                state.apply(bad)
            assert refused.value.reason.strip(), f"{name}: {bad!r} refused without a reason"
            assert "is not allowed" in why_not(state, bad, tmp_path)
        assert snapshot(state) == before
        assert why_not(state, t_spelling(text), tmp_path).startswith(
            f"{t_spelling(text)!r} is legal now."
        )


@pytest.mark.parametrize("name", NAMES)
def test_every_action_text_is_already_canonical(name: str) -> None:
    """No token of any action or chance outcome is rewritten: ranks, suits, words, numbers."""
    game = GAMES[name]
    for variant in game.variants.values():
        for text in (*game.action_space(variant), *game.chance_space(variant)):
            assert canonical_action(text) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("play TH", "play 10H"),
        ("deal TR", "deal 10R"),
        ("aside TS 9S", "aside 10S 9S"),
        ("play 6B=TR", "play 6B=10R"),
        ("baptise 6B as TB", "baptise 6B as 10B"),
        ("play  TH", "play  10H"),
        ("schlag K", "schlag K"),
        ("schlag 10", "schlag 10"),
        ("schlag T", "schlag T"),
        ("trumpf R", "trumpf R"),
        ("stake 10", "stake 10"),
        ("bid 3", "bid 3"),
        ("bid spiel", "bid spiel"),
        ("gut", "gut"),
        ("declare set K", "declare set K"),
        ("play th", "play th"),
        ("play Th", "play Th"),
        ("play 1OH", "play 1OH"),
        ("play XH", "play XH"),
        ("play TQ", "play TQ"),
        ("play 6B=", "play 6B="),
    ],
)
def test_only_card_tokens_are_rewritten(text: str, canonical: str) -> None:
    assert canonical_action(text) == canonical


@pytest.mark.parametrize("name", NAMES)
def test_replay_accepts_t_and_writes_10(name: str) -> None:
    """The kit's transcript replay (reference adapter): ``T`` in, ``10`` out."""
    game = GAMES[name]
    wanted = player_card_actions(game)
    for seed in range(1, WALKS + 1):
        played = play_random(game, seed=seed)
        actions = [a.text for a in played.player_history()]
        if not wanted or any(has_ten(a) for a in actions):
            break
    else:
        pytest.fail(f"{name}: no random deal in {WALKS} with a player action naming a 10")
    data = {"variant": played.variant.name, "deal": played.deal, "actions": actions}
    spelled = {**data, "actions": [t_spelling(a) for a in actions]}
    if wanted:
        assert spelled["actions"] != actions
    expected = replay(game, data)
    assert replay(game, spelled) == expected
    assert call(f"{name}.transcript", spelled) == expected
    assert not any(
        re.search(r"(?<![0-9A-Z])T[SHDCELRB]\b", t) for ts in expected["legal"] for t in ts
    )
    assert game.from_json({**played.to_json(), "actions": spelled["actions"]}).to_json() == (
        played.to_json()
    )


@pytest.mark.parametrize("name", NAMES)
def test_a_deal_written_with_t_is_the_deal_written_with_10(name: str) -> None:
    """``new_game(deal=...)`` reads ``TH`` as ``10H`` and keeps the deal in canonical notation."""
    game = GAMES[name]
    deals = [game.new_game(seed=seed).deal for seed in range(WALKS)]
    with_ten = [deal for deal in deals if has_ten(json.dumps(deal))]
    if not ten_kinds(game):  # a pack without tens
        assert with_ten == []
        return
    assert with_ten, f"{name}: no seeded deal holds a 10 card"
    deal = with_ten[0]
    spelled = json.loads(t_spelling(json.dumps(deal)))
    assert spelled != deal
    by_ten, by_t = game.new_game(deal=deal), game.new_game(deal=spelled)
    assert by_t.deal == deal
    assert snapshot(by_t) == snapshot(by_ten)
