"""Scoring a stream of records on worker processes, output in input order.

With ``workers`` = N, the calling process (worker 0, which loaded the domain and built the
worlds) and N - 1 processes forked from it score; each keeps its own env, S0s and
ground-truth cache. The calling process scores its share between reading, routing and
writing instead of only waiting on the others: a process that only coordinates still held
its own copy of every page the forked workers touched (the worlds, the tasks, the code: a
process's refcount updates copy the page), a sixth of a 2-worker run's memory.

Records are routed by task within a balance bound (``batch_routing.Router``: a task's
rollouts stay on the workers that hold its caches while that keeps every worker busy); a
forked worker gets them in messages of up to ``chunk`` records, sooner when its inbox runs
low, and once every record is routed the rest is shared out so that the workers finish
together. The output is reassembled in input order and a record's output depends on the
record alone, so the bytes written do not depend on the number of workers or on the
routing. At most ``in_flight`` records per worker are out at a time: memory is bounded
whatever the input's size.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import queue
import sys
import threading
import time
from collections import deque
from typing import Any, Deque, Dict, Iterable, Iterator, List, Optional, Tuple

from tau_shaped.evaluation.record_scorer import RecordScorer, dump_line, dump_record
from tau_shaped.evaluation.batch_routing import Router, route_key  # noqa: F401 - route_key: batch_pool.route_key, re-exported
from tau_shaped.evaluation.results_file import ResultsFileError, nulled_note
from tau_shaped.evaluation.line_scan import info_member_texts, scanned_line
from tau_shaped.evaluation.results_stream import SKIP, RawLine, line_record
from tau_shaped.evaluation.spool import SpoolReader, Spooled, SpoolWriter

POLL_SECONDS = 0.002  # how often this process, while it scores, looks for the forked workers' answers
SWITCH_SECONDS = 0.0005  # the interpreter's switch interval while workers run (see score_parallel)

# ("line", RawLine): a JSON-lines file's line, parsed where it is scored; ("record", where, dict)
Item = Tuple[Any, ...]
# what scoring an item gives: ("ok", output), ("skip",) a blank line, ("stop",) a torn last
# line, ("error", one-line message); with the notes reading it made
Outcome = Tuple[Tuple[Any, ...], List[str]]


def available_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def score_item(scorer: RecordScorer, item: Item, form: Optional[str]) -> Outcome:
    """Parse (a line) and score one item; never raises for what the input holds.

    An item whose task was new to the scorer leaves that task's set-up (its rules bound and
    compiled, its ground truth) in the scorer's caches for as long as the scorer lives: it is
    moved out of the cyclic collector's sight (``gc.freeze``, as ``RecordScorer.world`` does
    for a world), since every young collection would walk it again while it ages: 3-6% of a
    GRPO batch's CPU. Reference counting still frees anything frozen that is let go."""
    built = getattr(scorer.env, "task_setups_built", None)
    outcome = _score_item(scorer, item, form)
    if built is not None and scorer.env.task_setups_built != built:
        gc.freeze()
    return outcome


def _score_item(scorer: RecordScorer, item: Item, form: Optional[str]) -> Outcome:
    notes: List[str] = []
    try:
        scanned = None
        if item[0] == "line":
            line = item[1]
            scanned = scanned_line(line)
            record = scanned[0] if scanned is not None else line_record(line, notes)
            if record is SKIP:
                return ("skip",), notes
            if record is None:
                return ("stop",), notes
            where = f"{line.path}: line {line.number}"
        else:
            where, record = item[1], item[2]
        traj_span = scanned[2].get("traj") if scanned is not None else None
        traj_text = scanned[1][traj_span[0]:traj_span[1]] if traj_span is not None else None
        texts = info_member_texts(scanned[1], scanned[2]) if scanned is not None and traj_span is not None else None
        # a line's record is validated by line_record
        result = scorer.score(record, where, validate=item[0] != "line", notes=notes, traj_text=traj_text,
                              task_text=texts.get("task") if texts is not None else None)
        nulled: List[str] = []  # a NaN or Infinity of the input, written as null: said (issue 44)
        if form == "jsonl" and scanned is not None:  # the values scoring left as they were: as the line had them
            changed = [key for key in result if key not in record or result[key] is not record[key]]
            data = dump_line(result, scanned[1], scanned[2], changed, nulled)
        else:
            data = dump_record(result, form, nulled).encode("utf-8") if form else result
        if nulled:
            notes.append(nulled_note(where, nulled))
        return ("ok", data), notes
    except ResultsFileError as exc:
        return ("error", str(exc)), notes
    except Exception as exc:  # noqa: BLE001 - a fault outside the reward (which abstains itself): name the item
        where = f"{item[1].path}: line {item[1].number}" if item[0] == "line" else item[1]
        return ("error", f"{where}: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"), notes


def _at(line: RawLine) -> Item:
    """A line as sent to a worker: where it is in its file, not its bytes (the worker reads them)."""
    return ("at", line.path, line.number, line.offset, len(line.raw), line.last, line.bom)


def _line_at(files: Dict[str, int], item: Item) -> Item:
    """The line an ``_at`` item names, read from its file."""
    _, path, number, offset, length, last, bom = item
    try:
        fd = files.get(path)
        if fd is None:
            fd = files[path] = os.open(path, os.O_RDONLY)
        raw = os.pread(fd, length, offset + bom)
    except OSError as exc:
        raise ResultsFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) != length:
        raise ResultsFileError(f"{path}: line {number}: the file changed while it was scored")
    return ("line", RawLine(path, number, offset, raw, last, bom))


def _spooled(spool: SpoolWriter, results: List[Tuple[int, Outcome]]) -> List[Tuple[int, Outcome]]:
    """The batch's outputs appended to the worker's spool: each ("ok", bytes) becomes ("spooled",
    worker, segment, offset, length), what the parent needs to copy it; a spool that cannot be
    written (a full disk) makes each of them that error."""
    outputs = [status[1] for _, (status, _) in results if status[0] == "ok"]
    try:
        spans = iter(spool.write(outputs))
        problem = None
    except OSError as exc:
        problem = f"{exc.filename or spool.prefix}: cannot write a scoring spool: {exc.strerror or exc}"
    out = []
    for n, (status, notes) in results:
        if status[0] == "ok":
            status = ("error", problem) if problem is not None else ("spooled", spool.worker, *next(spans))
        out.append((n, (status, notes)))
    return out


_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent: int, by_signal: bool) -> None:
    """A worker of a run that is killed (SIGKILL: no clean-up) must not live on: it would hold
    the run's lock and files, waiting for work forever. On Linux the kernel kills it when the
    parent dies (``PR_SET_PDEATHSIG``, asked for only when the parent forked from its main
    thread: the signal follows the forking thread); ``_next_batch`` checks the parent too."""
    if by_signal:
        try:
            import ctypes
            import signal

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def _next_batch(inbox: Any, parent: int) -> Any:
    """The next batch, or None once the parent is gone (checked every second while idle)."""
    while True:
        try:
            return inbox.get(timeout=1.0)
        except queue.Empty:
            if os.getppid() != parent:
                return None


def _worker(scorer: RecordScorer, inbox: Any, outbox: Any, form: Optional[str], spool: Optional[SpoolWriter],
            parent: int = 0, by_signal: bool = False, worker: int = 0) -> None:
    if parent:
        _die_with_parent(parent, by_signal)
    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_SECONDS))  # see score_parallel
    files: Dict[str, int] = {}
    while True:
        batch = _next_batch(inbox, parent) if parent else inbox.get()
        if batch is None:
            break
        results = []
        for n, item in batch:
            if item[0] == "at":
                try:
                    item = _line_at(files, item)
                except ResultsFileError as exc:
                    results.append((n, (("error", str(exc)), [])))
                    continue
            results.append((n, score_item(scorer, item, form)))
        outbox.put((worker, _spooled(spool, results) if spool is not None else results))
    if spool is not None:
        spool.close()


def score_parallel(scorer: RecordScorer, items: Iterable[Item], workers: int, form: Optional[str],
                   chunk: int = 32, in_flight: int = 512, spool: Optional[str] = None,
                   worlds_built: bool = False) -> Iterator[Any]:
    """Score ``items`` on ``workers`` processes, this one (worker 0) and ``workers - 1`` forked
    from it; yield their outcomes in input order. A JSON-lines file's lines are read by the
    forked workers (sent as where they are); with ``form`` and ``spool`` (a path prefix,
    ``spool_prefix``), their outputs come back as ``Spooled`` spans of their spool files, for
    the caller to copy before asking for the next. ``worlds_built``: the scorer holds the worlds
    the items need (every worker inherits them): records are routed by task alone. This
    process scores the records routed to it one at a time, the oldest first, once more than
    ``bound + 2 * chunk`` of them wait (see the module's docstring)."""
    context = multiprocessing.get_context("fork")
    # What this process holds stays shared: no process's collections scan (and so copy) it. It
    # stays frozen after the run, as RecordScorer.world leaves the worlds (reference counting
    # still frees what is let go): unfreezing gave it back to the next full collection, at the
    # latest the interpreter's at exit, 0.3 s of a 5.5 s GRPO batch's 2-worker run.
    gc.freeze()
    forked = range(1, workers)
    inboxes = {k: context.Queue() for k in forked}
    outbox = context.Queue()
    reader = SpoolReader(spool) if spool is not None and form is not None else None
    main_thread = threading.current_thread() is threading.main_thread()
    procs = [context.Process(target=_worker, daemon=True,
                             args=(scorer, inboxes[k], outbox, form, SpoolWriter(spool, k) if reader is not None else None,
                                   os.getpid(), main_thread, k))
             for k in forked]
    for proc in procs:
        proc.start()
    router = Router(scorer, workers, by_world=not worlds_built)
    buffers: Dict[int, List[Tuple[int, Item]]] = {k: [] for k in forked}
    given = {k: 0 for k in forked}  # records in a forked worker's inbox or in its hands
    local: Deque[Tuple[int, Item]] = deque()  # routed to this process, not scored yet
    done: Dict[int, Outcome] = {}
    state: Dict[str, Any] = {"next": 0, "sent": 0, "polled": 0.0}
    limit = in_flight * workers
    # queued for this process before it scores the oldest: the bound plus two messages, so a
    # forked worker left with less than that (its next message may wait for this process to
    # let its sending thread run) gets a share of this process's tasks
    ahead = router.bound + 2 * chunk

    def flush(worker: int) -> None:
        if buffers[worker]:
            given[worker] += len(buffers[worker])
            inboxes[worker].put([(n, _at(item[1]) if item[0] == "line" else item) for n, item in buffers[worker]])
            buffers[worker] = []

    def ready() -> Iterator[Any]:
        while state["next"] in done:
            outcome = done.pop(state["next"])
            state["next"] += 1
            status = outcome[0]
            if status[0] == "spooled" and reader is not None:
                outcome = (("ok", Spooled(reader.fd(status[1], status[2]), status[3], status[4])), outcome[1])
            yield outcome

    def collect(block: bool) -> Iterator[Any]:
        while True:
            try:
                batch = outbox.get(timeout=0.5) if block else outbox.get_nowait()
            except queue.Empty:
                if not block:
                    return
                dead = [p for p in procs if not p.is_alive()]
                if dead:
                    raise ResultsFileError(f"a scoring worker stopped (exit code {dead[0].exitcode}) before record "
                                           f"{state['next']} was scored")
                continue
            worker, batch = batch
            given[worker] -= len(batch)
            router.answered(worker, len(batch))
            for n, outcome in batch:
                done[n] = outcome
            if given[worker] < chunk:  # its inbox runs low: what is routed to it goes now
                flush(worker)
            block = False
            yield from ready()

    def even_out() -> None:
        """Every record is routed: share what is not yet in a worker's hands so that each has
        about as much left, and the last records finish together (a forked worker that holds
        its share already leaves its unsent records to this process; one that holds less is
        sent the latest of this process's)."""
        share = (len(local) + sum(given[w] + len(buffers[w]) for w in forked)) // workers
        for w in forked:
            if given[w] >= share and buffers[w]:
                router.move(w, 0, len(buffers[w]))
                local.extend(buffers[w])
                buffers[w] = []
        for w in forked:
            while len(local) > share and given[w] + len(buffers[w]) < share:
                buffers[w].append(local.pop())
                router.move(0, w, 1)
            buffers[w].sort(key=lambda entry: entry[0])
            flush(w)

    def score_local() -> Iterator[Any]:
        n, item = local.popleft()
        done[n] = score_item(scorer, item, form)
        router.answered(0, 1)
        yield from ready()
        now = time.monotonic()
        if now - state["polled"] >= POLL_SECONDS:  # looking after every record: 0.1 s of a 5 s GRPO batch
            state["polled"] = now
            yield from collect(block=False)

    # Each process's queue threads hand messages on only when the scoring thread lets go of the
    # interpreter: every SWITCH_SECONDS, not the default 5 ms, so a worker's next records and
    # the answers the output waits for are not held up behind a record being scored (2% of a
    # GRPO batch's 2-worker run, alternating runs); set back when the run ends (``_worker``
    # sets it too).
    switch = sys.getswitchinterval()
    sys.setswitchinterval(min(switch, SWITCH_SECONDS))
    try:
        for n, item in enumerate(items):
            worker = router.route(item)
            if worker == 0:
                local.append((n, item))
            else:
                buffers[worker].append((n, item))
                if len(buffers[worker]) >= chunk or given[worker] < len(buffers[worker]):  # full, or its inbox low
                    flush(worker)
            state["sent"] = n + 1
            while len(local) > ahead:  # scoring one is when the others' answers are looked at too
                yield from score_local()
            if state["sent"] - state["next"] > limit:
                for w in forked:
                    flush(w)
                while state["sent"] - state["next"] > limit:
                    yield from score_local() if local else collect(block=True)
        even_out()
        while local:
            yield from score_local()
        while state["next"] < state["sent"]:
            yield from collect(block=True)
    finally:
        for inbox in inboxes.values():
            try:
                inbox.put(None)
            except (OSError, ValueError):
                pass
        for proc in procs:
            proc.join(timeout=2)
            if proc.is_alive():
                proc.kill()
                proc.join()
        for q in list(inboxes.values()) + [outbox]:
            q.close()
            q.cancel_join_thread()
        if reader is not None:
            reader.close()
        sys.setswitchinterval(switch)
