"""What the report's run table says a run was, where the records hold it: its split (a tau2
run: its task set), its agent, and the command that runs it again, as a shell takes it. What
a file does not record is said so ("not recorded"), never a bare "?".

Our own runs record their settings in each record (``info.run``); a rescored tau2 run records
its file, domain and what the run said of its agent and tasks (``info.source``, see
:mod:`tau_shaped.integrations.tau2.run_facts`).
"""

from __future__ import annotations

import shlex
from typing import Any, Dict, Mapping, Sequence

from tau_shaped.evaluation.rerun_command import rerun_command

NOT_RECORDED = "not recorded"


def _info(record: Any) -> Mapping[str, Any]:
    info = record.get("info") if isinstance(record, Mapping) else None
    return info if isinstance(info, Mapping) else {}


def _text(value: Any) -> str:
    return value if isinstance(value, str) and value.strip() else NOT_RECORDED


def _tau2_command(source: Mapping[str, Any], shaped: Mapping[str, Any]) -> str:
    """``tau-shaped score`` as the tau2 run was scored: its file, domain, blend and λ, the tau2
    data folder and the domain's tasks when those were used."""
    words = ["tau-shaped score", shlex.quote(str(source.get("file"))), "--env", shlex.quote(str(source.get("env")))]
    for option, key in (("--blend", "blend"), ("--lambda", "lambda")):
        if isinstance(shaped.get(key), (str, int, float)) and not isinstance(shaped.get(key), bool):
            words += [option, shlex.quote(str(shaped[key]))]
    if isinstance(source.get("tau2_data"), str):
        words += ["--tau2-data", shlex.quote(source["tau2_data"])]
    if source.get("tasks") == "domain":
        words.append("--fresh-tasks")
    return " ".join(words)


def run_header(records: Sequence[Mapping[str, Any]]) -> Dict[str, str]:
    """``split``, ``agent`` and ``command`` of the run the records are of."""
    info = _info(records[0]) if records else {}
    settings = info.get("run")
    if isinstance(settings, Mapping):
        agent = settings.get("model") if isinstance(settings.get("model"), str) and settings.get("model") else settings.get("agent_strategy")
        return {"split": _text(settings.get("task_split")), "agent": _text(agent),
                "command": rerun_command(records) or NOT_RECORDED}
    source = info.get("source")
    if isinstance(source, Mapping) and source.get("format") == "tau2" and isinstance(source.get("file"), str):
        shaped = info.get("shaped") if isinstance(info.get("shaped"), Mapping) else {}
        return {"split": _text(source.get("task_set")), "agent": _text(source.get("agent")),
                "command": _tau2_command(source, shaped)}
    return {"split": NOT_RECORDED, "agent": NOT_RECORDED,
            "command": f"{NOT_RECORDED}: a results file of another tool, rescored by tau-shaped score"}
