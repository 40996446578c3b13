"""Unit tests run under CPython with web/py importable, as the browser's Pyodide sees it."""
import pathlib
import sys

WEB_PY = pathlib.Path(__file__).resolve().parent.parent / "web" / "py"
if str(WEB_PY) not in sys.path:
    sys.path.insert(0, str(WEB_PY))
