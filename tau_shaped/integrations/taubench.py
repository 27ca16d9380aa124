"""tau-bench's own domains (retail, airline) as tau-shaped domains, when
``tau_bench`` is installed: so ``tau-shaped score --env retail`` rescores
tau-bench's results files. Their tasks are tau-bench's, keyed by index."""

from __future__ import annotations

from importlib import import_module
from typing import Any, List

from tau_shaped.env import llm  # noqa: F401 - keeps litellm (imported by tau_bench) off the network
from tau_shaped.tasks.domains import Domain, DomainNotFound



def _taubench_domain(name: str, splits: dict, terminate: List[str]) -> Domain:
    try:
        package = import_module(f"tau_bench.envs.{name}")
        data = import_module(f"tau_bench.envs.{name}.data")
        tools = import_module(f"tau_bench.envs.{name}.tools")
        wiki = import_module(f"tau_bench.envs.{name}.wiki")
        rules = import_module(f"tau_bench.envs.{name}.rules")
    except ImportError as exc:
        raise DomainNotFound(f"domain {name!r} needs tau_bench installed ({exc})") from None
    del package
    domain = Domain(
        name=name,
        load_data=data.load_data,
        tools=tools.ALL_TOOLS,
        wiki=wiki.WIKI,
        rules=rules.RULES,
        task_files={split: None for split in splits},  # type: ignore[misc]
        terminate_tools=terminate,
    )
    for split, (module, attr) in splits.items():
        tasks: Any = getattr(import_module(f"tau_bench.envs.{name}.{module}"), attr)
        domain._tasks[split] = list(tasks)
    return domain


def retail() -> Domain:
    return _taubench_domain(
        "retail",
        {"test": ("tasks_test", "TASKS_TEST"), "train": ("tasks_train", "TASKS_TRAIN"), "dev": ("tasks_dev", "TASKS_DEV")},
        ["transfer_to_human_agents"],
    )


def airline() -> Domain:
    return _taubench_domain("airline", {"test": ("tasks_test", "TASKS")}, ["transfer_to_human_agents"])
