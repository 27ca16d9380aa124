"""Knowledge-base answers: exact answers, aliases and key terms from a JSON file.

The knowledge base is ``{"entries": [{"id", "question", "answer", "aliases",
"key_terms"}]}`` (or a bare list of entries). A prompt names an entry by its
``id`` or by its question (matched after normalization), or gives the entry
inline. A response scores 1 when its answer (the extracted final answer, or
the whole response) is the entry's answer or one of its aliases after
normalization, or when the response contains one of them as a whole phrase;
failing that, an entry with key terms scores 1 when every key term appears
(``key_terms_mode = "all"``, the default) or the fraction that appears
(``"fraction"``). Normalization: Unicode NFKC, case folding, accents removed,
thousands separators dropped, punctuation and the articles a/an/the removed,
single spaces.

Known limit: containment does not read negation ("not Paris" contains
"Paris"); use the extracted-answer form ("Answer: ...") where that matters,
and ``containment=False`` to require it.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any, Dict, List, Literal, Optional, Union

from pydantic import BaseModel, Field, ValidationError

from tau_shaped.env.json_input import InputError, read_json_file
from tau_shaped.verifiers.single_turn.math_answers import extract_answer
from tau_shaped.verifiers.protocol import Verdict, Verifier, VerifierFault

_ARTICLES = re.compile(r"\b(?:a|an|the)\b")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", str(text)).casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = _THOUSANDS.sub("", text)
    text = re.sub(r"[^\w\s.%-]|(?<!\d)\.|\.(?!\d)|(?<!\w)-|-(?!\w)", " ", text)
    text = _ARTICLES.sub(" ", text)
    return re.sub(r"\s+", " ", text).strip()


class Entry(BaseModel):
    id: str
    question: str = ""
    answer: str
    aliases: List[str] = Field(default_factory=lambda: [])
    key_terms: List[str] = Field(default_factory=lambda: [])

    def accepted(self) -> List[str]:
        return [a for a in (normalize(x) for x in [self.answer, *self.aliases]) if a]


class KnowledgeBase:
    """Entries by id and by normalized question."""

    def __init__(self, entries: List[Entry], source: str = "<memory>") -> None:
        self.source = source
        self.by_id: Dict[str, Entry] = {}
        self.by_question: Dict[str, Entry] = {}
        for entry in entries:
            if entry.id in self.by_id:
                raise ValueError(f"{source}: entry id {entry.id!r} appears twice")
            self.by_id[entry.id] = entry
            if entry.question:
                self.by_question.setdefault(normalize(entry.question), entry)

    @classmethod
    def load(cls, path: Union[str, Path]) -> "KnowledgeBase":
        path = Path(path)
        try:
            data = read_json_file(path)  # size, encoding, strict JSON and depth checked first
        except InputError as exc:
            raise ValueError(f"{path}: {exc}") from None
        raw = data.get("entries") if isinstance(data, dict) else data
        if not isinstance(raw, list):
            raise ValueError(f"{path}: expected a list of entries or {{\"entries\": [...]}}")
        entries = []
        for i, item in enumerate(raw):
            try:
                entries.append(Entry.model_validate(item))
            except ValidationError as exc:
                err = exc.errors(include_url=False)[0]
                field = ".".join(str(p) for p in err["loc"]) or "entry"
                name = item.get("id", i) if isinstance(item, dict) else i
                raise ValueError(f"{path}: entry {name!r}: {field}: {err['msg']}") from None
        return cls(entries, str(path))

    def find(self, prompt: Any) -> Entry:
        if isinstance(prompt, dict):
            if "answer" in prompt:
                return Entry.model_validate({"id": prompt.get("id", "inline"), **prompt})
            if "id" in prompt:
                entry = self.by_id.get(str(prompt["id"]))
                if entry is None:
                    raise VerifierFault(f"{self.source}: no entry with id {prompt['id']!r}")
                return entry
            prompt = prompt.get("question", "")
        entry = self.by_question.get(normalize(str(prompt)))
        if entry is None:
            raise VerifierFault(f"{self.source}: no entry for the question {str(prompt)[:80]!r}")
        return entry


def _contains(text: str, phrase: str) -> bool:
    return f" {phrase} " in f" {text} "


class KnowledgeBaseVerifier(Verifier):
    name = "knowledge_base"

    def __init__(
        self,
        kb: Optional[KnowledgeBase] = None,
        *,
        key_terms_mode: Literal["all", "fraction"] = "all",
        containment: bool = True,
    ) -> None:
        self.kb = kb or KnowledgeBase([])
        self.key_terms_mode = key_terms_mode
        self.containment = containment

    def check(self, prompt: Any, response: Any) -> Verdict:
        entry = self.kb.find(prompt)
        text = response if isinstance(response, str) else ""
        whole, extracted = normalize(text), normalize(extract_answer(text) or "")
        meta: Dict[str, Any] = {"entry": entry.id, "extracted": extracted}
        accepted = entry.accepted()
        for form in (extracted, whole):
            if form and form in accepted:
                return Verdict(score=1.0, metadata={**meta, "match": "exact"})
        if self.containment and any(_contains(whole, a) for a in accepted):
            return Verdict(score=1.0, metadata={**meta, "match": "contains"})
        terms = [t for t in (normalize(k) for k in entry.key_terms) if t]
        if terms:
            found = [t for t in terms if _contains(whole, t)]
            meta.update(key_terms_found=found, key_terms_total=len(terms))
            if self.key_terms_mode == "fraction":
                return Verdict(score=len(found) / len(terms), metadata={**meta, "match": "key_terms"})
            if len(found) == len(terms):
                return Verdict(score=1.0, metadata={**meta, "match": "key_terms"})
        return Verdict(score=0.0, metadata={**meta, "match": None})
