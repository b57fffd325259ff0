"""Rouge et noir as the police handbook (c. 1905, part II, p. 472, § 11) states it: rule functions.

The playable coup built on them is :mod:`rules.rougeetnoir.model`.

§ 11 is one paragraph (``polizei472.rougeetnoir.p1``): six whist packs (312 cards);
every player stakes on the red or the black field; the banker lays a row of cards
for red, then one for black, each until its count passes 31; the row nearer to 31
wins, the banker collects the losing field's stakes and pays the winning field's;
equal rows are laid again, and two rows of 31 (*refait de trente et un*) give the
banker every stake on both fields.

The handbook copies, nearly word for word, the article "Rouge-et-noir" of Meyers
Großes Konversations-Lexikon (6th ed., text at zeno.org), including its self-
contradictory bound ("bis diese letztere 31 überschritten und 40 noch nicht erreicht
hat"), but it changes the refait: Meyers, and the handbook's own next section on
Trente et quarante (§ 12, p. 473), give the banker *half* of all stakes. Modern
Trente et quarante (Encyclopaedia Britannica, "Trente et Quarante"; Hoyle's Games,
"Rouge et Noir") lays the *black* row first, stops at the card that makes 31 or more
(so a row counts 31 to 40), and on a refait of 31 takes half or imprisons the stakes.
The functions follow the handbook: red first, the whole stakes to the banker; where
the handbook contradicts itself they follow the reading it needs elsewhere and carry
an :class:`~rules.registry.Emendation`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import FRENCH_52, Card, Rank
from rules.errors import RulesError
from rules.registry import Emendation, rule

SIGLUM = "polizei472"
P1 = f"{SIGLUM}.rougeetnoir.p1"
PACKS = 6
FIELDS: tuple[str, str] = ("rouge", "noir")
Field = Literal["rouge", "noir"]
Stop = Literal["reach_31", "over_31"]
Outcome = Literal["rouge", "noir", "again", "refait"]
_PIPS = {
    Rank.ACE: 1,
    Rank.TEN: 10,
    Rank.NINE: 9,
    Rank.EIGHT: 8,
    Rank.SEVEN: 7,
    Rank.SIX: 6,
    Rank.FIVE: 5,
    Rank.FOUR: 4,
    Rank.THREE: 3,
    Rank.TWO: 2,
}
_FACES = frozenset(FRENCH_52)


class RougeEtNoirError(RulesError, ValueError):
    """An input no coup of Rouge et noir can have (a card outside the packs, a row of 29, ...)."""


def check_cards(cards: Iterable[Card], where: str = "cards") -> list[Card]:
    """Refuse cards outside the six whist packs and a card given more than six times."""
    listed = list(cards)
    outside = sorted(str(c) for c in listed if c not in _FACES)
    if outside:
        raise RougeEtNoirError(f"{where}: not in a whist pack of 52: {', '.join(outside)} ({P1})")
    often = sorted(str(c) for c, n in Counter(listed).items() if n > PACKS)
    if often:
        raise RougeEtNoirError(
            f"{where}: six packs hold each card six times; more often: {', '.join(often)} ({P1})"
        )
    return listed


# ---------------------------------------------------------------- the shoe and the count


_SHOE_EMENDATION = Emendation(
    paragraph=P1,
    reading="every coup is laid from the whole shoe of 312, freshly shuffled",
    raw="",
    evidence=(
        "The text says the banker draws 'vom ordnungsgemäß gemischten Kartentalon' but not "
        "whether the shoe is shuffled for every coup or used up over many coups, as in the "
        "casinos (Britannica: the cards are reshuffled when too few remain for a coup). The "
        "model plays one coup from a full shoe, so a coup's chances do not depend on earlier "
        "coups."
    ),
    cert="medium",
)


@rule(paragraphs=[P1], emendations=[_SHOE_EMENDATION])
def shoe() -> tuple[Card, ...]:
    """The 312 cards: six complete whist packs of 52, shuffled together.

    "wird mit 6 vollständigen Whistspielen, also mit 6 × 52 = 312 Kartenblättern ...
    gespielt" (p1; the OCR's '6 I 52' is corrected to '6 × 52').
    """
    return tuple(c for _ in range(PACKS) for c in FRENCH_52)


@rule(paragraphs=[P1])
def card_points(card: Card) -> int:
    """What a card counts: Ace 1, King, Queen and Jack 10 each, every other card its pips.

    "As zählt hierbei 1, König, Dame und Bube je 10, jede andere Karte nach der Zahl der
    Augen" (p1).
    """
    check_cards([card])
    return _PIPS.get(card.rank, 10)


_STOP_EMENDATION = Emendation(
    paragraph=P1,
    reading=(
        "the banker lays cards until the count reaches 31 or more: a row counts 31 to 40 "
        "(30 and a ten-count card make 40)"
    ),
    raw="bis ihre Augensumme 31 überschreitet, aber 40 nicht erreicht",
    evidence=(
        "Read strictly, the sentence would stop at 32 or more and forbid 40, but the same "
        "paragraph makes 31 a possible count ('Hat aber jede Reihe 31 Augen'), and a banker "
        "who draws blindly cannot keep a row below 40: at 30 a King makes 40. The sentence "
        "is Meyers' ('bis diese letztere 31 überschritten und 40 noch nicht erreicht hat'); "
        "Pierer (1861, 'Rouge et noir') states the rule plainly: not fewer than 31 and not "
        "more than 40 points, another card while under 31. The variant reading_over_31 "
        "follows the words: cards until the count passes 31 (rows of 32 to 41, and no "
        "refait of 31)."
    ),
    cert="medium",
)


def _stop_total(stop: str) -> int:
    if stop == "reach_31":
        return 31
    if stop == "over_31":
        return 32
    raise RougeEtNoirError(f"stop is 'reach_31' or 'over_31', not {stop!r}")


@dataclass(frozen=True, slots=True)
class Row:
    """A laid row: how many cards it took from the shoe and what it counts."""

    cards: int
    total: int


@rule(paragraphs=[P1], emendations=[_STOP_EMENDATION])
def lay_row(cards: Sequence[Card], stop: Stop = "reach_31") -> Row:
    """Lay one row from the top of ``cards``: open cards until the count reaches 31.

    "Darauf zieht der Bankier vom ordnungsgemäß gemischten Kartentalon soviele Blätter ab
    und legt sie offen auf, bis ihre Augensumme 31 überschreitet, aber 40 nicht
    erreicht" (p1). With ``stop="over_31"`` (the literal reading) until it passes 31.
    Refuses a sequence that ends before the row is complete.
    """
    target = _stop_total(stop)
    total = 0
    for used, card in enumerate(check_cards(cards), 1):
        total += card_points(card)
        if total >= target:
            return Row(used, total)
    raise RougeEtNoirError(
        f"the cards given count {total}: the row is not finished before they run out ({P1})"
    )


def _check_total(total: int, stop: str) -> int:
    low = _stop_total(stop)
    if not isinstance(total, int) or isinstance(total, bool) or not low <= total <= low + 9:
        raise RougeEtNoirError(
            f"a row counts {low} to {low + 9} (it ends at the card that brings it to {low}), "
            f"not {total!r} ({P1})"
        )
    return total


@rule(paragraphs=[P1], emendations=[_STOP_EMENDATION])
def coup_result(rouge: int, noir: int, stop: Stop = "reach_31") -> Outcome:
    """What the two rows decide: ``rouge`` or ``noir`` (the row nearer 31), ``again``, ``refait``.

    "Die Spieler desjenigen Feldes haben gewonnen, deren Kartenreihe sich am nächsten
    dem Werte von 31 befindet. ... Sind die Augenzahlen beider Kartenreihen gleich, so
    bleibt das Spiel unentschieden, und die Reihen müssen vom Bankier von neuem aufgelegt
    werden. Hat aber jede Reihe 31 Augen ..., so gewinnt der Bankier" (p1). Every row
    counts 31 or more, so the nearer row is the lower.
    """
    _check_total(rouge, stop)
    _check_total(noir, stop)
    if rouge == noir:
        return "refait" if rouge == 31 else "again"
    return "rouge" if abs(rouge - 31) < abs(noir - 31) else "noir"


@dataclass(frozen=True, slots=True)
class Coup:
    """A whole coup: the totals of every pair of rows laid (red first), the outcome, cards used."""

    rows: tuple[tuple[int, int], ...]
    outcome: Outcome
    cards: int


@rule(paragraphs=[P1], emendations=[_STOP_EMENDATION])
def coup(cards: Sequence[Card], stop: Stop = "reach_31") -> Coup:
    """Lay a whole coup from the top of ``cards``: a row for red, one for black, again on a tie.

    "Diese so gelegte Kartenreihe gilt für die Spieler, welche auf das rote Feld (rouge)
    gesetzt haben. Darauf wird in gleicher Weise eine Kartenreihe für die Spieler auf
    schwarzem Felde (noir) gelegt" (p1): the handbook lays red first (the modern game and
    Hoyle lay black first). Equal rows are laid anew from the following cards.
    """
    listed = check_cards(cards)
    used = 0
    rows: list[tuple[int, int]] = []
    while True:
        red = lay_row(listed[used:], stop)
        used += red.cards
        black = lay_row(listed[used:], stop)
        used += black.cards
        rows.append((red.total, black.total))
        outcome = coup_result(red.total, black.total, stop)
        if outcome != "again":
            return Coup(tuple(rows), outcome, used)


# ---------------------------------------------------------------- stakes and settlement

_STAKE_EMENDATION = Emendation(
    paragraph=P1,
    reading="a stake is a whole number of units greater than nought (the model: 1 to 10)",
    raw="einen beliebigen Betrag",
    evidence=(
        "The text allows any amount. The rule functions take any positive whole number; the "
        "playable model offers 1 to 10 units so that its actions are a fixed list (every "
        "payment is proportional to the stake, so nothing else depends on the bound)."
    ),
    cert="high",
)


@rule(paragraphs=[P1], emendations=[_STAKE_EMENDATION])
def stake(field: str, amount: int) -> tuple[Field, int]:
    """A punter's stake, checked: on ``rouge`` or ``noir``, a whole positive amount.

    "Jeder Spieler setzt einen beliebigen Betrag in die eine oder in die andere der
    Abteilungen" (p1): one field, not both, not none.
    """
    if field not in FIELDS:
        raise RougeEtNoirError(
            f"the table has two fields, rouge and noir; {field!r} is not one of them ({P1})"
        )
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        raise RougeEtNoirError(f"a stake is a positive whole amount, not {amount!r} ({P1})")
    return ("rouge" if field == "rouge" else "noir", amount)


_EVEN_MONEY = Emendation(
    paragraph=P1,
    reading="the banker pays a winning stake once (even money)",
    raw="",
    evidence=(
        "The text does not name the odds. Meyers, whose article the handbook follows, says "
        "the winners 'gewinnen ihren gemachten Satz einfach'; the handbook pays the single "
        "stake in its other even chances too (Roulette, § 19: 'den einfachen Satz')."
    ),
    cert="high",
)

_EXHAUSTED_EMENDATION = Emendation(
    paragraph=P1,
    reading="if the shoe runs out before the coup is decided, every stake is returned",
    raw="",
    evidence=(
        "Equal rows are laid again from the following cards ('die Reihen müssen vom "
        "Bankier von neuem aufgelegt werden'); the text does not say what happens when the "
        "312 cards do not suffice. Nobody has won, so the model returns the stakes "
        "(outcome 'exhausted'). It needs some thirty equal pairs of rows in a row."
    ),
    cert="low",
)

_REFAIT_EMENDATION = Emendation(
    paragraph=P1,
    reading="on a refait of 31 the banker wins the whole stakes of both fields",
    raw="so gewinnt der Bankier die Einsätze der Spieler beider Felder",
    evidence=(
        "Followed as printed. Meyers, which the handbook otherwise copies, and the "
        "handbook's own § 12 (Trente et quarante, p. 473: 'so fallen dem Bankier die Hälfte "
        "aller Einsätze zu') give the banker half; so do Hoyle and the modern casino rule. "
        "The variant reading_refait_half takes half."
    ),
    cert="medium",
)


def _half(amount: int) -> int | float:
    return amount // 2 if amount % 2 == 0 else amount / 2


@rule(paragraphs=[P1], emendations=[_EVEN_MONEY, _REFAIT_EMENDATION, _EXHAUSTED_EMENDATION])
def settle(
    stakes: Sequence[tuple[str, int]],
    outcome: Outcome | Literal["exhausted"],
    refait: Literal["all", "half"] = "all",
) -> tuple[list[int | float], int | float]:
    """What each punter wins (+) or loses (-), and the banker's balance, for a decided coup.

    "Der Bankier zieht die Einsätze im verlierenden Felde ein und zahlt die im gewinnenden
    Felde aus. ... Hat aber jede Reihe 31 Augen ..., so gewinnt der Bankier die Einsätze
    der Spieler beider Felder" (p1). ``refait="half"`` is the reading of Meyers and § 12.
    ``again`` is no settlement: the rows are laid anew; ``exhausted`` (the shoe ran out
    first, which the text does not provide for) returns every stake.
    """
    if refait not in ("all", "half"):
        raise RougeEtNoirError(f"refait is 'all' or 'half', not {refait!r}")
    if outcome not in ("rouge", "noir", "refait", "exhausted"):
        raise RougeEtNoirError(f"{outcome!r} settles nothing: equal rows are laid again ({P1})")
    checked = [stake(f, a) for f, a in stakes]
    players: list[int | float] = []
    for field, amount in checked:
        if outcome == "exhausted":
            players.append(0)
        elif outcome == "refait":
            players.append(-(amount if refait == "all" else _half(amount)))
        else:
            players.append(amount if field == outcome else -amount)
    banker = -sum(players)
    if isinstance(banker, float) and banker.is_integer():
        banker = int(banker)
    return players, banker


UNFORMALISED: dict[str, str] = {}
