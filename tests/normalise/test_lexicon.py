"""The lexicon: Hunspell expansion, compounds, graceful degradation, the cache."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

from normalise import lexicon
from normalise.channel import variants
from normalise.hunspell import expand


def test_hunspell_affixes_expand(tmp_path: Path) -> None:
    aff = tmp_path / "x.aff"
    dic = tmp_path / "x.dic"
    aff.write_text(
        "SET UTF-8\nPFX G N 1\nPFX G 0 ge .\nSFX E Y 2\nSFX E 0 en [^e]\nSFX E 0 n e\n",
        encoding="utf-8",
    )
    dic.write_text("2\nSpiel/E\nKarte/EG\n", encoding="utf-8")
    assert set(expand(dic, aff)) == {"Spiel", "Spielen", "Karte", "Karten", "geKarte"}


def test_missing_dictionaries_only_warn(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(lexicon, "HUNSPELL", tmp_path / "none")
    monkeypatch.setattr(lexicon, "WORDLIST", tmp_path / "none" / "ogerman")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        paths = lexicon._sources()
    assert all("none" not in str(p) for p in paths)
    assert any("missing" in str(w.message) for w in caught)


def test_loaded_lexicon_knows_old_and_new_forms() -> None:
    lex = lexicon.load()
    for word in ("daß", "Spiel", "Karten", "schreibt", "Fluß", "muß"):
        assert lex.zipf(word) is not None, word
    assert lex.zipf("ift") is None and lex.zipf("fchreibt") is None
    assert lex.zipf("Laubzehner") is not None  # a compound of known words
    assert lex.zipf("muß") > 4  # frequency taken over from wordfreq's "muss"


def test_historical_spellings_are_dictionary_words() -> None:
    lex = lexicon.load()
    for word in ("seyn", "Theil", "Theile", "vortheilhaft"):
        assert lex.in_dictionary(word), word
    counts = lexicon.historical_counts()
    assert counts["seyn"] >= lexicon.HISTORICAL_MIN


def test_short_historical_forms_add_no_word(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = lexicon.historical_counts()
    short = [w for w in counts if len(w) < lexicon.HISTORICAL_MIN_LENGTH and w.isalpha()]
    monkeypatch.setitem(sys.modules, "wordfreq", None)  # the historical layer alone
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table, demoted = lexicon.build([lexicon.HISTORICAL])
    assert short and not any(w in table for w in short)
    assert "vortheilhaft" in table and "vortheilhaft" not in demoted


def test_lexicon_is_cached() -> None:
    lexicon.load()
    files = list(lexicon.cache_dir().glob("lexicon-*.pickle"))
    assert files, "load() writes its cache"


def test_channel_generates_fraktur_confusions() -> None:
    texts = {v.text for v in variants("fchreibt")}
    assert "schreibt" in texts
    assert "auch" in {v.text for v in variants("aud)")}
    fills = {v.text for v in variants("mu\ufffd")}
    assert "muß" in fills and "muÜ" not in fills
    first = next(iter(variants("Spiel")))
    assert first.text == "Spiel" and first.cost == 0
