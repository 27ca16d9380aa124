"""The models a run calls: which of its players needs one, where each is served (a provider, or
an OpenAI-compatible server at ``--api-base``), and whether a call can reach it before any
episode is played."""

from __future__ import annotations

from typing import Any, Dict, Optional


def uses_agent_model(config: Any) -> bool:
    return config.agent_strategy == "tool-calling"


def uses_user_model(config: Any) -> bool:
    return config.user_strategy == "llm"


def user_api_base(config: Any) -> Optional[str]:
    """The customer's server: ``--user-api-base``, else the agent's ``--api-base``."""
    return config.user_api_base or config.api_base


def model_problem(config: Any) -> Optional[str]:
    """Why a model of the run cannot be called (unknown provider, missing key), in one line
    naming the player; None when every one may be. A model served at ``--api-base`` needs no
    provider's key (a local server takes any)."""
    from tau_shaped.env.llm import LLMError, call_limits, llm_problem

    if uses_agent_model(config) or uses_user_model(config):
        try:  # a TAU_SHAPED_LLM_TIMEOUT / _RETRIES that is not a number: said before any episode
            call_limits(getattr(config, "llm_timeout", None), getattr(config, "llm_retries", None))
        except LLMError as exc:
            return str(exc)
    if uses_agent_model(config) and config.model:
        problem = llm_problem(config.model, config.model_provider, api_base=config.api_base)
        if problem:
            return f"agent: {problem}"
    if uses_user_model(config):
        problem = llm_problem(config.user_model, config.user_model_provider, api_base=user_api_base(config))
        if problem:
            return f"user: {problem}"
    return None


def endpoint(api_base: Optional[str]) -> Dict[str, Any]:
    """litellm's arguments for a model served at ``api_base`` (none: the provider's own
    endpoint). A local server takes any key: one is given where the environment has none, as the
    OpenAI client refuses to call without."""
    if not api_base:
        return {}
    from tau_shaped.env.llm import key_for_endpoint

    return {"api_base": api_base, **key_for_endpoint()}


def call_limits(config: Any) -> Dict[str, Any]:
    """litellm's limits of each model call the run makes (``--llm-timeout``, ``--llm-retries``);
    an option not given is left to the environment's TAU_SHAPED_LLM_TIMEOUT / _RETRIES, else 120 s
    and 2 retries (tau_shaped.env.llm.call_limits)."""
    limits: Dict[str, Any] = {}
    if getattr(config, "llm_timeout", None) is not None:
        limits["timeout"] = float(config.llm_timeout)
    if getattr(config, "llm_retries", None) is not None:
        limits["num_retries"] = int(config.llm_retries)
    return limits
