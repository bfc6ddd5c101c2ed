"""Where the browser side of the views lives, in a checkout and in an installed wheel.

The ES modules and CSS are kept in the top-level `widgets/` folder; the wheel
ships them as `flatlab/widgets` (see pyproject's force-include). anywidget
loads one module text per widget, so a game's view is the shared `board.js`
followed by the game's own file: the shared part is written once and no
bundler or build step is needed.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent
_CANDIDATES = (_PACKAGE / "widgets", _PACKAGE.parent / "widgets")  # wheel, checkout


@cache
def folder() -> Path:
    for path in _CANDIDATES:
        if (path / "board.js").is_file():
            return path
    raise FileNotFoundError("flatlab's widgets/ folder is missing; looked in "
                            + ", ".join(map(str, _CANDIDATES)))


def text(*names: str) -> str:
    """The files' contents, joined: the module (or style sheet) anywidget loads."""
    return "\n".join((folder() / name).read_text(encoding="utf-8") for name in names)
