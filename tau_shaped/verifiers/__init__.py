"""One verifier protocol (SPEC §8 statuses) and its verifiers: the trajectory verifier,
single-turn verifiers (math, code, knowledge base, format) and the noise model."""
