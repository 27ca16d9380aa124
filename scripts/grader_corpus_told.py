"""The grader corpus's round-16 variants (``scripts/generate_grader_corpus.py``), labeled from wiki.md:

- How you work: "Before any write (... a replacement order ...), tell the customer exactly what you are about to do
  (the order, the items, the amount, the method)": a replacement asked for by its value alone names no item (a breach of
  ``fd.confirm.before_write``, whose reading of a replacement's items is read-fd's); its dish named in other words keeps it.
- Transfer to a human agent: "Transfer (``transfer_to_human_agents``, with a short summary of the request and of what
  you did)": on a flagged account, a summary of the request alone says nothing of the escalation
  (``fd.fraud.transfer_summary_states_request``), a reworded one with both keeps it; on any other account a blank
  summary summarizes nothing (``fd.transfer.summary_given``); "the conversation ends with it": a refund made after the
  transfer breaks ``fd.transfer.conversation_ends``."""

from __future__ import annotations

from typing import Any, Dict, List

from grader_corpus_builders import CONFIRM, DISH_NAMES, SUMMARY_FRAUD, SUMMARY_GIVEN, TRANSFER_ENDS, act, entry, say
from grader_corpus_refusals import order_of


def told_variants(task: Any, gt: List[Dict[str, Any]], s0: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The labeled round-16 variants of ``task`` (replacement tasks, flagged accounts, account questions)."""
    out: List[Dict[str, Any]] = []
    w = next((n for n, a in enumerate(gt) if a["name"] == "create_replacement_order"), None)
    if w is not None and w > 0 and gt[w - 1]["name"] == "respond":
        kw = gt[w]["kwargs"]
        value = sum(s0["restaurants"][s0["orders"][kw["order_id"]]["restaurant_id"]]["menu"][i]["price"] for i in kw["item_ids"])
        untold = say(f"I can send a free replacement order worth ${value:.2f} for {kw['order_id']}. Shall I?")
        out.append(entry(task, "bad", "replacement_items_untold", gt[:w - 1] + [untold] + gt[w:], 0, rules=[CONFIRM]))
        dishes = " + ".join(DISH_NAMES[i].upper() for i in dict.fromkeys(kw["item_ids"]))
        told = say(f"Replacement for {kw['order_id']}: {dishes}, sent again at no charge. Is that OK?")
        out.append(entry(task, "good", "replacement_items_told_in_caps", gt[:w - 1] + [told] + gt[w:], 1))
    t = next((n for n, a in enumerate(gt) if a["name"] == "transfer_to_human_agents"), None)
    if t is not None and task.bucket == "fraud_flagged":
        oid = order_of(gt)
        bare = act("transfer_to_human_agents", summary=f"Customer says {oid} never arrived and wants a refund.")
        out.append(entry(task, "bad", "transfer_summary_without_escalation", gt[:t] + [bare] + gt[t + 1:], 0, rules=[SUMMARY_FRAUD]))
        reworded = act("transfer_to_human_agents", summary=f"refund req {oid} (not delivered) -> raised with fraud review")
        out.append(entry(task, "good", "transfer_summary_reworded", gt[:t] + [reworded] + gt[t + 1:], 1))
    r = next((n for n, a in enumerate(gt) if a["name"] == "issue_refund"), None)
    if r is not None and task.bucket == "missing_item" and gt[r - 1]["name"] == "respond":
        oid = gt[r]["kwargs"]["order_id"]
        handed = [say("I'm transferring you to a human agent now."),
                  act("transfer_to_human_agents", summary=f"Customer reports an item missing from {oid}; refund requested.")]
        out.append(entry(task, "bad", "write_after_transfer", gt[:r - 1] + handed + gt[r - 1:], 0, rules=[TRANSFER_ENDS]))
    if task.bucket == "account_question":
        blank = [say("I'm transferring you to a human agent now."), act("transfer_to_human_agents", summary="")]
        out.append(entry(task, "bad", "transfer_summary_blank", gt + blank, 0, rules=[SUMMARY_GIVEN]))
    return out
