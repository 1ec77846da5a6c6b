"""Checkouts of the answer gate in ONE process, batch by batch (A B A B ...), CPU time.

    python bench/ab_interleaved.py OLD_CHECKOUT [NEW_CHECKOUT ...] [--cases 2000] [--rounds 7]
        [--source corpus|financebench|tatqa] [--derived finding|accept] [--fresh] [--no-gc]

ab_answer_gate.py runs each checkout in a fresh process, a few seconds apart; on a loaded
machine the speed of the machine moves between those seconds by more than a small change
gains. Here every engine is imported into one process (each under its own copy of the
`groundgate` modules) and gates the same cases in alternating batches of 100, so that all see
the same machine. Figures are CPU per case (time.process_time) per round: the median and the
spread (lowest-highest) of the rounds, and each checkout's ratio to the first one, taken within
each round (the machine moves between rounds far more than within one). The corpus (seeded,
bench/corpus.py) is measured for the accepted cases (every value verbatim in an excerpt) and
the rejected ones (a value in none) apart, and the 80/20 mix as cases/s. `--source financebench`
(the 1,350 graded and gold answers of ../shared/data/financebench) or `tatqa` (the cases of
bench/tatqa_build.py, rows render) gates real cases instead, all of them in one group: their
verdicts may differ between checkouts (a change of rule), so only the corpus asserts the same
statuses. With one checkout given, the second is this tree. `--fresh` empties every engine's
text caches (functools.lru_cache, text_memo.TextMemo; not the one-entry resource loaders) before
each round: the cases are the same every round, and a cache that keeps a text from the round
before would time the second reading of a set, not the first (within a round, answers about
one filing still share its pages, as they do in use). `--no-gc` times each batch with the
cyclic garbage collector off (a full collection before it, untimed): in one process a
collection walks every engine's kept objects and is charged to the batch it falls in.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from corpus import write_corpus  # noqa: E402

DATA = ROOT.parent / "shared" / "data"

BATCH = 100


def caches(module: ModuleType) -> list[object]:
    """The text caches of the groundgate modules loaded with `module` (see --fresh)."""
    found: dict[int, object] = {}
    for name, mod in list(sys.modules.items()):
        if name != "groundgate" and not name.startswith("groundgate."):
            continue
        for value in vars(mod).values():
            if isinstance(value, type) or not callable(getattr(value, "cache_clear", None)):
                continue
            info = getattr(value, "cache_info", None)
            if info is not None and info().maxsize == 1:
                continue  # a resource loaded once (jieba, the stemmer), not a text cache
            found[id(value)] = value
    return list(found.values())


def load(checkout: Path) -> ModuleType:
    """The gate module of one checkout, with its own copy of every groundgate module."""
    for name in [n for n in sys.modules if n == "groundgate" or n.startswith("groundgate.")]:
        del sys.modules[name]
    sys.path.insert(0, str(checkout))
    try:
        module = importlib.import_module("groundgate.engine.gates.answer")
    finally:
        sys.path.remove(str(checkout))
    for name, mod in list(sys.modules.items()):
        file = getattr(mod, "__file__", None)
        if (name == "groundgate" or name.startswith("groundgate.")) and file:
            assert Path(file).is_relative_to(checkout), f"{name} from {file}, not {checkout}"
    return module


def real_cases(source: str) -> list[bytes]:
    """One JSON line per real answer-gate case (see the module docstring)."""
    if source == "financebench":
        rows = []
        for name in ("cases.jsonl", "gold_cases.jsonl"):
            with (DATA / "financebench" / name).open("rb") as handle:
                rows += [json.loads(line)["case"] for line in handle if line.strip()]
    else:
        sys.path.insert(0, str(ROOT))
        from bench.tatqa_build import build

        contexts = json.loads((DATA / "tatqa" / "tatqa_dataset_dev.json").read_bytes())
        rows = [b.case for ctx in contexts for b in build(ctx, "rows")]
    return [json.dumps(row).encode() for row in rows]


def spread(values: list[float], scale: float = 1.0, fmt: str = ".1f") -> str:
    """median [lowest-highest]."""
    m, lo, hi = statistics.median(values), min(values), max(values)
    return f"{m * scale:{fmt}} [{lo * scale:{fmt}}-{hi * scale:{fmt}}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkouts", type=Path, nargs="+", help="the first is the reference")
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--source", choices=["corpus", "financebench", "tatqa"], default="corpus")
    parser.add_argument("--derived", choices=["finding", "accept"], default="finding")
    parser.add_argument("--fresh", action="store_true", help="empty the text caches each round")
    parser.add_argument(
        "--no-gc",
        action="store_true",
        help="the cyclic garbage collector off while a batch is timed (a full collection "
        "between batches, not timed): the gates' own work, not which batch a collection of "
        "every engine's objects falls in (bench/gc_share.py)",
    )
    args = parser.parse_args()
    checkouts = [c.resolve() for c in args.checkouts]
    if len(checkouts) == 1:
        checkouts.append(ROOT)
    names = [
        c.name if [d.name for d in checkouts].count(c.name) == 1 else str(c) for c in checkouts
    ]
    if args.source == "corpus":
        corpus = write_corpus(ROOT / "bench" / "out" / f"answer-{args.cases}.jsonl", args.cases)
        lines = corpus.read_bytes().splitlines()
    else:
        lines = real_cases(args.source)
    engines = {}
    cleared: dict[str, list[object]] = {}
    for name, checkout in zip(names, checkouts, strict=True):
        module = load(checkout)
        policy = module.AnswerGatePolicy.model_validate(
            {**module.PRESETS["default"].model_dump(), "derived_numbers": args.derived}
        )
        cases = [module.AnswerCase.model_validate_json(line) for line in lines]
        statuses = [module.gate_answer(c, policy).status for c in cases]
        engines[name] = (module.gate_answer, policy, cases, statuses)
        cleared[name] = caches(module)
        print(f"{name}: gate {module.GATE_VERSION} from {module.__file__}", flush=True)
    first = names[0]
    statuses = engines[first][3]
    if args.source == "corpus":
        # The same statuses every way (the verdict digests hold the bytes).
        assert all(e[3] == statuses for e in engines.values())
        groups = {
            "accepted": [i for i, s in enumerate(statuses) if s == "ok"],
            "rejected": [i for i, s in enumerate(statuses) if s != "ok"],
        }
    else:
        for name in names[1:]:
            changed = sum(a != b for a, b in zip(statuses, engines[name][3], strict=True))
            print(f"{len(lines)} {args.source} cases; status changed {first} -> {name}: {changed}")
        groups = {"all": list(range(len(statuses)))}
    per_round: dict[tuple[str, str], list[float]] = {(n, g): [] for n in engines for g in groups}
    for _ in range(args.rounds):
        spent = {key: 0.0 for key in per_round}
        if args.fresh:
            for found in cleared.values():
                for cache in found:
                    cache.cache_clear()  # type: ignore[attr-defined]
        for group, indices in groups.items():
            for start in range(0, len(indices), BATCH):
                batch = indices[start : start + BATCH]
                for name, (gate, policy, cases, _) in engines.items():
                    chosen = [cases[i] for i in batch]
                    if args.no_gc:
                        gc.collect()
                        gc.disable()
                    t = time.process_time()
                    for case in chosen:
                        gate(case, policy)
                    spent[name, group] += time.process_time() - t
                    gc.enable()
        for key, seconds in spent.items():
            per_round[key].append(seconds / len(groups[key[1]]))
    print(
        f"{len(lines)} {args.source} cases, derived_numbers={args.derived}, {args.rounds} rounds"
        f"{' (caches emptied each round)' if args.fresh else ''}"
        f"{' (garbage collector off while timed)' if args.no_gc else ''}; "
        "CPU per case in µs, median [lowest-highest] of the rounds"
    )
    share = len(groups.get("rejected", [])) / len(statuses)
    for name in engines:
        parts = [f"{g} {spread(per_round[name, g], 1e6)} µs" for g in groups]
        if args.source == "corpus":
            mixes = [
                (1 - share) * ok + share * bad
                for ok, bad in zip(
                    per_round[name, "accepted"], per_round[name, "rejected"], strict=True
                )
            ]
        else:
            mixes = per_round[name, "all"]
        rates = [1 / m for m in mixes]
        parts.append(f"{spread(rates, 1, ',.0f')} cases/s")
        print(f"{name}: " + "; ".join(parts))
    for name in names[1:]:
        for group in groups:
            ratios = [
                b / a for a, b in zip(per_round[first, group], per_round[name, group], strict=True)
            ]
            print(f"{name}/{first} CPU per case, {group}: {spread(ratios, 1, '.3f')}")


if __name__ == "__main__":
    main()
