"""Explanations: why an action is refused, why a score is what it is, with the text.

Every answer names the paragraph ids and quotes their reading text from the built
TEI (``build/tei/<siglum>.xml``); without a built TEI it names the ids and says how to
get the text.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from rules.model import Action, IllegalAction, State, canonical_action

DEFAULT_TEI = Path("build") / "tei"
WIDTH = 100


@cache
def _readings(tei_dir: Path, siglum: str) -> dict[str, str]:
    from tei.layers import load_paragraphs

    path = tei_dir / f"{siglum}.xml"
    if not path.exists():
        return {}
    return {pid: p.reading for pid, p in load_paragraphs(path).items()}


def paragraph_text(pid: str, tei_dir: Path = DEFAULT_TEI) -> str | None:
    """The reading text of one paragraph, or ``None`` if the TEI is not built or lacks it."""
    return _readings(Path(tei_dir).resolve(), pid.split(".", 1)[0]).get(pid)


def cite_block(cites: Iterable[str], tei_dir: Path = DEFAULT_TEI, indent: str = "  ") -> str:
    """Each paragraph id with its reading text, wrapped and indented."""
    lines: list[str] = []
    for pid in dict.fromkeys(cites):
        text = paragraph_text(pid, tei_dir)
        if text is None:
            lines.append(f"{indent}{pid} (reading text: build the TEI with `stichwort build`)")
            continue
        lines.append(f"{indent}{pid}:")
        lines += textwrap.wrap(text, WIDTH, initial_indent=indent * 2, subsequent_indent=indent * 2)
    return "\n".join(lines)


def why_not(state: State, text: str, tei_dir: Path = DEFAULT_TEI) -> str:
    """Why ``text`` may or may not be played now, with the paragraphs and their text."""
    legal = state.legal_action(text)
    if legal is not None:
        return f"{text!r} is legal now.\n{cite_block(legal.cites, tei_dir)}"
    refusal: IllegalAction = (
        IllegalAction("the deal is over", state.end_cites())
        if state.is_over()
        else state.refusal(canonical_action(text))
    )
    return f"{text!r} is not allowed: {refusal.reason}.\n{cite_block(refusal.cites, tei_dir)}"


def describe_action(action: Action) -> str:
    """One line: seat, action, cited paragraph ids."""
    cites = ", ".join(action.cites)
    return f"{action.seat}: {action.text}" + (f"  [{cites}]" if cites else "")


def why_scores(state: State, tei_dir: Path = DEFAULT_TEI, quote: bool = True) -> str:
    """Every scoring item of the deal with the paragraphs that award it."""
    scores = state.scores()
    lines = ["scores: " + ", ".join(f"{seat} {total:g}" for seat, total in scores.totals().items())]
    for item in scores.items:
        detail = f" ({item.detail})" if item.detail else ""
        lines.append(f"- {item.seat} {item.points:g} for {item.item}{detail}")
        if quote:
            lines.append(cite_block(item.cites, tei_dir, indent="    "))
        else:
            lines[-1] += f"  [{', '.join(item.cites)}]"
    return "\n".join(lines)
