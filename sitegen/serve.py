"""Serve a built folder (the site, a DTS export) over HTTP on a free local port, for the
browser tests, the DTS tests and the benchmarks that drive Chromium."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

__all__ = ["serve"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """A static file handler that logs nothing and ignores a page that moves on while a
    file is still being sent."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def handle(self) -> None:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 from a background thread; yields the base URL
    (``http://127.0.0.1:PORT/``) and stops the server on exit."""
    handler = functools.partial(_Quiet, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        thread.join(5)
