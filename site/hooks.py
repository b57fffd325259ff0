"""MkDocs hook: take the navigation from the ``.nav.json`` that sitegen writes into docs_dir.

The pages (and so the navigation) depend on what is encoded; keeping the list in a
generated file lets ``mkdocs.yml`` stay static. Without the file MkDocs builds its
default navigation.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def on_config(config: Any) -> Any:
    """Set ``nav`` from ``<docs_dir>/.nav.json`` when the file exists."""
    path = Path(config["docs_dir"]) / ".nav.json"
    if path.exists() and not config.get("nav"):
        config["nav"] = json.loads(path.read_text(encoding="utf-8"))
    return config
