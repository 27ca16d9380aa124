"""tau2's own tools over a tau-shaped state (a JSON dict), unchanged.

tau2's tools are methods of a toolkit whose ``db`` is a pydantic model with
tables of records (``db.users[user_id].payment_methods``...). tau-shaped's
state is the same database as JSON (``data["users"][user_id]``), so that the
reward code reads it by path, copies it per episode (an overlay) and hashes it.

Each call gets a *view*: a database model whose tables validate a record from
the JSON only when the tool reaches it. The tool runs on those records as it
would on tau2's own database; afterwards each record it reached is dumped back
into the JSON if it changed (also after a tool that raised halfway: tau2 keeps
such a half-done change too). The initial database is tau2's, validated and
dumped once, so every record in the state is already in its dumped form and a
record read but not changed stays byte-identical.

A domain may watch calls (``watch(tool, kwargs, before, after, result)``,
``before`` the JSON state not yet written back, ``after`` the view) to record
the facts its policy rules judge as events (SPEC §5).
"""

from __future__ import annotations

import functools
import json
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, get_args

from pydantic import BaseModel

from tau_shaped.env.episode import episode_running
from tau_shaped.env.tool import Tool

Watch = Callable[[str, Dict[str, Any], Dict[str, Any], Any, Any], None]


# Validated records shared by read-only calls, by the identity of the JSON record they were
# validated from (kept alive here, so an id is never reused while cached). The JSON records of
# a state are never changed in place: the view replaces a changed record with a new object.
_READ_MODELS: Dict[int, Tuple[Any, Any]] = {}
_MAX_READ_MODELS = 200_000


class LazyTable:
    """A table of the view: JSON records validated on first access, new ones kept.

    ``shared``: the call only reads (tau2's READ tools: searches, look-ups, details), so a
    record's model may be one validated for an earlier read-only call (a flight search
    validates every flight once a process, not once a call)."""

    def __init__(self, raw: Dict[str, Any], model: type, shared: bool = False) -> None:
        self.raw = raw
        self.model = model
        self.shared = shared
        self.live: Dict[str, Any] = {}

    def __getitem__(self, key: Any) -> Any:
        if key in self.live:
            return self.live[key]
        # read without copying (a tau-shaped overlay copies a record on read and counts it as
        # touched): validation does not mutate it, and only changed records are written back
        record = dict.__getitem__(self.raw, key)
        if self.shared:
            hit = _READ_MODELS.get(id(record))
            if hit is not None and hit[0] is record:
                self.live[key] = hit[1]
                return hit[1]
        obj = self.model.model_validate(record)
        if self.shared:
            if len(_READ_MODELS) >= _MAX_READ_MODELS:
                _READ_MODELS.clear()
            _READ_MODELS[id(record)] = (record, obj)
        self.live[key] = obj
        return obj

    def get(self, key: Any, default: Any = None) -> Any:
        return self[key] if key in self else default

    def __contains__(self, key: Any) -> bool:
        return key in self.live or dict.__contains__(self.raw, key)

    def __setitem__(self, key: Any, value: Any) -> None:
        self.live[key] = value

    def __iter__(self) -> Iterator[Any]:
        yield from self.keys()

    def keys(self) -> List[Any]:
        return list(dict.keys(self.raw)) + [k for k in self.live if not dict.__contains__(self.raw, k)]

    def values(self) -> List[Any]:
        return [self[k] for k in self.keys()]

    def items(self) -> List[Tuple[Any, Any]]:
        return [(k, self[k]) for k in self.keys()]

    def __len__(self) -> int:
        return len(self.keys())

    def write_back(self) -> None:
        for key, obj in self.live.items():
            dumped = obj.model_dump() if isinstance(obj, BaseModel) else obj
            if not dict.__contains__(self.raw, key) or dict.__getitem__(self.raw, key) != dumped:
                self.raw[key] = dumped


@functools.lru_cache(maxsize=None)
def record_models(db_class: type) -> Dict[str, type]:
    """Each table of a tau2 database model and the model of its records."""
    out = {}
    for name, info in db_class.model_fields.items():
        args = get_args(info.annotation)
        if len(args) == 2 and isinstance(args[1], type) and issubclass(args[1], BaseModel):
            out[name] = args[1]
    return out


def view(db_class: type, data: Dict[str, Any], read_only: bool = False) -> Tuple[Any, List[LazyTable]]:
    tables = {name: LazyTable(data[name], model, read_only) for name, model in record_models(db_class).items()
              if name in data}
    return db_class.model_construct(**tables), list(tables.values())


def response_text(result: Any) -> str:
    """tau2's text for a tool's return value (its ``Environment.to_json_str``)."""
    from tau2.environment.environment import Environment

    return Environment.to_json_str(result)


class Toolkit:
    """One tau2 toolkit per domain and process; its ``db`` is swapped for each call's view."""

    def __init__(self, toolkit: Any, db_class: type, watch: Optional[Watch] = None) -> None:
        self.toolkit = toolkit
        self.db_class = db_class
        self.watch = watch

    def call(self, data: Dict[str, Any], name: str, kwargs: Dict[str, Any]) -> str:
        read_only = self.reads_only(name)
        db, tables = view(self.db_class, data, read_only)
        self.toolkit.db = db
        try:
            result = self.toolkit.use_tool(name, **kwargs)
            if self.watch is not None and episode_running():  # events are an episode's log (SPEC §5)
                self.watch(name, kwargs, data, db, result)
        finally:
            self.toolkit.db = None
            if not read_only:  # a read-only call changed nothing to write back
                for table in tables:
                    table.write_back()
        return response_text(result)

    @functools.lru_cache(maxsize=None)  # noqa: B019 - one toolkit per domain and process
    def reads_only(self, name: str) -> bool:
        """tau2 declares the tool READ: it looks records up and changes none."""
        from tau2.environment.toolkit import ToolType

        return self.toolkit.has_tool(name) and self.toolkit.tool_type(name) == ToolType.READ

    @functools.cached_property
    def schemas(self) -> Dict[str, Dict[str, Any]]:
        from tau2.environment.tool import as_tool

        return {name: as_tool(func).openai_schema for name, func in self.toolkit.tools.items()}

    def has(self, name: str) -> bool:
        return self.toolkit.has_tool(name)

    def writes(self, name: str) -> bool:
        from tau2.environment.toolkit import ToolType

        return self.toolkit.tool_type(name) == ToolType.WRITE

    def tool_classes(self) -> List[type]:
        """A tau-bench ``Tool`` class per tau2 tool (``invoke(data, **kwargs)``, ``get_info()``)."""
        classes = []
        for name, schema in self.schemas.items():
            classes.append(_tool_class(self, name, schema))
        return classes


def _tool_class(kit: Toolkit, name: str, schema: Dict[str, Any]) -> type:
    def invoke(data: Dict[str, Any], **kwargs: Any) -> str:
        return kit.call(data, name, kwargs)

    def get_info() -> Dict[str, Any]:
        return json.loads(json.dumps(schema))

    return type(f"Tau2Tool_{name}", (Tool,), {"invoke": staticmethod(invoke), "get_info": staticmethod(get_info),
                                               "__doc__": f"tau2's {name} tool."})
