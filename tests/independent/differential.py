"""Perft for Piquet: random deals walked by the independent referee, checked against an adapter.

At every step the referee's legal actions and scores are compared with those of another
implementation behind the conformance-kit protocol (by default the project's
``rules.reference_adapter``, called as a black box). The other side's legal actions are
read by appending a candidate action it accepts: its answer lists the legal actions before
that action. Deals include every misdeal shape the referee accepts and are biased towards
Carte blanche, Repic and Pic material.

    .venv/bin/python -m tests.independent.differential --walks 500 --seed 1
"""

from __future__ import annotations

import argparse
import copy
import importlib
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from tests.independent.piquet_referee import CATEGORIES, PACK, RANKS, VARIANTS, Referee

Adapter = Callable[[str, dict[str, Any]], Any]
CARDS = sorted(PACK)
UNIVERSE = [
    "play on",
    "redeal",
    *(f"{verb} {c}" for verb in ("discard", "play") for c in CARDS),
    *(f"buy {n}" for n in range(8)),
    *(f"{verb} {c}" for verb in ("declare", "omit", "revise") for c in CATEGORIES),
]
SHAPES = [(12, 12)] * 6 + [(11, 12), (12, 11), (13, 12), (12, 13), (13, 11), (11, 13), (15, 12)]


def random_deal(rng: random.Random) -> dict[str, Any]:
    """A shuffled deal of any shape, or one rich in Carte blanche or a long suit."""
    cards = list(CARDS)
    rng.shuffle(cards)
    kind = rng.random()
    if kind < 0.2:  # Carte blanche material
        low = [c for c in cards if c[:-1] not in ("K", "Q", "J")]
        cards = low[:12] + [c for c in cards if c not in low[:12]]
    elif kind < 0.45:  # a long suit and Aces: Pic and Repic material
        suit = rng.choice("SHDC")
        long = [r + suit for r in RANKS][: rng.randint(6, 8)]
        aces = [c for c in cards if c[0] == "A" and c not in long]
        hand = (long + aces)[:12]
        cards = hand + [c for c in cards if c not in hand]
    e, y = rng.choice(SHAPES) if kind >= 0.45 else (12, 12)
    deal: dict[str, Any] = {
        "elder": cards[:e],
        "younger": cards[e : e + y],
        "talon": cards[e + y :],
    }
    if rng.random() < 0.5:
        deal["elder"], deal["younger"] = deal["younger"], deal["elder"]
    if rng.random() < 0.2:
        deal["packet"] = rng.choice([2, 3])
    return deal


def choose(rng: random.Random, legal: list[str]) -> str:
    """A playing policy that mostly declares, sometimes omits and revises, keeps good cards."""
    revise = [a for a in legal if a.startswith("revise")]
    if revise and rng.random() < 0.5:
        return rng.choice(revise)
    declare = [a for a in legal if a.startswith("declare")]
    if declare and rng.random() < 0.75:
        return declare[0]
    buys = [a for a in legal if a.startswith("buy")]
    if buys and rng.random() < 0.45:
        return rng.choice(buys)
    if "play on" in legal and rng.random() < 0.85:
        return "play on"
    discards = [a for a in legal if a.startswith("discard")]
    if discards and rng.random() < 0.6:
        return min(discards, key=lambda a: (a[8:-1] in ("K", "Q", "J"), -RANKS.index(a[8:-1])))
    return rng.choice(legal)


def _answer(adapter: Adapter, data: dict[str, Any]) -> dict[str, Any] | None:
    """The adapter's answer, or None for a refusal."""
    try:
        return adapter("piquet.transcript", copy.deepcopy(data))
    except NotImplementedError:
        raise
    except Exception:
        return None


def walk(rng: random.Random, adapter: Adapter) -> tuple[str, dict[str, Any], Any, Any] | None:
    """One random deal to its end; the first difference, or None."""
    data: dict[str, Any] = {"variant": rng.choice(list(VARIANTS)), "deal": random_deal(rng)}
    data["actions"] = []
    try:
        ref: Referee | None = Referee.from_deal(
            VARIANTS[data["variant"]], copy.deepcopy(data["deal"])
        )
    except ValueError:
        ref = None
    theirs = _answer(adapter, data)
    if ref is None or theirs is None:
        return (
            None if (ref is None) == (theirs is None) else ("deal", data, ref is not None, theirs)
        )
    while True:
        mine = {"scores": ref.scores(), "over": ref.phase == "over"}
        if mine != {"scores": theirs["scores"], "over": theirs["over"]}:
            return ("scores", data, mine, theirs)
        legal = ref.legal()
        other: list[str] = []
        for candidate in legal + [a for a in UNIVERSE if a not in legal]:
            answer = _answer(adapter, {**data, "actions": [*data["actions"], candidate]})
            if answer is not None:
                other = answer["legal"][-1]
                break
        if legal != other:
            return ("legal", data, legal, other)
        if not legal:
            return None
        action = choose(rng, legal)
        ref.apply(action)
        data["actions"].append(action)
        theirs = _answer(adapter, data)
        if theirs is None:
            return ("refused", data, action, None)


def main() -> None:
    """Run the walks and print a summary (and the first differences as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--adapter", default="rules.reference_adapter")
    args = parser.parse_args()
    adapter: Adapter = importlib.import_module(args.adapter).call
    rng = random.Random(args.seed)
    found: list[tuple[str, dict[str, Any], Any, Any]] = []
    for _ in range(args.walks):
        difference = walk(rng, adapter)
        if difference is not None:
            found.append(difference)
    kinds = Counter(kind for kind, *_ in found)
    print(f"{args.walks} walks, {len(found)} differences {dict(kinds)}")
    for kind, data, mine, theirs in found[:3]:
        print(json.dumps({"kind": kind, "input": data, "referee": mine, "adapter": theirs}))


if __name__ == "__main__":
    main()
