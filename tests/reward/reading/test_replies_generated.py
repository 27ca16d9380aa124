"""SPEC §10, replies, generated from the policy (wiki.md: "wait for an explicit yes"; a yes
covers only the action described) and not from the reader: a confirmation question (plain
"Shall I ...?", "Is it OK if I ...?", or one a "no" agrees to: "Do you mind if I ...?", "Any
objection?") about a refund to the card or the wallet, a switch to wallet credit, or a
cancellation, answered by a reply put together from parts whose meaning is known: go-ahead
forms, polarity answers, refusals, side remarks that hold a negative word and name no value,
contrasts and conditions naming the described value or another one, echoes of the question's
verb, hedges, sarcasm, politeness padding, in any clause order, casing and end punctuation.
Each reply's class is given by how it was built (``Case.label``), never by the reader.

``python -m tests.reward.reading.test_replies_generated`` prints the agreement by class."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tau_shaped.reward.reading.replies import classify_reply
from tests.prop_strategies import prop_settings

METHODS = {"card": "original_payment", "wallet": "wallet"}
NAMES = {"card": ("my card", "the card", "my original payment method", "my credit card", "the Visa"),
         "wallet": ("my wallet", "wallet credit", "store credit", "the wallet", "my account credit")}
OTHER = {"card": "wallet", "wallet": "card"}
SAID = {"card": "to your card", "wallet": "as wallet credit"}

# what the call does, by verb: (the question's phrase, the customer's echo of it)
ACTS = {
    "refund": ("refund $16.90 {said} for order FD-10045", ("refund it", "refund it please", "yes, refund it")),
    "switch": ("switch the refund of $16.90 on order FD-10045 {said}", ("switch it", "yes, switch it over")),
    "cancel": ("cancel order FD-10045 and refund $16.90 {said}", ("cancel it", "sure, cancel it", "cancel the order")),
}
PLAIN = ("I can {act}. Shall I go ahead?", "Shall I {act}?", "Would you like me to {act}?", "Is it OK if I {act}?",
         "Just to confirm: I will {act}. Is that correct?", "Can I go ahead and {act}?")
NEGATIVE = ("Do you mind if I {act}?", "Would you object if I {act}?", "I will {act}. Any objection?",
            "Is there any problem if I {act}?", "I'd like to {act}. Do you mind?")

GO = ("go ahead", "please do", "please proceed", "that works", "sounds good", "ok", "okay", "alright", "do it",
      "go for it", "deal", "perfect", "that's fine", "by all means", "works for me", "fine by me", "please go ahead",
      "that sounds great", "yes please", "all good, go ahead", "great, thanks")
DIRECTIVE = ("go ahead", "please do", "do it", "go for it", "please proceed", "please go ahead")
POLAR_YES = ("yes", "yeah", "yep", "yup", "sure", "absolutely", "of course", "definitely", "certainly")
NEG_AGREE = ("no", "not at all", "nope", "no, not at all", "of course not", "not in the slightest", "no objection",
             "nah", "no, I don't mind", "not really")
REFUSE = ("please don't", "no, don't", "don't do that", "I don't want that", "hold on", "wait", "not yet",
          "I'd rather you didn't", "I can't accept that", "that's not right", "I'm not sure about that", "stop",
          "no, leave it as it is", "never mind", "I didn't ask for that", "hang on a second")
REFUSE_PLAIN = ("no", "nope", "no thanks", "nah", "absolutely not", "not at all")
REFUSE_NEGATIVE = ("yes, I do mind", "I'd object to that", "yes, I object", "yes I do")
SIDE = ("I won't be ordering from them again", "I'm not happy about the delay", "the driver never showed up",
        "this isn't the first time this has happened", "the food wasn't great either", "I never got my drinks",
        "they didn't even include napkins", "nobody answered at the restaurant", "the app wasn't working earlier",
        "I can't believe how late it was", "it's not the first late order this month", "not happy",
        "not thrilled about the wait", "I don't think I'll order from there again")
PAD = ("thanks", "thank you", "thanks a lot", "cheers", "appreciate it", "thank you so much")
HEDGE = ("I guess", "maybe", "I suppose", "probably", "I guess so?", "perhaps", "yeah I guess", "I suppose so",
         "sure, I guess")
SARCASM = ("Oh great, yeah, sure, whatever", "Yeah right", "Oh sure, like I have a choice", "Yeah right, as if",
           "Oh great. Just great.", "Sure, whatever you say")
CONTRAST = ("but put it on {v}", "though I'd prefer {v}", "{V} works better for me though", "but send it to {v}",
            "actually, {v} would be better", "but I'd rather have it on {v}")
CONDITION = ("as long as it goes to {v}", "only if it's on {v}", "provided it goes to {v}",
             "if it's going to {v}", "so long as it's {v}")
OPEN_CONDITION = ("if it arrives today", "as long as it's quick", "provided it's processed today",
                  "if that's the full amount")


# A second vocabulary, written before the reader was run on it (held out: its figures are the
# honest ones; the reader was not tuned on these parts).
HELD = {
    "go": ("yes, that's fine", "yes, do that", "sure thing", "that would be great", "please go ahead and do that",
           "yes, please do that", "go right ahead", "ok let's do it", "absolutely, go ahead", "yes, I'd like that",
           "sounds perfect", "yes, that's what I want", "alright then, go on"),
    "pad": ("Thanks!", "Thank you so much.", "Honestly, thanks.", "Great, thank you."),
    "side": ("not your fault though", "I really didn't enjoy waiting two hours", "nobody told me it would be late",
             "the restaurant isn't answering", "I'm not ordering from them again", "no one picked up the phone",
             "I don't ever want to deal with this again", "that's not how I expected tonight to go",
             "I wasn't even home when it came"),
    "refuse": ("no, I've changed my mind", "I don't think so", "not right now", "please hold off", "I'd prefer you didn't",
               "don't", "let me think about it", "I need to check first", "can we wait on that?", "no, thank you"),
    "neg_agree": ("no, that's fine", "no, go right ahead", "nope, that works", "I don't mind at all",
                  "not at all, please do", "no objections here", "no problem at all"),
    "echo": {"refund": ("please refund it", "yes, refund the $16.90"),
             "cancel": ("yes, cancel the order please", "go ahead and cancel it"),
             "switch": ("yes, switch it please", "please switch it")},
    "contrast": ("but I'd prefer it in {v}", "could you put it on {v} instead?", "hmm, {v} would be better actually"),
    "condition": ("provided the money goes to {v}", "as long as it ends up on {v}"),
    "hedge": ("hmm, I guess that's ok", "I suppose that works", "eh, maybe"),
    "sarcasm": ("Oh wonderful, another refund. Sure.", "Yeah, right, like that fixes anything",
                "Great, just great. Fine."),
}


# A third vocabulary, in the style of an LLM customer (tau2's user simulator), written after the
# second round was fixed and before the reader ran on it.
HELD2 = {
    "go": ("Yes, please proceed with the refund.", "Yes, I confirm.", "Yes, that's correct. Please go ahead.",
           "yes.", "Yes, please proceed.", "That sounds good to me, please go ahead.", "Yes, you may proceed.",
           "Okay, please go ahead with that."),
    "side": ("Honestly, the whole experience was disappointing.", "I wasn't expecting it to take this long.",
             "Nothing against you.", "I don't blame you for this.", "This shouldn't have happened in the first place.",
             "I'm never using this restaurant again.", "The driver didn't even call me."),
    "refuse": ("No, I'd like to keep the order.", "Actually, I don't want to proceed.",
               "Please don't process that yet.", "I'd like to hold off for now.", "No. I'll handle it myself.",
               "Not at this time."),
    "neg_agree": ("Nope, no problem.", "Not at all, that's fine.", "No, please go ahead.", "Nah, go for it."),
    "contrast": ("Yes, but could you refund it to {v} instead?", "Actually, I'd like it on {v}.",
                 "Okay, though I'd rather it went to {v}."),
    "condition": ("Yes, as long as the refund goes back to {v}.", "Okay, provided it's refunded to {v}."),
    "echo": {"refund": ("Yes, please refund it.", "Please go ahead and refund it."),
             "cancel": ("Yes, please cancel it.", "Please go ahead and cancel the order."),
             "switch": ("Yes, please switch it.", "Go ahead and switch it.")},
    "hedge": ("I think so?", "Probably, I guess.", "Hmm, maybe?"),
    "sarcasm": ("Oh sure, because that fixes everything.", "Yeah, right. Whatever.", "Wow, thanks for nothing."),
}


@dataclass(frozen=True)
class Case:
    kind: str  # the construction: what the label follows from
    label: str
    reply: str
    question: str
    described: Tuple[Tuple[str, object], ...]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _join(parts: List[str], rng: random.Random) -> str:
    """Parts joined as separate clauses or sentences."""
    out = _cap(parts[0])
    for p in parts[1:]:
        sep = rng.choice([", ", ". ", "; ", " - ", "! "])
        out += sep + (_cap(p) if sep.strip() in (".", "!") else p)
    return out + rng.choice(["", ".", "!", "!!"])


def _styled(text: str, rng: random.Random) -> str:
    return rng.choice([text, text, text.lower(), text.upper()])


def _side_first(side: str, go: str, rng: random.Random) -> str:
    return _cap(side) + rng.choice([", but ", " but ", ". But ", ". Anyway, "]) + go + rng.choice(["", ".", "!"])


def generate(seed: int = 41, per_kind: int = 60) -> List[Case]:
    rng = random.Random(seed)
    cases: List[Case] = []

    def add(kind: str, label: str, build, polarity: Optional[str] = None, verbs=tuple(ACTS)) -> None:
        for _ in range(per_kind):
            verb = rng.choice(verbs)
            method = rng.choice(sorted(METHODS))
            pol = polarity or rng.choice(["plain", "negative"])
            act = ACTS[verb][0].format(said=SAID[method] if verb != "switch" else SAID[method])
            question = rng.choice(PLAIN if pol == "plain" else NEGATIVE).format(act=act)
            described = (("amount", 16.9), ("method", METHODS[method]), ("order_id", "FD-10045"))
            reply = build(rng, method, verb, pol)
            cases.append(Case(f"{kind}/{pol}", label, reply, question, described))

    add("go-ahead", "yes", lambda r, m, v, p: _styled(_join([r.choice(GO)] + r.sample(PAD, r.randint(0, 1)), r), r))
    add("polar-yes", "yes", lambda r, m, v, p: _join([r.choice(POLAR_YES)] + r.sample(PAD, r.randint(0, 1)), r),
        "plain")
    add("polar-yes", "unclear", lambda r, m, v, p: _join([r.choice(POLAR_YES[:4])], r), "negative")
    add("polar-yes+go", "yes", lambda r, m, v, p: _styled(_join([r.choice(POLAR_YES), r.choice(GO)], r), r))
    add("neg-agree", "yes", lambda r, m, v, p: _join([r.choice(NEG_AGREE)] + r.sample(["go ahead"] + list(PAD),
                                                                                         r.randint(0, 1)), r),
        "negative")
    add("refuse", "no", lambda r, m, v, p: _styled(_join([r.choice(REFUSE)] + r.sample(PAD, r.randint(0, 1)), r), r))
    add("refuse-polar", "no", lambda r, m, v, p: _join([r.choice(REFUSE_PLAIN)] + r.sample(PAD, r.randint(0, 1)), r),
        "plain")
    add("refuse-polar", "no", lambda r, m, v, p: _join([r.choice(REFUSE_NEGATIVE)], r), "negative")
    add("go+side", "yes", lambda r, m, v, p: _join([r.choice(GO), r.choice(SIDE) + r.choice(["", " though"])]
                                                   + r.sample(PAD, r.randint(0, 1)), r))
    add("side+go", "yes", lambda r, m, v, p: _side_first(r.choice(SIDE), r.choice(DIRECTIVE), r))
    add("refuse+side", "no", lambda r, m, v, p: _join([r.choice(REFUSE), r.choice(SIDE)], r))
    add("contrast-same", "yes", lambda r, m, v, p: _contrast(r, m, p), verbs=("refund", "cancel"))
    add("contrast-other", "change", lambda r, m, v, p: _contrast(r, OTHER[m], p))
    add("condition-met", "yes", lambda r, m, v, p: _condition(r, m, p), verbs=("refund", "cancel"))
    add("condition-unmet", "change", lambda r, m, v, p: _condition(r, OTHER[m], p))
    add("condition-open", "unclear", lambda r, m, v, p: _join([r.choice(GO + POLAR_YES), r.choice(OPEN_CONDITION)], r))
    add("echo", "yes", lambda r, m, v, p: _join([r.choice(ACTS[v][1])] + r.sample(PAD, r.randint(0, 1)), r))
    add("echo-same", "yes", lambda r, m, v, p: _join([r.choice(ACTS[v][1]) + " to " + r.choice(NAMES[m])], r),
        verbs=("refund",))
    add("echo-other", "change", lambda r, m, v, p: _join([r.choice(ACTS[v][1]) + " to " + r.choice(NAMES[OTHER[m]])],
                                                         r), verbs=("refund", "switch"))
    add("hedge", "unclear", lambda r, m, v, p: _styled(_join([r.choice(HEDGE)], r), r))
    add("hedge+directive", "yes", lambda r, m, v, p: _join([r.choice(HEDGE).rstrip("?"), r.choice(DIRECTIVE)], r))
    add("sarcasm", "unclear", lambda r, m, v, p: r.choice(SARCASM) + r.choice(["", ".", "!"]))
    _held_out(add)
    _held2(add)
    return cases


def _held_out(add) -> None:
    h = HELD
    # "Sure thing" to "Do you mind?" is a bare polarity answer: left out there (_held_go)
    add("held/go", "yes", lambda r, m, v, p: (lambda go: _join([go], r) if r.random() < 0.5 else r.choice(
        h["pad"]) + " " + _join([go], r))(_held_go(r, p)))
    add("held/go+side", "yes", lambda r, m, v, p: _join([_held_go(r, p), r.choice(h["side"])], r))
    add("held/side+go", "yes", lambda r, m, v, p: _side_first(r.choice(h["side"]), r.choice(DIRECTIVE), r))
    # "No, thank you" to "Do you mind?" says neither: left out there
    add("held/refuse", "no", lambda r, m, v, p: _join([r.choice([x for x in h["refuse"] if p == "plain" or x != (
        "no, thank you")])] + r.sample(PAD, r.randint(0, 1)), r))
    add("held/neg-agree", "yes", lambda r, m, v, p: _join([r.choice(h["neg_agree"])], r), "negative")
    add("held/echo", "yes", lambda r, m, v, p: _join([r.choice(h["echo"][v])], r))
    add("held/contrast-other", "change", lambda r, m, v, p: _held_contrast(r, OTHER[m], p))
    add("held/contrast-same", "yes", lambda r, m, v, p: _held_contrast(r, m, p), verbs=("refund", "cancel"))
    add("held/condition-met", "yes", lambda r, m, v, p: _head(r, p).capitalize() + ", " + r.choice(
        h["condition"]).format(v=r.choice(NAMES[m])) + ".", verbs=("refund", "cancel"))
    add("held/condition-unmet", "change", lambda r, m, v, p: _head(r, p).capitalize() + ", " + r.choice(
        h["condition"]).format(v=r.choice(NAMES[OTHER[m]])) + ".")
    add("held/hedge", "unclear", lambda r, m, v, p: _join([r.choice(h["hedge"])], r))
    add("held/sarcasm", "unclear", lambda r, m, v, p: r.choice(h["sarcasm"]))


def _held2(add) -> None:
    h = HELD2
    # a bare "yes." to "Do you mind?" says neither (SPEC §10: the question's polarity counts): left out there
    go = lambda r, p: r.choice([g for g in h["go"] if p == "plain" or g != "yes."])  # noqa: E731
    add("held2/go", "yes", lambda r, m, v, p: go(r, p))
    add("held2/go+side", "yes", lambda r, m, v, p: go(r, p) + " " + r.choice(h["side"]))
    add("held2/side+go", "yes", lambda r, m, v, p: r.choice(h["side"]) + " " + go(r, p))
    add("held2/refuse", "no", lambda r, m, v, p: r.choice(h["refuse"]) + r.choice(["", " " + r.choice(h["side"])]))
    add("held2/neg-agree", "yes", lambda r, m, v, p: r.choice(h["neg_agree"]), "negative")
    add("held2/echo", "yes", lambda r, m, v, p: r.choice(h["echo"][v]))
    add("held2/contrast-other", "change", lambda r, m, v, p: r.choice(h["contrast"]).format(
        v=r.choice(NAMES[OTHER[m]])), "plain")
    add("held2/condition-met", "yes", lambda r, m, v, p: r.choice(h["condition"]).format(v=r.choice(NAMES[m])),
        "plain", verbs=("refund", "cancel"))
    add("held2/condition-unmet", "change", lambda r, m, v, p: r.choice(h["condition"]).format(
        v=r.choice(NAMES[OTHER[m]])), "plain")
    add("held2/hedge", "unclear", lambda r, m, v, p: r.choice(h["hedge"]))
    add("held2/sarcasm", "unclear", lambda r, m, v, p: r.choice(h["sarcasm"]))


def _held_go(rng: random.Random, polarity: str) -> str:
    return rng.choice([g for g in HELD["go"] if polarity == "plain" or g != "sure thing"])


def _held_contrast(rng: random.Random, named: str, polarity: str) -> str:
    value = rng.choice(NAMES[named])
    return f"{_cap(_head(rng, polarity))}, {rng.choice(HELD['contrast']).format(v=value)}"


def _head(rng: random.Random, polarity: str) -> str:
    """A go-ahead to open with: to "Do you mind?" a bare "yes" says neither, so none there."""
    return rng.choice(GO[:6] if polarity == "negative" else POLAR_YES[:5] + GO[:6])


def _contrast(rng: random.Random, named: str, polarity: str) -> str:
    value = rng.choice(NAMES[named])
    tail = rng.choice(CONTRAST).format(v=value, V=_cap(value))
    head = _head(rng, polarity)
    if tail[:1].isupper():
        return f"{_cap(head)}. {tail}."
    return f"{_cap(head)}, {tail}."


def _condition(rng: random.Random, named: str, polarity: str) -> str:
    head = _head(rng, polarity)
    return _cap(head) + rng.choice([", ", " "]) + rng.choice(CONDITION).format(v=rng.choice(NAMES[named])) + "."


def _read(case: Case) -> str:
    return classify_reply(case.reply, question=case.question, described=case.described)


def agreement(cases: List[Case]) -> Dict[str, Tuple[int, int, Counter]]:
    """Per construction: (cases, agreeing, what the disagreeing ones were read as)."""
    out: Dict[str, list] = defaultdict(lambda: [0, 0, Counter()])
    for c in cases:
        got = _read(c)
        row = out[c.kind]
        row[0] += 1
        if got == c.label:
            row[1] += 1
        else:
            row[2][got] += 1
    return {k: tuple(v) for k, v in out.items()}


CASES = generate()
# Constructions the reader does not (yet) read as the policy does: none is allowed to get worse.
FLOOR = 0.95


def test_the_generator_builds_every_class_under_both_polarities():
    kinds = Counter(c.kind for c in CASES)
    assert {c.label for c in CASES} == {"yes", "change", "no", "unclear"}
    assert len(kinds) >= 25 and min(kinds.values()) >= 15
    assert any(k.endswith("/negative") for k in kinds) and any(k.endswith("/plain") for k in kinds)


@pytest.mark.parametrize("kind", sorted({c.kind for c in CASES}))
def test_each_construction_is_read_as_built(kind):
    n, agree, wrong = agreement([c for c in CASES if c.kind == kind])[kind]
    assert agree / n >= FLOOR, f"{kind}: {agree}/{n}; read instead as {dict(wrong)}"


def test_the_labels_are_not_the_readers():
    """A reader that ignored the question and the described values could not agree: the same
    reply is labeled differently under another question or described call."""
    pairs = [("Yep. Wallet works better for me though", "original_payment", "change"),
             ("Yep. Wallet works better for me though", "wallet", "yes"),
             ("Yes, as long as it goes to my card", "original_payment", "yes"),
             ("Yes, as long as it goes to my card", "wallet", "change")]
    question = "I can refund $16.90 for order FD-10045. Shall I go ahead?"
    for reply, method, label in pairs:
        assert classify_reply(reply, question=question, described={"method": method, "amount": 16.9}) == label
    assert classify_reply("Not at all, go ahead", question="Do you mind if I cancel order FD-10045?") == "yes"
    assert classify_reply("Not at all", question="Shall I cancel order FD-10045?") == "no"
    assert classify_reply("Yes, switch it", question="Shall I switch it to wallet credit?") == "yes"
    assert classify_reply("Yes, switch it") == "change"  # with no question, "switch it" asks for a change


YES_CASES = [c for c in CASES if c.label == "yes"]


@prop_settings(200)
@given(case=st.sampled_from(YES_CASES), side=st.sampled_from(SIDE), sep=st.sampled_from([". ", "; ", "\n", "! "]))
def test_a_side_remark_with_no_value_never_turns_a_yes_into_a_no(case, side, sep):
    if _read(case) != "yes":
        return  # a construction still misread is counted above, not here
    reply = case.reply.rstrip(".!") + sep + _cap(side) + "."
    assert classify_reply(reply, question=case.question, described=case.described) == "yes"


@prop_settings(200)
@given(case=st.sampled_from(CASES), pad=st.sampled_from(["Thanks!", "Thank you.", "Hi,", "Ok, thanks for checking."]))
def test_thanks_before_the_answer_never_change_the_class(case, pad):
    before = _read(case)
    reply = f"{pad} {case.reply}"
    if pad.startswith("Ok") and before in ("no", "unclear"):
        return  # "Ok" is a go-ahead of its own: a padding that holds one is left out for these
    assert classify_reply(reply, question=case.question, described=case.described) == before


@prop_settings(200)
@given(case=st.sampled_from(CASES), style=st.sampled_from(["lower", "upper", "title"]),
       end=st.sampled_from(["", ".", "!", "!!", " "]))
def test_casing_and_end_punctuation_never_change_the_class(case, style, end):
    before = _read(case)
    text = {"lower": case.reply.lower(), "upper": case.reply.upper(), "title": case.reply.title()}[style]
    text = text.rstrip(".! ") + end
    assert classify_reply(text, question=case.question, described=case.described) == before


@prop_settings(200)
@given(method=st.sampled_from(sorted(METHODS)), head=st.sampled_from(POLAR_YES[:5] + GO[:6]),
       form=st.sampled_from(CONTRAST + CONDITION), name=st.integers(0, 4))
def test_naming_the_described_value_agrees_and_naming_the_other_asks_for_a_change(method, head, form, name):
    question = "I can refund $16.90 for order FD-10045. Shall I go ahead?"
    tail = form.format(v=NAMES[method][name], V=_cap(NAMES[method][name]))
    reply = f"{_cap(head)}, {tail}."
    same = classify_reply(reply, question=question, described={"method": METHODS[method], "amount": 16.9})
    other = classify_reply(reply, question=question, described={"method": METHODS[OTHER[method]], "amount": 16.9})
    assert (same, other) == ("yes", "change")


def main() -> None:  # pragma: no cover - a report, run by hand
    table = agreement(CASES)
    total = sum(v[0] for v in table.values())
    agree = sum(v[1] for v in table.values())
    by_label: Dict[str, list] = defaultdict(lambda: [0, 0])
    for c in CASES:
        by_label[c.label][0] += 1
        by_label[c.label][1] += _read(c) == c.label
    print(f"{total} cases, {agree} agree ({agree / total:.1%})")
    for label, (n, a) in sorted(by_label.items()):
        print(f"  label {label:8} {a}/{n} ({a / n:.1%})")
    for kind, (n, a, wrong) in sorted(table.items()):
        print(f"  {kind:28} {a:4}/{n:<4} {a / n:6.1%}  {dict(wrong) if wrong else ''}")


if __name__ == "__main__":  # pragma: no cover
    main()
