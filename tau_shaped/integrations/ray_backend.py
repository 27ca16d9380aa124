"""``tau-shaped score --backend ray`` (issue 20): a batch scored on a Ray cluster, or on this
machine's cores through Ray, with the local path's output.

The driver reads the input with the project's own readers (``batch.source_items``: a JSON-lines
file's raw lines, a JSON list's records) and puts it, chunk by chunk as it is read, into Ray's
object store (which spills to disk past its memory: the driver holds one chunk at a time), then
makes a Dataset of those chunks, in order (``ray.data.from_arrow_refs``); an actor pool
scores it (``map_batches`` with a callable class: one ``RecordScorer`` per actor, the domain
loaded once, each item scored by ``score_item``). The outcomes come back in input order
(``preserve_order``; reassembled by index besides), so a JSON-lines output is byte for byte
``score_file(..., workers=1)``'s and the first record that fails raises its
``ResultsFileError`` with the local path's message. ``parquet``: one row per record (task,
rewards, status, and the record as its JSON line).

Registered as the ``ray`` scoring backend (:class:`RayBackend`) by
``tau_shaped.integrations.registrations``. Needs the ``ray`` extra (``pip install -e '.[ray]'``); ray
is imported only when used.
"""

from __future__ import annotations

import logging
import pickle
import re
import socket
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

from tau_shaped.env import llm as _llm  # noqa: F401 - litellm stays off the network, in the driver and the actors
from tau_shaped.evaluation.batch import source_items
from tau_shaped.evaluation.batch_pool import available_cores, score_item
from tau_shaped.evaluation.record_scorer import RecordScorer, dump_record
from tau_shaped.evaluation.records_out import RecordsOut
from tau_shaped.evaluation.results_file import ResultsFileError
from tau_shaped.evaluation.results_formats import RECORDS_FORMATS, ResultsFormat
from tau_shaped.evaluation.results_stream import count_records, json_lines
from tau_shaped.evaluation.score_options import ScoreOptions
from tau_shaped.evaluation.scoring_backends import ScoringBackend, ScoringJob

PathLike = Union[str, Path]
FORMATS = {"jsonl": ".jsonl", "json": ".json", "parquet": ".parquet"}  # json: a JSON list, as score_file writes one
MISSING = "the ray backend needs the ray extra: pip install -e '.[ray]'"
CHUNK_BYTES = 8 << 20
FIELDS = ("task_id", "trial", "task_key", "reward", "legacy_reward", "shaped_reward", "outcome_reward",
          "process_reward", "status")  # a parquet row's, besides ``record``


class RayBackendError(ValueError):
    """Ray missing, not reachable, or a worker lost; one line."""


def results_files(inputs: PathLike, output: Optional[PathLike] = None) -> List[Path]:
    """A results file, or a folder's ``*.jsonl``/``*.json`` files in name order (outputs such
    as ``*.shaped.json``, hidden files and ``output`` left out)."""
    path = Path(inputs)
    if not path.is_dir():
        return [path]
    skip = Path(output).resolve() if output else None
    files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in (".jsonl", ".json")
                   and ".shaped." not in p.name.lower() and not p.name.startswith(".") and p.resolve() != skip)
    if not files:
        raise ResultsFileError(f"{path}: no results files (*.jsonl, *.json) in this folder")
    return files


def default_output(inputs: PathLike, output_format: str) -> Path:
    """``<file>.shaped.jsonl`` beside a file; ``<folder>.shaped.jsonl`` beside a folder."""
    path = Path(inputs).resolve() if Path(inputs).is_dir() else Path(inputs)
    stem = path.name if path.is_dir() else path.name.rsplit(".", 1)[0]
    return path.with_name(f"{stem}.shaped{FORMATS[output_format]}")


def _fields(record: Dict[str, Any]) -> Tuple[Any, ...]:
    def number(value: Any) -> Optional[float]:
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None

    info = record.get("info") or {}
    shaped = info.get("shaped") or {}
    whole = [record.get(k) if type(record.get(k)) is int else None for k in ("task_id", "trial")]
    return (*whole, info.get("task_key"), number(record.get("reward")),
            *[number(shaped.get(k)) for k in ("legacy_reward", "reward", "outcome_reward", "process_reward")],
            shaped.get("status"))


def _schema(kind: str) -> Any:
    import pyarrow as pa

    rows = [("task_id", pa.int64()), ("trial", pa.int64()), ("task_key", pa.string()),
            *[(name, pa.float64()) for name in FIELDS[3:8]], ("status", pa.string())]
    if kind == "parquet":
        return pa.schema(rows + [("record", pa.string())])
    return pa.schema([("n", pa.int64()), ("state", pa.string()), ("data", pa.binary()),
                      ("notes", pa.list_(pa.string())), *rows])


class ScoreChunks:
    """An actor of the pool: one RecordScorer (the domain loaded once); chunks of items scored."""

    def __init__(self, env: str, task_split: str, blend: str, lam: float, form: str,
                 tasks: Optional[str] = None) -> None:
        self.scorer = RecordScorer(env, task_split, blend, lam, tasks=tasks)
        self.form = "jsonl" if form in ("jsonl", "parquet") else "list"
        self.schema = _schema("outcomes")

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        rows = []
        for first, blob in zip(batch.column("n").to_pylist(), batch.column("items").to_pylist()):
            for n, item in enumerate(pickle.loads(blob), start=first):
                status, notes = score_item(self.scorer, item, None)
                data, fields = None, (None,) * len(FIELDS)
                if status[0] == "ok":
                    data, fields = dump_record(status[1], self.form).encode("utf-8"), _fields(status[1])
                elif status[0] == "error":
                    data = status[1].encode("utf-8")
                rows.append(dict(zip(self.schema.names, (n, status[0], data, notes, *fields))))
        return pa.Table.from_pylist(rows, schema=self.schema)


def _chunks(files: List[Path], total: Optional[int], actors: int, notes: Optional[List[str]],
            put: Callable[[int, bytes], Any]) -> Tuple[List[Any], Optional[Exception]]:
    """The items in chunks, in order, each handed to ``put`` as it is read (its first item's
    index and the pickled list; Ray's object store keeps it, spilling to disk, so the driver
    holds one chunk at a time); a reading error is returned, raised after the records before it."""
    chunks: List[Any] = []
    items: List[Any] = []
    size, n, failure = 0, 0, None
    try:
        for n, item in enumerate(source_items(files, notes), start=1):
            items.append(item)
            size += len(item[1].raw) if item[0] == "line" else 4096
            # about 8 chunks per actor, for balance (an unknown total: chunks growing with what was read)
            if len(items) >= max(8, min(512, -(-(total or n) // (actors * 8)))) or size >= CHUNK_BYTES:
                chunks.append(put(n - len(items), pickle.dumps(items, pickle.HIGHEST_PROTOCOL)))
                items, size = [], 0
    except ResultsFileError as exc:
        failure = exc
    if items:
        chunks.append(put(n - len(items), pickle.dumps(items, pickle.HIGHEST_PROTOCOL)))
    return chunks, failure


def _put_chunk(ray: Any) -> Callable[[int, bytes], Any]:
    """A chunk into Ray's object store, as a one-row Arrow table (``n``, ``items``)."""
    import pyarrow as pa

    def put(first: int, blob: bytes) -> Any:
        return ray.put(pa.table({"n": pa.array([first], pa.int64()), "items": pa.array([blob], pa.binary())}))

    return put


def _start(address: Optional[str]) -> Tuple[Any, bool]:
    """Ray, and whether this call started it (an initialised Ray is used as it is)."""
    try:
        import ray
    except ImportError:
        raise RayBackendError(MISSING) from None
    if ray.is_initialized():
        return ray, False
    options: Dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
    if address is None:
        options.update(num_cpus=available_cores(), include_dashboard=False, ignore_reinit_error=True)
    elif re.fullmatch(r"[\w.-]+:\d+", address):  # a head's host:port: Ray would retry a dead one for minutes
        host, port = address.rsplit(":", 1)
        try:
            socket.create_connection((host, int(port)), timeout=10).close()
        except OSError as exc:
            raise RayBackendError(f"cannot start Ray at {address}: no Ray head answers there ({exc.strerror or exc})") from None
    try:
        ray.init(address=address or "local", **options)  # "local": a new instance, even beside a `ray start` one
    except Exception as exc:  # noqa: BLE001 - Ray raises many kinds here: one line
        text = (str(exc).strip().splitlines() or [""])[0]
        raise RayBackendError(f"cannot start Ray{f' at {address}' if address else ''}: {type(exc).__name__}: {text}") from None
    return ray, True


def _outcomes(ray: Any, chunks: List[Any], scorer_args: Tuple[Any, ...], actors: int) -> Iterator[Dict[str, Any]]:
    """Each item's outcome row, in input order."""
    from ray.data import ActorPoolStrategy, DataContext
    from ray.data.exceptions import UserCodeException

    context = DataContext.get_current()  # a Dataset copies it when made: restored at once
    saved = (context.execution_options.preserve_order, context.enable_progress_bars)
    context.execution_options.preserve_order, context.enable_progress_bars = True, False
    try:
        dataset = ray.data.from_arrow_refs(chunks).map_batches(
            ScoreChunks, fn_constructor_args=scorer_args, batch_size=1, batch_format="pyarrow",
            compute=ActorPoolStrategy(size=actors), num_cpus=1)
    finally:
        context.execution_options.preserve_order, context.enable_progress_bars = saved
    batches = iter(dataset.iter_batches(batch_size=None, batch_format="pyarrow"))
    waiting: Dict[int, Dict[str, Any]] = {}  # preserve_order gives them in order: a safeguard
    expected = 0
    try:
        for batch in batches:
            waiting.update((row["n"], row) for row in batch.to_pylist())
            while expected in waiting:
                yield waiting.pop(expected)
                expected += 1
    except (ray.exceptions.RayError, UserCodeException) as exc:
        text = (str(exc).strip().splitlines() or [""])[-1]
        raise RayBackendError(f"a Ray worker failed before record {expected} was scored: {type(exc).__name__}: {text}") from None
    finally:
        getattr(batches, "close", lambda: None)()


class _ParquetOut(RecordsOut):
    """Rows written by pyarrow to RecordsOut's temporary file, renamed over the target by ``commit``."""

    def __init__(self, target: Path) -> None:
        import pyarrow.parquet as pq

        super().__init__(target)
        self.form, self.schema, self.rows = "parquet", _schema("parquet"), []  # type: ignore[var-annotated]
        self.writer = pq.ParquetWriter(self._handle, self.schema)

    def write(self, row: Any, last: bool = False) -> None:
        import pyarrow as pa

        if row is not None:
            self.rows.append({**{name: row[name] for name in FIELDS}, "record": row["data"].decode("utf-8")[:-1]})
        if self.rows and (len(self.rows) >= 4096 or last):
            self.writer.write_table(pa.Table.from_pylist(self.rows, schema=self.schema))
            self.rows = []

    def commit(self) -> Path:
        self.write(None, last=True)
        self.writer.close()
        return super().commit()

    def abandon(self) -> None:
        self.writer.close()
        super().abandon()


def score_with_ray(inputs: PathLike, env: str, task_split: str = "test", blend: str = "shaped", lam: float = 0.3,
                   output: Optional[PathLike] = None, address: Optional[str] = None, actors: Optional[int] = None,
                   output_format: str = "jsonl", on_progress: Optional[Callable[[int, Optional[int]], None]] = None,
                   notes: Optional[List[str]] = None, tasks: Optional[PathLike] = None) -> Path:
    """``info.shaped`` on every record of ``inputs`` (a results file, or a folder's, in name
    order), scored on Ray: a local Ray on every core when ``address`` is None, else the cluster
    there (an initialised Ray is used as it is, and left running). ``actors``: scorers (None:
    the cluster's CPUs). ``output_format``: ``jsonl`` (default ``<input>.shaped.jsonl``),
    ``json`` (a JSON list) or ``parquet``. ``tasks``: a task file the records' tasks are looked
    up in by id (``score --tasks``), instead of ``task_split``. Returns the output's path."""
    if output_format not in FORMATS:
        raise ValueError(f"unknown output format {output_format!r}: use one of {', '.join(FORMATS)}")
    task_file = str(Path(tasks).resolve()) if tasks is not None else None  # absolute: an actor may run elsewhere
    RecordScorer(env, task_split, blend, lam, tasks=task_file)  # the caller's mistakes (domain, split, blend) here, not in a worker
    target = Path(output) if output else default_output(inputs, output_format)
    files = results_files(inputs, target)
    for path in files:
        json_lines(path)  # an unreadable file named before Ray starts
    ray, started = _start(address)
    import ray.data  # noqa: F811 - configures its logger on import: quietened after that

    quiet = logging.getLogger("ray.data")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # Ray Data's notes on its own execution
    try:
        count = actors or max(1, int(ray.cluster_resources().get("CPU", 1)))
        counts = [count_records(f) for f in files]  # JSON lines' lines; None for a JSON list
        total = None if None in counts else sum(counts)  # type: ignore[arg-type]
        chunks, failure = _chunks(files, total, count, notes, _put_chunk(ray))
        out: Any = _ParquetOut(target) if output_format == "parquet" else RecordsOut(target)
        if output_format != "parquet":
            out.form = "jsonl" if output_format == "jsonl" else "list"  # the format asked for, whatever the name
        rows = _outcomes(ray, chunks, (env, task_split, blend, lam, output_format, task_file), count) if chunks else iter(())
        try:
            done = 0
            for row in rows:
                if notes is not None:
                    notes.extend(row["notes"] or [])
                if row["state"] == "error":
                    raise ResultsFileError(row["data"].decode("utf-8"))
                if row["state"] == "ok":
                    out.write(row if output_format == "parquet" else row["data"])
                    done += 1
                    if on_progress:
                        on_progress(done, total)
            if failure is not None:
                raise failure
            if not done:  # no file held a record: an error naming the input, not an empty output
                raise ResultsFileError(f"{inputs}: no records to score")
        except BaseException:
            out.abandon()
            raise
        finally:
            getattr(rows, "close", lambda: None)()  # the actors stop now, not when the generator is collected
        return out.commit()
    finally:
        quiet.setLevel(level)
        if started:
            ray.shutdown()


class RayBackend(ScoringBackend):
    """``--backend ray``: tau-bench's and tau-shaped's results files (a file, or a folder's in
    name order) scored by :func:`score_with_ray`; ``--workers`` actors, ``--ray-address`` the
    cluster, ``--format`` jsonl or parquet (default: by the output's name, JSON lines)."""

    name = "ray"
    output_formats = frozenset({"jsonl", "parquet"})

    def runs(self, fmt: ResultsFormat) -> bool:
        return fmt.name in RECORDS_FORMATS

    def refusal(self, fmt: ResultsFormat) -> str:
        return f"--backend ray scores tau-bench and tau-shaped results files, not {fmt.what}"

    def inputs(self, path: Path, options: ScoreOptions) -> List[Path]:
        return results_files(path, options.output)

    def run(self, job: ScoringJob) -> Path:
        options = job.options
        suffix = options.output.suffix.lower() if options.output is not None else ".jsonl"
        form = options.output_format or {".jsonl": "jsonl", ".parquet": "parquet"}.get(suffix, "json")
        return score_with_ray(job.path, options.env, options.task_split, options.blend, options.lam, options.output,
                              address=options.address, actors=options.workers or None, output_format=form,
                              on_progress=options.on_progress, notes=options.notes, tasks=options.tasks)
