"""Repair of OCR'd historical German: raw text -> reading text plus a reversible edit log."""

from collections.abc import Callable

from normalise.edits import KINDS, Edit, Repair, apply_edits, check_edits, merge_layers, restore_raw
from normalise.profile import NONE, Profile, load_profile

__all__ = [
    "KINDS",
    "Edit",
    "Profile",
    "Repair",
    "apply_edits",
    "check_edits",
    "load_profile",
    "merge_layers",
    "repair",
    "restore_raw",
]


def repair(
    text: str,
    progress: Callable[[str, float], None] | None = None,
    *,
    chunk_chars: int | None = None,
    profile: Profile | None = None,
) -> Repair:
    """Repair a whole document automatically; see :func:`normalise.engine.repair`."""
    from normalise.engine import CHUNK_CHARS
    from normalise.engine import repair as _repair

    return _repair(text, progress, chunk_chars=chunk_chars or CHUNK_CHARS, profile=profile or NONE)
