"""Judging generated cases end to end and counting how the readers do.

A case's words are put in a short trajectory (the steps its template gives: the real tool calls
before, the message, the customer's reply, the real write after) and judged by the check kind
of the rule that owns the reader (``world.verdict``). Per reader: cases, agreement, precision
and recall of breaches, false passes (a breach, or an undecided reply, scored as fine: what a
policy under RL pressure would exploit), false fails, undetermined verdicts."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from tests.reward.reading.generated.draft import SPLIT, Draft, render
from tests.reward.reading.generated.operators import mutate
from tests.reward.reading.generated.world import BREACH, PASS, UNDETERMINED, respond, scored, trajectory, verdict


@dataclass
class Case:
    domain: str
    reader: str
    draft: Draft
    text: str

    @property
    def label(self) -> str:
        return self.draft.label


def steps_of(d: Draft, text: str) -> List[Tuple[Any, str]]:
    """The trajectory's steps (an action, its observation) that put ``d``'s words, ``text``, in context."""
    c = d.context
    if c.get("split") and SPLIT in text:  # two messages, the customer not answering between them (round 15)
        first, second = text.split(SPLIT, 1)
        said = [(respond(first.strip()), ""), (respond(second.strip()), c.get("reply", "Okay."))]
    elif c.get("detour"):  # round 16 (AK): the customer steps away before answering, the agent waits
        away, wait, back = c["detour"]
        agent, answer = (text, c.get("reply", "Okay.")) if c.get("side", "agent") == "agent" else (c["agent_text"], text)
        said = [(respond(agent), away), (respond(wait), back + answer)]
    elif c.get("side", "agent") == "agent":
        said = [(respond(text), c.get("reply", "Okay."))]
    else:
        said = [(respond(c["agent_text"]), text)]
    return list(c.get("before", ())) + said + list(c.get("after", ()))


def first_message(d: Draft) -> str:
    return d.context.get("first", "Hi, I need help with my order.")


def judge_text(d: Draft, text: str) -> str:
    """The verdict of the rule owning ``d``'s reader when ``d``'s words are ``text`` (through the
    scorer where the template asks it, ``replay``: a rule that reads what the writes moved, their events)."""
    if "judge" in d.context:  # words read by a task's output check, not a rule (generated/denials)
        return d.context["judge"](d, text)
    if d.context.get("replay"):
        return scored(d.context["scene"], d.context["rule"], steps_of(d, text), first_message(d))
    return verdict(d.context["scene"], d.context["rule"], trajectory(steps_of(d, text), first_message(d)))


def judge_scored(case: "Case") -> str:
    """The same verdict through the whole scorer (``score_trajectory``): the slow path."""
    d = case.draft
    if "judge" in d.context:
        return d.context["judge_scored"](d, case.text)
    return scored(d.context["scene"], d.context["rule"], steps_of(d, case.text), first_message(d))


def judge(case: Case) -> str:
    return judge_text(case.draft, case.text)


def cases(domain: str, reader: str, make: Callable[[random.Random, int], List[Draft]], n: int, seed: int,
          changing: float = 0.35) -> List[Case]:
    """``n`` cases of one reader: drafts from its templates, each put through the operators."""
    rng = random.Random(f"{seed}:{domain}:{reader}")
    rng16 = random.Random(f"{seed}:{domain}:{reader}:round16")  # (round 16's families: the earlier cases' draws stay)
    rng17 = random.Random(f"{seed}:{domain}:{reader}:round17")  # (round 17's, likewise)
    return [Case(domain, reader, d, render(d)) for d in (mutate(x, rng, changing, rng16=rng16, rng17=rng17) for x in make(rng, n))]


@dataclass
class Tally:
    reader: str
    cases: int = 0
    agree: int = 0
    tp: int = 0  # a breach scored a breach
    fp: int = 0  # no breach scored a breach (a false fail)
    fn: int = 0  # a breach scored no breach (a false pass)
    false_pass: int = 0  # scored fine (pass) where the label is a breach or undecided
    false_fail: int = 0  # scored a breach or undecided where the label is pass
    undetermined: int = 0  # scored undetermined
    failures: Optional[List[Tuple[Case, str]]] = None

    def add(self, case: Case, got: str) -> None:
        self.cases += 1
        want = case.label
        self.agree += got == want
        self.tp += want == BREACH and got == BREACH
        self.fp += want != BREACH and got == BREACH
        self.fn += want == BREACH and got != BREACH
        self.false_pass += want != PASS and got == PASS
        self.false_fail += want == PASS and got != PASS
        self.undetermined += got == UNDETERMINED
        if got != want:
            if self.failures is None:
                self.failures = []
            self.failures.append((case, got))

    @property
    def agreement(self) -> float:
        return self.agree / self.cases if self.cases else 1.0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0


def tally(all_cases: Iterable[Case]) -> Dict[Tuple[str, str], Tally]:
    out: Dict[Tuple[str, str], Tally] = {}
    for case in all_cases:
        out.setdefault((case.domain, case.reader), Tally(case.reader)).add(case, judge(case))
    return out


def failure_classes(t: Tally, per_class: int = 2) -> Dict[str, List[Tuple[Case, str]]]:
    """A reader's failures grouped by the operators that made them (the class to fix), shortest first."""
    groups: Dict[str, List[Tuple[Case, str]]] = {}
    for case, got in sorted(t.failures or (), key=lambda f: (len(f[0].text), f[0].text)):
        key = f"{case.draft.template} | {'+'.join(case.draft.ops) or 'template'} | want {case.label}, got {got}"
        groups.setdefault(key, []).append((case, got))
    return {k: v[:per_class] for k, v in sorted(groups.items(), key=lambda kv: -len(kv[1]))}


def search(seeds: Sequence[Case], budget: int, seed: int, chain: int = 4) -> List[Tuple[Case, str, str, str]]:
    """A seeded mutation search for a verdict flip of the same meaning: from cases the reader
    judges right (correct and breaching texts alike), chains of meaning-preserving operators;
    every mutant whose verdict differs from its original's is a flip (original, mutant,
    both verdicts)."""
    from tests.reward.reading.generated.operators import preserve
    from tests.reward.reading.generated.round16_ops import preserve16
    from tests.reward.reading.generated.round17_ops import preserve17
    from tests.reward.reading.generated.round20_ops import preserve20

    rng = random.Random(f"search:{seed}")
    rng17 = random.Random(f"search17:{seed}")  # (round 17's preserving families: the earlier draws stay)
    rng20 = random.Random(f"search20:{seed}")  # (round 20's stutter, the same way)
    right = [c for c in seeds if judge(c) == c.label]
    flips: List[Tuple[Case, str, str, str]] = []
    seen = set()
    for _ in range(budget):
        if not right:
            break
        base = rng.choice(right)
        d = preserve16(base.draft, rng) if rng.random() < 0.5 else base.draft  # round 16's preserving families
        d = preserve17(d, rng17) if rng17.random() < 0.5 else d  # round 17's
        d = preserve(d, rng, rng.randint(1, chain))
        d = preserve20(d, rng20) if rng20.random() < 0.3 else d  # round 20's
        text = render(d)
        if text == base.text or text in seen:
            continue
        seen.add(text)
        got = judge_text(d, text)
        if got != base.label:
            flips.append((base, text, base.label, got))
    return flips

