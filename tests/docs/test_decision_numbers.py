"""Every decision number the code, tests and docs cite resolves in docs/ (d403).

docs/decisions.md defines each number: as an entry of its own, or in a line "In [X.md](X.md): ..."
that points at the reference doc where the number sits beside its rule. A citation is `dNN`
(two to four digits) or "decision NN" / "decisions.md NN" anywhere in the repository's text files.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
DECISIONS = DOCS / "decisions.md"

CITED = re.compile(r"\bd(\d{2,4})\b|\bdecisions?(?:\.md)? d?(\d{1,4})\b", re.IGNORECASE)
NUMBER = re.compile(r"\bd(\d{1,4})\b")
IN_WORDS = re.compile(r"\bdecisions?(?:\.md)? d?(\d{1,4})\b", re.IGNORECASE)
REPLACED = re.compile(r"\(replaces d\d+\)")
# A UUID's hex groups (TAT-QA question ids in tests) hold no citation, whatever letters they have.
UUID = re.compile(r"\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b", re.IGNORECASE)
POINTER = re.compile(r"^In \[[^\]]+\]\(([\w./-]+\.md)")  # the link: relative to docs/
NEXT_FREE = re.compile(r"next free number: \*\*d(\d+)\*\*")

SKIP_DIRS = {
    ".git",
    ".venv",
    "node_modules",
    "var",
    "media",
    "build",
    "dist",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
}
TEXT_SUFFIXES = {
    ".py",
    ".md",
    ".html",
    ".js",
    ".css",
    ".toml",
    ".txt",
    ".cfg",
    ".ini",
    ".yml",
    ".yaml",
    ".sh",
}


def _text_files() -> list[Path]:
    files = []
    stack = [ROOT]
    while stack:
        folder = stack.pop()
        for path in folder.iterdir():
            if path.is_dir():
                if path.name not in SKIP_DIRS and not path.name.endswith(".egg-info"):
                    stack.append(path)
            elif path.suffix in TEXT_SUFFIXES or path.name == "Makefile":
                files.append(path)
            elif path.parent.name == ".ci":
                files.append(path)
    return sorted(files)


@cache
def _citations() -> dict[int, list[str]]:
    cited: dict[int, list[str]] = {}
    for path in _text_files():
        if path == DECISIONS:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for lineno, line in enumerate(text.splitlines(), 1):
            for match in CITED.finditer(UUID.sub("", line)):
                number = int(match.group(1) or match.group(2))
                cited.setdefault(number, []).append(f"{path.relative_to(ROOT)}:{lineno}")
    return cited


def _defined() -> set[int]:
    return {int(n) for n in NUMBER.findall(DECISIONS.read_text(encoding="utf-8"))}


def test_every_cited_decision_number_is_in_decisions_md() -> None:
    defined = _defined()
    missing = {n: where for n, where in _citations().items() if n not in defined}
    assert not missing, "cited but not in docs/decisions.md: " + "; ".join(
        f"d{n} at {', '.join(where[:3])}" for n, where in sorted(missing.items())
    )


def test_a_pointer_line_names_numbers_its_doc_holds() -> None:
    paragraphs = DECISIONS.read_text(encoding="utf-8").split("\n\n")
    pointers = [p for p in paragraphs if POINTER.match(p)]
    assert len(pointers) >= 5
    for paragraph in pointers:
        match = POINTER.match(paragraph)
        assert match
        doc = match.group(1)
        target = (DOCS / doc).read_text(encoding="utf-8")
        held = set(NUMBER.findall(target)) | set(IN_WORDS.findall(target))
        named = NUMBER.findall(REPLACED.sub("", paragraph))
        absent = [f"d{n}" for n in named if n not in held]
        assert not absent, f"{doc} does not hold {', '.join(absent)}"


def test_the_next_free_number_is_above_every_number_in_use() -> None:
    text = DECISIONS.read_text(encoding="utf-8")
    match = NEXT_FREE.search(text)
    assert match, "docs/decisions.md names the next free number"
    next_free = int(match.group(1))
    in_use = (_defined() - {next_free}) | set(_citations())
    assert max(in_use) < next_free


def test_every_benchmark_topic_names_the_command_that_reproduces_it() -> None:
    """docs/benchmarks.md holds current figures, each topic with its command (d405)."""
    text = (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    topics = re.split(r"^## ", text, flags=re.MULTILINE)[1:]
    assert len(topics) >= 10
    without = [
        t.splitlines()[0]
        for t in topics
        if "|" in t and not re.search(r"bench/\w+\.py|\.ci/run|make \w", t)
    ]
    assert not without, f"figures without a command: {without}"
