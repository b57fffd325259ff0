"""Properties that hold for every input: reversible, idempotent, no crash."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
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
        ]
    ),
    max_size=120,
).map("".join)
ANY_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(raw: str) -> None:
    r = repair(raw)
    check_edits(raw, r.edits)
    assert apply_edits(raw, r.edits) == r.reading
    assert restore_raw(r.reading, r.edits) == raw
    for p in r.proposals:
        assert raw[p.start : p.end] == p.original


@SETTINGS
@given(FRAKTURISH)
def test_fraktur_like_text_round_trips(raw: str) -> None:
    check(raw)


@SETTINGS
@given(ANY_TEXT)
def test_any_text_round_trips(raw: str) -> None:
    check(raw)


@SETTINGS
@given(FRAKTURISH)
def test_repair_is_idempotent(raw: str) -> None:
    once = repair(raw).reading
    assert repair(once).reading == once


def test_idempotent_on_the_seeds(root) -> None:  # type: ignore[no-untyped-def]
    for path in sorted((root / "corpus").glob("*/raw.txt")):
        once = repair(path.read_text(encoding="utf-8")).reading
        assert repair(once).reading == once, path


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
        once = repair(raw).reading
        assert repair(once).reading == once, raw


def test_one_megabyte_on_one_line() -> None:
    raw = ("Das iſt ein Spiel, wel⸗ chem mu\ufffd man fagen 12 " * 22_000)[:1_000_000]
    r = repair(raw)
    assert restore_raw(r.reading, r.edits) == raw
    assert "ſ" not in r.reading
