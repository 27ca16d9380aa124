"""Where a link goes, for the hard lines (SPEC §10: hard lines fail closed). ``normalize`` reads a link as the text it
shows ("[here](mailto:...)" is "here"); the address it points to is part of the message all the same: hovered,
clicked, or shown raw by a chat that does not render markdown. So another customer's email or phone in a link's
address ("[reach them](mailto:ana.chen1053@example.com)", "tel:+15035558458") discloses it, and a link to an unsafe
dish ("How about [this one](https://menu.example.com/chicken-korma)?") names it.

``with_link_targets(text)``: ``text`` with each markdown link or image and each HTML ``<a href>`` written as its text
followed by its address in brackets (left out where the text already says it) and a markdown link's title (shown on
hover; an HTML tag's attributes are read by ``normalize_markup.hidden_parts``), the address as words: percent-escapes decoded, "mailto:" and "tel:" dropped, a
web address's path (not its host) with its slashes, hyphens, underscores and pluses read as spaces; None when the
text holds no link (cheap: two substring tests)."""

from __future__ import annotations

import re
import unicodedata
from typing import List, Optional
from urllib.parse import unquote, urlsplit

from tau_shaped.reward.reading.normalize_confusables import folded

__all__ = ["link_addresses", "may_link", "with_link_targets"]

_MD_LINK = re.compile(r"!?\[([^\[\]\n]{0,300})\]\(\s*([^()\s]{1,600})(?:\s+[\"']([^\"'\n]{0,200})[\"'])?\s*\)")
_HREF_MARK = re.compile(r"href", re.IGNORECASE)
_TAG = re.compile(r"</?(?:b|i|em|strong|u|s|del|ins|span|code|mark|small|big|sup|sub|font|tt|kbd)(?:\s[^<>]{0,40})?>", re.IGNORECASE)
# a quoted address may hold spaces (a browser reads href="mailto:ana chen@..." up to its closing quote)
_HREF = re.compile(r"<a\b[^<>]{0,400}?\bhref\s*=\s*(?:\"([^\"<>]{1,600})\"|'([^'<>]{1,600})'|([^\"'\s<>]{1,600}))[^<>]{0,400}>",
                   re.IGNORECASE)
_PATH_MARKS = re.compile(r"[-_+/=&?#.]+")


def _words(address: str) -> str:
    address = _TAG.sub("", unquote(address)).strip("*_`~<> ")  # markup around or inside the address is none of it
    low = address.lower()
    for scheme in ("mailto:", "tel:", "sms:"):
        if low.startswith(scheme):
            return address[len(scheme):].split("?", 1)[0].strip("*_`~<> ")
    if "://" in address:
        parts = urlsplit(address)
        address = " ".join(p for p in (parts.path, parts.query, parts.fragment) if p)
    return _PATH_MARKS.sub(" ", address).strip()


_LETTERS = re.compile(r"[^a-z0-9@+]+")


def _shown(label: str, address: str, title: Optional[str] = None) -> str:
    """The link's text and its address, the address left out where the text already says it ("[Chicken
    Korma](.../chicken-korma)" names the dish once, where its clause reads it), and its title, shown on hover
    ("[this one](https://... \"Pesto Pasta\")" names the pasta), left out where the text says it."""
    label_letters = _LETTERS.sub("", label.lower())
    shown = label if _LETTERS.sub("", address.lower()) in label_letters else f"{label} (link: {address})"
    if title and title.strip() and _LETTERS.sub("", title.lower()) not in label_letters:
        shown += f" (titled: {title.strip()})"
    return shown


def _plain(text: str) -> str:
    """``text`` with invisible format characters (zero-width, soft hyphens, tags) dropped and full-width forms and
    look-alike letters folded (a disguised link is a link)."""
    if text.isascii():
        return text
    return folded(unicodedata.normalize("NFKC", "".join(ch for ch in text if unicodedata.category(ch) != "Cf")))


def may_link(text: str) -> bool:
    """Whether ``text`` may hold a link (cheap: substring tests; folded only when a bracket or "=" stands in it)."""
    if not (("]" in text or "\uff3d" in text) and ("(" in text or "\uff08" in text) or "=" in text or "\uff1d" in text):
        return False
    plain = _plain(text)
    return "](" in plain or "=" in plain and _HREF_MARK.search(plain) is not None


def with_link_targets(text: str) -> Optional[str]:
    """``text`` with each link's address written after its text, or None when it holds no link."""
    if not may_link(text):
        return None
    text = _plain(text)
    out = _MD_LINK.sub(lambda m: _shown(m.group(1), _words(m.group(2)), m.group(3)), text)
    out = _HREF.sub(lambda m: f"(link: {_words(m.group(1) or m.group(2) or m.group(3))}) ", out)
    return out if out != text else None


def link_addresses(text: str) -> List[str]:
    """Each link's address (and a markdown link's title) as words, in order: what a chat shows when it does not render
    the link, or on hover (round 20, DH: "[Why can't I get a refund?](https://help.example/fraud-flag)" shows the
    flag); empty when the text holds no link."""
    if not may_link(text):
        return []
    plain = _plain(text)
    out = [" ".join(w for w in (_words(m.group(2)), (m.group(3) or "").strip()) if w) for m in _MD_LINK.finditer(plain)]
    out += [_words(m.group(1) or m.group(2) or m.group(3)) for m in _HREF.finditer(plain)]
    return [w for w in out if w]
