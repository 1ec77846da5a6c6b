"""R4: LLM execution, a thin wrapper over the frozen prompt bytes.

Fixed model, temperature 0, fixed output cap; retries only on timeouts, 429 and 5xx, each with
the identical prompt and parameters; no fallback model. Records the response id, latency and
token usage. The offline ExtractiveProvider is the default: it reads the same prompt bytes and
answers by quoting the evidence sentences that best match the question, with their anchors.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Literal, Protocol

from groundgate.engine.sentences import split_sentences
from groundgate.engine.words import content_words, stem, stemmed_words
from groundgate.pipeline.answerability import found_across
from groundgate.pipeline.prompt import Prompt, parse_prompt
from groundgate.pipeline.tokens import count_tokens

GenerationStatus = Literal["OK", "FAILED", "NO_EVIDENCE"]


@dataclass(frozen=True)
class LLMResult:
    generation_status: GenerationStatus
    raw_model_text: str
    model_name: str
    prompt_sha256: str
    response_id: str | None
    llm_latency_ms: float
    prompt_tokens_actual: int | None
    completion_tokens_actual: int | None
    total_tokens_actual: int | None
    attempts: int = 1
    error: str = ""


class Provider(Protocol):
    name: str

    def generate(self, prompt: Prompt, *, refusal: str) -> LLMResult: ...


class ExtractiveProvider:
    """Deterministic and offline: quote, per evidence item, the sentence sharing the most content
    words with the question (ties: the earlier sentence), at most `max_sentences` in anchor
    order; the exact refusal when nothing matches.

    extractive-v2 (policy answer-assembly/2026-11.4): a Chinese word of the question also
    counts where a sentence holds it inside a longer word (罚 in 罚款): jieba cuts a question
    and a document into different compounds. v1 counted whole words only.

    extractive-v3 (policy answer-assembly/2026-11.6): a question word said in the other
    language in a sentence counts too (轴承 in "bearing", by the dictionary answerability-v2
    uses: pipeline/crosslingual.py), so a Chinese question on an English manual gets a quote
    rather than the refusal.

    extractive-v4 (policy answer-assembly/2026-11.7, d377): a heading is not an answer - a
    sentence that is a section heading ("Section 2.1 Inspection intervals.") is never quoted; and
    words count by their stem ("inspection" for "inspected"), as answerability finds them."""

    name = "extractive"

    def __init__(self, model: str = "extractive-v4", max_sentences: int = 3):
        self.model = model
        self.max_sentences = max_sentences

    def generate(self, prompt: Prompt, *, refusal: str) -> LLMResult:
        started = time.perf_counter()
        items, question = parse_prompt(prompt.text)
        wanted = content_words(question)
        cjk = [w for w in wanted if _CJK_WORD.fullmatch(w)]
        across = self.model != "extractive-v2"
        v4 = self.model not in ("extractive-v2", "extractive-v3")
        picks = []
        for order, (anchor, text) in enumerate(items):
            best, best_score = None, 0
            for sentence in split_sentences(text):
                if v4 and is_heading(sentence.text):
                    continue
                words = content_words(sentence.text)
                if v4:  # a question word counts by its stem too: "inspected" for "inspection"
                    said = stemmed_words(sentence.text)
                    words = words | {w for w in wanted if stem(w) in said}
                inside = [w for w in cjk if w not in words and w in sentence.text]
                score = len(wanted & words) + len(inside)
                if across:
                    rest = sorted(wanted - words - set(inside))
                    score += sum(1 for w in rest if found_across(w, sentence.text))
                if score > best_score:
                    best, best_score = sentence.text, score
            if best is not None:
                picks.append((-best_score, order, anchor, best))
        picks = sorted(sorted(picks)[: self.max_sentences], key=lambda p: p[1])
        if not picks:
            text = refusal
        else:
            text = " ".join(_with_anchor(sentence, anchor) for _, _, anchor, sentence in picks)
        completion = count_tokens(text)
        return LLMResult(
            "OK",
            text,
            self.model,
            prompt.sha256,
            None,
            round((time.perf_counter() - started) * 1000, 3),
            prompt.tokens,
            completion,
            prompt.tokens + completion,
        )


_CJK_WORD = re.compile(r"[\u3400-\u9fff]+")
# A section marker: "Section 2.1", "Chapter IV", "§ 3", a leading "2.1 ", 第二章.
_SECTION = re.compile(
    r"\b(?:section|chapter|part|appendix|annex)\s+[\dIVX]+(?:\.\d+)*\b|§\s*\d+(?:\.\d+)*|"
    r"^\s*\d+(?:\.\d+)+\s|第[一二三四五六七八九十百\d]+[章节条]",
    re.I,
)
_HEADING_WORD = re.compile(r"[A-Za-z]+|[\u3400-\u9fff]{1,2}")


def is_heading(sentence: str) -> bool:
    """A section heading rather than a statement: it carries a section marker and, without
    its markers, is at most 10 words holding no number ("Section 2.1 Inspection intervals.",
    "Manual - Section 2 Section 2.1 Inspection intervals", "第二章 检查周期")."""
    if not _SECTION.search(sentence):
        return False
    rest = _SECTION.sub(" ", sentence)
    return not re.search(r"\d", rest) and len(_HEADING_WORD.findall(rest)) <= 10


def _with_anchor(sentence: str, anchor: str) -> str:
    sentence = sentence.strip()
    end = len(sentence)
    while end and sentence[end - 1] in ".。!！?？":
        end -= 1
    tail = sentence[end:] or "."
    return f"{sentence[:end]} [{anchor}]{tail}"


class OpenAIProvider:
    """Any OpenAI-compatible endpoint through the official SDK's Responses API."""

    name = "openai"

    def __init__(
        self,
        *,
        base_url: str,
        api_key: str,
        model: str,
        timeout: float = 30.0,
        max_output_tokens: int = 400,
        max_retries: int = 2,
        backoff: float = 0.5,
    ):
        import openai

        self._openai = openai
        # The SDK's own retries are off: ours retry only what the contract allows.
        self.client = openai.OpenAI(
            base_url=base_url, api_key=api_key, timeout=timeout, max_retries=0
        )
        self.model = model
        self.max_output_tokens = max_output_tokens
        self.max_retries = max_retries
        self.backoff = backoff

    def _transient(self, exc: Exception) -> bool:
        o = self._openai
        if isinstance(exc, (o.APITimeoutError, o.RateLimitError)):
            return True
        return isinstance(exc, o.APIStatusError) and exc.status_code >= 500

    def generate(self, prompt: Prompt, *, refusal: str) -> LLMResult:
        started = time.perf_counter()
        attempts = 0
        while True:
            attempts += 1
            try:
                response = self.client.responses.create(
                    model=self.model,
                    input=prompt.text,
                    temperature=0.0,
                    max_output_tokens=self.max_output_tokens,
                )
                break
            except Exception as exc:
                if (
                    isinstance(exc, self._openai.OpenAIError)
                    and self._transient(exc)
                    and attempts <= self.max_retries
                ):
                    time.sleep(self.backoff * 2 ** (attempts - 1))
                    continue
                latency = round((time.perf_counter() - started) * 1000, 3)
                return LLMResult(
                    "FAILED",
                    "",
                    self.model,
                    prompt.sha256,
                    None,
                    latency,
                    None,
                    None,
                    None,
                    attempts,
                    f"{type(exc).__name__}: {exc}",
                )
        usage = getattr(response, "usage", None)
        latency = round((time.perf_counter() - started) * 1000, 3)
        return LLMResult(
            "OK",
            response.output_text or "",
            self.model,
            prompt.sha256,
            response.id,
            latency,
            getattr(usage, "input_tokens", None),
            getattr(usage, "output_tokens", None),
            getattr(usage, "total_tokens", None),
            attempts,
        )
