"""The oracle's harness: the task's side of assert-style tests, in a box that never loads the program.

Invoked as ``python3 -I -S -B oracle_bootstrap.py JOB [LABEL]`` with ``box_codec.py`` beside
it (standard library only, Python 3.8+, like ``sandbox_bootstrap``). JOB is the plan
``assert_oracle`` made of the prompt's ``asserts``::

    {"limits": {...}, "requests": FD, "answers": FD, "modules": [NAME, ...],
     "leaves": [SOURCE, ...],
     "statements": [{"kind": "assert" | "exec" | "program", "src": SOURCE,
                     "args": [NAME, ...]}, ...]}

The statements run here, in order, in this process's own namespace: the real
builtins and the standard modules the assertions name (imported here), so the
expected side of every assertion is computed where the program has never been.
Where a statement needs the program (a call of its function, one of its names),
the plan replaced that part by ``_tau_call(k, ...)``: a request to the program's
box to evaluate leaf ``k`` (with these values for the names it borrows from here)
and an answer read back as plain data (``box_codec``: no class of the program's
exists here; a callable of the program's is a stand-in that calls back; any other
object of the program's is a stand-in equal only to itself, whose ``str``,
``len``, truth, items, iteration and attributes are asked of the program's box,
as plain data again; a comparison with one, membership in it included, is
decided here, never by the program; an exception of the program's is raised
here as the builtin exception of that name, except those that end an iteration).

No exception the program raises ends an iteration of the oracle's early: an
iteration-ending exception (``StopIteration``, ``StopAsyncIteration``, a class
of the program's of either name, ``GeneratorExit``, ``SystemExit``, ...) is
raised here as :class:`ProgramError`, which nothing in the oracle's machinery
(``map``, ``filter``, ``zip``, ``itertools``, ``next(it, default)``,
``iter(f, sentinel)``) reads as "no more items": ``all(map(lambda x: f(x) ==
x * x, xs))`` fails when ``f`` raises ``StopIteration`` instead of passing over
an empty map. What the program's box sends back for its object's length,
truth, text and items must be of that kind (an int, a bool, a str, a list).
``program`` statements (assignments that bind the program's names) run in the
program's box. The comparison of an ``assert`` is Python's own, here.

The report goes to this process's stdout (which only the parent reads; the
program's box has no descriptor of it), one JSON line per statement
``{"i": n, "passed": bool[, "error": text]}``, then ``{"end": count}``; or
``{"program": "error", ...}`` first when the program did not run to its end.
An answer out of turn, malformed, too long, or missing (the program closed its
pipe, left early, or ran out of time) fails the statement that waited for it and
every one after it: silence or noise from the program is never a pass.
"""

import builtins
import json
import os
import sys

MAX_ANSWER = 64 << 20
TEXT_LIMIT = 200


class ProgramGone(BaseException):
    """The program's box stopped answering properly (a BaseException: task code catching
    Exception must not swallow it)."""


class ProgramError(Exception):
    """An exception of the program's whose type is no builtin exception, or one that would
    end an iteration of the oracle's (no subclass of StopIteration)."""


# builtin exceptions that end an iteration where they are raised: never raised here as themselves
ENDS_ITERATION = (StopIteration, StopAsyncIteration)


def program_exception(type_name, message):
    """The exception the oracle raises for one the program raised (its type's name, its text,
    which names the type again)."""
    kind = getattr(builtins, str(type_name), None)
    if (isinstance(kind, type) and issubclass(kind, Exception) and kind.__module__ == "builtins"
            and not issubclass(kind, ENDS_ITERATION)):
        try:
            return kind(message)
        except Exception:  # noqa: BLE001 - an exception type whose constructor wants more
            pass
    return ProgramError(message)


def load_codec():
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    try:
        import box_codec
    finally:
        sys.path.remove(here)
    return box_codec


def text(value):
    try:
        shown = str(value)
    except BaseException:  # noqa: BLE001 - str of a huge int raises, for one
        shown = type(value).__name__
    return shown[:TEXT_LIMIT]


class Program(object):
    """The other end of the pipes: requests out, answers in, checked and decoded."""

    def __init__(self, codec, requests, answers):
        self.codec, self.requests, self.answers = codec, requests, answers
        self.reader = codec.LineReader(answers, MAX_ANSWER)
        self.sent, self.broken = 0, ""

    def _line(self):
        try:
            line = self.reader.line()
        except self.codec.LineTooLong:
            raise ProgramGone("the program's answer is too long") from None
        if line is None:
            raise ProgramGone("the program stopped answering (it left or closed its pipe)")
        try:
            record = json.loads(line.decode("utf-8"))
        except Exception:  # noqa: BLE001 - ValueError, RecursionError, UnicodeError: noise
            raise ProgramGone("the program's answer is malformed") from None
        if not isinstance(record, dict):
            raise ProgramGone("the program's answer is malformed") from None
        return record

    def started(self):
        """None when the program ran to its end, else why not."""
        try:
            record = self._line()
        except ProgramGone as exc:
            return str(exc)
        if record == {"program": "ok"}:
            return None
        if record.get("program") == "error":
            return "the program did not run to its end: %s" % text(record.get("error"))
        return "the program's first answer is malformed"

    def ask(self, request):
        if self.broken:
            raise ProgramGone(self.broken) from None
        try:
            self.sent += 1
            request["n"] = self.sent
            data = (json.dumps(request) + "\n").encode("utf-8")
            while data:
                data = data[os.write(self.requests, data):]
            record = self._line()
            if record.get("n") != self.sent or not isinstance(record.get("ok"), bool):
                raise ProgramGone("the program answered out of turn")
        except OSError as exc:
            self.broken = "the program's pipe failed: %s" % exc.strerror
            raise ProgramGone(self.broken) from None
        except ProgramGone as exc:
            self.broken = str(exc)
            raise
        if not record["ok"]:
            raise program_exception(record.get("type"), text(record.get("error")))
        try:
            return self.codec.decode(record.get("value"), self.stand_in, opaque=self.object_stand_in)
        except Exception:  # noqa: BLE001 - the program's data, whatever is wrong with it
            raise ProgramError("the program's value cannot be read") from None

    def finish(self):
        """Tell the program's box to leave (no answer is read)."""
        try:
            os.write(self.requests, b'{"op": "end"}\n')
        except OSError:
            pass

    def object_stand_in(self, type_name, shown, ref):
        if ref is None:
            return self.codec.Opaque(type_name, shown)
        return ProgramObject(self, type_name, shown, ref)

    def about(self, template, obj, *args, kind=None):
        """Ask the program's box about one of its objects: ``template`` over ``_tau_a``; with
        ``kind``, the answer must be of that type (TypeError otherwise)."""
        value = self.ask({"op": "eval", "src": template, "args": [["ref", obj.ref]] + [self.codec.encode(a) for a in args]})
        if kind is not None and not isinstance(value, kind):
            raise TypeError("the program's %s answered %s, not %s" % (obj.type_name, type(value).__name__, kind.__name__))
        return value

    def stand_in(self, number, shown):
        program = self

        def call_back(*args, **kwargs):
            if kwargs:
                raise TypeError("keyword arguments cannot be sent to the program")
            return program.ask({"op": "call", "h": number, "args": [program.codec.encode(a) for a in args]})

        call_back.__name__ = "program_callable"
        call_back.__qualname__ = shown
        return call_back


def program_object_class(codec):
    """Another object of the program's: equal only to itself (its __eq__ is the program's to lie
    with), holding an item when one of the items it iterates equals it here (its __contains__
    is the program's to lie with), the rest asked of the program's box, whose answers are
    plain data of the kind asked for."""

    class ProgramObject(codec.Opaque):
        def __init__(self, program, type_name, shown, ref):
            codec.Opaque.__init__(self, type_name, shown, ref)
            self._program = program

        def __getattr__(self, name):
            if name.startswith("__"):
                raise AttributeError(name)
            return self._program.about("getattr(_tau_a[0], _tau_a[1])", self, name)

        def __str__(self):
            return self._program.about("str(_tau_a[0])", self, kind=str)

        def __len__(self):
            return self._program.about("len(_tau_a[0])", self, kind=int)

        def __bool__(self):
            return self._program.about("bool(_tau_a[0])", self, kind=bool)

        def __iter__(self):
            return iter(self._program.about("list(_tau_a[0])", self, kind=list))

        def __reversed__(self):
            return reversed(self._program.about("list(_tau_a[0])", self, kind=list))

        def __getitem__(self, key):
            return self._program.about("_tau_a[0][_tau_a[1]]", self, key)

        def __contains__(self, item):
            for value in self:
                if value is item or value == item:
                    return True
            return False

        __hash__ = codec.Opaque.__hash__

    return ProgramObject


ProgramObject = None


def main():
    global ProgramObject
    with open(sys.argv[1], encoding="utf-8") as stream:
        job = json.load(stream)
    codec = load_codec()
    ProgramObject = program_object_class(codec)
    import importlib

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from sandbox_bootstrap import apply_limits  # noqa: E402 - beside this file, like the codec

    sys.path.pop(0)
    apply_limits(job["limits"])
    report = os.fdopen(os.dup(1), "w", encoding="utf-8")  # the task's code prints into stderr, not the report
    os.dup2(2, 1)

    def emit(record):
        report.write(json.dumps(record) + "\n")
        report.flush()

    program = Program(codec, job["requests"], job["answers"])
    leaves = job["leaves"]
    modules = job["modules"]
    namespace = {"__name__": "__oracle__", "__builtins__": builtins}
    for name in modules:
        namespace[name] = importlib.import_module(name)

    def leaf_call(number, *args):
        return program.ask({"op": "eval", "src": leaves[number], "modules": modules,
                            "args": [codec.encode(a) for a in args]})

    namespace["_tau_call"] = leaf_call
    problem = program.started()
    if problem is not None:
        emit({"program": "error", "error": problem})
        return
    for index, statement in enumerate(job["statements"]):
        record = {"i": index, "passed": False}
        try:
            if statement["kind"] == "assert":
                record["passed"] = bool(eval(compile(statement["src"], "<assert %d>" % index, "eval"), namespace))
            elif statement["kind"] == "exec":
                exec(compile(statement["src"], "<statement %d>" % index, "exec"), namespace)
                record["passed"] = True
            else:
                args = [codec.encode(namespace[name]) for name in statement["args"]]
                program.ask({"op": "exec", "src": statement["src"], "modules": modules, "args": args})
                record["passed"] = True
        except ProgramGone as exc:
            record["error"] = text(exc)
        except BaseException as exc:  # noqa: BLE001 - the assertion fails; the verifier goes on
            record["error"] = "%s: %s" % (type(exc).__name__, text(exc))
        emit(record)
    emit({"end": len(job["statements"])})
    program.finish()


if __name__ == "__main__":
    main()
    os._exit(0)
