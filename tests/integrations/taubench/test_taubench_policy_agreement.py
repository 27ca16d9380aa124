"""tau-bench's own domains: the mixin and ``load_domain`` apply the same policy rules, and
tau-bench's ground truths, played as a careful agent plays them (a confirmation before each
write, answered by the persona customer), score shaped 1.0 (issue 42).

Needs ``tau_bench`` (not on PyPI: ``pip install --no-deps -e <tau-bench checkout>``) and the
tau2 extra (the rules are the tau2 domains'): each test skips without them, naming which.
"""

from __future__ import annotations

import pytest

pytest.importorskip("tau_bench.envs.retail", reason="needs tau_bench (not on PyPI; install a tau-bench checkout)")
pytest.importorskip("tau2", reason="needs the tau2 extra (pip install -e \".[tau2]\"): the rules are the tau2 domains'")

from tau_bench.envs.airline import MockAirlineDomainEnv  # noqa: E402
from tau_bench.envs.retail import MockRetailDomainEnv  # noqa: E402

from tau_shaped import ShapedRewardMixin  # noqa: E402
from tau_shaped.env.users import ScriptedUser  # noqa: E402
from tau_shaped.integrations.taubench import TauBenchRewardMixin, adopt_domain_policy, taubench_domain_of  # noqa: E402
from tau_shaped.reward.scoring import score_trajectory  # noqa: E402
from tau_shaped.tasks.check_runner import _load, split_source  # noqa: E402
from tau_shaped.tasks.consenting import YES, score_with_customer, shortfalls  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402


class ShapedRetail(TauBenchRewardMixin, MockRetailDomainEnv):
    pass


class PlainRetail(ShapedRewardMixin, MockRetailDomainEnv):
    pass


class ShapedAirline(TauBenchRewardMixin, MockAirlineDomainEnv):
    pass


def _tau_bench_env(cls):
    env = cls(user_strategy="human", user_model="none", task_split="test", task_index=0)
    env.user = ScriptedUser(["ok"] * 50)  # no LLM calls
    return env


@pytest.fixture(scope="module")
def retail():
    return load_domain("retail")


@pytest.fixture(scope="module")
def retail_env(retail):
    return retail.make_env(task_index=0)


@pytest.fixture(scope="module")
def mixin_env():
    return _tau_bench_env(ShapedRetail)


def _verdict(result):
    return (result.status, result.reward, result.outcome_reward, result.legacy_reward, result.safety_passed,
            sorted(result.rules_checked), [(v.id, v.step) for v in result.rule_violations],
            [(g.id, g.step) for g in result.gate_violations])


@pytest.mark.parametrize("index", [0, 114])
def test_the_mixin_and_load_domain_score_a_trajectory_alike(retail, retail_env, mixin_env, index):
    task = retail.tasks("test")[index]
    played = retail.check_tasks("test")[index]
    replies = [YES] * sum(a.name == "respond" for a in played.actions)
    for actions, answers in ((list(task.actions), None), (list(played.actions), replies)):
        ours = score_trajectory(mixin_env, task, actions, user_replies=answers, first_user_message=task.instruction)
        theirs = score_trajectory(retail_env, task, actions, user_replies=answers, first_user_message=task.instruction)
        assert _verdict(ours) == _verdict(theirs)
        assert ours.rules_checked  # the rules apply: not an agreement on nothing


def test_tau_benchs_ground_truth_alone_breaks_the_confirmation_rule_both_ways(retail, retail_env, mixin_env):
    task = retail.tasks("test")[0]  # an exchange: one write, no message asking for a yes
    for env in (retail_env, mixin_env):
        result = score_trajectory(env, task, list(task.actions), first_user_message=task.instruction)
        assert [v.id for v in result.rule_violations] == ["retail.confirm.before_write"]
        assert result.outcome_reward == 0.0 and result.legacy_reward == 1.0


def test_the_plain_mixin_applies_no_rule_on_tau_benchs_env(retail):
    """What the README says of ``ShapedRewardMixin`` alone: it knows no domain."""
    env = _tau_bench_env(PlainRetail)
    task = retail.tasks("test")[0]
    result = score_trajectory(env, task, list(task.actions), first_user_message=task.instruction)
    assert result.rules_checked == [] and result.reward == 1.0


def test_the_domain_is_read_from_the_env_class():
    assert taubench_domain_of(ShapedRetail) == "retail"
    assert taubench_domain_of(ShapedAirline) == "airline"
    assert taubench_domain_of(PlainRetail) == "retail"
    assert taubench_domain_of(dict) is None
    with pytest.raises(ValueError, match="none of tau-bench's domains"):
        adopt_domain_policy(object())


@pytest.fixture(scope="module")
def airline():
    return load_domain("airline")


@pytest.fixture(scope="module")
def airline_env(airline):
    return airline.make_env(task_index=0)


@pytest.mark.parametrize("index", [2])
def test_the_airline_mixin_and_load_domain_score_alike(airline, airline_env, index):
    env = _tau_bench_env(ShapedAirline)
    assert [r.id for r in env.policy_rules.rules] == [r.id for r in airline.policy_rules.rules]
    task, played = airline.tasks("test")[index], airline.check_tasks("test")[index]
    replies = [YES] * sum(a.name == "respond" for a in played.actions)
    for opening in (task.instruction, "Hi, I want to change a flight."):  # the user id said, or not
        ours = score_trajectory(env, task, list(played.actions), user_replies=replies, first_user_message=opening)
        theirs = score_trajectory(airline_env, task, list(played.actions), user_replies=replies, first_user_message=opening)
        assert _verdict(ours) == _verdict(theirs) and ours.rules_checked


# -- the check form: tau-bench's ground truths as a careful agent plays them --------------------------

@pytest.mark.parametrize("index", [0, 5, 75, 114])
def test_retail_ground_truths_played_with_their_confirmations_score_1(retail, retail_env, index):
    task = retail.check_tasks("test")[index]
    result = score_with_customer(retail_env, task)
    assert shortfalls(result) == [] and result.reward == 1.0
    asked = [a.kwargs["content"] for a in task.actions if a.name == "respond"]
    writes = [a for a in retail.tasks("test")[index].actions if a.name in retail.writes]
    assert writes and len([q for q in asked if "Do you confirm" in q]) == len(writes)
    for write in writes:  # each question names the call's values
        assert any(str(write.kwargs["order_id"]) in q for q in asked)


def test_a_ground_truth_that_never_finds_its_user_gets_the_look_up_first(retail):
    raw = retail.tasks("test")[75]
    played = retail.check_tasks("test")[75]
    assert not any(a.name.startswith("find_user_id_by_") for a in raw.actions)
    assert played.actions[0].name == "find_user_id_by_email"


def test_a_ground_truth_breaking_its_own_policy_is_named(retail, retail_env):
    """Test task 64: tau-bench's user is harper_moore_6183, its ground truth acts for James
    Sanchez, and first asks to exchange items of a pending order (the tool refuses)."""
    result = score_with_customer(retail_env, retail.check_tasks("test")[64])
    why = shortfalls(result)
    assert "policy rule retail.status.delivered_to_return_or_exchange" in why
    assert result.outcome_reward == 0.0


def test_airline_ground_truths_score_1_with_the_persona_saying_the_user_id(airline, airline_env):
    task = airline.check_tasks("test")[2]
    assert task.user_id in task.persona.opening  # air.identity.user_id_from_user: the customer says it
    result = score_with_customer(airline_env, task)
    assert shortfalls(result) == [] and result.reward == 1.0


def test_tasks_check_reads_a_tau_bench_split_in_its_check_form():
    domain, tasks = _load(str(split_source("dev")), "retail")
    assert [t.id for t in tasks] == [str(i) for i in range(len(domain.tasks("dev")))]
    assert all(t.persona is not None and t.split == "dev" for t in tasks)
