"""The command-line program: help on every subcommand, clear errors on bad input."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from stichwort.cli import build_parser, main

SUBCOMMANDS = (
    "repair",
    "restore",
    "build",
    "text",
    "validate",
    "check",
    "export",
    "conform",
    "site",
    "play",
    "explain",
    "coverage",
)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stichwort", *args], capture_output=True, text=True, check=False
    )


def test_every_subcommand_is_registered() -> None:
    choices = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert set(SUBCOMMANDS) <= set(choices)


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_every_subcommand_has_help(command: str) -> None:
    result = run(command, "--help")
    assert result.returncode == 0
    assert "usage: stichwort " + command in result.stdout
    assert len(result.stdout.splitlines()) > 3


def test_top_level_help_lists_the_subcommands() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in SUBCOMMANDS:
        assert command in result.stdout


def test_missing_input_file_is_named_in_the_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nope.txt"
    assert main(["repair", str(missing)]) == 2
    assert str(missing) in capsys.readouterr().err


def test_text_of_a_broken_xml_file_fails_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_text("<TEI><text>", encoding="utf-8")
    assert main(["text", str(broken)]) == 2
    assert "broken.xml" in capsys.readouterr().err


def test_unknown_siglum_is_refused() -> None:
    result = run("build", "--sigla", "nosuchbook")
    assert result.returncode == 2
    assert "nosuchbook" in result.stderr
