"""The one reader of model output: what an assistant turn a model wrote stands for (SPEC §1).

Every trainer adapter, the step-wise env and ``run``'s agents read a model's turn here, within
the bounds of ``model_text`` (``ReadLimits``: size, nesting, tool calls, time). The turn is model
text or an OpenAI-style assistant message (a dict, or a pydantic/OpenAI object);
``read_model_output`` gives the assistant message it stands for: ``content`` (what is said to the
customer, or None), ``tool_calls`` (OpenAI form, arguments as JSON text) and ``reasoning_content``
(what the model thought aloud: kept in the record, never a message, a call nor "text beside a
call"; ``reasoning``).

- a message's structured ``tool_calls`` (``{"id", "type", "function": {"name", "arguments"}}``,
  arguments as JSON text or an object; the flat ``{"id", "name", "arguments"}`` form too) are its
  calls, its text content (reasoning taken out) the text beside them;
- a message without them, or model text: its reasoning is taken out (``reasoning``), then its
  tool calls are read in every known text format (``tool_call_formats``: Hermes ``<tool_call>``,
  Mistral ``[TOOL_CALLS]``, Llama 3 ``<|python_tag|>``/``<function=…>``, fenced JSON, bare JSON
  with ``arguments``/``kwargs``/``parameters``, OpenAI's call objects as text); else it is a
  message to the customer;
- text that looks like a tool call in no known format raises ``UnknownToolCallFormat`` (a
  ``ModelTextFault``): the callers count it as a parse fault (``model_text.PARSE_FAULTS``) and
  surface it in the result and the trainer's metrics, as for text past the limits.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from tau_shaped.env.model_text import Budget, ModelTextFault, ReadLimits, check_message
from tau_shaped.env.reasoning import REASONING_FIELDS, split_reasoning, visible_text
from tau_shaped.env.tool_call_formats import (INVALID_TOOL_CALL, UnknownToolCallFormat, bare_json, fenced, hermes, llama,
                                              mistral, tool_call, unknown_format)

__all__ = ["INVALID_TOOL_CALL", "UnknownToolCallFormat", "read_model_output", "read_assistant_text", "message_actions",
           "split_reasoning", "visible_text"]


def _numbered(calls: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    for i, call in enumerate(calls):
        if call["id"].startswith("call_"):
            call["id"] = f"call_{i}"
    return calls


def _message(content: Optional[str], calls: Sequence[Dict[str, Any]], reasoning: str) -> Dict[str, Any]:
    message: Dict[str, Any] = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = list(calls)
    if reasoning:
        message["reasoning_content"] = reasoning
    return message


def _read_text(text: str, budget: Budget, tool_names: Optional[Iterable[str]], reasoning: str = "") -> Dict[str, Any]:
    visible, thought = split_reasoning(text)
    reasoning = "\n\n".join(r for r in (reasoning, thought) if r)
    for reader in (hermes, mistral, llama):
        found = reader(visible, budget)
        if found is not None:
            calls, rest = found
            return _message(rest or None, _numbered(calls), reasoning)
    found = fenced(visible, budget, tool_names)
    if found is not None:
        return _message(found[1] or None, _numbered(found[0]), reasoning)
    stripped = visible.strip()
    calls = bare_json(stripped, budget, tool_names)
    if calls is not None:
        return _message(None, _numbered(calls), reasoning)
    unknown_format(visible, tool_names)
    return _message(visible if not thought else stripped, [], reasoning)


def read_assistant_text(text: Any, limits: Optional[ReadLimits] = None, *,
                        tool_names: Optional[Iterable[str]] = None) -> Dict[str, Any]:
    """The assistant message a model's text stands for (see the module docstring);
    ``ModelTextFault`` past a limit or in an unknown format."""
    text = text if isinstance(text, str) else ""
    budget = Budget(limits)
    budget.text(len(text))
    return _read_text(text, budget, tool_names)


def _plain(value: Any) -> Any:
    return value.model_dump(exclude_none=True) if hasattr(value, "model_dump") else value


def _content_text(content: Any) -> Optional[str]:
    """A message's content as text: a string, or the text of OpenAI content parts."""
    if content is None or isinstance(content, str):
        return content
    if isinstance(content, (list, tuple)):
        parts = [_plain(p) for p in content]
        if all(isinstance(p, dict) and isinstance(p.get("text", ""), str) for p in parts):
            return "".join(p.get("text", "") for p in parts if p.get("type", "text") == "text")
    raise ModelTextFault(f"an assistant message's content is text or text parts, not {type(content).__name__}")


def read_model_output(output: Any, limits: Optional[ReadLimits] = None, *,
                      tool_names: Optional[Iterable[str]] = None) -> Dict[str, Any]:
    """The assistant message a model's turn stands for: model text, or an assistant message (a
    dict or a pydantic/OpenAI object) whose structured ``tool_calls`` are kept and whose text
    content is read as text when it has none. ``ModelTextFault`` past a limit, for what is
    neither, or in an unknown format (``UnknownToolCallFormat``)."""
    if isinstance(output, str):
        return read_assistant_text(output, limits, tool_names=tool_names)
    message = _plain(output)
    if not isinstance(message, dict):
        raise ModelTextFault(f"a turn is text or an assistant message, not {type(output).__name__}")
    budget = Budget(limits)
    check_message(message, budget)
    content = _content_text(message.get("content"))
    reasoning = "\n\n".join(r.strip() for r in (message.get(k) for k in REASONING_FIELDS) if isinstance(r, str) and r.strip())
    raw_calls = message.get("tool_calls")
    if raw_calls is not None and not isinstance(raw_calls, (list, tuple)):
        raise ModelTextFault(f"tool_calls is a list, not {type(raw_calls).__name__}")
    if not raw_calls:
        return _read_text(content or "", Budget(budget.limits), tool_names, reasoning) if content else \
            _message(content, [], reasoning)
    calls = []
    for i, raw in enumerate(raw_calls):
        raw = _plain(raw)
        if isinstance(raw, dict) and isinstance(raw.get("function"), dict):
            raw = {**raw, "function": _plain(raw["function"])}
        call = tool_call(i, raw, None if isinstance(raw, dict) else json.dumps(str(raw)), budget)
        if isinstance(raw, dict) and isinstance(raw.get("id"), str) and raw["id"]:
            call["id"] = raw["id"]
        calls.append(call)
    visible, thought = split_reasoning(content) if content else ("", "")
    reasoning = "\n\n".join(r for r in (reasoning, thought) if r)
    return _message(visible.strip() or None, calls, reasoning)


def message_actions(message: Dict[str, Any]) -> List[Tuple[str, Dict[str, Any]]]:
    """(name, kwargs) of each tool call of a message the reader gave, or one ``respond``."""
    calls = message.get("tool_calls") or []
    if not calls:
        return [("respond", {"content": message.get("content") or ""})]
    out = []
    for call in calls:
        fn = call["function"]
        out.append((fn["name"], json.loads(fn["arguments"])))
    return out
