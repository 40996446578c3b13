"""localStorage, never failing: private modes and full quotas turn writes into no-ops."""
from __future__ import annotations

from typing import Optional

from pyscript import window


class Storage:
    """Strings by key in the browser's localStorage."""

    def __init__(self) -> None:
        try:
            self._ls = window.localStorage
        except Exception:  # storage disabled
            self._ls = None

    def get(self, key: str) -> Optional[str]:
        if self._ls is None:
            return None
        try:
            value = self._ls.getItem(key)
        except Exception:
            return None
        # A missing key is JS null, which Pyodide gives as ``jsnull`` (not None): only a str is a value.
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        if self._ls is None:
            return False
        try:
            self._ls.setItem(key, value)
            return True
        except Exception:
            return False

    def remove(self, key: str) -> None:
        if self._ls is not None:
            try:
                self._ls.removeItem(key)
            except Exception:
                pass
