"""tau-bench's own domains (retail, airline) as tau-shaped domains, when
``tau_bench`` is installed: so ``tau-shaped score --env retail`` rescores
tau-bench's results files. Their tasks are tau-bench's, keyed by index.

tau-bench's policies are the ancestors of tau2's, with the same tools and
database layout: where the tau2 extra is installed too, a tau-bench domain gets
the tau2 domain's policy rules (``tau_shaped_domains.tau2_<name>``, SPEC §9)
and its watch, which records the facts those rules judge (SPEC §5). tau-bench's
tools change the state in place and answer an error with a string, so the watch
is given a copy of the state taken before each writing call and is called only
after a call that did not answer ``Error``.

Two ways onto the same rules:

- ``load_domain("retail")`` (``retail()`` here): the domain, its env built by ``make_env``;
- ``TauBenchRewardMixin`` mixed into tau-bench's own env class (``MockRetailDomainEnv``,
  ``MockAirlineDomainEnv``): ``ShapedRewardMixin`` plus the same domain's policy rules, watched
  tools, event types and read tools (``adopt_domain_policy``), so a trajectory scores the same
  through either.

``tasks check --env retail`` checks each task as a careful agent plays it (``check_tasks``):
tau-bench's ground truths are tool calls alone, so the check form adds what tau2's conversion
adds (``tau_shaped.integrations.tau2.tasks``): the user found by email first when the ground
truth never looks them up, a message stating each write's values and asking for a yes before
it, tau-bench's transfer message after a transfer, the outputs said at the end (or the denial,
when the ground truth changes and says nothing), and a persona customer
(``tau_shaped.tasks.persona``) read from the instruction, who agrees to the ground truth's writes.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple, Type

from tau_shaped.env import llm  # noqa: F401 - keeps litellm (if tau_bench is imported whole) off the network
from tau_shaped.env.episode import episode_running
from tau_shaped.env.overlay import deep_copy
from tau_shaped.integrations.tau2.personas import persona_for
from tau_shaped.integrations.tau2.tasks import ground_truth_actions
from tau_shaped.integrations.taubench_import import domain_module
from tau_shaped.reward.shaped_env import ShapedRewardMixin
from tau_shaped.tasks.domains import Domain, DomainNotFound, tool_name
from tau_shaped.tasks.schema import ShapedTask

#: tau-bench's domains offered here, each with its task splits: split -> (module, attribute).
SPLITS: Dict[str, Dict[str, tuple]] = {
    "retail": {"test": ("tasks_test", "TASKS_TEST"), "train": ("tasks_train", "TASKS_TRAIN"),
               "dev": ("tasks_dev", "TASKS_DEV")},
    "airline": {"test": ("tasks_test", "TASKS")},
}
TERMINATE = ["transfer_to_human_agents"]
#: The look-up the check form puts first when a ground truth never finds its user (retail's policy).
LOOK_UP_BY_EMAIL = "find_user_id_by_email"


@dataclass(frozen=True)
class Tau2Policy:
    """What a tau-bench domain borrows from the tau2 domain of its name: the rules file, the
    watch and the event types it records, and which tools write and which only read."""

    rules_file: Optional[Path] = None
    watch: Optional[Callable[..., None]] = None
    event_types: tuple = ()
    writes: FrozenSet[str] = frozenset()
    reads: FrozenSet[str] = frozenset()


@dataclass
class TauBenchDomain(Domain):
    """A tau-bench domain: tau-bench's tasks (``tasks``, for its results files) and their check
    form (``check_tasks``, for ``tasks check``); ``writes``: its tools that write (tau2's
    declarations: none known without the tau2 extra, and then no question is asked)."""

    writes: FrozenSet[str] = frozenset()
    _check_tasks: Dict[str, List[ShapedTask]] = field(default_factory=dict, repr=False)

    def check_tasks(self, split: str = "test") -> List[ShapedTask]:
        """The tasks of ``split`` as ``tasks check`` plays them (see the module), ids their
        indices; the same list for every call."""
        self.tasks(split)  # KeyError naming the splits, for a split it has not
        return _check_form(self, split)


def _check_form(domain: TauBenchDomain, split: str) -> List[ShapedTask]:
    if split not in domain._check_tasks:
        database = domain.load_data()
        tools = {tool_name(t) for t in domain.tools}
        domain._check_tasks[split] = [check_task_of(str(i), task, split, domain.writes, tools, database, domain.name)
                                      for i, task in enumerate(domain.tasks(split))]
    return domain._check_tasks[split]


class _Writes:
    """The one question tau2's conversion asks a toolkit: does the tool write?"""

    def __init__(self, writes: FrozenSet[str]) -> None:
        self._writes = writes

    def writes(self, name: str) -> bool:
        return name in self._writes


def check_task_of(task_id: str, task: Any, split: str, writes: FrozenSet[str], tools: set,
                  database: Dict[str, Any], domain: str) -> ShapedTask:
    """tau-bench's ``task`` in its check form (see the module): its user, instruction and
    outputs unchanged, its ground truth with the steps a careful agent adds (the database it
    reaches is the same), and a persona read from its instruction."""
    raw = [{"name": a.name, "arguments": dict(a.kwargs)} for a in task.actions]
    raw = _authenticated(raw, task.user_id, database, tools)
    kit = _Writes(writes)
    outputs = [str(o) for o in task.outputs]
    actions = _careful(domain, ground_truth_actions(raw, outputs, kit))
    # tau-bench's instruction is what its customer knows and wants: its first sentence (who they
    # are) is tau2's known info, the rest its reason for call, whose first sentence they repeat
    who, why = _first_sentence(task.instruction)
    scenario = {"id": task_id, "user_scenario": {"instructions": {
        "domain": f"tau-bench:{domain}", "known_info": who if why else "", "reason_for_call": why or who,
        "unknown_info": ""}}}
    persona = persona_for(scenario, actions, outputs, task.user_id, database, kit)
    return ShapedTask(id=task_id, user_id=task.user_id, instruction=task.instruction, actions=actions,
                      outputs=outputs, split=split, persona=persona)


def _careful(domain: str, actions: List[Any]) -> List[Any]:
    """The reads a careful agent adds that the same tau2 domain's ground truths get too (retail:
    an order's status read before a write on it, ``tau2_retail.careful``); as they are elsewhere."""
    try:
        module = import_module(f"tau_shaped_domains.tau2_{domain}.careful")
    except ImportError:
        return actions
    step = getattr(module, "with_status_read", None)
    return step(list(actions)) if callable(step) else actions


def _first_sentence(text: str) -> Tuple[str, str]:
    """(the first sentence, the rest) of ``text`` (the rest empty for one sentence)."""
    found = re.match(r"\s*(.+?[.!?])\s+(\S.*)", text or "", re.S)
    return (found.group(1), found.group(2).strip()) if found else ((text or "").strip(), "")


def _authenticated(actions: List[Dict[str, Any]], user_id: str, database: Dict[str, Any],
                   tools: set) -> List[Dict[str, Any]]:
    """The user found by email first, where the domain looks users up and the ground truth never
    does (retail's policy: authenticate at the beginning)."""
    if LOOK_UP_BY_EMAIL not in tools or any(a["name"].startswith("find_user_id_by_") for a in actions):
        return actions
    email = (database.get("users", {}).get(user_id) or {}).get("email")
    if not actions or not isinstance(email, str):
        return actions
    return [{"name": LOOK_UP_BY_EMAIL, "arguments": {"email": email}}] + actions


def _taubench_domain(name: str) -> TauBenchDomain:
    try:
        data = domain_module(name, "data")
        tools = domain_module(name, "tools")
        wiki = domain_module(name, "wiki")
        rules = domain_module(name, "rules")
    except ImportError as exc:
        raise DomainNotFound(f"domain {name!r} needs tau_bench installed ({exc})") from None
    policy = tau2_policy(name)
    domain = TauBenchDomain(
        name=name,
        writes=policy.writes,
        load_data=data.load_data,
        tools=_watched(tools.ALL_TOOLS, policy.watch, policy.writes) if policy.watch is not None else tools.ALL_TOOLS,
        wiki=wiki.WIKI,
        rules=rules.RULES,
        task_files={split: None for split in SPLITS[name]},  # type: ignore[misc]
        terminate_tools=TERMINATE,
        policy_rules_file=policy.rules_file,
        rules_borrowed=True,  # tau2's rules file: tau2's grader corpus beside it names tau2's task ids
        event_types=list(policy.event_types),
        read_tools=sorted(policy.reads),
    )
    for split, (module, attr) in SPLITS[name].items():
        tasks: Any = getattr(domain_module(name, module), attr)
        domain._tasks[split] = list(tasks)
    return domain


def tau2_policy(name: str) -> Tau2Policy:
    """The tau2 domain's rules file, watch, event types, writing and reading tools (none without
    the tau2 extra)."""
    try:
        package = import_module(f"tau_shaped_domains.tau2_{name}")
        events = import_module(f"tau_shaped_domains.tau2_{name}.events")
        from tau_shaped.integrations.tau2.domain import toolkit

        kit = toolkit(name)
    except (ImportError, DomainNotFound):
        return Tau2Policy()
    rules = Path(package.PACKAGE) / "policy_rules.json"
    return Tau2Policy(rules_file=rules if rules.exists() else None, watch=events.watch,
                      event_types=tuple(events.EVENT_TYPES),
                      writes=frozenset(n for n in kit.schemas if kit.writes(n)),
                      reads=frozenset(n for n in kit.schemas if kit.reads_only(n)))


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
    return _taubench_domain("retail")


def airline() -> Domain:
    return _taubench_domain("airline")


# -- tau-bench's own env classes -----------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _policy_domain(name: str) -> TauBenchDomain:
    """The domain whose policy a tau-bench env of ``name`` adopts (built once a process)."""
    return _taubench_domain(name)


def taubench_domain_of(cls: Type[Any]) -> Optional[str]:
    """The tau-bench domain an env class is (or derives from): ``retail`` for
    ``tau_bench.envs.retail.env.MockRetailDomainEnv`` and its subclasses; None for another."""
    for base in cls.__mro__:
        parts = base.__module__.split(".")
        if len(parts) > 2 and parts[:2] == ["tau_bench", "envs"] and parts[2] in SPLITS:
            return parts[2]
    return None


def adopt_domain_policy(env: Any, name: Optional[str] = None) -> None:
    """Give a tau-bench env (one of ``SPLITS``' domains: ``name``, or read from its class) what
    ``load_domain(name)``'s env has beyond tau-bench's: the policy rules, the tools reporting to
    the watch, the event types and read tools. Call it before the env's first ``reset``."""
    name = name or taubench_domain_of(type(env))
    if name not in SPLITS:
        raise ValueError(f"{type(env).__name__} is none of tau-bench's domains ({', '.join(SPLITS)}): "
                         "name one (tau_bench_domain = \"retail\")")
    domain = _policy_domain(name)
    watched = {tool_name(t): t for t in domain.tools}
    env.tools_map = {n: watched.get(n, tool) for n, tool in env.tools_map.items()}
    env.policy_rules = domain.policy_rules
    env.event_types = list(domain.event_types)
    env.read_tools = list(domain.read_tools)


class TauBenchRewardMixin(ShapedRewardMixin):
    """``ShapedRewardMixin`` for tau-bench's own envs, with the policy ``load_domain`` gives the
    same domain (``adopt_domain_policy``)::

        class ShapedRetail(TauBenchRewardMixin, MockRetailDomainEnv):
            pass

    ``tau_bench_domain`` names the domain when the class derives from none of tau-bench's."""

    tau_bench_domain: Optional[str] = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        adopt_domain_policy(self, self.tau_bench_domain)
