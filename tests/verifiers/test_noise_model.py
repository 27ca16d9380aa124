"""The deterministic noise model (issue 6): draws, rates, durations, escalation,
budget, telemetry and `tau-shaped noise`."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tau_shaped.cli import app
from tau_shaped.verifiers.noise.config import EXAMPLE_CONFIG, NoiseConfigError, load_noise_config, parse_noise_config
from tau_shaped.verifiers.noise.draws import derived_seed, uniform
from tau_shaped.verifiers.noise.noisy_verifier import NoisyVerifier, label_outcome, simulated_duration
from tau_shaped.verifiers.noise.results_noise import apply_noise
from tau_shaped.verifiers.noise.telemetry import TelemetryTrace, aggregate_rates, read_trace
from tau_shaped.verifiers.protocol import Verdict, Verifier, VerifierStatus

ROOT = Path(__file__).resolve().parents[2]
N = 10_000


def config(**tiers_and_routing):
    routing = tiers_and_routing.pop("routing", {"order": ["fast_noisy"], "max_attempts": 1})
    budget = tiers_and_routing.pop("budget", None)
    tiers = tiers_and_routing or {"fast_noisy": {}}
    return parse_noise_config({"seed": 11, "tiers": tiers, "routing": routing, "budget": budget})


def statuses(cfg, passed: bool, n: int = N, slice_name=None, seed=None):
    verifier = NoisyVerifier(None, cfg, seed=seed)
    return [verifier.judge(label_outcome(passed), f"ctx-{i}", slice_name).status for i in range(n)]


def rate(found, status):
    return sum(s == status for s in found) / len(found)


@settings(max_examples=200, derandomize=True, database=None)
@given(seed=st.integers(0, 2**62), kind=st.text(max_size=5), context=st.text(max_size=20))
def test_draws_are_uniform_floats_and_depend_on_every_part(seed, kind, context):
    value = uniform(seed, kind, context)
    assert 0.0 <= value < 1.0
    assert value == uniform(seed, kind, context)
    assert value != uniform(seed + 1, kind, context)
    assert value != uniform(seed, kind + "x", context)


def test_draws_keep_parts_apart():
    assert uniform(1, "a", "bc") != uniform(1, "ab", "c")
    assert derived_seed(1, 0) != derived_seed(1, 1) and derived_seed(1, 0) == derived_seed(1, 0)


SCRIPT = (
    "import json\n"
    "from tau_shaped.verifiers.noise.config import load_noise_config, EXAMPLE_CONFIG\n"
    "from tau_shaped.verifiers.noise.noisy_verifier import NoisyVerifier, label_outcome\n"
    "v = NoisyVerifier(None, load_noise_config(EXAMPLE_CONFIG))\n"
    "print(json.dumps([v.judge(label_outcome(i % 3 == 0), f'c{i}', 'shaped').model_dump(mode='json') for i in range(300)]))\n"
)


def test_same_seed_same_outcomes_in_two_processes_with_different_hash_seeds():
    """Issue 6: the same seed and contexts give the same noise in any process."""
    outputs = []
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
    local = NoisyVerifier(None, load_noise_config(EXAMPLE_CONFIG))
    mine = [local.judge(label_outcome(i % 3 == 0), f"c{i}", "shaped").model_dump(mode="json") for i in range(300)]
    assert json.loads(outputs[0]) == mine
    assert any(o["noise_injected"] for o in mine) and not all(o["noise_injected"] for o in mine)


def test_order_does_not_matter():
    cfg = load_noise_config(EXAMPLE_CONFIG)
    contexts = [f"c{i}" for i in range(500)]
    forward = {c: NoisyVerifier(None, cfg).judge(label_outcome(True), c).status for c in contexts}
    shuffled = contexts[:]
    random.Random(3).shuffle(shuffled)
    verifier = NoisyVerifier(None, cfg)
    assert {c: verifier.judge(label_outcome(True), c).status for c in shuffled} == forward


@pytest.mark.parametrize("configured", [0.01, 0.1, 0.3])
@pytest.mark.parametrize("kind", ["timeout", "spurious_fail", "spurious_pass"])
def test_each_rate_within_one_point_over_10000_contexts(kind, configured):
    """Issue 6: every empirical rate is within ±1 percentage point of its configured rate."""
    cfg = config(fast_noisy={kind: configured})
    found = statuses(cfg, passed=kind != "spurious_pass")
    assert abs(rate(found, VerifierStatus(kind)) - configured) <= 0.01
    assert set(found) == {VerifierStatus(kind), VerifierStatus.VERIFIED if kind != "spurious_pass" else VerifierStatus.INVALID}


def test_a_passing_verdict_is_never_a_spurious_pass_and_a_failing_never_a_spurious_fail():
    cfg = config(fast_noisy={"spurious_fail": 0.5, "spurious_pass": 0.5})
    assert VerifierStatus.SPURIOUS_PASS not in statuses(cfg, True, 2000)
    assert VerifierStatus.SPURIOUS_FAIL not in statuses(cfg, False, 2000)


def test_slices_override_only_what_they_name():
    cfg = config(fast_noisy={"spurious_fail": 0.05, "spurious_pass": 0.2, "slices": {"math": {"spurious_fail": 0.25}}})
    assert abs(rate(statuses(cfg, True, slice_name="math"), VerifierStatus.SPURIOUS_FAIL) - 0.25) <= 0.01
    assert abs(rate(statuses(cfg, False, slice_name="math"), VerifierStatus.SPURIOUS_PASS) - 0.2) <= 0.01  # inherited
    assert abs(rate(statuses(cfg, True), VerifierStatus.SPURIOUS_FAIL) - 0.05) <= 0.01
    assert abs(rate(statuses(cfg, True, slice_name="other"), VerifierStatus.SPURIOUS_FAIL) - 0.05) <= 0.01


def test_timeout_durations():
    fixed = parse_noise_config({"tiers": {"t": {"timeout_seconds": {"kind": "fixed", "seconds": 7}}}, "routing": {"order": ["t"]}})
    assert simulated_duration(fixed.tiers["t"].timeout_seconds, 1, "x") == 7
    uni = parse_noise_config({"tiers": {"t": {"timeout_seconds": {"kind": "uniform", "low": 2, "high": 6}}}, "routing": {"order": ["t"]}})
    values = [simulated_duration(uni.tiers["t"].timeout_seconds, 1, f"c{i}") for i in range(N)]
    assert all(2 <= v <= 6 for v in values) and abs(sum(values) / N - 4) < 0.05
    expo = parse_noise_config({"tiers": {"t": {"timeout_seconds": {"kind": "exponential", "mean": 3}}}, "routing": {"order": ["t"]}})
    values = [simulated_duration(expo.tiers["t"].timeout_seconds, 1, f"c{i}") for i in range(N)]
    assert all(v >= 0 for v in values) and abs(sum(values) / N - 3) / 3 < 0.04
    cfg = config(fast_noisy={"timeout": 1.0, "timeout_seconds": {"kind": "fixed", "seconds": 9}})
    outcome = NoisyVerifier(None, cfg).judge(label_outcome(True), "c")
    assert (outcome.status, outcome.score, outcome.fault, outcome.duration_s) == (VerifierStatus.TIMEOUT, None, "verifier", 9)
    assert outcome.noise_injected and outcome.noise_kind == "timeout"


def test_escalation_on_timeout_goes_to_the_next_tier_up_to_max_attempts():
    tiers = {"fast_noisy": {"timeout": 1.0}, "balanced": {"timeout": 1.0}, "slow_precise": {}}
    cfg = config(**tiers, routing={"order": ["fast_noisy", "balanced", "slow_precise"], "escalate_on": ["timeout"], "max_attempts": 3})
    outcome = NoisyVerifier(None, cfg).judge(label_outcome(True), "c")
    assert (outcome.status, outcome.tier, outcome.attempts, outcome.score) == (VerifierStatus.VERIFIED, "slow_precise", 3, 1.0)
    capped = config(**tiers, routing={"order": ["fast_noisy", "balanced", "slow_precise"], "escalate_on": ["timeout"], "max_attempts": 2})
    outcome = NoisyVerifier(None, capped).judge(label_outcome(True), "c")
    assert (outcome.status, outcome.tier, outcome.attempts) == (VerifierStatus.TIMEOUT, "balanced", 2)


def test_escalation_on_failure_and_always():
    tiers = {"fast_noisy": {"spurious_fail": 1.0}, "balanced": {}}
    on_failure = config(**tiers, routing={"order": ["fast_noisy", "balanced"], "escalate_on": ["failure"], "max_attempts": 3})
    outcome = NoisyVerifier(None, on_failure).judge(label_outcome(True), "c")
    assert (outcome.status, outcome.tier, outcome.attempts) == (VerifierStatus.VERIFIED, "balanced", 2)
    wrong = NoisyVerifier(None, on_failure).judge(label_outcome(False), "c")
    assert (wrong.status, wrong.tier, wrong.attempts) == (VerifierStatus.INVALID, "balanced", 3)  # last tier repeats
    always = config(fast_noisy={}, balanced={}, routing={"order": ["fast_noisy", "balanced"], "escalate_on": ["always"], "max_attempts": 2})
    outcome = NoisyVerifier(None, always).judge(label_outcome(True), "c")
    assert (outcome.tier, outcome.attempts) == ("balanced", 2)
    never = config(fast_noisy={"spurious_fail": 1.0}, routing={"order": ["fast_noisy"], "escalate_on": ["timeout"], "max_attempts": 3})
    outcome = NoisyVerifier(None, never).judge(label_outcome(True), "c")
    assert (outcome.status, outcome.attempts, outcome.score) == (VerifierStatus.SPURIOUS_FAIL, 1, 0.0)


def test_budget_exhaustion_abstains():
    cfg = config(fast_noisy={"cost": 2.0}, budget=5.0)
    verifier = NoisyVerifier(None, cfg)
    found = [verifier.judge(label_outcome(True), f"c{i}") for i in range(4)]
    assert [o.status for o in found] == [VerifierStatus.VERIFIED] * 2 + [VerifierStatus.BUDGET_EXHAUSTED] * 2
    assert found[-1].score is None and verifier.spent == 4.0


class Echo(Verifier):
    name = "echo"

    def check(self, prompt, response):
        if response == "crash":
            raise RuntimeError("down")
        return Verdict(score=float(response))


def test_wrapping_a_real_verifier_keeps_the_truth_in_metadata_and_abstentions_unflipped(tmp_path):
    trace = TelemetryTrace(tmp_path / "trace.jsonl")
    cfg = config(fast_noisy={"spurious_pass": 1.0, "spurious_fail": 1.0})
    verifier = NoisyVerifier(Echo(), cfg, trace)
    flipped = verifier.verify_outcome({"slice": "s1"}, "0")
    assert (flipped.status, flipped.score, flipped.metadata["true_status"]) == (VerifierStatus.SPURIOUS_PASS, 1.0, "invalid")
    assert verifier.verify("p", "1") == 0.0
    crashed = verifier.verify_outcome("p", "crash")
    assert crashed.status == VerifierStatus.INTERNAL_ERROR and crashed.score is None
    events = read_trace(tmp_path / "trace.jsonl")
    assert len(events) == 3 and events == trace.events
    assert events[0]["slice"] == "s1" and events[0]["status"] == "spurious_pass" and events[0]["final"] is True


def test_aggregate_rates_match_the_configuration(tmp_path):
    cfg = config(fast_noisy={"timeout": 0.1, "spurious_fail": 0.2, "spurious_pass": 0.05})
    trace = TelemetryTrace(tmp_path / "t.jsonl")
    verifier = NoisyVerifier(None, cfg, trace)
    for i in range(N):
        verifier.judge(label_outcome(i % 2 == 0), f"c{i}", "even" if i % 4 < 2 else "odd")
    rows = {row["slice"]: row for row in aggregate_rates(read_trace(tmp_path / "t.jsonl"))}
    assert set(rows) == {"even", "odd"} and sum(r["attempts"] for r in rows.values()) == N
    for row in rows.values():
        assert abs(row["timeout_rate"] - 0.1) <= 0.015
        assert abs(row["spurious_fail_rate"] - 0.2) <= 0.02 and abs(row["spurious_pass_rate"] - 0.05) <= 0.015
        assert row["abstain_rate"] == row["timeout_rate"]


def test_bad_configs_name_the_file_and_field(tmp_path):
    bad = tmp_path / "noise.yaml"
    bad.write_text("tiers:\n  fast_noisy: {timeout: 1.5}\nrouting: {order: [fast_noisy]}\n", encoding="utf-8")
    with pytest.raises(NoiseConfigError, match=r"noise.yaml: tiers.fast_noisy.timeout: Input should be less than or equal to 1"):
        load_noise_config(bad)
    bad.write_text("routing: {order: [nope]}\n", encoding="utf-8")
    with pytest.raises(NoiseConfigError, match="routing.order names tier"):
        load_noise_config(bad)
    bad.write_text("tiers: [1, 2\n", encoding="utf-8")
    with pytest.raises(NoiseConfigError, match="noise.yaml: not valid YAML at line"):
        load_noise_config(bad)
    with pytest.raises(NoiseConfigError, match="cannot read"):
        load_noise_config(tmp_path / "missing.yaml")


def _records(successes):
    """(legacy, shaped) per trial, for two tasks."""
    out = []
    for task, trials in successes.items():
        for trial, (legacy, shaped) in enumerate(trials):
            out.append({"task_id": task, "trial": trial, "reward": float(legacy), "traj": [], "info": {"task_key": str(task), "shaped": {"outcome_reward": float(shaped)}}})
    return out


RECORDS = _records({0: [(1, 1), (0, 1), (1, 1)], 1: [(0, 0), (0, 1), (0, 0)]})


def test_without_noise_the_measures_are_the_clean_ones():
    report = apply_noise(RECORDS, config(fast_noisy={}), seeds=3)
    legacy, shaped = report.kinds
    assert legacy.pass_rate.clean == legacy.pass_rate.mean == legacy.pass_rate.low == legacy.pass_rate.high == pytest.approx(2 / 6)
    assert shaped.pass_rate.mean == pytest.approx(4 / 6) and shaped.pass_hat_k[3].mean == pytest.approx(0.5)
    assert legacy.abstain_rate == legacy.flipped_rate == 0


def test_all_spurious_passes_pass_everything_and_timeouts_abstain():
    report = apply_noise(RECORDS, config(fast_noisy={"spurious_pass": 1.0}), seeds=2)
    assert all(k.pass_rate.mean == 1.0 and k.pass_hat_k[3].mean == 1.0 for k in report.kinds)
    assert report.kinds[0].flipped_rate == pytest.approx(4 / 6)
    half = apply_noise(RECORDS * 50, config(fast_noisy={"timeout": 0.5}), seeds=4)
    assert 0.4 < half.kinds[0].abstain_rate < 0.6
    assert half.kinds[0].pass_rate.low <= half.kinds[0].pass_rate.mean <= half.kinds[0].pass_rate.high


def test_noise_command(tmp_path):
    results = tmp_path / "results.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    trace = tmp_path / "trace.jsonl"
    run = CliRunner().invoke(app, ["noise", str(results), "--seeds", "5", "--trace", str(trace)], env={"COLUMNS": "200"})
    assert run.exit_code == 0, run.output
    assert "pass^3" in run.output and "95% percentile interval] over 5 seeds" in run.output
    assert "fast_noisy" in run.output and trace.exists() and len(read_trace(trace)) >= 5 * 2 * len(RECORDS)
    bad = CliRunner().invoke(app, ["noise", str(results), "--config", str(tmp_path / "none.yaml")])
    assert bad.exit_code == 2 and "cannot read" in bad.output and "Traceback" not in bad.output
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n{}\n", encoding="utf-8")
    bad = CliRunner().invoke(app, ["noise", str(broken)])
    assert bad.exit_code == 2 and "broken.jsonl: line 1" in bad.output


def test_durations_are_simulated_unless_sleep_is_asked():
    import time

    slow = {"latency_s": 0.2, "timeout_seconds": {"kind": "fixed", "seconds": 0.2}}
    quick = parse_noise_config({"tiers": {"t": slow}, "routing": {"order": ["t"]}})
    start = time.perf_counter()
    outcome = NoisyVerifier(None, quick).judge(label_outcome(True), "c")
    assert outcome.duration_s == pytest.approx(0.2) and time.perf_counter() - start < 0.15
    sleeping = parse_noise_config({"tiers": {"t": slow}, "routing": {"order": ["t"]}, "sleep": True})
    start = time.perf_counter()
    NoisyVerifier(None, sleeping).judge(label_outcome(True), "c")
    assert time.perf_counter() - start >= 0.2
