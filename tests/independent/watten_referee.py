"""An independent referee for Watten zu zweit and zu viert (Schwaighofer 1927), written from
the reading text of schwaighofer1927.watten.* (zuzweit.p1-p8, zuviert.p1-p9),
rules/watten/README.md, claims.toml and transcripts.toml, without reading the project's
Python for the game.

It replays a transcript ``{variant, deal, actions, context?}`` and answers
``{"legal", "scores", "over"}``, or raises :class:`Refused` at the first illegal action.
Kritisch-Watten (``kritischwatten_referee.py``) builds on the same :class:`Deal`.

Run as a script it walks random deals against another adapter (default: the project's
``rules.reference_adapter``, as a black box) and reports the first differences:

    .venv/bin/python -m tests.independent.watten_referee --game watten --walks 2000 --seed 1
    .venv/bin/python -m tests.independent.watten_referee --game kritischwatten --walks 2000
"""

from __future__ import annotations

import argparse
import copy
import importlib
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

RULE = "watten.transcript"

#: zuzweit.p6: "As, König, Ober, Unter, Zehner, Neuner, Achter, Siebener", high to low.
RANKS = ("A", "K", "O", "U", "10", "9", "8", "7")
#: Eichel, Laub, Herz (Rot), Schell.
SUITS = ("E", "L", "R", "B")
PACK_32 = tuple(r + s for s in SUITS for r in RANKS)

#: zuzweit.p7: the ladder after the Spiel: Drei (the Groschen), Vier ... Sieben, Spielaus.
LADDER = ("spiel", "3", "4", "5", "6", "7", "spielaus")


@dataclass(frozen=True)
class Params:
    """What a variant changes (the README's table of variants)."""

    players: int
    target: int = 15
    #: zuviert.p8: a party at 13 or 14 (target - 2, target - 1) may not raise.
    gespannt: bool = False
    pack: tuple[str, ...] = PACK_32
    #: Kritisch-Watten: the Kritische, highest first (kritischwatten.p1, p2).
    kritische: tuple[str, ...] = ()
    #: Which leads ask for a trump: "trumps" (the Rechte, any trump and a Kritischer of the
    #: Trumpf suit) or "rechte" (the Rechte only, kritischwatten.p2 "häufig auch so").
    follow: str = "trumps"


#: Variant name -> parameters, from the README (players, target, 13/14 rule).
VARIANTS: dict[str, Params] = {
    "zu_viert": Params(players=4, target=15, gespannt=True),
    "zu_zweit": Params(players=2, target=15, gespannt=False),
}


class Refused(ValueError):
    """The transcript is impossible: a bad deal, a bad context or an illegal action."""


def rank(card: str) -> str:
    """The rank part of a card (``10R`` -> ``10``)."""
    return card[:-1]


def suit(card: str) -> str:
    """The suit letter of a card."""
    return card[-1]


def normalise(card: Any, pack: tuple[str, ...]) -> str:
    """A card of the pack in output notation (``TL`` -> ``10L``), else refused."""
    if not isinstance(card, str):
        raise Refused(f"not a card: {card!r}")
    text = card.strip().upper()
    if text.startswith("T"):
        text = "10" + text[1:]
    if text not in pack:
        raise Refused(f"{card!r} is not a card of this pack")
    return text


def concession(level: str) -> int:
    """zuzweit.p7, zuviert.p6: a bid let pass ("gut") gives its bidder 2 for the Spiel or
    Drei, one less than the bid from Vier on (Spielaus: 7)."""
    if level in ("spiel", "3"):
        return 2
    if level == "spielaus":
        return 7
    return int(level) - 1


@dataclass
class Deal:
    """One deal of Watten, played from explicit hands."""

    params: Params
    hands: dict[str, list[str]]
    #: Persons' scores as seat-party scores (zu viert "AC"/"BD", zu zweit "A"/"B").
    score: dict[str, int]
    phase: str = "schlag"  # schlag, trumpf, play, answer, over
    schlag: str | None = None
    trumpf: str | None = None
    leader: str = "B"
    turn: str = "B"
    trick: list[tuple[str, str]] = field(default_factory=list)
    won: dict[str, int] = field(default_factory=dict)
    level: str | None = None  # None: nobody has bid; else the held or pending bid
    bidder: str | None = None  # the seat whose bid awaits an answer
    answerer: str | None = None
    raiser: str | None = None  # after a hold: the only party that may raise
    result: tuple[str, int] | None = None  # (party, points) when over

    # ---------------------------------------------------------------- seats

    @property
    def order(self) -> tuple[str, ...]:
        """Seats in the order of play: to the left from B (zuviert.p5)."""
        return ("B", "C", "D", "A") if self.params.players == 4 else ("B", "A")

    def left(self, seat: str) -> str:
        """The seat on ``seat``'s left (the next in turn)."""
        order = self.order
        return order[(order.index(seat) + 1) % len(order)]

    def party(self, seat: str) -> str:
        """zuviert.p1: partners sit crosswise (A-C, B-D); zu zweit each for himself."""
        if self.params.players == 2:
            return seat
        return "AC" if seat in "AC" else "BD"

    # ---------------------------------------------------------------- cards

    def is_kritischer(self, card: str) -> bool:
        """Whether the card is one of the Kritische (never in plain Watten)."""
        return card in self.params.kritische

    def rechte(self) -> str | None:
        """zuzweit.p3: the Trumpf suit's card of the Schlag rank, unless it is a Kritischer."""
        card = f"{self.schlag}{self.trumpf}"
        return None if self.is_kritischer(card) else card

    def klass(self, card: str) -> tuple[int, int]:
        """(class, strength) of a card, lower is stronger: Kritische by their order,
        the Rechte, the Blinde (equal), trumps by rank, plain cards (class 4)."""
        if self.is_kritischer(card):
            return (0, self.params.kritische.index(card))
        if card == self.rechte():
            return (1, 0)
        if rank(card) == self.schlag:
            return (2, 0)
        if suit(card) == self.trumpf:
            return (3, RANKS.index(rank(card)))
        return (4, RANKS.index(rank(card)) if rank(card) in RANKS else len(RANKS))

    def is_trump(self, card: str) -> bool:
        """A plain trump: of the Trumpf suit, neither the Rechte nor a Kritischer."""
        return self.klass(card)[0] == 3

    def asks_for_trump(self, lead: str) -> bool:
        """zuzweit.p4, p6: the Rechte or any trump led asks for a trump; kritischwatten.p2:
        a Kritischer of the Trumpf suit too; under "rechte" only the Trumpfschlag, even
        where it is a Kritischer (black box: the project's reading, WATTEN_FINDINGS.md)."""
        k = self.klass(lead)[0]
        if self.params.follow == "rechte":
            return lead == f"{self.schlag}{self.trumpf}"
        return k in (1, 3) or (k == 0 and suit(lead) == self.trumpf)

    def playable(self, seat: str) -> list[str]:
        """The cards ``seat`` may play now: any card, except that a lead asking for a trump
        asks a player holding a plain trump for a card of the Trumpf suit (the Rechte and
        a Kritischer of that suit may be given instead; Blinde do not count)."""
        hand = self.hands[seat]
        if not self.trick or not self.asks_for_trump(self.trick[0][1]):
            return list(hand)
        if not any(self.is_trump(c) for c in hand):
            return list(hand)
        return [c for c in hand if suit(c) == self.trumpf]

    def trick_winner(self) -> str:
        """zuzweit.p3-p6: the highest Kritischer; else the Rechte; else the first Blinder;
        else the highest trump; else the highest card of the suit led."""
        best_seat, best = self.trick[0]
        for seat, card in self.trick[1:]:
            k, s = self.klass(card)
            bk, bs = self.klass(best)
            if k < bk:
                better = True
            elif k == bk and k in (0, 3):
                better = s < bs
            elif k == bk == 4:
                better = suit(card) == suit(best) and s < bs
            else:
                better = False
            if better:
                best_seat, best = seat, card
        return best_seat

    # ---------------------------------------------------------------- bidding

    def may_raise(self, seat: str) -> bool:
        """zuviert.p8 (zu viert only): a party at 13 or 14 may not raise."""
        if not self.params.gespannt:
            return True
        score = self.score.get(self.party(seat), 0)
        return not (self.params.target - 2 <= score <= self.params.target - 1)

    def bids_on_turn(self, seat: str) -> list[str]:
        """The bids open to the player whose turn it is: the Spiel or Drei before anyone
        bid; after a hold the next step, for the party that held only."""
        if self.level is None:
            return ["bid 3", "bid spiel"] if self.may_raise(seat) else ["bid spiel"]
        if self.raiser != self.party(seat) or self.level == "spielaus":
            return []
        if not self.may_raise(seat):
            return []
        return [f"bid {LADDER[LADDER.index(self.level) + 1]}"]

    # ---------------------------------------------------------------- actions

    def to_act(self) -> str | None:
        """The seat to act, or None when the deal is over."""
        if self.phase == "over":
            return None
        if self.phase == "schlag":
            return "B"
        if self.phase == "trumpf":
            return "A"
        if self.phase == "answer":
            return self.answerer
        return self.turn

    def legal(self) -> list[str]:
        """The legal actions, sorted by code point."""
        seat = self.to_act()
        if seat is None:
            return []
        if self.phase == "schlag":
            acts = {f"schlag {r}" for r in self.schlag_ranks(self.hands["B"])}
        elif self.phase == "trumpf":
            acts = {f"trumpf {s}" for s in self.trumpf_suits(self.hands["A"])}
        elif self.phase == "answer":
            assert self.level is not None
            acts = {"gut", "hold"}
            if self.level != "spielaus" and self.may_raise(seat):
                acts.add(f"bid {LADDER[LADDER.index(self.level) + 1]}")
        else:
            acts = {f"play {c}" for c in self.playable(seat)} | set(self.bids_on_turn(seat))
        return sorted(acts)

    def schlag_ranks(self, hand: list[str]) -> set[str]:
        """zuzweit.p1-p2: a rank of the announcer's own five cards."""
        return {rank(c) for c in hand if rank(c) in RANKS}

    def trumpf_suits(self, hand: list[str]) -> set[str]:
        """zuzweit.p3: a suit of the announcer's own five cards."""
        return {suit(c) for c in hand}

    def apply(self, action: str) -> None:
        """Play one action, or refuse it."""
        if action not in self.legal():
            raise Refused(f"illegal action {action!r}")
        seat = self.to_act()
        assert seat is not None
        verb, _, arg = action.partition(" ")
        if verb == "schlag":
            self.schlag, self.phase = arg, "trumpf"
        elif verb == "trumpf":
            self.trumpf, self.phase = arg, "play"
        elif verb == "play":
            self.play(seat, arg)
        elif verb == "bid":
            self.level, self.bidder, self.answerer = arg, seat, self.left(seat)
            self.phase = "answer"
        elif verb == "gut":
            assert self.bidder is not None and self.level is not None
            self.finish(self.party(self.bidder), concession(self.level))
        elif verb == "hold":
            self.raiser = self.party(seat)
            self.bidder = self.answerer = None
            self.phase = "play"
        else:  # pragma: no cover - legal() never offers anything else
            raise Refused(action)

    def play(self, seat: str, card: str) -> None:
        """Put a card on the trick; a full trick goes to its winner, who leads next."""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.params.players:
            self.turn = self.left(seat)
            return
        winner = self.trick_winner()
        party = self.party(winner)
        self.won[party] = self.won.get(party, 0) + 1
        self.trick = []
        self.leader = self.turn = winner
        if self.won[party] == 3:  # zuzweit.p1: three of the five tricks win
            self.finish(party, self.stake(party))

    def stake(self, party: str) -> int:
        """What three tricks win: 2, the Spiel 2, Drei to Sieben their number, a held
        Spielaus all the party lacks to reach the target."""
        if self.level is None or self.level == "spiel":
            return 2
        if self.level == "spielaus":
            return self.params.target - self.score.get(party, 0)
        return int(self.level)

    def finish(self, party: str, points: int) -> None:
        """The deal is over: ``party`` writes ``points``."""
        self.result = (party, points)
        self.phase = "over"

    def scores(self) -> dict[str, int]:
        """Every seat's points in this deal (both partners carry the party's points)."""
        out = {seat: 0 for seat in sorted(self.hands)}
        if self.result is not None:
            party, points = self.result
            for seat in out:
                if self.party(seat) == party:
                    out[seat] = points
        return out


def seat_scores(params: Params, context: Any) -> dict[str, int]:
    """The context's scores of persons as scores of the seat parties. Seats are roles:
    seat A is the dealer; person after person to the left take seats B, C, D."""
    if context is None:
        context = {}
    if not isinstance(context, dict):
        raise Refused("the context is an object")
    persons = ("A", "B", "C", "D")[: params.players]
    dealer = context.get("dealer", "A")
    if dealer not in persons:
        raise Refused(f"unknown dealer {dealer!r}")
    keys = set(persons) if params.players == 2 else {"AC", "BD"}
    raw = context.get("score", dict.fromkeys(keys, 0))
    if not isinstance(raw, dict) or set(raw) != keys:
        raise Refused(f"the score gives the points of {sorted(keys)}")
    shift = persons.index(dealer)
    out: dict[str, int] = {}
    for i, seat in enumerate(persons):
        person = persons[(i + shift) % len(persons)]
        key = person if params.players == 2 else ("AC" if person in "AC" else "BD")
        value = raw.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise Refused(f"bad score {value!r}")
        if value >= params.target:
            raise Refused("a party has already reached the target")
        party = seat if params.players == 2 else ("AC" if seat in "AC" else "BD")
        out[party] = value
    return out


def hands_of(params: Params, deal: Any) -> dict[str, list[str]]:
    """The five cards of every seat, checked (zuzweit.p1: five cards each)."""
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), dict):
        raise Refused("a deal is {'hands': {seat: [5 cards]}}")
    seats = {"A", "B", "C", "D"} if params.players == 4 else {"A", "B"}
    raw = deal["hands"]
    if set(raw) != seats:
        raise Refused(f"the hands must be those of {sorted(seats)}")
    hands: dict[str, list[str]] = {}
    seen: set[str] = set()
    for seat in sorted(seats):
        cards = raw[seat]
        if not isinstance(cards, list) or len(cards) != 5:
            raise Refused(f"{seat} must hold five cards")
        hands[seat] = [normalise(c, params.pack) for c in cards]
        if seen & set(hands[seat]) or len(set(hands[seat])) != 5:
            raise Refused("a card is dealt twice")
        seen |= set(hands[seat])
    return hands


def new_deal(variant: Any, deal: Any, context: Any) -> Deal:
    """The deal of a transcript, before any action."""
    if variant is None:
        variant = "zu_viert"
    if variant not in VARIANTS:
        raise Refused(f"unknown variant {variant!r}")
    params = VARIANTS[variant]
    return Deal(params, hands_of(params, deal), seat_scores(params, context))


def replay(deal: Deal, actions: Any) -> dict[str, Any]:
    """Apply the actions in order; the legal lists before each, the scores and over."""
    if not isinstance(actions, list):
        raise Refused("actions is a list")
    legal: list[list[str]] = []
    for action in actions:
        legal.append(deal.legal())
        if not isinstance(action, str):
            raise Refused(f"not an action: {action!r}")
        deal.apply(action)
    return {"legal": legal, "scores": deal.scores(), "over": deal.phase == "over"}


def call(rule: str, input: dict[str, Any]) -> Any:
    """The conformance-kit entry point: only ``watten.transcript``."""
    if rule != RULE:
        raise NotImplementedError(rule)
    deal = new_deal(input.get("variant"), input.get("deal"), input.get("context"))
    return replay(deal, input.get("actions", []))


# ------------------------------------------------------------------ differential play

Adapter = Callable[[str, dict[str, Any]], Any]
#: (kind, input, referee's view, adapter's view) of the first difference in a walk.
Difference = tuple[str, dict[str, Any], Any, Any]


def random_context(rng: random.Random, players: int) -> dict[str, Any] | None:
    """No context, or a Partie in progress: any dealer, scores biased to 13 and 14."""
    if rng.random() < 0.4:
        return None
    persons = "ABCD"[:players]
    keys = list(persons) if players == 2 else ["AC", "BD"]
    return {
        "dealer": rng.choice(persons),
        "score": {
            k: rng.choice([0, 2, 5, 9, 12, 13, 13, 14, 14, rng.randint(0, 14)]) for k in keys
        },
    }


def random_watten(rng: random.Random, variant: str) -> dict[str, Any]:
    """A shuffled deal of the variant's pack, with a random context."""
    params = VARIANTS[variant]
    cards = list(params.pack)
    rng.shuffle(cards)
    seats = "ABCD"[: params.players]
    data: dict[str, Any] = {
        "variant": variant,
        "deal": {"hands": {s: cards[5 * i : 5 * i + 5] for i, s in enumerate(seats)}},
        "actions": [],
    }
    context = random_context(rng, params.players)
    if context is not None:
        data["context"] = context
    return data


def choose(rng: random.Random, legal: list[str], planned: list[str]) -> str:
    """A policy that mostly plays cards, sometimes bids, answers bids every way, and at
    the cut mostly follows the deal's plan (``planned``: the cut decisions)."""
    if "keep" in legal:
        if planned and rng.random() < 0.85:
            return planned.pop(0)
        planned.clear()
        return rng.choice(legal)
    if "gut" in legal:
        return rng.choice(legal)
    bids = [a for a in legal if a.startswith("bid")]
    if bids and rng.random() < 0.2:
        return rng.choice(bids)
    rest = [a for a in legal if not a.startswith("bid")] or legal
    return rng.choice(rest)


def _answer(adapter: Adapter, rule: str, data: dict[str, Any]) -> dict[str, Any] | None:
    """The adapter's answer, or None for a refusal."""
    try:
        return adapter(rule, copy.deepcopy(data))
    except NotImplementedError:
        raise
    except Exception:
        return None


def walk(
    rng: random.Random,
    adapter: Adapter,
    rule: str,
    start: Callable[[dict[str, Any]], Deal],
    data: dict[str, Any],
    planned: list[str],
) -> Difference | None:
    """One deal to its end, each action checked against the adapter; the first
    difference (legal actions, scores, over, a refusal), or None."""
    try:
        ref: Deal | None = start(copy.deepcopy(data))
    except Refused:
        ref = None
    theirs = _answer(adapter, rule, data)
    if ref is None or theirs is None:
        return None if (ref is None) == (theirs is None) else ("deal", data, ref, theirs)
    while True:
        mine = {"scores": ref.scores(), "over": ref.phase == "over"}
        if mine != {"scores": theirs["scores"], "over": theirs["over"]}:
            return ("scores", data, mine, theirs)
        legal = ref.legal()
        if not legal:
            return None
        action = choose(rng, legal, planned)
        theirs = _answer(adapter, rule, {**data, "actions": [*data["actions"], action]})
        if theirs is None:
            return ("refused", data, action, None)
        if theirs["legal"][-1] != legal:
            return ("legal", data, legal, theirs["legal"][-1])
        ref.apply(action)
        data["actions"].append(action)


def differential(
    game: str, walks: int, seed: int, adapter: Adapter
) -> tuple[Counter[str], list[Difference]]:
    """Random walks of every variant of ``game`` in turn: the count of walks per variant
    and every difference found."""
    module = importlib.import_module(f"tests.independent.{game}_referee")
    rule: str = module.RULE
    variants: dict[str, Params] = module.VARIANTS
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    found: list[Difference] = []
    names = list(variants)
    for i in range(walks):
        variant = names[i % len(names)]
        data, planned = module.random_input(rng, variant)
        counts[variant] += 1

        def start(inp: dict[str, Any]) -> Deal:
            deal: Deal = module.new_deal(inp["variant"], inp["deal"], inp.get("context"))
            return deal

        difference = walk(rng, adapter, rule, start, data, planned)
        if difference is not None:
            found.append(difference)
    return counts, found


def random_input(rng: random.Random, variant: str) -> tuple[dict[str, Any], list[str]]:
    """A random transcript input (no actions yet) and its planned cut decisions (none)."""
    return random_watten(rng, variant), []


def main() -> None:
    """Run the walks and print a summary and the first differences as JSON."""
    parser = argparse.ArgumentParser(description="Random Watten deals against an adapter.")
    parser.add_argument("--game", choices=["watten", "kritischwatten"], default="watten")
    parser.add_argument("--walks", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--adapter", default="rules.reference_adapter")
    args = parser.parse_args()
    adapter: Adapter = importlib.import_module(args.adapter).call
    counts, found = differential(args.game, args.walks, args.seed, adapter)
    kinds = Counter(kind for kind, *_ in found)
    print(
        f"{args.game}: {sum(counts.values())} walks {dict(counts)}, {len(found)} differences {dict(kinds)}"
    )
    for kind, data, mine, theirs in found[:3]:
        print(
            json.dumps(
                {"kind": kind, "input": data, "referee": mine, "adapter": theirs}, default=str
            )
        )


if __name__ == "__main__":
    main()
