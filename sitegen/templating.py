"""The one place where text becomes HTML or Markdown: Jinja2 templates that escape.

Every page and every HTML fragment of the site is rendered from a template in
``sitegen/templates``. Escaping is automatic; no page writer escapes by hand:

- ``*.html`` templates (macros for fragments) autoescape every value for HTML, text
  and attribute values alike (``<``, ``>``, ``&``, ``"``, ``'``);
- ``*.md`` templates (pages) escape every value for Markdown: ``<``, ``>``, ``&`` as
  HTML entities and Markdown's syntax characters with a backslash, so that no heading
  or label can add markup, attributes (``{: onclick=…}``) or links. Their filters
  ``url`` (a link target, percent-encoded), ``yaml`` (a front-matter value) and
  ``theme`` (a front-matter value the theme prints unescaped: title, description)
  do the same for those places, and ``anchor`` lets only a plain id into an
  attribute list (``{#id}``);
- values that are already HTML (:class:`markupsafe.Markup`, such as a rendered
  fragment) are inserted as they are.

:func:`theme_text` escapes the navigation labels, which the theme also prints
unescaped. :func:`text` is HTML-escaped text, for the TEI renderer's text nodes.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2
from markupsafe import Markup, escape

__all__ = ["Markup", "anchor", "fragments", "markdown_text", "page", "text", "theme_text"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!|~])")


def markdown_text(value: object) -> Markup:
    """``value`` as literal text inside Markdown (HTML entities and backslashes)."""
    if isinstance(value, Markup):
        return value
    html = str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return Markup(_MD_SPECIAL.sub(r"\\\1", html))


def _url(value: object) -> Markup:
    """A relative link target for Markdown: percent-encoded, no scheme of its own."""
    target = quote(str(value), safe="/#.-_~%=:&")
    if ":" in target.split("/", 1)[0].split("#", 1)[0]:
        target = "./" + target  # never read as a scheme (javascript:)
    return Markup(target.replace("(", "%28").replace(")", "%29"))


def _yaml(value: object) -> Markup:
    """A YAML double-quoted scalar of the text (JSON is YAML)."""
    return Markup(json.dumps(str(value), ensure_ascii=False))


def theme_text(value: object) -> str:
    """HTML-escaped text for the places where the theme prints a value unescaped
    (navigation labels, page title, description)."""
    return str(escape(str(value)))


def _theme(value: object) -> Markup:
    return _yaml(theme_text(value))


_ANCHOR = re.compile(r"[A-Za-z_][\w.-]*")


def anchor(value: object) -> Markup:
    """An element id as it may stand in a Markdown attribute list (``{#id}``); any
    other text raises ``ValueError``."""
    if not _ANCHOR.fullmatch(str(value)):
        raise ValueError(f"not a safe element id: {str(value)[:40]!r}")
    return Markup(str(value))


def _code(value: object, language: str = "") -> Markup:
    """A fenced code block: its text stays literal (Markdown escapes it for HTML)."""
    body = str(value)
    fence = "```"
    while fence in body:
        fence += "`"
    return Markup(f"{fence}{language}\n{body}\n{fence}")


def _inline_code(value: object) -> Markup:
    """A code span: its text stays literal (Markdown escapes it for HTML)."""
    body = " ".join(str(value).splitlines())
    fence = "`"
    while fence in body:
        fence += "`"
    pad = " " if body.startswith("`") or body.endswith("`") else ""
    return Markup(f"{fence}{pad}{body}{pad}{fence}")


def _heading(level: object) -> Markup:
    """The ``#`` marks of a Markdown heading of ``level`` (1-6)."""
    return Markup("#" * min(max(int(str(level)), 1), 6))


def _environment(markdown: bool) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=markdown_text if markdown else None,
        # Markdown attribute lists ({#id}) would open Jinja comments
        comment_start_string="{##" if markdown else "{#",
        comment_end_string="##}" if markdown else "#}",
    )
    env.filters.update(
        url=_url,
        yaml=_yaml,
        theme=_theme,
        md=markdown_text,
        anchor=anchor,
        heading=_heading,
        code=_code,
        inline_code=_inline_code,
    )
    return env


@cache
def _html() -> jinja2.Environment:
    return _environment(markdown=False)


@cache
def _markdown() -> jinja2.Environment:
    return _environment(markdown=True)


@cache
def fragments(name: str) -> Any:
    """The macros of the HTML template ``name`` (``fragments.html``, ``tei.html``),
    callable from Python; each returns escaped HTML."""
    return _html().get_template(name).module


def page(name: str, **context: object) -> str:
    """A Markdown page rendered from the template ``name`` (``game.md`` ...)."""
    return _markdown().get_template(name).render(**context)


def text(value: object) -> Markup:
    """Text as HTML (the TEI renderer's text nodes)."""
    return escape(str(value))
