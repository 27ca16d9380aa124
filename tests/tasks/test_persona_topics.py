"""A domain declares what its persona customers can be asked about (issue 45): a pharmacy needs
the customer's date of birth, a topic no bundled domain has.

The domain here is the template written into a temporary folder (``tau-shaped domain new``)
with a ``persona_topics`` declaration added to its ``__init__.py``, as an author adds it, and
facts for the new topics in its task file. Its customer answers every wording of the question
(generated: asking cues x the declared phrases x case) with the task's own value, answers a
topic declared with ``fact`` from that fact, says it does not know a declared topic its task
gives no fact for, and does not take a question on a topic nobody declared for one it knows.
A declaration that is not one, and a fact no topic answers, are one-line errors.
"""

from __future__ import annotations

import itertools

import pytest

from tau_shaped.tasks.domain_package import domain_from_package
from tau_shaped.tasks.files import parse_tasks
from tau_shaped.tasks.persona_check import check_persona
from tau_shaped.tasks.persona_reading import TOPIC_WORDS, asked_topics
from tau_shaped.tasks.persona_topics import BUNDLED_TOPICS, PersonaTopicError, declared_topics
from tau_shaped.tasks.persona_user import UNKNOWN_FACT, PersonaUser
from tests.tasks.persona_domains import edit_personas, replace_once, template_domain

BIRTH_WORDS = ["date of birth", "birth date", "birthdate", "DOB", "birthday"]
DECLARATION = {
    "date_of_birth": {"words": BIRTH_WORDS},
    "receipt": {"words": ["receipt number", "receipt id"], "fact": "order"},  # more words for a bundled topic
    "insurance": {"words": ["insurance number", "insurer", "insurance provider"]},
}
BIRTHDAYS = {"refund-missing-item": "I was born on 1990-03-14.", "courier-offline": "My date of birth is 2 May 1985."}


def _declare(package):
    replace_once(package / "__init__.py", '    terminate_tools=["transfer_to_human_agents"],\n',
                 f'    terminate_tools=["transfer_to_human_agents"],\n    persona_topics={DECLARATION!r},\n')

    def facts(task_id, persona):
        if task_id in BIRTHDAYS:  # the third task's customer gives no date of birth
            persona["facts"]["date_of_birth"] = BIRTHDAYS[task_id]
        if task_id == "refund-missing-item":
            persona["facts"]["insurance"] = "My insurer is Acme Health."

    edit_personas(package, facts)


@pytest.fixture(scope="module")
def domain(tmp_path_factory):
    yield from template_domain("pharmacy_topics", tmp_path_factory.mktemp("pharmacy"), _declare)


@pytest.fixture(scope="module")
def env(domain):
    return domain.make_env(task_split="test")


def _customer(env, task_id):
    user = PersonaUser.for_task(next(t for t in env.tasks if t.id == task_id), env=env)
    user.reset()
    return user


def _wordings(words):
    """Questions for a topic: every asking lead-in with every phrase of it, in three cases."""
    leads = ["What is your {}?", "What's your {}?", "Could you tell me your {}?", "Can you give me your {}, please?",
             "May I have your {}?", "Please provide your {}.", "I'll need your {} to verify your identity.",
             "Thanks. To look you up, could you share your {}?", "Before I go on: what is the {} on your profile?"]
    cases = [str, str.upper, lambda s: s.title()]
    return [case(lead.format(word)) for lead, word, case in itertools.product(leads, words, cases)]


def test_the_declaration_reaches_the_env(domain, env):
    assert [t.name for t in domain.persona_topics.declared] == ["date_of_birth", "receipt", "insurance"]
    assert env.persona_topics is domain.persona_topics
    assert domain.persona_topics.names[:len(TOPIC_WORDS)] == tuple(TOPIC_WORDS)


@pytest.mark.parametrize("task_id", sorted(BIRTHDAYS))
def test_every_wording_of_the_question_gets_the_tasks_own_value(env, task_id):
    questions = _wordings(BIRTH_WORDS)
    assert len(set(questions)) > 100
    user = _customer(env, task_id)
    replies = {q: user.step(q) for q in questions}
    assert {q: r for q, r in replies.items() if r != BIRTHDAYS[task_id]} == {}
    assert not user.ended  # a question answered is no message that moves nothing


def test_a_declared_topic_beside_a_bundled_one_and_one_answered_by_another_fact(env):
    user = _customer(env, "refund-missing-item")
    both = user.step("Could you give me your email and your date of birth?")
    assert both == "My email is ana@example.com. I was born on 1990-03-14."  # bundled topics first, then declared
    assert user.step("What is the receipt number?") == "The order number is O1."  # "fact": "order"
    assert user.step("Which insurance provider do you have?") == "My insurer is Acme Health."


def test_a_declared_topic_the_task_gives_no_fact_for_is_not_known(env):
    user = _customer(env, "refund-on-flagged-account")  # no date of birth, no insurer
    for question in ("What is your date of birth?", "Could you tell me your insurance number?"):
        assert user.step(question) == UNKNOWN_FACT


def test_a_topic_nobody_declared_is_not_taken_for_one_the_customer_knows(env, domain):
    user = _customer(env, "refund-missing-item")
    known = set(user.persona.facts.values())
    for question in ("What is your blood type?", "Could you tell me your mother's maiden city?"):
        reply = user.step(question)
        assert reply not in known and reply == user.persona.request  # not a fact: its request again
    assert asked_topics("What is your date of birth?") == []  # the bundled topics alone do not know it
    assert asked_topics("What is your date of birth?", domain.persona_topics) == ["date_of_birth"]


def test_declared_words_are_phrases_never_patterns():
    topics = declared_topics({"code": {"words": ["a+b", "x|y", "[z]"]}})
    for said in ("a+b", "x|y", "[z]"):
        assert asked_topics(f"What is your {said}?", topics) == ["code"]
    for said in ("aab", "ab", "x", "y", "z"):
        assert asked_topics(f"What is your {said}?", topics) == [], said


def test_the_ground_truths_still_score_against_the_customers(env):
    for task in env.tasks:
        problems, notes = [], []
        check_persona(env, task, problems, notes)
        assert problems == [], (task.id, problems)


@pytest.mark.parametrize("declaration, field", [
    ({"email": {"words": ["mail"]}}, "persona_topics.email: a bundled topic"),
    ({"Date of Birth": {"words": ["dob"]}}, "lowercase identifier"),
    ({"dob": {"words": []}}, "persona_topics.dob.words"),
    ({"dob": {"words": ["  "]}}, "persona_topics.dob.words: words[0]"),
    ({"dob": {"words": ["x" * 61]}}, "persona_topics.dob.words: words[0]"),
    ({"dob": {"word": ["dob"]}}, "persona_topics.dob.word"),
    ({"dob": {"words": "dob"}}, "persona_topics.dob.words"),
    ({"dob": {"words": ["dob"], "fact": "Birth Date"}}, "persona_topics.dob.fact"),
    ({"dob": ["dob"]}, "persona_topics.dob"),
    (["dob"], "persona_topics: a mapping"),
    ({f"t{i}": {"words": ["w"]} for i in range(65)}, "at most 64 topics"),
])
def test_a_declaration_that_is_not_one_is_one_line_naming_the_field(declaration, field):
    with pytest.raises(PersonaTopicError) as err:
        declared_topics(declaration)
    assert field in str(err.value) and "\n" not in str(err.value)


def test_a_domain_with_a_bad_declaration_is_refused_when_made(domain):
    with pytest.raises(PersonaTopicError, match=r"^domain pharmacy_topics: persona_topics\.dob\.words"):
        domain_from_package("pharmacy_topics", load_data=domain.load_data, tools=domain.tools,
                            persona_topics={"dob": {"words": []}})
    assert declared_topics(None) == BUNDLED_TOPICS and declared_topics({}) == BUNDLED_TOPICS


def test_a_fact_no_topic_answers_is_named_by_the_check_and_the_customer(env):
    task = next(t for t in env.tasks if t.id == "courier-offline")
    raw = task.model_dump(mode="json", by_alias=True, exclude_none=True)
    raw["persona"]["facts"]["blood_type"] = "O negative."
    typo = parse_tasks([raw], "t.json")[0]  # a task file does not know its domain: it loads
    problems, notes = [], []
    check_persona(env, typo, problems, notes)
    assert problems == ["persona.facts.blood_type: it answers no topic (the bundled topics and the domain's "
                        "persona_topics: " + ", ".join(env.persona_topics.names) + ")"]
    assert problems[0].endswith("payment, phone, date_of_birth, receipt, insurance)")
    with pytest.raises(PersonaTopicError, match=r"^task courier-offline: persona\.facts\.blood_type: it answers no topic"):
        PersonaUser.for_task(typo, env=env)
    assert PersonaUser.for_task(typo).step("What is your blood type?")  # with no domain's env: the bundled topics
    raw["persona"]["facts"]["Blood Type"] = "O negative."
    with pytest.raises(ValueError, match="persona.facts"):
        parse_tasks([raw], "t.json")  # a key that is no identifier is refused as the file loads
