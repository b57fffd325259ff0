"""An independent referee for Perlaggen (Schwaighofer 1927), written from the reading
text of schwaighofer1927.perlaggen.* (the Erklärung p1-p28, the Ordnung of 1890 with the
author's note, the rules of 1924) and rules/perlaggen/README.md only, without reading the
project's Python for the game.

It replays a transcript ``{variant, deal, actions, context?}`` and answers
``{"legal", "scores", "over"}``, or raises :class:`Refused` at the first illegal action.
What the README leaves open and was settled from the vectors or by probing the reference
adapter as a black box is listed in ``PERLAGGEN_FINDINGS.md``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

RULE = "perlaggen.transcript"

#: Variant name -> (ordnung, exchange, follow, false_bid, custom): the README's table.
VARIANTS: dict[str, tuple[str, str, str, str, str]] = {
    "ordnung1890": ("1890", "duty", "text", "31", "nordtirol"),
    "ordnung1924": ("1924", "right", "text", "31", "nordtirol"),
    "reading1924_par7": ("1924", "right", "text", "7", "nordtirol"),
    "reading1890_trumped": ("1890", "duty", "trumped", "31", "nordtirol"),
    "suedtirol1890": ("1890", "duty", "text", "31", "suedtirol"),
}

SEATS = "ABCD"
SUITS = "ELRB"
#: p2: "As, König, Ober, Unter, Zehner, Neuner, Achter, Siebener"; the Weli is the
#: Schell-Sechs (p20, § 17), below the Siebener.
RANKS = ["A", "K", "O", "U", "10", "9", "8", "7", "6"]
PACK = [r + s for s in SUITS for r in RANKS[:8]] + ["6B"]
FIGURES = ("gleich", "hanger", "spiel")
#: § 10: "Es kann nur 3, 4, 5, 6, 7, Spiel aus gesteigert werden".
STAKES = ["3", "4", "5", "6", "7", "aus"]


class Refused(ValueError):
    """The transcript is impossible: a bad deal or an illegal action."""


def rank(c: str) -> str:
    """The rank of a card (``10`` of ``10R``)."""
    return c[:-1]


def suit(c: str) -> str:
    """The suit letter of a card."""
    return c[-1]


def height(c: str) -> int:
    """Rank height, higher is better (A 8 ... 6 0)."""
    return 8 - RANKS.index(rank(c))


def party(seat: str) -> str:
    """The party of a seat (p27: A and C against B and D)."""
    return "AC" if seat in "AC" else "BD"


def nxt(seat: str) -> str:
    """The next seat to the left, in playing order."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def trump_suit(card: str) -> str:
    """p10: a turned permanent Perlagg makes its own suit trump, the Weli counting as Schell."""
    return suit(card)


def perlaggen(trump: str, custom: str) -> list[str]:
    """The Perlaggen in rank order, best first (p6, p8, p9)."""
    permanent = ["KR", "6B", "7B", "7E"]
    if custom == "suedtirol":
        permanent += ["UE", "OE"]
    trumpish = [c for c in ("7" + trump, "U" + trump, "O" + trump) if c not in permanent]
    return permanent + trumpish


@dataclass
class Played:
    """A card on the table: the card held, the card it counts as, its Perlagg strength
    (lower is better; ``None`` for a natural card or a Perlagg played plain)."""

    card: str
    counts: str
    strength: int | None


@dataclass
class Figure:
    """One figure's betting: who offered the stake last, the stake, and its state."""

    name: str
    state: str = "unbid"  # unbid, offered, held, gut
    stake: int = 1  # 2 when held after a bid; n after a raise; 8 for "aus"
    offered_by: str = ""  # party that made the last offer
    bid_order: int = 0
    bettors: set[str] = field(default_factory=set)  # parties that bid, held or raised


@dataclass
class Referee:
    """One deal of Perlaggen for four, replayed from an explicit deal."""

    ordnung: str
    exchange: str
    follow: str
    false_bid: str
    custom: str
    hands: dict[str, list[str]]
    trump_card: str
    score: dict[str, int]
    target: int
    trump: str = ""
    perl: list[str] = field(default_factory=list)
    played: dict[str, list[Played]] = field(default_factory=dict)
    baptised: dict[str, dict[str, str]] = field(default_factory=dict)
    phase: str = "exchange"
    exchanger: str | None = None
    turn: str = "A"
    trick: list[tuple[str, Played]] = field(default_factory=list)
    tricks: dict[str, int] = field(default_factory=lambda: {"AC": 0, "BD": 0})
    round: int = 1
    figures: dict[str, Figure] = field(default_factory=dict)
    pending: list[tuple[str, str]] = field(default_factory=list)  # (figure, answering seat)
    written: dict[str, int] = field(default_factory=lambda: {"AC": 0, "BD": 0})
    penalised: dict[str, int] = field(default_factory=lambda: {"AC": 0, "BD": 0})
    suspended: list[tuple[str, int]] = field(default_factory=list)  # let good after aus
    checked: set[tuple[str, str]] = field(default_factory=set)
    show_order: list[str] = field(default_factory=list)
    shown: set[str] = field(default_factory=set)
    bids: int = 0
    aus_out: bool = False
    fifth_qualified: dict[str, bool] = field(default_factory=dict)

    # ------------------------------------------------------------------ set-up
    @classmethod
    def from_input(cls, data: dict[str, Any]) -> Referee:
        """Validate the deal and set up the first decision."""
        variant = data.get("variant") or "ordnung1890"
        if variant not in VARIANTS:
            raise Refused(f"unknown variant {variant!r}")
        deal = data.get("deal")
        if not isinstance(deal, dict):
            raise Refused("a deal is required")
        hands: dict[str, list[str]] = {}
        seen: set[str] = set()
        for seat in SEATS:
            hand = deal.get(seat)
            if not isinstance(hand, list) or len(hand) != 5:
                raise Refused(f"seat {seat} must hold five cards (p3)")
            hands[seat] = [_card(c) for c in hand]
            seen.update(hands[seat])
        trump_card = _card(deal.get("trump", ""))
        seen.add(trump_card)
        if len(seen) != 21:
            raise Refused("a card twice in the deal")
        cut = [_card(c) for c in deal.get("cut") or []]
        if any(c not in ("KR", "6B", "7B", "7E") or c not in hands["C"] for c in cut):
            raise Refused("the cut lists permanent Perlaggen C keeps (p6)")
        ctx = data.get("context") or {}
        score = dict(ctx.get("score") or {"AC": 0, "BD": 0})
        target = int(ctx.get("target", 15))
        ordnung, exchange, follow, false_bid, custom = VARIANTS[variant]
        ref = cls(ordnung, exchange, follow, false_bid, custom, hands, trump_card, score, target)
        ref.trump = trump_suit(trump_card)
        ref.perl = perlaggen(ref.trump, custom)
        ref.played = {s: [] for s in SEATS}
        ref.baptised = {s: {} for s in SEATS}
        ref.figures = {f: Figure(f) for f in FIGURES}
        ref._start_exchange()
        return ref

    def _plain_trumps(self, seat: str) -> list[str]:
        return [c for c in self.hands[seat] if suit(c) == self.trump and c not in self.perl]

    def _start_exchange(self) -> None:
        """p10, 1924 § 4: a turned Perlagg is exchanged by the dealer, else his partner."""
        self.phase = "play"
        if self.trump_card not in self.perl:
            return
        for seat in ("D", "B"):
            if self._plain_trumps(seat):
                self.exchanger = seat
                self.phase = "exchange"
                return

    # ------------------------------------------------------------------ helpers
    def total(self, p: str) -> int:
        """A party's score in the Partie, this deal's written points included."""
        return self.score.get(p, 0) + self.written[p]

    def is_perlagg(self, c: str) -> bool:
        """Whether a card is a Perlagg of this deal."""
        return c in self.perl

    def hand_cards(self, seat: str) -> list[str]:
        """The cards still in a seat's hand."""
        return self.hands[seat]

    def five(self, seat: str) -> tuple[list[str], int]:
        """A player's five cards for the figures: fixed cards (played as they count,
        baptised at the showing, natural) and the number of Perlaggen still wild."""
        fixed = [p.counts for p in self.played[seat]]
        wild = 0
        for c in self.hands[seat]:
            if c in self.baptised[seat]:
                fixed.append(self.baptised[seat][c])
            elif self.is_perlagg(c):
                wild += 1
            else:
                fixed.append(c)
        return fixed, wild

    # ------------------------------------------------------------------ figures
    @staticmethod
    def best_gleich(cards: list[str]) -> tuple[int, int]:
        """(count, height) of the best Gleich (p16), (0, 0) without one."""
        best = (0, 0)
        for r in RANKS:
            n = sum(1 for c in cards if rank(c) == r)
            if n >= 2:
                best = max(best, (n, 8 - RANKS.index(r)))
        return best

    @staticmethod
    def best_hanger(cards: list[str]) -> tuple[int, int]:
        """(length, height of its top card) of the best Hanger (p17), (0, 0) without one."""
        best = (0, 0)
        for s in SUITS:
            hs = sorted({height(c) for c in cards if suit(c) == s}, reverse=True)
            i = 0
            while i < len(hs):
                j = i
                while j + 1 < len(hs) and hs[j + 1] == hs[j] - 1:
                    j += 1
                if j > i:
                    best = max(best, (j - i + 1, hs[i]))
                i = j + 1
        return best

    def can_make(self, seat: str, figure: str, spare: int = 0) -> bool:
        """Whether a player has or can make a Gleich or Hanger with his Perlaggen still
        wild (§ 31), ``spare`` of them kept out of it (1924 § 27)."""
        fixed, wild = self.five(seat)
        if wild - spare >= 1:  # a Perlagg baptised to match any other card
            return True
        best = self.best_gleich(fixed) if figure == "gleich" else self.best_hanger(fixed)
        return best[0] >= 2

    def party_figure(self, p: str, figure: str) -> tuple[int, int]:
        """The better figure of a party's two players (p27), all cards fixed."""
        best = (0, 0)
        for seat in p:
            fixed, _ = self.five(seat)
            f = self.best_gleich(fixed) if figure == "gleich" else self.best_hanger(fixed)
            best = max(best, f)
        return best

    # ------------------------------------------------------------------ legal actions
    def to_act(self) -> str | None:
        """The seat to act, or None when the deal is over."""
        if self.phase == "over":
            return None
        if self.pending:
            return self.pending[0][1]
        if self.phase == "exchange":
            return self.exchanger
        return self.turn

    def legal(self) -> list[str]:
        """The legal actions, sorted by code point."""
        if self.phase == "over":
            return []
        if self.pending:
            name, _ = self.pending[0]
            fig = self.figures[name]
            out = [f"gut {name}", f"hold {name}"]
            nxt_stake = self._next_stake(fig)
            if nxt_stake is not None and self._may_bet_spiel(self.pending[0][1], name):
                out.append(f"raise {name} {nxt_stake}")
            if name == "spiel" and not self._may_bet_spiel(self.pending[0][1], name):
                out = [f"gut {name}"]
            return sorted(out)
        if self.phase == "exchange":
            assert self.exchanger is not None
            out = [f"exchange {c}" for c in self._plain_trumps(self.exchanger)]
            if self.exchanger == "B" or self.exchange == "right":
                out.append("keep")
            return sorted(out)
        seat = self.turn
        out = self._bids(seat) + self._raises(seat)
        if self.phase == "play":
            out += self._plays(seat)
        else:  # show
            unbaptised = [
                c for c in self.hands[seat] if self.is_perlagg(c) and c not in self.baptised[seat]
            ]
            for c in unbaptised:
                out += [f"baptise {c} as {x}" for x in PACK]
            if not unbaptised:
                out.append("show")
        return sorted(out)

    @staticmethod
    def _next_stake(fig: Figure) -> str | None:
        if fig.stake <= 2:
            return "3"
        if fig.stake >= 8:
            return None
        return STAKES[STAKES.index(str(fig.stake)) + 1] if fig.stake < 7 else "aus"

    def _may_bet_spiel(self, seat: str, name: str) -> bool:
        """§ 27: in the fifth round the Spiel is bid, held or raised only with the suit
        led, a trump or a Perlagg."""
        if name != "spiel" or self.round != 5 or not self.trick or self.phase != "play":
            return True
        led = self.trick[0][1].counts
        return any(self._qualifies(s, led) for s in party(seat))

    def _qualifies(self, seat: str, led: str) -> bool:
        """Whether a player holds the suit led, a trump or a qualifying Perlagg."""
        for c in self.hands[seat]:
            if self.is_perlagg(c):
                if self.ordnung == "1924" and self._needed(seat):
                    continue
                return True
            if suit(c) in (suit(led), self.trump):
                return True
        return False

    def _needed(self, seat: str) -> bool:
        """1924 § 27: a Perlagg "der nicht schon früher zu einer gebotenen oder gehaltenen
        Figur hat verwendet werden müssen": the player's party bet on a Gleich or Hanger
        (let good or not), and neither partner can make it without this Perlagg."""
        p = party(seat)
        for name in ("gleich", "hanger"):
            fig = self.figures[name]
            if p not in fig.bettors:
                continue
            if not any(self.can_make(s, name, spare=1 if s == seat else 0) for s in p):
                return True
        return False

    def _bids(self, seat: str) -> list[str]:
        open_ = [f for f in FIGURES if self.figures[f].state == "unbid"]
        if self.phase == "show" or self.tricks["AC"] >= 3 or self.tricks["BD"] >= 3:
            open_ = [f for f in open_ if f != "spiel"]
        p = party(seat)
        if self.total(p) >= self.target - 1:
            return []
        out = []
        for n in range(1, len(open_) + 1):
            for combo in combinations(open_, n):
                if self.ordnung == "1890" and n > 1 and self.total(p) + n >= self.target:
                    continue
                if "spiel" in combo and not self._may_bet_spiel(seat, "spiel"):
                    continue
                out.append("bid " + " ".join(combo))
        return out

    def _raises(self, seat: str) -> list[str]:
        p = party(seat)
        out = []
        for name in FIGURES:
            fig = self.figures[name]
            if fig.state == "held" and fig.offered_by != p:
                if name == "spiel" and (
                    self.phase == "show" or not self._may_bet_spiel(seat, name)
                ):
                    continue
                stake = self._next_stake(fig)
                if stake is not None:
                    out.append(f"raise {name} {stake}")
        return out

    def _plays(self, seat: str) -> list[str]:
        hand = self.hands[seat]
        plain = [f"play {c}" for c in hand]
        baptised = [f"play {c} as {x}" for c in hand if self.is_perlagg(c) for x in PACK]
        if not self.trick:
            return plain + baptised
        led = suit(self.trick[0][1].counts)
        if (
            self.follow == "trumped"
            and led != self.trump
            and any(suit(pl.counts) == self.trump for _, pl in self.trick[1:])
        ):
            return plain + baptised
        has_suit = any(suit(c) == led and not self.is_perlagg(c) for c in hand)
        if not has_suit:
            return plain + baptised
        ok = [f"play {c}" for c in hand if suit(c) in (led, self.trump)]
        return ok + baptised

    # ------------------------------------------------------------------ applying
    def apply(self, action: str) -> None:
        """Apply one action, or raise Refused."""
        if action not in self.legal():
            raise Refused(f"illegal action {action!r}")
        words = action.split()
        verb = words[0]
        seat = self.to_act()
        assert seat is not None
        if verb == "exchange":
            self.hands[seat].remove(words[1])
            self.hands[seat].append(self.trump_card)
            self.phase = "play"
        elif verb == "keep":
            if seat == "D" and self.exchange == "duty" and self._plain_trumps("B"):
                self.exchanger = "B"
            else:
                self.phase = "play"
        elif verb == "bid":
            for name in words[1:]:
                fig = self.figures[name]
                self.bids += 1
                fig.state, fig.stake, fig.offered_by, fig.bid_order = (
                    "offered",
                    1,
                    party(seat),
                    self.bids,
                )
                self._check(party(seat), name)
                self.pending.append((name, nxt(seat)))
        elif verb in ("gut", "hold", "raise"):
            name = words[1]
            fig = self.figures[name]
            if self.pending:
                self.pending.pop(0)
            if verb == "gut":
                fig.state = "gut"
                gain = fig.stake if fig.stake == 1 else fig.stake - 1
                if any(f.state == "held" and f.stake == 8 for f in self.figures.values()):
                    self.suspended.append((fig.offered_by, gain))  # § 12: after the aus
                else:
                    self.written[fig.offered_by] += gain
                self._after_gut(name)
            elif verb == "hold":
                fig.state = "held"
                fig.stake = max(fig.stake, 2)
                self._check(party(seat), name)
            else:
                self._raise(seat, name, words[2])
        elif verb == "play":
            c = words[1]
            if len(words) == 4:
                counts, strength = words[3], self.perl.index(c)
            else:
                counts, strength = c, None
            self.hands[seat].remove(c)
            pl = Played(c, counts, strength)
            self.played[seat].append(pl)
            self.trick.append((seat, pl))
            if len(self.trick) == 4:
                self._end_trick()
            else:
                self.turn = nxt(seat)
        elif verb == "baptise":
            self.baptised[seat][words[1]] = words[3]
        elif verb == "show":
            self.shown.add(seat)
            self._next_shower()
        self._maybe_over()

    def _raise(self, seat: str, name: str, to: str) -> None:
        fig = self.figures[name]
        fig.state = "offered"
        fig.stake = 8 if to == "aus" else int(to)
        fig.offered_by = party(seat)
        self._check(party(seat), name)
        self.pending.insert(0, (name, nxt(seat)))

    def _check(self, p: str, name: str) -> None:
        """§ 31: a party that bets on a Gleich or Hanger it can neither have nor make."""
        self.figures[name].bettors.add(p)
        if name == "spiel" or (p, name) in self.checked:
            return
        self.checked.add((p, name))
        if not any(self.can_make(s, name) for s in p):
            self.penalised[p] += 1

    def _after_gut(self, name: str) -> None:
        """§ 9: a figure let be good that takes a party to the target ends the deal at
        once; a Spiel let be good ends the play (p19)."""
        if any(self.total(p) >= self.target for p in ("AC", "BD")):
            self._finish(early=True)
        elif name == "spiel" and self.phase == "play":
            self._begin_show()

    def _end_trick(self) -> None:
        winner = self._winner()
        self.tricks[party(winner)] += 1
        self.trick = []
        self.round += 1
        self.turn = winner
        if self.tricks[party(winner)] >= 3 and self.figures["spiel"].state != "gut":
            self._begin_show()

    def _beats(self, a: Played, b: Played, led: str) -> bool:
        """Whether card a beats card b (b currently winning)."""
        sa, sb = suit(a.counts), suit(b.counts)
        ta, tb = sa == self.trump, sb == self.trump
        if ta != tb:
            return ta
        if not ta and sa != sb:
            return sa == led and sb != led
        if a.counts != b.counts:
            return height(a.counts) > height(b.counts)
        pa = a.strength if a.strength is not None else 99
        pb = b.strength if b.strength is not None else 99
        return pa < pb

    def _winner(self) -> str:
        led = suit(self.trick[0][1].counts)
        best_seat, best = self.trick[0]
        for seat, pl in self.trick[1:]:
            if self._beats(pl, best, led):
                best_seat, best = seat, pl
        return best_seat

    def _begin_show(self) -> None:
        self.phase = "show"
        if all(self.figures[f].state == "gut" for f in ("gleich", "hanger")):
            self._finish(early=False)
            return
        spiel_party = self._spiel_party()
        first = [s for s in SEATS if party(s) == spiel_party]
        self.show_order = first + [s for s in SEATS if s not in first]
        self._next_shower()

    def _spiel_party(self) -> str:
        fig = self.figures["spiel"]
        if fig.state == "gut":
            return fig.offered_by
        return "AC" if self.tricks["AC"] >= 3 else "BD"

    def _next_shower(self) -> None:
        rest = [s for s in self.show_order if s not in self.shown]
        if not rest:
            self._finish(early=False)
            return
        self.turn = rest[0]

    def _maybe_over(self) -> None:
        if self.phase in ("over",) or self.pending:
            return
        if all(f.state == "gut" for f in self.figures.values()) or (
            self.phase == "show"
            and all(self.figures[f].state == "gut" for f in ("gleich", "hanger"))
        ):
            self._finish(early=False)

    # ------------------------------------------------------------------ scores
    def _finish(self, early: bool) -> None:
        self.phase = "over"
        self.pending = []
        if early:
            self.aus_out = True  # § 9: the Partie is made; the showing never comes
            return
        order: list[Figure] = []
        held = sorted(
            (f for f in self.figures.values() if f.state == "held"), key=lambda f: f.bid_order
        )
        for fig in sorted((f for f in held if f.stake == 8), key=lambda f: FIGURES.index(f.name)):
            winner = self._figure_winner(fig.name)
            if winner is not None and self.total(winner) < self.target:
                self.written[winner] += self.target - self.total(winner)
                self.aus_out = True  # § 12: it precedes every other figure and penalty
                break
        if self.aus_out:
            return
        # § 9: the figures let good behind the aus count now, as let good (in that
        # order), until the Partie is made; then no penalty is taken (see the README)
        for p, gain in self.suspended:
            if all(self.total(q) < self.target for q in ("AC", "BD")):
                self.written[p] += gain
        if any(self.total(q) >= self.target for q in ("AC", "BD")):
            return
        # § 31: the penalties are taken before the figures still to be written, so a
        # penalised party may fall short of the target again (1924: the deal's points,
        # the held-back ones included, are lost)
        forfeit = {p: self.ordnung == "1924" and self.penalised[p] > 0 for p in ("AC", "BD")}
        for p in ("AC", "BD"):
            self.written[p] = self._with_penalty(p)
        order += [f for f in held if f.stake != 8]
        order += [f for f in self.figures.values() if f.state == "unbid"]
        # ranks (0 Gleich, 1 Hanger, 2 Spiel: § 6) written or standing equal in this deal
        settled = {FIGURES.index(f.name) for f in self.figures.values() if f.state == "gut"}
        spiel_decides = False
        for fig in order:
            if any(self.total(p) >= self.target for p in ("AC", "BD")):
                break  # the Partie is made: nothing more is written
            winner = self._figure_winner(fig.name)
            level = FIGURES.index(fig.name)
            if spiel_decides and fig.name != "spiel":
                continue
            if winner is None:
                if self._stands(fig):
                    settled.add(level)
                # the author's note: at 14 to 14 an equal figure leaves it to the Spiel
                spiel_decides = self._equal_at_last_point(fig)
                continue
            pts = 1 if fig.state == "unbid" else fig.stake
            if self._last_point_drops(fig, winner, pts, settled):
                below = self._below_a_settled_figure(fig, winner, pts, settled)
                if below and self.ordnung == "1924" and 2 in settled:
                    break  # §§ 25a, 25b: the Spiel is written already: a new deal
                continue  # a simple unbid figure is not asked for: the next one may go out
            settled.add(level)
            if not forfeit[winner]:  # 1924 § 31: the deal's points are lost
                self.written[winner] += pts

    def _below_a_settled_figure(
        self, fig: Figure, winner: str, pts: int, settled: set[int]
    ) -> bool:
        """1924 §§ 25a, 25b: a figure that would take a party out falls away below a
        higher one written or standing (the new-deal case when the Spiel is written)."""
        loser = "BD" if winner == "AC" else "AC"
        both_out = min(self.total(winner), self.total(loser)) + pts >= self.target
        return both_out and any(r < FIGURES.index(fig.name) for r in settled)

    def _last_point_drops(self, fig: Figure, winner: str, pts: int, settled: set[int]) -> bool:
        """Whether a figure does not count at the last point.

        1924 §§ 25a, 25b: a lower figure never counts once a higher or equal one is
        written or stands, when its points would take either party out. Both Ordnungen
        (1890 with the author's note, 1924 § 25): at 14 to 14, when nobody may bid, only
        dritzige or better figures count, the Spiel deciding the others."""
        name = fig.name
        if name == "spiel":
            return False
        if self.ordnung == "1924":
            loser = "BD" if winner == "AC" else "AC"
            both_out = min(self.total(winner), self.total(loser)) + pts >= self.target
            if both_out and any(r < FIGURES.index(name) for r in settled):
                return True
        if fig.state != "unbid":
            return False
        if any(self.total(p) != self.target - 1 for p in ("AC", "BD")):
            return False
        return self.party_figure(winner, name)[0] < 3

    def _stands(self, fig: Figure) -> bool:
        """Whether a Gleich or Hanger that neither party makes "steht" (p16): both have
        it alike. A figure nobody has does not stand; an unbid one is asked for only as
        dritzig or better (the author's note, 1924 § 25: "in gleichem Höhengrad")."""
        if fig.name == "spiel":
            return False
        count = self.party_figure("AC", fig.name)[0]
        return count >= (3 if fig.state == "unbid" else 2)

    def _equal_at_last_point(self, fig: Figure) -> bool:
        """1890, the author's note: both parties lack one point and hold the figure
        equally ("eine gleich hohe Figur ... so geht das Spiel aus")."""
        if self.ordnung != "1890":
            return False
        if any(self.total(p) != self.target - 1 for p in ("AC", "BD")):
            return False
        return self._stands(fig)

    def _figure_winner(self, name: str) -> str | None:
        if name == "spiel":
            if self.tricks["AC"] >= 3:
                return "AC"
            if self.tricks["BD"] >= 3:
                return "BD"
            return None
        a, b = self.party_figure("AC", name), self.party_figure("BD", name)
        if a == b:
            return None
        return "AC" if a > b else "BD"

    def _with_penalty(self, p: str) -> int:
        """A party's points of this deal with its § 31 penalties: three points per false
        figure (1890), or the deal's points lost and three (1924 § 31) or two (§ 7) more."""
        pts = self.written[p]
        if self.penalised[p]:
            each = 2 if self.false_bid == "7" else 3
            pts = (0 if self.ordnung == "1924" else pts) - each * self.penalised[p]
        return pts

    def scores(self) -> dict[str, int]:
        """Every seat's points: its party's written points. Before the end a penalty
        counts at once; at the end it was applied (or cancelled) by the scoring."""
        over = self.phase == "over"
        pts = {p: self.written[p] if over else self._with_penalty(p) for p in ("AC", "BD")}
        return {s: pts[party(s)] for s in SEATS}


def _card(text: Any) -> str:
    """A card of the pack in output notation, or Refused."""
    if not isinstance(text, str):
        raise Refused(f"not a card: {text!r}")
    c = text.upper()
    if c.startswith("T"):
        c = "10" + c[1:]
    if c not in PACK:
        raise Refused(f"not a card of the pack: {text!r}")
    return c


def replay(data: dict[str, Any]) -> dict[str, Any]:
    """Replay a transcript: legal lists before each action, scores and over."""
    ref = Referee.from_input(data)
    legal: list[list[str]] = []
    for action in data.get("actions") or []:
        legal.append(ref.legal())
        ref.apply(action)
    return {"legal": legal, "scores": ref.scores(), "over": ref.phase == "over"}


def call(rule: str, input: dict[str, Any]) -> Any:
    """The conformance-kit entry point: only the transcript rule."""
    if rule != RULE:
        raise NotImplementedError(rule)
    return replay(copy.deepcopy(input))


# ---------------------------------------------------------------------- differential play
def random_deal(rng: Any) -> dict[str, Any]:
    """A shuffled deal: five cards each, the 21st turned; C sometimes keeps cut Perlaggen."""
    cards = list(PACK)
    rng.shuffle(cards)
    deal: dict[str, Any] = {s: cards[5 * i : 5 * i + 5] for i, s in enumerate(SEATS)}
    deal["trump"] = cards[20]
    deal["cut"] = [c for c in deal["C"] if c in ("KR", "6B", "7B", "7E")][: rng.randint(0, 2)]
    return deal


def choose(rng: Any, legal: list[str]) -> str:
    """A policy that bids, holds and raises often and baptises now and then."""
    bets = [a for a in legal if a.split()[0] in ("bid", "raise", "hold")]
    if bets and rng.random() < 0.3:
        return str(rng.choice(bets))
    plain = [a for a in legal if " as " not in a]
    if plain and rng.random() < 0.8:
        return str(rng.choice(plain))
    return str(rng.choice(legal))


def walk(rng: Any, variant: str, other: Any) -> dict[str, Any] | None:
    """One random deal walked by the referee and ``other`` (an adapter's ``call``); the
    first difference in legal actions, scores or over, or None."""
    data: dict[str, Any] = {"variant": variant, "deal": random_deal(rng), "actions": []}
    if rng.random() < 0.5:  # a Partie near its end: §§ 9, 12, 20, 25-26, 25a, 25b
        data["context"] = {
            "score": {"AC": rng.randint(9, 14), "BD": rng.randint(9, 14)},
            "target": 15,
        }
    ref = Referee.from_input(copy.deepcopy(data))
    while True:
        legal = ref.legal()
        if not legal:
            break
        action = choose(rng, legal)
        try:
            theirs = other(RULE, copy.deepcopy({**data, "actions": [*data["actions"], action]}))
        except NotImplementedError:
            raise
        except Exception as exc:  # the other side refuses what the referee allows
            return {"where": "refused", "input": data, "referee": action, "other": repr(exc)}
        if theirs["legal"][-1] != legal:
            return {"where": "legal", "input": data, "referee": legal, "other": theirs["legal"][-1]}
        ref.apply(action)
        data["actions"].append(action)
    mine = {"scores": ref.scores(), "over": ref.phase == "over"}
    theirs = other(RULE, copy.deepcopy(data))
    if {"scores": theirs["scores"], "over": theirs["over"]} != mine:
        other_end = {"scores": theirs["scores"], "over": theirs["over"]}
        return {"where": "end", "input": data, "referee": mine, "other": other_end}
    return None


def main() -> None:
    """``python -m tests.independent.perlaggen_referee --games N --seed S``: differential
    play against the reference adapter (a black box), per variant."""
    import argparse
    import importlib
    import json
    import random

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--adapter", default="rules.reference_adapter")
    parser.add_argument("--show", type=int, default=2, help="differences printed per variant")
    args = parser.parse_args()
    other = importlib.import_module(args.adapter).call
    for variant in VARIANTS:
        rng = random.Random(f"{args.seed}-{variant}")
        found = [d for _ in range(args.games) if (d := walk(rng, variant, other))]
        print(f"{variant}: {args.games} games, {len(found)} differences")
        for d in found[: args.show]:
            print(json.dumps(d))


if __name__ == "__main__":
    main()
