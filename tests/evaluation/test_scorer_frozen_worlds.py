"""A scorer's worlds are out of the cyclic collector's sight (a kept S0 was walked again by every
full collection: a sixth of a batch's CPU time), built with the collector paused, and the
collector left as the caller had it."""

from __future__ import annotations

import gc

from tau_shaped.evaluation.record_scorer import RecordScorer
from tau_shaped.reward.shaped_env import task_seed


def _collected(obj) -> bool:
    """Whether a full collection would walk ``obj`` (frozen objects are in no generation)."""
    return any(o is obj for o in gc.get_objects())


def test_a_world_the_scorer_builds_is_frozen_and_the_collector_restored():
    scorer = RecordScorer("food_delivery", "train")
    seed = task_seed(scorer.tasks[0])
    assert gc.isenabled()
    world = scorer.world(seed)
    assert gc.isenabled()
    assert world is scorer.env.initial_state(seed)  # the env's own S0, not a copy
    table = next(v for v in world.values() if isinstance(v, dict) and v)
    assert not _collected(world) and not _collected(table)
    assert scorer.world(seed) is world  # built once


def test_a_paused_collector_stays_paused():
    scorer = RecordScorer("food_delivery", "train")
    gc.disable()
    try:
        scorer.world(task_seed(scorer.tasks[0]))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_scoring_a_rollout_freezes_its_task_world_first():
    scorer = RecordScorer("food_delivery", "train")
    task = scorer.tasks[0]
    result = scorer.score_rollout(task.id, actions=list(task.actions))
    assert result.reward is not None
    assert not _collected(scorer.env.initial_state(task_seed(task)))
