"""tau-bench's own domains (retail, airline) as tau-shaped domains, when
``tau_bench`` is installed: so ``tau-shaped score --env retail`` rescores
tau-bench's results files. Their tasks are tau-bench's, keyed by index.

tau-bench's policies are the ancestors of tau2's, with the same tools and
database layout: where the tau2 extra is installed too, a tau-bench domain gets
the tau2 domain's policy rules (``tau_shaped_domains.tau2_<name>``, SPEC §9)
and its watch, which records the facts those rules judge (SPEC §5). tau-bench's
tools change the state in place and answer an error with a string, so the watch
is given a copy of the state taken before each writing call and is called only
after a call that did not answer ``Error``."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any, Callable, FrozenSet, List, Optional, Tuple

from tau_shaped.env import llm  # noqa: F401 - keeps litellm (if tau_bench is imported whole) off the network
from tau_shaped.env.episode import episode_running
from tau_shaped.env.overlay import deep_copy
from tau_shaped.integrations.taubench_import import domain_module
from tau_shaped.tasks.domains import Domain, DomainNotFound



def _taubench_domain(name: str, splits: dict, terminate: List[str]) -> Domain:
    try:
        data = domain_module(name, "data")
        tools = domain_module(name, "tools")
        wiki = domain_module(name, "wiki")
        rules = domain_module(name, "rules")
    except ImportError as exc:
        raise DomainNotFound(f"domain {name!r} needs tau_bench installed ({exc})") from None
    rules_file, watch, event_types, writes = _tau2_policy(name)
    domain = Domain(
        name=name,
        load_data=data.load_data,
        tools=_watched(tools.ALL_TOOLS, watch, writes) if watch is not None else tools.ALL_TOOLS,
        wiki=wiki.WIKI,
        rules=rules.RULES,
        task_files={split: None for split in splits},  # type: ignore[misc]
        terminate_tools=terminate,
        policy_rules_file=rules_file,
        event_types=event_types,
    )
    for split, (module, attr) in splits.items():
        tasks: Any = getattr(domain_module(name, module), attr)
        domain._tasks[split] = list(tasks)
    return domain


def _tau2_policy(name: str) -> Tuple[Optional[Path], Optional[Callable[..., None]], List[str], FrozenSet[str]]:
    """The tau2 domain's rules file, watch, event types and writing tools (none without tau2)."""
    try:
        package = import_module(f"tau_shaped_domains.tau2_{name}")
        events = import_module(f"tau_shaped_domains.tau2_{name}.events")
        from tau_shaped.integrations.tau2.domain import toolkit

        kit = toolkit(name)
    except (ImportError, DomainNotFound):
        return None, None, [], frozenset()
    rules = Path(package.PACKAGE) / "policy_rules.json"
    writes = frozenset(n for n in kit.schemas if kit.writes(n))
    return (rules if rules.exists() else None), events.watch, list(events.EVENT_TYPES), writes


def _watched(tools: List[type], watch: Callable[..., None], writes: FrozenSet[str]) -> List[type]:
    """tau-bench's tools, each call reported to ``watch`` as the tau2 adapter reports it."""
    out = []
    for tool in tools:
        name = tool.get_info()["function"]["name"]

        def invoke(data: Any, _tool: Any = tool, _name: str = name, **kwargs: Any) -> Any:
            before = deep_copy(data) if _name in writes else data
            result = _tool.invoke(data, **kwargs)
            if episode_running() and not (isinstance(result, str) and result.startswith("Error")):
                watch(_name, kwargs, before, None, result)
            return result

        out.append(type(tool.__name__, (tool,), {"invoke": staticmethod(invoke)}))
    return out


def retail() -> Domain:
    return _taubench_domain(
        "retail",
        {"test": ("tasks_test", "TASKS_TEST"), "train": ("tasks_train", "TASKS_TRAIN"), "dev": ("tasks_dev", "TASKS_DEV")},
        ["transfer_to_human_agents"],
    )


def airline() -> Domain:
    return _taubench_domain("airline", {"test": ("tasks_test", "TASKS")}, ["transfer_to_human_agents"])
