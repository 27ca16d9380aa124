"""A run's model calls are bounded by --llm-timeout / --llm-retries (issue 44): against a server
that never answers, the episode is recorded as an error in about the timeout, not after
litellm's default 6,000 s, and the customer's calls carry the same limits as the agent's."""

import importlib.util
import threading
import time

import pytest

# found, not imported: litellm's import takes seconds, and every xdist worker collects this file
pytestmark = pytest.mark.skipif(importlib.util.find_spec("litellm") is None, reason="litellm is not installed")

from typer.testing import CliRunner  # noqa: E402

from tau_shaped.cli import app  # noqa: E402
from tau_shaped.evaluation.results_file import read_results  # noqa: E402
from tau_shaped.evaluation.runner import RunConfig, run  # noqa: E402
from tests.stub_openai_server import StubServer, agent_policy, user_policy  # noqa: E402


@pytest.mark.parametrize("hangs", ["agent", "customer"])
def test_a_hanging_model_is_an_error_record_within_the_timeout(tmp_path, monkeypatch, hangs):
    release = threading.Event()
    monkeypatch.setenv("OPENAI_API_KEY", "stub-key")

    def respond(body):
        if (hangs == "agent") == bool(body.get("tools")):
            release.wait(120)  # far past the bound below: a run that waited for the answer fails it
            return {}
        return (agent_policy if body.get("tools") else user_policy)(body["messages"])

    import litellm  # noqa: F401 - imported before the clock starts: seconds of import on a loaded machine are not the run's

    with StubServer(respond=respond) as server:
        began = time.monotonic()
        try:
            summary = run(RunConfig(env="tests.mini_domain:DOMAIN", model="openai/stub-agent", user_strategy="llm",
                                    user_model="openai/stub-user", task_ids=["refund"], log_dir=str(tmp_path),
                                    api_base=server.url, llm_timeout=1, llm_retries=0))
        finally:
            release.set()
        took = time.monotonic() - began
    # the timeout's own word below is the proof; the bound only tells a run that waited for the
    # server's answer (120 s) from one that gave up, with room for a loaded CI machine (16 s seen)
    assert took < 60, f"the run took {took:.1f} s with a 1 s timeout"
    (record,) = read_results(summary.path)
    error = record["info"]["error"]
    assert error.startswith("LLMError: ") and "no answer within 1 s" in error and "\n" not in error
    assert any(not r.get("tools") for r in server.requests), "the customer is called first"


@pytest.mark.parametrize("args, says", [(["--llm-timeout", "0"], "--llm-timeout: must be a positive number"),
                                        (["--llm-retries", "11"], "--llm-retries: must be from 0 to 10")])
def test_an_out_of_range_limit_is_refused_in_one_line_before_any_episode(tmp_path, args, says):
    result = CliRunner().invoke(app, ["run", "--env", "tests.mini_domain:DOMAIN", "--agent-strategy", "ground-truth",
                                      "--user-strategy", "scripted", "--log-dir", str(tmp_path), *args])
    assert result.exit_code == 2 and says in result.output
    assert len(result.output.strip().splitlines()) == 1 and not list(tmp_path.iterdir())


def test_a_bad_limit_in_the_environment_is_refused_before_any_episode(tmp_path, monkeypatch):
    monkeypatch.setenv("TAU_SHAPED_LLM_TIMEOUT", "soon")
    monkeypatch.setenv("OPENAI_API_KEY", "stub-key")
    result = CliRunner().invoke(app, ["run", "--env", "tests.mini_domain:DOMAIN", "--model", "openai/stub",
                                      "--user-strategy", "scripted", "--log-dir", str(tmp_path)])
    assert result.exit_code == 2 and "TAU_SHAPED_LLM_TIMEOUT='soon' is not a number" in result.output
    assert not list(tmp_path.iterdir())
