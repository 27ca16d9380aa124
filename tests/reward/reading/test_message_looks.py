"""The one look per message (``message_looks``) skips a reader only where the reader would find
nothing: each reader read with its look and without it (its body called directly) agrees on
generated texts built of the words, digits, marks and look-alikes its patterns care about."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tau_shaped.reward.reading.message_looks import holds_any, look
from tau_shaped_domains.food_delivery import policy_figures as pf

_SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# pieces a figure's reader reads (and near misses): numbers, units, the rules' words, marks, other scripts'
# digits and letters that fold ("٣", "Ｋ", "ＨＯＵＲ", the Kelvin sign, a capital sigma)
_PIECES = ["15", "30", "8", "20", "2.5", "٣", "５", " ", " ", "\t", "\n", ".", "!", "?", ",", "-", "--", "\u2014",
           "minutes", "mins", "min", "hour", "hours", "hrs", "Hour", "HOUR", "ＨＯＵＲ", "half an hour", "an hour",
           "one hour", "km", "KM", "\u212am", "kilometres", "kilometers", "quote", "Quote", "QUOTE", "courier",
           "dispatch", "driver", "rider", "within", "radius", "range", "of the restaurant", "valid for", "sorry",
           "I mean", "if", "had been", "the", "\u03a3", "\u0130", "\u00df", "\u0131", "é", "\u200b"]
_TEXTS = st.one_of(st.lists(st.sampled_from(_PIECES), max_size=24).map("".join), st.text(max_size=60))
_FIGURES = [pf.Figure(about=["quote"], unit="minutes", values=[15]),
            pf.Figure(about=["courier", "dispatch", "driver", "rider"], unit="km",
                      near=["within", "radius", "range", "of the restaurant"], values=[8]),
            pf.Figure(about=["Quote", "\u03c3tay"], unit="minutes", values=[15, 60])]  # words not lower-cased, not ASCII


@_SETTINGS
@given(_TEXTS)
@example("The quote is valid for 30 minutes.")
@example("The quote is valid for half an hour")
@example("QUOTE VALID FOR AN HOUR")
@example("any courier within 20 km of the restaurant")
@example("any COURIER within 20 \u212am of the restaurant")
@example("\u03c3tay\u03a3. quote ok 30 min")
def test_policy_figures_look_agrees(text: str) -> None:
    for figure in _FIGURES:
        read = pf.seen(text) or ""
        assert pf.misstated(text, figure) == pf._misstated(read, figure)


def test_policy_figures_look_skips_what_holds_no_figure() -> None:
    figure = _FIGURES[0]
    assert not pf._may_state("The quote is valid for a while.", figure)  # no digit, no hour
    assert not pf._may_state("Your courier is 8 minutes away.", figure)  # no word of the rule
    assert pf._may_state("The quote is valid for half an hour.", figure)
    assert pf._may_state("The QUOTE lasts 30 minutes.", figure)
    assert pf.misstated("The QUOTE lasts 30 minutes.", figure) is not None


def test_look_is_kept_and_reads_digits_in_ascii_only() -> None:
    assert look("Order FD-10006") is look("Order FD-10006")
    assert look("٣ minutes").digit is False and look("3 minutes").digit is True
    assert look("A" * 5000).low == "a" * 5000
    assert holds_any("the quote", ("courier", "quote")) and not holds_any("the quote", ("courier",))


_PICK_PIECES = ["the first one", "the latter", "option 2", "(b)", "| B | Pesto Pasta |", "A) Risotto", "B.", "#3", "item 1.5",
                "sounds good, ", "go with that", "let's do", "the second", "\n", " ", "Korma", "FD-10330", "ok"]


@_SETTINGS
@given(st.lists(st.sampled_from(_PICK_PIECES), max_size=12).map(" ".join), st.integers(0, 2))
def test_kept_picks_agree_with_the_scan(text: str, pad: int) -> None:
    from tau_shaped.reward.reading import dish_followups, dish_positions

    text = "x" * (1500 * pad) + text  # a short text (kept), and a long one (read as it stands)
    assert dish_positions.may_pick(text) == (dish_positions._PICK.search(text, 0, dish_positions._REACH) is not None)
    assert dish_followups.may_go_along(text) == (dish_followups._GOES_ALONG.search(text, 0, dish_followups._REACH) is not None)


def test_offers_unsafe_imports_its_followups_once() -> None:
    from tau_shaped.reward.checks import offers_unsafe

    assert offers_unsafe._followups() is offers_unsafe._followups() is offers_unsafe._FOLLOWUPS
