"""One place that talks to LLMs: litellm's ``completion``, its cost, and the seed.

The seed is passed where the provider takes one (``drop_params`` drops it
where it does not). litellm is imported on first use, so the library works
without it for offline scoring.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional, Tuple

# litellm would fetch a price list from the network at import; use its bundled copy.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


class LLMError(RuntimeError):
    """A model call that failed (network, provider, quota): an infrastructure fault."""


def _litellm() -> Any:
    import litellm

    litellm.suppress_debug_info = True  # no "Give Feedback / Get Help" banner per failed call
    return litellm


def llm_problem(model: str, provider: Optional[str] = None) -> Optional[str]:
    """Why calls to ``model`` cannot work before any is made (an unknown provider, a missing
    API key), in one line; None when they may."""
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


def complete(
    model: str,
    messages: List[Dict[str, Any]],
    provider: Optional[str] = None,
    tools: Optional[List[Dict[str, Any]]] = None,
    temperature: float = 0.0,
    seed: Optional[int] = None,
    **kwargs: Any,
) -> Tuple[Dict[str, Any], float]:
    """The assistant message (role, content, tool_calls) and the call's cost in dollars."""
    try:
        litellm = _litellm()
    except ImportError as exc:  # pragma: no cover - litellm is a dependency
        raise LLMError("litellm is not installed") from exc
    params: Dict[str, Any] = {"model": model, "messages": messages, "temperature": temperature, "drop_params": True}
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
        raise LLMError(f"{type(exc).__name__}: {exc}") from exc
    raw = response.choices[0].message
    message: Dict[str, Any] = {"role": "assistant", "content": raw.content}
    if getattr(raw, "tool_calls", None):
        message["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.function.name, "arguments": call.function.arguments},
            }
            for call in raw.tool_calls
        ]
    cost = 0.0
    hidden = getattr(response, "_hidden_params", None) or {}
    if hidden.get("response_cost"):
        cost = float(hidden["response_cost"])
    return message, cost
