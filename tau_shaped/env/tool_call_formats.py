"""Tool calls written as text: every format the common chat templates write, and unknown ones.

- **Hermes/Qwen**: ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` blocks (an unclosed
  last block runs to the end; a ``</tool_call>`` no tag opened closes a block the text starts);
- **Llama 3**: ``<|python_tag|>{"name": ..., "parameters": {...}}`` (several separated by ``;``),
  and ``<function=NAME>{...}</function>``;
- **Mistral**: ``[TOOL_CALLS][{"name": ..., "arguments": {...}}]`` or ``[TOOL_CALLS]NAME[ARGS]{...}``;
- **JSON**: the whole text, or a fenced ```` ```json ```` block, being one call object or a list of
  them. A call object is ``{"name", "arguments"|"kwargs"|"parameters"}`` or OpenAI's
  ``{"type": "function", "function": {...}}``; ``{"tool_calls": [...]}`` is an OpenAI message as text.

Each reader gives the OpenAI tool calls it found and the text around them, or None when its
format is absent. A call whose body a format marks as a call but which does not read (broken
JSON, no name; a whole text that opens as a JSON call, ``{"name"``, and is not JSON) is a call of
``INVALID_TOOL_CALL`` with the body as ``__unparsed_arguments__``: the env answers ``Error: ...``
and the episode goes on (the policy's mistake, scored, not a fault).

**Unknown formats** (``unknown_format``): text that carries another format's marker
(``<tool_use>``, ``<function_call>``, ``<|tool_call|>``, DeepSeek's ``<｜tool▁calls▁begin｜>``,
``<invoke``, ``<tool_code>``), that is, whole or fenced, a JSON object naming a ``name``/
``function``/``tool`` beside keys none of the formats use, or, given ``tool_names``, that opens
with a Python-style call of one of them (``get_order_details(order_id=...)``) raises
``UnknownToolCallFormat``, a ``ModelTextFault``: a counted parse fault, never a message.

Everything is read within a ``model_text.Budget`` (size, nesting, tool calls, time).
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Optional, Tuple

from tau_shaped.env.model_text import Budget, ModelTextFault, parse_json, too_deep

INVALID_TOOL_CALL = "invalid_tool_call"
ARGUMENT_KEYS = ("arguments", "kwargs", "parameters")
UNKNOWN_MARKERS = ("<tool_use>", "<function_call>", "<|tool_call|>", "<|tool_calls|>", "<｜tool▁calls▁begin｜>",
                   "<｜tool▁call▁begin｜>", "<invoke ", "<tool_code>", "[TOOL_CALL]")
_HERMES = ("<tool_call>", "</tool_call>")
_PYTHON_TAG = "<|python_tag|>"
_LLAMA_END = ("<|eom_id|>", "<|eot_id|>")
_FUNCTION = ("<function=", "</function>")
_MISTRAL, _MISTRAL_ARGS, _MISTRAL_ID = "[TOOL_CALLS]", "[ARGS]", "[CALL_ID]"
_FENCE = "```"
_NOT_JSON = object()


class UnknownToolCallFormat(ModelTextFault):
    """Text that looks like a tool call in no format the reader knows (a counted parse fault)."""


# -- call objects -----------------------------------------------------------------------------


def is_call(obj: Any) -> bool:
    """Whether a JSON value is a call object of a known format."""
    if not isinstance(obj, dict):
        return False
    if obj.get("type") == "function" and isinstance(obj.get("function"), dict):
        return True
    if "name" not in obj:
        return False
    return set(obj) <= {"name", "id", "type", *ARGUMENT_KEYS}


_CALL_KEYS = {"function", "tool", "tool_name", "tool_calls", "function_call"}
_ARGS_LIKE = {"args", "input", "params", "action_input", *ARGUMENT_KEYS}


def _looks_like_call(obj: Any, tool_names: Optional[Iterable[str]]) -> bool:
    """Whether a JSON value that is no known call still names one (a call in another format)."""
    names = set(tool_names or ())
    for o in obj if isinstance(obj, list) else [obj]:
        if not isinstance(o, dict):
            continue
        if _CALL_KEYS & set(o) or ("name" in o and (_ARGS_LIKE & set(o) or (isinstance(o["name"], str) and o["name"] in names))):
            return True
    return False


def _calls_of_json(obj: Any) -> Optional[List[Any]]:
    """The call objects a JSON value is (one, a list, an OpenAI message's tool_calls), or None."""
    if isinstance(obj, dict) and isinstance(obj.get("tool_calls"), list) and set(obj) <= {"role", "content", "tool_calls"}:
        obj = obj["tool_calls"]
    items = obj if isinstance(obj, list) else [obj]
    if items and all(is_call(o) for o in items):
        return items
    return None


def tool_call(index: int, obj: Any, raw: Optional[str], budget: Budget) -> Dict[str, Any]:
    """One OpenAI tool call of a call object (``INVALID_TOOL_CALL`` when it does not read)."""
    call_id = f"call_{index}"
    if isinstance(obj, dict) and isinstance(obj.get("function"), dict):  # OpenAI's form, as text or structured
        if isinstance(obj.get("id"), str) and obj["id"]:
            call_id = obj["id"]
        obj = obj["function"]
    if isinstance(obj, dict) and isinstance(obj.get("name"), str) and obj["name"]:
        payload = next((obj[k] for k in ARGUMENT_KEYS if k in obj), {})
        if payload is None:
            payload = {}
        if isinstance(payload, str):  # arguments as JSON text
            parsed = parse_json(payload, budget, default=_NOT_JSON) if payload.strip() else {}
            payload = {"__unparsed_arguments__": payload} if parsed is _NOT_JSON else parsed
        name = obj["name"]
        args = payload if isinstance(payload, dict) else {"__unparsed_arguments__": json.dumps(payload)}
    else:
        name, args = INVALID_TOOL_CALL, {"__unparsed_arguments__": raw if raw is not None else json.dumps(obj, default=str)}
    budget.tick()
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def _json_calls(body: str, budget: Budget) -> List[Dict[str, Any]]:
    """The calls one marked body holds (a call object or a list; broken: one invalid call)."""
    parsed = parse_json(body, budget, default=_NOT_JSON)
    items = _calls_of_json(parsed) if parsed is not _NOT_JSON else None
    if items is None:
        return [tool_call(0, parsed if parsed is not _NOT_JSON else None, body, budget)]
    return [tool_call(0, o, None, budget) for o in items]


# -- formats ----------------------------------------------------------------------------------


def _blocks(text: str, opening: str, closing: str, limit: int) -> Tuple[List[str], str]:
    """The bodies between ``opening`` and ``closing`` (stripped; an unclosed last one runs to the end)
    and the text around them; at most ``limit`` + 1 bodies (more is past the limit anyway)."""
    bodies: List[str] = []
    rest: List[str] = []
    pos = 0
    while len(bodies) <= limit:
        start = text.find(opening, pos)
        if start < 0:
            break
        rest.append(text[pos:start])
        body = start + len(opening)
        end = text.find(closing, body)
        if end < 0:
            bodies.append(text[body:].strip())
            pos = len(text)
            break
        bodies.append(text[body:end].strip())
        pos = end + len(closing)
    rest.append(text[pos:])
    return bodies, "".join(rest).strip()


def tool_call_blocks(text: str, max_blocks: int) -> Tuple[List[str], str]:
    """The bodies of the Hermes ``<tool_call>`` blocks and the text around them."""
    return _blocks(text, _HERMES[0], _HERMES[1], max_blocks)


def hermes(text: str, budget: Budget) -> Optional[Tuple[List[Dict[str, Any]], str]]:
    if _HERMES[0] not in text:
        if _HERMES[1] not in text:
            return None
        text = _HERMES[0] + text  # the template opened the first block in the prompt: it starts the text
    bodies, rest = tool_call_blocks(text, budget.limits.max_tool_calls)
    budget.tool_calls(len(bodies))
    calls = []
    for body in bodies:
        parsed = parse_json(body, budget)
        calls.append(tool_call(0, parsed, body, budget))
    return calls, rest


def llama(text: str, budget: Budget) -> Optional[Tuple[List[Dict[str, Any]], str]]:
    if _FUNCTION[0] in text:  # <function=NAME>{...}</function>
        bodies, rest = _blocks(text, _FUNCTION[0], _FUNCTION[1], budget.limits.max_tool_calls)
        budget.tool_calls(len(bodies))
        calls = []
        for body in bodies:
            name, sep, args = body.partition(">")
            obj = {"name": name.strip(), "arguments": args.strip()} if sep and name.strip() else None
            calls.append(tool_call(0, obj, body, budget))
        return calls, rest
    start = text.find(_PYTHON_TAG)
    if start < 0:
        return None
    body = text[start + len(_PYTHON_TAG):]
    for end_token in _LLAMA_END:
        body = body.split(end_token, 1)[0]
    body = body.strip()
    if too_deep(body, budget.limits.max_depth):
        raise budget.depth_fault()
    calls: List[Dict[str, Any]] = []
    decoder = json.JSONDecoder()
    pos = 0
    while pos < len(body):
        budget.tool_calls(1)
        chunk_end = body.find(";", pos)
        try:
            if body[pos] != "{":
                raise ValueError
            obj, end = decoder.raw_decode(body, pos)
        except (ValueError, RecursionError):
            chunk = body[pos:] if chunk_end < 0 else body[pos:chunk_end]
            calls.append(tool_call(0, None, chunk.strip(), budget))
            pos = len(body) if chunk_end < 0 else chunk_end + 1
        else:
            calls.append(tool_call(0, obj if is_call(obj) else None, body[pos:end], budget))
            pos = end
        while pos < len(body) and body[pos] in "; \n\t\r":
            pos += 1
    return calls, text[:start].strip()


def mistral(text: str, budget: Budget) -> Optional[Tuple[List[Dict[str, Any]], str]]:
    start = text.find(_MISTRAL)
    if start < 0:
        return None
    segments = text[start:].split(_MISTRAL)[1:]
    budget.tool_calls(len(segments))
    calls: List[Dict[str, Any]] = []
    for segment in segments:
        segment = segment.strip()
        if segment[:1] in ("[", "{"):
            calls += _json_calls(segment, budget)
        elif _MISTRAL_ARGS in segment:
            name, _, args = segment.partition(_MISTRAL_ARGS)
            name = name.split(_MISTRAL_ID, 1)[0].strip()
            calls.append(tool_call(0, {"name": name, "arguments": args.strip()} if name else None, segment, budget))
        else:
            calls.append(tool_call(0, None, segment, budget))
    budget.tool_calls(len(calls) - len(segments))
    return calls, text[:start].strip()


def fenced(text: str, budget: Budget, tool_names: Optional[Iterable[str]] = None) -> Optional[Tuple[List[Dict[str, Any]], str]]:
    """Fenced blocks holding JSON calls: their calls and the text around them (other fences stay)."""
    if _FENCE not in text:
        return None
    calls: List[Dict[str, Any]] = []
    rest: List[str] = []
    pos = 0
    while True:
        start = text.find(_FENCE, pos)
        end = text.find(_FENCE, start + 3) if start >= 0 else -1
        if start < 0 or end < 0:
            break
        newline = text.find("\n", start + 3, end)
        label = text[start + 3:newline].strip() if newline >= 0 else None
        body = text[newline + 1:end] if label is not None and (label == "" or label.isalnum()) else text[start + 3:end]
        parsed = parse_json(body.strip(), budget, default=_NOT_JSON) if body.strip()[:1] in ("{", "[") else _NOT_JSON
        items = _calls_of_json(parsed) if parsed is not _NOT_JSON else None
        if items is not None:
            budget.tool_calls(len(items))
            calls += [tool_call(0, o, None, budget) for o in items]
            rest.append(text[pos:start])
        else:
            if parsed is not _NOT_JSON and _looks_like_call(parsed, tool_names):
                raise UnknownToolCallFormat(f"a fenced JSON block names a call in no known format: {body.strip()[:80]}")
            rest.append(text[pos:end + 3])
        pos = end + 3
    rest.append(text[pos:])
    return (calls, "".join(rest).strip()) if calls else None


def bare_json(stripped: str, budget: Budget, tool_names: Optional[Iterable[str]]) -> Optional[List[Dict[str, Any]]]:
    if stripped[:1] not in ("{", "["):
        return None
    parsed = parse_json(stripped, budget, default=_NOT_JSON)
    if parsed is _NOT_JSON:
        if stripped.startswith(('{"name"', '[{"name"', '{"type": "function"')):  # a JSON call, broken: the policy's mistake
            budget.tool_calls(1)
            return [tool_call(0, None, stripped, budget)]
        return None
    items = _calls_of_json(parsed)
    if items is None:
        if _looks_like_call(parsed, tool_names):
            raise UnknownToolCallFormat(f"a JSON object names a call in no known format: {stripped[:80]}")
        return None
    budget.tool_calls(len(items))
    return [tool_call(0, o, None, budget) for o in items]


def unknown_format(text: str, tool_names: Optional[Iterable[str]]) -> None:
    for marker in UNKNOWN_MARKERS:
        if marker in text:
            raise UnknownToolCallFormat(f"text holds {marker.strip()!r}, a tool-call marker of no known format")
    if tool_names:
        head = text.lstrip().lstrip("[").lstrip()
        for name in tool_names:
            if isinstance(name, str) and name and head.startswith(name) and head[len(name):].lstrip().startswith("("):
                raise UnknownToolCallFormat(f"text opens with a Python-style call of {name!r}, no known tool-call format")
