"""Registers the integrations' results formats and scoring backends, on import (the command
line imports this before ``score`` asks the registries; a script that scores through
``evaluation.scoring_backends`` imports it too to have them):

- ``tau2``: tau2's runs (:class:`.tau2.results_format.Tau2Format`), and the check a tau2 domain
  puts on tau-bench's and tau-shaped's files (only its own runs' records);
- ``ray``: the Ray backend (:class:`.ray_backend.RayBackend`).

Neither imports tau2, ray, pyarrow or pandas here: each is imported when a file is scored.
"""

from __future__ import annotations

from tau_shaped.evaluation.results_formats import add_records_check, register_format
from tau_shaped.evaluation.scoring_backends import register_backend
from tau_shaped.integrations.ray_backend import RayBackend
from tau_shaped.integrations.tau2.results_format import Tau2Format, check_not_tau2_env

register_format(Tau2Format())
add_records_check(check_not_tau2_env)
register_backend(RayBackend())
