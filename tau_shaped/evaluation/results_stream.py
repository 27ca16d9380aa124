"""Results files read one record at a time, in memory proportional to the largest record
rather than to the file (issue 20: ``score`` on a 1 GB file).

``iter_results`` yields what ``read_results`` returns, in the same order, with the same
validation, notes and error messages, the line or record named in each. JSON lines are
read line by line; a JSON list element by element, with ``json.JSONDecoder.raw_decode``
over a buffer read in chunks (an element cut by a chunk's end is parsed again with twice
as much read, so a record of n bytes costs O(n)). There is no limit on the file's size,
only on one record's (``MAX_RECORD_BYTES``).

Where a streaming reader cannot agree with a whole-file one: a problem is reported when it
is reached, so a file with two problems reports the first one in the file (``read_results``
checks UTF-8, then a JSON list's syntax, over the whole file first); a UTF-8 or JSON-list
syntax error names the line or record (``"{path}: record 3: not valid JSON: ..."``, which is
``read_results``' message with the record inserted); and a line or record larger than
``MAX_RECORD_BYTES`` is refused (a torn last line that large too, which ``read_results``
would skip).
"""

from __future__ import annotations

import codecs
import json
import re
from pathlib import Path
from typing import Any, BinaryIO, Dict, Iterator, List, NamedTuple, Optional, Tuple, Union

from tau_shaped.evaluation.output_path import unreadable
from tau_shaped.evaluation.results_file import ResultsFileError, _line_record, _validate

CHUNK_BYTES = 1024 * 1024
MAX_RECORD_BYTES = 256 * 1024 * 1024  # one line or list element larger than this is refused

_WHITESPACE = re.compile(r"[ \t\n\r]*")  # JSON's whitespace (json.decoder's own pattern)
_NEAR_END = 16  # a JSON error this close to the buffer's end may be a value cut short ("-Infinit")
_DECODER = json.JSONDecoder()


def _trailing_comma_rule() -> Tuple[str, bool]:
    """How this Python's json refuses ``[0, ]``: its message, and whether at the comma
    (Python 3.13+: "Illegal trailing comma ...") rather than at the ``]``."""
    try:
        json.loads("[0, ]")
    except json.JSONDecodeError as exc:
        return exc.msg, exc.pos == 2
    return "Expecting value", False  # pragma: no cover


_TRAILING_COMMA = _trailing_comma_rule()


def _read(handle: BinaryIO, size: int, path: Path) -> bytes:
    try:
        return handle.read(size)
    except OSError as exc:
        raise ResultsFileError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _decode(data: bytes, final: bool) -> Tuple[str, bytes, Optional[int]]:
    """``data`` decoded as far as it is UTF-8: (text, the bytes of a character cut by the
    chunk's end, kept for the next chunk, and the offset where it is not UTF-8, or None)."""
    try:
        return data.decode("utf-8"), b"", None
    except UnicodeDecodeError as exc:
        text = data[:exc.start].decode("utf-8")
        if not final and exc.reason == "unexpected end of data":
            return text, data[exc.start:], None
        return text, b"", exc.start


def _not_utf8(where: str, byte: int) -> ResultsFileError:
    return ResultsFileError(f"{where}: not UTF-8 (byte {byte}); results files are UTF-8")


def _too_large(where: str, limit: int) -> ResultsFileError:
    return ResultsFileError(f"{where}: more than {limit:,} bytes; one record may be at most that")


def _open(path: Path) -> Tuple[BinaryIO, int]:
    """The file, positioned after its UTF-8 BOM, and that BOM's length (0 or 3)."""
    problem = unreadable(path)  # opening a FIFO would wait for a writer; a link loop is no missing file
    if problem:
        raise ResultsFileError(problem)
    try:
        handle = open(path, "rb", buffering=1 << 20)  # records are ~10-100 KB: an 8 KiB buffer refills often
    except OSError as exc:
        raise ResultsFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        if not handle.seekable():
            raise ResultsFileError(f"{path}: not a file that can be read twice (a pipe?): save it to a file first")
        head = _read(handle, 3, path)
        if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
            raise ResultsFileError(f"{path}: UTF-16 text; results files are UTF-8")
        bom = len(codecs.BOM_UTF8) if head == codecs.BOM_UTF8 else 0
        handle.seek(bom)
    except BaseException:
        handle.close()
        raise
    return handle, bom


def _first_char(handle: BinaryIO, path: Path, chunk_size: int) -> str:
    """The first character that is not whitespace (as ``str.lstrip`` sees it): "" for a
    blank file, U+FFFD where the text is not UTF-8 before one."""
    carry = b""
    while True:
        chunk = _read(handle, chunk_size, path)
        text, carry, bad = _decode(carry + chunk, final=not chunk)
        text = text.lstrip()
        if text:
            return text[0]
        if bad is not None:
            return "\ufffd"
        if not chunk:
            return ""


def iter_results(path: Union[str, Path], notes: Optional[List[str]] = None, *, chunk_size: int = CHUNK_BYTES,
                 max_record_bytes: int = MAX_RECORD_BYTES) -> Iterator[Dict[str, Any]]:
    """Every record of a results file (JSON list or JSON lines), as ``read_results`` gives
    them, read incrementally: memory follows the largest record, not the file."""
    if chunk_size < 1 or max_record_bytes < 1:
        raise ValueError("chunk_size and max_record_bytes must be at least 1")
    path = Path(path)
    handle, bom = _open(path)
    with handle:
        first = _first_char(handle, path, chunk_size)
        if not first:
            return
        handle.seek(bom)
        if first == "[":
            yield from _list_records(_Text(handle, path, chunk_size), max_record_bytes)
        else:
            yield from _line_records(handle, path, notes, max_record_bytes)


def _line_records(handle: BinaryIO, path: Path, notes: Optional[List[str]], limit: int) -> Iterator[Dict[str, Any]]:
    for line in raw_lines(handle, path, limit):
        record = line_record(line, notes)
        if record is SKIP:
            continue
        if record is None:
            return
        yield record


class RawLine(NamedTuple):
    """One line of a JSON-lines file as read, not yet decoded (``score`` parses it in a worker)."""

    path: str
    number: int
    offset: int  # of its first byte, after the BOM (as read_results counts, for UTF-8 errors)
    raw: bytes  # without its line end
    last: bool  # no line end after it: nothing follows (a torn last line is skipped, noted)
    bom: int = 0  # the file's BOM length: the line's first byte is at ``offset + bom`` in the file


SKIP = object()  # a blank line


def json_lines(path: Union[str, Path], *, chunk_size: int = CHUNK_BYTES) -> bool:
    """Whether a results file is JSON lines (not a JSON list, and not blank); its reader
    (``iter_results``) names any problem."""
    path = Path(path)
    handle, _ = _open(path)
    with handle:
        first = _first_char(handle, path, chunk_size)
    return bool(first) and first != "["


def iter_raw_lines(path: Union[str, Path], max_record_bytes: int = MAX_RECORD_BYTES) -> Iterator[RawLine]:
    """The lines of a JSON-lines file, undecoded, in order (``line_record`` turns each into its
    record as ``iter_results`` would)."""
    path = Path(path)
    handle, bom = _open(path)
    with handle:
        yield from raw_lines(handle, path, max_record_bytes, bom)


def raw_lines(handle: BinaryIO, path: Path, limit: int, bom: int = 0) -> Iterator[RawLine]:
    offset = 0
    number = 0
    while True:
        try:
            raw = handle.readline(limit + 1)
        except OSError as exc:
            raise ResultsFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
        if not raw:
            return
        number += 1
        last = not raw.endswith(b"\n")
        if last and len(raw) > limit:
            raise _too_large(f"{path}: line {number}", limit)
        yield RawLine(str(path), number, offset, raw if last else raw[:-1], last, bom)
        offset += len(raw)


def line_record(line: RawLine, notes: Optional[List[str]] = None) -> Any:
    """The record of one line: a dict, ``SKIP`` for a blank line, None for a torn last line
    (noted); ResultsFileError naming the line otherwise."""
    where = f"{line.path}: line {line.number}"
    try:
        text = line.raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _not_utf8(where, line.offset + exc.start) from None
    if not text.strip():
        return SKIP
    return _line_record(text, where, line.last, notes)


class _Text:
    """A file's text read in chunks: ``buf[pos:]`` is not read yet. ``lines`` and ``column``
    locate ``buf[seen]`` in the whole text (newlines before it, characters since the last),
    so that an error anywhere is given json's own "line L column C"."""

    def __init__(self, handle: BinaryIO, path: Path, chunk_size: int) -> None:
        self.handle, self.path, self.chunk_size = handle, path, chunk_size
        self.where = str(path)  # the record being read, for messages
        self.buf, self.pos, self.eof = "", 0, False
        self.carry = b""  # a character cut by the last chunk's end
        self.byte = 0  # bytes decoded so far, after the BOM
        self.lines = self.column = self.seen = 0

    def advance(self, to: int) -> None:
        newlines = self.buf.count("\n", self.seen, to)
        if newlines:
            self.lines += newlines
            self.column = to - self.buf.rfind("\n", self.seen, to) - 1
        else:
            self.column += to - self.seen
        self.seen = to

    def location(self, at: int) -> str:
        self.advance(at)
        return f"line {self.lines + 1} column {self.column + 1}"

    def error(self, message: str, at: int) -> ResultsFileError:
        return ResultsFileError(f"{self.where}: not valid JSON: {message} at {self.location(at)}")

    def more(self, size: int) -> bool:
        """Read about ``size`` more bytes, dropping what was read; False at the end."""
        if self.eof:
            return False
        self.advance(self.pos)
        self.buf, self.pos, self.seen = self.buf[self.pos:], 0, 0
        chunk = _read(self.handle, size, self.path)
        data = self.carry + chunk
        text, self.carry, bad = _decode(data, final=not chunk)
        if bad is not None:
            raise _not_utf8(self.where, self.byte + bad)
        self.byte += len(data) - len(self.carry)
        self.buf += text
        self.eof = not chunk
        return True

    def peek(self) -> str:
        """The next character that is not JSON whitespace, "" at the end."""
        while True:
            self.pos = _WHITESPACE.match(self.buf, self.pos).end()
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self.more(self.chunk_size):
                return ""

    def value(self, limit: int) -> Any:
        """The JSON value at ``pos`` (whitespace skipped), reading more while it may be cut short."""
        size = self.chunk_size
        while True:
            buf, start = self.buf, self.pos
            try:
                value, end = _DECODER.raw_decode(buf, start)
                if end < len(buf) or self.eof:  # a number at the buffer's end may go on
                    self.pos = end
                    return value
            except json.JSONDecodeError as exc:
                cut_short = exc.msg.startswith("Unterminated string") or exc.pos >= len(buf) - _NEAR_END
                if self.eof or not cut_short:
                    raise self.error(exc.msg, exc.pos) from None
            except RecursionError:
                raise ResultsFileError(f"{self.where}: nested too deeply to read") from None
            except ValueError as exc:  # an integer of thousands of digits
                raise ResultsFileError(f"{self.where}: {str(exc).splitlines()[0]}") from None
            have = len(buf) - start
            if have > limit:
                raise _too_large(self.where, limit)
            self.more(min(size, limit + 1 - have))
            size *= 2


def _list_records(text: _Text, limit: int) -> Iterator[Dict[str, Any]]:
    index = 0
    text.where = f"{text.path}: record 0"
    if text.peek() != "[":  # whitespace json does not skip (read_results' str.lstrip did)
        raise text.error("Expecting value", text.pos)
    text.pos += 1
    if text.peek() == "]":
        text.pos += 1
    else:
        while True:
            yield _validate(text.value(limit), text.where, decoded=True)
            index += 1
            text.where = f"{text.path}: record {index}"
            char = text.peek()
            if char == "]":
                text.pos += 1
                break
            if char != ",":
                raise text.error("Expecting ',' delimiter", text.pos)
            comma = text.location(text.pos)
            text.pos += 1
            if text.peek() == "]":
                message, at_comma = _TRAILING_COMMA
                if at_comma:
                    raise ResultsFileError(f"{text.where}: not valid JSON: {message} at {comma}")
                raise text.error(message, text.pos)
    if text.peek():
        raise text.error("Extra data", text.pos)


def count_records(path: Union[str, Path], *, chunk_size: int = CHUNK_BYTES, at_most: Optional[int] = None) -> Optional[int]:
    """About how many records a results file holds, for a progress bar: a JSON-lines file's
    lines (blank ones too), None for a JSON list (or a file that cannot be read). With
    ``at_most``, reading stops once that many lines are seen (a lower bound, not a pass over
    a gigabyte to learn it is not small)."""
    lines, started, last = 0, False, b"\n"
    try:
        with open(path, "rb") as handle:
            head = handle.read(3)
            if head[:2] in (b"\xff\xfe", b"\xfe\xff"):
                return None
            chunk = head[3:] if head == codecs.BOM_UTF8 else head
            while True:
                if not started:
                    rest = chunk.lstrip()
                    if rest[:1] == b"[":
                        return None
                    started = bool(rest)
                lines += chunk.count(b"\n")
                if at_most is not None and lines >= at_most:
                    return lines
                last = chunk[-1:] or last
                chunk = handle.read(chunk_size)
                if not chunk:
                    break
    except OSError:
        return None
    return lines + (last != b"\n")
