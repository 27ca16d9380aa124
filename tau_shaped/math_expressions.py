"""Safe arithmetic expressions to sympy (SPEC §5 ``math`` matcher).

Expressions come from task files and agent messages: they are parsed by a
hand-written tokenizer and recursive-descent parser into sympy objects, never
``eval``ed (sympy's own ``parse_expr``/``sympify`` evaluate Python code).

Accepted: numbers (decimals become exact rationals), ``+ - * / ^ **``, unary
signs, parentheses and braces, implicit multiplication (``2x``,
``2(x+1)``), postfix ``%``, constants ``pi``/``π``/``e``, functions ``sqrt
exp log ln sin cos tan abs``, LaTeX ``\\frac{a}{b}``, ``\\sqrt{x}``,
``\\sqrt[n]{x}``, ``\\cdot``, ``\\times``, ``\\pi``, ``\\left(`` / ``\\right)``.
Any other letter run is a symbol. Limits keep hostile input cheap: 500
characters, nesting depth 50, integer exponents up to 1000 in magnitude.
"""

from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

MAX_LENGTH = 500
MAX_DEPTH = 50
MAX_EXPONENT = 1000

FUNCTIONS = ("sqrt", "exp", "log", "ln", "sin", "cos", "tan", "abs")
CONSTANTS = ("pi", "π", "e")


class MathParseError(ValueError):
    pass


_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+(?:\.\d*)?|\.\d+)"
    r"|(?P<cmd>\\[A-Za-z]+)"
    r"|(?P<name>[A-Za-zπ]+)"
    r"|(?P<op>\*\*|[-+*/^()%{}\[\]]|[×÷−·]))"
)

_LATEX_OPS = {r"\cdot": "*", r"\times": "*", r"\div": "/", r"\pi": "pi", r"\left": "", r"\right": ""}
_UNICODE_OPS = {"×": "*", "÷": "/", "−": "-", "·": "*", "**": "^"}


def _tokenize(text: str) -> List[Tuple[str, str, int]]:
    tokens: List[Tuple[str, str, int]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match or match.end() == pos:
            raise MathParseError(f"unexpected character {text[pos]!r} at {pos}")
        kind = match.lastgroup or ""
        value = match.group(kind)
        if kind == "cmd":
            if value in _LATEX_OPS:
                mapped = _LATEX_OPS[value]
                if mapped:
                    tokens.append(("name" if mapped == "pi" else "op", mapped, match.start(kind)))
            elif value in (r"\frac", r"\sqrt"):
                tokens.append(("cmd", value, match.start(kind)))
            else:
                raise MathParseError(f"unsupported command {value} at {match.start(kind)}")
        elif kind == "op":
            tokens.append(("op", _UNICODE_OPS.get(value, value), match.start(kind)))
        else:
            tokens.append((kind, value, match.start(kind)))
        pos = match.end()
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        import sympy

        self.sp = sympy
        self.tokens = _tokenize(text)
        self.i = 0
        self.depth = 0

    def peek(self) -> Optional[Tuple[str, str, int]]:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, value: Optional[str] = None) -> Tuple[str, str, int]:
        tok = self.peek()
        if tok is None or (value is not None and tok[1] != value):
            where = tok[2] if tok else "the end"
            raise MathParseError(f"expected {value or 'more input'} at {where}")
        self.i += 1
        return tok

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise MathParseError("expression nested too deeply")

    def parse(self) -> Any:
        if not self.tokens:
            raise MathParseError("empty expression")
        expr = self.expr()
        if self.peek() is not None:
            raise MathParseError(f"unexpected {self.peek()[1]!r} at {self.peek()[2]}")
        return expr

    def expr(self) -> Any:
        value = self.term()
        while self.peek() and self.peek()[1] in "+-" and self.peek()[0] == "op":
            op = self.take()[1]
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        return value

    def _starts_atom(self) -> bool:
        tok = self.peek()
        return tok is not None and (tok[0] in ("num", "name", "cmd") or tok[1] in ("(", "{"))

    def term(self) -> Any:
        value = self.unary()
        while True:
            tok = self.peek()
            if tok and tok[0] == "op" and tok[1] in ("*", "/"):
                self.take()
                rhs = self.unary()
                if tok[1] == "*":
                    value = value * rhs
                else:
                    value = value / rhs
            elif self._starts_atom():
                value = value * self.unary()
            else:
                return value

    def unary(self) -> Any:
        tok = self.peek()
        if tok and tok[0] == "op" and tok[1] in "+-":
            self.take()
            self.nest()
            inner = self.unary()
            self.depth -= 1
            return -inner if tok[1] == "-" else inner
        return self.power()

    def power(self) -> Any:
        base = self.postfix()
        tok = self.peek()
        if tok and tok[1] == "^":
            self.take()
            self.nest()
            exponent = self.unary()
            self.depth -= 1
            if exponent.is_number and exponent.is_real and abs(exponent) > MAX_EXPONENT:
                raise MathParseError(f"exponent {exponent} too large")
            return self.sp.Pow(base, exponent)
        return base

    def postfix(self) -> Any:
        value = self.atom()
        while self.peek() and self.peek()[1] == "%":
            self.take()
            value = value / 100
        return value

    def group(self, open_: str, close: str) -> Any:
        self.take(open_)
        self.nest()
        value = self.expr()
        self.depth -= 1
        self.take(close)
        return value

    def atom(self) -> Any:
        sp = self.sp
        tok = self.peek()
        if tok is None:
            raise MathParseError("expression ends too early")
        kind, value, _ = tok
        if kind == "num":
            self.take()
            return sp.Rational(value)
        if value == "(":
            return self.group("(", ")")
        if value == "{":
            return self.group("{", "}")
        if kind == "cmd":
            self.take()
            if value == r"\frac":
                return self.group("{", "}") / self.group("{", "}")
            root = self.group("[", "]") if self.peek() and self.peek()[1] == "[" else sp.Integer(2)
            return sp.root(self.group("{", "}"), root)
        if kind == "name":
            self.take()
            lower = value.lower()
            if lower in ("pi", "π"):
                return sp.pi
            if value == "e":
                return sp.E
            if lower in FUNCTIONS:
                arg = self.group("(", ")") if self.peek() and self.peek()[1] == "(" else self.postfix()
                return {
                    "sqrt": sp.sqrt, "exp": sp.exp, "log": sp.log, "ln": sp.log,
                    "sin": sp.sin, "cos": sp.cos, "tan": sp.tan, "abs": sp.Abs,
                }[lower](arg)
            return sp.Symbol(value)
        raise MathParseError(f"unexpected {value!r} at {tok[2]}")


def parse_math(text: str) -> Any:
    """Parse an expression into a sympy object; raises MathParseError."""
    if not isinstance(text, str):
        raise MathParseError("an expression must be text")
    if len(text) > MAX_LENGTH:
        raise MathParseError(f"expression longer than {MAX_LENGTH} characters")
    return _Parser(text).parse()


_PROBES = (0.5, 1.25, 2.75, -1.5)


def math_equal(a: Any, b: Any, *, tolerance: float = 1e-9) -> bool:
    """Symbolic equality, with a deterministic numeric fallback."""
    import sympy as sp

    try:
        diff = a - b
        if diff == 0:
            return True
        if not diff.free_symbols:
            value = complex(sp.N(diff, 30))
            scale = 1.0 if b.free_symbols else abs(complex(sp.N(b, 30)))
            return abs(value) <= tolerance * max(1.0, scale)
        if sp.simplify(diff) == 0:
            return True
        symbols = sorted(diff.free_symbols, key=lambda s: s.name)
        for shift, _ in enumerate(_PROBES):
            point = {s: _PROBES[(i + shift) % len(_PROBES)] for i, s in enumerate(symbols)}
            value = complex(sp.N(diff.subs(point), 30))
            scale = max(1.0, abs(complex(sp.N(b.subs(point), 30))))
            if not abs(value) <= tolerance * scale:
                return False
        return True
    except (TypeError, ValueError, ZeroDivisionError, AttributeError):
        return False


_WORD = re.compile(r"\\[A-Za-z]+|[A-Za-zπ]+")


def _candidates(text: str) -> List[str]:
    found: List[str] = []
    for boxed in re.finditer(r"\\boxed\{", text):
        depth, start = 1, boxed.end()
        for j in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                found.append(text[start:j])
                break
    found += re.findall(r"\$([^$]+)\$", text)
    # Split free text into runs: words that are not math names, and
    # punctuation that cannot be math, separate candidates.
    pieces: List[str] = []
    current = ""
    i = 0
    while i < len(text):
        word = _WORD.match(text, i)
        if word:
            token = word.group(0)
            is_math = token.startswith("\\") or len(token) == 1 or token.lower() in FUNCTIONS + CONSTANTS
            if is_math:
                current += token
            else:
                pieces.append(current)
                current = ""
            i = word.end()
            continue
        ch = text[i]
        if ch in ",;:=!?$\n" or (ch == "." and not (i + 1 < len(text) and text[i + 1].isdigit())):
            pieces.append(current)
            current = ""
        else:
            current += ch
        i += 1
    pieces.append(current)
    found += [p.strip() for p in pieces]
    return [c for c in found if c and any(ch.isalnum() or ch in "π" for ch in c)]


def find_math(text: str, expr: str) -> Optional[str]:
    """The first expression in ``text`` equal to ``expr`` (which must parse), or None."""
    target = parse_math(expr)
    for candidate in _candidates(text):
        try:
            parsed = parse_math(candidate)
        except MathParseError:
            continue
        except (RecursionError, MemoryError, OverflowError):  # pragma: no cover - guarded by limits
            continue
        if math_equal(parsed, target):
            return candidate
    return None
