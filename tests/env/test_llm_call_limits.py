"""Every model call is bounded (issue 44): a timeout and a bounded number of retries reach
litellm, a server that never answers is a one-line LLMError within the timeout, and a reply
that is not a chat completion (no choices, no message, content not text, a malformed tool call)
is a one-line LLMError naming what was wrong, never an IndexError."""

import importlib.util
import threading
import time
from types import SimpleNamespace

import pytest

# found, not imported: litellm's import takes seconds, and every xdist worker collects this file
pytestmark = pytest.mark.skipif(importlib.util.find_spec("litellm") is None, reason="litellm is not installed")

from tau_shaped.env import llm  # noqa: E402
from tau_shaped.env.llm import LLMError, call_limits, complete  # noqa: E402
from tau_shaped.env.users import LLMUser  # noqa: E402
from tests.stub_openai_server import StubServer  # noqa: E402

HI = [{"role": "user", "content": "hi"}]


def test_a_call_carries_a_timeout_and_retries_from_the_environment_or_its_arguments(monkeypatch):
    seen = {}

    def fake_completion(**params):
        seen.update(params)
        return SimpleNamespace(choices=[SimpleNamespace(message=SimpleNamespace(content="ok", tool_calls=None))])

    monkeypatch.setattr(llm._litellm(), "completion", fake_completion)
    monkeypatch.delenv(llm.TIMEOUT_VARIABLE, raising=False)
    monkeypatch.delenv(llm.RETRIES_VARIABLE, raising=False)
    complete("openai/x", HI)
    assert (seen["timeout"], seen["num_retries"]) == (llm.DEFAULT_TIMEOUT, llm.DEFAULT_RETRIES)
    assert seen["timeout"] < 6000  # never litellm's own default
    monkeypatch.setenv(llm.TIMEOUT_VARIABLE, "7.5")
    monkeypatch.setenv(llm.RETRIES_VARIABLE, "0")
    complete("openai/x", HI)
    assert (seen["timeout"], seen["num_retries"]) == (7.5, 0)
    complete("openai/x", HI, timeout=3, num_retries=4)  # a run's options win over the environment
    assert (seen["timeout"], seen["num_retries"]) == (3.0, 4)


@pytest.mark.parametrize("value, variable", [("soon", llm.TIMEOUT_VARIABLE), ("0", llm.TIMEOUT_VARIABLE),
                                             ("-1", llm.RETRIES_VARIABLE), ("1.5", llm.RETRIES_VARIABLE)])
def test_a_bad_limit_in_the_environment_is_one_line_naming_the_variable(monkeypatch, value, variable):
    monkeypatch.setenv(variable, value)
    with pytest.raises(LLMError) as caught:
        call_limits()
    assert variable in str(caught.value) and "\n" not in str(caught.value)


def test_a_mocked_reply_is_read_and_a_mocked_failure_is_one_line():
    message, cost = complete("openai/x", HI, mock_response="hello there", num_retries=0)
    assert message == {"role": "assistant", "content": "hello there"} and cost == 0.0
    with pytest.raises(LLMError) as caught:
        complete("openai/x", HI, mock_response=Exception("quota\nexceeded"), num_retries=0)
    assert "\n" not in str(caught.value) and "quota exceeded" in str(caught.value)


def _reply(**fields):
    return SimpleNamespace(**fields)


@pytest.mark.parametrize("response, says", [
    (_reply(choices=[]), "no choices"),
    (_reply(), "no choices"),
    (_reply(choices=[_reply(message=None)]), "no message"),
    (_reply(choices=[_reply(message=_reply(content=["a", "list"], tool_calls=None))]), "content of type list"),
    (_reply(choices=[_reply(message=_reply(content=None, tool_calls=[_reply(id="c", function=None)]))]),
     "tool call 0 with no function name"),
    (_reply(choices=[_reply(message=_reply(content=None, tool_calls=[
        _reply(id="c", function=_reply(name="get_order", arguments={"order_id": "O1"}))]))]),
     "tool call 0 (get_order) with arguments of type dict"),
    (_reply(choices=[_reply(message=_reply(content=None, tool_calls="get_order"))]), "tool_calls of type str"),
])
def test_a_malformed_response_is_one_line_naming_what_was_wrong(monkeypatch, response, says):
    monkeypatch.setattr(llm._litellm(), "completion", lambda **params: response)
    with pytest.raises(LLMError) as caught:
        complete("openai/x", HI)
    assert says in str(caught.value) and "openai/x" in str(caught.value) and "\n" not in str(caught.value)


@pytest.fixture
def release():
    event = threading.Event()
    yield event
    event.set()


def test_a_server_that_never_answers_is_an_llm_error_within_the_timeout(monkeypatch, release):
    monkeypatch.setenv("OPENAI_API_KEY", "stub-key")
    with StubServer(respond=lambda body: release.wait(20) and {}) as server:
        user = LLMUser(model="openai/stub-user")
        user.completion_kwargs = {"api_base": server.url, "timeout": 1, "num_retries": 0}
        began = time.monotonic()
        with pytest.raises(LLMError) as caught:
            user.reset(instruction="You want a refund.")
        took = time.monotonic() - began
        release.set()
    assert took < 10, f"the call waited {took:.1f} s with a 1 s timeout"
    text = str(caught.value)
    assert "\n" not in text and "no answer within 1 s" in text and "--llm-timeout" in text


def test_a_server_that_returns_no_choices_is_an_llm_error_not_an_index_error(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "stub-key")
    empty = {"id": "x", "object": "chat.completion", "created": 0, "model": "stub", "choices": [],
             "usage": {"prompt_tokens": 1, "completion_tokens": 0, "total_tokens": 1}}
    with StubServer(respond=lambda body: empty) as server:
        user = LLMUser(model="openai/stub-user")
        user.completion_kwargs = {"api_base": server.url, "num_retries": 0}
        with pytest.raises(LLMError) as caught:
            user.reset(instruction="You want a refund.")
    assert "no choices" in str(caught.value) and "\n" not in str(caught.value)
