"""verl's plugin hook (the ``verl.plugins`` entry point): registers ``tau_shaped_agent`` at ``import verl``.

verl 0.9 loads every ``verl.plugins`` entry point when it is imported, in each process (the agent
loop workers included), so ``actor_rollout_ref.rollout.agent.default_agent_loop=tau_shaped_agent``
finds the loop without an ``agent_loop_config_path``. A verl whose agent loop cannot be imported
(or one that loads no plugins: ``VERL_USE_EXTERNAL_PLUGINS=none``) leaves it unregistered: then name
the shipped config, ``verl_adapter.AGENT_LOOP_CONFIG``.
"""

from __future__ import annotations

REGISTERED = False

try:
    from tau_shaped.integrations.training.verl_adapter import _agent_loop_class

    _agent_loop_class()
    REGISTERED = True
except ImportError:  # verl without its agent loop's dependencies: verl itself will say so where it matters
    pass
