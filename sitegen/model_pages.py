"""Pages about the formalisation: coverage, an example deal per game, variant comparisons.

- ``coverage.md``: per source and game the counts of ``coverage.json`` and a table of
  every rule, law and example paragraph with what formalises it;
- ``games/<game>-example.md``: a hand-worked transcript replayed through the game model
  (``rules.transcripts``), step by step with the paragraphs each action cites, the
  legal alternatives and the scoring items as they arise; plain HTML, no script;
- ``compare/<game>.md``: the ``COMPARISONS`` of a game package law by law, each with
  the vectors of ``build/vectors/<game>.json`` that give different answers.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitegen.cards import deal_rows, words
from sitegen.inputs import Coverage, Edition, InputError, rules_page_path
from sitegen.links import (
    compare_page_path,
    example_page_path,
    model_anchor,
    paragraph_link,
    rule_link,
)
from sitegen.markup import href
from sitegen.templating import Markup, fragments, page

if TYPE_CHECKING:
    from rules.model import Game, ScoreItem, State
    from rules.transcripts import Transcript

__all__ = [
    "COMPARISON_MODULES",
    "COVERAGE_PAGE",
    "EXAMPLES",
    "Step",
    "compare_page",
    "comparison_games",
    "coverage_page",
    "coverage_totals",
    "example_page",
    "example_transcript",
    "load_comparisons",
    "replay_steps",
]

COVERAGE_PAGE = "coverage.md"
EXAMPLES: dict[str, str] = {
    # an ordinary deal: both exchange, contested declarations, twelve tricks 7 to 5
    "piquet": "piquet.transcript.p12_whole_deal",
}
"""Game -> id of the hand-worked transcript its example page shows. A game not named
here shows its first hand-worked transcript that plays a deal to its end (else its first
one the model accepts)."""
VARIANT_KNOWN = {
    "input": "by its input",
    "paragraph": "the variant of its paragraph; the input does not name one",
}
"""How the variant of a compared vector is known, when the vector does not name it."""
COMPARISON_MODULES = ("comparisons", "comparison")
"""Modules of a game package that may export ``COMPARISONS``."""


def _html() -> Any:
    return fragments("model.html")


# ---------------------------------------------------------------- coverage


def coverage_totals(coverage: Mapping[str, Coverage]) -> dict[str, int]:
    """Paragraphs, cited by a rule (or the model), and not formalisable with a reason:
    the figures ``stichwort coverage`` prints."""
    return {
        "paragraphs": len(coverage),
        "covered": sum(c.covered for c in coverage.values()),
        "unformalised": sum(bool(not c.covered and c.unformalised) for c in coverage.values()),
        "missing": sum(bool(not c.covered and not c.unformalised) for c in coverage.values()),
    }


def coverage_page(edition: Edition) -> str:
    """Markdown of the coverage page."""
    html = _html()
    groups: dict[tuple[str, str], list[Coverage]] = {}
    for cover in edition.coverage.values():
        groups.setdefault((cover.source, cover.game), []).append(cover)
    sections = []
    for (source, game), covers in sorted(groups.items()):
        rows = []
        for c in covers:
            rules = Markup(", ").join(rule_link(edition, n, COVERAGE_PAGE) for n in c.rules)
            rows.append((c, paragraph_link(edition, c.paragraph, COVERAGE_PAGE), rules))
        text_page = edition.pages.get(covers[0].paragraph)
        sections.append(
            {
                "source": source,
                "game": game,
                "anchor": f"coverage-{source}-{game}",
                "text": href(COVERAGE_PAGE, text_page) if text_page else None,
                "totals": coverage_totals({c.paragraph: c for c in covers}),
                "table": html.coverage_table(rows),
            }
        )
    return page(
        "coverage.md",
        totals_html=html.coverage_totals(coverage_totals(edition.coverage)),
        summary=html.coverage_summary(sections),
        sections=sections,
    )


# ---------------------------------------------------------------- example deals


@dataclass(frozen=True)
class Step:
    """One action of a replayed deal, as the model saw it."""

    number: int
    seat: str
    action: str
    cites: tuple[str, ...]
    legal: tuple[str, ...]
    new_items: tuple[ScoreItem, ...]
    totals: Mapping[str, Any]
    trick: int = 0
    """Number of the trick this action completes (0: none, or the model keeps no tricks)."""


def _tricks(state: State) -> int:
    """How many tricks a model's state has completed (``0`` when it keeps no ``tricks``)."""
    tricks = getattr(state, "tricks", None)
    return len(tricks) if isinstance(tricks, list | tuple) else 0


def example_transcript(game: Game) -> Transcript | None:
    """The hand-worked transcript a game's example page shows (see :data:`EXAMPLES`)."""
    from rules.transcripts import load_worked

    worked = [t for t in load_worked(game) if not t.rejects]
    wanted = EXAMPLES.get(game.name)
    if wanted:
        chosen = next((t for t in worked if t.id == wanted), None)
        if chosen is None:
            raise InputError(
                f"sitegen.model_pages.EXAMPLES: {game.name} has no transcript {wanted}"
            )
        return chosen
    played: list[Transcript] = []
    for transcript in worked:
        state = game.new_game(transcript.variant, deal=transcript.deal, context=transcript.context)
        for text in transcript.actions:
            state.apply(text)
        if state.is_over():
            return transcript
        played.append(transcript)
    return played[0] if played else None


def replay_steps(game: Game, transcript: Transcript) -> tuple[State, list[Step]]:
    """Replay a transcript through the model: the final state and every step."""
    state = game.new_game(transcript.variant, deal=transcript.deal, context=transcript.context)
    steps: list[Step] = []
    for number, text in enumerate(transcript.actions, 1):
        seat = state.to_act() or ""
        legal = tuple(state.legal_texts())
        before = list(state.scores().items)
        tricks = _tricks(state)
        action = state.apply(text)
        after = list(state.scores().items)
        new = [item for item in after if item not in before] if after != before else []
        done = _tricks(state)
        steps.append(
            Step(
                number,
                seat,
                action.text,
                action.cites,
                legal,
                tuple(new),
                state.scores().totals(),
                done if done > tricks else 0,
            )
        )
    return state, steps


def _cited(edition: Edition, pids: tuple[str, ...] | list[str], from_page: str) -> Markup:
    """Links to paragraphs, each shown by its id without source and game (``p11``,
    ``gesetze.7``) and the full id as its title."""
    links = []
    for pid in pids:
        label = pid.split(".", 2)[-1] if pid.count(".") >= 2 else pid
        link = href(from_page, edition.pages[pid], pid) if pid in edition.pages else None
        links.append(_html().short_link(pid, link, label))
    return Markup(", ").join(links)


def example_page(edition: Edition, name: str) -> str | None:
    """Markdown of a game's example deal (``None`` when it has no hand-worked transcript)."""
    game = edition.models[name]
    transcript = example_transcript(game)
    if transcript is None:
        return None
    path = example_page_path(name)
    html = _html()
    state, steps = replay_steps(game, transcript)
    seats = list(state.seats())
    variant = game.variant(transcript.variant)
    rows = []
    for step in steps:
        items = [(item, _cited(edition, item.cites, path)) for item in step.new_items]
        rows.append(
            (
                step,
                words(step.action),
                _cited(edition, step.cites, path),
                [words(a) for a in step.legal],
                items,
                [(seat, step.totals.get(seat, 0)) for seat in seats] if items else [],
            )
        )
    final = state.scores()
    finals = [(item, _cited(edition, item.cites, path)) for item in final.items]
    text_page = edition.text_page_of(name)
    return page(
        "example.md",
        title=f"{game.title}: an example deal",
        game=game.title,
        transcript=transcript.id,
        variant=f"{variant.title} ({variant.name})",
        example=paragraph_link(edition, transcript.paragraph, path),
        quote=html.quote(transcript.quote),
        note=transcript.note,
        text=href(path, text_page) if text_page else None,
        rules=href(path, rules_page_path(name), model_anchor(name)),
        compare=href(path, compare_page_path(name))
        if compare_page_path(name) in edition.extra_pages
        else None,
        deal=html.deal(deal_rows(transcript.deal)),
        steps=html.steps(rows),
        over=state.is_over(),
        tricks=_tricks(state),
        scores=html.final_scores(finals, list(final.totals().items())),
        hand=dict(transcript.scores) if transcript.scores is not None else None,
    )


# ---------------------------------------------------------------- comparisons


def load_comparisons(name: str) -> list[dict[str, Any]] | None:
    """The ``COMPARISONS`` of ``rules.<name>.comparisons`` (or ``.comparison``), if any."""
    for module in COMPARISON_MODULES:
        try:
            found = importlib.import_module(f"rules.{name}.{module}")
        except ModuleNotFoundError as error:
            if error.name != f"rules.{name}.{module}":
                raise
            continue
        data = getattr(found, "COMPARISONS", None)
        if data is not None:
            return [dict(entry) for entry in data]
    return None


def comparison_games(edition: Edition) -> dict[str, list[dict[str, Any]]]:
    """Every game of the edition with comparisons (and a vector file), and its entries."""
    found = {}
    for name in sorted(edition.models):
        entries = load_comparisons(name)
        if entries and (edition.build_dir / "vectors" / f"{name}.json").exists():
            found[name] = entries
    return found


def load_vectors(build_dir: Path, name: str) -> dict[str, Any]:
    """The vector file of a game (``build/vectors/<game>.json``); errors name the file."""
    path = build_dir / "vectors" / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        vectors = data["vectors"]
        return {"variants": data.get("variants", {}), "vectors": {v["id"]: v for v in vectors}}
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        raise InputError(
            f"{path}: cannot read the vectors ({type(error).__name__}: {error})"
        ) from None


def vector_variant(
    vector: Mapping[str, Any], names: list[str], params: Mapping[str, Any]
) -> tuple[str, str]:
    """The variant a vector is stated for and how that is known: ``named`` in it, by the
    ``input`` (the one of ``names`` whose distinguishing parameters it gives), or by its
    ``paragraph`` (listed by exactly one of the variants); ``("", "")`` when none says."""
    inner = vector.get("input")
    named = vector.get("variant") or (inner.get("variant") if isinstance(inner, dict) else None)
    if named:
        return str(named), "named"
    table = {n: dict(params.get(n, {}).get("params", {})) for n in names}
    if isinstance(inner, dict):
        keys = {
            k
            for p in table.values()
            for k in p
            if len({repr(q.get(k)) for q in table.values()}) > 1
        }
        given = keys & set(inner)
        if given:
            matches = [n for n, p in table.items() if all(p.get(k) == inner[k] for k in given)]
            if len(matches) == 1:
                return matches[0], "input"
    paragraph = vector.get("paragraph")
    owners = [n for n in names if paragraph in params.get(n, {}).get("paragraphs", ())]
    if paragraph and len(owners) == 1:
        return owners[0], "paragraph"
    return "", ""


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def compare_page(edition: Edition, name: str, entries: list[dict[str, Any]]) -> str:
    """Markdown of a game's variant comparison."""
    path = compare_page_path(name)
    game = edition.models[name]
    vectors = load_vectors(edition.build_dir, name)
    names: list[str] = []
    for entry in entries:
        for variant in dict(entry["variants"]):
            if variant not in names:
                names.append(variant)
    titles = {n: str(vectors["variants"].get(n, {}).get("title", "")) or n for n in names}
    rows = []
    listed: list[str] = []
    for entry in entries:
        pid = str(entry["paragraph"])
        block = edition.block(pid)
        law = block.n if block is not None and block.kind == "item" and block.n else ""
        said = dict(entry["variants"])
        ids = [str(v) for v in entry.get("vectors", ())]
        for ident in ids:
            if ident not in vectors["vectors"]:
                raise InputError(
                    f"rules.{name} COMPARISONS: vector {ident} is not in "
                    f"{edition.build_dir / 'vectors' / (name + '.json')}"
                )
            if ident not in listed:
                listed.append(ident)
        rows.append(
            (
                paragraph_link(edition, pid, path),
                law,
                str(entry["aspect"]),
                [said.get(n, "") for n in names],
                ids,
            )
        )
    shown = []
    for ident in listed:
        vector = vectors["vectors"][ident]
        variant, known = vector_variant(vector, names, vectors["variants"])
        if vector.get("rejects"):
            expected = "must be refused (rejects)"
        else:
            expected = _compact(vector.get("expected"))
        shown.append(
            (
                ident,
                variant,
                VARIANT_KNOWN.get(known, ""),
                str(vector.get("rule", "")),
                str(vector.get("kind", "")),
                paragraph_link(edition, str(vector.get("paragraph", "")), path)
                if vector.get("paragraph")
                else None,
                _compact(vector.get("input")),
                expected,
            )
        )
    text_page = edition.text_page_of(name)
    return page(
        "compare.md",
        title=f"{game.title}: the variants compared",
        game=game.title,
        variants=[(n, titles[n]) for n in names],
        table=_html().compare_table([(n, titles[n]) for n in names], rows),
        vectors=_html().vector_list(shown),
        count=len(listed),
        file=href(path, f"downloads/vectors/{name}.json"),
        text=href(path, text_page) if text_page else None,
        rules=href(path, rules_page_path(name)),
        example=href(path, example_page_path(name))
        if example_page_path(name) in edition.extra_pages
        else None,
    )
