"""Perlaggen: the cases the independent referee found (tests/independent/PERLAGGEN_FINDINGS.md).

Each case is a hand-worked transcript of rules/perlaggen/transcripts.toml; the tests
check the decisive step of each against the model.
"""

from __future__ import annotations

from typing import Any

from rules.perlaggen import GAME
from rules.perlaggen.model import PerlaggenState
from rules.transcripts import load_worked

WORKED = {t.id: t for t in load_worked(GAME)}


def _worked(name: str) -> Any:
    return WORKED[f"perlaggen.transcript.{name}"]


def _replayed(name: str, upto: int | None = None) -> PerlaggenState:
    """The state after the first ``upto`` actions of a worked transcript (all by default)."""
    t = _worked(name)
    state = GAME.new_game(t.variant, deal=t.deal, context=t.context)
    assert isinstance(state, PerlaggenState)
    for text in t.actions[:upto]:
        state.apply(text)
    return state


def _legal(state: PerlaggenState) -> list[str]:
    return sorted(a.text for a in state.legal_actions())


def test_a_gut_after_spiel_aus_is_not_counted_for_the_overbid() -> None:
    """§ 12: the Spiel let be good at aus while the Gleich stands at aus is held back,
    so AC stand at 11 (not 18) at A's showing: he may still bid the Hanger (§ 20)."""
    name = "par12_aus_holds_back_a_gut_1890"
    state = _replayed(name, _worked(name).actions.index("show"))
    assert state.phase == "show" and state._to_act() == "A"
    assert _legal(state) == ["bid hanger", "show"]
    assert state.scores().totals() == {"A": 0, "B": 0, "C": 0, "D": 0}
    final = _replayed(name)
    assert final.is_over() and final.scores().totals() == {"A": 4, "B": 0, "C": 4, "D": 0}
    assert [i.item for i in final.scores().items if i.seat == "A"] == ["gleich", "partie"]


def test_a_held_back_gut_does_not_stop_a_bid() -> None:
    """§ 12, § 20: BD's Gleich let be good at Fünf while their Hanger stands at Spiel aus
    is not written yet: BD stand at 10 of 15 and B may bid the Spiel."""
    name = "par12_bid_after_a_held_back_gut_suedtirol"
    state = _replayed(name, _worked(name).actions.index("bid spiel"))
    assert state._to_act() == "B"
    assert _legal(state) == ["bid spiel", "play OR"]
    assert state._score_now() == {"AC": 12, "BD": 10}
    final = _replayed(name)
    assert final.scores().totals() == {"A": 0, "B": 5, "C": 0, "D": 5}
    assert final.counting().out == "BD"


def test_a_figure_let_be_good_is_written_at_once() -> None:
    """p25 ("sofort einen Punkt gutzuschreiben"), § 9: the running score counts a figure
    let be good before the deal is over, citing the paragraphs that award it; held
    figures and penalties wait for the showing."""
    state = _replayed("p25_gut_bei_zwei_written_at_once_unfinished")
    assert not state.is_over()
    items = state.scores().items
    assert [(i.seat, i.points, i.item) for i in items] == [("B", 2, "gleich"), ("D", 2, "gleich")]
    assert "schwaighofer1927.perlaggen.erklaerung.p25" in items[0].cites
    held = _replayed("par12_gut_held_back_unfinished")
    assert not held.is_over() and held.scores().items == ()


def test_the_running_score_becomes_the_final_one() -> None:
    """Every item written during the deal is still written at its end, unless a figure
    at Spiel aus or the last-point counting cancels it (here nothing does)."""
    t = _worked("p10_exchange_must_1890")
    state = GAME.new_game(t.variant, deal=t.deal, context=t.context)
    running: list[dict[str, int]] = []
    for text in t.actions:
        state.apply(text)
        running.append(state.scores().totals())
    assert [r["A"] for r in running] == [0, 0, 1, 2, 3]
    assert state.is_over() and running[-1] == {"A": 3, "B": 0, "C": 3, "D": 0}


def test_no_penalty_when_a_gut_takes_a_party_out_before_the_showing() -> None:
    """§ 9 against § 31 (the edition's reading, an open doubt): AC's Drei on a Hanger
    they cannot make is let be good at 13 of 15: AC are out at once, unpenalised."""
    for ordnung in ("1890", "1924"):
        state = _replayed(f"par31_out_by_a_gut_before_the_showing_{ordnung}")
        assert state.false == [("AC", "hanger")]  # the offence is known to the model
        assert state.is_over() and state.ended_by_concession
        assert state.counting().out == "AC"
        assert {i.item for i in state.scores().items} == {"hanger", "partie"}
        assert state.scores().totals() == {"A": 2, "B": 0, "C": 2, "D": 0}


def test_trumpfperlaggen_baptised_alike_rank_siebener_unter_ober() -> None:
    """p8 "Siebener, Unter, Ober", p21, § 19: of three Laubasse baptised from the
    Trumpfperlaggen, the Siebener's takes the trick (and C is to act)."""
    state = _replayed("p8_trumpfperlaggen_baptised_alike_1890", 4)
    assert state.tricks[0][0] == "C" and state._to_act() == "C"


def test_south_tyrol_eichelunter_beats_eichelober_baptised_alike() -> None:
    """p9 and the edition's rank: the Eichelunter baptised Laubas beats the Eichelober
    baptised the same."""
    state = _replayed("p9_eichelunter_above_eichelober_suedtirol", 4)
    assert state.tricks[0][0] == "B" and state._to_act() == "B"


def test_the_weli_played_plain_is_the_schell_sechs_of_a_hanger() -> None:
    """p17, § 17: C's 8B, 7B and the Weli played plain (Schell-Sechs) make a dritziger
    Hanger that beats B's höchster of two."""
    state = _replayed("p17_weli_extends_a_schell_hanger_1890")
    values = state._values("hanger")
    assert values["C"] is not None and values["C"][0] == 3
    assert [i.seat for i in state.scores().items if i.item == "hanger"] == ["A", "C"]


def test_figures_at_aus_are_judged_in_rank_order() -> None:
    """p15, § 12: the Gleich (bid second) is judged before the Hanger (bid first)."""
    state = _replayed("par12_two_figures_at_aus_1890")
    assert state.figures["hanger"].bid == 0 and state.figures["gleich"].bid == 1
    assert state.counting().out == "BD" and state.counting().by == "gleich"


def test_a_failed_aus_releases_the_held_back_points_in_order() -> None:
    """§ 12, p16: after the Gleich at aus steht, BD's Hanger let be good (held back till
    then) is written first and takes BD out; AC's Spiel is not written."""
    name = "par12_failed_aus_then_held_back_gut_1890"
    during = _replayed(name, _worked(name).actions.index("gut hanger") + 1)
    assert not during.is_over() and during._score_now() == {"AC": 13, "BD": 13}
    state = _replayed(name)
    assert [(w.figure, w.party) for w in state.counting().written] == [("hanger", "BD")]


def test_at_fourteen_all_only_a_dritziges_figure_counts() -> None:
    """The author's note and 1924 § 25: AC's better but simple Gleich does not count at
    14 to 14; BD's dritziger Hanger goes out."""
    for name in ("anmerkung_14_14_simple_and_dritzig_1890", "par25_14_14_simple_and_dritzig_1924"):
        state = _replayed(name)
        gleich = state._values("gleich")
        assert gleich["A"] is not None and gleich["A"][0] == 2  # two Asses: simple
        assert gleich["A"] > max(v for v in (gleich["B"], gleich["C"]) if v is not None)
        assert state.counting().out == "BD" and state.counting().by == "hanger"


def test_nothing_is_written_once_the_partie_is_made() -> None:
    """p15: AC's held Gleich takes them to 15; BD's held Hanger, made, is not written."""
    state = _replayed("p15_nothing_written_after_the_partie_1890")
    assert state.figures["hanger"].status == "held"
    assert {w.figure for w in state.counting().written} == {"gleich"}


def test_a_gleich_nobody_has_does_not_stand_at_the_last_point() -> None:
    """1924 § 25: only a figure both parties have alike keeps a lower one out; with no
    Gleich anywhere, BD's dritziger Hanger takes the last point before AC's Spiel."""
    state = _replayed("par25_14_14_nobody_has_the_gleich_1924")
    assert all(v is None for v in state._values("gleich").values())
    assert state.counting().out == "BD" and state.counting().by == "hanger"


def test_an_equal_simple_gleich_does_not_hand_the_last_point_to_the_spiel() -> None:
    """The author's note: at 14 to 14 only fünftige, viertige, dritzige figures are asked
    for; two equal simple Gleich do not stand in the way of BD's dritziger Hanger."""
    state = _replayed("anmerkung_14_14_equal_simple_gleich_1890")
    gleich = state._values("gleich")
    assert gleich["A"] == gleich["D"] and gleich["A"] is not None and gleich["A"][0] == 2
    assert state.counting().out == "BD" and state.counting().by == "hanger"


def test_a_held_back_gut_goes_out_before_the_penalty() -> None:
    """§ 12, § 9, § 31: after the Gleich at aus steht, BD's held-back Hanger (six) takes
    them out before their false Hanger is punished at the count."""
    state = _replayed("par12_held_back_gut_goes_out_before_the_penalty_1924")
    assert state.false == [("BD", "hanger")]
    counted = state.counting()
    assert counted.out == "BD" and [w.figure for w in counted.written] == ["hanger"]


def test_a_simple_gleich_at_the_last_point_lets_a_dritziger_hanger_go_out() -> None:
    """1924 § 25: with the Spiel written (14 to 14), AC's better but simple Gleich is not
    asked for; their dritziger Hanger goes out (no new deal)."""
    state = _replayed("par25_simple_gleich_then_dritziger_hanger_1924")
    counted = state.counting()
    assert not counted.redeal and counted.out == "AC" and counted.by == "hanger"
