"""Screenshots of the demo report in a real browser (Debian's chromium, headless).

    python scripts/report_screenshot.py [RESULTS.jsonl] [--out results/demo]

Writes the report of RESULTS (default: the demo's results; run `tau-shaped demo` first),
then two PNGs: the overview, and one episode opened (the first where a safety gate fired
and the final state differs, else the first disagreement), and prints their paths.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tau_shaped.report.comparison import summarize  # noqa: E402
from tau_shaped.report.html_report import write_report  # noqa: E402


def browser() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("no chromium found: apt-get install chromium")


def shoot(report: Path, anchor: str, png: Path, height: int) -> None:
    subprocess.run([browser(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--window-size=1300,{height}",
                    f"--screenshot={png}", report.resolve().as_uri() + anchor], check=True, capture_output=True, timeout=120)


def pick_episode(report: Path) -> int:
    text = report.read_text(encoding="utf-8")
    data = json.loads(re.search(r"id='report-data'>(.*?)</script>", text, re.S).group(1).replace("<\\/", "</"))
    eps = data["episodes"]
    for test in (lambda e: e["gates"] and e["diff"], lambda e: e["verdict"] not in ("pass", "fail")):
        for e in eps:
            if test(e):
                return e["n"]
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("results", nargs="?", type=Path, default=ROOT / "results" / "demo" / "replay-food_delivery-test.jsonl")
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "demo")
    args = parser.parse_args()
    report = write_report([summarize(args.results)], args.out / "report.html")
    n = pick_episode(report)
    overview, episode = args.out / "report-overview.png", args.out / "report-episode.png"
    shoot(report, "", overview, 2400)
    shoot(report, f"#ep-{n}", episode, 1800)
    print(f"report: {report} ({report.stat().st_size:,} bytes)\noverview: {overview}\nepisode {n}: {episode}")


if __name__ == "__main__":
    main()
