"""Where the policy forms' helpers used to live: the forms are check kinds now (``checks/``:
``unpreceded``, ``unconfirmed``, ``event_sum``, ``unsupported_amount``, ``unsupported_time``),
the confirmation helpers are in ``confirmations``. Kept so that older imports still resolve."""

from __future__ import annotations

from tau_shaped.reward.checks.finding import Finding, short  # noqa: F401 - re-exported
from tau_shaped.reward.reading.confirmations import describes, find_record  # noqa: F401 - re-exported
from tau_shaped.reward.reply_matchers import reply_class, said_yes  # noqa: F401 - re-exported
