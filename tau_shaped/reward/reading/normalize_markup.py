"""Markup reduced to the text the customer sees (SPEC §10; used by ``normalize``).

``rendered(text)``: HTML as a chat window that renders it shows it. Character references
are decoded (``&#64;``, ``&amp;``, ``&nbsp;``, by the stdlib ``html.unescape``); a comment
(``<!-- ... -->``, to the end of the text when it is never closed, as a browser reads it) and
a hidden element (``<script>``, ``<style>``, ``<template>``, ``<noscript>``, ``<head>``, a
``hidden`` attribute, a style with ``display:none``, ``visibility:hidden``, ``font-size:0`` or
``opacity:0``) are not said; any other tag is removed and its text kept: an inline tag joins
what is either side of it ("Ko<b>rm</b>a" is "Korma"), a block tag (``<br>``, ``<p>``,
``<div>``, ``<tr>``, headings, lists) is a line break, a list item a "- " bullet, a table cell
a space, a struck-through element (``<del>``, ``<s>``, ``<strike>``) struck text as markdown
writes it (``~~x~~``: withdrawn where struck text is, see ``markdown``); round 16: sibling elements of
names HTML does not know, one closed right before the next opens, an XML record's fields, are read apart
("<order>#W1</order><reason>x</reason>" is "#W1; x"). An autolink (``<https://...>``, ``<name@example.com>``) is the address it shows.

``revealed(text)``: markup that only appears once the text is decoded ("&lt;b&gt;" shows "<b>"
to the customer) or once look-alikes are folded ("＜b＞"): its delimiters are removed and all
of its text is kept, a comment's too (the customer saw it).

``markdown(text)``: emphasis delimiters (``**x**``, ``__x__``, ``*x*``, ``_x_``, also inside a
word: "K*o*rma") and backticks removed; ``[text](url)`` and ``![alt](url)`` read as their text;
``~~struck~~`` text dropped (a careful reader takes struck-out text as withdrawn). A backslash
escape (``\\_``, ``\\*``, ``\\#``, ``\\[``, any ASCII punctuation after a backslash) shows the
character itself ("james\\_lee\\_6136" is "james_lee_6136"): ``escapes_held`` holds each escaped
character apart from the markup readers and ``escapes_shown`` gives it back. Kept:
underscores inside identifiers (``order_id``, ``wallet_credit``), an asterisk between digits or
between spaces ("2*3", "5 * 3"), bullets ("* item", "- item"), table pipes, line breaks.

The scanner is hand-written and linear: the stdlib ``html.parser`` takes quadratic time on
inputs such as ``"<a" * 100000`` (minutes for 200 KB), so it is not used. A tag is at most
``_TAG_MAX`` characters from ``<`` to ``>``; a ``<`` with no ``>`` within that is text.
"""

from __future__ import annotations

import html
import re
from typing import List, Optional, Tuple

__all__ = ["rendered", "revealed", "hidden_parts", "markdown", "markdown_settled", "inert", "escapes_held", "escapes_shown",
           "MARKUP_HINTS", "MARKDOWN_HINTS"]

MARKUP_HINTS = ("<", "&")
MARKDOWN_HINTS = ("*", "_", "`", "~", "[")

_TAG_MAX = 2000
_MARK = re.compile(r"<(?:!--|/?[A-Za-z]|[!?])")
_NAME = re.compile(r"/?([A-Za-z][A-Za-z0-9:-]{0,40})")
_XML_NAME = re.compile(r"/?([A-Za-z][\w.:-]{0,40})\s{0,2}")
_AUTOLINK = re.compile(r"(?:https?|mailto|tel):[^\s<>]{1,500}|[\w.+%-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){0,8}")
_HIDING_ATTR = re.compile(r"(?:^|[\s\"'/])hidden(?:[\s=/>]|$)|display\s*:\s*none|visibility\s*:\s*hidden|"
                          r"font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0(?![.\d]*[1-9])", re.IGNORECASE)
_HIDDEN_TAGS = frozenset({"script", "style", "template", "noscript", "head"})
_VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr", "area", "base", "col", "embed", "source", "track"})
_BLOCK = frozenset({"br", "p", "div", "tr", "ul", "ol", "table", "thead", "tbody", "blockquote", "pre", "hr",
                    "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "dl", "dt", "dd"})
_CELL = frozenset({"td", "th"})
_STRUCK_TAGS = frozenset({"del", "s", "strike"})  # shown struck through: written as markdown's ``~~``
# round 16: the inline elements of HTML (and its other known names). Two sibling elements of names HTML does not
# know, one closed right before the next opens ("<order>#W1</order><reason>no longer needed</reason>"), are an XML
# record's fields: read apart ("#W1; no longer needed"), not glued as a renderer glues inline text ("Ko<b>rm</b>a")
_HTML = _VOID | _BLOCK | _CELL | _STRUCK_TAGS | _HIDDEN_TAGS | frozenset({
    "a", "b", "i", "u", "em", "strong", "span", "small", "big", "sub", "sup", "mark", "code", "kbd", "abbr", "font", "q",
    "cite", "tt", "ins", "label", "bdi", "bdo", "time", "var", "samp", "dfn", "li", "html", "body", "nav", "main", "aside",
    "center", "caption", "tfoot", "form", "button", "select", "option", "textarea", "figure", "figcaption", "details",
    "summary", "blink", "marquee", "nobr", "data", "output", "meter", "progress", "ruby", "rt", "rp", "svg", "title"})


def _tag_text(name: str, closing: bool) -> str:
    if name in _STRUCK_TAGS:
        return "~~"
    if name == "li":
        return "" if closing else "\n- "
    if name in _BLOCK:
        return "\n"
    if name in _CELL and not closing:
        return " "
    return ""


def _scan(text: str, reveal: bool, unseen: Optional[List[str]] = None) -> str:
    """The visible text of ``text`` (``reveal``: all of its text, only the markup's delimiters
    removed; ``unseen``: given, collects what a renderer hides, see ``hidden_parts``). Linear: each
    ``<`` is looked at once, with a bounded look for its ``>``."""
    out: List[str] = []
    hidden_from = 0  # where the hidden element being skipped starts (its text, for ``unseen``)
    n = len(text)
    last_gt = text.rfind(">")
    i = pos = 0  # text[i:] is not yet emitted; the next "<" is looked for from pos
    field_end, field = -1, ""  # where the last element of a name HTML does not know closed, and its name
    hidden: Optional[str] = None  # the hidden element being skipped
    depth = 0

    def emit(piece: str) -> None:
        if hidden is None and piece:
            out.append(piece)

    while True:
        m = _MARK.search(text, pos)
        if m is None:
            break
        s = m.start()
        if m.group() == "<!--":
            e = text.find("-->", s + 4)
            end = n if e < 0 else e + 3
            emit(text[i:s])
            if reveal:
                emit(text[s + 4:n if e < 0 else e])
            elif unseen is not None and hidden is None:
                unseen.append(text[s + 4:n if e < 0 else e])
            i = pos = end
            continue
        if s > last_gt:
            break  # no tag can close after this
        e = text.find(">", s + 1, s + _TAG_MAX)
        if e < 0:
            pos = s + 1  # a "<" that opens no tag is text
            continue
        body = text[s + 1:e]
        emit(text[i:s])
        i = pos = e + 1
        link = _AUTOLINK.fullmatch(body)
        if link:
            emit(body)
            continue
        name_m = _NAME.match(body)
        if name_m is None:  # <!DOCTYPE ...>, <?xml ...?>: never shown
            continue
        name = name_m.group(1).lower()
        after_name = body[name_m.end():name_m.end() + 1]
        if after_name and not (after_name.isspace() or after_name == "/"):
            name = "-"  # a name a browser reads on ("<s\u200bpan ...>"): an unknown element, shown (round 15)
        closing = body.startswith("/")
        if reveal:
            emit("" if name in _STRUCK_TAGS else _tag_text(name, closing))  # "&lt;del&gt;" is shown, not struck
            if "=" in body and not closing:  # shown as text, its attributes are too (round 15: "＜note text＝＂...＂＞")
                emit("".join(f" {words} " for words in _attribute_words(name, body)))
            continue
        self_closing = body.endswith("/") or name in _VOID
        if hidden is not None:
            if name == hidden and not self_closing:
                depth += -1 if closing else 1
                if depth == 0:
                    hidden = None
                    if unseen is not None:
                        unseen.append(text[hidden_from:s])
            continue
        if unseen is not None and not closing and "=" in body:
            unseen.extend(_attribute_words(name, body))
        if not closing and not self_closing and (name in _HIDDEN_TAGS or _HIDING_ATTR.search(body[len(name):])):
            hidden, depth, hidden_from = name, 1, e + 1
            continue
        xml = _XML_NAME.fullmatch(body)  # a record's field is named in XML's letters ("<add_insurance>"), with no attribute
        fname = xml.group(1).lower() if xml else name
        if fname not in _HTML and len(fname) > 2:
            if closing:
                field_end, field = e + 1, fname
            elif field_end >= 0 and fname != field and not text[field_end:s].strip():
                emit("; ")  # "</order><reason>": the next field
        emit(_tag_text(name, closing))
    if hidden is not None and unseen is not None:
        unseen.append(text[hidden_from:])
    emit(text[i:])
    return html.unescape("".join(out))


def rendered(text: str) -> str:
    """``text`` as a renderer shows it (see the module docstring)."""
    if "<" not in text:
        return html.unescape(text) if "&" in text else text
    return _scan(text, reveal=False)


def hidden_parts(text: str) -> List[str]:
    """What a renderer hides in ``text`` and a chat that does not render markup shows as written (SPEC §10: the
    hard lines fail closed): each comment's text, each hidden element's (``<span style="display:none">``,
    ``<script>``, ...) as written, and each tag's attribute values but its style, as "TAG ATTRIBUTE: VALUE"
    (``<account status="flagged"/>`` shows "account status: flagged"). Empty when there is none (cheap: a
    text with no ``<`` is not scanned)."""
    if "<" not in text or not _HIDES.search(text):
        return []
    unseen: List[str] = []
    _scan(text, reveal=False, unseen=unseen)
    return [part.strip() for part in unseen if part.strip()]


_HIDES = re.compile(r"<(?:!--|[A-Za-z][^<>]{0,2000}?(?:=|\bhidden\b)|(?:script|style|template|noscript|head)\b)", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"([A-Za-z_:][\w:.-]{0,40})\s*=\s*(?:\"([^\"]{0,500})\"|'([^']{0,500})'|([^\s\"'<>=`]{1,500}))")


def _attribute_words(name: str, body: str) -> List[str]:
    """A tag's attribute values, each as "TAG ATTRIBUTE: VALUE", or alone when it is words (a title, a note: "Were
    your account not locked, ..." is read from its first word); a style is layout, not words."""
    words = []
    field = ""
    for m in _ATTRIBUTE.finditer(body, len(name) + 1):
        attribute = m.group(1).lower()
        value = next((g for g in m.groups()[1:] if g is not None), "").strip()
        if attribute == "name" and " " not in value:
            field = value.replace("_", " ")
        if attribute != "style" and value:
            words.append(value if " " in value else f"{name} {attribute}: {value}")
    if field:  # a form field: its name says what its value is ('name="acct_state" value="suspended"': "acct state: suspended")
        words += [f"{field}: {v.split(': ', 1)[-1]}" for v in words if v.startswith((f"{name} value: ", f"{name} content: "))]
    return words


def revealed(text: str) -> str:
    """``text`` with markup delimiters that are still in it removed, all of its text kept."""
    if "<" not in text:
        return html.unescape(text) if "&" in text else text
    return _scan(text, reveal=True)


_INERT = re.compile(r"[<&]+(?=[!?/A-Za-z#])")


def inert(text: str) -> str:
    """``text`` with every ``<`` or ``&`` that could still start a tag or a reference removed
    (after a bounded number of ``revealed`` passes, markup nested deeper than that is dropped):
    what is left reads the same once more."""
    return _INERT.sub("", text) if ("<" in text or "&" in text) else text


# ----- markdown -----

_STRUCK = re.compile(r"~~(?=[^~\s])[^~\n]{0,500}(?<=[^~\s])~~")
_LINK = re.compile(r"!?\[([^\[\]\n]{0,300})\]\([^()\s]{0,500}(?:\s{1,5}\"[^\"\n]{0,200}\")?\)")
_FENCE = re.compile(r"^[ \t]{0,3}```[\w+.-]{0,30}[ \t]*$", re.MULTILINE)
_DELIMS = re.compile(r"[*_]+")


def _delimiter(m: "re.Match[str]") -> str:
    """An emphasis delimiter run, removed unless it stands between spaces ("5 * 3", a "* " bullet,
    a "***" rule), between digits ("2*3"), is underscores inside a word ("order_id") or masks letters."""
    text, s, e = m.string, m.start(), m.end()
    before = text[s - 1] if s else " "
    after = text[e] if e < len(text) else " "
    if before.isspace() and after.isspace():
        return m.group()
    if before.isdigit() and after.isdigit():
        return m.group()
    if "*" not in m.group() and (before.isalnum() and after.isalnum()):
        return m.group()
    if after == "@" or len(m.group()) > 2 and (before.isalnum() and after.isalnum() or "-" in (before, after) or after.isdigit()):
        return m.group()  # round 19: a mask ("ana.c***@example.com", "an***53@...", "***-***-8458"), no emphasis
    return ""


def markdown(text: str, keep_struck: bool = False) -> str:
    """``text`` with markdown formatting reduced to its text (see the module docstring);
    ``keep_struck``: struck-out text kept, without its ``~~`` (what a leak is read in)."""
    return markdown_settled(text, keep_struck)[0]


def _unstrike(m: "re.Match[str]") -> str:
    return m.group(0)[2:-2]


def markdown_settled(text: str, keep_struck: bool = False) -> Tuple[str, bool]:
    """``markdown(text)``, and whether it is settled: only emphasis delimiters were removed and
    nothing that a second reading would take up again is left ("<", "&", "~~", "]("). Removing
    delimiter runs is idempotent (a run's neighbours are never delimiters, so they stay), so a
    settled text reads the same once more."""
    changed = False
    if "~~" in text:
        new = _STRUCK.sub(_unstrike if keep_struck else "", text)
        changed, text = new != text, new
    if "](" in text:
        new = _LINK.sub(r"\1", text)
        changed, text = changed or new != text, new
    if "`" in text:
        new = _FENCE.sub("", text).replace("`", "")
        changed, text = changed or new != text, new
    if "*" in text or "_" in text:
        text = _DELIMS.sub(_delimiter, text)
    settled = not changed and not any(h in text for h in ("<", "&", "~~", "]("))
    return text, settled


# ----- backslash escapes -----

_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_HELD_BASE = 0x10FF00  # plane-16 private use: an escaped character held as _HELD_BASE + its code
_HELD = re.compile("[\U0010FF21-\U0010FF7E]")


def escapes_held(text: str) -> str:
    """``text`` with each backslash-escaped ASCII punctuation character held apart (neither a
    delimiter nor markup to any reader) until ``escapes_shown``. A text that already holds such a
    private-use character is left as it is (its escapes are then read as written)."""
    if "\\" not in text or _HELD.search(text):
        return text
    return _ESCAPE.sub(lambda m: chr(_HELD_BASE + ord(m.group(1))), text)


def escapes_shown(text: str) -> str:
    """The held characters of ``escapes_held`` as the characters the customer sees, where a second
    reading takes them as they are (so reading stays idempotent): an ``_`` or ``*`` whose run would
    be kept (``_delimiter``), a ``~`` beside no other ``~``, a ``[ ] ( )`` that makes no ``](``,
    any other punctuation but ``\\ ` < &``. Otherwise the escape stays as it was written."""
    if not _HELD.search(text):
        return text
    chars = [chr(ord(c) - _HELD_BASE) if _HELD.fullmatch(c) else c for c in text]
    held = [bool(_HELD.fullmatch(c)) for c in text]
    plain = "".join(chars)
    shown = [not h or chars[k] not in "\\`<&" for k, h in enumerate(held)]
    for m in _DELIMS.finditer(plain):
        if any(held[m.start():m.end()]) and _delimiter(m) == "":
            for k in range(m.start(), m.end()):
                shown[k] = not held[k]
    for k, h in enumerate(held):
        c = chars[k]
        if h and ((c == "~" and "~" in plain[max(k - 1, 0):k] + plain[k + 1:k + 2])
                  or (c == "]" and plain[k + 1:k + 2] == "(") or (c == "(" and plain[max(k - 1, 0):k] == "]")):
            shown[k] = False
    return "".join(c if shown[k] else "\\" + c for k, c in enumerate(chars))
