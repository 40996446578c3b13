"""Another git revision of this repository, checked out beside the working tree for ``--baseline REV``: the
benchmarks measure it in the same run as the current code (interleaved), so the figures compare like with like.

    with baseline.worktree("main") as tree:   # a temporary `git worktree`, removed on exit
        subprocess.run([...], env=baseline.python_env(tree))  # a process that imports its code
    with baseline.built_site("main") as web:  # the same, with its site built (web/ ready to serve)
        serve.start(0, web)
"""
from __future__ import annotations

import contextlib
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator

ROOT = pathlib.Path(__file__).resolve().parents[2]


def describe(rev: str) -> str:
    """``rev`` and its short commit, e.g. ``main (1a2b3c4)``."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev], check=True, capture_output=True,
                         text=True).stdout.strip()
    return f"{rev} ({sha})"


def python_env(tree: pathlib.Path) -> dict[str, str]:
    """The environment of a Python process that imports ``tree``'s code (its ``tools`` and ``web/py``) instead of
    this checkout's."""
    return dict(os.environ, PYTHONPATH=f"{tree}{os.pathsep}{tree / 'web' / 'py'}")


@contextlib.contextmanager
def worktree(rev: str) -> Iterator[pathlib.Path]:
    """A detached checkout of ``rev`` in a temporary directory (``git worktree add``), removed afterwards."""
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="gamao-baseline-"))
    tree = tmp / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), rev], check=True)
    try:
        yield tree
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False,
                       capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def built_site(rev: str) -> Iterator[pathlib.Path]:
    """The ``web/`` folder of ``rev``, built by that revision's own build script against this checkout's npm
    packages (node_modules) and vendored Python libraries (so nothing is downloaded)."""
    with worktree(rev) as tree:
        (tree / "node_modules").symlink_to((ROOT / "node_modules").resolve())
        pylib = ROOT / "web" / "assets" / "vendor" / "pylib"
        if pylib.exists():
            shutil.copytree(pylib, tree / "web" / "assets" / "vendor" / "pylib", symlinks=True)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if (tree / "tools" / "site" / "build_site.py").exists():
            cmd = [sys.executable, "-m", "tools.site.build_site"]
        else:  # revisions before tools/ was split into folders
            cmd = [sys.executable, "tools/build_site.py"]
        subprocess.run(cmd, cwd=tree, env=env, check=True, stdout=subprocess.DEVNULL)
        yield tree / "web"
