"""The persona customer (issue 29): a deterministic user simulator that plays each task's persona.

Every food-delivery ground truth scores shaped 1.0 against its persona; an agent that writes
without asking, or after the customer said no, loses; the same seed gives the same
conversation byte for byte; questions are answered from the persona's facts; the customer ends
when its request is met or it runs out of patience; ``run --user-strategy persona`` plays it.
"""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.env.types import Action
from tau_shaped.env.users import STOP, load_user
from tau_shaped.reward.reading.replies import classify_reply
from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.consenting import score_consented
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.files import TaskFileError, parse_tasks
from tau_shaped.tasks.persona_check import check_persona, play_against
from tau_shaped.tasks.persona_user import (
    NO_REPLIES,
    PATIENCE,
    YES_REPLIES,
    PersonaMissing,
    PersonaUser,
    domain_confirmation,
    persona_user,
)
from tests.conftest import ROOT

TASKS = ROOT / "tau_shaped_domains" / "food_delivery" / "tasks"


@pytest.fixture(scope="module")
def env():
    domain = load_domain("food_delivery")
    return domain.make_env(task_split="test")


@pytest.fixture(scope="module")
def train_tasks():
    return load_domain("food_delivery").tasks("train")


def _raw(task_id):
    return next(t for t in json.loads((TASKS / "test.json").read_text()) if t["id"] == task_id)


def _task(env, task_id):
    return next(t for t in env.tasks if t.id == task_id)


def _writes(env, task):
    """The steps of the ground truth that call a write the domain's confirmation rule covers."""
    writes = set(domain_confirmation(env).tools)
    return [i for i, a in enumerate(task.actions) if a.name in writes]


def test_every_task_has_a_persona(env, train_tasks):
    assert all(t.persona is not None for t in list(env.tasks) + list(train_tasks))
    for t in env.tasks:  # the customer never opens with the hidden instruction
        assert t.persona.opening != t.instruction and "You are" not in t.persona.opening


def test_the_replies_are_read_as_yes_and_no_by_the_reward(env, train_tasks):
    assert all(classify_reply(r) == "yes" for r in YES_REPLIES)
    insteads = {t.persona.instead for t in list(env.tasks) + list(train_tasks) if t.persona.instead} | {None}
    for no in NO_REPLIES:
        for instead in insteads:
            reply = f"{no} {instead}" if instead else no
            assert classify_reply(reply) in ("no", "change"), reply


def test_every_test_ground_truth_scores_shaped_1_against_its_persona(env):
    for task in env.tasks:
        problems, notes = [], []
        check_persona(env, task, problems, notes)
        assert problems == [], (task.id, problems)
        played = play_against(PersonaUser.for_task(task, env=env), list(task.actions))
        assert len(played.actions) == len(task.actions), task.id
        result = score_trajectory(env, task, played.actions, user_replies=played.replies, first_user_message=played.opening)
        assert result.status == "ok" and result.outcome_reward == 1.0, task.id
        # the same score as the ground truth offline, answered yes at every question (with no
        # reply recorded a confirmed write is undetermined: SPEC §10)
        offline = score_consented(env, task, list(task.actions))
        assert offline.status == "ok", task.id
        assert result.reward == pytest.approx(offline.reward), task.id


def test_the_same_seed_gives_the_same_conversation_byte_for_byte(env):
    wordings = set()
    for task in env.tasks:
        runs = []
        for _ in range(2):
            user = PersonaUser.for_task(task, seed=7, env=env)
            play_against(user, list(task.actions))
            user.step("Is there anything else?")
            runs.append(json.dumps(user.transcript).encode())
        assert runs[0] == runs[1], task.id
    task = _task(env, "fd-missing-3")
    for seed in range(12):
        user = PersonaUser.for_task(task, seed=seed, env=env)
        wordings.add(tuple(play_against(user, list(task.actions)).replies))
    assert len(wordings) > 1  # the seed chooses the wording


def test_writing_without_asking_loses(env):
    tried = 0
    for task in env.tasks:
        writes = _writes(env, task)
        if not writes:
            continue
        first = writes[0]
        assert task.actions[first - 1].name == "respond"  # the ground truth asks just before
        actions = task.actions[: first - 1] + task.actions[first:]
        played = play_against(PersonaUser.for_task(task, env=env), actions)
        result = score_trajectory(env, task, played.actions, user_replies=played.replies, first_user_message=played.opening)
        assert result.outcome_reward == 0.0, task.id
        tried += 1
    assert tried >= 40


def test_writing_after_a_no_loses(env):
    tried = 0
    for task in env.tasks:
        if not _writes(env, task):
            continue
        refusing = task.model_copy(update={"persona": task.persona.model_copy(update={"accept": []})})
        played = play_against(PersonaUser.for_task(refusing, env=env), list(task.actions))
        assert any(classify_reply(r) in ("no", "change") for r in played.replies), task.id
        result = score_trajectory(env, refusing, played.actions, user_replies=played.replies, first_user_message=played.opening)
        assert result.outcome_reward == 0.0, task.id
        tried += 1
    assert tried >= 40


def test_recordings_that_write_with_no_yes_or_after_a_no_lose_against_the_persona(env):
    recordings = json.loads((TASKS / "recordings" / "test.json").read_text())
    chosen = [r for r in recordings if "no yes" in r["label"] or "said no" in r["label"] or "gave in" in r["label"]
              and "refused" in r["task_id"]]
    assert len(chosen) >= 20
    for rec in chosen:
        task = _task(env, rec["task_id"])
        actions = [Action(**a) for a in rec["actions"]]
        played = play_against(PersonaUser.for_task(task, env=env), actions)
        result = score_trajectory(env, task, played.actions, user_replies=played.replies, first_user_message=played.opening)
        assert result.outcome_reward == 0.0, (rec["task_id"], rec["label"])


def test_a_wrong_offer_gets_a_no_and_the_right_one_a_yes(env):
    task = _task(env, "fd-missing-3")  # $16.90 for missing BBQ Ribs: card, wallet or a replacement
    user = PersonaUser.for_task(task, env=env)
    user.reset()
    assert classify_reply(user.step("I can refund $5.00 to your card for order FD-10045. Is that OK?")) in ("no", "change")
    assert classify_reply(user.step("I can refund $16.90 as wallet credit for order FD-10045. Is that OK?")) == "yes"
    assert user.step("Done: $16.90 is in your wallet.") == STOP
    user = PersonaUser.for_task(task, env=env)
    user.reset()
    assert classify_reply(user.step("I can send you a new BBQ Ribs as a replacement order. Shall I?")) == "yes"
    user.reset()  # a replacement of another dish, or a refund negated, is not what they accept
    assert classify_reply(user.step("I can send you a new Coleslaw as a replacement order. Shall I?")) in ("no", "change")
    assert classify_reply(user.step("I can't refund $16.90, but may I cancel the order?")) in ("no", "change")


def test_questions_are_answered_from_the_facts(env):
    task = _task(env, "fd-cancel-3")  # Yara Okafor, no email remembered, order named by restaurant and time
    user = PersonaUser.for_task(task, env=env)
    assert user.reset("ignored") == task.persona.opening
    email = user.step("Could you give me the email on your account?")
    assert "don't remember" in email and "Yara Okafor" in email and "97217" in email
    order = user.step("What is the order number?")
    assert "Garcia's Indian Kitchen" in order and "FD-" not in order
    both = user.step("Please provide your name and zip code.")
    assert "Yara Okafor" in both and "97217" in both
    assert user.step("What is your phone number?") == "Sorry, I don't have that."
    known = PersonaUser.for_task(_task(env, "fd-missing-3"), env=env)
    known.reset()
    assert "ben.novak1158@example.com" in known.step("May I have your email address?")
    assert "BBQ Ribs" in known.step("Which item was missing?")


def test_the_customer_gives_up_and_stays_ended(env):
    user = PersonaUser.for_task(_task(env, "fd-cancel-3"), env=env)
    user.reset()
    replies = [user.step("Let me check that for you.") for _ in range(PATIENCE + 1)]
    assert replies[:PATIENCE] == [user.persona.request] * PATIENCE and replies[PATIENCE] == STOP
    assert user.ended and user.step("Shall I cancel order FD-10018?") == STOP


def test_a_transfer_is_waited_for_once(env):
    task = _task(env, "fd-fraud-3")
    user = PersonaUser.for_task(task, env=env)
    user.reset()
    assert classify_reply(user.step("I will pass your request about order FD-10279 to our specialist team. Shall I?")) == "yes"
    assert user.step("A specialist will follow up. I am transferring you now.") in ("Okay, thank you.", "Alright, thanks.")
    assert user.step("Are you still there?") == STOP


def test_an_answer_ends_the_question_and_a_refusal_the_refused(env):
    user = PersonaUser.for_task(_task(env, "fd-question-3"), env=env)
    user.reset()
    assert user.step("Your order FD-10005 is delivered.") == user.persona.request  # the total is still unsaid
    assert user.step("Its total is $19.73. Anything else?") == STOP
    user = PersonaUser.for_task(_task(env, "fd-cap-refused-3"), env=env)
    user.reset()
    no = user.step("The most I can offer is a $5.00 apology credit to your wallet for order FD-10197. Would you like it?")
    assert classify_reply(no) in ("no", "change") and "$50" in no
    assert user.step("I cannot go above $5.00, so I will not add a credit.") == STOP


def test_a_task_without_persona_and_the_env_layer(env):
    task = _task(env, "fd-cancel-3").model_copy(update={"persona": None})
    with pytest.raises(PersonaMissing, match="fd-cancel-3: no persona"):
        persona_user(task)
    with pytest.raises(ValueError, match="built per task"):
        load_user("persona")


def test_a_bad_persona_is_one_line_naming_the_task_and_field():
    raw = [_raw("fd-question-3")]
    raw[0]["persona"]["facts"]["social security"] = "123"  # no fact's name (a fact of no topic: persona_check)
    with pytest.raises(TaskFileError) as err:
        parse_tasks(raw, "t.json")
    assert "fd-question-3" in str(err.value) and "persona.facts" in str(err.value)
    raw = [_raw("fd-missing-3")]
    raw[0]["persona"]["accept"][0]["args"]["amount"] = {"gte": 5}
    with pytest.raises(TaskFileError) as err:
        parse_tasks(raw, "t.json")
    assert "fd-missing-3" in str(err.value) and "persona.accept" in str(err.value)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=300), min_size=1, max_size=6))
def test_any_agent_text_gives_a_reply_and_the_same_one_twice(env_messages):
    task = _raw("fd-missing-3")
    one, two = (persona_user(parse_tasks([task])[0]) for _ in range(2))
    one.reset(), two.reset()
    for text in env_messages:
        a, b = one.step(text), two.step(text)
        assert isinstance(a, str) and a and a == b


def test_huge_and_odd_messages_are_read_quickly(env):
    user = PersonaUser.for_task(_task(env, "fd-missing-3"), env=env)
    user.reset()
    # this process's CPU time: a bound on the reading's work, not on how long a loaded machine kept it waiting
    start = time.process_time()
    for text in ("refund $16.90? " * 70_000, "(" * 200_000, None, 12, "\x00" * 50_000):
        assert isinstance(user.step(text), str)
    assert time.process_time() - start < 10.0


def test_run_with_the_persona_scores_every_test_task(tmp_path):
    from tau_shaped.evaluation.results_file import read_results
    from tau_shaped.evaluation.runner import RunConfig, RunError, run

    summary = run(RunConfig(env="food_delivery", agent_strategy="ground-truth", user_strategy="persona",
                            task_split="test", log_dir=str(tmp_path)))
    records = read_results(summary.path)
    assert len(records) == 76
    for record in records:
        shaped = record["info"]["shaped"]
        assert shaped["status"] == "ok" and shaped["outcome_reward"] == 1.0, record["info"]["task_key"]
        task = record["info"]["task"]
        assert record["traj"][1]["content"] == task["persona"]["opening"] != task["instruction"]
    with pytest.raises(RunError, match="has no persona"):
        run(RunConfig(env="tests.mini_domain:DOMAIN", agent_strategy="ground-truth", user_strategy="persona",
                      log_dir=str(tmp_path)))
