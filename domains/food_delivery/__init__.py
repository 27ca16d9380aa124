"""The food-delivery domain: a world where strict final-state equality is visibly wrong.

``DOMAIN`` is registered under the entry-point group ``tau_shaped.domains`` as
``food_delivery``.
"""

from __future__ import annotations

from pathlib import Path

from tau_shaped.tasks.domains import Domain

from .data import load_data
from .tools import ALL_TOOLS

PACKAGE = Path(__file__).resolve().parent
WIKI = (PACKAGE / "wiki.md").read_text(encoding="utf-8")


def _task_dir() -> Path:
    """Task files live in the repository's tasks/food_delivery (a source checkout)."""
    for candidate in (PACKAGE.parents[1] / "tasks" / "food_delivery", Path.cwd() / "tasks" / "food_delivery"):
        if candidate.is_dir():
            return candidate
    return PACKAGE.parents[1] / "tasks" / "food_delivery"


TASKS = _task_dir()

RULES = [
    "You are a support agent of a food-delivery service, chatting with a customer; each turn you either call one tool or reply to the customer.",
    "Verify the customer's identity (email, or first name + last name + zip) before looking up or changing anything on an account.",
    "If no customer matches, do not go on with the request.",
    "Before any change (cancel, refund, credit, replacement, substitution, address, courier, route, escalation), tell the customer exactly what you will do and wait for an explicit yes.",
    "Use only what the customer or the tools told you; do not invent prices, times, amounts or policies.",
    "Make at most one tool call at a time, and do not reply to the customer in the same turn as a tool call.",
    "Transfer to a human agent only when the policy says so or the request is outside it.",
]

DOMAIN = Domain(
    name="food_delivery",
    description="Customer support for a food-delivery service.",
    load_data=load_data,
    tools=ALL_TOOLS,
    wiki=WIKI,
    rules=RULES,
    task_files={"train": TASKS / "train.json", "test": TASKS / "test.json"},
    terminate_tools=["transfer_to_human_agents"],
    policy_rules_file=PACKAGE / "policy_rules.json",
    event_types=["allergen_conflict", "money_moved", "money_moved_on_fraud_account", "customer_found"],
)
