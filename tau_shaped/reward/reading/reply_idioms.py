"""Idioms and emoji a customer answers a confirmation with, read as the plain answer they give
(SPEC §10 replies), before the reply's clauses are classified.

A reply's words can say the opposite of what its negative words look like: "I wouldn't say no",
"can't argue with that", "no complaints, go ahead" and "don't mind if I do" are a yes; "no need",
"I'm good, thanks" and "I'm fine without it" decline. A chat reply may be an emoji alone: 👍, 👌
and ✅ say yes; 👎, ❌ and 🚫 say no. Each is replaced by the go-ahead or the refusal it means,
words the classifier reads alike whatever the question's polarity ("go ahead" agrees to "Shall
I?" and to "Do you mind?"; "please don't" refuses both). What the idiom is said of stays: "I'm
good with that" agrees, "no need to ask, just do it" agrees, "why not the wallet?" asks.
"""

from __future__ import annotations

import re

from tau_shaped.reward.reading.reply_echoes import echo_answered
from tau_shaped.reward.reading.reply_rhetoric import rhetoric_read
from tau_shaped.reward.reading.lazy_patterns import lazy

GO_AHEAD, DONT = " go ahead ", " please don't "

_APOS = "['\u2019]"
# what a customer says there is "no need" to do before going ahead ("no need to ask, just do it")
_NEEDLESS = r"(?:ask|check|confirm|wait|double[-\s]?check|keep|hold)"
_YES_IDIOMS = re.compile(
    r"\b(?:"
    # round 16: the subject left out ("wouldn't say no", "can't say no to that")
    rf"(?:i\s+)?(?:wouldn{_APOS}?t|would\s+not|won{_APOS}?t|will\s+not|can{_APOS}?t|cannot|couldn{_APOS}?t|could\s+not)\s+say\s+no"
    r"|thumbs?[\s-]*up"
    rf"|i{_APOS}?m\s+not\s+(?:going\s+to|gonna)\s+say\s+no"
    rf"|(?:i\s+)?(?:can{_APOS}?t|cannot|couldn{_APOS}?t)\s+argue\s+with\s+(?:that|this|it)"
    r"|no\s+complaints(?:\s+(?:here|from\s+me))?"
    rf"|(?:i\s+)?don{_APOS}?t\s+mind\s+if\s+i\s+do"
    rf"|i\s+(?:don{_APOS}?t|do\s+not)\s+see\s+why\s+not"
    rf"|(?:it\s+)?(?:can{_APOS}?t|couldn{_APOS}?t)\s+hurt"
    rf"|no\s+need\s+to\s+{_NEEDLESS}"
    r"|no\s+reason\s+not\s+to"
    # round 16 (AO): a double negative, litotes ("I'm not unhappy with that", "not against it", "I don't not want it")
    rf"|(?:i{_APOS}?m\s+|i\s+am\s+)?not\s+(?:unhappy|displeased|opposed|against|averse)(?:\s+(?:with|to)\s+(?:that|this|it))?(?![\w'])"
    rf"|(?:i\s+)?(?:don{_APOS}?t|do\s+not)\s+not\s+want\s+(?:it|that|this)"
    # a reluctant yes: what is offered taken, short of what was wanted (a hedge on the yes itself,
    # "I guess so", "fine, I guess", stays a hedge: undetermined)
    rf"|(?:i\s+guess\s+|i\s+suppose\s+)?(?:that|it|this){_APOS}?(?:ll|\s+will)\s+(?:have\s+to\s+)?do(?!\s+(?:nothing|no|not|any|little|much)\b)"
    r"|better\s+than\s+nothing"
    # resigned: nothing else to be had ("I suppose there's no other option", "I have no choice")
    rf"|(?:(?:i\s+guess|i\s+suppose|well)\W{{1,3}})?(?:there{_APOS}?s|there\s+is|i\s+have|i{_APOS}?ve\s+got)\s+no\s+(?:other\s+)?(?:option|choice|alternative)(?:\s+then)?(?=\W*$|\s*[.!,;])"
    # "nah yeah" (yes, in Australian English; "yeah nah" is a no)
    r"|^\W*nah\W{1,3}yeah"
    rf"|i\s+can\s+live\s+with\s+(?:that|it|this)"
    # British and Australian go-aheads: "crack on", "go for your life", "get on with it", "on you go"
    r"|crack\s+on|get\s+cracking|go\s+for\s+your\s+life|get\s+on\s+with\s+it|on\s+you\s+go"
    r"|top\s+(?:it|me|us|my\s+wallet)\s+up|(?<![\w'’][ \t])sort\s+it(?:\s+out)?(?!\s+(?:later|myself|tomorrow))"  # round 13: "Cheers, top it up", "sort it"
    rf"|i{_APOS}?ll\s+(?:settle\s+for|take)\s+(?:that|it|this)(?=\W*$|\s*(?:[.!,;]|then\b|thanks?\b|thank\s+you\b|i\s+guess\b))"
    r"|if\s+i\s+must|if\s+that(?:'s|\s+is)\s+all\s+(?:you\s+can\s+do|there\s+is)"
    # round 17 (AY, AW): a polite formula as the whole answer ("if you would be so kind"), Singlish "can can", "can lah"
    rf"|^\W*(?:(?:yes|ok|okay|please)\W{{1,3}})?if\s+you(?:{_APOS}d|\s+would)\s+be\s+so\s+kind(?=\W*(?:(?:yes|please|thanks?)\W*)?$)"
    rf"|^\W*can\s+(?:can|lah?|one)(?=\W*$)|^\W*i{_APOS}?d\s+be\s+(?:very\s+|most\s+|so\s+)?grateful(?=\W*$)"
    # round 17 (AY): the yes said as the customer's gratitude to come ("I'd be grateful if you would")
    rf"|i(?:{_APOS}d|\s+would)\s+be\s+(?:very\s+|most\s+|so\s+|really\s+)?(?:grateful|glad|obliged|delighted|happy)"
    r"(?:\s+to|\s+if\s+you\s+(?:would|could|did|do|can)(?:\s+(?:that|so|it))?)?(?=\W*$|\s*[.!,;])"
    r")\b",
    re.IGNORECASE,
)
# "Why not!" as the whole answer, or its sentence ("Why not? Go for it")
_LEAD = r"(?:(?:oh|hmm+|well|ah|eh|um+|yeah|sure|ok|okay|honestly|nah)\W{0,3}\s*)?"
_WHY_NOT = re.compile(rf"(?P<before>^|[.!?\n]\s*){_LEAD}why\s+not\s*(?:[.!?]+|$)", re.IGNORECASE)
_NO_IDIOMS = re.compile(
    r"\b(?:"
    # "that will do no good", "it'd do little for me": no use to the customer
    rf"(?:that|it|this)(?:{_APOS}ll|\s+will|{_APOS}d|\s+would)\s+do\s+(?:no\s+good|no\s+\w+|little|nothing|not\s+\w+)"
    r"|"
    rf"(?:there{_APOS}s\s+|there\s+is\s+)?no\s+need(?!\s+to\s+{_NEEDLESS}\b)"
    rf"|i{_APOS}?m\s+(?:all\s+)?(?:good|fine|ok|okay|set)\s*(?:,\s*)?(?:thanks|thank\s+you|thx)\b(?!\s+(?:for|to)\b)"
    rf"|i{_APOS}?m\s+(?:all\s+)?(?:good|fine|ok|okay|set)\s+without(?:\s+(?:it|that|one|this|them))?"
    rf"|(?:that{_APOS}s|that\s+is|it{_APOS}s|it\s+is)\s+(?:not\s+(?:needed|necessary|required)|unnecessary)"
    rf"|(?:that{_APOS}s|that\s+is|it{_APOS}s|it\s+is)\s+(?:fine|ok|okay|alright|all\s+good)\W{{1,3}}(?:don{_APOS}?t|do\s+not)\s+(?:worry|bother)"
    # round 13: the money offered declined ("Keep your five dollars", "keep your money")
    r"|keep\s+(?:your|the)\s+(?:(?:(?:\$?[\w.]+)\s+){0,2}?(?:dollars?|bucks|money|cash|credit|refund|quid)|\$\d[\d.]*)"
    r"|thumbs?[\s-]*down"  # round 16: the emoji's words
    # consent refused in so many words: "consent not given", "permission denied"
    r"|(?:my\s+)?(?:consent|permission|approval|authori[sz]ation)\s+(?:is\s+)?(?:not\s+(?:given|granted)|denied|refused|withheld)"
    # round 17 (round 16's gap): the customer against it in so many words ("I'm against it", "I object to that")
    rf"|i(?:{_APOS}m|\s+am)\s+(?:really\s+|totally\s+|strongly\s+|very\s+much\s+|dead\s+)?(?:against|opposed\s+to)\s+(?:it|that|this|the\s+idea)\b"
    r"|i\s+object(?:\s+to\s+(?:it|that|this))?\b"
    r")",
    re.IGNORECASE,
)
# "I'm good." / "I'm fine." as the whole answer (to an offer: no thanks); "I'm good with that" is kept
_GOOD_ALONE = re.compile(rf"^\W*{_LEAD}i{_APOS}?m\s+(?:all\s+)?(?:good|fine|set)\W*$", re.IGNORECASE)

_SKIN = "\U0001F3FB-\U0001F3FF"
_YES_CHARS = "\U0001F44D\U0001F44C\u2705\u2714\u2611\U0001F646\U0001F197\U0001F91D"  # 👍 👌 ✅ ✔ ☑ 🙆 🆗 🤝
_NO_CHARS = "\U0001F44E\u274C\U0001F6AB\U0001F645\u26D4\u2716\u274E"  # 👎 ❌ 🚫 🙅 ⛔ ✖ ❎
_YES_EMOJI = re.compile(rf"[{_YES_CHARS}][{_SKIN}\uFE0F]*")
_NO_EMOJI = re.compile(rf"[{_NO_CHARS}][{_SKIN}\uFE0F]*")
_EMOJI_CHARS = frozenset(_YES_CHARS + _NO_CHARS)
_HINTS = ("say no", "argue", "complain", "mind if", "why not", "hurt", "no need", "no reason", "good", "fine", "okay",
          " ok", "set", "necessary", "needed", "required", " do", "nothing", "live with", "take",
          "settle", "must", "all you can", "all there is", "option", "choice", "alternative", "nah", "consent", "permission", "approval", "authori",
          "crack", "your life", "get on", "you go", "top", "keep", "sort", "thumb", "unhappy", "displeased", "opposed", "against",
          "averse", "not want", "so kind", "can ", "grateful", "object", "glad", "obliged", "delighted", "happy")


# "Keep it" to a question that takes something away (cancel, remove, swap): the thing stays, a no
TAKES_AWAY = frozenset({"cancel", "remove", "delete", "drop", "swap", "replace", "switch", "change", "substitute", "void", "return"})
_KEEP = re.compile(r"(?<![\w'’])(?:(?:i(?:['’]d| would)[ \t]+rather[ \t]+|(?:please[ \t]+|just[ \t]+)?)(?:keep(?:ing)?|leave)[ \t]+"
                   r"(?:it|them|that|this|the[ \t]+\w+|my[ \t]+\w+|everything|things"
                   r"|(?:(?:the|my)[ \t]+)?(?:(?:order|reservation|booking|item)[ \t]+)?#?[A-Za-z]{0,4}-?\d[\w-]{2,20})"
                   r"(?:[ \t]+as[ \t]+(?:is|it[ \t]+is))?"
                   r"|(?:keep|leave)[ \t]+(?:it|everything|things)[ \t]+(?:the[ \t]+same|unchanged))(?![\w'’])", re.IGNORECASE)


# "I won't keep it", "no need to keep it", "I don't want to keep it": the negation before "keep"
_NEGATED_BEFORE = re.compile(
    r"(?:n['’]t|\bnot|\bnever|\bno|\bno[ \t]+longer)(?:[ \t]+(?:need|want|plan|intend|wish|going|be|gonna|wanna|have|reason|use)"
    r"(?:[ \t]+to)?){0,2}[ \t]+$", re.IGNORECASE)
# To a question that takes something away, the thing said to be unwanted from now on ("I don't
# want it anymore", "I no longer need it", "I have no use for it") restates the decision: it
# declines nothing. "I don't want it" alone may be said of the call: kept as said.
_UNWANTED = re.compile(
    r"(?<![\w'’])(?:(?:(?:don['’]?t|do[ \t]+not)[ \t]+(?:really[ \t]+)?(?:want|need)[ \t]+(?:it|them|that|this|the[ \t]+\w+|my[ \t]+\w+)"
    r"[ \t]+(?:anymore|any[ \t]+more|any[ \t]+longer)"
    r"|(?:won['’]?t|will[ \t]+not)[ \t]+(?:be[ \t]+)?(?:need|want|us)(?:e|ing)?[ \t]+(?:it|them|that|this|the[ \t]+\w+|my[ \t]+\w+)"
    r"|no[ \t]+longer[ \t]+(?:want|need)[ \t]+(?:it|them|that|this|the[ \t]+\w+|my[ \t]+\w+)"
    r"|(?:have|got)[ \t]+no[ \t]+use[ \t]+for[ \t]+(?:it|them|that|this|the[ \t]+\w+)))(?![\w'’])",
    re.IGNORECASE)


# Waiting for it, to a question that takes it away: keeping it ("I'll wait", "I can wait", "I'll wait
# it out", "it'll come eventually"); "I can't wait any longer" and "I won't wait" say the opposite; a condition ("only
# if it'll still arrive by 7.30pm", round 13) says neither
_WAITING = re.compile(
    r"(?<![\w'’])(?:(?:i['’]?ll|i[ \t]+will|i[ \t]+can|i[ \t]+could|i['’]d[ \t]+rather|i[ \t]+would[ \t]+rather|(?:i['’]m[ \t]+)?happy[ \t]+to"
    r"|let['’]?s|we['’]?ll|i[ \t]+don['’]?t[ \t]+mind)[ \t]+(?:just[ \t]+|still[ \t]+)?wait(?:ing)?(?![\w'’])"
    r"|wait[ \t]+it[ \t]+out|(?<!if[ \t])(?<!unless[ \t])(?<!long[ \t]as[ \t])(?:it|that|the[ \t]+order)(?:['’]ll|[ \t]+will|['’]s[ \t]+going[ \t]+to|[ \t]+is[ \t]+going[ \t]+to)[ \t]+"
    r"(?:probably[ \t]+|still[ \t]+)?(?:come|arrive|show[ \t]+up|get[ \t]+here|turn[ \t]+up)(?![\w'’]))", re.IGNORECASE)


def _keeping(reply: str) -> str:
    """"Keep it" to a question that takes it away: a no; negated ("I won't keep it", "no need to
    keep it", "I don't want to keep it") it restates the decision and declines nothing: blanked
    with its negation."""
    out, last = [], 0
    for m in _KEEP.finditer(reply):
        neg = _NEGATED_BEFORE.search(reply, max(last, m.start() - 40), m.start())
        out.append(reply[last:m.start() if neg is None else neg.start()])
        out.append(DONT if neg is None else " ")
        last = m.end()
    return "".join(out) + reply[last:]


# Words of answer in a loan from another language, and the answer words typed with two letters
# swapped, one doubled or (in a long word) one dropped ("yse", "go aheda", "pleasse"): each read
# as the English word it stands for. A typo that is itself a word ("spot", "grate") is left.
_LOANS = {"sí": "yes", "si": "yes", "ja": "yes", "oui": "yes", "claro": "yes", "d'accord": "okay", "bitte": "please",
          "non": "no", "nein": "no", "niet": "no", "jawohl": "yes", "genau": "yes", "sim": "yes", "certo": "yes",  # round 17
          # Hindi-English, Spanish and French words of answer, contrast and payment ("haan ji", "vale",
          # "oui, mais en crédit sur le portefeuille": "but" and "wallet")
          "haan": "yes", "haanji": "yes", "nahi": "no", "nahin": "no", "nahiin": "no", "vale": "okay", "mais": "but",
          "pero": "but", "lekin": "but", "portefeuille": "wallet", "monedero": "wallet", "cartera": "wallet",
          "tarjeta": "card", "carte": "card", "gracias": "thanks", "merci": "thanks",
          "sì": "yes", "jaa": "yes", "grazie": "thanks", "nee": "no", "tq": "thanks",  # round 17 (AW): Italian, Dutch, chat
          # chat shorthand
          "plz": "please", "pls": "please", "plse": "please", "nvm": "never mind", "okie": "okay", "okey": "okay",
          "dokie": "", "dokey": "", "alrighty": "alright", "kk": "okay", "ty": "thanks", "thx": "thanks", "tysm": "thanks",
          "np": "no problem", "idk": "unsure", "ofc": "of course", "yh": "yeah", "rn": "right now",
          "lemme": "let me", "gimme": "give me", "wanna": "want to", "gotta": "got to"}
_TYPED = ("yes", "yeah", "yep", "sure", "okay", "ahead", "please", "proceed", "confirm", "alright", "absolutely",
          "definitely", "don't", "dont", "cancel", "stop", "wait", "nope", "refund")
_REAL_WORDS = frozenset({"spot", "tops", "pots", "opts", "post", "wiat", "sue", "yep", "yes", "nope", "open", "peon",
                         "stop", "wait", "sure", "user", "ruse", "heads", "head", "ahea", "cancel", "lease", "pleas",
                         "please", "confirm", "refund", "dont", "don't", "proceed", "okay", "yeah", "ahead", "eyes",
                         "yeas", "sye", "alright", "waits", "refunds", "alight", "aright", "stoop", "suer", "pease"})


def _typos() -> dict:
    out: dict = {}
    for w in _TYPED:
        forms = {w[:i] + w[i + 1] + w[i] + w[i + 2:] for i in range(len(w) - 1) if w[i] != w[i + 1]}
        forms |= {w[:i] + w[i] + w[i:] for i in range(len(w)) if w[i].isalpha()}
        if len(w) >= 6:
            forms |= {w[:i] + w[i + 1:] for i in range(1, len(w))}
        for f in forms:
            if f != w and len(f) >= 3 and f not in _REAL_WORDS and "'" not in f[:1]:
                out.setdefault(f, w)
    return out


_FOLDED = {**_typos(), **_LOANS}
_OKEY_DOKEY = re.compile(r"(?<![\w'’])ok(?:ey|ay|ie|y|i)?[-\s]?dok(?:ey|ie|y|i|e)(?![\w'’])", re.IGNORECASE)
_TOKEN = re.compile(r"(?<![\w'’-])[^\W\d_][\w'’]{1,13}(?![\w'’-])")


_STRETCHED = re.compile(r"([A-Za-z])\1{2,}")
_STRETCHED_WORD = re.compile(r"(?<![\w'’-])[A-Za-z]*([A-Za-z])\1{2,}[A-Za-z]*(?![\w'’-])")
_PLAIN = frozenset("yes no ok okay yeah yep yup nope nah sure please go fine cool good great do wait stop so".split())


def _unstretched(m: "re.Match[str]") -> str:
    """A stretched word as the answer word it stretches (letters once, or twice: "yesss", "pleeease",
    "goood"); any other word ("AAAB12" is none: digits end it) is left as written."""
    word = m.group(0)
    once, twice = _STRETCHED.sub(r"\1", word), _STRETCHED.sub(r"\1\1", word)
    for form in (once, twice):
        if form.lower() in _PLAIN or form.lower() in _TYPED:
            return form
    return _FOLDED.get(twice.lower(), word)
_SPELLED_PAIR = re.compile(r"(?<![\w.-])([nNoO])[.-]([oOkK])\.?(?![\w-])")
# "n" alone, as "y" alone is a yes (the letters of a "(y/n)" question)
_LETTER_NO = re.compile(r"^\W{0,4}[nN]\W{0,4}$")
# "go" alone (said again, shouted) is the go-ahead; "go 4 it", "4 sure": chat's "4" for "for"
_GO_ALONE = re.compile(r"^\W{0,4}(?:go(?:[\s!.,]{0,3}go){0,3}|gogo(?:go)?)\W{0,6}$", re.IGNORECASE)
_GO_AFTER = re.compile(r"(?i)^(?P<lead>[^\n]{1,20}?[.,;:!-])[ \t]*go(?P<end>\W{0,4})$")
_CHAT_FOR = re.compile(r"(?<![\w'’])(go|4)\s+4\s+(it|sure|real)(?![\w'’])|(?<![\w'’])4\s+(sure|real)(?![\w'’])", re.IGNORECASE)


def _chat_for(m: "re.Match[str]") -> str:
    return f"{m.group(1)} for {m.group(2)}" if m.group(1) else f"for {m.group(3)}"


# Loans of more than one word (read before the single words): "bien sûr", "theek hai", "kar do",
# "rehne do" (leave it be), "abhi nahi" / "pas maintenant" (not now), "peut-être", "pata nahi" (no idea)
_LOAN_PHRASES = {"bien sur": "of course", "bien sûr": "of course", "theek hai": "okay", "thik hai": "okay", "theek he": "okay",
                 "kar do": "do it", "kar dijiye": "do it", "kar dena": "do it", "rehne do": "never mind",
                 "abhi nahi": "not now", "abhi nahin": "not now", "pas maintenant": "not now", "pas du tout": "not at all",
                 "peut-être": "maybe", "peut-etre": "maybe", "pata nahi": "unsure", "pata nahin": "unsure",
                 "por favor": "please", "s'il vous plaît": "please", "s'il vous plait": "please", "allez-y": "go ahead",
                 "vas-y": "go ahead", "adelante": "go ahead", "hazlo": "do it", "pas besoin": "no need", "dank je": "thanks",
                 "dank u": "thanks"}
_LOAN_PHRASE = lazy(r"(?<![\w'’])(?:" + "|".join(re.escape(p).replace(r"\ ", r"[ \t]+") for p in sorted(_LOAN_PHRASES, key=len, reverse=True))
                          + r")(?![\w'’-])", re.IGNORECASE, needs=('abhi', 'adelante', 'allez-y', 'besoin', 'bien', 'dank', 'dena', 'dijiye', 'favor', 'hazlo', 'kar', 'maintenant', 'nahin', 'pata', 'peut-', 'pla', 'rehne', 'theek', 'thik', 'tout', 'vas-y'))
_LOAN_HINTS = ("bien", "hai", "he", "do", "nahi", "pas", "peut", "favor", "pla", "-y", "adelante", "hazlo", "dij", "dena", "dank")


def fold_words(reply: str) -> str:
    """``reply`` with its loan words and typed answer words read as the English ones (see above);
    "n" alone is "no". Round 16 (emphasis): a letter stretched three times or more is written twice
    ("yesss", "nooo", "pleeease": then read as a typed word), "N.O." or "o-k" spelled with dots or
    dashes is the word."""
    if len(reply) <= 9 and _LETTER_NO.match(reply):
        return "no"
    if _STRETCHED.search(reply):
        reply = _STRETCHED_WORD.sub(_unstretched, reply)
    if len(reply) <= 40 and ("." in reply or "-" in reply):
        reply = _SPELLED_PAIR.sub(lambda m: m.group(1) + m.group(2), reply)
    low = reply.lower()
    if any(h in low for h in _LOAN_HINTS):
        reply = _LOAN_PHRASE.sub(lambda m: _LOAN_PHRASES.get(re.sub(r"[ \t]+", " ", m.group(0).lower()), m.group(0)), reply)
    if len(reply) <= 24 and _GO_ALONE.match(reply):
        return "go ahead"
    if len(reply) <= 28 and "go" in low:  # round 18 (BE): "amex. go.", "card, go": a telegraphic go-ahead after a value
        reply = _GO_AFTER.sub(lambda m: m.group("lead") + " go ahead" + m.group("end"), reply)
    if "4" in reply:
        reply = _CHAT_FOR.sub(_chat_for, reply)
    def one(m: "re.Match[str]") -> str:
        word = m.group(0)
        found = _FOLDED.get(word.lower().replace("’", "'"))
        return m.group(0) if found is None else (found.upper() if word.isupper() and len(word) > 1 else found)

    if "dok" in reply.lower():
        reply = _OKEY_DOKEY.sub("okay", reply)
    folded = _TOKEN.sub(one, reply)
    return reply if folded == reply else folded


# Something beside the call declined in its own words ("no receipt needed", "no need to email me",
# "no changes", "I don't need a confirmation email"): it says nothing of the call, so it is taken out
# (a "no" of the call's own thing, "no refund needed", is not: the thing is none of these)
_SIDE = (r"(?:(?:a|an|the|any|me|my)\s+)?(?:receipts?|e-?mails?|confirmation(?:\s+(?:e-?mails?|texts?|numbers?|messages?))?"
         r"|texts?|sms|messages?|summary|follow[-\s]?ups?|call[-\s]?backs?|calls?|notifications?|copy|copies|paperwork"
         r"|print[-\s]?outs?|apology|explanations?|details|reference(?:\s+numbers?)?|survey|(?:other\s+|further\s+)?changes"
         r"|edits|corrections|modifications|tweaks|updates)")
_SIDE_DECLINED = re.compile(
    rf"(?<![\w'’])(?:no\s+need\s+(?:for|to\s+(?:send|e-?mail|text|call|message|notify|give|print|explain|change|update)"
    rf"(?:\s+(?:me|it|over|out))?)(?:\s+{_SIDE})?|(?:no|don{_APOS}?t\s+need|do\s+not\s+need|without)\s+{_SIDE}"
    rf"(?:\s+(?:needed|necessary|required|wanted|please|thanks|thank\s+you))?)(?![\w'’])",
    re.IGNORECASE)
_ASSENT_LEFT = re.compile(r"(?<![\w'’])(?:yes|yeah|yep|yup|sure|confirm(?:ed)?|go\s+ahead|proceed|do\s+it|please\s+do|approved?"
                          r"|agreed?|send\s+it|put\s+it\s+through|sold|absolutely|of\s+course|okey|go\s+for\s+it"
                          r"|(?:don['’]?t|do\s+not)\s+mind|not\s+at\s+all|no\s+problem)(?![\w'’])",
                          re.IGNORECASE)
_ALTERS = frozenset({"change", "modify", "update", "edit", "correct", "adjust", "alter", "send", "email", "text", "call"})
_SIDE_HINTS = ("receipt", "mail", "confirmation", "text", "sms", "message", "summary", "follow", "call", "notif", "cop",
               "paper", "print", "apolog", "explan", "detail", "reference", "survey", "change", "edit", "correction",
               "modification", "tweak", "update")


def side_declined_out(reply: str, verbs: frozenset = frozenset()) -> str:
    """``reply`` with something beside the call declined taken out ("Yes, no receipt needed": the
    yes stands); kept as said when the question's verb is one such a thing alters ("no changes" to
    "Shall I change the address?")."""
    low = reply.lower()
    if not any(h in low for h in _SIDE_HINTS):
        return reply

    def side(m: "re.Match[str]") -> str:
        said = set(re.findall(r"[a-z]+", m.group(0).lower()))
        alters = {"changes", "edits", "corrections", "modifications", "tweaks", "updates", "change", "update"}
        sends = {"send", "email", "e", "mail", "emails", "text", "texts", "call", "calls", "message", "messages"}
        if (said & alters and verbs & _ALTERS) or (said & sends and verbs & {"send", "email", "text", "call"}):
            return m.group(0)  # the call's own kind of thing: kept as said
        return " "

    out = _SIDE_DECLINED.sub(side, reply)
    # kept as said unless what is left says yes in so many words, or tells the agent to do the
    # question's own action ("Cancel #W1, no email needed"); "Thanks! No receipt needed." does neither
    return out if out != reply and (_ASSENT_LEFT.search(out) or _tells_the_action(out, verbs)) else reply


def _tells_the_action(text: str, verbs: frozenset) -> bool:
    """Whether a clause of ``text`` opens with one of the question's verbs, not negated."""
    from tau_shaped.reward.reading.reply_clauses import verbs_in

    if not verbs or re.search(r"(?<![\w'’])(?:not|never|no)(?![\w'’])|n['’]t", text, re.IGNORECASE):
        return False
    return any(verbs_in(m.group(1)) & verbs for m in _CLAUSE_HEAD.finditer(text))


_CLAUSE_HEAD = re.compile(r"(?:^|[,.;!\n])\W{0,4}(?:(?:ok|okay|alright|please|just)\W{1,3})*([a-z]{2,12})(?![\w'’])", re.IGNORECASE)


def plain_answer(reply: str, mind: bool = False, verbs: frozenset = frozenset(), reasons: bool = False) -> str:
    """``reply`` with each idiom or emoji of answer replaced by the plain answer it gives (see
    the module); a reply with none is returned as it is. ``mind``: the question asks whether the
    customer minds, to which "I'm good" or "I'm fine" alone may agree or decline: kept as said.
    ``verbs``: the question's verbs; to one that takes something away (cancel, remove, swap),
    "keep it" or "leave it as is" declines, and the thing said to be unwanted from now on declines
    nothing. ``reasons``: the call has a reason the reply names (read as a reason, kept)."""
    reply = side_declined_out(fold_words(rhetoric_read(reply, verbs, bool(verbs & TAKES_AWAY))), verbs)  # round 18
    low = reply.lower()
    if verbs & TAKES_AWAY:
        if "keep" in low or "leave" in low:
            reply = _keeping(reply)
        if "wait" in low or "come" in low or "arrive" in low or "show up" in low:
            reply = _WAITING.sub(DONT, reply)  # "Yes, I'll wait", "it'll come eventually": keeping it
        if "want" in low or "need" in low or " use " in low:
            reply = reply if reasons else _UNWANTED.sub(" ", reply)
        low = reply.lower()
    if not any(h in low for h in _HINTS) and not any(c in _EMOJI_CHARS for c in reply):
        return reply
    text = _YES_IDIOMS.sub(GO_AHEAD, reply)
    text = _WHY_NOT.sub(rf"\g<before>{GO_AHEAD}", text)
    text = _NO_IDIOMS.sub(DONT, text)
    text = text if mind else _GOOD_ALONE.sub(DONT, text)
    text = _YES_EMOJI.sub(GO_AHEAD, text)
    return _NO_EMOJI.sub(DONT, text)


# What a customer says on hearing something, agreeing to nothing asked: "ok thanks", "great,
# thank you", "got it", "cool", "👍". A go-ahead word ("yes", "go ahead", "do it", "please")
# says more.
_ACK_WORDS = frozenset(
    "ok okay k kk okey okie oki alright alrighty all right great perfect cool fine good lovely nice awesome wonderful "
    "excellent thanks thank you thx ty tysm cheers so much a lot got it noted understood i see sounds appreciate "
    "appreciated sure oh ah gotcha that's that makes sense right then well fab brilliant super".split())
_ACK_TOKEN = re.compile(r"[a-z']+|[^\sa-z'.,!:;\-()…~]", re.IGNORECASE)
_ACK_EMOJI = frozenset("👍👌🙏🙂😊✅👏😀😃☺")


def acknowledges_only(reply: str) -> bool:
    """Whether ``reply`` only acknowledges what it heard ("ok thanks", "Great, thank you!",
    "got it 👍"): words of hearing and thanks alone, no go-ahead ("yes", "go ahead", "do it",
    "please") and nothing else. A yes to a message that asked nothing (an announcement, an answer)
    agrees to no question when it is only this (SPEC §10)."""
    if len(reply) > 80:
        return False
    tokens = _ACK_TOKEN.findall(reply.replace("\u2019", "'").lower())
    return bool(tokens) and all(t in _ACK_WORDS or t in _ACK_EMOJI or t == "\ufe0f" for t in tokens)


# round 14 (tag questions): a statement of what the agent will do closed by a tag that asks it be confirmed ("So I'll
# cancel Z7GOZK -- that's what you want, right?", "..., correct?") is answered yes by the tag's word ("Right", "Right,
# that's it"); after a negative statement ("You wouldn't want that, would you?") or to a plain question ("Shall I?")
# a bare "right" says neither
_TAG_ASKED = re.compile(r"(?i),?[ \t]*(?:right|correct|yes|yeah|ok|okay|yeah\?[ \t]*right)\?[ \t]*$")
_NEGATED_STATEMENT = re.compile(r"(?i)\b(?:not|never|no)\b|n't\b")
_QUOTED = re.compile(r"(?<![\w'])['\"][^'\"\n]{1,80}['\"](?![\w'])")  # a quoted reason ('no longer needed') negates no statement
_ASIDE_AT_END = re.compile(r"[ \t]*\([^()\n]{0,40}\)$")
_TAG_WORD = re.compile(r"(?i)^(?P<lead>\W{0,8})right(?![\w'-])(?![ \t]+(?:now|away|here|there|after|before|back|then|on|off|side|one))")


def tag_answered(reply: str, question: str) -> str:
    """``reply`` with a leading "right" read as "yes" when ``question`` (the agent's message, normalized) ends in a
    tag asking a positive statement be confirmed; else ``reply`` as it is. Round 17: an echo of the question ("I would,
    thanks" to "Would you ...?", "still good" to "Still good?") is a yes too (``reply_echoes``)."""
    reply = echo_answered(reply, question)
    if "right" not in reply[:12].lower():
        return reply
    question = _ASIDE_AT_END.sub("", question.rstrip())  # "..., right? ($4.00)": a reader's note after it
    if not question.endswith("?"):
        return reply
    last = re.split(r"(?<=[.!?\n])[ \t]*", question[:-1])[-1]
    tag = _TAG_ASKED.search(last + "?")
    if tag is None or _NEGATED_STATEMENT.search(_QUOTED.sub(" ", last[:tag.start()])) or not _TAG_WORD.match(reply):
        return reply
    return _TAG_WORD.sub(lambda m: m.group("lead") + "yes", reply, count=1)
