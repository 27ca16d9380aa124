"""A JSON-lines record read keeping where each top-level value's text is, so that ``score``
can write back the values it did not change as the line had them (a rollout's ``traj`` is
most of its bytes: encoding it again cost a tenth of scoring it).

A line laid out as ``run`` writes it (``..., "traj": [...], "trial": 3}``) is read in three
pieces: the members before ``traj`` by json's own scanner (they are small: ``info``, the
reward, the task id), ``traj`` by orjson (most of the bytes, read several times faster), and
the scalar members after it by json's scanner again. The pieces are a parse of the line only
if each is one whole value and they meet exactly, which is checked; any line that is not
laid out so, or whose ``traj`` orjson would read differently from json (an integer of 19
digits or more, which orjson reads as a float; NaN or Infinity; a lone surrogate; deep
nesting), is read whole by json's scanner as before. Both give the record ``json.loads``
gives and the same spans, so the bytes written are the same.

Writing the scored line back (``spliced_info``): the members of its new ``info`` that scoring
left as they were (``info.task``, ~3 KB, repeated by every rollout of a task) are written as
their text in the line encodes, each distinct text encoded once.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Optional, Tuple, Union

import orjson

from tau_shaped.env.sized_memo import SizedMemo
from tau_shaped.evaluation.results_file import ResultsFileError, _validate
from tau_shaped.evaluation.results_stream import RawLine
from tau_shaped.evaluation.traj_opening import Opening, copy_value, learn, opening

_WHITESPACE = re.compile(r"[ \t\n\r]*")  # JSON's whitespace (json.decoder's own pattern)
_DECODER = json.JSONDecoder()

Spans = Dict[str, Tuple[int, int]]
_scanstring = json.decoder.scanstring


def scan_record(text: str) -> Optional[Tuple[Dict[str, Any], Spans]]:
    """``json.loads(text)`` of a line holding one JSON object, with where each top-level
    value's text is (the last of a repeated key, as ``json.loads`` keeps it): a scorer can
    then write back the values it did not change as they were. None for anything else (the
    reader's own path then parses it, or says what is wrong)."""
    found = _scan(text)
    return None if found is None else (dict(found[0]), found[1])


def _scan(text: str) -> Optional[Tuple[List[Tuple[str, Any]], Spans]]:
    """``scan_record``'s members as (key, value) pairs in the line's order, repeats kept."""
    try:
        match = _WHITESPACE.match
        idx = match(text, 0).end()
        if text[idx:idx + 1] != "{":
            return None
        idx = match(text, idx + 1).end()
        pairs: List[Tuple[str, Any]] = []
        spans: Spans = {}
        if text[idx:idx + 1] == "}":
            idx += 1
        else:
            while True:
                if text[idx:idx + 1] != '"':
                    return None
                key, idx = _scanstring(text, idx + 1, True)
                idx = match(text, idx).end()
                if text[idx:idx + 1] != ":":
                    return None
                idx = match(text, idx + 1).end()
                value, end = _DECODER.scan_once(text, idx)
                pairs.append((key, value))
                spans[key] = (idx, end)
                idx = match(text, end).end()
                if text[idx:idx + 1] == ",":
                    idx = match(text, idx + 1).end()
                    continue
                if text[idx:idx + 1] != "}":
                    return None
                idx += 1
                break
        if match(text, idx).end() != len(text):
            return None
        return pairs, spans
    except (ValueError, StopIteration, RecursionError, IndexError):
        return None


_INFO = b'{"info": '
_TRAJ = b'"traj": '
_WHITE = b" \t\n\r"
# one scalar member as run writes it: ', "key": value' (an integer of at most 18 digits)
_MEMBER = re.compile(rb', "([A-Za-z_][A-Za-z0-9_]{0,63})": (-?(?:0|[1-9][0-9]{0,17})(?:\.[0-9]{1,17})?'
                     rb'(?:[eE][-+]?[0-9]{1,3})?|true|false|null)')
_DIGITS = bytes(48 if 48 <= n <= 57 else 32 for n in range(256))  # every ASCII digit a "0", the rest blank
_LONG_NUMBER = b"0" * 19  # an integer this long orjson reads as a float (a long fraction is declined too)
Member = Tuple[str, Any, int, int]
_CONSTANTS = {b"true": True, b"false": False, b"null": None}


def _members_before(raw: bytes, end: int, floor: int) -> Tuple[int, List[Member]]:
    """The scalar members that end at ``end``, read right to left down to ``floor``: where the
    first of them starts, and each (key, value, start, end of its value's text)."""
    members: List[Member] = []
    while True:
        at = raw.rfind(b', "', floor, end)
        found = _MEMBER.fullmatch(raw, at, end) if at >= 0 else None
        if found is None:
            members.reverse()
            return end, members
        text = found.group(2)
        if text in _CONSTANTS:
            value = _CONSTANTS[text]
        else:  # as json's scanner reads a number: a float where it has a fraction or an exponent
            value = float(text) if b"." in text or b"e" in text or b"E" in text else int(text)
        members.append((found.group(1).decode("ascii"), value, found.start(2), found.end(2)))
        end = at


def _piece(raw: bytes, start: int, end: int) -> Any:
    """``_one_value(raw[start:end])`` for a ``raw`` whose digits were checked whole, read in place."""
    if start >= end or raw[start] in _WHITE or raw[end - 1] in _WHITE:
        return _NOT
    try:
        return orjson.loads(memoryview(raw)[start:end])
    except orjson.JSONDecodeError:
        return _NOT


def _opened_piece(raw: bytes, rest: int, end: int, opened: Opening) -> Any:
    """``_piece(raw, start, end)`` for an array that opens with the kept ``opened`` followed by
    ``, `` (``rest``: where the elements after it start): ``[`` and the rest read, where the rest
    starts with an element (not whitespace, not ``]``), after a copy of the kept value."""
    if rest >= end or raw[rest] in _WHITE or raw[rest] == 93 or raw[end - 1] in _WHITE:  # 93: "]"
        return _NOT
    try:
        after = orjson.loads(b"[" + raw[rest:end])
    except orjson.JSONDecodeError:
        return _NOT
    after.insert(0, copy_value(opened))
    return after


def _one_value(piece: bytes) -> Any:
    """``piece`` read by orjson as one whole JSON value, or ``_NOT`` where it is not one or
    where orjson could read it otherwise than json (see the module's docstring)."""
    if not piece or piece[:1] in _WHITE or piece[-1:] in _WHITE or _LONG_NUMBER in piece.translate(_DIGITS):
        return _NOT
    try:
        return orjson.loads(piece)
    except orjson.JSONDecodeError:
        return _NOT


_NOT = object()


class LineSpans(dict):
    """A line's spans (key -> where its value's text is), and the ``info`` read from it, whose
    members' texts ``spliced_info`` can then write back as they were."""

    __slots__ = ("read_info", "info_texts", "clean")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.read_info: Any = None
        self.info_texts: Any = _NOT  # ``info_member_texts``' answer, once worked out
        # (start, end) of a part of the line known to hold no ``NaN`` or ``Infinity`` (a kept
        # opening of ``traj``), or None
        self.clean: Optional[Tuple[int, int]] = None


def split_record(raw: bytes) -> Optional[Tuple[Dict[str, Any], Spans]]:
    """The record of a line laid out as ``run`` writes it (``{"info": {...}, <scalars>, "traj":
    [...], <scalars>}``), ``info`` and ``traj`` read by orjson and the scalars by json, with its
    members' spans as byte offsets into ``raw``; None for any other line (``scan_record`` reads
    it). The pieces meet exactly and each is one whole value, so by JSON's grammar they are the
    line's own parse; a repeated key is declined."""
    at = raw.find(_TRAJ)
    if at < 2 or not raw.startswith(_INFO) or raw[at - 2:at] != b", ":
        return None
    start = at + len(_TRAJ)
    # the traj's first message as a line before had it (its system prompt): neither read nor
    # scanned again (``traj_opening``); the bytes before and after it are
    opened = opening(raw, start) if raw[start:start + 1] == b"[" else None
    if opened is None:
        if _LONG_NUMBER in raw.translate(_DIGITS):
            return None
        clean = None
    else:
        clean = (start + 1, start + 1 + len(opened[0]))
        if _LONG_NUMBER in raw[:clean[0]].translate(_DIGITS) or _LONG_NUMBER in raw[clean[1]:].translate(_DIGITS):
            return None
    close = len(raw.rstrip(_WHITE)) - 1
    if close < start or raw[close:close + 1] != b"}":
        return None
    end, after = _members_before(raw, close, start)
    left, before = _members_before(raw, at - 2, len(_INFO))
    info = _piece(raw, len(_INFO), left)
    traj = _piece(raw, start, end) if opened is None else _opened_piece(raw, clean[1] + 2, end, opened)
    if info is _NOT or traj is _NOT:
        return None
    if opened is None:
        learn(raw, start, traj)
    record: Dict[str, Any] = {"info": info}
    spans = LineSpans({"info": (len(_INFO), left)})
    spans.read_info = info
    spans.clean = clean
    for key, value, first, last in before + [("traj", traj, start, end)] + after:
        if key in record:
            return None
        record[key] = value
        spans[key] = (first, last)
    return record, spans


# the text of a value as a line held it -> its value's encoding as ``dump_record`` writes it
# (json.dumps, keys sorted, not ASCII-escaped), or None where it is only known to be one whole
# value: a GRPO step's rollouts of one task repeat its ``info.task`` (~3 KB) as it was read
_ENCODED: "SizedMemo[Optional[bytes]]" = SizedMemo(16 * 2**20)  # texts and encodings held
_ENCODED_PIECE = 2**20  # a longer text is checked and encoded each time, not kept
_ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True, allow_nan=False)


def _keep(piece: bytes, encoded: Optional[bytes]) -> None:
    if len(piece) <= _ENCODED_PIECE:
        _ENCODED.put(piece, encoded, 2 * len(piece))  # the text, and its encoding (about as long)


_KEY_TEXTS: Dict[str, bytes] = {}


def _key_text(key: str) -> bytes:
    text = _KEY_TEXTS.get(key)
    if text is None:
        text = _ENCODER.encode(key).encode("utf-8")
        if len(_KEY_TEXTS) < 4096:
            _KEY_TEXTS[key] = text
    return text


def _member_texts(raw: bytes, start: int, end: int, read: Dict[str, Any]) -> Optional[Dict[str, bytes]]:
    """The text of each member of the object ``read`` that ``raw[start:end]`` holds, where it
    is laid out as json.dumps writes it (``{"key": value, ...}``); None otherwise. Each text is
    checked to be one whole value (or known to be one), so the members found meet exactly and,
    by JSON's grammar, are the object's own parse: no key repeats, each text is its member's."""
    if raw[start:start + 1] != b"{" or raw[end - 1:end] != b"}":
        return None
    keys = list(read)
    if not keys:
        return {} if end - start == 2 else None
    texts: Dict[str, bytes] = {}
    pos, head = start + 1, _key_text(keys[0]) + b": "
    for i, key in enumerate(keys):
        if not raw.startswith(head, pos):
            return None
        first = pos + len(head)
        if i + 1 < len(keys):
            head = _key_text(keys[i + 1]) + b": "
            last = raw.find(b", " + head, first, end)
            if last < 0:
                return None
            pos = last + 2
        else:
            last = end - 1
        piece = raw[first:last]
        if piece not in _ENCODED:
            if _one_value(piece) is _NOT:
                return None
            _keep(piece, None)
        texts[key] = piece
    return texts


def info_member_texts(raw: bytes, spans: Spans) -> Optional[Dict[str, bytes]]:
    """The text of each member of the ``info`` a line ``split_record`` read, as ``_member_texts``
    finds them (None where that is not sure), worked out once a line: ``spliced_info`` and the
    scorer's task match both read them."""
    read = getattr(spans, "read_info", None)
    if type(read) is not dict or "info" not in spans:
        return None
    texts = spans.info_texts  # type: ignore[attr-defined]
    if texts is _NOT:
        texts = spans.info_texts = _member_texts(raw, spans["info"][0], spans["info"][1], read)  # type: ignore[attr-defined]
    return texts


def spliced_info(raw: bytes, spans: Spans, info: Any) -> Optional[bytes]:
    """``json.dumps(info, ensure_ascii=False, sort_keys=True)`` in UTF-8, for the new ``info`` of
    a line ``split_record`` read (``spans``): each member that is the line's own value (the
    same object) written as its text encodes, once per distinct text, the others encoded now.
    None where the line's ``info`` is not laid out as json.dumps writes it, or where encoding
    fails (a number that is not finite, a key that is not a string, a lone surrogate): the
    caller then encodes ``info`` whole, as before, and fails or writes as that does."""
    read = getattr(spans, "read_info", None)
    if type(read) is not dict or type(info) is not dict or "info" not in spans:
        return None
    texts = info_member_texts(raw, spans)
    if texts is None:
        return None
    parts = []
    try:
        for key in sorted(info):
            if type(key) is not str:
                return None
            value = info[key]
            piece = texts.get(key)
            if piece is not None and read[key] is value:
                encoded = _ENCODED.get(piece)
                if encoded is None:
                    encoded = _ENCODER.encode(value).encode("utf-8")
                    _keep(piece, encoded)
            else:
                encoded = _ENCODER.encode(value).encode("utf-8")
            parts.append(_key_text(key) + b": " + encoded)
    except (ValueError, TypeError, UnicodeEncodeError, RecursionError):
        return None
    return b"{" + b", ".join(parts) + b"}"


def scanned_line(line: RawLine) -> Optional[Tuple[Dict[str, Any], Union[str, bytes], Spans]]:
    """A line's validated record, its text (its bytes, where it was read in pieces) and its
    values' spans in that text; None where the reader's own path must decide (not UTF-8,
    blank, torn, not one object, a record that fails validation)."""
    found: Any = split_record(line.raw)
    if found is not None:
        text: Union[str, bytes] = line.raw
    else:
        try:
            text = line.raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
        found = scan_record(text)
        if found is None:
            return None
    record, spans = found
    try:
        _validate(record, "", decoded=True)  # a record at fault is read again by the reader's own path, which names it
    except ResultsFileError:
        return None
    return record, text, spans

