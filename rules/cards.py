"""The shared card model: suits, ranks, cards, packs and the card notation of the vectors.

Cards are immutable and hashable but deliberately *not* ordered: which card is higher
depends on the game, so every game defines its own :class:`RankOrder`.

Card notation (used in every vector, language-agnostic)
--------------------------------------------------------

A card is written ``<rank><suit>`` with no space, upper case:

======== ================================================================
ranks    ``A K Q J 10 9 8 7 6 5 4 3 2`` (French pack; ``T`` is accepted for
         ``10`` on input, output always writes ``10``); ``O`` (Ober) and
         ``U`` (Unter) for the German pack, whose ace (Daus/Sau) is ``A``
suits    French: ``S`` Pique (spades), ``H`` Coeur (hearts), ``D`` Carreau
         (diamonds), ``C`` Trefle (clubs), as Engelmann 1798 names them;
         German: ``E`` Eichel (acorns), ``L`` Laub/Grün (leaves), ``R`` Rot/Herz
         (hearts), ``B`` Schellen (bells)
examples ``AS`` Pique-Aß, ``10H`` Coeur-Zehn, ``7C`` Trefle-Sieben, ``OE`` Eichel-Ober,
         ``6B`` Schellen-Sechs (the Weli)
======== ================================================================

Lists of cards that stand for a set (a hand, a pack) are written in canonical order:
suits in the order above (S H D C, then E L R B) and, within a suit, ranks from high
to low in the order of the game the list belongs to.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "FRENCH_32",
    "FRENCH_52",
    "GERMAN_32",
    "GERMAN_33",
    "WELI",
    "Card",
    "CardError",
    "Rank",
    "RankOrder",
    "Suit",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
]


class CardError(ValueError):
    """A card string cannot be parsed, or a card is not in the pack a game uses."""


class Suit(Enum):
    """A suit; the value is its one-letter code in the card notation."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    ACORNS = "E"
    LEAVES = "L"
    GERMAN_HEARTS = "R"
    BELLS = "B"

    @property
    def is_french(self) -> bool:
        """Whether the suit belongs to the French-suited packs."""
        return self in FRENCH_SUITS


class Rank(Enum):
    """A rank; the value is its code in the card notation."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    OBER = "O"
    UNTER = "U"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"


FRENCH_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
GERMAN_SUITS: tuple[Suit, ...] = (Suit.ACORNS, Suit.LEAVES, Suit.GERMAN_HEARTS, Suit.BELLS)
_SUIT_POSITION = {s: i for i, s in enumerate(FRENCH_SUITS + GERMAN_SUITS)}
_RANK_ALIASES = {"T": Rank.TEN}


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One playing card. Hashable; compare ranks only through a game's :class:`RankOrder`."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card({self})"


@dataclass(frozen=True, slots=True)
class RankOrder:
    """The ranks of one game from highest to lowest; defines 'higher' for that game only."""

    ranks: tuple[Rank, ...]

    def __post_init__(self) -> None:
        if len(set(self.ranks)) != len(self.ranks):
            raise ValueError("a rank order lists each rank once")

    def strength(self, rank: Rank) -> int:
        """Bigger is higher: the lowest rank has strength 0."""
        try:
            return len(self.ranks) - 1 - self.ranks.index(rank)
        except ValueError:
            raise CardError(f"rank {rank.value} is not used in this game") from None

    def higher(self, a: Rank, b: Rank) -> bool:
        """Whether rank ``a`` is higher than rank ``b``."""
        return self.strength(a) > self.strength(b)

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Canonical sort key: suit in notation order, then rank from high to low."""
        return (_SUIT_POSITION[card.suit], -self.strength(card.rank))

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        """The cards in canonical order (see the module docstring)."""
        return sorted(cards, key=self.sort_key)


def parse_card(text: str) -> Card:
    """Parse one card in the notation of this module (``"AS"``, ``"10H"``, ``"TH"``, ``"6B"``)."""
    if not isinstance(text, str):
        raise CardError(f"a card is written as a string like 'AS', got {text!r}")
    code = text.strip().upper()
    if len(code) < 2:
        raise CardError(f"bad card {text!r}: expected rank then suit, e.g. 'AS', '10H', '7C'")
    rank_code, suit_code = code[:-1], code[-1]
    try:
        suit = Suit(suit_code)
    except ValueError:
        raise CardError(
            f"bad card {text!r}: unknown suit {suit_code!r} (French S H D C, German E L R B)"
        ) from None
    rank = _RANK_ALIASES.get(rank_code)
    if rank is None:
        try:
            rank = Rank(rank_code)
        except ValueError:
            raise CardError(
                f"bad card {text!r}: unknown rank {rank_code!r} (A K Q J 10 9 … 2, O U)"
            ) from None
    card = Card(rank, suit)
    if rank in (Rank.OBER, Rank.UNTER) and suit.is_french:
        raise CardError(f"bad card {text!r}: Ober and Unter exist only in German suits")
    if rank in (Rank.QUEEN, Rank.JACK) and not suit.is_french:
        raise CardError(f"bad card {text!r}: German suits have Ober (O) and Unter (U)")
    return card


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse a list of cards; a string is not accepted as a list (``"AS"`` is one card)."""
    if isinstance(texts, str):
        raise CardError(f"expected a list of cards, got the string {texts!r}")
    return [parse_card(t) for t in texts]


def format_card(card: Card) -> str:
    """The notation of one card (``"10H"``, never ``"TH"``)."""
    return str(card)


def format_cards(cards: Iterable[Card]) -> list[str]:
    """The notation of several cards, in the given order."""
    return [str(c) for c in cards]


def _pack(suits: Sequence[Suit], ranks: Sequence[Rank]) -> tuple[Card, ...]:
    return tuple(Card(r, s) for s in suits for r in ranks)


_FRENCH_RANKS_32 = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
_FRENCH_RANKS_52 = (*_FRENCH_RANKS_32, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)
_GERMAN_RANKS_32 = (
    Rank.ACE,
    Rank.KING,
    Rank.OBER,
    Rank.UNTER,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)

#: The piquet pack: A K Q J 10 9 8 7 of each French suit (2 to 6 taken out).
FRENCH_32: tuple[Card, ...] = _pack(FRENCH_SUITS, _FRENCH_RANKS_32)
#: The full French pack.
FRENCH_52: tuple[Card, ...] = _pack(FRENCH_SUITS, _FRENCH_RANKS_52)
#: The German-suited short pack: A K O U 10 9 8 7 of Eichel, Laub, Herz, Schellen.
GERMAN_32: tuple[Card, ...] = _pack(GERMAN_SUITS, _GERMAN_RANKS_32)
#: The Weli, Schellen-Sechs, the 33rd card of the Tyrolean pack.
WELI: Card = Card(Rank.SIX, Suit.BELLS)
#: The Tyrolean pack of Bieten, Watten and Perlaggen: German 32 plus the Weli.
GERMAN_33: tuple[Card, ...] = (*GERMAN_32, WELI)
