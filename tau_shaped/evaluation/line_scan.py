"""A JSON-lines record read keeping where each top-level value's text is, so that ``score``
can write back the values it did not change as the line had them (a rollout's ``traj`` is
most of its bytes: encoding it again cost a tenth of scoring it)."""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Optional, Tuple

from tau_shaped.evaluation.results_file import ResultsFileError, _validate
from tau_shaped.evaluation.results_stream import RawLine

_WHITESPACE = re.compile(r"[ \t\n\r]*")  # JSON's whitespace (json.decoder's own pattern)
_DECODER = json.JSONDecoder()

Spans = Dict[str, Tuple[int, int]]
_scanstring = json.decoder.scanstring


def scan_record(text: str) -> Optional[Tuple[Dict[str, Any], Spans]]:
    """``json.loads(text)`` of a line holding one JSON object, with where each top-level
    value's text is (the last of a repeated key, as ``json.loads`` keeps it): a scorer can
    then write back the values it did not change as they were. None for anything else (the
    reader's own path then parses it, or says what is wrong)."""
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
        return dict(pairs), spans
    except (ValueError, StopIteration, RecursionError, IndexError):
        return None


def scanned_line(line: RawLine) -> Optional[Tuple[Dict[str, Any], str, Spans]]:
    """A line's validated record, its text and its values' spans; None where the reader's own
    path must decide (not UTF-8, blank, torn, not one object, a record that fails validation)."""
    try:
        text = line.raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    found = scan_record(text)
    if found is None:
        return None
    record, spans = found
    try:
        _validate(record, f"{line.path}: line {line.number}")
    except ResultsFileError:
        return None
    return record, text, spans

