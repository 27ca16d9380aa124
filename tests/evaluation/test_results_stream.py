"""Issue 20: results files read one record at a time (``iter_results``) give what
``read_results`` gives, the same records, notes and error messages, for any bytes, in
memory that follows the largest record rather than the file."""

from __future__ import annotations

import codecs
import json
import re
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tau_shaped.evaluation import results_stream
from tau_shaped.evaluation.results_file import ResultsFileError, read_results
from tau_shaped.evaluation.results_stream import count_records, iter_results

CHUNKS = (1, 2, 3, 7, 64, results_stream.CHUNK_BYTES)
FAST = settings(max_examples=150, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])

# ---- records and files, built like tests/evaluation/test_results_file_safety.py builds them ----------

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
SCALARS = st.none() | st.booleans() | st.integers(-10**15, 10**15) | TEXT | \
    st.floats(allow_nan=False, allow_infinity=False)
JSONISH = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
                       max_leaves=8)
RECORDS = st.fixed_dictionaries({
    "task_id": st.integers(0, 10**6),
    "reward": st.sampled_from([0.0, 1.0, 0.5]) | st.floats(-1e6, 1e6),
    "info": st.dictionaries(TEXT, JSONISH, max_size=3).map(lambda info: {**info, "task_key": "t"}),
    "traj": st.lists(st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant"]), "content": TEXT}),
                     max_size=3),
    "trial": st.integers(0, 4),
})
BROKEN = st.one_of(  # records read_results refuses: a field left out or of the wrong type, not an object
    RECORDS.flatmap(lambda r: st.sampled_from(sorted(r)).map(lambda k: {f: v for f, v in r.items() if f != k})),
    RECORDS.flatmap(lambda r: st.sampled_from(["task_id", "traj", "info", "trial"]).map(lambda k: {**r, k: "x"})),
    st.sampled_from([1, "x", None, [], True]),
)


def _dumps(record, ascii_only: bool) -> str:
    return json.dumps(record, ensure_ascii=ascii_only)


@st.composite
def jsonl_files(draw, broken: bool = False) -> bytes:
    records = draw(st.lists(RECORDS | BROKEN if broken else RECORDS, max_size=6))
    ascii_only, end = draw(st.booleans()), draw(st.sampled_from(["\n", "\r\n"]))
    lines = [_dumps(r, ascii_only) for r in records]
    for _ in range(draw(st.integers(0, 2))):  # blank lines, a record glued after a torn fragment
        at = draw(st.integers(0, len(lines)))
        whole = _dumps(draw(RECORDS), ascii_only)
        lines.insert(at, draw(st.sampled_from(["", "  ", whole[:draw(st.integers(1, len(whole) - 1))] + whole])))
    text = "".join(line + end for line in lines)
    if draw(st.booleans()):  # a torn last line: the episode in flight when a run was killed
        whole = _dumps(draw(RECORDS), ascii_only)
        text += whole[:draw(st.integers(0, len(whole)))]
    return (codecs.BOM_UTF8 if draw(st.booleans()) else b"") + text.encode("utf-8")


@st.composite
def list_files(draw, broken: bool = False) -> bytes:
    records = draw(st.lists(RECORDS | BROKEN if broken else RECORDS, max_size=5))
    text = json.dumps(records, indent=draw(st.sampled_from([None, 0, 1, 2])), ensure_ascii=draw(st.booleans()))
    text = draw(st.sampled_from(["", " ", "\n\t"])) + text + draw(st.sampled_from(["", "\n", " \r\n "]))
    return (codecs.BOM_UTF8 if draw(st.booleans()) else b"") + text.encode("utf-8")


NOISE = st.binary(max_size=6) | st.sampled_from([b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\", b"\n", b" ", b"\xff",
                                                 b"\xe2\x98", b"1e", b"-Infinity", b"NaN", b'\\u12', b"\xef\xbb\xbf"])


@st.composite
def mutated(draw, files) -> bytes:
    data = bytearray(draw(files))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "truncate"]))
        if kind == "insert":
            data[at:at] = draw(NOISE)
        elif kind == "delete":
            del data[at:at + draw(st.integers(1, 8))]
        elif kind == "replace" and at < len(data):
            data[at] = draw(st.integers(0, 255))
        elif kind == "truncate":
            del data[at:]
    return bytes(data)


# ---- the comparison ---------------------------------------------------------------------------


def _read(path: Path):
    notes = []
    try:
        return read_results(path, notes), notes, None
    except ResultsFileError as exc:
        return None, notes, str(exc)


def _stream(path: Path, chunk_size: int):
    notes, records = [], []
    try:
        for record in iter_results(path, notes, chunk_size=chunk_size):
            records.append(record)
    except ResultsFileError as exc:
        return records, notes, str(exc)
    return records, notes, None


DOCUMENT_LEVEL = re.compile(r"(not valid JSON: |not UTF-8 |nested too deeply|Exceeds the limit)")


def assert_agree(path: Path, chunk_size: int) -> None:
    """The stream gives read_results' records and notes, or its error: word for word, or
    with the line or record named, or a problem the stream reached before the one
    read_results reports first (it checks UTF-8, then a JSON list's syntax, over the whole file)."""
    want, want_notes, want_error = _read(path)
    got, got_notes, error = _stream(path, chunk_size)
    if want_error is None:
        assert (error, got, got_notes) == (None, want, want_notes)
        return
    assert error is not None, f"read_results: {want_error}; the stream read {len(got)} record(s) and no error"
    assert "\n" not in error and error.startswith(f"{path}: ")
    if error == want_error:
        return
    named = re.fullmatch(rf"{re.escape(str(path))}: (line|record) (\d+): (.*)", error)
    assert named, (error, want_error)
    kind, number, rest = named.group(1), int(named.group(2)), named.group(3)
    if f"{path}: {rest}" == want_error:
        assert DOCUMENT_LEVEL.match(rest), (error, want_error)
        return
    data = path.read_bytes()
    data = data[3:] if data.startswith(codecs.BOM_UTF8) else data
    utf8 = re.search(r"not UTF-8 \(byte (\d+)\)", want_error)
    if kind == "line":  # JSON lines: the only problem read_results sees first is a line further on that is not UTF-8
        assert utf8 and not rest.startswith("not UTF-8"), (error, want_error)
        assert number <= data[:int(utf8.group(1))].count(b"\n") + 1, (error, want_error)
    else:  # a JSON list: read_results' error is about the document, the stream's about a record reached first
        assert re.fullmatch(rf"{re.escape(str(path))}: {DOCUMENT_LEVEL.pattern}.*", want_error), (error, want_error)
        assert not rest.startswith("not UTF-8") or not utf8, (error, want_error)


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "results.jsonl"
    path.write_bytes(data)
    return path


# ---- the same records, notes and errors ---------------------------------------------------------


@FAST
@given(data=jsonl_files() | list_files(), chunk=st.sampled_from(CHUNKS))
def test_valid_files_give_the_same_records_and_notes(tmp_path, data, chunk):
    path = _write(tmp_path, data)
    want, want_notes, error = _read(path)
    assert error is None
    assert list(iter_results(path, got_notes := [], chunk_size=chunk)) == want and got_notes == want_notes


@FAST
@given(data=jsonl_files(broken=True) | list_files(broken=True), chunk=st.sampled_from(CHUNKS))
def test_invalid_records_give_the_same_errors(tmp_path, data, chunk):
    assert_agree(_write(tmp_path, data), chunk)


@FAST
@given(data=mutated(jsonl_files() | list_files()), chunk=st.sampled_from(CHUNKS))
def test_mutated_files_agree_and_never_give_a_traceback(tmp_path, data, chunk):
    assert_agree(_write(tmp_path, data), chunk)


@FAST
@given(data=st.tuples(st.sampled_from([b"", b"[", b"\xef\xbb\xbf", b" [", b'{"task_id": 1']), st.binary(max_size=80))
       .map(b"".join), chunk=st.sampled_from(CHUNKS))
def test_any_bytes_give_records_or_one_line(tmp_path, data, chunk):
    assert_agree(_write(tmp_path, data), chunk)


HOSTILE = {
    "utf16": "[]".encode("utf-16"),
    "utf16_lines": '{"a": 1}\n'.encode("utf-16-be"),
    "not_utf8": b'[{"task_id": "\xff"}]',
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "deep_lines": b'{"a": ' * 3_000 + b"\n",
    "long_int": b'[{"task_id": ' + b"7" * 5000 + b"}]",
    "long_int_lines": b'{"task_id": ' + b"7" * 5000 + b"}\n",
    "nan": b'[{"task_id": NaN}]',
    "repeated_key": b'[{"task_id": "a", "task_id": "b"}]',
    "nbsp_then_list": "\u00a0[]".encode(),
    "cut_character": b'[{"x": "\xe2\x98',
    "bom_twice": codecs.BOM_UTF8 * 2 + b"[]",
    "trailing_comma": b'[{"task_id": 1, "reward": 1, "info": {}, "traj": [], "trial": 0},]',
    "empty": b"",
    "blank": b" \n\t\n",
    "empty_list": b" [ ] ",
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
@pytest.mark.parametrize("chunk", [1, 5, results_stream.CHUNK_BYTES])
def test_hostile_files_agree(tmp_path, case, chunk):
    if case.startswith("deep") and chunk == 1:
        chunk = 2  # the same, faster
    assert_agree(_write(tmp_path, HOSTILE[case]), chunk)


def test_unreadable_files_give_read_results_message(tmp_path):
    for path in (tmp_path / "missing.jsonl", tmp_path):
        with pytest.raises(ResultsFileError) as want:
            read_results(path)
        with pytest.raises(ResultsFileError) as got:
            list(iter_results(path))
        assert str(got.value) == str(want.value)


def test_a_line_or_record_too_large_is_refused_naming_it(tmp_path):
    record = json.dumps({"task_id": 1, "reward": 1.0, "info": {"x": "y" * 500}, "traj": [], "trial": 0})
    lines = _write(tmp_path, (record + "\n").encode() * 3)
    assert len(list(iter_results(lines, max_record_bytes=len(record)))) == 3
    with pytest.raises(ResultsFileError, match=rf"^{re.escape(str(lines))}: line 1: more than 511 bytes; "):
        list(iter_results(lines, max_record_bytes=511))
    listed = tmp_path / "list.json"
    for text in (f"[{record}, {record}]", '[{"x": "' + "y" * 5000):  # the second: a string never closed
        listed.write_text(text)
        with pytest.raises(ResultsFileError, match=rf"^{re.escape(str(listed))}: record 0: more than 511 bytes; "):
            list(iter_results(listed, chunk_size=16, max_record_bytes=511))


def test_the_torn_tail_and_glued_fragment_notes_match(tmp_path):
    a, b = (json.dumps({"task_id": i, "reward": 1.0, "info": {}, "traj": [], "trial": 0}) for i in range(2))
    path = _write(tmp_path, f'{a}\n{{"task_id": 1, "rew{b}\n{b[:20]}'.encode())
    notes = []
    assert [r["task_id"] for r in iter_results(path, notes, chunk_size=3)] == [0, 1]
    assert notes == [f"{path}: line 2: a torn fragment before the record was skipped",
                     f"{path}: line 3: a torn last line (an episode cut off mid-write) was skipped"]


# ---- a JSON list across chunk boundaries, in linear time -----------------------------------------


def test_a_json_list_split_at_every_chunk_boundary(tmp_path):
    records = [{"task_id": i, "reward": -1.25e-3 * i, "info": {"task_key": f"t{i}", "s": "é☃\U0001f600\\\"" * i,
                                                               "n": 10**12 + i, "x": [None, True, 1e100]},
                "traj": [{"role": "user", "content": "x\ny"}], "trial": i % 3} for i in range(6)]
    path = tmp_path / "list.json"
    for indent in (None, 1):
        path.write_text(json.dumps(records, indent=indent, ensure_ascii=False))
        for chunk in range(1, 40):
            assert list(iter_results(path, chunk_size=chunk)) == records


def test_a_json_list_is_parsed_in_linear_time(tmp_path, monkeypatch):
    """Characters raw_decode goes through stay a small multiple of the file's, with a big record
    (cut by many chunks: each retry reads twice as much) and with many small ones."""
    parsed = []

    class Counting:
        def raw_decode(self, text, at):
            try:
                value, end = json.JSONDecoder().raw_decode(text, at)
            except ValueError:
                parsed.append(len(text) - at)  # as far as it could have gone
                raise
            parsed.append(end - at)
            return value, end

    monkeypatch.setattr(results_stream, "_DECODER", Counting())
    small = {"task_id": 1, "reward": 1.0, "info": {}, "traj": [], "trial": 0}
    path = tmp_path / "list.json"
    for records in ([{**small, "info": {"x": "y" * 2_000_000}}], [small] * 20_000):
        path.write_text(json.dumps(records))
        parsed.clear()
        assert list(iter_results(path, chunk_size=4096)) == records
        assert sum(parsed) < 4 * path.stat().st_size


# ---- count_records ---------------------------------------------------------------------------------


def test_count_records(tmp_path):
    record = json.dumps({"task_id": 1, "reward": 1.0, "info": {}, "traj": [], "trial": 0})
    path = tmp_path / "run.jsonl"
    for data, count in [(b"", 0), ((record + "\n") * 5, 5), ((record + "\n") * 5 + record, 6),
                        (codecs.BOM_UTF8.decode() + record, 1), (" \n [" + record + "]", None),
                        (codecs.BOM_UTF8.decode() + "[]", None), ("[]".encode("utf-16"), None)]:
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
        assert count_records(path, chunk_size=7) == count
    assert count_records(tmp_path / "missing.jsonl") is None


# ---- memory ----------------------------------------------------------------------------------------


def _big(record_bytes: int) -> str:
    filler = "x" * (record_bytes // 4)
    return json.dumps({"task_id": 3, "reward": 0.5, "info": {"task_key": "t3", "note": filler},
                       "traj": [{"role": "user", "content": filler}, {"role": "assistant", "content": filler}],
                       "trial": 0})


def test_a_200_mb_json_lines_file_streams_in_bounded_memory(tmp_path):
    line = (_big(100_000) + "\n").encode()
    path = tmp_path / "big.jsonl"
    with open(path, "wb") as handle:
        block = line * 100
        for _ in range(200 * 1024 * 1024 // len(block)):
            handle.write(block)
    size, started = path.stat().st_size, time.perf_counter()
    tracemalloc.start()
    try:
        count = sum(1 for _ in iter_results(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert size > 200_000_000 and count == size // len(line) == count_records(path)
    assert peak < 10 * 1024 * 1024, f"peak {peak:,} bytes streaming {size:,}"
    assert time.perf_counter() - started < 10


def test_a_50_mb_json_list_streams_in_bounded_memory(tmp_path):
    record = _big(20_000)
    path = tmp_path / "big.json"
    count = 50 * 1024 * 1024 // len(record)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("[" + ",\n".join([record] * count) + "]")
    tracemalloc.start()
    try:
        assert sum(1 for _ in iter_results(path)) == count
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * 1024 * 1024, f"peak {peak:,} bytes"


def test_a_pipe_is_refused_in_one_line_naming_it(tmp_path):
    """score reads a results file more than once (its kind, its size, then its records): a pipe
    is named and refused, not half read."""
    import os

    from tau_shaped.evaluation.results_file import ResultsFileError
    from tau_shaped.evaluation.results_stream import json_lines

    fifo = tmp_path / "results.jsonl"
    os.mkfifo(fifo)
    writer = os.open(fifo, os.O_RDWR)  # a writer, so opening the reading end does not block
    try:
        os.write(writer, b'{"task_id": 0}\n')
        with pytest.raises(ResultsFileError, match=r"results\.jsonl: is a FIFO \(named pipe\), not a file"):
            json_lines(fifo)
    finally:
        os.close(writer)
