"""A real browser against a local dashboard server, for the browser tests and the benchmark.

- Debian's Chromium (`/usr/bin/chromium`) driven by Playwright with `executable_path`:
  Playwright cannot download its own browsers here. The flags are the ones that
  run headless on this kind of machine.
- `flatlab serve` on a free port of 127.0.0.1, stopped at the end together with
  every process it started (Voilà's kernels run in sessions of their own, so they
  are tracked by parentage, not by process group).
- A route guard: every request is checked, and any that would leave 127.0.0.1 is
  refused and recorded, so a test can assert that nothing comes from a CDN.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlsplit

from .serve import ROOT

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LOCAL = "127.0.0.1"


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)


def local_only(page: Any, outside: list[str]) -> None:
    """Let only requests (and websockets) to 127.0.0.1 through; record the others in `outside`."""
    def route(r: Any) -> None:
        if urlsplit(r.request.url).hostname == LOCAL:
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("websocket", lambda ws: urlsplit(ws.url).hostname == LOCAL or outside.append(ws.url))


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCAL, 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the dashboard server exited with code {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex((LOCAL, port)) == 0:
                return
        time.sleep(0.2)
    raise TimeoutError(f"the dashboard server did not listen on port {port} within {timeout:.0f} s")


def _descendants(pid: int) -> set[int]:
    """Every process below `pid` (Linux /proc), kernels included."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # it has just exited
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])  # the field after the state, past "(name)"
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _alive(pids: set[int]) -> set[int]:
    alive = set()
    for pid in pids:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        alive.add(pid)
    return alive


@contextmanager
def dashboard_server(*voila_options: str, log: IO | None = None, timeout: float = 90) -> Iterator[str]:
    """`flatlab serve` on a free port; yields its base URL; stops it and all it started.

    Raises RuntimeError at the end if any process of it had to be killed.
    """
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "flatlab", "serve", f"--port={port}", *voila_options],
                            cwd=ROOT, stdout=log or subprocess.DEVNULL, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)
    try:
        _wait_port(port, proc, timeout)
        yield f"http://{LOCAL}:{port}"
    finally:
        family = _descendants(proc.pid)
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
        deadline = time.monotonic() + 15
        while _alive(family) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = _alive(family)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
    if left:
        raise RuntimeError(f"the dashboard server left {len(left)} process(es) running: {sorted(left)}")
