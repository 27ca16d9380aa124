"""Domains: what a domain author ships, and how ``tau-shaped`` finds it by name.

A domain is a database loader, tools, a policy and task files. Packages
register one under the entry-point group ``tau_shaped.domains``::

    [project.entry-points."tau_shaped.domains"]
    food_delivery = "tau_shaped_domains.food_delivery:DOMAIN"

so a third party ships a domain as its own package the same way. A domain package has a fixed
shape (``tau_shaped.tasks.domain_package``, ``docs/extending.md``) and its tools declare what
they read, write and record (``tau_shaped.env.tool_effects``): the domain's read tools, write
tools, event types and confirmation targets derive from those declarations.

Two ways in. ``load_domain`` is for a person (``--env`` on the command line, a Python call):
a registered name, or ``package.module:ATTRIBUTE``, which imports that module. Data (a label,
a dataset column, ``extra_info``, a request body, a results or task file) goes through
``registered_domain`` (or ``registered_name``): it may name only a registered domain, and
anything else, ``os:system`` included, is a one-line ``DomainNotFound`` naming the field,
with nothing imported or called.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

from tau_shaped.env.function_tool import info_name
from tau_shaped.env.json_input import one_line
from tau_shaped.env.tool_effects import ToolEffects, effects_of
from tau_shaped.reward.shaped_env import Env
from tau_shaped.reward.policy_rules import PolicyRuleSet, load_rules
from tau_shaped.tasks.files import load_tasks
from tau_shaped.tasks.persona_topics import declared_topics
from tau_shaped.tasks.schema import ShapedTask
from tau_shaped.tasks.task_list import TaskList

GROUP = "tau_shaped.domains"


class DomainNotFound(LookupError):
    pass


@dataclass
class Domain:
    name: str
    load_data: Callable[..., Dict[str, Any]]
    tools: Sequence[type]
    wiki: str
    task_files: Mapping[str, Path]
    rules: Sequence[str] = ()
    terminate_tools: Sequence[str] = ()
    description: str = ""
    policy_rules_file: Optional[Path] = None  # SPEC §9: the domain's policy rules (JSON)
    event_types: Sequence[str] = ()  # the event types its tools record (SPEC §5); empty: not declared
    # tools that only look up (SPEC §6.2: a ground truth's failed call is refused, as a write
    # that silently did nothing; a failed look-up changes nothing and is only noted)
    read_tools: Sequence[str] = ()
    grader_corpus: Optional[Path] = None  # its labeled trajectories (tau-shaped grader-test), if any
    # its policy rules file is another domain's (tau-bench's domains read tau2's): the corpus beside
    # that file labels the other domain's tasks, so it is not this domain's (no default corpus)
    rules_borrowed: bool = False
    package: Optional[str] = None  # the package its files are found through (domain_package)
    # what its persona customers can be asked about beyond the bundled topics, as data: topic ->
    # {"words": [...], "fact": ...} (tau_shaped.tasks.persona_topics); held validated, as Topics
    persona_topics: Any = None
    # the split a command takes when it is given none and the choice matters (tau-bench's run.py
    # --task-split default): grader-test's corpus names a task by an id that repeats across the
    # splits (tau-bench's indices); None, or a split the domain has not: no default
    default_split: Optional[str] = "test"
    _tasks: Dict[str, List[ShapedTask]] = field(default_factory=dict, repr=False)
    _task_lists: Dict[str, TaskList] = field(default_factory=dict, repr=False)
    _policy_rules: Optional[PolicyRuleSet] = field(default=None, repr=False)

    def __post_init__(self) -> None:
        """Read tools and event types not given are derived from the tools' declarations
        (``@effects``); a domain over a foreign toolkit (tau2's) may give them itself. Its
        ``persona_topics`` are validated here (a one-line ``PersonaTopicError`` naming the field)."""
        self.persona_topics = declared_topics(self.persona_topics, f"domain {self.name}: persona_topics")
        declared = [e for e in self.tool_effects.values() if e is not None]
        if declared and not self.read_tools:
            self.read_tools = [n for n, e in self.tool_effects.items() if e is not None and e.read_only]
        if declared and not self.event_types:
            self.event_types = sorted(set().union(*(e.events for e in declared)))

    @property
    def tool_effects(self) -> Dict[str, Optional[ToolEffects]]:
        """Each tool's name and its declared effects (None: it declares none)."""
        return {tool_name(t): effects_of(t) for t in self.tools}

    @property
    def write_tools(self) -> List[str]:
        """The tools that change the state: declared writers, and the undeclared tools that are
        not read tools."""
        reads = set(self.read_tools)
        return [n for n, e in self.tool_effects.items() if (e.writes if e is not None else n not in reads)]

    @property
    def confirmation_targets(self) -> List[str]:
        """The tools whose call the policy asks the customer to confirm first (declared
        ``confirm``: by default every tool that writes)."""
        return [n for n, e in self.tool_effects.items() if e is not None and e.confirm]

    @property
    def policy_rules(self) -> Optional[PolicyRuleSet]:
        """The domain's policy rules, loaded and validated once (None: the domain has none)."""
        if self._policy_rules is None and self.policy_rules_file is not None:
            self._policy_rules = load_rules(self.policy_rules_file, confirm_tools=self.confirmation_targets)
        return self._policy_rules

    @property
    def splits(self) -> List[str]:
        return list(self.task_files)

    def tasks(self, split: str = "test") -> List[ShapedTask]:
        """Every task of ``split``, validated (an invalid file is refused whole, every problem
        listed: SPEC §6.1)."""
        path = self._task_file(split)
        if split not in self._tasks:
            lazy = self._task_lists.get(split)
            self._tasks[split] = lazy.all() if lazy is not None else load_tasks(path)
        return self._tasks[split]

    def check_tasks(self, split: str = "test") -> List[Any]:
        """The tasks of ``split`` as the checks play them (``tasks check``, ``domain check``): its
        ``tasks(split)``; a domain whose own tasks are no tau-shaped tasks (tau-bench's: no id,
        a ground truth of tool calls alone) gives their check form instead."""
        return self.tasks(split)

    def task_list(self, split: str = "test") -> TaskList:
        """The tasks of ``split``, each validated when first used (``TaskList``): what a scorer
        that needs only the tasks its records name asks for. The same task objects as
        ``tasks(split)`` gives, whichever is asked first."""
        if split not in self._task_lists:
            if split in self._tasks or type(self).tasks is not Domain.tasks:  # loaded, or loaded its own way
                self._task_lists[split] = TaskList.of(self.tasks(split))
            else:
                self._task_lists[split] = TaskList(self._task_file(split))
        return self._task_lists[split]

    def _task_file(self, split: str) -> Path:
        if split not in self.task_files:
            raise KeyError(f"domain {self.name} has no task split {split!r}; splits: {', '.join(self.task_files)}")
        return self.task_files[split]

    def make_env(
        self,
        user_strategy: Any = "scripted",
        user_model: Optional[str] = None,
        user_provider: Optional[str] = None,
        task_split: str = "test",
        task_index: Optional[int] = None,
        tasks: Optional[List[Any]] = None,
    ) -> Env:
        env = Env(
            data_load_func=self.load_data,
            tools=list(self.tools),
            tasks=tasks if tasks is not None else self.tasks(task_split),
            wiki=self.wiki,
            rules=list(self.rules),
            user_strategy=user_strategy,
            user_model=user_model,
            user_provider=user_provider,
            task_index=task_index,
            policy_rules=self.policy_rules,
        )
        env.terminate_tools = list(self.terminate_tools)
        env.event_types = list(self.event_types)
        env.read_tools = list(self.read_tools)
        env.persona_topics = self.persona_topics
        return env


def tool_name(tool: Any) -> str:
    """A tool's name as the agent calls it (its schema's ``function.name``)."""
    return str(info_name(tool))


@lru_cache(maxsize=1)
def _domain_entry_points() -> Tuple[Any, ...]:
    # read once per process (scanning the installed distributions' metadata costs ~5 ms; a
    # scoring process asked three times): what is installed does not change while it runs
    return tuple(entry_points(group=GROUP))


def available_domains() -> Dict[str, Any]:
    """Registered domains by name (entry points, not yet loaded)."""
    return {ep.name: ep for ep in _domain_entry_points()}


def load_domain(name: str) -> Domain:
    """A domain by registered name (``food_delivery``, ``tau2:airline``), or by
    ``package.module:ATTRIBUTE``."""
    registered = available_domains()
    if name in registered:
        return _as_domain(registered[name].load(), name)
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            domain = getattr(import_module(module_name), attr)
        except (ImportError, AttributeError) as exc:
            raise DomainNotFound(f"cannot load domain {name!r}: {exc}") from None
        return _as_domain(domain, name)
    known = ", ".join(sorted(registered)) or "none installed"
    raise DomainNotFound(f"unknown domain {name!r} (known: {known})")


@lru_cache(maxsize=1)
def _registered_names() -> FrozenSet[str]:
    # read once per process: data checks a name per rollout, and scanning the installed
    # distributions' entry points each time would cost milliseconds
    return frozenset(available_domains())


def registered_name(name: Any, where: str = "the data's 'domain'") -> str:
    """``name`` if it is a registered domain's (an entry point of ``tau_shaped.domains``), else
    ``DomainNotFound`` in one line naming ``where`` (the field it came from). For names that
    arrive as data: nothing is imported, whatever the name says."""
    if isinstance(name, str) and name in _registered_names():
        return name
    known = ", ".join(sorted(_registered_names())) or "none installed"
    if not isinstance(name, str):
        raise DomainNotFound(f"{where}: a domain name is a string, not {type(name).__name__} (known: {known})")
    shown = one_line(repr(name[:80] + ("..." if len(name) > 80 else "")))
    hint = ": data may name only a registered domain, never a module" if ":" in name else ""
    raise DomainNotFound(f"{where}: unknown domain {shown}{hint} (known: {known})")


def registered_domain(name: Any, where: str = "the data's 'domain'") -> Domain:
    """The registered domain ``name`` (see ``registered_name``): what every path that reads a
    domain name from data uses instead of ``load_domain``."""
    return load_domain(registered_name(name, where))


def _as_domain(domain: Any, name: str) -> Domain:
    if callable(domain) and not isinstance(domain, Domain):
        domain = domain()
    if not isinstance(domain, Domain):
        raise DomainNotFound(f"{name!r} does not give a tau_shaped Domain")
    return domain


def domain_for_file(path: Path, explicit: Optional[str] = None) -> Domain:
    """The domain a task file belongs to: ``explicit`` (a person's ``--domain``), else its
    folder's name (a domain package's ``tasks`` folder: the package's), which is data: only a
    registered domain's."""
    if explicit:
        return load_domain(explicit)
    folder = Path(path).resolve().parent
    if folder.name == "tasks":
        folder = folder.parent
    return registered_domain(folder.name, "the task file's folder name (or give --domain)")
