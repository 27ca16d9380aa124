"""The reward (SPEC §2-§5, §7-§9): paths, predicates and matchers, equivalence classes,
invariants, canonical states, the legacy reward, the verifier in its fixed order, the result
type, ``score_trajectory``, and ``ShapedRewardMixin``/``Env`` (the reward on an environment).
Imports only ``tau_shaped.env``."""
