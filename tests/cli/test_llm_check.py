"""A run that cannot reach its models is refused before litellm is imported (issue 28: every
``run`` naming a model waited ~30 s, litellm's import, before saying the key was missing)."""

import json
import os
import subprocess
import sys

import pytest

from tau_shaped.env.llm import PROVIDER_KEYS, known_providers, quick_llm_problem

KEYS = {key for keys in PROVIDER_KEYS.values() for key in keys}

# In a fresh interpreter: the command, timed, then whether litellm was imported.
PROBE = """
import json, sys, time
start = time.perf_counter()
from typer.testing import CliRunner
from tau_shaped.cli import app
result = CliRunner().invoke(app, sys.argv[1:])
print(json.dumps({"seconds": time.perf_counter() - start, "code": result.exit_code, "stderr": result.stderr,
                  "litellm": "litellm" in sys.modules}))
"""


def _probe(args, **env_extra):
    env = {k: v for k, v in os.environ.items() if k not in KEYS}
    env.update(env_extra)
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("args, extra, needle", [
    (["--model", "gpt-4o"], {}, "agent: model 'gpt-4o' (openai) needs OPENAI_API_KEY in the environment"),
    (["--model", "gpt-4o"], {"OPENAI_API_KEY": ""}, "needs OPENAI_API_KEY"),  # set but empty: no key
    (["--model", "anthropic/claude-sonnet-4-5"], {}, "(anthropic) needs ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN"),
    (["--model", "x", "--model-provider", "no_such_provider"], {}, "unknown model provider 'no_such_provider'"),
    (["--model", "no_such_provider/x"], {}, "cannot tell the provider of model 'no_such_provider/x'"),
    (["--agent-strategy", "ground-truth", "--user-model", "gpt-4o"], {}, "user: model 'gpt-4o' (openai) needs OPENAI_API_KEY"),
])
def test_a_missing_key_or_unknown_provider_is_said_at_once(args, extra, needle, tmp_path):
    seen = _probe(["run", *args, "--log-dir", str(tmp_path)], **extra)
    assert seen["code"] == 2 and needle in seen["stderr"], seen
    assert len(seen["stderr"].strip().splitlines()) == 1, seen["stderr"]
    assert not seen["litellm"], "litellm was imported before the refusal"
    # what makes it "at once" is asserted above (litellm, seconds to import, is never imported); the
    # wall time only bounds the rest, with room for a loaded two-core CI machine running two jobs
    assert seen["seconds"] < 10.0, seen
    assert list(tmp_path.iterdir()) == []  # no results file for a run that never started


def test_a_key_present_lets_the_quick_check_pass_without_litellm(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert quick_llm_problem("gpt-4o") == (True, None)
    assert quick_llm_problem("openai/stub-user") == (True, None)
    assert quick_llm_problem("stub", "openai") == (True, None)
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    monkeypatch.setenv("GOOGLE_API_KEY", "g")
    assert quick_llm_problem("gemini/gemini-2.0-flash") == (True, None)


def test_what_only_litellm_can_tell_is_left_to_it():
    # a provider without a key table (bedrock: roles, profiles), a name litellm's list lacks
    assert quick_llm_problem("anthropic.claude-v2", "bedrock") == (False, None)
    assert quick_llm_problem("a-model-nobody-lists") == (False, None)


def test_the_provider_names_read_from_litellms_files_are_litellms_own():
    """The quick check reads litellm's provider enum from its source file; this is the same set
    litellm gives once imported (a litellm upgrade that moved it would fail here)."""
    litellm = pytest.importorskip("litellm")
    assert known_providers() == {str(getattr(p, "value", p)) for p in litellm.provider_list}
    assert set(PROVIDER_KEYS) <= known_providers()
