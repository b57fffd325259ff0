"""Highlight quoted passages (the quotes of claims) inside a rendered HTML fragment.

The quote is looked up in the fragment's visible text (tags dropped, white space
collapsed, as :func:`sitegen.render_tei.plain_text`); each text run it covers is wrapped
in its own ``<mark>``, so the markup of repairs around and inside it stays intact.
"""

from __future__ import annotations

import re
from html import unescape
from itertools import groupby

from sitegen.templating import Markup, fragments
from sitegen.templating import text as html_text

__all__ = ["highlight"]

_TOKEN = re.compile(r"<[^>]*>|[^<]+")


def highlight(html: str, quotes: list[tuple[str, str, str]]) -> Markup:
    """Wrap each ``(quote, css class, title)`` found in the HTML fragment ``html``'s text
    in ``<mark>`` (``html`` must be escaped HTML: it is kept as it is).

    Quotes that are not found are left out; where two quotes overlap, the first wins.
    """
    tokens = _TOKEN.findall(html)
    texts = {t: unescape(tok) for t, tok in enumerate(tokens) if not tok.startswith("<")}
    plain: list[str] = []
    where: list[tuple[int, int]] = []
    space = True
    for t, text in texts.items():
        for i, ch in enumerate(text):
            if ch.isspace():
                if space:
                    continue
                ch, space = " ", True
            else:
                space = False
            plain.append(ch)
            where.append((t, i))
    visible = "".join(plain)
    marks: dict[int, list[tuple[int, int, str, str]]] = {}
    for quote, cls, title in quotes:
        wanted = " ".join(quote.split())
        start = visible.find(wanted) if wanted else -1
        if start < 0:
            continue
        for t, group in groupby(where[start : start + len(wanted)], key=lambda x: x[0]):
            idx = [i for _, i in group]
            marks.setdefault(t, []).append((idx[0], idx[-1] + 1, cls, title))
    quote = fragments("tei.html").quote
    out: list[Markup] = []
    for t, tok in enumerate(tokens):
        if t not in marks:
            out.append(Markup(tok))  # a piece of the HTML given, unchanged
            continue
        text, pos = texts[t], 0
        for a, b, cls, title in sorted(marks[t]):
            a = max(a, pos)
            if a >= b:
                continue
            out.append(html_text(text[pos:a]))
            out.append(quote(cls, title, text[a:b]))
            pos = b
        out.append(html_text(text[pos:]))
    return Markup("").join(out)
