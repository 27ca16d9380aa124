"""Values as plain data between the program's box and the oracle's box (standard library only).

This file is handed into both boxes (``/box/box_codec.py``) and imported by
their harnesses, so it must stay compatible with Python 3.8+ and import
nothing of the project. Only plain data crosses: :func:`encode` turns a value
into tagged JSON, :func:`decode` rebuilds it from builtin types alone, so no
class of the program ever exists on the oracle's side (an ``int`` subclass with
a lying ``__eq__`` arrives as a plain ``int``).

Tags: ``None``/``true``/``false``/strings as themselves; ``["i", hex]`` int,
``["f", hex]`` float, ``["c", re, im]`` complex, ``["b"|"ba", hex]`` bytes,
``["l"|"t"|"s"|"fs", items]`` list/tuple/set/frozenset, ``["d", pairs]`` dict,
``["r", start, stop, step]`` range, ``["it", items]`` an iterator (exhausted
into its items, at most :data:`MAX_ITEMS`), ``["h", n, repr]`` a callable the
sender keeps (the receiver may call it back), ``["o", type, repr, n]`` any other
object the sender keeps (equal only to itself; sent back, it is the sender's
object again), ``["ref", n]`` one of the receiver's own objects sent back.
"""

import os

MAX_DEPTH = 100
MAX_ITEMS = 1000000
REPR_LIMIT = 200


class LineTooLong(ValueError):
    """A line on a box's pipe longer than the reader's limit."""


class LineReader(object):
    """Newline-ended lines from a descriptor (the pipes between the boxes), each at most
    ``limit`` bytes, read in chunks."""

    def __init__(self, fd, limit):
        self.fd, self.limit, self.buffer = fd, limit, bytearray()

    def line(self):
        """The next line without its newline, or None once the pipe is closed with no line
        left; :class:`LineTooLong` past the limit."""
        scanned = 0
        while True:
            end = self.buffer.find(b"\n", scanned)
            if end >= 0:
                break
            scanned = len(self.buffer)
            if scanned > self.limit:
                raise LineTooLong("a line is longer than %d bytes" % self.limit)
            chunk = os.read(self.fd, 1 << 20)
            if not chunk:
                return None
            self.buffer += chunk
        line = bytes(self.buffer[:end])
        del self.buffer[:end + 1]
        return line


class Opaque(object):
    """Another process's object that is not plain data: equal only to itself."""

    def __init__(self, type_name, shown, ref=None):
        self.type_name, self.shown, self.ref = type_name, shown, ref

    def __repr__(self):
        return "<%s %s>" % (self.type_name, self.shown)


def _shown(value):
    try:
        text = repr(value)[:REPR_LIMIT]
    except BaseException:  # noqa: BLE001 - a program's __repr__ may do anything
        return "?"
    return text if isinstance(text, str) else "?"


def encode(value, keep=None, depth=0):
    """The tagged form of ``value``; ``keep(obj) -> n`` registers objects that are not data
    (without it they go as opaque objects nobody can send back)."""
    if depth > MAX_DEPTH:
        raise ValueError("the value is nested too deeply to send")
    if value is None or value is True or value is False:
        return value
    deeper = depth + 1

    def items(iterator):
        return [encode(item, keep, deeper) for item in iterator]

    if isinstance(value, Opaque) and value.ref is not None and keep is None:
        return ["ref", value.ref]
    if isinstance(value, int):
        return ["i", int.__format__(value, "x")]
    if isinstance(value, float):
        return ["f", float.hex(value)]
    if isinstance(value, complex):
        return ["c", float.hex(value.real), float.hex(value.imag)]
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, (bytes, bytearray)):
        return ["ba" if isinstance(value, bytearray) else "b", bytes(value).hex()]
    if isinstance(value, list):
        return ["l", items(list.__iter__(value))]
    if isinstance(value, tuple):
        return ["t", items(tuple.__iter__(value))]
    if isinstance(value, frozenset):
        return ["fs", items(frozenset.__iter__(value))]
    if isinstance(value, set):
        return ["s", items(set.__iter__(value))]
    if isinstance(value, dict):
        return ["d", [[encode(k, keep, deeper), encode(v, keep, deeper)] for k, v in dict.items(value)]]
    if isinstance(value, range):
        return ["r", encode(value.start), encode(value.stop), encode(value.step)]
    kind = type(value)
    if getattr(kind, "__next__", None) is not None and getattr(kind, "__iter__", None) is not None:
        collected = []
        for item in value:
            if len(collected) >= MAX_ITEMS:
                raise ValueError("the iterator yields more than %d items" % MAX_ITEMS)
            collected.append(encode(item, keep, deeper))
        return ["it", collected]
    if keep is None:
        return ["o", kind.__name__, _shown(value), None]
    if callable(value) and not isinstance(value, type):
        return ["h", keep(value), _shown(value)]
    return ["o", kind.__name__, _shown(value), keep(value)]


def decode(tagged, handle=None, refer=None, depth=0, opaque=Opaque):
    """Rebuild a value from plain data: builtin types, :class:`Opaque`, iterators over lists.

    ``handle(n, shown)`` makes the stand-in for a callable the sender keeps, ``refer(n)``
    returns the receiver's own object ``n`` (both optional: without them those tags fail),
    ``opaque(type, shown, n)`` the stand-in for another object it keeps."""
    if depth > MAX_DEPTH:
        raise ValueError("nested too deeply")
    if tagged is None or isinstance(tagged, (bool, str)):
        return tagged
    if not isinstance(tagged, list) or not tagged or not isinstance(tagged[0], str):
        raise ValueError("malformed value")
    tag, rest = tagged[0], tagged[1:]

    def items(raw):
        if not isinstance(raw, list):
            raise ValueError("malformed items")
        return [decode(v, handle, refer, depth + 1, opaque) for v in raw]

    if tag == "i":
        return int(rest[0], 16)
    if tag == "f":
        return float.fromhex(rest[0])
    if tag == "c":
        return complex(float.fromhex(rest[0]), float.fromhex(rest[1]))
    if tag in ("b", "ba"):
        return (bytes if tag == "b" else bytearray)(bytes.fromhex(rest[0]))
    if tag in ("l", "t", "s", "fs"):
        return {"l": list, "t": tuple, "s": set, "fs": frozenset}[tag](items(rest[0]))
    if tag == "d":
        return dict((decode(k, handle, refer, depth + 1, opaque), decode(v, handle, refer, depth + 1, opaque)) for k, v in rest[0])
    if tag == "r":
        return range(*[decode(v, depth=depth + 1) for v in rest[:3]])
    if tag == "it":
        return iter(items(rest[0]))
    if tag == "h" and handle is not None:
        return handle(int(rest[0]), str(rest[1])[:REPR_LIMIT])
    if tag in ("o", "h"):
        ref = rest[-1] if tag == "o" else rest[0]
        return opaque(str(rest[0] if tag == "o" else "function")[:100], str(rest[1])[:REPR_LIMIT],
                      ref if isinstance(ref, int) and not isinstance(ref, bool) else None)
    if tag == "ref" and refer is not None:
        return refer(int(rest[0]))
    raise ValueError("unknown tag %r" % (tag,))
