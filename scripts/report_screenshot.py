"""Full-page screenshots of the demo report in a real browser (Debian's chromium, headless), at
a desktop's 1400 px and a phone's 390 px, with what the page measures there.

    python scripts/report_screenshot.py [RESULTS.jsonl] [--out results/demo] [--screens DIR]

Writes the report of RESULTS (default: the demo's results; run `tau-shaped demo` first) to
OUT/report.html, then for each width a PNG of the whole overview (``report-<width>.png``) and
of one episode opened (``report-<width>-episode.png``: the first where a safety gate fired and
the final state differs, else the first disagreement) in SCREENS (default: OUT). For each it
prints the page's scroll width against the viewport's, the smallest text, the size the plot
labels are shown at, and any layout problem (tests/headless_chromium.py); exits 1 if any.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tau_shaped.report.comparison import summarize  # noqa: E402
from tau_shaped.report.html_report import write_report  # noqa: E402
from tests.headless_chromium import Browser, chromium_path, layout_problems  # noqa: E402

WIDTHS = (1400, 390)


def pick_episode(report: Path) -> int:
    text = report.read_text(encoding="utf-8")
    data = json.loads(re.search(r"id='report-data'>(.*?)</script>", text, re.S).group(1).replace("<\\/", "</"))
    eps = data["episodes"]
    for test in (lambda e: e["gates"] and e["diff"], lambda e: e["verdict"] not in ("pass", "fail")):
        for e in eps:
            if test(e):
                return e["n"]
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="?", type=Path, default=ROOT / "results" / "demo" / "replay-food_delivery-test.jsonl")
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "demo")
    parser.add_argument("--screens", type=Path, default=None, help="where the PNGs go (default: --out)")
    args = parser.parse_args()
    if not args.results.is_file():
        raise SystemExit(f"{args.results}: no such results file (run `tau-shaped demo` first)")
    executable = chromium_path()
    if executable is None:
        raise SystemExit("no chromium found: apt-get install chromium")
    screens = args.screens or args.out
    screens.mkdir(parents=True, exist_ok=True)
    report = write_report([summarize(args.results)], args.out / "report.html")
    print(f"report: {report} ({report.stat().st_size:,} bytes)")
    n = pick_episode(report)
    failed = False
    browser = Browser(executable)
    try:
        for width in WIDTHS:
            for anchor, name in (("", f"report-{width}.png"), (f"#ep-{n}", f"report-{width}-episode.png")):
                page = browser.open(report.resolve().as_uri() + anchor, width=width, height=900)
                layout = page.layout()  # opens every <details>: measured, and shown in the screenshot
                problems = layout_problems(layout)
                failed |= bool(problems)
                smallest = layout["fonts"][0] if layout["fonts"] else {"px": float("nan"), "element": "-"}
                plots = ", ".join(f"{p['px']:.1f}" for p in layout["plots"]) or "none shown"
                png = page.screenshot(str(screens / name))
                print(f"{width} px{' ' + anchor if anchor else ''}: {png}\n  scrollWidth {layout['scroll']} of a "
                      f"{layout['viewport']} px viewport; smallest text {smallest['px']:.1f} px ({smallest['element']}); "
                      f"plot labels shown at {plots} px; {len(problems)} problems")
                for problem in problems:
                    print(f"  - {problem}")
    finally:
        browser.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
