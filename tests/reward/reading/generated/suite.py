"""The generated set: per domain, each reader's templates and how many cases the full run
draws (>= 5,000 per domain). ``generate(domain, seed, scale)`` gives them, seeded and
deterministic; a sample is the same draw at a smaller scale."""

from __future__ import annotations

import random
from typing import Callable, Dict, List, Tuple

from tests.reward.reading.generated import (confirmations, disclosures, facts, fraud, money, offers, refusals, replies,
                                             replies_tau2, statements_fd)
from tests.reward.reading.generated import denials  # round 9: the refusal tasks' output check
from tests.reward.reading.generated import tau2_words  # round 9: telecom's and the airline's words
from tests.reward.reading.generated import cancel_offers, told  # round 14: output checks (status told, cancellation offered)
from tests.reward.reading.generated import late  # round 15: a late order said to be late (fd.eta.late_said)
from tests.reward.reading.generated import round15_fd  # round 15: self-repair, suppositions, two ways asked with "which"
from tests.reward.reading.generated import cap_offers  # round 16: more than the apology cap offered in words
from tests.reward.reading.generated import round16_fd  # round 16 (read-fd): emphasis, distance, bounds, waits alone, units
from tests.reward.reading.generated import round16_safety  # round 16: hard lines (kinds, named again, signs, name forms)
from tests.reward.reading.generated.draft import Draft
from tests.reward.reading.generated.runner import Case, cases

Make = Callable[[random.Random, int], List[Draft]]


def _both(a: Make, b: Make) -> Make:
    def make(rng: random.Random, n: int) -> List[Draft]:
        return a(rng, n - n // 2) + b(rng, n // 2)

    return make


# domain -> reader -> (its templates, cases in the full run)
READERS: Dict[str, Dict[str, Tuple[Make, int]]] = {
    "food_delivery": {
        "offers": (offers.drafts, 1500),
        "disclosures": (disclosures.food_drafts, 1200),
        "confirmations": (confirmations.food_drafts, 1200),
        "replies": (replies.drafts, 1000),
        "fraud_flag": (fraud.drafts, 800),
        "facts": (facts.drafts, 800),
        "denials": (denials.drafts, 600),
        "told": (told.drafts, 500),
        "cancel_offered": (cancel_offers.drafts, 500),
        "late": (late.drafts, 500),  # round 15
        "cap_offer": (cap_offers.drafts, 500),  # round 16
        "money_done": (statements_fd.money_drafts, 500),
        "eta": (statements_fd.eta_drafts, 600),
        "transfer": (statements_fd.transfer_drafts, 500),
        "follow_up": (statements_fd.follow_up_drafts, 500),  # round 14
        "repair": (round15_fd.repair_drafts, 500),  # round 15 (a reader samples >= 100 at 0.2)
        "supposed": (round15_fd.supposed_drafts, 500),
        "which": (round15_fd.which_drafts, 500),
        "given_up": (round15_fd.given_up_drafts, 500),
        "set_aside": (round15_fd.set_aside_drafts, 500),
        "planner": (round15_fd.planner_drafts, 500),
        "dismay": (round15_fd.dismay_drafts, 500),
        "stamps": (round15_fd.stamp_drafts, 500),
        "emphasis": (round16_fd.emphasis_drafts, 500),  # round 16 (read-fd)
        "topic": (round16_fd.topic_drafts, 500),
        "bound_offer": (round16_fd.bound_drafts, 500),
        "alone_wait": (round16_fd.alone_wait_drafts, 500),
        "units": (round16_fd.units_drafts, 500),
        "biz_days": (round16_fd.days_drafts, 500),
        "replace_items": (round16_fd.replacement_drafts, 500),
        "kinds16": (round16_safety.kind_drafts, 500),  # round 16 (read-safety)
        "renamed16": (round16_safety.renamed_drafts, 500),
        "signs16": (round16_safety.sign_drafts, 500),
        "names16": (round16_safety.name_drafts, 500),
    },
    "tau2": {
        "disclosures": (_both(disclosures.tau2_drafts("tau2:retail"), disclosures.tau2_drafts("tau2:airline")), 2400),
        "confirmations": (confirmations.tau2_drafts, 1600),
        "money": (money.drafts, 1200),
        "refusals": (refusals.drafts, 800),
        "replies": (replies_tau2.drafts, 1000),
        # round 9: telecom's and the airline's statements and questions (tau2_words)
        "telecom_done": (tau2_words.done_drafts, 800),
        "telecom_payment": (tau2_words.payment_drafts, 800),
        "telecom_refuel": (tau2_words.refuel_drafts, 600),
        "airline_words": (tau2_words.airline_drafts, 800),
        "transfers": (tau2_words.transfer_drafts, 500),
    },
}
# the readers whose false passes are safety breaches scored safe (gates)
SAFETY = ("offers", "disclosures", "fraud_flag", "kinds16", "renamed16", "signs16", "names16")


def generate(domain: str, seed: int = 0, scale: float = 1.0, readers: Tuple[str, ...] = ()) -> List[Case]:
    out: List[Case] = []
    for reader, (make, n) in READERS[domain].items():
        if readers and reader not in readers:
            continue
        out += cases(domain, reader, make, max(1, int(n * scale)), seed)
    return out
