"""The ``stichwort`` command: one subcommand per stage of the edition's flow.

The CLI only parses arguments, calls the stage's package and turns its errors into
a message and an exit status; the work is done in ``normalise``, ``tei``, ``rules``
and ``sitegen``.
"""

from __future__ import annotations

import argparse
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
    ):
        try:
            mod = __import__(module, fromlist=[name])
            errors.append(getattr(mod, name))
        except (ImportError, AttributeError):
            pass
    return tuple(errors)


def cmd_repair(args: argparse.Namespace) -> int:
    from normalise.command import repair_command

    return repair_command(
        args.file, fmt=args.format, review=args.review, out=args.output, encoding=args.encoding
    )


def cmd_restore(args: argparse.Namespace) -> int:
    from normalise.command import restore_command

    return restore_command(args.file, out=args.output)


def cmd_build(args: argparse.Namespace) -> int:
    from tei.build import build_tei

    for path in build_tei(args.sigla or list(SIGLA), args.out / "tei"):
        print(f"wrote {path}", file=sys.stderr)
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

    for path in export_vectors(args.out):
        print(f"wrote {path}", file=sys.stderr)
    return 0


def cmd_conform(args: argparse.Namespace) -> int:
    from rules.conform import conform_command

    return conform_command(args.module, args.vectors, as_json=args.json)


def cmd_site(args: argparse.Namespace) -> int:
    from sitegen.build import build_site

    build_site(args.build, args.docs, run_mkdocs=not args.pages_only)
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
        "repair", cmd_repair, "Repair an OCR text file automatically; print reading text or JSON."
    )
    p.add_argument(
        "file",
        type=Path,
        help="text file: UTF-8, or UTF-8/16/32 with a byte order mark, or --encoding "
        "(a regular file of at most 64 MB)",
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

    p = add("export", cmd_export, "Export the claims as language-agnostic JSON vectors.")
    p.add_argument(
        "--out", type=Path, default=BUILD / "vectors", help="directory (default: build/vectors)"
    )

    p = add(
        "conform", cmd_conform, "Run the vectors against another implementation (adapter module)."
    )
    p.add_argument("module", help="importable Python module implementing the adapter protocol")
    p.add_argument(
        "--vectors", type=Path, nargs="*", help="vector files (default: build/vectors/*.json)"
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")

    p = add(
        "site", cmd_site, "Generate the edition's pages from TEI, rules and claims; build the site."
    )
    p.add_argument(
        "--build", type=Path, default=BUILD, help="build directory with tei/, claims.json"
    )
    p.add_argument("--docs", type=Path, default=BUILD / "docs", help="where the Markdown pages go")
    p.add_argument("--pages-only", action="store_true", help="write the pages, do not run mkdocs")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``stichwort``; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except _user_errors() as error:
        print(f"stichwort {args.command}: error: {error}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
