"""The LLM customer (issue 29) through litellm, against the local OpenAI-compatible stub server:
tau-bench's user semantics (the instruction in the system prompt only, the agent's greeting
first, roles seen from the customer's side, one message a turn, ``###STOP###`` ends it)."""

import importlib.util

import pytest

# found, not imported: litellm's import takes seconds, and every xdist worker collects this file
pytestmark = pytest.mark.skipif(importlib.util.find_spec("litellm") is None, reason="litellm is not installed")

from tau_shaped.env.types import Action  # noqa: E402
from tau_shaped.env.users import AGENT_GREETING, STOP, LLMUser, load_user  # noqa: E402
from tau_shaped.tasks.domains import load_domain  # noqa: E402
from tests.stub_openai_server import StubServer  # noqa: E402

INSTRUCTION = "You are Ben Novak; your order FD-10045 arrived without one BBQ Ribs. You want $16.90 back."


@pytest.fixture
def server(monkeypatch):
    with StubServer() as stub:
        monkeypatch.setenv("OPENAI_API_KEY", "stub-key")
        monkeypatch.setenv("OPENAI_API_BASE", stub.url)
        monkeypatch.setenv("OPENAI_BASE_URL", stub.url)
        yield stub


def test_the_customer_model_sees_the_instruction_only_in_its_system_prompt(server):
    user = LLMUser(model="openai/stub-user", seed=3)
    first = user.reset(instruction=INSTRUCTION)
    assert first == "My order O1 was missing a dish worth 12.50." and first != INSTRUCTION
    (request,) = server.requests
    system, greeting = request["messages"]
    assert system["role"] == "system" and INSTRUCTION in system["content"] and STOP in system["content"]
    assert greeting == {"role": "user", "content": AGENT_GREETING}
    assert "tools" not in request and request.get("seed") == 3
    reply = user.step("I can refund $16.90 to your card. Is that OK?")
    assert STOP in reply
    roles = [m["role"] for m in server.requests[-1]["messages"]]
    # the customer's own words are the model's (assistant) turns, the agent's the user turns
    assert roles == ["system", "user", "assistant", "user"]
    assert server.requests[-1]["messages"][-1]["content"] == "I can refund $16.90 to your card. Is that OK?"
    assert user.get_total_cost() >= 0.0


def test_an_env_episode_ends_when_the_llm_customer_says_stop(server):
    domain = load_domain("food_delivery")
    env = domain.make_env(task_split="test", user_strategy="llm", user_model="openai/stub-user")
    index = next(i for i, t in enumerate(env.tasks) if t.id == "fd-missing-3")
    reset = env.reset(task_index=index)
    assert reset.observation != env.tasks[index].instruction
    first = env.step(Action(name="respond", kwargs={"content": "Could you give me your email?"}))
    assert first.done and STOP in first.observation
    assert load_user("llm", model="openai/stub-user").model == "openai/stub-user"
    with pytest.raises(ValueError, match="needs a user model"):
        load_user("llm")
