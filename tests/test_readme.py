"""The README's table of games names every registered game and each of its variants."""

from __future__ import annotations

import re
from pathlib import Path

from rules.registry import games

README = Path(__file__).resolve().parent.parent / "README.md"


def _games_table() -> dict[str, str]:
    """Game name -> the variants cell of the README's "The games" table."""
    section = README.read_text(encoding="utf-8").split("## The games", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| [^|]+ \| (.+) \|$", section, flags=re.MULTILINE)
    return dict(rows)


def test_every_game_and_variant_is_in_the_readme() -> None:
    table = _games_table()
    assert set(table) == set(games())
    for name, game in games().items():
        cell = table[name]
        same_as = re.fullmatch(r"the same as (\w[\w ]*)", cell)
        if same_as:
            other = next(g for g in games().values() if g.title == same_as.group(1))
            assert set(game.variants) == set(other.variants), name
            continue
        listed = re.findall(r"`(\w+)`", cell.split("(")[0])
        assert listed == list(game.variants), name
