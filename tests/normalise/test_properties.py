"""Properties that hold for every input: reversible, idempotent, no crash.

The examples come from the Hypothesis profile of ``tests/conftest.py``: fixed and
derandomised in ``make test``, many and random in ``make fuzz``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from normalise import apply_edits, check_edits, repair, restore_raw

FRAKTURISH = st.lists(
    st.sampled_from(
        [
            *list("abcdefghijklmnopqrstuvwxyzäöüßſABCDEFGHIJKLMNOPRSTUVWZ0123456789"),
            " ",
            " ",
            " ",
            "\n",
            ".",
            ",",
            ";",
            ")",
            "(",
            "⸗",
            "-",
            "=",
            "¬",
            "�",
            "ꝛc.",
            "§",
            "ͤ",
            "\xa0",
            "ift ",
            "fie ",
            "wel⸗ chem ",
            "Da me ",
            "3. B. ",
            "1. 1. ",
            "\r",
            "\r\n",
            "\n\n",
            "0B",
            " § ",
            "\x00",
            "\x07",
            "Das ",
            "ist ",
            "«",
            "»",
            "di« ",
            "»oll ",
            "ihreKosten ",
            "Eisenoder ",
            "Bcschreibu ng ",
            "Antworf ",
            "bie ",
            "Berlagg ",
            "Perlagg ",
            "Eicheljiebener ",
            "siebener ",
        ]
    ),
    max_size=120,
).map("".join)
ANY_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200)
# the minimal cases that once broke idempotency (issue 10) and those Hypothesis found
IDEMPOTENCY_CASES = [
    "0B\n\n0",
    " §\n\na",
    "0\r\n\n0",
    "ist\n\n Das",
    "Da me aDa me aDa me n,",
    "1. 1. \nö1lOf;cj",
]


def check(raw: str) -> None:
    r = repair(raw)
    check_edits(raw, r.edits)
    assert apply_edits(raw, r.edits) == r.reading
    assert restore_raw(r.reading, r.edits) == raw
    for p in r.proposals:
        assert raw[p.start : p.end] == p.original


@given(FRAKTURISH)
def test_fraktur_like_text_round_trips(raw: str) -> None:
    check(raw)


@given(ANY_TEXT)
def test_any_text_round_trips(raw: str) -> None:
    check(raw)


def assert_idempotent(raw: str) -> None:
    once = repair(raw).reading
    again = repair(once)
    assert again.edits == [], (raw, once, again.edits)


@given(FRAKTURISH)
def test_repair_is_idempotent(raw: str) -> None:
    assert_idempotent(raw)


@given(ANY_TEXT)
def test_repair_of_any_text_is_idempotent(raw: str) -> None:
    assert_idempotent(raw)


@pytest.mark.parametrize("raw", IDEMPOTENCY_CASES)
def test_minimal_idempotency_cases(raw: str) -> None:
    check(raw)
    assert_idempotent(raw)


def test_idempotent_on_the_seeds(root) -> None:  # type: ignore[no-untyped-def]
    for path in sorted((root / "corpus").glob("*/raw.txt")):
        assert_idempotent(path.read_text(encoding="utf-8"))


def test_empty_and_degenerate_inputs() -> None:
    for raw in [
        "",
        " ",
        "\n\n",
        "\x00",
        "\x00ſ\x00",
        "\ufffd",
        "\ufffd" * 50,
        "ſ" * 1000,
        "-" * 100,
        "⸗ ⸗ ⸗",
        "1 2 3 4 5 6 7 8 9 10 11 12",
        "\U000116d0 12 x",
    ]:
        check(raw)


def test_found_by_hypothesis_stay_fixed() -> None:
    for raw in [
        " 3. B. ",
        "r3. B. ",
        "r1. 1. a",
        "\xa01. 1. a",
        "1. 1. \n1. 1. a",
        "oV0",
        "aſſ\ne",
        "0 ",
    ]:
        check(raw)
        assert_idempotent(raw)


def test_one_megabyte_on_one_line() -> None:
    raw = ("Das iſt ein Spiel, wel⸗ chem mu\ufffd man fagen 12 " * 22_000)[:1_000_000]
    r = repair(raw)
    assert restore_raw(r.reading, r.edits) == raw
    assert "ſ" not in r.reading
