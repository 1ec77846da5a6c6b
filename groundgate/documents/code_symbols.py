"""Extract code symbols (functions, methods, classes) with exact line ranges from a repository.

Python files are parsed with the standard library's ast; Java files with tree-sitter's Java
grammar (a real parser: no regular expressions). Each symbol is one line of symbols.jsonl:
symbol_id, file_path, start_line, end_line (1-based, inclusive), source_hash (sha256 of those
lines), repo_commit, kind, name. See ../shared/specs/code-evidence-grounding.zh.md.

Symbol ids are unique within a repository and stable across unrelated edits:
  Python  path::Outer.method, path::outer.inner (definitions inside if/try/with/for/while/match
          blocks belong to the enclosing scope: `if TYPE_CHECKING:` classes are symbols)
  Java    path::Outer.Inner, path::Outer#method(int,String...) (parameter types), enum-constant
          bodies path::Op.PLUS, anonymous classes path::Outer.run().<anonymous> and local classes
          path::Outer.run().Local (the enclosing method, with its parameter types, is the scope)
  A name defined again in the same scope (@overload stubs, property setters and deleters,
  if/else alternatives, two anonymous classes in one method) gets "~2", "~3", ... in source
  order; the first keeps the plain id. Ids only change when same-named definitions in one scope
  are reordered.
Files are decoded as their compiler would: Python by its BOM or coding cookie (PEP 263), Java as
UTF-8 (javac's default) with a BOM tolerated; anything else is reported by name and skipped.
Without a git work tree, repo_commit is null and the run says so (never a silent "").
"""

from __future__ import annotations

import ast
import hashlib
import io
import subprocess
import tokenize
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tree_sitter import Node, Parser

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
    repo_commit: str | None
    kind: str
    name: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def source_hash(lines: list[str], start_line: int, end_line: int) -> str:
    """sha256 of the symbol's lines (1-based, inclusive), joined with newlines."""
    return hashlib.sha256("\n".join(lines[start_line - 1 : end_line]).encode("utf-8")).hexdigest()


def repo_commit(repo: Path) -> tuple[str | None, str]:
    """(the checked-out commit, "") or (None, why it is unknown)."""
    try:
        result = subprocess.run(
            ["git", "-C", str(repo), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"git could not be run ({exc})"
    if result.returncode != 0:
        why = result.stderr.strip().splitlines()[-1:] or ["not a git work tree"]
        return None, why[0]
    return result.stdout.strip(), ""


def decode_source(path: str, data: bytes) -> str:
    """The text of a source file as its compiler reads it, with universal newlines. Raises
    UnicodeDecodeError / SyntaxError naming the encoding problem."""
    if path.endswith(".py"):
        # PEP 263 / tokenize: a UTF-8 BOM or a coding cookie, else UTF-8.
        try:
            encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        except SyntaxError as exc:
            raise SyntaxError(
                f"{exc.msg}: not valid UTF-8 and no coding cookie (PEP 263) says otherwise"
            ) from None
    else:
        encoding = "utf-8-sig"  # javac reads UTF-8 by default; a BOM is tolerated
    if encoding == "utf-8":
        encoding = "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"
    try:
        return io.TextIOWrapper(io.BytesIO(data), encoding=encoding, newline=None).read()
    except UnicodeDecodeError as exc:
        raise UnicodeDecodeError(
            exc.encoding,
            exc.object,
            exc.start,
            exc.end,
            f"not valid {encoding.replace('utf-8', 'UTF-8')} at byte {exc.start} (declare the "
            "encoding with a coding cookie for Python; Java sources are read as UTF-8)",
        ) from None


class _Names:
    """Unique names per scope: the first definition keeps its name, later ones get ~2, ~3."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, ...], dict[str, int]] = {}

    def unique(self, scope: list[str], name: str) -> str:
        counts = self.seen.setdefault(tuple(scope), {})
        counts[name] = counts.get(name, 0) + 1
        return name if counts[name] == 1 else f"{name}~{counts[name]}"


# Compound statements whose bodies define names in the enclosing scope.
_BLOCKS = (
    ast.If,
    ast.Try,
    ast.With,
    ast.AsyncWith,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.Match,
    ast.match_case,
    ast.ExceptHandler,
    *((ast.TryStar,) if hasattr(ast, "TryStar") else ()),
)


def python_symbols(path: str, text: str, commit: str | None) -> list[Symbol]:
    tree = ast.parse(text, filename=path)
    lines = text.split("\n")
    out: list[Symbol] = []
    names = _Names()

    def visit(node: ast.AST, scope: list[str], in_class: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _BLOCKS):
                visit(child, scope, in_class)  # if TYPE_CHECKING:, try:, with ...:
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                start = min([child.lineno] + [d.lineno for d in child.decorator_list])
                end = child.end_lineno or child.lineno
                name = names.unique(scope, child.name)
                qualname = ".".join([*scope, name])
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
                visit(child, [*scope, name], isinstance(child, ast.ClassDef))

    visit(tree, [], False)
    return out


@lru_cache(maxsize=1)
def _java_parser() -> Parser:
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


def java_symbols(path: str, text: str, commit: str | None) -> list[Symbol]:
    data = text.encode("utf-8")
    tree = _java_parser().parse(data)
    if tree.root_node.has_error:
        raise SyntaxError(f"{path}: Java syntax error")
    lines = text.split("\n")
    out: list[Symbol] = []
    names = _Names()

    def node_text(node: Node) -> str:
        return data[node.start_byte : node.end_byte].decode("utf-8")

    def emit(symbol_id: str, node: Node, kind: str, name: str) -> None:
        start, end = node.start_point[0] + 1, node.end_point[0] + 1
        out.append(
            Symbol(symbol_id, path, start, end, source_hash(lines, start, end), commit, kind, name)
        )

    def signature(node: Node, name: str) -> str:
        params = node.child_by_field_name("parameters")
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
        return f"{name}({','.join(types)})"

    def visit(node: Node, scope: list[str]) -> None:
        for child in node.named_children:
            body = child.child_by_field_name("body")
            if child.type == "enum_constant" and body is not None:
                # An enum constant with a body is a class of its own: Op.PLUS#apply(int).
                name_node = child.child_by_field_name("name")
                name = node_text(name_node) if name_node is not None else "?"
                unique = names.unique(scope, name)
                emit(f"{path}::{'.'.join([*scope, unique])}", child, "enum_constant", name)
                visit(body, [*scope, unique])
                continue
            anonymous = next((c for c in child.named_children if c.type == "class_body"), None)
            if child.type == "object_creation_expression" and anonymous is not None:
                unique = names.unique(scope, "<anonymous>")
                emit(f"{path}::{'.'.join([*scope, unique])}", child, "anonymous_class", "")
                for part in child.named_children:
                    if part is not anonymous:
                        visit(part, scope)  # arguments may hold anonymous classes too
                visit(anonymous, [*scope, unique])
                continue
            kind = _JAVA_TYPES.get(child.type)
            if kind is None:
                visit(child, scope)
                continue
            name_node = child.child_by_field_name("name")
            name = node_text(name_node) if name_node is not None else "?"
            if kind in ("method", "constructor"):
                member = names.unique(scope, "#" + signature(child, name))[1:]
                emit(f"{path}::{'.'.join(scope)}#{member}", child, kind, name)
                visit(child, [*scope, member])  # local and anonymous classes
            else:
                unique = names.unique(scope, name)
                emit(f"{path}::{'.'.join([*scope, unique])}", child, kind, name)
                visit(child, [*scope, unique])

    visit(tree.root_node, [])
    return out


def iter_source_files(repo: Path) -> Iterator[Path]:
    for path in sorted(repo.rglob("*")):
        if any(part in SKIP_DIRS for part in path.relative_to(repo).parts[:-1]):
            continue
        if path.is_file() and path.suffix in (".py", ".java"):
            yield path


def extract_symbols(repo: Path) -> tuple[list[Symbol], list[str]]:
    """(symbols sorted by file and line, problems). A file that does not parse or decode is
    reported and skipped; it never stops the run. An unknown repo_commit is reported first."""
    commit, why = repo_commit(repo)
    symbols: list[Symbol] = []
    problems: list[str] = []
    if commit is None:
        problems.append(f"repo_commit unknown ({why}): symbols carry repo_commit null")
    for path in iter_source_files(repo):
        rel = path.relative_to(repo).as_posix()
        try:
            text = decode_source(rel, path.read_bytes())
            found = (python_symbols if path.suffix == ".py" else java_symbols)(rel, text, commit)
        except (SyntaxError, UnicodeDecodeError, ValueError) as exc:
            problems.append(f"{rel}: skipped: {exc}")
            continue
        symbols.extend(found)
    symbols.sort(key=lambda s: (s.file_path, s.start_line, s.end_line, s.symbol_id))
    return symbols, problems
