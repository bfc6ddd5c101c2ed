"""Publishing: `flatlab serve` (Voilà on the dashboards) and `flatlab lab` (JupyterLab on tutorials/).

Both run from a checkout: the notebooks and `voila.json` live in the
repository, not in the wheel. Voilà reads `voila.json` from its working
directory, so the server starts in the repository root; it finds flatlab's
template (`share/jupyter/voila/templates/flatlab`, nothing loaded from a CDN)
through JUPYTER_PATH, or among the data files of an installed wheel.
Both listen on 127.0.0.1 only.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository root, in a checkout
DASHBOARDS = ROOT / "notebooks" / "dashboards"
TUTORIALS = ROOT / "tutorials"
SHARE = ROOT / "share" / "jupyter"
GALLERY = "voila/render/index.ipynb"


def _checkout_folder(folder: Path) -> Path:
    if not folder.is_dir():
        raise ValueError(f"{folder} not found: `flatlab serve` and `flatlab lab` run from a checkout "
                         "of the flatlab repository")
    return folder


def _use_checkout_data() -> None:
    """Let Jupyter find the checkout's share/jupyter (our Voilà template) first."""
    if SHARE.is_dir():
        paths = [str(SHARE), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
        os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))


def serve(port: int, voila_options: Sequence[str] = ()) -> int:
    """Voilà on 127.0.0.1:`port` serving the dashboards, with voila.json and the flatlab template.

    `voila_options` (e.g. "--VoilaConfiguration.preheat_kernel=False") override voila.json.
    """
    folder = _checkout_folder(DASHBOARDS)
    _use_checkout_data()
    os.chdir(ROOT)  # voila.json is read from the working directory
    from voila.app import Voila
    print(f"flatlab dashboards: http://127.0.0.1:{port}/{GALLERY}", flush=True)
    Voila.launch_instance(argv=[str(folder.relative_to(ROOT)), f"--port={port}", "--Voila.ip=127.0.0.1",
                                "--no-browser", *voila_options])
    return 0


def lab(port: int) -> int:
    """JupyterLab on 127.0.0.1:`port` with tutorials/ as its root."""
    folder = _checkout_folder(TUTORIALS)
    from jupyterlab.labapp import LabApp
    # JupyterLab refuses root unless told; containers and CI machines often run as root
    as_root = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    LabApp.launch_instance(argv=[f"--ServerApp.root_dir={folder}", f"--port={port}", "--ip=127.0.0.1",
                                 *as_root])
    return 0
