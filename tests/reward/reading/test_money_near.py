"""An amount said as an approximation, a near bound or a range (issue 41, round 16, style AM; SPEC §10 statements).
"You saved roughly $23,500 in total" (the tools back $23,553), "a bit over $45" (a $45.13 refund), "between $23,500
and $23,600" were read as amounts nothing backs (money_supported fired on careful agents). ``value_bounds.bound_at``
gives the test a backed value passes: within 5% for an approximation, on its side within 10% for a near bound, inside
a range. Controls: a far approximation ("roughly $30,000"), a near bound on the wrong side, and an open bound ("over
$20,000") stay unbacked. (Food delivery's amounts rule asks for the cent: it reads no approximation.)"""

from __future__ import annotations

import pytest

from tau_shaped.reward.reading.value_bounds import bound_at


def _near(text, backed):
    i = text.index("$")
    j = i + 1
    while j < len(text) and (text[j].isdigit() or text[j] in ",."):
        j += 1
    j -= text[i:j].endswith(".")
    bound = bound_at(text, i, j)  # money_checks' decision: a near bound, an approximation or a range is tested
    return bound.admits(backed) if bound is not None and (bound.near or bound.direction in ("approx", "range")) else None


@pytest.mark.parametrize("text, backed, ok", [
    ("You saved roughly $23,500 in total.", 23553, True),
    ("You saved about $23,550.", 23553, True),
    ("You saved ~$23,600.", 23553, True),
    ("You saved a bit over $23,500.", 23553, True),
    ("You saved just shy of $23,600.", 23553, True),
    ("You saved between $23,500 and $23,600.", 23553, True),
    ("The refund is a bit over $45.", 45.13, True),
    # controls
    ("You saved roughly $30,000.", 23553, False),
    ("You saved a bit over $23,600.", 23553, False),
    ("You saved just shy of $23,500.", 23553, False),
    ("You saved between $20,000 and $21,000.", 23553, False),
    ("You saved over $20,000.", 23553, None),
    ("You saved $23,500.", 23553, None),
])
def test_an_amount_said_near_is_tested_against_the_backed_value(text, backed, ok):
    assert _near(text, backed) is ok

