"""A task's ``persona``: the customer a deterministic user simulator plays (issue 29), as data.

The persona says what the customer says first, what they answer when asked about a topic,
which actions they agree to when an agent's confirmation describes one, and what tells them
their request is met. It is data in the task file's own language (SPEC §5): an accepted
action is a tool with MATCHERs over the values the confirmation *states* for the arguments
the domain's confirmation rule reads (SPEC §10: ``amount``, ``method``, ...), and TEXT_MATCHERs
the message must satisfy too (a dish, a street); what the customer waits to hear is a list of
TEXT_MATCHERs. Nothing in it is code.

- ``opening``: the first message (never the task's instruction: the agent must not read it).
- ``request``: what the customer repeats when the agent says something that moves nothing.
- ``facts``: TOPIC -> what they say when the agent asks about that topic: a bundled topic
  (``TOPICS``) or one the task's domain declares (``persona_topics``: ``date_of_birth``, or the
  ``fact`` a declared topic is answered by); a topic they cannot answer holds what they say
  instead ("I don't remember the email on my account"). A topic asked that the persona gives no
  fact for is answered "Sorry, I don't have that."
- ``accept``: the actions they agree to. A confirmation that describes none of them gets a no
  (``instead`` added: what they want instead). ``settles``: agreeing to it meets the request
  (false for a first step such as proposing a substitution, which a confirming step follows).
  A confirmation is read on what it offers, not on what it offers it in place of (issue 43,
  ``persona_offers``): "a $5 credit instead of cancelling" describes a credit; an alternative
  listed here is agreed to, any other gets a no that says ``instead``, or else restates
  ``request``.
- ``told``: TEXT_MATCHERs that, once every one is found in the agent's messages, meet the
  request (an answer, or a refusal explained). A ``contains`` is a whole phrase: "transfer" is
  not found in "transferring" (``{"regex": "(?i)\\btransfer"}`` finds every form).

The simulator that plays it is ``tau_shaped.tasks.persona_user.PersonaUser``.
"""

from __future__ import annotations

from typing import Annotated, Dict, List, Literal, Optional

from pydantic import Field, StringConstraints, field_validator

from tau_shaped.reward.predicate_schema import Matcher, TextMatcher, _MatcherMap, _Strict

#: What an agent may ask any customer about (the words that ask are ``persona_reading.TOPIC_WORDS``);
#: a domain declares more (``persona_topics``).
TOPICS = ("email", "name", "zip", "order", "item", "allergies", "address", "courier", "user_id", "reservation",
          "payment", "phone")
Topic = Literal["email", "name", "zip", "order", "item", "allergies", "address", "courier", "user_id", "reservation",
                "payment", "phone"]
MAX_TEXT = 2000
#: A fact's key, a topic's name: a lowercase identifier (``email``, ``date_of_birth``).
FACT_NAME = r"^[a-z][a-z0-9_]{0,39}$"
FactName = Annotated[str, StringConstraints(pattern=FACT_NAME)]


class PersonaAction(_MatcherMap):
    """An action the customer agrees to: a confirmation names ``tool``'s kind of write, states
    for each of ``args`` a value the MATCHER accepts, and satisfies every matcher of ``said``."""

    tool: str = Field(min_length=1)
    args: Dict[str, Matcher] = Field(default_factory=dict)
    said: List[TextMatcher] = Field(default_factory=lambda: [])
    settles: bool = True


class Persona(_Strict):
    """The customer of a task (see the module's docstring)."""

    opening: str = Field(min_length=1, max_length=MAX_TEXT)
    request: str = Field(min_length=1, max_length=MAX_TEXT)
    facts: Dict[FactName, str] = Field(default_factory=dict, max_length=64)
    accept: List[PersonaAction] = Field(default_factory=lambda: [])
    instead: Optional[str] = Field(default=None, max_length=MAX_TEXT)
    told: List[TextMatcher] = Field(default_factory=lambda: [])

    @field_validator("facts")
    @classmethod
    def _said_facts(cls, value: Dict[str, str]) -> Dict[str, str]:
        for topic, text in value.items():
            if not text.strip() or len(text) > MAX_TEXT:
                raise ValueError(f"facts.{topic}: a fact is 1 to {MAX_TEXT} characters of text")
        return value
