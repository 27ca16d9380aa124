"""``violations`` of no hit (round 20, speed): one finding per text of what holds when nothing breaks, given again to
every form and rollout that breaks nothing (findings are never changed), and the same as a new one would be."""

from __future__ import annotations

from tau_shaped.reward.checks.finding import NOWHERE, Finding, violations


def test_no_hit_gives_the_kept_finding_of_its_text():
    first = violations([], "no message states another customer's data")
    assert violations([], "no message states another customer's data") is first
    assert first == Finding(False, None, NOWHERE, "no message states another customer's data")
    assert (first.holds, first.step, first.steps, first.evidence, first.undetermined) == (
        False, None, frozenset(), "no message states another customer's data", ())
    other = violations([], "every occurrence is preceded")
    assert other is not first and other.evidence == "every occurrence is preceded"


def test_hits_give_a_new_finding_each_time():
    hits = [(3, "agent said it"), (5, lambda: "again")]
    one, two = violations(hits, "none"), violations(hits, "none")
    assert one is not two
    assert (one.holds, one.step, one.steps, one.evidence) == (True, 3, frozenset({3, 5}), "step 3: agent said it (and 1 more)")


def test_no_message_found_gives_the_kept_finding_of_whose_messages():
    from pydantic import TypeAdapter

    from tau_shaped.reward.checks.said import text_hits
    from tau_shaped.reward.predicate_schema import Predicate

    matcher = TypeAdapter(Predicate).validate_python({"said": {"contains": "refund"}}).said
    none = text_hits([(0, "Hello there"), (2, "Anything else?")], matcher, "agent")
    assert text_hits([], matcher, "agent") is none
    assert (none.holds, none.step, none.steps, none.evidence) == (False, None, frozenset(), "no matching agent message")
    assert text_hits([(1, "ok")], matcher, "user").evidence == "no matching user message"
    found = text_hits([(0, "Hello"), (2, "I issued the refund.")], matcher, "agent")
    assert (found.holds, found.step, found.steps) == (True, 2, frozenset({2}))


def test_a_text_matcher_read_imports_no_package_fromlist(monkeypatch):
    """``match_text`` reads each new text with readers imported where used, not ``from`` their package (whose fromlist
    importlib reads in Python at every call)."""
    import importlib._bootstrap as bootstrap

    from pydantic import TypeAdapter

    from tau_shaped.reward.matchers import match_text
    from tau_shaped.reward.predicate_schema import Predicate

    said = [TypeAdapter(Predicate).validate_python({"said": m}).said
            for m in ({"regex": "refund(ed)?"}, {"contains": "refund", "affirmed": True}, {"number": 12.5})]
    assert match_text(said[0], "warm: I refunded it") == "refunded"  # the readers imported once
    for matcher in said:
        match_text(matcher, "warm up the readers, 12.5, refund")
    calls = []
    handle = bootstrap._handle_fromlist
    monkeypatch.setattr(bootstrap, "_handle_fromlist", lambda *a, **k: calls.append(a[0].__name__) or handle(*a, **k))
    assert match_text(said[0], "Your refund of $12.50 went through.") == "refund"
    assert match_text(said[1], "I have issued the refund.") is not None
    assert match_text(said[2], "That was $12.50 in total.") is not None
    assert calls == []
