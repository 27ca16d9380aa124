"""Record the customer's replies in a domain's grader corpus (issue 43; SPEC §8, §10).

    python scripts/fill_grader_replies.py tau2:retail [--write]

A trajectory of actions alone records no reply to its confirmations, and since issue 43 that
leaves the confirmation rule undetermined (the reward abstains) instead of counting as a yes. The
corpus's entries were written when an unrecorded reply was not a no: each question was meant as
answered yes (a reply recorded as null meant "not recorded"). This script records that yes, so
each entry still judges what it was written to judge: an entry of actions whose ``user_replies``
are missing, short or hold nulls gets "Yes, please go ahead." in each gap (and, where the user is
to give their id first, "Hi, my user id is ..." with the first; or, where the agent reads the
account before any question, the opening its twin with the user's words has: the agent asks for
the user id, the user gives it). The labels are not touched. An entry whose verdict reads the customer's own words besides their yes (the user id they
give, the compensation they ask for: rules that judge nothing where no user text is recorded) is
labelled undetermined when the confirmation rule alone is (SPEC §8: the reward abstains on actions
alone; its twin with the user's words is judged in full), else left as it is and listed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tau_shaped.reward.scoring import score_trajectory  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402
from tau_shaped.tasks.grader_suite import _mismatches, default_corpus, domain_tasks  # noqa: E402

YES = "Yes, please go ahead."


def filled(entry: dict, user_id: str = "") -> list:
    """The entry's replies with a yes in each gap; ``user_id``: the first reply gives it too (a
    domain whose policy has the user give their id first: tau2 airline)."""
    responds = sum(1 for a in entry["actions"] if a["name"] == "respond")
    replies = list(entry.get("user_replies") or [])
    out = [YES if r is None else r for r in replies] + [YES] * (responds - len(replies))
    if user_id and out and (not replies or replies[0] is None):
        out[0] = f"Hi, my user id is {user_id}. {YES}"
    return out


GREETING = "Hello, how can I help you? Please tell me your user id."


def greeted(entry: dict, user_id: str) -> tuple:
    """The entry opened as its twin with the user's words opens (``ground_truths_with_the_users_words``):
    the agent asks for the user id first and the user gives it; then a yes to each question."""
    if not user_id or entry.get("user_replies"):
        return entry["actions"], None
    actions = [{"name": "respond", "kwargs": {"content": GREETING}}] + entry["actions"]
    return actions, [f"Hi, my user id is {user_id}."] + filled(entry)


def _only_gates(problems: list) -> bool:
    """Whether an entry's disagreements are only of gates a yes cannot change (another rule's
    reading, not the replies'): none of its outcome or rules."""
    return all(p.startswith(("gates ", "safety_passed ")) for p in problems)


def main(env_name: str, write: bool) -> None:
    domain = load_domain(env_name)
    tasks = domain_tasks(domain, domain.splits)
    env = domain.make_env(tasks=list(tasks.values()), task_index=0)
    folder = default_corpus(domain)
    changed = kept = labelled = 0
    confirm = next(r.id for r in domain.policy_rules.rules if "unconfirmed" in r.when)
    for path in sorted(folder.glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        touched = False
        for e in entries:
            if "actions" not in e:
                continue
            task = tasks[str(e["task_id"])]
            expected = e["expected"]
            uid = str(getattr(task, "user_id", "") or "")
            actions = e["actions"]
            for actions, replies in ((e["actions"], filled(e)), (e["actions"], filled(e, uid)), greeted(e, uid)):
                if replies == e.get("user_replies") or (not replies and e.get("user_replies") is None):
                    break
                result = score_trajectory(env, task, actions, user_replies=replies)
                if result.status == expected.get("status", "ok") and (result.status != "ok" or _only_gates(_mismatches(expected, result))):
                    break
            else:
                replies = None
                result = score_trajectory(env, task, e["actions"], user_replies=e.get("user_replies"))
                found = sorted({u.id for u in result.undetermined})
                if result.status == "undetermined" and found == [confirm] and expected.get("status", "ok") == "ok":
                    # SPEC 8 (issue 43): a trajectory that records no reply abstains; its user's
                    # words are needed to judge it (their twin with the words is judged in full)
                    expected.update(status="undetermined", undetermined=[confirm])
                    labelled += 1
                    touched = True
                    continue
                if result.status == expected.get("status", "ok") and (result.status != "ok" or not _mismatches(expected, result)):
                    continue  # judged as labelled without the replies (a gate fired: it wins over doubt)
            if replies is not None and (replies == e.get("user_replies") or (not replies and e.get("user_replies") is None)):
                continue
            if replies is not None:
                e["actions"], e["user_replies"] = actions, replies
                touched = True
                changed += 1
            else:
                kept += 1
                print(f"kept: {path.name}: {e.get('id', e['task_id'])}: its verdict reads more of the user's words than a yes")
        if touched and write:
            path.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{env_name}: recorded the replies of {changed} entries{'' if write else ' (dry run)'}; {labelled} labelled "
          f"undetermined (actions alone); {kept} kept as they were")


if __name__ == "__main__":
    main(sys.argv[1], "--write" in sys.argv[2:])
