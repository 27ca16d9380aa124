"""A headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``),
with nothing but the standard library: open a page at a given viewport (a phone's 390 px),
wait until its script has run, and evaluate expressions in it; measure the layout (what sticks
out or is clipped, the smallest text, the size plot labels are shown at) and take full-page
screenshots. The report's tests and scripts/report_screenshot.py use it to measure what a user
would see."""

from __future__ import annotations

import base64
import fcntl
import json
import os
import shutil
import subprocess
import tempfile
import time
from typing import Any, Dict, List, Optional

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-pipe"]


def chromium_path() -> Optional[str]:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One Chromium process; ``open`` gives a page (a target attached with a flat session)."""

    def __init__(self, executable: str, timeout: float = 60.0) -> None:
        self.timeout = timeout
        self._profile = tempfile.mkdtemp(prefix="tau-shaped-chromium-")
        to_child, self._write = os.pipe()   # the browser reads commands on its fd 3
        self._read, from_child = os.pipe()  # and writes replies on its fd 4

        def as_fds_3_and_4() -> None:  # in the child, before exec: the pipes moved above 9 first, then to 3 and 4
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_child, from_child)]
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        log = open(os.environ.get("CHROMIUM_LOG", os.devnull), "wb")
        self.process = subprocess.Popen([executable, *FLAGS, f"--user-data-dir={self._profile}", "about:blank"],
                                        close_fds=False, preexec_fn=as_fds_3_and_4, stdout=subprocess.DEVNULL, stderr=log)
        log.close()
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next = 0
        self._events: list = []

    def send(self, method: str, params: Optional[Dict[str, Any]] = None, session: Optional[str] = None) -> Dict[str, Any]:
        self._next += 1
        message: Dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._receive()
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self._events.append(reply)

    def _receive(self) -> Dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("chromium did not answer")
            chunk = os.read(self._read, 65536)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def open(self, url: str, width: int = 390, height: int = 844, mobile: Optional[bool] = None) -> "Page":
        """The page at a viewport ``width`` CSS px wide (a phone's, 390, by default); ``mobile``
        (default: under 800 px) emulates a phone: touch viewport, two device pixels a CSS px."""
        mobile = width < 800 if mobile is None else mobile
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1, "mobile": mobile}, session)
        self.send("Page.enable", {}, session)
        self.send("Page.navigate", {"url": url}, session)
        page = Page(self, session, width, height, mobile)
        page.wait_for("document.readyState === 'complete' && document.body && document.body.getAttribute('data-ready') === '1'")
        return page

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except Exception:  # noqa: BLE001 - it may already be gone
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._write)
        os.close(self._read)
        shutil.rmtree(self._profile, ignore_errors=True)


# The layout measured in the page (an expression): the page's scroll width and the viewport's;
# every rendered element that sticks out of the viewport or is cut off by a box that clips or
# scrolls sideways (unless inside an element marked ``data-scrollable``: a deliberate scroller);
# the computed font size of every rendered text (an element's own text, form controls and
# generated ::before/::after text), smallest first; and each shown plot's smallest label as
# shown: its ``data-min-font-px`` (in the image's pixels) times its shown width over its own.
# Every <details> is opened first, so what it holds is measured too.
LAYOUT = r"""(() => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const root = document.documentElement, vw = root.clientWidth;
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\s+/).join('.') : '');
  const path = e => { const out = []; for (let x = e; x && x !== document.body && out.length < 4; x = x.parentElement) out.unshift(name(x)); return out.join(' > '); };
  const clips = e => { for (let x = e.parentElement; x && x !== root; x = x.parentElement) {
    const o = getComputedStyle(x).overflowX; if (o !== 'visible') return x; } return null; };
  const out = {scroll: root.scrollWidth, viewport: vw, overflow: [], fonts: [], plots: []};
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'BR', 'TITLE', 'HEAD']);
  for (const e of document.body.querySelectorAll('*')) {
    if (skip.has(e.tagName) || !e.getClientRects().length) continue;
    const r = e.getBoundingClientRect(), style = getComputedStyle(e);
    if (style.visibility === 'hidden' || (r.width === 0 && r.height === 0)) continue;
    if (!e.closest('[data-scrollable]')) {
      if (r.right > vw + 0.5 || r.left < -0.5) out.overflow.push({element: path(e), left: r.left, right: r.right, by: 'viewport'});
      else { const box = clips(e); if (box) { const b = box.getBoundingClientRect();
        if (r.right > b.right + 0.5 || r.left < b.left - 0.5) out.overflow.push({element: path(e), left: r.left, right: r.right, by: path(box)}); } }
    }
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
      || ['INPUT', 'SELECT', 'BUTTON', 'TEXTAREA'].includes(e.tagName);
    if (own) out.fonts.push({element: path(e), px: parseFloat(style.fontSize), family: style.fontFamily,
                             text: (e.textContent || e.value || '').trim().slice(0, 40)});
    for (const pseudo of ['::before', '::after']) {
      const p = getComputedStyle(e, pseudo);
      if (p.content && !['none', 'normal', '""', "''"].includes(p.content) && p.display !== 'none')
        out.fonts.push({element: path(e) + pseudo, px: parseFloat(p.fontSize), family: p.fontFamily, text: p.content.slice(0, 40)});
    }
    if (e.tagName === 'IMG' && e.dataset.minFontPx && e.naturalWidth)
      out.plots.push({element: path(e), px: Number(e.dataset.minFontPx) * r.width / e.naturalWidth, shown: r.width, natural: e.naturalWidth});
  }
  out.fonts.sort((a, b) => a.px - b.px);
  out.plots.sort((a, b) => a.px - b.px);
  return out;
})()"""


def layout_problems(layout: Dict[str, Any], min_font: float = 14.0, min_plot_font: float = 11.0) -> List[str]:
    """What a LAYOUT measure shows is wrong: a page wider than its viewport, elements sticking
    out or clipped, text under ``min_font`` px, plot labels shown under ``min_plot_font`` px
    (a few of each, named by their element)."""
    problems = []
    if layout["scroll"] > layout["viewport"]:
        problems.append(f"the page is {layout['scroll']} px wide in a {layout['viewport']} px viewport")
    problems += [f"{o['element']} reaches {o['left']:.0f}..{o['right']:.0f} px, out of {o['by']}" for o in layout["overflow"][:8]]
    if len(layout["overflow"]) > 8:
        problems.append(f"... {len(layout['overflow']) - 8} more elements out of view")
    small = [f for f in layout["fonts"] if f["px"] < min_font - 0.01]
    problems += [f"{f['element']} ({f['text']!r}) is {f['px']:.1f} px" for f in small[:8]]
    if len(small) > 8:
        problems.append(f"... {len(small) - 8} more texts under {min_font} px")
    problems += [f"{p['element']}: labels shown at {p['px']:.1f} px" for p in layout["plots"] if p["px"] < min_plot_font - 0.01]
    return problems


class Page:
    def __init__(self, browser: Browser, session: str, width: int = 390, height: int = 844, mobile: bool = True) -> None:
        self.browser, self.session = browser, session
        self.width, self.height, self.mobile = width, height, mobile

    def evaluate(self, expression: str) -> Any:
        result = self.browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                                   self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, condition: str, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not self.evaluate(f"!!({condition})"):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the page never had {condition}")
            time.sleep(0.05)

    def widths(self) -> Dict[str, int]:
        """The page's scroll width and the viewport's width, in CSS pixels."""
        return self.evaluate("({scroll: document.documentElement.scrollWidth, viewport: window.innerWidth,"
                             " client: document.documentElement.clientWidth})")

    def layout(self) -> Dict[str, Any]:
        """The LAYOUT measure of the page as it is now (its <details> opened)."""
        return self.evaluate(LAYOUT)

    def screenshot(self, target: str, scale: float = 1.0) -> str:
        """The whole page (not only the viewport) as a PNG at ``target``, ``scale`` device pixels
        a CSS px."""
        size = self.evaluate("({w: document.documentElement.clientWidth, h: document.documentElement.scrollHeight})")
        shot = self.browser.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                             "clip": {"x": 0, "y": 0, "width": size["w"], "height": size["h"], "scale": scale}},
                                 self.session)
        with open(target, "wb") as handle:
            handle.write(base64.b64decode(shot["data"]))
        return target
