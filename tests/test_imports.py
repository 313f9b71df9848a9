"""No import circle inside generator/: every module's imports, read with `ast`, form no cycle,
and neither do its stages (each package directly below generator/, and each top-level module, as
one node: `site` imports `chinese`, so nothing in `chinese` may import anything in `site`).

What counts as an edge from module A to module B:
- every `import` statement in A, wherever it stands: at module level, or inside a function or
  a class (a lazy import). A lazy import still runs, later, and two modules that import each
  other that way still cannot be read, tested or moved one without the other; the issue's
  example (bench.py and cli.py, each importing the other inside a function) was such a circle;
- `import generator.x.y` and `from generator.x import y`, and the relative forms
  (`from .y import f`, `from .. import x`);
- `from P import name` is an edge to the submodule P.name when P is a package with a module of
  that name (`from . import features`), else to P itself.
Not counted: the parent packages Python runs first when it imports a submodule (importing
`generator.strategy.levels` runs `generator/strategy/__init__.py`). A package's `__init__` that
re-exports its modules' names would otherwise make every module below it a circle with it; an
explicit `from . import name` of a name defined in `__init__` is still counted.
"""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "generator"


def module_names(package: Path = PACKAGE) -> dict[str, Path]:
    """Dotted name -> file of every module in the package (a package by its `__init__.py`)."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of `modules` that module `name` (file `path`) imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # `from .x import y` in a.b.c is a.b.x; in the package a.b's __init__, a.b.x.
                base = name.split(".")
                base = base[:len(base) - node.level + (1 if is_package else 0)]
                assert base, f"{path}: relative import above the top package"
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules
                       else source for alias in node.names]
        else:
            continue
        for target in targets:
            # `import a.b.c` names a.b.c; the nearest enclosing module we know is the edge.
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    modules = module_names(package)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected set of more than one module (Tarjan's algorithm), each as one
    circle through its modules, sorted: a->b->...->a."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(_circle_through(sorted(component), edges))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def _circle_through(component: list[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest path from the component's first module back to itself, inside the component:
    the circle a reader follows to see why it is one."""
    inside = set(component)
    start = component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for w in sorted(edges[v] & inside):
                if w == start:
                    return paths[v] + [start]
                if w not in paths:
                    paths[w] = paths[v] + [w]
                    following.append(w)
        frontier = following
    raise AssertionError(f"no circle through {component}")


def test_no_import_circle_in_generator():
    found = circles(graph())
    assert not found, "import circles in generator/ (lazy imports count):\n" + "\n".join(
        " -> ".join(circle) for circle in found)


def stage_of(module: str) -> str:
    """generator.build.orchestrate -> generator.build; a top-level module is its own node."""
    return ".".join(module.split(".")[:2])


def stage_graph(edges: dict[str, set[str]]) -> dict[str, set[str]]:
    out = {}
    for module, targets in edges.items():
        out.setdefault(stage_of(module), set()).update(
            stage_of(t) for t in targets if stage_of(t) != stage_of(module))
    return out


def test_no_import_circle_between_stages():
    found = circles(stage_graph(graph()))
    assert not found, "import circles between generator/'s packages:\n" + "\n".join(
        " -> ".join(circle) for circle in found)


def test_the_stage_graph_names_a_circle_between_packages(tmp_path):
    """Two packages importing each other through different modules are no file circle, but
    they are a stage circle (the site <-> chinese circle was such a one)."""
    package = tmp_path / "pkg"
    for sub in ("site", "chinese"):
        (package / sub).mkdir(parents=True)
        (package / sub / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "site" / "build.py").write_text("from ..chinese import page\n")
    (package / "chinese" / "page.py").write_text("from ..site.plot import f\n")
    (package / "site" / "plot.py").write_text("def f():\n    pass\n")
    edges = graph(package)
    assert circles(edges) == []
    assert circles(stage_graph(edges)) == [["pkg.chinese", "pkg.site", "pkg.chinese"]]


def test_the_graph_sees_every_kind_of_import(tmp_path):
    """The reader finds lazy, relative, absolute and `from . import module` imports, and the
    check names a circle made of them (so that a clean graph means something)."""
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("from .b import f\n")
    (package / "a.py").write_text("def run():\n    from .sub import b\n")  # lazy, submodule
    (package / "sub" / "b.py").write_text("import pkg.c\ndef f():\n    pass\n")  # absolute
    (package / "c.py").write_text("class C:\n    def m(self):\n        from . import a\n")
    (package / "d.py").write_text("from .sub import f\n")  # a name: the package's __init__
    edges = graph(package)
    assert edges == {"pkg": set(), "pkg.a": {"pkg.sub.b"}, "pkg.c": {"pkg.a"},
                     "pkg.d": {"pkg.sub"}, "pkg.sub": {"pkg.sub.b"}, "pkg.sub.b": {"pkg.c"}}
    assert circles(edges) == [["pkg.a", "pkg.sub.b", "pkg.c", "pkg.a"]]
    (package / "c.py").write_text("")
    assert circles(graph(package)) == []


def reached(edges: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` imports, directly or through others (lazy imports count)."""
    seen, todo = set(), [start]
    while todo:
        for target in edges.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_the_rendering_reads_records_and_imports_no_solve_or_strategy_code():
    """The site package renders the stages' records: no module of it reaches, through any chain
    of imports, the solve or strategy stages, nor the export's computation (export/compute.py)
    or Ultimate X's solver; the orchestration (generator/build/) runs those."""
    edges = graph()
    forbidden = ("generator.solve", "generator.strategy", "generator.export.compute",
                 "generator.ultimate_x")
    found = {module: sorted(t for t in reached(edges, module) if t.startswith(forbidden))
             for module in edges if module.startswith("generator.site")}
    assert {m: t for m, t in found.items() if t} == {}
    # (the check can fail: the orchestration does reach them)
    assert any(t.startswith("generator.strategy")
               for t in reached(edges, "generator.build.orchestrate"))


def test_the_top_of_generator_is_the_command_line_and_one_package_a_stage():
    """A reader finds a line of code by its stage's name: at the top only the command line and
    packages, each saying in its docstring what goes in and what comes out."""
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py", "cli.py"]
    packages = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file())
    assert packages == ["bankroll", "bench", "build", "chinese", "core", "export", "pricing",
                        "site", "solve", "strategy", "ultimate_x"]
    for name in packages:
        doc = ast.get_docstring(ast.parse((PACKAGE / name / "__init__.py").read_text()))
        assert doc and len(doc) > 80, f"generator/{name}/__init__.py says what it does"
    # The ground floor stands on nothing of vpcharts.
    edges = graph()
    assert all(t.startswith("generator.core") for m, ts in edges.items()
               if m.startswith("generator.core") for t in ts)


def lazy_imports_without_a_reason(package: Path = PACKAGE) -> list[str]:
    """'file:line' of every import inside a function that says no reason: a comment on its line,
    or on the comment line just above the run of imports it belongs to ("(lazy: numba)")."""
    out = []
    for path in sorted(package.rglob("*.py")):
        lines = path.read_text().split("\n")
        for function in ast.walk(ast.parse("\n".join(lines), str(path))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if not isinstance(node, (ast.Import, ast.ImportFrom)):
                    continue
                said = any("#" in line for line in lines[node.lineno - 1:node.end_lineno])
                above = node.lineno - 2
                while not said and above >= 0:
                    line = lines[above].strip()
                    if line.startswith("#"):
                        said = True
                    elif not line.startswith(("from ", "import ")):
                        break
                    above -= 1
                if not said:
                    out.append(f"{path.relative_to(package.parent)}:{node.lineno}")
    return sorted(set(out))


def test_every_import_inside_a_function_says_why_it_is_there():
    """Imports stand at the top of their module, where a reader sees the real graph; one inside
    a function keeps a package the module does not otherwise need (numba, weasyprint, jinja2,
    playwright) out of a start-up, and says which in a word."""
    assert lazy_imports_without_a_reason() == []


def test_the_lazy_import_check_can_fail(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        "import os\n\n\ndef f():\n    import numpy  # (lazy: numpy)\n\n\ndef g():\n"
        "    # (lazy: numba)\n    import numba\n    from numba import njit\n\n\n"
        "def h():\n    import json\n    return json\n")
    assert lazy_imports_without_a_reason(tmp_path / "pkg") == ["pkg/m.py:15"]
