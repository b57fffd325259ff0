"""``ocrd-stichwort-repair``: the repair as an OCR-D processor (extra ``stichwort[ocrd]``).

It reads one PAGE fileGrp and writes one: each page is repaired as
:mod:`normalise.formats.page` repairs a PAGE file (the repaired text a new first
``TextEquiv``, the OCR's kept after it, the joins of hyphenated words in ``@custom``);
the OCR-D framework adds its processing step to the page's metadata. The parameter
``keep_long_s`` leaves the long s as the OCR read it. Pages are
repaired one by one, as OCR-D hands them over, so a page's repair does not learn from
the rest of the book as the whole-document repair of a text file does. The tool's
description is in ``ocrd-tool.json`` beside this module.

    ocrd-stichwort-repair -m mets.xml -I OCR-D-OCR -O OCR-D-REPAIR
"""

from __future__ import annotations

import io
import sys

try:
    import click
    from ocrd import OcrdPageResult, Processor
    from ocrd.decorators import ocrd_cli_options, ocrd_cli_wrap_processor
    from ocrd_models.constants import NAMESPACES
    from ocrd_models.ocrd_page import OcrdPage, parseEtree, to_xml
except ImportError:  # the extra is not installed: main() says so
    Processor = object  # type: ignore[assignment,misc]
    HAVE_OCRD = False
else:
    HAVE_OCRD = True

from normalise.formats.page import repair as repair_page

EXECUTABLE = "ocrd-stichwort-repair"


class StichwortRepair(Processor):  # type: ignore[misc,valid-type]
    """The OCR-D processor: one PAGE input fileGrp, one PAGE output fileGrp."""

    @property
    def executable(self) -> str:
        return EXECUTABLE

    @property
    def metadata_filename(self) -> str:
        return "formats/ocrd-tool.json"

    def process_page_pcgts(self, *input_pcgts: OcrdPage | None, page_id: str | None = None):  # type: ignore[no-untyped-def]
        """Repair the page's text; everything else of the page stays as it is."""
        pcgts = input_pcgts[0]
        assert pcgts is not None
        data = to_xml(pcgts).encode("utf-8")
        keep = ("long-s",) if self.parameter["keep_long_s"] else ()
        output, stats = repair_page(data, f"page {page_id}", keep)
        edits = sum(stats["edits"].values())  # type: ignore[union-attr]
        self.logger.info(
            "page %s: %s lines, %d edits, %s proposals",
            page_id,
            stats["lines"],
            edits,
            stats["proposals"],
        )
        revmap: dict[object, object] = {}
        page = OcrdPage(
            *parseEtree(
                io.BytesIO(output),
                reverse_mapping=revmap,
                silence=True,
                nsmap={"pc": NAMESPACES["page"]},
            )
        )
        page.revmap = revmap
        return OcrdPageResult(page)


if HAVE_OCRD:

    @click.command()
    @ocrd_cli_options
    def cli(*args: object, **kwargs: object) -> object:
        """Repair the OCR of a PAGE fileGrp into a new PAGE fileGrp."""
        return ocrd_cli_wrap_processor(StichwortRepair, *args, **kwargs)


def main() -> None:
    """The console script: the OCR-D command line, or how to get it."""
    if not HAVE_OCRD:
        print(
            f"{EXECUTABLE}: the OCR-D framework is not installed; "
            "install it with: pip install 'stichwort[ocrd]'",
            file=sys.stderr,
        )
        raise SystemExit(2)
    cli()
