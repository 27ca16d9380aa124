"""The persona customer (issue 29): a deterministic user simulator that plays a task's
``persona`` (``tau_shaped.tasks.persona``), for training and evaluation without a user model.

Same contract as every user simulator (``tau_shaped.env.users``): ``reset(instruction) ->
first message``, ``step(agent message) -> reply`` (``###STOP###`` ends the conversation, as
tau-bench's user ends it), ``get_total_cost() -> 0``. It is built from a task and a seed
(``PersonaUser.for_task(task, seed, env)``); the same task, seed and agent messages give the
same conversation, byte for byte (the wording of each reply is drawn from a generator seeded
by the task id and the seed, and from nothing else).

How it answers an agent message, in order:

1. after it has ended: ``###STOP###``;
2. a request for facts (``what is your email?``): the persona's facts on the topics asked (the
   bundled topics and the ones the env's domain declares: ``persona_topics``), or "Sorry, I
   don't have that." when it gives none of them;
3. a request for a yes that offers a write (SPEC §10's reading, ``persona_reading``): yes when
   the write offered is one the persona accepts, else no (with what it wants instead). What
   the message offers is read apart from what it sets aside (``persona_offers``): an apology
   credit offered "instead of cancelling" offers a credit, not the cancellation asked for, so
   a customer who accepts only the cancellation says no and restates its request; an
   alternative the persona accepts (a replacement for a refund, when ``accept`` lists both)
   gets a yes; a confirmation that asks leave for more than the persona asked ("every order on
   your account", "your other orders too", another order's id beside its own: ``persona_scope``)
   gets a no that restates its request;
4. once its request is met (it agreed to a settling action, or the agent said everything it
   waits to hear): ``###STOP###``; a message announcing a transfer first gets one "Okay";
5. anything else: it repeats its request, at most ``PATIENCE`` times, then ends.

It lives in ``tasks`` because it reads messages with the reward's reading, which ``env`` (the
lowest layer) may not import.
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional, Sequence, Set

from tau_shaped.env.identity_cache import IdentityCache
from tau_shaped.env.users import STOP, BaseUser
from tau_shaped.reward.predicate_schema import Confirmation
from tau_shaped.tasks.persona import Persona
from tau_shaped.tasks.persona_topics import BUNDLED_TOPICS, PersonaTopicError, Topics, unknown_fact_problem, unknown_facts
from tau_shaped.tasks.persona_scope import own_scope, wider
from tau_shaped.tasks.persona_reading import (
    announces_transfer,
    asked_topics,
    asks_for_a_yes,
    describes,
    names_write,
    offered,
    stated_values,
    told,
)

__all__ = ["PersonaUser", "persona_user", "PersonaMissing", "domain_confirmation", "YES_REPLIES", "NO_REPLIES", "HOLD_REPLIES",
           "UNKNOWN_FACT", "PATIENCE"]

# Every one is read as a yes, resp. a no, by the reward's reply classifier (tested).
YES_REPLIES = ("Yes, please go ahead.", "Yes, please do.", "Yes, go ahead.", "Sure, go ahead.",
               "Yes, that works for me.")
NO_REPLIES = ("No, please don't.", "No, I don't want that.", "No, not that.")
HOLD_REPLIES = ("Okay, thank you.", "Alright, thanks.")
UNKNOWN_FACT = "Sorry, I don't have that."
PATIENCE = 4  # messages that move nothing before the customer gives up
MAX_TURNS = 40


class PersonaMissing(ValueError):
    """A task with no persona cannot be played by the persona customer."""


_CONFIRMATIONS: "IdentityCache[Optional[Confirmation]]" = IdentityCache(64)  # by rule set


def domain_confirmation(env: Any) -> Optional[Confirmation]:
    """The confirmation rule of an env's domain policy rules (SPEC §9, §10: which writes need a
    yes, their verbs, and what a description states), or None when it has none."""
    rule_set = getattr(env, "policy_rules", None)
    if rule_set is None:
        return None
    return _CONFIRMATIONS.get_or_make(rule_set, lambda: _confirmation_of(rule_set))


def _confirmation_of(rule_set: Any) -> Optional[Confirmation]:
    found: Optional[Confirmation] = None
    for rule in getattr(rule_set, "rules", None) or []:
        stack: List[Any] = [rule.when]
        while stack and found is None:
            node = stack.pop()
            if isinstance(node, dict):
                if isinstance(node.get("unconfirmed"), dict):
                    try:
                        found = Confirmation.model_validate(node["unconfirmed"])
                    except ValueError:
                        pass
                    break
                stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
            elif isinstance(node, list):
                stack.extend(node)
        if found is not None:
            break
    return found


class PersonaUser(BaseUser):
    """Plays one persona; see the module's docstring."""

    def __init__(self, persona: Persona, seed: int = 0, confirmation: Optional[Confirmation] = None,
                 task_id: str = "", writes: Sequence[str] = (), topics: Optional[Topics] = None) -> None:
        self.persona = persona
        self.seed = seed
        self.task_id = task_id
        self.confirmation = confirmation
        self.topics = topics if topics is not None else BUNDLED_TOPICS  # what it can be asked about
        # a rule that names no tools of its own (no tool declares confirm) confirms none
        tools = list(writes) or (list(confirmation.tools or ()) if confirmation is not None else [])
        self.writes = list(dict.fromkeys(tools + [a.tool for a in persona.accept]))
        self.values = stated_values(persona.accept)  # read as values in a confirmation, never as denials
        self.scope = own_scope(persona)  # the orders and ids it names: a confirmation wider than them gets a no
        self.reset()

    @classmethod
    def for_task(cls, task: Any, seed: Optional[int] = None, env: Any = None) -> "PersonaUser":
        """The persona of ``task`` (its ``persona`` field), seeded by ``seed`` (default: the
        task's), reading confirmations by ``env``'s domain confirmation rule and questions by
        its domain's topics (``env.persona_topics``, set by ``Domain.make_env``). A fact no
        topic of that domain answers is a one-line ``PersonaTopicError`` naming the task."""
        persona = getattr(task, "persona", None)
        task_id = str(getattr(task, "id", ""))
        if persona is None:
            raise PersonaMissing(f"task {task_id or '?'}: no persona (the persona customer needs the task's persona field)")
        if isinstance(persona, dict):
            persona = Persona.model_validate(persona)
        if seed is None:
            seed = int(getattr(task, "seed", 0) or 0)
        topics = getattr(env, "persona_topics", None)
        topics = topics if isinstance(topics, Topics) else None  # an env no domain made: the bundled topics
        unknown = unknown_facts(persona, topics) if topics is not None else []
        if unknown:
            raise PersonaTopicError(f"task {task_id or '?'}: {unknown_fact_problem(unknown[0], topics)}")
        own = getattr(env, "persona_class", None)  # a domain whose customer also acts (tau2's telecom: a phone)
        if isinstance(own, type) and issubclass(own, cls):
            cls = own
        return cls(persona, seed=seed, confirmation=domain_confirmation(env), task_id=task_id, topics=topics)

    # -- the user contract ---------------------------------------------------------------------

    def reset(self, instruction: Optional[str] = None) -> str:
        """Start again: the persona's opening (the instruction is not read: the agent must not
        learn the task's hidden instruction from its customer)."""
        self._rng = random.Random(f"tau-shaped-persona:{self.task_id}:{self.seed}")
        self._ended = False
        self._settled = False
        self._told: Set[int] = set()
        self._nudges = 0
        self._turns = 0
        self._held = False
        self.transcript: List[Dict[str, str]] = [{"role": "user", "content": self.persona.opening}]
        return self.persona.opening

    def step(self, content: str) -> str:
        text = content if isinstance(content, str) else ""
        reply = self._reply(text)
        self.transcript += [{"role": "agent", "content": text}, {"role": "user", "content": reply}]
        return reply

    def get_total_cost(self) -> float:
        return 0.0

    @property
    def ended(self) -> bool:
        return self._ended

    @property
    def met(self) -> bool:
        """Whether its request is met (it agreed to a settling action, or heard all of ``told``)."""
        return self._met()

    def unheard(self) -> List[int]:
        """The indexes of ``told`` matchers no agent message has satisfied yet."""
        return [i for i in range(len(self.persona.told)) if i not in self._told]

    # -- answering -------------------------------------------------------------------------------

    def _pick(self, options: Sequence[str]) -> str:
        return options[self._rng.randrange(len(options))]

    def _end(self) -> str:
        self._ended = True
        return STOP

    def _met(self) -> bool:
        told_all = bool(self.persona.told) and len(self._told) == len(self.persona.told)
        return self._settled or told_all

    def _reply(self, text: str) -> str:
        if self._ended:
            return STOP
        self._turns += 1
        self._told.update(i for i, hit in enumerate(told(self.persona.told, text)) if hit)
        topics = asked_topics(text, self.topics)
        if topics:
            return self._facts(topics)
        offer = offered(text, self.writes, self.confirmation, self.values) if asks_for_a_yes(text) else None
        if offer is not None and offer.writes:
            accepted = [a for a in self.persona.accept if describes(text, a, self.confirmation, offer)]
            tools = [a.tool for a in accepted]
            if accepted and wider(offer.view, self.scope, lambda s: names_write(s, tools, self.confirmation),
                                  offer.said):
                return f"{self._pick(NO_REPLIES)} {self.persona.request}"
            if accepted:
                self._settled = self._settled or any(a.settles for a in accepted)
                return self._pick(YES_REPLIES)
            no = self._pick(NO_REPLIES)
            wants = self.persona.instead or (self.persona.request if offer.replaces else None)
            return f"{no} {wants}" if wants else no
        if self._met():
            if announces_transfer(text) and not self._held:
                self._held = True
                return self._pick(HOLD_REPLIES)
            return self._end()
        if self._nudges >= PATIENCE or self._turns >= MAX_TURNS:
            return self._end()
        self._nudges += 1
        return self.persona.request

    def _facts(self, topics: Sequence[str]) -> str:
        said = [self.persona.facts.get(self.topics.fact_of(t)) for t in topics]  # in the topics' order
        known = list(dict.fromkeys(s for s in said if s))
        return " ".join(known) if known else UNKNOWN_FACT


def persona_user(task: Any, seed: Optional[int] = None, env: Any = None) -> PersonaUser:
    """``PersonaUser.for_task``: the persona customer of ``task`` (a factory for adapters that
    build one user per episode). Give ``env`` (an env of the task's domain) so confirmations
    are read by the domain's rule; without it a write is named by its tool name's words."""
    return PersonaUser.for_task(task, seed=seed, env=env)
