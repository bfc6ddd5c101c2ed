"""Actions: a kind plus named parameters, hashable and JSON-friendly.

`Action("move", to=(2, 3))` is what `g.legal_actions()` lists and what
`g.act("move", to=(2, 3))` builds, so a click, a bot and a notebook cell all
hand the engine the same value.
"""

from __future__ import annotations

from typing import Any


def tupled(value: Any) -> Any:
    """JSON turns tuples into lists; turn them back so outcomes and params compare equal."""
    if type(value) is list:
        return tuple(tupled(v) for v in value)
    return value


class Action:
    __slots__ = ("_key", "kind", "params")

    def __init__(self, kind: str, **params: Any):
        if not isinstance(kind, str) or not kind:
            raise TypeError(f"an action kind is a non-empty string, got {kind!r}")
        self.kind = kind
        self.params = {k: tupled(v) for k, v in params.items()}
        self._key = None  # (kind, sorted params), built when first compared or hashed

    @property
    def key(self) -> tuple:
        if self._key is None:
            self._key = (self.kind, tuple(sorted(self.params.items())))
        return self._key

    def __getattr__(self, name: str) -> Any:
        try:
            return self.params[name]
        except KeyError:
            raise AttributeError(f"action {self.kind!r} has no parameter {name!r}") from None

    def get(self, name: str, default: Any = None) -> Any:
        return self.params.get(name, default)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Action({self.kind!r}{args})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.params}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError("an action is an object with a string 'kind'")
        params = {k: v for k, v in data.items() if k != "kind"}
        return cls(data["kind"], **params)


def expect_params(action: Action, *allowed: str) -> None:
    """Refuse parameters this action kind does not take (rule "engine: actions")."""
    from .errors import IllegalAction

    extra = [k for k in action.params if k not in allowed]
    if extra:
        raise IllegalAction(f"{action.kind!r} takes {', '.join(allowed) or 'no parameters'}; "
                            f"unexpected {', '.join(sorted(extra))}", rule="engine: actions")
