"""Round 18: a time taken back for another time (SPEC §10 self-repair). "Back on your wallet instantly -- typo: in 3-5
business days" tells the customer the wallet takes 3-5 business days (a wrong fact: the wallet is at once); before this
round the repair took back "on your wallet instantly", so the claim lost its method and no fact was judged. "To your
card (approx. 3-5 bus. days)... no wait, in 24-48 hours" tells 24-48 hours to the card (wrong too); the repair was not
read, "bus." ending a sentence."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.fact_claims import claims
from tau_shaped.reward.reading.normalize_repairs import withdrawn

_FIRST = ["instantly", "right away", "immediately", "at once", "today", "in 3-5 business days", "within 24 hours",
          "(approx. 3-5 bus. days)", "in about 2 hours"]
_MARKERS = [" -- sorry, typo: ", " -- correction: ", " -- my mistake: ", "... no wait, ", ", I mean ", " -- apologies, typo: ",
            " \u2014 scratch that: "]
_SECOND = ["in 3-5 business days", "within 24 hours", "in 24-48 hours", "in about 5 business days", "within a few days"]
_LEADS = ["Expect the $15.90 back on your {m} {t}", "The $15.90 refund lands on your {m} {t}", "Refund $13.40 -> your {m}, {t}"]


@settings(max_examples=120, deadline=None, derandomize=True)
@given(lead=st.sampled_from(_LEADS), method=st.sampled_from(["wallet", "card"]), first=st.sampled_from(_FIRST),
       marker=st.sampled_from(_MARKERS), second=st.sampled_from(_SECOND))
def test_a_time_repaired_keeps_the_method_and_drops_the_first_time(lead: str, method: str, first: str, marker: str,
                                                                   second: str) -> None:
    text = lead.format(m=method, t=first) + marker + second + ". Done."
    seen = withdrawn(text)
    assert method in seen, (text, seen)  # the method is not what was taken back
    assert second in seen, (text, seen)
    kept = seen.replace(second, "")
    assert first.strip("()") not in kept, (text, seen)  # the first time is gone
    timings = [c for c in claims(seen) if c.kind == "refund_timing" and c.value[1] != "present"]
    assert timings and all(c.value[0] == method for c in timings), (seen, timings)


def test_a_repair_of_another_kind_takes_no_time_back() -> None:
    # an amount repaired for an amount: no time taken back; a range repaired by a time phrase: read as before
    assert withdrawn("Expect $15.90 back on your card in 3-5 business days -- correction: $16.90 in 3-5 business days.") \
        == "Expect $16.90 in 3-5 business days."
    assert withdrawn("It will arrive in 19 to 29 mins -- correction: in 29 minutes.") == "It will arrive in 29 minutes."


@pytest.mark.parametrize("first", ["three days ago", "yesterday", "on Tuesday", "2 days ago", "last week"])
@pytest.mark.parametrize("marker", [", I mean ", " -- correction: ", "... no wait, ", ", or rather "])
@pytest.mark.parametrize("second", ["on Thursday", "yesterday", "today", "two days ago"])
def test_a_day_repaired_by_a_day(first: str, marker: str, second: str) -> None:
    """A day taken back for a day (the generator's "delivered three days ago, I mean on Thursday" kept both days)."""
    if first == second:
        return
    text = f"Your order FD-10031 was delivered {first}{marker}{second}."
    assert withdrawn(text) == f"Your order FD-10031 was delivered {second}.", text
