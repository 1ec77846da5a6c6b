"""R3: the prompt builder. The template is a versioned file (prompts/<name>.txt); the builder
returns the exact bytes that will be sent and their sha256, and invents no structure."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from groundgate.pipeline.contracts import AnswerBundle, SelectionPolicy
from groundgate.pipeline.select import sanitize
from groundgate.pipeline.tokens import count_tokens, truncate_to_tokens

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
        .replace("{question}", " ".join(sanitize(question).split()))
        .replace("{evidence}", evidence_block(bundle).rstrip("\n"))
    )
    return Prompt(
        rendered,
        hashlib.sha256(rendered.encode("utf-8")).hexdigest(),
        policy.prompt_template,
        template_sha,
        count_tokens(rendered),
    )


class PromptBudgetError(ValueError):
    """The prompt cannot fit max_total_prompt_tokens (with reserved_output_tokens kept free)."""


def build_prompt_within_budget(
    bundle: AnswerBundle, question: str, policy: SelectionPolicy
) -> tuple[AnswerBundle, Prompt]:
    """The prompt, never over max_total_prompt_tokens - reserved_output_tokens: prune the
    lowest-ranked evidence first, then trim the last remaining chunk on a token boundary. When
    even that cannot fit (a very long question), PromptBudgetError: nothing is sent."""
    limit = policy.max_total_prompt_tokens - policy.reserved_output_tokens
    prompt = build_prompt(bundle, question, policy)
    pruned = 0
    while prompt.tokens > limit and len(bundle.used_chunks) > 1:
        bundle = _replace_chunks(bundle, bundle.used_chunks[:-1])
        pruned += 1
        prompt = build_prompt(bundle, question, policy)
    if prompt.tokens > limit and bundle.used_chunks:
        last = bundle.used_chunks[-1]
        keep = last.token_count - (prompt.tokens - limit)
        while prompt.tokens > limit and keep > 0:
            text = truncate_to_tokens(last.chunk_text, keep)
            if not text:
                break
            chunk = last.model_copy(
                update={"chunk_text": text, "token_count": count_tokens(text), "trimmed": True}
            )
            bundle = _replace_chunks(bundle, [*bundle.used_chunks[:-1], chunk])
            prompt = build_prompt(bundle, question, policy)
            keep = min(keep - 1, chunk.token_count - (prompt.tokens - limit))
    if prompt.tokens > limit:
        raise PromptBudgetError(
            f"the prompt needs {prompt.tokens} tokens but max_total_prompt_tokens "
            f"{policy.max_total_prompt_tokens} - reserved_output_tokens "
            f"{policy.reserved_output_tokens} leaves {limit} (question "
            f"{count_tokens(question)} tokens)"
        )
    if pruned:
        metrics = dict(bundle.metrics)
        dropped = dict(metrics.get("dropped", {}))
        dropped["prompt_budget"] = dropped.get("prompt_budget", 0) + pruned
        metrics["dropped"] = dict(sorted(dropped.items()))
        bundle = bundle.model_copy(update={"metrics": metrics})
    return bundle, prompt


def _replace_chunks(bundle: AnswerBundle, chunks: list[Any]) -> AnswerBundle:
    anchors = {c.anchor for c in chunks}
    metrics = dict(bundle.metrics)
    metrics.update(
        selected_k=len(chunks),
        evidence_tokens=sum(c.token_count for c in chunks),
        trimmed_chunks=sum(c.trimmed for c in chunks),
    )
    return bundle.model_copy(
        update={
            "used_chunks": chunks,
            "citations": [c for c in bundle.citations if c.anchor in anchors],
            "metrics": metrics,
        }
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
