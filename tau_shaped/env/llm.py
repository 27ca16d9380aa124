"""One place that talks to LLMs: litellm's ``completion``, its cost, and the seed.

The seed is passed where the provider takes one (``drop_params`` drops it
where it does not). litellm is imported on first use, so the library works
without it for offline scoring.

Importing litellm takes seconds, so ``llm_problem`` answers the common cases
before it: an unknown provider, and a missing key of a provider in
``PROVIDER_KEYS`` (the model's provider told by ``--model-provider``, a
``provider/`` prefix, or litellm's bundled model list). It reads litellm's
provider names and model list from the installed package's files, imports
nothing; what it cannot tell is left to litellm's own check.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, FrozenSet, List, Optional, Tuple

# litellm would fetch a price list from the network at import; use its bundled copy.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


class LLMError(RuntimeError):
    """A model call that failed (network, provider, quota): an infrastructure fault."""


def _litellm() -> Any:
    import litellm

    litellm.suppress_debug_info = True  # no "Give Feedback / Get Help" banner per failed call
    return litellm


_importing: List[threading.Thread] = []


def import_in_background() -> None:
    """Start importing litellm on a daemon thread (seconds, more on a loaded machine), so that a
    run prints its first line and loads its domain meanwhile; the first model call waits for
    the import to finish (Python's import lock), never imports it twice. Once per process."""
    if _importing or "litellm" in sys.modules or _litellm_folder() is None:
        return

    def load() -> None:
        try:
            _litellm()
        except Exception:  # noqa: BLE001 - the first call imports it again and says what failed
            pass

    thread = threading.Thread(target=load, name="import-litellm", daemon=True)
    _importing.append(thread)
    thread.start()


def key_for_endpoint() -> Dict[str, str]:
    """The key for an OpenAI-compatible server at ``--api-base``: the environment's
    ``OPENAI_API_KEY`` where set (litellm reads it), else a placeholder the server ignores (the
    OpenAI client refuses to send a request with no key at all)."""
    return {} if os.environ.get("OPENAI_API_KEY") else {"api_key": "no-key-needed"}


# The environment variables a provider's key is read from (any one of them), as litellm's
# validate_environment reads them, for the providers agents are usually run on. A variable set
# to the empty string is no key.
PROVIDER_KEYS: Dict[str, Tuple[str, ...]] = {
    "openai": ("OPENAI_API_KEY",),
    "anthropic": ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"),
    "gemini": ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
    "mistral": ("MISTRAL_API_KEY",),
    "groq": ("GROQ_API_KEY",),
    "deepseek": ("DEEPSEEK_API_KEY",),
    "xai": ("XAI_API_KEY",),
    "openrouter": ("OPENROUTER_API_KEY",),
    "together_ai": ("TOGETHERAI_API_KEY",),
    "cohere": ("COHERE_API_KEY",),
    "fireworks_ai": ("FIREWORKS_AI_API_KEY", "FIREWORKS_API_KEY", "FIREWORKSAI_API_KEY"),
    "perplexity": ("PERPLEXITYAI_API_KEY",),
}


@lru_cache(maxsize=1)
def _litellm_folder() -> Optional[Path]:
    """Where litellm is installed; finding a top-level package imports nothing of it."""
    try:
        spec = importlib.util.find_spec("litellm")
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    return Path(locations[0]) if locations else None


@lru_cache(maxsize=1)
def known_providers() -> FrozenSet[str]:
    """litellm's provider names (its ``LlmProviders`` enum, read from its source file); empty
    when they cannot be read (then litellm itself is asked)."""
    folder = _litellm_folder()
    try:
        text = (folder / "types" / "utils.py").read_text(encoding="utf-8") if folder else ""
    except OSError:
        return frozenset()
    body = re.search(r"^class LlmProviders\(str, Enum\):\n((?:[ \t]+.*\n|\n)+)", text, re.MULTILINE)
    if body is None:
        return frozenset()
    return frozenset(re.findall(r'^[ \t]+[A-Z0-9_]+ = "([^"]+)"', body.group(1), re.MULTILINE))


@lru_cache(maxsize=1)
def _model_providers() -> Dict[str, str]:
    """Model name -> provider, from the model list litellm ships (its local cost map)."""
    folder = _litellm_folder()
    try:
        data = json.loads((folder / "model_prices_and_context_window_backup.json").read_text(encoding="utf-8")) if folder else {}
    except (OSError, ValueError):
        return {}
    return {name: entry["litellm_provider"] for name, entry in data.items()
            if isinstance(entry, dict) and isinstance(entry.get("litellm_provider"), str)}


def quick_llm_problem(model: str, provider: Optional[str] = None) -> Tuple[bool, Optional[str]]:
    """``(answered, problem)`` without importing litellm: answered is False where only litellm
    can tell (a provider outside ``PROVIDER_KEYS``, a model name it does not list)."""
    known = known_providers()
    if not known:
        return False, None
    if provider and provider not in known:
        return True, f"unknown model provider {provider!r} (litellm knows {len(known)}, e.g. openai, anthropic, gemini)"
    prefix = model.split("/", 1)[0] if "/" in model else ""
    resolved = provider or (prefix if prefix in known else None) or _model_providers().get(model)
    if resolved is None and prefix:
        return True, f"cannot tell the provider of model {model!r}: give --model-provider or a provider/model name"
    keys = PROVIDER_KEYS.get(resolved or "")
    if not keys:
        return False, None
    if any(os.environ.get(key) for key in keys):
        return True, None
    return True, f"model {model!r} ({resolved}) needs {' or '.join(keys)} in the environment"


def llm_problem(model: str, provider: Optional[str] = None, api_base: Optional[str] = None) -> Optional[str]:
    """Why calls to ``model`` cannot work before any is made (an unknown provider, a missing
    API key), in one line; None when they may. The common cases are answered without
    importing litellm (``quick_llm_problem``), in milliseconds. A model served at ``api_base``
    (a local OpenAI-compatible server) needs no provider key: only its provider is checked,
    and a name with no known provider is served as an OpenAI-compatible one."""
    if api_base:
        return _endpoint_problem(api_base)
    answered, problem = quick_llm_problem(model, provider)
    if answered:
        return problem
    try:
        litellm = _litellm()
    except ImportError:  # pragma: no cover - litellm is a dependency
        return "litellm is not installed"
    known = {str(getattr(p, "value", p)) for p in litellm.provider_list}
    if provider and provider not in known:
        return f"unknown model provider {provider!r} (litellm knows {len(known)}, e.g. openai, anthropic, gemini)"
    name = f"{provider}/{model}" if provider and not model.startswith(provider + "/") else model
    try:
        resolved = litellm.get_llm_provider(name)[1]
    except Exception:  # noqa: BLE001 - litellm raises its own BadRequestError here
        return f"cannot tell the provider of model {model!r}: give --model-provider or a provider/model name"
    check = litellm.validate_environment(model=name)
    missing = check.get("missing_keys") or []
    if not check.get("keys_in_environment") and missing:
        return f"model {model!r} ({resolved}) needs {', '.join(missing)} in the environment"
    return None


def _endpoint_problem(api_base: str) -> Optional[str]:
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(api_base)
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc:
        return f"--api-base {api_base!r} is not an http(s) URL (e.g. http://127.0.0.1:8000/v1)"
    return None


# Every model call is bounded: litellm's own default timeout is 6,000 s, which leaves a run
# hanging on a server that accepted a request and never answers. A run sets these per call
# (``--llm-timeout``, ``--llm-retries``); library use reads the environment.
TIMEOUT_VARIABLE = "TAU_SHAPED_LLM_TIMEOUT"
RETRIES_VARIABLE = "TAU_SHAPED_LLM_RETRIES"
DEFAULT_TIMEOUT = 120.0
DEFAULT_RETRIES = 2


def call_limits(timeout: Optional[float] = None, retries: Optional[int] = None) -> Tuple[float, int]:
    """``(timeout in seconds, retries)`` of a model call: the ones given, else the environment's
    ``TAU_SHAPED_LLM_TIMEOUT`` / ``TAU_SHAPED_LLM_RETRIES``, else 120 s and 2. A value out of range
    (a timeout not a positive finite number, retries not a whole number from 0 to 10) is an
    LLMError naming where it came from."""
    if timeout is None:
        timeout = _number_from_environment(TIMEOUT_VARIABLE, float, DEFAULT_TIMEOUT)
        where = TIMEOUT_VARIABLE
    else:
        where = "timeout"
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not (0 < float(timeout) < float("inf")):
        raise LLMError(f"{where} must be a positive number of seconds, got {timeout!r}")
    if retries is None:
        retries = _number_from_environment(RETRIES_VARIABLE, int, DEFAULT_RETRIES)
        where = RETRIES_VARIABLE
    else:
        where = "retries"
    if isinstance(retries, bool) or not isinstance(retries, int) or not 0 <= retries <= 10:
        raise LLMError(f"{where} must be a whole number from 0 to 10, got {retries!r}")
    return float(timeout), retries


def _number_from_environment(variable: str, kind: Any, default: Any) -> Any:
    text = os.environ.get(variable, "").strip()
    if not text:
        return default
    try:
        return kind(text)
    except ValueError:
        raise LLMError(f"{variable}={text!r} is not a {'whole number' if kind is int else 'number'}") from None


def complete(
    model: str,
    messages: List[Dict[str, Any]],
    provider: Optional[str] = None,
    tools: Optional[List[Dict[str, Any]]] = None,
    temperature: float = 0.0,
    seed: Optional[int] = None,
    timeout: Optional[float] = None,
    num_retries: Optional[int] = None,
    **kwargs: Any,
) -> Tuple[Dict[str, Any], float]:
    """The assistant message (role, content, tool_calls) and the call's cost in dollars.

    Each attempt waits at most ``timeout`` seconds and a failed one is retried ``num_retries``
    times (``call_limits``). Any failure is one LLMError line: the provider's error, a call
    that timed out, or a response that is not a chat completion (no choices, no message,
    content that is not text, a malformed tool call)."""
    try:
        litellm = _litellm()
    except ImportError as exc:  # pragma: no cover - litellm is a dependency
        raise LLMError("litellm is not installed") from exc
    timeout, num_retries = call_limits(timeout, num_retries)
    params: Dict[str, Any] = {"model": model, "messages": messages, "temperature": temperature, "drop_params": True,
                              "timeout": timeout, "num_retries": num_retries}
    if not provider and kwargs.get("api_base") and model.split("/", 1)[0] not in known_providers():
        provider = "openai"  # a model at --api-base under its server's own name: an OpenAI-compatible server
    if provider:
        params["custom_llm_provider"] = provider
    if tools:
        params["tools"] = tools
    if seed is not None:
        params["seed"] = seed
    params.update(kwargs)
    try:
        response = litellm.completion(**params)
    except Exception as exc:  # noqa: BLE001 - every provider error is an infrastructure fault here
        raise LLMError(_one_line(model, exc, timeout, num_retries)) from exc
    message = _assistant_message(model, response)
    cost = 0.0
    hidden = getattr(response, "_hidden_params", None) or {}
    try:
        cost = float(hidden.get("response_cost") or 0.0)
    except (TypeError, ValueError):
        cost = 0.0
    return message, cost


def _one_line(model: str, exc: BaseException, timeout: float, retries: int) -> str:
    text = " ".join(str(exc).split()) or "(no message)"
    if len(text) > 300:
        text = text[:300] + "..."
    name = type(exc).__name__
    if "timeout" in name.lower() or "timed out" in text.lower():
        return (f"model {model!r}: no answer within {timeout:g} s (tried {retries + 1} time(s); "
                f"--llm-timeout / {TIMEOUT_VARIABLE} sets the limit): {name}: {text}")
    return f"model {model!r}: {name}: {text}"


def _assistant_message(model: str, response: Any) -> Dict[str, Any]:
    """The reply's first choice as a chat message, or an LLMError naming what is malformed."""
    choices = getattr(response, "choices", None)
    if not isinstance(choices, (list, tuple)) or not choices:
        raise LLMError(f"model {model!r} returned a response with no choices")
    raw = getattr(choices[0], "message", None)
    if raw is None:
        raise LLMError(f"model {model!r} returned a choice with no message")
    content = getattr(raw, "content", None)
    if content is not None and not isinstance(content, str):
        raise LLMError(f"model {model!r} returned message content of type {type(content).__name__}, not text")
    message: Dict[str, Any] = {"role": "assistant", "content": content}
    calls = getattr(raw, "tool_calls", None)
    if calls:
        if not isinstance(calls, (list, tuple)):
            raise LLMError(f"model {model!r} returned tool_calls of type {type(calls).__name__}, not a list")
        message["tool_calls"] = [_tool_call(model, number, call) for number, call in enumerate(calls)]
    return message


def _tool_call(model: str, number: int, call: Any) -> Dict[str, Any]:
    function = getattr(call, "function", None)
    name = getattr(function, "name", None)
    arguments = getattr(function, "arguments", None)
    if function is None or not isinstance(name, str) or not name:
        raise LLMError(f"model {model!r} returned tool call {number} with no function name")
    if arguments is not None and not isinstance(arguments, str):
        raise LLMError(f"model {model!r} returned tool call {number} ({name}) with arguments of type "
                       f"{type(arguments).__name__}, not a JSON string")
    call_id = getattr(call, "id", None)
    return {"id": call_id if isinstance(call_id, str) else f"call_{number}", "type": "function",
            "function": {"name": name, "arguments": arguments if arguments is not None else "{}"}}
