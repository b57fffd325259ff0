"""Repair of whole directories: worker processes or a Dask cluster, resumable, bounded.

:func:`run_batch` repairs every input file into ``OUT/<its relative path>``:

- **One function per file.** A worker calls :func:`repair_one` (bytes in, bytes and
  statistics out) on each file; a plain-text file larger than ``stream_bytes`` is
  read in segments cut at paragraph breaks (:mod:`normalise.stream`) and each segment
  is repaired as a document of its own (:func:`repair_segment`), so memory is bounded
  by the segment, not the file; the readings are written in order as they come, the
  white space at a cut becoming a paragraph break or a space
  (:func:`normalise.stream.joint`).
- **Workers.** ``jobs=1`` repairs in this process; ``jobs=N`` in N worker processes
  (each loads the lexicon and bigrams once, in :func:`init_worker`); ``dask=ADDRESS`` on a
  ``dask.distributed`` cluster, with the same tasks and the same results. The parent
  reads the inputs and writes the outputs; at most two tasks per worker are in flight.
- **Resumable.** Every finished file is appended to a journal beside the manifest;
  a file whose input checksum (SHA-256) and engine version (:func:`engine_version`) are
  those recorded, and whose output is still the one recorded, is skipped. Outputs are
  written to a temporary file and renamed, so a killed batch leaves no half-written
  output, and running it again gives the same final outputs.
- **Failures.** A file that cannot be read or repaired is reported (file and place)
  and the batch goes on; :attr:`Summary.failed` counts them.
- **Manifest.** ``stichwort-manifest.json`` (written atomically at the end): per file
  its checksums, bytes, characters, chunks, edits by kind, proposals, seconds and
  error.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import socket
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from normalise.stream import SEGMENT_CHARS, joint, segments
from normalise.textio import MAX_INPUT_BYTES, InputError, atomic_write, read_bytes

FORMAT = "stichwort-batch/1"  # the "format" of the manifest
MANIFEST = "stichwort-manifest.json"
STREAM_BYTES = 4 * 2**20
"""Plain-text files larger than this are repaired in segments (see the module docstring)."""
SUFFIXES = frozenset({".txt", ".xml", ".hocr", ".html", ".htm", ".xhtml"})
"""The files a directory contributes (named files and glob matches are taken as they are)."""
TASKS_PER_WORKER = 2  # tasks in flight per worker: one running, one waiting
_MAGIC = frozenset("*?[")
_MARKUP = (b"<", b"\xef\xbb\xbf<")

Stats = dict[str, Any]


# --- the work of one file, in a worker ---------------------------------------------------


def _repair_text(data: bytes, name: str, encoding: str | None = None) -> tuple[bytes, Stats]:
    """The reading text of a plain-text file, as ``stichwort repair FILE`` prints it."""
    from normalise.formats.text import edit_counts, final_newline, repair_raw
    from normalise.textio import decode_text

    if data.lstrip().startswith(_MARKUP):
        raise InputError(f"{name}: looks like XML or HTML, which is not read as plain text")
    decoded = decode_text(data, name, encoding)
    result, _prepared, edits = repair_raw(decoded.text)
    stats = {
        "format": "text",
        "encoding": decoded.encoding,
        "chars": len(decoded.text),
        "edits": edit_counts(edits),
        "proposals": len(result.proposals),
    }
    return final_newline(result.reading).encode("utf-8"), stats


def repair_one(data: bytes, name: str, encoding: str | None = None) -> tuple[bytes, Stats]:
    """Repair one whole input file (its bytes; ``name`` for messages): the output's bytes
    and statistics (``chars``, ``edits`` by kind, ``proposals``, ...). Raises
    :class:`~normalise.textio.InputError` for an input it cannot read. PAGE XML, ALTO
    and hOCR are repaired into their own format (:mod:`normalise.formats`)."""
    from normalise.formats import detect, repair_document

    fmt = detect(data, name)
    if fmt == "text":
        return _repair_text(data, name, encoding)
    if encoding is not None:
        raise InputError(f"{name}: --encoding is for plain text; {fmt} declares its own")
    result = repair_document(data, name, fmt=fmt)
    return result.output, {"format": result.fmt, **result.stats}


def repair_segment(text: str, name: str, index: int) -> tuple[bytes, Stats]:
    """Repair one segment of a large text file as a document of its own: its reading
    text (no white space at either end) and statistics."""
    from normalise.formats.text import edit_counts, repair_raw

    result, _prepared, edits = repair_raw(text)
    stats = {
        "format": "text",
        "chars": len(text),
        "edits": edit_counts(edits),
        "proposals": len(result.proposals),
    }
    return result.reading.strip().encode("utf-8"), stats


def init_worker() -> None:
    """Load the engine, the lexicon and the word bigrams once, when a worker process
    starts (so that no file's time includes them)."""
    import normalise.engine  # noqa: F401  (imported here, not by the first file's repair)
    from normalise.context import load as load_bigrams
    from normalise.lexicon import load

    load()
    load_bigrams()


@dataclass(frozen=True, slots=True)
class Task:
    """One unit of work: a whole file (``data``) or a segment of one (``text``)."""

    name: str
    data: bytes | None = None
    text: str | None = None
    index: int = 0
    place: str = ""
    encoding: str | None = None


@dataclass(frozen=True, slots=True)
class TaskResult:
    """What a worker gives back: the output's bytes, statistics or an error, the time
    taken and which worker (host:pid) with how often it loaded the lexicon."""

    output: bytes
    stats: Stats
    error: str | None
    seconds: float
    worker: str
    lexicon_loads: int


def run_task(task: Task) -> TaskResult:
    """Do one task; a failure becomes the result's ``error`` (naming file and place)."""
    from normalise.lexicon import load

    started = time.perf_counter()
    output, stats, error = b"", {}, None
    try:
        if task.text is None:
            output, stats = repair_one(task.data or b"", task.name, task.encoding)
        else:
            output, stats = repair_segment(task.text, task.name, task.index)
    except InputError as problem:
        error = str(problem)
    except Exception as problem:  # one file's failure must not stop the batch
        error = f"{task.name}{task.place}: {type(problem).__name__}: {problem}"
    return TaskResult(
        output,
        stats,
        error,
        time.perf_counter() - started,
        f"{socket.gethostname()}:{os.getpid()}",
        load.cache_info().misses,
    )


# --- inputs ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Source:
    """An input file and the path of its output below the output directory."""

    path: Path
    rel: str
    size: int


def _inside(path: Path, folder: Path) -> bool:
    return folder == path or folder in path.parents


def collect_inputs(args: list[str], out: Path) -> list[Source]:
    """The input files named by ``args``: files, directories (their files with a suffix
    in :data:`SUFFIXES`, recursively, hidden ones left out) and glob patterns. A file's
    output path is relative to its directory argument, or to the fixed part of its
    pattern, or is its name. ``InputError`` for an argument that names nothing and for
    two inputs with one output path."""
    out_dir = out.resolve()
    found: list[tuple[Path, str]] = []
    for arg in args:
        path = Path(arg)
        if path.is_dir():
            for folder, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                if _inside(Path(folder).resolve(), out_dir):
                    dirs[:] = []
                    continue
                for file in sorted(files):
                    if not file.startswith(".") and Path(file).suffix.lower() in SUFFIXES:
                        full = Path(folder) / file
                        found.append((full, full.relative_to(path).as_posix()))
        elif path.exists():
            found.append((path, path.name))
        elif _MAGIC & set(arg):
            parts = Path(arg).parts
            fixed = next(i for i, part in enumerate(parts) if _MAGIC & set(part))
            base = Path(*parts[:fixed]) if fixed else Path()
            matches = [Path(m) for m in sorted(glob.glob(arg, recursive=True))]
            files = [m for m in matches if m.is_file()]
            if not files:
                raise InputError(f"{arg}: no file matches")
            found += [(m, m.relative_to(base).as_posix()) for m in files]
        else:
            raise InputError(f"{arg}: file not found")
    sources: list[Source] = []
    seen: dict[str, Path] = {}
    for path, rel in found:
        if _inside(path.resolve(), out_dir):
            continue
        if rel in seen:
            if seen[rel].resolve() == path.resolve():
                continue
            raise InputError(f"{path}: same output path {rel!r} as {seen[rel]}")
        seen[rel] = path
        sources.append(Source(path, rel, path.stat().st_size))
    if not sources:
        raise InputError(f"{' '.join(args)}: no input files")
    return sources


# --- checksums, manifest, journal --------------------------------------------------------


def engine_version() -> str:
    """What the outputs depend on: the package version, the source of ``normalise``,
    the lexicon's data (:mod:`normalise.lexicon`'s cache key) and the word bigrams
    (:mod:`normalise.context`)."""
    from importlib.metadata import PackageNotFoundError, version

    from normalise import context, lexicon

    try:
        package = version("stichwort")
    except PackageNotFoundError:
        package = "unknown"
    digest = hashlib.sha256()
    root = Path(__file__).resolve().parent
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return f"stichwort {package}; normalise {digest.hexdigest()[:16]}; " + (
        f"lexicon {lexicon.cache_key()}; "
        f"bigrams {lexicon.cache_key([p for p in [context.BIGRAMS] if p.exists()])}"
    )


def _file_sha256(path: Path) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def journal_path(manifest: Path) -> Path:
    """The journal of a batch in progress, beside its manifest."""
    return manifest.with_name(f".{manifest.name}.journal")


def read_records(manifest: Path) -> dict[str, Stats]:
    """Per output path, the last record of the manifest and of the journal of an
    interrupted batch (a torn last line of the journal is ignored)."""
    records: dict[str, Stats] = {}
    if manifest.is_file():
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("format") == FORMAT:
                records.update({r["output"]: r for r in data.get("files", [])})
        except (ValueError, KeyError, TypeError):
            pass  # an unreadable manifest: everything is done again
    journal = journal_path(manifest)
    if journal.is_file():
        for line in journal.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                record = json.loads(line)
                records[record["output"]] = record
            except (ValueError, KeyError, TypeError):
                continue
    return records


def _up_to_date(record: Stats | None, sha256: str, engine: str, output: Path) -> bool:
    return (
        record is not None
        and record.get("status") == "done"
        and record.get("sha256") == sha256
        and record.get("engine") == engine
        and output.is_file()
        and _file_sha256(output) == record.get("output_sha256")
    )


# --- progress ----------------------------------------------------------------------------


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


LINE_EVERY = 10.0  # seconds between progress lines when not on a terminal


class Progress:
    """A progress line on a stream: files, chunks, characters per second, time left.
    On a terminal it is redrawn in place; elsewhere a line is written now and then.
    The files done, up to date and failed are counted in ``summary``."""

    def __init__(
        self, stream: IO[str] | None, files: int, total_bytes: int, summary: Summary
    ) -> None:
        self.stream = stream
        self.tty = bool(stream is not None and stream.isatty())
        self.interval = 0.2 if self.tty else LINE_EVERY
        self.files, self.total_bytes = files, total_bytes
        self.summary = summary
        self.chunks = self.chars = 0
        self.bytes_done = self.bytes_skipped = 0
        self.bytes_streamed = 0  # of files still in progress, segments written
        self.started = self.shown = time.monotonic()

    def line(self) -> str:
        """The progress as one line."""
        elapsed = max(time.monotonic() - self.started, 1e-9)
        rate = self.chars / elapsed
        done = self.bytes_done + self.bytes_streamed
        left = self.total_bytes - done - self.bytes_skipped
        eta = _clock(left * elapsed / done) if done else "?"
        s = self.summary
        finished = s.done + s.skipped + s.failed
        return (
            f"repair: {finished}/{self.files} files ({s.skipped} up to date, "
            f"{s.failed} failed), {self.chunks} chunks, {rate:,.0f} chars/s, ETA {eta}"
        )

    def show(self, force: bool = False) -> None:
        """Write the line if it is time to (or ``force``)."""
        now = time.monotonic()
        if self.stream is None or not (force or now - self.shown >= self.interval):
            return
        self.shown = now
        if self.tty:
            self.stream.write("\r" + self.line() + "\x1b[K")
            if force:
                self.stream.write("\n")
        else:
            self.stream.write(self.line() + "\n")
        self.stream.flush()

    def message(self, text: str) -> None:
        """A message on a line of its own (a failure)."""
        if self.stream is not None:
            self.stream.write(("\r\x1b[K" if self.tty else "") + text + "\n")
            self.stream.flush()


# --- executors ---------------------------------------------------------------------------


class InProcess(Executor):
    """Runs each task at once in this process (``jobs=1``)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


def _process_pool(jobs: int) -> Executor:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("forkserver"),
        initializer=init_worker,
    )


# --- the batch ---------------------------------------------------------------------------


@dataclass
class _File:
    """A file in progress: its tasks, the output written so far, its statistics."""

    source: Source
    sha256: str
    output: Path
    streamed: bool
    submitted: int = 0
    in_flight: int = 0
    all_submitted: bool = False
    written: int = 0
    waiting: dict[int, TaskResult] = field(default_factory=dict)
    gaps: dict[int, str] = field(default_factory=dict)
    starts: dict[int, int] = field(default_factory=dict)  # segment -> its first byte
    bytes_written: int = 0  # input bytes before the first segment not written yet
    handle: IO[bytes] | None = None
    digest: Any = field(default_factory=hashlib.sha256)
    out_bytes: int = 0
    gap: str | None = None  # white space since the last reading written
    error: str | None = None
    stats: Stats = field(default_factory=dict)
    edits: Counter[str] = field(default_factory=Counter)
    workers: set[str] = field(default_factory=set)
    loads: int = 0


@dataclass
class Summary:
    """The outcome of a batch; ``records`` are the manifest's per-file entries."""

    done: int = 0
    skipped: int = 0
    failed: int = 0
    chars: int = 0
    seconds: float = 0.0
    records: list[Stats] = field(default_factory=list)


def _temporary(path: Path) -> Path:
    """Where the output ``path`` is written before it is renamed into place (the same
    name each time, so that a killed batch's leftover is overwritten on resume)."""
    return path.with_name(f".{path.name}.stichwort-tmp")


def _stop(executor: Executor, finished: bool) -> None:
    """Shut the workers down; when the batch was interrupted, without waiting for the
    tasks they are running (a process pool's workers are ended)."""
    if finished:
        executor.shutdown(wait=True)
        return
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()
    try:
        executor.shutdown(wait=False, cancel_futures=True)
    except TypeError:  # a Dask client's executor cancels nothing
        executor.shutdown(wait=False)


class Batch:
    """One run of :func:`run_batch` (see there)."""

    def __init__(
        self,
        sources: list[Source],
        out: Path,
        *,
        jobs: int,
        dask: str | None,
        manifest: Path | None,
        encoding: str | None,
        stream_bytes: int,
        segment_chars: int,
        progress: IO[str] | None,
    ) -> None:
        self.sources, self.out, self.jobs, self.dask = sources, out, jobs, dask
        self.manifest = manifest or out / MANIFEST
        self.journal_file = journal_path(self.manifest)
        self.encoding, self.stream_bytes, self.segment_chars = encoding, stream_bytes, segment_chars
        self.engine = engine_version()
        self.previous = read_records(self.manifest)
        self.records: dict[str, Stats] = {}
        self.summary = Summary()
        self.progress = Progress(progress, len(sources), sum(s.size for s in sources), self.summary)
        self.pending: dict[Future[TaskResult], tuple[_File, int]] = {}
        self.client: Any = None
        self.window = TASKS_PER_WORKER * jobs

    # executors
    def _executor(self) -> Executor:
        if self.dask is not None:
            from distributed import Client

            if self.client is None:
                self.client = Client(self.dask)
                self.client.run(init_worker)
                threads = sum(self.client.nthreads().values())
                self.window = TASKS_PER_WORKER * max(1, threads)
            return self.client.get_executor(pure=False)  # type: ignore[no-any-return]
        if self.jobs == 1:
            init_worker()
            return InProcess()
        return _process_pool(self.jobs)

    # the tasks
    def _streamable(self, source: Source) -> bool:
        if source.size <= self.stream_bytes:
            return False
        with open(source.path, "rb") as handle:
            return not handle.read(64).lstrip().startswith(_MARKUP)

    def _tasks(self) -> Iterator[tuple[_File, Task]]:
        """The tasks of every file that is not up to date, file by file."""
        for source in self.sources:
            output = self.out / source.rel
            previous = self.previous.get(source.rel)
            try:
                streamed = self._streamable(source)
                if streamed:
                    sha = _file_sha256(source.path)
                    data = b""
                else:
                    data = read_bytes(source.path, max(MAX_INPUT_BYTES, self.stream_bytes))
                    sha = hashlib.sha256(data).hexdigest()
            except (InputError, OSError) as error:
                file = _File(source, "", output, False)
                file.all_submitted = True
                self._fail(
                    file,
                    str(error)
                    if isinstance(error, InputError)
                    else f"{source.path}: {error.strerror or error}",
                )
                continue
            if _up_to_date(previous, sha, self.engine, output):
                assert previous is not None
                self.records[source.rel] = previous
                self.summary.skipped += 1
                self.progress.bytes_skipped += source.size
                self.progress.show()
                continue
            file = _File(source, sha, output, streamed)
            if not streamed:
                file.all_submitted = True
                file.submitted = 1
                yield file, Task(str(source.path), data=data, encoding=self.encoding)
                continue
            pieces = segments(source.path, self.segment_chars, self.encoding)
            while file.error is None:
                try:
                    segment = next(pieces)
                except StopIteration:
                    break
                except (InputError, OSError) as error:
                    file.all_submitted = True
                    self._fail(file, str(error))
                    break
                file.gaps[segment.index] = segment.gap
                file.starts[segment.index] = segment.start_byte
                file.submitted += 1
                place = f" (segment {segment.index + 1}, from byte {segment.start_byte})"
                yield (
                    file,
                    Task(str(source.path), text=segment.text, index=segment.index, place=place),
                )
            file.all_submitted = True
            self._maybe_finish(file)

    # results
    def _fail(self, file: _File, error: str) -> None:
        if file.error is None:
            file.error = error
            self.progress.message(f"stichwort repair: {error}")
        self._maybe_finish(file)

    def _take(self, file: _File, index: int, result: TaskResult) -> None:
        file.in_flight -= 1
        file.workers.add(result.worker)
        file.loads = max(file.loads, result.lexicon_loads)
        self.progress.chunks += 1
        self.progress.chars += int(result.stats.get("chars", 0))
        if result.error is not None:
            self._fail(file, result.error)
            return
        if file.error is not None:
            self._maybe_finish(file)
            return
        file.waiting[index] = result
        while file.written in file.waiting:
            self._write(file, file.waiting.pop(file.written))
        self._maybe_finish(file)
        self.progress.show()  # a streamed file shows its segments as they come

    def _write(self, file: _File, result: TaskResult) -> None:
        """Add a task's output to the file's statistics and to its :func:`_temporary`
        file (opened with the first piece; renamed into place when the file is done)."""
        stats = result.stats
        for key, value in stats.items():
            if key != "edits":
                current = file.stats.get(key)
                both_numbers = isinstance(value, int | float) and isinstance(current, int | float)
                file.stats[key] = current + value if both_numbers else value
        file.edits.update(stats.get("edits", {}))
        file.stats["seconds"] = file.stats.get("seconds", 0.0) + result.seconds
        if file.handle is None:
            file.output.parent.mkdir(parents=True, exist_ok=True)
            file.handle = open(_temporary(file.output), "wb")  # noqa: SIM115
        piece = result.output
        if file.streamed and piece:
            if file.gap is not None:
                piece = joint(file.gap).encode("utf-8") + piece
            file.gap = ""
        self._append(file, piece)
        if file.streamed:
            gap = file.gaps.pop(file.written, "")
            file.stats["chars"] = file.stats.get("chars", 0) + len(gap)  # the file's characters
            if file.gap is not None:
                file.gap += gap
            file.starts.pop(file.written, None)
            upto = file.starts.get(file.written + 1)  # the next segment's first byte, if cut
            if upto is not None:
                self.progress.bytes_streamed += upto - file.bytes_written
                file.bytes_written = upto
        file.written += 1

    @staticmethod
    def _append(file: _File, piece: bytes) -> None:
        assert file.handle is not None  # opened by _write with the first piece
        file.digest.update(piece)
        file.out_bytes += len(piece)
        file.handle.write(piece)

    def _maybe_finish(self, file: _File) -> None:
        if not file.all_submitted or file.in_flight:
            return
        if file.error is None and file.written < file.submitted:
            return
        if file.source.rel in self.records:
            return  # finished already
        if file.error is None:  # every task written: the first opened the file
            if file.streamed:
                self._append(file, b"\n")
            assert file.handle is not None
            file.handle.close()
            os.replace(_temporary(file.output), file.output)
        elif file.handle is not None:
            file.handle.close()
            _temporary(file.output).unlink(missing_ok=True)
        self._record(file)

    def _record(self, file: _File) -> None:
        stats = dict(file.stats)
        seconds = round(stats.pop("seconds", 0.0), 3)
        record: Stats = {
            "input": str(file.source.path),
            "output": file.source.rel,
            "status": "failed" if file.error else "done",
            "error": file.error,
            "sha256": file.sha256,
            "bytes": file.source.size,
            "engine": self.engine,
            "chunks": file.written,
            **stats,
            "edits": dict(sorted(file.edits.items())),
            "seconds": seconds,
            "output_bytes": 0 if file.error else file.out_bytes,
            "output_sha256": None if file.error else file.digest.hexdigest(),
            "workers": sorted(file.workers),
            "lexicon_loads": file.loads,
        }
        self.records[file.source.rel] = record
        self.journal.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.journal.flush()
        self.progress.bytes_streamed -= file.bytes_written
        self.progress.bytes_done += file.source.size
        if file.error:
            self.summary.failed += 1
        else:
            self.summary.done += 1
            self.summary.chars += int(stats.get("chars", 0))
        self.progress.show()

    # the loop
    def run(self) -> Summary:
        started = time.perf_counter()
        self.out.mkdir(parents=True, exist_ok=True)
        self.journal = open(self.journal_file, "a", encoding="utf-8")  # noqa: SIM115
        executor = self._executor()
        finished = False
        try:
            for file, task in self._tasks():
                while len(self.pending) + self._waiting() >= self.window:
                    executor = self._collect(executor)
                file.in_flight += 1
                self.pending[executor.submit(run_task, task)] = (file, task.index)
            while self.pending:
                executor = self._collect(executor)
            finished = True
        finally:
            _stop(executor, finished)
            if self.client is not None:
                self.client.close()
            self.journal.close()
        self.summary.records = [self.records[s.rel] for s in self.sources]
        self.summary.seconds = time.perf_counter() - started
        self._write_manifest()
        self.journal_file.unlink(missing_ok=True)
        self.progress.show(force=True)
        return self.summary

    def _waiting(self) -> int:
        """Results held back until an earlier segment of their file is written."""
        files = {id(f): f for f, _ in self.pending.values()}
        return sum(len(f.waiting) for f in files.values())

    def _collect(self, executor: Executor) -> Executor:
        """Wait for a task to finish and take its result; a new pool if one broke."""
        done, _ = wait(list(self.pending), return_when=FIRST_COMPLETED)
        broken = False
        for future in done:
            file, index = self.pending.pop(future)
            try:
                result = future.result()
            except BrokenProcessPool:
                broken = True
                file.in_flight -= 1
                self._fail(file, f"{file.source.path}: the worker process died (out of memory?)")
                continue
            except Exception as error:  # a cluster's failure to run the task
                file.in_flight -= 1
                self._fail(file, f"{file.source.path}: {type(error).__name__}: {error}")
                continue
            self._take(file, index, result)
        if broken:
            for future, (file, _) in list(self.pending.items()):
                self.pending.pop(future)
                file.in_flight -= 1
                self._fail(file, f"{file.source.path}: the worker process died (out of memory?)")
            executor.shutdown(wait=False, cancel_futures=True)
            executor = self._executor()
        return executor

    def _write_manifest(self) -> None:
        s = self.summary
        data = {
            "format": FORMAT,
            "engine": self.engine,
            "totals": {
                "files": len(self.sources),
                "repaired": s.done,
                "up_to_date": s.skipped,
                "failed": s.failed,
                "chars": s.chars,
                "seconds": round(s.seconds, 3),
            },
            "files": s.records,
        }
        atomic_write(self.manifest, json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def run_batch(
    sources: list[Source],
    out: Path,
    *,
    jobs: int = 1,
    dask: str | None = None,
    manifest: Path | None = None,
    encoding: str | None = None,
    stream_bytes: int = STREAM_BYTES,
    segment_chars: int = SEGMENT_CHARS,
    progress: IO[str] | None = None,
) -> Summary:
    """Repair ``sources`` into ``out``; see the module docstring. ``dask`` is the
    address of a ``dask.distributed`` scheduler; ``manifest`` defaults to
    ``out/stichwort-manifest.json``; the progress line goes to ``progress``."""
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    return Batch(
        sources,
        out,
        jobs=jobs,
        dask=dask,
        manifest=manifest,
        encoding=encoding,
        stream_bytes=stream_bytes,
        segment_chars=segment_chars,
        progress=progress,
    ).run()
