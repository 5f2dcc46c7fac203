"""The package's rooms are the pipeline's stages, and the dependencies between them point
one way (issue 27): the import-linter contracts in pyproject.toml hold, no module imports
itself through others, and the package root stays small. The architecture page names
every module."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "lanting"
ARCHITECTURE = ROOT / "docs" / "content" / "pages" / "architecture.md"


def test_import_contracts_hold() -> None:
    command = shutil.which("lint-imports")
    assert command, "import-linter is a test dependency: pip install -e '.[test]'"
    # This interpreter's scripts first; the rest of PATH for a wrapper script's own
    # interpreter (pyenv's shims run `bash`).
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    environment = {"PYTHONPATH": str(ROOT / "src"), "PATH": path}
    done = subprocess.run([command, "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                          capture_output=True, text=True, check=False, env=environment)
    assert done.returncode == 0, done.stdout + done.stderr


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_module_imports_itself_through_others() -> None:
    sys.path.insert(0, str(ROOT / "src"))
    graph = grimp.build_graph("lanting", cache_dir=None)
    assert _cycles(graph) == []


def test_the_package_root_holds_at_most_ten_modules() -> None:
    modules = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(modules) <= 10, modules


def test_the_architecture_page_names_every_module() -> None:
    """Each module under src/lanting/ is named in architecture.md in backticks: `name`,
    `name.py`, or with its folders, `site/marp.py`."""
    page = ARCHITECTURE.read_text(encoding="utf-8")
    missing = [str(path.relative_to(PACKAGE)) for path in sorted(PACKAGE.rglob("*.py"))
               if path.name not in ("__init__.py", "__main__.py")
               and not re.search(rf"`(?:\w+/)*{re.escape(path.stem)}(?:\.py)?`", page)]
    assert not missing, "not named in architecture.md: " + ", ".join(missing)


def test_the_architecture_table_has_one_row_a_room() -> None:
    """Each room of the package is one row of the page's table: merged branches that
    each named a new module had left nine `importer/` rows, each lacking some."""
    rooms = re.findall(r"^\| (`[^`]+`) \|", ARCHITECTURE.read_text(encoding="utf-8"),
                       re.MULTILINE)
    assert rooms and len(rooms) == len(set(rooms)), rooms
