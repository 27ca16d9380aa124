"""The litellm path for real: agent and user talk to a local OpenAI-compatible server."""

import importlib.util

import pytest

# found, not imported: litellm's import takes seconds, and every xdist worker collects this file
pytestmark = pytest.mark.skipif(importlib.util.find_spec("litellm") is None, reason="litellm is not installed")

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


def test_run_at_a_local_server_by_api_base_needs_no_key_nor_provider(tmp_path, monkeypatch):
    """``run --api-base URL``: a model served by a local OpenAI-compatible server under its
    own name (no provider prefix), no key in the environment and no OPENAI_API_BASE: the
    calls go to URL, the first line says what runs and where its results go, and each episode
    is a line of its own when stderr is not a terminal."""
    from typer.testing import CliRunner

    from tau_shaped.cli import app

    for name in ("OPENAI_API_KEY", "OPENAI_API_BASE", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    with StubServer() as server:
        result = CliRunner().invoke(app, [
            "run", "--env", "tests.mini_domain:DOMAIN", "--model", "stub-agent", "--user-model", "stub-user",
            "--api-base", server.url, "--task-ids", "refund", "--log-dir", str(tmp_path), "--seed", "7"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("run: 1 episode on tests.mini_domain:DOMAIN/test (agent stub-agent at "
                               f"{server.url}, customer stub-user at {server.url}); results: ")
    assert any(line.startswith("episode 1/1: task refund trial 0: legacy 0, shaped 1.") for line in lines), lines
    (path,) = tmp_path.glob("*.jsonl")
    (record,) = read_results(path)
    assert record["info"].get("error") is None and record["info"]["shaped"]["outcome_reward"] == 1.0
    assert {r["model"] for r in server.requests} == {"stub-agent", "stub-user"}
    assert "api_base" not in record["info"]["run"]  # where the model is served is not a setting of the run


def test_an_api_base_that_is_not_a_url_is_one_line(tmp_path):
    from typer.testing import CliRunner

    from tau_shaped.cli import app

    result = CliRunner().invoke(app, ["run", "--env", "tests.mini_domain:DOMAIN", "--model", "m",
                                      "--api-base", "127.0.0.1:8000", "--log-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: agent: --api-base '127.0.0.1:8000' is not an http(s) URL (e.g. http://127.0.0.1:8000/v1)"]
    assert not list(tmp_path.iterdir())
