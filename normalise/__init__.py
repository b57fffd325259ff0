"""Repair of OCR'd historical German: raw text -> reading text plus a reversible edit log."""

from normalise.edits import KINDS, Edit, Repair, apply_edits, check_edits, merge_layers, restore_raw

__all__ = [
    "KINDS",
    "Edit",
    "Repair",
    "apply_edits",
    "check_edits",
    "merge_layers",
    "repair",
    "restore_raw",
]


def repair(text: str) -> Repair:
    """Repair a whole document automatically; see :mod:`normalise.engine`."""
    from normalise.engine import repair as _repair

    return _repair(text)
