"""Tools from typed functions: a signature and a docstring, no hand-written JSON schema.

::

    @tool
    def cancel_order(data: dict, order_id: str, reason: Literal["customer", "restaurant"]) -> str:
        '''Cancel an order that has not been picked up yet.

        Args:
            order_id: The order's id, such as 'FD-1001'.
            reason: Who asked for the cancellation.
        '''

``cancel_order`` is then a tau-bench ``Tool`` class: ``get_info()`` gives the
OpenAI function schema derived from the type hints (via pydantic) and the
docstring (summary, description and ``Args:``), and ``invoke(data, **kwargs)``
validates the arguments first, answering ``Error: ...`` for bad ones as
tau-bench's tools do. A ``ToolError`` raised by the function becomes
``Error: <message>``: the tool's refusal, what the agent asked being wrong. Any other exception
the function raises (a ``KeyError`` on a record it assumed) is a fault in the tool's code: it
leaves ``invoke`` as a ``ToolCodeError`` naming the tool, which the episode still answers as
``Error: <the exception>`` (the agent's observation is the same either way) but records as a
code error, and which ``tau-shaped domain check`` refuses on a ground truth's replay. The first
parameter receives the state.
"""

from __future__ import annotations

import inspect
import json
import pickle
import weakref
from typing import Any, Callable, Dict, Optional, Type, get_type_hints

import docstring_parser
from pydantic import ConfigDict, ValidationError, create_model

from tau_shaped.env.sized_memo import SizedMemo
from tau_shaped.env.tool import Tool, ToolCodeError

__all__ = ["ToolCodeError", "ToolDefinitionError", "ToolError", "tool"]


class ToolError(Exception):
    """Raised by a tool for a request it refuses; the observation is ``Error: <message>``."""


class ToolDefinitionError(TypeError):
    """A function that cannot become a tool (missing type hints, no docstring)."""


def _strip_titles(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _strip_titles(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema, list):
        return [_strip_titles(v) for v in schema]
    return schema


def _format_errors(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False):
        where = ".".join(str(p) for p in err["loc"]) or "arguments"
        message = "unexpected argument" if err["type"] == "extra_forbidden" else err["msg"]
        parts.append(f"{where}: {message}")
    return "invalid arguments: " + "; ".join(parts)


# ``json.dumps(result, ensure_ascii=False, default=str)``'s encoder, made once, not per call
_ENCODER = json.JSONEncoder(ensure_ascii=False, default=str)

# The text of each plain-JSON result by its pickle: the rollouts of a task read the same records,
# and a pickle is ~5x cheaper than the text. Equal pickles are the same types, key order and
# values all the way down, so a result pickled like a plain-JSON one it was written for has
# the same text (a subclass, a set, a tuple or any other object pickles differently).
_TEXTS: "SizedMemo[str]" = SizedMemo(8 << 20)  # pickles and texts
_SCALARS = (str, int, float, bool, type(None))


def _plain_json(value: Any, depth: int = 0) -> bool:
    """A tree of dicts with string keys, lists, strings, numbers, booleans and None (exact
    types): what the text is a function of, value by value."""
    kind = type(value)
    if kind is dict:
        return depth < 64 and all(type(k) is str and _plain_json(v, depth + 1) for k, v in value.items())
    if kind is list:
        return depth < 64 and all(_plain_json(v, depth + 1) for v in value)
    return kind in _SCALARS


def _render(result: Any) -> str:
    if isinstance(result, str):
        return result
    if type(result) is not dict and type(result) is not list:
        return _ENCODER.encode(result)
    try:
        key = pickle.dumps(result, pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - not picklable: written as it is
        return _ENCODER.encode(result)
    text = _TEXTS.get(key)
    if text is None:
        text = _ENCODER.encode(result)
        if _plain_json(result):
            _TEXTS.put(key, text, len(key) + len(text))
    return text


def _build(func: Callable[..., Any], name: Optional[str]) -> Type[Tool]:
    tool_name = name or func.__name__
    doc = docstring_parser.parse(inspect.getdoc(func) or "")
    if not doc.short_description:
        raise ToolDefinitionError(f"tool {tool_name}: needs a docstring (it is the tool's description)")
    params = list(inspect.signature(func).parameters.values())
    if not params:
        raise ToolDefinitionError(f"tool {tool_name}: the first parameter must receive the state")
    hints = get_type_hints(func, include_extras=True)
    arg_docs = {p.arg_name: p.description for p in doc.params}
    fields: Dict[str, Any] = {}
    for param in params[1:]:
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise ToolDefinitionError(f"tool {tool_name}: *args/**kwargs cannot be described to an agent")
        if param.name not in hints:
            raise ToolDefinitionError(f"tool {tool_name}: parameter {param.name!r} needs a type hint")
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[param.name] = (hints[param.name], default)
    model = create_model(f"{tool_name}_arguments", __config__=ConfigDict(extra="forbid"), **fields)
    description = doc.short_description
    if doc.long_description:
        description = f"{description}\n\n{doc.long_description}"
    made: list = []  # the schema, made when first asked (a scoring process never asks: ``info_name``)

    def info() -> Dict[str, Any]:
        if not made:
            parameters = _strip_titles(model.model_json_schema())
            for pname, prop in parameters.get("properties", {}).items():
                if arg_docs.get(pname):
                    prop["description"] = arg_docs[pname]
            parameters.setdefault("required", [])
            made.append({"type": "function",
                         "function": {"name": tool_name, "description": description, "parameters": parameters}})
        return made[0]

    names = list(fields)

    def invoke(data: Any, **kwargs: Any) -> str:
        try:
            validated = model.model_validate(kwargs)
        except ValidationError as exc:
            return f"Error: {_format_errors(exc)}"
        try:
            return _render(func(data, **{n: getattr(validated, n) for n in names}))
        except ToolError as exc:
            return f"Error: {exc}"
        except Exception as exc:  # noqa: BLE001 - anything but a refusal is the tool's fault
            raise ToolCodeError(tool_name, exc) from exc

    def get_info() -> Dict[str, Any]:
        return json.loads(json.dumps(info()))  # a fresh copy each call

    _NAMES[get_info] = tool_name

    return type(
        "".join(part.capitalize() for part in tool_name.split("_")),
        (Tool,),
        {
            "__doc__": description,
            "__module__": func.__module__,
            "name": tool_name,
            "func": staticmethod(func),
            "arguments_model": model,
            "invoke": staticmethod(invoke),
            "get_info": staticmethod(get_info),
        },
    )


# each ``get_info`` ``_build`` made -> the name its schema gives (``info_name``)
_NAMES: "weakref.WeakKeyDictionary[Callable[[], Dict[str, Any]], str]" = weakref.WeakKeyDictionary()


def info_name(tool: Any) -> str:
    """``tool.get_info()["function"]["name"]``, without making the schema when ``get_info`` is
    one ``@tool`` made (its name is known; the schema is made when an agent first asks)."""
    try:
        known = _NAMES.get(getattr(tool, "get_info", None))  # type: ignore[arg-type]
    except TypeError:  # not weakly referable, not hashable: not one of them
        known = None
    return known if known is not None else tool.get_info()["function"]["name"]


def tool(func: Optional[Callable[..., Any]] = None, *, name: Optional[str] = None) -> Any:
    """Decorate a typed, documented function to make it a tau-bench ``Tool`` class."""
    if func is None:
        return lambda f: _build(f, name)
    return _build(func, name)
