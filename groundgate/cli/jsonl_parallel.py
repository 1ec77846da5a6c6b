"""Gate a large JSONL file on every core, with output identical to the sequential run.

The file is cut into blocks at line boundaries; forked workers each read and gate one block and
return the verdict bytes, so the parent only writes. Pool.imap keeps the blocks in order. Bad lines
come back with their line number inside the block; the parent makes it absolute.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from groundgate.engine.limits import limits_from_environ
from groundgate.engine.registry import get_gate
from groundgate.engine.runner import BadInput, gate_text

# Block size; the environment variable exists so tests can force many small blocks.
BLOCK_BYTES = int(os.environ.get("GROUNDGATE_JSONL_BLOCK_BYTES", 4 << 20))
# Below this size a pool costs more than it saves.
MIN_PARALLEL_BYTES = 8 << 20


@dataclass(frozen=True)
class BlockResult:
    # Output in order: bytes of verdict lines, or a BadInput for a bad line (line is in-block).
    parts: list[bytes | BadInput]
    lines: int
    failed: bool


_state: dict[str, Any] = {}  # a worker process's path, spec, policy and limits (_init)


def _init(path: str, kind: str, policy_json: bytes | None) -> None:
    spec = get_gate(kind)
    policy = (
        spec.policy_model.model_validate_json(policy_json) if policy_json else spec.default_policy
    )
    # The parent has checked these variables before forking.
    _state.update(path=path, spec=spec, policy=policy, limits=limits_from_environ(os.environ))


def _gate_block(bounds: tuple[int, int]) -> BlockResult:
    start, end = bounds
    with open(_state["path"], "rb") as fh:
        fh.seek(start)
        data = fh.read(end - start)
    spec, policy = _state["spec"], _state["policy"]
    parts: list[bytes | BadInput] = []
    run: list[bytes] = []
    number = 0
    failed = False
    for number, text in enumerate(_lines(data), start=1):
        if text.isspace():  # blank, as in runner.gate_lines
            continue
        outcome = gate_text(spec, text, policy, number, _state["limits"])
        if outcome.error is not None:
            if run:
                parts.append(b"".join(run))
                run = []
            parts.append(outcome.error)
        else:
            run.append(outcome.to_json() + b"\n")
            failed = failed or not outcome.passed
    if run:
        parts.append(b"".join(run))
    return BlockResult(parts, number, failed)


def _lines(data: bytes) -> Iterator[bytes]:
    """The lines of a block as the sequential run reads them (readline): each with its "\n",
    so that a case's size in bytes and a JSON error's position are the same either way."""
    start, size = 0, len(data)
    while start < size:
        end = data.find(b"\n", start) + 1 or size
        yield data[start:end]
        start = end


def block_bounds(path: str, size: int, block_bytes: int = BLOCK_BYTES) -> list[tuple[int, int]]:
    """[start, end) byte ranges that each end just after a newline (or at the end of file)."""
    bounds = []
    with open(path, "rb") as fh:
        start = 0
        while start < size:
            end = min(start + block_bytes, size)
            if end < size:
                fh.seek(end)
                tail = fh.readline()  # finish the line we landed in
                end += len(tail)
            bounds.append((start, end))
            start = end
    return bounds


def worker_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def gate_file_parallel(
    path: str, kind: str, policy_json: bytes | None, workers: int
) -> Iterator[bytes | BadInput]:
    """Yield verdict bytes and BadInputs (with absolute line numbers) in file order."""
    size = os.path.getsize(path)
    context = multiprocessing.get_context("fork")
    with context.Pool(workers, initializer=_init, initargs=(path, kind, policy_json)) as pool:
        offset = 0
        for result in pool.imap(_gate_block, block_bounds(path, size)):
            for part in result.parts:
                if isinstance(part, BadInput):
                    line = None if part.line is None else part.line + offset
                    yield BadInput(line, part.message, part.fields)
                else:
                    yield part
            if result.failed:
                yield _FAILED
            offset += result.lines


class _Failed(bytes):
    """Marker in the output stream: some verdict in the block did not pass."""


_FAILED = _Failed()
