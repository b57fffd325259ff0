"""Speed of the game models: seeded random deals played to the end, per game and variant.

Usage: ``python benchmarks/game_speed.py [--deals N] [--games piquet casino ...]``

For each game and each variant, deals ``N`` seeded deals (default 10,000 for the default
variant, N/10 for the others) with a random legal policy on one core and prints deals
per second and actions per second (players' and chance actions). Timing is wall clock
with ``time.perf_counter``; nothing else runs in the process.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.registry import games  # noqa: E402


def measure(name: str, variant: str, deals: int) -> tuple[float, float]:
    """Deals per second and actions per second for ``deals`` seeded random deals."""
    game = games()[name]
    actions = 0
    start = time.perf_counter()
    for seed in range(deals):
        state = game.new_game(variant, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        actions += len(state.history)
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


def main() -> None:
    """Print one line per game and variant."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals for a default variant")
    parser.add_argument("--games", nargs="*", help="games to measure (default: all)")
    args = parser.parse_args()
    known = games()
    print(f"{'game':<16} {'variant':<24} {'deals':>7} {'deals/s':>9} {'actions/s':>10}")
    for name in args.games or sorted(known):
        for index, variant in enumerate(known[name].variants):
            deals = args.deals if index == 0 else max(1, args.deals // 10)
            per_deal, per_action = measure(name, variant, deals)
            print(f"{name:<16} {variant:<24} {deals:>7} {per_deal:>9,.0f} {per_action:>10,.0f}")


if __name__ == "__main__":
    main()
