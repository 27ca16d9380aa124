"""How words become a verdict (SPEC §10): every reader of an agent's or a customer's text, in
the order text flows through them.

1. ``normalize``: the text the customer saw (Unicode folded, hidden text and markup removed,
   numbers written in words read as numbers); every reader below reads it, evidence quotes
   the original.
2. ``negation``: whether a word is negated in its clause.
3. ``text_matching``: numbers, amounts and phrases found in text (TEXT_MATCHER, SPEC §5).
4. ``action_words``: the words that name a kind of write.
5. ``statements``: typed statements (amounts, times, streets, statuses); ``money_claims`` and
   ``fact_claims`` type what a message asserts, ``money_checks`` and ``fact_checks`` compare
   it with what backs it.
6. ``confirmations``: whether a message describes a write; ``replies``: what the customer's
   answer says (yes, change, no, unclear).
7. ``disclosures`` (another customer's data; ``user_records`` for tau2's users),
   ``unsafe_offers`` (an unsafe dish offered in words), ``refusals`` (a denial said).

The check kinds of ``reward.checks`` call these readers; nothing here imports the rule
machinery (matchers, predicates, checks).
"""
