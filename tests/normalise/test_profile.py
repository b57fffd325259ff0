"""Per-source repair profiles: read from meta.toml, refused with file and key when wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus import SIGLA, load_source
from normalise.profile import NONE, load_profile, profile_of


def _meta(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "meta.toml"
    path.write_text('siglum = "x"\n' + body, encoding="utf-8")
    return path


def test_no_profile_table_is_the_empty_profile(tmp_path: Path) -> None:
    assert load_profile(_meta(tmp_path, "")) == NONE
    assert not NONE.colon_hyphens and not NONE.players and not NONE.confusions


def test_a_profile_is_read(tmp_path: Path) -> None:
    profile = load_profile(
        _meta(
            tmp_path,
            '[profile]\ncolon_hyphens = true\nplayers = "AB"\n'
            'player_misreadings = { U = "A" }\nconfusions = [["T", "s", -2]]\n',
        )
    )
    assert profile.colon_hyphens and profile.players == "AB"
    assert profile.player_misreadings == {"U": "A"}
    assert profile.confusions == (("T", "s", -2.0),)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[profile]\ncolour = 1\n", "unknown keys"),
        ("[profile]\ncolon_hyphens = 1\n", "colon_hyphens"),
        ('[profile]\nplayers = "ab"\n', "players"),
        ('[profile]\nplayers = "A"\nplayer_misreadings = { U = "B" }\n', "player_misreadings"),
        ('[profile]\nconfusions = [["T", "s"]]\n', "confusion #1"),
        ('[profile]\nconfusions = [["T", "s", 0.5]]\n', "confusion #1"),
        ("profile = 3\n", "must be a table"),
    ],
)
def test_a_bad_profile_names_file_and_key(tmp_path: Path, body: str, message: str) -> None:
    path = _meta(tmp_path, body)
    with pytest.raises(ValueError, match=message) as error:
        load_profile(path)
    assert str(path) in str(error.value)


def test_every_corpus_profile_is_valid() -> None:
    for siglum in SIGLA:
        source = load_source(siglum)
        profile_of(source.meta, source.directory / "meta.toml")
