"""SPEC §5 / issue 15: a regex from data (a task file, a policy-rule file) is compiled and
matched by RE2, in linear time: a pattern that backtracks for ever on Python's ``re`` returns
at once, a pattern RE2 cannot run is refused when its file is loaded, naming it, and the two
food-delivery rules that used lookaround give the same verdicts without it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tau_shaped import Action, load_domain, score_trajectory
from tau_shaped.reward.data_regex import CACHE_SIZE, DataRegexError, compile_pattern, search
from tau_shaped.reward.matchers import match_value
from tau_shaped.reward.policy_forms import said_yes
from tau_shaped.reward.policy_rules import PolicyRuleError, load_rules
from tau_shaped.reward.predicate_schema import Confirmation, MatchOps
from tau_shaped.tasks.files import TaskFileError, load_tasks, parse_tasks
from tau_shaped.tasks.consenting import consenting_replies
from tests.mini_domain import TASKS_FILE, make_env
from tests.conftest import TESTS  # noqa: E402

EVIL = "(a+)+$"
LONG_NO = "a" * 50_000 + "!"  # Python's re backtracks exponentially on EVIL here
LONG_YES = "a" * 50_000


def _plain_task(**extra: Any) -> dict:
    raw = json.loads(TASKS_FILE.read_text())
    task = next(t for t in raw if t["id"] == "courier")
    return {**task, "id": "evil", **extra}


def _score(task: dict, actions: list):
    (parsed,) = parse_tasks([task], "evil.json")
    result = score_trajectory(make_env(), parsed, actions)
    assert result.status == "ok", result.error
    return result


@pytest.mark.parametrize("text, passed", [(LONG_NO, False), (LONG_YES, True)])
def test_said_regex_of_a_task_is_linear_on_a_long_agent_message(text, passed):
    """An output check ``{"said": {"regex": "(a+)+$"}}`` on a 50,000-character agent message:
    the verdict, and that it returns at all (Python's re would not, on the first text)."""
    task = _plain_task(output_checks=[{"id": "evil", "said": {"regex": EVIL}}])
    result = _score(task, [Action(name="respond", kwargs={"content": text})])
    (check,) = result.output_checks
    assert check.passed is passed


@pytest.mark.parametrize("value, fires", [(LONG_NO, False), (LONG_YES, True)])
def test_args_regex_of_a_gate_is_linear_on_a_long_argument(value, fires):
    """A safety gate whose argument matcher is ``{"regex": "(a+)+$"}``, on a 50,000-character
    argument, and a ``not_regex`` on the same argument: opposite verdicts, both returned."""
    gates = [{"id": "evil", "when": {"tool": "get_order", "args": {"order_id": {"regex": EVIL}}}},
             {"id": "not_evil", "when": {"tool": "get_order", "args": {"order_id": {"not_regex": EVIL}}}}]
    task = _plain_task(reward_overrides={"safety_gates": gates})
    result = _score(task, [Action(name="get_order", kwargs={"order_id": value})])
    fired = {g.id for g in result.gate_violations}
    assert fired == ({"evil"} if fires else {"not_evil"})


def test_state_and_value_matchers_are_linear():
    """The same operator on a value read from the state (``match_value``) and as a state
    predicate's matcher."""
    assert match_value(MatchOps(regex=EVIL), LONG_NO) is False
    assert match_value(MatchOps(regex=EVIL), LONG_YES) is True
    assert match_value(MatchOps(not_regex=EVIL), LONG_NO) is True
    assert match_value(MatchOps(not_regex=EVIL), 5) is False  # not a string: neither operator holds
    gate = {"id": "evil", "when": {"state": "orders.O1.status", "regex": "^(o|u|t|_|f|d|e|l|i|v|r|y)+$"}}
    result = _score(_plain_task(reward_overrides={"safety_gates": [gate]}), [])
    assert [g.id for g in result.gate_violations] == ["evil"]


@pytest.mark.parametrize("pattern", [r"(a)\1", r"(?=a)b", r"(?<!x)y", r"a\Z", r"a++"])
def test_a_pattern_re2_cannot_run_is_refused_on_load_naming_it(tmp_path, pattern):
    """Backreferences, lookaround, ``\\Z``, possessive quantifiers: Python's re runs them, RE2
    does not, so the task file is refused with the file, the task, the JSON path and the
    pattern, one line per error."""
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps([_plain_task(output_checks=[{"said": {"regex": pattern}}])]))
    with pytest.raises(TaskFileError) as info:
        load_tasks(path)
    message = str(info.value)
    assert str(path) in message and "task 'evil' at $[0].output_checks[0].said.regex" in message
    assert repr(pattern) in message and "not supported by RE2" in message
    assert "\n" not in message  # one error: one line


def test_unsupported_pattern_in_a_matcher_and_in_a_rule_file(tmp_path):
    gates = [{"id": "g", "when": {"tool": "get_order", "args": {"order_id": {"not_regex": r"(a)\1"}}}}]
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps([_plain_task(reward_overrides={"safety_gates": gates})]))
    with pytest.raises(TaskFileError, match=re.escape(r"'(a)\\1'")):
        load_tasks(path)
    rules = {"rules": [{"id": "r", "kind": "outcome", "when": {"said": {"regex": r"(a)\1"}}}]}
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(rules))
    with pytest.raises(PolicyRuleError, match=re.escape(r"'(a)\\1'")):
        load_rules(path)


def test_invalid_and_oversized_patterns_are_named():
    with pytest.raises(DataRegexError, match=re.escape("invalid regex '(unclosed'")):
        compile_pattern("(unclosed")
    with pytest.raises(DataRegexError, match="characters long"):
        compile_pattern("a" * 5000)
    with pytest.raises(DataRegexError, match="repetition"):
        compile_pattern("a{1001}")
    assert isinstance(DataRegexError("x"), re.error)  # callers that caught re.error still do


def test_lone_surrogates_in_text_do_not_raise():
    assert search("b", "a\ud800b") == "b"
    assert search("a.b", "a\ud800b") == "a\ufffdb"


def test_the_compiled_pattern_cache_is_bounded():
    assert compile_pattern.cache_info().maxsize == CACHE_SIZE
    for i in range(CACHE_SIZE + 10):
        compile_pattern(f"x{i}")
    assert compile_pattern.cache_info().currsize <= CACHE_SIZE


# ---- the two rules rewritten without lookaround --------------------------------------------

RULES = load_domain("food_delivery").policy_rules
CONFIRMATION = Confirmation.model_validate(RULES.rule("fd.confirm.before_write").when["unconfirmed"])
REASON = MatchOps.model_validate(RULES.rule("fd.fraud.escalation_states_the_request").when["args"]["reason"])
# the rules as they were, on Python's re (lookaround): the verdicts to keep
OLD_YES = re.compile(
    r"(?i)^(?!\s*(no|nope|not|don't|do not|wait|hold on|cancel|stop)\b(?!\s+(problem|worries)))[^\n]{0,400}?"
    r"\b(yes|yeah|yep|yup|sure|ok|okay|alright|all right|go ahead|go for it|please do|do it|proceed|confirm|"
    r"confirmed|correct|fine|sounds good|agreed|accept|perfect|great|absolutely|definitely|of course|that works|"
    r"works for me|please)\b"
)
OLD_REASON_BROKEN = re.compile(r"^(?![\s\S]*(?i:refund|credit|cancel|replac|compensat|money|charge|FD-\d))")

REPLIES = [
    ("Yes", True), ("No problem, go ahead.", True), ("No, please don't", False), ("Wait, not yet.", False),
    ("sure", True), ("", False), ("Not now", False), ("no worries, do it", True), ("NO PROBLEMS, please", True),
    ("Nope, that's fine", False), ("nothing else, yes", True), ("Hold on, ok?", False), ("  stop. yes", False),
    ("Do not do it", False), ("don't worry, yes", True), ("Cancel that, ok", False), ("yes\nno", True),
    ("I said no.\nYes", False), ("no", False), ("ok", True), ("okey dokey", True), ("Confirmed!", True),
    ("Sounds   good", True), ("x" * 397 + " ok", True), ("x" * 400 + " ok", True), ("\u00a0No, ok", False),
    ("Yes\u00e9", False), ("\u00e9ok", False), ("Oui, yes", True), ("not problem, ok", True),
]


# SPEC §10: formatting does not change a verdict, so the old pattern's two formatting artifacts
# (several spaces inside "sounds good"; an assent after the 400th character) are yes now; and
# "don't worry" says yes with a negative word, as "no worries" does (the old pattern read no)
FORMATTING = {"Sounds   good", "x" * 400 + " ok", "don't worry, yes"}
# idioms of assent the old pattern did not read and SPEC §10 reads now (issue 41, round 9)
READ_SINCE = {"okey dokey"}


@pytest.mark.parametrize("reply, yes", REPLIES)
def test_confirmation_verdicts_unchanged_without_lookaround(reply, yes):
    """``fd.confirm.before_write``: the shared reply classifier (``replies.classify_reply``)
    gives the verdict the single lookahead pattern gave on Python's re, reply by reply, but
    where that pattern read formatting."""
    assert (OLD_YES.search(reply) is not None) is (yes if reply not in FORMATTING | READ_SINCE else False)
    assert said_yes(reply, CONFIRMATION) is yes


# Replies whose first line refuses or doubts, though it holds a word of assent: none is a yes
# (wiki.md: "wait for an explicit yes"). The phrases that say yes with a negative word are.
REFUSALS = [
    "I'm not sure about that, let me think.", "Please don't, I'd rather have a replacement.",
    "What? Absolutely not, I want a replacement.", "Hmm, that's not fine with me.", "I don't think that's correct.",
    "Actually no, put it in my wallet instead please.", "Put it in my wallet instead, please.",
    "OK but not to my card", "Sure... wait, how much is it?", "I can\u2019t accept that, sorry", "Never mind, ok",
    "Yes\u2014no, hold on.", "Fine, but I'd prefer you never do that again? no",
    "Yes, refund $5.26, not to my card", "Yes. Wait, no.", "Sure. No, hold on.",
]
ASSENTS = [
    "Sure, why not", "Yes, I don't mind", "Yes please, that's not a problem", "Yes, cancel it", "No worries, go ahead",
    "Yes! Can't wait", "Yes, no need to ask again", "Yes, the method doesn't matter", "Yes, that\u2019s right",
    "OK, no rush", "Yes, that's fine.\nNo, nothing else.",
    # the phrases that say a yes is all the customer wants
    "Yes, please. I don't need anything else.", "Yes, go ahead, I don't need anything else", "Yes please, I'm not in a hurry",
    "Yes, go ahead. I don't have any other questions", "Yes. No problem at all.", "Yes, no other requests.",
    "Yes. Actually, could you also check my other order?",
]


@pytest.mark.parametrize("reply", REFUSALS)
def test_a_refusal_or_a_doubt_is_no_yes_whatever_assent_word_it_holds(reply):
    assert said_yes(reply, CONFIRMATION) is False


@pytest.mark.parametrize("reply", ASSENTS)
def test_a_yes_may_hold_the_phrases_that_say_yes_with_a_negative_word(reply):
    assert said_yes(reply, CONFIRMATION) is True


def test_the_refusal_words_are_looked_for_as_words():
    for reply in ("Yes, nothing else", "Yes, knot it", "Yes, note it", "Sure, notify me", "Yes, nowadays fine", "Yes, Nathan"):
        assert said_yes(reply, CONFIRMATION) is True, reply


REASONS = [
    ("Customer wants their money back for order FD-10031", False), ("suspicious account", True),
    ("REFUND requested", False), ("", True), ("wants a replacement", False), ("fd-7 late", False),
    ("FD- only", True), ("order FD-\u0663", False), ("asked for compensation", False), ("multi\nline\ncharge", False),
    ("please review", True),
]


@pytest.mark.parametrize("reason, broken", REASONS)
def test_escalation_reason_verdicts_unchanged_without_lookaround(reason, broken):
    """``fd.fraud.escalation_states_the_request``: ``not_regex`` (none of the words) gives the
    verdict the ``^(?![\\s\\S]*(...))`` pattern gave."""
    assert (OLD_REASON_BROKEN.search(reason) is not None) is broken
    assert match_value(REASON, reason) is broken


DOMAIN = load_domain("food_delivery")
FIXED = {t.id: t for t in load_tasks(TESTS / "food_delivery_rule_tasks.json")}
ENV = DOMAIN.make_env(tasks=list(FIXED.values()), task_index=0)


def _broken(task_id: str, actions: list, **kw: Any) -> list:
    result = score_trajectory(ENV, FIXED[task_id], actions, **kw)
    assert result.status == "ok", result.error
    return [v.id for v in result.rule_violations]


@pytest.mark.parametrize("reply, yes", [(r, y) for r, y in REPLIES if r in (
    "Yes", "No problem, go ahead.", "No, please don't", "Wait, not yet.", "sure", "", "Not now")])
def test_the_confirmation_rule_end_to_end(reply, yes):
    """The table through the whole verifier: the ground truth's question, answered ``reply``.
    A reply recorded as empty is no yes (SPEC §10), so it breaks the rule as a no does."""
    g = [a.model_copy(deep=True) for a in FIXED["fd-missing-1"].actions]
    question = Action(name="respond", kwargs={"content": "I can refund $5.26 to your card. Is that OK?"})
    assert _broken("fd-missing-1", g[:2] + [question] + g[3:], user_replies=[reply]) == (
        [] if yes else ["fd.confirm.before_write"])


@pytest.mark.parametrize("reason, broken", REASONS[:4])
def test_the_escalation_rule_end_to_end(reason, broken):
    g = [a.model_copy(deep=True) for a in FIXED["fd-fraud-1"].actions]
    g[3] = Action(name="escalate_to_fraud_team", kwargs={"customer_id": "CU-1132", "reason": reason})
    # answered by a customer who agrees to every question: with no reply recorded the confirmed
    # escalation is undetermined (SPEC §10), and the reason's rule is what this test reads
    assert _broken("fd-fraud-1", g, user_replies=consenting_replies(g)) == (
        ["fd.fraud.escalation_states_the_request"] if broken else [])


@pytest.mark.parametrize("domain, rule", [("tau2:airline", "air.confirm.before_write"), ("tau2:retail", "retail.confirm.before_write")])
def test_tau2_confirmations_read_refusals_as_food_delivery_does(domain, rule):
    """tau2's policies ask for an explicit yes before each write too: the same reading of a reply."""
    try:
        rules = load_domain(domain).policy_rules
    except Exception as exc:  # noqa: BLE001 - the tau2 extra is not installed
        pytest.skip(f"{domain}: {exc}")
    confirmation = Confirmation.model_validate(rules.rule(rule).when["unconfirmed"])
    for reply in REFUSALS:
        assert said_yes(reply, confirmation) is False, reply
    for reply in ASSENTS:
        assert said_yes(reply, confirmation) is True, reply
