"""The ``stichwort`` command: one subcommand per stage of the edition's flow.

The CLI only parses arguments, calls the stage's package and turns its errors into
a message and an exit status; the work is done in ``normalise``, ``tei``, ``rules``
and ``sitegen``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from corpus import SIGLA

BUILD = Path("build")

EXIT_USER_ERROR = 2


def _user_errors() -> tuple[type[BaseException], ...]:
    from corpus import CorpusError
    from normalise.textio import InputError

    errors: list[type[BaseException]] = [CorpusError, InputError, OSError]
    for module, name in (
        ("tei.errors", "TeiError"),
        ("rules.errors", "RulesError"),
        ("sitegen.build", "SiteError"),
        ("sitegen.dts", "DtsError"),
    ):
        try:
            mod = __import__(module, fromlist=[name])
            errors.append(getattr(mod, name))
        except (ImportError, AttributeError):
            pass
    return tuple(errors)


def _is_batch(args: argparse.Namespace) -> bool:
    """Whether ``stichwort repair`` was given a batch (several inputs, a directory, a
    pattern or ``--out``) rather than one file."""
    if args.out is not None or len(args.inputs) > 1:
        return True
    path = Path(args.inputs[0])
    return path.is_dir() or (not path.exists() and any(c in args.inputs[0] for c in "*?["))


def cmd_repair(args: argparse.Namespace) -> int:
    if not _is_batch(args):
        from normalise.command import repair_command

        return repair_command(
            Path(args.inputs[0]),
            fmt=args.format,
            review=args.review,
            out=args.output,
            encoding=args.encoding,
        )
    from normalise.batch import MANIFEST, collect_inputs, run_batch
    from normalise.textio import InputError

    if args.out is None:
        first = args.inputs[0]
        what = "is a directory" if Path(first).is_dir() else "a pattern or several files"
        raise InputError(f"{first}: {what}: a batch needs --out DIR")
    if args.format != "text" or args.review or args.output is not None:
        raise InputError(
            "--format json, --review and --output are for one file; a batch "
            "writes each file's reading text below --out DIR"
        )
    if args.jobs < 1:
        raise InputError(f"--jobs {args.jobs}: needs at least 1")
    sources = collect_inputs(args.inputs, args.out)
    summary = run_batch(
        sources,
        args.out,
        jobs=args.jobs,
        dask=args.dask,
        manifest=args.manifest,
        encoding=args.encoding,
        progress=sys.stderr,
    )
    print(
        f"repaired {summary.done} files, {summary.skipped} up to date, {summary.failed} failed "
        f"({summary.chars:,} characters in {summary.seconds:.1f} s); manifest: "
        f"{args.manifest or args.out / MANIFEST}",
        file=sys.stderr,
    )
    return 1 if summary.failed else 0


def cmd_restore(args: argparse.Namespace) -> int:
    from normalise.command import restore_command

    return restore_command(args.file, out=args.output)


def cmd_build(args: argparse.Namespace) -> int:
    from tei.build import build_tei

    for path in build_tei(args.sigla or list(SIGLA), args.out / "tei"):
        print(f"wrote {path}", file=sys.stderr)
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    if args.what == "changes":
        return _review_changes(args)
    from normalise.realword import Change
    from tei.build import real_word_context, real_word_place, real_word_review

    counts = {"accept": 0, "reject": 0, "undecided": 0, "rejected but applied": 0}
    for siglum in args.siglum or list(SIGLA):
        result = real_word_review(siglum)
        decided = {d.key(): d for d in result.decisions}
        rows: list[tuple[Change, str]] = []
        for change in result.changes:
            decision = decided.pop((change.at, change.sic, change.corr), None)
            if change in result.rejected:
                rows.append((change, "rejected but still applied"))
            elif decision is None:
                rows.append((change, "undecided"))
            elif not args.undecided:
                rows.append((change, f"accepted: {decision.note}"))
        if not args.undecided:  # decisions whose change the reading no longer holds
            for d in decided.values():
                state = "rejected, corrected" if d.decision == "reject" else "accepted, stale"
                rows.append(
                    (Change(d.at, d.at + len(d.sic), d.sic, d.corr, ""), f"{state}: {d.note}")
                )
        for change, state in sorted(rows, key=lambda row: row[0].at):
            print(f"{siglum} {real_word_place(siglum, change.at)}: {change.sic} -> {change.corr}")
            print(f"    {state}")
            print(f"    {real_word_context(siglum, change)}")
        for d in result.decisions:
            counts[d.decision] += 1
        counts["undecided"] += len(result.undecided)
        counts["rejected but applied"] += len(result.rejected)
    print(
        f"decisions: {counts['accept']} accepted, {counts['reject']} rejected; "
        f"{counts['undecided']} undecided, {counts['rejected but applied']} rejected but applied"
    )
    return 1 if counts["undecided"] or counts["rejected but applied"] else 0


def _review_changes(args: argparse.Namespace) -> int:
    from normalise.textio import atomic_write
    from tei.review import render, review_entries, summary

    for siglum in args.siglum or list(SIGLA):
        print(f"review: {siglum} …", file=sys.stderr)
        entries = review_entries(siglum)
        text = render(siglum, entries)
        if args.out is None:
            sys.stdout.write(text)
        else:
            path = args.out / f"{siglum}.txt"
            atomic_write(path, text)
            print(f"wrote {path}", file=sys.stderr)
        counts = summary(entries)
        print(
            f"review: {siglum}: {len(entries)} changes; "
            + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())),
            file=sys.stderr,
        )
    return 0


def cmd_text(args: argparse.Namespace) -> int:
    from tei.layers import layer_text

    sys.stdout.write(layer_text(args.file, args.layer, args.id))
    sys.stdout.write("\n")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from tei.validate import validate_files

    problems = validate_files(args.files)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def cmd_check(args: argparse.Namespace) -> int:
    from rules.claims import run_claims

    results = run_claims(args.tei, args.out)
    failed = [r for r in results if r["status"] != "passed"]
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed; wrote {args.out}")
    for r in failed:
        print(f"FAILED {r['id']} ({r['paragraph']}): {r['note']}", file=sys.stderr)
    return 1 if failed else 0


def cmd_export(args: argparse.Namespace) -> int:
    from rules.vectors import export_vectors

    for path in export_vectors(args.out, progress=_progress("export")):
        print(f"wrote {path}", file=sys.stderr)
    return 0


def cmd_export_dtabf(args: argparse.Namespace) -> int:
    from tei.dtabf import export_dtabf, run_schematron, validate_dtabf

    sigla = args.sigla or list(SIGLA)
    paths = export_dtabf(args.tei, args.dtabf_out, sigla, progress=_progress("dtabf"))
    for path in paths:
        print(f"wrote {path} and {path.with_suffix('.json')}", file=sys.stderr)
    status = 0
    if args.validate:
        problems = validate_dtabf(paths)
        for problem in problems:
            print(problem, file=sys.stderr)
        print(
            f"dtabf: jing (basisformat.rng) and raw rule: {len(problems)} problems", file=sys.stderr
        )
        status = 1 if problems else 0
    if args.schematron:
        for path, counts in run_schematron(paths).items():
            total = sum(counts.values())
            print(f"dtabf: Schematron {path}: {total} messages", file=sys.stderr)
            for message, count in sorted(counts.items()):
                print(f"  {count} x {message}", file=sys.stderr)
            if any(m.upper().startswith("ERROR") for m in counts):
                status = 1
    return status


def _json_file(path: Path) -> object:
    import json

    from rules.errors import RulesError

    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise RulesError(f"{path}: cannot read: {error}") from None
    except json.JSONDecodeError as error:
        raise RulesError(
            f"{path}: not JSON: line {error.lineno} column {error.colno}: {error.msg}"
        ) from None


def cmd_play(args: argparse.Namespace) -> int:
    import json

    from normalise.textio import atomic_write
    from rules.model import IllegalAction
    from rules.play import load_script, play_text, prompt_reader, random_reader, script_reader
    from rules.registry import get_game

    game = get_game(args.game)
    deal = _json_file(args.deal) if args.deal else None
    if args.auto:
        reader = random_reader(args.seed if args.seed is not None else 0)
    elif args.script:
        reader = script_reader(load_script(args.script))
    elif sys.stdin.isatty():
        reader = prompt_reader(sys.stdin, sys.stdout)
    else:
        reader = script_reader(sys.stdin.read().splitlines())
    interactive = not (args.auto or args.script) and sys.stdin.isatty()
    try:
        state = play_text(
            game,
            reader,
            sys.stdout,
            variant=args.variant,
            seed=args.seed,
            deal=deal,
            tei_dir=args.tei,
            stop_on_refusal=not interactive,
        )
    except IllegalAction:
        return 1
    if args.json:
        atomic_write(args.json, json.dumps(state.to_json(), ensure_ascii=False, indent=1) + "\n")
        print(f"wrote {args.json}", file=sys.stderr)
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    from rules.explain import why_not, why_scores
    from rules.model import IllegalAction
    from rules.play import load_script
    from rules.registry import get_game

    game = get_game(args.game)
    if args.state:
        data = _json_file(args.state)
        if not isinstance(data, dict):
            from rules.errors import RulesError

            raise RulesError(f"{args.state}: a state is a JSON object (stichwort play --json)")
        state = game.from_json(data)
    else:
        deal = _json_file(args.deal) if args.deal else None
        seed = args.seed if args.seed is not None or deal is not None else 0
        state = game.new_game(args.variant, seed=seed, deal=deal)
    actions = [a.strip() for a in (args.actions or "").split(";") if a.strip()]
    if args.script:
        actions += [
            line.strip()
            for line in load_script(args.script)
            if line.strip() and not line.lstrip().startswith("#")
        ]
    for number, text in enumerate(actions, 1):
        try:
            state.apply(text)
        except IllegalAction:
            print(f"action {number} {text!r} is refused; explaining it:", file=sys.stderr)
            print(why_not(state, text, args.tei))
            return 1
    print(why_not(state, args.why, args.tei) if args.why else why_scores(state, args.tei))
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from rules.coverage import summary, write_coverage

    cover = write_coverage(args.tei, args.out, progress=_progress("coverage"))
    rows = summary(cover)
    covered = sum(r["covered"] for r in rows.values())
    reasons = sum(r["unformalised"] for r in rows.values())
    print(
        f"{len(cover)} rule, law and example paragraphs: {covered} cited by a rule, "
        f"{reasons} not formalisable with a reason; wrote {args.out}"
    )
    return 0


def _progress(step: str) -> Callable[[str], None]:
    def show(what: str) -> None:
        print(f"{step}: {what}", file=sys.stderr, flush=True)

    return show


def cmd_conform(args: argparse.Namespace) -> int:
    from rules.conform import conform_command

    limits = {"timeout": args.timeout, "max_answer_bytes": args.max_answer_bytes}
    return conform_command(
        args.adapter,
        args.vectors,
        as_json=args.json,
        junit=args.junit,
        progress=args.progress,
        **{name: value for name, value in limits.items() if value is not None},
    )


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number: {text!r}")
    return value


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


CONFORM_EPILOG = """\
ADAPTER is one of:
  my_package.my_adapter     an importable Python module defining call(rule, input)
  path/to/my_adapter.py     the same, loaded from a file
  exec:"node adapter.js"    any program speaking JSON lines on stdin/stdout

Python adapters run in a child process, never inside stichwort. Each vector must be
answered within --timeout seconds in one line of at most --max-answer-bytes bytes;
otherwise the adapter's whole process group is killed, the vector fails and the
adapter is restarted (after 5 deaths in a row the remaining vectors fail).

exit status: 0 no vector failed (skipped vectors allowed); 1 some vector failed;
2 the vector files or the adapter cannot be used at all. Protocol: rules/ADAPTER.md.
"""


def cmd_site(args: argparse.Namespace) -> int:
    from sitegen.build import build_site

    build_site(args.build, args.docs, run_mkdocs=not args.pages_only, base_url=args.base_url)
    return 0


def cmd_dts(args: argparse.Namespace) -> int:
    from sitegen.dts import DtsError, build_dts
    from sitegen.inputs import InputError
    from sitegen.inputs import base_url as configured_base_url

    try:
        base_url = configured_base_url(args.base_url)
    except InputError as error:
        raise DtsError(str(error)) from None
    if not base_url:
        raise DtsError(
            "no base URL: DTS needs absolute URLs; pass --base-url or set STICHWORT_BASE_URL "
            "(e.g. http://localhost:8000/ to serve build/site locally)"
        )
    count = build_dts(args.tei, args.sigla or list(SIGLA), base_url, args.out)
    print(f"wrote {count} files of the DTS API to {args.out}", file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``stichwort`` and all its subcommands."""
    parser = argparse.ArgumentParser(
        prog="stichwort",
        description="Repair, encode, formalise and publish historical German card-game rules.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(
        name: str, handler: Callable[[argparse.Namespace], int], text: str
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=text, description=text)
        p.set_defaults(handler=handler)
        return p

    p = add(
        "repair",
        cmd_repair,
        "Repair an OCR file automatically: plain text (print reading text or JSON) or "
        "PAGE XML, ALTO or hOCR (write the repaired document in its own format). Given "
        "directories, patterns or several files and --out DIR, repair them all (resumable, "
        "in parallel, with a manifest).",
    )
    p.add_argument(
        "inputs",
        nargs="+",
        metavar="INPUT",
        help="one file: PAGE XML, ALTO, hOCR or text (UTF-8, or UTF-8/16/32 with a byte "
        "order mark, or --encoding)"
        " (a regular file of at most 64 MB); or, with --out, files, directories (their "
        ".txt/.xml/.hocr/.html files, recursively) and glob patterns ('scans/**/*.txt')",
    )
    p.add_argument(
        "--out",
        type=Path,
        help="batch: write each input's repair (reading text, or the repaired PAGE/ALTO/"
        "hOCR document) to OUT/<its relative path>; files "
        "whose output is up to date (same input checksum and engine) are skipped",
    )
    p.add_argument("--jobs", "-j", type=int, default=1, help="batch: worker processes (default 1)")
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="batch: run on the dask.distributed scheduler at ADDRESS (tcp://host:8786); "
        "needs the extra stichwort[dask]",
    )
    p.add_argument(
        "--manifest",
        type=Path,
        help="batch: the manifest JSON (default OUT/stichwort-manifest.json)",
    )
    p.add_argument(
        "--encoding",
        help="the encoding of a file that is not UTF-8 and has no byte order mark "
        "(cp1252, latin-1, ...); never guessed",
    )
    p.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="output format; json carries what 'stichwort restore' needs to give the "
        "input back byte for byte",
    )
    p.add_argument(
        "--review", action="store_true", help="list the low-confidence proposals for an editor"
    )
    p.add_argument("--output", "-o", type=Path, help="write here (atomically) instead of stdout")

    p = add(
        "restore",
        cmd_restore,
        "Give back the input of 'stichwort repair --format json', byte for byte.",
    )
    p.add_argument("file", type=Path, help="the JSON that 'stichwort repair --format json' wrote")
    p.add_argument("--output", "-o", type=Path, help="write here (atomically) instead of stdout")

    p = add("build", cmd_build, "Build the TEI P5 file of each source into OUT/tei/.")
    p.add_argument("--sigla", nargs="*", choices=SIGLA, help="sources to build (default: all)")
    p.add_argument("--out", type=Path, default=BUILD, help="build directory (default: build)")

    p = add(
        "review",
        cmd_review,
        "List what needs an editor's decision: real-word changes of the automatic repair "
        "(exit status 1 while one is undecided or rejected but still applied), or every "
        "automatic change of a word in context for an editorial re-read.",
    )
    p.add_argument(
        "what",
        choices=("realword", "changes"),
        help="realword: automatic repairs that turned one valid word into another, in "
        "context; changes: every automatic change of a word (applied, proposed, replaced by "
        "a curated correction) with its paragraph id and context",
    )
    p.add_argument(
        "--out",
        type=Path,
        default=None,
        help="changes: write OUT/<siglum>.txt instead of printing (make edition: build/review)",
    )
    p.add_argument("--siglum", nargs="*", choices=SIGLA, help="sources (default: all)")
    p.add_argument(
        "--undecided", action="store_true", help="leave out the changes already accepted"
    )

    p = add(
        "text", cmd_text, "Print the raw, diplomatic or reading text of a TEI file or one element."
    )
    p.add_argument("file", type=Path, help="a TEI file written by 'stichwort build'")
    p.add_argument("--layer", choices=("raw", "diplomatic", "reading"), default="reading")
    p.add_argument("--id", help="xml:id of one element (e.g. engelmann1798.piquet.p3)")

    p = add(
        "validate", cmd_validate, "Validate TEI files with jing (tei_all) and the project's rules."
    )
    p.add_argument("files", type=Path, nargs="+", help="TEI files")

    p = add("check", cmd_check, "Run every claim against the rules and the TEI; write claims.json.")
    p.add_argument(
        "--tei", type=Path, default=BUILD / "tei", help="TEI directory (default: build/tei)"
    )
    p.add_argument("--out", type=Path, default=BUILD / "claims.json", help="results file")

    p = add(
        "export",
        cmd_export,
        "Export the claims as language-agnostic JSON vectors "
        "(`stichwort export dtabf`: the TEI in the DTA base format).",
    )
    p.add_argument(
        "--out",
        type=Path,
        default=BUILD / "vectors",
        help="vectors directory (default: build/vectors)",
    )
    formats = p.add_subparsers(
        dest="export_format", metavar="[dtabf]", required=False, title="other formats"
    )
    text = (
        "Export the TEI files in the DTA base format (DTABf): OUT/<siglum>.xml and a JSON "
        "side file OUT/<siglum>.json with what DTABf cannot hold, keyed by xml:id."
    )
    d = formats.add_parser("dtabf", help=text, description=text)
    d.set_defaults(handler=cmd_export_dtabf)
    d.add_argument(
        "--tei", type=Path, default=BUILD / "tei", help="TEI directory (default: build/tei)"
    )
    d.add_argument(
        "--out",
        dest="dtabf_out",
        metavar="OUT",
        type=Path,
        default=BUILD / "dtabf",
        help="directory (default: build/dtabf)",
    )
    d.add_argument("--sigla", nargs="*", choices=SIGLA, help="sources to export (default: all)")
    d.add_argument(
        "--validate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="validate the files with jing against basisformat.rng (default: on)",
    )
    d.add_argument(
        "--schematron",
        action="store_true",
        help="also run the DTABf Schematron (needs the PyPI package saxonche)",
    )

    games_help = "game name (piquet, ...; `stichwort play --list`)"
    p = add(
        "play",
        cmd_play,
        "Play a deal as text; every decision is printed with the paragraphs that allow it.",
    )
    p.add_argument("game", help=games_help)
    p.add_argument("--variant", help="a variant of the game (default: the first)")
    p.add_argument("--seed", type=int, help="shuffle with this seed (default 0)")
    p.add_argument("--deal", type=Path, help="an explicit deal as a JSON file")
    p.add_argument("--script", type=Path, help="actions, one per line ('#' comments)")
    p.add_argument("--auto", action="store_true", help="play random legal actions (seeded)")
    p.add_argument("--json", type=Path, help="write the finished state (a transcript) here")
    p.add_argument("--tei", type=Path, default=BUILD / "tei", help="TEI for paragraph text")

    p = add(
        "explain",
        cmd_explain,
        "Explain why an action is (not) allowed, or why the scores are what they are.",
    )
    p.add_argument("game", help=games_help)
    p.add_argument("--variant", help="a variant of the game (default: the first)")
    p.add_argument("--seed", type=int, help="the deal of this seed")
    p.add_argument("--deal", type=Path, help="an explicit deal as a JSON file")
    p.add_argument("--state", type=Path, help="a state written by `stichwort play --json`")
    p.add_argument("--actions", help="actions to play first, separated by ';'")
    p.add_argument("--script", type=Path, help="actions to play first, one per line")
    p.add_argument("--why", metavar="ACTION", help="ask why this action is (not) allowed")
    p.add_argument("--tei", type=Path, default=BUILD / "tei", help="TEI for paragraph text")

    p = add(
        "coverage",
        cmd_coverage,
        "Map every rule, law and example paragraph to the rules and claims that cover it.",
    )
    p.add_argument(
        "--tei", type=Path, default=BUILD / "tei", help="TEI directory (default: build/tei)"
    )
    p.add_argument(
        "--out", type=Path, default=BUILD / "coverage.json", help="default: build/coverage.json"
    )

    p = add("conform", cmd_conform, "Run the conformance vectors against another implementation.")
    p.formatter_class = argparse.RawDescriptionHelpFormatter
    p.epilog = CONFORM_EPILOG
    p.add_argument(
        "adapter", metavar="ADAPTER", help="module name, path ending in .py, or exec:COMMAND"
    )
    p.add_argument(
        "--vectors",
        type=Path,
        nargs="+",
        metavar="PATH",
        help="vector files or folders of them (default: build/vectors/*.json, "
        "else generated in memory)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON instead of text")
    p.add_argument(
        "--junit",
        type=Path,
        metavar="FILE",
        help="also write a JUnit XML report here (atomically), for CI systems",
    )
    p.add_argument(
        "--timeout",
        type=_positive_float,
        metavar="SECONDS",
        help="time the adapter may take per vector (default: 30)",
    )
    p.add_argument(
        "--max-answer-bytes",
        type=_positive_int,
        metavar="N",
        help="longest answer line accepted, in bytes (default: 16777216 = 16 MiB)",
    )
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress lines on stderr (default: only when stderr is a terminal)",
    )

    p = add(
        "dts",
        cmd_dts,
        "Write a static Distributed Text Services 1.0 API (Level 0) of the TEI files; "
        "OUT is served at BASE_URL/dts/.",
    )
    p.add_argument(
        "--base-url",
        help="the site's absolute base URL (default: $STICHWORT_BASE_URL; one is required)",
    )
    p.add_argument(
        "--tei", type=Path, default=BUILD / "tei", help="TEI directory (default: build/tei)"
    )
    p.add_argument("--sigla", nargs="*", choices=SIGLA, help="sources (default: all)")
    p.add_argument(
        "--out", type=Path, default=BUILD / "site" / "dts", help="default: build/site/dts"
    )

    p = add(
        "site", cmd_site, "Generate the edition's pages from TEI, rules and claims; build the site."
    )
    p.add_argument(
        "--build", type=Path, default=BUILD, help="build directory with tei/, claims.json"
    )
    p.add_argument("--docs", type=Path, default=BUILD / "docs", help="where the Markdown pages go")
    p.add_argument("--pages-only", action="store_true", help="write the pages, do not run mkdocs")
    p.add_argument(
        "--base-url",
        help="the published address of the site, for permalinks, citations, canonical links "
        "and the sitemap (default: $STICHWORT_BASE_URL, else site_url of site/mkdocs.yml; "
        "without one, permalinks are relative and citations give the URN only)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``stichwort``; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except _user_errors() as error:
        print(f"stichwort {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
