"""Dashboard benchmark, run on demand (`python -m flatlab.ui.bench`), never as a test.

Measures, with Debian's headless Chromium against `flatlab serve` on 127.0.0.1:

- time from opening the Flash Point dashboard to the board being drawn, with a
  preheated kernel (voila.json as published) and cold (preheating off);
- bytes per page load: HTTP bodies and websocket frames, until the board is drawn
  and the page is quiet; and what the probability panel adds when it first
  appears (plotly's FigureWidget front end);
- click-to-redraw latency in the page (click on a space -> Python -> new SVG in
  the DOM, and after the next frame), median and 90th percentile over `--clicks`
  clicks, and the same for an ipywidgets button (Undo); with clicks `--pause` ms
  apart, as a person clicks, and back to back;
- the snapshot's size per step (compact JSON) over a whole bot game, overlay off and on.

Targets (the issue's): board drawn within 1.5 s preheated and 4 s cold; click-to-redraw
under 60 ms median.
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import flatlab

from .browser import dashboard_server, launch
from .flash_point import FlashPointBoard

DASHBOARD = "voila/render/flash-point.ipynb"
DRAWN = ".fl-svg [data-target]"
FILLED = re.compile(r"Kernel pool of flash-point\.ipynb is filled")

# click a space (or a button); once `done` matches, resolve with [ms to the new DOM, ms to after
# the next frame (a task queued from requestAnimationFrame runs once that frame is produced)]
CLICK_TO_PAINT = """async ([target, button, done]) => {
  const view = document.querySelector('.fl-view');
  const el = target ? view.querySelector(`[data-target="${target}"]`)
    : [...document.querySelectorAll('button')].find(b => b.textContent === button);
  return await new Promise(resolve => {
    const t0 = performance.now();
    const seen = new MutationObserver(() => {
      if (!document.querySelector(done)) return;
      seen.disconnect();
      const dom = performance.now() - t0;
      requestAnimationFrame(() => setTimeout(() => resolve([dom, performance.now() - t0])));
    });
    seen.observe(view, { childList: true, subtree: true });
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
}"""


# bytes of every HTTP body the page loaded (the page itself and its resources, all same-origin)
HTTP_BYTES = """() => ['navigation', 'resource'].flatMap(t => performance.getEntriesByType(t))
  .reduce((sum, e) => sum + e.encodedBodySize, 0)"""


def _p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def snapshot_sizes(seed: int = 1) -> dict[str, Any]:
    """Compact-JSON size of the snapshot after every change of a whole heuristic-bot game."""
    from ..games.flash_point.bots import heuristic_policy

    figures = {}
    for overlay in (False, True):
        g = flatlab.new_game("flash-point", players=3, seed=seed)
        board = FlashPointBoard(g, overlay=overlay)
        sizes, times = [], []
        policy = heuristic_policy(seed)
        while not g.over:
            t = time.perf_counter()
            if g.situation == "decision":
                g.act(policy(g))
            else:
                g.step()
            times.append((time.perf_counter() - t) * 1000)
            sizes.append(len(json.dumps(board.snapshot, separators=(",", ":"))))
        figures[overlay] = (sizes, times)
        board.close()
    return figures


class Page:
    """One dashboard page load, with its timings and byte counts."""

    def __init__(self, browser: Any, url: str):
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.http = self.ws = 0
        self.outside: list[str] = []
        self.page.on("request", self._request)
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        t = time.perf_counter()
        self.page.goto(url, wait_until="commit", timeout=120_000)
        self.page.wait_for_selector(DRAWN, timeout=120_000)
        self.drawn = time.perf_counter() - t
        self.page.wait_for_load_state("networkidle")
        self.page.wait_for_timeout(1000)
        self.http = self.page.evaluate(HTTP_BYTES)

    def _request(self, request: Any) -> None:
        if not request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "blob:", "data:")):
            self.outside.append(request.url)

    def _frame(self, payload: str | bytes) -> None:
        self.ws += len(payload)

    def click(self, target: str | None, button: str | None, done: str) -> tuple[float, float]:
        return tuple(self.page.evaluate(CLICK_TO_PAINT, [target, button, done]))

    def close(self) -> None:
        self.context.close()


def _wait_refilled(log: Path, count: int, timeout: float = 120) -> int:
    """Wait until Voilà has reported `count` fills of the dashboard's kernel pool."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        filled = len(FILLED.findall(log.read_text(errors="replace")))
        if filled >= count:
            return filled
        time.sleep(0.25)
    raise TimeoutError("the kernel pool was not refilled")


def loads(browser: Any, url: str, n: int, log: Path | None) -> list[Page]:
    pages = []
    filled = 1
    for _ in range(n):
        if log:
            _wait_refilled(log, filled)
            time.sleep(1)  # let the refilled kernel settle, as between two visitors
        page = Page(browser, f"{url}/{DASHBOARD}")
        page.close()
        pages.append(page)
        filled += 1
    return pages


def clicks(browser: Any, url: str, n: int, pause_ms: int) -> tuple[dict, int, float]:
    """Click-to-redraw for a space and for the Undo button; plus the panel's first appearance.

    Clicks come `pause_ms` apart (a person clicks a few times a second; with 0, each click
    also waits for the work the previous one left: repainting, the plotly panel's update).
    """
    page = Page(browser, f"{url}/{DASHBOARD}")
    for i, cell in enumerate(("[3,0]", "[0,4]")):
        page.click(cell, None, f'[data-target="{cell}"][data-ff="{i}"]')
    before, t = page.ws, time.perf_counter()
    page.click("[7,3]", None, '[data-target="[7,3]"][data-ff="2"]')
    page.page.wait_for_selector(".js-plotly-plot .bartext", timeout=120_000)
    panel_s, panel_bytes = time.perf_counter() - t, page.ws - before
    times: dict[str, list[tuple[float, float]]] = {"click on a space": [], "Undo button": []}
    for _ in range(n):
        page.page.wait_for_timeout(pause_ms)
        times["click on a space"].append(page.click("[2,0]", None, '[data-target="[2,0]"][data-ff="0"]'))
        page.page.wait_for_timeout(pause_ms)
        times["Undo button"].append(page.click(None, "Undo", '[data-target="[3,0]"][data-ff="0"]'))
    page.close()
    return times, panel_bytes, panel_s


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m flatlab.ui.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads per kind (preheated, cold)")
    parser.add_argument("--clicks", type=int, default=50, help="clicks per measurement")
    parser.add_argument("--pause", type=int, default=300, help="ms between two clicks of a person")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print(f"flatlab dashboard bench · Python {platform.python_version()} · {platform.machine()}")
    for overlay, (sizes, times) in snapshot_sizes().items():
        print(f"snapshot per step (overlay {'on' if overlay else 'off'}): "
              f"mean {statistics.fmean(sizes):,.0f} B, max {max(sizes):,} B over {len(sizes)} steps; "
              f"step + refresh mean {statistics.fmean(times):.2f} ms")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = launch(p)
        log_path = Path(tmp) / "voila.log"
        with open(log_path, "w") as log, dashboard_server(log=log) as url:
            warm = loads(browser, url, args.loads, log_path)
            _wait_refilled(log_path, args.loads + 1)
            paced, panel_bytes, panel_s = clicks(browser, url, args.clicks, args.pause)
            _wait_refilled(log_path, args.loads + 2)
            rushed, _, _ = clicks(browser, url, args.clicks, 0)
        with dashboard_server("--VoilaConfiguration.preheat_kernel=False") as url:
            cold = loads(browser, url, args.loads, None)
        browser.close()
    for name, pages in (("preheated", warm), ("cold", cold)):
        drawn = [pg.drawn for pg in pages]
        http, ws = statistics.median(pg.http for pg in pages), statistics.median(pg.ws for pg in pages)
        print(f"board drawn, {name:9}: median {statistics.median(drawn):.2f} s, max {max(drawn):.2f} s "
              f"({len(drawn)} loads); per load {http / 1e6:.2f} MB HTTP, {ws / 1e3:.0f} kB websocket")
    print(f"probability panel, first shown: {panel_s:.2f} s after the click, "
          f"{panel_bytes / 1e6:.2f} MB over the websocket (plotly's FigureWidget)")
    for pace, results in ((f"{args.pause} ms apart", paced), ("back to back", rushed)):
        for name, times in results.items():
            dom, paint = [t[0] for t in times], [t[1] for t in times]
            print(f"click-to-redraw, {name}, {pace}: new SVG in the DOM median "
                  f"{statistics.median(dom):.1f} ms, p90 {_p90(dom):.1f} ms; painted median "
                  f"{statistics.median(paint):.1f} ms, "
                  f"p90 {_p90(paint):.1f} ms ({len(times)} clicks)")
    outside = [u for pg in warm + cold for u in pg.outside]
    print(f"requests outside 127.0.0.1: {len(outside)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
