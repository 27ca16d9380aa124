"""tau2-bench's airline domain with tau-shaped's policy rules (registered as ``tau2:airline``).

Needs the tau2 extra (``pip install -e ".[tau2]"``): the database, tools, policy and tasks
are tau2's own (``tau_shaped.integrations.tau2.domain``); this package holds what tau-shaped
adds: the policy rules (``policy_rules.json``, SPEC §9; read ``POLICY_RULES.md``), the
events they judge (``events.py``, SPEC §5), recorded by a watch on every successful call, and the
check kind of the flights and passengers a write's confirmation lists (``details_listed.py``).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Optional

from tau_shaped.tasks.domains import Domain

# the check kind the rule file names, registered with the package: whoever reads the rules has it
from . import details_listed  # noqa: F401,E402

PACKAGE = Path(__file__).resolve().parent


def DOMAIN() -> Domain:  # noqa: N802 - the entry point's conventional name
    """The domain on tau2's data: the package's, or the folder ``TAU2_DATA_DIR`` names
    (``--tau2-data``), built once a process for each."""
    from tau_shaped.integrations.tau2.data_dir import data_dir

    return _domain(data_dir())


@functools.lru_cache(maxsize=None)
def _domain(data: Optional[Path]) -> Domain:
    from tau_shaped.integrations.tau2.domain import build

    from . import events

    rules = PACKAGE / "policy_rules.json"
    return build("airline", policy_rules_file=rules if rules.exists() else None, watch=events.watch_for(data),
                 event_types=events.EVENT_TYPES, data=data)
