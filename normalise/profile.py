"""A source's repair profile: what one print's OCR does that the engine must not assume of all.

The engine itself holds no rule for a single book. Habits of one print live in the
``[profile]`` table of ``corpus/<siglum>/meta.toml`` (documented in corpus/README.md)::

    [profile]
    colon_hyphens = true                  # OCR read the line-end hyphen as a colon
    players = "ABCD"                      # worked examples name the players by letters
    player_misreadings = { U = "A", E = "C" }
    confusions = [["T", "s", -2.0]]       # observed, intended, log10 probability

Without a profile (any text given to ``stichwort repair``) none of these is applied.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from corpus import Source

Confusion = tuple[str, str, float]


@dataclass(frozen=True)
class Profile:
    """The per-source habits the engine may use (all off by default)."""

    colon_hyphens: bool = False
    """Join ``wer: den`` when the whole is a dictionary word."""
    players: str = ""
    """Letters naming players in worked examples; empty: no player-letter pass."""
    player_misreadings: dict[str, str] = field(default_factory=dict)
    """How OCR misread each player letter in this print (``U`` for ``A``)."""
    confusions: tuple[Confusion, ...] = ()
    """Extra channel confusions of this print, added to the prior table."""


NONE = Profile()


def _fail(path: Path, message: str) -> ValueError:
    return ValueError(f"{path}: [profile] {message}")


def profile_from_table(table: dict[str, Any], path: Path) -> Profile:
    """A profile from a parsed ``[profile]`` table; ``ValueError`` names file and key."""
    unknown = set(table) - {"colon_hyphens", "players", "player_misreadings", "confusions"}
    if unknown:
        raise _fail(path, f"unknown keys {sorted(unknown)}")
    colon = table.get("colon_hyphens", False)
    if not isinstance(colon, bool):
        raise _fail(path, "'colon_hyphens' must be true or false")
    players = table.get("players", "")
    if not isinstance(players, str) or not all(c.isupper() for c in players):
        raise _fail(path, "'players' must be a string of capital letters")
    misreadings = table.get("player_misreadings", {})
    if not isinstance(misreadings, dict) or not all(
        isinstance(k, str) and isinstance(v, str) and v in players and k
        for k, v in misreadings.items()
    ):
        raise _fail(path, "'player_misreadings' must map misread text to one of 'players'")
    confusions: list[Confusion] = []
    for k, entry in enumerate(table.get("confusions", []), 1):
        if (
            not isinstance(entry, list)
            or len(entry) != 3
            or not isinstance(entry[0], str)
            or not isinstance(entry[1], str)
            or not entry[0]
            or not isinstance(entry[2], int | float)
            or entry[2] > 0
        ):
            raise _fail(
                path, f"confusion #{k} must be [observed, intended, log10 probability <= 0]"
            )
        confusions.append((entry[0], entry[1], float(entry[2])))
    return Profile(colon, players, dict(misreadings), tuple(confusions))


def profile_of(meta: dict[str, Any], path: Path) -> Profile:
    """The ``[profile]`` of parsed metadata read from ``path`` (empty when it has none)."""
    table = meta.get("profile")
    if table is None:
        return NONE
    if not isinstance(table, dict):
        raise _fail(path, "must be a table")
    return profile_from_table(table, path)


def source_profile(source: Source) -> Profile:
    """The ``[profile]`` of a corpus source (``corpus.load_source``), from its parsed
    ``meta.toml``."""
    return profile_of(source.meta, source.directory / "meta.toml")


def load_profile(meta: Path) -> Profile:
    """The ``[profile]`` of a ``meta.toml`` (the empty profile when it has none)."""
    try:
        data = tomllib.loads(meta.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"{meta}: cannot read: {error}") from None
    return profile_of(data, meta)
