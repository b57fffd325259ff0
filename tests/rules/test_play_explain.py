"""`stichwort play` and `stichwort explain`: every decision printed with its paragraphs."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from rules.model import IllegalAction
from rules.piquet import GAME
from rules.play import play_text, random_reader, script_reader
from stichwort.cli import main
from tests.conftest import built

EXCHANGE = ["discard 9S", "discard 10C", "discard KS", "buy 3", "discard QS", "discard JC", "buy 2"]


def test_auto_play_cites_a_paragraph_for_every_decision(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "piquet", "--seed", "3", "--auto"]) == 0
    out = capsys.readouterr().out
    moves = [line for line in out.splitlines() if re.match(r"^(elder|younger): ", line)]
    assert len(moves) > 30
    assert all("[engelmann1798.piquet." in line for line in moves)
    assert "scores: elder" in out
    played = play_text(GAME, random_reader(3), io.StringIO(), seed=3)
    totals = played.scores().totals()
    assert f"scores: elder {totals['elder']:g}, younger {totals['younger']:g}" in out


def test_a_refused_scripted_action_is_explained_with_its_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tei = built("tei/engelmann1798.xml").parent
    script = tmp_path / "moves.txt"
    script.write_text("# the younger tries to take three for two\n" + "\n".join(
        [*EXCHANGE[:6], "buy 3"]) + "\n", encoding="utf-8")  # fmt: skip
    code = main(["play", "piquet", "--seed", "3", "--script", str(script), "--tei", str(tei)])
    out = capsys.readouterr().out
    assert code == 1
    assert "refused 'buy 3'" in out and "engelmann1798.piquet.gesetze.12:" in out
    assert "Wenn man weniger Blätter als man nimmt, wegwirft" in out


def test_play_writes_a_state_that_explain_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tei = built("tei/engelmann1798.xml").parent
    state_file = tmp_path / "deal.json"
    assert main(["play", "piquet", "--seed", "5", "--auto", "--json", str(state_file)]) == 0
    data = json.loads(state_file.read_text(encoding="utf-8"))
    assert GAME.from_json(data).is_over()
    capsys.readouterr()
    assert main(["explain", "piquet", "--state", str(state_file), "--tei", str(tei)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("scores: ")
    assert "engelmann1798.piquet.p12:" in out and "statt ein, drei Augen" in out


def test_explain_why_an_action_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    tei = built("tei/engelmann1798.xml").parent
    args = ["explain", "piquet", "--seed", "3", "--actions", "; ".join(EXCHANGE[:4])]
    assert main([*args, "--why", "discard AC", "--tei", str(tei)]) == 0
    out = capsys.readouterr().out
    assert "is not allowed: the younger does not hold AC" in out
    assert "B kauft die 5 oben liegenden" in out
    assert main([*args, "--why", "discard QS", "--tei", str(tei)]) == 0
    assert "'discard QS' is legal now." in capsys.readouterr().out


def test_bad_input_to_play_and_explain_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "skat", "--auto"]) == 2
    assert "unknown game 'skat'; known: " in capsys.readouterr().err
    broken = tmp_path / "deal.json"
    broken.write_text('{"elder": ["AS", "AS"]', encoding="utf-8")
    assert main(["play", "piquet", "--deal", str(broken), "--auto"]) == 2
    assert f"{broken}: not JSON" in capsys.readouterr().err
    broken.write_text('{"elder": ["AS"], "younger": [], "talon": []}', encoding="utf-8")
    assert main(["play", "piquet", "--deal", str(broken), "--auto"]) == 2
    assert "whole pack of 32 cards" in capsys.readouterr().err
    assert main(["explain", "piquet", "--seed", "1", "--variant", "partie7"]) == 2
    assert "unknown variant 'partie7'" in capsys.readouterr().err


def test_a_script_that_stops_early_is_reported() -> None:
    out = io.StringIO()
    state = play_text(GAME, script_reader(EXCHANGE), out, seed=3)
    assert not state.is_over() and "stopped before the end of the deal" in out.getvalue()
    with pytest.raises(IllegalAction):
        play_text(GAME, script_reader(["play AS"]), io.StringIO(), seed=3)
