"""The README and docs/ name only things that exist, and their links lead somewhere.

The convention the pages follow (docs/README.md, "Conventions of these pages"), which this test
reads them by. In back quotes, outside fenced code blocks:
- a path from the repository's root (`generator/strategy/derive.py`, `tests/test_x.py`, a folder
  such as `static/js/`) must exist; `tests/test_x.py::test_name` names a test that must be
  defined in that file. Paths under `site/` are the build's output, and paths with `<`, `*` or
  `XXXX` are patterns: neither is checked;
- a bare file name (`derive.py`, `cards.js`, `card.html`) must be a file of the repository;
- `name()` and `a.b()`, `module.name` where `module` is a module of the package (its last
  name: `shortest.merged`, `orchestrate.build_site()`, `generator.export.cache.export()`), and
  `Class.member` where `Class` is a class of the package, must be defined in it (read from the
  source, never imported); a call on anything else (`os.getloadavg()`) must import; a bare
  `_private` name must be defined in the package too;
- `vpcharts CMD [SUB] ... --flag` and `python -m generator CMD ...` must name commands of the
  command line's parser (`generator.cli.parser()`), and each `--flag` must be an option of that
  command or of `vpcharts` itself; a span that starts with `--flag` must be an option of some
  command; `python -m MODULE` must name a module that exists.
Relative Markdown links must lead to a file, and an `#anchor` to a heading of it.

Every bad name of every page is reported at once.
"""

import argparse
import ast
import bisect
import importlib
import importlib.util
import re
from functools import cache
from pathlib import Path

from generator.cli import parser as cli_parser

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "generator"
PATH_ROOTS = ("generator", "tests", "static", "templates", "content", "docs", ".ci")
FILE_EXTENSIONS = ("py", "js", "mjs", "css", "html", "toml", "json", "md")
SOURCE_FOLDERS = ("generator", "tests", "static", "templates", "content", "docs", ".ci")


def pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


# ---------------------------------------------------------------------------------------------
# What the package defines, read from its source.

@cache
def package_index():
    """(modules: dotted name -> names defined at its top level, members: class name -> names
    defined in its body, every function or class name anywhere)."""
    modules, members, anywhere = {}, {}, set()
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules[name] = _top_names(tree.body)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                anywhere.add(node.name)
            if isinstance(node, ast.ClassDef):
                members.setdefault(node.name, set()).update(_top_names(node.body))
    return modules, members, anywhere


def _top_names(body) -> set[str]:
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def _resolves_in(module: str, parts: list[str]) -> bool:
    modules, members, _ = package_index()
    if not parts:
        return True
    head, rest = parts[0], parts[1:]
    if f"{module}.{head}" in modules:
        return _resolves_in(f"{module}.{head}", rest)
    if head not in modules[module]:
        return False
    return not rest or (len(rest) == 1 and rest[0] in members.get(head, ()))


def python_name_problem(name: str, called: bool) -> str | None:
    """Why the dotted or bare Python name does not exist, or None if it does (or is not one
    this convention checks)."""
    modules, members, anywhere = package_index()
    parts = name.split(".")
    short = {m.rsplit(".", 1)[-1] for m in modules}
    if len(parts) == 1:
        if called or name.startswith("_"):
            top = set().union(*modules.values())
            return None if name in anywhere or name in top else "not defined in the package"
        return None
    head = parts[0]
    if head == "generator":
        return None if _resolves_in("generator", parts[1:]) else "not defined in the package"
    if head in short:
        found = any(_resolves_in(m, parts[1:]) for m in modules if m.rsplit(".", 1)[-1] == head)
        return None if found else f"no module named {head} defines {'.'.join(parts[1:])}"
    if head in members:
        return None if len(parts) == 2 and parts[1] in members[head] else \
            f"class {head} has no {'.'.join(parts[1:])}"
    if not called:
        return None  # a JSON key (`return.percent`), a JavaScript name: not checked
    try:
        value = importlib.import_module(head)
        for part in parts[1:]:
            value = getattr(value, part)
    except (ImportError, AttributeError) as exc:
        return f"cannot be imported ({exc})"
    return None


# ---------------------------------------------------------------------------------------------
# The command line.

def _subcommands(parser: argparse.ArgumentParser) -> dict:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _options(parser: argparse.ArgumentParser) -> set[str]:
    return {s for action in parser._actions for s in action.option_strings}


@cache
def _all_options() -> frozenset:
    found, todo = set(), [cli_parser()]
    while todo:
        parser = todo.pop()
        found |= _options(parser)
        todo += _subcommands(parser).values()
    return frozenset(found)


def command_problem(words: list[str]) -> str | None:
    """`words` after `vpcharts` (or `python -m generator`): the commands must exist, and every
    --flag must belong to the command reached or to the top level."""
    top = cli_parser()
    parser, path = top, "vpcharts"
    tokens = iter(words)
    for token in tokens:
        if token == "--content":
            next(tokens, None)  # its value
            continue
        if token.startswith("-") or not re.fullmatch(r"[a-z][a-z-]*", token):
            continue
        choices = _subcommands(parser)
        if not choices:
            break  # a positional argument of the command reached
        if token not in choices:
            return f"{path} has no command {token!r}"
        parser, path = choices[token], f"{path} {token}"
    known = _options(parser) | _options(top)
    bad = [flag for flag in re.findall(r"--[A-Za-z][\w-]*", " ".join(words)) if flag not in known]
    return f"{path} has no option {', '.join(bad)}" if bad else None


# ---------------------------------------------------------------------------------------------
# One page.

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
CODE_SPAN = re.compile(r"`([^`]+)`")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)


def _prose(text: str) -> str:
    """The text without fenced code blocks (kept as blank lines, so that line numbers hold)."""
    return FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def _exists_in_repository(name: str) -> bool:
    return any(next((ROOT / folder).rglob(name), None) is not None for folder in SOURCE_FOLDERS
               if (ROOT / folder).is_dir()) or (ROOT / name).is_file()


def span_problem(span: str) -> str | None:
    """Why the back-quoted `span` names something that does not exist, or None."""
    span = " ".join(span.replace("\\|", "|").split())
    words = span.split(" ")
    if words[0] == "vpcharts" and len(words) > 1:
        return command_problem(words[1:])
    if words[:3] == ["python", "-m", "generator"]:
        return command_problem(words[3:])
    if words[:2] == ["python", "-m"] and len(words) > 2:
        module = words[2]
        if module.split(".")[0] in PATH_ROOTS:
            path = ROOT / module.replace(".", "/")
            return None if path.with_suffix(".py").is_file() or path.is_dir() else \
                "no such module"
        return None if importlib.util.find_spec(module) else "no such module"
    flag = re.match(r"--[A-Za-z][\w-]*", span)
    if flag:
        return None if flag.group(0) in _all_options() else "no command has this option"
    if " " in span:
        return None  # prose, a hand, an expression
    if "/" in span:
        path, _, test = span.partition("::")
        if path.split("/")[0] not in PATH_ROOTS or re.search(r"[<*]|XXXX", path):
            return None
        if not (ROOT / path).exists():
            return "no such file or folder"
        if test:
            tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
            if test not in _top_names(tree.body):
                return f"{path} defines no {test}"
        return None
    if re.fullmatch(r"[\w.-]+\.(%s)" % "|".join(FILE_EXTENSIONS), span):
        return None if _exists_in_repository(span) else "no such file in the repository"
    call = re.fullmatch(r"([A-Za-z_][\w.]*)\(.*\)", span)
    if call:
        return python_name_problem(call.group(1), called=True)
    if re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", span):
        return python_name_problem(span, called=False)
    return None


def anchors(path: Path) -> set[str]:
    """The #anchors of a Markdown file's headings, as GitHub makes them."""
    seen, out = {}, set()
    for title in HEADING.findall(_prose(path.read_text(encoding="utf-8"))):
        title = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", title)
        slug = re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def link_problem(page: Path, target: str) -> str | None:
    if re.match(r"[a-z]+:", target):
        return None  # http(s), mailto
    path, _, anchor = target.partition("#")
    file = (page.parent / path).resolve() if path else page
    if not file.exists():
        return "leads to no file"
    if anchor and file.suffix == ".md" and anchor not in anchors(file):
        return f"{file.name} has no heading #{anchor}"
    return None


def problems(page: Path, text: str) -> list[str]:
    """Every bad name and link of one page, as 'file:line: `name`: why'."""
    out = []
    prose = _prose(text)
    where = page.relative_to(ROOT) if page.is_relative_to(ROOT) else page
    for match in CODE_SPAN.finditer(prose):
        why = span_problem(match.group(1))
        if why:
            line = prose.count("\n", 0, match.start()) + 1
            out.append(f"{where}:{line}: `{match.group(1)}`: {why}")
    for match in LINK.finditer(CODE_SPAN.sub(lambda m: " " * len(m.group(0)), prose)):
        why = link_problem(page, match.group(1))
        if why:
            line = prose.count("\n", 0, match.start()) + 1
            out.append(f"{where}:{line}: link ({match.group(1)}): {why}")
    return out


def _links(page: Path) -> set[Path]:
    text = CODE_SPAN.sub("", _prose(page.read_text(encoding="utf-8")))
    return {(page.parent / t.partition("#")[0]).resolve() for t in LINK.findall(text)
            if not re.match(r"[a-z]+:", t) and t.partition("#")[0]}


# ---------------------------------------------------------------------------------------------

def test_every_name_and_link_in_the_readme_and_docs_exists():
    found = [p for page in pages() for p in problems(page, page.read_text(encoding="utf-8"))]
    assert not found, f"{len(found)} names or links that do not exist:\n" + "\n".join(found)


def test_the_readme_and_the_docs_index_lead_to_each_other_and_to_every_page():
    readme, index = ROOT / "README.md", ROOT / "docs" / "README.md"
    assert index in _links(readme) and readme in _links(index)
    every = {p.resolve() for p in (ROOT / "docs").rglob("*.md")} - {index}
    assert every, "no docs pages"
    missing = sorted(str(p.relative_to(ROOT)) for p in every - _links(index))
    assert not missing, f"pages the docs index does not list: {missing}"


def test_the_readme_is_a_front_door():
    """About 150 lines at most, and it opens with the two set-up commands (.ci/run runs the
    second verbatim)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    block = text.split("```")[1].splitlines()
    assert block[1:3] == ["pip install -e . && vpcharts build",
                          "pip install -e '.[test]' && python -m pytest"]
    assert "pip install -e '.[test]' && python -m pytest" in (ROOT / ".ci" / "run").read_text()


def test_misspelt_names_and_broken_links_are_each_reported():
    """The checker itself: a page naming things that do not exist gets one report for each of
    them, and the names that do exist pass."""
    page = ROOT / "docs" / "example.md"
    bad = ("`generator/strategy/derrive.py` `tests/test_levels.py::test_no_such_test` `derrive.py` "
           "`shortest.mergd` `orchestrate.build_sight()` `describe_lins()` `_synthesised` "
           "`Compactor.narro` `os.getloadavgs()` `vpcharts bild` `vpcharts strategy X --curv` "
           "`vpcharts chinese trian` `python -m generator solve X --jsn` `--no-cach` "
           "`python -m generator.no_such_module`\n"
           "[a](user-guide/00-nothing.md) [b](user-guide/01-pay-tables.md#no-such-heading)\n")
    good = ("`generator/strategy/derive.py` `tests/test_levels.py::test_curves_beat_the_hand_made_"
            "strategies` `derive.py` `shortest.merged` `orchestrate.build_site()` "
            "`describe_lines()` `Compactor.narrow` `os.getloadavg()` `vpcharts build --out DIR` "
            "`vpcharts chinese train --check` `python -m generator solve X --json` `--no-cache` "
            "`python -m generator.bench.browser` `site/<slug>.json` `return.percent`\n"
            "[a](user-guide/01-pay-tables.md#limits) [b](../README.md#errors) "
            "[c](https://example.com/)\n"
            "```\n`generator/not/checked/in/a/code/block.py`\n```\n")
    found = problems(page, bad + good)
    assert len(found) == 17, "\n".join(found)
    assert all(":1: `" in f or ":2: link" in f for f in found)
    assert problems(page, good) == []


# ---------------------------------------------------------------------------------------------
# Pointers to the docs from the code: comments and strings that send a reader to a README or a
# docs page, or to a section of one, must lead to it.

POINTER_SOURCES = ("generator/**/*.py", "templates/*", "static/**/*.js", "static/**/*.css",
                   "tests/*.py", ".ci/run", "pyproject.toml")
# (This file is left out: its own checks hold misspelt names on purpose.)
_QUOTED = r"""(?:"([^"\n]+)"|'([^'\n]+)'|“([^”\n]+)”)"""
_DOC = r"(?<![\w/.-])(?:docs/[\w./-]*[\w/]|README(?:\.md)?)(?![\w-])"
POINTER = re.compile(
    # FILE, FILE#anchor, FILE's "Title", FILE, "Title", FILE: "Title", "Two", FILE's Title section
    rf"(?P<doc>{_DOC})(?:#(?P<anchor>[\w-]+))?"
    rf"(?:(?:'s)?(?:\s*[,:]\s*|\s+)(?P<titles>{_QUOTED}(?:\s*(?:,|and)\s*{_QUOTED})*)"
    r"|'s\s+(?P<bare>[A-Z][\w-]*(?:\s+[\w-]+){0,4}?)\s+section\b)?"
    # "Title" section of FILE
    rf"|(?P<before>{_QUOTED})\s+section\s+(?:of|in)\s+(?:the\s+)?(?P<doc2>{_DOC})")
_COMMENT_LEAD = re.compile(r"^\s*(?://+|#+|\*(?!/)|\{#-?)?\s*")


def _doc_file(name: str) -> Path:
    return ROOT / ("README.md" if name == "README" else name)


def headings(path: Path) -> set[str]:
    """The titles of a Markdown file's headings, as read (markup dropped), lower-cased."""
    return {re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", t).strip().lower()
            for t in HEADING.findall(_prose(path.read_text(encoding="utf-8")))}


def pointer_problems(where: str, text: str) -> list[str]:
    """Every pointer of a source file's text that leads nowhere, as 'file:line: pointer: why'.
    Lines are joined (their comment leaders dropped) so that a pointer wrapped over two comment
    lines is read whole."""
    starts, joined = [], []
    offset = 0
    for line in text.splitlines():
        starts.append(offset)
        part = _COMMENT_LEAD.sub("", line, count=1)
        joined.append(part)
        offset += len(part) + 1
    flat = " ".join(joined)
    out = []
    for match in POINTER.finditer(flat):
        doc = match.group("doc") or match.group("doc2")
        file = _doc_file(doc)
        if match.group("doc2"):
            titles = [match.group("before")[1:-1]]
        else:
            titles = [a or b or c for a, b, c in re.findall(_QUOTED, match.group("titles") or "")]
            titles += [match.group("bare")] if match.group("bare") else []
        line = bisect.bisect_right(starts, match.start())
        said = " ".join(match.group(0).split())
        if not file.exists():
            out.append(f"{where}:{line}: {said}: {doc} does not exist")
            continue
        if file.suffix != ".md":
            continue
        if match.group("anchor") and match.group("anchor") not in anchors(file):
            out.append(f"{where}:{line}: {said}: {doc} has no heading #{match.group('anchor')}")
        for title in titles:
            if " ".join(title.split()).lower() not in headings(file) | anchors(file):
                out.append(f"{where}:{line}: {said}: {doc} has no heading {title!r}")
    return out


def _pointer_files() -> list[Path]:
    here = Path(__file__).resolve()
    found = {p for pattern in POINTER_SOURCES for p in ROOT.glob(pattern) if p.is_file()}
    return sorted(p for p in found if p.resolve() != here and "node_modules" not in p.parts)


def test_every_pointer_from_the_code_to_the_docs_leads_to_a_file_and_a_heading():
    found = [p for path in _pointer_files()
             for p in pointer_problems(str(path.relative_to(ROOT)),
                                       path.read_text(encoding="utf-8", errors="replace"))]
    assert not found, f"{len(found)} pointers to the docs that lead nowhere:\n" + "\n".join(found)


def test_stale_pointers_are_each_reported():
    """The checker itself, on every form of pointer the code uses: one report for each that
    leads nowhere, none for those that lead somewhere."""
    bad = ('# schema in the README, "The JSON export"\n'
           '// (README: "Playing the table", "No such heading")\n'
           "// as the README's \"How the solver works\" tells them\n"
           "(docs/user-guide/03-site.md, 'The checker') docs/design/99-none.md\n"
           "README.md#no-such-anchor docs/README.md#nothing the README's Hold checker section\n"
           '// the "Ultimate X" section of docs/scaling.md, a wrapped (README, "Hold\n'
           '// checker")\n')
    good = ('# schema in docs/user-guide/06-json-export.md, "A level"; README.md#errors\n'
            '// (docs/user-guide/06-json-export.md: "Playing the table", "Hold features")\n'
            "// the README's 'Errors', the README's Errors section, docs/design/ README.md\n"
            '// the "Ultimate X: one game and the whole set" section of docs/scaling.md\n'
            '// (docs/design/01-solver.md, "Every hold\n'
            '// by inclusion-exclusion") docs/design/04-site-build.md#workers\n'
            'readme = "README.md"\n')
    found = pointer_problems("x.py", bad)
    assert len(found) == 11, "\n".join(found)
    assert [f.split(":")[1] for f in found] == ["1", "2", "2", "3", "4", "4", "5", "5", "5", "6",
                                                "6"]
    assert pointer_problems("x.py", good) == []
