"""How big and how fast the HTML report is at 10,000 episodes.

    python scripts/bench_report.py [--episodes 10000]

Builds a results file of N episodes from the demo's records (run `tau-shaped demo`
first; trials renumbered so every episode is distinct), then prints: the time to
summarize and write the report, its size, and the time headless chromium takes to
load, render and paint it with the last episode open (a screenshot of ``#ep-<last>``), beside the same
figures for the demo's own report as the baseline.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tau_shaped.evaluation.results_file import read_results  # noqa: E402
from tau_shaped.report.comparison import summarize  # noqa: E402
from tau_shaped.report.html_report import write_report  # noqa: E402

DEMO = ROOT / "results" / "demo" / "replay-food_delivery-test.jsonl"


def measure(results: Path, out: Path) -> dict:
    start = time.perf_counter()
    report = write_report([summarize(results)], out)
    written = time.perf_counter() - start
    episodes = len(read_results(results))
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    loaded = None
    if chromium:
        page = report.resolve().as_uri() + f"#ep-{episodes - 1}"
        start = time.perf_counter()  # load, render and paint the page with the last episode open
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1300,1800", f"--screenshot={out}.png", page],
                       capture_output=True, timeout=300, check=True)
        loaded = time.perf_counter() - start
        dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page], capture_output=True, text=True, timeout=300).stdout
        assert 'id="episode-title"' in dom, "the episode did not open"
    return {"episodes": episodes, "write_s": written, "bytes": report.stat().st_size, "load_s": loaded}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--episodes", type=int, default=10_000)
    args = parser.parse_args()
    if not DEMO.exists():
        raise SystemExit(f"{DEMO} is missing: run `tau-shaped demo` first")
    base = read_results(DEMO)
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.jsonl"
        with open(big, "w", encoding="utf-8") as handle:
            for n in range(args.episodes):
                record = base[n % len(base)]
                handle.write(json.dumps({**record, "trial": n // len(base) * 100 + record["trial"]}) + "\n")
        small = measure(DEMO, Path(tmp) / "demo.html")
        large = measure(big, Path(tmp) / "big.html")
    for name, m in (("demo (baseline)", small), (f"{args.episodes:,} episodes", large)):
        load = f"{m['load_s']:.2f} s" if m["load_s"] is not None else "n/a (no chromium)"
        print(f"{name:>18}: {m['episodes']:>6} episodes, written in {m['write_s']:.2f} s, {m['bytes'] / 1e6:.1f} MB, "
              f"chromium load + paint with an episode open {load}")
    if small["load_s"] and large["load_s"]:
        print(f"ratio (large/demo): size {large['bytes'] / small['bytes']:.1f}x, load {large['load_s'] / small['load_s']:.1f}x "
              f"for {large['episodes'] / small['episodes']:.0f}x the episodes")


if __name__ == "__main__":
    main()
