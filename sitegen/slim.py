"""Make the built site lighter: drop the theme's CSS rules that no page can match, and
take the indentation out of the HTML.

The theme (mkdocs-material) ships one stylesheet for every feature it has; a page of
the edition fetches all of it. :func:`slim_site` keeps a rule when some selector of it
can match: every class it requires occurs in a page of the site or in one of the
site's scripts (which add classes at run time), and every ``data-md-color-*`` value it
requires occurs in a page. Rules inside ``@media`` and ``@supports`` are judged one by
one; other at-rules (fonts, keyframes) are kept. The edition's own stylesheets are left
as they are. The light text pages, which do not load the theme's bundle, get a
stylesheet of their own, purged for them alone (their link is rewritten to it).

HTML is shortened by dropping the white space that starts a line, outside ``<pre>``,
``<textarea>`` and ``<script>``; the text a reader sees is the same, since a browser
collapses that white space anyway.
"""

from __future__ import annotations

import re
from pathlib import Path

from normalise.textio import atomic_write

__all__ = ["light_pages", "minify_html", "purge_css", "read_files", "slim_site", "used_names"]

LIGHT_CSS = "light.min.css"
"""The theme's main stylesheet for the light pages (``assets/stylesheets/``), purged for
them alone: they do not load the theme's bundle, so the classes it adds are not needed."""
THEME_CSS = ("assets/stylesheets/main.*.min.css", "assets/stylesheets/palette.*.min.css")
_CLASS_ATTR = re.compile(rb'class="([^"]*)"')
_COLOR_ATTR = re.compile(rb'(data-md-color-[a-z]+)="([^"]*)"')
_JS_WORD = re.compile(rb"[A-Za-z_][A-Za-z0-9_-]*")
_SEL_CLASS = re.compile(r"\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)")
_SEL_COLOR = re.compile(r"\[(data-md-color-[a-z]+)=[\"']?([^\]\"']*)[\"']?\]")
_GROUP = re.compile(r":(is|where|matches|-webkit-any|-moz-any|has|not)\(([^()]*)\)")
_NEVER = "_no-such-class_"
"""Stands for a group of alternatives none of which can match."""
_KEEP_BLOCK = re.compile(r"(<(pre|textarea|script)\b.*?</\2>)", re.S | re.I)
_INDENT = re.compile(r"\n[ \t]+")
_MAIN_CSS = re.compile(
    r'(<link rel="stylesheet" href="[^"]*assets/stylesheets/)main\.[0-9a-f]+\.min\.css(")'
)


Files = dict[Path, bytes]
"""The pages, scripts and stylesheets of a site read once (:func:`read_files`), by path."""


def read_files(site: Path) -> Files:
    """Every page, script and stylesheet of ``site`` (``.html``, ``.js``, ``.css``)."""
    return {
        path: path.read_bytes()
        for path in site.rglob("*")
        if path.suffix in (".html", ".js", ".css") and path.is_file()
    }


def _paths(site: Path, suffix: str, files: Files | None) -> list[Path]:
    """The files of ``site`` ending in ``suffix``: of ``files`` when given."""
    if files is None:
        return list(site.rglob(f"*{suffix}"))
    return [path for path in files if path.suffix == suffix]


def _bytes(path: Path, files: Files | None) -> bytes:
    """The content of ``path``: from ``files`` when it holds it."""
    return files[path] if files is not None and path in files else path.read_bytes()


def _text(raw: bytes) -> str:
    """``raw`` decoded as ``Path.read_text(encoding="utf-8")`` does (universal newlines)."""
    return raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def used_names(
    site: Path, light: bool = False, files: Files | None = None
) -> tuple[set[str], dict[str, set[str]]]:
    """Class names used by the site's pages and scripts, and the ``data-md-color-*``
    values of its pages; with ``light``, of the light pages (see :func:`light_pages`)
    and the scripts they may load (all but the theme's). ``files``: the site's files
    read already (:func:`read_files`)."""
    classes: set[str] = set()
    colors: dict[str, set[str]] = {}
    for page in light_pages(site, files) if light else _paths(site, ".html", files):
        raw = _bytes(page, files)
        for match in _CLASS_ATTR.finditer(raw):
            classes.update(match.group(1).decode().split())
        for match in _COLOR_ATTR.finditer(raw):
            colors.setdefault(match.group(1).decode(), set()).add(match.group(2).decode())
    for script in _paths(site, ".js", files):
        if light and "javascripts" in script.relative_to(site).parts:
            continue
        classes.update(w.decode() for w in _JS_WORD.findall(_bytes(script, files)))
    return classes, colors


def light_pages(site: Path, files: Files | None = None) -> list[Path]:
    """The pages that load the edition's script without the theme's bundle (the text
    pages). ``files``: the site's files read already (:func:`read_files`)."""
    return [
        p
        for p in _paths(site, ".html", files)
        if b"assets/stichwort.js" in (raw := _bytes(p, files))
        and b"javascripts/bundle." not in raw
    ]


def _can_match(selector: str, classes: set[str], colors: dict[str, set[str]]) -> bool:
    """Whether one complex selector may match an element of the site."""

    def simple(part: str) -> bool:
        if any(c not in classes or c == _NEVER for c in _SEL_CLASS.findall(part)):
            return False
        return all(value in colors.get(attr, set()) for attr, value in _SEL_COLOR.findall(part))

    def group(match: re.Match[str]) -> str:
        if match.group(1) == "not":  # a negation never requires a class
            return ""
        alternatives = _split(match.group(2))
        return "" if any(simple(a) for a in alternatives) else f".{_NEVER}"

    previous = None
    while previous != selector:
        previous, selector = selector, _GROUP.sub(group, selector)
    return simple(selector)


def _split(selectors: str) -> list[str]:
    """A selector list split at its top-level commas."""
    out, depth, start = [], 0, 0
    for k, ch in enumerate(selectors):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(selectors[start:k])
            start = k + 1
    out.append(selectors[start:])
    return [s.strip() for s in out if s.strip()]


def _blocks(css: str) -> list[tuple[str, str]]:
    """Top-level ``(prelude, body)`` pairs of a stylesheet (body without its braces);
    a statement without a body (``@charset``, ``@import``) has body ``None``-like ``""``
    and keeps its semicolon in the prelude."""
    out: list[tuple[str, str]] = []
    k, n = 0, len(css)
    while k < n:
        brace = css.find("{", k)
        semi = css.find(";", k)
        if brace < 0:
            rest = css[k:].strip()
            if rest:
                out.append((rest, "\x00"))
            break
        if 0 <= semi < brace and css[k:semi].lstrip().startswith("@"):
            out.append((css[k : semi + 1].strip(), "\x00"))
            k = semi + 1
            continue
        depth, j = 0, brace
        while j < n:
            if css[j] == "{":
                depth += 1
            elif css[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            elif css[j] in "\"'":  # strings may hold braces
                j = css.index(css[j], j + 1)
            j += 1
        out.append((css[k:brace].strip(), css[brace + 1 : j]))
        k = j + 1
    return out


def _declarations(body: str) -> list[str]:
    """The declarations of a rule body, split at top-level semicolons."""
    out, depth, start, quote = [], 0, 0, ""
    for k, ch in enumerate(body):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == ";" and depth == 0:
            out.append(body[start:k])
            start = k + 1
    out.append(body[start:])
    return [d for d in out if d.strip()]


def purge_css(
    css: str,
    classes: set[str],
    colors: dict[str, set[str]],
    variables: set[str] | None = None,
) -> str:
    """``css`` without the rules none of whose selectors can match (see the module); with
    ``variables`` (the custom properties read anywhere, ``--name``), without the
    declarations of the other custom properties."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out: list[str] = []
    for prelude, body in _blocks(css):
        if body == "\x00":
            out.append(prelude)
        elif prelude.startswith(("@media", "@supports", "@layer", "@container")):
            inner = purge_css(body, classes, colors, variables)
            if inner:
                out.append(f"{prelude}{{{inner}}}")
        elif prelude.startswith("@"):
            out.append(f"{prelude}{{{body}}}")
        else:
            kept = [s for s in _split(prelude) if _can_match(s, classes, colors)]
            if variables is not None:
                body = ";".join(
                    d
                    for d in _declarations(body)
                    if not d.strip().startswith("--") or d.split(":", 1)[0].strip() in variables
                )
            if kept and body.strip():
                out.append(f"{','.join(kept)}{{{body}}}")
    return "".join(out)


_VAR = re.compile(rb"var\(\s*(--[\w-]+)")


def read_variables(site: Path, css: str, files: Files | None = None) -> set[str]:
    """The custom properties read by ``css`` or by any stylesheet, script or page of
    ``site`` other than the theme's main stylesheet (a property that only an unread
    property reads is kept: harmless). ``files``: the site's files read already
    (:func:`read_files`)."""
    found = {m.decode() for m in _VAR.findall(css.encode())}
    for path in site.rglob("*") if files is None else files:
        theme_main = path.name == LIGHT_CSS or path.name.startswith("main.")
        if path.suffix in (".css", ".js", ".html") and not theme_main:
            found.update(m.decode() for m in _VAR.findall(_bytes(path, files)))
    return found


def minify_html(html: str) -> str:
    """``html`` without the white space that starts its lines (outside ``pre``,
    ``textarea`` and ``script``)."""
    parts = _KEEP_BLOCK.split(html)
    out: list[str] = []
    k = 0
    while k < len(parts):
        out.append(_INDENT.sub("\n", parts[k]))
        if k + 1 < len(parts):
            out.append(parts[k + 1])  # the kept block as it is
        k += 3
    return re.sub(r"\n{2,}", "\n", "".join(out))


OWN_ASSETS = ("stichwort.js", "search.js", "stichwort.css", "search.css", "print.css")
"""The edition's own scripts and stylesheets (``site/overrides/assets``), minified."""
_BLOCK_COMMENT = re.compile(r"^[ \t]*/\*.*?\*/[ \t]*\n", re.S | re.M)
_LINE_COMMENT = re.compile(r"^[ \t]*//[^\n]*\n", re.M)


def minify_asset(text: str, kind: str) -> str:
    """A script (``js``) or stylesheet (``css``) without its comment lines, the white
    space that starts its lines and its blank lines. Only comments that start a line are
    removed, so no string is touched; line breaks stay (a script keeps its statements'
    ends). A script with a template literal is left as it is."""
    if kind == "js" and "`" in _LINE_COMMENT.sub("", _BLOCK_COMMENT.sub("", text)):
        return text
    text = _BLOCK_COMMENT.sub("", text)
    if kind == "js":
        text = _LINE_COMMENT.sub("", text)
    text = _INDENT.sub("\n", text).lstrip()
    return re.sub(r"\n{2,}", "\n", text)


def slim_site(site: Path) -> dict[str, int]:
    """Purge the theme's stylesheets, minify the edition's own scripts and stylesheets and
    every page of ``site``; returns the bytes saved by kind (``css``, ``js``, ``html``)."""
    files = read_files(site)  # each file read once; nothing below changes a file it reads
    classes, colors = used_names(site, files=files)
    light = used_names(site, light=True, files=files)
    saved = {"css": 0, "html": 0}
    for pattern in THEME_CSS:
        for path in site.glob(pattern):
            text = _text(_bytes(path, files))
            if path.name.startswith("main."):
                slim = purge_css(text, *light)
                variables = read_variables(site, slim, files)
                atomic_write(path.parent / LIGHT_CSS, purge_css(slim, *light, variables))
            slim = purge_css(text, classes, colors)
            saved["css"] += len(text.encode()) - len(slim.encode())
            atomic_write(path, slim)
    for name in OWN_ASSETS:
        path = site / "assets" / name
        if path.is_file():
            text = _text(_bytes(path, files))
            slim = minify_asset(text, path.suffix[1:])
            saved[path.suffix[1:]] = saved.get(path.suffix[1:], 0) + len(text.encode()) - len(
                slim.encode()
            )
            atomic_write(path, slim)
    lighter = set(light_pages(site, files))
    for page in _paths(site, ".html", files):
        if page.relative_to(site).parts[0] == "dts":
            continue
        text = _text(files[page])
        slim = minify_html(text)
        if page in lighter:  # the theme's stylesheet purged for the light pages
            slim = _MAIN_CSS.sub(rf"\1{LIGHT_CSS}\2", slim)
        if slim != text:
            saved["html"] += len(text.encode()) - len(slim.encode())
            atomic_write(page, slim)
    return saved
