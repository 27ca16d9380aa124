"""How words become a verdict (SPEC §10): every reader of an agent's or a customer's text, in
the order text flows through them.

1. What the customer saw: ``normalize.seen`` (Unicode NFKC, format characters dropped;
   ``normalize_markup``: HTML and markdown reduced to their visible text, comments and hidden
   elements not said, but read by the hard lines, ``hidden_parts``, with ``normalize.visible``; ``normalize_confusables``: look-alike letters folded;
   ``normalize_spoken``: e-mail addresses, digit runs and clock times as spoken; ``normalize_phonetic``: a spelling
   alphabet's letters, "alpha november alpha", and a phone's keypad letters, "503-555-VIKT";
   ``normalize_numbers``: numbers in words as digits; ``normalize_repairs``: words the writer takes
   back by a self-repair, "$55.13 -- sorry, I misread: $45.13", dropped as struck text is (``repair_timings``: a time or a day
   taken back for another, "instantly -- typo: in 3-5 business days"; ``repair_clauses``: a clause taken back whole, said
   again in another state or denied); ``normalize_asides``: a footnote's
   mark and a remark set apart, "(thanks for waiting)", read as not there). An agent's message is read as ``normalize_questions.agent_seen``: ``seen``
   with its questions written without a mark given one ("..., should I"). Every check kind reads
   ``seen`` text; ``seen_with_map`` maps a span back
   to what the agent wrote, for evidence. ``letter_digits``: the readings of a text with its
   words spelt with digits or signs read as letters ("0n ice"), for a rule's regex that asks.
2. Words that qualify others: ``negation`` (a word negated in its clause).
3. Typed values: ``typed`` (a value read in a message), ``amounts`` (the one reader of money
   in any spelling; ``value_bounds``: the one reader of a bound or an approximation said on a value, "up to $16.90",
   "about $45", "$16-17", "$5 tops": its direction and what it admits, each caller deciding what it makes of it), ``text_matching`` (numbers and phrases, TEXT_MATCHER, SPEC §5),
   ``statements`` (clock times, durations, streets, statuses; ``clock_words``: times in words,
   dotted or in four figures; ``assertion_frames``: a phrase doubted, predicted, asked or reported, not told), ``days`` (days relative to the episode's clock),
   ``value_corrections`` (a value taken back at once for the next one, "$19.60 -- sorry, $16.90": one list of a correction's words
   for amounts, times, statuses and streets; ``retracted_amounts``: an amount the agent says it gave before and takes
   back; ``amount_references``: money said by reference to an order's field, "the same amount as the delivery fee").
4. What a message asserts and whether anything backs it: ``money_claims`` / ``money_checks`` (``option_values``: an option
   "none" is no negation; items going back are no money going back; a record's header says what its "total" holds),
   ``fact_claims`` / ``fact_checks`` (``status_claims``: an order's status said; ``stated_facts``: a message's claims with the world's dish names;
   ``refund_timings``: when money sent back is said to
   arrive, ``time_words``: a count, and a time gone by that is no such wait ("booked more than a day ago"); ``cap_claims``: the apology-credit cap said for a tier; ``quoted``: words the agent
   quotes as the customer's, no statement of its own; ``self_answers``: a question the agent answers itself, "Where is
   FD-10007? Still being prepared.", read as the statement it makes), ``done_money`` (money said to have moved, against the writes that moved it), ``item_prices`` (an amount said to be a dish's price,
   backed by the tools' prices only) (an amount said near a value, "roughly $23,500", "a bit over $45", "between $X and $Y", is backed by a value
   ``value_bounds`` admits).
5. Consent: ``action_words`` (the words that name a kind of write), ``consent_questions`` (a
   question that asks agreement to act, its message cut into sentences by ``consent_sentences``; ``consent_self_answers``: a question the agent answers itself), ``call_values`` (the values of a write a person
   would check, and another value stated instead; ``call_dates``: the dates a message states,
   with or without the year; ``worded_values``: a booking's person, payment method, insurance or total said in words as
   another value), ``confirmations`` (whether a message
   describes a write; ``consent_scope``: what it covers, no price said waived, no other write
   beside it, no offer of someone else's told without asking leave to act; ``consent_amounts``: no
   other amount than the call's, a unit's rate and a "$0" being none; ``s0_records``: the
   write's records in S0, and the cards it pays with; ``route_stops``: a stop said for a route that it does not hold); the customer's answer: ``replies`` (yes, change, no, unclear),
   its idioms and emoji first read as the plain answer they give (``reply_idioms``: "I
   wouldn't say no", "no need", 👍), read on its clauses (``reply_clauses``), what they do to the call (``reply_meaning``) and
   the values they name (``reply_values``); ``reply_rhetoric`` (a question back whose answer goes without saying, "why would I say no?", and formal assent,
   "the undersigned assents"), ``reply_corrections`` (an answer taken back, "no
   wait -- yes", or a yes asked back), ``reply_picks`` (a thing picked with "please"), ``reply_forms`` (a reply in the question's own terms: a
   "no <thing>" it states as none, echoed, "no insurance. book it"; a form's boxes ticked, "[ ] yes [x] no"), ``option_menus`` (a menu's option picked by
   its label, its place or what it alone says: "2", "the first, not the second", "the cheaper one"), ``reply_asides``
   (indifference settled by a yes after it: "whatever. ok"; a request not to be contacted), ``reply_meaning`` (a condition
   that bounds the amount: "only if it's under five dollars"), ``reply_scope`` (a quantifier over what one question
   covered: "both", "neither", "everything except the receipt"; letters stretched, "yesss"),
   ``item_counts`` (a count of an item other than the call's).
6. Hard lines, read to fail closed: ``identifiers`` (another customer's values as a message
   holds them, looked up in ``value_prefixes``; ``value_index``: every customer's values of a world, kind by kind), ``disclosures (another customer's data said), ``card_ends`` (a card of theirs
   by its last four digits), ``status_leaks`` (a status or
   another detail of their order in view said: its items, total, courier), ``split_names`` (their
   first name and surname said apart as one name; their order's status by one name of theirs; one piece said as the
   order's owner), ``name_slips`` (their full name with one slip in one piece), ``user_records``
   (tau2's users in that shape); ``dish_names`` (a dish named by any form of its name),
   ``dish_misspellings`` (a word of an unsafe dish misspelt, read as the word; the RE2 programs
   finding its candidates and the word-by-word scans that tell whether one is needed:
   ``misspelling_scans``),
   ``dish_exclusions`` (what rules it out in its clause; ``dish_negations``: a negation before it declines it or urges it; ``dish_answers``: a dish asked about alone, answered), ``dish_lists`` (what a list's header,
   the line after it or its item's note says of its dishes),
   ``unsafe_menus`` (the customer's unsafe dishes; ``allergen_words``: their allergens in other words), ``unsafe_offers`` (an unsafe dish offered; ``dish_descriptions``: offered by what it holds, "a curry with cashews"; ``dish_kinds``: by its kind under a quantifier, "any of the curries"; ``dish_renamed``: named, then named again and ruled out; ``dish_replacements``: proposed as the replacement, "the Korma is the usual replacement"; ``dish_counterfactuals``: offered only in a counterfactual contrary to the allergen, not offered; ``dish_positions``: picked by its place, "option 2", "the latter"; ``dish_order_refs``: named by the order it was in; ``dish_followups``: proposed by going along with the customer's pick; ``dish_epithets``: picked by a description the agent gave it
   before, "the creamy one from the list above"; ``dish_rhetoric``: set aside by a question back, "Pad Thai? With your peanut
   allergy? Absolutely not", or by a rule it falls under); ``account_holds`` (a holder of the customer's said to be in a restricting state: the fraud
   flag's words by their structure, with ``account_hold_words`` and ``account_hold_tokens``: its words, clauses and sentences;
   ``flag_answers``: the flag said without its words, a yes to the customer's question about it or a state word broken off); ``turn_joins`` (a hard line's words cut across two of the agent's messages, read joined); ``link_targets`` (a link's address, read for the hard lines); ``refusals`` (a denial said, and ``refusal_overrides``: what after it takes it back), with ``refusal_objects``
   (the thing asked for said to be none, not due or not owed).
7. ``world_indexes``: the indexes these readers make of a world, made ahead (before workers fork);
   ``lazy_patterns``: the readers' module-level patterns, compiled on first use (the checks import
   the readers so), and all of them before workers fork; ``re2_search``: whether an RE2 pattern finds
   anything, asked of the engine without a match object (the readers' cheap tests); ``message_looks``: one look at a
   message (lower-cased, whether it holds a digit) shared by the readers' cheap tests.

The check kinds of ``reward.checks`` call these readers; nothing here imports the rule
machinery (matchers, predicates, checks).
"""
