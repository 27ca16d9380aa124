"""Scored records handed from worker processes to the writer through files, not pipes.

A GRPO batch's outputs are ~16 KB each (the rollout's text and its result): sent back
through a ``multiprocessing`` queue, each is pickled, written to a pipe in pieces, read and
unpickled by the parent, then written again, and that parent's share of the CPU comes out
of the workers' on a machine with as many cores as workers. Here each worker appends its
outputs to a spool file of its own and sends back only where they are (``Spooled``); the
parent copies each span into the output in input order (``copy_span``: read into the
output's buffer, or for a span of a megabyte or more ``copy_file_range``, a copy inside the
kernel, where the file system allows it).

A worker's spool is a series of segments (``SEGMENT_BYTES`` each, then a new file), each
named after the output and the worker, beside the output (the same file system, for
``copy_file_range``). The parent unlinks a segment as soon as it opens it and closes it once
the worker has moved on and every output in it has been copied, so the disk holds about
``workers * SEGMENT_BYTES`` of spool whatever the input's size; ``SpoolReader.close`` removes
whatever a stopped run left, and the next run on the output removes those of a run that was
killed (``run_files.sweep_dead``: the segments are named with the run's token, like its
``.partial``).
"""

from __future__ import annotations

import glob
import os
from typing import BinaryIO, Dict, List, NamedTuple, Optional, Tuple

from tau_shaped.evaluation.run_files import SPOOL, working_name

SEGMENT_BYTES = 32 << 20
KERNEL_COPY_BYTES = 1 << 20  # a span this long or longer is copied by copy_file_range


class Spooled(NamedTuple):
    """An output a worker wrote to its spool: ``length`` bytes at ``offset`` of ``fd``."""

    fd: int
    offset: int
    length: int


def spool_prefix(directory: str, name: str) -> str:
    """The path prefix of a run's spool segments (hidden, named after the output and the run)."""
    return os.path.join(directory, working_name(name, SPOOL))


class SpoolWriter:
    """A worker's side: appends outputs to its current segment, opening the next when full."""

    def __init__(self, prefix: str, worker: int, segment_bytes: Optional[int] = None) -> None:
        self.prefix, self.worker = prefix, worker
        self.segment_bytes = SEGMENT_BYTES if segment_bytes is None else segment_bytes
        self.segment = -1
        self.fd: Optional[int] = None
        self.at = 0

    def _next_segment(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
        self.segment += 1
        path = f"{self.prefix}-{self.worker}-{self.segment}"
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        self.at = 0

    def write(self, chunks: List[bytes]) -> List[Tuple[int, int, int]]:
        """Append ``chunks`` (one batch's outputs) together; (segment, offset, length) of each."""
        if self.fd is None or self.at >= self.segment_bytes:
            self._next_segment()
        data = b"".join(chunks)
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view):]  # type: ignore[arg-type]
        where = []
        at = self.at
        for chunk in chunks:
            where.append((self.segment, at, len(chunk)))
            at += len(chunk)
        self.at = at
        return where

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


class SpoolReader:
    """The parent's side: the descriptor of each segment a worker reported, opened on first
    use and unlinked then; a worker's older segments closed once it reports a newer one."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.open: Dict[Tuple[int, int], int] = {}
        self._remove_left()  # a run that was killed, with this process's id: its segments are stale

    def _remove_left(self) -> None:
        for path in glob.glob(glob.escape(self.prefix) + "-*"):
            try:
                os.unlink(path)
            except OSError:
                pass

    def fd(self, worker: int, segment: int) -> int:
        key = (worker, segment)
        found = self.open.get(key)
        if found is not None:
            return found
        for older in [k for k in self.open if k[0] == worker and k[1] < segment]:
            os.close(self.open.pop(older))
        path = f"{self.prefix}-{worker}-{segment}"
        fd = os.open(path, os.O_RDONLY)
        os.unlink(path)
        self.open[key] = fd
        return fd

    def close(self) -> None:
        for fd in self.open.values():
            os.close(fd)
        self.open.clear()
        self._remove_left()


def copy_span(span: Spooled, handle: BinaryIO) -> None:
    """Append ``span``'s bytes to ``handle``: a span of ``KERNEL_COPY_BYTES`` or more in the
    kernel where it can be (``handle`` flushed first), a shorter one read into its buffer (a
    scored record, ~16 KB: a read costs half the flush and kernel copy, 11 against 20 us)."""
    offset, left = span.offset, span.length
    copier = getattr(os, "copy_file_range", None) if left >= KERNEL_COPY_BYTES else None
    if copier is not None:
        handle.flush()
    out = handle.fileno()
    while left and copier is not None:
        try:
            done = copier(span.fd, out, left, offset)
        except OSError:  # another file system, an old kernel: read and write it
            break
        if done <= 0:
            break
        offset, left = offset + done, left - done
    while left:
        data = os.pread(span.fd, min(left, 1 << 20), offset)
        if not data:
            raise OSError(f"a scoring worker's spool ended {left} bytes early")
        handle.write(data)
        offset, left = offset + len(data), left - len(data)
