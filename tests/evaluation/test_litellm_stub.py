"""The litellm path for real: agent and user talk to a local OpenAI-compatible server."""

import pytest

litellm = pytest.importorskip("litellm", reason="litellm is not installed")

from tau_shaped.evaluation.results_file import read_results  # noqa: E402
from tau_shaped.evaluation.runner import RunConfig, run  # noqa: E402
from tests.stub_openai_server import StubServer  # noqa: E402


def test_run_through_litellm_against_local_stub(tmp_path, monkeypatch):
    with StubServer() as server:
        monkeypatch.setenv("OPENAI_API_KEY", "stub-key")
        monkeypatch.setenv("OPENAI_API_BASE", server.url)
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        summary = run(
            RunConfig(
                env="tests.mini_domain:DOMAIN",
                model="openai/stub-agent",
                user_model="openai/stub-user",
                user_strategy="llm",
                task_ids=["refund"],
                log_dir=str(tmp_path),
                seed=7,
            )
        )
    (record,) = read_results(summary.path)
    assert record["info"].get("error") is None, record["info"].get("error")
    shaped = record["info"]["shaped"]
    # both tool calls of the first turn ran: a wallet-credit refund, a valid alternative
    assert [m["name"] for m in record["traj"] if m["role"] == "tool"] == ["get_order", "issue_refund"]
    assert record["reward"] == 0.0 and shaped["outcome_reward"] == 1.0
    assert record["traj"][1]["content"] == "My order O1 was missing a dish worth 12.50."
    agent_calls = [r for r in server.requests if r.get("tools")]
    assert agent_calls and all(r.get("seed") == 7 for r in agent_calls)
    assert len(server.requests) == len(agent_calls) + 2  # the user spoke twice
