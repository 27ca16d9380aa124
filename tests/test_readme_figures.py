"""Issue 28: every count and limit the README quotes is the code's.

Each figure is found in the README by the sentence that states it (a README reworded so the
sentence is gone fails too, so the figure cannot drift unseen) and compared with what the
code computes: the task files' tasks and buckets per split, the rules of each domain's rule
file, the bundled domain's tools, the grader corpus' entries, the input limits, the spool's
segment size, the benchmark's batch, the default λ. Timings the README quotes are
measurements of the scripts it names, not figures of the code.
"""

from __future__ import annotations

import collections
import inspect
import re
from pathlib import Path
from typing import List

import pytest

from tau_shaped import load_domain
from tau_shaped.reward.policy_rules import load_rules
from tests.conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def figures(pattern: str) -> List[int]:
    """The numbers the README states where ``pattern`` (its ``(\\d[\\d,]*)`` groups, spaces as
    any run of white space, so a sentence may wrap) matches: exactly one place."""
    found = re.findall(pattern.replace(" ", r"\s+"), README)
    assert len(found) == 1, f"the README states {pattern!r} {len(found)} times (expected once)"
    groups = found[0] if isinstance(found[0], tuple) else (found[0],)
    return [int(g.replace(",", "")) for g in groups]


NUM = r"(\d[\d,]*)"


@pytest.fixture(scope="module")
def food_delivery():
    return load_domain("food_delivery")


def test_the_task_counts_and_buckets_per_split(food_delivery):
    total, train, test, buckets, per_train, per_test = figures(
        rf"`tau_shaped_domains/food_delivery/tasks/`: {NUM} tasks \({NUM} train, {NUM} test\) in {NUM} buckets \({NUM} train and {NUM} test")
    splits = {split: food_delivery.tasks(split) for split in ("train", "test")}
    assert (train, test, total) == (len(splits["train"]), len(splits["test"]), len(splits["train"]) + len(splits["test"]))
    per_bucket = {split: collections.Counter(t.bucket for t in tasks) for split, tasks in splits.items()}
    assert None not in per_bucket["train"] and None not in per_bucket["test"]  # every task says its bucket
    assert set(per_bucket["train"]) == set(per_bucket["test"]) and len(per_bucket["test"]) == buckets
    assert set(per_bucket["train"].values()) == {per_train} and set(per_bucket["test"].values()) == {per_test}


def test_the_rules_per_domain(food_delivery):
    (bundled,) = figures(rf"The bundled food-delivery domain has {NUM} \(")
    assert bundled == len(food_delivery.policy_rules.rules)
    airline, retail = figures(rf"{NUM} airline rules, {NUM} retail rules")
    import tau_shaped_domains.tau2_airline  # noqa: F401 - each package registers the check kinds its rule file names
    import tau_shaped_domains.tau2_retail  # noqa: F401

    assert airline == len(load_rules(ROOT / "tau_shaped_domains" / "tau2_airline" / "policy_rules.json").rules)
    assert retail == len(load_rules(ROOT / "tau_shaped_domains" / "tau2_retail" / "policy_rules.json").rules)


def test_the_bundled_domains_tools(food_delivery):
    (tools,) = figures(rf"database loader, {NUM} tools, `wiki.md`")
    assert tools == len(food_delivery.tools)


def _grader_corpus(domain) -> Path:
    """The food-delivery corpus where the code looks for it (the domain's own, else tests/grader)."""
    from tau_shaped.tasks import grader_suite

    if hasattr(grader_suite, "default_corpus"):
        return grader_suite.default_corpus(domain)
    return next(p for p in (ROOT / "tau_shaped_domains" / "food_delivery" / "grader", ROOT / "tests" / "grader") if p.is_dir())


def test_the_grader_corpus_size(food_delivery):
    from tau_shaped.tasks.grader_suite import load_corpus

    (entries,) = figures(rf"holds {NUM} labeled trajectories of the food-delivery tasks")
    assert entries == len(load_corpus(_grader_corpus(food_delivery)))


def test_the_input_limits():
    from tau_shaped.env import json_input

    mib, digits, depth = figures(rf"a file over {NUM} MiB, not in UTF-8, not strict JSON \(NaN, a repeated key, "
                                 rf"an integer of more than {NUM} digits\) or nested more than {NUM} levels deep")
    assert mib * 1024 * 1024 == json_input.MAX_FILE_BYTES
    assert digits == json_input.MAX_INT_DIGITS
    assert depth == json_input.MAX_DEPTH


def test_the_spool_segment_size():
    from tau_shaped.evaluation.spool import SEGMENT_BYTES

    (mb,) = figures(rf"spool files beside the output \({NUM} MB segments per worker")
    assert mb << 20 == SEGMENT_BYTES


def test_the_benchmark_batch():
    tasks, rollouts = figures(rf"a GRPO-shaped batch \({NUM} distinct train tasks × {NUM} rollouts")
    source = (ROOT / "scripts" / "bench_batch.py").read_text(encoding="utf-8")
    assert re.search(rf'"--tasks", type=int, default={tasks}\)', source)
    assert re.search(rf'"--rollouts", type=int, default={rollouts}\)', source)


def test_the_default_lambda():
    from tau_shaped import Env, score_trajectory

    assert re.search(r'calculate_reward_shaped\(\)\s+# blend="shaped", lam=0\.3\n', README)
    assert inspect.signature(Env.calculate_reward_shaped).parameters["lam"].default == 0.3
    assert inspect.signature(score_trajectory).parameters["lam"].default == 0.3
    assert inspect.signature(Env.calculate_reward_shaped).parameters["blend"].default == "shaped"


def test_a_figure_the_readme_no_longer_states_is_an_error():
    with pytest.raises(AssertionError, match="0 times"):
        figures(rf"{NUM} tasks \({NUM} train, {NUM} test\) in {NUM} galaxies")
