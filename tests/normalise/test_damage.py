"""Synthetic damage: seeded, Fraktur-shaped, and mapped word by word to the clean text."""

from __future__ import annotations

from normalise.damage import damage

CLEAN = (
    "Die hier beschriebene Maschine hat keinen anderen Zweck, als Wasser in Verbindung "
    "mit verschiedenen Substanzen mit diesen Gasen zu sättigen. Man fand es indessen "
    "vortheilhaft, die Maschine so einzurichten, daß sie das gesättigte Wasser liefert. "
) * 20


def test_same_seed_same_damage_other_seed_other_damage() -> None:
    assert damage(CLEAN, 3).text == damage(CLEAN, 3).text
    assert damage(CLEAN, 3).text != damage(CLEAN, 4).text


def test_undamaged_words_stand_where_the_map_says() -> None:
    d = damage(CLEAN, 5, rate=0.03, long_rate=0.5)
    assert d.clean == CLEAN
    damaged = [w for w in d.words if w.damaged]
    assert damaged and len(damaged) < len(d.words)
    for w in d.words:
        word = CLEAN[w.clean_start : w.clean_end]
        if w.damaged:
            assert d.text[w.start : w.end] != word
        else:
            assert d.text[w.start : w.end] == word


def test_long_s_is_read_as_f_only_inside_a_word() -> None:
    d = damage("Wasser Haus indessen " * 50, 1, rate=0.0, long_rate=1.0)
    words = d.text.split()
    assert set(words) <= {
        "Waffer",
        "Wajfer",
        "Wafjer",
        "Wajjer",
        "Haus",
        "indeffen",
        "indejfen",
        "indefjen",
        "indejjen",
    }
    assert "Haus" in words and "Waffer" in words


def test_no_damage_at_rate_zero() -> None:
    assert damage(CLEAN, 2, rate=0.0, long_rate=0.0).text == CLEAN
