"""mypy, strict, against a committed baseline that only shrinks (the paperless-ngx way).

    python .ci/mypy_baseline.py PATH...           # the check `make test` runs
    python .ci/mypy_baseline.py --write PATH...   # store today's errors as the baseline

The flags are pyproject.toml's [tool.mypy] (strict, django-stubs and djangorestframework-stubs).
An error is its file, its message and its code, without the line number (lines move with every
edit); a file may hold the same error several times. The check fails when mypy reports an error
the baseline does not hold (fix it: the baseline is not for new code), when the baseline holds an
error that no longer occurs (run --write so that it cannot come back unnoticed), and when any
error is in a module that has no baseline (groundgate/engine, groundgate/pipeline: strict-clean).
The baseline has been empty since s39 (d561): the check then fails on any mypy error, in new code
or old; the mechanism stays, and an empty baseline stays empty (an error a new stubs release finds
is fixed, not written in).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / ".mypy-baseline.txt"
# Modules that must stay free of mypy errors: no baseline entry may name them.
CLEAN = ("groundgate/engine/", "groundgate/pipeline/")
ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+(?::\d+)?: error: (?P<message>.*)$")

HEADER = """\
# mypy errors tolerated for now: `python .ci/mypy_baseline.py --write PATH...` writes this file.
# One error a line ("path: message  [code]"), without line numbers; it only ever shrinks.
# groundgate/engine and groundgate/pipeline are never here: they are strict-clean.
"""


def mypy_errors(paths: list[str]) -> tuple[Counter[str], str]:
    """The errors mypy reports for `paths` (as baseline lines) and its whole output."""
    env = dict(os.environ)
    # The django-stubs plugin loads the settings, which want a SECRET_KEY: any will do here.
    env.setdefault("SECRET_KEY", "type-checking-only-" + "x" * 40)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--no-pretty", *paths],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode not in (0, 1):
        sys.exit(f"mypy failed to run (exit {done.returncode}):\n{done.stdout}{done.stderr}")
    found: Counter[str] = Counter()
    for line in done.stdout.splitlines():
        match = ERROR.match(line)
        if match:
            found[f"{match['path']}: {match['message']}"] += 1
    return found, done.stdout


def read_baseline() -> Counter[str]:
    if not BASELINE.exists():
        return Counter()
    lines = BASELINE.read_text(encoding="utf-8").splitlines()
    return Counter(line for line in lines if line and not line.startswith("#"))


def write_baseline(found: Counter[str]) -> None:
    body = "".join(f"{error}\n" for error in sorted(found.elements()))
    BASELINE.write_text(HEADER + body, encoding="utf-8")


def main(argv: list[str]) -> int:
    write = "--write" in argv
    paths = [arg for arg in argv if arg != "--write"] or ["groundgate", "reviews"]
    found, output = mypy_errors(paths)
    unclean = sorted(e for e in found if e.startswith(CLEAN))
    if unclean:
        print("Errors in modules that must be strict-clean (no baseline):")
        print("\n".join(f"  {e}" for e in unclean))
        return 1
    if write:
        write_baseline(found)
        print(f"{BASELINE.name}: {sum(found.values())} errors")
        return 0
    baseline = read_baseline()
    new = found - baseline
    gone = baseline - found
    if new:
        print(f"{sum(new.values())} mypy errors not in {BASELINE.name} (fix them):")
        for line in output.splitlines():
            match = ERROR.match(line)
            if match and f"{match['path']}: {match['message']}" in new:
                print(f"  {line}")
    if gone:
        print(f"{sum(gone.values())} errors of {BASELINE.name} no longer occur: shrink it with")
        print(f"  python .ci/mypy_baseline.py --write {' '.join(paths)}")
        for error in sorted(gone.elements()):
            print(f"  - {error}")
    if new or gone:
        return 1
    if not baseline:
        print(f"mypy: no errors ({BASELINE.name} is empty: strict-clean everywhere)")
        return 0
    print(f"mypy: no new errors ({sum(found.values())} in the baseline, which only shrinks)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
