"""Confusions learned from (OCR word, intended word) pairs."""

from __future__ import annotations

from normalise.learn import MAX_COST, MIN_COST, confusion, learn, word_pairs


def test_a_pair_reduces_to_its_one_differing_stretch() -> None:
    assert confusion("feinen", "keinen") == ("f", "k")
    assert confusion("aud)", "auch") == ("d)", "ch")
    assert confusion("Spiel", "Spiel") is None
    assert confusion("Waffer", "Wasser") == ("ff", "ss")
    assert confusion("gehen", "geben") == ("h", "b")
    assert confusion("Spieel", "Spiel") == ("ee", "e")
    assert confusion("abcdefgh", "a12345gh") is None  # too long a stretch


def test_word_pairs_come_from_one_for_one_replacements() -> None:
    pairs = word_pairs("Er fann aud) nicht spielen", "Er kann auch nicht spielen")
    assert pairs == [("fann", "kann"), ("aud)", "auch")]


def test_learn_counts_and_bounds() -> None:
    pairs = [("fann", "kann"), ("fein", "kein"), ("aud)", "auch"), ("Zaub", "Laub")]
    texts = ["kann kein auch Laub kalt"]
    learned = {(o, i): c for o, i, c in learn(pairs, texts, min_count=2)}
    assert set(learned) == {("f", "k")}
    assert MIN_COST <= learned[("f", "k")] <= MAX_COST
    assert learn(pairs, texts, min_count=1) != learn(pairs, texts, min_count=2)
