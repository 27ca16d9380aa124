"""A ``traj``'s first message, read once for every line that opens with the same text.

The rollouts a run writes open their ``traj`` with the same message, the agent's system prompt
(the domain's policy: ~11 KB, two thirds of a food-delivery line), and ``split_record`` read it
on every line: orjson made it again, and the scan for long integers (``_LONG_NUMBER``) and the
output's scan for ``NaN`` went over it again (a third of reading a line, ~2% of a batch's CPU).

``opening(raw, start)``: the kept text and value of the first element of the array whose ``[``
is at ``raw[start]``, where that element's text is one kept and is followed by ``, `` (another
element comes). A text is kept (``learn``, from a line read whole) only where it is the exact
JSON text of the line's first element as ``json.dumps`` writes it (with or without ASCII
escapes; checked against the line), an object whose values are all strings, numbers, booleans
or None (so a shallow copy of its value is a whole copy), with no run of 19 digits and no
``NaN`` or ``Infinity`` in it: orjson reads it as json does (the reasons the reader declines a
text, ``line_scan``'s docstring, are absent). Such a text is one whole value, so the array is
``[`` + that text + ``, `` + the rest, and, where the rest starts with neither whitespace nor
``]``, ``[`` + the rest is a JSON array exactly when the whole one is, of the same elements
after the first (JSON's grammar): ``split_record`` reads that, with a copy of the kept value in
front. Lines that open otherwise are read whole as before; a text is learned at the first such
line and then at most once every ``LEARN_EVERY`` of them (a file whose openings all differ pays
one ``json.dumps`` of a message every ``LEARN_EVERY`` lines)."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

import orjson

MAX_KEPT = 4  # distinct openings kept, the most recently met first (a file of a few domains)
LEARN_EVERY = 16  # lines that open with no kept text between two attempts to learn one
_MAX_TEXT = 1 << 20  # a longer first message is not kept
_FLAT = (str, int, float, bool, type(None))
_DIGITS = bytes(48 if 48 <= n <= 57 else 32 for n in range(256))  # every ASCII digit a "0", the rest blank
_LONG_NUMBER = b"0" * 19

Opening = Tuple[bytes, Dict[str, Any]]
_KEPT: List[Opening] = []
_missed = [0]  # lines that opened with no kept text


def opening(raw: bytes, start: int) -> Optional[Opening]:
    """The kept (text, value) that ``raw[start + 1:]`` opens with, followed by ``, ``; or None."""
    for i, found in enumerate(_KEPT):
        text = found[0]
        end = start + 1 + len(text)
        if raw.startswith(text, start + 1) and raw.startswith(b", ", end):
            if i:
                _KEPT.insert(0, _KEPT.pop(i))
            return found
    return None


def copy_value(found: Opening) -> Dict[str, Any]:
    """A copy of a kept opening's value (its values are immutable: a shallow copy is whole)."""
    return dict(found[1])


def learn(raw: bytes, start: int, traj: Any) -> None:
    """Keep the text of ``traj``'s first element, as it stands at ``raw[start + 1:]`` (``traj``
    read from ``raw[start:]``), where it is one to keep (the module's docstring); only at the
    first line that opens with no kept text and once every ``LEARN_EVERY`` such lines."""
    missed = _missed[0]
    _missed[0] = missed + 1
    if missed % LEARN_EVERY or type(traj) is not list or not traj:
        return
    value = traj[0]
    if type(value) is not dict or not all(type(k) is str and type(v) in _FLAT for k, v in value.items()):
        return
    text = _as_written(raw, start, value)
    if text is None or len(text) > _MAX_TEXT or b"NaN" in text or b"Infinity" in text \
            or _LONG_NUMBER in text.translate(_DIGITS):
        return
    try:
        read = orjson.loads(text)
    except orjson.JSONDecodeError:
        return
    if type(read) is not dict or list(read.items()) != list(value.items()) \
            or any(type(a) is not type(b) for a, b in zip(read.values(), value.values())):
        return
    _KEPT.insert(0, (text, read))
    del _KEPT[MAX_KEPT:]


def _as_written(raw: bytes, start: int, value: Dict[str, Any]) -> Optional[bytes]:
    """``value``'s text as ``json.dumps`` writes it (UTF-8 or ASCII-escaped), where the line holds
    that text at ``raw[start + 1:]``, followed by ``, ``; None otherwise."""
    for ascii_only in (False, True):
        try:
            text = json.dumps(value, ensure_ascii=ascii_only).encode("utf-8")
        except (ValueError, TypeError, UnicodeEncodeError, RecursionError):
            continue
        if raw.startswith(text, start + 1) and raw.startswith(b", ", start + 1 + len(text)):
            return text
    return None


def forget() -> None:
    """Drop every kept opening (tests)."""
    _KEPT.clear()
    _missed[0] = 0
