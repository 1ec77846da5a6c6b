"""R3: the prompt builder. The template is a versioned file (prompts/<name>.txt); the builder
returns the exact bytes that will be sent and their sha256, and invents no structure."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from groundgate.pipeline.contracts import AnswerBundle, SelectionPolicy
from groundgate.pipeline.tokens import count_tokens

PROMPTS = Path(__file__).resolve().parent / "prompts"
EVIDENCE_HEADER = "=== EVIDENCE ===\n"
QUESTION_HEADER = "=== QUESTION ===\n"


@dataclass(frozen=True)
class Prompt:
    text: str
    sha256: str
    template: str
    template_sha256: str
    tokens: int

    @property
    def data(self) -> bytes:
        return self.text.encode("utf-8")


@lru_cache(maxsize=8)
def template(name: str) -> tuple[str, str]:
    path = PROMPTS / f"{name}.txt"
    text = path.read_text(encoding="utf-8")
    return text, hashlib.sha256(text.encode()).hexdigest()


def evidence_block(bundle: AnswerBundle) -> str:
    lines = []
    for chunk in bundle.used_chunks:
        source = chunk.source_reference or chunk.knowledge_id
        body = chunk.chunk_text.replace("\n", " ")
        lines.append(f"[{chunk.anchor}] (source: {source}) {body}")
    return "\n".join(lines) + "\n"


def build_prompt(bundle: AnswerBundle, question: str, policy: SelectionPolicy) -> Prompt:
    text, template_sha = template(policy.prompt_template)
    rendered = (
        text.replace("{refusal}", policy.refusal_text)
        .replace("{question}", " ".join(question.split()))
        .replace("{evidence}", evidence_block(bundle).rstrip("\n"))
    )
    return Prompt(
        rendered,
        hashlib.sha256(rendered.encode("utf-8")).hexdigest(),
        policy.prompt_template,
        template_sha,
        count_tokens(rendered),
    )


def parse_prompt(text: str) -> tuple[list[tuple[str, str]], str]:
    """The evidence items and the question, read back from prompt text (what the offline
    provider sees: it gets the same bytes a model would)."""
    evidence_part = text.split(EVIDENCE_HEADER, 1)[1].split(QUESTION_HEADER, 1)[0]
    question = text.split(QUESTION_HEADER, 1)[1].split("\n", 1)[0]
    items = []
    for line in evidence_part.strip().split("\n"):
        if line.startswith("[C") and "] " in line:
            anchor, rest = line[1:].split("] ", 1)
            if rest.startswith("(source: ") and ") " in rest:
                rest = rest.split(") ", 1)[1]
            items.append((anchor, rest))
    return items, question
