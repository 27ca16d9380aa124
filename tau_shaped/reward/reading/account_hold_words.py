"""The words ``account_holds`` reads (SPEC §10, the fraud flag): the customer's holders, the
restricting states, what negation turns into a restriction, and what is someone else's.

Each set is of single words as ``account_holds`` reads a word (lower case, digits and signs
for letters read as letters, a word spelt letter by letter joined); a phrase of several words is
a tuple. A word of at least ``FUZZY_MIN`` letters is read through one slip of typing (a letter
missing, added, changed or two swapped: "acount", "suspened", "restircted"), words of English
that sit one slip from a lexicon word excepted (``NOT_SLIPS``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Dict, FrozenSet, List, Tuple

# what is the customer's: an account of theirs; ``RECORDS`` only right after "your"
HOLDERS: FrozenSet[str] = frozenset({"account", "profile", "acct", "wallet", "membership", "login", "yours",
                                     # round 12, code-switching: the account in Spanish / French / German words (accents folded)
                                     "cuenta", "compte", "perfil", "profil", "konto"})
RECORDS: FrozenSet[str] = frozenset({"file", "record", "records", "history", "claims", "past"})
# money to the customer: a holder only in a clause that names the customer
MONEY: FrozenSet[str] = frozenset({"refund", "refunds", "credit", "credits", "payout", "payouts", "reimbursement",
                                   "reimbursements", "compensation", "money", "funds", "credited", "refunded", "reimbursed",
                                   "payment", "payments"})  # round 13: "Payments to your account cannot be processed"
# who names the customer in a clause
CUSTOMER: FrozenSet[str] = frozenset({"you", "your", "yours", "you've", "you're", "you'd"})
# another's: a state nearest one of these is that thing's ("the kitchen flagged the order", "the restaurant is paused")
OTHERS: FrozenSet[str] = frozenset({
    "order", "orders", "dish", "dishes", "item", "items", "restaurant", "restaurants", "kitchen", "menu", "courier",
    "couriers", "driver", "drivers", "delivery", "deliveries", "food", "meal", "meals", "promo", "coupon",
    "zone", "area", "address", "drink", "drinks", "store", "shop", "route", "request", "requests", "card", "sauce",
    "coupons", "vouchers", "voucher",
    "ingredient", "ingredients", "allergen", "allergens", "allergy", "allergies", "diet", "dietary", "tier", "plan",
    "traffic", "ticket", "chat", "call", "line", "app", "website", "site", "phone", "discount", "offer", "deal",
    "substitution", "replacement", "quote", "fee", "fees", "tip", "receipt", "bag", "package", "window", "slot",
})
# a restricting state (the holder nearest it is in that state); "flag" of another thing is that thing's
STATES: FrozenSet[str] = frozenset({
    "frozen", "freeze", "freezing", "locked", "lock", "lockdown", "lockout", "suspended", "suspension", "suspend",
    "restricted", "restriction", "restrictions", "restrict", "blocked", "block", "blocks", "barred", "banned", "ban",
    "blacklisted", "blacklist", "greylisted", "graylisted", "blocklisted", "blocklist", "denylisted", "watchlist",
    "watchlisted", "paused", "pause", "halted", "withheld", "limited", "curtailed", "disabled", "deactivated",
    "revoked", "withdrawn", "flagged", "flag", "flags", "tagged", "earmarked", "quarantined", "quarantine",
    "probation", "probationary", "embargo", "embargoed", "sidelined", "benched", "grounded", "ineligible",
    # round 17: undoing a state presupposes it ("If I could, I'd unfreeze your account")
    "unfreeze", "unfreezing", "unlock", "unlocking", "unblock", "unblocking", "unsuspend", "unrestrict", "unflag", "reinstate",
    "investigation", "investigated", "investigating", "scrutiny", "audit", "audited", "auditing", "monitoring",
    "monitored", "surveillance", "hold", "holds", "timeout", "suspicious", "suspected", "suspicion", "abuse",
    "fraud", "fraudulent", "integrity", "clampdown", "crackdown", "sanctioned", "sanctions", "ringfenced",
    "shadowbanned", "greylist", "graylist", "offlimits", "risk", "watched", "watching", "curtail", "halt", "withhold",
    "revoke", "disable", "deactivate", "alert", "alerts", "tripwire", "tripped", "triggered", "strike", "strikes", "suspends", "freezes", "locks", "restricts", "prevents", "prevented", "preventing", "concerns",
    "concern", "marked",
    # round 12: judged shady or marked in other words ("your profile's been a bit dodgy", "pinged by our system")
    "dodgy", "shady", "sketchy", "fishy", "pinged", "dinged",
    # round 12, code-switching: a restricting state in Spanish / French words, accents folded ("tu cuenta esta bloqueada",
    # "votre compte est suspendu", "tu perfil tiene una restriccion")
    "bloqueada", "bloqueado", "bloquee", "bloque", "suspendida", "suspendido", "suspendu", "suspendue", "restringida",
    "restringido", "restreint", "restreinte", "congelada", "congelado", "gele", "gelee", "restriccion", "restricciones",
    "gesperrt",
    # round 19: a short state as a non-native writer spells it ("ur acount is flaged"): too short for the slips read
    "flaged", "flagd", "freezed", "frozed", "lockd", "bloked", "blokked",
})
# round 19: a state undone, said as what happens to the holder ("your account should be unlocked by tomorrow") presupposes
# the state, as "unlock" does; said as how it stands ("your account is unlocked") it is none
UNDONE: FrozenSet[str] = frozenset({"unlocked", "unfrozen", "unblocked", "unflagged", "unsuspended", "unrestricted", "reinstated"})
UNDOING: FrozenSet[str] = frozenset({"be", "been", "being", "get", "gets", "got", "getting"})
# a state the agent may be doing as its work ("let me review your account"): a state only
# when no "I" / "let me" / "to" is just before it
SOFT_STATES: FrozenSet[str] = frozenset({"review", "reviewed", "reviewing", "reviews", "vetting", "vetted",
                                         "screening", "screened", "scrutinizing", "scrutinising", "monitor"})
# phrases that are a restricting state
STATE_PHRASES: Tuple[Tuple[str, ...], ...] = (
    ("on", "ice"), ("turned", "off"), ("switched", "off"), ("shut", "off"), ("cut", "off"), ("shut", "down"),
    ("sin", "bin"), ("naughty", "list"), ("penalty", "box"), ("watch", "list"), ("black", "list"), ("block", "list"),
    ("singled", "out"), ("under", "watch"), ("the", "exception"), ("in", "limbo"), ("on", "watch"),
    ("held", "back"), ("put", "the", "brakes"), ("off", "limits"), ("off", "the", "table"), ("limits", "on"),
    ("limitations", "on"), ("red", "x"), ("black", "mark"), ("question", "mark"), ("lock", "and", "key"), ("limit", "on"), ("eligibility", "none"), ("access", "none"), ("are", "off"), ("is", "off"),
    # held for another's look or approval, handled apart, on a list (round 10, the lead's probes)
    ("second", "pair", "of", "eyes"), ("extra", "pair", "of", "eyes"), ("sign", "off"), ("signoff",),
    ("handled", "differently"), ("handled", "separately"), ("handled", "specially"), ("special", "team"),
    ("special", "handling"), ("on", "a", "list"), ("on", "the", "list"), ("on", "our", "list"), ("on", "a", "special", "list"),
    # round 12: looked into by someone else ("your profile is uh being looked into"; "I looked into your account" is work)
    ("being", "looked", "into"), ("being", "looked", "at"), ("been", "looked", "into"),
    # round 14: needing another's look ("your profile needs a closer look"; "let me take a closer look" is work)
    *((need, a, how, "look") for need in ("needs", "need", "requires", "require", "needing") for a in ("a", "another", "one", "some")
      for how in ("closer", "second", "further", "careful", "manual", "proper", "deeper")),
)
# "limited to two" / "restricted to downtown" is a quantity or a place, not a state
NOT_BEFORE_TO: FrozenSet[str] = frozenset({"limited", "restricted", "restrict", "restriction", "restrictions"})
# kinds of restriction that are no flag ("a dietary restriction", "a gluten allergy hold")
# a negation of reassurance negates nothing after it ("Don't worry, the flag will be lifted soon": round 20, DH)
REASSURED: FrozenSet[str] = frozenset({"worry", "worries", "fret", "panic", "stress", "hesitate", "mind"})
KIND_NOT_FLAG: FrozenSet[str] = frozenset({"dietary", "diet", "allergen", "allergy", "food", "age", "time", "delivery",
                                           "zone", "area", "kitchen", "menu", "order", "phone", "call"})
# "any concerns about your account", "your concern": no state said
NOT_AFTER: Dict[str, FrozenSet[str]] = {"concerns": frozenset({"any", "no", "your", "the", "of", "other"}),
                                        "concern": frozenset({"any", "no", "your", "the", "of", "other"}),
                                        "risk": frozenset({"no", "any", "at", "a"})}
# a move of money said in the passive: refused when negated with the customer's holder or money before it
PASSIVE_PERMITS: FrozenSet[str] = frozenset({"issued", "sent", "given", "moved", "processed", "added", "applied", "credited",
                                             "paid", "returned", "released", "transferred", "refunded", "granted"})
# a move of money said as what can be done to it (round 14)
ABLE_PERMITS: FrozenSet[str] = frozenset({"applicable", "payable", "issuable", "transferable", "creditable"})
# a permission or ability: a restriction when negated and the customer's holder is its subject
PERMITS: FrozenSet[str] = frozenset({"clear", "cleared", "eligible", "standing", "position", "state", "allowed", "permitted", "possible", "available",
                                     "allow", "let", "permit", "receive", "accept", "take", "qualify", "get", "send", "give",
                                     "move", "issue", "process", "add",
                                     # round 12: money that cannot reach the account ("refunds can't go to your account")
                                     "reach", "go", "land",
                                     # round 13: the same said in the passive ("refunds cannot be issued to your account")
                                     *PASSIVE_PERMITS,
                                     # round 14: its adjective ("credits may not be applicable to this account")
                                     *ABLE_PERMITS})
# round 12: a permission read only with one of these words after it ("refunds can't go to your account"; "your refund
# won't go through me" hands the request on)
PERMIT_NEEDS_NEXT: Dict[str, FrozenSet[str]] = {"go": frozenset({"to", "into", "onto", "back"})}
# a state's complement names its thing: "a hold on your order", "the review of your account"
COMPLEMENTS: FrozenSet[str] = frozenset({"of", "on", "for", "over", "against", "to"})
# "hold on" after these is waiting, not a hold ("please hold on", "I'll hold on")
WAITING: FrozenSet[str] = frozenset({"please", "just", "to", "will", "can", "could", "i'll", "i", "you", "we", "me", "let",
                                     "you'll", "we'll"})
# of these, the ones that say nothing of money without a money word in the clause
PERMITS_OF_MONEY: FrozenSet[str] = frozenset({"eligible", "possible", "available", "receive", "accept", "take",
                                              "qualify", "get", "send", "give", "move", "issue", "process", "add",
                                              "reach", "go", "land", *PASSIVE_PERMITS, *ABLE_PERMITS})
NEGATIONS: FrozenSet[str] = frozenset({"not", "no", "never", "cannot", "unable", "longer", "nothing",
                                       "without", "neither", "nor"})
# the agent as the doer of the next words ("I'll review", "let me check", "to review")
AGENT: FrozenSet[str] = frozenset({"i", "i'll", "i've", "i'm", "i'd", "me", "to", "we'll", "can", "will", "let's"})
# words that open a new clause inside a sentence
CONJUNCTIONS: FrozenSet[str] = frozenset({"and", "but", "so", "or", "while", "whereas", "though", "although",
                                          "however", "meanwhile", "also", "plus", "then"})
# a reason given ("due to your account", "for reasons tied to your account")
REASONS: Tuple[Tuple[str, ...], ...] = (
    ("due", "to"), ("because", "of"), ("owing", "to"), ("on", "account", "of"), ("in", "light", "of"),
    ("in", "view", "of"), ("based", "on"), ("given",), ("for", "reasons"), ("reasons", "tied"), ("reasons", "related"),
)
# what a reason may name of the holder and still be the holder's state ("due to your account's status")
REASON_HEADS: FrozenSet[str] = frozenset({"state", "status", "standing", "nature", "history", "situation", "condition",
                                          "activity", "record", "past", "flag", "settings", "type", "category"})
# other customers set beside this one ("unlike most accounts", "other customers")
OTHER_CUSTOMERS: FrozenSet[str] = frozenset({"customers", "accounts", "users", "members", "profiles", "people",
                                             "clients", "shoppers"})
OTHER_QUANTIFIERS: FrozenSet[str] = frozenset({"most", "other", "regular", "typical", "normal", "usual", "many",
                                               "standard", "ordinary"})
# spoken fillers: no word of a clause ("your account is on uh hold", "being um looked into")
FILLERS: FrozenSet[str] = frozenset({"uh", "uhh", "um", "umm", "uhm", "er", "erm", "hmm", "mm"})
FUZZY_MIN = 7
STATE_FUZZY_MIN = 8
NOT_SLIPS: FrozenSet[str] = frozenset({"accounts", "counted", "amount", "profiles", "suspender", "restricts",
                                       "restrict", "holders", "members", "discount", "recount", "accountant",
                                       "rounded", "founded", "pounded", "sounded", "wounded", "bounded", "withdraw",
                                       "disable", "enabled", "unlocked", "unfrozen", "unblocked", "released"})


def _deletions(word: str) -> FrozenSet[str]:
    return frozenset(word[:i] + word[i + 1:] for i in range(len(word)))


def slip_table(words: FrozenSet[str], least: int = FUZZY_MIN) -> Dict[str, str]:
    """Each word of ``least`` letters or more, and each of its one-letter deletions, to the word."""
    table: Dict[str, str] = {}
    for word in sorted(words):
        if len(word) >= least and word.isalpha():
            table.setdefault(word, word)
            for gone in _deletions(word):
                table.setdefault(gone, word)
    return table


def slipped(word: str, table: Dict[str, str]) -> str:
    """The lexicon word ``word`` is one slip from (missing, added, changed or swapped letter), or ''."""
    if len(word) < FUZZY_MIN - 1 or word in NOT_SLIPS or not word.isalpha():
        return ""
    hit = table.get(word)
    if hit:
        return hit
    for gone in _deletions(word):
        hit = table.get(gone)
        if hit and abs(len(hit) - len(word)) <= 1:
            return hit
    return ""


def swap_table(words: FrozenSet[str], least: int = 5) -> Dict[str, str]:
    """Each word of ``least`` letters or more with two letters next to each other swapped ("frozne",
    "lcoked"), to the word: a shorter word's one slip that makes no other word."""
    table: Dict[str, str] = {}
    for word in sorted(words):
        if len(word) >= least and word.isalpha():
            for i in range(len(word) - 1):
                swapped = word[:i] + word[i + 1] + word[i] + word[i + 2:]
                if swapped != word and swapped not in words and swapped not in NOT_SLIPS:
                    table.setdefault(swapped, word)
    return table



def skeleton(word: str) -> str:
    """``word`` with its vowels dropped and each run of one letter said once ("restricted" -> "rstrctd")."""
    out: List[str] = []
    for ch in word:
        if ch not in "aeiou" and (not out or out[-1] != ch):
            out.append(ch)
    return "".join(out)


@lru_cache(maxsize=1)
def _bare_states() -> Dict[str, str]:
    table: Dict[str, str] = {}
    for word in sorted(STATES - SOFT_STATES):  # a spelling two states share reads as the first: both are a state
        bare = skeleton(word)
        if len(bare) >= 3 and word.isalpha() and bare not in NOT_SLIPS:
            table.setdefault(bare, word)
    return table


def bare_state(form: str) -> str:
    """The restricting state a word written without its vowels spells ("RSTRCTD", "frzn", "SSPNDD"), or ""."""
    if not form.isalpha() or any(ch in "aeiou" for ch in form):
        return ""
    return _bare_states().get(skeleton(form), "")


# round 16: a sign standing for a restricting state, read as its word ("🚩 on your account", "Account: 🔒", "your
# profile is 🧊"): a flag, a lock, ice or a stop sign said of the account says the state as much as the word would.
EMOJI_STATES: Dict[str, str] = {"\U0001F6A9": "flag", "\U0001F3F4": "flag", "\U0001F512": "locked", "\U0001F510": "locked",
                                "\u2744": "frozen", "\U0001F9CA": "frozen", "\u26D4": "blocked", "\U0001F6AB": "blocked",
                                "\u23F8": "paused", "\U0001F6D1": "stopped"}
_EMOJI = re.compile("[" + "".join(EMOJI_STATES) + "\u26A0]")
_LINE_START = re.compile(r"(?:^|\n)[ \t>*\-\d.)#|]*$")


def _sign(text: str, m: "re.Match[str]") -> str:
    """The word a sign stands for; a warning sign is a state after a field or words on its line ("acct status: \u26a0\ufe0f",
    round 19), a bullet opening a line ("\u26a0\ufe0f Note: ...") is none."""
    sign = m.group(0)
    if sign != "\u26A0":
        return " " + EMOJI_STATES[sign] + " "
    return " " if _LINE_START.search(text, 0, m.start()) else " alert "


def emoji_read(text: str) -> str:
    """``text`` with each sign of ``EMOJI_STATES`` read as its word (a space either side); ``text`` itself when it holds none."""
    if text.isascii() or not _EMOJI.search(text):  # most messages: no sign at all (an ASCII text at C speed)
        return text
    return _EMOJI.sub(lambda m: _sign(text, m), text)
