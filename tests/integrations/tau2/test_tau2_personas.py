"""tau2's tasks get a persona customer derived from their user scenario and ground truth (issue
29): the ground truth played against it scores shaped 1.0 on every task whose ground truth
keeps tau2's policy. What the policy needs the customer to say but the scenario gives only in
free text (airline: why a trip is cancelled on insurance, that the customer asks for
compensation) comes from the domain package's ``persona_facts.json``, each fact checked here
against the scenario words it cites."""

import json

import pytest

pytest.importorskip("tau2", reason="the tau2 extra is not installed")

from tau_shaped.env.json_input import InputError  # noqa: E402
from tau_shaped.integrations.tau2.personas import (  # noqa: E402
    FACTS_FILE,
    first_person,
    read_scenario_facts,
    said_facts,
    scenario_facts,
)
from tau_shaped.reward.scoring import score_trajectory  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402
from tau_shaped.tasks.persona_check import check_persona  # noqa: E402

# tau2 tasks whose own ground truth breaks tau2's policy (POLICY_RULES.md): scored 0 offline too
BROKEN = {"tau2:retail": {"64"}, "tau2:airline": {"7", "9", "29", "33", "37"}}
# ground truths that break it once the customer's words are recorded (scored 1 offline, where the
# rule has no user text to judge): they cancel on insurance for a reason the policy does not
# cover, and their scenario gives no other (39: giving the seat away; 44: flights over 4 hours)
BROKEN_WITH_WORDS = {"tau2:airline": {"39", "44"}}
SPLITS = ("test", "train")


def _raw_tasks(name):
    if name == "tau2:airline":
        from tau2.domains.airline.utils import AIRLINE_TASK_SET_PATH as path
    else:
        from tau2.domains.retail.utils import RETAIL_TASK_SET_PATH as path
    return {str(t["id"]): t for t in json.loads(open(path, encoding="utf-8").read())}


@pytest.mark.parametrize("name", ["tau2:retail", "tau2:airline"])
def test_the_ground_truth_scores_against_its_persona(name):
    domain = load_domain(name)
    tasks = [task for split in SPLITS for task in domain.tasks(split)]
    assert len({t.id for t in tasks}) == len(_raw_tasks(name))  # the two splits hold every task
    env = domain.make_env(tasks=tasks, task_index=0)
    passed = set()
    for task in tasks:
        assert task.persona is not None and task.persona.opening != task.instruction, task.id
        problems, notes = [], []
        check_persona(env, task, problems, notes)
        if not problems:
            passed.add(task.id)
        elif task.id in BROKEN_WITH_WORDS.get(name, set()):
            assert all("air.cancel.insurance_reason_covered" in p for p in problems), (task.id, problems)
            assert score_trajectory(env, task, list(task.actions)).outcome_reward == 1.0
        else:
            assert task.id in BROKEN[name], (task.id, problems)
            assert score_trajectory(env, task, list(task.actions)).outcome_reward == 0.0
    expected = {t.id for t in tasks} - BROKEN[name] - BROKEN_WITH_WORDS.get(name, set())
    assert passed == expected
    assert len(passed) == {"tau2:retail": 113, "tau2:airline": 43}[name]


def test_every_persona_fact_is_read_from_its_tasks_scenario():
    """Each fact of the airline package cites words its task's scenario field holds verbatim,
    and its task's persona says it in the opening; the words that give the policy its reason
    are there (a covered reason for a cancellation on insurance, a request for compensation)."""
    facts = scenario_facts("airline")
    raw = _raw_tasks("tau2:airline")
    assert set(facts) == {"2", "19", "27", "38"}
    tasks = {t.id: t for split in SPLITS for t in load_domain("tau2:airline").tasks(split)}
    for task_id, entries in facts.items():
        instructions = raw[task_id]["user_scenario"]["instructions"]
        for fact in entries:
            assert fact.quote in instructions[fact.field], (task_id, fact.quote)
            assert tasks[task_id].persona.opening.endswith(fact.says), task_id
    assert "unwell" in facts["19"][0].quote and "unwell" in facts["19"][0].says
    for task_id in ("2", "27", "38"):
        assert "compensat" in facts[task_id][0].quote and "compensat" in facts[task_id][0].says
    # a task with no fact says nothing beyond its scenario
    assert "compensat" not in tasks["0"].persona.opening


def test_a_fact_applies_only_while_its_scenario_holds_its_words():
    raw = _raw_tasks("tau2:airline")["19"]
    said = said_facts(raw)
    assert len(said) == 1 and "unwell" in said[0]
    changed = json.loads(json.dumps(raw))
    changed["user_scenario"]["instructions"]["task_instructions"] = "You want to change your flight."
    assert said_facts(changed) == []
    elsewhere = json.loads(json.dumps(raw))
    elsewhere["id"] = "20"
    assert said_facts(elsewhere) == []
    for domain in ("retail", "telecom", ["airline"], None):  # no package's facts, never an error
        other = json.loads(json.dumps(raw))
        other["user_scenario"]["instructions"]["domain"] = domain
        assert said_facts(other) == []


@pytest.mark.parametrize("content, where", [
    ('{"facts": [{"task": "1", "field": "policy", "quote": "x", "says": "y"}]}', "facts.0.field"),
    ('{"facts": [{"task": "1", "field": "task_instructions", "quote": "", "says": "y"}]}', "facts.0.quote"),
    ('{"facts": [{"task": "1", "field": "task_instructions", "quote": "x"}]}', "facts.0.says"),
    ('{"facts": [], "code": "os.system"}', "code"),
    ('{"facts": [', "JSON"),
    ('[]', "(top)"),
])
def test_a_facts_file_that_is_not_one_is_named_in_one_line(tmp_path, content, where):
    path = tmp_path / FACTS_FILE
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_scenario_facts(str(path))
    message = str(caught.value)
    assert str(path) in message and where.lower() in message.lower() and "\n" not in message


def test_a_flight_number_is_not_a_reservation():
    """Task 27 names flight HAT039: the persona does not give it as a reservation id."""
    tasks = {t.id: t for split in SPLITS for t in load_domain("tau2:airline").tasks(split)}
    assert "HAT039" not in tasks["27"].persona.facts.get("reservation", "")
    assert "HAT039" in tasks["27"].persona.opening
    assert tasks["6"].persona.facts.get("reservation") == "The reservation id is PEP4E0."


def test_the_scenario_is_said_in_the_customers_voice():
    assert first_person("You are mei_kovacs_8020 in zipcode 28236.") == "I am mei_kovacs_8020 in zipcode 28236."
    assert first_person("You want to exchange your water bottle.") == "I want to exchange my water bottle."
