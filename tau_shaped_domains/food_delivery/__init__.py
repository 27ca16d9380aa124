"""The food-delivery domain: a world where strict final-state equality is visibly wrong.

``DOMAIN`` is registered under the entry-point group ``tau_shaped.domains`` as
``food_delivery``. A package of the fixed shape (``tau_shaped.tasks.domain_package``): its
tools (``tools/``, each declaring its effects), policy (``wiki.md``), rules
(``policy_rules.json``), world (``data.py``, ``world.py``, ``data/``), task files
(``tasks/``) and their generator (``generator/``), and grader corpus (``grader/``), all found
through the package.
"""

from __future__ import annotations

from tau_shaped.tasks.domain_package import domain_from_package

from .data import load_data
from .tools import ALL_TOOLS

# the check kinds the rule file names, registered with the package: whoever reads the rules has them
from . import cap_offers, late_said, policy_figures, restaurant_status, substitute_told  # noqa: F401,E402

RULES = [
    "You are a support agent of a food-delivery service, chatting with a customer; each turn you either call one tool or reply to the customer.",
    "Verify the customer's identity (email, or first name + last name + zip) before looking up or changing anything on an account.",
    "If no customer matches, do not go on with the request.",
    "Before any change (cancel, refund, credit, replacement, substitution, address, courier, route, escalation), tell the customer exactly what you will do and wait for an explicit yes.",
    "Use only what the customer or the tools told you; do not invent prices, times, amounts or policies.",
    "Make at most one tool call at a time, and do not reply to the customer in the same turn as a tool call.",
    "Transfer to a human agent only when the policy says so or the request is outside it.",
]

DOMAIN = domain_from_package(
    __name__,
    description="Customer support for a food-delivery service.",
    load_data=load_data,
    tools=ALL_TOOLS,
    rules=RULES,
    terminate_tools=["transfer_to_human_agents"],
)
