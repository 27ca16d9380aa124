"""verl's own config path finds ``tau_shaped_agent`` (issue 43): the README's setting, as written.

``actor_rollout_ref.rollout.agent.default_agent_loop=tau_shaped_agent`` failed with "Agent loop
tau_shaped_agent not registered": verl's agent-loop workers are processes that never import
tau-shaped, so the loop registered itself only where something imported ``verl_adapter``. Now
tau-shaped's ``verl.plugins`` entry point registers it at ``import verl``, in every process, and the
shipped ``verl_agent_loop.yaml`` (``AGENT_LOOP_CONFIG``) registers it through
``agent_loop_config_path``. Checked in a fresh interpreter that only imports verl, and through
verl's own worker code: its trainer config composed by hydra with the README's override, the agent
name looked up in verl's registry and instantiated by hydra, the episode run. Needs the ``verl``
extra (not installed in CI: these tests skip, naming it).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

agent_loop = pytest.importorskip("verl.experimental.agent_loop.agent_loop",
                                 reason='needs verl: pip install -e ".[verl]"')

from tau_shaped.integrations.training import verl_adapter  # noqa: E402
from tests.integrations.training.training_kit import GT, GT_TEXTS, TASK, ByteTokenizer, ScriptedModel  # noqa: E402

OVERRIDE = "actor_rollout_ref.rollout.agent.default_agent_loop=tau_shaped_agent"


def test_a_fresh_process_that_imports_verl_has_tau_shaped_agent_registered(tmp_path):
    """What a verl worker process sees: nothing but ``import verl`` (run outside the source tree, so
    the installed package's metadata is what verl reads)."""
    code = ("import json, verl\n"
            "from verl.experimental.agent_loop.agent_loop import _agent_loop_registry as r\n"
            "print(json.dumps({k: dict(v) for k, v in r.items()}))\n"
            "import sys; print(json.dumps(sorted(m for m in sys.modules if m.startswith('tau_shaped'))))\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VERL_USE_EXTERNAL_PLUGINS")}
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    registry, modules = (json.loads(line) for line in out.stdout.strip().splitlines()[-2:])
    assert registry[verl_adapter.AGENT_NAME] == {"_target_": "tau_shaped.integrations.training.verl_adapter.TauShapedAgentLoop"}
    assert "tau_shaped.integrations.training.verl_plugin" in modules  # registered by the plugin, nothing else

    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={**env, "VERL_USE_EXTERNAL_PLUGINS": "none"},
                         capture_output=True, text=True, timeout=300)
    assert verl_adapter.AGENT_NAME not in json.loads(out.stdout.strip().splitlines()[-2])  # the check can fail


@pytest.fixture(scope="module")
def trainer_config():
    import verl
    from hydra import compose, initialize_config_dir

    config_dir = os.path.join(os.path.dirname(verl.__file__), "trainer", "config")
    with initialize_config_dir(config_dir=config_dir, version_base=None):
        return compose(config_name="ppo_trainer", overrides=[OVERRIDE, "actor_rollout_ref.rollout.response_length=50000"])


def _worker(config):
    """An ``AgentLoopWorker`` as far as ``_run_agent_loop`` reads it (its __init__ loads a model)."""
    tokenizer = ByteTokenizer()

    async def postprocess(output, validate, **kwargs):
        return output

    return SimpleNamespace(config=config, llm_client=ScriptedModel(GT_TEXTS, tokenizer), tokenizer=tokenizer,
                           processor=None, hf_model_type=None, dataset_cls=None, tools=[],
                           _agent_loop_postprocess=postprocess)


def _run(worker, agent_name):
    trajectory = {"step": 0, "sample_index": 0, "rollout_n": 0, "validate": False}
    row = {"extra_info": {"task_id": TASK, "user_replies": GT.user_replies}, "data_source": "tau_shaped/food_delivery"}
    return asyncio.run(agent_loop.AgentLoopWorker._run_agent_loop(worker, {"temperature": 1.0}, trajectory,
                                                                   agent_name=agent_name, **row))


def test_the_readme_setting_runs_an_episode_through_verls_worker_code(trainer_config):
    agent = trainer_config.actor_rollout_ref.rollout.agent
    assert agent.default_agent_loop == verl_adapter.AGENT_NAME and not agent.agent_loop_config_path
    out = _run(_worker(trainer_config), agent.default_agent_loop)
    assert isinstance(out, agent_loop.AgentLoopOutput) and out.reward_score == pytest.approx(1.24)
    assert out.extra_fields["reward_extra_info"]["abstain"] == 0.0


def test_the_shipped_agent_loop_config_registers_the_loop_as_verl_reads_it(trainer_config):
    from omegaconf import OmegaConf
    from verl.utils.import_utils import resolve_config_path

    entries = OmegaConf.load(resolve_config_path(verl_adapter.AGENT_LOOP_CONFIG))  # what the worker does
    assert [e.name for e in entries] == [verl_adapter.AGENT_NAME]
    saved = dict(agent_loop._agent_loop_registry)
    try:
        agent_loop._agent_loop_registry.clear()
        for entry in entries:
            agent_loop._agent_loop_registry[entry.name] = entry
        out = _run(_worker(trainer_config), verl_adapter.AGENT_NAME)
        assert out.reward_score == pytest.approx(1.24)
    finally:
        agent_loop._agent_loop_registry.clear()
        agent_loop._agent_loop_registry.update(saved)
