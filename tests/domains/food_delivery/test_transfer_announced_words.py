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
        "Our human support will continue this chat.",
        # round 9: the conversation as what is handed over, a person of the staff as who takes it, routed or sent to one
        "I'm going to hand you off to a member of our support staff now.", "One moment - a human teammate will pick up from here.",
        "Next, you'll be routed to a live agent.", "Let me pass this conversation to a specialist who can take it from here.",
        "I'm now transferring the conversation.", "I'll now hand this over to one of our agents.",
        "Please hold while I transfer the chat.", "Handing off to a human agent now."]
SAYS_NOTHING = ["I won't transfer you yet.", "I've transferred $16.90 to your card.", "A specialist will follow up by email.",
                "Let me check FD-10279 first.", "Our team will review the photos.", "I'm not escalating this.",
                "I've escalated your request; a specialist will be in touch.", "I've moved your delivery to 7pm.",
                "I'm sending you a $5 credit.", "Would you like to speak to a human?", "I've passed your note to the restaurant.",
                # round 9: money transferred with no "." in its amount, a refund moved to a card
                "I transferred $5 to your wallet.", "Your refund has been transferred to your card.",
                "I've transferred the refund to your card; a specialist will follow up.", "You'll be sent a confirmation email."]


def test_the_announcement_in_other_words():
    announced = RegexText(**RULE.when["by"]["said"])
    assert [t for t in SAYS if match_text(announced, t) is None] == []
    assert [t for t in SAYS_NOTHING if match_text(announced, t) is not None] == []
