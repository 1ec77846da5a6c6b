"""Where the answer gate CLI's time goes on one core (issue 15: `groundgate gate answer --jsonl
FILE --workers 1` / json.loads of the same file <= 2.0).

    python bench/bench_cli_breakdown.py [--cases 10000] [--runs 3] [--compare OTHER_TREE]

Prints, for bench/corpus.py's corpus (the one bench_answer_gate.py uses):
  - json.loads of every line (the yardstick) and the CLI end to end, wall and CPU time, and the
    goal figure: CLI wall / json.loads wall;
  - the CLI's parts, measured in-process line by line with the tree's own functions: start-up
    (the CLI on an empty file, a process of its own), read (a line through the CLI's reader),
    limits (the JSON parse and the limit check), validate (the input model), gate (spec.run),
    write (the canonical verdict line); their sum is a little under the CLI's own time (the
    loop, the process's exit);
  - what the ratio would be with the gate at 20,000 cases/s on the machine of the baseline
    (0.5 s for 10,000 cases where json.loads took 0.551 s: 0.91x json.loads).
With --compare DIR (a worktree of another commit, e.g. `git worktree add /tmp/old efe07ce`) the
CLI runs alternately from each tree (A B A B, a fresh process each) and the breakdown is taken
in a process of each tree; the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# The gate at the goal (20,000 cases/s) relative to json.loads on the baseline machine.
GATE_GOAL_TO_JSON = (10_000 / 20_000) / 0.551


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_cli(tree: Path, *args: str) -> tuple[float, float]:
    """(wall, CPU) of one `groundgate gate answer` process run from `tree`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "GROUNDGATE_"))}
    env["PYTHONPATH"] = str(tree)
    cpu0, t0 = children_cpu(), time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "groundgate.cli", "gate", "answer", *args],
        cwd=tree,
        env=env,
        stdout=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - t0, children_cpu() - cpu0


def json_loads_time(corpus: Path) -> tuple[float, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    with corpus.open("rb") as fh:
        for line in fh:
            json.loads(line)
    return time.perf_counter() - t0, time.process_time() - c0


def breakdown(corpus: Path, empty: Path) -> dict[str, tuple[float, float]]:
    """The CLI's parts, (wall, CPU) each, line by line as the CLI streams them, with the
    functions of the tree this process imports: this tree parses (loads_within_size, "limits")
    and validates with the model with the limits built in ("validate"); e6591dc parsed once in
    the limit check (payload_within_limits) and validated that payload; the code before issue
    15's CLI work (efe07ce) checked the limits (check_case_json) and then validated the JSON
    text again."""
    from groundgate.cli import _open_binary
    from groundgate.engine import runner
    from groundgate.engine.canonical import canonical_bytes
    from groundgate.engine.limits import DEFAULT_LIMITS, check_case_json
    from groundgate.engine.registry import get_gate

    spec = get_gate("answer")
    policy = spec.default_policy
    model = spec.input_model
    if hasattr(runner, "checked_validator"):
        # This tree: orjson parses (with the size limit), the model with the limits built in
        # checks and builds the case; what it refuses goes the earlier way (walk + model).
        checked = runner.checked_validator(model, DEFAULT_LIMITS)

        def limits(text: bytes):
            return runner.loads_within_size(text, DEFAULT_LIMITS)

        def validate(text: bytes, parsed):
            try:
                if parsed is not None and runner.known_keys_only(model, parsed[0]):
                    return checked.validate_python(parsed[0])
            except runner.ValidationError:
                pass
            return runner.parse_case_payload(spec, text, None, DEFAULT_LIMITS)[0]
    elif hasattr(runner, "payload_within_limits"):

        def limits(text: bytes):
            return runner.payload_within_limits(text, DEFAULT_LIMITS)

        def validate(text: bytes, payload):
            return model.model_validate(payload)
    else:

        def limits(text: bytes):
            return check_case_json(text, DEFAULT_LIMITS)

        def validate(text: bytes, payload):
            return model.model_validate_json(text)

    names = ("read", "limits", "validate", "gate", "write")
    wall = dict.fromkeys(names, 0.0)
    used = dict.fromkeys(names, 0.0)
    clock, cpu = time.perf_counter, time.process_time
    with _open_binary(str(corpus)) as fh, open(os.devnull, "wb", buffering=1 << 20) as out:
        while True:
            t0, c0 = clock(), cpu()
            text = fh.readline()
            t1, c1 = clock(), cpu()
            if not text:
                break
            payload = limits(text)
            t2, c2 = clock(), cpu()
            case = validate(text, payload)
            t3, c3 = clock(), cpu()
            verdict = spec.run(case, policy)
            t4, c4 = clock(), cpu()
            out.write(canonical_bytes(verdict) + b"\n")
            t5, c5 = clock(), cpu()
            for name, w, c in zip(
                names,
                (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4),
                (c1 - c0, c2 - c1, c3 - c2, c4 - c3, c5 - c4),
                strict=True,
            ):
                wall[name] += w
                used[name] += c
    here = Path(sys.modules["groundgate"].__file__).resolve().parents[1]
    startups = [run_cli(here, "--jsonl", str(empty), "--workers", "1") for _ in range(3)]
    return {"start-up": min(startups), **{name: (wall[name], used[name]) for name in names}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--compare", type=Path, help="another tree (a git worktree) to compare")
    parser.add_argument("--breakdown-json", nargs=2, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.breakdown_json:  # the breakdown in a process importing another tree
        print(json.dumps(breakdown(*args.breakdown_json)))
        return

    sys.path.insert(0, str(HERE))
    from corpus import write_corpus

    corpus = write_corpus(HERE / "out" / f"answer-{args.cases}.jsonl", args.cases)
    empty = HERE / "out" / "empty.jsonl"
    empty.write_bytes(b"")
    trees = {"this tree": ROOT}
    if args.compare:
        trees = {f"other ({args.compare})": args.compare.resolve(), **trees}
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"corpus: {args.cases} cases, {corpus.stat().st_size / 1e6:.1f} MB")

    best: dict[str, list[tuple[float, float]]] = {name: [] for name in ["json.loads", *trees]}
    for _ in range(args.runs):  # interleaved: json.loads, tree A, tree B, json.loads, ...
        best["json.loads"].append(json_loads_time(corpus))
        for name, tree in trees.items():
            best[name].append(run_cli(tree, "--jsonl", str(corpus), "--workers", "1"))
    json_wall, json_cpu = min(best["json.loads"])
    print(f"json.loads parse only: {json_wall:.3f} s wall, {json_cpu:.3f} s CPU")

    for name, tree in trees.items():
        wall, used = min(best[name])
        command = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--breakdown-json",
            str(corpus),
            str(empty),
        ]
        env = {**os.environ, "PYTHONPATH": str(tree)}
        parts = json.loads(
            subprocess.run(command, cwd=tree, env=env, capture_output=True, check=True).stdout
        )
        print(f"\n{name}: CLI --jsonl --workers 1: {wall:.3f} s wall, {used:.3f} s CPU")
        print(f"  = {wall / json_wall:.2f}x json.loads (wall), {used / json_cpu:.2f}x (CPU)")
        print(f"  {'part':<10}{'wall s':>9}{'CPU s':>9}{'wall/json':>11}{'CPU/json':>10}")
        for part, (w, c) in parts.items():
            print(f"  {part:<10}{w:>9.3f}{c:>9.3f}{w / json_wall:>11.2f}{c / json_cpu:>10.2f}")
        gate_wall, gate_cpu = parts["gate"]
        rest_wall, rest_cpu = (wall - gate_wall) / json_wall, (used - gate_cpu) / json_cpu
        print(
            f"  everything but the gate: {rest_wall:.2f}x json.loads (wall), {rest_cpu:.2f}x "
            f"(CPU); with the gate at 20,000 cases/s: {rest_wall + GATE_GOAL_TO_JSON:.2f}x "
            f"(wall), {rest_cpu + GATE_GOAL_TO_JSON:.2f}x (CPU)"
        )
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
