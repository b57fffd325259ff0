"""Cards and deals made readable: ``10H`` as ``10♥`` (Coeur-Zehn), ``OE`` as Eichel-Ober.

The notation is that of ``rules/cards.py``; anything that is not a card stays as it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["CardText", "card_text", "deal_rows", "words"]

_CARD = re.compile(r"(10|[AKQJOU2-9T])([SHDCELRB])")
FRENCH = {"S": ("♠", "Pique"), "H": ("♥", "Coeur"), "D": ("♦", "Carreau"), "C": ("♣", "Trefle")}
GERMAN = {"E": "Eichel", "L": "Laub", "R": "Herz", "B": "Schellen"}
FRENCH_RANKS = {
    "A": "Aß", "K": "König", "Q": "Dame", "J": "Bube", "10": "Zehn", "T": "Zehn", "9": "Neun",
    "8": "Acht", "7": "Sieben", "6": "Sechs", "5": "Fünf", "4": "Vier", "3": "Drei", "2": "Zwei",
}  # fmt: skip
GERMAN_RANKS = {
    "A": "Ass", "K": "König", "O": "Ober", "U": "Unter", "10": "Zehner", "T": "Zehner",
    "9": "Neuner", "8": "Achter", "7": "Siebener", "6": "Sechser",
}  # fmt: skip


@dataclass(frozen=True)
class CardText:
    """A piece of text: a card (``short`` with ``name`` as its title) or plain text."""

    text: str
    short: str = ""
    name: str = ""

    @property
    def is_card(self) -> bool:
        """Whether the piece is a card."""
        return bool(self.name)


def card_text(token: str) -> CardText:
    """One token: a card with its readable form and name, or the token as text."""
    match = _CARD.fullmatch(token)
    if match is None:
        return CardText(token)
    rank, suit = match.groups()
    if suit in FRENCH and rank in FRENCH_RANKS:
        symbol, name = FRENCH[suit]
        return CardText(
            token, f"{'10' if rank == 'T' else rank}{symbol}", f"{name}-{FRENCH_RANKS[rank]}"
        )
    if suit in GERMAN and rank in GERMAN_RANKS:
        return CardText(token, token, f"{GERMAN[suit]}-{GERMAN_RANKS[rank]}")
    return CardText(token)


def words(text: str) -> list[CardText]:
    """An action's text word by word, cards made readable (``play 10H``)."""
    return [card_text(word) for word in text.split(" ") if word]


def _pieces(value: Any) -> list[CardText]:
    if isinstance(value, list):
        return [p for v in value for p in _pieces(v)]
    return [card_text(str(value))]


def deal_rows(deal: Any, label: str = "") -> list[tuple[str, list[CardText]]]:
    """A deal (any of the games' JSON forms) as rows: where (``hands / A``) and its cards."""
    if isinstance(deal, dict):
        rows: list[tuple[str, list[CardText]]] = []
        for key, value in deal.items():
            rows += deal_rows(value, f"{label} / {key}" if label else str(key))
        return rows
    if isinstance(deal, list) and deal and all(isinstance(v, (list, dict)) for v in deal):
        rows = []
        for number, value in enumerate(deal, 1):
            rows += deal_rows(value, f"{label} {number}" if label else str(number))
        return rows
    return [(label or "deal", _pieces(deal))]
