"""The rule registry: every rule function, the paragraphs it implements, its emendations.

A rule is a pure function decorated with :func:`rule`. The decorator records a
:class:`RuleInfo` under a stable name ``<game>.<function name>`` (e.g.
``piquet.sequence_value``) and returns the function unchanged. The site generator,
the claim checker and the vector exporter read the registry through
:func:`all_rules`, :func:`get_rule` and :func:`rules_for_paragraph`; a name, once
published, keeps its meaning.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from rules.errors import RulesError

if TYPE_CHECKING:
    from rules.model import Game

__all__ = [
    "Emendation",
    "RuleInfo",
    "all_rules",
    "game_packages",
    "games",
    "get_game",
    "get_rule",
    "rule",
    "rules_for_paragraph",
    "unformalised",
]

Cert = Literal["high", "medium", "low"]
F = TypeVar("F", bound=Callable[..., Any])


def game_packages() -> tuple[str, ...]:
    """The game packages: every sub-package of ``rules`` (``rules.piquet``, ...), sorted."""
    import rules

    return tuple(sorted(f"rules.{m.name}" for m in pkgutil.iter_modules(rules.__path__) if m.ispkg))


@dataclass(frozen=True, slots=True)
class Emendation:
    """A place where the code does not simply follow the printed words.

    ``reading`` is what the code assumes; ``raw`` what the OCR (or the print) says,
    or ``""`` where the text is silent and the code supplies a value; ``evidence``
    says why; ``cert`` how sure the editor is (``high``, ``medium``, ``low``).
    """

    paragraph: str
    reading: str
    raw: str
    evidence: str
    cert: Cert = "medium"

    def __post_init__(self) -> None:
        if self.cert not in ("high", "medium", "low"):
            raise ValueError(f"emendation cert must be high, medium or low, not {self.cert!r}")

    def to_json(self) -> dict[str, str]:
        """The emendation as a JSON-ready dict."""
        return {
            "paragraph": self.paragraph,
            "reading": self.reading,
            "raw": self.raw,
            "evidence": self.evidence,
            "cert": self.cert,
        }

    def describe(self) -> str:
        """One line for reports: what is read, against what, how sure."""
        raw = f"print/OCR {self.raw!r}" if self.raw else "the text is silent"
        return (
            f"{self.paragraph}: reads {self.reading!r} ({raw}; cert {self.cert}): {self.evidence}"
        )


@dataclass(frozen=True, slots=True)
class RuleInfo:
    """Everything known about one registered rule; stable and introspectable."""

    name: str
    function: Callable[..., Any]
    module: str
    game: str
    paragraphs: tuple[str, ...]
    summary: str
    doc: str
    emendations: tuple[Emendation, ...]
    source: str
    file: str
    line: int

    def to_json(self) -> dict[str, Any]:
        """The rule's metadata (without the function object) as a JSON-ready dict."""
        return {
            "name": self.name,
            "module": self.module,
            "game": self.game,
            "paragraphs": list(self.paragraphs),
            "summary": self.summary,
            "doc": self.doc,
            "emendations": [e.to_json() for e in self.emendations],
            "source": self.source,
            "file": self.file,
            "line": self.line,
        }


_REGISTRY: dict[str, RuleInfo] = {}


def rule(
    paragraphs: Iterable[str],
    emendations: Iterable[Emendation] = (),
    *,
    name: str | None = None,
    game: str | None = None,
) -> Callable[[F], F]:
    """Register a rule function under ``<game>.<function name>``; returns it unchanged.

    ``game`` defaults to the game package the function lives in (``rules.piquet.functions``
    -> ``piquet``). Each rule must cite at least one paragraph id and have a docstring.
    """
    cited = tuple(paragraphs)
    notes = tuple(emendations)

    def decorate(function: F) -> F:
        module = function.__module__
        parts = module.split(".")
        game_name = game or (parts[1] if len(parts) > 2 and parts[0] == "rules" else parts[-1])
        full = name or f"{game_name}.{function.__name__}"
        doc = inspect.cleandoc(function.__doc__ or "")
        if not cited:
            raise RulesError(f"rule {full}: cites no paragraph")
        if not doc:
            raise RulesError(f"rule {full}: has no docstring")
        if full in _REGISTRY and _REGISTRY[full].function.__qualname__ != function.__qualname__:
            raise RulesError(f"rule {full}: registered twice")
        try:
            source = inspect.getsource(function)
            line = inspect.getsourcelines(function)[1]
            file = inspect.getsourcefile(function) or ""
        except (OSError, TypeError):
            source, line, file = "", 0, ""
        _REGISTRY[full] = RuleInfo(
            name=full,
            function=function,
            module=module,
            game=game_name,
            paragraphs=cited,
            summary=doc.splitlines()[0].strip(),
            doc=doc,
            emendations=notes,
            source=source,
            file=file,
            line=line,
        )
        return function

    return decorate


def _load() -> None:
    for module in game_packages():
        importlib.import_module(module)


def games() -> dict[str, Game]:
    """Every game of the model, by name (each game package's ``GAME``)."""
    found: dict[str, Game] = {}
    for module in game_packages():
        game = getattr(importlib.import_module(module), "GAME", None)
        if game is not None:
            found[game.name] = game
    return dict(sorted(found.items()))


def get_game(name: str) -> Game:
    """The game called ``name``; :class:`RulesError` names the known ones."""
    known = games()
    try:
        return known[name]
    except KeyError:
        raise RulesError(f"unknown game {name!r}; known: {', '.join(known)}") from None


def all_rules() -> list[RuleInfo]:
    """Every registered rule, sorted by name (imports the game modules first)."""
    _load()
    return sorted(_REGISTRY.values(), key=lambda r: r.name)


def get_rule(name: str) -> RuleInfo:
    """The rule registered under ``name``; :class:`RulesError` names the known ones."""
    _load()
    try:
        return _REGISTRY[name]
    except KeyError:
        raise RulesError(f"unknown rule {name!r}; known: {', '.join(sorted(_REGISTRY))}") from None


def unformalised() -> dict[str, str]:
    """Paragraphs that the game modules deliberately leave unformalised, with the reason."""
    _load()
    result: dict[str, str] = {}
    for module in game_packages():
        result.update(getattr(importlib.import_module(module), "UNFORMALISED", {}))
    return result


def rules_for_paragraph(paragraph_id: str) -> list[RuleInfo]:
    """The rules that cite ``paragraph_id``, sorted by name (the reverse index)."""
    return [r for r in all_rules() if paragraph_id in r.paragraphs]
