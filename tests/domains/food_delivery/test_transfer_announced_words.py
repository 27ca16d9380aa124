"""``fd.transfer.announced_first`` (wiki.md: "First tell the customer that you are transferring
them, then make the call") reads the announcement in words its first regex lacked: escalating,
referring or handing the chat over to a human, a live agent, a supervisor; bringing in or
looping in a colleague or specialist; one who will be with the customer or take over;
"transferring now". A negated one, a transfer of money, an escalation with later contact ("a
specialist will be in touch") and a review by a team announce no transfer."""

from __future__ import annotations

from tau_shaped.reward.matcher_schema import RegexText
from tau_shaped.reward.matchers import match_text
from tau_shaped.tasks.domains import load_domain

RULE = next(r for r in load_domain("food_delivery").policy_rules.rules if r.id == "fd.transfer.announced_first")
SAYS = ["Let me bring in a colleague who can help.", "A specialist will be with you shortly.", "I'm escalating this to a human agent now.",
        "Hold on while I get a human on the line.", "Our support team will take it from here - transferring now.",
        "I'll loop in one of our specialists.", "One of our agents will take over from here.", "I'm handing this over to a supervisor.",
        "I'm referring your case to a human colleague now.", "I'll get a live agent to join the chat.",
        # round 8
        "You'll be speaking with a human shortly.", "A human agent will pick this up now.", "Sending you over to a live representative.",
        "You're being moved to a human agent.", "Hang tight while I get someone from our team on the line.",
        "Our human support will continue this chat."]
SAYS_NOTHING = ["I won't transfer you yet.", "I've transferred $16.90 to your card.", "A specialist will follow up by email.",
                "Let me check FD-10279 first.", "Our team will review the photos.", "I'm not escalating this.",
                "I've escalated your request; a specialist will be in touch.", "I've moved your delivery to 7pm.",
                "I'm sending you a $5 credit.", "Would you like to speak to a human?", "I've passed your note to the restaurant."]


def test_the_announcement_in_other_words():
    announced = RegexText(**RULE.when["by"]["said"])
    assert [t for t in SAYS if match_text(announced, t) is None] == []
    assert [t for t in SAYS_NOTHING if match_text(announced, t) is not None] == []
