"""The reward inside the trainer (issue 19): a step-wise environment, reward functions, one adapter per stack.

``stepwise.StepwiseEnv`` plays one assistant turn per step with per-step shaped rewards;
``reward_functions`` gives picklable per-component and per-blend reward callables;
``trl_adapter`` wraps them in TRL's ``reward_funcs`` signature and ``trl_env`` is TRL's
``environment_factory``; ``verl_adapter`` (``compute_score``, ``TauShapedAgentLoop``),
``openrlhf_adapter`` (reward server, agent executor), ``skyrl_adapter`` (``BaseTextEnv``) and
``verifiers_adapter`` (``load_environment``, ``Rubric``) serve the other stacks (``verl_plugin``:
verl's entry point registering the agent loop); ``text_turns`` is what they share (model text to
turns, a pooled text episode, the components and flags, the counters); ``dataset_rows`` reads a
row back as it was after ``datasets``/Arrow/parquet.
Each stack is imported lazily: every module imports without it.
"""
