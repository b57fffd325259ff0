"""The site's web fonts: free fonts subset to the characters the built pages show.

``Stichwort Serif`` is Gentium Plus (SIL International, SIL Open Font License 1.1): Latin
with long s (``ſ``), the double oblique hyphen (``⸗``) and the combining small e
(U+0364) of the diplomatic layer, in four styles. Two fallbacks take only what it
lacks: ``Stichwort Marks`` (Junicode, OFL: medieval combining letters such as U+1DD1)
and ``Stichwort Symbols`` (Noto Sans Symbols 2, OFL: card suits, shapes that the OCR
saw in ornaments). Debian packages supply the sources; each is cut down with fontTools
to the characters used in ``build/site`` and written as WOFF2 to ``assets/fonts/``, with
its licence beside it. ``assets/stichwort.css`` loads them with ``@font-face``.

A subset is a modified version under the OFL, and "Gentium" and "SIL" are Reserved
Font Names, so every subset is renamed.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lxml import etree, html

from normalise.textio import atomic_write
from sitegen.text_page import read_page_data

__all__ = [
    "FAMILIES",
    "Family",
    "FontError",
    "licence_text",
    "main",
    "page_characters",
    "site_characters",
    "stylesheet_characters",
    "subset_font",
    "write_fonts",
]


@dataclass(frozen=True)
class Family:
    """One shipped font family: its name on the site, its Debian source and styles."""

    name: str
    slug: str
    upstream: str
    package: str
    licence: Path
    styles: dict[str, tuple[Path, str]]
    """Output style (``regular`` ...) -> (source font file, style name)."""

    def file(self, style: str) -> str:
        """The output file of a style: ``stichwort-serif-regular.woff2``."""
        return f"stichwort-{self.slug}-{style}.woff2"


_GENTIUM = Path("/usr/share/fonts/truetype/gentiumplus")
FAMILIES = (
    Family(
        "Stichwort Serif",
        "serif",
        "Gentium Plus",
        "fonts-sil-gentiumplus",
        Path("/usr/share/doc/fonts-sil-gentiumplus/copyright"),
        {
            "regular": (_GENTIUM / "GentiumPlus-Regular.ttf", "Regular"),
            "bold": (_GENTIUM / "GentiumPlus-Bold.ttf", "Bold"),
            "italic": (_GENTIUM / "GentiumPlus-Italic.ttf", "Italic"),
            "bold-italic": (_GENTIUM / "GentiumPlus-BoldItalic.ttf", "Bold Italic"),
        },
    ),
    Family(
        "Stichwort Marks",
        "marks",
        "Junicode",
        "fonts-junicode",
        Path("/usr/share/doc/fonts-junicode/copyright"),
        {
            "regular": (
                Path("/usr/share/fonts/opentype/junicode/JunicodeTwoBeta-Regular.otf"),
                "Regular",
            )
        },
    ),
    Family(
        "Stichwort Symbols",
        "symbols",
        "Noto Sans Symbols 2",
        "fonts-noto-core",
        Path("/usr/share/doc/fonts-noto-core/copyright"),
        {
            "regular": (
                Path("/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf"),
                "Regular",
            )
        },
    ),
)
"""In fallback order: a family after the first gets only the characters before it lack."""
ALWAYS = frozenset(chr(c) for c in (*range(0x20, 0x7F), *range(0xA0, 0x180)))
"""Characters the first family keeps whatever the pages use: what a reader may type."""
SHOWN_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label", "data-tip", "data-n", "value")
"""Attributes whose values the pages show (``data-tip`` and ``data-n`` through CSS)."""
SKIPPED = frozenset({"script", "style", "svg", "head", "template"})
FEATURES = ["*"]
"""Every OpenType layout feature is kept (mark positioning for U+0364, small caps ...)."""
_CONTENT = re.compile(r"content\s*:\s*([^;}]*)")
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


class FontError(Exception):
    """A source font or its licence is missing, or a page cannot be read."""


def _visible(element: etree._Element, chars: set[str]) -> None:
    """Add the characters shown by ``element`` and its descendants (not its tail)."""
    tag = element.tag if isinstance(element.tag, str) else ""
    if tag in SKIPPED or not tag:
        return
    chars.update(element.text or "")
    for name in SHOWN_ATTRIBUTES:
        chars.update(element.get(name) or "")
    for child in element:
        _visible(child, chars)
        chars.update(child.tail or "")


def page_characters(document: str | bytes) -> set[str]:
    """The characters a reader can see on one HTML page: text outside ``<head>``,
    scripts, styles and SVG, and the attribute values shown as text."""
    chars: set[str] = set()
    _visible(html.document_fromstring(document), chars)
    return {c for c in chars if c.isprintable() and c != "\u00ad"}


def stylesheet_characters(css: str) -> set[str]:
    """The characters of the string literals of ``content:`` declarations."""
    chars: set[str] = set()
    for value in _CONTENT.findall(css):
        for literal in _STRING.findall(value):
            chars.update(
                re.sub(r"\\([0-9a-fA-F]{1,6}) ?", lambda m: chr(int(m.group(1), 16)), literal)
            )
    return {c for c in chars if c.isprintable()}


def _strings(value: object) -> list[str]:
    """The strings of a JSON value."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def data_file_characters(script: str) -> set[str]:
    """The characters a text page shows from its data file (``<page>.data.js``: HTML
    parts the page's script puts in on demand, such as the diplomatic layer)."""
    chars: set[str] = set()
    for part in _strings(read_page_data(script)):
        chars |= page_characters("<html><body><div>" + part + "</div></body></html>")
    return chars


def site_characters(site: Path) -> set[str]:
    """The characters shown on the HTML pages under ``site`` (with what their data files
    put in on demand) and by the edition's stylesheet (``assets/stichwort.css``)."""
    chars: set[str] = set()
    pages = sorted(site.rglob("*.html")) + sorted(site.rglob("*.data.js"))
    for k, path in enumerate(pages, 1):
        try:
            if path.name.endswith(".data.js"):
                chars |= data_file_characters(path.read_text(encoding="utf-8"))
            else:
                chars |= page_characters(path.read_bytes())
        except (OSError, etree.ParserError, ValueError) as err:
            raise FontError(f"{path}: cannot read the page: {err}") from err
        if k % 25 == 0 or k == len(pages):
            print(f"fonts: read {k}/{len(pages)} pages", file=sys.stderr)
    css = site / "assets" / "stichwort.css"
    if css.is_file():
        chars |= stylesheet_characters(css.read_text(encoding="utf-8"))
    return chars


def _cmap(path: Path) -> set[str]:
    """The characters a font file maps to glyphs."""
    from fontTools.ttLib import TTFont

    try:
        with TTFont(path, lazy=True) as font:
            return {chr(c) for c in font.getBestCmap()}
    except OSError as err:
        raise FontError(f"{path}: cannot read the font: {err}") from err


def _rename(font: object, family: str, style: str) -> None:
    """Give a subset its site family name (no Reserved Font Name)."""
    table = font["name"]  # type: ignore[index]
    postscript = family.replace(" ", "") + "-" + style.replace(" ", "")
    new = {
        1: family,
        2: style,
        3: f"{postscript}; a subset made by Stichwort",
        4: f"{family} {style}",
        6: postscript,
    }
    for record in table.names:
        if record.nameID in new:
            record.string = new[record.nameID]
    for name_id in (16, 17, 18, 21, 22, 25):
        table.removeNames(nameID=name_id)


def subset_font(source: Path, chars: Iterable[str], family: str, style: str) -> bytes:
    """``source`` cut down to ``chars`` and renamed ``family``, as WOFF2 bytes."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = FEATURES
    options.hinting = False
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.drop_tables += [
        "Silf",
        "Silt",
        "Sill",
        "Glat",
        "Gloc",
        "Feat",
    ]  # Graphite: no browser use
    try:
        font = TTFont(source)
    except OSError as err:
        raise FontError(f"{source}: cannot read the font: {err}") from err
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted({ord(c) for c in chars}))
    subsetter.subset(font)
    _rename(font, family, style)
    with tempfile.TemporaryFile() as buffer:
        font.flavor = "woff2"
        font.save(buffer)
        buffer.seek(0)
        return buffer.read()


def _stanzas(text: str) -> list[dict[str, str]]:
    """The paragraphs of a Debian copyright file as field -> value (continuation lines
    joined with newlines, a " ." line as an empty line)."""
    stanzas: list[dict[str, str]] = []
    for block in re.split(r"\n\s*\n", text):
        fields: dict[str, str] = {}
        key = ""
        for line in block.splitlines():
            if line[:1] in (" ", "\t") and key:
                fields[key] += "\n" + ("" if line.strip() == "." else line[1:])
            elif ":" in line:
                key, value = line.split(":", 1)
                fields[key] = value.strip()
        if fields:
            stanzas.append(fields)
    return stanzas


def licence_text(family: Family) -> str:
    """What ships beside a family's fonts: where they come from, the upstream copyright
    and the full licence, from the Debian package's copyright file."""
    try:
        stanzas = _stanzas(family.licence.read_text(encoding="utf-8"))
    except OSError as err:
        raise FontError(
            f"{family.licence}: cannot read the licence (Debian package {family.package}): {err}"
        ) from err
    files = next((s for s in stanzas if s.get("Files") == "*"), {})
    texts = [s["License"] for s in stanzas if s.get("License", "").startswith("OFL")]
    full = max(texts, key=len, default="")
    if "\n" not in full:
        raise FontError(f"{family.licence}: no full text of the SIL Open Font License")
    name, _, body = full.partition("\n")
    copyright_ = files.get("Copyright", "").strip()
    return (
        f"The fonts stichwort-{family.slug}-*.woff2 are subsets of {family.upstream}, renamed "
        f"{family.name}.\n\nCopyright: {copyright_}\n"
        f"License: SIL Open Font License, Version 1.1 ({name})\n\n{body.strip()}\n"
    )


def write_fonts(site: Path, families: Sequence[Family] = FAMILIES) -> dict[str, int]:
    """Subset every family to the characters of ``site`` that the families before it
    lack, into ``site/assets/fonts``; returns the bytes written per file. Characters no
    family covers are reported on standard error."""
    needed = site_characters(site)
    out = site / "assets" / "fonts"
    sizes: dict[str, int] = {}
    missing = set(needed) | ALWAYS
    for k, family in enumerate(families):
        mine = missing & _cmap(family.styles["regular"][0])
        if not mine:
            continue
        for style, (source, style_name) in family.styles.items():
            data = subset_font(source, mine, family.name, style_name)
            target = out / family.file(style)
            atomic_write(target, data)
            sizes[target.name] = len(data)
            print(f"fonts: wrote {target} ({len(data):,} bytes)", file=sys.stderr)
        licence = licence_text(family).encode("utf-8")
        atomic_write(out / f"LICENSE-{family.slug}.txt", licence)
        sizes[f"LICENSE-{family.slug}.txt"] = len(licence)
        missing -= mine if k else mine | ALWAYS
    left = sorted(missing & needed)
    if left:
        print(
            "fonts: warning: no shipped font covers "
            + ", ".join(f"U+{ord(c):04X} {c}" for c in left),
            file=sys.stderr,
        )
    return sizes


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m sitegen.fonts --site build/site``."""
    parser = argparse.ArgumentParser(
        prog="python -m sitegen.fonts",
        description="Subset the site's web fonts (Gentium Plus, Junicode, Noto Sans "
        "Symbols 2; all OFL) to the characters of the built pages and write them as WOFF2 "
        "to SITE/assets/fonts/ with their licences.",
    )
    parser.add_argument("--site", type=Path, default=Path("build/site"), help="the built site")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"error: {args.site}/index.html: no built site (run make pages)", file=sys.stderr)
        return 2
    try:
        sizes = write_fonts(args.site)
    except FontError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"fonts: {sum(sizes.values()):,} bytes in {len(sizes)} files", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
