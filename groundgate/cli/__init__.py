"""The `groundgate` command.

`groundgate gate KIND CASE.json` and `groundgate gate KIND --jsonl FILE` run the pure engine and
need no Django settings or database; so do `groundgate gate-e ROOT` and `groundgate symbols DIR`.
Exit codes: 0 every verdict passed, 1 some did not, 2 bad input (the message names the file, the
line and the field path; never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:  # imported where used: the CLI starts fast (docs/decisions.md 156)
    from collections.abc import Callable

    from groundgate.engine.limits import CaseLimits
    from groundgate.engine.policy import GatePolicy
    from groundgate.engine.registry import GateSpec

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class CliError(Exception):
    """A user-facing problem: printed as one line, exit code 2."""


def _read_bytes(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise CliError(f"{path}: cannot read: {exc.strerror}") from None


def _case_limits() -> CaseLimits:
    """The same per-case limits as the server (GROUNDGATE_CASE_MAX_*), from the environment."""
    import os

    from groundgate.engine.limits import limits_from_environ

    try:
        return limits_from_environ(os.environ)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _tune_gc() -> None:
    """GROUNDGATE_GC for this process (and the workers it forks): groundgate/runtime_gc.py."""
    import os

    from groundgate.runtime_gc import gc_setting, tune_gc

    try:
        tune_gc(gc_setting(os.environ))
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _policy_bytes(spec: GateSpec, policy: str) -> bytes:
    """A policy file's bytes, or a named preset's ("verbatim") when no such file exists."""
    from groundgate.engine.registry import policy_presets

    presets = policy_presets(spec.kind)
    if policy in presets and not Path(policy).exists():
        return presets[policy].model_dump_json().encode()
    return _read_bytes(policy)


def _load_policy(spec: GateSpec, policy_path: str | None) -> GatePolicy:
    if policy_path is None:
        return spec.default_policy
    from pydantic import ValidationError

    from groundgate.engine.errors import one_line

    try:
        return spec.policy_model.model_validate_json(_policy_bytes(spec, policy_path))
    except ValidationError as exc:
        raise CliError(f"{policy_path}: bad policy: {one_line(exc)}") from None


def cmd_gate(args: argparse.Namespace, out: BinaryIO) -> int:
    from groundgate.engine.registry import get_gate

    try:
        spec = get_gate(args.kind)
    except KeyError as exc:
        raise CliError(str(exc.args[0])) from None
    policy = _load_policy(spec, args.policy)
    _tune_gc()
    if args.symbols is not None:
        if spec.kind != "code":
            raise CliError("--symbols is for the code gate")
        return _gate_code_with_symbols(args, spec, policy, out)

    if args.jsonl is not None and _parallel_workers(args) > 1:
        return _gate_jsonl_parallel(args, spec, out)

    if args.jsonl is not None:
        return _gate_jsonl(args, spec, policy, out)

    return _gate_one(args, spec, policy, out)


def _gate_one(
    args: argparse.Namespace,
    spec: GateSpec,
    policy: GatePolicy,
    out: BinaryIO,
    prepare: Callable[[bytes], bytes | str] | None = None,
) -> int:
    """One case from a file (or - for stdin): its verdict, or a one-line error (exit 2)."""
    from groundgate.engine.runner import gate_text

    if args.case is None:
        raise CliError("give a CASE.json file (or - for stdin), or --jsonl FILE")
    data = _read_bytes(args.case)
    outcome = gate_text(spec, prepare(data) if prepare else data, policy, None, _case_limits())
    if outcome.error is not None:
        raise CliError(f"{args.case}: {outcome.error.message}")
    out.write(outcome.to_json() + b"\n")
    return EXIT_OK if outcome.passed else EXIT_FAILED


def _gate_jsonl(
    args: argparse.Namespace,
    spec: GateSpec,
    policy: GatePolicy,
    out: BinaryIO,
    prepare: Callable[[bytes], bytes | str] | None = None,
) -> int:
    """The sequential --jsonl loop: one output line per input line, in order; `prepare` may
    rewrite each line before it is gated (the code gate's --symbols)."""
    from groundgate.engine.runner import gate_lines

    limits = _case_limits()
    stream = _open_binary(sys.stdin.fileno() if args.jsonl == "-" else args.jsonl)
    bad = failed = False
    write = out.write
    with stream:
        lines = stream if prepare is None else (prepare(line) for line in stream)
        for outcome in gate_lines(spec, lines, policy, limits):
            write(outcome.to_json())
            write(b"\n")
            if outcome.error is not None:
                bad = True
                print(f"{args.jsonl}: {outcome.error.one_line()}", file=sys.stderr)
            elif not outcome.passed:
                failed = True
    return EXIT_BAD_INPUT if bad else EXIT_FAILED if failed else EXIT_OK


def _load_symbols(path: str) -> dict[str, dict[str, Any]]:
    symbols: dict[str, dict[str, Any]] = {}
    for number, line in enumerate(_read_bytes(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise CliError(f"{path}: line {number}: not valid JSON: {exc}") from None
        if not isinstance(record, dict) or not isinstance(record.get("symbol_id"), str):
            raise CliError(f"{path}: line {number}: symbol_id: required field is missing")
        symbols[record["symbol_id"]] = record
    return symbols


def _gate_code_with_symbols(
    args: argparse.Namespace, spec: GateSpec, policy: GatePolicy, out: BinaryIO
) -> int:
    """Code cases with their symbols looked up in symbols.jsonl (see attach_symbols)."""
    from groundgate.engine.gates.code import attach_symbols

    symbols = _load_symbols(args.symbols)

    def prepared(text: bytes) -> bytes | str:
        if not text.strip():
            return text
        try:
            return json.dumps(attach_symbols(json.loads(text), symbols))
        except ValueError:
            return text  # not JSON: the runner reports it

    if args.jsonl is not None:
        return _gate_jsonl(args, spec, policy, out, prepare=prepared)
    return _gate_one(args, spec, policy, out, prepare=prepared)


def cmd_gate_e(args: argparse.Namespace, out: BinaryIO) -> int:
    from groundgate.cli.gate_e_files import GateEInputError, run_gate_e
    from groundgate.engine.gates.report import ReportGatePolicy

    try:
        policy = (
            ReportGatePolicy.model_validate_json(_read_bytes(args.policy))
            if args.policy
            else ReportGatePolicy(
                min_citation_utilization_rate=args.min_utilization,
                max_duplicate_citation_rate=args.max_duplicate,
            )
        )
    except ValueError as exc:
        raise CliError(f"bad policy: {exc}".splitlines()[0]) from None
    try:
        verdict, written = run_gate_e(Path(args.root), policy)
    except GateEInputError as exc:
        raise CliError(str(exc)) from None
    status = verdict.reports["status"]
    hard = status["hard_metrics"]
    line = (
        f"gate-e {status['status']}: uncited_numeric_claims={hard['uncited_numeric_claims']} "
        f"report_sections_present={hard['report_sections_present']} "
        f"warnings={','.join(status['warnings']) or 'none'}; wrote {len(written)} reports to "
        f"{written[0].parent}\n"
    )
    out.write(line.encode())
    return EXIT_OK if status["status"] == "pass" else EXIT_FAILED


def cmd_symbols(args: argparse.Namespace, out: BinaryIO) -> int:
    from groundgate.documents.code_symbols import extract_symbols
    from groundgate.engine.canonical import canonical_bytes

    repo = Path(args.repo_dir)
    if not repo.is_dir():
        raise CliError(f"{repo}: not a directory")
    symbols, problems = extract_symbols(repo)
    for problem in problems:
        print(f"groundgate symbols: {problem}", file=sys.stderr)
    data = b"".join(canonical_bytes(s.as_dict()) + b"\n" for s in symbols)
    if args.output == "-":
        out.write(data)
    else:
        Path(args.output).write_bytes(data)
        files = len({s.file_path for s in symbols})
        out.write(f"wrote {len(symbols)} symbols from {files} files to {args.output}\n".encode())
    return EXIT_OK


# `groundgate answer`'s first word, in the review queue's words (a refusal is "refused" there);
# --json keeps the machine status (OK, NO_EVIDENCE, FAILED).
ANSWER_WORDS = {"OK": "answered", "NO_EVIDENCE": "refused", "FAILED": "failed"}


def cmd_answer(args: argparse.Namespace, out: BinaryIO) -> int:
    """Answer a question from a dataset through the grounded pipeline (needs the database)."""
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "groundgate.settings")
    django.setup()
    from groundgate.engine.canonical import canonical_bytes
    from groundgate.models import Dataset
    from groundgate.services.answering import (
        answer_question,
        answer_retrieval_bundle,
        provider_for,
    )

    if (args.question is None) == (args.bundle is None):
        raise CliError("give exactly one of QUESTION and --bundle FILE")
    dataset = Dataset.objects.filter(slug=args.dataset).first()
    if dataset is None:
        raise CliError(f"--dataset: no dataset {args.dataset!r}")
    try:
        provider = provider_for(args.provider)
        if args.bundle is not None:
            try:
                data = Path(args.bundle).read_bytes()
            except OSError as exc:
                raise CliError(f"--bundle: {exc.strerror}: {args.bundle}") from None
            result = answer_retrieval_bundle(dataset=dataset, data=data, provider=provider)
        else:
            result = answer_question(dataset=dataset, question=args.question, provider=provider)
    except ValueError as exc:
        where = f"--bundle {args.bundle}: " if args.bundle is not None else ""
        raise CliError(f"{where}{exc}") from None
    run, public = result.run, result.run.public
    if args.json:
        out.write(canonical_bytes(result.response()) + b"\n")
    else:
        link = result.case_link()
        lines = [f"{ANSWER_WORDS.get(public.status, public.status)}: {public.answer or run.reason}"]
        for c in public.citations:
            lines.append(f"  [{c.anchor}] {c.source_reference or c.knowledge_id}")
        lines.append(f"case {link['case_id']}: {link['case_url']}")
        out.write(("\n".join(lines) + "\n").encode())
    if args.verbose:
        details = {
            "request_id": public.request_id,
            "case_id": result.case.pk,
            "reason": run.reason,
            "selected": [(c.anchor, c.chunk_id, c.similarity) for c in run.bundle.used_chunks],
            "metrics": run.bundle.metrics,
            "prompt_sha256": run.prompt.sha256 if run.prompt else None,
            "model": run.llm.model_name,
            "r5": {
                "validation_status": run.r5.validation_status,
                "failure_reason": run.r5.failure_reason,
            },
            "timings_ms": run.timings_ms,
        }
        print(json.dumps(details, ensure_ascii=False, indent=2), file=sys.stderr)
    return EXIT_OK if public.status == "OK" else EXIT_FAILED


def _parallel_workers(args: argparse.Namespace) -> int:
    """How many processes to gate a --jsonl file with: 1 for stdin and small files."""
    if args.jsonl == "-":
        return 1
    if args.workers is not None:
        workers: int = args.workers  # argparse's type=int
        return max(1, workers)
    # Only here: it imports multiprocessing, which a sequential run does not need.
    from groundgate.cli.jsonl_parallel import MIN_PARALLEL_BYTES, worker_count

    try:
        size = Path(args.jsonl).stat().st_size
    except OSError:
        return 1  # the sequential path reports the error
    return worker_count() if size >= MIN_PARALLEL_BYTES else 1


def _gate_jsonl_parallel(args: argparse.Namespace, spec: GateSpec, out: BinaryIO) -> int:
    from groundgate.cli.jsonl_parallel import _Failed, gate_file_parallel
    from groundgate.engine.runner import BadInput

    policy_json = _policy_bytes(spec, args.policy) if args.policy else None
    _case_limits()  # a bad limit is reported here, once, not by every worker
    bad = failed = False
    for part in gate_file_parallel(args.jsonl, spec.kind, policy_json, _parallel_workers(args)):
        if isinstance(part, BadInput):
            bad = True
            out.write(part.to_json() + b"\n")
            print(f"{args.jsonl}: {part.one_line()}", file=sys.stderr)
        elif isinstance(part, _Failed):
            failed = True
        else:
            out.write(part)
    return EXIT_BAD_INPUT if bad else EXIT_FAILED if failed else EXIT_OK


def _open_binary(path: str | int) -> BinaryIO:
    """A file (or stdin's descriptor) for reading lines. A large buffer: cases are often longer
    than the default 8 KB, and readline then joins several reads per line."""
    try:
        return open(path, "rb", buffering=1 << 20, closefd=not isinstance(path, int))
    except OSError as exc:
        raise CliError(f"{path}: cannot read: {exc.strerror}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="groundgate", description="Audit whether LLM answers are grounded in their evidence."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    gate = sub.add_parser("gate", help="gate cases with a deterministic gate (no database needed)")
    gate.add_argument("kind", help="gate family, e.g. answer")
    gate.add_argument("case", nargs="?", help="one case as a JSON file, or - for stdin")
    gate.add_argument("--jsonl", metavar="FILE", help="one case per line; - for stdin")
    gate.add_argument(
        "--policy",
        metavar="FILE|NAME",
        help="a JSON policy overriding the default, or a named one (answer: verbatim)",
    )
    gate.add_argument(
        "--symbols", metavar="FILE", help="code gate: symbols.jsonl to look the refs up in"
    )
    gate.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes for --jsonl FILE (default: all cores for files over 8 MB; 1: sequential)",
    )
    gate.set_defaults(handler=cmd_gate)

    gate_e = sub.add_parser(
        "gate-e", help="Gate E reports for ROOT/synthesis/final-synthesis.md + citations"
    )
    gate_e.add_argument("root", help="the artifacts root (reports go to ROOT/reports/)")
    gate_e.add_argument("--policy", metavar="FILE", help="a JSON Gate E policy")
    gate_e.add_argument(
        "--min-utilization",
        type=float,
        default=0.5,
        help="soft threshold for citation_utilization_rate (default 0.5)",
    )
    gate_e.add_argument(
        "--max-duplicate",
        type=float,
        default=0.5,
        help="soft threshold for duplicate_citation_rate (default 0.5)",
    )
    gate_e.set_defaults(handler=cmd_gate_e)

    answer = sub.add_parser("answer", help="answer a question from a dataset (grounded pipeline)")
    answer.add_argument("question", nargs="?")
    answer.add_argument(
        "--bundle",
        metavar="FILE",
        help="an R2 retrieval bundle (JSON) from your own retriever, instead of QUESTION",
    )
    answer.add_argument("--dataset", required=True)
    answer.add_argument("--provider", choices=["extractive", "openai"])
    answer.add_argument("--json", action="store_true", help="print the public response as JSON")
    answer.add_argument("--verbose", action="store_true", help="stage details on stderr")
    answer.set_defaults(handler=cmd_answer)

    symbols = sub.add_parser("symbols", help="extract code symbols (Python, Java) to JSONL")
    symbols.add_argument("repo_dir")
    symbols.add_argument("-o", "--output", default="symbols.jsonl", help="file, or - for stdout")
    symbols.set_defaults(handler=cmd_symbols)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    # Verdicts are canonical UTF-8 bytes: write them as bytes, through one large buffer.
    out = open(sys.stdout.fileno(), "wb", buffering=1 << 20, closefd=False)
    try:
        code: int = args.handler(args, out)  # each subcommand's handler answers an exit code
        return code
    except CliError as exc:
        print(f"groundgate: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    finally:
        try:
            out.flush()
        except BrokenPipeError:
            pass
