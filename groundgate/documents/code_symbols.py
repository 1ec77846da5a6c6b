"""Extract code symbols (functions, methods, classes) with exact line ranges from a repository.

Python files are parsed with the standard library's ast; Java files with tree-sitter's Java
grammar (a real parser: no regular expressions). Each symbol is one line of symbols.jsonl:
symbol_id, file_path, start_line, end_line (1-based, inclusive), source_hash (sha256 of those
lines), repo_commit, kind, name. See ../shared/specs/code-evidence-grounding.zh.md.
"""

from __future__ import annotations

import ast
import hashlib
import subprocess
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path

SKIP_DIRS = frozenset(
    {
        ".git",
        ".hg",
        ".venv",
        "venv",
        "node_modules",
        "__pycache__",
        "build",
        "dist",
        "var",
        ".tox",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
        "target",
        ".idea",
    }
)


@dataclass(frozen=True)
class Symbol:
    symbol_id: str
    file_path: str
    start_line: int
    end_line: int
    source_hash: str
    repo_commit: str
    kind: str
    name: str

    def as_dict(self) -> dict:
        return asdict(self)


def source_hash(lines: list[str], start_line: int, end_line: int) -> str:
    """sha256 of the symbol's lines (1-based, inclusive), joined with newlines."""
    return hashlib.sha256("\n".join(lines[start_line - 1 : end_line]).encode("utf-8")).hexdigest()


def repo_commit(repo: Path) -> str:
    """The checked-out commit, or "" when the directory is not a git work tree."""
    try:
        result = subprocess.run(
            ["git", "-C", str(repo), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return result.stdout.strip() if result.returncode == 0 else ""


def python_symbols(path: str, text: str, commit: str) -> list[Symbol]:
    tree = ast.parse(text, filename=path)
    lines = text.split("\n")
    out: list[Symbol] = []

    def visit(node: ast.AST, scope: list[str], in_class: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                start = min([child.lineno] + [d.lineno for d in child.decorator_list])
                end = child.end_lineno or child.lineno
                qualname = ".".join([*scope, child.name])
                if isinstance(child, ast.ClassDef):
                    kind = "class"
                elif in_class:
                    kind = "method"
                else:
                    kind = (
                        "async_function" if isinstance(child, ast.AsyncFunctionDef) else "function"
                    )
                out.append(
                    Symbol(
                        f"{path}::{qualname}",
                        path,
                        start,
                        end,
                        source_hash(lines, start, end),
                        commit,
                        kind,
                        child.name,
                    )
                )
                visit(child, [*scope, child.name], isinstance(child, ast.ClassDef))

    visit(tree, [], False)
    return out


@lru_cache(maxsize=1)
def _java_parser():
    import tree_sitter
    import tree_sitter_java

    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_java.language()))


_JAVA_TYPES = {
    "class_declaration": "class",
    "interface_declaration": "interface",
    "enum_declaration": "enum",
    "record_declaration": "record",
    "annotation_type_declaration": "annotation",
    "method_declaration": "method",
    "constructor_declaration": "constructor",
}


def java_symbols(path: str, text: str, commit: str) -> list[Symbol]:
    data = text.encode("utf-8")
    tree = _java_parser().parse(data)
    if tree.root_node.has_error:
        raise SyntaxError(f"{path}: Java syntax error")
    lines = text.split("\n")
    out: list[Symbol] = []

    def node_text(node) -> str:
        return data[node.start_byte : node.end_byte].decode("utf-8")

    def visit(node, scope: list[str]) -> None:
        for child in node.named_children:
            kind = _JAVA_TYPES.get(child.type)
            if kind is None:
                visit(child, scope)
                continue
            name_node = child.child_by_field_name("name")
            name = node_text(name_node) if name_node is not None else "?"
            start, end = child.start_point[0] + 1, child.end_point[0] + 1
            if kind in ("method", "constructor"):
                params = child.child_by_field_name("parameters")
                types = []
                for p in params.named_children if params is not None else []:
                    if p.type == "spread_parameter":  # String... notes: the type has no field
                        t = next(
                            (
                                c
                                for c in p.named_children
                                if c.type not in ("modifiers", "variable_declarator")
                            ),
                            None,
                        )
                        if t is not None:
                            types.append(node_text(t) + "...")
                    elif (t := p.child_by_field_name("type")) is not None:
                        types.append(node_text(t))
                symbol_id = f"{path}::{'.'.join(scope)}#{name}({','.join(types)})"
                out.append(
                    Symbol(
                        symbol_id,
                        path,
                        start,
                        end,
                        source_hash(lines, start, end),
                        commit,
                        kind,
                        name,
                    )
                )
                visit(child, scope)  # local and anonymous classes
            else:
                qualname = ".".join([*scope, name])
                out.append(
                    Symbol(
                        f"{path}::{qualname}",
                        path,
                        start,
                        end,
                        source_hash(lines, start, end),
                        commit,
                        kind,
                        name,
                    )
                )
                visit(child, [*scope, name])

    visit(tree.root_node, [])
    return out


def iter_source_files(repo: Path) -> Iterator[Path]:
    for path in sorted(repo.rglob("*")):
        if any(part in SKIP_DIRS for part in path.relative_to(repo).parts[:-1]):
            continue
        if path.is_file() and path.suffix in (".py", ".java"):
            yield path


def extract_symbols(repo: Path) -> tuple[list[Symbol], list[str]]:
    """(symbols sorted by file and line, problems). A file that does not parse is reported and
    skipped; it never stops the run."""
    commit = repo_commit(repo)
    symbols: list[Symbol] = []
    problems: list[str] = []
    for path in iter_source_files(repo):
        rel = path.relative_to(repo).as_posix()
        try:
            text = path.read_text(encoding="utf-8")
            found = (python_symbols if path.suffix == ".py" else java_symbols)(rel, text, commit)
        except (SyntaxError, UnicodeDecodeError, ValueError) as exc:
            problems.append(f"{rel}: skipped: {exc}")
            continue
        symbols.extend(found)
    symbols.sort(key=lambda s: (s.file_path, s.start_line, s.end_line, s.symbol_id))
    return symbols, problems
