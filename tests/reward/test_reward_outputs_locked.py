"""The reward's outputs are locked (issue 30: behaviour unchanged by a restructuring): the full
shaped results of a fixed sample (every 7th entry of the food-delivery grader corpus, and the
GRPO batch scored by ``score``) hash to the digests stored in ``fixtures/reward_outputs.json``.

A change that moves any verdict, step, evidence text or reward changes a digest. When a change
is meant to (a new rule, a relabeled verdict), regenerate deliberately and say so in the commit:
``TAU_SHAPED_LOCK_OUTPUTS=write python -m pytest tests/reward/test_reward_outputs_locked.py``."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from tau_shaped.reward.scoring import score_trajectory
from tau_shaped.tasks.domains import load_domain
from tau_shaped.tasks.grader_suite import default_corpus, domain_tasks, load_corpus
from tests.conftest import TESTS  # noqa: E402

LOCK = TESTS / "fixtures" / "reward_outputs.json"


def _check(name: str, text: bytes) -> None:
    digest = hashlib.sha256(text).hexdigest()
    stored = json.loads(LOCK.read_text()) if LOCK.exists() else {}
    if os.environ.get("TAU_SHAPED_LOCK_OUTPUTS") == "write":
        stored[name] = digest
        LOCK.write_text(json.dumps(stored, indent=2, sort_keys=True) + "\n")
        return
    assert name in stored, f"no stored digest for {name}: write it with TAU_SHAPED_LOCK_OUTPUTS=write"
    assert digest == stored[name], f"{name}: the shaped results changed (see this module's docstring)"


def test_grader_corpus_sample_results_are_unchanged():
    domain = load_domain("food_delivery")
    tasks = domain_tasks(domain, domain.splits)
    env = domain.make_env(tasks=list(tasks.values()), task_index=0)
    lines = []
    for entry in load_corpus(default_corpus(domain))[::7]:
        task = tasks[str(entry["task_id"])]
        if "traj" in entry:
            result = score_trajectory(env, task, traj=entry["traj"], lam=0.3)
        else:
            result = score_trajectory(env, task, entry["actions"], user_replies=entry.get("user_replies"), lam=0.3)
        lines.append(json.dumps(result.model_dump(mode="json"), sort_keys=True))
    assert len(lines) > 150 and any('"gate_violations": [{' in line for line in lines)
    _check("food_delivery_grader_every_7th", "\n".join(lines).encode())


@pytest.mark.filterwarnings("ignore")
def test_grpo_batch_output_is_unchanged(grpo_reference):
    assert grpo_reference.count(b"\n") == 96
    _check("grpo_batch_12x8", grpo_reference)
