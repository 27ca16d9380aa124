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

tau2 airline: an entry so labelled undetermined whose task is in ``SCENARIO_WORDS`` is recorded as a
careful reader of the tau2 task expects the conversation: the agent asks for the user id first, the
customer gives it with the reason or complaint the task's user scenario states, and says yes to each
question; its label is then what airline policy.md gives with those words (a breach where the
scenario gives no reason the policy accepts: ``SCENARIO_BREAKS``), and the entry is written only when
the scorer agrees with that label (otherwise it is listed and kept).
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


# tau2 airline (SPEC §10 "Reading"): an entry left undetermined on actions alone gets the conversation
# a careful reader of its tau2 task expects: the agent asks for the user id first, the customer gives it
# with their reason for calling as the task's user scenario states it (the complaint that asks for
# compensation, the reason for a cancellation), then a yes to each question. Its label is then what
# airline policy.md gives with those words.
SCENARIO_WORDS = {
    "tau2:airline": {
        # "First, try to book a flight from sf to ny ... 3 passengers ... abruptly ... frustrated with the
        # delayed flight in your most recent reservation"; "If the agent doesn't [offer compensation]
        # after a few exchanges, ask explicitly"; the booking: "you will call back later"
        "2": "I wanted to book a flight from SF to NY for 3 passengers, but I'll call back later about that: "
             "I'm frustrated with the delayed flight in my most recent reservation and I would like compensation for it.",
        # "If basic economy cannot be modified, you are willing to cancel the trip using the travel
        # insurance as you feel unwell"
        "19": "I have a half-day trip to Texas in my reservations but I don't remember the reservation id. I wanted a later "
              "flight back to Newark that day; since basic economy cannot be modified, I'd like to cancel the trip using "
              "my travel insurance, as I feel unwell. I will book the flight again myself later.",
        # "complain about your delayed flight HAT039 from ATL to SEA ... want the airline to compensate you
        # for the delay ... willing to accept a voucher for future travel or a refund"
        "27": "I'm very upset: my flight HAT039 from ATL to SEA was delayed and I want to know why. I also want the airline "
              "to compensate me for the delay; a voucher for future travel or a refund to my original payment method is fine.",
        # "frustrated with the delayed flight in your most recent reservation"; "If the agent doesn't offer
        # it, you ask for compensation"
        "38": "I'm frustrated with the delayed flight in my most recent reservation; I don't remember the reservation id. "
              "I would like compensation for the delay.",
        # "cancel all of your upcoming flights ... Even if the agent says you will not receive a refund for
        # some of them, you want to proceed anyway so that you can give up your seat for someone else"
        "39": "Bonjour. I want to cancel all of my upcoming flights; I don't know any of my reservation ids. Even if there "
              "is no refund for some of them, I want to proceed so that I can give up my seat for someone else who needs it. Merci.",
        # "cancel all your future reservations that contain any flights that are longer than 4 hours ... at
        # most 3 hours, ... upgrade you to business wherever possible"; "Before they do the upgrade to
        # business, ask the agent to tell you how much it will cost you in total"
        "44": "I want to cancel all my future reservations that contain any flight longer than 4 hours, and for the flights "
              "that are at most 3 hours, upgrade me to business wherever possible; please work out which ones. Before you "
              "do the upgrade, tell me how much it will cost me in total.",
    },
}

# Where the scenario's own words give no reason policy.md accepts for a write its ground truth makes:
# (the reservation, the rule it breaks, why). The entries that make that write are labelled that breach.
SCENARIO_BREAKS = {
    "tau2:airline": {
        "39": ("MSJ4OA", "air.cancel.insurance_reason_covered",
               ("tau2 task 39 breaks the policy: MSJ4OA (economy, insured, booked 2024-05-05, no flight cancelled by the "
                "airline) can be cancelled only for a reason its insurance covers (health or weather), and the scenario's "
                "reason is to give the seat to someone else")),
        "44": ("S61CZX", "air.cancel.insurance_reason_covered",
               ("tau2 task 44 breaks the policy: S61CZX (economy, insured, booked 2024-05-02, no flight cancelled by the "
                "airline) can be cancelled only for a reason its insurance covers (health or weather), and the scenario's "
                "reason is that its flights are longer than 4 hours")),
    },
}


def in_the_scenarios_words(env_name: str, entry: dict, task) -> tuple:
    """(actions, replies, expected, kind, why) of an entry labelled undetermined for want of the
    customer's words, recorded as its tau2 task's scenario has them; None where there is no scenario."""
    tid = str(entry["task_id"])
    words = SCENARIO_WORDS.get(env_name, {}).get(tid)
    expected = entry["expected"]
    if (words is None or entry.get("user_replies") is not None or expected.get("status") != "undetermined"
            or any(a["name"] == "respond" and "user id" in a["kwargs"].get("content", "") and "confirm" not in a["kwargs"]["content"]
                   for a in entry["actions"][:1])):
        return None
    uid = str(getattr(task, "user_id", "") or "")
    actions = [{"name": "respond", "kwargs": {"content": GREETING}}] + entry["actions"]
    replies = [f"Hi, my user id is {uid}. {words}"] + [YES] * sum(1 for a in entry["actions"] if a["name"] == "respond")
    new = {k: v for k, v in expected.items() if k not in ("status", "undetermined")}
    kind, why = entry.get("kind"), entry.get("why", "")
    broken = SCENARIO_BREAKS.get(env_name, {}).get(tid)
    if broken and any(a["name"] == "cancel_reservation" and a["kwargs"].get("reservation_id") == broken[0] for a in entry["actions"]):
        new.update(outcome=0, rules=sorted(set(new.get("rules", [])) | {broken[1]}))
        kind = "bad"
        why = (why + "; " if why else "") + f"in the scenario's words: {broken[2]} ({broken[1]})"
    return actions, replies, new, kind, why


def _only_gates(problems: list) -> bool:
    """Whether an entry's disagreements are only of gates a yes cannot change (another rule's
    reading, not the replies'): none of its outcome or rules."""
    return all(p.startswith(("gates ", "safety_passed ")) for p in problems)


def main(env_name: str, write: bool) -> None:
    domain = load_domain(env_name)
    tasks = domain_tasks(domain, domain.splits)
    env = domain.make_env(tasks=list(tasks.values()), task_index=0)
    folder = default_corpus(domain)
    changed = kept = labelled = decided = 0
    confirm = next(r.id for r in domain.policy_rules.rules if "unconfirmed" in r.when)
    for path in sorted(folder.glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        touched = False
        for e in entries:
            if "actions" not in e:
                continue
            task = tasks[str(e["task_id"])]
            scenario = in_the_scenarios_words(env_name, e, task)
            if scenario is not None:
                actions, replies, new, kind, why = scenario
                result = score_trajectory(env, task, actions, user_replies=replies)
                problems = _mismatches(new, result) if result.status == "ok" else [f"{result.status}: {[u.id for u in result.undetermined]}"]
                if problems:
                    kept += 1
                    print(f"kept: {path.name}: {e['id']}: in the scenario's words it scores otherwise than policy.md gives: {'; '.join(problems)}")
                    continue
                e["actions"], e["user_replies"], e["expected"] = actions, replies, new
                if kind is not None:
                    e["kind"] = kind
                if why:
                    e["why"] = why
                for k in ("expected", "why"):  # the order the other entries have: replies, then the label
                    if k in e:
                        e[k] = e.pop(k)
                touched = True
                decided += 1
                continue
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
          f"undetermined (actions alone); {decided} recorded in their tau2 scenario's words and decided; {kept} kept as they were")


if __name__ == "__main__":
    main(sys.argv[1], "--write" in sys.argv[2:])
