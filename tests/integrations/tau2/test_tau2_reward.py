"""tau2-bench's reward, computed by tau-shaped, equals tau2's own ``evaluate_simulation``.

Needs the ``tau2`` extra. By default every 24th task of airline and retail
(ground truth and each perturbation); ``TAU2_PARITY_ALL=1`` checks every task
(several minutes: tau2 rebuilds two environments per simulation).
"""

from __future__ import annotations

import os
import sys

import pytest

pytest.importorskip("tau2")

from loguru import logger  # noqa: E402  (a tau2 dependency)

logger.remove()
logger.add(sys.stderr, level="ERROR")

from tau2.data_model.simulation import TerminationReason  # noqa: E402
from tau2.data_model.tasks import RewardType  # noqa: E402
from tau2.utils.utils import get_dict_hash  # noqa: E402

from tau_shaped.integrations.tau2.reward import Tau2Scorer  # noqa: E402
from tau_shaped.integrations.tau2.simulations import PERTURBATIONS, simulations_for  # noqa: E402

DOMAINS = ("airline", "retail")
STRIDE = 1 if os.environ.get("TAU2_PARITY_ALL") else 24
pytestmark = pytest.mark.usefixtures("tau2_db_files_read_once")  # tau2's environments: each database file read once


def _registry():
    from tau2.registry import registry  # imports litellm (seconds): when a test runs, not when collected

    return registry


def _evaluate(sim, task, domain):
    """tau2's own reward for ``sim``."""
    from tau2.evaluator.evaluator import EvaluationType, evaluate_simulation

    return evaluate_simulation(sim, task, EvaluationType.ALL, False, domain)


@pytest.fixture(scope="module")
def scorers():
    return {domain: Tau2Scorer(domain) for domain in DOMAINS}


@pytest.fixture(scope="module")
def retail_first():
    """Retail's first task and its ground-truth simulation (each test changes a copy)."""
    task = _tasks("retail")[0]
    return task, simulations_for(_registry().get_env_constructor("retail"), task, perturbations=())["ground_truth"]


def _tasks(domain):
    return _registry().get_tasks_loader(domain)()


@pytest.mark.parametrize("domain", DOMAINS)
def test_reward_equals_tau2_evaluate_simulation(domain, scorers):
    scorer = scorers[domain]
    constructor = _registry().get_env_constructor(domain)
    kinds = set()
    disagreements = []
    for task in _tasks(domain)[::STRIDE]:
        for kind, sim in simulations_for(constructor, task).items():
            expected = _evaluate(sim, task, domain).reward
            got = scorer.score(sim, task).reward
            kinds.add(kind)
            if got != expected:
                disagreements.append((task.id, kind, expected, got))
    assert not disagreements
    assert {"ground_truth", "wrong_write", "missing_write", "truncated"} <= kinds <= {"ground_truth", *PERTURBATIONS}


@pytest.mark.parametrize("domain", DOMAINS)
def test_ground_truth_scores_one_and_perturbations_lose_what_they_break(domain, scorers):
    scorer = scorers[domain]
    constructor = _registry().get_env_constructor(domain)
    task = next(t for t in _tasks(domain) if t.evaluation_criteria.communicate_info)
    sims = simulations_for(constructor, task)
    assert scorer.score(sims["ground_truth"]).reward == 1.0
    missing = scorer.score(sims["missing_fact"])
    assert missing.reward == 0.0 and missing.db_match and not all(missing.communicate_met)
    truncated = scorer.score(sims["truncated"])
    assert truncated.reward == 0.0 and "max_steps" in truncated.note


def test_replays_leave_the_working_database_as_loaded(scorers):
    scorer = scorers["retail"]
    constructor = _registry().get_env_constructor("retail")
    before = constructor().get_db_hash()
    for task in _tasks("retail")[:10]:
        for sim in simulations_for(constructor, task).values():
            scorer.score(sim, task)
    assert get_dict_hash(scorer._incremental.shared.pristine.model_dump()) == before  # replays work on views
    assert scorer._construct().get_db_hash() == before


def test_nl_assertions_are_reported_not_judged(scorers):
    scorer = scorers["airline"]
    task = _tasks("airline")[0].model_copy(deep=True)
    task.evaluation_criteria.reward_basis = [RewardType.DB, RewardType.NL_ASSERTION]
    task.evaluation_criteria.nl_assertions = ["The agent apologises."]
    sim = simulations_for(_registry().get_env_constructor("airline"), task, perturbations=())["ground_truth"]
    result = scorer.score(sim, task)
    assert result.reward is None
    assert result.not_judged == ["The agent apologises."]
    assert result.breakdown["DB"] == 1.0


@pytest.mark.parametrize("reason", [r for r in TerminationReason if r not in ("agent_stop", "user_stop")])
def test_any_other_ending_scores_zero(reason, scorers, retail_first):
    task, ground_truth = retail_first
    sim = ground_truth.model_copy(deep=True)
    sim.termination_reason = reason
    assert scorers["retail"].score(sim, task).reward == 0.0
    assert _evaluate(sim, task, "retail").reward == 0.0
