"""The reward inside the trainer (issue 19): a step-wise environment and reward functions.

``stepwise.StepwiseEnv`` plays one assistant turn per step with per-step shaped rewards;
``reward_functions`` gives picklable per-component and per-blend reward callables;
``trl_adapter`` (needs the ``trl`` extra) wraps them in TRL's ``reward_funcs`` signature.
"""
