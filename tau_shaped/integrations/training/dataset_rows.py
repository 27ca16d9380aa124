"""What a dataset row holds once it went through ``datasets``/Arrow or a parquet file (issue 43).

Trainers read their rows through Arrow: ``datasets.Dataset.from_list``, ``load_dataset("parquet")``
(verl's ``RLHFDataset``, SkyRL's and TRL's datasets), sometimes pandas. Arrow gives every row one
type, which changes what a row says without any error:

- a key some rows have and this one lacks comes back as ``None`` (``extra_info["lam"]``,
  ``user_replies``): ``present`` drops such keys, so a missing setting takes its default and a
  missing ``user_replies`` stays *no replies recorded* (SPEC §10), never an empty list of them;
- a list of actions (``{"name", "kwargs"}``) is a list of one struct type: each action's ``kwargs``
  gains every other action's keys as ``null`` (``find_customer_by_email(email=..., order_id=None,
  content=None)``), which the tool refuses, so the correct trajectory scored 0. ``restore_actions``
  reads them against the tools' declared parameters: a ``null`` is dropped where the tool does not
  declare that parameter, or declares it optional without ``null`` among its types (the only
  meaning such a null can have is "not given"); a ``null`` is kept where the parameter is required
  (the call was wrong either way) or may be ``null`` (``courier_id=None`` is a value the tool takes,
  the same as leaving it out when its default is null). Nested objects and lists are read the same
  way against their schemas, and a whole number Arrow widened to a float (``2`` beside ``2.5``)
  is an integer again where the schema says integer;
- a list column may come back as a numpy array (pandas): ``list_column`` reads it as a list.

A list column may also be JSON text (it goes through Arrow unchanged); ``list_column`` reads both,
and the adapters restore the actions of either form the same way, so a row scores the same as a
list, as JSON text, before and after any round trip.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence

from tau_shaped.env.model_text import Budget, ModelTextFault, parse_json
from tau_shaped.env.types import RESPOND_ACTION_NAME

#: A list column that is neither a list nor JSON text of one (the row is a verifier fault).
MALFORMED = object()

_RESPOND_SCHEMA = {"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]}


def present(row: Optional[Mapping[str, Any]]) -> Dict[str, Any]:
    """The row's keys that hold a value (Arrow gives a row ``None`` for a key other rows have)."""
    return {k: v for k, v in dict(row or {}).items() if v is not None}


def list_column(value: Any) -> Any:
    """A list column's value: a list (from a list, a tuple, a numpy array or JSON text; blank text is
    ``[]``), ``None`` where the row has none, or ``MALFORMED``."""
    if value is None:
        return None
    if isinstance(value, str):
        if not value.strip():
            return []
        try:
            parsed = parse_json(value, Budget(), default=MALFORMED)
        except ModelTextFault:
            return MALFORMED
        return parsed if isinstance(parsed, list) else MALFORMED
    if isinstance(value, (list, tuple)):
        return list(value)
    tolist = getattr(value, "tolist", None)  # a numpy array (pandas, verl's object arrays)
    if callable(tolist) and not isinstance(value, (dict, bytes)):
        listed = tolist()
        return _plain(listed) if isinstance(listed, list) else MALFORMED
    return MALFORMED


def _plain(value: Any) -> Any:
    """Nested numpy arrays as lists (pandas reads a list of structs as an array of dicts of arrays)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    tolist = getattr(value, "tolist", None)
    if callable(tolist) and not isinstance(value, (str, bytes)):
        return _plain(tolist())
    return value


def tool_schemas(tools_info: Sequence[Any]) -> Dict[str, Dict[str, Any]]:
    """Each tool's parameters schema by name (OpenAI tool format), ``respond``'s included."""
    schemas: Dict[str, Dict[str, Any]] = {RESPOND_ACTION_NAME: _RESPOND_SCHEMA}
    for tool in tools_info or []:
        fn = tool.get("function") if isinstance(tool, dict) else None
        if isinstance(fn, dict) and isinstance(fn.get("name"), str):
            params = fn.get("parameters")
            schemas[fn["name"]] = params if isinstance(params, dict) else {}
    return schemas


def _branches(schema: Any) -> List[Dict[str, Any]]:
    """The alternatives a schema allows (``anyOf``/``oneOf`` flattened; the schema itself otherwise)."""
    if not isinstance(schema, dict):
        return []
    alternatives = schema.get("anyOf") or schema.get("oneOf")
    if isinstance(alternatives, list):
        return [b for a in alternatives for b in _branches(a)]
    return [schema]


def _types(schema: Any) -> List[str]:
    out: List[str] = []
    for branch in _branches(schema):
        kind = branch.get("type")
        out += [k for k in (kind if isinstance(kind, list) else [kind]) if isinstance(k, str)]
    return out


def _nullable(schema: Any) -> bool:
    return "null" in _types(schema) or (isinstance(schema, dict) and "default" in schema and schema["default"] is None
                                         and not _types(schema))


def _object_schema(schema: Any) -> Optional[Dict[str, Any]]:
    for branch in _branches(schema):
        if isinstance(branch.get("properties"), dict):
            return branch
    return None


def _items_schema(schema: Any) -> Any:
    for branch in _branches(schema):
        if "items" in branch:
            return branch["items"]
    return None


def _restore(value: Any, schema: Any) -> Any:
    if isinstance(value, dict):
        obj = _object_schema(schema)
        if obj is None:
            return value
        props, required = obj["properties"], set(obj.get("required") or [])
        out = {}
        for key, item in value.items():
            if item is None and (key not in props or (key not in required and not _nullable(props[key]))):
                continue  # a key Arrow added (or a null that can only mean "not given")
            out[key] = _restore(item, props.get(key))
        return out
    if isinstance(value, list):
        items = _items_schema(schema)
        return [_restore(v, items) for v in value] if items is not None else value
    if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
        kinds = _types(schema)
        if "integer" in kinds and "number" not in kinds:
            return int(value)  # Arrow widened a column of ints and floats to floats
    return value


def restore_actions(actions: Any, schemas: Mapping[str, Dict[str, Any]]) -> Any:
    """``actions`` (``{"name", "kwargs"}`` dicts) as they were before Arrow (see the module
    docstring); anything that is not such a list is returned as it is (the scorer judges it)."""
    if not isinstance(actions, list):
        return actions
    out = []
    for action in actions:
        if not isinstance(action, dict):
            out.append(action)
            continue
        action = {k: v for k, v in action.items() if v is not None or k == "name"}
        kwargs = action.get("kwargs")
        name = action.get("name")
        if isinstance(kwargs, dict):
            schema = schemas.get(name) if isinstance(name, str) else None
            if schema is None:  # a tool the domain lacks: the call fails whatever it holds
                action["kwargs"] = {k: v for k, v in kwargs.items() if v is not None}
            else:
                action["kwargs"] = _restore(kwargs, {"type": "object", "properties": {}, **schema})
        out.append(action)
    return out
