"""The shipped web fonts (sitegen/fonts.py): every character of the built site is in
one of them, they are renamed subsets with their licence, and the pages use them."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from sitegen import fonts
from sitegen.text_page import read_page_data
from tests.conftest import built

TAG = re.compile(r"<(script|style|svg)\b.*?</\1>|<[^>]*>", re.S)
SHOWN = re.compile(r'\s(?:title|alt|placeholder|aria-label|data-tip|data-n|value)="([^"]*)"')
DIPLOMATIC = {"ſ": "long s", "⸗": "double oblique hyphen", "\u0364": "combining small e"}


def _shipped() -> dict[str, set[str]]:
    """Characters mapped by each shipped WOFF2 file."""
    folder = built("site/assets/fonts")
    files = sorted(folder.glob("*.woff2"))
    assert files, f"no fonts in {folder}"
    out = {}
    for path in files:
        with TTFont(path) as font:
            out[path.name] = {chr(c) for c in font.getBestCmap()}
    return out


def _characters(text: str) -> set[str]:
    """Every character of a page's text and shown attributes (tags, scripts, styles and
    SVG dropped; a superset of what the reader sees, since <head> text stays in)."""
    shown = "".join(SHOWN.findall(text))
    return {c for c in html.unescape(TAG.sub(" ", text) + html.unescape(shown)) if c.isprintable()}


def test_every_character_of_the_site_is_in_a_shipped_font() -> None:
    site = built("site/index.html").parent
    covered = set().union(*_shipped().values())
    missing: dict[str, list[str]] = {}
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 20
    used: set[str] = set()
    # a light text page's data file holds HTML that its script shows on demand (the
    # diplomatic and raw layers among it)
    for page in [*pages, *sorted(site.rglob("*.data.js"))]:
        text = page.read_text(encoding="utf-8")
        if page.name.endswith(".data.js"):
            text = " ".join(fonts._strings(read_page_data(text)))
        chars = _characters(text)
        used |= chars
        for c in sorted(chars - covered):
            missing.setdefault(f"U+{ord(c):04X} {c}", []).append(page.name)
    css = (site / "assets" / "stichwort.css").read_text(encoding="utf-8")
    for c in fonts.stylesheet_characters(css) - covered:
        missing.setdefault(f"U+{ord(c):04X} {c}", []).append("stichwort.css")
    assert not missing, {k: v[:3] for k, v in missing.items()}
    # the characters of the diplomatic layer are used and covered
    for char, name in DIPLOMATIC.items():
        assert char in used, name


def test_fonts_are_renamed_subsets_with_their_licence() -> None:
    folder = built("site/assets/fonts")
    shipped = _shipped()
    for family in fonts.FAMILIES:
        files = [family.file(style) for style in family.styles]
        if not any(f in shipped for f in files):
            continue
        licence = (folder / f"LICENSE-{family.slug}.txt").read_text(encoding="utf-8")
        assert "SIL OPEN FONT LICENSE" in licence.upper() and family.upstream in licence
        assert "Copyright" in licence
        for name in files:
            with TTFont(folder / name) as font:
                names = {r.nameID: r.toUnicode() for r in font["name"].names}
                upstream = TTFont(family.styles["regular"][0], lazy=True)
                assert len(font.getBestCmap()) < len(upstream.getBestCmap()) / 2, name
            assert names[1] == family.name, name
            assert not any("Gentium" in v or "SIL" in v for k, v in names.items() if k in (1, 4, 6))
    serif = shipped["stichwort-serif-regular.woff2"]
    assert all(c in serif for c in DIPLOMATIC), "the text font itself covers the diplomatic layer"
    total = sum((folder / n).stat().st_size for n in shipped)
    assert total < 250_000, total  # subsets, not the 1.3 MB of the four Gentium styles


def test_stylesheet_loads_every_shipped_font() -> None:
    css = built("site/assets/stichwort.css").read_text(encoding="utf-8")
    urls = set(re.findall(r'url\("fonts/([^"]+)"\)', css))
    assert set(_shipped()) <= urls
    assert '--md-text-font: "Stichwort Serif"' in css


def test_page_characters_reads_text_and_shown_attributes_only() -> None:
    page = (
        "<html><head><title>Tĭtle</title><style>p{content:'ß'}</style></head><body>"
        '<p title="ǣ">Spiel<span class="sw-mark" data-tip="OCR: ⸗">ſ</span>x&#x364;</p>'
        "<script>var s = 'Ω';</script><svg><text>Ж</text></svg>tail</body></html>"
    )
    chars = fonts.page_characters(page)
    assert {"ǣ", "⸗", "ſ", "\u0364", "S", "t"} <= chars
    assert not {"Ω", "Ж", "ĭ", "ß"} & chars


def test_stylesheet_characters_reads_content_strings() -> None:
    css = '.a::before { content: "◦"; } .b::after { content: "[" attr(data-n) "]"; } .c { color: "x" }'
    assert fonts.stylesheet_characters(css) == {"◦", "[", "]"}


def test_licence_text_from_a_debian_copyright_file(tmp_path: Path) -> None:
    copyright_file = tmp_path / "copyright"
    copyright_file.write_text(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\n"
        "Files: *\nCopyright: 2020 Some Foundry\nLicense: OFL-1.1\n\n"
        "License: OFL-1.1\n SIL OPEN FONT LICENSE Version 1.1\n .\n PREAMBLE\n text\n",
        encoding="utf-8",
    )
    family = fonts.Family("Stichwort Test", "test", "Upstream Sans", "pkg", copyright_file, {})
    text = fonts.licence_text(family)
    assert "Upstream Sans, renamed Stichwort Test" in text
    assert "Copyright: 2020 Some Foundry" in text
    assert "SIL OPEN FONT LICENSE Version 1.1\n\nPREAMBLE\ntext" in text
    copyright_file.write_text("Files: *\nLicense: MIT\n", encoding="utf-8")
    with pytest.raises(fonts.FontError, match="copyright"):
        fonts.licence_text(family)


def test_fonts_command_refuses_a_missing_site(tmp_path: Path, capsys) -> None:
    assert fonts.main(["--site", str(tmp_path / "nowhere")]) == 2
    assert "nowhere/index.html" in capsys.readouterr().err
