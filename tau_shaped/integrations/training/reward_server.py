"""The HTTP half of a reward server: a POSTed JSON body in, a JSON answer out, up under load and abuse.

``HttpRewardServer(answer=...)`` serves ``answer(body)`` (``body`` a parsed JSON value) on
``host:port``, stdlib only; ``openrlhf_adapter.RewardServer`` is it with OpenRLHF's request shape.
HTTP/1.0, one request a connection. Each limit is an argument:

- ``backlog`` (``BACKLOG``): connections the kernel queues until they are accepted (the stdlib's
  default of 5 reset clients at 32 at once);
- ``max_connections`` (``MAX_CONNECTIONS``): connections read, scored or answered at once, one
  thread each. One more is answered ``503`` with ``Retry-After`` and closed once the client has
  read it (its request is read and dropped), never reset; only past ``MAX_REFUSING`` such
  refusals at once is a connection closed unanswered;
- ``workers`` (``WORKERS``): the threads that run ``answer``, first come first served (scoring is
  CPU-bound Python under one interpreter lock: a few threads keep one large batch from holding up
  the rest, more would only share the lock less fairly);
- ``max_body_bytes`` (``MAX_BODY_BYTES``): a larger ``Content-Length`` is a ``413`` before any of the
  body is kept (what the client sends is read and dropped, so it reads the answer); a chunked
  body, whose size is not said, a ``411``. The body is read in chunks into one growing buffer,
  decoded, then parsed, each step freeing the last: a large body costs about twice its size;
- ``request_timeout`` (``REQUEST_TIMEOUT``): the seconds a client has to send its whole request,
  and again to take the answer, silent or not: a client that sends a byte at a time (slow-loris)
  is answered ``408`` and closed when they run out, and holds no scoring worker meanwhile.

Every answer is one-line JSON: ``answer``'s result (200), or ``{"error": ...}`` with status
``exc.status`` for a ``BadRequest``, 400 for one of ``client_errors``, 500 for anything else; a
method other than POST is a 405, a malformed request line or header a 400 (an unknown method 501),
and the limits' 408, 411, 413 and 503 above. ``finite_number`` is the check of a number in a
request (a JSON number a float holds: 400 otherwise).
"""

from __future__ import annotations

import json
import math
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any, Callable, Dict, Optional, Tuple, Type

from tau_shaped.env.json_input import MAX_DEPTH, one_line
from tau_shaped.env.model_text import too_deep

#: The largest request body read (a batch of completions); a longer one is a 413.
MAX_BODY_BYTES = 256 * 1024 * 1024
BACKLOG = 1024  # the kernel caps it at net.core.somaxconn (4096 on recent Linux)
MAX_CONNECTIONS = 256
WORKERS = 4
REQUEST_TIMEOUT = 60.0
#: Connections being refused (503) at once; one more is closed unanswered.
MAX_REFUSING = 64
RETRY_AFTER_S = 1
READ_CHUNK = 1024 * 1024
#: How long a refused or 413'd client may take to finish sending and read its answer.
DRAIN_TIMEOUT = 2.0


class BadRequest(ValueError):
    """A request the server refuses (its message is one line); ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def parse_json_text(text: str, what: str) -> Any:
    """JSON text of a request, nested at most ``MAX_DEPTH`` levels (scanned before parsing)."""
    if too_deep(text, MAX_DEPTH):
        raise BadRequest(f"{what} nests more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadRequest(f"{what} is not JSON: {exc}") from None


def finite_number(value: Any, what: str) -> Any:
    """``value`` if it is a JSON number a float holds (not a bool, a string, NaN, an infinity or an
    integer past a float's range), else ``BadRequest`` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BadRequest(f"{what} is {type(value).__name__} {one_line(repr(value))[:40]}, not a number")
    try:
        number = float(value)
    except OverflowError:
        raise BadRequest(f"{what} is an integer of {value.bit_length():,} bits, past a float's range") from None
    if not math.isfinite(number):
        raise BadRequest(f"{what} is {number}, not a finite number")
    return value


def error_answer(exc: BaseException) -> Dict[str, str]:
    """The one-line ``{"error": ...}`` of an exception."""
    message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
    return {"error": one_line(f"{type(exc).__name__}: {message}")[:2000]}


def _response(status: int, answer: Dict[str, Any], extra_headers: str = "") -> bytes:
    """A whole HTTP/1.0 response, headers and body in one buffer (one send: no delayed-ACK stall)."""
    data = json.dumps(answer).encode()
    reason = BaseHTTPRequestHandler.responses.get(status, ("",))[0]
    head = (f"HTTP/1.0 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
            f"{extra_headers}Connection: close\r\n\r\n")
    return head.encode("latin-1") + data


class _Deadlines:
    """Ends the wait of a connection whose request (or answer) is overdue: one thread for all."""

    def __init__(self, period: float) -> None:
        self._lock = threading.Lock()
        self._due: Dict["_Handler", Tuple[float, int]] = {}
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(period,), name="tau-shaped-rm-deadlines", daemon=True)
        self._thread.start()

    def arm(self, handler: "_Handler", seconds: float, how: int) -> None:
        with self._lock:
            self._due[handler] = (time.monotonic() + seconds, how)

    def disarm(self, handler: "_Handler") -> None:
        with self._lock:
            self._due.pop(handler, None)

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join()

    def _run(self, period: float) -> None:
        while not self._stopped.wait(period):
            now = time.monotonic()
            with self._lock:
                overdue = [(h, how) for h, (due, how) in self._due.items() if due <= now]
                for handler, _ in overdue:
                    del self._due[handler]
            for handler, how in overdue:
                handler.expired = True
                try:  # a blocked read returns end-of-file, a blocked write fails: the handler answers or leaves
                    handler.connection.shutdown(how)
                except OSError:
                    pass


class _Handler(BaseHTTPRequestHandler):
    server: "_Server"
    disable_nagle_algorithm = True
    wbufsize = 64 * 1024  # the status line, headers and a small body leave in one send

    def setup(self) -> None:
        self.expired = self.answered = False
        self.unread = 0  # body bytes left unread when answering early: read and dropped after the answer
        self.timeout = 2 * self.server.request_timeout + 1  # each read or write: the deadline (sooner) bounds them all
        super().setup()
        self.server.deadlines.arm(self, self.server.request_timeout, socket.SHUT_RD)

    def finish(self) -> None:
        self.server.deadlines.disarm(self)
        try:
            super().finish()
        except OSError:
            pass

    def handle(self) -> None:
        self.close_connection = True
        self.handle_one_request()
        if self.expired and not self.answered:  # the request line or headers were still arriving
            self._answer(408, {"error": self._late()})

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        try:
            body = self._read_body()
            self.server.deadlines.disarm(self)  # scoring is the server's own time
            answer, status = self.server.pool.submit(self.server.answer, body).result(), 200
        except BadRequest as exc:
            answer, status = error_answer(exc), exc.status
        except self.server.client_errors as exc:
            answer, status = error_answer(exc), 400
        except Exception as exc:  # noqa: BLE001 - the server answers every request and stays up
            answer, status = error_answer(exc), 500
        self._answer(status, answer)

    def _read_body(self) -> Any:
        """The request's JSON body: size checked, read in chunks, decoded, parsed (see the module docstring)."""
        if self.headers.get("Transfer-Encoding"):
            self.unread = self.server.max_body_bytes
            raise BadRequest("a body without Content-Length (chunked) is not read: send its Content-Length", 411)
        length = self.headers.get("Content-Length")
        try:
            size = int(length) if length is not None else 0
        except ValueError:
            self.unread = self.server.max_body_bytes
            raise BadRequest(f"Content-Length {length[:40]!r} is not a number") from None
        if size < 0:
            raise BadRequest("Content-Length is negative")
        limit = self.server.max_body_bytes
        if size > limit:
            self.unread = size
            raise BadRequest(f"the body's {size:,} bytes are over the {limit:,}-byte limit", 413)
        return parse_json_text(self._read_text(size), "the body")

    def _read_text(self, size: int) -> str:
        buffer = bytearray()
        try:
            while len(buffer) < size:
                chunk = self.rfile.read1(min(READ_CHUNK, size - len(buffer)))
                if not chunk:
                    break
                buffer += chunk
        except TimeoutError:
            self.expired = True
        if len(buffer) < size:
            if self.expired:
                raise BadRequest(self._late(), 408)
            raise BadRequest(f"the body ended after {len(buffer):,} of its {size:,} bytes")
        try:
            return buffer.decode("utf-8") if buffer else "{}"
        except UnicodeDecodeError as exc:
            raise BadRequest(f"the body is not UTF-8 (byte {exc.start})") from None

    def _late(self) -> str:
        return f"RequestTimeout: the request did not arrive within {self.server.request_timeout:g} s"

    def _answer(self, status: int, answer: Dict[str, Any]) -> None:
        self.answered = True
        self.server.deadlines.arm(self, self.server.request_timeout, socket.SHUT_RDWR)
        try:
            self.wfile.write(_response(status, answer))
            self.wfile.flush()
        except OSError:  # the client left: nobody to answer
            return
        if self.unread:  # the client may still be sending: closing now would reset it before it reads the answer
            _drop_input(self.connection, self.unread, self.rfile)

    def send_error(self, code: int, message: Optional[str] = None, explain: Optional[str] = None) -> None:
        """A malformed request line or header (http.server's own checks), as one-line JSON."""
        if self.expired:
            self._answer(408, {"error": self._late()})
            return
        reason = message or self.responses.get(code, ("",))[0]
        self._answer(code, {"error": one_line(f"BadRequest: {reason}")[:2000]})

    def _not_allowed(self) -> None:
        self._answer(405, {"error": f"method {self.command} not allowed: POST a JSON body to /get_reward"})

    do_GET = do_PUT = do_DELETE = do_PATCH = _not_allowed  # noqa: N815

    def log_message(self, format: str, *args: Any) -> None:  # quiet: a trainer posts thousands of requests
        return


def _drop_input(sock: socket.socket, limit: int, rfile: Any = None) -> None:
    """Read and drop what the client still sends (at most ``limit`` bytes, ``DRAIN_TIMEOUT`` seconds),
    so closing does not reset a connection whose client has yet to read its answer."""
    deadline = time.monotonic() + DRAIN_TIMEOUT
    try:
        sock.shutdown(socket.SHUT_WR)
        sock.settimeout(DRAIN_TIMEOUT)
        while limit > 0 and time.monotonic() < deadline:
            chunk = rfile.read1(min(READ_CHUNK, limit)) if rfile is not None else sock.recv(min(READ_CHUNK, limit))
            if not chunk:
                return
            limit -= len(chunk)
    except OSError:
        return


class _Server(HTTPServer):
    def __init__(self, address: Tuple[str, int], answer: Callable[[Any], Dict[str, Any]], *,
                 client_errors: Tuple[Type[BaseException], ...], backlog: int, max_connections: int, workers: int,
                 max_body_bytes: int, request_timeout: float) -> None:
        self.request_queue_size = backlog
        super().__init__(address, _Handler, bind_and_activate=False)
        try:
            self.server_bind()
            self.server_activate()
        except BaseException:
            self.server_close()
            raise
        self.answer, self.client_errors = answer, client_errors
        self.max_body_bytes, self.request_timeout = max_body_bytes, request_timeout
        self.max_connections, self.serving = max_connections, 0
        self.slots = threading.BoundedSemaphore(max_connections)
        self.count_lock = threading.Lock()
        self.refusing = threading.BoundedSemaphore(MAX_REFUSING)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tau-shaped-rm-score")
        self.deadlines = _Deadlines(period=min(0.25, request_timeout / 4))

    def process_request(self, request: Any, client_address: Any) -> None:
        if self.slots.acquire(blocking=False):
            with self.count_lock:
                self.serving += 1
            target: Callable[..., None] = self._serve
        elif self.refusing.acquire(blocking=False):
            target = self._refuse
        else:  # past every bound: closed unanswered
            self.shutdown_request(request)
            return
        threading.Thread(target=target, args=(request, client_address), daemon=True).start()

    def _serve(self, request: Any, client_address: Any) -> None:
        try:
            self.finish_request(request, client_address)
        except Exception:  # noqa: BLE001 - a connection that broke is the client's business
            pass
        finally:
            self.shutdown_request(request)
            with self.count_lock:
                self.serving -= 1
            self.slots.release()

    def _refuse(self, request: socket.socket, client_address: Any) -> None:
        busy = {"error": f"ServerBusy: the server is serving its {self.max_connections} connections: "
                         f"retry in {RETRY_AFTER_S} s"}
        try:
            request.settimeout(DRAIN_TIMEOUT)
            request.sendall(_response(503, busy, f"Retry-After: {RETRY_AFTER_S}\r\n"))
            _drop_input(request, self.max_body_bytes + 65536)
        except OSError:
            pass
        finally:
            request.close()
            self.refusing.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        return  # a connection that broke (the client left mid-request) is the client's business

    def close(self) -> None:
        self.server_close()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.deadlines.stop()


class HttpRewardServer:
    """``answer`` served on ``host:port`` (port 0: any free port; see ``url``) within the module's limits."""

    def __init__(self, host: str = "127.0.0.1", port: int = 5000, *, answer: Callable[[Any], Dict[str, Any]],
                 client_errors: Tuple[Type[BaseException], ...] = (), max_body_bytes: int = MAX_BODY_BYTES,
                 max_connections: int = MAX_CONNECTIONS, workers: int = WORKERS,
                 request_timeout: float = REQUEST_TIMEOUT, backlog: int = BACKLOG) -> None:
        for name, value in (("max_connections", max_connections), ("workers", workers), ("backlog", backlog),
                            ("max_body_bytes", max_body_bytes + 1), ("request_timeout", request_timeout)):
            if not value > 0:
                raise ValueError(f"{name} must be positive, not {value!r}")
        self.httpd = _Server((host, port), answer, client_errors=client_errors, backlog=backlog,
                             max_connections=max_connections, workers=workers, max_body_bytes=max_body_bytes,
                             request_timeout=request_timeout)
        self.thread: Optional[threading.Thread] = None

    @property
    def connections(self) -> int:
        """The connections being served now (at most ``max_connections``)."""
        return self.httpd.serving

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/get_reward"

    def start(self) -> "HttpRewardServer":
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="tau-shaped-rm", daemon=True)
        self.thread.start()
        return self

    def serve_forever(self) -> None:
        self.httpd.serve_forever()

    def stop(self) -> None:
        if self.thread is not None:  # serve_forever runs there: end it (shutdown waits for it)
            self.httpd.shutdown()
        self.httpd.close()
        if self.thread is not None:
            self.thread.join()
