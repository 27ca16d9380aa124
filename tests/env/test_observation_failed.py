"""A step failed when its observation starts with ``Error`` in any case, after any leading
white space (tau-bench's tools' signal, SPEC §5 ``succeeded``). Only the first five characters
are lower-cased (issue 33: observations are kilobytes, read many times a rollout); the answer
must be the whole text's, whatever characters lower-case to several (``İ``) or to a letter of
``error`` from outside ASCII (none does)."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tau_shaped.env.trajectory import Step, observation_failed
from tau_shaped.env.types import Action


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet=st.one_of(st.sampled_from("EeRrOo \t\n\u3000\u0130\u03a3\u212a:x"), st.characters()), max_size=12))
@example("Error: no such order")
@example("  ERROR")
@example("\u3000error")
@example("Erro")
@example("\u0130error")
@example("e\u0130rror")
def test_failed_is_the_whole_texts_answer(text):
    assert observation_failed(text) is text.lstrip().lower().startswith("error")


def test_a_step_says_what_it_said_and_heard():
    respond = Step(index=0, action=Action(name="respond", kwargs={"content": "Hello"}), observation="Hi")
    call = Step(index=1, action=Action(name="get_order", kwargs={"content": "x"}), observation="error: none")
    odd = Step(index=2, action=Action(name="respond", kwargs={"content": 3}), observation="ok")
    assert (respond.agent_text, respond.user_reply, respond.succeeded) == ("Hello", "Hi", True)
    assert (call.agent_text, call.user_reply, call.succeeded) == (None, None, False)
    assert (odd.agent_text, odd.user_reply) == (None, "ok")
    assert Step(index=3, action=call.action, observation="fine", known_tool=False).succeeded is False
