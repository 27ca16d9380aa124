"""tau2's tasks get a persona customer derived from their user scenario and ground truth (issue
29): the ground truth played against it scores as offline, except where the policy needs words
the scenario gives only as free-text task instructions (airline: why a trip is cancelled on
insurance, that the customer asks for compensation)."""

import pytest

pytest.importorskip("tau2", reason="the tau2 extra is not installed")

from tau_shaped.integrations.tau2.personas import first_person  # noqa: E402
from tau_shaped.reward.scoring import score_trajectory  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402
from tau_shaped.tasks.persona_check import check_persona  # noqa: E402

# tau2 tasks whose own ground truth breaks tau2's policy (README): scored 0 offline too
BROKEN = {"tau2:retail": {"64"}, "tau2:airline": {"7", "9", "29", "33", "37"}}
# the reason or the request for compensation is only in the free-text task instructions
UNCOVERED = {"tau2:airline": {"2", "19", "44"}}
NEEDS_WORDS = ("air.compensation.asked_for", "air.cancel.insurance_reason_covered")


@pytest.mark.parametrize("name", ["tau2:retail", "tau2:airline"])
def test_the_ground_truth_scores_against_its_persona(name):
    domain = load_domain(name)
    tasks = domain.tasks("test")
    env = domain.make_env(tasks=tasks, task_index=0)
    passed = set()
    for task in tasks:
        assert task.persona is not None and task.persona.opening != task.instruction, task.id
        problems, notes = [], []
        check_persona(env, task, problems, notes)
        if not problems:
            passed.add(task.id)
        elif task.id in UNCOVERED.get(name, set()):
            assert all(any(rule in p for rule in NEEDS_WORDS) for p in problems), (task.id, problems)
        else:
            assert task.id in BROKEN[name], (task.id, problems)
            assert score_trajectory(env, task, list(task.actions)).outcome_reward == 0.0
    expected = {t.id for t in tasks} - BROKEN[name] - UNCOVERED.get(name, set())
    assert passed == expected


def test_the_scenario_is_said_in_the_customers_voice():
    assert first_person("You are mei_kovacs_8020 in zipcode 28236.") == "I am mei_kovacs_8020 in zipcode 28236."
    assert first_person("You want to exchange your water bottle.") == "I want to exchange my water bottle."
