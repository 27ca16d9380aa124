"""Knowledge-base and format-compliance verifiers (issue 6)."""

from __future__ import annotations

import json
import pytest

from tau_shaped.verifiers.single_turn.format_verifier import FormatVerifier, payload
from tau_shaped.verifiers.single_turn.knowledge_base import KnowledgeBase, KnowledgeBaseVerifier, normalize
from tau_shaped.verifiers.protocol import VerifierStatus

KB = {
    "entries": [
        {"id": "capital-fr", "question": "What is the capital of France?", "answer": "Paris", "aliases": ["Paris, France"]},
        {"id": "water", "question": "What is the chemical formula of water?", "answer": "H2O", "aliases": ["H₂O"]},
        {"id": "moon", "question": "Who first walked on the Moon?", "answer": "Neil Armstrong", "aliases": ["Armstrong"]},
        {"id": "photosynthesis", "question": "What does photosynthesis produce?", "answer": "glucose and oxygen",
         "key_terms": ["glucose", "oxygen"]},
        {"id": "big", "question": "How many meters in a kilometre?", "answer": "1,000", "aliases": ["one thousand"]},
        {"id": "cafe", "question": "What is the French word for coffee?", "answer": "café"},
    ]
}


@pytest.fixture(scope="module")
def kb_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("kb") / "kb.json"
    path.write_text(json.dumps(KB), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def kb(kb_path):
    return KnowledgeBaseVerifier(KnowledgeBase.load(kb_path))


@pytest.mark.parametrize(
    "prompt, response, expected",
    [
        ("What is the capital of France?", "Paris", 1.0),
        ("what is the capital of france", "The answer is: paris.", 1.0),
        ({"id": "capital-fr"}, "It's Paris, of course.", 1.0),
        ({"id": "capital-fr"}, "Lyon", 0.0),
        ({"id": "capital-fr"}, "Parisian", 0.0),  # whole phrases only
        ({"id": "water"}, "H₂O", 1.0),
        ({"id": "water"}, "h2o", 1.0),
        ({"id": "water"}, "HO2", 0.0),
        ({"id": "moon"}, "It was Neil  Armstrong!", 1.0),
        ({"id": "moon"}, "Buzz Aldrin", 0.0),
        ({"id": "photosynthesis"}, "It makes oxygen and some glucose.", 1.0),  # every key term
        ({"id": "photosynthesis"}, "It makes oxygen.", 0.0),
        ({"id": "big"}, "1000", 1.0),
        ({"id": "big"}, "One thousand.", 1.0),
        ({"id": "big"}, "100", 0.0),
        ({"id": "cafe"}, "Cafe", 1.0),
        ({"question": "x?", "answer": "42"}, "Answer: 42", 1.0),
        ({"id": "capital-fr"}, "", 0.0),
    ],
)
def test_knowledge_base_answers(kb, prompt, response, expected):
    outcome = kb.verify_outcome(prompt, response)
    assert outcome.score == expected, outcome.metadata
    assert outcome.status == (VerifierStatus.VERIFIED if expected else VerifierStatus.INVALID)


def test_key_terms_as_a_fraction_and_containment_off(kb_path):
    kb = KnowledgeBase.load(kb_path)
    assert KnowledgeBaseVerifier(kb, key_terms_mode="fraction").verify({"id": "photosynthesis"}, "oxygen") == 0.5
    strict = KnowledgeBaseVerifier(kb, containment=False)
    assert strict.verify({"id": "capital-fr"}, "It is not Paris") == 0.0
    assert strict.verify({"id": "capital-fr"}, "Answer: Paris") == 1.0


def test_unknown_question_abstains(kb):
    outcome = kb.verify_outcome("What is the airspeed of a swallow?", "24 mph")
    assert outcome.status == VerifierStatus.INTERNAL_ERROR and outcome.score is None
    assert "no entry" in outcome.metadata["error"]


def test_normalization():
    assert normalize("  The  Café, Ltd. ") == "cafe ltd"
    assert normalize("1,000,000 m") == "1000000 m"
    assert normalize("3.5%") == "3.5%"
    assert normalize("An apple") == "apple"


def test_bad_knowledge_base_files_name_the_file_and_entry(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"entries": [{"id": "a", "answer": "x"}, {"id": "b"}]}), encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.json: entry 'b': answer"):
        KnowledgeBase.load(bad)
    dup = tmp_path / "dup.json"
    dup.write_text(json.dumps([{"id": "a", "answer": "x"}, {"id": "a", "answer": "y"}]), encoding="utf-8")
    with pytest.raises(ValueError, match="appears twice"):
        KnowledgeBase.load(dup)
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(ValueError, match="broken.json: not JSON"):
        KnowledgeBase.load(broken)


SCHEMA = {
    "type": "object",
    "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}, "email": {"type": "string", "format": "email"}},
    "required": ["name", "age"],
    "additionalProperties": False,
}


@pytest.mark.parametrize(
    "prompt, response, expected",
    [
        ({"format": "json"}, '{"a": 1}', 1.0),
        ({"format": "json"}, "Here you go:\n```json\n[1, 2, 3]\n```\n", 1.0),
        ({"format": "json"}, "{'a': 1}", 0.0),
        ({"format": "json"}, '{"a": NaN}', 0.0),
        ({"format": "json"}, '{"a": 1} trailing', 0.0),
        ({"format": "json", "schema": SCHEMA}, '{"name": "Ada", "age": 36}', 1.0),
        ({"format": "json", "schema": SCHEMA}, '{"name": "Ada", "age": -1}', 0.0),
        ({"format": "json", "schema": SCHEMA}, '{"name": "Ada"}', 0.0),
        ({"format": "json", "schema": SCHEMA}, '{"name": "Ada", "age": 3, "x": 1}', 0.0),
        ({"format": "json", "schema": SCHEMA}, '{"name": "Ada", "age": 3, "email": "ada@example.com"}', 1.0),
        ({"format": "xml"}, "<a><b>1</b></a>", 1.0),
        ({"format": "xml"}, "<a><b>1</a></b>", 0.0),
        ({"format": "xml", "root": "order", "required": ["id"]}, "<order><id>7</id></order>", 1.0),
        ({"format": "xml", "root": "order"}, "<invoice/>", 0.0),
        ({"format": "xml", "root": "order", "required": ["id", "total"]}, "<order><id>7</id></order>", 0.0),
        ({"format": "xml"}, '<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;&a;</x>', 0.0),  # entities refused
        ({"format": "csv"}, "a,b\n1,2\n3,4\n", 1.0),
        ({"format": "csv"}, "a,b\n1,2,3\n", 0.0),
        ({"format": "csv", "columns": ["name", "qty"], "min_rows": 2}, "name,qty\nx,1\ny,2", 1.0),
        ({"format": "csv", "columns": ["name", "qty"]}, "qty,name\n1,x", 0.0),
        ({"format": "csv", "min_rows": 3}, "a\n1\n", 0.0),
        ({"format": "csv"}, 'a,b\n"1,2\n', 0.0),
        ({"format": "csv", "delimiter": ";"}, "a;b\n1;2", 1.0),
        ({"format": "email"}, "ada@example.com", 1.0),
        ({"format": "email"}, "ada.lovelace+tag@mail.example.org", 1.0),
        ({"format": "email"}, "ada@", 0.0),
        ({"format": "email"}, "ada example.com", 0.0),
        ({"format": "email"}, "", 0.0),
        ("json", "[]", 1.0),
    ],
)
def test_format_compliance(prompt, response, expected):
    outcome = FormatVerifier().verify_outcome(prompt, response)
    assert outcome.score == expected, outcome.metadata
    if not expected:
        assert outcome.metadata["reason"]


def test_a_broken_prompt_abstains_instead_of_failing_the_policy():
    verifier = FormatVerifier()
    bad_schema = verifier.verify_outcome({"format": "json", "schema": {"type": "nonsense"}}, "{}")
    assert bad_schema.status == VerifierStatus.INTERNAL_ERROR and bad_schema.score is None
    unknown = verifier.verify_outcome({"format": "yaml"}, "a: 1")
    assert unknown.status == VerifierStatus.INTERNAL_ERROR and "unknown format" in unknown.metadata["error"]


def test_payload_takes_the_last_fenced_block():
    assert payload("```\n1\n```\ntext\n```json\n2\n```") == "2"
    assert payload("  plain  ") == "plain"
