"""What a persona customer can be asked about (issue 45): the bundled topics, and the topics a
domain declares for its own customers.

A topic is a name, the words that ask for it, and the key of the task persona's ``facts`` that
answers it. The bundled topics (``persona.TOPICS``: email, name, zip, order, ...) have fixed
words (``persona_reading.TOPIC_WORDS``) and are answered by the fact of their own name. A domain
adds its own as plain data, the ``persona_topics`` of its ``Domain`` (``domain_from_package(...,
persona_topics={...})``)::

    persona_topics={
        "date_of_birth": {"words": ["date of birth", "birth date", "birthday", "dob"]},
        "member_id": {"words": ["member id", "membership number"], "fact": "user_id"},
    }

- the name: a lowercase identifier (``date_of_birth``), not a bundled topic's;
- ``words``: the phrases (1 to ``MAX_WORDS``, each up to ``MAX_WORD`` characters) of which a
  sentence that asks for the topic names one, in any case and spacing. The sentence must also
  ask (``persona_reading``'s asking cues: "what is your", "could you give", "please provide",
  "may I have", "I'll need your", ...), as for a bundled topic;
- ``fact``: the key of ``persona.facts`` that answers it; by default the topic's own name. A
  bundled topic's name gives a bundled topic more words ("member id" answered by ``user_id``).

A task's persona may give a fact for a bundled topic, or for one its domain's topics answer
with; any other fact is an author's error (``unknown_facts``). Nothing here is code: the words
are phrases, matched as phrases (``re.escape``), never patterns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, List, Mapping, Optional, Tuple

from pydantic import Field, ValidationError, field_validator

from tau_shaped.reward.predicate_schema import _Strict
from tau_shaped.tasks.persona import FACT_NAME, TOPICS

__all__ = ["MAX_WORDS", "MAX_WORD", "MAX_TOPICS", "PersonaTopic", "PersonaTopicError", "DeclaredTopic", "Topics",
           "BUNDLED_TOPICS", "declared_topics", "unknown_facts", "unknown_fact_problem"]

MAX_TOPICS = 64
MAX_WORDS = 64
MAX_WORD = 60
_NAME = re.compile(FACT_NAME)


class PersonaTopicError(ValueError):
    """A domain's ``persona_topics`` that is not a declaration of topics, or a persona's fact
    that no topic answers: one line naming the field."""


class PersonaTopic(_Strict):
    """One declared topic: the phrases that ask for it, the fact that answers it."""

    words: List[str] = Field(min_length=1, max_length=MAX_WORDS)
    fact: Optional[str] = Field(default=None, pattern=FACT_NAME)

    @field_validator("words")
    @classmethod
    def _phrases(cls, value: List[str]) -> List[str]:
        for i, word in enumerate(value):
            if not word.strip() or len(word) > MAX_WORD or not any(c.isalnum() for c in word):
                raise ValueError(f"words[{i}]: a phrase of 1 to {MAX_WORD} characters with a letter or a digit")
        return value


@dataclass(frozen=True)
class DeclaredTopic:
    """A domain's topic, validated: its name, its phrases (in their declared order), its fact."""

    name: str
    words: Tuple[str, ...]
    fact: str


@dataclass(frozen=True)
class Topics:
    """The topics a persona customer reads: the bundled ones, then ``declared`` (a domain's, in
    its order)."""

    declared: Tuple[DeclaredTopic, ...] = ()

    @property
    def names(self) -> Tuple[str, ...]:
        """Every topic's name: the bundled ones (``TOPICS`` order), then the declared ones."""
        return TOPICS + tuple(t.name for t in self.declared)

    def fact_of(self, topic: str) -> str:
        """The key of ``persona.facts`` that answers ``topic``."""
        for declared in self.declared:
            if declared.name == topic:
                return declared.fact
        return topic

    @property
    def facts(self) -> FrozenSet[str]:
        """The keys a persona's ``facts`` may have: a bundled topic's, a declared topic's fact."""
        return frozenset(TOPICS) | {t.fact for t in self.declared}


#: The bundled topics alone (a domain that declares none).
BUNDLED_TOPICS = Topics()


def _first_error(exc: ValidationError) -> Tuple[str, str]:
    """The field (dotted, "" for the whole) and the message of a validation's first error."""
    err = exc.errors(include_url=False)[0]
    return ".".join(str(p) for p in err["loc"]), str(err["msg"]).removeprefix("Value error, ")


def declared_topics(value: Any, where: str = "persona_topics") -> Topics:
    """``value`` (a mapping of topic name -> ``{"words": [...], "fact": ...}``; None or empty:
    none) as ``Topics``; anything else is a one-line ``PersonaTopicError`` naming ``where``
    and the field."""
    if isinstance(value, Topics):
        return value
    if value is None:
        return BUNDLED_TOPICS
    if not isinstance(value, Mapping):
        raise PersonaTopicError(f"{where}: a mapping of topic name to {{\"words\": [...]}}, not {type(value).__name__}")
    if len(value) > MAX_TOPICS:
        raise PersonaTopicError(f"{where}: at most {MAX_TOPICS} topics, got {len(value)}")
    out: List[DeclaredTopic] = []
    for name, spec in value.items():
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise PersonaTopicError(f"{where}: {str(name)[:60]!r}: a topic's name is a lowercase identifier "
                                    f"(date_of_birth)")
        if name in TOPICS:
            raise PersonaTopicError(f"{where}.{name}: a bundled topic (its words are fixed); declare a topic of "
                                    f"another name with \"fact\": \"{name}\" to give it more words")
        try:
            topic = PersonaTopic.model_validate(spec)
        except ValidationError as exc:
            field, message = _first_error(exc)
            raise PersonaTopicError(f"{where}.{name}{'.' + field if field else ''}: {message}") from None
        out.append(DeclaredTopic(name=name, words=tuple(topic.words), fact=topic.fact or name))
    return Topics(tuple(out))


def unknown_facts(persona: Any, topics: Topics) -> List[str]:
    """The keys of ``persona.facts`` that no topic of ``topics`` answers (an author's error:
    the customer would never be asked for them)."""
    facts: Dict[str, Any] = getattr(persona, "facts", None) or {}
    known = topics.facts
    return [key for key in facts if key not in known]


def unknown_fact_problem(key: str, topics: Topics) -> str:
    """The one line naming a fact of ``unknown_facts``: the field, and the topics there are."""
    return (f"persona.facts.{key}: it answers no topic (the bundled topics and the domain's persona_topics: "
            f"{', '.join(topics.names)})")
