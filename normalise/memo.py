"""Bounded memos of pure functions, shared by every corrector of a process."""

from __future__ import annotations

from typing import Any

MEMO_LIMIT = 200_000  # entries of a memo before it starts afresh


def named(memos: dict[str, dict[Any, Any]], name: str) -> dict[Any, Any]:
    """The memo ``name`` of ``memos``, started afresh (a new dictionary, so that those
    holding the old one keep it) once it holds :data:`MEMO_LIMIT` entries: memory stays
    bounded however many documents a process repairs."""
    found = memos.get(name)
    if found is None or len(found) >= MEMO_LIMIT:
        found = memos[name] = {}
    return found
