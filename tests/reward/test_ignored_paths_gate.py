"""``policy_rules.ignored_paths`` looks for a path in pydantic's compact JSON of a task's
overrides first, and makes json.dumps' text (what the rule is written against) only where that
compact text names it: the same answer whatever the overrides' strings hold (speed only)."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tau_shaped.reward.overrides import RewardOverrides
from tau_shaped.reward.policy_rules import PolicyRuleSet, ignored_paths


def _as_before(rule_set, overrides):
    named = json.dumps(overrides.model_dump(mode="json") if overrides is not None else {})
    return tuple(p for p in rule_set.canonical_ignore if f'"{p}' not in named)


_PIECES = ["quotes", "escalations[*].reason", "Q1", "amount", "g", '"', "\\", " ", "\n", "\u2028", "é", "\x7f", "\t",
           "\u00e9", "u00e9", "\\u00e9", ", ", ": ", ",", ":", "}", "[", "*", "x", "quotes.Q1"]
_TEXT = st.one_of(st.text(max_size=12), st.lists(st.sampled_from(_PIECES), max_size=5).map("".join))
_STATES = st.sampled_from(["quotes.Q1.amount", "escalations[*].reason", "orders.O1.total", "quotes[\"Q é\"].amount"])


@settings(max_examples=300, deadline=None)
@given(ids=st.lists(_TEXT, max_size=3), states=st.lists(_STATES, min_size=3, max_size=3),
       ignore=st.lists(_TEXT.filter(bool), min_size=1, max_size=4), description=_TEXT)
def test_the_same_paths_as_json_dumps_text_gives(ids, states, ignore, description):
    gates = [{"id": f"g{i}{text}", "description": description, "when": {"state": states[i % 3], "gt": 5}}
             for i, text in enumerate(ids)]
    overrides = RewardOverrides.model_validate({"safety_gates": gates})
    rule_set = PolicyRuleSet.model_construct(canonical_ignore=ignore)  # any text, not only a valid path
    assert ignored_paths(rule_set, overrides) == _as_before(rule_set, overrides)
    assert ignored_paths(rule_set, None) == _as_before(rule_set, None)


def test_a_path_named_only_in_escaped_text_is_decided_as_before():
    """Texts where the two writings differ: a non-ASCII character (escaped by json.dumps), an
    escaped quote or backslash before the path, a path holding a space or a quote."""
    cases = [("quotes", 'x"quotes'), ("u00e9quotes", "équotes"), ("quotes", "é\"quotes"), ("a b", 'y"a b'),
             ('q"x', 'q"x'), ("\\u2028", "\u2028"), ("quotes", "\\quotes")]
    for path, text in cases:
        overrides = RewardOverrides.model_validate({"safety_gates": [{"id": text, "when": {"state": "orders.O1.total", "gt": 5}}]})
        rule_set = PolicyRuleSet.model_construct(canonical_ignore=[path, "escalations[*].reason"])
        assert ignored_paths(rule_set, overrides) == _as_before(rule_set, overrides), (path, text)
