"""Safe arithmetic expressions for the ``{"math": expr}`` TEXT_MATCHER (SPEC §5).

Untrusted input (task files, agent messages): a hand-written tokenizer and parser build sympy
objects directly (nothing is ``eval``ed or ``sympify``ed); limits on length, nesting, exponents,
number sizes and constant magnitudes keep hostile input from hanging. Equality is numeric at
fixed points in a fixed-precision mpmath context (sympy's adaptive evalf can run for hours).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, List, Optional

MAX_LENGTH, MAX_DEPTH, MAX_EXPONENT = 500, 50, 1000
MAX_BITS = 10_000  # largest exact number (sympy cannot even print ints over 4300 digits)
MAX_ARG = 1e5  # largest |argument| of exp/sin/cos/tan evaluated at fixed precision
FUNCTIONS = frozenset({"sqrt", "exp", "log", "ln", "sin", "cos", "tan", "abs"})
LATEX = {"frac": "FRAC", "dfrac": "FRAC", "tfrac": "FRAC", "pi": "CONST", "cdot": "*", "times": "*",
          "div": "/", "%": "PCT", **{name: "FUNC" for name in FUNCTIONS - {"abs"}}}
_SYMBOLS = {"−": "-", "×": "*", "·": "*", "⋅": "*", "÷": "/", "**": "^", "π": "pi", "√": "sqrt"}
_CLOSE = {"(": ")", "[": "]", "{": "}"}
_TOKEN = re.compile(r"\s+|\\[,;:! ]|\\(?:left|right)(?![A-Za-z])"  # skipped: space, \left, \right
                    r"|(?P<NUM>\d+(?:\.\d*)?|\.\d+)|(?P<WORD>[A-Za-z]+)|\\(?P<CMD>[A-Za-z]+|%)"
                    r"|(?P<OP>\*\*|[-+*/^−×·⋅÷])|(?P<LP>[(\[{])|(?P<RP>[)\]}])|(?P<PCT>%)|(?P<CONST>π)|(?P<FUNC>√)")
_IMPLICIT = {"CONST", "IDENT", "FUNC", "FRAC", "LP"}  # a number never starts an implicit product
_POINTS = ("0.7371", "-1.2913", "2.4187", "-0.5581", "1.8429", "3.1379", "-2.6653")  # fixed, real


class MathParseError(ValueError):
    """Not (safe) arithmetic; ``position`` is a 0-based offset into the expression, or None."""
    def __init__(self, message: str, position: Optional[int] = None) -> None:
        super().__init__(message + ("" if position is None else f" at position {position}"))
        self.position = position


def _tokenize(text: str) -> List[tuple]:
    """(kind, value, position) tuples; kinds: NUM IDENT CONST FUNC FRAC OP LP RP PCT."""
    toks, i = [], 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if not m:
            raise MathParseError(f"unexpected character {text[i]!r}", i)
        kind, i = m.lastgroup, m.end()
        value = _SYMBOLS.get(m.group(kind), m.group(kind)) if kind else ""
        if kind == "WORD":
            kind = "FUNC" if value in FUNCTIONS else "CONST" if value in ("pi", "e") else "IDENT"
        elif kind == "CMD":
            if value not in LATEX:
                raise MathParseError(f"unsupported LaTeX command \\{value}", m.start())
            kind, value = (LATEX[value], value) if LATEX[value].isupper() else ("OP", LATEX[value])
        toks += [(kind, value, m.start())] if kind else []
    return toks


def _bits(number: Any) -> int:
    return abs(int(number.p)).bit_length() + int(number.q).bit_length()


def _checked(expr: Any, pos: Optional[int]) -> Any:
    """Refuse undefined, oversized, or (when constant) numerically out-of-range values."""
    import sympy as sp  # lazy: importing the text matchers must not import sympy
    if expr.has(sp.zoo, sp.nan, sp.oo, -sp.oo):
        raise MathParseError("undefined value (division by zero?)", pos)
    if any(_bits(n) > MAX_BITS for n in expr.atoms(sp.Rational)):
        raise MathParseError("number too large", pos)
    if any(p.exp.is_Number and abs(p.exp) > MAX_EXPONENT for p in expr.atoms(sp.Pow)):
        raise MathParseError(f"exponent larger than {MAX_EXPONENT}", pos)
    if not expr.free_symbols and not expr.is_Rational and _evaluate(expr, {}) is None:
        raise MathParseError("value out of range", pos)
    return expr


@lru_cache(maxsize=None)
def _opaque(name: str) -> Any:
    """An undefined sympy function that nothing in sympy evaluates: functions and non-integer
    powers stay as written, since sympy's own ``75**(-1/100003)``, ``exp(log(n)/2)``... factor
    numbers and can run for minutes. Only Add, Mul, Rational and integer Pow are exact."""
    import sympy

    return sympy.Function(name)


def _power(base: Any, exp: Any, pos: int) -> Any:
    """``base ** exp``, refused before sympy computes anything too large or too slow."""
    import sympy as sp
    if not exp.is_Integer:
        return _checked(_opaque("pow")(base, exp), pos)
    if abs(exp) > MAX_EXPONENT or sum(map(_bits, base.atoms(sp.Rational))) * abs(exp) > MAX_BITS:
        raise MathParseError(f"power too large (exponents up to {MAX_EXPONENT})", pos)
    return _checked(sp.Pow(base, exp), pos)


class _Parser:
    """expr := product (("+"|"-") product)*;  product := unary (("*"|"/") unary | power)*;
    unary := ("+"|"-")* power;  power := atom ["^" unary];  atom := (number | name | group
    | function | frac) "%"*.  Groups, function arguments and exponents count as nesting."""

    def __init__(self, text: str) -> None:
        import sympy
        self.sp, self.toks, self.i, self.depth, self.end = sympy, _tokenize(text), 0, 0, len(text)

    def next(self, kind: str = "", values: str = "") -> Optional[tuple]:
        tok = self.toks[self.i] if self.i < len(self.toks) else None
        return tok if tok and kind in ("", tok[0]) and (not values or tok[1] in values) else None

    def take(self) -> tuple:
        if self.i >= len(self.toks):
            raise MathParseError("unexpected end of expression", self.end)
        self.i += 1
        return self.toks[self.i - 1]

    def expr(self) -> Any:
        value = self.product()
        while self.next("OP", "+-"):  # (the condition is evaluated first: take, then product)
            value = value - self.product() if self.take()[1] == "-" else value + self.product()
        return value

    def product(self) -> Any:
        value = self.unary()
        while True:
            tok = self.next()
            if tok and tok[0] == "OP" and tok[1] in "*/":
                self.i += 1
                right = self.unary()
                if tok[1] == "/" and right.is_zero:
                    raise MathParseError("division by zero", tok[2])
                value = value * right if tok[1] == "*" else value / right
            elif tok and tok[0] in _IMPLICIT:
                value = value * self.power()  # 2x, 2(x+1), (a)(b); left to right: 1/2x = x/2
            else:
                return value

    def unary(self) -> Any:
        negative = False
        while self.next("OP", "+-"):
            negative ^= self.take()[1] == "-"
        return -self.power() if negative else self.power()

    def power(self) -> Any:
        base = self.atom()
        if not self.next("OP", "^"):
            return base
        pos = self.take()[2]
        return _power(base, self.nested(self.unary), pos)  # right-associative: 2^3^2 = 2^9

    def nested(self, parse: Callable[[], Any], open_tok: Optional[tuple] = None) -> Any:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise MathParseError(f"nesting deeper than {MAX_DEPTH}", self.toks[self.i - 1][2])
        value = parse()  # (an error abandons the whole parse)
        self.depth -= 1
        if open_tok:
            close = self.take()
            if close[:2] != ("RP", _CLOSE[open_tok[1]]):
                raise MathParseError(f"expected {_CLOSE[open_tok[1]]!r}", close[2])
        return value

    def argument(self, parse: Callable[[], Any]) -> Any:
        """A braced/bracketed group, or else what ``parse`` reads (``\\frac12``, ``sin x``)."""
        return self.nested(self.expr, self.take()) if self.next("LP") else self.nested(parse)

    def atom(self) -> Any:
        (kind, value, pos), sp = self.take(), self.sp
        if kind == "NUM":
            whole, _, frac = value.partition(".")
            result = sp.Rational(int(whole or "0") * 10 ** len(frac) + int(frac or "0"), 10 ** len(frac))
        elif kind in ("CONST", "IDENT"):
            result = sp.Symbol(value) if kind == "IDENT" else sp.pi if value == "pi" else sp.E
        elif kind == "LP":
            result = self.nested(self.expr, (kind, value, pos))
        elif kind == "FRAC":
            result = self.argument(self.atom) / self.argument(self.atom)  # /0: zoo, refused later
        elif kind == "FUNC":
            result = self.function(value, pos)
        else:
            raise MathParseError(f"unexpected {value!r}", pos)
        while self.next("PCT"):  # 50% = 1/2
            self.i += 1
            result = result / 100
        return result

    def function(self, name: str, pos: int) -> Any:
        power = index = None
        if self.next("OP", "^"):  # \sin^2 x
            self.i += 1
            power = self.argument(self.atom)
            if not (power.is_Integer and power > 0):
                raise MathParseError("only positive integer powers of a function", pos)
        if name == "sqrt" and self.next("LP", "["):  # \sqrt[3]{x}
            index = self.nested(self.expr, self.take())
        arg = self.argument(self.unary)
        if name == "sqrt":
            value = _power(arg, 1 / (self.sp.Integer(2) if index is None else index), pos)
        else:
            value = _checked(_opaque("log" if name == "ln" else name)(arg), pos)
        return value if power is None else _power(value, power, pos)


@lru_cache(maxsize=2048)
def parse_math(text: str) -> Any:
    """Parse an arithmetic expression (plain or LaTeX) into an exact sympy expression."""
    if len(text) > MAX_LENGTH:
        raise MathParseError(f"expression longer than {MAX_LENGTH} characters", MAX_LENGTH)
    try:
        parser = _Parser(text)
        if not parser.toks:
            raise MathParseError("empty expression", 0)
        value = parser.expr()
        if parser.next():
            raise MathParseError(f"unexpected {parser.next()[1]!r}", parser.next()[2])
        return _checked(value, None)
    except MathParseError:
        raise
    except (ValueError, TypeError, ArithmeticError, RecursionError) as exc:  # sympy internals
        raise MathParseError(f"cannot evaluate ({type(exc).__name__})") from None


@lru_cache(maxsize=1)
def _context() -> Any:
    import mpmath  # sympy's own numeric library
    ctx = mpmath.MPContext()
    ctx.dps = 50
    return ctx


def _evaluate(expr: Any, env: dict) -> Any:
    """The (complex) value at fixed precision, or None where undefined or out of range."""
    try:
        import sympy
        return _num(expr, env, sympy, _context())
    except (ValueError, ZeroDivisionError, OverflowError, TypeError, KeyError):
        return None


def _num(expr: Any, env: dict, sp: Any, ctx: Any) -> Any:
    if expr.is_Rational:
        value = ctx.mpf(int(expr.p)) / int(expr.q)
    elif expr.is_Symbol:
        value = env[expr]
    elif expr in (sp.pi, sp.E, sp.I):
        value = {sp.pi: +ctx.pi, sp.E: +ctx.e, sp.I: ctx.mpc(0, 1)}[expr]
    elif expr.is_Add or expr.is_Mul:
        parts = [_num(arg, env, sp, ctx) for arg in expr.args]
        value = ctx.fsum(parts) if expr.is_Add else ctx.fprod(parts)
    elif expr.is_Pow or (expr.is_Function and expr.func.__name__ == "pow"):
        base, exp = (_num(arg, env, sp, ctx) for arg in expr.args)
        if base == 0 or abs(exp) * max(abs(ctx.log(abs(base))), 1) > 1e5:
            raise ValueError("power undefined or out of range")
        value = ctx.power(base, exp)
    elif expr.is_Function and expr.func.__name__ in FUNCTIONS - {"sqrt", "ln"}:
        arg, name = _num(expr.args[0], env, sp, ctx), expr.func.__name__
        if (abs(arg) > MAX_ARG and name not in ("log", "abs")) or (name == "log" and arg == 0):
            raise ValueError("argument out of range")  # exact reduction needs huge precision
        if name == "tan" and abs(ctx.cos(arg)) < 1e-30:
            raise ValueError("tan undefined")
        value = abs(arg) if name == "abs" else getattr(ctx, name)(arg)
    else:
        raise ValueError(f"cannot evaluate {type(expr).__name__}")
    if not ctx.isfinite(value) or (value != 0 and ctx.mag(value) > 20_000):
        raise ValueError("out of range")
    return value


def math_equal(a: Any, b: Any, *, tolerance: float = 1e-9) -> bool:
    """Equal exactly, or within ``tolerance * max(1, |b|)`` at every fixed evaluation point
    (real, the same every time); sympy's simplify only when evaluation is inconclusive."""
    import sympy as sp
    ctx, diff = _context(), a - b
    if diff == 0:
        return True
    symbols = sorted(diff.free_symbols | b.free_symbols, key=lambda s: s.name)
    evaluated = 0
    for k in range(len(_POINTS) if symbols else 1):
        env = {s: ctx.mpf(_POINTS[(k + 3 * j) % len(_POINTS)]) + ctx.mpf(j) / 7 for j, s in enumerate(symbols)}
        d, ref = _evaluate(diff, env), _evaluate(b, env)
        if d is not None and ref is not None:
            if abs(d) > tolerance * max(1, abs(ref)):
                return False
            evaluated += 1
    if evaluated >= (3 if symbols else 1):
        return True
    if diff.count_ops() > 60 or any(_bits(n) > 256 for n in diff.atoms(sp.Rational)):
        return False
    try:
        return bool(sp.simplify(diff) == 0)
    except (ValueError, TypeError, ArithmeticError, RecursionError):
        return False
