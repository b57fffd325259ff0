"""``stichwort site`` is atomic: a failed or killed build leaves the previous site and
pages as they were, a second build at the same time is refused (a dead build's lock is
taken over), and mkdocs never outlives the build."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import sitegen.build
from sitegen.build import BuildLock, SiteError, build_site
from stichwort.cli import main
from tests.site.conftest import CLAIMS, TEI


def _fingerprint(directory: Path) -> dict[str, str]:
    return {
        str(p.relative_to(directory)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


@pytest.fixture
def built_once(tmp_path: Path) -> Path:
    """A build directory (fixture TEI and claims) with pages and a site built once."""
    build = tmp_path / "build"
    (build / "tei").mkdir(parents=True)
    shutil.copy(TEI, build / "tei" / TEI.name)
    (build / "claims.json").write_text(json.dumps(CLAIMS), encoding="utf-8")
    assert main(["site", "--build", str(build), "--docs", str(build / "docs")]) == 0
    return build


def _leftovers(build: Path) -> list[str]:
    return sorted(p.name for p in build.iterdir() if ".new-" in p.name or ".old-" in p.name)


def test_a_concurrent_build_is_refused_and_a_dead_ones_lock_taken_over(
    built_once: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = built_once / "site"
    before = _fingerprint(site)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from sitegen.build import BuildLock;"
            "lock = BuildLock(Path(sys.argv[1])); lock.acquire(); print('locked', flush=True); time.sleep(60)",
            str(site),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        capsys.readouterr()
        status = main(["site", "--build", str(built_once), "--docs", str(built_once / "docs")])
        err = capsys.readouterr().err
        assert status == 2 and len(err.splitlines()) == 1
        assert f"{built_once / '.site.lock'}: another 'stichwort site' is building" in err
        assert f"pid {holder.pid}" in err
        assert _fingerprint(site) == before
    finally:
        holder.kill()
        holder.wait()
    # the holder is dead: its lock file is still there, and is taken over
    assert (built_once / ".site.lock").read_text(encoding="utf-8").startswith("pid ")
    assert main(["site", "--build", str(built_once), "--docs", str(built_once / "docs")]) == 0


def test_the_lock_names_its_holder_and_is_free_after(tmp_path: Path) -> None:
    target = tmp_path / "site"
    lock = BuildLock(target)
    lock.acquire()
    other = BuildLock(target)
    with pytest.raises(SiteError, match=rf"pid {os.getpid()} since "):
        other.acquire()
    lock.release()
    other.acquire()
    other.release()


def test_a_failed_mkdocs_run_replaces_nothing(
    built_once: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site, docs = built_once / "site", built_once / "docs"
    before = (_fingerprint(site), _fingerprint(docs))
    (built_once / "claims.json").write_text("[]", encoding="utf-8")  # the pages would change
    monkeypatch.setattr(sitegen.build, "mkdocs_build", lambda config: 1)
    with pytest.raises(SiteError, match="nothing replaced"):
        build_site(built_once, docs)
    assert (_fingerprint(site), _fingerprint(docs)) == before
    assert _leftovers(built_once) == []


def _mkdocs_of(parent: int) -> int | None:
    """The pid of the mkdocs child (``sitegen.child PARENT``) of ``parent``, if running."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            args = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"sitegen.child" in args and str(parent).encode() in args:
            return int(entry.name)
    return None


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_a_killed_build_leaves_the_previous_site_and_no_mkdocs(
    built_once: Path, how: signal.Signals
) -> None:
    site, docs = built_once / "site", built_once / "docs"
    before = (_fingerprint(site), _fingerprint(docs))
    (built_once / "claims.json").write_text("[]", encoding="utf-8")
    build = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "stichwort",
            "site",
            "--build",
            str(built_once),
            "--docs",
            str(docs),
        ],
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    child = None
    while child is None and time.monotonic() < deadline and build.poll() is None:
        child = _mkdocs_of(build.pid)
        time.sleep(0.02)
    assert child is not None, "mkdocs did not start"
    build.send_signal(how)
    build.wait(timeout=30)
    for _ in range(200):
        if not _alive(child):
            break
        time.sleep(0.05)
    assert not _alive(child), "mkdocs outlived the build"
    assert (_fingerprint(site), _fingerprint(docs)) == before
    if how == signal.SIGTERM:
        assert build.returncode == 128 + signal.SIGTERM
        assert _leftovers(built_once) == []  # cleaned up on the way out
    assert main(["site", "--build", str(built_once), "--docs", str(docs)]) == 0
    assert _leftovers(built_once) == []  # a later build clears what a kill left
    assert (_fingerprint(site), _fingerprint(docs)) != before
