"""Format compliance: is the response well-formed JSON, XML, CSV or an email address?

``prompt`` is ``{"format": "json" | "xml" | "csv" | "email", ...options}``:

- json: ``schema`` (a JSON Schema, checked with ``jsonschema`` and its format
  checker); NaN and Infinity are refused (not JSON).
- xml: ``root`` (the root element's tag), ``required`` (tags that must appear);
  parsed with ``defusedxml`` (no entity expansion, no external entities).
- csv: ``columns`` (the exact header), ``min_rows`` (data rows), ``delimiter``;
  every row must have the header's number of fields.
- email: one address, checked for syntax with ``email-validator`` (no DNS).

The response may wrap its payload in a fenced code block; the last one is
used. A malformed schema or option is the prompt's fault, not the policy's:
the verifier abstains (``internal_error``).
"""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any, Dict, List

from tau_shaped.verifiers.protocol import Verdict, Verifier, VerifierFault

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n(.*?)```", re.S)
MAX_PAYLOAD = 1 << 20


def payload(response: str) -> str:
    """The last fenced block's content, else the whole response, stripped."""
    blocks = _FENCE.findall(response)
    return (blocks[-1][1] if blocks else response).strip()


def _fail(reason: str, **meta: Any) -> Verdict:
    return Verdict(score=0.0, metadata={"reason": reason, **meta})


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def check_json(text: str, options: Dict[str, Any]) -> Verdict:
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except (json.JSONDecodeError, ValueError) as exc:
        return _fail(f"not JSON: {exc}")
    schema = options.get("schema")
    if schema is None:
        return Verdict(score=1.0)
    import jsonschema

    try:
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
    except jsonschema.SchemaError as exc:
        raise VerifierFault(f"the prompt's JSON Schema is invalid: {exc.message}") from None
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    errors = sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        where = "/".join(str(p) for p in first.absolute_path) or "(root)"
        return _fail(f"schema: {where}: {first.message}", errors=len(errors))
    return Verdict(score=1.0)


def check_xml(text: str, options: Dict[str, Any]) -> Verdict:
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    try:
        root = fromstring(text)
    except (ParseError, DefusedXmlException) as exc:
        return _fail(f"not well-formed XML: {exc}")
    expected_root = options.get("root")
    if expected_root is not None and root.tag != expected_root:
        return _fail(f"root element is <{root.tag}>, expected <{expected_root}>")
    tags = {element.tag for element in root.iter()}
    missing = [tag for tag in options.get("required", []) if tag not in tags]
    if missing:
        return _fail(f"missing element(s): {', '.join(missing)}")
    return Verdict(score=1.0)


def check_csv(text: str, options: Dict[str, Any]) -> Verdict:
    delimiter = options.get("delimiter", ",")
    if not isinstance(delimiter, str) or len(delimiter) != 1:
        raise VerifierFault("csv delimiter must be one character")
    try:
        rows: List[List[str]] = list(csv.reader(io.StringIO(text), delimiter=delimiter, strict=True))
    except csv.Error as exc:
        return _fail(f"not valid CSV: {exc}")
    rows = [row for row in rows if row]
    if not rows:
        return _fail("no rows")
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if len(row) != width:
            return _fail(f"row {number} has {len(row)} field(s), the header has {width}")
    columns = options.get("columns")
    if columns is not None and [c.strip() for c in rows[0]] != list(columns):
        return _fail(f"header is {rows[0]}, expected {list(columns)}")
    if len(rows) - 1 < int(options.get("min_rows", 0)):
        return _fail(f"{len(rows) - 1} data row(s), expected at least {options['min_rows']}")
    return Verdict(score=1.0, metadata={"rows": len(rows) - 1, "columns": width})


def check_email(text: str, options: Dict[str, Any]) -> Verdict:
    from email_validator import EmailNotValidError, validate_email

    try:
        validate_email(text, check_deliverability=False)
    except EmailNotValidError as exc:
        return _fail(f"not an email address: {exc}")
    return Verdict(score=1.0)


CHECKS = {"json": check_json, "xml": check_xml, "csv": check_csv, "email": check_email}


class FormatVerifier(Verifier):
    name = "format"

    def check(self, prompt: Any, response: Any) -> Verdict:
        options = prompt if isinstance(prompt, dict) else {"format": prompt}
        kind = options.get("format")
        if kind not in CHECKS:
            raise VerifierFault(f"unknown format {kind!r}: use one of {', '.join(CHECKS)}")
        text = payload(response if isinstance(response, str) else "")
        if not text:
            return _fail("empty response")
        if len(text) > MAX_PAYLOAD:
            return _fail(f"payload longer than {MAX_PAYLOAD} characters")
        verdict = CHECKS[kind](text, options)
        return Verdict(score=verdict.score, metadata={"format": kind, **verdict.metadata})
