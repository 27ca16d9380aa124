"""What a tau2 run says of itself, for the report's run header: the agent and the user
simulator (``info.agent_info``, ``info.user_info``: implementation and model) and the task set
(``info.task_set_name`` / ``task_split_name`` where tau2 records them, else the tasks the file
embeds or the domain's). Read from untrusted JSON: only short strings are taken; what the
file does not say is left out (the report says "not recorded")."""

from __future__ import annotations

from typing import Any, Dict, List

_LIMIT = 120  # characters of one name


def _name(value: Any) -> str:
    return value.strip()[:_LIMIT] if isinstance(value, str) and value.strip() else ""


def _who(info: Dict[str, Any], key: str) -> str:
    """``implementation (model)`` from an agent_info or user_info; empty when it names neither."""
    part = info.get(key)
    if not isinstance(part, dict):
        return ""
    implementation, model = _name(part.get("implementation")), _name(part.get("llm"))
    if implementation and model:
        return f"{implementation} ({model})"
    return implementation or model


def run_facts(info: Any, tasks: List[Any], origin: str) -> Dict[str, str]:
    """``agent``, ``user`` and ``task_set`` of a tau2 run, each only when the run says it."""
    info = info if isinstance(info, dict) else {}
    out = {"agent": _who(info, "agent_info"), "user": _who(info, "user_info")}
    named = [n for n in (_name(info.get("task_set_name")), _name(info.get("task_split_name"))) if n]
    if named:
        out["task_set"] = " / ".join(named)
    elif origin == "file" and tasks:
        out["task_set"] = f"the file's {len(tasks)} task{'s' if len(tasks) != 1 else ''}"
    elif origin == "domain":
        out["task_set"] = "the domain's tasks"
    return {k: v for k, v in out.items() if v}
