"""A library-loans domain for ``tasks check`` (issue 45): nothing like food delivery (no orders, no
refunds, no couriers), so the check's perturbations must come from what this package declares:
its tools' schemas (ids of members, loans and books; the enums ``weeks``, ``pickup`` and
``reason``; an ``amount``), their ``@effects`` and its confirmation rule.

A package of the fixed shape (``tau_shaped.tasks.domain_package``, docs/extending.md "A new
domain"): ``tools.py``, ``data.py``, ``wiki.md``, ``policy_rules.json``, ``tasks/test.json``.
Its task whose spec is too weak on purpose is beside it (``tests/tasks/library_domain_weak_task.json``).
"""

from __future__ import annotations

import dataclasses

from tau_shaped.tasks.domain_package import domain_from_package

from .data import load_data
from .tools import TOOLS

RULES = [
    "You are a help-desk agent of a public library; each turn you either call one tool or reply to the member.",
    "Before any change, tell the member exactly what you will do and wait for an explicit yes.",
]

DOMAIN = domain_from_package(
    __name__,
    description="A public library's help desk: loans, holds and late fees.",
    load_data=load_data,
    tools=TOOLS,
    rules=RULES,
    terminate_tools=["transfer_to_human_agents"],
)

#: The same library with its look-ups alone (no tool writes, no rules): a task there whose ground
#: truth writes nothing has no perturbation at all, which ``tasks check`` refuses.
LOOKUPS = dataclasses.replace(DOMAIN, name="library_lookups", tools=[t for t in TOOLS if t.name in ("find_member", "get_member")],
                              read_tools=(), event_types=(), policy_rules_file=None, _tasks={}, _task_lists={})
