"""The template domain: the smallest complete domain package, to copy (``tau-shaped domain new
NAME FOLDER`` writes a copy under another name, with its own pyproject.toml and entry point).

Its fixed shape (``tau_shaped.tasks.domain_package``; the steps are in ``docs/extending.md``):

- ``tools.py``: typed, documented tools declaring their effects (``@effects``);
- ``data.py``: the world of a seed (its generator);
- ``wiki.md``: the policy the agent is given;
- ``policy_rules.json``: the policy's lines a deterministic check judges (SPEC §9);
- ``tasks/<split>.json``: the task files, written by ``generate.py`` (``python -m <package>.generate``),
  with each task's persona customer;
- ``grader/``: labeled trajectories (``tau-shaped grader-test``), written by the same generator;
- ``persona_topics=`` (a keyword of ``domain_from_package`` below, when the bundled topics are not
  enough): what else its customers can be asked about, as data: ``{"date_of_birth": {"words":
  ["date of birth", "birthday", "dob"]}}``, answered by each persona's ``facts.date_of_birth``
  (``tau_shaped.tasks.persona_topics``).

Everything is found through the package, so the domain works installed from a wheel; its
name is its package's last component, the name its entry point registers.
"""

from __future__ import annotations

from tau_shaped.tasks.domain_package import domain_from_package

from .data import load_data
from .tools import TOOLS

# Lines added to the agent's prompt (tau-bench's Env.rules): never checked. The policy lines a
# deterministic check judges are policy_rules.json, which the domain reads by itself.
RULES = [
    "You are a support agent of a food-delivery service; each turn you either call one tool or reply to the customer.",
    "Before a refund or a dispatch, tell the customer exactly what you will do and wait for an explicit yes.",
]

DOMAIN = domain_from_package(
    __name__,
    description="The template domain: refunds and couriers of a small food-delivery service.",
    load_data=load_data,
    tools=TOOLS,
    rules=RULES,
    terminate_tools=["transfer_to_human_agents"],
)
