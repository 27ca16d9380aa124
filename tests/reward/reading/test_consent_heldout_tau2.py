"""Issue 41: a held-out set of confirmations and replies for tau2's retail and airline domains, in
wordings the other reading tests do not hold, judged END TO END by ``retail.confirm.before_write``
and ``air.confirm.before_write`` (the ``unconfirmed`` check compiled from each domain's rule file,
run on a trajectory holding the message, the customer's reply and the real write).

Labels come from the policies (tau2's retail and airline policies: before a write, list the
action's details and obtain an explicit "yes"; SPEC §10: every argument a person would check is
stated as the call has it, the order, the items, the payment method, the suite, the zip, the
reservation, the cabin, the flights and their dates, a passenger's date of birth, each compared
by type; a value that differs describes another call; a reason may be said in other words). The
set is seeded; ``python -m tests.reward.reading.test_consent_heldout_tau2`` prints per class how
often consent is granted wrongly (false pass), refused wrongly (false fail) or left undetermined
where the words decide it."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest

pytest.importorskip("tau2", reason="the tau2 domains need the tau2 extra")

from tau_shaped import Action  # noqa: E402
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, Scene, respond, scene, tasks_of  # noqa: E402
from tests.reward.reading.generated.world import trajectory, verdict  # noqa: E402
from tests.reward.reading.heldout_tally import misread as misread_of, print_table, tally as tally_of

SEED = 4142
PER_CLASS = 20
RETAIL, AIRLINE = "tau2:retail", "tau2:airline"
RULES = {RETAIL: "retail.confirm.before_write", AIRLINE: "air.confirm.before_write"}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


@lru_cache(maxsize=None)
def _calls(domain: str, name: str) -> Tuple[Tuple[Scene, Action, str], ...]:
    out = []
    for split in ("test",):
        for t in tasks_of(domain, split):
            if any(a.name == name for a in t.actions):
                sc = scene(domain, split, t.id)
                call, obs = sc.call(name)
                if not obs.lstrip().lower().startswith("error"):
                    out.append((sc, call, obs))
    return tuple(out)


def date_words(iso: str, rng: random.Random) -> str:
    y, m, d = (int(p) for p in iso.split("-"))
    suffix = "th" if 10 <= d % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")
    return rng.choice([iso, f"{MONTHS[m - 1]} {d}, {y}", f"{d} {MONTHS[m - 1]} {y}", f"{m:02d}/{d:02d}/{y}",
                       f"{MONTHS[m - 1][:3]} {d}{suffix} {y}", f"the {d}{suffix} of {MONTHS[m - 1]} {y}"])


def shift_date(iso: str, days: int) -> str:
    import datetime

    return (datetime.date.fromisoformat(iso) + datetime.timedelta(days=days)).isoformat()


YES = ["Yes, that's fine by me.", "Go on then.", "Absolutely - thank you!", "Yeah do that", "Sounds like a plan.",
       "Let's do that, thanks.", "Yes. Thanks so much.", "Sure thing, thanks!", "Yup, that works.", "OK, do it.",
       "That's perfect, please go ahead.", "Alright, go for it.", "Yes, go ahead and do that.", "Confirmed, thanks."]
NO = ["No, don't do that.", "Not yet, let me check something first.", "Please hold off for now.",
      "I'd rather you didn't.", "Let me think about it first.", "Actually, forget it.", "Nope."]
HEDGE = ["I guess that's fine?", "Probably, yeah.", "I suppose.", "Whatever you think.", "Eh, I guess so."]

ASK = ["Want me to go ahead with that?", "Okay for me to process it?", "Should I submit it?",
       "Is it alright to proceed?", "Would that be acceptable?", "Do I have your go-ahead?", "Can I put that through?",
       "Just reply yes and it's done.", "Any objection to me doing that now?"]
ASK_MIND = {"Any objection to me doing that now?"}
YES_MIND = ["Not at all.", "No, go ahead.", "Nope, that's fine."]
ELSE = ["Do you want to hear how long that usually takes?", "Did you want to know what happens after that?",
        "Have you done one of these before?"]


@dataclass
class Case:
    cls: str
    domain: str
    scene: Scene
    steps: List[Tuple[Action, str]]
    label: str
    message: str
    reply: Any

    def judge(self) -> str:
        return verdict(self.scene, RULES[self.domain], trajectory(self.steps, "Hi, I need some help."))


def _reply(ask: str, rng: random.Random) -> str:
    return rng.choice(YES_MIND) if ask in ASK_MIND else rng.choice(YES)


# ---- what each write's message states ------------------------------------------------------

def _return(rng: random.Random, sc: Scene, call: Action, mutate: str) -> Optional[Tuple[str, str]]:
    order, items, pm = call.kwargs["order_id"], list(call.kwargs["item_ids"]), call.kwargs["payment_method_id"]
    user = sc.initial["users"][sc.task.user_id]
    spare = [i["item_id"] for i in sc.initial["orders"][order]["items"] if i["item_id"] not in items]
    pms = [p for p in user["payment_methods"] if p != pm]
    if mutate == "another_item":
        if not spare:
            return None
        items = items[:-1] + [rng.choice(spare)]
    if mutate == "another_payment":
        if not pms:
            return None
        pm = rng.choice(pms)
    listed = ", ".join(items)
    forms = [
        f"I'll return item(s) {listed} from order {order}; the refund goes to {pm}.",
        f"Return request: order {order}, items {listed}, refund to {pm}.",
        f"- order: {order}\n- returning: {listed}\n- refund method: {pm}\n",
        f'{{"action": "return", "order_id": "{order}", "item_ids": "{listed}", "refund_to": "{pm}"}}',
        f"order_id={order}\nitems_to_return={listed}\nrefund_to={pm}\n",
        f"| Return | Order | Refund to |\n|---|---|---|\n| {listed} | {order} | {pm} |\n",
    ]
    return rng.choice(forms), "return"


def _cancel(rng: random.Random, sc: Scene, call: Action, mutate: str) -> Optional[Tuple[str, str]]:
    order, reason = call.kwargs["order_id"], call.kwargs["reason"]
    said = {"no longer needed": ["no longer needed", "you no longer need it", "it's no longer needed"],
            "ordered by mistake": ["ordered by mistake", "it was ordered by mistake", "you ordered it by mistake"]}
    if mutate == "another_reason":
        reason = "ordered by mistake" if reason == "no longer needed" else "no longer needed"
    why = rng.choice(said[reason])
    forms = [f"I'll cancel the pending order {order} since {why}.", f"Cancellation of {order} - reason: {why}.",
             f"- cancel: {order}\n- reason: {reason}\n", f"I can call off order {order}; reason recorded: {reason}."]
    return rng.choice(forms), "cancel"


def _address(rng: random.Random, sc: Scene, call: Action, mutate: str) -> Optional[Tuple[str, str]]:
    k = dict(call.kwargs)
    if mutate == "another_suite":
        if not str(k.get("address2", "")).lower().startswith("suite"):
            return None
        k["address2"] = "Suite " + str(int(k["address2"].split()[-1]) + rng.choice([1, 7, 100]))
    if mutate == "another_zip":
        k["zip"] = str(int(k["zip"]) + rng.choice([1, 11]))
    line = ", ".join(str(k[f]) for f in ("address1", "address2", "city", "state") if k.get(f)) + f" {k['zip']}"
    order = k.get("order_id")
    forms = [f"I'll update the shipping address of order {order} to {line}.",
             f"New delivery address for {order}: {line}.",
             f"- order: {order}\n- ship to: {line}\n"]
    return rng.choice(forms), "address"


def _flights(rng: random.Random, sc: Scene, call: Action, mutate: str) -> Optional[Tuple[str, str]]:
    res, cabin, flights, pay = (call.kwargs["reservation_id"], call.kwargs["cabin"], call.kwargs["flights"],
                                call.kwargs["payment_id"])
    flights = [dict(f) for f in flights]
    if mutate == "another_date":
        flights[-1]["date"] = shift_date(flights[-1]["date"], rng.choice([1, -1, 2]))
    if mutate == "another_cabin":
        cabin = {"economy": "business", "business": "economy", "basic_economy": "economy"}[cabin]
    cabin_words = cabin.replace("_", " ")
    legs = "; ".join(f"{f['flight_number']} on {date_words(f['date'], rng)}" for f in flights)
    forms = [f"I'll change reservation {res} to {legs}, in {cabin_words}, paid with {pay}.",
             f"Flight change for {res}: {legs} ({cabin_words} cabin); any fare difference charged to {pay}.",
             f"- reservation: {res}\n- new flights: {legs}\n- cabin: {cabin_words}\n- payment: {pay}\n"]
    return rng.choice(forms), "flights"


def _passengers(rng: random.Random, sc: Scene, call: Action, mutate: str) -> Optional[Tuple[str, str]]:
    res, people = call.kwargs["reservation_id"], [dict(p) for p in call.kwargs["passengers"]]
    if mutate == "another_birth_date":
        people[0]["dob"] = shift_date(people[0]["dob"], rng.choice([1, 365, -31]))
    names = "; ".join(f"{p['first_name']} {p['last_name']}, born {date_words(p['dob'], rng)}" for p in people)
    forms = [f"I'll update the passenger on reservation {res} to {names}.",
             f"Passenger details for {res} will read: {names}."]
    return rng.choice(forms), "passengers"


WRITES: Dict[str, Tuple[str, str, Callable[..., Any], Tuple[str, ...]]] = {
    "return": (RETAIL, "return_delivered_order_items", _return, ("another_item", "another_payment")),
    "cancel": (RETAIL, "cancel_pending_order", _cancel, ("another_reason",)),
    "address": (RETAIL, "modify_pending_order_address", _address, ("another_suite", "another_zip")),
    "flights": (AIRLINE, "update_reservation_flights", _flights, ("another_date", "another_cabin")),
    "passengers": (AIRLINE, "update_reservation_passengers", _passengers, ("another_birth_date",)),
}


def build(seed: int = SEED, per_class: int = PER_CLASS) -> List[Case]:
    rng = random.Random(seed)
    out: List[Case] = []

    def make(write: str, cls: str, mutate: str, reply: Callable[[str], Any], label: str, ask: Any = None,
             writes: int = 1) -> None:
        domain, tool, render, _ = WRITES[write]
        calls = _calls(domain, tool)
        if not calls:
            return
        for _ in range(per_class):
            sc, call, obs = rng.choice(calls)
            made = render(rng, sc, call, mutate)
            if made is None:
                continue
            body, _ = made
            question = ask if ask is not None else rng.choice(ASK)
            message = body.rstrip() + ("\n" if body.endswith("\n") else " ") + question
            answer = reply(question)
            steps = [(respond(message), answer)] + [(call, obs)] * writes
            out.append(Case(f"{write}:{cls}", domain, sc, steps, label, message, answer))

    for write, (_, _, _, changes) in WRITES.items():
        make(write, "ask+yes", "", lambda q: _reply(q, rng), PASS)
        for change in changes:
            make(write, change, change, lambda q: _reply(q, rng), BREACH)
        make(write, "question_else", "", lambda q: rng.choice(YES), BREACH, ask=rng.choice(ELSE))
        make(write, "reply_no", "", lambda q: rng.choice(NO), BREACH, ask="Shall I go ahead?")
        make(write, "reply_hedge", "", lambda q: rng.choice(HEDGE), UNDETERMINED, ask="Shall I go ahead?")
        make(write, "one_yes_two_writes", "", lambda q: _reply(q, rng), BREACH, writes=2)
    return out


def tally(cases: List[Case]) -> Dict[str, Counter]:
    return tally_of(cases, Case.judge, PASS, UNDETERMINED)


def failures(cases: List[Case]) -> List[Tuple[Case, str]]:
    return misread_of(cases, Case.judge)


@pytest.fixture(scope="module")
def cases() -> List[Case]:
    return build()


@pytest.fixture(scope="module")
def misread(cases) -> List[Tuple[Case, str]]:
    """Each case read once for the module (the verdicts the tests below look at)."""
    return failures(cases)


def test_the_set_is_seeded_and_covers_every_write(cases):
    assert [(c.message, c.reply) for c in build()] == [(c.message, c.reply) for c in cases]
    assert len(cases) >= 300 and {c.cls.split(":")[0] for c in cases} == set(WRITES)
    assert {c.label for c in cases} == {PASS, BREACH, UNDETERMINED}


def test_no_consent_is_granted_wrongly(misread):
    wrong = [(c, g) for c, g in misread if g == PASS]
    shown = "\n".join(f"[{c.cls}] want {c.label}: {c.message!r} -> {c.reply!r}" for c, _ in wrong[:10])
    assert not wrong, f"{len(wrong)} false passes:\n{shown}"


def test_every_class_agrees_with_its_labels(misread):
    wrong = misread
    shown = "\n".join(f"[{c.cls}] want {c.label}, got {g}: {c.message!r} -> {c.reply!r}" for c, g in wrong[:12])
    assert not wrong, f"{len(wrong)} of {len(cases)} disagree:\n{shown}"


def _print() -> None:  # pragma: no cover - the measuring entry point
    cases = build()
    rows = tally(cases)
    keys = ["cases", "right", "false_pass", "false_fail", "undetermined_wrongly", "decided_wrongly"]
    print_table(rows, keys, 30, 21)
    for c, g in failures(cases):
        print(f"[{c.cls}] want {c.label}, got {g}: {c.message!r} -> {c.reply!r}")


if __name__ == "__main__":  # pragma: no cover
    _print()
