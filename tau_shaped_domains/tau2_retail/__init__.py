"""tau2-bench's retail domain with tau-shaped's policy rules (registered as ``tau2:retail``).

Needs the tau2 extra (``pip install -e ".[tau2]"``): the database, tools, policy and tasks
are tau2's own (``tau_shaped.integrations.tau2.domain``); this package holds what tau-shaped
adds: the policy rules (``policy_rules.json``, SPEC §9, read in ``POLICY_RULES.md``), the
events they judge (``events.py``: the watch records facts of the record a call acts on), the
check kinds of the items a confirmation lists, the new items' options and the payment method it
states (``items_listed.py``, ``new_options.py``, ``method_named.py``) and the
order's status read a careful agent makes before acting on it (``careful.py``).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Optional

from tau_shaped.tasks.domains import Domain

# the check kinds the rule file names, registered with the package: whoever reads the rules
# (tau2:retail, tau-bench's retail with tau2's rules, a test) has them
from . import items_listed, items_reminded, method_named, new_options  # noqa: F401,E402

PACKAGE = Path(__file__).resolve().parent


def DOMAIN() -> Domain:  # noqa: N802 - the entry point's conventional name
    """The domain on tau2's data: the package's, or the folder ``TAU2_DATA_DIR`` names
    (``--tau2-data``), built once a process for each."""
    from tau_shaped.integrations.tau2.data_dir import data_dir

    return _domain(data_dir())


@functools.lru_cache(maxsize=None)
def _domain(data: Optional[Path]) -> Domain:
    from tau_shaped.integrations.tau2.domain import build

    from .careful import careful_tasks
    from .events import EVENT_TYPES, watch

    rules = PACKAGE / "policy_rules.json"
    return careful_tasks(build("retail", policy_rules_file=rules if rules.exists() else None, watch=watch,
                               event_types=EVENT_TYPES, data=data))
