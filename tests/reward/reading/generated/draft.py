"""A generated message before it is written out: sentences with slots, the values of the slots,
the verdict the policy gives it (its label, by construction), and what the operators may do
with it (the template says which clauses may change places, its structured form, its negation,
its hedge, the other values a slot may take and the label each one gives, a text that would
change the label if it were said).

``render`` writes a draft out: values spelled (money in the draft's spelling), marked up,
disguised (Unicode look-alikes, zero-width characters, NBSP), cased."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Dict, List, Optional, Tuple

from tests.reward.reading.generated.spelling import money


SPLIT = "\x1e"  # round 15: parts a draft's two messages (a split turn: ``runner.steps_of``); no operator changes it


class Money(float):
    """An amount of money in a slot: written in the draft's spelling."""


@dataclass
class Draft:
    reader: str
    template: str
    sentences: List[str]
    values: Dict[str, Any]
    label: str
    context: Dict[str, Any] = field(default_factory=dict)  # what the judge needs (scene, rule, other side's words)
    swappable: bool = False  # the sentences may come in any order
    # a structured form: (an opening line, [(key, a value template)], a closing line)
    record: Optional[Tuple[str, List[Tuple[str, str]], str]] = None
    negated: Optional[Tuple[List[str], str]] = None  # the same words negated, and its label
    hedged: Optional[Tuple[List[str], str]] = None  # the same words hedged, and its label
    others: Dict[str, List[Tuple[Any, str]]] = field(default_factory=dict)  # slot -> [(another value, label)]
    hidden: Optional[str] = None  # words that would change the label if said (kept in an HTML comment)
    key_slots: Tuple[str, ...] = ()  # the slots holding what the verdict turns on
    padding_ok: bool = True
    money_style: str = "dollar_sign"
    emphasis: Optional[str] = None
    disguise: Optional[Tuple[str, str]] = None  # (how, "value" | "text")
    casing: Optional[str] = None
    ops: Tuple[str, ...] = ()

    def but(self, op: str, **changes: Any) -> "Draft":
        return replace(self, ops=self.ops + (op,), **changes)


_COMMENT = re.compile(r"(<!--.*?-->)", re.S)


def _look_alike(text: str) -> str:
    return text.translate(_CYRILLIC)


# letters whose Cyrillic twin stays a twin in either case (a Cyrillic "Т" lower-cased is "т",
# which imitates no Latin letter: T, H, K, M, B are left alone)
_CYRILLIC = str.maketrans({"a": "\u0430", "e": "\u0435", "o": "\u043e", "c": "\u0441", "p": "\u0440",
                           "x": "\u0445", "y": "\u0443", "A": "\u0410", "E": "\u0415", "O": "\u041e",
                           "C": "\u0421", "P": "\u0420", "X": "\u0425"})


def _fullwidth(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else ("\u3000" if c == " " else c) for c in text)


def _zero_width(text: str) -> str:
    marks = ("\u200b", "\u200c", "\u2060", "\u200d")
    out, k = [], 0
    for i, c in enumerate(text):
        out.append(c)
        if c.isalnum() and i + 1 < len(text) and text[i + 1].isalnum():
            out.append(marks[k % len(marks)])
            k += 1
    return "".join(out)


def _nbsp(text: str) -> str:
    return text.replace(" ", "\u00a0")


DISGUISES = {"cyrillic": _look_alike, "fullwidth": _fullwidth, "zero_width": _zero_width, "nbsp": _nbsp}
EMPHASIS = {"bold_md": "**{}**", "bold_html": "<b>{}</b>", "italic_md": "_{}_", "code": "`{}`"}


def _value(d: Draft, slot: str, v: Any) -> str:
    text = money(float(v), d.money_style) if isinstance(v, Money) else str(v)
    if slot in d.key_slots:
        if d.emphasis:
            text = EMPHASIS[d.emphasis].format(text)
        if d.disguise and d.disguise[1] == "value":
            text = DISGUISES[d.disguise[0]](text)
    return text


def fill(d: Draft, template: str) -> str:
    return template.format(**{k: _value(d, k, v) for k, v in d.values.items()})


def render(d: Draft) -> str:
    """The draft written out; its casing comes before its disguise (look-alikes stay look-alikes)."""
    text = " ".join(fill(d, s) for s in d.sentences if s)
    text = text.replace("\n ", "\n")
    if d.casing == "upper":
        text = text.upper()
    elif d.casing == "lower":
        text = text.lower()
    if d.disguise and d.disguise[1] == "text":
        # an HTML comment is left as it is: fullwidth "＜！－－" is no comment, it is shown
        how = DISGUISES[d.disguise[0]]
        text = "".join(part if _COMMENT.fullmatch(part) else how(part) for part in _COMMENT.split(text))
    return text


def structured(d: Draft, form: str) -> List[str]:
    """The draft's record written as a bullet or numbered list, a markdown table, a JSON object or
    ``key=value`` lines, between its opening and closing lines (one sentence each)."""
    assert d.record is not None
    opening, fields, closing = d.record
    if form == "json":
        # literal braces doubled: the lines are filled with the slots' values by str.format
        lines = ["{{"] + [f'  "{k}": "{t}"' + ("," if i + 1 < len(fields) else "") for i, (k, t) in enumerate(fields)] + ["}}"]
    elif form == "table":
        lines = ["| " + " | ".join(k for k, _ in fields) + " |", "|" + "---|" * len(fields),
                 "| " + " | ".join(t for _, t in fields) + " |"]
    elif form == "list":
        lines = [f"- {k}: {t}" for k, t in fields]
    elif form == "numbered":  # round 12: an ordered list's markers number the lines, they state nothing
        lines = [f"{i}. {k}: {t}" for i, (k, t) in enumerate(fields, 1)]
    else:
        lines = [f"{k.replace(' ', '_')}={t}" for k, t in fields]
    return [opening + "\n" + "\n".join(lines) + ("\n" + closing if closing else "")]
