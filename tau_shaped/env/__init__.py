"""The environment's building blocks, the lowest layer: tau-bench's types, ``Tool`` and
``@tool``, the episode context (seeded rng, event log), copy-on-read overlay states, tau-bench's
hashing, trajectories and the episode runner, and the user simulators (with the litellm glue
they call). Imports nothing else of tau_shaped."""
