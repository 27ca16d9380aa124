"""Task sets: the task-file schema and loader (SPEC §6), ``tasks check``, the domain registry
and the grader regression suite. Imports ``env`` and ``reward``."""
