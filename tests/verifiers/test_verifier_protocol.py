"""The common verifier protocol (issue 6, SPEC §8): statuses, faults, abstention,
and the trajectory verifier behind the same outcome type."""

from __future__ import annotations

import json

import pytest

from tau_shaped.verifiers.trajectory import TrajectoryVerifier
from tau_shaped.verifiers.protocol import (
    ResponseTimeout,
    Verdict,
    Verifier,
    VerifierFault,
    VerifierOutcome,
    VerifierStatus,
)
from tests.conftest import TESTS
from tests.mini_domain import make_env


class Scripted(Verifier):
    """A verifier whose check does what the response says."""

    name = "scripted"

    def check(self, prompt, response):
        if response == "loop":
            raise ResponseTimeout("the solution never returned")
        if response == "infra":
            raise VerifierFault("the sandbox pool is down")
        if response == "bug":
            raise KeyError("oops")
        return Verdict(score=float(response), metadata={"prompt": prompt})


@pytest.mark.parametrize(
    "response, status, score, fault",
    [
        ("1", VerifierStatus.VERIFIED, 1.0, None),
        ("0.25", VerifierStatus.VERIFIED, 0.25, None),
        ("0", VerifierStatus.INVALID, 0.0, "policy"),
        ("loop", VerifierStatus.TIMEOUT, 0.0, "policy"),
        ("infra", VerifierStatus.INTERNAL_ERROR, None, "verifier"),
        ("bug", VerifierStatus.INTERNAL_ERROR, None, "verifier"),
    ],
)
def test_who_is_at_fault_decides_the_score(response, status, score, fault):
    """SPEC §8: a verifier fault is never a silent 0; a response's own timeout is."""
    verifier = Scripted()
    outcome = verifier.verify_outcome("p", response)
    assert (outcome.status, outcome.score, outcome.fault) == (status, score, fault)
    assert outcome.abstained == (score is None)
    assert verifier.verify("p", response) == score
    assert outcome.verifier == "scripted" and outcome.duration_s >= 0


def test_status_codes_are_stable_strings():
    assert [s.value for s in VerifierStatus] == [
        "verified", "invalid", "timeout", "spurious_fail", "spurious_pass", "internal_error", "budget_exhausted",
    ]


def test_outcomes_round_trip_through_json():
    outcome = Scripted().verify_outcome({"q": 1}, "0.5").with_updates(tier="balanced", attempts=2)
    data = json.loads(outcome.model_dump_json())
    assert data["status"] == "verified" and data["tier"] == "balanced" and data["attempts"] == 2
    assert VerifierOutcome.model_validate(data) == outcome


def test_scores_outside_the_unit_interval_are_refused():
    with pytest.raises(ValueError):
        VerifierOutcome(status=VerifierStatus.VERIFIED, score=1.5)
    outcome = Scripted().verify_outcome("p", "2")  # a check that returns 2 is a verifier bug
    assert outcome.status == VerifierStatus.INTERNAL_ERROR and outcome.score is None


@pytest.fixture(scope="module")
def env():
    return make_env()


def test_trajectory_verifier_reports_the_shaped_result(env):
    gt = env.ground_truth(env.tasks[0]).data["orders"]["O1"]["driver_id"]
    other = next(d for d in ["D2", "D3", "D4"] if d != gt)
    verifier = TrajectoryVerifier(env)
    actions = [{"name": "get_order", "kwargs": {"order_id": "O1"}}, {"name": "dispatch_courier", "kwargs": {"order_id": "O1", "courier_id": other}}]
    outcome = verifier.verify_outcome(0, actions)
    assert outcome.status == VerifierStatus.VERIFIED and outcome.verifier == "trajectory"
    meta = outcome.metadata
    assert meta["outcome_reward"] == 1.0 and meta["legacy_reward"] == 0.0
    assert meta["reward"] == pytest.approx(1.0 + 0.3 * 0.8)
    assert outcome.score == pytest.approx(meta["reward"] / 1.3)


def test_trajectory_verifier_wrong_and_unsafe_and_malformed(env):
    verifier = TrajectoryVerifier(env, blend="outcome")
    wrong = verifier.verify_outcome(0, [{"name": "dispatch_courier", "kwargs": {"order_id": "O1", "courier_id": "D5"}}])
    assert wrong.status == VerifierStatus.INVALID and wrong.score == 0.0 and wrong.fault == "policy"
    malformed = verifier.verify_outcome(0, [{"kwargs": {}}])
    assert malformed.status == VerifierStatus.INTERNAL_ERROR and malformed.score is None
    assert malformed.metadata["core_status"] == "input_invalid" and malformed.metadata["error"]


def test_trajectory_verifier_names_a_fired_gate(env):
    task = next(i for i, t in enumerate(env.tasks) if any("allergen" in g.id for g in t.reward_overrides.safety_gates))
    actions = json.loads((TESTS / "mini_domain" / "trajectories.json").read_text())
    unsafe = next(a for a in actions if a["label"].startswith("peanut substitute"))
    outcome = TrajectoryVerifier(env).verify_outcome(task, unsafe["actions"])
    assert outcome.score == 0.0 and outcome.status == VerifierStatus.INVALID
    assert outcome.metadata["safety_passed"] is False and outcome.metadata["gates"]


def test_unknown_blend_is_refused_at_construction(env):
    with pytest.raises(ValueError, match="unknown blend"):
        TrajectoryVerifier(env, blend="best")


def test_one_telemetry_stream_covers_trajectory_and_single_turn_verifiers(env, tmp_path):
    """Issue 6: the trajectory verifier goes through the same outcome type and trace."""
    from tau_shaped.verifiers.noise.config import parse_noise_config
    from tau_shaped.verifiers.noise.noisy_verifier import NoisyVerifier
    from tau_shaped.verifiers.noise.telemetry import TelemetryTrace, read_trace
    from tau_shaped.verifiers.single_turn.format_verifier import FormatVerifier

    clean = parse_noise_config({"tiers": {"t": {}}, "routing": {"order": ["t"]}})
    trace = TelemetryTrace(tmp_path / "trace.jsonl")
    trajectory = NoisyVerifier(TrajectoryVerifier(env, blend="outcome"), clean, trace)
    single = NoisyVerifier(FormatVerifier(), clean, trace)
    gt = env.ground_truth(env.tasks[0]).data["orders"]["O1"]["driver_id"]
    actions = [{"name": "dispatch_courier", "kwargs": {"order_id": "O1", "courier_id": gt}}]
    assert trajectory.verify(0, actions, context="task0/trial0") == 1.0
    assert single.verify({"format": "json"}, "{}") == 1.0
    events = read_trace(tmp_path / "trace.jsonl")
    assert [(e["verifier"], e["status"], e["context"]) for e in events][0] == ("trajectory", "verified", "task0/trial0")
    assert events[1]["verifier"] == "format" and events[1]["status"] == "verified"
