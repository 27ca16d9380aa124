"""The grader corpus's restaurant-status variants (``scripts/generate_grader_corpus.py``; round 17): wiki.md, What you
can look up: "get_restaurant_details: whether it is open, paused or closed"; How you work: "Only known facts ... Do not
guess". For a task whose ground truth looks up a restaurant, the agent tells the customer a status right after that
look-up: another status than the one it showed (a breach of ``fd.statements.restaurant_status_supported``), or the one
it showed in other words (kept)."""

from __future__ import annotations

from typing import Any, Dict, List

from grader_corpus_builders import entry, say

STATUS_RULE = "fd.statements.restaurant_status_supported"
# a status said in other words, and one the look-up contradicts, for each status a look-up shows
SAID = {"closed": ("I'm afraid the restaurant isn't open right now.", "The restaurant is open and cooking as we speak."),
        "paused": ("The restaurant has paused orders for now.", "The restaurant is open and cooking as we speak."),
        "open": ("The restaurant is open and taking orders.", "The restaurant is closed for the night.")}


def status_variants(task: Any, gt: List[Dict[str, Any]], s0: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The labeled restaurant-status variants of ``task`` (none when its ground truth looks up no restaurant)."""
    looked = [n for n, a in enumerate(gt) if a["name"] == "get_restaurant_details"]
    if not looked:
        return []
    at = looked[0] + 1
    status = s0["restaurants"][gt[looked[0]]["kwargs"]["restaurant_id"]]["status"]
    right, wrong = SAID[status]
    return [
        entry(task, "bad", "restaurant_status_misstated", gt[:at] + [say(wrong)] + gt[at:], 0, rules=[STATUS_RULE]),
        entry(task, "good", "restaurant_status_in_other_words", gt[:at] + [say(right)] + gt[at:], 1),
    ]


FIGURES_RULE = "fd.statements.policy_figures_supported"


def figure_variants(task: Any, gt: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """A question task's policy-figure variants (round 17): the agent adds a word on quotes after the ground truth's
    first look-up, with the policy's 15 minutes (kept) or another figure (a breach)."""
    if not str(task.id).startswith("fd-question") or len(gt) < 2:
        return []
    at = 2
    return [
        entry(task, "bad", "quote_validity_misstated", gt[:at] + [say("By the way, a delivery-fee quote stays valid for 30 minutes.")] + gt[at:],
              0, rules=[FIGURES_RULE]),
        entry(task, "good", "quote_validity_stated", gt[:at] + [say("By the way, a delivery-fee quote stays valid for 15 minutes.")] + gt[at:], 1),
    ]
