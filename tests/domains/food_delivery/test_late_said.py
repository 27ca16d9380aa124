"""wiki.md, ETAs: "If `now` is already past `latest`, say the order is running late" (SPEC §9; round 15 of issue 41:
the line was judged by nothing: the window of a late order, a time the tool gave, passed the times rule).

Whole episodes on a test task of world 0 whose customer has an order running late (FD-10817, preparing, its window
18:03-18:18 before the clock's 19:00): the ground truth, with the agent looking up that order's ETA and answering.
Written from wiki.md: an arrival promised for it with no word that it is late breaks the rule; saying it is late
(in any words, before or in the same message) keeps it, and "it isn't late" says the opposite."""

from __future__ import annotations

from typing import List

import pytest

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.tasks.consenting import consenting_replies
from tau_shaped_domains.food_delivery.late_said import promises, says_late

DOMAIN = load_domain("food_delivery")
TASK = next(t for t in DOMAIN.tasks("test") if t.id == "fd-cancel-5")  # Gus Zhang, CU-1241: FD-10817 is running late
ENV = DOMAIN.make_env(tasks=[TASK], task_index=0)


def _episode(*answers: str, order: str = "FD-10817") -> List[Action]:
    gt = [a.model_copy(deep=True) for a in TASK.actions]
    eta = Action(name="get_order_eta", kwargs={"order_id": order})
    said = [Action(name="respond", kwargs={"content": a}) for a in answers]
    return gt[:2] + [eta] + said + gt[2:]


def _fired(actions: List[Action]) -> List[str]:
    r = score_trajectory(ENV, TASK, actions, user_replies=consenting_replies(actions))
    assert r.status == "ok", r.error
    return sorted({v.id for v in r.rule_violations} | {g.id for g in r.gate_violations})


UNSAID = [
    "Your other order FD-10817 should be with you between 18:03 and 18:18.",
    "FD-10817 will arrive by 18:18.",
    "FD-10817 is on track -- it isn't late -- and should reach you by 18:18.",
]
SAID = [
    "FD-10817 is running late: its window was 18:03 to 18:18, and it's past that now.",
    "I'm sorry, FD-10817 is delayed; it was due between 18:03 and 18:18.",
    "FD-10817 is overdue -- the latest we'd promised was 18:18.",
    "FD-10817 should have arrived by 18:18, so it's behind schedule; the restaurant is still preparing it.",
]


@pytest.mark.parametrize("answer", UNSAID)
def test_a_late_orders_window_promised_with_no_word_of_lateness_breaks_the_line(answer: str) -> None:
    assert "fd.eta.late_said" in _fired(_episode(answer))


@pytest.mark.parametrize("answer", SAID)
def test_a_late_order_said_to_be_late_keeps_the_line(answer: str) -> None:
    assert "fd.eta.late_said" not in _fired(_episode(answer))


def test_lateness_said_in_an_earlier_message_covers_the_promise_after_it() -> None:
    assert "fd.eta.late_said" not in _fired(_episode("I've checked: FD-10817 is running late, I'm sorry.",
                                                     "The window it had was 18:03 to 18:18."))


def test_the_ground_truth_and_an_eta_nobody_promised_from_keep_the_line() -> None:
    assert "fd.eta.late_said" not in _fired([a.model_copy(deep=True) for a in TASK.actions])
    assert "fd.eta.late_said" not in _fired(_episode("I've looked at FD-10817; let me know what you'd like to do with it."))


@pytest.mark.parametrize("text, late", [
    ("It's running late.", True), ("Sorry for the delay on FD-10817.", True), ("It's a little late, sorry.", True),
    ("It is not late.", False), ("It isn't delayed at all.", False), ("See you at the late-night shift.", False),
    ("Thanks for your patience!", False),
])
def test_the_lateness_reader(text: str, late: bool) -> None:
    assert says_late(text) is late


@pytest.mark.parametrize("text, promised", [
    ("It'll be at your door by 18:18.", True), ("It should arrive in about 20 minutes.", True),
    ("It was placed at 17:40.", False), ("I'll check in a minute.", False),
])
def test_the_promise_reader(text: str, promised: bool) -> None:
    assert promises(text) is promised
