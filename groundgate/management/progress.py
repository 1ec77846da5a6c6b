"""A progress bar for management commands: tqdm on stderr, quiet when stderr is not a terminal."""

from __future__ import annotations

import sys

from tqdm import tqdm


def progress_bar(*, total: int | None, unit: str, desc: str) -> tqdm:
    return tqdm(
        total=total,
        unit=unit,
        unit_scale=True,
        desc=desc,
        file=sys.stderr,
        disable=None,  # None: only on a TTY, so logs and tests stay clean
        leave=False,
    )
