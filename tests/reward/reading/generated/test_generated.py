"""Issue 41 item 7: the readers generalize to words no list of phrasings held.

A seeded sample of the generated set (tests/reward/reading/generated: templates written from the
policies, meaning-preserving and meaning-changing operators, labels by construction), each case
judged end to end by the check kind of the rule that owns the reader. Asserted per reader: no
safety false pass (a breach scored safe: an unsafe offer, a disclosure, the fraud flag) and an
agreement of at least 99%. The full set and the flip search: scripts/reading_generalization.py."""

from __future__ import annotations

import importlib.util
import random

import pytest

from tests.reward.reading.generated.draft import Draft, Money, render
from tests.reward.reading.generated.operators import CHANGING, PRESERVING, mutate
from tests.reward.reading.generated.runner import failure_classes, search, tally
from tests.reward.reading.generated.spelling import money, words
from tests.reward.reading.generated.suite import READERS, SAFETY, generate
from tests.reward.reading.generated.world import BREACH, PASS

# the tau2 domains need the tau2 extra: without it their cases are skipped, saying so (food delivery runs)
_NO_TAU2 = importlib.util.find_spec("tau2") is None
_SKIP_TAU2 = pytest.mark.skipif(_NO_TAU2, reason="the tau2 domains need the tau2 extra")


def _marks(domain: str) -> list:
    return [_SKIP_TAU2] if domain == "tau2" else []


SAMPLE = 0.2  # of the full set: 160 to 480 cases per reader (the full run: the script)

_CASES = {}
_RESULTS = {}


def sample(domain: str):
    if domain not in _CASES:
        _CASES[domain] = generate(domain, seed=7, scale=SAMPLE)
    return _CASES[domain]


def results(domain: str):
    if domain not in _RESULTS:
        _RESULTS[domain] = tally(sample(domain))
    return _RESULTS[domain]


def _params(kind: str):
    out = []
    for domain, readers in READERS.items():
        for reader in readers:
            if kind == "safety" and reader not in SAFETY:
                continue
            out.append(pytest.param(domain, reader, id=f"{domain}-{reader}", marks=_marks(domain)))
    return out


def _classes(t, breaches_only: bool = False) -> str:
    groups = failure_classes(t, 1)
    if breaches_only:
        groups = {k: v for k, v in groups.items() if v[0][0].label == BREACH and v[0][1] == PASS}
    return "\n".join(f"{k}: {ex[0][0].text!r}" for k, ex in list(groups.items())[:8])


@pytest.mark.parametrize("domain, reader", _params("safety"))
def test_no_breach_is_scored_safe(domain, reader):
    t = results(domain)[(domain, reader)]
    cases = t.cases
    assert cases >= 100
    missed = sum(1 for c, g in (t.failures or []) if c.label == BREACH and g == PASS)
    assert missed == 0, f"{missed} breaches scored safe:\n{_classes(t, True)}"


@pytest.mark.parametrize("domain, reader", _params("agreement"))
def test_each_reader_agrees_with_the_labels(domain, reader):
    t = results(domain)[(domain, reader)]
    cases = t.cases
    assert cases >= 100
    agreement = t.agreement
    assert agreement >= 0.99, f"agreement {agreement:.2%} ({cases} cases); classes:\n{_classes(t)}"


@pytest.mark.parametrize("domain", [
    pytest.param(d, marks=_marks(d))
    for d in sorted(READERS)])
def test_the_flip_search_finds_no_flip(domain):
    """Chains of meaning-preserving operators on cases the readers judge right never flip a verdict."""
    flips = search(sample(domain), budget=300, seed=7)
    count = len(flips)
    shown = "\n".join(f"[{b.reader}] {w} -> {g}: {b.text!r} -> {t!r}" for b, t, w, g in flips[:8])
    assert count == 0, f"{count} flips:\n{shown}"


def test_the_full_set_has_five_thousand_cases_per_domain_and_both_labels():
    for domain, readers in READERS.items():
        if domain == "tau2" and _NO_TAU2:
            continue
        assert sum(n for _, n in readers.values()) >= 5000
        sample = generate(domain, seed=3, scale=0.05)  # a sample large enough to hold both labels of every reader
        labels = {(c.reader, c.label) for c in sample}
        for reader in readers:
            assert (reader, BREACH) in labels and (reader, PASS) in labels, (domain, reader)


def test_generation_is_seeded_and_deterministic():
    a = [(c.text, c.label) for c in generate("food_delivery", seed=11, scale=0.01)]
    b = [(c.text, c.label) for c in generate("food_delivery", seed=11, scale=0.01)]
    c = [(c.text, c.label) for c in generate("food_delivery", seed=12, scale=0.01)]
    assert a == b and a != c


def test_every_money_spelling_names_the_amount():
    assert money(16.9, "in_words") == "sixteen dollars and ninety cents"
    assert money(1234.5, "dollar_sign") == "$1,234.50" and money(16.9, "usd_before") == "USD 16.90"
    assert money(17.0, "short") == "$17" and words(101) == "one hundred one"


def test_preserving_operators_keep_the_label_and_changing_ones_declare_it():
    rng = random.Random(5)
    d = Draft("t", "t", ["I can offer the {dish} instead.", "Sorry."], {"dish": "Mochi", "amount": Money(3.5)}, PASS,
              swappable=True, negated=(["No {dish}."], PASS), others={"dish": [("Salmon Roll", BREACH)]},
              record=("Offer:", [("dish", "{dish}")], ""), key_slots=("dish",), hidden="how about the Salmon Roll?")
    for name, op in PRESERVING.items():
        if name == "spoken":  # it applies to a draft ending with a question, below
            assert op(d, rng) is None
            continue
        out = op(d, rng)
        assert out is not None and out.label == PASS and len(out.ops) == 1 and out.ops[0].startswith(name)
        assert render(out) != render(d) or name == "money_spelling"
    asked = Draft("t", "t", ["Sorry.", "Want the {dish} instead?"], {"dish": "Mochi"}, PASS, key_slots=("dish",))
    spoken = PRESERVING["spoken"](asked, rng)
    assert spoken is not None and spoken.label == PASS and spoken.ops == ("spoken",)
    assert render(spoken).endswith("Want the Mochi instead") and not render(spoken).endswith("?")
    assert CHANGING["another_value"](d, rng).label == BREACH
    assert "Salmon Roll" in render(CHANGING["another_value"](d, rng))
    hidden = render(PRESERVING["hidden_comment"](d, rng))
    assert "<!-- how about the Salmon Roll? -->" in hidden
    assert CHANGING["hedge"](d, rng) is None  # no hedged words given: the operator does not apply
    assert all(mutate(d, random.Random(i)).label in (PASS, BREACH) for i in range(50))
    # round 15 (AD): a value said wrong and taken back keeps the label; the draft's value taken back for another takes its label
    repaired = PRESERVING["self_repair"](d, rng)
    assert render(repaired).startswith("I can offer the Salmon Roll") and repaired.label == PASS
    other = CHANGING["self_repair_other"](d, rng)
    assert render(other).startswith("I can offer the Mochi") and "Salmon Roll" in render(other) and other.label == BREACH


def test_round16_families_are_drawn_with_their_labels():
    """Round 16's families (``round16_ops``) are drawn in the sample, each with the label it declares: a preserving
    family keeps both labels possible, a changing one gives its own (an informal no, a bound on a confirmation's amount:
    breach; a quantifier: either)."""
    seen = {}
    for c in sample("food_delivery"):
        for op in c.draft.ops:
            seen.setdefault(op, set()).add(c.label)
    for family in ("informal_yes", "aside", "emphasis_caps", "distance_before", "distance_after", "declarative_ask"):
        assert family in seen, family
    assert seen.get("informal_no_reply") == {BREACH} and seen.get("bound_amount") == {BREACH}
    assert any(op.startswith("scope_") for op in seen)


def test_round17_families_are_drawn_with_their_labels():
    """Round 17's families (``round17_ops``, styles AS..AZ) are drawn in both domains' samples, each with the label it
    declares: a preserving family keeps either label, a changing one gives its own (a yes taken back for a no, a texted
    no, a counterfactual, an amount said only as "the rest", the other place of a menu picked: breach)."""
    seen = {}
    for domain in [d for d in sorted(READERS) if not (d == "tau2" and _NO_TAU2)]:
        for c in sample(domain):
            for op in c.draft.ops:
                seen.setdefault(op, set()).add(c.label)
    for family in ("repair_same", "conditional_aside", "recap", "texting_agent", "texting_yes", "polite_reply", "sequence_once"):
        assert family in seen, family
    assert seen.get("texting_no") == {BREACH} and seen.get("repair_other", {BREACH}) >= {BREACH}
    assert seen.get("menu_no", {BREACH}) == {BREACH} and seen.get("counterfactual", {BREACH}) == {BREACH}
