"""Escalation: the fraud team, and a human agent (the terminate tool)."""

from __future__ import annotations

from tau_shaped.env.function_tool import tool
from tau_shaped.env.tool_effects import effects

from .common import customer


@effects(reads=["customers", "escalations"], writes=["escalations", "customers"])
@tool
def escalate_to_fraud_team(data: dict, customer_id: str, reason: str) -> dict:
    """Escalate an account to the fraud team (required before anything else on a fraud-flagged account).

    Args:
        customer_id: The customer's id.
        reason: What the customer asked for.
    """
    c = customer(data, customer_id)
    escalation = {"escalation_id": f"ESC-{len(data['escalations']) + 1:04d}", "customer_id": customer_id, "reason": reason}
    data["escalations"].append(escalation)
    c["fraud_escalated"] = True
    return escalation


@effects()
@tool
def transfer_to_human_agents(data: dict, summary: str) -> str:
    """Transfer the customer to a human agent, with a summary of the issue. Ends the conversation.

    Args:
        summary: What the customer needs and what was done.
    """
    return "Transfer successful"
