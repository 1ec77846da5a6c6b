"""Loaded as a pytest plugin (`-p tests.timing` in pyproject.toml): `--cpu-durations=N` lists the
N tests that cost the most CPU seconds (setup + call + teardown), this process's and that of the
child processes it waited for (servers, CLI runs, workers). On a shared machine `--durations`
gives wall time, which moves with everyone else's load; CPU seconds do not, so a before/after
comparison of the suite's cost is made with these (docs/benchmarks.md). Works under
pytest-xdist: each worker measures its tests and the figure travels to the controller in the
report's user_properties (and so into --junitxml too)."""

from __future__ import annotations

import os
import time
from collections.abc import Generator

import pytest

KEY = "cpu_s"


def _cpu() -> float:
    times = os.times()
    return time.process_time() + times.children_user + times.children_system


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("terminal reporting").addoption(
        "--cpu-durations",
        type=int,
        default=None,
        metavar="N",
        help="list the N tests that cost the most CPU seconds (0: all)",
    )


START = pytest.StashKey[float]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.config.getoption("cpu_durations") is not None:
        item.stash[START] = _cpu()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Generator:
    try:
        return (yield)
    finally:
        if START in item.stash:
            item.user_properties.append((KEY, round(_cpu() - item.stash[START], 3)))


class CpuReport:
    def __init__(self) -> None:
        self.costs: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "teardown":
            return
        for name, value in report.user_properties:
            if name == KEY:
                self.costs[report.nodeid] = float(value)

    def pytest_terminal_summary(self, terminalreporter, exitstatus, config) -> None:
        count = config.getoption("cpu_durations")
        ranked = sorted(self.costs.items(), key=lambda pair: -pair[1])
        folders: dict[str, float] = {}
        for nodeid, cost in ranked:
            folder = nodeid.split("::")[0].rsplit("/", 1)[0]
            folders[folder] = folders.get(folder, 0.0) + cost
        write = terminalreporter.write_line
        terminalreporter.section(f"CPU seconds: {sum(self.costs.values()):.1f} in all")
        for folder, cost in sorted(folders.items(), key=lambda pair: -pair[1]):
            write(f"{cost:9.2f}s  {folder}/")
        terminalreporter.section(f"the {count or 'all'} costliest tests in CPU seconds")
        for nodeid, cost in ranked[: count or None]:
            write(f"{cost:9.2f}s  {nodeid}")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("cpu_durations") is not None:
        config.pluginmanager.register(CpuReport(), "groundgate-cpu-report")
