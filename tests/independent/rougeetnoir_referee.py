"""An independent referee for Rouge et noir (police handbook c. 1905, § 11), written from
the text of polizei472.rougeetnoir.p1 and rules/rougeetnoir/README.md only.

It replays a transcript ``{variant, deal: {cards}, actions}`` and answers
``{"legal", "scores", "over"}``, or raises :class:`Refused` at the first illegal action
or on a deal the coup cannot have (more than six of a face, cards after the decision,
too few cards to decide).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.cards import FRENCH_52, Card, Rank, parse_cards

RULE = "rougeetnoir.transcript"
SHOE = 6 * 52  # "mit 6 vollständigen Whistspielen, also mit 6 × 52 = 312 Kartenblättern"
FIELDS = ("rouge", "noir")
STAKES = range(1, 11)  # the model's 1 to 10 units (README)

#: Variant name -> (punters, stop, refait), from the README's table.
VARIANTS: dict[str, tuple[int, str, str]] = {
    "spieler2": (2, "reach_31", "all"),
    "spieler1": (1, "reach_31", "all"),
    "spieler4": (4, "reach_31", "all"),
    "reading_over_31": (2, "over_31", "all"),
    "reading_refait_half": (2, "reach_31", "half"),
}

#: "As zählt hierbei 1, König, Dame und Bube je 10, jede andere Karte nach der Zahl der Augen."
PIPS: dict[Rank, int] = {
    Rank.ACE: 1, Rank.KING: 10, Rank.QUEEN: 10, Rank.JACK: 10, Rank.TEN: 10,
    Rank.NINE: 9, Rank.EIGHT: 8, Rank.SEVEN: 7, Rank.SIX: 6, Rank.FIVE: 5,
    Rank.FOUR: 4, Rank.THREE: 3, Rank.TWO: 2,
}  # fmt: skip


class Refused(ValueError):
    """The transcript is impossible: a bad deal or an illegal action."""


def lay(cards: list[Card], stop: str) -> tuple[str, int]:
    """Lay rows from the cards: the outcome ('rouge', 'noir', 'refait', 'none') and the
    number of cards used. A row ends when its count reaches 31 (or passes it)."""
    done = (lambda n: n >= 31) if stop == "reach_31" else (lambda n: n > 31)
    i = 0
    while True:
        rows: list[int] = []
        for _ in FIELDS:
            count = 0
            while not done(count):
                if i == len(cards):
                    return "none", i
                count += PIPS[cards[i].rank]
                i += 1
            rows.append(count)
        red, black = rows
        if red != black:
            return ("rouge" if abs(red - 31) < abs(black - 31) else "noir"), i
        if red == 31:
            return "refait", i
        # "Sind die Augenzahlen beider Kartenreihen gleich ... von neuem aufgelegt"


def number(x: float) -> int | float:
    """An int where the value is whole (JSON 2 rather than 2.0)."""
    return int(x) if float(x).is_integer() else x


def transcript(inp: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: the legal actions before each action, scores and over."""
    variant = inp.get("variant") or "spieler2"
    if variant not in VARIANTS:
        raise Refused(f"unknown variant {variant!r}")
    punters, stop, refait = VARIANTS[variant]
    if set(inp["deal"]) != {"cards"}:
        raise Refused("a deal is {'cards': [...]}")
    cards = parse_cards(inp["deal"]["cards"])
    faces = Counter(cards)
    if not set(faces) <= set(FRENCH_52) or max(faces.values(), default=0) > 6:
        raise Refused("six whist packs: no face more than six times")
    if len(cards) > SHOE:
        raise Refused("more than 312 cards")
    bets: list[tuple[str, int]] = []
    chosen: str | None = None
    legal: list[list[str]] = []
    for action in inp["actions"]:
        if len(bets) == punters:
            now: list[str] = []
        elif chosen is None:
            now = sorted(f"field {f}" for f in FIELDS)
        else:
            now = sorted(f"stake {n}" for n in STAKES)
        legal.append(now)
        if action not in now:
            raise Refused(f"illegal action {action!r}; legal: {now}")
        word, arg = action.split(" ")
        if word == "field":
            chosen = arg
        else:
            assert chosen is not None
            bets.append((chosen, int(arg)))
            chosen = None
    seats = ["bankier"] + [f"spieler{i + 1}" for i in range(punters)]
    scores: dict[str, int | float] = dict.fromkeys(seats, 0)
    over = len(bets) == punters
    if not over:
        return {"legal": legal, "scores": scores, "over": False}
    outcome, used = lay(cards, stop)
    if used < len(cards):
        raise Refused("the deal goes on after the card that decides the coup")
    if outcome == "none" and len(cards) < SHOE:
        raise Refused("the deal ends before the coup is decided")
    for i, (fld, stake) in enumerate(bets):
        if outcome == "none":
            net: float = 0
        elif outcome == "refait":
            net = -stake if refait == "all" else -stake / 2
        else:
            net = stake if fld == outcome else -stake
        scores[f"spieler{i + 1}"] = number(net)
        scores["bankier"] = number(scores["bankier"] - net)
    return {"legal": legal, "scores": scores, "over": True}


def call(rule: str, input: dict[str, Any]) -> Any:
    """Adapter entry point (rules/ADAPTER.md)."""
    if rule == RULE:
        return transcript(input)
    raise NotImplementedError(rule)
