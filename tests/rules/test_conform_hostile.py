"""`stichwort conform` against hostile adapters: every vector ends passed, failed or skipped.

The adapters live in ``tests/rules/adapters/`` (see the README there); most misbehave
on the Quinte, ``fixture.sequence.five`` of ``fixtures/values.json``. Timeouts are small
(1-2 s) to keep the suite fast; no test asserts how long anything took.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from stichwort.cli import main

HERE = Path(__file__).resolve().parent
ADAPTERS = HERE / "adapters"
VALUES = HERE / "fixtures" / "values.json"
REJECTIONS = HERE / "fixtures" / "rejections.json"
EXEC = ADAPTERS / "exec_adapter.py"

VALUE_IDS = [
    "fixture.sequence.three",
    "fixture.sequence.four",
    "fixture.sequence.five",
    "fixture.sequence.six",
    "fixture.point.ace",
    "fixture.partie.forty_five",
]
REJECTION_IDS = [
    "fixture.reject.sequence_of_nine",
    "fixture.reject.unknown_card",
    "fixture.reject.quint_is_a_value",
]


def conform(
    capsys: pytest.CaptureFixture[str],
    adapter: str,
    *files: Path,
    timeout: float = 2,
    extra: tuple[str, ...] = (),
) -> tuple[int, dict[str, object], str]:
    """Run ``stichwort conform ADAPTER --json``: exit status, report, standard error."""
    argv = ["conform", adapter, "--json", "--timeout", str(timeout), "--vectors"]
    status = main([*argv, *map(str, files or (VALUES,)), *extra])
    captured = capsys.readouterr()
    return status, json.loads(captured.out), captured.err


def failures(report: dict[str, object]) -> dict[str, dict[str, object]]:
    rules = report["rules"]
    assert isinstance(rules, list)
    return {f["id"]: f for r in rules for f in r["failures"]}


def module(name: str) -> str:
    return str(ADAPTERS / f"{name}.py")


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def gone(pids: list[int], bound: float = 20.0) -> bool:
    """Whether every pid stops running within a generous bound (kills are asynchronous)."""
    end = time.monotonic() + bound
    while any(running(p) for p in pids):
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


# ---------------------------------------------------------------- Python-module adapters


def test_hanging_module_adapter_times_out_and_the_run_goes_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, report, _ = conform(capsys, module("hang_adapter"))
    assert status == 1
    failed = failures(report)
    assert set(failed) == {"fixture.sequence.five"}
    assert failed["fixture.sequence.five"]["problem"] == "timeout"
    assert failed["fixture.sequence.five"]["reason"].startswith("timeout: adapter gave no answer")
    assert report["summary"] == {"passed": 5, "failed": 1, "skipped": 0}


def test_adapter_that_hangs_on_everything_is_given_up(capsys: pytest.CaptureFixture[str]) -> None:
    status, report, err = conform(capsys, module("hang_always_adapter"), timeout=1)
    assert status == 2
    failed = failures(report)
    assert set(failed) == set(VALUE_IDS)
    problems = [failed[i]["problem"] for i in VALUE_IDS]
    assert problems == ["timeout"] * 5 + ["unusable"]
    assert "adapter unusable: it died on 5 vectors in a row" in failed[VALUE_IDS[-1]]["reason"]
    assert "never answered" in err and len(err.strip().splitlines()) == 1


def test_crashing_module_adapter_fails_that_vector_and_is_restarted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, report, _ = conform(capsys, module("crash_adapter"), VALUES, REJECTIONS)
    assert status == 1
    failed = failures(report)
    assert set(failed) == {"fixture.sequence.five", "fixture.reject.quint_is_a_value"}
    assert (
        failed["fixture.sequence.five"]["reason"] == "adapter exited with status 3 before answering"
    )
    assert report["summary"] == {"passed": 7, "failed": 2, "skipped": 0}


def test_module_adapter_exiting_early_with_status_0_fails_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # it exits on its third call; restarted, it answers two more and exits again
    status, report, _ = conform(capsys, module("exit_early_adapter"))
    assert status == 1
    failed = failures(report)
    assert set(failed) == {"fixture.sequence.five", "fixture.partie.forty_five"}
    assert all(
        f["reason"] == "adapter exited with status 0 before answering" for f in failed.values()
    )


def test_rules_error_refuses_a_rejection_vector_and_fails_a_value_vector(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, report, _ = conform(capsys, module("rules_error_adapter"), REJECTIONS)
    assert status == 1
    failed = failures(report)
    assert set(failed) == {"fixture.reject.quint_is_a_value"}
    assert failed["fixture.reject.quint_is_a_value"]["error"].startswith("RulesError: sequences")
    assert report["summary"] == {"passed": 2, "failed": 1, "skipped": 0}


def test_reference_adapter_refuses_the_rejection_fixtures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # PiquetError (a RulesError) and CardError (a ValueError) are both refusals
    status, report, _ = conform(capsys, "rules.reference_adapter", REJECTIONS)
    assert status == 0
    assert report["summary"] == {"passed": 3, "failed": 0, "skipped": 0}


def test_garbage_from_a_module_adapter(capsys: pytest.CaptureFixture[str]) -> None:
    # it also prints junk on stdout at import and on every call: that must not matter
    status, report, _ = conform(
        capsys, module("garbage_adapter"), extra=("--max-answer-bytes", str(1024 * 1024))
    )
    assert status == 1
    failed = failures(report)
    assert set(failed) == {
        "fixture.sequence.three",
        "fixture.sequence.four",
        "fixture.sequence.five",
    }
    assert "not JSON" in failed["fixture.sequence.three"]["reason"]  # a set
    assert "not JSON" in failed["fixture.sequence.four"]["reason"]  # NaN
    assert failed["fixture.sequence.five"]["problem"] == "too-long"
    assert report["summary"]["passed"] == 3


@pytest.mark.parametrize(
    ("adapter", "message"),
    [
        (module("import_error_adapter"), "ZeroDivisionError: division by zero"),
        ("no_such_adapter_module", "cannot import adapter module 'no_such_adapter_module'"),
        (module("no_call_adapter"), "has no function call(rule, input)"),
        (str(ADAPTERS / "missing_adapter.py"), "not found"),
        ('exec:"unterminated', "cannot parse the command: No closing quotation"),
        ("exec:", "exec: adapter needs a command"),
        ("exec:/no/such/program --flag", "cannot start adapter"),
    ],
)
def test_unusable_adapter_spec_is_one_line_and_exit_2(
    adapter: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conform", adapter, "--vectors", str(VALUES)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], captured.err
    assert "Traceback" not in captured.err
    if adapter.endswith("import_error_adapter.py"):
        assert "import_error_adapter.py" in lines[0]


def test_grandchild_of_a_module_adapter_is_killed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pids_file = tmp_path / "pids"
    monkeypatch.setenv("GRANDCHILD_PIDS", str(pids_file))
    status, report, _ = conform(capsys, module("grandchild_adapter"))
    assert status == 1
    assert set(failures(report)) == {"fixture.sequence.five"}
    pids = [int(line) for line in pids_file.read_text(encoding="utf-8").split()]
    assert len(pids) == 2  # one from the first start, one from the restart after the timeout
    assert gone(pids)


# ---------------------------------------------------------------- exec: adapters


def exec_spec(mode: str) -> str:
    return f'exec:"{sys.executable}" "{EXEC}" {mode}'


@pytest.mark.parametrize(
    ("mode", "failed_ids", "problem", "reason"),
    [
        ("good", set(), None, None),
        (
            "hang",
            {"fixture.sequence.five", "fixture.reject.quint_is_a_value"},
            "timeout",
            "timeout",
        ),
        (
            "crash",
            {"fixture.sequence.five", "fixture.reject.quint_is_a_value"},
            "died",
            "adapter exited with status 3 before answering",
        ),
        (
            "exit0",
            {
                "fixture.sequence.five",
                "fixture.partie.forty_five",
                "fixture.reject.quint_is_a_value",
            },
            "died",
            "adapter exited with status 0 before answering",
        ),
        (
            "huge",
            {"fixture.sequence.five", "fixture.reject.quint_is_a_value"},
            "too-long",
            "answer longer than 1048576 bytes",
        ),
        (
            "flood",
            {"fixture.sequence.five", "fixture.reject.quint_is_a_value"},
            "too-long",
            "answer longer than 1048576 bytes",
        ),
        (
            "error",
            {
                "fixture.sequence.three",
                "fixture.sequence.four",
                "fixture.sequence.five",
                "fixture.sequence.six",
                "fixture.reject.quint_is_a_value",
            },
            "error",
            None,
        ),
    ],
)
def test_exec_adapter_misbehaving(
    mode: str,
    failed_ids: set[str],
    problem: str | None,
    reason: str | None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, report, _ = conform(
        capsys,
        exec_spec(mode),
        VALUES,
        REJECTIONS,
        extra=("--max-answer-bytes", str(1024 * 1024)),
    )
    failed = failures(report)
    assert set(failed) == failed_ids
    assert status == (1 if failed_ids else 0)
    assert report["summary"]["passed"] == 9 - len(failed_ids)
    for f in failed.values():
        assert f["problem"] == problem
        if reason:
            assert f["reason"].startswith(reason)
    if mode == "error":  # {"error"} refuses the rejection vector of sequence_value
        assert "fixture.reject.sequence_of_nine" not in failed


def test_exec_adapter_answering_garbage(capsys: pytest.CaptureFixture[str]) -> None:
    status, report, _ = conform(capsys, exec_spec("garbage"), VALUES, REJECTIONS)
    assert status == 1
    reasons = {i: f["reason"] for i, f in failures(report).items()}
    assert set(reasons) == {
        "fixture.sequence.three",
        "fixture.sequence.four",
        "fixture.sequence.five",
        "fixture.sequence.six",
        "fixture.partie.forty_five",
        "fixture.reject.quint_is_a_value",
    }
    assert reasons["fixture.sequence.three"] == "answer is not a JSON object: [15]"
    assert reasons["fixture.sequence.four"].startswith("answer must have exactly one of 'output'")
    assert reasons["fixture.sequence.five"].startswith("answer is not JSON")
    assert reasons["fixture.sequence.six"].startswith("answer is not UTF-8")
    assert reasons["fixture.partie.forty_five"] == "answer nested deeper than 256 levels"


def test_exec_adapter_writing_two_lines_for_one_request(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, report, err = conform(capsys, exec_spec("two_lines"), VALUES, REJECTIONS)
    assert status == 0 and report["summary"]["passed"] == 9
    assert "nobody asked for; ignored" in err


def test_exec_adapter_that_exits_at_start_is_unusable(capsys: pytest.CaptureFixture[str]) -> None:
    status, report, err = conform(capsys, exec_spec("exit_at_start"))
    assert status == 2
    assert report["summary"] == {"passed": 0, "failed": 6, "skipped": 0}
    assert "never answered" in err and "exited with status 0" in err
    assert len(err.strip().splitlines()) == 1


def test_grandchild_of_an_exec_adapter_is_killed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the grandchild shares the adapter's standard output, so the pipe never closes:
    # the runner notices that the adapter itself died and does not wait for the timeout
    pids_file = tmp_path / "pids"
    monkeypatch.setenv("GRANDCHILD_PIDS", str(pids_file))
    status, report, _ = conform(capsys, exec_spec("grandchild"), timeout=60)
    assert status == 1
    failed = failures(report)
    assert set(failed) == {"fixture.sequence.five"}
    assert failed["fixture.sequence.five"]["reason"] == (
        "adapter exited with status 0 before answering"
    )
    pids = [int(line) for line in pids_file.read_text(encoding="utf-8").split()]
    assert len(pids) == 2
    assert gone(pids)


RSS_PROBE = """
import re, sys
from pathlib import Path
from stichwort.cli import main
status = main(sys.argv[1:])
# VmHWM: this process's own peak RSS (ru_maxrss would include the parent's at exec time)
peak = re.search(r"VmHWM:\\s+(\\d+) kB", Path("/proc/self/status").read_text()).group(1)
print(status, peak, file=sys.stderr)
"""


def test_runner_memory_stays_bounded_when_an_adapter_floods_it(tmp_path: Path) -> None:
    # the adapter writes (up to) 1 GiB without a newline; the runner stops at 16 MiB
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            RSS_PROBE,
            "conform",
            exec_spec("flood"),
            "--vectors",
            str(VALUES),
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    status, peak_kib = result.stderr.strip().splitlines()[-1].split()
    assert status == "1"
    assert "answer longer than 16777216 bytes" in result.stdout
    assert int(peak_kib) < 200 * 1024, f"peak RSS {int(peak_kib) // 1024} MiB"
