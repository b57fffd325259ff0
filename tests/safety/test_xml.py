"""Hostile XML: external entities (XXE), billion laughs, external DTDs and parameter
entities, XInclude, UTF-16 with a DOCTYPE. Every command that reads XML (``text``,
``validate``, ``check``, ``site``) refuses them in one line naming the file, exits
non-zero, prints nothing of any file, reads no other file and makes no request."""

from __future__ import annotations

import http.server
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import tei.validate
from stichwort.cli import main

SECRET = "SECRET-4f1c9a-must-never-be-read"
MARK = "HOSTILE-DOCUMENT-TEXT-7d2e"  # text of the hostile file itself: never printed
TEI = "http://www.tei-c.org/ns/1.0"
BODY = (
    f'<TEI xmlns="{TEI}"><teiHeader><fileDesc><titleStmt><title>{MARK}</title></titleStmt>'
    "<publicationStmt><p>x</p></publicationStmt><sourceDesc><p>x</p></sourceDesc>"
    "</fileDesc></teiHeader><text><body><p>{inner}</p></body></text></TEI>"
)


class Server:
    """A local HTTP server that records every request (none may come)."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server.requests.append(self.path)
                body = b'<!ENTITY leak "LEAKED">'
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()


@pytest.fixture
def server() -> Iterator[Server]:
    found = Server()
    yield found
    found.httpd.shutdown()
    found.httpd.server_close()


def hostile(secret: Path, url: str) -> dict[str, bytes]:
    """Hostile TEI documents by name."""
    laughs = '<!ENTITY lol0 "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, 10)
    )
    return {
        "xxe": (
            f'<?xml version="1.0"?>\n<!DOCTYPE TEI [<!ENTITY xxe SYSTEM "file://{secret}">]>\n'
            + BODY.format(inner="&xxe;")
        ).encode(),
        "billion-laughs": (f"<!DOCTYPE TEI [{laughs}]>" + BODY.format(inner="&lol9;")).encode(),
        "external-dtd": (
            f'<!DOCTYPE TEI SYSTEM "{url}/tei.dtd">' + BODY.format(inner="&leak;")
        ).encode(),
        "parameter-entity": (
            f'<!DOCTYPE TEI [<!ENTITY % remote SYSTEM "{url}/param.dtd"> %remote;]>'
            + BODY.format(inner="x")
        ).encode(),
        "xinclude": BODY.format(
            inner=f'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="{secret}" '
            'parse="text"/>'
        ).encode(),
        "doctype-after-comment": (
            f'<!-- a comment first --><!DOCTYPE TEI SYSTEM "{url}/late.dtd">'
            + BODY.format(inner="x")
        ).encode(),
        "utf16-doctype": (
            f'<!DOCTYPE TEI SYSTEM "{url}/utf16.dtd">' + BODY.format(inner="x")
        ).encode("utf-16"),
    }


CASES = [
    "xxe",
    "billion-laughs",
    "external-dtd",
    "parameter-entity",
    "xinclude",
    "doctype-after-comment",
    "utf16-doctype",
]


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.txt"
    path.write_text(SECRET, encoding="utf-8")
    return path


def _assert_refused(status: int, out: str, err: str, path: Path, server: Server) -> None:
    assert status != 0
    lines = err.splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "refused" in lines[0], err
    for text in (out, err):
        assert SECRET not in text and "LEAKED" not in text and MARK not in text
        assert "lollol" not in text
    assert server.requests == []


@pytest.mark.parametrize("case", CASES)
def test_text_refuses(
    case: str, tmp_path: Path, secret: Path, server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{case}.xml"
    path.write_bytes(hostile(secret, server.url)[case])
    status = main(["text", str(path)])
    captured = capsys.readouterr()
    _assert_refused(status, captured.out, captured.err, path, server)


@pytest.mark.parametrize("case", CASES)
def test_validate_refuses_before_jing_sees_it(
    case: str,
    tmp_path: Path,
    secret: Path,
    server: Server,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / f"{case}.xml"
    path.write_bytes(hostile(secret, server.url)[case])
    jing: list[object] = []
    monkeypatch.setattr(tei.validate, "run_jing", lambda *args: jing.append(args) or [])
    status = main(["validate", str(path)])
    captured = capsys.readouterr()
    _assert_refused(status, captured.out, captured.err, path, server)
    assert jing == []  # jing never saw the file
    assert "refused" in captured.err


def test_validate_end_to_end_with_jing(
    tmp_path: Path, secret: Path, server: Server, synth_tei: Path
) -> None:
    """The real command, jing included: a good file next to the hostile ones is
    validated, the hostile ones are refused, nothing leaks, no request is made."""
    files = hostile(secret, server.url)
    paths = []
    for case in ("xxe", "external-dtd", "xinclude"):
        paths.append(tmp_path / f"{case}.xml")
        paths[-1].write_bytes(files[case])
    command = [sys.executable, "-m", "stichwort", "validate", str(synth_tei), *map(str, paths)]
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 3, result.stderr
    for path in paths:
        assert f"{path}: refused" in result.stderr or f"{path}:1: refused" in result.stderr
    assert SECRET not in result.stderr + result.stdout and "LEAKED" not in result.stderr
    assert MARK not in result.stderr and server.requests == []


def test_jing_reads_only_a_private_copy(
    synth_tei: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[list[str]] = []
    real = subprocess.run

    def spy(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        seen.append(list(command))
        assert "-Djavax.xml.accessExternalDTD=" in kwargs["env"]["JAVA_TOOL_OPTIONS"]  # type: ignore[index]
        return real(command, **kwargs)  # type: ignore[call-overload,no-any-return]

    monkeypatch.setattr(tei.validate.subprocess, "run", spy)
    bad = tmp_path / "bad.xml"
    bad.write_text(
        synth_tei.read_text(encoding="utf-8").replace("<list>", '<list bogus="1">', 1),
        encoding="utf-8",
    )
    problems = tei.validate.validate_files([bad])
    (command,) = seen
    assert str(bad) not in command and str(synth_tei) not in command
    assert any(p.startswith(f"{bad}:") and "bogus" in p for p in problems), problems


@pytest.mark.parametrize("case", ["xxe", "external-dtd", "xinclude"])
def test_check_refuses(
    case: str, tmp_path: Path, secret: Path, server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    tei_dir = tmp_path / "tei"
    tei_dir.mkdir()
    path = tei_dir / "engelmann1798.xml"
    path.write_bytes(hostile(secret, server.url)[case])
    out = tmp_path / "claims.json"
    status = main(["check", "--tei", str(tei_dir), "--out", str(out)])
    captured = capsys.readouterr()
    _assert_refused(status, captured.out, captured.err, path, server)
    assert not out.exists()


@pytest.mark.parametrize("case", ["xxe", "external-dtd", "xinclude", "billion-laughs"])
def test_site_refuses(
    case: str, tmp_path: Path, secret: Path, server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    build = tmp_path / "build"
    (build / "tei").mkdir(parents=True)
    path = build / "tei" / "x1800.xml"
    path.write_bytes(hostile(secret, server.url)[case])
    status = main(["site", "--build", str(build), "--docs", str(build / "docs"), "--pages-only"])
    captured = capsys.readouterr()
    _assert_refused(status, captured.out, captured.err, path, server)
    assert not (build / "docs").exists()
