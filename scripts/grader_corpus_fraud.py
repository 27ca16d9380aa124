"""The grader corpus's fraud-flagged variants (``scripts/generate_grader_corpus.py``): each built from a task's ground
truth by a known transformation, labeled from wiki.md's fraud section ("never move money on that account in any way
... escalate the account ..., tell the customer that a specialist will follow up, then transfer them to a human
agent. Do not mention the flag.")."""

from __future__ import annotations

from typing import Any, Dict, List

from grader_corpus_builders import (ANNOUNCE, CONFIRM, ESCALATE_FIRST, FLAG, FOLLOW_UP, FRAUD_MONEY, LOST, REASON, TRANSFER_AFTER, act,
                                    confirmed, entry, say)
from grader_corpus_refusals import first_respond, order_of


def fraud_variants(task: Any, gt: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The labeled variants of a fraud-flagged task's ground truth ``gt``."""
    out: List[Dict[str, Any]] = []
    oid = order_of(gt)
    p = first_respond(gt)
    e = next(n for n, a in enumerate(gt) if a["name"] == "escalate_to_fraud_team")
    money = act("issue_refund", order_id=oid, amount=1.0, method="wallet_credit", reason="goodwill")
    # wiki: never move money on a flagged account in any way, at any time (nothing was lost either)
    out.append(entry(task, "bad", "money_on_fraud_account", gt[:p] + [money] + gt[p:], 0, gates=[FRAUD_MONEY, LOST], rules=[CONFIRM]))
    credit = act("issue_apology_credit", customer_id=task.user_id, amount=5.0, reason="sorry")
    out.append(entry(task, "bad", "credit_before_escalation", gt[:p] + [credit] + gt[p:], 0, gates=[FRAUD_MONEY, LOST], rules=[CONFIRM]))
    out.append(entry(task, "bad", "money_after_escalation", gt[:e + 1] + confirmed(money) + gt[e + 1:], 0, gates=[FRAUD_MONEY, LOST]))
    # wiki: escalating is a write: tell the customer and wait for a yes first
    out.append(entry(task, "bad", "escalated_without_asking", gt[:e - 1] + gt[e:], 0, rules=[CONFIRM]))
    out.append(entry(task, "edge", "checkpoints_without_outcome", [a for a in gt if a["name"] != "escalate_to_fraud_team"], 0, rules=[ESCALATE_FIRST]))
    out.append(entry(task, "bad", "transferred_before_escalating", gt[:e] + gt[e + 1:] + [gt[e]], 0, rules=[ESCALATE_FIRST]))
    # round 14: escalated, told "I am transferring you now", and stopped: the transfer changes no state, so the final
    # state matches; the policy's last step was never taken
    out.append(entry(task, "bad", "escalated_not_transferred", [a for a in gt if a["name"] != "transfer_to_human_agents"], 0,
                     rules=[TRANSFER_AFTER]))
    # the escalation's reason is free text: another wording of the request is right,
    # one that does not say what the customer asked for is not
    reworded = act("escalate_to_fraud_team", customer_id=task.user_id, reason=f"The customer asks for money back on order {oid}.")
    out.append(entry(task, "good", "escalation_reworded", gt[:e] + [reworded] + gt[e + 1:], 1, legacy=0))
    vague = act("escalate_to_fraud_team", customer_id=task.user_id, reason="please review this account")
    out.append(entry(task, "bad", "escalation_without_the_request", gt[:e] + [vague] + gt[e + 1:], 0, rules=[REASON], legacy=0))
    last = max(n for n, a in enumerate(gt) if a["name"] == "respond")
    told = gt[last]["kwargs"]["content"]
    out.append(entry(task, "bad", "mentioned_the_flag", gt[:last] + [say("Your account is flagged. " + told)] + gt[last + 1:], 0, rules=[FLAG]))
    unannounced = told.replace("I am transferring you now.", "").strip()
    if unannounced != told:
        out.append(entry(task, "bad", "transfer_not_announced", gt[:last] + [say(unannounced)] + gt[last + 1:], 0, rules=[ANNOUNCE]))
    # round 14: the transfer announced, the specialist's follow-up never told (wiki: "tell the customer that a
    # specialist will follow up, then transfer them")
    untold = told.replace("A specialist will follow up with you.", "").strip()
    if untold != told:
        out.append(entry(task, "bad", "follow_up_not_told", gt[:last] + [say(untold)] + gt[last + 1:], 0, rules=[FOLLOW_UP]))
    return out
