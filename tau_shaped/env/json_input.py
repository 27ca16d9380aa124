"""Untrusted JSON input (task files, policy-rule files, trajectories), checked before use.

A file or a trajectory from outside is refused with one line naming what is wrong and where,
never a traceback, a hang or a silent wrong answer:

- size: a file over ``MAX_FILE_BYTES`` (64 MiB) is refused before it is read whole;
- encoding: UTF-8 only (a UTF-8 byte-order mark is skipped). UTF-16 or UTF-32, with or
  without a byte-order mark, and invalid UTF-8 are named as such, with the offset;
- JSON, strictly: ``NaN`` and ``Infinity`` are not JSON, a key that repeats in one object is
  refused (``json`` would keep the last one silently), an integer too long for Python to
  convert (over 4,300 digits) is named instead of raising;
- nesting: at most ``MAX_DEPTH`` (64) levels of arrays and objects;
- values (``json_problem``, on decoded files and on trajectories given as Python objects):
  only JSON types, string keys, finite numbers (``1e999`` decodes to infinity), integers
  Python can write out, strings of valid Unicode (no lone surrogate, which UTF-8 cannot
  encode).
"""

from __future__ import annotations

import codecs
import json
import math
import re
import sys
from pathlib import Path
from typing import Any, List, Optional, Tuple, Union

import orjson

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 64
#: Python refuses to convert longer integers to or from text (sys.set_int_max_str_digits).
MAX_INT_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300

_LINE_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"}
_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32 (little-endian byte-order mark)"),
    (codecs.BOM_UTF32_BE, "UTF-32 (big-endian byte-order mark)"),
    (codecs.BOM_UTF16_LE, "UTF-16 (little-endian byte-order mark)"),
    (codecs.BOM_UTF16_BE, "UTF-16 (big-endian byte-order mark)"),
)


class InputError(ValueError):
    """Untrusted input that cannot be used; the message is one line (no location prefix: the
    caller names the file or the record)."""

    def __init__(self, message: str) -> None:
        super().__init__(one_line(message))


def one_line(text: str) -> str:
    """``text`` with its line breaks written as escapes, so one problem stays one line."""
    return str(text).translate(_LINE_BREAKS)


def read_json_file(path: Union[str, Path], *, max_bytes: int = MAX_FILE_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Read, decode and parse a JSON file, checking each limit above; ``InputError`` otherwise."""
    return loads_json(read_text_file(path, max_bytes=max_bytes), max_depth=max_depth)


def read_text_file(path: Union[str, Path], *, max_bytes: int = MAX_FILE_BYTES, what: str = "a file") -> str:
    """The UTF-8 text of a file of at most ``max_bytes`` (``what`` names it in the message);
    ``InputError`` otherwise."""
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise InputError(f"larger than the {_size(max_bytes)} {what} may have")
    return decode_utf8(data)


def _size(n: int) -> str:
    return f"{n // 2**20} MiB" if n % 2**20 == 0 else f"{n:,} bytes"


def decode_utf8(data: bytes) -> str:
    """The text of UTF-8 ``data`` (a UTF-8 byte-order mark skipped); ``InputError`` naming the
    encoding it seems to be in otherwise."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise InputError(f"not UTF-8: it is {name}; save it as UTF-8")
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    if b"\x00" in data:
        raise InputError(f"not UTF-8: it holds NUL bytes ({_nul_guess(data[:4])}); save it as UTF-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start} (line {line}): "
                         f"{exc.reason}; save it as UTF-8") from None


def _nul_guess(head: bytes) -> str:
    # RFC 4627 §3: a JSON text starts with two ASCII characters, so where the NULs are tells
    pattern = "".join("0" if b == 0 else "x" for b in head)
    found = {"000x": "UTF-32, big-endian", "x000": "UTF-32, little-endian",
             "0x0x": "UTF-16, big-endian", "x0x0": "UTF-16, little-endian"}.get(pattern)
    return f"{found}, without a byte-order mark?" if found else "a binary file, or UTF-16 or UTF-32?"


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _unique_keys(pairs: List[Tuple[str, Any]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"key {key!r} repeats in one object")
            seen.add(key)
    return out


_LONG_DIGITS = re.compile(r"[0-9]{19}")
_FLAT_TEXT = 4096  # a longer text (a task file) is rarely flat: not read twice


def _flat_object(text: str) -> Optional[dict]:
    """``loads_json(text)`` where that is an object of scalars (a tool call's arguments, mostly),
    read by orjson, or None where that is not sure: then ``loads_json`` reads it as it always did.
    Sure means: no backslash (each string is its text, no escape), every member a string, an
    integer, a float, a boolean or null (orjson refuses NaN, Infinity, lone surrogates and
    infinite numbers as json_problem does; a float from an integer of 19 digits or more, which
    json would keep an integer, is declined), no ``:`` in a key or a string, and as many ``:`` in
    the text as keys in the object: so no key repeated (json_input refuses a repeated key; orjson
    keeps the last one)."""
    if "\\" in text or text.startswith("\ufeff"):
        return None
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    if type(value) is not dict:
        return None
    for key, item in value.items():
        kind = type(item)
        if ":" in key or (kind is str and ":" in item):
            return None
        if kind is float:
            if _LONG_DIGITS.search(text):
                return None
        elif kind is not str and kind is not int and kind is not bool and item is not None:
            return None
    return value if text.count(":") == len(value) else None


_STRICT = json.JSONDecoder(parse_constant=_no_constant, object_pairs_hook=_unique_keys)


def loads_json(text: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads``, strictly, with every failure an ``InputError`` and the value checked by
    ``json_problem``."""
    if max_depth >= 1 and type(text) is str and len(text) <= _FLAT_TEXT:
        flat = _flat_object(text)
        if flat is not None:
            return flat
    try:
        if type(text) is str and not text.startswith("\ufeff"):  # json.loads' own steps, its decoder made once
            value = _STRICT.decode(text)
        else:
            value = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise InputError(f"nested more than {max_depth} levels deep") from None
    except ValueError as exc:
        message = str(exc)
        if "integer string conversion" in message:
            message = f"an integer of more than {MAX_INT_DIGITS} digits"
        raise InputError(f"not JSON: {message}") from None
    problem = json_problem(value, max_depth=max_depth)
    if problem is not None:
        raise InputError(problem)
    return value


def text_problem(text: str) -> Optional[str]:
    """Why ``text`` is not valid Unicode (a lone surrogate), or None."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"a lone surrogate (U+{ord(text[exc.start]):04X}) at character {exc.start}: not valid Unicode"
    return None


def _location(path: Any) -> str:
    parts: List[str] = []
    while path is not None:
        path, key = path
        if isinstance(key, int):
            parts.append(f"[{key}]")
        elif key.isidentifier():
            parts.append(f".{key}")
        else:
            parts.append(f"[{one_line(json.dumps(key, ensure_ascii=False))[:60]}]")
    text = "$" + "".join(reversed(parts))
    return text if len(text) <= 160 else f"{text[:100]}...{text[-50:]}"


def _scalar_problem(item: Any) -> Optional[str]:
    if isinstance(item, str):
        return text_problem(item)
    if item is None or isinstance(item, bool):
        return None
    if isinstance(item, int):
        if item.bit_length() > 3 * MAX_INT_DIGITS:  # only then can it have too many digits
            try:
                str(item)
            except ValueError:
                return f"an integer of more than {MAX_INT_DIGITS} digits"
        return None
    if isinstance(item, float):
        return None if math.isfinite(item) else f"{item!r} is not a JSON number"
    return f"a {type(item).__name__} is not a JSON value"


def _clean(value: Any, max_depth: int) -> bool:
    """Whether ``json_problem`` finds nothing: the same checks, level by level, without
    keeping locations (the common case, on a whole task file, made cheap)."""
    level = [value]
    depth = 0
    while level:
        depth += 1
        containers = []
        for node in level:
            if isinstance(node, dict):
                for key in dict.keys(node):
                    if type(key) is not str or (not key.isascii() and text_problem(key) is not None):
                        return False
                children: Any = dict.values(node)
            elif isinstance(node, (list, tuple)):
                children = node
            elif _scalar_problem(node) is None:
                continue
            else:
                return False
            if depth > max_depth:
                return False
            for child in children:
                kind = type(child)
                if kind is str:
                    if not child.isascii() and text_problem(child) is not None:
                        return False
                elif kind is dict or kind is list:
                    containers.append(child)
                elif kind is bool or child is None or (kind is int and child.bit_length() <= 3 * MAX_INT_DIGITS):
                    continue
                elif kind is float and math.isfinite(child):
                    continue
                else:
                    containers.append(child)  # anything else: judged as a node of the next level
        level = containers
    return True


def json_problem(value: Any, *, max_depth: int = MAX_DEPTH) -> Optional[str]:
    """The first problem of a decoded JSON value (or of a Python object standing for one), as
    ``"at $.path: problem"``, or None. Arrays and objects (dicts, lists, tuples) nest at most
    ``max_depth`` levels, the outermost being level 1. Iterative: any depth is safe to check."""
    if _clean(value, max_depth):
        return None
    stack: List[Tuple[Any, int, Any]] = [(value, 0, None)]
    while stack:
        item, depth, path = stack.pop()
        if isinstance(item, dict):
            if depth + 1 > max_depth:
                return f"at {_location(path)}: nested more than {max_depth} levels deep"
            for key, child in dict.items(item):
                if not isinstance(key, str):
                    return f"at {_location(path)}: key {one_line(repr(key))[:60]} is not a string ({type(key).__name__})"
                problem = text_problem(key)
                if problem is not None:
                    return f"at {_location(path)}: key {one_line(repr(key))[:60]}: {problem}"
                stack.append((child, depth + 1, (path, key)))
        elif isinstance(item, (list, tuple)):
            if depth + 1 > max_depth:
                return f"at {_location(path)}: nested more than {max_depth} levels deep"
            stack.extend((child, depth + 1, (path, i)) for i, child in enumerate(item))
        else:
            problem = _scalar_problem(item)
            if problem is not None:
                return f"at {_location(path)}: {problem}"
    return None
