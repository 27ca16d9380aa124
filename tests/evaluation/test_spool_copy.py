"""How a forked worker's spooled output reaches the output file (``spool.copy_span``): a
record-sized span read into the output's buffer, a long one copied by the kernel where it
can be, read and written where it cannot; the bytes the same every way, in order, with the
output's own writes between them."""

from __future__ import annotations

import errno
import os

import pytest

from tau_shaped.evaluation import spool
from tau_shaped.evaluation.batch import score_file
from tau_shaped.evaluation.spool import Spooled, copy_span


def _copies(tmp_path, monkeypatch, threshold, failing=False):
    """Spans of a spool file copied between the output's own writes; (bytes, kernel copies)."""
    source = tmp_path / "spool"
    data = bytes(range(256)) * 400  # 102,400 bytes
    source.write_bytes(data)
    calls = []
    real = getattr(os, "copy_file_range", None)

    def counted(src, dst, count, offset_src=None, *rest):
        calls.append(count)
        if failing or real is None:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        return real(src, dst, count, offset_src, *rest)

    monkeypatch.setattr(os, "copy_file_range", counted, raising=False)
    monkeypatch.setattr(spool, "KERNEL_COPY_BYTES", threshold)
    fd = os.open(source, os.O_RDONLY)
    spans = [(0, 16_000), (16_000, 1), (50_000, 52_400), (7, 0)]
    try:
        with open(tmp_path / "out", "wb", buffering=1 << 20) as handle:
            for n, (offset, length) in enumerate(spans):
                handle.write(b"<%d>" % n)
                copy_span(Spooled(fd, offset, length), handle)
            handle.write(b"<end>")
    finally:
        os.close(fd)
    expected = b"".join(b"<%d>" % n + data[offset:offset + length] for n, (offset, length) in enumerate(spans))
    return (tmp_path / "out").read_bytes(), expected + b"<end>", calls


def test_record_sized_spans_are_read_into_the_buffer(tmp_path, monkeypatch):
    got, expected, calls = _copies(tmp_path, monkeypatch, spool.KERNEL_COPY_BYTES)
    assert got == expected and calls == []


def test_long_spans_are_copied_by_the_kernel(tmp_path, monkeypatch):
    if not hasattr(os, "copy_file_range"):
        pytest.skip("no copy_file_range here")
    got, expected, calls = _copies(tmp_path, monkeypatch, 1)
    assert got == expected and calls  # every span but the empty one went through the kernel


def test_where_the_kernel_cannot_copy_the_span_is_read_and_written(tmp_path, monkeypatch):
    got, expected, calls = _copies(tmp_path, monkeypatch, 1, failing=True)
    assert got == expected and calls


def test_a_run_copying_every_span_in_the_kernel_or_failing_to_writes_the_same_bytes(grpo_batch, grpo_reference,
                                                                                   tmp_path, monkeypatch):
    monkeypatch.setattr(spool, "KERNEL_COPY_BYTES", 1)
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "k.jsonl", workers=2)
    assert out.read_bytes() == grpo_reference

    def cross_device(*args, **kwargs):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "copy_file_range", cross_device, raising=False)
    out = score_file(grpo_batch, "food_delivery", "train", output=tmp_path / "x.jsonl", workers=2)
    assert out.read_bytes() == grpo_reference
    assert not [p for p in tmp_path.iterdir() if ".spool" in p.name]
